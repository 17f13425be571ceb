"""devtools/: the helpers bench/ and tests/ share, and the shape they keep: the benchmarks never
import the tests, and the real site is built once per test session (tests/conftest.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from devtools import browser, inputs, server, site

ROOT = Path(__file__).resolve().parent.parent


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_bench_never_imports_tests():
    """bench/ gets its server, Chromium lookup and hook loader from devtools/, not tests/."""
    offenders = {
        path.name: sorted(m for m in _imported_modules(path) if m.split(".")[0] == "tests")
        for path in sorted((ROOT / "bench").glob("*.py"))
    }
    assert not {name: mods for name, mods in offenders.items() if mods}


def test_devtools_never_imports_tests_or_bench():
    for path in sorted((ROOT / "devtools").glob("*.py")):
        roots = {m.split(".")[0] for m in _imported_modules(path)}
        assert not roots & {"tests", "bench"}, path.name


def test_the_real_site_is_built_only_by_the_session_fixture():
    """Only tests/conftest.py builds the project's own site; every other test asks for
    ``built_site`` (a tiny site of a test's own, built from tmp_path, is fine)."""
    builders = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if rel == "tests/test_devtools.py":
            continue
        if rel == "tests/conftest.py":
            assert "build_site(" in text
            continue
        # test_anchors.py may rebuild its kept list when run as a script (not under pytest).
        text = text.split('if __name__ == "__main__":')[0]
        if re.search(r"\bbuild_site\(|\bmkdocs_build\(", text) or (
            '"mkdocs"' in text and "cwd=ROOT" in text
        ):
            builders.append(rel)
    assert builders == [], builders


def test_the_test_shims_re_export_devtools():
    """Browser tests written against tests/browser/server.py keep working."""
    from tests.browser import server as shim
    from tests.helpers import load_hook, pathological_lines

    assert shim.serve_site is server.serve_site and shim.SUB_PATH == server.SUB_PATH
    assert shim.chromium_path is browser.chromium_path and shim.METERED == browser.METERED
    assert load_hook is site.load_hook and pathological_lines is inputs.pathological_lines


def test_sub_path_server_serves_only_under_the_sub_path(tmp_path):
    import urllib.error
    import urllib.request

    (tmp_path / "index.html").write_text("<h1>hi</h1>", encoding="utf-8")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    with server.serve_site(tmp_path) as url:
        assert url.endswith(server.SUB_PATH)
        with urllib.request.urlopen(url) as response:
            assert response.read() == b"<h1>hi</h1>"
        with urllib.request.urlopen(url + "a.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        outside = url[: -len(server.SUB_PATH)] + "/index.html"
        try:
            urllib.request.urlopen(outside)
            raise AssertionError("served a file outside the sub-path")
        except urllib.error.HTTPError as error:
            assert error.code == 404


def test_the_snapshot_marks_are_named_where_the_worker_leaves_them(tmp_path):
    """The marks the benchmark and the snapshot tests read (devtools.browser.snapshot_marks) are
    the ones docs/assets/snapshot.js's MARKS names and marks around Pyodide's start; a module
    without MARKS fails loudly, not with marks that are never found."""
    read, started = browser.snapshot_mark_names()
    assert read != started
    text = browser.SNAPSHOT_JS.read_text(encoding="utf-8")
    assert text.index("performance.mark(MARKS.read)") < text.index(
        "performance.mark(MARKS.started)")
    other = tmp_path / "snapshot.js"
    other.write_text("export const API = {};\n", encoding="utf-8")
    try:
        browser.snapshot_mark_names(other)
    except ValueError as error:
        assert "MARKS" in str(error)
    else:
        raise AssertionError("a module without MARKS was read")
