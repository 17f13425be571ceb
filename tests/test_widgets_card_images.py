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
    assert "Zombie" not in w.images.urls  # tried again when the panel opens again
    w.handle("close-panel", {})
    assert [f.tag for f in w.handle("pick", {"_item": str(card.id)}).fetches] == ["Zombie"]
    saving = game_with_tokens(save_data=True)
    view = saving.handle("pick", {"_item": str(saving.game.zones["battlefield"][0].id)})
    assert view.fetches == [] and view.values["images"] == ""


def horde_turn(w):
    """Play on until a Horde turn has revealed cards; the view of that tap."""
    for _ in range(20):
        view = w.handle("survivor-end", {})
        if w.game.status()["phase"] == "horde" and w.revealed_names():
            return view
        if w.game.status()["phase"] == "horde":
            w.handle("horde-end", {})
    raise AssertionError("no Horde turn revealed a card")


def collection_answer(names, found):
    """Scryfall's /cards/collection answer: ``found`` names with a small image, the rest
    not found."""
    data = [{"name": n, "image_uris": {"small": f"{card_images.IMAGE_HOST}small/{i}.jpg"}}
            for i, n in enumerate(names) if n in found]
    return json.dumps({"object": "list", "data": data,
                       "not_found": [{"name": n} for n in names if n not in found]})


def test_revealed_cards_images_one_batch_lookup():
    """hs-4-3: with pictures on, a Horde turn's revealed cards are looked up in one request
    (Scryfall's collection, each name once); the wave then shows each card's small image,
    alt text = name; a card Scryfall does not know shows as text, and nothing is asked twice."""
    w = game_with_tokens()
    view = horde_turn(w)
    names = list(dict.fromkeys(w.revealed_names()))
    [fetch] = [f for f in view.fetches if f.action == card_images.ACTION_MANY]
    assert (fetch.url, fetch.method) == (card_images.COLLECTION, "POST")
    assert json.loads(fetch.body) == {"identifiers": [{"name": n} for n in names]}
    assert all(item.image == "" for item in view.lists["wave"])  # not known yet
    found = set(names[:-1])
    view = w.handle(card_images.ACTION_MANY, {"_status": "200", "_tag": fetch.tag,
                                              "_body": collection_answer(names, found)})
    assert view.fetches == []
    shown = {item.image_alt: item.image for item in view.lists["wave"]}
    assert list(shown) == names
    for name in names:
        assert shown[name].startswith(card_images.IMAGE_HOST) == (name in found)
    again = w.handle("survivor-end", {})  # the same names: never looked up twice
    assert [f for f in again.fetches if set(f.tag.split("\n")) & set(names)] == []


def test_revealed_cards_no_request_when_off_saving_data_or_offline():
    """hs-4-3: pictures off, or a browser saving data: no lookup and no image, the wave is
    text. Offline: the failed names are not asked again each turn, only once the setting is
    turned on again."""
    off = game_with_tokens()
    off.handle("images", {"images": ""})
    view = horde_turn(off)
    assert view.fetches == [] and all(i.image == "" for i in view.lists["wave"])
    saving = game_with_tokens(save_data=True)
    view = horde_turn(saving)
    assert view.fetches == [] and all(i.image == "" for i in view.lists["wave"])
    w = game_with_tokens()
    view = horde_turn(w)
    [fetch] = [f for f in view.fetches if f.action == card_images.ACTION_MANY]
    view = w.handle(card_images.ACTION_MANY, {"_status": "offline", "_body": "",
                                              "_tag": fetch.tag})
    assert view.fetches == [] and view.lists["wave"]
    assert all(i.image == "" for i in view.lists["wave"])
    assert w.handle("close-panel", {}).fetches == []  # the same wave again: no request
    view = w.handle("images", {"images": "on"})
    assert [f.action for f in view.fetches] == [card_images.ACTION_MANY]


