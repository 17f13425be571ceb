"""Conditional attack and block restrictions (issue 39, point 3): "can't attack unless you
control another Zombie", "can't block alone", kept as conditions, never read as "never".

A ``cant_attack`` or ``cant_block`` tag carries its condition in words
(``cant_block=unless_you_control_another_zombie``). :func:`holds` says whether the restriction
applies now, on what the engine knows of the automated side (:class:`Side`: its creatures,
their types and power, its graveyard): ``True`` (it can't), ``False`` (the condition lifts
it) or ``None`` when the engine cannot tell (what the Survivors control, mana paid, cards in
a hand the engine does not see): then the engine keeps the creature in and says the
condition to the table (:func:`table_check`). "Alone" is the engines' own (it depends on the
other attackers or blockers, worked out there).

Pure standard library.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .vocabulary import plural

__all__ = ["Member", "Side", "holds", "table_check"]

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"


@dataclass(frozen=True)
class Member:
    """One creature of the automated side: its id, creature types and power (as it is now,
    lords and anthems included; ``None`` when the engine cannot read it)."""

    id: int
    types: frozenset[str]
    power: int | None
    counters: int = 0


@dataclass(frozen=True)
class Side:
    """What the engine knows of the automated side when it declares attackers or blockers:
    its creatures on the battlefield and the number of cards in its graveyard."""

    creatures: Sequence[Member]
    graveyard: int


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _kinds(words: str) -> frozenset[str] | None:
    """``zombie``, ``goblin_or_orc``, ``knight_or_a_soldier`` -> plural creature types;
    None for words that are no plain creature types."""
    out = set()
    for part in re.split(r"_or_(?:an?_)?", words):
        if not re.fullmatch(r"[a-z]+", part) or part in ("creature", "creatures", "artifact",
                                                        "land", "enchantment"):
            return None
        out.add(plural(part))
    return frozenset(out)


def _controls(rest: str, side: Side, me: Member) -> bool | None:
    """``you control …`` (the rest of the words) on the automated side, or None."""
    m = re.fullmatch(r"(another|an?)_(.+)", rest)
    if m:
        others = [c for c in side.creatures if c.id != me.id or m.group(1) != "another"]
        what = m.group(2)
        power = re.fullmatch(r"creature_with_power_(\d{1,2})_or_greater", what)
        if power:
            needed = int(power.group(1))
            if any(c.power is None for c in others):
                return None
            return any(c.power is not None and c.power >= needed for c in others)
        kinds = _kinds(what)
        if kinds is not None:
            return any(c.types & kinds for c in others)
        return None
    m = re.fullmatch(rf"at_least_{_N}_other_creatures", rest)
    if m:
        return sum(1 for c in side.creatures if c.id != me.id) >= _number(m.group(1))
    return None


def holds(condition: str, side: Side, me: Member) -> bool | None:
    """Whether a restriction with ``condition`` applies to ``me`` now: ``True`` (it can't
    attack or block), ``False`` (the condition lifts it), ``None`` (the engine cannot tell;
    "alone" too, which the engine works out from the other attackers or blockers)."""
    if not condition:
        return True
    m = re.fullmatch(r"unless_(.+)", condition)
    if m is None:
        return None
    rest = m.group(1)
    met: bool | None = None
    control = re.fullmatch(r"you_control_(.+)", rest)
    grave = re.fullmatch(rf"there_are_{_N}_or_more_cards_in_your_graveyard", rest)
    counters = re.fullmatch(rf"it_has_{_N}_or_more_\+1/\+1_counters_on_it", rest)
    if control:
        met = _controls(control.group(1), side, me)
    elif grave:
        met = side.graveyard >= _number(grave.group(1))
    elif counters:
        met = me.counters >= _number(counters.group(1))
    return None if met is None else not met


def table_check(name: str, verb: str, condition: str) -> str:
    """The words that hand a condition the engine cannot check to the table: ``Mogg Flunkies
    can't attack unless …``."""
    what = "attack" if verb == "cant_attack" else "block"
    words = condition.replace("_", " ").replace(" s ", "'s ").replace(" t ", "'t ")
    return f"{name} can't {what} {words}"
