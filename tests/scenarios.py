"""Scenarios for every engine, in one place (not a test module).

* :func:`start` - a starting game of each registered variant from the shipped decks
  (:data:`STARTS`; ``tests/test_game_round_trip.py`` checks the table covers the registry).
* :func:`stacked` - a game whose library holds exactly the given cards, top first, with the
  card facts looked up once per session (:func:`card_db`).
* :func:`run`, :func:`run_to` - apply actions; advance with the variant's own turn actions until
  a phase is reached.
* :func:`zones`, :func:`assert_zones` - the card names in zones, and a check of some of them.
* :func:`kinds`, :func:`of_kind`, :func:`anchors`, :func:`trace` - event kinds, cards and rule
  anchors, so tests assert what happened rather than how the log words it
  (``tests/data/golden_logs/`` keeps the wording honest).
* :func:`walk` - a seeded random walk that picks action types from the engine's own
  ``legal_actions()`` (any ``do_*`` action for a variant without it).
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Iterable
from typing import Any

from pyengine import files, variants
from pyengine.actions import Action, Bound, types_of
from pyengine.cards import CardDB
from pyengine.decklist import Decklist
from pyengine.game import Event, Game, GameError
from pyengine.horde import HordeSlingLab
from pyengine.horde_common import deck_config
from pyengine.limited_horde import LimitedHorde
from pyengine.rng import Rng
from pyengine.swarm import SwarmGame, config_from_decks, facts_of, make_config
from pyengine.team_commander import OpeningHand, TeamTracker

SEED = "amber-otter-17"


# -- shipped data, read once per session ------------------------------------------------------
@functools.cache
def card_db() -> CardDB:
    """The shipped card facts (read once; treat as read-only)."""
    return files.load_card_db()


@functools.cache
def _deck(deck_id: str) -> Decklist:
    return files.load_deck(deck_id)


def shipped(deck_id: str, section: str = "main") -> list[str]:
    """The card names of a shipped deck's section (a fresh list)."""
    return list(_deck(deck_id).cards(section))


# -- a starting game of every registered variant -----------------------------------------------
def _swarm(seed: str) -> Game:
    config = config_from_decks(mode="hive", survivors=2, deck=_deck("swarm-sample"),
                               enforcers=_deck("swarm-sample-enforcers"), db=card_db())
    return SwarmGame(config, seed)


def _horde(seed: str) -> Game:
    deck, facts = deck_config(shipped("horde-knudson-zombies-2011"), card_db().get)
    return HordeSlingLab({"deck": deck, "facts": facts, "survivors": 2,
                          "difficulty": "nightmare"}, seed)


def _limited(seed: str) -> Game:
    deck, facts = deck_config(shipped("limited-horde-goblins"), card_db().get)
    return LimitedHorde({"deck": deck, "facts": facts, "difficulty": "normal"}, seed)


def _opening_hand(seed: str) -> Game:
    return OpeningHand({"deck": shipped("horde-knudson-zombies-2011")[:99],
                        "commanders": ["Grave Titan"]}, seed)


def _tracker(seed: str) -> Game:
    return TeamTracker({"teams": [["Ann", "Bo"], ["Cy", "Di"]], "first": 0}, seed)


#: Registered variant -> a starting game from the shipped decks (each engine class names itself).
STARTS: dict[str, Callable[[str], Game]] = {cls.variant: start for cls, start in (
    (SwarmGame, _swarm), (HordeSlingLab, _horde), (LimitedHorde, _limited),
    (OpeningHand, _opening_hand), (TeamTracker, _tracker))}

#: Registered variant -> the actions that move a game on, in the order a turn uses them, and
#: the actions that end a game (a random walk tries them only now and then): the descriptors'.
PROGRESS: dict[str, list[str]] = {v.id: list(v.turn_actions) for v in variants.all_variants()}
ENDERS: dict[str, list[str]] = {v.id: list(v.ending_actions) for v in variants.all_variants()}

VARIANTS = tuple(sorted(STARTS))


def start(variant: str, seed: str = SEED) -> Game:
    """A starting game of ``variant`` from the shipped decks."""
    return STARTS[variant](seed)


