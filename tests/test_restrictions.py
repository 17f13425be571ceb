"""pyengine/restrictions.py: conditional "can't attack" and "can't block" kept as conditions --
checked on the automated side's board where the engine can see it, handed to the table where it
cannot (sw-9-3, sw-13-12, hs-4-1, lh-4-2)."""

from __future__ import annotations

import pytest

from pyengine.restrictions import Member, Side, holds, table_check

ME = Member(1, frozenset({"goblins"}), 2)


def _side(*others: Member, graveyard: int = 0) -> Side:
    return Side((ME, *others), graveyard)


@pytest.mark.parametrize("condition, side, expected", [
    ("", _side(), True),  # no condition: always
    ("unless_you_control_another_zombie", _side(), True),
    ("unless_you_control_another_zombie", _side(Member(2, frozenset({"zombies"}), 2)), False),
    ("unless_you_control_another_goblin", _side(), True),  # itself is no "another"
    ("unless_you_control_a_goblin_or_orc", _side(), False),  # "a": itself counts
    ("unless_you_control_a_knight_or_a_soldier", _side(Member(2, frozenset({"soldiers"}), 1)),
     False),
    ("unless_you_control_at_least_three_other_creatures",
     _side(*(Member(i, frozenset(), 1) for i in (2, 3))), True),
    ("unless_you_control_at_least_three_other_creatures",
     _side(*(Member(i, frozenset(), 1) for i in (2, 3, 4))), False),
    ("unless_you_control_another_creature_with_power_4_or_greater",
     _side(Member(2, frozenset(), 4)), False),
    ("unless_you_control_another_creature_with_power_4_or_greater",
     _side(Member(2, frozenset(), 3)), True),
    ("unless_there_are_seven_or_more_cards_in_your_graveyard", _side(graveyard=6), True),
    ("unless_there_are_seven_or_more_cards_in_your_graveyard", _side(graveyard=7), False),
])
def test_a_condition_on_the_automated_side_is_checked(condition, side, expected):
    """sw-9-3, hs-4-1: a restriction whose condition the engine can see on its own side's board
    applies (True) or is lifted (False); none is read as "never"."""
    assert holds(condition, side, ME) is expected


@pytest.mark.parametrize("condition", [
    "alone",  # the engine works it out from the other attackers or blockers
    "unless_defending_player_controls_an_island",  # the Survivors' board
    "unless_you_pay_2",  # a payment
    "creatures_with_power_2_or_greater",  # depends on the attacker it would block
    "unless_you_have_seven_or_more_cards_in_hand",
    "unless_you_control_an_artifact",  # not a creature type
])
def test_a_condition_the_engine_cannot_see_is_left_to_the_table(condition):
    """sw-13-16, hs-4-3: what the engine cannot tell is None: the creature stays in and the
    condition is said to the table in words."""
    assert holds(condition, _side(), ME) is None
    said = table_check("Sea Serpent", "cant_attack", condition)
    assert said.startswith("Sea Serpent can't attack ") and "_" not in said


def test_the_counter_condition_reads_the_creature_itself():
    """hs-4-1: "can't attack unless it has five or more +1/+1 counters on it"."""
    condition = "unless_it_has_five_or_more_+1/+1_counters_on_it"
    assert holds(condition, Side((ME,), 0), ME) is True
    grown = Member(1, frozenset(), 7, counters=5)
    assert holds(condition, Side((grown,), 0), grown) is False
