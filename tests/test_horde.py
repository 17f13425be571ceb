"""Horde (SlingLab rules): scenario tests with stacked decks, one per rule (anchors hs-…)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pyengine import files
from pyengine.actions import types_of
from pyengine.cards import CardFacts
from pyengine.game import ActionError, load_game
from pyengine.horde import HordeSlingLab, life_total, setup_turns
from pyengine.horde_common import ConfigError, deck_config, needs_coin_flag
from pyengine.rng import Rng
from tests.helpers import act, kinds, names, to_horde_turn
from tests.scenarios import on_board

SEED = "amber-otter-17"


def token(pt="2/2", name="Zombie"):
    power, toughness = pt.split("/")
    return {"type_line": f"Token Creature — {name}", "power": power, "toughness": toughness,
            "token": True, "tags": ["token"]}


def creature(mv, pt, tags=(), name="Zombie"):
    power, toughness = pt.split("/")
    return {"mana_cost": f"{{{mv}}}", "mana_value": mv, "type_line": f"Creature — {name}",
            "power": power, "toughness": toughness, "tags": list(tags)}


FACTS = {
    "Zombie": token("2/2"),
    "Zombie Giant": token("5/5", "Zombie Giant"),
    "Walking Corpse": creature(2, "2/2", ["vanilla"]),
    "Rotting Fensnake": creature(4, "5/1", ["vanilla"]),
    "Carrion Feeder": creature(1, "1/1", ["cant_block", "activated=sac_creature:+1/+1counter"]),
    "Gravecrawler": creature(1, "2/1", ["cant_block", "gy_cast_condition"]),
    "Hedron Crawler": {"mana_cost": "{2}", "mana_value": 2,
                       "type_line": "Artifact Creature — Construct", "power": "0",
                       "toughness": "1", "tags": ["mana_ability=add{C}"]},
    "Wall of Bones": creature(3, "1/4", ["defender"], "Skeleton Wall"),
    "Bad Moon": {"mana_cost": "{1}{B}", "mana_value": 2, "type_line": "Enchantment",
                 "tags": ["anthem=all_black_creatures+1/+1"]},
    "Army of the Damned": {"mana_cost": "{5}{B}{B}{B}", "mana_value": 8,
                           "type_line": "Sorcery", "tags": ["flashback={7}{B}{B}{B}"]},
    "Delirium Skeins": {"mana_cost": "{2}{B}", "mana_value": 3, "type_line": "Sorcery",
                        "tags": ["each_player_discards3"]},
}


def game(deck, *, survivors=1, difficulty="classic", custom=None, life=None, seed=SEED,
         stack=True, **extra):
    config = {"deck": list(deck), "facts": FACTS, "survivors": survivors,
              "difficulty": difficulty, "stack": stack, **extra}
    if custom is not None:
        config["custom"] = custom
    if life is not None:
        config["life"] = life
    return HordeSlingLab(config, seed)




def knudson():
    db = files.load_card_db()
    deck = files.load_deck("horde-knudson-zombies-2011")
    return deck_config(deck.cards("main"), db.get)


FILLER = ["Zombie"] * 10 + ["Walking Corpse"] * 10


# -- options --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "difficulty, waves, surge, rally, flashback",
    [
        ("story", (1, 1, 1, 2), 4, False, "never"),
        ("classic", (1, 1, 2, 2), 3, False, "coin"),
        ("nightmare", (1, 2, 3, 4), 2, True, "always"),
    ],
)
def test_presets_table(difficulty, waves, surge, rally, flashback):
    """hs-7-2: the three presets (set-up turns, waves by team size, surge, rally, flashback)."""
    for survivors in range(1, 5):
        g = game(FILLER, survivors=survivors, difficulty=difficulty)
        status = g.status()
        assert status["setup_turns"] == (3 if survivors <= 2 else 2)
        assert status["wave_size"] == waves[survivors - 1]
        assert g.options["surge"] == surge
        assert status["next_surge_turn"] == surge
        assert status["rally"] is rally
        assert status["flashback"] == flashback
        assert status["setup_attacks"] is True
        assert g.options["exile_percent"] == 0


def test_difficulties_and_team_sizes_are_checked():
    """hs-7-1: Story, Classic, Nightmare or Custom; 1 to 4 Survivors."""
    with pytest.raises(ConfigError, match="(?i)difficulty is story, classic, nightmare or custom"):
        game(FILLER, difficulty="hard")
    for bad in (0, 5, "2"):
        with pytest.raises(ConfigError, match="1 to 4"):
            game(FILLER, survivors=bad)


def test_decklist_config_reads_the_lists_own_facts():
    """hs-8-1: a Horde deck's config (names and facts) is built one way for the command line
    and the pages: the shipped deck gives what its names give, a list's ``#!`` lines give facts
    for cards the card data does not know, and a card nobody knows is refused by name."""
    from pyengine.decklist import Decklist
    from pyengine.horde_common import decklist_config

    db = files.load_card_db()
    shipped = files.load_deck("horde-knudson-zombies-2011")
    assert decklist_config(shipped, db) == deck_config(shipped.cards("main"), db.get)
    own = Decklist.from_text("30 Zombie\n2 Brand New Ghoul\n"
                             "#! Brand New Ghoul | {1}{B} | Creature — Zombie | 3/1 | menace\n")
    deck, facts = decklist_config(own, db)
    assert deck == ["Zombie"] * 30 + ["Brand New Ghoul"] * 2
    assert facts["Brand New Ghoul"]["power"] == "3" and facts["Brand New Ghoul"]["tags"] == [
        "menace"]
    assert HordeSlingLab({"deck": deck, "facts": facts}, SEED).facts("Brand New Ghoul").power == 3
    with pytest.raises(ConfigError, match="no card facts for: Nobody Knows"):
        decklist_config(Decklist.from_text("1 Zombie\n1 Nobody Knows\n"), db)


def test_every_engine_names_a_card_by_its_id_in_its_own_words():
    """hs-6-8, sw-7-6: the Horde engines and Swarm share one lookup of a card by its id: a whole
    number (not a boolean) of a card in the game; each engine keeps its own refusal words."""
    from tests import scenarios

    horde, swarm = game(FILLER), scenarios.STARTS["swarm"](SEED)
    top = horde.zones["library"][0]
    assert horde.find(top.id) is top and horde.locate(top.id) == ("library", top)
    assert swarm.card(swarm.zones["library"][0].id) is swarm.zones["library"][0]
    for bad, words in ((True, "its number"), ("1", "its number"), (9999, "no card #9999")):
        with pytest.raises(ActionError, match=words):
            horde.find(bad)
        with pytest.raises(ActionError, match=words):
            swarm.card(bad)
    with pytest.raises(ActionError, match=r"\(#id\)"):
        swarm.card(None)
    with pytest.raises(ActionError, match="no card #9999 in this game"):
        swarm.card(9999)


@pytest.mark.parametrize(
    "life, expected",
    [
        (None, [20, 40, 60, 80]),
        ({"mode": "per-survivor", "amount": 30}, [30, 60, 90, 120]),
        ({"mode": "100-minus-15"}, [100, 85, 70, 55]),
        ({"mode": "fixed", "amount": 50}, [50, 50, 50, 50]),
    ],
)
def test_group_life_options(life, expected):
    """hs-2-4, hs-2-5: 20 each, another amount each, 100 minus 15 per extra Survivor, fixed."""
    for survivors in range(1, 5):
        assert game(FILLER, survivors=survivors, life=life).life == expected[survivors - 1]
        assert life_total(life, survivors) == expected[survivors - 1]


def test_bad_life_options():
    """hs-2-5: life options are validated."""
    for life in ({"mode": "per-survivor", "amount": 0}, {"mode": "fixed"}, {"mode": "half"}):
        with pytest.raises(ConfigError):
            game(FILLER, life=life)


def test_setup_turns():
    """hs-2-2, hs-8-3: 3 set-up turns, one fewer with 3-4 Survivors on presets; Custom exact."""
    assert [setup_turns("classic", n) for n in range(1, 5)] == [3, 3, 2, 2]
    assert [setup_turns("nightmare", n) for n in range(1, 5)] == [3, 3, 2, 2]
    for turns in range(1, 7):
        g = game(FILLER, survivors=4, difficulty="custom", custom={"setup_turns": turns})
        assert g.setup_turns == turns
    for turns in (0, 7):
        with pytest.raises(ConfigError, match="1 to 6"):
            game(FILLER, difficulty="custom", custom={"setup_turns": turns})


def test_custom_option_validation():
    """hs-7-3: each Custom option has a fixed set of choices; presets take none."""
    bad = [
        {"exile_percent": 15}, {"flashback": "sometimes"}, {"library_size": 99},
        {"library_size": 1001}, {"wave": 0}, {"wave": 11}, {"surge": 6}, {"rally": "yes"},
        {"setup_attacks": 1}, {"colour": "red"},
    ]
    for custom in bad:
        with pytest.raises(ConfigError):
            game(FILLER, difficulty="custom", custom=custom)
    with pytest.raises(ConfigError, match="Custom"):
        game(FILLER, difficulty="classic", custom={"wave": 2})


def test_custom_auto_follows_classic():
    """hs-7-4: Auto library and wave sizes scale like Classic."""
    for survivors, wave in zip(range(1, 5), (1, 1, 2, 2), strict=True):
        g = game(FILLER, survivors=survivors, difficulty="custom",
                 custom={"wave": "auto", "library_size": "auto"})
        assert g.status()["wave_size"] == wave
        assert len(g.zones["library"]) == 20 + 50 * (survivors - 1)


# -- scaling --------------------------------------------------------------------------------
def test_library_scales_with_the_team():
    """hs-8-1: each extra Survivor adds 30 token and 20 regular copies: 100/150/200/250."""
    deck, facts = knudson()
    assert len(deck) == 100
    for survivors in range(1, 5):
        g = HordeSlingLab({"deck": deck, "facts": facts, "survivors": survivors}, SEED)
        library = g.zones["library"]
        assert len(library) == 100 + 50 * (survivors - 1)
        assert sum(c.token for c in library) == 60 + 30 * (survivors - 1)
        assert sum(not c.token for c in library) == 40 + 20 * (survivors - 1)
        assert all(c.name in facts for c in library)


def test_copies_are_dealt_from_the_deck_in_turn():
    """hs-8-1: copies are dealt from each pool in turn (stacked: in deck order), so a
    four-Survivor library copies every regular card before any twice."""
    deck = ["Zombie", "Zombie Giant"] * 5 + ["Walking Corpse", "Rotting Fensnake", "Bad Moon"]
    g = game(deck, survivors=2)
    extra = names(g.zones["library"])[len(deck):]
    assert extra[:30] == (["Zombie", "Zombie Giant"] * 15)
    assert extra[30:] == (["Walking Corpse", "Rotting Fensnake", "Bad Moon"] * 7)[:20]
    shuffled = game(deck, survivors=2, stack=False)
    counts = Counter(c.name for c in shuffled.zones["library"])
    # 20 regular copies dealt from 3 cards: 6 full rounds and 2 more, so 7 or 8 of each.
    assert sorted(counts[n] - 1 for n in ("Walking Corpse", "Rotting Fensnake", "Bad Moon")) \
        == [6, 7, 7]


def test_custom_library_size_keeps_the_split():
    """hs-8-4: Custom library 100-1000 cards; the added cards are 3/5 tokens (rounded down)."""
    deck = ["Zombie"] * 60 + ["Walking Corpse"] * 40
    for size, tokens in ((100, 60), (137, 60 + 22), (1000, 60 + 540)):
        g = game(deck, difficulty="custom", custom={"library_size": size})
        library = g.zones["library"]
        assert len(library) == size
        assert sum(c.token for c in library) == tokens


def test_random_exile_before_the_first_turn():
    """hs-7-3, hs-7-5: exile 0/10/25/40 % at random (halves rounded up), logged."""
    deck = ["Zombie"] * 60 + ["Walking Corpse"] * 40
    for survivors, percent, count in ((1, 10, 10), (2, 25, 38), (4, 40, 100), (1, 0, 0)):
        g = game(deck, survivors=survivors, difficulty="custom",
                 custom={"exile_percent": percent}, stack=False)
        assert len(g.zones["exile"]) == count
        assert len(g.zones["library"]) + count == 100 + 50 * (survivors - 1)
        if count:
            assert g.events[-3].kind == "exile"
            assert g.events[-3].data == {"count": count, "percent": percent}
    again = game(deck, difficulty="custom", custom={"exile_percent": 10}, stack=False)
    assert [c.id for c in again.zones["exile"]] == [
        c.id for c in game(deck, difficulty="custom", custom={"exile_percent": 10},
                           stack=False).zones["exile"]]


# -- the turn -------------------------------------------------------------------------------
def test_turn_order_setup_then_alternate():
    """hs-2-2, hs-2-3: three set-up turns, then Horde and Survivor turns alternate."""
    g = game(FILLER)
    for turn in (2, 3):
        [event] = act(g, "end-survivor-turn")
        assert (event.kind, event.data) == ("survivor-turn", {"turn": turn, "setup": True})
    events = act(g, "end-survivor-turn")
    assert (events[0].kind, events[0].data) == ("horde-turn", {"turn": 1})
    assert g.phase == "horde"
    with pytest.raises(ActionError, match="Horde's turn"):
        act(g, "end-survivor-turn")
    events = act(g, "end-horde-turn")
    assert kinds(events) == ["end-horde-turn", "survivor-turn"]
    assert events[1].data == {"turn": 4, "setup": False}
    assert g.survivor_turn == 4 and g.phase == "survivors"
    events = act(g, "end-survivor-turn")
    assert (events[0].kind, events[0].data) == ("horde-turn", {"turn": 2})


def test_wave_reveals_until_a_nontoken_card():
    """hs-3-3, hs-3-4: reveal until a nontoken card; tokens enter, then the card is cast."""
    g = game(["Zombie", "Zombie Giant", "Walking Corpse", "Zombie", "Walking Corpse"])
    events = to_horde_turn(g)
    assert [(e.kind, e.cards) for e in events] == [
        ("horde-turn", []),
        ("untap", []),
        ("reveal", ["Zombie", "Zombie Giant", "Walking Corpse"]),
        ("enter", ["Zombie"]),
        ("enter", ["Zombie Giant"]),
        ("cast", ["Walking Corpse"]),
        ("enter", ["Walking Corpse"]),
        ("attack", ["Zombie", "Zombie Giant", "Walking Corpse"]),
    ]
    assert events[-1].data["power"] == 9
    assert names(g.zones["library"]) == ["Zombie", "Walking Corpse"]


def test_wave_size_grows_with_the_team():
    """hs-8-2: Nightmare with 2 Survivors reveals until 2 nontoken cards."""
    deck = ["Walking Corpse", "Zombie", "Bad Moon", "Walking Corpse"] + FILLER
    g = game(deck, survivors=2, difficulty="nightmare")
    events = to_horde_turn(g)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.cards == ["Walking Corpse", "Zombie", "Bad Moon"]
    assert reveal.data["nontoken"] == 2


def test_custom_wave_size():
    """hs-8-4: Custom waves reveal until 1 to 10 nontoken cards."""
    g = game(["Walking Corpse"] * 12, difficulty="custom", custom={"wave": 10})
    events = to_horde_turn(g)
    assert next(e for e in events if e.kind == "reveal").data["nontoken"] == 10


def test_untap_before_the_wave():
    """hs-3-2: every Horde permanent untaps at the start of its turn."""
    g = game(["Zombie", "Walking Corpse"] * 5)
    to_horde_turn(g)
    assert all(c.tapped for c in g.creatures())
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    assert events[1].kind == "untap" and events[1].data == {"count": 2}
    assert [e.kind for e in events].count("attack") == 1
    assert events[-1].data["attackers"] == [c.id for c in g.creatures()]


def test_instants_and_sorceries_wait_for_the_table():
    """hs-3-8: a Horde sorcery is held until the table presses Done."""
    g = game(["Delirium Skeins", "Zombie"])
    events = to_horde_turn(g)
    assert [(e.kind, e.cards) for e in events][2:5] == [
        ("reveal", ["Delirium Skeins"]), ("cast", ["Delirium Skeins"]),
        ("hold", ["Delirium Skeins"])]
    skeins = g.zones["stack"][0]
    with pytest.raises(ActionError, match="resolve the held"):
        act(g, "end-horde-turn")
    assert kinds(act(g, "done", card=skeins.id)) == ["resolve"]
    assert names(g.zones["graveyard"]) == ["Delirium Skeins"]
    act(g, "end-horde-turn")


def test_hand_is_cast():
    """hs-3-5: cards in the Horde's hand are cast on its turn."""
    g = game(["Zombie", "Walking Corpse", "Rotting Fensnake", "Zombie"])
    to_horde_turn(g)
    corpse = next(c for c in g.zones["battlefield"] if c.name == "Walking Corpse")
    act(g, "move", card=corpse.id, to="hand")
    act(g, "end-horde-turn")
    fensnake = g.zones["library"][0]
    events = act(g, "end-survivor-turn")
    cast = [(e.cards, e.data["card"]) for e in events if e.kind == "cast"]
    assert cast == [(["Rotting Fensnake"], fensnake.id), (["Walking Corpse"], corpse.id)]
    assert g.zones["hand"] == [] and corpse.id in [c.id for c in g.zones["battlefield"]]


