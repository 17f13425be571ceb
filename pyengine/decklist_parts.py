"""The pieces a decklist is made of, shared by the text reader (:mod:`pyengine.decklist`, which
re-exports them) and the table reader (:mod:`pyengine.decklist_table`): a line read
(:class:`Entry`), a line that could not be read (:class:`Problem`), the limits on counts and
names, and what a list the table reader fills offers (:class:`DeckParts`).

Pure and standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["MAIN", "MAX_COUNT", "MAX_NAME_LENGTH", "OUT_OF_DECK", "DeckParts", "Entry",
           "Problem", "has_control", "section_or_group"]

MAX_COUNT = 1000
"""The largest count a line may give; more is reported as a problem."""
MAX_NAME_LENGTH = 200
"""Longer "names" are reported as a problem (the longest card name is about 140 characters)."""
MAIN = "main"
"""The section of the deck's library."""
OUT_OF_DECK = ("sideboard", "commander", "companion", "maybeboard", "planes", "schemes",
               "avatar", "conspiracy", "attractions", "stickers", "tokens", "dungeon",
               "enforcers", "reckoning")
"""Sections whose cards are not part of the deck's library (the commander is counted towards a
Commander deck's size by the checker, not here)."""


def section_or_group(name: str) -> str:
    """The section a header or a section cell names: ``name`` itself for the main deck and the
    sections of :data:`OUT_OF_DECK`; any other name (``creatures``, ``lands``, ``ramp``) is a
    group of the main deck, so its cards are the deck's on every page."""
    return name if name == MAIN or name in OUT_OF_DECK else MAIN


@dataclass
class Problem:
    """A line of a decklist that could not be read, or (in ``Decklist.notes``) was left out."""

    line: int
    """1-based line number."""
    text: str
    """The line as written (without its line end)."""
    message: str
    """A plain explanation of what is wrong."""


@dataclass
class Entry:
    """One line of a decklist: a count of one card in one section."""

    count: int
    """Number of copies, 1 to :data:`MAX_COUNT`."""
    name: str
    """Card name as written (whitespace tidied)."""
    section: str = MAIN
    """Lower-case section: ``main``, ``sideboard``, ``commander``, ``companion``, ``maybeboard``
    or the name of a ``// Header`` (``enforcers``, ``reckoning``)."""
    line: int = field(default=0, compare=False)
    """1-based line number in the text it was read from (0 if built in code)."""
    set_code: str | None = None
    """Set code in upper case (``CMM``), if given."""
    number: str | None = None
    """Collector number (``400``), if given."""
    foil: bool = False
    """True if marked ``*F*`` (or ``*E*``, etched)."""
    category: str | None = None
    """Archidekt category other than a section (``Ramp``), if given."""

    def to_line(self) -> str:
        """This entry as one decklist line (without its section)."""
        text = f"{self.count} {self.name}"
        if self.set_code:
            text += f" ({self.set_code})"
            if self.number:
                text += f" {self.number}"
        if self.foil:
            text += " *F*"
        if self.category:
            text += f" [{self.category}]"
        return text


class DeckParts(Protocol):
    """What a reader fills: the list's format, its entries, and the lines it could not read
    (``problems``) or left out on purpose (``notes``). :class:`pyengine.decklist.Decklist` is
    one."""

    format: str
    entries: list[Entry]
    problems: list[Problem]
    notes: list[Problem]


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def has_control(text: str) -> bool:
    """True if ``text`` holds a control character or a lone surrogate."""
    return _CONTROL.search(text) is not None
