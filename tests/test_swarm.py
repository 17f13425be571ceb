"""Swarm Mode engine (pyengine.swarm): scenario tests with stacked decks and exact events.

Each test names the rule it checks by its anchor on docs/swarm/index.md (``sw-5-3`` is SW 5.3);
``test_docstring_anchors_exist`` checks that every anchor named here exists on that page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import files, swarm
from pyengine.game import ActionError, GameError, SaveError, load_game
from pyengine.rng import Rng
from pyengine.swarm import (
    SwarmGame,
    config_from_decks,
    fact_entry,
    lethal_order,
)
from tests import scenarios

ROOT = Path(__file__).resolve().parent.parent
DB = scenarios.card_db()

#: Cards the shipped facts do not have, for rules the sample deck cannot show.
EXTRA = {
    "Foretold Horror": fact_entry(3, "Creature — Horror", "3", "3", tags=["foretell"]),
    "Wall of Bones": fact_entry(2, "Creature — Wall", "0", "4", tags=["defender"]),
    "Zero Shade": fact_entry(1, "Creature — Shade", "0", "2"),
    "Vigil Ghoul": fact_entry(2, "Creature — Zombie", "2", "2", tags=["vigilance"]),
    "Swift Ghoul": fact_entry(2, "Creature — Zombie", "2", "2", tags=["haste"]),
}


def facts_for(names):
    return scenarios.facts(names, EXTRA, "swarm")


def new_game(deck, enforcers=("Grave Titan", "Death Baron"), *, reckoning="Army of the Damned",
             reckoning_at=None, mode="hive", survivors=1, seed="test-seed"):
    """A stacked game: deck and Lair exactly in the order given (top first)."""
    return scenarios.stacked("swarm", deck, seed=seed, extra_facts=EXTRA, enforcers=enforcers,
                             reckoning=reckoning, reckoning_at=reckoning_at, mode=mode,
                             survivors=survivors)


trace = scenarios.trace


def names(game, zone):
    return [card.name for card in game.zones[zone]]


def ids(game, zone):
    return [card.id for card in game.zones[zone]]


run = scenarios.run


def refused(game, action, match=None):
    """Apply an action the rules refuse: nothing changes, the message names ``match`` (a
    pattern) if given; the rule anchors the refusal cites, e.g. ``["sw-13-8"]``."""
    before = game.to_json()
    with pytest.raises(ActionError, match=match) as caught:
        game.apply(action)
    assert game.to_json() == before
    return re.findall(r"\bsw-\d+(?:-\d+)?\b", str(caught.value))


def swarm_step(events):
    """The Swarm Step's events as ``(kind, cards, rule anchor)`` (scenarios.trace), from the
    step's start (sw-5-1) on."""
    start = next(i for i, e in enumerate(events) if e.data.get("rule") == "sw-5-1")
    return scenarios.trace(events[start + 1:])


def turn_events(events):
    """The events from the Swarm Step's start (sw-5-1) on (drop the opening of the turn)."""
    start = next(i for i, e in enumerate(events) if e.data.get("rule") == "sw-5-1")
    return events[start:]


# -- set-up ----------------------------------------------------------------------------------------


def test_setup_events_and_team_totals():
    """sw-2-2, sw-2-3, sw-2-4: 40 shared life, loss at 10 poison, three Survivor turns first."""
    game = new_game(["Walking Corpse"], survivors=3)
    assert trace(game.events) == [("setup", "", "sw-2-2"), ("setup", "", "sw-2-5"),
                                  ("setup", "", "sw-2-8"), ("setup", "", "sw-2-4")]
    assert [e.data for e in game.events[:3]] == [
        {"rule": "sw-2-2", "mode": "hive", "survivors": 3, "life": 40, "poison_limit": 10},
        {"rule": "sw-2-5", "library": 1}, {"rule": "sw-2-8", "lair": 3}]
    assert (game.life, game.poison, game.phase, game.swarm_turn) == (40, 0, "survivors", 0)
    assert game.active_enforcer is None
    assert names(game, "lair") == ["Grave Titan", "Death Baron", "Army of the Damned"]
    assert not any(card.face_up for card in game.zones["lair"])


@pytest.mark.parametrize("survivors", [0, 6, "2", True])
def test_survivor_count_must_be_1_to_5(survivors):
    """sw-2-1: Swarm Mode is for 1 to 5 Survivors."""
    with pytest.raises(GameError, match="1 to 5"):
        new_game(["Zombie"], survivors=survivors)


@pytest.mark.parametrize("survivors", [1, 5])
def test_survivor_counts_at_the_limits(survivors):
    """sw-2-1: one and five Survivors are both fine."""
    assert new_game(["Zombie"], survivors=survivors).survivors == survivors


def test_setup_shuffles_deck_and_enforcer_stack():
    """sw-2-5, sw-2-8, sw-2-7: the Swarm deck and the Enforcer Stack (with the one Reckoning)
    are shuffled with the seed, the Lair face down."""
    config = sample_config()
    game = SwarmGame(config, "amber-otter-17")
    rng = Rng("amber-otter-17")
    assert names(game, "library") == rng.shuffled(config["deck"])
    assert names(game, "lair") == rng.shuffled([*config["enforcers"], config["reckoning"]])
    assert names(game, "library") != config["deck"]
    assert not any(card.face_up for card in game.zones["lair"])
    again = SwarmGame(config, "Amber Otter 17")
    assert names(again, "library") == names(game, "library")


def test_three_opening_turns_then_alternating():
    """sw-3-2, sw-3-3: the first Swarm turn follows the Survivors' three opening turns; then
    one Swarm turn after each round of Survivor turns."""
    game = new_game(["Zombie"] * 4 + ["Walking Corpse"] * 3)
    first = run(game, "turn")
    assert trace(first[:2]) == [("survivors", "", "sw-3-2"), ("turn", "", "sw-3-4")]
    assert first[1].data["turn"] == 1 and game.survivor_rounds == 3
    run(game, "combat", "end")
    second = run(game, "turn")
    assert trace(second[:2]) == [("survivors", "", "sw-3-3"), ("turn", "", "sw-3-4")]
    assert second[1].data["turn"] == 2
    assert game.survivor_rounds == 4


# -- the Swarm's turn ------------------------------------------------------------------------------


def test_full_hive_mind_turn_log():
    """sw-3-4: Beginning (Emergence), First main (Pre-Swarm Step, Swarm Step), Combat, Second
    main, End, as a log a person can follow."""
    game = new_game(["Zombie", "Walking Corpse", "Vengeful Dead"])
    events = run(game, "turn", "combat", "end")
    assert trace(events) == [
        ("survivors", "", "sw-3-2"), ("turn", "", "sw-3-4"),
        ("phase", "", "sw-3-4"),  # Beginning
        ("emergence", "", "sw-4-9"), ("active", "Grave Titan", "sw-4-6"),
        ("phase", "", "sw-13-5"),  # First main: Pre-Swarm Step
        ("pre-swarm", "", "sw-13-9"),
        ("phase", "", "sw-5-1"),  # Swarm Step
        ("reveal", "Zombie", "sw-5-2"), ("cast", "Zombie", ""), ("enter", "Zombie", "sw-9-1"),
        ("reveal", "Walking Corpse", "sw-5-2"), ("cast", "Walking Corpse", ""),
        ("enter", "Walking Corpse", "sw-9-1"), ("stop", "Walking Corpse", "sw-5-3"),
        ("phase", "", "sw-3-4"),  # Combat
        ("attack", "Zombie", "sw-9-2"), ("attack", "Walking Corpse", "sw-9-2"),
        ("attack-total", "", ""),
        ("phase", "", "sw-3-4"), ("phase", "", "sw-3-4"),  # Second main, End
        ("turn-end", "", ""),
    ]
    assert events[7].data["dread"] == 0
    assert [(e.data["mana_value"], e.data["token"]) for e in scenarios.of_kind(events, "cast")] \
        == [(0, True), (2, False)]
    assert [e.data["power"] for e in scenarios.of_kind(events, "attack")] == [2, 2]
    assert events[18].data == {"total": 4, "attackers": 2}
    assert events[-1].data == {"turn": 1}
    assert [e.data.get("rule") for e in events[:3]] == ["sw-3-2", "sw-3-4", "sw-3-4"]
    assert game.phase == "survivors"


def test_turn_only_between_swarm_turns():
    """sw-3-4: a new Swarm turn cannot start inside one; the phases go in order."""
    game = new_game(["Walking Corpse"] * 3)
    run(game, "turn")
    assert refused(game, {"type": "turn"}, "new Swarm turn") == []
    run(game, "combat", "second-main")
    assert refused(game, {"type": "combat"}, "combat is for") == []


# -- Emergence, the Lair and Dread Level -----------------------------------------------------------


def test_first_turn_reveals_active_enforcer_without_entering():
    """sw-4-9, sw-4-6: on the first Swarm turn the top of the Lair is turned face up and stays."""
    game = new_game(["Walking Corpse"] * 3)
    run(game, "turn")
    assert game.active_enforcer.name == "Grave Titan"
    assert game.zones["lair"][0].face_up and not game.zones["lair"][1].face_up
    assert names(game, "battlefield") == ["Walking Corpse"]
    assert game.dread_level == 0


def test_emergence_from_the_second_turn():
    """sw-4-10, sw-4-2: from the second turn the Active Enforcer enters and the next card of
    the Lair becomes Active; the Dread Level counts Enforcers on the battlefield."""
    game = new_game(["Walking Corpse"] * 6, enforcers=("Grave Titan", "Death Baron"),
                    reckoning_at=2)
    run(game, "turn", "combat", "end")
    events = run(game, "turn")
    assert scenarios.trace(events)[2:9] == [
        ("phase", "", "sw-3-4"), ("emergence", "Grave Titan", "sw-4-10"),
        ("enter", "Grave Titan", "sw-9-1"), ("dread", "", "sw-4-2"),
        ("active", "Death Baron", "sw-4-6"), ("phase", "", "sw-13-5"),
        ("pre-swarm", "", "sw-13-9"),
    ]
    assert events[5].data == {"rule": "sw-4-2", "dread": 1, "was": 0}
    assert game.dread_level == 1
    run(game, "combat", "end")
    events = run(game, "turn")
    assert {"rule": "sw-4-2", "dread": 2, "was": 1} in [e.data for e in events]
    assert game.dread_level == 2
    # The Reckoning was next: it went into the deck and the Lair is empty.
    assert game.active_enforcer is None
    assert scenarios.trace(events)[6:8] == [("reckoning-placed", "Army of the Damned", "sw-6-2"),
                                            ("active", "", "sw-4-12")]


