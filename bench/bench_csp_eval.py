"""Do the play pages start without 'unsafe-eval' in their policy? (a probe, not a test)

    .venv/bin/python bench/bench_csp_eval.py [--site DIR] [--starts N] [--output FILE]

Issue 28, point 7; issue 40, point 6. A copy of the built site has 'unsafe-eval' taken out of
every play page's Content-Security-Policy where it is still there (since issue 40 no page has
it: then the built pages are started as they are; the service worker's file list is written
again for changed pages, as a release would); each play page is then started ``--starts``
times (default 4: 20 starts), each in a fresh browser context (no memory snapshot, no service
worker), and a start counts as failed when the widget says it could not start or the page
reports a policy violation. The result goes to bench/results/csp-eval.json, with the PyScript
version, so the question is asked again when the pinned PyScript changes. The exit status is
1 when a start failed.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import browser as dev_browser  # noqa: E402
from devtools import server as site_server  # noqa: E402
from devtools.site import build_site  # noqa: E402
from sitebuild import offline  # noqa: E402

WATCH = """document.addEventListener("securitypolicyviolation", (event) => {
    (window.__violations = window.__violations || []).push(
        event.violatedDirective + " " + event.sourceFile + ":" + event.lineNumber + ":" +
        event.columnNumber);
});"""
SETTLED = "() => document.querySelector('[data-widget][data-ready=true], [data-ready=failed]')"


def without_eval(site: Path) -> list[str]:
    """Take 'unsafe-eval' out of the play pages' policy in ``site`` where it is; every play
    page."""
    pages = []
    for page in sorted((site / "play").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        if 'http-equiv="Content-Security-Policy"' not in text or "data-widget" not in text:
            continue
        if " 'unsafe-eval'" in text:
            page.write_text(text.replace(" 'unsafe-eval'", ""), encoding="utf-8")
        pages.append("play/" + page.name)
    offline.write_offline_files(site, "Co-op Magic Rules", "Rules and table tools.")
    return pages


def run(site: Path, starts: int) -> dict[str, list[str]]:
    """Each play page's start outcomes: "ready", or what went wrong."""
    from playwright.sync_api import sync_playwright

    outcomes: dict[str, list[str]] = {}
    with site_server.serve_site(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=dev_browser.chromium_path(),
                                             args=dev_browser.CHROMIUM_ARGS)
        for path in without_eval(site):
            for _ in range(starts):
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.add_init_script(WATCH)
                page.goto(url + path)
                page.wait_for_function(SETTLED, timeout=300_000)
                violations = page.evaluate("window.__violations || []")
                ready = page.locator("[data-widget][data-ready=true]").count() > 0
                outcome = "ready" if ready and not violations else (
                    "failed: " + "; ".join(violations or ["did not start"]))
                outcomes.setdefault(path, []).append(outcome)
                context.close()
        browser.close()
    return outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--starts", type=int, default=4, help="starts per page (default 4)")
    parser.add_argument("--output", type=Path, default=ROOT / "bench" / "results" / "csp-eval.json")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "site"
        if args.site:
            shutil.copytree(args.site, work)
        else:
            build_site(work)
        outcomes = run(work, args.starts)
    package = json.loads((ROOT / "node_modules" / "@pyscript" / "core" / "package.json")
                         .read_text(encoding="utf-8"))
    failed = sum(1 for rows in outcomes.values() for row in rows if row != "ready")
    total = sum(len(rows) for rows in outcomes.values())
    args.output.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_1min": round(os.getloadavg()[0], 2),
        "pyscript": package["version"],
        "starts": total, "failed": failed, "outcomes": outcomes}, indent=1) + "\n",
        encoding="utf-8")
    print(f"PyScript {package['version']}: {failed} of {total} starts failed without "
          "'unsafe-eval'")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
