"""The Horde runner: the Horde's side of a Horde game on one phone. Pure controller;
the page's adapter applies the :class:`~pyengine.widgets.View` it returns.

Two rule sets: Horde under the SlingLab rules (:mod:`pyengine.horde`, every preset and Custom
option) and Horde Magic Limited Edition 2.1 (:mod:`pyengine.limited_horde`, its three decks and
difficulty); what differs between them lives in one panel module each
(:mod:`.horde_slinglab`, :mod:`.horde_limited`, listed in :data:`PANELS`), this module keeps
what they share (a share link, ``#h=``, carries the set-up it rebuilds the config from). The
page, saves, links, undo, reset, import and export, the board and the parts are
:class:`.runner.RunnerBase`'s; this module declares the action table (:data:`BUTTONS`), the
page's frame and board, and keeps what is the Horde's own: :meth:`Widget.special_action`
(rolls, a trigger's tokens, :mod:`.horde_triggers`; a held spell, :mod:`.held`; Limited's
targets and Hunter), its status and its turn on the first screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import safejson
from ..actions import Action
from ..cards import CardDataError
from ..decklist import Decklist
from ..game import ActionError, Game, GameError
from ..horde_common import SURVIVORS, decklist_config
from ..setup import SetupError
from . import (
    MAX_PASTE_CHARS,
    Env,
    Item,
    View,
    board,
    held,
    horde_triggers,
    own_deck,
    parts,
    plumbing,
    runner,
    scryfall_link,
    share_ref,
)
from . import horde_limited as limited
from . import horde_slinglab as slinglab
from .contract import Migration, version_field
from .horde_limited import LIMITED_DECKS as LIMITED_DECKS  # the page's names, re-exported
from .horde_slinglab import DEFAULT_DECK, OWN_DECK

#: The runners' one save schema (:data:`.runner.STATE_VERSION`); version 1 was this
#: runner's own shape (:func:`_from_v1`).
STATE_VERSION = runner.STATE_VERSION
HASH_PREFIX = "h="
#: The widget contract (:class:`.contract.WidgetModule`): what the page saves, how a save
#: names its version, and the upgrades of older saves.
SAVES = "game"
saved_version = version_field
SLINGLAB = slinglab.VARIANT
LIMITED = limited.VARIANT
#: Each rule set's panel: its set-up, config, status and rule-set-only actions.
PANELS: dict[str, Any] = {SLINGLAB: slinglab, LIMITED: limited}
#: The class of each event kind's line in the log.
EVENT_CLASSES = {"win": "hd-win", "surge": "hd-surge", "alert": "hd-alert", "stage": "hd-surge",
                 "horde-turn": "hd-turn", "survivor-turn": "hd-turn"}
#: Longest text accepted from a form field (names, lists).
MAX_FIELD = 2000
MAX_NAME = 80


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2 (the runners' one save schema): the game as an object (it was JSON text),
    the set-up as the origin, the page settings (``ui``) split into the form, the parts' and
    the board's."""
    ui = data.get("ui") or {}
    if not isinstance(ui, dict):
        raise ValueError("its page settings are not an object")
    game = data.get("game")
    return {"v": 2, "game": safejson.loads(game, what="the game") if isinstance(game, str)
            else game, "origin": data.get("setup"), "form": ui.get("form") or {},
            "parts": {"own-deck": {"decks": ui.get("decks"), "asked": ui.get("asked")},
                      "images": ui.get("images")},
            "board": {key: ui.get(key) for key in ("selected", "marked", "show_setup", "last")}}


#: Upgrades of older saves (:mod:`pyengine.widgets.saves` applies them in order).
MIGRATIONS: dict[int, Migration] = {1: _from_v1}


