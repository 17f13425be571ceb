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
#: An engine's own end fields: ``.winner``, ``.result`` (a field or ``result()``) and an
#: "over" phase.
OWN_END = re.compile(r"\.winner\b|\.result\b|\[[\"']winner[\"']\]|phase\s*[!=]=\s*[\"']over")


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
