"""``pyengine shuffle DECK --seed S [--draw N]``: shuffle a shipped deck or a list file."""

from __future__ import annotations

import argparse
import secrets

from ..cli import CommandError
from ..decklist import Decklist
from ..rng import make_seed
from ..shuffler import HAND_SIZE, library_and_commanders, shuffle_cards
from ._input import read_deck_spec, show


def read_deck(spec: str) -> Decklist:
    """A deck by id from ``decks/index.json``, or a decklist file; problems, and a list with
    no cards, are an error."""
    return read_deck_spec(spec)[0]


def run(args: argparse.Namespace) -> int:
    if args.draw < 0:
        raise CommandError(f"--draw {args.draw}: the number of cards to draw cannot be "
                           "negative")
    deck = read_deck(args.deck)
    library, commanders = library_and_commanders(deck)
    if not library:
        raise CommandError(f"{show(args.deck)} has no cards to shuffle in its main deck")
    seed = args.seed or make_seed(secrets.randbits(32))
    if commanders:
        print("commander (set aside): " + " + ".join(commanders))
    result = shuffle_cards(library, seed)
    print(f"seed: {result.seed}")
    for position, name in enumerate(result.order, start=1):
        marker = " *" if position <= args.draw else ""
        print(f"{position:4d}  {name}{marker}")
    print(f"opening hand ({min(args.draw, len(result.order))} cards, marked *)")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("shuffle", help="shuffle a deck with a seed")
    parser.add_argument("deck", help="a deck id (see decks/index.json) or a decklist file")
    parser.add_argument("--seed", help="seed (a random readable one if omitted)")
    parser.add_argument("--draw", type=int, default=HAND_SIZE, help="cards to draw (default 7)")
    parser.set_defaults(func=run)