def test_known_images_survive_a_reload():
    """hs-6-8: the image addresses found are saved with the game, so a reload offline shows
    the pictures the service worker kept; a tampered address is dropped."""
    w = game_with_tokens()
    card = w.game.zones["battlefield"][0]
    w.handle("pick", {"_item": str(card.id)})
    body = json.dumps({"image_uris": {"small": SMALL}})
    saved = w.handle("card-image", {"_status": "200", "_body": body, "_tag": "Zombie"}).save
    again = Widget(runner_env(""), data=CARD_DATA)
    view = again.start(saved)
    assert view.attrs["panel-img"] == {"src": SMALL, "alt": "Zombie"}
    again.handle("close-panel", {})
    view = again.handle("pick", {"_item": str(card.id)})
    assert view.attrs["panel-img"]["src"] == SMALL
    assert [f for f in view.fetches if f.action == card_images.ACTION] == []  # known
    tampered = json.loads(saved)
    tampered["parts"]["images"] = {"Zombie": "https://evil.example/x.jpg", "Ghoul": 3}  # schema 2
    view = Widget(runner_env(""), data=CARD_DATA).start(json.dumps(tampered))
    assert view.hidden["panel-img"] is True and not view.error


def test_collection_names_faces_and_bound():
    """Two-faced cards answer to their front face's name; at most MAX_KNOWN names are kept
    (the oldest go first)."""
    images = card_images.CardImages()
    [fetch] = images.lookup_many(["Delver of Secrets", "Zombie", "Zombie"])
    assert fetch.tag == "Delver of Secrets\nZombie"
    answer = {"data": [{"name": "Delver of Secrets // Insectile Aberration",
                        "card_faces": [{"name": "Delver of Secrets",
                                        "image_uris": {"small": SMALL}},
                                       {"name": "Insectile Aberration"}]}]}
    images.response(card_images.ACTION_MANY, {"_status": "200", "_body": json.dumps(answer),
                                              "_tag": fetch.tag})
    assert images.urls == {"Delver of Secrets": SMALL, "Zombie": ""}
    assert images.lookup_many(["Zombie", "Delver of Secrets"]) == []
    for n in range(card_images.MAX_KNOWN + 5):
        images._know(f"Card {n}", "")
    assert len(images.urls) == card_images.MAX_KNOWN and "Zombie" not in images.urls


def test_offline_browser_sends_no_lookup():
    """hs-4-3: a browser that says it is offline (``navigator.onLine``) gets no lookup; the
    wave stays text."""
    w = game_with_tokens()
    for _ in range(20):
        view = w.handle("survivor-end", {"_online": ""})
        assert view.fetches == []
        if w.revealed_names():
            break
    assert w.revealed_names() and all(i.image == "" for i in view.lists["wave"])


def swarm_turn(save_data=False, online="on"):
    from pyengine.widgets.swarm import Widget as Swarm

    w = Swarm(replace(runner_env(""), save_data=save_data), data=CARD_DATA)
    w.start(None)
    assert not w.handle("new", {"seed": "amber-otter-17", "survivors": "2"}).error
    for _ in range(6):
        view = w.handle("turn", {"_online": online})
        if any(e.kind == "reveal" for e in w.game.events):
            return w, view
        w.handle("combat", {})
        w.handle("end", {})
    raise AssertionError("no Swarm Step revealed a card")


def test_swarm_step_revealed_cards_show_their_pictures():
    """sw-5-3: the Swarm Step's revealed cards are looked up in one request and show their
    small images (alt = name); the addresses are kept with the save; nothing is asked when
    pictures are off, the browser saves data or is offline."""
    w, view = swarm_turn()
    [fetch] = view.fetches
    assert fetch.action == card_images.ACTION_MANY and fetch.method == "POST"
    names = [i["name"] for i in json.loads(fetch.body)["identifiers"]]
    assert [item.text.split(" ×")[0] for item in view.lists["wave"]] == names
    view = w.handle(card_images.ACTION_MANY, {"_status": "200", "_tag": fetch.tag,
                                              "_body": collection_answer(names, set(names))})
    assert view.fetches == []
    assert [(i.image_alt, i.image.startswith(card_images.IMAGE_HOST))
            for i in view.lists["wave"]] == [(n, True) for n in names]
    restored = type(w)(runner_env(""), data=CARD_DATA)
    restored.start(view.save)
    assert restored.images.urls == w.images.urls
    view = w.handle("images", {"images": ""})
    assert view.fetches == [] and all(i.image == "" for i in view.lists["wave"])
    assert view.values["images"] == ""
    for quiet in (swarm_turn(save_data=True)[1], swarm_turn(online="")[1]):
        assert quiet.fetches == [] and all(i.image == "" for i in quiet.lists["wave"])