def test_cards_are_cast_for_free_with_any_cost():
    """hs-3-7: unlimited mana: an 8-mana sorcery is cast like any card."""
    g = game(["Army of the Damned"])
    events = to_horde_turn(g)
    assert "cast" in kinds(events)


# -- flashback and offers -------------------------------------------------------------------
def flashback_game(difficulty, seed=SEED, custom=None):
    g = game(["Army of the Damned"] + FILLER, difficulty=difficulty, seed=seed, custom=custom)
    events = to_horde_turn(g)
    army = g.zones["stack"][0]
    done = act(g, "done", card=army.id)
    return g, army, events, done


def test_flashback_never_on_the_turn_cast_and_always_on_nightmare():
    """hs-6-5: Nightmare always casts flashback cards, but never on the turn they were cast;
    the flashback spell is exiled when it resolves."""
    g, army, _, done = flashback_game("nightmare")
    assert [(e.kind, e.cards, e.data) for e in done] == [
        ("resolve", ["Army of the Damned"], {"card": army.id, "to": "graveyard"}),
        ("flashback-wait", ["Army of the Damned"], {"card": army.id}),
    ]
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    # cast from the graveyard, where only flashback can cast it from
    assert ("cast", {"card": army.id}) in [(e.kind, e.data) for e in events]
    assert "coin" not in kinds(events)
    assert g.zones["stack"][0].id == army.id
    resolved = act(g, "done", card=army.id)[0]
    assert (resolved.kind, resolved.data) == ("resolve", {"card": army.id, "to": "exile"})
    assert army.id in [c.id for c in g.zones["exile"]]


