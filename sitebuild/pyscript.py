"""The Python runtime of the play pages, as plain functions (``hooks/pyscript.py`` only calls
them from MkDocs events).

* ``check_node_modules``: ``node_modules`` must hold exactly the Pyodide and PyScript versions
  that ``package.json`` pins; the build fails with a clear message otherwise.
* ``copy_runtime``: copies only the runtime files of both into ``<site>/runtime/`` (no source
  maps, no xterm, no codemirror), and the iframe-worker shim that Material's offline search uses
  into ``<site>/assets/vendor/`` (Material would otherwise load it from a CDN).
* ``engine_zip_bytes``: packs ``pyengine/`` and ``decks/`` into one zip, named by its content
  hash (``runtime_paths``), that PyScript unpacks onto ``sys.path``; the zip is made from the
  package itself, so it cannot drift.
* ``precompile``: the engine zip and the standard library modules the play pages import
  (and PyScript's own package, whose bytecode rides in the engine zip), compiled to bytecode
  by the pinned Pyodide's own Python under Node (issue 43, point 1;
  ``sitebuild/precompile.py``), cached in ``.cache/precompiled/``; the pages start Pyodide
  through ``start.mjs`` (``sitebuild/pyodide-start.mjs``), which falls back to the shipped
  source archive.
* ``widget_page``: a page gets the ``widget.html`` template and a PyScript config only when its
  front matter says ``widget: <name>``; every other page loads no Python at all.
"""

from __future__ import annotations

import hashlib
import io
import json
import posixpath
import re
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from sitebuild import BuildError

ROOT = Path(__file__).resolve().parent.parent
RUNTIME_DIR = "runtime"

#: Pyodide files needed at run time (the rest of the npm package is source maps, typings and
#: consoles).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: PyScript chunks that are never needed by our pages (the editor and terminal plugins load
#: these only when a page uses them; their small entry chunks are still imported at start).
PYSCRIPT_SKIP_PREFIXES = ("codemirror", "xterm")
PYSCRIPT_SKIP_FILES = ("service-worker.js",)

#: The compiled standard library beside Pyodide's own archive, and the module that starts
#: Pyodide on it (PyScript's interpreter on the play pages).
COMPILED_STDLIB = "python_stdlib-pyc.zip"
START_MODULE = "start.mjs"
HERE = Path(__file__).resolve().parent
START_SOURCE = HERE / "pyodide-start.mjs"
PRECOMPILE_SCRIPT = HERE / "precompile.mjs"
PRECOMPILE_HELPER = HERE / "precompile.py"
#: The module the trimmed standard library carries to fetch the rest of it (see there).
STDLIB_REST = HERE / "stdlib_rest.py"
PRECOMPILE_CACHE = ROOT / ".cache" / "precompiled"
#: How long compiling may take under Node before the build gives up (seconds).
PRECOMPILE_TIMEOUT = 600

#: Files of the engine that travel to the browser.
ENGINE_PACKAGES = ("pyengine",)
DATA_DIRS = ("decks",)
ENGINE_SUFFIXES = (".py",)
DATA_SUFFIXES = (".txt", ".tsv", ".json", ".md")

#: The Python file PyScript's worker interpreter runs on a play page (next to the runtime, so it
#: is kept on the device with it): it hands the adapter's calls to :mod:`pyengine.browser`.
WORKER_FILE = "engine-worker.py"
WORKER_SOURCE = "from pyengine.browser import serve\n\nserve()\n"

#: Where the iframe-worker shim goes; mkdocs.yml lists it under extra.polyfills so that
#: Material's offline plugin does not add its CDN copy.
SHIM_PATH = "assets/vendor/iframe-worker-shim.js"
#: jsQR (pinned in package.json), kept with the runtime: only play pages' cameras load it.
JSQR_PATH = f"{RUNTIME_DIR}/jsqr/jsQR.js"


def _pinned_versions(root: Path = ROOT) -> dict[str, str]:
    package = json.loads((root / "package.json").read_text(encoding="utf-8"))
    deps = package.get("dependencies", {})
    return {name: deps[name] for name in ("pyodide", "@pyscript/core", "iframe-worker", "jsqr")}


