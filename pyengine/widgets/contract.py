"""The widget contract, written down once (issue 29, point 5). Pure, standard library only.

A play page's widget is a module of :mod:`pyengine.widgets` that :mod:`.saves` and
:mod:`.host` drive through what :class:`WidgetModule` names, and its ``Widget(env)`` is a
:class:`Controller`. Nothing is looked up by the widget's name or with ``getattr``: a module
that leaves a member out fails mypy (:mod:`.pages` holds every page's module against the
protocol) and ``tests/test_widgets_contract.py``.

The messages between the page's adapter (``docs/assets/widget-host.js``) and the worker
(:mod:`pyengine.browser`, :class:`pyengine.widgets.host.Host`) are described once, in
:mod:`.messages`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from . import Env, View

#: An upgrade of a save from one version to the next (``MIGRATIONS[n]`` reads version n).
Migration = Callable[[dict[str, Any]], dict[str, Any]]


@runtime_checkable
class Controller(Protocol):
    """A widget: ``start`` from a save (raising ``ValueError``/``GameError`` in plain words on a
    save it cannot read), one ``handle`` a page action, each returning the page's changes."""

    def start(self, saved: str | None) -> View:
        """The page from ``saved`` (None or "" for none) and the env's share link."""
        ...

    def handle(self, action: str, form: dict[str, str]) -> View:
        """One page action with the page's fields."""
        ...

    def render(self) -> View:
        """The whole page as it stands (a widget that only changes a few fields: ``View()``)."""
        ...

    def save(self) -> str | None:
        """What the page keeps in its ``game`` slot now; None when the widget saves only
        with an action's fields (the shuffler: its view carries the save)."""
        ...

    def share_hash(self) -> str:
        """The share-link fragment of the game on the page, "" without one (or no links)."""
        ...

    def game_summary(self) -> tuple[str, int] | None:
        """``(seed, number of actions)`` of the game on the page, None without a game."""
        ...


@runtime_checkable
class WidgetModule(Protocol):
    """What a widget module declares for the page's session and host."""

    @property
    def STATE_VERSION(self) -> int:  # noqa: N802 - the module's constant
        """The version of what :meth:`Controller.save` writes (the version that
        :attr:`saved_version` reads); a higher one is "newer", a lower one is upgraded."""
        ...

    @property
    def MIGRATIONS(self) -> Mapping[int, Migration]:  # noqa: N802
        """Upgrades of older saves, by the version each reads (applied in order up to
        ``STATE_VERSION``; one stored example per step in ``tests/data/saves/``)."""
        ...

    @property
    def HASH_PREFIX(self) -> str | None:  # noqa: N802
        """The share-link prefix (``"h="``), or None for a page without share links."""
        ...

    @property
    def SAVES(self) -> str:  # noqa: N802
        """What the page calls what it saves, in messages ("game", "table", "deck check" …)."""
        ...

    @property
    def REPEATABLE(self) -> tuple[str, ...]:  # noqa: N802
        """Counter and amount actions: every tap applies, however quick (:mod:`.host`)."""
        ...

    @property
    def saved_version(self) -> Callable[[dict[str, Any]], Any]:
        """The version a stored save (its JSON object) says it is (any value; not an int is
        "unreadable")."""
        ...

    @property
    def Widget(self) -> Callable[[Env], Controller]:  # noqa: N802 - the module's class
        """The controller class."""
        ...


class NoGame:
    """The :class:`Controller` members of a page that holds no game and makes no share
    links (the deck check, the shuffler, the Team table)."""

    def share_hash(self) -> str:
        """This page has no share links."""
        return ""

    def game_summary(self) -> tuple[str, int] | None:
        """This page holds no game to replay."""
        return None


def version_field(data: dict[str, Any]) -> Any:
    """The usual :attr:`WidgetModule.saved_version`: the save's ``"v"``."""
    return data.get("v")
