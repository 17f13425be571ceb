"""Long-game workloads timed the same way in CPython and in Pyodide (issue 17, point 2).
Not a benchmark script itself (``run_all.py`` skips it); ``bench/bench_long_games.py`` runs it.

Two saved games are built once in CPython (:func:`build_saves`, untimed):

* ``slinglab``: a 250-card SlingLab Horde game (four Survivors) after 400 accepted actions —
  turns, rolls, taps, counters, moves, life changes and the Horde's turns;
* ``swarm``: a Swarm Mode game on the shipped sample decks after 60 Swarm turns (turn, combat,
  second main phase, end, with some life changes and cards dying).

:func:`run` then times, per game (milliseconds per operation): ``replay`` (the game rebuilt
from its actions), ``reload`` (a save read back: JSON, replay and the one state check),
``undo`` (the game without its last action), ``action`` (one more accepted action on the full
game), ``refused`` (a refused action, which leaves the game unchanged) and ``save`` (the save
written after every accepted action).
"""

from __future__ import annotations

import json
import time
from typing import Any

SEED = "amber-otter-17"
SLINGLAB_ACTIONS = 400
SWARM_TURNS = 60


def _timed(function, min_seconds: float, clock=time.perf_counter) -> float:
    """Milliseconds per call: the best batch mean over at least ``min_seconds`` (one untimed
    warm-up call first). A batch lasts at least 5 ms (Pyodide's clock is coarse); the best
    batch, not the mean, because the machines that run this are shared and busy."""
    function()
    per_batch = 1
    start = clock()
    function()
    once = clock() - start
    per_batch = max(1, int(0.005 / once) if once else 100)
    best = float("inf")
    batches = 0
    began = clock()
    while clock() - began < min_seconds or batches < 3:
        start = clock()
        for _ in range(per_batch):
            function()
        best = min(best, (clock() - start) / per_batch)
        batches += 1
    return best * 1000


def _slinglab_save() -> dict[str, Any]:
    from pyengine import files
    from pyengine.game import GameError
    from pyengine.horde import HordeSlingLab
    from pyengine.horde_common import deck_config
    from pyengine.rng import Rng

    db = files.load_card_db()
    deck, facts = deck_config(files.load_deck("horde-knudson-zombies-2011").cards("main"), db.get)
    game = HordeSlingLab({"deck": deck, "facts": facts, "survivors": 4,
                          "difficulty": "classic"}, SEED)
    rng = Rng("bench-driver")
    tried = 0
    while len(game.actions) < SLINGLAB_ACTIONS:
        tried += 1
        if tried > 20 * SLINGLAB_ACTIONS:
            raise RuntimeError("the SlingLab driver is stuck")
        battlefield = [card.id for card in game.zones["battlefield"]]
        legal = game.legal_actions()
        stack = [card.id for card in game.zones["stack"]]
        choice = rng.below(10)
        if stack:
            action = {"type": "done", "card": stack[0]}
        elif game.offers:
            action = {"type": "skip-offer", "card": sorted(game.offers)[0]}
        elif choice < 2 and legal and legal[0].type.startswith("end-"):
            action = {"type": legal[0].type}
        elif choice < 4:
            action = {"type": "roll", "kind": rng.choice(["survivor", "creature"])}
        elif choice < 6 and battlefield:
            action = {"type": rng.choice(["tap", "untap"]), "card": rng.choice(battlefield)}
        elif choice < 7 and battlefield:
            action = {"type": "counters", "card": rng.choice(battlefield), "n": 1}
        elif len(battlefield) > 60:
            # A board wipe once the Horde's tokens pile up: since the engine makes the tokens
            # of upkeep triggers (Endless Ranks of the Dead: X is half the Zombies, issue 41),
            # a Zombie board grows by half each Horde turn and one kill an action no longer
            # keeps it bounded. The workload stays a long game on a big board, not a blow-up.
            action = {"type": "move-all", "cards": battlefield[:-30], "to": "graveyard"}
        elif (choice < 8 or len(battlefield) > 40) and battlefield:
            # The Survivors kill Horde permanents (more of them once the board is crowded).
            action = {"type": "move", "card": rng.choice(battlefield),
                      "to": rng.choice(["graveyard", "graveyard", "exile"])}
        elif choice < 9:
            action = {"type": "life", "change": rng.choice([-3, -2, 2, 5])}
            if game.life < 20:
                action["change"] = 10
        else:
            action = {"type": "gain", "n": 1}
        try:
            game.apply(action)
        except GameError:
            continue
    return game.to_dict()


