"""Hostile inputs on the play pages: does any of them hold up the page's thread? (a script,
not a test)

    .venv/bin/python bench/bench_inputs.py [--site DIR]

Issue 28, point 4; issue 40, point 5. The corpus (:func:`corpus`): beyond the limits (refused
at once): 5 MB of decklist lines, 100,000 short lines, random binary bytes, NUL bytes,
right-to-left text, ZWJ emoji sequences, mixed-direction letters, 290,000 characters of emoji;
just inside them (read, and shown in a box): 2,000 lines, 300,000 characters on one line, 1,000
right-to-left letters or emoji (pyengine.widgets.paste_too_big). Each is pasted into every
paste box of the deck check, the shuffler and both runners' set-up as a browser pastes
(``devtools.inputs.paste``: the real clipboard and the paste keys, or where the browser will
not, its paste event followed by the browser's own insertion: never a value set by script,
which skipped the insertion that froze the page), then its button is tapped, and uploaded
through every file input. The page's long tasks (PerformanceObserver "longtask") from the paste
or choice until the page has answered (the adapter's aria-busy clears, or the page refused at
once) are recorded, with the time to the answer and whether the page had to restart its Python.
A long task over 200 ms is a freeze, a Python the heartbeat found hung (restarted: no answer
and no progress for 4 s) a hang; each one is printed and the run exits 1. The answer times
(``answers_ms``) are the driver's view, from the page's paste or change event to the next frame
after the answer: on a loaded machine they include the driver's own waits, so they are figures
to read, not findings. Results go to bench/results/inputs.json (the Performance page's
bad-input figures: inputs tried, hangs, freezes over 200 ms). The site is built into a
temporary folder unless ``--site`` names a build.
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
from devtools import inputs  # noqa: E402
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
OBSERVE = """() => { window.__long = []; window.__input = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__long.push(Math.round(e.duration)); }).observe({type: "longtask"});
    for (const kind of ["paste", "change"]) document.addEventListener(kind, () => {
        if (!window.__input) window.__input = performance.now(); }, true); }"""
SETTLED = "() => !document.querySelector('[data-widget][aria-busy=\"true\"]')"


def corpus() -> dict[str, bytes]:
    """The inputs, by name (bytes: files are uploaded as they are; pastes decode them):
    beyond the limits (refused at once) and just inside them (read, and shown in a box)."""
    return {
        "5 MB": b"1 Llanowar Elves (M19) 314\n" * (5_000_000 // 27),
        "100,000 lines": b"1 Island\n" * 100_000,
        "binary": os.urandom(1_000_000),
        "NUL": b"\x00" * 200_000 + b"1 Island\n",
        "RTL": ("1 \u202e\u05d0\u05d1\u05d2 Island\u202c\n" * 20_000).encode(),
        "ZWJ": ("1 \U0001f468\u200d\U0001f469\u200d\U0001f467 Elf\n" * 20_000).encode(),
        # Mixed directions: each letter its own run (100,000 characters froze a box 27-40 s).
        "bidi runs": ("\u05d0a" * 50_000).encode(),
        # Just inside every limit (pyengine.widgets.MAX_PASTE_*): read, so shown in a box.
        "2,000 lines": b"1 Llanowar Elves (M19) 314\n" * 1_999,
        "ZWJ, 2,000 lines": ("1 \U0001f468\u200d\U0001f469\u200d\U0001f467 Elf\n"
                             * 1_999).encode(),
        "RTL, 1,000 letters in one line": ("1 " + "\u05d0a" * 1_000 + " Elves\n").encode(),
        "RTL, 1,000 letters in 1,000 lines": ("1 \u05d0 Island\n" * 1_000).encode(),
        "emoji, 290,000 characters": (("\U0001f468\u200d\U0001f469\u200d\U0001f467 " * 16
                                       + "\n") * 1_999).encode(),
        "300,000 characters, one line": b"ab " * 99_999,
        "emoji, 1,000 characters slow to lay out": ("1 Elf \U0001f468\u200d\U0001f469\n"
                                                    * 333).encode(),
    }


#: Opens what hides a paste box (a closed <details>, a hidden set-up part), as a player does
#: by choosing the option that shows it, so the box can take the focus and the paste.
SHOW = """(f) => { let el = document.querySelector(`[data-field="${f}"]`);
    for (; el; el = el.parentElement) { if (el.tagName === "DETAILS") el.open = true;
        if (el.hidden) el.hidden = false; } }"""
#: Empties a paste box between two inputs (not what is measured).
CLEAR = "(f) => { document.querySelector(`[data-field=\"${f}\"]`).value = ''; }"
RESTARTED = ("() => /Python stopped working/.test((document.querySelector("
             "'[data-widget] [data-id=saves-note]') || {}).textContent || '')")


def measure(page, act) -> tuple[list[int], int]:
    """The long tasks and the milliseconds from the input (the page's paste or change event,
    else ``act``'s ``ready()`` call) until the page has answered."""
    marks: dict[str, float] = {}

    def ready() -> None:
        page.evaluate("window.__long = []; window.__input = 0")
        marks["start"] = page.evaluate("performance.now()")

    ready()
    act(ready)
    page.wait_for_function(SETTLED, timeout=300_000)
    page.wait_for_function("() => new Promise((r) => requestAnimationFrame(() => r(true)))")
    # From the page's paste or change event: the test driver's own transfer of a file (5 MB
    # through the browser's protocol) is not the page's time.
    began = max(marks["start"], page.evaluate("window.__input"))
    answered = page.evaluate("performance.now()") - began
    return page.evaluate("window.__long"), round(answered)


def run(site: Path) -> dict:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[int]]] = {}
    answers: dict[str, dict[str, int]] = {}
    hangs: list[tuple[str, str, int]] = []
    routes: set[str] = set()
    with site_server.serve_site(site) as url, sync_playwright() as playwright, \
            contextlib.ExitStack() as stack:
        browser = playwright.chromium.launch(executable_path=dev_browser.chromium_path(),
                                             args=dev_browser.CHROMIUM_ARGS)
        for name, (pastes, button, uploads) in PAGES.items():
            page = browser.new_context().new_page()
            page.add_init_script(f"({OBSERVE})();")  # called: a bare function is never run
            page.goto(url + f"play/{name}.html")
            page.wait_for_selector(f"[data-widget={name}][data-ready=true]", timeout=300_000)

            def record(what: str, act, name=name, page=page) -> None:
                tasks, answered = measure(page, act)
                results.setdefault(name, {})[what] = tasks
                answers.setdefault(name, {})[what] = answered
                if page.evaluate(RESTARTED):
                    hangs.append((name, what, answered))

            for label, data in corpus().items():
                text = data.decode("utf-8", errors="replace")
                for field in pastes:
                    selector = f'[data-field="{field}"]'

                    def paste(ready, selector=selector, field=field, text=text, page=page,
                              button=button):
                        page.evaluate(SHOW, field)
                        page.evaluate(CLEAR, field)
                        routes.add(inputs.paste(page, selector, text, ready))
                        target = page.locator(f"[data-action={button}]")
                        if target.is_visible():
                            target.click()
                    record(f"paste {field}: {label}", paste)
                    page.evaluate(CLEAR, field)
                # A file on disk, chosen by path: the browser reads it as it reads a player's
                # choice (a file handed over as bytes is rebuilt by the driver in the page's
                # own thread: a 5 s task for 5 MB that was not the page's).
                chosen = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "input.txt"
                chosen.write_bytes(data)
                for field in uploads:
                    def upload(ready, field=field, chosen=chosen, page=page):
                        page.set_input_files(f"[data-file={field}]", str(chosen))
                    record(f"file {field}: {label}", upload)
            page.context.close()
        browser.close()
    return {"results": results, "answers_ms": answers, "hangs": hangs,
            "paste_routes": sorted(routes)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        site = args.site or build_site(Path(stack.enter_context(tempfile.TemporaryDirectory())))
        load_before = round(os.getloadavg()[0], 2)
        ran = run(site)
    results = ran["results"]
    findings = [(page, what, max(tasks)) for page, rows in results.items()
                for what, tasks in rows.items() if tasks and max(tasks) > LONG_TASK_MS]
    out = ROOT / "bench" / "results" / "inputs.json"
    import datetime
    import platform

    tried = sum(len(r) for r in results.values())
    out.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_1min_start": load_before, "load_1min": round(os.getloadavg()[0], 2),
        "long_task_ms": LONG_TASK_MS, "paste_routes": ran["paste_routes"],
        "inputs_tried": tried, "freezes_over_200ms": len(findings), "hangs": len(ran["hangs"]),
        "results": results, "answers_ms": ran["answers_ms"], "findings": findings,
        "hang_findings": ran["hangs"]}, indent=1) + "\n", encoding="utf-8")
    for page, what, longest in findings:
        print(f"finding: {page}, {what}: a {longest} ms long task")
    for page, what, answered in ran["hangs"]:
        print(f"hang: {page}, {what}: Python was restarted (answered after {answered} ms)")
    print(f"{tried} inputs tried ({', '.join(ran['paste_routes'])}), {len(findings)} freezes "
          f"over {LONG_TASK_MS} ms, {len(ran['hangs'])} hangs")
    return 1 if findings or ran["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
