"""One screen per turn at 360x740 (issue 15), checked with element boxes, not screenshots: after
Start and after every turn the turn button, what just happened (the revealed cards,
``data-id="wave"``), life and the key counts lie inside the viewport, below the site header,
without the test scrolling; nothing fixed or sticky covers a control; no sideways scroll.
Horde (SlingLab and Limited Edition 2.1), Swarm and Team Commander."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Guard, wait_ready

SEED = "amber-otter-17"

#: Boxes of the elements by data-id, as the page lays them out now (no scrolling here).
BOXES = """(ids) => ids.map((id) => {
  const el = document.querySelector(`[data-id="${id}"]`);
  if (!el) return [id, null];
  const r = el.getBoundingClientRect();
  const bar = el.closest('[data-widget]')?.querySelector('.table-bar');
  return [id, {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
               shown: !!(el.offsetParent || el.getClientRects().length),
               // what lies under a runner's table bar is scrolled away, as under the header
               under: bar && !bar.contains(el) ? bar.getBoundingClientRect().bottom : 0}];
})"""

#: Every visible control below the site header covered at its centre by something else (a
#: fixed or sticky bar); what scrolled under the site header itself is not counted, nor what
#: scrolled under a runner's table bar (the turn button and what just happened, stuck under the
#: header on purpose: it is part of the screen's top, like the header).
COVERED = """(root) => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const bar = document.querySelector(`${root} .table-bar`);
  return [...document.querySelectorAll(`${root} button, ${root} select, ${root} input`)]
  .filter((el) => el.getClientRects().length && el.type !== 'file')
  .filter((el) => { const r = el.getBoundingClientRect();
    const head = bar && !bar.contains(el) ? Math.max(header, bar.getBoundingClientRect().bottom)
      : header;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < head || y > innerHeight || x < 0 || x > innerWidth) return false;
    const hit = document.elementFromPoint(x, y);
    return hit && hit !== el && !el.contains(hit) && !hit.contains(el)
      && !(hit.closest('label') && hit.closest('label').contains(el)); })
  .map((el) => el.textContent.trim() || el.getAttribute('data-field')
    || el.outerHTML.slice(0, 60)); }"""


def header_bottom(page) -> float:
    return page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")


def assert_on_screen(page, ids: list[str], *, step: str) -> None:
    """Each element is shown and lies wholly between the site header and the viewport's
    bottom edge (740 px), within the 360 px width."""
    top = header_bottom(page)
    boxes = dict(page.evaluate(BOXES, ids))
    problems = []
    for data_id in ids:
        box = boxes[data_id]
        if box is None or not box["shown"]:
            problems.append(f"{data_id}: not shown")
        elif box["top"] < max(top, box["under"]) - 0.5 or box["bottom"] > 740.5:
            problems.append(f"{data_id}: {box['top']:.0f}–{box['bottom']:.0f} px, outside "
                            f"{max(top, box['under']):.0f}–740")
        elif box["left"] < -0.5 or box["right"] > 360.5:
            problems.append(f"{data_id}: {box['left']:.0f}–{box['right']:.0f} px wide")
    assert not problems, f"after {step}: " + "; ".join(problems)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, step


def assert_nothing_covers_controls(page, root: str) -> None:
    covered = page.evaluate(COVERED, root)
    assert covered == [], covered


def tap(page, selector: str) -> None:
    """Tap a control the way a player would, but fail instead of scrolling to it: it must
    already be on screen (Playwright would scroll it into view silently)."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert header_bottom(page) <= box["y"] and box["y"] + box["height"] <= 740, \
        f"{selector} is off screen at {box['y']:.0f} px"
    page.locator(selector).click()


def horde_counts(page) -> list[str]:
    return ["life-shown", "n-library", "n-battlefield", "n-graveyard"]


def start_game(page, site_url: str, widget: str, *, survivors: str | None = "2") -> None:
    """Open the ``widget`` play page and start a game with :data:`SEED` (and ``survivors``
    Survivors chosen; None keeps the page's default)."""
    page.goto(site_url + f"play/{widget}.html")
    wait_ready(page, widget)
    if survivors is not None:
        page.select_option("[data-field=survivors]", survivors)
    page.fill("[data-field=seed]", SEED)
    page.click("[data-action=new]")


