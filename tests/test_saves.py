"""Nothing stored, shared or imported can lose a game or keep a page from starting
(pyengine.widgets.saves, pyengine.safejson, the widgets' start/share/import code).

The rules these pages serve are the formats' own (hs-2-9 for the Horde runner's saves and
links, sw-3-4 for the Swarm runner's, tc-2-2 for the Team table, tc-1-1 for the deck check).
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import files, game, safejson
from pyengine.game import NewerSaveError, SaveError, load_game
from pyengine.widgets import Env, View, check, horde, runner, saves, shuffler, swarm, team
from pyengine.widgets.host import SlotStorage
from pyengine.widgets.saves import ASIDE, MAIN, PREVIOUS, MemoryStorage, Session, prepare

SAVES = Path(__file__).resolve().parent / "data" / "saves"
SEED = "amber-otter-17"
PAGE = "http://127.0.0.1:8000/coop-magic/play/horde/"
MODULES = {"horde": horde, "swarm": swarm, "team": team, "check": check, "shuffler": shuffler}
RUNNERS = {"horde": horde, "swarm": swarm}
TEAM_FORM = {"count": "4", "name1": "Alice", "name2": "Bob", "name3": "Cara", "name4": "Dan",
             "name5": "", "name6": "", "rotate": "", "fixed": "", "seed": SEED,
             "hand-player": "", "hand-deck": "paste", "hand-paste": "", "hand-bottom": ""}
#: One action per page that plays something new.
PLAY = {
    "horde": ("new", {"seed": SEED}),
    "swarm": ("new", {"mode": "hive", "survivors": "2", "deck": "sample", "seed": SEED}),
    "team": ("roll", TEAM_FORM),
    "check": ("check", {"format": "horde", "paste": "39 Island\n"}),
    "shuffler": ("shuffle", {"deck": "paste", "paste": "4 Island\n3 Forest", "seed": SEED,
                             "draw": "7"}),
}
#: Words of Python's own error texts that must never reach a player.
PYTHON_WORDS = ("Error", "Traceback", "line 1 column", "char ", "object has no attribute",
                "NoneType", "not subscriptable", "invalid literal", "unexpected keyword",
                "positional argument", "Expecting", "Incorrect padding", "decompressing")


def page_env(url_hash: str = "") -> Env:
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}
    root = files.data_root()
    return Env(decks=index,
               read_deck=lambda deck_id: (root / paths[deck_id]).read_text(encoding="utf-8"),
               entropy=lambda: 12345, url_hash=url_hash,
               read_data=lambda path: (root / path).read_text(encoding="utf-8"),
               page_url=PAGE)


def session(name: str, slots: dict[str, str] | None = None, url_hash: str = "") -> Session:
    return Session(name, MODULES[name], page_env(url_hash), MemoryStorage(slots))


def plain(text: str) -> bool:
    return not any(word in text for word in PYTHON_WORDS)


def play_once(s: Session, name: str) -> View:
    """The page's PLAY action; the check page's card data is answered as the site serves it."""
    action, form = PLAY[name]
    view = s.handle(action, dict(form))
    for fetch in list(view.fetches):
        body = gzip.decompress((files.data_root() / "card-facts.tsv.gz").read_bytes())
        view = s.handle(fetch.action, {**form, "_status": "200", "_body": body.decode("utf-8"),
                                       "_tag": fetch.tag})
    return view


def played(name: str) -> Session:
    s = session(name)
    s.start()
    view = play_once(s, name)
    assert view.error == "", view.error
    return s


def stored(name: str) -> str:
    return (SAVES / name).read_text(encoding="utf-8").strip()


def deep(n: int) -> str:
    return "[" * n + "]" * n


# -- the corpus every page must start from -----------------------------------------------------
CORPUS = [
    '{"v": 1, "form": {"se',                      # cut short
    "not json at all",                            # not JSON
    "null", "[]", "[1, 2, 3]", "42", "-1e999", '"a string"', "true",
    '{"v": 1}\x00\x00',                           # NUL bytes
    deep(100_000),                                # nested 100,000 deep
    '{"v": 1, "x": ' + deep(5_000) + "}",
    '{"v": 99999999999999999999999999999999}',
    '{"v": "1"}', '{"v": null}', '{"v": 1.5}', '{"v": true}',     # wrong types
    '{"v": 1, "form": [1, 2], "game": 7, "origin": "x", "ui": [], "setup": 3}',
    '{"v": 1, "game": {"schema": 1, "variant": "horde", "seed": 5}}',
    '{"v": 1, "game": "{\\"schema\\": 1, \\"variant\\": \\"swarm\\"}"}',
    '{"v": 1, "state": {"v": 1}, "form": {"paste": 12}, "cache": [], "not_found": 3}',
    '{"state": {"v": 1, "draw": [1], "tracker": 5, "hands": []}}',
    '{"state": {"v": 1, "count": 99999999999999999999999, "names": 5}}',
    '{"v": 1, "seed": "' + "9" * 5000 + '"}',
    '{"v": 1, "game": {"schema": 1, "variant": "demo", "seed": "s", "config": {},'
    ' "actions": [{"type": "hit", "amount": 1e308}]}}',
]


#: The first BROKEN texts of CORPUS are broken for every page; the others only for some.
BROKEN = 14


def tampered(name: str) -> list[str]:
    """A real save of the page with its recorded state or a field changed by hand."""
    text = played(name).storage.get(MAIN)
    assert text
    data = json.loads(text)
    out = []
    if name == "horde":  # the game is an object in every runner's save (schema 2)
        inner = json.loads(json.dumps(data["game"]))
        inner["state"]["life"] = 999
        out.append(json.dumps(dict(data, game=inner)))
        inner["actions"] = [{"type": "hit", "amount": 10**12}]
        out.append(json.dumps(dict(data, game=inner)))
    elif name == "swarm":
        data["game"]["state"]["zones"] = {}
        out.append(json.dumps(data))
    elif name == "team":
        data["state"]["draw"] = {"teams": "x"}
        out.append(json.dumps(data))
    out.append(json.dumps(data)[:-7])
    return out


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_page_starts_from_any_stored_text_and_keeps_it_aside(name):
    """hs-2-9, sw-3-4, tc-2-2, tc-1-1: whatever storage holds, the page starts with a plain
    message, the bad save is kept aside (never overwritten by a new game) and a new game
    plays."""
    broken = CORPUS[:BROKEN] + tampered(name)
    for bad in CORPUS + tampered(name):
        s = session(name, {MAIN: bad})
        view = s.start()
        if s.storage.get("aside") is None:  # read: an odd but harmless save (see below)
            assert bad not in broken and view.error == "", (bad[:60], view.error)
            continue
        assert view.error and plain(view.error), (bad[:60], view.error)
        assert "kept aside" in view.error
        assert s.storage.get("aside") == bad and s.storage.get(MAIN) != bad
        assert view.hidden["saves"] is False and "kept aside" in view.text["saves-text"]
        played_view = play_once(s, name)
        assert played_view.error == "", played_view.error
        assert s.storage.get("aside") == bad  # a new game does not touch the kept save
        assert s.storage.get(MAIN)
        assert played_view.hidden["saves"] is False


def test_only_harmless_odd_saves_are_read():
    """tc-1-1: a page reads an odd save only when it is an object of its own version."""
    for name in MODULES:
        for bad in CORPUS[BROKEN:]:
            s = session(name, {MAIN: bad})
            view = s.start()
            if s.storage.get("aside") is None:
                data = json.loads(bad)
                assert isinstance(data, dict) and view.error == "", (name, bad)


def test_discard_download_and_try_again():
    """hs-2-9: the kept save can be downloaded as it was, tried again, discarded."""
    s = session("horde", {MAIN: "{broken"})
    s.start()
    view = s.handle("saves-download", {})
    assert view.download == ("horde-kept-save.json", "{broken")
    view = s.handle("saves-retry", {})
    assert "cannot be read" in view.text["saves-note"] and s.storage.get("aside") == "{broken"
    view = s.handle("saves-discard", {})
    assert s.storage.get("aside") is None and view.hidden["saves"] is True
    assert "discarded" in view.text["saves-note"]


def test_a_second_bad_save_never_overwrites_the_first():
    """hs-2-9: a kept save stays until discarded, even when another bad one comes."""
    storage = MemoryStorage({MAIN: "{first"})
    Session("swarm", swarm, page_env(), storage).start()
    storage.set(MAIN, "{second")
    Session("swarm", swarm, page_env(), storage).start()
    assert storage.get(ASIDE[0]) == "{first" and storage.get(ASIDE[1]) == "{second"


def test_storage_that_refuses_still_starts():
    """tc-2-2: a browser that refuses storage (private mode) still gets a working page."""
    class Refusing:
        def get(self, slot):
            raise RuntimeError("denied")

        def set(self, slot, value):
            raise RuntimeError("denied")

    s = Session("team", team, page_env(), Refusing())
    assert s.start().error == ""
    assert s.handle("roll", dict(TEAM_FORM)).error == ""


# -- versions ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_save_from_a_newer_version_is_kept_with_an_update_offer(name):
    """hs-2-9: a save from a newer version of the site is kept and the page offers the
    update (reload)."""
    newer = json.dumps({"state": {"v": 99}} if name == "team" else {"v": 99})
    s = session(name, {MAIN: newer})
    view = s.start()
    assert "newer" in view.error and "reload" in view.error
    assert s.storage.get("aside") == newer and view.hidden["saves-reload"] is False


def test_a_game_from_a_newer_schema_inside_a_page_save_is_kept_as_newer():
    """hs-2-9: a page save holding a game of a newer schema counts as newer too."""
    data = json.loads(stored("swarm-v1.json"))
    data["game"]["schema"] = game.SCHEMA_VERSION + 1
    s = session("swarm", {MAIN: json.dumps(data)})
    view = s.start()
    assert "newer version" in view.error and s.storage.get("aside")
    with pytest.raises(NewerSaveError):
        load_game(data["game"])


@pytest.mark.parametrize("name, stored_name", [
    ("horde", "horde-v1.json"), ("horde", "limited-horde-v1.json"), ("swarm", "swarm-v1.json"),
    ("team", "team-v1.json"), ("check", "check-v1.json"), ("shuffler", "shuffler-v0.json"),
    ("horde", "horde-v2-own-deck-before-checks.json"),
])
def test_stored_saves_of_every_version_still_restore(name, stored_name):
    """hs-2-9: every save format the site ever wrote (tests/data/saves/) restores."""
    text = stored(stored_name)
    s = session(name, {MAIN: text})
    view = s.start()
    assert view.error == "" and s.storage.get("aside") is None
    if name in RUNNERS:
        assert s.widget.game is not None and view.url_hash


def test_shuffler_settings_from_before_versions_are_migrated():
    """Migration v0 -> v1 of the shuffler's settings, from a save the old page wrote."""
    text = stored("shuffler-v0.json")
    upgraded, problem = prepare("shuffler", shuffler, text)
    assert problem is None and json.loads(upgraded) == {
        "deck": "paste", "draw": "9", "paste": "4 Island\n3 Forest", "seed": "broken-adder-00",
        "v": 1}
    s = session("shuffler", {MAIN: text})
    view = s.start()
    assert view.values["paste"] == "4 Island\n3 Forest" and view.values["draw"] == "9"
    assert view.values["seed"] == "broken-adder-00"
    s.handle("new-seed", {"deck": "paste", "seed": "", "paste": "1 Island", "draw": "7"})
    assert json.loads(s.storage.get(MAIN))["v"] == shuffler.STATE_VERSION


