"""Swarm Mode: The Swarm's turn played out by the engine, the table's inputs, win and loss.

The rules are those of the site's Swarm Mode page (``docs/swarm/index.md``); each method names
the rule anchor it applies (``sw-5-3`` is rule SW 5.3). The Survivors play their own cards at the
table: the engine runs The Swarm and is told what the Survivors did through *table inputs*
(damage to The Swarm, a countered spell, a creature that died, ...).

Config (JSON, self-contained so a save replays without any file)::

    {
      "mode": "hive" | "overlord",     # Hive Mind Mode (sw-13) or Overlord Mode (sw-14)
      "survivors": 1..5,               # sw-2-1
      "deck": ["Zombie", ...],         # the Swarm deck
      "enforcers": ["Grave Titan", ...],
      "reckoning": "Army of the Damned",
      "facts": {name: {"mana_value": 0, "type_line": "...", "power": "2",
                       "toughness": "2", "token": true, "tags": ["flying"]}},
      "stack": false,                  # optional, for tests: see below
      "reckoning_at": 0                # optional, with "stack": index of the Reckoning in the Lair
    }

``facts`` must hold every name used; they are written by :func:`pyengine.cards.config_facts`
without ``mana_cost`` (Swarm's rules use only the mana value) and read back as
:class:`pyengine.cards.CardFacts` (:func:`pyengine.cards.read_config_facts`).
:func:`config_from_decks` builds a config from decklists, :func:`make_config` from card facts.

**Stacked games (tests).** With ``"stack": true`` nothing is shuffled at set-up: the Swarm deck
is ``deck`` top first, and the Lair is ``enforcers`` top first with the Reckoning inserted at
index ``reckoning_at`` (default: at the bottom). Later randomness (the Hive Mind hand shuffle,
d6 rolls, random discards) still comes from the seed.

**Zones.** ``library`` is the Swarm deck, index 0 the top. ``graveyard`` has its *bottom* at
index 0 and its top at the end (a card put into a graveyard is appended). ``lair`` is The Lair,
index 0 the top; its top card, when face up, is the Active Enforcer (sw-4-6). ``exile`` holds
countered spells until the end of the turn (sw-7-6) and anything else exiled; ``removed`` holds
The Reckoning once it has resolved (sw-6-5).

**Where The Reckoning goes (sw-6-2).** The source asks for "approximately halfway"; this engine
puts it face up at index ``floor(n / 2)`` of a Swarm deck of ``n`` cards (0 = top), counted
before it is inserted. With 10 cards it becomes the 6th card from the top (index 5); with 11
cards, also the 6th (index 5); with 0 cards it is the only card. This is the rule the site
states in its "How the play tools handle this" note under sw-6.

**Choices the source leaves open**, made here and shown in the log:

* The Survivors take three turns each before The Swarm's first turn (sw-2-4); after that a
  Swarm turn follows each round of Survivor turns (sw-3-3).
* The Reckoning is not "cast", so reaching it never ends the Swarm Step (sw-5-5).
* An empty Swarm deck ends the Swarm Step (sw-5).
* Graveyard blocker (sw-13-13, sw-9-4): cards are turned over from the bottom of the graveyard
  until the first creature card, a token card included: a Swarm token in the graveyard is a
  creature card of mana value 0 (sw-9-4), and turning cards over one at a time leaves nothing to
  choose, so sw-13-19 (nontoken cards first when The Swarm *chooses* a creature card) does not
  apply. The noncreature cards turned over are shuffled and put back on top of the graveyard.
* Life gain (sw-8-3): the cards from the bottom of the graveyard are shuffled before they go to
  the bottom of the Swarm deck, as the source's quick reference says.
* A draw never takes The Reckoning: only the Swarm Step and milling reach it (sw-6-4), so a
  draw takes the card below it.
* A Swarm turn is driven by actions: ``turn`` (Beginning, Pre-Swarm Step and, in Hive Mind
  Mode, the Swarm Step unless the Pre-Swarm Step cast a card, see below), ``swarm-step``,
  ``combat``, ``second-main`` and ``end``. Table inputs (``damage``, ``gain``, ``counter``,
  ``dies``, ...) may come between any of them. The Swarm never skips a phase (sw-3-5,
  sw-10-6): ``second-main`` only follows ``combat``, and ``end`` only comes once combat has
  been played (``end`` in combat goes through the Second main phase).
  :meth:`SwarmGame.turn_actions` names the turn actions taken now.
* Survivor turns (sw-3-1..sw-3-3): between two Swarm turns each Survivor takes a turn of their
  own; ``next-survivor`` passes to the next Survivor's turn (in the opening rounds, from the
  last Survivor of a round to the first of the next), ``turn`` back to The Swarm. Every turn,
  a Survivor's or The Swarm's, restarts what is counted "per turn": The Overlord's optional
  costs (sw-14-14) and a Survivors' combat (sw-13-14).
* Change of control (sw-9-5): ``gain-control`` (a Survivor gains control of a Swarm permanent)
  and ``return-control``. The card stays on the battlefield (an Enforcer does not go to The
  Lair and still counts for the Dread Level, which counts Enforcers on the battlefield,
  sw-4-2); while a Survivor controls it, it neither attacks nor blocks for The Swarm, is not
  untapped by it and is not on The Swarm's battlefield for the win (sw-12-1). Back under The
  Swarm's control during a Swarm turn, a creature without printed haste cannot attack in that
  turn (it lost the haste of sw-9-1, and has not been The Swarm's since the turn began).
* Pre-Swarm draws (sw-13-8, sw-13-9): in Hive Mind Mode, when the Pre-Swarm Step cast at least
  one card, ``turn`` stops after it (any cast card could make The Swarm draw); a ``draw`` then
  is cast in the same step, before ``swarm-step`` reveals anything. With nothing cast, nothing
  could draw, and ``turn`` goes straight on to the Swarm Step.
* Graveyard blocker (sw-13-12..sw-13-14): it belongs to combat in which the *Survivors* attack
  The Swarm, between Swarm turns. ``survivor-attack`` opens such a combat (The Swarm's untapped
  creatures block, the table assigns the blocks); then, while an attacking creature is still
  unblocked, ``graveyard-blocker`` (once in that combat), or ``survivor-blocked`` when every
  attacker is blocked. It is never part of The Swarm's own combat.
* Tokens made during play are treated like token cards: they go to the graveyard when they die
  (sw-9-4).
* A card a Survivor controls that dies or leaves goes where a Swarm card goes (its owner is The
  Swarm): the graveyard, or The Lair for an Enforcer (sw-4-4).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, ClassVar

from . import swarm_triggers
from .actions import Action, Bound
from .board_facts import attack_summary, bonus, granted_keywords
from .cards import (
    CardDataError,
    CardDB,
    CardFacts,
    deck_facts,
    missing_facts,
    missing_facts_message,
    read_config_facts,
)
from .decklist import Decklist
from .game import ActionError, Card, Event, Game, GameError, Outcome, Termination, register
from .horde_common import locate_card
from .restrictions import Member, Side, holds, table_check
from .setup import Choice, Count, Setup
from .variants import Chart, DeckKind, Figures, Simulation, Variant
from .vocabulary import Handling, behaviours, declare, plural, trigger_steps

#: What Swarm Mode does with each verb of the card vocabulary (:mod:`pyengine.vocabulary`):
#: carried out by the engine, reminded by the runner, or left to the table. Reminders, the
#: card reference, the card panel and the attack total read it.
HANDLING = declare({
    "keyword": Handling("table", "sw-13-16", "the table plays it for The Swarm"),
    "cost_keyword": Handling("table", "sw-13-16", "the table decides, as is best for The Swarm"),
    "number_keyword": Handling("table", "sw-13-16", "the table plays it for The Swarm"),
    "ability": Handling("table", "sw-13-16", "the Survivors choose as is best for The Swarm"),
    "trigger": Handling("reminded", "sw-13-16", "the step it triggers in"),
    "spell": Handling("table", "sw-5-2", "it resolves: the table plays it out"),
    "static": Handling("table", "sw-4-7", "on the battlefield, and from The Lair while it is "
                                          "the Active Enforcer"),
    "fact": Handling("fact"),
    "table": Handling("table", "sw-13-16", "said on the card panel and in the card reference"),
    "count": Handling("table", "sw-13-16", "the Survivors count X for The Swarm"),
}, {
    "haste": Handling("carried", "sw-9-5", "printed haste stays under another's control"),
    "vigilance": Handling("carried", "sw-9-2", "it attacks without tapping"),
    "defender": Handling("carried", "sw-9-3", "it never attacks"),
    "deathtouch": Handling("carried", "sw-13-15", "1 damage to each blocker in turn"),
    "annihilator": Handling("carried", "sw-10-5", "said as it attacks: the Survivors choose "
                                                  "the permanents together"),
    "foretell": Handling("carried", "sw-13-5", "cast first in the Pre-Swarm Step"),
    "fabricate": Handling("carried", "sw-9-6", "it enters with the +1/+1 counters"),
    "riot": Handling("carried", "sw-9-6", "it enters with a +1/+1 counter"),
    "unleash": Handling("carried", "sw-9-6", "it enters with a +1/+1 counter and can't block"),
    "enters_with": Handling("carried", "sw-9-1", "it enters with its counters"),
    "enters_tapped": Handling("carried", "sw-9-1", "ignored: Swarm creatures enter untapped",
                              ignored=True),
    "tokens_tapped": Handling("carried", "sw-9-1", "ignored: Swarm tokens enter untapped",
                              ignored=True),
    "lord": Handling("carried", "sw-4-7", "in power, attacks and the attack total",
                     power=True),
    "anthem": Handling("carried", "sw-4-7", "in power, attacks and the attack total",
                       power=True),
    "cant_attack": Handling("carried", "sw-9-3", "it does not attack; a condition is kept "
                                                 "(alone: checked; other: the table checks)"),
    "cant_block": Handling("carried", "sw-13-12", "left out of The Swarm's blockers"),
    "attacks_each_combat_if_able": Handling("carried", "sw-9-2", "every Swarm creature does"),
    "tokens": Handling("reminded", "sw-5-2", "when it resolves"),
    # issue 41: token triggers at their step (pyengine/swarm_triggers.py)
    **trigger_steps("sw-13-16", "The Swarm's", "its tokens made as the attackers are declared "
                                               "(attacking if its text says so)"),
})

#: Shared life of the Survivors (sw-2-2).
STARTING_LIFE = 40
#: Poison counters at which the Survivors lose (sw-2-3, sw-12-4).
POISON_LIMIT = 10
#: Survivor turns each before The Swarm's first turn (sw-2-4).
OPENING_TURNS = 3
MODES = {"hive": "Hive Mind", "overlord": "Overlord"}
MIN_SURVIVORS, MAX_SURVIVORS = 1, 5
#: The set-up a table chooses (sw-2-1, sw-13-1, sw-14-1), each option declared once: the
#: engine's check, the runner page's lists and form, and the command line read it.
SETUP = Setup((
    Choice("mode", "Mode", tuple((key, f"{words} Mode") for key, words in MODES.items()), "hive",
           rule="sw-13-1 sw-14-1", link="m"),
    Count("survivors", "Survivors", MIN_SURVIVORS, MAX_SURVIVORS, 1, rule="sw-2-1", link="n"),
))

#: Phases of the game: between Swarm turns, then the parts of a Swarm turn (sw-3-4).
SURVIVORS = "survivors"
PRE_SWARM = "pre-swarm"
MAIN1 = "main1"
COMBAT = "combat"
MAIN2 = "main2"
PHASE_NAMES = {
    SURVIVORS: "Survivors' turns",
    PRE_SWARM: "First main phase: Pre-Swarm Step",
    MAIN1: "First main phase (Swarm Step done)",
    COMBAT: "Combat phase",
    MAIN2: "Second main phase",
}
SWARM_TURN_PHASES = (PRE_SWARM, MAIN1, COMBAT, MAIN2)

#: Where :meth:`SwarmGame.do_leave` may send a card that is not an Enforcer.
LEAVE_DESTINATIONS = ("graveyard", "hand", "exile", "library-top", "library-bottom")
#: Keywords that let a Swarm creature choose a +1/+1 counter as it enters: it always takes
#: it (sw-9-6); Fabricate's count is its number of counters.
COUNTER_CHOICES = ("fabricate", "riot", "unleash")
#: Where a card leaving the battlefield goes, in the log's words (else "the <zone>").
_LEAVE_WORDS = {"library-top": "the top of the Swarm deck",
                "library-bottom": "the bottom of the Swarm deck", "hand": "The Swarm's hand"}


def fact_entry(
    mana_value: int,
    type_line: str,
    power: str = "",
    toughness: str = "",
    token: bool = False,
    tags: list[str] | tuple[str, ...] = (),
) -> dict[str, Any]:
    """One card's facts in the form a Swarm config keeps them (no mana cost: the one writer,
    :func:`pyengine.cards.config_facts`)."""
    return CardFacts(name="", mana_value=int(mana_value), type_line=str(type_line),
                     power_text=str(power or ""), toughness_text=str(toughness or ""),
                     is_token=bool(token), tags=tuple(str(tag) for tag in tags)
                     ).to_config(mana_cost=False)


def make_config(
    *,
    mode: str,
    survivors: int,
    deck: list[str],
    enforcers: list[str],
    reckoning: str,
    facts: dict[str, dict[str, Any]],
    stack: bool = False,
    reckoning_at: int | None = None,
) -> dict[str, Any]:
    """A config holding only the facts of the cards it uses (so saves stay small)."""
    names = sorted(set(deck) | set(enforcers) | {reckoning}, key=str.casefold)
    missing = [name for name in names if name not in facts]
    if missing:
        raise GameError(missing_facts_message(missing))
    config: dict[str, Any] = {
        "mode": mode,
        "survivors": survivors,
        "deck": list(deck),
        "enforcers": list(enforcers),
        "reckoning": reckoning,
        "facts": {name: facts[name] for name in names},
    }
    if stack:
        config["stack"] = True
        if reckoning_at is not None:
            config["reckoning_at"] = reckoning_at
    return config


def facts_of(card: CardFacts) -> dict[str, Any]:
    """The facts a Swarm config keeps for one card, from :class:`~pyengine.cards.CardFacts`."""
    return card.to_config(mana_cost=False)


def config_from_decks(
    *,
    mode: str,
    survivors: int,
    deck: Decklist,
    enforcers: Decklist,
    db: CardDB,
    stack: bool = False,
) -> dict[str, Any]:
    """A config from a Swarm decklist (section ``main``) and an Enforcer list (sections
    ``enforcers`` and ``reckoning``). Card facts come from ``db`` merged with the lists' own
    annotation lines. Raises :class:`GameError` naming every problem."""
    db = db.with_annotations(deck, enforcers)
    problems = [f"line {p.line}: {p.message}" for p in [*deck.problems, *enforcers.problems]]
    main = deck.cards("main")
    enforcer_names = enforcers.cards("enforcers")
    reckonings = enforcers.cards("reckoning")
    if not main:
        problems.append("the Swarm deck has no cards")
    if not enforcer_names:
        problems.append("the Enforcer list has no '// Enforcers' section")
    if len(reckonings) != 1:
        problems.append("the Enforcer list needs exactly one card under '// Reckoning'")
    names, facts, unknown = deck_facts([*main, *enforcer_names, *reckonings], db.get,
                                       mana_cost=False)
    if unknown:
        problems.append(missing_facts_message(unknown))
    if problems:
        raise GameError("; ".join(problems))
    enforcers_at = len(main)
    return make_config(
        mode=mode, survivors=survivors, deck=names[:enforcers_at],
        enforcers=names[enforcers_at:-1], reckoning=names[-1], facts=facts, stack=stack,
    )


def lethal_order(
    power: int, blockers: list[dict[str, Any]], *, deathtouch: bool = False
) -> list[dict[str, Any]]:
    """Damage assignment of an attacker blocked by several creatures (sw-13-15).

    ``blockers`` are ``{"name", "toughness", "damage"}`` (damage already marked, default 0).
    Lethal damage goes to the highest toughness first (ties keep the given order), then the
    next; what is left after every blocker has lethal damage goes to the last one.
    Returns ``{"name", "toughness", "assigned"}`` in assignment order.
    """
    order = sorted(
        enumerate(blockers), key=lambda pair: (-int(pair[1]["toughness"]), pair[0])
    )
    left = max(0, int(power))
    result: list[dict[str, Any]] = []
    for _, blocker in order:
        toughness = int(blocker["toughness"])
        lethal = 1 if deathtouch else max(0, toughness - int(blocker.get("damage", 0)))
        assigned = min(left, lethal)
        left -= assigned
        result.append({"name": str(blocker["name"]), "toughness": toughness,
                       "assigned": assigned})
    if left and result:
        result[-1]["assigned"] += left
    return result


# -- Hive Mind and Overlord: what differs between the modes -------------------------------------


def _has_boost(facts: CardFacts) -> bool:
    return facts.has_tag("lord") or facts.has_tag("anthem")


def _printed_keywords(facts: CardFacts) -> frozenset[str]:
    """The keyword abilities printed on a card (what :meth:`SwarmGame.keywords` adds the
    granted ones to): the same for every card of a name."""
    return frozenset(b.name for b in behaviours(facts.tags) if b.verb.param == "none")


def _counter_tags(facts: CardFacts) -> tuple[tuple[str, str], ...]:
    """``(tag, value)`` of the tags that give a card +1/+1 counters as it enters
    (``enters_with`` and :data:`COUNTER_CHOICES`, in that order), read once per name."""
    return tuple((key, value) for key in ("enters_with", *COUNTER_CHOICES)
                 if (value := facts.tag_value(key)) is not None)


def _combat_tags(facts: CardFacts) -> dict[str, str | None]:
    """The values of the tags combat reads of every creature (``cant_attack``,
    ``cant_block``, ``annihilator``; None for a tag the card lacks), read once per name."""
    return {tag: facts.tag_value(tag) for tag in ("cant_attack", "cant_block", "annihilator")}


def _entry_of(facts: CardFacts) -> dict[str, Any]:
    return facts.to_config()


class HiveMind:
    """Hive Mind Mode (sw-13-1): The Swarm plays by itself. :class:`SwarmGame` asks its mode's
    policy (:attr:`SwarmGame.policy`) wherever the two modes differ; the policy holds no state."""

    key = "hive"
    #: The rule of the Pre-Swarm Step.
    pre_swarm_rule = "sw-13-5"
    #: Where combat may begin: a Pre-Swarm Step still waiting for draws means none came
    #: (sw-13-9), and the Swarm Step runs first. The Second main phase follows combat only:
    #: The Swarm never skips a phase (sw-3-5, sw-10-6).
    combat_phases = (PRE_SWARM, MAIN1)
    second_main_phases = (COMBAT,)
    #: The attack ends with the power attacking the Survivors.
    announces_attack_total = True
    #: Added to a damage assignment order.
    damage_order_note = ""
    #: Discards are random (sw-13-4): the table says how many, not which.
    discard_picks = False

    def require_cast(self) -> None:
        raise ActionError("in Hive Mind Mode The Swarm casts its hand by itself (sw-13-7)")

    def require_survivor_attack(self) -> None:
        """sw-13-12: the Survivors' attack and its blocks are a Hive Mind Mode input."""

    def require_graveyard_blocker(self) -> None:
        """sw-13-13: the graveyard blocker is a Hive Mind Mode rule."""

    def require_activate(self) -> None:
        raise ActionError("in Hive Mind Mode optional costs of triggered abilities are never "
                          "paid (sw-13-17)")

    def pre_swarm(self, game: SwarmGame) -> list[Event]:
        """sw-13-5..sw-13-9: the hand is cast by itself; when that cast a card, the turn waits
        for any draw it made (sw-13-8), else the Swarm Step runs at once."""
        events = self.cast_pre_swarm(game)
        if any(event.kind == "cast" for event in events):
            events.append(Event("pre-swarm-wait", "If a card cast in this step made The "
                                "Swarm draw, report the draw now: it is cast in this step. "
                                "Then start the Swarm Step.", data={"rule": "sw-13-8"}))
        else:
            events += game._swarm_step()
        return events

    def cast_pre_swarm(self, game: SwarmGame) -> list[Event]:
        """sw-13-5..sw-13-9: Foretell cards first, shuffle the hand, cast at random until empty
        (one ``cast`` event for each card cast)."""
        events: list[Event] = []
        hand = game.zones["hand"]
        foretell = [card for card in hand if game.facts(card.name).has_tag("foretell")]
        game.rng.shuffle(foretell)
        for card in foretell:
            events += game._cast(card, where="Pre-Swarm Step (Foretell first)")
        if not hand:
            events.append(Event("pre-swarm", "The hand is empty.", data={"rule": "sw-13-9"}))
            return events
        return events + self.cast_hand(game)

    def cast_hand(self, game: SwarmGame) -> list[Event]:
        events: list[Event] = []
        hand = game.zones["hand"]
        game.rng.shuffle(hand)
        events.append(Event("shuffle", f"Shuffle The Swarm's hand ({len(hand)} cards); cast "
                            "them one at a time at random.", data={"rule": "sw-13-6"}))
        while hand:
            events += game._cast(hand[0], where="Pre-Swarm Step")
        return events

    def end_pre_swarm(self, game: SwarmGame) -> Event:
        return Event("pre-swarm", "The Pre-Swarm Step ends: The Swarm's hand is empty.",
                     data={"rule": "sw-13-9"})

    def finish_pre_swarm(self, game: SwarmGame) -> list[Event]:
        """A later step of the turn while the Pre-Swarm Step still waits for draws means none
        came; the Swarm Step runs first (sw-13-9, sw-5-1)."""
        events: list[Event] = []
        if game.phase == PRE_SWARM:
            events.extend(game.do_swarm_step())
        return events

    def attack_target(self, game: SwarmGame, targets: list[str], data: dict[str, Any]) -> str:
        """sw-13-11: with attackable permanents in play, a d6 per attacker; on 5 or 6 it
        attacks one of them at random."""
        target = "the Survivors"
        if targets:
            roll = game.rng.die(6)
            data.update(rule="sw-13-11", roll=roll)
            if roll >= 5:
                target = game.rng.choice(targets)
                data["target"] = target
            target = f"{target} (d6: {roll})"
        return target

    def second_main_event(self) -> Event:
        return Event("phase", "Second main phase.", data={"rule": "sw-3-4"})

    def discard(self, game: SwarmGame, amount: int, cards: list[int] | None) -> list[Event]:
        """sw-13-4: random discard."""
        if cards:
            raise ActionError("in Hive Mind Mode discards are random (sw-13-4)")
        hand = game.zones["hand"]
        events: list[Event] = []
        amount = game._amount(amount)
        for _ in range(min(amount, len(hand))):
            card = game.rng.choice(hand)
            game.zones.move(card.id, "graveyard")
            events.append(Event("discard", f"The Swarm discards {card.name} at random.",
                                [card.name], data={"rule": "sw-13-4", "card": card.id}))
        if amount > len(events):
            events.append(Event("discard", "The Swarm's hand is empty.",
                                data={"rule": "sw-13-4"}))
        return events

    def drawn_in_pre_swarm(self, game: SwarmGame, pre_swarm: bool) -> bool:
        """sw-13-8: every draw while the Pre-Swarm Step waits is one; once the Swarm Step has
        run it is too late."""
        if game.phase == PRE_SWARM:
            return True
        if pre_swarm:
            raise ActionError("a card drawn in the Pre-Swarm Step is reported during that "
                              "step, before the Swarm Step (sw-13-8)")
        return pre_swarm

    def cast_drawn(self, game: SwarmGame, drawn: list[Card]) -> list[Event]:
        """sw-13-8: cards drawn in the Pre-Swarm Step are cast in it (the whole hand)."""
        return self.cast_hand(game)


