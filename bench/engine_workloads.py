"""Engine workloads timed the same way in CPython and in Pyodide (bench/bench_site.py runs them
in both and prints the ratio). Not a benchmark script itself: ``run_all.py`` skips it.

Each workload runs once untimed (first-call imports and caches), then is timed by repetition for
at least ``min_seconds`` (Pyodide's clock is coarse, about 0.1 ms without cross-origin isolation)
and reported in milliseconds per operation:

* ``swarm_turns``: a Swarm Mode game on the shipped sample decks (100-card Swarm deck, its
  Enforcers and Reckoning), set up with a seed and played for 10 Swarm turns (turn, combat,
  end), plus a save to JSON and a replay from it; reported per Swarm turn.
* ``shuffle_250``: shuffling a 250-card game deck with a seed.
* ``legality_100``: the 100-card legality check of the sample Swarm deck.
"""

from __future__ import annotations

import time

SEED = "amber-otter-17"
TURNS = 10


def _timed(function, min_seconds: float) -> tuple[int, float]:
    function()  # warm-up, untimed: first-call imports and caches
    runs = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < min_seconds or runs < 3:
        function()
        runs += 1
        elapsed = time.perf_counter() - start
    return runs, elapsed


def swarm_game(config: dict, seed: str = SEED, turns: int = TURNS) -> int:
    """Play ``turns`` Swarm turns (or until the game ends); return the turns played."""
    from pyengine.game import GameError, load_game
    from pyengine.swarm import SwarmGame

    game = SwarmGame(config, seed)
    played = 0
    for _ in range(turns):
        try:
            game.apply({"type": "turn"})
            game.apply({"type": "combat"})
            game.apply({"type": "end"})
        except GameError:
            break
        played += 1
    load_game(game.to_json())  # a save and a full replay, as undo and reload do
    return played


def prepare() -> dict:
    """Inputs built once, outside the timings (reading the shipped data files)."""
    from pyengine import files
    from pyengine.swarm import config_from_decks

    db = files.load_card_db()
    swarm = config_from_decks(mode="hive", survivors=2, deck=files.load_deck("swarm-sample"),
                              enforcers=files.load_deck("swarm-sample-enforcers"), db=db)
    keys = ("horde-survivor", "commander", "team-commander", "any-number", "basics")
    return {
        "swarm": swarm,
        "deck250": [f"Card {i:03d}" for i in range(250)],
        "legality_deck": files.load_deck("swarm-sample"),
        "db": db,
        "banlists": {key: files.load_banlist(key) for key in keys},
    }


def run(min_seconds: float = 1.0) -> dict:
    """Time every workload; milliseconds per operation, with the Python version."""
    import sys

    from pyengine.legality import check
    from pyengine.shuffler import shuffle_cards

    inputs = prepare()
    results: dict[str, object] = {"python": sys.version.split()[0], "platform": sys.platform}

    played = swarm_game(inputs["swarm"])
    runs, seconds = _timed(lambda: swarm_game(inputs["swarm"]), min_seconds)
    results["swarm_turns"] = {"ms_per_turn": seconds / runs / max(played, 1) * 1000,
                              "turns_per_game": played, "games": runs}

    runs, seconds = _timed(lambda: shuffle_cards(inputs["deck250"], SEED), min_seconds)
    results["shuffle_250"] = {"ms": seconds / runs * 1000, "runs": runs}

    deck = inputs["legality_deck"]
    runs, seconds = _timed(
        lambda: check(deck, "swarm", inputs["db"], inputs["banlists"]), min_seconds
    )
    results["legality_100"] = {"ms": seconds / runs * 1000, "runs": runs,
                               "cards": deck.count()}
    return results
