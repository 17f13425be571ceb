"""The widget contract (pyengine.widgets.contract): every play page's widget module declares
what its session reads, without special cases by name; every controller has the public
members the session calls. The pages' rules: hs-2-9 (Horde saves), sw-3-4 (Swarm), tc-2-2
(the Team table)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from pyengine.widgets.contract import Controller, WidgetModule
from tests.test_widgets_host import runner_env

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted({m.group(1) for page in DOCS.rglob("*.md")
                for m in re.finditer(r"(?m)^widget:\s*([\w-]+)\s*$",
                                     page.read_text(encoding="utf-8"))})


def test_the_pages_are_found_and_each_is_held_against_the_contract():
    """pyengine/widgets/pages.py (checked by mypy) lists exactly the pages the site has."""
    from pyengine.widgets.pages import PAGES as HELD

    assert {"horde", "swarm", "team", "check", "shuffler"} <= set(PAGES)
    assert set(HELD) == set(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_each_page_module_keeps_the_contract(name):
    module = importlib.import_module(f"pyengine.widgets.{name}")
    assert isinstance(module, WidgetModule)
    assert isinstance(module.STATE_VERSION, int) and module.STATE_VERSION >= 0
    assert all(isinstance(v, int) and v < module.STATE_VERSION for v in module.MIGRATIONS)
    assert module.HASH_PREFIX is None or module.HASH_PREFIX.endswith("=")
    assert isinstance(module.SAVES, str) and module.SAVES
    widget = module.Widget(runner_env())
    assert isinstance(widget, Controller)
    view = widget.start(None)
    saved = widget.save()
    assert saved is None or module.saved_version(json.loads(saved)) \
        == module.STATE_VERSION
    assert view is not None and widget.game_summary() is None
    assert widget.share_hash() == ""


def test_widgets_ask_whether_a_game_ended_only_through_outcome():
    """Issue 29, point 3: the widgets use the engine surface (``outcome()``, one value type,
    ``legal_actions()``, the events ``apply`` returns); no widget reads an engine's own
    ``result``, ``winner``, an "over" phase or calls its end check."""
    other_ways = re.compile(r"\.result\b|\[\"winner\"\]|\.winner\b|"
                            r"[=!]= \"over\"|check_end|_check_end")
    folder = Path(__file__).resolve().parent.parent / "pyengine" / "widgets"
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(folder.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if other_ways.search(line.replace("outcome.winner", "outcome_winner"))]
    assert found == []
