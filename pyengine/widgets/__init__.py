"""Play-tool controllers: pure Python, no DOM.

Each widget module defines ``Widget(env)`` with ``start(saved) -> View`` and
``handle(action, form) -> View``. The browser adapter (:mod:`pyengine.browser`) is the only code
that reads the page and applies a :class:`View` to it; tests drive widgets directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Env:
    """What a widget may ask of its surroundings (the adapter or a test supplies it)."""

    #: Shipped decks: dicts with at least ``id``, ``title`` and ``format``.
    decks: list[dict[str, Any]]
    #: The text of a shipped deck by id.
    read_deck: Callable[[str], str]
    #: A fresh random non-negative integer (for new seeds); never used inside a game.
    entropy: Callable[[], int]


@dataclass
class Item:
    """One line of a list on the page: plain text, optionally a link, optionally a class."""

    text: str
    href: str | None = None
    cls: str | None = None


@dataclass
class View:
    """Changes to make to the page, by element id. Text is always set as text, never HTML."""

    text: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[Item]] = field(default_factory=dict)
    options: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    hidden: dict[str, bool] = field(default_factory=dict)
    attrs: dict[str, dict[str, str]] = field(default_factory=dict)
    #: State to keep in browser storage (None: leave storage as it is; "" clears it).
    save: str | None = None
    #: A message to show in the widget's error box ("" clears it).
    error: str = ""

    def merge(self, other: View) -> View:
        for name in ("text", "values", "lists", "options", "hidden", "attrs"):
            getattr(self, name).update(getattr(other, name))
        if other.save is not None:
            self.save = other.save
        self.error = other.error or self.error
        return self


def scryfall_link(name: str) -> str:
    """A link to a card's Scryfall page by exact name (a link only; nothing is fetched)."""
    from urllib.parse import quote

    return "https://scryfall.com/search?q=" + quote(f'!"{name}"', safe="")
