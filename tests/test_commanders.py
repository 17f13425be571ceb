"""Commander rules on their own (pyengine.commanders): who may lead a deck, which two may lead it
together, and where a list keeps its commander. The deck check's findings built on them are in
tests/test_legality.py."""

from __future__ import annotations

from pyengine import commanders, legality
from pyengine.cards import CardDB, CardFacts
from pyengine.commanders import (
    can_be_commander,
    find_commanders,
    is_background,
    pair_problem,
)
from pyengine.decklist import Decklist


def card(name: str, type_line: str, *tags: str, pt: str = "") -> CardFacts:
    power, _, toughness = pt.partition("/")
    return CardFacts(name=name, type_line=type_line, tags=tuple(tags),
                     power_text=power, toughness_text=toughness)


CREATURE = "Legendary Creature — Human"
BACKGROUND = "Legendary Enchantment — Background"


def test_who_may_be_a_commander():
    """tc-1-1: a legendary creature, a legendary Vehicle with power and toughness, or a card
    that says so; a Background alone, a nonlegendary card or an unknown card may not."""
    assert can_be_commander(card("A", CREATURE))
    assert can_be_commander(card("V", "Legendary Artifact — Vehicle", pt="5/5"))
    assert not can_be_commander(card("M", "Legendary Artifact"))
    assert can_be_commander(card("T", "Legendary Planeswalker — Teferi", "can_be_commander"))
    assert not can_be_commander(card("B", BACKGROUND))
    assert is_background(card("B", BACKGROUND))
    assert not can_be_commander(card("G", "Creature — Goblin"))
    assert not can_be_commander(None)


def test_pairs():
    """tc-1-1: two commanders only as Partner (both), Partner with each other, the same
    Partner group, Friends forever (both), Choose a Background with a Background, or Doctor's
    companion with a Time Lord Doctor."""
    partner = card("P", CREATURE, "partner")
    assert pair_problem(partner, card("Q", CREATURE, "partner")) == ""
    assert pair_problem(card("Pir", CREATURE, "partner_with=Toothy"),
                        card("Toothy", CREATURE, "partner_with=Pir")) == ""
    assert "not partners" in pair_problem(card("Pir", CREATURE, "partner_with=Toothy"), partner)
    assert pair_problem(card("S1", CREATURE, "partner_group=Survivors"),
                        card("S2", CREATURE, "partner_group=Survivors")) == ""
    assert pair_problem(card("F1", CREATURE, "friends_forever"),
                        card("F2", CREATURE, "friends_forever")) == ""
    assert pair_problem(card("K", CREATURE, "choose_a_background"), card("B", BACKGROUND)) == ""
    assert pair_problem(card("C", CREATURE, "doctors_companion"),
                        card("D", "Legendary Creature — Time Lord Doctor")) == ""
    lone = pair_problem(partner, card("M", CREATURE), "Partnered", "Meren")
    assert lone.startswith("Partnered and Meren cannot be commanders together")


def test_where_the_commander_is_found():
    """tc-1-1: the player's choice first, then the list's marks, then the sideboard
    convention, then a proposal from the card data."""
    db = CardDB([card("Meren", CREATURE), card("Tymna", CREATURE)])
    marked = find_commanders(Decklist.from_text("Commander\n1 Meren\nDeck\n99 Swamp\n"), db)
    assert marked.source == "marked" and [e.name for e in marked.commanders] == ["Meren"]
    chosen = find_commanders(Decklist.from_text("1 Meren\n1 Tymna\n98 Swamp\n"), db, ["Tymna"])
    assert chosen.source == "chosen" and [e.name for e in chosen.commanders] == ["Tymna"]
    assert sum(e.count for e in chosen.library) == 99
    side = find_commanders(Decklist.from_text("99 Swamp\n\nSideboard\n1 Meren\n"), db)
    assert side.source == "sideboard"
    assumed = find_commanders(Decklist.from_text("1 Meren\n99 Swamp\n"), db)
    assert assumed.source == "assumed" and [e.name for e in assumed.commanders] == ["Meren"]
    assert find_commanders(Decklist.from_text("1 Meren\n99 Swamp\n")).source == "none"


def test_the_checker_still_offers_the_commander_rules():
    """tc-1-1: code written against pyengine.legality still finds the commander rules there."""
    for name in commanders.__all__:
        assert getattr(legality, name) is getattr(commanders, name)
