"""The shuffler page's controller, driven without a browser."""

from __future__ import annotations

import json

from pyengine import files
from pyengine.shuffler import shuffle_cards
from pyengine.widgets import Env, paste_too_big
from pyengine.widgets import shuffler as shuffler_module
from pyengine.widgets.saves import MemoryStorage, Session
from pyengine.widgets.shuffler import PASTE, Widget


def env() -> Env:
    index = files.load_deck_index()
    paths = {d["id"]: d["path"] for d in index}
    return Env(
        decks=index,
        read_deck=lambda deck_id: (files.data_root() / paths[deck_id]).read_text("utf-8"),
        entropy=lambda: 1234,
    )


def test_start_offers_every_shipped_deck_and_a_paste_option():
    view = Widget(env()).start(None)
    ids = [value for value, _ in view.options["deck"]]
    assert ids[-1] == PASTE and "limited-horde-zombies" in ids
    assert view.values["seed"]  # a readable seed is offered at once


def test_shuffle_matches_the_engine_and_shows_a_hand():
    widget = Widget(env())
    view = widget.handle("shuffle", {"deck": "horde-knudson-zombies-2011", "seed": "Bold Owl 3",
                                     "draw": "7"})
    cards = files.load_deck("horde-knudson-zombies-2011").cards("main")
    expected = shuffle_cards(cards, "bold-owl-3").order
    assert json.loads(view.attrs["result"]["data-order"]) == list(expected)
    assert [item.text for item in view.lists["hand"]] == list(expected[:7])
    assert view.values["seed"] == "bold-owl-3"


def test_pasted_deck_problems_have_line_numbers_and_the_rest_is_shuffled():
    view = Widget(env()).handle(
        "shuffle", {"deck": PASTE, "seed": "s", "draw": "2", "paste": "2 Island\n???\n1 Forest"}
    )
    assert [item.text.split(":")[0] for item in view.lists["problems"]] == ["Line 2"]
    assert len(view.lists["order"]) == 3
    assert len(view.lists["hand"]) == 2


def test_bad_inputs_give_messages_not_crashes():
    widget = Widget(env())
    assert "whole number" in widget.handle("shuffle", {"deck": PASTE, "draw": "x"}).error
    assert "no cards" in widget.handle("shuffle", {"deck": PASTE, "paste": "", "seed": "a"}).error
    assert "no shipped deck" in widget.handle("shuffle", {"deck": "nope", "seed": "a"}).error


def test_saved_settings_come_back_and_corrupt_saves_start_fresh():
    widget = Widget(env())
    view = widget.handle("new-seed", {"deck": PASTE, "seed": "", "paste": "1 Island", "draw": "7"})
    restored = Widget(env()).start(view.save)
    assert restored.values["paste"] == "1 Island" and restored.values["deck"] == PASTE
    session = Session("shuffler", shuffler_module, env(), MemoryStorage({"game": "{not json"}))
    broken = session.start()
    assert broken.error and session.storage.get("aside") == "{not json"
    assert session.storage.get("game") != "{not json"


def test_huge_pastes_get_a_clear_answer_at_once():
    """Hardening: a 1 MB or 100,000-line paste is refused with a message, not read."""
    widget = Widget(env())
    for paste in ("1 Island\n" * 100_000, "x" * 1_000_001):
        view = widget.handle("shuffle", {"deck": PASTE, "seed": "s", "paste": paste})
        assert view.error == paste_too_big(paste)
        assert "order" not in view.lists


def test_pastes_the_browser_would_freeze_on_are_refused_and_the_limits_read():
    """Issue 40, point 5: text the browser takes over 200 ms to show in a box is refused
    (2,001 lines; over 1,000 right-to-left letters, emoji or joining marks, as mixed-direction
    text and emoji lay out far slower than their length), and a list just inside the limits
    is read."""
    from pyengine.widgets import MAX_PASTE_COMPLEX, MAX_PASTE_LINES

    widget = Widget(env())
    most = MAX_PASTE_COMPLEX
    for paste in ("1 Island\n" * MAX_PASTE_LINES, "1 \u05d0a Island\n" * (most + 1),
                  "\u202e" * (most + 1), "1 \U00010900\n" * (most + 1),
                  "1 Elf \U0001f468\u200d\U0001f469\n" * (most // 3 + 1)):
        view = widget.handle("shuffle", {"deck": PASTE, "seed": "s", "paste": paste})
        assert view.error and view.error == paste_too_big(paste)
        assert "order" not in view.lists
    for paste in ("1 Island\n" * (MAX_PASTE_LINES - 1) + "1 Island",
                  "1 \u05d0 Island\n" * most, "1 J\u00f6tun Grunt\n" * (MAX_PASTE_LINES - 1)):
        assert paste_too_big(paste) is None
        view = widget.handle("shuffle", {"deck": PASTE, "seed": "s", "paste": paste})
        assert view.error is None or "reads at most" not in view.error


def test_drawing_more_than_the_deck_says_how_many_were_drawn():
    """Asking for the top 100 of a 21-card deck draws (and says) all 21; a smaller draw says
    "top N"."""
    widget = Widget(env())
    paste = "20 Swamp\n1 Gravecrawler\n"
    view = widget.handle("shuffle", {"deck": PASTE, "paste": paste, "seed": "amber-otter-17",
                                     "draw": "100"})
    assert view.text["summary"] == ("21 cards shuffled with seed amber-otter-17; all 21 drawn "
                                    "(100 asked for).")
    assert len(view.lists["hand"]) == 21
    view = widget.handle("shuffle", {"deck": PASTE, "paste": paste, "seed": "amber-otter-17",
                                     "draw": "7"})
    assert view.text["summary"].endswith("; top 7 drawn.")
