"""The PyScript build: plain functions in sitebuild/pyscript.py (runtime checks, the engine zip,
widget pages) and the hook (hooks/pyscript.py) that calls them."""

from __future__ import annotations

import html
import io
import json
import re
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from sitebuild import BuildError, pyscript
from tests.helpers import load_hook

ROOT = Path(__file__).resolve().parent.parent


hook = load_hook("pyscript")


def fake_project(tmp_path: Path, installed: dict[str, str | None]) -> Path:
    pins = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "iframe-worker": "1.0.4"}
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": pins}), encoding="utf-8")
    for name, version in installed.items():
        if version is None:
            continue
        package = tmp_path / "node_modules" / name
        package.mkdir(parents=True)
        (package / "package.json").write_text(json.dumps({"version": version}), "utf-8")
    return tmp_path


def test_missing_node_modules_fails_with_a_clear_message(tmp_path):
    root = fake_project(tmp_path, {"pyodide": "314.0.7", "@pyscript/core": None,
                                   "iframe-worker": "1.0.4"})
    with pytest.raises(BuildError, match=r"node_modules/@pyscript/core is missing.*npm ci"):
        pyscript.check_node_modules(root)


def test_version_drift_fails_with_a_clear_message(tmp_path):
    root = fake_project(tmp_path, {"pyodide": "314.0.6", "@pyscript/core": "0.7.31",
                                   "iframe-worker": "1.0.4"})
    with pytest.raises(BuildError, match=r"pyodide is version 314.0.6.*pins 314.0.7"):
        pyscript.check_node_modules(root)


def test_pinned_versions_are_accepted(tmp_path):
    root = fake_project(tmp_path, {"pyodide": "314.0.7", "@pyscript/core": "0.7.31",
                                   "iframe-worker": "1.0.4"})
    assert set(pyscript.check_node_modules(root)) == {"pyodide", "@pyscript/core", "iframe-worker"}


def test_package_json_pins_exact_versions():
    deps = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]
    for name in ("pyodide", "@pyscript/core"):
        assert deps[name][0].isdigit(), f"{name} must be pinned to an exact version"


def test_engine_zip_is_deterministic_and_holds_engine_and_decks():
    first, second = pyscript.engine_zip_bytes(), pyscript.engine_zip_bytes()
    assert first == second
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    engine = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pyengine").rglob("*.py")
                    if "__pycache__" not in p.parts)
    assert [n for n in names if n.startswith("pyengine/")] == engine
    assert "decks/cards.tsv" in names and "decks/index.json" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


@pytest.mark.parametrize(
    "page_url, target, expected",
    [
        ("play/shuffler.html", "runtime/pyodide/pyodide.mjs", "../runtime/pyodide/pyodide.mjs"),
        ("index.html", "runtime/x.zip", "./runtime/x.zip"),
        ("play/shuffler/", "runtime/x.zip", "../../runtime/x.zip"),
    ],
)
def test_runtime_urls_are_page_relative(page_url, target, expected):
    """Relative URLs keep working when the site is served from a sub-path."""
    assert pyscript.relative(page_url, target) == expected


def test_only_pages_that_ask_get_pyscript():
    hook.on_config(SimpleNamespace(extra={"polyfills": [hook.SHIM_PATH]}))
    rules = SimpleNamespace(meta={}, url="swarm/index.html", file=SimpleNamespace(src_uri="x"))
    hook.on_page_markdown("# Rules", rules, None, None)
    assert "template" not in rules.meta
    widget = SimpleNamespace(meta={"widget": "shuffler"}, url="play/shuffler.html",
                             file=SimpleNamespace(src_uri="play/shuffler.md"))
    hook.on_page_markdown("# Shuffler", widget, None, None)
    assert widget.meta["template"] == "widget.html"
    config = json.loads(widget.meta["pyscript_config"])
    assert config["interpreter"] == "../runtime/pyodide/start.mjs"
    [(zip_url, target)] = config["files"].items()
    assert zip_url.startswith("../runtime/pyengine-") and target == "./*"


