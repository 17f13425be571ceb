"""The Swarm runner: The Swarm's side of a Swarm Mode game on one phone. Pure controller;
the page's adapter applies the :class:`~pyengine.widgets.View` it returns.

The game is a :class:`pyengine.swarm.SwarmGame`: its config (decks and card facts), its seed
and the actions taken. After every action the page stores the game (browser storage) and puts
a share link in the address (``#g=`` + the game, zlib-compressed, base64url); opening that
address on another phone replays the same game. Undo drops the last action; reset asks first.

Card facts come from ``env.read_data("cards.tsv")`` (or a ``data`` mapping in tests) plus any
``#!`` annotation lines in a pasted list; a pasted list naming a card those do not know first
fetches the full card data (:class:`.own_deck.FullData`, action ``card-data``).

Actions (``data-action``): ``new``, ``turn``, ``next-survivor``, ``swarm-step``, ``combat``,
``second-main``, ``end`` (shown only when the engine takes them, ``SwarmGame.turn_actions``),
``survivor-attack``, ``graveyard-blocker``, ``survivor-blocked``, ``damage``,
``lose-life``, ``poison``, ``mill``, ``gain``,
``life-down``, ``life-up``, ``survivor-poison``, ``deck-out``, ``cast``, ``discard``,
``draw``, ``token``, ``activate``, ``undo``, ``reset``, ``reset-yes``, ``reset-no``,
``export``, ``show-setup``; ``import`` (a file, ``_file``); change events ``setup``.

The battlefield is a board (:mod:`.board`, shared with the Horde page): ``pick-card`` (an item
button, ``_item`` = card id) or the ``choose-card`` menu opens the one card panel,
``close-panel`` closes it; its buttons act on the chosen card with only what the engine takes
for it now: ``dies``, ``destroy``, ``exile``, ``bounce``, ``to-top``, ``to-bottom``
(``leave``), ``counter``, ``gain-control``, ``return-control``. Group buttons under the
board (:data:`.board.GROUP_ACTIONS`): ``destroy-all``, ``destroy-all-but`` (all but the chosen
card's group, from the panel), ``tap-all``, ``untap-all``: one engine action each (``dies-all``,
``tap-all``); ``choose-several`` turns multi-select on and off, ``mark`` (``_item``) marks a
group, ``destroy-marked`` lets the marked creatures die at once (a partial wipe). Own decks
(:mod:`.own_deck`, shared with the Horde runner): ``deck-file`` (a file), ``deck-save``,
``deck-remove``, ``deck-export`` (``mine:`` + name in the deck select, kept in this widget's
saved state) and ``answer`` (the question form for cards nobody knows).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..actions import Action, types_of
from ..cards import CardDataError, CardDB
from ..decklist import Decklist
from ..game import ActionError, Event, Game, GameError
from ..rng import make_seed, normalize_seed
from ..setup import Setup
from ..swarm import HANDLING, MODES, PHASE_NAMES, SwarmGame, config_from_decks
from . import Env, Item, View, board, own_deck, parts, plumbing, reckoning, runner, scryfall_link
from .contract import Migration, version_field
from .share_ref import KEY as REF
from .share_ref import ByReference

#: The runners' one save schema (:data:`.runner.STATE_VERSION`); version 1 was this
#: runner's own shape (:func:`_from_v1`).
STATE_VERSION = runner.STATE_VERSION
#: The widget contract (:class:`.contract.WidgetModule`): what the page saves, how a save
#: names its version, and the upgrades of older saves.
SAVES = "game"
saved_version = version_field
SAMPLE = "sample"
PASTE = "paste"
SAMPLE_DECK = "swarm-sample"
SAMPLE_ENFORCERS = "swarm-sample-enforcers"
#: Log lines shown, newest first.
LOG_LINES = 300
HASH_PREFIX = "g="
#: Event kinds shown in "What just happened" as the cards of a Swarm turn.
CARD_KINDS = ("active", "reckoning-placed", "reveal", "cast", "reckoning", "enter", "stop",
              "blocker", "return", "lair", "draw", "discard", "mill", "survivor-attack",
              "survivor-blocked", "pre-swarm-wait", "pre-swarm", "shuffle")

#: Buttons that send one engine action straight through; amount/card come from the form.
SIMPLE = ("turn", "swarm-step", "graveyard-blocker", "second-main", "end", "activate",
          "survivor-attack", "survivor-blocked", "next-survivor")
AMOUNT = ("damage", "lose-life", "poison", "mill", "gain", "survivor-poison")
CARD = ("counter", "dies", "leave", "gain-control", "return-control")
Button = runner.Button
#: The action table: page action -> the engine action it makes; amount and card come from the
#: form (the rest: :meth:`Widget.special_action`).
BUTTONS: dict[str, runner.Button] = {
    **{name: Button(name) for name in SIMPLE},
    **{name: Button(name, amount="amount") for name in AMOUNT},
    "life-down": Button("life", amount="amount", sign=-1),
    "life-up": Button("life", amount="amount"),
    "deck-out": Button("deck-out", {"player": "A Survivor"}),
    **{name: Button(name, card="card") for name in CARD},
    "draw": Button("draw", amount="amount", flags={"pre_swarm": "pre-swarm"}),
}
#: The board's group buttons: one engine action over The Swarm's creatures (sw-9-4, sw-4-4).
GROUP = board.GROUP_ACTIONS
#: Counter and amount buttons, and Undo (each tap one step back): every tap applies, however
#: quick (pyengine/widgets/host.py).
REPEATABLE = (*AMOUNT, "life-down", "life-up", "counter", "undo")
#: The card panel's moves: page action -> where the chosen permanent goes (``leave``; an
#: Enforcer goes to The Lair whatever the destination, sw-4-4). ``leave`` is the older
#: page's exile button.
MOVES = {"destroy": "graveyard", "exile": "exile", "bounce": "hand", "to-top": "library-top",
         "to-bottom": "library-bottom", "leave": "exile"}
BUTTONS.update({name: Button("leave", {"to": to}, card="card") for name, to in MOVES.items()
                if name != "destroy"})  # destroy: a creature dies (special_action)
#: The card panel's buttons by ``data-id``, and the page action of each.
PANEL_BUTTONS = {"do-dies": "dies", "do-all-but": "destroy-all-but",
                 "do-destroy": "destroy", "do-exile": "exile",
                 "do-bounce": "bounce", "do-to-top": "to-top", "do-to-bottom": "to-bottom",
                 "do-counter": "counter", "do-steal": "gain-control",
                 "do-unsteal": "return-control"}
#: The turn buttons by ``data-id``, and the engine's turn action of each (sw-3-4, sw-3-5).
TURN_BUTTONS = {"do-turn": "turn", "do-next-survivor": "next-survivor",
                "do-swarm-step": "swarm-step", "do-combat": "combat",
                "do-second-main": "second-main", "do-end": "end"}


def _setup() -> Setup:
    """The set-up as Swarm's descriptor declares it (read at each use: one declaration reaches
    the form, the config, the share link and the save)."""
    return SwarmGame.descriptor.setup


def fresh_form() -> dict[str, str]:
    setup = _setup()
    return {**setup.format(setup.defaults()), "deck": SAMPLE, "paste": "",
            "paste-enforcers": "", "seed": "", "amount": "1", "targets": "", "card": "",
            "hand-card": "", "token": "Zombie", "pre-swarm": "", "deck-name": "",
            "images": "auto", "keep-seed": ""}


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2 (the runners' one save schema): the form, the game and its origin as
    they were; the own decks, the question form and the pictures as the parts'; the marked
    cards as the board's."""
    return {"v": 2, "game": data.get("game"), "origin": data.get("origin"),
            "form": data.get("form") or {},
            "parts": {"own-deck": {"decks": data.get("decks"), "asked": data.get("asked")},
                      "images": data.get("images")},
            "board": {"marked": data.get("marked")}}


