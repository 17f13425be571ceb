"""Game state shared by every automated format: cards, zones, events and the action log.

A game is fully described by its variant, its config, its seed and the list of actions the
table took. The state is rebuilt by replaying those actions, so

* a save is that description as JSON (plus a snapshot used to check the replay),
* undo is the same game replayed without its last action,
* a share link carries seed and actions, and another phone reaches the same state.

Formats subclass :class:`Game`, set ``variant``, implement :meth:`Game.setup` and one
``do_<action type>`` method per action, and register themselves with :func:`register`.
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import enum
import inspect
import json
import random
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

from . import safejson
from .actions import Action, Bound
from .rng import Rng

if TYPE_CHECKING:  # pragma: no cover - types only
    from .variants import Variant

#: Version of the save format. Bump it when a save written by an older version would no longer
#: replay to the same state, and add the upgrade step to :data:`MIGRATIONS`.
#: 2: three rules were corrected (sw-13-13, sw-13-8, lh-6-1); see :func:`_upgrade_from_1`.
#: 3: a two-faced card is a creature, a spell or a permanent by its front face in every engine
#: (the Horde engines had read the words before the type line's first dash, Swarm "Creature"
#: anywhere in it); see :func:`_upgrade_from_2`.
#: 4: Swarm never skips its combat (sw-3-5), Survivors take turns of their own and "per turn"
#: restarts with each (sw-14-14), the graveyard blocker may be a token card (sw-13-13, sw-9-4),
#: change of control in every engine; Limited Horde checks the Dreadnought deck after every
#: change to the Spawn count (lh-11-4); see :func:`_upgrade_from_3`.
#: 5: issue 39's card vocabulary; see :func:`_upgrade_from_4`.
#: 6: conditional attack and block restrictions checked on the automated side's board, Swarm
#: keywords granted by lords (vigilance, deathtouch); see :func:`_upgrade_from_5`.
#: 7: issue 41's triggers at their step (token triggers carried out by the SlingLab Horde and
#: Swarm, X counted as the card's text says); see :func:`_upgrade_from_6`.
SCHEMA_VERSION = 7


class GameError(ValueError):
    """Base class of the engine's game errors."""


class ActionError(GameError):
    """An action the rules or the current state do not allow. Nothing is logged or changed."""


class SaveError(GameError):
    """A save that cannot be read: not JSON, wrong schema version, unknown variant, or a replay
    that does not reach the state the save recorded."""


@dataclass
class Card:
    """One card instance in a game."""

    #: Unique within the game; stays with the card through every zone change.
    id: int
    #: Card name as in the card facts.
    name: str
    #: True for token cards (in the deck or made during play).
    token: bool = False
    #: True for tokens made during play; they cease to exist when they leave the battlefield.
    made: bool = False
    #: Face up in a hidden zone (the Reckoning in the Swarm deck, the Dreadnought's top card).
    face_up: bool = False
    tapped: bool = False
    #: +1/+1 counters.
    counters: int = 0

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        return cls(**data)


#: The names of :class:`Card`'s fields, in order (what a save writes for each card).
_CARD_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Card))


@dataclass
class Event:
    """Something that happened, in a form a person can follow and a program can check."""

    #: Short machine name: "reveal", "cast", "enter", "mill", "surge", ...
    kind: str
    #: One readable sentence for the log.
    text: str
    #: Names of the cards involved, in order (the page links them to Scryfall).
    cards: list[str] = field(default_factory=list)
    #: Extra data for programs (numbers, zones).
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def rule_number(anchor: str) -> str:
    """A rule's number as the rulebooks write it, from its anchor on the site: the anchor
    ``sw-5-3`` is rule "SW" "5.3", ``lh-13`` is "LH" "13" (used by the pages, the build and the
    command line alike)."""
    prefix, _, rest = anchor.partition("-")
    return f"{prefix.upper()} {rest.replace('-', '.')}"


