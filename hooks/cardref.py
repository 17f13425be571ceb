"""MkDocs hook: the card reference pages (``cards/``), one per shipped Horde and Swarm deck,
written by the rules engine at build time (plain functions in ``sitebuild/cardref.py``).

* ``on_files``: adds the generated pages (a file of that name in ``docs/`` fails the build).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild and pyengine packages

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402

from sitebuild import BuildError, cardref  # noqa: E402


def on_files(files: Files, config) -> Files:
    """Add the card reference pages."""
    try:
        pages = cardref.deck_pages()
        for src_uri, content in pages.items():
            if files.get_file_from_path(src_uri) is not None:
                raise cardref.generated_page_in_docs(src_uri)
            files.append(File.generated(config, src_uri, content=content))
    except BuildError as error:
        raise PluginError(str(error)) from error
    return files
