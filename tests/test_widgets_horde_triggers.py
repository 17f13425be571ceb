"""The Horde runner's trigger buttons (pyengine.widgets.horde_triggers); the page's round trip
is in tests/test_widgets_horde.py."""

from __future__ import annotations

import pytest

from pyengine.game import ActionError
from pyengine.widgets import View, horde_triggers
from tests.helpers import act, to_horde_turn
from tests.scenarios import on_board
from tests.test_horde import FILLER, _with, game


def test_buttons_say_the_count_and_how_the_tokens_enter():
    """hs-3-9, hs-4-2: a trigger the engine carried out (Grave Titan's two Zombies as it
    attacks) has no button; one whose X the card leaves to the table has a button that says
    how its tokens enter (tapped and attacking, as its text says), and the X box shows."""
    g = game(["Walking Corpse"] * 3 + FILLER)
    to_horde_turn(g)
    act(g, "end-horde-turn")
    (titan,) = on_board(g, "Grave Titan")
    raider = _with(g, "Raider", ["attacks=X_Zombie_tapped_attacking"])
    act(g, "end-survivor-turn")
    view = View()
    horde_triggers.render(g, view)
    assert [i.text for i in view.lists["trigger-offers"]] == [
        "Raider (attacks): make X Zombie token(s), tapped and attacking (X as typed above)"]
    assert view.lists["trigger-offers"][0].value == f"{raider.id}:attacks"
    assert view.hidden["trigger-n-box"] is False
    assert titan.id in g.attacking
    act(g, "trigger-tokens", card=raider.id, trigger="attacks", n=2)
    view = View()
    horde_triggers.render(g, view)
    assert view.lists["trigger-offers"] == [] and view.hidden["trigger-n-box"] is True


def test_a_tap_reads_the_card_the_moment_and_the_typed_x():
    """hs-3-9: the button's value names the card and the trigger; X is read only when typed;
    a damaged value is refused in words."""
    assert horde_triggers.action("12:upkeep", " 3 ") == {
        "type": "trigger-tokens", "card": 12, "trigger": "upkeep", "n": 3}
    assert horde_triggers.action("12:attacks", "") == {
        "type": "trigger-tokens", "card": 12, "trigger": "attacks"}
    with pytest.raises(ActionError, match="not waiting"):
        horde_triggers.action("x:upkeep", "")
    with pytest.raises(ActionError, match="not waiting"):
        horde_triggers.action("3:dies", "")