class Overlord:
    """Overlord Mode (sw-14-1): a player, The Overlord, makes The Swarm's choices; the engine
    enforces what is forced and counts what is limited."""

    key = "overlord"
    pre_swarm_rule = "sw-14-5"
    combat_phases = (MAIN1,)
    second_main_phases = (COMBAT,)
    announces_attack_total = False
    damage_order_note = " (The Overlord may choose another order, sw-14-11)"
    #: The Overlord picks the cards to discard (sw-14-4).
    discard_picks = True

    def require_cast(self) -> None:
        """sw-14-7, sw-14-12: The Overlord casts from the hand."""

    def require_survivor_attack(self) -> None:
        raise ActionError("in Overlord Mode The Overlord blocks with The Swarm's creatures "
                          "(sw-14-10)")

    def require_graveyard_blocker(self) -> None:
        raise ActionError("the graveyard blocker is a Hive Mind Mode rule (sw-13-13)")

    def require_activate(self) -> None:
        """sw-14-14: The Overlord may pay optional costs."""

    def pre_swarm(self, game: SwarmGame) -> list[Event]:
        """sw-14-5..sw-14-7: forced casts, then the Pre-Swarm Step waits for ``cast`` and
        ``swarm-step``."""
        events: list[Event] = []
        events += self.forced_casts(game, game.zones["hand"])
        hand = game.zones["hand"]
        if hand:
            events.append(Event("choose", "The Overlord may cast nontoken cards from the "
                                "hand in any order, or hold them; then start the Swarm Step.",
                                [c.name for c in hand], data={"rule": "sw-14-7"}))
        else:
            events.append(Event("pre-swarm", "The hand is empty.", data={"rule": "sw-14-7"}))
        return events

    def forced_casts(self, game: SwarmGame, cards: list[Card]) -> list[Event]:
        """sw-14-5, sw-14-6: Foretell cards, then token cards, must be cast (hand order)."""
        events: list[Event] = []
        foretell = [card for card in cards if game.facts(card.name).has_tag("foretell")]
        for card in foretell:
            events += game._cast(card, where="Pre-Swarm Step (Foretell first)")
        tokens = [card for card in cards if card.token and card in game.zones["hand"]]
        for card in tokens:
            events += game._cast(card, where="Pre-Swarm Step (token cards first)")
        return events

    def end_pre_swarm(self, game: SwarmGame) -> Event:
        return Event("pre-swarm", "The Overlord ends the Pre-Swarm Step, holding "
                     f"{len(game.zones['hand'])} card(s).", data={"rule": "sw-14-7"})

    def finish_pre_swarm(self, game: SwarmGame) -> list[Event]:
        """The Overlord ends the Pre-Swarm Step by itself (``swarm-step``)."""
        return []

    def attack_target(self, game: SwarmGame, targets: list[str], data: dict[str, Any]) -> str:
        """sw-14-9: The Overlord chooses what each attacker attacks."""
        data["rule"] = "sw-14-9"
        return "whatever The Overlord chooses"

    def second_main_event(self) -> Event:
        return Event("phase", "Second main phase: The Overlord may cast nontoken "
                     "cards from the hand.", data={"rule": "sw-14-12"})

    def discard(self, game: SwarmGame, amount: int, cards: list[int] | None) -> list[Event]:
        """sw-14-4: The Overlord picks ``cards``."""
        if not cards or not isinstance(cards, list):
            raise ActionError("The Overlord picks the cards to discard (sw-14-4)")
        events: list[Event] = []
        for card_id in cards:
            card = game.card(card_id)
            if game.zone_of(card) != "hand":
                raise ActionError(f"{game.label(card)} is not in The Swarm's hand")
            game.zones.move(card.id, "graveyard")
            events.append(Event("discard", f"The Overlord discards {card.name}.", [card.name],
                                data={"rule": "sw-14-4", "card": card.id}))
        return events

    def drawn_in_pre_swarm(self, game: SwarmGame, pre_swarm: bool) -> bool:
        """sw-14-8: the table says a draw was in the Pre-Swarm Step (first main phase only)."""
        if pre_swarm and game.phase not in (PRE_SWARM, MAIN1):
            raise ActionError("cards drawn in the Pre-Swarm Step: only during The Swarm's first "
                              "main phase")
        return pre_swarm

    def cast_drawn(self, game: SwarmGame, drawn: list[Card]) -> list[Event]:
        """sw-14-8: drawn token (and Foretell) cards are cast at once."""
        return self.forced_casts(game, drawn)


