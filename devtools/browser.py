"""Chromium for the browser tests and benchmarks, and what a page sees of the connection."""

from __future__ import annotations

import os
from pathlib import Path

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

#: Init scripts for ``context.add_init_script``: what a page sees of its network connection,
#: for the service worker's download policy (docs/assets/sw-register.js).
#: A metered connection ("save data" on mobile data).
METERED = """Object.defineProperty(Navigator.prototype, "connection", {configurable: true,
    get: () => ({saveData: true, type: "cellular", effectiveType: "4g"})});"""
#: A connection the browser says is not metered (Wi-Fi).
UNMETERED = """Object.defineProperty(Navigator.prototype, "connection", {configurable: true,
    get: () => ({saveData: false, type: "wifi", effectiveType: "4g"})});"""
#: A browser that says nothing about its connection (Safari, Firefox): no
#: ``navigator.connection`` at all.
NO_CONNECTION_INFO = """delete Navigator.prototype.connection;"""


def chromium_path() -> str | None:
    """The Chromium to use: $CHROMIUM, then Debian's, else None (Playwright's own build)."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).exists():
            return candidate
    return None
