"""The runners' views stay as they were (issue 45, point 4): seeded walks through the Horde
(SlingLab, Limited 2.1) and Swarm runners over the worker's messages, every answer hashed
(:mod:`tests.runner_views`). hs-2-9: a game is its config, seed and actions, so the page
reloaded from its save and opened from its share link is part of each walk."""

from __future__ import annotations

import json

import pytest

from tests import runner_views

GOLDEN = json.loads(runner_views.GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("walk", runner_views.WALKS, ids=[w[0] for w in runner_views.WALKS])
def test_every_view_of_a_seeded_walk_is_as_recorded(walk):
    """hs-2-9: each answer of the walk (the view, the saves written), the reloaded page and
    the shared link's page are byte-equal to the recorded ones (``python -m
    tests.runner_views DIR`` writes them out to see which differ)."""
    name, module, setup, buttons, steps = walk
    got = [runner_views._digest(a) for a in runner_views.walk(name, module, setup, buttons,
                                                               steps)]
    want = GOLDEN[name]
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    assert first is None and len(got) == len(want), (
        f"{name}: answer {first} of {len(want)} differs" if first is not None
        else f"{name}: {len(got)} answers, {len(want)} recorded")
