"""Actions as values (issue 45, point 3): :class:`pyengine.actions.Action` reads and writes the
JSON saves already hold, unchanged; every engine's ``legal_actions()`` answers actions it
takes (sound) and covers every action it takes (complete); and no code outside the engines
reads an engine's own ``winner``, ``result`` or "over" phase."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from pyengine.actions import Action, BadAction, allows, types_of
from pyengine.game import GameError, load_game
from pyengine.rng import Rng
from tests import scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_an_action_reads_and_writes_the_json_a_save_holds():
    """hs-6-8: ``{"type": ..., <arguments>}`` in, the same object out, keys in order."""
    data = {"type": "move", "card": 12, "to": "graveyard"}
    action = Action.parse(data)
    assert (action.type, action.args) == ("move", {"card": 12, "to": "graveyard"})
    assert json.dumps(action.to_json()) == json.dumps(data)
    assert action == Action.of("move", card=12, to="graveyard")
    assert hash(action) == hash(Action.of("move", card=12, to="graveyard"))
    assert action.text() == "move card=12 to=graveyard"
    written = action.to_json()
    written["card"] = 13  # a fresh copy each time
    assert action.args["card"] == 12


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_every_saved_action_round_trips(variant):
    """sw-3-4, hs-3, lh-4-2, tc-4-1: each action a game's save holds (a random walk's, junk
    arguments included) parses to an :class:`Action` and writes back to the same JSON text,
    so saves and share links keep their shape; the game replays from the written actions."""
    game = scenarios.start(variant)
    scenarios.walk(game, "actions", 40)
    saved = json.loads(game.to_json())["actions"]
    assert saved, "the walk acted"
    written = [Action.parse(data).to_json() for data in saved]
    assert json.dumps(written, sort_keys=True) == json.dumps(saved, sort_keys=True)
    assert json.dumps([Action.parse(data).to_json() for data in game.actions]) == \
        json.dumps(game.actions)  # the keys in the order the game holds them
    replayed = type(game).replay(game.config, game.seed, written)
    assert replayed.snapshot() == game.snapshot()


@pytest.mark.parametrize(("data", "words"), [
    ([], "an object with a 'type'"),
    ({"n": 3}, "an object with a 'type'"),
    ({"type": 3}, "an object with a 'type'"),
    ({"type": ""}, "a word"),
])
def test_what_is_not_an_action_is_refused_in_words(data, words):
    """hs-6-8: data that is not an action is refused, saying what an action is."""
    with pytest.raises(BadAction, match=words):
        Action.parse(data)


def test_arguments_are_plain_data_and_never_a_type():
    """hs-6-8: an argument is JSON data; ``type`` is the action's own."""
    with pytest.raises(BadAction, match="not plain data"):
        Action.of("hit", n=object())
    with pytest.raises(BadAction, match="argument named 'type'"):
        Action("hit", {"type": "gain"})


def test_an_open_argument_is_filled_before_the_action_is_written():
    """hs-5-1: ``hit`` from ``legal_actions()`` leaves its amount open; it is written only once
    the table chose it, and then it fits the template."""
    template = Action("hit", {}, ("n",))
    assert not template.complete and template.text() == "hit n=?"
    with pytest.raises(BadAction, match="still needs n"):
        template.to_json()
    chosen = template.with_args(n=3)
    assert chosen.complete and chosen.to_json() == {"type": "hit", "n": 3}
    assert template.fits(chosen) and allows([template], chosen)
    assert not Action.of("tap", card=4).fits(Action.of("tap", card=5))
    assert types_of([Action.of("tap", card=1), template, Action.of("tap", card=2)]) == \
        ["tap", "hit"]


def test_an_engine_applies_an_action_value_as_its_json():
    """hs-5-1: ``Game.apply`` takes the value; the game's actions stay the JSON saves hold."""
    game = scenarios.stacked("horde", ["Walking Corpse"] * 5)
    game.apply(Action.of("hit", n=2))
    assert game.actions[-1] == {"type": "hit", "n": 2}
    assert load_game(game.to_json()).snapshot() == game.snapshot()


