"""Deck legality: is a decklist legal in one of the project's deck rules, and if not, why?

:func:`check` takes a :class:`~pyengine.decklist.Decklist`, a format key (:data:`FORMATS`), a
:class:`~pyengine.cards.CardDB`, the ban lists (:class:`~pyengine.banlists.BanList` by file stem:
``horde-survivor``, ``commander``, ``team-commander``, ``any-number``, ``basics``, includes
already merged) and :class:`Options`, and returns a :class:`Report`: a verdict and a list of
:class:`Finding`, each with the deck's line number, the card, what is wrong, the rule's address
on the site (``"horde/#hs-1-1"``) and a severity. Pure: no I/O, nothing random.

What is checked (rule anchors in brackets)

* ``horde`` [hs-1-1, hs-1-4]: at least 40 cards; at most 4 copies of a card other than basic
  lands and the any-number cards; no card from the Survivor ban list.
* ``commander-horde`` [hs-1-2, hs-1-4]: the Commander deck rules (below), the Survivor ban list
  and, since hs-1-2 asks for "an ordinary Commander deck", the official Commander list.
* ``limited-horde`` [lh-1-5]: a Draft or Sealed deck: at least 40 cards, any number of copies, no
  ban list.
* ``swarm`` [sw-2-1, sw-15-1]: the Commander deck rules and the official Commander list. Swarm
  publishes no ban list, only a principle; :attr:`Options.survivor_warnings` adds the Survivor
  list as warnings.
* ``team-commander`` [tc-1-1 to tc-1-5, tc-5-1]: the Commander deck rules; the Team Commander
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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .banlists import BanList
from .cards import CardDB, CardFacts
from .commanders import (  # noqa: F401 - re-exported: the commander rules moved there
    PAIRING_TAGS,
    CommanderReading,
    can_be_commander,
    commander_tags,
    companion_rule,
    find_commanders,
    find_commanders_only,
    is_background,
    pair_problem,
)
from .decklist import OUT_OF_DECK, Decklist, Entry
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
#: The ban lists of Commander decks (the official list, Team Commander's own).
COMMANDER_LISTS = ("commander", "team-commander")

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
    copy_limit: int | None = None
    """Most copies of a card (SlingLab's 4, hs-1-1); None: any number (Limited)."""
    playgroup_bans: bool = False
    """The playgroup's own ban lists apply (Team Commander, tc-1-5)."""
    survivor_warnings: bool = False
    """The Horde Survivor list may be shown as warnings (Swarm publishes none)."""


FORMATS: dict[str, Format] = {fmt.key: fmt for fmt in (
    Format(
        key="horde",
        title="Horde (SlingLab rules)",
        commander=False,
        copy_limit=HORDE_MAX_COPIES,
        deck_rule="horde/#hs-1-1",
        banlists=(("horde-survivor", "horde/#hs-1-4"),),
        notes=(
            "The source frees only basic lands from the 4-copy limit; cards whose own text "
            "allows any number of copies are also allowed here, as in ordinary Magic.",
        ),
    ),
    Format(
        key="commander-horde",
        title="Commander Horde (SlingLab rules)",
        commander=True,
        deck_rule="horde/#hs-1-2",
        banlists=(("horde-survivor", "horde/#hs-1-4"), ("commander", "horde/#hs-1-2")),
        notes=(
            "The source asks for an ordinary Commander deck and names only the Survivor ban "
            "list; applying the official Commander list is this site's reading of 'ordinary'.",
        ),
    ),
    Format(
        key="limited-horde",
        title="Limited Horde 2.1 (Draft or Sealed deck)",
        commander=False,
        deck_rule="limited-horde/#lh-1-5",
        notes=(
            "The source asks only for a deck built under Draft or Sealed rules; the 40-card "
            "minimum and any number of copies are the usual Limited deck rules, not its words.",
        ),
    ),
    Format(
        key="swarm",
        title="Swarm Mode (Commander decks)",
        commander=True,
        survivor_warnings=True,
        deck_rule="swarm/#sw-2-1",
        banlists=(("commander", "swarm/#sw-2-1"),),
        notes=(
            "Swarm Mode publishes no ban list of its own, only a principle: a card is banned if "
            "it would leave The Swarm entirely ineffective or hand the Survivors too easy a win. "
            "The official Commander list applies to every Commander deck; the Horde Survivor "
            "list can be shown as warnings.",
        ),
    ),
    Format(
        key="team-commander",
        title="Team Commander",
        commander=True,
        deck_rule="team-commander/#tc-1-1",
        banlists=(("team-commander", "team-commander/#tc-1-5"),),
        sideboard_rule="team-commander/#tc-1-3",
        playgroup_bans=True,
        banned_as_commander_rule="team-commander/#tc-1-2",
    ),
)}
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


_CATEGORY_TAG = re.compile(r"\|\s*tag=(?P<tag>[a-z_]+)\s*$")


def _category_tag(note: str) -> str:
    """The card-fact tag a ban-list category is decided by (``@key | text | tag=extra_turn``)."""
    match = _CATEGORY_TAG.search(note or "")
    return match.group("tag") if match else ""


def _category_text(note: str) -> str:
    return _CATEGORY_TAG.sub("", note or "").strip()


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
    commanders: tuple[str, ...] = ()
    """Commander formats: the commander(s) the player says they use (names as in the list);
    empty to use the list's own marks or the checker's proposal."""


class _More:
    """Findings of one kind past :data:`MAX_FINDINGS_PER_KIND`: how many, where, which rule."""

    def __init__(self, rule: str, first: int, last: int) -> None:
        self.rule, self.first, self.last, self.count = rule, first, last, 0


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
    def group(self) -> str:
        """The group this finding is shown in (a key of :data:`GROUPS`)."""
        if self.severity == INFO:
            return "read"
        return _GROUP_OF.get(self.code, "other")

    @property
    def rule_label(self) -> str:
        """The rule as people write it: ``"HS 1.1"`` for ``"horde/#hs-1-1"``."""
        anchor = self.rule.partition("#")[2]
        match = re.fullmatch(r"(?<![a-z])([a-z]+)-(\d+)(?:-(\d+))?", anchor)
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
            "group": self.group,
            "suggestions": list(self.suggestions),
        }

    def to_text(self) -> str:
        where = f"line {self.line}" if self.line else "deck"
        card = f" {self.card}:" if self.card else ""
        hint = f" (did you mean {' or '.join(self.suggestions)}?)" if self.suggestions else ""
        label = f" [{self.rule_label}: {self.rule}]" if self.rule_label else (
            f" [{self.rule}]" if self.rule else "")
        return f"{where}:{card} {self.message}{hint}{label}"


