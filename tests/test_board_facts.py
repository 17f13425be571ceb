"""pyengine/board_facts.py: what a side's board adds up to from the card data's tags alone:
honest attack totals (printed power, counters, lords and anthems; what cannot be counted is
named) and trigger reminders in plain words. The runners' attack line (board.attack_text) says
the total as the page shows it."""

from __future__ import annotations

from pyengine import board_facts, files
from pyengine.horde_common import facts_entry
from pyengine.widgets import board

DB = files.load_card_db()


def facts(name):
    card = DB.get(name)
    return facts_entry(card) if card is not None else None


def test_attack_total_counts_lords():
    """sw-9-2, hs-4-1: Undead Warchief gives every Zombie (itself too) +2 power; Diregraf
    Captain gives the other Zombies +1: both are counted, so the total is honest."""
    attackers = [(1, "Zombie", 0), (2, "Undead Warchief", 0), (3, "Diregraf Captain", 1)]
    on_board = [(1, "Zombie"), (2, "Undead Warchief"), (3, "Diregraf Captain")]
    total, missing = board_facts.attack_summary(attackers, on_board, facts)
    # printed 2 + 1 + 2, a counter +1, Warchief +2 x3, Captain +1 x2
    assert (total, missing) == (2 + 1 + 2 + 1 + 6 + 2, [])
    assert board.attack_text(3, total, missing) == (
        "Attacking the Survivors: 3 creatures, 14 power (counters and lords counted).")


def test_attack_total_says_what_it_cannot_count():
    """A */* creature and an anthem the tags cannot size are named: "at least N — not
    counted: Soulless One (*/*), Bad Moon (anthem)"."""
    attackers = [(1, "Zombie", 0), (2, "Soulless One", 0)]
    on_board = [(1, "Zombie"), (2, "Soulless One"), (3, "Bad Moon")]
    total, missing = board_facts.attack_summary(attackers, on_board, facts)
    assert (total, missing) == (2, ["Bad Moon (anthem)", "Soulless One (*/*)"])
    assert board.attack_text(2, total, missing) == (
        "Attacking the Survivors: 2 creatures, at least 2 power — not counted: "
        "Bad Moon (anthem), Soulless One (*/*).")


def test_attacking_anthem_counts():
    """Goblin Oriflamme: attacking creatures get +1/+0."""
    attackers = [(1, "Goblin", 0), (2, "Goblin", 0)]
    total, missing = board_facts.attack_summary(attackers, [(9, "Goblin Oriflamme")], facts)
    assert missing == [] and total == 2 * (int(facts("Goblin")["power"]) + 1)


def test_trigger_reminders_in_plain_words():
    """The revealed cards' tagged triggers (enters, attacks, upkeep, tokens), each card once."""
    lines = board_facts.trigger_reminders(["Cackling Fiend", "Zombie", "Cackling Fiend",
                                     "Hollow Dogs", "Forsaken Wastes", "Abundant Maw",
                                     "Grave Titan"], facts)
    assert lines == [
        "Cackling Fiend — When it enters: each opponent discards 1 card.",
        "Hollow Dogs — Whenever it attacks: it gets +2/+0 until end of turn.",
        "Forsaken Wastes — At the beginning of each upkeep: that player loses 1 life.",
        "Abundant Maw — When it is cast: target opponent loses 3 life and you gain 3 life.",
        "Grave Titan — When it enters: create 2 Zombie tokens. Whenever it attacks: create 2 "
        "Zombie tokens.",
    ]


def test_a_colour_anthem_counts_for_attackers_of_that_colour():
    """hs-4-3: an anthem the data tags by colour (Bad Moon: all black creatures +1/+1) adds
    its bonus to each attacker whose mana cost shows the colour; a token without a cost is
    not guessed, and the anthem is named as not counted for it."""
    facts = {"Bad Moon": {"mana_cost": "{1}{B}", "tags": ["anthem=all_black_creatures+1/+1"]},
             "Ghoul": {"mana_cost": "{2}{B}", "power": "2", "type_line": "Creature — Zombie"},
             "Goblin": {"mana_cost": "{R}", "power": "1", "type_line": "Creature — Goblin"},
             "Zombie": {"mana_cost": "", "power": "2",
                        "type_line": "Token Creature — Zombie"}}.get
    field = [(1, "Bad Moon"), (2, "Ghoul"), (3, "Goblin")]
    total, missing = board_facts.attack_summary([(2, "Ghoul", 0), (3, "Goblin", 0)], field, facts)
    assert (total, missing) == (4, [])
    total, missing = board_facts.attack_summary([(2, "Ghoul", 0), (4, "Zombie", 0)],
                                          field + [(4, "Zombie")], facts)
    assert total == 5 and missing == ["Bad Moon (anthem)"]
