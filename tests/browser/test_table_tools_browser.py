"""What table apps have, on the play pages (docs/assets/table-tools.js) in Chromium at 360x740:
the first-visit guide, keys, steppers with hold-to-repeat, the screen wake lock, the "what just
happened" line (a polite live region) and the game history kept on the device. Docstrings name
the rule anchors the session exercises."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, HeldRequests, wait_ready

TIE_SEED = "cursed-adder-00"
SEED = "amber-otter-17"


def team(page, site_url):
    page.goto(site_url + "play/team.html")
    wait_ready(page, "team")
    for number, name in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
        page.fill(f"[data-field=name{number}]", name)
    page.fill("[data-field=seed]", TIE_SEED)
    page.click("[data-action=roll]")
    expect(page.locator("[data-id=dice] li")).to_have_count(6)


#: Every layout shift of the page from its start (PerformanceObserver, buffered).
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) {
    window.__shifts.push([entry.startTime, entry.value, entry.sources.map((s) =>
        s.node && s.node.nodeType === 1 ? s.node.tagName + "." + s.node.className : "")]);
} }).observe({type: "layout-shift", buffered: true});"""


def moved_below_the_guide(page) -> list:
    """The layout shifts that moved the tools row under the guide (and the tool with it);
    the loading line's own progress text may move a few pixels inside the tool."""
    return [shift for shift in page.evaluate("window.__shifts")
            if any(source.startswith("DIV.table-tools") for source in shift[2])]


def test_the_guide_does_not_push_the_tool_down(phone_page, site_url):
    """hs-2-1, sw-2-1, tc-2-2: on a first visit the guide is shown before the page is laid out
    (assets/saved-view.js), and on a visit after "Got it" it is not: either way nothing on the
    page moves while the tool starts (no layout shift up to ready; Lighthouse counted 0.13 to
    0.23 when the guide appeared later)."""
    page = phone_page
    page.add_init_script(SHIFTS)
    for name in ("horde", "swarm", "team"):
        page.goto(site_url + f"play/{name}.html")
        wait_ready(page, name)
        expect(page.locator(f"[data-guide={name}]")).to_be_visible()
        assert moved_below_the_guide(page) == [], name
        page.click("[data-tool=guide-close]")
        page.reload()
        wait_ready(page, name)
        expect(page.locator(f"[data-guide={name}]")).to_be_hidden()
        assert moved_below_the_guide(page) == [], name


def test_the_guide_is_on_the_first_paint_while_its_script_is_on_the_way(phone_page, site_url):
    """hs-2-1: a first visit fetches assets/saved-view.js, and the browser may paint what it has
    parsed while it waits; the guide is on that paint already (the head's first-visit mark,
    overrides/widget.html), so it never appears later and pushes the tool down. The script is
    held back until the page has painted (a signal), then let through."""
    page = phone_page
    page.add_init_script(SHIFTS)
    script = HeldRequests(page, "**/assets/saved-view.js")
    page.goto(site_url + "play/horde.html", wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByType('paint').length > 0 && "
                           "!!document.querySelector('.table-tools')")
    expect(page.locator("[data-guide=horde]")).to_be_visible()
    script.release()
    wait_ready(page, "horde")
    expect(page.locator("[data-guide=horde]")).to_be_visible()
    assert moved_below_the_guide(page) == []


def test_guide_shows_once_and_comes_back_on_request(phone_page, site_url):
    """tc-2-2: the first visit shows the page's three steps; "Got it" hides them for good (a
    reload keeps them hidden), "How to use this page" and the "?" key bring them back."""
    page = phone_page
    page.goto(site_url + "play/team.html")
    wait_ready(page, "team")
    guide = page.locator("[data-guide=team]")
    expect(guide).to_be_visible()
    expect(guide.locator("ol > li")).to_have_count(3)
    page.click("[data-tool=guide-close]")
    expect(guide).to_be_hidden()
    page.reload()
    wait_ready(page, "team")
    expect(guide).to_be_hidden()
    page.click("[data-tool=guide-open]")
    expect(guide).to_be_visible()
    page.click("[data-tool=guide-close]")
    page.keyboard.press("?")
    expect(guide).to_be_visible()
    page.keyboard.press("Escape")  # Esc closes it, as "Got it" does (issue 41)
    expect(guide).to_be_hidden()


