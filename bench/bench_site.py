"""Benchmark the built site in headless Chromium (a script, not a test).

    .venv/bin/python bench/bench_site.py [--runs 5] [--site DIR] [--no-engine]

In one run, against one build of the site served from a sub-path on 127.0.0.1, it measures and
prints these ratios (goals from issue 10), and writes everything to bench/results/latest.json:

* widget ready: time to engine-ready on the shuffler page (Python in a PyScript worker, as every
  play page runs it) vs a bare PyScript + Pyodide page with the same shell: a copy of the
  shuffler page whose loader starts PyScript on the page's main thread, with a Python script
  that only marks itself ready and no engine zip — the baseline issues 10 and 17 compare
  against — cold loads, fresh browser contexts, service worker blocked (goal <= 0.85). For
  reference, also against a bare PyScript *worker* page: the same shell, a worker started as
  assets/widget-host.js starts it, whose Python only answers;
* repeat visit: reload of the shuffler once the service worker has cached everything, online and
  offline, vs the first (cold) visit in the same context (goal <= 0.25); within the online
  reloads, from the marks docs/assets/snapshot.js leaves in the Python worker, when Pyodide's
  own start from the memory snapshot began and how long it took; also a reload with only the
  browser's HTTP cache, for comparison;
* page weight: bytes the Swarm Mode rules page transfers vs the same page of a plain Material
  site (the same Markdown, incl. the glossary pages our hook generates, theme settings and
  Markdown extensions, built without our hooks' links and anchors, templates, stylesheets and
  scripts: what Material alone would send for the same rules), uncompressed as served
  and gzip-compressed as GitHub Pages would send them (goal <= 1.10). For reference also vs a
  one-page Material site with only a heading (the theme alone), and what the first visit's
  service worker fetches in the background to keep the site offline (with the Python runtime
  on a Wi-Fi connection, without it on a metered or unknown one);
* engine: the same workloads (bench/engine_workloads.py: Swarm turns, a 250-card shuffle, a
  100-card legality check) in CPython and in Pyodide in a PyScript worker, where the play pages
  run the engine (goal: Pyodide <= 2.5x slower);
* the cold start's physical floor (issue 43, point 5): the shuffler's bytes (gzip) over 10 and
  40 Mbit/s, and, measured apart, compiling Pyodide's WebAssembly and Pyodide's start from
  the HTTP cache, on the precompiled standard library and on the shipped one; beside the
  repeat visit, Pyodide alone restored from a memory snapshot of a bare start, in the page
  that made it and on a fresh load (with reading the snapshot).

Console errors on the cold loads are printed (a play page should have none).

Dropped when Python moved to a worker (issue 17, point 4): the play page's preloads of the
runtime files are gone, so the page "without preload links" and its emulated-network
comparison no longer exist; PyScript reports its start-up steps (``py:progress``) only for
Python on the page's thread, so the split of ready time into "interpreter start + own part"
is gone too.

Chromium: $CHROMIUM, else /usr/bin/chromium, else Playwright's own.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import json
import re
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import engine_workloads  # noqa: E402

from devtools import browser as dev_browser  # noqa: E402
from devtools import server as site_server  # noqa: E402
from devtools import weight as page_weight  # noqa: E402
from devtools.site import BuildError, build_site  # noqa: E402
from sitebuild import bench_goals  # noqa: E402

RESULTS = ROOT / "bench" / "results"
SUB_PATH = site_server.SUB_PATH
#: The browser tests' Chromium flags, plus headless for scripts that start Chromium themselves.
CHROMIUM_ARGS = [*dev_browser.CHROMIUM_ARGS, "--headless"]
TIMEOUT_MS = 180_000
GOALS = {
    # Issue 43: the play pages start from precompiled modules (was 1.15 before them).
    "widget_vs_bare": 0.85,
    # Issue 43 (issue 30 had 0.35; 0.7 before the memory snapshot).
    "repeat_vs_cold": 0.25,
    "offline_vs_cold": 0.25,
    "rules_vs_plain_bytes": 1.10,
    "pyodide_vs_cpython": 2.5,
    # Issue 30: the saved game on screen on the phone profile (saved_view).
    "saved_view_ms": 300,
}
#: Records, inside every page, when a widget (or the bare page) says it is ready.
READY_SCRIPT = """
(() => {
  const check = () => {
    if (window.__benchReady === undefined &&
        document.querySelector('[data-ready="true"], [data-bench-ready="true"]')) {
      window.__benchReady = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-ready", "data-bench-ready"],
  });
})();
"""
#: The site's policy (``overrides/main.html``), left out of the bare main-thread page.
_CSP_META = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"[^>]*>', re.IGNORECASE)
BARE_PYTHON = """
from js import document
document.body.setAttribute("data-bench-ready", "true")
"""
PLAIN_MKDOCS = page_weight.PLAIN_MKDOCS
#: The plain twin (devtools/weight.py): our docs/ built by Material alone.
PLAIN_TWIN_MKDOCS = page_weight.PLAIN_TWIN_MKDOCS

# ---------------------------------------------------------------------------------------------
# Building and serving


chromium_path = dev_browser.chromium_path
#: Serve a built site under the sub-path on a free port: ``(server, base URL)``.
serve = site_server.start_server
#: The request handler behind ``serve`` (static files under the sub-path only).
_Handler = site_server.SubPathHandler


def launch_options() -> dict:
    """Keyword arguments for ``playwright.chromium.launch``: the tests' Chromium and flags."""
    options: dict = {"args": CHROMIUM_ARGS}
    if chromium_path():
        options["executable_path"] = chromium_path()
    return options


def write_results(results: dict, output: Path) -> None:
    """Write a benchmark's results as JSON and say where."""
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"written to {output}")


def mkdocs_build(config: Path | None, site: Path, cwd: Path) -> None:
    try:
        build_site(site, strict=False, config=config, cwd=cwd)
    except BuildError as error:
        sys.exit(str(error))


def site_parser(doc: str, *, runs: int, runs_help: str | None = None
                ) -> argparse.ArgumentParser:
    """A bench script's parser with ``--runs`` and ``--site`` (its first line of ``doc`` as the
    description); the script adds its own options and ``--output``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--runs", type=int, default=runs, help=runs_help)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    return parser


def new_results(**fields) -> dict:
    """A benchmark's results: the date and the machine first, then ``fields`` in their order."""
    return {"date": datetime.now(UTC).isoformat(timespec="seconds"), "machine": machine(),
            **fields}


