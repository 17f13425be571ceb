"""What each play page's Python start imports and reads, in CPython and in Pyodide (a script).

    .venv/bin/python bench/bench_start_cost.py [--runs 3] [--before REF]

Issue 30, point 3. For every play page, in a fresh interpreter each time, the worker's start as
the page runs it (``pyengine.browser`` imported, then ``start(widget)`` with no saved game;
``devtools/start_cost.py``): the ``pyengine`` modules imported, the rules engines among them,
the data files read under ``decks/`` and their bytes, the standard-library modules the start
added (Pyodide), and the time of the import and of the start (medians of ``--runs``). Pyodide
runs under Node from ``node_modules`` (the pinned runtime, the engine zip unpacked as PyScript
unpacks it), so no browser is needed. ``--before REF`` measures the engine of a commit too
(``git archive`` of ``pyengine/`` and ``decks/``), for a before/after table. The machine is
shared: the load is recorded; the module and file lists are the figures that do not move.
Results go to bench/results/start_cost.json.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

from devtools import start_cost  # noqa: E402
from sitebuild.pyscript import engine_zip_bytes  # noqa: E402


def checkout(ref: str, into: Path) -> Path:
    """``pyengine/`` and ``decks/`` of commit ``ref`` under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref,
                           "pyengine", "decks"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as archive:
        archive.extractall(into, filter="data")
    return into


def measure_tree(root: Path, runs: int, tmp: Path, label: str) -> dict:
    engine_zip = tmp / f"engine-{label}.zip"
    engine_zip.write_bytes(engine_zip_bytes(root))
    pages = {}
    for widget, page in start_cost.PAGES.items():
        cpython = [start_cost.measure(widget, root) for _ in range(runs)]
        pyodide = [start_cost.measure_pyodide(widget, engine_zip) for _ in range(runs)]
        first, py_first = cpython[0], pyodide[0]
        pages[widget] = {
            "page": page,
            "modules": first["modules"],
            "engines": sorted(start_cost.engines(first["modules"])),
            "data": first["data"],
            "data_bytes": sum(first["data"].values()),
            "pyodide_stdlib": py_first["stdlib"],
            "cpython_ms": round(bench_site.median(
                [r["import_ms"] + r["start_ms"] for r in cpython]), 1),
            "pyodide_import_ms": round(bench_site.median([r["import_ms"] for r in pyodide]), 1),
            "pyodide_start_ms": round(bench_site.median([r["start_ms"] for r in pyodide]), 1),
            "error": first["error"] or py_first["error"],
        }
        pages[widget]["pyodide_ms"] = round(pages[widget]["pyodide_import_ms"]
                                            + pages[widget]["pyodide_start_ms"], 1)
    return pages


def print_pages(label: str, pages: dict) -> None:
    print(f"\n{label}")
    print(f"{'page':9} {'modules':>7} {'engines':28} {'data read':34} {'CPython':>8} "
          f"{'Pyodide':>8}")
    for widget, row in pages.items():
        data = ", ".join(f"{name} ({size:,})" for name, size in row["data"].items())
        print(f"{widget:9} {len(row['modules']):7} {', '.join(row['engines']):28} {data:34} "
              f"{row['cpython_ms']:6.0f} ms {row['pyodide_ms']:6.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=3, runs_help="fresh starts per page (median)")
    parser.add_argument("--before", help="also measure the engine of this commit")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "start_cost.json")
    args = parser.parse_args(argv)
    results = bench_site.new_results(runs=args.runs, before_ref=args.before)
    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        tmp_path = Path(tmp)
        if args.before:
            old = checkout(args.before, tmp_path / "before")
            results["before"] = measure_tree(old, args.runs, tmp_path, "before")
        results["after"] = measure_tree(ROOT, args.runs, tmp_path, "after")
    bench_site.mark_end(results)
    print(bench_site.load_note(results, "shared machine: the times are noisy, the module and "
                               "file lists are not"))
    if "before" in results:
        print_pages(f"before ({args.before})", results["before"])
    print_pages("now", results["after"])
    bench_site.write_results(results, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