def test_keys_focus_and_the_what_just_happened_line(phone_page, site_url):
    """tc-3-2, tc-4-1: N plays Next turn and U Undo from the keyboard, the button they press
    shows a focus ring, and each action is one line in the polite live region."""
    page = phone_page
    team(page, site_url)
    turn = page.locator("[data-widget=team] [data-id=turn]")
    expect(turn).to_contain_text("Turn 1")
    page.locator("body").press("n")
    expect(turn).to_contain_text("Turn 2")
    nxt = page.locator("[data-action=next-turn]")
    expect(nxt).to_be_focused()
    assert nxt.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    happened = page.locator("[data-widget=team] [data-id=happened]")
    expect(happened).to_be_visible()
    expect(happened).to_have_attribute("aria-live", "polite")
    expect(happened).to_contain_text("Turn 2")
    page.locator("body").press("u")
    expect(turn).to_contain_text("Turn 1")
    expect(happened).to_have_text("Undone: Next turn.")
    expect(page.locator("[data-action=next-turn]")).to_have_attribute("aria-keyshortcuts", "N")


def test_hold_to_repeat_and_the_history_of_a_finished_game(phone_page, site_url):
    """tc-4-1: holding "−5" on a team's life repeats it until released (the release adds no
    tap); the game ends at 0 life, and the finished game is listed under "Games on this
    device" with its result, and can be deleted."""
    page = phone_page
    team(page, site_url)
    life = page.locator("[data-widget=team] [data-id=t0-life]")
    expect(life).to_have_text("40")
    minus = page.locator('[data-action="life:0:-5"]')
    minus.scroll_into_view_if_needed()
    box = minus.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function(
        "() => Number(document.querySelector('[data-widget=team] [data-id=t0-life]').textContent)"
        " <= 20", timeout=ENGINE_TIMEOUT_MS)
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('[data-widget][aria-busy=\"true\"]')")
    held = int(life.text_content())
    assert held <= 20 and held % 5 == 0
    while int(life.text_content()) > 0:
        minus.click()
    result = page.locator("[data-widget=team] [data-id=result]")
    expect(result).to_contain_text("wins")
    history = page.locator("[data-history=team]")
    history.locator(":scope > summary").click()
    entries = history.locator("ul > li")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("wins")
    expect(entries.first).to_contain_text(TIE_SEED)
    stored = page.evaluate("localStorage.getItem('coop-magic:table-tools:history')")
    assert "wins" in stored and "team" in stored
    # the turn it ended on, not "The game is over." (issue 41); its table log folded in it
    assert "over" not in entries.first.locator("p").first.inner_text().casefold()
    expect(entries.first.locator("details summary")).to_contain_text("Table log")
    entries.first.get_by_role("button", name="Delete").click()
    expect(entries).to_have_count(0)
    history.get_by_role("button", name="Undo").click()  # a deleted game can be brought back
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("wins")


