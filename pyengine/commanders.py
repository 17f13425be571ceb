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
from operator import attrgetter

from .cards import CardDB, CardFacts
from .decklist import Decklist, Entry, Grouped
from .names import normalize

__all__ = ["PAIRING_TAGS", "CommanderReading", "can_be_commander", "commander_tags",
           "companion_rule", "find_commanders", "find_commanders_only", "is_background",
           "pair_problem"]

# The name runs to the reminder's "(" or the end of the line; its trailing spaces are taken
# off in Python (a lazy name followed by \s* re-read the spaces after every character: 150,000
# spaces took a minute). Spaces within the line only ([^\S\n]), never across lines.
_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+)", re.MULTILINE)
_PARTNER_GROUP = re.compile(r"^Partner[^\S\n]*[—–-][^\S\n]*([^(\n]+)", re.MULTILINE)
_PARTNER = re.compile(r"^Partner[^\S\n]*(?:\(|$)", re.MULTILINE)
PAIRING_TAGS = ("partner", "partner_with", "partner_group", "friends_forever",
                 "choose_a_background", "doctors_companion", "doctor's_companion", "companion",
                 "can_be_commander", "ante", "companion_rule")

_COMPANION = re.compile(r"^Companion[^\S\n]*[—–-][^\S\n]*(?P<rule>[^(\n]*)", re.MULTILINE)
_KIND = r"(?:(?P<kind>permanent|nonland|creature|land|noncreature)\s+)?cards?"
_RULES = (
    (re.compile(rf"^each {_KIND} in your starting deck has mana value (?P<n>\d+) or "
                r"(?P<dir>less|greater|more)"), "mv"),
    (re.compile(r"^your starting deck contains only cards with mana value (?P<n>\d+) or "
                r"(?P<dir>less|greater|more)(?P<lands> and land cards)?"), "mv-only"),
    (re.compile(rf"^each {_KIND} in your starting deck has an? (?P<parity>even|odd) mana "
                r"value"), "parity"),
    (re.compile(r"^your starting deck contains only cards with (?P<parity>even|odd) mana "
                r"values?(?P<lands> and land cards)?"), "parity-only"),
    (re.compile(rf"^each {_KIND} in your starting deck is an? (?P<types>.+?) card$"), "types"),
    (re.compile(rf"^each {_KIND} in your starting deck shares a card type"), "share"),
    (re.compile(rf"^each {_KIND} in your starting deck has an activated ability"),
     "activated"),
    (re.compile(rf"^each {_KIND} in your starting deck has a different name"), "unique"),
    (re.compile(r"^no card in your starting deck has more than one of the same mana symbol "
                r"in its mana cost"), "symbols"),
    (re.compile(r"^your starting deck contains at least (?P<n>\w+) cards more than the "
                r"minimum deck size"), "size"),
)
_WORD_NUMBERS = {"ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40}


def companion_rule(oracle_text: str) -> str | None:
    """The companion's deck-building condition as a short rule (the value of the
    ``companion_rule`` tag), read from its Companion line by grammar, or ``"unread"`` for a
    condition this grammar does not know; None for a card without a Companion ability.

    Forms: ``permanent:mv<=2`` (every permanent card has mana value 2 or less),
    ``nonland:mv>=3``, ``card:even`` / ``nonland:odd``, ``creature:types=Cat,Beast``,
    ``nonland:share_type``, ``permanent:activated``, ``nonland:unique_name``,
    ``card:no_repeat_symbol``, ``size:+20``."""
    match = _COMPANION.search(oracle_text.replace("\u2019", "'"))
    if not match:
        return None
    rule = " ".join(match.group("rule").split()).rstrip(". ").casefold()
    for pattern, form in _RULES:
        found = pattern.match(rule)
        if not found:
            continue
        groups = found.groupdict()
        kind = groups.get("kind") or "card"
        if groups.get("lands"):
            kind = "nonland"
        if form in ("mv", "mv-only"):
            sign = "<=" if groups["dir"] == "less" else ">="
            return f"{kind}:mv{sign}{groups['n']}"
        if form in ("parity", "parity-only"):
            return f"{kind}:{groups['parity']}"
        if form == "types":
            # a run of spaces is read from its first space only (linear)
            names = re.split(r",\s*(?:or\s+)?|(?<!\s)\s+or\s+", groups["types"])
            return f"{kind}:types=" + ",".join(n.strip().title() for n in names if n.strip())
        if form == "share":
            return f"{kind}:share_type"
        if form == "activated":
            return f"{kind}:activated"
        if form == "unique":
            return f"{kind}:unique_name"
        if form == "symbols":
            return "card:no_repeat_symbol"
        word = groups["n"]
        number = int(word) if word.isdigit() else _WORD_NUMBERS.get(word)
        return f"size:+{number}" if number else "unread"
    return "unread"


def commander_tags(oracle_text: str) -> tuple[str, ...]:
    """The checker's tags read from a card's Oracle text (front face)."""
    tags: list[str] = []
    text = oracle_text.replace("\u2019", "'")
    lowered = text.casefold()
    if "can be your commander" in lowered:
        tags.append("can_be_commander")
    with_match = _PARTNER_WITH.search(text)
    if with_match and with_match.group(1).strip():
        tags.append("partner_with=" + with_match.group(1).strip())
    group = _PARTNER_GROUP.search(text)
    if group and group.group(1).strip() and not group.group(1).casefold().startswith("with "):
        tags.append("partner_group=" + group.group(1).strip())
    if _PARTNER.search(text):
        tags.append("partner")
    if re.search(r"^Friends forever", text, re.MULTILINE):
        tags.append("friends_forever")
    if re.search(r"^Choose a Background", text, re.MULTILINE | re.IGNORECASE):
        tags.append("choose_a_background")
    if re.search(r"^Doctor's companion", text, re.MULTILINE):
        tags.append("doctors_companion")
    rule = companion_rule(text)
    if rule is not None:
        tags.append("companion")
        if rule != "unread":
            tags.append("companion_rule=" + rule)
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
    companions: list[Entry] = field(default_factory=list)
    """The companion entries: the Companion section, else a card with a companion ability
    kept outside the deck (an MTGO or Arena sideboard, a Moxfield companion board)."""
    companion_reason: str = ""
    """Why a sideboard card was read as the companion, or empty."""


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


_NAME = attrgetter("name")


def _is_companion(cards: CardDB | None, entry: Entry) -> bool:
    return _is_companion_name(cards, entry.name)


def _is_companion_name(cards: CardDB | None, name: str) -> bool:
    facts = cards.get(name) if cards is not None else None
    return facts is not None and facts.has_tag("companion")


def find_commanders(deck: Decklist, cards: CardDB | None = None,
                    chosen: Iterable[str] = (), grouped: Grouped | None = None
                    ) -> CommanderReading:
    """:func:`find_commanders_only`, plus the companion: the Companion section, or else one
    card with a companion ability in the sideboard that is not read as a commander (a
    companion lives outside the game, where MTGO and Arena lists keep it). A companion is
    never a second commander: a sideboard of a commander and a companion that cannot be
    partners is read as one commander and its companion. ``grouped``: the list's
    :meth:`~pyengine.decklist.Decklist.grouped`, if the caller has it already."""
    grouped = grouped if grouped is not None else deck.grouped()
    reading = find_commanders_only(deck, cards, chosen, grouped)
    marked = grouped.section("companion")
    if marked:
        reading.companions = marked
        return reading
    taken = {id(e) for e in reading.commanders}
    sideboard = grouped.sections.get("sideboard", [])
    # a pasted sideboard may repeat one name thousands of times: each name is asked once
    companions = {name for name in set(map(_NAME, sideboard))
                  if _is_companion_name(cards, name)}
    first = next((e for e in sideboard if e.name in companions and id(e) not in taken),
                 None) if companions else None
    sideboard = [first] if first is not None else []
    if reading.source == "sideboard" and len(reading.commanders) == 2 and cards is not None:
        first, second = reading.commanders
        one, other = cards.get(first.name), cards.get(second.name)
        if one is not None and other is not None and pair_problem(one, other):
            companion = next((e for e in reading.commanders if _is_companion(cards, e)), None)
            if companion is not None:
                reading.commanders = [e for e in reading.commanders if e is not companion]
                sideboard = [replace(companion, section="sideboard")]
    if sideboard:
        reading.companions = [replace(sideboard[0], section="companion", count=1)]
        reading.companion_reason = ("a card with a companion ability kept outside the deck "
                                    "(the sideboard) is the deck's companion, not a commander")
    return reading


def find_commanders_only(deck: Decklist, cards: CardDB | None = None,
                         chosen: Iterable[str] = (), grouped: Grouped | None = None
                         ) -> CommanderReading:
    """Find the commander(s) of ``deck``: the player's choice (``chosen`` names), else the
    list's marks, else one or two sideboard cards (MTGO, XMage, Cockatrice), else a proposal
    from the card data and the usual conventions (a lone block of one or two legendaries set
    apart by a blank line, a legendary on the first line, the one legendary whose colour
    identity covers every card). ``cards`` may be ``None``: then only marks, a choice and the
    sideboard convention are used. Pure; used by the checker, the Team Commander table and the
    shuffler. ``grouped``: the list's :meth:`~pyengine.decklist.Decklist.grouped`, if the
    caller has it already."""
    grouped = grouped if grouped is not None else deck.grouped()
    library = list(grouped.library)
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
    marked = grouped.section("commander")
    if marked:
        return CommanderReading(marked, library, "marked")
    sideboard = grouped.sections.get("sideboard", [])
    if sideboard and _at_most(sideboard, 2) and (cards is None or all(
            cards.get(e.name) is None or can_be_commander(cards.get(e.name))
            or is_background(cards[e.name]) for e in sideboard)):
        return CommanderReading([replace(e, section="commander") for e in sideboard], library,
                                "sideboard", "MTGO, XMage and Cockatrice lists keep the "
                                "commander in the sideboard")
    if cards is None:
        return CommanderReading([], library, "none")
    return _propose(deck, library, cards)


def _at_most(entries: list[Entry], cards: int) -> bool:
    """Whether ``entries`` hold at most ``cards`` cards (stops counting past it)."""
    total = 0
    for entry in entries:
        total += entry.count
        if total > cards:
            return False
    return True


def _propose(deck: Decklist, library: list[Entry], cards: CardDB) -> CommanderReading:
    possible = [e for e in library if e.count == 1 and can_be_commander(cards.get(e.name))]
    backgrounds = [e for e in library if e.count == 1 and cards.get(e.name) is not None
                   and is_background(cards[e.name])]
    if not possible:
        return CommanderReading([], library, "none")
    ordered = sorted(library, key=lambda e: e.line)
    colour_count: dict[str, int] = {}
    for e in library:
        f = cards.get(e.name)
        for ch in (f.color_identity if f is not None else ""):
            colour_count[ch] = colour_count.get(ch, 0) + 1

    def identity(entries: list[Entry]) -> set[str]:
        return {ch for e in entries for ch in cards[e.name].color_identity}

    def rest(entries: list[Entry]) -> set[str]:
        """The colour identity of the deck without these cards."""
        left = dict(colour_count)
        for e in entries:
            for ch in cards[e.name].color_identity:
                left[ch] -= 1
        return {ch for ch, n in left.items() if n > 0}

    def covers(entries: list[Entry]) -> bool:
        return identity(entries) >= rest(entries)

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
    # the legendaries whose identity covers the whole deck, the closest fit first
    covering = sorted((e for e in possible if covers([e])), key=lambda e: len(identity([e])))
    for entry in covering:
        proposals.append(([entry], "it can lead the deck and its colour identity covers every "
                          "card of the deck"))
    if not covering:
        # two that may lead together (partners, a Background) and cover the deck as a pair
        pool = (possible + [b for b in backgrounds if b not in possible])[:40]
        pairs = [[a, b] for i, a in enumerate(pool) for b in pool[i + 1:]
                 if (a in possible or b in possible) and pair_ok(a, b) and covers([a, b])]
        pairs.sort(key=lambda pair: len(identity(pair)))
        for pair in pairs[:6]:
            proposals.append((pair, "together they can lead the deck (a pair the rules allow) "
                              "and their colour identity covers every card of the deck"))
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
    best = next(((e, w) for e, w in unique if covers(e)), unique[0])
    names = [[e.name for e in entries] for entries, _ in unique][:8]
    commanders, why = best
    return CommanderReading([replace(e, section="commander") for e in commanders],
                            take(library, commanders), "assumed", why, names)
