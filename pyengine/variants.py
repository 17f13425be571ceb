"""The one registry of variants: every layer that needs to know what variants there are, or
something about one of them, asks here, never by a variant's name.

Each engine class carries its :class:`Variant` descriptor (``descriptor``: label, rule prefix,
rulebook page, its whole set-up, sample decks, how the simulator plays it or ``None`` for "not
simulated", board groups, the card reference's deck kinds, its action table). This module
knows only where each engine lives (:data:`_WHERE`), so asking about one variant imports that
engine alone: a play page that never simulates Swarm never loads it.

Layers that ask: the simulator (its drivers, default table, settings), the suggestion, the
card reference (its deck kinds), the deck-power panel (the automated decks), the deck check's
formats (``deck_formats``), the build's rules and card-reference hooks and set-up controls
(``<!-- setup: variant:swarm -->``), the rules pages' difficulty figures (``simulation.figures``:
what ``sitebuild/difficulty.py`` plays, charts and checks), the play pages' set-up, the command
line and the tests' starts. ``tests/test_variants.py`` counts the places outside the engines
and this module that branch on a variant's name (none) and adds a throwaway option to each
variant's set-up to check that it reaches every layer.

Standard library only; runs in the browser as in CPython.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - types only
    from .game import Game
    from .setup import Setup

__all__ = ["Chart", "DeckKind", "Figures", "Simulation", "Variant", "all_variants", "deck_kind",
           "descriptor", "ids", "simulated", "variant_of_prefix"]

#: Registered variant -> ``module:Class`` of its engine (imported on first use). The engine
#: class registers itself with :func:`pyengine.game.register` on import; the test of this module
#: holds the two lists together.
_WHERE: dict[str, str] = {
    "swarm": "pyengine.swarm:SwarmGame",
    "limited-horde": "pyengine.limited_horde:LimitedHorde",
    "horde": "pyengine.horde:HordeSlingLab",
    "team-commander-hand": "pyengine.team_commander:OpeningHand",
    "team-commander": "pyengine.team_commander:TeamTracker",
}


@dataclass(frozen=True)
class DeckKind:
    """A kind of shipped deck a variant plays (``format`` in ``decks/index.json``): the card
    reference's pages are made per kind (``reference``: ``module:function`` taking the deck's
    sections and card facts, answering :class:`pyengine.card_reference.CardEntry` items)."""

    format: str
    title: str
    reference: str


@dataclass(frozen=True)
class Chart:
    """One chart of a rules page's "Choosing a difficulty" section: a line for each report whose
    options (and ``deck``) hold ``match``, labelled by ``line`` (the report's options)."""

    name: str
    title: str
    match: Mapping[str, Any]
    line: Callable[[Mapping[str, Any]], str]
    #: The charts' turn axis ("Horde turn").
    turn: str


@dataclass(frozen=True)
class Figures:
    """What a rules page's "Choosing a difficulty" section simulates and shows
    (``sitebuild/difficulty.py``, marker ``<!-- difficulty: VARIANT -->``).

    ``decks``: each automated deck played, with its companion list (or None); ``settings``: every
    setting played with each deck, in the order the section lists them; ``label``: a setting in
    words (a section with several decks names the deck before it, the others the team size);
    ``charts``: what each chart draws; ``life``: the starting life in words; ``ordered``: rows of
    settings, each harder than the one before it, checked with each deck (a harder preset never
    easier); ``calibrated``: the table model was fitted to this rulebook's playtest win rates
    (``sitebuild/table_fit.py``); ``length``: the plausible game length in turns (None: at least
    a few automated turns) with ``setup_turns`` of a setting counted in (Preparation turns)."""

    decks: tuple[tuple[str, str | None], ...]
    settings: Callable[[], list[dict[str, Any]]]
    label: Callable[[Mapping[str, Any]], str]
    charts: Callable[[], list[Chart]]
    life: str
    ordered: Callable[[], list[list[dict[str, Any]]]] = field(default=lambda: [])
    calibrated: bool = False
    length: tuple[float, float] | None = None
    setup_turns: Callable[[Mapping[str, Any]], int] | None = None


@dataclass(frozen=True)
class Simulation:
    """How the simulator plays a variant (:mod:`pyengine.simulate`): the engine's own functions
    for the parts that differ, so the simulator keys nothing by a variant's name.

    ``driver`` is the table's side (``module:Class``); ``commander_decks``: the Survivors play
    Commander decks (the table model starts :data:`~pyengine.simulate.COMMANDER_HEAD` turns
    ahead, and the suggestion scales it by the decks' bracket estimates); ``defaults``: the
    setting when none is given; ``summary``: the config keys a report names; ``settings``: every
    preset setting, easiest first; ``candidates(team)``: (label, options) tried by the
    suggestion; ``config(deck, db, options, extra)``: an engine config from decklists;
    ``start(config, seed, life)``: a game with the model's starting life (None: the setting's);
    ``refusal(config)``: why a config does not play itself (None: it does); ``companion``: the
    key of ``decks/index.json`` naming the deck's companion list (Dreadnought deck, Enforcers);
    ``sample``: the automated deck played when none is named; ``title``: the suggestion's words."""

    driver: str
    commander_decks: bool
    defaults: Mapping[str, Any]
    summary: tuple[str, ...]
    settings: Callable[[], list[dict[str, Any]]]
    candidates: Callable[[int], list[tuple[str, dict[str, Any]]]]
    config: Callable[[Any, Any, dict[str, Any], Any], dict[str, Any]]
    start: Callable[[dict[str, Any], str, int | None], Game]
    sample: str
    title: str
    companion: str | None = None
    sample_companion: str | None = None
    refusal: Callable[[dict[str, Any]], str | None] = field(default=lambda config: None)
    #: The rules page's "Choosing a difficulty" figures (None: the page has none).
    figures: Figures | None = None
    #: Offered by the deck-power panel's suggestion (``pyengine/widgets/power_part.py``) at
    #: this place (0 first, the setting the check page keeps); None: not offered there.
    suggested: int | None = None


@dataclass(frozen=True)
class Variant:
    """What a variant is, declared once on its engine class (``descriptor``)."""

    id: str
    label: str
    #: Rule-number prefix (``SW``) and the rulebook's folder on the site (``swarm``).
    prefix: str
    rulebook: str
    #: The rulebook's name readers see.
    rulebook_title: str
    #: The whole set-up, as one typed declaration (:mod:`pyengine.setup`).
    setup: Setup
    #: Shipped decks a game of this variant starts from (deck ids).
    sample_decks: tuple[str, ...] = ()
    #: How the simulator plays it; None: not simulated (a player decides every turn).
    simulation: Simulation | None = None
    #: The deck check's formats (keys of :data:`pyengine.legality.FORMATS`) its decks use.
    deck_formats: tuple[str, ...] = ()
    #: The card reference's kinds of deck.
    deck_kinds: tuple[DeckKind, ...] = ()
    #: The runner's board groups (zone -> heading), where a runner shows one.
    board_groups: tuple[tuple[str, str], ...] = ()
    #: The page's action table: action name -> what it does (runner45's ``Action`` values).
    actions: Mapping[str, Any] = field(default_factory=dict)
    #: The actions that move a game on, in the order a turn uses them, and those that end a
    #: game (the tests' random walks try these only now and then).
    turn_actions: tuple[str, ...] = ()
    ending_actions: tuple[str, ...] = ()
    #: A variant with the same rulebook and no page of its own (Team Commander's opening hand).
    part_of: str | None = None


def ids() -> tuple[str, ...]:
    """Every registered variant's id (no engine imported)."""
    return tuple(_WHERE)


def engine(variant: str) -> type[Game]:
    """The engine class of ``variant`` (imported on first use)."""
    from .game import GameError  # noqa: PLC0415 - keeps this module light

    try:
        module, name = _WHERE[variant].split(":")
    except KeyError:
        raise GameError(f"unknown game variant '{variant}' (known: {', '.join(sorted(_WHERE))})"
                        ) from None
    found: type[Game] = getattr(importlib.import_module(module), name)
    return found


def descriptor(variant: str) -> Variant:
    """The descriptor of ``variant``; a :class:`pyengine.game.GameError` if there is none."""
    found: Variant = engine(variant).descriptor
    return found


def all_variants() -> list[Variant]:
    """Every variant's descriptor, in registry order (imports every engine)."""
    return [descriptor(v) for v in _WHERE]


def simulated() -> list[Variant]:
    """The variants the simulator plays, in registry order."""
    return [v for v in all_variants() if v.simulation is not None]


def simulation(variant: str) -> Simulation:
    """How the simulator plays ``variant``; a ValueError naming those it plays if it does not."""
    if variant in _WHERE:
        found = descriptor(variant).simulation
        if found is not None:
            return found
    names = ", ".join(v.id for v in simulated())
    raise ValueError(f"no simulation for '{variant}' (one of: {names})")


def suggested() -> list[Variant]:
    """The simulated variants in the suggestion's order: those the deck-power panel offers
    first, in its order, then the others."""
    def place(variant: Variant) -> int:
        rank = variant.simulation.suggested if variant.simulation else None
        return len(_WHERE) if rank is None else rank
    return sorted(simulated(), key=place)


def rulebooks() -> list[Variant]:
    """One descriptor per rulebook (a variant that is part of another's rulebook left out)."""
    return [v for v in all_variants() if v.part_of is None]


def variant_of_prefix(prefix: str) -> Variant:
    """The rulebook whose rules carry ``prefix`` (``SW``)."""
    for variant in rulebooks():
        if variant.prefix == prefix:
            return variant
    raise KeyError(prefix)


def deck_kind(fmt: str) -> tuple[Variant, DeckKind]:
    """The variant and the card reference's kind of the shipped deck format ``fmt``; a
    ValueError if no variant plays it."""
    for variant in all_variants():
        for kind in variant.deck_kinds:
            if kind.format == fmt:
                return variant, kind
    raise ValueError(f"no card reference for the format {fmt!r}")


def resolve(reference: str) -> Any:
    """The object a ``module:name`` reference names (imported on first use)."""
    module, name = reference.split(":")
    return getattr(importlib.import_module(module), name)
