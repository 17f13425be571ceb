"""What the cards on a side's board add up to, read from the card data's tags alone: the power
its attackers swing with (printed power, counters, and the lords and anthems the tags describe;
hs-4-3, sw-9-2) and the plain reminders of the triggers a card carries. Shared by the runners'
boards (:mod:`pyengine.widgets.board` re-exports them) and the engine's card reference
(:mod:`pyengine.card_reference`), so the reference says what the runner counts.

Pure and standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["TRIGGERS", "attack_summary", "boost_of", "number", "tag_words", "trigger_reminders"]


# -- numbers -------------------------------------------------------------------------------------
_BOOST = re.compile(r"^(lord|anthem)=(other|your|all)_([a-z_]+?)\+(\d+)/\+(\d+)(.*)$")
_PLURALS = {"zombies": ("Zombie",), "goblins": ("Goblin",), "skeletons": ("Skeleton",),
            "zombies_and_skeletons": ("Zombie", "Skeleton"), "creatures": (),
            "attacking_creatures": ()}


#: Anthems by colour (``anthem=all_black_creatures+1/+1``): the colour's mana symbol.
_COLOURED = {"white_creatures": "W", "blue_creatures": "U", "black_creatures": "B",
             "red_creatures": "R", "green_creatures": "G"}


def _coloured_bonus(match: re.Match[str], source_id: int, info: Mapping[int, Any],
                    facts: Callable[[str], Mapping[str, Any] | None], source: str,
                    missing: list[str]) -> int:
    """A colour anthem's bonus to the attackers whose mana cost shows the colour; an
    attacker without a cost in the data (a token) is not guessed: the anthem is named in
    ``missing`` for it."""
    who, colour, bonus = match.group(2), _COLOURED[match.group(3)], int(match.group(4))
    total = 0
    for card_id, (name, _subtypes_of) in info.items():
        if who == "other" and card_id == source_id:
            continue
        entry = facts(name) or {}
        if number(entry.get("power", "")) is None:
            continue
        cost = str(entry.get("mana_cost", "") or "")
        if not cost:
            note = f"{source} (anthem)"
            if note not in missing:
                missing.append(note)
            continue
        if "{" + colour in cost or f"/{colour}" in cost:
            total += bonus
    return total


def _subtypes(type_line: str) -> set[str]:
    front = type_line.split("//")[0]
    parts = re.split(r"(?<!\s)\s+[—–-]\s+", front, maxsplit=1)  # from a run's first space
    return set(parts[1].split()) if len(parts) == 2 else set()


def boost_of(tag: str) -> tuple[str, tuple[str, ...], int] | None:
    """A lord or anthem tag the attack total counts (``lord=other_zombies+1/+1``): ``(who,
    subtypes, power bonus)``, ``who`` being ``other``, ``your`` or ``all`` and ``subtypes``
    empty for every creature; None for one it does not count (named instead)."""
    match = _BOOST.match(str(tag))
    if match is None or match.group(3) not in _PLURALS:
        return None
    return match.group(2), _PLURALS[match.group(3)], int(match.group(4))


def number(text: Any) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


def attack_summary(attackers: Sequence[tuple[int, str, int]], board: Sequence[tuple[int, str]],
                   facts: Callable[[str], Mapping[str, Any] | None]) -> tuple[int, list[str]]:
    """The power the attackers swing with: ``(at_least, not_counted)``.

    ``attackers`` are ``(id, name, counters)``, ``board`` the ``(id, name)`` of every permanent
    on the attackers' side (lords and anthems come from there), ``facts(name)`` a card's facts
    (``power``, ``type_line``, ``tags``). Printed power plus counters is counted; a lord or
    anthem the tags describe as ``lord=other_zombies+1/+1`` (other, your or all; Zombies,
    Goblins, Skeletons, attacking creatures) adds its bonus; anything else is named in
    ``not_counted``: ``Soulless One (*/*)``, ``Bad Moon (anthem)``."""
    total = 0
    missing: list[str] = []
    info = {}
    for card_id, name, counters in attackers:
        entry = facts(name) or {}
        info[card_id] = (name, _subtypes(str(entry.get("type_line", ""))))
        power = number(entry.get("power", ""))
        if power is None:
            printed = str(entry.get("power", "")).strip() or "?"
            toughness = str(entry.get("toughness", "")).strip() or "?"
            note = f"{name} ({printed}/{toughness})"
            if note not in missing:
                missing.append(note)
            continue
        total += power + counters
    for source_id, source in board:
        entry = facts(source) or {}
        for tag in entry.get("tags", []) or []:
            tag = str(tag)
            if not tag.startswith(("lord=", "anthem=")):
                continue
            boost = boost_of(tag)
            kind = tag.split("=", 1)[0]
            match = _BOOST.match(tag)
            if match is not None and match.group(3) in _COLOURED:
                total += _coloured_bonus(match, source_id, info, facts, source, missing)
                continue
            if boost is None:
                note = f"{source} ({kind})"
                if note not in missing:
                    missing.append(note)
                continue
            who, types, bonus = boost
            for card_id, (name, subtypes) in info.items():
                if who == "other" and card_id == source_id:
                    continue
                if types and not subtypes.intersection(types):
                    continue
                if number((facts(name) or {}).get("power", "")) is None:
                    continue
                total += bonus
    return total, missing


# -- trigger reminders ---------------------------------------------------------------------------
TRIGGERS = (
    ("etb_or_attacks", "when it enters or attacks"),
    ("attacks_or_blocks", "when it attacks or blocks"),
    ("threshold_etb", "when it enters with threshold"),
    ("cast_trigger", "when it is cast"),
    ("begin_combat", "at the beginning of combat"),
    ("each_upkeep", "at each upkeep"),
    ("end_step", "at the end step"),
    ("upkeep", "at its controller's upkeep"),
    ("etb", "when it enters"),
    ("attacks", "when it attacks"),
    ("dies", "when it dies"),
    ("tokens", "it makes tokens"),
)
_WORDS = {"opp": "opponent", "opps": "opponents", "dmg": "damage", "gy": "graveyard",
          "bf": "battlefield", "eot": "until end of turn", "sacs": "sacrifices",
          "sac": "sacrifice", "mv": "mana value", "etb": "enters"}


def tag_words(code: str) -> str:
    """A tag's code in words: ``each_opp_loses1`` -> ``each opponent loses 1``."""
    text = re.sub(r"([a-z])(\d)", r"\1 \2", code)
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)
    text = re.sub(r"(?<=[A-Za-z0-9)])\+(?=[A-Za-z])", ", ", text).replace("_", " ")
    return " ".join(_WORDS.get(word, word) for word in text.split())


def trigger_reminders(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None]
                      ) -> list[str]:
    """One plain line per revealed card whose card data tags a trigger: ``Cackling Fiend —
    when it enters: each opponent discards 1``. Each name once, in order."""
    lines: list[str] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        parts = []
        for tag in (facts(name) or {}).get("tags", []) or []:
            key, _, value = str(tag).partition("=")
            for prefix, phrase in TRIGGERS:
                if key == prefix or key.startswith(prefix + "_"):
                    rest = key[len(prefix) + 1:] if key != prefix else ""
                    what = ", ".join(p for p in (tag_words(rest), tag_words(value)) if p)
                    parts.append(f"{phrase}: {what}" if what else phrase)
                    break
        if parts:
            lines.append(f"{name} — " + "; ".join(parts))
    return lines
