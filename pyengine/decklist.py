"""Decklists: a forgiving reader and a writer for the text lists players paste.

``Decklist.from_text`` reads the project's own format and what Moxfield, Archidekt, MTG Arena
and MTGO export (see ``decks/README.md``). It never raises: lines it cannot read are collected
in ``Decklist.problems`` with their 1-based line numbers, and the rest of the list is still read.
``Decklist.to_text`` writes a list back so that ``Decklist.from_text(d.to_text()) == d``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import ANNOTATION_PREFIX, CardDataError, parse_annotation
from .names import normalize

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardDB

__all__ = ["MAX_COUNT", "Decklist", "Entry", "Problem", "did_you_mean"]

MAX_COUNT = 1000
"""The largest count a line may give; more is reported as a problem."""
MAX_NAME_LENGTH = 200
MAX_LINE_LENGTH = 1000
"""Longer lines are reported as a problem without being read (this bounds the work per line)."""
"""Longer "names" are reported as a problem (the longest card name is about 140 characters)."""

MAIN = "main"
_SECTION_ALIASES = {
    "main": MAIN,
    "deck": MAIN,
    "mainboard": MAIN,
    "main deck": MAIN,
    "maindeck": MAIN,
    "sideboard": "sideboard",
    "side": "sideboard",
    "sb": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "companions": "companion",
    "maybeboard": "maybeboard",
    "maybe": "maybeboard",
    "considering": "maybeboard",
}
# Lines that, alone, switch section (Arena, MTGO "Sideboard:" and the like).
_BARE_HEADERS = {
    "deck": MAIN,
    "main": MAIN,
    "mainboard": MAIN,
    "main deck": MAIN,
    "sideboard": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "maybeboard": "maybeboard",
    "considering": "maybeboard",
}
_OUT_OF_DECK_CATEGORIES = {
    "commander": "commander",
    "commanders": "commander",
    "sideboard": "sideboard",
    "maybeboard": "maybeboard",
    "considering": "maybeboard",
    "companion": "companion",
}

_COUNT = re.compile(r"^(?P<count>[+-]?\d+)[xX×]?\s+(?P<rest>\S.*)$")
_COUNT_ONLY = re.compile(r"^[+-]?\d+[xX×]?$")
_SET = re.compile(r"\((?P<set>[A-Za-z0-9_-]{2,8})\)(?:\s+(?P<number>[^\s()\[\]]{1,12}))?")
_NAME_HEADER = re.compile(r"^name(?:\s*[:=]\s*|\s+)(?P<name>\S.*)$", re.IGNORECASE)
_COMMENT_NAME = re.compile(r"^#\s*name\s*:\s*(?P<name>.*)$", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_FLAGS = re.compile(r"\{[^{}]*\}")
_TRAILING_COUNT = re.compile(r"\(\s*\d+\s*\)$")


@dataclass
class Problem:
    """A line of a decklist that could not be read."""

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


def _header_key(text: str) -> str:
    """A header's text, case-folded, spaces tidied, trailing ':' and '(12)' counts dropped."""
    name = " ".join(text.split())
    previous = None
    while name != previous:  # drop trailing ':' and '(12)' counts, in any mix
        previous = name
        name = name.rstrip(":").rstrip()
        if name.endswith(")"):
            start = name.rfind("(")
            if start >= 0 and _TRAILING_COUNT.fullmatch(name[start:]):
                name = name[:start].rstrip()
    return name.casefold()


def _section_name(text: str) -> str:
    """Lower-case section name for a header's text."""
    name = _header_key(text)
    return _SECTION_ALIASES.get(name, name)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _has_control(text: str) -> bool:
    """True if ``text`` holds a control character or a lone surrogate."""
    return _CONTROL.search(text) is not None


@dataclass
class _Line:
    number: int
    text: str
    kind: str  # "blank", "comment", "header", "entry", "problem", "sb"
    entry: Entry | None = None


