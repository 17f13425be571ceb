"""The archives the play pages start from, compiled (sitebuild/precompile.py; issue 43, point
1). Here the compiling Python is this CPython, so its own import system checks that the
archives load: the standard library's layout through ``zipimport`` (bytecode only), the
engine's through the unpacked ``__pycache__`` folders (source kept for tracebacks). The build
runs the same code in the pinned Pyodide (``sitebuild.pyscript.precompile``, checked last)."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import io
import json
import marshal
import re
import sys
import traceback
import zipfile

import pytest

from sitebuild import precompile, pyscript
from tests.helpers import zip_of

PACKAGE = {
    "kit/__init__.py": b"from kit.parts import answer\n",
    "kit/parts.py": b"def answer():\n    return 42\n\n\ndef broken():\n    raise ValueError('x')\n",
    "kit/data.txt": b"not python",
    "kit/__pycache__/parts.cpython-99.pyc": b"stale bytecode of another Python",
}


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture
def fresh_import(monkeypatch):
    """Import ``kit`` from a given path, forgetting it afterwards."""
    def load(path: str):
        monkeypatch.syspath_prepend(path)
        for name in [n for n in sys.modules if n == "kit" or n.startswith("kit.")]:
            monkeypatch.delitem(sys.modules, name)
        importlib.invalidate_caches()
        return importlib.import_module("kit")
    yield load
    for name in [n for n in sys.modules if n == "kit" or n.startswith("kit.")]:
        del sys.modules[name]


def test_sourceless_archive_holds_bytecode_only_and_zipimport_runs_it(tmp_path, fresh_import):
    """Each module becomes ``x.pyc`` in place of ``x.py``; other files and the order stay;
    bytecode of another Python is dropped; the archive imports and runs."""
    out = precompile.compile_archive(zip_of(PACKAGE), precompile.SOURCELESS, "/lib/x.zip/")
    members = _members(out)
    assert list(members) == ["kit/__init__.pyc", "kit/parts.pyc", "kit/data.txt"]
    assert members["kit/data.txt"] == b"not python"
    archive = tmp_path / "kit.zip"
    archive.write_bytes(out)
    kit = fresh_import(str(archive))
    assert kit.answer() == 42
    code = kit.parts.answer.__code__
    assert code.co_filename == "/lib/x.zip/kit/parts.py"  # what tracebacks show


def test_only_the_members_named_are_compiled():
    out = precompile.compile_archive(zip_of(PACKAGE), precompile.SOURCELESS,
                                     only=frozenset({"kit/parts.py"}))
    assert list(_members(out))[:2] == ["kit/__init__.py", "kit/parts.pyc"]


def test_cached_archive_keeps_the_source_and_its_bytecode_is_what_runs(tmp_path, fresh_import):
    """The engine's layout: source kept, ``__pycache__/x.<tag>.pyc`` beside it, unchecked
    (the source is not read to run it), and a traceback still shows the source line."""
    out = precompile.compile_archive(zip_of(PACKAGE), precompile.CACHED)
    tag = sys.implementation.cache_tag
    members = _members(out)
    assert f"kit/__pycache__/parts.{tag}.pyc" in members and "kit/parts.py" in members
    assert "kit/__pycache__/parts.cpython-99.pyc" not in members
    with zipfile.ZipFile(io.BytesIO(out)) as archive:
        archive.extractall(tmp_path)
    # The source changed after compiling: the unchecked bytecode still runs as compiled.
    parts = tmp_path / "kit" / "parts.py"
    parts.write_text(parts.read_text() + "\nraise RuntimeError('source was compiled')\n")
    kit = fresh_import(str(tmp_path))
    assert kit.answer() == 42
    with pytest.raises(ValueError) as caught:
        kit.parts.broken()
    assert "raise ValueError('x')" in "".join(traceback.format_tb(caught.value.__traceback__))


def test_checked_archive_holds_bytecode_used_only_for_its_own_source(tmp_path, fresh_import,
                                                                    monkeypatch):
    """PyScript's package's layout (written as source by PyScript itself): only
    ``__pycache__/x.<tag>.pyc``, checked against the source's hash. The bytecode runs for the
    source it was made from; a source written differently is compiled and run instead."""
    out = precompile.compile_archive(zip_of(PACKAGE), precompile.CHECKED)
    tag = sys.implementation.cache_tag
    assert list(_members(out)) == [f"kit/__pycache__/__init__.{tag}.pyc",
                                   f"kit/__pycache__/parts.{tag}.pyc", "kit/data.txt"]
    compiled_from_source: list[str] = []
    real = importlib.machinery.SourceFileLoader.source_to_code

    def spy(self, data, path, **kwargs):
        compiled_from_source.append(path)
        return real(self, data, path, **kwargs)

    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code", spy)
    with zipfile.ZipFile(io.BytesIO(out)) as archive:
        archive.extractall(tmp_path)
    for name in ("kit/__init__.py", "kit/parts.py"):  # what PyScript writes, unchanged
        (tmp_path / name).write_bytes(PACKAGE[name])
    kit = fresh_import(str(tmp_path))
    assert kit.answer() == 42 and compiled_from_source == []
    (tmp_path / "kit" / "parts.py").write_text("def answer():\n    return 7\n")
    kit = fresh_import(str(tmp_path))
    assert kit.answer() == 7
    assert [p.rsplit("/", 1)[-1] for p in compiled_from_source] == ["parts.py"]


def test_bytecode_header_is_pep_552_checked_hash_when_asked():
    source = b"x = 1\n"
    data = precompile.pyc_bytes(source, "x.py", checked=True)
    assert int.from_bytes(data[4:8], "little") == 0b11
    assert data[8:16] == importlib.util.source_hash(source)


#: Modules PyScript's package imports that are not the standard library's (jsffi: MicroPython's).
NOT_STDLIB = {"pyscript", "js", "polyscript", "_pyscript", "pyodide", "jsffi"}


def _pyscript_sources() -> dict[str, str]:
    return {name: data.decode() for name, data in _members(pyscript.pyscript_package()).items()}


def test_pyscript_package_is_the_source_pyscripts_worker_writes():
    """The pinned PyScript's own package, as its bundle carries it (the build reads it from
    the npm package's artifact of those sources)."""
    sources = _pyscript_sources()
    assert {"pyscript/__init__.py", "pyscript/context.py"} <= set(sources)
    bundle = "".join(path.read_text(encoding="utf-8") for path in
                     (pyscript.check_node_modules()["@pyscript/core"] / "dist").glob("core-*.js"))
    for name in ("pyscript/__init__.py", "pyscript/context.py"):
        assert json.dumps(sources[name])[1:-1] in bundle, name
    for name, text in sources.items():
        compile(text, name, "exec")  # Python, whole


