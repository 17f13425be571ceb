"""Horde Magic Limited Edition 2.1: scenario tests with stacked decks (anchors lh-…)."""

from __future__ import annotations

from collections import Counter

import pytest

from pyengine.actions import types_of
from pyengine.game import ActionError
from pyengine.horde_common import ConfigError
from pyengine.limited_horde import LimitedHorde, preparation_turns, token_mana_value
from pyengine.rng import Rng
from tests import scenarios
from tests.helpers import act, assert_round_trip, kinds, names, to_horde_turn

SEED = "amber-otter-17"
DB = scenarios.card_db()


def facts_for(names):
    return scenarios.facts(names)


def game(deck, *, dreadnought=None, seed=SEED, stack=True, **extra):
    """A Limited Horde game on nightmare, its library exactly ``deck`` (top first)."""
    if dreadnought is not None:
        extra["dreadnought"] = list(dreadnought)
    return scenarios.stacked("limited-horde", deck, seed=seed, stack=stack, **extra)


shipped = scenarios.shipped

FILLER = ["Zombie"] * 10 + ["Walking Corpse"] * 10
SPAWN = "Eldrazi Spawn"
DREAD = shipped("limited-horde-eldrazi-dreadnought")


# -- preparation and stages -----------------------------------------------------------------
@pytest.mark.parametrize("level, turns", [("nightmare", 2), ("hard", 3), ("normal", 4),
                                          ("easy", 5), ("story", 6)])
def test_preparation_turns_by_difficulty(level, turns):
    """lh-2-4: Nightmare 2, Hard 3, Normal 4, Easy 5, Story 6 Preparation turns."""
    assert preparation_turns(level) == turns
    g = game(FILLER, difficulty=level)
    assert g.status()["preparation_turns"] == turns
    for turn in range(1, turns):
        [event] = act(g, "end-survivor-turn")
        assert (event.kind, event.data) == ("survivor-turn",
                                            {"turn": turn + 1, "stage": "preparation"})
    events = act(g, "end-survivor-turn")
    assert kinds(events)[:2] == ["stage", "horde-turn"]
    assert g.stage == "assault"


def test_set_adjustments():
    """lh-2-6: set adjustments from -2 to +2 change the Preparation turns (never below 1)."""
    assert preparation_turns("normal", -2) == 2
    assert preparation_turns("normal", 2) == 6
    assert preparation_turns("nightmare", -2) == 1
    assert game(FILLER, difficulty="hard", adjustment=1).preparation == 4
    for bad in (3, -3):
        with pytest.raises(ConfigError):
            game(FILLER, adjustment=bad)
    with pytest.raises(ConfigError):
        game(FILLER, difficulty="insane")


def test_assault_reveal_stops_after_three_cards():
    """lh-4-2 (derived): reveal and play until 3 cards are played."""
    g = game(["Zombie", "Zombie", "Zombie Giant", "Zombie", "Walking Corpse"])
    events = to_horde_turn(g)
    main = next(e for e in events if e.kind == "main")
    assert main.cards == ["Zombie", "Zombie", "Zombie Giant"]
    assert names(g.zones["library"]) == ["Zombie", "Walking Corpse"]
    assert events[-1].kind == "attack" and events[-1].data["power"] == 9


def test_assault_reveal_stops_at_a_nontoken_card():
    """lh-4-2 (derived): ... or until a nontoken card is played."""
    g = game(["Zombie", "Walking Corpse", "Zombie", "Zombie"])
    events = to_horde_turn(g)
    assert [(e.kind, e.cards) for e in events if e.kind in ("reveal", "cast", "enter")] == [
        ("reveal", ["Zombie"]), ("enter", ["Zombie"]),
        ("reveal", ["Walking Corpse"]), ("cast", ["Walking Corpse"]),
        ("enter", ["Walking Corpse"]),
    ]


def test_surge_begins_at_upkeep_and_plays_two_more():
    """lh-5-1, lh-5-2, lh-5-3 (derived): once graveyard + exile exceed the library at the
    Horde's upkeep, the Surge stage begins and the Horde plays 2 more cards."""
    g = game(["Walking Corpse"] * 12)
    act(g, "discard", n=6)  # graveyard 6, library 6: not more
    events = to_horde_turn(g)
    assert g.stage == "assault" and "stage" not in kinds(events)[1:]
    act(g, "end-horde-turn")  # graveyard 6, library 5
    events = act(g, "end-survivor-turn")
    assert kinds(events)[:4] == ["horde-turn", "untap", "stage", "main"]
    assert events[2].data == {"stage": "surge", "gone": 6, "library": 5}
    assert events[3].data["count"] == 3
    assert [e.data.get("surge", False) for e in events if e.kind == "reveal"] == [
        False, True, True]


def test_epilogue_no_draws_keeps_attacking_and_hunting():
    """lh-6-1, lh-6-2, lh-6-3: with the library empty the Epilogue begins: the Horde does not
    draw or lose, keeps attacking, and every Horde creature may be hunted."""
    g = game(["Walking Corpse", "Zombie Giant"])
    to_horde_turn(g)
    assert g.hunting() == "none"
    events = act(g, "hit", n=3)
    assert events[-1].kind == "stage" and g.stage == "epilogue"
    assert g.hunting() == "all"
    assert kinds(act(g, "draw", n=2)) == ["no-draw"]
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    assert events[-1].kind == "attack" and events[-1].cards == ["Walking Corpse"]
    corpse = g.creatures()[0]
    with pytest.raises(ActionError, match="without defender"):
        act(g, "hunt", card=corpse.id, power=3, defender=True)
    events = act(g, "hunt", card=corpse.id, power=3, toughness=3)
    assert kinds(events)[:2] == ["hunt", "dies"]
    assert events[0].data["damage_back"] == 2 and events[0].data["hunter_dies"] is False


