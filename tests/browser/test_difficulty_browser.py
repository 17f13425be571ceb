"""'How hard is this?' in the Horde runner, in Chromium at phone size: the simulator runs in
the page's worker (Pyodide) and shows exactly the figures CPython computes for the same set-up
and seed — the simulator's cross-runtime determinism, checked where it is cheap (one click)."""

from __future__ import annotations

from playwright.sync_api import expect

from pyengine.widgets import horde
from tests.browser.conftest import wait_ready
from tests.test_widgets_pages import make_env

FORM = {"variant": "horde", "difficulty": "nightmare", "survivors": "2"}


def cpython_figures() -> tuple[str, list[str]]:
    widget = horde.Widget(make_env())
    widget.start(None)
    view = widget.handle("how-hard", dict(FORM))
    return view.text["how-hard-summary"], [item.text for item in view.lists["how-hard-turns"]]


def test_the_runner_shows_cpythons_figures(phone_page, site_url):
    page = phone_page
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.select_option("[data-field=variant]", FORM["variant"])
    page.select_option("[data-field=difficulty]", FORM["difficulty"])
    page.select_option("[data-field=survivors]", FORM["survivors"])
    page.locator("details.how-hard summary").click()
    page.click("[data-action=how-hard]")
    summary, turns = cpython_figures()
    expect(page.locator("[data-id=how-hard-summary]")).to_have_text(summary, timeout=60_000)
    expect(page.locator("[data-id=how-hard-turns] li")).to_have_text(turns)
