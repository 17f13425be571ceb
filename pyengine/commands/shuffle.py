"""``pyengine shuffle DECK --seed S [--draw N]``: shuffle a shipped deck or a list file."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path

from .. import files
from ..cli import CommandError
from ..decklist import Decklist
from ..rng import make_seed
from ..shuffler import HAND_SIZE, shuffle_cards


def read_deck(spec: str) -> Decklist:
    """A deck by id from ``decks/index.json``, or a decklist file; problems are an error."""
    path = Path(spec)
    try:
        if path.is_file():
            deck = Decklist.from_text(path.read_text(encoding="utf-8-sig", errors="replace"))
        else:
            deck = files.load_deck(spec)
    except (OSError, KeyError, ValueError) as error:
        raise CommandError(f"cannot read deck '{spec}': {error}") from None
    if deck.problems:
        lines = "\n".join(f"  line {p.line}: {p.message}: {p.text!r}" for p in deck.problems)
        raise CommandError(f"deck '{spec}' has problems:\n{lines}")
    return deck


def run(args: argparse.Namespace) -> int:
    deck = read_deck(args.deck)
    seed = args.seed or make_seed(secrets.randbits(32))
    result = shuffle_cards(deck.cards("main"), seed)
    print(f"seed: {result.seed}")
    for position, name in enumerate(result.order, start=1):
        marker = " *" if position <= args.draw else ""
        print(f"{position:4d}  {name}{marker}")
    print(f"opening hand ({min(args.draw, len(result.order))} cards, marked *)")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("shuffle", help="shuffle a deck with a seed")
    parser.add_argument("deck", help="a deck id (see decks/index.json) or a decklist file")
    parser.add_argument("--seed", help="seed (a random readable one if omitted)")
    parser.add_argument("--draw", type=int, default=HAND_SIZE, help="cards to draw (default 7)")
    parser.set_defaults(func=run)