def check_node_modules(root: Path = ROOT) -> dict[str, Path]:
    """The installed runtime packages, after checking their versions against package.json."""
    pinned = _pinned_versions(root)
    found: dict[str, Path] = {}
    for name, version in pinned.items():
        package_dir = root / "node_modules" / name
        manifest = package_dir / "package.json"
        if not manifest.is_file():
            raise BuildError(
                f"node_modules/{name} is missing: run `npm ci` in {root} before building "
                "(the site copies Pyodide and PyScript from there)."
            )
        installed = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if installed != version:
            raise BuildError(
                f"node_modules/{name} is version {installed}, but package.json pins {version}: "
                "run `npm ci` to install the pinned versions."
            )
        found[name] = package_dir
    return found


def check_polyfills(polyfills: list[str] | None) -> None:
    """mkdocs.yml's ``extra.polyfills`` must list the shim this build serves."""
    if SHIM_PATH not in (polyfills or []):
        raise BuildError(f"mkdocs.yml must list {SHIM_PATH} under extra.polyfills")


def engine_zip_bytes(root: Path = ROOT) -> bytes:
    """A deterministic zip of the engine package and its data (fixed order and timestamps)."""
    members: list[tuple[str, Path]] = []
    for top, suffixes in [(p, ENGINE_SUFFIXES) for p in ENGINE_PACKAGES] + [
        (d, DATA_SUFFIXES) for d in DATA_DIRS
    ]:
        for path in sorted((root / top).rglob("*")):
            if (
                path.is_file()
                and path.suffix in suffixes
                and "__pycache__" not in path.parts
            ):
                members.append((path.relative_to(root).as_posix(), path))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def runtime_paths(engine_zip: bytes, precompiled: bool = True) -> dict[str, str]:
    """Site-relative paths of the runtime files a widget page needs; the engine zip is named by
    its content hash. ``precompiled=False`` (the development server, which compiles nothing):
    the pages start Pyodide as shipped (``pyodide.mjs``), not through the start module."""
    digest = hashlib.sha256(engine_zip).hexdigest()[:12]
    return {
        "pyodide": f"{RUNTIME_DIR}/pyodide/{START_MODULE if precompiled else 'pyodide.mjs'}",
        "core_js": f"{RUNTIME_DIR}/pyscript/core.js",
        "core_css": f"{RUNTIME_DIR}/pyscript/core.css",
        "engine_zip": f"{RUNTIME_DIR}/pyengine-{digest}.zip",
        "worker": f"{RUNTIME_DIR}/{WORKER_FILE}",
        "widget_css": "assets/widgets.css",
    }


#: The runtime files whose bytes make "the exact Pyodide build" in a snapshot's key.
SNAPSHOT_BUILD_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def snapshot_key(engine_zip: bytes, root: Path = ROOT, stdlib: bytes = b"") -> str:
    """The key a memory snapshot of this release is stored and found under
    (``docs/assets/snapshot.js``; issue 30, point 1): the exact Pyodide build (its version and
    the hash of its runtime files, with ``stdlib``, the compiled standard library it starts
    on), the PyScript version and the engine zip's hash, so that a snapshot is never loaded by
    another release."""
    found = check_node_modules(root)
    pins = _pinned_versions(root)
    build = hashlib.sha256()
    for name in SNAPSHOT_BUILD_FILES:
        build.update(hashlib.sha256((found["pyodide"] / name).read_bytes()).digest())
    if stdlib:
        build.update(hashlib.sha256(stdlib).digest())
    engine = hashlib.sha256(engine_zip).hexdigest()[:12]
    return (f"pyodide-{pins['pyodide']}-{build.hexdigest()[:12]}"
            f".pyscript-{pins['@pyscript/core']}.engine-{engine}")


@dataclass(frozen=True)
class Precompiled:
    """The archives the play pages start from: ``engine`` (the engine zip with each module's
    bytecode beside its source) and ``stdlib`` (Pyodide's standard library with the modules
    the pages import as bytecode only); ``python``: the Python that compiled them."""

    engine: bytes
    stdlib: bytes
    python: str


#: PyScript's own Python package as its worker writes it: the build artifact of its sources
#: in the npm package (a JavaScript module whose default export is a JSON object literal).
PYSCRIPT_PACKAGE = Path("src") / "stdlib" / "pyscript.js"