def test_flashback_never_on_story():
    """hs-6-5: Story never casts flashback cards."""
    g, army, _, _ = flashback_game("story")
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    assert "coin" not in kinds(events)
    assert army.id in [c.id for c in g.zones["graveyard"]]


def test_flashback_coin_on_classic_is_logged():
    """hs-6-5: Classic flips a coin for each flashback card and logs it; Yes casts."""
    seen = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        g, army, _, _ = flashback_game("classic", seed)
        act(g, "end-horde-turn")
        events = act(g, "end-survivor-turn")
        coin = next(e for e in events if e.kind == "coin")
        seen.add(coin.data["yes"])
        cast = any(e.kind == "cast" and e.data["card"] == army.id for e in events)
        assert cast == coin.data["yes"]
    assert seen == {True, False}


def test_custom_flashback_setting():
    """hs-7-3: Custom flashback never / coin / always."""
    g, army, _, _ = flashback_game("custom", custom={"flashback": "always"})
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    assert "coin" not in kinds(events)
    assert any(e.data["card"] == army.id for e in events if e.kind == "cast")


def test_graveyard_offers_with_a_coin():
    """hs-6-4: a conditional graveyard card is offered each Horde turn with a coin; the turn
    cannot end until the table casts or skips it."""
    g = game(["Gravecrawler", "Walking Corpse", "Walking Corpse"] + FILLER)
    to_horde_turn(g)
    crawler = g.zones["battlefield"][0]
    act(g, "move", card=crawler.id, to="graveyard")
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    offer = next(e for e in events if e.kind == "offer")
    assert offer.data["card"] == crawler.id and offer.data["yes"] in (True, False)
    assert g.status()["offers"] == [{"card": crawler.id, "yes": offer.data["yes"]}]
    with pytest.raises(ActionError, match="graveyard offer"):
        act(g, "end-horde-turn")
    assert kinds(act(g, "cast-offer", card=crawler.id))[:2] == ["cast", "enter"]
    assert crawler.id in [c.id for c in g.zones["battlefield"]]
    act(g, "end-horde-turn")
    act(g, "move", card=crawler.id, to="graveyard")
    act(g, "end-survivor-turn")
    assert kinds(act(g, "skip-offer", card=crawler.id)) == ["skip"]
    with pytest.raises(ActionError, match="not on offer"):
        act(g, "skip-offer", card=crawler.id)


