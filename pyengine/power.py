"""A deck's power, as far as card data can tell: a Commander bracket estimate for Survivor decks.

Wizards of the Coast's Commander Brackets (beta, 11 February 2025; updated 22 April and
21 October 2025) describe five brackets — 1 Exhibition, 2 Core, 3 Upgraded, 4 Optimized,
5 cEDH — mostly by a deck's intent, which no card data shows. A few criteria are about cards,
and those are what this module checks, each reason naming its cards:

* **Game Changers** (a published list of cards; ``decks/game-changers.txt``): none in
  brackets 1-2, up to three in bracket 3, any number from bracket 4.
* **Mass land denial** (cards that destroy, exile or bounce many lands, keep lands tapped or
  change what many lands make): none below bracket 4.
* **Extra turns**: none in bracket 1; from bracket 2 in small numbers, not chained (whether
  they chain is play, not data: only the count is shown).
* **Tutors** (a card that searches your library for a card that is not a land) are counted
  and named, but do not raise the estimate: the October 2025 update dropped the guideline that
  limited them (as reported when it was published).
* **Two-card combos** (two cards that together give something infinite or win the game,
  from Commander Spellbook's data: ``decks/combos.tsv.gz``, :mod:`pyengine.combos`, made at
  deploy): none in brackets 1-2; bracket 3 allows them late in the game only, so a combo the
  data calls early (Spellbook's "Ruthless") means bracket 4, a late one or one whose timing
  the data does not give bracket 3; one Spellbook tags as fitting the lower brackets is named
  only. Each found combo is named. Without the file the result says "combos not checked".

So the estimate is a **lower bound**: "at least bracket N by its cards". Bracket 1 and 2 differ
by intent only, and 4 and 5 by intent and tuning, so the card data gives "1-2", "2", "3" or
"4-5". Mass land denial, tutors and extra turns are card-fact tags read from Oracle text at
import (:func:`power_tags`, called by ``scripts/import_scryfall.py``).

Pure standard library; the caller reads the Game Changers file (:func:`parse_game_changers`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .combos import Combos, take_header
from .legality import rule_ban_tags
from .names import normalize

__all__ = ["Power", "Reason", "estimate", "parse_game_changers", "power_tags"]

BRACKETS = {1: "Exhibition", 2: "Core", 3: "Upgraded", 4: "Optimized", 5: "cEDH"}
#: Most Game Changers bracket 3 allows.
BRACKET_3_GAME_CHANGERS = 3
#: Sections of a list that are not played (never counted).
UNPLAYED = ("sideboard", "maybeboard", "considering", "tokens")

# -- tags read from Oracle text at import time ------------------------------------------------
_LAND_WORDS = r"(?:basic\s+)?(?:land|plains|island|swamp|mountain|forest|desert|gate|locus)"
_TUTOR = re.compile(
    r"\bsearch(?:es)?\s+(?:your|their)\s+library(?:\s+and(?:/or)?\s+(?:your\s+)?graveyard)?"
    r"\s+for\s+(?P<what>[^.]{0,80}?)\bcards?\b",
    re.IGNORECASE)
_MASS_LAND = [re.compile(p, re.IGNORECASE) for p in (
    r"\b(?:destroy|exile)\s+all\s+(?:(?!except\b)[\w-]+,?\s+(?:and\s+)?){0,4}lands\b",
    r"\breturn\s+all\s+(?:[\w-]+\s+)?lands\s+to\s+their\s+owners'?\s+hands",
    r"\beach\s+(?:player|opponent)\s+sacrifices\s+(?:all|half|[\w-]+)\s+(?:of\s+)?(?:the\s+)?"
    r"(?:\w+\s+)?lands\b",
    r"\blands\s+(?:don't|do\s+not)\s+untap\b",
    r"\bcan't\s+untap\s+more\s+than\s+(?:one|two)\s+(?:lands?|permanents?)\b",
    r"\bplayers\s+skip\s+their\s+untap\s+steps\b",
    r"\bnonbasic\s+lands\s+are\s+(?:plains|islands|swamps|mountains|forests)\b",
)]


def power_tags(oracle_text: str, type_line: str = "") -> tuple[str, ...]:
    """Card-fact tags for the bracket criteria, from a card's rules text (all faces):
    ``tutor`` (searches your library for a card that is not a land), ``mass_land_denial`` and
    ``extra_turn`` (the same tag Team Commander's ban reads; gives a player an extra turn,
    never "can't take extra turns"). Lands themselves are never tutors."""
    text = oracle_text.replace("\u2019", "'")
    tags: list[str] = []
    if "Land" not in type_line.split(" // ")[0].split(" — ")[0]:
        for match in _TUTOR.finditer(text):
            if not re.search(_LAND_WORDS, match.group("what"), re.IGNORECASE):
                tags.append("tutor")
                break
    if any(pattern.search(text) for pattern in _MASS_LAND):
        tags.append("mass_land_denial")
    if "extra_turn" in rule_ban_tags(oracle_text):  # one reading of "extra turn" (tc-5-1)
        tags.append("extra_turn")
    return tuple(tags)


# -- the Game Changers list ---------------------------------------------------------------------
def parse_game_changers(text: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """The ``# key: value`` header (``source``, ``date``, ``note``...) and the card names of a
    Game Changers file, one name a line."""
    meta: dict[str, str] = {}
    names: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if line and not take_header(line, meta):
            names.append(line)
    return meta, tuple(names)


# -- the estimate -------------------------------------------------------------------------------
@dataclass
class Reason:
    """One criterion the deck's cards meet, with the cards."""

    criterion: str  # game_changers, mass_land_denial, extra_turns, tutors, two_card_combos
    cards: list[str]
    #: The lowest bracket this reason allows (1 when it raises nothing).
    bracket: int
    text: str


