"""Browser-test fixtures: serve the site built once per session (``built_site``, in
tests/conftest.py) under a sub-path on a free port, and give tests pages that fail on outside
requests, console errors and page errors.

Chromium comes from ``$CHROMIUM``, Debian's ``/usr/bin/chromium``, or Playwright's own build.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from devtools.browser import CHROMIUM_ARGS, chromium_path
from devtools.server import serve_site

ROOT = Path(__file__).resolve().parents[2]
#: How long the engine may take to start in a test (a generous bound, not a timing check).
ENGINE_TIMEOUT_MS = 120_000


#: Playwright's actions that can start a widget's action (a click on a button, a change of a
#: field or a file chosen).
_ACTIONS = ("click", "dblclick", "tap", "fill", "press", "select_option", "check", "uncheck",
            "set_checked", "set_input_files", "dispatch_event")
#: True once no widget is waiting for Python's answer and the latest answer's address and kept
#: view are written (docs/assets/widget-host.js writes them a frame after the screen).
_SETTLED = ("() => !document.querySelector('[data-widget][aria-busy=\"true\"]') && "
            "!(window.coopMagicWritePending && window.coopMagicWritePending())")


def settle(page) -> None:
    """Wait until no widget on ``page`` waits for Python's answer (a signal, not a sleep)."""
    try:
        page.wait_for_function(_SETTLED, timeout=ENGINE_TIMEOUT_MS)
    except PlaywrightError as error:  # the action left or reloaded the page: nothing waits
        if "context was destroyed" not in str(error) and "closed" not in str(error):
            raise


def _then_settle(method):
    @functools.wraps(method)
    def act(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        settle(self if isinstance(self, Page) else self.page)
        return result
    return act


# Python answers the play pages from a worker, so a tap's view is shown a moment after the
# click returns. The tests act as a player does, looking at the screen before the next tap:
# every action above returns once the widgets have shown their answers. (With Python on the
# page's thread the browser itself held the next step back until the answer was shown.)
for _kind in (Page, Locator):
    for _name in _ACTIONS:
        setattr(_kind, _name, _then_settle(getattr(_kind, _name)))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    executable = chromium_path()
    if executable:
        args["executable_path"] = executable
    args["args"] = list(args.get("args", [])) + CHROMIUM_ARGS
    return args


@pytest.fixture(scope="session")
def site_url(built_site) -> Iterator[str]:
    """Base URL (ending in '/') of the built site, served under a sub-path on a free port."""
    with serve_site(built_site) as url:
        yield url


#: Init script: the browser asks to save data (``navigator.connection.saveData``), the rest of
#: what it says about its connection unchanged (tests that set a connection replace it whole).
SAVE_DATA = """if (self.NetworkInformation) Object.defineProperty(NetworkInformation.prototype,
    "saveData", {configurable: true, get: () => true});"""


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname == "127.0.0.1"


#: Pyodide's whole standard library: a play page starts on the compiled one, which holds what
#: the pages import, and fetches this only to import a module left out of it (or to start
#: from source, when the compiled one fails): a page's request for it in a test not marked
#: ``whole_stdlib`` is a module the trimming left out that the pages need (issue 43, point 1).
WHOLE_STDLIB = "/runtime/pyodide/python_stdlib.zip"


class Guard:
    """Records what must not happen on a page: outside requests, console errors, page errors,
    and (unless ``whole_stdlib``) a page's request for the whole standard library."""

    def __init__(self, allowed_hosts: tuple[str, ...] = (), whole_stdlib: bool = False) -> None:
        self.allowed_hosts = allowed_hosts
        self.whole_stdlib = whole_stdlib
        self.problems: list[str] = []
        self.requests: list[str] = []

    def attach(self, context, page) -> None:
        def on_request(request):
            # The service worker precaches the site in the background after any page loads;
            # its requests are checked for leaving the server but are not the page's own.
            if getattr(request, "service_worker", None) is None:
                self.requests.append(request.url)
                if (not self.whole_stdlib
                        and urlsplit(request.url).path.endswith(WHOLE_STDLIB)):
                    self.problems.append("a page fetched the whole standard library (a module "
                                         "the compiled one left out?): " + request.url)
            host = urlsplit(request.url).hostname
            if not _is_local(request.url) and host not in self.allowed_hosts:
                self.problems.append(f"request left the local server: {request.url}")

        def route(route):
            if _is_local(route.request.url):
                route.continue_()
            else:
                route.fallback() if urlsplit(route.request.url).hostname in self.allowed_hosts \
                    else route.abort()

        context.on("request", on_request)
        context.route("**/*", route)
        if "cards.scryfall.io" not in self.allowed_hosts:
            # Card pictures start off, as on a browser saving data, so a runner reaches no
            # Scryfall lookup unless the test allows it (and stands in for Scryfall).
            page.add_init_script(SAVE_DATA)
        page.on(
            "console",
            lambda message: self.problems.append(f"console error: {message.text}")
            if message.type == "error"
            else None,
        )
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))

    def check(self) -> None:
        assert not self.problems, "\n".join(self.problems)