#: Upgrades of older saves (:mod:`pyengine.widgets.saves` applies them in order).
MIGRATIONS: dict[int, Migration] = {1: _from_v1}


def is_own(deck: Any) -> bool:
    """True for the deck choice of pasted lists or a deck saved on this device."""
    return deck == PASTE or (isinstance(deck, str) and deck.startswith(own_deck.MINE))


#: A line that starts the Enforcer list of a whole Swarm list (``// Enforcers``,
#: ``// Reckoning``): a saved or uploaded deck is split there into the page's two boxes.
# One run of spaces before the optional "//" or "#" and one after it, never two that could
# share a run (a line of spaces was quadratic).
_ENFORCER_HEADER = re.compile(r"^\s*(?:(?://|#)\s*)?(?:enforcers?|reckoning)\b", re.IGNORECASE)


def deck_text(form: Mapping[str, str]) -> str:
    """One list of a Swarm deck: the deck, then its ``// Enforcers`` and ``// Reckoning``
    sections (what is saved on the device and exported)."""
    main = form["paste"].rstrip("\n")
    enforcers = form["paste-enforcers"].strip("\n")
    return "\n".join(part for part in (main, enforcers) if part) + "\n"


def split_deck(text: str) -> tuple[str, str]:
    """A whole Swarm list split for the page's two boxes: the deck, and its Enforcer list from
    the first ``// Enforcers`` or ``// Reckoning`` header on."""
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if _ENFORCER_HEADER.match(line)), len(lines))
    return "\n".join(lines[:at]).strip("\n") + "\n", "\n".join(lines[at:]).strip("\n") + (
        "\n" if at < len(lines) else "")


def _fill(form: dict[str, str], text: str) -> None:
    form["paste"], form["paste-enforcers"] = split_deck(text)


#: ``encode_share(data)``: a share-link fragment, ``g=`` + base64url(zlib(JSON));
#: ``decode_share(text)``: the game it carries, ``ValueError`` if it is not one.
encode_share, decode_share = runner.share_codec(
    HASH_PREFIX, not_link="not a Swarm share link", damaged="the share link is damaged",
    no_game="the share link holds no game")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def event_item(event: Event, cls: str | None = None) -> Item:
    href = scryfall_link(event.cards[0]) if event.cards else None
    kind_cls = {"reckoning": "sw-reckoning", "win": "sw-win", "loss": "sw-loss",
                "turn": "sw-turn"}.get(event.kind)
    return Item(event.text, href=href, cls=cls or kind_cls)