def test_empty_lair_no_emergence_until_one_returns():
    """sw-4-12, sw-4-4: with The Lair empty there is no Active Enforcer; an Enforcer that
    leaves the battlefield goes to The Lair and becomes Active, and emerges next turn."""
    game = new_game(["Walking Corpse"] * 8, enforcers=("Grave Titan",), reckoning_at=1)
    # Titan in; Reckoning into the deck; Lair empty
    run(game, "turn", "combat", "end", "turn", "combat", "end")
    assert game.active_enforcer is None and game.dread_level == 1
    events = run(game, "turn")
    assert scenarios.trace(events)[3] == ("emergence", "", "sw-4-12")
    titan = next(c for c in game.zones["battlefield"] if c.name == "Grave Titan")
    events = game.apply({"type": "dies", "card": titan.id})
    assert scenarios.trace(events) == [("lair", "Grave Titan", "sw-4-4"),
                                       ("active", "Grave Titan", "sw-4-12"),
                                       ("dread", "", "sw-4-2")]
    assert game.active_enforcer.id == titan.id
    run(game, "combat", "end")
    events = run(game, "turn")
    assert ("emergence", "Grave Titan", "sw-4-10") in scenarios.trace(events)


@pytest.mark.parametrize("to", ["exile", "hand", "library-top", "graveyard"])
def test_enforcer_leaving_goes_to_lair_bottom(to):
    """sw-4-4: an Enforcer leaving the battlefield for any reason goes to the bottom of The
    Lair, and the Dread Level drops at once (sw-4-2)."""
    game = new_game(["Walking Corpse"] * 6, enforcers=("Grave Titan", "Death Baron",
                                                       "Undead Warchief"))
    run(game, "turn", "combat", "end", "turn")
    titan = next(c for c in game.zones["battlefield"] if c.name == "Grave Titan")
    events = game.apply({"type": "leave", "card": titan.id, "to": to})
    assert trace(events) == [("lair", "Grave Titan", "sw-4-4"), ("dread", "", "sw-4-2")]
    assert events[0].data["card"] == titan.id
    assert names(game, "lair") == ["Death Baron", "Undead Warchief", "Army of the Damned",
                                   "Grave Titan"]
    assert game.active_enforcer.name == "Death Baron"
    assert events[-1].data == {"rule": "sw-4-2", "dread": 0, "was": 1}


def test_emerged_enforcer_cannot_be_countered():
    """sw-4-11: an emerging Enforcer is not cast, so it cannot be countered."""
    game = new_game(["Walking Corpse"] * 6)
    run(game, "turn", "combat", "end", "turn")
    titan = next(c for c in game.zones["battlefield"] if c.name == "Grave Titan")
    assert refused(game, {"type": "counter", "card": titan.id}) == ["sw-4-11", "sw-6-4"]


def test_dread_level_limits_the_swarm_step_as_it_changes():
    """sw-5-4, sw-4-2: the Swarm Step uses the Dread Level of the moment: an Enforcer that died
    no longer counts."""
    game = new_game(["Walking Corpse", "Walking Corpse", "Walking Corpse", "Zombie",
                     "Walking Corpse"])
    # Dread Level 1: the second Walking Corpse stops the step
    run(game, "turn", "combat", "end", "turn")
    assert names(game, "battlefield") == ["Walking Corpse", "Grave Titan", "Walking Corpse"]
    titan = game.zones["battlefield"][1]
    run(game, "combat", "end", {"type": "dies", "card": titan.id})
    events = run(game, "turn")  # Death Baron emerges; Grave Titan waits in The Lair
    assert game.dread_level == 1
    step = turn_events(events)
    assert step[0].data == {"rule": "sw-5-1", "dread": 1}
    assert trace(step[1:3]) == [("reveal", "Walking Corpse", "sw-5-2"),
                                ("cast", "Walking Corpse", "")]
    assert step[2].data["mana_value"] == 2


# -- The Reckoning ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size, position", [(10, 5), (11, 5), (2, 1), (3, 1), (100, 50)])
def test_reckoning_goes_floor_half_into_the_deck(size, position):
    """sw-6-2, sw-4-13: The Reckoning revealed as Active Enforcer goes face up into the Swarm
    deck at index floor(n/2) (0 = top) of its n cards; the next Enforcer becomes Active."""
    game = new_game(["Walking Corpse"] * size, reckoning_at=0)
    events = run(game, "turn")
    assert trace(events)[3:6] == [("emergence", "", "sw-4-9"),
                                  ("reckoning-placed", "Army of the Damned", "sw-6-2"),
                                  ("active", "Grave Titan", "sw-4-6")]
    placed = events[4]
    assert placed.kind == "reckoning-placed"
    assert placed.data == {"rule": "sw-6-2", "card": placed.data["card"], "position": position,
                           "library": size}
    # The Swarm Step then cast the top card, a Walking Corpse.
    assert game.reckoning_position == position - 1
    reck = next(c for c in game.zones["library"] if c.name == "Army of the Damned")
    assert reck.face_up
    assert game.active_enforcer.name == "Grave Titan"


@pytest.mark.parametrize("size, index", [(10, 5), (11, 5), (0, 0), (3, 1)])
def test_reckoning_position_exact(size, index):
    """sw-6-2: with n cards in the deck, The Reckoning lands at index floor(n/2) from the top
    (10 cards: 6th from the top; 11 cards: 6th too)."""
    game = new_game(["Walking Corpse"] * max(size, 1), reckoning_at=0)
    if size == 0:
        game.apply({"type": "damage", "amount": 1})  # an empty deck before the first turn
    events = game._reveal_active()  # the Emergence reveal on its own, before any Swarm Step
    assert game.reckoning_position == index
    assert trace(events)[0] == ("reckoning-placed", "Army of the Damned", "sw-6-2")
    assert (events[0].data["position"], events[0].data["library"]) == (index, size)


def test_reckoning_reached_in_swarm_step_resolves_and_leaves():
    """sw-5-5, sw-6-4, sw-6-5: reached in the Swarm Step it resolves at once and leaves the
    game; it is not cast, so the step goes on."""
    game = new_game(["Zombie", "Zombie", "Walking Corpse", "Walking Corpse"], reckoning_at=0)
    events = run(game, "turn")
    # the deck became [Zombie, Zombie, Reckoning, Walking Corpse, Walking Corpse]
    assert swarm_step(events) == [
        ("reveal", "Zombie", "sw-5-2"), ("cast", "Zombie", ""), ("enter", "Zombie", "sw-9-1"),
        ("reveal", "Zombie", "sw-5-2"), ("cast", "Zombie", ""), ("enter", "Zombie", "sw-9-1"),
        ("reveal", "Army of the Damned", "sw-5-2"),
        ("reckoning", "Army of the Damned", "sw-6-4"),  # resolves, not cast: the step goes on
        ("reveal", "Walking Corpse", "sw-5-2"), ("cast", "Walking Corpse", ""),
        ("enter", "Walking Corpse", "sw-9-1"), ("stop", "Walking Corpse", "sw-5-3"),
    ]
    assert names(game, "library") == ["Walking Corpse"]
    assert names(game, "removed") == ["Army of the Damned"]
    assert game.reckoning_position is None


def test_reckoning_milled_resolves():
    """sw-8-5, sw-6-4: a Reckoning milled by damage resolves at once; milling goes on."""
    game = new_game(["Walking Corpse"] * 4 + ["Zombie"], reckoning_at=0)
    run(game, "turn")  # deck of 5: Reckoning at index 2; Walking Corpse cast → index 1
    assert game.reckoning_position == 1
    events = run(game, {"type": "damage", "amount": 3})
    assert scenarios.trace(events) == [
        ("damage", "", "sw-8-1"), ("mill", "Walking Corpse", "sw-8-1"),
        ("reckoning", "Army of the Damned", "sw-6-4"), ("mill", "Walking Corpse", "sw-8-1"),
    ]
    scenarios.assert_zones(game, removed=["Army of the Damned"],
                           graveyard=["Walking Corpse", "Walking Corpse"])


# -- The Swarm Step --------------------------------------------------------------------------------


def test_swarm_step_stops_above_dread_level_zero():
    """sw-5-3: at Dread Level 0 tokens never stop the step; the first nontoken card of mana
    value 1 or more does."""
    game = new_game(["Zombie", "Zombie Giant", "Maggot Carrier", "Walking Corpse"])
    events = run(game, "turn")
    assert [e.data for e in scenarios.of_kind(events, "phase")][-1]["dread"] == 0
    assert swarm_step(events) == [
        ("reveal", "Zombie", "sw-5-2"), ("cast", "Zombie", ""), ("enter", "Zombie", "sw-9-1"),
        ("reveal", "Zombie Giant", "sw-5-2"), ("cast", "Zombie Giant", ""),
        ("enter", "Zombie Giant", "sw-9-1"),
        ("reveal", "Maggot Carrier", "sw-5-2"), ("cast", "Maggot Carrier", ""),
        ("enter", "Maggot Carrier", "sw-9-1"), ("stop", "Maggot Carrier", "sw-5-3"),
    ]
    assert [(e.data["mana_value"], e.data["token"]) for e in scenarios.of_kind(events, "cast")] \
        == [(0, True), (0, True), (1, False)]
    scenarios.assert_zones(game, library=["Walking Corpse"])


def test_swarm_step_example_dread_level_two():
    """sw-5-3 (the rule page's example): at Dread Level 2 a token, mana values 1, 2 and 3 are
    all cast and the step ends after the mana value 3 card."""
    game = new_game(["Maggot Carrier", "Blighted Bat", "Zombie", "Maggot Carrier",
                     "Walking Corpse", "Blighted Bat", "Vengeful Dead"],
                    enforcers=("Grave Titan", "Death Baron", "Undead Warchief"))
    run(game, "turn", "combat", "end", "turn", "combat", "end")
    events = run(game, "turn")
    assert game.dread_level == 2
    step = [t for t in swarm_step(events) if t[0] in ("cast", "stop")]
    assert step == [("cast", "Zombie", ""), ("cast", "Maggot Carrier", ""),
                    ("cast", "Walking Corpse", ""), ("cast", "Blighted Bat", ""),
                    ("stop", "Blighted Bat", "sw-5-3")]
    casts = scenarios.of_kind(events, "cast")[-4:]
    assert [e.data["mana_value"] for e in casts] == [0, 1, 2, 3]
    scenarios.assert_zones(game, library=["Vengeful Dead"])


