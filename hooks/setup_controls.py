"""MkDocs hook: the play pages' set-up controls, drawn from the engines' declared set-up
(plain functions in sitebuild/setup_controls.py, described there).

* ``on_page_markdown``: each ``<!-- setup: module:NAME ... -->`` marker becomes its labels and
  controls, each ``<!-- how-hard: VARIANT ... -->`` marker the "How hard is this?" sliders.
  This hook is listed before ``hooks/rules.py`` in mkdocs.yml, so the rule references in the
  labels become links.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from sitebuild import setup_controls  # noqa: E402


def on_page_markdown(markdown: str, page, config, files) -> str:
    if "<!-- setup:" not in markdown and "<!-- how-hard:" not in markdown:
        return markdown
    try:
        return setup_controls.expand(markdown)
    except setup_controls.SetupMarkerError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