def test_horde_slinglab_one_screen_per_turn(phone_page, site_url):
    """hs-3-1, hs-4-3: after Start and after each of the Survivors' and the Horde's turns, the
    turn text, life, counts, the turn button and the revealed wave are on one screen."""
    page = phone_page
    start_game(page, site_url, "horde")
    expect(page.locator("[data-id=play]")).to_be_visible()
    expect(page.locator("[data-id=setup-box]")).to_be_hidden()
    assert_on_screen(page, ["turn", "survivor-end", *horde_counts(page)], step="Start")
    for _ in range(3):
        tap(page, "[data-action=survivor-end]")
    expect(page.locator("[data-id=horde-end]")).to_be_visible()
    waves = 0
    for turn in range(1, 7):
        expect(page.locator("[data-id=wave] li").first).to_be_visible()
        ids = ["turn", "horde-end", "wave", "attack", *horde_counts(page)]
        assert_on_screen(page, ids, step=f"Horde turn {turn}")
        assert_nothing_covers_controls(page, "[data-widget=horde]")
        waves += page.locator("[data-id=wave] li").count()
        tap(page, "[data-action=horde-end]")
        assert_on_screen(page, ["turn", "survivor-end", "wave", *horde_counts(page)],
                         step=f"the end of Horde turn {turn}")
        tap(page, "[data-action=survivor-end]")
    assert waves >= 6
    # scrolled down to the table's controls, the turn button is still on screen in the table
    # bar, and its turn comes back to the top: the revealed wave below the bar, not under it
    held = page.locator("[data-id=stack] [data-item-action=done]")
    while held.count():  # the table resolves what the Horde holds, then ends its turn
        held.first.click()
        page.wait_for_function("() => !document.querySelector('[data-widget][aria-busy=\"true\"]')")
    for button in ("horde-end", "survivor-end"):
        expect(page.locator(f"[data-id={button}]")).to_be_visible()
        page.locator("[data-action=roll-survivor]").scroll_into_view_if_needed()
        assert_nothing_covers_controls(page, "[data-widget=horde]")
        tap(page, f"[data-action={button}]")
    expect(page.locator("[data-id=horde-end]")).to_be_visible()
    assert_on_screen(page, ["turn", "horde-end", "wave", *horde_counts(page)],
                     step="a Horde turn tapped from the table's controls")


@pytest.mark.parametrize("deck", ["zombies", "eldrazi"])
def test_horde_limited_one_screen_per_turn(phone_page, site_url, deck):
    """lh-2-4, lh-4-2: the same for Limited Edition 2.1, with its stage bar."""
    page = phone_page
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.evaluate("localStorage.clear()")  # a fresh page: the set-up open
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.select_option("[data-field=variant]", "limited-horde")
    page.select_option("[data-field=lh-deck]", deck)
    page.fill("[data-field=seed]", SEED)
    page.click("[data-action=new]")
    assert_on_screen(page, ["turn", "survivor-end", "stage-bar", *horde_counts(page)],
                     step="Start")
    while page.locator("[data-id=survivor-end]").is_visible():
        tap(page, "[data-action=survivor-end]")
        if page.locator("[data-id=horde-end]").is_visible():
            break
    for turn in range(1, 5):
        expect(page.locator("[data-id=wave-box]")).to_be_visible()
        assert_on_screen(page, ["turn", "horde-end", "wave", "stage-bar", *horde_counts(page)],
                         step=f"Horde turn {turn}")
        assert_nothing_covers_controls(page, "[data-widget=horde]")
        tap(page, "[data-action=horde-end]")
        tap(page, "[data-action=survivor-end]")


def test_horde_board_groups_and_card_panel(phone_page, site_url):
    """hs-6-8: identical permanents are one board entry; one tap opens the card panel (names
    as text, the Scryfall link in the panel), one tap acts and the page is back at the turn."""
    page = phone_page
    start_game(page, site_url, "horde", survivors=None)
    page.fill("[data-field=token]", "Zombie")
    page.fill("[data-field=amount]", "3")
    page.uncheck("[data-field=images]")  # no card pictures: nothing leaves the server
    page.click("[data-action=token]")
    board = page.locator("[data-id=battlefield] li")
    expect(board).to_have_count(1)
    expect(board.first).to_have_text("Zombie ×3")
    assert page.locator("[data-id=battlefield] a").count() == 0
    board.first.locator("button").click()
    assert_on_screen(page, ["panel", "chosen", "tap"], step="opening the card panel")
    expect(page.locator("[data-id=panel-link]")).to_have_attribute(
        "href", "https://scryfall.com/search?q=%21%22Zombie%22")
    tap(page, "[data-action=tap]")
    expect(board.first).to_have_text("Zombie ×3, 1 tapped")
    # a card-panel action takes the page back to the turn (issue 27, point 3); the panel stays
    # open below it for the next action
    assert_on_screen(page, ["turn"], step="after a card-panel action")
    page.locator("[data-action=destroy]").scroll_into_view_if_needed()
    tap(page, "[data-action=destroy]")
    expect(board.first).to_have_text("Zombie ×2, 1 tapped")
    expect(page.locator("[data-id=panel]")).to_be_visible()


