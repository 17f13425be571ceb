"""Reading the data in ``decks/``: the only engine module that touches the file system.

By default the data root is the ``decks/`` folder next to the ``pyengine/`` package (its parent's
parent), which holds both in a source checkout and in the zip the browser unpacks (``pyengine/``
and ``decks/`` at its top level). Every function takes ``root=`` to read another folder, and the
``PYENGINE_DECKS`` environment variable overrides the default.

Errors are :class:`DataFileError` (a ``ValueError``) with a message that names the file.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import CardDataError, CardDB, combine_card_data
from .decklist import Decklist

if TYPE_CHECKING:  # imported where used: a play page that reads no ban list never loads it
    from .banlists import BanList
    from .combos import Combos
    from .printed_names import PrintedNames

__all__ = [
    "DataFileError",
    "data_root",
    "deck_entry",
    "load_banlist",
    "load_card_db",
    "load_card_facts",
    "load_combos",
    "load_full_card_db",
    "load_printed_names",
    "load_deck",
    "load_deck_index",
    "read_deck_file",
    "read_limited",
]

ENV_VAR = "PYENGINE_DECKS"
#: The full card data made by ``scripts/import_scryfall.py`` (gzip-compressed TSV).
CARD_FACTS = "card-facts.tsv.gz"
#: The two-card combos, made at deploy only (:mod:`pyengine.combos`); absent in a checkout.
COMBOS = "combos.tsv.gz"


class DataFileError(ValueError):
    """A data file that is missing or cannot be read; the message names the file."""


class NotAFileError(DataFileError):
    """A path that names a folder, a device, a FIFO or a socket: never read (reading
    ``/dev/zero`` never ends, and a FIFO blocks until someone writes to it). The message is
    what it is instead, e.g. "a device, not a file"."""


class TooLargeError(DataFileError):
    """A file over the limit a read was given; the message says the limit."""


#: The largest file read without a limit of its own (no data file, save or list comes near).
MAX_READ_BYTES = 20 * 1024 * 1024


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_limited(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of the regular file ``path``, never more than ``limit`` + 1 read.

    The path is opened without blocking (a FIFO with no writer opens at once), then checked on
    the open file itself, so a device, FIFO, socket or folder (also behind a symbolic link, or
    swapped in after a check by name) is refused before a byte is read: :class:`NotAFileError`.
    A file longer than ``limit`` is :class:`TooLargeError`, however it grew; a missing file
    ``FileNotFoundError``; other failures the ``OSError``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except IsADirectoryError:
        raise NotAFileError("a folder, not a file") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            kind = _kind_of(mode)
            raise NotAFileError(kind if kind.startswith("not") else f"{kind}, not a file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(descriptor)
    if size > limit:
        raise TooLargeError(f"too large (over {_size_text(limit)})")
    return b"".join(chunks)


def _size_text(limit: int) -> str:
    if limit >= 1024 * 1024 and limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MB"
    return f"{limit:,} bytes"


def decode_text(data: bytes) -> str:
    """A text file's bytes as text (a UTF-8 byte-order mark dropped); ``ValueError`` whose
    message says, in plain words, why they are not text: a NUL byte near the start (a binary
    file) or bytes that are not UTF-8."""
    if b"\x00" in data[:65536]:
        raise ValueError("not a text file (it looks like a binary file)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(f"not UTF-8 text (byte {error.start} cannot be read); save it as "
                         "UTF-8") from None


def data_root(root: str | os.PathLike[str] | None = None) -> Path:
    """The ``decks/`` folder: ``root`` if given, else ``$PYENGINE_DECKS``, else the ``decks/``
    folder beside the ``pyengine`` package."""
    if root is not None:
        return Path(root)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "decks"


def _read(path: Path) -> str:
    try:
        data = read_limited(path)
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such file") from None
    except NotAFileError as error:
        raise DataFileError(f"{path}: is {error}") from None
    except TooLargeError as error:
        raise DataFileError(f"{path}: {error}") from None
    except OSError as error:
        raise DataFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        return decode_text(data)
    except ValueError as error:
        raise DataFileError(f"{path}: {error}") from None


def load_card_db(root: str | os.PathLike[str] | None = None) -> CardDB:
    """The card facts of ``decks/cards.tsv``."""
    path = data_root(root) / "cards.tsv"
    try:
        return CardDB.from_tsv(_read(path))
    except CardDataError as error:
        raise DataFileError(f"{path}: {error}") from None


def load_card_facts(root: str | os.PathLike[str] | None = None) -> CardDB:
    """The full card data, ``decks/card-facts.tsv.gz`` (every card, read lazily; see
    :meth:`CardDB.from_compact`). Its ``meta`` holds the source and its date."""
    path = data_root(root) / CARD_FACTS
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such file; run scripts/import_scryfall.py") from None
    except OSError as error:
        raise DataFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    import gzip  # here: only a command reading the full card data needs it (issue 30)

    try:
        return CardDB.from_compact(gzip.decompress(data).decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, CardDataError) as error:
        raise DataFileError(f"{path}: not readable card data ({error})") from None


PRINTED_NAMES = "printed-names.tsv.gz"
"""The map of printed names in other languages to English cards, written at deploy when the
importer has the data for it (:mod:`pyengine.printed_names`); absent otherwise."""


def load_printed_names(root: str | os.PathLike[str] | None = None) -> PrintedNames | None:
    """The printed-names map ``decks/printed-names.tsv.gz`` when present, else ``None`` (the
    readers then leave names in other languages unknown). A file present but unreadable raises
    :class:`DataFileError` naming it and the line."""
    path = data_root(root) / PRINTED_NAMES
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise DataFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    import gzip

    from .printed_names import parse

    try:
        text = gzip.decompress(data).decode("utf-8") if data[:2] == b"\x1f\x8b" \
            else data.decode("utf-8")
        return parse(text)
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as error:
        raise DataFileError(f"{path}: not a readable printed-names map ({error})") from None


def load_full_card_db(root: str | os.PathLike[str] | None = None) -> CardDB:
    """Every card: the full card data with the shipped ``cards.tsv`` (tokens, automation tags)
    layered on top (see :func:`pyengine.cards.combine_card_data`)."""
    return combine_card_data(load_card_facts(root), load_card_db(root))


def load_combos(root: str | os.PathLike[str] | None = None) -> Combos | None:
    """The two-card combos (``decks/combos.tsv.gz``), or None when the file is absent (the
    bracket estimate then says combos were not checked)."""
    path = data_root(root) / COMBOS
    if not path.exists():
        return None
    import gzip

    from .combos import parse

    try:
        return parse(gzip.decompress(path.read_bytes()).decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as error:
        raise DataFileError(f"{path}: not a readable combo list ({error})") from None


def load_deck_index(root: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """The decks listed in ``decks/index.json``, in file order."""
    path = data_root(root) / "index.json"
    try:
        index = json.loads(_read(path))
    except json.JSONDecodeError as error:
        raise DataFileError(f"{path}: not valid JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(index, list) or not all(
        isinstance(deck, dict)
        and isinstance(deck.get("id"), str)
        and isinstance(deck.get("path"), str)
        for deck in index
    ):
        raise DataFileError(f"{path}: expected a list of decks, each with an 'id' and a 'path'")
    return index


def deck_entry(deck_id: str, root: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The ``index.json`` entry of ``deck_id``."""
    index = load_deck_index(root)
    for deck in index:
        if deck["id"] == deck_id:
            return deck
    known = ", ".join(deck["id"] for deck in index)
    raise DataFileError(f"unknown deck {deck_id!r}; known decks: {known}")


