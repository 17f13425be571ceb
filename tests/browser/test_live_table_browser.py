"""The live table (issue 44) in Chromium: browser contexts on this machine pair over WebRTC
with no ICE servers (loopback, the text codes), the game's phone holds the game and the others
follow it and send their own taps. Join, live updates, follower actions, six followers and a
seventh refused, refusals and hostile messages and codes, a flood, a reload and a rejoin,
phones that sleep (a page frozen as a phone's browser freezes it), the game's phone leaving,
a network that keeps the phones apart, and the camera's Scan with Chromium's fake camera
playing a join code's QR code, for the Horde runner, the Swarm runner and the Team Commander
table. Docstrings name the rule anchors the taps exercise."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from devtools import fake_camera
from tests.browser.conftest import Guard, read_qr, settle, wait_ready

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
#: A network that keeps the phones apart: neither phone puts an address in its code.
BLOCKED = "window.coopMagicLiveNoCandidates = true; window.coopMagicLiveConnectMs = 1500;"
#: WebRTC on this machine: the contexts find each other by their own host addresses only.
WAIT_MS = 30_000


@pytest.fixture
def phones(browser, request):
    """``phones(n)``: n phone-size pages, each in its own browser context (its own storage),
    every one failing the test on an outside request or a console error."""
    made = []

    def make(count: int, init: str = ""):
        pages = []
        for _ in range(count):
            context = browser.new_context(**PHONE)
            guard = Guard()
            page = context.new_page()
            guard.attach(context, page)
            page.guard_problems = guard.problems  # for a failure's message (table_states)
            if init:
                page.add_init_script(init)
            made.append((context, guard))
            pages.append(page)
        return pages

    yield make
    for context, _guard in made:
        context.close()
    for _context, guard in made:
        guard.check()


def panel(page):
    return page.locator("[data-live=panel]")


def live(page, key: str):
    return page.locator(f'[data-live="{key}"]')


def code_of(page) -> str:
    box = live(page, "code")
    page.wait_for_function(
        "() => { const el = document.querySelector('[data-live=code]'); "
        "return el && el.value.length > 10; }", timeout=WAIT_MS)
    return box.input_value()


def pair(host, follower, name: str, seat: int | None = None) -> tuple[str, str]:
    """The game's phone shows a join code, the player's phone pastes it and shows its answer,
    the game's phone pastes that and connects; the codes (text) are returned."""
    if panel(host).get_attribute("open") is None:
        host.locator("[data-live=panel] > summary").click()
    live(host, "open").click()  # the page takes away any earlier code at once (clearCode)
    join_code = code_of(host)
    if panel(follower).get_attribute("open") is None:
        follower.locator("[data-live=panel] > summary").click()
    live(follower, "name").fill(name)
    if seat is not None:
        live(follower, "seat").select_option(str(seat))
    live(follower, "join-code").fill(join_code)
    live(follower, "join-button").click()
    answer = code_of(follower)
    live(host, "answer").fill(answer)
    live(host, "connect").click()
    return join_code, answer


#: A phone's live table for a failure's message: its panel's state, each of its connections
#: (signalling/gathering/ICE/connection state, and its channel's) and its status line.
TABLE_STATE = """() => {
  const panel = document.querySelector('[data-live=panel]');
  const status = document.querySelector('[data-live=status]');
  const widget = document.querySelector('[data-widget]');
  const live = widget && widget.coopMagicLive;
  const links = live ? [live.pending, live.following, ...live.followers.values()] : [];
  const shown = links.filter(Boolean).map(({pc, channel}) =>
    `${pc.signalingState}/${pc.iceGatheringState}/${pc.iceConnectionState}/` +
    `${pc.connectionState} channel ${channel ? channel.readyState : 'none'}`);
  return `${panel && panel.getAttribute('data-live-state')} [${shown.join('; ')}]: ` +
         `${status && status.textContent}`;
}"""


def table_states(page) -> str:
    """What every phone in the test shows of the live table (:data:`TABLE_STATE`) and any error
    its page logged: a pairing that never completes says where it stopped."""
    lines = []
    for context in page.context.browser.contexts:
        for other in context.pages:
            problems = getattr(other, "guard_problems", [])
            errors = f" (errors: {problems})" if problems else ""
            lines.append(other.evaluate(TABLE_STATE) + errors)
    return "\n".join(lines)


