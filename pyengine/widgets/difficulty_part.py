"""The runners' "How hard is this?" box, before Start: the simulator's figures
(:mod:`pyengine.simulate`) for the deck and setting chosen in the set-up (own decks too),
computed in the page's worker with :data:`RUNS` games (fewer than the rules pages' 400; the box
says how many, and how sure its answer is: the win rate's 90% interval), against the table
model's sliders. The runners compose it as a part
(:class:`.parts.HowHard`); each runner's ``engine_config`` makes its set-up's config.

Page elements: fields ``sim-mine`` (checkbox: use the sliders, else the rule set's defaults),
``sim-damage``, ``sim-removal``, ``sim-blocks``; action ``how-hard``; outputs (``data-id``)
``how-hard-summary`` and ``how-hard-turns``.

The sliders are declared once, :data:`SLIDERS` (the table model's field each sets, its words,
its range); their defaults are the variant's default table (:func:`slider_defaults`, from
:func:`pyengine.simulate.default_model`). The build draws them on the play pages from both
(a ``<!-- how-hard: VARIANT id=PREFIX -->`` marker, :mod:`sitebuild.setup_controls`), so no
page types a default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..game import GameError
from ..simulate import TableModel, default_model, interval, simulate
from . import Item, View

ACTION = "how-hard"
#: Games per answer: the 90% interval of a 50% rate is then about 42-58%.
RUNS = 100
SEED = "how-hard"
#: Turns listed under the summary.
LISTED = 10


@dataclass(frozen=True)
class Slider:
    """One slider of the box: the :class:`~pyengine.simulate.TableModel` field it sets (form
    name ``sim-KEY``), its words on the page, and its range (from ``low`` to ``high`` by
    ``step``)."""

    key: str
    label: str
    high: float
    low: float = 0.0
    step: float = 0.5


#: The box's sliders, in page order.
SLIDERS = (
    Slider("damage", "Damage each Survivor deals the automated deck a turn at full strength", 30),
    Slider("removal", "Its creatures each Survivor removes a turn at full strength", 6),
    Slider("blocks", "Its attackers each Survivor blocks a turn at full strength", 10),
)


def slider_defaults(variant: str) -> dict[str, float]:
    """Each slider's value before the player moves it: the variant's default table (what the
    box plays when ``sim-mine`` is off)."""
    base = default_model(variant)
    return {slider.key: float(getattr(base, slider.key)) for slider in SLIDERS}


def model_from(variant: str, form: Mapping[str, Any]) -> TableModel:
    """The sliders' model (when ``sim-mine`` is on), else the rule set's default."""
    base = default_model(variant)
    if not form.get("sim-mine"):
        return base
    values = {}
    for slider in SLIDERS:
        raw = str(form.get(f"sim-{slider.key}", "")).strip()
        try:
            values[slider.key] = float(raw) if raw else getattr(base, slider.key)
        except ValueError:
            raise GameError(f"the {slider.key} slider needs a number") from None
    try:
        return TableModel.from_dict({**base.to_dict(), **values})
    except ValueError as error:
        raise GameError(str(error)) from None


def how_hard(variant: str, config: dict[str, Any], form: Mapping[str, Any]) -> View:
    """The box's figures for one engine config."""
    model = model_from(variant, form)
    try:
        report = simulate(variant, config, model=model, runs=RUNS, seed=SEED)
    except ValueError as error:  # Overlord Mode: a player decides, nothing plays itself
        raise GameError(str(error)) from None
    length = (f"{report.expected_length:.1f} automated turns" if report.expected_length
              is not None else "unknown (no game ended)")
    low, high = interval(report.won, RUNS)
    summary = (f"In {RUNS} simulated games, where {model.describe()}: the Survivors won "
               f"{report.won:.0%} and lost {report.lost:.0%}; {report.unfinished:.0%} were "
               f"still going after {report.max_turns} turns. Expected length: {length}. How "
               f"sure: with {RUNS} games the model's true chance of a win lies between "
               f"{low:.0%} and {high:.0%} nine times in ten (the rules pages use 400 games a "
               "setting). A model of the table, not a promise: held spells, coin flags and "
               "card text do nothing in it.")
    items = [Item(f"Turn {t.turn}: power attacking {t.power_median} (10th-90th percentile "
                  f"{t.power_p10}-{t.power_p90}), {t.cards_left_median} cards left; won "
                  f"{t.won_by:.0%}, lost {t.lost_by:.0%} by then")
             for t in report.turns[:LISTED]]
    return View(text={"how-hard-summary": summary}, lists={"how-hard-turns": items})


def answer(widget: Any, form: dict[str, str],
           config_of: Callable[[Any], tuple[str, dict[str, Any]]]) -> View:
    """Handle ``how-hard`` for a runner widget: its form read, its set-up's config made by
    ``config_of(widget)``, the figures merged into its rendered view (an error as a
    sentence)."""
    widget.apply_form(form, widget.field_limit)
    try:
        variant, config = config_of(widget)
        extra = how_hard(variant, config, form)
    except (GameError, ValueError) as problem:
        view: View = widget.render()
        view.error = widget.sentence(str(problem))
        return view
    rendered: View = widget.render()
    return rendered.merge(extra)
