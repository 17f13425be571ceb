"""Issue 39, point 5: how much of the card pool the card vocabulary reads, printed.

Reads the Scryfall snapshot in the workspace (``../shared/reference/scryfall/``) when there
is one and times the reading; else prints the figures the importer stored in
``decks/card-coverage.json``. Also prints what each engine does with the behaviours of the
shipped decks' cards.

    .venv/bin/python bench/bench_vocabulary.py
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitebuild import coverage  # noqa: E402


def main() -> int:
    found = sorted((ROOT.parent / "shared" / "reference" / "scryfall").glob("*.json.gz")) + \
        sorted((ROOT.parent.parent / "shared" / "reference" / "scryfall").glob("*.json.gz"))
    if found:
        cards = json.loads(gzip.decompress(found[0].read_bytes()))
        start = time.process_time()
        figures = coverage.compute(cards)
        spent = time.process_time() - start
        print(f"read {figures['cards']:,} creatures, instants and sorceries of {found[0].name} "
              f"in {spent:.1f} s CPU")
    else:
        figures = coverage.read()
        print(f"figures stored by the importer ({figures.get('source', '?')})")
    cards, unread = figures["cards"], figures["unread"]
    before = coverage.BEFORE
    print(f"cards with a line no verb reads: {unread:,} of {cards:,} "
          f"({100 * unread / cards:.1f}%; before issue 39 "
          f"{100 * before['unread'] / before['cards']:.1f}%)")
    print(f"cards with no verb at all: {figures['no_verb']:,}; with a trigger whose effect is "
          f"not read: {figures['trigger_effect_unread']:,}")
    print("cards per verb (top 20):")
    for verb, count in list(figures["verbs"].items())[:20]:
        print(f"  {verb:28} {count:6,}")
    print("most common unread openings:")
    for phrase, count in figures["unread_phrases"]:
        print(f"  {phrase:28} {count:6,}")
    print("shipped decks, behaviours per engine (carried / reminded / table / missing):")
    for engine, counts in coverage.shipped().items():
        print(f"  {engine:18} {counts['carried']:4} {counts['reminded']:4} {counts['table']:4} "
              f"{counts['missing']:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