GROUPS = {
    "banned": "Banned or not legal",
    "identity": "Colour identity",
    "copies": "Copies",
    "size": "Deck size",
    "commander": "Commander and companion",
    "unknown": "Unknown cards",
    "other": "Other",
    "read": "How the list was read",
}
"""Finding groups, in the order they are shown: the problems, then what could not be checked,
then how the list was read (lines skipped, assumptions made)."""
_GROUP_OF = {
    "banned": "banned", "banned-as-companion": "banned", "banned-as-commander": "banned",
    "survivor-list": "banned", "not-legal": "banned", "digital-only": "banned",
    "identity": "identity", "identity-skipped": "identity",
    "copies": "copies",
    "size": "size", "sideboard": "size",
    "commander": "commander", "partner": "commander", "companion": "commander",
    "companion-condition": "commander",
    "unknown-card": "unknown", "unknown-name": "unknown", "no-facts": "unknown",
    "reader": "read", "note": "read", "maybeboard": "read", "section": "read",
    "token": "read", "horde-deck": "read", "companion-from-sideboard": "read",
"commander-from-sideboard": "read", "commander-assumed": "read",
    "commander-chosen": "read", "banlist-missing": "other",
}


@dataclass
class Report:
    """The answer: a verdict and everything found, grouped (see :data:`GROUPS`)."""

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
    commander_source: str = ""
    """How the commanders were found: ``marked``, ``chosen``, ``sideboard``, ``assumed``, or
    empty (none, or not a Commander format)."""
    proposals: list[list[str]] = field(default_factory=list)
    """Commander formats: the likely commanders (each a list of one or two names), best first,
    for a "Is X your commander?" question when none was marked."""

    @property
    def legal(self) -> bool:
        return self.verdict == LEGAL

    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    def groups(self) -> list[tuple[str, str, list[Finding]]]:
        """(key, title, findings) for every group with findings, in :data:`GROUPS` order."""
        by_group: dict[str, list[Finding]] = {}
        for finding in self.findings:
            by_group.setdefault(finding.group, []).append(finding)
        return [(key, title, by_group[key]) for key, title in GROUPS.items() if key in by_group]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "verdict": self.verdict,
            "size": self.size,
            "commanders": list(self.commanders),
            "commander_source": self.commander_source,
            "proposals": [list(p) for p in self.proposals],
            "unchecked": list(self.unchecked),
            "notes": list(self.notes),
            "findings": [f.to_dict() for f in self.findings],
        }

    def to_text(self) -> str:
        title = FORMATS[self.format].title if self.format in FORMATS else self.format
        lines = [f"{title}: {self.verdict} ({self.size} cards)"]
        if self.commanders:
            how = {"assumed": " (assumed; see below)", "sideboard": " (from the sideboard)",
                   "chosen": " (as you chose)"}.get(self.commander_source, "")
            lines.append("commander: " + " + ".join(self.commanders) + how)
        if self.verdict == NOT_CHECKED and self.unchecked:
            lines.append("not checked: " + ", ".join(self.unchecked))
        for _, group_title, findings in self.groups():
            lines.append(f"{group_title}:")
            lines.extend(f"  {f.severity}: {f.to_text()}" for f in findings)
        lines.extend(f"note: {note}" for note in self.notes)
        return "\n".join(lines) + "\n"


# -- Scryfall facts with the tags the checker reads -------------------------------------------

def _front_oracle(card: Mapping[str, Any]) -> str | None:
    text = card.get("oracle_text")
    if isinstance(text, str):
        return text
    faces = card.get("card_faces") or []
    front = faces[0].get("oracle_text") if faces and isinstance(faces[0], Mapping) else None
    return front if isinstance(front, str) else None


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