def test_the_game_schema_migration_runs_each_step(monkeypatch):
    """Game saves: each MIGRATIONS step runs in order up to SCHEMA_VERSION (schema 1 is the
    only one the site has written, so the step here is a test's own: a schema-1 save read as
    if the site were at schema 2, its step renaming a key the way a real one would)."""
    export = json.loads(stored("horde-export-schema1.json"))
    seen = []

    def step(data):
        seen.append(data["schema"])
        return dict(data, seed=data.pop("old_seed"))

    monkeypatch.setattr(game, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(game, "MIGRATIONS", {1: step})
    old = dict(export, old_seed=export.pop("seed"))
    migrated = game.migrate(old)
    assert seen == [1] and migrated["schema"] == 2 and migrated["seed"] == SEED
    with pytest.raises(SaveError, match="too old"):
        game.migrate(dict(export, schema=0))
    with pytest.raises(NewerSaveError):
        game.migrate(dict(export, schema=3))


@pytest.mark.parametrize("export", ["horde-export-schema1.json", "swarm-export-schema1.json",
                                    "horde-export-with-table-log.json"])
def test_stored_exports_import(export):
    """hs-2-9, sw-3-4: a file exported by an older version imports into this one, and so
    does one that carries the page's table log beside the game (issue 41: the engine reads
    past it; the page's table-log.js reads it)."""
    text = stored(export)
    name = "horde" if export.startswith("horde") else "swarm"
    s = session(name)
    s.start()
    view = s.handle("import", {"_file": text})
    assert view.error == "" and s.widget.game.to_json() == load_game(text).to_json()


# -- import and export -------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(RUNNERS))
@pytest.mark.parametrize("bad", ["", "   ", "<html>", "null", "[]", "7", deep(100_000),
                                 '{"schema": 1}', '{"schema": 99, "variant": "horde"}',
                                 "\x00\x00", '{"schema": 1, "variant": "horde", "seed": "s",'
                                 ' "config": {}, "actions": []}'])
def test_a_bad_import_gets_a_plain_message_and_changes_nothing(name, bad):
    """hs-2-9, sw-3-4: a file that is not a good save changes nothing, in plain words."""
    s = played(name)
    before_game, before_saved = s.widget.game.to_json(), s.storage.get(MAIN)
    view = s.handle("import", {"_file": bad})
    assert view.error and plain(view.error), view.error
    assert s.widget.game.to_json() == before_game and s.storage.get(MAIN) == before_saved


@pytest.mark.parametrize("name, actions", [
    ("horde", [("survivor-end", {}), ("hit", {"amount": "3"}), ("survivor-end", {})]),
    ("swarm", [("turn", {}), ("swarm-step", {}), ("damage", {"amount": "2"})]),
])
def test_an_export_always_imports(name, actions):
    """hs-2-9, sw-3-4: what export writes imports into the same version, replaying to the
    same game, and its share link opens it too."""
    s = played(name)
    for action, form in actions:
        s.handle(action, dict(form))
    view = s.handle("export", {})
    _, text = view.download
    other = session(name)
    other.start()
    assert other.handle("import", {"_file": text}).error == ""
    assert other.widget.game.to_json() == s.widget.game.to_json()
    assert load_game(json.loads(text)).to_json() == s.widget.game.to_json()


# -- share links -------------------------------------------------------------------------------
def link_of(name: str, actions: int = 1) -> tuple[Session, str]:
    s = played(name)
    step = ("survivor-end", {}) if name == "horde" else ("damage", {"amount": "1"})
    view = None
    for _ in range(actions):
        view = s.handle(*step)
    assert view is not None and view.url_hash
    return s, view.url_hash


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_a_link_over_a_different_saved_game_asks_first(name):
    """hs-2-9, sw-3-4: a link to a different game asks "Open the shared game / Keep mine";
    the one not opened stays restorable as the previous game."""
    mine = played(name)
    saved = mine.storage.get(MAIN)
    _, link = link_of(name, 2)
    s = Session(name, MODULES[name], page_env(link), MemoryStorage({MAIN: saved}))
    view = s.start()
    assert view.hidden["shared-ask"] is False and "different game" in view.text["shared-ask-text"]
    assert view.error == "" and s.storage.get(MAIN) == saved
    assert s.widget.game.to_json() == mine.widget.game.to_json()
    # opening it keeps mine as the previous game
    view = s.handle("shared-open", {})
    assert len(s.widget.game.actions) == 2 and view.error == ""
    assert view.text["saves-note"].startswith("Opened") and view.hidden["saves-note"] is False
    assert s.storage.get(PREVIOUS) == saved and view.hidden["previous"] is False
    if name == "swarm":  # the page with a share field
        assert view.values["share"] == PAGE + "#" + view.url_hash
    # and going back swaps them
    view = s.handle("previous-restore", {})
    assert s.widget.game.to_json() == mine.widget.game.to_json()
    assert json.loads(s.storage.get(PREVIOUS)) and s.storage.get(MAIN) == saved
    assert view.url_hash and (name == "horde" or view.values["share"] == PAGE + "#" + view.url_hash)


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_keep_mine_keeps_the_shared_game_as_the_previous_one(name):
    """hs-2-9, sw-3-4: "Keep mine" changes nothing of mine; the shared game stays restorable."""
    mine = played(name)
    saved = mine.storage.get(MAIN)
    _, link = link_of(name, 2)
    s = Session(name, MODULES[name], page_env(link), MemoryStorage({MAIN: saved}))
    s.start()
    view = s.handle("shared-keep", {})
    assert s.storage.get(MAIN) == saved and view.url_hash == mine.widget.share_hash()
    assert view.hidden["shared-ask"] is True and view.hidden["previous"] is False
    s.handle("previous-restore", {})
    assert len(s.widget.game.actions) == 2


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_a_link_to_the_same_game_or_onto_no_game_just_opens(name):
    """hs-2-9, sw-3-4: the page's own link (a reload) asks nothing; with no game saved, the
    shared one opens with a note (not an error) and the share field holds the whole link."""
    s, link = link_of(name)
    again = Session(name, MODULES[name], page_env(link), s.storage)
    view = again.start()
    assert view.hidden["shared-ask"] is True and view.error == "" and not view.text["saves-note"]
    fresh = session(name, url_hash=link)
    view = fresh.start()
    assert view.error == "" and view.text["saves-note"].startswith("Opened")
    assert view.hidden["saves-note"] is False
    assert view.url_hash == link and fresh.storage.get(MAIN)
    if name == "swarm":  # the page with a share field
        assert view.values["share"] == PAGE + "#" + link


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_a_bad_link_changes_nothing_and_says_so_plainly(name):
    """hs-2-9, sw-3-4: a damaged link is a plain message; the saved game stays."""
    mine = played(name)
    saved = mine.storage.get(MAIN)
    prefix = MODULES[name].HASH_PREFIX
    for link in (prefix + "%%%", prefix + "A" * 41, prefix + "eJzLSM3JyQcABiwCFQ",
                 runner.encode_share(prefix, {"v": 1, "seed": 3, "a": [1] * 5000})):
        s = Session(name, MODULES[name], page_env(link), MemoryStorage({MAIN: saved}))
        view = s.start()
        assert "share link" in view.error and plain(view.error), view.error
        assert s.storage.get(MAIN) == saved and view.url_hash == mine.widget.share_hash()


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_share_links_are_bounded(name):
    """hs-2-9, sw-3-4: a link inflating past the limit, or carrying more actions than a link
    opens, is refused with a clear message, without inflating it all."""
    module = MODULES[name]
    prefix = module.HASH_PREFIX
    bomb = prefix + __import__("base64").urlsafe_b64encode(
        zlib.compress(b'{"a":"' + b"x" * 50_000_000 + b'"}', 9)).decode().rstrip("=")
    with pytest.raises(ValueError, match="more than this page opens"):
        module.decode_share(bomb)
    many = runner.encode_share(prefix, {"v": 1, "seed": "s", "a": [{"type": "x"}] * 3001})
    with pytest.raises(ValueError, match="3,001 actions; a link opens at most 3,000"):
        module.decode_share(many)
    assert len(many) < 300  # a short link can carry thousands of actions: the count matters
    with pytest.raises(ValueError, match="more than this page opens"):
        module.decode_share(prefix + "A" * (runner.MAX_SHARE_CHARS + 1))


# -- properties: arbitrary JSON everywhere ----------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["v", "game", "form", "state", "ui", "setup", "origin",
                                       "schema", "variant", "seed", "config", "actions", "a",
                                       "s", "c", "d", "m", "n", "cache", "undo", "tracker",
                                       "hands", "draw", "names", "count"]) | st.text(max_size=5),
                      children, max_size=6),
    max_leaves=25)


