"""The rules reference in a browser: term popovers on a phone, no sideways scrolling, search.

Fixtures (tests/browser/conftest.py): ``site_url`` serves the strictly built site under a
sub-path; ``page`` and ``phone_page`` (360x740, touch) fail the test on any request that leaves
127.0.0.1 and on console or page errors.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect


def test_tapping_a_term_shows_its_definition(phone_page, site_url):
    """Glossary term links: a tap on a phone shows the definition in a popover instead of
    leaving the page; the popover links to the glossary entry; a second tap follows the link."""
    phone_page.goto(site_url + "swarm/index.html")
    term = phone_page.locator("article a.term").first
    term.scroll_into_view_if_needed()
    definition = term.get_attribute("data-def")
    href = term.get_attribute("href")
    assert definition and href and "glossary" in href
    url_before = phone_page.url

    term.tap()
    popover = phone_page.locator(".term-popover")
    expect(popover).to_be_visible()
    expect(popover).to_contain_text(definition[:40])
    expect(popover.get_by_role("link", name="Glossary entry")).to_have_attribute("href", href)
    assert phone_page.url == url_before
    box = popover.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box

    term.tap()
    expect(phone_page).to_have_url(re.compile(r"/swarm/glossary(\.html|/)#"))
    anchor = href.partition("#")[2]
    expect(phone_page.locator(f"[id='{anchor}']")).to_be_visible()


def test_popover_closes_on_tap_elsewhere(phone_page, site_url):
    """Tapping outside the popover closes it and stays on the page."""
    phone_page.goto(site_url + "horde/index.html")
    term = phone_page.locator("article a.term").first
    term.tap()
    expect(phone_page.locator(".term-popover")).to_be_visible()
    phone_page.locator("article h1").tap()
    expect(phone_page.locator(".term-popover")).to_have_count(0)


def test_mouse_click_on_term_follows_link(page, site_url):
    """With a mouse the term is an ordinary link (the definition shows on hover)."""
    page.goto(site_url + "team-commander/index.html")
    term = page.locator("article a.term").first
    href = term.get_attribute("href")
    term.click()
    expect(page).to_have_url(re.compile(re.escape(href.partition("#")[2]) + "$"))


def test_rule_number_click_sets_hash_without_errors(page, site_url):
    """rule numbers link to themselves; clicking one (which tries to copy the link) throws
    nothing, whether or not the clipboard is available."""
    page.goto(site_url + "swarm/index.html")
    number = page.locator("a.rule-no#sw-5-3")
    number.click()
    expect(page).to_have_url(re.compile(r"#sw-5-3$"))


def _pages(built_site):
    pages = sorted(
        p.relative_to(built_site).as_posix()
        for p in built_site.rglob("*.html")
        if p.name != "404.html"
        and not any(part.startswith(("assets", "search", "runtime")) for part in p.parts)
    )
    assert pages, "no pages built"
    return pages


def _empty_runtime(route):
    kind = "text/css" if route.request.url.endswith(".css") else "text/javascript"
    route.fulfill(status=200, body="", content_type=kind)


def test_no_page_scrolls_sideways_on_a_phone(phone_page, site_url, built_site):
    """Every page fits 360 px: wide tables scroll inside their own box, not the page.

    This checks layout only: the Python runtime is answered with empty files so that widget
    pages do not start Pyodide (the widgets' own tests run them).
    """
    phone_page.route("**/runtime/**", _empty_runtime)
    wide = []
    for path in _pages(built_site):
        phone_page.goto(site_url + path, wait_until="load")
        sizes = phone_page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        if sizes[0] > sizes[1]:
            wide.append(f"{path}: scrollWidth {sizes[0]} > clientWidth {sizes[1]}")
    assert not wide, "pages that scroll sideways at 360 px:\n" + "\n".join(wide)


def test_compare_table_scrolls_in_its_own_box(phone_page, site_url):
    """The side-by-side table is wider than a phone and scrolls inside its wrapper."""
    phone_page.goto(site_url + "compare.html")
    table = phone_page.locator("article table").first
    expect(table).to_be_visible()
    scroller = table.evaluate(
        """t => { for (let e = t.parentElement; e; e = e.parentElement) {
                    const s = getComputedStyle(e).overflowX;
                    if (s === 'auto' || s === 'scroll') return e.scrollWidth > e.clientWidth;
                  } return null; }"""
    )
    assert scroller is True


@pytest.mark.parametrize("query", ["Dread Level"])
def test_offline_search_finds_a_rule(page, site_url, query):
    """Material's offline search finds the Swarm Mode rules for "Dread Level"."""
    page.goto(site_url + "index.html")
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(query)  # Material reads the query on key events, not on fill()
    result = page.locator(".md-search-result__item a").first
    expect(result).to_be_visible(timeout=20_000)
    expect(result).to_have_attribute("href", re.compile(r"swarm/"))
