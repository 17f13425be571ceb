"""The Team Commander table page controller (pure: no browser). Each test names the rule anchor
of docs/team-commander/index.md it checks.

The seed ``cursed-adder-00`` makes players 1 and 2 tie on 8 across the split (4 players): they
reroll 17 and 16, so the teams are players 4 & 1 against players 2 & 3.
"""

from __future__ import annotations

import json

import pytest

from pyengine.rng import Rng
from pyengine.team_commander import draw_teams
from pyengine.widgets import Env, View
from pyengine.widgets import team as team_module
from pyengine.widgets import team as team_widget
from pyengine.widgets.saves import MemoryStorage, Session
from pyengine.widgets.team import ITEM_BUTTONS, PASTE, UNDO_DEPTH, Widget
from tests.helpers import refused
from tests.scenarios import cited, of_kind, trace

HOSTILE = '<img src=x onerror="window.__pwned=1">'
TIE_SEED = "cursed-adder-00"
DECK = ("Commander\n1 Atraxa, Praetors' Voice\nDeck\n"
        + "".join(f"1 Card {i}\n" for i in range(1, 31)) + "69 Forest\n")
SHIPPED = [
    {"id": "cmd-sample", "title": "Sample Commander deck", "format": "commander"},
    {"id": "horde-zombies", "title": "Zombies", "format": "horde"},
]


def make_env() -> Env:
    counter = iter(range(10_000))
    return Env(decks=SHIPPED, read_deck=lambda deck_id: DECK, entropy=lambda: next(counter))


def form(**fields: str) -> dict[str, str]:
    base = {"count": "4", "name1": "Alice", "name2": "Bob", "name3": "Cara", "name4": "Dan",
            "name5": "", "name6": "", "rotate": "", "fixed": "", "seed": TIE_SEED,
            "hand-player": "", "hand-deck": PASTE, "hand-paste": DECK, "hand-bottom": ""}
    base.update(fields)
    return base


def rolled(**fields: str) -> tuple[Widget, View]:
    widget = Widget(make_env())
    widget.start(None)
    return widget, widget.handle("roll", form(**fields))


def texts(view: View, list_id: str) -> list[str]:
    return [item.text for item in view.lists[list_id]]


def test_start_fresh():
    """tc-2-2: a fresh page asks for 4 players (6 optional) and shows no teams yet."""
    widget = Widget(make_env())
    view = widget.start(None)
    assert view.options["count"][0][0] == "4" and view.values["count"] == "4"
    assert view.hidden["name5-box"] and view.hidden["name6-box"] and not view.hidden["name4-box"]
    assert view.hidden["teams"] and view.hidden["play"]
    assert view.values["seed"] and view.save is None and view.error == ""
    assert view.options["hand-deck"] == [("cmd-sample", "Sample Commander deck"),
                                         (PASTE, "Paste a deck…")]


def test_roll_shows_every_die_and_marks_rerolls():
    """tc-2-2: every die is listed, the tie across the split is rerolled and shown as a reroll;
    tc-3-2: the team with the highest rolls starts and skips its first draw."""
    widget, view = rolled()
    assert view.error == ""
    rolls = widget.state["draw"]["rolls"]
    assert [(r["who"], r["value"], r["round"]) for r in rolls] == [
        ("Alice", 8, 1), ("Bob", 8, 1), ("Cara", 1, 1), ("Dan", 20, 1),
        ("Alice", 17, 2), ("Bob", 16, 2)]
    assert [cited(r["reason"]) for r in rolls] == [""] * 4 + ["tc-2-2"] * 2
    assert [item.cls for item in view.lists["dice"]] == ["roll"] * 4 + ["reroll"] * 2
    assert all(r["who"] in item.text and str(r["value"]) in item.text
               for r, item in zip(rolls, view.lists["dice"], strict=True))
    assert widget.state["draw"]["teams"] == [["Dan", "Alice"], ["Bob", "Cara"]]
    assert widget.state["draw"]["first"] == 0
    assert "Dan & Alice" in view.text["team0"] and "Bob & Cara" in view.text["team1"]
    assert "Dan & Alice" in view.text["starts"]
    assert view.text["dice-seed"] == f"Dice seed: {TIE_SEED}"
    assert not view.hidden["teams"] and not view.hidden["play"]
    assert view.values["seed"] != TIE_SEED  # a fresh seed waits for the next game
    expected = draw_teams(["Alice", "Bob", "Cara", "Dan"], Rng(TIE_SEED))
    assert json.loads(view.save)["state"]["draw"]["teams"] == [list(t) for t in expected.teams]