def _probe(game, action: Action) -> str:
    """"" if ``game`` takes ``action`` (tried on a copy), else its refusal."""
    try:
        copy.deepcopy(game).apply(action)
    except GameError as error:
        return str(error)
    return ""


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_legal_actions_are_sound_and_complete(variant):
    """sw-3-4, sw-13-12, hs-6-8, lh-4-2, tc-4-1: along a random walk, every complete action
    ``legal_actions()`` lists is one the engine takes then (a sample of them, each tried on a
    copy), and every action the engine took fits one it listed just before (the arguments
    with finite choices filled, the others open)."""
    game = scenarios.start(variant)
    rng, pick = Rng("walk-legal"), Rng("pick-legal")
    menu = scenarios.handlers(game)
    taken = 0
    for step in range(90):
        if scenarios.over(game):
            break
        legal = game.legal_actions()
        if step % 9 == 0:
            complete = [action for action in legal if action.complete]
            for action in pick.sample(complete, min(12, len(complete))):
                assert _probe(game, action) == "", (step, action.text())
        chosen = Action.parse(scenarios.random_action(rng, game, menu))
        try:
            game.apply(chosen)
        except GameError:
            continue
        taken += 1
        assert allows(legal, chosen), (step, chosen.text())
    assert taken, "the walk took no action"


#: Where an engine's own state may be read: the engines (and what registers them).
ENGINES = {"pyengine/game.py", "pyengine/horde.py", "pyengine/horde_common.py",
           "pyengine/swarm.py", "pyengine/team_commander.py"}
#: An engine's own end fields: ``.winner``, ``.result`` (a field or ``result()``), read as an
#: attribute, by ``getattr``, as a save's key or by ``.get``, and an "over" phase compared
#: either way round or looked up in a list.
OWN_END = re.compile(
    r"\.winner\b|\.result\b|\[[\"']winner[\"']\]"
    r"|getattr\([^)]*[\"'](?:winner|result)[\"']|\.get\([\"'](?:winner|result)[\"']"
    r"|[!=]=\s*[\"']over[\"']|[\"']over[\"']\s*[!=]=|\bin\s*[(\[{][^)\]}]*[\"']over[\"']")


def test_the_end_scan_finds_each_way_of_reading_an_engines_end():
    """The scan below can fail: each way of reading an engine's own end is found, and the
    page's own element named "result" or an outcome's fields are not."""
    read = ['if game.winner == "horde":', "done = g.result()", 'w = save["winner"]',
            'getattr(game, "winner", None)', 'state.get("result")', 'if phase == "over":',
            'if "over" != game.phase:', 'if game.phase in ("over", "won"):']
    fine = ['view.hidden["result"] = True', "end = game.outcome()", "end.termination",
            'if outcome.side == "survivors":', 'moreover = "overlord"']
    assert [line for line in read if not OWN_END.search(line)] == []
    assert [line for line in fine if OWN_END.search(line)] == []


def test_no_consumer_reads_how_a_game_ended_but_through_outcome():
    """sw-12, hs-2-7, lh-7-1, tc-4-1: outside the engines (widgets, simulator, commands, the
    build, hooks, dev tools, benchmarks, scripts) the end of a game is read from
    ``outcome()`` and its typed :class:`pyengine.game.Termination`, never from an engine's
    ``winner``, ``result`` or "over" phase."""
    files = [path for folder in ("pyengine", "sitebuild", "hooks", "devtools", "bench",
                                 "scripts") for path in sorted((ROOT / folder).rglob("*.py"))]
    assert len(files) > 50
    found = [f"{rel}:{number}: {line.strip()}"
             for path in files
             if (rel := path.relative_to(ROOT).as_posix()) not in ENGINES
             and not rel.startswith("pyengine/limited_horde/")
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if OWN_END.search(line)]
    assert found == []


# -- the walks through the filled actions (issue 45, point 3) ----------------------------------
@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_a_walk_through_the_listed_actions_is_taken(variant):
    """sw-3-4, hs-6-8, lh-4-2, tc-3-4, tc-4-1: a walk that only plays what ``legal_actions()``
    lists, its open arguments chosen within their bounds: every complete action it picks is
    taken, every value it chose fits the listed action, and the game replays from what it
    took."""
    game = scenarios.start(variant, "legal-walk")
    record = scenarios.legal_walk(game, "legal-walk", 120)
    refused = [(chosen.text(), outcome) for chosen, outcome in record
               if isinstance(outcome, str) and chosen.type not in OPEN_BY_NAME]
    assert refused == []
    assert len(record) >= 10 or scenarios.over(game) or variant == "team-commander-hand"
    replayed = type(game).replay(game.config, game.seed, game.actions)
    assert replayed.snapshot() == game.snapshot()


