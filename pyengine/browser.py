"""The Python side of the play pages' adapter, run in PyScript's worker interpreter.

Python runs in a web worker, off the page's main thread (issue 17, point 4): starting Python and
working out a turn never hold up the page. The worker has no page and no browser storage, so
the page's adapter, ``docs/assets/widget-host.js``, does all the page's work (fields, buttons,
storage, views, requests, downloads) and calls the two functions this module hands to
PyScript's ``xworker.sync``:

* ``start(name, page)``: start widget ``name``; ``page`` (JSON) carries the page's address,
  fragment, data-saving wish and the widget's storage slots;
* ``handle(name, action, form)``: one action with the page's fields (JSON).

Each answers with JSON from :class:`pyengine.widgets.host.Host`: the view as plain data, the
storage writes and lines for the console. The messages are strings, so nothing but text crosses
between the threads. This module is the only one that imports PyScript's modules; the pure
part is :mod:`pyengine.widgets.host`, which the tests drive in CPython.
"""

from __future__ import annotations

import importlib
import json
import os
from typing import Any

from . import files, safejson
from .widgets import Env
from .widgets.host import Host

_HOSTS: dict[str, Host] = {}


def page_env(page: dict[str, Any]) -> Env:
    """The widget's surroundings: the shipped decks (from the unpacked engine zip) and what
    the page said of itself."""
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}

    def read_deck(deck_id: str) -> str:
        return (files.data_root() / paths[deck_id]).read_text(encoding="utf-8")

    return Env(
        page_url=str(page.get("page_url", "")),
        decks=index,
        read_deck=read_deck,
        entropy=lambda: int.from_bytes(os.urandom(4), "big"),
        url_hash=str(page.get("url_hash", "")),
        read_data=lambda path: (files.data_root() / path).read_text(encoding="utf-8"),
        save_data=bool(page.get("save_data", False)),
    )


def start(name: str, page_json: str) -> str:
    """Start widget ``name`` (a module of :mod:`pyengine.widgets`); its first answer."""
    page = safejson.loads(page_json, what="the page's message")
    slots = page.get("slots") if isinstance(page.get("slots"), dict) else {}
    module = importlib.import_module(f"pyengine.widgets.{name}")
    host = _HOSTS[name] = Host(name, module, page_env(page), slots)
    return json.dumps(host.answer_start())


def handle(name: str, action: str, form_json: str) -> str:
    """One action of widget ``name``; its answer."""
    form = safejson.loads(form_json, what="the page's message")
    return json.dumps(_HOSTS[name].answer(str(action), form if isinstance(form, dict) else {}))


def serve() -> None:
    """Hand :func:`start` and :func:`handle` to the page (PyScript's worker ``sync``)."""
    from polyscript import xworker  # type: ignore[import-not-found]

    xworker.sync.start = start
    xworker.sync.handle = handle
