"""Simulator in the browser: time to the Horde runner's "How hard is this?" figures on the
phone profile, and games per second in Pyodide (a script, not a test).

    .venv/bin/python bench/bench_simulate_browser.py [--runs 3] [--site DIR]

Phone profile as bench/bench_phone.py: a 360x740 touch screen, the page's CPU slowed 4x (the
worker, where Python runs, is not slowed by DevTools). For each run: open the runner (ready),
pick Nightmare for 2 Survivors, press the button, and time the click to the figures on screen;
the same with 1 Survivor Classic; then a second click with the sliders on (the simulator
already imported). The box plays ``difficulty_part.RUNS`` games, so games per second in Pyodide
is that count over the second click's time. Results go to bench/results/simulate_browser.json.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

from pyengine.widgets.difficulty_part import RUNS  # noqa: E402

CASES = [("nightmare", "2"), ("classic", "1")]


def one(browser, base: str, difficulty: str, survivors: str) -> float:
    context = bench_site.context_for(browser, phone=True, service_worker=False)
    page = context.new_page()
    bench_site.throttle(context, page, phone=True)
    try:
        page.goto(base + "play/horde.html", timeout=bench_site.TIMEOUT_MS)
        page.wait_for_selector('[data-widget="horde"][data-ready="true"]',
                               timeout=bench_site.TIMEOUT_MS)
        page.select_option("[data-field=variant]", "horde")
        page.select_option("[data-field=difficulty]", difficulty)
        page.select_option("[data-field=survivors]", survivors)
        page.locator("details.how-hard summary").click()
        times = []
        for mine in ("", "on"):  # the second click changes the model, so the figures change
            if mine:
                page.check("[data-field=sim-mine]")
                page.locator("[data-field=sim-damage]").fill("10")
            want = "deals 10 damage" if mine else "simulated games"
            start = time.perf_counter()
            page.click("[data-action=how-hard]")
            page.wait_for_function(f"() => document.querySelector('[data-id=how-hard-summary]')"
                                   f".textContent.includes('{want}')",
                                   timeout=bench_site.TIMEOUT_MS)
            times.append(time.perf_counter() - start)
        return times
    finally:
        context.close()


def main() -> int:
    parser = bench_site.site_parser(__doc__, runs=3)
    parser.add_argument("--output", type=Path,
                        default=ROOT / "bench" / "results" / "simulate_browser.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site)
        results = bench_site.new_results(games_per_click=RUNS, cases={})
        with bench_site.served_chromium(site) as (browser, base):
            for difficulty, survivors in CASES:
                rows = [one(browser, base, difficulty, survivors) for _ in range(args.runs)]
                first = statistics.median(r[0] for r in rows)
                again = statistics.median(r[1] for r in rows)
                results["cases"][f"{difficulty}-{survivors}"] = {
                    "first_click_s": round(first, 3), "second_click_s": round(again, 3),
                    "runs": [[round(t, 3) for t in r] for r in rows],
                    "games_per_second_warm": round(RUNS / again, 1)}

    def summary(res: dict) -> None:
        for name, row in res["cases"].items():
            print(f"{name:<14} first click {row['first_click_s']:6.3f} s (imports the "
                  f"simulator), second {row['second_click_s']:6.3f} s: "
                  f"{row['games_per_second_warm']} games/s in Pyodide, phone profile")
        print(bench_site.load_note(res, "shared machine: absolute times are noisy"))

    return bench_site.finish(results, args.output, summary)


if __name__ == "__main__":
    sys.exit(main())
