"""pyengine/game.py, over every registered variant: a save loads back to the same game, a replay
of the actions reaches it, and undo is the game without its last action.

Each variant's game is driven by a seeded random walk over the engine's own legal actions
(``tests/scenarios.py``), so the round trip is checked in the states real play reaches.
"""

from __future__ import annotations

import pytest

from pyengine import game as game_module
from pyengine.game import ActionError, load_game
from tests import scenarios

STEPS = 40


def test_every_registered_variant_has_a_scenario():
    """A new variant gets a starting game in tests/scenarios.py, and with it these tests."""
    registered = {name for name, cls in game_module._VARIANTS.items()
                  if cls.__module__.startswith("pyengine.")}  # tests register their own too
    assert registered == set(scenarios.STARTS), registered ^ set(scenarios.STARTS)
    for variant in registered:
        assert game_module.find_variant(variant).variant == variant


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
@pytest.mark.parametrize("seed", ["round-trip-1", "round-trip-2"])
def test_save_replay_and_undo_round_trip(variant, seed):
    game = scenarios.start(variant, seed)
    record = scenarios.walk(game, seed, STEPS)
    accepted = [step for step, outcome in record if not isinstance(outcome, str)]
    assert accepted, f"{variant}: the walk made no legal move"
    assert len(game.actions) == len(accepted)

    saved = game.to_json()
    loaded = load_game(saved)
    assert type(loaded) is type(game)
    assert loaded.to_json() == saved
    assert [e.to_dict() for e in loaded.events] == [e.to_dict() for e in game.events]

    replayed = type(game).replay(game.config, game.seed, game.actions)
    assert replayed.to_json() == saved

    undone = game.undo()
    assert undone.actions == game.actions[:-1]
    assert undone.to_json() == type(game).replay(game.config, game.seed,
                                                 game.actions[:-1]).to_json()
    redone_events = undone.apply(game.actions[-1])
    assert undone.to_json() == saved
    assert [e.to_dict() for e in redone_events] == \
        [e.to_dict() for e in game.events[len(game.events) - len(redone_events):]]


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_a_fresh_game_has_nothing_to_undo(variant):
    with pytest.raises(ActionError, match="nothing to undo"):
        scenarios.start(variant).undo()


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_a_refused_action_changes_nothing(variant):
    """A refused action leaves no trace: the save is the same before and after."""
    game = scenarios.start(variant)
    scenarios.walk(game, "refused", 10)
    before = game.to_json()
    with pytest.raises(ActionError):
        game.apply({"type": "no-such-action"})
    assert game.to_json() == before