def test_lh_6_1_library_emptied_during_preparation_starts_the_epilogue_at_once():
    """lh-6-1, lh-6-3, lh-2-1, lh-5-1: a library milled out during Preparation starts the
    Epilogue that moment (Hunting for Survivor creatures without defender); the Preparation
    turns still run out, and the Horde's first turn announces neither Assault nor Surge."""
    g = game(["Walking Corpse", "Zombie", "Zombie Giant"])  # nightmare: 2 Preparation turns
    assert g.stage == "preparation" and g.hunting() == "none"
    events = act(g, "hit", n=6)
    assert kinds(events) == ["hit", "mill"]
    assert names(g.zones["graveyard"]) == ["Walking Corpse", "Zombie"]
    assert g.stage == "preparation"
    events = act(g, "hit", n=3)
    assert kinds(events) == ["hit", "mill", "stage", "victory-ready"]
    assert events[2].data == {"stage": "epilogue"}
    assert g.stage == "epilogue" and g.hunting() == "all"
    assert names(g.zones["library"]) == []
    assert names(g.zones["graveyard"]) == ["Walking Corpse", "Zombie", "Zombie Giant"]
    events = act(g, "end-survivor-turn")
    assert [e.data for e in events if e.kind == "survivor-turn"] == [
        {"turn": 2, "stage": "epilogue"}]
    events = act(g, "end-survivor-turn")
    assert g.phase == "horde" and g.stage == "epilogue"
    assert "stage" not in kinds(events)
    assert not any(e.data.get("stage") in ("assault", "surge") or e.data.get("surge")
                   for e in events)
    assert (events[0].kind, events[0].data) == ("horde-turn", {"turn": 1, "stage": "epilogue"})
    assert g.zones["battlefield"] == []


def test_lh_8_9_looking_at_the_last_cards_is_not_the_epilogue():
    """lh-8-9, lh-6-1: while an effect looks at the Horde's hand (its top library cards), the
    library is not empty, so the Epilogue does not begin."""
    g = game(["Walking Corpse", "Zombie"])
    act(g, "look-hand")
    events = act(g, "life", change=-1)
    assert "stage" not in kinds(events) and g.stage == "preparation"
    act(g, "end-look")
    assert names(g.zones["library"]) and g.stage == "preparation"


def test_lh_8_9_looking_at_the_last_cards_is_no_victory_either():
    """lh-8-9, lh-7-3: while the table looks at the Horde's hand, its cards are only lent out
    of the library, so an empty library then neither starts the Epilogue nor tells the table
    it may confirm victory (the one end check, ``check_end``, waits for "Done looking")."""
    g = game(["Walking Corpse", "Zombie"])
    act(g, "look-hand")
    assert not g.zones["library"] and not g.creatures()
    for step in ("draw", "discard"):
        assert "victory-ready" not in kinds(act(g, step)), step
    assert g.stage == "preparation"
    assert "victory-ready" not in kinds(act(g, "end-look"))
    assert names(g.zones["library"])


# -- tokens ---------------------------------------------------------------------------------
def test_token_mana_value():
    """lh-3-4: ceil((power + toughness) / 2): Zombie 2, Giant 5, Goblin 1, Horror 3, Spawn 1."""
    assert [token_mana_value(p, t) for p, t in ((2, 2), (5, 5), (1, 1), (3, 2), (0, 1))] == [
        2, 5, 1, 3, 1]
    g = game(["Zombie", "Eldrazi Horror", "Walking Corpse"])
    assert [g.mana_value(c) for c in g.zones["library"]] == [2, 3, 2]


def test_tokens_are_cards_in_every_zone():
    """lh-3-2: a deck token that leaves the battlefield goes to the graveyard like a card."""
    g = game(["Zombie", "Walking Corpse"] + FILLER)
    to_horde_turn(g)
    zombie = g.zones["battlefield"][0]
    act(g, "move", card=zombie.id, to="graveyard")
    assert names(g.zones["graveyard"]) == ["Zombie"]
    act(g, "move", card=zombie.id, to="exile")
    assert names(g.zones["exile"]) == ["Zombie"]


def test_create_token_returns_from_the_graveyard():
    """lh-3-3: 'create' returns matching tokens from the graveyard; partial; fizzle."""
    g = game(["Zombie", "Zombie Giant", "Zombie", "Walking Corpse"] + FILLER)
    act(g, "discard", n=3)
    events = act(g, "create-token", name="Zombie", n=3)
    assert [(e.kind, e.cards) for e in events] == [
        ("return-tokens", ["Zombie", "Zombie"]), ("enter", ["Zombie"]), ("enter", ["Zombie"])]
    assert events[0].data == {"asked": 3, "returned": 2}
    events = act(g, "create-token", name="Zombie")
    assert [(e.kind, e.data) for e in events] == [("fizzle", {"asked": 1, "returned": 0})]
    events = act(g, "create-token", name="Eldrazi Horror", n=2, fallback=["Zombie Giant"])
    assert events[0].cards == ["Zombie Giant"]