def test_swarm_step_ends_on_empty_deck():
    """sw-5: an empty Swarm deck ends the Swarm Step (the source leaves this open)."""
    game = new_game(["Zombie", "Zombie"])
    events = run(game, "turn")
    assert swarm_step(events)[-1] == ("stop", "", "sw-5")
    assert game.phase == "main1"


def test_sorcery_resolves_to_graveyard():
    """sw-5-2: a noncreature spell revealed is cast and resolves; it goes to the graveyard."""
    game = new_game(["Syphon Flesh", "Zombie"])
    events = run(game, "turn")
    assert swarm_step(events)[:3] == [("reveal", "Syphon Flesh", "sw-5-2"),
                                      ("cast", "Syphon Flesh", ""),
                                      ("resolve", "Syphon Flesh", "")]
    scenarios.assert_zones(game, graveyard=["Syphon Flesh"])


# -- Pre-Swarm Step --------------------------------------------------------------------------------


def test_hive_mind_pre_swarm_foretell_first_then_random():
    """sw-13-5, sw-13-6, sw-13-7, sw-13-9: Foretell cards first, then the shuffled hand is cast
    one card at a time until it is empty."""
    deck = ["Walking Corpse", "Foretold Horror", "Maggot Carrier", "Zombie", "Blighted Bat",
            "Vengeful Dead", "Terrus Wurm"]
    game = new_game(deck, seed="swarm-1")
    run(game, {"type": "draw", "amount": 5})
    rest = ["Walking Corpse", "Maggot Carrier", "Zombie", "Blighted Bat"]
    expected = Rng("swarm-1").shuffled(rest)
    events = run(game, "turn")
    in_pre_swarm = trace(events)[5:10]  # the step (sw-13-5): Foretell first, then the shuffle
    assert in_pre_swarm == [("phase", "", "sw-13-5"), ("cast", "Foretold Horror", ""),
                            ("enter", "Foretold Horror", "sw-9-1"), ("shuffle", "", "sw-13-6"),
                            ("cast", expected[0], "")]
    assert [e.cards[0] for e in events if e.kind == "cast"][1:5] == expected
    assert names(game, "hand") == []
    # a cast card could make The Swarm draw: the turn waits in the Pre-Swarm Step (sw-13-8)
    assert game.phase == "pre-swarm"
    assert trace(events)[-1] == ("pre-swarm-wait", "", "sw-13-8")
    events = run(game, "swarm-step")
    assert trace(events)[:2] == [("pre-swarm", "", "sw-13-9"), ("phase", "", "sw-5-1")]
    assert events[1].data["dread"] == 0
    # then the Swarm Step: Vengeful Dead stops it at Dread Level 0
    assert [t for t in trace(events) if t[0] in ("cast", "stop")] == [
        ("cast", "Vengeful Dead", ""), ("stop", "Vengeful Dead", "sw-5-3")]


def test_sw_13_8_pre_swarm_draw_is_cast_before_the_swarm_step_reveals():
    """sw-13-8, sw-13-9: a card The Swarm draws while it casts its hand in the Pre-Swarm Step
    comes from the top of the deck, joins the hand, is shuffled in and cast in that same step;
    only then does the Swarm Step reveal (from the new top)."""
    deck = ["Walking Corpse", "Zombie", "Blighted Bat", "Vengeful Dead", "Maggot Carrier"]
    game = new_game(deck, seed="swarm-2")
    run(game, {"type": "draw", "amount": 1})  # between Swarm turns: Walking Corpse waits in hand
    assert names(game, "hand") == ["Walking Corpse"]
    events = run(game, "turn")
    assert [t for t in trace(events) if t[0] in ("phase", "cast")][-2:] == [
        ("phase", "", "sw-13-5"), ("cast", "Walking Corpse", "")]
    assert game.phase == "pre-swarm"
    assert not [e for e in events if e.kind == "reveal"]
    # the table reports: a card cast in the step made The Swarm draw 2 (a stacked deck)
    events = run(game, {"type": "draw", "amount": 2})
    assert trace(events)[:3] == [("draw", "Zombie", ""), ("draw", "Blighted Bat", ""),
                                 ("shuffle", "", "sw-13-6")]
    order = Rng("swarm-2").shuffled(["Zombie", "Blighted Bat"])
    assert [e.cards[0] for e in events if e.kind == "cast"] == order
    assert "reveal" not in scenarios.kinds(events)  # cast in the Pre-Swarm Step, not revealed
    assert names(game, "hand") == []
    assert names(game, "library") == ["Vengeful Dead", "Maggot Carrier"]
    assert game.phase == "pre-swarm"
    events = run(game, "swarm-step")
    assert [t for t in trace(events) if t[0] == "reveal"] == [
        ("reveal", "Vengeful Dead", "sw-5-2")]
    assert names(game, "battlefield") == ["Walking Corpse", *order, "Vengeful Dead"]
    assert names(game, "library") == ["Maggot Carrier"]
    assert game.phase == "main1"


def test_sw_13_8_pre_swarm_draw_is_too_late_after_the_swarm_step():
    """sw-13-8: once the Swarm Step has revealed, a Pre-Swarm draw can no longer be reported;
    with an empty hand nothing was cast, nothing could draw, and the Swarm Step runs at once."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    events = run(game, "turn")
    assert ("pre-swarm", "", "sw-13-9") in trace(events)
    assert "pre-swarm-wait" not in scenarios.kinds(events)
    assert game.phase == "main1"
    assert refused(game, {"type": "draw", "amount": 1, "pre_swarm": True}) == ["sw-13-8"]
    run(game, {"type": "draw", "amount": 1})
    assert names(game, "hand") == ["Blighted Bat"]


def test_sw_13_9_combat_after_a_waiting_pre_swarm_step_runs_the_swarm_step_first():
    """sw-13-9, sw-5-1: going on to combat with no draw reported ends the Pre-Swarm Step and
    runs the Swarm Step first."""
    game = new_game(["Walking Corpse", "Zombie", "Vengeful Dead"])
    run(game, {"type": "draw", "amount": 1}, "turn")
    assert game.phase == "pre-swarm"
    events = run(game, "combat")
    assert trace(events)[:4] == [("pre-swarm", "", "sw-13-9"), ("phase", "", "sw-5-1"),
                                 ("reveal", "Zombie", "sw-5-2"), ("cast", "Zombie", "")]
    assert game.phase == "combat"


def test_draw_outside_pre_swarm_keeps_cards_in_hand():
    """sw-13-2: cards The Swarm draws at other times wait in its (face-down) hand."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    events = run(game, {"type": "draw", "amount": 1})
    assert trace(events) == [("draw", "Zombie", "")]
    assert names(game, "hand") == ["Zombie"]
    assert refused(game, {"type": "draw", "amount": 1, "pre_swarm": True}) == ["sw-13-8"]


def test_overlord_pre_swarm_tokens_first_then_choices():
    """sw-14-6, sw-14-7, sw-14-12: in Overlord Mode token cards in hand are cast first; nontoken
    cards are cast when The Overlord chooses, or held, also in the Second main phase."""
    game = new_game(["Zombie", "Walking Corpse", "Zombie Giant", "Blighted Bat",
                     "Maggot Carrier", "Vengeful Dead"], mode="overlord")
    run(game, {"type": "draw", "amount": 4})
    events = run(game, "turn")
    assert trace(events)[5:] == [
        ("phase", "", "sw-14-5"),  # the Overlord's Pre-Swarm Step: token cards first
        ("cast", "Zombie", ""), ("enter", "Zombie", "sw-9-1"),
        ("cast", "Zombie Giant", ""), ("enter", "Zombie Giant", "sw-9-1"),
        ("choose", "Walking Corpse, Blighted Bat", "sw-14-7"),
    ]
    assert game.phase == "pre-swarm"
    bat = next(c for c in game.zones["hand"] if c.name == "Blighted Bat")
    events = game.apply({"type": "cast", "card": bat.id})
    assert trace(events) == [("cast", "Blighted Bat", ""), ("enter", "Blighted Bat", "sw-9-1")]
    assert game.phase == "pre-swarm"
    events = run(game, "swarm-step")
    assert trace(events)[:3] == [("pre-swarm", "", "sw-14-7"), ("phase", "", "sw-5-1"),
                                 ("reveal", "Maggot Carrier", "sw-5-2")]
    assert names(game, "hand") == ["Walking Corpse"]
    corpse = game.zones["hand"][0]
    assert refused(game, {"type": "cast", "card": corpse.id}, "Second main phase") == []
    run(game, "combat", "second-main")
    events = game.apply({"type": "cast", "card": corpse.id})
    assert trace(events) == [("cast", "Walking Corpse", ""),
                             ("enter", "Walking Corpse", "sw-9-1")]
    assert game.phase == "main2" and names(game, "hand") == []


def test_overlord_drawn_tokens_must_be_cast():
    """sw-14-8: in Overlord Mode drawn token cards are cast in the Pre-Swarm Step; drawn
    nontoken cards may be held."""
    game = new_game(["Walking Corpse", "Zombie", "Vengeful Dead"], mode="overlord")
    run(game, "turn")
    events = run(game, {"type": "draw", "amount": 2, "pre_swarm": True})
    assert trace(events) == [("draw", "Walking Corpse", ""), ("draw", "Zombie", ""),
                             ("cast", "Zombie", ""), ("enter", "Zombie", "sw-9-1")]
    assert names(game, "hand") == ["Walking Corpse"]


def test_hive_mind_cannot_choose_casts():
    """sw-13-7: in Hive Mind Mode nobody chooses what The Swarm casts."""
    game = new_game(["Walking Corpse", "Zombie"])
    run(game, {"type": "draw", "amount": 1})
    cast = {"type": "cast", "card": game.zones["hand"][0].id}
    assert refused(game, cast, "Hive Mind") == ["sw-13-7"]


