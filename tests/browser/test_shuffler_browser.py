"""The shuffler page in Chromium: the cross-runtime determinism proof and the offline rules."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import wait_ready
from tests.conftest import DATA

GOLDEN = json.loads((DATA / "shuffle_golden.json").read_text(encoding="utf-8"))


def shuffle_in_page(page, site_url: str, deck: str, seed: str) -> list[str]:
    page.goto(site_url + "play/shuffler.html")
    expect(page.get_by_text("Loading Python…")).to_be_visible()
    wait_ready(page, "shuffler")
    expect(page.locator("[data-action=shuffle]")).to_be_enabled()
    page.select_option("[data-field=deck]", deck)
    page.fill("[data-field=seed]", seed)
    page.click("[data-action=shuffle]")
    result = page.locator("[data-id=result]")
    expect(result).to_have_attribute("data-order", json.dumps(GOLDEN["deck"]["order"]))
    return json.loads(result.get_attribute("data-order"))


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_browser_shuffle_equals_cpython_golden(request, site_url, size):
    """Pyodide's shuffle of a shipped deck equals CPython's, read from the same golden file."""
    page = request.getfixturevalue("phone_page" if size == "phone" else "page")
    case = GOLDEN["deck"]
    order = shuffle_in_page(page, site_url, case["deck"], case["seed"])
    assert order == case["order"]
    hand = page.locator("[data-id=hand] li")
    expect(hand).to_have_count(7)
    expect(hand.first).to_have_text(case["order"][0])
    if size == "phone":
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360


def test_settings_survive_a_reload(page, site_url):
    """Nothing is lost on reload: deck, seed and pasted text come back."""
    page.goto(site_url + "play/shuffler.html")
    wait_ready(page, "shuffler")
    # The ready moment is also a User Timing mark, for profilers and Lighthouse.
    assert page.evaluate(
        "performance.getEntriesByName('widget-ready:shuffler', 'mark').length") == 1
    page.select_option("[data-field=deck]", "paste")
    page.fill("[data-field=paste]", "4 Lightning Bolt\n<b>x</b>\n-1 Bad line\n3 Island")
    page.fill("[data-field=seed]", "quiet-owl-05")
    page.click("[data-action=shuffle]")
    expect(page.locator("[data-id=problems] li")).to_have_count(1)
    expect(page.locator("[data-id=problems] li")).to_contain_text("Line 3")
    page.reload()
    wait_ready(page, "shuffler")
    expect(page.locator("[data-field=seed]")).to_have_value("quiet-owl-05")
    expect(page.locator("[data-field=paste]")).to_have_value(
        "4 Lightning Bolt\n<b>x</b>\n-1 Bad line\n3 Island"
    )


def test_rules_page_never_loads_python(page, site_url, guard):
    """Rules pages stay light: no Pyodide, no PyScript, no engine zip."""
    page.goto(site_url + "swarm/index.html")
    expect(page.locator("h1")).to_be_visible()
    page.wait_for_load_state("load")
    loaded = [url for url in guard.requests if "/runtime/" in url]
    assert loaded == []