def _allowed_hosts(request) -> tuple[str, ...]:
    marker = request.node.get_closest_marker("allow_hosts")
    return tuple(marker.args) if marker else ()


@pytest.fixture
def guard(request) -> Guard:
    return Guard(_allowed_hosts(request),
                 request.node.get_closest_marker("whole_stdlib") is not None)


#: A folder to keep each test's last screen in, for a person to look at (unset: none taken).
SCREENSHOTS = os.environ.get("COOP_MAGIC_SCREENSHOTS", "")


def _guarded_page(context, guard, name: str = "page"):
    """A new page of ``context`` watched by ``guard``, checked when the test ends. With
    ``COOP_MAGIC_SCREENSHOTS=DIR`` the screen the test ends on is kept as ``DIR/<test>.png``."""
    page = context.new_page()
    guard.attach(context, page)
    yield page
    if SCREENSHOTS and not page.is_closed():
        folder = Path(SCREENSHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / (re.sub(r"[^\w.-]+", "-", name) + ".png")))
    guard.check()


@pytest.fixture
def page(context, guard, request):
    """A desktop-size page that fails the test on outside requests and console/page errors."""
    yield from _guarded_page(context, guard, request.node.name)


@pytest.fixture
def phone_context(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    yield context
    context.close()


@pytest.fixture
def phone_page(phone_context, guard, request):
    """A 360x740 touch page with the same guards as ``page``."""
    yield from _guarded_page(phone_context, guard, request.node.name)


def read_qr(page, selector: str) -> str | None:
    """The text of the QR code painted on the canvas ``selector``, read by the pinned jsQR as
    the live table's page loads it (served from this site); None if it reads nothing."""
    return page.evaluate("""async (selector) => {
      const jsQR = await document.querySelector('[data-widget]').coopMagicLive.jsqr();
      const canvas = document.querySelector(selector);
      const image = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height);
      return found ? found.data : null;
    }""", selector)


def wait_ready(page, widget: str) -> None:
    """Wait for a widget's machine-readable ready signal (no sleeps)."""
    page.wait_for_selector(
        f'[data-widget="{widget}"][data-ready="true"]', timeout=ENGINE_TIMEOUT_MS
    )


class HeldRequests:
    """Requests to ``pattern`` held back until ``release()``; one that arrives after the release
    goes straight through, so no request is ever left hanging (whatever the order in which the
    page asks and the test releases)."""

    def __init__(self, page: Page, pattern) -> None:
        self.held: list = []
        self.released = False
        page.route(pattern, self._route)

    def _route(self, route) -> None:
        if self.released:
            route.fallback()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.fallback()


def pytest_configure(config):
    config.addinivalue_line("markers", "allow_hosts(*hosts): hosts a browser test may reach")
    config.addinivalue_line("markers", "whole_stdlib: a page may fetch the whole standard "
                                       "library (Guard)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


__all__ = ["wait_ready", "chromium_path"]
