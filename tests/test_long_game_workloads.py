"""The long-game benchmark's workloads (``bench/long_game_workloads.py``) still build: the
driver plays a SlingLab game (hs-turn: the Survivors' and the Horde's turns) and a Swarm game
through the engines' current interfaces. A benchmark that no longer runs fails here, not in the
middle of a ``bench/run_all.py`` run (``legal_actions()`` became typed actions and the driver
read them as names)."""

from __future__ import annotations

import sys

from pyengine.game import load_game
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import long_game_workloads  # noqa: E402


def test_the_long_games_build_and_reload():
    """hs-3, sw-13: both long games are built by their drivers and open again from their saves;
    the SlingLab driver ends turns through the engine's legal actions."""
    saves = long_game_workloads.build_saves()
    slinglab = load_game(saves["slinglab"])
    assert len(slinglab.actions) >= long_game_workloads.SLINGLAB_ACTIONS
    assert any(a["type"].startswith("end-") for a in saves["slinglab"]["actions"])
    swarm = load_game(saves["swarm"])
    assert len(swarm.actions) >= long_game_workloads.SWARM_TURNS
