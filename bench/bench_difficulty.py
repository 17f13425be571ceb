"""The difficulty figures' goals (issue 42), a benchmark and not a test: ``python
bench/bench_difficulty.py [--fresh]``.

Prints each goal of :func:`sitebuild.difficulty.goals` — Limited Horde's four difficulties within
10 points of the rulebook's win rates averaged over its decks, harder presets never easier beyond
the sampling error, no setting at 0% or 100%, plausible game lengths — met or missed, with the
figures, and the fitted model's numbers and error. By default it reads the committed figures
(``sitebuild/difficulty-figures.json``, refusing them if their key is stale); ``--fresh``
simulates them again here and also prints how long that took (the goal for the full
regeneration, ``python scripts/fit_table_model.py``: at most 10 minutes on 2 cores).
Exit code 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild import difficulty  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the difficulty figures' goals")
    parser.add_argument("--fresh", action="store_true", help="simulate the figures again")
    args = parser.parse_args(argv)
    if args.fresh:
        figures = difficulty.compute(ROOT)
        print(f"simulated {figures['games']} games in {figures['seconds']} s")
    else:
        figures = json.loads(difficulty.COMMITTED.read_text(encoding="utf-8"))
        if figures.get("key") != difficulty.cache_key(ROOT):
            print("the committed figures are stale: run python scripts/fit_table_model.py")
            return 1
        print(f"committed figures: {figures['games']} games, {figures['seconds']} s to make")
    fit = figures["fit"]
    fitted = difficulty.calibrated()
    print(f"fitted model ({fitted}, per Survivor): {figures['models'][fitted]}; "
          f"fit error {fit['error_points']} points over {fit['grid_points']} candidates")
    missed = 0
    for goal in difficulty.goals(figures):
        missed += not goal["met"]
        print(f"[{'met' if goal['met'] else 'MISSED'}] {goal['goal']}\n    {goal['detail']}")
        if not goal["met"] and goal.get("why"):
            print(f"    why: {goal['why']}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
