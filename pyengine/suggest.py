"""A suggested setting per variant for a table's decks: a suggestion, never a rule.

From the Survivors' decks (one or several: the team size is the number of decks) this module
takes each deck's Commander bracket estimate (:mod:`pyengine.power`), turns it into a table
model by a stated, adjustable mapping (:data:`POWER_FACTORS`: the variant's default damage and
removal per Survivor, times a factor for the deck's bracket; the team's model is the average of
its decks'), and runs the simulator (:mod:`pyengine.simulate`) on each setting the variant
offers for that team size. It suggests, first, a setting whose whole 90% interval (the range
the model's true chance lies in nine times in ten, :func:`pyengine.simulate.interval`) lies
inside the fair band (:data:`FAIR_BAND`, 40-70 %); then one whose measured chance is inside it;
nearest the band's middle within each; if none is, the closest one, and it says so. It never
ranks settings on fewer than :data:`MIN_RUNS` games each. Every answer carries its one-line
reason, the model and all candidates' figures with their intervals.

Pure standard library, no I/O: the caller passes decks, card data and configs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import variants
from .power import Power
from .simulate import TableModel, default_model, interval, simulate

__all__ = ["FAIR_BAND", "MIN_RUNS", "POWER_FACTORS", "Suggestion", "candidates", "split_decks",
           "suggest", "team_model"]

#: The fair band of the Survivors' chance to win.
FAIR_BAND = (0.40, 0.70)
#: The fewest games a setting is ranked on: with 40 the 90% interval of a 50% rate is about
#: 37-63%, already wider than half the band; fewer would rank settings on luck.
MIN_RUNS = 40
#: Bracket estimate label -> factor on the default damage and removal per Survivor. Our guess
#: (brackets measure how fast and how hard a deck plays; these numbers are not measured).
POWER_FACTORS: dict[str, float] = {"1-2": 0.8, "2": 0.9, "3": 1.15, "4-5": 1.4}
#: A line of three or more ``-`` or ``=`` between decks pasted one after another.
#: Spaces within the line only (``[^\S\n]``): ``\s`` would also take newlines, and every line
#: start would read all the blank lines after it again (299,000 newlines took a minute).
_SEPARATOR = re.compile(r"^[^\S\n]*(?:-{3,}|={3,})[^\S\n]*$", re.MULTILINE)


def split_decks(text: str) -> list[str]:
    """The decklists in a paste, split at separator lines (``---``); empty parts dropped."""
    return [part for part in _SEPARATOR.split(text) if part.strip()]


def team_model(variant: str, powers: list[Power],
               factors: Mapping[str, float] | None = None) -> tuple[TableModel, str]:
    """The table model the decks' estimates imply for ``variant``, and how it was made."""
    factors = dict(POWER_FACTORS if factors is None else factors)
    base = default_model(variant)
    if not variants.simulation(variant).commander_decks or not powers:
        return base, "the variant's default table (the bracket estimate is for Commander decks)"
    used = [factors.get(p.label, 1.0) for p in powers]
    factor = sum(used) / len(used)
    model = replace(base, damage=round(base.damage * factor, 2),
                    removal=round(base.removal * factor, 2))
    labels = ", ".join(f"bracket {p.label} x{factors.get(p.label, 1.0):g}" for p in powers)
    return model, (f"the default table ({base.damage:g} damage, {base.removal:g} removal per "
                   f"Survivor) times the decks' average factor {factor:.2f} ({labels})")


def candidates(variant: str, team: int) -> list[tuple[str, dict[str, Any]]]:
    """(label, options) of the settings tried for a team, easiest first as the rules order
    them (the engine's own list, its descriptor's ``simulation.candidates``): SlingLab Custom
    exile 40/25/10 % with Classic's waves, then Story, Classic, Nightmare; Limited Horde 2.1
    Story to Nightmare; Swarm Hive Mind (its only setting)."""
    return variants.simulation(variant).candidates(team)


@dataclass
class Suggestion:
    variant: str
    team: int
    setting: str
    options: dict[str, Any]
    won: float
    in_band: bool
    why: str
    model: TableModel
    model_source: str
    runs: int
    tried: list[dict[str, Any]] = field(default_factory=list)
    band: tuple[float, float] = FAIR_BAND

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "team": self.team, "setting": self.setting,
                "options": self.options, "won": self.won, "in_band": self.in_band,
                "why": self.why, "model": self.model.to_dict(),
                "model_source": self.model_source, "runs": self.runs,
                "band": list(self.band), "tried": self.tried}


def suggest(variant: str, powers: list[Power],
            config_for: Callable[[dict[str, Any]], dict[str, Any]],
            *, runs: int = 60, seed: str = "suggest", band: tuple[float, float] = FAIR_BAND,
            factors: Mapping[str, float] | None = None, team: int | None = None) -> Suggestion:
    """The suggested setting of ``variant`` for the decks whose estimates are ``powers``.
    ``config_for(options)`` builds the engine config of one setting (the automated deck and
    its facts are the caller's)."""
    if not isinstance(runs, int) or runs < MIN_RUNS:
        raise ValueError(f"a suggestion needs at least {MIN_RUNS} games a setting (asked "
                         f"for {runs}): fewer would rank the settings on luck")
    team = team or max(1, len(powers))
    model, source = team_model(variant, powers, factors)
    low, high = band
    tried: list[dict[str, Any]] = []
    for label, options in candidates(variant, team):
        report = simulate(variant, config_for(options), model=model, runs=runs, seed=seed)
        tried.append({"setting": label, "options": options, "won": report.won,
                      "interval": list(interval(report.won, runs)),
                      "lost": report.lost, "expected_length": report.expected_length})
    middle = (low + high) / 2
    surely = [t for t in tried if low <= t["interval"][0] and t["interval"][1] <= high]
    inside = [t for t in tried if low <= t["won"] <= high]
    pct = f"{low:.0%}-{high:.0%}"
    if surely:
        best = min(surely, key=lambda t: abs(t["won"] - middle))
        where = f"its whole 90% interval inside the fair band {pct}"
    elif inside:
        best = min(inside, key=lambda t: abs(t["won"] - middle))
        where = (f"inside the fair band {pct}, though its 90% interval reaches outside it "
                 "(no setting's interval lies wholly inside)")
    elif all(t["won"] > high for t in tried):
        # the hardest of the easiest-won: the last in the rules' order among the lowest
        best = min(reversed(tried), key=lambda t: t["won"])
        where = f"above the fair band {pct}" + ("" if len(tried) == 1 else
                                                   ": no setting tried came closer")
    elif all(t["won"] < low for t in tried):
        best = max(tried, key=lambda t: t["won"])
        where = f"below the fair band {pct}" + ("" if len(tried) == 1 else
                                                   ": no setting tried came closer")
    else:
        best = min(tried, key=lambda t: abs(t["won"] - middle))
        where = f"the closest to the fair band {pct} (none falls inside it)"
    lo, hi = best["interval"]
    why = (f"{best['setting']}: the Survivors won {best['won']:.0%} of {runs} simulated games "
           f"(90% interval {lo:.0%}-{hi:.0%}), {where}")
    if len(tried) == 1:
        why += "; Swarm Mode has no difficulty setting, so this is the fight as it stands"
    return Suggestion(variant=variant, team=team, setting=best["setting"],
                      options=best["options"], won=best["won"],
                      in_band=low <= best["won"] <= high, why=why, model=model,
                      model_source=source, runs=runs, tried=tried, band=(low, high))