def test_follow_offers_does_what_each_coin_says():
    """hs-6-4: one action follows every open offer's coin: the ones whose coin says Cast are
    cast from the graveyard, the others stay there; the turn can then end."""
    g = game(["Walking Corpse"] * 3 + FILLER)
    to_horde_turn(g)
    on_board(g, *["Gravecrawler"] * 4, zone="graveyard")
    coins: dict[int, bool] = {}
    for _ in range(12):  # turns until the coins disagree (one Cast and one Skip at least)
        act(g, "end-horde-turn")
        act(g, "end-survivor-turn")
        coins = dict(g.offers)
        if len(set(coins.values())) == 2:
            break
        for card in coins:
            act(g, "skip-offer", card=card)
    assert len(set(coins.values())) == 2, "the coins never disagreed"
    assert "follow-offers" in types_of(g.legal_actions())
    events = act(g, "follow-offers")
    assert g.offers == {}
    cast = {e.data["card"] for e in events if e.kind == "cast"}
    skipped = {e.data["card"] for e in events if e.kind == "skip"}
    assert cast == {k for k, v in coins.items() if v}
    assert skipped == {k for k, v in coins.items() if not v}
    zones = {c.id: z for z in ("battlefield", "graveyard") for c in g.zones[z]}
    assert all(zones[k] == ("battlefield" if v else "graveyard") for k, v in coins.items())
    with pytest.raises(ActionError, match="no graveyard offer"):
        act(g, "follow-offers")
    act(g, "end-horde-turn")


def _with(g, name, tags, type_line="Creature — Goblin", power="1"):
    """Facts for a made-up card of these tags, put on the Horde's battlefield."""
    (card,) = on_board(g, name, extra_facts={name: {
        "mana_cost": "{1}", "mana_value": 1, "type_line": type_line, "power": power,
        "toughness": "1", "tags": list(tags)}})
    return card


def _cleared(g):
    """The game after its first Horde turn, the battlefield emptied into the graveyard."""
    to_horde_turn(g)
    act(g, "end-horde-turn")
    for card in list(g.zones["battlefield"]):
        g.zones.move(card.id, "graveyard")
    return g


def test_upkeep_token_trigger_counts_x_in_the_upkeep_before_the_wave():
    """hs-3-9, hs-3-2, hs-3-3, hs-4-1, hs-4-2: Endless Ranks of the Dead's X (half the Zombies
    the Horde controls, rounded down) is counted in the upkeep, before the wave: with five
    Zombie tokens X is 2 (the wave's Walking Corpse came later and is not counted). The two
    tokens have haste and attack with the rest: 8 attackers, power 16 (2 each), no tap."""
    g = _cleared(game(["Walking Corpse"] * 3 + FILLER))
    (ranks,) = on_board(g, "Endless Ranks of the Dead")
    on_board(g, *["Zombie"] * 5)
    events = act(g, "end-survivor-turn")
    order = [e.kind for e in events]
    made = next(e for e in events if e.kind == "create")
    assert made.data == {"count": 2, "source": ranks.id, "trigger": "upkeep"}
    assert order.index("create") < order.index("reveal") < order.index("attack")
    attack = next(e for e in events if e.kind == "attack")
    assert [c.name for c in g.zones["battlefield"]].count("Zombie") == 7
    assert len(attack.data["attackers"]) == 8 and attack.data["power"] == 16
    assert g.token_triggers() == []  # nothing left for the table


