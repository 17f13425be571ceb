"""MkDocs hook: the "Choosing a difficulty" sections of the rules pages (plain functions in
sitebuild/difficulty.py, described there).

* ``on_files``: loads the simulator's figures (cached; a re-simulation is announced with its
  time), logs whether they meet their goals (:func:`sitebuild.difficulty.goals`) and adds the
  charts' SVG files;
* ``on_page_markdown``: a page's ``<!-- difficulty: VARIANT -->`` marker becomes its section
  (this hook runs before ``hooks/rules.py``, so the section's rule references become links).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from mkdocs.structure.files import File, Files  # noqa: E402

from sitebuild import difficulty  # noqa: E402

log = logging.getLogger("mkdocs.hooks.difficulty")
_state: dict = {}


def on_files(files: Files, config) -> Files:
    figures = difficulty.load_figures(log=log)
    _state["figures"] = figures
    # The build's own check of the figures' goals (issue 42); the pages show the same list.
    for goal in difficulty.goals(figures):
        log.info(f"difficulty goal {'met' if goal['met'] else 'MISSED'}: {goal['goal']} "
                 f"({goal['detail']})")
    for path, content in difficulty.render_charts(figures).items():
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page, config, files: Files) -> str:
    if "<!-- difficulty:" not in markdown:
        return markdown
    base = "../" * page.file.src_uri.count("/")
    return difficulty.expand(markdown, _state["figures"], base)
