"""Shared test options."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def pytest_addoption(parser):
    parser.addoption(
        "--long-fuzz",
        action="store_true",
        default=False,
        help="run the long fuzzing campaigns (100,000+ examples each)",
    )