# -- stacked games ----------------------------------------------------------------------------
def facts(names: Iterable[str], extra: dict[str, dict[str, Any]] | None = None,
          variant: str = "horde") -> dict[str, dict[str, Any]]:
    """Card facts for ``names`` from the shipped card data (``extra`` wins), in the shape the
    ``variant``'s config takes."""
    extra = extra or {}
    names = list(dict.fromkeys(names))
    if variant == "swarm":
        return {name: extra[name] if name in extra else facts_of(card_db()[name])
                for name in names}
    found = deck_config([n for n in names if n not in extra], card_db().get)[1] if any(
        n not in extra for n in names) else {}
    return {**found, **{n: extra[n] for n in names if n in extra}}


def stacked(variant: str, deck: Iterable[str], *, seed: str = SEED,
            extra_facts: dict[str, dict[str, Any]] | None = None, **config: Any) -> Game:
    """A ``variant`` game whose library is exactly ``deck``, top first (``stack``), with card
    facts from the shipped data (``extra_facts`` for cards it lacks). ``config`` adds options:
    Swarm takes ``enforcers``, ``reckoning``, ``reckoning_at``, ``mode``, ``survivors``;
    Limited Horde ``dreadnought``; every Horde option passes through."""
    deck = list(deck)
    if variant == "swarm":
        enforcers = list(config.pop("enforcers", ("Grave Titan", "Death Baron")))
        reckoning = config.pop("reckoning", "Army of the Damned")
        names = [*deck, *enforcers, reckoning, "Zombie"]
        made = make_config(mode=config.pop("mode", "hive"),
                           survivors=config.pop("survivors", 1), deck=deck,
                           enforcers=enforcers, reckoning=reckoning,
                           facts=facts(names, extra_facts, "swarm"), stack=True,
                           reckoning_at=config.pop("reckoning_at", None))
        if config:
            raise TypeError(f"unknown Swarm options {sorted(config)}")
        return SwarmGame(made, seed)
    names = deck + list(config.get("dreadnought") or [])
    full = {"deck": deck, "facts": facts(names, extra_facts), "stack": True, **config}
    if variant == "horde":
        full.setdefault("difficulty", "classic")
        full.setdefault("survivors", 1)
        return HordeSlingLab(full, seed)
    if variant == "limited-horde":
        full.setdefault("difficulty", "nightmare")
        return LimitedHorde(full, seed)
    raise ValueError(f"no stacked library in {variant}")


# -- running ------------------------------------------------------------------------------------
def action(step: str | dict[str, Any], **arguments: Any) -> dict[str, Any]:
    """An action from its type (and arguments) or as given."""
    return {"type": step, **arguments} if isinstance(step, str) else {**step, **arguments}


def run(game: Game, *steps: str | dict[str, Any]) -> list[Event]:
    """Apply each action (a type alone or a whole action) in turn; all their events."""
    events: list[Event] = []
    for step in steps:
        events.extend(game.apply(action(step)))
    return events


def run_to(game: Game, phase: str, *, limit: int = 60) -> list[Event]:
    """Advance with the variant's own turn actions (:data:`PROGRESS`, the first one accepted)
    until ``game.phase == phase``; the events on the way. Fails when stuck."""
    events: list[Event] = []
    for _ in range(limit):
        if getattr(game, "phase", None) == phase:
            return events
        for step in PROGRESS[game.variant]:
            try:
                events.extend(game.apply({"type": step}))
            except GameError:
                continue
            break
        else:
            raise AssertionError(f"{game.variant}: no turn action is accepted in phase "
                                 f"{getattr(game, 'phase', None)!r}; wanted {phase!r}")
    raise AssertionError(f"{game.variant}: phase {phase!r} not reached in {limit} actions")


# -- checking -----------------------------------------------------------------------------------
def zones(game: Game, *names: str) -> dict[str, list[str]]:
    """Card names in each named zone (every zone when none is named), in zone order."""
    return {zone: [card.name for card in game.zones[zone]]
            for zone in (names or game.zones.names())}


def assert_zones(game: Game, **expected: list[str]) -> None:
    """The named zones hold exactly these card names, in order (``library`` top first)."""
    assert zones(game, *expected) == {zone: list(cards) for zone, cards in expected.items()}


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


_CITATION = re.compile(r"\((?:see )?((?:SW|LH|HS|TC) \d+(?:\.\d+)*[a-z]?)\)")


def rule_of(event: Event) -> str:
    """The rule anchor an event names: its ``data["rule"]``, else the last rule number it
    cites in parentheses at the end of a clause of its text, as its anchor (tc-4-1); ``""``
    for none."""
    if event.data.get("rule"):
        return str(event.data["rule"])
    cited = _CITATION.findall(event.text)
    return re.sub(r"[ .]", "-", cited[-1].lower()) if cited else ""


