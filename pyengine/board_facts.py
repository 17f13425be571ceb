"""What the cards on a side's board add up to, read from the card data's tags alone: the power
its attackers swing with (printed power, counters, and the lords and anthems the tags describe;
hs-4-3, sw-9-2) and the plain reminders of the triggers a card carries. Shared by the runners'
boards (:mod:`pyengine.widgets.board` re-exports them) and the engine's card reference
(:mod:`pyengine.card_reference`), so the reference says what the runner counts.

Pure and standard library only.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .vocabulary import Handling, behaviours, plural

__all__ = ["attack_summary", "bonus", "boost_of", "boosting", "granted_keywords", "number",
           "reminder_sentences", "split_sentences", "tag_words", "trigger_reminders"]


# -- numbers -------------------------------------------------------------------------------------
#: Colour words of an anthem's subject (``anthem=all_black_creatures+1/+1``): the mana symbol.
_COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: Subject words that are no creature type.
_PLAIN = {"creatures", "creature", "and", "other", "all", "your"}


def _subtypes(type_line: str) -> set[str]:
    front = type_line.split("//")[0]
    parts = re.split(r"(?<!\s)\s+[—–-]\s+", front, maxsplit=1)  # from a run's first space
    return set(parts[1].split()) if len(parts) == 2 else set()


@functools.lru_cache(maxsize=4096)
def _plural_subtypes(type_line: str) -> frozenset[str]:
    """A type line's creature types, plural (what a boost's subject names), read once per
    type line: the attack total asks it of every attacker for every lord."""
    return frozenset(plural(t) for t in _subtypes(type_line))


_Boost = tuple[str, tuple[str, str, int, int, tuple[str, ...]]]


def _boosts(tags: Iterable[str]) -> tuple[_Boost, ...]:
    """The lord and anthem behaviours of a card's tags: ``(verb, boost)``."""
    return _boosts_of(tags if isinstance(tags, tuple) else tuple(str(t) for t in tags))


@functools.lru_cache(maxsize=4096)
def _boosts_of(tags: tuple[str, ...]) -> tuple[_Boost, ...]:
    """:func:`_boosts`, read once per set of tags: the attack total asks it of every source
    for every attacker, and a token board holds thousands of the same few cards."""
    return tuple((b.name, b.boost) for b in behaviours(tags)
                 if b.name in ("lord", "anthem") and b.boost is not None)


def boosting(sources: Sequence[tuple[int, str]],
             facts: Callable[[str], Mapping[str, Any] | None]) -> list[tuple[int, str]]:
    """The ``(id, name)`` of ``sources`` that carry a lord or anthem: the only ones
    :func:`bonus` reads, so a board is sorted once, not once per creature."""
    carries: dict[str, bool] = {}  # by name: a token board holds many of the same few
    out = []
    for card_id, name in sources:
        found = carries.get(name)
        if found is None:
            found = carries[name] = bool(_boosts((facts(name) or {}).get("tags", []) or []))
        if found:
            out.append((card_id, name))
    return out


def boost_of(tag: str) -> tuple[str, tuple[str, ...], int] | None:
    """A lord or anthem tag (``lord=other_zombies+1/+1``): ``(who, creature types, power
    bonus)`` (types empty for every creature); None for a tag that is no boost or whose
    subject the attack total cannot read (it is named instead)."""
    found = _boosts([tag])
    if not found:
        return None
    who, subject, power, _toughness, _extra = found[0][1]
    reading = _subject(subject)
    if reading is None:
        return None
    types, _adjectives = reading
    return who, tuple(t.title() for t in types), power