@dataclass
class Power:
    #: The lowest bracket the cards allow.
    minimum: int
    #: "1-2", "2", "3" or "4-5".
    label: str
    reasons: list[Reason] = field(default_factory=list)
    #: Criteria the estimate could not check, in plain words.
    not_checked: list[str] = field(default_factory=list)
    #: Cards the card data does not know (not counted).
    unknown: list[str] = field(default_factory=list)
    source: dict[str, str] = field(default_factory=dict)
    #: Where the combo list comes from (empty: no list, combos not checked).
    combos_source: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"minimum": self.minimum, "label": self.label,
                "name": " or ".join(BRACKETS[int(n)] for n in self.label.split("-")),
                "reasons": [asdict(r) for r in self.reasons], "not_checked": self.not_checked,
                "unknown": self.unknown, "game_changers_source": self.source,
                "combos_source": self.combos_source}

    def headline(self) -> str:
        words = " or ".join(BRACKETS[int(n)] for n in self.label.split("-"))
        return f"Bracket {self.label} ({words}) by its cards, at least"

    def to_text(self) -> str:
        lines = [f"power: {self.headline()}"]
        lines += [f"  - {r.text}" for r in self.reasons]
        lines += [f"  - not checked: {n}" for n in self.not_checked]
        lines.append(f"  ({self.sources_line()})")
        return "\n".join(lines) + "\n"

    def sources_line(self) -> str:
        """The dates of the lists the estimate used."""
        line = f"Game Changers list of {self.source.get('date') or 'unknown date'}"
        if self.combos_source:
            line += (f"; two-card combos from Commander Spellbook's data of "
                     f"{self.combos_source.get('date') or 'unknown date'}")
        return line


def _label(minimum: int, extra_turns: bool) -> str:
    if minimum >= 4:
        return "4-5"
    if minimum == 3:
        return "3"
    return "2" if extra_turns else "1-2"


def _names(cards: list[str], limit: int = 12) -> str:
    shown = ", ".join(cards[:limit])
    return shown + (f" and {len(cards) - limit} more" if len(cards) > limit else "")


