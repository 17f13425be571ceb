"""What an automated deck does with each of its cards, in plain words, worked out by the
engines themselves: the card reference pages (``sitebuild/cardref.py``) and the runners' list
for a pasted deck.

For a deck, :func:`deck_reference` builds a scratch game of each rule set the deck is played
under (:class:`pyengine.horde.HordeSlingLab` at each preset, :class:`pyengine.limited_horde.
LimitedHorde`, :class:`pyengine.swarm.SwarmGame` in Hive Mind and Overlord Mode) and asks it,
card by card, what it does: how the card arrives (``is_spell_only``, ``is_permanent``, the
Swarm Step's stop), its coin flag (:func:`pyengine.horde_common.coin_reasons`), flashback by
difficulty (the game's own ``options``, :func:`pyengine.horde.graveyard_cast_keyword`), the
graveyard offer (:func:`pyengine.horde.graveyard_offer`), whether it attacks (``can_attack``,
``attack_refusal``), what it adds to the attack total (:func:`pyengine.board_facts.
attack_summary` and :func:`~pyengine.board_facts.boost_of`), the effects the Limited Horde
engine carries out itself (``card_effects`` run on the scratch game), the runner's reminders
(:func:`~pyengine.board_facts.trigger_reminders`), and what the table resolves by hand. Each
note carries the rule anchors that decide it. Nothing is written per card: a change in an
engine changes the reference.

Pure; only the standard library and the engines.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import board_facts, variants
from .card_text import aspects
from .cards import CardFacts, config_facts, parse_cost
from .game import Card, GameError
from .horde import PRESETS, HordeSlingLab, graveyard_cast_keyword, graveyard_offer
from .horde_common import coin_reasons, is_mana_ability
from .limited_horde import LimitedHorde
from .swarm import HANDLING as SWARM_HANDLING
from .swarm import MODES, SwarmGame, make_config
from .vocabulary import Handling, behaviours

__all__ = ["CardEntry", "Note", "deck_reference", "slug"]

SEED = "card-reference"
#: Graveyard abilities the Horde would have to activate (never used, hs-3-9).
_GRAVEYARD_ABILITIES = ("unearth", "scavenge", "embalm", "eternalize", "encore",
                        "gy_activated", "gy_return")


@dataclass(frozen=True)
class Note:
    """One plain sentence about a card, with the rule anchors (``hs-6-2``) that decide it."""

    text: str
    anchors: tuple[str, ...] = ()


@dataclass
class CardEntry:
    """One card of a deck: its facts and, per rule set, what the automated deck does with it."""

    name: str
    count: int
    type_line: str
    mana_value: int
    power: str = ""
    toughness: str = ""
    token: bool = False
    #: ``(rule set, notes)`` in order, e.g. ``("Horde (SlingLab rules)", [...])``.
    sections: list[tuple[str, list[Note]]] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return slug(self.name)

    @property
    def pt(self) -> str:
        return f"{self.power}/{self.toughness}" if (self.power or self.toughness) else ""


def slug(name: str) -> str:
    """The anchor of a card's entry: ``card-grave-titan``."""
    return "card-" + ("-".join(re.findall(r"[a-z0-9]+", name.lower())) or "card")