# -- combat ----------------------------------------------------------------------------------------


def test_attackers_follow_creature_rules():
    """sw-9-1, sw-9-2, sw-9-3: every Swarm creature able to attack does; defender and power 0
    cannot; creatures entering with +1/+1 counters use them."""
    game = new_game(["Wall of Bones", "Zero Shade", "Zombie", "Vigil Ghoul", "Walking Corpse"],
                    enforcers=("Noosegraf Mob",))
    # Turn 1: Wall of Bones stops the step. Turn 2: Noosegraf Mob emerges (Dread Level 1), The
    # Reckoning goes in below the Zombie; Zero Shade (1), Zombie, The Reckoning, Vigil Ghoul (2).
    run(game, "turn", "combat", "end", "turn")
    events = run(game, "combat")
    attack = [(e.kind, e.cards[0], e.data.get("power")) for e in events
              if e.kind in ("attack", "no-attack")]
    assert attack == [
        ("no-attack", "Wall of Bones", None),  # defender
        ("no-attack", "Zero Shade", None),  # power 0
        ("attack", "Noosegraf Mob", 5),
        ("attack", "Zombie", 2),
        ("attack", "Vigil Ghoul", 2),
    ]
    assert {e.data["rule"] for e in events if e.kind == "no-attack"} == {"sw-9-3"}
    assert events[-1].kind == "attack-total"
    assert events[-1].data == {"total": 9, "attackers": 3}
    tapped = {c.name: c.tapped for c in game.zones["battlefield"]}
    assert tapped["Vigil Ghoul"] is False and tapped["Zombie"] is True


def test_d6_per_attacker_against_attackable_permanents():
    """sw-13-11: with attackable non-player permanents in play, each attacker rolls a d6; on 5
    or 6 it attacks one of them at random."""
    game = new_game(["Zombie", "Zombie", "Zombie", "Walking Corpse"], seed="swarm-2")
    run(game, "turn")
    rng = Rng("swarm-2")
    expected = []
    for _ in range(4):
        roll = rng.die(6)
        target = rng.choice(["Jace", "Invasion of Ixalan"]) if roll >= 5 else "the Survivors"
        expected.append((roll, target))
    targets = {t for _, t in expected}
    assert "the Survivors" in targets and len(targets) >= 2  # both branches are shown
    events = run(game, {"type": "combat", "targets": ["Jace", "Invasion of Ixalan"]})
    attacks = [e for e in events if e.kind == "attack"]
    assert [(e.data["roll"], e.data.get("target", "the Survivors")) for e in attacks] == expected
    assert [(e.cards, e.data["power"], e.data["rule"]) for e in attacks[:3:2]] == [
        (["Zombie"], 2, "sw-13-11"), (["Zombie"], 2, "sw-13-11")]
    assert [e.data["roll"] for e in attacks[:3:2]] == [3, 6]
    to_survivors = sum(2 for _, t in expected if t == "the Survivors")
    assert events[-1].data == {"total": to_survivors, "attackers": 4}


def test_the_attack_total_is_the_survivors_attackers_as_they_are_now():
    """sw-9-2, sw-13-11, sw-4-7 (issue 39, point 4): ``attack_total()`` (the Horde engines'
    contract: attackers, power, not counted) counts the creatures declared attacking the
    Survivors this turn, not one sent at a planeswalker, as the announced total does; one
    that dies leaves it, and after combat no creature attacks."""
    game = new_game(["Zombie", "Zombie", "Zombie", "Walking Corpse"], seed="swarm-2")
    run(game, "turn")
    assert game.attack_total() == (0, 0, [])  # no attack declared yet
    events = run(game, {"type": "combat", "targets": ["Jace", "Invasion of Ixalan"]})
    announced = events[-1].data["total"]
    at_survivors = [e.data["card"] for e in events
                    if e.kind == "attack" and "target" not in e.data]
    assert 0 < len(at_survivors) < 4  # seed swarm-2: some attack a planeswalker
    assert game.attack_total() == (len(at_survivors), announced, [])
    run(game, {"type": "dies", "card": at_survivors[0]})
    count, power, _ = game.attack_total()
    assert (count, power) == (len(at_survivors) - 1, announced - 2)  # a Zombie is 2/2
    run(game, "second-main")
    assert game.attack_total() == (0, 0, [])  # combat is over (sw-3-4)


def test_combat_targets_must_be_a_list():
    """sw-13-11: the table names the attackable permanents as a list."""
    game = new_game(["Zombie", "Walking Corpse"])
    run(game, "turn")
    assert refused(game, {"type": "combat", "targets": "Jace"}, "a list") == []


def test_no_rolls_without_attackable_permanents():
    """sw-13-11: with no such permanents every attacker attacks the Survivors, no dice."""
    game = new_game(["Zombie", "Walking Corpse"], seed="swarm-2")
    run(game, "turn")
    events = run(game, "combat")
    assert all("roll" not in e.data for e in events)
    assert game.rng._random.getstate() == Rng("swarm-2")._random.getstate()


def test_sw_13_13_graveyard_blocker_first_creature_card_from_the_bottom():
    """sw-13-13: when the Survivors attack The Swarm and an attacker is unblocked, the
    graveyard is turned over from the bottom up to the first creature card; the noncreature
    cards turned over before it are shuffled back on top; it enters untapped."""
    game = new_game(["Syphon Flesh", "Syphon Flesh", "Walking Corpse", "Zombie",
                     "Blighted Bat"], seed="swarm-3")
    run(game, {"type": "damage", "amount": 4})
    assert game.phase == "survivors"
    assert names(game, "graveyard") == ["Syphon Flesh", "Syphon Flesh", "Walking Corpse",
                                        "Zombie"]
    events = run(game, "survivor-attack")
    assert trace(events) == [("survivor-attack", "", "sw-13-12"),
                             ("survivor-attack", "", "sw-13-13")]
    assert events[0].data["blockers"] == []
    events = run(game, "graveyard-blocker")
    assert trace(events) == [("reveal", "Syphon Flesh, Syphon Flesh", "sw-13-13"),
                             ("blocker", "Walking Corpse", "sw-13-13"),
                             ("enter", "Walking Corpse", "sw-9-1")]
    assert names(game, "graveyard") == ["Zombie", "Syphon Flesh", "Syphon Flesh"]
    assert names(game, "battlefield") == ["Walking Corpse"]
    assert not game.zones["battlefield"][-1].tapped
    assert names(game, "library") == ["Blighted Bat"]
    assert game.phase == "survivors"


def test_sw_13_13_sw_9_4_a_token_creature_card_is_the_graveyard_blocker():
    """sw-13-13, sw-9-4: a Swarm token in the graveyard is a creature card (mana value 0), so
    the first creature card from the bottom stops the search even when it is a token and a
    nontoken creature card lies further up; only the noncreature cards turned over before it
    are shuffled back on top (sw-13-19 is about choosing, and nothing is chosen here)."""
    game = new_game(["Syphon Flesh", "Zombie", "Walking Corpse", "Maggot Carrier", "Zombie",
                     "Blighted Bat"], seed="swarm-3")
    run(game, {"type": "damage", "amount": 4})
    assert names(game, "graveyard") == ["Syphon Flesh", "Zombie", "Walking Corpse",
                                        "Maggot Carrier"]
    run(game, "survivor-attack")
    events = run(game, "graveyard-blocker")
    assert trace(events) == [("reveal", "Syphon Flesh", "sw-13-13"),
                             ("blocker", "Zombie", "sw-13-13"),
                             ("enter", "Zombie", "sw-9-1")]
    assert names(game, "graveyard") == ["Walking Corpse", "Maggot Carrier", "Syphon Flesh"]
    assert names(game, "battlefield") == ["Zombie"]
    assert names(game, "library") == ["Zombie", "Blighted Bat"]


def test_sw_13_12_survivor_attack_lists_the_untapped_blockers():
    """sw-13-12: when the Survivors attack, The Swarm's untapped creatures are its blockers."""
    game = new_game(["Zombie", "Walking Corpse", "Vengeful Dead", "Zombie"])
    run(game, "turn", "combat", "end")
    corpse = next(c for c in game.zones["battlefield"] if c.name == "Walking Corpse")
    corpse.tapped = False  # as if untapped by a card; the Zombie stays tapped from its attack
    events = run(game, "survivor-attack")
    assert trace(events)[0] == ("survivor-attack", "Walking Corpse", "sw-13-12")
    assert events[0].data == {"rule": "sw-13-12", "blockers": [corpse.id]}


def test_sw_13_13_graveyard_blocker_token_when_no_nontoken_creature():
    """sw-13-19, sw-13-13: with no nontoken creature card, the first token creature card."""
    game = new_game(["Syphon Flesh", "Zombie", "Blighted Bat"])
    run(game, {"type": "damage", "amount": 2}, "survivor-attack")
    events = run(game, "graveyard-blocker")
    assert [e.cards for e in events if e.kind == "blocker"] == [["Zombie"]]
    assert names(game, "graveyard") == ["Syphon Flesh"]
    assert names(game, "battlefield") == ["Zombie"]


def test_sw_13_13_graveyard_blocker_none():
    """sw-13-13: no creature card in the graveyard, no blocker."""
    game = new_game(["Syphon Flesh", "Blighted Bat"])
    run(game, {"type": "damage", "amount": 1}, "survivor-attack")
    events = run(game, "graveyard-blocker")
    assert trace(events) == [("blocker", "", "sw-13-13")]
    assert names(game, "graveyard") == ["Syphon Flesh"]


