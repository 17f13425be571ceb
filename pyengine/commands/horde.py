"""``pyengine horde …`` and ``pyengine limited-horde …``: play a Horde game kept in a save file.

Every verb reads the game from its JSON save (the ``GAME`` path), applies one action, writes the
save back and prints the events it caused; ``show`` prints the state and ``log`` the whole game.

    python -m pyengine horde new game.json --survivors 2 --difficulty classic --seed amber-otter-17
    python -m pyengine horde turn game.json          # end the Survivors' turn (runs the Horde's)
    python -m pyengine horde hit game.json 5         # 5 damage to the Horde: it mills 5
    python -m pyengine horde end game.json           # end the Horde's turn
    python -m pyengine limited-horde new lh.json --deck limited-horde-zombies --difficulty normal

Exit codes: 0 done, 1 the rules refuse the action (nothing is changed), 2 a file or deck that
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import files, safejson
from ..actions import Action, BadAction
from ..cli import CommandError
from ..game import Event, Game, GameError
from ..horde import CUSTOM, DIFFICULTY, LIFE_MODE, HordeSlingLab
from ..horde_common import SURVIVORS, ConfigError, HordeGame, decklist_config
from ..limited_horde import LimitedHorde
from ..limited_horde.rules import SETUP as LIMITED_SETUP
from ..rng import make_seed
from ..setup import Setup, SetupError
from ._gamefile import attempt, read_save, write_text
from ._input import read_deck_spec

DEFAULT_HORDE_DECK = "horde-knudson-zombies-2011"
DEFAULT_LIMITED_DECK = "limited-horde-zombies"


# -- files -----------------------------------------------------------------------------------
def read_game(path: str, variant: str) -> Game:
    """The game saved at ``path``; a missing, unreadable or wrong file is a CommandError."""
    def read_error(error: OSError) -> str:
        if isinstance(error, FileNotFoundError):
            return f"{path}: no such file (start one with 'new')"
        return f"{path}: cannot be read ({error.strerror or error})"

    game = read_save(path, read_error=read_error, save_error=lambda e: f"{path}: {e}",
                     not_text=f"{path}: not a text file")
    if game.variant != variant:
        raise CommandError(f"{path}: a '{game.variant}' game, not '{variant}'")
    return game


def write_game(path: str, game: Game) -> None:
    write_text(path, game.to_json() + "\n", atomic=False,
               write_error=lambda e: f"{path}: cannot be written ({e.strerror or e})")


def deck_and_facts(spec: str, db: Any) -> tuple[list[str], dict[str, Any]]:
    """Card names and config facts of a shipped deck id or a decklist file (its ``#!`` lines
    on top of ``db``), as the pages build them (:func:`decklist_config`)."""
    deck, _ = read_deck_spec(spec)
    try:
        return decklist_config(deck, db)
    except ConfigError as error:
        raise CommandError(f"deck '{spec}': {error}") from None


def card_db() -> Any:
    try:
        return files.load_card_db()
    except ValueError as error:
        raise CommandError(str(error)) from None


# -- printing --------------------------------------------------------------------------------
def print_events(events: list[Event]) -> None:
    for event in events:
        print(f"[{event.kind}] {event.text}")


def status_of(game: Game) -> dict[str, Any]:
    if not isinstance(game, HordeGame):
        raise CommandError(f"this save holds a {game.variant} game, not a Horde game")
    return game.status()


def print_state(game: Game) -> None:
    status = status_of(game)
    for key, value in status.items():
        if key == "counts":
            continue
        print(f"{key}: {json.dumps(value)}")
    for zone in game.zones.names():
        cards = game.zones[zone]
        if zone in ("library", "dreadnought"):
            shown = [c for c in cards if c.face_up][:3]
            extra = f" (face up: {', '.join(f'#{c.id} {c.name}' for c in shown)})" if shown \
                else ""
            print(f"{zone}: {len(cards)} card(s){extra}")
            continue
        listing = ", ".join(
            f"#{c.id} {c.name}" + (" (tapped)" if c.tapped else "")
            + (f" +{c.counters}" if c.counters else "")
            for c in cards
        )
        print(f"{zone}: {len(cards)}" + (f" — {listing}" if listing else ""))


# -- running one action ----------------------------------------------------------------------
def apply_action(args: argparse.Namespace, action: dict[str, Any] | Action) -> int:
    game = read_game(args.game, args.variant)
    try:
        chosen = action if isinstance(action, Action) else Action.parse(action)
    except BadAction as error:
        raise CommandError(f"the action is not one: {error}") from None
    if (events := attempt(lambda: game.apply(chosen), "refused")) is None:
        return 1
    write_game(args.game, game)
    print_events(events)
    print(summary(game))
    return 0


def summary(game: Game) -> str:
    """One status line: life, turn, and the format's counters."""
    s = status_of(game)
    counts = s["counts"]
    parts = [f"life {s['life']}", f"Survivor turn {s['survivor_turn']}",
             f"Horde turn {s['horde_turn']}"]
    if "stage" in s:
        parts.append(f"stage {s['stage']}")
        if s["damage"] or s["gained"]:
            parts.append(f"damage {s['damage']}/3, life gain {s['gained']}/3")
    else:
        nxt = s["next_surge_turn"]
        parts.append(f"wave {s['wave']} ({s['wave_size']} nontoken), surges {s['surges']}, "
                     f"next surge {'none' if nxt is None else f'turn {nxt}'}")
    parts.append(f"library {counts['library']}, graveyard {counts['graveyard']}")
    end = game.outcome()
    if end is not None:
        parts.append("survivors won" if end.table_won else "horde won")
    return "-- " + " · ".join(parts)


