"""A game from an own deck in a share link short enough for one QR code
(pyengine.widgets.share_ref, and the Horde runner opening such a link)."""

from __future__ import annotations

import gzip
from dataclasses import replace
from pathlib import Path

import pytest

from pyengine import files, qr
from pyengine.cards import config_facts
from pyengine.widgets import share_qr, share_ref
from pyengine.widgets.horde import Widget
from pyengine.widgets.own_deck import CARD_FACTS_URL, FULL_ACTION, FullData
from tests.helpers import CARD_DATA, runner_env

DECK = (Path(__file__).resolve().parent.parent / "bench" / "data"
        / "zombie-horde-triggers.txt").read_text(encoding="utf-8")
PAGE = "https://example.org/coop-magic/play/horde.html"


def full_text() -> str:
    return gzip.decompress((files.data_root() / files.CARD_FACTS).read_bytes()).decode("utf-8")


def site_env(url_hash: str = ""):
    """A runner Env reading the shipped facts as the site does (the full data is fetched)."""
    return replace(runner_env(url_hash), read_data=CARD_DATA.__getitem__)


def own_game() -> Widget:
    """A Horde game from the 100-card trigger-heavy list, a few turns in."""
    w = Widget(site_env(), data=None)
    w.start(None)
    w.handle("new", {"deck": "paste", "deck-paste": DECK, "survivors": "2"})
    w.handle(FULL_ACTION, {"_status": "200", "_body": full_text(), "_tag": FULL_ACTION})
    assert w.game is not None
    for _ in range(8):
        w.handle("survivor-end", {})
        if w.game.offers:
            w.handle("follow-offers", {})
        for spell in list(w.game.zones["stack"]):
            w.handle("done", {"_item": str(spell.id)})
        w.handle("horde-end", {})
    return w


def test_a_reference_makes_the_same_config_again_or_says_why_not():
    """hs-2-1: the deck by name and the facts the card data does not give, with a digest;
    the same card data makes the same config; other facts are refused in words."""
    db = FullData({"card-facts.tsv": full_text()}).db(files.load_card_db())
    config = {"deck": ["Grave Titan", "Zombie", "Zombie", "Homebrew"], "survivors": 2,
              "facts": {"Grave Titan": config_facts(db.get("Grave Titan")),
                        "Zombie": config_facts(db.get("Zombie")),
                        "Homebrew": {"type_line": "Creature", "power": "1", "toughness": "1",
                                     "mana_value": 1, "tags": []}}}
    ref = share_ref.pack(config, db)
    assert ref is not None and list(ref["own"]) == ["Homebrew"]
    assert ref["deck"] == [["Grave Titan", 1], ["Zombie", 2], ["Homebrew", 1]]
    assert share_ref.unpack(ref, db) == config
    with pytest.raises(share_ref.NeedsCardData):
        share_ref.unpack(ref, None)
    changed = dict(ref, d="0" * 16)
    with pytest.raises(ValueError, match="other card data"):
        share_ref.unpack(changed, db)
    with pytest.raises(ValueError, match="damaged"):
        share_ref.unpack({"deck": [["Zombie", -1]]}, db)


def test_a_game_with_an_own_deck_fits_one_qr_code_and_opens_on_another_phone():
    """hs-2-1: the 100-card own deck's game, eight Horde turns in, is one QR code (it was
    3,104 characters against 1,273); a phone without the full card data fetches it, then
    opens the same game."""
    w = own_game()
    fragment = w.share_hash()
    url = share_qr.share_url(PAGE, fragment)
    assert len(url) <= qr.capacity(share_qr.MAX_VERSION, share_qr.LEVEL), len(url)
    other = Widget(site_env(fragment), data=None)
    view = other.start(None)
    assert other.game is None and [f.url for f in view.fetches] == [CARD_FACTS_URL]
    assert view.error == ""
    view = other.handle(FULL_ACTION, {"_status": "200", "_body": full_text(),
                                      "_tag": FULL_ACTION})
    assert view.error == "" and other.game is not None
    assert other.game.to_json() == w.game.to_json()
    assert view.text["happened"].startswith("Opened a shared game")


def own_swarm(env=None):
    """A Swarm game from pasted lists (the sample decks with one homebrew card), turns in."""
    from pyengine.widgets.swarm import Widget as Swarm

    deck = (files.data_root() / "swarm" / "sample-swarm.txt").read_text(encoding="utf-8")
    enforcers = (files.data_root() / "swarm" / "sample-enforcers.txt").read_text(
        encoding="utf-8")
    w = Swarm(env or site_env(), data=None)
    w.start(None)
    homebrew = ("\n1 Gravecrawler\n#! Homebrew Ghoul | {1}{B} | Creature — Zombie | 2/2\n"
                "1 Homebrew Ghoul\n")  # a card of the full card data only, a homebrew card
    w.handle("new", {"deck": "paste", "paste": deck + homebrew, "paste-enforcers": enforcers})
    if w.game is None:  # a list that names cards of the full data fetches it first
        w.handle(FULL_ACTION, {"_status": "200", "_body": full_text(), "_tag": FULL_ACTION})
    assert w.game is not None, w.render().error
    for _ in range(40):  # the next turn button the page offers, as a player taps them
        for action in ("turn", "swarm-step", "combat", "second-main", "end", "next-survivor"):
            if not w.handle(action, {}).error:
                break
    assert len(w.game.actions) >= 30
    return w


def test_a_swarm_game_with_own_lists_fits_one_qr_code_and_opens_on_another_phone():
    """sw-2-5: a Swarm game from pasted lists goes by reference (its deck, Enforcers and
    Reckoning by name, the homebrew card's facts whole) when the whole config is past one
    QR code; a phone without the full card data fetches it, then opens the same game at
    the same step."""
    w = own_swarm()
    whole = share_ref.too_long(w.hash_prefix, w.game, {"c": w.game.config})
    fragment = w.share_hash()
    data = w.decode(fragment)
    assert share_ref.KEY in data and "c" not in data
    assert list(data[share_ref.KEY]["own"]) == ["Homebrew Ghoul"]
    assert isinstance(data[share_ref.KEY]["reckoning"], str)
    url = share_qr.share_url(PAGE, fragment)
    assert len(url) <= qr.capacity(share_qr.MAX_VERSION, share_qr.LEVEL), len(url)
    assert whole  # the whole config would not fit
    from pyengine.widgets.swarm import Widget as Swarm

    phone = Swarm(site_env(fragment), data=None)  # a fresh phone
    view = phone.start(None)
    assert phone.game is None and [f.url for f in view.fetches] == [CARD_FACTS_URL]
    view = phone.handle(FULL_ACTION, {"_status": "200", "_body": full_text(),
                                      "_tag": FULL_ACTION})
    assert view.error == "" and phone.game is not None
    assert phone.game.to_json() == w.game.to_json()
    assert [a.text() for a in phone.game.legal_actions()] == \
        [a.text() for a in w.game.legal_actions()]


def test_the_swarm_page_says_its_qr_code_sends_the_deck_by_name():
    """sw-2-5: the QR code of an own-list game is shown, and says that the deck goes by name
    (the other phone loads the card data first)."""
    w = own_swarm()
    view = w.handle("qr", {"_page": PAGE})
    assert view.hidden["qr-code"] is False and view.qr["qr-code"]
    assert "by name" in view.text["qr-note"]
