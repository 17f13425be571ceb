"""Card names: one comparison key for every way a player may write a name.

``normalize`` turns a name into a key that ignores case, accents, ``Æ``/``AE``, curly quotes,
spacing and the way a split or two-faced card's halves are joined, so that
``normalize("AEther Flash") == normalize("Æther  flash")`` and
``normalize("Fire/Ice") == normalize("Fire // Ice")``. Keys are for lookups only; show people the
name as written in the card data.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable

__all__ = ["FACE_SEPARATOR", "NameIndex", "SpellingIndex", "faces", "front_face", "loose",
           "normalize"]

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


@functools.lru_cache(maxsize=1 << 16)
def normalize(name: str) -> str:
    """Return the lookup key of a card name (old Æther spellings match, hs-11-5).

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


def _first_letter(name: str) -> str:
    """The first letter of ``normalize(name)``, worked out from the name's first character
    only (cheap: no normalising of the whole name)."""
    head = name.lstrip()[:1]
    if not head:
        return ""
    return head.casefold()[:1] if head.isascii() else (_fold(head)[:1] or head)


def _second_letter(name: str) -> str:
    """The second character of ``normalize(name)``, worked out from the name's first few
    characters only (cheap: no normalising of the whole name; a name whose second character
    is a space run or a slash may come out differently, and then only loses a fallback hint)."""
    return normalize.__wrapped__(name.lstrip()[:6])[1:2]


def _grouped(names: list[str], letter_of: Callable[[str], str]) -> dict[str, list[str]]:
    """``names`` by ``letter_of`` each name and of each face of a split or two-faced name."""
    groups: dict[str, list[str]] = {}
    for name in names:
        letters = {letter_of(name)}
        if "/" in name:
            letters.update(letter_of(part) for part in faces(name))
        for letter in letters:
            groups.setdefault(letter, []).append(name)
    return groups


class NameIndex:
    """"Did you mean" over a list of card names, without a scan of every name.

    The names are grouped by their first letter when the index is made (one look at each
    name's first character); a group's index is built the first time a query needs it, so the
    first unknown name costs one letter's share of the names, not all of them. A query looks
    first in the group of its own first letter. Only when that finds nothing does it allow for
    a misspelt first letter: the letter changed (``Crenko`` for ``Krenko``), dropped
    (``renko``) or one added in front (``Akrenko``). It then looks among the names whose
    second letter is the query's second letter, or its first, and among the names starting
    with the query's second letter; the names are grouped by their second letter the first
    time a query needs it (one look at each name's first few characters).

    Within a group, each name (and each face of a split or two-faced name) is indexed by its
    three-letter runs (of :func:`normalize`\\ d text, padded with spaces). A query looks only
    at the names sharing its rarest runs (at most :attr:`PROBE_GRAMS` of them), keeps the
    :attr:`SHORTLIST` names sharing the most, and scores those with ``difflib``'s ratio
    (``cutoff`` as ``difflib.get_close_matches``). The work per query is bounded whatever the
    list's size.
    """

    PROBE_GRAMS = 8
    SHORTLIST = 24

    def __init__(self, names: list[str]) -> None:
        self.size = len(names)
        self._groups = _grouped(names, _first_letter)
        self._built: dict[str, _LetterIndex] = {}
        self._names = names
        self._second_groups: dict[str, list[str]] | None = None
        self._second_built: dict[str, _LetterIndex] = {}

    def _group(self, letter: str) -> _LetterIndex | None:
        built = self._built.get(letter)
        if built is None and letter in self._groups:
            built = self._built[letter] = _LetterIndex(self._groups[letter], letter)
        return built

    def _second_group(self, letter: str) -> _LetterIndex | None:
        """The index of the names (and faces) whose second letter is ``letter``."""
        if self._second_groups is None:
            self._second_groups = _grouped(self._names, _second_letter)
        built = self._second_built.get(letter)
        if built is None and letter in self._second_groups:
            built = self._second_built[letter] = _LetterIndex(
                self._second_groups[letter], letter, position=1)
        return built

    def names_under(self, letter: str) -> list[str]:
        """The names (and two-part names by a face) whose key starts with ``letter``."""
        return list(self._groups.get(letter, ()))

    @property
    def built_letters(self) -> list[str]:
        """The letters whose index has been built so far (for tests and benchmarks)."""
        return sorted(self._built)

    def close(self, name: str, n: int = 3, cutoff: float = 0.75) -> list[str]:
        """Up to ``n`` indexed names close to ``name``, best first, never ``name`` itself."""
        found: list[str] = []
        for _, shown in self.scored(name, cutoff):
            if shown not in found:
                found.append(shown)
        return found[:n]

    def scored(self, name: str, cutoff: float = 0.75,
               first_letter: bool = False) -> list[tuple[float, str]]:
        """(ratio, name) for the indexed names close to ``name``, best first; with
        ``first_letter``, among the names of its own first letter only (no misspelt first
        letter: cheaper the first time)."""
        key = normalize(name)[:200]
        group = self._group(key[:1])
        found = group.scored(key, cutoff) if group is not None else []
        if found or first_letter or len(key) < 4 or not key[1].isalnum():
            return found
        best: dict[str, float] = {}
        for other in (self._second_group(key[1]), self._second_group(key[0]),
                      self._group(key[1])):
            for ratio, shown in other.scored(key, cutoff) if other is not None else ():
                best[shown] = max(ratio, best.get(shown, 0.0))
        return sorted(((ratio, shown) for shown, ratio in best.items()),
                      key=lambda item: -item[0])


