"""How hard is a setting? Many seeded games of an automated deck against a stated table model.

The simulator plays the automated deck's turns with the real engines (:mod:`pyengine.horde`,
:mod:`pyengine.limited_horde`, :mod:`pyengine.swarm`), only through their actions
(``Game.apply``): every wave, cast, surge, rally, attack, mill and win or loss is the engine's
own. What the Survivors do is not a game the engine can play, so it is replaced by a
**table model** (:class:`TableModel`), whose every number is a stated assumption:

* ``damage``: damage that reaches the automated deck from each Survivor in each of their turns
  at full development. The engine mills by its own rule (one card a point in Horde and Swarm,
  one card per 3 in Limited Horde outside Aggro Mode).
* ``removal``: automated creatures each Survivor removes in each of their turns at full
  development (destroyed: the engine's ``move`` to the graveyard, Swarm's ``dies``; removal
  spells and blockers that kill), the greatest power first. Removal with nothing to take (in
  the set-up turns above all) is held, as a player keeps a removal spell in hand, and cast on
  the automated deck's first creatures.
* ``blocks``: attackers each Survivor blocks in each automated turn at full development, the
  greatest power first; a blocked attacker deals no damage to the Survivors.
* ``kills``: the share of blocked attackers the blockers kill (the rest survive the block).
* ``ramp``: Survivor turns of development until the table is at full strength. In its own turn
  ``t`` (and the automated turn after it) a Survivor deals, removes and blocks
  ``min(1, (t + head) / ramp)`` of the full amounts: a deck plays a land and more of its cards
  each turn, so its board grows with the game.
* ``head``: turns of development a Survivor's deck starts ahead of the Limited decks the
  parameters were fitted to (a stronger deck is a table that is further along sooner).
* ``setup_attacks``: whether the table attacks in the set-up turns (Preparation, SlingLab's
  set-up, Swarm's first three turns). Off by default: the table spends them building its board
  (in Limited Horde an attack there would only bring the Surge sooner); it still develops.
* ``life``: the Survivors' starting life (the team's); ``None`` keeps the setting's own.

The numbers of ``damage``, ``removal``, ``blocks`` and ``ramp`` are fitted once, by
``scripts/fit_table_model.py``, to the win rates the Limited Horde 2.1 rulebook gives for its
Preparation turns, and written to :mod:`pyengine.fitted_model`; SlingLab Horde and Swarm use
the same per-Survivor numbers, scaled only by what their rulebooks say (see
:func:`default_models`).

Fractions (0.5 removal a turn) are rounded up or down at random with the game's seed, so that
on average the table does exactly the stated amount. Everything else the table would do is
left out, and each report says so (:data:`NOT_MODELLED`): held instants and sorceries are
resolved with no effect on the Survivors, coin flags and activated abilities are ignored, card
text the table plays out by hand (triggers, Enforcer abilities, The Reckoning) does nothing,
the Survivors never gain life. The numbers measure the automated deck's pressure under this
model, not a real table's odds.

Determinism: every random draw, the engines' and the model's, comes from
:class:`pyengine.rng.Rng` seeded from the run's seed (``<seed>-<run>``), so the same seed gives the
same figures wherever the engine runs (the Rng's own cross-runtime test covers CPython and
Pyodide). Pure standard library, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from . import variants
from .actions import Action
from .game import ActionError, Event, Game, Termination
from .rng import Rng

if TYPE_CHECKING:  # the engines themselves are imported on first use (pyengine/variants.py)
    from .horde_common import HordeGame
    from .swarm import SwarmGame

__all__ = [
    "DEFAULT_MODEL", "default_models", "NOT_MODELLED", "Report", "TableModel", "TurnFigures",
    "build_config", "default_model", "interval", "interval_text", "percentile", "settings_for",
    "simulate",
]

#: What no run models (each report lists these).
NOT_MODELLED = (
    "held instants and sorceries are resolved with no effect on the Survivors",
    "coin flags, activated abilities and card text the table plays by hand do nothing",
    "the Survivors never gain life and never lose it except to unblocked attackers",
    "a blocker that kills its attacker is not itself hurt; removed creatures are destroyed",
    "the Survivors' own creatures, cards and mana are not played out, only their effect",
)

#: Longest game played, in automated turns; a game still going then counts as unfinished.
MAX_TURNS = 30


@dataclass(frozen=True)
class TableModel:
    """The Survivors' table, as numbers (see the module docstring). Per Survivor, per turn."""

    damage: float = 4.0
    removal: float = 0.5
    blocks: float = 1.0
    ramp: float = 3.0
    kills: float = 0.5
    head: float = 0.0
    setup_attacks: bool = False
    life: int | None = None

    def __post_init__(self) -> None:
        for name, high in (("damage", 100), ("removal", 100), ("blocks", 100), ("ramp", 40),
                           ("kills", 1), ("head", 10)):
            value = getattr(self, name)
            low = 1 if name == "ramp" else 0
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    not low <= value <= high:
                raise ValueError(f"{name} is a number from {low} to {high}")
        if not isinstance(self.setup_attacks, bool):
            raise ValueError("setup_attacks is true or false")
        if self.life is not None and (isinstance(self.life, bool) or not isinstance(
                self.life, int) or not 1 <= self.life <= 1000):
            raise ValueError("life is a whole number from 1 to 1000")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableModel:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def describe(self) -> str:
        life = "the setting's own" if self.life is None else str(self.life)
        head = f", starting {self.head:g} turn(s) ahead" if self.head else ""
        setup = "attacks" if self.setup_attacks else "builds its board without attacking"
        return (f"each Survivor deals {self.damage:g} damage to the deck a turn, removes "
                f"{self.removal:g} creature(s) a turn and blocks {self.blocks:g} attacker(s) a "
                f"turn, at full strength after {self.ramp:g} turn(s) of development{head}; in "
                f"set-up turns the table {setup}; starting life {life}")