def with_version(value, name):
    """Half of the examples look like the page's own version, to get past the first check."""
    if isinstance(value, dict):
        if name == "team":
            state = value.get("state")
            value["state"] = dict(state if isinstance(state, dict) else {}, v=1)
        else:
            value["v"] = 1
    return value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(MODULES)), value=JSON, versioned=st.booleans())
def test_property_any_json_in_storage_starts_the_page(name, value, versioned):
    """hs-2-9, tc-2-2: for any JSON in storage, start(saved) raises only the handled errors
    and the session always starts a page with plain words."""
    text = json.dumps(with_version(value, name) if versioned else value)
    widget = MODULES[name].Widget(page_env())
    try:
        widget.start(text)
    except (ValueError, game.GameError):
        pass
    s = session(name, {MAIN: text})
    view = s.start()
    assert plain(view.error), view.error
    assert s.storage.get("aside") == text or "kept aside" not in view.error


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RUNNERS)), value=JSON, raw=st.text(max_size=40))
def test_property_any_share_link_is_handled(name, value, raw):
    """hs-2-9, sw-3-4: any link (any JSON packed, or any text) is opened or refused in plain
    words; decoding raises only ValueError."""
    module = MODULES[name]
    for link in (runner.encode_share(module.HASH_PREFIX, value), module.HASH_PREFIX + raw):
        try:
            module.decode_share(link)
        except ValueError as error:
            assert plain(str(error))
        s = session(name, url_hash=link)
        view = s.start()
        assert plain(view.error), view.error