#: The mode policies by config key.
POLICIES: dict[str, HiveMind | Overlord] = {"hive": HiveMind(), "overlord": Overlord()}


@register
class SwarmGame(Game):
    """A game of Swarm Mode: The Swarm's side, run by the engine."""

    variant = "swarm"
    zone_names = ["library", "hand", "battlefield", "graveyard", "exile", "lair", "removed"]

    @classmethod
    def upgrade_actions(cls, config: dict[str, Any], seed: str, actions: list[dict[str, Any]],
                        schema: int) -> list[dict[str, Any]]:
        """Schema 3 saves (before sw-3-5 was enforced): an ``end`` or ``second-main`` taken
        before The Swarm's combat gets the steps it skipped played first (``swarm-step`` where
        the Overlord's Pre-Swarm Step still waited, then ``combat``). Every other action is
        kept as it is; one the rules now refuse is left for the generic upgrade to count."""
        if schema != 3:
            return actions
        game = cls(config, seed)
        kept: list[dict[str, Any]] = []
        for action in actions:
            if isinstance(action, dict) and action.get("type") in ("end", "second-main"):
                for step in ({"type": "swarm-step"}, {"type": "combat"}):
                    if game.phase in (PRE_SWARM, MAIN1) and not game.result:
                        try:
                            game.apply(step)
                        except GameError:
                            continue
                        kept.append(step)
            try:
                game.apply(action)
            except GameError:
                pass
            kept.append(action)
        return kept

    # -- set-up -----------------------------------------------------------------------------
    def setup(self) -> list[Event]:
        """sw-2: the Survivors' shared life and poison; the shuffled Swarm deck; the Lair: the
        Enforcers and one Reckoning, shuffled apart from the deck (sw-2-6, sw-2-7, sw-4-1,
        sw-4-3, sw-6-1)."""
        config = self.config
        if "mode" not in config or "survivors" not in config:
            raise GameError("a Swarm config names its mode and its number of Survivors")
        chosen = SETUP.check({"mode": config["mode"], "survivors": config["survivors"]})
        mode, survivors = chosen["mode"], chosen["survivors"]
        facts = config.get("facts")
        if not isinstance(facts, dict):
            raise GameError("the config has no card facts")
        deck, enforcers = config.get("deck"), config.get("enforcers")
        reckoning = config.get("reckoning")
        if not isinstance(deck, list) or not deck:
            raise GameError("the Swarm deck is empty")
        if not isinstance(enforcers, list) or not isinstance(reckoning, str) or not reckoning:
            raise GameError("a Swarm needs its Enforcers and one Reckoning card")
        missing = missing_facts([*deck, *enforcers, reckoning], facts)
        if missing:
            raise GameError(missing_facts_message(missing))
        try:
            # sw: an empty entry has always read as a plain token creature (see facts()).
            self._facts: dict[str, CardFacts] = read_config_facts(
                {name: entry for name, entry in facts.items() if entry})
        except CardDataError as error:
            raise GameError(str(error)) from None

        self.mode: str = mode
        self.survivors: int = survivors
        self.life = STARTING_LIFE
        self.poison = 0
        self.decked_out = ""
        self.result = ""
        self.phase = SURVIVORS
        self.swarm_turn = 0
        self.survivor_rounds = 0
        self.activations = 0
        self.graveyard_blocker_used = False
        #: A combat in which the Survivors attack The Swarm (sw-13-12): "" none, "open" (an
        #: attacker may be unblocked), "blocked" (the table said every attacker is blocked).
        self.survivor_combat = ""
        self.cast_this_turn: list[int] = []
        self.countered: list[int] = []
        self.attackers: list[int] = []
        #: Whose turn it is between Swarm turns (sw-3-1): Survivor ``seat`` of ``survivors``,
        #: in round ``survivor_round`` of the game (rounds 1 to 3 are the opening turns).
        self.seat = 1
        self.survivor_round = 1
        #: Swarm permanents a Survivor controls (sw-9-5), by card id, in the order taken.
        self.stolen: list[int] = []
        #: Creatures back under The Swarm's control during this Swarm turn (sw-9-5).
        self.regained: list[int] = []

        for name in deck:
            card = self.new_card(name, token=bool(facts[name]) and self._facts[name].is_token)
            self.zones.add("library", card)
        lair = [self.new_card(name) for name in enforcers]
        self.enforcer_ids = [card.id for card in lair]
        reck = self.new_card(reckoning)
        self.reckoning_id = reck.id
        stack = bool(config.get("stack"))
        if stack:
            at = config.get("reckoning_at", len(lair))
            if not isinstance(at, int) or not 0 <= at <= len(lair):
                raise GameError("reckoning_at must be an index of the Lair")
            lair.insert(at, reck)
        else:
            lair.append(reck)
            self.rng.shuffle(self.zones["library"])
            self.rng.shuffle(lair)
        for card in lair:
            self.zones.add("lair", card)
        how = "stacked, not shuffled" if stack else "shuffled"
        return [
            Event("setup",
                  f"Swarm Mode, {MODES[mode]} Mode, {survivors} Survivor"
                  f"{'s' if survivors != 1 else ''}: shared life {STARTING_LIFE}, "
                  f"loss at {POISON_LIMIT} poison counters.",
                  data={"rule": "sw-2-2", "mode": mode, "survivors": survivors,
                        "life": STARTING_LIFE, "poison_limit": POISON_LIMIT}),
            Event("setup", f"The Swarm deck: {len(deck)} cards, {how}.",
                  data={"rule": "sw-2-5", "library": len(deck)}),
            Event("setup",
                  f"The Enforcer Stack: {len(enforcers)} Enforcers and one Reckoning, {how}, "
                  "face down as The Lair.",
                  data={"rule": "sw-2-8", "lair": len(lair)}),
            Event("setup",
                  f"The Survivors each take {OPENING_TURNS} turns before The Swarm's first turn.",
                  data={"rule": "sw-2-4"}),
        ]

    # -- facts and queries ----------------------------------------------------------------------
    @property
    def policy(self) -> HiveMind | Overlord:
        """What the mode decides (:class:`HiveMind` or :class:`Overlord`)."""
        return POLICIES[self.mode]

    def facts(self, name: str) -> CardFacts:
        """A card's facts (:class:`pyengine.cards.CardFacts`, read once from the config); a
        name without facts (or with an empty entry) reads as a plain token creature."""
        found = self._facts.get(name)
        if found is None:
            return CardFacts(name=name, type_line="Token Creature", is_token=True)
        return found

    def tags(self, card: Card) -> tuple[str, ...]:
        return self.facts(card.name).tags

    def is_creature(self, card: Card) -> bool:
        """A creature card by its front face (a two-faced card is cast front face up)."""
        return self.facts(card.name).is_creature

    def is_permanent(self, card: Card) -> bool:
        return card.token or self.facts(card.name).is_permanent

    def mana_value(self, card: Card) -> int:
        """Tokens count as 0-cost cards (sw-9-4, sw-5-3)."""
        return 0 if card.token else self.facts(card.name).mana_value

    def power(self, card: Card, *, attacking: bool = False) -> int | None:
        """Printed power, counters and the static abilities of the Swarm's permanents and of
        a waiting Active Enforcer (sw-4-7): lords and anthems (``attacking``: those for
        attacking creatures too)."""
        base = self._static(card, attacking)[0]
        return None if base is None else base + card.counters

    #: :meth:`static_sources` while the board holds still (:meth:`steady_board`), else None.
    _steady_sources: list[tuple[int, str]] | None = None
    #: The ids of :attr:`_steady_sources` (whether a card is itself a source).
    _steady_ids: frozenset[int] = frozenset()
    #: :meth:`_static`'s answers while the board holds still, by name, attacking and whether
    #: the card is itself a source.
    _steady_boosts: dict[tuple[str, bool, bool], tuple[int | None, frozenset[str]]] | None
    _steady_boosts = None
    #: The answers of earlier steady blocks, by the sources' names (sorted): what a source
    #: gives reads only its name, and its id only to leave out an "other" lord itself.
    _memo_static: dict[tuple[str, ...], dict[tuple[str, bool, bool],
                                              tuple[int | None, frozenset[str]]]] | None = None

    @contextlib.contextmanager
    def steady_board(self) -> Iterator[None]:
        """A block in which no permanent enters, leaves or changes control: the static
        sources are worked out once for it, and what they give once per card name, not once
        per creature asked about (a combat of thousands of tokens would otherwise cost the
        square of the board). A block inside another is the outer one. The answers are a
        function of the sources' names (and of the cards' facts, the same all game): a later
        block whose sources have the same names starts from them."""
        if self._steady_sources is not None:
            yield
            return
        sources = self.static_sources()
        if self._memo_static is None or len(self._memo_static) > 64:
            self._memo_static = {}
        names = tuple(sorted(name for _, name in sources))
        self._steady_sources = sources
        self._steady_ids = frozenset(source for source, _ in sources)
        self._steady_boosts = self._memo_static.setdefault(names, {})
        try:
            yield
        finally:
            self._steady_sources = self._steady_boosts = None
            del self._steady_ids  # (the class's empty set again)

    def _static(self, card: Card, attacking: bool) -> tuple[int | None, frozenset[str]]:
        """``card``'s power but for its counters (None without a printed power) and its
        keywords, printed and given by the static sources (sw-4-7): the same for every card
        of a name, but for a card that is itself a source (an "other" lord); worked out once
        per name while the board holds still (:meth:`steady_board`)."""
        memo = self._steady_boosts
        if memo is None:
            return self._read_static(card, attacking, self.static_sources())
        key = (card.name, attacking, card.id in self._steady_ids)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._read_static(card, attacking,
                                                  list(self._steady_sources or ()))
        return found

    def _read_static(self, card: Card, attacking: bool,
                     sources: list[tuple[int, str]]) -> tuple[int | None, frozenset[str]]:
        facts = self.facts(card.name)
        target = (card.id, card.name)
        granted = granted_keywords(target, sources, self.entry, attacking=attacking)
        printed = facts.derived(_printed_keywords)
        if facts.power is None:
            return None, printed | granted
        return (facts.power + bonus(target, sources, self.entry, attacking=attacking),
                printed | granted)

    def static_sources(self) -> list[tuple[int, str]]:
        """The ``(id, name)`` whose static abilities reach Swarm creatures: its permanents and
        the Active Enforcer while it waits in The Lair (sw-4-7; not The Reckoning)."""
        if self._steady_sources is not None:
            return list(self._steady_sources)
        sources = [(c.id, c.name) for c in self.swarm_permanents()
                   if self.facts(c.name).derived(_has_boost)]
        active = self.active_enforcer
        if active is not None and active.id != self.reckoning_id \
                and self.facts(active.name).derived(_has_boost):
            sources.append((active.id, active.name))
        return sources

    def entry(self, name: str) -> dict[str, Any]:
        """A card's facts as plain data (what :func:`pyengine.board_facts.bonus` reads)."""
        return self.facts(name).derived(_entry_of)

    def attack_total(self) -> tuple[int, int, list[str]]:
        """sw-9-2, sw-4-7 (issue 39, point 4): the one attack total as the game is now, with
        the Horde engines' contract (:meth:`pyengine.horde_common.HordeGame.attack_total`):
        the creatures declared attacking the Survivors this Swarm turn (not one sent at a
        planeswalker, sw-13-11) still on the battlefield under The Swarm's control (sw-9-5),
        with their power now (counters, lords and anthems of The Swarm and its waiting Active
        Enforcer): ``(attackers, power at least, not counted)``."""
        elsewhere = set()
        for event in reversed(self.events):  # this turn's attackers sent elsewhere
            if event.kind == "turn":
                break
            if event.kind == "attack" and "target" in event.data:
                elsewhere.add(event.data.get("card"))
        here = {c.id: c for c in self.swarm_permanents()}
        attackers = [(here[i].id, here[i].name, here[i].counters) for i in self.attackers
                     if i in here and i not in elsewhere]
        power, missing = attack_summary(attackers, self.static_sources(), self.entry)
        return len(attackers), power, missing

    def can_block(self, card: Card) -> bool:
        """sw-13-12: an untapped Swarm creature blocks unless it never can: ``cant_block``
        with no condition (printed, or granted by a static ability), or unleashed with a
        +1/+1 counter on it. A condition is :meth:`restricted`'s."""
        facts = self.facts(card.name)
        if "cant_block" in facts.tags or "cant_block" in self.keywords(card):
            return False
        return not (facts.has_tag("unleash") and card.counters > 0)

    def restricted(self, card: Card, verb: str) -> bool | None:
        """A conditional ``cant_attack`` or ``cant_block`` (``verb``) now: True when its
        condition holds on The Swarm's board (:func:`pyengine.restrictions.holds`), False when
        it is lifted or there is none, None when the engine cannot tell (the table checks).
        "Alone" is worked out from the other attackers or blockers."""
        condition = self.facts(card.name).derived(_combat_tags)[verb]
        if not condition or condition == "alone":
            return False
        return holds(condition, self.side(), self.member(card))

    def keywords(self, card: Card) -> frozenset[str]:
        """sw-4-7: a Swarm creature's keyword abilities, printed and granted by the static
        abilities of the Swarm's permanents and of a waiting Active Enforcer (a lord's
        ``+deathtouch``), what its attack, block and damage choices read."""
        return self._static(card, card.id in self.attackers)[1]

    def member(self, card: Card) -> Member:
        """A Swarm creature as :mod:`pyengine.restrictions` reads it."""
        return Member(card.id, frozenset(plural(t) for t in self.facts(card.name).subtypes),
                      self.power(card), card.counters)

    def side(self) -> Side:
        """The Swarm's side as :mod:`pyengine.restrictions` reads it: its creatures on the
        battlefield and its graveyard."""
        with self.steady_board():
            return Side(tuple(self.member(c) for c in self.creatures()),
                        len(self.zones["graveyard"]))

    def adventure(self, card: Card) -> str:
        """sw-9-7: the name of a Swarm creature card's Adventure (``""`` for none): the back
        face of a card whose type line ends in an Adventure spell."""
        facts = self.facts(card.name)
        front, _, back = facts.type_line.partition(" // ")
        if card.token or "Creature" not in front or not back.endswith("— Adventure"):
            return ""
        return facts.name.partition(" // ")[2] or "its Adventure spell"

    def is_enforcer(self, card: Card) -> bool:
        return card.id in self.enforcer_ids

    def controls(self, card: Card) -> bool:
        """sw-9-5: whether The Swarm controls this battlefield card (not a Survivor)."""
        return card.id not in self.stolen

    def swarm_permanents(self) -> list[Card]:
        """The Swarm's battlefield: the permanents it controls (sw-9-5, sw-12-1)."""
        stolen = self.stolen
        if not stolen:
            return list(self.zones["battlefield"])
        return [card for card in self.zones["battlefield"] if card.id not in stolen]

    def creatures(self) -> list[Card]:
        """The Swarm's creatures on the battlefield, the ones a group action (``dies-all``,
        ``tap-all``) may name: not those a Survivor controls (sw-9-5)."""
        return [card for card in self.swarm_permanents() if self.is_creature(card)]

    def card(self, card_id: Any) -> Card:
        """The card a table action names by its id (the Horde engines' lookup,
        :func:`pyengine.horde_common.locate_card`, in Swarm's words)."""
        return locate_card(self.zones, card_id, number="its number (#id)",
                           absent=" in this game")[1]

    def zone_of(self, card: Card) -> str:
        return self.zones.where(card.id)[0]

    @property
    def dread_level(self) -> int:
        """sw-4-2: the number of Enforcers on the battlefield, always current (sw-5-4)."""
        enforcers = set(self.enforcer_ids)
        return sum(1 for card in self.zones["battlefield"] if card.id in enforcers)

    @property
    def active_enforcer(self) -> Card | None:
        """sw-4-6: the face-up card on top of The Lair, if any."""
        lair = self.zones["lair"]
        return lair[0] if lair and lair[0].face_up else None

    @property
    def reckoning_position(self) -> int | None:
        """Index of The Reckoning in the Swarm deck (0 = top), or None if it is not there."""
        for index, card in enumerate(self.zones["library"]):
            if card.id == self.reckoning_id:
                return index
        return None

    def label(self, card: Card) -> str:
        return f"{card.name} (#{card.id})"

    def snapshot(self) -> dict[str, Any]:
        active = self.active_enforcer
        state = {
            "zones": self.zones.to_dict(),
            "life": self.life,
            "poison": self.poison,
            "decked_out": self.decked_out,
            "result": self.result,
            "phase": self.phase,
            "swarm_turn": self.swarm_turn,
            "survivor_rounds": self.survivor_rounds,
            "dread_level": self.dread_level,
            "active_enforcer": active.name if active else None,
            "reckoning_position": self.reckoning_position,
            "activations": self.activations,
            "graveyard_blocker_used": self.graveyard_blocker_used,
            "cast_this_turn": list(self.cast_this_turn),
            "countered": list(self.countered),
            "attackers": list(self.attackers),
            "seat": self.seat,
            "survivor_round": self.survivor_round,
            "stolen": list(self.stolen),
            "regained": list(self.regained),
        }
        if self.survivor_combat:  # only when set, so saves made before it still load
            state["survivor_combat"] = self.survivor_combat
        return state

    def counts(self) -> dict[str, int]:
        return self.zones.counts()

    # -- guards ---------------------------------------------------------------------------------
    def _require_playing(self) -> None:
        if self.result:
            raise ActionError(f"the game is over (the Survivors {self.result})")

    def _require_phase(self, *phases: str, what: str) -> None:
        self._require_playing()
        if self.phase not in phases:
            wanted = " or ".join(PHASE_NAMES[p] for p in phases)
            raise ActionError(
                f"{what} is for the {wanted}; now it is the {PHASE_NAMES[self.phase]}"
            )

    def _amount(self, amount: Any, *, allow_zero: bool = False) -> int:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise ActionError("the amount must be a whole number")
        if amount < 0 or (amount == 0 and not allow_zero):
            raise ActionError("the amount must be a positive whole number")
        if amount > 1000:
            raise ActionError("the amount is too large (at most 1000)")
        return amount

    # -- building blocks ------------------------------------------------------------------------
    def _dread_changed(self, before: int) -> list[Event]:
        after = self.dread_level
        if after == before:
            return []
        return [Event("dread", f"Dread Level is now {after} (was {before}).",
                      data={"rule": "sw-4-2", "dread": after, "was": before})]

    def _reveal_active(self) -> list[Event]:
        """Turn the top of The Lair face up; a Reckoning goes into the Swarm deck (sw-4-13,
        sw-6-2)."""
        events: list[Event] = []
        lair = self.zones["lair"]
        while lair:
            top = lair[0]
            top.face_up = True
            if top.id != self.reckoning_id:
                events.append(Event("active", f"{top.name} is the Active Enforcer.", [top.name],
                                    data={"rule": "sw-4-6", "card": top.id}))
                return events
            size = len(self.zones["library"])
            position = size // 2
            self.zones.move(top.id, "library", position)
            events.append(Event(
                "reckoning-placed",
                f"The Reckoning ({top.name}) is revealed: it goes face up into the Swarm deck at "
                f"position {position + 1} from the top (of {size} cards).",
                [top.name],
                data={"rule": "sw-6-2", "card": top.id, "position": position,
                      "library": size},
            ))
        events.append(Event("active", "The Lair is empty: there is no Active Enforcer.",
                            data={"rule": "sw-4-12"}))
        return events

    def _enter(self, card: Card, *, how: str = "enters") -> list[Event]:
        events: list[Event] = []
        card.tapped = False
        card.face_up = False
        card.counters = self.entering_counters(card)
        self.zones.add("battlefield", card)
        extra = f" with {card.counters} +1/+1 counters" if card.counters else ""
        events.append(Event("enter", f"{card.name} {how} the battlefield untapped{extra}.",
                            [card.name], data={"rule": "sw-9-1", "card": card.id}))
        return events

    def entering_counters(self, card: Card) -> int:
        """The +1/+1 counters a Swarm creature enters with: ``enters with N`` and, as it
        always takes the counter (sw-9-6), Fabricate N, Riot and Unleash."""
        total = 0
        for key, value in self.facts(card.name).derived(_counter_tags):
            if key in ("enters_with", "fabricate"):
                total += int(value) if value.isdigit() else (
                    swarm_triggers.count_x(self, card) or 0) if value == "X" else 0
            else:
                total += 1
        return total

    def _resolve_reckoning(self, card: Card, *, how: str) -> list[Event]:
        """sw-6-4, sw-6-5: it resolves at once, then leaves the game."""
        events: list[Event] = []
        self.zones.move(card.id, "removed")
        card.face_up = True
        events.append(Event(
            "reckoning",
            f"THE RECKONING: {card.name} {how} and resolves now; it cannot be countered. "
            "Play it out, then it leaves the game.",
            [card.name],
            data={"rule": "sw-6-4", "card": card.id},
        ))
        return events

    def _cast(self, card: Card, *, where: str) -> list[Event]:
        """Cast a Swarm card, free (sw-7-3): permanents enter the battlefield, other spells resolve
        and go to the graveyard. The table plays out what the card does."""
        events: list[Event] = []
        self.zones.take(card.id)
        mv = self.mana_value(card)
        kind = "token card" if card.token else f"mana value {mv}"
        events.append(Event("cast", f"{where}: The Swarm casts {card.name} ({kind}).",
                            [card.name], data={"card": card.id, "mana_value": mv,
                                               "token": card.token}))
        self.cast_this_turn.append(card.id)
        before = self.dread_level
        adventure = self.adventure(card)
        if adventure:  # sw-9-7: its Adventure first, then it enters as usual
            events.append(Event("adventure", f"First its Adventure, {adventure}, is cast, if "
                                "it can legally be: play it out; then the creature enters.",
                                [card.name], data={"rule": "sw-9-7", "card": card.id}))
        if self.is_permanent(card):
            events += self._enter(card)
        else:
            card.face_up = False
            self.zones.add("graveyard", card)
            events.append(Event("resolve", f"{card.name} resolves and goes to the graveyard.",
                                [card.name], data={"card": card.id}))
        events += self._dread_changed(before)
        return events

    def _to_lair(self, card: Card, *, why: str) -> list[Event]:
        """sw-4-4: an Enforcer leaving the battlefield goes to the bottom of The Lair."""
        events: list[Event] = []
        before = self.dread_level
        self._forget_control(card)
        self.zones.take(card.id)
        card.tapped = False
        card.counters = 0
        lair = self.zones["lair"]
        becomes_active = not lair and self.swarm_turn > 0
        card.face_up = becomes_active
        lair.append(card)
        events.append(Event("lair", f"{card.name} {why}: it goes to the bottom of The Lair.",
                            [card.name], data={"rule": "sw-4-4", "card": card.id}))
        if becomes_active:
            events.append(Event("active", f"{card.name} is the Active Enforcer.", [card.name],
                                data={"rule": "sw-4-12", "card": card.id}))
        events += self._dread_changed(before)
        return events

    def _mill(self, amount: int) -> list[Event]:
        """sw-8-1: one card per point, from the top; a milled Reckoning resolves (sw-8-5)."""
        events: list[Event] = []
        library = self.zones["library"]
        for _ in range(amount):
            if not library:
                events.append(Event("mill", "The Swarm deck is empty: nothing more to mill.",
                                    data={"rule": "sw-8-1"}))
                break
            card = library[0]
            if card.id == self.reckoning_id:
                events += self._resolve_reckoning(card, how="is milled")
                continue
            card.face_up = False
            self.zones.move(card.id, "graveyard")
            events.append(Event("mill", f"Milled {card.name}.", [card.name],
                                data={"rule": "sw-8-1", "card": card.id}))
        return events

    def check_end(self) -> list[Event]:
        """sw-12: win and loss, checked after every action (:meth:`Game.apply`); the one place
        the game ends. Idempotent: once over it adds nothing."""
        events: list[Event] = []
        if self.result:
            return events
        reasons = []
        if self.life <= 0:
            reasons.append(("sw-12-2", "their shared life is 0"))
        if self.poison >= POISON_LIMIT:
            reasons.append(("sw-12-4", f"they have {self.poison} poison counters"))
        if self.decked_out:
            reasons.append(("sw-12-3", f"{self.decked_out}'s deck is empty"))
        if reasons:
            self.result = "lost"
            events.append(Event("loss", "The Survivors LOSE: "
                                + "; ".join(text for _, text in reasons) + ".",
                                data={"rule": reasons[0][0]}))
            return events
        if not self.zones["library"] and not self.swarm_permanents():
            self.result = "won"
            events.append(Event("win", "The Survivors WIN: the Swarm deck and The Swarm's "
                                "battlefield are both empty.", data={"rule": "sw-12-1"}))
        return events

    def outcome(self) -> Outcome | None:
        """sw-12: the end :meth:`check_end` reached (``result``), with the words and rule of
        its win or loss event, or None while the game goes on."""
        if not self.result:
            return None
        end = next(e for e in reversed(self.events) if e.kind in ("win", "loss"))
        won = self.result == "won"
        return Outcome("survivors" if won else "swarm", end.text,
                       str(end.data.get("rule", "sw-12")),
                       Termination.WON if won else Termination.LOST)

    #: Turn actions (:meth:`turn_actions` says which apply now) and card actions
    #: (:meth:`card_actions`), for :meth:`legal_actions`.
    #: The amounts the table types (:meth:`_amount`: 1 to 1000; a change of the Survivors'
    #: life either way, not 0), as :meth:`legal_actions` lists them.
    BOUNDS: ClassVar[dict[str, dict[str, Bound]]] = {
        **{name: {"amount": Bound(low=1, high=1000)}
           for name in ("damage", "lose-life", "poison", "mill", "gain", "draw", "token",
                        "survivor-poison")},
        "life": {"amount": Bound(nonzero=True)}}

    TURN_ACTIONS = frozenset({"turn", "next-survivor", "swarm-step", "combat", "second-main",
                              "end"})
    CARD_ACTIONS = frozenset({"dies", "leave", "counter", "gain-control", "return-control"})

    def legal_actions(self) -> list[Action]:
        """The actions that make sense now (:class:`pyengine.actions.Action`, as
        :meth:`HordeGame.legal_actions`; a refused action changes nothing), by type: the turn
        actions of :meth:`turn_actions`, each card action once per card that takes it now
        (:meth:`card_actions`), and every other table action the mode allows (casting and
        optional costs are The Overlord's, sw-14-7, sw-14-14; the Survivors' attack and the
        graveyard blocker Hive Mind's, sw-13-12, sw-13-13). Of those, ``cast`` is listed once
        per card it may cast now, ``discard`` and ``assign-damage`` with their choices bounded
        (:meth:`_choices`); the other arguments (amounts, names) open. None once the game is
        over."""
        if self.result:
            return []
        by_card = {card.id: self.card_actions(card.id) for card in self.zones.all_cards()}
        found = [Action(name) for name in sorted(self.turn_actions())]
        for name in self.CARD_ACTIONS:
            found += [Action.of(name, card=card) for card, names in by_card.items()
                      if name in names]
        for name in self._other_actions():
            found += self._choices(name)
        return sorted(found, key=lambda action: action.type)

    def _choices(self, name: str) -> list[Action]:
        """The actions of type ``name`` for :meth:`legal_actions`: ``cast`` once per card of
        the hand The Overlord may cast now (tokens only in the Pre-Swarm Step, sw-14-6);
        ``discard``: Hive Mind's amount (1 to 1000, sw-13-4) or The Overlord's cards (1 or
        more distinct cards of the hand, sw-14-4), open with their bound; ``assign-damage``
        once per attacker in combat, the blockers the table describes open (at least one, a
        name and a toughness each, sw-13-15); ``dies-all`` and ``tap-all`` (tapped or untapped)
        with their creatures open, bounded by The Swarm's creatures on the battlefield (sw-9-5);
        any other with its arguments open."""
        hand = self.zones["hand"]
        if name == "cast":
            if self.phase not in (PRE_SWARM, MAIN2):
                return []
            return [Action.of("cast", card=card.id) for card in hand
                    if not (self.phase == MAIN2 and card.token)]
        if name == "discard":
            if self.policy.discard_picks:
                if not hand:
                    return []
                among = tuple(card.id for card in hand)
                return [Action("discard", {}, ("cards",), {"cards": Bound(
                    low=1, high=len(among), among=among, many=True)})]
            return [Action("discard", {}, ("amount",), {"amount": Bound(low=1, high=1000)})]
        if name in ("dies-all", "tap-all"):
            mine = tuple(card.id for card in self.zones["battlefield"]
                         if self.is_creature(card) and self.controls(card))
            if not mine:
                return []
            group = {"cards": Bound(low=1, high=len(mine), among=mine, many=True)}
            if name == "dies-all":
                return [Action(name, {}, ("cards",), group)]
            return [Action(name, {"tapped": tapped}, ("cards",), group)
                    for tapped in (True, False)]
        if name == "assign-damage":
            if self.phase != COMBAT:
                return []
            return [Action("assign-damage", {"attacker": attacker}, ("blockers",),
                           {"blockers": Bound(low=1, fields=("toughness",))})
                    for attacker in self.attackers]
        return [self.template(name)]

    def _other_actions(self) -> list[str]:
        """The table actions besides the turn's and the cards' that the mode allows now."""
        names: set[str] = set()
        checks = {"cast": self.policy.require_cast, "activate": self.policy.require_activate,
                  "survivor-attack": self.policy.require_survivor_attack,
                  "graveyard-blocker": self.policy.require_graveyard_blocker}
        # the Survivors' attack is for their turns; its blocks and the graveyard blocker for
        # an attack still open (sw-13-12, sw-13-13, sw-13-14)
        attacking = self.phase == SURVIVORS and self.survivor_combat == "open"
        now = {"survivor-attack": self.phase == SURVIVORS, "survivor-blocked": attacking,
               "graveyard-blocker": attacking and not self.graveyard_blocker_used}
        for attribute in dir(self):
            name = attribute[3:].replace("_", "-")
            if (not attribute.startswith("do_") or name in self.TURN_ACTIONS
                    or name in self.CARD_ACTIONS or not now.get(name, True)):
                continue
            try:
                checks.get(name, lambda: None)()
            except ActionError:
                continue
            names.add(name)
        return sorted(names)

    # -- The Swarm's turn ------------------------------------------------------------------------
    def do_turn(self) -> list[Event]:
        """sw-3-4: Beginning phase (Emergence), First main phase: Pre-Swarm Step, then (in
        Hive Mind Mode, when the Pre-Swarm Step cast nothing) the Swarm Step. When it cast a
        card, that card could make The Swarm draw (sw-13-8): the turn waits in the Pre-Swarm
        Step for ``draw`` or ``swarm-step``. In Overlord Mode the Pre-Swarm Step waits for
        ``cast`` and ``swarm-step`` actions."""
        self._require_phase(SURVIVORS, what="a new Swarm turn")
        events: list[Event] = []
        first = self.swarm_turn == 0
        if first:
            self.survivor_rounds = OPENING_TURNS
            events.append(Event("survivors", f"The Survivors have each taken their "
                                f"{OPENING_TURNS} opening turns.", data={"rule": "sw-3-2"}))
        else:
            self.survivor_rounds += 1
            events.append(Event("survivors", "The Survivors have each taken a turn "
                                f"(their turn {self.survivor_rounds}).",
                                data={"rule": "sw-3-3"}))
        self.swarm_turn += 1
        self.activations = 0
        self.graveyard_blocker_used = False
        self.survivor_combat = ""
        self.cast_this_turn = []
        self.attackers = []
        self.regained = []
        events.append(Event("turn", f"The Swarm's turn {self.swarm_turn} begins.",
                            data={"rule": "sw-3-4", "turn": self.swarm_turn}))
        events.append(Event("phase", "Beginning phase.", data={"rule": "sw-3-4"}))
        for card in self.swarm_permanents():
            card.tapped = False
        events += self._emergence(first)
        events += swarm_triggers.upkeep(self)  # the upkeep's token triggers (issue 41)
        self.phase = PRE_SWARM
        events.append(Event("phase", "First main phase: Pre-Swarm Step.",
                            data={"rule": self.policy.pre_swarm_rule}))
        events += self.policy.pre_swarm(self)
        return events

    def _emergence(self, first: bool) -> list[Event]:
        """sw-4-9, sw-4-10: reveal on the first turn; from the second, the Active Enforcer
        enters and the next card becomes Active."""
        events: list[Event] = []
        if first:
            events.append(Event("emergence", "Emergence: turn the top of The Lair face up; on "
                                "The Swarm's first turn it does not enter the battlefield.",
                                data={"rule": "sw-4-9"}))
            events += self._reveal_active()
            return events
        active = self.active_enforcer
        if active is None:
            events.append(Event("emergence", "Emergence: The Lair is empty, no Enforcer enters.",
                                data={"rule": "sw-4-12"}))
            return events
        before = self.dread_level
        self.zones.take(active.id)
        events.append(Event("emergence", f"Emergence: {active.name} enters the battlefield "
                            "(not cast; it cannot be countered).", [active.name],
                            data={"rule": "sw-4-10", "card": active.id}))
        events += self._enter(active)
        events += self._dread_changed(before)
        events += self._reveal_active()
        return events

    def _swarm_step(self) -> list[Event]:
        """sw-5: reveal and resolve until a nontoken card above the Dread Level is cast."""
        events: list[Event] = []
        self.phase = MAIN1
        events.append(Event("phase", f"Swarm Step (Dread Level {self.dread_level}).",
                            data={"rule": "sw-5-1", "dread": self.dread_level}))
        library = self.zones["library"]
        while True:
            if not library:
                events.append(Event("stop", "The Swarm deck is empty: the Swarm Step ends.",
                                    data={"rule": "sw-5"}))
                return events
            card = library[0]
            events.append(Event("reveal", f"Reveal {card.name}.", [card.name],
                                data={"rule": "sw-5-2", "card": card.id}))
            if card.id == self.reckoning_id:
                events += self._resolve_reckoning(card, how="is reached in the Swarm Step")
                continue
            events += self._cast(card, where="Swarm Step")
            mv = self.mana_value(card)
            if not card.token and mv > self.dread_level:
                events.append(Event("stop", f"{card.name} is a nontoken card with mana value "
                                    f"{mv}, above Dread Level {self.dread_level}: the Swarm Step "
                                    "ends.", [card.name], data={"rule": "sw-5-3", "card": card.id}))
                return events
        return events

    def do_swarm_step(self) -> list[Event]:
        """End the Pre-Swarm Step and run the Swarm Step (sw-5): in Overlord Mode when The
        Overlord says so (sw-14-7); in Hive Mind Mode once the table has reported any draw
        (sw-13-8, sw-13-9)."""
        self._require_phase(PRE_SWARM, what="the Swarm Step")
        events = [self.policy.end_pre_swarm(self)]
        events += self._swarm_step()
        return events

    def do_cast(self, card: int) -> list[Event]:
        """Overlord Mode: cast a nontoken card from the hand in the Pre-Swarm Step (sw-14-7) or
        the Second main phase (sw-14-12)."""
        self.policy.require_cast()
        self._require_phase(PRE_SWARM, MAIN2, what="casting from the hand")
        chosen = self.card(card)
        if self.zone_of(chosen) != "hand":
            raise ActionError(f"{self.label(chosen)} is not in The Swarm's hand")
        if self.phase == MAIN2 and chosen.token:
            raise ActionError("token cards are cast in the Pre-Swarm Step (sw-14-6)")
        events: list[Event] = []
        where = "Pre-Swarm Step" if self.phase == PRE_SWARM else "Second main phase"
        events += self._cast(chosen, where=f"{where} (The Overlord's choice)")
        return events

    def do_combat(self, targets: list[str] | None = None) -> list[Event]:
        """sw-13-10, sw-13-11 (Hive Mind), sw-14-9 (Overlord): declare attackers.

        ``targets``: names of the attackable non-player permanents the table has in play
        (planeswalkers, battles). In Hive Mind Mode each attacker then rolls a d6; on 5 or 6 it
        attacks one of them at random.
        """
        self._require_phase(*self.policy.combat_phases, what="combat")
        if targets is not None and not isinstance(targets, list):
            raise ActionError("targets are a list of the attackable permanents' names")
        targets = [str(t).strip() for t in (targets or []) if str(t).strip()]
        events: list[Event] = []
        events += self.policy.finish_pre_swarm(self)
        self.phase = COMBAT
        events.append(Event("phase", "Combat phase.", data={"rule": "sw-3-4"}))
        events += swarm_triggers.upkeep(self, swarm_triggers.BEGIN_COMBAT)  # (issue 41)
        able, unable = [], []
        with self.steady_board():
            for card in self.swarm_permanents():
                facts = self.facts(card.name)
                if not facts.is_creature:
                    continue
                why = self.attack_refusal(card)
                if not why and self.restricted(card, "cant_attack"):  # its condition holds now
                    why = "it can't attack " + str(
                        facts.derived(_combat_tags)["cant_attack"]).replace("_", " ")
                if why:
                    unable.append((card, why))
                else:
                    able.append(card)
        if len(able) == 1 and self.facts(able[0].name).derived(_combat_tags)[
                "cant_attack"] == "alone":  # "can't attack alone": no other attacker (sw-9-3)
            unable.append((able[0], "it can't attack alone"))
            able = []
        for card, why in unable:
            rule = "sw-9-5" if why.endswith("sw-9-5") else "sw-9-3"
            events.append(Event("no-attack", f"{card.name} cannot attack ({why}).", [card.name],
                                data={"rule": rule, "card": card.id}))
        made, joining = swarm_triggers.attack(self, able)  # as they are declared (issue 41)
        events += made
        able += joining
        self.attackers = [card.id for card in able]
        with self.steady_board():
            total = self._declare(able, joining, targets, events)
        if not able:
            events.append(Event("attack", "No Swarm creature can attack.",
                                data={"rule": "sw-9-2"}))
        elif self.policy.announces_attack_total:
            events.append(Event("attack-total", f"{len(able)} attacker(s); power attacking the "
                                f"Survivors: {total}.", data={"total": total,
                                                              "attackers": len(able)}))
        return events

    def _declare(self, able: list[Card], joining: list[Card], targets: list[str],
                 events: list[Event]) -> int:
        """sw-9-2: each attacker's line (its power, target, a condition the table checks,
        annihilator) added to ``events``, tapped unless it has vigilance or entered attacking;
        the power attacking the Survivors is returned."""
        total = 0
        policy = self.policy
        for card in able:  # each an attacker (self.attackers): power and keywords attacking
            base, keywords = self._static(card, True)
            power = None if base is None else base + card.counters
            shown = "?" if power is None else str(power)
            data: dict[str, Any] = {"rule": "sw-9-2", "card": card.id, "power": power}
            target = policy.attack_target(self, targets, data)
            if "target" not in data and power is not None:
                total += power
            if "vigilance" not in keywords and card not in joining:
                card.tapped = True  # (one that entered attacking is untapped, sw-9-1)
            tags = self.facts(card.name).derived(_combat_tags)
            condition = tags["cant_attack"] or ""
            unknown = self.restricted(card, "cant_attack") is None
            check = (f" It can't attack {condition.replace('_', ' ')}: if that is so now, "
                     "take it out of combat." if unknown else "")
            annihilator = tags["annihilator"]
            if annihilator:  # sw-10-5: the Survivors choose the permanents together
                check += (f" Annihilator {annihilator}: the Survivors together sacrifice "
                          f"{annihilator} permanents, from any of their battlefields (sw-10-5).")
            events.append(Event("attack", f"{card.name} (power {shown}) attacks {target}."
                                + check, [card.name], data=data))
        return total

    def attack_refusal(self, card: Card) -> str:
        """sw-9-2, sw-9-3, sw-9-5: why a Swarm creature does not attack (``"tapped"``, back
        under The Swarm's control this turn without printed haste, ``"defender"``,
        ``"power 0"``), or ``""`` when it attacks."""
        if card.tapped:
            return "tapped"
        tags = self.tags(card)
        if card.id in self.regained and "haste" not in tags:
            return "back under The Swarm's control this turn, no printed haste, sw-9-5"
        attacking = card.id in self.attackers  # (what keywords reads; power: not attacking)
        base, keywords = self._static(card, attacking)
        if "defender" in keywords:
            return "defender"
        if "cant_attack" in tags or "cant_attack" in keywords:
            return "it can't attack"
        if attacking:
            base = self._static(card, False)[0]
        if base is not None and base + card.counters <= 0:
            return f"power {base + card.counters}"
        return ""

    def do_survivor_attack(self) -> list[Event]:
        """sw-13-12: the Survivors attack The Swarm (between Swarm turns, Hive Mind Mode). Its
        untapped creatures block, as is best for The Swarm; the table assigns the blocks. A new
        combat: the graveyard blocker may come once in it (sw-13-14)."""
        self.policy.require_survivor_attack()
        self._require_phase(SURVIVORS, what="the Survivors attacking The Swarm")
        self.survivor_combat = "open"
        self.graveyard_blocker_used = False
        with self.steady_board():
            blockers = [c for c in self.swarm_permanents() if self.is_creature(c)
                        and not c.tapped and self.can_block(c)
                        and self.restricted(c, "cant_block") is not True]
        alone = [c for c in blockers
                 if self.facts(c.name).derived(_combat_tags)["cant_block"] == "alone"]
        if alone and len(blockers) == 1:  # "can't block alone": no other blocker (sw-13-12)
            blockers = []
        checks = [table_check(c.name, "cant_block", str(self.facts(c.name).tag_value(
            "cant_block"))) for c in blockers if self.restricted(c, "cant_block") is None]
        if blockers:
            who = ", ".join(self.label(c) for c in blockers)
            text = (f"The Survivors attack The Swarm. Its untapped creatures block, as is best "
                    f"for The Swarm: {who}.")
            if checks:
                text += " The table checks: " + "; ".join(checks) + "."
        else:
            text = "The Survivors attack The Swarm. It has no untapped creature to block with."
        return [
            Event("survivor-attack", text, [c.name for c in blockers],
                  data={"rule": "sw-13-12", "blockers": [c.id for c in blockers]}),
            Event("survivor-attack", "If an attacking creature is still unblocked, use the "
                  "graveyard blocker (once this combat).", data={"rule": "sw-13-13"}),
        ]

    def do_survivor_blocked(self) -> list[Event]:
        """sw-13-13: every attacking Survivor creature is blocked: no graveyard blocker."""
        self._require_phase(SURVIVORS, what="the blocks of the Survivors' attack")
        if self.survivor_combat != "open":
            raise ActionError("no attack by the Survivors is waiting for blocks")
        self.survivor_combat = "blocked"
        return [Event("survivor-blocked", "Every attacking creature is blocked: no graveyard "
                      "blocker this combat.", data={"rule": "sw-13-13"})]

    def do_graveyard_blocker(self) -> list[Event]:
        """sw-13-13, sw-13-14, sw-9-4: in Hive Mind Mode, once per combat in which the
        Survivors attack The Swarm, while an attacking creature is still unblocked: the first
        creature card from the bottom of the graveyard, token cards being creature cards."""
        self.policy.require_graveyard_blocker()
        self._require_playing()
        if self.phase != SURVIVORS:
            raise ActionError("the graveyard blocker is for combat in which the Survivors attack "
                              "The Swarm, not The Swarm's own attack (sw-13-13)")
        if self.graveyard_blocker_used:
            raise ActionError("the graveyard blocker happens only once per combat (sw-13-14)")
        if self.survivor_combat == "blocked":
            raise ActionError("every attacking creature is blocked: no graveyard blocker "
                              "(sw-13-13)")
        if self.survivor_combat != "open":
            raise ActionError("first tap The Survivors attack (sw-13-12)")
        self.graveyard_blocker_used = True
        graveyard = self.zones["graveyard"]
        # sw-13-13, sw-9-4: the first creature card from the bottom, a token card included
        chosen = next((c for c in graveyard if self.is_creature(c)), None)
        events: list[Event] = []
        if chosen is None:
            if graveyard:
                self.rng.shuffle(graveyard)
                events.append(Event("blocker", "No creature card in The Swarm's graveyard: no "
                                    "graveyard blocker (the revealed cards are shuffled back).",
                                    data={"rule": "sw-13-13"}))
            else:
                events.append(Event("blocker", "The Swarm's graveyard is empty: no graveyard "
                                    "blocker.", data={"rule": "sw-13-13"}))
            return events
        index = graveyard.index(chosen)
        passed = graveyard[:index]
        del graveyard[: index + 1]
        if passed:
            self.rng.shuffle(passed)
            graveyard.extend(passed)
            events.append(Event("reveal", f"From the bottom of the graveyard: {len(passed)} "
                                "card(s) turned over before a creature; shuffled and put back on "
                                "top.", [c.name for c in passed], data={"rule": "sw-13-13"}))
        events.append(Event("blocker", f"Graveyard blocker: {chosen.name} enters untapped and "
                            "blocks the unblocked attacking Survivor creature with the greatest "
                            "power.", [chosen.name], data={"rule": "sw-13-13", "card": chosen.id}))
        before = self.dread_level
        events += self._enter(chosen)
        events += self._dread_changed(before)
        return events

    def do_assign_damage(self, attacker: int, blockers: list[dict[str, Any]]) -> list[Event]:
        """sw-13-15: an attacker blocked by several creatures, lethal damage to the highest
        toughness first. ``blockers``: ``{"name", "toughness", "damage"?}`` from the table."""
        self._require_phase(COMBAT, what="damage assignment")
        card = self.card(attacker)
        if card.id not in self.attackers:
            raise ActionError(f"{self.label(card)} is not attacking")
        if not isinstance(blockers, list) or not blockers:
            raise ActionError("name the blocking creatures and their toughness")
        try:
            order = lethal_order(self.power(card, attacking=True) or 0, blockers,
                                 deathtouch="deathtouch" in self.keywords(card))
        except (KeyError, TypeError, ValueError):
            raise ActionError("each blocker needs a name and a whole-number toughness") from None
        note = self.policy.damage_order_note
        text = "; ".join(f"{b['assigned']} to {b['name']} (toughness {b['toughness']})"
                         for b in order)
        return [Event("damage-order", f"{card.name} assigns damage{note}: {text}.", [card.name],
                      data={"rule": "sw-13-15", "card": card.id, "order": order})]

    def do_second_main(self) -> list[Event]:
        """sw-3-4: the Second main phase (sw-14-12 in Overlord Mode)."""
        self._require_combat_played("the second main phase")
        self._require_phase(*self.policy.second_main_phases, what="the second main phase")
        events: list[Event] = []
        self.phase = MAIN2
        self.attackers = []
        events.append(self.policy.second_main_event())
        return events

    def do_end(self) -> list[Event]:
        """sw-3-4, sw-7-6: the End phase; countered spells go back to the hand."""
        self._require_combat_played("ending The Swarm's turn")
        self._require_phase(COMBAT, MAIN2, what="ending the turn")
        events: list[Event] = []
        if self.phase == COMBAT:
            events.extend(self.do_second_main())
        events.append(Event("phase", "End phase.", data={"rule": "sw-3-4"}))
        for card_id in self.countered:
            card = self.card(card_id)
            if self.zone_of(card) == "exile":
                self.zones.move(card.id, "hand")
                events.append(Event("return", f"{card.name}, countered this turn, returns to "
                                    "The Swarm's hand.", [card.name],
                                    data={"rule": "sw-7-6", "card": card.id}))
        self.countered = []
        self.attackers = []
        self.regained = []
        self.phase = SURVIVORS
        # sw-3-3, sw-14-14: the first Survivor's turn begins; what counts per turn restarts
        self.seat = 1
        self.survivor_round = self.survivor_rounds + 1
        self.activations = 0
        self.survivor_combat = ""
        self.graveyard_blocker_used = False
        events.append(Event("turn-end", f"The Swarm's turn {self.swarm_turn} ends. The "
                            "Survivors take their turns.", data={"turn": self.swarm_turn}))
        return events

    def _require_combat_played(self, what: str) -> None:
        """sw-3-5, sw-10-6: The Swarm goes through every phase; nothing after combat before
        its combat has been played."""
        self._require_playing()
        if self.phase in (PRE_SWARM, MAIN1):
            raise ActionError(f"The Swarm never skips a phase: {what} comes after its combat; "
                              "play the combat first (sw-3-5)")

    def turn_actions(self) -> frozenset[str]:
        """The turn actions ``apply`` takes now, out of ``turn``, ``next-survivor``,
        ``swarm-step``, ``combat``, ``second-main`` and ``end``: what the runner offers."""
        if self.result:
            return frozenset()
        phase = self.phase
        if phase == SURVIVORS:
            allowed = {"turn"}
            if self._next_seat() is not None:
                allowed.add("next-survivor")
            return frozenset(allowed)
        allowed = set()
        if phase == PRE_SWARM:
            allowed.add("swarm-step")
        if phase in self.policy.combat_phases:
            allowed.add("combat")
        if phase in self.policy.second_main_phases:
            allowed.add("second-main")
        if phase in (COMBAT, MAIN2):
            allowed.add("end")
        return frozenset(allowed)

    def _next_seat(self) -> tuple[int, int] | None:
        """The Survivor (seat, round) whose turn comes after this one, or None when The
        Swarm's turn is next (sw-3-2, sw-3-3)."""
        if self.seat < self.survivors:
            return self.seat + 1, self.survivor_round
        if self.swarm_turn == 0 and self.survivor_round < OPENING_TURNS:
            return 1, self.survivor_round + 1
        return None

    def whose_turn(self) -> str:
        """The turn line: whose turn it is now (sw-3-1..sw-3-4)."""
        if self.phase != SURVIVORS:
            return f"The Swarm's turn {self.swarm_turn}: {PHASE_NAMES[self.phase]}"
        who = (f"Survivor {self.seat} of {self.survivors}'s turn" if self.survivors > 1
               else "The Survivor's turn")
        if self.swarm_turn == 0:
            return f"{who} (opening round {self.survivor_round} of {OPENING_TURNS})"
        return f"{who} (round {self.survivor_round})"

    def do_next_survivor(self) -> list[Event]:
        """sw-3-1..sw-3-3: the Survivor whose turn it is ends it; the next Survivor's turn
        begins (in the opening rounds the last Survivor's turn leads to the next round). A new
        turn: what is counted per turn restarts (sw-14-14, sw-13-14)."""
        self._require_phase(SURVIVORS, what="a Survivor's turn")
        after = self._next_seat()
        if after is None:
            raise ActionError("every Survivor has taken a turn this round: The Swarm's turn "
                              "comes next (sw-3-3)")
        self.seat, self.survivor_round = after
        self.activations = 0
        self.survivor_combat = ""
        self.graveyard_blocker_used = False
        return [Event("survivor-turn", f"{self.whose_turn()} begins.",
                      data={"rule": "sw-3-3" if self.swarm_turn else "sw-3-2",
                            "seat": self.seat, "round": self.survivor_round})]

    # -- change of control (sw-9-5) ---------------------------------------------------------------
    def do_gain_control(self, card: int) -> list[Event]:
        """sw-9-5: a Survivor gains control of a Swarm permanent. It stays on the battlefield
        (an Enforcer has not left it: no Lair, sw-4-4, and the Dread Level still counts it,
        sw-4-2); a creature loses haste unless printed and no longer has to attack; it leaves
        any combat it was in."""
        self._require_playing()
        chosen = self.card(card)
        if self.zone_of(chosen) != "battlefield":
            raise ActionError(f"{self.label(chosen)} is not on the battlefield")
        if not self.controls(chosen):
            raise ActionError(f"a Survivor already controls {self.label(chosen)}")
        self.stolen.append(chosen.id)
        if chosen.id in self.regained:
            self.regained.remove(chosen.id)
        if chosen.id in self.attackers:
            self.attackers.remove(chosen.id)
        if self.is_creature(chosen):
            printed = "haste" in self.tags(chosen)
            text = (f"A Survivor gains control of {chosen.name}: it "
                    + ("keeps its printed haste" if printed else "loses haste")
                    + " and no longer has to attack; it neither attacks nor blocks for The "
                    "Swarm.")
        else:
            text = f"A Survivor gains control of {chosen.name}."
        if self.is_enforcer(chosen):
            text += (" An Enforcer that changes control has not left the battlefield: it stays"
                     f" out of The Lair and the Dread Level stays {self.dread_level}.")
        return [Event("control", text, [chosen.name],
                      data={"rule": "sw-9-5", "card": chosen.id, "controller": "survivor"})]

    def do_return_control(self, card: int) -> list[Event]:
        """sw-9-5: a permanent a Survivor controls comes back under The Swarm's control: a
        Swarm creature again (it must attack if able, sw-9-2). During a Swarm turn one without
        printed haste cannot attack in that turn (not The Swarm's since the turn began)."""
        self._require_playing()
        chosen = self.card(card)
        if self.zone_of(chosen) != "battlefield" or self.controls(chosen):
            raise ActionError(f"no Survivor controls {self.label(chosen)}")
        self.stolen.remove(chosen.id)
        text = f"{chosen.name} is The Swarm's again."
        if self.is_creature(chosen):
            text += " A Swarm creature, it must attack each combat if able."
            if self.phase in SWARM_TURN_PHASES and "haste" not in self.tags(chosen):
                self.regained.append(chosen.id)
                text += " Without printed haste it cannot attack this turn."
        return [Event("control", text, [chosen.name],
                      data={"rule": "sw-9-5", "card": chosen.id, "controller": "swarm"})]

    def _forget_control(self, card: Card) -> None:
        """A card leaving the battlefield leaves any Survivor's control (sw-9-5)."""
        if card.id in self.stolen:
            self.stolen.remove(card.id)
        if card.id in self.regained:
            self.regained.remove(card.id)

    # -- table inputs: The Swarm ------------------------------------------------------------------
    def do_damage(self, amount: int) -> list[Event]:
        """sw-8-1: damage to The Swarm mills one card per point (it has no life, sw-7-1)."""
        self._require_playing()
        amount = self._amount(amount)
        events = [Event("damage", f"The Swarm is dealt {amount} damage: mill {amount}.",
                        data={"rule": "sw-8-1", "amount": amount})]
        events += self._mill(amount)
        return events

    def do_lose_life(self, amount: int) -> list[Event]:
        """sw-8-1: life loss mills one card per point."""
        self._require_playing()
        amount = self._amount(amount)
        events = [Event("damage", f"The Swarm loses {amount} life: mill {amount}.",
                        data={"rule": "sw-8-1", "amount": amount})]
        events += self._mill(amount)
        return events

    def do_poison(self, amount: int) -> list[Event]:
        """sw-8-4: poison aimed at The Swarm is ignored; the damage still mills."""
        self._require_playing()
        amount = self._amount(amount)
        events = [Event("damage", f"The Swarm can't get poison counters: the {amount} damage is "
                        f"dealt as plain damage, mill {amount}.",
                        data={"rule": "sw-8-4", "amount": amount})]
        events += self._mill(amount)
        return events

    def do_mill(self, amount: int) -> list[Event]:
        """sw-8-2: mill effects aimed at The Swarm do nothing."""
        self._require_playing()
        amount = self._amount(amount)
        return [Event("mill-ignored", f"A mill {amount} effect aimed at The Swarm does nothing.",
                      data={"rule": "sw-8-2", "amount": amount})]

    def do_gain(self, amount: int) -> list[Event]:
        """sw-8-3: life gain moves that many cards from the bottom of the graveyard, shuffled,
        to the bottom of the Swarm deck."""
        self._require_playing()
        amount = self._amount(amount)
        graveyard = self.zones["graveyard"]
        moved = graveyard[:amount]
        del graveyard[: len(moved)]
        self.rng.shuffle(moved)
        for card in moved:
            self.zones.add("library", card)
        short = f" (only {len(moved)} in the graveyard)" if len(moved) < amount else ""
        return [Event("gain", f"The Swarm would gain {amount} life: {len(moved)} card(s) from the "
                      f"bottom of its graveyard go, shuffled, to the bottom of the Swarm deck"
                      f"{short}.", [c.name for c in moved],
                      data={"rule": "sw-8-3", "amount": amount, "moved": len(moved)})]

    def do_counter(self, card: int) -> list[Event]:
        """sw-7-6: a countered Swarm spell is exiled and returns to the hand at end of turn."""
        self._require_phase(*SWARM_TURN_PHASES, what="countering a Swarm spell")
        chosen = self.card(card)
        refused = self._counter_refusal(chosen)
        if refused:
            raise ActionError(refused)
        before = self.dread_level
        self._forget_control(chosen)
        self.zones.move(chosen.id, "exile")
        chosen.tapped = False
        chosen.counters = 0
        self.countered.append(chosen.id)
        events = [Event("counter", f"{chosen.name} is countered: exiled until the end of The "
                        "Swarm's turn, then it returns to the hand.", [chosen.name],
                        data={"rule": "sw-7-6", "card": chosen.id})]
        events += self._dread_changed(before)
        return events

    def _counter_refusal(self, chosen: Card) -> str:
        """Why ``chosen`` cannot be countered (sw-7-6), "" if it can (its turn's phase aside)."""
        if chosen.id in self.enforcer_ids or chosen.id == self.reckoning_id:
            return f"{chosen.name} was not cast; it cannot be countered (sw-4-11, sw-6-4)"
        if chosen.id not in self.cast_this_turn or chosen.id in self.countered:
            return f"{self.label(chosen)} is not a spell The Swarm cast this turn"
        if self.zone_of(chosen) not in ("battlefield", "graveyard"):
            return f"{self.label(chosen)} has already left play"
        return ""

    def card_actions(self, card_id: int) -> frozenset[str]:
        """The table actions naming this card that the rules take now, out of ``dies``
        (sw-9-4), ``leave`` (sw-4-4: to any of :data:`LEAVE_DESTINATIONS`), ``counter``
        (sw-7-6), ``gain-control`` and ``return-control`` (sw-9-5): what the page's card panel
        offers. Empty for a card not in the game."""
        try:
            chosen = self.card(card_id)
        except GameError:
            return frozenset()
        if self.result:
            return frozenset()
        allowed = set()
        if self.zone_of(chosen) == "battlefield":
            allowed.add("leave")
            allowed.add("gain-control" if self.controls(chosen) else "return-control")
            if self.is_creature(chosen):
                allowed.add("dies")
        if self.phase in SWARM_TURN_PHASES and not self._counter_refusal(chosen):
            allowed.add("counter")
        return frozenset(allowed)

    def do_dies(self, card: int) -> list[Event]:
        """sw-9-4: a Swarm creature that dies goes to the graveyard (an Enforcer: The Lair)."""
        self._require_playing()
        chosen = self.card(card)
        if self.zone_of(chosen) != "battlefield" or not self.is_creature(chosen):
            raise ActionError(f"{self.label(chosen)} is not a Swarm creature on the battlefield")
        events: list[Event] = []
        if self.is_enforcer(chosen):
            events += self._to_lair(chosen, why="dies")
            return events
        events += self._leave_to(chosen, "graveyard", why="dies")
        return events

    def do_leave(self, card: int, to: str = "graveyard") -> list[Event]:
        """sw-4-4: a Swarm permanent leaves the battlefield; an Enforcer goes to The Lair."""
        self._require_playing()
        chosen = self.card(card)
        if self.zone_of(chosen) != "battlefield":
            raise ActionError(f"{self.label(chosen)} is not on the battlefield")
        events: list[Event] = []
        if self.is_enforcer(chosen):
            events += self._to_lair(chosen, why=f"leaves the battlefield (heading to {to})")
            return events
        if to not in LEAVE_DESTINATIONS:
            raise ActionError("a card leaves to one of: " + ", ".join(LEAVE_DESTINATIONS))
        events += self._leave_to(chosen, to, why="leaves the battlefield")
        return events

    def _swarm_creatures(self, cards: Any) -> list[Card]:
        """The Swarm creatures a group action names: a list of card numbers, none twice, each a
        creature on the battlefield that The Swarm controls (sw-9-5: a creature a Survivor
        controls is not part of The Swarm's battlefield)."""
        if not isinstance(cards, list) or not cards or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in cards):
            raise ActionError("choose at least one Swarm creature (a list of card numbers)")
        if len(set(cards)) != len(cards):
            raise ActionError("a creature is named twice")
        found = [locate_card(self.zones, c, number="its number (#id)", absent=" in this game")
                 for c in cards]  # (self.card, with the zone it is in)
        for zone, card in found:
            if zone != "battlefield" or not self.is_creature(card) or not self.controls(card):
                raise ActionError(f"{self.label(card)} is not a Swarm creature on the "
                                  "battlefield")
        return [card for _, card in found]

    def do_dies_all(self, cards: list[int]) -> list[Event]:
        """Several Swarm creatures die at once (a wrath, or a partial wipe of the ones chosen),
        one action to undo: each goes to The Swarm's graveyard, tokens too (sw-9-4), and each
        Enforcer to the bottom of The Lair instead (sw-4-4), in the order given (the source
        does not say in which order Enforcers that leave together go under The Lair). If The
        Lair was empty, the first Enforcer to reach it is the Active Enforcer (sw-4-12); Dread
        Level follows (sw-4-2). Nothing else happens when they die: the graveyard blocker
        turns the graveyard over only in combat (sw-13-13), and the win is checked once, after
        all of them have died (sw-12-1)."""
        self._require_playing()
        events: list[Event] = []
        for card in self._swarm_creatures(cards):
            if self.is_enforcer(card):
                events += self._to_lair(card, why="dies")
            else:
                events += self._leave_to(card, "graveyard", why="dies")
        return events

    def do_tap_all(self, cards: list[int], tapped: bool) -> list[Event]:
        """Tap (or untap) several Swarm creatures at once, for a Survivor's "tap all
        creatures" effect: one tap at the table, one action to undo. The Swarm untaps its own
        at the start of its turn as usual (sw-3-4); a tapped creature neither attacks nor
        blocks (sw-9-2, sw-13-12)."""
        self._require_playing()
        if not isinstance(tapped, bool):
            raise ActionError("tapped is true or false")
        chosen = self._swarm_creatures(cards)
        for card in chosen:
            card.tapped = tapped
        word = "tapped" if tapped else "untapped"
        plural = len(chosen) != 1
        return [Event("tap" if tapped else "untap",
                      f"{len(chosen)} Swarm creature{'s' if plural else ''} "
                      f"{'are' if plural else 'is'} {word}.", [c.name for c in chosen],
                      data={"cards": [c.id for c in chosen]})]

    def _leave_to(self, card: Card, to: str, *, why: str) -> list[Event]:
        events: list[Event] = []
        # Only an Enforcer leaving changes Dread Level (sw-4-2): a board of thousands of
        # tokens dying together is not a count of the battlefield per token.
        before = self.dread_level if self.is_enforcer(card) else None
        self._forget_control(card)
        card.tapped = False
        card.counters = 0
        if to == "library-top":
            self.zones.move(card.id, "library", 0)
        elif to == "library-bottom":
            self.zones.move(card.id, "library")
        else:
            self.zones.move(card.id, to)
        if card.id in self.attackers:
            self.attackers.remove(card.id)
        where = _LEAVE_WORDS.get(to) or f"the {to}"
        events.append(Event("leave", f"{card.name} {why}: to {where}.", [card.name],
                            data={"rule": "sw-9-4", "card": card.id, "to": to}))
        if before is not None:
            events += self._dread_changed(before)
        return events

    def do_discard(self, amount: int = 1, cards: list[int] | None = None) -> list[Event]:
        """sw-13-4: random discard in Hive Mind Mode; sw-14-4: The Overlord picks ``cards``."""
        self._require_playing()
        return self.policy.discard(self, amount, cards)

    def do_draw(self, amount: int = 1, pre_swarm: bool = False) -> list[Event]:
        """The Swarm draws. ``pre_swarm``: drawn during this turn's Pre-Swarm Step, so the
        cards are cast in this step (sw-13-8; in Overlord Mode drawn tokens, sw-14-8). In Hive
        Mind Mode every draw while the Pre-Swarm Step waits is one, and it is cast before the
        Swarm Step reveals anything; once the Swarm Step has run it is too late."""
        self._require_playing()
        amount = self._amount(amount)
        pre_swarm = self.policy.drawn_in_pre_swarm(self, pre_swarm)
        library = self.zones["library"]
        events: list[Event] = []
        drawn: list[Card] = []
        for _ in range(amount):
            if not library:
                events.append(Event("draw", "The Swarm deck is empty: nothing to draw.",
                                    data={"rule": "sw-12-1"}))
                break
            card = library[0]
            if card.id == self.reckoning_id:
                # Only damage, life loss and the Swarm Step reach it (sw-6-4); it stays put.
                if len(library) == 1:
                    events.append(Event("draw", "Only The Reckoning is left in the Swarm deck: "
                                        "it is not drawn.", data={"rule": "sw-6-3"}))
                    break
                card = library[1]
            card.face_up = False
            self.zones.move(card.id, "hand")
            drawn.append(card)
            events.append(Event("draw", f"The Swarm draws {card.name}.", [card.name],
                                data={"card": card.id}))
        if pre_swarm and drawn:
            events += self.policy.cast_drawn(self, drawn)
        return events

    def do_token(self, name: str, amount: int = 1) -> list[Event]:
        """A Swarm card makes tokens: they enter untapped with haste (sw-9-1)."""
        self._require_playing()
        amount = self._amount(amount)
        if not isinstance(name, str) or not name.strip():
            raise ActionError("name the token")
        name = name.strip()
        if name not in self.config["facts"]:  # the config's own keys (an empty entry too)
            raise ActionError(f"no card facts for a token called {name!r}")
        events: list[Event] = []
        for _ in range(amount):
            card = self.new_card(name, token=True, made=True)
            events += self._enter(card)
        return events

    def do_activate(self, note: str = "") -> list[Event]:
        """sw-14-14: The Overlord pays an optional cost, at most Dread Level times a turn."""
        self._require_phase(*SWARM_TURN_PHASES, SURVIVORS, what="an optional-cost ability")
        self.policy.require_activate()
        if self.activations >= self.dread_level:
            raise ActionError(f"optional-cost abilities: at most Dread Level "
                              f"({self.dread_level}) a turn, already used {self.activations} "
                              "(sw-14-14)")
        self.activations += 1
        what = f" ({note})" if note else ""
        return [Event("activate", f"The Overlord pays an optional cost{what}: "
                      f"{self.activations} of {self.dread_level} this turn.",
                      data={"rule": "sw-14-14", "used": self.activations,
                            "limit": self.dread_level})]

    # -- table inputs: the Survivors --------------------------------------------------------------
    def do_life(self, amount: int) -> list[Event]:
        """sw-2-2: the Survivors' shared life changes by ``amount`` (negative: loss)."""
        self._require_playing()
        if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
            raise ActionError("the change of life must be a nonzero whole number")
        self.life += amount
        verb = "gain" if amount > 0 else "lose"
        return [Event("life", f"The Survivors {verb} {abs(amount)} life: now {self.life}.",
                      data={"rule": "sw-2-2", "life": self.life, "change": amount})]

    def do_survivor_poison(self, amount: int) -> list[Event]:
        """sw-2-3: poison counters on the Survivors (a team total)."""
        self._require_playing()
        amount = self._amount(amount)
        self.poison += amount
        return [Event("survivor-poison", f"The Survivors get {amount} poison counter(s): now "
                      f"{self.poison} of {POISON_LIMIT}.",
                      data={"rule": "sw-2-3", "poison": self.poison})]

    def do_deck_out(self, player: str = "A Survivor") -> list[Event]:
        """sw-12-3: a player's deck is empty."""
        self._require_playing()
        self.decked_out = str(player).strip() or "A Survivor"
        return [Event("deck-out", f"{self.decked_out}'s deck is empty.",
                      data={"rule": "sw-12-3"})]