DEFAULT_MODEL = TableModel()

#: Turns of development a Commander deck starts ahead of the Limited decks of the fit. The
#: Limited Horde rulebook says Constructed decks are far stronger than Limited ones and gives a
#: Limited pool's strength in Preparation turns, 2 fewer for its strongest example (Double
#: Masters); a casual Commander deck is counted at that strongest step. Our reading, not a
#: measurement: no rulebook gives SlingLab or Swarm win rates.
COMMANDER_HEAD = 2.0


def _fitted() -> TableModel:
    """The per-Survivor table fitted to the Limited Horde playtest table."""
    from .fitted_model import PER_SURVIVOR

    return TableModel(damage=PER_SURVIVOR["damage"], removal=PER_SURVIVOR["removal"],
                      blocks=PER_SURVIVOR["blocks"], ramp=PER_SURVIVOR["ramp"])


def default_models() -> dict[str, TableModel]:
    """The default table of every simulated variant (:func:`default_model`), by variant."""
    return {v.id: default_model(v.id) for v in sorted(variants.simulated(), key=lambda v: v.id)}


def default_model(variant: str) -> TableModel:
    """The stated default table for a variant: the fitted Limited table
    (:mod:`pyengine.fitted_model`), a Commander deck :data:`COMMANDER_HEAD` turns ahead of it
    where the Survivors play Commander decks (SlingLab Horde, Swarm: the variant's
    ``simulation.commander_decks``). Each Survivor adds their own damage, removal and blocks
    (SlingLab: four Survivors deal about four times the damage of one); the life is each
    setting's own (20 a Survivor on SlingLab, 40 shared in Swarm, 20 in Limited Horde)."""
    try:
        commander = variants.simulation(variant).commander_decks
    except ValueError:
        return DEFAULT_MODEL
    return replace(_fitted(), head=COMMANDER_HEAD) if commander else _fitted()


def _amount(rng: Rng, value: float) -> int:
    """``value`` as a whole number: the fraction rounds up with its own probability."""
    whole = int(value)
    part = value - whole
    if part > 0 and rng.below(1_000_000) < round(part * 1_000_000):
        whole += 1
    return whole


#: The normal quantile of a two-sided 90% interval.
Z90 = 1.6449


def interval(share: float, games: int, z: float = Z90) -> tuple[float, float]:
    """The 90% interval (Wilson's score interval) of a share measured in ``games`` games: the
    range that holds the true chance of the model's table nine times in ten. Wide for few
    games, never outside 0..1, and not zero-width at 0% or 100%."""
    if games <= 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * (share * (1 - share) / games
                                      + z * z / (4 * games * games)) ** 0.5
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def interval_text(share: float, games: int) -> str:
    """``52% (48-56%)``: a share with its 90% interval, in whole points."""
    low, high = interval(share, games)
    return f"{share:.0%} ({low * 100:.0f}–{high * 100:.0f}%)"


