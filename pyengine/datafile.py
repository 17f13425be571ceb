"""What the compact data files the importer writes share (the combo list, the printed-names
map, the Game Changers list): ``# key: value`` header lines and bounded tab-separated fields.
Pure functions over text."""

from __future__ import annotations

__all__ = ["checked_field", "take_header"]


def take_header(line: str, meta: dict[str, str]) -> bool:
    """True for a ``#`` line (a comment); a ``# key: value`` one also goes into ``meta`` (the
    first value of a key is kept). The data files' header lines: this list's and the Game
    Changers list's (:func:`pyengine.power.parse_game_changers`)."""
    if not line.startswith("#"):
        return False
    key, sep, value = line[1:].partition(":")
    if sep and key.strip().isidentifier():
        meta.setdefault(key.strip(), value.strip())
    return True


def checked_field(file: str, value: str, what: str, line: int, limit: int) -> str:
    """``value``, a field of ``file``'s line ``line``; ``ValueError`` naming the file, the line
    and ``what`` when it is empty, padded with spaces or longer than ``limit``."""
    if not value or value != value.strip():
        raise ValueError(f"{file}, line {line}: empty or padded {what}")
    if len(value) > limit:
        raise ValueError(f"{file}, line {line}: {what} longer than {limit} characters")
    return value