_EXTRA_TURN = re.compile(
    r"\b(?:take|takes|taking|get|gets|gift|gifts)\s+(?:(?:an?|one|two|three|four|five|x|\d+|"
    r"that\s+many)\s+)?(?:additional|extra)\s+turns?\b", re.IGNORECASE)
_NEGATED = re.compile(r"(?:can't|cannot|can not|don't|doesn't|do not|does not|never)\s*$",
                      re.IGNORECASE)
_TAKE_OVER = re.compile(
    r"\b(?:gains?\s+control\s+of|controls?)\s+(?:target|that|another\s+target|each|an?|"
    r"the\s+(?:first|second|chosen))\s+(?:player|opponent)\b[^.]{0,300}?\bduring\s+(?:that\s+"
    r"player's|their|his\s+or\s+her|its|the\s+(?:first|second|chosen)\s+player's)\s+next\s+"
    r"turn", re.IGNORECASE)
#: The tags :func:`rule_ban_tags` reads, and what each means (the Team Commander ban, tc-5-1).
RULE_BAN_TAGS = {
    "extra_turn": "it gives a player an extra turn",
    "controls_turn": "it lets a player control another player's turn",
}


def rule_ban_tags(oracle_text: str) -> tuple[str, ...]:
    """Tags for the kinds of card a rulebook bans, read from the card's rules text (all
    faces): ``extra_turn`` for a card that gives a player one or more extra turns ("take an
    extra turn", "takes two extra turns", "Gift an extra turn"; never "can't take extra
    turns" or "would begin an extra turn"), ``controls_turn`` for a card that lets a player
    control another player during that player's next turn (Mindslaver, Worst Fears). Team
    Commander bans both (tc-5-1)."""
    text = oracle_text.replace("\u2019", "'")
    tags: list[str] = []
    for match in _EXTRA_TURN.finditer(text):
        if not _NEGATED.search(text[max(0, match.start() - 14):match.start()]):
            tags.append("extra_turn")
            break
    if _TAKE_OVER.search(text):
        tags.append("controls_turn")
    return tuple(tags)


def _all_oracle(card: Mapping[str, Any]) -> str:
    texts = [card.get("oracle_text")] + [f.get("oracle_text") for f in card.get("card_faces")
                                         or [] if isinstance(f, Mapping)]
    return "\n".join(t for t in texts if isinstance(t, str))


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
        if facts is None:
            continue
        if text is None and not isinstance(card.get("games"), list):
            continue
        text = text or ""
        kept = tuple(t for t in facts.tags
                     if t.split("=", 1)[0] not in PAIRING_TAGS + tuple(RULE_BAN_TAGS))
        extra = rule_ban_tags(_all_oracle(card))
        games = card.get("games")
        if isinstance(games, list) and not any(t.startswith("games=") for t in kept):
            extra += ("games=" + "".join(letter for game, letter in
                                         (("paper", "p"), ("arena", "a"), ("mtgo", "m"))
                                         if game in games),)
        db.add(replace(facts, tags=tuple(dict.fromkeys(kept + commander_tags(text) + extra))))
    return db


# -- the check -------------------------------------------------------------------------------


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


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


#: The name shape of an Alchemy card rebalanced for MTG Arena: ``A-Name`` (Scryfall's spelling).
_DIGITAL_NAME = re.compile(r"^A-(?=[A-Z0-9\u00c0-\u024f])")

#: Most "did you mean" hints computed in one check (the rest are reported without one).
MAX_HINTS = 60

