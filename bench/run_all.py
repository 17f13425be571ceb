"""Run every benchmark script in bench/ (``bench_*.py``), one after another, in this Python,
and write one file of the run: ``bench/results/goals.json``.

    .venv/bin/python bench/run_all.py [--quick] [--only bench_check.py,bench_site.py]

For each script the run notes when it started and ended and the machine's load average before
and after it; once all have run, it reads each goal's figure from the results file its script
wrote during the run and writes the run's dates, machine, the scripts' notes and the goals'
rows to ``goals.json`` (``sitebuild/bench_goals.py``). The site's build renders that file as
the Performance page's goals table (``hooks/bench_goals.py``).

``--quick`` passes short settings to the scripts that know them (fewer page loads, shorter
timings) and writes their results, and the run's file, to a temporary folder, leaving
bench/results/ alone. ``--only`` runs the named scripts only (their rows are filled, the others
say they were not part of the run). Exits non-zero if any script fails; the others still run.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild import bench_goals  # noqa: E402

QUICK_FOLDER = Path(tempfile.gettempdir()) / "bench-quick"
#: Each script's results file, in the results folder (``--output`` where the script takes it).
OUTPUTS = {
    "bench_site.py": "latest.json",
    "bench_a11y.py": "a11y.json",
    "bench_check.py": "check.json",
    "bench_csp_eval.py": "csp-eval.json",
    "bench_interaction.py": "interaction.json",
    "bench_lighthouse.py": "lighthouse.json",
    "bench_stdlib_trim.py": "stdlib_trim.json",
    "bench_long_games.py": "long_games.json",
    "bench_phone.py": "phone.json",
    "bench_snapshot.py": "snapshot.json",
    "bench_bad_inputs.py": "bad_inputs.json",
}
QUICK_ARGS = {
    "bench_site.py": ["--runs", "2", "--seconds", "0.3"],
    "bench_check.py": ["--seconds", "0.2"],
    "bench_decklist.py": ["--seconds", "0.2"],
    "bench_import.py": ["--objects", "3500"],
    "bench_csp_eval.py": ["--starts", "1"],
    "bench_lighthouse.py": ["--runs", "1"],
    "bench_stdlib_trim.py": ["--runs", "1"],
    "bench_long_games.py": ["--seconds", "0.2"],
    "bench_phone.py": ["--runs", "1"],
    "bench_snapshot.py": ["--runs", "1"],
    "bench_bad_inputs.py": ["--quick"],
}


def script_args(name: str, quick: bool, results: Path) -> list[str]:
    """A script's arguments: its quick settings, and in a quick run its results file in the
    run's folder (a full run lets each script write where it always does)."""
    extra = list(QUICK_ARGS.get(name, [])) if quick else []
    if quick and name in OUTPUTS:
        extra += ["--output", str(results / OUTPUTS[name])]
    return extra


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short settings, for a smoke run")
    parser.add_argument("--only", default="",
                        help="comma-separated script names to run (default: every bench_*.py)")
    args = parser.parse_args(argv)
    results = QUICK_FOLDER if args.quick else bench_goals.RESULTS
    results.mkdir(parents=True, exist_ok=True)
    only = {name.strip() for name in args.only.split(",") if name.strip()}
    scripts = [s for s in sorted(BENCH.glob("bench_*.py")) if not only or s.name in only]
    unknown = only - {s.name for s in scripts}
    if unknown:
        parser.error("no such script: " + ", ".join(sorted(unknown)))
    started, host = bench_goals.now(), bench_goals.machine()
    stamps, failed = [], []
    for script in scripts:
        extra = script_args(script.name, args.quick, results)
        print(f"=== {script.name} {' '.join(extra)}".rstrip(), flush=True)
        when, load = bench_goals.now(), bench_goals.load_average()
        start = time.perf_counter()
        status = subprocess.run([sys.executable, str(script), *extra]).returncode
        seconds = time.perf_counter() - start
        stamps.append(bench_goals.stamp(script.name, when, load, seconds, status))
        print(f"=== {script.name}: {'ok' if status == 0 else f'failed ({status})'} in "
              f"{seconds:.1f} s\n", flush=True)
        if status:
            failed.append(script.name)
    command = "bench/run_all.py" + (" " + shlex.join(argv if argv is not None else sys.argv[1:])
                                    if (argv if argv is not None else sys.argv[1:]) else "")
    record = bench_goals.run_record(started, host, stamps, results, command)
    output = results / bench_goals.GOALS_FILE.name
    output.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"the run's goals written to {output}")
    missing = [row["measure"] for row in record["rows"] if row["figure"] is None]
    if missing:
        print(f"{len(missing)} of {len(record['rows'])} goals without a figure in this run")
    if failed:
        print("failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
