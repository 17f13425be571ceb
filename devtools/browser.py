"""Chromium for the browser tests and benchmarks, what a page sees of the connection, and the
marks a play page's Python worker leaves."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

SNAPSHOT_JS = Path(__file__).resolve().parent.parent / "docs" / "assets" / "snapshot.js"

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


def snapshot_mark_names(module: Path = SNAPSHOT_JS) -> tuple[str, str]:
    """The names of the two marks docs/assets/snapshot.js leaves in the Python worker around
    Pyodide's start from the memory snapshot (its ``MARKS``): the copy read, Pyodide started."""
    found = re.search(r"export const MARKS = (\{[^}]*\});", module.read_text(encoding="utf-8"))
    if not found:
        raise ValueError(f"{module.name} has no `export const MARKS = {{...}}`")
    marks = json.loads(re.sub(r"([{,])\s*(\w+):", r'\1"\2":', found.group(1)))
    return marks["read"], marks["started"]


def snapshot_marks(page) -> list[tuple[float, float]]:
    """For each of ``page``'s workers that left both :func:`snapshot_mark_names` marks (a start
    from the snapshot), when the copy was read and when Pyodide had started, in ms on the page's
    clock (a worker's own clock starts when the worker does)."""
    origin = float(page.evaluate("performance.timeOrigin"))
    found = []
    for worker in page.workers:
        try:
            seen = worker.evaluate(
                """(names) => ({origin: performance.timeOrigin, marks: names.map(
                    (name) => performance.getEntriesByName(name)[0]?.startTime ?? null)})""",
                list(snapshot_mark_names()))
        except Exception:  # noqa: BLE001 - a worker that ended meanwhile
            continue
        read, started = seen["marks"]
        if read is not None and started is not None:
            shift = float(seen["origin"]) - origin
            found.append((shift + float(read), shift + float(started)))
    return found