def test_token_tags_return_tokens_by_themselves():
    """lh-3-3, lh-11-9: 'enters: 2 Eldrazi Spawn' (Dread Drone), a resolved Corpsehatch and a
    dying Goblin Marshal return their tokens from the graveyard without the table's help."""
    g = game([SPAWN] * 4 + ["Dread Drone", "Corpsehatch"] + FILLER,
             dreadnought=["Ulamog's Crusher"])
    act(g, "discard", n=3)
    events = to_horde_turn(g)  # plays Spawn, then Dread Drone
    returned = next(e for e in events if e.kind == "return-tokens")
    at = events.index(returned)  # right as Dread Drone enters: its own 'enters' tag
    assert scenarios.trace(events[at - 1:at + 1]) == [
        ("enter", "Dread Drone", ""), ("return-tokens", f"{SPAWN}, {SPAWN}", "")]
    assert returned.data == {"asked": 2, "returned": 2, "trigger": "etb"}  # which trigger ran
    assert names(g.creatures()) == [SPAWN, "Dread Drone", SPAWN, SPAWN]
    act(g, "end-horde-turn")
    act(g, "move", card=g.creatures()[0].id, to="graveyard")
    to_horde_turn(g)
    hatch = g.zones["stack"][0]
    events = act(g, "done", card=hatch.id)
    assert [(e.kind, e.data) for e in events if e.kind in ("return-tokens", "fizzle")] == [
        ("return-tokens", {"asked": 2, "returned": 2})]
    goblins = game(["Goblin"] * 2 + ["Goblin Marshal"] + ["Goblin"] * 10)
    act(goblins, "discard", n=2)
    to_horde_turn(goblins)  # Marshal's own 'enters: 2 Goblins' brings both back
    marshal = next(c for c in goblins.creatures() if c.name == "Goblin Marshal")
    assert names(goblins.creatures()).count("Goblin") == 2
    for card in [c for c in goblins.creatures() if c.name == "Goblin"]:
        act(goblins, "move", card=card.id, to="graveyard")
    events = act(goblins, "move", card=marshal.id, to="graveyard")
    assert [e.kind for e in events] == ["move", "return-tokens", "enter", "enter"]


def test_card_tags_the_engine_carries_out():
    """lh-8-5, lh-9-8, lh-11-15, lh-11-22: life gain draws (Essence Feed), draws on death
    (Exultant Cultist) and on cast (Wretched Gryff), self-mill (Crow of Dark Tidings) and
    Miasmic Mummy's discard happen by themselves; by the recovered errata the Mummy's discard
    reaches each opponent only, so the Horde mills nothing for it."""
    g = game(["Essence Feed", "Zombie", "Exultant Cultist", "Walking Corpse",
              "Crow of Dark Tidings", "Zombie", "Zombie", "Miasmic Mummy", "Zombie Giant"]
             + FILLER)
    to_horde_turn(g)
    feed = g.zones["stack"][0]
    events = act(g, "done", card=feed.id)
    assert [(e.kind, e.cards) for e in events] == [
        ("effect", ["Essence Feed"]), ("life", []),
        ("effect", ["Essence Feed"]), ("gain", []), ("draw", ["Zombie"]), ("enter", ["Zombie"]),
        ("fizzle", ["Eldrazi Spawn"]), ("resolve", ["Essence Feed"]),
    ]
    assert g.life == 17
    act(g, "draw")
    cultist = next(c for c in g.creatures() if c.name == "Exultant Cultist")
    events = act(g, "move", card=cultist.id, to="graveyard")
    assert [(e.kind, e.cards) for e in events] == [
        ("move", ["Exultant Cultist"]), ("draw", ["Walking Corpse"]), ("cast", ["Walking Corpse"]),
        ("enter", ["Walking Corpse"])]
    events = act(g, "draw")
    assert [(e.kind, e.cards) for e in events][-2:] == [
        ("effect", ["Crow of Dark Tidings"]), ("mill", ["Zombie", "Zombie"])]
    events = act(g, "draw")
    assert [(e.kind, e.cards) for e in events][-1:] == [("effect", ["Miasmic Mummy"])]
    assert "each Survivor discards a card (the Horde does not)" in events[-1].text
    gryff = game([SPAWN] * 7 + ["Walking Corpse", "Zombie"] + FILLER,
                 dreadnought=["Wretched Gryff"])
    act(gryff, "discard", n=7)
    events = act(gryff, "create-token", name=SPAWN, n=7)
    assert "sacrifice" not in kinds(events)  # no flash: only in the Horde's main phase
    events = to_horde_turn(gryff)
    assert [(e.kind, e.cards) for e in events if e.kind in ("cast", "draw")] == [
        ("cast", ["Walking Corpse"]), ("cast", ["Wretched Gryff"]), ("draw", ["Zombie"])]


def test_other_tokens_follow_the_normal_rules():
    """lh-3-5: tokens that did not start in the Horde deck cease to exist when they leave."""
    g = game(FILLER)
    events = act(g, "create-token", name="Insect", n=2, other=True, power=1, toughness=1)
    assert kinds(events) == ["create", "enter", "enter"]
    insect = g.zones["battlefield"][0]
    assert kinds(act(g, "move", card=insect.id, to="graveyard")) == ["move", "cease"]
    assert not g.zones["graveyard"]


# -- drawing, damage, life, hand ------------------------------------------------------------
def test_drawn_cards_are_played_at_once_in_order():
    """lh-3-6, lh-3-7, lh-8-8: each card drawn is cast at once for 0, in the order drawn."""
    g = game(["Zombie", "Walking Corpse", "Smallpox", "Zombie"])
    events = act(g, "draw", n=3)
    assert [(e.kind, e.cards) for e in events] == [
        ("draw", ["Zombie"]), ("enter", ["Zombie"]),
        ("draw", ["Walking Corpse"]), ("cast", ["Walking Corpse"]), ("enter", ["Walking Corpse"]),
        ("draw", ["Smallpox"]), ("cast", ["Smallpox"]), ("hold", ["Smallpox"]),
    ]


def test_three_damage_mills_one_cleared_at_cleanup():
    """lh-8-3: every 3 damage mills 1; leftover damage carries through the turn and is
    cleared at cleanup."""
    g = game(FILLER)
    events = act(g, "hit", n=2)
    assert kinds(events) == ["hit"] and g.damage == 2
    events = act(g, "hit", n=5)
    assert kinds(events) == ["hit", "mill"]
    assert events[1].data == {"count": 2, "asked": 2} and g.damage == 1
    events = act(g, "end-survivor-turn")
    assert events[0].kind == "cleanup" and g.damage == 0
    act(g, "hit", n=2)
    assert g.damage == 2


