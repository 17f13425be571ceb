"""The play pages' messages between the page's adapter and the Python worker
(pyengine.widgets.host): views as plain JSON data that says everything a View says, storage
slots read once and written back with each answer, and a page that never stays broken.

The rules the runners serve are their formats' own: hs-2-9 (the Horde runner's saves and
links), sw-3-4 (the Swarm runner's), tc-2-2 (the Team table)."""

from __future__ import annotations

import json
import random

import pytest

from pyengine import files
from pyengine.widgets import Fetch, Item, View, horde, shuffler, swarm, team
from pyengine.widgets.host import NO_START, UNEXPECTED, Host, SlotStorage, view_data
from pyengine.widgets.saves import ASIDE, MemoryStorage, Session
from tests.helpers import runner_env as _runner_env

SEED = "amber-otter-17"
def runner_env():
    """The shipped decks plus the data files (card facts), as the worker's env has them."""
    env = _runner_env()
    env.read_data = lambda path: (files.data_root() / path).read_text(encoding="utf-8")
    return env


SWARM_NEW = {"mode": "hive", "survivors": "2", "deck": "sample", "seed": SEED}


def random_view(chance: random.Random) -> View:
    words = ["Island", "Zombie 2/2", "<b>bold</b>", "", "Élan", "a\nb"]
    pick = lambda: chance.choice(words)  # noqa: E731
    return View(
        text={f"t{i}": pick() for i in range(chance.randint(0, 3))},
        values={f"v{i}": pick() for i in range(chance.randint(0, 2))},
        lists={f"l{i}": [Item(pick(), href=chance.choice([None, "https://x.test/"]),
                               cls=chance.choice([None, "new"]),
                               action=chance.choice([None, "pick"]), value=pick(),
                               pressed=chance.random() < 0.5,
                               image=chance.choice(["", "https://cards.scryfall.io/a.jpg"]),
                               image_alt=pick())
                          for _ in range(chance.randint(0, 3))]
               for i in range(chance.randint(0, 2))},
        options={"o": [(pick(), pick()) for _ in range(chance.randint(0, 3))]}
        if chance.random() < 0.5 else {},
        hidden={f"h{i}": chance.random() < 0.5 for i in range(chance.randint(0, 2))},
        attrs={"a": {"data-x": pick()}} if chance.random() < 0.5 else {},
        save=chance.choice([None, "", "{}"]),
        error=chance.choice(["", "No such card: Foo (line 3)."]),
        fetches=[Fetch(url="https://api.scryfall.com/cards/collection", action="looked",
                       method="POST", body="{}", tag="t")] if chance.random() < 0.3 else [],
        url_hash=chance.choice([None, "", "h=abc"]),
        download=chance.choice([None, ("game.json", "{}")]),
        scroll=chance.choice([None, "game"]),
        qr={"qr": ["#.#", ".#."]} if chance.random() < 0.3 else {},
        note=chance.choice(["", "Opened a shared game."]),
    )


def from_data(data: dict) -> View:
    """Read ``view_data``'s output back into a View (what the page's adapter receives)."""
    return View(
        text=data.get("text", {}), values=data.get("values", {}),
        lists={k: [Item(**item) for item in items] for k, items in data.get("lists", {}).items()},
        options={k: [tuple(pair) for pair in v] for k, v in data.get("options", {}).items()},
        hidden=data.get("hidden", {}), attrs=data.get("attrs", {}), save=data.get("save"),
        error=data["error"], fetches=[Fetch(**f) for f in data.get("fetches", [])],
        url_hash=data.get("url_hash"),
        download=tuple(data["download"]) if "download" in data else None,
        scroll=data.get("scroll"), qr=data.get("qr", {}), note=data.get("note", ""))


def test_a_view_as_data_says_everything_the_view_says():
    """Every field of any View survives the trip through JSON to the page unchanged, and
    the page can tell "leave it" (a key left out) from "clear it" ("" or False)."""
    chance = random.Random(7)
    for _ in range(400):
        view = random_view(chance)
        data = json.loads(json.dumps(view_data(view)))
        assert from_data(data) == view
        assert ("save" in data) == (view.save is not None)
        assert ("url_hash" in data) == (view.url_hash is not None)
        assert "error" in data  # an empty error clears the error line


def test_slot_storage_reports_each_write_once_in_order():
    """The adapter writes what the session wrote, last write wins, removals as None."""
    storage = SlotStorage({"game": "g1", "previous": "", "odd": None})  # type: ignore[dict-item]
    assert storage.get("game") == "g1" and storage.get("previous") is None
    storage.set("aside", "x")
    storage.set("game", "g2")
    storage.set("aside", "")
    assert storage.take() == {"game": "g2", "aside": None}
    assert storage.take() == {}
    assert storage.get("game") == "g2" and storage.get("aside") is None


