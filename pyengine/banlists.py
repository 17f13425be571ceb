"""Ban lists and other card lists (any-number cards, basic lands) read from text.

The format (``decks/README.md``): ``# key: value`` header lines before the first section,
``[section]`` lines, one card a line as ``Name`` or ``Name | note``, and category lines
``@key | description`` whose known members sit in a section called ``key``. Names match through
:func:`pyengine.names.normalize`, so ``AEther Flash`` finds ``Aether Flash``.

Pure: :meth:`BanList.from_text` takes text and never raises; unreadable lines are collected in
``BanList.problems``. ``pyengine.files.load_banlist`` reads the files and resolves includes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .names import faces, normalize

__all__ = ["BanEntry", "BanList", "BanProblem"]

_SECTION = re.compile(r"^\[(?P<name>[^\[\]]+)\]")
_HEADER = re.compile(r"^#\s*(?P<key>[a-z_][a-z0-9_-]*)\s*:\s*(?P<value>.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class BanEntry:
    """One card (or category) line of a list."""

    name: str
    """Card name as written, or the category key for a category line."""
    note: str = ""
    """Text after ``|``, e.g. a copy limit or a date."""
    line: int = field(default=0, compare=False)
    """1-based line number."""
    is_category: bool = False
    """True for an ``@key | description`` line."""


@dataclass(frozen=True)
class BanProblem:
    """A line that could not be read."""

    line: int
    text: str
    message: str


def _section_key(text: str) -> str:
    return re.sub(r"[\s_]+", "-", text.strip().casefold())


@dataclass
class BanList:
    """A named list of cards in sections (``banned``, ``banned-as-companion``, ``conspiracy``,
    ``any-number``, ...)."""

    key: str = ""
    """File stem (``commander``), if known."""
    name: str = ""
    """Display name from the ``# name:`` header."""
    as_of: str = ""
    """Date the list is current to (``# as_of:``), ``YYYY-MM-DD`` or empty."""
    includes: list[str] = field(default_factory=list)
    """Other lists that apply too (``# include:``), by file stem."""
    header: list[tuple[str, str]] = field(default_factory=list)
    """Every header line as (key, value), in order (``source``, ``note``, ...)."""
    sections: dict[str, list[BanEntry]] = field(default_factory=dict)
    """Section name -> entries, in file order."""
    problems: list[BanProblem] = field(default_factory=list)
    """Lines that could not be read."""
    _index: dict[str, dict[str, BanEntry]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @classmethod
    def from_text(cls, text: str, key: str = "") -> BanList:
        """Read a list. Never raises; bad lines go to :attr:`problems`."""
        banlist = cls(key=key)
        section: str | None = None
        text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#"):
                match = _HEADER.match(line)
                if match and section is None:
                    hkey = match.group("key").casefold().replace("-", "_")
                    value = match.group("value").strip()
                    banlist.header.append((hkey, value))
                    if hkey == "name" and not banlist.name:
                        banlist.name = value
                    elif hkey == "as_of" and not banlist.as_of:
                        banlist.as_of = value
                    elif hkey == "include":
                        banlist.includes.extend(
                            part.strip().removesuffix(".txt")
                            for part in value.split(",")
                            if part.strip()
                        )
                continue
            match = _SECTION.match(line)
            if match:
                rest = line[match.end() :].strip()
                if rest and not rest.startswith("#"):
                    banlist.problems.append(
                        BanProblem(
                            number, raw, "text after a [section] line; put it in a # comment"
                        )
                    )
                section = _section_key(match.group("name"))
                banlist.sections.setdefault(section, [])
                continue
            if section is None:
                banlist.problems.append(
                    BanProblem(number, raw, "a card line before the first [section] line")
                )
                continue
            name, _, note = line.partition("|")
            name, note = " ".join(name.split()), note.strip()
            is_category = name.startswith("@")
            if is_category:
                name = _section_key(name[1:])
            if not name:
                banlist.problems.append(BanProblem(number, raw, "no card name before '|'"))
                continue
            banlist.sections[section].append(BanEntry(name, note, number, is_category))
        return banlist

    # -- queries ---------------------------------------------------------------------------

    def names(self, section: str | None = None) -> list[str]:
        """Card names (not categories) of one section, or of all sections in order."""
        return [entry.name for entry in self._entries(section) if not entry.is_category]

    def categories(self, section: str | None = None) -> list[BanEntry]:
        """Category lines (``@key | description``) of one section or of all."""
        return [entry for entry in self._entries(section) if entry.is_category]

    def _entries(self, section: str | None) -> list[BanEntry]:
        if section is None:
            return [entry for entries in self.sections.values() for entry in entries]
        return list(self.sections.get(_section_key(section), []))

    def _lookup(self) -> dict[str, dict[str, BanEntry]]:
        """Normalised name -> {section: first entry}, built once (treat sections as read-only
        after reading; :meth:`merged` makes a new list)."""
        if self._index is None:
            index: dict[str, dict[str, BanEntry]] = {}
            for section, entries in self.sections.items():
                for entry in entries:
                    if not entry.is_category:
                        index.setdefault(normalize(entry.name), {}).setdefault(section, entry)
            for section, entries in self.sections.items():  # a two-part name, both halves
                for entry in entries:  # written: each half finds it (explicit entries first)
                    if not entry.is_category and "/" in entry.name:
                        for face in faces(entry.name):
                            index.setdefault(normalize(face), {}).setdefault(section, entry)
            self._index = index
        return self._index

    def find(self, name: str, section: str | None = None) -> BanEntry | None:
        """The first card entry matching ``name`` (normalised) in ``section`` or any section."""
        index = self._lookup()
        found = index.get(normalize(name))
        if not found and "/" in name:  # "Front // Back" against a list naming one half
            for face in faces(name):
                found = index.get(normalize(face))
                if found:
                    break
        if not found:
            return None
        if section is None:
            return next(iter(found.values()))
        return found.get(_section_key(section))

    def contains(self, name: str, section: str | None = None) -> bool:
        """True if ``name`` is listed in ``section`` (any section when ``None``).

        For a list with ``banned`` and ``banned-as-companion`` sections, check the section that
        applies: ``contains("Lutri, the Spellchaser", "banned")`` is false for Commander.
        """
        return self.find(name, section) is not None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.contains(name)

    def sections_containing(self, name: str) -> list[str]:
        """Every section that lists ``name``, in file order."""
        found = self.find(name)
        if found is None:
            return []
        index = self._lookup()
        keys = [normalize(name), *(normalize(face) for face in faces(name))]
        return list(next((index[key] for key in keys if key in index), {}))

    def note(self, name: str, section: str | None = None) -> str | None:
        """The note of ``name`` (``"9"`` for Nazgûl in ``limited``), or ``None`` if not listed."""
        entry = self.find(name, section)
        return None if entry is None else entry.note

    def merged(self, other: BanList) -> BanList:
        """A copy with ``other``'s sections added: same-named sections are joined (cards already
        listed are not repeated). Name, date and header stay this list's."""
        sections = {name: list(entries) for name, entries in self.sections.items()}
        for name, entries in other.sections.items():
            target = sections.setdefault(name, [])
            present = {(normalize(e.name), e.is_category) for e in target}
            for entry in entries:
                if (normalize(entry.name), entry.is_category) not in present:
                    target.append(entry)
                    present.add((normalize(entry.name), entry.is_category))
        return BanList(
            key=self.key,
            name=self.name,
            as_of=self.as_of,
            includes=list(self.includes),
            header=list(self.header),
            sections=sections,
            problems=[*self.problems, *other.problems],
        )
