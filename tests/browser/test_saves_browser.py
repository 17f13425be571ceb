"""Saves in Chromium: every play page starts from whatever its storage holds (the bad save is
kept aside and a new game plays), share links ask before replacing a game (also in the tab
already showing the page), two sites on one server keep their games apart, a double tap is one
action, and what is typed while Python starts is kept (pyengine/widgets/saves.py,
pyengine/browser.py, docs/assets/saves.js)."""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, HeldRequests, settle, wait_ready

SEED = "amber-otter-17"
#: Words of Python's own error texts that must never reach a player.
PYTHON_WORDS = ("Error", "Traceback", "line 1 column", "object has no attribute", "NoneType")
#: Stored texts no page reads: nested 100,000 deep, NUL bytes, null, cut short.
CORPUS = ["[" * 100_000 + "]" * 100_000, '{"v": 1}\u0000\u0000', "null", '{"v": 1, "form": {"s']


def play_new(page, name: str) -> None:
    """Start something new on the page and check it shows."""
    if name == "horde":
        page.fill("[data-field=seed]", SEED)
        page.click("[data-action=new]")
        expect(page.locator("[data-id=play]")).to_be_visible()
    elif name == "swarm":
        page.fill("[data-field=seed]", SEED)
        page.click("[data-action=new]")
        expect(page.locator("[data-id=play]")).to_be_visible()
    elif name == "team":
        for number, player in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
            page.fill(f"[data-field=name{number}]", player)
        page.click("[data-action=roll]")
        expect(page.locator("[data-id=teams]")).to_be_visible()
    elif name == "check":
        page.fill("[data-field=paste]", "40 Island\n")
        page.click("[data-action=check]")
        # the first check answers in steps while the card data and combo list load: the
        # last one is marked final (pyengine/widgets/check.py)
        expect(page.locator("[data-id=verdict][data-state=final]")).to_be_visible(
            timeout=ENGINE_TIMEOUT_MS)
    else:
        page.click("[data-action=shuffle]")
        expect(page.locator("[data-id=hand] li").first).to_be_visible()


def storage(page, name: str, slot: str = "game"):
    return page.evaluate("([name, slot]) => localStorage.getItem(window.coopMagicSaveKey(name)"
                         " + (slot === 'game' ? '' : ':' + slot))", [name, slot])


def put(page, name: str, text: str) -> None:
    page.evaluate("([name, text]) => localStorage.setItem(window.coopMagicSaveKey(name), text)",
                  [name, text])


def kept(page, name: str) -> list:
    return [storage(page, name, slot) for slot in ("aside", "aside-2", "aside-3", "aside-4")]


@pytest.mark.parametrize("name", ["horde", "swarm", "team", "check", "shuffler"])
def test_every_page_starts_from_any_stored_text(page, site_url, name):
    """hs-2-9, sw-3-4, tc-2-2, tc-1-1: whatever storage holds, the page gets ready with a plain
    message, keeps the bad save aside, and a new game plays; the kept saves stay."""
    url = site_url + f"play/{name}.html"
    page.goto(url)
    wait_ready(page, name)
    for number, bad in enumerate(CORPUS):
        put(page, name, bad)
        page.goto(url)  # without the share link the last game left in the address
        wait_ready(page, name)
        error = page.locator(f"[data-widget={name}] [data-id=error]")
        expect(error).to_be_visible()
        text = error.text_content()
        assert "kept aside" in text and not any(word in text for word in PYTHON_WORDS), text
        expect(page.locator("[data-id=saves]")).to_be_visible()
        assert kept(page, name)[number] == bad
        play_new(page, name)
        # the new save is written with the answer shown: wait for it rather than read at once
        page.wait_for_function(
            "([name, bad]) => { const v = localStorage.getItem(window.coopMagicSaveKey(name));"
            " return v !== null && v !== bad; }", arg=[name, bad])
        assert storage(page, name) not in (None, bad)
        assert kept(page, name)[number] == bad
    # the first kept save can be discarded; the next one then shows
    page.click("[data-action=saves-discard]")
    expect(page.locator("[data-id=saves-note]")).to_have_text("The kept save was discarded.")
    assert kept(page, name)[0] is None and kept(page, name)[1] == CORPUS[1]


