"""Deck legality: is a decklist legal in one of the project's deck rules, and if not, why?

:func:`check` takes a :class:`~pyengine.decklist.Decklist`, a format key (:data:`FORMATS`), a
:class:`~pyengine.cards.CardDB`, the ban lists (:class:`~pyengine.banlists.BanList` by file stem:
``horde-survivor``, ``commander``, ``team-commander``, ``any-number``, ``basics``, includes
already merged) and :class:`Options`, and returns a :class:`Report`: a verdict and a list of
:class:`Finding`, each with the deck's line number, the card, what is wrong, the rule's address
on the site (``"horde/#hs-1-1"``) and a severity. Pure: no I/O, nothing random.

What is checked (rule anchors in brackets)

* ``horde`` [HS 1.1, HS 1.4]: at least 40 cards; at most 4 copies of a card other than basic
  lands and the any-number cards; no card from the Survivor ban list.
* ``commander-horde`` [HS 1.2, HS 1.4]: the Commander deck rules (below), the Survivor ban list
  and, since HS 1.2 asks for "an ordinary Commander deck", the official Commander list.
* ``limited-horde`` [LH 1.5]: a Draft or Sealed deck: at least 40 cards, any number of copies, no
  ban list.
* ``swarm`` [SW 2.1, SW 15.1]: the Commander deck rules and the official Commander list. Swarm
  publishes no ban list, only a principle; :attr:`Options.survivor_warnings` adds the Survivor
  list as warnings.
* ``team-commander`` [TC 1.1 to TC 1.5, TC 5.1]: the Commander deck rules; the Team Commander
  list (the official list, Conspiracy and ante cards, extra-turn and take-over-a-turn cards,
  playgroup additions); a card banned only as a commander may be in the deck but not be the
  commander; no sideboard.

Commander deck rules: exactly 100 cards counting the commander(s) (companion, sideboard and
maybeboard are not counted); one copy of each card except basic lands and the any-number cards
(Seven Dwarves up to 7, Nazgûl up to 9); each commander is a legendary creature, a legendary
Vehicle or Spacecraft with power and toughness (allowed since Edge of Eternities, 2025), or says
it can be your commander; two commanders only as a pair (Partner, Partner with each other, Friends
forever, Choose a Background with a Background, Doctor's companion with a Time Lord Doctor);
at most one companion, with the companion ability, inside the commanders' colour identity (its
own deck-building condition is reported as not checked); every card's colour identity inside the
commanders'.

What the card facts allow: a commander's eligibility is read from the type line of its front face
(``Legendary`` + ``Creature``, or ``Legendary Enchantment — Background`` with a Choose a
Background partner) and from tags: ``can_be_commander``, ``partner``, ``partner_with=Name``,
``partner_group=Name`` (``Partner—Name``), ``friends_forever``, ``choose_a_background``,
``doctors_companion``, ``companion``, ``ante`` (for the ante category).
:func:`cards_from_scryfall` adds these tags from Scryfall's Oracle text; in a pasted list a
player writes them in an annotation (``#! Name | cost | type | P/T | partner``). Colour
identity comes from the facts; a basic land the facts do not know gets the identity of its basic
land type (Forest is green, Wastes colourless). A card with no facts is never passed: its
identity is listed as not checked, with a "did you mean" when a known name is close.
"""

from __future__ import annotations

import difflib
import heapq
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .banlists import BanList
from .cards import CardDB, CardFacts
from .decklist import Decklist, Entry
from .names import normalize

__all__ = [
    "COMMANDER_SIZE",
    "ERROR",
    "FORMATS",
    "INFO",
    "LEGAL",
    "NOT_CHECKED",
    "NOT_LEGAL",
    "UNCHECKED",
    "WARNING",
    "Finding",
    "Format",
    "Options",
    "Report",
    "cards_from_scryfall",
    "check",
    "commander_tags",
    "deck_building_tags",
    "find_format",
]

LEGAL = "legal"
NOT_LEGAL = "not legal"
NOT_CHECKED = "not everything could be checked"

ERROR = "error"
"""Breaks a rule: the deck is not legal."""
WARNING = "warning"
"""Worth knowing (an opt-in list, a near-miss name); the deck may still be legal."""
UNCHECKED = "unchecked"
"""Could not be checked (no card data, an unreadable line): the verdict cannot be "legal"."""
INFO = "info"
"""How the list was read (e.g. a sideboard card taken as the commander)."""