# -- the JSON reader ---------------------------------------------------------------------------
def test_safejson_refuses_in_plain_words():
    """hs-2-9: deep, NUL, empty, cut short and huge numbers are refused in plain words."""
    for bad, words in ((deep(100_000), "nested"), ('"a\x00"', "NUL"), ("  ", "empty"),
                       ('{"a": [1, 2', "cut short"), ("1" * 5000, "cut short")):
        with pytest.raises(safejson.BadJSON, match=words):
            safejson.loads(bad)
    inside = '{"a": "' + "[" * 100 + '"}'  # brackets inside a string do not count
    assert safejson.loads(inside) == {"a": "[" * 100}
    assert safejson.nesting_depth('[{"x": "]]]"}, [[]]]') == 3
    assert safejson.deep([[[[]]]], 3) and not safejson.deep([[[]]], 3)


# -- the command line --------------------------------------------------------------------------
@pytest.mark.parametrize("text", [deep(100_000), "{not json", '{"a": 1}\x00', "null"])
def test_the_command_line_refuses_bad_files_in_plain_words(tmp_path, capsys, text):
    """hs-2-9, tc-2-2: a bad save or history file on the command line gets exit code 2 and a
    plain message, never a traceback or Python's error text."""
    from pyengine.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    for argv in (["horde", "show", str(bad)], ["swarm", "show", str(bad)],
                 ["team", "roll", "Ann", "Bo", "Cy", "Di", "--history", str(bad),
                  "--seed", SEED],
                 ["horde", "act", _horde_file(tmp_path), text]):
        code = main(argv)
        out, err = capsys.readouterr()
        if argv[:2] == ["team", "roll"] and text == "null":
            continue  # an empty history ("null") is a valid file
        assert code in (1, 2), (argv, out, err)  # 2: unreadable, 1: refused
        assert err and plain(err) and "Traceback" not in err, err


def _horde_file(tmp_path) -> str:
    path = tmp_path / "game.json"
    path.write_text(stored("horde-export-schema1.json"), encoding="utf-8")
    return str(path)


def test_a_schema_1_game_the_corrected_rules_refuse_is_upgraded_not_lost():
    """sw-13-13: a Hive Mind game saved before the graveyard blocker was moved to the
    Survivors' attack (it used one in The Swarm's own combat) still restores: the action the
    corrected rule refuses is left out, every other action is kept, and the page says so."""
    text = stored("swarm-v1-blocker-in-swarm-combat.json")
    old = json.loads(text)["game"]
    assert old["schema"] == 1 and {"type": "graveyard-blocker"} in old["actions"]
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 1
    assert upgraded.actions == [a for a in old["actions"] if a["type"] != "graveyard-blocker"]
    s = session("swarm", {MAIN: text})
    view = s.start()
    assert view.error == "" and s.storage.get("aside") is None
    note = view.text["saves-note"]
    assert "rules correction" in note and "1 of its action(s)" in note
    saved = json.loads(s.storage.get(MAIN))["game"]
    assert saved["schema"] == game.SCHEMA_VERSION and "upgrade_dropped" not in saved
    assert load_game(saved).upgrade_dropped == 0


def test_an_old_share_link_the_corrected_rules_refuse_still_opens():
    """sw-13-13: a share link made before links named their game schema holds a schema 1 game;
    one with a graveyard blocker in The Swarm's own combat opens with that action left out, and
    the page says how many were; a link made today names its schema and replays unchanged."""
    old = json.loads(stored("swarm-v1-blocker-in-swarm-combat.json"))["game"]
    link = swarm.encode_share({"v": runner.SHARE_VERSION, "seed": old["seed"],
                                     "a": old["actions"], "c": old["config"]})
    s = session("swarm", url_hash=link)
    view = s.start()
    assert view.error == ""
    opened = s.widget.game
    assert opened.upgrade_dropped == 1
    assert opened.actions == [a for a in old["actions"] if a["type"] != "graveyard-blocker"]
    note = view.text["saves-note"]
    assert "Opened a shared game" in note and "1 of its action(s)" in note
    again = swarm.decode_share(s.widget.share_hash())
    assert again[runner.SHARE_SCHEMA] == game.SCHEMA_VERSION
    # the same actions in a link that names today's schema: the refused action is refused
    today = swarm.encode_share({"v": runner.SHARE_VERSION, "seed": old["seed"],
                                      "a": old["actions"], "c": old["config"],
                                      runner.SHARE_SCHEMA: game.SCHEMA_VERSION})
    view = session("swarm", url_hash=today).start()
    assert "could not be opened" in view.error and "sw-13-13" in view.error
    newer = swarm.encode_share({"v": runner.SHARE_VERSION, "seed": old["seed"],
                                      "a": [], "c": old["config"],
                                      runner.SHARE_SCHEMA: game.SCHEMA_VERSION + 1})
    view = session("swarm", url_hash=newer).start()
    assert "newer version" in view.error