# -- the variant's descriptor (pyengine/variants.py) -------------------------------------------
def _presets() -> list[dict[str, Any]]:
    """Hive Mind (the mode that plays itself) for 1-5 Survivors."""
    survivors = SETUP.count("survivors")
    return [{"mode": SETUP.choice("mode").default, "survivors": n}
            for n in range(survivors.low, survivors.high + 1)]


def _candidates(team: int) -> list[tuple[str, dict[str, Any]]]:
    """Hive Mind, Swarm's only setting that plays itself, for the team (sw-2-1's 1-5)."""
    mode, survivors = str(SETUP.choice("mode").default), SETUP.count("survivors")
    return [(MODES[mode], {"mode": mode,
                           "survivors": min(max(team, survivors.low), survivors.high)})]


def _config(deck: Any, db: Any, options: dict[str, Any], extra: Any) -> dict[str, Any]:
    if extra is None:
        raise ValueError("a Swarm game needs its Enforcer list")
    config = config_from_decks(mode=options.get("mode", "hive"),
                               survivors=options.get("survivors", 1), deck=deck,
                               enforcers=extra, db=db)
    return {**config, **options}  # every declared option reaches the engine


def _start(config: dict[str, Any], seed: str, life: int | None) -> SwarmGame:
    """40 shared life is the rule (sw-2-2): the table model's life is set by a life change."""
    game = SwarmGame(config, seed)
    if life is not None and life != game.life:
        game.apply({"type": "life", "amount": life - game.life})
    return game


