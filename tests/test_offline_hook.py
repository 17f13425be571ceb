"""sitebuild/offline.py and sitebuild/csp.py (called by hooks/offline.py and hooks/csp.py): the
service worker's precache list and version, its source sitebuild/sw.js, the manifest and icons,
and the Content-Security-Policy hashes."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from sitebuild import BuildError, csp, offline
from tests.helpers import load_hook

ROOT = Path(__file__).resolve().parent.parent
hook = load_hook("offline")

PAGE = """<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy"
 content="script-src 'self' INLINE-HASHES; style-src 'self' STYLE-HASHES">
<script>var a=1</script>
<script id="__config" type="application/json">{"base": "."}</script>
<script type="py">print("not JavaScript")</script>
<script src="x.js"></script>
<script type="module">import "./y.js"</script>
</head><body><table><td style="text-align: right;">1</td><td style='text-align: left;'>2</td>
<td style="text-align: right;">3</td></table></body></html>"""


def make_site(root: Path) -> Path:
    """A small built site: pages, assets, runtime files, the engine zip and files to skip."""
    files = {
        "index.html": "<h1>Home</h1>",
        "404.html": "<h1>Not found</h1>",
        "swarm/index.html": "<h1>Swarm</h1>",
        "play/shuffler.html": "<h1>Shuffler</h1>",
        "assets/site.css": "body{}",
        "assets/javascripts/bundle.min.js": "1",
        "assets/javascripts/bundle.min.js.map": "{}",
        "assets/javascripts/lunr/min/lunr.de.min.js": "1",
        "search/search_index.json": "{}",
        "runtime/pyodide/pyodide.mjs": "export{}",
        "runtime/pyodide/pyodide.asm.wasm": "\0asm",
        "runtime/pyodide/python_stdlib.zip": "PK",
        "runtime/pyscript/core.js": "import './core-x.js'",
        "runtime/pyengine-0123456789ab.zip": "PK",
        "sitemap.xml": "<urlset/>",
        "sitemap.xml.gz": "",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def build(site: Path) -> None:
    """What the hook does after a build (config as a plain mapping)."""
    hook.on_post_build({"site_dir": str(site), "site_name": "Co-op Magic Rules",
                        "site_description": "Rules and table tools."})


def sw_precache(site: Path) -> list[str]:
    text = (site / offline.SW_NAME).read_text(encoding="utf-8")
    match = re.search(r"^const PRECACHE = (.*);$", text, re.M)
    return [path for path, _ in json.loads(match.group(1))]


def sw_version(site: Path) -> str:
    text = (site / offline.SW_NAME).read_text(encoding="utf-8")
    return json.loads(re.search(r"^const VERSION = (.*);$", text, re.M).group(1))


def test_precache_lists_every_page_runtime_file_and_the_engine_zip(tmp_path):
    """Every page, asset, runtime file, the engine zip, the manifest and icons are precached;
    source maps, sitemaps, unused search languages and the worker itself are not."""
    site = make_site(tmp_path)
    build(site)
    precache = sw_precache(site)
    for expected in (
        "index.html", "404.html", "swarm/index.html", "play/shuffler.html",
        "assets/site.css", "assets/javascripts/bundle.min.js", "search/search_index.json",
        "runtime/pyodide/pyodide.mjs", "runtime/pyodide/pyodide.asm.wasm",
        "runtime/pyodide/python_stdlib.zip", "runtime/pyscript/core.js",
        "runtime/pyengine-0123456789ab.zip", "manifest.webmanifest",
        "icons/icon-192.png", "icons/icon-512.png",
    ):
        assert expected in precache
    for skipped in ("sw.js", "sitemap.xml", "sitemap.xml.gz",
                    "assets/javascripts/bundle.min.js.map",
                    "assets/javascripts/lunr/min/lunr.de.min.js"):
        assert skipped not in precache
    assert precache == sorted(precache)


def test_every_built_file_is_precached_or_deliberately_skipped(tmp_path):
    """Nothing the site ships is forgotten: the list is the directory, minus the skip rules."""
    site = make_site(tmp_path)
    build(site)
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    skipped = {rel for rel in on_disk if rel == "sw.js" or rel.endswith(offline.SKIP_SUFFIXES)
               or rel.startswith(offline.SKIP_PREFIXES)}
    assert set(sw_precache(site)) == on_disk - skipped


def test_cache_version_changes_when_any_file_changes(tmp_path):
    """A release that changes one byte of one file gets a new cache (and the old is deleted)."""
    site = make_site(tmp_path)
    build(site)
    first = sw_version(site)
    build(site)
    assert sw_version(site) == first  # same files, same version
    (site / "runtime/pyengine-0123456789ab.zip").write_text("PK changed", encoding="utf-8")
    build(site)
    second = sw_version(site)
    assert second != first
    (site / "swarm/index.html").write_text("<h1>Swarm, revised</h1>", encoding="utf-8")
    build(site)
    assert sw_version(site) not in (first, second)
    (site / "swarm/new.html").write_text("<h1>New</h1>", encoding="utf-8")
    build(site)
    assert "swarm/new.html" in sw_precache(site)


def test_worker_deletes_old_caches_and_leaves_other_origins_alone():
    """The worker deletes only its own releases' caches no open page uses, and never answers
    cross-origin requests."""
    text = offline.service_worker_js([("index.html", "0" * 16)])
    assert "name.startsWith(PREFIX)" in text and "caches.delete(name)" in text
    assert "url.origin !== BASE.origin" in text
    assert "skipWaiting" in text and "clients.claim" in text
    assert "http://" not in text and "https://" not in text  # relative URLs only


def test_worker_is_its_source_file_with_this_releases_values():
    """sw.js is sitebuild/sw.js line for line, with each ``// @build`` line filled in."""
    entries = [("index.html", "0" * 16), ("runtime/x.wasm", "1" * 16)]
    text = offline.service_worker_js(entries)
    source = offline.SW_SOURCE.read_text(encoding="utf-8")
    assert len(text.splitlines()) == len(source.splitlines())
    assert "// @build" in source and "// @build" not in text
    assert json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1)) == [
        list(entry) for entry in entries]
    assert json.loads(re.search(r"^const VERSION = (.*);$", text, re.M).group(1)) == (
        offline.cache_version(entries))
    assert json.loads(re.search(r"^const ON_DEMAND = (.*);$", text, re.M).group(1)) == ["runtime/"]
    changed = [line for line, original in zip(text.splitlines(), source.splitlines(),
                                              strict=True) if line != original]
    assert len(changed) == source.count("// @build")


