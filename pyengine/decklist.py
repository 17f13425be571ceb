"""Decklists: a forgiving reader and a writer for the lists players paste or export.

``Decklist.from_text`` reads every common export, detected from the text itself (no format
picker; the syntax of each is in ``decks/README.md``):

* plain ``N Name`` / ``Nx Name`` (and a bare ``Name``), the project's ``// Section`` headers;
* MTG Arena (``About`` / ``Name ...`` lines, ``Commander``, ``Companion``, ``Deck``,
  ``Sideboard``, ``Maybeboard`` lines, ``N Name (SET) 123``);
* MTGO text (``SB:`` lines, a trailing block after a blank line as the sideboard) and MTGO
  ``.dek`` XML (``<Cards Quantity= Sideboard= Name=>``);
* Moxfield (``*F*``, ``*E*``, collector numbers such as ``263a``, ``C21-263`` or ``123★``,
  ``#Tag`` suffixes, ``# Commander`` / ``// Commander`` section headers);
* Archidekt (``[Category]`` tags, ``[Commander{top}]``, lower-case set codes, ``^Tag^``);
* TappedOut (``*CMDR*`` marks the commander) and Deckstats (``//Main``, ``# !Commander``);
* Forge ``.dck`` (``[metadata]`` with ``Name=``, ``[Commander]``, ``[Main]``, ``[Sideboard]``,
  lines ``N Name|SET|art``);
* XMage ``.dck`` (``NAME:``, ``N [SET:num] Name``, ``SB:`` lines, ``LAYOUT`` lines);
* Cockatrice ``.cod`` XML (``<zone name="main">``, ``<card number= name=>``).

With the card data (``Decklist.read(text, cards, printed)``, what every page and the command
line use), a line whose name the grammar misreads is searched for the longest card name the data
knows, and what surrounds it is classified (:mod:`pyengine.decklist_names`).

Windows line ends, a byte-order mark, tabs and trailing spaces are fine. It never raises: lines
it cannot read are collected in ``Decklist.problems`` with their 1-based line numbers, and lines
it leaves out on purpose (a count of 0, a maybeboard) in ``Decklist.notes``.
``Decklist.to_text(fmt)`` writes a list in any of :data:`WRITE_FORMATS`, so that
``Decklist.from_text(d.to_text(fmt))`` gives back what that format can hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .cards import ANNOTATION_PREFIX, CardDataError, parse_annotation
from .decklist_names import CardNames, identify
from .decklist_parts import (
    MAIN,
    MAX_COUNT,
    MAX_NAME_LENGTH,
    OUT_OF_DECK,
    Entry,
    Problem,
    has_control,
    section_or_group,
)

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardDB
    from .printed_names import PrintedNames

__all__ = [
    "MAX_COUNT",
    "OUT_OF_DECK",
    "WRITE_FORMATS",
    "Decklist",
    "Entry",
    "CardNames",
    "Problem",
    "did_you_mean",
]

MAX_SEARCHED_LINES = 400
"""Lines of one list whose name is looked for among their words by the card data (a line whose
name the grammar read right costs one lookup; this bounds the rest)."""

MAX_LINE_LENGTH = 1000
"""Longer lines are reported as a problem without being read (this bounds the work per line)."""

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
    "command zone": "commander",
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
_MAYBE = ("maybeboard",)
MTGO_MAX_SIDEBOARD = 15
"""The largest trailing block read as an MTGO sideboard."""

_COUNT = re.compile(r"^(?P<count>[+-]?\d+)[xX×]?\s+(?P<rest>\S.*)$")
_COUNT_ONLY = re.compile(r"^[+-]?\d+[xX×]?$")
_SET_CODE = r"[A-Za-z0-9_-]{2,8}"
"""A set code as the readers accept it: every one of them, so what one format reads another writes
back (no real set code is a single character)."""
_SET = re.compile(r"\((?P<set>(?=[0-9_-]{0,7}[A-Za-z])" + _SET_CODE  # a set code has a letter
                  + r")\)(?:\s+(?P<number>[^\s()\[\]]{1,12}))?")
_LEADING_SET = re.compile(r"\[(?P<set>[A-Za-z0-9_-]{1,8})(?:[:#](?P<number>[^\s\[\]]{0,12}))?\]\s+")
_NAME_HEADER = re.compile(r"^name(?:\s*[:=]\s*|\s+)(?P<name>\S.*)$", re.IGNORECASE)
_COMMENT_NAME = re.compile(r"^#\s*name\s*:\s*(?P<name>.*)$", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_FLAGS = re.compile(r"\{[^{}]*\}")
_TRAILING_COUNT = re.compile(r"\(\s*\d+\s*\)$")
_XMAGE_LAYOUT = re.compile(r"^LAYOUT\s+\w+\s*:")
_FORGE_SECTION = re.compile(r"^\[(?P<name>[A-Za-z][A-Za-z _-]{0,30})\]$")
_MARKERS = {"f": "foil", "e": "foil", "cmdr": "commander", "a": "", "pf": "foil",
            "foil": "foil", "etched": "foil"}
#: Per-line finish marks in brackets or parentheses: ``(F)``, ``(Foil)``, ``[Foil]``.
_FINISH_WORDS = {"f": "foil", "foil": "foil", "e": "foil", "etched": "foil", "foil etched": "foil"}
#: Characters a Moxfield ``#tag`` (which may hold spaces) never contains.
_NOT_IN_TAG = set("[]^*()|")
#: Most trailing decorations (tags, categories, markers) read from one line.
_MAX_SUFFIXES = 24


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


@dataclass
class _Line:
    number: int
    text: str
    kind: str  # "blank", "comment", "header", "entry", "problem", "sb", "note"
    entry: Entry | None = None


# -- XML exports (MTGO .dek, Cockatrice .cod) ------------------------------------------------

_XML_ELEMENT = re.compile(
    r"<\s*(?P<tag>[A-Za-z_][\w.-]{0,40})(?P<attrs>[^<>]{0,2000}?)(?P<close>/?)>")
_XML_END = re.compile(r"<\s*/\s*(?P<tag>[A-Za-z_][\w.-]{0,40})\s*>")
_XML_ATTR = re.compile(r"""(?<![\w.:-])([A-Za-z_][\w.:-]{0,40})\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_XML_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _xml_unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        ref = match.group(1)
        if ref.startswith("#"):
            try:
                code = int(ref[2:], 16) if ref[1:2] in "xX" and len(ref) > 2 else int(ref[1:])
                return chr(code) if 0 < code < 0x110000 else ""
            except ValueError:
                return ""
        return _ENTITIES[ref]

    return _XML_ENTITY.sub(one, text)