def test_the_standard_library_pyscripts_package_needs_is_compiled_and_kept_in_the_snapshot():
    """PYSCRIPT_IMPORTS (compiled into the standard library archive, imported by the snapshot's
    maker) is what the pinned PyScript's package imports from the standard library."""
    needed = {name.split(".")[0] for member, text in _pyscript_sources().items()
              for name in precompile.imported_names(  # at import time: not in a function
                  text.encode("utf-8"), member, str(precompile.module_name(member)),
                  anywhere=False, package=member.endswith("/__init__.py"))}
    assert set(precompile.PYSCRIPT_IMPORTS) == needed - NOT_STDLIB
    maker = (pyscript.ROOT / "docs" / "assets" / "snapshot.js").read_text(encoding="utf-8")
    block = re.search(r"const IMPORT_ENGINE = `(.*?)`;", maker, re.S)
    assert block, "snapshot.js's maker must keep its Python in IMPORT_ENGINE"
    assert f"import {', '.join(precompile.PYSCRIPT_IMPORTS)}\n" in block.group(1)


def test_bytecode_header_is_pep_552_unchecked_hash():
    source = b"x = 1\n"
    data = precompile.pyc_bytes(source, "x.py")
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(data[4:8], "little") == 0b01
    assert data[8:16] == importlib.util.source_hash(source)