def play(host: Host, action: str, form: dict[str, str]) -> dict:
    answer = host.answer(action, form)
    return json.loads(json.dumps(answer))


def test_a_swarm_game_through_the_host_saves_like_the_session_itself():
    """sw-3-4: the same actions through the host and straight through a Session give the same
    views and the same stored game; the host's answers carry the writes the page makes."""
    host = Host("swarm", swarm, runner_env(), {})
    direct = MemoryStorage()
    session = Session("swarm", swarm, runner_env(), direct)
    assert view_data(session.start()) == host.answer_start()["view"]
    page: dict[str, str | None] = {}
    for action, form in [("new", SWARM_NEW), ("turn", {}), ("undo", {}), ("turn", {}),
                         ("turn", {})]:
        answer = play(host, action, form)
        assert answer["view"] == view_data(session.handle(action, form))
        page.update(answer["writes"])
    assert page["game"] == direct.get("game") and page["game"]
    assert json.loads(page["game"])["game"]["actions"]


def test_a_reload_starts_from_the_slots_the_page_kept():
    """hs-2-9: the slots written by one host start the next one (a reload) on the same game."""
    first = Host("horde", horde, runner_env(), {})
    first.answer_start()
    kept: dict[str, str] = {}
    answer = play(first, "new", {"seed": SEED})
    kept.update({k: v for k, v in answer["writes"].items() if v})
    answer = play(first, "next", {})
    kept.update({k: v for k, v in answer["writes"].items() if v})
    again = Host("horde", horde, runner_env(), kept)
    view = again.answer_start()["view"]
    assert view == view_data(Session("horde", horde, runner_env(), MemoryStorage(kept)).start())
    assert again.widget.game is not None
    assert again.widget.game.actions == first.widget.game.actions


def test_a_bad_save_is_kept_aside_and_written_back():
    """tc-2-2: an unreadable save never stops the page: the answer moves it to an aside slot
    the page writes, and says so."""
    host = Host("team", team, runner_env(), {"game": "{broken"})
    answer = host.answer_start()
    assert answer["writes"][ASIDE[0]] == "{broken" and answer["writes"]["game"] is None
    assert answer["view"]["hidden"].get("saves") is False


def test_a_controller_bug_shows_a_plain_error_and_logs_the_trace(monkeypatch):
    """A bug inside a controller surfaces as a trace in the console and a plain line on the
    page; the next action still works."""
    host = Host("shuffler", shuffler, runner_env(), {})
    host.answer_start()

    def broken(self, action, form):
        raise RuntimeError("bug")

    monkeypatch.setattr(shuffler.Widget, "handle", broken)  # the controller itself fails
    answer = play(host, "shuffle", {})
    assert answer["view"]["error"] == UNEXPECTED
    assert any("RuntimeError: bug" in line for line in answer["log"])
    monkeypatch.undo()
    answer = play(host, "shuffle", {"deck": "paste", "paste": "4 Island", "seed": SEED,
                                    "draw": "1"})
    assert not answer["view"]["error"] and answer["log"] == []


def test_a_page_that_cannot_start_says_so(monkeypatch):
    monkeypatch.setattr(Session, "_start", lambda self: 1 / 0)  # a bug inside the session
    answer = Host("shuffler", shuffler, runner_env(), {}).answer_start()
    assert answer["view"]["error"] == NO_START
    assert any("ZeroDivisionError" in line for line in answer["log"])


@pytest.mark.parametrize("name,module", [("horde", horde), ("swarm", swarm)])
def test_session_log_lines_reach_the_console(name, module):
    """What the session logs (e.g. a save it could not start) goes back with the answer."""
    answer = Host(name, module, runner_env(), {"game": json.dumps({"v": 99})}).answer_start()
    assert isinstance(answer["log"], list)
    assert json.loads(json.dumps(answer)) == answer


