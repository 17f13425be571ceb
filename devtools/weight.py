"""Page weight: the bytes a page transfers, and the plain Material twin it is held against
(issue 43, point 3). Shared by bench/bench_site.py (the figure) and
tests/browser/test_weight_browser.py (every rules page against its twin).

The twin is our docs/ built by Material alone: the same Markdown (with the glossary pages our
hook generates from glossary/*.yml), theme settings and Markdown extensions as mkdocs.yml,
without our hooks' links and anchors, templates, stylesheets and scripts: what Material alone
would send for the same rules.
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from devtools.server import SUB_PATH
from devtools.site import build_site

ROOT = Path(__file__).resolve().parent.parent

PLAIN_MKDOCS = """\
site_name: Co-op Magic Rules
theme:
  name: material
  font: false
  features: [navigation.sections, navigation.top, navigation.footer, search.highlight]
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      primary: deep purple
      accent: amber
      toggle: {icon: material/weather-night, name: Switch to dark mode}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      primary: deep purple
      accent: amber
      toggle: {icon: material/weather-sunny, name: Switch to light mode}
plugins: [search]
"""
#: The plain twin: our docs/ built by Material alone (same theme settings and Markdown
#: extensions as mkdocs.yml; no hooks, no custom templates, no extra CSS/JS, no offline plugin).
PLAIN_TWIN_MKDOCS = PLAIN_MKDOCS.replace(
    "features: [", "features: [content.tooltips, toc.follow, "
) + """\
copyright: >-
  Unofficial Fan Content permitted under the Fan Content Policy. Not approved or endorsed by
  Wizards. Portions of the materials used are property of Wizards of the Coast. &copy; Wizards of
  the Coast LLC. Magic: The Gathering is a trademark of Wizards of the Coast LLC.
markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - def_list
  - footnotes
  - md_in_html
  - tables
  - toc: {permalink: true}
  - pymdownx.details
  - pymdownx.superfences
"""



def write_twin_docs(docs: Path) -> None:
    """The plain twin's Markdown: our docs/ (without assets) plus the glossary pages that
    hooks/rules.py generates from glossary/*.yml, so both sites have the same content (and the
    same search index, the master glossary left out of it in both)."""
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("assets"))
    from sitebuild import rules
    pages, _ = rules.glossary_pages(rules.load_glossaries(ROOT / "glossary"))
    for src_uri, markdown in pages.items():
        (docs / src_uri).write_text(markdown, encoding="utf-8")


def build_twin(folder: Path) -> Path:
    """Build the plain twin in ``folder`` (its sources in ``folder/src``); return the built
    site's folder (``folder/site``)."""
    source = folder / "src"
    write_twin_docs(source / "docs")
    (source / "mkdocs.yml").write_text(PLAIN_TWIN_MKDOCS, encoding="utf-8")
    return build_site(folder / "site", strict=False, config=source / "mkdocs.yml", cwd=source)


def _page_key(path: str) -> str:
    """A built page's source name, whether built with directory URLs or not
    (``swarm/quick.html`` and ``swarm/quick/index.html`` are both ``swarm/quick``)."""
    key = path.removesuffix(".html").removesuffix("/index")
    return "" if key == "index" else key


def rules_pages(site: Path, twin: Path) -> list[tuple[str, str]]:
    """The pages both sites have, as (path in ``site``, path in ``twin``), play pages and the
    404 page aside: every rules page, glossary and site page the twin builds (the twin uses
    directory URLs, the site does not)."""
    theirs = {_page_key(p.relative_to(twin).as_posix()): p.relative_to(twin).as_posix()
              for p in twin.rglob("*.html")}
    pairs = []
    for page in sorted(site.rglob("*.html")):
        path = page.relative_to(site).as_posix()
        key = _page_key(path)
        if key in theirs and not path.startswith("play/") and path != "404.html":
            pairs.append((path, theirs[key]))
    return pairs


#: The search index Material loads; assets/search-on-demand.js fetches it when the reader
#: reaches for search.
SEARCH_INDEX = "search/search_index.json"


def transferred(page, url: str, *, search: bool = False) -> dict:
    """What ``page`` (a Playwright page in a fresh context, service worker blocked) transfers
    loading ``url`` until the network is idle: bytes as served and gzip-compressed as GitHub
    Pages would send them, the number of requests and each file's figures. ``search``: then
    the reader clicks the search field, and what that fetches counts too."""
    responses: list = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if search and not any(r.url.endswith(SEARCH_INDEX) for r in responses):
        with page.expect_response(lambda response: response.url.endswith(SEARCH_INDEX)):
            page.locator("input.md-search__input").click()
        page.wait_for_load_state("networkidle")
    raw = compressed = 0
    files = []
    for response in responses:
        if response.request.url.startswith(("data:", "blob:")):
            continue
        try:
            body = response.body()
        except Exception:  # redirects and aborted requests have no body
            body = b""
        size = len(gzip.compress(body, 6)) if body else 0
        raw += len(body)
        compressed += size
        files.append({"path": urlsplit(response.url).path.removeprefix(SUB_PATH),
                      "bytes": len(body), "gzip_bytes": size})
    return {"bytes": raw, "gzip_bytes": compressed, "requests": len(files), "files": files}