def test_attack_triggers_as_attackers_are_declared():
    """hs-3-9, hs-4-2: as the attackers are declared, Grave Titan's two Zombies enter
    untapped and not attacking (its text); a token "tapped and attacking" joins the attack
    tapped and counts; "it gets +2/+0" counts in the attack total. Hand-computed: Titan 6,
    Raider 1 + 2, its Goblin 1, the wave's Walking Corpse 2: power 12 from 4 attackers."""
    g = _cleared(game(["Walking Corpse"] * 3 + FILLER))
    g._facts["Goblin"] = CardFacts.from_config("Goblin", token("1/1", "Goblin"))
    (titan,) = on_board(g, "Grave Titan")
    raider = _with(g, "Raider", ["attacks=1_Goblin_tapped_attacking+self+2/+0_eot"])
    events = act(g, "end-survivor-turn")
    attack = next(e for e in events if e.kind == "attack")
    made = {e.data["trigger"]: e for e in events if e.kind == "create"}
    assert set(made) == {"attacks"}
    zombies = [c for c in g.zones["battlefield"] if c.name == "Zombie"]
    goblins = [c for c in g.zones["battlefield"] if c.name == "Goblin"]
    assert len(zombies) == 2 and not any(c.tapped for c in zombies)
    assert not set(c.id for c in zombies) & set(g.attacking)
    assert len(goblins) == 1 and goblins[0].tapped and goblins[0].id in g.attacking
    assert titan.id in g.attacking and raider.id in g.attacking and len(g.attacking) == 4
    assert attack.data["power"] == 6 + (1 + 2) + 1 + 2  # and this wave's Walking Corpse
    assert g.attack_total()[1] == attack.data["power"]
    assert g.token_triggers() == []
    act(g, "end-horde-turn")
    act(g, "end-survivor-turn")  # the +2/+0 lasted one turn: counted again, not twice
    assert g.eot_power == {raider.id: 2}


def test_a_count_left_to_the_table_is_one_tap():
    """hs-3-9, hs-4-1, hs-4-2: an upkeep trigger whose X the card leaves to the table waits
    for one tap with X typed; its tokens came before combat, so they are tapped and join the
    attack. Each once a turn; a permanent cast in this turn's wave missed the upkeep."""
    g = game(["Walking Corpse"] * 3 + FILLER)
    to_horde_turn(g)
    act(g, "end-horde-turn")
    ranks = _with(g, "Ranks", ["upkeep=X_Zombie"], type_line="Enchantment", power="")
    act(g, "end-survivor-turn")
    waiting = {(c.id, verb) for c, verb, _ in g.token_triggers()}
    assert waiting == {(ranks.id, "upkeep")}
    assert "trigger-tokens" in types_of(g.legal_actions())
    count, _, _ = g.attack_total()
    with pytest.raises(ActionError, match="type X, how many tokens"):
        act(g, "trigger-tokens", card=ranks.id, trigger="upkeep")
    events = act(g, "trigger-tokens", card=ranks.id, trigger="upkeep", n=2)
    made = [e.data["card"] for e in events if e.kind == "enter"]
    assert len(made) == 2 and all(g.find(i).tapped for i in made)
    assert g.attack_total()[0] == count + 2 and set(made) <= set(g.attacking)
    assert g.token_triggers() == [] and "trigger-tokens" not in types_of(g.legal_actions())
    with pytest.raises(ActionError, match="not waiting"):
        act(g, "trigger-tokens", card=ranks.id, trigger="upkeep", n=1)
    act(g, "end-horde-turn")
    with pytest.raises(ActionError, match="not waiting"):
        act(g, "trigger-tokens", card=ranks.id, trigger="upkeep", n=1)


def test_a_count_of_the_survivors_side_stays_the_tables():
    """hs-3-9: X counted on the Survivors' side (creatures your opponents control) is not the
    engine's to count: the trigger waits for the table's tap."""
    g = game(["Walking Corpse"] * 3 + FILLER)
    to_horde_turn(g)
    act(g, "end-horde-turn")
    card = _with(g, "Theirs", ["upkeep=X_Zombie", "x_is=creatures_opps_control"],
                 type_line="Enchantment", power="")
    act(g, "end-survivor-turn")
    assert [(c.id, v) for c, v, _ in g.token_triggers()] == [(card.id, "upkeep")]
    assert g.count_x(card) is None


# -- coin flags -----------------------------------------------------------------------------
def test_coin_flags_for_activated_abilities_but_not_mana_abilities():
    """hs-6-2, hs-6-3: Carrion Feeder gets a Yes/No flag, Hedron Crawler's mana ability none;
    flags flip again at the start of every turn."""
    assert needs_coin_flag(CardFacts.from_config("Carrion Feeder", FACTS["Carrion Feeder"]))
    assert not needs_coin_flag(CardFacts.from_config("Hedron Crawler", FACTS["Hedron Crawler"]))
    assert needs_coin_flag(CardFacts("X", tags=("you_may",)))
    assert not needs_coin_flag(CardFacts("Spawn", tags=("sac_self=add{C}",)))
    g = game(["Zombie", "Hedron Crawler", "Carrion Feeder"] + FILLER, seed="flags-2")
    events = to_horde_turn(g)
    flags = [e for e in events if e.kind == "flag"]
    assert flags == []  # the Feeder arrives next wave
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    flags = [e for e in events if e.kind == "flag"]
    assert [e.cards for e in flags] == [["Carrion Feeder"]]
    feeder = flags[0].data["card"]
    results = [flags[0].data["yes"]]
    for _ in range(6):
        act(g, "end-horde-turn")
        results += [e.data["yes"] for e in g.events[-5:] if e.kind == "flag"]
        act(g, "end-survivor-turn")
    assert set(results) == {True, False}
    assert g.flags.keys() == {feeder}