def test_swarm_one_screen_per_turn(phone_page, site_url):
    """sw-3-4, sw-5-3, sw-9-2: after Start and after each step of five Swarm turns, the status
    (turn, life, Dread Level, library), the next button and the Swarm Step's cards are on one
    screen, and the status panel covers no control."""
    page = phone_page
    start_game(page, site_url, "swarm")
    status = ["turn", "life", "dread", "library"]
    assert_on_screen(page, ["do-turn", *status], step="Start")
    for turn in range(1, 6):
        tap(page, "[data-action=turn]")
        expect(page.locator("[data-id=turn]")).to_have_text(str(turn))
        assert_on_screen(page, ["do-combat", "wave", *status], step=f"Swarm turn {turn}")
        assert_nothing_covers_controls(page, "[data-widget=swarm]")
        tap(page, "[data-action=combat]")
        assert_on_screen(page, ["do-end", "wave", "attack", *status],
                         step=f"combat of Swarm turn {turn}")
        assert_nothing_covers_controls(page, "[data-widget=swarm]")
        tap(page, "[data-action=end]")
        assert_on_screen(page, ["do-turn", *status], step=f"the end of Swarm turn {turn}")
    # scrolled down to the table's inputs, only the table bar stays pinned, and over nothing
    # below it (the status panel scrolls away)
    page.locator("[data-action=damage]").scroll_into_view_if_needed()
    assert_nothing_covers_controls(page, "[data-widget=swarm]")
    assert page.locator("[data-widget=swarm] .table-bar [data-action=turn]").is_visible()


@pytest.mark.parametrize("players", [4, 6])
def test_team_one_screen_per_turn(phone_page, site_url, players):
    """tc-3-3, tc-4-2, tc-4-3: after the roll and after each turn, the turn, Next turn and
    both teams' life are on one screen (with four players, poison and every commander damage
    row too); the players' set-up is folded away; ±5 steps for commander damage."""
    page = phone_page
    page.goto(site_url + "play/team.html")
    wait_ready(page, "team")
    page.select_option("[data-field=count]", str(players))
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    for number, name in enumerate(names, start=1):
        page.fill(f"[data-field=name{number}]", name)
    page.fill("[data-field=seed]", SEED)
    page.click("[data-action=roll]")
    expect(page.locator("[data-id=setup-box]")).to_be_hidden()
    ids = ["turn", "t0-life", "t1-life"]
    if players == 4:
        ids += ["t0-poison", "t1-poison", "t0-c0-value", "t0-c1-value", "t1-c0-value",
                "t1-c1-value"]
    for turn in range(1, 4):
        assert_on_screen(page, ids, step=f"turn {turn}")
        tap(page, "[data-action=next-turn]")
    tap(page, '[data-action="cmd:1:0:5"]')
    expect(page.locator('[data-id="t1-c0-value"]')).to_have_text("5 / 21")
    tap(page, '[data-action="cmd:1:0:-1"]')
    expect(page.locator('[data-id="t1-c0-value"]')).to_have_text("4 / 21")
    assert_nothing_covers_controls(page, "[data-widget=team]")
    page.click("[data-action=show-setup]")
    expect(page.locator("[data-id=setup-box]")).to_be_visible()


