"""The accessibility build hook (hooks/a11y.py): wide tables become focusable, named regions."""

from __future__ import annotations

import re
from types import SimpleNamespace

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
    out = hook.wrap_tables(h(2, "7. Difficulty") + "<p>Text</p>" + TABLE + "<p>After</p>")
    assert labels(out) == ["Table: 7. Difficulty"]
    region = out[out.index('<div class="table-region"') :]
    assert region.index(TABLE) > 0
    assert region.index("</table></div><p>After</p>") > 0
    assert "\u00b6" not in labels(out)[0]


def test_tables_under_one_heading_are_numbered_and_repeated_headings_get_their_parent():
    """Every region on a page has its own name."""
    out = hook.wrap_tables(
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
    assert hook.wrap_tables(page) == page


def test_the_label_is_escaped_and_falls_back_to_the_page_title():
    """Heading text is plain text again in the attribute; a table before any heading is named
    after the page."""
    out = hook.wrap_tables(
        TABLE + h(2, 'Life &amp; "poison" <em>counters</em>') + TABLE, fallback="Quick reference"
    )
    assert labels(out) == [
        "Table: Quick reference",
        "Table: Life &amp; &quot;poison&quot; counters",
    ]


def test_on_page_content_uses_the_page_title():
    page = SimpleNamespace(title="Credits")
    assert labels(hook.on_page_content(TABLE, page, {}, None)) == ["Table: Credits"]
