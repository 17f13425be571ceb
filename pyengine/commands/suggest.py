"""``pyengine suggest DECK [DECK ...] [--variant V] [--runs N] [--factor LABEL=X] [--json]``.

A suggested setting per variant for a table's decks (one file per Survivor, or one file with
the decks one after another, separated by a line of ``---``): each deck's Commander bracket
estimate gives the table model (the mapping is printed and ``--factor`` changes it), the
simulator plays each setting the variant offers for that team size, and the setting whose
Survivors' win chance is inside the fair band (default 40-70 %) is suggested, with one line
saying why. A suggestion, never a rule: the table decides.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import files, variants
from ..cli import CommandError
from ..decklist import Decklist
from ..game import GameError
from ..simulate import build_config
from ..suggest import FAIR_BAND, POWER_FACTORS, split_decks, suggest
from ._input import read_text
from .check import deck_power
from .simulate import _companion


def _factors(values: list[str] | None) -> dict[str, float]:
    factors = dict(POWER_FACTORS)
    for value in values or []:
        label, sep, raw = value.partition("=")
        try:
            number = float(raw)
        except ValueError:
            number = -1.0
        if not sep or label.strip() not in POWER_FACTORS or not 0 < number <= 5:
            raise CommandError("--factor takes LABEL=X, LABEL one of "
                               f"{', '.join(POWER_FACTORS)}, X above 0 and at most 5")
        factors[label.strip()] = number
    return factors


def _band(text: str) -> tuple[float, float]:
    try:
        low, high = (float(part) / 100 for part in text.split("-"))
    except ValueError:
        raise CommandError("--band is LOW-HIGH in percent, e.g. 40-70") from None
    if not 0 <= low < high <= 1:
        raise CommandError("--band is LOW-HIGH in percent, e.g. 40-70")
    return low, high


def run(args: argparse.Namespace) -> int:
    texts: list[str] = []
    for path in args.decks:
        texts.extend(split_decks(read_text(path, "decklist file")))
    decks = [Decklist.from_text(text) for text in texts]
    decks = [deck for deck in decks if deck.entries]
    if not decks:
        raise CommandError("no deck with cards in the files given")
    try:
        full = files.load_full_card_db()
        db = files.load_card_db()
    except files.DataFileError as error:
        raise CommandError(str(error)) from None
    powers = [deck_power(deck, full) for deck in decks]
    factors = _factors(args.factor)
    band = _band(args.band)
    chosen = [args.variant] if args.variant else [v.id for v in variants.suggested()]
    results: list[dict[str, Any]] = []
    for variant in chosen:
        deck_id = variants.simulation(variant).sample
        companion = _companion(variant, deck_id, None)
        automated = files.load_deck(deck_id)
        extra = files.load_deck(companion) if companion else None

        def config_for(options: dict[str, Any], variant: str = variant,
                       automated: Decklist = automated,
                       extra: Decklist | None = extra) -> dict[str, Any]:
            return build_config(variant, automated, db, options, extra)

        try:
            found = suggest(variant, powers, config_for, runs=args.runs, seed=args.seed,
                            band=band, factors=factors)
        except (GameError, ValueError) as error:
            raise CommandError(f"cannot simulate {variant}: {error}") from None
        results.append({**found.to_dict(), "automated_deck": deck_id})
    if args.json:
        print(json.dumps({"decks": [p.to_dict() for p in powers], "factors": factors,
                          "suggestions": results}, ensure_ascii=False, indent=2))
        return 0
    for index, power in enumerate(powers, 1):
        print(f"deck {index}: {power.headline()}")
    print("mapping (bracket -> factor on damage and removal): "
          + ", ".join(f"{k} x{v:g}" for k, v in factors.items()))
    for result in results:
        mark = "" if result["in_band"] else " (outside the fair band)"
        print(f"{result['variant']} for {result['team']} Survivor(s), against "
              f"{result['automated_deck']}: {result['setting']}{mark}")
        print(f"  why: {result['why']}")
        print(f"  model: {result['model_source']}")
        print("  tried: " + "; ".join(f"{t['setting']} {t['won']:.0%}" for t in result["tried"]))
    print("A suggestion from a model of the table, not a rule: the table decides.")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "suggest", help="suggest a setting per variant for the table's decks",
        description="Suggest a setting per variant for the table's decks, from their bracket "
        "estimates and the simulator. A suggestion, never a rule.")
    parser.add_argument("decks", nargs="+", metavar="DECK",
                        help="decklist files (one per Survivor, or decks separated by ---)")
    parser.add_argument("--variant", choices=[v.id for v in variants.suggested()],
                        help="only this variant")
    parser.add_argument("--runs", type=int, default=60, help="games per setting (default 60)")
    parser.add_argument("--seed", default="suggest", help="seed of the runs")
    parser.add_argument("--factor", action="append", metavar="LABEL=X",
                        help="change the bracket mapping, e.g. 3=1.3 (repeatable)")
    default_band = f"{FAIR_BAND[0] * 100:.0f}-{FAIR_BAND[1] * 100:.0f}"
    parser.add_argument("--band", default=default_band,
                        help=f"the fair band of the win chance in percent (default {default_band})")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=run)