def cited(text: str) -> str:
    """The rule anchor a page text cites last, as in :func:`rule_of` (``""`` for none)."""
    return rule_of(Event("", text))


def anchors(events: Iterable[Event]) -> list[str]:
    """The rule anchors the events name, in order (events naming none left out)."""
    return [rule for rule in map(rule_of, events) if rule]


def trace(events: Iterable[Event]) -> list[tuple[str, str, str]]:
    """Each event as ``(kind, its cards joined by ", ", its rule anchor or "")``: what
    happened, to which cards, under which rule, without pinning the sentence."""
    return [(event.kind, ", ".join(event.cards), rule_of(event)) for event in events]


# -- random walks over the engine's own legal actions ------------------------------------------
JUNK: list[Any] = [None, -1, 0, 10_000, "", "x", "<b>Zombie</b>", "Zombie", "Team 1", [0, -1]]


def handlers(game: Game) -> dict[str, inspect.Signature]:
    """Action type -> signature of its ``do_*`` handler."""
    return {name[3:].replace("_", "-"): inspect.signature(getattr(game, name))
            for name in sorted(dir(game)) if name.startswith("do_")}


#: The variants whose ``legal_actions()`` the random walks follow. Every engine has the list
#: now (issue 29 point 3); the walks keep to the two that had it first, so the walks and the
#: golden logs made from them stay the same until the logs are next rewritten on purpose.
WALKS_FOLLOW_LEGAL = frozenset({"horde", "limited-horde"})


def legal_types(game: Game, menu: dict[str, inspect.Signature]) -> list[str]:
    """The action types the engine says make sense now (every handler without the list)."""
    if game.variant in WALKS_FOLLOW_LEGAL:
        return [name for name in types_of(game.legal_actions()) if name in menu]
    return sorted(menu)


def argument(rng: Rng, game: Game, name: str, parameter: inspect.Parameter) -> Any:
    """A value for one parameter, chosen by its name, now and then junk."""
    ids = sorted(card.id for card in game.zones.all_cards())
    if rng.below(12) == 0:
        return rng.choice(JUNK)
    if name in {"card", "attacker"} or name.endswith("_id"):
        return rng.choice(ids) if ids else 0
    if name in {"cards", "bottom"}:
        return rng.sample(ids, min(len(ids), rng.below(3))) if ids else []
    if name in {"amount", "n", "change", "power", "toughness"}:
        return rng.below(8) - 2
    if name in {"team", "commander"}:
        return rng.below(2)
    if name == "to":
        return rng.choice(["battlefield", "graveyard", "exile", "hand", "library-top",
                           "library-bottom"])
    if name == "kind":
        return rng.choice(["survivor", "creature", "other"])
    if name == "effect":
        return rng.choice(["destroy", "exile", "damage", "other"])
    if parameter.annotation in (bool, "bool") or isinstance(parameter.default, bool):
        return bool(rng.below(2))
    return rng.choice(["Zombie", "Goblin", "Ann", "x"])


def over(game: Game) -> bool:
    """The game has ended (won or lost): the engine surface's one answer, ``outcome()``."""
    return game.outcome() is not None


def random_action(rng: Rng, game: Game, menu: dict[str, inspect.Signature]) -> dict[str, Any]:
    """One action whose type the engine lists as legal now (a variant without the list: a turn
    action half the time), with arguments by name; the actions that end the game only rarely."""
    legal = legal_types(game, menu)
    if game.variant not in WALKS_FOLLOW_LEGAL and rng.below(2):
        legal = [name for name in PROGRESS[game.variant] if name in menu]
    enders = ENDERS[game.variant]
    if rng.below(25):
        legal = [name for name in legal if name not in enders] or legal
    kind = rng.choice(legal or sorted(menu))
    arguments: dict[str, Any] = {}
    for parameter in menu[kind].parameters.values():
        if parameter.kind not in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
            continue
        if parameter.default is not inspect.Parameter.empty and rng.below(2):
            continue
        arguments[parameter.name] = argument(rng, game, parameter.name, parameter)
    return Action(kind, arguments).to_json()


