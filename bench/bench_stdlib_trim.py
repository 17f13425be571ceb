"""Would a smaller standard library archive start the play pages sooner? (an experiment script)

    .venv/bin/python bench/bench_stdlib_trim.py [--runs 6] [--site DIR] [--output FILE]

Pyodide's ``python_stdlib.zip`` (2.5 MB) holds the whole standard library. This script builds
the site (or takes a built one), makes a second copy whose archive leaves out what neither
Pyodide, PyScript nor the engine imports (email, xml, unittest, multiprocessing, the REPL,
pydoc, most text encodings, ...; about a third of the archive), checks that every play page
still starts on it, then times cold loads of the shuffler, full vs trimmed archive, in pairs
(order alternating, fresh browser contexts, no service worker) on the local server and on
emulated 40 Mbit/s and 10 Mbit/s connections. Prints the median time to ready of each and their
ratio (below 1: the trimmed archive helps), and writes bench/results/stdlib_trim.json.

The site keeps Pyodide's archive as it is unless this shows a clear gain; see
docs/performance.md ("Loading the play tools").
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

#: Top-level entries of the archive left out: nothing on a play page imports them.
LEFT_OUT = {
    "email", "multiprocessing", "xml", "xmlrpc", "_pyrepl", "unittest", "pdb.py", "doctest.py",
    "pydoc.py", "pydoc_data", "wsgiref", "imaplib.py", "smtplib.py", "poplib.py", "ftplib.py",
    "mailbox.py", "turtle.py", "idlelib", "tkinter", "lib2to3", "ensurepip", "venv", "sqlite3",
    "dbm", "curses", "turtledemo", "nntplib.py", "telnetlib.py", "mailcap.py", "cgi.py",
    "cgitb.py",
}
#: The text encodings kept (the rest of ``encodings/`` is left out).
ENCODINGS_KEPT = {
    "__init__", "aliases", "ascii", "charmap", "latin_1", "raw_unicode_escape",
    "unicode_escape", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
    "utf_32_le", "utf_32_be", "idna", "punycode", "cp1252", "cp437", "base64_codec", "hex_codec",
}
ARCHIVE = Path("runtime") / "pyodide" / "python_stdlib.zip"
WIDGETS = ("shuffler", "swarm", "horde", "check", "team")
NETWORKS = {
    "local server": None,
    "40 Mbit/s, 40 ms": bench_site.NETWORK,
    "10 Mbit/s, 80 ms": {"offline": False, "latency": 80, "downloadThroughput": 10e6 / 8,
                         "uploadThroughput": 2e6 / 8},
}


def trim(source: Path, target: Path) -> dict[str, int]:
    """Copy the archive without the entries left out; sizes before and after."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            parts = info.filename.split("/")
            if parts[0] in LEFT_OUT:
                continue
            if parts[0] == "encodings" and len(parts) > 1 and parts[1]:
                if parts[1].split(".")[0] not in ENCODINGS_KEPT | {"__pycache__"}:
                    continue
            zout.writestr(info, zin.read(info.filename))
    return {"full_bytes": source.stat().st_size, "trimmed_bytes": target.stat().st_size}


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=6, runs_help="pairs of cold loads per network")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "stdlib_trim.json")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    results = bench_site.new_results(runs=args.runs, networks={})
    with tempfile.TemporaryDirectory(prefix="bench-trim-") as tmp:
        full, trimmed = Path(tmp) / "full", Path(tmp) / "trimmed"
        bench_site.copy_or_build(args.site, full, announce=False)
        shutil.copytree(full, trimmed)
        results["archive"] = trim(full / ARCHIVE, trimmed / ARCHIVE)
        print("archive: {full_bytes:,} bytes, trimmed {trimmed_bytes:,}".format(
            **results["archive"]), flush=True)
        servers = [bench_site.serve(full), bench_site.serve(trimmed)]
        urls = {"full": servers[0][1], "trimmed": servers[1][1]}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**bench_site.launch_options())
                results["browser"] = f"Chromium {browser.version}"
                for widget in WIDGETS:  # the trimmed archive must start every play page
                    bench_site.cold_ready(browser, urls["trimmed"] + f"play/{widget}.html")
                print("every play page starts on the trimmed archive", flush=True)
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
