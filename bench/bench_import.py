"""Benchmark the card-data import on a file the size of today's Oracle Cards bulk (a script, not a
test): ``python bench/bench_import.py [--objects 35000] [--output results.json]``.

Writes a synthetic bulk file in Scryfall's current shape: gzipped JSON Lines, one full card
object a line (about 4 kB each, as Scryfall's are: ids, image addresses, prices, legalities...).
The cards' names, costs, type lines and texts come from the snapshot in
``../shared/reference/scryfall/`` when it is there (so the text-derived tags cost what they
cost on real cards), else from ``tests/data/bulk/oracle-cards.jsonl`` with numbered names;
about 4 in 100 objects are tokens, art series and front cards, as in the real file. Then it runs
``scripts/import_scryfall.py --source FILE`` in a child process (output to a temporary
file: the committed data is not touched) and reports the wall time and the child's peak
memory (its maximum resident set size). Goals (issue 37): under 400 MB peak, under a minute.
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMPORTER = ROOT / "scripts" / "import_scryfall.py"
FIXTURE = ROOT / "tests" / "data" / "bulk" / "oracle-cards.jsonl"
GOAL_MB = 400
GOAL_SECONDS = 60
LEGAL = {key: "legal" for key in ("standard", "future", "historic", "timeless", "gladiator",
                                  "pioneer", "modern", "legacy", "pauper", "vintage", "penny",
                                  "commander", "oathbreaker", "standardbrawl", "brawl",
                                  "alchemy", "paupercommander", "duel", "oldschool",
                                  "premodern", "predh")}


def _snapshot_cards() -> list[dict]:
    for base in (ROOT.parent, ROOT.parent.parent):
        found = sorted((base / "shared" / "reference" / "scryfall").glob("*.json.gz"))
        if found:
            return json.loads(gzip.decompress(found[-1].read_bytes()))
    return []


def _full_object(card: dict, number: int, layout: str = "normal") -> dict:
    """``card``'s facts in a Scryfall card object with every usual field."""
    ident = str(uuid.UUID(int=number + 1))
    image = f"https://cards.scryfall.io/normal/front/{ident[0]}/{ident[1]}/{ident}.jpg?1700000000"
    made = {"object": "card", "id": ident, "oracle_id": str(uuid.UUID(int=10**9 + number)),
            "multiverse_ids": [400000 + number], "mtgo_id": 90000 + number,
            "tcgplayer_id": 200000 + number, "cardmarket_id": 500000 + number,
            "name": card["name"], "lang": "en", "released_at": "2026-10-02",
            "uri": f"https://api.scryfall.com/cards/{ident}",
            "scryfall_uri": f"https://scryfall.com/card/tst/{number}/x?utm_source=api",
            "layout": card.get("layout", layout), "highres_image": True,
            "image_status": "highres_scan",
            "image_uris": {size: image.replace("/normal/", f"/{size}/") for size in
                           ("small", "normal", "large", "png", "art_crop", "border_crop")}}
    for key in ("mana_cost", "cmc", "type_line", "oracle_text", "power", "toughness",
                "colors", "color_identity", "keywords", "card_faces"):
        if key in card:
            made[key] = card[key]
    made.setdefault("cmc", 0.0)
    made.setdefault("color_identity", [])
    made.update({"legalities": dict(LEGAL), "games": ["paper", "mtgo"], "reserved": False,
                 "game_changer": number % 700 == 0, "foil": True, "nonfoil": True,
                 "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False,
                 "reprint": True, "variation": False, "set_id": str(uuid.UUID(int=7)),
                 "set": "tst", "set_name": "Test Set", "set_type": "expansion",
                 "set_uri": "https://api.scryfall.com/sets/tst",
                 "collector_number": str(number), "digital": False, "rarity": "rare",
                 "flavor_text": "A line of flavour of about the usual length, made up here.",
                 "card_back_id": str(uuid.UUID(int=9)), "artist": "Test Artist",
                 "artist_ids": [str(uuid.UUID(int=11))], "illustration_id": ident,
                 "border_color": "black", "frame": "2015", "full_art": False,
                 "textless": False, "booster": True, "story_spotlight": False,
                 "edhrec_rank": number, "penny_rank": number,
                 "prices": {"usd": "0.25", "usd_foil": "1.10", "usd_etched": None,
                            "eur": "0.20", "eur_foil": "0.90", "tix": "0.03"},
                 "related_uris": {"gatherer": "https://gatherer.wizards.com/x",
                                  "tcgplayer_infinite_articles": "https://tcgplayer.com/x",
                                  "tcgplayer_infinite_decks": "https://tcgplayer.com/y",
                                  "edhrec": "https://edhrec.com/route/?cc=x"},
                 "purchase_uris": {"tcgplayer": "https://tcgplayer.com/z",
                                   "cardmarket": "https://cardmarket.com/z",
                                   "cardhoarder": "https://cardhoarder.com/z"}})
    return made


def write_bulk(path: Path, objects: int) -> tuple[int, str]:
    """Write the synthetic file; (its size in bytes, where its cards came from)."""
    cards = _snapshot_cards()
    origin = "the snapshot's cards"
    if not cards:
        cards = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
        cards = [c for c in cards if c.get("layout") == "normal"]
        origin = "the test fixture's cards, numbered"
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=6) as out:
        for number in range(objects):
            if number % 25 == 24:  # tokens, art series, front cards
                layout = ("token", "art_series", "front_card")[number % 3]
                card = {"name": f"Bench Object {number}", "type_line": "Card", "layout": layout}
            else:
                card = dict(cards[number % len(cards)])
                if number >= len(cards):
                    card["name"] = f"{card['name']} {number}"
                    card.pop("card_faces", None)
            out.write(json.dumps(_full_object(card, number), ensure_ascii=False) + "\n")
    return path.stat().st_size, origin


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--objects", type=int, default=35_000)
    parser.add_argument("--output", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-import-") as work:
        bulk = Path(work) / "oracle-cards-2026-12-05.jsonl.gz"
        size, origin = write_bulk(bulk, args.objects)
        print(f"synthetic Oracle Cards: {args.objects:,} objects from {origin}, "
              f"{size / 1e6:.1f} MB gzipped")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(IMPORTER), "--source", str(bulk),
                               "--output", str(Path(work) / "facts.tsv.gz")],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if done.returncode != 0:
        print(done.stdout + done.stderr, file=sys.stderr)
        return 1
    print(done.stdout.strip())
    print(f"import: {seconds:.1f} s (goal < {GOAL_SECONDS} s), peak memory {peak_mb:.0f} MB "
          f"(goal < {GOAL_MB} MB)")
    figures = {"objects": args.objects, "gzip_bytes": size, "seconds": round(seconds, 2),
               "peak_mb": round(peak_mb, 1), "goal_seconds": GOAL_SECONDS, "goal_mb": GOAL_MB,
               "cards_from": origin}
    if args.output:
        args.output.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if seconds < GOAL_SECONDS and peak_mb < GOAL_MB else 2


if __name__ == "__main__":
    sys.exit(main())
