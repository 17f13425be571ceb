"""The Python side of the play pages' adapter, run in PyScript's worker interpreter.

Python runs in a web worker, off the page's main thread (issue 17, point 4): starting Python and
working out a turn never hold up the page. The worker has no page and no browser storage, so
the page's adapter, ``docs/assets/widget-host.js``, does all the page's work (fields, buttons,
storage, views, requests, downloads) and calls the functions this module hands to
PyScript's ``xworker.sync``:

* ``start(name, page)``: start widget ``name``; ``page`` (JSON) carries the page's address,
  fragment, data-saving wish and the widget's storage slots;
* ``handle(name, action, form)``: one action with the page's fields (JSON);
* ``qr(text)``: a live table's join or answer code drawn as a QR code (:func:`qr_rows`).

Each answers with JSON from :class:`pyengine.widgets.host.Host`: the view as plain data, the
storage writes and lines for the console. The messages are strings, so nothing but text crosses
between the threads. This module is the only one that imports PyScript's modules; the pure
part is :mod:`pyengine.widgets.host`, which the tests drive in CPython.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import linecache
import os
import sys
import time
import zipfile
from collections.abc import Callable
from typing import Any

from . import files, safejson
from .cards import CardDB
from .game import Game
from .rng import Rng
from .widgets import Env
from .widgets.host import Host

_HOSTS: dict[str, Host] = {}

#: The SHA-256 of the engine zip a memory snapshot was made from: ``docs/assets/snapshot.js``
#: records it here just before the snapshot is taken and reads it back after a restore, so a
#: snapshot proves which release's engine it holds (issue 40, point 4). Empty on a normal start.
SNAPSHOT_ENGINE = ""


def unpack_held(archive: str, where: str) -> str:
    """Unpack the engine zip at ``archive`` into ``where`` on a start from a memory snapshot
    (``docs/assets/snapshot.js`` calls this in place of Pyodide's unpacking, issue 43, point 1),
    leaving out the files the snapshot already holds in memory: the bytecode (``__cached__``)
    and source (``__file__``) of every module imported when it was made. Everything else is
    written as a full unpack would write it: the decks, the modules imported later (the QR
    code, the table reader, the command line) and PyScript's bytecode.

    Only when the zip is the very one the snapshot was made from (its SHA-256 is
    :data:`SNAPSHOT_ENGINE`) is anything left out; any other zip is unpacked whole. A source
    left out stays readable where Python reads sources, in tracebacks: linecache is given a lazy
    entry that reads it from ``archive``, which is kept. Answers ``"<written> <left out>"``.
    """
    with open(archive, "rb") as stream:
        engine = hashlib.sha256(stream.read()).hexdigest()
    held: set[str] = set()
    if SNAPSHOT_ENGINE and engine == SNAPSHOT_ENGINE:
        for module in list(sys.modules.values()):
            for attribute in ("__file__", "__cached__"):
                path = getattr(module, attribute, None)
                if isinstance(path, str):
                    held.add(os.path.normpath(path))
    root = os.path.abspath(where)
    written = left_out = 0
    with zipfile.ZipFile(archive) as zipped:
        for info in zipped.infolist():
            path = os.path.normpath(os.path.join(root, info.filename))
            if path not in held:
                zipped.extract(info, root)
                written += 0 if info.is_dir() else 1
                continue
            left_out += 1
            if path.endswith(".py"):
                linecache.cache[path] = (functools.partial(_source, archive, info.filename),)
    return f"{written} {left_out}"


def _source(archive: str, name: str) -> str:
    with zipfile.ZipFile(archive) as zipped:
        return zipped.read(name).decode("utf-8")


def page_env(page: dict[str, Any]) -> Env:
    """The widget's surroundings: the shipped decks (from the unpacked engine zip) and what
    the page said of itself."""
    index = files.load_deck_index()
    paths: dict[str, str] = {entry["id"]: entry["path"] for entry in index}

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


def qr_rows(text: str) -> str:
    """The QR code of ``text`` (a live table's join or answer code: docs/assets/live-table.js)
    as JSON rows of ``#`` and ``.``, level L; ``[]`` when it does not fit one code."""
    from . import qr

    try:
        return json.dumps(qr.encode(str(text)[:2000], "L", max_version=25).rows())
    except qr.QRTooLong:
        return "[]"


def handle(name: str, action: str, form_json: str) -> str:
    """One action of widget ``name``; its answer."""
    form = safejson.loads(form_json, what="the page's message")
    return json.dumps(_HOSTS[name].answer(str(action), form if isinstance(form, dict) else {}))


# -- the heartbeat (issue 40, point 3) ---------------------------------------------------------
# While Python works on a message the worker's event loop is held, so it cannot answer a ping:
# a long but legitimate computation and a hang look the same from outside. So the heartbeat
# measures Python's progress instead: the page gives a token (:func:`listen`) and Python posts
# it to the page from the worker, at most every BEAT_SECONDS, whenever it makes progress the
# engine can vouch for: each engine action applied, each random draw and each card read (a
# move, a replayed game, the simulated games of "How hard is this?", the full card data:
# _STEPS) and each audited step of its own work (an import, a file opened). A pattern stuck
# on one string or a loop that never ends beats no more, and the page
# (docs/assets/widget-host.js) takes a worker that neither answers nor beats for a few seconds
# for hung, and replaces it.

#: At most one beat per this many seconds (a beat is one message to the page).
BEAT_SECONDS = 0.25
_BEAT: dict[str, Any] = {"post": None, "last": 0.0, "watching": False}


def beat() -> None:
    """Tell the page Python is making progress (at most every :data:`BEAT_SECONDS`)."""
    post: Callable[[], None] | None = _BEAT["post"]
    if post is None:
        return
    now = time.monotonic()
    if now - _BEAT["last"] >= BEAT_SECONDS:
        _BEAT["last"] = now
        post()


def _audited(event: str, args: tuple[Any, ...]) -> None:
    if event in ("import", "open", "exec", "compile"):
        beat()


#: The engine's steps that beat: each action applied and each random draw (a new generator, a
#: shuffle, a card, a die, a coin), which every game, replay and simulation makes often, and
#: each card read into a card database (the full card data takes seconds on a phone).
_STEPS: tuple[tuple[type, tuple[str, ...]], ...] = (
    (Game, ("apply",)), (Rng, ("__init__", "shuffle", "choice", "die", "coin", "sample")),
    (CardDB, ("_add_row",)))


def _beating(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def step(*args: Any, **kwargs: Any) -> Any:
        beat()
        return function(*args, **kwargs)
    return step


def listen(token: str) -> str:
    """Beat from now on (see above): each beat is ``token``, posted to the page from the
    worker (its own message, which PyScript's messages pass by); once Python is up, this is the
    page's first message to it."""
    import js

    beat_text = str(token)
    _BEAT["post"] = lambda: js.postMessage(beat_text)
    if not _BEAT["watching"]:
        _BEAT["watching"] = True
        for owner, names in _STEPS:
            for name in names:
                setattr(owner, name, _beating(getattr(owner, name)))
        sys.addaudithook(_audited)
    return "listening"


def serve() -> None:
    """Hand :func:`start`, :func:`handle` and :func:`listen` to the page (PyScript's worker
    ``sync``)."""
    from polyscript import xworker

    xworker.sync.start = start
    xworker.sync.handle = handle
    xworker.sync.qr = qr_rows
    xworker.sync.listen = listen