class Termination(enum.Enum):
    """How a game ended, typed (issue 45, point 3): what every consumer reads of an
    :class:`Outcome` (never the engines' own ``winner``/``result`` fields)."""

    #: The table (the Survivors) beat the automated deck.
    WON = "won"
    #: The automated deck (the Horde, the Swarm) beat the table.
    LOST = "lost"
    #: Team Commander: one team won; :attr:`Outcome.winner` is its label.
    TEAM_WON = "team-won"
    #: Nobody won: both teams lost at once.
    DRAWN = "drawn"


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as :meth:`Game.outcome` answers (python-chess's ``Outcome`` is the
    model): ``winner`` is the side that won in the engine's own words (``"survivors"``,
    ``"horde"``, ``"swarm"``, a team's label), None when nobody did (both teams lost);
    ``reason`` says why in plain words; ``rule`` is the anchor of the rule that decided it;
    ``termination`` is the kind of end, typed (:class:`Termination`)."""

    winner: str | None
    reason: str
    rule: str
    termination: Termination

    @property
    def table_won(self) -> bool:
        """True when the table beat the automated deck (:attr:`Termination.WON`)."""
        return self.termination is Termination.WON



_PLAIN_TYPES = (str, int, bool, type(None))


def _plain_copy(value: Any, depth: int = 0) -> Any:
    """A copy of an action made only of dicts with text keys, lists, text, whole numbers,
    booleans and None (what every action is), equal to its JSON round trip; None for
    anything else (floats, tuples, subclasses, a nesting deeper than 32, which may be a
    cycle: the round trip says what they become)."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value
    if depth > 32:
        return None
    if kind is list:
        out = []
        for item in value:
            if type(item) in _PLAIN_TYPES:
                out.append(item)
                continue
            copied = _plain_copy(item, depth + 1)
            if copied is None:
                return None
            out.append(copied)
        return out
    if kind is dict:
        found = {}
        for key, item in value.items():
            if type(key) is not str:
                return None
            if type(item) in _PLAIN_TYPES:
                found[key] = item
                continue
            copied = _plain_copy(item, depth + 1)
            if copied is None:
                return None
            found[key] = copied
        return found
    return None


class Zones:
    """Named ordered zones of card instances. Index 0 of a library is its top."""

    def __init__(self, names: list[str]) -> None:
        self._zones: dict[str, list[Card]] = {name: [] for name in names}
        #: Where each card was last seen, ``id -> (zone, index, taken)``: a hint :meth:`where`
        #: checks before trusting it (the zones' lists are changed in place by the engines).
        #: ``taken`` is how many cards :meth:`take` had taken from that zone then
        #: (:attr:`_taken`): a card is first looked for as many places up as cards were taken
        #: since, where the cards of a wipe, leaving one after another in the board's order,
        #: are. A wrong hint costs a scan, which makes the hints of the zone the card is in
        #: again in one pass, so looking up every card of a board of thousands of tokens is
        #: not a scan per card.
        self._seen: dict[int, tuple[str, int, int]] = {}
        self._taken: dict[str, int] = dict.fromkeys(names, 0)

    def __getitem__(self, name: str) -> list[Card]:
        return self._zones[name]

    def names(self) -> list[str]:
        return list(self._zones)

    def add(self, zone: str, card: Card, position: int | None = None) -> None:
        """Put ``card`` into ``zone`` at ``position`` (None: at the end, i.e. the bottom)."""
        target = self._zones[zone]
        if position is None:
            target.append(card)
            self._seen[card.id] = (zone, len(target) - 1, self._taken[zone])
        else:
            target.insert(position, card)
            self._seen[card.id] = (zone, min(position, len(target) - 1), self._taken[zone])

    def where(self, card_id: int) -> tuple[str, int]:
        """The zone and index of a card, or a GameError if it is not in the game."""
        hint = self._seen.get(card_id)
        if hint is not None:  # where it was, or a few places up (cards before it left)
            name, cards, taken = hint[0], self._zones[hint[0]], self._taken[hint[0]]
            guess = hint[1] - (taken - hint[2])  # up as many as were taken since
            if 0 <= guess < len(cards) and cards[guess].id == card_id:
                self._seen[card_id] = (name, guess, taken)
                return name, guess
            for index in range(min(hint[1], len(cards) - 1), max(hint[1] - 8, -1), -1):
                if cards[index].id == card_id:
                    self._seen[card_id] = (name, index, taken)
                    return name, index
        for name, cards in self._zones.items():
            for index, card in enumerate(cards):
                if card.id == card_id:
                    taken = self._taken[name]
                    self._seen.update({c.id: (name, i, taken) for i, c in enumerate(cards)})
                    return name, index
        raise GameError(f"card #{card_id} is not in any zone")

    def take(self, card_id: int) -> tuple[str, Card]:
        """Remove a card from whatever zone holds it."""
        name, index = self.where(card_id)
        self._taken[name] += 1
        del self._seen[card_id]  # (add gives it a new one)
        return name, self._zones[name].pop(index)

    def move(self, card_id: int, zone: str, position: int | None = None) -> Card:
        _, card = self.take(card_id)
        self.add(zone, card, position)
        return card

    def all_cards(self) -> list[Card]:
        return [card for cards in self._zones.values() for card in cards]

    def counts(self) -> dict[str, int]:
        return {name: len(cards) for name, cards in self._zones.items()}

    def to_dict(self) -> dict[str, list[dict[str, Any]]]:
        # Card's fields are all plain values: reading them directly is the same dict as
        # dataclasses.asdict at a twentieth of the cost (a save of a long game writes every card).
        keys = _CARD_FIELDS
        return {name: [{key: getattr(card, key) for key in keys} for card in cards]
                for name, cards in self._zones.items()}


