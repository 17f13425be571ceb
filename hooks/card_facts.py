"""MkDocs hook: publish the full card data for the deck check as ``runtime/card-facts.tsv``,
and put the card vocabulary's coverage figures (``sitebuild/coverage.py``, from
``decks/card-coverage.json``) where a page writes ``<!-- card-coverage -->`` (Performance).

``decks/card-facts.tsv.gz`` (made by ``scripts/import_scryfall.py``; the Pages workflow refreshes
it from Scryfall before building) is written decompressed into the built site, beside the Python
runtime: the check page fetches it only when a check needs it, and the service worker keeps it
with the runtime (``runtime/`` is kept once a page asks for it). It is not part of the engine
zip, so no other play page loads it into Python. A build without network uses the committed
file.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "decks" / "card-facts.tsv.gz"
#: Site path of the published file (the check widget fetches it relative to its page).
SITE_PATH = "runtime/card-facts.tsv"


MARKER = "<!-- card-coverage -->"


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    from sitebuild import coverage

    try:
        table = coverage.markdown()
    except (OSError, ValueError, KeyError) as error:
        raise PluginError(f"{coverage.FIGURES} cannot be read ({error}); run "
                          "scripts/import_scryfall.py") from None
    return markdown.replace(MARKER, table)


def on_post_build(config):
    try:
        text = gzip.decompress(SOURCE.read_bytes())
    except (OSError, EOFError) as error:
        raise PluginError(
            f"{SOURCE} cannot be read ({error}); run scripts/import_scryfall.py"
        ) from None
    target = Path(config["site_dir"]) / SITE_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(text)