def run_new(args: argparse.Namespace) -> int:
    path = Path(args.game)
    if path.exists() and not args.force:
        raise CommandError(f"{args.game} exists; use --force to replace it")
    db = card_db()
    deck, facts = deck_and_facts(args.deck, db)
    config: dict[str, Any] = {"deck": deck, "facts": facts, "survivors": args.survivors}
    if args.names:
        config["survivor_names"] = [n.strip() for n in args.names.split(",")]
    if args.stack:
        config["stack"] = True
    config = args.options(args, db, config, facts)
    seed = args.seed or make_seed(secrets.randbits(32))
    try:
        game = args.engine()(config, seed)
    except GameError as error:
        raise CommandError(f"cannot start the game: {error}") from None
    write_game(args.game, game)
    print(f"seed: {game.seed}")
    print_events(game.events)
    return 0


def slinglab_options(args: argparse.Namespace, db: Any, config: dict[str, Any],
                     facts: dict[str, Any]) -> dict[str, Any]:
    """The SlingLab set-up the flags give: difficulty, life, Custom options."""
    config["difficulty"] = args.difficulty
    config["life"] = life_option(args)
    custom = custom_options(args)
    if custom:
        config["custom"] = custom
    config.update(_slinglab_rest().from_arguments(args))
    return config


def _slinglab_rest() -> Setup:
    """SlingLab's declared set-up less what has flags of its own (any option declared later)."""
    return HordeSlingLab.descriptor.setup.without("difficulty", "survivors", "life", "custom")


def _limited_rest() -> Setup:
    """Limited Horde's declared set-up less what has flags of its own."""
    return limited_class().descriptor.setup.without("difficulty", "adjustment", "aggro",
                                                    "survivors", "life")


def limited_config(args: argparse.Namespace, db: Any, config: dict[str, Any],
                   facts: dict[str, Any]) -> dict[str, Any]:
    """The Limited Horde 2.1 set-up the flags give, with the Dreadnought deck's facts."""
    options = limited_options(args, db)
    config["facts"] = {**facts, **options.pop("dreadnought_facts", {})}
    config.update(options)
    config.update(_limited_rest().from_arguments(args))
    return config


def limited_class() -> type[Game]:
    return LimitedHorde


def life_option(args: argparse.Namespace) -> dict[str, Any]:
    if args.life_mode == "per-survivor":
        return {"mode": "per-survivor", "amount": args.life if args.life else 20}
    if args.life_mode == "fixed":
        if not args.life:
            raise CommandError("--life-mode fixed needs --life N")
        return {"mode": "fixed", "amount": args.life}
    return {"mode": "100-minus-15"}


def custom_options(args: argparse.Namespace) -> dict[str, Any]:
    """The Custom options given as flags (horde.CUSTOM makes the flags and reads them)."""
    try:
        custom = CUSTOM.from_arguments(args)
    except SetupError as error:
        raise CommandError(f"custom: {error}") from None
    if custom and args.difficulty != "custom":
        raise CommandError("the custom options need --difficulty custom")
    return custom