Button = runner.Button
#: Page actions that move the chosen Horde permanent.
MOVES = {"destroy": "graveyard", "exile": "exile", "bounce": "hand", "to-top": "library-top"}
#: The action table: page action -> the engine action it makes (the rest:
#: :meth:`Widget.special_action`).
BUTTONS: dict[str, runner.Button] = {
    "survivor-end": Button("end-survivor-turn"), "horde-end": Button("end-horde-turn"),
    **{name: Button(name) for name in ("look-hand", "end-look", "end-step", "confirm-victory")},
    "hit": Button("hit", amount="n", flags={"combat": "combat"}),
    **{name: Button(name, amount="n") for name in ("gain", "draw", "discard")},
    "life-down": Button("life", amount="change", sign=-1),
    "life-up": Button("life", amount="change"),
    "roll-survivor": Button("roll", {"kind": "survivor"}),
    **{name: Button(name, item="card") for name in ("cast-offer", "skip-offer", "done")},
    **{name: Button("move", {"to": to}, card="card") for name, to in MOVES.items()},
    **{name: Button(name, card="card") for name in ("gain-control", "return-control")},
    "counter": Button("counters", {"n": 1}, card="card"),
    "tap": Button("tap", card="card", tapped="untap"),
    "follow-offers": Button("follow-offers"),
}
#: The card panel's actions: the page then returns to the turn (issue 27, point 3).
PANEL_ACTIONS = ("destroy", "exile", "bounce", "to-top", "tap", "untap-one", "counter", "hunt",
                 "destroy-all-but")
#: Counter and amount buttons, and Undo (each tap one step back): every tap applies, however
#: quick (pyengine/widgets/host.py).
REPEATABLE = ("life-down", "life-up", "counter", "hit", "gain", "undo")


#: ``encode_share(data)``: a share-link fragment, ``h=`` + base64url(zlib(JSON));
#: ``decode_share(text)``: the data it carries, ``ValueError`` if it is not one.
encode_share, decode_share = runner.share_codec(
    HASH_PREFIX, not_link="it is not a Horde runner link",
    damaged="the link is damaged or incomplete", no_game="the link holds no game")


