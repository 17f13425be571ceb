"""The runners' parts (:mod:`pyengine.widgets.parts`) on their own (issue 45, point 4): the
share QR code, "How hard is this?", own decks and card pictures, each composed by the toy
coin-flip runner of ``tests/coin_flip.py`` and driven through the worker's message interface
(:class:`pyengine.widgets.host.Host`). The runners' rules on saves and links are hs-2-9."""

from __future__ import annotations

import json

import pytest

from pyengine.game import ActionError
from pyengine.widgets import parts
from pyengine.widgets.host import Host
from tests import coin_flip


@pytest.fixture(autouse=True)
def _coin_flip_registered():
    with coin_flip.registered():
        yield


def host(slots=None):
    return Host("coins", coin_flip.MODULE, coin_flip.env(), slots)


def tap(page, action, form=None):
    return page.answer(action, {**(form or {}), "_view": str(page.version)})


def started():
    page = host()
    page.answer_start()
    tap(page, "new", {"seed": "toy-seed"})
    return page


def test_the_runner_composes_the_four_parts_once():
    """hs-2-9: every runner has the same parts, each under its own key in the save."""
    page = host()
    page.answer_start()
    kinds = [type(part) for part in page.widget.parts]
    assert kinds == [parts.ShareCode, parts.HowHard, parts.OwnDecks, parts.CardPictures]
    saved = json.loads(page.widget.save())
    assert set(saved["parts"]) == {"own-deck", "images"}


def test_share_code_shows_the_link_as_a_qr_code_once():
    """hs-2-9: ``qr`` answers at once with the share link's code; the next answer hides it."""
    page = started()
    view = tap(page, "qr", {"_page": "https://example.test/play/coins/"})["view"]
    assert view["hidden"]["qr-box"] is False and view["qr"]["qr-code"]
    assert page.widget.game.actions == []  # nothing happened at the table
    view = tap(page, "nudge", {"amount": "1"})["view"]
    assert view["hidden"]["qr-box"] is True


def test_how_hard_says_when_a_variant_is_not_simulated():
    """hs-2-9: "How hard is this?" asks the runner for its engine config as Start makes it;
    a variant the simulator does not play is said in words, and nothing starts."""
    page = host()
    page.answer_start()
    view = tap(page, "how-hard", {"coins": "2"})["view"]
    assert "coin-flip" in view["error"] and page.widget.game is None


def test_own_decks_are_saved_exported_and_removed_on_the_device():
    """hs-2-9: a pasted list saved under a name stays in the page's save (a new worker reads
    it back), exports as a file named after it, and is removed on request."""
    page = host()
    page.answer_start()
    form = {"deck": "own", "deck-paste": "2 Coin\n", "deck-name": "Two coins"}
    answer = tap(page, "deck-save", form)
    assert answer["view"]["error"] == ""
    assert page.widget.own_decks == {"Two coins": "2 Coin\n"}
    again = host({"game": answer["writes"]["game"]})
    again.answer_start()
    assert again.widget.own_decks == {"Two coins": "2 Coin\n"}
    exported = tap(again, "deck-export", {**form, "deck": "mine:Two coins"})["view"]
    assert exported["download"][0].startswith("two-coins") and "2 Coin" in exported["download"][1]
    tap(again, "deck-remove", {"deck": "mine:Two coins"})
    assert again.widget.own_decks == {}
    assert "name" in tap(again, "deck-save", {**form, "deck-name": ""})["view"]["error"]


def test_card_pictures_ask_for_the_chosen_cards_image_and_keep_the_setting():
    """hs-2-9: with pictures on and the browser online, opening a card's panel asks Scryfall
    for its image; off, nothing is asked; the setting is saved with the page."""
    page = started()
    coin = page.widget.game.zones["battlefield"][0].id
    view = tap(page, "pick", {"_item": str(coin), "_online": "on"})["view"]
    assert [fetch["tag"] for fetch in view.get("fetches", [])] == ["Coin"]
    assert view["values"]["images"] == "on"
    tap(page, "pick", {"_item": str(coin)})  # closes the panel
    answer = tap(page, "images", {"images": ""})
    assert answer["view"]["values"]["images"] == ""
    view = tap(page, "pick", {"_item": str(coin), "_online": "on", "images": ""})["view"]
    assert not view.get("fetches")
    saved = json.loads(page.widget.save())
    assert saved["form"]["images"] == ""


def test_the_own_deck_box_shows_while_an_own_deck_is_chosen_and_keeps_a_long_list():
    """hs-1-3: the set-up's own-deck box (OwnDecks' ``box``) shows while the deck menu holds
    a pasted list, and the list's box keeps as much as the part reads from a file
    (``file_limit``), past the runner's limit for other fields."""
    page = started()
    assert tap(page, "setup", {"deck": ""})["view"]["hidden"]["own-box"] is True
    paste = "1 Coin\n" * 800  # 5,600 characters: past field_limit (2,000)
    view = tap(page, "setup", {"deck": "own", "deck-paste": paste, "coins": "x" * 3000})["view"]
    assert view["hidden"]["own-box"] is False
    assert page.widget.form["deck-paste"] == paste and len(page.widget.form["coins"]) == 2000


def test_an_own_list_is_read_once_for_every_runner():
    """hs-1-3: OwnDecks.read makes a runner's config from the own list: cards nobody knows go
    to the question form (one row a card, the refusal says so), and a commander the list
    marks is said with the side's rule (the Horde has none), whatever the runner."""
    from types import SimpleNamespace

    from pyengine import files
    from pyengine.widgets import own_deck

    own = parts.OwnDecks(None, own="own", fields=("deck-paste",), stem="coin-deck",
                         file_limit=100, loading_id="note", side="Horde",
                         why="the Horde has no commander (HS 1.3)")
    said: list[str] = []
    runner = SimpleNamespace(db=files.load_card_db(), say_deck=said.append, form={
        "deck-paste": "Commander\n1 Gisa, Glorious Resurrector\nDeck\n20 Zombie token\n"})
    assert own.read(runner, lambda: {"deck": ["Zombie"]}) == {"deck": ["Zombie"]}
    assert said and "Gisa, Glorious Resurrector" in said[0] and "HS 1.3" in said[0]

    def unknown():
        raise own_deck.UnknownCards("#! lines", ["Nobody Knows"])
    with pytest.raises(ActionError, match="questions"):
        own.read(runner, unknown)
    assert [q.written for q in own.questions.asked] == ["Nobody Knows"] and len(said) == 1
