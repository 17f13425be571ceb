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


def test_compare_table_stacks_per_format_on_a_phone(phone_page, site_url):
    """On a phone the side-by-side table is shown one format after another (no sideways
    scrolling): each format's heading, then its cells, each labelled with its topic."""
    phone_page.goto(site_url + "compare.html")
    table = phone_page.locator("article table").first
    expect(table).to_be_visible()
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth + 1")
    order = phone_page.evaluate(
        """() => [...document.querySelectorAll('article table th, article table td')]
                .filter(e => e.offsetParent !== null)
                .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
                .map(e => e.tagName + ':' + (e.dataset.label || e.textContent.trim()))"""
    )
    headings = [item for item in order if item.startswith("TH:")]
    assert headings == ["TH:Swarm Mode", "TH:Limited Horde 2.1", "TH:SlingLab Horde",
                        "TH:Team Commander"]
    assert order[1] == "TD:Players"
    swarm_cells = order[1:order.index("TH:Limited Horde 2.1")]
    assert len(swarm_cells) == 12 and swarm_cells[-1] == "TD:Ban list"
    before = table.locator("td[data-label='Players']").first.evaluate(
        "td => getComputedStyle(td, '::before').content")
    assert "Players" in before


def test_a_tapped_term_shows_only_the_popover(phone_page, site_url):
    """A tap on a glossary term shows the project's popover and not Material's tooltip too."""
    phone_page.goto(site_url + "swarm/index.html")
    term = phone_page.locator("article a.term").nth(3)
    term.scroll_into_view_if_needed()
    term.tap()
    expect(phone_page.locator(".term-popover")).to_be_visible()
    expect(phone_page.locator(".md-tooltip2, .md-tooltip")).not_to_be_visible()


@pytest.mark.parametrize("query, anchor, page_path", [
    ("SW 5.3", "#sw-5-3", "swarm/index.html"),
    ("sw5.3", "#sw-5-3", "swarm/index.html"),
    ("sw-5-3", "#sw-5-3", "swarm/index.html"),
    ("HS 9.2", "#hs-9-2", "horde/index.html"),
])
def test_search_finds_a_rule_by_number(page, site_url, query, anchor, page_path):
    """Typing a rule number (also without its space) lists that rule first, under its page,
    and Enter opens the page at the rule."""
    page.goto(site_url + "index.html")
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(query)
    links = page.locator(".md-search-result__item a.md-search-result__link")
    expect(links.nth(1)).to_have_attribute("href", re.compile(re.escape(anchor) + "$"),
                                            timeout=20_000)
    expect(links.first).to_have_attribute("href", re.compile(re.escape(page_path)))
    search.press("Enter")
    expect(page).to_have_url(re.compile(re.escape(page_path) + r"(\?.*)?" + re.escape(anchor)
                                        + "$"))
    expect(page.locator(f"a.rule-no[href='{anchor}']").first).to_be_in_viewport()


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


def test_a_rule_number_searched_marks_that_rule_not_every_word_like_it(phone_page, site_url):
    """sw-5: a search result opened for "sw-5" (Material's link carries ?h=sw+5) marks the
    rule numbers of sw-5 and its rules (sw-5-1 …), not every "Sw" (each "Swarm") and "5" on
    the page (issue 41); the address keeps the rule's anchor and no longer the highlight, so
    Material's own highlight has nothing to split. A word searched for is still highlighted
    by Material."""
    page = phone_page
    page.goto(site_url + "swarm/index.html?h=dread")
    expect(page.locator("mark[data-md-highlight]").first).to_have_text(
        re.compile("dread", re.IGNORECASE), timeout=20_000)
    page.goto(site_url + "swarm/index.html?h=sw+5#sw-5-1")
    marks = page.locator("mark[data-md-highlight]")
    expect(marks.first).to_be_visible()
    expect(page).to_have_url(re.compile(r"swarm/index\.html#sw-5-1$"))
    texts = marks.all_inner_texts()
    assert texts == ["SW 5.1", "SW 5.2", "SW 5.3", "SW 5.4", "SW 5.5"], texts
    assert page.locator("a.rule-no mark").count() == len(texts)