MAX_FINDINGS_PER_KIND = 100
"""At most this many findings of one kind (``code``) and severity are listed line by line; the
rest are one summary finding ("and N more lines like these"), so a pasted megabyte of one mistake
reads as a few screens, not tens of thousands of lines, and is checked as quickly."""


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
        self.grouped = deck.grouped()  # one pass: the check asks for several sections
        self.fmt = fmt
        self.cards = cards
        self.banlists = banlists
        self.options = options
        self.findings: list[Finding] = []
        self.unchecked: dict[str, None] = {}
        self.report = Report(format=fmt.key, verdict=LEGAL, notes=list(fmt.notes))
        self._hint_names: tuple[str, ...] | None = None
        self._hints_left = MAX_HINTS
        self._basic: dict[str, bool] = {}
        self.tokens_left_out = 0
        self._digital: set[str] = set()
        self._per_kind: dict[tuple[str, str], int] = {}
        self._more: dict[tuple[str, str], _More] = {}

    # -- helpers ---------------------------------------------------------------------------

    def add(self, line: int, card: str, message: str, rule: str, severity: str,
            code: str, suggestions: Iterable[str] = ()) -> None:
        kind = (code, severity)
        listed = self._per_kind.get(kind, 0)
        if listed >= MAX_FINDINGS_PER_KIND and line:
            self._count_more(kind, rule, (line,))
            return
        self._per_kind[kind] = listed + 1
        self.findings.append(
            Finding(line, card, message, rule, severity, code, tuple(suggestions))
        )

    def _count_more(self, kind: tuple[str, str], rule: str, lines: Sequence[int]) -> None:
        """Count ``lines`` (numbered) as findings of ``kind`` past the cap."""
        first, last = min(lines), max(lines)
        more = self._more.get(kind)
        if more is None:
            more = self._more[kind] = _More(rule, first, last)
        more.count += len(lines)
        more.first, more.last = min(more.first, first), max(more.last, last)

    def add_each(self, entries: Sequence[Entry], message: str, rule: str, severity: str,
                 code: str) -> None:
        """The same finding for each of ``entries`` (in line order): the first ones listed,
        the rest counted in one summary, without a call per line."""
        self.add_many([entry.line for entry in entries],
                      lambda n: (entries[n].name, message), rule, severity, code,
                      lambda n: message)

    def add_many(self, lines: Sequence[int], finding: Callable[[int], tuple[str, str]],
                 rule: str, severity: str, code: str,
                 unnumbered: Callable[[int], str]) -> None:
        """One finding of a kind for each of ``lines`` (in order), as :meth:`add` would make
        them one by one, without a call per line past the cap: ``finding(n)`` gives the
        ``n``-th one's card and message (asked only for those listed), ``unnumbered(n)`` the
        message of one with no line number past the cap (listed with an empty card)."""
        room = max(0, MAX_FINDINGS_PER_KIND - self._per_kind.get((code, severity), 0))
        for n in range(min(room, len(lines))):
            card, message = finding(n)
            self.add(lines[n], card, message, rule, severity, code)
        if len(lines) <= room:
            return
        rest = lines[room:]
        numbered = rest if 0 not in rest else [line for line in rest if line]
        if numbered:
            self._count_more((code, severity), rule, numbered)
        if len(numbered) < len(rest):
            for n, line in enumerate(rest, room):
                if not line:
                    self.add(0, "", unnumbered(n), rule, severity, code)

    def summarise_more(self) -> None:
        """One finding for each kind whose findings were cut at
        :data:`MAX_FINDINGS_PER_KIND` (they count towards the verdict like the ones listed)."""
        for (code, severity), more in self._more.items():
            lines = "line" if more.count == 1 else "lines"
            self.findings.append(Finding(
                more.first, "", f"and {more.count:,} more {lines} like the "
                f"{MAX_FINDINGS_PER_KIND} above ({lines} {more.first}–{more.last}): fix those "
                "first, then check again", more.rule, severity, code))

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
        known = self._basic.get(name)
        if known is None:
            facts = self.cards.get(name)
            known = (facts is not None and facts.is_basic) or self.listed("basics", name)
            self._basic[name] = known
        return known

    def copy_limit(self, name: str, default: int | None) -> int | None:
        facts = self.cards.get(name)
        if self.is_basic(name) or self.listed("any-number", name, "any-number") or (
                facts is not None and facts.has_tag("any_number")):
            return None
        note = None
        banlist = self.banlists.get("any-number")
        if banlist is not None:
            note = banlist.note(name, "limited")
        if note is None and facts is not None:
            note = facts.tag_value("copy_limit")
        if note is not None:
            try:
                return int(note)
            except ValueError:
                return None
        return default

    def limit_of(self, card: _Card, default: int) -> int | None:
        """The copy limit of a card the card data or the ban lists identify; ``None`` (not
        counted) for a name nothing identifies: an unknown name is "not checked", never a
        copy-limit error (a translated basic land is not eight copies of a card)."""
        if card.facts is None and not self.listed("any-number", card.name) \
                and not self.listed("basics", card.name):
            return None
        return self.copy_limit(card.name, default)

    def hints(self, name: str) -> list[str]:
        """Close names from the card data and the ban lists (never the name itself), through
        the card data's name index; at most :data:`MAX_HINTS` names get hints per check."""
        if self._hints_left <= 0:
            return []
        self._hints_left -= 1
        if self._hint_names is None:
            self._hint_names = tuple(n for banlist in self.banlists.values()
                                     for n in banlist.names())
        return self.cards.suggest(name, extra=self._hint_names)

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
        problems = self.deck.problems

        def unreadable(n: int) -> str:
            problem = problems[n]
            return f"this line could not be read: {problem.message}" + (
                f" — {problem.text.strip()}" if problem.text.strip() else "")

        self.add_many([p.line for p in problems], lambda n: ("", unreadable(n)),
                      READER_ANCHOR, UNCHECKED, "reader", unreadable)
        # the maybeboard is reported by note_sections
        notes = [note for note in self.deck.notes if "maybeboard" not in note.message]

        def noted(n: int) -> str:
            note = notes[n]
            return note.message + (f" — {note.text.strip()}" if note.text.strip() else "")

        self.add_many([note.line for note in notes], lambda n: ("", noted(n)), READER_ANCHOR,
                      INFO, "note", noted)
        if self.fmt.commander:
            self.commander_deck()
        else:
            self.sixty_deck()
        self.summarise_more()
        self.report.unchecked = list(self.unchecked)
        order = {key: number for number, key in enumerate(GROUPS)}
        self.findings.sort(key=lambda f: (order.get(f.group, 0), _SEVERITY_ORDER[f.severity],
                                          f.line))
        self.report.findings = self.findings
        severities = {f.severity for f in self.findings}
        if ERROR in severities:
            self.report.verdict = NOT_LEGAL
        elif UNCHECKED in severities:
            self.report.verdict = NOT_CHECKED
        else:
            self.report.verdict = LEGAL
        return self.report

    def note_sections(self, commander_sideboard: bool, taken: frozenset[int] = frozenset()
                      ) -> None:
        sideboard = self.grouped.section("sideboard")
        if taken:
            sideboard = [e for e in sideboard if e.line not in taken or not e.line]
        if sideboard and self.fmt.sideboard_rule and not commander_sideboard:
            self.add_each(sideboard, "sideboards are not allowed; take this card out or move "
                          "it into the deck", self.fmt.sideboard_rule, ERROR, "sideboard")
        elif sideboard and not commander_sideboard:
            self.add(sideboard[0].line, "",
                     f"the sideboard ({_cards(sum(e.count for e in sideboard))}) is not part of "
                     "the deck and was not counted", self.fmt.deck_rule, INFO, "sideboard")
        maybe = self.grouped.section("maybeboard")
        if maybe:
            self.add(maybe[0].line, "",
                     f"the maybeboard ({_cards(sum(e.count for e in maybe))}) is not part of the "
                     "deck: left out", self.fmt.deck_rule, INFO, "maybeboard")
        # the sections in the order they first appear: the first one's first entry is the
        # first of them all
        others = [entries for section, entries in self.grouped.sections.items()
                  if section in OUT_OF_DECK and section not in _OUTSIDE]
        if others:
            first = others[0][0]
            count = sum(e.count for entries in others for e in entries)
            self.add(first.line, "", f"{_cards(count)} in the {first.section} section "
                     "are not part of the deck: left out", self.fmt.deck_rule, INFO, "section")

    def unknown(self, card: _Card, why: str, rule: str) -> None:
        """A card with no facts: listed as not checked, never passed; an Alchemy ``A-`` name
        (a card rebalanced for MTG Arena) is a digital-only card, not an unknown one."""
        if card.name in self.unchecked or card.name in self._digital:
            return
        if _DIGITAL_NAME.match(card.name):
            self._digital.add(card.name)
            self.add(card.line, card.name, "an Alchemy card (the 'A-' name of a card rebalanced "
                     "for MTG Arena): it exists only in digital games, so it is not legal on "
                     "paper", self.fmt.deck_rule, ERROR, "digital-only")
            return
        self.unchecked.setdefault(card.name, None)
        facts = self.cards.get(card.name)
        if facts is not None and facts.has_tag("no_facts"):
            self.add(card.line, card.name, "the card data has only its name: " + why, rule,
                     UNCHECKED, "no-facts")
            return
        self.add(card.line, card.name, "unknown card: " + why, rule, UNCHECKED, "unknown-card",
                 self.hints(card.name))

    def legal_status(self, card: _Card, commander_rules: bool) -> None:
        """What the card data says about the card itself: digital only, not legal in
        Commander or banned there by Scryfall's data."""
        facts = card.facts
        if facts is None:
            return
        games = facts.tag_value("games")
        if games is None and _DIGITAL_NAME.match(facts.name):
            games = "a"
        if games is not None and "p" not in games:
            where = " and ".join(name for letter, name in (("a", "MTG Arena"), ("m", "MTGO"))
                                 if letter in games) or "digital games"
            self.add(card.line, card.name, f"exists only on {where}, so it is not legal on "
                     "paper", self.fmt.deck_rule, ERROR, "digital-only")
            return
        status = facts.tag_value("commander")
        if commander_rules and status in ("banned", "not_legal"):
            ban_rule = next((rule for key, rule in self.fmt.banlists
                             if key in COMMANDER_LISTS), self.fmt.deck_rule)
            if status == "banned":
                if not any(f.card == card.name and f.code == "banned" for f in self.findings):
                    self.add(card.line, card.name, "banned in Commander (Scryfall's card data, "
                             f"as of {self.cards.meta.get('date', 'its date')})", ban_rule,
                             ERROR, "banned")
            else:
                self.add(card.line, card.name, "not legal in Commander (Scryfall's card data: "
                         "not a tournament-legal card)", self.fmt.deck_rule, ERROR,
                         "not-legal")

    # -- 40-card formats -------------------------------------------------------------------

    def sixty_deck(self) -> None:
        fmt = self.fmt
        self.note_sections(False)
        for entry in self.grouped.section("commander") + self.grouped.section("companion"):
            self.add(entry.line, entry.name,
                     f"this format has no {entry.section}; the card was not counted",
                     fmt.deck_rule, INFO, "section")
        entries = self.without_tokens(self.deck_entries())
        size = sum(e.count for e in entries)
        self.report.size = size
        if size < HORDE_MIN_SIZE:
            self.add(0, "", f"the deck has {_cards(size)}; it needs at least {HORDE_MIN_SIZE}"
                     + self.tokens_said(), fmt.deck_rule, ERROR, "size")
        grouped = self.group(entries)
        if fmt.copy_limit is not None:
            for card in grouped:
                limit = self.limit_of(card, fmt.copy_limit)
                if limit is not None and card.count > limit:
                    self.copies(card, limit)
        for card in grouped:
            self.bans(card, "main")
            self.legal_status(card, False)
            if card.facts is None:
                self.unknown(card, "not in the card data, so it was not checked; check the "
                             "spelling", fmt.deck_rule)

    def deck_entries(self) -> list[Entry]:
        return list(self.grouped.library)

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
        if not banlist.sections_containing(name) and (
                facts is None or ("Conspiracy" not in facts.types and not facts.has_tag("ante")
                                  and not any(facts.has_tag(t) for t in RULE_BAN_TAGS))):
            return None  # not named by the list, and no category can take it
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
            tag = _category_tag(category.note)
            if tag and facts is not None and facts.has_tag(tag):
                why = RULE_BAN_TAGS.get(tag, tag)
                return (f"banned by the {label}: {_category_text(category.note)} — {why} "
                        "(read from its rules text in the card data)",
                        _CATEGORY_RULES.get(category.name, ""))
            member = banlist.find(name, category.name)
            if member is not None:
                detail = _category_text(category.note) or category.name
                return (f"banned by the {label}: {detail}",
                        _CATEGORY_RULES.get(category.name, ""))
        return None

    def bans(self, card: _Card, section: str) -> None:
        """The format's ban lists (hs-1-4, hs-11-2; tc-1-5)."""
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
        if self.fmt.playgroup_bans:
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
        if self.fmt.survivor_warnings and self.options.survivor_warnings:
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
        reading = find_commanders(self.deck, self.cards, self.options.commanders,
                                  self.grouped)
        commanders, main = reading.commanders, reading.library
        self.report.commander_source = reading.source if commanders else ""
        self.report.proposals = reading.proposals
        names = " + ".join(e.name for e in commanders)
        if reading.source == "sideboard":
            self.add(commanders[0].line, "", f"{names} was taken as the commander: "
                     f"{reading.reason}", rule, INFO, "commander-from-sideboard")
        elif reading.source == "assumed":
            others = [" + ".join(p) for p in reading.proposals
                      if [normalize(n) for n in p] != [normalize(e.name) for e in commanders]]
            self.add(commanders[0].line, "", f"no commander was marked, so {names} was assumed: "
                     f"{reading.reason}" + (f" (other candidates: {', '.join(others[:4])})"
                                            if others else "")
                     + "; mark it in the list, or choose another", rule, INFO,
                     "commander-assumed")
        elif reading.source == "chosen":
            self.add(commanders[0].line, "", f"{names} checked as the commander, as you chose",
                     rule, INFO, "commander-chosen")
        if reading.companions and reading.companion_reason:
            self.add(reading.companions[0].line, reading.companions[0].name,
                     f"read as the companion: {reading.companion_reason}", rule, INFO,
                     "companion-from-sideboard")
        taken = frozenset(e.line for e in reading.companions + commanders if e.line)
        self.note_sections(reading.source == "sideboard", taken)
        main = self.without_tokens(main)
        size = sum(e.count for e in main) + sum(e.count for e in commanders)
        self.report.size = size
        self.report.commanders = [e.name for e in commanders]
        if size != COMMANDER_SIZE:
            self.add(0, "", f"the deck has {_cards(size)} counting the commander"
                     f"{'s' if len(commanders) > 1 else ''}; it must have exactly "
                     f"{COMMANDER_SIZE}" + self.tokens_said(), rule, ERROR, "size")
        # singleton, over the deck and the command zone together
        all_cards = self.group(commanders + main)
        for card in all_cards:
            limit = self.limit_of(card, 1)
            if limit is not None and card.count > limit:
                self.copies(card, limit)
        commander_cards = self.group(commanders)
        main_cards = self.group(main)
        companions = self.group(reading.companions)
        for card in commander_cards:
            self.bans(card, "commander")
        for card in main_cards:
            self.bans(card, "main")
        for card in companions:
            self.bans(card, "companion")
        for card in commander_cards + main_cards + companions:
            self.legal_status(card, True)
        identity = self.commanders(commander_cards)
        self.companions(companions, identity)
        self.identity(identity, main_cards, commander_cards, companions)
        for card in companions:
            if card.facts is not None and card.facts.has_tag("companion"):
                self.companion_condition(card, commander_cards + main_cards, size)

    def commanders(self, cards: list[_Card]) -> str | None:
        """Check the commanders; return their combined identity, or None if unknown."""
        rule = self.fmt.deck_rule
        if not cards:
            self.add(0, "", "no commander: nothing in the list can be a commander (a legendary "
                     "creature, or a card that says it can be your commander); add one and "
                     "mark it in a Commander section", rule, ERROR, "commander")
            return None
        if len(cards) > 2:
            self.add(cards[2].line, cards[2].name,
                     f"{len(cards)} commanders; a deck has one, or two that can be partners",
                     rule, ERROR, "commander")
        known = True
        for card in cards:
            facts = card.facts
            if facts is None or facts.has_tag("no_facts"):
                known = False
                self.unknown(card, "whether it can be a commander, and its colour identity, "
                             "were not checked", rule)
                continue
            if not self.can_command(facts, cards):
                self.add(card.line, card.name,
                         f"cannot be a commander: it is a {facts.type_line or 'card'}, not a "
                         "legendary creature, and does not say it can be your commander",
                         rule, ERROR, "commander")
        pair = [c.facts for c in cards if c.facts is not None and not c.facts.has_tag("no_facts")]
        if len(cards) == 2 and len(pair) == 2:
            problem = pair_problem(pair[0], pair[1], cards[0].name, cards[1].name)
            if problem:
                self.add(cards[1].line, cards[1].name, problem, rule, ERROR, "partner")
        if not known:
            return None
        return "".join(sorted({ch for c in cards if c.facts is not None
                               for ch in c.facts.color_identity},
                              key="WUBRG".index))

    def can_command(self, facts: CardFacts, cards: list[_Card]) -> bool:
        if can_be_commander(facts):
            return True
        if is_background(facts):
            # with a partner whose facts are missing, there is nothing to say yet
            return any(c.facts is None or c.facts.has_tag("choose_a_background")
                       for c in cards if c.facts is not facts)
        return False

    def companions(self, cards: list[_Card], identity: str | None) -> None:
        rule = self.fmt.deck_rule
        if sum(c.count for c in cards) > 1:
            self.add(cards[1].line if len(cards) > 1 else cards[0].line, "",
                     "more than one companion; a deck may have one", rule, ERROR, "companion")
        for card in cards:
            if card.facts is None or card.facts.has_tag("no_facts"):
                continue  # reported by the identity step
            if not card.facts.has_tag("companion"):
                self.add(card.line, card.name, "listed as a companion but has no companion "
                         "ability", rule, ERROR, "companion")

    # -- tokens (CR 108.2) ------------------------------------------------------------------

    def is_token(self, name: str) -> bool:
        """A token, by the card data (``is_token``) or, for a name the data does not know,
        by its shape (``Zombie Token``, ``Token: Zombie``)."""
        facts = self.cards.get(name)
        if facts is not None:
            return facts.is_token
        key = normalize(name)
        return key.endswith(" token") or key.startswith(("token ", "token:"))

    def tokens_said(self) -> str:
        if not self.tokens_left_out:
            return ""
        return (f" ({_cards(self.tokens_left_out)} in the list "
                f"{'are tokens' if self.tokens_left_out > 1 else 'is a token'}, which never "
                "count: CR 108.2)")

    def without_tokens(self, entries: list[Entry]) -> list[Entry]:
        """The entries less tokens, with one note naming them: a token is not a card (CR
        108.2) and never counts towards a deck. A list that is mostly tokens is a Horde's own
        deck: the note says so and where the Horde runner is."""
        tokens = [e for e in entries if self.is_token(e.name)]
        if not tokens:
            return entries
        total = sum(e.count for e in entries)
        count = sum(e.count for e in tokens)
        names = ", ".join(dict.fromkeys(e.name for e in tokens))
        self.tokens_left_out += count
        verb = "are tokens" if count > 1 else "is a token"
        self.add(tokens[0].line, "", f"{_cards(count)} in the list {verb} ({names}): a token "
                 "is not a card (CR 108.2), so it was left out of the count",
                 self.fmt.deck_rule, INFO, "token")
        if count * 2 >= total:
            self.add(0, "", f"this looks like a Horde deck, not a Survivor deck: {count} of its "
                     f"{total} cards are tokens; the Horde runner (play/horde) plays a Horde "
                     "deck", "horde/#hs-10", INFO, "horde-deck")
        return [e for e in entries if not self.is_token(e.name)]

    # -- companion conditions ---------------------------------------------------------------

    def companion_condition(self, card: _Card, deck: list[_Card], size: int) -> None:
        """Check the companion's deck-building condition over the starting deck (the
        commanders and the deck), from its ``companion_rule`` tag and the card facts; say so
        when it cannot be checked, never pass it unchecked."""
        rule = self.fmt.deck_rule
        form = card.facts.tag_value("companion_rule") if card.facts else None
        name = card.name

        def unchecked(why: str) -> None:
            self.add(card.line, name, f"its companion condition was not checked: {why}; "
                     "check it yourself", rule, UNCHECKED, "companion-condition")

        if not form or form == "unread":
            unchecked("the card data does not say what it asks of the deck")
            return
        kind, _, test = form.partition(":")
        if kind == "size":
            extra = int(test.lstrip("+")) if test.lstrip("+").isdigit() else 0
            minimum = COMMANDER_SIZE if self.fmt.commander else HORDE_MIN_SIZE
            if self.fmt.commander:
                self.add(card.line, name, f"its companion condition needs a deck of at least "
                         f"{minimum + extra} cards ({extra} more than the minimum), but a "
                         f"Commander deck has exactly {COMMANDER_SIZE}", rule, ERROR,
                         "companion-condition")
            elif size < minimum + extra:
                self.add(card.line, name, f"its companion condition needs at least "
                         f"{minimum + extra} cards; the deck has {size}", rule, ERROR,
                         "companion-condition")
            return
        missing = [c.name for c in deck if c.facts is None or c.facts.has_tag("no_facts")]

        def applies(facts: CardFacts) -> bool:
            if kind == "permanent":
                return facts.is_permanent
            if kind == "nonland":
                return "Land" not in facts.types
            if kind == "creature":
                return facts.is_creature
            if kind == "noncreature":
                return not facts.is_creature
            if kind == "land":
                return "Land" in facts.types
            return True

        checked = [(c, c.facts) for c in deck if c.facts is not None
                   and not c.facts.has_tag("no_facts") and applies(c.facts)]
        failing: list[str] = []
        what = ""
        if test.startswith(("mv<=", "mv>=")):
            limit = int(test[4:])
            low = test.startswith("mv<=")
            failing = [c.name for c, f in checked
                       if (f.mana_value > limit if low else f.mana_value < limit)]
            what = f"mana value {limit} or {'less' if low else 'more'}"
        elif test in ("even", "odd"):
            want = 0 if test == "even" else 1
            failing = [c.name for c, f in checked if f.mana_value % 2 != want]
            what = f"an {test} mana value"
        elif test.startswith("types="):
            allowed = set(test[6:].split(","))
            failing = [c.name for c, f in checked if not allowed.intersection(f.subtypes)]
            what = "the creature type " + " or ".join(sorted(allowed))
        elif test == "share_type":
            tally: dict[str, int] = {}
            for _, f in checked:
                for type_name in set(f.types) - {"Land"}:
                    tally[type_name] = tally.get(type_name, 0) + 1
            best = max(sorted(tally), key=lambda t: tally[t], default="")
            failing = [c.name for c, f in checked if best not in f.types]
            what = f"one card type in common (most of them are {best or 'nothing'})"
        elif test == "unique_name":
            failing = [c.name for c, _ in checked if c.count > 1]
            what = "a different name"
        elif test == "no_repeat_symbol":
            failing = [c.name for c, f in checked if _repeats_a_symbol(f.mana_cost)]
            what = "no mana symbol twice in its mana cost"
        elif test == "activated":
            without = [c.name for c, f in checked if not _has_activated_tag(f)]
            if without:
                shown = ", ".join(without[:6]) + (", ..." if len(without) > 6 else "")
                unchecked(f"the card data does not record activated abilities for {shown}")
            elif missing:
                unchecked("some cards are not in the card data: " + ", ".join(missing[:6]))
            return
        else:
            unchecked("the card data says something this checker cannot read")
            return
        if failing:
            shown = ", ".join(failing[:8]) + (f" and {len(failing) - 8} more"
                                              if len(failing) > 8 else "")
            self.add(card.line, name, f"its companion condition is not met: every {kind} "
                     f"card must have {what}; these do not: {shown}", rule, ERROR,
                     "companion-condition")
        elif missing:
            unchecked("some cards are not in the card data: " + ", ".join(missing[:6]))
        else:
            self.add(card.line, name, f"its companion condition was checked and is met "
                     f"(every {kind} card has {what})", rule, INFO, "companion-condition")

    def identity(self, identity: str | None, main: list[_Card], commanders: list[_Card],
                 companions: list[_Card]) -> None:
        rule = self.fmt.deck_rule
        others = [(c, "deck") for c in main] + [(c, "companion") for c in companions]

        def missing(card: _Card) -> bool:
            return card.facts is None or card.facts.has_tag("no_facts")

        if identity is None:
            for card, _ in others:
                if missing(card):
                    self.unknown(card, "not in the card data, so its colour identity was not "
                                 "checked", rule)
            if commanders and any(not missing(c) for c, _ in others):
                self.add(0, "", "colour identity not checked: the commander's card data is "
                         "missing", rule, UNCHECKED, "identity-skipped")
            return
        allowed = set(identity)
        shown = identity or "colourless"
        for card, where in others:
            if missing(card):
                self.unknown(card, "not in the card data, so its colour identity was not "
                             "checked", rule)
                continue
            assert card.facts is not None  # missing() said so
            outside = [ch for ch in card.facts.color_identity if ch not in allowed]
            if outside:
                self.add(card.line, card.name,
                         f"colour identity {card.facts.color_identity} is outside the "
                         f"commander's ({shown})" + (" (companion)" if where == "companion"
                                                     else ""),
                         rule, ERROR, "identity")