def _xml_escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&apos;"))


def _looks_like_xml(text: str) -> str:
    """``"dek"`` or ``"cockatrice"`` if the text is one of those XML exports, else ``""``."""
    head = text.lstrip()[:4000]
    if not head.startswith("<"):
        return ""
    lowered = head.casefold()
    if "<cockatrice_deck" in lowered:
        return "cockatrice"
    if "<deck" in lowered and "<cards" in lowered:
        return "dek"
    return ""


def _read_xml(deck: Decklist, text: str, kind: str) -> None:
    """Read an MTGO ``.dek`` or Cockatrice ``.cod`` file (a small tolerant scanner: no DTDs,
    no entity expansion beyond the five XML entities and character references)."""
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line_of(position: int) -> int:
        low, high = 0, len(newlines)
        while low < high:
            mid = (low + high) // 2
            if newlines[mid] < position:
                low = mid + 1
            else:
                high = mid
        return low + 1

    zone = MAIN
    name_open = False
    found_any = False
    position = 0
    for match in _XML_ELEMENT.finditer(text):
        tag = match.group("tag").casefold()
        attrs = {key.casefold(): _xml_unescape(a if a is not None else b)
                 for key, a, b in _XML_ATTR.findall(match.group("attrs"))}
        line = line_of(match.start())
        if name_open:
            between = text[position:match.start()]
            end = _XML_END.search(between)
            value = between[: end.start()] if end else between
            if not deck.name:
                deck.name = _SPACES.sub(" ", _xml_unescape(value)).strip()[:MAX_NAME_LENGTH]
            name_open = False
        position = match.end()
        if kind == "cockatrice":
            if tag == "zone":
                zone_name = attrs.get("name", "main").casefold()
                zone = {"side": "sideboard", "main": MAIN}.get(zone_name,
                                                               _section_name(zone_name) or MAIN)
                continue
            if tag == "deckname" and not match.group("close"):
                name_open = True
                continue
            if tag != "card":
                continue
            count_text, name, section = attrs.get("number", "1"), attrs.get("name", ""), zone
            set_code = attrs.get("setshortname") or None
            number = attrs.get("collectornumber") or None
        else:
            if tag != "cards":
                continue
            count_text, name = attrs.get("quantity", "1"), attrs.get("name", "")
            side = attrs.get("sideboard", "false").casefold() == "true"
            section = "sideboard" if side else MAIN
            set_code = number = None
        found_any = True
        raw = match.group(0)
        body = f"{count_text.strip()} {name.strip()}"
        entry, message = _read_entry(body, section, line)
        if entry is None:
            if message.startswith("count 0"):
                deck.notes.append(Problem(line, raw, "a count of 0: left out"))
            else:
                deck.problems.append(Problem(line, raw, message))
            continue
        if set_code and re.fullmatch(_SET_CODE, set_code):
            entry.set_code = set_code.upper()
            if number and re.fullmatch(r"[^\s()\[\]]{1,12}", number):
                entry.number = number
        deck.entries.append(entry)
    if not found_any:
        deck.problems.append(Problem(1, text.lstrip()[:80], f"this {_FORMAT_TITLES[kind]} file "
                                     "holds no cards"))


# -- writers ---------------------------------------------------------------------------------

WRITE_FORMATS = ("text", "arena", "mtgo", "dek", "moxfield", "archidekt", "tappedout",
                 "deckstats", "forge", "xmage", "cockatrice", "csv")
"""Formats :meth:`Decklist.to_text` writes (and :meth:`Decklist.from_text` reads)."""

_FORMAT_TITLES = {
    "text": "plain text",
    "arena": "MTG Arena",
    "mtgo": "MTGO text",
    "dek": "MTGO .dek",
    "moxfield": "Moxfield",
    "archidekt": "Archidekt",
    "tappedout": "TappedOut",
    "deckstats": "Deckstats",
    "forge": "Forge .dck",
    "xmage": "XMage .dck",
    "cockatrice": "Cockatrice .cod",
    "csv": "CSV/TSV table",
}

_ARENA_HEADERS = {MAIN: "Deck", "sideboard": "Sideboard", "commander": "Commander",
                  "companion": "Companion", "maybeboard": "Maybeboard"}
_FORGE_HEADERS = {MAIN: "Main", "sideboard": "Sideboard", "commander": "Commander"}


def _by_section(entries: list[Entry], order: tuple[str, ...]) -> list[tuple[str, list[Entry]]]:
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(entry.section, []).append(entry)
    ordered = [s for s in order if s in groups] + [s for s in groups if s not in order]
    return [(s, groups[s]) for s in ordered]