def percentile(values: list[int], share: float) -> int:
    """The nearest-rank percentile of whole numbers (``share`` 0..1; 0 for no values)."""
    if not values:
        return 0
    ordered = sorted(values)
    rank = max(1, -(-int(round(share * 1000)) * len(ordered) // 1000))
    return ordered[min(rank, len(ordered)) - 1]


# -- one game -----------------------------------------------------------------------------------
@dataclass
class _Run:
    """One game's record: per automated turn, the power attacking the Survivors and the cards
    left in the deck after it; how and when it ended."""

    power: list[int] = field(default_factory=list)
    cards_left: list[int] = field(default_factory=list)
    end: Termination | None = None  # won or lost (the engine's outcome), None: unfinished
    ended_at: int = 0  # automated turns played when it ended


def _act(game: Game, action: Action) -> list[Event]:
    """Apply an action the engine accepts in this state (a card the driver just found on the
    battlefield, a turn step of its phase): the path :meth:`Game.replay` takes, the same
    argument checks, handler and end check, without the in-memory copy :meth:`Game.apply`
    keeps to put back a refused action (three quarters of a run's time). A refusal here is a
    bug in the driver and is raised."""
    handler, data, arguments = game._prepare(action)
    events = game._run(handler, arguments)
    game.actions.append(data)
    game.events.extend(events)
    return events


class _Driver:
    """How the table model acts on one engine. Subclasses are thin: every rule is the engine's."""

    def __init__(self, game: Game, model: TableModel, rng: Rng) -> None:
        self.game, self.model, self.rng = game, model, rng
        self.team = int(getattr(game, "survivors", 1))
        #: Survivor turns taken so far.
        self.turn = 0
        #: Removal the table holds: drawn while the automated deck had no creature to take
        #: (in set-up turns above all), cast as soon as it has.
        self.held = 0

    # the engine's answers
    def end(self) -> Termination | None:
        """How the game ended (the engine's :meth:`pyengine.game.Game.outcome`), None while
        it goes on."""
        outcome = self.game.outcome()
        return None if outcome is None else outcome.termination

    def cards_left(self) -> int:
        return len(self.game.zones["library"])

    def creatures(self) -> list[tuple[int, int]]:
        """(power, id) of the automated creatures on the battlefield."""
        raise NotImplementedError

    # the table's turn
    def share(self) -> float:
        """How much of its full strength the table has reached (``ramp``, ``head``)."""
        return min(1.0, (self.turn + self.model.head) / self.model.ramp)

    def set_up(self) -> bool:
        """Whether the automated deck has not had a turn yet (a set-up turn)."""
        raise NotImplementedError

    def survivor_turn(self, turn: int) -> None:
        team = self.team
        self.turn = turn
        share = self.share()
        removals = self.held + sum(_amount(self.rng, self.model.removal * share)
                                   for _ in range(team))
        self.held = 0
        for index in range(removals):
            if self.end():
                return
            ranked = sorted(self.creatures(), key=lambda pc: (-pc[0], pc[1]))
            if not ranked:
                self.held = removals - index  # kept in hand for the first creatures to come
                break
            self.remove(ranked[0][1])
        if self.set_up() and not self.model.setup_attacks:
            return
        damage = sum(_amount(self.rng, self.model.damage * share) for _ in range(team))
        if damage and not self.end():
            self.hit(damage)

    def block(self, attackers: list[tuple[int, int]]) -> int:
        """The table blocks the strongest of ``attackers`` (power, id); a ``kills`` share of
        the blocked ones die (the engine's own removal). Returns the life lost to the rest."""
        blocks = sum(_amount(self.rng, self.model.blocks * self.share())
                     for _ in range(self.team))
        ranked = sorted(attackers, key=lambda pc: (-pc[0], pc[1]))
        on_board = {card for _, card in self.creatures()}
        for _, card in ranked[:blocks]:
            if card in on_board and not self.end() and \
                    self.rng.below(1_000_000) < round(self.model.kills * 1_000_000):
                self.remove(card)
        return sum(max(0, power) for power, _ in ranked[blocks:])

    def remove(self, card: int) -> None:
        raise NotImplementedError

    def hit(self, damage: int) -> None:
        raise NotImplementedError

    def play(self, max_turns: int) -> _Run:
        raise NotImplementedError


class _HordeDriver(_Driver):
    """Both Horde engines: Survivor turns end with ``end-survivor-turn``, after which the
    engine plays the Horde's turn at once; the table then resolves what the engine waits for,
    takes the unblocked damage and ends the Horde's turn."""

    game: HordeGame

    def set_up(self) -> bool:
        return self.game.horde_turn == 0

    def creatures(self) -> list[tuple[int, int]]:
        game = self.game
        return [(game.facts(c).power_value + c.counters, c.id) for c in game.creatures()]

    def remove(self, card: int) -> None:
        _act(self.game, Action.of("move", card=card, to="graveyard"))

    def hit(self, damage: int) -> None:
        # Combat damage: the engine refuses it in set-up when the setting forbids set-up attacks
        # (hs-4-5). ``hit`` checks before it changes anything, so a refusal on the quick path
        # leaves the game as it was (the replay test checks the games).
        try:
            _act(self.game, Action.of("hit", n=damage, combat=True))
        except ActionError:
            return

    def settle(self) -> None:
        """What the engine waits for before its turn can end: held spells (resolved, no effect
        modelled), and graveyard offers (cast or skipped as the engine's coin says)."""
        game = self.game
        for _ in range(200):
            if self.end():
                return
            offers = getattr(game, "offers", None) or {}
            if game.zones["stack"]:
                _act(game, Action.of("done", card=game.zones["stack"][0].id))
            elif offers:
                card, yes = next(iter(offers.items()))
                _act(game, Action.of("cast-offer" if yes else "skip-offer", card=card))
            else:
                return

    def confirm_victory(self) -> None:
        """Limited Horde: the table confirms victory when the engine says it may (lh-7-3)."""

    def play(self, max_turns: int) -> _Run:
        game, run = self.game, _Run()
        turn = 0
        while not self.end() and game.horde_turn < max_turns:
            turn += 1
            self.survivor_turn(turn)
            self.confirm_victory()
            if self.end():
                break
            before = game.horde_turn
            events = _act(game, Action("end-survivor-turn"))
            if game.horde_turn == before:
                continue  # a set-up (Preparation) turn: the next Survivor turn began
            attack = [e for e in events if e.kind == "attack"][-1:]
            power = int(attack[0].data.get("power", 0)) if attack else 0
            ids = set(attack[0].data.get("attackers", [])) if attack else set()
            self.settle()
            attackers = [pc for pc in self.creatures() if pc[1] in ids]
            loss = self.block(attackers) if not self.end() else 0
            if loss:
                _act(game, Action.of("life", change=-loss))
            run.power.append(power)
            if not self.end():
                self.settle()  # a blocker's kill may trigger something the engine holds
            if not self.end():
                _act(game, Action("end-horde-turn"))
            run.cards_left.append(self.cards_left())
            self.confirm_victory()
        run.end = self.end()
        run.ended_at = game.horde_turn
        return run


class _LimitedDriver(_HordeDriver):
    def confirm_victory(self) -> None:
        game = self.game
        if (not self.end() and not game.zones["library"]
                and not game.creatures() and not game.zones["stack"]):
            _act(game, Action("confirm-victory"))


class _SwarmDriver(_Driver):
    """Hive Mind Mode: the Survivors take a round of turns (three before The Swarm's first
    turn, sw-2-4), then The Swarm's turn runs through its actions."""

    game: SwarmGame

    def set_up(self) -> bool:
        return self.game.swarm_turn == 0

    def creatures(self) -> list[tuple[int, int]]:
        game = self.game
        return [(game.power(c) or 0, c.id) for c in game.zones["battlefield"]
                if game.is_creature(c)]

    def remove(self, card: int) -> None:
        _act(self.game, Action.of("dies", card=card))

    def hit(self, damage: int) -> None:
        _act(self.game, Action.of("damage", amount=damage))

    def play(self, max_turns: int) -> _Run:
        game, run = self.game, _Run()
        turn = 0
        while not self.end() and game.swarm_turn < max_turns:
            rounds = 3 if game.swarm_turn == 0 else 1
            for _ in range(rounds):
                turn += 1
                self.survivor_turn(turn)
                if self.end():
                    break
            if self.end():
                break
            _act(game, Action("turn"))
            if game.phase == "pre-swarm":
                _act(game, Action("swarm-step"))
            power = 0
            if not self.end():
                events = _act(game, Action("combat"))
                total = [e for e in events if e.kind == "attack-total"]
                power = int(total[0].data["total"]) if total else 0
                ids = set(game.attackers)
                attackers = [pc for pc in self.creatures() if pc[1] in ids]
                loss = self.block(attackers)
                if loss:
                    _act(game, Action.of("life", amount=-loss))
            run.power.append(power)
            if not self.end():
                _act(game, Action("end"))
            run.cards_left.append(self.cards_left())
        run.end = self.end()
        run.ended_at = game.swarm_turn
        return run


def play_one(variant: str, config: dict[str, Any], seed: str, model: TableModel = DEFAULT_MODEL,
             max_turns: int = MAX_TURNS) -> _Run:
    """One seeded game (the engine's Rng and the model's both from ``seed``)."""
    return play_game(variant, config, seed, model, max_turns)[1]


def play_game(variant: str, config: dict[str, Any], seed: str,
              model: TableModel = DEFAULT_MODEL, max_turns: int = MAX_TURNS) -> tuple[Game, _Run]:
    """:func:`play_one`, with the engine's game as played (its actions replay it)."""
    how = variants.simulation(variant)  # the engine's descriptor (pyengine/variants.py)
    refusal = how.refusal(config)
    if refusal:
        raise ValueError(refusal)
    game = how.start(config, seed, model.life)
    driver_cls: type[_Driver] = variants.resolve(how.driver)
    driver = driver_cls(game, model, Rng(f"{seed}-table"))
    return game, driver.play(max_turns)


# -- many games -------------------------------------------------------------------------------
@dataclass
class TurnFigures:
    """One automated turn across the runs."""

    turn: int
    #: Runs that played this turn.
    games: int
    power_p10: int
    power_median: int
    power_p90: int
    cards_left_median: int
    #: Share of all runs the Survivors had won / lost by the end of this turn.
    won_by: float
    lost_by: float


@dataclass
class Report:
    variant: str
    config_summary: dict[str, Any]
    model: TableModel
    runs: int
    seed: str
    max_turns: int
    turns: list[TurnFigures]
    won: float
    lost: float
    unfinished: float
    #: Mean automated turns played in the runs that ended (None if none did).
    expected_length: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "setting": self.config_summary,
            "model": self.model.to_dict(), "model_text": self.model.describe(),
            "runs": self.runs, "seed": self.seed, "max_turns": self.max_turns,
            "won": self.won, "lost": self.lost, "unfinished": self.unfinished,
            "won_interval": list(interval(self.won, self.runs)),
            "expected_length": self.expected_length,
            "turns": [asdict(t) for t in self.turns],
            "not_modelled": list(NOT_MODELLED),
        }

    def to_text(self) -> str:
        lines = [f"{self.variant} {_summary_text(self.config_summary)}: {self.runs} runs, "
                 f"seed {self.seed}",
                 f"model: {self.model.describe()}",
                 f"Survivors win {interval_text(self.won, self.runs)} (90% interval), lose "
                 f"{self.lost:.0%}, unfinished after "
                 f"{self.max_turns} turns {self.unfinished:.0%}; expected length "
                 + (f"{self.expected_length:.1f} automated turns" if self.expected_length
                    is not None else "unknown (no run ended)"),
                 "turn  games  power p10/median/p90  cards left  won by  lost by"]
        for t in self.turns:
            lines.append(f"{t.turn:>4}  {t.games:>5}  {t.power_p10:>5} {t.power_median:>5} "
                         f"{t.power_p90:>5}       {t.cards_left_median:>5}    {t.won_by:>4.0%}"
                         f"    {t.lost_by:>4.0%}")
        lines.append("not modelled: " + "; ".join(NOT_MODELLED))
        return "\n".join(lines) + "\n"


def _summary_text(summary: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in summary.items())


def summarize_config(variant: str, config: dict[str, Any]) -> dict[str, Any]:
    """The setting a config stands for, without its deck and facts (for reports)."""
    try:
        keep = variants.simulation(variant).summary
    except ValueError:
        keep = ()
    return {key: config[key] for key in keep if key in config}


def simulate(variant: str, config: dict[str, Any], *, model: TableModel | None = None,
             runs: int = 200, seed: str = "pick-the-right-fight",
             max_turns: int = MAX_TURNS) -> Report:
    """``runs`` games of ``variant`` with ``config`` (the engine's own config, as the pages and
    the command line build it), seeds ``<seed>-1`` ... ``<seed>-<runs>``."""
    if not isinstance(runs, int) or not 1 <= runs <= 100_000:
        raise ValueError("runs is a whole number from 1 to 100000")
    if not isinstance(max_turns, int) or not 1 <= max_turns <= 200:
        raise ValueError("max_turns is a whole number from 1 to 200")
    seed = Rng(seed).seed
    model = model or default_model(variant)
    played = [play_one(variant, config, f"{seed}-{i}", model, max_turns)
              for i in range(1, runs + 1)]
    return summarize(variant, config, model, seed, max_turns, played)


def summarize(variant: str, config: dict[str, Any], model: TableModel, seed: str,
              max_turns: int, played: list[_Run]) -> Report:
    runs = len(played)
    longest = max((len(r.power) for r in played), default=0)
    turns = []
    for index in range(longest):
        number = index + 1
        powers = [r.power[index] for r in played if len(r.power) > index]
        left = [r.cards_left[index] for r in played if len(r.cards_left) > index]
        turns.append(TurnFigures(
            turn=number, games=len(powers),
            power_p10=percentile(powers, 0.1), power_median=percentile(powers, 0.5),
            power_p90=percentile(powers, 0.9), cards_left_median=percentile(left, 0.5),
            won_by=_share(r.end is Termination.WON and r.ended_at <= number for r in played),
            lost_by=_share(r.end is Termination.LOST and r.ended_at <= number for r in played)))
    ended = [r.ended_at for r in played if r.end is not None]
    return Report(
        variant=variant, config_summary=summarize_config(variant, config), model=model,
        runs=runs, seed=seed, max_turns=max_turns, turns=turns,
        won=_share(r.end is Termination.WON for r in played),
        lost=_share(r.end is Termination.LOST for r in played),
        unfinished=_share(r.end is None for r in played),
        expected_length=round(sum(ended) / len(ended), 2) if ended else None)


def _share(flags: Iterable[bool]) -> float:
    values = list(flags)
    return round(sum(values) / len(values), 4) if values else 0.0


# -- the settings each engine offers --------------------------------------------------------------
def settings_for(variant: str) -> list[dict[str, Any]]:
    """Every preset setting of a variant, easiest first, as config options (no deck): SlingLab
    Story/Classic/Nightmare for 1-4 Survivors; Limited Horde 2.1's five difficulties; Swarm
    Hive Mind for 1-5 Survivors. Custom settings are any options the engine takes. Each list
    is the engine's own (its descriptor's ``simulation.settings``, read from its declared set-up),
    imported only when asked."""
    return variants.simulation(variant).settings()


def counted(option: Any) -> range:
    """Every value of a declared count (:class:`pyengine.setup.Count`), lowest first."""
    return range(option.low, option.high + 1)


def limited_levels() -> list[str]:
    """Limited Horde 2.1's difficulties, easiest (most Preparation turns, lh-2-4) first."""
    from .limited_horde.rules import LEVELS

    return sorted(LEVELS, key=LEVELS.__getitem__, reverse=True)


def with_options(config: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``config`` with ``options`` set (a small helper for callers)."""
    return {**config, **options}


def scaled(model: TableModel, **changes: Any) -> TableModel:
    """``model`` with some numbers changed."""
    return replace(model, **changes)


def sweep(variant: str, base: dict[str, Any], options: list[dict[str, Any]], *,
          model: TableModel | None = None, runs: int = 200, seed: str = "pick-the-right-fight",
          max_turns: int = MAX_TURNS,
          progress: Callable[[int, int], None] | None = None) -> list[Report]:
    """:func:`simulate` for each of ``options`` on top of ``base``."""
    reports = []
    for index, option in enumerate(options):
        reports.append(simulate(variant, with_options(base, option), model=model, runs=runs,
                                seed=seed, max_turns=max_turns))
        if progress:
            progress(index + 1, len(options))
    return reports


# -- configs from decklists (pure: the caller reads the files) -----------------------------------
def build_config(variant: str, deck: Any, db: Any, options: dict[str, Any] | None = None,
                 extra: Any = None) -> dict[str, Any]:
    """An engine config from a :class:`pyengine.decklist.Decklist` and a
    :class:`pyengine.cards.CardDB`, as the pages and the command line build them (the engines'
    own builders): ``extra`` is the Limited Horde Dreadnought deck or the Swarm Enforcer list.
    ``options`` are the setting (``difficulty``, ``survivors``, ``custom``, ...)."""
    return variants.simulation(variant).config(deck, db, dict(options or {}), extra)
