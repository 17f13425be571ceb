"""Limited Horde 2.1: the numbers of the rules (difficulty, set adjustment, per-card rates) and
the two small formulas every part of the engine uses (lh-2-4, lh-2-6, lh-3-4)."""

from __future__ import annotations

import re
from dataclasses import replace

from ..cards import CardFacts
from ..horde_common import ConfigError
from ..setup import Choice, CountOrAuto, Flag, Setup

#: Preparation turns by difficulty (lh-2-4).
LEVELS = {"nightmare": 2, "hard": 3, "normal": 4, "easy": 5, "story": 6}
#: Set adjustments run from -2 to +2 (lh-2-6).
ADJUSTMENTS = range(-2, 3)
#: The set-up a table chooses (lh-2-4, lh-2-6, Appendix D), each option declared once: the
#: engine's check, the play page's lists and form, and the command line read it.
SETUP = Setup((
    Choice("difficulty", "Difficulty", tuple(
        (level, f"{level.title()} ({turns}{' Preparation turns' if index == 0 else ''})")
        for index, (level, turns) in enumerate(LEVELS.items())), "normal", rule="lh-2-4"),
    Choice("adjustment", "Set adjustment",
           tuple((n, f"{n:+d}" if n else "0") for n in ADJUSTMENTS), 0, rule="lh-2-6",
           help="to the Preparation turns"),
    Flag("aggro", "Aggro Mode", False, rule="lh-13"),
), form_names={"difficulty": "level"})
#: The Survivors' starting life (lh-2-2): 2.1 sets none, so an empty box keeps the original
#: 2011 Horde Magic rule, 20 per Survivor; the page's number box and its reading.
LIFE = CountOrAuto("life", "Survivors' starting life", 1, 9999, auto_label="20 per Survivor",
                   rule="lh-2-2", help="the original 2011 Horde Magic rule; 2.1 sets none")
#: Cards the Assault reveal may play at most (derived, lh-4-2).
ASSAULT_CARDS = 3
#: Extra cards in the Surge (derived, lh-5-3).
SURGE_EXTRA = 2
#: Damage (or life gain) per milled (or drawn) card (lh-8-3, lh-8-5); Aggro Mode mills 1:1.
DAMAGE_PER_CARD = 3
LIFE_PER_CARD = 3
SPAWN = "Eldrazi Spawn"
COAX = "Coax from the Blind Eternities"
HORRID_SWARM = "It of the Horrid Swarm"
#: Coax's cost after its errata (chosen reading of lh-11-17).
COAX_COST = "{2}"
#: The four stages, in order (lh-1-4).
STAGES = ("preparation", "assault", "surge", "epilogue")
#: Errata that replace one keyword by another on the Horde's cards: keyword -> (its
#: replacement, the rule). lh-9-10: delirium is hard to track and the deck barely supports it,
#: so the Horde's cards use threshold instead (Thraben Foulbloods, Hound of the Farbogs).
KEYWORD_ERRATA = {"delirium": ("threshold", "lh-9-10")}


def preparation_turns(difficulty: str, adjustment: int = 0) -> int:
    """Preparation turns (lh-2-4, lh-2-6): by difficulty, plus the set adjustment, at least 1."""
    if difficulty not in LEVELS:
        raise ConfigError("difficulty is one of: " + ", ".join(LEVELS))
    if adjustment not in ADJUSTMENTS:
        raise ConfigError("the set adjustment is -2 to +2")
    return max(1, LEVELS[difficulty] + adjustment)


def token_mana_value(power: int, toughness: int) -> int:
    """lh-3-4: a Horde token's mana value is (power + toughness) / 2, rounded up."""
    return -(-(power + toughness) // 2)


def with_keyword_errata(facts: CardFacts) -> tuple[CardFacts, str]:
    """A card's facts with the keyword errata of :data:`KEYWORD_ERRATA` applied to its tags
    (``menace_if_delirium`` becomes ``menace_if_threshold``), and the errata in words for the
    card panel (``""`` when none applies)."""
    notes = []
    tags = list(facts.tags)
    for old, (new, rule) in KEYWORD_ERRATA.items():
        word = re.compile(rf"(?<![a-z]){old}(?![a-z])")
        if any(word.search(tag) for tag in tags):
            tags = [word.sub(new, tag) for tag in tags]
            number = rule.upper().replace("-", " ", 1).replace("-", ".")
            notes.append(f"errata: {new} instead of {old} ({number})")
    if not notes:
        return facts, ""
    return replace(facts, tags=tuple(tags)), "; ".join(notes)
