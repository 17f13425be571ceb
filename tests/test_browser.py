"""The worker side of the play pages' adapter (pyengine.browser), run in CPython with a stand-in
for PyScript's ``polyscript.xworker``: ``serve`` hands ``start`` and ``handle`` to the page,
which calls them with JSON text and gets JSON text back (the page's side,
docs/assets/widget-host.js, is tested in tests/browser/test_widget_host_browser.py).

The rules the runners serve are their formats' own: sw-3-4 (the Swarm runner's saves and links),
hs-2-9 (the Horde runner's)."""

from __future__ import annotations

import gc
import hashlib
import json
import linecache
import sys
import traceback
import types
import zipfile

import pytest

from pyengine import browser


@pytest.fixture()
def sync(monkeypatch):
    """PyScript's ``xworker.sync`` as a plain namespace, with ``serve`` run on it."""
    namespace = types.SimpleNamespace()
    polyscript = types.ModuleType("polyscript")
    polyscript.xworker = types.SimpleNamespace(sync=namespace)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "polyscript", polyscript)
    monkeypatch.setattr(browser, "_HOSTS", {})
    browser.serve()
    return namespace


def page(slots=None, url_hash="", save_data=False) -> str:
    return json.dumps({"page_url": "http://127.0.0.1:8000/play/swarm.html",
                       "url_hash": url_hash, "save_data": save_data, "slots": slots or {}})


def test_serve_hands_start_and_handle_to_the_page(sync):
    assert sync.start is browser.start and sync.handle is browser.handle
    assert sync.listen is browser.listen


def test_python_beats_while_it_makes_progress_and_only_then(sync, monkeypatch):
    """hs-2-9 (issue 40, point 3): once the page has asked for beats, Python posts the page's
    token to it whenever the engine makes progress (actions applied, random draws: a new
    game), at most every BEAT_SECONDS, and never while it only spins (a stuck loop or
    pattern), which is how the page tells a long computation from a hang."""
    posted: list[str] = []
    js = types.ModuleType("js")
    js.postMessage = posted.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(browser._BEAT, "post", None)
    monkeypatch.setattr(browser, "BEAT_SECONDS", 0.0)
    assert sync.listen("coop-magic-beat:abc") == "listening"
    # Garbage collected during the spin could run another test's finalizer (a temporary
    # folder removed: files opened) on this thread: collected before, and held off meanwhile.
    gc.collect()
    gc.disable()
    try:
        posted.clear()
        spun = 0
        for _ in range(200_000):  # no engine progress
            spun += 1
        assert posted == []
    finally:
        gc.enable()
    sync.start("horde", page())
    sync.handle("horde", "new", json.dumps({"seed": "amber-otter-17", "_view": "0"}))
    sync.handle("horde", "survivor-end", json.dumps({"_view": "1"}))
    assert len(posted) > 3 and set(posted) == {"coop-magic-beat:abc"}
    monkeypatch.setattr(browser, "BEAT_SECONDS", 3600.0)
    posted.clear()
    sync.handle("horde", "survivor-end", json.dumps({"_view": "2"}))
    assert posted == []  # at most one beat per BEAT_SECONDS


def test_every_step_that_beats_is_the_engines():
    """Issue 40, point 3: each engine step the heartbeat wraps exists under its name (a
    renamed one would stop the beats it gave)."""
    for owner, names in browser._STEPS:
        for name in names:
            assert callable(getattr(owner, name)), f"{owner.__name__}.{name}"


def test_a_game_over_json_and_a_reload_from_its_writes(sync):
    """sw-3-4: a Swarm game played through the worker's two calls (text in, text out); the
    slots the page wrote from the answers start the same game again after a reload."""
    first = json.loads(sync.start("swarm", page()))
    assert first["view"]["error"] == "" and first["writes"] == {}
    stored: dict[str, str] = {}
    form = {"mode": "hive", "survivors": "2", "deck": "sample", "seed": "amber-otter-17"}
    for action, fields in [("new", form), ("turn", {})]:
        answer = json.loads(sync.handle("swarm", action, json.dumps(fields)))
        assert answer["view"]["error"] == ""
        stored.update({k: v for k, v in answer["writes"].items() if v})
    actions = json.loads(stored["game"])["game"]["actions"]
    assert [a["type"] for a in actions] == ["turn"]

    browser._HOSTS.clear()
    again = json.loads(sync.start("swarm", page(stored)))
    assert again["view"]["error"] == ""
    assert browser._HOSTS["swarm"].widget.game.actions == actions


def test_the_page_says_what_the_env_holds(sync):
    """The worker's env carries the page's address, its fragment (a share link) and its wish
    to save data; the shipped decks are read from the unpacked engine zip."""
    sync.start("horde", page(url_hash="h=abc", save_data=True))
    env = browser._HOSTS["horde"].env
    assert env.url_hash == "h=abc" and env.save_data is True
    assert env.page_url.endswith("/play/swarm.html")
    assert env.decks and env.read_deck(env.decks[0]["id"])
    assert 0 <= env.entropy() < 2 ** 32