def copy_or_build(source: Path | None, site: Path, *, announce: bool = True) -> None:
    """Copy an already built site from ``source``, or build this checkout's site into ``site``."""
    if announce:
        print("building the site…", flush=True)
    if source:
        shutil.copytree(source, site)
    else:
        mkdocs_build(None, site, ROOT)


@contextlib.contextmanager
def served_chromium(site: Path) -> Iterator[tuple[object, str]]:
    """Serve ``site`` on 127.0.0.1 and launch the tests' headless Chromium; yield the browser
    and the site's base URL, then close the browser and stop the server."""
    from playwright.sync_api import sync_playwright

    server, base = serve(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            try:
                yield browser, base
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def mark_end(results: dict) -> None:
    """Note the machine's load at the end of a run (the start is in ``results["machine"]``)."""
    results["machine"]["load_average_1min_end"] = machine()["load_average_1min"]


def load_note(results: dict, note: str) -> str:
    """``machine load <start> -> <end> (<note>)`` of a finished run."""
    m = results["machine"]
    return f"machine load {m['load_average_1min']} -> {m['load_average_1min_end']} ({note})"


def finish(results: dict, output: Path, print_summary) -> int:
    """Note the end load, print the summary, write the results; the script's exit code."""
    mark_end(results)
    print_summary(results)
    write_results(results, output)
    return 0


write_twin_docs = page_weight.write_twin_docs


def page_file(site: Path, src: str) -> Path:
    """The built HTML file of ``docs/<src>.md``, with or without directory URLs."""
    for candidate in (site / src / "index.html", site / (src + ".html")):
        if candidate.is_file():
            return candidate
    sys.exit(f"no built page for {src} in {site}")


def url_of(site: Path, path: Path) -> str:
    rel = path.relative_to(site).as_posix()
    return rel[: -len("index.html")] if rel.endswith("/index.html") else rel


#: A play page's loader tag (overrides/widget.html): assets/widget-loading.js, whose attributes
#: say what starts Python after the first paint: ``data-host`` (the page's adapter module,
#: assets/widget-host.js), ``data-worker`` (the worker's Python file) and ``data-config`` (the
#: PyScript config, HTML-escaped JSON).
_LOADER = re.compile(r'<script src="[^"]*widget-loading\.js"[^>]*></script>')
#: The saved view's script in a play page's content; the bench pages' Python goes after it.
_SAVED_VIEW = re.compile(r'<script src="[^"]*saved-view\.js"></script>')
#: The bench pages' own adapters, written next to assets/widget-host.js (``install_hosts``).
MAIN_HOST = "bench-main-host.js"
WORKER_HOST = "bench-worker-host.js"
#: Python on the page's own thread, as the play pages ran it before issue 17: the page holds a
#: ``<script type="py" config=...>`` and this adapter adds PyScript's module after first paint.
MAIN_HOST_JS = """// bench/bench_site.py: PyScript on the main thread (the <script type=py>).
export function start(options) {
  const script = document.createElement("script");
  script.type = "module";
  script.src = options.core;
  script.onerror = () => options.failed && options.failed(new Error(options.core));
  document.head.appendChild(script);
}
"""
#: Python in a PyScript worker, started as assets/widget-host.js starts it (PyWorker, no
#: SharedArrayBuffer, ``sync_main_only``): the worker's Python defines ``xworker.sync.bench``,
#: whose answer (a JSON object of strings) goes on the body's dataset; then the page is ready.
WORKER_HOST_JS = """// bench/bench_site.py: a PyScript worker, started as widget-host.js does.
const absolute = (url) => new URL(url, location.href).href;
export async function start(options) {
  let answer;
  try {
    const {PyWorker} = await import(absolute(options.core));
    const files = {};
    for (const [url, target] of Object.entries(options.config.files || {})) {
      files[absolute(url)] = target;
    }
    const interpreter = absolute(options.config.interpreter);
    const worker = await PyWorker(absolute(options.worker), {
      type: "pyodide", version: interpreter,
      config: {...options.config, interpreter, files, sync_main_only: true},
    });
    answer = JSON.parse(await worker.sync.bench());
  } catch (error) {
    answer = {error: String(error && error.stack || error)};
  }
  Object.assign(document.body.dataset, answer);
  document.body.setAttribute("data-bench-ready", "true");
}
"""
#: The bare worker's Python: nothing but the answer.
BARE_WORKER_PYTHON = """
from polyscript import xworker

xworker.sync.bench = lambda: "{}"
"""
#: The engine workloads in the worker (where the play pages run the engine).
ENGINE_WORKER_PYTHON = """
import json
from polyscript import xworker


def bench():
    try:
        import engine_workloads
        return json.dumps({"benchResult": json.dumps(engine_workloads.run(%(seconds)r))})
    except Exception:
        import traceback
        return json.dumps({"error": traceback.format_exc()})


xworker.sync.bench = bench
"""


def _loader(page: str) -> re.Match:
    match = _LOADER.search(page)
    if not match:
        sys.exit("the play page has no <script src=...widget-loading.js> tag")
    return match


def _attribute(tag: str, name: str) -> str:
    match = re.search(rf'\s{name}="([^"]*)"', tag)
    if not match:
        sys.exit(f"the play page's loader tag has no {name}")
    return html.unescape(match.group(1))


def play_config(page: str) -> dict:
    """A play page's PyScript config (its loader tag's ``data-config``), without the memory
    snapshot's key: the benchmark's own pages start Python as shipped."""
    config = json.loads(_attribute(_loader(page).group(0), "data-config"))
    config.pop("snapshot", None)
    return config


def with_loader(page: str, **attributes: str) -> str:
    """The page with these attributes of its loader tag replaced (``data_host=...`` sets
    ``data-host``); the loader still starts whatever it starts after the first paint."""
    match = _loader(page)
    tag = match.group(0)
    for key, value in attributes.items():
        name = key.replace("_", "-")
        _attribute(tag, name)
        escaped = html.escape(value, quote=True)
        tag = re.sub(rf'(\s{name}=)"[^"]*"', lambda m, v=escaped: f'{m.group(1)}"{v}"', tag)
    return page[: match.start()] + tag + page[match.end():]


def _host(page: str, module: str) -> str:
    """The URL of a bench adapter, in the page's own form of the adapter's URL."""
    host = _attribute(_loader(page).group(0), "data-host")
    return host.rsplit("/", 1)[0] + "/" + module


def install_hosts(site: Path) -> None:
    """Write the bench pages' adapters next to assets/widget-host.js."""
    (site / "assets" / MAIN_HOST).write_text(MAIN_HOST_JS, encoding="utf-8")
    (site / "assets" / WORKER_HOST).write_text(WORKER_HOST_JS, encoding="utf-8")


def with_python(page: str, config: dict, body: str) -> str:
    """The play page's shell with ``body`` as Python on the page's main thread (a
    ``<script type="py">`` with ``config``, PyScript added after the first paint, as the play
    pages ran until Python moved to a worker) instead of its widget's worker. Needs
    ``install_hosts``."""
    page = with_loader(page, data_host=_host(page, MAIN_HOST))
    # A bare PyScript page has no Content-Security-Policy, and PyScript on the main thread
    # evaluates strings as JavaScript, which the site's policy (no 'unsafe-eval') refuses: the
    # bare page timed out waiting for a start that the policy had stopped.
    page, removed = _CSP_META.subn("", page, count=1)
    if not removed:
        sys.exit("the play page has no Content-Security-Policy meta tag to leave out")
    attr = html.escape(json.dumps(config, separators=(",", ":")), quote=True)
    script = f'<script type="py" config="{attr}">{body}</script>'
    match = _SAVED_VIEW.search(page)
    if not match:
        sys.exit("the play page has no saved-view.js script in its content")
    return page[: match.end()] + "\n" + script + page[match.end():]


def with_worker(page: str, config: dict, worker: str) -> str:
    """The play page's shell whose Python is the worker file ``worker`` (a URL relative to the
    page, defining ``xworker.sync.bench``) with ``config``, started as the play pages start
    theirs, instead of its widget. Needs ``install_hosts``."""
    return with_loader(page, data_host=_host(page, WORKER_HOST), data_worker=worker,
                       data_config=json.dumps(config, separators=(",", ":")))


def bare_config(config: dict) -> dict:
    """The bare pages' PyScript config: the play page's Pyodide as shipped (``pyodide.mjs``,
    its source standard library), not the play pages' start on precompiled modules
    (``start.mjs``, issue 43), so the baseline stays what a bare PyScript page gets."""
    interpreter = str(config["interpreter"])
    folder = interpreter[: interpreter.rfind("/") + 1]
    return {"interpreter": folder + "pyodide.mjs"}


def prepare_site(site: Path, plain_site: Path, twin_site: Path, seconds: float
                 ) -> dict[str, str]:
    """Write the bench pages into the (temporary) site; return their site-relative URLs."""
    install_hosts(site)
    shuffler = page_file(site, "play/shuffler")
    text = shuffler.read_text(encoding="utf-8")
    config = play_config(text)
    folder = shuffler.parent
    bare = bare_config(config)
    (folder / "bench-bare.html").write_text(with_python(text, bare, BARE_PYTHON),
                                            encoding="utf-8")
    (folder / "bench-bare-worker.py").write_text(BARE_WORKER_PYTHON, encoding="utf-8")
    (folder / "bench-bare-worker.html").write_text(
        with_worker(text, bare, "./bench-bare-worker.py"), encoding="utf-8")
    shutil.copyfile(ROOT / "bench" / "engine_workloads.py", folder / "engine_workloads.py")
    engine_config = dict(config, files={**config.get("files", {}),
                                        "./engine_workloads.py": "./engine_workloads.py"})
    (folder / "bench-engine.py").write_text(ENGINE_WORKER_PYTHON % {"seconds": seconds},
                                            encoding="utf-8")
    (folder / "bench-engine.html").write_text(
        with_worker(text, engine_config, "./bench-engine.py"), encoding="utf-8")
    (site / "bench-floor.html").write_text(FLOOR_PAGE, encoding="utf-8")
    shutil.copytree(plain_site, site / "bench-plain")
    shutil.copytree(twin_site, site / "bench-twin")
    return {
        "shuffler": url_of(site, shuffler),
        "bare": url_of(site, folder / "bench-bare.html"),
        "bare_worker": url_of(site, folder / "bench-bare-worker.html"),
        "engine": url_of(site, folder / "bench-engine.html"),
        "rules": url_of(site, page_file(site, "swarm/index")),
        "plain": "bench-plain/",
        "twin": "bench-twin/" + url_of(twin_site, page_file(twin_site, "swarm/index")),
    }


# ---------------------------------------------------------------------------------------------
# Measurements


def new_context(browser, *, service_worker: bool):
    context = browser.new_context(service_workers="allow" if service_worker else "block")
    context.add_init_script(READY_SCRIPT)
    context.route(
        "**/*",
        lambda route: route.continue_()
        if urlsplit(route.request.url).hostname == "127.0.0.1"
        or route.request.url.startswith(("data:", "blob:"))
        else route.abort(),
    )
    return context


def ready_ms(page) -> float:
    page.wait_for_function("() => window.__benchReady !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate("window.__benchReady"))


#: A good mobile connection (about "4G" at a game store): 40 ms round trip, 40 Mbit/s down.
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 40e6 / 8,
           "uploadThroughput": 10e6 / 8}


#: Console errors seen on cold loads, by URL (a play page must show none).
CONSOLE_ERRORS: dict[str, list[str]] = {}


def cold_ready(browser, url: str, network: dict | None = None) -> float:
    context = new_context(browser, service_worker=False)
    try:
        page = context.new_page()
        page.on("console", lambda m: CONSOLE_ERRORS.setdefault(url, []).append(m.text[:300])
                if m.type == "error" else None)
        page.on("pageerror", lambda e: CONSOLE_ERRORS.setdefault(url, []).append(str(e)[:300]))
        if network:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", network)
        page.goto(url)
        return ready_ms(page)
    finally:
        context.close()


@contextlib.contextmanager
def cold_visit(browser, url: str, *, service_worker: bool) -> Iterator[tuple[object, float]]:
    """A fresh context's page after a first (cold) visit to ``url``, and its ready time;
    the context closes afterwards."""
    context = new_context(browser, service_worker=service_worker)
    try:
        page = context.new_page()
        page.goto(url)
        yield page, ready_ms(page)
    finally:
        context.close()


def wait_snapshot(page) -> str:
    """Wait until the play page has made its memory snapshot (or said it could not:
    docs/assets/snapshot.js's <html data-snapshot>), as a first visit does once it is ready and
    idle; the state."""
    page.wait_for_function(
        "() => ['made', 'not-made'].includes("
        "document.documentElement.getAttribute('data-snapshot'))"
        " || !document.querySelector('script[data-config*=snapshot]')", timeout=TIMEOUT_MS)
    return str(page.evaluate("document.documentElement.getAttribute('data-snapshot')"))


def snapshot_state(page) -> str:
    """How the last start went: "loaded" (from the snapshot), "normal" or "dropped"."""
    page.wait_for_function(
        "() => ['loaded', 'normal', 'dropped'].includes("
        "document.documentElement.getAttribute('data-snapshot'))", timeout=TIMEOUT_MS)
    return str(page.evaluate("document.documentElement.getAttribute('data-snapshot')"))


# -- the phone profile (bench_phone.py, repeat_visits, the saved view) ---------------------------
CPU_SLOWDOWN = 4
#: DevTools' "Fast 4G" preset (its round trip already multiplied as DevTools does).
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8,
                 "uploadThroughput": 1.5e6 / 8}
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
SAVED_MARK = "performance.getEntriesByName('widget-saved-view:swarm')[0]?.startTime ?? null"


