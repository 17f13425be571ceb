"""Card names: one comparison key for every way a player may write a name.

``normalize`` turns a name into a key that ignores case, accents, ``Æ``/``AE``, curly quotes,
spacing and the way a split or two-faced card's halves are joined, so that
``normalize("AEther Flash") == normalize("Æther  flash")`` and
``normalize("Fire/Ice") == normalize("Fire // Ice")``. Keys are for lookups only; show people the
name as written in the card data.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["FACE_SEPARATOR", "faces", "front_face", "normalize"]

FACE_SEPARATOR = " // "
"""How the faces of a split or two-faced card are joined in a card's full name."""

_TRANSLATE = str.maketrans(
    {
        "Æ": "Ae",
        "æ": "ae",
        "Œ": "Oe",
        "œ": "oe",
        "ß": "ss",
        "‘": "'",
        "’": "'",
        "‚": "'",
        "‛": "'",
        "′": "'",
        "`": "'",
        "´": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "‟": '"',
        "″": '"',
        "‐": "-",
        "‑": "-",
        "‒": "-",
        "–": "-",
        "\u00a0": " ",
    }
)
_SLASH_RUN = re.compile(r"/+")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).translate(_TRANSLATE).casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalize(name: str) -> str:
    """Return the lookup key of a card name.

    Case-folded, accents stripped (``Nazgûl`` -> ``nazgul``), ``Æ``/``æ`` -> ``ae``, curly quotes
    and apostrophes made straight, runs of whitespace collapsed to one space, and the halves of a
    split or two-faced name joined by ``" // "`` however they were written (``A/B``, ``A / B``,
    ``A // B``, ``A///B``).
    """
    key = name.replace("`", "'").casefold() if name.isascii() else _fold(name)
    if "/" in key:
        parts = (" ".join(part.split()) for part in _SLASH_RUN.split(key))
        return " // ".join(part for part in parts if part)
    return " ".join(key.split())


def faces(name: str) -> list[str]:
    """The face names of ``name``, as written: ``"Fire // Ice"`` -> ``["Fire", "Ice"]``.

    A one-faced name gives a one-item list. Empty parts are dropped.
    """
    parts = [" ".join(part.split()) for part in _SLASH_RUN.split(name)]
    parts = [part for part in parts if part]
    return parts or [name.strip()]


def front_face(name: str) -> str:
    """The front face of a split or two-faced name, as written (``"A // B"`` -> ``"A"``)."""
    return faces(name)[0]
