"""Printed names: the names a card carries on printings in other languages and on reflavoured
printings, mapped to the English card name the card data uses.

The importer (``scripts/import_scryfall.py``) writes the map at deploy from Scryfall's card
objects (``printed_name`` with ``lang``; ``flavor_name`` for reflavoured printings) with
``write``; the deck readers look a name up here only when it is not an English card name
(``parse`` once, then ``lookup``). Pure functions over text: reading the file is the caller's.

The file is UTF-8 text (gzipped on disk), one header line and then one printed name a line::

    # coop-magic printed names v1<TAB>date=2026-12-06<TAB>source=Scryfall all_cards
    Gebirge<TAB>de<TAB>Mountain
    Blitzschlag<TAB>de<TAB>Lightning Bolt

``lang`` is Scryfall's language code (``de``, ``fr``, ``es``, ``it``, ``pt``, ``ja``,
``zhs``, ``zht``, ``ko``, ``ru``, ...), or ``flavor`` for a reflavoured printing's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pyengine.datafile import checked_field
from pyengine.names import normalize

__all__ = ["HEADER", "MAX_FIELD", "PrintedName", "PrintedNames", "parse", "write"]

HEADER = "# coop-magic printed names v1"
"""The first field of the file's first line; another first line is not this file."""

MAX_FIELD = 200
"""No card name is longer than this; a longer field is a broken file."""

FLAVOR = "flavor"
"""The ``lang`` of a reflavoured printing's name (Scryfall's ``flavor_name``)."""


@dataclass(frozen=True, slots=True)
class PrintedName:
    """One printed name: as printed, its language, and the English card it is."""

    printed: str
    lang: str
    name: str


class PrintedNames:
    """The map, looked up by ``names.normalize`` of the printed name."""

    def __init__(self, rows: Iterable[PrintedName] = (), meta: dict[str, str] | None = None):
        self.meta: dict[str, str] = dict(meta or {})
        self._by_key: dict[str, list[PrintedName]] = {}
        self._count = 0
        for row in rows:
            self._add(row)

    def _add(self, row: PrintedName) -> None:
        found = self._by_key.setdefault(normalize(row.printed), [])
        if all(other.name != row.name or other.lang != row.lang for other in found):
            found.append(row)
            self._count += 1

    def __len__(self) -> int:
        return self._count

    @property
    def date(self) -> str:
        """The date the map was made (``YYYY-MM-DD``), or ``""``."""
        return self.meta.get("date", "")

    def keys(self) -> list[str]:
        """The printed names' lookup keys (``names.normalize`` of each)."""
        return list(self._by_key)

    def candidates(self, printed: str) -> list[PrintedName]:
        """Every card this printed name stands for (usually one)."""
        return list(self._by_key.get(normalize(printed), ()))

    def lookup(self, printed: str) -> PrintedName | None:
        """The one English card ``printed`` names, or None (not known, or it names two
        different cards: then the reader must ask, never guess)."""
        found = self._by_key.get(normalize(printed))
        if not found or any(row.name != found[0].name for row in found):
            return None
        return found[0]


def parse(text: str, known: set[str] | None = None) -> PrintedNames:
    """Read the map written by ``write``. A malformed line raises ``ValueError`` naming its line;
    with ``known`` (the English card names of the card data), a line naming a card not in it
    raises too."""
    lines = text.splitlines()
    if not lines or lines[0].split("\t")[0] != HEADER:
        raise ValueError(f"printed names, line 1: not a printed-names file (expected {HEADER!r})")
    meta: dict[str, str] = {}
    for field in lines[0].split("\t")[1:]:
        key, sep, value = field.partition("=")
        if not sep:
            raise ValueError(f"printed names, line 1: header field {field!r} is not key=value")
        meta[key] = value
    rows: list[PrintedName] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ValueError(f"printed names, line {number}: expected 3 tab-separated fields, "
                             f"found {len(fields)}")
        printed, lang, name = (
            checked_field("printed names", value, what, number, MAX_FIELD)
            for value, what in zip(fields, ("printed name", "language", "card name"), strict=True))
        if known is not None and name not in known:
            raise ValueError(f"printed names, line {number}: {name!r} is not a card in the "
                             "card data")
        rows.append(PrintedName(printed, lang, name))
    return PrintedNames(rows, meta)


def write(rows: Iterable[PrintedName], meta: dict[str, str] | None = None) -> str:
    """The file's text: the header with ``meta`` (``date``, ``source``), then the rows sorted,
    each once. Rows whose printed name is the English name itself are left out."""
    header = "\t".join([HEADER, *(f"{key}={value}" for key, value in (meta or {}).items())])
    seen = sorted({(row.printed, row.lang, row.name) for row in rows
                   if normalize(row.printed) != normalize(row.name)})
    for printed, lang, name in seen:
        for value, what in ((printed, "printed name"), (lang, "language"), (name, "card name")):
            if "\t" in value or "\n" in value:
                raise ValueError(f"printed names: {what} {value!r} holds a tab or a line break")
    return "\n".join([header, *("\t".join(row) for row in seen)]) + "\n"