def _printing(entry: Entry, lower: bool = False) -> str:
    if not entry.set_code:
        return ""
    code = entry.set_code.lower() if lower else entry.set_code
    return f" ({code})" + (f" {entry.number}" if entry.number else "")


# -- the decklist ----------------------------------------------------------------------------

_OUT_OF_DECK = frozenset(OUT_OF_DECK)


@dataclass(frozen=True)
class Grouped:
    """A decklist's entries by section, made in one pass (:meth:`Decklist.grouped`)."""

    sections: dict[str, list[Entry]]
    """Each section's entries in order; the sections in the order they first appear."""
    library: list[Entry]
    """The entries of the library (:meth:`Decklist.deck_entries`), in order."""

    def section(self, name: str) -> list[Entry]:
        """The entries of one section (a section key as the reader stores it), in order; a new
        list."""
        return list(self.sections.get(name, ()))



@dataclass
class Decklist:
    """A decklist: entries in sections, plus the problems met while reading it.

    Equality compares the name and the entries (count, name, section, printing, category), not
    line numbers, problems, notes or annotations.
    """

    entries: list[Entry]
    """The cards, in the order written."""
    problems: list[Problem] = field(default_factory=list, compare=False)
    """Lines that could not be read, in order."""
    name: str = ""
    """Deck name from a ``# name: ...``, ``Name ...``, ``Name=``, ``NAME:`` or ``<deckname>``."""
    annotations: list[str] = field(default_factory=list, compare=False)
    """Card-facts lines (``#! Name | cost | type | P/T | tags``) in the list, as written."""
    notes: list[Problem] = field(default_factory=list, compare=False)
    """Lines left out on purpose (a count of 0, maybeboard cards), with why."""
    format: str = field(default="text", compare=False)
    """The export format the text looked like (a key of :data:`WRITE_FORMATS`)."""
    blank_lines: list[int] = field(default_factory=list, compare=False)
    """Line numbers of the blank lines (blocks of cards matter to some exports)."""
    uncounted: int = field(default=0, compare=False)
    """Lines with no count whose grammar alone does not make them headings, read as a card or
    a heading without card data to tell which (read the text again with ``known=`` to decide
    them by the card data)."""

    # -- reading ---------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, known: Callable[[str], bool] | None = None) -> Decklist:
        """Read a decklist. Never raises for any ``str``; see the module docstring.

        ``known`` (optional) tells whether a name is a card in the card data: with it, a line
        with no count that is not a card, set apart by a blank line above and followed by
        cards, is read as a group heading (``Ramp``) even in a list where no line has a count.
        """
        if not isinstance(text, str):
            return cls([], [Problem(0, "", "a decklist must be text")])
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text.startswith("\ufeff"):
            text = text[1:]
        deck = cls([])
        xml = _looks_like_xml(text)
        if xml:
            deck.format = xml
            _read_xml(deck, text, xml)
            _note_maybeboard(deck)
            return deck
        from .decklist_table import looks_tabular, read_table

        table = looks_tabular(text)
        if table is not None:
            read_table(deck, text, *table)
            if isinstance(known, CardNames):
                for row in deck.entries[:MAX_SEARCHED_LINES]:
                    _identified(deck, row, row.name, known, row.line, row.name)
            _note_maybeboard(deck)
            return deck
        raw_lines = text.split("\n")
        layouts: list[_Layout] = []

        def layout() -> _Layout:  # worked out the first time a line without a count needs it
            if not layouts:
                layouts.append(_layout(raw_lines))
            return layouts[0]

        headings: list[str] = []
        lines: list[_Line] = []
        section = MAIN
        saw_header = False
        saw_entry = False
        metadata = False
        seen: set[str] = set()
        about = -1
        for number, raw in enumerate(raw_lines, start=1):
            line = raw.lstrip("\ufeff").replace("\t", " ").strip()
            if not line:
                lines.append(_Line(number, raw, "blank"))
                deck.blank_lines.append(number)
                if about == number - 1:
                    about = number  # the name line may follow a blank one
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
                key = _header_key(line.lstrip("#").strip())
                if key in _SECTION_ALIASES and not has_control(line):
                    section = _SECTION_ALIASES[key]
                    saw_header = True
                    seen.add("moxfield")
                    lines.append(_Line(number, raw, "header"))
                    continue
                lines.append(_Line(number, raw, "comment"))
                continue
            if line.startswith("//"):
                header = line[2:].strip()
                if not header or has_control(header):
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
                if section_or_group(name) == name:
                    section = name
                else:  # a group of the deck ('// Creatures', '// Ramp'): its cards are in it
                    section = _heading_section(header, number, raw, deck)
                    if section == MAIN:
                        headings.append(_FLAGS.sub("", header).strip())
                saw_header = True
                lines.append(_Line(number, raw, "header"))
                continue
            if line.startswith("[") and line.endswith("]") and "{" in line \
                    and not has_control(line) and line.count("[") == 1:
                section = _heading_section(line[1:-1], number, raw, deck)
                saw_header = True
                headings.append(_FLAGS.sub("", line[1:-1]).strip())
                lines.append(_Line(number, raw, "header"))
                continue
            forge = _FORGE_SECTION.match(line)
            if forge:
                key = _section_name(forge.group("name"))
                seen.add("forge")
                saw_header = True
                lines.append(_Line(number, raw, "header"))
                metadata = key == "metadata"
                if not metadata:
                    section = section_or_group(key)
                continue
            if metadata and "=" in line:
                key, _, value = line.partition("=")
                if key.strip().casefold() == "name" and not deck.name and not has_control(value):
                    deck.name = _SPACES.sub(" ", value).strip()
                lines.append(_Line(number, raw, "comment"))
                continue
            if _XMAGE_LAYOUT.match(line):
                seen.add("xmage")
                lines.append(_Line(number, raw, "comment"))
                continue
            if len(line) <= 40 and line[0].isascii() and line[0].isalpha():
                key = _header_key(line)
                if key in _BARE_HEADERS:
                    section = _BARE_HEADERS[key]
                    saw_header = True
                    seen.add("arena")
                    lines.append(_Line(number, raw, "header"))
                    continue
                if key == "about":
                    seen.add("arena")
                    lines.append(_Line(number, raw, "comment"))
                    about = number
                    continue
            if not saw_entry or about == number - 1:  # Arena's About block, wherever it is
                match = _NAME_HEADER.match(line)
                if match and line[:4].casefold() == "name" and not has_control(line):
                    if not deck.name:
                        deck.name = _SPACES.sub(" ", match.group("name")).strip()
                    if line[:5] == "NAME:":
                        seen.add("xmage")
                    lines.append(_Line(number, raw, "comment"))
                    continue
            if not (line[:1].isdigit() and _COUNT.match(line)) and not _COUNT_ONLY.match(line) \
                    and line[:3].casefold() != "sb:" and not has_control(line):
                if known is None and "{" not in line and not _plainly_not_a_card(line):
                    deck.uncounted += 1  # decided without card data: a card, or a heading
                title = _heading_title(line, number, layout, known)
                if title is not None:
                    section = _heading_section(title, number, raw, deck)
                    saw_header = True
                    headings.append(_FLAGS.sub("", title).strip())
                    lines.append(_Line(number, raw, "header"))
                    continue
            entry_section = section
            kind = "entry"
            body = line
            if body[:3].casefold() == "sb:":
                body = body[3:].strip()
                entry_section = "sideboard"
                kind = "sb"
            entry, message = _read_entry(body, entry_section, number, seen)
            if entry is None:
                if message.startswith("count 0"):
                    deck.notes.append(Problem(number, raw, "a count of 0: left out"))
                    lines.append(_Line(number, raw, "note"))
                    continue
                deck.problems.append(Problem(number, raw, message))
                lines.append(_Line(number, raw, "problem"))
                continue
            saw_entry = True
            lines.append(_Line(number, raw, kind, entry))
        _apply_mtgo_sideboard(lines, saw_header, seen)
        if isinstance(known, CardNames):
            searched = 0
            for read in lines:
                if read.entry is None:
                    continue
                if known.exact(read.entry.name) is None:
                    if searched >= MAX_SEARCHED_LINES:
                        continue  # bounded: the rest stay as the grammar read them
                    searched += 1
                body = read.text.lstrip("\ufeff").replace("\t", " ").strip()
                if read.kind == "sb":
                    body = body[3:].strip()
                _identified(deck, read.entry, body, known, read.number, read.text)
        deck.entries = [line.entry for line in lines if line.entry is not None]
        deck.format = _guess_format(seen, lines)
        if headings:
            shown = ", ".join(headings[:8]) + (", ..." if len(headings) > 8 else "")
            deck.notes.append(Problem(0, "", f"{len(headings)} group heading"
                                      f"{'s' if len(headings) != 1 else ''} read as headings, "
                                      f"not cards: {shown}"))
        _note_maybeboard(deck)
        return deck

    @classmethod
    def read(cls, text: str, cards: CardDB | None, printed: PrintedNames | None = None
             ) -> Decklist:
        """The one reading of a pasted list every page and command uses: by the card data
        ``cards`` (with the list's own ``#!`` facts on top) and, when loaded, the printed
        names in other languages (:class:`pyengine.decklist_names.CardNames`); by the grammar
        alone without card data."""
        if cards is None or not isinstance(text, str):
            return cls.from_text(text)
        if ANNOTATION_PREFIX in text:
            cards = cards.with_annotations(text)
        return cls.from_text(text, known=CardNames(cards, printed))

    # -- writing ---------------------------------------------------------------------------

    def to_text(self, fmt: str = "text") -> str:
        """Write the list in ``fmt`` (one of :data:`WRITE_FORMATS`; default the project's own
        format: ``# name:``, annotations, then the entries with a ``// Section`` header wherever
        the section changes). Raises ``ValueError`` for an unknown format.

        What a format cannot hold is left out: MTGO, XMage, ``.dek`` and Cockatrice keep only
        the main deck and the sideboard (a commander goes to the sideboard, as those programs
        do); Forge keeps set codes but not collector numbers; only Moxfield, Archidekt and the
        project's format keep foil marks; only Archidekt and the project's keep categories."""
        writer = _WRITERS.get(fmt)
        if writer is None:
            raise ValueError(f"unknown decklist format {fmt!r}; formats: "
                             + ", ".join(WRITE_FORMATS))
        return writer(self)

    def _text(self) -> str:
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

    def _arena(self) -> str:
        out: list[str] = []
        if self.name:
            out += ["About", f"Name {self.name}", ""]
        for section, entries in _by_section(self.entries, ("commander", "companion", MAIN,
                                                           "sideboard", "maybeboard")):
            out.append(_ARENA_HEADERS.get(section, section.title()))
            out += [f"{e.count} {e.name}{_printing(e)}" for e in entries]
            out.append("")
        return "\n".join(out)

    def _mtgo(self) -> str:
        main = [e for e in self.entries if e.section == MAIN]
        side = [e for e in self.entries if e.section in ("sideboard", "commander")]
        return "".join(f"{e.count} {e.name}\n" for e in main) + "".join(
            f"SB: {e.count} {e.name}\n" for e in side)

    def _dek(self) -> str:
        out = ['<?xml version="1.0" encoding="utf-8"?>',
               '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
               'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
               "  <NetDeckID>0</NetDeckID>", "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
        for entry in self.entries:
            if entry.section not in (MAIN, "sideboard", "commander"):
                continue
            side = "false" if entry.section == MAIN else "true"
            out.append(f'  <Cards CatID="0" Quantity="{entry.count}" Sideboard="{side}" '
                       f'Name="{_xml_escape(entry.name)}" Annotation="0" />')
        out.append("</Deck>")
        return "\n".join(out) + "\n"

    def _moxfield(self) -> str:
        out: list[str] = []
        for section, entries in _by_section(self.entries, ("commander", "companion", MAIN,
                                                           "sideboard", "maybeboard")):
            title = "Mainboard" if section == MAIN else section.title()
            out.append(f"# {title}")
            for e in entries:
                out.append(f"{e.count} {e.name}{_printing(e)}" + (" *F*" if e.foil else ""))
            out.append("")
        return "\n".join(out)

    def _archidekt(self) -> str:
        out: list[str] = []
        for e in self.entries:
            labels = [] if e.section == MAIN else [e.section.title()]
            if e.category:
                labels.append(e.category)
            line = f"{e.count}x {e.name}{_printing(e, lower=True)}" + (" *F*" if e.foil else "")
            out.append(line + (f" [{','.join(labels)}]" if labels else ""))
        return "\n".join(out) + "\n"

    def _tappedout(self) -> str:
        out: list[str] = []
        for e in self.entries:
            if e.section == "commander":
                out.append(f"{e.count}x {e.name} *CMDR*")
            elif e.section == "sideboard":
                out.append(f"SB: {e.count}x {e.name}")
            elif e.section == MAIN:
                out.append(f"{e.count}x {e.name}")
        return "\n".join(out) + "\n"

    def _deckstats(self) -> str:
        out = ["//Main"]
        out += [f"{e.count} {e.name} # !Commander" for e in self.entries
                if e.section == "commander"]
        for section, entries in _by_section(self.entries, (MAIN, "sideboard", "maybeboard")):
            if section == "commander":
                continue
            if section != MAIN:
                out += ["", f"//{section.title() if section.isascii() else section}"]
            out += [f"{e.count} {e.name}" for e in entries]
        return "\n".join(out) + "\n"

    def _forge(self) -> str:
        out = ["[metadata]", f"Name={self.name}"]
        for section, entries in _by_section(self.entries, ("commander", MAIN, "sideboard")):
            out.append(f"[{_FORGE_HEADERS.get(section, section.title())}]")
            out += [f"{e.count} {e.name}" + (f"|{e.set_code}" if e.set_code else "")
                    for e in entries]
        return "\n".join(out) + "\n"

    def _xmage(self) -> str:
        out = [f"NAME:{self.name}"] if self.name else []
        for e in self.entries:
            printing = f"[{e.set_code}:{e.number or ''}] " if e.set_code else ""
            if e.section == MAIN:
                out.append(f"{e.count} {printing}{e.name}")
            elif e.section in ("sideboard", "commander"):
                out.append(f"SB: {e.count} {printing}{e.name}")
        out.append("LAYOUT MAIN:(1,1)(NONE,false,50)|([])")
        return "\n".join(out) + "\n"

    def _cockatrice(self) -> str:
        out = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
               f"    <deckname>{_xml_escape(self.name)}</deckname>", "    <comments></comments>"]
        for zone, sections in (("main", (MAIN,)), ("side", ("sideboard", "commander"))):
            cards = [e for e in self.entries if e.section in sections]
            if not cards:
                continue
            out.append(f'    <zone name="{zone}">')
            out += [f'        <card number="{e.count}" name="{_xml_escape(e.name)}"/>'
                    for e in cards]
            out.append("    </zone>")
        out.append("</cockatrice_deck>")
        return "\n".join(out) + "\n"

    # -- queries ---------------------------------------------------------------------------

    def grouped(self) -> Grouped:
        """Every section's entries and the library, from one pass over the list: for a reader
        that asks for several sections of one list (the deck check over a pasted megabyte).
        The lists are the reader's own (a new grouping per call)."""
        sections: dict[str, list[Entry]] = {}
        library: list[Entry] = []
        out = _OUT_OF_DECK
        for entry in self.entries:
            key = entry.section
            found = sections.get(key)
            if found is None:
                sections[key] = [entry]
            else:
                found.append(entry)
            if key not in out:
                library.append(entry)
        return Grouped(sections, library)

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

    def deck_entries(self) -> list[Entry]:
        """The entries of the library: every section but those in :data:`OUT_OF_DECK`
        (``// Creatures``-style group headers stay in the deck)."""
        return [entry for entry in self.entries if entry.section not in _OUT_OF_DECK]

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