def test_bad_names_are_an_error_and_change_nothing():
    """tc-2-2: four distinct names are needed; the page says so and keeps its state."""
    widget = Widget(make_env())
    widget.start(None)
    view = widget.handle("roll", form(name4=""))
    refused(view, "4")
    assert view.hidden["teams"] and widget.undo_stack == []
    view = widget.handle("roll", form(name4="alice"))
    refused(view, "'alice'")
    assert view.hidden["teams"] and widget.undo_stack == []


def test_six_players_three_a_side():
    """tc-2-2, tc-3-3: six players make two teams of three at 50 life, each facing three
    commanders."""
    widget, view = rolled(count="6", name5="Eve", name6="Finn", seed="six-seed")
    assert not view.hidden["name5-box"] and not view.hidden["name6-box"]
    assert view.text["t0-life"] == "50" and view.text["t1-life"] == "50"
    assert view.text["t0-poison"] == "0 / 20"
    assert [view.hidden[f"t0-c{row}-row"] for row in range(3)] == [False, False, False]
    assert len(view.text["team0"].split(", ")) == 2  # "Team 1: A, B & C"


def test_fixed_teams_keep_the_order_entered():
    """tc-2-4: with fixed teams, players 1-2 play players 3-4 and a die per team picks the
    start (tc-3-2); fixed games are not added to the line-up history."""
    widget, view = rolled(fixed="on")
    assert widget.state["draw"]["teams"] == [["Alice", "Bob"], ["Cara", "Dan"]]
    assert {view.text["team0"], view.text["team1"]} == {"Team 1: Alice & Bob",
                                                         "Team 2: Cara & Dan"}
    assert texts(view, "dice")[0].startswith("Team 1 rolled")
    assert widget.state["history"] == []


def test_same_line_up_three_games_running_is_redrawn():
    """tc-2-3: with the option on, after three games with the same teams the roll is redrawn
    and the list says why."""
    widget = Widget(make_env())
    widget.start(None)
    teams = [list(t) for t in draw_teams(["Alice", "Bob", "Cara", "Dan"], Rng(TIE_SEED)).teams]
    widget.state["history"] = [teams] * 3
    info = widget.render().text["history-info"]
    assert "3" in info and "Dan & Alice" in info and "Bob & Cara" in info
    view = widget.handle("roll", form(rotate="on"))
    notes = [item.text for item in view.lists["dice"] if item.cls == "note"]
    assert notes and cited(notes[0]) == "tc-2-3"
    assert widget.state["history"][-1] != teams