@dataclass(frozen=True)
class Budget:
    """How much a replay may build before it is refused: ``cards`` objects made (cards and
    tokens, counted by the ids handed out) and ``events`` written. Checked after the set-up and
    after every action, whatever the action is, so a short text (a share link) cannot make a
    huge game: the replay stops as soon as either is passed (:class:`ReplayTooBig`)."""

    cards: int
    events: int


class ReplayTooBig(Exception):
    """A replay passed its :class:`Budget`; ``made`` names what ran over and ``step`` the
    action (1-based; 0 for the set-up). Not a :class:`GameError`: the save upgrades, which set
    aside actions that fail, must stop on it too (:func:`load_game` explains it)."""

    def __init__(self, made: str, limit: int, step: int) -> None:
        super().__init__(f"it would make more than {limit:,} {made} (passed at action {step})")
        self.made, self.limit, self.step = made, limit, step


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("budget", default=None)


@contextlib.contextmanager
def within(budget: Budget | None) -> Iterator[None]:
    """Every game built inside this block keeps to ``budget`` (None: no limit)."""
    token = _BUDGET.set(budget)
    try:
        yield
    finally:
        _BUDGET.reset(token)


class Game:
    """Base class of an automated game. Subclasses implement :meth:`setup` and ``do_*``."""

    #: Registry name of the format ("swarm", "horde", "limited-horde", ...).
    variant: ClassVar[str] = ""
    #: What the variant is, for every layer that asks (:mod:`pyengine.variants`).
    descriptor: ClassVar[Variant]
    #: Zones this format uses.
    zone_names: ClassVar[list[str]] = ["library", "hand", "battlefield", "graveyard", "exile"]

    def __init__(self, config: dict[str, Any], seed: str) -> None:
        #: JSON-compatible settings fixed at the start (deck lists, options).
        self.config: dict[str, Any] = json.loads(json.dumps(config))
        self.rng = Rng(seed)
        #: The canonical seed.
        self.seed = self.rng.seed
        #: Every action applied so far, in order.
        self.actions: list[dict[str, Any]] = []
        #: Every event so far, in order.
        self.events: list[Event] = []
        #: Actions left out when :func:`load_game` upgraded an older save (_upgrade_from_1).
        self.upgrade_dropped = 0
        self.zones = Zones(list(self.zone_names))
        self._next_id = 1
        #: What this game may build while it is being loaded (:func:`within`); None after.
        self._budget = _BUDGET.get()
        self.events.extend(self.setup())
        self._check_budget()

    # -- building blocks for subclasses -------------------------------------------------------
    def new_card(self, name: str, *, token: bool = False, made: bool = False) -> Card:
        card = Card(id=self._next_id, name=name, token=token, made=made)
        self._next_id += 1
        return card

    def setup(self) -> list[Event]:
        """Build the starting state with ``self.rng``; return the set-up events."""
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """The full observable state as JSON-compatible data (used to verify replays)."""
        return {"zones": self.zones.to_dict()}

    def outcome(self) -> Outcome | None:
        """The end of the game (:class:`Outcome`), or None while it goes on; formats that can
        end override it, reading the state :meth:`check_end` left."""
        return None

    # -- actions --------------------------------------------------------------------------------
    #: What an open argument of a :meth:`template` may be, where the engine checks a range:
    #: action type -> argument -> :class:`~pyengine.actions.Bound` (an amount of 1 or more, a
    #: change other than 0), so ``legal_actions()`` says it.
    BOUNDS: ClassVar[dict[str, dict[str, Bound]]] = {}

    def template(self, type_: str, /, **args: Any) -> Action:
        """The action ``type_`` with ``args`` filled and its handler's other required
        arguments open (:attr:`Action.open`), with their :attr:`BOUNDS`: what
        :meth:`legal_actions` lists for a choice the table makes freely (an amount, a name)."""
        required = _signature(type(self), "do_" + type_.replace("-", "_")).required
        return Action(type_, args, tuple(name for name in required if name not in args),
                      self.BOUNDS.get(type_, {}))

    def handler_types(self) -> list[str]:
        """Every action type this format has a ``do_*`` handler for, sorted."""
        return [name[3:].replace("_", "-") for name in sorted(dir(type(self)))
                if name.startswith("do_")]

    def legal_actions(self) -> list[Action]:
        """The actions that make sense now (:class:`Action`; a page enables these buttons):
        arguments with finitely many choices filled, the others open. By default every
        handler, as a template; formats narrow it. A refused action changes nothing."""
        return [self.template(name) for name in self.handler_types()]

    def check_end(self) -> list[Event]:
        """The end-of-game check, run after every accepted action; its events (a win or a loss)
        follow the action's own. Formats that can end override it; it must be idempotent."""
        return []

    def apply(self, action: dict[str, Any] | Action) -> list[Event]:
        """Apply one table action and return its events.

        An invalid action raises :class:`ActionError` and leaves the game unchanged: the state
        is captured in memory before the handler runs and put back if it fails (any error; one
        that is not a :class:`GameError` is a bug and is raised again as it is).
        """
        handler, action, arguments = self._prepare(action)
        before = _capture(self)
        try:
            events = self._run(handler, arguments)
        except BaseException:
            _restore(self, before)
            raise
        self.actions.append(action)
        self.events.extend(events)
        self._check_budget()
        return events

    def _check_budget(self) -> None:
        """Raise :class:`ReplayTooBig` once this game has built more than its budget allows."""
        budget = self._budget
        if budget is None:
            return
        if self._next_id - 1 > budget.cards:
            raise ReplayTooBig("cards and tokens", budget.cards, len(self.actions))
        if len(self.events) > budget.events:
            raise ReplayTooBig("events", budget.events, len(self.actions))

    def _prepare(self, action: Any) -> tuple[Any, dict[str, Any], dict[str, Any]]:
        """The handler, a private JSON copy of the action and the handler's arguments, checked
        against its signature before any call (:class:`ActionError` if they do not fit)."""
        if isinstance(action, Action):
            action = action.to_json()
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ActionError("an action is an object with a 'type'")
        handler = getattr(self, "do_" + action["type"].replace("-", "_"), None)
        if handler is None:
            raise ActionError(f"{self.variant} has no action '{action['type']}'")
        copied = _plain_copy(action)  # (the JSON round trip below, without its text)
        if copied is not None:
            action = copied
        else:
            try:
                action = json.loads(json.dumps(action))
            except (TypeError, ValueError):
                raise ActionError(f"bad arguments for '{action['type']}': not plain data"
                                  ) from None
        arguments = {k: v for k, v in action.items() if k != "type"}
        problem = _signature(type(self), handler.__name__).check(arguments)
        if problem:
            raise ActionError(f"bad arguments for '{action['type']}': {problem}")
        return handler, action, arguments

    def _run(self, handler: Any, arguments: dict[str, Any]) -> list[Event]:
        """Call the handler, then the end-of-game check. A TypeError from the handler is the
        caller's when an argument does not fit the handler's annotations (refused as bad
        arguments, as before), else a bug in the handler, raised as it is."""
        try:
            events: list[Event] = handler(**arguments)
        except TypeError:
            misfit = _signature(type(self), handler.__name__).misfit(arguments)
            if not misfit:
                raise
            name = handler.__name__[3:].replace("_", "-")
            raise ActionError(f"bad arguments for '{name}': {misfit}") from None
        return events + self.check_end()

    @classmethod
    def upgrade_actions(cls, config: dict[str, Any], seed: str, actions: list[dict[str, Any]],
                        schema: int) -> list[dict[str, Any]]:
        """The actions of a save written at ``schema`` as today's rules need them, for a format
        whose correction needs more than leaving refused actions out (:func:`_upgrade_from_3`);
        by default the same actions."""
        return actions

    @classmethod
    def replay(cls, config: dict[str, Any], seed: str, actions: list[dict[str, Any]]) -> Self:
        """The game ``actions`` lead to. Nothing is captured between actions: an action that
        fails stops the replay with its error (the half-built game is dropped); so does one
        that passes the budget of the load it is part of (:func:`within`)."""
        game = cls(config, seed)
        for action in actions:
            handler, action, arguments = game._prepare(action)
            events = game._run(handler, arguments)
            game.actions.append(action)
            game.events.extend(events)
            game._check_budget()
        return game

    def undo(self) -> Self:
        """The same game without its last action (a new object, replayed)."""
        if not self.actions:
            raise ActionError("nothing to undo")
        return type(self).replay(self.config, self.seed, self.actions[:-1])

    # -- saving -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "variant": self.variant,
            "seed": self.seed,
            "config": self.config,
            "actions": self.actions,
            "state": self.snapshot(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


# -- argument checks and the in-memory capture used by Game.apply ---------------------------------
class _Signature:
    """What a ``do_*`` handler accepts: parameter names, which are required (checked before
    every call), and their types (from the annotations; an unannotated parameter takes
    anything), which tell a caller's bad value from a bug when the handler raises TypeError."""

    def __init__(self, function: Any) -> None:
        parameters = inspect.signature(function).parameters
        try:
            hints = typing.get_type_hints(function)
        except Exception:  # pragma: no cover - an annotation that cannot be evaluated
            hints = {}
        self.extra = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
        self.names = [name for name, p in parameters.items()
                      if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and name != "self"]
        self.required = [name for name in self.names
                         if parameters[name].default is inspect.Parameter.empty]
        self.hints = {name: hints[name] for name in self.names if name in hints}

    def check(self, arguments: dict[str, Any]) -> str:
        """Empty if the handler can be called with ``arguments`` (names: none unknown, none
        missing), else what is wrong, in plain words."""
        unknown = [name for name in arguments if name not in self.names]
        if unknown and not self.extra:
            return "unexpected " + ", ".join(f"'{name}'" for name in unknown)
        missing = [name for name in self.required if name not in arguments]
        if missing:
            return "missing " + ", ".join(f"'{name}'" for name in missing)
        return ""

    def misfit(self, arguments: dict[str, Any]) -> str:
        """Empty if every argument fits its annotation, else the first that does not."""
        for name, value in arguments.items():
            hint = self.hints.get(name)
            if hint is not None and not _fits(hint, value):
                return f"'{name}' should be {_describe(hint)}"
        return ""


_SIGNATURES: dict[tuple[type, str], _Signature] = {}


def _signature(cls: type, name: str) -> _Signature:
    key = (cls, name)
    found = _SIGNATURES.get(key)
    if found is None:
        found = _SIGNATURES[key] = _Signature(getattr(cls, name))
    return found


def _fits(hint: Any, value: Any) -> bool:
    """Does a JSON value fit a handler's type annotation? (int takes bool, as Python does.)"""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(arg, value) for arg in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    if origin is list:
        args = typing.get_args(hint)
        return isinstance(value, list) and (not args or all(_fits(args[0], v) for v in value))
    if origin is dict:
        args = typing.get_args(hint)
        return isinstance(value, dict) and (len(args) < 2 or all(
            _fits(args[0], k) and _fits(args[1], v) for k, v in value.items()))
    if hint is float:
        return isinstance(value, (int, float))
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # pragma: no cover - a kind of annotation handlers do not use


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return " or ".join(_describe(arg) for arg in typing.get_args(hint))
    if hint is None or hint is type(None):
        return "empty"
    if origin is list:
        return "a list"
    if origin is dict or hint is dict:
        return "an object"
    return {int: "a whole number", str: "text", bool: "true or false",
            float: "a number"}.get(hint, getattr(hint, "__name__", str(hint)))


#: Attributes of a game that an action never changes in place (``actions`` and ``events`` only
#: grow: :func:`_restore` cuts them back to their length).
_KEPT = frozenset({"config", "seed", "actions", "events"})
#: The start of the name of an engine's memo of answers that read only the game's facts (never
#: its state): kept as it is by a capture, like :data:`_KEPT` (copying it would cost more than
#: the action).
_MEMO = "_memo"
_ATOMIC = {str, int, float, bool, bytes, type(None)}
_FROZEN: dict[type, bool] = {}


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    """A copy of a game's state value: containers and plain objects are copied, immutable
    values shared; an object reached twice is copied once (``memo``)."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    if kind is list:
        new: Any = []
        memo[id(value)] = new
        for item in value:  # the zones' lists of cards: copied here, without a call each
            item_kind = type(item)
            if item_kind in _ATOMIC:
                new.append(item)
            elif item_kind is Card and id(item) not in memo:
                card = object.__new__(Card)
                card.__dict__.update(item.__dict__)
                memo[id(item)] = card
                new.append(card)
            else:
                new.append(_copy(item, memo))
    elif kind is dict:
        new = {}
        memo[id(value)] = new
        for key, item in value.items():
            new[key] = _copy(item, memo)
    elif kind is Card:
        new = object.__new__(Card)
        new.__dict__.update(value.__dict__)
    elif kind is tuple:
        for item in value:
            if type(item) not in _ATOMIC:
                break
        else:  # a tuple of plain values (the zones' hints) is itself a plain value
            return value
        new = tuple(_copy(item, memo) for item in value)
    elif kind is random.Random:
        # kept as it is, with its state noted: _restore winds it back (no new generator,
        # which Python would seed from the system's entropy)
        memo.setdefault(_RANDOMS, []).append((value, value.getstate()))
        new = value
    elif _frozen(kind):
        return value
    elif kind in (set, frozenset) or not hasattr(value, "__dict__"):
        new = copy.deepcopy(value, {})
    else:
        new = object.__new__(kind)
        memo[id(value)] = new
        for key, item in value.__dict__.items():
            new.__dict__[key] = _copy(item, memo)
    memo[id(value)] = new
    return new


def _frozen(kind: type) -> bool:
    """Values of this type are never changed in place: frozen dataclasses, functions, types."""
    frozen = _FROZEN.get(kind)
    if frozen is None:
        params = getattr(kind, "__dataclass_params__", None)
        frozen = bool(params and params.frozen) or issubclass(
            kind, (type, types.FunctionType, types.MethodType, types.BuiltinFunctionType))
        _FROZEN[kind] = frozen
    return frozen


#: The key in :func:`_copy`'s memo under which the random generators met are noted with
#: their state (never an object's id: ids are not negative).
_RANDOMS = -1
_Captured = tuple[dict[str, Any], int, int, list[tuple[random.Random, Any]]]


def _capture(game: Game) -> _Captured:
    memo: dict[int, Any] = {}
    state = {key: value if key in _KEPT or key.startswith(_MEMO) else _copy(value, memo)
             for key, value in game.__dict__.items()}
    return state, len(game.actions), len(game.events), memo.get(_RANDOMS, [])


def _restore(game: Game, captured: _Captured) -> None:
    state, actions, events, randoms = captured
    game.__dict__.clear()
    game.__dict__.update(state)
    del game.actions[actions:]
    del game.events[events:]
    for generator, random_state in randoms:
        generator.setstate(random_state)


_VARIANTS: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a format findable by its ``variant`` name."""
    if not cls.variant:
        raise TypeError("a registered game needs a variant name")
    _VARIANTS[cls.variant] = cls
    return cls


def find_variant(name: str) -> type[Game]:
    try:
        return _VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(_VARIANTS)) or "none"
        raise GameError(f"unknown game variant '{name}' (known: {known})") from None


