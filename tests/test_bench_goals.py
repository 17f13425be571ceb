"""The Performance page's goals table from one bench/run_all.py run (issue 43, point 5):
``sitebuild/bench_goals.py`` and its hook."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from devtools.site import load_hook
from sitebuild import bench_goals
from tests.conftest import ROOT

LATEST = {
    "ready": {"widget_vs_bare": 0.45, "widget_median_ms": 4386, "bare_median_ms": 9844},
    "floor": {"download_gzip_bytes": 8_419_847,
              "download_ms": {"10 Mbit/s": 6736, "40 Mbit/s": 1684},
              "wasm_compile_ms": 220, "start_precompiled_ms": 3672, "start_source_ms": 12767,
              "restore_ms": 1166, "fresh_restore_ms": 1850, "fresh_read_ms": 480},
    "repeat": {"repeat_vs_cold": 0.46, "cache_median_ms": 2164, "cold_median_ms": 4665,
               "offline_vs_cold": 0.2, "offline_median_ms": 930},
    "bytes": {"rules_vs_plain_gzip": 0.7, "rules_vs_plain_gzip_with_search": 1.3,
              "rules": {"gzip_bytes": 108_000}, "twin": {"gzip_bytes": 154_000},
              "rules_page": "swarm/"},
}


def stamp(script: str, started: str, load: float = 2.0) -> dict:
    return {"script": script, "started": started, "ended": started, "seconds": 1.0,
            "status": 0, "load_start": load, "load_end": load + 1}


def test_a_row_reads_the_figure_its_script_wrote_in_the_run(tmp_path: Path):
    """The cold start's row carries the physical floor beside it (bytes at 10 and 40 Mbit/s,
    compile and start apart); each row has its script's date and load; a ratio over its goal
    is missed."""
    before = bench_goals.now()
    (tmp_path / "latest.json").write_text(json.dumps(LATEST), encoding="utf-8")
    rows = {row["measure"]: row for row in
            bench_goals.rows(tmp_path, [stamp("bench_site.py", before)])}
    cold = rows[bench_goals.GOALS[0].measure]
    assert cold["met"] is True and cold["date"] == before and cold["load"] == [2.0, 3.0]
    for words in ("0.45 (4.4 s against 9.8 s)", "8.42 MB gzip", "6.7 s at 10 Mbit/s",
                  "1.7 s at 40 Mbit/s", "WebAssembly 220 ms", "start 3.7 s", "12.8 s"):
        assert words in cold["figure"], words
    repeat = next(row for row in rows.values() if row["measure"].startswith("Repeat visit"))
    assert repeat["met"] is False and repeat["figure"].startswith("0.46")
    # Beside it, its floor: Pyodide alone restored from a snapshot, as a share of the cold
    # start: on a fresh load with reading the snapshot, and in a page that had run Pyodide.
    assert ("restored from a snapshot on a fresh load, 1.9 s and 480 ms to read it "
            "(0.50 of the cold start); in a page that ran Pyodide before, 1.2 s "
            "(0.25 of the cold start)") in repeat["figure"]
    weight = next(row for row in rows.values() if "plain Material" in row["measure"])
    assert weight["met"] is True and "1.30 once search is opened" in weight["figure"]


@pytest.mark.parametrize(("left_out", "figure"), [
    ("fresh_restore_ms", "0.46 (2.2 s against 4.7 s. Floor: Pyodide alone restored from a "
                         "snapshot, 1.2 s (0.25 of the cold start))"),
    ("restore_ms", "0.46 (2.2 s against 4.7 s)"),
])
def test_a_run_without_a_floor_shows_what_it_measured(tmp_path: Path, left_out, figure):
    """A run that did not time the fresh-load restore shows the other floor; one that timed
    no restore shows the ratio alone."""
    latest = json.loads(json.dumps(LATEST))
    del latest["floor"][left_out]
    (tmp_path / "latest.json").write_text(json.dumps(latest), encoding="utf-8")
    rows = bench_goals.rows(tmp_path, [stamp("bench_site.py", bench_goals.now())])
    repeat = next(row for row in rows if row["measure"].startswith("Repeat visit"))
    assert repeat["figure"] == figure


def test_the_repeat_row_shows_pyodides_own_start_within_the_visits(tmp_path: Path):
    """When the run read the worker's marks (bench_site.py's pyodide_steps), the repeat row
    says when Pyodide's own start from the snapshot began in the visits and how long it took,
    and what share of the cold start had passed by its end: the part no project code runs in."""
    latest = json.loads(json.dumps(LATEST))
    latest["repeat"].update(pyodide_from_median_ms=700, pyodide_start_median_ms=1166)
    (tmp_path / "latest.json").write_text(json.dumps(latest), encoding="utf-8")
    rows = bench_goals.rows(tmp_path, [stamp("bench_site.py", bench_goals.now())])
    repeat = next(row for row in rows if row["measure"].startswith("Repeat visit"))
    assert repeat["figure"].endswith(
        "In the visits themselves, Pyodide's own start from the snapshot began at 700 ms and "
        "took 1.2 s (0.40 of the cold start by its end))")
    del latest["repeat"]["pyodide_from_median_ms"]
    (tmp_path / "latest.json").write_text(json.dumps(latest), encoding="utf-8")
    rows = bench_goals.rows(tmp_path, [stamp("bench_site.py", bench_goals.now())])
    repeat = next(row for row in rows if row["measure"].startswith("Repeat visit"))
    assert "In the visits themselves" not in repeat["figure"]


def test_figures_not_made_in_the_run_are_not_shown(tmp_path: Path):
    """A results file older than its script's start, a script left out of the run and a file
    without the figure a row reads each give a row without a figure, saying why."""
    (tmp_path / "latest.json").write_text(json.dumps({"ready": {}}), encoding="utf-8")
    (tmp_path / "phone.json").write_text("{}", encoding="utf-8")
    old = time.time() - 3600
    os.utime(tmp_path / "phone.json", (old, old))
    now = bench_goals.now()
    rows = bench_goals.rows(tmp_path, [stamp("bench_site.py", now),
                                       stamp("bench_phone.py", now)])
    by_script: dict[str, list[dict]] = {}
    for row in rows:
        by_script.setdefault(row["script"], []).append(row)
    assert all(row["figure"] is None for row in rows)
    assert "lacks a figure" in by_script["bench_site.py"][0]["note"]
    assert "wrote no phone.json in this run" in by_script["bench_phone.py"][0]["note"]
    assert "not part of this run" in by_script["bench_a11y.py"][0]["note"]
    table = bench_goals.render(bench_goals.run_record(now, bench_goals.machine(),
                                                      [stamp("bench_site.py", now)], tmp_path,
                                                      "bench/run_all.py"))
    assert "not measured: bench_a11y.py was not part of this run" in table


def test_the_table_says_which_run_and_machine():
    """The rendered table names the run, its dates and the machine; every row has a goal, a
    figure or why not, met or missed, and its date and load."""
    record = {"started": "2026-12-06T09:00:00+00:00", "ended": "2026-12-06T09:40:00+00:00",
              "command": "bench/run_all.py", "machine": {"cpu": "AMD EPYC", "cores": 2,
                                                         "system": "Linux", "python": "3.11.7"},
              "rows": [{"measure": "A | B", "goal": "at most 1", "figure": "0.5", "met": True,
                        "date": "2026-12-06T09:01:00+00:00", "load": [1.5, 2.25]},
                       {"measure": "C", "goal": "none", "figure": None, "met": None,
                        "note": "bench_x.py was not part of this run"}]}
    table = bench_goals.render(record)
    assert "06 December 2026, 09:00 to 09:40 UTC, on AMD EPYC (2 cores" in table
    assert "| A \\| B | met | at most 1 | 0.5 | 06 Dec 2026, 09:01 UTC; load 1.5 to 2.2 |" \
        in table
    assert "| C |  | none | not measured: bench_x.py was not part of this run |  |" in table
    assert "No `bench/run_all.py` run" in bench_goals.render(None)


def test_every_goal_names_a_benchmark_script():
    """Each row's script is a bench/ script (run_all runs every bench_*.py)."""
    for goal in bench_goals.GOALS:
        assert (ROOT / "bench" / goal.script).is_file(), goal.script


