"""Game.apply, replay and undo without per-action snapshots (issue 17, point 1).

The engine used to write the whole game to JSON before every action and to rebuild it by a full
replay after a refused one. ``tests/data/long_games_golden.json`` records long random games of
every registered variant as that engine played them (``tests/long_games.py`` wrote it before the
change); the tests here replay the same actions and demand the same outcome, the same events and
the same save after every step, and check the new promises on a small demo format.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine import game as game_module
from pyengine.game import _VARIANTS, ActionError, Event, Game, GameError, load_game, register
from pyengine.rng import Rng

from .long_games import GOLDEN_SEED, VARIANTS, digest, handlers, next_action, play, save_digest

GOLDEN = json.loads((Path(__file__).parent / "data" / "long_games_golden.json").read_text())


def same_refusal(old: str, new: str) -> bool:
    """Refusals match word for word, except how 'bad arguments' are explained: they are now
    told in plain words (unknown or missing names, a value of the wrong type) instead of
    Python's TypeError text."""
    if "bad arguments for" in old or "bad arguments for" in new:
        return old.split(":")[:2] == new.split(":")[:2]
    return old == new


def test_every_registered_variant_has_a_long_game():
    assert set(VARIANTS) == set(GOLDEN) == {name for name in _VARIANTS if "test" not in name}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_long_random_game_gives_the_same_outcomes_events_and_saves(variant):
    """Same saves, same events, same states as the snapshotting engine, step by step."""
    record = GOLDEN[variant]
    accepted = sum(step["outcome"] == "ok" for step in record)
    refused = len(record) - accepted
    assert accepted >= 8 and refused >= 8, "the recorded game should mix both"
    make = VARIANTS[variant][0]
    game = make(GOLDEN_SEED)
    for number, step in enumerate(record):
        try:
            events = game.apply(step["action"])
        except GameError as error:
            outcome = f"{type(error).__name__}: {error}"
            events = []
        else:
            outcome = "ok"
        where = f"{variant} step {number}: {step['action']}"
        assert (outcome == "ok") == (step["outcome"] == "ok"), f"{where}: {outcome}"
        assert same_refusal(step["outcome"], outcome), where
        assert digest(json.dumps([e.to_dict() for e in events], sort_keys=True)) == \
            step["events"], where
        assert save_digest(game) == step["save"], where
    again = load_game(game.to_json())
    assert again.to_json() == game.to_json()
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_undo_is_the_game_without_its_last_action(variant):
    game, _ = play(variant, "undo-seed", 120)
    assert game.actions
    undone = game.undo()
    shorter = type(game).replay(game.config, game.seed, game.actions[:-1])
    assert undone.to_json() == shorter.to_json()
    assert undone.actions == game.actions[:-1]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_apply_and_replay_never_write_the_state(variant, monkeypatch):
    """Accepted and refused actions, replay and undo: no JSON snapshot, no replay on refusal."""
    game, _ = play(variant, "no-snapshot", 60)
    cls = type(game)
    calls = []
    real_replay = cls.replay.__func__

    def counted_replay(klass, *args):
        calls.append("replay")
        return real_replay(klass, *args)

    monkeypatch.setattr(cls, "to_json", lambda self: calls.append("to_json") or "")
    monkeypatch.setattr(cls, "snapshot", lambda self: calls.append("snapshot") or {})
    monkeypatch.setattr(game_module, "load_game", lambda *a: calls.append("load_game"))
    cls.replay(game.config, game.seed, game.actions)
    game.undo()
    assert calls == [], calls
    monkeypatch.setattr(cls, "replay", classmethod(counted_replay))
    rng = Rng("more-actions")
    menu = handlers(game)
    outcomes = set()
    for _ in range(60):
        try:
            game.apply(next_action(rng, game, menu, *VARIANTS[variant][1:]))
            outcomes.add("ok")
        except GameError:
            outcomes.add("refused")
    assert calls == [], calls
    assert "refused" in outcomes


# -- the promises, on a small demo format ---------------------------------------------------------
@register
class Checked(Game):
    variant = "replay-test"

    def setup(self):
        for number in range(10):
            self.zones.add("library", self.new_card(f"Card {number}"))
        self.rng.shuffle(self.zones["library"])
        self.calls = 0
        self.ends = 0
        self.notes: list[str] = []
        return []

    def do_draw(self, n: int = 1, reveal: bool = False):
        self.calls += 1
        for card in self.zones["library"][:n]:
            self.zones.move(card.id, "hand")
            card.tapped = reveal
        return [Event("draw", f"drew {n}")]

    def do_shuffle_then_refuse(self, note: str):
        self.rng.shuffle(self.zones["library"])
        self.notes.append(note)
        self.zones["library"][0].counters += 5
        self.zones.move(self.zones["library"][0].id, "exile")
        raise ActionError("refused after changing things")

    def do_buggy(self, cards: list[int] | None = None):
        self.notes.append("half done")
        return len(None)  # a bug: TypeError inside the handler

    def check_end(self):
        self.ends += 1
        if not self.zones["library"] and "over" not in self.notes:
            self.notes.append("over")
            return [Event("win", "library empty")]
        return []