def limited_options(args: argparse.Namespace, db: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"difficulty": args.level, "adjustment": args.adjustment}
    if args.aggro:
        options["aggro"] = True
    dreadnought = args.dreadnought
    if dreadnought is None and args.deck == "limited-horde-eldrazi-vanguard":
        dreadnought = "limited-horde-eldrazi-dreadnought"
    if dreadnought:
        names, facts = deck_and_facts(dreadnought, db)
        options["dreadnought"] = names
        options["dreadnought_facts"] = facts
    return options


def run_show(args: argparse.Namespace) -> int:
    print_state(read_game(args.game, args.variant))
    return 0


def run_log(args: argparse.Namespace) -> int:
    game = read_game(args.game, args.variant)
    print(f"seed: {game.seed}")
    print_events(game.events)
    return 0


def run_undo(args: argparse.Namespace) -> int:
    game = read_game(args.game, args.variant)
    previous = attempt(game.undo, "refused")
    if previous is None:
        return 1
    write_game(args.game, previous)
    print(f"undid: {json.dumps(game.actions[-1])}")
    return 0


def run_act(args: argparse.Namespace) -> int:
    try:
        action = safejson.loads(args.action, what="the action")
    except safejson.BadJSON as error:
        raise CommandError(f"the action is not JSON: {error}") from None
    try:
        return apply_action(args, Action.parse(action))
    except BadAction as error:
        raise CommandError(f"the action is not one: {error}") from None


def run_legal(args: argparse.Namespace) -> int:
    """Print the actions the engine takes now, one a line (``n=?``: an amount to choose)."""
    game = read_game(args.game, args.variant)
    for action in game.legal_actions():
        print(action.text())
    return 0


# -- the parsers ----------------------------------------------------------------------------
#: verb -> (help, arguments adder, action builder)
Verb = tuple[str, Callable[[argparse.ArgumentParser], None],
             Callable[[argparse.Namespace], dict[str, Any]]]