def context_for(browser, *, phone: bool, service_worker: bool):
    context = browser.new_context(**(PHONE if phone else {}),
                                  service_workers="allow" if service_worker else "block")
    context.add_init_script(READY_SCRIPT)
    context.route("**/*", lambda route: route.continue_()
                  if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                  else route.abort())
    return context


def throttle(context, page, *, phone: bool) -> None:
    if not phone:
        return
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)


def wait_kept(page) -> None:
    page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
            await new Promise((resolve) => navigator.serviceWorker.addEventListener(
                "controllerchange", resolve, {once: true}));
        }
    }""")
    page.wait_for_selector('html[data-offline="runtime-kept"]', state="attached",
                           timeout=TIMEOUT_MS)


@contextlib.contextmanager
def kept_page(browser, url: str, *, phone: bool) -> Iterator:
    """A fresh context (service worker on) whose page opened ``url``, is ready and has the
    runtime kept by the service worker; the context closes afterwards."""
    context = context_for(browser, phone=phone, service_worker=True)
    try:
        page = context.new_page()
        throttle(context, page, phone=phone)
        page.goto(url, timeout=TIMEOUT_MS)
        ready_ms(page)
        wait_kept(page)
        wait_snapshot(page)  # a returning table: the first visit made it
        yield page
    finally:
        context.close()


def saved_view(browser, url: str, *, phone: bool) -> dict[str, float]:
    """A Swarm game started and played a turn, then a reload: saved view vs ready."""
    with kept_page(browser, url, phone=phone) as page:
        page.select_option("[data-field=mode]", "hive")
        page.fill("[data-field=seed]", "amber-otter-17")
        page.locator("[data-widget=swarm] [data-action=new]").click()
        page.locator("[data-widget=swarm] [data-action=turn]").click()
        page.wait_for_selector('[data-widget=swarm] [data-id="turn"]:text("1")')
        page.reload(timeout=TIMEOUT_MS)
        ready = ready_ms(page)
        shown = page.evaluate(SAVED_MARK)
        if shown is None:
            raise RuntimeError("the saved view was not shown")
        paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]"
                              "?.startTime ?? NaN")
        return {"saved_view": float(shown), "first_paint": float(paint), "ready": ready}



def repeat_visits(browser, url: str, *, phone: bool = False) -> dict[str, float]:
    """Cold visit, then reloads from the service worker's cache, online and offline: on the
    desktop, or on bench_phone.py's phone profile (360 px touch screen, CPU 4x slower on the
    page's thread, "Fast 4G" network)."""
    if phone:
        return _phone_repeat_visits(browser, url)
    with cold_visit(browser, url, service_worker=True) as (page, cold):
        return _reloads(page, cold)