def test_aggro_mode():
    """lh-13-3: Aggro Mode: 1 damage mills 1, no Surge, Hunting all game."""
    g = game(["Walking Corpse"] * 12, aggro=True)
    assert g.hunting() == "all"
    events = act(g, "hit", n=7)
    assert events[1].data == {"count": 7, "asked": 7}
    to_horde_turn(g)
    assert g.stage == "assault"
    act(g, "end-horde-turn")
    to_horde_turn(g)
    assert g.stage == "assault"
    act(g, "hunt", card=g.creatures()[0].id, power=2)


def test_life_gain_draws_every_three_and_floats():
    """lh-8-5, lh-8-6: every 3 life gained draws and plays a card; the rest floats until the
    step ends."""
    g = game(["Zombie", "Walking Corpse"] + FILLER)
    events = act(g, "gain", n=4)
    assert [(e.kind, e.cards) for e in events] == [("gain", []), ("draw", ["Zombie"]),
                                                   ("enter", ["Zombie"])]
    assert g.gained == 1
    act(g, "gain", n=2)
    assert g.gained == 0 and names(g.zones["battlefield"]) == ["Zombie", "Walking Corpse"]
    act(g, "gain", n=2)
    assert kinds(act(g, "end-step")) == ["end-step"] and g.gained == 0
    act(g, "gain", n=1)
    assert g.gained == 1


def test_discard_mills():
    """lh-8-10: discarding N mills N."""
    g = game(["Zombie", "Walking Corpse", "Zombie Giant"])
    events = act(g, "discard", n=2)
    assert [(e.kind, e.cards) for e in events] == [("discard", []),
                                                   ("mill", ["Zombie", "Walking Corpse"])]


def test_cards_put_into_the_hand_go_on_top():
    """lh-8-9: a card that would go to the Horde's hand goes on top of its library."""
    g = game(["Walking Corpse"] + FILLER)
    to_horde_turn(g)
    corpse = g.zones["battlefield"][0]
    events = act(g, "move", card=corpse.id, to="hand")
    assert kinds(events) == ["move", "hand-to-library"]
    assert g.zones["library"][0].id == corpse.id and not g.zones["hand"]


def test_looking_at_the_hand_reveals_the_top_three():
    """lh-8-9: effects on the Horde's hand use the top 3 cards; the rest go back on top in
    random order."""
    deck = ["Zombie", "Walking Corpse", "Zombie Giant", "Smallpox"]
    g = game(deck, seed="look-1")
    events = act(g, "look-hand")
    assert events[0].cards == ["Zombie", "Walking Corpse", "Zombie Giant"]
    assert names(g.zones["hand"]) == deck[:3]
    with pytest.raises(ActionError, match="tap Done looking"):
        act(g, "end-survivor-turn")
    act(g, "move", card=g.zones["hand"][1].id, to="graveyard")
    act(g, "end-look")
    assert sorted(names(g.zones["library"][:2])) == ["Zombie", "Zombie Giant"]
    assert names(g.zones["library"])[2] == "Smallpox"
    orders = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        other = game(deck, seed=seed)
        act(other, "look-hand")
        act(other, "end-look")
        orders.add(tuple(names(other.zones["library"][:3])))
    assert len(orders) > 1


# -- the Eldrazi ----------------------------------------------------------------------------
def test_eldrazi_setup_coax_on_top_face_up():
    """lh-11-2: Vanguard and Dreadnought decks apart; Coax on top of the Dreadnought, face up."""
    vanguard = shipped("limited-horde-eldrazi-vanguard")
    g = game(vanguard, dreadnought=DREAD, stack=False)
    pile = g.zones["dreadnought"]
    assert len(pile) == 12 and len(g.zones["library"]) == 50
    assert pile[0].name == "Coax from the Blind Eternities" and pile[0].face_up
    assert not any(c.face_up for c in pile[1:])
    assert g.status()["dreadnought_top"]["spawn_needed"] == 2
    assert g.hunting() == "spawn"


def test_spawn_pay_for_the_dreadnought_top_card():
    """lh-11-4, lh-11-17: with enough Spawn the Horde sacrifices them and casts the top card;
    Coax does nothing but reveal the next one."""
    g = game([SPAWN, SPAWN, "Corpsehatch"] + FILLER,
             dreadnought=["Coax from the Blind Eternities", "Ulamog's Crusher"])
    events = to_horde_turn(g)
    tail = [(e.kind, e.cards) for e in events if e.kind in ("sacrifice", "cast", "dreadnought")]
    assert tail == [
        ("cast", ["Corpsehatch"]),
        ("sacrifice", [SPAWN, SPAWN]),
        ("cast", ["Coax from the Blind Eternities"]),
        ("dreadnought", ["Ulamog's Crusher"]),
    ]
    assert names(g.zones["graveyard"]) == [SPAWN, SPAWN, "Coax from the Blind Eternities"]
    assert g.zones["dreadnought"][0].face_up


def test_emerge_with_the_errata():
    """lh-11-18, lh-11-19, lh-11-20: emerge when the mana cost cannot be paid; the sacrificed
    creature's whole mana cost (coloured symbols too) reduces the emerge cost."""
    # Abundant Maw: {8}, emerge {6}{B}. Dread Drone {4}{B} pays {B} and 4 generic; 2 Spawn
    # pay the rest. Without the errata the {B} could not be paid (Spawn make colourless).
    g = game([SPAWN, SPAWN, "Dread Drone"] + FILLER, dreadnought=["Abundant Maw"])
    events = to_horde_turn(g)
    sac = next(e for e in events if e.kind == "sacrifice")
    assert sac.cards == ["Dread Drone", SPAWN, SPAWN]
    # the emerge cast: Dread Drone (no Spawn) sacrificed, then Abundant Maw from the Dreadnought
    at = events.index(sac)
    cast = events[at + 1]
    assert (cast.kind, cast.cards, cast.data["from"]) == ("cast", ["Abundant Maw"],
                                                          "dreadnought")
    # its cast trigger: the Survivors lose 3 and the Horde gains 3, drawing (and playing) a card
    assert [(e.kind, e.cards) for e in events[at + 2:at + 6]] == [
        ("effect", ["Abundant Maw"]), ("life", []), ("effect", ["Abundant Maw"]), ("gain", [])]
    assert events[at + 3].data["change"] == -3 and events[at + 5].data["amount"] == 3
    assert g.life == 17
    assert names(g.creatures()) == ["Zombie", "Abundant Maw"]