def start_horde(page, seed: str) -> None:
    page.fill("[data-field=seed]", seed)
    page.click("[data-action=new]")
    expect(page.locator("[data-id=play]")).to_be_visible()
    expect(page.locator("[data-id=seed-shown]")).to_have_text(seed)


def start_swarm(page, seed: str) -> None:
    page.click("[data-action=show-setup]") if page.locator(
        "[data-action=show-setup]").is_visible() else None
    page.fill("[data-field=seed]", seed)
    page.click("[data-action=new]")
    expect(page.locator("[data-id=play]")).to_be_visible()


@pytest.mark.parametrize("name", ["horde", "swarm"])
def test_a_share_link_asks_before_replacing_a_game(page, site_url, name):
    """hs-2-9, sw-3-4: a link to another game, opened in the tab already showing the page,
    asks "Open the shared game / Keep mine"; the game not opened stays as the previous game;
    the opened-game message is a note, not an error; the share field holds the whole link."""
    url = site_url + f"play/{name}.html"
    page.goto(url)
    wait_ready(page, name)
    if name == "horde":
        start_horde(page, "first-game-01")
        page.click("[data-action=survivor-end]")
    else:
        start_swarm(page, "first-game-01")
        page.click("[data-action=turn]")
    link = urlsplit(page.url).fragment
    assert link.startswith(("h=", "g="))
    # a different game is now saved on this phone
    page.click("[data-action=reset]")
    page.click("[data-action=reset-yes]")
    if name == "horde":
        start_horde(page, "second-game-02")
    else:
        start_swarm(page, "second-game-02")
    mine = storage(page, name)
    # the friend's link, opened in this very tab: only the fragment changes
    with page.expect_navigation():
        page.evaluate("(hash) => { location.hash = hash; }", link)
    wait_ready(page, name)
    ask = page.locator("[data-id=shared-ask]")
    expect(ask).to_be_visible()
    assert "different game" in page.locator("[data-id=shared-ask-text]").text_content()
    assert storage(page, name) == mine
    page.click("[data-action=shared-open]")
    expect(ask).to_be_hidden()
    note = page.locator("[data-id=saves-note]")
    expect(note).to_contain_text("Opened the shared game")
    expect(page.locator(f"[data-widget={name}] [data-id=error]")).to_be_hidden()
    assert storage(page, name, "previous") == mine
    if name == "swarm":
        share = page.locator("[data-field=share]").input_value()
        assert share == url + "#" + link
    # and back again
    page.click("[data-action=previous-restore]")
    expect(note).to_contain_text("Back to the previous game")
    assert storage(page, name) == mine
    # a fresh tab with no game: the link just opens, as a note
    other = page.context.new_page()
    other.goto(url + "#" + link)
    wait_ready(other, name)
    other.evaluate("(name) => localStorage.removeItem(window.coopMagicSaveKey(name))", name)
    other.reload()
    wait_ready(other, name)
    expect(other.locator("[data-id=saves-note]")).to_contain_text("Opened a shared game")
    expect(other.locator(f"[data-widget={name}] [data-id=error]")).to_be_hidden()
    expect(other.locator("[data-id=shared-ask]")).to_be_hidden()
    other.close()


def actions_saved(page, name: str) -> list:
    game = json.loads(storage(page, name))["game"]
    return (json.loads(game) if isinstance(game, str) else game)["actions"]


@pytest.mark.parametrize("name, action, then", [("horde", "survivor-end", "survivor-end"),
                                                ("swarm", "turn", "damage")])
def test_a_double_tap_is_one_action(page, site_url, name, action, then):
    """hs-2-9, sw-3-4: a double tap on a game button applies one action, not two."""
    page.goto(site_url + f"play/{name}.html")
    wait_ready(page, name)
    if name == "horde":
        start_horde(page, SEED)
    else:
        start_swarm(page, SEED)
    assert actions_saved(page, name) == []
    page.dblclick(f"[data-action={action}]")
    assert [a["type"] for a in actions_saved(page, name)] == [
        "end-survivor-turn" if name == "horde" else "turn"]
    # the next single tap still works
    page.click(f"[data-action={then}]")
    assert len(actions_saved(page, name)) == 2