def walk(game: Game, seed: str, steps: int) -> list[tuple[dict[str, Any], list[Event] | str]]:
    """Drive ``game`` for ``steps`` random legal-typed actions; each action with its events,
    or the refusal message when the engine refused it (a refusal changes nothing)."""
    rng = Rng("walk-" + seed)
    menu = handlers(game)
    record: list[tuple[dict[str, Any], list[Event] | str]] = []
    for _ in range(steps):
        if over(game):
            break
        chosen = random_action(rng, game, menu)
        try:
            record.append((chosen, game.apply(chosen)))
        except GameError as error:
            record.append((chosen, f"{type(error).__name__}: {error}"))
    return record


def within(rng: Rng, bound: Bound) -> Any:
    """A value ``bound`` admits, chosen with ``rng``: the table's described objects (a name
    and small whole numbers), distinct values of ``among``, or a whole number between its
    limits (at most 8 above the lowest; not 0 where the bound says so)."""
    low = bound.low if bound.low is not None else 0
    if bound.fields:
        count = low + rng.below(3)
        if bound.high is not None:
            count = min(count, bound.high)
        return [{"name": f"Creature {i + 1}", **{f: 1 + rng.below(6) for f in bound.fields}}
                for i in range(count)]
    if bound.many and bound.among is not None:
        high = len(bound.among) if bound.high is None else min(bound.high, len(bound.among))
        return rng.sample(list(bound.among), low + rng.below(high - low + 1))
    if bound.among is not None:
        return rng.choice(list(bound.among))
    high = low + 8 if bound.high is None else min(bound.high, low + 8)
    value = low + rng.below(high - low + 1)
    return value + 1 if bound.nonzero and value == 0 else value


def filled(rng: Rng, game: Game, action: Action) -> Action:
    """``action``, as ``legal_actions()`` lists it, with its open arguments chosen: within its
    :class:`~pyengine.actions.Bound` where it has one, else by the argument's name."""
    parameters = handlers(game)[action.type].parameters
    return action.with_args(**{
        name: within(rng, action.bounds[name]) if name in action.bounds
        else argument(rng, game, name, parameters[name]) for name in action.open})


def legal_walk(game: Game, seed: str, steps: int) -> list[tuple[Action, list[Event] | str]]:
    """Drive ``game`` for ``steps`` actions picked among its ``legal_actions()`` (a type, then
    one of its actions), their open arguments filled (:func:`filled`); the actions that end
    the game only rarely. Each action
    with its events, or the refusal message (a refusal changes nothing). The golden logs keep
    to :func:`walk`, so they stay as they were."""
    rng = Rng("legal-walk-" + seed)
    record: list[tuple[Action, list[Event] | str]] = []
    enders = ENDERS[game.variant]
    for _ in range(steps):
        legal = game.legal_actions()
        if over(game) or not legal:
            break
        if rng.below(25):
            legal = [action for action in legal if action.type not in enders] or legal
        kind = rng.choice(types_of(legal))  # a type first: a card's many moves count once
        chosen = filled(rng, game, rng.choice([a for a in legal if a.type == kind]))
        try:
            record.append((chosen, game.apply(chosen)))
        except GameError as error:
            record.append((chosen, f"{type(error).__name__}: {error}"))
    return record


# -- cards straight onto the board (issue 39, point 6) -----------------------------------------
def on_board(game: Game, *cards: str, zone: str = "battlefield",
             extra_facts: dict[str, dict[str, Any]] | None = None, **state: Any) -> list[Any]:
    """Put ``cards`` straight into ``zone`` of ``game`` (the battlefield unless named), as
    card engines test cards: no turns played to get there. A card the game has no facts for
    takes them from ``extra_facts`` or the shipped card data (in today's verbs); ``state``
    sets each card's ``tapped``, ``counters`` or ``face_up``. A Swarm card put in The Lair
    (``zone="lair"``) becomes an Enforcer, on top (face up: the Active Enforcer)."""
    from pyengine.cards import CardFacts

    extra = extra_facts or {}
    made = []
    for name in cards:
        if name not in game._facts:  # type: ignore[attr-defined]
            entry = extra[name] if name in extra else facts_of(card_db()[name])
            game._facts[name] = CardFacts.from_config(name, entry)  # type: ignore[attr-defined]
        card = game.new_card(name, token=game._facts[name].is_token)  # type: ignore[attr-defined]
        for key, value in state.items():
            setattr(card, key, value)
        if zone == "lair":
            game.enforcer_ids.append(card.id)  # type: ignore[attr-defined]
            game.zones.add(zone, card, 0)
        else:
            game.zones.add(zone, card)
        made.append(card)
    return made