def test_sw_13_14_graveyard_blocker_once_per_combat():
    """sw-13-14: once per combat in which the Survivors attack, however many attackers are
    unblocked; again in their next combat."""
    game = new_game(["Zombie", "Walking Corpse", "Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, {"type": "damage", "amount": 4}, "survivor-attack", "graveyard-blocker")
    assert names(game, "battlefield") == ["Zombie"]
    assert refused(game, {"type": "graveyard-blocker"}) == ["sw-13-14"]
    run(game, "survivor-attack", "graveyard-blocker")
    assert names(game, "battlefield") == ["Zombie", "Walking Corpse"]
    assert names(game, "graveyard") == ["Zombie", "Walking Corpse"]


def test_sw_13_13_graveyard_blocker_only_while_an_attacker_is_unblocked():
    """sw-13-13: only while an attacking creature is unblocked; not before the Survivors
    attack."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, {"type": "damage", "amount": 2})
    assert refused(game, {"type": "graveyard-blocker"}) == ["sw-13-12"]
    run(game, "survivor-attack", "survivor-blocked")
    assert refused(game, {"type": "graveyard-blocker"}, "blocked") == ["sw-13-13"]
    assert names(game, "graveyard") == ["Zombie", "Walking Corpse"]
    assert refused(game, {"type": "survivor-blocked"}, "no attack") == []


def test_sw_13_13_no_graveyard_blocker_in_the_swarms_own_combat():
    """sw-13-13: the graveyard blocker is never part of The Swarm's own attack, and a
    Survivors' combat does not carry over into The Swarm's turn."""
    game = new_game(["Walking Corpse", "Zombie", "Zombie", "Blighted Bat"])
    run(game, {"type": "damage", "amount": 1}, "survivor-attack")
    run(game, "turn", "combat")
    assert game.phase == "combat"
    assert refused(game, {"type": "graveyard-blocker"}, "own attack") == ["sw-13-13"]
    assert refused(game, {"type": "survivor-attack"}, "Survivors' turns") == []
    run(game, "end")
    assert refused(game, {"type": "graveyard-blocker"}) == ["sw-13-12"]
    assert names(game, "graveyard") == ["Walking Corpse"]


def test_graveyard_blocker_is_hive_mind_only():
    """sw-13-13, sw-14-10: in Overlord Mode The Overlord blocks; there is no graveyard blocker."""
    game = new_game(["Walking Corpse", "Zombie"], mode="overlord")
    run(game, {"type": "damage", "amount": 1})
    assert refused(game, {"type": "survivor-attack"}) == ["sw-14-10"]
    assert refused(game, {"type": "graveyard-blocker"}, "Hive Mind") == ["sw-13-13"]


def test_damage_to_several_blockers_highest_toughness_first():
    """sw-13-15: lethal damage to the highest toughness blocker first, then the next."""
    assert lethal_order(6, [{"name": "Bear", "toughness": 2}, {"name": "Wall", "toughness": 5},
                            {"name": "Elf", "toughness": 3}]) == [
        {"name": "Wall", "toughness": 5, "assigned": 5},
        {"name": "Elf", "toughness": 3, "assigned": 1},
        {"name": "Bear", "toughness": 2, "assigned": 0},
    ]
    assert lethal_order(9, [{"name": "A", "toughness": 2}, {"name": "B", "toughness": 4,
                                                            "damage": 1}]) == [
        {"name": "B", "toughness": 4, "assigned": 3},
        {"name": "A", "toughness": 2, "assigned": 6},
    ]
    assert lethal_order(3, [{"name": "A", "toughness": 4}, {"name": "B", "toughness": 4}],
                        deathtouch=True) == [
        {"name": "A", "toughness": 4, "assigned": 1},
        {"name": "B", "toughness": 4, "assigned": 2},
    ]


def test_assign_damage_action():
    """sw-13-15: the table names the blockers; the log shows the assignment."""
    game = new_game(["Terrus Wurm"])
    run(game, "turn", "combat")
    wurm = game.zones["battlefield"][0]
    events = game.apply({"type": "assign-damage", "attacker": wurm.id,
                         "blockers": [{"name": "Bear", "toughness": 2},
                                      {"name": "Wall", "toughness": 4}]})
    assert trace(events) == [("damage-order", "Terrus Wurm", "sw-13-15")]
    assert events[0].data["order"] == [{"name": "Wall", "toughness": 4, "assigned": 4},
                                       {"name": "Bear", "toughness": 2, "assigned": 1}]


# -- table inputs ----------------------------------------------------------------------------------


def test_damage_and_life_loss_mill():
    """sw-8-1: one card milled per point of damage or life lost."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat", "Maggot Carrier"])
    events = run(game, {"type": "damage", "amount": 2}, {"type": "lose-life", "amount": 1})
    assert trace(events) == [
        ("damage", "", "sw-8-1"), ("mill", "Zombie", "sw-8-1"),
        ("mill", "Walking Corpse", "sw-8-1"),
        ("damage", "", "sw-8-1"), ("mill", "Blighted Bat", "sw-8-1"),
    ]
    assert [e.data["amount"] for e in scenarios.of_kind(events, "damage")] == [2, 1]
    assert names(game, "graveyard") == ["Zombie", "Walking Corpse", "Blighted Bat"]


def test_damage_beyond_the_deck():
    """sw-8-1: milling stops when the deck is empty."""
    game = new_game(["Zombie"])
    events = run(game, {"type": "damage", "amount": 3})
    assert trace(events) == [("damage", "", "sw-8-1"), ("mill", "Zombie", "sw-8-1"),
                             ("mill", "", "sw-8-1"), ("win", "", "sw-12-1")]
    assert events[0].data["amount"] == 3 and game.result == "won"


def test_poison_becomes_damage():
    """sw-8-4: The Swarm gets no poison counters; the damage still mills."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    events = run(game, {"type": "poison", "amount": 2})
    assert trace(events) == [("damage", "", "sw-8-4"), ("mill", "Zombie", "sw-8-1"),
                             ("mill", "Walking Corpse", "sw-8-1")]
    assert events[0].data["amount"] == 2


def test_mill_effects_do_nothing():
    """sw-8-2: a mill effect aimed at The Swarm does nothing."""
    game = new_game(["Zombie", "Walking Corpse"])
    before = game.snapshot()
    events = run(game, {"type": "mill", "amount": 5})
    assert trace(events) == [("mill-ignored", "", "sw-8-2")]
    assert events[0].data["amount"] == 5
    assert game.snapshot() == before


def test_life_gain_returns_graveyard_bottom_shuffled():
    """sw-8-3: gaining N life puts the bottom N cards of the graveyard, shuffled, on the bottom
    of the Swarm deck."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat", "Maggot Carrier",
                     "Vengeful Dead"], seed="swarm-4")
    run(game, {"type": "damage", "amount": 4})
    events = run(game, {"type": "gain", "amount": 3})
    moved = Rng("swarm-4").shuffled(["Zombie", "Walking Corpse", "Blighted Bat"])
    assert scenarios.kinds(events) == ["gain"] and scenarios.anchors(events) == ["sw-8-3"]
    assert events[0].data["amount"] == 3 and events[0].data["moved"] == 3
    assert events[0].cards == moved
    assert names(game, "library") == ["Vengeful Dead", *moved]
    assert names(game, "graveyard") == ["Maggot Carrier"]
    events = run(game, {"type": "gain", "amount": 5})
    assert events[0].data["moved"] == 1


def test_countered_spell_exiled_then_back_to_hand():
    """sw-7-6: a countered Swarm spell is exiled and returns to the hand at end of turn."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, "turn")
    corpse = game.zones["battlefield"][1]
    events = game.apply({"type": "counter", "card": corpse.id})
    assert trace(events) == [("counter", "Walking Corpse", "sw-7-6")]
    assert names(game, "exile") == ["Walking Corpse"]
    events = run(game, "combat", "end")
    assert ("return", "Walking Corpse", "sw-7-6") in trace(events)
    assert names(game, "hand") == ["Walking Corpse"] and names(game, "exile") == []


def test_counter_only_this_turns_spells():
    """sw-7-6: only a spell The Swarm cast this turn, and only during its turn."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, "turn", "combat", "end")
    zombie = game.zones["battlefield"][0]
    assert refused(game, {"type": "counter", "card": zombie.id}, "countering") == []
    run(game, "turn")
    assert refused(game, {"type": "counter", "card": zombie.id}, "cast this turn") == []
    assert refused(game, {"type": "counter", "card": 999}, "no card #999") == []


def test_creature_dies_to_graveyard_tokens_too():
    """sw-9-4: a Swarm creature that dies goes to the graveyard, token cards included."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, "turn")
    zombie, corpse = game.zones["battlefield"]
    events = run(game, {"type": "dies", "card": zombie.id}, {"type": "dies", "card": corpse.id})
    assert trace(events) == [("leave", "Zombie", "sw-9-4"), ("leave", "Walking Corpse", "sw-9-4")]
    assert [e.data["to"] for e in events] == ["graveyard", "graveyard"]
    assert names(game, "graveyard") == ["Zombie", "Walking Corpse"]
    assert refused(game, {"type": "dies", "card": zombie.id}, rf"#{zombie.id}\) is not") == []


def test_made_tokens_enter_and_die():
    """sw-9-1, sw-9-4: tokens a Swarm card makes enter untapped; they die to the graveyard."""
    game = new_game(["Zombie", "Walking Corpse"])
    events = run(game, {"type": "token", "name": "Zombie", "amount": 2})
    assert trace(events) == [("enter", "Zombie", "sw-9-1")] * 2
    assert not any(card.tapped for card in game.zones["battlefield"])
    assert all(card.made for card in game.zones["battlefield"])
    assert refused(game, {"type": "token", "name": "Goblin"}, "no card facts") == []


def test_hive_mind_discard_is_random():
    """sw-13-4: Hive Mind discards are random."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat", "Maggot Carrier"],
                    seed="swarm-5")
    run(game, {"type": "draw", "amount": 3})
    hand = names(game, "hand")
    rng = Rng("swarm-5")
    expected = [hand.pop(rng.below(3))]
    expected.append(hand.pop(rng.below(2)))
    events = run(game, {"type": "discard", "amount": 2})
    assert [e.cards[0] for e in events] == expected
    assert scenarios.anchors(events) == ["sw-13-4", "sw-13-4"]
    assert refused(game, {"type": "discard", "cards": [game.zones["hand"][0].id]}) == ["sw-13-4"]


