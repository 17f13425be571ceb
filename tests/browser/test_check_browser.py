"""The deck-check page in Chromium: the site's own card data loaded on the first check, the
commander question, Scryfall look-ups served from fixtures through Playwright routes (never the
real network), the offline path, malformed answers, uploads and phones."""

from __future__ import annotations

import json
import time
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ENGINE_TIMEOUT_MS, wait_ready
from tests.conftest import DATA

SCRYFALL = json.loads((DATA / "scryfall" / "legality_cards.json").read_text("utf-8"))
BY_NAME = {card["name"]: card for card in SCRYFALL["data"]}
HOMEBREW = [f"Homebrew Card {i}" for i in range(80)]
MEREN = ("Commander\n1 Meren of Clan Nel Toth\n\nDeck\n1 Sol Ring\n1 Cultivate\n"
         "1 Lightning Bolt\n" + "".join(f"1 {name}\n" for name in HOMEBREW) + "16 Swamp\n")


class FakeScryfall:
    """Answers POST /cards/collection from the fixture and records each request."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.times: list[float] = []

    def __call__(self, route) -> None:
        request = route.request
        assert request.method == "POST"
        assert request.url == "https://api.scryfall.com/cards/collection"
        names = [ident["name"] for ident in json.loads(request.post_data)["identifiers"]]
        self.times.append(time.monotonic())
        self.batches.append(names)
        body = {
            "object": "list",
            "not_found": [{"name": n} for n in names if n not in BY_NAME],
            "data": [BY_NAME[n] for n in names if n in BY_NAME],
        }
        route.fulfill(status=200, content_type="application/json",
                      headers={"Access-Control-Allow-Origin": "*"}, body=json.dumps(body))


def open_check(page, site_url: str) -> None:
    page.goto(site_url + "play/check.html")
    wait_ready(page, "check")
    expect(page.locator("[data-action=check]")).to_be_enabled()


def run_check(page, fmt: str, text: str) -> None:
    page.select_option("[data-field=format]", fmt)
    page.fill("[data-field=paste]", text)
    page.click("[data-action=check]")


def verdict(page):
    """The check's final verdict: the first check answers in steps (the card data, then the
    combo list and any printed names; a look-up batch by batch), each earlier answer marked
    ``data-state="provisional"``, so a wait on the verdict waits for the last one."""
    return page.locator("[data-id=verdict][data-state=final]")


def expect_verdict(page, text: str) -> None:
    """Wait for the final verdict and check its words. A first check fetches and reads the
    card data, the combo list and any printed names before its answer is final: the wait is
    the engine's generous bound, not a timing check."""
    expect(verdict(page)).to_have_text(text, timeout=ENGINE_TIMEOUT_MS)


#: Records each data-state the verdict takes (a MutationObserver on the attribute).
VERDICT_STATES = """() => { window.__verdictStates = [];
    const el = document.querySelector('[data-id=verdict]');
    new MutationObserver(() => window.__verdictStates.push(el.getAttribute('data-state')))
        .observe(el, {attributes: true, attributeFilter: ['data-state']}); }"""


