"""The accessibility fixes (sitebuild/a11y.py, called by hooks/a11y.py): wide tables become
focusable, named regions; Material's search dialog gets a name without a copied partial."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from sitebuild import a11y
from tests.helpers import load_hook

hook = load_hook("a11y")
HEADERLINK = '<a class="headerlink" href="#{0}" title="Permanent link">&para;</a>'


def h(level: int, text: str, anchor: str = "x") -> str:
    return f'<h{level} id="{anchor}">{text}{HEADERLINK.format(anchor)}</h{level}>'


TABLE = "<table>\n<thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody>\n</table>"


def labels(html_text: str) -> list[str]:
    return re.findall(
        r'<div class="table-region" role="region" tabindex="0" aria-label="([^"]*)">', html_text
    )


def test_a_table_is_wrapped_whole_in_a_focusable_region_named_after_its_heading():
    """A table Material will make scroll sits, unchanged, in a region with tabindex=0 and the
    text of the heading above it (no permalink sign)."""
    out = a11y.wrap_tables(h(2, "7. Difficulty") + "<p>Text</p>" + TABLE + "<p>After</p>")
    assert labels(out) == ["Table: 7. Difficulty"]
    region = out[out.index('<div class="table-region"') :]
    assert region.index(TABLE) > 0
    assert region.index("</table></div><p>After</p>") > 0
    assert "\u00b6" not in labels(out)[0]


def test_tables_under_one_heading_are_numbered_and_repeated_headings_get_their_parent():
    """Every region on a page has its own name."""
    out = a11y.wrap_tables(
        h(1, "Decks")
        + h(2, "Zombies")
        + h(3, "Tokens")
        + TABLE
        + h(2, "Goblins")
        + h(3, "Tokens")
        + TABLE
        + h(2, "Difficulty")
        + TABLE
        + "<p>x</p>"
        + TABLE
    )
    assert labels(out) == [
        "Table: Zombies — Tokens",
        "Table: Goblins — Tokens",
        "Table 1 of 2: Difficulty",
        "Table 2 of 2: Difficulty",
    ]


def test_tables_with_a_class_and_pages_without_tables_are_left_alone():
    """Material only wraps (and scrolls) ``table:not([class])``; other markup is unchanged."""
    page = h(2, "Grid") + '<table class="grid"><tr><td>1</td></tr></table><hr><p>no table</p>'
    assert a11y.wrap_tables(page) == page


def test_the_label_is_escaped_and_falls_back_to_the_page_title():
    """Heading text is plain text again in the attribute; a table before any heading is named
    after the page."""
    out = a11y.wrap_tables(
        TABLE + h(2, 'Life &amp; "poison" <em>counters</em>') + TABLE, fallback="Quick reference"
    )
    assert labels(out) == [
        "Table: Quick reference",
        "Table: Life &amp; &quot;poison&quot; counters",
    ]


def test_on_page_content_uses_the_page_title():
    page = SimpleNamespace(title="Credits")
    assert labels(hook.on_page_content(TABLE, page, {}, None)) == ["Table: Credits"]


DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def test_search_dialog_gets_its_name():
    """Material's search dialog (axe-core aria-dialog-name) gets an aria-label, once."""
    page = f"<header>{DIALOG}<label></label></div></header>"
    out = a11y.name_search_dialog(page)
    assert out == page.replace('role="dialog">', 'role="dialog" aria-label="Search the site">')
    assert a11y.name_search_dialog(out) == out


@pytest.mark.parametrize("page", ["<header></header>", DIALOG + DIALOG,
                                  DIALOG.replace('role="dialog"', 'role="search-dialog"')])
def test_changed_search_markup_fails_the_build(page):
    """No search dialog, two of them, or other markup: Material changed, the build says so."""
    with pytest.raises(a11y.SearchDialogNotFound, match=a11y.MATERIAL_CHECKED):
        a11y.name_search_dialog(page)
    with pytest.raises(PluginError, match="docs/x.md"):
        hook.on_post_page(page, SimpleNamespace(file=SimpleNamespace(src_uri="x.md")), {})


def test_installed_material_is_the_version_the_overrides_were_checked_against():
    """Upgrading Material means looking at overrides/ and sitebuild/a11y.py again: check that
    the search dialog markup, overrides/main.html and overrides/widget.html still fit, then
    update MATERIAL_CHECKED."""
    assert importlib.metadata.version("mkdocs-material") == a11y.MATERIAL_CHECKED


def test_no_copied_material_partials():
    """overrides/ only extends Material's templates (main.html, widget.html): no copied
    partial that an upgrade would silently leave behind."""
    overrides = Path(__file__).resolve().parent.parent / "overrides"
    assert sorted(p.name for p in overrides.rglob("*") if p.is_file()) == [
        "main.html", "widget.html"]


def test_every_built_page_names_its_search_dialog(built_site):
    pages = [p for p in built_site.rglob("*.html") if "runtime" not in p.parts]
    assert pages
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert text.count('role="dialog" aria-label="Search the site"') == 1, path
