"""Reading what a user names on the command line: text files and decklists, with plain
sentences for every way it can go wrong (no Python exception text, no bytes echoed).

No ``register()``: the command line's auto-discovery skips this module.
"""

from __future__ import annotations

from pathlib import Path

from .. import files
from ..cli import CommandError
from ..decklist import Decklist
from ..widgets import MAX_PASTE_CHARS
from ..widgets.saves import MAX_SAVE_CHARS

__all__ = ["LIMITS", "MAX_FILE_BYTES", "looks_like_path", "read_bytes", "read_deck_spec",
           "read_text", "show"]

MAX_FILE_BYTES = files.MAX_READ_BYTES
"""Larger files are refused: no decklist or save comes near this."""
#: What the command line reads of each kind of file, in bytes: the page's own limit where a
#: page reads the same thing (a pasted or uploaded list, a stored save; UTF-8 takes at most 4
#: bytes a character), else :data:`MAX_FILE_BYTES`.
LIMITS = {"decklist file": 4 * MAX_PASTE_CHARS, "save file": 4 * MAX_SAVE_CHARS}
_DECK_SUFFIXES = (".txt", ".dck", ".dek", ".cod", ".csv", ".json", ".mwdeck")


def show(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message: control characters escaped, long text cut."""
    out = "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" if ord(ch) < 256
                  else f"\\u{ord(ch):04x}" for ch in text[:limit])
    return "'" + out + ("…" if len(text) > limit else "") + "'"


def looks_like_path(spec: str) -> bool:
    """True if ``spec`` is written like a file path rather than a deck id."""
    return "/" in spec or "\\" in spec or spec.casefold().endswith(_DECK_SUFFIXES) \
        or spec.startswith(".")


def read_bytes(path: str | Path, what: str = "file") -> bytes:
    """At most :data:`LIMITS` (or :data:`MAX_FILE_BYTES`) bytes of the regular file ``path``.
    A missing path, a folder, a device, a FIFO or socket (refused before a byte is read, so
    ``/dev/zero`` or a pipe never hangs the command), a file that cannot be opened or one over
    the limit is a :class:`CommandError` that says which, in one line."""
    label = show(str(path))
    try:
        return files.read_limited(path, LIMITS.get(what, MAX_FILE_BYTES))
    except FileNotFoundError:
        raise CommandError(f"{label}: no such file") from None
    except files.NotAFileError as error:
        raise CommandError(f"{label} is {error}; give a {what}") from None
    except files.TooLargeError as error:
        raise CommandError(f"{label} is {error} to be a {what}") from None
    except OSError as error:
        raise CommandError(f"{label} cannot be read ({error.strerror or 'an error'})") from None


def read_text(path: str | Path, what: str = "file") -> str:
    """The UTF-8 text of ``path`` (a byte-order mark dropped), read with :func:`read_bytes`;
    a binary or non-UTF-8 file is a :class:`CommandError` too."""
    data = read_bytes(path, what)
    try:
        return files.decode_text(data)
    except ValueError as error:
        raise CommandError(f"{show(str(path))} is {error}") from None


def read_deck_spec(spec: str, *, allow_problems: bool = False) -> tuple[Decklist, str]:
    """A decklist file or a shipped deck id, and a label for it. With ``allow_problems``
    false, a list with unreadable lines is refused, each line named. An empty list is always
    refused."""
    path = Path(spec)
    if path.exists() or looks_like_path(spec):
        deck = Decklist.from_text(read_text(path, "decklist file"))
        label = str(path)
    else:
        try:
            deck = files.load_deck(spec)
        except files.DataFileError:
            try:
                known = ", ".join(entry["id"] for entry in files.load_deck_index())
            except files.DataFileError:
                known = ""
            raise CommandError(f"{show(spec)} is neither a file nor a shipped deck"
                               + (f"; shipped decks: {known}" if known else "")) from None
        label = spec
    if deck.problems and not allow_problems:
        lines = "\n".join(f"  line {p.line}: {p.message}: {show(p.text)}"
                          for p in deck.problems[:20])
        more = f"\n  … and {len(deck.problems) - 20} more" if len(deck.problems) > 20 else ""
        raise CommandError(f"{show(label)}: the list has problems:\n{lines}{more}")
    if not deck.entries:
        raise CommandError(f"{show(label)} holds no cards")
    return deck, label
