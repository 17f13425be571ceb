"""The Performance page's bad-input figures, from the benchmarks' results files (issue 40,
point 8): inputs tried, hangs, freezes over 200 ms, games lost (goal 0, 0, 0).

``bench/bench_bad_inputs.py`` writes ``bench/results/bad_inputs.json`` (the engine's regular
expressions and the play pages' Python: inputs, hangs, games lost); ``bench/bench_inputs.py``
writes ``bench/results/inputs.json`` (the pages in Chromium: each input pasted as a browser
pastes or chosen as a file, the page's long tasks, Python restarted as hung). :func:`row` is the
goals table's row (``<!-- bad-input-row -->``), :func:`freezes_table` the longest task per input
and page (``<!-- bad-input-freezes -->``); ``hooks/bench_figures.py`` puts both in the page.
The figures are only as new as the files: the page says when each run was and at what load.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PATTERNS = RESULTS / "bad_inputs.json"
BROWSER = RESULTS / "inputs.json"
FREEZE_MS = 200
ROW_MARKER = "<!-- bad-input-row -->"
TABLE_MARKER = "<!-- bad-input-freezes -->"
PAGES = {"check": "Deck check", "shuffler": "Shuffler", "horde": "Horde", "swarm": "Swarm"}


def _read(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} holds no object")
    return data


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{key!r} is not a count")
    return value


def longest_tasks(browser: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """The longest task (ms, 0 without one) per input and page, over the page's fields and
    file inputs (``paste deck-paste: RTL`` and ``file import: RTL`` are the one input RTL)."""
    table: dict[str, dict[str, int]] = {}
    results = browser.get("results")
    if not isinstance(results, dict):
        raise ValueError("'results' is not an object")
    for page, rows in results.items():
        for what, tasks in rows.items():
            label = what.split(": ", 1)[1] if ": " in what else what
            longest = max((int(t) for t in tasks), default=0)
            cell = table.setdefault(label, {})
            cell[page] = max(cell.get(page, 0), longest)
    return table


def figures(patterns: Path = PATTERNS, browser: Path = BROWSER) -> dict[str, Any]:
    """The four figures and what they are made of, from both results files."""
    engine, page = _read(patterns), _read(browser)
    tasks = longest_tasks(page)
    worst = max(((ms, label, p) for label, row in tasks.items() for p, ms in row.items()),
                default=(0, "", ""))
    freezes = [(label, p, ms) for label, row in tasks.items() for p, ms in row.items()
               if ms > FREEZE_MS]
    browser_tried = _int(page, "inputs_tried")
    slowest_pattern = (engine.get("slowest_patterns") or [{}])[0]
    slowest_answer = (engine.get("slowest_answers") or [{}])[0]
    return {
        "tried": _int(engine, "inputs_tried") + browser_tried,
        "pattern_inputs": _int(engine, "pattern_inputs"), "patterns": _int(engine, "patterns"),
        "page_inputs": _int(engine, "page_inputs"), "browser_inputs": browser_tried,
        "hangs": _int(engine, "hangs") + _int(page, "hangs"),
        "freezes": len(freezes), "freeze_list": freezes,
        "games_lost": _int(engine, "games_lost"),
        "longest": worst, "pattern_ms": slowest_pattern.get("ms"),
        "size": engine.get("size"), "answer_s": slowest_answer.get("s"),
        "engine_when": str(engine.get("when", "")),
        "browser_when": str(page.get("date", "")).replace("T", " ").replace("+00:00", " UTC"),
        "browser_load": " to ".join(str(page[k]) for k in ("load_1min_start", "load_1min")
                                    if isinstance(page.get(k), (int, float))) or "not recorded",
        "routes": page.get("paste_routes") or [],
        "tasks": tasks,
    }


def _ms(value: Any) -> str:
    return f"{value:,.0f} ms" if isinstance(value, (int, float)) else "not recorded"


def row(data: Mapping[str, Any] | None = None) -> str:
    """The goals table's row: the four figures, their parts and the goal's status."""
    f = figures() if data is None else data
    ms, label, page = f["longest"]
    longest = (f"longest task {ms:,} ms ({PAGES.get(page, page)}, {label})" if ms
               else "no long task")
    worst = sorted(f["freeze_list"], key=lambda freeze: -freeze[2])
    frozen = "; ".join(f"{PAGES.get(p, p)}, {label}: {ms:,} ms" for label, p, ms in worst[:3])
    if len(worst) > 3:
        frozen += f"; {len(worst) - 3} more in the table below"
    routes = " and ".join(f["routes"]) or "no paste"
    figure = (
        f"{f['tried']:,} tried ({f['pattern_inputs']:,} against the engine's {f['patterns']} "
        f"regular expressions, {f['page_inputs']:,} through the play pages' Python, "
        f"{f['browser_inputs']:,} pasted ({routes}) or chosen as files in Chromium); "
        f"{f['hangs']} hangs (slowest pattern {_ms(f['pattern_ms'])} at "
        f"{f['size']:,} characters, slowest page answer {f['answer_s']} s); "
        f"{f['freezes']} freezes over {FREEZE_MS} ms ({frozen or longest}); "
        f"{f['games_lost']} games lost. `bench_bad_inputs.py` {f['engine_when']}, "
        f"`bench_inputs.py` {f['browser_when']} at load {f['browser_load']}")
    missed = [name for name, key in (("hangs", "hangs"), ("freezes", "freezes"),
                                     ("games lost", "games_lost")) if f[key]]
    status = "met" if not missed else "missed: " + ", ".join(missed)
    return (f"| Bad input: inputs tried / hangs / freezes over {FREEZE_MS} ms / games lost "
            f"([Bad input](#bad-input)) | — / 0 / 0 / 0 | {figure} | {status} |")


def freezes_table(data: Mapping[str, Any] | None = None) -> str:
    """The longest main-thread task per input (rows) and page (columns), ms; "—" without a
    long task (none of 50 ms or more), over the goal in bold."""
    f = figures() if data is None else data
    pages = [p for p in PAGES if any(p in row for row in f["tasks"].values())]
    lines = ["| Input | " + " | ".join(PAGES[p] for p in pages) + " |",
             "|---|" + "---:|" * len(pages)]
    for label, cells in f["tasks"].items():
        shown = []
        for p in pages:
            ms = cells.get(p)
            shown.append("" if ms is None else "—" if not ms
                         else f"**{ms:,}**" if ms > FREEZE_MS else f"{ms:,}")
        lines.append(f"| {label} | " + " | ".join(shown) + " |")
    return "\n".join(lines)


def fill(markdown: str) -> str:
    """``markdown`` with both markers replaced (unchanged without them)."""
    if ROW_MARKER not in markdown and TABLE_MARKER not in markdown:
        return markdown
    data = figures()
    return markdown.replace(ROW_MARKER, row(data)).replace(TABLE_MARKER, freezes_table(data))
