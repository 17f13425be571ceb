"""Engine core figures: shuffling a 250-card deck, and saving and restoring a 250-card game.

Run: ``.venv/bin/python bench/bench_engine_core.py``. Prints milliseconds per operation.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_workloads import _timed  # noqa: E402

from pyengine import files  # noqa: E402
from pyengine.game import load_game  # noqa: E402
from pyengine.horde import HordeSlingLab  # noqa: E402
from pyengine.horde_common import deck_config  # noqa: E402
from pyengine.shuffler import shuffle_cards  # noqa: E402


def per_op(function, min_seconds: float = 1.0) -> float:
    """Milliseconds per call (the timing loop shared with the engine workloads)."""
    runs, seconds = _timed(function, min_seconds)
    return seconds / runs * 1000


def main() -> int:
    db = files.load_card_db()
    deck, facts = deck_config(files.load_deck("horde-knudson-zombies-2011").cards("main"), db.get)
    # Four Survivors: the SlingLab Horde grows to 250 cards (hs-8-1).
    config = {"deck": deck, "facts": facts, "survivors": 4, "difficulty": "classic"}
    game = HordeSlingLab(config, "bench-seed")
    for _ in range(6):
        for action in game.status()["actions"]:
            if action in ("end-survivor-turn", "end-horde-turn"):
                game.apply({"type": action})
                break
    cards = len(game.zones.all_cards())
    saved = game.to_json()
    deck250 = (deck * 3)[:250]
    rows = [
        ("shuffle a 250-card deck", per_op(lambda: shuffle_cards(deck250, "s"))),
        (f"start a {cards}-card Horde game", per_op(lambda: HordeSlingLab(config, "s"))),
        (f"save it ({len(saved):,} bytes of JSON)", per_op(game.to_json)),
        (f"restore it (replay of {len(game.actions)} actions)",
         per_op(lambda: load_game(saved))),
    ]
    print(f"Python {sys.version.split()[0]}")
    for label, ms in rows:
        print(f"{label:<44} {ms:9.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