def test_a_schema_1_game_that_still_replays_is_unchanged():
    """Every stored schema 1 game that replays to its recorded state under today's rules is
    upgraded without any change to its actions."""
    for name in ("swarm-v1.json", "horde-v1.json", "limited-horde-v1.json"):
        old = json.loads(stored(name))["game"]
        old = json.loads(old) if isinstance(old, str) else old
        migrated = game.migrate(dict(old))
        assert migrated["actions"] == old["actions"] and "upgrade_dropped" not in migrated
        assert load_game(old).upgrade_dropped == 0


def test_a_schema_1_save_with_an_action_no_version_wrote_is_refused_not_upgraded():
    """The schema 1 upgrade leaves out only actions the corrected rules refuse: an action of a
    kind the game does not have is damage, and the save is refused in plain words."""
    old = json.loads(stored("swarm-v1-blocker-in-swarm-combat.json"))["game"]
    damaged = dict(old, actions=[*old["actions"], {"type": "boom"}])
    damaged.pop("state")
    with pytest.raises(SaveError, match="does not replay"):
        load_game(damaged)


def test_a_schema_2_game_with_a_two_faced_card_is_replayed_by_its_front_face():
    """hs-2-7: a SlingLab game saved at schema 2, when the Horde engines read a card's kind
    from the words before the type line's first dash, had "Heirloom Mirror // Inherited Fiend"
    (an artifact, its creature face on the back) enter and attack as a creature. At schema 3
    it is read by its front face: the save still opens, every action kept, the artifact no
    longer among the attackers."""
    old = json.loads(stored("horde-v2-dfc-front-face.json"))
    mirror = "Heirloom Mirror // Inherited Fiend"
    assert old["schema"] == 2 and old["state"] is not None
    migrated = game.migrate(dict(old))
    assert migrated["schema"] == game.SCHEMA_VERSION and "state" not in migrated
    assert migrated["actions"] == old["actions"]
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 0
    on_field = [c for c in upgraded.zones["battlefield"] if c.name == mirror]
    assert on_field and not upgraded.is_creature(on_field[0])
    assert all(c.name != mirror for c in upgraded.creatures())
    attacks = [e.data["attackers"] for e in upgraded.events if e.kind == "attack"]
    # at schema 2 the mirror attacked alone on the first Horde turn, then with 12 Zombies
    assert attacks[0] == [] and all(on_field[0].id not in ids for ids in attacks)
    assert all(len(ids) == 12 for ids in attacks[1:])


def test_a_schema_3_swarm_game_ended_before_combat_gets_its_combat_played():
    """sw-3-5, sw-14-14: a Swarm game saved at schema 3, when the page let The Swarm's turn end
    (or its second main phase begin) before its combat, still opens: each such turn gets its
    combat played first (and the Overlord's Swarm Step where it still waited), every action
    of the save is kept in order, none is left out; under the corrected rules an optional
    cost may then be paid again in the Survivors' turn."""
    import pyengine.swarm  # noqa: F401 - registers the variant

    old = json.loads(stored("swarm-v3-end-before-combat.json"))
    assert old["schema"] == 3 and old["state"] is not None
    migrated = game.migrate(dict(old))
    assert migrated["schema"] == game.SCHEMA_VERSION and "state" not in migrated
    kinds = [a["type"] for a in migrated["actions"]]
    rest = iter(migrated["actions"])
    assert all(any(a == b for b in rest) for a in old["actions"])  # all kept, in order
    added = len(kinds) - len(old["actions"])
    assert added == 4 and kinds.count("combat") == 3  # and the last turn's Swarm Step
    for at, kind in enumerate(kinds):
        if kind in ("end", "second-main") and kinds[at - 1] != "second-main":
            assert kinds[at - 1] == "combat"
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 0 and upgraded.phase == "survivors"
    assert upgraded.swarm_turn == 3 and upgraded.dread_level == 2
    upgraded.apply({"type": "activate"})  # a Survivor's turn: the limit starts again


def test_a_schema_3_limited_horde_game_casts_its_dreadnought_at_the_corrected_moment():
    """lh-11-4, lh-11-26: a Limited Horde game saved at schema 3, when a Spawn made during the
    Horde's combat had Ulamog's Crusher (no flash) cast there and then, still opens with every
    action kept; replayed under the corrected rule, the Crusher waits for the Horde's second
    main phase and is cast when the table ends the Horde's turn."""
    import pyengine.limited_horde  # noqa: F401 - registers the variant

    old = json.loads(stored("limited-horde-v3-dreadnought-in-combat.json"))
    assert old["schema"] == 3 and old["state"] is not None
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 0 and upgraded.actions == old["actions"]
    assert old["actions"][-2:] == [{"n": 1, "name": "Eldrazi Spawn", "type": "create-token"},
                                   {"type": "end-horde-turn"}]
    replay = type(upgraded)(upgraded.config, old["seed"])  # its facts in today's verbs
    for action in old["actions"][:-2]:
        replay.apply(action)
    assert replay.phase == "horde" and len(replay.spawn()) == 7
    in_combat = replay.apply(old["actions"][-2])
    assert len(replay.spawn()) == 8 and "cast" not in [e.kind for e in in_combat]
    ending = [(e.kind, e.cards) for e in replay.apply(old["actions"][-1])]
    assert ("cast", ["Ulamog's Crusher"]) in ending
    assert ending.index(("cast", ["Ulamog's Crusher"])) < [k for k, _ in ending].index(
        "end-horde-turn")
    assert replay.to_json() == upgraded.to_json()
# -- nothing destroyed to make room (issue 28, point 2) -----------------------------------------
def test_any_number_of_unreadable_saves_is_kept_and_none_is_lost():
    """hs-2-9: a sixth, seventh … unreadable save is kept aside like the first (the slots are
    bounded by size, not count); each stays until the player discards it."""
    storage = MemoryStorage()
    bad = [f"{{broken {n}" for n in range(8)]
    for text in bad:
        storage.set(MAIN, text)
        Session("swarm", swarm, page_env(), storage).start()
    kept = sorted(v for k, v in storage.slots.items() if k.startswith("aside")
                  and not k.endswith("-why"))
    assert kept == sorted(bad) and storage.get(MAIN) is None