def test_it_of_the_horrid_swarm_returns_horrors_then_spawn():
    """lh-11-24: It of the Horrid Swarm returns Eldrazi Horror tokens, settling for Spawn."""
    g = game(["Eldrazi Horror", SPAWN, SPAWN] + [SPAWN] * 8 + ["Walking Corpse"] + FILLER,
             dreadnought=["It of the Horrid Swarm"])
    act(g, "discard", n=3)  # graveyard: Horror, Spawn, Spawn
    to_horde_turn(g)  # 3 Spawn: not enough for {8}
    act(g, "end-horde-turn")
    act(g, "create-token", name=SPAWN, n=2)
    act(g, "draw", n=3)  # 8 Spawn on the battlefield now, cast in the Horde's main phase
    events = to_horde_turn(g)
    returned = next(e for e in events if e.kind == "return-tokens")
    assert returned.cards == ["Eldrazi Horror", SPAWN]
    assert returned.data == {"asked": 2, "returned": 2, "trigger": "cast"}
    at = events.index(returned)  # It's own effect, as it is cast
    assert (events[at - 1].kind, events[at - 1].cards) == ("cast", ["It of the Horrid Swarm"])


def test_emerge_needs_matching_colour():
    """lh-11-19, lh-11-26: Kozilek's Predator ({3}{G}) cannot pay Abundant Maw's {B}."""
    g = game([SPAWN, SPAWN, "Kozilek's Predator"] + FILLER, dreadnought=["Abundant Maw"])
    events = to_horde_turn(g)
    assert "sacrifice" not in kinds(events)
    assert g.zones["dreadnought"][0].name == "Abundant Maw"


def test_mana_cost_before_emerge():
    """lh-11-20: the mana cost is always tried first."""
    g = game([SPAWN] * 2 + ["Dread Drone"] + FILLER,
             dreadnought=["Coax from the Blind Eternities", "Abundant Maw"])
    events = to_horde_turn(g)
    casts = [e.cards[0] for e in events if e.kind == "cast"]
    assert casts == ["Dread Drone", "Coax from the Blind Eternities"]
    assert names(g.creatures()) == ["Dread Drone"]


def test_spawn_cannot_attack_and_only_spawn_are_hunted():
    """lh-11-3, lh-11-6: Spawn never attack; against the Eldrazi only Spawn may be hunted."""
    g = game([SPAWN, "Eldrazi Horror", "Dread Drone"] + FILLER, dreadnought=["Abundant Maw"])
    events = to_horde_turn(g)
    assert events[-1].cards == ["Eldrazi Horror", "Dread Drone"]
    horror = next(c for c in g.creatures() if c.name == "Eldrazi Horror")
    before = g.to_json()
    with pytest.raises(ActionError, match=SPAWN):  # the refusal names what may be hunted
        act(g, "hunt", card=horror.id, power=5)
    assert g.to_json() == before
    spawn = next(c for c in g.creatures() if c.name == SPAWN)
    events = act(g, "hunt", card=spawn.id, power=1)
    assert kinds(events)[:2] == ["hunt", "dies"]
    assert names(g.zones["graveyard"]) == [SPAWN]


def test_no_hunting_before_the_epilogue_against_other_hordes():
    """lh-8-12: without Epilogue, Eldrazi or Aggro Mode there is no Hunting."""
    g = game(["Walking Corpse"] + FILLER)
    to_horde_turn(g)
    with pytest.raises(ActionError, match="no Hunting"):
        act(g, "hunt", card=g.creatures()[0].id, power=5)


# -- targeting ------------------------------------------------------------------------------
def test_destroy_targets_the_highest_mana_value():
    """lh-3-13, lh-3-16: destroy/exile the highest mana value, random among ties."""
    g = game(FILLER)
    events = act(g, "target", effect="destroy", permanents=[
        {"name": "Bear", "mv": 2}, {"name": "Angel", "mv": 5}, {"name": "Knight", "mv": 3}])
    assert events[0].data["pick"] == "Angel"
    picks = set()
    for _ in range(12):
        event = act(g, "target", effect="exile", permanents=[
            {"name": "Angel", "mv": 5}, {"name": "Dragon", "mv": 5}, {"name": "Bear", "mv": 2}])[0]
        assert event.data["tied"] == ["Angel", "Dragon"]
        picks.add(event.data["pick"])
    assert picks == {"Angel", "Dragon"}


def test_damage_targets_life_then_the_priority_list():
    """lh-3-14, lh-3-15: damage goes to the Survivors' life if it can; else the toughest
    creature it kills, the most creatures when divided, else the one nearest to lethal."""
    g = game(FILLER)
    assert act(g, "target", effect="damage", amount=2)[0].data["pick"] == "survivors"
    creatures = [{"name": "Bear", "toughness": 2}, {"name": "Ogre", "toughness": 3},
                 {"name": "Wall", "toughness": 6, "damage": 2}]
    event = act(g, "target", effect="damage", amount=3, player=False, permanents=creatures)[0]
    assert (event.data["pick"], event.data["rule"]) == ("Ogre", "highest-toughness-lethal")
    event = act(g, "target", effect="damage", amount=5, player=False, divided=True,
                permanents=creatures)[0]
    assert event.data["picks"] == ["Bear", "Ogre"]
    event = act(g, "target", effect="damage", amount=1, player=False, permanents=creatures)[0]
    assert (event.data["pick"], event.data["rule"]) == ("Bear", "nearest-to-lethal")


