"""The live table (issue 44) in Chromium: two and three browser contexts on this machine pair
over WebRTC with no ICE servers (loopback, the text codes; no camera), the game's phone holds
the game and the others follow it and send their own taps. Join, live updates, follower
actions, refusals and hostile messages, a reload and a rejoin, the game's phone leaving, and a
network that keeps the phones apart, for the Horde runner, the Swarm runner and the Team
Commander table. Docstrings name the rule anchors the taps exercise."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Guard, wait_ready

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
    host.evaluate("() => { const c = document.querySelector('[data-live=code]'); "
                  "if (c) c.value = ''; }")
    live(host, "open").click()
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


def following(page) -> None:
    expect(panel(page)).to_have_attribute("data-live-state", "following", timeout=WAIT_MS)


def open_widget(page, site_url: str, widget: str) -> None:
    page.goto(site_url + f"play/{widget}.html")
    wait_ready(page, widget)


def start_horde(page) -> None:
    page.select_option("[data-field=variant]", "horde")
    page.select_option("[data-field=difficulty]", "classic")
    page.fill("[data-field=seed]", "amber-otter-17")
    page.click("[data-action=new]")
    expect(page.locator("[data-id=play]")).to_be_visible()


#: The page's own saved game (its storage slot "game"), or null.
OWN_GAME = "() => localStorage.getItem(window.coopMagicSaveKey('horde'))"


def send_raw(page, text: str) -> None:
    """A hostile follower: ``text`` sent as it is over the page's own data channel."""
    page.evaluate("(text) => document.querySelector('[data-widget]').coopMagicLive"
                  ".following.channel.send(text)", text)


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
    read = host.evaluate("""async () => {
      const jsQR = await document.querySelector('[data-widget]').coopMagicLive.jsqr();
      const canvas = document.querySelector('[data-live=code-qr]');
      const image = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height);
      return found ? found.data : null;
    }""")
    assert read == code
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


def test_a_full_table_offers_no_more_seats(phones, site_url):
    """The game's phone takes a bounded number of followers (six; one here, set by the test):
    once they follow, Add a phone says the table is full and makes no join code."""
    host, first = phones(2)
    host.add_init_script("window.coopMagicLiveMaxFollowers = 1;")
    open_widget(host, site_url, "swarm")
    host.click("[data-action=new]")
    open_widget(first, site_url, "swarm")
    pair(host, first, "Ana")
    following(first)
    live(host, "open").click()
    expect(live(host, "status")).to_contain_text("1 phone follows this game already")
    expect(live(host, "code-box")).to_be_hidden()


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