def test_when_the_kept_slots_are_full_the_unreadable_save_stays_and_nothing_overwrites_it(
        monkeypatch):
    """hs-2-9: with no room to put an unreadable save aside it stays in the main slot; the page
    says the game is not being kept and writes nothing over it; once the player discards a
    kept save the held one moves aside and games are kept again. The oldest is never removed
    on its own."""
    monkeypatch.setattr(saves, "MAX_KEPT_CHARS", 100)
    storage = MemoryStorage({"aside": "{" + "x" * 80, "aside-why": "{}"})
    storage.set(MAIN, "{held unreadable save")
    s = Session("horde", horde, page_env(), storage)
    view = s.start()
    assert storage.get(MAIN) == "{held unreadable save" and "no room" in view.error
    view = s.handle("new", {"seed": SEED})
    assert "not being kept on this device" in view.error and view.save is None
    assert storage.get(MAIN) == "{held unreadable save" and storage.get("aside")
    view = s.handle("saves-discard", {})
    assert storage.get("aside") == "{held unreadable save"  # moved into the room made
    view = s.handle("survivor-end", {})
    assert view.error == "" and json.loads(storage.get(MAIN))["game"]


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_a_second_share_link_never_deletes_the_first_previous_game(name):
    """hs-2-9, sw-3-4: opening two shared games in turn keeps both games they replaced, newest
    first; the player picks which to go back to from the list."""
    mine = played(name).storage.get(MAIN)
    storage = MemoryStorage({MAIN: mine})
    links = [link_of(name, n)[1] for n in (2, 3)]
    for link in links:
        s = Session(name, MODULES[name], page_env(link), storage)
        s.start()
        s.handle("shared-open", {})
    games = [storage.get(slot) for slot in ("previous", "previous-2")]
    assert games[1] == mine and games[0] and games[0] != mine
    view = s.handle("previous-restore", {})  # the newest
    assert view.hidden["previous"] is False and len(view.lists["previous-list"]) == 2
    s.handle("previous-choose", {"_item": view.lists["previous-list"][1].value})
    s.handle("previous-restore", {})
    assert storage.get(MAIN) == mine
    assert len([k for k in storage.slots if k.startswith("previous")]) == 2


def test_try_it_again_keeps_the_game_it_replaces_and_removes_the_aside_last():
    """tc-1-1: the shuffler's "Try it again" on a kept save that now reads keeps the current
    settings as a previous game (a previous one already kept moves down, it is not replaced),
    and the kept slot is removed only after the main slot is written."""
    good = played("shuffler").storage.get(MAIN)
    storage = SlotStorage({MAIN: good, "previous": "older settings",
                           "aside": stored("shuffler-v0.json"), "aside-why": "{}"})
    s = Session("shuffler", shuffler, page_env(), storage)
    s.start()
    storage.take()
    s.handle("saves-retry", {})
    writes = list(storage.take())
    assert set(storage.slots.values()) >= {good, "older settings"}
    assert writes.index("previous") < writes.index(MAIN) < writes.index("aside")
    assert storage.get("aside") is None


def test_with_no_room_opening_a_shared_game_changes_nothing(monkeypatch):
    """hs-2-9: opening a shared game when the kept slots are full refuses, with the room
    named, and both games stay."""
    mine = played("horde").storage.get(MAIN)
    _, link = link_of("horde", 2)
    monkeypatch.setattr(saves, "MAX_KEPT_CHARS", 10)
    storage = MemoryStorage({MAIN: mine})
    s = Session("horde", horde, page_env(link), storage)
    s.start()
    view = s.handle("shared-open", {})
    assert "no room" in view.error and storage.get(MAIN) == mine
    assert view.hidden["shared-ask"] is False


def test_a_copy_kept_by_another_tab_is_offered_with_the_previous_games():
    """hs-2-9: a game a tab kept as a copy (``copy-N``, written by the page's adapter when
    another tab had changed the same save) is listed and restorable like a previous game."""
    mine = played("horde").storage.get(MAIN)
    other = played("swarm").storage.get(MAIN)
    theirs = link_of("horde", 2)[0].storage.get(MAIN)
    assert other
    storage = MemoryStorage({MAIN: theirs, "copy-1796191018609": mine})
    s = Session("horde", horde, page_env(), storage)
    view = s.start()
    assert view.hidden["previous"] is False and "another tab" in view.text["previous-text"]
    s.handle("previous-restore", {})
    assert storage.get(MAIN) == mine and storage.get(PREVIOUS) == theirs
    assert "copy-1796191018609" not in storage.slots


# -- sizes bounded where they are made (issue 28, point 3) -------------------------------------
@pytest.mark.parametrize("name, token", [
    ("swarm", {"type": "token", "name": "Zombie", "amount": 1000}),
    ("horde", {"type": "create-token", "name": "Zombie", "n": 1000}),
])
def test_a_short_link_asking_for_millions_of_tokens_is_refused_before_it_is_played(
        name, token, monkeypatch):
    """sw-3-4, hs-2-9: a valid link of a few hundred characters whose actions would make
    30,000 tokens is refused in plain words from its data alone (nothing is replayed), and
    the page starts a new game."""
    _, link = link_of(name)
    data = runner.decode_share(link[:2], link, not_link="", damaged="", no_game="")
    data["a"] = [token] * 30
    absurd = runner.encode_share(link[:2], data)
    assert len(absurd) < 400
    monkeypatch.setattr(game.Game, "apply", lambda *a, **k: pytest.fail("it was played"))
    s = Session(name, MODULES[name], page_env(absurd), MemoryStorage())
    view = s.start()
    assert "30,000 tokens" in view.error and "at most 5,000" in view.error
    assert not any(word in view.error for word in PYTHON_WORDS)


def test_a_link_whose_game_saves_too_large_is_refused_and_nothing_changes(monkeypatch):
    """sw-3-4: a link whose game, once opened, would save to more than the page keeps is
    refused with the size named; the saved game stays and the page still plays."""
    mine = played("swarm").storage.get(MAIN)
    _, link = link_of("swarm", 3)
    monkeypatch.setattr(saves, "MAX_LINK_SAVE_CHARS", 100)
    storage = MemoryStorage({MAIN: mine})
    s = Session("swarm", swarm, page_env(link), storage)
    view = s.start()
    assert "characters once played out" in view.error and storage.get(MAIN) == mine
    assert s.widget is not None and view.hidden["shared-ask"] is True
    fresh = Session("swarm", swarm, page_env(link), MemoryStorage())
    view = fresh.start()
    assert "characters once played out" in view.error and fresh.widget is not None
    assert fresh.handle(*PLAY["swarm"]).error == ""


@pytest.mark.parametrize("name, stored_name", [
    ("horde", "horde-v1.json"), ("horde", "limited-horde-v1.json"),
    ("swarm", "swarm-v1.json"), ("swarm", "swarm-v1-blocker-in-swarm-combat.json")])