# -- victory --------------------------------------------------------------------------------
def test_victory_needs_an_empty_library_and_the_table_confirms():
    """lh-7-1, lh-7-2, lh-7-3: the Survivors win only with the library empty and the Horde
    unable to deal damage, which the table confirms."""
    g = game(["Walking Corpse", "Zombie"])
    with pytest.raises(ActionError, match="still has 2"):
        act(g, "confirm-victory")
    to_horde_turn(g)
    act(g, "hit", n=3)
    assert g.winner is None
    events = act(g, "move", card=g.creatures()[0].id, to="exile")
    assert events[-1].kind == "victory-ready"
    assert kinds(act(g, "end-horde-turn")).count("victory-ready") == 0
    assert kinds(act(g, "confirm-victory")) == ["win"]
    assert g.winner == "survivors"


def test_survivors_lose_at_zero_life():
    """lh-1-1: the game is a duel: the Survivors lose at 0 life (chosen: at once)."""
    g = game(FILLER, survivors=2)
    assert g.life == 40
    assert kinds(act(g, "life", change=-40)) == ["life", "win"]
    assert g.winner == "horde"


# -- shipped decks, replay, conservation ------------------------------------------------------
@pytest.mark.parametrize("deck_id", ["limited-horde-zombies", "limited-horde-goblins",
                                     "limited-horde-eldrazi-vanguard"])
def test_shipped_decks_have_fifty_cards_half_tokens(deck_id):
    """lh-3-1: each Horde deck is 50 cards, about half tokens."""
    g = game(shipped(deck_id), stack=False)
    library = g.zones["library"]
    assert len(library) == 50 and sum(c.token for c in library) == 25


ACTIONS = [
    {"type": "end-survivor-turn"}, {"type": "end-horde-turn"}, {"type": "hit", "n": 2},
    {"type": "gain", "n": 3}, {"type": "discard", "n": 1}, {"type": "draw", "n": 1},
    {"type": "create-token", "name": SPAWN, "n": 2}, {"type": "end-step"},
    {"type": "roll", "kind": "survivor"}, {"type": "look-hand"}, {"type": "end-look"},
]


def random_walk(g, steps, rng):
    for _ in range(steps):
        options = list(ACTIONS)
        if g.phase == "horde":
            options.remove({"type": "end-survivor-turn"})
            if g.zones["stack"]:
                options.remove({"type": "end-horde-turn"})
        else:
            options.remove({"type": "end-horde-turn"})
        if g.looking:
            options = [o for o in options if o["type"] not in (
                "end-survivor-turn", "look-hand")]
        else:
            options.remove({"type": "end-look"})
        for card in g.zones["stack"]:
            options.append({"type": "done", "card": card.id})
        for card in g.zones["battlefield"][:3]:
            options.append({"type": "move", "card": card.id,
                            "to": rng.choice(["graveyard", "exile", "hand"])})
        if not g.zones["library"]:
            options.append({"type": "confirm-victory"})
        g.apply(rng.choice(options))
        if g.phase == "over":
            break
    return g


def eldrazi_config(aggro=False):
    vanguard = shipped("limited-horde-eldrazi-vanguard")
    return {"deck": vanguard, "dreadnought": DREAD, "facts": facts_for(vanguard + DREAD),
            "difficulty": "hard", "aggro": aggro}


def test_replay_undo_and_save_round_trip():
    """Invariant (game log): replay, undo and saves rebuild exactly the same game."""
    config = eldrazi_config()
    g = random_walk(LimitedHorde(config, SEED), 60, Rng("walk"))
    assert len(g.actions) > 20 and g.config == config
    assert_round_trip(g)


@pytest.mark.parametrize("seed", ["c1", "c2", "c3"])
@pytest.mark.parametrize("deck_id", ["limited-horde-zombies", "limited-horde-eldrazi-vanguard"])
def test_cards_are_conserved(seed, deck_id):
    """lh-3-2 invariant: every Horde card, tokens included, is in exactly one zone."""
    if deck_id == "limited-horde-eldrazi-vanguard":
        config = eldrazi_config(aggro=seed == "c2")
    else:
        deck = shipped(deck_id)
        config = {"deck": deck, "facts": facts_for(deck)}
    g = LimitedHorde(config, seed)
    start = Counter(c.name for c in g.zones.all_cards())
    random_walk(g, 80, Rng(seed))
    cards = g.zones.all_cards()
    assert len({c.id for c in cards}) == len(cards)
    assert Counter(c.name for c in cards) == start


# -- lh-11-4: the Dreadnought check after every change to the Spawn count ------------------------
def _spawn_on_field(g, n):
    """``n`` Eldrazi Spawn from the top of the library onto the battlefield (through the
    graveyard: a discard mills them, a token effect returns them, lh-8-10, lh-3-3)."""
    act(g, "discard", n=n)
    return act(g, "create-token", name=SPAWN, n=n)


def _cast_from_dreadnought(events):
    return [e.cards[0] for e in events if e.kind == "cast" and "Dreadnought" in e.text]


def test_lh_11_26_a_flash_dreadnought_is_cast_when_a_dying_cultist_draws_the_last_spawn():
    """lh-11-4, lh-11-26, lh-11-15: the rulebook's own example. In the Survivors' turn an
    Exultant Cultist dies; its draw plays an Eldrazi Spawn, and with enough Spawn on the
    battlefield Elder Deep-Fiend (flash) is cast at that moment."""
    g = game([SPAWN] * 7 + ["Exultant Cultist", SPAWN] + FILLER,
             dreadnought=["Elder Deep-Fiend", "Ulamog's Crusher"])
    events = _spawn_on_field(g, 7)
    assert not _cast_from_dreadnought(events) and len(g.spawn()) == 7
    act(g, "draw")
    cultist = next(c for c in g.creatures() if c.name == "Exultant Cultist")
    assert g.phase == "survivors"
    events = act(g, "move", card=cultist.id, to="graveyard")
    assert [(e.kind, e.cards) for e in events][:3] == [
        ("move", ["Exultant Cultist"]), ("draw", [SPAWN]), ("enter", [SPAWN])]
    assert kinds(events)[3] == "sacrifice" and events[3].data["cards"] != []
    assert _cast_from_dreadnought(events) == ["Elder Deep-Fiend"]
    assert len(g.spawn()) == 0
    assert g.zones["dreadnought"][0].name == "Ulamog's Crusher"


