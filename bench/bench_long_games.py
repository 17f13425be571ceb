"""Long games: replay, reload, undo and one action at 400 actions, in CPython and in Pyodide.

    .venv/bin/python bench/bench_long_games.py [--seconds 1] [--no-pyodide] [--baseline REV]

A script, not a test (issue 17, point 2). The workloads are in ``bench/long_game_workloads.py``:
a 250-card SlingLab Horde game after 400 actions and a 60-turn Swarm Mode game, built once in
CPython, then timed in CPython and — in the same run — in Pyodide, in a PyScript worker of a
page of the built site, as the play pages run the engine (their own PyScript configuration plus
the workload module and the two saves).
Goals: each operation <= 20 ms in CPython; Pyodide/CPython <= 2.5. CPython is timed twice, by
its CPU clock (the goal check: steady on a shared machine) and by the wall clock (the ratio
against Pyodide, whose only clock is the wall clock); each figure is the best batch.

``--baseline REV`` also times the engine of git revision REV (e.g. the commit before the
snapshot-free ``Game.apply``) in CPython on the same saves, for a before/after ratio.
``--profile slinglab`` (or ``swarm``) only profiles that game's replay with cProfile and prints
the functions that take the most time: where to look before making the engine faster.

The machine running these is shared: absolute figures are noisy; the ratios in one run are the
figures to compare. Results go to bench/results/long_games.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402
import long_game_workloads  # noqa: E402

GOAL_MS = 20.0
GOAL_RATIO = 2.5
OPERATIONS = ("replay", "reload", "undo", "action", "refused", "save")
#: The workloads in a PyScript worker, where the play pages run the engine.
WORKER_PYTHON = """
import json
import traceback
from polyscript import xworker


def bench():
    try:
        import long_game_workloads
        with open("long_game_saves.json") as f:
            saves = json.load(f)
        result = long_game_workloads.run(saves, %(seconds)r)
    except Exception:
        result = {"error": traceback.format_exc()}
    return json.dumps({"benchResult": json.dumps(result)})


xworker.sync.bench = bench
"""
BASELINE_SCRIPT = """
import json, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
import long_game_workloads
with open(sys.argv[3]) as f:
    saves = json.load(f)
