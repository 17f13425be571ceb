"""Python off the page's main thread: a PyScript worker interpreter vs the main thread (a
script, not a test; issue 17, point 4).

    .venv/bin/python bench/bench_worker.py [--runs 3] [--site DIR] [--no-lighthouse]

Builds the site and adds two copies of the shuffler page (same shell, same runtime files) whose
Python imports the engine and its Swarm controller, then says it is ready:

* ``main``: PyScript as the play pages use it today, Python on the page's main thread;
* ``worker``: PyScript's worker interpreter (``PyWorker``, without SharedArrayBuffer: the
  worker touches no DOM and hands back plain data, as the pure controllers' views are), started
  by a small module script; the page marks itself ready when the worker answers.

It prints each page's time to ready (headless Chromium, median of ``--runs`` cold loads), and
Lighthouse's mobile scores (performance, total blocking time) with bench_lighthouse.py's setup.
The worker page drops the page's CSP meta tag (PyWorker starts its worker from a blob: URL,
which the site's policy does not allow): a real page would need that allowed, or a worker file.
The machine is shared: compare the two pages within one run. Results: bench/results/worker.json.
"""

from __future__ import annotations

import html
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_lighthouse  # noqa: E402
import bench_site  # noqa: E402

MAIN_PYTHON = """
import pyengine.widgets.swarm
from js import document
document.body.setAttribute("data-bench-ready", "true")
"""
WORKER_PYTHON = """
from polyscript import xworker
import pyengine.widgets.swarm

def engine_ready():
    return "ready"

xworker.sync.engine_ready = engine_ready
"""
WORKER_JS = """import { PyWorker } from "%(core)s";
const page = (url) => new URL(url, location.href).href;
const config = %(config)s;
const files = Object.fromEntries(Object.entries(config.files).map(([k, v]) => [page(k), v]));
const interpreter = page(config.interpreter);
const worker = await PyWorker(page("./bench-worker.py"), {
  type: "pyodide", version: interpreter, config: { ...config, interpreter, files },
});
const answer = await worker.sync.engine_ready();
if (answer === "ready") document.body.setAttribute("data-bench-ready", "true");
"""
_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>')
_LOADER = re.compile(r'<script src="[^"]*widget-loading\.js"[^>]*></script>')


def prepare(site: Path) -> dict[str, str]:
    shuffler = bench_site.page_file(site, "play/shuffler")
    folder = shuffler.parent
    text = shuffler.read_text(encoding="utf-8")
    config = json.loads(html.unescape(bench_site._python_script(text).group("config")))
    core = re.search(r'data-core="([^"]+)"', text).group(1)
    (folder / "bench-main.html").write_text(bench_site.with_python(text, config, MAIN_PYTHON),
                                            encoding="utf-8")
    # The worker page: no <script type="py"> (nothing for PyScript to run on the main
    # thread), no loader, a module script that starts the worker.
    match = bench_site._python_script(text)
    worker_page = text[: match.start()] + '<script type="module" src="./bench-worker.js">' \
        "</script>" + text[match.end():]
    worker_page = _LOADER.sub("", _CSP.sub("", worker_page))
    (folder / "bench-worker.html").write_text(worker_page, encoding="utf-8")
    (folder / "bench-worker.py").write_text(WORKER_PYTHON, encoding="utf-8")
    (folder / "bench-worker.js").write_text(
        WORKER_JS % {"core": core, "config": json.dumps(config)}, encoding="utf-8")
    return {name: bench_site.url_of(site, folder / f"bench-{name}.html")
            for name in ("main", "worker")}


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=3)
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "worker.json")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    results = bench_site.new_results(runs=args.runs, pages={})
    with tempfile.TemporaryDirectory(prefix="bench-worker-") as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site)
        urls = prepare(site)
        server, base = bench_lighthouse.serve(site, compress=True)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**bench_site.launch_options())
                results["browser"] = f"Chromium {browser.version}"
                for name, url in urls.items():
                    errors: list[str] = []
                    ready = []
                    for _ in range(args.runs):
                        context = bench_site.new_context(browser, service_worker=False)
                        page = context.new_page()
                        page.on("console", lambda m, errors=errors: errors.append(m.text[:300])
                                if m.type == "error" else None)
                        try:
                            page.goto(base + url)
                            ready.append(bench_site.ready_ms(page))
                        except Exception as error:  # the experiment may fail: say how
                            errors.append(f"not ready: {error}"[:300])
                        finally:
                            context.close()
                    if not ready:
                        print(f"{name}: never ready; console errors: {errors[:4]}", flush=True)
                        urls = {k: v for k, v in urls.items() if k != name}
                        results["pages"][name] = {"console_errors": errors}
                        break
                    results["pages"][name] = {"ready_ms": bench_site.median(ready),
                                              "ready_runs": ready, "console_errors": errors}
                    print(f"{name}: ready at {bench_site.median(ready):.0f} ms"
                          + (f"; console errors: {errors[:2]}" if errors else ""), flush=True)
                browser.close()
            if not args.no_lighthouse:
                cli = bench_lighthouse.lighthouse_cli(bench_lighthouse.LIGHTHOUSE_VERSION)
                chrome = bench_lighthouse.chromium()
                for name, url in urls.items():
                    rows = []
                    for run in range(args.runs):
                        report = bench_lighthouse.run_lighthouse(
                            cli, chrome, base + url, Path(tmp) / f"{name}-{run}.json")
                        rows.append(bench_lighthouse.summarize(report))
                    med = bench_lighthouse.median_of(rows)
                    results["pages"][name]["lighthouse"] = med
                    print(f"{name}: Lighthouse performance {med['performance']}, TBT "
                          f"{med['tbt_ms']:.0f} ms, LCP {med['lcp_ms'] / 1000:.1f} s", flush=True)
        finally:
            server.shutdown()
            server.server_close()
    return bench_site.finish(results, args.output, lambda r: print(
        bench_site.load_note(r, "shared: compare within this run")))


if __name__ == "__main__":
    sys.exit(main())