_SEVERITY_ORDER = {ERROR: 0, WARNING: 1, UNCHECKED: 2, INFO: 3}

COMMANDER_SIZE = 100
HORDE_MIN_SIZE = 40
HORDE_MAX_COPIES = 4

#: Sections never counted as part of the deck.
_OUTSIDE = ("sideboard", "commander", "companion", "maybeboard")
#: Where this page explains the list formats (reader problems link here).
READER_ANCHOR = "play/check/#list-formats"

_BASIC_TYPES = (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                ("Forest", "G"))


@dataclass(frozen=True)
class Format:
    """One deck rule: what :func:`check` enforces and where the rule is on the site."""

    key: str
    """``horde``, ``commander-horde``, ``limited-horde``, ``swarm`` or ``team-commander``."""
    title: str
    """Display name."""
    commander: bool
    """True for the Commander deck rules (100 cards, singleton, commander, identity)."""
    deck_rule: str
    """Anchor path of the rule that sets the deck's size and copies."""
    banlists: tuple[tuple[str, str], ...] = ()
    """Ban lists that apply, as (list key, anchor path of the rule that applies it)."""
    sideboard_rule: str = ""
    """Anchor path of a rule forbidding sideboards (Team Commander), else empty."""
    banned_as_commander_rule: str = ""
    """Anchor path of the rule on cards banned only as a commander, else empty."""
    notes: tuple[str, ...] = ()
    """Plain sentences shown with the result (Swarm's ban philosophy)."""


FORMATS: dict[str, Format] = {
    "horde": Format(
        key="horde",
        title="Horde (SlingLab rules)",
        commander=False,
        deck_rule="horde/#hs-1-1",
        banlists=(("horde-survivor", "horde/#hs-1-4"),),
    ),
    "commander-horde": Format(
        key="commander-horde",
        title="Commander Horde (SlingLab rules)",
        commander=True,
        deck_rule="horde/#hs-1-2",
        banlists=(("horde-survivor", "horde/#hs-1-4"), ("commander", "horde/#hs-1-2")),
    ),
    "limited-horde": Format(
        key="limited-horde",
        title="Limited Horde 2.1 (Draft or Sealed deck)",
        commander=False,
        deck_rule="limited-horde/#lh-1-5",
    ),
    "swarm": Format(
        key="swarm",
        title="Swarm Mode (Commander decks)",
        commander=True,
        deck_rule="swarm/#sw-2-1",
        banlists=(("commander", "swarm/#sw-2-1"),),
        notes=(
            "Swarm Mode publishes no ban list of its own, only a principle: a card is banned if "
            "it would leave The Swarm entirely ineffective or hand the Survivors too easy a win. "
            "The official Commander list applies to every Commander deck; the Horde Survivor "
            "list can be shown as warnings.",
        ),
    ),
    "team-commander": Format(
        key="team-commander",
        title="Team Commander",
        commander=True,
        deck_rule="team-commander/#tc-1-1",
        banlists=(("team-commander", "team-commander/#tc-1-5"),),
        sideboard_rule="team-commander/#tc-1-3",
        banned_as_commander_rule="team-commander/#tc-1-2",
    ),
}
"""Every format :func:`check` knows, by key."""

_ALIASES = {
    "slinglab": "horde",
    "horde-commander": "commander-horde",
    "commanderhorde": "commander-horde",
    "limited": "limited-horde",
    "lh": "limited-horde",
    "swarm-mode": "swarm",
    "tc": "team-commander",
    "teamcommander": "team-commander",
}

#: Rule anchors of the rules named in :data:`FORMATS`' ban-list categories.
_CATEGORY_RULES = {
    "extra-turns": "team-commander/#tc-5-1",
    "take-over-a-turn": "team-commander/#tc-5-1",
}


def find_format(name: str) -> Format:
    """The format called ``name`` (key, a few aliases, any case). Raises ``KeyError``."""
    key = re.sub(r"[\s_]+", "-", name.strip().casefold())
    key = _ALIASES.get(key, key)
    if key not in FORMATS:
        raise KeyError(f"unknown format {name!r}; formats: {', '.join(FORMATS)}")
    return FORMATS[key]


