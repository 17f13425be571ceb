"""Regenerate tests/data/shuffle_golden.json and tests/data/check_golden.json from CPython's
engine (review the diff!).

The shuffle file is the cross-runtime determinism proof: the unit tests check CPython against
it and the browser tests check Pyodide against it. The check file holds the deck check's
findings, in order, on a crowded paste (``devtools.inputs.crowded_paste``) in every format:
a faster check must find the same things (tests/test_legality.py); re-run this script when a
finding's wording changes on purpose.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from devtools.inputs import crowded_paste  # noqa: E402
from pyengine import files  # noqa: E402
from pyengine.decklist import Decklist  # noqa: E402
from pyengine.legality import FORMATS, Finding, Report, check  # noqa: E402
from pyengine.rng import Rng  # noqa: E402
from pyengine.shuffler import shuffle_cards  # noqa: E402

OUT = ROOT / "tests" / "data" / "shuffle_golden.json"
CHECK_OUT = ROOT / "tests" / "data" / "check_golden.json"
CHECK_BLOCKS = 105  # past the cap of 100 findings of a kind (one count of 0 a block)
BANLISTS = ("horde-survivor", "commander", "team-commander", "any-number", "basics")


def report_data(report: Report) -> dict:
    """What the golden keeps of a check: the verdict, the size, the commanders and every
    finding in order, as one line of text each (line, card, message, rule, severity, code,
    suggestions, tab-separated)."""
    return {"verdict": report.verdict, "size": report.size, "commanders": report.commanders,
            "findings": [finding_line(f) for f in report.findings]}


def finding_line(f: Finding) -> str:
    """One finding as a line of the golden."""
    return "\t".join([str(f.line), f.card, f.message, f.rule, f.severity, f.code,
                      " | ".join(f.suggestions)])


def check_golden() -> dict:
    """The findings of every format's check of ``crowded_paste(CHECK_BLOCKS)``, with its
    commander marked and without (``<format>/unmarked``)."""
    cards = files.load_full_card_db()
    banlists = {key: files.load_banlist(key) for key in BANLISTS}
    out = {}
    for suffix, marked in (("", True), ("/unmarked", False)):
        deck = Decklist.read(crowded_paste(CHECK_BLOCKS, marked), cards)
        for key in FORMATS:
            out[key + suffix] = report_data(check(deck, key, cards, banlists))
    return out


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
    CHECK_OUT.write_text(json.dumps(check_golden(), indent=1, ensure_ascii=False) + "\n",
                         encoding="utf-8")


if __name__ == "__main__":
    main()