def test_slots_that_are_not_text_are_ignored(sync):
    """hs-2-9: whatever the page sends as slots, the widget starts."""
    answer = json.loads(sync.start("horde", json.dumps({"slots": ["not", "a", "dict"]})))
    assert answer["view"]["error"] == ""
    answer = json.loads(sync.start("horde", page({"game": 7})))  # type: ignore[dict-item]
    assert answer["view"]["error"] == ""


def test_a_live_table_code_is_drawn_as_a_qr_code(sync):
    """hs-2-9 (issue 44, point 1): the live table's join and answer codes are drawn as QR codes
    by the engine's own encoder (level L), and a text too long for one phone-size code draws
    nothing rather than a code no camera reads."""
    from pyengine import qr

    assert sync.qr is browser.qr_rows
    code = "J" + "x" * 300
    rows = json.loads(sync.qr(code))
    assert rows == qr.encode(code, "L", max_version=25).rows()
    assert set("".join(rows)) == {"#", "."}
    assert json.loads(sync.qr("J" + "x" * 1999)) == []


# -- a start from a memory snapshot: the engine zip unpacked without what memory holds --------

HELD_SOURCE = "def turn():\n    raise ValueError('held module failed')\n"


@pytest.fixture()
def engine_zip(tmp_path):
    """A small engine zip: a module the snapshot imported (source and bytecode), one it did not,
    and a deck."""
    archive = tmp_path / "pyengine.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("pkg/held.py", HELD_SOURCE)
        zipped.writestr("pkg/__pycache__/held.cpython-314.pyc", b"bytecode")
        zipped.writestr("pkg/later.py", "LATER = 1\n")
        zipped.writestr("pkg/__pycache__/later.cpython-314.pyc", b"bytecode")
        zipped.writestr("decks/index.json", "[]")
    return archive


@pytest.fixture()
def restored(engine_zip, tmp_path, monkeypatch):
    """The worker after a restore: the snapshot records this zip's hash, and ``pkg.held`` was
    imported when it was made (from where the zip is unpacked); linecache as Python starts."""
    where = tmp_path / "home"
    held_path = str(where / "pkg" / "held.py")
    module = types.ModuleType("pkg.held")
    module.__file__ = held_path
    module.__cached__ = str(where / "pkg" / "__pycache__" / "held.cpython-314.pyc")
    exec(compile(HELD_SOURCE, held_path, "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, "pkg.held", module)
    monkeypatch.setattr(linecache, "cache", {})
    monkeypatch.setattr(browser, "SNAPSHOT_ENGINE",
                        hashlib.sha256(engine_zip.read_bytes()).hexdigest())
    return where, module


def written(where) -> set[str]:
    return {str(p.relative_to(where)) for p in where.rglob("*") if p.is_file()}


def test_a_restored_start_leaves_out_the_files_the_snapshot_holds(engine_zip, restored):
    """Issue 43, point 1: on a start from the snapshot, the engine zip is unpacked without the
    source and bytecode of the modules imported when the snapshot was made; a module imported
    later, its bytecode and the decks are written as a whole unpack writes them."""
    where, _ = restored
    assert browser.unpack_held(str(engine_zip), str(where)) == "3 2"
    assert written(where) == {"pkg/later.py", "pkg/__pycache__/later.cpython-314.pyc",
                              "decks/index.json"}


def test_a_held_modules_source_still_shows_in_a_traceback(engine_zip, restored):
    """Issue 43, point 1: a source left out is still read where Python reads sources: a
    traceback through the held module shows its line, read from the kept zip."""
    where, module = restored
    browser.unpack_held(str(engine_zip), str(where))
    assert not (where / "pkg" / "held.py").exists()
    try:
        module.turn()
    except ValueError:
        text = traceback.format_exc()
    assert "raise ValueError('held module failed')" in text


def test_another_zip_than_the_snapshots_is_unpacked_whole(engine_zip, restored, monkeypatch):
    """Issue 43, point 1: only the zip the snapshot was made from (its SHA-256, recorded in the
    snapshot) is unpacked without the held files; any other, and every zip on a normal start
    (nothing recorded), is unpacked whole."""
    where, _ = restored
    for recorded, folder in (("0" * 64, "other"), ("", "normal")):
        monkeypatch.setattr(browser, "SNAPSHOT_ENGINE", recorded)
        assert browser.unpack_held(str(engine_zip), str(where / folder)) == "5 0"
        assert len(written(where / folder)) == 5
    monkeypatch.setattr(browser, "SNAPSHOT_ENGINE", "0" * 64)
    assert browser.unpack_held(str(engine_zip), str(where)) == "5 0"
    assert (where / "pkg" / "held.py").read_text() == HELD_SOURCE