def following(page) -> None:
    try:
        expect(panel(page)).to_have_attribute("data-live-state", "following", timeout=WAIT_MS)
    except AssertionError as error:
        raise AssertionError(f"not following; the phones show:\n{table_states(page)}") from error


def open_widget(page, site_url: str, widget: str) -> None:
    page.goto(site_url + f"play/{widget}.html")
    wait_ready(page, widget)


def start_horde(page) -> None:
    page.select_option("[data-field=variant]", "horde")
    page.select_option("[data-field=difficulty]", "classic")
    page.fill("[data-field=seed]", "amber-otter-17")
    page.click("[data-action=new]")
    expect(page.locator("[data-id=play]")).to_be_visible()


#: True once the game's phone takes a follower's next message (its rate's bucket has a token).
ROOM_FOR_ONE = """() => {
  const live = document.querySelector('[data-widget]').coopMagicLive;
  return [...live.followers.values()].every((f) => live.room(f) >= 1);
}"""


#: The page's own saved game (its storage slot "game"), or null.
OWN_GAME = "() => localStorage.getItem(window.coopMagicSaveKey('horde'))"


def send_raw(page, text: str) -> None:
    """A hostile follower: ``text`` sent as it is over the page's own data channel."""
    page.evaluate("(text) => document.querySelector('[data-widget]').coopMagicLive"
                  ".following.channel.send(text)", text)


def swarm_table(site_url: str, host, *followers: tuple) -> None:
    """The game's phone starts a Swarm game; each (page, name) opens the page and follows it."""
    open_widget(host, site_url, "swarm")
    host.click("[data-action=new]")
    expect(host.locator("[data-id=life]")).to_be_visible()
    for page, name in followers:
        open_widget(page, site_url, "swarm")
        pair(host, page, name)
        following(page)


