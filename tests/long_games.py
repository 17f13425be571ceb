"""Long random games of every registered variant, for the replay/undo equivalence tests.

Not a test module. :func:`play` drives a game with a seeded :class:`~pyengine.rng.Rng`: mostly
the variant's turn-advancing actions (so a game really gets long), mixed with any ``do_*``
action with arguments chosen by parameter name — some valid, some refused, some junk. It
returns the actions it tried, each with what happened (accepted or the refusal message) and
digests of the events and of the whole save after it; ``tests/data/long_games_golden.json``
holds that record as the engine produced it before ``Game.apply`` stopped snapshotting, and
``tests/test_game_replay.py`` checks the engine still produces exactly it. After a rules
correction a variant's record is re-recorded from its same actions (:func:`rerecord`; Swarm at
schema 4, when The Swarm stopped skipping its combat, sw-3-5).
"""

from __future__ import annotations

import hashlib
import inspect
import json
from typing import Any

from pyengine.actions import types_of
from pyengine.game import Game, GameError
from pyengine.horde import HordeSlingLab
from pyengine.horde_common import deck_config
from pyengine.rng import Rng
from tests import scenarios

JUNK = [None, -1, 0, 10_000, "", "x", "<b>Zombie</b>", "Zombie", "Goblin", "Team 1", [0, -1]]


def slinglab(seed: str) -> Game:
    deck, facts = deck_config(scenarios.shipped("horde-knudson-zombies-2011"),
                              scenarios.card_db().get)
    # Four Survivors: the SlingLab Horde has 250 cards (hs-8-1).
    return HordeSlingLab({"deck": deck, "facts": facts, "survivors": 4,
                          "difficulty": "classic"}, seed)


#: Every registered variant: a starting game (tests/scenarios.py's, but a four-Survivor classic
#: SlingLab game), the actions that move it on (a variant with
#: ``legal_actions`` adds its own) and the actions that end it, tried only now and then.
VARIANTS = {
    "swarm": (scenarios.STARTS["swarm"], ["turn", "swarm-step", "combat", "second-main", "end"],
              ["deck-out", "poison", "survivor-poison", "damage", "lose-life"]),
    "horde": (slinglab, ["end-survivor-turn", "end-horde-turn", "done", "skip-offer"], ["life"]),
    "limited-horde": (scenarios.STARTS["limited-horde"],
                      ["end-survivor-turn", "end-horde-turn", "end-step", "done"],
                      ["life", "confirm-victory"]),
    "team-commander-hand": (scenarios.STARTS["team-commander-hand"], ["mulligan"], ["keep"]),
    "team-commander": (scenarios.STARTS["team-commander"],
                       ["next-turn", "life", "commander-damage"],
                       ["player-loses", "team-loses", "player-wins"]),
}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


#: The save schema the golden record was written at. A later schema that changes no saved
#: game of these decks (schema 3 read two-faced cards by their front face; the shipped decks
#: have none) leaves the record valid: saves are compared as if written at this version.
RECORDED_SCHEMA = 2


def save_digest(game: Game) -> str:
    """:func:`digest` of the game's save, its ``schema`` set to :data:`RECORDED_SCHEMA`."""
    data = game.to_dict()
    data["schema"] = RECORDED_SCHEMA
    return digest(json.dumps(data, sort_keys=True, separators=(",", ":")))


def handlers(game: Game) -> dict[str, inspect.Signature]:
    return {name[3:].replace("_", "-"): inspect.signature(getattr(game, name))
            for name in sorted(dir(game)) if name.startswith("do_")}


