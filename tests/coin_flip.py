"""A toy variant (not a test module): a coin-flip game and its runner, declared the way a new
variant is (issue 45, point 4), so ``tests/test_runner.py`` and ``tests/test_parts.py`` test
:class:`pyengine.widgets.runner.RunnerBase` and the parts with no Horde or Swarm in sight.

* :class:`CoinFlip` - coins on the battlefield; the table flips an untapped one (the game's
  seeded Rng says heads or tails); ``target`` heads win, ``target`` tails lose. ``nudge``
  counts heads flipped at the table by hand.
* :class:`CoinRunner` - its runner: the set-up (coins, target), the action table
  (:data:`BUTTONS`), the page's frame, its board (untapped coins, then tapped ones) and the
  buttons the engine's legal actions show, all declared; the page, start, saves, links and
  the rest are ``RunnerBase``'s and the parts'.
* :data:`MODULE` - the widget module the worker's :class:`pyengine.widgets.host.Host`
  serves; :func:`registered` puts the variant in the engine's registry for a test.
"""

from __future__ import annotations

import contextlib
import types
from collections.abc import Iterator
from typing import Any

from pyengine import game as game_module
from pyengine.actions import Action
from pyengine.game import ActionError, Event, Game, Outcome, Termination
from pyengine.widgets import Env, View, board, plumbing, runner
from pyengine.widgets.contract import version_field
from pyengine.widgets.parts import CardPictures, OwnDecks

VARIANT = "coin-flip"


class CoinFlip(Game):
    """Coins on the battlefield, flipped until ``target`` heads (a win) or tails (a loss)."""

    variant = VARIANT
    zone_names = ["library", "battlefield", "graveyard"]

    def setup(self) -> list[Event]:
        self.heads = self.tails = 0
        self.target = int(self.config.get("target", 3))
        coins = int(self.config.get("coins", 2))
        for _ in range(coins):
            self.zones.add("battlefield", self.new_card("Coin"))
        return [Event("setup", f"{coins} coins: {self.target} heads win, {self.target} "
                      "tails lose")]

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "heads": self.heads, "tails": self.tails}

    def _coin(self, card: int) -> Any:
        if self.outcome() is not None:
            raise ActionError("the game is over")
        coin = next((c for c in self.zones["battlefield"] if c.id == card), None)
        if coin is None:
            raise ActionError(f"there is no coin #{card}")
        return coin

    def do_flip(self, card: int) -> list[Event]:
        coin = self._coin(card)
        if coin.tapped:
            raise ActionError(f"coin #{card} is tapped")
        heads = self.rng.below(2) == 0
        if heads:
            self.heads += 1
        else:
            self.tails += 1
        return [Event("flip", f"Coin #{card}: {'heads' if heads else 'tails'}", ["Coin"],
                      {"card": card})]

    def do_tap(self, card: int) -> list[Event]:
        coin = self._coin(card)
        coin.tapped = not coin.tapped
        return [Event("tap", f"Coin #{card} is {'tapped' if coin.tapped else 'untapped'}",
                      ["Coin"], {"card": card})]

    def do_nudge(self, n: int) -> list[Event]:
        if self.outcome() is not None:
            raise ActionError("the game is over")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ActionError("count 1 or more heads")
        self.heads += n
        return [Event("nudge", f"{n} heads counted by hand")]

    def creatures(self) -> list[Any]:
        """The coins on the battlefield (the board's group buttons act on them)."""
        return list(self.zones["battlefield"])

    def do_tap_all(self, cards: list[int], tapped: bool) -> list[Event]:
        for card in cards:
            self._coin(card).tapped = tapped
        return [Event("tap", f"{len(cards)} coin(s) {'tapped' if tapped else 'untapped'}")]

    def do_sweep(self, cards: list[int]) -> list[Event]:
        """Coins off the table, into the graveyard (the board's wipe)."""
        coins = [self._coin(card) for card in cards]
        for coin in coins:
            self.zones.move(coin.id, "graveyard")
        return [Event("sweep", f"{len(coins)} coin(s) swept off the table",
                      [c.name for c in coins])]

    def check_end(self) -> list[Event]:
        if self.heads >= self.target and not any(e.kind == "win" for e in self.events):
            return [Event("win", "The table wins: enough heads.")]
        if self.tails >= self.target and not any(e.kind == "loss" for e in self.events):
            return [Event("loss", "The table loses: too many tails.")]
        return []

    def outcome(self) -> Outcome | None:
        if self.heads >= self.target:
            return Outcome("table", "enough heads", "", Termination.WON)
        if self.tails >= self.target:
            return Outcome("coins", "too many tails", "", Termination.LOST)
        return None

    def legal_actions(self) -> list[Action]:
        if self.outcome() is not None:
            return []
        coins = self.zones["battlefield"]
        return ([Action.of("flip", card=c.id) for c in coins if not c.tapped]
                + [Action.of("tap", card=c.id) for c in coins] + [self.template("nudge")]
                + ([self.template("sweep")] if coins else []))


