"""``pyengine team roll|mulligan|track``: Team Commander at the table.

* ``team roll NAME NAME NAME NAME [NAME NAME] [--seed S] [--history FILE] [--fixed]
  [--tracker FILE]``: random teams by d20 (tc-2-2), every die printed, rerolls marked; with
  ``--history`` the optional rule tc-2-3 applies and the new line-up is added to the file; with
  ``--fixed`` the names are two fixed teams (first half, second half) and only the start is rolled
  (tc-2-4, tc-3-2); ``--tracker`` writes a tracker save for ``team track``.
* ``team mulligan DECK --seed S [--mulligans N] [--bottom 2,5] [--player NAME]``: an opening
  hand with N mulligans, the first free, later ones London style (tc-3-4), keeping the hand with
  the cards at the given hand positions put on the bottom; commanders and companions are revealed
  after the keep (tc-3-5).
* ``team track FILE new|show|life|poison|damage|lose|win|extra-turn|next-turn|undo ...``: the team
  tracker (tc-3-3, tc-4-1 to tc-4-3, tc-5-1) on a saved JSON file.

Exit codes: 0 done, 2 a problem the user can fix (message on stderr).
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any

from .. import safejson
from ..cli import CommandError
from ..game import GameError, rule_number
from ..rng import Rng, make_seed
from ..setup import Setup, SetupError
from ..team_commander import (
    COMMANDER_DAMAGE_TO_LOSE,
    PLAYER_COUNTS,
    SETUP,
    OpeningHand,
    TeamDraw,
    TeamError,
    TeamTracker,
    draw_teams,
    fixed_teams,
    name_key,
    tracker_config,
)
from ._gamefile import read_save, write_text
from ._input import read_text, show
from .shuffle import read_deck

# ---------------------------------------------------------------------------------------------
# roll
# ---------------------------------------------------------------------------------------------


def read_history(path: Path) -> list[list[list[str]]]:
    """Past games from a history file: ``{"games": [[[names], [names]], ...]}`` (oldest first).

    A missing file is an empty history; anything unreadable is a :class:`CommandError`.
    """
    if not path.exists():
        return []
    text = read_text(path, "history file")
    try:
        data = safejson.loads(text, what="it")
    except ValueError as error:  # safejson.BadJSON: plain words, never Python's text
        reason = str(error) if isinstance(error, safejson.BadJSON) else "it is not JSON"
        raise CommandError(f"cannot read history file {show(str(path))}: {reason}") from None
    games = data.get("games") if isinstance(data, dict) else data
    if not isinstance(games, list) or not all(
        isinstance(game, list)
        and all(isinstance(team, list) and all(isinstance(n, str) for n in team) for team in game)
        for game in games
    ):
        raise CommandError(
            f"history file '{path}' must look like {{\"games\": [[[\"Ann\", \"Bo\"], "
            "[\"Cy\", \"Di\"]], ...]}}"
        )
    return games


def _write(path: Path, text: str) -> None:
    write_text(path, text, write_error=lambda e: f"cannot write '{path}': {e}")


def print_draw(draw: TeamDraw, seed: str) -> None:
    print(f"seed: {seed}")
    if draw.fixed:
        print("Fixed teams (TC 2.4); each team rolls a d20, the higher starts (TC 3.2):")
    else:
        print("Every player rolls a d20 (TC 2.2):")
    for line in draw.lines():
        print(line)


def _declared() -> Setup:
    """Team Commander's declared set-up (its descriptor's) less what ``roll`` reads itself:
    the table from the names, the optional rule tc-2-3 from ``--history``, fixed teams from
    ``--fixed``. Any option declared later gets a flag of its own and goes into the tracker."""
    return TeamTracker.descriptor.setup.without("count", "rotate", "fixed")


def run_roll(args: argparse.Namespace) -> int:
    try:
        options = _declared().from_arguments(args)
    except SetupError as error:
        raise CommandError(str(error)) from None
    seed = args.seed or make_seed(secrets.randbits(32))
    rng = Rng(seed)
    history_path = Path(args.history) if args.history else None
    history = read_history(history_path) if history_path else []
    try:
        if args.fixed:
            if args.history:
                raise CommandError("--fixed and --history do not mix: fixed teams ignore TC 2.3")
            half = len(args.names) // 2
            draw = fixed_teams([args.names[:half], args.names[half:]], rng)
        else:
            draw = draw_teams(args.names, rng, history=history, rotate=history_path is not None)
    except TeamError as error:
        raise CommandError(str(error)) from None
    print_draw(draw, rng.seed)
    if history_path:
        history.append([list(team) for team in draw.teams])
        games = ",\n  ".join(json.dumps(game, ensure_ascii=False) for game in history)
        _write(history_path, '{"games": [\n  ' + games + "\n]}\n")
        count = f"{len(history)} game{'s' if len(history) != 1 else ''}"
        print(f"history: this line-up added to {history_path} ({count})")
    if args.tracker:
        tracker = TeamTracker({**tracker_config(draw), **options}, "team-commander")
        _save_tracker(Path(args.tracker), tracker, force=args.force)
        print(f"tracker: started in {args.tracker} (pyengine team track {args.tracker} show)")
    return 0


# ---------------------------------------------------------------------------------------------
# mulligan
# ---------------------------------------------------------------------------------------------


def _positions(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise CommandError(f"--bottom takes hand positions like 2,5, not {text!r}") from None


def _print_hand(hand: OpeningHand) -> None:
    for position, name in enumerate(hand.hand(), start=1):
        print(f"  {position}. {name}")


def run_mulligan(args: argparse.Namespace) -> int:
    deck = read_deck(args.deck)
    seed = args.seed or make_seed(secrets.randbits(32))
    config: dict[str, Any] = {
        "deck": deck.cards("main"),
        "commanders": deck.cards("commander"),
        "companions": deck.cards("companion"),
    }
    if args.player:
        config["player"] = args.player
    try:
        config.update(OpeningHand.descriptor.setup.from_arguments(args))  # declared options
    except SetupError as error:
        raise CommandError(str(error)) from None
    if args.mulligans < 0:
        raise CommandError("--mulligans cannot be negative")
    try:
        hand = OpeningHand(config, seed)
    except GameError as error:
        raise CommandError(str(error)) from None
    print(f"seed: {hand.seed}")
    hidden = len(hand.zones["command"])
    if hidden:
        print(f"command zone: {hidden} card{'s' if hidden != 1 else ''} face down until the keep")
    print("opening hand (7 cards, TC 3.3):")
    _print_hand(hand)
    for _ in range(args.mulligans):
        try:
            events = hand.apply({"type": "mulligan"})
        except GameError as error:
            raise CommandError(str(error)) from None
        print(events[0].text + ":")
        _print_hand(hand)
    positions = _positions(args.bottom)
    cards = hand.zones["hand"]
    if len(positions) != hand.to_bottom:
        n = hand.to_bottom
        if n == 0:
            taken = "no mulligan" if hand.mulligans == 0 else "1 mulligan, which is free"
            raise CommandError(f"this hand puts no card on the bottom ({taken}); "
                               "leave out --bottom")
        raise CommandError(
            f"choose {n} card{'s' if n != 1 else ''} to put on the bottom: "
            f"--bottom with {n} hand position{'s' if n != 1 else ''} (1 to {len(cards)})"
        )
    if any(not 1 <= p <= len(cards) for p in positions):
        raise CommandError(f"--bottom positions must be 1 to {len(cards)}")
    try:
        events = hand.apply({"type": "keep", "bottom": [cards[p - 1].id for p in positions]})
    except GameError as error:
        raise CommandError(str(error)) from None
    for event in events:
        if event.kind == "bottom":
            print(f"{event.text}: {', '.join(event.cards)}")
        elif event.kind == "keep":
            print(f"{event.text}:")
            _print_hand(hand)
        else:
            print(event.text)
    return 0


# ---------------------------------------------------------------------------------------------
# track
# ---------------------------------------------------------------------------------------------


def _load_tracker(path: Path) -> TeamTracker:
    game = read_save(path,
                     read_error=lambda e: f"cannot read tracker '{path}': {e} "
                     f"(start one with: pyengine team track {path} new ...)",
                     save_error=lambda e: f"'{path}' is not a usable save: {e}")
    if not isinstance(game, TeamTracker):
        raise CommandError(f"'{path}' is a {game.variant} save, not a Team Commander tracker")
    return game


def _save_tracker(path: Path, game: TeamTracker, *, force: bool = True) -> None:
    if not force and path.exists():
        raise CommandError(f"'{path}' already exists; pass --force to replace it")
    _write(path, game.to_json() + "\n")


def print_board(game: TeamTracker) -> None:
    extra = " (extra turn)" if game.is_extra else ""
    print(f"turn {game.turn}: {game.label(game.active)}{extra}")
    for index, team in enumerate(game.teams):
        print(f"{game.label(index)}: life {team.life}, poison {team.poison}/{game.poison_limit}")
        for number, damage in sorted(team.commander_damage.items()):
            print(f"  [{number + 1}] {game.commander_label(number)}: "
                  f"{damage}/{COMMANDER_DAMAGE_TO_LOSE} commander damage")
        for reason in game.losses(index):
            print(f"  LOST: {reason}")
    waiting = game.extra_turns
    if waiting:
        print("extra turns waiting: " + ", ".join(game.label(t) for t in reversed(waiting)))
    end = game.outcome()
    if end is not None:
        print(f"result: {end.reason}")


def _team_index(game: TeamTracker, text: str) -> int:
    if text in ("1", "2"):
        return int(text) - 1
    try:
        return game.team_of(text)
    except GameError:
        raise CommandError(f"no team {text!r}: use 1, 2 or a player's name") from None


def _commander_index(game: TeamTracker, text: str) -> int:
    if text.isdigit() and 1 <= int(text) <= len(game.commanders):
        return int(text) - 1
    key = name_key(text)
    found = [i for i, c in enumerate(game.commanders)
             if name_key(c.name) == key or name_key(c.owner) == key]
    if not found:  # a unique beginning of a card name: "Atraxa"
        found = [i for i, c in enumerate(game.commanders) if name_key(c.name).startswith(key)]
    if len(found) == 1:
        return found[0]
    listing = ", ".join(f"[{i + 1}] {game.commander_label(i)}" for i in range(len(game.commanders)))
    if found:
        raise CommandError(f"{text!r} names several commanders; use a number: {listing}")
    raise CommandError(f"no commander {text!r}; use a number, an owner or a name: {listing}")


def _parse_commanders(specs: list[str]) -> dict[str, list[str]]:
    result: dict[str, list[str]] = {}
    for spec in specs:
        player, sep, name = spec.partition("=")
        if not sep or not player.strip() or not name.strip():
            raise CommandError(f"--commander takes PLAYER=CARD NAME, not {spec!r}")
        result.setdefault(player.strip(), []).append(name.strip())
    return result


def _split_team(text: str) -> list[str]:
    return [name.strip() for name in text.split(",")]


def run_track(args: argparse.Namespace) -> int:
    path = Path(args.file)
    verb = args.verb
    if verb is None:
        raise CommandError("say what to do: new, show, life, poison, damage, lose, win, "
                           "extra-turn, next-turn or undo")
    if verb == "new":
        if not args.team or len(args.team) != 2:
            raise CommandError("give the two teams: --team Ann,Bo --team Cy,Di")
        config: dict[str, Any] = {"teams": [_split_team(t) for t in args.team],
                                  "first": args.first - 1}
        commanders = _parse_commanders(args.commander or [])
        if commanders:
            config["commanders"] = commanders
        try:
            game = TeamTracker(config, "team-commander")
        except (GameError, TeamError) as error:
            raise CommandError(str(error)) from None
        _save_tracker(path, game, force=args.force)
        for event in game.events:
            print(event.text)
        print_board(game)
        return 0
    game = _load_tracker(path)
    if verb == "show":
        print_board(game)
        return 0
    if verb == "undo":
        try:
            undone = game.actions[-1] if game.actions else None
            game = game.undo()
        except GameError as error:
            raise CommandError(str(error)) from None
        print(f"undone: {json.dumps(undone, ensure_ascii=False)}")
    else:
        action: dict[str, Any] = {"type": verb}
        if verb in ("life", "poison"):
            action.update(team=_team_index(game, args.team), amount=args.amount)
        elif verb == "damage":
            action = {"type": "commander-damage", "team": _team_index(game, args.team),
                      "commander": _commander_index(game, args.commander), "amount": args.amount}
        elif verb in ("lose", "win"):
            action = {"type": f"player-{verb}s", "player": args.player,
                      "reason": " ".join(args.reason)}
        elif verb == "extra-turn":
            action["player"] = args.player
        try:
            events = game.apply(action)
        except GameError as error:
            raise CommandError(str(error)) from None
        for event in events:
            print(event.text)
    _save_tracker(path, game)
    print_board(game)
    return 0


# ---------------------------------------------------------------------------------------------
# parsers
# ---------------------------------------------------------------------------------------------


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "team", help="Team Commander: random teams, the team mulligan, the team tracker",
        description="Team Commander at the table (rules: docs/team-commander/index.md).",
    )

    def usage(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=usage)
    sub = parser.add_subparsers(dest="team_command", metavar="roll|mulligan|track")

    roll = sub.add_parser("roll", help="random teams by d20 (TC 2.2-2.4, 3.2)")
    counts = " or ".join(str(count) for count in PLAYER_COUNTS)
    roll.add_argument("names", nargs="+", metavar="NAME", help=f"{counts} player names (TC 2.2)")
    roll.add_argument("--seed", help="seed (a random readable one if omitted)")
    roll.add_argument("--history", metavar="FILE",
                      help="past line-ups (JSON); applies TC 2.3 and records this draw")
    fixed = SETUP["fixed"]
    roll.add_argument("--fixed", action="store_true",
                      help=f"{fixed.label}: the names are fixed teams, first half vs second half "
                           f"({rule_number(fixed.rule)})")
    roll.add_argument("--tracker", metavar="FILE", help="also start a tracker save for the teams")
    roll.add_argument("--force", action="store_true", help="replace an existing tracker file")
    _declared().add_arguments(roll)  # any option declared later: one flag each
    roll.set_defaults(func=run_roll)

    mulligan = sub.add_parser("mulligan", help="an opening hand with mulligans (TC 3.3-3.5)")
    mulligan.add_argument("deck", help="a deck id (see decks/index.json) or a decklist file")
    mulligan.add_argument("--seed", help="seed (a random readable one if omitted)")
    mulligan.add_argument("--mulligans", type=int, default=0, help="mulligans to take")
    mulligan.add_argument("--bottom", metavar="POSITIONS",
                          help="hand positions to put on the bottom when keeping, e.g. 2,5")
    mulligan.add_argument("--player", help="the player's name, for the log")
    OpeningHand.descriptor.setup.add_arguments(mulligan)  # none yet: one flag each
    mulligan.set_defaults(func=run_mulligan)

    track = sub.add_parser("track", help="the team tracker on a saved JSON file")
    track.add_argument("file", help="the tracker save (JSON)")
    verbs = track.add_subparsers(dest="verb", metavar="VERB")
    new = verbs.add_parser("new", help="start a tracker")
    new.add_argument("--team", action="append", metavar="A,B[,C]", help="a team (twice)")
    new.add_argument("--first", type=int, choices=(1, 2), default=1, help="team that starts")
    new.add_argument("--commander", action="append", metavar="PLAYER=CARD",
                     help="a player's commander (repeat for partners and other players)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    verbs.add_parser("show", help="show the totals")
    for name, what in (("life", "life"), ("poison", "poison counters")):
        p = verbs.add_parser(name, help=f"change a team's {what}")
        p.add_argument("team", help="1, 2 or a player's name")
        p.add_argument("amount", type=int, help="e.g. 3 or -3")
    damage = verbs.add_parser("damage", help="combat damage from a commander (also life)")
    damage.add_argument("team", help="the team dealt the damage: 1, 2 or a player's name")
    damage.add_argument("commander", help="commander number (see show), owner or card name")
    damage.add_argument("amount", type=int, help="damage; negative to correct")
    for name, what in (("lose", "loses"), ("win", "wins")):
        p = verbs.add_parser(name, help=f"a player {what}, so the whole team does (TC 4.1)")
        p.add_argument("player")
        p.add_argument("reason", nargs="*", help="why (optional)")
    extra = verbs.add_parser("extra-turn", help="a player's team gets an extra turn (TC 5.1)")
    extra.add_argument("player")
    verbs.add_parser("next-turn", help="pass the turn")
    verbs.add_parser("undo", help="undo the last change")
    track.set_defaults(func=run_track)