# -- combat ---------------------------------------------------------------------------------
def test_every_untapped_creature_attacks():
    """hs-4-1, hs-4-2: all untapped Horde creatures attack; defenders and noncreatures don't."""
    g = game(["Wall of Bones", "Zombie", "Bad Moon", "Walking Corpse"] + FILLER)
    to_horde_turn(g)
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    attack = events[-1]
    assert attack.kind == "attack"
    assert attack.cards == ["Zombie"]
    wall = next(c for c in g.zones["battlefield"] if c.name == "Wall of Bones")
    assert not wall.tapped


def test_the_horde_never_blocks_damage_goes_through():
    """hs-4-4: Survivor attackers' damage goes straight to the Horde, whatever it controls."""
    g = game(["Zombie Giant", "Walking Corpse"] + FILLER)
    to_horde_turn(g)
    act(g, "end-horde-turn")
    act(g, "untap", card=g.creatures()[0].id)
    events = act(g, "hit", n=3, combat=True)
    assert kinds(events) == ["hit", "mill"]
    assert events[1].data == {"count": 3, "asked": 3}


def test_setup_attacks_option():
    """hs-4-5: Custom may forbid Survivor attacks during set-up; other damage still mills."""
    g = game(FILLER, difficulty="custom", custom={"setup_attacks": False})
    with pytest.raises(ActionError, match="may not attack"):
        act(g, "hit", n=2, combat=True)
    act(g, "hit", n=2)
    to_horde_turn(g)
    act(g, "end-horde-turn")
    act(g, "hit", n=2, combat=True)
    allowed = game(FILLER)
    act(allowed, "hit", n=2, combat=True)


# -- surge and rally ------------------------------------------------------------------------
def test_surge_every_third_turn_on_classic_up_to_four():
    """hs-9-1, hs-9-2, hs-9-3, hs-9-4: Classic surges on Horde turns 3, 6, 9, 12 and never a
    fifth time; each adds a nontoken card to the wave; the status shows wave, surges and next."""
    g = game(["Walking Corpse"] * 80)
    seen = []
    for turn in range(1, 17):
        events = to_horde_turn(g)
        status = g.status()
        surge = [e for e in events if e.kind == "surge"]
        reveal = next(e for e in events if e.kind == "reveal")
        seen.append((turn, status["wave"], status["surges"], status["next_surge_turn"],
                     reveal.data["nontoken"], bool(surge)))
        act(g, "end-horde-turn")
    assert seen[:7] == [
        (1, 1, 0, 3, 1, False), (2, 2, 0, 3, 1, False), (3, 3, 1, 6, 2, True),
        (4, 4, 1, 6, 2, False), (5, 5, 1, 6, 2, False), (6, 6, 2, 9, 3, True),
        (7, 7, 2, 9, 3, False),
    ]
    assert [t for t, *_rest, s in seen if s] == [3, 6, 9, 12]
    assert seen[-1][2:5] == (4, None, 5)


def test_surge_intervals_story_nightmare_custom():
    """hs-9-1: every 4 on Story, every 2 on Nightmare, Custom 2/3/4/5 or off."""
    def surge_turns(**kwargs):
        g = game(["Walking Corpse"] * 60, **kwargs)
        turns = []
        for turn in range(1, 9):
            if any(e.kind == "surge" for e in to_horde_turn(g)):
                turns.append(turn)
            act(g, "end-horde-turn")
        return turns

    assert surge_turns(difficulty="story") == [4, 8]
    assert surge_turns(difficulty="nightmare") == [2, 4, 6, 8]
    assert surge_turns(difficulty="custom", custom={"surge": 5}) == [5]
    assert surge_turns(difficulty="custom", custom={"surge": "off"}) == []
    assert game(FILLER, difficulty="custom", custom={"surge": "off"}).status()[
        "next_surge_turn"] is None


def test_rally_counters_before_the_wave():
    """hs-9-5: on Nightmare each Horde creature already out gets a +1/+1 counter before the
    wave; the new wave's creatures do not."""
    g = game(["Zombie", "Walking Corpse", "Zombie Giant", "Walking Corpse"] + FILLER,
             difficulty="nightmare")
    to_horde_turn(g)
    act(g, "end-horde-turn")
    events = act(g, "end-survivor-turn")
    assert kinds(events)[:4] == ["horde-turn", "untap", "rally", "surge"]
    assert events[2].cards == ["Zombie", "Walking Corpse"]
    counters = [(c.name, c.counters) for c in g.creatures()]
    assert counters[:2] == [("Zombie", 1), ("Walking Corpse", 1)]
    # the surged wave: Zombie Giant, Walking Corpse, 10 Zombies, Walking Corpse; tokens first
    assert counters[2:] == [("Zombie Giant", 0)] + [("Zombie", 0)] * 10 + [
        ("Walking Corpse", 0)] * 2
    custom = game(FILLER, difficulty="custom", custom={"rally": True})
    to_horde_turn(custom)
    act(custom, "end-horde-turn")
    assert "rally" in kinds(act(custom, "end-survivor-turn"))
    classic = game(FILLER)
    assert "rally" not in kinds(to_horde_turn(classic))


# -- damage, life, tokens -------------------------------------------------------------------
def test_damage_mills_one_for_one():
    """hs-5-1: each point of damage or life loss mills one card from the top."""
    g = game(["Zombie", "Walking Corpse", "Zombie Giant", "Bad Moon"])
    events = act(g, "hit", n=3)
    assert [(e.kind, e.cards) for e in events] == [
        ("hit", []), ("mill", ["Zombie", "Walking Corpse", "Zombie Giant"])]
    events = act(g, "hit", n=5)
    assert events[1].data == {"count": 1, "asked": 5}


def test_life_gain_returns_newest_graveyard_cards_then_copies_tokens():
    """hs-5-3, hs-5-4: gain puts the newest graveyard cards back on top; with an empty
    graveyard each point is a new token copy on top, with an alert."""
    g = game(["Zombie", "Walking Corpse", "Zombie Giant", "Bad Moon"])
    act(g, "hit", n=3)
    events = act(g, "gain", n=2)
    assert [(e.kind, e.cards) for e in events] == [("unmill", ["Zombie Giant", "Walking Corpse"])]
    assert names(g.zones["library"]) == ["Walking Corpse", "Zombie Giant", "Bad Moon"]
    events = act(g, "gain", n=3)
    assert [e.kind for e in events] == ["unmill", "alert", "alert"]
    assert events[1].data["alert"] is True
    new = [c for c in g.zones["library"][:2]]
    assert all(c.token and not c.made and c.name in ("Zombie", "Zombie Giant") for c in new)
    assert len(g.zones["library"]) == 6