def _to_csv(deck: Decklist) -> str:
    from .decklist_table import to_csv

    return to_csv(deck)


_WRITERS: dict[str, Callable[[Decklist], str]] = {
    "text": Decklist._text,
    "arena": Decklist._arena,
    "mtgo": Decklist._mtgo,
    "dek": Decklist._dek,
    "moxfield": Decklist._moxfield,
    "archidekt": Decklist._archidekt,
    "tappedout": Decklist._tappedout,
    "deckstats": Decklist._deckstats,
    "forge": Decklist._forge,
    "xmage": Decklist._xmage,
    "cockatrice": Decklist._cockatrice,
    "csv": _to_csv,
}


def format_title(fmt: str) -> str:
    """A format key as people say it: ``"arena"`` -> ``"MTG Arena"``."""
    return _FORMAT_TITLES.get(fmt, fmt)


def _strip_suffixes(rest: str) -> tuple[str, list[str], list[str]]:
    """Trailing decorations of an entry, right to left: Archidekt ``^Tag^`` and ``[Category]``,
    Moxfield ``#Tag``, Deckstats ``# !Commander``, markers ``*F*``/``*E*``/``*CMDR*``.
    Returns (the rest, the [labels] in order, the markers: ``foil``, ``commander``). Any run
    of white space (a tab, a form feed) counts as one space, as in the name read after it: a
    ``#tag`` after a form feed is a tag, as it is once the name is written back with a space."""
    rest = _SPACES.sub(" ", rest)
    labels: list[str] = []
    markers: list[str] = []
    for _ in range(_MAX_SUFFIXES):
        rest = rest.rstrip()
        if not rest:
            break
        last = rest[-1]
        if last == "^":
            start = rest.rfind("^", 0, len(rest) - 1)
            if start < 0:
                break
            rest = rest[:start]
            continue
        if last == "]":
            start = rest.rfind("[")
            if start <= 0 or "]" in rest[start:-1]:
                break
            label = rest[start + 1 : -1]
            if label.strip().casefold() in _FINISH_WORDS:
                markers.append("foil")
            else:
                labels.insert(0, label)
            rest = rest[:start]
            continue
        if last == ")":
            start = rest.rfind("(")
            if start > 0 and rest[start + 1 : -1].strip().casefold() in _FINISH_WORDS:
                markers.append("foil")
                rest = rest[:start]
                continue
        if last == "+" and len(rest) > 1 and not rest[-2].isspace() and rest[-2] != "+":
            markers.append("foil")  # Forge marks a foil card with a trailing '+'
            rest = rest[:-1]
            continue
        if last == "*":
            start = rest.rfind("*", 0, len(rest) - 1)
            marker = _MARKERS.get(rest[start + 1 : -1].casefold()) if start > 0 else None
            if marker is None or not rest[start - 1].isspace():
                break
            if marker:
                markers.append(marker)
            rest = rest[:start]
            continue
        head, space, word = rest.rpartition(" ")
        if not space:
            break
        if word.startswith("#") and len(word) > 1:
            if word[1:].casefold() == "!commander":
                markers.append("commander#")
            rest = head
            continue
        if word.casefold() == "!commander" and head.rstrip().endswith(" #"):
            markers.append("commander#")
            rest = head.rstrip()[:-1]
            continue
        hash_at = rest.rfind(" #")
        tail = rest[hash_at + 2:] if hash_at > 0 else ""
        if tail.strip() and not _NOT_IN_TAG.intersection(tail):
            if tail.strip().casefold() == "!commander":
                markers.append("commander#")
            rest = rest[:hash_at]  # a Moxfield tag with spaces: '#Card Draw'
            continue
        break
    return rest.rstrip(), labels, markers