def _repeats_a_symbol(cost: str) -> bool:
    """True if one mana symbol appears twice in a mana cost (each half of a split card on its
    own): ``{R}{R}``, ``{X}{X}``, ``{2/W}{2/W}``."""
    for half in (cost or "").split("//"):
        symbols = re.findall(r"\{[^{}]+\}", half)
        if len(symbols) != len(set(symbols)):
            return True
    return False


def _has_activated_tag(facts: CardFacts) -> bool:
    return any(t.split("=", 1)[0].startswith("activated") or t.split("=", 1)[0].endswith(
        "_ability") for t in facts.tags)


def check(
    decklist: Decklist,
    format: str | Format,
    cards: CardDB,
    banlists: Mapping[str, BanList],
    options: Options | None = None,
) -> Report:
    """Check ``decklist`` against ``format`` (a key of :data:`FORMATS` or a :class:`Format`).

    ``cards`` gives the card facts (the full card data, the shipped facts, Scryfall, the list's
    own annotations: merge them first); ``banlists`` maps list keys (``horde-survivor``,
    ``commander``, ``team-commander``, ``any-number``, ``basics``) to lists with their includes
    merged. A list the format needs but ``banlists`` lacks is reported as not checked. Raises
    ``KeyError`` for an unknown format; never for anything in the list.
    """
    fmt = format if isinstance(format, Format) else find_format(format)
    return _Checker(decklist, fmt, cards, banlists, options or Options()).run()