Button = runner.Button
#: The runner's action table: page action -> engine action.
BUTTONS = {"flip": Button("flip", card="card"), "tap": Button("tap", card="card"),
           "nudge": Button("nudge", amount="n")}


class CoinRunner(runner.RunnerBase):
    """The coin-flip runner: a declaration (variants, link prefix, action table, set-up, the
    page's frame, its board and the buttons the engine's legal actions show); start, saves,
    links, undo, reset, import, the page and the parts are ``RunnerBase``'s."""

    variants = (VARIANT,)
    hash_prefix = "c="
    own_choice = "own"  # the deck menu's pasted list
    buttons = BUTTONS
    screen = runner.Screen(event_classes={"win": "coin-win", "loss": "coin-loss"},
                           counts={"n-graveyard": "graveyard"}, expand_last=True,
                           top_after=frozenset({"new"}), undo_names=True)
    #: The board: untapped coins first, then the tapped ones, said so.
    layout = board.Layout((board.Shelf(lambda game: [c for c in game.creatures()
                                                     if not c.tapped]),
                           board.Shelf(lambda game: [c for c in game.creatures() if c.tapped],
                                       " · resting")),
                          side="coin", dies="sweep")
    #: The buttons the engine's legal actions show, and the card panel's.
    legal_buttons = {name: button.type for name, button in BUTTONS.items()}
    panel_table = {"do-flip": "flip", "do-tap": "tap"}

    def __init__(self, env: Env, data: Any = None) -> None:
        super().__init__(
            env, data, own=OwnDecks(data, own="own", fields=("deck-paste",), stem="coin-deck",
                                    file_limit=10_000, loading_id="note", box="own-box"),
            pictures=CardPictures(pick=("pick",)), share_hint="Export the game instead.",
            missing="No card data here.", errors=(OSError, KeyError))

    def fresh_form(self) -> dict[str, str]:
        return {"coins": "2", "target": "3", "seed": "", "keep-seed": "", "amount": "1",
                "deck": "", "deck-paste": "", "deck-name": "", "images": "auto"}

    def setup_from_form(self) -> dict[str, Any]:
        return {"variant": VARIANT,
                "coins": plumbing.whole_number(self.form["coins"], "the coins", 1, 9),
                "target": plumbing.whole_number(self.form["target"], "the target", 1, 20)}

    def config_from_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return {"coins": setup["coins"], "target": setup["target"]}

    @staticmethod
    def card_facts(game: Any) -> Any:
        return lambda name: {"type_line": "Artifact — Coin"}

    def render_game(self, game: Game, view: View) -> None:
        assert isinstance(game, CoinFlip)
        view.text["score"] = f"{game.heads} heads, {game.tails} tails"
        outcome = game.outcome()
        view.text["end"] = "" if outcome is None else outcome.termination.value


#: The widget module the worker's Host serves (:class:`pyengine.widgets.contract.WidgetModule`).
MODULE = types.SimpleNamespace(STATE_VERSION=runner.STATE_VERSION, MIGRATIONS={},
                               HASH_PREFIX="c=", SAVES="game", REPEATABLE=("nudge", "undo"),
                               saved_version=version_field, Widget=CoinRunner)


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """The coin-flip variant in the engine's registry (saves, links and files load it) for the
    block, gone after."""
    game_module.register(CoinFlip)
    try:
        yield
    finally:
        game_module._VARIANTS.pop(VARIANT, None)


def env(url_hash: str = "") -> Env:
    """An Env with no decks and no data files: the toy needs none."""
    return Env(decks=[], read_deck=lambda deck_id: "", entropy=lambda: 4242,
               url_hash=url_hash)
