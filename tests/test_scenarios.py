"""tests/scenarios.py itself: stacked libraries, reaching a phase, zone checks, rule anchors."""

from __future__ import annotations

import pytest

from pyengine.game import Event
from tests import scenarios


@pytest.mark.parametrize("variant", ["swarm", "horde", "limited-horde"])
def test_stacked_library_is_the_deck_top_first(variant):
    deck = ["Zombie", "Walking Corpse", "Zombie"]
    game = scenarios.stacked(variant, deck + ["Walking Corpse"] * 20)
    assert scenarios.zones(game, "library")["library"][:3] == deck
    scenarios.assert_zones(game, graveyard=[])
    with pytest.raises(AssertionError):
        scenarios.assert_zones(game, graveyard=["Zombie"])


@pytest.mark.parametrize("variant, phase", [("horde", "horde"), ("limited-horde", "horde"),
                                            ("swarm", "combat")])
def test_run_to_reaches_the_phase_with_the_variants_own_turn_actions(variant, phase):
    game = scenarios.stacked(variant, ["Walking Corpse"] * 30)
    events = scenarios.run_to(game, phase)
    assert game.phase == phase and events
    assert scenarios.run_to(game, phase) == []  # already there


def test_run_to_fails_when_no_turn_action_gets_there():
    game = scenarios.start("team-commander-hand")
    with pytest.raises(AssertionError):
        scenarios.run_to(game, "nowhere", limit=3)


def test_rule_of_reads_data_then_the_cited_rule():
    assert scenarios.rule_of(Event("x", "text (TC 4.1)", [], {"rule": "sw-5-3"})) == "sw-5-3"
    assert scenarios.rule_of(Event("x", "Ann loses (a) (TC 4.1)")) == "tc-4-1"
    assert scenarios.rule_of(Event("x", "no rule here")) == ""
    assert scenarios.anchors([Event("x", "a (LH 2.4)"), Event("y", "b")]) == ["lh-2-4"]


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_a_walk_is_reproducible(variant):
    first, second = scenarios.start(variant, "w"), scenarios.start(variant, "w")
    scenarios.walk(first, "w", 15)
    scenarios.walk(second, "w", 15)
    assert first.to_json() == second.to_json()
