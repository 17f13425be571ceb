"""The table log (docs/assets/table-log.js) in Chromium at 360x740: bursts of taps on one
counter are one line with the total shown while tapping, automated turns interleaved, kept
across a reload and with the finished game, undo of a whole line or of one tap. Docstrings
name the rule anchors the session exercises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from pyengine import horde  # noqa: F401  (registers the variant load_game reads)
from pyengine.game import load_game
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


SAVES = Path(__file__).resolve().parents[1] / "data" / "saves"


def committed_lines(page) -> list[str]:
    """The log's lines as the page lists them (newest first), once no burst is open."""
    expect(page.locator("[data-log-pending]")).to_be_hidden(timeout=ENGINE_TIMEOUT_MS)
    return page.locator("[data-log-lines] li").all_inner_texts()


def test_the_log_travels_in_the_game_file_and_comes_back_with_it(phone_page, site_url):
    """hs-3-1, hs-5-1: Export writes the game file with its table log (beside the engine's
    save, which reads past it); after another game, importing that file opens the game with
    the same log, line for line."""
    page = phone_page
    start_horde(page, site_url)
    page.wait_for_function(IDLE)
    tap(page, "[data-widget=horde] :is([data-action=survivor-end], "
              "[data-action=horde-end]):visible")
    page.fill("#hd-amount", "2")
    tap(page, "[data-widget=horde] [data-action=hit]")
    before = committed_lines(page)
    assert len(before) == 2 and "The Horde's library −2" in before[0]
    with page.expect_download() as got:
        page.click("[data-widget=horde] [data-action=export]")
    text = Path(got.value.path()).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["table_log"]["game"] == data["seed"]
    assert [line["text"] for line in data["table_log"]["lines"]][::-1] == [
        line.split(" · ", 1)[1] for line in before]
    assert load_game(text).to_json() == load_game({k: v for k, v in data.items()
                                                   if k != "table_log"}).to_json()
    seed = data["seed"]
    # another game: a log of its own
    page.click("[data-widget=horde] [data-action=show-setup]")
    page.fill("[data-widget=horde] [data-field=seed]", "other-seed-41")
    page.click("[data-action=new]:visible")
    expect(page.locator('[data-widget=horde] [data-id="seed-shown"]')).to_have_text(
        "other-seed-41", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(IDLE)
    expect(page.locator("[data-log-lines] li")).to_have_count(0)
    page.set_input_files("[data-widget=horde] input[data-file=import]",
                         files=[{"name": "horde-game.json", "mimeType": "application/json",
                                 "buffer": text.encode("utf-8")}])
    expect(page.locator('[data-widget=horde] [data-id="seed-shown"]')).to_have_text(
        seed, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(IDLE)
    expect(page.locator("[data-log-lines] li")).to_have_text(before)
    page.reload()  # and it is this game's log on the device from then on
    wait_ready(page, "horde")
    expect(page.locator("[data-log-lines] li")).to_have_text(before)


@pytest.mark.parametrize("name, stored", [("horde", "horde-export-schema1.json"),
                                          ("swarm", "swarm-export-schema1.json")])
def test_an_older_game_file_without_a_log_still_opens(phone_page, site_url, name, stored):
    """hs-3-1, sw-2-1: a game file exported before the log travelled in it (stored examples)
    opens as before, with a new, empty log."""
    page = phone_page
    page.goto(site_url + f"play/{name}.html")
    wait_ready(page, name)
    page.set_input_files(f"[data-widget={name}] input[data-file=import]", str(SAVES / stored))
    expect(page.locator(f"[data-widget={name}] [data-id=happened]")).to_contain_text(
        "Imported a game", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator(f"[data-widget={name}] [data-id=error]")).to_be_hidden()
    expect(page.locator("[data-log-lines] li")).to_have_count(0)


def test_each_team_game_keeps_its_own_log(phone_page, site_url):
    """tc-4-1, tc-2-2: New game on the Team Commander table begins a new log; the game it
    left is noted in the game history with its log (it was not finished: teams concede
    without marking it); the next game's taps are its own log, and the history keeps the
    old game's (the table kept one log for every game: issue 41)."""
    page = phone_page
    team(page, site_url)
    tap(page, '[data-action="life:0:-1"]', 2)
    said = page.locator("[data-log-said]")
    expect(said).to_contain_text("Life −2 (40 → 38)", timeout=ENGINE_TIMEOUT_MS)
    lines = page.locator("[data-log-lines] li")
    expect(lines).to_have_count(1)
    first = lines.first.inner_text()
    tap(page, "[data-widget=team] [data-action=new-game]")
    expect(lines).to_have_count(0)
    history = page.locator("[data-history=team]")
    history.locator(":scope > summary").click()
    entries = history.locator("ul > li")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("Not finished")
    expect(entries.first.locator("details ol li")).to_have_count(1)
    expect(entries.first.locator("details ol li").first).to_contain_text("Life −2 (40 → 38)")
    assert "Life −2 (40 → 38)" in first
    page.click("[data-action=roll]")
    expect(page.locator("[data-widget=team] [data-id=t1-life]")).to_have_text("40",
                                                                           timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(IDLE)
    tap(page, '[data-action="life:1:-1"]')
    expect(said).to_contain_text("Life −1 (40 → 39)", timeout=ENGINE_TIMEOUT_MS)
    expect(lines).to_have_count(1)
    expect(lines.first).not_to_contain_text("40 → 38")
    expect(entries).to_have_count(1)
    expect(entries.first.locator("details ol li").first).to_contain_text("Life −2 (40 → 38)")


def test_a_stored_game_file_with_a_log_opens_with_that_log(phone_page, site_url):
    """hs-3-1: a stored game file that carries a table log (tests/data/saves) opens with its
    lines, newest first, as the page's log of that game."""
    page = phone_page
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.set_input_files("[data-widget=horde] input[data-file=import]",
                         str(SAVES / "horde-export-with-table-log.json"))
    expect(page.locator("[data-widget=horde] [data-id=happened]")).to_contain_text(
        "Imported a game", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("[data-log-lines] li")).to_have_text([
        "20:15 · Life −5 (20 → 15), turn 1",
        "20:14 · The Horde's turn: it revealed Zombie Giant and attacked for 5."])
