"""The glossaries (glossary/*.yml) as built by hooks/rules.py: anchors, term links, related links.

The module reads the pages of the site built once per test session (strictly).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = ("swarm", "limited-horde", "horde", "team-commander")
ID_RE = re.compile(r'\sid="([^"]+)"')
HREF_RE = re.compile(r'<a\s[^>]*?href="([^"]*)"')
TERM_RE = re.compile(r'<a class="term" href="([^"]*)"')


def entries(rulebook: str) -> list[dict]:
    path = ROOT / "glossary" / f"{rulebook}.yml"
    if not path.exists():
        return []
    return yaml.safe_load(path.read_text(encoding="utf-8")) or []


@pytest.fixture(scope="module")
def site(built_site):
    """The real site, built once per test session (tests/conftest.py)."""
    return built_site


def html_of(site: Path, page: str) -> str:
    """The built HTML of a page given by its Markdown path (``swarm/glossary.md``)."""
    stem = page.removesuffix(".md")
    for candidate in (f"{stem}.html", f"{stem}/index.html"):
        if (site / candidate).exists():
            return (site / candidate).read_text(encoding="utf-8")
    raise AssertionError(f"{page} was not built")


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_term_has_its_anchor(site, rulebook):
    """Each entry's id is an anchor on its rulebook's glossary page and on the master page."""
    ids = set(ID_RE.findall(html_of(site, f"{rulebook}/glossary.md")))
    master = set(ID_RE.findall(html_of(site, "glossary.md")))
    for e in entries(rulebook):
        assert e["id"] in ids, f"{rulebook}/glossary.md has no #{e['id']}"
        assert f"{rulebook}-{e['id']}" in master, f"glossary.md has no #{rulebook}-{e['id']}"


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_term_is_linked_from_a_rules_page(site, rulebook):
    """Each term's first use is linked on at least one page of its rulebook.

    A term that never links is one the rules text does not use in that form: give the entry an
    alias that the text uses (glossary/<rulebook>.yml), or reword.
    """
    linked = set()
    for html in (site / rulebook).rglob("*.html"):
        if html.stem == "glossary" or html.parent.name == "glossary":
            continue
        for href in TERM_RE.findall(html.read_text(encoding="utf-8")):
            linked.add(href.partition("#")[2])
    unlinked = [e["id"] for e in entries(rulebook) if e["id"] not in linked]
    assert not unlinked, (
        f"glossary/{rulebook}.yml entries never linked from a {rulebook} rules page (the text "
        f"uses none of their term or aliases outside headings and links): {unlinked}"
    )


@pytest.mark.parametrize("page", [f"{rb}/glossary.md" for rb in RULEBOOKS] + ["glossary.md"])
def test_glossary_links_resolve(site, page):
    """Every link with an anchor on a glossary page (related entries in the same or another
    rulebook, rule references) points at an anchor that exists."""
    html = html_of(site, page)
    here = posixpath.dirname(page)
    broken = []
    for href in HREF_RE.findall(html):
        if "#" not in href or href.startswith(("http:", "https:", "mailto:")):
            continue
        path, _, anchor = href.partition("#")
        if not anchor:
            continue
        target = html if not path else None
        if target is None:
            file = site / posixpath.normpath(posixpath.join(here, path))
            if file.is_dir():
                file = file / "index.html"
            if not file.exists():
                broken.append(f"{href} (no such page)")
                continue
            target = file.read_text(encoding="utf-8")
        if anchor not in ID_RE.findall(target):
            broken.append(f"{href} (no such anchor)")
    assert not broken, f"{page}: broken links:\n" + "\n".join(broken)


def test_related_links_cross_rulebooks(site):
    """A `related:` entry in another rulebook shows as "Same idea elsewhere" with a link there."""
    for rulebook in RULEBOOKS:
        for e in entries(rulebook):
            others = [r for r in e.get("related") or [] if not r.startswith(f"{rulebook}:")]
            if not others:
                continue
            other_rb, _, other_id = others[0].partition(":")
            html = html_of(site, f"{rulebook}/glossary.md")
            section = html[html.index(f'id="{e["id"]}"'):]
            assert "Same idea elsewhere" in section
            assert re.search(rf'href="[^"]*\b{other_rb}/glossary[^"#]*#{other_id}"', section)
            return
    pytest.skip("no entry relates to another rulebook yet")
