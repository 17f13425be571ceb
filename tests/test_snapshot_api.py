"""The pinned Pyodide's memory-snapshot calls, as docs/assets/snapshot.js uses them (issue 30,
point 1).

``loadPyodide``'s ``_makeSnapshot`` / ``_loadSnapshot`` options and ``makeMemorySnapshot()``
are not public API (private and ignored in Pyodide's typings), so they may change in any
release. These tests run them in the pinned Pyodide under Node with the names
``snapshot.js`` uses (its ``API`` object): when an upgrade renames, removes or changes them,
the tests fail loudly here (the page itself falls back to the normal start and says nothing).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "docs" / "assets" / "snapshot.js"
PYODIDE = ROOT / "node_modules" / "pyodide"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")


def api_names() -> dict[str, str]:
    """snapshot.js's ``API`` object: the option and method names it calls."""
    found = re.search(r"export const API = (\{[^}]*\});", MODULE.read_text(encoding="utf-8"))
    assert found, "snapshot.js must keep its Pyodide names in one `export const API = {...}`"
    return json.loads(re.sub(r"(\w+):", r'"\1":', found.group(1)))


SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
const api = %(api)s;
const out = {};
const made = await loadPyodide({ [api.make]: true });
made.runPython("import json, sys; sys.modules['marker_module'] = json; MARK = 41");
made.runPython("import email; email.RECORDED_ENGINE = 'abc123'");
const snapshot = made[api.snapshot]();
out.bytes = snapshot.length;
const loaded = await loadPyodide({ [api.load]: snapshot });
out.mark = loaded.runPython("MARK + 1");
out.module = loaded.runPython("import sys; 'marker_module' in sys.modules");
out.recorded = loaded.runPython("import email; getattr(email, 'RECORDED_ENGINE', '')");
const damaged = snapshot.slice(0);
damaged[0] ^= 0xff;  // the header's magic number
try {
  await loadPyodide({ [api.load]: damaged });
  out.damaged = "loaded";
} catch (error) {
  out.damaged = "refused";
}
console.log("RESULT " + JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def ran(tmp_path_factory) -> dict:
    script = tmp_path_factory.mktemp("snapshot-api") / "api.mjs"
    script.write_text(SCRIPT % {"pyodide": (PYODIDE / "pyodide.mjs").as_uri(),
                                "api": json.dumps(api_names())}, encoding="utf-8")
    result = subprocess.run(["node", str(script)], capture_output=True, text=True,
                            timeout=300, check=False)
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    assert result.returncode == 0 and lines, (
        "the pinned Pyodide's snapshot calls failed; docs/assets/snapshot.js needs updating:\n"
        + result.stderr[-3000:])
    return json.loads(lines[-1][len("RESULT "):])


def test_the_names_are_the_pinned_pyodides():
    """Issue 30, point 1: the names snapshot.js calls are in the pinned Pyodide's typings."""
    typings = (PYODIDE / "pyodide.d.ts").read_text(encoding="utf-8")
    names = api_names()
    assert f"{names['make']}?: boolean" in typings
    assert f"{names['load']}?: Uint8Array" in typings
    assert f"static {names['snapshot']}(" in typings


def test_a_snapshot_made_and_loaded_keeps_the_imported_modules(ran):
    """Issue 30, point 1: a snapshot made after imports starts with them already imported."""
    assert ran["mark"] == 42
    assert ran["module"] is True
    assert ran["bytes"] > 1_000_000


def test_a_damaged_snapshot_is_refused(ran):
    """Issue 30, point 1: Pyodide refuses a snapshot whose header is damaged (snapshot.js then
    deletes it and starts the normal way)."""
    assert ran["damaged"] == "refused"


def test_a_module_global_set_before_the_snapshot_is_read_after_the_restore(ran):
    """Issue 40, point 4: a value set on an imported module just before the snapshot is taken
    is there after the restore: how snapshot.js records the engine zip's hash in
    pyengine.browser.SNAPSHOT_ENGINE and checks it (a snapshot of another engine is dropped)."""
    assert ran["recorded"] == "abc123"
