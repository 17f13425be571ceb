"""MkDocs hook: publish the full card data for the deck check as ``runtime/card-facts.tsv``,
and, when the deploy made them, the printed-names map (``runtime/printed-names.tsv``) and the
two-card combos (``runtime/combos.tsv``); and put the card vocabulary's coverage figures
(``sitebuild/coverage.py``, from ``decks/card-coverage.json``) where a page writes
``<!-- card-coverage -->`` (Performance).

``decks/card-facts.tsv.gz`` (made by ``scripts/import_scryfall.py``; the Pages workflow refreshes
it from Scryfall before building) is written decompressed into the built site, beside the Python
runtime: the check page fetches it only when a check needs it, and the service worker keeps it
with the runtime (``runtime/`` is kept once a page asks for it). It is not part of the engine
zip, so no other play page loads it into Python. A build without network uses the committed
file. ``decks/printed-names.tsv.gz`` and ``decks/combos.tsv.gz`` are made only at deploy (they
are not committed): a local build publishes, for each, a file saying there is none (``# status:
absent``: the check page asks for them, and a missing file would be an error in the browser's
console), so names in other languages are unknown and the estimate says combos were not
checked.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "decks" / "card-facts.tsv.gz"
#: Site path of the published file (the check widget fetches it relative to its page).
SITE_PATH = "runtime/card-facts.tsv"
#: The files published only when present: source -> site path.
OPTIONAL = {ROOT / "decks" / "printed-names.tsv.gz": "runtime/printed-names.tsv"}
COMBOS = ROOT / "decks" / "combos.tsv.gz"
COMBOS_PATH = "runtime/combos.tsv"
#: What the site serves as the combos file when the build has none.
#: What the site serves as the printed-names map when the build has none (the check page asks
#: for it when a list has a name the card data does not know; a missing file would be an error
#: in the browser's console). The reader takes it as no map.
NO_PRINTED = ("# status: absent\n# note: this build has no printed-names map (it is made at "
              "deploy from Scryfall's All Cards data); names in other languages are unknown\n")
PLACEHOLDERS = {"runtime/printed-names.tsv": NO_PRINTED}
NO_COMBOS = ("# status: absent\n# note: this build has no two-card combo list (it is made at "
             "deploy from Commander Spellbook's data); combos are not checked\n")


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


def _publish(source: Path, site_dir: Path, site_path: str) -> None:
    try:
        text = gzip.decompress(source.read_bytes())
    except (OSError, EOFError) as error:
        raise PluginError(
            f"{source} cannot be read ({error}); run scripts/import_scryfall.py"
        ) from None
    target = site_dir / site_path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(text)


def on_post_build(config, optional: dict[Path, str] | None = None, combos: Path = COMBOS):
    site_dir = Path(config["site_dir"])
    _publish(SOURCE, site_dir, SITE_PATH)
    for source, site_path in (OPTIONAL if optional is None else optional).items():
        if source.exists():
            _publish(source, site_dir, site_path)
        elif site_path in PLACEHOLDERS:
            (site_dir / site_path).parent.mkdir(parents=True, exist_ok=True)
            (site_dir / site_path).write_text(PLACEHOLDERS[site_path], encoding="utf-8")
    if combos.exists():
        _publish(combos, site_dir, COMBOS_PATH)
    else:
        (site_dir / COMBOS_PATH).write_text(NO_COMBOS, encoding="utf-8")