def _read_entry(body: str, section: str, number: int,
                seen: set[str] | None = None) -> tuple[Entry | None, str]:
    """Read ``body`` (a line without a ``SB:`` prefix) as an entry, or explain why not."""
    seen = seen if seen is not None else set()
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
    set_code = number_text = None
    # XMage "[SET:num] Name", Deckstats "[SET] Name"
    leading = _LEADING_SET.match(rest) if rest.startswith("[") else None
    if leading and len(leading.group("set")) >= 2 and not rest[leading.end():].startswith("[") \
            and _strip_suffixes(" " + rest[leading.end():])[0].strip():  # a name must follow
        set_code = leading.group("set").upper()
        number_text = leading.group("number") or None
        rest = rest[leading.end():]
        seen.add("xmage" if ":" in leading.group(0) else "deckstats")
    forge_foil = False
    if "|" in rest and " | " not in rest:  # Forge "Name|SET|art" (" | " parts decorations)
        rest, _, printing = rest.partition("|")
        printing = printing.strip()
        if printing.endswith("+"):
            forge_foil, printing = True, printing[:-1]
        code = printing.partition("|")[0].strip()
        if re.fullmatch(_SET_CODE, code):
            set_code = code.upper()
        seen.add("forge")
    rest, labels, markers = _strip_suffixes(rest)
    if "commander" in markers or "commander#" in markers:
        section = "commander"
        seen.add("tappedout" if "commander" in markers else "deckstats")
    kept: list[str] = []
    out_of_deck = False
    for part in ",".join(labels).split(","):
        label = _FLAGS.sub("", part).strip() if "{" in part else part.strip()
        if "{nodeck}" in part.casefold():
            out_of_deck = True
        if not label:
            continue
        target = _OUT_OF_DECK_CATEGORIES.get(label.casefold())
        if target is not None:
            section = target
        else:
            kept.append(label)
    if out_of_deck and section not in OUT_OF_DECK:
        section = "maybeboard"  # Archidekt: a category marked {noDeck} is not in the deck
    if labels:
        seen.add("archidekt")
    category = ",".join(kept) or None
    foil = "foil" in markers or forge_foil
    start = rest.rfind("(")
    if start > 0 and rest[start - 1].isspace():
        found = _SET.fullmatch(rest, start)
        if found:
            set_code = found.group("set").upper()
            number_text = found.group("number")
            rest = rest[:start].rstrip()
    name = _SPACES.sub(" ", rest).strip()
    if not name:
        return None, "no card name on this line"
    if has_control(name):
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


