"""Plumbing shared by the game runner pages (:mod:`pyengine.widgets.horde`,
:mod:`pyengine.widgets.swarm`). Pure and standard library only.

* Share links: a prefix (``h=``, ``g=``) + base64url (no padding) of the zlib-compressed,
  key-sorted, compact JSON of the data (:func:`encode_share`, :func:`decode_share`).
* Card facts for a page: :func:`load_card_db`.
* The page actions every runner handles the same way: :meth:`RunnerBase.apply_form`,
  :meth:`RunnerBase.dispatch_common` (``setup``, ``show-setup``, ``new``, ``reset``,
  ``reset-no``, ``reset-yes``, ``import``) and :meth:`RunnerBase.undo`.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import safejson
from ..actions import Action, types_of
from ..cards import CardDB
from ..game import (
    SCHEMA_VERSION,
    ActionError,
    Budget,
    Event,
    Game,
    GameError,
    SaveError,
    SaveTooBig,
    Termination,
    find_variant,
    load_game,
)
from ..rng import make_seed, normalize_seed
from ..setup import Setup
from . import Item, View, board, own_deck, plumbing, scryfall_link
from .parts import CardPictures, HowHard, OwnDecks, Part, ShareCode

__all__ = ["SHARE_SCHEMA", "SHARE_VERSION", "STATE_VERSION", "Button", "RunnerBase",
           "decode_share", "encode_share", "load_card_db", "replay_shared", "upgrade_note"]

#: The version of the runners' one save schema (issue 29, point 2), the same for every runner:
#:
#: ``{"v": 2, "game": <the game as an object, Game.to_dict(), or null>, "origin": <what the
#: game was set up from, for share links: the runner's own, or null>, "form": <the page's
#: fields>, "parts": {<part key>: <what the part keeps>}, "board": <the runner's board:
#: the chosen card, the cards marked, ...>}``.
#:
#: Version 1 was each runner's own shape (the Horde runner's game as JSON text inside the
#: save); each runner's ``MIGRATIONS[1]`` reads its own (stored examples in
#: ``tests/data/saves/``).
STATE_VERSION = 2
#: The version share links carry: their shape did not change with the save schema, so every
#: link made before still opens.
SHARE_VERSION = 1


def encode_share(prefix: str, data: dict[str, Any]) -> str:
    """A share-link fragment: ``prefix`` + base64url(zlib(JSON)), padding stripped."""
    raw = json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


#: The most a share link may inflate to, and the most actions it may carry: far beyond a long
#: game (a four-hour Horde game is about 600 actions), small enough that opening the largest
#: link stays quick on a phone (bench/bench_share_links.py measures it).
MAX_SHARE_BYTES = 256 * 1024
MAX_SHARE_ACTIONS = 3000
#: A link longer than this is not read at all (far above MAX_SHARE_BYTES compressed).
MAX_SHARE_CHARS = 400_000
#: The most tokens a link's actions may make once played out (issue 28, point 3: a few
#: characters of link can ask for millions of tokens; a real game makes a few hundred).
MAX_SHARE_TOKENS = 5000
#: What a link's game may build as it replays, whatever its actions are (issue 28, point 3),
#: checked after every action so a link is refused as soon as it passes: far above a real game
#: (a four-hour Horde game makes a few hundred cards and tokens and a few thousand events;
#: 3,000 random actions made at most 20,532 cards, all but a few hundred of them tokens, and
#: 42,606 events), small enough to stay quick and small on a phone.
SHARE_BUDGET = Budget(cards=MAX_SHARE_TOKENS + 15_000, events=150_000)


def tokens_made(actions: Any) -> int:
    """How many tokens a link's actions ask for: each action whose type names tokens counts
    its ``n`` or ``amount`` (else 1). Read from the data alone, before anything is played."""
    made = 0
    for action in actions if isinstance(actions, list) else []:
        if not isinstance(action, dict) or "token" not in str(action.get("type", "")):
            continue
        count = action.get("n", action.get("amount", 1))
        made += count if isinstance(count, int) and not isinstance(count, bool) and count > 0 \
            else 1
    return made


def decode_share(prefix: str, text: str, *, not_link: str, damaged: str, no_game: str,
                 limit: int | None = None, max_actions: int | None = None) -> dict[str, Any]:
    """The data a share-link fragment carries; ``ValueError`` (plain words: the given
    messages) if it is not one. Data that inflates beyond ``limit`` bytes (default
    :data:`MAX_SHARE_BYTES`) or carries more than ``max_actions`` actions (key ``a``, default
    :data:`MAX_SHARE_ACTIONS`) is refused with a message saying so."""
    limit = MAX_SHARE_BYTES if limit is None else limit
    max_actions = MAX_SHARE_ACTIONS if max_actions is None else max_actions
    if not isinstance(text, str):
        raise ValueError(not_link)
    text = text.strip()
    if not text.startswith(prefix):
        raise ValueError(not_link)
    too_big = (f"the link holds more than this page opens (at most {limit // 1024:,} KB of "
               "game data); export the game as a file and import it instead")
    if len(text) > MAX_SHARE_CHARS:
        raise ValueError(too_big)
    body = text[len(prefix):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(packed, limit)
        if decompressor.unconsumed_tail:
            raise OverflowError
    except OverflowError:
        raise ValueError(too_big) from None
    except (ValueError, zlib.error):
        raise ValueError(damaged) from None
    try:
        data = safejson.loads(raw.decode("utf-8"), what="the link")
    except (UnicodeDecodeError, safejson.BadJSON):
        raise ValueError(damaged) from None
    if not isinstance(data, dict):
        raise ValueError(no_game)
    actions = data.get("a")
    if isinstance(actions, list) and len(actions) > max_actions:
        raise ValueError(f"the link carries {len(actions):,} actions; a link opens at most "
                         f"{max_actions:,}. Export the game as a file and import it instead")
    made = tokens_made(actions)
    if made > MAX_SHARE_TOKENS:
        raise ValueError(f"the link would make {made:,} tokens once played out; a link opens "
                         f"at most {MAX_SHARE_TOKENS:,}. Export the game as a file and import "
                         "it instead")
    return data


def share_codec(prefix: str, *, not_link: str, damaged: str, no_game: str
                ) -> tuple[Callable[[dict[str, Any]], str], Callable[[str], dict[str, Any]]]:
    """A runner's ``(encode_share, decode_share)`` pair for its ``prefix``, with its own
    messages for :func:`decode_share` (``ValueError``)."""

    def encode(data: dict[str, Any]) -> str:
        """A share-link fragment: the prefix + base64url(zlib(JSON))."""
        return encode_share(prefix, data)

    def decode(text: str) -> dict[str, Any]:
        """The data a share-link fragment carries; ``ValueError`` if it is not one."""
        return decode_share(prefix, text, not_link=not_link, damaged=damaged, no_game=no_game)

    return encode, decode


def upgrade_note(game: Game | None) -> str:
    """A note for a game restored from a save written before a rules correction, when some of
    its actions were left out (:func:`pyengine.game.load_game`); "" otherwise."""
    dropped = getattr(game, "upgrade_dropped", 0)
    if not dropped:
        return ""
    return (f"This game was saved before a rules correction on this site; {dropped} of its "
            f"action(s) that the corrected rules do not allow were left out. Check the board "
            f"against the table.")


#: The key of a share link's data that names the game save schema its actions were played
#: under (links made before it existed hold schema 1 games).
SHARE_SCHEMA = "g"


def replay_shared(variant: Any, config: Any, seed: Any, actions: Any,
                  schema: Any = None) -> Game:
    """The game a share link describes, checked like a save (numbers, replay), upgraded like a
    save from the ``schema`` the link names (a link without one is from before links carried
    it: schema 1, so an action a later rules correction refuses is left out and counted, as for
    a save, :func:`upgrade_note`); ``ValueError`` in plain words if it does not replay."""
    if isinstance(schema, bool) or not isinstance(schema, int):
        schema = 1
    try:
        return load_game({"schema": schema, "variant": variant, "seed": seed,
                          "config": config, "actions": actions}, budget=SHARE_BUDGET)
    except SaveTooBig as error:  # a file has no such limit
        raise ValueError(str(error).replace("the save", "the link") + ". Export the game as a "
                         "file and import it instead") from None
    except SaveError as error:
        raise ValueError(str(error).replace("the save", "the link")) from None


def load_card_db(env: Any, data: Mapping[str, str] | None, *, missing: str,
                 errors: tuple[type[BaseException], ...]) -> tuple[CardDB | None, str]:
    """The card facts from ``data["cards.tsv"]`` (tests) or ``env.read_data("cards.tsv")``:
    ``(db, "")``, or ``(None, note)`` with ``missing`` when there is no reader, or a note naming
    the error (one of ``errors``) when the file cannot be read."""
    reader: Callable[[str], str] | None
    reader = data.__getitem__ if data is not None else getattr(env, "read_data", None)
    if reader is None:
        return None, missing
    try:
        return CardDB.from_tsv(reader("cards.tsv")), ""
    except errors as error:
        return None, f"The card facts could not be read ({error})."


#: Actions that change nothing at the table: the "what just happened" line stays as it was.
QUIET = frozenset({"setup", "show-setup", "hide-setup", "qr", "pick", "pick-card", "choose-card",
                   "close-panel", "images",
                   "reset", "reset-no", "new-seed", "deck-save", "deck-remove", "deck-export",
                   "deck-file", "export", "choose-several", "mark"})


def item_id(form: Mapping[str, Any]) -> int:
    """The card id a board item's tap carries (``_item``), or ``ActionError``."""
    try:
        return int(str(form.get("_item", "")))
    except ValueError:
        raise ActionError("that card is not in the game") from None


