"""Simulator speed: games per second for each variant's heaviest preset, in CPython.

Run: ``.venv/bin/python bench/bench_simulate.py``. Prints simulated games per second (each game
plays until it ends or 30 automated turns) and the time for the rules site's set of runs. A
Pyodide figure needs the browser runtime (``bench/bench_phone.py``'s set-up); it is not
measured here.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine import files  # noqa: E402
from pyengine.simulate import build_config, simulate  # noqa: E402

CASES = [
    ("horde", "horde-knudson-zombies-2011", None, {"difficulty": "classic", "survivors": 2}),
    ("horde", "horde-knudson-zombies-2011", None, {"difficulty": "nightmare", "survivors": 4}),
    ("limited-horde", "limited-horde-zombies", None, {"difficulty": "normal"}),
    ("limited-horde", "limited-horde-eldrazi-vanguard", "limited-horde-eldrazi-dreadnought",
     {"difficulty": "hard"}),
    ("swarm", "swarm-sample", "swarm-sample-enforcers", {"mode": "hive", "survivors": 3}),
]


def main() -> int:
    db = files.load_card_db()
    print(f"Python {sys.version.split()[0]}")
    for variant, deck_id, extra_id, options in CASES:
        extra = files.load_deck(extra_id) if extra_id else None
        config = build_config(variant, files.load_deck(deck_id), db, options, extra)
        runs = 100
        start = time.perf_counter()
        simulate(variant, config, runs=runs, seed="bench")
        seconds = time.perf_counter() - start
        label = f"{variant} {deck_id} {options}"
        print(f"{label:<78} {runs / seconds:8.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
