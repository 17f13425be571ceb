"""Set-up options declared once: each option is one line (its key, words, allowed values and
default), and the engine's check, the play page's choices and form reading, a saved set-up's
form values and the command line's flags are all read from that line.

Field types (small frozen dataclasses):

* :class:`Count`: a whole number between ``low`` and ``high``;
* :class:`Choice`: one of a few values, each with its words on the page;
* :class:`Flag`: on or off;
* :class:`CountOrAuto`: a whole number between ``low`` and ``high``, or ``"auto"``.

Each field also carries ``rule`` (the anchors of the rules it sets, separated by spaces) and
``help`` (a few more words for the page); the build draws the play pages' set-up controls from
them (sitebuild/setup_controls.py).

A :class:`Setup` is a tuple of fields. ``check(values)`` fills in defaults and refuses what a
field does not allow (:class:`SetupError`, plain words); ``parse(form)`` reads a page's form
(strings) into values and ``format(values)`` writes them back, so that
``parse(format(values)) == values``; ``choices()`` gives the page its options;
``add_arguments``/``from_arguments`` make and read command-line flags. Standard library only:
it runs in the browser as it does in CPython.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .game import GameError

__all__ = ["Choice", "Count", "CountOrAuto", "Field", "Flag", "Group", "Setup", "SetupError"]

AUTO = "auto"


class SetupError(GameError):
    """A set-up value a field does not allow (the message says what it allows)."""


def _whole(text: Any) -> int | None:
    """``text`` as a whole number (an int, or digits with an optional sign), else None."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    if isinstance(text, str) and text.strip().lstrip("+-").isdigit():
        return int(text.strip())
    return None


@dataclass(frozen=True)
class _Field:
    """What every field has: its ``key`` in a config and its ``label`` on the page, then, by
    keyword, the rule anchors that decide it (``rule``, space-separated) and a line of help."""

    key: str
    label: str
    rule: str = field(default="", kw_only=True)
    help: str = field(default="", kw_only=True)
    #: Its key in a share link where that is shorter than ``key`` (Swarm's ``m``, ``n``).
    link: str = field(default="", kw_only=True)


@dataclass(frozen=True)
class Count(_Field):
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int
    default: int

    def allowed(self) -> str:
        return f"{self.low} to {self.high}"

    def check(self, value: Any) -> int:
        number = _whole(value) if not isinstance(value, str) else None
        if number is None or not self.low <= number <= self.high:
            raise SetupError(f"{self.label} is {self.allowed()}")
        return number

    def parse(self, text: str) -> int:
        number = _whole(text)
        if number is None:
            raise SetupError(f"{self.label}: a whole number, {self.allowed()}")
        return self.check(number)

    def format(self, value: Any) -> str:
        return str(value)

    def choices(self) -> list[tuple[str, str]]:
        return [(str(n), str(n)) for n in range(self.low, self.high + 1)]


@dataclass(frozen=True)
class CountOrAuto(Count):
    """A whole number from ``low`` to ``high``, or ``"auto"`` (the engine decides)."""

    default: Any = AUTO
    auto_label: str = "Auto"

    def allowed(self) -> str:
        return f"{self.low} to {self.high}, or auto"

    def check(self, value: Any) -> Any:
        if value == AUTO:
            return AUTO
        return super().check(value)

    def parse(self, text: str) -> Any:
        if text.strip().lower() in ("", AUTO):
            return AUTO
        return super().parse(text)

    def format(self, value: Any) -> str:
        """``"auto"`` in a list; an empty number box (its placeholder says Auto) otherwise."""
        if value == AUTO:
            return AUTO if listed(self) else ""
        return str(value)

    def choices(self) -> list[tuple[str, str]]:
        return [(AUTO, self.auto_label)] + super().choices()


@dataclass(frozen=True)
class Choice(_Field):
    """One of ``options``: (value, words on the page) pairs; values are str, int or bool."""

    options: tuple[tuple[Any, str], ...]
    default: Any

    def values(self) -> list[Any]:
        return [value for value, _ in self.options]

    def allowed(self) -> str:
        words = [str(v) for v in self.values()]
        return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]

    def check(self, value: Any) -> Any:
        for allowed in self.values():
            if type(value) is type(allowed) and value == allowed:
                return value
        raise SetupError(f"{self.label} is {self.allowed()}")

    def parse(self, text: str) -> Any:
        for allowed in self.values():
            if str(allowed) == text.strip():
                return allowed
        raise SetupError(f"{self.label}: choose {self.allowed()}")

    def format(self, value: Any) -> str:
        return str(value)

    def choices(self) -> list[tuple[str, str]]:
        return [(str(value), words) for value, words in self.options]


