"""Python archives rewritten with their modules compiled to bytecode (issue 43, point 1).

Pyodide runs with ``sys.dont_write_bytecode`` and its npm package ships the standard library as
``.py`` only, so every start compiles each module it imports, and the engine's, from source.
``compile_archive`` rewrites a zip with each ``.py`` compiled to an *unchecked hash-based*
``.pyc`` (PEP 552: the interpreter loads it without looking at, or for, the source):

* ``SOURCELESS`` (the standard library, read by ``zipimport`` straight from the archive): each
  ``x.py`` the pages import (``only``) becomes ``x.pyc`` in its place and its source is left
  out (the rest stays ``.py``: compiled bytecode is about twice the size of the source, so
  compiling what no page imports would only add bytes to download). ``zipimport`` looks for
  ``x.pyc`` before ``x.py``; a traceback through the standard library shows file and line,
  without the line's text.
* ``CACHED`` (the engine zip, which PyScript unpacks onto the file system): each ``x.py`` is
  kept (a traceback through the engine shows its lines) and ``__pycache__/x.<tag>.pyc`` is
  added beside it, where the import system looks first; a ``.pyc`` of another Python is
  ignored by it and the ``.py`` compiled as before.
* ``CHECKED`` (PyScript's own Python package, which PyScript's worker writes as source and
  imports before the page's script whenever its start-up hooks reach the worker): only
  ``__pycache__/x.<tag>.pyc``, *checked* against the source's hash (PEP 552), goes into the
  archive, which lands in the folder PyScript writes the package to. The sources are
  PyScript's to write: bytecode of a source PyScript writes differently is not used, and that
  module is compiled from its source as before.

The bytecode must be made by the exact Python that reads it, Pyodide's, which is not the
CPython the build runs on: ``sitebuild/precompile.mjs`` runs this module inside the pinned
Pyodide under Node (``sitebuild.pyscript.precompiled`` calls it and caches the result). This
module imports only the standard library, so it runs in both (the unit tests run it in CPython).
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import sys
import zipfile

SOURCELESS = "sourceless"
CACHED = "cached"
CHECKED = "checked"
MODES = (SOURCELESS, CACHED, CHECKED)
#: PEP 552 flags: hash-based (bit 0), source not checked (bit 1 clear) or checked (bit 1 set).
UNCHECKED_HASH = 0b01
CHECKED_HASH = 0b11
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def pyc_bytes(source: bytes, filename: str, *, checked: bool = False) -> bytes:
    """A hash-based ``.pyc`` of ``source`` for the running Python, unchecked unless ``checked``;
    ``filename`` is the name tracebacks show (the module's path as the importer will see
    it)."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    flags = CHECKED_HASH if checked else UNCHECKED_HASH
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


def _cached_name(name: str) -> str:
    folder, _, leaf = name.rpartition("/")
    tag = sys.implementation.cache_tag
    pyc = f"__pycache__/{leaf[:-3]}.{tag}.pyc"
    return f"{folder}/{pyc}" if folder else pyc


def compile_archive(data: bytes, mode: str, prefix: str = "",
                    only: frozenset[str] | None = None) -> bytes:
    """``data`` (a zip) rewritten for ``mode``; ``prefix`` goes before a member's name in the
    file names compiled into it (``/lib/python314.zip/`` for the standard library; the engine
    needs none: its loader puts the unpacked file's path in); ``only``: the members compiled
    (None: every ``.py``). Members keep their order; the zip's times are fixed, so the same
    input gives the same bytes."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            name = info.filename
            body = source.read(info)
            if "__pycache__/" in name or name.endswith(".pyc"):
                continue  # bytecode of some other Python
            if not name.endswith(".py") or info.is_dir() or (only is not None
                                                              and name not in only):
                _write(target, name, body, info.external_attr)
                continue
            compiled = pyc_bytes(body, prefix + name, checked=mode == CHECKED)
            if mode == CHECKED:
                _write(target, _cached_name(name), compiled, info.external_attr)
            elif mode == CACHED:
                _write(target, name, body, info.external_attr)
                _write(target, _cached_name(name), compiled, info.external_attr)
            else:
                _write(target, name[:-3] + ".pyc", compiled, info.external_attr)
    return out.getvalue()


def _write(archive: zipfile.ZipFile, name: str, body: bytes, attr: int) -> None:
    info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = attr or (0o644 << 16)
    archive.writestr(info, body)


#: The standard library modules PyScript's own Python package imports when it is imported (its
#: ``pyscript`` package, which PyScript's worker may import before the page's script: see
#: ``CHECKED``);
#: tests/test_precompile.py derives them from the pinned PyScript's sources.
PYSCRIPT_IMPORTS = ("asyncio", "base64", "collections", "functools", "html", "inspect", "io",
                    "json", "sys")

#: What a play page imports once Python is up: the engine's browser side and every widget
#: (as the memory snapshot's maker does, ``docs/assets/snapshot.js``), and what PyScript's own
#: package needs from the standard library.
ENGINE_IMPORTS = f"""
import importlib, pkgutil
import pyengine.browser, pyengine.widgets
for found in pkgutil.iter_modules(pyengine.widgets.__path__):
    importlib.import_module("pyengine.widgets." + found.name)
import {", ".join(PYSCRIPT_IMPORTS)}
"""


def imported_members(archive_path: str) -> frozenset[str]:
    """The members of the zip at ``archive_path`` (on ``sys.path``) that the running Python has
    imported so far: ``os.py``, ``json/__init__.py``, ..."""
    start = archive_path.rstrip("/") + "/"
    found = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(start) and origin.endswith(".py"):
            found.add(origin[len(start):])
    return frozenset(found)


def run_jobs(jobs: list[dict[str, str]], engine_dir: str = "") -> None:
    """Each job: ``{"input": path, "output": path, "mode": ..., "prefix": ...}`` (paths in the
    running Python's file system); what ``precompile.mjs`` asks of Pyodide. With
    ``engine_dir`` (the engine unpacked there), a ``sourceless`` job compiles only the members
    that the running Python's own start and the engine's imports used."""
    if engine_dir:
        sys.path.insert(0, engine_dir)
        try:
            exec(ENGINE_IMPORTS, {})
        finally:
            sys.path.remove(engine_dir)
    for job in jobs:
        with open(job["input"], "rb") as handle:
            data = handle.read()
        only = (imported_members(job["prefix"])
                if engine_dir and job["mode"] == SOURCELESS else None)
        result = compile_archive(data, job["mode"], job.get("prefix", ""), only)
        with open(job["output"], "wb") as handle:
            handle.write(result)