def test_opening_hand_with_mulligans_and_keep():
    """tc-3-3: seven cards; tc-3-4: first mulligan free, the second puts one card on the bottom;
    tc-3-5: the commander is revealed after the keep."""
    widget, view = rolled()
    view = widget.handle("hand-draw", form(**{"hand-player": "Cara"}))
    assert view.error == ""
    assert view.values["hand-player"] == "Cara"
    assert len(view.lists["hand"]) == 7 and texts(view, "hand")[0].startswith("1. ")
    assert texts(view, "hand-command") == [
        "1 card face down in the command zone, revealed after the keep (TC 3.5)"]
    assert widget._hand("Cara").mulligans == 0
    assert view.text["hand-status"].startswith("Cara: no mulligan")
    assert view.hidden["hand-bottom-box"]
    view = widget.handle("hand-mulligan", form(**{"hand-player": "Cara"}))
    assert of_kind(widget._hand("Cara").events, "mulligan")[-1].data == {
        "mulligans": 1, "to_bottom": 0}
    assert view.text["hand-status"].startswith("Cara: 1 mulligan")
    view = widget.handle("hand-mulligan", form(**{"hand-player": "Cara"}))
    assert of_kind(widget._hand("Cara").events, "mulligan")[-1].data == {
        "mulligans": 2, "to_bottom": 1}
    assert view.text["hand-status"].startswith("Cara: 2 mulligans")
    assert "put 1 card" in view.text["hand-status"]
    assert not view.hidden["hand-bottom-box"]
    hand = texts(view, "hand")
    view = widget.handle("hand-keep", form(**{"hand-player": "Cara", "hand-bottom": "2,3"}))
    refused(view, "1 card", "not 2")
    assert not widget._hand("Cara").kept
    view = widget.handle("hand-keep", form(**{"hand-player": "Cara", "hand-bottom": "2"}))
    assert view.error == ""
    names = [text.split(". ", 1)[1] for text in hand]
    assert texts(view, "hand") == [f"{i}. {name}" for i, name in
                                   enumerate(names[:1] + names[2:], start=1)]
    assert texts(view, "hand-command") == ["Revealed: Atraxa, Praetors' Voice"]
    assert view.hidden["hand-actions"]
    assert trace(widget._hand("Cara").events[-2:]) == [
        ("keep", ", ".join(names[:1] + names[2:]), ""),
        ("reveal", "Atraxa, Praetors' Voice", "tc-3-5")]
    summary = texts(view, "hands")
    assert any("Cara" in line and "6 cards" in line and "Atraxa" in line for line in summary)
    # the revealed commander now names Cara's commander damage row on the other team
    assert view.text["t0-c0-name"] == "Commander damage from Bob's commander"
    assert view.text["t0-c1-name"] == ("Commander damage from Cara's commander (Atraxa, "
                                       "Praetors' Voice)")


def test_hand_from_a_shipped_commander_deck_and_problems():
    """tc-3-3: a shipped Commander deck deals a hand too; a pasted list's bad lines are listed
    with their line numbers."""
    widget, _ = rolled()
    view = widget.handle("hand-draw", form(**{"hand-deck": "cmd-sample"}))
    assert view.error == "" and len(view.lists["hand"]) == 7
    assert view.hidden["hand-paste-box"]
    view = widget.handle("hand-draw", form(**{"hand-paste": "4 Island\n-1 Bad\n"}))
    assert texts(view, "hand-problems")[0].startswith("Line 2:")
    view = widget.handle("hand-draw", form(**{"hand-paste": ""}))
    refused(view, "no cards")
    view = widget.handle("hand-draw", form(**{"hand-deck": "horde-zombies"}))
    assert "no shipped Commander deck" in view.error


@pytest.mark.skipif(not ITEM_BUTTONS, reason="the adapter has no list-item buttons")
def test_tapping_cards_chooses_them_for_the_bottom():
    """tc-3-4: tapping a card of the hand marks it for the bottom; tapping again unmarks it."""
    widget, _ = rolled()
    widget.handle("hand-draw", form())
    for _ in range(3):
        view = widget.handle("hand-mulligan", form())
    view = widget.handle("toggle-bottom", form(_item="5"))
    view = widget.handle("toggle-bottom", form(_item="2", **{"hand-bottom": view.values[
        "hand-bottom"]}))
    assert view.values["hand-bottom"] == "5,2"
    assert [item.pressed for item in view.lists["hand"]] == [False, True, False, False, True,
                                                             False, False]
    assert view.lists["hand"][1].action == "toggle-bottom"
    view = widget.handle("toggle-bottom", form(_item="5", **{"hand-bottom": "5,2"}))
    assert view.values["hand-bottom"] == "2"