def test_deck_tokens_go_to_the_graveyard_made_tokens_cease_to_exist():
    """hs-5-5, hs-5-6: deck tokens go to the graveyard like cards; made tokens vanish."""
    g = game(["Zombie", "Walking Corpse"] + FILLER)
    to_horde_turn(g)
    deck_zombie = g.zones["battlefield"][0]
    events = act(g, "create-token", name="Zombie", n=2, tapped=True)
    assert kinds(events) == ["create", "enter", "enter"]
    made = [c for c in g.zones["battlefield"] if c.made]
    assert len(made) == 2 and all(c.tapped for c in made)
    act(g, "move", card=deck_zombie.id, to="graveyard")
    assert deck_zombie.id in [c.id for c in g.zones["graveyard"]]
    events = act(g, "move", card=made[0].id, to="graveyard")
    assert kinds(events) == ["move", "cease"]
    assert made[0].id not in [c.id for c in g.zones.all_cards()]
    events = act(g, "create-token", name="Phyrexian Zombie", power=2, toughness=2)
    assert events[0].cards == ["Phyrexian Zombie"]
    with pytest.raises(ActionError, match="power and toughness"):
        act(g, "create-token", name="Spirit")


def test_survivors_win_when_library_hand_and_creatures_are_gone():
    """hs-2-7: the Survivors win when the Horde has no library, hand or creatures."""
    g = game(["Zombie", "Walking Corpse", "Bad Moon"])
    act(g, "move", card=g.zones["library"][2].id, to="battlefield")
    to_horde_turn(g)
    assert g.phase == "horde" and not g.zones["library"]
    act(g, "end-horde-turn")
    act(g, "move", card=g.creatures()[0].id, to="exile")
    events = act(g, "move", card=g.creatures()[0].id, to="graveyard")
    assert events[-1].kind == "win" and g.winner == "survivors" and g.phase == "over"
    assert g.zones["battlefield"][0].name == "Bad Moon"  # noncreatures do not matter
    with pytest.raises(ActionError, match="over"):
        act(g, "hit", n=1)


def test_horde_wins_at_the_end_of_its_turn_at_zero_life():
    """hs-2-8: the Horde wins when the Survivors' life is 0 or less as a Horde turn ends."""
    g = game(FILLER)
    act(g, "life", change=-20)
    assert g.phase == "survivors"  # not during the Survivors' turn
    to_horde_turn(g)
    events = act(g, "end-horde-turn")
    assert kinds(events) == ["end-horde-turn", "win"]
    assert g.winner == "horde"
    g = game(FILLER)
    to_horde_turn(g)
    act(g, "life", change=-25)
    act(g, "life", change=6)
    assert kinds(act(g, "end-horde-turn")) == ["end-horde-turn", "survivor-turn"]


def test_roll_for_the_horde():
    """hs-6-7: a random Survivor or a random Survivor creature, logged."""
    g = game(FILLER, survivors=3, survivor_names=["Ann", "Bo", "Cy"])
    picks = set()
    for _ in range(20):
        event = act(g, "roll", kind="survivor")[0]
        assert event.kind == "roll" and event.data["options"] == ["Ann", "Bo", "Cy"]
        picks.add(event.data["pick"])
    assert picks == {"Ann", "Bo", "Cy"}
    event = act(g, "roll", kind="creature", creatures=["Grizzly Bears", "Serra Angel"])[0]
    assert event.data["pick"] in ("Grizzly Bears", "Serra Angel")
    assert event.cards == [event.data["pick"]]
    assert event.data["options"] == ["Grizzly Bears", "Serra Angel"]
    with pytest.raises(ActionError):
        act(g, "roll", kind="creature", creatures=[])
    assert game(FILLER, survivors=2).survivor_names() == ["Survivor 1", "Survivor 2"]


def test_puppet_actions():
    """hs-6-8: the table taps, untaps, moves and puts counters on Horde cards."""
    g = game(["Walking Corpse"] + FILLER)
    to_horde_turn(g)
    corpse = g.zones["battlefield"][0]
    act(g, "untap", card=corpse.id)
    assert not corpse.tapped
    act(g, "tap", card=corpse.id)
    act(g, "counters", card=corpse.id, n=2)
    assert corpse.counters == 2
    act(g, "move", card=corpse.id, to="library-top")
    assert g.zones["library"][0].id == corpse.id and corpse.counters == 0
    with pytest.raises(ActionError):
        act(g, "move", card=corpse.id, to="sideboard")
    with pytest.raises(ActionError):
        act(g, "tap", card=9999)


# -- replay, saves, invariants ----------------------------------------------------------------
ACTIONS = [
    {"type": "end-survivor-turn"}, {"type": "end-horde-turn"}, {"type": "hit", "n": 2},
    {"type": "hit", "n": 1, "combat": True}, {"type": "gain", "n": 1},
    {"type": "life", "change": -3}, {"type": "roll", "kind": "survivor"},
    {"type": "create-token", "name": "Zombie"},
]


def random_walk(g, steps, rng):
    """Random legal-looking table actions (a refused one changes nothing)."""
    for _ in range(steps):
        options = list(ACTIONS)
        if g.phase == "horde":
            options.remove({"type": "end-survivor-turn"})
            if g.zones["stack"] or g.offers:
                options.remove({"type": "end-horde-turn"})
        else:
            options.remove({"type": "end-horde-turn"})
            if g.horde_turn == 0 and not g.options["setup_attacks"]:
                options.remove({"type": "hit", "n": 1, "combat": True})
        for card in g.zones["stack"]:
            options.append({"type": "done", "card": card.id})
        for card_id in g.offers:
            options.append({"type": "skip-offer", "card": card_id})
            options.append({"type": "cast-offer", "card": card_id})
        for card in g.zones["battlefield"][:3]:
            options.append({"type": "move", "card": card.id,
                            "to": rng.choice(["graveyard", "exile", "hand"])})
        g.apply(rng.choice(options))
        if g.phase == "over":
            break
    return g