def test_horde_join_live_updates_and_follower_actions(phones, site_url):
    """hs-4-1: the survivors' taps from another phone (a hit mills the Horde's library) are the
    game phone's actions; the codes are short; the follower's screen follows each action."""
    host, follower = phones(2)
    open_widget(host, site_url, "horde")
    start_horde(host)
    open_widget(follower, site_url, "horde")
    own_game = follower.evaluate(OWN_GAME)
    join_code, answer = pair(host, follower, "Ana")
    following(follower)
    assert join_code.startswith("J") and answer.startswith("A")
    assert len(join_code) < 400 and len(answer) < 400, (len(join_code), len(answer))
    expect(host.locator("[data-widget=horde]")).to_have_attribute("data-live-followers", "1")
    turn = host.locator("[data-id=turn]").inner_text()
    expect(follower.locator("[data-id=turn]")).to_have_text(turn)

    host.click("[data-action=survivor-end]")  # the game's phone plays on: the follower sees it
    expect(follower.locator("[data-id=turn]")).to_have_text(
        host.locator("[data-id=turn]").inner_text())

    follower.fill("[data-field=amount]", "2")
    follower.click("[data-action=hit]")  # a follower's tap, applied by the game's phone
    expect(host.locator("[data-id=play]")).to_have_attribute(
        "data-actions", json.dumps([{"type": "end-survivor-turn"}, {"type": "hit", "n": 2}],
                                   sort_keys=True))
    expect(host.locator("[data-id=happened]")).to_contain_text("Ana: ")
    expect(follower.locator("[data-id=happened]")).to_have_text(
        host.locator("[data-id=happened]").inner_text())
    # The follower's own saved game is its own: following writes nothing into it.
    assert follower.evaluate(OWN_GAME) == own_game

    # A kill from the follower's own card panel: a tap on the board opens the panel on the
    # game's phone (one game, one panel), a tap on Destroy there destroys one Zombie (hs-6-8).
    host.fill("[data-field=token]", "Zombie")
    host.fill("[data-field=amount]", "3")
    host.click("[data-action=token]")
    board = follower.locator("[data-id=battlefield] li")
    expect(board.first).to_have_text("Zombie ×3")
    board.first.locator("button").click()
    expect(follower.locator("[data-id=panel]")).to_be_visible()
    follower.locator("[data-action=destroy]").click()
    expect(host.locator("[data-id=battlefield] li").first).to_have_text("Zombie ×2")
    expect(board.first).to_have_text("Zombie ×2")
    done = host.locator("[data-id=play]").get_attribute("data-actions")

    # Not a table action: refused on the follower's phone, nothing sent.
    follower.click("[data-action=undo]")
    expect(live(follower, "status")).to_contain_text("Only the game's phone")
    expect(host.locator("[data-id=play]")).to_have_attribute("data-actions", done)
    # A card the game's phone does not show (a hostile follower): refused there.
    send_raw(follower, json.dumps({"t": "act", "a": "pick", "i": "9999", "f": {}}))
    expect(live(follower, "status")).to_contain_text("not on the game's phone's screen")
    assert follower.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_the_join_codes_qr_code_reads_back_with_the_pinned_decoder(phones, site_url):
    """The join code's QR code, as the game's phone paints it, is read back by jsQR (pinned
    from npm and served from this site, as a phone without BarcodeDetector reads it): the
    same text as the code shown to paste."""
    (host,) = phones(1)
    open_widget(host, site_url, "horde")
    host.locator("[data-live=panel] > summary").click()
    live(host, "open").click()
    code = code_of(host)
    expect(live(host, "code-qr")).to_have_attribute("data-live-painted", "true")
    assert read_qr(host, "[data-live=code-qr]") == code
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_team_three_phones_own_totals_and_hostile_messages(phones, site_url):
    """tc-4-1, tc-4-2: each team's life and poison are changed only from its own phone; a
    hostile follower's messages (another team's total, an unknown action, HTML, a huge
    message, an amount the page does not offer) change nothing and show nothing."""
    host, team1, team2 = phones(3)
    open_widget(host, site_url, "team")
    for number, name in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
        host.fill(f"[data-field=name{number}]", name)
    host.fill("[data-field=seed]", "cursed-adder-00")
    host.click("[data-action=roll]")
    expect(host.locator("[data-id=dice] li")).to_have_count(6)
    open_widget(team1, site_url, "team")
    open_widget(team2, site_url, "team")
    pair(host, team1, "Di", seat=0)
    following(team1)
    pair(host, team2, "Bo", seat=1)
    following(team2)
    expect(host.locator("[data-widget=team]")).to_have_attribute("data-live-followers", "2")
    expect(team2.locator("[data-id=team0]")).to_have_text("Team 1: Di & Ann")

    life0 = host.locator('[data-widget=team] [data-id="t0-life"]')
    start = life0.inner_text()
    team1.click('[data-action="life:0:-1"]')
    expect(life0).not_to_have_text(start)
    after = life0.inner_text()
    expect(team2.locator('[data-widget=team] [data-id="t0-life"]')).to_have_text(after)
    expect(host.locator("[data-id=happened]")).to_contain_text("Di (Team 1): ")
    # the game's phone's table log names whose phone made the change
    expect(host.locator("[data-table-log]")).to_contain_text("(Di's phone)")

    # Team 2's phone taps Team 1's button: refused by the game's phone, nothing changes.
    team2.click('[data-action="life:0:-5"]')
    expect(live(team2, "status")).to_contain_text("Team 1's totals are theirs")
    hostile = [
        json.dumps({"t": "act", "a": "life:0:-5", "f": {}}),
        json.dumps({"t": "act", "a": "new-game", "f": {}}),
        json.dumps({"t": "act", "a": "life:1:-99", "f": {}}),  # not a button the page has
        json.dumps({"t": "act", "a": "<img src=x onerror=alert(1)>", "f": {}}),
        json.dumps({"t": "act", "a": "life:1:-1", "f": {"hand-paste": "x" * 100}}),
        "x" * 5000,
        "{not json",
        json.dumps({"t": "hello", "id": "aaaaaaaaaaaa", "name": "<b>me</b>", "seat": 0}),
    ]
    for text in hostile:
        send_raw(team2, text)
    life1 = host.locator('[data-widget=team] [data-id="t1-life"]')
    expect(life1).to_have_text("40")
    team2.click('[data-action="life:1:-1"]')  # its own total: applied, after all the above
    expect(life1).to_have_text("39")
    assert life0.inner_text() == after
    assert host.evaluate("() => !window.__pwned && !document.querySelector('img[src=x]')")
    assert team1.evaluate("() => !document.querySelector('[data-widget] b, img[src=x]')")


