"""The "sample deck or own lists" deck model (:mod:`pyengine.widgets.sample_or_own`) on its
own (issue 45, point 4): the coin-flip toy of ``tests/coin_flip.py`` given a declared set-up
and a sample deck, with no Swarm in sight. A game is its config, seed and actions (hs-2-9):
a sample game's link carries the declared options only, an own list's game its whole config.
"""

from __future__ import annotations

import types

import pytest

from pyengine.setup import Count, Setup
from pyengine.widgets import Env, runner
from pyengine.widgets.host import Host
from pyengine.widgets.sample_or_own import SampleOrOwn
from tests import coin_flip

SETUP = Setup((Count("coins", "Coins", 1, 9, 2, link="k"), Count("target", "Target", 1, 20, 3)))


class CoinDecks(SampleOrOwn, coin_flip.CoinRunner):
    """The toy's runner with a declared set-up, a shipped sample deck and pasted lists."""

    own_needed = (("deck-paste", "paste your coins, or choose the sample"),)

    def declared(self) -> Setup:
        return SETUP

    def sample_config(self, form):
        return {**SETUP.parse(form), "deck": self.env.read_deck("coin-sample").split()}

    def lists_config(self, form):
        return {**SETUP.parse(form), "deck": form["deck-paste"].split()}


MODULE = types.SimpleNamespace(**{**vars(coin_flip.MODULE), "Widget": CoinDecks})


@pytest.fixture(autouse=True)
def _coin_flip_registered():
    with coin_flip.registered():
        yield


def host(url_hash=""):
    env = Env(decks=[], read_deck=lambda deck_id: "Coin Coin", entropy=lambda: 4242,
              url_hash=url_hash)
    page = Host("coins", MODULE, env, None)
    page.answer_start()
    return page


def tap(page, action, form=None):
    return page.answer(action, {**(form or {}), "_view": str(page.version)})


def link_data(page):
    return runner.decode_share("c=", page.widget.share_hash(), not_link="", damaged="",
                               no_game="")


def test_a_sample_game_s_link_carries_the_declared_options_and_opens_again():
    """hs-2-9: with the sample deck the origin names it; the link carries the declared
    options under their link keys, and another phone makes the config again from its own
    copy of the sample deck."""
    page = host()
    answer = tap(page, "new", {"deck": "sample", "coins": "3", "target": "4", "seed": "s"})
    assert answer["view"]["error"] == ""
    assert page.widget.origin == {"d": "sample"} and page.widget.shipped()
    data = link_data(page)
    assert (data["d"], data["k"], data["target"]) == ("sample", 3, 4) and "c" not in data
    other = host(url_hash=page.widget.share_hash())
    assert other.widget.game.to_json() == page.widget.game.to_json()
    assert other.widget.origin == {"d": "sample"}
    assert (other.widget.form["deck"], other.widget.form["coins"]) == ("sample", "3")


def test_an_own_list_is_needed_then_travels_whole():
    """hs-2-9: Start with an empty own list is refused in the declared words; with a list
    the config travels whole in the link and opens as an own game."""
    page = host()
    refused = tap(page, "new", {"deck": "own", "deck-paste": " "})
    assert "paste your coins" in refused["view"]["error"] and page.widget.game is None
    tap(page, "new", {"deck": "own", "deck-paste": "Coin Coin Coin", "seed": "s"})
    assert page.widget.origin == {"c": True} and not page.widget.shipped()
    data = link_data(page)
    assert data["c"]["deck"] == ["Coin"] * 3 and "d" not in data
    other = host(url_hash=page.widget.share_hash())
    assert other.widget.game.to_json() == page.widget.game.to_json()
    assert other.widget.origin == {"c": True} and other.widget.form["deck"] == "own"


def test_an_imported_game_is_a_sample_game_only_when_its_config_is_the_sample_s():
    """hs-2-9: an imported game whose config is the sample deck's with its options shares
    as a sample game; any other keeps its whole config."""
    page = host()
    tap(page, "new", {"deck": "sample", "coins": "4", "seed": "s"})
    sample = page.widget.game.to_json()
    tap(page, "new", {"deck": "own", "deck-paste": "Coin", "seed": "s"})
    own = page.widget.game.to_json()
    other = host()
    assert tap(other, "import", {"_file": sample})["view"]["error"] == ""
    assert other.widget.origin == {"d": "sample"} and link_data(other)["k"] == 4
    assert tap(other, "import", {"_file": own})["view"]["error"] == ""
    assert other.widget.origin == {"c": True} and "c" in link_data(other)