class Widget(ByReference):
    game: SwarmGame | None
    #: The Reckoning's one tap as the page shows it (:mod:`.reckoning`), or None.
    reckoning_offer: dict[str, Any] | None = None

    def __init__(self, env: Env, data: Mapping[str, str] | None = None) -> None:
        #: How the game was set up, for share links: {"d": "sample"} or {"c": True}.
        self.origin: dict[str, Any] = {}
        #: What the last own-deck action did (shown in the deck box).
        self.deck_note = ""
        #: The engine's legal actions as the page was last drawn (turn buttons, card panel).
        self.legal: list[Action] = []
        super().__init__(
            env, data, own=parts.OwnDecks(data, own=PASTE, fields=("paste", "paste-enforcers"),
                                          stem="swarm-deck", file_limit=self.field_limit,
                                          loading_id="data-note"),
            pictures=parts.CardPictures(pick=("pick-card",)),
            share_hint="Use Export file to pass the game as a file instead.",
            missing="This page could not load the card facts; only saved games work.",
            errors=(OSError, KeyError, CardDataError))

    # -- start, share links and import: runner.RunnerBase, with these hooks ---------------------
    def decode(self, text: str) -> dict[str, Any]:
        return decode_share(text)

    def adopt(self, game: Game, origin: dict[str, Any] | None) -> None:
        assert isinstance(game, SwarmGame)
        self.game, self.origin = game, origin or {}
        self.form.update(_setup().format(_setup().values_of(game.config)))
        self.form.update(deck=SAMPLE if self.origin.get("d") == SAMPLE else PASTE,
                         seed=game.seed)

    def share_origin(self, game: Game) -> dict[str, Any]:
        """The sample deck's mode and Survivors (``d``, ``m``, ``n``), or the whole config
        (``c``) of pasted lists or an imported game."""
        assert isinstance(game, SwarmGame)
        if self.origin.get("d") == SAMPLE:
            return {"d": SAMPLE, **_setup().to_link(_setup().values_of(game.config))}
        return self.share_config(game, {"c": game.config})  # by reference past one QR code

    # own decks' links by reference to the card data (issue 41, point 3: share_ref)
    ref_lists, ref_singles, ref_mana_cost = ("deck", "enforcers"), ("reckoning",), False
    ref_loading_id = "data-note"

    def shared_config(self, data: dict[str, Any]
                      ) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
        if data.get("d") == SAMPLE:
            setup = _setup()
            return (SwarmGame.variant, self._sample_config(setup.format(setup.from_link(data))),
                    {"d": SAMPLE})
        config = self.config_of_ref(data[REF]) if REF in data else data.get("c")
        if not isinstance(config, dict):
            raise ValueError("it has no decks")
        return SwarmGame.variant, config, {"c": True}

    def imported(self, game: Game) -> None:
        assert isinstance(game, SwarmGame)
        self.origin = {"d": SAMPLE} if self._is_sample(game) else {"c": True}
        self.form.update(_setup().format(_setup().values_of(game.config)))
        self.form.update(seed=game.seed, deck=PASTE if is_own(self.form["deck"]) else SAMPLE)

    # the save (runner.RunnerBase.save, the runners' one schema), with these hooks
    not_a_save = "it is not a Swarm runner save"
    own_choice = PASTE

    @staticmethod
    def fresh_form() -> dict[str, str]:
        return fresh_form()

    def check_game(self, game: Game) -> SwarmGame:
        if not isinstance(game, SwarmGame):
            raise ValueError("it holds a game of another format")
        return game

    def origin_data(self) -> dict[str, Any]:
        """How the game was set up, for share links: {"d": "sample"} or {"c": True}."""
        return self.origin

    def restore_origin(self, origin: dict[str, Any] | None) -> None:
        self.origin = origin or {}

    # -- set-up --------------------------------------------------------------------------------
    def _sample_config(self, form: Mapping[str, str]) -> dict[str, Any]:
        return self._config(form, self.env.read_deck(SAMPLE_DECK),
                            self.env.read_deck(SAMPLE_ENFORCERS))

    def _config(self, form: Mapping[str, str], deck: str, enforcers: str) -> dict[str, Any]:
        """The engine config of the set-up ``form`` shows (every declared option) with these
        lists."""
        if self.db is None:
            raise GameError(self.data_error)
        chosen = _setup().parse({key: str(value) for key, value in form.items()})
        mode, count = chosen["mode"], chosen["survivors"]
        plumbing.guard_paste(deck, enforcers, error=GameError)
        db = self.full.db(self.db) or self.db
        deck = own_deck.token_lines(deck, db)  # "30 Zombie token" and the like
        lists = Decklist.read(deck, db), Decklist.read(enforcers, db)
        unknown = self._unknown(lists, db)
        if unknown:
            raise own_deck.UnknownCards(own_deck.ask_about(unknown), unknown,
                                        own_deck.hints_for(unknown, db))
        return {**config_from_decks(mode=mode, survivors=count, deck=lists[0],
                                    enforcers=lists[1], db=db), **chosen}

    @staticmethod
    def _unknown(lists: tuple[Decklist, Decklist], db: CardDB) -> list[str]:
        """The cards of two readable lists that neither the facts nor their ``#!`` lines know
        (none while a list has lines it cannot read: those are reported first)."""
        deck, enforcers = lists
        if deck.problems or enforcers.problems:
            return []
        db = db.with_annotations(deck, enforcers)
        return db.unknown([*deck.cards("main"), *enforcers.cards("enforcers"),
                           *enforcers.cards("reckoning")])

    def needs_full(self, form: Mapping[str, Any]) -> bool:
        """True when Start with pasted lists must first fetch the full card data."""
        self.apply_form(form, self.field_limit)
        if not is_own(self.form["deck"]) or not self.full.wanted() or self.db is None:
            return False
        text = own_deck.token_lines(self.form["paste"], self.db)
        lists = Decklist.from_text(text), Decklist.from_text(self.form["paste-enforcers"])
        return bool(self._unknown(lists, self.db))

    def new_game(self) -> None:
        form = self.form
        seed = normalize_seed(form.get("seed", "")) or make_seed(self.env.entropy())
        if is_own(form["deck"]):
            if not form["paste"].strip():
                raise GameError("paste a Swarm deck, or choose the sample deck")
            if not form["paste-enforcers"].strip():
                raise GameError("paste the Enforcers and the Reckoning (// Enforcers and "
                                "// Reckoning sections)")
            try:
                config = self._config(form, form["paste"], form["paste-enforcers"])
            except own_deck.UnknownCards as unknown:
                raise self.questions.ask(unknown) from None
            self.questions.clear()
            self.origin = {"c": True}
            from . import deck_reading  # on Start only: the page starts without the shuffler

            self.deck_note = deck_reading.runner_note(  # the deck check's reading, said
                Decklist.read(form["paste"], self.full.db(self.db) or self.db),
                self.full.db(self.db) or self.db,
                side="Swarm", why="The Swarm has none (SW 2.5 gives it only the Swarm "
                "deck and its Enforcers)")
        else:
            config = self._sample_config(form)
            self.origin = {"d": SAMPLE}
        self.game = SwarmGame(config, seed)
        self.form["seed"] = self.game.seed
        self.marking, self.marked = False, []
        self.last = list(self.game.events)

    # -- what the parts ask (pyengine/widgets/parts.py) -------------------------------------
    def engine_config(self) -> tuple[str, dict[str, Any]]:
        """The set-up as an engine config, as Start makes it ("How hard is this?")."""
        form = self.form
        if is_own(form["deck"]):
            return SwarmGame.variant, self._config(form, form["paste"], form["paste-enforcers"])
        return SwarmGame.variant, self._sample_config(form)

    def is_own(self, deck: str) -> bool:
        return is_own(deck)

    def own_deck_shown(self) -> bool:
        return is_own(self.form["deck"])

    def deck_text(self, form: dict[str, str]) -> str:
        return deck_text(form)

    def fill_deck(self, form: dict[str, str], text: str) -> None:
        _fill(form, text)

    def say_deck(self, note: str) -> None:
        self.deck_note = note

    def chosen_name(self) -> str | None:
        card_id = self.form.get("card", "")
        if self.game is None or not card_id.isdigit():
            return None
        return self.game.card(int(card_id)).name

    def revealed_names(self) -> list[str]:
        if self.game is None:
            return []
        events = board.turn_events(self.game.events, "turn")
        return [name for e in events if e.kind == "reveal" for name in e.cards]

    # -- actions -------------------------------------------------------------------------------
    # handle() is runner.RunnerBase.handle, with these hooks.
    hash_prefix = HASH_PREFIX
    buttons = BUTTONS
    used_fields = {**{a: {"amount": "1"} for a in (*AMOUNT, "life-down", "life-up", "draw",
                                                   "token")},
                   "combat": {"targets": ""}}
    field_limit = 20000

    def before_action(self) -> None:
        self.last = []
        self.deck_note = ""

    def sentence(self, text: str) -> str:
        return plumbing.sentence(text, empty="That did not work.",
                                 endings=(*plumbing.ENDINGS, ")"))

    def export_view(self, view: View) -> None:
        assert self.game is not None
        view.download = (f"swarm-{self.game.seed}.json", self.game.to_json())
        view.text["export-info"] = f"Saved as swarm-{self.game.seed}.json."

    #: Actions after which the page scrolls to the game (one screen per turn).
    TURN_ACTIONS = ("new", "import", "turn", "swarm-step", "combat", "graveyard-blocker",
                    "second-main", "end", "reset-yes", "next-survivor")

    def finish(self, action: str, form: dict[str, str], view: View) -> View:
        """Where the page scrolls: to the game after Start, an import or a turn button, to the
        set-up when it is asked for; a pasted list's commander said at the top."""
        if not view.error and action in self.TURN_ACTIONS:
            view.scroll = "top"
            if action == "new" and self.deck_note:
                # the set-up box closes on Start: the list's commander is said at the top
                view.text["happened"] = " ".join(filter(None, (view.text.get("happened"),
                                                                self.deck_note)))
                view.hidden["happened"] = False
        elif not view.error and action == "show-setup":
            view.scroll = "setup"
        return super().finish(action, form, view)  # a card's panel opened: scroll to it

    # _dispatch is runner.RunnerBase's: after a card-panel action the panel stays on the group
    follow_group = frozenset({*CARD, *MOVES})

    @staticmethod
    def describe_action(data: dict[str, Any]) -> str:
        return _describe(data)

    @staticmethod
    def _groups(game: SwarmGame) -> list[tuple[board.Group, str]]:
        """The battlefield's groups, Enforcers first, each with its label's suffix."""
        field = game.swarm_permanents()
        enforcers = [c for c in field if game.is_enforcer(c)]
        others = [c for c in field if not game.is_enforcer(c)]
        stolen = [c for c in game.zones["battlefield"] if not game.controls(c)]  # sw-9-5
        return ([(g, " · Enforcer") for g in board.group_permanents(enforcers)]
                + [(g, "") for g in board.group_permanents(others)]
                + [(g, " · a Survivor controls it") for g in board.group_permanents(stolen)])

    def _group_of(self, game: SwarmGame, chosen: str) -> board.Group | None:
        return board.group_of([g for g, _ in self._groups(game)],
                              int(chosen) if chosen.isdigit() else None)

    def chosen_for_action(self) -> int:
        return self._card_id(self.form["card"], "choose a Swarm card first")

    def special_action(self, action: str, form: Mapping[str, Any]) -> Action:
        """The page actions the table (:data:`BUTTONS`) does not describe."""
        return Action.parse(self._special(action))

    def _special(self, action: str) -> dict[str, Any]:
        if action == "combat":
            targets = [t.strip() for t in self.form["targets"].replace(",", "\n").splitlines()]
            targets = [t[:80] for t in targets if t]
            return {"type": "combat", "targets": targets} if targets else {"type": "combat"}
        if action == "destroy-marked":
            cards = board.take_marked(self.marked, self._game().creatures(), "Swarm creatures")
            self.marking, self.marked = False, []
            return {"type": "dies-all", "cards": cards}
        if action in GROUP:
            game = self._game()
            group = self._group_of(game, self.form["card"])
            return board.group_action(action, game.creatures(), side="Swarm", dies="dies-all",
                                      keep=group.ids if group is not None else ())
        if action == "destroy":
            card = self.chosen_for_action()
            if self._game().is_creature(self._game().card(card)):
                return {"type": "dies", "card": card}  # a destroyed creature dies (sw-9-4)
            return {"type": "leave", "card": card, "to": MOVES[action]}
        if action == "cast":
            return {"type": "cast", "card": self._card_id(self.form["hand-card"],
                                                           "choose a card in the hand first")}
        if action == "discard":
            if self._game().mode == "hive":
                return {"type": "discard", "amount": 1}
            return {"type": "discard", "cards": [self._card_id(
                self.form["hand-card"], "choose the card to discard")]}
        if action == reckoning.ACTION:  # one tap for The Reckoning's card (sw-6-4)
            return reckoning.action(self.reckoning_offer)
        if action == "token":
            return {"type": "token", "name": self.form["token"].strip(),
                    "amount": self._amount()}
        raise ValueError(f"unknown action {action!r}")

    def clear_game(self) -> None:
        self.game, self.origin = None, {}
        self.marking, self.marked = False, []

    def _amount(self) -> int:
        return plumbing.whole_number(self.form["amount"], "the amount", 1, 1000)

    @staticmethod
    def _card_id(value: str, message: str) -> int:
        try:
            return int(value)
        except ValueError:
            raise ActionError(message) from None

    def _is_sample(self, game: SwarmGame) -> bool:
        try:
            config = self._sample_config(_setup().format(_setup().values_of(game.config)))
        except (GameError, KeyError, OSError):
            return False
        return config == game.config

    # -- rendering -------------------------------------------------------------------------------
    def render(self) -> View:
        form = dict(self.form)
        view = View(
            options={**_setup().choices(),  # mode, survivors, as declared
                     "deck": [(SAMPLE, "Sample Swarm deck (Undead Tide)"),
                              *own_deck.deck_options(self.own_decks),
                              (PASTE, "Your own deck: paste or upload a list…")]},
        )
        view.values.update({k: v for k, v in form.items() if k not in ("card", "hand-card")})
        view.values["pre-swarm"] = form["pre-swarm"]
        self.render_parts(view)
        view.hidden["paste-box"] = not is_own(form["deck"])
        view.text["deck-note"] = self.deck_note
        view.hidden["confirm-reset"] = not self.confirm_reset
        game = self.game
        view.hidden["play"] = game is None
        view.hidden["tools"] = game is None
        view.hidden["no-game"] = game is not None
        view.hidden["setup"] = game is not None and not self.show_setup
        view.hidden["do-show-setup"] = game is None or self.show_setup
        view.text["data-note"] = self.data_error
        if game is None:
            view.lists["log"] = []
            view.lists["last"] = []
            view.lists["wave"] = []
            view.hidden["wave-box"] = True
            view.hidden[reckoning.ACTION] = True
            view.hidden["own-ref-box"] = True
            view.attrs["log"] = {"data-events": "[]", "data-actions": "[]"}
            return view
        self._render_game(game, view)
        self._render_reference(game, view)
        return view

    def _render_reference(self, game: SwarmGame, view: View) -> None:
        """A pasted deck's card reference (a shipped deck's is a page of the site)."""
        own = self.origin.get("d") != SAMPLE
        view.hidden["own-ref-box"] = not own
        config = game.config
        view.lists["own-ref"] = self.reference.items(game, [
            ("swarm", {"main": list(config.get("deck", [])),
                       "enforcers": list(config.get("enforcers", [])),
                       "reckoning": [config["reckoning"]] if config.get("reckoning") else []}),
            ("swarm-enforcers", {"enforcers": list(config.get("enforcers", [])),
                                 "reckoning": [config["reckoning"]] if config.get("reckoning")
                                 else []}),
        ]) if own else []

    def _render_game(self, game: SwarmGame, view: View) -> None:
        counts = game.counts()
        active = game.active_enforcer
        reck = game.reckoning_position
        if reck is not None:
            reck_text = f"{ordinal(reck + 1)} card from the top"
        elif game.zones.where(game.reckoning_id)[0] == "removed":
            reck_text = "resolved, out of the game"
        else:
            reck_text = "in The Lair, face down"
        view.text.update({
            "turn": str(game.swarm_turn),
            "phase": game.whose_turn() if game.phase == "survivors" else PHASE_NAMES[game.phase],
            "mode-shown": f"{MODES[game.mode]} Mode, {game.survivors} Survivor"
                          f"{'s' if game.survivors != 1 else ''}, seed {game.seed}",
            "life": str(game.life),
            "poison": f"{game.poison} / 10",
            "dread": str(game.dread_level),
            "active": active.name if active else "none",
            "reckoning": reck_text,
            "library": str(counts["library"]),
            "hand": str(counts["hand"]),
            "graveyard": str(counts["graveyard"]),
            "exile": str(counts["exile"]),
            "lair": str(counts["lair"]),
            "undo-info": (f"Undo takes back: {_describe(game.actions[-1])}."
                          if game.actions else "Nothing to undo yet."),
        })
        outcome = game.outcome()  # the one way a widget asks whether the game ended
        won = outcome is not None and outcome.table_won
        view.hidden["win"] = not won
        view.hidden["loss"] = outcome is None or won
        if outcome is not None:  # the words of the win or loss event
            view.text["win" if won else "loss"] = outcome.reason
        phase = game.phase
        over = outcome is not None
        overlord = game.mode == "overlord"
        blocker_closed = (over or phase != "survivors" or overlord
                          or game.survivor_combat != "open" or game.graveyard_blocker_used)
        # the turn buttons: exactly the turn actions the engine takes now (sw-3-5)
        self.legal = game.legal_actions()  # the engine's actions now, as values
        legal = types_of(self.legal)
        view.hidden.update({key: action not in legal for key, action in TURN_BUTTONS.items()})
        view.hidden.update({
            # sw-13-12..sw-13-14: only in combat where the Survivors attack The Swarm, once,
            # while an attacker is unblocked; never in The Swarm's own combat.
            "survivor-combat": over or phase != "survivors" or overlord,
            "do-blocker": blocker_closed,
            "do-all-blocked": blocker_closed,
            "overlord-box": not overlord,
            # Hive Mind: every draw while the Pre-Swarm Step waits is cast in it (sw-13-8)
            "pre-swarm-box": not overlord,
            "inputs": over,
        })
        # Cards the table can point at: the battlefield, then this turn's spells elsewhere.
        options = [("", "— choose a Swarm card —")]
        for card in game.zones["battlefield"]:
            tags = [t for t, on in (("Enforcer", game.is_enforcer(card)), ("tapped", card.tapped),
                                    ("token", card.token)) if on]
            label = f"{card.name} #{card.id}" + (f" ({', '.join(tags)})" if tags else "")
            options.append((str(card.id), label))
        for card_id in game.cast_this_turn:
            zone = game.zones.where(card_id)[0]
            if zone == "graveyard":
                card = game.card(card_id)
                options.append((str(card.id), f"{card.name} #{card.id} (spell cast this turn)"))
        view.options["card"] = options
        known = {value for value, _ in options}
        view.values["card"] = self.form["card"] if self.form["card"] in known else ""
        hand = [("", "— choose a card in the hand —")]
        hand += [(str(c.id), f"{c.name} #{c.id}") for c in game.zones["hand"]]
        view.options["hand-card"] = hand
        hand_known = {value for value, _ in hand}
        view.values["hand-card"] = (self.form["hand-card"] if self.form["hand-card"] in hand_known
                                    else "")
        view.lists["battlefield"] = self._board(game, view.values["card"])
        view.hidden["no-battlefield"] = bool(game.zones["battlefield"])
        self._render_group_buttons(game, view)
        self._render_panel(game, view)
        self._render_wave(game, view)
        if overlord:
            view.lists["hand-list"] = [Item(c.name, href=scryfall_link(c.name))
                                       for c in game.zones["hand"]]
            view.text["activations"] = (f"Optional costs paid this turn: {game.activations} of "
                                        f"{game.dread_level} (Dread Level).")
        shown = [e for e in self.last if e.kind in CARD_KINDS or e.kind in (
            "win", "loss", "undo", "import", "attack", "attack-total", "damage-order", "gain",
            "counter", "leave", "dread", "life", "survivor-poison", "deck-out", "activate",
            "mill-ignored", "damage", "no-attack", "setup")]
        view.lists["last"] = [event_item(e) for e in shown]
        offered, self.reckoning_offer = reckoning.offer(game, self.last)
        view.text[reckoning.ACTION], view.hidden[reckoning.ACTION] = offered, not offered
        view.hidden["last-box"] = not shown
        events = game.events
        view.lists["log"] = [event_item(e) for e in reversed(events[-LOG_LINES:])]
        view.attrs["log"] = {
            "data-events": json.dumps([e.text for e in events], ensure_ascii=False),
            "data-actions": json.dumps(game.actions, sort_keys=True),
            "data-seed": game.seed,
        }
        share = self.share_data()
        view.values["share"] = "#" + encode_share(share) if share else ""

    pick_action = "pick-card"
    choose_actions = ("choose-card",)

    def chosen_card(self) -> int | None:
        card = self.form["card"]
        return int(card) if card.isdigit() else None

    def choose_card(self, card: int | None) -> None:
        self.form["card"] = "" if card is None else str(card)

    def board_groups(self) -> list[board.Group]:
        return [group for group, _suffix in self._groups(self._game())]

    def markable(self, group: board.Group) -> bool:
        """Only creatures die together: the board offers no other group to mark."""
        return set(group.ids) <= {c.id for c in self._game().creatures()}

    def _render_group_buttons(self, game: SwarmGame, view: View) -> None:
        """The group buttons under the board, shown while The Swarm has creatures: "Destroy
        all N Swarm creatures", "Tap all" or "Untap all" (whichever changes something), and
        "Choose several…" for a partial wipe (the board then marks groups)."""
        creatures = game.creatures()
        over = game.outcome() is not None
        marking = self.marking and bool(creatures) and not over
        if marking:  # a tap marks a group of creatures; other permanents are text only
            ids = {c.id for c in creatures}
            groups = self._groups(game)
            suffix_of = {group.ids[0]: suffix for group, suffix in groups}
            items: list[Item] = []
            for group, suffix in groups:
                if group.ids[0] in ids:
                    items += board.marked_items([group], self.marked,
                                                suffix=lambda g: suffix_of[g.ids[0]])
                else:
                    items.append(Item(group.label() + suffix + " · not a creature"))
            view.lists["battlefield"] = items
        board.group_buttons(view, creatures, self.marked, marking=marking,
                            candidates=creatures, side="Swarm", over=over)

    def _board(self, game: SwarmGame, chosen: str = "") -> list[Item]:
        """The Swarm's battlefield as a board: identical permanents grouped (names as text,
        Enforcers first), then the spells cast this turn now in the graveyard (they may still
        be countered, sw-7-6); a tap opens the card panel on one of them."""
        selected = int(chosen) if chosen.isdigit() else None
        items: list[Item] = []
        for group, suffix in self._groups(game):
            def label(g: board.Group, s: str = suffix) -> str:
                return s
            items += board.board_items([group], selected, action="pick-card", suffix=label)
        for card_id in game.cast_this_turn:
            if game.zones.where(card_id)[0] == "graveyard":
                card = game.card(card_id)
                items.append(Item(f"{card.name} · cast this turn, in the graveyard",
                                  action="pick-card", value=str(card.id),
                                  pressed=selected == card.id))
        return items

    def _reference_deck(self, game: SwarmGame, card: Any) -> str | None:
        """The shipped deck whose card reference page lists ``card`` (None for a pasted deck:
        its list is on this page)."""
        if self.origin.get("d") != SAMPLE:
            return None
        if game.is_enforcer(card) or card.id == game.reckoning_id:
            return SAMPLE_ENFORCERS
        return SAMPLE_DECK

    def _render_panel(self, game: SwarmGame, view: View) -> None:
        """The one card panel (:func:`.board.panel_view`, as on the Horde page): the chosen
        card's name, facts and page, and only the actions the engine takes for it now."""
        chosen = view.values["card"]
        card = game.card(int(chosen)) if chosen.isdigit() else None
        if card is None:
            board.panel_view(view, None)
            view.text["panel-note"] = ""
            return
        zone = game.zones.where(card.id)[0]
        playing = game.outcome() is None
        allowed = {action.type for action in self.legal  # the engine's own answer
                   if action.args.get("card") == card.id}
        leave = "leave" in allowed
        enforcer = game.is_enforcer(card)
        # a creature "dies"; any other permanent is destroyed (leaves to the graveyard)
        shown = {"do-dies": "dies" in allowed, "do-destroy": leave and "dies" not in allowed,
                 "do-exile": leave, "do-bounce": leave, "do-to-top": leave,
                 "do-to-bottom": leave, "do-counter": "counter" in allowed,
                 "do-steal": "gain-control" in allowed, "do-unsteal": "return-control" in allowed}
        group = self._group_of(game, chosen)
        # "all but these": the chosen group stays, every other Swarm creature dies
        shown["do-all-but"] = ("dies" in allowed and group is not None
                               and any(c.id not in group.ids for c in game.creatures()))
        title = board.chosen_title(card.name, card.id, card.tapped, group)
        if zone != "battlefield":
            title += f" (in the {zone})"
        board.panel_view(view, card.name, title=title,
                         facts=game.entry(card.name), buttons=shown, handling=HANDLING,
                         image=self.pictures.url(self, card.name),
                         reference=board.reference_link(self._reference_deck(game, card),
                                                        card.name))
        notes = []
        if enforcer and leave:
            notes.append("An Enforcer that leaves the battlefield goes to the bottom of The "
                         "Lair.")
        if "return-control" in allowed:
            notes.append("A Survivor controls it: it does not attack or block for The Swarm "
                         "(SW 9.5).")
        if not any(shown.values()):
            notes.append("Nothing to do with this card now." if playing
                         else "The game is over.")
        view.text["panel-note"] = " ".join(notes)

    def _render_wave(self, game: SwarmGame, view: View) -> None:
        """The Swarm's latest turn on the first screen: the cards the Swarm Step revealed
        (``wave``, grouped in order), what else the turn did, the honest attack total and the
        revealed cards' trigger reminders."""
        events = board.turn_events(game.events, "turn")
        if not events:
            self.no_wave(view, "turn-notes", "reminders")
            return
        facts = game.entry  # the game's facts, in today's verbs (an older save migrated)
        revealed = [name for e in events if e.kind == "reveal" for name in e.cards]
        # a revealed card still on the battlefield (or a spell cast this turn, in the
        # graveyard) opens the card panel, as on the board
        self.show_wave(view, revealed, [*game.zones["battlefield"], *(
            game.card(i) for i in game.cast_this_turn
            if game.zones.where(i)[0] == "graveyard")])
        turn = events[0].data.get("turn", game.swarm_turn)
        count = len(revealed)
        view.text["wave-title"] = (f"Swarm turn {turn}: the Swarm Step revealed {count} card"
                                   f"{'' if count == 1 else 's'}:" if count else
                                   f"Swarm turn {turn}: nothing revealed yet.")
        notes = [e.text for e in events
                 if e.kind in ("dread", "active", "stop", "reckoning", "blocker", "lair",
                               "adventure")
                 or (e.kind == "emergence" and e.cards)]
        view.lists["turn-notes"] = [Item(text) for text in notes]
        view.text["attack"] = attack_line(game) if game.mode == "hive" else ""
        shown = revealed + [e.cards[0] for e in events if e.kind == "emergence" and e.cards]
        died = [e.cards[0] for e in events if e.kind == "leave" and e.cards
                and str(e.data.get("to")) == "graveyard" and " dies:" in e.text]
        view.lists["reminders"] = [Item(line) for line in board.carried_out(
            board.trigger_reminders(shown, facts, HANDLING) + board.recurring_reminders(
                [c.name for c in game.zones["battlefield"]], facts, skip=shown,
                handling=HANDLING) + board.died_reminders(died, facts, HANDLING), events)]


def attack_line(game: SwarmGame) -> str:
    """The attack line, recomputed from the game as it is now (issue 39, point 4): the
    creatures of the latest combat that still attack the Survivors -- on the battlefield,
    under The Swarm's control, not sent at a planeswalker -- with their power now (counters,
    lords and anthems of The Swarm and its waiting Active Enforcer, sw-4-7)."""
    events = board.turn_events(game.events, "turn")
    attacks = [e for e in events if e.kind == "attack" and "card" in e.data
               and "target" not in e.data]
    if not attacks:
        return ""
    cards = {c.id: c for c in game.swarm_permanents()}
    attackers = [(cards[i].id, cards[i].name, cards[i].counters)
                 for i in (e.data["card"] for e in attacks)
                 if i in cards and i in game.attackers]
    total, missing = board.attack_summary(attackers, game.static_sources(), game.entry)
    return board.attack_text(len(attackers), total, missing)


def _describe(action: dict[str, Any]) -> str:
    kind: str = action.get("type", "?")
    extra = [f"{k} {v}" for k, v in action.items() if k != "type"]
    return kind + (f" ({', '.join(extra)})" if extra else "")

