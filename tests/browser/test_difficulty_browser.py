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


def test_a_rules_page_fetches_only_the_chart_it_shows_when_it_comes_near(phone_page, site_url):
    """sw-2-2: the Swarm rules page's "Choosing a difficulty" charts come in a light and a dark
    version; a reader at the top of the page fetches neither, and scrolling to a chart fetches
    the one the colour scheme shows, which then has its picture, at the size the page kept."""
    page = phone_page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.emulate_media(color_scheme="light")
    page.goto(site_url + "swarm/")
    page.wait_for_load_state("load")
    assert not [url for url in asked if "/assets/difficulty/" in url]
    chart = page.locator(".difficulty-chart img.chart-light").first
    kept = chart.bounding_box()
    assert kept and kept["height"] > 100, "the page keeps the chart's space before it arrives"
    chart.scroll_into_view_if_needed()
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0",
                           arg=chart.element_handle())
    fetched = [url for url in asked if "/assets/difficulty/" in url]
    assert fetched and all(url.endswith("-light.svg") for url in fetched), fetched
    assert abs(chart.bounding_box()["height"] - kept["height"]) < 1, "nothing moved"


def test_the_figures_tables_fit_a_phone_or_scroll_in_their_box(phone_page, site_url):
    """Issue 42: at 360 px the outcome table fits the column (no page-wide scroll); a chart's
    wider table scrolls inside its own box, which shows a cue (a background at its edge)."""
    page = phone_page
    for path in ("limited-horde/", "horde/", "swarm/"):
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        summary = page.locator(".difficulty-table").first
        fits = summary.evaluate("(el) => { const w = el.querySelector('.md-typeset__scrollwrap');"
                                " return w.scrollWidth <= w.clientWidth + 1; }")
        assert fits, f"{path}: the outcome table is wider than the screen"
        cue = summary.evaluate("(el) => getComputedStyle(el.querySelector("
                               "'.md-typeset__scrollwrap')).backgroundImage")
        assert "gradient" in cue


def test_the_sliders_show_their_values(phone_page, site_url):
    """Issue 42: each slider of "How hard is this?" shows its value, and follows it."""
    page = phone_page
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    page.locator("details.how-hard summary").click()
    slider = page.locator("#hd-sim-damage")
    shown = page.locator("output[for=hd-sim-damage]")
    expect(shown).to_have_text(slider.input_value())
    slider.fill("12.5")
    expect(shown).to_have_text("12.5")