#: Actions whose open arguments have no bound (the table's free choice: an amount, a name)
#: or one the engine narrows by the state (a team's poison taken back), filled by the
#: argument's name, so the engine may refuse the value chosen. ``gain`` and ``life`` are here
#: for the Swarm's, which declare no bound yet (the Horde's and the tracker's do).
OPEN_BY_NAME = {"gain", "life", "create-token", "hunt", "token", "damage",
                "lose-life", "poison", "mill", "survivor-poison", "commander-damage", "draw",
                "player-loses", "player-wins", "team-loses", "extra-turn", "activate",
                "deck-out", "roll", "trigger-tokens"}


def test_swarm_lists_each_card_it_may_cast_and_bounds_its_discards():
    """sw-14-6, sw-14-7, sw-14-4, sw-13-4: in Overlord Mode ``cast`` is listed once per card
    of the hand in the Pre-Swarm Step (tokens not in the Second main phase), and the discard's
    cards are open, bounded by the hand; in Hive Mind Mode the discard's amount is."""
    game = scenarios.stacked("swarm", ["Walking Corpse", "Blighted Bat", "Zombie"],
                             mode="overlord", survivors=1)
    game.apply({"type": "draw", "amount": 2})
    hand = [card.id for card in game.zones["hand"]]
    assert [a for a in game.legal_actions() if a.type == "cast"] == []  # not in their turn
    (discard,) = [a for a in game.legal_actions() if a.type == "discard"]
    assert discard.open == ("cards",) and discard.bounds["cards"].admits([hand[1]])
    assert not discard.bounds["cards"].admits([]) and not discard.bounds["cards"].admits(
        [hand[0], hand[0]])
    game.apply({"type": "turn"})
    assert game.phase == "pre-swarm"
    casts = [a for a in game.legal_actions() if a.type == "cast"]
    assert [a.args["card"] for a in casts] == [c.id for c in game.zones["hand"]] and casts
    assert all(_probe(game, cast) == "" for cast in casts)
    hive = scenarios.stacked("swarm", ["Walking Corpse"], mode="hive", survivors=1)
    (discard,) = [a for a in hive.legal_actions() if a.type == "discard"]
    assert discard.open == ("amount",) and discard.text() == "discard amount=?(1..1000)"
    assert "cast" not in types_of(hive.legal_actions())  # Hive Mind casts by itself


def test_swarm_lists_a_damage_assignment_per_attacker():
    """sw-13-15: in combat, ``assign-damage`` names each attacker; the blockers the table
    describes are open with their shape, and an assignment within it is taken."""
    game = scenarios.stacked("swarm", ["Terrus Wurm"], mode="hive", survivors=1)
    assert "assign-damage" not in types_of(game.legal_actions())
    game.apply({"type": "turn"})
    game.apply({"type": "combat"})
    listed = [a for a in game.legal_actions() if a.type == "assign-damage"]
    assert [a.args["attacker"] for a in listed] == game.attackers and listed
    blockers = [{"name": "Bear", "toughness": 2}, {"name": "Wall", "toughness": 4}]
    assert listed[0].bounds["blockers"].admits(blockers)
    assert not listed[0].bounds["blockers"].admits([]) and not listed[0].bounds[
        "blockers"].admits([{"name": "Bear"}])
    chosen = listed[0].with_args(blockers=blockers)
    assert chosen.complete and _probe(game, chosen) == ""


def test_limited_horde_lists_each_targeting_effect():
    """lh-3-13 to lh-3-16: ``target`` is listed per effect: damage to the Survivors' life
    complete, destroy and exile with the permanents open (a name and a mana value each),
    damage to creatures (divided or not) with the creatures and the amount open."""
    game = scenarios.start("limited-horde")
    targets = [a for a in game.legal_actions() if a.type == "target"]
    assert [(a.args.get("effect"), a.open) for a in targets] == [
        ("damage", ()), ("destroy", ("permanents",)), ("exile", ("permanents",)),
        ("damage", ("permanents", "amount")), ("damage", ("permanents", "amount"))]
    assert _probe(game, targets[0]) == ""
    destroy = targets[1].with_args(permanents=[{"name": "Ox", "mv": 3}, {"name": "Elk", "mv": 1}])
    assert targets[1].fits(destroy) and _probe(game, destroy) == ""
    assert not targets[1].fits(targets[1].with_args(permanents=[{"name": "Ox"}]))
    burn = targets[4].with_args(permanents=[{"name": "Ox", "toughness": 2}], amount=3)
    assert burn.args["divided"] is True and _probe(game, burn) == ""