def _card(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("card", type=int, help="card number (#id, see 'show')")


def _amount(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("n", type=int, help="amount")


def _roll(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("creatures", nargs="*",
                        help="the Survivors' creatures to roll among (none: roll a Survivor)")


def _token(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name")
    parser.add_argument("-n", type=int, default=1, help="how many (default 1)")
    parser.add_argument("--tapped", action="store_true")
    parser.add_argument("--pt", help="power/toughness for a token without card facts, e.g. 2/2")


def _token_action(args: argparse.Namespace) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "create-token", "name": args.name, "n": args.n}
    if args.tapped:
        action["tapped"] = True
    if args.pt:
        try:
            power, toughness = (int(x) for x in args.pt.split("/"))
        except ValueError:
            raise CommandError("--pt is POWER/TOUGHNESS, e.g. 2/2") from None
        action.update(power=power, toughness=toughness)
    return action


def _roll_action(args: argparse.Namespace) -> dict[str, Any]:
    if args.creatures:
        return {"type": "roll", "kind": "creature", "creatures": args.creatures}
    return {"type": "roll", "kind": "survivor"}


def _none(parser: argparse.ArgumentParser) -> None:
    return None


def _move(parser: argparse.ArgumentParser) -> None:
    _card(parser)
    parser.add_argument("to", choices=list(HordeSlingLab.MOVE_TARGETS))


def _hit(parser: argparse.ArgumentParser) -> None:
    _amount(parser)
    parser.add_argument("--combat", action="store_true", help="combat damage from an attack")


def _counters(parser: argparse.ArgumentParser) -> None:
    _card(parser)
    parser.add_argument("n", type=int, help="counters to add (negative: remove)")


def _life(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("change", type=int, help="e.g. -5 or 3")


COMMON_VERBS: dict[str, Verb] = {
    "turn": ("end the Survivors' turn (the Horde's turn runs when it is due)", _none,
             lambda a: {"type": "end-survivor-turn"}),
    "end": ("end the Horde's turn", _none, lambda a: {"type": "end-horde-turn"}),
    "hit": ("damage or life loss for the Horde", _hit,
            lambda a: {"type": "hit", "n": a.n, **({"combat": True} if a.combat else {})}),
    "gain": ("the Horde gains life", _amount, lambda a: {"type": "gain", "n": a.n}),
    "life": ("change the Survivors' life", _life, lambda a: {"type": "life",
                                                             "change": a.change}),
    "roll": ("Roll for the Horde: a Survivor, or one of the creatures named", _roll,
             _roll_action),
    "done": ("a held Horde spell has been resolved by hand", _card,
             lambda a: {"type": "done", "card": a.card}),
    "tap": ("tap a Horde permanent", _card, lambda a: {"type": "tap", "card": a.card}),
    "untap": ("untap a Horde permanent", _card, lambda a: {"type": "untap", "card": a.card}),
    "counters": ("add or remove +1/+1 counters", _counters,
                 lambda a: {"type": "counters", "card": a.card, "n": a.n}),
    "move": ("move a Horde card (destroy, exile, bounce, ...)", _move,
             lambda a: {"type": "move", "card": a.card, "to": a.to}),
    "token": ("create tokens for the Horde", _token, _token_action),
}

HORDE_VERBS: dict[str, Verb] = {
    "cast": ("cast an offered graveyard card", _card,
             lambda a: {"type": "cast-offer", "card": a.card}),
    "skip": ("skip an offered graveyard card", _card,
             lambda a: {"type": "skip-offer", "card": a.card}),
}


def _fight(parser: argparse.ArgumentParser) -> None:
    _card(parser)
    parser.add_argument("--power", type=int, required=True, help="the hunter's power")
    parser.add_argument("--toughness", type=int, default=None, help="the hunter's toughness")
    parser.add_argument("--defender", action="store_true", help="the hunter has defender")


def _create(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name")
    parser.add_argument("-n", type=int, default=1, help="how many (default 1)")
    parser.add_argument("--fallback", nargs="*", help="token types to settle for")


def _target(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("effect", choices=["destroy", "exile", "damage"])
    parser.add_argument("permanents", nargs="*",
                        help="Survivor permanents as NAME:MV (destroy/exile) or "
                        "NAME:TOUGHNESS[:DAMAGE] (damage)")
    parser.add_argument("--amount", type=int, default=0, help="damage amount")
    parser.add_argument("--no-player", action="store_true",
                        help="the damage cannot target a player")
    parser.add_argument("--divided", action="store_true", help="the damage may be divided")


def _target_action(args: argparse.Namespace) -> dict[str, Any]:
    items = []
    for text in args.permanents:
        parts = text.rsplit(":", 2) if args.effect == "damage" else text.rsplit(":", 1)
        try:
            numbers = [int(p) for p in parts[1:]]
        except ValueError:
            raise CommandError(f"cannot read {text!r}") from None
        if not numbers:
            raise CommandError(f"cannot read {text!r}")
        if args.effect == "damage":
            items.append({"name": parts[0], "toughness": numbers[0],
                          "damage": numbers[1] if len(numbers) > 1 else 0})
        else:
            items.append({"name": parts[0], "mv": numbers[0]})
    return {"type": "target", "effect": args.effect, "permanents": items,
            "amount": args.amount, "player": not args.no_player, "divided": args.divided}


def _other_token_action(args: argparse.Namespace) -> dict[str, Any]:
    action = _token_action(args)
    action.pop("tapped", None)
    action["other"] = True
    return action


LIMITED_VERBS: dict[str, Verb] = {
    "token": ("ordinary tokens (not from the Horde deck) for the Horde", _token,
              _other_token_action),
    "draw": ("the Horde draws (and plays) cards", _amount,
             lambda a: {"type": "draw", "n": a.n}),
    "discard": ("the Horde discards: it mills that many", _amount,
                lambda a: {"type": "discard", "n": a.n}),
    "look": ("an effect looks at the Horde's hand: reveal the top 3", _none,
             lambda a: {"type": "look-hand"}),
    "unlook": ("the hand effect is over: the rest go back in random order", _none,
               lambda a: {"type": "end-look"}),
    "step": ("a step or phase ends: floating life gain is lost", _none,
             lambda a: {"type": "end-step"}),
    "hunt": ("a Survivor creature with Hunting fights a Horde creature", _fight,
             lambda a: {"type": "hunt", "card": a.card, "power": a.power,
                        **({"toughness": a.toughness} if a.toughness is not None else {}),
                        **({"defender": True} if a.defender else {})}),
    "create": ("a Horde effect 'creates' tokens: they return from its graveyard", _create,
               lambda a: {"type": "create-token", "name": a.name, "n": a.n,
                          **({"fallback": a.fallback} if a.fallback else {})}),
    "target": ("pick the Horde's target by the targeting rules", _target, _target_action),
    "victory": ("the table confirms the Horde can no longer deal damage", _none,
                lambda a: {"type": "confirm-victory"}),
}


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game's save file (JSON)")


def _add_verbs(sub: argparse._SubParsersAction[argparse.ArgumentParser], variant: str,
               verbs: dict[str, Verb]) -> None:
    for verb, (help_text, add_args, build) in verbs.items():
        parser = sub.add_parser(verb, help=help_text)
        _add_game(parser)
        add_args(parser)

        def run(args: argparse.Namespace, build: Callable[..., dict[str, Any]] = build) -> int:
            return apply_action(args, build(args))

        parser.set_defaults(func=run, variant=variant)


def _add_files(sub: argparse._SubParsersAction[argparse.ArgumentParser], variant: str) -> None:
    for verb, help_text, func in (
        ("show", "print the state", run_show),
        ("log", "print the whole game log", run_log),
        ("undo", "take back the last action", run_undo),
        ("legal", "list the actions the engine takes now", run_legal),
    ):
        parser = sub.add_parser(verb, help=help_text)
        _add_game(parser)
        parser.set_defaults(func=func, variant=variant)
    parser = sub.add_parser("act", help="apply any action given as JSON")
    _add_game(parser)
    parser.add_argument("action", help='e.g. \'{"type": "hit", "n": 3}\'')
    parser.set_defaults(func=run_act, variant=variant)


def _add_new_common(parser: argparse.ArgumentParser) -> None:
    _add_game(parser)
    parser.add_argument("--survivors", type=int, default=SURVIVORS.default,
                        help=f"{SURVIVORS.allowed()} (default {SURVIVORS.default})")
    parser.add_argument("--seed", help="seed (a random readable one if omitted)")
    parser.add_argument("--names", help="Survivor names, comma-separated")
    parser.add_argument("--stack", action="store_true", help="do not shuffle (for tests)")
    parser.add_argument("--force", action="store_true", help="replace an existing file")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    horde = subparsers.add_parser("horde", help="play Horde (SlingLab rules) from a save file")
    sub = horde.add_subparsers(dest="verb", metavar="VERB", required=True)
    new = sub.add_parser("new", help="start a game")
    _add_new_common(new)
    new.add_argument("--deck", default=DEFAULT_HORDE_DECK, help="deck id or decklist file")
    new.add_argument("--difficulty", choices=DIFFICULTY.values(), default=DIFFICULTY.default)
    new.add_argument("--life-mode", choices=LIFE_MODE.values(), default=LIFE_MODE.default)
    new.add_argument("--life", type=int, help="life per Survivor, or the fixed total")
    CUSTOM.add_arguments(new, note="custom: ")
    _slinglab_rest().add_arguments(new)
    slinglab = HordeSlingLab.variant
    new.set_defaults(func=run_new, variant=slinglab, options=slinglab_options,
                     engine=lambda: HordeSlingLab)
    _add_files(sub, slinglab)
    _add_verbs(sub, slinglab, {**COMMON_VERBS, **HORDE_VERBS})

    limited = subparsers.add_parser("limited-horde",
                                    help="play Horde Magic Limited Edition 2.1 from a save file")
    sub = limited.add_subparsers(dest="verb", metavar="VERB", required=True)
    new = sub.add_parser("new", help="start a game")
    _add_new_common(new)
    new.add_argument("--deck", default=DEFAULT_LIMITED_DECK, help="deck id or decklist file")
    new.add_argument("--dreadnought", help="Dreadnought deck (default: the Eldrazi one for the "
                     "Eldrazi Vanguard)")
    level, adjustment = LIMITED_SETUP.choice("difficulty"), LIMITED_SETUP.choice("adjustment")
    new.add_argument("--level", "--difficulty", dest="level", default=level.default,
                     choices=level.values())
    new.add_argument("--adjustment", type=int, default=adjustment.default,
                     choices=adjustment.values(), metavar="N",
                     help=f"{adjustment.label} to the Preparation turns ({adjustment.allowed()})")
    new.add_argument("--aggro", action="store_true", help=LIMITED_SETUP["aggro"].label)
    _limited_rest().add_arguments(new)
    new.set_defaults(func=run_new, variant="limited-horde", options=limited_config,
                     engine=limited_class)
    _add_files(sub, "limited-horde")
    _add_verbs(sub, "limited-horde", {**COMMON_VERBS, **LIMITED_VERBS})