@pytest.mark.parametrize("goal", bench_goals.GOALS, ids=lambda g: g.measure[:40])
def test_each_row_reads_the_results_its_script_writes(goal):
    """Each row reads the committed results file of its script as that script writes it (a
    row whose script has written none yet is skipped)."""
    path = bench_goals.RESULTS / goal.results
    if not path.is_file():
        pytest.skip(f"no {goal.results} committed yet")
    figure, met = goal.read(json.loads(path.read_text(encoding="utf-8")))
    assert figure and met in (True, False, None)


def test_the_hook_puts_the_table_at_the_marker(tmp_path: Path, monkeypatch):
    """hooks/bench_goals.py: the marker becomes the recorded run's table; a page without the
    marker is left as it is."""
    hook = load_hook("bench_goals")
    record = {"started": "2026-12-06T09:00:00+00:00", "ended": "2026-12-06T09:40:00+00:00",
              "machine": {}, "rows": []}
    path = tmp_path / "goals.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(bench_goals, "GOALS_FILE", path)
    monkeypatch.setattr(bench_goals.load, "__defaults__", (path,))
    page = hook.on_page_markdown("# P\n\n" + bench_goals.MARKER + "\n", None, None, None)
    assert bench_goals.MARKER not in page and "| Measure | Status | Goal |" in page
    assert hook.on_page_markdown("# Q\n", None, None, None) == "# Q\n"