def test_overlord_discard_is_chosen():
    """sw-14-4: The Overlord picks the discards."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"], mode="overlord")
    run(game, {"type": "draw", "amount": 2})
    corpse = game.zones["hand"][1]
    events = game.apply({"type": "discard", "cards": [corpse.id]})
    assert trace(events) == [("discard", "Walking Corpse", "sw-14-4")]
    assert refused(game, {"type": "discard", "amount": 1}) == ["sw-14-4"]


def test_overlord_optional_costs_capped_by_dread_level():
    """sw-14-14: optional-cost activations at most Dread Level times per turn, all cards
    together; sw-13-17: never in Hive Mind Mode."""
    game = new_game(["Walking Corpse"] * 6, mode="overlord")
    run(game, "turn", "swarm-step", "combat", "end")
    assert refused(game, {"type": "activate"}, r"\(0\)") == ["sw-14-14"]
    run(game, "turn")
    assert game.dread_level == 1
    events = game.apply({"type": "activate", "note": "Grave Titan"})
    assert trace(events) == [("activate", "", "sw-14-14")]
    assert (events[0].data["used"], events[0].data["limit"]) == (1, 1)
    assert refused(game, {"type": "activate"}, "already used 1") == ["sw-14-14"]
    run(game, "swarm-step", "combat", "end", "turn")
    assert game.dread_level == 2
    run(game, "activate", "activate")
    hive = new_game(["Walking Corpse"])
    assert refused(hive, {"type": "activate"}) == ["sw-13-17"]


@pytest.mark.parametrize("amount", [0, -1, 1.5, "3", True, 1001])
def test_bad_amounts_are_refused(amount):
    """sw-8-1: damage is a positive whole number; a refused action changes nothing."""
    game = new_game(["Zombie"])
    before = game.to_json()
    with pytest.raises(ActionError):
        game.apply({"type": "damage", "amount": amount})
    assert game.to_json() == before


# -- winning and losing ----------------------------------------------------------------------------


def test_survivors_win_with_deck_and_battlefield_empty():
    """sw-12-1: the Survivors win when the Swarm deck and battlefield are empty; the hand does
    not matter."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, "turn", {"type": "draw", "amount": 1})
    assert names(game, "hand") == ["Blighted Bat"] and names(game, "library") == []
    assert game.result == ""  # creatures still on the battlefield
    events = []
    for card in list(game.zones["battlefield"]):
        events = game.apply({"type": "dies", "card": card.id})
    assert trace(events)[-1] == ("win", "", "sw-12-1")
    assert game.result == "won"
    assert refused(game, {"type": "damage", "amount": 1}, "game is over") == []


@pytest.mark.parametrize("action, rule", [
    ({"type": "life", "amount": -40}, "sw-12-2"),
    ({"type": "survivor-poison", "amount": 10}, "sw-12-4"),
    ({"type": "deck-out", "player": "Ana"}, "sw-12-3"),
])
def test_survivors_lose(action, rule):
    """sw-12-2, sw-12-3, sw-12-4: 0 life, 10 poison or a player's empty deck."""
    game = new_game(["Zombie", "Walking Corpse"])
    events = run(game, action)
    assert trace(events[-1:]) == [("loss", "", rule)]
    assert game.result == "lost"
    assert game.events[-1] == events[-1]


def test_life_changes_both_ways():
    """sw-2-2: the shared life total goes down and up as the table says."""
    game = new_game(["Zombie"])
    events = run(game, {"type": "life", "amount": -7}, {"type": "life", "amount": 3})
    assert trace(events) == [("life", "", "sw-2-2")] * 2
    assert [(e.data["change"], e.data["life"]) for e in events] == [(-7, 33), (3, 36)]
    assert game.life == 36


# -- saves, replay, undo, conservation -------------------------------------------------------------


def sample_config(mode="hive", survivors=2):
    return config_from_decks(mode=mode, survivors=survivors,
                             deck=files.load_deck("swarm-sample"),
                             enforcers=files.load_deck("swarm-sample-enforcers"), db=DB)


SESSION = [
    {"type": "turn"}, {"type": "combat", "targets": ["Jace"]},
    {"type": "end"}, {"type": "damage", "amount": 6}, {"type": "survivor-attack"},
    {"type": "graveyard-blocker"}, {"type": "gain", "amount": 2},
    {"type": "turn"}, {"type": "combat"}, {"type": "end"}, {"type": "lose-life", "amount": 3},
    {"type": "draw", "amount": 2}, {"type": "turn"}, {"type": "discard", "amount": 1},
    {"type": "combat"}, {"type": "end"},
]


def test_sample_decks_make_a_config():
    """sw-2-5, sw-2-7: the sample Swarm deck, its Enforcers and one Reckoning."""
    config = sample_config()
    assert len(config["deck"]) == 100
    assert len(config["enforcers"]) == 6 and config["reckoning"] == "Army of the Damned"
    assert set(config["facts"]) == set(config["deck"]) | set(config["enforcers"]) | {
        "Army of the Damned"}


def test_config_from_decks_reports_problems():
    """sw-2-7: exactly one Reckoning; unknown cards are named."""
    from pyengine.decklist import Decklist
    with pytest.raises(GameError, match="one card under '// Reckoning'"):
        config_from_decks(mode="hive", survivors=1, deck=Decklist.from_text("3 Zombie"),
                          enforcers=Decklist.from_text("// Enforcers\n1 Grave Titan"), db=DB)
    with pytest.raises(GameError, match="card facts for: Nonesuch"):
        config_from_decks(mode="hive", survivors=1, deck=Decklist.from_text("3 Nonesuch"),
                          enforcers=Decklist.from_text(
                              "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned"),
                          db=DB)


def test_save_replay_undo_round_trip():
    """sw-3-4: a played game saves to JSON and loads to the same state and log; undo is the
    game without its last action; a save that was edited is refused."""
    game = SwarmGame(sample_config(), "amber-otter-17")
    for action in SESSION:
        game.apply(action)
    text = game.to_json()
    loaded = load_game(text)
    assert loaded.snapshot() == game.snapshot()
    assert [e.to_dict() for e in loaded.events] == [e.to_dict() for e in game.events]
    undone = game.undo()
    prefix = SwarmGame.replay(game.config, game.seed, SESSION[:-1])
    assert undone.snapshot() == prefix.snapshot()
    assert undone.actions == SESSION[:-1]
    import json
    data = json.loads(text)
    data["state"]["life"] = 39
    with pytest.raises(SaveError, match="does not replay"):
        load_game(data)


def _non_made(game):
    return sorted(card.id for card in game.zones.all_cards() if not card.made)


def check_invariants(game, start_ids):
    assert _non_made(game) == start_ids
    all_ids = [card.id for card in game.zones.all_cards()]
    assert len(all_ids) == len(set(all_ids))
    assert game.dread_level == sum(1 for c in game.zones["battlefield"]
                                   if c.id in game.enforcer_ids)
    enforcer_places = [game.zones.where(i)[0] for i in game.enforcer_ids]
    assert set(enforcer_places) <= {"lair", "battlefield"}
    assert game.zones.where(game.reckoning_id)[0] in ("lair", "library", "removed")


def test_conservation_over_a_session():
    """sw-4-4, sw-9-4: cards are conserved across zones (only tokens made in play are added);
    Enforcers are only ever in The Lair or on the battlefield."""
    game = SwarmGame(sample_config(), "amber-otter-17")
    start = _non_made(game)
    assert len(start) == 107
    for action in SESSION:
        game.apply(action)
        check_invariants(game, start)


def test_docstring_anchors_exist():
    """Every rule anchor named in these tests' docstrings exists on docs/swarm/index.md."""
    page = (ROOT / "docs" / "swarm" / "index.md").read_text(encoding="utf-8")
    anchors = {m.lower().replace(" ", "-").replace(".", "-")
               for m in re.findall(r"\[\[(SW \d+\.\d+)\]\]", page)}
    anchors |= set(re.findall(r"\{ #(sw-\d+) \}", page))
    source = Path(__file__).read_text(encoding="utf-8")
    named = set(re.findall(r"\bsw-\d+(?:-\d+)?\b", source))
    assert named and named <= anchors, sorted(named - anchors)


KINDS = ["turn", "combat", "graveyard-blocker", "survivor-attack", "survivor-blocked",
         "second-main", "end", "swarm-step", "damage",
         "lose-life", "poison", "mill", "gain", "counter", "dies", "leave", "discard", "draw",
         "token", "activate", "cast", "life"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), mode=st.sampled_from(["hive", "overlord"]))
def test_conservation_under_random_play(data, mode):
    """sw-4-4, sw-9-4, sw-4-2: whatever the table does, no card is lost or duplicated (only
    tokens made in play are added), the Dread Level always counts the Enforcers on the
    battlefield, and a refused action changes nothing."""
    game = SwarmGame(sample_config(mode=mode), "random-play")
    start = _non_made(game)
    for _ in range(data.draw(st.integers(5, 25), label="steps")):
        kind = data.draw(st.sampled_from(KINDS), label="kind")
        action = {"type": kind}
        if kind in ("damage", "lose-life", "poison", "mill", "gain", "discard", "draw"):
            action["amount"] = data.draw(st.integers(1, 12), label="amount")
        if kind == "life":
            action["amount"] = data.draw(st.integers(-5, 5).filter(bool), label="amount")
        if kind == "token":
            action["name"] = "Zombie"
        if kind in ("counter", "dies", "leave", "cast"):
            every = sorted(card.id for card in game.zones.all_cards())
            action["card"] = data.draw(st.sampled_from(every), label="card")
        if kind == "leave":
            action["to"] = data.draw(st.sampled_from(["graveyard", "hand", "exile",
                                                      "library-top", "library-bottom"]))
        before = game.to_json()
        try:
            game.apply(action)
        except ActionError:
            assert game.to_json() == before
        check_invariants(game, start)
        if game.result:
            break
    assert load_game(game.to_json()).snapshot() == game.snapshot()


#: The card panel's engine actions (sw-9-4, sw-4-4, sw-7-6, sw-9-5).
KINDS = ("dies", "leave", "counter", "gain-control", "return-control")


