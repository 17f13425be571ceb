"""Browser-test fixtures: build the site once, serve it under a sub-path on a free port,
and give tests pages that fail on outside requests, console errors and page errors.

Chromium comes from ``$CHROMIUM``, Debian's ``/usr/bin/chromium``, or Playwright's own build.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The site is served from a sub-path, like a GitHub Pages project site.
SUB_PATH = "/coop-magic/"
#: Flags that keep Chromium quiet on a closed network (see the project's browser notes).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
#: How long the engine may take to start in a test (a generous bound, not a timing check).
ENGINE_TIMEOUT_MS = 120_000


def chromium_path() -> str | None:
    """The Chromium to use: $CHROMIUM, then Debian's, else None (Playwright's own build)."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    executable = chromium_path()
    if executable:
        args["executable_path"] = executable
    args["args"] = list(args.get("args", [])) + CHROMIUM_ARGS
    return args


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, built once per test session with ``mkdocs build --strict``."""
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, SITE_URL="")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.fail("mkdocs build --strict failed:\n" + result.stdout + result.stderr)
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path):
        parsed = urlsplit(path).path
        if not parsed.startswith(SUB_PATH):
            return str(Path(self.directory) / "__outside_sub_path__")
        return super().translate_path("/" + parsed[len(SUB_PATH):])

    def log_message(self, format, *args):  # quiet
        pass


@contextlib.contextmanager
def serve_site(directory: Path) -> Iterator[str]:
    """Serve a built site under the sub-path on a free port; yields its base URL."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(built_site) -> Iterator[str]:
    """Base URL (ending in '/') of the built site, served under a sub-path on a free port."""
    with serve_site(built_site) as url:
        yield url


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname == "127.0.0.1"


class Guard:
    """Records what must not happen on a page: outside requests, console errors, page errors."""

    def __init__(self, allowed_hosts: tuple[str, ...] = ()) -> None:
        self.allowed_hosts = allowed_hosts
        self.problems: list[str] = []
        self.requests: list[str] = []

    def attach(self, context, page) -> None:
        def on_request(request):
            # The service worker precaches the site in the background after any page loads;
            # its requests are checked for leaving the server but are not the page's own.
            if getattr(request, "service_worker", None) is None:
                self.requests.append(request.url)
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
    return Guard(_allowed_hosts(request))


@pytest.fixture
def page(context, guard):
    """A desktop-size page that fails the test on outside requests and console/page errors."""
    page = context.new_page()
    guard.attach(context, page)
    yield page
    guard.check()


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
def phone_page(phone_context, guard):
    """A 360x740 touch page with the same guards as ``page``."""
    page = phone_context.new_page()
    guard.attach(phone_context, page)
    yield page
    guard.check()


def wait_ready(page, widget: str) -> None:
    """Wait for a widget's machine-readable ready signal (no sleeps)."""
    page.wait_for_selector(
        f'[data-widget="{widget}"][data-ready="true"]', timeout=ENGINE_TIMEOUT_MS
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "allow_hosts(*hosts): hosts a browser test may reach")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


__all__ = ["wait_ready", "chromium_path"]
