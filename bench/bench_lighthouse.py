"""Lighthouse mobile performance and accessibility of a rules page and the play pages (a script).

    .venv/bin/python bench/bench_lighthouse.py [--runs 3] [--pages rules swarm horde ...]
                        [--site DIR | --commit REV]
                        [--throttling devtools] [--no-gzip] [--lighthouse-version 13.5.0]
                        [--reports DIR] [--output FILE]

Builds the site from the working tree (or from a commit, or takes a built one), serves it from
a sub-path on 127.0.0.1, gzip-compressed as GitHub Pages sends it (``--no-gzip``: as it is),
and runs the Lighthouse command line on the Swarm Mode rules page (``swarm/index.html``) and
on every play page (``play/*.html``: swarm, horde, shuffler, check, team; each loads Pyodide and
the engine in a web worker), or on the ``--pages`` named. Each page is measured ``--runs``
times, the pages taking turns; every run starts a
fresh Chromium with an empty profile (a first visit). Lighthouse's mobile preset is used: a
Moto G-class screen and *simulated* throttling (the page loads at full speed, and Lighthouse
computes the times a slow 4G connection and a 4x slower CPU would give); ``--throttling
devtools`` slows the browser down for real instead (much slower to run: about a minute per
load of the play page).

Prints the median of each score and time, the performance score against issue 30's goals
(>= 95 on the rules page, >= 90 on every play page; the script still exits 0 unless Lighthouse
itself fails), the accessibility audits that failed, and writes every run and the medians to
bench/results/lighthouse.json.

Lighthouse comes from npm and is installed by this script into a cache folder outside the
project (``~/.cache/coop-magic-bench/lighthouse-<version>``), never into the site's
package.json; nothing else is downloaded. It drives the local Chromium: $CHROMIUM, else
/usr/bin/chromium, else Playwright's own.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

from devtools import server as site_server  # noqa: E402

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "coop-magic-bench"
LIGHTHOUSE_VERSION = "13.5.0"
#: Page name -> the Markdown source of the page under docs/ (without ``.md``).
PAGES = {"rules": "swarm/index", "swarm": "play/swarm", "horde": "play/horde",
         "shuffler": "play/shuffler", "check": "play/check", "team": "play/team"}
#: Issue 30's goals for the performance score (issue 17 had 95 / 80): the rules page, and
#: every play page, on a busy machine, the median of three runs.
GOALS = {"rules": 95, "play": 90}
CATEGORIES = ("performance", "accessibility")
#: Result key -> Lighthouse audit id (numericValue: milliseconds, bytes, or a plain number).
METRICS = {
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "tti_ms": "interactive",
    "speed_index_ms": "speed-index",
    "cls": "cumulative-layout-shift",
    "bytes": "total-byte-weight",
}
#: Times the page really took here, unthrottled (from Lighthouse's "metrics" audit).
OBSERVED = {
    "observed_fcp_ms": "observedFirstContentfulPaint",
    "observed_lcp_ms": "observedLargestContentfulPaint",
    "observed_load_ms": "observedLoad",
}
#: Served gzip-compressed when the browser asks, as GitHub Pages does (images and zip archives,
#: already compressed, are sent as they are).
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
                    "application/manifest+json", "image/svg+xml")
REFERENCE_SCORE = 90
MAX_WAIT_FOR_LOAD_MS = 90_000


# ---------------------------------------------------------------------------------------------
# Serving


class _GzipHandler(site_server.SubPathHandler):
    """The shared sub-path server (devtools/server.py), gzip-compressing text, scripts
    and WebAssembly."""

    _cache: dict[tuple[str, float], bytes] = {}
    _lock = threading.Lock()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        kind = self.guess_type(str(path))
        if (not path.is_file() or "gzip" not in self.headers.get("Accept-Encoding", "")
                or not kind.startswith(COMPRESSED_TYPES)):
            return super().send_head()
        key = (str(path), path.stat().st_mtime)
        with self._lock:
            body = self._cache.get(key)
            if body is None:
                body = self._cache[key] = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return _Body(body)


class _Body:
    """What ``send_head`` returns: a file-like body that ``do_GET`` copies and closes."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, size: int = -1) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        pass


def serve(site: Path, compress: bool) -> tuple[http.server.ThreadingHTTPServer, str]:
    if not compress:
        return site_server.start_server(site)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_GzipHandler, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{site_server.SUB_PATH}"


# ---------------------------------------------------------------------------------------------
# Lighthouse and Chromium


