"""The table log (docs/assets/table-log.js) in Chromium at 360x740: bursts of taps on one
counter are one line with the total shown while tapping, automated turns interleaved, kept
across a reload and with the finished game, undo of a whole line or of one tap. Docstrings
name the rule anchors the session exercises."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, wait_ready
from tests.browser.test_layout_browser import COVERED
from tests.browser.test_table_tools_browser import start_horde, team

IDLE = "() => !document.querySelector('[data-widget][aria-busy=\"true\"]')"


def tap(page, selector: str, times: int = 1) -> None:
    for _ in range(times):
        page.click(selector)
        page.wait_for_function(IDLE)


def test_a_burst_of_taps_is_one_line_shown_before_it_is_committed(phone_page, site_url):
    """tc-4-1: three taps on Team 1's −1 are one line, 'Life −3 (40 → 37), Team 1, turn 1',
    shown while the burst is open (its change as a badge on the tapped counter, in view and
    covering no control; the whole line with the log) and read out once when it is committed;
    the line is still there after a reload."""
    page = phone_page
    team(page, site_url)
    tap(page, '[data-action="life:0:-1"]', 3)
    pending = page.locator("[data-log-pending]")
    expect(pending).to_be_visible()
    expect(pending).to_contain_text("Life −3 (40 → 37)")
    counter = page.locator('[data-id="t0-life"]')
    expect(counter).to_have_attribute("data-burst", "−3")
    box = counter.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740.5
    assert page.evaluate(COVERED, "[data-widget=team]") == []
    lines = page.locator("[data-log-lines] li")
    said = page.locator("[data-log-said]")
    expect(said).to_contain_text("Life −3 (40 → 37)", timeout=ENGINE_TIMEOUT_MS)
    expect(pending).to_be_hidden()
    expect(counter).not_to_have_attribute("data-burst", "−3")
    expect(lines).to_have_count(1)
    expect(lines.first).to_contain_text("Life −3 (40 → 37), ")
    expect(lines.first).to_contain_text("turn")
    page.reload()
    wait_ready(page, "team")
    expect(page.locator("[data-log-lines] li").first).to_contain_text("Life −3 (40 → 37)")


def test_undo_takes_back_a_whole_line_or_one_tap(phone_page, site_url):
    """tc-4-1: 'Undo the last change' takes back the newest line as a whole (life back to
    40, the line gone); the page's own Undo takes back one tap, and the line says so."""
    page = phone_page
    team(page, site_url)
    life = page.locator("[data-widget=team] [data-id=t0-life]")
    tap(page, '[data-action="life:0:-5"]', 2)
    expect(life).to_have_text("30")
    undo_line = page.locator("[data-log-undo]")
    expect(undo_line).to_contain_text("Life −10 (40 → 30)")
    undo_line.click()
    expect(life).to_have_text("40", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(IDLE)
    expect(page.locator("[data-log-pending]")).to_be_hidden()
    tap(page, '[data-action="life:0:-1"]', 2)
    tap(page, "[data-widget=team] [data-action=undo]")
    expect(life).to_have_text("39")
    expect(page.locator("[data-log-said]")).to_contain_text("Life −1 (40 → 39)",
                                                            timeout=ENGINE_TIMEOUT_MS)
    lines = page.locator("[data-log-lines] li")
    expect(lines).to_have_count(1)


def test_the_automated_turn_is_a_line_between_the_counters(phone_page, site_url):
    """hs-3-1, hs-5-1: the Horde's turn is a line of the log (its 'what just happened'
    sentence), then a hit is a line of its own on the Horde's library."""
    page = phone_page
    start_horde(page, site_url)
    page.wait_for_function(IDLE)
    turn_button = page.locator("[data-widget=horde] :is([data-action=survivor-end],"
                               " [data-action=horde-end]):visible")
    tap(page, "[data-widget=horde] :is([data-action=survivor-end], "
              "[data-action=horde-end]):visible")
    lines = page.locator("[data-log-lines] li")
    expect(lines).to_have_count(1)
    assert turn_button.count() == 1
    page.fill("#hd-amount", "2")
    tap(page, "[data-widget=horde] [data-action=hit]")
    expect(page.locator("[data-log-pending]")).to_contain_text("The Horde's library −2")
    tap(page, "[data-widget=horde] :is([data-action=survivor-end], "
              "[data-action=horde-end]):visible")
    expect(lines).to_have_count(3)
    expect(lines.nth(1)).to_contain_text("The Horde's library −2")


def test_commander_damage_is_its_own_line_with_the_life_it_took(phone_page, site_url):
    """tc-4-1: two taps of commander damage are one line of that counter, with the team's
    life it took off said after it."""
    page = phone_page
    team(page, site_url)
    tap(page, '[data-action="cmd:0:0:1"]', 2)
    pending = page.locator("[data-log-pending]")
    expect(pending).to_contain_text("Commander damage from")
    expect(pending).to_contain_text("+2 (0 → 2)")
    expect(pending).to_contain_text("; Life 40 → 38")
