"""``pyengine simulate VARIANT [--deck DECK] [setting] [table model] [--runs N] [--seed S]``.

Plays the automated deck's turns many times with the real engine against the stated table model
(:mod:`pyengine.simulate`) and prints, per automated turn, the power attacking the Survivors
(10th percentile, median, 90th percentile), the cards left in the deck and the share of games
the Survivors had won or lost by then, with the expected length of the game. ``--json`` prints
the same figures as JSON; ``--all`` runs every preset setting of the variant (the same ones the
rules site charts). Same seed, same figures.

Exit code 0; 2 for a deck or setting that cannot start a game.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import files, variants
from ..cli import CommandError
from ..game import GameError
from ..setup import SetupError
from ..simulate import MAX_TURNS, TableModel, build_config, default_model, settings_for, simulate
from ._input import read_deck_spec


def _variants() -> list[str]:
    """The variants the simulator plays (pyengine/variants.py)."""
    return [v.id for v in variants.simulated()]


def _companion(variant: str, deck_id: str, given: str | None) -> str | None:
    """The Dreadnought deck or Enforcer list: as given, else the one the shipped deck names
    (the key its descriptor's ``simulation.companion`` names in ``decks/index.json``)."""
    if given:
        return given
    key = variants.simulation(variant).companion
    if key is None:
        return None
    try:
        entry = files.deck_entry(deck_id)
    except files.DataFileError:
        return None
    return entry.get(key)


def _custom(values: list[str] | None, group: Any) -> dict[str, Any]:
    """``KEY=VALUE`` words as the options of the set-up's group ``custom`` (SlingLab's Custom
    options: the group's own set-up reads each)."""
    CUSTOM = group.setup  # noqa: N806 - the declaration's name
    custom: dict[str, Any] = {}
    for value in values or []:
        key, sep, raw = value.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in CUSTOM.keys():
            raise CommandError(f"--custom takes KEY=VALUE, KEY one of: {', '.join(CUSTOM.keys())}")
        try:
            custom[key] = CUSTOM.read(key, raw)
        except SetupError as error:
            raise CommandError(f"cannot simulate that setting: custom: {error}") from None
    return custom


def options_from(args: argparse.Namespace) -> dict[str, Any]:
    """The setting the arguments name (engine config options): the variant's defaults
    (its descriptor's ``simulation.defaults``), each given flag that its set-up has on top;
    ``--aggro`` and ``--custom`` only where the set-up has them."""
    variant = variants.descriptor(args.variant)
    options = dict(variants.simulation(args.variant).defaults)
    keys = variant.setup.keys()
    for key in ("difficulty", "survivors"):
        value = getattr(args, key)
        if value and key in options:
            options[key] = value
    if "adjustment" in options:
        options["adjustment"] = args.adjustment
    if args.aggro and "aggro" in keys:
        options["aggro"] = True
    if args.custom:
        if "custom" not in keys:
            raise CommandError("--custom is for SlingLab Horde only")
        options["custom"] = _custom(args.custom, variant.setup["custom"])
    for value in args.option or []:  # any other declared option: KEY=VALUE
        key, sep, raw = value.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            raise CommandError("--option takes KEY=VALUE, KEY one of: " + ", ".join(keys))
        try:
            options[key] = variant.setup.read(key, raw.strip())
        except SetupError as error:
            raise CommandError(f"cannot simulate that setting: {error}") from None
    return options


def model_from(args: argparse.Namespace) -> TableModel:
    base = default_model(args.variant).to_dict()
    for key in ("damage", "removal", "blocks", "ramp", "kills", "head", "setup_attacks",
                "life"):
        value = getattr(args, key)
        if value is not None:
            base[key] = value
    try:
        return TableModel.from_dict(base)
    except ValueError as error:
        raise CommandError(f"table model: {error}") from None


def run(args: argparse.Namespace) -> int:
    deck_id = args.deck or variants.simulation(args.variant).sample
    deck, _ = read_deck_spec(deck_id)
    companion = _companion(args.variant, deck_id, args.with_deck)
    extra = read_deck_spec(companion, allow_problems=True)[0] if companion else None
    try:
        db = files.load_card_db()
    except files.DataFileError as error:
        raise CommandError(str(error)) from None
    model = model_from(args)
    if args.all:
        if args.difficulty or args.survivors or args.custom or args.option:
            raise CommandError("--all runs every preset: leave out --difficulty, --survivors, "
                               "--custom and --option")
        settings = settings_for(args.variant)
    else:
        settings = [options_from(args)]
    reports = []
    for setting in settings:
        try:
            config = build_config(args.variant, deck, db, setting, extra)
            reports.append(simulate(args.variant, config, model=model, runs=args.runs,
                                    seed=args.seed, max_turns=args.max_turns))
        except (GameError, ValueError) as error:
            raise CommandError(f"cannot simulate that setting: {error}") from None
    if args.json:
        data: Any = [r.to_dict() for r in reports] if args.all else reports[0].to_dict()
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(f"deck: {deck_id}" + (f" with {companion}" if companion else ""))
        for report in reports:
            print(report.to_text(), end="")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="measure a setting: many seeded games against a stated table model",
        description="Play the automated deck's turns many times with the real engine against "
        "a stated model of the Survivors' table; print pressure per turn and the chance to win.")
    parser.add_argument("variant", choices=_variants())
    parser.add_argument("--deck", help="deck id or decklist file (default: the variant's "
                        "shipped deck)")
    parser.add_argument("--with-deck", metavar="DECK", help="the Dreadnought deck (Limited "
                        "Horde) or the Enforcer list (Swarm), if the deck does not name one")
    parser.add_argument("--difficulty", help="horde: story, classic, nightmare, custom; "
                        "limited-horde: story, easy, normal, hard, nightmare")
    parser.add_argument("--survivors", type=int, help="team size (horde and limited-horde 1-4, "
                        "swarm 1-5; default 1)")
    parser.add_argument("--custom", action="append", metavar="KEY=VALUE",
                        help="horde custom option, e.g. exile_percent=25 (repeatable)")
    parser.add_argument("--adjustment", type=int, default=0, help="limited-horde: set "
                        "adjustment -2 to +2")
    parser.add_argument("--aggro", action="store_true", help="limited-horde: Aggro Mode")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE",
                        help="any option of the variant's declared set-up, e.g. survivors=2 "
                        "(repeatable)")
    parser.add_argument("--all", action="store_true", help="every preset setting of the variant")
    model = parser.add_argument_group("table model (per Survivor, per turn; defaults: the "
                                      "model fitted by scripts/fit_table_model.py)")
    model.add_argument("--damage", type=float, help="damage to the automated deck")
    model.add_argument("--removal", type=float, help="automated creatures removed")
    model.add_argument("--blocks", type=float, help="attackers blocked")
    model.add_argument("--ramp", type=float, help="Survivor turns of development to full "
                       "strength (default: the fitted value)")
    model.add_argument("--kills", type=float, help="share of blocked attackers killed (0-1)")
    model.add_argument("--head", type=float, help="turns of development the decks start "
                       "ahead of the fit's Limited decks (default 2 for Commander decks)")
    model.add_argument("--setup-attacks", action="store_true", default=None,
                       help="the table attacks in set-up turns too")
    model.add_argument("--life", type=int, help="the team's starting life (default: the "
                       "setting's own)")
    parser.add_argument("--runs", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seed", default="pick-the-right-fight", help="seed of the runs")
    parser.add_argument("--max-turns", type=int, default=MAX_TURNS,
                        help=f"automated turns before a game counts as unfinished "
                        f"(default {MAX_TURNS})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=run)
