"""The Reckoning's one tap and the line that never hides it (pyengine.widgets.reckoning,
pyengine.widgets.runner.happened_text)."""

from __future__ import annotations

from pyengine.game import Event
from pyengine.widgets import reckoning
from pyengine.widgets.runner import happened_text
from tests.test_widgets_swarm import engine_game


def test_a_shortened_line_keeps_the_reckoning():
    """sw-8-5: damage that mills The Reckoning in the middle of other cards still names it in
    the one "what just happened" line."""
    events = [Event("damage", "The Swarm is dealt 5 damage: mill 5."),
              *[Event("mill", f"Milled card {n}.") for n in range(2)],
              Event("reckoning", "THE RECKONING: Army of the Damned is milled.",
                    ["Army of the Damned"]),
              *[Event("mill", f"Milled card {n}.") for n in range(2, 5)]]
    line = happened_text(events)
    assert line == ("The Swarm is dealt 5 damage: mill 5 … THE RECKONING: Army of the Damned "
                    "is milled … Milled card 4 (7 steps).")
    assert happened_text(events[:1] + events[-1:]) == \
        "The Swarm is dealt 5 damage: mill 5; Milled card 4."


def test_only_what_the_card_says_is_offered():
    """sw-6-4, sw-9-1: a Reckoning whose card makes tokens is offered as those tokens for the
    Swarm; a card that says nothing the engine can do, or no Reckoning at all, offers nothing."""
    game = engine_game()
    army = Event("reckoning", "THE RECKONING", ["Army of the Damned"])
    label, action = reckoning.offer(game, [army])
    assert label == "Resolve Army of the Damned: 13 Zombie tokens"
    assert action == {"type": "token", "name": "Zombie", "amount": 13}
    assert reckoning.offer(game, [Event("reckoning", "x", ["Grave Titan"])]) == ("", None)
    assert reckoning.offer(game, [Event("mill", "x", ["Army of the Damned"])]) == ("", None)
    assert reckoning.action(action) == action