def test_swarm_reload_rejoins_and_catches_up(phones, site_url):
    """sw-5-3: a follower's phone reloads (or slept), scans a new join code, is the same
    player again (no second seat) and catches up with what happened meanwhile."""
    host, follower = phones(2)
    open_widget(host, site_url, "swarm")
    host.click("[data-action=new]")
    expect(host.locator("[data-id=life]")).to_be_visible()
    open_widget(follower, site_url, "swarm")
    pair(host, follower, "Cy")
    following(follower)
    start = host.locator("[data-id=life]").inner_text()
    follower.click("[data-action=life-down]")
    expect(host.locator("[data-id=life]")).not_to_have_text(start)
    life = host.locator("[data-id=life]").inner_text()
    expect(follower.locator("[data-id=life]")).to_have_text(life)

    follower.reload()
    wait_ready(follower, "swarm")
    expect(live(follower, "status")).to_contain_text("You were following a game here as Cy")
    expect(host.locator("[data-widget=swarm]")).to_have_attribute(
        "data-live-followers", "0", timeout=WAIT_MS)
    host.click("[data-action=life-down]")  # meanwhile
    expect(host.locator("[data-id=life]")).not_to_have_text(life)
    pair(host, follower, "Cy")
    following(follower)
    expect(follower.locator("[data-id=life]")).to_have_text(
        host.locator("[data-id=life]").inner_text())
    expect(host.locator("[data-widget=swarm]")).to_have_attribute("data-live-followers", "1")


#: Heartbeats every 300 ms: a follower says the game's phone is quiet after 0.9 s of silence.
QUICK_BEATS = "window.coopMagicLiveBeatMs = 300;"
#: ... and the game's phone frees a silent follower's seat after 1.5 s (45 s on a real table).
QUICK_DROP = QUICK_BEATS + " window.coopMagicLiveDropMs = 1500;"


def sleep(page, ms: int) -> None:
    """A phone whose screen is off for ``ms``: its page's main thread is held (from a timer,
    so this returns at once), and with it every timer, heartbeat and received message, as a
    phone's browser freezes a page in the background; the connection itself stays, as the
    phone's network does for a while. (Chromium's own freeze, the DevTools protocol's
    Page.setWebLifecycleState, leaves a visible headless page running.)"""
    page.evaluate("(ms) => { setTimeout(() => { const end = Date.now() + ms; "
                  "while (Date.now() < end) { /* asleep */ } }, 0); }", ms)


def same_screen(host, follower) -> None:
    """The follower shows the game's phone's board, game log and totals, exactly."""
    for key in ("life", "poison", "library", "battlefield", "log", "happened"):
        expect(follower.locator(f"[data-id={key}]")).to_have_text(
            host.locator(f"[data-id={key}]").text_content() or "")


def test_phones_that_sleep_briefly_keep_the_connection_and_catch_up(phones, site_url):
    """sw-5-3: a follower's screen goes off while the game goes on: on waking it shows the
    exact board, log and totals on the same connection (no new scan). The game's phone's
    screen goes off: the followers say it is not answering, a tap made meanwhile waits, and
    when it wakes they say it is back and the tap is applied."""
    host, follower, other = phones(3, init=QUICK_BEATS)
    swarm_table(site_url, host, (follower, "Ana"), (other, "Bo"))

    sleep(follower, 2500)
    host.click("[data-action=life-down]")
    host.click("[data-action=poison]")
    other.click("[data-action=life-down]")
    # Bo's tap goes to the game's phone and back: compare once the game's phone has applied it.
    expect(host.locator("[data-id=happened]")).to_contain_text("Bo: ")
    same_screen(host, other)
    same_screen(host, follower)
    expect(panel(follower)).to_have_attribute("data-live-state", "following")
    expect(host.locator("[data-widget=swarm]")).to_have_attribute("data-live-followers", "2")

    life = host.locator("[data-id=life]").inner_text()
    sleep(host, 4000)
    for page in (follower, other):
        expect(page.locator("[data-widget=swarm]")).to_have_attribute(
            "data-live-authority", "quiet", timeout=WAIT_MS)
        expect(live(page, "status")).to_contain_text("The game's phone is not answering")
    follower.click("[data-action=life-down]")  # waits on the connection for the game's phone
    for page in (follower, other):
        expect(live(page, "status")).to_contain_text("The game's phone is back")
        expect(page.locator("[data-widget=swarm]")).not_to_have_attribute(
            "data-live-authority", "quiet")
    expect(host.locator("[data-id=life]")).not_to_have_text(life)
    expect(host.locator("[data-id=happened]")).to_contain_text("Ana: ")
    same_screen(host, follower)
    same_screen(host, other)