def test_the_page_adapter_uses_the_same_constants():
    """The page's adapter (docs/assets/widget-host.js) repeats what it cannot ask the worker
    for: the gap between Scryfall requests and the two lines shown when Python fails."""
    from pathlib import Path

    from pyengine.widgets import FETCH_GAP_MS

    adapter = (Path(__file__).resolve().parent.parent / "docs" / "assets" /
               "widget-host.js").read_text(encoding="utf-8")
    from pyengine.widgets import MAX_PASTE_CHARS
    from pyengine.widgets.saves import MAX_SAVE_CHARS

    assert f"const FETCH_GAP_MS = {FETCH_GAP_MS};" in adapter
    assert f"const MAX_PASTE_CHARS = {MAX_PASTE_CHARS};" in adapter  # refused on the page
    assert f"const MAX_SAVE_CHARS = {MAX_SAVE_CHARS};" in adapter
    assert json.dumps(UNEXPECTED) in adapter and json.dumps(NO_START) in adapter
    # The paste, drop and file guard (issue 40, point 5), before Python is up, and its words.
    from pyengine.widgets import COMPLEX_RANGES, MAX_PASTE_COMPLEX, MAX_PASTE_LINES, paste_too_big

    guard = (Path(__file__).resolve().parent.parent / "docs" / "assets" /
             "text-limits.js").read_text(encoding="utf-8")
    assert f"var MAX_PASTE_CHARS = {MAX_PASTE_CHARS};" in guard
    assert f"var MAX_PASTE_LINES = {MAX_PASTE_LINES};" in guard
    assert f"var MAX_PASTE_COMPLEX = {MAX_PASTE_COMPLEX};" in guard
    assert _js_ranges(COMPLEX_RANGES) in guard

    # The page says what Python says, and refuses what Python refuses (run in Node).
    most = MAX_PASTE_COMPLEX
    texts = ["x" * (MAX_PASTE_CHARS + 1), "\n" * MAX_PASTE_LINES, "\n" * (MAX_PASTE_LINES - 1),
             "\u05d0" * (most + 1), "\u202e" * most + "\U00010900", "\U0001e900" * most,
             "a\u05d0" * (most - 9) + "\U0001f600" * 9, "\U0001f468\u200d" * (most // 2 + 1),
             "e\u0301" * most + "\ufe0f", "\u00e9\u00c6\u00fb" * most + "\u30a2" * most]
    assert _page_says(guard, texts) == [paste_too_big(t) for t in texts]
    assert [bool(paste_too_big(t)) for t in texts] == [True, True, False, True, True, False,
                                                       False, True, True, False]


def _page_says(script: str, texts: list[str]) -> list[str | None]:
    """What docs/assets/text-limits.js answers for each of ``texts``, run by Node."""
    import shutil
    import subprocess

    if shutil.which("node") is None:
        pytest.skip("needs Node (scripts/setup.sh)")
    run = (f"const window = {{}};\n{script}\nconst texts = JSON.parse(require('fs')"
           ".readFileSync(0, 'utf8'));\nprocess.stdout.write(JSON.stringify(texts.map("
           "(t) => window.coopMagicTextLimits.tooLarge(t))));")
    done = subprocess.run(["node", "-e", run], input=json.dumps(texts), capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def _js_ranges(ranges: tuple[tuple[int, int], ...]) -> str:
    """Python's ranges as the JavaScript pattern writes them: the basic plane's as one class,
    the characters beyond it (one range, up to U+10FFFF) as a surrogate pair."""
    low = "".join(f"\\u{lo:04x}-\\u{hi:04x}" for lo, hi in ranges if hi <= 0xFFFF)
    assert [r for r in ranges if r[1] > 0xFFFF] == [(0x10000, 0x10FFFF)]
    return f"/[{low}]|[\\ud800-\\udbff][\\udc00-\\udfff]/g"


def _team_table(host: Host) -> dict:
    host.answer_start()
    names = {f"name{i}": n for i, n in enumerate(["Ann", "Bo", "Cy", "Di"], start=1)}
    return play(host, "roll", {**names, "count": "4", "seed": SEED, "_view": "0"})


def test_a_double_tap_on_a_game_button_applies_once_and_says_nothing():
    """hs-2-9: two taps on "end the Survivors' turn" made against the same view are one
    action: the second is refused without a message, a write or a new version; a tap made
    against the new view applies."""
    host = Host("horde", horde, runner_env(), {})
    assert host.answer_start()["version"] == 0
    first = play(host, "new", {"seed": SEED, "_view": "0"})
    version = str(first["version"])
    once = play(host, "survivor-end", {"_view": version})
    twice = play(host, "survivor-end", {"_view": version})
    assert twice == {"view": {}, "writes": {}, "log": [], "version": once["version"],
                     "stale": True}
    assert [a["type"] for a in host.widget.game.actions] == ["end-survivor-turn"]
    again = play(host, "survivor-end", {"_view": str(once["version"])})
    assert "stale" not in again and again["version"] == once["version"] + 1
    assert len(host.widget.game.actions) == 2


def _new_game(host: Host, name: str) -> dict:
    """A new game (a rolled table on the Team page) on ``host``; its answer."""
    if name == "team":
        return _team_table(host)
    host.answer_start()
    return play(host, "new", {"seed": SEED, "_view": "0"} if name == "horde"
                else {**SWARM_NEW, "_view": "0"})


@pytest.mark.parametrize("name,module,action,form", [
    ("team", team, "life:0:-1", {}),
    ("horde", horde, "life-down", {"life-amount": "1"}),
    ("swarm", swarm, "damage", {"amount": "1"}),
])
def test_counter_and_amount_taps_all_apply_however_stale(name, module, action, form):
    """tc-4-1, hs-2-9, sw-3-4: five taps on a counter or amount button made against one view
    are five changes (REPEATABLE), and they make no new version, so a game button tapped
    among them still applies."""
    host = Host(name, module, runner_env(), {})
    answer = _new_game(host, name)
    assert not answer["view"]["error"]
    version = str(answer["version"])
    saves = []
    for _ in range(5):
        tap = play(host, action, {**form, "_view": version})
        assert "stale" not in tap and not tap["view"]["error"], tap["view"]["error"]
        assert str(tap["version"]) == version
        saves.append(host.widget.save())
    assert len(set(saves)) == 5  # each tap changed the game
    if name == "team":
        assert tap["view"]["text"]["t0-life"] == "35"
    else:
        game = json.loads(saves[-1])["game"]
        game = json.loads(game) if isinstance(game, str) else game
        assert len(game["actions"]) == 5


@pytest.mark.parametrize("name,module,action,form", [
    ("team", team, "life:0:-1", {}),
    ("horde", horde, "life-down", {"life-amount": "1"}),
    ("swarm", swarm, "damage", {"amount": "1"}),
])
def test_quick_undo_taps_each_take_one_step_back(name, module, action, form):
    """tc-4-1, hs-2-9, sw-3-4 (issue 40, point 7): four Undo taps made against one view (a
    player tapping Undo again before the slow replay of the first is on the screen) are four
    steps back, as four taps on a counter are four changes; none is refused as stale."""
    host = Host(name, module, runner_env(), {})
    answer = _new_game(host, name)
    saves = [host.widget.save()]
    for _ in range(4):
        answer = play(host, action, {**form, "_view": str(answer["version"])})
        assert "stale" not in answer and not answer["view"]["error"], answer["view"]["error"]
        saves.append(host.widget.save())
    version = str(answer["version"])
    for back in range(1, 5):
        tap = play(host, "undo", {"_view": version})
        assert "stale" not in tap and not tap["view"]["error"], tap["view"]["error"]
        assert game_of(host.widget.save()) == game_of(saves[-1 - back])


def game_of(save: str):
    """What a save says of the game itself (a runner's game, the Team table's tracker)."""
    data = json.loads(save)
    if "state" in data:
        return data["state"]
    game = data["game"]
    return (json.loads(game) if isinstance(game, str) else game)["actions"]


def test_actions_without_a_view_always_apply():
    """tc-2-2: fetch answers and field changes carry no view (no _view) and never bump it."""
    host = Host("team", team, runner_env(), {})
    answer = _team_table(host)
    version = answer["version"]
    for _ in range(3):
        assert "stale" not in play(host, "count", {"count": "4"})
    assert play(host, "count", {"count": "4"})["version"] == version


def test_a_tap_whose_action_was_applied_before_an_error_is_not_kept_half_done(monkeypatch):
    """sw-3-4: an error raised after a tap's action was applied (here the page's view of the
    game fails) leaves the game as saved: the page says the tap was not applied and it was
    not, so the player's next tap is the only one applied (before issue 40 the failed tap
    stayed in memory and the next tap saved both: one turn became two)."""
    host = Host("swarm", swarm, runner_env(), {})
    host.answer_start()
    play(host, "new", SWARM_NEW)
    saved = host.storage.get("game")
    before = host.widget.game_summary()
    render = swarm.Widget.render
    failures = [1]

    def fails_once(self):  # the action is applied, then showing it fails once
        if failures:
            failures.pop()
            raise RuntimeError("after the action")
        return render(self)

    monkeypatch.setattr(swarm.Widget, "render", fails_once)
    answer = play(host, "turn", {})
    assert answer["view"]["error"] == UNEXPECTED and "game" not in answer["writes"]
    monkeypatch.undo()
    assert host.widget.game_summary() == before and host.storage.get("game") == saved
    play(host, "turn", {})
    assert host.widget.game_summary()[1] == before[1] + 1


def test_a_lookup_answer_that_fails_says_no_tap_was_lost(monkeypatch):
    """An error while reading a lookup's answer (card pictures) after a turn keeps the turn:
    the page says the game is as saved, with every tap, never that a tap was not applied."""
    from pyengine.widgets.saves import LOOKUP_FAILED

    host = Host("swarm", swarm, runner_env(), {})
    host.answer_start()
    play(host, "new", SWARM_NEW)
    play(host, "turn", {})
    after_turn = host.widget.game_summary()
    monkeypatch.setattr(swarm.Widget, "handle", lambda self, action, form: 1 / 0)
    answer = play(host, "card-images", {"_status": "200", "_body": "{}", "_tag": "Island"})
    monkeypatch.undo()
    assert answer["view"]["error"] == LOOKUP_FAILED and "not applied" not in LOOKUP_FAILED
    assert host.widget.game_summary() == after_turn