@dataclass(frozen=True)
class Flag(_Field):
    """On or off (a checkbox on the page: ``"on"`` or ``""``)."""

    default: bool

    def allowed(self) -> str:
        return "yes or no"

    def check(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise SetupError(f"{self.label} is true or false")
        return value

    def parse(self, text: str) -> bool:
        return bool(text)

    def format(self, value: Any) -> str:
        return "on" if value else ""

    def choices(self) -> list[tuple[str, str]]:
        return []


#: A field that holds one value (every field but a group).
Leaf = Count | CountOrAuto | Choice | Flag


@dataclass(frozen=True)
class Group(_Field):
    """A nested set-up whose value is a mapping (SlingLab's Custom options, its life): checked
    by its own :class:`Setup`; on the page its fields are the form's own (their form names), on
    the command line its flags carry the group's ``note`` (``custom: Set-up turns``)."""

    setup: Setup

    @property
    def default(self) -> dict[str, Any]:
        return self.setup.defaults()

    def allowed(self) -> str:
        return "a mapping of " + ", ".join(self.setup.keys())

    def check(self, value: Any) -> dict[str, Any]:
        return self.setup.check(value, what=f"{self.label} option")

    def choices(self) -> list[tuple[str, str]]:
        return []


Field = Leaf | Group


@dataclass(frozen=True)
class Setup:
    """A variant's set-up options, in page order. ``form_names`` maps a field's key to its
    name on the page when they differ (``setup_turns`` is the page's ``setup-turns``)."""

    fields: tuple[Field, ...]
    form_names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        keys = [f.key for f in self.fields]
        if len(set(keys)) != len(keys):
            raise ValueError("two set-up fields with one key")

    def __getitem__(self, key: str) -> Field:
        for option in self.fields:
            if option.key == key:
                return option
        raise KeyError(key)

    def choice(self, key: str) -> Choice:
        """The field ``key``, which is a :class:`Choice`."""
        option = self[key]
        if not isinstance(option, Choice):
            raise TypeError(f"{key} is not a choice")
        return option

    def count(self, key: str) -> Count:
        """The field ``key``, which is a :class:`Count`."""
        option = self[key]
        if not isinstance(option, Count):
            raise TypeError(f"{key} is not a count")
        return option

    def keys(self) -> list[str]:
        return [f.key for f in self.fields]

    def without(self, *keys: str) -> Setup:
        """The fields not named (a page that reads those few by hand reads the rest from the
        declaration)."""
        return Setup(tuple(f for f in self.fields if f.key not in keys), self.form_names)

    def defaults(self) -> dict[str, Any]:
        return {f.key: f.default for f in self.fields}

    def default_form(self) -> dict[str, str]:
        """The page's form fields at their defaults (:meth:`format` of :meth:`defaults`)."""
        return self.format(self.defaults())

    def form_name(self, key: str) -> str:
        return self.form_names.get(key, key.replace("_", "-"))

    def check(self, values: Mapping[str, Any], *, what: str = "option") -> dict[str, Any]:
        """Every field's value (the default where ``values`` has none), checked; an unknown
        key is refused by name."""
        if not isinstance(values, Mapping):
            raise SetupError(f"the {what}s are a mapping of names to values")
        unknown = sorted(set(values) - set(self.keys()))
        if unknown:
            raise SetupError(f"unknown {what}(s): " + ", ".join(map(str, unknown)))
        return {f.key: f.check(values[f.key]) if f.key in values else f.default
                for f in self.fields}

    def parse(self, form: Mapping[str, str]) -> dict[str, Any]:
        """The values a page's form holds (its field names, :meth:`form_name`); a field the
        form does not have takes its default."""
        values: dict[str, Any] = {}
        for option in self.fields:
            if isinstance(option, Group):
                values[option.key] = option.setup.parse(form)
                continue
            name = self.form_name(option.key)
            values[option.key] = option.parse(form[name]) if name in form else option.default
        return values

    def format(self, values: Mapping[str, Any]) -> dict[str, str]:
        """The page's form values showing ``values`` (the inverse of :meth:`parse`)."""
        form: dict[str, str] = {}
        for option in self.fields:
            if option.key not in values:
                continue
            if isinstance(option, Group):
                form.update(option.setup.format(values[option.key] or {}))
            else:
                form[self.form_name(option.key)] = option.format(values[option.key])
        return form

    def choices(self) -> dict[str, list[tuple[str, str]]]:
        """The page's options of each field shown as a list (a choice, or a count of at most
        :data:`LISTED` values; a longer count is a number box), by form name."""
        found: dict[str, list[tuple[str, str]]] = {}
        for option in self.fields:
            if isinstance(option, Group):
                found.update(option.setup.choices())
            elif listed(option):
                found[self.form_name(option.key)] = option.choices()
        return found

    def flat(self) -> list[tuple[tuple[str, ...], Leaf]]:
        """Every field that is not a group, with the path of keys to it (``("custom",
        "setup_turns")``), in page order."""
        found: list[tuple[tuple[str, ...], Leaf]] = []
        for option in self.fields:
            if isinstance(option, Group):
                found += [((option.key, *path), inner) for path, inner in option.setup.flat()]
            else:
                found.append(((option.key,), option))
        return found

    # -- share links ---------------------------------------------------------------------------
    def values_of(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The set-up values an engine config holds (its keys that are fields)."""
        return {key: config[key] for key in self.keys() if key in config}

    def to_link(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """``values`` as a share link writes them: each field under its ``link`` key (else
        its key), as its JSON value."""
        return {(f.link or f.key): values[f.key] for f in self.fields if f.key in values}

    def from_link(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The values a share link's ``data`` holds (:meth:`to_link`), each read by its field
        as the page's form would be; a field the link lacks (made before the field was
        declared) takes its default. A :class:`SetupError` names a value no field allows."""
        values: dict[str, Any] = {}
        for option in self.fields:
            name = option.link or option.key
            if name not in data:
                values[option.key] = option.default
            elif isinstance(option, (Flag, Group)):
                values[option.key] = option.check(data[name])
            else:
                values[option.key] = option.parse(str(data[name]))
        return values

    # -- the command line ---------------------------------------------------------------------
    def read(self, key: str, text: str) -> Any:
        """One field's value from a word typed on the command line (``yes``/``no`` for a
        flag); an unknown key is refused with the keys there are."""
        if key not in self.keys():
            raise SetupError(f"unknown option {key!r}: one of " + ", ".join(self.keys()))
        option = self[key]
        if isinstance(option, Group):
            raise SetupError(f"{option.label} is a group: give its options one by one")
        if isinstance(option, Flag):
            try:
                return _yes_no(text)
            except argparse.ArgumentTypeError:
                raise SetupError(f"{option.label}: yes or no") from None
        return option.parse(text)

    def add_arguments(self, parser: argparse.ArgumentParser, *, note: str = "") -> None:
        """One flag per field (``--setup-turns``), each optional (absent: not given)."""
        for option in self.fields:
            if isinstance(option, Group):
                option.setup.add_arguments(parser, note=f"{note}{option.label.lower()}: ")
                continue
            flag = "--" + option.key.replace("_", "-")
            if isinstance(option, Flag):
                parser.add_argument(flag, type=_yes_no, default=None, metavar="yes|no",
                                    help=f"{note}{option.label}: yes or no")
            else:
                parser.add_argument(flag, default=None,
                                    help=f"{note}{option.label}: {option.allowed()}")

    def from_arguments(self, arguments: argparse.Namespace) -> dict[str, Any]:
        """The fields given on the command line, checked (those not given are left out)."""
        given: dict[str, Any] = {}
        for option in self.fields:
            if isinstance(option, Group):
                inner = option.setup.from_arguments(arguments)
                if inner:
                    given[option.key] = inner
                continue
            value = getattr(arguments, option.key, None)
            if value is None:
                continue
            given[option.key] = value if isinstance(option, Flag) else option.parse(str(value))
        return given


#: The most values a count may have to be shown as a list on the page.
LISTED = 12


def listed(option: Field) -> bool:
    """Whether the page shows ``option`` as a list of its values."""
    if isinstance(option, Choice):
        return True
    if isinstance(option, Count):
        return option.high - option.low + 1 <= LISTED
    return False


def _yes_no(text: str) -> bool:
    if text.lower() in ("yes", "true", "on", "1"):
        return True
    if text.lower() in ("no", "false", "off", "0"):
        return False
    raise argparse.ArgumentTypeError("yes or no")