def test_a_play_page_lists_its_own_style_sheets_for_the_head_to_preload():
    """The widget's style sheet, linked from its markup in the body, is listed (once, as
    written) for widget.html to preload; a rules page gets no list."""
    hook.on_config(SimpleNamespace(extra={"polyfills": [hook.SHIM_PATH]}))
    markdown = ('<div class="widget" data-widget="swarm" markdown="0">\n'
                '  <link rel="stylesheet" href="../assets/swarm.css">\n'
                "  <LINK rel='stylesheet' href='../assets/swarm.css'>\n"
                '  <link rel="icon" href="../x.png">\n</div>\n'
                '<link rel="stylesheet" href="../assets/extra.css">')
    widget = SimpleNamespace(meta={"widget": "swarm"}, url="play/swarm.html",
                             file=SimpleNamespace(src_uri="play/swarm.md"))
    hook.on_page_markdown(markdown, widget, None, None)
    assert widget.meta["page_styles"] == ["../assets/swarm.css", "../assets/extra.css"]
    rules = SimpleNamespace(meta={}, url="swarm/index.html", file=SimpleNamespace(src_uri="x"))
    hook.on_page_markdown(markdown, rules, None, None)
    assert "page_styles" not in rules.meta


def test_real_build_play_pages_start_python_in_a_worker(built_site):
    """Issue 17 points 3 and 4: each play page asks for saved-view.js and its widget's style
    sheet from the head and preloads none of the runtime; widget-loading.js's tag names the
    adapter module, PyScript's module, the worker's Python file and the PyScript config
    (whose interpreter and engine zip exist), and no Python runs on the page's thread (no
    ``<script type="py">``). Only play pages allow a blob: worker."""
    for name in ("swarm", "horde", "check", "team", "shuffler"):
        page = built_site / "play" / f"{name}.html"
        text = page.read_text(encoding="utf-8")
        head = text[:text.index("</head>")]
        assert '<link rel="preload" as="script" href="../assets/saved-view.js">' in head
        if name != "shuffler":
            assert f'<link rel="preload" as="style" href="../assets/{name}.css">' in head
        assert not re.search(r"<link[^>]*(preload)[^>]*runtime/", head), name
        assert 'type="py"' not in text and "worker-src 'self' blob:" in head
        tag = re.search(r"<script src=\"../assets/widget-loading.js\"[^>]*>", head).group(0)
        found = dict(re.findall(r'data-(core|host|worker|config)="([^"]*)"', tag))
        assert found["host"] == "../assets/widget-host.js"
        assert found["core"].endswith("runtime/pyscript/core.js")
        assert found["worker"].endswith("runtime/engine-worker.py")
        config = json.loads(html.unescape(found["config"]))
        urls = [found["host"], found["core"], found["worker"], config["interpreter"],
                *config["files"]]
        for url in urls:
            assert (page.parent / url).resolve().is_file(), url
        assert (page.parent / found["worker"]).read_text() == pyscript.WORKER_SOURCE
    rules = (built_site / "swarm" / "index.html").read_text(encoding="utf-8")
    assert "worker-src" not in rules and "widget-loading" not in rules


def test_bad_widget_name_fails_the_build():
    hook.on_config(SimpleNamespace(extra={"polyfills": [hook.SHIM_PATH]}))
    page = SimpleNamespace(meta={"widget": "no good"}, url="p.html",
                           file=SimpleNamespace(src_uri="p.md"))
    with pytest.raises(PluginError, match="must be a Python name"):
        hook.on_page_markdown("", page, None, None)


def test_missing_shim_polyfill_fails_the_build():
    with pytest.raises(PluginError, match="extra.polyfills"):
        hook.on_config(SimpleNamespace(extra={}))


def test_widget_page_front_matter_is_a_plain_function():
    """The widget page's front matter comes from page text alone: no MkDocs objects needed."""
    paths = pyscript.runtime_paths(b"engine")
    assert pyscript.widget_page(None, "swarm/index.html", paths, "swarm/index.md") == {}
    meta = pyscript.widget_page("swarm", "play/swarm.html", paths, "play/swarm.md")
    assert meta["template"] == "widget.html"
    assert meta["runtime"]["core_js"] == "../runtime/pyscript/core.js"
    with pytest.raises(BuildError, match=r"play/x.md: front matter 'widget'"):
        pyscript.widget_page("not a name", "play/x.html", paths, "play/x.md")


def test_engine_zip_is_named_by_its_content():
    first = pyscript.runtime_paths(b"one")["engine_zip"]
    assert first == pyscript.runtime_paths(b"one")["engine_zip"]
    assert first != pyscript.runtime_paths(b"two")["engine_zip"]
    assert first.startswith("runtime/pyengine-") and first.endswith(".zip")