def test_swarm_card_panel_shows_the_picture():
    """sw-5-3: on the Swarm page too, opening a card's panel looks its picture up once, then
    shows it (alt = name) beside the facts; with pictures off the panel asks nothing and shows
    only the facts."""
    w, view = swarm_turn()
    [batch] = view.fetches  # the revealed cards' lookup fails (the phone went offline)
    w.handle(card_images.ACTION_MANY, {"_status": "offline", "_tag": batch.tag, "_body": ""})
    card = w.game.zones["battlefield"][0]
    view = w.handle("pick-card", {"_item": str(card.id)})
    assert [f.url for f in view.fetches] == [card_images.lookup(card.name).url]
    assert view.hidden["panel"] is False and view.hidden["panel-img"] is True
    assert view.text["panel-facts"]
    body = json.dumps({"image_uris": {"small": SMALL}})
    view = w.handle(card_images.ACTION, {"_status": "200", "_body": body, "_tag": card.name})
    assert view.attrs["panel-img"] == {"src": SMALL, "alt": card.name}
    assert view.hidden["panel-img"] is False
    w.handle("close-panel", {})
    assert w.handle("pick-card", {"_item": str(card.id)}).fetches == []  # looked up once
    w.handle("close-panel", {})
    w.handle("images", {"images": ""})
    view = w.handle("pick-card", {"_item": str(card.id)})
    assert view.fetches == [] and view.hidden["panel-img"] is True and view.text["panel-facts"]


def test_pictures_stop_being_asked_after_failures_in_a_row_and_say_so_once():
    """hs-3-3: on a Wi-Fi that answers every request with its sign-in page, or with no DNS,
    the page stops asking for pictures after a few failed lookups in a row and says so once;
    turning the setting off and on asks again. A good answer resets the count."""
    images = card_images.CardImages()
    images.lookup("Zombie")
    images.response(card_images.ACTION, {"_status": "offline", "_tag": "Zombie"})
    images.response(card_images.ACTION, {"_status": "200", "_body": "{}", "_tag": "Zombie"})
    assert images.failures == 0  # a readable answer: the connection works
    notices = []
    for number, name in enumerate(["A", "B", "C", "D"]):
        fetches = images.lookup(name)
        if number < card_images.MAX_FAILURES:
            assert fetches
        else:
            assert fetches == [] and images.lookup_many(["E", "F"]) == []
            continue
        images.response(card_images.ACTION, {"_status": "200", "_tag": name,
                                             "_body": "<html>Sign in to the Wi-Fi</html>"})
        notices.append(images.take_notice())
    assert notices[:-1] == ["", ""] and "stopped asking" in notices[-1]
    assert images.take_notice() == ""
    assert "A" not in images.urls  # a sign-in page is not "Scryfall has no picture"
    images.resume()
    assert images.lookup("A")
def test_a_deeply_nested_or_huge_scryfall_answer_is_read_as_no_image():
    """A Scryfall answer nested 100,000 deep or over the size limit never reaches anything
    recursive: it reads as "no image" (issue 28, point 5)."""
    from pyengine.widgets import card_images as module

    deep = "[" * 100_000 + "]" * 100_000
    huge = '{"data": [' + ",".join(['{"name": "x"}'] * 400_000) + "]}"
    for body in (deep, '{"image_uris": ' + deep + "}", huge):
        assert module.image_url("200", body) == ""


def test_a_deeply_nested_answer_to_a_lookup_is_read_within_the_sites_limits():
    """Issue 40: the check that an answer is JSON at all (not a Wi-Fi sign-in page) reads it
    with the site's depth limit too: a 100,000-deep answer to either lookup is a failed
    lookup, never a RecursionError after every turn."""
    deep = '{"data": ' + "[" * 100_000 + "]" * 100_000 + "}"
    images = card_images.CardImages()
    for action, tag in ((card_images.ACTION, "Zombie"), (card_images.ACTION_MANY, "A\nB")):
        images.response(action, {"_status": "200", "_body": deep, "_tag": tag})
    assert images.failures == 2 and images.url("Zombie") == ""