print(json.dumps(long_game_workloads.run(saves, float(sys.argv[4]), cpu=True)))
"""


def pyodide_run(saves: dict, seconds: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-long-") as tmp:
        site = Path(tmp) / "site"
        print("building the site…", flush=True)
        bench_site.mkdocs_build(None, site, ROOT)
        bench_site.install_hosts(site)
        runner = bench_site.page_file(site, "play/shuffler")
        text = runner.read_text(encoding="utf-8")
        config = bench_site.play_config(text)
        folder = runner.parent
        shutil.copyfile(ROOT / "bench" / "long_game_workloads.py",
                        folder / "long_game_workloads.py")
        (folder / "long_game_saves.json").write_text(json.dumps(saves), encoding="utf-8")
        config = dict(config, files={**config.get("files", {}),
                                     "./long_game_workloads.py": "./long_game_workloads.py",
                                     "./long_game_saves.json": "./long_game_saves.json"})
        (folder / "bench-long.py").write_text(WORKER_PYTHON % {"seconds": seconds},
                                              encoding="utf-8")
        (folder / "bench-long.html").write_text(
            bench_site.with_worker(text, config, "./bench-long.py"), encoding="utf-8")
        with bench_site.served_chromium(site) as (browser, base):
            result = bench_site.pyodide_engine(
                browser, base + bench_site.url_of(site, folder / "bench-long.html"))
            if "error" in result:
                sys.exit("the workloads failed in Pyodide:\n" + result["error"])
            return dict(result, browser=f"Chromium {browser.version}")


def baseline_run(rev: str, saves: dict, seconds: float) -> dict:
    """The same workloads on the engine of git revision ``rev`` (a CPython subprocess)."""
    with tempfile.TemporaryDirectory(prefix="bench-long-base-") as tmp:
        archive = subprocess.run(["git", "archive", rev, "pyengine", "decks"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        saves_file = Path(tmp) / "saves.json"
        saves_file.write_text(json.dumps(saves), encoding="utf-8")
        out = subprocess.run([sys.executable, "-c", BASELINE_SCRIPT, tmp, str(ROOT / "bench"),
                              str(saves_file), str(seconds)],
                             capture_output=True, text=True, check=True, cwd=tmp).stdout
        return json.loads(out)


def profile(saves: dict, game: str, replays: int = 20, rows: int = 25) -> None:
    """Print the cProfile of ``replays`` replays of one long game, most time first."""
    import cProfile
    import pstats

    from pyengine.game import find_variant

    save = saves[game]
    cls = find_variant(save["variant"])
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(replays):
        cls.replay(save["config"], save["seed"], save["actions"])
    profiler.disable()
    print(f"{game}: {replays} replays of {len(save['actions'])} actions")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(rows)


def print_table(results: dict) -> None:
    cpu, wall = results["cpython_cpu"], results["cpython"]
    py, base = results.get("pyodide"), results.get("baseline")
    for game in ("slinglab", "swarm"):
        info = cpu[game]
        print(f"\n{game}: {info['cards']} cards, {info['actions']} actions, "
              f"save {info['save_bytes']:,} bytes")
        header = f"{'':<10}{'CPU ms':>9}{'goal':>8}{'wall ms':>10}"
        if py:
            header += f"{'Pyodide':>10}{'ratio':>8}{'goal':>8}"
        if base:
            header += f"{'before CPU':>12}{'before/now':>12}"
        print(header)
        for op in OPERATIONS:
            ms = cpu[game][op]
            row = f"{op:<10}{ms:>9.2f}{'ok' if ms <= GOAL_MS else 'MISSED':>8}"
            row += f"{wall[game][op]:>10.2f}"
            if py:
                ratio = py[game][op] / wall[game][op] if wall[game][op] else float("nan")
                row += (f"{py[game][op]:>10.2f}{ratio:>8.2f}"
                        f"{'ok' if ratio <= GOAL_RATIO else 'MISSED':>8}")
            if base:
                row += f"{base[game][op]:>12.2f}{base[game][op] / ms:>12.1f}"
            print(row)
    print("\nCPU ms: CPython process time (steady on a shared machine), checked against the "
          "goal;\nwall ms and Pyodide: elapsed time, best batch; ratio = Pyodide / CPython "
          "wall.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum time per operation")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--baseline", metavar="REV", help="also time the engine of git REV")
    parser.add_argument("--output", type=Path,
                        default=bench_site.RESULTS / "long_games.json")
    parser.add_argument("--profile", choices=("slinglab", "swarm"),
                        help="only profile this game's replay (cProfile) and print it")
    args = parser.parse_args(argv)
    if args.profile:
        print("building the long games…", flush=True)
        profile(long_game_workloads.build_saves(), args.profile)
        return 0
    results = bench_site.new_results(goals={"cpython_ms": GOAL_MS,
                                            "pyodide_vs_cpython": GOAL_RATIO})
    print("building the long games…", flush=True)
    saves = long_game_workloads.build_saves()
    results["cpython_cpu"] = long_game_workloads.run(saves, args.seconds, cpu=True)
    results["cpython"] = long_game_workloads.run(saves, args.seconds)
    if not args.no_pyodide:
        results["pyodide"] = pyodide_run(saves, args.seconds)
    if args.baseline:
        results["baseline"] = dict(baseline_run(args.baseline, saves, args.seconds),
                                   rev=args.baseline)
    bench_site.mark_end(results)
    print(f"machine: {results['machine']['cpu']}, {results['machine']['cores']} cores, load "
          f"{results['machine']['load_average_1min']} -> "
          f"{results['machine']['load_average_1min_end']} (shared: absolute ms are noisy)")
    print_table(results)
    bench_site.write_results(results, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
