"""Small helpers shared by the tests: engine and runner helpers, and loading a build hook."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from pyengine import files
from pyengine.widgets import Env

HOOKS = Path(__file__).resolve().parent.parent / "hooks"


def load_hook(name: str) -> ModuleType:
    """The MkDocs hook ``hooks/<name>.py`` as a module (hooks are files, not a package)."""
    module_name = f"{name}_hook_under_test"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, HOOKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


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


def pathological_lines() -> list[str]:
    """Decklist lines built to make a backtracking parser slow (runs of spaces, brackets,
    set codes, header counts); the reader keeps them linear. Shared by tests/test_decklist.py
    (they are read) and bench/bench_decklist.py (how fast)."""
    return [
        "a" + " " * 980 + "!",
        "name" + " " * 980 + "x",
        "1 x" + " []" * 320 + "x]",
        "1 x" + " (AB)" * 190,
        "1 x" + " *F*" * 240,
        "// " + "(1)" * 320,
        "1 " + "/ " * 490 + "x",
        "#! a | {1} | A" + " " * 970 + "B",
    ]