def _combo_reasons(combos: Combos, names: Iterable[str]) -> list[Reason]:
    """The bracket criteria for the two-card combos whose both cards are in ``names``."""
    found = combos.found_in(names)
    reasons: list[Reason] = []
    early = [c for c in found if c.timing == "early"]
    late = [c for c in found if c.timing in ("late", "")]
    low = [c for c in found if c.timing == "low"]
    if early:
        reasons.append(Reason("two_card_combos", [c.describe() for c in early], 4,
                              f"{len(early)} two-card combo(s) that can win early, bracket 4 "
                              f"or higher: {_names([c.describe() for c in early], 6)}"))
    if late:
        reasons.append(Reason("two_card_combos", [c.describe() for c in late], 3,
                              f"{len(late)} two-card combo(s), none in brackets 1-2 (bracket 3 "
                              f"allows them late in the game): "
                              f"{_names([c.describe() for c in late], 6)}"))
    if low:
        reasons.append(Reason("two_card_combos", [c.describe() for c in low], 1,
                              f"{len(low)} two-card combo(s) the combo data says fit the lower "
                              f"brackets, named only: {_names([c.describe() for c in low], 6)}"))
    return reasons


def estimate(entries: Iterable[Any], db: Any, game_changers: Iterable[str],
             source: Mapping[str, str] | None = None, combos: Combos | None = None) -> Power:
    """The bracket estimate of a deck's played cards (``entries``: decklist entries with
    ``name`` and ``section``; ``db``: a :class:`pyengine.cards.CardDB`), with the Game Changers
    list ``game_changers`` (names) and where it comes from (``source``), and the two-card
    combos (``combos``; None: not checked)."""
    listed = {normalize(name): name for name in game_changers}
    seen: dict[str, str] = {}
    unknown: list[str] = []
    found: dict[str, list[str]] = {"game_changers": [], "mass_land_denial": [],
                                   "extra_turns": [], "tutors": []}
    for entry in entries:
        if entry.section in UNPLAYED:
            continue
        facts = db.get(entry.name)
        name = facts.name if facts is not None else entry.name
        key = normalize(name)
        if key in seen:
            continue
        seen[key] = name
        front = normalize(name.split(" // ")[0])
        if key in listed or front in listed:
            found["game_changers"].append(name)
        if facts is None:
            unknown.append(name)
            continue
        if facts.has_tag("mass_land_denial"):
            found["mass_land_denial"].append(name)
        if facts.has_tag("extra_turn"):
            found["extra_turns"].append(name)
        if facts.has_tag("tutor"):
            found["tutors"].append(name)
    reasons: list[Reason] = []
    changers = found["game_changers"]
    if changers:
        bracket = 4 if len(changers) > BRACKET_3_GAME_CHANGERS else 3
        limit = ("more than three: bracket 4 or higher" if bracket == 4
                 else "up to three are allowed from bracket 3")
        reasons.append(Reason("game_changers", changers, bracket,
                              f"{len(changers)} Game Changer(s), {limit}: {_names(changers)}"))
    if found["mass_land_denial"]:
        cards = found["mass_land_denial"]
        reasons.append(Reason("mass_land_denial", cards, 4,
                              f"mass land denial, not below bracket 4: {_names(cards)}"))
    if found["extra_turns"]:
        cards = found["extra_turns"]
        reasons.append(Reason("extra_turns", cards, 2,
                              f"{len(cards)} extra-turn card(s), none in bracket 1 (whether "
                              f"they chain is not judged): {_names(cards)}"))
    if found["tutors"]:
        cards = found["tutors"]
        reasons.append(Reason("tutors", cards, 1,
                              f"{len(cards)} tutor(s), counted only (no bracket limits them "
                              f"since October 2025): {_names(cards)}"))
    if combos is not None:
        reasons.extend(_combo_reasons(combos, seen.values()))
    minimum = max([1, *(r.bracket for r in reasons)])
    not_checked = [] if combos is not None else [
        "two-card combos (no combo list with this build: it is made at deploy)"]
    not_checked.append("intent, theme and tuning, which decide 1 against 2 and 4 against 5")
    if unknown:
        not_checked.append(f"{len(unknown)} card(s) the card data does not know: "
                           f"{_names(unknown)}")
    return Power(minimum=minimum, label=_label(minimum, bool(found["extra_turns"])),
                 reasons=reasons, not_checked=not_checked, unknown=unknown,
                 source=dict(source or {}),
                 combos_source=dict(combos.meta) if combos is not None else {})