@dataclass(frozen=True)
class Options:
    """Choices a player makes for one check."""

    survivor_warnings: bool = False
    """Swarm: show cards on the Horde Survivor ban list as warnings (Swarm publishes no list)."""
    playgroup_banned: tuple[str, ...] = ()
    """Team Commander: the playgroup's own additions to the ban list."""
    playgroup_banned_as_commander: tuple[str, ...] = ()
    """Team Commander: cards the playgroup bans only as a commander."""


@dataclass(frozen=True)
class Finding:
    """One thing the check found."""

    line: int
    """1-based line of the decklist (0 for the deck as a whole)."""
    card: str
    """The card as written in the list, or empty."""
    message: str
    """What is wrong, in plain words."""
    rule: str
    """Where the rule is on the site, as a path with an anchor: ``"horde/#hs-1-1"``."""
    severity: str
    """:data:`ERROR`, :data:`WARNING`, :data:`UNCHECKED` or :data:`INFO`."""
    code: str = ""
    """A short stable kind: ``reader``, ``size``, ``copies``, ``banned``, ``identity``, ..."""
    suggestions: tuple[str, ...] = ()
    """"Did you mean" names for a name the card data does not know."""

    @property
    def rule_label(self) -> str:
        """The rule as people write it: ``"HS 1.1"`` for ``"horde/#hs-1-1"``."""
        anchor = self.rule.partition("#")[2]
        match = re.fullmatch(r"([a-z]+)-(\d+)(?:-(\d+))?", anchor)
        if not match:
            return ""
        prefix, major, minor = match.groups()
        return f"{prefix.upper()} {major}" + (f".{minor}" if minor else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "card": self.card,
            "message": self.message,
            "rule": self.rule,
            "severity": self.severity,
            "code": self.code,
            "suggestions": list(self.suggestions),
        }

    def to_text(self) -> str:
        where = f"line {self.line}" if self.line else "deck"
        card = f" {self.card}:" if self.card else ""
        hint = f" (did you mean {' or '.join(self.suggestions)}?)" if self.suggestions else ""
        label = f" [{self.rule_label}: {self.rule}]" if self.rule_label else (
            f" [{self.rule}]" if self.rule else "")
        return f"{where}:{card} {self.message}{hint}{label}"


@dataclass
class Report:
    """The answer: a verdict and everything found, the reader's problems first."""

    format: str
    """The format key."""
    verdict: str
    """:data:`LEGAL`, :data:`NOT_LEGAL` or :data:`NOT_CHECKED`."""
    findings: list[Finding] = field(default_factory=list)
    size: int = 0
    """Cards counted towards the deck's size (commanders included in Commander formats)."""
    commanders: list[str] = field(default_factory=list)
    """The commanders as written (Commander formats)."""
    unchecked: list[str] = field(default_factory=list)
    """Names whose card facts were missing, each once, in list order."""
    notes: list[str] = field(default_factory=list)
    """Plain sentences about the format (e.g. Swarm's ban philosophy)."""

    @property
    def legal(self) -> bool:
        return self.verdict == LEGAL

    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "verdict": self.verdict,
            "size": self.size,
            "commanders": list(self.commanders),
            "unchecked": list(self.unchecked),
            "notes": list(self.notes),
            "findings": [f.to_dict() for f in self.findings],
        }

    def to_text(self) -> str:
        title = FORMATS[self.format].title if self.format in FORMATS else self.format
        lines = [f"{title}: {self.verdict} ({self.size} cards)"]
        if self.commanders:
            lines.append("commander: " + " + ".join(self.commanders))
        lines.extend(f"  {f.severity}: {f.to_text()}" for f in self.findings)
        lines.extend(f"note: {note}" for note in self.notes)
        return "\n".join(lines) + "\n"


# -- Scryfall facts with the tags the checker reads -------------------------------------------

_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER_GROUP = re.compile(r"^Partner\s*[—–-]\s*([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER = re.compile(r"^Partner\s*(?:\(|$)", re.MULTILINE)
_PAIRING_TAGS = ("partner", "partner_with", "partner_group", "friends_forever",
                 "choose_a_background", "doctors_companion", "doctor's_companion", "companion",
                 "can_be_commander", "ante")


def _front_oracle(card: Mapping[str, Any]) -> str | None:
    text = card.get("oracle_text")
    if isinstance(text, str):
        return text
    faces = card.get("card_faces") or []
    if faces and isinstance(faces[0], Mapping) and isinstance(faces[0].get("oracle_text"), str):
        return faces[0]["oracle_text"]
    return None


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


_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20}
_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.IGNORECASE)