def _phone_repeat_visits(browser, url: str) -> dict[str, float]:
    context = context_for(browser, phone=True, service_worker=True)
    try:
        page = context.new_page()
        throttle(context, page, phone=True)
        page.goto(url, timeout=TIMEOUT_MS)
        return _reloads(page, ready_ms(page))
    finally:
        context.close()


def pyodide_steps(page) -> dict[str, float] | None:
    """Where Pyodide's own start fell in the page view just loaded (a start from the memory
    snapshot): ``pyodide_from``, when it began (the page, the worker's modules and reading the
    copy before it), and ``pyodide_ms``, how long it took, both in ms on the page's clock, from
    the marks docs/assets/snapshot.js leaves in the worker; None when no worker has them."""
    marks = dev_browser.snapshot_marks(page)
    if not marks:
        return None
    read, started = marks[0]
    return {"pyodide_from": round(read, 1), "pyodide_ms": round(started - read, 1)}


def steps_summary(visits: list[dict]) -> dict[str, float]:
    """Medians of :func:`pyodide_steps` over the visits' online reloads (none when no reload
    left the marks): when Pyodide's start began and how long it took, in ms."""
    steps = [step for visit in visits for step in visit.get("pyodide_steps", [])[:2] if step]
    if not steps:
        return {}
    return {"pyodide_from_median_ms": round(median([s["pyodide_from"] for s in steps])),
            "pyodide_start_median_ms": round(median([s["pyodide_ms"] for s in steps]))}


