"""One engine surface (issue 29 point 3): every engine answers ``outcome()`` (None while the
game goes on, else a :class:`pyengine.game.Outcome` with the winner, the reason and the rule
anchor that decided it) and ``legal_actions()``. Games come from ``tests/scenarios.py``."""

from __future__ import annotations

import dataclasses

import pytest

from pyengine.actions import Action, types_of
from pyengine.game import Outcome, Termination
from tests import scenarios


def test_outcome_is_a_frozen_value():
    """sw-12-1: an outcome is a value: equal by its fields, never changed in place."""
    outcome = Outcome("survivors", "the Swarm is gone", "sw-12-1", Termination.WON)
    assert outcome == Outcome("survivors", "the Swarm is gone", "sw-12-1", Termination.WON)
    assert outcome.table_won
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.winner = "swarm"  # type: ignore[misc]


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_every_engine_answers_the_surface(variant):
    """sw-12, hs-2-7, lh-7-1, tc-4-1: a starting game has no outcome and lists the action
    types that make sense now, each one the engine has a handler for."""
    game = scenarios.start(variant)
    assert game.outcome() is None
    legal = game.legal_actions()
    assert legal and all(isinstance(action, Action) for action in legal)
    assert set(types_of(legal)) <= set(scenarios.handlers(game))


def test_swarm_win():
    """sw-12-1: the Swarm deck and battlefield empty: the Survivors win."""
    game = scenarios.stacked("swarm", ["Walking Corpse"])
    scenarios.run(game, {"type": "damage", "amount": 1})
    assert game.outcome() == Outcome(
        "survivors", "The Survivors WIN: the Swarm deck and The Swarm's battlefield are both "
        "empty.", "sw-12-1", Termination.WON)
    assert game.legal_actions() == []


@pytest.mark.parametrize(("step", "rule"), [
    ({"type": "life", "amount": -40}, "sw-12-2"),
    ({"type": "survivor-poison", "amount": 10}, "sw-12-4"),
    ({"type": "deck-out"}, "sw-12-3"),
])
def test_swarm_loss(step, rule):
    """sw-12-2, sw-12-3, sw-12-4: life 0, ten poison counters or an empty deck: The Swarm
    wins, by the rule the loss event names."""
    game = scenarios.start("swarm")
    scenarios.run(game, step)
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.rule) == ("swarm", rule)
    assert outcome.termination is Termination.LOST
    assert outcome.reason.startswith("The Survivors LOSE")


def test_horde_win():
    """hs-2-7: no library, hand or creatures left: the Survivors win."""
    game = scenarios.stacked("horde", ["Walking Corpse"])
    scenarios.run(game, {"type": "hit", "n": 1})
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.rule) == ("survivors", "hs-2-7")
    assert outcome.termination is Termination.WON
    assert game.legal_actions() == []


def test_horde_loss():
    """hs-2-8: life 0 or less when a Horde turn ends: the Horde wins (not before)."""
    game = scenarios.stacked("horde", ["Walking Corpse"] * 6)
    scenarios.run(game, {"type": "life", "change": -game.life})
    assert game.outcome() is None
    scenarios.run_to(game, "horde")
    scenarios.run(game, "end-horde-turn")
    assert game.outcome() == Outcome("horde", "The Horde wins: the Survivors' life is 0",
                                     "hs-2-8", Termination.LOST)


def test_limited_horde_win():
    """lh-7-1: with the library empty the table confirms victory: the Survivors win."""
    game = scenarios.stacked("limited-horde", ["Walking Corpse"])
    scenarios.run(game, {"type": "hit", "n": 3})
    assert game.outcome() is None and Action("confirm-victory") in game.legal_actions()
    scenarios.run(game, "confirm-victory")
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.rule) == ("survivors", "lh-7-1")


def test_limited_horde_loss():
    """lh-1-1: the Survivors lose at 0 life (chosen: at once)."""
    game = scenarios.stacked("limited-horde", ["Walking Corpse"] * 4)
    scenarios.run(game, {"type": "life", "change": -game.life})
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.rule) == ("horde", "lh-1-1")
    assert outcome.termination is Termination.LOST


def test_team_commander_win_and_loss():
    """tc-4-2, tc-4-3, tc-4-1: a team that loses by poison or commander damage loses
    together, the other team wins; when both have lost nobody wins; a corrected total
    takes the outcome back."""
    game = scenarios.start("team-commander")
    scenarios.run(game, {"type": "poison", "team": 0, "amount": game.poison_limit})
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == game.label(1) and outcome.rule == "tc-4-2"
    assert outcome.termination is Termination.TEAM_WON
    legal = types_of(game.legal_actions())
    assert "next-turn" not in legal and "poison" in legal
    scenarios.run(game, {"type": "poison", "team": 0, "amount": -game.poison_limit})
    assert game.outcome() is None and Action("next-turn") in game.legal_actions()
    scenarios.run(game, {"type": "commander-damage", "team": 1, "commander": 0, "amount": 21})
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == game.label(0) and outcome.rule == "tc-4-3"
    scenarios.run(game, {"type": "life", "team": 0, "amount": -100})
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None and "draw" in outcome.reason
    assert outcome.termination is Termination.DRAWN


def test_opening_hand_has_no_outcome():
    """tc-3-4: an opening hand offers mulligan and keep until it is kept; it never ends in
    a win or a loss."""
    game = scenarios.start("team-commander-hand")
    assert game.legal_actions() == [Action("mulligan"), Action("keep")]
    scenarios.run(game, "keep")
    assert game.legal_actions() == [] and game.outcome() is None
