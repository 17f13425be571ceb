"""Regenerate tests/data/shuffle_golden.json from CPython's engine (review the diff!).

The file is the cross-runtime determinism proof: the unit tests check CPython against it and
the browser tests check Pyodide against it.
"""

from __future__ import annotations

import json
from pathlib import Path

from pyengine import files
from pyengine.rng import Rng
from pyengine.shuffler import shuffle_cards

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "shuffle_golden.json"


def main() -> None:
    deck_id, seed = "limited-horde-zombies", "amber-otter-17"
    cards = files.load_deck(deck_id).cards("main")
    pure = []
    for seed_text, n in (("42", 20), ("quiet-owl-05", 60), ("Gilded Moth 99", 100)):
        items = [f"c{i}" for i in range(n)]
        pure.append({"seed": seed_text, "cards": items, "order": Rng(seed_text).shuffled(items)})
    golden = {
        "deck": {"deck": deck_id, "seed": seed, "order": list(shuffle_cards(cards, seed).order)},
        "pure": pure,
    }
    OUT.write_text(json.dumps(golden, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