@dataclass(frozen=True)
class Button:
    """One page button's engine action, as data (a runner's action table, :attr:`RunnerBase.
    buttons`): the engine action ``type`` with its fixed ``args``, and where the others come
    from: ``card`` names the argument that takes the card chosen on the board
    (:meth:`RunnerBase.chosen_for_action`), ``item`` the one that takes the tapped list item's
    id (``_item``), ``amount`` the one that takes the form's amount (:meth:`RunnerBase._amount`,
    negated with ``sign=-1``), ``flags`` the ones set to true while a form's box is ticked
    (argument -> field), ``texts`` and ``menus`` the ones a form's field or card menu gives.
    The arguments are written in that order: card, item or menu, fixed, texts, amount,
    flags."""

    type: str
    args: Mapping[str, Any] = field(default_factory=dict)
    card: str = ""
    item: str = ""
    amount: str = ""
    sign: int = 1
    flags: Mapping[str, str] = field(default_factory=dict)
    #: Arguments taken from a form field's text, trimmed (argument -> field).
    texts: Mapping[str, str] = field(default_factory=dict)
    #: Arguments taken from a form menu of card ids (argument -> (field, what the page says
    #: while none is chosen)).
    menus: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: The engine action instead when the chosen card is tapped (a "Tap" that untaps).
    tapped: str = ""

    def action(self, runner: RunnerBase, form: Mapping[str, Any]) -> Action:
        """The engine action this button makes now, from the runner's form and board."""
        args: dict[str, Any] = {}
        kind = self.type
        if self.card:
            args[self.card] = card = runner.chosen_for_action()
            if self.tapped and any(c.id == card and c.tapped
                                   for c in runner._game().zones.all_cards()):
                kind = self.tapped
        if self.item:
            args[self.item] = item_id(form)
        for name, (menu, missing) in self.menus.items():
            args[name] = runner.menu_card(menu, missing)
        args.update(self.args)
        args.update({name: str(runner.form.get(box, "")).strip()
                     for name, box in self.texts.items()})
        if self.amount:
            args[self.amount] = self.sign * runner._amount()
        args.update({name: True for name, box in self.flags.items() if runner.form.get(box)})
        return Action(kind, args)


#: Events a shortened "what just happened" line never leaves out (issue 41): The Reckoning
#: resolving in the middle of a mill.
NEVER_SHORTENED = ("reckoning",)


def plain_words(action: Mapping[str, Any], *, sort: bool = False, spaced: bool = False) -> str:
    """A short phrase for an action as a save holds it: its type (dashes as spaces with
    ``spaced``) and its arguments (in key order with ``sort``): ``hit (n 3)``."""
    kind = str(action.get("type", "?"))
    extra = [f"{k} {v}" for k, v in (sorted(action.items()) if sort else action.items())
             if k != "type"]
    return (kind.replace("-", " ") if spaced else kind) + (f" ({', '.join(extra)})" if extra
                                                           else "")


def happened_text(events: list[Event]) -> str:
    """The "what just happened" line of an action: its one or two events, or for a longer one
    (a whole turn) the first and the last, with how many steps it had."""
    shown = [e for e in events if e.text]
    texts = [e.text.rstrip(".") for e in shown]
    if not texts:
        return ""
    if len(texts) <= 2:
        return "; ".join(texts) + "."
    kept = [e.text.rstrip(".") for e in shown[1:-1] if e.kind in NEVER_SHORTENED]
    return f"{' … '.join([texts[0], *kept, texts[-1]])} ({len(texts)} steps)."


@dataclass(frozen=True)
class Screen:
    """The frame of a runner's page as the variant declares it (issue 45, point 4): the ids of
    its set-up box and of the buttons that show and hide it (``hide_setup``, ``no_game``: ""
    when the page has none), the element that carries the log as data (``data-events``,
    ``data-actions``, ``data-seed``, :meth:`RunnerBase.log_data`), how many log lines show,
    the class of each event kind's line, which events "What just happened" lists (``last_kinds``,
    None: all; ``expand_last``: one line per card of an event naming several, with
    ``card_class``; ``last_box`` hidden when it lists none), whether "Undo" says what it takes
    back (else how many actions there were), the form fields not echoed back as values and the
    actions after which the page scrolls back to the top, its zone counters and how it says
    the game ended."""

    setup_box: str = "setup-box"
    show_setup: str = "show-setup"
    hide_setup: str = ""
    no_game: str = ""
    log_element: str = "play"
    log_lines: int = 400
    #: The log as data holds the events' texts only, not their kinds, and not the variant.
    log_texts: bool = False
    event_classes: Mapping[str, str] = field(default_factory=dict)
    last_kinds: frozenset[str] | None = None
    expand_last: bool = False
    card_class: str | None = None
    last_box: str = ""
    undo_names: bool = False
    unvalued: tuple[str, ...] = ()
    #: The page actions after which the page goes back to the top (the game after Start,
    #: an import or a turn button: one screen per turn).
    top_after: frozenset[str] = frozenset()
    #: The zone counters on the page: element id -> zone (how many cards it holds).
    counts: Mapping[str, str] = field(default_factory=dict)
    #: The end of the game: the banners of a win and a loss (with the outcome's words in
    #: them when ``say_reason``) and the controls hidden once it is over ("": none).
    won: str = ""
    lost: str = ""
    say_reason: bool = False
    controls: str = ""
    #: The elements of the runner's notes (:meth:`RunnerBase.say`), said on every page, and
    #: the one an own deck's reading is said in ("": "What just happened").
    notes: tuple[str, ...] = ()
    deck_note: str = ""
    #: Where the page warns, besides "What just happened", that life was gained (``life-up``)
    #: while a permanent of the automated side says players can't gain life ("": it does not).
    life_note: str = ""

    def items(self, event: Event, *, expand: bool = False) -> list[Item]:
        """Log lines of one event: its sentence (linked to its first card's Scryfall page,
        classed by its kind), and with ``expand`` one linked line per card for an event naming
        several."""
        href = scryfall_link(event.cards[0]) if event.cards else None
        items = [Item(event.text, href=href, cls=self.event_classes.get(event.kind))]
        if expand and len(event.cards) > 1:
            items += [Item(f"· {name}", href=scryfall_link(name), cls=self.card_class)
                      for name in event.cards]
        return items


