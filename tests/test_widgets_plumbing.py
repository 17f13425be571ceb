"""The runners' small helpers (:mod:`pyengine.widgets.plumbing`) the runners share: the
Reckoning's place said as an ordinal, a token's typed size."""

from __future__ import annotations

import pytest

from pyengine.game import ActionError
from pyengine.widgets import plumbing


def test_an_ordinal_says_the_reckoning_s_place_from_the_top():
    """sw-6-2: The Reckoning's place in the library is said as "the 3rd card from the top"
    (the teens and the eleventh to thirteenth take "th")."""
    assert [plumbing.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_a_token_s_size_is_read_as_typed_and_checked():
    """hs-6-8: a token's power and toughness come from their boxes, each left out when
    blank, a whole number from 0 to 99; anything else is refused naming the box."""
    form = {"token-power": " 2 ", "token-toughness": ""}
    assert plumbing.token_size(form) == {"power": 2}
    assert plumbing.token_size({"token-power": "0", "token-toughness": "99"}) == {
        "power": 0, "toughness": 99}
    with pytest.raises(ActionError, match="toughness"):
        plumbing.token_size({"token-power": "", "token-toughness": "100"})