def test_tracker_buttons_loss_banner_and_undo():
    """tc-3-3: two-player teams start at 40; tc-4-2: the loss banner appears at 15 poison;
    undo takes back the last change and the banner goes."""
    widget, view = rolled()
    assert view.text["t0-life"] == "40" and view.text["t1-life"] == "40"
    assert (widget._tracker().turn, widget._tracker().active) == (1, 0)
    assert cited(view.text["turn"]) == "tc-3-2"
    view = widget.handle("life:0:-5", form())
    assert view.text["t0-life"] == "35"
    for _ in range(15):
        view = widget.handle("poison:1:1", form())
    assert view.text["t1-poison"] == "15 / 15"
    assert not view.hidden["t1-banner"]
    loss = widget._tracker().events[-1]
    assert (loss.kind, loss.data["team"], cited(loss.text)) == ("loss", 1, "tc-4-2")
    assert cited(view.text["t1-banner"]) == "tc-4-2" and "Bob & Cara" in view.text["t1-banner"]
    assert "Dan & Alice" in view.text["result"] and not view.hidden["result"]
    assert view.attrs["t1"]["data-lost"] == "true"
    assert "poison +1" in view.text["undo-info"] and "Team 2" in view.text["undo-info"]
    view = widget.handle("undo", form())
    assert view.text["t1-poison"] == "14 / 15" and view.hidden["t1-banner"]
    assert view.hidden["result"]
    view = widget.handle("poison:0:-1", form())
    refused(view, "Team 1", "0 poison")
    assert view.text["t0-poison"] == "0 / 15"


def test_commander_damage_rows():
    """tc-4-3: one row per opposing commander; 21 from one commander shows the loss banner and
    the damage also comes off life."""
    widget, view = rolled()
    assert view.text["t0-c0-name"] == "Commander damage from Bob's commander"
    assert view.text["t0-c1-name"] == "Commander damage from Cara's commander"
    assert view.hidden["t0-c2-row"]
    for _ in range(4):
        view = widget.handle("cmd:0:1:5", form())
    assert view.text["t0-c1-value"] == "20 / 21"
    view = widget.handle("cmd:0:1:1", form())
    assert view.text["t0-c1-value"] == "21 / 21" and view.text["t0-life"] == "19"
    loss = widget._tracker().events[-1]
    assert (loss.kind, loss.data["team"], cited(loss.text)) == ("loss", 0, "tc-4-3")
    assert cited(view.text["t0-banner"]) == "tc-4-3" and "Cara" in view.text["t0-banner"]
    view = widget.handle("cmd:0:1:-5", form())
    assert view.text["t0-c1-value"] == "16 / 21" and view.hidden["t0-banner"]
    refused(widget.handle("cmd:0:2:1", form()), "commander")


def test_whole_team_loses_and_extra_turns():
    """tc-4-1: "a player lost" makes the whole team lose; tc-5-1: an extra turn is the team's."""
    widget, _ = rolled()
    view = widget.handle("extra-turn:1", form())
    assert widget._tracker().extra_turns == [1]
    assert view.text["extra-info"].endswith("Team 2")
    view = widget.handle("next-turn", form())
    assert (widget._tracker().active, widget._tracker().is_extra) == (1, True)
    assert "TC 5.1" in view.text["turn"]
    assert view.attrs["t1"]["data-active"] == "true"
    view = widget.handle("lose:1", form())
    assert cited(view.text["t1-banner"]) == "tc-4-1" and "Bob & Cara" in view.text["t1-banner"]
    newest = widget._tracker().events[::-1][:2]
    assert [(e.kind, e.data["team"], cited(e.text)) for e in newest] == [
        ("loss", 1, "tc-4-1"), ("team-loss", 1, "tc-4-1")]
    assert texts(view, "log")[:2] == [e.text for e in newest]
    refused(widget.handle("next-turn", form()), "over")


def test_reload_restores_everything_and_undo_still_works():
    """tc-3-4, tc-4-2: the saved state brings back teams, hands and totals after a reload, and
    undo still takes back the last change."""
    widget, _ = rolled()
    widget.handle("hand-draw", form(**{"hand-player": "Bob"}))
    before = widget.handle("life:1:-3", form(**{"hand-player": "Bob"}))
    again = Widget(make_env())
    view = again.start(before.save)
    assert view.error == "" and view.save is None
    for key in ("t1-life", "team0", "team1", "starts", "hand-status", "undo-info"):
        assert view.text[key] == before.text[key]
    assert view.lists["hand"] == before.lists["hand"]
    assert view.lists["dice"] == before.lists["dice"]
    view = again.handle("undo", form(**{"hand-player": "Bob"}))
    assert view.text["t1-life"] == "40"