def _reloads(page, cold: float) -> dict:
    """Reloads of a first-visited page once the runtime is kept and the snapshot made."""
    page.evaluate(
        """async () => {
            await navigator.serviceWorker.ready;
            if (!navigator.serviceWorker.controller) {
                await new Promise((resolve) => navigator.serviceWorker.addEventListener(
                    "controllerchange", resolve, {once: true}));
            }
        }"""
    )
    # The play page asks the worker to keep the runtime once it is ready: wait for that.
    page.wait_for_selector('html[data-offline="runtime-kept"]', state="attached",
                           timeout=TIMEOUT_MS)
    made = wait_snapshot(page)  # the first visit makes it once ready and idle
    page.reload()
    warm = ready_ms(page)
    starts = [snapshot_state(page) if made == "made" else "normal"]
    steps = [pyodide_steps(page)]
    page.reload()
    again = ready_ms(page)
    starts.append(snapshot_state(page) if made == "made" else "normal")
    steps.append(pyodide_steps(page))
    page.context.set_offline(True)
    page.reload()
    offline = ready_ms(page)
    starts.append(snapshot_state(page) if made == "made" else "normal")
    steps.append(pyodide_steps(page))
    page.context.set_offline(False)
    return {"cold": cold, "cache": warm, "cache_again": again, "offline": offline,
            "snapshot": made, "starts": starts, "pyodide_steps": steps}


def http_cache_visit(browser, url: str) -> dict[str, float]:
    """Cold visit and a reload with only the HTTP cache (service worker blocked)."""
    with cold_visit(browser, url, service_worker=False) as (page, cold):
        page.goto(url)  # a navigation, not reload(): reload revalidates every file
        return {"cold": cold, "http_cache": ready_ms(page)}


def page_bytes(browser, url: str, *, search: bool = False) -> dict:
    """Bytes a page transfers until the network is idle (fresh context, no service worker):
    ``devtools.weight.transferred`` (``search``: and once the reader opens the search)."""
    context = new_context(browser, service_worker=False)
    try:
        return page_weight.transferred(context.new_page(), url, search=search)
    finally:
        context.close()


def offline_copy_bytes(browser, url: str, *, metered: bool) -> dict:
    """What the service worker fetches in the background on a first visit to ``url`` (the
    offline copy of the site), and how much of it is the Python runtime: all of it on a
    connection the browser says is Wi-Fi, none on a metered one (assets/sw-register.js)."""
    context = new_context(browser, service_worker=True)
    context.add_init_script(dev_browser.METERED if metered else dev_browser.UNMETERED)
    fetched: list = []
    context.on("requestfinished", lambda request: fetched.append(request)
               if request.service_worker is not None else None)
    try:
        page = context.new_page()
        page.goto(url)
        state = "registered" if metered else "runtime-kept"
        page.wait_for_selector(f'html[data-offline="{state}"]', state="attached",
                               timeout=TIMEOUT_MS)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        total = runtime = 0
        for request in fetched:
            size = request.sizes()["responseBodySize"]
            total += size
            if "/runtime/" in request.url:
                runtime += size
        return {"bytes": total, "requests": len(fetched), "runtime_bytes": runtime}
    finally:
        context.close()


def pyodide_engine(browser, url: str) -> dict:
    context = new_context(browser, service_worker=False)
    try:
        page = context.new_page()
        page.goto(url)
        ready_ms(page)
        error = page.locator("body").get_attribute("data-error")
        if error:
            sys.exit(f"{url}: the workloads failed in Pyodide:\n{error}")
        return json.loads(page.locator("body").get_attribute("data-bench-result"))
    finally:
        context.close()


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ratio(a: float, b: float) -> float:
    return round(a / b, 3) if b else float("nan")


# ---------------------------------------------------------------------------------------------
# Main


#: The machine a run is on (sitebuild/bench_goals.py: run_all records the same).
machine = bench_goals.machine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads per page (median)")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="minimum time per engine workload")
    parser.add_argument("--no-engine", action="store_true", help="skip the engine workloads")
    parser.add_argument("--desktop-only", action="store_true", help="skip the phone profile")
    parser.add_argument("--output", type=Path, default=RESULTS / "latest.json")
    args = parser.parse_args(argv)

    results = new_results(runs=args.runs, goals=GOALS)
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        tmp_path = Path(tmp)
        site = tmp_path / "site"
        copy_or_build(args.site, site)
        plain_src = tmp_path / "plain"
        (plain_src / "docs").mkdir(parents=True)
        (plain_src / "docs" / "index.md").write_text("# A plain page\n", encoding="utf-8")
        (plain_src / "mkdocs.yml").write_text(PLAIN_MKDOCS, encoding="utf-8")
        mkdocs_build(plain_src / "mkdocs.yml", tmp_path / "plain-site", plain_src)
        twin_src = tmp_path / "twin"
        write_twin_docs(twin_src / "docs")
        (twin_src / "mkdocs.yml").write_text(PLAIN_TWIN_MKDOCS, encoding="utf-8")
        mkdocs_build(twin_src / "mkdocs.yml", tmp_path / "twin-site", twin_src)
        urls = prepare_site(site, tmp_path / "plain-site", tmp_path / "twin-site", args.seconds)
        with served_chromium(site) as (browser, base):
            results["browser"] = f"Chromium {browser.version}"
            measure(browser, base, urls, args, results)
    return finish(results, args.output, print_summary)


#: A page at the site's root that times, from the HTTP cache (the files fetched once before):
#: compiling Pyodide's WebAssembly alone, then Pyodide's whole start, on the precompiled
#: standard library (as the play pages start) and on the shipped one. With ``?restore`` it
#: times instead, as its whole work on a fresh load, Pyodide's start from the bare snapshot
#: the plain load stored (a repeat visit's floor in a page that has not run Pyodide yet, so
#: its WebAssembly is compiled as on a play page's reload), and reading that snapshot.
FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor bench</title></head>
<body><script type="module">
const index = new URL("./runtime/pyodide/", location.href).href;
const stdLibURL = index + "python_stdlib-pyc.zip";
const out = {};

async function startsAndRestore() {
  const wasm = await (await fetch(index + "pyodide.asm.wasm")).arrayBuffer();
  let t = performance.now();
  await WebAssembly.compile(wasm);
  out.wasm_compile_ms = performance.now() - t;
  const { loadPyodide } = await import(index + "pyodide.mjs");
  for (const [key, stdlib] of [["start_precompiled_ms", "python_stdlib-pyc.zip"],
                               ["start_source_ms", "python_stdlib.zip"]]) {
    await (await fetch(index + stdlib)).arrayBuffer();
    t = performance.now();
    await loadPyodide({ indexURL: index, stdLibURL: index + stdlib });
    out[key] = performance.now() - t;
  }
  // A repeat visit's floor: Pyodide alone restored from a memory snapshot of a bare start
  // (the calls assets/snapshot.js makes; no engine, no PyScript, no page around it).
  const made = await loadPyodide({ indexURL: index, stdLibURL, _makeSnapshot: true });
  const snapshot = made.makeMemorySnapshot();
  out.snapshot_bytes = snapshot.length;
  t = performance.now();
  await loadPyodide({ indexURL: index, stdLibURL, _loadSnapshot: snapshot });
  out.restore_ms = performance.now() - t;
  await (await caches.open("bench-floor")).put("snapshot", new Response(snapshot));
}

