"""Every key a widget writes has an element on its page (docs/play/*.md).

A widget's View names elements: ``text``, ``lists``, ``hidden`` and ``attrs`` by ``data-id``;
``values`` and ``options`` by ``data-field`` (or ``data-id``). The page's adapter
(docs/assets/widget-host.js) skips a key with no element, so a key the page lacks is text, a
list or a switch nobody ever sees.
These tests walk each widget through its page's own actions (seeded random walks, like the
fuzz tests) and fail on any key that has no element on the page.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pyengine import files
from pyengine.widgets import Env, View
from sitebuild import setup_controls

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "docs" / "play"
WALKS = 6
STEPS = 50


def page_markup(name: str) -> str:
    """The markup of the page that boots widget ``name``, with its set-up controls drawn from
    the declarations as the build draws them (sitebuild/setup_controls.py)."""
    return setup_controls.expand(page_of(name).read_text("utf-8"))


def page_of(name: str) -> Path:
    for path in sorted(PLAY.glob("*.md")):
        if re.search(rf"^widget:\s*{re.escape(name)}\s*$", path.read_text("utf-8"), re.M):
            return path
    raise AssertionError(f"no page under docs/play has 'widget: {name}'")


def widget_names() -> list[str]:
    found = []
    for path in sorted(PLAY.glob("*.md")):
        match = re.search(r"^widget:\s*(\S+)\s*$", path.read_text("utf-8"), re.M)
        if match:
            found.append(match.group(1))
    return found


def attributes(html: str, attr: str) -> list[str]:
    return re.findall(rf'\b{attr}="([^"]+)"', html)


def make_env() -> Env:
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}
    return Env(decks=index,
               read_deck=lambda deck_id: (files.data_root() / paths[deck_id]).read_text(
                   encoding="utf-8"),
               entropy=lambda: 12345,
               read_data=lambda path: (files.data_root() / path).read_text(encoding="utf-8"))


def filler(field_name: str) -> str:
    """A value a person would type into an empty field (player names)."""
    match = re.fullmatch(r"name(\d+)", field_name)
    return f"Player {match.group(1)}" if match else ""


def view_keys(view: View) -> tuple[set[str], set[str]]:
    """(keys looked up by data-id, keys looked up by data-field or data-id)."""
    by_id = set(view.text) | set(view.lists) | set(view.hidden) | set(view.attrs)
    by_field = set(view.values) | set(view.options)
    return by_id, by_field


def walk(name: str, seed: int, html: str) -> tuple[set[str], set[str]]:
    """Drive widget ``name`` with the page's actions and fields; every key it wrote."""
    import importlib
    module = importlib.import_module(f"pyengine.widgets.{name}")
    rng = random.Random(seed)
    widget = module.Widget(make_env())
    actions = sorted(set(attributes(html, "data-action")) | set(attributes(html, "data-change")))
    fields = sorted(set(attributes(html, "data-field")))
    view = widget.start(None)
    by_id, by_field = view_keys(view)
    values = dict(view.values)
    options = dict(view.options)
    items: list[tuple[str, str]] = []
    # first start a game with the page's own defaults, then wander
    openers = [a for a in ("new", "new-game", "roll") if a in actions]
    for step in range(STEPS):
        form = {}
        for field_name in fields:
            choices = [value for value, _ in options.get(field_name, [])]
            if step < len(openers) or rng.random() < 0.8:
                form[field_name] = values.get(field_name, "") or filler(field_name)
            elif choices and rng.random() < 0.8:
                form[field_name] = rng.choice(choices)
            else:
                form[field_name] = rng.choice(["", "1", "2", "3", "Zombie", "on"])
        if step < len(openers):
            action = openers[step]
        elif items and rng.random() < 0.3:
            action, value = rng.choice(items)
            form["_item"] = value
        else:
            action = rng.choice(actions)
        view = widget.handle(action, form)
        ids, flds = view_keys(view)
        by_id |= ids
        by_field |= flds
        values.update(view.values)
        options.update(view.options)
        items = [(item.action, item.value) for lst in view.lists.values() for item in lst
                 if item.action] or items
    return by_id, by_field


def missing_keys(name: str, html: str) -> tuple[set[str], set[str], set[str]]:
    """(every key written, keys with no data-id, value/option keys with no element)."""
    ids = set(attributes(html, "data-id"))
    fields = set(attributes(html, "data-field"))
    seen: set[str] = set()
    missing_ids: set[str] = set()
    missing_fields: set[str] = set()
    for seed in range(WALKS):
        by_id, by_field = walk(name, seed, html)
        seen |= by_id | by_field
        missing_ids |= by_id - ids
        missing_fields |= by_field - ids - fields
    return seen, missing_ids, missing_fields


@pytest.mark.parametrize("name", widget_names())
def test_every_key_a_widget_writes_is_on_its_page(name):
    """Keys written by text/lists/hidden/attrs exist as data-id, values/options as data-field
    or data-id, on the page that boots the widget."""
    seen, missing_ids, missing_fields = missing_keys(name, page_markup(name))
    assert len(seen) > 10, f"the walk wrote only {sorted(seen)}"
    assert not missing_ids, f"{name}: no data-id on the page for {sorted(missing_ids)}"
    assert not missing_fields, f"{name}: no data-field/data-id for {sorted(missing_fields)}"


def test_the_check_finds_a_missing_element():
    """The check itself: the Swarm page without its log element (or its amount field) fails."""
    html = page_markup("swarm")
    html = html.replace('data-id="log"', 'data-id="gone"').replace(
        'data-field="amount"', 'data-field="gone-too"')
    _, missing_ids, missing_fields = missing_keys("swarm", html)
    assert "log" in missing_ids and "amount" in missing_fields