@dataclass
class Decklist:
    """A decklist: entries in sections, plus the problems met while reading it.

    Equality compares the name and the entries (count, name, section, printing, category), not
    line numbers, problems or annotations.
    """

    entries: list[Entry]
    """The cards, in the order written."""
    problems: list[Problem] = field(default_factory=list, compare=False)
    """Lines that could not be read, in order."""
    name: str = ""
    """Deck name from a ``# name: ...`` or ``Name ...`` header line, or empty."""
    annotations: list[str] = field(default_factory=list, compare=False)
    """Card-facts lines (``#! Name | cost | type | P/T | tags``) in the list, as written."""

    # -- reading ---------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str) -> Decklist:
        """Read a decklist. Never raises for any ``str``; see the module docstring."""
        if not isinstance(text, str):
            return cls([], [Problem(0, "", "a decklist must be text")])
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text.startswith("\ufeff"):
            text = text[1:]
        deck = cls([])
        lines: list[_Line] = []
        section = MAIN
        saw_header = False
        saw_entry = False
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.lstrip("\ufeff").replace("\t", " ").strip()
            if not line:
                lines.append(_Line(number, raw, "blank"))
                continue
            if len(line) > MAX_LINE_LENGTH:
                message = f"line too long to be a card ({len(line)} characters)"
                deck.problems.append(Problem(number, raw, message))
                lines.append(_Line(number, raw, "problem"))
                continue
            if line.startswith(ANNOTATION_PREFIX):
                try:
                    parse_annotation(line, number)
                except CardDataError as error:
                    deck.problems.append(Problem(number, raw, str(error).split(": ", 1)[-1]))
                else:
                    deck.annotations.append(line)
                lines.append(_Line(number, raw, "comment"))
                continue
            if line.startswith("#"):
                match = _COMMENT_NAME.match(line)
                if match and not deck.name:
                    deck.name = _SPACES.sub(" ", match.group("name")).strip()
                lines.append(_Line(number, raw, "comment"))
                continue
            if line.startswith("//"):
                header = line[2:].strip()
                if not header or _has_control(header):
                    deck.problems.append(
                        Problem(number, raw, "a '//' section header needs a section name")
                    )
                    lines.append(_Line(number, raw, "problem"))
                    continue
                name = _section_name(header)
                if not name:
                    deck.problems.append(
                        Problem(number, raw, f"section header {header!r} has no name")
                    )
                    lines.append(_Line(number, raw, "problem"))
                    continue
                section = name
                saw_header = True
                lines.append(_Line(number, raw, "header"))
                continue
            if len(line) <= 40 and line[0].isascii() and line[0].isalpha():
                key = _header_key(line)
                if key in _BARE_HEADERS:
                    section = _BARE_HEADERS[key]
                    saw_header = True
                    lines.append(_Line(number, raw, "header"))
                    continue
                if key == "about":
                    lines.append(_Line(number, raw, "comment"))
                    continue
            if not saw_entry:
                match = _NAME_HEADER.match(line)
                if match and line[:4].casefold() == "name":
                    if not deck.name:
                        deck.name = _SPACES.sub(" ", match.group("name")).strip()
                    lines.append(_Line(number, raw, "comment"))
                    continue
            entry_section = section
            kind = "entry"
            body = line
            if body[:3].casefold() == "sb:":
                body = body[3:].strip()
                entry_section = "sideboard"
                kind = "sb"
            entry, message = _read_entry(body, entry_section, number)
            if entry is None:
                deck.problems.append(Problem(number, raw, message))
                lines.append(_Line(number, raw, "problem"))
                continue
            saw_entry = True
            lines.append(_Line(number, raw, kind, entry))
        _apply_mtgo_sideboard(lines, saw_header)
        deck.entries = [line.entry for line in lines if line.entry is not None]
        return deck

    # -- writing ---------------------------------------------------------------------------

    def to_text(self) -> str:
        """Write the list in the project's format: ``# name:``, annotations, then the entries
        with a ``// Section`` header wherever the section changes."""
        out: list[str] = []
        if self.name:
            out.append(f"# name: {self.name}")
        out.extend(self.annotations)
        current = MAIN
        for entry in self.entries:
            if entry.section != current:
                if out:
                    out.append("")
                title = entry.section.title() if entry.section.isascii() else entry.section
                out.append(f"// {title}")
                current = entry.section
            out.append(entry.to_line())
        return "\n".join(out) + "\n"

    # -- queries ---------------------------------------------------------------------------

    def section(self, name: str) -> list[Entry]:
        """The entries of one section (``name`` is lower-cased), in order."""
        key = _section_name(name) if name else MAIN
        return [entry for entry in self.entries if entry.section == key]

    def cards(self, section: str = MAIN) -> list[str]:
        """Card names of one section, one per copy, in order."""
        return [entry.name for entry in self.section(section) for _ in range(entry.count)]

    def count(self, section: str = MAIN) -> int:
        """Number of cards in one section."""
        return sum(entry.count for entry in self.section(section))

    def sections(self) -> list[str]:
        """The sections that hold cards, in the order they first appear."""
        return list(dict.fromkeys(entry.section for entry in self.entries))

    def names(self) -> list[str]:
        """Every distinct card name, in the order first written (all sections)."""
        return list(dict.fromkeys(entry.name for entry in self.entries))

    def __repr__(self) -> str:
        sizes = ", ".join(f"{s}={self.count(s)}" for s in self.sections())
        label = f"{self.name!r}, " if self.name else ""
        return f"<Decklist {label}{sizes or 'empty'}; {len(self.problems)} problems>"


