"""The Performance page's goals table, from one ``bench/run_all.py`` run (issue 43, point 5).

``bench/run_all.py`` runs every benchmark script, notes when each ran and the machine's load
before and after it (:func:`stamp`), and then writes one file, ``bench/results/goals.json``
(:func:`run_record`): the run's dates and machine, each script's stamp, and one row per goal of
:data:`GOALS`, read from the results file its script wrote in that run (a file older than the
script's start is not read: its row says the figure is not in this run). ``hooks/bench_goals.py``
puts :func:`render` of that file where docs/performance.md writes ``<!-- bench-goals -->``.

Plain functions over JSON; no MkDocs import.
"""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
GOALS_FILE = RESULTS / "goals.json"
MARKER = "<!-- bench-goals -->"
#: Download speeds the cold start's physical floor is given at (bench_site.py's ``floor``).
SPEEDS = ("10 Mbit/s", "40 Mbit/s")

Read = Callable[[Mapping[str, Any]], "tuple[str, bool | None]"]


@dataclass(frozen=True)
class Goal:
    """One row of the table: what is measured, the goal in words, the script that measures it,
    the results file that script writes (relative to the results folder) and how the row's
    figure and verdict (None: a reference figure, no goal) are read from that file."""

    measure: str
    goal: str
    script: str
    results: str
    read: Read


def dig(data: Mapping[str, Any], path: str) -> Any:
    """``data["a"]["b"]...`` for ``path`` ``"a.b..."``; None where a key is missing."""
    found: Any = data
    for key in path.split("."):
        if not isinstance(found, Mapping) or key not in found:
            return None
        found = found[key]
    return found


class Missing(LookupError):
    """A figure a row needs is not in its results file."""


def need(data: Mapping[str, Any], path: str) -> Any:
    found = dig(data, path)
    if found is None:
        raise Missing(path)
    return found


def _ratio_row(path: str, goal: float, detail: Callable[[Mapping[str, Any]], str]
               = lambda data: "") -> Read:
    def read(data: Mapping[str, Any]) -> tuple[str, bool | None]:
        value = float(need(data, path))
        extra = detail(data)
        return f"{value:.2f}" + (f" ({extra})" if extra else ""), value <= goal
    return read


def _ms(value: float) -> str:
    return f"{value:,.0f} ms" if value < 1000 else f"{value / 1000:.1f} s"


def _restore_floor(data: Mapping[str, Any]) -> str:
    """A repeat visit's floor, when the run measured it: Pyodide alone restored from a memory
    snapshot, as a share of the cold start: on a fresh load, as a reload starts it (with
    reading the snapshot), and in a page that has run Pyodide before."""
    restore, cold = dig(data, "floor.restore_ms"), dig(data, "repeat.cold_median_ms")
    if restore is None or not cold:
        return ""
    fresh, read = dig(data, "floor.fresh_restore_ms"), dig(data, "floor.fresh_read_ms")
    again = (f"{_ms(restore)} ({float(restore) / float(cold):.2f} of the cold start)")
    if fresh is None or read is None:
        return f". Floor: Pyodide alone restored from a snapshot, {again}"
    whole = float(fresh) + float(read)
    return (f". Floor: Pyodide alone restored from a snapshot on a fresh load, {_ms(fresh)} "
            f"and {_ms(read)} to read it ({whole / float(cold):.2f} of the cold start); "
            f"in a page that ran Pyodide before, {again}")


def _pyodide_share(data: Mapping[str, Any]) -> str:
    """Pyodide's own start from the snapshot within the repeat visits themselves (the worker's
    marks, docs/assets/snapshot.js), when the run measured it."""
    start, began = dig(data, "repeat.pyodide_start_median_ms"), dig(
        data, "repeat.pyodide_from_median_ms")
    cold = dig(data, "repeat.cold_median_ms")
    if start is None or began is None or not cold:
        return ""
    return (f". In the visits themselves, Pyodide's own start from the snapshot began at "
            f"{_ms(began)} and took {_ms(start)} "
            f"({(float(began) + float(start)) / float(cold):.2f} of the cold start by its end)")