def _counts(names: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return counts


def _lookup(facts: Mapping[str, dict[str, Any]]) -> Callable[[str], dict[str, Any] | None]:
    return lambda name: facts.get(name)


# -- the attack total and reminders (as the runners' boards count them) -----------------------
def _attack_total_notes(name: str, facts: CardFacts, entry: dict[str, Any],
                        anchors: tuple[str, ...], *, creature: bool) -> list[Note]:
    """``creature``: its own power in the runner's attack line (an attacker); else the lords
    and anthems it adds to the others."""
    notes = []
    lookup = {name: entry}.get
    if creature:
        total, missing = board_facts.attack_summary([(1, name, 0)], [(1, name)], lookup)
        if missing and any(m.startswith(f"{name} (") and "/" in m for m in missing):
            notes.append(Note(f"Its power is {entry.get('power') or '?'}: the attack line "
                              "cannot size it, so it names the card and the total reads "
                              "\"at least\".", anchors))
        else:
            notes.append(Note(f"Counts its printed power, {facts.power_text or 0}, plus its "
                              "+1/+1 counters in the attack total.", anchors))
        return notes
    for tag in facts.tags:
        if not tag.startswith(("lord=", "anthem=")):
            continue
        boost = board_facts.boost_of(tag)
        if boost is None:
            notes.append(Note("Its bonus to other creatures is not counted in the attack "
                              "line, which names the card instead.", anchors))
            continue
        who, types, bonus = boost
        kinds = " or ".join(types) if types else "creature"
        scope = {"other": "each other attacking", "your": "each attacking",
                 "all": "each attacking"}[who]
        notes.append(Note(f"Adds +{bonus} power for {scope} {kinds} to the attack line's "
                          "total.", anchors))
    return notes


def _reminder_notes(name: str, entry: dict[str, Any], anchors: tuple[str, ...],
                    handling: Mapping[str, Handling]) -> list[Note]:
    """What the runner reminds, in its own sentences (the engine's declaration says which)."""
    parts = board_facts.reminder_sentences(entry.get("tags", []) or [], handling)
    return [Note(f"The runner reminds the table of it: {part}", anchors) for part in parts]


def _by_hand(facts: CardFacts, text: str, anchors: tuple[str, ...],
             handling: Mapping[str, Handling]) -> list[Note]:
    """The table's share: the behaviours the engine's declaration leaves to the table, said
    one by one, then ``text`` for the rest of the card (none for a card of facts only)."""
    read = behaviours(facts.tags)
    if all(b.verb.family == "fact" or is_mana_ability(b.tag) for b in read):
        return []
    notes, keywords = [], []
    for behaviour in read:
        found = handling.get(behaviour.name)
        if found is None or found.how != "table" or behaviour.verb.family == "fact":
            continue
        if behaviour.verb.family.endswith("keyword"):
            keywords.append(behaviour.sentence().rstrip(".").split(" {")[0].lower())
            continue
        rule = (found.rule,) if found.rule else anchors
        notes.append(Note(f"Left to the table: {behaviour.sentence()}", rule))
    if keywords:
        notes.insert(0, Note("Left to the table, as in any game: its keywords ("
                             + ", ".join(dict.fromkeys(keywords)) + ").", anchors))
    return notes + [Note(text, anchors)]


def _made_tokens(facts: CardFacts) -> dict[str, Any]:
    return aspects(facts.tags)


def _flags(game: Any, name: str) -> bool:
    """Whether the engine gives ``name`` a coin flag when it enters (its own ``flag_card``, on
    the reference's own scratch game: what it changes there is never played)."""
    card = game.new_card(name, token=game.facts(name).is_token)
    return bool(game.flag_card(card))


# -- Horde (SlingLab rules) -----------------------------------------------------------------------
HORDE_PRESETS = tuple(PRESETS)  # Story, Classic, Nightmare (hs-7-2)


def _horde_games(deck: list[str], facts: dict[str, dict[str, Any]]) -> dict[str, HordeSlingLab]:
    return {level: HordeSlingLab({"deck": deck, "facts": facts, "difficulty": level,
                                  "stack": True}, SEED) for level in HORDE_PRESETS}


def _horde_notes(game: HordeSlingLab, games: dict[str, HordeSlingLab], name: str,
                 entry: dict[str, Any]) -> list[Note]:
    facts = game.facts(name)
    notes: list[Note] = []
    if facts.is_token:
        notes.append(Note("A token card: it enters the battlefield when a wave reveals it.",
                          ("hs-3-3", "hs-3-4")))
    elif facts.is_spell_only:
        notes.append(Note("Cast when a wave reveals it or from the Horde's hand; it waits on "
                          "the Horde panel until a Survivor carries out its effect and presses "
                          "Done.", ("hs-3-4", "hs-3-5", "hs-3-8")))
    else:
        notes.append(Note("Cast when a wave reveals it or from the Horde's hand, for no mana; "
                          "it enters the battlefield.", ("hs-3-4", "hs-3-5", "hs-3-7")))
    reasons = coin_reasons(facts) if _flags(game, name) else []
    if reasons:
        what = " and ".join(dict.fromkeys(
            {"optional": "its optional action (\"you may\")",
             "activated": "its activated ability"}[r] for r in reasons))
        notes.append(Note(f"Carries a Yes/No coin flag, flipped at the start of every turn, "
                          f"for {what}: on Yes the table takes that action for the Horde this "
                          "turn, on No it does not.", ("hs-6-1", "hs-6-2")))
    elif facts.is_permanent and any(is_mana_ability(t) for t in facts.tags):
        notes.append(Note("No coin for its mana ability: the Horde never pays for mana.",
                          ("hs-6-3",)))
    keyword = graveyard_cast_keyword(facts)
    if keyword:
        by_level = {"never": "never", "coin": "on a coin's Yes", "always": "always"}
        said = "; ".join(f"{level.title()}: {by_level[g.options['flashback']]}"
                         for level, g in games.items())
        notes.append(Note(f"From the graveyard, {keyword.replace('_', '-')} casts it by the "
                          f"difficulty ({said}; Custom: as chosen), never on the turn it was "
                          "cast.", ("hs-3-6", "hs-6-5")))
    if graveyard_offer(facts):
        notes.append(Note("In the graveyard it goes on offer at every difficulty, with a coin: "
                          "the table checks its condition, then casts it on Yes or skips it "
                          "on No, before the Horde's turn can end.", ("hs-6-4",)))
    if any(facts.has_tag(k) for k in _GRAVEYARD_ABILITIES):
        notes.append(Note("Its graveyard ability is never used: the Horde activates nothing "
                          "by itself.", ("hs-3-9",)))
    if facts.is_creature:
        card = Card(0, name, facts.is_token)
        if game.can_attack(card, facts):
            arrives = (", not the turn it arrives: it enters tapped (its text)"
                       if facts.has_tag("enters_tapped") else
                       ", the turn it arrives too (every Horde creature has haste)")
            notes.append(Note(f"Attacks every Horde turn while untapped{arrives}; the Horde "
                              "never blocks.", ("hs-4-1", "hs-4-2", "hs-4-4")))
            notes += _condition_notes(facts, ("hs-4-1",))
            notes += _attack_total_notes(name, facts, entry, ("hs-4-2",), creature=True)
        else:
            notes.append(Note("Never attacks (defender or \"can't attack\").", ("hs-4-1",)))
        rally = [level.title() for level, g in games.items() if g.options["rally"]]
        if rally:
            notes.append(Note(f"On {', '.join(rally)} (and Custom with Rally on) it gets a "
                              "+1/+1 counter at the start of each Horde turn once on the "
                              "battlefield.", ("hs-9-5",)))
    notes += _attack_total_notes(name, facts, entry, ("hs-4-2",), creature=False)
    notes += _reminder_notes(name, entry, ("hs-3-9",), game.HANDLING)
    found = _made_tokens(facts)
    if found["tokens_tapped"]:
        notes.append(Note("The tokens it makes enter tapped: make them with Create a token, "
                          "tapped.", ("hs-6-8",)))
    if found["cant_gain_life"]:
        notes.append(Note("While it is on the battlefield life is not gained: the table skips "
                          "the gain.", ("hs-3-9", "hs-5-4")))
    if found["mass_removal"]:
        notes.append(Note("It removes many creatures at once, the Horde's own too: the table "
                          "moves each to the graveyard or exile on the Horde panel.",
                          ("hs-3-8", "hs-6-8")))
    notes += _by_hand(facts, "The table carries out the rest of its text as printed "
                      "(triggered and static abilities work as normal); a target with more "
                      "than one sensible kind is picked with Roll for the Horde.",
                      ("hs-3-9", "hs-6-6", "hs-6-7"), game.HANDLING)
    return notes


def _condition_notes(facts: CardFacts, anchors: tuple[str, ...],
                     verb: str = "cant_attack") -> list[Note]:
    """A "can't attack" (or "can't block", ``verb``) kept with its condition (issue 39):
    alone and what the automated side's own board shows are checked by the engine
    (:mod:`pyengine.restrictions`), any other condition by the table."""
    condition = facts.tag_value(verb)
    if not condition:
        return []
    what = "attack" if verb == "cant_attack" else "block"
    if condition == "alone":
        return [Note("It can't attack alone: it stays home when nothing else attacks."
                     if what == "attack" else "It can't block alone: it blocks only beside "
                     "another of The Swarm's blockers.", anchors)]
    words = condition.replace("_", " ")
    if verb == "cant_block":
        return [Note(f"It can't block {words}: checked on The Swarm's board where the engine "
                     "can; otherwise it stays among the blockers and the table is told to "
                     "check.", anchors)]
    return [Note(f"It can't attack {words}: checked on its side's board where the engine "
                 "can; otherwise it is sent in, and the table takes it back out of combat "
                 "when that holds.", anchors)]


# -- Limited Horde 2.1 ----------------------------------------------------------------------------
def _limited_game(deck: list[str], facts: dict[str, dict[str, Any]],
                  dreadnought: list[str]) -> LimitedHorde:
    return LimitedHorde({"deck": deck or dreadnought, "facts": facts, "stack": True,
                         "dreadnought": dreadnought}, SEED)


def _engine_effects(game: LimitedHorde, name: str, whens: tuple[str, ...]) -> list[str]:
    """The engine's own words for what it carries out when ``name`` is cast, enters, resolves
    or dies, run on a copy of a scratch game (so nothing is kept)."""
    said: list[str] = []
    for when in whens:
        scratch = copy.deepcopy(game)
        card = scratch.new_card(name, token=scratch.facts(name).is_token)
        scratch.zones.add("exile", card)
        try:
            events = scratch.card_effects(card, when)
        except GameError:
            continue
        drew = False
        for event in events:
            if drew:
                break  # what the drawn card does is that card's own
            if event.kind in ("effect", "return-tokens", "fizzle", "draw", "no-draw"):
                text = event.text.split(": ", 1)[-1] if event.text.startswith(name) \
                    else event.text
                if event.kind in ("return-tokens", "fizzle"):
                    text = (f"its {', '.join(event.cards) or 'tokens'} come back from the "
                            "Horde's graveyard (none there: the token-making fizzles)")
                elif event.kind in ("draw", "no-draw"):
                    text, drew = "the Horde draws and plays a card", True
                phrase = {"cast": "when cast", "etb": "when it enters",
                          "resolve": "when it resolves", "dies": "when it dies"}[when]
                line = f"{phrase}, {text[0].lower() + text[1:]}"
                if line not in said:
                    said.append(line)
    return said


def _limited_notes(game: LimitedHorde, name: str, entry: dict[str, Any],
                   dreadnought: bool) -> list[Note]:
    facts = game.facts(name)
    notes: list[Note] = []
    if dreadnought:
        notes += _dreadnought_notes(game, name, facts)
    elif facts.is_token:
        notes.append(Note("A token card: it enters the battlefield when the Horde plays it; "
                          "effects that make tokens bring it back from the graveyard.",
                          ("lh-3-2", "lh-3-3", "lh-3-6")))
    elif facts.is_spell_only:
        notes.append(Note("Played for 0 as soon as it is drawn; it waits for the table to "
                          "carry out its effect, then Done.", ("lh-3-6", "lh-3-7")))
    else:
        notes.append(Note("Played for 0 as soon as it is drawn: it enters the battlefield.",
                          ("lh-3-6", "lh-3-7")))
    # as play() and leave_battlefield() call card_effects: tokens only enter
    whens = () if facts.is_token else ("resolve",) if facts.is_spell_only else (
        ("cast", "etb", "dies") if facts.is_creature else ("cast", "etb"))
    for line in _engine_effects(game, name, whens):
        notes.append(Note(f"The engine does this itself: {line}.", ("lh-3-3", "lh-8-8")))
    if facts.is_permanent and coin_reasons(facts):
        if _flags(game, name):
            notes.append(Note("Carries a Yes/No coin flag, flipped each Horde turn, for its "
                              "optional or activated ability.", ("lh-3-16", "lh-3-18")))
        else:
            notes.append(Note("No coin flag for its optional or activated ability: the "
                              "Golden Rule decides (the obviously right option, else at "
                              "random: Roll for the Horde).", ("lh-3-16", "lh-3-18")))
    if facts.is_creature:
        card = Card(0, name, facts.is_token)
        if game.can_attack(card, facts):
            notes.append(Note("Attacks on each Horde turn with all the Horde's creatures; it "
                              "never blocks unless forced.", ("lh-4-2", "lh-8-2")))
            notes += _condition_notes(facts, ("lh-4-2",))
            notes += _attack_total_notes(name, facts, entry, ("lh-4-2",), creature=True)
        else:
            notes.append(Note("Never attacks: it stays home (Eldrazi Spawn pay for the "
                              "Dreadnought deck; a defender cannot).", ("lh-11-3", "lh-4-2")))
    notes += _attack_total_notes(name, facts, entry, ("lh-4-2",), creature=False)
    notes += _reminder_notes(name, entry, ("lh-3-17",), game.HANDLING)
    if dreadnought and _text_ignored(game, name, notes):
        return notes
    notes += _by_hand(facts, "The table carries out the rest of its text; the Horde's targets "
                      "follow the targeting rules (harmful effects at the best target, damage "
                      "at the Survivors' life, at random when unclear).",
                      ("lh-3-13", "lh-3-14", "lh-3-16"), game.HANDLING)
    return notes


def _text_ignored(game: LimitedHorde, name: str, notes: list[Note]) -> bool:
    """A Dreadnought card the engine casts its own way (its cast event says more than "casts":
    Coax from the Blind Eternities, lh-11-17): that is noted, and nothing is left to the
    table."""
    scratch = copy.deepcopy(game)
    card = next((c for c in scratch.zones["dreadnought"] if c.name == name), None)
    if card is None:
        return False
    casts = [e for e in scratch._cast_dreadnought(card, "") if e.kind == "cast"]
    if not casts or "; " not in casts[0].text:
        return False
    notes.append(Note(f"When cast: {casts[0].text.split('; ', 1)[1]}.", ("lh-11-17",)))
    return True


def _dreadnought_notes(game: LimitedHorde, name: str, facts: CardFacts) -> list[Note]:
    notes = []
    generic, colored = parse_cost(game.cost_of(Card(0, name, False)))
    if not colored:
        notes.append(Note(f"Waits face up on top of the Dreadnought deck until the Horde's "
                          f"Eldrazi Spawn can pay its cost: it is cast by sacrificing "
                          f"{generic} Eldrazi Spawn.", ("lh-11-4", "lh-11-16")))
    else:
        notes.append(Note("Its cost holds coloured mana, which Eldrazi Spawn cannot pay: it "
                          "waits for its emerge or alternative cost.", ("lh-11-4", "lh-11-20")))
    emerge = facts.tag_value("emerge")
    if emerge:
        notes.append(Note(f"Emerge ({emerge}) is the last resort: a creature is sacrificed and "
                          "Spawn pay the rest, only when the cost alone cannot be paid.",
                          ("lh-11-18", "lh-11-19", "lh-11-20")))
    alt = facts.tag_value("alt_cost") or ""
    if alt.startswith("sacrifice_"):
        count = alt.split("_")[1]
        notes.append(Note(f"With fewer Spawn than that, for its alternative cost: "
                          f"sacrificing {count} Eldrazi Spawn.",
                          ("lh-11-4",)))
    if facts.has_tag("flash"):
        notes.append(Note("It has flash: it is cast the moment enough Spawn stand, in any "
                          "turn; cards without flash wait for the Horde's main phase.",
                          ("lh-11-23", "lh-11-4")))
    return notes


# -- Swarm Mode ---------------------------------------------------------------------------------
def _swarm_game(mode: str, deck: list[str], enforcers: list[str], reckoning: str,
                facts: dict[str, dict[str, Any]]) -> SwarmGame:
    return SwarmGame(make_config(mode=mode, survivors=1, deck=deck or enforcers,
                                 enforcers=enforcers or deck[:1], reckoning=reckoning,
                                 facts=facts, stack=True), SEED)


def _swarm_notes(game: SwarmGame, name: str, entry: dict[str, Any], role: str) -> list[Note]:
    facts = game.facts(name)
    card = Card(0, name, facts.is_token)
    notes: list[Note] = []
    hive = game.mode == "hive"
    if role == "reckoning":
        notes.append(Note("The Reckoning: shuffled in with the Enforcers; when it is reached "
                          "in the Swarm Step, milled, or turned up as the Active Enforcer it "
                          "resolves at once, cannot be countered, and leaves the game.",
                          ("sw-6-1", "sw-6-2", "sw-6-4", "sw-6-5")))
        return notes + _by_hand(facts, "The table plays out what it does.", ("sw-6-4",),
                                SWARM_HANDLING)
    if role == "enforcer":
        notes.append(Note("An Enforcer: it waits in The Lair; from the Swarm's second turn one "
                          "emerges at the start of each Swarm turn (not cast, so it cannot be "
                          "countered); leaving the battlefield it goes to the bottom of The "
                          "Lair; each one on the battlefield raises the Dread Level by 1.",
                          ("sw-4-1", "sw-4-2", "sw-4-4", "sw-4-10", "sw-4-11")))
    elif facts.is_token:
        notes.append(Note("A token card: cast when the Swarm Step reveals it (it never stops "
                          "the step).", ("sw-5-2", "sw-5-3")))
    else:
        mv = game.mana_value(card)
        notes.append(Note(f"Cast when the Swarm Step reveals it: with mana value {mv}, the "
                          f"step stops on it while the Dread Level is below {mv}.",
                          ("sw-5-2", "sw-5-3")))
    if role != "enforcer":
        if facts.has_tag("foretell"):
            notes.append(Note("Foretell: cast from the hand first, at the start of the Pre-Swarm "
                              "Step.", ("sw-13-5" if hive else "sw-14-5",)))
        if hive:
            notes.append(Note("From the hand: cast at random in the Pre-Swarm Step, the whole "
                              "hand, one card at a time.", ("sw-13-6", "sw-13-7", "sw-13-9")))
        elif facts.is_token:
            notes.append(Note("From the hand: token cards are cast first in the Pre-Swarm "
                              "Step.", ("sw-14-6",)))
        else:
            notes.append(Note("From the hand: The Overlord may cast it in the Pre-Swarm Step "
                              "or the second main phase.", ("sw-14-7", "sw-14-12")))
    if game.is_permanent(card):
        counters = game.entering_counters(card)
        extra = f", with {counters} +1/+1 counters" if counters else ""
        notes.append(Note(f"It enters the battlefield untapped{extra}; Swarm creatures have "
                          "haste.", ("sw-9-1",)))
    else:
        notes.append(Note("It resolves and goes to the graveyard; the table plays out what it "
                          "does.", ("sw-5-2",)))
    if game.is_creature(card):
        why = game.attack_refusal(card)
        if why:
            notes.append(Note(f"Never attacks ({why}).", ("sw-9-3",)))
        else:
            notes += _condition_notes(facts, ("sw-9-3",))
            tapped = "" if "vigilance" in game.tags(card) else ", tapping (no vigilance)"
            notes.append(Note(f"Attacks in every combat{tapped}" + (
                "; with a planeswalker or battle to attack, a d6 of 5 or 6 sends it there."
                if hive else "; The Overlord chooses what it attacks."),
                ("sw-9-2", "sw-13-10", "sw-13-11") if hive else ("sw-9-2", "sw-14-9")))
            if hive:
                power = game.power(card)
                notes.append(Note(
                    f"Counts its power, {power}, in the power attacking the Survivors."
                    if power is not None else "Its power is not a number: the total leaves "
                    "it out.", ("sw-13-10",)))
        if hive and not game.can_block(card) or hive and facts.has_tag("unleash"):
            notes.append(Note("It is left out of The Swarm's blockers" + (
                " while it has a +1/+1 counter (unleash)." if facts.has_tag("unleash")
                else "."), ("sw-13-12",)))
        elif hive:
            notes += _condition_notes(facts, ("sw-13-12",), "cant_block")
        if "deathtouch" in game.tags(card):
            notes.append(Note("Deathtouch: blocked by several creatures, it assigns 1 damage "
                              "to each in turn.", ("sw-13-15",) if hive else ("sw-14-11",)))
        if hive and not facts.is_token:
            notes.append(Note("In the graveyard it can be the graveyard blocker: a nontoken "
                              "creature card is chosen first.", ("sw-13-13", "sw-13-19")))
        elif hive:
            notes.append(Note("In the graveyard it can be the graveyard blocker when no "
                              "nontoken creature card comes first.", ("sw-13-13", "sw-13-19")))
    notes += _reminder_notes(name, entry, ("sw-13-16",) if hive else ("sw-14-13",),
                             SWARM_HANDLING)
    if hive:
        notes += _by_hand(facts, "The Survivors carry out the rest of its text for The Swarm, "
                          "choosing what helps it most; optional costs of its triggers are "
                          "never paid.", ("sw-13-16", "sw-13-17", "sw-13-18"), SWARM_HANDLING)
    else:
        notes += _by_hand(facts, "The Overlord makes its choices; optional costs may be paid up "
                          "to Dread Level times per turn, across all cards.",
                          ("sw-14-13", "sw-14-14"), SWARM_HANDLING)
    return notes


# -- a whole deck ---------------------------------------------------------------------------------
def _entry(name: str, count: int, facts: CardFacts) -> CardEntry:
    return CardEntry(name=name, count=count, type_line=facts.type_line,
                     mana_value=facts.mana_value, power=facts.power_text,
                     toughness=facts.toughness_text, token=facts.is_token)


def deck_reference(fmt: str, sections: Mapping[str, list[str]],
                   facts: Mapping[str, CardFacts | dict[str, Any]]) -> list[CardEntry]:
    """Every card of a deck (``sections``: names by section, ``main`` and for Swarm
    ``enforcers`` / ``reckoning``), in first-seen order, with what the automated deck does with
    it under each rule set. ``fmt`` is the deck's format in ``decks/index.json``: ``horde``,
    ``limited-horde``, ``limited-horde-dreadnought``, ``swarm`` or ``swarm-enforcers``."""
    config = {name: (f if isinstance(f, dict) else config_facts(f)) for name, f in facts.items()}
    _, kind = variants.deck_kind(fmt)  # the variant that plays the deck says how to read it
    reference: Callable[[Mapping[str, list[str]], dict[str, dict[str, Any]]], list[CardEntry]]
    reference = variants.resolve(kind.reference)
    return reference(sections, config)


def _card_facts(config: Mapping[str, dict[str, Any]], name: str) -> CardFacts:
    return CardFacts.from_config(name, config[name])


def horde_reference(sections: Mapping[str, list[str]],
                    config: dict[str, dict[str, Any]]) -> list[CardEntry]:
    """A SlingLab Horde deck: every difficulty (the Horde variant's deck kind)."""
    main = list(sections.get("main", []))
    entries: list[CardEntry] = []
    presets = _horde_games(main, config)
    for name, count in _counts(main).items():
        entry = _entry(name, count, _card_facts(config, name))
        entry.sections.append(("Horde (SlingLab rules), every difficulty",
                               _horde_notes(presets["classic"], presets, name, config[name])))
        entries.append(entry)
    return entries


def _limited_reference(sections: Mapping[str, list[str]], config: dict[str, dict[str, Any]],
                       dread: bool) -> list[CardEntry]:
    main = list(sections.get("main", []))
    entries: list[CardEntry] = []
    limited = _limited_game([] if dread else main, config, main if dread else [])
    title = ("Limited Horde 2.1, the Dreadnought deck" if dread
             else "Limited Horde 2.1, every difficulty")
    for name, count in _counts(main).items():
        entry = _entry(name, count, _card_facts(config, name))
        entry.sections.append((title, _limited_notes(limited, name, config[name], dread)))
        entries.append(entry)
    return entries


def _swarm_reference(sections: Mapping[str, list[str]], config: dict[str, dict[str, Any]],
                     enforcer_list: bool) -> list[CardEntry]:
    main = list(sections.get("main", []))
    entries: list[CardEntry] = []
    enforcers = list(sections.get("enforcers", []))
    reckoning = list(sections.get("reckoning", []))
    swarm_config = {n: {k: v for k, v in e.items() if k != "mana_cost"}
                    for n, e in config.items()}
    roles: list[tuple[str, str]] = []
    if not enforcer_list:
        roles += [(n, "deck") for n in main]
    else:
        roles += [(n, "enforcer") for n in (enforcers or main)]
    roles += [(n, "reckoning") for n in reckoning]
    deck = main if not enforcer_list else enforcers or main
    scratch_reckoning = reckoning[0] if reckoning else (main or enforcers)[-1]
    modes = {mode: _swarm_game(mode, deck, enforcers or main, scratch_reckoning,
                               swarm_config) for mode in MODES}
    counts = _counts(n for n, _ in roles)
    seen: set[str] = set()
    for name, role in roles:
        if name in seen:
            continue
        seen.add(name)
        entry = _entry(name, counts[name], _card_facts(config, name))
        for mode, words in MODES.items():
            label = f"Swarm Mode, {words}"
            entry.sections.append((label, _swarm_notes(modes[mode], name, config[name], role)))
        entries.append(entry)
    return entries


#: The card reference of each deck kind (pyengine/variants.py's ``DeckKind.reference``): a
#: Limited Horde 2.1 Horde deck at every difficulty, its Dreadnought deck (lh-11-4), a Swarm
#: deck and an Enforcer list (with its Reckoning) in each mode.
limited_reference = functools.partial(_limited_reference, dread=False)
dreadnought_reference = functools.partial(_limited_reference, dread=True)
swarm_reference = functools.partial(_swarm_reference, enforcer_list=False)
enforcers_reference = functools.partial(_swarm_reference, enforcer_list=True)