def _upgrade_from_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 to 2. Schema 2 came with three corrected rules: The Swarm's graveyard blocker
    belongs to combat in which the Survivors attack it, never to The Swarm's own attack
    (sw-13-13); a card The Swarm draws while casting in the Pre-Swarm Step is cast in that step,
    before the Swarm Step (sw-13-8); a Limited Horde library emptied during Preparation starts
    the Epilogue at once (lh-6-1). A schema 1 save whose actions still replay to the state it
    recorded is unchanged. Any other is replayed action by action under the corrected rules:
    an action they no longer allow is left out (``upgrade_dropped`` counts them, for the page
    to say so), and the recorded state, reached under the old reading, is not checked. A save
    too damaged to replay at all, or holding an action of a kind or with settings the game does
    not have (never a rules question), is left as it is, for :func:`load_game` to explain."""
    try:
        cls = _VARIANTS[data["variant"]]
        config, seed, actions = data["config"], data["seed"], data["actions"]
        if not (isinstance(config, dict) and isinstance(seed, str) and isinstance(actions, list)
                and _numbers_ok([config, actions])):
            return data
        try:
            game = cls.replay(config, seed, actions)
            state = data.get("state")
            if state is None or json.loads(json.dumps(game.snapshot())) == state:
                return data
        except GameError:
            pass
        game, dropped = cls(config, seed), 0
        for action in actions:
            try:
                game._prepare(action)  # an action no version ever wrote: damaged, not upgraded
            except GameError:
                return data
            try:
                game.apply(action)
            except GameError:
                dropped += 1
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError):
        return data
    earlier = data.get("upgrade_dropped")
    dropped += earlier if isinstance(earlier, int) and earlier > 0 else 0
    upgraded = dict(data, actions=game.actions)
    upgraded.pop("state", None)
    if dropped:
        upgraded["upgrade_dropped"] = dropped
    return upgraded


def _upgrade_from_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 to 3: a two-faced card is read by its front face in every engine (a Horde
    "Artifact // Creature" card no longer enters and attacks as a creature; in Swarm a card
    whose back face is a creature is not a creature card). Upgraded as :func:`_upgrade_from_1`
    does: unchanged if it still replays to its recorded state, else replayed under the
    corrected reading, leaving out (and counting) any action it no longer allows."""
    return _upgrade_from_1(data)