def read_deck_file(path: str | os.PathLike[str]) -> Decklist:
    """Read any decklist file (UTF-8 text) into a :class:`Decklist`."""
    return Decklist.from_text(_read(Path(path)))


def load_deck(deck_id: str, root: str | os.PathLike[str] | None = None) -> Decklist:
    """A shipped deck by its id in ``decks/index.json``; its title becomes the deck name when
    the file names none."""
    entry = deck_entry(deck_id, root)
    deck = read_deck_file(data_root(root) / entry["path"])
    if not deck.name:
        deck.name = str(entry.get("title", deck_id))
    return deck


def load_banlist(
    name: str, root: str | os.PathLike[str] | None = None, *, resolve: bool = True
) -> BanList:
    """The ban list ``decks/banlists/<name>.txt`` (``name`` with or without ``.txt``).

    With ``resolve`` (the default) the lists it includes (``# include: commander``) are merged
    in, section by section.
    """
    return _load_banlist(name, root, resolve, ())


def _load_banlist(
    name: str, root: str | os.PathLike[str] | None, resolve: bool, chain: tuple[str, ...]
) -> BanList:
    stem = name[:-4] if name.endswith(".txt") else name
    if not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        raise DataFileError(f"{name!r} is not a ban-list name")
    path = data_root(root) / "banlists" / f"{stem}.txt"
    if stem in chain:
        raise DataFileError(f"{path}: includes itself ({' -> '.join([*chain, stem])})")
    from .banlists import BanList

    banlist = BanList.from_text(_read(path), key=stem)
    if banlist.problems:
        first = banlist.problems[0]
        raise DataFileError(f"{path}: line {first.line}: {first.message}")
    if resolve:
        for include in banlist.includes:
            banlist = banlist.merged(_load_banlist(include, root, True, (*chain, stem)))
    return banlist