def _read_entry(body: str, section: str, number: int) -> tuple[Entry | None, str]:
    """Read ``body`` (a line without a ``SB:`` prefix) as an entry, or explain why not."""
    if _COUNT_ONLY.match(body):
        return None, "a count with no card name"
    count = 1
    rest = body
    match = _COUNT.match(body)
    if match:
        digits = match.group("count").lstrip("+")
        rest = match.group("rest")
        if digits.startswith("-"):
            return None, f"count {digits} is negative; write 1 to {MAX_COUNT}"
        if len(digits.lstrip("0")) > 6:
            shown = digits[:12] + ("..." if len(digits) > 12 else "")
            return None, f"count {shown} is too large; the limit is {MAX_COUNT}"
        count = int(digits)
        if count == 0:
            return None, "count 0: leave the line out, or write 1 or more"
        if count > MAX_COUNT:
            return None, f"count {count} is too large; the limit is {MAX_COUNT}"
    rest = rest.rstrip()
    labels: list[str] = []
    while True:  # trailing Archidekt tags (^Have^) and [categories], in any order
        if rest.endswith("^"):
            start = rest.rfind("^", 0, len(rest) - 1)
            if start < 0:
                break
            rest = rest[:start].rstrip()
            continue
        if rest.endswith("]"):
            start = rest.rfind("[")
            if start < 0 or "]" in rest[start:-1]:
                break
            labels.insert(0, rest[start + 1 : -1])
            rest = rest[:start].rstrip()
            continue
        break
    kept: list[str] = []
    for part in ",".join(labels).split(","):
        label = _FLAGS.sub("", part).strip() if "{" in part else part.strip()
        if not label:
            continue
        target = _OUT_OF_DECK_CATEGORIES.get(label.casefold())
        if target is not None:
            section = target
        else:
            kept.append(label)
    category = ",".join(kept) or None
    foil = False
    if rest[-3:] in ("*F*", "*f*", "*E*", "*e*") and rest[-4:-3].isspace():
        foil = True
        rest = rest[:-3].rstrip()
    set_code = number_text = None
    start = rest.rfind("(")
    if start > 0 and rest[start - 1].isspace():
        printing = _SET.fullmatch(rest, start)
        if printing:
            set_code = printing.group("set").upper()
            number_text = printing.group("number")
            rest = rest[:start].rstrip()
    name = _SPACES.sub(" ", rest).strip()
    if not name:
        return None, "no card name on this line"
    if _has_control(name):
        return None, "the card name contains control characters"
    if len(name) > MAX_NAME_LENGTH:
        return None, f"this is too long for a card name ({len(name)} characters)"
    if not any(ch.isalnum() for ch in name):
        return None, f"{name!r} is not a card name"
    return (
        Entry(
            count=count,
            name=name,
            section=section,
            line=number,
            set_code=set_code,
            number=number_text,
            foil=foil,
            category=category,
        ),
        "",
    )


def _apply_mtgo_sideboard(lines: list[_Line], saw_header: bool) -> None:
    """MTGO text: with no headers, ``SB:`` lines or comments and exactly two blocks of cards
    separated by blank lines, the second block is the sideboard."""
    if saw_header or any(line.kind in ("sb", "comment") for line in lines):
        return
    blocks: list[list[_Line]] = []
    previous_blank = True
    for line in lines:
        if line.kind == "blank":
            previous_blank = True
            continue
        if previous_blank:
            blocks.append([])
            previous_blank = False
        blocks[-1].append(line)
    if len(blocks) != 2:
        return
    for line in blocks[1]:
        if line.entry is not None and line.entry.section == MAIN:
            line.entry.section = "sideboard"


def did_you_mean(name: str, db: CardDB, n: int = 3, cutoff: float = 0.75) -> list[str]:
    """Up to ``n`` names in ``db`` close to ``name`` (for a "did you mean" hint), best first.

    Only a hint for people: the engine never swaps a name on its own.
    """
    key = normalize(name)
    keys = db.keys()
    close = difflib.get_close_matches(key, keys, n=n, cutoff=cutoff)
    found = [db[k].name for k in close]
    if not found:
        fronts = {normalize(card.front_name): card.name for card in db}
        close = difflib.get_close_matches(key, sorted(fronts), n=n, cutoff=cutoff)
        found = [fronts[k] for k in close]
    return found