def test_a_phone_asleep_too_long_is_told_to_scan_again_and_catches_up(phones, site_url):
    """sw-5-3: a follower's screen stays off: the game's phone frees its seat (its heartbeat
    stopped) and plays on; on waking the follower says plainly that it needs a new join
    code, and after a new scan it is the same player again and shows the exact board, log and
    totals."""
    host, follower = phones(2, init=QUICK_DROP)
    swarm_table(site_url, host, (follower, "Cy"))
    sleep(follower, 4000)
    expect(host.locator("[data-widget=swarm]")).to_have_attribute(
        "data-live-followers", "0", timeout=WAIT_MS)
    expect(live(host, "status")).to_contain_text("Cy's phone stopped answering")
    host.click("[data-action=life-down]")  # the game goes on meanwhile
    host.click("[data-action=poison]")
    expect(panel(follower)).to_have_attribute("data-live-state", "left", timeout=WAIT_MS)
    expect(live(follower, "status")).to_contain_text("paste or scan a new join code")
    pair(host, follower, "Cy")
    following(follower)
    same_screen(host, follower)
    expect(live(host, "list").locator("li")).to_have_text(["Cy"])
    follower.click("[data-action=life-up]")
    expect(host.locator("[data-id=happened]")).to_contain_text("Cy: ")
    same_screen(host, follower)


def test_game_phone_leaving_offers_the_game(phones, site_url):
    """hs-2-9: the game's phone closes; the follower is offered the game as its share link
    and takes it over with the same actions."""
    host, follower = phones(2)
    open_widget(host, site_url, "horde")
    start_horde(host)
    host.click("[data-action=survivor-end]")
    actions = host.locator("[data-id=play]").get_attribute("data-actions")
    open_widget(follower, site_url, "horde")
    pair(host, follower, "Ana")
    following(follower)
    host.close()
    expect(panel(follower)).to_have_attribute("data-live-state", "left", timeout=WAIT_MS)
    expect(live(follower, "status")).to_contain_text("Take the game over here")
    expect(live(follower, "takeover")).to_be_visible()
    live(follower, "take").click()
    wait_ready(follower, "horde")
    expect(follower.locator("[data-id=play]")).to_have_attribute("data-actions", actions)


def test_six_followers_each_follow_and_act_and_a_seventh_is_refused(phones, site_url):
    """sw-5-3: the game's phone and six followers (seven phones, one browser): every follower
    sees each live update, each one's tap is applied and logged as its own player's, and a
    seventh phone is refused (MAX_FOLLOWERS, six, not a number the test sets)."""
    host, *followers = phones(7)
    names = [f"Player {n}" for n in range(1, 7)]
    swarm_table(site_url, host, *zip(followers, names, strict=True))
    expect(host.locator("[data-widget=swarm]")).to_have_attribute("data-live-followers", "6")
    expect(live(host, "list").locator("li")).to_have_text(names)
    life = host.locator("[data-id=life]")
    for follower, name in zip(followers, names, strict=True):
        before = life.inner_text()
        follower.click("[data-action=life-down]")
        expect(life).not_to_have_text(before)
        expect(host.locator("[data-id=happened]")).to_contain_text(f"{name}: ")
        now = life.inner_text()
        for other in followers:  # a live update on every phone
            expect(other.locator("[data-id=life]")).to_have_text(now)
            expect(other.locator("[data-id=happened]")).to_contain_text(f"{name}: ")
    log = host.locator("[data-table-log]")
    for name in names:  # each tap is its player's line in the game's phone's table log
        expect(log).to_contain_text(f"({name}'s phone)")

    # A seventh phone: the game's phone makes no join code for it, and says why.
    live(host, "open").click()
    expect(live(host, "status")).to_contain_text("6 phones follow this game already")
    expect(live(host, "code-box")).to_be_hidden()
    expect(host.locator("[data-widget=swarm]")).to_have_attribute("data-live-followers", "6")


