"""Hostile inputs on the play pages: does any of them hold up the page's thread? (a script,
not a test)

    .venv/bin/python bench/bench_inputs.py [--site DIR]

Issue 28, point 4. The corpus (:func:`corpus`): 5 MB of decklist lines, 100,000 short lines,
random binary bytes, NUL bytes, right-to-left text and ZWJ emoji sequences. Each is pasted into
every paste box of the deck check, the shuffler and both runners' set-up, then its button is
tapped, and uploaded through every file input; the page's long tasks (PerformanceObserver
"longtask") from the paste or choice until the page has answered (the adapter's aria-busy clears
and coop-magic:done fired, or the page refused at once) are recorded. A long task over 200 ms
is a finding; each one is printed and the run exits 1. Results go to
bench/results/inputs.json. The site is built into a temporary folder unless ``--site`` names a
build.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import browser as dev_browser  # noqa: E402
from devtools import server as site_server  # noqa: E402
from devtools.site import build_site  # noqa: E402

LONG_TASK_MS = 200
#: page -> (paste fields, the button that reads them, file inputs)
PAGES = {
    "check": (["paste", "playgroup"], "check", ["upload"]),
    "shuffler": (["paste"], "shuffle", []),
    "horde": (["deck-paste"], "new", ["deck-file", "import"]),
    "swarm": (["paste", "paste-enforcers"], "new", ["deck-file", "import"]),
}
OBSERVE = """() => { window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__long.push(Math.round(e.duration)); }).observe({type: "longtask"}); }"""
SETTLED = "() => !document.querySelector('[data-widget][aria-busy=\"true\"]')"


def corpus() -> dict[str, bytes]:
    """The inputs, by name (bytes: files are uploaded as they are; pastes decode them)."""
    return {
        "5 MB": b"1 Llanowar Elves (M19) 314\n" * (5_000_000 // 27),
        "100,000 lines": b"1 Island\n" * 100_000,
        "binary": os.urandom(1_000_000),
        "NUL": b"\x00" * 200_000 + b"1 Island\n",
        "RTL": ("1 \u202e\u05d0\u05d1\u05d2 Island\u202c\n" * 20_000).encode(),
        "ZWJ": ("1 \U0001f468\u200d\U0001f469\u200d\U0001f467 Elf\n" * 20_000).encode(),
    }


def measure(page, act) -> list[int]:
    page.evaluate("window.__long = []")
    act()
    page.wait_for_function(SETTLED, timeout=300_000)
    page.wait_for_function("() => new Promise((r) => requestAnimationFrame(() => r(true)))")
    return page.evaluate("window.__long")


def run(site: Path) -> dict:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[int]]] = {}
    with site_server.serve_site(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=dev_browser.chromium_path(),
                                             args=dev_browser.CHROMIUM_ARGS)
        for name, (pastes, button, uploads) in PAGES.items():
            page = browser.new_context().new_page()
            page.add_init_script(OBSERVE)
            page.goto(url + f"play/{name}.html")
            page.wait_for_selector(f"[data-widget={name}][data-ready=true]", timeout=300_000)
            for label, data in corpus().items():
                text = data.decode("utf-8", errors="replace")
                for field in pastes:
                    def paste(field=field, text=text, page=page, button=button):
                        page.evaluate("([f, t]) => { const el = document.querySelector("
                                      "`[data-field=\"${f}\"]`); el.value = t; el.dispatchEvent("
                                      "new Event('input', {bubbles: true})); }", [field, text])
                        target = page.locator(f"[data-action={button}]")
                        if target.is_visible():
                            target.click()
                    results.setdefault(name, {})[f"paste {field}: {label}"] = measure(page, paste)
                    page.evaluate("(f) => { document.querySelector(`[data-field=\"${f}\"]`)"
                                  ".value = ''; }", field)
                for field in uploads:
                    def upload(field=field, data=data, page=page):
                        page.set_input_files(f"[data-file={field}]", files=[{
                            "name": "input.txt", "mimeType": "text/plain", "buffer": data}])
                    results[name][f"file {field}: {label}"] = measure(page, upload)
            page.context.close()
        browser.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        site = args.site or build_site(Path(stack.enter_context(tempfile.TemporaryDirectory())))
        results = run(site)
    findings = [(page, what, max(tasks)) for page, rows in results.items()
                for what, tasks in rows.items() if tasks and max(tasks) > LONG_TASK_MS]
    out = ROOT / "bench" / "results" / "inputs.json"
    import datetime
    import platform

    out.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_1min": round(os.getloadavg()[0], 2),
        "long_task_ms": LONG_TASK_MS, "results": results, "findings": findings},
        indent=1) + "\n", encoding="utf-8")
    for page, what, longest in findings:
        print(f"finding: {page}, {what}: a {longest} ms long task")
    print(f"{sum(len(r) for r in results.values())} inputs tried, {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
