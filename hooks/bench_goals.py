"""MkDocs hook: the Performance page's goals table (plain functions in sitebuild/bench_goals.py,
described there). ``on_page_markdown``: a page's ``<!-- bench-goals -->`` marker becomes the
table of the last ``bench/run_all.py`` run (``bench/results/goals.json``), or a sentence saying
no run is recorded.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from sitebuild import bench_goals  # noqa: E402


def on_page_markdown(markdown: str, page, config, files) -> str:
    if bench_goals.MARKER not in markdown:
        return markdown
    return bench_goals.expand(markdown, bench_goals.load())
