"""Save files for the game subcommands (``horde``, ``swarm``, ``team track``): read a save,
check its game class, write it back. Every failure is a :class:`pyengine.cli.CommandError`
whose words the caller chooses (each command keeps its own messages).

No ``register()``: the command line's auto-discovery skips this module.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .. import files
from ..cli import CommandError
from ..game import ActionError, Game, SaveError, load_game
from ._input import LIMITS, show

__all__ = ["attempt", "read_save", "write_text"]

T = TypeVar("T")


def read_save(path: str | Path, *, read_error: Callable[[OSError], str],
              save_error: Callable[[SaveError], str], not_text: str | None = None) -> Game:
    """The game saved at ``path``. An unreadable file raises ``read_error(error)``, a bad save
    ``save_error(error)``; a folder, a binary or non-UTF-8 file raises ``not_text`` (or a
    plain sentence); no Python error text or bytes of the file are ever shown."""
    target = Path(path)
    if target.is_dir():
        raise CommandError(f"{show(str(path))} is a folder, not a save file")
    try:
        data = files.read_limited(target, LIMITS["save file"])
    except (files.NotAFileError, files.TooLargeError) as error:  # devices, FIFOs: never read
        raise CommandError(f"{show(str(path))} is {error}; give a save file") from None
    except OSError as error:
        raise CommandError(read_error(error)) from None
    plain = not_text or f"{show(str(path))} is not a save file (not UTF-8 text)"
    if b"\x00" in data[:65536]:
        raise CommandError(plain)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CommandError(plain) from None
    try:
        return load_game(text)
    except SaveError as error:
        raise CommandError(save_error(error)) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
        raise CommandError(f"{show(str(path))} is not a save this version can read") from None


def write_text(path: str | Path, text: str, *, write_error: Callable[[OSError], str],
               atomic: bool = True) -> None:
    """Write ``text`` to ``path``; ``atomic`` writes a ``.tmp`` file beside it first and
    renames it over the target. A failure raises ``write_error(error)``."""
    target = Path(path)
    try:
        if atomic:
            temp = target.with_name(target.name + ".tmp")
            temp.write_text(text, encoding="utf-8")
            os.replace(temp, target)
        else:
            target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CommandError(write_error(error)) from None


def attempt(step: Callable[[], T], refusal: str) -> T | None:
    """``step()`` (an action or an undo on a game); if the game refuses it, print
    ``pyengine: <refusal>: <reason>`` to standard error and return None."""
    try:
        return step()
    except ActionError as error:
        print(f"pyengine: {refusal}: {error}", file=sys.stderr)
        return None