// The same restore on a fresh load (?restore), from the snapshot the load above kept.
async function freshRestore() {
  let t = performance.now();
  const hit = await (await caches.open("bench-floor")).match("snapshot");
  if (!hit) throw new Error("no snapshot kept: the page's plain load keeps one first");
  const kept = new Uint8Array(await hit.arrayBuffer());
  out.fresh_read_ms = performance.now() - t;
  const { loadPyodide } = await import(index + "pyodide.mjs");
  t = performance.now();
  await loadPyodide({ indexURL: index, stdLibURL, _loadSnapshot: kept });
  out.fresh_restore_ms = performance.now() - t;
}

try {
  await (new URLSearchParams(location.search).has("restore") ? freshRestore()
                                                             : startsAndRestore());
} catch (error) {
  out.error = String(error && error.stack || error);
}
document.body.dataset.floor = JSON.stringify(out);
</script></body></html>
"""
#: Link speeds the download floor is worked out for (bits per second).
FLOOR_LINKS = {"10 Mbit/s": 10e6, "40 Mbit/s": 40e6}


def physical_floor(browser, base: str, shuffler: dict, runs: int) -> dict:
    """What no code change can beat on a first visit (issue 43, point 5): the shuffler's bytes
    (gzip, as the cold visit transfers them) over 10 and 40 Mbit/s, and, measured separately
    in this browser, compiling Pyodide's WebAssembly and Pyodide's start (medians of
    ``runs``; the start includes its own compile, which the browser may take from its code
    cache); and a repeat visit's floor: Pyodide alone restored from a snapshot of a bare
    start, in the page that made it and on a fresh load of the page (``?restore``)."""
    context = new_context(browser, service_worker=False)
    measured: list[dict] = []
    try:
        page = context.new_page()
        for _ in range(runs):
            found: dict = {}
            for query in ("", "?restore"):
                page.goto(base + "bench-floor.html" + query)
                page.wait_for_function("document.body.dataset.floor", timeout=TIMEOUT_MS)
                found.update(json.loads(page.evaluate("document.body.dataset.floor")))
                if "error" in found:
                    break
            measured.append(found)
    finally:
        context.close()
    errors = [m["error"] for m in measured if "error" in m]
    timed = {key: round(median([m[key] for m in measured if key in m]))
             for key in ("wasm_compile_ms", "start_precompiled_ms", "start_source_ms",
                         "restore_ms", "fresh_read_ms", "fresh_restore_ms")
             if any(key in m for m in measured)}
    download = shuffler["gzip_bytes"]
    return {"download_gzip_bytes": download,
            "download_ms": {link: round(download * 8 / bits * 1000)
                            for link, bits in FLOOR_LINKS.items()},
            **timed, "runs": measured, "errors": errors}


def measure(browser, base: str, urls: dict[str, str], args, results: dict) -> None:
    # Warm the server's and the OS's file caches once, untimed.
    cold_ready(browser, base + urls["shuffler"])

    timings: dict[str, list[float]] = {"widget": [], "bare": [], "bare_worker": []}
    order = [("widget", "shuffler"), ("bare", "bare"), ("bare_worker", "bare_worker")]
    for run in range(args.runs):
        for key, page in order if run % 2 == 0 else list(reversed(order)):
            timings[key].append(cold_ready(browser, base + urls[page]))
        print(f"  cold run {run + 1}/{args.runs}: " + ", ".join(
            f"{k} {v[-1]:.0f} ms" for k, v in timings.items()), flush=True)
    widget, bare, bare_worker = (median(timings[k]) for k in ("widget", "bare", "bare_worker"))
    results["ready"] = {
        "widget_ms": timings["widget"], "bare_ms": timings["bare"],
        "bare_worker_ms": timings["bare_worker"],
        "widget_median_ms": round(widget), "bare_median_ms": round(bare),
        "bare_worker_median_ms": round(bare_worker),
        "widget_vs_bare": ratio(widget, bare),
        "widget_vs_bare_worker": ratio(widget, bare_worker),
        "bare_worker_vs_bare": ratio(bare_worker, bare),
        "console_errors": {url.removeprefix(base): errors
                           for url, errors in CONSOLE_ERRORS.items()},
    }

    repeats = [repeat_visits(browser, base + urls["shuffler"]) for _ in range(args.runs)]
    http_only = [http_cache_visit(browser, base + urls["shuffler"]) for _ in range(args.runs)]
    cold = median([r["cold"] for r in repeats])
    cache = median([r[key] for r in repeats for key in ("cache", "cache_again")])
    offline = median([r["offline"] for r in repeats])
    http_cold = median([r["cold"] for r in http_only])
    http_warm = median([r["http_cache"] for r in http_only])
    results["repeat"] = {
        "visits": repeats, "http_cache_visits": http_only,
        "cold_median_ms": round(cold), "cache_median_ms": round(cache),
        "offline_median_ms": round(offline),
        "repeat_vs_cold": ratio(cache, cold), "offline_vs_cold": ratio(offline, cold),
        "http_cache_vs_cold": ratio(http_warm, http_cold),
        **steps_summary(repeats),
    }
    print("  repeat visits measured", flush=True)

    if not args.desktop_only:
        measure_phone(browser, base, urls, args, results)

    rules = page_bytes(browser, base + urls["rules"])
    twin = page_bytes(browser, base + urls["twin"])
    # issue 43: the rules page fetches the search index when the reader reaches for search
    # (assets/search-on-demand.js); the twin fetches it as it loads, as Material does
    rules_searched = page_bytes(browser, base + urls["rules"], search=True)
    plain = page_bytes(browser, base + urls["plain"])
    shuffler = page_bytes(browser, base + urls["shuffler"])
    background = offline_copy_bytes(browser, base + urls["rules"], metered=False)
    background_metered = offline_copy_bytes(browser, base + urls["rules"], metered=True)

    def without_index(measured: dict, key: str) -> int:
        return measured[key] - sum(f[key] for f in measured["files"]
                                   if f["path"].endswith("search_index.json"))

    results["bytes"] = {
        "rules_page": urls["rules"], "rules": rules, "twin": twin, "plain": plain,
        "shuffler": shuffler, "offline_copy": background,
        "offline_copy_metered": background_metered,
        "rules_vs_plain_bytes": ratio(rules["bytes"], twin["bytes"]),
        "rules_vs_plain_gzip": ratio(rules["gzip_bytes"], twin["gzip_bytes"]),
        "rules_searched": {k: v for k, v in rules_searched.items() if k != "files"},
        "rules_vs_plain_gzip_with_search": ratio(rules_searched["gzip_bytes"],
                                                 twin["gzip_bytes"]),
        # The theme alone: a one-page Material site whose only page is a heading.
        "rules_vs_one_line_bytes": ratio(rules["bytes"], plain["bytes"]),
        "rules_vs_one_line_gzip": ratio(rules["gzip_bytes"], plain["gzip_bytes"]),
        # Material loads the whole site's search index on every page: ours holds every rule.
        "rules_vs_plain_gzip_without_search_index": ratio(
            without_index(rules, "gzip_bytes"), without_index(twin, "gzip_bytes")),
        # The shell: everything but the page's own HTML and the search index (theme, our CSS
        # and scripts, the service worker's registration).
        "rules_vs_plain_gzip_shell": ratio(
            without_index(rules, "gzip_bytes") - rules["files"][0]["gzip_bytes"],
            without_index(twin, "gzip_bytes") - twin["files"][0]["gzip_bytes"]),
    }
    print("  page bytes measured", flush=True)
    results["floor"] = physical_floor(browser, base, shuffler, args.runs)
    print("  physical floor measured", flush=True)

    results["engine"] = {}
    if not args.no_engine:
        # Alternate the two runtimes and keep each workload's best time: on a busy machine the
        # minimum is the least disturbed measurement.
        rounds: dict[str, list[dict]] = {"pyodide": [], "cpython": []}
        for turn in range(ENGINE_ROUNDS):
            print(f"  engine workloads, round {turn + 1}/{ENGINE_ROUNDS}…", flush=True)
            rounds["pyodide"].append(pyodide_engine(browser, base + urls["engine"]))
            rounds["cpython"].append(engine_workloads.run(args.seconds))
        results["engine"] = {name: best_of(runs) for name, runs in rounds.items()}
        results["engine"]["rounds"] = rounds
        summarize_engine(results)


def measure_phone(browser, base: str, urls: dict[str, str], args, results: dict) -> None:
    """Issue 30, point 2, on bench_phone.py's phone profile: the shuffler's repeat and offline
    visits against its cold first visit, and the saved Swarm game on screen on a repeat visit
    (saved_view: navigation to the ``widget-saved-view:swarm`` mark)."""

    repeats = []
    for run in range(args.runs):
        repeats.append(repeat_visits(browser, base + urls["shuffler"], phone=True))
        print(f"  phone repeat run {run + 1}/{args.runs}: " + ", ".join(
            f"{k} {v:.0f} ms" for k, v in repeats[-1].items() if isinstance(v, float)),
            flush=True)
    cold = median([r["cold"] for r in repeats])
    cache = median([r[key] for r in repeats for key in ("cache", "cache_again")])
    offline = median([r["offline"] for r in repeats])
    swarm = base + url_of_page(urls, "swarm")
    views = [saved_view(browser, swarm, phone=True) for _ in range(args.runs)]
    shown = median([v["saved_view"] for v in views])
    results["phone"] = {
        "profile": {"cpu_slowdown": CPU_SLOWDOWN,
                    "network": PHONE_NETWORK, **PHONE},
        "visits": repeats, "cold_median_ms": round(cold), "cache_median_ms": round(cache),
        "offline_median_ms": round(offline),
        "repeat_vs_cold": ratio(cache, cold), "offline_vs_cold": ratio(offline, cold),
        "saved_view_runs": [round(v["saved_view"]) for v in views],
        "saved_view_ms": round(shown),
        "saved_view_ready_ms": round(median([v["ready"] for v in views])),
    }
    print("  phone profile measured", flush=True)


def url_of_page(urls: dict[str, str], name: str) -> str:
    """A play page's URL relative to the base: ``urls[name]`` or the shuffler's sibling."""
    if name in urls:
        return urls[name]
    shuffler = urls["shuffler"]
    return shuffler.replace("shuffler", name)


#: Rounds of engine workloads per runtime (alternating).
ENGINE_ROUNDS = 3
#: The time field of each engine workload.
ENGINE_TIMES = {"swarm_turns": "ms_per_turn", "shuffle_250": "ms", "legality_100": "ms"}


def best_of(runs: list[dict]) -> dict:
    best = dict(runs[0])
    for workload, field in ENGINE_TIMES.items():
        best[workload] = min((run[workload] for run in runs), key=lambda r: r[field])
    return best


def summarize_engine(results: dict) -> None:
    cp, py = results["engine"]["cpython"], results["engine"]["pyodide"]
    results["engine"]["pyodide_vs_cpython"] = {
        "swarm_turn": ratio(py["swarm_turns"]["ms_per_turn"], cp["swarm_turns"]["ms_per_turn"]),
        "shuffle_250": ratio(py["shuffle_250"]["ms"], cp["shuffle_250"]["ms"]),
        "legality_100": ratio(py["legality_100"]["ms"], cp["legality_100"]["ms"]),
    }


def _verdict(value: float, goal: float) -> str:
    return "ok" if value <= goal else "over the goal"


def print_summary(results: dict) -> None:
    m = results["machine"]
    print()
    print(f"{results['date']}  {results.get('browser', '')}  {m['cpu']} ({m['cores']} cores), "
          f"load average {m['load_average_1min']} at the start, "
          f"{m.get('load_average_1min_end')} at the end")
    ready, repeat, weight = results["ready"], results["repeat"], results["bytes"]
    rows = [
        ("widget ready vs bare PyScript page", ready["widget_vs_bare"], "widget_vs_bare",
         f"{ready['widget_median_ms']} vs {ready['bare_median_ms']} ms"),
        ("repeat visit (service worker) vs cold", repeat["repeat_vs_cold"], "repeat_vs_cold",
         f"{repeat['cache_median_ms']} vs {repeat['cold_median_ms']} ms"),
        ("offline visit vs cold", repeat["offline_vs_cold"], "offline_vs_cold",
         f"{repeat['offline_median_ms']} vs {repeat['cold_median_ms']} ms"),
        ("rules page bytes vs plain Material page", weight["rules_vs_plain_bytes"],
         "rules_vs_plain_bytes", f"{weight['rules']['bytes']:,} vs {weight['twin']['bytes']:,}"),
        ("  the same, gzip-compressed", weight["rules_vs_plain_gzip"], "rules_vs_plain_bytes",
         f"{weight['rules']['gzip_bytes']:,} vs {weight['twin']['gzip_bytes']:,}"),
    ]
    phone = results.get("phone")
    if phone:
        rows += [
            ("phone: repeat visit vs cold", phone["repeat_vs_cold"], "repeat_vs_cold",
             f"{phone['cache_median_ms']} vs {phone['cold_median_ms']} ms"),
            ("phone: offline visit vs cold", phone["offline_vs_cold"], "offline_vs_cold",
             f"{phone['offline_median_ms']} vs {phone['cold_median_ms']} ms"),
        ]
    engine = results.get("engine", {})
    if "pyodide_vs_cpython" in engine:
        cp, py = engine["cpython"], engine["pyodide"]
        for key, label, unit in (("swarm_turn", "Swarm turn", ("swarm_turns", "ms_per_turn")),
                                 ("shuffle_250", "250-card shuffle", ("shuffle_250", "ms")),
                                 ("legality_100", "100-card legality check",
                                  ("legality_100", "ms"))):
            rows.append((f"{label}: Pyodide vs CPython", engine["pyodide_vs_cpython"][key],
                         "pyodide_vs_cpython",
                         f"{py[unit[0]][unit[1]]:.2f} vs {cp[unit[0]][unit[1]]:.2f} ms"))
    print(f"{'measure':<42} {'ratio':>7} {'goal':>6}  {'':<14} detail")
    for label, value, goal_key, detail in rows:
        goal = results["goals"][goal_key]
        print(f"{label:<42} {value:>7.3f} {goal:>6.2f}  {_verdict(value, goal):<14} {detail}")
    print(f"{'widget ready vs bare PyScript worker page':<42} "
          f"{ready['widget_vs_bare_worker']:>7.3f} {'':>6}  {'(reference)':<14} "
          f"{ready['widget_median_ms']} vs {ready['bare_worker_median_ms']} ms")
    print(f"{'bare worker page vs bare main-thread page':<42} "
          f"{ready['bare_worker_vs_bare']:>7.3f} {'':>6}  {'(reference)':<14} "
          f"{ready['bare_worker_median_ms']} vs {ready['bare_median_ms']} ms")
    if "pyodide_start_median_ms" in repeat:
        share = ratio(repeat["pyodide_start_median_ms"], repeat["cold_median_ms"])
        print(f"{'repeat visit: Pyodide start vs cold':<42} {share:>7.3f} {'':>6}  "
              f"{'(reference)':<14} {repeat['pyodide_start_median_ms']} ms, from "
              f"{repeat['pyodide_from_median_ms']} ms on")
    if phone:
        verdict = _verdict(phone["saved_view_ms"], GOALS["saved_view_ms"])
        print(f"{'phone: saved game on screen (ms)':<42} {phone['saved_view_ms']:>7} "
              f"{GOALS['saved_view_ms']:>6}  {verdict:<14} runs {phone['saved_view_runs']}, "
              f"ready at {phone['saved_view_ready_ms']} ms")
    starts = [s for r in repeat["visits"] + (phone or {}).get("visits", []) for s in r["starts"]]
    print(f"repeat-visit starts: {starts.count('loaded')} of {len(starts)} from the snapshot")
    for url, errors in ready["console_errors"].items():
        print(f"console errors on {url}: {errors[:3]}")
    floor = results.get("floor")
    if floor:
        links = ", ".join(f"{ms:,} ms at {link}" for link, ms in floor["download_ms"].items())
        print(f"{'cold start floor: download':<42} {floor['download_gzip_bytes']:,} bytes gzip: "
              f"{links}")
        print(f"{'cold start floor: wasm compile / start':<42} "
              f"{floor.get('wasm_compile_ms')} ms / {floor.get('start_precompiled_ms')} ms "
              f"precompiled, {floor.get('start_source_ms')} ms from source (cached files)"
              + (f"; errors {floor['errors'][:1]}" if floor["errors"] else ""))
    print(f"{'reload with HTTP cache only vs cold':<42} {repeat['http_cache_vs_cold']:>7.3f}")
    print(f"{'rules vs plain, gzip, search opened':<42} "
          f"{weight['rules_vs_plain_gzip_with_search']:>7.3f}  (the index fetched when the "
          "reader reaches for search; the plain page fetches it as it loads)")
    print(f"{'rules vs plain, gzip, without search index':<42} "
          f"{weight['rules_vs_plain_gzip_without_search_index']:>7.3f}")
    print(f"{'rules vs plain, gzip, the shell only':<42} "
          f"{weight['rules_vs_plain_gzip_shell']:>7.3f} {GOALS['rules_vs_plain_bytes']:>6.2f}  "
          "(without the page's HTML and the search index)")
    print(f"{'rules page vs a one-heading Material page':<42} "
          f"{weight['rules_vs_one_line_bytes']:>7.3f}  (gzip "
          f"{weight['rules_vs_one_line_gzip']:.3f}; the theme alone, for reference)")
    for key, label in (("offline_copy", "Wi-Fi connection"),
                       ("offline_copy_metered", "metered connection")):
        copy = weight[key]
        print(f"first visit to the rules page, {label}: the service worker stores "
              f"{copy['bytes']:,} bytes in {copy['requests']} requests in the background, "
              f"{copy['runtime_bytes']:,} of them Python runtime")
    print(f"shuffler page transfers {weight['shuffler']['bytes']:,} bytes "
          f"({weight['shuffler']['gzip_bytes']:,} gzip) in {weight['shuffler']['requests']} "
          "requests")


if __name__ == "__main__":
    sys.exit(main())
