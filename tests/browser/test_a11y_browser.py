"""Accessibility in Chromium: axe-core (the project's pinned npm devDependency) finds no serious
or critical violation on any page of the built site, at phone size, in both colour schemes.

axe-core is injected into each page, so this browser context bypasses the pages'
Content-Security-Policy (which tests/browser/test_offline_browser.py checks on its own).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, wait_ready
from tests.browser.server import SUB_PATH

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
#: The rules whose outcome depends on the colour scheme, checked again in the dark scheme.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
FAILING = ("serious", "critical")
#: Material's palette toggles (mkdocs.yml): the label that switches to the other scheme.
#: Material's palette (mkdocs.yml): the radio input of each scheme. Clicked as a script would,
#: not with the pointer, which would leave a tooltip fading in over the header.
DARK = "input[data-md-color-scheme=slate]"
LIGHT = "input[data-md-color-scheme=default]"


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under the site's URL."""
    pages = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith(("runtime/", "assets/")):
            continue
        pages.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return pages


def axe_problems(page, where: str, run_only: dict) -> list[str]:
    """One line per element of each serious or critical violation axe-core finds on the page."""
    violations = page.evaluate(
        "(runOnly) => axe.run(document, {runOnly, resultTypes: ['violations']})"
        ".then((result) => result.violations)",
        run_only,
    )
    problems = []
    for violation in violations:
        if violation["impact"] not in FAILING:
            continue
        for node in violation["nodes"]:
            why = " ".join(node["failureSummary"].split())
            problems.append(
                f"{where}: {violation['id']} ({violation['impact']}) {violation['help']}; "
                f"element {' '.join(node['target'])}: {why}"
            )
    return problems


@pytest.fixture
def a11y_page(browser, guard, site_url):
    """A 360x740 touch page with the usual guards; CSP bypassed for axe, no service worker.

    404.html links to the site root (``/assets/…``) when built without SITE_URL, as the tests
    build it; deployed, those links name the site's own root. Requests outside the sub-path are
    sent into it, as they would be there.
    """
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        bypass_csp=True,
        service_workers="block",
    )
    page = context.new_page()
    guard.attach(context, page)
    origin = site_url[: -len(SUB_PATH)]

    def into_sub_path(route):
        url = route.request.url
        path = urlsplit(url).path
        if url.startswith(origin + "/") and not path.startswith(SUB_PATH):
            route.fallback(url=origin + SUB_PATH.rstrip("/") + url[len(origin) :])
        else:
            route.fallback()

    context.route("**/*", into_sub_path)
    yield page
    context.close()
    guard.check()


def test_axe_finds_no_serious_or_critical_violations_on_any_page(a11y_page, site_url, built_site):
    """Every page (home, rules, quick references, glossaries, compare, credits, performance,
    every play page once its widget is ready, 404) at 360x740: axe-core's WCAG 2 A/AA and
    best-practice rules in the light scheme, then its colour rules again in the dark scheme.
    Fails listing each serious or critical violation, page by page and element by element."""
    if not AXE.is_file():
        pytest.fail(
            f"{AXE.relative_to(ROOT)} is missing: run `npm ci` (axe-core is pinned in "
            "package.json's devDependencies)"
        )
    axe = AXE.read_text(encoding="utf-8")
    page = a11y_page
    pages = site_pages(built_site)
    assert "404.html" in pages and any(p.startswith("play/") for p in pages), pages
    problems: list[str] = []
    for path in pages:
        page.goto(site_url + path)
        for widget in page.locator("[data-widget]").evaluate_all(
            "(nodes) => nodes.map((node) => node.dataset.widget)"
        ):
            wait_ready(page, widget)
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
        page.add_script_tag(content=axe)
        problems += axe_problems(page, path or "index.html", {"type": "tag", "values": TAGS})
        page.locator(DARK).dispatch_event("click")
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        problems += axe_problems(
            page, f"{path or 'index.html'} (dark)", {"type": "rule", "values": COLOUR_RULES}
        )
        # Back to light: Material remembers the scheme for the next page.
        page.locator(LIGHT).dispatch_event("click")
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    assert not problems, f"{len(problems)} serious or critical accessibility problems:\n" + (
        "\n".join(problems)
    )