def test_refused_action_leaves_everything_as_it_was_without_a_replay(monkeypatch):
    game = Checked({}, "s")
    game.apply({"type": "draw", "n": 2})
    before = (game.to_json(), game.rng._random.getstate(), list(game.notes),
              [vars(card).copy() for card in game.zones.all_cards()])
    monkeypatch.setattr(Checked, "replay", None)  # a replay would fail
    monkeypatch.setattr(game_module, "load_game", None)
    with pytest.raises(ActionError, match="refused after"):
        game.apply({"type": "shuffle-then-refuse", "note": "x"})
    after = (game.to_json(), game.rng._random.getstate(), list(game.notes),
             [vars(card).copy() for card in game.zones.all_cards()])
    assert after == before
    # The zones hold the restored cards: moving one works and the rng continues as before.
    fresh = Checked({}, "s")
    fresh.apply({"type": "draw", "n": 2})
    for g in (game, fresh):
        g.apply({"type": "draw", "n": 3, "reveal": True})
    assert game.to_json() == fresh.to_json()


@pytest.mark.parametrize("arguments, problem", [
    ({"n": 1, "colour": "red"}, "unexpected 'colour'"),
    ({"n": 1, "reveal": True, "x": 1, "y": 2}, "unexpected 'x', 'y'"),
])
def test_unknown_arguments_are_refused_before_the_handler_runs(arguments, problem):
    game = Checked({}, "s")
    with pytest.raises(ActionError, match=f"bad arguments for 'draw': {problem}"):
        game.apply({"type": "draw", **arguments})
    assert game.calls == 0 and game.actions == []


def test_missing_arguments_are_refused_before_the_handler_runs():
    game = Checked({}, "s")
    before = game.to_json()
    with pytest.raises(ActionError, match="for 'shuffle-then-refuse': missing 'note'"):
        game.apply({"type": "shuffle-then-refuse"})
    assert game.to_json() == before and game.notes == []


def test_a_value_that_does_not_fit_the_annotation_is_the_callers_error():
    """A TypeError from a handler given a value of the wrong type is a refusal (as before);
    the state is put back."""
    game = Checked({}, "s")
    before = game.to_json()
    with pytest.raises(ActionError, match="bad arguments for 'draw': 'n' should be a whole "
                                          "number"):
        game.apply({"type": "draw", "n": "two"})
    with pytest.raises(ActionError, match="'cards' should be a list or empty"):
        game.apply({"type": "buggy", "cards": ["a"]})
    assert game.to_json() == before and game.notes == [] and game.actions == []


def test_a_bug_inside_a_handler_surfaces_as_a_bug_and_changes_nothing():
    game = Checked({}, "s")
    before = game.to_json()
    with pytest.raises(TypeError):
        game.apply({"type": "buggy", "cards": [1]})
    assert game.to_json() == before and game.notes == [] and game.actions == []


def test_end_check_runs_after_every_accepted_action_and_in_replay():
    game = Checked({}, "s")
    events = []
    for _ in range(5):
        events += game.apply({"type": "draw", "n": 2})
    assert game.ends == 5
    assert [e.kind for e in events][-2:] == ["draw", "win"]
    again = Checked.replay({}, "s", game.actions)
    assert again.ends == 5 and [e.to_dict() for e in again.events] == \
        [e.to_dict() for e in game.events]


def test_swarm_and_horde_end_checks_are_the_one_in_apply():
    from pyengine.horde_common import HordeGame
    from pyengine.swarm import SwarmGame

    assert "apply" not in vars(SwarmGame) and "check_end" in vars(SwarmGame)
    assert "check_end" in vars(HordeGame)


def test_a_save_is_checked_against_its_state_once_at_load(monkeypatch):
    game = Checked({}, "s")
    game.apply({"type": "draw", "n": 2})
    text = game.to_json()
    calls = []
    real = Checked.snapshot
    monkeypatch.setattr(Checked, "snapshot", lambda self: calls.append(1) or real(self))
    load_game(text)
    assert calls == [1]
