"""Actions as values (issue 45, point 3): one table action is an :class:`Action`, a type and
its arguments, the same for every engine and every consumer (the runners' buttons, the
simulator's drivers, the command line's ``act``, the tests' random walks).

An action's JSON is what saves, share links and ``Game.actions`` already hold, unchanged:
``{"type": "move", "card": 12, "to": "graveyard"}`` (:meth:`Action.parse`,
:meth:`Action.to_json`). ``legal_actions()`` on every engine answers a list of them: the
arguments whose choices are finite and few are filled (a card on the battlefield, a zone, a
team, the cards a kept hand puts on the bottom), the ones the table chooses freely (an amount,
a token's name) or whose choices are too many to list (a blocker's damage split, the permanents
the table describes) are named in :attr:`Action.open`, where the engine knows them with their
:class:`Bound` (:attr:`Action.bounds`), to be filled with :meth:`Action.with_args` before the
action is applied.

Standard library only, no I/O: the engine imports it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Action", "BadAction", "Bound", "allows", "types_of"]


class BadAction(ValueError):
    """Data that is not an action: no type, a type that is not text, arguments that are not
    plain JSON data, or an action still missing an argument."""


def _plain(value: Any) -> bool:
    """True for JSON data: text, whole or decimal numbers, booleans, null, lists and objects of
    them (objects keyed by text)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return True
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Bound:
    """What an open argument may be, where its choices are too many to list: a whole number
    from ``low`` to ``high`` (None: no limit on that side); with ``among``, one of those
    values; with ``many``, a list ``low`` to ``high`` long of such values (distinct ones, when
    ``among`` is given); with ``fields``, a list of objects the table describes, each with a
    ``name`` and these whole-number fields (a blocker's ``toughness``, a permanent's ``mv``);
    with ``nonzero``, a whole number other than 0 (a change either way: life, counters)."""

    low: int | None = None
    high: int | None = None
    among: tuple[Any, ...] | None = None
    many: bool = False
    fields: tuple[str, ...] = ()
    nonzero: bool = False

    def _within(self, number: int) -> bool:
        return (self.low is None or number >= self.low) and (
            self.high is None or number <= self.high)

    def _item(self, value: Any) -> bool:
        if self.among is not None:
            return any(type(value) is type(v) and value == v for v in self.among)
        if self.fields:
            return isinstance(value, Mapping) and isinstance(value.get("name"), str) and all(
                _whole(value.get(name)) for name in self.fields)
        return _whole(value) and self._within(value) and not (self.nonzero and value == 0)

    def admits(self, value: Any) -> bool:
        """True if ``value`` is one this bound allows."""
        if not (self.many or self.fields):
            return self._item(value)
        if not isinstance(value, list) or not self._within(len(value)):
            return False
        if self.among is not None and len({json.dumps(v) for v in value}) != len(value):
            return False
        return all(self._item(v) for v in value)

    def text(self) -> str:
        """The bound in a few words: ``1..7``, ``.. not 0``, ``2 of [4, 5, 9]``, ``1.. of {name,
        toughness}``."""
        size = f"{'' if self.low is None else self.low}..{'' if self.high is None else self.high}"
        if self.fields:
            return f"{size} of {{{', '.join(('name', *self.fields))}}}"
        if self.among is not None:
            among = json.dumps(list(self.among), ensure_ascii=False)
            return f"{size} of {among}" if self.many else f"one of {among}"
        return f"{size} not 0" if self.nonzero else size


@dataclass(frozen=True)
class Action:
    """One table action: its ``type`` (the engine's ``do_<type>`` handler, hyphens for
    underscores) and its ``args`` (JSON data, in the order given). ``open`` names the
    arguments still to be chosen when the action comes from ``legal_actions()`` (an amount,
    a name): such an action is a template, :meth:`to_json` refuses it until
    :meth:`with_args` fills them. ``bounds``: what an open argument may be, where the engine
    knows (:class:`Bound`); an argument open without one is the table's free choice."""

    type: str
    args: Mapping[str, Any] = field(default_factory=dict)
    open: tuple[str, ...] = ()
    bounds: Mapping[str, Bound] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.type, str) or not self.type:
            raise BadAction("an action's type is a word such as 'hit'")
        if not isinstance(self.args, Mapping):
            raise BadAction(f"the arguments of '{self.type}' are not an object")
        args = dict(self.args)
        if "type" in args:
            raise BadAction(f"'{self.type}' has an argument named 'type'")
        if not _plain(args):
            raise BadAction(f"bad arguments for '{self.type}': not plain data")
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "open", tuple(n for n in self.open if n not in args))
        object.__setattr__(self, "bounds", {n: b for n, b in dict(self.bounds).items()
                                            if n in self.open})

    def __hash__(self) -> int:
        return hash((self.type, json.dumps(self.args, sort_keys=True), self.open))

    @classmethod
    def of(cls, type_: str, /, **args: Any) -> Action:
        """``Action.of("move", card=12, to="graveyard")``."""
        return cls(type_, args)

    @classmethod
    def parse(cls, data: Any) -> Action:
        """The action a save's (or a link's, a command line's) JSON object describes:
        ``{"type": ..., <arguments>}``; :class:`BadAction` in plain words if it is not one."""
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise BadAction("an action is an object with a 'type'")
        return cls(data["type"], {k: v for k, v in data.items() if k != "type"})

    @property
    def complete(self) -> bool:
        """True when no argument is left to choose (:attr:`open` is empty)."""
        return not self.open

    def with_args(self, **args: Any) -> Action:
        """This action with ``args`` added (or replaced); the open ones they fill are closed."""
        return Action(self.type, {**self.args, **args}, self.open, self.bounds)

    def to_json(self) -> dict[str, Any]:
        """The JSON object saves hold: ``{"type": ..., <arguments in order>}`` (a fresh copy);
        :class:`BadAction` while an argument is still open."""
        if self.open:
            raise BadAction(f"'{self.type}' still needs {', '.join(self.open)}")
        return {"type": self.type, **json.loads(json.dumps(self.args))}

    def text(self) -> str:
        """The action in a line for people: ``move card=12 to=graveyard`` (open arguments as
        ``n=?``)."""
        words = [self.type] + [f"{k}={json.dumps(v, ensure_ascii=False)}"
                               if not isinstance(v, (int, str)) or isinstance(v, bool)
                               else f"{k}={v}" for k, v in self.args.items()]
        return " ".join(words + [f"{name}=?" + (f"({self.bounds[name].text()})"
                                                 if name in self.bounds else "")
                                 for name in self.open])

    def fits(self, chosen: Action) -> bool:
        """True if ``chosen`` is this action with its open arguments filled: the same type, the
        same value for every argument this one fixes and, for a bounded open argument given,
        a value its :class:`Bound` admits."""
        return chosen.type == self.type and all(
            key in chosen.args and chosen.args[key] == value
            for key, value in self.args.items()) and all(
            bound.admits(chosen.args[key]) for key, bound in self.bounds.items()
            if key in chosen.args)


def types_of(actions: Iterable[Action]) -> list[str]:
    """The action types among ``actions``, each once, in the order they first come."""
    return list(dict.fromkeys(action.type for action in actions))


def allows(legal: Iterable[Action], chosen: Action) -> bool:
    """True if one of the ``legal`` actions (templates included) fits ``chosen``."""
    return any(action.fits(chosen) for action in legal)