class RunnerBase:
    """The page-action handling both runner widgets share. A subclass keeps ``env``, ``form``
    (str -> str), ``game``, ``confirm_reset``, ``show_setup``, ``last``, and implements
    ``new_game()``, ``clear_game()`` (what ``reset-yes`` forgets; the seed is renewed here) and
    ``_import(text)``."""

    env: Any
    form: dict[str, str]
    game: Game | None
    confirm_reset: bool
    show_setup: bool
    last: list[Event]

    def __init__(self, env: Any, data: Mapping[str, str] | None, *, own: OwnDecks,
                 pictures: CardPictures, share_hint: str, missing: str,
                 errors: tuple[type[BaseException], ...]) -> None:
        """What every runner starts with: no game, the page's fields at their defaults, the
        card facts (``missing``: what the page says without them; ``errors``: what reading
        them may raise) and the shared parts (:meth:`compose`)."""
        self.env = env
        self.form = self.fresh_form()
        self.game = None
        self.reference = own_deck.Reference()
        self.confirm_reset = False
        self.show_setup = False
        self.last = []
        self.said = {}
        #: Multi-select on the board (a partial wipe): on, and the card ids chosen.
        self.marking = False
        self.marked: list[int] = []
        self.db: CardDB | None
        self.db, self.data_error = load_card_db(env, data, missing=missing, errors=errors)
        # the shared parts (pyengine/widgets/parts.py): own decks, pictures, share QR code …
        self.compose(own=own, pictures=pictures, share_hint=share_hint)

    def new_game(self) -> None:
        """Start the game the form sets up (:meth:`start_config`), with the form's seed or a
        new one; its origin is what share links carry."""
        variant, config, origin = self.start_config()
        seed = normalize_seed(self.form.get("seed", "")) or make_seed(self.env.entropy())
        self.game = self.game_class(variant)(config, seed)
        self.origin, self.marking, self.marked = origin, False, []
        self.choose_card(None)
        self.form["seed"] = self.game.seed
        self.last = list(self.game.events)

    def game_class(self, variant: str) -> type[Game]:
        """The engine class of ``variant``: its rule set's (:attr:`rule_sets`), else the
        registry's."""
        if self.rule_sets:
            engine: type[Game] = self.rule_set(variant).game_class()
            return engine
        return find_variant(variant)

    def declared(self) -> Setup:
        """The set-up the engine's descriptor declares (of the runner's first variant): one
        declaration reaches the form, the config, the share link and the save."""
        return find_variant(self.variants[0]).descriptor.setup

    def form_from_config(self, config: Mapping[str, Any]) -> None:
        """Show the declared set-up (:meth:`declared`) of a game's ``config`` in the form."""
        setup = self.declared()
        self.form.update(setup.format(setup.values_of(config)))

    def rule_set(self, variant: Any) -> Any:
        """The panel of one of :attr:`rule_sets` (``GameError`` for any other variant)."""
        if variant in self.rule_sets:
            return self.rule_sets[variant]
        raise GameError(f"unknown rule set {variant!r}")

    def rule_set_menu(self) -> list[tuple[str, str]]:
        """The set-up's menu of :attr:`rule_sets`: each one this page has (its panel's
        ``available()``), by its ``LABEL``."""
        return [(variant, panel.LABEL) for variant, panel in self.rule_sets.items()
                if getattr(panel, "available", lambda: True)()]

    #: The own-deck choice of the deck menu (a pasted or uploaded list), as the menu says it.
    own_label = "Your own deck: paste or upload a list…"

    def deck_menu(self, shipped: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """The set-up's deck menu: the ``shipped`` decks, the decks saved on this device, then
        a pasted or uploaded list (:attr:`own_choice`)."""
        return [*shipped, *own_deck.deck_options(self.own_decks),
                (self.own_choice, self.own_label)]

    # -- the deck model: a set-up's shipped decks, or the player's own list ------------------
    def start_config(self) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
        """``(variant, config, origin)`` of the set-up the form describes
        (:meth:`setup_from_form`): with a shipped deck its config (:meth:`config_from_setup`)
        and the set-up as the origin; with the player's own list (:meth:`own_deck_shown`) the
        config read from it (:meth:`own_config`, the question form for cards nobody knows)
        and no origin: it travels whole in saves and links, so it replays with no other
        file."""
        setup = self.setup_from_form()
        if self.own_deck_shown():
            return str(setup["variant"]), self.own.read(self, lambda: self.own_config(setup)), \
                None
        return str(setup["variant"]), self.config_from_setup(setup), setup

    def own_config(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The engine config of ``setup`` with the player's own list (a variant that reads
        pasted lists says how); :class:`.own_deck.UnknownCards` for cards nobody knows."""
        raise ActionError("this page plays no own decks")

    def engine_config(self) -> tuple[str, dict[str, Any]]:
        """The set-up chosen as an engine config, as Start makes it: ``(variant, config)``."""
        variant, config, _origin = self.start_config()
        return variant, config

    def needs_full(self, form: Mapping[str, Any]) -> bool:
        """True when Start with the player's own list must first fetch the full card data:
        the list names a card the shipped facts and its ``#!`` lines do not know."""
        self.apply_form(form, self.field_limit)
        if not self.own_deck_shown() or not self.full.wanted() or self.db is None:
            return False
        return self.names_unknown(self.db)

    def names_unknown(self, db: CardDB) -> bool:
        """True if the own list names a card ``db`` (and the list's ``#!`` lines) do not
        know."""
        return False

    def clear_game(self) -> None:
        """``reset-yes``: no game, no origin, no card chosen (the seed is renewed after)."""
        self.game, self.origin, self.show_setup = None, self.no_origin(), False
        self.marking, self.marked, self.last = False, [], []
        self.choose_card(None)

    # -- the variant's declaration ------------------------------------------------------------
    #: The engine variants this runner plays (saves, links and files of others are refused).
    variants: tuple[str, ...] = ()
    #: What the game was set up from (the set-up share links carry), None: its config travels
    #: whole (a pasted list, an imported game).
    origin: dict[str, Any] | None = None
    #: The card whose panel is open (an id), None without one.
    selected: int | None = None

    def setup_from_form(self) -> dict[str, Any]:  # pragma: no cover - variants
        """The set-up the form describes (``variant`` and the options), checked."""
        raise NotImplementedError

    def config_from_setup(self, setup: dict[str, Any]) -> dict[str, Any]:  # pragma: no cover
        """The engine config of a set-up."""
        raise NotImplementedError

    #: Share-link prefix (``"h="``, ``"g="``).
    hash_prefix = ""
    #: Longest text kept from one form field.
    field_limit = 2000
    #: Form fields an action uses up, put back to their default once it was applied, so the
    #: next tap does not reuse them by surprise (action -> {field: default}); besides the
    #: amount of every table button that takes one (:meth:`used`).
    used_fields: dict[str, dict[str, str]] = {}

    def used(self, action: str) -> dict[str, str]:
        """The form fields ``action`` used up, with their defaults: the amount (back to 1) of
        a :attr:`buttons` entry that takes one, and :attr:`used_fields`."""
        button = self.buttons.get(action)
        return {**({"amount": "1"} if button is not None and button.amount else {}),
                **self.used_fields.get(action, {})}

    # -- rendering: the frame every runner has, the variant's parts in it --------------------
    #: The page's frame as the variant declares it.
    screen = Screen()
    #: The board as the variant declares it (:class:`.board.Layout`); None: a plain one.
    layout: board.Layout | None = None

    def setup_options(self) -> dict[str, list[tuple[str, str]]]:
        """The set-up's menus (``id`` -> ``(value, label)`` pairs)."""
        return {}

    def render_setup(self, view: View) -> None:
        """The variant's own elements of every page (the set-up boxes it shows or hides)."""

    def render_game(self, game: Any, view: View) -> None:
        """The variant's own elements of a game in play (its status, turn, buttons …)."""

    def render(self) -> View:
        """The page: the set-up (:meth:`setup_options`, the form's values, the parts), the
        frame (:attr:`screen`: the game's box, the set-up box and its buttons, the reset
        question), the variant's :meth:`render_setup`, then with a game the variant's
        :meth:`render_game`, the board (:attr:`layout`), the log and the own deck's
        reference."""
        view = View(options=self.setup_options())
        screen, game = self.screen, self.game
        view.values.update({k: v for k, v in self.form.items() if k not in screen.unvalued})
        self.render_parts(view)
        view.hidden["confirm-reset"] = not self.confirm_reset
        view.hidden["play"] = view.hidden["tools"] = game is None
        view.hidden[screen.setup_box] = game is not None and not self.show_setup
        view.hidden[screen.show_setup] = game is None or self.show_setup
        if screen.hide_setup:
            view.hidden[screen.hide_setup] = game is None or not self.show_setup
        if screen.no_game:
            view.hidden[screen.no_game] = game is not None
        view.text["data-note"] = self.data_error
        view.text.update({element: self.said.get(element, "") for element in screen.notes})
        self.render_setup(view)
        if game is None:
            view.lists.update(log=[], last=[], wave=[])
            view.hidden["wave-box"] = view.hidden["own-ref-box"] = True
            view.attrs[screen.log_element] = self.log_data(None)
            return view
        if self.legal_buttons or self.panel_table:  # the engine's actions now, as values
            self.legal = game.legal_actions()
            legal = types_of(self.legal)
            view.hidden.update({key: action not in legal
                                for key, action in self.legal_buttons.items()})
        counts = game.zones.counts()
        view.text.update({key: str(counts.get(zone, 0)) for key, zone in screen.counts.items()})
        outcome = game.outcome()  # the one way a runner asks whether the game ended
        ended = outcome.termination if outcome is not None else None
        for key, end in ((screen.won, Termination.WON), (screen.lost, Termination.LOST)):
            if key:
                view.hidden[key] = ended is not end
                if screen.say_reason and ended is end:
                    view.text[key] = outcome.reason if outcome is not None else ""
        if screen.controls:
            view.hidden[screen.controls] = outcome is not None
        self.render_game(game, view)
        if self.layout is not None:
            self.render_board(game, view)
        self.render_log(game, view)
        return view

    def render_log(self, game: Game, view: View) -> None:
        """"What just happened" (:attr:`last`), the log (newest first), the log as data, what
        Undo takes back and a pasted deck's card reference (:meth:`own_reference`)."""
        screen = self.screen
        shown = [e for e in self.last if screen.last_kinds is None or e.kind in screen.last_kinds]
        view.lists["last"] = [item for e in shown
                              for item in screen.items(e, expand=screen.expand_last)]
        if screen.last_box:
            view.hidden[screen.last_box] = not shown
        view.lists["log"] = [item for e in reversed(game.events[-screen.log_lines:])
                             for item in screen.items(e)]
        view.attrs[screen.log_element] = self.log_data(game)
        if not game.actions:
            view.text["undo-info"] = "Nothing to undo yet."
        elif screen.undo_names:
            view.text["undo-info"] = f"Undo takes back: {self.describe_action(game.actions[-1])}."
        else:
            view.text["undo-info"] = f"{len(game.actions)} action(s) so far."
        decks = self.own_reference(game)
        view.hidden["own-ref-box"] = decks is None
        view.lists["own-ref"] = self.reference.items(game, decks) if decks is not None else []

    #: How the card panel says the engine's rules for a card are carried out (None: the
    #: game's own ``HANDLING``).
    card_handling: Mapping[str, Any] | None = None

    def render_board(self, game: Any, view: View) -> None:
        """The board (:attr:`layout`): its groups (or, while several are chosen, the groups to
        mark), the group buttons under it and the one card panel."""
        layout = self.layout
        assert layout is not None
        creatures, over = game.creatures(), game.outcome() is not None
        marking = self.marking and (not layout.creatures_only or (bool(creatures) and not over))
        view.lists["battlefield"] = layout.items(game, self.chosen_card(), self.marked,
                                                 marking=marking, action=self.pick_action)
        view.hidden["no-battlefield"] = bool(game.zones["battlefield"])
        board.group_buttons(view, creatures, self.marked, marking=marking, side=layout.side,
                            candidates=layout.candidates(game), over=over)
        chosen = self.chosen_card()
        card = next((c for c in layout.cards(game) if c.id == chosen), None)
        if card is None:
            board.panel_view(view, None)
            return
        group = board.group_of(self.board_groups(), card.id)
        title = board.chosen_title(card.name, card.id, card.tapped, group)
        zone = game.zones.where(card.id)[0]
        board.panel_view(
            view, card.name, title=title + ("" if zone == "battlefield" else f" (in the {zone})"),
            facts=self.card_facts(game)(card.name),
            buttons=self.panel_buttons(game, card, group, view), handling=self.handling(game),
            image=self.pictures.url(self, card.name),
            reference=board.reference_link(self.reference_deck(game, card), card.name))

    #: Buttons (``data-id`` -> the engine action's type) shown only while the engine takes
    #: that action now (its ``legal_actions()``: the turn buttons).
    legal_buttons: Mapping[str, str] = {}
    #: The card panel's buttons (``data-id`` -> page action of the table), each shown while
    #: the engine takes its action for the chosen card.
    panel_table: Mapping[str, str] = {}
    #: The engine's legal actions as the page was last drawn (with :attr:`legal_buttons` or
    #: :attr:`panel_table` declared).
    legal: list[Action] = []

    def panel_buttons(self, game: Any, card: Any, group: board.Group | None,
                      view: View) -> dict[str, bool]:
        """Which of the card panel's buttons (by ``data-id``) the chosen ``card`` offers now:
        :attr:`panel_table`'s by the engine's answer (a variant may add its own, and the
        panel's notes in ``view``)."""
        allowed = {action.type for action in self.legal if action.args.get("card") == card.id}
        return {key: self.buttons[action].type in allowed
                for key, action in self.panel_table.items()}

    @staticmethod
    def card_facts(game: Any) -> Callable[[str], Any]:
        """``name -> facts`` of the game's cards, as the card panel shows them."""
        lookup: Callable[[str], Any] = game.entry
        return lookup

    def reference_deck(self, game: Any, card: Any) -> str | None:
        """The shipped deck whose card reference page lists ``card`` (None: a pasted deck)."""
        return None

    def log_data(self, game: Game | None) -> dict[str, str]:
        """The log as data on :attr:`Screen.log_element` (the table log reads it): the events
        (kind and text), the actions, the seed and the variant."""
        if self.screen.log_texts:  # the older shape: the texts, the actions, the seed
            return {"data-events": "[]", "data-actions": "[]"} if game is None else {
                "data-events": json.dumps([e.text for e in game.events], ensure_ascii=False),
                "data-actions": json.dumps(game.actions, sort_keys=True), "data-seed": game.seed}
        if game is None:
            return {"data-events": "[]", "data-actions": "[]", "data-seed": "",
                    "data-variant": ""}
        return {"data-events": json.dumps([[e.kind, e.text] for e in game.events],
                                          ensure_ascii=False),
                "data-actions": json.dumps(game.actions, ensure_ascii=False, sort_keys=True),
                "data-seed": game.seed, "data-variant": game.variant}

    #: The lists of a pasted deck's card reference on the page, by variant: ``(format,
    #: {section: the config key of its card names, or of one card})`` pairs.
    own_lists: Mapping[str, tuple[tuple[str, Mapping[str, str]], ...]] = {}

    def shipped(self) -> bool:
        """True when the game's decks are shipped ones (its card reference is a page of the
        site): it has an :attr:`origin`."""
        return self.origin is not None

    def own_reference(self, game: Game) -> list[tuple[str, dict[str, list[str]]]] | None:
        """A pasted deck's lists for its card reference on the page (:attr:`own_lists`):
        ``(format, sections)`` pairs, or None for a shipped deck."""
        lists = self.own_lists.get(game.variant)
        if lists is None or self.shipped():
            return None

        def names(key: str) -> list[str]:
            value = game.config.get(key)
            return ([value] if value else []) if isinstance(value, str) else list(value or [])

        return [(kind, {section: names(key) for section, key in sections.items()})
                for kind, sections in lists]

    #: The rule sets of a page that plays several (variant -> its panel module, whose
    #: ``ONLY`` page actions belong to it alone; on another's game they are refused with its
    #: ``WRONG_BUTTON``).
    rule_sets: Mapping[str, Any] = {}

    def _dispatch(self, action: str, form: dict[str, str]) -> bool:
        """Run one page action; True if the game changed: the actions every runner has
        (:meth:`dispatch_common`), ``undo``, ``export``, else the engine action the table
        makes (:meth:`engine_action`); a rule set's own action on another's game is
        refused."""
        done = self.dispatch_common(action, form)
        if done is not None:
            return done
        if action in self.choose_actions:  # a card menu: the form holds the choice
            return False
        game = self._game()
        for panel in self.rule_sets.values():
            if action in panel.ONLY and game.variant != panel.VARIANT:
                raise ActionError(panel.WRONG_BUTTON)
        if action == "export":
            element, words = self.export_said
            if element:
                self.say(element, words.format(file=self.export_name()))
            return False
        if action == "undo":
            return self.undo(game, self.describe_action)
        follow = self.follow_group is None or action in self.follow_group
        group = self.chosen_group() if follow else None
        self.last = game.apply(self.engine_action(action, form))
        if follow:  # after a card-panel action the panel stays on the same group
            self.choose_card(board.next_in_group(group, self.chosen_card(),
                                                 game.zones["battlefield"], action))
        return True

    #: The page actions after which the card panel stays on the chosen card's group
    #: (:func:`.board.next_in_group`); None: after every action.
    follow_group: frozenset[str] | None = frozenset()

    #: How Undo names an action: None, in the engine's words (``nudge n=2``); else as
    #: :func:`plain_words` writes it, with ``(sort, spaced)``.
    undo_words: tuple[bool, bool] | None = None

    def describe_action(self, data: dict[str, Any]) -> str:
        """A short phrase for an undone action (:attr:`undo_words`)."""
        if self.undo_words is None:
            return Action.parse(data).text()
        return plain_words(data, sort=self.undo_words[0], spaced=self.undo_words[1])

    #: True: each action starts with no events shown (only what it did is "What just
    #: happened"); False: a quiet action shows the latest events again.
    forgets_last = False
    #: What the page says until the next action, by element id (:attr:`Screen.notes`).
    said: dict[str, str]

    def say(self, element: str, text: str) -> None:
        """Say ``text`` in ``element`` until the next action."""
        self.said[element] = text

    def before_action(self) -> None:
        """Forget what only the previous action showed (the notes, with :attr:`forgets_last`
        its events)."""
        self.said = {}
        if self.forgets_last:
            self.last = []

    #: How an error message is made a sentence (:func:`.plumbing.sentence`: what an empty one
    #: says, the endings that close one); None: as the engine words it.
    sentences: tuple[str, tuple[str, ...]] | None = None

    def sentence(self, text: str) -> str:
        """An error message as the page shows it (:attr:`sentences`)."""
        if self.sentences is None:
            return text
        return plumbing.sentence(text, empty=self.sentences[0], endings=self.sentences[1])

    #: The name of an exported game's file (``{seed}``: its seed), and where the page says
    #: so (element id, words with ``{file}``; "": nowhere).
    export_file = "game-{seed}.json"
    export_said: tuple[str, str] = ("", "")

    def export_name(self) -> str:
        """The exported game's file name (:attr:`export_file`)."""
        return self.export_file.format(seed=self._game().seed)

    def export_view(self, view: Any) -> None:
        """Offer the game as a file (``export``, when there is a game and no error), and say
        so (:attr:`export_said`)."""
        view.download = (self.export_name(), self._game().to_json())
        element, words = self.export_said
        if element:
            view.text[element] = words.format(file=self.export_name())

    #: Why a save is refused when it is not this runner's ("it is not a Horde runner save").
    not_a_save = "it is not a runner save"
    #: The fields a save's form may be cut to when restored (None: as saved).
    restore_limit: int | None = None
    #: The own-deck choice a save's choice falls back to when that deck is gone.
    own_choice = ""
    marking: bool
    marked: list[int]

    def fresh_form(self) -> dict[str, str]:  # pragma: no cover - subclasses implement it
        raise NotImplementedError

    #: Why a game of a variant this runner does not play is refused (``{variant}``: its id).
    wrong_game = "it holds a {variant!r} game, not one this page plays"

    def check_game(self, game: Game) -> Game:
        """``game`` if it is one this runner plays (:attr:`variants`), else ``ValueError`` in
        plain words (:attr:`wrong_game`)."""
        if game.variant not in self.variants:
            raise ValueError(self.wrong_game.format(variant=game.variant))
        return game

    def origin_data(self) -> dict[str, Any] | None:
        """What the game was set up from (the save's ``origin``): :attr:`origin`."""
        return self.origin

    def restore_origin(self, origin: dict[str, Any] | None) -> None:
        self.origin = origin if origin is not None else self.no_origin()

    #: True: a game with no set-up to name has an empty object as its :attr:`origin` (its
    #: saves write ``{}``), not None.
    origin_object = False

    def no_origin(self) -> dict[str, Any] | None:
        """The :attr:`origin` of no game (:attr:`origin_object`)."""
        return {} if self.origin_object else None

    #: Whether a save keeps the set-up box open and "What just happened" (the page reloaded
    #: shows them again).
    keeps_last = False

    def board_data(self) -> dict[str, Any]:
        """The runner's board as saved (besides the marked cards): the chosen card
        (:attr:`selected`, when one is), and with :attr:`keeps_last` the set-up box and the
        latest events."""
        if self.keeps_last:
            return {"selected": self.selected, "show_setup": self.show_setup,
                    "last": [[e.kind, e.text, e.cards] for e in self.last[:200]]}
        return {} if self.selected is None else {"selected": self.selected}

    def restore_board(self, board: dict[str, Any]) -> None:
        """Take back :meth:`board_data` (the game is restored already)."""
        selected = board.get("selected")
        self.selected = selected if isinstance(selected, int) and self.game is not None \
            else None
        if self.keeps_last:
            self.show_setup = bool(board.get("show_setup")) and self.game is not None
            self.last = [Event(entry[0], entry[1], [str(n) for n in entry[2]])
                         for entry in board.get("last") or []
                         if isinstance(entry, list) and len(entry) == 3
                         and isinstance(entry[0], str) and isinstance(entry[1], str)
                         and isinstance(entry[2], list)]

    def parts_data(self) -> dict[str, Any]:
        """What the shared parts keep, by their keys (own decks, the question form, the
        pictures known)."""
        return {part.key: part.save() for part in self.parts if part.key is not None}

    def restore_parts(self, parts: dict[str, Any]) -> None:
        for part in self.parts:
            if part.key is not None:
                part.restore(parts.get(part.key))

    def save(self) -> str:
        """The page's state in the runners' one save schema (:data:`STATE_VERSION`)."""
        return json.dumps(
            {"v": STATE_VERSION, "game": self.game.to_dict() if self.game else None,
             "origin": self.origin_data(), "form": self.form, "parts": self.parts_data(),
             "board": {"marked": self.marked if self.marking else None, **self.board_data()}},
            sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    def _restore(self, saved: str) -> None:
        """Take back :meth:`save` (older shapes are upgraded first, by the module's
        ``MIGRATIONS``, in :mod:`.saves`)."""
        data = plumbing.saved_state(saved, (STATE_VERSION,), self.not_a_save)
        form = self.fresh_form()
        limit = self.restore_limit
        form.update({k: str(v)[:limit] for k, v in (data.get("form") or {}).items()
                     if k in form})
        game = self.check_game(load_game(data["game"])) if data.get("game") is not None \
            else None
        origin = data.get("origin")
        if origin is not None and not isinstance(origin, dict):
            raise ValueError("its set-up is not an object")
        board = data.get("board") or {}
        parts = data.get("parts") or {}
        if not isinstance(board, dict) or not isinstance(parts, dict):
            raise ValueError("its page settings are not an object")
        self.restore_parts(parts)
        own_deck.keep_choice(form, self.own_decks, self.own_choice)
        self.form, self.game = form, game
        self.restore_origin(origin)
        marked = board.get("marked")  # several permanents chosen for a partial wipe
        self.marking = isinstance(marked, list) and game is not None
        self.marked = ([m for m in marked if isinstance(m, int)][:500]
                       if isinstance(marked, list) and self.marking else [])
        self.restore_board(board)

    # -- start: the save, then the share link -------------------------------------------------
    def start(self, saved: str | None) -> Any:
        """The page from a save and the share link. A save that cannot be restored raises
        (:class:`ValueError`/:class:`GameError`, plain words): :mod:`.saves` keeps it aside and
        starts afresh. A link that cannot be opened is a message; nothing changes."""
        note = self.restore_saved(saved)
        shared, problem = self.open_share(lambda link: self.from_share(self.decode(link)),
                                          after=" Nothing was changed.")
        if shared is not None:
            game, origin = shared
            if self.game is None or game.to_json() != self.game.to_json():
                self.adopt(game, origin)
                note = " ".join(filter(None, (
                    f"Opened a shared game: seed {game.seed}, {len(game.actions)} action(s).",
                    upgrade_note(game))))
        if not self.form["seed"]:
            self.form["seed"] = make_seed(self.env.entropy())
        view = self.render()
        view.error = problem
        view.note = note
        # a link that cannot be opened over no game clears the save; a note (a shared game
        # opened, a save upgraded) saves; else the save stays as the page read it
        view.save = "" if problem and self.game is None else self.save() if (
            problem or note) else None
        if problem:
            view.url_hash = self.share_hash()
        if self.game is not None:
            view.scroll = "top"
        return view

    def decode(self, text: str) -> dict[str, Any]:
        """The data a share-link fragment carries, :attr:`hash_prefix` and the default
        messages (a variant may have its own, :func:`share_codec`)."""
        return decode_share(self.hash_prefix, text, not_link="it is not a link of this page",
                            damaged="the link is damaged or incomplete",
                            no_game="the link holds no game")

    def adopt(self, game: Game, origin: dict[str, Any] | None) -> None:
        """Make a shared game the page's: its origin, no card chosen, the form showing its
        set-up (:meth:`form_from_game`), its latest events."""
        self.game, self.origin = game, origin
        self.choose_card(None)
        self.form_from_game(game, origin)
        self.last = list(game.events[-12:])

    def form_from_game(self, game: Game, origin: dict[str, Any] | None) -> None:
        """Show the set-up of a game that came from a link or a file: its seed, and on a page
        of several :attr:`rule_sets` its rule set and the set-up it was made from (the panel's
        ``form_from_setup``)."""
        self.form["seed"] = game.seed
        if self.rule_sets:
            self.form["variant"] = game.variant
            if origin is not None:
                self.rule_set(game.variant).form_from_setup(self.form, origin)

    # -- share links ---------------------------------------------------------------------------
    def share_data(self) -> dict[str, Any] | None:
        """What the share link of the game carries: the link version, the seed, the actions,
        the game schema they were played under, and the variant's :meth:`share_origin`."""
        if self.game is None:
            return None
        return {"v": SHARE_VERSION, "seed": self.game.seed, "a": self.game.actions,
                SHARE_SCHEMA: SCHEMA_VERSION, **self.share_origin(self.game)}

    def share_origin(self, game: Game) -> dict[str, Any]:
        """The variant's part of a share link: the rule set, and the set-up (``s``) the
        config is made again from, or the whole config (``c``) without one."""
        return {"variant": game.variant,
                **({"s": self.origin} if self.origin is not None else {"c": game.config})}

    def from_share(self, data: dict[str, Any]) -> tuple[Game, dict[str, Any] | None]:
        """The game a share link's data describes, replayed, and its origin; ``ValueError``
        in plain words if it is not one."""
        if data.get("v") != SHARE_VERSION:
            raise ValueError("it was made by another version of this page")
        seed, actions = data.get("seed"), data.get("a")
        if not isinstance(seed, str) or not isinstance(actions, list):
            raise ValueError("it has no seed or actions")
        variant, config, origin = self.shared_config(data)
        game = replay_shared(variant, config, seed, actions, data.get(SHARE_SCHEMA))
        return self.check_game(game), origin

    def shared_config(self, data: dict[str, Any]
                      ) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
        """``(variant, config, origin)`` from a share link's :meth:`share_origin` part."""
        variant, setup, config = data.get("variant"), data.get("s"), data.get("c")
        if variant not in self.variants:
            raise ValueError("it holds a game of another page")
        if isinstance(setup, dict):
            return str(variant), self.config_from_setup(setup), setup
        if not isinstance(config, dict):
            raise ValueError("it has no game set-up")
        return str(variant), config, None

    # -- import ------------------------------------------------------------------------------
    #: How a file that is not one of this runner's games is refused.
    not_a_file = "the file is not a game save"

    def _import(self, text: str) -> None:
        """A game exported as a file (``import``): it replays, or ``ValueError`` in plain
        words; the page then shows it from its first screen."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError("the file is empty")
        try:
            game = self.check_game(load_game(text))
        except (SaveError, ValueError) as error:
            raise ValueError(f"{self.not_a_file}: {error}") from None
        self.game, self.show_setup = game, False
        self.imported(game)
        self.last = [Event("import", f"Imported a game: seed {game.seed}, "
                           f"{len(game.actions)} action(s).")]

    def imported(self, game: Game) -> None:
        """What the variant makes of an imported game: no origin (its config travels whole),
        no card chosen, its seed in the form."""
        self.origin = None
        self.choose_card(None)
        self.form_from_game(game, None)

    def restore_saved(self, saved: str | None) -> str:
        """Restore ``saved`` (if any) with ``_restore`` (a broken shape: "the save is
        damaged"); the note for a save upgraded past a rules correction, else ""."""
        if not saved:
            return ""
        plumbing.restore(self._restore, saved)
        return upgrade_note(self.game)

    def open_share(self, read: Callable[[str], Any], *, after: str = "") -> tuple[Any, str]:
        """``(read(link), "")`` for the page's share link, ``(None, "")`` without one, or
        ``(None, message)`` (ending in ``after``) when it cannot be opened."""
        shared = str(getattr(self.env, "url_hash", "") or "").strip()
        if not shared.startswith(self.hash_prefix):
            return None, ""
        try:
            return read(shared), ""
        except (ValueError, GameError) as error:
            return None, f"The share link could not be opened: {error}.{after}"
        except plumbing.DAMAGED:
            return None, f"The share link could not be opened: it is damaged.{after}"

    def game_summary(self) -> tuple[str, int] | None:
        """``(seed, number of actions)`` of the game on the page, None without one."""
        return None if self.game is None else (self.game.seed, len(self.game.actions))

    def share_hash(self) -> str:
        """The share-link fragment of the current game, ``""`` without one."""
        data = self.share_data()
        return encode_share(self.hash_prefix, data) if data else ""

    #: The shared features this runner composes (:mod:`.parts`), set by the variant.
    parts: list[Part]
    #: The parts by kind, for the variant's render (set with :meth:`compose`).
    own: OwnDecks
    pictures: CardPictures

    def compose(self, *, own: OwnDecks, pictures: CardPictures, share_hint: str) -> None:
        """Take the shared parts: the share QR code, "How hard is this?", own decks (with the
        question form and the full card data) and card pictures."""
        self.own, self.pictures = own, pictures
        self.parts = [ShareCode(share_hint), HowHard(), own, pictures]

    # the parts' state under the runner's names (tests and the variants read them)
    @property
    def own_decks(self) -> dict[str, str]:
        return self.own.decks

    @property
    def questions(self) -> own_deck.Questions:
        return self.own.questions

    @property
    def full(self) -> own_deck.FullData:
        return self.own.full

    @property
    def images(self) -> Any:
        return self.pictures.images

    def handle(self, action: str, form: dict[str, str]) -> View:
        """Run one page action and return the page's new View: each part first (it may answer
        at once, or turn the action into another), then :meth:`step` with the variant's
        :meth:`_dispatch`; each part adds to the answer, then the variant
        (:meth:`finish`)."""
        work: Callable[[], bool] | None = None
        for part in self.parts:
            handled = part.handle(self, action, form)
            if isinstance(handled, View):
                return handled
            if isinstance(handled, tuple):
                action, form = handled
            elif handled is not None:
                work = handled
        view = self.step(action, form, work or (lambda: self._dispatch(action, form)))
        for part in self.parts:
            part.answered(self, action, form, view)
        return self.finish(action, form, view)

    def step(self, action: str, form: dict[str, str], work: Callable[[], bool]) -> Any:
        """Apply the page's fields, run ``work`` (True if the game changed) and answer: the
        error (as a sentence), the saved state, the export download and, when the game
        changed, a new share link; "what just happened" unless the action is quiet."""
        self.apply_form(form, self.field_limit)
        self.before_action()
        error = ""
        try:
            changed = work()
        except (ActionError, GameError, ValueError) as problem:
            error = self.sentence(str(problem))
            changed = False
        used = {} if error else self.used(action)
        for key, value in used.items():  # the N amount, the combat box: back to the default
            self.form[key] = value
        view = self.render()
        view.values.update(used)
        happened = error if error else happened_text(self.last) if action not in QUIET else ""
        if happened:  # one line, fixed on the screen and read out once (issue 27, 3 and 7)
            view.text["happened"] = happened
            view.hidden["happened"] = False
        view.error = error
        view.save = self.save()
        if action == "export" and self.game is not None and not error:
            self.export_view(view)
        if changed:
            view.url_hash = self.share_hash()
        return view

    # -- what the parts ask of the variant (pyengine/widgets/parts.py, Variant) --------------
    def is_own(self, deck: str) -> bool:
        """True for the choice of a pasted list or a deck saved on this device."""
        return bool(deck) and (deck == self.own_choice or deck.startswith(own_deck.MINE))

    def own_deck_shown(self) -> bool:
        """True while the set-up shows the own-deck box (its questions show then): an own
        deck is chosen, on a page of several :attr:`rule_sets` in one whose panel reads
        pasted lists (its ``OWN_DECKS``)."""
        if self.rule_sets and not getattr(self.rule_sets.get(self.form.get("variant", "")),
                                          "OWN_DECKS", False):
            return False
        return self.is_own(self.form.get("deck", ""))

    def deck_text(self, form: dict[str, str]) -> str:
        """The one list text of the own deck the form holds (saved, exported)."""
        return self.own.text(form)

    def fill_deck(self, form: dict[str, str], text: str) -> None:
        """Put a saved or uploaded list back into the form's box (or boxes)."""
        self.own.fill(form, text)

    def say_deck(self, note: str) -> None:
        """Show what an own-deck action did (in :attr:`Screen.deck_note`, else as the "what
        just happened" line)."""
        if note and self.screen.deck_note:
            self.say(self.screen.deck_note, note)
        elif note:
            self.last = [Event("deck", note)]

    def chosen_name(self) -> str | None:
        """The name of the card whose panel is open (with :attr:`chosen_on_board`, one the
        board shows), None without one."""
        card = self.chosen_card()
        if self.game is None or card is None:
            return None
        return next((c.name for c in self._choosable(self.game) if c.id == card), None)

    def _choosable(self, game: Game) -> list[Any]:
        """The cards a card button may take: with :attr:`chosen_on_board` the board's, else
        any of the game's."""
        if self.chosen_on_board and self.layout is not None:
            return self.layout.cards(game)
        return list(game.zones.all_cards())

    def render_parts(self, view: Any) -> None:
        """Each part's elements on the page."""
        for part in self.parts:
            part.render(self, view)

    def apply_form(self, form: Mapping[str, Any], limit: int) -> None:
        """Copy the page's form fields this runner knows, each cut to ``limit`` characters (an
        own deck's boxes to the longest list it reads, :attr:`.parts.OwnDecks.file_limit`)."""
        for key in self.form:
            if key in form:
                cut = self.own.file_limit if key in self.own.fields else limit
                self.form[key] = str(form[key])[:cut]

    def dispatch_common(self, action: str, form: Mapping[str, Any]) -> bool | None:
        """Run an action every runner has: True/False if the game changed (the share link is
        then renewed), None if ``action`` is not one of them. Any action but ``reset`` drops a
        pending reset question; ``reset-yes`` forgets the game and picks a fresh seed."""
        if action != "reset":
            self.confirm_reset = False
        if self.board_tap(action, form):
            return False
        if action == "setup":
            return False
        if action == "show-setup":
            self.show_setup = True
            return False
        if action == "new":
            self.fresh_seed()
            self.new_game()
            self.show_setup = False
            return True
        if action == "reset":
            self.confirm_reset = self.game is not None
            return False
        if action == "reset-no":
            return False
        if action == "new-seed":
            self.form["seed"] = make_seed(self.env.entropy())
            return False
        if action == "hide-setup":
            self.show_setup = False
            return False
        if action == "reset-yes":
            self.clear_game()
            self.form["seed"] = make_seed(self.env.entropy())
            return True
        if action == "import":
            self._import(form.get("_file", ""))
            return True
        return None

    # -- the board's own taps (a card's panel, "Choose several"): nothing happens at the table
    #: The board's tap that opens a card's panel, or closes it when it is that card's already
    #: (its ``_item`` is the card's id).
    pick_action = "pick"
    #: Field changes that open a card's panel too (a menu of the cards, its value the id).
    choose_actions: tuple[str, ...] = ()

    #: The form field (a card menu) that holds the chosen card; "": the runner keeps it
    #: (:attr:`selected`).
    card_field = ""

    def chosen_card(self) -> int | None:
        """The id of the card whose panel is open, None without one."""
        if self.card_field:
            card = self.form[self.card_field]
            return int(card) if card.isdigit() else None
        return self.selected

    def choose_card(self, card: int | None) -> None:
        """Open the panel on ``card`` (None: close it)."""
        if self.card_field:
            self.form[self.card_field] = "" if card is None else str(card)
        else:
            self.selected = card

    def chosen_group(self) -> board.Group | None:
        """The board's group of the chosen card (None: no card chosen, or not on the board)."""
        return board.group_of(self.board_groups(), self.chosen_card())

    def board_groups(self) -> list[board.Group]:
        """The board's groups of permanents (a game is started): the :attr:`layout`'s, or the
        battlefield grouped."""
        if self.layout is not None:
            return [group for group, _suffix in self.layout.groups(self._game())]
        return board.group_permanents(self._game().zones["battlefield"])

    def markable(self, group: board.Group) -> bool:
        """True if "Choose several" may mark ``group`` (what "Destroy the chosen" takes)."""
        return self.layout is None or self.layout.markable(self._game(), group)

    def board_tap(self, action: str, form: Mapping[str, Any]) -> bool:
        """Answer a tap on the board that changes nothing at the table; False if ``action`` is
        not one. The card panel (:attr:`pick_action`, ``close-panel``) and multi-select for a
        partial wipe: "Choose several" turns it on and off (the panel closes), and while it is
        on a tap on a group marks or unmarks all its cards."""
        if action == self.pick_action:
            card = item_id(form)
            self.choose_card(None if card == self.chosen_card() else card)
        elif action == "close-panel":
            self.choose_card(None)
        elif action == "choose-several":
            self.marking, self.marked = not self.marking, []
            self.choose_card(None)
        elif action == "mark":
            if self.marking and self.game is not None:
                group = board.group_of(self.board_groups(), item_id(form))
                if group is not None and self.markable(group):
                    self.marked = board.toggle_marks(self.marked, group)
        else:
            return False
        return True

    def show_wave(self, view: Any, revealed: list[str], cards: Iterable[Any]) -> None:
        """The cards the latest automated turn revealed, on the first screen (``wave``, its
        box shown): grouped in order, each a button that opens the card panel on the first
        of ``cards`` (still on the board) with its name, with its small picture once Scryfall
        gave it."""
        openable: dict[str, int] = {}
        for card in cards:
            openable.setdefault(card.name, card.id)
        view.lists["wave"] = board.wave_items(revealed, openable.get, action=self.pick_action)
        if self.pictures.on(self):
            for item, (name, _n) in zip(view.lists["wave"], board.group_names(revealed),
                                        strict=False):
                item.image, item.image_alt = self.pictures.url(self, name), name
        view.hidden["wave-box"] = False

    #: The automated side's latest turn, shown on the first screen (``wave``): the event kinds
    #: that start and end it (:func:`.board.turn_events`; "": the variant has none), and the
    #: lists it fills besides ``wave``, emptied before its first such turn.
    wave_start = ""
    wave_end: str | None = None
    wave_lists: tuple[str, ...] = ()

    def wave_events(self, game: Game) -> list[Event]:
        """The events of the automated side's latest turn (none before its first)."""
        return board.turn_events(game.events, self.wave_start, self.wave_end) \
            if self.wave_start else []

    def revealed_names(self) -> list[str]:
        """The cards the latest automated turn revealed (their pictures are asked for)."""
        events = self.wave_events(self.game) if self.game is not None else []
        return [name for e in events if e.kind == "reveal" for name in e.cards]

    def render_wave(self, game: Game, view: View) -> list[Event]:
        """The latest automated turn on the first screen: the cards it revealed, grouped in
        order, each opening the card panel on a card the board lists (:meth:`show_wave`); its
        events (none: the wave's box hidden, its lists empty)."""
        events = self.wave_events(game)
        if not events:
            self.no_wave(view, *self.wave_lists)
            return []
        self.show_wave(view, self.revealed_names(), self.layout.cards(game)
                       if self.layout is not None else game.zones["battlefield"])
        return events

    def handling(self, game: Any) -> Mapping[str, Any] | None:
        """How the engine's rules for each card kind are carried out (:attr:`card_handling`,
        else the game's own ``HANDLING``)."""
        return self.card_handling if self.card_handling is not None else \
            getattr(game, "HANDLING", None)

    def reminders(self, game: Any, events: list[Event], shown: list[str],
                  died: list[str]) -> list[Item]:
        """The trigger reminders of a turn (issue 27, point 5): of the cards ``shown``, of
        those still on the battlefield whose triggers come back, of those that ``died``; each
        left out once the turn's events carried it out."""
        facts, handling = self.card_facts(game), self.handling(game)
        return [Item(line) for line in board.carried_out(
            board.trigger_reminders(shown, facts, handling) + board.recurring_reminders(
                [c.name for c in game.zones["battlefield"]], facts, skip=shown,
                handling=handling) + board.died_reminders(died, facts, handling), events)]

    @staticmethod
    def no_wave(view: Any, *lists: str) -> None:
        """No automated turn yet: the wave's box hidden, its ``lists`` and attack line empty."""
        for key in ("wave", *lists):
            view.lists[key] = []
        view.text["attack"] = ""
        view.hidden["wave-box"] = True

    def finish(self, action: str, form: dict[str, str], view: View) -> View:
        """The variant's last word on an answer (where the page scrolls …). Here: a tap that
        opened a card's panel scrolls to it, and the panel's card is the one announcement;
        closing the panel, the tap that ends the game and the :attr:`Screen.top_after` actions
        go back to the top (the turn, the win or loss banner: issue 41); "show-setup" scrolls
        to the set-up. Life gained under a "can't gain life" is warned of
        (:attr:`Screen.life_note`)."""
        if self.screen.life_note and action == "life-up" and not view.error \
                and self.game is not None:
            self.warn_life(self.game, view)
        if not view.error and (action == "close-panel" or action in self.screen.top_after
                               or any(e.kind in ("win", "loss") for e in self.last)):
            view.scroll = "top"
        if (action == self.pick_action or action in self.choose_actions) and not view.error \
                and self.chosen_card() is not None:
            view.scroll = "panel"
            if view.text.get("chosen"):
                view.text["happened"] = view.text["chosen"]
                view.hidden["happened"] = False
        if action == "show-setup" and not view.error:
            view.scroll = self.screen.setup_box
        return view

    def warn_life(self, game: Game, view: View) -> None:
        """A warning when life is gained under a static "can't gain life" on the battlefield
        (issue 27, point 5): Undo if the players did not gain it."""
        blockers = board.cant_gain_life([c.name for c in game.zones["battlefield"]],
                                        self.card_facts(game))
        if blockers:
            side = self.layout.side if self.layout is not None else "automated side"
            warning = (f"Careful: {', '.join(blockers)} on the {side}'s battlefield says "
                       "players can't gain life. Tap Undo if the Survivors did not gain it.")
            view.text["happened"] = view.text[self.screen.life_note] = warning
            view.hidden["happened"] = False

    def fresh_seed(self) -> None:
        """A new game gets a new seed, unless the table ticks "Keep this seed" (``keep-seed``)
        or typed another seed: the seed still in the box from the game before would deal that
        game again."""
        if (self.game is not None and not self.form.get("keep-seed")
                and normalize_seed(self.form.get("seed", "")) == self.game.seed):
            self.form["seed"] = make_seed(self.env.entropy())

    #: The form's amount as its errors name it, and its least and greatest values.
    amount_range: tuple[str, int, int] = ("the amount", 1, 999)

    def _amount(self) -> int:
        """The form's amount (``amount``), a whole number in :attr:`amount_range`."""
        return plumbing.whole_number(self.form.get("amount", ""), *self.amount_range)

    #: The action table: page action -> :class:`Button` (the variant's declaration; actions
    #: that need more than the table says are the variant's :meth:`special_action`).
    buttons: Mapping[str, Button] = {}

    #: What a card button says without a card chosen (with :attr:`chosen_on_board`: without
    #: one the board shows).
    choose_first = "choose a card first"
    chosen_on_board = False

    def chosen_for_action(self) -> int:
        """The card a card-panel button acts on (the chosen one), or ``ActionError``
        (:attr:`choose_first`)."""
        card = self.chosen_card()
        if card is None or (self.chosen_on_board and (self.game is None or all(
                c.id != card for c in self._choosable(self.game)))):
            raise ActionError(self.choose_first)
        return card

    def menu_card(self, menu: str, missing: str) -> int:
        """The card id a form's card menu (the field ``menu``) holds, or ``ActionError``
        (``missing``: what the page says while none is chosen)."""
        try:
            return int(str(self.form.get(menu, "")))
        except ValueError:
            raise ActionError(missing) from None

    def engine_action(self, action: str, form: Mapping[str, Any]) -> Action:
        """The engine action a page action makes: from the table (:attr:`buttons`), else the
        variant's :meth:`special_action`."""
        button = self.buttons.get(action)
        if button is not None:
            return button.action(self, form)
        if self.layout is not None and action in (*board.GROUP_ACTIONS, "destroy-marked"):
            # a group button: the chosen card's group is the one "all but" keeps
            keep = board.group_of(self.board_groups(), self.chosen_for_action()) \
                if action == "destroy-all-but" else None
            made = self.layout.action(action, self._game(), self.marked, keep)
            if action == "destroy-marked":
                self.marking, self.marked = False, []
            return Action.parse(made)
        return self.special_action(action, form)

    def special_action(self, action: str, form: Mapping[str, Any]) -> Action:
        """A page action the table does not describe (the variant's own); by default none."""
        raise ValueError(f"unknown action {action!r}")

    def _game(self) -> Any:
        """The game, or ``ActionError`` when none is started."""
        if self.game is None:
            raise ActionError("start a game first")
        return self.game

    def undo(self, game: Game, describe: Callable[[dict[str, Any]], str]) -> bool:
        """Take back the game's last action; ``last`` says what was undone."""
        if not game.actions:
            raise ActionError("there is nothing to undo")
        undone = game.actions[-1]
        self.game = game.undo()
        self.last = [Event("undo", f"Undone: {describe(undone)}.")]
        return True
