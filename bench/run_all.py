"""Run every benchmark script in bench/ (``bench_*.py``), one after another, in this Python.

    .venv/bin/python bench/run_all.py [--quick]

``--quick`` passes short settings to the scripts that know them (fewer page loads, shorter
timings) and writes their results to the temporary folder, leaving bench/results/ alone. Exits
non-zero if any script fails; the others still run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
_TMP = Path(tempfile.gettempdir())
QUICK_ARGS = {
    "bench_site.py": ["--runs", "2", "--seconds", "0.3",
                      "--output", str(_TMP / "bench_site-quick.json")],
    "bench_a11y.py": ["--output", str(_TMP / "bench_a11y-quick.json")],
    "bench_decklist.py": ["--seconds", "0.2"],
    "bench_import.py": ["--objects", "3500"],
    "bench_csp_eval.py": ["--starts", "1", "--output", str(_TMP / "csp-eval-quick.json")],
    "bench_lighthouse.py": ["--runs", "1", "--output", str(_TMP / "bench_lighthouse-quick.json")],
    "bench_stdlib_trim.py": ["--runs", "1", "--output", str(_TMP / "bench_stdlib_trim-quick.json")],
    "bench_long_games.py": ["--seconds", "0.2", "--output", str(_TMP / "long_games-quick.json")],
    "bench_phone.py": ["--runs", "1", "--output", str(_TMP / "phone-quick.json")],
    "bench_snapshot.py": ["--runs", "1", "--output", str(_TMP / "snapshot-quick.json")],
    "bench_bad_inputs.py": ["--quick", "--output", str(_TMP / "bad_inputs-quick.json")],
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short settings, for a smoke run")
    args = parser.parse_args(argv)
    failed = []
    for script in sorted(BENCH.glob("bench_*.py")):
        extra = QUICK_ARGS.get(script.name, []) if args.quick else []
        print(f"=== {script.name} {' '.join(extra)}".rstrip(), flush=True)
        start = time.perf_counter()
        status = subprocess.run([sys.executable, str(script), *extra]).returncode
        print(f"=== {script.name}: {'ok' if status == 0 else f'failed ({status})'} in "
              f"{time.perf_counter() - start:.1f} s\n", flush=True)
        if status:
            failed.append(script.name)
    if failed:
        print("failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