def test_a_kept_hand_lists_each_choice_of_cards_for_the_bottom():
    """tc-3-4: with one card to put on the bottom, ``keep`` is listed once per card of the
    hand; with two, once per ordered pair (42); with three (210 ways), the cards are open,
    bounded by the hand and the count; every listed keep is taken."""
    hand = scenarios.start("team-commander-hand")
    assert [a.text() for a in hand.legal_actions()] == ["mulligan", "keep"]
    hand.apply({"type": "mulligan"})  # the first is free
    hand.apply({"type": "mulligan"})
    keeps = [a for a in hand.legal_actions() if a.type == "keep"]
    assert sorted(a.args["bottom"][0] for a in keeps) == sorted(c.id for c in hand.zones["hand"])
    assert all(_probe(hand, keep) == "" for keep in keeps)
    hand.apply({"type": "mulligan"})
    keeps = [a for a in hand.legal_actions() if a.type == "keep"]
    assert len(keeps) == 42 and all(a.complete for a in keeps)
    hand.apply({"type": "mulligan"})
    (keep,) = [a for a in hand.legal_actions() if a.type == "keep"]
    ids = [c.id for c in hand.zones["hand"]]
    assert keep.open == ("bottom",) and keep.bounds["bottom"].admits(ids[:3])
    assert not keep.bounds["bottom"].admits(ids[:2])
    assert _probe(hand, keep.with_args(bottom=ids[4:])) == ""


def test_typed_amounts_are_listed_with_the_range_the_engine_takes():
    """hs-5-1, hs-5-3, tc-4-1, sw-8-1: the amounts the table types are open with their bound
    where the engine checks one: a hit and the Horde's life gain 1 or more, a change of life or
    counters (and a team's totals) any whole number but 0, the Swarm's amounts 1 to 1000; a
    value outside it does not fit and the engine refuses it, one inside is taken."""
    for variant in ("horde", "limited-horde"):
        game = scenarios.stacked(variant, ["Walking Corpse"] * 5) if variant == "horde" \
            else scenarios.start(variant)
        listed = {a.type: a for a in game.legal_actions() if a.open and not a.args}
        for kind, name, bad, good in (("hit", "n", 0, 2), ("gain", "n", 0, 1),
                                      ("life", "change", 0, -3)):
            template = listed[kind]
            assert template.open == (name,) and template.bounds[name].admits(good)
            assert not template.fits(template.with_args(**{name: bad}))
            assert _probe(game, template.with_args(**{name: bad})) != ""
            assert _probe(game, template.with_args(**{name: good})) == ""
        assert listed["hit"].text() == "hit n=?(1..)"
        assert listed["life"].text() == "life change=?(.. not 0)"
    tracker = scenarios.start("team-commander")
    life = next(a for a in tracker.legal_actions() if a.type == "life")
    assert life.bounds["amount"].admits(-5) and not life.bounds["amount"].admits(0)
    assert not life.bounds["amount"].admits(True)  # a whole number, not a yes or no
    assert _probe(tracker, life.with_args(amount=0)) != ""
    assert _probe(tracker, life.with_args(amount=-5)) == ""
    swarm = scenarios.stacked("swarm", ["Walking Corpse"] * 5)
    listed = {a.type: a for a in swarm.legal_actions() if a.open and not a.args}
    for kind, bad, good in (("damage", 0, 3), ("damage", 1001, 1000), ("gain", -1, 2),
                            ("survivor-poison", 0, 1), ("life", 0, -4)):  # sw-8-1, sw-2-2
        template = listed[kind]
        assert template.open == ("amount",) and template.bounds["amount"].admits(good)
        assert not template.fits(template.with_args(amount=bad))
        assert _probe(swarm, template.with_args(amount=bad)) != ""
        assert _probe(swarm, template.with_args(amount=good)) == ""
    assert listed["damage"].text() == "damage amount=?(1..1000)"
