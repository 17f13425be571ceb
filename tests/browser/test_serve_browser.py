"""``bash scripts/serve.sh`` (``mkdocs serve``) runs with a clean console: the pages' policy
allows the development server's live-reload script there (and only there: a built page allows
no inline script, tests/browser/test_offline_browser.py), and no offline copy is kept.

This starts the development server, which builds the site in its own (serve) mode."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import wait_ready

ROOT = Path(__file__).resolve().parents[2]
CSP_SELECTOR = 'meta[http-equiv="Content-Security-Policy"]'


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def dev_server_url():
    """``scripts/serve.sh`` on a free port (set-up skipped: the tests' environment has it)."""
    port = free_port()
    process = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "serve.sh")],
        cwd=ROOT, env=dict(os.environ, SKIP_SETUP="1", PORT=str(port), SITE_URL=""),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    output = []
    try:
        for line in process.stdout:  # mkdocs says when it serves; no sleeping
            output.append(line)
            if "Serving on" in line:
                break
        else:
            pytest.fail("scripts/serve.sh stopped:\n" + "".join(output))
        yield f"http://127.0.0.1:{port}/"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)


@pytest.mark.whole_stdlib  # serve.sh starts Pyodide as shipped, on the whole library
def test_served_pages_have_a_clean_console_and_live_reload_runs(page, context, dev_server_url,
                                                                guard):
    """Home, a rules page, a glossary page and a play page: no console error or page error
    (the ``page`` fixture fails on any), the live-reload script polls the server, the policy
    allows inline scripts only because this is the development server, and no service worker
    is registered; the play page starts Pyodide as shipped (the development server compiles
    nothing)."""
    polls = []
    context.on("request", lambda r: polls.append(r.url) if "/livereload/" in r.url else None)
    runtime: list[str] = []
    context.on("request", lambda r: runtime.append(r.url) if "/runtime/pyodide/" in r.url
               else None)
    for path in ("", "swarm/", "swarm/glossary.html"):
        page.goto(dev_server_url + path)
        expect(page.locator("h1").first).to_be_visible()
        expect(page.locator("html")).to_have_attribute("data-dev-server", "")
        policy = page.locator(CSP_SELECTOR).get_attribute("content")
        assert "script-src 'self' 'unsafe-inline'" in policy and "sha256-" not in policy.split(
            "style-src")[0]
        # The development server's inline script ran (the policy let it).
        assert page.evaluate("typeof livereload") == "function"
    page.goto(dev_server_url)
    expect(page.locator("[data-offline-status]")).to_contain_text("development")
    assert page.evaluate("navigator.serviceWorker.getRegistrations()"
                         ".then((r) => r.length)") == 0
    page.goto(dev_server_url + "play/shuffler.html")
    wait_ready(page, "shuffler")
    assert polls
    # issue 43, point 4: the development server compiles nothing, so its play pages start
    # Pyodide as shipped (pyodide.mjs, the source standard library), not start.mjs
    assert any(url.endswith("/pyodide.mjs") for url in runtime), runtime
    assert not any(url.endswith(("/start.mjs", "-pyc.zip")) for url in runtime), runtime
    guard.check()
