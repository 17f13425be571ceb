"""Reading JSON that comes from outside the program (browser storage, share links, imported
files, save files on the command line) without ever failing in an unplanned way.

Python's :func:`json.loads` raises :class:`RecursionError` on deeply nested input (and in
Pyodide very deep input could exhaust the stack), so :func:`loads` first measures the nesting
with a linear scan and refuses anything deeper than ``max_depth``. Every refusal is a
:class:`BadJSON` whose message is plain words, never Python's own error text.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Deeper than any save, share link or export the site writes (they nest about 8 levels).
MAX_DEPTH = 64

# A JSON string (with escapes; the unrolled form, linear), and anything but a bracket. An
# unterminated string is not a string: its brackets count.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class BadJSON(ValueError):
    """Text that is not JSON this program reads; the message says why in plain words."""


def nesting_depth(text: str, limit: int | None = None) -> int:
    """The deepest nesting of ``[`` and ``{`` in ``text``, ignoring brackets inside strings
    (linear time: the strings and everything but brackets are taken out by regular
    expressions, then the brackets are counted in one pass; a close bracket with nothing open
    is passed over, so malformed text still gets a number). With ``limit``, counting stops
    past ``limit`` (the number is then ``limit + 1``)."""
    stop = None if limit is None else limit + 1
    level = deepest = 0
    for bracket in _NOT_BRACKETS.sub("", _STRING.sub("", text)):
        if bracket in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest == stop:
                    break
        elif level:
            level -= 1
    return deepest


def loads(text: Any, *, max_depth: int = MAX_DEPTH, max_chars: int | None = None,
          what: str = "the text") -> Any:
    """Parse JSON text from outside; :class:`BadJSON` (plain words) if it cannot be read."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON(f"{what} is not text") from None
    if not isinstance(text, str):
        raise BadJSON(f"{what} is not text")
    if max_chars is not None and len(text) > max_chars:
        raise BadJSON(f"{what} is too large ({len(text):,} characters; at most "
                      f"{max_chars:,} are read)")
    if "\x00" in text:
        raise BadJSON(f"{what} is damaged (it holds a NUL character)")
    if not text.strip():
        raise BadJSON(f"{what} is empty")
    if nesting_depth(text, max_depth) > max_depth:
        raise BadJSON(f"{what} is nested far deeper than anything this site writes")
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadJSON(f"{what} is nested far deeper than anything this site writes") from None
    except ValueError:
        raise BadJSON(f"{what} is cut short or is not in the format this site writes") from None


def deep(value: Any, max_depth: int = MAX_DEPTH) -> bool:
    """True if an already-parsed value nests deeper than ``max_depth`` (iterative)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            if level > max_depth:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return False