@functools.lru_cache(maxsize=4096)
def _subject(subject: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A boost's subject: ``(plural creature types, adjectives)``; None when a word is
    neither (the total cannot apply it)."""
    types, adjectives = [], []
    for word in subject.split("_"):
        if word in _PLAIN:
            continue
        if word in _COLOURS or word in ("attacking", "nontoken", "token"):
            adjectives.append(word)
        elif word.isalpha() and word.endswith("s"):
            types.append(word)
        else:
            return None
    return tuple(types), tuple(adjectives)


def number(text: Any) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


def _applying(target: tuple[int, str], sources: Sequence[tuple[int, str]],
              facts: Callable[[str], Mapping[str, Any] | None], attacking: bool,
              missing: list[str] | None) -> Iterable[tuple[int, tuple[str, ...]]]:
    """The lord and anthem boosts among ``sources`` that reach ``target``: ``(power bonus,
    keywords granted)`` each (what cannot be read is named in ``missing``)."""
    target_id, name = target
    entry = facts(name) or {}
    subtypes = _plural_subtypes(str(entry.get("type_line", "")))
    for source_id, source in sources:
        for verb, (who, subject, power, _toughness, extra) in _boosts(
                (facts(source) or {}).get("tags", []) or []):
            if who == "other" and source_id == target_id:
                continue
            reading = _subject(subject)
            note = f"{source} ({verb})"
            if reading is None:
                if missing is not None and note not in missing:
                    missing.append(note)
                continue
            types, adjectives = reading
            if types and not subtypes.intersection(types):
                continue
            if "attacking" in adjectives and not attacking:
                continue
            if "nontoken" in adjectives and "Token" in str(entry.get("type_line", "")):
                continue
            colours = [_COLOURS[a] for a in adjectives if a in _COLOURS]
            if colours:
                cost = str(entry.get("mana_cost", "") or "")
                if not cost:
                    if missing is not None and note not in missing:
                        missing.append(note)
                    continue
                if not all("{" + c in cost or f"/{c}" in cost for c in colours):
                    continue
            yield power, extra


def bonus(target: tuple[int, str], sources: Sequence[tuple[int, str]],
          facts: Callable[[str], Mapping[str, Any] | None], *, attacking: bool = True,
          missing: list[str] | None = None) -> int:
    """The power the lords and anthems among ``sources`` (``(id, name)`` of the permanents
    on the target's side, and a waiting Active Enforcer, sw-4-7) give ``target`` (``(id,
    name)``): types by the target's type line, colours by its mana cost, "attacking" only
    when ``attacking``. What cannot be read is named in ``missing``."""
    return sum(power for power, _extra in _applying(target, sources, facts, attacking, missing))


def granted_keywords(target: tuple[int, str], sources: Sequence[tuple[int, str]],
                     facts: Callable[[str], Mapping[str, Any] | None], *,
                     attacking: bool = True) -> frozenset[str]:
    """The keywords the lords and anthems among ``sources`` grant ``target`` ("Other Zombies
    you control have deathtouch": ``lord=other_zombies+1/+1+deathtouch``), by the same
    reading as :func:`bonus`; ``vigilance_trample`` gives both."""
    out: set[str] = set()
    for _power, extra in _applying(target, sources, facts, attacking, None):
        for word in extra:
            out.update(part for part in re.split(r"_(?=vigilance|trample|haste|menace|"
                                                 r"deathtouch|lifelink|flying|reach)", word)
                       if part)
    return frozenset(out)


def attack_summary(attackers: Sequence[tuple[int, str, int]], board: Sequence[tuple[int, str]],
                   facts: Callable[[str], Mapping[str, Any] | None]) -> tuple[int, list[str]]:
    """The power the attackers swing with: ``(at_least, not_counted)``.

    ``attackers`` are ``(id, name, counters)`` of the creatures on the battlefield that
    attack, ``board`` the ``(id, name)`` of every permanent whose static abilities reach them
    (lords and anthems come from there), ``facts(name)`` a card's facts (``power``,
    ``type_line``, ``mana_cost``, ``tags``). Printed power plus counters plus the bonus of
    every lord and anthem the vocabulary reads (:func:`bonus`); anything else is named in
    ``not_counted``: ``Soulless One (*/*)``, ``Bad Moon (anthem)``."""
    total = 0
    missing: list[str] = []
    board = boosting(board, facts)
    sources = {card_id for card_id, _ in board}
    #: What the lords give, once per name (a card that is itself a lord on its own: "other").
    given: dict[tuple[str, int | None], int] = {}
    powers: dict[str, int | None] = {}  # by name: a token attack has many of a few names
    for card_id, name, counters in attackers:
        if name in powers:
            power = powers[name]
        else:
            power = powers[name] = number((facts(name) or {}).get("power", ""))
        if power is None:
            entry = facts(name) or {}
            printed = str(entry.get("power", "")).strip() or "?"
            toughness = str(entry.get("toughness", "")).strip() or "?"
            note = f"{name} ({printed}/{toughness})"
            if note not in missing:
                missing.append(note)
            continue
        key = (name, card_id if card_id in sources else None)
        if key not in given:
            given[key] = bonus((card_id, name), board, facts, missing=missing)
        total += power + counters + given[key]
    return total, missing


# -- reminders -----------------------------------------------------------------------------------
def _carried_or_reminded(name: str, handling: Mapping[str, Handling] | None) -> bool:
    if handling is None:
        return True
    found = handling.get(name)
    return found is not None and found.how in ("reminded", "carried")


def reminder_sentences(tags: Iterable[str], handling: Mapping[str, Handling] | None = None,
                       verbs: Iterable[str] | None = None) -> list[str]:
    """The sentences of a card's triggers (and the tokens its spell makes) that an engine
    reminds or carries out (``handling``: the engine's declaration; None: every one), only
    ``verbs`` when given."""
    wanted = set(verbs) if verbs is not None else None
    untapped = handling is not None and getattr(handling.get("tokens_tapped"), "ignored", False)
    out = []
    for behaviour in behaviours(str(t) for t in tags):
        if behaviour.verb.family != "trigger" and behaviour.name != "tokens":
            continue
        if untapped and any(atom.tapped for atom in behaviour.effect):  # sw-9-1
            behaviour = dataclasses.replace(behaviour, effect=tuple(
                dataclasses.replace(atom, tapped=False) for atom in behaviour.effect))
        if wanted is not None and behaviour.name not in wanted:
            continue
        if _carried_or_reminded(behaviour.name, handling):
            out.append(behaviour.sentence() if behaviour.name != "tokens"
                       else "It makes tokens: " + behaviour.sentence()[0].lower()
                       + behaviour.sentence()[1:])
    return out


def trigger_reminders(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None],
                      handling: Mapping[str, Handling] | None = None) -> list[str]:
    """One line per revealed card with a trigger: ``Cackling Fiend — When it enters, each
    opponent discards 1 card.`` Each name once, in order; sentences a player reads, from
    the vocabulary's words (:meth:`pyengine.vocabulary.Behaviour.sentence`)."""
    lines: list[str] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        parts = reminder_sentences((facts(name) or {}).get("tags", []) or [], handling)
        if parts:
            lines.append(f"{name} — " + " ".join(parts))
    return lines


def split_sentences(text: str) -> list[str]:
    """A reminder line's sentences (each ends with a full stop)."""
    return [part for part in re.split(r"(?<=\.) (?=[A-Z])", text) if part]


_WORDS = {"opp": "opponent", "opps": "opponents", "dmg": "damage", "gy": "graveyard",
          "bf": "battlefield", "eot": "until end of turn", "sacs": "sacrifices",
          "sac": "sacrifice", "mv": "mana value", "etb": "enters"}


def tag_words(code: str) -> str:
    """A code in words (the card panel's keyword list): ``first_strike`` -> ``first strike``."""
    text = re.sub(r"([a-z])(\d)", r"\1 \2", code)
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)
    text = re.sub(r"(?<=[A-Za-z0-9)])\+(?=[A-Za-z])", ", ", text).replace("_", " ")
    return " ".join(_WORDS.get(word, word) for word in text.split())
