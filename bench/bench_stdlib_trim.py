"""Does the trimmed standard library archive start the play pages sooner? (a benchmark script)

    .venv/bin/python bench/bench_stdlib_trim.py [--runs 6] [--site DIR] [--output FILE]

The play pages start on ``runtime/pyodide/python_stdlib-pyc.zip``: the modules they import
compiled, and, since 7 December 2026, only what those import in turn; the rest of Pyodide's
library is fetched when first imported (``sitebuild/stdlib_rest.py``). This script builds the
site (or takes a built one) and makes a second copy whose compiled archive has every module
left out put back as source, as the build made it before (about 1.4 MB more), checks that
every play page starts on the site as built, then times cold loads of the shuffler, as built
vs untrimmed, in pairs (order alternating, fresh browser contexts, no service worker) on the
local server and on emulated 40 Mbit/s and 10 Mbit/s connections. Prints the median time to
ready of each and their ratio (below 1: the trimmed archive helps), and writes
bench/results/stdlib_trim.json. (Until 7 December it trimmed the shipped ``python_stdlib.zip``,
which the pages no longer read since they start on the compiled one.)
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_site  # noqa: E402

SHIPPED = Path("runtime") / "pyodide" / "python_stdlib.zip"
ARCHIVE = Path("runtime") / "pyodide" / "python_stdlib-pyc.zip"
WIDGETS = ("shuffler", "swarm", "horde", "check", "team")
NETWORKS = {
    "local server": None,
    "40 Mbit/s, 40 ms": bench_site.NETWORK,
    "10 Mbit/s, 80 ms": {"offline": False, "latency": 80, "downloadThroughput": 10e6 / 8,
                         "uploadThroughput": 2e6 / 8},
}


def untrim(site: Path) -> dict[str, int]:
    """Put every module of the shipped archive that the compiled one leaves out back into it,
    as source; sizes before and after."""
    target = site / ARCHIVE
    before = target.stat().st_size
    with zipfile.ZipFile(target) as compiled:
        present = {name[:-1] if name.endswith(".pyc") else name for name in compiled.namelist()}
    with zipfile.ZipFile(site / SHIPPED) as shipped, \
            zipfile.ZipFile(target, "a", zipfile.ZIP_DEFLATED) as out:
        for info in shipped.infolist():
            if info.filename not in present:
                out.writestr(info, shipped.read(info))
    return {"trimmed_bytes": before, "full_bytes": target.stat().st_size}


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=6, runs_help="pairs of cold loads per network")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "stdlib_trim.json")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    results = bench_site.new_results(runs=args.runs, networks={})
    with tempfile.TemporaryDirectory(prefix="bench-trim-") as tmp:
        full, trimmed = Path(tmp) / "full", Path(tmp) / "trimmed"
        bench_site.copy_or_build(args.site, trimmed, announce=False)
        shutil.copytree(trimmed, full)
        results["archive"] = untrim(full)
        print("archive: {full_bytes:,} bytes, trimmed {trimmed_bytes:,}".format(
            **results["archive"]), flush=True)
        servers = [bench_site.serve(full), bench_site.serve(trimmed)]
        urls = {"full": servers[0][1], "trimmed": servers[1][1]}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**bench_site.launch_options())
                results["browser"] = f"Chromium {browser.version}"
                for widget in WIDGETS:  # the site as built must start every play page
                    bench_site.cold_ready(browser, urls["trimmed"] + f"play/{widget}.html")
                print("every play page starts on the site as built (trimmed)", flush=True)
                for name, network in NETWORKS.items():
                    pairs = []
                    for run in range(args.runs):
                        order = ("full", "trimmed") if run % 2 == 0 else ("trimmed", "full")
                        times = {kind: bench_site.cold_ready(
                            browser, urls[kind] + "play/shuffler.html", network)
                            for kind in order}
                        pairs.append(times)
                    full_ms = statistics.median(p["full"] for p in pairs)
                    trimmed_ms = statistics.median(p["trimmed"] for p in pairs)
                    results["networks"][name] = {
                        "full_median_ms": round(full_ms), "trimmed_median_ms": round(trimmed_ms),
                        "trimmed_vs_full": bench_site.ratio(trimmed_ms, full_ms),
                        "trimmed_faster_in": sum(p["trimmed"] < p["full"] for p in pairs),
                        "pairs": pairs,
                    }
                    print(f"  {name:<18} full {full_ms:>7.0f} ms, trimmed {trimmed_ms:>7.0f} ms, "
                          f"ratio {results['networks'][name]['trimmed_vs_full']:.3f}, trimmed "
                          f"faster in {results['networks'][name]['trimmed_faster_in']} of "
                          f"{args.runs} pairs", flush=True)
                browser.close()
        finally:
            for server, _ in servers:
                server.shutdown()
                server.server_close()
    bench_site.mark_end(results)
    bench_site.write_results(results, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