def test_polyfill_check_is_a_plain_function():
    pyscript.check_polyfills([pyscript.SHIM_PATH])
    with pytest.raises(BuildError, match="extra.polyfills"):
        pyscript.check_polyfills(None)


def _fake_runtime(tmp_path: Path, wasm: bytes) -> Path:
    tmp_path.mkdir()
    root = fake_project(tmp_path, {"pyodide": "314.0.7", "@pyscript/core": "0.7.31",
                                   "iframe-worker": "1.0.4"})
    for name in pyscript.SNAPSHOT_BUILD_FILES:
        (root / "node_modules" / "pyodide" / name).write_bytes(
            wasm if name.endswith(".wasm") else name.encode())
    return root


def test_snapshot_key_names_the_pyodide_build_pyscript_and_engine(tmp_path):
    """Issue 30, point 1: a memory snapshot's key changes with the engine zip, with the exact
    Pyodide build (its files' bytes, not only its version) and names the PyScript version, so
    no release ever loads another's snapshot."""
    one = _fake_runtime(tmp_path / "one", b"wasm one")
    two = _fake_runtime(tmp_path / "two", b"wasm two")
    key = pyscript.snapshot_key(b"engine", one)
    assert key == pyscript.snapshot_key(b"engine", one)
    assert key.startswith("pyodide-314.0.7-") and ".pyscript-0.7.31." in key
    assert key != pyscript.snapshot_key(b"engine 2", one)
    assert key != pyscript.snapshot_key(b"engine", two)
    digest = pyscript.runtime_paths(b"engine")["engine_zip"][len("runtime/pyengine-"):-4]
    assert key.endswith(".engine-" + digest)


def test_play_pages_carry_the_snapshot_key_in_their_config():
    """Issue 30, point 1: the build puts this release's snapshot key in each play page's config
    (the adapter takes it out before PyScript sees the config); rules pages get none."""
    hook.on_config(SimpleNamespace(extra={"polyfills": [hook.SHIM_PATH]}))
    widget = SimpleNamespace(meta={"widget": "shuffler"}, url="play/shuffler.html",
                             file=SimpleNamespace(src_uri="play/shuffler.md"))
    hook.on_page_markdown("# Shuffler", widget, None, None)
    config = json.loads(widget.meta["pyscript_config"])
    [zip_url] = config["files"]
    compiled = pyscript.precompile(pyscript.engine_zip_bytes())
    assert config["snapshot"] == pyscript.snapshot_key(compiled.engine, stdlib=compiled.stdlib)
    assert config["snapshot"] != pyscript.snapshot_key(compiled.engine)
    assert config["snapshot"].endswith(zip_url[len("../runtime/pyengine-"):-4])
    assert "snapshot" not in json.loads(pyscript.widget_page(
        "swarm", "play/swarm.html", pyscript.runtime_paths(b"x"), "play/swarm.md")
        ["pyscript_config"])


def test_the_development_server_compiles_nothing(monkeypatch):
    """Issue 43, point 4: under ``mkdocs serve`` (scripts/serve.sh) the build compiles nothing
    under Node (a fresh clone answers sooner, an engine edit rebuilds sooner) and the play pages
    start Pyodide as shipped; ``mkdocs build`` still compiles and starts on start.mjs."""
    compiled: list[bytes] = []
    real = pyscript.precompile

    def counted(engine, *args, **kwargs):
        compiled.append(engine)
        return real(engine, *args, **kwargs)

    monkeypatch.setattr(pyscript, "precompile", counted)
    widget = SimpleNamespace(meta={"widget": "shuffler"}, url="play/shuffler.html",
                             file=SimpleNamespace(src_uri="play/shuffler.md"))
    try:
        hook.on_startup("serve", False)
        hook.on_config(SimpleNamespace(extra={"polyfills": [hook.SHIM_PATH]}))
        hook.on_page_markdown("# Shuffler", widget, None, None)
        assert compiled == []
        assert json.loads(widget.meta["pyscript_config"])["interpreter"] == \
            "../runtime/pyodide/pyodide.mjs"
    finally:
        hook.on_startup("build", False)
    hook.on_config(SimpleNamespace(extra={"polyfills": [hook.SHIM_PATH]}))
    widget.meta = {"widget": "shuffler"}
    hook.on_page_markdown("# Shuffler", widget, None, None)
    assert len(compiled) == 1
    assert json.loads(widget.meta["pyscript_config"])["interpreter"] == \
        "../runtime/pyodide/start.mjs"
