"""Shared test options, and the real site built once per test session (``built_site``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from devtools.site import BuildError, build_site

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

# No time limit per example: speed goals live in bench/, and a busy machine (CI's two cores)
# must not turn a slow example into a failure.
settings.register_profile("project", deadline=None)
settings.load_profile("project")


def pytest_addoption(parser):
    parser.addoption(
        "--long-fuzz",
        action="store_true",
        default=False,
        help="run the long fuzzing campaigns (100,000+ examples each)",
    )


def pytest_configure(config):
    from tests import helpers

    helpers.LONG_FUZZ = bool(config.getoption("--long-fuzz", default=False))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, built once per test session with ``mkdocs build --strict`` (``SITE_URL``
    empty). Every test that reads the real build uses this one: unit tests (anchors,
    glossary, hooks) and browser tests alike."""
    out = tmp_path_factory.mktemp("site")
    try:
        return build_site(out, strict=True)
    except BuildError as error:
        pytest.fail(str(error))


@pytest.fixture
def card_data_read_once(monkeypatch):
    """Every card (``files.load_full_card_db()``), read from disk once for the test instead
    of once per command run; the commands still look cards up and check as always. For tests
    about the commands' answers; reading the card data has its own tests (test_files.py,
    test_import_scryfall.py)."""
    from pyengine import files

    read = files.load_full_card_db
    cards = read()
    monkeypatch.setattr(files, "load_full_card_db",
                        lambda root=None: cards if root is None else read(root))