class _LetterIndex:
    """The three-letter-run index of the names (and faces) whose normalised key has ``letter``
    at ``position`` (0: they start with it)."""

    def __init__(self, names: list[str], letter: str, position: int = 0) -> None:
        self._keys: list[str] = []
        self._shown: list[str] = []
        self._exact: dict[str, int] = {}
        index: dict[str, list[int]] = {}
        self._index = index
        get = index.get
        exact, keys_out, shown = self._exact, self._keys, self._shown
        for name in names:
            keys = [normalize(name)]
            if "/" in name:
                keys += [normalize(p) for p in faces(name)]
            for key in keys:
                if key in exact or key[position:position + 1] != letter:
                    continue
                number = len(keys_out)
                exact[key] = number
                keys_out.append(key)
                shown.append(name)
                padded = f" {key} "
                for gram in {padded[i:i + 3] for i in range(len(padded) - 2)}:
                    found = get(gram)
                    if found is None:
                        index[gram] = [number]
                    else:
                        found.append(number)

    @staticmethod
    def _grams(key: str) -> set[str]:
        padded = f" {key} "
        return {padded[i:i + 3] for i in range(len(padded) - 2)}

    def scored(self, key: str, cutoff: float) -> list[tuple[float, str]]:
        import difflib  # only when a hint is asked for

        grams = sorted(self._grams(key), key=lambda g: len(self._index.get(g, ())))
        counts: dict[int, int] = {}
        for gram in grams[: NameIndex.PROBE_GRAMS]:
            for number in self._index.get(gram, ()):
                counts[number] = counts.get(number, 0) + 1
        shortlist = sorted(counts, key=lambda k: (-counts[k], k))[: NameIndex.SHORTLIST]
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(key)
        scored: list[tuple[float, str]] = []
        for number in shortlist:
            candidate = self._keys[number]
            if candidate == key:
                continue
            matcher.set_seq1(candidate)
            if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
                ratio = matcher.ratio()
                if ratio >= cutoff and normalize(self._shown[number]) != key:
                    scored.append((ratio, self._shown[number]))
        scored.sort(key=lambda item: -item[0])
        return scored


_LOOSE_DROP = str.maketrans({"'": None, '"': None, ".": None, ",": None, "!": None, "?": None,
                             ":": None, "-": " ", "_": " ", "(": None, ")": None})


_LOOSE_CHARS = re.compile(r"""['".,!?:\-_()‘’`´]""")


def loose(name: str) -> str:
    """The key of a name as people type it: :func:`normalize`, then without apostrophes,
    quotes, commas, full stops, colons, ``!`` and ``?``, a hyphen read as a space (``Urzas
    Saga``, ``Lim Dul the Necromancer``, ``Ach Hans Run`` find their cards)."""
    key = normalize(name)
    if "/" in key:
        return " // ".join(" ".join(part.translate(_LOOSE_DROP).split())
                           for part in key.split(" // "))
    return " ".join(key.translate(_LOOSE_DROP).split())


class SpellingIndex:
    """The card name a loosely typed name stands for (:func:`loose`), without a scan of every
    name per query: the names are grouped by their first letter once (one look at each name's
    first character, as :class:`NameIndex`), and a group's keys are worked out the first time
    a query needs them. A key two different cards share stands for neither (never a guess).
    """

    def __init__(self, names: list[str] | NameIndex) -> None:
        self._groups = names._groups if isinstance(names, NameIndex) \
            else _grouped(names, _first_letter)  # a NameIndex's groups: no second pass
        self._built: dict[str, dict[str, str | None]] = {}

    def _group(self, letter: str) -> dict[str, str | None]:
        built = self._built.get(letter)
        if built is None:
            built = {}
            for name in self._groups.get(letter, ()):
                if _LOOSE_CHARS.search(name) is None:
                    continue  # its loose key is its normalised one: CardDB.get finds it
                keys = [name, *faces(name)] if "/" in name else [name]
                for part in keys:
                    key = loose(part)
                    if built.get(key, name) != name:
                        built[key] = None  # two cards: neither
                    else:
                        built[key] = name
            self._built[letter] = built
        return built

    def find(self, name: str) -> str | None:
        """The one card name ``name`` is a loose spelling of, or None."""
        key = loose(name)
        if not key:
            return None
        found = self._group(key[:1]).get(key)
        if found is None and not key[:1].isalnum():
            return None
        if found is None:
            for letter in ("'", '"'):  # names that start with a quote ("Ach! Hans, Run!")
                found = self._group(letter).get(key) if letter in self._groups else None
                if found is not None:
                    break
        return found