def _identified(deck: Decklist, entry: Entry, body: str, names: CardNames, number: int,
                raw: str) -> None:
    """Read ``entry`` by the card data (:func:`pyengine.decklist_names.identify`) and note
    how, when it was not read as written."""
    said, unread = identify(entry, body, names, bool(_COUNT.match(body)))
    if said or unread:
        left = f"{unread!r} was not read" if unread else ""
        message = "; ".join(part for part in (said or f"read as {entry.name}", left) if part)
        deck.notes.append(Problem(number, raw, message))


def _guess_format(seen: set[str], lines: list[_Line]) -> str:
    for fmt in ("forge", "xmage", "deckstats", "tappedout", "archidekt", "moxfield", "arena",
                "mtgo"):
        if fmt in seen:
            return fmt
    if any(line.kind == "sb" for line in lines):
        return "mtgo"
    return "text"


def _note_maybeboard(deck: Decklist) -> None:
    maybe = [e for e in deck.entries if e.section in _MAYBE]
    if maybe:
        total = sum(e.count for e in maybe)
        deck.notes.append(Problem(maybe[0].line, "", f"the maybeboard ({total} card"
                                  f"{'s' if total != 1 else ''}) is not part of the deck: "
                                  "left out"))


def _apply_mtgo_sideboard(lines: list[_Line], saw_header: bool, seen: set[str]) -> None:
    """MTGO text: with no headers, ``SB:`` lines or comments and exactly two blocks of cards
    separated by blank lines, the second block is the sideboard when it is smaller than the
    first and at most :data:`MTGO_MAX_SIDEBOARD` cards (a one-card block first and 99 cards
    after it is a commander and its deck, as Moxfield exports them)."""
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
    first, second = ([line.entry.count for line in block if line.entry is not None]
                     for block in blocks)
    if sum(second) > MTGO_MAX_SIDEBOARD or sum(second) >= sum(first):
        return  # a commander block first (Moxfield), or two halves of one deck
    seen.add("mtgo")
    for line in blocks[1]:
        if line.entry is not None and line.entry.section == MAIN:
            line.entry.section = "sideboard"


