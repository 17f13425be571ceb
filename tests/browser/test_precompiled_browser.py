"""The play pages start Python from precompiled modules (issue 43, point 1), in Chromium:
the standard library modules they import come from ``python_stdlib-pyc.zip`` as bytecode only,
the engine's from the ``__pycache__`` bytecode in its zip, and when the compiled archives
cannot be used Python starts from source as shipped, and the page works the same.

The build makes both archives with the pinned Pyodide's own Python (sitebuild/precompile.py);
runtime/pyodide/start.mjs picks the start (sitebuild/pyodide-start.mjs).
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

from devtools.server import serve_site
from sitebuild import offline, pyscript
from tests.browser.conftest import wait_ready
from tests.browser.test_offline_browser import (
    install_service_worker,
    shuffle_golden,
    wait_offline_state,
)

SHUFFLER = "play/shuffler.html"
STDLIB = "runtime/pyodide/python_stdlib.zip"
COMPILED = "runtime/pyodide/" + pyscript.COMPILED_STDLIB


def _rewrite(path: Path, change) -> None:
    """Rewrite the zip at ``path`` member by member: ``change(name, data)`` gives the new bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in source.infolist():
            zout.writestr(info, change(info.filename, source.read(info)))
    path.write_bytes(out.getvalue())


def _engine_zip(site: Path) -> Path:
    [found] = (site / "runtime").glob("pyengine-*.zip")
    return found


def runtime_requests(context) -> list[str]:
    """The runtime files the pages and their workers ask for (not the service worker, which
    keeps the whole runtime, both archives, once a play page is ready)."""
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url)
               if "/runtime/" in r.url and getattr(r, "service_worker", None) is None else None)
    return seen


def _asked(seen: list[str], path: str) -> bool:
    return any(url.split("?")[0].endswith("/" + path) for url in seen)


@pytest.fixture
def site_copy(built_site, tmp_path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    return site


def test_a_play_page_starts_from_the_compiled_standard_library(page, context, site_url,
                                                              built_site):
    """Issue 43, point 1: the shuffler's first visit reads the compiled archive, never the
    shipped source one; the archive holds no source for the modules it compiled (so the start
    used their bytecode), and the engine works."""
    seen = runtime_requests(context)
    page.goto(site_url + SHUFFLER)
    wait_ready(page, "shuffler")
    shuffle_golden(page)
    assert _asked(seen, COMPILED) and not _asked(seen, STDLIB)
    with zipfile.ZipFile(built_site / COMPILED) as archive:
        names = set(archive.namelist())
    compiled = {name for name in names if name.endswith(".pyc")}
    assert {"encodings/__init__.pyc", "json/__init__.pyc", "dataclasses.pyc"} <= compiled
    assert not {name[:-1] for name in compiled} & names  # no .py beside its .pyc


def test_the_engine_runs_its_compiled_modules(page, context, site_copy):
    """Issue 43, point 1: the engine's bytecode is what runs, not its source: with the
    shuffler's source in the engine zip made to fail on import and its bytecode left as built,
    the page still starts and shuffles."""
    broken = b"raise RuntimeError('the source was compiled instead of the bytecode')\n"
    _rewrite(_engine_zip(site_copy), lambda name, data: broken
             if name == "pyengine/widgets/shuffler.py" else data)
    with serve_site(site_copy) as url:
        page.goto(url + SHUFFLER)
        wait_ready(page, "shuffler")
        shuffle_golden(page)


def _wrong_magic(name: str, data: bytes) -> bytes:
    """Bytecode marked as made by another Python (its magic number changed)."""
    return bytes([data[0] ^ 0xFF]) + data[1:] if name.endswith(".pyc") else data


@pytest.mark.whole_stdlib
def test_bytecode_of_another_python_falls_back_to_the_source_start(page, context, site_copy):
    """Issue 43, point 1: when the compiled archives are of another Python (their magic number
    changed), Pyodide starts again from the shipped source archive and the engine compiles
    its source: the page starts and shuffles as always."""
    _rewrite(site_copy / COMPILED, _wrong_magic)
    _rewrite(_engine_zip(site_copy), _wrong_magic)
    seen = runtime_requests(context)
    with serve_site(site_copy) as url:
        page.goto(url + SHUFFLER)
        wait_ready(page, "shuffler")
        shuffle_golden(page)
    assert _asked(seen, COMPILED) and _asked(seen, STDLIB)


@pytest.mark.whole_stdlib
def test_a_missing_compiled_archive_falls_back_to_the_source_start(page, context, site_copy):
    """Issue 43, point 1: a site whose compiled archive is missing (a partial upload) starts
    Python from the shipped archive."""
    (site_copy / COMPILED).unlink()
    seen = runtime_requests(context)
    with serve_site(site_copy) as url:
        page.goto(url + SHUFFLER)
        wait_ready(page, "shuffler")
        shuffle_golden(page)
    assert _asked(seen, STDLIB)


#: The worker's Python file importing, before it serves the page, modules the compiled
#: archive leaves out (a package no page imports, a module of it and a legacy codec); it
#: says so on the console.
LEFT_OUT_WORKER = """import xml.dom.minidom
import email.mime.text

assert "\\u0161".encode("cp1250") == b"\\x9a"
assert email.mime.text.MIMEText("x")["Content-Type"].startswith("text/plain")
assert xml.dom.minidom.parseString("<a/>").documentElement.tagName == "a"
print("left-out modules imported from", xml.dom.minidom.__file__)

from pyengine.browser import serve

serve()
"""


@pytest.mark.whole_stdlib
def test_a_module_left_out_of_the_compiled_library_is_fetched_when_first_imported(
        page, context, site_copy):
    """Issue 43, point 1: the compiled archive holds only what the pages import, and no page
    fetches the whole library (the first test); a module left out still imports: the first
    such import fetches the shipped archive once, the others read the same copy; and with
    the runtime kept on the device it does so offline too."""
    with zipfile.ZipFile(site_copy / COMPILED) as archive:
        names = set(archive.namelist())
    assert not {n for n in names if n.startswith(("xml/", "email/", "encodings/cp1250"))}
    (site_copy / "runtime" / pyscript.WORKER_FILE).write_text(LEFT_OUT_WORKER, encoding="utf-8")
    offline.write_offline_files(site_copy, "Co-op Magic Rules", "Rules and table tools.")
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text)
            if "left-out modules" in message.text else None)
    seen = runtime_requests(context)
    with serve_site(site_copy) as url:
        page.goto(url + SHUFFLER)
        wait_ready(page, "shuffler")
        shuffle_golden(page)
        assert [u for u in seen if u.split("?")[0].endswith("/" + STDLIB)] == [url + STDLIB]
        assert said == ["left-out modules imported from "
                        "/lib/python_stdlib_whole.zip/xml/dom/minidom.py"]
        install_service_worker(page)
        wait_offline_state(page, "runtime-kept")
        context.set_offline(True)
        try:
            page.reload()
            wait_ready(page, "shuffler")
            shuffle_golden(page)
        finally:
            context.set_offline(False)
    assert len(said) == 2