def test_the_same_input_gives_the_same_archive():
    first = precompile.compile_archive(zip_of(PACKAGE), precompile.CACHED)
    assert first == precompile.compile_archive(zip_of(PACKAGE), precompile.CACHED)


def test_an_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="unknown mode 'fast'"):
        precompile.compile_archive(zip_of(PACKAGE), "fast")


def test_a_syntax_error_names_the_file_and_line():
    with pytest.raises(SyntaxError) as caught:
        precompile.compile_archive(zip_of({"bad.py": b"x = 1\ndef (:\n"}), precompile.CACHED)
    assert caught.value.filename == "bad.py" and caught.value.lineno == 2


def test_the_build_compiles_with_the_pinned_pyodide(tmp_path):
    """The real thing, under Node: the engine zip gets Python 3.14 bytecode (Pyodide's magic
    number, not this CPython's) beside every module; the standard library archive gets it for
    the modules a play page imports, in place of their source, keeps as source what those
    import, and leaves out the rest, which ``_stdlib_rest`` names.
    Through the build's own cache (keyed by the inputs and the compiling code): in a whole run
    the session's site build has compiled these very inputs already, so this reads what that
    compile wrote instead of compiling them a second time (issue 43, point 4: 35 s at load
    25); run alone, it compiles."""
    result = pyscript.precompile(pyscript.engine_zip_bytes())
    engine = _members(result.engine)
    sources = [n for n in engine if n.endswith(".py")]
    compiled = [n for n in engine if n.endswith(".pyc") and n.startswith("pyengine/")]
    assert len(compiled) == len(sources) > 50 and "pyengine/__pycache__/browser.cpython-314.pyc" \
        in compiled
    magic = engine["pyengine/__pycache__/browser.cpython-314.pyc"][:4]
    assert magic != importlib.util.MAGIC_NUMBER and result.python.startswith("3.14")
    stdlib = _members(result.stdlib)
    assert {"json/__init__.pyc", "dataclasses.pyc", "encodings/__init__.pyc"} <= set(stdlib)
    assert "json/__init__.py" not in stdlib
    # No page imports email: left out, and named in the module that fetches the rest; what
    # an imported module imports stays, as source where nothing imported it here.
    assert not [name for name in stdlib if name.startswith("email/")]
    rest = stdlib["_stdlib_rest.pyc"]  # Python 3.14's marshal: its names read as bytes
    for name in ("email.parser", "xml.dom.minidom", "encodings.cp1250"):
        assert name.encode() in rest, name
    assert b"dataclasses" not in rest and rest[:4] == magic
    assert stdlib["json/__init__.pyc"][:4] == magic
    # PyScript's own package: checked bytecode only (PyScript writes the source), and the
    # standard library it needs compiled.
    package = {n for n in engine if n.startswith("pyscript/")}
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in package
    assert not [n for n in package if n.endswith(".py")]
    assert engine["pyscript/__pycache__/context.cpython-314.pyc"][4] == 0b11
    assert {"html/__init__.pyc", "html/entities.pyc"} <= set(stdlib)


def test_a_failed_compile_stops_the_build_with_the_reason(tmp_path):
    with pytest.raises(pyscript.BuildError, match="compiling the Python modules under Node"):
        pyscript.precompile(b"not a zip", cache=None)


# -- the trimmed standard library (issue 43, point 1) ----------------------------------------

LIBRARY = {
    "site.py": b"import os\n",
    "os.py": b"import posixpath as path\ntry:\n    import _optional\nexcept ImportError:\n"
             b"    pass\n\n\ndef walk():\n    import fnmatch\n",
    "posixpath.py": b"from genericpath import *\n",
    "genericpath.py": b"",
    "fnmatch.py": b"import re\n",
    "re/__init__.py": b"from . import _parser\nfrom ._compiler import compile\n",
    "re/_parser.py": b"",
    "re/_compiler.py": b"from .. import copyreg\n",
    "copyreg.py": b"",
    "email/__init__.py": b"from email import parser\n",
    "email/parser.py": b"class Parser:\n    import quopri\n",
    "email/architecture.rst": b"a data file of a package",
    "quopri.py": b"",
    "csv.py": b"import io\n",
    "io.py": b"",
    "encodings/__init__.py": b"import codecs\n",
    "encodings/utf_8.py": b"",
    "encodings/cp1250.py": b"",
    "codecs.py": b"",
    "zipimport.py": b"",
}