@pytest.mark.parametrize("seed", ["amber-otter-17", "quiet-moth-3", "grim-lark-40"])
def test_card_actions_are_the_actions_the_engine_takes(seed):
    """sw-9-4, sw-4-4, sw-7-6, sw-9-5: ``card_actions`` (what the card panel offers) names
    exactly the card actions ``apply`` accepts now, for cards in every zone, along random
    games."""
    from pyengine.game import _capture, _restore  # the engine's own take-back of an action

    game = scenarios.start("swarm", seed)
    seen: set[str] = set()
    for step in range(12):
        scenarios.walk(game, f"{seed}-{step}", 8)
        zones = game.zones
        cards = [*zones["battlefield"], *zones["graveyard"], *zones["exile"], *zones["hand"],
                 *zones["library"][:2], *zones["lair"][:2]]  # every kind of place, not all
        for card in cards:
            offered = game.card_actions(card.id)
            taken = set()
            for kind in KINDS:
                before = _capture(game)
                try:
                    game.apply({"type": kind, "card": card.id})
                except ActionError:
                    continue
                taken.add(kind)
                _restore(game, before)
            assert offered == taken, (step, card, game.phase)
            seen |= taken
        mine = [c for c in game.zones["battlefield"] if game.controls(c)]
        if mine and not game.result and step % 2 == 0:  # so the walk also meets stolen cards
            game.apply({"type": "gain-control", "card": mine[0].id})
    assert seen == set(KINDS)  # the walk reached each kind at least once
    assert game.card_actions(10**6) == frozenset()


def test_a_two_faced_card_is_read_by_its_front_face():
    """sw-4-4, sw-9-4: a card whose back face is a creature is cast front face up, so it is a
    permanent but not a creature card (schema 3; before it Swarm read "Creature" anywhere in
    the type line): it can leave the battlefield but not die, and never attacks."""
    curse = "Curse of Leeches // Leeching Lurker"
    extra = {curse: fact_entry(3, "Enchantment — Aura Curse // Creature — Leech Horror")}
    game = scenarios.stacked("swarm", [curse, "Walking Corpse"], extra_facts=extra)
    card = next(c for c in game.zones["library"] if c.name == curse)
    assert not game.is_creature(card) and game.is_permanent(card)
    game.zones.move(card.id, "battlefield")
    assert game.card_actions(card.id) == {"leave", "gain-control"}


# -- each Survivor's turn and what counts per turn (sw-3-1..sw-3-3, sw-14-14) ---------------------


def test_sw_3_2_each_survivor_takes_a_turn_of_their_own_in_the_opening_rounds():
    """sw-3-1, sw-3-2: between two Swarm turns every Survivor takes a turn; before the first,
    three rounds of them. ``next-survivor`` passes the turn on; after the last Survivor of the
    last round only The Swarm's turn is next."""
    game = new_game(["Walking Corpse"] * 4, survivors=2)
    assert game.whose_turn() == "Survivor 1 of 2's turn (opening round 1 of 3)"
    assert game.turn_actions() == {"turn", "next-survivor"}
    seats = []
    for _ in range(5):
        events = run(game, "next-survivor")
        assert trace(events) == [("survivor-turn", "", "sw-3-2")]
        seats.append((events[0].data["seat"], events[0].data["round"]))
    assert seats == [(2, 1), (1, 2), (2, 2), (1, 3), (2, 3)]
    assert game.whose_turn() == "Survivor 2 of 2's turn (opening round 3 of 3)"
    assert game.turn_actions() == {"turn"}
    assert refused(game, {"type": "next-survivor"}, "The Swarm's turn comes next") == ["sw-3-3"]
    run(game, "turn", "combat", "end")
    assert game.whose_turn() == "Survivor 1 of 2's turn (round 4)"
    events = run(game, "next-survivor")
    assert trace(events) == [("survivor-turn", "", "sw-3-3")]
    assert refused(game, {"type": "next-survivor"}) == ["sw-3-3"]
    assert new_game(["Walking Corpse"]).whose_turn() == \
        "The Survivor's turn (opening round 1 of 3)"


def test_sw_14_14_optional_costs_restart_with_every_turn_survivors_turns_included():
    """sw-14-14: "Dread Level times per turn, across all cards" restarts with each turn: The
    Swarm's, and each Survivor's own turn between two Swarm turns."""
    game = new_game(["Walking Corpse"] * 8, mode="overlord", survivors=2)
    run(game, "turn", "swarm-step", "combat", "end", "turn")
    assert game.dread_level == 1
    run(game, "activate")
    assert refused(game, {"type": "activate"}, "already used 1") == ["sw-14-14"]
    run(game, "swarm-step", "combat", "end")  # Survivor 1's turn: a new turn
    assert game.activations == 0
    events = run(game, "activate")
    assert (events[0].data["used"], events[0].data["limit"]) == (1, 1)
    assert refused(game, {"type": "activate"}, "already used 1") == ["sw-14-14"]
    run(game, "next-survivor")  # Survivor 2's turn
    run(game, "activate")
    assert refused(game, {"type": "activate"}) == ["sw-14-14"]
    run(game, "turn")  # The Swarm's turn
    assert game.dread_level == 2
    run(game, "activate", "activate")
    assert refused(game, {"type": "activate"}, "already used 2") == ["sw-14-14"]


def test_sw_13_14_a_survivors_combat_belongs_to_that_survivors_turn():
    """sw-13-14: once per combat in which the Survivors attack; the next Survivor's turn has
    a combat of its own, and an attack left open does not carry into it."""
    game = new_game(["Zombie", "Walking Corpse", "Zombie", "Walking Corpse", "Blighted Bat"],
                    survivors=2)
    run(game, {"type": "damage", "amount": 4}, "survivor-attack", "graveyard-blocker")
    assert refused(game, {"type": "graveyard-blocker"}) == ["sw-13-14"]
    run(game, "next-survivor")
    assert refused(game, {"type": "graveyard-blocker"}) == ["sw-13-12"]
    run(game, "survivor-attack", "graveyard-blocker")
    assert names(game, "battlefield") == ["Zombie", "Walking Corpse"]


# -- The Swarm never skips a phase (sw-3-5, sw-10-6) ----------------------------------------------


@pytest.mark.parametrize("mode", ["hive", "overlord"])
def test_sw_3_5_the_swarm_never_skips_its_combat(mode):
    """sw-3-5, sw-10-6: neither the end of The Swarm's turn nor its second main phase comes
    before its combat has been played, in Hive Mind and in Overlord Mode; ending the turn in
    combat goes through the Second main phase."""
    game = new_game(["Zombie", "Walking Corpse", "Vengeful Dead"], mode=mode)
    run(game, "turn")
    assert game.phase == ("main1" if mode == "hive" else "pre-swarm")
    for action in ("end", "second-main"):
        assert refused(game, {"type": action}, "never skips a phase") == ["sw-3-5"]
    if mode == "overlord":
        run(game, "swarm-step")
        for action in ("end", "second-main"):
            assert refused(game, {"type": action}, "never skips a phase") == ["sw-3-5"]
    events = run(game, "combat")
    assert game.phase == "combat" and scenarios.of_kind(events, "attack")
    events = run(game, "end")
    assert [e.data.get("rule") for e in events[:2]] == [
        "sw-3-4" if mode == "hive" else "sw-14-12", "sw-3-4"]
    assert game.phase == "survivors"


def test_sw_3_5_a_waiting_hive_pre_swarm_step_cannot_be_ended_either():
    """sw-3-5, sw-13-9: a Pre-Swarm Step waiting for draws goes on to the Swarm Step and
    combat; it is never ended straight away."""
    game = new_game(["Zombie", "Walking Corpse", "Vengeful Dead", "Blighted Bat"])
    run(game, {"type": "draw", "amount": 1}, "turn")
    assert game.phase == "pre-swarm"
    assert game.turn_actions() == {"swarm-step", "combat"}
    assert refused(game, {"type": "end"}) == ["sw-3-5"]


TURN_KINDS = ("turn", "next-survivor", "swarm-step", "combat", "second-main", "end")


@pytest.mark.parametrize("seed", ["amber-otter-17", "quiet-moth-3"])
@pytest.mark.parametrize("mode", ["hive", "overlord"])
def test_turn_actions_are_the_turn_actions_the_engine_takes(seed, mode):
    """sw-3-4, sw-3-5, sw-3-3: ``turn_actions`` (what the runner offers) names exactly the
    turn actions ``apply`` accepts now, along random games of both modes."""
    from pyengine.game import _capture, _restore

    config = sample_config()
    config.update(mode=mode, survivors=3)
    game = SwarmGame(config, seed)
    seen: set[str] = set()
    for step in range(30):
        scenarios.walk(game, f"{seed}-{step}", 4)
        taken = set()
        for kind in TURN_KINDS:
            before = _capture(game)
            try:
                game.apply({"type": kind})
            except ActionError:
                continue
            taken.add(kind)
            _restore(game, before)
        assert game.turn_actions() == taken, (step, game.phase)
        seen |= taken
        if game.result:
            break
    assert seen >= {"turn", "next-survivor", "combat", "second-main", "end"}


# -- change of control (sw-9-5) ------------------------------------------------------------------


def _titan_in(game):
    run(game, "turn", "combat", "end", "turn")
    return next(c for c in game.zones["battlefield"] if c.name == "Grave Titan")


def test_sw_9_5_a_stolen_enforcer_has_not_left_the_battlefield():
    """sw-9-5, sw-4-4, sw-4-2: a Survivor gains control of an Enforcer: it stays on the
    battlefield (not to The Lair), the Dread Level still counts it, it no longer attacks for
    The Swarm nor blocks for it; when it dies under a Survivor's control it goes to The Lair."""
    game = new_game(["Walking Corpse"] * 8)
    titan = _titan_in(game)
    lair = names(game, "lair")
    events = run(game, {"type": "gain-control", "card": titan.id})
    assert trace(events) == [("control", "Grave Titan", "sw-9-5")]
    assert events[0].data["controller"] == "survivor"
    assert game.zone_of(titan) == "battlefield" and names(game, "lair") == lair
    assert game.dread_level == 1
    assert game.card_actions(titan.id) == {"leave", "dies", "return-control"}
    assert refused(game, {"type": "gain-control", "card": titan.id}, "already") == []
    events = run(game, "combat")
    attackers = [e.data["card"] for e in scenarios.of_kind(events, "attack") if "card" in e.data]
    assert titan.id not in attackers and attackers
    run(game, "end")
    titan.tapped = False
    events = run(game, "survivor-attack")
    assert titan.id not in events[0].data["blockers"]
    events = run(game, {"type": "dies", "card": titan.id})
    assert ("lair", "Grave Titan", "sw-4-4") in trace(events)
    assert titan.id not in game.stolen and game.dread_level == 0