def _swarm_save() -> dict[str, Any]:
    from pyengine import files
    from pyengine.game import GameError
    from pyengine.rng import Rng
    from pyengine.swarm import SwarmGame, config_from_decks

    db = files.load_card_db()
    config = config_from_decks(mode="hive", survivors=2, deck=files.load_deck("swarm-sample"),
                               enforcers=files.load_deck("swarm-sample-enforcers"), db=db)
    game = SwarmGame(config, SEED)
    rng = Rng("bench-driver")
    while game.swarm_turn < SWARM_TURNS:
        end = game.outcome()
        if end is not None:
            raise RuntimeError(f"the Swarm game ended ({end.termination.value}) at turn "
                               f"{game.swarm_turn}")
        for action in ({"type": "turn"}, {"type": "combat"}, {"type": "second-main"},
                       {"type": "end"}):
            try:
                game.apply(action)
            except GameError:
                pass
            if action["type"] == "combat":
                battlefield = [card.id for card in game.zones["battlefield"]]
                creatures = [card.id for card in game.zones["battlefield"]
                             if game.is_creature(card) and game.controls(card)]
                if len(creatures) > 60:  # a board wipe once the tokens pile up (as above)
                    try:
                        game.apply({"type": "dies-all", "cards": creatures[:-30]})
                    except GameError:
                        pass
                elif battlefield and rng.below(2):
                    try:
                        game.apply({"type": "dies", "card": rng.choice(battlefield)})
                    except GameError:
                        pass
        if game.life < 25:
            game.apply({"type": "life", "amount": 15})
    return game.to_dict()


def build_saves() -> dict[str, dict[str, Any]]:
    """The two long games as saves (dicts), built in CPython before timing."""
    return {"slinglab": _slinglab_save(), "swarm": _swarm_save()}


def run(saves: dict[str, dict[str, Any]], min_seconds: float = 1.0,
        cpu: bool = False) -> dict[str, Any]:
    """Time each operation on each saved game; milliseconds per operation. ``cpu``: time with
    the process's CPU clock instead of the wall clock (on a shared machine the CPU time is
    the steadier figure; Pyodide's CPU clock is the wall clock)."""
    import sys

    import pyengine.horde  # noqa: F401 - registers the variants the saves name
    import pyengine.swarm  # noqa: F401

    clock = time.process_time if cpu else time.perf_counter
    results: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform,
                               "clock": "cpu" if cpu else "wall"}
    for name, save in saves.items():
        results[name] = time_game(name, save, min_seconds, clock)
    return results


def time_game(name: str, save: dict[str, Any], min_seconds: float, clock=time.perf_counter,
              copies: int = 5) -> dict[str, Any]:
    from pyengine.game import GameError, find_variant, load_game

    cls = find_variant(save["variant"])
    text = json.dumps(save, sort_keys=True, separators=(",", ":"))
    last = save["actions"][-1]
    before = save["actions"][:-1]
    game = load_game(text)
    timings: list[float] = []

    def one_action() -> None:
        # ``copies`` games one action short, built untimed; the mean of their last action
        # (the best of these means is reported, as for the other operations).
        built = [cls.replay(save["config"], save["seed"], before) for _ in range(copies)]
        start = clock()
        for copy in built:
            copy.apply(last)
        timings.append((clock() - start) / copies)

    # A life change of 0: the handler runs and refuses it (the state is put back).
    zero = {"type": "life", ("change" if name == "slinglab" else "amount"): 0}

    def refused() -> None:
        try:
            game.apply(zero)
        except GameError:
            pass
        else:  # pragma: no cover - the workload would be wrong
            raise RuntimeError("a life change of 0 was accepted")

    one_action()
    timings.clear()
    start = clock()
    while clock() - start < min_seconds or len(timings) < 3:
        one_action()
    return {
        "cards": len(game.zones.all_cards()),
        "actions": len(game.actions),
        "save_bytes": len(text),
        "replay": _timed(lambda: cls.replay(save["config"], save["seed"], save["actions"]),
                         min_seconds, clock),
        "reload": _timed(lambda: load_game(text), min_seconds, clock),
        "undo": _timed(game.undo, min_seconds, clock),
        "action": min(timings) * 1000,
        "refused": _timed(refused, min_seconds, clock),
        "save": _timed(game.to_json, min_seconds, clock),
    }
