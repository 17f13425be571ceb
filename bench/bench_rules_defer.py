"""Would deferring the rules page's scripts help Lighthouse? (a script, not a test; issue 17,
point 4)

    .venv/bin/python bench/bench_rules_defer.py [--runs 2] [--site DIR]

Runs Lighthouse (bench_lighthouse.py's mobile setup) on the Swarm Mode rules page as built and
on a copy whose scripts at the end of the page (Material's bundle, the glossary pop-ups, the
offline registration) carry ``defer``, the two pages taking turns. Prints the medians of the
performance score, total blocking time and first and largest paint. The machine is shared:
compare the two pages within one run. Results: bench/results/rules_defer.json.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_lighthouse  # noqa: E402
import bench_site  # noqa: E402

_SCRIPT = re.compile(r'<script src="([^"]*(?:bundle\.[0-9a-f]+\.min|terms|sw-register)\.js)">')


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=2)
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "rules_defer.json")
    args = parser.parse_args(argv)
    results = bench_site.new_results(runs=args.runs, pages={})
    with tempfile.TemporaryDirectory(prefix="bench-defer-") as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site)
        rules = bench_site.page_file(site, "swarm/index")
        text = rules.read_text(encoding="utf-8")
        deferred, count = _SCRIPT.subn(r'<script src="\1" defer>', text)
        if count != 3:
            sys.exit(f"expected 3 scripts to defer, found {count}")
        (rules.parent / "bench-defer.html").write_text(deferred, encoding="utf-8")
        urls = {"as built": bench_site.url_of(site, rules),
                "deferred": bench_site.url_of(site, rules.parent / "bench-defer.html")}
        cli = bench_lighthouse.lighthouse_cli(bench_lighthouse.LIGHTHOUSE_VERSION)
        chrome = bench_lighthouse.chromium()
        server, base = bench_lighthouse.serve(site, compress=True)
        rows: dict[str, list[dict]] = {name: [] for name in urls}
        try:
            for run in range(args.runs):
                for name in (list(urls) if run % 2 == 0 else list(reversed(urls))):
                    report = bench_lighthouse.run_lighthouse(
                        cli, chrome, base + urls[name], Path(tmp) / f"{run}-{len(name)}.json")
                    rows[name].append(bench_lighthouse.summarize(report))
        finally:
            server.shutdown()
            server.server_close()
    for name, page_rows in rows.items():
        med = bench_lighthouse.median_of(page_rows)
        results["pages"][name] = {"median": med, "runs": page_rows}
        print(f"rules page, {name}: performance {med['performance']}, TBT {med['tbt_ms']:.0f} ms,"
              f" FCP {med['fcp_ms'] / 1000:.1f} s, LCP {med['lcp_ms'] / 1000:.1f} s")
    return bench_site.finish(results, args.output, lambda r: print(
        bench_site.load_note(r, "shared: compare within this run")))


if __name__ == "__main__":
    sys.exit(main())