def deck_building_tags(oracle_text: str) -> tuple[str, ...]:
    """Deck-building exceptions read from Oracle text: ``any_number`` ("A deck can have any
    number of cards named ...") or ``copy_limit=N`` ("... up to seven cards named ...")."""
    if _ANY_NUMBER.search(oracle_text):
        return ("any_number",)
    match = _UP_TO.search(oracle_text)
    if match:
        word = match.group(1).casefold()
        number = int(word) if word.isdigit() else _NUMBER_WORDS.get(word)
        if number:
            return (f"copy_limit={number}",)
    return ()


def cards_from_scryfall(obj: Any) -> CardDB:
    """Like :meth:`CardDB.from_scryfall`, plus the tags the checker reads from Oracle text
    (``can_be_commander``, ``partner_with=Name``, ...; see the module docstring). Raises
    :class:`~pyengine.cards.CardDataError` for something that is not Scryfall card data."""
    db = CardDB.from_scryfall(obj)
    if isinstance(obj, Mapping):
        items = obj.get("data") if "data" in obj else [obj]
    else:
        items = obj
    for card in items or []:
        if not isinstance(card, Mapping):
            continue
        facts = db.get(str(card.get("name", "")))
        text = _front_oracle(card)
        if facts is None or text is None:
            continue
        kept = tuple(t for t in facts.tags
                     if t.split("=", 1)[0] not in _PAIRING_TAGS)
        db.add(replace(facts, tags=tuple(dict.fromkeys(kept + commander_tags(text)))))
    return db


# -- the check -------------------------------------------------------------------------------


