"""MkDocs hook: run the project's Python engine in the browser on the pages that ask for it
(plain functions in sitebuild/pyscript.py, described there).

* ``on_startup``: notes whether this is the development server (``mkdocs serve``);
* ``on_config``: checks the pinned runtime packages and the shim polyfill, packs the engine zip
  and compiles it and the standard library modules the pages import (cached; not under the
  development server, whose play pages start Pyodide as shipped);
* ``on_page_markdown``: a page whose front matter says ``widget: <name>`` gets the
  ``widget.html`` template and a PyScript config; every other page loads no Python at all;
* ``on_post_build``: copies the runtime files, the shim and the engine zip into the site.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from mkdocs.exceptions import PluginError  # noqa: E402

from sitebuild import BuildError, pyscript  # noqa: E402

SHIM_PATH = pyscript.SHIM_PATH

_state: dict[str, Any] = {}


def runtime_paths() -> dict[str, str]:
    """Site-relative paths of the runtime files a widget page needs."""
    return dict(_state.get("paths", {}))


def on_startup(command, dirty):
    _state["serve"] = command == "serve"


def on_config(config):
    # The development server (scripts/serve.sh) compiles nothing: its play pages start Pyodide
    # as shipped, from source (a fresh clone answers without the compile under Node, and an
    # engine edit rebuilds without it); `mkdocs build`, the deploy's, always compiles.
    serve = bool(_state.get("serve"))
    try:
        pyscript.check_node_modules()
        pyscript.check_polyfills(config.extra.get("polyfills"))
        engine = pyscript.engine_zip_bytes()
        compiled = pyscript.Precompiled(engine, b"", "") if serve else pyscript.precompile(engine)
    except BuildError as error:
        raise PluginError(str(error)) from error
    _state["zip"] = compiled.engine
    _state["stdlib"] = compiled.stdlib
    _state["paths"] = pyscript.runtime_paths(compiled.engine, precompiled=not serve)
    _state["snapshot"] = pyscript.snapshot_key(compiled.engine, stdlib=compiled.stdlib)
    return config


def on_page_markdown(markdown, page, config, files):
    try:
        meta = pyscript.widget_page(page.meta.get("widget"), page.url, runtime_paths(),
                                    page.file.src_uri, str(_state.get("snapshot", "")))
    except BuildError as error:
        raise PluginError(str(error)) from error
    if meta:
        meta["page_styles"] = pyscript.page_stylesheets(markdown)
    page.meta.update(meta)
    return markdown


def on_post_build(config):
    try:
        pyscript.copy_runtime(Path(config["site_dir"]), _state["zip"],
                              runtime_paths(), stdlib=_state.get("stdlib", b""))
    except BuildError as error:
        raise PluginError(str(error)) from error