def pyscript_package(root: Path = ROOT) -> bytes:
    """A zip of PyScript's ``pyscript`` package (``pyscript/<module>.py``), the sources the
    pinned PyScript writes in its worker before importing them, for ``precompile`` to compile
    (its ``checked`` job: bytecode that is used only for exactly these sources)."""
    path = check_node_modules(root)["@pyscript/core"] / PYSCRIPT_PACKAGE
    text = path.read_text(encoding="utf-8")
    start = text.find("export default")
    try:
        tree = json.loads(text[start + len("export default"):].strip().rstrip(";"))
        files = tree["pyscript"]
    except (ValueError, KeyError, TypeError) as error:
        raise BuildError(f"{path} is not the object of PyScript's sources this build reads "
                         f"({error}): see sitebuild/pyscript.py, pyscript_package") from error
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            if name.endswith(".py") and isinstance(files[name], str):
                info = zipfile.ZipInfo(f"pyscript/{name}", date_time=(2020, 1, 1, 0, 0, 0))
                archive.writestr(info, files[name].encode("utf-8"))
    return buffer.getvalue()


def _precompile_key(engine_zip: bytes, pyodide_dir: Path, package: bytes = b"") -> str:
    digest = hashlib.sha256()
    for path in (PRECOMPILE_SCRIPT, PRECOMPILE_HELPER, STDLIB_REST):
        digest.update(path.read_bytes())
    for name in SNAPSHOT_BUILD_FILES:
        digest.update(hashlib.sha256((pyodide_dir / name).read_bytes()).digest())
    digest.update(engine_zip)
    digest.update(hashlib.sha256(package).digest())
    return digest.hexdigest()[:24]


def _joined(first: bytes, second: bytes) -> bytes:
    """The members of zip ``second`` appended to zip ``first`` (as they are)."""
    buffer = io.BytesIO(first)
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as archive, \
            zipfile.ZipFile(io.BytesIO(second)) as extra:
        for info in extra.infolist():
            archive.writestr(info, extra.read(info))
    return buffer.getvalue()


