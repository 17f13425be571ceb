"""The wording of every engine's log (tests/data/golden_logs/, written by tests/golden_logs.py).

Other tests check event kinds and rule anchors; this one keeps the sentences a player reads
from changing by accident. A deliberate change: rerun ``python -m tests.golden_logs`` and
review the diff.
"""

from __future__ import annotations

import difflib

import pytest

from tests import golden_logs, scenarios


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_log_wording_matches_the_golden_log(variant):
    expected = golden_logs.path_of(variant).read_text(encoding="utf-8")
    actual = golden_logs.log_of(variant)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "now", n=1))
        pytest.fail(f"{variant}: the log changed (python -m tests.golden_logs rewrites it):\n"
                    + diff[:4000])


@pytest.mark.parametrize("variant", scenarios.VARIANTS)
def test_golden_log_has_events_and_refusals(variant):
    """The walk reaches real play: the log holds several kinds of events."""
    lines = golden_logs.path_of(variant).read_text(encoding="utf-8").splitlines()
    kinds = {line.split(":", 1)[0] for line in lines if line[:1] not in "#>!"}
    assert len(kinds) >= 3, kinds