def test_runner_saves_of_version_1_migrate_to_the_one_save_schema(name, stored_name):
    """hs-2-9, sw-3-4: both runners save one schema (runner.STATE_VERSION: the game as an
    object, its origin, the form, the parts', the board's); a version 1 save of either shape
    (tests/data/saves/) upgrades to it and opens the same game, form and own decks."""
    module = RUNNERS[name]
    text = stored(stored_name)
    old = json.loads(text)
    assert old["v"] == 1 and module.STATE_VERSION == runner.STATE_VERSION == 2
    upgraded, problem = prepare(name, module, text)
    assert problem is None and upgraded is not None
    data = json.loads(upgraded)
    assert set(data) == {"v", "game", "origin", "form", "parts", "board"} and data["v"] == 2
    old_game = json.loads(old["game"]) if isinstance(old["game"], str) else old["game"]
    assert data["game"] == old_game  # the game as an object
    s = session(name, {MAIN: text})
    view = s.start()
    assert view.error == "" and s.storage.get("aside") is None
    # the same game as the old save opens (upgraded past rules corrections like any save)
    assert s.widget.game.to_dict() == load_game(old_game).to_dict()
    old_form = (old.get("ui") or {}).get("form") if name == "horde" else old.get("form")
    assert all(s.widget.form[k] == str(v) for k, v in (old_form or {}).items()
               if k in s.widget.form and k != "deck")
    s.handle("show-setup", {})
    saved = json.loads(s.storage.get(MAIN))  # written back in today's schema
    assert saved["v"] == 2 and isinstance(saved["game"], dict)
    assert saved["game"] == s.widget.game.to_dict()


# -- a budget on what a link builds, checked as it replays (issue 28, point 3) -----------------
@pytest.mark.parametrize("name", sorted(RUNNERS))
@pytest.mark.parametrize("kind", ["events", "cards"])
def test_a_link_that_builds_past_the_budget_is_refused_as_it_replays(name, kind, monkeypatch):
    """hs-2-9, sw-3-4: whatever its actions are, a link whose game builds more events or cards
    than a link may (runner.SHARE_BUDGET, shrunk here: events to what the game has after its
    first action, cards to one fewer than its set-up makes) is refused in plain words at the
    action that passes it, with the way out (a file); the saved game stays, the page plays on,
    and the same link opens under the real budget."""
    mine = played(name).storage.get(MAIN)
    _, link = link_of(name, 3)
    data = runner.decode_share(link[:2], link, not_link="", damaged="", no_game="")
    widget = played(name).widget
    whole, _ = widget.from_share(data)
    one, _ = widget.from_share({**data, "a": data["a"][:1]})
    if kind == "events":
        assert len(one.events) < len(whole.events)
        limit, passed_at = game.Budget(cards=10**9, events=len(one.events)), 2
    else:
        limit, passed_at = game.Budget(cards=one._next_id - 2, events=10**9), 0
    monkeypatch.setattr(runner, "SHARE_BUDGET", limit)
    storage = MemoryStorage({MAIN: mine})
    s = Session(name, MODULES[name], page_env(link), storage)
    view = s.start()
    assert "is refused" in view.error and "Export the game as a file" in view.error
    assert f"passed at action {passed_at})" in view.error and plain(view.error), view.error
    assert storage.get(MAIN) == mine and s.widget is not None
    assert s.handle(*PLAY[name]).error == ""
    monkeypatch.undo()
    assert widget.from_share(data)[0].actions == whole.actions


def test_a_budget_bounds_every_replay_of_a_load_and_not_the_play_after(monkeypatch):
    """hs-2-9: load_game's budget holds inside the save upgrades too (a schema 1 save is
    replayed by its upgrade first, which sets aside failing actions: passing the budget is not
    one of those), and it ends with the load: the game then plays on past it."""
    text = stored("horde-v1.json")
    saved = json.loads(json.loads(text)["game"]) if isinstance(json.loads(text)["game"], str) \
        else json.loads(text)["game"]
    old = dict(saved, schema=1)
    old.pop("state", None)
    full = load_game(old)
    tight = game.Budget(cards=10**9, events=len(full.events) - 1)
    with pytest.raises(game.SaveTooBig, match="more than .* events"):
        load_game(old, budget=tight)
    loaded = load_game(saved, budget=game.Budget(cards=10**9, events=len(full.events)))
    loaded.apply({"type": "end-survivor-turn"} if loaded.variant != "swarm" else {"type": "turn"})
    assert len(loaded.events) > len(full.events)


def test_a_save_the_page_could_not_read_back_is_never_written(monkeypatch):
    """hs-2-9 (issue 40): a save over the size the page reads back (MAX_SAVE_CHARS) is not
    written: the last one kept stays, the table bar says so with a one-tap download of the
    game as it is, and a reload opens the last kept game without a word of damage."""
    storage = MemoryStorage()
    s = Session("horde", horde, page_env(), storage)
    s.start()
    s.handle("new", {"seed": SEED})
    kept = storage.get(MAIN)
    assert kept
    monkeypatch.setattr(saves, "MAX_SAVE_CHARS", 1000)  # the next save is over it
    view = s.handle("survivor-end", {})
    assert storage.get(MAIN) == kept and view.save is None
    assert view.hidden["unkept"] is False and "not being kept" in view.text["unkept-text"]
    download = s.handle("unkept-download", {}).download
    assert download is not None and len(download[1]) > 1000
    assert json.loads(download[1])["game"]
    monkeypatch.setattr(saves, "MAX_SAVE_CHARS", 4_000_000)
    reloaded = Session("horde", horde, page_env(), storage)
    view = reloaded.start()
    assert view.error == "" and view.hidden["saves"] is True
    assert reloaded.widget.game_summary() == (SEED, 0)  # the last game kept
    view = s.handle("survivor-end", {})  # fits again: written, the notice goes
    assert view.hidden["unkept"] is True and json.loads(storage.get(MAIN))["game"]


def test_an_unreadable_save_with_no_room_aside_is_offered_where_it_is(monkeypatch):
    """hs-2-9 (issue 40): an unreadable save that stays in the main slot (the kept games fill
    the room for kept saves) is listed in the saves box itself: download it or discard it
    from the page, never only through developer tools; after a discard games are kept."""
    monkeypatch.setattr(saves, "MAX_KEPT_CHARS", 100)
    held = "{" + "x" * 5000
    storage = MemoryStorage({MAIN: held, PREVIOUS: "{" + "y" * 90})
    s = Session("horde", horde, page_env(), storage)
    view = s.start()
    assert view.hidden["saves"] is False and "download it or discard it" in view.error
    assert s.handle("saves-download", {}).download == ("horde-kept-save.json", held)
    view = s.handle("new", {"seed": SEED})
    assert storage.get(MAIN) == held and "not being kept" in view.error
    view = s.handle("saves-discard", {})
    assert storage.get(MAIN) != held and storage.get(PREVIOUS) == "{" + "y" * 90
    s.handle("survivor-end", {})
    assert json.loads(storage.get(MAIN))["game"]
    reloaded = Session("horde", horde, page_env(), storage).start()
    assert reloaded.error == "" and reloaded.hidden["saves"] is True