class _Hints:
    """"Did you mean" over a fixed list of names: the matching of ``difflib.get_close_matches``
    (and :func:`pyengine.decklist.did_you_mean`), with a trigram index so that a list of a
    hundred unknown names stays fast in the browser. Only names sharing a three-letter run with
    the word are scored (all names for words shorter than three letters)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.index: dict[str, list[int]] = {}
        for number, name in enumerate(names):
            for gram in sorted(self._grams(name)):
                self.index.setdefault(gram, []).append(number)

    @staticmethod
    def _grams(word: str) -> set[str]:
        return {word[i:i + 3] for i in range(len(word) - 2)}

    def close(self, word: str, n: int = 3, cutoff: float = 0.75) -> list[str]:
        grams = self._grams(word)
        if grams:
            numbers = sorted({i for gram in grams for i in self.index.get(gram, ())})
        else:
            numbers = list(range(len(self.names)))
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        scored: list[tuple[float, str]] = []
        for number in numbers:
            candidate = self.names[number]
            matcher.set_seq1(candidate)
            if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff \
                    and matcher.ratio() >= cutoff:
                scored.append((matcher.ratio(), candidate))
        return [candidate for _, candidate in heapq.nlargest(n, scored)]


@dataclass
class _Card:
    """All the entries of one card in the counted sections."""

    name: str
    entries: list[Entry]
    facts: CardFacts | None

    @property
    def count(self) -> int:
        return sum(entry.count for entry in self.entries)

    @property
    def line(self) -> int:
        return self.entries[0].line


class _Checker:
    def __init__(
        self,
        deck: Decklist,
        fmt: Format,
        cards: CardDB,
        banlists: Mapping[str, BanList],
        options: Options,
    ) -> None:
        self.deck = deck
        self.fmt = fmt
        self.cards = cards
        self.banlists = banlists
        self.options = options
        self.findings: list[Finding] = []
        self.unchecked: dict[str, None] = {}
        self.report = Report(format=fmt.key, verdict=LEGAL, notes=list(fmt.notes))
        self._hints: tuple[CardDB, _Hints, _Hints, dict[str, str]] | None = None

    # -- helpers ---------------------------------------------------------------------------

    def add(self, line: int, card: str, message: str, rule: str, severity: str,
            code: str, suggestions: Iterable[str] = ()) -> None:
        self.findings.append(
            Finding(line, card, message, rule, severity, code, tuple(suggestions))
        )

    def facts(self, name: str) -> CardFacts | None:
        found = self.cards.get(name)
        if found is not None:
            return found
        if self.is_basic(name):
            for land_type, color in _BASIC_TYPES:
                if land_type.casefold() in normalize(name):
                    return CardFacts(name=name, type_line=f"Basic Land — {land_type}",
                                     color_identity=color)
            if normalize(name) in ("wastes", "snow-covered wastes"):
                return CardFacts(name=name, type_line="Basic Land")
        return None

    def key(self, name: str) -> str:
        facts = self.cards.get(name)
        return normalize(facts.name if facts is not None else name)

    def listed(self, list_key: str, name: str, section: str | None = None) -> bool:
        banlist = self.banlists.get(list_key)
        return banlist is not None and banlist.contains(name, section)

    def is_basic(self, name: str) -> bool:
        facts = self.cards.get(name)
        return (facts is not None and facts.is_basic) or self.listed("basics", name)

    def copy_limit(self, name: str, default: int | None) -> int | None:
        if self.is_basic(name) or self.listed("any-number", name, "any-number"):
            return None
        note = None
        banlist = self.banlists.get("any-number")
        if banlist is not None:
            note = banlist.note(name, "limited")
        if note is not None:
            try:
                return int(note)
            except ValueError:
                return None
        return default

    def hints(self, name: str) -> list[str]:
        """Close names from the card data and the lists (never the name itself).

        The same matching as :func:`pyengine.decklist.did_you_mean`, with the name lists built
        once per check (a 100-card list of unknown names stays fast in the browser)."""
        if self._hints is None:
            extra = [CardFacts(name=n) for banlist in self.banlists.values()
                     for n in banlist.names() if n not in self.cards]
            db = self.cards.merge(CardDB(extra)) if extra else self.cards
            fronts = {normalize(card.front_name): card.name for card in db}
            self._hints = (db, _Hints(db.keys()), _Hints(sorted(fronts)), fronts)
        db, names, front_names, fronts = self._hints
        key = normalize(name)
        found = [db[k].name for k in names.close(key)]
        if not found:
            found = [fronts[k] for k in front_names.close(key)]
        return [n for n in found if normalize(n) != key]

    def group(self, entries: Iterable[Entry]) -> list[_Card]:
        grouped: dict[str, _Card] = {}
        for entry in entries:
            key = self.key(entry.name)
            if key not in grouped:
                grouped[key] = _Card(entry.name, [], self.facts(entry.name))
            grouped[key].entries.append(entry)
        return list(grouped.values())

    # -- the steps -------------------------------------------------------------------------

    def run(self) -> Report:
        for problem in self.deck.problems:
            self.add(problem.line, "", f"this line could not be read: {problem.message}"
                     + (f" — {problem.text.strip()}" if problem.text.strip() else ""),
                     READER_ANCHOR, UNCHECKED, "reader")
        if self.fmt.commander:
            self.commander_deck()
        else:
            self.sixty_deck()
        self.report.unchecked = list(self.unchecked)
        reader = [f for f in self.findings if f.code == "reader"]
        rest = [f for f in self.findings if f.code != "reader"]
        rest.sort(key=lambda f: (_SEVERITY_ORDER[f.severity], f.line))
        self.report.findings = reader + rest
        severities = {f.severity for f in self.findings}
        if ERROR in severities:
            self.report.verdict = NOT_LEGAL
        elif UNCHECKED in severities:
            self.report.verdict = NOT_CHECKED
        else:
            self.report.verdict = LEGAL
        return self.report

    def deck_entries(self) -> list[Entry]:
        return [e for e in self.deck.entries if e.section not in _OUTSIDE]

    def note_sections(self, commander_sideboard: bool) -> None:
        sideboard = self.deck.section("sideboard")
        if sideboard and self.fmt.sideboard_rule and not commander_sideboard:
            for entry in sideboard:
                self.add(entry.line, entry.name,
                         "sideboards are not allowed; take this card out or move it into the "
                         "deck", self.fmt.sideboard_rule, ERROR, "sideboard")
        elif sideboard and not commander_sideboard:
            self.add(sideboard[0].line, "",
                     f"the sideboard ({sum(e.count for e in sideboard)} cards) is not part of "
                     "the deck and was not counted", self.fmt.deck_rule, INFO, "sideboard")
        maybe = self.deck.section("maybeboard")
        if maybe:
            self.add(maybe[0].line, "",
                     f"the maybeboard ({sum(e.count for e in maybe)} cards) was not checked",
                     self.fmt.deck_rule, INFO, "maybeboard")

    def unknown(self, card: _Card, why: str, rule: str) -> None:
        """A card with no facts: listed as not checked, never passed."""
        self.unchecked.setdefault(card.name, None)
        self.add(card.line, card.name, why, rule, UNCHECKED, "unknown-card",
                 self.hints(card.name))

    # -- 40-card formats -------------------------------------------------------------------

    def sixty_deck(self) -> None:
        fmt = self.fmt
        self.note_sections(False)
        for entry in self.deck.section("commander") + self.deck.section("companion"):
            self.add(entry.line, entry.name,
                     f"this format has no {entry.section}; the card was not counted",
                     fmt.deck_rule, INFO, "section")
        entries = self.deck_entries()
        size = sum(e.count for e in entries)
        self.report.size = size
        if size < HORDE_MIN_SIZE:
            self.add(0, "", f"the deck has {size} cards; it needs at least {HORDE_MIN_SIZE}",
                     fmt.deck_rule, ERROR, "size")
        grouped = self.group(entries)
        if fmt.key == "horde":
            for card in grouped:
                limit = self.copy_limit(card.name, HORDE_MAX_COPIES)
                if limit is not None and card.count > limit:
                    self.copies(card, limit)
        for card in grouped:
            self.bans(card, "main")
            if card.facts is None and not self.is_basic(card.name):
                suggestions = self.hints(card.name)
                if suggestions:
                    self.add(card.line, card.name,
                             "this name is not in the card data; it was checked as written",
                             fmt.deck_rule, WARNING, "unknown-name", suggestions)

    def copies(self, card: _Card, limit: int) -> None:
        lines = ", ".join(str(e.line) for e in card.entries[1:] if e.line)
        also = f" (also on line {lines})" if lines else ""
        self.add(card.line, card.name,
                 f"{card.count} copies{also}; at most {limit} allowed",
                 self.fmt.deck_rule, ERROR, "copies")

    # -- ban lists -------------------------------------------------------------------------

    def ban_reason(self, list_key: str, name: str, facts: CardFacts | None,
                   section: str = "banned") -> tuple[str, str] | None:
        """(why, rule) if ``name`` is banned by the list's ``section`` or its categories."""
        banlist = self.banlists.get(list_key)
        if banlist is None:
            return None
        label = banlist.name or list_key
        entry = banlist.find(name, section)
        if entry is not None:
            for include in banlist.includes:
                included = self.banlists.get(include)
                if included is not None and included.contains(name, section):
                    label = f"{included.name or include} (part of the {label})"
                    break
            return f"on the {label}" + (f" ({entry.note})" if entry.note else ""), ""
        for category in banlist.categories(section):
            if category.name == "conspiracy" and facts is not None \
                    and "Conspiracy" in facts.types:
                return f"banned by the {label}: {category.note or 'Conspiracy'}", ""
            if category.name == "ante" and facts is not None and facts.has_tag("ante"):
                return f"banned by the {label}: {category.note or 'ante'}", ""
            member = banlist.find(name, category.name)
            if member is not None:
                detail = category.note or category.name
                return (f"banned by the {label}: {detail}",
                        _CATEGORY_RULES.get(category.name, ""))
        return None

    def bans(self, card: _Card, section: str) -> None:
        name, facts = card.name, card.facts
        for list_key, rule in self.fmt.banlists:
            if list_key not in self.banlists:
                self.add(0, "", f"the {list_key} ban list was not available; bans not checked",
                         rule, UNCHECKED, "banlist-missing")
                continue
            reason = self.ban_reason(list_key, name, facts)
            if reason is not None:
                why, special = reason
                self.add(card.line, name, why, special or rule, ERROR, "banned")
                continue
            if section == "companion":
                reason = self.ban_reason(list_key, name, facts, "banned-as-companion")
                if reason is not None:
                    self.add(card.line, name, "banned as a companion: " + reason[0],
                             rule, ERROR, "banned-as-companion")
            if section == "commander" and self.fmt.banned_as_commander_rule:
                reason = self.ban_reason(list_key, name, facts, "banned-as-commander")
                if reason is not None:
                    self.add(card.line, name,
                             "banned as a commander (it may still be played in the deck): "
                             + reason[0], self.fmt.banned_as_commander_rule, ERROR,
                             "banned-as-commander")
        if self.fmt.key == "team-commander":
            key = normalize(name)
            if any(normalize(n) == key for n in self.options.playgroup_banned):
                self.add(card.line, name, "banned by your playgroup", "team-commander/#tc-1-5",
                         ERROR, "banned")
            elif section == "commander" and any(
                normalize(n) == key for n in self.options.playgroup_banned_as_commander
            ):
                self.add(card.line, name,
                         "banned as a commander by your playgroup (it may still be played in "
                         "the deck)", self.fmt.banned_as_commander_rule, ERROR,
                         "banned-as-commander")
        if self.fmt.key == "swarm" and self.options.survivor_warnings:
            reason = self.ban_reason("horde-survivor", name, facts)
            if reason is not None:
                self.add(card.line, name,
                         "on the Horde Survivor ban list: Swarm publishes no list, but by its "
                         "ban philosophy this card may make The Swarm ineffective",
                         "swarm/#sw-15-1", WARNING, "survivor-list")

    # -- Commander decks -------------------------------------------------------------------

    def commander_deck(self) -> None:
        fmt = self.fmt
        rule = fmt.deck_rule
        commanders = self.deck.section("commander")
        from_sideboard = False
        sideboard = self.deck.section("sideboard")
        if not commanders and sideboard and sum(e.count for e in sideboard) <= 2:
            commanders = [replace(e, section="commander") for e in sideboard]
            from_sideboard = True
            self.add(sideboard[0].line, "",
                     "no commander section: the sideboard card(s) were taken as the commander, "
                     "as MTGO lists mark it", rule, INFO, "commander-from-sideboard")
        self.note_sections(from_sideboard)
        main = self.deck_entries()
        size = sum(e.count for e in main) + sum(e.count for e in commanders)
        self.report.size = size
        self.report.commanders = [e.name for e in commanders]
        if size != COMMANDER_SIZE:
            self.add(0, "", f"the deck has {size} cards counting the commander"
                     f"{'s' if len(commanders) > 1 else ''}; it must have exactly "
                     f"{COMMANDER_SIZE}", rule, ERROR, "size")
        # singleton, over the deck and the command zone together
        all_cards = self.group(commanders + main)
        for card in all_cards:
            limit = self.copy_limit(card.name, 1)
            if limit is not None and card.count > limit:
                self.copies(card, limit)
        commander_cards = self.group(commanders)
        main_cards = self.group(main)
        companions = self.group(self.deck.section("companion"))
        for card in commander_cards:
            self.bans(card, "commander")
        for card in main_cards:
            self.bans(card, "main")
        for card in companions:
            self.bans(card, "companion")
        identity = self.commanders(commander_cards)
        self.companions(companions, identity)
        self.identity(identity, main_cards, commander_cards, companions)

    def commanders(self, cards: list[_Card]) -> str | None:
        """Check the commanders; return their combined identity, or None if unknown."""
        rule = self.fmt.deck_rule
        if not cards:
            self.add(0, "", "no commander: name it in a Commander section (a 'Commander' line "
                     "above it, or [Commander] after it)", rule, ERROR, "commander")
            return None
        if len(cards) > 2:
            self.add(cards[2].line, cards[2].name,
                     f"{len(cards)} commanders; a deck has one, or two that can be partners",
                     rule, ERROR, "commander")
        known = True
        for card in cards:
            facts = card.facts
            if facts is None:
                known = False
                self.unknown(card, "no card data: whether it can be a commander, and its "
                             "colour identity, were not checked", rule)
                continue
            if not self.can_command(facts, cards):
                self.add(card.line, card.name,
                         f"cannot be a commander: it is a {facts.type_line or 'card'}, not a "
                         "legendary creature, and does not say it can be your commander",
                         rule, ERROR, "commander")
        if len(cards) == 2 and all(c.facts is not None for c in cards):
            problem = self.pair_problem(cards[0], cards[1])
            if problem:
                self.add(cards[1].line, cards[1].name, problem, rule, ERROR, "partner")
        if not known:
            return None
        return "".join(sorted({ch for c in cards for ch in c.facts.color_identity},
                              key="WUBRG".index))

    @staticmethod
    def is_background(facts: CardFacts) -> bool:
        return facts.is_legendary and "Enchantment" in facts.types \
            and "Background" in facts.subtypes

    def can_command(self, facts: CardFacts, cards: list[_Card]) -> bool:
        if facts.has_tag("can_be_commander"):
            return True
        if facts.is_legendary and facts.is_creature:
            return True
        if facts.is_legendary and facts.power_text and facts.toughness_text and any(
            kind in facts.subtypes for kind in ("Vehicle", "Spacecraft")
        ):
            return True  # since Edge of Eternities (2025)
        if self.is_background(facts):
            # with a partner whose facts are missing, there is nothing to say yet
            return any(c.facts is None or c.facts.has_tag("choose_a_background")
                       for c in cards if c.facts is not facts)
        return False

    def pair_problem(self, first: _Card, second: _Card) -> str:
        a, b = first.facts, second.facts
        assert a is not None and b is not None

        def partner_with(x: CardFacts, y: CardFacts) -> bool:
            value = x.tag_value("partner_with")
            return bool(value) and normalize(value) in (normalize(y.name),
                                                        normalize(y.front_name))

        if partner_with(a, b) and partner_with(b, a):
            return ""
        if a.tag_value("partner_with") is not None or b.tag_value("partner_with") is not None:
            if a.has_tag("partner") and b.has_tag("partner"):
                return ""
            return (f"{first.name} and {second.name} are not partners: a card with 'Partner "
                    "with' pairs only with the card it names")
        if a.tag_value("partner") == "" and b.tag_value("partner") == "":
            return ""
        ga, gb = a.tag_value("partner_group"), b.tag_value("partner_group")
        if ga and gb and normalize(ga) == normalize(gb):
            return ""
        if a.has_tag("friends_forever") and b.has_tag("friends_forever"):
            return ""
        for x, y in ((a, b), (b, a)):
            if x.has_tag("choose_a_background") and self.is_background(y):
                return ""
            if x.has_tag("doctors_companion") and y.is_creature \
                    and "Time" in y.subtypes and "Doctor" in y.subtypes:
                return ""
        return (f"{first.name} and {second.name} cannot be commanders together: two commanders "
                "need Partner (both), Partner with each other, Friends forever (both), Choose a "
                "Background with a Background, or Doctor's companion with a Time Lord Doctor")

    def companions(self, cards: list[_Card], identity: str | None) -> None:
        rule = self.fmt.deck_rule
        if sum(c.count for c in cards) > 1:
            self.add(cards[1].line if len(cards) > 1 else cards[0].line, "",
                     "more than one companion; a deck may have one", rule, ERROR, "companion")
        for card in cards:
            if card.facts is None:
                continue  # reported by the identity step
            if not card.facts.has_tag("companion"):
                self.add(card.line, card.name, "listed as a companion but has no companion "
                         "ability", rule, ERROR, "companion")
            else:
                self.add(card.line, card.name, "its companion condition (what the deck must "
                         "be like) was not checked; check it yourself", rule, UNCHECKED,
                         "companion-condition")

    def identity(self, identity: str | None, main: list[_Card], commanders: list[_Card],
                 companions: list[_Card]) -> None:
        rule = self.fmt.deck_rule
        others = [(c, "deck") for c in main] + [(c, "companion") for c in companions]
        if identity is None:
            unknown = [c for c, _ in others if c.facts is None]
            for card in unknown:
                self.unknown(card, "no card data: its colour identity was not checked", rule)
            if commanders and any(c.facts is not None for c, _ in others):
                self.add(0, "", "colour identity not checked: the commander's card data is "
                         "missing", rule, UNCHECKED, "identity-skipped")
            return
        allowed = set(identity)
        shown = identity or "colourless"
        for card, where in others:
            if card.facts is None:
                self.unknown(card, "no card data: its colour identity was not checked", rule)
                continue
            outside = [ch for ch in card.facts.color_identity if ch not in allowed]
            if outside:
                self.add(card.line, card.name,
                         f"colour identity {card.facts.color_identity} is outside the "
                         f"commander's ({shown})" + (" (companion)" if where == "companion"
                                                     else ""),
                         rule, ERROR, "identity")


def check(
    decklist: Decklist,
    format: str | Format,
    cards: CardDB,
    banlists: Mapping[str, BanList],
    options: Options | None = None,
) -> Report:
    """Check ``decklist`` against ``format`` (a key of :data:`FORMATS` or a :class:`Format`).

    ``cards`` gives the card facts (shipped facts, Scryfall, the list's own annotations: merge
    them first); ``banlists`` maps list keys (``horde-survivor``, ``commander``,
    ``team-commander``, ``any-number``, ``basics``) to lists with their includes merged. A list
    the format needs but ``banlists`` lacks is reported as not checked. Raises ``KeyError`` for
    an unknown format; never for anything in the list.
    """
    fmt = format if isinstance(format, Format) else find_format(format)
    return _Checker(decklist, fmt, cards, banlists, options or Options()).run()