def test_check_with_the_sites_card_data(page, site_url):
    """tc-1-3, tc-1-1: the card data is fetched from the site on the first check only; every
    rule is checked with it, and the cards it does not know are listed, never passed."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_check(page, site_url)
    assert not [url for url in asked if "card-facts" in url]  # not at start
    page.evaluate(VERDICT_STATES)
    run_check(page, "team-commander", MEREN + "\nSideboard\n1 Counterspell\n")
    expect_verdict(page, "Team Commander: not legal")
    # provisional while the card data loads and until the combo list is in, then final
    assert page.evaluate("window.__verdictStates") == ["provisional", "final"]
    assert len([url for url in asked if url.endswith("runtime/card-facts.tsv")]) == 1
    expect(page.locator("[data-id=read-as]")).to_contain_text("Card data ")
    bolt = page.locator("[data-id=findings] li", has_text="Lightning Bolt")
    expect(bolt).to_contain_text("outside the commander's (BG)")
    expect(verdict(page)).to_have_attribute("data-verdict", "not-legal")
    side = page.locator("[data-id=findings] li", has_text="sideboards are not allowed")
    expect(side).to_have_count(1)
    expect(side).to_contain_text("Line 91 · Counterspell")
    href = side.locator("a").get_attribute("href")
    assert href == "../team-commander/index.html#tc-1-3"
    response = page.request.get(urljoin(page.url, href))
    assert response.ok and 'id="tc-1-3"' in response.text()
    expect(page.locator("[data-id=skipped]")).to_contain_text("cannot be called legal")
    expect(page.locator("[data-id=lookup]")).to_be_visible()
    expect(page.locator("[data-id=unknown] li")).to_have_count(80)
    run_check(page, "horde", "40 Island\n")  # a second check fetches nothing
    expect_verdict(page, "Horde (SlingLab rules): legal")
    assert len([url for url in asked if "card-facts" in url]) == 1


def test_unmarked_commander_is_asked(page, site_url):
    """tc-1-1: a list with no commander marked is checked with the likeliest one, and the page
    asks "Is X your commander?" with one-tap answers."""
    open_check(page, site_url)
    text = "1 Meren of Clan Nel Toth\n1 Sol Ring\n1 Cultivate\n1 Glissa Sunslayer\n" \
        "96 Swamp\n"
    run_check(page, "swarm", text)
    expect_verdict(page, "Swarm Mode (Commander decks): legal")
    question = page.locator("[data-id=commander-question]")
    expect(question).to_contain_text("Is Meren of Clan Nel Toth your commander?")
    page.click("[data-id=proposals] button:has-text('No, it is Glissa')")
    expect(page.locator("[data-id=summary]")).to_contain_text("commander: Glissa Sunslayer")
    expect(question).to_contain_text("Checked with Glissa Sunslayer")


@pytest.mark.allow_hosts("api.scryfall.com")
def test_lookup_from_scryfall_fixtures(page, site_url):
    """tc-1-1: a look-up sends batches of at most 75 names, 100 ms or more apart, then
    checks colour identity; the answers are cached in the browser for the next visit."""
    scryfall = FakeScryfall()
    page.route("https://api.scryfall.com/**", scryfall)
    open_check(page, site_url)
    run_check(page, "team-commander", MEREN)
    expect_verdict(page, "Team Commander: not legal")
    assert scryfall.batches == []  # nothing is fetched until the player asks
    page.click("[data-id=lookup]")
    status = page.locator("[data-id=lookup-status]")
    expect(status).to_have_attribute("data-state", "done")
    expect(status).to_contain_text("Found 0 of 80 cards on Scryfall.")
    expect(status).to_contain_text("Homebrew Card 0")
    assert [len(batch) for batch in scryfall.batches] == [75, 5]
    assert scryfall.times[1] - scryfall.times[0] >= 0.1
    expect_verdict(page, "Team Commander: not legal")
    bolt = page.locator("[data-id=findings] li", has_text="Lightning Bolt")
    expect(bolt.locator("a")).to_have_attribute("href", "../team-commander/index.html#tc-1-1")
    expect(page.locator("[data-id=unknown] li")).to_have_count(80)
    # the Homebrew cards were not found: no second look-up is offered for them
    expect(page.locator("[data-id=lookup]")).to_be_hidden()
    page.reload()
    wait_ready(page, "check")
    page.click("[data-action=check]")
    expect_verdict(page, "Team Commander: not legal")
    expect(page.locator("[data-id=lookup]")).to_be_hidden()  # remembered as not found
    assert len(scryfall.batches) == 2


@pytest.mark.allow_hosts("api.scryfall.com")
@pytest.mark.parametrize("body", ["[" * 100_000, "null", '{"data": 5}', "<html>busy</html>"])
def test_malformed_scryfall_answer(page, site_url, body):
    """tc-1-1: an answer the page cannot read gets a plain message, changes nothing, and the
    look-up button comes back."""
    page.route("https://api.scryfall.com/**", lambda route: route.fulfill(
        status=200, content_type="application/json",
        headers={"Access-Control-Allow-Origin": "*"}, body=body))
    open_check(page, site_url)
    run_check(page, "swarm", MEREN)
    page.click("[data-id=lookup]")
    status = page.locator("[data-id=lookup-status]")
    expect(status).to_contain_text("could not read")
    expect(page.locator("[data-id=error]")).to_be_hidden()
    expect(page.locator("[data-id=lookup]")).to_be_visible()


@pytest.mark.allow_hosts("api.scryfall.com")
def test_lookup_when_scryfall_is_unreachable(page, site_url, guard):
    """tc-1-1: when the request fails the page says so and keeps every other result."""
    page.route("https://api.scryfall.com/**", lambda route: route.abort())
    open_check(page, site_url)
    run_check(page, "swarm", MEREN)
    expect_verdict(page, "Swarm Mode (Commander decks): not legal")
    page.click("[data-id=lookup]")
    status = page.locator("[data-id=lookup-status]")
    expect(status).to_have_attribute("data-state", "offline")
    expect(status).to_contain_text("Scryfall could not be reached")
    expect_verdict(page, "Swarm Mode (Commander decks): not legal")
    expect(page.locator("[data-id=lookup]")).to_be_visible()
    # Chromium logs the aborted request itself as a console error; that one is expected.
    guard.problems[:] = [p for p in guard.problems
                         if "api.scryfall.com" not in p and "net::ERR_FAILED" not in p]


def test_upload_on_a_phone(phone_page, site_url):
    """hs-1-4: an uploaded list is checked and the result fits a 360 px screen."""
    page = phone_page
    open_check(page, site_url)
    page.select_option("[data-field=format]", "horde")
    text = "1 Moat\n1 Aether Flash\n5 Lightning Bolt\n33 Plains\n"
    page.set_input_files("[data-file=upload]", files=[
        {"name": "deck.txt", "mimeType": "text/plain", "buffer": text.encode("utf-8")}])
    expect(page.locator("[data-field=paste]")).to_have_value(text)
    expect_verdict(page, "Horde (SlingLab rules): not legal")
    expect(page.locator("[data-id=findings] li.finding")).to_have_count(3)
    expect(page.locator("[data-id=findings] li.check-group")).to_have_count(2)
    moat = page.locator("[data-id=findings] li", has_text="Moat")
    expect(moat.locator("a")).to_have_attribute("href", "../horde/index.html#hs-1-4")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


def upload_csv_deck(page) -> None:
    """Upload a Scryfall deck export (.csv) for Team Commander: read as a table, not legal."""
    page.select_option("[data-field=format]", "team-commander")
    text = (DATA / "decklists" / "scryfall-deck.csv").read_text("utf-8")
    page.set_input_files("[data-file=upload]", files=[
        {"name": "deck.csv", "mimeType": "text/csv", "buffer": text.encode("utf-8")}])
    expect_verdict(page, "Team Commander: not legal")
    expect(page.locator("[data-id=read-as]")).to_contain_text("Read as CSV/TSV table")


def test_csv_upload(page, site_url):
    """tc-1-1, tc-1-3: a .csv file is accepted by the file input and read as a table: the
    commander from its section column, the sideboard row refused, the same verdict as the
    command line gives."""
    open_check(page, site_url)
    accept = page.locator("[data-file=upload]").get_attribute("accept")
    assert ".csv" in accept.split(",") and "text/csv" in accept.split(",")
    upload_csv_deck(page)
    expect(page.locator("[data-id=summary]")).to_contain_text(
        "commander: Kenrith, the Returned King")
    side = page.locator("[data-id=findings] li", has_text="sideboards are not allowed")
    expect(side).to_contain_text("Negate")


def test_checkbox_sits_beside_its_label_on_a_phone(phone_page, site_url):
    """sw-15-1: the Survivor-list checkbox (Swarm Mode) is on the same line as its label's
    words, not on a line of its own."""
    page = phone_page
    open_check(page, site_url)
    page.select_option("[data-field=format]", "swarm")
    box = page.locator("[data-field=survivor]")
    expect(box).to_be_visible()
    check = box.bounding_box()
    label = page.locator("label.check-box").bounding_box()
    assert check["width"] < 40, check
    assert label["y"] <= check["y"] and check["y"] + check["height"] <= label["y"] + label["height"]
    words = page.locator("label.check-box").evaluate(
        """l => { const r = document.createRange(); r.selectNodeContents(l.lastChild);
                  return r.getBoundingClientRect().toJSON(); }""")
    assert words["left"] >= check["x"] + check["width"], (words, check)
    assert words["top"] < check["y"] + check["height"], (words, check)


def test_check_works_offline_once_the_tools_are_kept(page, context, site_url):
    """tc-1-1: the service worker keeps the card data with the Python runtime, so after one
    visit a real Commander deck is checked with the network off."""
    from tests.browser.test_offline_browser import (
        cached_paths,
        install_service_worker,
        wait_offline_state,
    )
    from tests.conftest import ROOT

    open_check(page, site_url)
    install_service_worker(page)
    wait_offline_state(page, "runtime-kept")
    assert "runtime/card-facts.tsv" in cached_paths(page, site_url)
    krenko = (ROOT / "bench" / "data" / "krenko-commander.txt").read_text("utf-8")
    context.set_offline(True)
    try:
        page.reload()
        open_check(page, site_url)
        run_check(page, "team-commander", krenko)
        expect_verdict(page, "Team Commander: legal")
    finally:
        context.set_offline(False)


def test_check_deck_brings_the_verdict_into_view_on_a_phone(phone_page, site_url):
    """hs-1-4: on a phone, Check deck tapped at the bottom of the screen scrolls the verdict
    into view (issue 41: it stayed below the screen)."""
    page = phone_page
    open_check(page, site_url)
    page.select_option("[data-field=format]", "horde")
    page.fill("[data-field=paste]", "1 Moat\n5 Lightning Bolt\n33 Plains\n")
    button = page.locator("[data-action=check]")
    # the button at the very bottom of the screen, the verdict below it
    page.evaluate("(el) => window.scrollBy(0, el.getBoundingClientRect().bottom - innerHeight)",
                  button.element_handle())
    button.click()
    expect_verdict(page, "Horde (SlingLab rules): not legal")
    page.wait_for_function("() => !document.querySelector('[data-widget][aria-busy=\"true\"]')")
    box = verdict(page).bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 740
