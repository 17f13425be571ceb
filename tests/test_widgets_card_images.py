"""Card images in the runner's card panel (pyengine.widgets.card_images and the Horde runner):
looked up on Scryfall when the panel opens, shown only from Scryfall's image host, a setting
turns them off, they start off when the browser saves data, offline the panel keeps the facts."""

from __future__ import annotations

import json
from dataclasses import replace

from pyengine.widgets import card_images
from pyengine.widgets.horde import Widget
from tests.helpers import CARD_DATA, runner_env

SMALL = "https://cards.scryfall.io/small/front/1/2/12.jpg?1"


def test_setting_and_save_data():
    assert card_images.images_on("auto", save_data=False) is True
    assert card_images.images_on("auto", save_data=True) is False
    assert card_images.images_on("on", save_data=True) is True
    assert card_images.images_on("", save_data=False) is False


def test_image_url_only_from_the_image_host():
    body = json.dumps({"name": "Zombie", "image_uris": {"small": SMALL}})
    assert card_images.image_url("200", body) == SMALL
    faces = json.dumps({"card_faces": [{"image_uris": {"small": SMALL}}, {}]})
    assert card_images.image_url("200", faces) == SMALL
    evil = json.dumps({"image_uris": {"small": "https://evil.example/x.jpg"}})
    assert card_images.image_url("200", evil) == ""
    assert card_images.image_url("404", "{}") == ""
    assert card_images.image_url("200", "not json") == ""
    assert card_images.image_url("offline", "") is None
    assert card_images.image_url("503", "") is None
    lookup = card_images.lookup('Yixlid "Jailer"')
    assert lookup.url == "https://api.scryfall.com/cards/named?exact=Yixlid%20%22Jailer%22"
    assert (lookup.action, lookup.tag) == ("card-image", 'Yixlid "Jailer"')


def game_with_tokens(save_data=False):
    env = replace(runner_env(""), save_data=save_data)
    w = Widget(env, data=CARD_DATA)
    w.start(None)
    w.handle("new", {"seed": "amber-otter-17", "survivors": "2"})
    w.handle("token", {"token": "Zombie", "amount": "2"})
    return w


def test_panel_image_after_the_lookup():
    """hs-6-8: opening the panel looks the card up once; the image then shows with the card's
    name as its text alternative; the facts stay beside it."""
    w = game_with_tokens()
    card = w.game.zones["battlefield"][0]
    view = w.handle("pick", {"_item": str(card.id)})
    assert [f.url for f in view.fetches] == [card_images.LOOKUP + "Zombie"]
    assert view.hidden["panel-img"] is True
    assert view.text["panel-facts"].startswith("Token Creature — Zombie · 2/2")
    body = json.dumps({"image_uris": {"small": SMALL}})
    view = w.handle("card-image", {"_status": "200", "_body": body, "_tag": "Zombie"})
    assert view.hidden["panel-img"] is False
    assert view.attrs["panel-img"] == {"src": SMALL, "alt": "Zombie"}
    w.handle("close-panel", {})
    assert w.handle("pick", {"_item": str(card.id)}).fetches == []  # looked up once


def test_images_off_and_offline():
    w = game_with_tokens()
    card = w.game.zones["battlefield"][0]
    view = w.handle("pick", {"_item": str(card.id), "images": ""})
    assert view.fetches == [] and view.hidden["panel-img"] is True and view.values["images"] == ""
    view = w.handle("images", {"images": "on"})
    assert [f.tag for f in view.fetches] == ["Zombie"]
    view = w.handle("card-image", {"_status": "offline", "_body": "", "_tag": "Zombie"})
    assert view.hidden["panel-img"] is True and view.text["panel-facts"]
    assert "Zombie" not in w.images  # tried again next time
    saving = game_with_tokens(save_data=True)
    view = saving.handle("pick", {"_item": str(saving.game.zones["battlefield"][0].id)})
    assert view.fetches == [] and view.values["images"] == ""