#: Codes made in the page with the page's own module (live-table.js, found among the page's
#: loaded scripts): the parts of a real description, packed as another version or page would.
MAKE_CODES = """async () => {
  const url = performance.getEntriesByType('resource').map((e) => e.name)
    .find((name) => /live-table\\.js$/.test(new URL(name).pathname));
  const m = await import(url);
  const pc = new RTCPeerConnection({iceServers: []});
  pc.createDataChannel('x');
  await pc.setLocalDescription(await pc.createOffer());
  const kept = m.strip(pc.localDescription.sdp);
  pc.close();
  return {
    old: await m.encodeCode('J', kept),
    newer: await m.encodeCode('J', [m.CODE_VERSION + 1, 'h', ...kept]),
    team: await m.encodeCode('J', [m.CODE_VERSION, 't', ...kept]),
    shape: await m.encodeCode('J', [m.CODE_VERSION, 'h', 'u', 'p', 'short', 'actpass', []]),
    notJson: 'J' + btoa('{not json').replace(/=+$/, ''),
  };
}"""


def test_hostile_and_malformed_codes_each_get_a_plain_message(phones, site_url):
    """Every code that cannot be followed is said so in plain words, with no console error and
    no connection made: garbage, a part of a code, a code too long, another site's QR code,
    an answer code where a join code goes (and the other way), a code of an older or newer
    version of the page, another page's join code, and an answer to another join code."""
    host, follower = phones(2)
    open_widget(host, site_url, "horde")
    open_widget(follower, site_url, "horde")
    host.locator("[data-live=panel] > summary").click()
    live(host, "open").click()
    join_code = code_of(host)
    made = follower.evaluate(MAKE_CODES)
    follower.locator("[data-live=panel] > summary").click()
    live(follower, "name").fill("Ana")
    cases = [
        ("", "Paste the game's phone's join code first"),
        ("J!!not-a-code??", "That is not the game's phone's join code, or only a part of one"),
        ("hello there", "That is not the game's phone's join code"),
        (join_code[: len(join_code) // 2], "only a part of one"),
        (join_code[:-3], "only a part of one"),
        (join_code + "A" * 2500, "characters long; the game's phone's join code is at most"),
        ("https://example.com/join?code=J123", "a web address or another app's code"),
        ("WIFI:S:Cafe;T:WPA;P:secret;;", "a web address or another app's code"),
        ("A" + join_code[1:], "That is a player's answer code"),
        (made["notJson"], "only a part of one"),
        (made["shape"], "only a part of one"),
        (made["old"], "made by an older version of this page"),
        (made["newer"], "made by a newer version of this page"),
        (made["team"], "is for the Team Commander page (play/team.html)"),
    ]
    for code, said in cases:
        live(follower, "join-code").fill(code)
        live(follower, "join-button").click()
        expect(live(follower, "status")).to_contain_text(said)
        live(follower, "status").evaluate("(el) => { el.textContent = ''; }")
        assert follower.evaluate("() => !document.querySelector('[data-widget]')"
                                 ".coopMagicLive.following"), code
    expect(live(follower, "code-box")).to_be_hidden()  # no answer code was made

    # The game's phone: an answer to its earlier join code, a join code, garbage.
    live(follower, "join-code").fill(join_code)
    live(follower, "join-button").click()
    old_answer = code_of(follower)
    live(host, "open").click()  # a new join code: the answer above answers the old one
    host.wait_for_function("(old) => document.querySelector('[data-live=code]').value !== old",
                           arg=join_code, timeout=WAIT_MS)
    for code, said in [(old_answer, "That answer code answers another join code"),
                       (join_code, "That is a join code; paste it on a player's phone"),
                       ("A" + "x" * 40, "That is not a player's answer code"),
                       ("", "Paste a player's answer code first")]:
        live(host, "answer").fill(code)
        live(host, "connect").click()
        expect(live(host, "status")).to_contain_text(said)
        live(host, "status").evaluate("(el) => { el.textContent = ''; }")
    expect(host.locator("[data-widget=horde]")).not_to_have_attribute("data-live-followers", "1")


def test_hostile_messages_change_nothing_and_names_are_text(phones, site_url):
    """sw-5-3: a follower named with HTML is shown as that text everywhere (the list, the
    "what just happened" line, the table log); messages of the wrong shape or types, too long,
    or with amounts the page does not offer change nothing; a flood of taps is cut to a burst
    and a steady rate (the rest dropped, with one refusal), and taps work again after it."""
    host, follower = phones(2)
    name = "<b>Bo</b><i>"
    swarm_table(site_url, host, (follower, name))
    expect(live(host, "list").locator("li")).to_have_text([name])
    life = host.locator("[data-id=life]")
    start = int(life.inner_text())
    follower.click("[data-action=life-down]")
    expect(life).to_have_text(str(start - 1))
    expect(host.locator("[data-id=happened]")).to_contain_text(f"{name}: ")
    expect(follower.locator("[data-id=happened]")).to_contain_text(f"{name}: ")
    expect(host.locator("[data-table-log]")).to_contain_text(f"({name}'s phone)")
    for page in (host, follower):
        assert page.evaluate("() => ![...document.querySelectorAll('b, i')]"
                             ".some((el) => el.textContent.includes('Bo'))")

    hostile = [
        "[]", "null", '"act"', "5", "{not json", "x" * 5000,
        json.dumps({"t": "act", "a": 5}),
        json.dumps({"t": "act", "a": ["life-down"]}),
        json.dumps({"t": "act", "a": "life-down", "i": {"x": 1}}),
        json.dumps({"t": "act", "a": "life-down", "f": "amount=5"}),
        json.dumps({"t": "act", "a": "life-down", "f": {"amount": 5}}),
        json.dumps({"t": "act", "a": "life-down", "f": {"amount": "5000"}}),
        json.dumps({"t": "act", "a": "life-down", "f": {"amount": "9" * 3000}}),
        json.dumps({"t": "act", "a": "life-down", "v": 7}),
        json.dumps({"t": "act", "a": "life-down", "run": "alert(1)"}),
        json.dumps({"t": "beat", "a": "life-down"}),
        json.dumps({"t": "act", "a": "new"}),
        json.dumps({"t": "act", "a": "life-down", "f": {"amount": "1", "seed": "x"}}),
    ]
    for text in hostile:
        send_raw(follower, text)
    follower.click("[data-action=life-down]")  # a real tap, after all of the above
    expect(life).to_have_text(str(start - 2))
    expect(follower.locator("[data-id=life]")).to_have_text(str(start - 2))

    # A flood: 300 taps at once. A burst is applied, the rest dropped, one refusal said.
    host.wait_for_function(ROOM_FOR_ONE, timeout=WAIT_MS)
    follower.evaluate("""() => {
      const channel = document.querySelector('[data-widget]').coopMagicLive.following.channel;
      const tap = JSON.stringify({t: 'act', a: 'life-up', f: {amount: '1'}});
      for (let i = 0; i < 300; i++) channel.send(tap);
    }""")
    expect(live(follower, "status")).to_contain_text("Too many taps at once")
    settle(host)
    applied = int(life.inner_text()) - (start - 2)
    assert 1 <= applied <= 25, applied
    host.wait_for_function(ROOM_FOR_ONE, timeout=WAIT_MS)
    before = life.inner_text()
    follower.click("[data-action=life-down]")
    expect(life).to_have_text(str(int(before) - 1))


#: Keeps every camera stream the page opens (to check that each is released).
KEEP_STREAMS = """(() => {
  window.__streams = [];
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await open(constraints);
    window.__streams.push(stream);
    return stream;
  };
})();"""
#: A player who says no to the camera: the browser's answer then (a NotAllowedError).
CAMERA_DENIED = """navigator.mediaDevices.getUserMedia = () =>
  Promise.reject(new DOMException("Permission denied", "NotAllowedError"));"""
RELEASED = ("() => window.__streams.length > 0 && window.__streams.every("
            "(s) => s.getTracks().every((t) => t.readyState === 'ended'))")


def test_scan_reads_the_join_code_from_the_camera(phones, browser_type,
                                                  browser_type_launch_args, site_url, tmp_path):
    """The follower's Scan reads the join code from its camera: Chromium's fake camera plays a
    video of the game's phone's QR code (drawn by pyengine.qr, devtools/fake_camera.py), the
    page decodes it (jsQR: Chromium on Linux has no BarcodeDetector for QR codes), joins, and
    the game's phone connects with the answer. The video is muted and inline (iOS Safari needs
    both) and the camera is released once the code is read."""
    (host,) = phones(1)
    open_widget(host, site_url, "horde")
    host.locator("[data-live=panel] > summary").click()
    live(host, "open").click()
    join_code = code_of(host)
    video_file = fake_camera.write(join_code, tmp_path / "join-code.y4m")
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--use-fake-ui-for-media-stream",
                    "--use-fake-device-for-media-stream",
                    f"--use-file-for-fake-video-capture={video_file}"]
    camera_browser = browser_type.launch(**args)
    try:
        context = camera_browser.new_context(**PHONE, permissions=["camera"])
        guard = Guard()
        follower = context.new_page()
        guard.attach(context, follower)
        follower.add_init_script(KEEP_STREAMS)
        open_widget(follower, site_url, "horde")
        follower.locator("[data-live=panel] > summary").click()
        live(follower, "name").fill("Ana")
        camera = live(follower, "camera")
        assert camera.get_attribute("playsinline") == "" and camera.get_attribute("muted") == ""
        live(follower, "scan").click()
        answer = code_of(follower)  # the code was read and joined: its answer is shown
        assert live(follower, "join-code").input_value() == join_code
        follower.wait_for_function(RELEASED, timeout=WAIT_MS)
        expect(camera).to_be_hidden()
        assert camera.evaluate("(v) => v.srcObject === null && v.muted && v.playsInline")
        expect(panel(follower)).not_to_have_attribute("data-live-scanning", "true")
        live(host, "answer").fill(answer)
        live(host, "connect").click()
        following(follower)
        expect(follower.locator("[data-id=turn]")).to_have_text(
            host.locator("[data-id=turn]").inner_text())
        context.close()
        guard.check()
    finally:
        camera_browser.close()


def test_a_camera_that_cannot_be_used_says_so_and_offers_paste(phones, site_url):
    """A player who says no to the camera, and a phone with no camera: each is told so in
    plain words, with the paste box focused, and no camera stays open."""
    denied, none = phones(2)
    denied.add_init_script(CAMERA_DENIED)
    none.add_init_script("navigator.mediaDevices.getUserMedia = () => Promise.reject("
                         "new DOMException('Requested device not found', 'NotFoundError'));")
    for page, said in ((denied, "The camera was not allowed"),
                       (none, "The camera could not be opened")):
        open_widget(page, site_url, "swarm")
        page.locator("[data-live=panel] > summary").click()
        live(page, "scan").click()
        expect(live(page, "status")).to_contain_text(said)
        expect(live(page, "status")).to_contain_text("Paste the code in the box instead")
        expect(live(page, "join-code")).to_be_focused()
        expect(live(page, "camera")).to_be_hidden()
        expect(live(page, "scan-stop")).to_be_hidden()


def test_blocked_network_says_so_and_offers_the_share_link(phones, site_url):
    """No address pairs (a network that isolates devices): both phones say so within seconds,
    and the game's phone shows its share link's QR code instead."""
    host, follower = phones(2, init=BLOCKED)
    open_widget(host, site_url, "horde")
    start_horde(host)
    open_widget(follower, site_url, "horde")
    pair(host, follower, "Ana")
    expect(panel(host)).to_have_attribute("data-live-state", "blocked", timeout=WAIT_MS)
    expect(live(host, "status")).to_contain_text("cannot reach each other on this network")
    expect(host.locator("[data-id=qr-code]")).to_be_visible()
    expect(panel(follower)).to_have_attribute("data-live-state", "blocked", timeout=WAIT_MS)
    expect(live(follower, "status")).to_contain_text("ask the game's phone for its share link")