def test_steppers_and_the_wake_lock_on_the_horde_page(phone_page, site_url):
    """hs-5-1: the N box has −5/−1/+1/+5 steppers (kept within 1 to 999); once a game is
    played the screen wake lock is held, and the setting releases it."""
    page = phone_page
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.click("[data-action=new]:visible")
    amount = page.locator("#hd-amount")
    page.click('[data-step="5"][data-for="hd-amount"]')
    expect(amount).to_have_value("6")
    page.click('[data-step="-5"][data-for="hd-amount"]')
    page.click('[data-step="-5"][data-for="hd-amount"]')
    expect(amount).to_have_value("1")
    page.wait_for_function("() => document.documentElement.dataset.wakeLock === 'on'",
                           timeout=ENGINE_TIMEOUT_MS)
    page.uncheck("[data-tool=wake]")
    page.wait_for_function("() => document.documentElement.dataset.wakeLock === 'released'",
                           timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("localStorage.getItem('coop-magic:table-tools:wake')") == "off"


#: The text of every live region on the page (role status/alert, aria-live) that is shown.
LIVE = """() => [...document.querySelectorAll('[role=status],[role=alert],[aria-live]')]
  .filter((el) => !el.closest('[hidden]') && el.getClientRects().length)
  .map((el) => [el.getAttribute('data-id') || el.getAttribute('data-tool') || el.className,
                el.textContent.trim()])"""


def announced(page, act) -> list[str]:
    """What the live regions say after ``act`` that they did not say before."""
    before = {tuple(x) for x in page.evaluate(LIVE)}
    act()
    page.wait_for_function("() => !document.querySelector('[data-widget][aria-busy=\"true\"]')")
    return [name for name, text in page.evaluate(LIVE) if (name, text) not in before and text]


def start_horde(page, site_url) -> None:
    """The Horde page, its guide closed, a game of two Survivors started with :data:`SEED`."""
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.click("[data-tool=guide-close]")
    page.select_option("[data-field=survivors]", "2")
    page.fill("[data-widget=horde] [data-field=seed]", SEED)
    page.click("[data-action=new]:visible")


def test_each_action_is_announced_once_in_the_polite_live_region(phone_page, site_url):
    """hs-6-7, hs-3-3: a turn, a refusal, a roll and a card-panel action each change exactly
    one live region, the polite "what just happened" line, and the accessibility tree reads
    its sentence; the board is a list of named buttons."""
    page = phone_page
    start_horde(page, site_url)
    happened = page.locator("[data-widget=horde] [data-id=happened]")
    # whichever turn button the page shows: a Horde turn that puts nothing on the battlefield
    # leaves the Horde's "end its turn" as the next step
    turn_button = page.locator("[data-widget=horde] :is([data-action=survivor-end],"
                               " [data-action=horde-end]):visible")
    for _ in range(8):
        changed = announced(page, lambda: turn_button.click())
        assert changed == ["happened"], changed
        if page.locator("[data-widget=horde] [data-id=battlefield] li").count():
            break
    assert "Horde" in happened.aria_snapshot() or "turn" in happened.aria_snapshot()
    page.fill("#hd-amount", "0")
    changed = announced(page, lambda: page.click("[data-action=hit]"))
    assert changed == ["happened"], changed
    expect(happened).to_contain_text("N must be")
    changed = announced(page, lambda: page.click("[data-action=roll-survivor]"))
    assert changed == ["happened"], changed
    assert "Roll for the Horde" in happened.aria_snapshot()
    board = page.locator("[data-widget=horde] [data-id=battlefield]")
    tree = board.aria_snapshot()
    assert tree.startswith("- list") and "- listitem" in tree and "- button" in tree
    board.locator(".item-button").first.click()
    changed = announced(page, lambda: page.click("[data-id=card-buttons] [data-action=destroy]"))
    assert changed == ["happened"], changed
    assert "moves from the battlefield" in happened.aria_snapshot()


def test_a_tap_on_what_just_happened_shows_the_whole_sentence(phone_page, site_url):
    """hs-3-3: the "what just happened" line keeps to two lines in the table bar; a tap on it
    shows the whole sentence (a Horde turn's is longer on a 320 px phone), and another tap folds
    it again."""
    page = phone_page
    page.set_viewport_size({"width": 320, "height": 740})  # the narrowest phones in use
    start_horde(page, site_url)
    line = page.locator("[data-widget=horde] [data-id=happened]")
    cut = "(el) => el.scrollHeight - el.clientHeight"
    survivor_end = page.locator("[data-widget=horde] [data-action=survivor-end]")
    for _ in range(10):  # Horde turns until one's sentence is longer than two lines
        while survivor_end.is_visible():
            survivor_end.click()
        if line.evaluate(cut) > 1:
            break
        page.click("[data-widget=horde] [data-action=horde-end]")
    assert line.evaluate(cut) > 1, "no Horde turn's sentence was longer than two lines"
    line.click()
    assert line.evaluate(cut) <= 1
    line.click()
    assert line.evaluate(cut) > 1
    line.focus()  # and from the keyboard
    page.keyboard.press("Enter")
    assert line.evaluate(cut) <= 1
    page.keyboard.press("Space")
    assert line.evaluate(cut) > 1


def test_edited_history_entries_are_checked_one_by_one(page, site_url):
    """tc-4-1 (issue 40, point 4): game-history entries are checked as they are shown, since
    storage can be edited: a link opens only a shared game on this very play page (a
    javascript: link, another site's or another page's is shown as no link), and a malformed
    date (a number, words, an object) leaves that entry's date out without emptying the
    list."""
    url = site_url + "play/team.html"
    page.goto(url)
    wait_ready(page, "team")
    good = url + "#t=abc_-123"
    entries = [
        {"id": "1", "page": "team", "result": "good", "date": "2026-12-01T20:15:00.000Z",
         "link": good},
        {"id": "2", "page": "team", "result": "script", "date": "2026-12-02T20:15:00Z",
         "link": "javascript:alert(1)"},
        {"id": "3", "page": "team", "result": "outside", "date": 5,
         "link": "https://example.com/play/team.html#t=abc"},
        {"id": "4", "page": "team", "result": "other page", "date": "not a date",
         "link": site_url + "play/horde.html#h=abc"},
        {"id": "5", "page": "team", "result": "odd date", "date": {"y": 2026},
         "link": url + "?x=1#t=abc", "turns": ["a"], "seed": {"s": 1}},
        "not an entry",
    ]
    page.evaluate("(list) => localStorage.setItem('coop-magic:table-tools:history', "
                  "JSON.stringify(list))", entries)
    page.reload()
    wait_ready(page, "team")
    history = page.locator("[data-history=team]")
    history.locator(":scope > summary").click()
    shown = history.locator("ul > li")
    expect(shown).to_have_count(5)
    hrefs = history.locator("ul a").evaluate_all("(links) => links.map((a) => a.href)")
    assert hrefs == [good]
    expect(shown.last).to_contain_text("2026-12-01 20:15 · good")
    expect(shown.nth(2)).to_have_text("outside" + "Delete")
    assert "[object" not in history.locator("ul").text_content()