def argument(rng: Rng, game: Game, name: str, parameter: inspect.Parameter) -> Any:
    """A value for one parameter, chosen by its name; one time in twelve, junk."""
    ids = sorted(card.id for card in game.zones.all_cards())
    if rng.below(12) == 0:
        return rng.choice(JUNK)
    if name in {"card", "attacker"} or name.endswith("_id"):
        waiting = sorted(getattr(game, "offers", {}))
        if "stack" in game.zones.names():
            waiting += [card.id for card in game.zones["stack"]]
        if waiting and rng.below(2):
            return rng.choice(waiting)
        return rng.choice(ids) if ids else 0
    if name == "commander":
        return rng.below(3)
    if name in {"cards", "bottom"}:
        return [rng.choice(ids) for _ in range(rng.below(3))] if ids else []
    if name in {"amount", "n", "change", "power", "toughness"}:
        return rng.below(9) - 2
    if name == "team":
        return rng.below(3)
    if name == "to":
        return rng.choice(["battlefield", "graveyard", "exile", "hand", "library-top",
                           "library-bottom", "nowhere"])
    if name == "kind":
        return rng.choice(["survivor", "creature", "other"])
    if name == "effect":
        return rng.choice(["destroy", "exile", "damage", "other"])
    if name == "player":
        return rng.choice(["Ann", "Bo", "Cy", "Di", "Nobody"])
    if parameter.annotation in (bool, "bool") or isinstance(parameter.default, bool):
        return rng.below(2) == 1
    if "list" in str(parameter.annotation):
        return [rng.choice(["Zombie", "Goblin", ""]) for _ in range(rng.below(3))]
    return rng.choice(["Zombie", "Goblin", "Eldrazi Spawn", "", "a note"])


def next_action(rng: Rng, game: Game, menu: dict[str, inspect.Signature],
                progress: list[str], rare: list[str]) -> dict[str, Any]:
    if rng.below(10) < 6:
        legal = (types_of(game.legal_actions()) if game.variant in scenarios.WALKS_FOLLOW_LEGAL
                 else [])
        wanted = [name for name in progress + legal if name in menu and name not in rare]
        action_type = rng.choice(wanted)
    else:
        action_type = rng.choice(sorted(menu))
        if action_type in rare and rng.below(25):
            action_type = rng.choice([name for name in sorted(menu) if name not in rare])
    action: dict[str, Any] = {"type": action_type}
    for parameter in menu[action_type].parameters.values():
        if parameter.kind not in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
            continue
        if parameter.default is not inspect.Parameter.empty and rng.below(2):
            continue
        action[parameter.name] = argument(rng, game, parameter.name, parameter)
    if rng.below(40) == 0:
        action["unknown_argument"] = 1
    return action


def play(variant: str, seed: str, steps: int) -> tuple[Game, list[dict[str, Any]]]:
    """Drive a ``variant`` game for ``steps`` tried actions; the game and the record."""
    make, progress, rare = VARIANTS[variant]
    game = make(seed)
    rng = Rng("driver-" + seed)
    menu = handlers(game)
    record = []
    for _ in range(steps):
        action = next_action(rng, game, menu, progress, rare)
        record.append(step_record(game, action))
    return game, record


def step_record(game: Any, action: dict[str, Any]) -> dict[str, Any]:
    """Apply ``action`` and say what happened: the action, ``ok`` or the refusal, a digest of
    its events and of the save after it."""
    try:
        events = game.apply(action)
    except GameError as error:
        outcome = f"{type(error).__name__}: {error}"
        events = []
    else:
        outcome = "ok"
    return {
        "action": action,
        "outcome": outcome,
        "events": digest(json.dumps([e.to_dict() for e in events], sort_keys=True)),
        "save": save_digest(game),
    }


GOLDEN_SEED = "golden-1"
GOLDEN_STEPS = 400


def write_golden(path: str) -> None:
    """Record every variant's long game (run once, with the engine the record must match)."""
    record = {variant: play(variant, GOLDEN_SEED, GOLDEN_STEPS)[1] for variant in VARIANTS}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(record, out, sort_keys=True, indent=0, separators=(",", ":"))
        out.write("\n")


def replay_record(variant: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The record of ``actions`` tried in order on a fresh ``variant`` game with today's
    engine (the same actions; outcomes, events and saves as they are now)."""
    game = VARIANTS[variant][0](GOLDEN_SEED)
    return [step_record(game, action) for action in actions]


def rerecord(path: str, variants: list[str]) -> None:
    """Re-record ``variants`` after a rules correction: the same recorded actions, replayed
    with today's engine (schema 4: Swarm, issue 25). The other variants' records stay as the
    snapshotting engine wrote them."""
    with open(path, encoding="utf-8") as handle:
        record = json.load(handle)
    for variant in variants:
        record[variant] = replay_record(variant, [step["action"] for step in record[variant]])
    with open(path, "w", encoding="utf-8") as out:
        json.dump(record, out, sort_keys=True, indent=0, separators=(",", ":"))
        out.write("\n")


if __name__ == "__main__":
    import sys

    if len(sys.argv) > 2:
        rerecord(sys.argv[1], sys.argv[2:])
    else:
        write_golden(sys.argv[1])