def _upgrade_from_3(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 to 4: the corrections of issue 25. A Swarm game's turn ended (or its second
    main phase begun) before its combat gets that combat played first (its format's
    :meth:`Game.upgrade_actions`: The Swarm never skips a phase, sw-3-5); then every save is
    upgraded as :func:`_upgrade_from_1` does: unchanged if it still replays to its recorded
    state, else replayed under the corrected rules (the Limited Horde Dreadnought check after
    every change to the Spawn count, lh-11-4, may cast a Dreadnought card at another moment),
    leaving out (and counting) any action they no longer allow."""
    try:
        cls = _VARIANTS[data["variant"]]
        config, seed, actions = data["config"], data["seed"], data["actions"]
        if (isinstance(config, dict) and isinstance(seed, str) and isinstance(actions, list)
                and _numbers_ok([config, actions])):
            upgraded = cls.upgrade_actions(config, seed, actions, 3)
            if upgraded != actions:
                data = dict(data, actions=upgraded)
                data.pop("state", None)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError):
        return data
    return _upgrade_from_1(data)


def _upgrade_from_4(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 4 to 5: issue 39's card vocabulary. The card facts inside the config are written
    in today's verbs (:func:`pyengine.vocabulary.migrate_tags`: ``cast_trigger_draw=1`` is
    ``cast_trigger=draw1``, ``enters_with_5_p1p1`` is ``enters_with=5``, a hand-written key
    of before is its verb or a ``table=`` sentence, nothing dropped), and the engines now carry
    out what those verbs say (enters tapped, Fabricate, Riot and Unleash counters, lords in
    Swarm power, conditional attack restrictions, the Limited Horde errata): then upgraded as
    :func:`_upgrade_from_1` does, unchanged if it still replays to its recorded state, else
    replayed under the corrected rules, leaving out (and counting) any action they no longer
    allow."""
    from .vocabulary import migrate_tags

    config = data.get("config")
    facts = config.get("facts") if isinstance(config, dict) else None
    if isinstance(config, dict) and isinstance(facts, dict):
        new_facts = {}
        for name, entry in facts.items():
            tags = entry.get("tags") if isinstance(entry, dict) else None
            if isinstance(tags, str):
                tags = [t for t in tags.split(";") if t]
            if isinstance(tags, list):
                entry = dict(entry, tags=list(migrate_tags(str(t) for t in tags)))
            new_facts[name] = entry
        data = dict(data, config=dict(config, facts=new_facts))
    return _upgrade_from_1(data)


