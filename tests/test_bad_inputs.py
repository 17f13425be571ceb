"""sitebuild/bad_inputs.py and hooks/bench_figures.py: the Performance page's bad-input
figures (issue 40, point 8) are made from the benchmarks' results files, not written by hand:
a finding in a results file shows on the page, and the page's goal status follows it."""

from __future__ import annotations

import json

import pytest

from devtools.site import load_hook
from sitebuild import bad_inputs


def _files(tmp_path, *, hangs=0, lost=0, tasks=None, page_hangs=0):
    engine = {"when": "2026-12-06 06:51 UTC", "size": 300000, "patterns": 212,
              "pattern_inputs": 73197, "page_inputs": 150, "inputs_tried": 73347,
              "hangs": hangs, "games_lost": lost,
              "slowest_patterns": [{"where": "x", "ms": 76.7, "input": "'a'"}],
              "slowest_answers": [{"s": 0.61, "what": "swarm new"}]}
    browser = {"date": "2026-12-06T09:30:00+00:00", "load_1min_start": 0.5, "load_1min": 1.5,
               "inputs_tried": 4,
               "hangs": page_hangs, "paste_routes": ["clipboard"],
               "results": tasks if tasks is not None else {
                   "check": {"paste paste: RTL": [], "file upload: RTL": [61]},
                   "horde": {"paste deck-paste: RTL": [], "file import: RTL": [120, 57]}}}
    (tmp_path / "bad_inputs.json").write_text(json.dumps(engine), encoding="utf-8")
    (tmp_path / "inputs.json").write_text(json.dumps(browser), encoding="utf-8")
    return bad_inputs.figures(tmp_path / "bad_inputs.json", tmp_path / "inputs.json")


def test_the_row_adds_both_runs_and_meets_the_goal_only_at_zero(tmp_path):
    """Inputs tried are both benchmarks' together; 0 hangs, 0 freezes and 0 games lost is
    "met", and any one of them makes it "missed", naming it."""
    row = bad_inputs.row(_files(tmp_path))
    assert "73,351 tried" in row and "4 pasted (clipboard) or chosen as files" in row
    assert "0 hangs" in row and "0 freezes over 200 ms (longest task 120 ms (Horde, RTL))" in row
    assert row.endswith("| met |") and "load 0.5 to 1.5" in row and "2026-12-06 09:30:00 UTC" in row
    assert bad_inputs.row(_files(tmp_path, lost=1)).endswith("| missed: games lost |")
    assert "1 hangs" in bad_inputs.row(_files(tmp_path, page_hangs=1))
    frozen = bad_inputs.row(_files(tmp_path, tasks={"swarm": {
        "file import: ZWJ": [339, 58], "paste paste: A": [201], "paste paste: B": [250],
        "paste paste: C": [260], "paste paste: D": [190]}}))
    assert "4 freezes over 200 ms (Swarm, ZWJ: 339 ms; Swarm, C: 260 ms; Swarm, B: 250 ms; " \
           "1 more in the table below)" in frozen
    assert frozen.endswith("| missed: freezes |")


def test_the_table_gives_the_longest_task_per_input_and_page(tmp_path):
    """One row an input (its paste and its file together), one column a page; no long task is
    a dash, a freeze is bold."""
    table = bad_inputs.freezes_table(_files(tmp_path, tasks={
        "check": {"paste paste: 5 MB": [92], "file upload: 5 MB": [250, 60]},
        "swarm": {"paste paste: 5 MB": []}}))
    assert table.splitlines() == ["| Input | Deck check | Swarm |", "|---|---:|---:|",
                                  "| 5 MB | **250** | — |"]


def test_a_broken_results_file_stops_the_build(tmp_path):
    """A count that is not a count is an error, never a figure shown."""
    _files(tmp_path)
    broken = json.loads((tmp_path / "inputs.json").read_text(encoding="utf-8"))
    broken["hangs"] = "none"
    (tmp_path / "inputs.json").write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(ValueError):
        bad_inputs.figures(tmp_path / "bad_inputs.json", tmp_path / "inputs.json")


def test_the_performance_page_shows_the_committed_results():
    """The page has both markers, and the hook turns them into the committed runs' figures."""
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert bad_inputs.ROW_MARKER in page and bad_inputs.TABLE_MARKER in page
    shown = load_hook("bench_figures").on_page_markdown(page, None, {}, None)
    data = bad_inputs.figures()
    assert bad_inputs.row(data) in shown and bad_inputs.freezes_table(data) in shown
    assert f"{data['tried']:,} tried" in shown and "<!-- bad-input" not in shown
    assert load_hook("bench_figures").on_page_markdown("# Other", None, {}, None) == "# Other"