# -- group headings (grouped text exports) -----------------------------------------------------

#: Card types and supertypes: a line made only of these words (singular or plural, with
#: "and", "&", "/", "non") is a group heading such as ``Creatures`` or ``Artifact Lands``.
_TYPE_WORDS = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
               "planeswalker", "sorcery", "sorceries", "tribal", "dungeon",
               "phenomenon", "plane", "scheme", "vanguard", "basic", "legendary", "snow",
               "world", "ongoing", "spell", "permanent", "other", "others", "token", "card",
               "commander", "companion", "nonbasic", "nonland", "noncreature", "mana", "rock",
               "ramp", "removal", "draw", "wincon", "wincons", "utility", "misc",
               "miscellaneous", "uncategorized", "unsorted"}
_JOINERS = {"and", "&", "/", "+", "-", "—", "or", "non"}
#: Group names that mean "not in the deck" (besides the sections in OUT_OF_DECK); none is a
#: card's name (``Cut`` and ``Acquire`` are cards, so only ``Cuts`` and ``To acquire`` are here).
_OUT_GROUPS = {"out of deck", "not in deck", "outside", "outside the deck", "wishlist",
               "wish list", "cuts", "to cut", "to buy", "to acquire", "wants",
               "maybe", "considering", "maybeboard", "sideboard", "side", "sb", "extras",
               "tokens", "tokens & extras", "tokens and extras"}
_HEADING_COUNT = re.compile(
    r"^(?P<title>.*?\S)\s*(?:[(\[]\s*\d{1,4}(?:\s*cards?)?\s*[)\]]|:\s*\d{1,4}|:)\s*$",
    re.IGNORECASE)
_METADATA = re.compile(r"^[A-Za-z][A-Za-z ]{0,30}=")
#: The opening mark of a Markdown-emphasised heading (``**Creatures**``, ``== Lands ==``).
_MARK_OPEN = re.compile(r"\*\*|__|==+|--+|~~")


def _markdown_title(line: str) -> str | None:
    """The title of a Markdown-emphasised heading line (``**Creatures**``, ``__Lands__``,
    ``== Lands ==``, ``-- Side --``, ``~~Maybe~~``), else None. Read in one pass (the pattern
    ``^mark, spaces, a lazy title, spaces, mark$`` it replaces, same answers, took seconds on a
    1,000-character line of spaces: a lazy title between two runs of spaces is cubic)."""
    opening = _MARK_OPEN.match(line)
    if opening is None:
        return None
    body = line[opening.end():]
    if body[-2:] in ("**", "__", "~~"):
        region = body[:-2]
    elif body[-2:] in ("==", "--"):
        region = body.rstrip(body[-1])
    else:
        return None
    core = region.lstrip()
    if core and core[0] not in "*_=~-":
        return core.rstrip()
    if len(core) < len(region):  # the title starts with the last space before it
        return (region[len(region) - len(core) - 1] + core).rstrip() or region[-1]
    return None



class _NextLines:
    """The next line's stripped text, on demand (most lines never ask)."""

    def __init__(self, raw_lines: list[str]) -> None:
        self._lines = raw_lines

    def __getitem__(self, index: int) -> str:
        return self._lines[index + 1].strip() if index + 1 < len(self._lines) else ""


@dataclass
class _Layout:
    """What a grouped export looks like, from a first look at every line."""

    counted: bool
    """Most card lines start with a count (so a line without one is a heading)."""
    next_counted: list[bool]
    """Per line: the next line starts with a count."""
    previous_blank: list[bool]
    """Per line: the line before is blank (or it is the first)."""
    next_line: _NextLines
    """Per line: the next line's text (stripped; empty when blank)."""
    counted_line: list[bool]
    """Per line: it starts with a count (after an optional ``SB:``)."""