class Finger:
    """Real touch sequences through the browser's input pipeline (CDP Input.dispatchTouchEvent),
    each touch with an explicit timestamp: taps within a sequence are spaced in real time by
    their cadence (so Python's answer may already be on the screen before the next tap), and
    sequences are set far apart on the touches' own clock, so the browser counts each as its
    own multi-tap."""

    def __init__(self, page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.clock = time.time()
        page.evaluate("() => { window.__done = 0; document.addEventListener("
                      "'coop-magic:done', () => { window.__done += 1; }); }")

    def taps(self, selector: str, gaps: list[float], *, every: bool = True) -> None:
        """Tap ``selector`` once, then once more after each gap (seconds), and wait until the
        page has answered every tap (coop-magic:done, the adapter's signal). With ``every``
        false, only the first tap must be answered: a turn button may have left the screen
        before the next tap lands (on a quick machine Python answers within the gap), so that
        tap may reach no button at all; whatever it did reach is waited for (settle)."""
        target = self.page.locator(selector).first
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        done = self.page.evaluate("window.__done")
        self.clock = max(self.clock + 2.0, time.time())  # a new sequence
        for gap in [*gaps, None]:
            self.cdp.send("Input.dispatchTouchEvent", {
                "type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": self.clock})
            self.cdp.send("Input.dispatchTouchEvent", {
                "type": "touchEnd", "touchPoints": [], "timestamp": self.clock + 0.04})
            if gap is not None:
                self.page.wait_for_timeout(gap * 1000)  # the touch cadence itself
                self.clock += gap
        answered = done + (len(gaps) + 1 if every else 1)
        self.page.wait_for_function(f"() => window.__done >= {answered}")
        settle(self.page)


def team_table(page) -> None:
    for number, player in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
        page.fill(f"[data-field=name{number}]", player)
    page.click("[data-action=roll]")
    expect(page.locator("[data-id=teams]")).to_be_visible()


def team_tracker(page) -> dict:
    return json.loads(storage(page, "team"))["state"]["tracker"]


#: Turn-advancing buttons (the first one shown is tapped) and a counter or amount button on
#: each page that has them.
TAP_PAGES = {"horde": (["survivor-end"], "life-down"),
             "swarm": (["turn", "swarm-step", "combat", "second-main", "end"], "life-down"),
             "team": (["next-turn"], "life:0:-1")}


@pytest.mark.parametrize("name", list(TAP_PAGES))
def test_every_tap_counts_once_and_only_once(phone_page, site_url, name):
    """hs-2-9, sw-3-4, tc-4-1: on a phone, a double tap on a turn-advancing button at 0.1,
    0.2 or 0.3 s is one action (the second tap was made against the view the first changed:
    the worker refuses it, silently), while five taps on a counter or amount button at 0.1-0.3 s
    spacing are five changes, and four Undo taps at 0.25 s four steps back."""
    page = phone_page
    page.goto(site_url + f"play/{name}.html")
    wait_ready(page, name)
    if name == "horde":
        start_horde(page, SEED)
    elif name == "swarm":
        start_swarm(page, SEED)
    else:
        team_table(page)
    game_buttons, counter = TAP_PAGES[name]
    finger = Finger(page)

    def count() -> int:
        if name == "team":
            return len(team_tracker(page)["actions"])
        return len(actions_saved(page, name))

    for number, gap in enumerate([0.1, 0.2, 0.3], start=1):
        shown = [b for b in game_buttons if page.locator(f'[data-action="{b}"]').is_visible()]
        finger.taps(f'[data-action="{shown[0]}"]', [gap], every=False)
        assert count() == number, f"a double tap {gap} s apart applied {count()} actions"
        expect(page.locator(f"[data-widget={name}] [data-id=error]")).to_be_hidden()
    before = count()
    life_before = team_tracker(page)["state"]["teams"][0]["life"] if name == "team" else None
    finger.taps(f'[data-action="{counter}"]', [0.1, 0.3, 0.2, 0.15])
    assert count() == before + 5
    if name == "team":
        assert team_tracker(page)["state"]["teams"][0]["life"] == life_before - 5
    else:
        assert [a["type"] for a in actions_saved(page, name)[before:]] == ["life"] * 5
    # Issue 40, point 7: four quick Undo taps (0.25 s apart, a multi-tap to the browser, the
    # first one's slow replay not yet on the screen) are four steps back.
    finger.taps('[data-action="undo"]', [0.25, 0.25, 0.25])
    assert count() == before + 1
    expect(page.locator(f"[data-widget={name}] [data-id=error]")).to_be_hidden()


def test_what_is_typed_while_python_starts_is_kept(page, site_url):
    """tc-1-1: a seed typed before the page is ready is still there when it is. PyScript's module
    is asked for only after the first paint (assets/widget-loading.js), so the test waits for
    that request, which is held, types, and then lets it through."""
    python = HeldRequests(page, "**/pyscript/core.js")
    with page.expect_request("**/pyscript/core.js", timeout=ENGINE_TIMEOUT_MS):
        page.goto(site_url + "play/shuffler.html", wait_until="domcontentloaded")
    page.fill("[data-field=seed]", "typed-before-ready")
    assert page.get_attribute("[data-widget=shuffler]", "data-ready") != "true"
    python.release()
    wait_ready(page, "shuffler")
    assert page.input_value("[data-field=seed]") == "typed-before-ready"
    page.click("[data-action=shuffle]")
    expect(page.locator("[data-id=hand] li").first).to_be_visible()
    assert "typed-before-ready" in storage(page, "shuffler")


class TwoSitesHandler(http.server.SimpleHTTPRequestHandler):
    """The same built site under /one/ and /two/, like two project sites on one domain."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".webmanifest": "application/manifest+json"}

    def translate_path(self, path):
        parsed = urlsplit(path).path
        for prefix in ("/one/", "/two/"):
            if parsed.startswith(prefix):
                return super().translate_path("/" + parsed[len(prefix):])
        return super().translate_path("/__outside__")

    def log_message(self, format, *args):
        pass


@pytest.fixture
def two_sites(built_site):
    handler = functools.partial(TwoSitesHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    yield base + "/one/", base + "/two/"
    server.shutdown()
    server.server_close()


def test_two_sites_on_one_server_keep_their_games_apart(page, two_sites):
    """tc-2-2: storage keys carry the site's base path; one site never reads the other's."""
    one, two = two_sites
    page.goto(one + "play/shuffler.html")
    wait_ready(page, "shuffler")
    page.fill("[data-field=seed]", "site-one-seed")
    page.click("[data-action=shuffle]")
    expect(page.locator("[data-id=hand] li").first).to_be_visible()
    assert page.evaluate("window.coopMagicSaveKey('shuffler')") == "coop-magic:/one/:shuffler"
    page.goto(two + "play/shuffler.html")
    wait_ready(page, "shuffler")
    assert page.input_value("[data-field=seed]") != "site-one-seed"
    page.fill("[data-field=seed]", "site-two-seed")
    page.click("[data-action=shuffle]")
    expect(page.locator("[data-id=hand] li").first).to_be_visible()
    page.goto(one + "play/shuffler.html")
    wait_ready(page, "shuffler")
    assert page.input_value("[data-field=seed]") == "site-one-seed"
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('coop-magic:'))")
    assert set(keys) >= {"coop-magic:/one/:shuffler", "coop-magic:/two/:shuffler"}


def change(page, name: str, number: int) -> None:
    """One action that changes what the page saves (``number`` makes each one different)."""
    if name in ("horde", "swarm"):
        page.click("[data-action=life-down]" if number % 2 else "[data-action=life-up]")
    elif name == "team":
        page.click('[data-action="life:0:-1"]' if number % 2 else '[data-action="life:0:1"]')
    elif name == "check":
        page.fill("[data-field=paste]", f"{40 - number} Island\n{number} Forest\n")
        page.click("[data-action=check]")
    else:
        page.click("[data-action=new-seed]")


def slots_of(page, name: str) -> dict:
    return page.evaluate("""(name) => {
        const key = window.coopMagicSaveKey(name), out = {};
        for (const k of Object.keys(localStorage)) {
            if (k === key) out.game = localStorage.getItem(k);
            else if (k.startsWith(key + ':')) {
                out[k.slice(key.length + 1)] = localStorage.getItem(k);
            }
        }
        return out;
    }""", name)


@pytest.mark.parametrize("name", ["horde", "swarm", "team", "check", "shuffler"])
def test_two_tabs_on_one_game_never_write_over_each_other(page, guard, site_url, name):
    """hs-2-9, sw-3-4, tc-2-2, tc-1-1: with the same page open in two tabs, a change in one is
    noticed by the other at once ("changed in another tab: reload it / keep this one as a
    copy", in a runner's sticky table bar); play there waits until the player chooses (a tap
    answers nothing and brings the choice to hand), so it writes nothing over it, and "keep
    this one as a copy" stores its game in a named copy slot, which the reloaded page offers
    to go back to."""
    url = site_url + f"play/{name}.html"
    page.goto(url)
    wait_ready(page, name)
    play_new(page, name)
    other = page.context.new_page()
    guard.attach(page.context, other)
    other.goto(url)
    wait_ready(other, name)
    change(page, name, 1)
    theirs = storage(page, name)
    expect(other.locator("[data-id=other-tab]")).to_be_visible()
    assert "changed in another tab" in other.locator("[data-id=other-tab-text]").text_content()
    if name in ("horde", "swarm"):  # issue 40, point 7: in the sticky table bar
        expect(other.locator(".table-bar [data-id=other-tab]")).to_be_visible()
    other.evaluate("() => { window.__answers = 0; document.addEventListener("
                   "'coop-magic:done', () => { window.__answers += 1; }); }")
    change(other, name, 2)
    # Play in this tab waits until the player chooses: the tap reached no Python, and the
    # choice has the focus.
    assert other.evaluate("window.__answers") == 0
    expect(other.locator("[data-id=other-tab-reload]")).to_be_focused()
    assert storage(other, name) == theirs  # nothing written over the other tab's game
    with other.expect_navigation():
        other.click("[data-id=other-tab-copy]")
    wait_ready(other, name)
    copies = {k: v for k, v in slots_of(other, name).items() if k.startswith("copy-")}
    assert len(copies) == 1 and next(iter(copies.values())) != theirs
    assert storage(other, name) == theirs
    expect(other.locator("[data-id=previous]")).to_be_visible()
    expect(other.locator("[data-id=previous-text]")).to_contain_text("another tab")
    other.click("[data-action=previous-restore]")
    assert storage(other, name) == next(iter(copies.values()))
    assert theirs in slots_of(other, name).values()  # the other tab's game is kept too
    other.close()


#: Init scripts: storage that is full (every write refused, as a quota error), and storage
#: that throws on every change (a browser that refuses this site's data). (A localStorage
#: whose very getter throws also stops Material's own start-up script, __md_get.)
STORAGE_FULL = """Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };"""
STORAGE_THROWS = """for (const method of ["setItem", "removeItem", "clear"]) {
    Storage.prototype[method] = function () {
        throw new DOMException("The operation is insecure.", "SecurityError"); }; }"""


@pytest.mark.parametrize("kind", ["full", "throws"])
def test_storage_that_fails_is_said_on_the_page_with_a_download(page, site_url, kind):
    """hs-2-9: when the browser will not store the game (storage full, or refused whole), the
    page says "this game is not being kept on this device" and offers it as a download; the
    game still plays on."""
    page.add_init_script(STORAGE_FULL if kind == "full" else STORAGE_THROWS)
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    start_horde(page, SEED)
    box = page.locator("[data-id=storage-failed]")
    expect(box).to_be_visible()
    assert "not being kept on this device" in box.text_content()
    with page.expect_download() as got:
        page.click("[data-id=storage-download]")
    saved = json.loads(open(got.value.path(), encoding="utf-8").read())
    assert saved["game"]
    page.click("[data-action=survivor-end]")
    expect(page.locator("[data-widget=horde] [data-id=error]")).to_be_hidden()


def test_storage_filled_by_other_data_keeps_the_saved_game(page, site_url):
    """hs-2-9: when storage fills up mid-game, the game saved before stays as it was (nothing
    removed to make room) and the page says the new state is not being kept."""
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    start_horde(page, SEED)
    page.click("[data-action=survivor-end]")
    before = storage(page, "horde")
    page.evaluate("""() => {  // fill what is left of the site's storage
        let chunk = "x".repeat(1 << 20), n = 0;
        while (chunk.length > 16) {
            try { localStorage.setItem("filler-" + n++, chunk); }
            catch (e) { chunk = chunk.slice(chunk.length / 2); }
        }
    }""")
    page.click("[data-action=survivor-end]")
    expect(page.locator("[data-id=storage-failed]")).to_be_visible()
    assert storage(page, "horde") == before


#: The worker's Python file with the page's limits made small (issue 40): a save over 30,000
#: characters is one the page could not read back, and the kept saves have room for 100.
SMALL_LIMITS_WORKER = """from pyengine import browser
from pyengine.widgets import saves

