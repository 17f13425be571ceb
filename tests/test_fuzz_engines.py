"""Fuzzing every game engine with random sequences of table actions (hypothesis).

For each format, hypothesis picks actions mostly from the engine's own list of legal actions
(``legal_actions()``, where the engine has one), else from its ``do_*`` methods, with
arguments drawn from their parameter names (card ids from the current zones, amounts, teams,
zones, names — plus junk). After every step:

* nothing but a :class:`~pyengine.game.GameError` is ever raised (a refused action is fine),
* every card instance is in exactly one zone, and the deck's own cards are never duplicated,
* no count goes negative,
* the save round-trips through JSON, and a replay of the actions reaches the same game.

The CI run uses a few dozen examples per format; ``--long-fuzz`` runs 100,000.
"""

from __future__ import annotations

import inspect
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.game import Game, GameError, load_game
from tests import scenarios

SHORT_EXAMPLES = 25
LONG_EXAMPLES = 100_000
STEPS = 25
JUNK_TEXT = st.sampled_from(["", "x", "<img src=x onerror=alert(1)>", "Zombie", "Goblin",
                             "Eldrazi Spawn", "Alice", "Team 1", "∞", " "])


#: Every registered variant's starting game (tests/scenarios.py).
FORMATS = scenarios.STARTS


def actions_of(game: Game) -> dict[str, inspect.Signature]:
    return {
        name[3:].replace("_", "-"): inspect.signature(getattr(game, name))
        for name in sorted(dir(game))
        if name.startswith("do_") and callable(getattr(game, name))
    }


def draw_argument(data, game: Game, name: str, parameter: inspect.Parameter) -> Any:
    """A value for one parameter, chosen by its name, sometimes junk."""
    ids = sorted(card.id for card in game.zones.all_cards())
    if data.draw(st.integers(0, 9)) == 0:  # now and then, something odd
        return data.draw(st.one_of(st.none(), st.integers(-5, 10_000), JUNK_TEXT,
                                   st.lists(st.integers(-1, 3), max_size=3)))
    if name in {"card", "attacker", "commander"} or name.endswith("_id"):
        return data.draw(st.sampled_from(ids)) if ids and name != "commander" else \
            data.draw(st.integers(0, 3))
    if name in {"cards", "bottom"}:
        return data.draw(st.lists(st.sampled_from(ids or [0]), max_size=3, unique=True))
    if name in {"amount", "n", "change", "power", "toughness"}:
        return data.draw(st.integers(-3, 12))
    if name == "team":
        return data.draw(st.integers(0, 2))
    if name == "to":
        return data.draw(st.sampled_from(["battlefield", "graveyard", "exile", "hand",
                                          "library-top", "library-bottom", "lair", "nowhere"]))
    if name == "kind":
        return data.draw(st.sampled_from(["survivor", "creature", "other"]))
    if name == "effect":
        return data.draw(st.sampled_from(["destroy", "exile", "damage", "other"]))
    if parameter.annotation in (bool, "bool") or isinstance(parameter.default, bool):
        return data.draw(st.booleans())
    if "list" in str(parameter.annotation):
        return data.draw(st.lists(JUNK_TEXT, max_size=3))
    return data.draw(JUNK_TEXT)


def check_invariants(game: Game, start: Counter, changed: bool = True) -> None:
    """Zones and counts after every step; the save round trip after an accepted action (a
    refused one changes nothing: Game.apply puts the state back)."""
    cards = game.zones.all_cards()
    ids = [card.id for card in cards]
    assert len(ids) == len(set(ids)), "a card is in two places"
    deck_cards = Counter(card.name for card in cards if not card.made)
    extra = deck_cards - start
    # Only SlingLab's real life gain may add copies of deck tokens (hs-5-3).
    assert not extra or game.variant == "horde", f"cards appeared from nowhere: {extra}"
    assert all(n >= 0 for n in game.zones.counts().values())
    status = game.status() if hasattr(game, "status") else {}
    for key, value in (status.get("counts") or {}).items():
        assert value >= 0, f"{key} went negative"
    if not changed:
        return
    # load_game replays the actions and refuses a save whose replay does not reach the state
    # the save recorded (its snapshot), so loading is the whole round-trip check.
    text = game.to_json()
    loaded = load_game(text)
    assert (loaded.seed, loaded.config, loaded.actions) == (game.seed, game.config, game.actions)
    assert json.loads(text)["actions"] == game.actions


def run_fuzz(make, data) -> None:
    seed = data.draw(st.sampled_from(["a", "b", "c", "fuzz-seed-17"]))
    game = make(seed)
    start = Counter(card.name for card in game.zones.all_cards() if not card.made)
    menu = actions_of(game)
    names = sorted(menu)
    for _ in range(data.draw(st.integers(1, STEPS))):
        # Mostly what the engine itself lists as legal now (scenarios.legal_types), now and
        # then any action at all, so refusals stay covered.
        legal = scenarios.legal_types(game, menu)
        pool = legal if legal and data.draw(st.integers(0, 3)) else names
        action_type = data.draw(st.sampled_from(pool))
        params = [p for p in menu[action_type].parameters.values()
                  if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        action: dict[str, Any] = {"type": action_type}
        for parameter in params:
            if parameter.default is not inspect.Parameter.empty and data.draw(st.booleans()):
                continue
            action[parameter.name] = draw_argument(data, game, parameter.name, parameter)
        before = (len(game.actions), len(game.events), game.zones.counts())
        try:
            game.apply(action)
        except GameError:
            accepted = False
            assert (len(game.actions), len(game.events), game.zones.counts()) == before
        else:
            accepted = True
        check_invariants(game, start, changed=accepted)
    again = type(game).replay(game.config, game.seed, game.actions)
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize("variant", sorted(FORMATS))
def test_random_actions_never_break_a_game(request, variant):
    """Fuzz (issue: hardening): random action sequences keep every invariant."""
    examples = LONG_EXAMPLES if request.config.getoption("--long-fuzz") else SHORT_EXAMPLES

    @settings(max_examples=examples, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def fuzz(data):
        run_fuzz(FORMATS[variant], data)

    fuzz()
