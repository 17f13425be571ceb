"""``pyengine check FILE --format FORMAT [--cards SCRYFALL_JSON] [--json]``: is a deck legal?

Prints the verdict, then every finding with its line, card, reason and rule (the rule's address
on the site). Exit code: 0 legal, 1 not legal or not everything could be checked (the verdict
says which), 2 unreadable input (a missing or non-UTF-8 file, unreadable card data, a list with
no cards at all).

Card facts: the shipped ``decks/cards.tsv``, then a Scryfall JSON file if given (bulk data such
as "Oracle Cards", a search or collection response, or one card), then the list's own ``#!``
annotations. Without Scryfall data most cards of a player's deck are unknown, so colour identity
is reported as not checked for them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .. import files
from ..banlists import BanList
from ..cards import CardDataError, CardDB
from ..cli import CommandError
from ..legality import FORMATS, Options, cards_from_scryfall, check, find_format

#: Ban lists the checker may use, by file stem.
BANLISTS = ("horde-survivor", "commander", "team-commander", "any-number", "basics")


def load_banlists() -> dict[str, BanList]:
    """Every ban list in ``decks/banlists/`` the checker uses, includes merged."""
    try:
        return {key: files.load_banlist(key) for key in BANLISTS}
    except files.DataFileError as error:
        raise CommandError(str(error)) from None


def load_scryfall(path: str) -> CardDB:
    """Card facts from a Scryfall JSON file; :class:`CommandError` if it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read card data '{path}': {error}") from None
    try:
        return cards_from_scryfall(json.loads(text))
    except json.JSONDecodeError as error:
        raise CommandError(
            f"card data '{path}' is not JSON (line {error.lineno}: {error.msg})"
        ) from None
    except CardDataError as error:
        raise CommandError(f"card data '{path}': {error}") from None


def _names(values: list[str] | None) -> tuple[str, ...]:
    found: list[str] = []
    for value in values or []:
        found.extend(part.strip() for part in value.split(";") if part.strip())
    return tuple(found)


def run(args: argparse.Namespace) -> int:
    try:
        fmt = find_format(args.format)
    except KeyError as error:
        raise CommandError(str(error.args[0])) from None
    try:
        deck = files.read_deck_file(args.file)
    except files.DataFileError as error:
        raise CommandError(f"cannot read deck: {error}") from None
    if not deck.entries:
        detail = f" ({len(deck.problems)} unreadable lines)" if deck.problems else ""
        raise CommandError(f"'{args.file}' holds no cards{detail}")
    try:
        cards = files.load_card_db()
    except files.DataFileError as error:
        raise CommandError(str(error)) from None
    if args.cards:
        cards = cards.merge(load_scryfall(args.cards))
    cards = cards.merge(CardDB.from_annotations(deck))
    options = Options(
        survivor_warnings=args.survivor_warnings,
        playgroup_banned=_names(args.playgroup),
        playgroup_banned_as_commander=_names(args.playgroup_commander),
    )
    report = check(deck, fmt, cards, load_banlists(), options)
    if args.json:
        data = {"file": str(args.file), **report.to_dict()}
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(report.to_text(), end="")
        if report.findings:
            print("(rule addresses are pages of the rules site, e.g. horde/#hs-1-1)")
    return 0 if report.legal else 1


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check a decklist against a format's deck rules",
        description="Check a decklist against one format's deck rules. Exit code: 0 legal, "
        "1 not legal or not everything could be checked, 2 unreadable input.",
    )
    parser.add_argument("file", help="a decklist file (Moxfield, Archidekt, Arena, MTGO, ...)")
    parser.add_argument("--format", required=True, metavar="FORMAT",
                        help="one of: " + ", ".join(FORMATS))
    parser.add_argument("--cards", metavar="SCRYFALL_JSON",
                        help="Scryfall card data (bulk file or API response) for colour identity")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--survivor-warnings", action="store_true",
                        help="Swarm: warn about cards on the Horde Survivor ban list")
    parser.add_argument("--playgroup", action="append", metavar="CARD",
                        help="Team Commander: a card your playgroup bans (repeatable, or ';'-"
                        "separated)")
    parser.add_argument("--playgroup-commander", action="append", metavar="CARD",
                        help="Team Commander: a card your playgroup bans as a commander only")
    parser.set_defaults(func=run)
