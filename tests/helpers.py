"""Small helpers shared by the tests: engine and runner helpers, and loading a build hook."""

from __future__ import annotations

import io
import zipfile

from devtools.inputs import pathological_lines  # noqa: F401  (shared with bench/)
from devtools.site import HOOKS, load_hook  # noqa: F401  (shared with bench/)
from pyengine import files
from pyengine.horde_common import HordeGame
from pyengine.widgets import Env


def zip_of(members: dict[str, bytes]) -> bytes:
    """A zip archive holding ``members`` (name: bytes), in that order."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


#: Set by tests/conftest.py when pytest runs with ``--long-fuzz``.
LONG_FUZZ = False


def examples(quick: int, long: int = 10_000) -> int:
    """A hypothesis example count: ``quick`` in the everyday suite, ``long`` with
    ``--long-fuzz`` (known at collection time, when the ``@settings`` decorators run)."""
    return long if LONG_FUZZ else quick


#: The project's card facts, as a runner widget's ``data`` mapping.
CARD_DATA = {"cards.tsv": (files.data_root() / "cards.tsv").read_text(encoding="utf-8")}


def act(g, action_type, **args):
    """Apply one action of type ``action_type`` with ``args``; its events."""
    return g.apply({"type": action_type, **args})


def kinds(events):
    return [e.kind for e in events]


def names(zone):
    return [c.name for c in zone]


def to_horde_turn(g):
    """End Survivor turns until the Horde's turn runs; return that turn's events."""
    while True:
        events = act(g, "end-survivor-turn")
        if g.phase != "survivors":
            return events


def runner_env(url_hash=""):
    """An Env for a runner widget: the shipped decks, fixed entropy, an optional share link."""
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}
    return Env(decks=index,
               read_deck=lambda deck_id: (files.data_root() / paths[deck_id]).read_text(
                   encoding="utf-8"),
               entropy=lambda: 12345, url_hash=url_hash)


def refused(view, *named):
    """``view`` shows an error naming each of ``named``: the numbers, names or fields that
    tell this refusal from another, without pinning the sentence around them."""
    assert view.error, "expected an error, got none"
    missing = [part for part in named if str(part) not in view.error]
    assert not missing, f"the error {view.error!r} does not name {missing}"


def last_trace(widget):
    """What a runner widget shows as just happened, as ``(kind, cards, rule anchor)``."""
    from tests.scenarios import trace

    return trace(widget.last)


def assert_round_trip(game: HordeGame) -> None:
    """Invariant (game log): a replay of ``game``'s actions and its save loaded back rebuild
    exactly the same game (and status); undo is the game without its last action."""
    import json

    from pyengine.game import load_game

    replay = type(game).replay
    saved = game.to_json()
    assert replay(game.config, game.seed, game.actions).to_json() == saved
    loaded = load_game(saved)
    assert isinstance(loaded, type(game))
    assert loaded.to_json() == saved and loaded.status() == game.status()
    undone = game.undo()
    assert undone.actions == game.actions[:-1]
    assert json.loads(undone.to_json())["state"] == json.loads(
        replay(game.config, game.seed, game.actions[:-1]).to_json())["state"]


def runner_showing(game):
    """The runner page's controller (Swarm or Horde) with ``game`` imported as a player would
    (its save file), for what the page shows after the engine's own steps: the reminders, the
    card panel, the attack line. Put cards straight onto ``runner.game`` after this (a save
    replays only what actions did)."""
    from pyengine.widgets.horde import Widget as HordeWidget
    from pyengine.widgets.swarm import Widget as SwarmWidget

    kind = SwarmWidget if game.variant == "swarm" else HordeWidget
    runner = kind(runner_env(), data=CARD_DATA)
    runner.start(None)
    view = runner.handle("import", {"_file": game.to_json()})
    assert view.error == "", view.error
    return runner


def reminder_lines(runner):
    """The reminders the runner shows now, as the player reads them."""
    return [item.text for item in runner.render().lists.get("reminders", [])]


def panel_facts(runner, card):
    """The card panel's facts line of ``card`` (on the battlefield), opened by a tap."""
    view = runner.render()
    item = next(i for i in view.lists["battlefield"]
                if i.value == str(card.id) or i.value.endswith(f":{card.id}")
                or i.text.startswith(card.name))
    action = "pick-card" if runner.game.variant == "swarm" else "pick"
    view = runner.handle(action, {"_item": item.value})
    assert view.error == "", view.error
    return view.text["panel-facts"]
