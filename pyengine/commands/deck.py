"""``pyengine deck show DECK [--json]``: a deck's sections, counts, tokens and mana curve.

DECK is a deck id from ``decks/index.json`` or a decklist file (any export format the reader
knows). Card facts come from the full card data (``decks/card-facts.tsv.gz``), the shipped
``decks/cards.tsv`` and the list's own ``#!`` annotations; cards without facts are listed as
unknown (with a "did you mean" hint), never guessed. Exit code 0, or 2 for a missing or
unreadable file, an unknown deck id, or a list with problems (each printed with its line).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import files
from ..cards import CardDB
from ..cli import CommandError
from ..decklist import Decklist, did_you_mean
from ..legality import MAX_HINTS
from ._input import read_deck_spec
from ._input import show as quoted

CURVE_TOP = 7
"""Mana values from this up are counted together as ``7+``."""


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def read(spec: str) -> tuple[Decklist, str]:
    """The deck named by ``spec`` (a file path or a deck id) and a label for it."""
    return read_deck_spec(spec, allow_problems=True)


def summarise(deck: Decklist, db: CardDB) -> dict[str, Any]:
    """Counts, tokens, curve and unknown cards of every section, as plain data."""
    sections: list[dict[str, Any]] = []
    hints_left = [MAX_HINTS]

    def hint(card: str) -> list[str]:
        if hints_left[0] <= 0:
            return []
        hints_left[0] -= 1
        return did_you_mean(card, db)

    for name in deck.sections():
        cards = deck.cards(name)
        tokens: dict[str, int] = {}
        curve: dict[str, int] = {}
        types: dict[str, int] = {}
        unknown: dict[str, int] = {}
        for card in cards:
            facts = db.get(card)
            if facts is None:
                unknown[card] = unknown.get(card, 0) + 1
                continue
            if facts.is_token:
                tokens[facts.name] = tokens.get(facts.name, 0) + 1
                continue
            bucket = str(facts.mana_value) if facts.mana_value < CURVE_TOP else f"{CURVE_TOP}+"
            curve[bucket] = curve.get(bucket, 0) + 1
            kind = "creature" if facts.is_creature else "land" if facts.is_land else "other"
            types[kind] = types.get(kind, 0) + 1
        buckets = [str(v) for v in range(CURVE_TOP)] + [f"{CURVE_TOP}+"]
        sections.append(
            {
                "section": name,
                "cards": len(cards),
                "tokens": sum(tokens.values()),
                "nontoken": len(cards) - sum(tokens.values()) - sum(unknown.values()),
                "token_names": dict(sorted(tokens.items())),
                "types": {k: types[k] for k in ("creature", "land", "other") if k in types},
                "curve": {b: curve.get(b, 0) for b in buckets},
                "unknown": {
                    card: {"count": count, "did_you_mean": hint(card)}
                    for card, count in unknown.items()
                },
            }
        )
    total = sum(section["cards"] for section in sections)
    return {"name": deck.name, "total": total, "sections": sections}


def show(args: argparse.Namespace) -> int:
    deck, label = read(args.deck)
    if deck.problems:
        lines = "\n".join(f"  line {p.line}: {p.message}: {quoted(p.text)}"
                          for p in deck.problems[:20])
        raise CommandError(f"{quoted(label)}: the list has problems:\n{lines}")
    try:
        db = files.load_full_card_db().merge(CardDB.from_annotations(deck))
    except files.DataFileError as error:
        raise CommandError(str(error)) from None
    summary = summarise(deck, db)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    print(f"{deck.name or label}  ({plural(summary['total'], 'card')})")
    for section in summary["sections"]:
        print()
        unknown = sum(info["count"] for info in section["unknown"].values())
        size = plural(section["cards"], "card")
        parts = f"{section['nontoken']} nontoken, {section['tokens']} tokens"
        print(
            f"{section['section']}: {size} — {parts}" + (f", {unknown} unknown" if unknown else "")
        )
        if section["types"]:
            print("  nontoken: " + ", ".join(f"{n} {k}" for k, n in section["types"].items()))
        if section["token_names"]:
            print("  tokens: " + ", ".join(f"{n} {k}" for k, n in section["token_names"].items()))
        if section["nontoken"]:
            print("  mana curve (nontoken cards):")
            for bucket, n in section["curve"].items():
                print(f"    {bucket:>2} | {'#' * n}{' ' + str(n) if n else ''}")
        for card, info in section["unknown"].items():
            hint = info["did_you_mean"]
            extra = f" (did you mean {' or '.join(hint)}?)" if hint else ""
            print(f"  unknown card: {info['count']} {card}{extra}")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("deck", help="look at a deck: counts, tokens, mana curve")
    sub = parser.add_subparsers(dest="deck_command", metavar="VERB", required=True)
    show_parser = sub.add_parser("show", help="sections, counts, tokens and mana curve of a deck")
    show_parser.add_argument("deck", help="a deck id (see decks/index.json) or a decklist file")
    show_parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    show_parser.set_defaults(func=show)
