"""``pyengine check FILE --format FORMAT [--cards SCRYFALL_JSON] [--json]``: is a deck legal?

Prints the verdict, then every finding with its line, card, reason and rule (the rule's address
on the site). Exit code: 0 legal, 1 not legal or not everything could be checked (the verdict
says which), 2 unreadable input (a missing or non-UTF-8 file, unreadable card data, a list with
no cards at all).

Card facts: the full card data (``decks/card-facts.tsv.gz``, every card, from Scryfall's
data) with the shipped ``decks/cards.tsv``, then a Scryfall JSON file if given (bulk data such
as "Oracle Cards", a search or collection response, or one card), then the list's own ``#!``
annotations. A card none of them knows is an "unknown card", never passed.

The list may be in any export format the reader knows (Arena, MTGO, Moxfield, Archidekt,
TappedOut, Deckstats, Forge, XMage, Cockatrice); the output says which it was read as. With no
commander marked, the checker proposes one and says so; ``--commander NAME`` chooses.
"""

from __future__ import annotations

import argparse
import datetime
import json

from .. import files, safejson
from ..banlists import BanList
from ..cards import CardDataError, CardDB
from ..cli import CommandError
from ..data_age import age_days, date_line
from ..decklist import Decklist, format_title
from ..legality import FORMATS, Options, cards_from_scryfall, check, find_format
from ..power import Power, parse_game_changers
from ..power import estimate as estimate_power
from ._input import read_text, show

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
    text = read_text(path, "card data file")
    if safejson.nesting_depth(text, safejson.MAX_DEPTH) > safejson.MAX_DEPTH:
        raise CommandError(f"card data {show(path)} is nested far deeper than Scryfall's card "
                           "data")
    try:
        return cards_from_scryfall(json.loads(text))
    except json.JSONDecodeError as error:
        raise CommandError(
            f"card data {show(path)} is not JSON (line {error.lineno}: {error.msg})"
        ) from None
    except CardDataError as error:
        raise CommandError(f"card data {show(path)}: {error}") from None
    except (RecursionError, ValueError, TypeError, AttributeError):
        raise CommandError(f"card data {show(path)} is not Scryfall card data") from None


def deck_power(deck: Decklist, cards: CardDB) -> Power:
    """The deck's Commander bracket estimate, with the shipped Game Changers list and the
    deploy's two-card combos when there are any (``decks/combos.tsv.gz``)."""
    try:
        text = (files.data_root() / "game-changers.txt").read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"the Game Changers list cannot be read ({error})") from None
    meta, names = parse_game_changers(text)
    try:
        combos = files.load_combos()
    except files.DataFileError as error:
        raise CommandError(str(error)) from None
    return estimate_power(deck.entries, cards, names, meta, combos)


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
    text = read_text(args.file, "decklist file")
    deck = Decklist.from_text(text)
    if not deck.entries:
        detail = f" ({len(deck.problems)} unreadable lines)" if deck.problems else ""
        if deck.problems:  # the first problem says why (a table's missing name column)
            first = deck.problems[0]
            detail += f"; line {first.line}: {first.message}"
        raise CommandError(f"{show(args.file)} holds no cards{detail}")
    try:
        cards = files.load_full_card_db()
    except files.DataFileError as error:
        raise CommandError(str(error)) from None
    if args.cards:
        cards = cards.merge(load_scryfall(args.cards))
    cards = cards.merge(CardDB.from_annotations(deck))
    deck = Decklist.read(text, cards, files.load_printed_names())  # by the card data
    options = Options(
        survivor_warnings=args.survivor_warnings,
        playgroup_banned=_names(args.playgroup),
        playgroup_banned_as_commander=_names(args.playgroup_commander),
        commanders=_names(args.commander),
    )
    report = check(deck, fmt, cards, load_banlists(), options)
    # The Commander bracket estimate (pyengine/power.py), for Commander decks only.
    estimate = deck_power(deck, cards) if fmt.commander else None
    if args.json:
        data = {"file": str(args.file), "read_as": deck.format,
                "card_data": {**cards.meta, "age_days": age_days(cards.meta.get("date", ""),
                                                                 datetime.date.today())},
                **report.to_dict(),
                "power": estimate.to_dict() if estimate else None}
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(f"{show(str(args.file))}: read as {format_title(deck.format)}")
        print(report.to_text(), end="")
        if report.proposals and report.commander_source == "assumed":
            print("(to check with another commander: --commander \"NAME\")")
        if report.findings:
            print("(rule addresses are pages of the rules site, e.g. horde/#hs-1-1)")
        if estimate:
            print(estimate.to_text(), end="")
        if cards.meta.get("date"):
            print(f"({date_line(cards.meta['date'], datetime.date.today())})")
    return 0 if report.legal else 1


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    parser.add_argument("--commander", action="append", metavar="CARD",
                        help="the deck's commander, when the list does not mark it (repeat "
                        "for partners)")
    parser.add_argument("--playgroup-commander", action="append", metavar="CARD",
                        help="Team Commander: a card your playgroup bans as a commander only")
    parser.set_defaults(func=run)
