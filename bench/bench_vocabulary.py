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

from pyengine.vocabulary import behaviours  # noqa: E402
from sitebuild import coverage  # noqa: E402

#: Cards of decks/card-facts.tsv.gz with an X no count defined, before issue 41 gave the
#: vocabulary its counts (x_is=; measured with :func:`x_figures` on the data of then).
X_BEFORE = {"with_x": 639, "counted": 0}


def x_figures(path: Path = ROOT / "decks" / "card-facts.tsv.gz") -> dict[str, int]:
    """Cards of the card data whose behaviours have an X (a token, damage, life or counter
    count), and how many of them say what X counts (``x_is``): the rest leave X to the
    table."""
    with_x = counted = 0
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        for row in rows:
            if row.startswith("#"):
                continue
            tags = [t for t in row.rstrip("\n").split("\t")[-1].split(";") if t]
            read = behaviours(tags)
            if any(b.count == "X" or any(a.count == "X" for a in b.effect) for b in read):
                with_x += 1
                counted += any(b.name == "x_is" for b in read)
    return {"with_x": with_x, "counted": counted}


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
    x = x_figures()
    print(f"cards with an X: {x['with_x']:,}, X counted by the text's count (x_is): "
          f"{x['counted']:,}, left to the table: {x['with_x'] - x['counted']:,} (before issue "
          f"41: {X_BEFORE['with_x'] - X_BEFORE['counted']:,} of {X_BEFORE['with_x']:,} left)")
    print("shipped decks, behaviours per engine (carried / reminded / table / missing):")
    for engine, counts in coverage.shipped().items():
        print(f"  {engine:18} {counts['carried']:4} {counts['reminded']:4} {counts['table']:4} "
              f"{counts['missing']:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
