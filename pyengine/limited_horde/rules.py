"""Limited Horde 2.1: the numbers of the rules (difficulty, set adjustment, per-card rates) and
the two small formulas every part of the engine uses (lh-2-4, lh-2-6, lh-3-4)."""

from __future__ import annotations

import re
from dataclasses import replace

from ..cards import CardFacts
from ..horde_common import HORDE_FAMILIES, HORDE_OVERRIDES, ConfigError
from ..setup import Choice, CountOrAuto, Flag, Setup
from ..vocabulary import Handling, declare

#: What the Limited Horde does with each verb of the card vocabulary
#: (:mod:`pyengine.vocabulary`): the Horde's shared declaration, with this rulebook's anchors,
#: and the card effects the engine carries out itself (lh-3-3 tokens, lh-3-6 draws,
#: lh-8-5 life, lh-8-10 discards; pyengine/limited_horde/effects.py: :data:`CARRIED_ATOMS`).
HANDLING = declare({
    **HORDE_FAMILIES,
    "keyword": Handling("table", "lh-3-18", "the Survivors apply it at the table"),
    "number_keyword": Handling("table", "lh-3-18", "the table applies it"),
    "trigger": Handling("reminded", "lh-3-18", "the step it triggers in"),
    "spell": Handling("table", "lh-3-6", "a held spell: the table resolves it"),
    "static": Handling("table", "lh-3-18"),
    "table": Handling("table", "lh-3-18", "said on the card panel and in the card reference"),
    "count": Handling("table", "lh-3-18", "the table counts X"),
}, {
    **HORDE_OVERRIDES,
    # no coin flags in Limited Horde: the Golden Rule settles optional and activated abilities
    "you_may": Handling("table", "lh-3-18", "the Golden Rule: the obvious choice, else Roll "
                                            "for the Horde"),
    "activated": Handling("table", "lh-3-18", "the Golden Rule and the deck's directives"),
    "cant_block": Handling("carried", "lh-8-2", "Horde creatures never block"),
    "haste": Handling("carried", "lh-4-2", "every Horde creature attacks"),
    "defender": Handling("carried", "lh-4-2", "it does not attack"),
    "cant_attack": Handling("carried", "lh-4-2", "it does not attack (with a condition: the "
                                                 "table checks it)"),
    "attacks_each_combat_if_able": Handling("carried", "lh-4-2", "it attacks every turn"),
    "lord": Handling("carried", "lh-4-2", "counted in the attack total", power=True),
    "anthem": Handling("carried", "lh-4-2", "counted in the attack total", power=True),
    "enters_tapped": Handling("carried", "lh-3-6", "it enters tapped, so it does not attack "
                                                   "that turn"),
    "enters_with": Handling("carried", "lh-3-6", "it enters with its counters"),
    "etb": Handling("carried", "lh-3-3", "when it enters: tokens, draws, life, mills, "
                                         "discards; the rest is reminded"),
    "dies": Handling("carried", "lh-3-3", "when it dies: tokens, draws, life, mills, "
                                          "discards; the rest is reminded"),
    "cast_trigger": Handling("carried", "lh-11-22", "when it is cast: tokens, draws, life; "
                                                    "the rest is reminded"),
    "spell": Handling("carried", "lh-3-6", "as the held spell resolves: tokens, draws, life; "
                                           "the rest is the table's"),
    "tokens": Handling("carried", "lh-3-3", "its tokens return from the graveyard"),
    "emerge": Handling("carried", "lh-11-18", "the Dreadnought's last resort"),
    "alt_cost": Handling("carried", "lh-11-4", "paid with Eldrazi Spawn"),
    "flash": Handling("carried", "lh-11-23", "a Dreadnought card cast at once"),
})
#: Recovered errata (derived, limited-horde-recovered.md; lh-9-8): these cards' discard,
#: life loss and sacrifice reach each opponent (the Survivors) only, not each or a target
#: player (so the Horde does not mill for its own discard).
OPPONENT_ERRATA = ("Rottenheart Ghoul", "Miasmic Mummy", "Smallpox")

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
#: Threshold on the Horde's cards (derived, limited-horde-recovered.md; lh-9-10): 7 or more
#: cards in the Horde's graveyard.
THRESHOLD = 7
#: The power a card gets with threshold (derived, lh-9-10): Thraben Foulbloods +1/+1 and
#: menace (the Hound gets menace only), counted in the attack total while threshold holds.
THRESHOLD_POWER = {"Thraben Foulbloods": 1}
#: Recovered per-card errata (limited-horde-recovered.md) as tag rewrites: name -> (rule,
#: (pattern, replacement) pairs over its tags, tags added, the errata in words).
CARD_ERRATA: dict[str, tuple[str, tuple[tuple[str, str], ...], tuple[str, ...], str]] = {
    # lh-9-7 (derived): it triggers on nontoken spells only
    "Noosegraf Mob": ("lh-9-7", (
        (r"^spell_cast=", "trigger=a_player_casts_a_nontoken_spell:"),
        (r"casts_a_spell", "casts_a_nontoken_spell")), (),
        "errata: only nontoken spells trigger it (LH 9.7, derived)"),
    # lh-9-4: sacrificed when the graveyard holds no target; nontoken creatures pay (derived)
    "Graf Harvest": ("lh-9-4", (), (
        "table=by_its_errata_the_Horde_uses_its_ability_whenever_it_can,_paying_by_tapping_"
        "nontoken_creatures_with_a_total_mana_value_of_4_or_more_and_exiling_the_creature_card"
        "_with_the_lowest_mana_value_from_its_graveyard",
        "table=it_is_sacrificed_once_the_Horde's_graveyard_holds_no_target_for_its_ability",),
        "errata: it is sacrificed once the graveyard holds no target for its ability; only "
        "nontoken creatures pay for it (LH 9.4)"),
    **{name: ("lh-10-5", ((r"^activated=(?:\{[^{}]*\})+,", "activated="),), (
        "table=by_its_errata_its_sacrifice_ability_costs_no_mana,_and_the_Horde_uses_it_only_"
        "when_a_nontoken_Goblin_is_about_to_die_anyway,_unless_that_Goblin_would_deal_lethal_"
        "damage_to_an_opposing_creature",),
        "errata: its sacrifice ability costs no mana and is used only for a nontoken Goblin "
        "about to die (LH 10.5)")
       for name in ("Siege-Gang Commander", "Goblin Trashmaster", "Pashalik Mons")},
}


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
    (``menace_if_delirium`` becomes ``menace_if_threshold``), the recovered per-card errata
    (:data:`CARD_ERRATA`, :data:`OPPONENT_ERRATA`), and the errata in words for the card
    panel (``""`` when none applies)."""
    notes = []
    tags = list(facts.tags)
    for old, (new, rule) in KEYWORD_ERRATA.items():
        word = re.compile(rf"(?<![a-z]){old}(?![a-z])")
        if any(word.search(tag) for tag in tags):
            tags = [word.sub(new, tag) for tag in tags]
            number = rule.upper().replace("-", " ", 1).replace("-", ".")
            notes.append(f"errata: {new} instead of {old} ({number})")
    if facts.name in CARD_ERRATA:
        _rule, rewrites, added, words = CARD_ERRATA[facts.name]
        changed = list(tags)
        for pattern, replacement in rewrites:
            changed = [re.sub(pattern, replacement, tag) for tag in changed]
        changed += [tag for tag in added if tag not in changed]
        if changed != tags:
            tags = changed
            notes.append(words)
    if facts.name in OPPONENT_ERRATA:
        changed = [re.sub(r"\b(?:each|target)_player_", "each_opp_", tag) for tag in tags]
        if changed != tags:
            tags = changed
            notes.append("errata: it affects each opponent (the Survivors) only (LH 9.8, "
                         "derived)")
    if not notes:
        return facts, ""
    return replace(facts, tags=tuple(tags)), "; ".join(notes)