def test_worker_source_without_a_build_line_fails_clearly(tmp_path, monkeypatch):
    source = tmp_path / "sw.js"
    source.write_text(offline.SW_SOURCE.read_text(encoding="utf-8").replace(
        "; // @build timeout", ";"), encoding="utf-8")
    monkeypatch.setattr(offline, "SW_SOURCE", source)
    with pytest.raises(BuildError, match="timeout"):
        offline.service_worker_js([])


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (scripts/setup.sh)")
@pytest.mark.parametrize("which", ["source", "built"])
def test_worker_is_valid_javascript(tmp_path, which):
    """The worker's source and the built sw.js both parse (``node --check``)."""
    path = offline.SW_SOURCE
    if which == "built":
        path = tmp_path / "sw.js"
        path.write_text(offline.service_worker_js([("index.html", "0" * 16)]), encoding="utf-8")
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_worker_revision_is_what_the_build_lists(tmp_path):
    """The worker checks each download against its listed revision: the first 16 hex digits of
    the file's SHA-256, computed the same way in JavaScript (run in Node) as in the build."""
    if shutil.which("node") is None:
        pytest.skip("needs Node")
    source = offline.SW_SOURCE.read_text(encoding="utf-8")
    function = source[source.index("async function revisionOf"):]
    function = function[:function.index("\n}\n") + 3]
    script = tmp_path / "rev.mjs"
    script.write_text(function + "\nconsole.log(await revisionOf(new TextEncoder()"
                      ".encode('<h1>Swarm</h1>')));\n", encoding="utf-8")
    result = subprocess.run(["node", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    (site / "swarm").mkdir(parents=True)
    (site / "swarm" / "index.html").write_text("<h1>Swarm</h1>", encoding="utf-8")
    assert offline.precache_entries(site) == [("swarm/index.html", result.stdout.strip())]


def test_manifest_is_valid_json_with_icons_that_exist(tmp_path):
    """The manifest parses, uses relative URLs, and each icon is a PNG of the stated size."""
    site = make_site(tmp_path)
    build(site)
    manifest = json.loads((site / offline.MANIFEST_NAME).read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] == "Co-op Magic Rules"
    sizes = set()
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http"))
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes


def test_icon_png_is_well_formed():
    """The icon's chunks carry correct CRCs and its pixels decompress to the right size."""
    data = offline.icon_png(192)
    offset, chunks = 8, {}
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        assert crc == zlib.crc32(kind + body)
        chunks[kind] = body
        offset += 12 + length
    assert set(chunks) == {b"IHDR", b"IDAT", b"IEND"}
    assert len(zlib.decompress(chunks[b"IDAT"])) == 192 * (1 + 192 * 3)


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_csp_hashes_cover_only_the_pages_runnable_inline_scripts():
    """Inline classic and module scripts are hashed; JSON, Python and src scripts are not."""
    assert csp.inline_script_hashes(PAGE) == [_sha("var a=1"), _sha('import "./y.js"')]


def test_csp_tokens_are_replaced_with_this_pages_hashes():
    """The meta tag ends up with script hashes and de-duplicated style-attribute hashes."""
    out = csp.complete_csp(PAGE)
    assert "INLINE-HASHES" not in out and "STYLE-HASHES" not in out
    policy = re.search(r'content="([^"]*)"', out).group(1)
    module = _sha('import "./y.js"')
    assert policy.startswith(f"script-src 'self' {_sha('var a=1')} {module};")
    assert policy.endswith(
        f"style-src 'self' 'unsafe-hashes' {_sha('text-align: right;')} "
        f"{_sha('text-align: left;')}"
    )


def test_page_without_styles_gets_no_unsafe_hashes():
    page = PAGE.split("<body>")[0] + "<body></body></html>"
    assert "'unsafe-hashes'" not in csp.complete_csp(page)


def test_dev_server_pages_allow_inline_scripts_and_are_marked():
    """Only under `mkdocs serve`: the live-reload script may run (no hashes, which would switch
    'unsafe-inline' off), styles keep their hashes, and <html> is marked for sw-register.js."""
    out = csp.complete_csp(csp.mark_dev_server(PAGE), dev_server=True)
    policy = re.search(r'content="([^"]*)"', out).group(1)
    assert policy.startswith("script-src 'self' 'unsafe-inline';")
    assert _sha("text-align: right;") in policy
    assert out.startswith("<!doctype html><html data-dev-server>")
    assert csp.mark_dev_server(out) == out
    assert "data-dev-server" not in csp.complete_csp(PAGE)


def test_page_without_the_csp_tag_is_left_alone():
    assert csp.complete_csp("<p>INLINE</p>") == "<p>INLINE</p>"


def test_real_build_every_page_has_a_complete_csp_and_is_precached(built_site):
    """Each built page carries a CSP with no leftover tokens, and the worker precaches it."""
    precache = set(sw_precache(built_site))
    pages = [p for p in built_site.rglob("*.html") if "runtime" not in p.parts]
    assert pages
    for path in pages:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(built_site).as_posix()
        assert rel in precache
        assert text.count('http-equiv="Content-Security-Policy"') == 1, rel
        assert "INLINE-HASHES" not in text and "STYLE-HASHES" not in text, rel
        assert "'unsafe-inline'" not in text and "data-dev-server" not in text, rel
        # The policy comes before any script, so it governs all of them.
        assert text.index("Content-Security-Policy") < text.index("<script"), rel
    assert any(p.startswith("runtime/pyengine-") for p in precache)
    assert "runtime/pyodide/pyodide.asm.wasm" in precache


def test_real_build_no_script_or_print_style_holds_up_the_first_paint(built_site):
    """Every script a page loads is deferred (Material's bundle and polyfills included), bar a
    play page's saved-view.js, which must run before the first paint; the print style sheet is
    for print only. Both kept Lighthouse's first paint late (bench/bench_lighthouse.py)."""
    pages = [p for p in built_site.rglob("*.html") if "runtime" not in p.parts]
    saw_bundle = False
    for path in pages:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(built_site).as_posix()
        for tag in re.findall(r"<script\b[^>]*\bsrc=[^>]*>", text):
            if "assets/saved-view.js" in tag:
                continue
            assert re.search(r"\s(defer|async)\b|type=\"module\"", tag), (rel, tag)
            saw_bundle |= "assets/javascripts/bundle." in tag
        assert "iframe-worker-shim.js" in text, rel
        prints = re.findall(r"<link\b[^>]*assets/print\.css[^>]*>", text)
        assert len(prints) == 1 and 'media="print"' in prints[0], rel
    assert saw_bundle


def test_a_script_in_a_pages_content_is_found_and_the_builds_own_are_not():
    """A runnable inline <script> inside the page's content (a rules page, a glossary
    definition) is reported, so the build fails; scripts outside the content, with a src, or
    not runnable (JSON) are not."""
    page = ('<script>var boot=1</script><article class="md-content__inner">'
            '<p>Swarm</p><script type="application/json">{}</script>'
            '<script src="../assets/saved-view.js"></script>'
            '<p>term<script>alert(1)</script></p></article><script>var after=1</script>')
    assert csp.content_scripts(page) == ["a <script> (alert(1))"]
    assert csp.content_scripts(page.replace("<script>alert(1)</script>", "")) == []


def test_the_hook_fails_a_page_whose_content_holds_a_script():
    """The build refuses a page with a <script> in its content (hooks/csp.py)."""
    from mkdocs.exceptions import PluginError

    from devtools.site import load_hook

    hook = load_hook("csp")
    page = type("P", (), {"file": type("F", (), {"src_uri": "swarm/index.md"})()})()
    with pytest.raises(PluginError, match="swarm/index.md"):
        hook.on_post_page('<article><script>alert(1)</script></article>', page, {})
    assert "<p>" in hook.on_post_page("<article><p>ok</p></article>", page, {})


#: What a glossary definition (or any page content) may try, each a way to run a script or
#: move the page that string search missed or never looked for (issue 40, point 4).
BYPASSES = {
    "</article> before": "Ends here.</article><script>alert(1)</script>",
    "a comment holding it": "Ends <!-- </article> --> here.<script>alert(1)</script>",
    "upper case, attributes": '<SCRIPT type="text/javascript" >alert(1)</SCRIPT >',
    "no closing tag": "<script>alert(1)",
    "meta refresh": '<meta http-equiv="refresh" content="0; url=https://evil.test/">',
    "base": '<base href="https://evil.test/">',
    "iframe": '<iframe src="https://evil.test/"></iframe>',
    "event attribute": '<img src="x.png" onerror="alert(1)">',
    "event attribute, odd spacing": "<svg/onload=alert(1)>",
    "javascript: link": '<a href=" jav&#x09;ascript:alert(1)">a term</a>',
    "object": '<object data="x.swf"></object>',
    "outside script": '<script src="https://evil.test/x.js"></script>',
}


@pytest.mark.parametrize("payload", BYPASSES.values(), ids=list(BYPASSES))
def test_content_that_could_run_or_redirect_is_found_by_parsing(payload):
    """Issue 40, point 4: page content is parsed (html.parser), not searched: each bypass is
    found in the content alone and in a whole page, where the theme's own article and
    scripts around it are not findings."""
    assert csp.content_problems(f"<p>Dread {payload} level</p>")
    page = ('<html><head><meta charset="utf-8"><script>var boot=1</script></head><body>'
            '<article class="md-content__inner md-typeset"><h1>Glossary</h1>'
            f'<p>{payload}</p></article><script>var after=1</script></body></html>')
    assert csp.content_scripts(page), payload
    assert csp.content_scripts(page.replace(f"<p>{payload}</p>", "<p>ok</p>")) == []


def test_the_sites_own_content_is_not_refused():
    """What the pages hold today passes: the widgets' own script and style sheet, JSON data,
    an empty data: picture, links within the site and to other sites."""
    content = ('<link rel="stylesheet" href="../assets/horde.css">'
               '<script src="../assets/table-tools.js" defer></script>'
               '<script type="application/json">{"a": 1}</script>'
               '<img src="data:," alt="" hidden><a href="../swarm/#sw-5-3">SW 5.3</a>'
               '<a href="https://scryfall.com/">Scryfall</a><!-- a note -->')
    assert csp.content_problems(content) == []


def test_a_glossary_definition_with_a_script_fails_the_build(tmp_path):
    """Issue 40: a glossary definition holding HTML (a script after a </article>, a comment
    holding one, a meta refresh) fails the build at its file and line, and the page it would
    make is refused by the content check too."""
    import markdown

    from sitebuild import BuildError, rules

    for payload in (BYPASSES["</article> before"], BYPASSES["a comment holding it"],
                    BYPASSES["meta refresh"]):
        path = tmp_path / "swarm.yml"
        path.write_text("- id: dread\n  term: Dread\n  definition: 'Fine.'\n"
                        f"- id: bad\n  term: Bad\n  definition: '{payload}'\n")
        with pytest.raises(BuildError, match=r"glossary/swarm.yml:4: 'definition' holds HTML"):
            rules.load_glossary(path, "swarm")
        entry = rules.Entry("swarm", "bad", "Bad", payload, [], [], [], 4)
        page = rules.rulebook_glossary_page("swarm", [entry], {entry.key: entry})
        assert csp.content_problems(markdown.markdown(page)), payload
