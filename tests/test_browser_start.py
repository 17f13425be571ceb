"""What each play page's Python start imports and reads (issue 30, point 3).

Each widget is started as its page's worker starts it (``pyengine.browser.start`` with no saved
game) in a fresh CPython process (``devtools.start_cost``), and ``sys.modules`` and the files
opened are checked afterwards: a page's start imports no rules engine it does not use, reads
no ban list unless it checks decks, and never reads the full card data.
"""

from __future__ import annotations

import pytest

from devtools import start_cost

#: The rules engines each page's start may import: its own, nothing else.
OWN_ENGINES = {
    "shuffler": {"shuffler"},
    "swarm": {"swarm"},
    # The Horde runner offers both Horde rule sets (SlingLab and Limited Edition 2.1).
    "horde": {"horde", "limited_horde"},
    "check": {"legality"},
    # Team Commander deals its players' opening hands with the shuffler's library rules.
    "team": {"team_commander", "shuffler"},
}
#: Modules only some pages use at start.
ONLY_ON = {
    "pyengine.banlists": {"check"},  # the ban lists: the deck check
    "pyengine.qr": {"swarm", "horde"},  # share codes: the runners
}


@pytest.fixture(scope="module", params=sorted(start_cost.PAGES))
def started(request) -> tuple[str, dict]:
    return request.param, start_cost.measure(request.param)


def test_pages_are_the_play_pages():
    """Every play page (docs/play/*.md with ``widget:``) is measured."""
    from pathlib import Path

    docs = Path(start_cost.ROOT) / "docs" / "play"
    widgets = set()
    for page in docs.glob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines()[:10]:
            if line.startswith("widget:"):
                widgets.add(line.split(":", 1)[1].strip())
    assert widgets == set(start_cost.PAGES)


def test_start_imports_only_its_own_engine(started):
    """Issue 30, point 3: a page's start imports no rules engine it does not use (the shuffler
    never imports the Swarm engine)."""
    widget, found = started
    assert not found["error"], found["error"]
    assert start_cost.engines(found["modules"]) <= OWN_ENGINES[widget]
    assert f"pyengine.widgets.{widget}" in found["modules"]
    others = {f"pyengine.widgets.{name}" for name in start_cost.PAGES if name != widget}
    assert not others & set(found["modules"])


def test_start_imports_shared_modules_only_where_used(started):
    """Issue 30, point 3: the ban lists load only on the deck check; share codes only on the
    runners; no command-line module on any page."""
    widget, found = started
    for module, pages in ONLY_ON.items():
        if widget not in pages:
            assert module not in found["modules"], f"{widget} imports {module}"
    assert not [m for m in found["modules"] if m.startswith(("pyengine.commands", "pyengine.cli"))]


def test_start_reads_no_full_card_data(started):
    """Issue 30, point 3: the full card data (card-facts.tsv.gz) is read only when a check
    needs it, never at start; ban lists only on the deck check."""
    widget, found = started
    assert "card-facts.tsv.gz" not in found["data"]
    assert "index.json" in found["data"]
    if widget != "check":
        assert not [name for name in found["data"] if name.startswith("banlists/")]


def test_measure_sees_an_extra_import(tmp_path):
    """The measurement itself: a widget whose start imports the Swarm engine is seen doing
    so (the check above can fail)."""
    import shutil

    root = tmp_path / "repo"
    shutil.copytree(start_cost.ROOT / "pyengine", root / "pyengine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(start_cost.ROOT / "decks", root / "decks")
    shuffler = root / "pyengine" / "widgets" / "shuffler.py"
    text = shuffler.read_text(encoding="utf-8")
    shuffler.write_text(text.replace("import json\n", "import json\n\nfrom .. import swarm  "
                                     "# noqa: F401\n", 1), encoding="utf-8")
    found = start_cost.measure("shuffler", root)
    assert "swarm" in start_cost.engines(found["modules"])
    assert not start_cost.engines(found["modules"]) <= OWN_ENGINES["shuffler"]