@pytest.mark.parametrize("how", ["create-token", "move", "draw"])
def test_lh_11_4_every_change_to_the_spawn_count_checks_the_dreadnought(how):
    """lh-11-4, lh-11-23: whatever brings the Spawn up to the Dreadnought top's cost — a token
    made, a card moved onto the battlefield, a draw — a card with flash (Drownyard Behemoth)
    is cast in the same action, in the Survivors' turn."""
    g = game([SPAWN] * 9 + FILLER, dreadnought=["Drownyard Behemoth"])
    _spawn_on_field(g, 8)
    assert len(g.spawn()) == 8 and g.zones["dreadnought"]
    if how == "create-token":
        act(g, "discard", n=1)
        events = act(g, "create-token", name=SPAWN, n=1)
    elif how == "move":
        act(g, "discard", n=1)
        spawn = next(c for c in g.zones["graveyard"] if c.name == SPAWN)
        events = act(g, "move", card=spawn.id, to="battlefield")
    else:
        events = act(g, "draw")
    assert _cast_from_dreadnought(events) == ["Drownyard Behemoth"]
    assert len(g.spawn()) == 0 and not g.zones["dreadnought"]


def test_lh_11_4_a_dreadnought_without_flash_waits_for_the_hordes_main_phase():
    """lh-11-4, lh-11-26: Ulamog's Crusher (no flash) is not cast in the Survivors' turn nor
    during the Horde's combat however many Spawn stand; it is cast in the Horde's next main
    phase: its second main phase, when the table ends the Horde's turn."""
    g = game([SPAWN] * 9 + FILLER, dreadnought=["Ulamog's Crusher"])
    events = _spawn_on_field(g, 8)
    assert not _cast_from_dreadnought(events) and len(g.spawn()) == 8
    g2 = game([SPAWN] * 9 + FILLER, dreadnought=["Ulamog's Crusher"])
    _spawn_on_field(g2, 8)
    events = to_horde_turn(g2)  # the Horde's first main phase
    assert _cast_from_dreadnought(events) == ["Ulamog's Crusher"]
    # seven Spawn before the Horde's turn; the eighth comes during its combat
    g3 = game([SPAWN] * 8 + ["Walking Corpse"] + FILLER, dreadnought=["Ulamog's Crusher"])
    _spawn_on_field(g3, 7)
    act(g3, "discard", n=1)  # the eighth Spawn goes to the graveyard
    events = to_horde_turn(g3)
    assert not _cast_from_dreadnought(events) and g3.phase == "horde"
    events = act(g3, "create-token", name=SPAWN, n=1)  # during combat: no flash, it waits
    assert not _cast_from_dreadnought(events) and len(g3.spawn()) == 8
    events = act(g3, "end-horde-turn")
    assert _cast_from_dreadnought(events) == ["Ulamog's Crusher"]
    assert kinds(events).index("sacrifice") < kinds(events).index("end-horde-turn")


def test_lh_11_6_hunted_spawn_lower_the_count_and_a_stolen_spawn_pays_nothing():
    """lh-11-6, lh-11-4: Spawn hunted in the Survivors' turn are gone from the count; a Spawn a
    Survivor controls is not the Horde's and cannot pay for a Dreadnought card."""
    g = game([SPAWN] * 9 + FILLER, dreadnought=["Drownyard Behemoth"])
    _spawn_on_field(g, 9)
    assert not g.zones["dreadnought"]  # nine Spawn: Behemoth ({9}) was cast at once
    g = game([SPAWN] * 9 + FILLER, dreadnought=["Drownyard Behemoth"])
    _spawn_on_field(g, 8)
    act(g, "hunt", card=g.spawn()[0].id, power=3)
    assert len(g.spawn()) == 7
    act(g, "gain-control", card=g.spawn()[0].id)
    assert len(g.spawn()) == 6
    act(g, "discard", n=1)
    events = act(g, "create-token", name=SPAWN, n=3)  # 6 + the ones in the graveyard
    assert not _cast_from_dreadnought(events) and len(g.spawn()) < 9


# -- change of control (the rulebooks are silent beyond ordinary Magic) -------------------------
def test_a_horde_creature_a_survivor_controls_is_not_the_hordes():
    """lh-4-2, lh-7-3: a Horde creature a Survivor gains control of does not attack for the
    Horde, is not counted in its attack, cannot be hunted and does not keep the Horde alive;
    back under the Horde's control it attacks again; it dies into the Horde's graveyard without
    the Horde's death trigger."""
    g = game(["Walking Corpse", "Exultant Cultist"] + FILLER)
    act(g, "draw", n=2)
    corpse, cultist = g.zones["battlefield"]
    events = act(g, "gain-control", card=corpse.id)
    assert events[0].kind == "control" and events[0].data["controller"] == "survivor"
    assert "return-control" in types_of(g.legal_actions())
    events = to_horde_turn(g)
    attack = next(e for e in events if e.kind == "attack")
    assert corpse.id not in attack.data["attackers"] and cultist.id in attack.data["attackers"]
    assert attack.data["power"] == sum(g.facts(g.find(i)).power_value + g.find(i).counters
                                       for i in attack.data["attackers"])
    act(g, "end-horde-turn")
    act(g, "gain-control", card=cultist.id)
    events = act(g, "move", card=cultist.id, to="graveyard")
    assert "draw" not in kinds(events) and g.zones["graveyard"][-1].id == cultist.id
    with pytest.raises(ActionError, match="gains control|already"):
        act(g, "gain-control", card=corpse.id)
    act(g, "return-control", card=corpse.id)
    events = to_horde_turn(g)
    attack = next(e for e in events if e.kind == "attack")
    assert corpse.id in attack.data["attackers"]


