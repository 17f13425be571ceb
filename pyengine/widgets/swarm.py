"""The Swarm runner: The Swarm's side of a Swarm Mode game on one phone. Pure controller;
the page's adapter applies the :class:`~pyengine.widgets.View` it returns.

The game is a :class:`pyengine.swarm.SwarmGame`, set up from the sample deck (its link
carries the declared options, ``#g=``) or from pasted lists (the config travels whole, or by
reference, :mod:`.share_ref`): that deck model is :class:`.sample_or_own.SampleOrOwn`'s, given
how two lists make a config. The page, saves, links, undo, reset, import and export, the board
and the parts are :class:`.runner.RunnerBase`'s; this module declares the action table
(:data:`BUTTONS`), the turn buttons shown while the engine takes them (:data:`TURN_BUTTONS`,
sw-3-5), the card panel's (:data:`PANEL_BUTTONS`), the page's frame and board, and keeps what
is The Swarm's own: :meth:`Widget.special_action` (combat's targets, destroy, discard, The
Reckoning's one tap), its status and its turn's notes (the attack total is the engine's,
:meth:`pyengine.swarm.SwarmGame.attack_total`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..actions import Action
from ..cards import CardDataError, CardDB
from ..decklist import Decklist
from ..game import Game, GameError
from ..swarm import HANDLING, MODES, PHASE_NAMES, SwarmGame, config_from_decks
from . import Env, Item, View, board, own_deck, parts, plumbing, reckoning, runner, scryfall_link
from .contract import Migration, version_field
from .sample_or_own import SampleOrOwn

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
#: The class of each event kind's line in the log.
EVENT_CLASSES = {"reckoning": "sw-reckoning", "win": "sw-win", "loss": "sw-loss",
                 "turn": "sw-turn"}
#: Event kinds shown in "What just happened" as the cards of a Swarm turn.
CARD_KINDS = ("active", "reckoning-placed", "reveal", "cast", "reckoning", "enter", "stop",
              "blocker", "return", "lair", "draw", "discard", "mill", "survivor-attack",
              "survivor-blocked", "pre-swarm-wait", "pre-swarm", "shuffle")
#: Event kinds "What just happened" lists: the cards of a Swarm turn and what the table did.
LAST_KINDS = frozenset({*CARD_KINDS, "win", "loss", "undo", "import", "attack", "attack-total",
                        "damage-order", "gain", "counter", "leave", "dread", "life",
                        "survivor-poison", "deck-out", "activate", "mill-ignored", "damage",
                        "no-attack", "setup"})

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
    "cast": Button("cast", menus={"card": ("hand-card", "choose a card in the hand first")}),
    "token": Button("token", texts={"name": "token"}, amount="amount"),
}
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
#: The card panel's buttons by ``data-id``, and the page action of each: shown while the
#: engine takes it for the chosen card (destroy and "all but": :meth:`Widget.panel_buttons`).
PANEL_BUTTONS = {"do-dies": "dies", "do-exile": "exile", "do-bounce": "bounce",
                 "do-to-top": "to-top", "do-to-bottom": "to-bottom", "do-counter": "counter",
                 "do-steal": "gain-control", "do-unsteal": "return-control"}
#: The turn buttons by ``data-id``, and the engine's turn action of each (sw-3-4, sw-3-5).
TURN_BUTTONS = {"do-turn": "turn", "do-next-survivor": "next-survivor",
                "do-swarm-step": "swarm-step", "do-combat": "combat",
                "do-second-main": "second-main", "do-end": "end"}


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


#: A line that starts the Enforcer list of a whole Swarm list (``// Enforcers``,
#: ``// Reckoning``): a saved or uploaded deck is split there into the page's two boxes.
# One run of spaces before the optional "//" or "#" and one after it, never two that could
# share a run (a line of spaces was quadratic).
_ENFORCER_HEADER = re.compile(r"^\s*(?:(?://|#)\s*)?(?:enforcers?|reckoning)\b", re.IGNORECASE)


def split_deck(text: str) -> tuple[str, str]:
    """A whole Swarm list split for the page's two boxes: the deck, and its Enforcer list from
    the first ``// Enforcers`` or ``// Reckoning`` header on."""
    return own_deck.split_list(text, _ENFORCER_HEADER)