def _cold_start(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    """The cold start against the bare page, with the physical floor beside it."""
    ratio = float(need(data, "ready.widget_vs_bare"))
    text = (f"{ratio:.2f} ({_ms(need(data, 'ready.widget_median_ms'))} against "
            f"{_ms(need(data, 'ready.bare_median_ms'))})")
    floor = dig(data, "floor")
    if isinstance(floor, Mapping) and floor.get("download_gzip_bytes"):
        speeds = ", ".join(f"{_ms(floor['download_ms'][s])} at {s}" for s in SPEEDS
                           if s in floor.get("download_ms", {}))
        text += (f". Physical floor: {floor['download_gzip_bytes'] / 1e6:.2f} MB gzip to "
                 f"download, {speeds}; measured apart, compiling Pyodide's WebAssembly "
                 f"{_ms(floor['wasm_compile_ms'])}, Pyodide's start "
                 f"{_ms(floor['start_precompiled_ms'])} on the precompiled standard library "
                 f"({_ms(floor['start_source_ms'])} on the shipped one)")
    return text, ratio <= 0.85


def _rules_bytes(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    ratio = float(need(data, "bytes.rules_vs_plain_gzip"))
    text = (f"{ratio:.2f} ({need(data, 'bytes.rules.gzip_bytes') / 1000:.1f} KB against "
            f"{need(data, 'bytes.twin.gzip_bytes') / 1000:.1f} KB, "
            f"{need(data, 'bytes.rules_page')})")
    searched = dig(data, "bytes.rules_vs_plain_gzip_with_search")
    if searched is not None:
        text += f"; {float(searched):.2f} once search is opened (the index fetched)"
    return text, ratio <= 1.10


def _engine(name: str) -> Read:
    def read(data: Mapping[str, Any]) -> tuple[str, bool | None]:
        key = {"swarm_turns": "ms_per_turn"}.get(name, "ms")
        pyodide = float(need(data, f"engine.pyodide.{name}.{key}"))
        cpython = float(need(data, f"engine.cpython.{name}.{key}"))
        ratio = pyodide / cpython
        return f"{ratio:.2f} ({pyodide:.2f} ms against {cpython:.2f} ms)", ratio <= 2.5
    return read


def _axe(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    found = int(need(data, "serious_or_critical"))
    return f"{found} ({len(need(data, 'pages'))} pages)", found == 0


def _lighthouse(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    pages = need(data, "pages")
    parts, met = [], True
    for name, page in pages.items():
        score = dig(page, "median.performance")
        if score is None:
            continue
        parts.append(f"{name} {score}")
        met = met and score >= page.get("goal", 0)
    if not parts:
        raise Missing("pages.*.median.performance")
    return ", ".join(parts), met


def _long_games(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    worst = 0.0
    parts = []
    for variant in ("slinglab", "swarm"):
        times = [float(need(data, f"cpython_cpu.{variant}.{step}"))
                 for step in ("replay", "reload", "undo")]
        worst = max(worst, *times)
        parts.append(f"{variant} {min(times):.0f} to {max(times):.0f} ms")
    return ", ".join(parts) + " (CPU time)", worst <= 20.0


def _tap(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    horde = float(need(data, "horde.tap_to_update_ms_median"))
    swarm = float(need(data, "swarm.tap_to_update_ms_median"))
    return f"Horde {horde:.0f} ms, Swarm {swarm:.0f} ms", max(horde, swarm) <= 100


def _bad_inputs(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    counts = [int(need(data, key)) for key in ("hangs", "freezes_over_200_ms", "games_lost")]
    return (f"{int(need(data, 'inputs_tried')):,} tried; {counts[0]} / {counts[1]} / "
            f"{counts[2]}"), not any(counts)


def _check_100(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    real = float(need(data, "cpython.real.ms"))
    unknown = float(need(data, "cpython.unknown20.ms"))
    text = f"{real:.1f} ms; with 20 unknown names {unknown:.1f} ms (CPython)"
    met = max(real, unknown) <= 20.0
    pyodide = dig(data, "pyodide.real.ms")
    if pyodide is not None:
        text += f"; {float(pyodide):.1f} ms Pyodide"
    return text, met


def _check_megabyte(data: Mapping[str, Any]) -> tuple[str, bool | None]:
    big = need(data, "cpython.megabyte")
    text = (f"{big['cpu_ms']:.1f} ms CPU, {big['ms']:.1f} ms wall, at best, CPython "
            f"({big['entries']:,} entries)")
    met = big["cpu_ms"] <= 20.0
    pyodide = dig(data, "pyodide.megabyte")
    if isinstance(pyodide, Mapping):
        text += f"; {pyodide['ms']:.1f} ms Pyodide (the check function: the page refuses 1 MB)"
        met = met and pyodide["ms"] <= 20.0
    return text, met


#: The table's rows, in order.
GOALS: tuple[Goal, ...] = (
    Goal("Shuffler ready vs a bare PyScript + Pyodide page, cold, desktop; the cold start's "
         "physical floor beside it", "at most 0.85", "bench_site.py", "latest.json", _cold_start),
    Goal("Repeat visit vs first visit, time to ready, desktop; its floor beside it",
         "at most 0.25", "bench_site.py", "latest.json", _ratio_row(
             "repeat.repeat_vs_cold", 0.25, lambda d: (
                 f"{_ms(need(d, 'repeat.cache_median_ms'))} against "
                 f"{_ms(need(d, 'repeat.cold_median_ms'))}" + _restore_floor(d)
                 + _pyodide_share(d)))),
    Goal("The same with the network off", "at most 0.25", "bench_site.py", "latest.json",
         _ratio_row("repeat.offline_vs_cold", 0.25, lambda d: _ms(
             need(d, "repeat.offline_median_ms")))),
    Goal("Phone profile: runner vs bare PyScript page, cold", "at most 0.85", "bench_phone.py",
         "phone.json", _ratio_row("phone.cold.ratio", 0.85, lambda d: (
             f"{_ms(need(d, 'phone.cold.play'))} against {_ms(need(d, 'phone.cold.bare'))}"))),
    Goal("Phone profile: repeat visit vs first visit", "at most 0.25", "bench_phone.py",
         "phone.json", _ratio_row("phone.repeat.ratio", 0.25)),
    Goal("Saved game on screen on a repeat visit, phone profile", "at most 300 ms",
         "bench_phone.py", "phone.json", lambda d: (
             _ms(float(need(d, "phone.saved_view.saved_view"))),
             float(need(d, "phone.saved_view.saved_view")) <= 300)),
    Goal("Rules page vs the same page from plain Material, bytes (gzip)", "at most 1.10",
         "bench_site.py", "latest.json", _rules_bytes),
    Goal("Swarm turn, Pyodide vs CPython", "at most 2.5", "bench_site.py", "latest.json",
         _engine("swarm_turns")),
    Goal("250-card shuffle, Pyodide vs CPython", "at most 2.5", "bench_site.py", "latest.json",
         _engine("shuffle_250")),
    Goal("100-card legality check, Pyodide vs CPython", "at most 2.5", "bench_site.py",
         "latest.json", _engine("legality_100")),
    Goal("Deck check of a 100-card list, card data loaded", "at most 20 ms", "bench_check.py",
         "check.json", _check_100),
    Goal("Deck check of a 1 MB paste, card data loaded (the check alone)", "at most 20 ms",
         "bench_check.py", "check.json", _check_megabyte),
    Goal("axe-core: serious or critical findings, every page", "none", "bench_a11y.py",
         "a11y.json", _axe),
    Goal("Lighthouse performance, rules page / play pages", "at least 95 / 90",
         "bench_lighthouse.py", "lighthouse.json", _lighthouse),
    Goal("400-action games in CPython: replay, reload, undo", "at most 20 ms",
         "bench_long_games.py", "long_games.json", _long_games),
    Goal("Tap → updated screen at 360 × 740, median", "at most 100 ms", "bench_interaction.py",
         "interaction.json", _tap),
    Goal("Bad input: hangs / freezes over 200 ms / games lost", "0 / 0 / 0",
         "bench_bad_inputs.py", "bad_inputs.json", _bad_inputs),
)


# -- the run -----------------------------------------------------------------------------------


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def load_average() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def machine() -> dict[str, Any]:
    """The machine a run is on: CPU model, cores, system, Python and the load average now."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = load_average()
    return {"cpu": cpu, "cores": os.cpu_count() or 0, "system": platform.platform(),
            "python": platform.python_version(),
            "load_average_1min": load if load is not None else float("nan")}


def stamp(script: str, started: str, load_start: float | None, seconds: float,
          status: int) -> dict[str, Any]:
    """What run_all notes of one script's run: when, how long, its exit status and the load
    average before and after it."""
    return {"script": script, "started": started, "ended": now(), "seconds": round(seconds, 1),
            "status": status, "load_start": load_start, "load_end": load_average()}


def rows(results: Path, stamps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each goal's row from the results ``stamps``' scripts wrote in ``results`` during this
    run (a results file older than its script's start is not this run's)."""
    by_script = {s["script"]: s for s in stamps}
    out = []
    for goal in GOALS:
        row: dict[str, Any] = {"measure": goal.measure, "goal": goal.goal,
                               "script": goal.script, "figure": None, "met": None}
        ran = by_script.get(goal.script)
        path = results / goal.results
        if ran is None:
            row["note"] = f"{goal.script} was not part of this run"
        elif not path.is_file() or datetime.fromtimestamp(path.stat().st_mtime, UTC) < \
                datetime.fromisoformat(ran["started"]):
            row["note"] = f"{goal.script} wrote no {goal.results} in this run" + (
                f" (it failed: exit {ran['status']})" if ran["status"] else "")
        else:
            try:
                row["figure"], row["met"] = goal.read(json.loads(path.read_text("utf-8")))
            except (Missing, ValueError, TypeError, KeyError) as error:
                row["note"] = f"{goal.results} lacks a figure this row reads ({error})"
        if ran is not None:
            row.update(date=ran["started"], load=[ran["load_start"], ran["load_end"]])
        out.append(row)
    return out


def run_record(started: str, host: dict[str, Any], stamps: list[dict[str, Any]],
               results: Path, command: str) -> dict[str, Any]:
    """The one file a run_all run writes: its dates, command and machine, each script's stamp
    and the goals' rows."""
    return {"started": started, "ended": now(), "command": command, "machine": host,
            "scripts": stamps, "rows": rows(results, stamps)}


# -- the table ---------------------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _when(row: Mapping[str, Any]) -> str:
    if not row.get("date"):
        return ""
    day = datetime.fromisoformat(row["date"]).strftime("%d %b %Y, %H:%M UTC")
    load = row.get("load") or []
    known = [f"{x:.1f}" for x in load if isinstance(x, (int, float))]
    return day + (f"; load {' to '.join(known)}" if known else "")


def render(record: Mapping[str, Any] | None) -> str:
    """The goals table in Markdown (with a line saying which run, on what machine), or a
    sentence saying no run is recorded."""
    if not record:
        return ("*No `bench/run_all.py` run is recorded yet: run "
                "`.venv/bin/python bench/run_all.py` and rebuild the site for the table.*")
    host = record.get("machine", {})
    started = datetime.fromisoformat(record["started"]).strftime("%d %B %Y, %H:%M")
    ended = datetime.fromisoformat(record["ended"]).strftime("%H:%M UTC")
    lines = [f"From one `{record.get('command', 'bench/run_all.py')}` run, {started} to "
             f"{ended}, on {host.get('cpu', 'an unnamed CPU')} ({host.get('cores', '?')} "
             f"cores, {host.get('system', '')}, Python {host.get('python', '?')}). Each "
             "row's time and the machine's load average (before and after its script) are "
             "in its last column; a ratio compares two things measured in the same run.", "",
             "| Measure | Status | Goal | Latest | When, load |", "|---|---|---|---|---|"]
    for row in record.get("rows", []):
        figure = row.get("figure") or f"not measured: {row.get('note', 'no figure')}"
        met = {True: "met", False: "missed", None: ""}[row.get("met")]
        # the status beside the measure: on a phone it is read without a sideways swipe
        lines.append(f"| {_cell(row['measure'])} | {met} | {_cell(row['goal'])} | "
                     f"{_cell(figure)} | {_cell(_when(row))} |")
    return "\n".join(lines) + "\n"


def load(path: Path = GOALS_FILE) -> dict[str, Any] | None:
    """The recorded run, or None if there is none (or it cannot be read)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "rows" in data else None


def expand(markdown: str, record: Mapping[str, Any] | None) -> str:
    """``markdown`` with its :data:`MARKER` replaced by :func:`render` of ``record``."""
    return markdown.replace(MARKER, render(record)) if MARKER in markdown else markdown