def test_sw_9_5_back_under_the_swarms_control():
    """sw-9-5, sw-9-2: a creature a Survivor took loses haste; back with The Swarm during its
    turn, one without printed haste cannot attack that turn, one with printed haste can; back
    during the Survivors' turn, it attacks in the next Swarm turn."""
    game = new_game(["Walking Corpse", "Swift Ghoul", "Vengeful Dead", "Zombie"] + [
        "Walking Corpse"] * 4)
    run(game, {"type": "draw", "amount": 1}, "turn", "swarm-step")
    corpse, ghoul = (next(c for c in game.zones["battlefield"] if c.name == n)
                     for n in ("Walking Corpse", "Swift Ghoul"))
    for card in (corpse, ghoul):
        run(game, {"type": "gain-control", "card": card.id})
    for card in (corpse, ghoul):
        events = run(game, {"type": "return-control", "card": card.id})
        assert trace(events) == [("control", card.name, "sw-9-5")]
    events = run(game, "combat")
    assert ("no-attack", "Walking Corpse", "sw-9-5") in trace(events)
    attackers = [e.data["card"] for e in scenarios.of_kind(events, "attack") if "card" in e.data]
    assert ghoul.id in attackers and corpse.id not in attackers
    run(game, "end", {"type": "gain-control", "card": corpse.id},
        {"type": "return-control", "card": corpse.id}, "turn")
    events = run(game, "combat")
    attackers = [e.data["card"] for e in scenarios.of_kind(events, "attack") if "card" in e.data]
    assert corpse.id in attackers
    assert refused(game, {"type": "return-control", "card": corpse.id}, "no Survivor") == []


def test_sw_12_1_the_swarms_battlefield_is_what_it_controls():
    """sw-12-1, sw-9-5: the Survivors win with the Swarm deck empty and nothing on the
    battlefield under The Swarm's control; a permanent a Survivor took is not The Swarm's."""
    game = new_game(["Walking Corpse"])
    run(game, "turn")
    corpse = game.zones["battlefield"][0]
    assert not game.zones["library"] and not game.result
    events = run(game, {"type": "gain-control", "card": corpse.id})
    assert game.result == "won" and ("win", "", "sw-12-1") in trace(events)


def test_dies_all_wipes_in_one_action_enforcers_to_the_lair():
    """sw-9-4, sw-4-4: a wrath is one action: each Swarm creature goes to the graveyard (tokens
    too), each Enforcer to the bottom of The Lair, Dread Level follows (sw-4-2); one undo
    puts all of them back."""
    game = new_game(["Zombie", "Walking Corpse"] * 4, enforcers=("Grave Titan", "Death Baron",
                                                                 "Undead Warchief"))
    run(game, "turn", "combat", "end", "turn")
    zombies = names(game, "battlefield").count("Zombie")
    before = game.to_json()
    creatures = [c.id for c in game.zones["battlefield"]]
    assert "Grave Titan" in names(game, "battlefield") and len(creatures) >= 4
    events = game.apply({"type": "dies-all", "cards": creatures})
    kinds = trace(events)
    assert ("lair", "Grave Titan", "sw-4-4") in kinds
    assert [k for k in kinds if k[0] == "leave"] == [
        ("leave", c.name, "sw-9-4") for c in map(game.card, creatures) if c.name != "Grave Titan"]
    assert game.zones["battlefield"] == [] and game.dread_level == 0
    assert names(game, "lair")[-1] == "Grave Titan"
    assert zombies and names(game, "graveyard").count("Zombie") == zombies
    assert game.undo().to_json() == before


def test_dies_all_but_the_chosen_and_refusals():
    """sw-9-4: a partial wipe names only the creatures that die; the rest stay. A creature a
    Survivor controls is not The Swarm's (sw-9-5), a card named twice or a noncreature is
    refused, and a refusal changes nothing."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"])
    run(game, "turn")
    zombie, corpse = game.zones["battlefield"][:2]
    game.apply({"type": "dies-all", "cards": [zombie.id]})
    assert names(game, "battlefield")[0] == "Walking Corpse"
    assert names(game, "graveyard") == ["Zombie"]
    assert refused(game, {"type": "dies-all", "cards": [corpse.id, corpse.id]}, "twice") == []
    assert refused(game, {"type": "dies-all", "cards": []}, "at least one") == []
    assert refused(game, {"type": "dies-all", "cards": [zombie.id]}, "not a Swarm creature") == []
    game.apply({"type": "gain-control", "card": corpse.id})
    assert refused(game, {"type": "dies-all", "cards": [corpse.id]}, "not a Swarm creature") == []


def test_dies_all_first_enforcer_into_an_empty_lair_is_active():
    """sw-4-12: an Enforcer that reaches an empty Lair in a wipe becomes the Active Enforcer."""
    game = new_game(["Walking Corpse"] * 8, enforcers=("Grave Titan",), reckoning_at=1)
    run(game, "turn", "combat", "end", "turn", "combat", "end", "turn")
    on_board = [c.id for c in game.zones["battlefield"]]
    events = game.apply({"type": "dies-all", "cards": on_board})
    assert ("active", "Grave Titan", "sw-4-12") in trace(events)
    assert game.active_enforcer.name == "Grave Titan"


def test_tap_all_and_untap_all_swarm_creatures():
    """sw-9-2, sw-13-12: "tap all creatures" taps The Swarm's creatures in one action; a
    tapped creature does not attack, and The Swarm untaps its own as its turn begins (sw-3-4)."""
    game = new_game(["Zombie", "Walking Corpse", "Blighted Bat"] * 3)
    run(game, "turn", "combat", "end", "turn")
    cards = [c.id for c in game.zones["battlefield"]]
    events = game.apply({"type": "tap-all", "cards": cards, "tapped": True})
    assert events[0].kind == "tap" and events[0].data["cards"] == cards
    assert all(c.tapped for c in game.zones["battlefield"])
    assert all(game.attack_refusal(c) == "tapped" for c in game.zones["battlefield"])
    game.apply({"type": "tap-all", "cards": cards[:1], "tapped": False})
    assert not game.card(cards[0]).tapped and game.card(cards[1]).tapped
    assert refused(game, {"type": "tap-all", "cards": cards, "tapped": "yes"},
                   "true or false") == []
    run(game, "combat", "end", "turn")
    assert not any(c.tapped for c in game.zones["battlefield"])


def test_sw_4_7_the_waiting_active_enforcers_static_abilities_count():
    """sw-4-7, sw-9-3 (issue 39): a lord waiting in The Lair as the Active Enforcer gives its
    bonus to Swarm creatures: a 0-power Zombie attacks, and the attack total counts the bonus;
    a lord on the battlefield does the same."""
    from tests.scenarios import on_board, stacked

    game = stacked("swarm", ["Zombie"] * 5)
    game.phase = swarm.MAIN1
    zero = {"mana_cost": "{B}", "mana_value": 1, "type_line": "Creature — Zombie",
            "power": "0", "toughness": "1", "token": False, "tags": []}
    lord = {"mana_cost": "{1}{B}{B}", "mana_value": 3, "type_line": "Creature — Zombie",
            "power": "2", "toughness": "2", "token": False, "tags": ["lord=other_zombies+1/+1"]}
    small, = on_board(game, "Small", extra_facts={"Small": zero})
    assert game.attack_refusal(small) == "power 0"
    on_board(game, "Lord in the Lair", zone="lair", face_up=True,
             extra_facts={"Lord in the Lair": lord})
    assert game.active_enforcer is not None and game.power(small) == 1
    events = game.apply({"type": "combat"})
    attacked = [e for e in events if e.kind == "attack" and e.data.get("card") == small.id]
    assert attacked and attacked[0].data["power"] == 1
    total = next(e for e in events if e.kind == "attack-total")
    assert total.data == {"total": 1, "attackers": 1}


def test_enters_with_x_counters_as_its_text_counts():
    """sw-9-1, sw-13-16: Unbreathing Horde enters with a +1/+1 counter for each other Zombie
    The Swarm controls and each Zombie card in its graveyard: two Walking Corpses on the
    battlefield and one in the graveyard make 3."""
    game = scenarios.stacked("swarm", ["Walking Corpse"] * 5)
    scenarios.on_board(game, "Walking Corpse", "Walking Corpse")
    scenarios.on_board(game, "Walking Corpse", zone="graveyard")
    (horde,) = scenarios.on_board(game, "Unbreathing Horde", zone="exile")
    game.zones.take(horde.id)
    game._enter(horde)
    assert horde.counters == 3


@pytest.mark.parametrize("tokens", [40, 400])
def test_sw_9_2_a_big_token_board_attacks_with_each_lord_read_once_per_name(tokens,
                                                                            monkeypatch):
    """sw-9-2, sw-4-7: a board of hundreds of Zombie tokens and two lords attacks with every
    creature at the lords' power (an "other" lord not boosting itself), and what the lords give
    is worked out once per card name, not once per creature: a combat costs the board's size,
    not its square (the cost is counted in calls, not timed; speed is bench_long_games')."""
    from tests.scenarios import on_board, stacked

    game = stacked("swarm", ["Zombie"] * 5)
    game.phase = swarm.MAIN1
    lord = {"mana_cost": "{1}{B}{B}", "mana_value": 3, "type_line": "Creature — Zombie",
            "power": "2", "toughness": "2", "token": False,
            "tags": ["lord=other_zombies+1/+1+deathtouch"]}
    on_board(game, *["Zombie"] * tokens)
    lords = on_board(game, "Lord A", "Lord B", extra_facts={"Lord A": lord, "Lord B": lord})
    asked = []
    real = swarm.bonus
    monkeypatch.setattr(swarm, "bonus", lambda *a, **k: asked.append(a[0]) or real(*a, **k))
    events = game.apply({"type": "combat"})
    powers = {e.data["card"]: e.data["power"] for e in events if e.kind == "attack"}
    assert len(powers) == tokens + 2
    assert {powers[c.id] for c in game.zones["battlefield"] if c.name == "Zombie"} == {4}
    assert [powers[c.id] for c in lords] == [3, 3]  # the other lord's +1 only
    total = next(e for e in events if e.kind == "attack-total")
    assert total.data == {"total": 4 * tokens + 6, "attackers": tokens + 2}
    assert len(asked) <= 12, len(asked)  # per name and lord, for refusal and attack
    assert all("deathtouch" in game.keywords(c) for c in game.zones["battlefield"])
