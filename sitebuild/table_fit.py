"""The table model's fit: its per-Survivor numbers chosen, once, so that the simulator's Limited
Horde win rates match the rulebook's playtest table (lh-2-4: Preparation Turns 6 / 5 / 4 / 3 / 2
give Story over 90%, Easy 70%, Normal 50%, Hard 30%, Nightmare under 10%).

What is fitted: a **strength** (one factor on the base damage, removal and blocks per Survivor,
:data:`BASE`, whose proportions are our assumption) and the **ramp** (Survivor turns until a
deck is at full strength). The share of blocks that kill (``kills``) is fixed at the model's
default and stated; ``head`` is 0 (the fit's decks are the playtest's Limited decks). Each
candidate plays every difficulty against each of the three shipped Horde decks with the same
seeds (common random numbers, so two candidates differ by their numbers, not by their luck): a
coarse grid, then a finer one around the best point with more games. The error is the root mean
square, in points, between the deck-averaged win rate and the rulebook's figure (5 for "under
10%", 95 for "over 90%"). NumPy (already a build dependency of matplotlib) does the grid
arithmetic.

``scripts/fit_table_model.py`` runs :func:`fit` and writes :mod:`pyengine.fitted_model`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The rulebook's win rates (lh-2-4), as fractions; "under 10%" and "over 90%" as 5 and 95.
TARGETS = {"story": 0.95, "easy": 0.70, "normal": 0.50, "hard": 0.30, "nightmare": 0.05}
#: What the rulebook's table says of each, for the page.
TARGET_TEXT = {"story": "over 90%", "easy": "70%", "normal": "50%", "hard": "30%",
               "nightmare": "under 10%"}
#: The proportions of the table's damage, removal and blocks per Survivor at strength 1 (our
#: assumption: a Limited board attacks for about 6, kills one creature a turn by removal and
#: blocks two attackers). The fit scales all three together.
BASE = {"damage": 6.0, "removal": 1.0, "blocks": 2.0}
COARSE = {"strength": (2.0, 2.4, 2.8, 3.2), "ramp": (22.0, 26.0, 30.0, 34.0)}
COARSE_GAMES = 40
FINE_GAMES = 120
SEED = "table-fit"


def _configs(root: Path) -> dict[tuple[str, str], dict[str, Any]]:
    from pyengine import files
    from pyengine.simulate import build_config, limited_levels

    from .difficulty import calibrated, declared

    db = files.load_card_db(root / "decks")
    out = {}
    for deck_id, extra_id in declared(calibrated()).decks:
        deck = files.load_deck(deck_id, root / "decks")
        extra = files.load_deck(extra_id, root / "decks") if extra_id else None
        for level in limited_levels():
            out[(deck_id, level)] = build_config(calibrated(), deck, db,
                                                 {"difficulty": level}, extra)
    return out


def model_for(strength: float, ramp: float) -> Any:
    from pyengine.simulate import TableModel

    return TableModel(damage=round(BASE["damage"] * strength, 3),
                      removal=round(BASE["removal"] * strength, 3),
                      blocks=round(BASE["blocks"] * strength, 3), ramp=ramp)


def rates(configs: dict[tuple[str, str], dict[str, Any]], strength: float, ramp: float,
          games: int) -> dict[str, Any]:
    """Win rate per difficulty (averaged over the decks) and per deck, and the mean length."""
    from pyengine.simulate import simulate

    from .difficulty import calibrated

    model = model_for(strength, ramp)
    per: dict[str, dict[str, float]] = {}
    lengths = []
    for (deck, level), config in configs.items():
        report = simulate(calibrated(), config, model=model, runs=games, seed=SEED)
        per.setdefault(level, {})[deck] = report.won
        if report.expected_length is not None:
            lengths.append(report.expected_length)
    mean = {level: sum(v.values()) / len(v) for level, v in per.items()}
    return {"won": mean, "per_deck": per,
            "length": sum(lengths) / len(lengths) if lengths else None}


def error_points(won: dict[str, float]) -> float:
    """Root mean square distance, in points, from the rulebook's figures."""
    import numpy as np

    diff = np.array([won[k] - t for k, t in TARGETS.items()]) * 100
    return float(np.sqrt(np.mean(diff ** 2)))


def fit(root: Path, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The fitted numbers, the fit's error and every grid point tried."""
    import numpy as np

    configs = _configs(root)
    tried: list[dict[str, Any]] = []

    def grid(strengths: Any, ramps: Any, games: int) -> None:
        for strength, ramp in itertools.product(strengths, ramps):
            got = rates(configs, float(strength), float(ramp), games)
            tried.append({"strength": round(float(strength), 3), "ramp": round(float(ramp), 2),
                          "games": games, "error": round(error_points(got["won"]), 2),
                          "won": {k: round(v, 3) for k, v in got["won"].items()}})
            if progress:
                progress(f"strength {strength:.2f} ramp {ramp:.1f} ({games} games a setting):"
                         f" error {tried[-1]['error']:.1f} points")

    grid(COARSE["strength"], COARSE["ramp"], COARSE_GAMES)
    best = min(tried, key=lambda t: t["error"])
    step_s, step_r = 0.2, 2.0
    grid(np.linspace(best["strength"] - step_s, best["strength"] + step_s, 3),
         [r for r in np.linspace(best["ramp"] - step_r, best["ramp"] + step_r, 3) if r >= 1],
         FINE_GAMES)
    fine = [t for t in tried if t["games"] == FINE_GAMES]
    best = min(fine, key=lambda t: t["error"])
    final = rates(configs, best["strength"], best["ramp"], FINE_GAMES)
    model = model_for(best["strength"], best["ramp"])
    return {
        "per_survivor": {"damage": model.damage, "removal": model.removal,
                         "blocks": model.blocks, "ramp": model.ramp},
        "strength": best["strength"], "base": BASE, "kills": model.kills,
        "targets": TARGETS, "games": FINE_GAMES, "seed": SEED,
        "won": {k: round(v, 3) for k, v in final["won"].items()},
        "per_deck": {lvl: {d: round(v, 3) for d, v in decks.items()}
                     for lvl, decks in final["per_deck"].items()},
        "length": round(final["length"], 2) if final["length"] is not None else None,
        "error_points": round(error_points(final["won"]), 2),
        "grid_points": len(tried),
    }


def module_text(result: dict[str, Any]) -> str:
    """The text of ``pyengine/fitted_model.py`` for a fit's result."""
    import pprint

    fit_text = pprint.pformat({k: v for k, v in result.items() if k != "per_survivor"},
                              width=96, sort_dicts=True)
    return (
        '"""The table model\'s per-Survivor numbers, fitted to the Limited Horde 2.1 playtest '
        'table.\n\nWritten by ``scripts/fit_table_model.py`` (do not edit by hand: run the '
        "script). See\n:mod:`pyengine.simulate` for what each number means and\n"
        ":mod:`sitebuild.table_fit` for how they were chosen.\n\"\"\"\n\n"
        "from typing import Any\n\n"
        f"PER_SURVIVOR = {result['per_survivor']!r}\n"
        f"FIT: dict[str, Any] = {fit_text}\n")