def test_a_member_names_its_module():
    assert precompile.module_name("email/parser.py") == "email.parser"
    assert precompile.module_name("json/__init__.py") == "json"
    assert precompile.module_name("os.py") == "os"
    assert precompile.module_name("email/architecture.rst") is None


def test_imports_at_import_time_or_anywhere():
    """What importing a module runs (its top level, try blocks, class bodies) against what
    any of its code may import one day (functions too, and import_module of a name written
    out); relative imports resolved; parents included."""
    source = (b"import a.b\nfrom c import d\nfrom . import sib\nfrom ..up import x\n"
              b"try:\n    import e\nexcept ImportError:\n    pass\n"
              b"class K:\n    import f\n\n\ndef later():\n    import g\n"
              b"    importlib.import_module('h.i')\n")
    at_import = precompile.imported_names(source, "p/q/m.py", "p.q.m", anywhere=False)
    assert at_import == {"a", "a.b", "c", "c.d", "p", "p.q", "p.q.sib", "p.up", "p.up.x",
                         "e", "f"}
    anywhere = precompile.imported_names(source, "p/q/m.py", "p.q.m", anywhere=True)
    assert anywhere == at_import | {"g", "h", "h.i"}
    package = precompile.imported_names(b"from . import sub\n", "p/__init__.py", "p",
                                        anywhere=False, package=True)
    assert package == {"p", "p.sub"}


def test_the_kept_members_are_what_the_roots_import_at_import_time():
    """From the roots (``site``, and ``csv`` as the engine's sources import it), what
    importing them imports, in turn; a module only a function or a class body of a module
    left out imports is left out; the codecs kept stay; a kept package's folder and data
    files stay."""
    archive = zip_of(LIBRARY)
    with zipfile.ZipFile(io.BytesIO(archive)) as source:
        names = [*source.namelist()]
        kept = precompile.kept_members(names, source.read, {"site", "csv"})
    assert kept == {"site.py", "os.py", "posixpath.py", "genericpath.py", "csv.py", "io.py",
                    "encodings/__init__.py", "encodings/utf_8.py", "codecs.py"}
    assert precompile.left_out_modules(names, kept) == [
        "copyreg", "email", "email.parser", "encodings.cp1250", "fnmatch", "quopri", "re",
        "re._compiler", "re._parser", "zipimport"]
    with zipfile.ZipFile(io.BytesIO(archive)) as source:
        kept = precompile.kept_members(names, source.read, {"email.parser", "fnmatch"})
    assert {"email/__init__.py", "email/parser.py", "email/architecture.rst", "quopri.py",
            "re/__init__.py", "re/_parser.py", "re/_compiler.py", "copyreg.py"} <= kept


def test_the_trimmed_library_compiles_what_was_imported_and_names_the_rest(tmp_path):
    """The archive the pages start on: the imported modules as bytecode, the others kept as
    source, nothing else; and ``_stdlib_rest`` compiled (with what it imports), naming what
    was left out, which it then fetches (tests/test_stdlib_rest.py)."""
    template = (pyscript.STDLIB_REST).read_text(encoding="utf-8")
    out = precompile.trimmed_stdlib(zip_of(LIBRARY), "/lib/python.zip/",
                                    frozenset({"site.py", "os.py"}), {"csv"}, template)
    members = _members(out)
    assert set(members) == {"site.pyc", "os.pyc", "posixpath.py", "genericpath.py", "csv.py",
                            "io.py", "encodings/__init__.py", "encodings/utf_8.py", "codecs.py",
                            "_stdlib_rest.pyc", "zipimport.py"}
    code = marshal.loads(members["_stdlib_rest.pyc"][16:])
    namespace: dict = {}
    exec(code, namespace)
    assert namespace["LEFT_OUT"] == {"copyreg", "email", "email.parser", "encodings.cp1250",
                                     "fnmatch", "quopri", "re", "re._compiler", "re._parser"}
