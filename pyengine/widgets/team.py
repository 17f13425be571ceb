"""Team Commander at the table: roll teams, help each player with the opening hand, track the
teams' life, poison and commander damage. Pure controller; the page's adapter applies the
:class:`~pyengine.widgets.View` it returns.

The whole table is one JSON state kept in browser storage, so a reload restores it. Every change
(a roll, a mulligan, a +/- tap, a new game) first pushes the previous state on an undo stack, so
"Undo" always takes back exactly the last change. Player names reach the page only as text.

Actions (``data-action`` values): ``roll``, ``new-seed``, ``new-game``, ``clear-history``,
``undo``, ``hand-draw``, ``hand-mulligan``, ``hand-keep``, ``toggle-bottom`` (a tapped card),
``next-turn``, ``life:T:N``, ``poison:T:N``, ``cmd:T:K:N`` (team T, its K-th opposing commander,
amount N), ``extra-turn:T``, ``lose:T``; change events ``count``, ``names``, ``hand-player``,
``hand-deck``; ``choose-commander`` (the answer to "Is X your commander?", ``_item``: the
names) and ``card-data`` (the full card data's fetch response).

A pasted list is read exactly as the deck check reads it (:mod:`.deck_reading`): the full card
data is fetched the first time a list does not mark its commander, the commander the check
finds is set aside face down (tc-3-1) and revealed after the keep (tc-3-5), and a kept hand
names its commanders in the tracker, one commander damage count each (tc-4-3).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from .. import safejson
from ..cards import CardDataError, CardDB
from ..decklist import Decklist
from ..game import GameError, load_game
from ..rng import Rng, make_seed, normalize_seed
from ..setup import Setup, SetupError
from ..team_commander import (
    COMMANDER_DAMAGE_TO_LOSE,
    OpeningHand,
    TeamDraw,
    TeamError,
    TeamTracker,
    draw_teams,
    fixed_teams,
    join_names,
    repeated_teams,
    team_key,
    tracker_config,
    with_commanders,
)
from . import MAX_PASTE_CHARS, Env, Item, View, deck_reading, own_deck, plumbing, runner
from .contract import NoGame

PASTE = "paste"
#: Shipped decks offered for an opening hand: only Commander decks make sense here.
HAND_FORMATS = ("commander", "team-commander")
#: Name fields on the page.
MAX_PLAYERS = 6
#: Undo steps kept in storage.
UNDO_DEPTH = 20
#: What the undo steps' copies of the hand box may hold together (issue 40): twenty steps of a
#: full box would make a save the page cannot read back; the oldest steps go first.
MAX_UNDO_PASTE_CHARS = 1_200_000
#: Opposing commander rows per team on the page (three opposing players, each with a partner
#: or a Background: tc-4-3 counts each commander apart).
COMMANDER_ROWS = 6
#: Tracker log lines shown, newest first.
LOG_LINES = 8
#: Counter buttons (``life:T:N``, ``poison:T:N``, ``cmd:T:R:N``) and Undo (each tap one step
#: back): every tap applies, however quick (pyengine/widgets/host.py).
REPEATABLE = ("life", "poison", "cmd", "undo")
STATE_VERSION = 2
#: True when the adapter can render list items as buttons (tap a card to put it on the bottom).
ITEM_BUTTONS = "action" in {f.name for f in fields(Item)}


def _setup() -> Setup:
    """The table's set-up as Team Commander's descriptor declares it (read at each use: one
    declaration reaches the page's fields, the state, the save and a new game)."""
    return TeamTracker.descriptor.setup


def fresh_state() -> dict[str, Any]:
    return {
        "v": STATE_VERSION,
        **_setup().defaults(),  # count, rotate, fixed (team_commander.SETUP)
        "names": [""] * MAX_PLAYERS,
        "seed": "",
        "draw": None,
        "history": [],
        "hands": {},
        "hand_player": "",
        "hand_deck": PASTE,
        "hand_paste": "",
        "hand_bottom": "",
        "tracker": None,
        # v2: the answer to "Is X your commander?" for the pasted list (names).
        "hand_chosen": [],
    }


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the table gains the chosen commander of a pasted list (none yet), in
    the state and in every undo step."""
    upgraded = dict(data)
    upgraded["state"] = dict(data["state"], v=2, hand_chosen=[])
    upgraded["undo"] = [dict(step, v=2, hand_chosen=[]) for step in data.get("undo", [])
                        if isinstance(step, dict)]
    return upgraded


#: Upgrades of older saves (:mod:`pyengine.widgets.saves` applies them in order).
MIGRATIONS = {1: _from_v1}
#: The widget contract (:class:`.contract.WidgetModule`): what the page saves, how a save
#: names its version, and the upgrades of older saves.
SAVES = "table"
HASH_PREFIX = None


def saved_version(data: dict[str, Any]) -> Any:
    """A table's save keeps its version in its state (``data["state"]["v"]``)."""
    state = data.get("state")
    return state.get("v") if isinstance(state, dict) else None


class Widget(NoGame):
    def __init__(self, env: Env, data: Any = None) -> None:
        self.env = env
        #: Card facts for reading a pasted list (the shipped facts, then the full card data,
        #: fetched the first time a list does not mark its commander), as on the deck check.
        self.db: CardDB | None
        self.db, _ = runner.load_card_db(env, data, missing="",
                                         errors=(OSError, KeyError, ValueError, CardDataError))
        self.full = own_deck.FullData(data)
        self.state = fresh_state()
        self.undo_stack: list[dict[str, Any]] = []
        #: The players' set-up is shown while a game runs (folded away otherwise).
        self.show_setup = False
        #: What the last Undo took back (for the "what just happened" line).
        self.undone = ""

    # -- storage ---------------------------------------------------------------------------------
    def start(self, saved: str | None) -> View:
        """The table from a save. A save that cannot be restored raises (``ValueError`` or
        ``GameError``): :mod:`.saves` keeps it aside and starts afresh."""
        if saved:
            try:
                data = safejson.loads(saved, what="the save")
                if not isinstance(data, dict) or data.get("state", {}).get("v") != STATE_VERSION:
                    raise ValueError("it is not a saved table")
                state = fresh_state()
                state.update(data["state"])
                self._check(state)
                self.state = state
                self.undo_stack = [s for s in data.get("undo", []) if isinstance(s, dict)]
                self.render()  # a state that does not show is not restored either
            except plumbing.DAMAGED:
                self.state, self.undo_stack = fresh_state(), []
                raise ValueError("the save is damaged") from None
            except (ValueError, GameError):
                self.state, self.undo_stack = fresh_state(), []
                raise
        if not self.state["seed"]:
            self.state["seed"] = make_seed(self.env.entropy())
        view = self.render()
        if self.state["tracker"] is not None:
            view.scroll = "top"
        return view

    @staticmethod
    def _check(state: dict[str, Any]) -> None:
        """Raise if a restored state does not hold together (the page then starts fresh)."""
        _setup().check(_setup().values_of(state))  # count, rotate, fixed
        if state["draw"] is not None:
            TeamDraw.from_dict(state["draw"])
        if state["tracker"] is not None and not isinstance(load_game(state["tracker"]),
                                                            TeamTracker):
            raise ValueError("the tracker save is not a Team Commander tracker")
        for entry in state["hands"].values():
            if not isinstance(load_game(entry["game"]), OpeningHand):
                raise ValueError("a hand save is not an opening hand")

    def save(self) -> str:
        return json.dumps({"state": self.state, "undo": self.undo_stack}, sort_keys=True,
                          ensure_ascii=False, separators=(",", ":"))

    def _push_undo(self, label: str) -> None:
        snapshot = json.loads(json.dumps(self.state))
        snapshot["undo_label"] = label
        self.undo_stack.append(snapshot)
        del self.undo_stack[:-UNDO_DEPTH]
        while len(self.undo_stack) > 1 and sum(len(str(step.get("hand_paste", "")))
                                               for step in self.undo_stack) > MAX_UNDO_PASTE_CHARS:
            del self.undo_stack[0]

    # -- actions ---------------------------------------------------------------------------------
    def handle(self, action: str, form: dict[str, str]) -> View:
        self._read_form(form)
        if action == own_deck.FULL_ACTION:
            self.full.response(form)
            action = "hand-draw"
        elif action == "hand-draw" and self.needs_card_data():
            view = self.render()
            view.text["hand-status"] = ("Loading the card data to find the commander (about "
                                        "0.5 MB, only the first time)…")
            view.fetches.append(self.full.fetch())
            view.save = self.save()
            return view
        error = ""
        seen = self._tracker_events()
        try:
            self._dispatch(action, form)
        except (TeamError, GameError, ValueError) as problem:
            error = plumbing.sentence(str(problem), empty="Something went wrong.")
        if action in ("roll", "new-game", "undo", "show-setup", "hide-setup") and not error:
            self.show_setup = action == "show-setup"
        view = self.render()
        view.error = error
        view.save = self.save()
        happened = error or self._happened(action, seen, view)
        if happened:  # one line, fixed on the screen and read out once (issue 27, 3 and 7)
            view.text["happened"] = happened
            view.hidden["happened"] = False
        if not error and action in ("roll", "next-turn", "hide-setup"):
            view.scroll = "top"
        elif not error and action == "show-setup":
            view.scroll = "setup-box"
        return view

    def _tracker_events(self) -> int:
        data = self.state["tracker"]
        return len(load_game(data).events) if data is not None else 0

    def _happened(self, action: str, seen: int, view: View) -> str:
        """The "what just happened" line: the tracker's new events, the roll, the hand."""
        if action in ("count", "names", "hand-player", "hand-deck", "show-setup", "hide-setup",
                      "new-seed", "toggle-bottom"):
            return ""
        if action == "undo":
            return f"Undone: {self.undone}." if self.undone else ""
        if action == "roll":
            return view.text.get("starts", "")
        if action.startswith("hand-") or action == deck_reading.CHOOSE:
            return view.text.get("hand-status", "")
        data = self.state["tracker"]
        if data is None:
            return ""
        events = load_game(data).events
        fresh = events[seen:] if len(events) > seen else events[-1:]
        return "; ".join(e.text.rstrip(".") for e in fresh) + "."

    def _dispatch(self, action: str, form: dict[str, str]) -> None:
        name, _, rest = action.partition(":")
        args = rest.split(":") if rest else []
        simple: dict[str, Callable[[], object]] = {
            "roll": self.roll,
            "new-seed": self.new_seed,
            "new-game": self.new_game,
            "clear-history": self.clear_history,
            "undo": self.undo,
            "hand-draw": self.hand_draw,
            "hand-mulligan": self.hand_mulligan,
            "hand-keep": self.hand_keep,
            "next-turn": lambda: self.track("Next turn", {"type": "next-turn"}),
            "show-setup": lambda: None,
            "hide-setup": lambda: None,
        }
        if name in simple and not args:
            simple[name]()
        elif name in ("count", "names", "hand-player", "hand-deck"):
            if name == "hand-player":
                self.state["hand_bottom"] = ""
        elif name == "toggle-bottom":
            self.toggle_bottom(form.get("_item", ""))
        elif name == deck_reading.CHOOSE:
            self.choose_commander(form.get("_item", ""))
        elif name in ("life", "poison") and len(args) == 2:
            team, amount = _team(args[0]), int(args[1])
            label = f"{'life' if name == 'life' else 'poison'} {amount:+d} for Team {team + 1}"
            self.track(label, {"type": name, "team": team, "amount": amount})
        elif name == "cmd" and len(args) == 3:
            team, row, amount = _team(args[0]), int(args[1]), int(args[2])
            game = self._tracker()
            opposing = _opposing(game, team)
            if not 0 <= row < len(opposing):
                raise ValueError("there is no such commander")
            self.track(f"commander damage {amount:+d} to Team {team + 1}",
                       {"type": "commander-damage", "team": team, "commander": opposing[row],
                        "amount": amount})
        elif name == "extra-turn" and len(args) == 1:
            team = _team(args[0])
            player = self._tracker().teams[team].players[0]
            self.track(f"extra turn for Team {team + 1}", {"type": "extra-turn", "player": player})
        elif name == "lose" and len(args) == 1:
            team = _team(args[0])
            self.track(f"Team {team + 1} loses",
                       {"type": "team-loses", "team": team,
                        "reason": "a player of the team lost or conceded"})
        else:
            raise ValueError(f"unknown action {action!r}")

    def _read_form(self, form: dict[str, str]) -> None:
        state = self.state
        setup = _setup()
        for _, option in setup.flat():  # count, rotate, fixed, as declared
            name = setup.form_name(option.key)
            if name in form:
                with contextlib.suppress(SetupError):  # a value the page never offers: kept
                    state[option.key] = option.parse(str(form[name]))
        for index in range(MAX_PLAYERS):
            key = f"name{index + 1}"
            if key in form:
                state["names"][index] = str(form[key])[:80]
        if "seed" in form:
            state["seed"] = str(form["seed"])[:80]
        for key in ("hand_player", "hand_deck", "hand_paste", "hand_bottom"):
            field_name = key.replace("_", "-")
            if field_name in form:
                if key in ("hand_deck", "hand_paste") and str(form[field_name]) != state[key]:
                    state["hand_chosen"] = []  # another list: its commander is read afresh
                # bounded where written (issue 40): a box over the paste limit keeps one
                # character more, enough for the limit's message, never megabytes in the save
                state[key] = str(form[field_name])[:MAX_PASTE_CHARS + 1 if key == "hand_paste"
                                                   else 200]

    # -- teams -----------------------------------------------------------------------------------
    def roll(self) -> None:
        state = self.state
        names = state["names"][: state["count"]]
        seed = normalize_seed(state["seed"]) or make_seed(self.env.entropy())
        rng = Rng(seed)
        if state["fixed"]:
            half = len(names) // 2
            draw = fixed_teams([names[:half], names[half:]], rng)
        else:
            draw = draw_teams(names, rng, history=state["history"], rotate=state["rotate"])
        self._push_undo("the roll")
        state["draw"] = draw.to_dict()
        state["draw"]["seed"] = rng.seed
        if not draw.fixed:
            state["history"] = (state["history"] + [[list(t) for t in draw.teams]])[-20:]
        state["tracker"] = json.loads(TeamTracker(tracker_config(draw), "team-commander")
                                      .to_json())
        state["hands"] = {}
        state["hand_player"] = draw.teams[0][0]
        state["hand_bottom"] = ""
        state["seed"] = make_seed(self.env.entropy())

    def new_seed(self) -> None:
        self.state["seed"] = make_seed(self.env.entropy())

    def new_game(self) -> None:
        self._push_undo("new game")
        keep = {k: self.state[k] for k in (*_setup().keys(), "names", "history", "hand_deck",
                                           "hand_paste")}
        self.state = fresh_state()
        self.state.update(keep)
        self.state["seed"] = make_seed(self.env.entropy())

    def clear_history(self) -> None:
        self._push_undo("clearing the history")
        self.state["history"] = []

    def undo(self) -> None:
        if not self.undo_stack:
            raise ValueError("nothing to undo")
        previous = self.undo_stack.pop()
        self.undone = str(previous.pop("undo_label", "") or "")
        self.state = fresh_state()
        self.state.update(previous)

    # -- opening hands ---------------------------------------------------------------------------
    def _players(self) -> list[str]:
        draw = self.state["draw"]
        return [name for team in draw["teams"] for name in team] if draw else []

    def _hand_player(self) -> str:
        players = self._players()
        if not players:
            raise ValueError("tap Roll teams first")
        chosen = self.state["hand_player"]
        return chosen if chosen in players else players[0]

    def hand_decks(self) -> list[dict[str, Any]]:
        return [deck for deck in self.env.decks if deck.get("format") in HAND_FORMATS]

    def _hand_text(self) -> str:
        deck_id = self.state["hand_deck"] or PASTE
        if deck_id == PASTE:
            text: str = self.state["hand_paste"]
        else:
            text = plumbing.shipped_deck(self.env, deck_id, decks=self.hand_decks(),
                                         kind="Commander", error=ValueError)
        plumbing.guard_paste(text, error=ValueError)
        return text

    def card_db(self, deck: Decklist) -> CardDB | None:
        """The facts a list is read with: the full card data under the shipped facts, and the
        list's own ``#!`` lines, as on the deck check."""
        db = self.full.db(self.db)
        return db.with_annotations(deck) if db is not None else None

    def needs_card_data(self) -> bool:
        """True when the next draw must first fetch the full card data: the list does not
        mark its commander and the data was not loaded (or failed before)."""
        if not self.full.wanted() or self._players() == []:
            return False
        try:
            deck = Decklist.from_text(self._hand_text())
        except ValueError:
            return False
        known = self.db.with_annotations(deck) if self.db is not None else None
        return deck_reading.needs_card_data(deck, known)

    def read_hand_deck(self) -> tuple[Decklist, deck_reading.DeckReading]:
        """The list chosen for the opening hand, read as the deck check reads it."""
        deck = Decklist.from_text(self._hand_text())
        cards = self.card_db(deck)
        deck = Decklist.read(self._hand_text(), cards)  # as the deck check reads it
        chosen = tuple(str(n) for n in self.state.get("hand_chosen") or [])
        return deck, deck_reading.read_deck(deck, cards, chosen,
                                            commander_deck=True)

    def hand_draw(self) -> None:
        player = self._hand_player()
        deck, reading = self.read_hand_deck()
        cards, commanders = reading.library, reading.commanders
        if not cards:
            raise ValueError("the deck has no cards to draw: paste a list such as "
                             "'1 Sol Ring' one card a line")
        config = {"deck": cards, "commanders": commanders,
                  "companions": deck.cards("companion"), "player": player}
        game = OpeningHand(config, make_seed(self.env.entropy()))
        self._push_undo(f"{player}'s new hand")
        self.state["hand_player"] = player
        self.state["hand_bottom"] = ""
        question, answers = deck_reading.question(reading)
        if reading.reading.source == "none" and self.full.error:
            question = self.full.error
        self.state["hands"][player] = {
            "game": json.loads(game.to_json()),
            "problems": [f"Line {p.line}: {p.message} — {p.text}" for p in deck.problems],
            "commanders": commanders,
            "question": question,
            "answers": [[item.text, item.value] for item in answers],
        }

    def choose_commander(self, item: str) -> None:
        """The answer to "Is X your commander?": the list is read again with it; a hand drawn
        with other commanders set aside is drawn again (the library changed)."""
        self.state["hand_chosen"] = list(deck_reading.chosen_from(item))
        player = self._hand_player()
        entry = self.state["hands"].get(player)
        _, reading = self.read_hand_deck()
        if entry is not None and entry.get("commanders") == reading.commanders:
            question, answers = deck_reading.question(reading)
            entry["question"] = question
            entry["answers"] = [[i.text, i.value] for i in answers]
            return
        self.hand_draw()

    def _hand(self, player: str) -> OpeningHand:
        entry = self.state["hands"].get(player)
        if entry is None:
            raise ValueError(f"{player} has no hand yet: choose a deck, then tap Draw opening hand")
        game = load_game(entry["game"])
        assert isinstance(game, OpeningHand)
        return game

    def _store_hand(self, player: str, game: OpeningHand, label: str) -> None:
        self._push_undo(label)
        self.state["hands"][player]["game"] = json.loads(game.to_json())
        self.state["hand_bottom"] = ""

    def hand_mulligan(self) -> None:
        player = self._hand_player()
        game = self._hand(player)
        game.apply({"type": "mulligan"})
        self._store_hand(player, game, f"{player}'s mulligan")

    def hand_keep(self) -> None:
        player = self._hand_player()
        game = self._hand(player)
        cards = game.zones["hand"]
        positions = _positions(self.state["hand_bottom"], len(cards))
        game.apply({"type": "keep", "bottom": [cards[p - 1].id for p in positions]})
        self._store_hand(player, game, f"{player}'s keep")
        self._name_commanders(player)

    def _name_commanders(self, player: str) -> None:
        """Revealed after the keep (tc-3-5), the player's commanders get their own commander
        damage counts in the tracker (tc-4-3: damage "by the same commander")."""
        names = [str(n) for n in self.state["hands"][player].get("commanders") or []]
        if not names or self.state["tracker"] is None:
            return
        game = with_commanders(self._tracker(), {player: names})
        self.state["tracker"] = json.loads(game.to_json())

    def toggle_bottom(self, item: str) -> None:
        player = self._hand_player()
        game = self._hand(player)
        try:
            position = int(item)
        except ValueError:
            raise ValueError("tap a card of the hand") from None
        if game.kept or not 1 <= position <= len(game.zones["hand"]):
            return
        chosen = _positions(self.state["hand_bottom"], len(game.zones["hand"]), strict=False)
        chosen = [p for p in chosen if p != position] if position in chosen else chosen + [
            position]
        self.state["hand_bottom"] = ",".join(str(p) for p in chosen)

    # -- tracker ---------------------------------------------------------------------------------
    def _tracker(self) -> TeamTracker:
        if self.state["tracker"] is None:
            raise ValueError("tap Roll teams first")
        game = load_game(self.state["tracker"])
        assert isinstance(game, TeamTracker)
        return game

    def track(self, label: str, action: dict[str, Any]) -> None:
        game = self._tracker()
        game.apply(action)
        self._push_undo(label)
        self.state["tracker"] = json.loads(game.to_json())

    # -- rendering -------------------------------------------------------------------------------
    def render(self) -> View:
        state = self.state
        view = View()
        view.options.update(_setup().choices())
        view.values.update(_setup().format(state))  # count, rotate, fixed
        for index in range(MAX_PLAYERS):
            view.values[f"name{index + 1}"] = state["names"][index]
            view.hidden[f"name{index + 1}-box"] = index >= state["count"]
        view.values["seed"] = state["seed"]
        history = state["history"]
        streak = repeated_teams(history)
        info = f"Line-ups recorded: {len(history)}."
        if streak:
            names = "; ".join(" & ".join(team) for team in _pretty_teams(history[-1], streak))
            info += f" Three games running together: {names}."
        view.text["history-info"] = info
        running = state["tracker"] is not None
        view.hidden["setup-box"] = running and not self.show_setup
        view.hidden["show-setup"] = not running or self.show_setup
        view.hidden["hide-setup"] = not running or not self.show_setup
        view.hidden["hands-box"] = state["draw"] is None
        self._render_draw(view)
        self._render_hands(view)
        self._render_tracker(view)
        last = self.undo_stack[-1].get("undo_label", "") if self.undo_stack else ""
        view.text["undo-info"] = f"Undo takes back {last}." if last else "Nothing to undo."
        view.attrs["undo"] = {"aria-disabled": "false" if last else "true"}
        return view

    def _render_draw(self, view: View) -> None:
        data = self.state["draw"]
        view.hidden["teams"] = data is None
        view.hidden["play"] = data is None
        if data is None:
            view.lists["dice"] = []
            return
        draw = TeamDraw.from_dict(data)
        items: list[Item] = []
        attempt = 1
        for roll in draw.rolls:
            if roll.attempt != attempt:
                attempt = roll.attempt
                items.append(Item(draw.notes[attempt - 2] if attempt - 2 < len(draw.notes)
                                  else "All players roll again (TC 2.3)", cls="note"))
            items.append(Item(("↻ " if roll.reroll else "") + roll.text(),
                              cls="reroll" if roll.reroll else "roll"))
        view.lists["dice"] = items
        view.text["dice-seed"] = f"Dice seed: {data.get('seed', '')}"
        for index, team in enumerate(draw.teams):
            view.text[f"team{index}"] = f"Team {index + 1}: {join_names(team)}"
        start = draw.first
        view.text["starts"] = (f"Team {start + 1} ({join_names(draw.teams[start])}) starts "
                               "and skips the draw step of its first turn.")
        view.text["draw-method"] = ("Fixed teams (TC 2.4): a die per team chose who starts."
                                    if draw.fixed else
                                    "Random teams (TC 2.2): highest rolls against lowest.")

    def _render_hands(self, view: View) -> None:
        players = self._players()
        decks = [(deck["id"], deck["title"]) for deck in self.hand_decks()]
        view.options["hand-deck"] = decks + [(PASTE, "Paste a deck…")]
        deck_id = self.state["hand_deck"] if self.state["hand_deck"] in dict(decks) else PASTE
        view.values["hand-deck"] = deck_id
        view.hidden["hand-paste-box"] = deck_id != PASTE
        view.values["hand-paste"] = self.state["hand_paste"]
        view.options["hand-player"] = [(name, name) for name in players]
        summary = []
        for name in players:
            summary.append(Item(f"{name}: {self._hand_summary(name)}"))
        view.lists["hands"] = summary
        if not players:
            return
        player = self._hand_player()
        view.values["hand-player"] = player
        view.values["hand-bottom"] = self.state["hand_bottom"]
        entry = self.state["hands"].get(player)
        view.lists["hand-problems"] = [Item(p, cls="problem")
                                       for p in (entry or {}).get("problems", [])]
        question = str((entry or {}).get("question") or "")
        view.text["hand-question"] = question
        view.hidden["hand-question-box"] = not question
        view.lists["hand-answers"] = [
            Item(str(label), action=deck_reading.CHOOSE, value=str(value))
            for label, value in (entry or {}).get("answers") or []] if ITEM_BUTTONS else []
        if entry is None:
            view.text["hand-status"] = f"{player}: choose a deck, then tap Draw opening hand."
            view.lists["hand"] = []
            view.lists["hand-command"] = []
            view.hidden["hand-actions"] = True
            return
        game = load_game(entry["game"])
        assert isinstance(game, OpeningHand)
        chosen = _positions(self.state["hand_bottom"], len(game.zones["hand"]), strict=False)
        items = []
        for position, card in enumerate(game.zones["hand"], start=1):
            text = f"{position}. {card.name}"
            if ITEM_BUTTONS and not game.kept:
                items.append(Item(text + (" → bottom" if position in chosen else ""),
                                  action="toggle-bottom", value=str(position),
                                  pressed=position in chosen))
            else:
                items.append(Item(text, cls="bottom" if position in chosen else None))
        view.lists["hand"] = items
        command = game.zones["command"]
        if not command:
            view.lists["hand-command"] = []
        elif game.kept:
            view.lists["hand-command"] = [Item(f"Revealed: {c.name}") for c in command]
        else:
            n = len(command)
            view.lists["hand-command"] = [Item(
                f"{n} card{'s' if n != 1 else ''} face down in the command zone, revealed "
                "after the keep (TC 3.5)")]
        view.hidden["hand-actions"] = game.kept
        view.hidden["hand-bottom-box"] = game.kept or game.to_bottom == 0
        view.text["hand-status"] = f"{player}: {self._hand_summary(player)}"

    def _hand_summary(self, player: str) -> str:
        entry = self.state["hands"].get(player)
        if entry is None:
            return "no hand drawn yet"
        game = load_game(entry["game"])
        assert isinstance(game, OpeningHand)
        m = game.mulligans
        taken = ("no mulligan" if m == 0 else "1 mulligan (free)" if m == 1
                 else f"{m} mulligans (the first free)")
        if game.kept:
            revealed = [c.name for c in game.zones["command"]]
            shown = f"; reveals {', '.join(revealed)}" if revealed else ""
            return f"kept {len(game.zones['hand'])} cards after {taken}{shown}"
        if game.to_bottom:
            n = game.to_bottom
            return (f"{taken}; on keep, put {n} card{'s' if n != 1 else ''} on the bottom "
                    "(London mulligan)")
        return f"{taken}; keep these 7 or mulligan" + (" (the first one is free)" if m == 0
                                                        else "")

    def _render_tracker(self, view: View) -> None:
        data = self.state["tracker"]
        if data is None:
            view.lists["log"] = []
            view.text["result"] = ""
            view.hidden["result"] = True
            return
        game = load_game(data)
        assert isinstance(game, TeamTracker)
        extra = " (extra turn, TC 5.1)" if game.is_extra else ""
        skip = " It skips its draw step this turn (TC 3.2)." if game.turn == 1 else ""
        view.text["turn"] = f"Turn {game.turn}: Team {game.active + 1}{extra}.{skip}"
        for team, state in enumerate(game.teams):
            prefix = f"t{team}"
            view.text[f"{prefix}-name"] = f"Team {team + 1}: {join_names(state.players)}"
            view.text[f"{prefix}-life"] = str(state.life)
            view.text[f"{prefix}-poison"] = f"{state.poison} / {game.poison_limit}"
            opposing = _opposing(game, team)
            for row in range(COMMANDER_ROWS):
                key = f"{prefix}-c{row}"
                view.hidden[f"{key}-row"] = row >= len(opposing)
                if row < len(opposing):
                    number = opposing[row]
                    view.text[f"{key}-name"] = ("Commander damage from "
                                                + self._commander_name(game, number))
                    view.text[f"{key}-value"] = (f"{state.commander_damage[number]} / "
                                                 f"{COMMANDER_DAMAGE_TO_LOSE}")
            reasons = game.losses(team)
            view.hidden[f"{prefix}-banner"] = not reasons
            view.text[f"{prefix}-banner"] = _loss_sentence(game.label(team), state.life,
                                                           reasons)
            view.attrs[f"{prefix}"] = {"data-lost": "true" if reasons else "false",
                                       "data-active": "true" if game.active == team else "false"}
        outcome = game.outcome()  # tc-4-1: the one way a widget asks whether the game ended
        result = outcome.reason if outcome is not None else ""
        view.text["result"] = result
        view.hidden["result"] = not result
        waiting = game.extra_turns
        view.text["extra-info"] = ("Extra turns waiting: " + ", ".join(
            f"Team {t + 1}" for t in reversed(waiting))) if waiting else ""
        view.lists["log"] = [Item(event.text) for event in reversed(game.events[-LOG_LINES:])]

    def _commander_name(self, game: TeamTracker, number: int) -> str:
        commander = game.commanders[number]
        label = game.commander_label(number)
        default = f"{commander.owner}'s commander"
        if commander.name != default:  # named once the hand was kept (tc-3-5)
            return f"{default} ({commander.name})"
        entry = self.state["hands"].get(commander.owner)
        if entry is not None:
            hand = load_game(entry["game"])
            if isinstance(hand, OpeningHand) and hand.kept:
                names = [c.name for c in hand.zones["command"]]
                if names:
                    label += f" ({', '.join(names)})"
        return label


def _loss_sentence(label: str, life: int, reasons: list[str]) -> str:
    """The loss banner: the team by name and each reason with its rule, in a full sentence,
    e.g. "Team 2 (Bo & Cy) has lost the game: 15 poison counters, 15 lose" with the rule of
    tc-4-2. A life total at 0 or less is named as the shared life (the team loses together,
    tc-4-1)."""
    if not reasons:
        return ""
    parts = [f"its shared life is {life}, and the whole team loses together (TC 4.1)"
             if reason.startswith("life is ") else reason for reason in reasons]
    return f"{label} has lost the game: {'; '.join(parts)}."


def _team(text: str) -> int:
    if text not in ("0", "1"):
        raise ValueError("the team is 0 or 1")
    return int(text)


def _opposing(game: TeamTracker, team: int) -> list[int]:
    """Indexes of the commanders that can deal commander damage to ``team``."""
    return sorted(game.teams[team].commander_damage)


def _positions(text: str, size: int, *, strict: bool = True) -> list[int]:
    """Hand positions from text like ``2, 5``; with ``strict`` a bad entry is an error."""
    result: list[int] = []
    for part in str(text).replace(";", ",").replace(" ", ",").split(","):
        if not part:
            continue
        try:
            value = int(part)
        except ValueError:
            if strict:
                raise ValueError(f"positions to bottom are numbers like 2,5, not {part!r}") \
                    from None
            continue
        if not 1 <= value <= size:
            if strict:
                raise ValueError(f"position {value} is not in the hand (1 to {size})")
            continue
        if value in result:
            if strict:
                raise ValueError(f"position {value} is listed twice")
            continue
        result.append(value)
    return result


def _pretty_teams(game: list[list[str]], keys: list[tuple[str, ...]]) -> list[list[str]]:
    return [team for team in game if team_key(team) in keys]