def lighthouse_cli(version: str) -> Path:
    """The Lighthouse command-line script, installed from npm into the cache if needed."""
    prefix = CACHE / f"lighthouse-{version}"
    package = prefix / "node_modules" / "lighthouse" / "package.json"
    if not package.is_file() or json.loads(package.read_text())["version"] != version:
        prefix.mkdir(parents=True, exist_ok=True)
        print(f"installing lighthouse {version} into {prefix}…", flush=True)
        subprocess.run(["npm", "install", "--no-save", "--no-audit", "--no-fund",
                        "--prefix", str(prefix), f"lighthouse@{version}"], check=True)
    meta = json.loads(package.read_text())
    _check_node(meta.get("engines", {}).get("node", ""))
    return package.parent / meta["bin"]["lighthouse"]


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def _check_node(required: str) -> None:
    node = subprocess.run(["node", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()
    wanted = required.removeprefix(">=").strip()
    if wanted and _version_tuple(node) < _version_tuple(wanted):
        print(f"note: lighthouse asks for Node {required}, this is Node {node}; "
              "it runs, but its results are not supported", flush=True)


def chromium() -> str:
    path = bench_site.chromium_path()
    if path:
        return path
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        return playwright.chromium.executable_path


def chromium_version(path: str) -> str:
    result = subprocess.run([path, "--version"], capture_output=True, text=True)
    words = result.stdout.split()
    return " ".join(words[:2]) if words else "unknown"  # "Chromium 156.0.8078.114"


def run_lighthouse(cli: Path, chrome: str, url: str, report: Path,
                   throttling: str = "simulate") -> dict:
    """One Lighthouse run of ``url``; returns its JSON report. Exits if Lighthouse fails."""
    command = [
        "node", str(cli), url,
        "--output=json", f"--output-path={report}",
        "--only-categories=" + ",".join(CATEGORIES),
        "--form-factor=mobile",  # Lighthouse's default preset, said out loud
        f"--throttling-method={throttling}",
        f"--max-wait-for-load={MAX_WAIT_FOR_LOAD_MS}",
        "--no-enable-error-reporting",
        "--chrome-flags=" + " ".join(bench_site.CHROMIUM_ARGS),
        "--quiet",
    ]
    result = subprocess.run(command, capture_output=True, text=True,
                            env=dict(os.environ, CHROME_PATH=chrome))
    if result.returncode != 0 or not report.is_file():
        sys.exit(f"lighthouse failed on {url} (exit {result.returncode}):\n"
                 + result.stdout[-3000:] + result.stderr[-3000:])
    data = json.loads(report.read_text(encoding="utf-8"))
    if data.get("runtimeError"):
        sys.exit(f"lighthouse failed on {url}: {data['runtimeError']}")
    return data


# ---------------------------------------------------------------------------------------------
# Reading a report


def summarize(report: dict) -> dict:
    """The numbers this benchmark keeps from one Lighthouse report."""
    audits = report["audits"]
    run: dict = {}
    for name in CATEGORIES:
        score = report["categories"][name]["score"]
        run[name] = None if score is None else round(score * 100)
    for key, audit in METRICS.items():
        value = audits.get(audit, {}).get("numericValue")
        run[key] = None if value is None else round(value, 3 if key == "cls" else None)
    observed = (audits.get("metrics", {}).get("details") or {}).get("items") or [{}]
    for key, field in OBSERVED.items():
        value = observed[0].get(field)
        run[key] = None if value is None else round(value)
    run["requests"] = 0
    run["outside_requests"] = []
    for item in (audits.get("network-requests", {}).get("details") or {}).get("items", []):
        url = item.get("url", "")
        if url.startswith(("data:", "blob:")):
            continue
        run["requests"] += 1
        if urlsplit(url).hostname != "127.0.0.1":
            run["outside_requests"].append(url)
    run["failed_accessibility_audits"] = failed_audits(report, "accessibility")
    run["warnings"] = report.get("runWarnings", [])
    run["benchmark_index"] = report.get("environment", {}).get("benchmarkIndex")
    run["lcp_element"] = _lcp_element(audits)
    # The page's own performance.mark() calls (observed times), e.g. a play tool's ready mark.
    run["user_timings"] = {
        item["name"]: round(item["startTime"])
        for item in (audits.get("user-timings", {}).get("details") or {}).get("items", [])
        if item.get("timingType") == "Mark"
    }
    return run


def failed_audits(report: dict, category: str) -> list[dict]:
    failed = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if audit.get("scoreDisplayMode") not in ("binary", "numeric"):
            continue  # manual checks, informative audits, audits that do not apply
        if audit.get("score") is not None and audit["score"] < 1:
            items = (audit.get("details") or {}).get("items") or []
            failed.append({"id": ref["id"], "title": audit["title"], "weight": ref["weight"],
                           "elements": len(items)})
    return failed


def _lcp_element(audits: dict) -> str | None:
    """The largest contentful paint's element (its selector and text), if Lighthouse names it."""
    for audit in ("lcp-breakdown-insight", "largest-contentful-paint-element"):
        stack = [(audits.get(audit, {}).get("details") or {})]
        while stack:
            item = stack.pop(0)
            if not isinstance(item, dict):
                continue
            node = item if item.get("type") == "node" else item.get("node")
            if isinstance(node, dict) and node.get("selector"):
                label = node.get("nodeLabel") or node.get("snippet") or ""
                return f"{node['selector']} ({' '.join(label.split())[:60]})"
            stack.extend(item.get("items") or [])
    return None


def median_of(runs: list[dict]) -> dict:
    """Each score and time on its own: the median over the runs."""
    keys = [*CATEGORIES, *METRICS, *OBSERVED]
    result = {}
    for key in keys:
        values = [run[key] for run in runs if run[key] is not None]
        result[key] = statistics.median(values) if values else None
    return result


# ---------------------------------------------------------------------------------------------
# Main


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          check=True).stdout.strip()


def build(args, tmp: Path) -> tuple[Path, str]:
    """Build (or copy) the site into ``tmp``; return it and a description of its source."""
    site = tmp / "site"
    if args.site:
        shutil.copytree(args.site, site)
        return site, f"site {args.site}"
    if args.commit:
        commit = _git("rev-parse", "--short", args.commit + "^{commit}")
        source = tmp / "source"
        source.mkdir()
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
        (source / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
        print(f"building the site of commit {commit}…", flush=True)
        bench_site.mkdocs_build(None, site, source)
        return site, f"commit {commit}"
    print("building the site…", flush=True)
    bench_site.mkdocs_build(None, site, ROOT)
    changed = _git("status", "--porcelain", "--", "docs", "hooks",
                   "overrides", "mkdocs.yml", "glossary", "pyengine")
    return site, f"working tree at {_git('rev-parse', '--short', 'HEAD')}" + (
        " with uncommitted changes" if changed else "")


def _seconds(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.1f} s"


def _score(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:g}" + (" " if value >= REFERENCE_SCORE else "*")


def goal_of(name: str) -> int:
    """Issue 17's performance goal for page ``name``."""
    return GOALS["rules"] if name == "rules" else GOALS["play"]


def print_summary(results: dict) -> None:
    m = results["machine"]
    print()
    print(f"{results['date']}  {results['source']}")
    print(f"{results['chromium']}, Lighthouse {results['lighthouse']} "
          f"(mobile, {results['settings']['throttling']} throttling), "
          f"medians of {results['runs']} run(s) per page")
    print(f"{m['cpu']} ({m['cores']} cores), load average {m['load_average_1min']} at the start, "
          f"{m.get('load_average_1min_end')} at the end")
    print(f"{'page':<26} {'perf':>5} {'a11y':>5} {'FCP':>7} {'LCP':>7} {'TBT':>9} "
          f"{'TTI':>7} {'bytes':>12}")
    for name, page in results["pages"].items():
        med = page["median"]
        tbt = "–" if med["tbt_ms"] is None else f"{med['tbt_ms']:,.0f} ms"
        size = "–" if med["bytes"] is None else f"{med['bytes']:,.0f}"
        print(f"{name + ' ' + page['path']:<26} {_score(med['performance']):>5} "
              f"{_score(med['accessibility']):>5} {_seconds(med['fcp_ms']):>7} "
              f"{_seconds(med['lcp_ms']):>7} {tbt:>9} {_seconds(med['tti_ms']):>7} {size:>12}")
    print(f"scores out of 100; * below {REFERENCE_SCORE} (Lighthouse's 'good'; the goals are "
          "below). Times are Lighthouse's mobile times"
          + (", simulated." if results["settings"]["throttling"] == "simulate" else "."))
    for name, page in results["pages"].items():
        med = page["median"]
        goal = goal_of(name)
        verdict = ("–" if med["performance"] is None else
                   "met" if med["performance"] >= goal else "MISSED")
        print(f"{name}: performance {_score(med['performance']).strip()} against the goal "
              f">= {goal}: {verdict}")
        scores = [run["performance"] for run in page["runs"]]
        tbts = [run["tbt_ms"] for run in page["runs"]]
        print(f"{name}: performance per run {scores} (spread {max(scores) - min(scores)}), "
              f"total blocking time per run {tbts} ms")
        if page["path"].startswith("play/") and not any(
                key.startswith("widget-ready:") for run in page["runs"]
                for key in run["user_timings"]):
            print(f"{name}: no run recorded the widget-ready mark: Lighthouse ended its trace "
                  "before the tool was ready (Python starts in a web worker)")
        print(f"{name}: as observed in the browser, first paint "
              f"{_seconds(med['observed_fcp_ms'])}, largest paint "
              f"{_seconds(med['observed_lcp_ms'])}, load {_seconds(med['observed_load_ms'])}; "
              f"largest paint element: {page['runs'][0]['lcp_element']}")
        if page["failed_accessibility_audits"]:
            print("    accessibility audits failed: " + ", ".join(
                f"{a['id']} ({a['elements']} elements)"
                for a in page["failed_accessibility_audits"]))
        else:
            print("    no accessibility audit failed")
        if page["outside_requests"]:
            print("    requests that left 127.0.0.1: " + ", ".join(page["outside_requests"]))
    for warning in results["warnings"]:
        print("Lighthouse warned: " + " ".join(warning.split()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (median)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--site", type=Path, help="an already built site (default: build one)")
    source.add_argument("--commit", help="build the site of this git commit (default: the "
                        "working tree); node_modules is taken from the working tree")
    parser.add_argument("--pages", nargs="+", choices=tuple(PAGES), default=list(PAGES),
                        help="measure only these pages (default: all)")
    parser.add_argument("--lighthouse-version", default=LIGHTHOUSE_VERSION)
    parser.add_argument("--throttling", choices=("simulate", "devtools"), default="simulate",
                        help="Lighthouse's throttling method (default: simulate)")
    parser.add_argument("--no-gzip", action="store_true",
                        help="serve every file uncompressed (default: gzip, like GitHub Pages)")
    parser.add_argument("--reports", type=Path,
                        help="also keep every full Lighthouse report (JSON) in this folder")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "lighthouse.json")
    args = parser.parse_args(argv)
    cli = lighthouse_cli(args.lighthouse_version)
    chrome = chromium()

    results: dict = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": bench_site.machine(),
        "chromium": chromium_version(chrome),
        "lighthouse": args.lighthouse_version,
        "settings": {"form_factor": "mobile", "throttling": args.throttling,
                     "server": "uncompressed" if args.no_gzip else "gzip, like GitHub Pages",
                     "categories": list(CATEGORIES), "chrome_flags": bench_site.CHROMIUM_ARGS},
        "runs": args.runs, "reference_score": REFERENCE_SCORE, "goals": GOALS, "pages": {},
    }
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp:
        site, results["source"] = build(args, Path(tmp))
        paths = {name: bench_site.page_file(site, src).relative_to(site).as_posix()
                 for name, src in PAGES.items() if name in args.pages}
        server, base = serve(site, compress=not args.no_gzip)
        runs: dict[str, list[dict]] = {name: [] for name in paths}
        try:
            for run in range(args.runs):
                order = list(paths) if run % 2 == 0 else list(reversed(paths))
                for name in order:
                    report_path = Path(tmp) / f"{name}-{run + 1}.json"
                    report = run_lighthouse(cli, chrome, base + paths[name], report_path,
                                            args.throttling)
                    runs[name].append(summarize(report))
                    if args.reports:
                        args.reports.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(report_path, args.reports / report_path.name)
                    last = runs[name][-1]
                    print(f"  run {run + 1}/{args.runs} {name}: performance "
                          f"{last['performance']}, accessibility {last['accessibility']}, "
                          f"LCP {_seconds(last['lcp_ms'])}", flush=True)
        finally:
            server.shutdown()
            server.server_close()

    warnings: list[str] = []
    for name, page_runs in runs.items():
        failed: dict[str, dict] = {}
        for run in page_runs:
            for audit in run["failed_accessibility_audits"]:
                failed.setdefault(audit["id"], audit)
            warnings += [w for w in run["warnings"] if w not in warnings]
        results["pages"][name] = {
            "path": paths[name],
            "goal": goal_of(name),
            "median": median_of(page_runs),
            "failed_accessibility_audits": list(failed.values()),
            "outside_requests": sorted({u for run in page_runs for u in run["outside_requests"]}),
            "runs": page_runs,
        }
    results["warnings"] = warnings
    return bench_site.finish(results, args.output, print_summary)


if __name__ == "__main__":
    sys.exit(main())
