"""The runners' "How hard is this?" box (pyengine/widgets/difficulty_part.py): the simulator's
figures for the set-up's deck and setting, before Start, with the table model's sliders."""

from __future__ import annotations

import pytest

from pyengine.widgets import difficulty_part, horde, swarm
from tests.test_widgets_pages import make_env

RUNS = 6


@pytest.fixture(autouse=True)
def fewer_runs(monkeypatch):
    """The page plays difficulty_part.RUNS (100) games; fewer keep the suite quick."""
    monkeypatch.setattr(difficulty_part, "RUNS", RUNS)


def test_horde_runner_measures_the_chosen_setting():
    """hs-7-2: the SlingLab setting in the set-up is the one simulated."""
    widget = horde.Widget(make_env())
    widget.start(None)
    view = widget.handle("how-hard", {"variant": "horde", "difficulty": "nightmare",
                                      "survivors": "2"})
    assert not view.error, view.error
    summary = view.text["how-hard-summary"]
    assert f"In {RUNS} simulated games" in summary
    # How sure: the 90% interval of the win rate, from the games it rests on.
    from pyengine.simulate import interval

    won = int(summary.split("the Survivors won ")[1].split("%")[0]) / 100
    low, high = interval(won, RUNS)
    assert f"with {RUNS} games the model's true chance of a win lies between {low:.0%} and " \
        f"{high:.0%} nine times in ten" in summary
    assert view.lists["how-hard-turns"][0].text.startswith("Turn 1: power attacking")
    assert widget.game is None  # nothing started


def test_sliders_change_the_model_and_the_figures():
    widget = horde.Widget(make_env())
    widget.start(None)
    base = {"variant": "horde", "difficulty": "classic", "survivors": "2"}
    default = widget.handle("how-hard", base).text["how-hard-summary"]
    mine = widget.handle("how-hard", {**base, "sim-mine": "on", "sim-damage": "15",
                                      "sim-removal": "3", "sim-blocks": "4"})
    assert "deals 15 damage" in mine.text["how-hard-summary"]
    assert mine.text["how-hard-summary"] != default


def test_limited_horde_and_swarm_runners():
    """lh-2-4, sw-13: Limited Horde and Swarm Hive Mind are measured; Overlord is not (a
    player decides)."""
    widget = horde.Widget(make_env())
    widget.start(None)
    view = widget.handle("how-hard", {"variant": "limited-horde"})
    assert not view.error and "simulated games" in view.text["how-hard-summary"]
    runner = swarm.Widget(make_env())
    runner.start(None)
    view = runner.handle("how-hard", {"mode": "hive", "survivors": "3", "deck": "sample"})
    assert not view.error and view.lists["how-hard-turns"]
    view = runner.handle("how-hard", {"mode": "overlord", "survivors": "3", "deck": "sample"})
    assert "Overlord" in view.error
