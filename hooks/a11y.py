"""MkDocs hook: accessibility fixes (plain functions in sitebuild/a11y.py, described there).

* wide tables become named, focusable regions keyboard users can scroll (page content);
* Material's search dialog gets an accessible name (every built page, 404 included), instead
  of keeping a copy of Material's ``partials/search.html``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from mkdocs.exceptions import PluginError  # noqa: E402

from sitebuild import a11y  # noqa: E402


def on_page_content(html_text, page, config, files):
    return a11y.wrap_tables(html_text, fallback=page.title or "")


def _named(output: str, where: str) -> str:
    try:
        return a11y.name_search_dialog(output)
    except a11y.SearchDialogNotFound as error:
        raise PluginError(f"{where}: {error}") from error


def on_post_page(output, page, config):
    return _named(output, f"docs/{page.file.src_uri}")


def on_post_template(output_content, template_name, config):
    if 'data-md-component="search"' not in output_content:
        return output_content  # sitemap.xml and other templates without the header
    return _named(output_content, template_name)