def _upgrade_from_5(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 5 to 6: issue 39's rules corrections of this round. "Can't attack unless you
    control another Giant" and the like are checked on the automated side's board (both Horde
    engines and Swarm; before, such a creature attacked and the table was told to check), a
    Swarm blocker's condition likewise, and keywords a lord or anthem grants a Swarm creature
    count (granted vigilance: it attacks without tapping). Upgraded as :func:`_upgrade_from_1`
    does: unchanged if it still replays to its recorded state, else replayed under the
    corrected rules, leaving out (and counting) any action they no longer allow."""
    return _upgrade_from_1(data)


def _upgrade_from_6(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 6 to 7: issue 41. The SlingLab Horde and Swarm carry out the token triggers the
    card vocabulary can say at their step (upkeep, beginning of combat, attacks: hs-3-9,
    sw-13-16), with X counted as the card's text says, and "enters with X counters". A save in
    which the table made such tokens by hand (``trigger-tokens``) replays with the engine
    making them; the hand action is no longer allowed and is left out. Upgraded as
    :func:`_upgrade_from_1` does: unchanged if it still replays to its recorded state."""
    return _upgrade_from_1(data)


#: Upgrades of older saves: ``MIGRATIONS[n]`` turns a schema ``n`` save (parsed) into a schema
#: ``n + 1`` one. Each entry is tested with a stored example save (tests/data/saves/). Schema 1
#: is the first the site ever wrote; a save written before versions existed does not exist.
#: Bumping SCHEMA_VERSION means adding the step here.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _upgrade_from_1, 2: _upgrade_from_2, 3: _upgrade_from_3, 4: _upgrade_from_4,
    5: _upgrade_from_5, 6: _upgrade_from_6}

