"""The wording of every engine's log (tests/data/golden_logs/, written by tests/golden_logs.py).

Other tests check event kinds and rule anchors; this one keeps the sentences a player reads
from changing by accident. A deliberate change: rerun ``python -m tests.golden_logs`` and
review the diff.
"""

from __future__ import annotations

import difflib

import pytest

from tests import golden_logs, scenarios


def same_as_golden(name: str, actual: str) -> None:
    """``actual`` is the golden text ``name``; else fail with the diff."""
    expected = golden_logs.path_of(name).read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "now", n=1))
        pytest.fail(f"{name}: the wording changed (python -m tests.golden_logs rewrites it):\n"
                    + diff[:4000])


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_log_wording_matches_the_golden_log(variant):
    same_as_golden(variant, golden_logs.log_of(variant))


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_golden_log_has_events_and_refusals(variant):
    """The walk reaches real play: the log holds several kinds of events."""
    lines = golden_logs.path_of(variant).read_text(encoding="utf-8").splitlines()
    kinds = {line.split(":", 1)[0] for line in lines if line[:1] not in "#>!"}
    assert len(kinds) >= 3, kinds


def test_team_commander_words_match_the_golden_text():
    """tc-2-2, tc-2-3, tc-2-4, tc-3-2, tc-4-1 to tc-4-3: the team draw's lines and the
    tracker's loss reasons and results, which the tests check by rule and name, keep their
    wording here."""
    same_as_golden(golden_logs.TEAM_WORDS, golden_logs.team_words())
