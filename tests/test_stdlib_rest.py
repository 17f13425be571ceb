"""The rest of the standard library, fetched on the first import of a module the trimmed
archive left out (sitebuild/stdlib_rest.py; issue 43, point 1; the Performance page's "A
precompiled start"). Here in CPython, with zipimport and archives of the tests' own: the
browser's fetch is replaced by one that counts."""

from __future__ import annotations

import importlib
import sys

import pytest

from sitebuild import precompile, stdlib_rest
from tests.helpers import zip_of

WHOLE = {
    "lib_kept.py": b"import lib_pkg\nVALUE = 'kept'\n",
    "lib_left.py": b"from lib_pkg import part\nVALUE = 'left ' + part.VALUE\n",
    "lib_pkg/__init__.py": b"",
    "lib_pkg/part.py": b"VALUE = 'part'\n",
    "lib_pkg/extra.py": b"VALUE = 'extra'\n",
    "lib_pkg/data.txt": b"data",
}
NAMES = ("lib_kept", "lib_left", "lib_pkg", "lib_pkg.part", "lib_pkg.extra")


@pytest.fixture
def trimmed(tmp_path, monkeypatch):
    """sys.path holds an archive of ``lib_kept`` and ``lib_pkg/__init__`` only; the finder
    fetches the whole one (counting fetches) into ``tmp_path``."""
    kept = {name: WHOLE[name] for name in ("lib_kept.py", "lib_pkg/__init__.py")}
    path = tmp_path / "trimmed.zip"
    path.write_bytes(zip_of(kept))
    monkeypatch.syspath_prepend(str(path))
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return zip_of(WHOLE)

    monkeypatch.setattr(stdlib_rest, "LEFT_OUT",
                        frozenset({"lib_left", "lib_pkg.part", "lib_pkg.extra"}))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    finder = stdlib_rest.install("https://example.test/python_stdlib.zip", fetch)
    finder.whole = str(tmp_path / "whole.zip")
    importlib.invalidate_caches()
    yield fetched
    for name in NAMES:
        sys.modules.pop(name, None)


def test_a_module_left_out_is_imported_from_the_whole_archive_fetched_once(trimmed):
    """A top-level module and a package's module, both left out: the first import fetches
    the whole archive, the next reads the same copy."""
    assert importlib.import_module("lib_kept").VALUE == "kept"
    assert trimmed == []  # what the trimmed archive holds needs no fetch
    assert importlib.import_module("lib_left").VALUE == "left part"
    assert importlib.import_module("lib_pkg.extra").VALUE == "extra"
    assert trimmed == ["https://example.test/python_stdlib.zip"]


def test_a_module_nobody_has_is_not_fetched_for(trimmed):
    """An import that probes for a module the library never had (an optional one) fails as
    it would have, without fetching anything."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("lib_not_anywhere")
    assert trimmed == []


def test_a_failed_fetch_is_said_as_the_imports_error(tmp_path, monkeypatch):
    monkeypatch.setattr(stdlib_rest, "LEFT_OUT", frozenset({"lib_left"}))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))

    def offline(url: str) -> bytes:
        raise OSError("HTTP 504")

    stdlib_rest.install("https://example.test/python_stdlib.zip", offline)
    with pytest.raises(ImportError, match=r"lib_left is not in the trimmed standard library "
                                          r"and the whole one did not load from "
                                          r"https://example.test/python_stdlib.zip: HTTP 504"):
        importlib.import_module("lib_left")


def test_installing_again_replaces_the_finder(monkeypatch):
    """A start from a memory snapshot installs it again: one finder, the new one, last."""
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    stdlib_rest.install("https://a.test/x.zip", lambda url: b"")
    second = stdlib_rest.install("https://b.test/x.zip", lambda url: b"")
    ours = [f for f in sys.meta_path if isinstance(f, stdlib_rest.RestOfStdlib)]
    assert ours == [second] and sys.meta_path[-1] is second


def test_the_build_fills_in_the_modules_left_out():
    """The module as the build writes it into the archive names the modules left out, and is
    Python."""
    template = precompile.__loader__.get_data(stdlib_rest.__file__).decode("utf-8")
    source = precompile.rest_source(template, ["b.c", "a"])
    namespace: dict = {}
    exec(compile(source, "_stdlib_rest.py", "exec"), namespace)
    assert namespace["LEFT_OUT"] == frozenset({"a", "b.c"})
    with pytest.raises(ValueError, match="must hold the line"):
        precompile.rest_source("LEFT_OUT = set()", ["a"])
