"""The deck check's power part (pyengine/widgets/power_part.py): the bracket estimate under
the verdict, and a suggested setting for the table's decks, computed in the page's worker."""

from __future__ import annotations

from pyengine.widgets import power_part
from pyengine.widgets.check import Widget
from tests.test_widgets_pages import make_env

DECK = ("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Rhystic Study\n1 Armageddon\n"
        "1 Time Warp\n96 Forest\n")


def checked(fmt: str = "commander-horde"):
    widget = Widget(make_env())
    widget.start(None)
    view = widget.handle("check", {"format": fmt, "paste": DECK})
    if view.fetches:  # the full card data, as the page's adapter would answer
        from pyengine import files
        text = (files.data_root() / "card-facts.tsv.gz")
        import gzip
        body = gzip.decompress(text.read_bytes()).decode("utf-8")
        view = widget.handle("card-data", {"_status": "200", "_body": body, "_tag": "card-data"})
    return widget, view


def test_the_estimate_shows_under_the_verdict_with_its_cards():
    widget, view = checked()
    assert view.hidden["power-box"] is False
    assert view.text["power"].startswith("Power: Bracket 4-5")
    texts = [item.text for item in view.lists["power-reasons"]]
    assert any("Armageddon" in t for t in texts) and any("Time Warp" in t for t in texts)
    assert any("combos" in t for t in texts)
    assert "2026-02-09" in view.text["power-source"]


def test_no_estimate_for_a_limited_deck():
    _, view = checked("limited-horde")
    assert view.hidden["power-box"] is True


def test_the_suggestion_names_a_setting_per_variant_and_says_how_it_was_made():
    """Issue 42: the box says in a sentence what it suggests for which team, on how many games
    (never fewer than the suggestion's minimum), with each tried setting's 90% interval."""
    widget, _ = checked()
    view = widget.handle("suggest", {"format": "commander-horde", "paste": DECK,
                                     "others": "1 Llanowar Elves\n99 Forest\n---\n"
                                               "1 Cultivate\n99 Forest\n"})
    items = [item.text for item in view.lists["suggestions"]]
    assert items[0].startswith("Horde (SlingLab) for 3 Survivors: we suggest ") and \
        "Why:" in items[0]
    assert items[1].startswith("Tried (Survivors' wins, 90% interval): Custom, exile 40% ")
    assert items[2].startswith("Swarm Mode (Hive Mind) for 3 Survivors: we suggest Hive Mind")
    status = view.text["suggest-status"]
    assert status.startswith("Suggested settings for a team of 3 Survivors, one for each deck "
                             "pasted (estimated bracket 4-5, ")
    assert f"each setting rests on {power_part.RUNS} simulated games" in status
    assert power_part.RUNS >= 40 and "not a rule" in status


def test_a_new_list_clears_the_last_suggestion():
    """Issue 42: the suggestion was for the last list's decks; checking another list clears
    it instead of leaving it under the new verdict."""
    widget, _ = checked()
    suggested = widget.handle("suggest", {"format": "commander-horde", "paste": DECK,
                                          "others": ""})
    assert suggested.lists["suggestions"]
    view = widget.handle("check", {"format": "commander-horde",
                                   "paste": DECK.replace("96 Forest", "95 Forest\n1 Island")})
    assert view.text["suggest-status"] == "" and view.lists["suggestions"] == []
