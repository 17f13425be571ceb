"""What a play page's Python start costs: the modules it imports and the files it reads.

Issue 30, point 3. :func:`measure` starts one widget in a fresh CPython process exactly as the
play page's worker does (``pyengine.browser.start`` with an empty page: no saved game), and
reports every ``pyengine`` module imported from the worker's own import of
``pyengine.browser`` until the widget's first answer, each data file under ``decks/`` opened
(Python's ``open`` audit event), and the time both took. The tests check the modules
(``tests/test_browser_start.py``); ``bench/bench_start_cost.py`` prints the table the
Performance page shows.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The widget of each play page (``widget:`` in ``docs/play/*.md``).
PAGES = {
    "shuffler": "play/shuffler",
    "swarm": "play/swarm",
    "horde": "play/horde",
    "check": "play/check",
    "team": "play/team",
}

#: Run in the child: the worker's start, observed.
_CHILD = r"""
import json, sys, time
opened = []
def audit(event, args):
    if event == "open" and isinstance(args[0], str):
        opened.append(args[0])
sys.addaudithook(audit)
before = set(sys.modules)
t0 = time.perf_counter()
import pyengine.browser as browser
t1 = time.perf_counter()
answer = json.loads(browser.start(sys.argv[1], json.dumps({"page_url": "http://local/",
                                                            "url_hash": "", "slots": {}})))
t2 = time.perf_counter()
modules = sorted(m for m in set(sys.modules) - before if m.split(".")[0] == "pyengine")
print(json.dumps({"modules": modules, "opened": opened, "import_ms": (t1 - t0) * 1000,
                  "start_ms": (t2 - t1) * 1000, "error": answer["view"].get("error", "")}))
"""


def measure(widget: str, root: Path = ROOT) -> dict:
    """``modules`` (every ``pyengine`` module imported), ``data`` (files under ``decks/``
    opened, relative, with their sizes in bytes), ``import_ms`` / ``start_ms`` (importing
    ``pyengine.browser``; starting the widget) and ``error`` (the first view's error line)."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYENGINE_DECKS", None)
    result = subprocess.run([sys.executable, "-X", "frozen_modules=on", "-c", _CHILD, widget],
                            cwd=root, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"starting {widget} failed:\n{result.stderr}")
    found = json.loads(result.stdout.strip().splitlines()[-1])
    decks = (root / "decks").resolve()
    data: dict[str, int] = {}
    for name in found.pop("opened"):
        path = Path(name).resolve()
        if path.is_file() and path.is_relative_to(decks):
            data[path.relative_to(decks).as_posix()] = path.stat().st_size
    found["data"] = data
    return found


#: The same start in Pyodide under Node (the runtime the play pages pin, from node_modules): a
#: fresh interpreter, the engine zip unpacked as PyScript unpacks it, then the worker's start.
_NODE = r"""
import { loadPyodide } from "%(pyodide)s";
import { readFileSync } from "fs";
const py = await loadPyodide();
py.unpackArchive(new Uint8Array(readFileSync(process.argv[2])), "zip",
                 { extractDir: "/home/pyodide" });
py.globals.set("WIDGET", process.argv[3]);
console.log("RESULT " + py.runPython(`
import json, sys, time
sys.path.insert(0, "/home/pyodide")
before = set(sys.modules)
t0 = time.perf_counter()
import pyengine.browser as browser
t1 = time.perf_counter()
answer = json.loads(browser.start(WIDGET, json.dumps({"page_url": "http://local/",
                                                      "url_hash": "", "slots": {}})))
t2 = time.perf_counter()
new = set(sys.modules) - before
json.dumps({"modules": sorted(m for m in new if m.split(".")[0] == "pyengine"),
            "stdlib": sorted(m for m in new if m.split(".")[0] != "pyengine"),
            "import_ms": (t1 - t0) * 1000, "start_ms": (t2 - t1) * 1000,
            "error": answer["view"].get("error", "")})
`));
"""


def measure_pyodide(widget: str, engine_zip: Path, root: Path = ROOT) -> dict:
    """:func:`measure`'s modules and times in Pyodide (Node), for the engine zip at
    ``engine_zip``; ``stdlib``: the standard-library modules the start imported."""
    import tempfile

    pyodide = (root / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()
    with tempfile.TemporaryDirectory(prefix="start-cost-") as tmp:
        script = Path(tmp) / "start.mjs"
        script.write_text(_NODE % {"pyodide": pyodide}, encoding="utf-8")
        result = subprocess.run(["node", str(script), str(engine_zip), widget], cwd=tmp,
                                capture_output=True, text=True, check=False)
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"starting {widget} in Pyodide failed:\n{result.stderr[-2000:]}")
    return json.loads(lines[-1][len("RESULT "):])


def engines(modules: list[str]) -> set[str]:
    """The rules engines among ``modules``: ``swarm``, ``horde``, ``limited_horde``,
    ``team_commander``, ``legality`` (the deck check) and ``shuffler``."""
    names = {"pyengine.swarm": "swarm", "pyengine.horde": "horde",
             "pyengine.limited_horde": "limited_horde",
             "pyengine.team_commander": "team_commander", "pyengine.legality": "legality",
             "pyengine.shuffler": "shuffler"}
    return {names[m] for m in modules if m in names}
