"""``pyengine swarm VERB FILE ...``: play Swarm Mode from the command line on a saved game file.

``swarm new FILE`` starts a game and writes it to FILE (a JSON save); every other verb reads
FILE, applies one action, prints the events it produced and writes FILE back. ``swarm show``
prints the state, ``swarm log`` the whole log, ``swarm undo`` drops the last action.

Exit codes: 0 done; 1 the rules do not allow that action now (nothing is changed);
2 a file or deck that cannot be read.
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any

from .. import files
from ..actions import Action
from ..cli import CommandError
from ..decklist import Decklist
from ..game import Event, GameError
from ..rng import make_seed
from ..setup import Setup
from ..swarm import LEAVE_DESTINATIONS, MODES, PHASE_NAMES, SETUP, SwarmGame, config_from_decks
from ._gamefile import attempt, read_save, write_text
from ._input import read_deck_spec

DEFAULT_DECK = "swarm-sample"


def _read_decklist(spec: str) -> Decklist:
    return read_deck_spec(spec, allow_problems=True)[0]


def _load(path: str) -> SwarmGame:
    game = read_save(path,
                     read_error=lambda e: f"cannot read game file '{path}': {e.strerror or e}",
                     save_error=lambda e: f"'{path}' is not a good Swarm save: {e}")
    if not isinstance(game, SwarmGame):
        raise CommandError(f"'{path}' is a {game.variant} game, not a Swarm game")
    return game


def _write(path: str, game: SwarmGame) -> None:
    write_text(path, game.to_json() + "\n",
               write_error=lambda e: f"cannot write game file '{path}': {e.strerror or e}")


def format_event(event: Event) -> str:
    rule = event.data.get("rule")
    return f"  {event.text}" + (f"  [{rule}]" if rule else "")


def status_line(game: SwarmGame) -> str:
    counts = game.counts()
    active = game.active_enforcer
    reck = game.reckoning_position
    parts = [
        f"Swarm turn {game.swarm_turn}",
        PHASE_NAMES[game.phase],
        f"life {game.life}",
        f"poison {game.poison}",
        f"Dread Level {game.dread_level}",
        f"Active Enforcer {active.name if active else 'none'}",
        f"library {counts['library']}",
        f"hand {counts['hand']}",
        f"graveyard {counts['graveyard']}",
        f"exile {counts['exile']}",
        f"Lair {counts['lair']}",
    ]
    if reck is not None:
        parts.append(f"Reckoning at {reck + 1} from the top")
    end = game.outcome()
    if end is not None:
        parts.append(f"the Survivors {'WON' if end.table_won else 'LOST'}")
    return " | ".join(parts)


def _print_events(events: list[Event]) -> None:
    for event in events:
        print(format_event(event))


def _declared() -> Setup:
    """Swarm's declared set-up (its descriptor's) less the mode and the team, which have flags
    of their own below."""
    return SwarmGame.descriptor.setup.without("mode", "survivors")


def run_new(args: argparse.Namespace) -> int:
    if Path(args.file).exists() and not args.force:
        raise CommandError(f"'{args.file}' exists; use --force to overwrite it")
    deck = _read_decklist(args.deck)
    enforcers_spec = args.enforcers
    if enforcers_spec is None:
        try:
            enforcers_spec = files.deck_entry(args.deck).get("enforcers")
        except (KeyError, ValueError, OSError):
            enforcers_spec = None
    if not enforcers_spec:
        raise CommandError("name the Enforcer list with --enforcers (a deck id or a file)")
    enforcers = _read_decklist(enforcers_spec)
    try:
        config = config_from_decks(mode=args.mode, survivors=args.survivors, deck=deck,
                                   enforcers=enforcers, db=files.load_card_db(),
                                   stack=args.stack)
        config.update(_declared().from_arguments(args))
        game = SwarmGame(config, args.seed or make_seed(secrets.randbits(32)))
    except GameError as error:
        raise CommandError(str(error)) from None
    _write(args.file, game)
    print(f"seed: {game.seed}")
    _print_events(game.events)
    print(status_line(game))
    return 0


def _action(args: argparse.Namespace) -> Action:
    return Action(args.action, {key: getattr(args, key) for key in args.keys
                                if getattr(args, key) is not None and getattr(args, key) != []})


def run_action(args: argparse.Namespace) -> int:
    game = _load(args.file)
    if (events := attempt(lambda: game.apply(_action(args)), "not allowed")) is None:
        return 1
    _write(args.file, game)
    _print_events(events)
    print(status_line(game))
    return 0


def run_undo(args: argparse.Namespace) -> int:
    game = _load(args.file)
    last = game.actions[-1] if game.actions else None
    undone = attempt(game.undo, "not allowed")
    if undone is None:
        return 1
    game = undone
    _write(args.file, game)
    print(f"  undid: {last}")
    print(status_line(game))
    return 0


def run_show(args: argparse.Namespace) -> int:
    game = _load(args.file)
    print(f"seed: {game.seed}  mode: {MODES[game.mode]}  Survivors: {game.survivors}")
    print(status_line(game))
    for zone in ("battlefield", "hand", "graveyard", "exile"):
        cards = game.zones[zone]
        names = ", ".join(f"{c.name} #{c.id}{' (tapped)' if c.tapped else ''}" for c in cards)
        print(f"{zone}: {names or '-'}")
    return 0


def run_log(args: argparse.Namespace) -> int:
    game = _load(args.file)
    _print_events(game.events)
    print(status_line(game))
    return 0


def _add(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_text: str,
         *, keys: tuple[str, ...] = (), action: str = "") -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("file", help="the saved game (JSON)")
    parser.set_defaults(func=run_action, action=action or name, keys=keys)
    return parser


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("swarm", help="play Swarm Mode on a saved game file",
                                   description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="verb", metavar="VERB", required=True)

    new = sub.add_parser("new", help="start a game and save it to FILE")
    new.add_argument("file", help="where to save the game (JSON)")
    mode, survivors = SETUP.choice("mode"), SETUP["survivors"]
    new.add_argument("--mode", choices=mode.values(), default=mode.default,
                     help=", ".join(f"{key} ({words})" for key, words in mode.options))
    new.add_argument("--survivors", type=int, default=survivors.default,
                     help=f"{survivors.allowed()} (default {survivors.default})")
    _declared().add_arguments(new)  # any option declared later: one flag each
    new.add_argument("--deck", default=DEFAULT_DECK, help="Swarm deck id or decklist file")
    new.add_argument("--enforcers", help="Enforcer list id or file (default: the deck's own)")
    new.add_argument("--seed", help="seed (a random readable one if omitted)")
    new.add_argument("--stack", action="store_true", help="do not shuffle (for tests)")
    new.add_argument("--force", action="store_true", help="overwrite FILE")
    new.set_defaults(func=run_new)

    _add(sub, "turn", "The Swarm's turn: Emergence, Pre-Swarm Step, Swarm Step (Hive Mind)")
    _add(sub, "swarm-step", "end the Pre-Swarm Step and run the Swarm Step (Overlord; Hive Mind "
         "once any draw is reported)")
    _add(sub, "cast", "Overlord: cast a card from the hand", keys=("card",)).add_argument(
        "card", type=int, help="card number (#id)")
    combat = _add(sub, "combat", "declare The Swarm's attackers", keys=("targets",))
    combat.add_argument("--target", dest="targets", action="append", default=[],
                        help="an attackable non-player permanent in play (repeat)")
    _add(sub, "survivor-attack", "Hive Mind: the Survivors attack The Swarm (it blocks)")
    _add(sub, "blocker", "Hive Mind: an attacker of the Survivors is unblocked: the graveyard "
         "blocker", action="graveyard-blocker")
    _add(sub, "survivor-blocked", "Hive Mind: every attacker of the Survivors is blocked")
    _add(sub, "second-main", "go to the second main phase")
    _add(sub, "end", "end The Swarm's turn")
    for verb, text in (("damage", "damage dealt to The Swarm (mills)"),
                       ("lose-life", "life The Swarm loses (mills)"),
                       ("poison", "poison aimed at The Swarm (dealt as damage)"),
                       ("mill", "a mill effect aimed at The Swarm (does nothing)"),
                       ("gain", "life The Swarm would gain"),
                       ("survivor-poison", "poison counters on the Survivors")):
        _add(sub, verb, text, keys=("amount",)).add_argument("amount", type=int)
    _add(sub, "life", "change the Survivors' life (negative: loss)",
         keys=("amount",)).add_argument("amount", type=int)
    for verb, text in (("counter", "a Survivor counters a Swarm spell"),
                       ("dies", "a Swarm creature dies")):
        _add(sub, verb, text, keys=("card",)).add_argument("card", type=int)
    leave = _add(sub, "leave", "a Swarm permanent leaves the battlefield", keys=("card", "to"))
    leave.add_argument("card", type=int)
    leave.add_argument("--to", choices=LEAVE_DESTINATIONS, default="graveyard")
    discard = _add(sub, "discard", "The Swarm discards", keys=("amount", "cards"))
    discard.add_argument("amount", type=int, nargs="?", default=None)
    discard.add_argument("--card", dest="cards", type=int, action="append", default=[],
                         help="Overlord: the card to discard (repeat)")
    draw = _add(sub, "draw", "The Swarm draws", keys=("amount", "pre_swarm"))
    draw.add_argument("amount", type=int)
    draw.add_argument("--pre-swarm", action="store_true", default=None,
                      help="drawn by a card cast in this turn's Pre-Swarm Step")
    token = _add(sub, "token", "a Swarm card makes tokens", keys=("name", "amount"))
    token.add_argument("name")
    token.add_argument("amount", type=int, nargs="?", default=None)
    _add(sub, "activate", "Overlord: pay an optional cost", keys=("note",)).add_argument(
        "note", nargs="?", default=None)
    _add(sub, "deck-out", "a player's deck is empty", keys=("player",)).add_argument(
        "player", nargs="?", default=None)
    assign = _add(sub, "assign-damage", "damage order of an attacker blocked by several "
                  "creatures", keys=("attacker", "blockers"))
    assign.add_argument("attacker", type=int)
    assign.add_argument("blockers", nargs="+", type=_blocker,
                        help="blockers as NAME:TOUGHNESS[:DAMAGE]")

    undo = sub.add_parser("undo", help="undo the last action")
    undo.add_argument("file")
    undo.set_defaults(func=run_undo)
    show = sub.add_parser("show", help="print the state")
    show.add_argument("file")
    show.set_defaults(func=run_show)
    log = sub.add_parser("log", help="print the whole log")
    log.add_argument("file")
    log.set_defaults(func=run_log)


def _blocker(text: str) -> dict[str, Any]:
    parts = text.rsplit(":", 2)
    try:
        if len(parts) == 3 and parts[2].isdigit() and parts[1].isdigit():
            return {"name": parts[0], "toughness": int(parts[1]), "damage": int(parts[2])}
        name, toughness = text.rsplit(":", 1)
        return {"name": name, "toughness": int(toughness)}
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' should be NAME:TOUGHNESS") from None