#: Each word of a shown button or stage link that the browser split over two lines (a break
#: at a hyphen, a dash or a slash is a line break, not a broken word).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const el of document.querySelectorAll('[data-widget] button, [data-widget] .hd-stages a')) {
    if (!el.getClientRects().length) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\-\u2013\u2014/]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                                                         .map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(`${el.textContent.trim()}: ${m[0]}`);
      }
    }
  }
  return broken;
}"""


def assert_no_broken_word(page, step: str) -> None:
    broken = page.evaluate(BROKEN_WORDS)
    assert broken == [], f"{step}: words broken over two lines in {broken}"


@pytest.mark.parametrize("runner", ["horde", "limited-horde", "swarm", "team", "shuffler",
                                    "check"])
def test_no_button_breaks_a_word_on_a_phone(phone_page, site_url, runner):
    """hs-3-1, lh-4-1, sw-3-4, tc-3-3: at 360 px no shown button (nor the Limited Horde stage
    bar) splits a word over two lines, through each runner's turns, on the Team Commander
    table and on the shuffler and the deck check as they open."""
    page = phone_page
    if runner in ("shuffler", "check"):
        page.goto(site_url + f"play/{runner}.html")
        wait_ready(page, runner)
        assert_no_broken_word(page, "the page as it opens")
        return
    if runner == "team":
        page.goto(site_url + "play/team.html")
        wait_ready(page, "team")
        page.fill("[data-field=seed]", SEED)
        page.click("[data-action=roll]")
        assert_no_broken_word(page, "the table")
        return
    if runner == "swarm":
        start_game(page, site_url, "swarm")
        steps = [f"[data-action={step}]" for step in ("turn", "combat", "end", "turn")]
    else:
        page.goto(site_url + "play/horde.html")
        wait_ready(page, "horde")
        page.select_option("[data-field=variant]", runner)
        page.fill("[data-field=seed]", SEED)
        page.click("[data-action=new]:visible")
        # whichever turn button is shown (Limited Horde's Preparation has its own length)
        steps = [":is([data-action=survivor-end], [data-action=horde-end])"] * 6
    assert_no_broken_word(page, "Start")
    for number, step in enumerate(steps, start=1):
        page.click(f"[data-widget] {step}:visible")
        assert_no_broken_word(page, f"after turn button {number}")


#: The modules painted on a QR canvas, read back from its pixels at each module's centre.
READ_QR = """([id, n]) => {
  const canvas = document.querySelector(`[data-id="${id}"]`);
  const cells = n + 8, scale = canvas.width / cells;
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < n; y++) {
    let row = '';
    for (let x = 0; x < n; x++) {
      const px = Math.floor((x + 4 + 0.5) * scale), py = Math.floor((y + 4 + 0.5) * scale);
      row += pixels[(py * canvas.width + px) * 4] < 128 ? '#' : '.';
    }
    rows.push(row);
  }
  return [canvas.width, rows];
}"""


@pytest.mark.parametrize("runner", ["horde", "swarm"])
def test_share_link_qr_code_is_drawn_on_the_phone(phone_page, site_url, runner):
    """hs-2-1, sw-2-1: "Show as QR code" paints the share link's QR code on a canvas, offline
    (no request leaves the server), exactly the symbol the CPython encoder makes for the
    page's address."""
    from pyengine import qr

    page = phone_page
    page.goto(site_url + f"play/{runner}.html")
    wait_ready(page, runner)
    page.fill("[data-field=seed]", SEED)
    page.click("[data-action=new]")
    page.click("[data-action=survivor-end]" if runner == "horde" else "[data-action=turn]")
    page.click("[data-action=qr]")
    canvas = page.locator('[data-widget] [data-id="qr-code"]')
    expect(canvas).to_be_visible()
    expected = qr.encode(page.url, "L").rows()
    width, rows = page.evaluate(READ_QR, ["qr-code", len(expected)])
    assert width % (len(expected) + 8) == 0
    assert rows == expected
    box = canvas.bounding_box()
    assert box is not None and box["width"] <= 320 and box["x"] >= 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


#: A 1x1 PNG standing in for Scryfall's card image.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2"
                    "2a4c2a0000000049454e44ae426082")
IMAGE = "https://cards.scryfall.io/small/front/0/0/00000000.jpg"


@pytest.mark.allow_hosts("api.scryfall.com", "cards.scryfall.io")
def test_card_panel_shows_the_card_image(browser, site_url):
    """hs-6-8: with pictures on, opening the card panel looks the card up on Scryfall once and
    shows its small image from Scryfall's image host (the page's CSP allows that host), lazy,
    with the card's name as its text; the facts stay beside it. (Scryfall is stood in for.)"""
    # The service worker would fetch the image itself, past the page's stand-in routes.
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, service_workers="block")
    guard = Guard(("api.scryfall.com", "cards.scryfall.io"))
    page = context.new_page()
    lookups = []

    def scryfall(route):
        lookups.append(route.request.url)
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({"name": "Zombie", "image_uris": {"small": IMAGE}}))

    page.route("https://api.scryfall.com/**", scryfall)
    page.route("https://cards.scryfall.io/**",
               lambda route: route.fulfill(status=200, content_type="image/png", body=PNG,
                                           headers={"Access-Control-Allow-Origin": "*"}))
    guard.attach(context, page)
    start_game(page, site_url, "horde", survivors=None)
    page.fill("[data-field=token]", "Zombie")
    page.fill("[data-field=amount]", "2")
    page.click("[data-action=token]")
    expect(page.locator("[data-field=images]")).to_be_checked()
    page.locator("[data-id=battlefield] li button").first.click()
    image = page.locator('[data-id="panel-img"]')
    expect(image).to_be_visible()
    expect(image).to_have_attribute("src", IMAGE)
    expect(image).to_have_attribute("alt", "Zombie")
    expect(image).to_have_attribute("loading", "lazy")
    page.wait_for_function("() => document.querySelector('[data-id=panel-img]').naturalWidth === 1")
    expect(page.locator('[data-id="panel-facts"]')).to_contain_text("Token Creature — Zombie")
    assert lookups == ["https://api.scryfall.com/cards/named?exact=Zombie"]
    page.uncheck("[data-field=images]")
    expect(image).to_be_hidden()
    context.close()
    guard.check()
