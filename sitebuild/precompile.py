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
  without the line's text. The standard library is also trimmed (``trimmed_stdlib``): only
  what the pages import, and what importing that imports, stays; the module
  ``_stdlib_rest`` (``stdlib_rest.py``) fetches the rest when a module of it is imported.
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

import ast
import importlib.util
import io
import marshal
import sys
import zipfile
from collections.abc import Callable, Iterable

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
                    only: frozenset[str] | None = None,
                    kept: frozenset[str] | None = None) -> bytes:
    """``data`` (a zip) rewritten for ``mode``; ``prefix`` goes before a member's name in the
    file names compiled into it (``/lib/python314.zip/`` for the standard library; the engine
    needs none: its loader puts the unpacked file's path in); ``only``: the members compiled
    (None: every ``.py``); ``kept``: the members written at all (None: every one; see
    :func:`kept_members`). Members keep their order; the zip's times are fixed, so the same
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
            if kept is not None and name not in kept:
                continue
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


#: Text encodings the standard library archive keeps besides those imported while compiling.
#: Python finds a codec by importing ``encodings.<name>`` when it is first asked for (a name no
#: import statement holds), so these are the ones the pages and Python's own modules may ask
#: for: the Unicode ones, ASCII and Latin-1, the code page ``zipfile`` reads member names with
#: (cp437), the Windows code page of Western Europe, the escapes, and the bytes-to-bytes codecs
#: of the standard library that need no module Pyodide lacks. The other 100 or so (legacy
#: code pages, East Asian encodings) come from the rest of the library (``REST_MODULE``).
ENCODINGS_KEPT = frozenset(f"encodings.{name}" for name in (
    "aliases", "ascii", "base64_codec", "charmap", "cp437", "cp1252", "hex_codec", "idna",
    "latin_1", "punycode", "quopri_codec", "raw_unicode_escape", "rot_13", "undefined",
    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le",
    "utf_7", "utf_8", "utf_8_sig", "uu_codec", "zlib_codec"))
#: The module the build adds to the trimmed standard library archive (from
#: ``sitebuild/stdlib_rest.py``): it fetches the whole archive the first time a module left out
#: is imported.
REST_MODULE = "_stdlib_rest"


def module_name(member: str) -> str | None:
    """The module an archive member holds (``email/parser.py`` -> ``email.parser``,
    ``json/__init__.py`` -> ``json``), or None for a file that is not Python."""
    if not member.endswith(".py"):
        return None
    parts = member[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: bytes, filename: str, module: str, *, anywhere: bool,
                   package: bool = False) -> set[str]:
    """The modules ``source`` (module ``module``; ``package``: an ``__init__``) imports, with
    their parent packages; a ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a
    module). ``anywhere``: in functions too, and ``importlib.import_module`` or ``__import__``
    of a name written out (what code the page runs may import one day); otherwise only what
    importing it runs (its top level, ``try`` and ``if`` blocks and class bodies included,
    whether or not they run)."""
    here = module if package else module.rpartition(".")[0]
    found: set[str] = set()

    def add(name: str) -> None:
        parts = name.split(".")
        found.update(".".join(parts[:n]) for n in range(1, len(parts) + 1))

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".") if here else []
                anchor = anchor[:len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                base = ".".join([*anchor, base] if base else anchor)
            if base:
                add(base)
            for alias in node.names:
                if alias.name != "*":
                    found.add(f"{base}.{alias.name}" if base else alias.name)
        elif (anywhere and isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Name) and node.func.id == "__import__")
                   or (isinstance(node.func, ast.Attribute)
                       and node.func.attr == "import_module"))):
            if not node.args[0].value.startswith("."):
                add(node.args[0].value)
        if not anywhere and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                              ast.Lambda)):
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source, filename))
    return found


def kept_members(names: Iterable[str], read: Callable[[str], bytes],
                 roots: Iterable[str]) -> frozenset[str]:
    """The members of the standard library archive (``names``; ``read`` gives a member's
    bytes) a play page's start and engine need: the modules in ``roots`` (what the pages'
    Python imported while compiling, and what the engine's and PyScript's sources import
    anywhere), the codecs of ``ENCODINGS_KEPT``, and, in turn, every module importing any of
    them imports, until nothing new is found, with their packages' folders and data files.
    A module imported only from inside a function of one of them is left out: the rest of
    the library is fetched when one is imported (``REST_MODULE``)."""
    names = list(names)
    members: dict[str, str] = {}
    for name in names:
        module = module_name(name)
        if module is not None:
            members[module] = name
    wanted = [name for name in {*roots, *ENCODINGS_KEPT} if name in members]
    kept: set[str] = set()
    while wanted:
        module = wanted.pop()
        if module in kept:
            continue
        kept.add(module)
        member = members[module]
        for found in imported_names(read(member), member, module, anywhere=False,
                                    package=member.endswith("/__init__.py")):
            if found in members and found not in kept:
                wanted.append(found)
        parent = module.rpartition(".")[0]
        if parent and parent in members and parent not in kept:
            wanted.append(parent)
    files = {members[module] for module in kept}
    folders = {name.rsplit("/", 1)[0] + "/" for name in files if "/" in name}
    return frozenset(name for name in names
                     if name in files or name in folders
                     or (module_name(name) is None and not name.endswith("/")
                         and name.rsplit("/", 1)[0] + "/" in folders))


def left_out_modules(names: Iterable[str], kept: frozenset[str]) -> list[str]:
    """The modules of ``names`` (archive members) that ``kept`` leaves out, sorted."""
    return sorted(module for name in names if name not in kept
                  and (module := module_name(name)) is not None)


#: The line of ``stdlib_rest.py`` the build fills in with the modules left out.
REST_PLACEHOLDER = "LEFT_OUT: frozenset[str] = frozenset()"


def rest_source(template: str, left_out: Iterable[str]) -> bytes:
    """``stdlib_rest.py`` (``template``) with ``LEFT_OUT`` naming ``left_out``."""
    if template.count(REST_PLACEHOLDER) != 1:
        raise ValueError(f"stdlib_rest.py must hold the line {REST_PLACEHOLDER!r} once")
    names = ",\n    ".join(repr(name) for name in sorted(left_out))
    return template.replace(REST_PLACEHOLDER,
                            f"LEFT_OUT: frozenset[str] = frozenset({{\n    {names},\n}})"
                            ).encode("utf-8")


def trimmed_stdlib(data: bytes, prefix: str, imported: frozenset[str], sources: set[str],
                   template: str) -> bytes:
    """Pyodide's standard library archive ``data`` trimmed to :func:`kept_members` of
    ``imported`` (members) and ``sources`` (modules), those imported compiled, with the
    module that fetches the rest (``REST_MODULE``, from ``template``, and what it imports)
    added, compiled."""
    rest_member = REST_MODULE + ".py"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        if rest_member in names:
            raise ValueError(f"the standard library already holds {rest_member}")
        roots = ({module for name in imported if (module := module_name(name))} | sources
                 | imported_names(template.encode("utf-8"), rest_member, REST_MODULE,
                                  anywhere=True))
        kept = kept_members(names, archive.read, roots)
        left_out = left_out_modules(names, kept)
        buffer = io.BytesIO(data)
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(rest_member, rest_source(template, left_out))
    return compile_archive(buffer.getvalue(), SOURCELESS, prefix, imported | {rest_member},
                           kept | {rest_member})


def run_jobs(jobs: list[dict[str, str]], engine_dir: str = "") -> None:
    """Each job: ``{"input": path, "output": path, "mode": ..., "prefix": ...}`` (paths in the
    running Python's file system); what ``precompile.mjs`` asks of Pyodide. With
    ``engine_dir`` (the engine unpacked there), a ``sourceless`` job (the standard library)
    is trimmed (:func:`trimmed_stdlib`): the members the running Python's own start and the
    engine's imports used, compiled, and what they and the other jobs' sources (the
    engine's and PyScript's) import; the job's ``rest`` names ``stdlib_rest.py``."""
    if engine_dir:
        sys.path.insert(0, engine_dir)
        try:
            exec(ENGINE_IMPORTS, {})
        finally:
            sys.path.remove(engine_dir)
    sources: set[str] = set()
    for job in jobs:
        if job["mode"] != SOURCELESS:
            with open(job["input"], "rb") as handle, zipfile.ZipFile(handle) as archive:
                for name in archive.namelist():
                    if (module := module_name(name)) is not None:
                        sources |= imported_names(archive.read(name), name, module,
                                                  anywhere=True,
                                                  package=name.endswith("__init__.py"))
    for job in jobs:
        with open(job["input"], "rb") as handle:
            data = handle.read()
        if engine_dir and job["mode"] == SOURCELESS:
            with open(job["rest"], encoding="utf-8") as text:
                template = text.read()
            result = trimmed_stdlib(data, job.get("prefix", ""),
                                    imported_members(job["prefix"]), sources, template)
        else:
            result = compile_archive(data, job["mode"], job.get("prefix", ""))
        with open(job["output"], "wb") as out:
            out.write(result)
