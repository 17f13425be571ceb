"""Fit the simulator's table model to the Limited Horde playtest table, then refresh the figures.

    .venv/bin/python scripts/fit_table_model.py            # fit, rewrite the figures (~6 min)
    .venv/bin/python scripts/fit_table_model.py --fit-only # only pyengine/fitted_model.py

The fit (sitebuild/table_fit.py) plays every Limited Horde difficulty against the three shipped
Horde decks for each candidate and keeps the numbers whose win rates come nearest the rulebook's
(lh-2-4); they are written to pyengine/fitted_model.py, which SlingLab Horde and Swarm use
unchanged. The figures the rules pages show depend on those numbers, so they are recomputed
afterwards (``python -m sitebuild.difficulty``) unless ``--fit-only``. Run it after any change
to the engine or the decks: the figures' key test fails until the figures are refreshed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit-only", action="store_true", help="do not refresh the figures")
    args = parser.parse_args(argv)
    from sitebuild import table_fit

    start = time.perf_counter()
    result = table_fit.fit(ROOT, progress=lambda line: print(line, flush=True))
    (ROOT / "pyengine" / "fitted_model.py").write_text(table_fit.module_text(result), "utf-8")
    print(f"fitted in {time.perf_counter() - start:.0f} s: {result['per_survivor']}, "
          f"error {result['error_points']:.1f} points; win rates {result['won']}", flush=True)
    if args.fit_only:
        return 0
    import subprocess

    # A fresh process: the figures read the numbers just written.
    return subprocess.call([sys.executable, "-m", "sitebuild.difficulty"], cwd=ROOT)

if __name__ == "__main__":
    sys.exit(main())