#: Largest number accepted anywhere in a save (ids, amounts, counters): far beyond any game,
#: small enough that no loop over it can freeze a page.
MAX_NUMBER = 1_000_000


class SaveTooBig(SaveError):
    """A save whose replay passed the budget it was loaded with (:func:`load_game`)."""


class NewerSaveError(SaveError):
    """A save written by a newer version of the site (keep it; an update can read it)."""


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """The save upgraded step by step to :data:`SCHEMA_VERSION`; :class:`NewerSaveError` if it
    is newer, :class:`SaveError` if its version is unknown."""
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int) or schema < 0:
        raise SaveError("the save does not say which version of the site wrote it")
    if schema > SCHEMA_VERSION:
        raise NewerSaveError("the save was written by a newer version of the site; update the "
                             "site (reload the page) to open it")
    while schema < SCHEMA_VERSION:
        step = MIGRATIONS.get(schema)
        if step is None:
            raise SaveError("the save was written by a version of the site too old to read")
        data = step(dict(data))
        schema += 1
        data["schema"] = schema
    return data


def _numbers_ok(value: Any) -> bool:
    """False if any number in ``value`` is huge or not finite (iterative, no recursion)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool) or item is None or isinstance(item, str):
            continue
        if isinstance(item, int):
            if abs(item) > MAX_NUMBER:
                return False
        elif isinstance(item, float):
            if not abs(item) <= MAX_NUMBER:  # also catches inf and nan
                return False
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def load_game(data: str | dict[str, Any], *, budget: Budget | None = None) -> Game:
    """Rebuild a game from a save (JSON text or its parsed object), upgrading older schemas;
    with a ``budget``, refused as soon as the replay builds more than it allows.

    Raises :class:`SaveError` (:class:`NewerSaveError` for a save from a newer version) with a
    plain explanation for anything that is not a good save; never Python's own error text.
    """
    if isinstance(data, str):
        try:
            data = safejson.loads(data, what="the save")
        except safejson.BadJSON as error:
            raise SaveError(str(error)) from None
    elif safejson.deep(data):
        raise SaveError("the save is nested far deeper than anything this site writes")
    if not isinstance(data, dict):
        raise SaveError("the save is not a game object")
    try:
        with within(budget):
            game = _load(data)
    except ReplayTooBig as error:
        raise SaveTooBig(f"the save is refused: {error}") from None
    game._budget = None  # played on from here, the game is the table's
    return game


def _load(data: dict[str, Any]) -> Game:
    data = migrate(data)
    for key, kind in (("variant", str), ("seed", str), ("config", dict), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"the save has no valid '{key}'")
    if not _numbers_ok([data["config"], data["actions"]]):
        raise SaveError("the save holds numbers far beyond any game (was it edited?)")
    try:
        cls = find_variant(data["variant"])
    except GameError:
        raise SaveError(f"the save is a game this site does not know ({data['variant'][:40]!r})"
                        ) from None
    try:
        game = cls.replay(data["config"], data["seed"], data["actions"])
    except GameError as error:
        text = str(error)
        if text.startswith("bad arguments"):  # Python's TypeError text follows: keep it out
            text = "an action in it has settings this version does not know"
        raise SaveError(f"the save does not replay: {text}") from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        raise SaveError("the save does not replay: its set-up or actions are damaged") from None
    state = data.get("state")
    if state is not None and json.loads(json.dumps(game.snapshot())) != state:
        raise SaveError("the save does not replay to the state it recorded (was it edited?)")
    dropped = data.get("upgrade_dropped")
    game.upgrade_dropped = dropped if isinstance(dropped, int) and dropped > 0 else 0
    return game