def _layout(raw_lines: list[str]) -> _Layout:
    counted = uncounted = 0
    flags: list[int] = []  # 1 counted, 0 other content, -1 blank
    for raw in raw_lines:
        line = raw.strip()
        if not line:
            flags.append(-1)
            continue
        body = line[3:].strip() if line[:3].casefold() == "sb:" else line
        if body[:1].isdigit() and _COUNT.match(body):
            counted += 1
            flags.append(1)
        else:
            if not line.startswith(("#", "//", "[")) and not _plainly_not_a_card(line):
                uncounted += 1
            flags.append(0)
    size = len(raw_lines)
    next_counted = [index + 1 < size and flags[index + 1] == 1 for index in range(size)]
    next_line = _NextLines(raw_lines)
    previous_blank = [index == 0 or flags[index - 1] == -1 for index in range(size)]
    return _Layout(counted > uncounted and counted >= 2, next_counted, previous_blank, next_line,
                   [flag == 1 for flag in flags])


def _plainly_not_a_card(line: str) -> bool:
    """A line that is a header, a name line or a heading by its grammar alone."""
    if _XMAGE_LAYOUT.match(line) or _NAME_HEADER.match(line) or _markdown_title(line) is not None \
            or _METADATA.match(line):
        return True
    if len(line) <= 40 and _header_key(line) in (*_BARE_HEADERS, "about", *_OUT_GROUPS):
        return True
    return bool(_HEADING_COUNT.match(line)) or _type_words_only(_FLAGS.sub("", line))


def _type_words_only(title: str) -> bool:
    words = [w for w in re.split(r"[\s,]+", title.casefold()) if w]
    seen = False
    for word in words:
        word = word.strip(":")
        if word in _JOINERS or not word:
            continue
        base = word[3:] if word.startswith("non") and len(word) > 3 else word
        base = base.lstrip("-")
        for candidate in (base, base[:-1] if base.endswith("s") else base,
                          base[:-2] if base.endswith("es") else base):
            if candidate in _TYPE_WORDS:
                seen = True
                break
        else:
            return False
    return seen


def _heading_title(line: str, number: int, layouts: Callable[[], _Layout],
                   known: Callable[[str], bool] | None) -> str | None:
    """The title of a group heading on this line (no count at its start), or None if the line
    is a card. Read by the grammar: a trailing count ``(32)``/``[32]``/``: 32`` or colon, a
    Markdown-emphasised title, Archidekt ``{flags}``, a title made of card-type words, a line
    followed by counted lines in a list whose cards are counted, or (with card data) a name
    that is not a card, set apart by a blank line and followed by cards."""
    index = number - 1
    match = _HEADING_COUNT.match(line)
    if match and not (known is not None and known(line)):
        title = match.group("title").strip()
        if title and any(ch.isalpha() for ch in title):
            return title
    title = _markdown_title(line)
    if title is not None:
        return title
    if "{" in line and _FLAGS.search(line) and not _FLAGS.sub("", line).strip().endswith("]"):
        return line
    if len(line) > 60:
        return None
    is_card = None
    if known is not None:
        entry, _ = _read_entry(line, MAIN, number)
        is_card = known(entry.name if entry is not None else line) or known(line)
        if not is_card and entry is not None and isinstance(known, CardNames):
            probe = replace(entry)  # a card among decorations ('Sol Ring x1') is no heading
            unread = identify(probe, line, known, bool(_COUNT.match(line)))[1]
            is_card = not unread and known(probe.name)
    if is_card:
        return None
    if _type_words_only(_FLAGS.sub("", line)):
        return line
    if _header_key(line) in _OUT_GROUPS:
        return line
    layout = layouts()
    if layout.counted and layout.next_counted[index] and layout.previous_blank[index]:
        return line
    if is_card is False and layout.previous_blank[index] and layout.next_line[index]:
        following = layout.next_line[index]
        body = _COUNT.match(following)
        name = body.group("rest") if body else following
        if known is not None and known(_strip_suffixes(name)[0]):
            return line
    return None


def _heading_section(title: str, number: int, raw: str, deck: Decklist) -> str:
    """The section a group heading starts: a commander or companion group, an out-of-deck
    group (a note says so), or the main deck for any other group (``Creatures``, ``Ramp``)."""
    flags = {flag.casefold() for flag in _FLAGS.findall(title)}
    name = _FLAGS.sub("", title).strip()
    key = _header_key(name)
    target = _SECTION_ALIASES.get(key) or _BARE_HEADERS.get(key)
    if target is None and key in OUT_OF_DECK:
        target = key
    out = "{nodeck}" in flags or key in _OUT_GROUPS
    if out and target in (None, MAIN):
        target = "sideboard" if key in ("side", "sb") else "maybeboard"
    if out and target not in ("maybeboard", "sideboard") and target is not None:
        deck.notes.append(Problem(number, raw, f"the group {name!r} is marked as out of the "
                                  "deck: its cards are left out"))
    elif out and key not in _SECTION_ALIASES and key not in _BARE_HEADERS:
        deck.notes.append(Problem(number, raw, f"the group {name!r} is out of the deck: its "
                                  "cards are left out"))
    return target or MAIN


def did_you_mean(name: str, db: CardDB, n: int = 3, cutoff: float = 0.75) -> list[str]:
    """Up to ``n`` names in ``db`` close to ``name`` (for a "did you mean" hint), best first.

    Only a hint for people: the engine never swaps a name on its own. Goes through the
    database's name index (:meth:`pyengine.cards.CardDB.suggest`), never a scan of every name.
    """
    return db.suggest(name, n=n, cutoff=cutoff)