def test_own_decks_are_bounded_where_they_are_saved():
    """hs-10 (issue 40): fifteen 290,000-character decks once made a 4.8 million character save
    the page then refused; the decks saved on a device are bounded together
    (own_deck.MAX_OWN_DECKS_CHARS), the one over is refused in words, and every save written
    opens again after a reload."""
    from pyengine.widgets import own_deck

    storage = MemoryStorage()
    s = Session("horde", horde, page_env(), storage)
    s.start()
    deck = ("1 Zombie token " + "x" * 135 + "\n") * 1900  # within the paste limits
    refused_at = None
    for number in range(15):
        view = s.handle("deck-save", {"deck": "paste", "deck-paste": deck,
                                      "deck-name": f"Deck {number}"})
        assert len(storage.get(MAIN) or "") <= saves.MAX_SAVE_CHARS
        if view.error and refused_at is None:
            refused_at = number
            assert "remove one first" in view.error and "KB" in view.error
    assert refused_at == own_deck.MAX_OWN_DECKS_CHARS // len(deck)
    reloaded = Session("horde", horde, page_env(), storage)
    view = reloaded.start()
    assert view.error == "" and view.hidden["saves"] is True
    assert len(reloaded.widget.own_decks) == refused_at


def test_the_hidden_hand_box_is_bounded_where_it_is_saved():
    """tc-2-2 (issue 40): 4.3 million characters in the Team Commander table's hand box were
    saved and then refused on reload; the box keeps one character over the paste limit (the
    limit's message still shows), and the table opens again after a reload."""
    from pyengine.widgets import MAX_PASTE_CHARS

    storage = MemoryStorage()
    s = Session("team", team, page_env(), storage)
    s.start()
    s.handle("roll", dict(TEAM_FORM))
    form = {**TEAM_FORM, "hand-deck": "paste", "hand-paste": "1 Island\n" * 480_000}
    view = s.handle("hand-draw", form)
    assert "300,000" in view.error
    for _ in range(25):  # every tap sends the boxes: the table and its undo steps keep them
        s.handle("roll", form)
    save = storage.get(MAIN) or ""
    assert 0 < len(save) < 5 * MAX_PASTE_CHARS < saves.MAX_SAVE_CHARS
    assert s.unkept is None and len(json.loads(save)["state"]["hand_paste"]) > MAX_PASTE_CHARS
    reloaded = Session("team", team, page_env(), storage)
    view = reloaded.start()
    assert view.hidden["saves"] is True and "could not be read" not in view.error


def test_a_schema_4_game_with_tags_of_before_opens_in_todays_verbs():
    """hs-3-7, hs-4-1 (issue 39): a SlingLab game saved at schema 4, its card facts in the
    tags of before (``etb=2_Goblin_tokens``, ``enters_with_5_p1p1``, a hand-written
    ``any_spell_cast=…``), opens with every action kept: its facts read as today's verbs,
    nothing dropped, and replayed under the corrected rules Rotting Legion enters tapped (no
    attack the turn it arrives) and Noosegraf Mob enters with its five counters."""
    old = json.loads(stored("horde-v4-tags-before-vocabulary.json"))
    assert old["schema"] == 4
    assert old["config"]["facts"]["Noosegraf Mob"]["tags"][0] == "enters_with_5_p1p1"
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 0 and upgraded.actions == old["actions"]
    facts = upgraded.config["facts"]
    assert facts["Goblin Marshal"]["tags"] == ["echo={4}{R}{R}", "etb=2_Goblin", "dies=2_Goblin"]
    assert facts["Noosegraf Mob"]["tags"][0] == "enters_with=5"
    assert any(t.startswith("table=") for t in facts["Noosegraf Mob"]["tags"])
    attacks = [e for e in upgraded.events if e.kind == "attack"]
    legion = next(c for c in upgraded.zones["battlefield"] if c.name == "Rotting Legion")
    assert legion.id not in attacks[0].data["attackers"]
    assert "Rotting Legion enters the battlefield tapped (its text)" in [
        e.text for e in upgraded.events]
    mob = next(c for c in upgraded.zones["battlefield"] if c.name == "Noosegraf Mob")
    assert mob.counters == 5
    assert json.loads(upgraded.to_json())["schema"] == game.SCHEMA_VERSION


def test_a_schema_5_game_replays_its_conditional_attack_under_the_corrected_rule():
    """hs-4-1 (issue 39, point 3): a SlingLab game saved at schema 5 in which Blind-Spot Giant
    ("can't attack unless you control another Giant") attacked with no other Giant, the table
    being told to check, opens with every action kept and replayed under the corrected rule:
    the engine checks the condition on the Horde's board, so the Giant stays home."""
    old = json.loads(stored("horde-v5-conditional-attack.json"))
    assert old["schema"] == 5
    recorded, = [c for c in old["state"]["zones"]["battlefield"]
                 if c["name"] == "Blind-Spot Giant"]
    assert recorded["tapped"]  # it attacked under schema 5
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 0 and upgraded.actions == old["actions"]
    giant = next(c for c in upgraded.zones["battlefield"] if c.name == "Blind-Spot Giant")
    attack = [e for e in upgraded.events if e.kind == "attack"][-1]
    assert giant.id not in attack.data["attackers"] and not giant.tapped
    assert json.loads(upgraded.to_json())["schema"] == game.SCHEMA_VERSION


def test_a_schema_6_game_replays_its_attack_trigger_made_by_the_engine():
    """hs-3-9, hs-4-2 (issue 41): a SlingLab game saved at schema 6 in which the table made
    Grave Titan's attack-trigger tokens by hand (``trigger-tokens``) opens with the engine
    making them as the Titan attacks; the hand action is left out (and counted), the rest
    kept, and the two Zombies are there, untapped, as before."""
    old = json.loads(stored("horde-v6-attack-trigger-by-hand.json"))
    assert old["schema"] == 6
    assert any(a["type"] == "trigger-tokens" for a in old["actions"])
    upgraded = load_game(old)
    assert upgraded.upgrade_dropped == 1
    assert [a for a in upgraded.actions if a["type"] == "trigger-tokens"] == []
    made = [e for e in upgraded.events if e.kind == "create"]
    assert [(e.data.get("trigger"), e.data["count"]) for e in made] == [("attacks", 2)]
    zombies = [c for c in upgraded.zones["battlefield"] if c.name == "Zombie"]
    assert len(zombies) == 2 and not any(c.tapped for c in zombies)
    assert json.loads(upgraded.to_json())["schema"] == game.SCHEMA_VERSION