def _refusal(config: dict[str, Any]) -> str | None:
    if config.get("mode") != "hive":
        return "only Hive Mind Mode plays itself; in Overlord Mode a player decides"
    return None


SwarmGame.descriptor = Variant(
    id=SwarmGame.variant, label="Swarm Mode", prefix="SW", rulebook="swarm",
    rulebook_title="Swarm Mode", setup=SETUP, sample_decks=("swarm-sample",),
    simulation=Simulation(
        driver="pyengine.simulate:_SwarmDriver", commander_decks=True,
        defaults={"mode": "hive", "survivors": 1}, summary=("mode", "survivors"),
        settings=_presets, candidates=_candidates, config=_config, start=_start,
        refusal=_refusal, sample="swarm-sample", title="Swarm Mode (Hive Mind)",
        companion="enforcers", sample_companion="swarm-sample-enforcers", suggested=1,
        figures=Figures(
            decks=(("swarm-sample", "swarm-sample-enforcers"),), settings=_presets,
            label=lambda options: MODES[options["mode"]],
            charts=lambda: [Chart("swarm-hive", "Hive Mind, by team size", {}, lambda o: (
                f"{o['survivors']} Survivor" + ("s" if o["survivors"] > 1 else "")),
                "Swarm turn")],
            life="40 shared (the rule)")),
    deck_formats=("swarm",),
    turn_actions=("turn", "swarm-step", "combat", "second-main", "end"),
    ending_actions=("deck-out", "poison", "survivor-poison", "damage", "lose-life"),
    deck_kinds=(
        DeckKind("swarm", "Swarm Mode", "pyengine.card_reference:swarm_reference"),
        DeckKind("swarm-enforcers", "Swarm Mode (Enforcers)",
                 "pyengine.card_reference:enforcers_reference"),
    ),
)
