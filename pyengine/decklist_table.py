"""Tabular decklists: CSV and TSV exports with a header row (collection apps, deck sites).

A table is recognised from its text, never from a file name: the first line (after an optional
Excel ``sep=X`` line) splits on a delimiter that :class:`csv.Sniffer` finds (comma, tab,
semicolon or ``|``) into cells, and the cells read as column names by the header grammar below.
Rows are read with :mod:`csv`, so quoted fields with commas, doubled quotes and line breaks
inside quotes work.

Header grammar (a cell is case-folded, ``_ - . #`` and quotes turned into spaces, ``camelCase``
split, so ``card_name``, ``Card Name``, ``cardName`` and ``card__oracleCard__name`` all read):

* **name**: the last word is ``name`` (or the cell is ``card``/``card title``) and no word says
  it names something else (``set``, ``edition``, ``folder``, ``binder``, ``deck``, ``artist``,
  ``language``, ...). ``name`` alone is preferred, then ``card name``.
* **quantity**: a word ``count``, ``quantity``, ``qty``, ``amount``, ``copies`` or ``number
  of copies``, and no word ``trade``, ``tradelist``, ``want``, ``wish``, ``foil``, ``price`` or
  ``proxy`` (``Trade Quantity`` and ``Tradelist Count`` are not the deck's count).
* **section**: ``section``, ``board``, ``zone`` or ``deck section``: ``commander``/``commanders``,
  ``main``/``mainboard``/``deck``/``nonlands``/``lands``, ``side``/``sideboard``,
  ``maybe``/``maybeboard``/``considering``/``outside``, ``companion``, a section of the
  project's format (``enforcers``, ``tokens``); another word is a group of the main deck (as a
  ``// Creatures`` header is).
* **category**: ``category``, ``categories``, ``primary category`` or ``group`` (Archidekt): the
  section words above pick the section when there is no section column (and ``{noDeck}`` puts a
  card out of the deck); any other value is a category kept on the entry (``Ramp``). Flag
  columns ``commander``, ``is commander``, ``sideboard``, ``is sideboard`` with a true value
  put the card in that section.
* set code, collector number and foil/finish/printing are kept as the entry's printing; every
  other column (condition, language, prices, ids, dates) is ignored.

Pure: no I/O; never raises for any text (problems are collected with their line numbers).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .decklist_parts import (
    MAIN,
    MAX_COUNT,
    MAX_NAME_LENGTH,
    DeckParts,
    Entry,
    Problem,
    has_control,
    section_or_group,
)

if TYPE_CHECKING:
    from _csv import Reader

__all__ = ["HEADER_ROLES", "looks_tabular", "read_table", "to_csv"]

_DELIMITERS = ",\t;|"
_SPLIT = re.compile(r"[\s_\-.#\"']+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NOT_CARD_NAME = {"set", "edition", "folder", "binder", "deck", "artist", "language", "list",
                  "collection", "file", "user", "expansion", "printed", "foreign", "owner",
                  "location", "tag", "tags", "type", "frame", "border", "rarity", "lang"}
_COUNT_WORDS = {"count", "quantity", "qty", "amount", "copies", "number of copies", "num"}
_NOT_DECK_COUNT = {"trade", "tradelist", "want", "wanted", "wish", "wishlist", "foil",
                   "price", "proxy", "proxies", "sold", "for", "bought", "sell"}
#: Words of a quantity column of one finish, added to the count (``Reg Qty`` + ``Foil Qty``).
_FINISH_COUNT = {"foil", "etched", "foils"}
_SECTION_HEADERS = {"section", "board", "zone", "deck section", "board name", "deck zone",
                    "deck board"}
_CATEGORY_HEADERS = {"category", "categories", "primary category", "group", "deck category"}
_FLAG_HEADERS = {"commander": "commander", "is commander": "commander",
                 "sideboard": "sideboard", "is sideboard": "sideboard",
                 "companion": "companion", "is companion": "companion",
                 "sideboarded": "sideboard", "in sideboard": "sideboard",
                 "side board": "sideboard", "is sideboarded": "sideboard",
                 "in commander zone": "commander", "is commander card": "commander",
                 "maybeboard": "maybeboard", "in maybeboard": "maybeboard",
                 "is maybeboard": "maybeboard", "considering": "maybeboard"}
_SET_HEADERS = {"set code", "set", "edition code", "setcode", "edition", "set id", "card set"}
_NUMBER_HEADERS = {"collector number", "collectors number", "collector s number", "card number",
                   "number", "cn", "collector no", "collectornumber", "collector"}
_FOIL_HEADERS = {"foil", "finish", "printing", "is foil", "foiling", "finishes", "premium",
                 "foil etched", "treatment"}
_TRUE = {"true", "yes", "y", "1", "x", "foil", "etched", "foiled", "ja", "oui", "sí", "si",
         "wahr", "vrai", "premium", "on"}
_SECTION_VALUES = {
    "commander": "commander", "commanders": "commander", "command zone": "commander",
    "main": "main", "mainboard": "main", "main deck": "main", "maindeck": "main",
    "deck": "main", "nonlands": "main", "nonland": "main", "lands": "main", "land": "main",
    "side": "sideboard", "sideboard": "sideboard", "sb": "sideboard",
    "maybe": "maybeboard", "maybeboard": "maybeboard", "considering": "maybeboard",
    "outside": "maybeboard", "out of deck": "maybeboard", "wishlist": "maybeboard",
    "companion": "companion", "companions": "companion", "tokens": "tokens",
    "token": "tokens", "attractions": "attractions", "stickers": "stickers",
}
_ROLE_TITLES = {"name": "card name", "count": "quantity", "count:foil": "foil quantity",
                "section": "section",
                "set": "set code", "number": "collector number", "foil": "foil"}
HEADER_ROLES = tuple(_ROLE_TITLES)
"""The columns the reader uses; every other column is ignored."""
_FLAGS = re.compile(r"\{[^{}]*\}")
_SET_CODE = re.compile(r"[A-Za-z0-9]{2,8}")
_NUMBER = re.compile(r"[^\s()\[\]]{1,12}")
_COUNT_CELL = re.compile(r"^\s*(\d+)\s*[xX×]?\s*$")


def _words(cell: str) -> str:
    spaced = _CAMEL.sub(" ", cell)
    return " ".join(w for w in _SPLIT.split(spaced.casefold()) if w)


def _role(cell: str) -> tuple[str, int] | None:
    """(role, preference: lower is better) of one header cell, or None."""
    words = _words(cell)
    if not words:
        return None
    parts = words.split()
    if words in ("name", "card name", "cardname"):
        return "name", 0 if words == "name" else 1
    if words in ("card", "card title", "title") or (
            parts[-1] == "name" and not _NOT_CARD_NAME.intersection(parts)):
        return "name", 2 if words in ("card", "card title") else 3
    if words in _COUNT_WORDS or (_COUNT_WORDS.intersection(parts) or "number of copies" in words) \
            and not _NOT_DECK_COUNT.intersection(parts):
        return "count", 0 if words in _COUNT_WORDS else 1
    if _COUNT_WORDS.intersection(parts) and _FINISH_COUNT.intersection(parts) \
            and not (_NOT_DECK_COUNT - _FINISH_COUNT).intersection(parts):
        return "count:" + "foil", 0  # 'Foil Qty', 'Etched Count': added to the count
    if words in _SECTION_HEADERS:
        return "section", 0
    if words in _CATEGORY_HEADERS:
        return "category", 0
    if words in _FLAG_HEADERS:
        return "flag:" + _FLAG_HEADERS[words], 0
    if words in _SET_HEADERS:
        return "set", 0 if "code" in parts else 1
    if words in _NUMBER_HEADERS:
        return "number", 0 if "collector" in words else 1
    if words in _FOIL_HEADERS:
        return "foil", 0
    return None


def _known_header_words(cells: list[str]) -> int:
    """How many cells look like a column name a card table has (used or ignored)."""
    ignored = {"condition", "language", "lang", "rarity", "price", "purchase price", "tags",
               "scryfall id", "set name", "edition name", "multiverse id", "mtgo id", "cmc",
               "mana value", "mana cost", "type", "types", "colors", "color identity",
               "date added", "last modified", "signed", "altered", "misprint", "proxy",
               "artist", "tradelist count", "trade quantity", "folder name", "binder name",
               "binder type", "usd", "eur", "tix", "scryfall uri", "id", "uuid", "alter",
               "textless", "promo", "artist proof", "my price", "market", "low", "mid", "avg",
               "trend", "date bought", "price bought", "purchase price currency"}
    return sum(1 for c in cells if _role(c) is not None or _words(c) in ignored)


_SEP_LINE = re.compile(r"""^\s*["']?sep=(?P<sep>[^"'\s]|\\t)["']?(?P<rest>.*)$""", re.IGNORECASE)


def _sep_line(first: str) -> str | None:
    """The delimiter of an Excel ``sep=X`` first line, bare or quoted (``"sep=,"``, as Dragon
    Shield writes it; trailing empty cells allowed), else None."""
    match = _SEP_LINE.match(first.rstrip("\r"))
    if match is None:
        return None
    sep = "\t" if match.group("sep") == "\\t" else match.group("sep")
    if match.group("rest").strip(sep + " \t\"'"):
        return None
    return sep


def looks_tabular(text: str) -> tuple[str, int] | None:
    """(delimiter, index of the header line) if ``text`` is a table with a header row, else
    None. Cheap: looks at the first lines only."""
    lines = text.split("\n", 40)[:40]
    index = 0
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index >= len(lines):
        return None
    delimiter = _sep_line(lines[index])
    if delimiter is not None:
        index += 1
        if index >= len(lines):
            return None
    header = lines[index]
    if len(header) > 4000:
        return None
    candidates = [d for d in _DELIMITERS if d in header]
    if delimiter is None and not candidates:
        return None
    if delimiter is None and not any(_known_header_words(_row(header, d)) >= 2
                                     for d in candidates):
        return None  # no delimiter makes the first line a row of column names
    if delimiter is None:
        # the delimiter that makes the most column names of the header row (a semicolon
        # file's decimal commas, "1,50", never outvote its header); csv's sniffer on a tie
        scores = {d: _known_header_words(_row(header, d)) for d in candidates}
        best = [d for d in candidates if scores[d] == max(scores.values())]
        delimiter = best[0]
        if len(best) > 1:
            sample = "\n".join(lines[index:index + 8])
            try:
                delimiter = csv.Sniffer().sniff(sample, delimiters="".join(best)).delimiter
            except csv.Error:
                delimiter = max(best, key=header.count)
            if delimiter not in best:
                delimiter = max(best, key=header.count)
    cells = _row(header, delimiter)
    if len(cells) < 2:
        return None
    roles = [r for r in (_role(c) for c in cells) if r is not None]
    has_name = any(role == "name" for role, _ in roles)
    if has_name and (len(roles) >= 2 or _known_header_words(cells) >= 2):
        return delimiter, index
    if not has_name and _known_header_words(cells) >= 3 and any(
            role == "count" for role, _ in roles):
        return delimiter, index  # a card table without a name column: say so
    return None


def _row(line: str, delimiter: str) -> list[str]:
    try:
        return next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:
        return line.split(delimiter)


def read_table(deck: DeckParts, text: str, delimiter: str, header_index: int) -> None:
    """Read the table in ``text`` into ``deck`` (entries, problems, notes)."""
    deck.format = "csv"
    lines = text.split("\n")
    body = "\n".join(lines[header_index:])
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=delimiter)
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        deck.problems.append(Problem(header_index + 1, lines[header_index], "the table's "
                                     "header row could not be read"))
        return
    header_line = header_index + 1
    columns: dict[str, tuple[int, int]] = {}
    for position, heading in enumerate(header):
        found = _role(heading)
        if found is None:
            continue
        role, rank = found
        if role not in columns or rank < columns[role][1]:
            columns[role] = (position, rank)
    if "name" not in columns:
        seen = ", ".join(repr(c.strip()) for c in header if c.strip()) or "none"
        deck.problems.append(Problem(
            header_line, lines[header_index],
            f"this table has no card-name column (a column called Name, Card Name or "
            f"card_name); the columns it has: {seen}"))
        return
    used = {role: pos for role, (pos, _) in columns.items()}
    previous_end = header_line
    for last, row in _rows(reader, deck, header_line):
        start = previous_end + 1
        previous_end = last
        if not any(cell.strip() for cell in row):
            continue
        raw = delimiter.join(row)
        foil_only = False

        def cell(role: str, row: list[str] = row) -> str:
            pos = used.get(role)
            return row[pos].strip() if pos is not None and pos < len(row) else ""

        name = " ".join(cell("name").split())
        count_text = cell("count")
        if not name:
            deck.problems.append(Problem(start, raw, "this row has no card name"))
            continue
        if has_control(name):
            deck.problems.append(Problem(start, raw, "the card name contains control "
                                         "characters"))
            continue
        if len(name) > MAX_NAME_LENGTH:
            deck.problems.append(Problem(start, raw, f"this is too long for a card name "
                                         f"({len(name)} characters)"))
            continue
        count = 1
        foil_text = cell("count:foil")
        if ("count" in used and count_text) or foil_text:
            counts = []
            for text in (count_text, foil_text):
                match = _COUNT_CELL.match(text) if text else None
                if text and not match:
                    break
                counts.append(int(match.group(1)[:8]) if match else 0)
            if len(counts) < 2:
                bad = count_text if count_text and not _COUNT_CELL.match(count_text) \
                    else foil_text
                deck.problems.append(Problem(start, raw, f"the quantity {bad[:20]!r} is "
                                             f"not a number; write 1 to {MAX_COUNT}"))
                continue
            count = sum(counts)
            if counts[1] and not counts[0]:
                foil_only = True
            if count == 0:
                deck.notes.append(Problem(start, raw, "a count of 0: left out"))
                continue
            if count > MAX_COUNT:
                deck.problems.append(Problem(start, raw, f"count {str(count)[:12]} is too "
                                             f"large; the limit is {MAX_COUNT}"))
                continue
        section, category = MAIN, None
        value, group = cell("section"), cell("category")
        if value:
            key = " ".join(_SPLIT.split(value.casefold())).strip()
            section = _SECTION_VALUES.get(key, section_or_group(key))
        if group:
            labels = []
            for part in group.split(","):
                key = " ".join(_SPLIT.split(_FLAGS.sub("", part).casefold())).strip()
                target = _SECTION_VALUES.get(key)
                if "{nodeck}" in part.casefold().replace(" ", ""):
                    target = target if target not in (None, MAIN) else "maybeboard"
                if target is not None and target != MAIN:
                    if not value:
                        section = target
                elif part.strip() and target is None:
                    labels.append(_FLAGS.sub("", part).strip())
            category = ",".join(label for label in labels if label) or None
        for role in used:
            if role.startswith("flag:") and cell(role).casefold() in _TRUE:
                section = role[5:]
        entry = Entry(count=count, name=name, section=section, line=start, category=category)
        set_code = cell("set")
        if set_code and _SET_CODE.fullmatch(set_code):
            entry.set_code = set_code.upper()
            number = cell("number")
            if number and _NUMBER.fullmatch(number):
                entry.number = number
        foil = cell("foil").casefold()
        entry.foil = foil in _TRUE and foil not in ("normal", "nonfoil") or foil_only
        deck.entries.append(entry)


def _rows(reader: Reader, deck: DeckParts,
          header_line: int) -> Iterator[tuple[int, list[str]]]:
    """(last physical line, row) for each row; a row csv cannot read becomes a problem."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            deck.problems.append(Problem(header_line + reader.line_num - 1, "",
                                         f"this row could not be read as a table row ({error})"))
            return
        yield header_line + reader.line_num - 1, row


def to_csv(deck: DeckParts) -> str:
    """The list as a CSV table: ``Count,Name,Section,Set Code,Collector Number,Foil,Category``
    (quoted where needed), one row per entry."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Count", "Name", "Section", "Set Code", "Collector Number", "Foil",
                     "Category"])
    for e in deck.entries:
        writer.writerow([e.count, e.name, e.section, e.set_code or "",
                         e.number if e.set_code and e.number else "",
                         "foil" if e.foil else "", e.category or ""])
    return out.getvalue()