def test_lh_9_10_keyword_errata_threshold_instead_of_delirium():
    """lh-9-10: the errata that make Thraben Foulbloods and Hound of the Farbogs rely on
    threshold instead of delirium are in the card facts the Limited Horde game uses (and the
    card panel shows); cards without delirium are untouched."""
    g = game(shipped("limited-horde-zombies"))
    hound = g.facts("Hound of the Farbogs")
    assert hound.tags == ("table=it_has_menace_with_threshold",)
    assert g.facts("Thraben Foulbloods").tags == (
        "table=it_gets_+1/+1_and_has_menace_with_threshold",)
    assert g.errata_of("Hound of the Farbogs") == "errata: threshold instead of delirium (LH 9.10)"
    assert g.errata_of("Walking Corpse") == ""
    assert DB.get("Hound of the Farbogs").tags == (
        "table=it_has_menace_with_delirium",)  # the data stays


def test_lh_9_8_recovered_errata_each_opponent_only():
    """lh-9-8 (derived errata): Rottenheart Ghoul, Miasmic Mummy and Smallpox reach each
    opponent, the Survivors, instead of each or a target player: applied to those cards'
    facts in the game (the card panel says so), not to any other card with the same text."""
    g = game(shipped("limited-horde-zombies"))
    assert g.facts("Rottenheart Ghoul").tags == ("dies=each_opp_discards1",)
    assert g.facts("Miasmic Mummy").tags == ("etb=each_opp_discards1",)
    assert "spell=each_opp_loses1+each_opp_discards1+each_opp_sacs_creature" in \
        g.facts("Smallpox").tags
    assert "each opponent (the Survivors) only" in g.errata_of("Smallpox")
    assert DB.get("Delirium Skeins").tags == ("spell=each_player_discards3",)  # no errata
    ghoul = game(["Rottenheart Ghoul"] + FILLER)
    to_horde_turn(ghoul)
    card = next(c for c in ghoul.creatures() if c.name == "Rottenheart Ghoul")
    events = act(ghoul, "move", card=card.id, to="graveyard")
    assert [e.kind for e in events] == ["move", "effect"]
    assert events[1].text == "Rottenheart Ghoul: each Survivor discards a card (the Horde does not)"


def test_lh_9_10_thraben_foulbloods_gets_its_threshold_power_in_the_attack_total():
    """lh-9-10 (derived errata): with threshold -- 7 or more cards in the Horde's graveyard --
    Thraben Foulbloods gets +1/+1, so the one attack total counts 4 for it; below threshold 3.
    The card goes straight onto the board (no turns played)."""
    g = game(FILLER)
    blood, = scenarios.on_board(g, "Thraben Foulbloods")
    g.attack()
    assert g.attack_total() == (1, 3, [])
    scenarios.on_board(g, *["Zombie"] * 6, zone="graveyard")
    assert not g.threshold() and g.attack_total()[1] == 3
    scenarios.on_board(g, "Zombie", zone="graveyard")
    assert g.threshold() and g.attack_total() == (1, 4, [])
    assert g.member(blood).power == 4  # what "can't attack unless" conditions read too


def test_lh_9_7_noosegraf_mob_triggers_on_nontoken_spells_only():
    """lh-9-7 (derived errata): Noosegraf Mob's trigger is read as "whenever a player casts a
    nontoken spell", in its reminder and on its card panel; the card panel names the errata."""
    from pyengine import board_facts

    g = game(shipped("limited-horde-zombies"))
    mob = g.facts("Noosegraf Mob")
    assert "trigger=a_player_casts_a_nontoken_spell:1_Zombie" in mob.tags
    lines = board_facts.trigger_reminders(["Noosegraf Mob"], g.entry, g.HANDLING)
    assert "Whenever a player casts a nontoken spell: create 1 Zombie token." in lines[0]
    assert "nontoken spells" in g.errata_of("Noosegraf Mob")
    assert "spell_cast=1_Zombie" in DB.get("Noosegraf Mob").tags  # the data stays


def test_lh_9_4_graf_harvest_errata_said_to_the_table():
    """lh-9-4: Graf Harvest's errata (sacrificed once the graveyard holds no target) and its
    directive (only nontoken creatures pay) are on its card panel, left to the table."""
    from pyengine.widgets import board

    g = game(shipped("limited-horde-zombies"))
    line = board.facts_text(g.entry("Graf Harvest"), g.HANDLING)
    assert "sacrificed once the horde's graveyard holds no target" in line.lower()
    assert "nontoken creatures" in line
    assert "LH 9.4" in g.errata_of("Graf Harvest")


@pytest.mark.parametrize("name", ["Siege-Gang Commander", "Goblin Trashmaster", "Pashalik Mons"])
def test_lh_10_5_goblin_sacrifice_abilities_cost_no_mana(name):
    """lh-10-5: the functional errata removes the mana from these Goblins' sacrifice ability,
    and a directive uses it only for a nontoken Goblin about to die: the game's facts carry it,
    the card panel says it in words and names the errata."""
    from pyengine.widgets import board

    g = game(shipped("limited-horde-goblins"))
    assert "activated=sacrifice_a_goblin" in g.facts(name).tags
    line = board.facts_text(g.entry(name), g.HANDLING)
    assert "It has an activated ability (sacrifice a goblin)." in line
    assert "only when a nontoken Goblin is about to die anyway" in line and "_" not in line
    assert "LH 10.5" in g.errata_of(name)
