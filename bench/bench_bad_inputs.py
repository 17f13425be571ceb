"""Bad input against the page's Python: does any of it hang Python or lose a game? (a script,
not a test)

    .venv/bin/python bench/bench_bad_inputs.py [--quick]

Issue 40, points 2 and 8. Two parts, both in CPython (Pyodide is about 1.2 to 2.5 times slower:
see the Performance page):

* **Patterns**: every regular expression in ``pyengine/`` (``devtools.patterns.collect``) is
  read over the hostile inputs built for it (its own start, then a run of one or two
  characters, then a character that makes it fail at the end); the slowest at 2,000
  characters is then timed at the size the site allows (300,000 characters). Budget: 200 ms
  each (a linear pattern takes a few).
* **Pages**: each play page's Python (``pyengine.widgets.host.Host``, as in the worker) with a
  game in progress gets every hostile text in each box that reads text (the deck pastes, the
  hand box, the deck check's boxes, the save import and deck files): the slowest pattern
  inputs above at the allowed size, 299,000 newlines, 150,000 spaces after "Partner with", a
  100,000-deep JSON, NUL bytes, binary, 300,000 characters on one line. A **hang** is an
  answer over :data:`HANG_SECONDS`; a **game lost** is a game in progress that, after the
  answer, is neither the page's game nor kept in a slot (a refused input changes nothing; a
  new game the player asked for keeps the old one or replaces it as asked, and the stored
  save must still open).

The page's freezes (main-thread long tasks over 200 ms while a paste is inserted or refused)
are measured in a browser by ``bench/bench_inputs.py`` (its ``bench/results/inputs.json``);
this script reports that file's count, or "not measured" without it. Results go to
``bench/results/bad_inputs.json``; exits 1 when a pattern is over budget, a page hangs or a
game is lost.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import patterns  # noqa: E402
from pyengine.browser import page_env  # noqa: E402
from pyengine.widgets import MAX_PASTE_CHARS, horde, shuffler, swarm, team  # noqa: E402
from pyengine.widgets import check as check_page  # noqa: E402
from pyengine.widgets.host import Host  # noqa: E402
from pyengine.widgets.saves import prepare  # noqa: E402

BUDGET_MS = 200
#: An answer slower than this counts as a hang (the page's worker check, issue 40 point 3,
#: takes a worker for dead after 5 s without a sign of life).
HANG_SECONDS = 5.0
FREEZE_MS = 200
RESULTS = ROOT / "bench" / "results"
SEED = "amber-otter-17"


def time_patterns(scan_size: int, size: int) -> list[dict]:
    """Each pattern's slowest hostile input at ``scan_size``, timed again at ``size``."""
    rows = []
    for found in patterns.collect():
        tried = list(patterns.hostile(found.pattern, scan_size))
        slowest, index = -1.0, 0
        for number, text in enumerate(tried):
            took = patterns.timed(lambda text=text, p=found.pattern: patterns.read_all(p, text))
            if took > slowest:
                slowest, index = took, number
        text = next(islice(patterns.hostile(found.pattern, size), index, None))
        took = patterns.timed(lambda text=text, p=found.pattern: patterns.read_all(p, text))
        rows.append({"where": found.where, "pattern": found.pattern.pattern[:80],
                     "inputs": len(tried) + 1, "ms": round(took * 1000, 2),
                     "input": repr(text[:24]) + f"… ({len(text):,} chars)", "text": text})
    return rows


def hostile_texts(rows: list[dict]) -> dict[str, str]:
    """The page-level inputs: the slowest pattern inputs and the issue's own."""
    texts = {
        "299,000 newlines": "\n" * 299_000 + "1 Island\n---\n1 Forest\n",
        "Partner with + 150,000 spaces": "1 Partner with" + " " * 150_000 + "x\n",
        "deep JSON": "[" * 100_000 + "]" * 100_000,
        "NUL": "\x00" * 200_000 + "1 Island\n",
        "binary": bytes(range(256)).decode("latin-1") * 1000,
        "one long line": "1 " + "x" * (MAX_PASTE_CHARS - 2),
        "Markdown headings": ("__" + " " * 997 + "!\n") * 299,
    }
    for row in sorted(rows, key=lambda r: -r["ms"])[:8]:
        texts[f"{row['where']} worst"] = row["text"][:MAX_PASTE_CHARS]
    return texts


#: page -> (module, the actions that set a game up, [(fields, action)] that read text;
#: ``_file`` is a file's text)
PAGES = {
    "horde": (horde, [("new", {"seed": SEED})],
              [(("deck-paste",), "new"), (("_file",), "import"), (("_file",), "deck-file")]),
    "swarm": (swarm, [("new", {"mode": "hive", "survivors": "2", "deck": "sample",
                               "seed": SEED})],
              [(("paste", "paste-enforcers"), "new"), (("_file",), "import"),
               (("_file",), "deck-file")]),
    "team": (team, [], [(("hand-paste",), "hand-draw")]),
    "check": (check_page, [], [(("paste", "playgroup", "others"), "check"),
                               (("_file",), "upload")]),
    "shuffler": (shuffler, [], [(("paste",), "shuffle")]),
}