def test_replay_undo_and_save_round_trip():
    """Invariant (game log): replay, undo and saves rebuild exactly the same game."""
    deck, facts = knudson()
    config = {"deck": deck, "facts": facts, "survivors": 2, "difficulty": "nightmare"}
    g = random_walk(HordeSlingLab(config, SEED), 60, Rng("walk"))
    assert len(g.actions) > 20
    again = HordeSlingLab.replay(config, SEED, g.actions)
    assert again.to_json() == g.to_json()
    loaded = load_game(g.to_json())
    assert loaded.to_json() == g.to_json() and loaded.status() == g.status()
    undone = g.undo()
    assert undone.actions == g.actions[:-1]
    assert json.loads(undone.to_json())["state"] == json.loads(
        HordeSlingLab.replay(config, SEED, g.actions[:-1]).to_json())["state"]


@pytest.mark.parametrize("seed", ["c1", "c2", "c3", "c4"])
def test_cards_are_conserved(seed):
    """hs-5-5 invariant: every deck card (and gained copy) is in exactly one zone; only made
    tokens come and go."""
    deck, facts = knudson()
    config = {"deck": deck, "facts": facts, "survivors": 3, "difficulty": "custom",
              "custom": {"exile_percent": 25, "flashback": "always", "rally": True}}
    g = HordeSlingLab(config, seed)
    start = Counter(c.name for c in g.zones.all_cards())
    random_walk(g, 80, Rng(seed))
    cards = g.zones.all_cards()
    assert len({c.id for c in cards}) == len(cards)
    gained = Counter(e.cards[0] for e in g.events if e.kind == "alert" and e.cards)
    assert Counter(c.name for c in cards if not c.made) == start + gained


def test_docstrings_name_rule_anchors_that_exist():
    """hs-1 / lh-1: every rule anchor named in the Horde engines and their tests is on the
    site, and every scenario test names one."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    anchors = set()
    for page in ("horde", "limited-horde"):
        text = (root / "docs" / page / "index.md").read_text(encoding="utf-8")
        for prefix, number in re.findall(r"\[\[(HS|LH) ([0-9.]+)\]\]", text):
            anchors.add(f"{prefix.lower()}-{number.replace('.', '-')}")
        anchors.update(re.findall(r"\{ #((?:hs|lh)-[0-9-]+) \}", text))
    paths = ["pyengine/horde.py", "pyengine/horde_common.py",
             *sorted(p.relative_to(root).as_posix()
                     for p in (root / "pyengine" / "limited_horde").glob("*.py")),
             "tests/test_horde.py", "tests/test_limited_horde.py", "tests/test_horde_cli.py"]
    for path in paths:
        text = (root / path).read_text(encoding="utf-8")
        used = set(re.findall(r"\b((?:hs|lh)-\d+(?:-\d+)?)\b", text))
        assert used <= anchors, (path, sorted(used - anchors))
        if path.startswith("tests/"):
            for name, doc in re.findall(r'def (test_\w+)\([^)]*\):\n    """([^"]*)', text):
                assert "Invariant" in doc or re.search(r"\b(hs|lh)-\d", doc), (path, name)


# -- change of control (the rulebook is silent beyond ordinary Magic) ---------------------------
def test_hs_4_1_a_horde_creature_a_survivor_controls_is_not_the_hordes():
    """hs-4-1, hs-6-1, hs-2-7: a Horde creature a Survivor gains control of no longer attacks
    for the Horde nor counts in its attack, loses its coin flag, does not untap with it and
    does not keep the Horde alive; back with the Horde it attacks again and gets its coin."""
    g = game(["Zombie", "Carrion Feeder", "Walking Corpse"] + ["Zombie"] * 3)
    to_horde_turn(g)
    feeder, zombie = (next(c for c in g.zones["battlefield"] if c.name == n)
                      for n in ("Carrion Feeder", "Zombie"))
    assert feeder.id in g.flags
    events = act(g, "gain-control", card=feeder.id)
    assert events[0].kind == "control" and feeder.id not in g.flags
    assert "return-control" in types_of(g.legal_actions())
    act(g, "end-horde-turn")
    events = to_horde_turn(g)
    attack = next(e for e in events if e.kind == "attack")
    assert feeder.id not in attack.data["attackers"] and zombie.id in attack.data["attackers"]
    assert feeder.tapped  # the Horde untaps only its own permanents
    assert feeder.id not in g.flags
    act(g, "end-horde-turn")
    events = act(g, "return-control", card=feeder.id)
    assert [e.kind for e in events][:2] == ["control", "flag"] and feeder.id in g.flags
    with pytest.raises(ActionError, match="no Survivor controls"):
        act(g, "return-control", card=feeder.id)


def test_hs_2_7_the_horde_is_beaten_when_only_stolen_creatures_are_left():
    """hs-2-7: with no library, hand or held spell, the Survivors win once the Horde controls
    no creature: one a Survivor took does not count for the Horde."""
    g = game(["Walking Corpse"])
    to_horde_turn(g)
    corpse = g.zones["battlefield"][0]
    assert g.phase != "over"
    events = act(g, "gain-control", card=corpse.id)
    assert g.winner == "survivors" and events[-1].kind == "win"


def test_enters_with_x_counters_as_its_text_counts():
    """hs-3-7, hs-3-9: Unbreathing Horde enters with a +1/+1 counter for each other Zombie the
    Horde controls and each Zombie card in its graveyard: two Zombie tokens on the battlefield
    and one Walking Corpse (a Zombie) in the graveyard make 3."""
    g = _cleared(game(["Walking Corpse"] * 3 + FILLER))
    for card in list(g.zones["graveyard"]):
        g.zones.move(card.id, "exile")
    on_board(g, "Zombie", "Zombie")
    on_board(g, "Walking Corpse", zone="graveyard")
    (horde,) = on_board(g, "Unbreathing Horde", zone="exile")
    g.enter_battlefield(horde, source="exile")
    assert horde.counters == 3