class Widget(share_ref.ByReference):
    def __init__(self, env: Env, data: Mapping[str, str] | None = None) -> None:
        #: The Horde permanent chosen for the card buttons (a card id), or None.
        self.selected: int | None = None
        super().__init__(
            env, data, own=parts.OwnDecks(data, own=OWN_DECK, fields=("deck-paste",),
                                          stem="horde-deck", file_limit=MAX_PASTE_CHARS + 1,
                                          loading_id="note", side="Horde", box="own-deck-box",
                                          why="the Horde has no commander (HS 1.3)"),
            pictures=parts.CardPictures(pick=("pick",)),
            share_hint="Use Export to pass the game as a file instead.",
            missing="This page could not load the card facts: saved, imported and shared "
            "games work, new games cannot be set up.",
            errors=(OSError, KeyError, ValueError, CardDataError))

    @staticmethod
    def fresh_form() -> dict[str, str]:
        """The page's settings before anything is chosen: the Horde's, then each rule set's."""
        return {
            "variant": SLINGLAB, "survivors": "1", "names": "", "seed": "", "keep-seed": "",
            "amount": "1", "combat": "", "creatures": "", "power": "2", "token": "Zombie",
            "token-power": "", "token-toughness": "", "token-other": "", "images": "auto",
            "deck-paste": "", "deck-name": "", "trigger-n": "",
            **slinglab.fresh_form(), **limited.fresh_form(),
        }

    # -- start, share links and import: share_ref.ByReference's, with these hooks ----------------
    not_a_file = "the file is not a Horde game save"

    def decode(self, text: str) -> dict[str, Any]:
        return decode_share(text)

    @property
    def setup(self) -> dict[str, Any] | None:
        """The set-up the game was made from (:attr:`origin`), None for a pasted list's."""
        return self.origin

    # the save (runner.RunnerBase.save, the runners' one schema), with these hooks
    not_a_save = "it is not a Horde runner save"
    restore_limit = MAX_FIELD
    own_choice = OWN_DECK

    wrong_game = "it holds a {variant!r} game, not a Horde game"
    keeps_last = True  # reloaded, the page shows what just happened again

    # -- set-up ----------------------------------------------------------------------------------
    def setup_from_form(self) -> dict[str, Any]:
        """The set-up the form describes (what a share link carries), checked."""
        form = self.form
        variant = form["variant"]
        try:
            survivors = int(SURVIVORS.parse(form["survivors"]))
        except SetupError as error:
            raise ActionError(str(error)) from None
        names = plumbing.names(form["names"], 4)
        if names and len(names) != survivors:
            raise ActionError(f"give {survivors} Survivor name(s), or none")
        if variant not in PANELS:
            raise ActionError("choose SlingLab or Limited 2.1")
        setup: dict[str, Any] = PANELS[variant].setup(form, survivors)
        if names:
            setup["names"] = names
        return setup

    def _shipped(self, deck_id: str) -> tuple[list[str], dict[str, Any]]:
        """A shipped deck's engine config part: its card names and their facts (the command
        line's builder, :func:`pyengine.horde_common.decklist_config`)."""
        assert self.db is not None
        deck = Decklist.from_text(plumbing.shipped_deck(self.env, deck_id))
        if deck.problems or not deck.cards("main"):
            raise GameError(f"the deck {deck_id!r} could not be read")
        return decklist_config(deck, self.db)

    def config_from_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The engine config of a set-up (deck names and card facts from the shipped data)."""
        if self.db is None:
            raise GameError(self.data_error or "the card facts are missing")
        config: dict[str, Any] = self.rule_set(setup.get("variant")).config(setup, self._shipped)
        names = setup.get("names")
        if names:
            config["survivor_names"] = names
        return config

    def own_config(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The engine config of a set-up with the player's own pasted or uploaded list; a
        commander the list marks is named as the deck check reads it, and left out or kept as
        the list places it: the Horde has no commander (hs-1-3)."""
        deck, facts = own_deck.read_own_deck(self.form["deck-paste"], self.full.db(self.db))
        config = slinglab.game_config(setup, deck, facts)
        if setup.get("names"):
            config["survivor_names"] = setup["names"]
        return config

    def names_unknown(self, db: Any) -> bool:
        try:
            own_deck.read_own_deck(self.form["deck-paste"], db)
        except ActionError as problem:
            return str(problem).startswith("the page does not know")
        return False

    def form_from_game(self, game: Game, setup: dict[str, Any] | None) -> None:
        """Show the set-up of a game that came from a link or a file: the rule set's and the
        Survivors (their names from a set-up)."""
        self.form["survivors"] = str(getattr(game, "survivors", 1))
        if setup is not None:
            self.form["names"] = ", ".join(str(n) for n in setup.get("names") or [])
        super().form_from_game(game, setup)

    # -- actions ---------------------------------------------------------------------------------
    # handle() is runner.RunnerBase.handle, with these hooks.
    hash_prefix = HASH_PREFIX
    buttons = BUTTONS
    used_fields = {"token": {"amount": "1"}, "target": {"amount": "1"}, "hit": {"combat": ""},
                   horde_triggers.ACTION: {"trigger-n": ""}}  # the table's amounts: used()
    field_limit, amount_range = MAX_FIELD, ("N", 1, 999)

    sentences = ("", plumbing.ENDINGS)

    export_file, export_said = "horde-game.json", ("note", "The game was saved as {file}.")
    #: After any action the card panel stays on the chosen card's group.
    follow_group = None

    undo_words = (True, True)  # "Undone: hit (n 3)"
    variants, rule_sets = (SLINGLAB, LIMITED), PANELS
    # the card buttons take a Horde permanent on the battlefield
    chosen_on_board, choose_first = True, "tap a Horde permanent in the list first"

    def special_action(self, action: str, form: Mapping[str, Any]) -> Action:
        """The page actions the table (:data:`BUTTONS`) does not describe."""
        return Action.parse(self._special(action, form, self._game()))

    def _special(self, action: str, form: Mapping[str, Any], game: Game) -> dict[str, Any]:
        if action == "roll-creature":
            creatures = plumbing.names(self.form["creatures"])
            if not creatures:
                raise ActionError("name the Survivors' creatures to roll among, separated by "
                                  "commas")
            return {"type": "roll", "kind": "creature", "creatures": creatures}
        if action == horde_triggers.ACTION:  # a trigger that makes tokens (hs-3-9)
            return horde_triggers.action(str(form.get("_item", "")), self.form["trigger-n"])
        if action == held.ACTION:  # one tap for a held spell that says how (hs-3-8)
            return held.action(game, runner.item_id(form), self._facts(game),
                               tokens=game.variant == SLINGLAB)
        if action == "untap-one":
            self.chosen_for_action()
            group = self.chosen_group()
            tapped = group.tapped if group is not None else []
            if not tapped:
                raise ActionError("none of these permanents is tapped")
            return {"type": "untap", "card": tapped[0]}
        if action == "token":
            return self._token_action(game)
        if action == "target":
            return limited.target_action(self.form, self._amount)
        if action == "hunt":
            return limited.hunt_action(self.form, self.chosen_for_action())
        raise ValueError(f"unknown action {action!r}")

    def _token_action(self, game: Game) -> dict[str, Any]:
        """Tokens for the Horde, named and counted; how they are made is the rule set's
        (its panel's ``token_options``)."""
        name = self.form["token"].strip()[:MAX_NAME]
        if not name:
            raise ActionError("name the token")
        return {"type": "create-token", "name": name, "n": self._amount(),
                **self.rule_set(game.variant).token_options(self.form)}

    def clear_game(self) -> None:
        super().clear_game()
        self.say("note", "The game was reset. Set up a new one below.")

    # -- rendering: runner.RunnerBase.render, with these declarations and hooks -----------------
    screen = runner.Screen(hide_setup="hide-setup", event_classes=EVENT_CLASSES, counts={
        f"n-{zone}": zone for zone in ("library", "hand", "graveyard", "exile", "battlefield",
                                       "stack", "dreadnought")},
                           won="win-banner", lost="loss-banner", controls="controls",
                           expand_last=True, card_class="hd-card", notes=("note",),
                           deck_note="note", life_note="note", top_after=frozenset(
                               {"new", "import", "survivor-end", "horde-end", "reset-yes",
                                "hide-setup", *PANEL_ACTIONS}))  # after a card's action too
    wave_start, wave_end = "horde-turn", "end-horde-turn"
    wave_lists = ("reminders", "turn-reminders", horde_triggers.LIST)
    layout = board.Layout((board.Shelf(lambda game: [c for c in game.zones["battlefield"]
                                                     if game.controls(c)]),
                           board.Shelf(lambda game: [c for c in game.zones["battlefield"]
                                                     if not game.controls(c)], board.STOLEN)),
                          side="Horde", dies="move-all", to="graveyard")

    def setup_options(self) -> dict[str, list[tuple[str, str]]]:
        decks = self.deck_menu([(d["id"], str(d.get("title", d["id"]))) for d in self.env.decks
                                if d.get("format") in slinglab.DECK_KINDS]
                               or [(DEFAULT_DECK, "Zombie Horde")])
        return {"variant": self.rule_set_menu(), "deck": decks, "survivors": SURVIVORS.choices(),
                **slinglab.OPTIONS, **limited.OPTIONS}

    def render_setup(self, view: View) -> None:
        form = self.form
        is_slinglab = form["variant"] == SLINGLAB
        view.hidden["sl-options"] = not is_slinglab
        view.hidden["lh-options"] = is_slinglab
        view.hidden["custom-box"] = not is_slinglab or form["difficulty"] != "custom"
        view.hidden["life-box"] = form["life-mode"] == "100-minus-15"
        view.hidden["data-note"] = not self.data_error
        view.hidden["follow-offers"] = True  # the SlingLab panel shows it with open offers
        view.text["status"] = "" if self.game is not None else (
            "No game yet: choose the rules, the options and the Survivors, then Start.")

    def render_game(self, game: Game, view: View) -> None:
        status = game.status()  # type: ignore[attr-defined]
        panel = self.rule_set(game.variant)
        is_limited = game.variant == LIMITED
        counts = status["counts"]
        view.hidden["dreadnought-count"] = "dreadnought" not in counts or not game.config.get(
            "dreadnought")
        view.hidden["token-other-box"] = not is_limited
        view.hidden["lh-target"] = not is_limited
        view.text["life-shown"] = str(status["life"])
        self._render_wave(game, view)
        view.text["seed-shown"] = game.seed
        view.text["rules-shown"] = panel.SHORT + ", " + panel.options_text(status)
        phase = status["phase"]
        outcome = game.outcome()  # the one way a widget asks whether the game ended
        if phase == "horde":
            turn = f"Horde turn {status['horde_turn']}: play out its cards, then end its turn."
        elif outcome is not None:
            turn = "The game is over."
        elif panel.early(status):
            turn = panel.early_turn(status)
        else:
            turn = f"Survivor turn {status['survivor_turn']}."
        view.text["turn"] = turn
        view.hidden["survivor-end"] = phase != "survivors"
        view.hidden["horde-end"] = phase != "horde"
        view.text["survivor-end"] = (
            "End the Survivors' turn" if panel.early(status) else "Horde turn")
        view.hidden["sl-controls"] = is_limited
        view.hidden["lh-controls"] = not is_limited
        panel.render(game, status, view)
        # a game that can end says so at the top, with the one button that ends it (lh-7-3)
        view.hidden["confirm-victory-top"] = (view.hidden.get("confirm-victory", True)
                                              or outcome is not None)  # not after the win
        held.render(view, game, self._facts(game), tokens=game.variant == SLINGLAB)
        view.lists["hand"] = [Item(f"{c.name} #{c.id}", href=scryfall_link(c.name))
                              for c in game.zones["hand"]]
        view.hidden["hand-box"] = not game.zones["hand"]

    def panel_buttons(self, game: Any, card: Any, group: board.Group | None,
                      view: View) -> dict[str, bool]:
        """Tap or untap the chosen permanent, untap one of its group, gain or give back
        control of it."""
        view.text["tap"] = "Untap" if card.tapped else "Tap"
        stolen = not game.controls(card)
        return {"do-steal": not stolen, "do-unsteal": stolen,
                "untap-one": group is not None and bool(group.tapped) and not card.tapped}

    own_lists = {SLINGLAB: (("horde", {"main": "deck"}),)}  # a pasted deck's reference

    def reference_deck(self, game: Game, card: Any) -> str | None:
        """The shipped deck whose card reference page lists ``card`` (None for a pasted deck:
        its list is on this page): the rule set's answer."""
        panel = self.rule_sets.get(str((self.origin or {}).get("variant")))
        return panel.reference_deck(self.origin, game, card.name) if panel else None

    @staticmethod
    def _facts(game: Game) -> Any:
        """``name -> facts dict`` (or None) from the game's own config facts."""

        def lookup(name: str) -> dict[str, Any] | None:
            try:
                facts = game.facts(name)  # type: ignore[attr-defined]
            except (GameError, KeyError, TypeError):
                return None
            entry: dict[str, Any] = facts.to_config()
            errata = getattr(game, "errata_of", None)  # Limited Horde's keyword errata
            if errata is not None and errata(name):
                entry["errata"] = errata(name)
            return entry

        return lookup

    card_facts = _facts

    def _render_wave(self, game: Game, view: View) -> None:
        """The latest Horde turn on the first screen: the cards it revealed (``wave``), grouped
        in order, the honest attack total and the revealed cards' trigger reminders."""
        events = self.render_wave(game, view)
        if not events:
            view.hidden[horde_triggers.X_BOX] = True
            view.hidden["turn-reminders-box"] = True
            return
        turn = next((e.data.get("turn") for e in events if e.kind == "horde-turn"), None)
        number = turn if turn is not None else events[0].text.rpartition(" ")[2]
        revealed = self.revealed_names()
        view.text["wave-title"] = board.revealed_title(f"Horde turn {number}", len(revealed),
                                                       f"Horde turn {number} revealed no cards.")
        facts = self._facts(game)
        attack = next((e for e in reversed(events) if e.kind == "attack"), None)
        if attack is None:
            view.text["attack"] = ""
        else:
            # the one attack total, as the game is now (issue 39, point 4)
            count, total, missing = game.attack_total()  # type: ignore[attr-defined]
            view.text["attack"] = board.attack_text(count, total, missing)
            for name, dead in held.first_destroys(  # a held wrath comes first (hs-3-8)
                    game, set(getattr(game, "attacking", [])), facts,
                    tokens=game.variant == SLINGLAB):
                view.text["attack"] += (
                    f" Held first: {name} destroys {dead} of these attackers "
                    "before combat damage; resolve it, then count again.")
        horde_triggers.render(game, view)
        died = [e.cards[0] for e in events if e.kind == "move" and e.cards
                and e.data.get("from") == "battlefield" and e.data.get("to") == "graveyard"]
        view.lists["reminders"] = self.reminders(game, events, revealed, died)
        # The Survivors' turn is played on the tools: what triggers in it too is said there.
        every_turn = (board.recurring_reminders([c.name for c in game.zones["battlefield"]],
                                                facts, kinds=board.EVERY_TURN,
                                                handling=self.handling(game))
                      if game.status()["phase"] == "survivors" else [])  # type: ignore[attr-defined]
        view.lists["turn-reminders"] = [Item(line) for line in every_turn]
        view.hidden["turn-reminders-box"] = not every_turn
        flags = getattr(game, "flags", {})
        for item in view.lists["wave"]:  # the coin flag of each revealed card, coloured
            flag = flags.get(int(item.value)) if item.value.isdigit() else None
            if flag is not None:
                item.text += " · coin: " + ("Yes" if flag else "No")
                item.cls = "coin-yes" if flag else "coin-no"