def test_a_broken_save_starts_fresh_with_a_message():
    """tc-2-2: a save that cannot be read never breaks the page."""
    for saved in ("not json", json.dumps({"state": {"v": 99}}),
                  json.dumps({"state": {"v": 1, "tracker": {"schema": 1}}})):
        session = Session("team", team_module, make_env(), MemoryStorage({"game": saved}))
        view = session.start()
        refused(view, "table")
        assert session.storage.get("aside") == saved and session.storage.get("game") is None
        assert view.hidden["teams"] and view.hidden["saves"] is False


def test_hostile_names_stay_text():
    """tc-2-2: a name is only ever text: it comes back unchanged in text and list items."""
    widget, view = rolled(name2=HOSTILE)
    assert any(HOSTILE in text for text in texts(view, "dice"))
    assert HOSTILE in view.text["team1"] or HOSTILE in view.text["team0"]
    assert (HOSTILE, HOSTILE) in view.options["hand-player"]


def test_undo_depth_new_game_and_nothing_to_undo():
    """tc-2-3: a new game keeps names and the line-up history; undo is bounded and says when
    there is nothing left."""
    widget, _ = rolled()
    for _ in range(UNDO_DEPTH + 5):
        widget.handle("life:0:1", form())
    assert len(widget.undo_stack) == UNDO_DEPTH
    view = widget.handle("new-game", form())
    assert view.hidden["teams"] and widget.state["history"] and view.values["name1"] == "Alice"
    fresh = Widget(make_env())
    fresh.start(None)
    refused(fresh.handle("undo", form()), "undo")
    refused(fresh.handle("dance", form()), "'dance'")
    refused(fresh.handle("hand-draw", form()), "Roll")


def test_module_has_no_browser_imports():
    """The controller stays pure: it never imports the adapter."""
    assert "browser" not in vars(team_widget)


def test_life_loss_banner_is_a_full_sentence():
    """tc-4-1: a team at 0 life has lost; the banner names the team and the rule."""
    widget, view = rolled()
    for _ in range(8):
        view = widget.handle("life:1:-5", form())
    assert view.text["t1-life"] == "0"
    banner = view.text["t1-banner"]
    assert cited(banner) == "tc-4-1" and "Bob & Cara" in banner and "life" in banner
    assert widget.handle("show-setup", form()).scroll == "setup-box"
    view = widget.handle("hide-setup", form())
    assert view.hidden["setup-box"] is True and view.scroll == "top"


def test_a_version_1_table_is_upgraded_with_its_undo_steps():
    """tc-3-5: a table saved before the commander question (version 1) restores with no
    chosen commander, in its state and in each undo step, and Undo still works."""
    from pathlib import Path

    from pyengine.widgets.saves import prepare

    text = (Path(__file__).parent / "data" / "saves" / "team-v1.json").read_text("utf-8")
    upgraded, problem = prepare("team", team_module, text)
    assert problem is None
    data = json.loads(upgraded)
    assert data["state"]["v"] == team_module.STATE_VERSION == 2
    assert data["state"]["hand_chosen"] == []
    assert all(step["hand_chosen"] == [] for step in data["undo"])
    widget = Widget(make_env())
    view = widget.start(upgraded)
    assert view.error == ""
    if widget.undo_stack:
        assert widget.handle("undo", {}).error == ""


def test_what_just_happened_names_the_change():
    """tc-4-1: each tap on the tracker says what it changed in the one "what just happened"
    line; a refusal is said there too, and Undo says what it took back."""
    widget, _ = rolled()
    view = widget.handle("life:0:-3", form())
    assert "loses 3 life: now 37" in view.text["happened"]
    assert view.hidden["happened"] is False
    view = widget.handle("undo", form())
    assert view.text["happened"] == "Undone: life -3 for Team 1."
    view = widget.handle("poison:0:-1", form())
    assert view.error and view.text["happened"] == view.error
