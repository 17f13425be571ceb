"""Accessibility fixes on built pages: wide tables keyboard users can scroll, and a name for
Material's search dialog.

Tables.

On a phone a table wider than the screen scrolls sideways inside Material's
``div.md-typeset__scrollwrap``, which Material's JavaScript adds around each ``<table>`` at load
time. A scrolling box nobody can focus cannot be scrolled from a keyboard (WCAG 2.1.1; axe-core's
``scrollable-region-focusable``). So ``wrap_tables`` (over a page's content) wraps every table
Material will wrap (no ``class`` attribute) in a named, focusable region, the usual pattern for
responsive tables::

    <div class="table-region" role="region" tabindex="0" aria-label="Table: 7. Difficulty">

``docs/assets/site.css`` makes that region the scrolling box (Material's own wrapper inside it
then no longer scrolls) and gives it a focus outline. The label is the text of the nearest
heading before the table, after as many enclosing headings as it takes to tell it from other
tables' ("Table: Goblins — Tokens"); several tables under one heading are numbered ("Table 2 of
3: …"), so every region on a page has its own name. Only attributes are added: no inline style or
script, so the page's Content-Security-Policy is unaffected.

The search dialog. Material's search (``partials/search.html``) is a ``role="dialog"`` without a
name (axe-core's ``aria-dialog-name``). ``name_search_dialog`` (over a whole built page) adds an
``aria-label`` to that element, so no copy of Material's partial is kept. It fails loudly when the
element is not found exactly once, and ``MATERIAL_CHECKED`` is the Material version this was
checked against: tests/test_a11y_hook.py fails when the installed Material differs, so an
upgrade is looked at, not silently broken.

Code blocks need no fix: Material makes a scrolling code block focusable itself on devices
with a pointer that can hover, and on touch screens site.css wraps long code lines instead.
"""

from __future__ import annotations

import html
import re

#: A table Material's JavaScript wraps (``table:not([class])``), or a heading, in page order.
_TABLE_OR_HEADING = re.compile(
    r"<table\b(?![^>]*\bclass=)[^>]*>|<h([1-6])\b[^>]*>(.*?)</h\1>", re.DOTALL | re.IGNORECASE
)
_HEADERLINK = re.compile(r'<a\b[^>]*class="headerlink"[^>]*>.*?</a>', re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
REGION_CLASS = "table-region"


def heading_text(inner_html: str) -> str:
    """A heading's plain text, without its permalink ("¶") anchor."""
    text = html.unescape(_TAG.sub("", _HEADERLINK.sub("", inner_html)))
    return " ".join(text.replace("\u00b6", "").split())


def table_labels(paths: list[tuple[str, ...]]) -> list[str]:
    """One distinct name per table, from the headings above it (outermost first).

    Each table is named after its nearest heading, with as many enclosing headings in front
    ("Goblins — Tokens") as it takes to tell it from tables under other headings; tables under
    the same heading are numbered ("Table 2 of 3: …").
    """
    names = []
    for path in paths:
        for depth in range(1, len(path) + 1):
            name = " — ".join(path[-depth:])
            if all(" — ".join(other[-depth:]) != name for other in paths if other != path):
                break
        names.append(" — ".join(path[-depth:]) if path else "")
    totals = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        number = f" {seen[name]} of {totals[name]}" if totals[name] > 1 else ""
        labels.append(f"Table{number}: {name}" if name else f"Table{number}")
    return labels


def wrap_tables(html_text: str, fallback: str = "") -> str:
    """Wrap each class-less ``<table>`` in a focusable, labelled region (see module docs)."""
    headings: dict[int, str] = {}  # level -> text of the latest heading at that level
    found: list[tuple[int, tuple[str, ...]]] = []  # where each table starts, its headings
    for match in _TABLE_OR_HEADING.finditer(html_text):
        if match.group(1):
            level = int(match.group(1))
            headings = {lv: text for lv, text in headings.items() if lv < level}
            headings[level] = heading_text(match.group(2))
        else:
            path = tuple(text for _, text in sorted(headings.items()) if text)
            found.append((match.start(), path or ((fallback,) if fallback else ())))
    if not found:
        return html_text
    out: list[str] = []
    last = 0
    labels = table_labels([path for _, path in found])
    for (start, _), label in zip(found, labels, strict=True):
        close = html_text.find("</table>", start)
        if close < 0:  # malformed: leave the rest alone
            break
        close += len("</table>")
        out.append(html_text[last:start])
        out.append(
            f'<div class="{REGION_CLASS}" role="region" tabindex="0" '
            f'aria-label="{html.escape(label, quote=True)}">'
        )
        out.append(html_text[start:close])
        out.append("</div>")
        last = close
    out.append(html_text[last:])
    return "".join(out)


#: The Material for MkDocs version whose search dialog markup ``name_search_dialog`` was checked
#: against (tests/test_a11y_hook.py fails when the installed one differs).
MATERIAL_CHECKED = "9.8.2"
SEARCH_DIALOG_LABEL = "Search the site"
_SEARCH_DIALOG = re.compile(
    r'<div class="md-search" data-md-component="search" role="dialog"(?P<rest>[^>]*)>'
)


class SearchDialogNotFound(ValueError):
    """The page has no (or several) Material search dialogs: the markup changed."""


def name_search_dialog(page_html: str, label: str = SEARCH_DIALOG_LABEL) -> str:
    """Give Material's search dialog an accessible name (``aria-label``).

    Raises ``SearchDialogNotFound`` unless the page has exactly one search dialog: a Material
    upgrade that changes its markup fails the build instead of leaving the dialog unnamed.
    A dialog that already has an ``aria-label`` is left as it is.
    """
    found = list(_SEARCH_DIALOG.finditer(page_html))
    if len(found) != 1:
        raise SearchDialogNotFound(
            f"expected one Material search dialog, found {len(found)}: Material's "
            f"partials/search.html changed (checked against {MATERIAL_CHECKED}); update "
            "sitebuild/a11y.py"
        )
    match = found[0]
    if "aria-label=" in match.group("rest"):
        return page_html
    named = match.group(0)[:-1] + f' aria-label="{html.escape(label)}">'
    return page_html[: match.start()] + named + page_html[match.end():]
