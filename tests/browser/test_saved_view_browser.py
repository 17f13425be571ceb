"""The saved game before Python (issue 17, point 3): a play page with a saved game shows its
last view — as text in the page's own elements — before the runtime is ready; the buttons stay
disabled and say Python is starting; once ready, the widget's own view replaces it and works.

Python is held back by keeping the runtime's requests (but its stylesheets, which the page
waits for) unanswered — the service worker is blocked, so every request goes through the
test's route — until the saved view has been checked.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import Guard, HeldRequests, wait_ready

HOSTILE = '<img src=x onerror="window.__pwned=1">'
SEED = "amber-otter-17"


def PYTHON(url: str) -> bool:  # noqa: N802 - a route pattern
    """The runtime's files but its stylesheets."""
    return "/runtime/" in url and not url.endswith(".css")


def texts(page) -> dict[str, str]:
    """Every visible [data-id] text leaf and list of the Swarm widget (not the "what just
    happened" line: it tells the last tap's result, which a reload has not made)."""
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('[data-widget=swarm] [data-id]')]
        .filter(e => !['loading', 'error', 'saved-view-note', 'happened'].includes(e.dataset.id)
                     && e.offsetParent !== null
                     && (e.tagName === 'UL' || e.tagName === 'OL' || !e.children.length)
                     && !['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName))
        .map(e => [e.dataset.id, e.tagName === 'UL' || e.tagName === 'OL'
                   ? [...e.children].map(li => li.textContent).join('\\n') : e.textContent]))""")


def test_saved_game_is_shown_before_python_and_replaced_once_ready(browser, site_url):
    """A Swarm game played two turns, then a reload with Python held back: the last view is
    on screen (same texts, buttons disabled and described as starting), and once Python is
    ready the page is the widget's own again and its buttons work."""
    context = browser.new_context(viewport={"width": 360, "height": 740},
                                  service_workers="block")
    guard = Guard()
    page = context.new_page()
    guard.attach(context, page)
    try:
        page.goto(site_url + "play/swarm.html")
        wait_ready(page, "swarm")
        page.select_option("[data-field=mode]", "hive")
        page.fill("[data-field=seed]", SEED)
        page.locator("[data-widget=swarm] [data-action=new]").click()
        for _ in range(2):
            page.locator("[data-widget=swarm] [data-action=turn]").click()
            page.locator("[data-widget=swarm] [data-action=combat]").click()  # never skipped
            page.locator("[data-widget=swarm] [data-action=end]").click()
        expect(page.locator('[data-widget=swarm] [data-id="turn"]')).to_have_text("2")
        before = texts(page)
        assert before["turn"] == "2" and before["life"]

        python = HeldRequests(page, PYTHON)
        page.reload(wait_until="domcontentloaded")
        root = page.locator("[data-widget=swarm]")
        expect(root).to_have_attribute("data-saved-view", "shown")
        assert root.get_attribute("data-ready") != "true"
        assert texts(page) == before
        turn_button = page.locator("[data-widget=swarm] [data-action=turn]")
        expect(turn_button).to_be_disabled()
        note = page.locator("[data-widget=swarm] [data-id=saved-view-note]")
        expect(note).to_contain_text("once Python has started")
        assert turn_button.get_attribute("aria-describedby") == note.get_attribute("id")
        marks = page.evaluate("performance.getEntriesByName('widget-saved-view:swarm').length")
        assert marks == 1

        python.release()
        wait_ready(page, "swarm")
        expect(root).to_have_attribute("data-saved-view", "replaced")
        expect(note).to_have_count(0)
        assert turn_button.get_attribute("aria-describedby") is None
        assert texts(page) == before
        turn_button.click()
        expect(page.locator('[data-widget=swarm] [data-id="turn"]')).to_have_text("3")
        guard.check()
    finally:
        context.close()


def test_saved_view_is_text_never_html(browser, site_url):
    """A stored view holding markup is shown as text: no element is created from it."""
    context = browser.new_context(service_workers="block")
    guard = Guard()
    page = context.new_page()
    guard.attach(context, page)
    try:
        page.route(PYTHON, lambda route: None)  # Python never starts here
        view = {"v": 1, "shown": {"turn": {"hidden": False, "text": HOSTILE},
                                  "last": {"hidden": False, "items": [[HOSTILE, "x"]]}},
                "fields": {"seed": {"value": HOSTILE, "label": None}}}
        page.goto(site_url + "play/swarm.html", wait_until="commit")
        # The key carries the site's base path (Material's __md_scope: ".." from a play page).
        page.evaluate("v => localStorage.setItem("
                      "'coop-magic:' + new URL('..', location).pathname + ':swarm:view', v)",
                      json.dumps(view))
        page.reload(wait_until="domcontentloaded")
        root = page.locator("[data-widget=swarm]")
        expect(root).to_have_attribute("data-saved-view", "shown")
        expect(page.locator('[data-widget=swarm] [data-id="turn"]')).to_have_text(HOSTILE)
        expect(page.locator('[data-widget=swarm] [data-id="last"] li')).to_have_text(HOSTILE)
        assert page.locator("[data-widget=swarm] img:not([data-id=panel-img])").count() == 0
        assert page.evaluate("window.__pwned === undefined")
        assert page.input_value("[data-field=seed]") == HOSTILE
        guard.check()
    finally:
        context.close()


#: Init script: records the script behind each read of the first-visit guide's "seen" key in
#: storage (its stack: the page's own head script, saved-view.js, or the adapter, which reads
#: every key of the site once to list its slots).
RECORD_GUIDE_READS = """window.__guideReads = [];
const coopMagicRead = Storage.prototype.getItem;
Storage.prototype.getItem = function (key) {
    if (String(key).startsWith('coop-magic:table-tools:guide:')) {
        window.__guideReads.push(new Error().stack || '');
    }
    return coopMagicRead.call(this, key);
};"""


def guide_reads(page, name: str) -> list[str]:
    """Which scripts read the guide's key on this page view: "head" (the page's own inline
    script), "saved-view.js" or "other"."""
    return ["saved-view.js" if "saved-view.js" in stack else
            "head" if f"play/{name}.html" in stack else "other"
            for stack in page.evaluate("window.__guideReads")]
#: What saved-view.js is wrapped in: the names it adds to ``window``.
BEFORE = "window.__namesBefore = Object.getOwnPropertyNames(window);\n"
AFTER = ("\nwindow.__namesAdded = Object.getOwnPropertyNames(window).filter(\n"
         "    (name) => !window.__namesBefore.includes(name) && name !== '__namesBefore');\n")


def test_the_first_visit_guide_is_set_up_once_and_adds_no_global(browser, site_url):
    """hs-2-1, sw-2-1, tc-2-2: on each play page with a guide, whether it was dismissed is read
    from storage once for the guide (the head's mark, overrides/widget.html; saved-view.js
    only turns the mark into the guide's hidden attribute, and reads nothing), on a first
    visit and after "Got it"; the guide is
    shown or hidden accordingly; and saved-view.js adds no name to ``window`` but its
    declared coopMagicSavedView (types/globals.d.ts). The site loads each page whole (no
    Material instant navigation), so a page view runs the script once."""
    context = browser.new_context(viewport={"width": 360, "height": 740},
                                  service_workers="block")
    guard = Guard()
    page = context.new_page()
    guard.attach(context, page)

    def wrapped(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=BEFORE + response.text() + AFTER)

    try:
        page.add_init_script(RECORD_GUIDE_READS)
        page.route("**/assets/saved-view.js", wrapped)
        for name in ("horde", "swarm", "team"):
            guide = page.locator(f"[data-guide={name}]")
            page.goto(site_url + f"play/{name}.html")
            wait_ready(page, name)
            expect(guide).to_be_visible()
            reads = guide_reads(page, name)
            assert reads.count("head") == 1 and "saved-view.js" not in reads, (name, reads)
            assert page.evaluate("window.__namesAdded") == ["coopMagicSavedView"], name
            assert not page.evaluate("document.documentElement.classList.contains('guide-first')")
            page.click("[data-tool=guide-close]")
            page.reload()
            wait_ready(page, name)
            expect(guide).to_be_hidden()
            reads = guide_reads(page, name)
            assert reads.count("head") == 1 and "saved-view.js" not in reads, (name, reads)
            assert page.evaluate("window.__namesAdded") == ["coopMagicSavedView"], name
        guard.check()
    finally:
        context.close()