def opens(module, text: str | None) -> bool:
    return text is None or prepare("", module, text)[0] is not None


def try_pages(texts: dict[str, str]) -> dict:
    tried = hangs = lost = 0
    slowest: list[tuple[float, str]] = []
    findings: list[str] = []
    for name, (module, setup, surfaces) in PAGES.items():
        for label, text in texts.items():
            for fields, action in surfaces:
                host = Host(name, module, page_env({"page_url": f"http://x.test/{name}"}), {})
                host.answer_start()
                for setup_action, form in setup:
                    host.answer(setup_action, form)
                before = host.storage.get("game")
                summary = host.widget.game_summary() if host.widget is not None else None
                form = {field: text for field in fields}
                start = time.perf_counter()
                try:
                    host.answer(action, form)
                except Exception as error:  # Host never raises: a finding if it does
                    findings.append(f"{name} {action} {label}: raised {error!r}")
                took = time.perf_counter() - start
                tried += 1
                slowest.append((took, f"{name} {action} {label}"))
                if took > HANG_SECONDS:
                    hangs += 1
                    findings.append(f"{name} {action} {label}: {took:.1f} s")
                slots = host.storage.slots
                now = host.widget.game_summary() if host.widget is not None else None
                kept = before is None or before in slots.values() or now == summary or (
                    action == "new" and summary is not None)  # a new game, as asked
                if not kept or not opens(module, slots.get("game")):
                    lost += 1
                    findings.append(f"{name} {action} {label}: the game was lost")
    slowest.sort(reverse=True)
    return {"inputs": tried, "hangs": hangs, "games_lost": lost, "findings": findings,
            "slowest": [{"s": round(s, 3), "what": what} for s, what in slowest[:8]]}


def freezes() -> tuple[int | str, str]:
    """Long tasks over 200 ms on the page, from bench_inputs.py's results if it was run, and
    that run's date (its figure is only as good as how it pasted: see its docstring)."""
    path = RESULTS / "inputs.json"
    if not path.is_file():
        return "not measured", ""
    data = json.loads(path.read_text(encoding="utf-8"))
    when = str(data.get("date", "")) if isinstance(data, dict) else ""
    if isinstance(data, dict) and isinstance(data.get("freezes_over_200ms"), int):
        return data["freezes_over_200ms"], when
    count = 0

    def walk(value: object) -> None:
        nonlocal count
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            count += sum(1 for v in value if isinstance(v, (int, float)) and v > FREEZE_MS)
            for item in value:
                if isinstance(item, (dict, list)):
                    walk(item)

    walk(data.get("results", data) if isinstance(data, dict) else data)
    return count, when


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="patterns at 30,000 characters")
    parser.add_argument("--output", type=Path, default=RESULTS / "bad_inputs.json")
    args = parser.parse_args()
    size = 30_000 if args.quick else MAX_PASTE_CHARS
    rows = time_patterns(2_000, size)
    over = [row for row in rows if row["ms"] > BUDGET_MS]
    print(f"{len(rows)} patterns, {sum(r['inputs'] for r in rows):,} hostile inputs; "
          f"slowest at {size:,} characters:")
    for row in sorted(rows, key=lambda r: -r["ms"])[:10]:
        print(f"  {row['ms']:>8.1f} ms  {row['where']:<42} {row['input']}")
    pages = try_pages(hostile_texts(rows))
    frozen, frozen_when = freezes()
    result = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "size": size, "budget_ms": BUDGET_MS, "hang_seconds": HANG_SECONDS,
        "patterns": len(rows), "pattern_inputs": sum(r["inputs"] for r in rows),
        "patterns_over_budget": [{k: r[k] for k in ("where", "pattern", "ms", "input")}
                                 for r in over],
        "slowest_patterns": [{k: r[k] for k in ("where", "ms", "input")}
                             for r in sorted(rows, key=lambda r: -r["ms"])[:10]],
        "inputs_tried": sum(r["inputs"] for r in rows) + pages["inputs"],
        "page_inputs": pages["inputs"], "hangs": pages["hangs"],
        "freezes_over_200_ms": frozen, "freezes_measured": frozen_when or "not measured",
        "games_lost": pages["games_lost"],
        "findings": pages["findings"], "slowest_answers": pages["slowest"],
    }
    print(f"pages: {pages['inputs']} inputs, {pages['hangs']} hangs, "
          f"{pages['games_lost']} games lost; freezes over {FREEZE_MS} ms: {frozen}"
          + (f" (bench_inputs.py, {frozen_when})" if frozen_when else ""))
    for line in pages["slowest"][:5]:
        print(f"  {line['s']:>7.3f} s  {line['what']}")
    for line in pages["findings"]:
        print("FINDING", line)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 1 if over or pages["hangs"] or pages["games_lost"] or pages["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