#: ``encode_share(data)``: a share-link fragment, ``g=`` + base64url(zlib(JSON));
#: ``decode_share(text)``: the game it carries, ``ValueError`` if it is not one.
encode_share, decode_share = runner.share_codec(
    HASH_PREFIX, not_link="not a Swarm share link", damaged="the share link is damaged",
    no_game="the share link holds no game")


def cast_this_turn(game: SwarmGame) -> list[Any]:
    """The spells cast this turn now in the graveyard: they may still be countered (sw-7-6)."""
    return [game.card(i) for i in game.cast_this_turn if game.zones.where(i)[0] == "graveyard"]


def _played(deck: Decklist, enforcers: Decklist) -> list[tuple[Decklist, tuple[str, ...]]]:
    """The sections of the two lists the engine plays (sw-2-5)."""
    return [(deck, ("main",)), (enforcers, ("enforcers", "reckoning"))]


class Widget(SampleOrOwn):
    game: SwarmGame | None
    #: The Reckoning's one tap as the page shows it (:mod:`.reckoning`), or None.
    reckoning_offer: dict[str, Any] | None = None

    def __init__(self, env: Env, data: Mapping[str, str] | None = None) -> None:
        self.origin = {}
        super().__init__(
            env, data, own=parts.OwnDecks(data, own=PASTE, fields=("paste", "paste-enforcers"),
                                          stem="swarm-deck", file_limit=self.field_limit,
                                          loading_id="data-note", side="Swarm",
                                          why="The Swarm has none (SW 2.5 gives it only the "
                                          "Swarm deck and its Enforcers)",
                                          header=_ENFORCER_HEADER, box="paste-box"),
            pictures=parts.CardPictures(pick=("pick-card",)),
            share_hint="Use Export file to pass the game as a file instead.",
            missing="This page could not load the card facts; only saved games work.",
            errors=(OSError, KeyError, CardDataError))

    # -- start, share links and import: sample_or_own.SampleOrOwn, with these hooks ----------
    def decode(self, text: str) -> dict[str, Any]:
        return decode_share(text)

    # own decks' links by reference to the card data (issue 41, point 3: share_ref)
    ref_lists, ref_singles, ref_mana_cost = ("deck", "enforcers"), ("reckoning",), False

    # the save (runner.RunnerBase.save, the runners' one schema), with these hooks
    not_a_save = "it is not a Swarm runner save"
    own_choice = PASTE

    def fresh_form(self) -> dict[str, str]:
        setup = self.declared()
        return {**setup.format(setup.defaults()), "deck": SAMPLE, "paste": "",
                "paste-enforcers": "", "seed": "", "amount": "1", "targets": "", "card": "",
                "hand-card": "", "token": "Zombie", "pre-swarm": "", "deck-name": "",
                "images": "auto", "keep-seed": ""}

    variants, wrong_game = (SwarmGame.variant,), "it holds a game of another format"

    # -- set-up: the declared options with the sample deck or the pasted lists ------------
    sample_choice = SAMPLE
    own_needed = (("paste", "paste a Swarm deck, or choose the sample deck"),
                  ("paste-enforcers", "paste the Enforcers and the Reckoning (// Enforcers and "
                   "// Reckoning sections)"))

    def sample_config(self, form: Mapping[str, str]) -> dict[str, Any]:
        return self._config(form, self.env.read_deck(SAMPLE_DECK),
                            self.env.read_deck(SAMPLE_ENFORCERS))

    def lists_config(self, form: Mapping[str, str]) -> dict[str, Any]:
        return self._config(form, form["paste"], form["paste-enforcers"])

    def _config(self, form: Mapping[str, str], deck: str, enforcers: str) -> dict[str, Any]:
        """The engine config of the set-up ``form`` shows (every declared option) with these
        lists."""
        if self.db is None:
            raise GameError(self.data_error)
        chosen = self.declared().parse({key: str(value) for key, value in form.items()})
        plumbing.guard_paste(deck, enforcers, error=GameError)
        db = self.full.db(self.db) or self.db
        deck = own_deck.token_lines(deck, db)  # "30 Zombie token" and the like
        lists = Decklist.read(deck, db), Decklist.read(enforcers, db)
        own_deck.require_known(_played(*lists), db)
        return {**config_from_decks(mode=chosen["mode"], survivors=chosen["survivors"],
                                    deck=lists[0], enforcers=lists[1], db=db), **chosen}

    def names_unknown(self, db: CardDB) -> bool:
        text = own_deck.token_lines(self.form["paste"], db)
        return bool(own_deck.unknown_in(_played(
            Decklist.from_text(text), Decklist.from_text(self.form["paste-enforcers"])), db))

    # -- actions -------------------------------------------------------------------------------
    # handle() is runner.RunnerBase.handle, with these hooks.
    hash_prefix = HASH_PREFIX
    buttons = BUTTONS
    used_fields = {"combat": {"targets": ""}}  # and the table's amounts (RunnerBase.used)
    field_limit, amount_range = 20000, ("the amount", 1, 1000)

    forgets_last = True  # each action shows only what it did
    sentences = ("That did not work.", (*plumbing.ENDINGS, ")"))

    export_file, export_said = "swarm-{seed}.json", ("export-info", "Saved as {file}.")

    def finish(self, action: str, form: dict[str, str], view: View) -> View:
        """A pasted list's commander said at the top after Start."""
        if not view.error and action == "new" and self.said.get("deck-note"):
            # the set-up box closes on Start: the list's commander is said at the top
            view.text["happened"] = " ".join(filter(None, (view.text.get("happened"),
                                                            self.said["deck-note"])))
            view.hidden["happened"] = False
        return super().finish(action, form, view)  # where the page scrolls: RunnerBase's

    # _dispatch is runner.RunnerBase's: after a card-panel action the panel stays on the group
    follow_group = frozenset({*CARD, *MOVES})

    undo_words = (False, False)  # "Undo takes back: damage (amount 2)."
    card_field, choose_first = "card", "choose a Swarm card first"  # the card menu's

    def special_action(self, action: str, form: Mapping[str, Any]) -> Action:
        """The page actions the table (:data:`BUTTONS`) does not describe."""
        return Action.parse(self._special(action))

    def _special(self, action: str) -> dict[str, Any]:
        if action == "combat":
            targets = [t.strip() for t in self.form["targets"].replace(",", "\n").splitlines()]
            targets = [t[:80] for t in targets if t]
            return {"type": "combat", "targets": targets} if targets else {"type": "combat"}
        if action == "destroy":
            card = self.chosen_for_action()
            if self._game().is_creature(self._game().card(card)):
                return {"type": "dies", "card": card}  # a destroyed creature dies (sw-9-4)
            return {"type": "leave", "card": card, "to": MOVES[action]}
        if action == "discard":
            if self._game().mode == "hive":
                return {"type": "discard", "amount": 1}
            return {"type": "discard",
                    "cards": [self.menu_card("hand-card", "choose the card to discard")]}
        if action == reckoning.ACTION:  # one tap for The Reckoning's card (sw-6-4)
            return reckoning.action(self.reckoning_offer)
        raise ValueError(f"unknown action {action!r}")

    def clear_game(self) -> None:
        card = self.form["card"]  # the card menu keeps its value (a save holds it)
        super().clear_game()
        self.form["card"] = card

    # -- rendering: runner.RunnerBase.render, with these declarations and hooks -----------------
    screen = runner.Screen(setup_box="setup", show_setup="do-show-setup", no_game="no-game",
                           log_element="log", log_lines=LOG_LINES, event_classes=EVENT_CLASSES,
                           last_kinds=LAST_KINDS, last_box="last-box", undo_names=True,
                           unvalued=("card", "hand-card"), won="win", lost="loss",
                           say_reason=True, controls="inputs", notes=("deck-note",), log_texts=True,
                           deck_note="deck-note", counts={zone: zone for zone in (
                               "library", "hand", "graveyard", "exile", "lair")},
                           top_after=frozenset(
                               {"new", "import", "turn", "swarm-step", "combat", "end",
                                "graveyard-blocker", "second-main", "reset-yes",
                                "next-survivor"}))
    layout = board.Layout(
        (board.Shelf(lambda game: [c for c in game.swarm_permanents() if game.is_enforcer(c)],
                     " · Enforcer"),
         board.Shelf(lambda game: [c for c in game.swarm_permanents()
                                   if not game.is_enforcer(c)]),
         board.Shelf(lambda game: [c for c in game.zones["battlefield"]  # sw-9-5
                                   if not game.controls(c)], board.STOLEN)),
        side="Swarm", dies="dies-all", creatures_only=True, extras=cast_this_turn,
        extras_note=" · cast this turn, in the graveyard")
    card_handling = HANDLING
    # the turn buttons: exactly the turn actions the engine takes now (sw-3-5); the card
    # panel's: what the engine takes for the chosen card
    legal_buttons, panel_table = TURN_BUTTONS, PANEL_BUTTONS
    wave_start, wave_lists = "turn", ("turn-notes", "reminders")
    pick_action = "pick-card"
    choose_actions = ("choose-card",)

    def setup_options(self) -> dict[str, list[tuple[str, str]]]:
        return {**self.declared().choices(),  # mode, survivors, as declared
                "deck": self.deck_menu([(SAMPLE, "Sample Swarm deck (Undead Tide)")])}

    def render_setup(self, view: View) -> None:
        view.hidden[reckoning.ACTION] = True  # a game's Reckoning offer shows it

    # a pasted deck's card reference: the whole list, and its Enforcers
    own_lists = {SwarmGame.variant: (
        ("swarm", {"main": "deck", "enforcers": "enforcers", "reckoning": "reckoning"}),
        ("swarm-enforcers", {"enforcers": "enforcers", "reckoning": "reckoning"}))}

    def render_game(self, game: Game, view: View) -> None:
        assert isinstance(game, SwarmGame)
        active = game.active_enforcer
        reck = game.reckoning_position
        if reck is not None:
            reck_text = f"{plumbing.ordinal(reck + 1)} card from the top"
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
        })
        outcome = game.outcome()  # the one way a widget asks whether the game ended
        phase = game.phase
        over = outcome is not None
        overlord = game.mode == "overlord"
        blocker_closed = (over or phase != "survivors" or overlord
                          or game.survivor_combat != "open" or game.graveyard_blocker_used)
        view.hidden.update({
            # sw-13-12..sw-13-14: only in combat where the Survivors attack The Swarm, once,
            # while an attacker is unblocked; never in The Swarm's own combat.
            "survivor-combat": over or phase != "survivors" or overlord,
            "do-blocker": blocker_closed,
            "do-all-blocked": blocker_closed,
            "overlord-box": not overlord,
            # Hive Mind: every draw while the Pre-Swarm Step waits is cast in it (sw-13-8)
            "pre-swarm-box": not overlord,
        })
        # Cards the table can point at: the battlefield, then this turn's spells elsewhere.
        options = []
        for card in game.zones["battlefield"]:
            tags = [t for t, on in (("Enforcer", game.is_enforcer(card)), ("tapped", card.tapped),
                                    ("token", card.token)) if on]
            options.append((card, f" ({', '.join(tags)})" if tags else ""))
        options += [(card, " (spell cast this turn)") for card in cast_this_turn(game)]
        board.card_menu(view, "card", "— choose a Swarm card —", options, self.form["card"])
        board.card_menu(view, "hand-card", "— choose a card in the hand —",
                        [(c, "") for c in game.zones["hand"]], self.form["hand-card"])
        view.text["panel-note"] = ""  # the card panel's, when a card is chosen
        self._render_wave(game, view)
        if overlord:
            view.lists["hand-list"] = [Item(c.name, href=scryfall_link(c.name))
                                       for c in game.zones["hand"]]
            view.text["activations"] = (f"Optional costs paid this turn: {game.activations} of "
                                        f"{game.dread_level} (Dread Level).")
        offered, self.reckoning_offer = reckoning.offer(game, self.last)
        view.text[reckoning.ACTION], view.hidden[reckoning.ACTION] = offered, not offered
        share = self.share_data()
        view.values["share"] = "#" + encode_share(share) if share else ""

    def reference_deck(self, game: Any, card: Any) -> str | None:
        """The shipped deck whose card reference page lists ``card`` (None for a pasted deck:
        its list is on this page)."""
        if not self.shipped():
            return None
        if game.is_enforcer(card) or card.id == game.reckoning_id:
            return SAMPLE_ENFORCERS
        return SAMPLE_DECK

    def panel_buttons(self, game: Any, card: Any, group: board.Group | None,
                      view: View) -> dict[str, bool]:
        """Only the actions the engine takes for the chosen card now, and the panel's note."""
        shown = super().panel_buttons(game, card, group, view)  # the engine's own answer
        leave = shown["do-exile"]
        # a creature "dies"; any other permanent is destroyed (leaves to the graveyard)
        shown["do-destroy"] = leave and not shown["do-dies"]
        # "all but these": the chosen group stays, every other Swarm creature dies
        shown["do-all-but"] = (shown["do-dies"] and group is not None
                               and any(c.id not in group.ids for c in game.creatures()))
        notes = []
        if game.is_enforcer(card) and leave:
            notes.append("An Enforcer that leaves the battlefield goes to the bottom of The "
                         "Lair.")
        if shown["do-unsteal"]:
            notes.append("A Survivor controls it: it does not attack or block for The Swarm "
                         "(SW 9.5).")
        if not any(shown.values()):
            notes.append("Nothing to do with this card now." if game.outcome() is None
                         else "The game is over.")
        view.text["panel-note"] = " ".join(notes)
        return shown

    def _render_wave(self, game: SwarmGame, view: View) -> None:
        """The Swarm's latest turn on the first screen: the cards the Swarm Step revealed
        (``wave``, grouped in order), what else the turn did, the honest attack total and the
        revealed cards' trigger reminders."""
        events = self.render_wave(game, view)
        if not events:
            return
        revealed = self.revealed_names()
        turn = events[0].data.get("turn", game.swarm_turn)
        view.text["wave-title"] = board.revealed_title(
            f"Swarm turn {turn}: the Swarm Step", len(revealed),
            f"Swarm turn {turn}: nothing revealed yet.")
        notes = [e.text for e in events
                 if e.kind in ("dread", "active", "stop", "reckoning", "blocker", "lair",
                               "adventure")
                 or (e.kind == "emergence" and e.cards)]
        view.lists["turn-notes"] = [Item(text) for text in notes]
        # the one attack total, as the game is now (issue 39, point 4), once this turn
        # declared a creature attacking the Survivors (Hive Mind: The Overlord chooses)
        attacked = any(e.kind == "attack" and "card" in e.data and "target" not in e.data
                       for e in events)
        view.text["attack"] = board.attack_text(*game.attack_total()) \
            if attacked and game.mode == "hive" else ""
        shown = revealed + [e.cards[0] for e in events if e.kind == "emergence" and e.cards]
        died = [e.cards[0] for e in events if e.kind == "leave" and e.cards
                and str(e.data.get("to")) == "graveyard" and " dies:" in e.text]
        view.lists["reminders"] = self.reminders(game, events, shown, died)

