"""Commander rules shared by the deck check, the Team Commander table and the shuffler: which
card may be a commander, which two may be commanders together (Partner, Partner with, Partner—
group, Friends forever, Choose a Background, Doctor's companion), the pairing tags read from
Oracle text, and finding the commander(s) of a decklist (marked, chosen, in the sideboard or
proposed from the card data). Pure: no I/O, nothing random.

The deck check (:mod:`pyengine.legality`) applies these to a list and reports findings; it
re-exports the names here for code written against it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .cards import CardDB, CardFacts
from .decklist import Decklist, Entry
from .names import normalize

__all__ = ["PAIRING_TAGS", "CommanderReading", "can_be_commander", "commander_tags",
           "find_commanders", "is_background", "pair_problem"]

_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER_GROUP = re.compile(r"^Partner\s*[—–-]\s*([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER = re.compile(r"^Partner\s*(?:\(|$)", re.MULTILINE)
PAIRING_TAGS = ("partner", "partner_with", "partner_group", "friends_forever",
                 "choose_a_background", "doctors_companion", "doctor's_companion", "companion",
                 "can_be_commander", "ante")


def commander_tags(oracle_text: str) -> tuple[str, ...]:
    """The checker's tags read from a card's Oracle text (front face)."""
    tags: list[str] = []
    text = oracle_text.replace("\u2019", "'")
    lowered = text.casefold()
    if "can be your commander" in lowered:
        tags.append("can_be_commander")
    with_match = _PARTNER_WITH.search(text)
    if with_match:
        tags.append("partner_with=" + with_match.group(1).strip())
    group = _PARTNER_GROUP.search(text)
    if group and not group.group(1).casefold().startswith("with "):
        tags.append("partner_group=" + group.group(1).strip())
    if _PARTNER.search(text):
        tags.append("partner")
    if re.search(r"^Friends forever", text, re.MULTILINE):
        tags.append("friends_forever")
    if re.search(r"^Choose a Background", text, re.MULTILINE | re.IGNORECASE):
        tags.append("choose_a_background")
    if re.search(r"^Doctor's companion", text, re.MULTILINE):
        tags.append("doctors_companion")
    if re.search(r"^Companion\s*[—–-]", text, re.MULTILINE):
        tags.append("companion")
    if re.search(r"\bante\b", lowered):
        tags.append("ante")
    return tuple(tags)


def can_be_commander(facts: CardFacts | None) -> bool:
    """True if the card may be a commander on its own: a legendary creature, a legendary
    Vehicle or Spacecraft with power and toughness (since Edge of Eternities, 2025), or a card
    that says it can be your commander. A Background needs a Choose a Background partner."""
    if facts is None:
        return False
    if facts.has_tag("can_be_commander"):
        return True
    if facts.is_legendary and facts.is_creature:
        return True
    return bool(facts.is_legendary and facts.power_text and facts.toughness_text and any(
        kind in facts.subtypes for kind in ("Vehicle", "Spacecraft")))


def is_background(facts: CardFacts) -> bool:
    """A Background: a legendary enchantment that pairs with a Choose a Background commander."""
    return facts.is_legendary and "Enchantment" in facts.types and "Background" in facts.subtypes


def pair_problem(a: CardFacts, b: CardFacts, first: str = "", second: str = "") -> str:
    """Why ``a`` and ``b`` cannot be commanders together, or ``""`` if they can."""
    first = first or a.name
    second = second or b.name

    def partner_with(x: CardFacts, y: CardFacts) -> bool:
        value = x.tag_value("partner_with")
        return bool(value) and normalize(value) in (normalize(y.name), normalize(y.front_name))

    if partner_with(a, b) and partner_with(b, a):
        return ""
    if a.tag_value("partner_with") is not None or b.tag_value("partner_with") is not None:
        if a.has_tag("partner") and b.has_tag("partner"):
            return ""
        return (f"{first} and {second} are not partners: a card with 'Partner with' pairs only "
                "with the card it names")
    if a.tag_value("partner") == "" and b.tag_value("partner") == "":
        return ""
    ga, gb = a.tag_value("partner_group"), b.tag_value("partner_group")
    if ga and gb and normalize(ga) == normalize(gb):
        return ""
    if a.has_tag("friends_forever") and b.has_tag("friends_forever"):
        return ""
    for x, y in ((a, b), (b, a)):
        if x.has_tag("choose_a_background") and is_background(y):
            return ""
        if x.has_tag("doctors_companion") and y.is_creature \
                and "Time" in y.subtypes and "Doctor" in y.subtypes:
            return ""
    return (f"{first} and {second} cannot be commanders together: two commanders need Partner "
            "(both), Partner with each other, Friends forever (both), Choose a Background with "
            "a Background, or Doctor's companion with a Time Lord Doctor")


@dataclass
class CommanderReading:
    """How the commander of a list was found (:func:`find_commanders`)."""

    commanders: list[Entry]
    """The commander entries (section ``commander``), as written in the list."""
    library: list[Entry]
    """The deck without them: the cards that go into the library."""
    source: str
    """``marked`` (a Commander section, ``[Commander]``, ``*CMDR*``, a Forge or Arena
    section), ``chosen`` (the player named it), ``sideboard`` (MTGO, XMage and Cockatrice put
    it there), ``assumed`` (proposed from the card data and the list's layout) or ``none``."""
    reason: str = ""
    """For ``assumed`` and ``sideboard``: why, in plain words."""
    proposals: list[list[str]] = field(default_factory=list)
    """Likely commanders (one or two names each), best first."""


def take(entries: list[Entry], chosen: list[Entry]) -> list[Entry]:
    """``entries`` less one copy of each chosen entry."""
    out: list[Entry] = []
    remaining = {id(e) for e in chosen}
    for entry in entries:
        if id(entry) in remaining:
            remaining.discard(id(entry))
            if entry.count > 1:
                out.append(replace(entry, count=entry.count - 1))
            continue
        out.append(entry)
    return out


def find_commanders(deck: Decklist, cards: CardDB | None = None,
                    chosen: Iterable[str] = ()) -> CommanderReading:
    """Find the commander(s) of ``deck``: the player's choice (``chosen`` names), else the
    list's marks, else one or two sideboard cards (MTGO, XMage, Cockatrice), else a proposal
    from the card data and the usual conventions (a lone block of one or two legendaries set
    apart by a blank line, a legendary on the first line, the one legendary whose colour
    identity covers every card). ``cards`` may be ``None``: then only marks, a choice and the
    sideboard convention are used. Pure; used by the checker, the Team Commander table and the
    shuffler."""
    library = deck.deck_entries()
    chosen_keys = [normalize(n) for n in chosen if isinstance(n, str) and n.strip()]
    if chosen_keys:
        picked: list[Entry] = []
        for key in chosen_keys:
            for entry in deck.entries:
                if entry.section in ("maybeboard",) or entry in picked:
                    continue
                facts = cards.get(entry.name) if cards is not None else None
                if normalize(entry.name) == key or (
                        facts is not None and normalize(facts.name) == key):
                    picked.append(entry)
                    break
        if picked:
            in_library = [e for e in picked if e.section not in ("commander", "sideboard")]
            return CommanderReading(
                [replace(e, count=1, section="commander") for e in picked],
                take(library, in_library), "chosen", "you chose it")
    marked = deck.section("commander")
    if marked:
        return CommanderReading(list(marked), library, "marked")
    sideboard = deck.section("sideboard")
    if sideboard and sum(e.count for e in sideboard) <= 2 and (cards is None or all(
            cards.get(e.name) is None or can_be_commander(cards.get(e.name))
            or is_background(cards[e.name]) for e in sideboard)):
        return CommanderReading([replace(e, section="commander") for e in sideboard], library,
                                "sideboard", "MTGO, XMage and Cockatrice lists keep the "
                                "commander in the sideboard")
    if cards is None:
        return CommanderReading([], library, "none")
    return _propose(deck, library, cards)


def _propose(deck: Decklist, library: list[Entry], cards: CardDB) -> CommanderReading:
    possible = [e for e in library if e.count == 1 and can_be_commander(cards.get(e.name))]
    backgrounds = [e for e in library if e.count == 1 and cards.get(e.name) is not None
                   and is_background(cards[e.name])]
    if not possible:
        return CommanderReading([], library, "none")
    ordered = sorted(library, key=lambda e: e.line)
    deck_identity = {ch for e in library if (f := cards.get(e.name)) is not None
                     for ch in f.color_identity}

    def identity(entries: list[Entry]) -> set[str]:
        return {ch for e in entries for ch in cards[e.name].color_identity}

    def pair_ok(a: Entry, b: Entry) -> bool:
        return not pair_problem(cards[a.name], cards[b.name])

    proposals: list[tuple[list[Entry], str]] = []
    # a block of one or two legendaries set apart by blank lines, first or last
    blanks = deck.blank_lines
    if blanks and ordered:
        first_blank = next((b for b in blanks if b > ordered[0].line), None)
        last_blank = max((b for b in blanks if b < ordered[-1].line), default=None)
        for block, where in (
            ([e for e in ordered if first_blank is not None and e.line < first_blank], "first"),
            ([e for e in ordered if last_blank is not None and e.line > last_blank], "last"),
        ):
            if 1 <= len(block) <= 2 and len(block) < len(ordered) and all(
                    e in possible or (e in backgrounds and len(block) == 2) for e in block) \
                    and (len(block) == 1 or pair_ok(block[0], block[1])):
                proposals.append((block, f"the {where} block of the list, set apart by a blank "
                                  "line, is where deck sites put the commander"))
    # a legendary on the first line (with its partner on the second)
    if ordered and ordered[0] in possible:
        first = [ordered[0]]
        if len(ordered) > 1 and (ordered[1] in possible or ordered[1] in backgrounds) \
                and pair_ok(ordered[0], ordered[1]):
            first.append(ordered[1])
        proposals.append((first, "the first line is a card that can be a commander, and deck "
                          "sites export the commander first"))
    # the legendaries whose identity covers the whole deck
    covering = [e for e in possible if identity([e]) >= deck_identity]
    for entry in covering:
        proposals.append(([entry], "its colour identity covers every card of the deck"))
    for entry in possible:
        proposals.append(([entry], "it can be a commander"))
    seen: set[tuple[str, ...]] = set()
    unique: list[tuple[list[Entry], str]] = []
    for entries, why in proposals:
        key = tuple(sorted(normalize(e.name) for e in entries))
        if key not in seen:
            seen.add(key)
            unique.append((entries, why))
    # the best proposal: one whose identity covers the deck, in the order above
    best = next(((e, w) for e, w in unique if identity(e) >= deck_identity), unique[0])
    names = [[e.name for e in entries] for entries, _ in unique][:8]
    commanders, why = best
    return CommanderReading([replace(e, section="commander") for e in commanders],
                            take(library, commanders), "assumed", why, names)