def precompile(engine_zip: bytes, root: Path = ROOT,
               cache: Path | None = PRECOMPILE_CACHE, node: str = "node") -> Precompiled:
    """``engine_zip`` and Pyodide's standard library compiled by the pinned Pyodide under Node
    (``sitebuild/precompile.mjs``), with the bytecode of PyScript's own Python package
    (``pyscript_package``) added to the engine zip; kept in ``cache`` under a key of the inputs
    and the compiling code (None: no cache). A build without Node, or whose compile fails,
    stops with the reason: the pages would start on archives that were never checked."""
    pyodide_dir = check_node_modules(root)["pyodide"]
    package = pyscript_package(root)
    key = _precompile_key(engine_zip, pyodide_dir, package)
    kept = cache / key if cache else None
    names = ("engine.zip", "stdlib.zip", "python.txt")
    if kept and all((kept / name).is_file() for name in names):
        return Precompiled((kept / names[0]).read_bytes(), (kept / names[1]).read_bytes(),
                           (kept / names[2]).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
        work = Path(tmp)
        (work / "in-engine.zip").write_bytes(engine_zip)
        (work / "in-pyscript.zip").write_bytes(package)
        jobs = {"engine": str(work / "in-engine.zip"), "jobs": [
            {"input": str(pyodide_dir / "python_stdlib.zip"), "output": str(work / names[1]),
             "mode": "sourceless", "prefix": "stdlib", "rest": str(STDLIB_REST)},
            {"input": str(work / "in-engine.zip"), "output": str(work / names[0]),
             "mode": "cached", "prefix": ""},
            {"input": str(work / "in-pyscript.zip"), "output": str(work / "pyscript.zip"),
             "mode": "checked", "prefix": ""}]}
        (work / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
        try:
            done = subprocess.run([node, str(PRECOMPILE_SCRIPT), str(pyodide_dir),
                                   str(work / "jobs.json")], capture_output=True, text=True,
                                  timeout=PRECOMPILE_TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise BuildError(f"compiling the Python modules under Node failed: {error}") from error
        if done.returncode != 0:
            raise BuildError("compiling the Python modules under Node failed "
                             f"(exit {done.returncode}): {done.stderr[-800:]}")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        # PyScript's package's bytecode travels in the engine zip, which PyScript unpacks into
        # the folder it writes that package to.
        engine = _joined((work / names[0]).read_bytes(), (work / "pyscript.zip").read_bytes())
        result = Precompiled(engine, (work / names[1]).read_bytes(), str(report["python"]))
    if kept:
        kept.mkdir(parents=True, exist_ok=True)
        for name, data in zip(names[:2], (result.engine, result.stdlib), strict=True):
            (kept / name).write_bytes(data)
        (kept / names[2]).write_text(result.python, encoding="utf-8")
    return result


def relative(page_url: str, target: str) -> str:
    """A URL for ``target`` (site-relative) as seen from the page at ``page_url``."""
    page_dir = page_url if page_url.endswith("/") or not page_url else posixpath.dirname(page_url)
    rel = posixpath.relpath(target, page_dir.rstrip("/") or ".")
    return rel if rel.startswith(".") else "./" + rel


def widget_page(widget: object, page_url: str, paths: dict[str, str],
                src_uri: str, snapshot: str = "") -> dict[str, object]:
    """The front matter a page asking for ``widget`` gets: the ``widget.html`` template, its
    runtime URLs and the PyScript config (empty for a page without a widget). ``snapshot``:
    this release's :func:`snapshot_key`, carried in the config for the page's adapter, which
    takes it out before the config reaches PyScript."""
    if not widget:
        return {}
    if not isinstance(widget, str) or not widget.isidentifier():
        raise BuildError(f"{src_uri}: front matter 'widget' must be a Python name")
    urls = {key: relative(page_url, value) for key, value in paths.items()}
    config: dict[str, object] = {"interpreter": urls["pyodide"],
                                 "files": {urls["engine_zip"]: "./*"}}
    if snapshot:
        config["snapshot"] = snapshot
    return {
        "template": "widget.html",
        "runtime": urls,
        "pyscript_config": json.dumps(config, separators=(",", ":")),
    }


_PAGE_STYLESHEET = re.compile(r"""<link\s+rel=["']stylesheet["']\s+href=["']([^"']+)["']""", re.I)


def page_stylesheets(markdown: str) -> list[str]:
    """The style sheets a play page's own markup links to (its widget's, in the body), in order,
    for ``widget.html`` to preload from the head: the widget's markup and the saved view then
    need not wait for them to be found and fetched half-way through the page."""
    found: list[str] = []
    for href in _PAGE_STYLESHEET.findall(markdown):
        if href not in found:
            found.append(href)
    return found


def copy_runtime(site: Path, engine_zip: bytes, paths: dict[str, str], root: Path = ROOT,
                 stdlib: bytes = b"") -> None:
    """Copy the runtime files, the shim and the engine zip into the built ``site``, with
    ``stdlib`` (the compiled standard library) and the start module that reads it."""
    found = check_node_modules(root)
    pyodide_out = site / RUNTIME_DIR / "pyodide"
    pyodide_out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(found["pyodide"] / name, pyodide_out / name)
    if stdlib:
        (pyodide_out / COMPILED_STDLIB).write_bytes(stdlib)
    shutil.copyfile(START_SOURCE, pyodide_out / START_MODULE)
    pyscript_out = site / RUNTIME_DIR / "pyscript"
    pyscript_out.mkdir(parents=True, exist_ok=True)
    for path in sorted((found["@pyscript/core"] / "dist").iterdir()):
        if (
            path.suffix not in (".js", ".css")
            or path.name.startswith(PYSCRIPT_SKIP_PREFIXES)
            or path.name in PYSCRIPT_SKIP_FILES
        ):
            continue
        shutil.copyfile(path, pyscript_out / path.name)
    shim = site / SHIM_PATH
    shim.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(found["iframe-worker"] / "shim" / "index.js", shim)
    # The QR decoder the live table's camera reads codes with where the browser has no
    # BarcodeDetector (iOS): docs/assets/live-table.js loads it from here (issue 44).
    jsqr = site / JSQR_PATH
    jsqr.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(found["jsqr"] / "dist" / "jsQR.js", jsqr)
    (site / paths["engine_zip"]).write_bytes(engine_zip)
    (site / paths["worker"]).write_text(WORKER_SOURCE, encoding="utf-8")