saves.MAX_SAVE_CHARS = 30_000
saves.MAX_KEPT_CHARS = 100
browser.serve()
"""


def test_a_save_too_large_to_read_back_is_said_in_the_table_bar_and_downloaded(
        page, site_url):
    """hs-2-9 (issue 40, point 1): a game grown over what the page reads back is not written;
    the table bar says so with a one-tap download of the game as it is; a reload opens the
    last game kept, with no word of damage."""
    page.route("**/runtime/engine-worker.py", lambda route: route.fulfill(
        body=SMALL_LIMITS_WORKER, content_type="text/x-python"))
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    play_new(page, "horde")
    unkept = page.locator("[data-id=table-bar] [data-id=unkept]")
    kept = storage(page, "horde")
    # a long list left in the deck box: every tap sends it, and the save carries it
    page.evaluate("document.querySelector('[data-field=deck-paste]').value = 'x'.repeat(20000)")
    page.click("[data-action=survivor-end]")
    expect(unkept).to_contain_text("not being kept on this device")
    assert storage(page, "horde") == kept and len(kept) <= 30_000
    with page.expect_download() as got:
        page.click("[data-action=unkept-download]")
    downloaded = open(got.value.path(), encoding="utf-8").read()
    assert len(downloaded) > 30_000 and json.loads(downloaded)["game"]
    page.reload()
    wait_ready(page, "horde")
    expect(page.locator("[data-id=play]")).to_be_visible()
    expect(page.locator("[data-id=saves]")).to_be_hidden()
    expect(page.locator("[data-widget=horde] [data-id=error]")).to_be_hidden()
    assert storage(page, "horde") == kept


def test_an_unreadable_save_with_no_room_aside_is_downloaded_and_discarded_on_the_page(
        page, site_url):
    """hs-2-9 (issue 40, point 1): a stored save the page cannot open and has no room to put
    aside is listed on the page itself: downloaded, then discarded, and after a reload the
    new game is kept, never reachable only through developer tools."""
    page.route("**/runtime/engine-worker.py", lambda route: route.fulfill(
        body=SMALL_LIMITS_WORKER, content_type="text/x-python"))
    page.goto(site_url + "play/horde.html")
    held = '{"v": 2, "game": ' + "[" * 200 + "]" * 200 + "}"
    put(page, "horde", held)
    page.evaluate("localStorage.setItem(window.coopMagicSaveKey('horde') + ':previous', "
                  "'{' + 'y'.repeat(95))")
    page.reload()
    wait_ready(page, "horde")
    box = page.locator("[data-widget=horde] [data-id=saves]")
    expect(box).to_be_visible()
    with page.expect_download() as got:
        page.click("[data-action=saves-download]")
    assert open(got.value.path(), encoding="utf-8").read() == held
    page.click("[data-action=saves-discard]")
    expect(box).to_be_hidden()
    play_new(page, "horde")
    page.reload()
    wait_ready(page, "horde")
    expect(page.locator("[data-id=play]")).to_be_visible()
    expect(box).to_be_hidden()
    assert storage(page, "horde") != held and json.loads(storage(page, "horde"))["game"]
