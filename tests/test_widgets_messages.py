"""The messages between the page's adapter and the Python worker, written once in
pyengine.widgets.messages, held against View, Item and Fetch, against what the host answers and
against the adapter's own code (docs/assets/widget-host.js). The runners' saves and links they
carry are the formats' own: hs-2-9 (Horde), sw-3-4 (Swarm), tc-2-2 (the Team table)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import fields
from pathlib import Path
from typing import NotRequired, get_args, get_origin, get_type_hints

import pytest

from pyengine import browser
from pyengine.widgets import Fetch, Item, View, horde, swarm
from pyengine.widgets.host import Host, view_data
from pyengine.widgets.messages import (
    ADAPTER_KEYS,
    Answer,
    FetchData,
    ItemData,
    PageInfo,
    ViewData,
)
from tests.test_widgets_host import SWARM_NEW, random_view, runner_env

ADAPTER = (Path(__file__).resolve().parent.parent / "docs" / "assets" / "widget-host.js"
           ).read_text(encoding="utf-8")
#: View keys the session consumes before an answer leaves the worker: the note is shown in
#: the page's "saves-note" line (pyengine/widgets/saves.py, Session._finish).
CONSUMED_BY_THE_SESSION = {"note"}


def keys(message: type) -> set[str]:
    return set(get_type_hints(message))


def required(message: type) -> set[str]:
    hints = get_type_hints(message, include_extras=True)
    return {k for k, v in hints.items() if get_origin(v) is not NotRequired}


@pytest.mark.parametrize("message,data_class", [(ViewData, View), (ItemData, Item),
                                                (FetchData, Fetch)])
def test_each_message_shape_names_exactly_the_fields_of_its_class(message, data_class):
    assert keys(message) == {f.name for f in fields(data_class)}


def check_value(value, hint) -> None:
    """``value`` is of the type ``hint`` names, as far as JSON data can be (recursively)."""
    origin = get_origin(hint)
    if origin is NotRequired:
        return check_value(value, get_args(hint)[0])
    if hint in (ItemData, FetchData, ViewData):
        assert isinstance(value, dict) and required(hint) <= set(value) <= keys(hint), value
        for key, item in value.items():
            check_value(item, get_type_hints(hint)[key])
        return None
    if origin is dict:
        key_type, value_type = get_args(hint)
        assert isinstance(value, dict)
        for key, item in value.items():
            check_value(key, key_type)
            check_value(item, value_type)
        return None
    if origin is list:
        assert isinstance(value, list)
        for item in value:
            check_value(item, get_args(hint)[0])
        return None
    options = get_args(hint) if origin is not None else (hint,)
    assert any(value is None if o is type(None) else isinstance(value, o) for o in options), \
        (value, hint)
    return None


def test_views_of_every_shape_answer_as_the_message_says():
    chance = random.Random(29)
    for _ in range(300):
        data = json.loads(json.dumps(view_data(random_view(chance))))
        check_value(data, ViewData)
        assert "error" in data


def check_answer(answer: dict) -> None:
    answer = json.loads(json.dumps(answer))
    assert required(Answer) <= set(answer) <= keys(Answer)
    if answer.get("stale"):
        assert answer["view"] == {}
        return
    check_value(answer["view"], ViewData)
    check_value(answer["writes"], dict[str, str | None])
    check_value(answer["log"], list[str])
    assert isinstance(answer["version"], int)


def test_the_hosts_answers_are_the_message_the_page_reads():
    """sw-3-4: a Swarm game through the host: every answer has the Answer shape, stale taps
    included."""
    host = Host("swarm", swarm, runner_env(), {})
    check_answer(host.answer_start())
    answer = host.answer("new", {**SWARM_NEW, "_view": "0"})
    check_answer(answer)
    check_answer(host.answer("turn", {"_view": str(answer["version"])}))
    stale = host.answer("turn", {"_view": str(answer["version"])})
    assert stale.get("stale") is True
    check_answer(stale)


def test_the_workers_start_reads_the_page_info(monkeypatch):
    """hs-2-9: ``browser.start`` takes a PageInfo (and the Horde page starts from it)."""
    page: PageInfo = {"page_url": "https://example.test/play/horde/", "url_hash": "",
                      "save_data": True, "slots": {}}
    monkeypatch.setattr(browser, "page_env", lambda info: runner_env())
    answer = json.loads(browser.start("horde", json.dumps(page)))
    check_answer(answer)
    assert browser._HOSTS["horde"].module is horde


def test_the_adapter_reads_every_key_the_messages_name():
    """The page's adapter reads each key of an answer, a view, a list item and a request, and
    sends each key of the page info and the adapter's form keys: a key added on one side
    and not the other fails here."""
    for message, names in ((Answer, keys(Answer)),
                           (ViewData, keys(ViewData) - CONSUMED_BY_THE_SESSION),
                           (ItemData, keys(ItemData)), (FetchData, keys(FetchData))):
        for name in names:
            assert re.search(rf"\.{name}\b", ADAPTER), f"{message.__name__}.{name}"
    for name in [*keys(PageInfo), *ADAPTER_KEYS]:
        assert re.search(rf"\b{name}\s*:", ADAPTER), name
    assert all(not f.name.startswith("_") for f in fields(View))
