"""Finding the card in a decklist line by the card data, and reading what surrounds it.

The grammar of exports (:mod:`pyengine.decklist`, :mod:`pyengine.decklist_table`) reads most
lines; when the name it reads is not a card the card data knows, :meth:`CardNames.find` looks
for the longest run of the line's words that is one, as written (any face of a split,
adventure, flip, meld or two-faced card; accents and the way halves are joined ignored), as
people type it (no apostrophes, commas or hyphens: :meth:`pyengine.cards.CardDB.spelled`) or,
when the printed-names map is loaded, as printed in another language
(:mod:`pyengine.printed_names`). What is left of the line is then classified
(:func:`classify`): a count, a set code or set name, a collector number, a finish, a
condition, a language, a price, a group or a comment; anything else is reported.

Pure and standard library only; the work per line and per list is bounded.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .decklist_parts import MAX_COUNT, Entry
from .names import faces, normalize

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardDB
    from .printed_names import PrintedNames

__all__ = ["CardNames", "Found", "Reading", "classify", "identify", "split_words"]

MAX_WORDS = 32
"""Only a line's first words are searched for a name."""
MAX_STARTS = 8
"""A name is looked for starting at one of the first words only."""
MAX_NAME_WORDS = 14
"""The most words a name found this way has."""

#: Scryfall's language codes and the names people write, for the "read as" notes.
LANGUAGES = {
    "en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
    "pt": "Portuguese", "ja": "Japanese", "ko": "Korean", "ru": "Russian",
    "zhs": "Simplified Chinese", "zht": "Traditional Chinese", "he": "Hebrew", "la": "Latin",
    "grc": "Ancient Greek", "ar": "Arabic", "sa": "Sanskrit", "ph": "Phyrexian",
}
_LANGUAGE_WORDS = {
    *LANGUAGES, "jp", "kr", "cn", "tw", "cs", "ct", "sc", "tc", "zh", "ger", "fra", "spa", "ita",
    "por", "jpn", "kor", "rus", "chs", "cht", "eng",
    "english", "german", "deutsch", "french", "français", "francais", "spanish", "español",
    "espanol", "italian", "italiano", "portuguese", "português", "portugues", "japanese",
    "日本語", "korean", "한국어", "russian", "русский", "chinese", "简体中文", "繁體中文",
    "phyrexian", "anglais", "allemand", "englisch", "inglés", "ingles", "inglese",
}
_CONDITIONS = {
    "m", "mint", "nm", "nm-m", "nm/m", "near mint", "nearmint", "ex", "excellent", "ex+",
    "vg", "gd", "good", "lp", "lightly played", "sp", "slightly played", "pl", "played",
    "mp", "moderately played", "hp", "heavily played", "dmg", "damaged", "po", "poor",
    "near-mint", "light play", "lightly-played", "moderately-played", "heavily-played",
    "lightly", "moderately", "heavily", "slightly", "near", "nm+", "lp+",
}
_FINISHES = {
    "foil", "etched", "foil etched", "etched foil", "*f*", "*e*", "f", "e", "nonfoil",
    "non-foil", "non foil", "normal", "regular", "holo", "foiled", "premium", "surge foil",
    "galaxy foil", "textured foil", "gilded", "*foil*", "*etched*", "(f)", "(foil)",
}
_RARITIES = {"common", "uncommon", "rare", "mythic", "mythic rare", "special", "bonus"}
_COUNT_WORD = re.compile(r"^(?:[xX×*]\s*\d{1,4}|\d{1,4}\s*[xX×])$")
_NUMBER_WORD = re.compile(r"^(?:#|no\.?\s*)?\d{1,5}[a-zA-Z★†s]?$|^[A-Za-z0-9]{2,6}-\d{1,5}[a-z★]?$")
_SET_WORD = re.compile(r"^[A-Z0-9]{2,6}$")
_PRICE = re.compile(r"^(?:[$€£¥]|usd|eur|gbp|chf|tix)?\s*\d{1,7}(?:[.,]\d{1,2})?\s*"
                    r"(?:[$€£¥]|usd|eur|gbp|chf|tix)?$", re.IGNORECASE)
_CURRENCY = re.compile(r"[$€£¥]|\b(?:usd|eur|gbp|chf|tix)\b", re.IGNORECASE)
#: A token line as the runners write one: ``Zombie token``, ``Zombie Token 5/5``, ``Token:
#: Zombie`` (never searched for a card name: the token is the card).
_TOKEN_LINE = re.compile(r"(?:^|\s)tokens?(?:\s+\d+/\d+)?\s*$|^tokens?\b", re.IGNORECASE)
_MARKER = re.compile(r"^\*[A-Za-z]{1,8}\*$")
_TOKEN = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}|\^[^^]*\^|\S+")
_EDGES = "\"'«»“”„*_`,;"
#: Words without a letter that are words of card names (``Fire // Ice``, ``Minsc & Boo``).
_IN_NAMES = {"/", "//", "&", "///"}
#: Words that only join decorations (``Swamp - NM - EN``, ``Sol Ring | C21``).
_JOINERS = {"-", "–", "—", "|", "/", ":", "·", "•", "x", "×", "@"}


@dataclass(frozen=True)
class Reading:
    """What a name stands for: the name to use, and how it was read."""

    name: str
    """The card's name: as written when the card data knows it so, else the card data's."""
    how: str = ""
    """``""`` as written, ``"spelling"`` (typed without apostrophes, accents...), or the
    language code of a printed name (``de``; ``flavor`` for a reflavoured printing)."""

    def said(self, written: str) -> str:
        """The note a line read this way gets (``""`` when read as written)."""
        if not self.how:
            return ""
        if self.how == "spelling":
            return f"{written!r} read as {self.name}"
        if self.how == "flavor":
            return f"{written!r} read as {self.name} (the name of a reflavoured printing)"
        language = LANGUAGES.get(self.how, self.how)
        return f"{written!r} read as {self.name} (its printed name in {language})"


@dataclass(frozen=True)
class Found:
    """A name found in a line's words: its words ``start:end`` and what it reads as."""

    start: int
    end: int
    reading: Reading


class CardNames:
    """The card data's names, as the deck readers ask about them. Callable: ``names(text)`` is
    True when ``text`` is a card name in any of the ways :meth:`resolve` reads."""

    def __init__(self, cards: CardDB, printed: PrintedNames | None = None) -> None:
        self.cards = cards
        self.printed = printed
        self._memo: dict[str, Reading | None] = {}
        self._exact_memo: dict[str, Reading | None] = {}
        self._printed_starts: dict[str, int] | None = None

    def __call__(self, name: str) -> bool:
        return self.resolve(name) is not None

    def resolve(self, name: str) -> Reading | None:
        """The card ``name`` stands for, or None: the card data's names first (as written,
        then as typed loosely), and only then the printed names in other languages."""
        return self._lookup(name, True)

    def exact(self, name: str) -> Reading | None:
        """:meth:`resolve` without the loose spellings: as written, or a printed name."""
        return self._lookup(name, False)

    def _lookup(self, name: str, spelling: bool) -> Reading | None:
        """:meth:`resolve`, without the loose spellings unless ``spelling``."""
        memo = self._memo if spelling else self._exact_memo
        if name in memo:
            return memo[name]
        found: Reading | None = None
        text = name.strip(_EDGES).strip()
        if text and any(ch.isalpha() for ch in text):
            facts = self.cards.get(text)
            if facts is not None:
                if "/" not in text or _faces_of(facts.name) >= _faces_of(text):
                    found = Reading(text)  # not 'Front // anything': each face is the card's
            else:
                facts = self.cards.spelled(text) if spelling else None
                if facts is not None:
                    found = Reading(facts.name, "spelling")
                elif self.printed is not None:
                    row = self.printed.lookup(text)
                    if row is not None and self.cards.get(row.name) is not None:
                        found = Reading(row.name, row.lang)
        if len(memo) > 20_000:
            memo.clear()
        memo[name] = found
        return found

    def find(self, words: list[str]) -> Found | None:
        """The longest run of ``words`` that is a card name (the earliest of equal length):
        as written or printed first; only when none is, typed loosely, from the first two
        words that are not decorations (a loose spelling looks in its first letter's names:
        this keeps the letters looked at few)."""
        words = words[:MAX_WORDS]
        kinds = [classify(word) for word in words]
        # a word that is a decoration and no name's word (x1, (M13), $0.50, a lone '-')
        # ends any name before it
        stops = [index for index, (word, kind) in enumerate(zip(words, kinds, strict=True))
                 if (kind and not _could_start_a_name(word) or not _wordlike(word))
                 and word not in _IN_NAMES]
        starts = [start for start in range(min(len(words), MAX_STARTS))
                  if start not in stops]
        found = self._longest(words, starts, stops, False)
        if found is None:
            found = self._longest(words, [s for s in starts if not kinds[s]][:2], stops, True)
        return found

    def _most_words(self, first: str) -> int:
        """The most words of a card name (or printed name) starting with the word ``first``
        (normalised); 0 when none does."""
        most = self.cards.name_words(first)
        if self.printed is not None:
            if self._printed_starts is None:
                self._printed_starts = {}
                for printed in self.printed.keys():
                    words = printed.count(" ") + 1
                    head = printed.split(" ", 1)[0]
                    if words > self._printed_starts.get(head, 0):
                        self._printed_starts[head] = words
            most = max(most, self._printed_starts.get(first, 0))
        return most

    def _longest(self, words: list[str], starts: list[int], stops: list[int],
                 spelling: bool) -> Found | None:
        best: Found | None = None
        for start in starts:
            if best is not None and best.end - best.start >= len(words) - start:
                break
            most = MAX_NAME_WORDS
            if not spelling:  # as written: only from a word some name starts with
                most = self._most_words(normalize(words[start].lstrip(_EDGES)))
                if not most:
                    continue
            stop = next((index for index in stops if index > start), len(words))
            longest = min(stop, start + most + 2)  # a ' // ' or a spacing may add words
            for end in range(longest, start, -1):
                if best is not None and end - start <= best.end - best.start:
                    break
                if not _wordlike(words[end - 1]):
                    continue
                reading = self._lookup(" ".join(words[start:end]), spelling)
                if reading is not None:
                    best = Found(start, end, reading)
                    break
        return best


def _faces_of(name: str) -> set[str]:
    return {normalize(face) for face in faces(name)}


def _wordlike(word: str) -> bool:
    """A word a name may start or end with (not a lone ``-`` or ``|``)."""
    return any(ch.isalnum() for ch in word)


def _could_start_a_name(word: str) -> bool:
    """A word that is also a decoration but may begin a card name (``Mint``, ``Foil``)."""
    return word[:1].isalpha() and word[:1].isupper()


def split_words(text: str) -> list[str]:
    """A line's words, each bracketed group one word: ``(Commander: Strixhaven)``."""
    return _TOKEN.findall(text)


@functools.lru_cache(maxsize=4096)
def classify(word: str) -> str:
    """What a word (or bracketed group) around a card name is: ``count``, ``set``, ``number``,
    ``finish``, ``condition``, ``language``, ``price``, ``group``, ``comment``, ``joiner``, or
    ``""`` when it is none of these."""
    text = word.strip()
    if not text:
        return "joiner"
    key = text.casefold()
    if key in _JOINERS or not any(ch.isalnum() for ch in text) and not text.startswith("#"):
        return "joiner"
    if key in _FINISHES:
        return "finish"
    if _MARKER.match(text):
        return "group"  # TappedOut's *CMDR*, Moxfield's *A*: marks the grammar reads
    if text[0] in "([{^" and len(text) > 1:
        inner = text[1:-1].strip() if text[-1] in ")]}^" else text[1:].strip()
        if text[0] == "{" or text[0] == "^":
            return "group"
        inner_key = inner.casefold()
        if not inner:
            return "joiner"
        if inner_key in _FINISHES or inner_key in ("f", "e"):
            return "finish"
        if _COUNT_WORD.match(inner):
            return "count"
        if inner.isdigit() or _NUMBER_WORD.match(inner):
            return "number"
        if inner_key in _CONDITIONS:
            return "condition"
        if inner_key in _LANGUAGE_WORDS:
            return "language"
        if _SET_WORD.match(inner.upper()) and (text[0] == "(" or inner.isupper()):
            return "set"  # (cmm), (CMM), [CMM]; [Ramp] is a group
        if ":" in inner and _SET_WORD.match(inner.partition(":")[0].upper()):
            return "set"  # [SET:123]
        if _PRICE.match(inner) and _CURRENCY.search(inner):
            return "price"
        if text[0] == "[":
            return "group"
        return "set"  # a set's name: (Commander: Strixhaven), (Foreign Black Border)
    if text.startswith("#") or text.startswith("//"):
        return "comment"
    if key in _CONDITIONS:
        return "condition"
    if key in _LANGUAGE_WORDS:
        return "language"
    if key in _RARITIES:
        return "rarity"
    if _COUNT_WORD.match(text):
        return "count"
    if _PRICE.match(text) and (_CURRENCY.search(text) or "." in text or "," in text):
        return "price"
    if _NUMBER_WORD.match(text):
        return "number"
    if _SET_WORD.match(text) and any(ch.isalpha() for ch in text):
        return "set"
    return ""


_SET_IN = re.compile(r"^[\[(]\s*(?P<set>[A-Za-z0-9]{2,6})"
                     r"(?:\s*[:#]\s*(?P<number>[^\s\])]{1,12}))?\s*[\])]$")


def identify(entry: Entry, body: str, names: CardNames, counted: bool) -> tuple[str, str]:
    """Read ``entry`` (read from ``body`` by the grammar; ``counted``: the body starts with a
    count) by the card data: its name as the card data knows it, and what surrounds it in the
    line. Returns (how it was read, to say: ``""`` when as written; what was left unread).
    An entry whose name is found nowhere, or only as a part of the line whose other words are
    neither decorations nor set apart from it (``Goblin`` in ``Goblin Guide``), is left as it
    is: an unknown card, with its "did you mean"."""
    reading = names.exact(entry.name)
    if reading is not None:
        if reading.how:
            said, entry.name = reading.said(entry.name), reading.name
            return said, ""
        return "", ""
    if _TOKEN_LINE.search(entry.name):
        return "", ""  # a token line ('Zombie token 2/2'): the runners read it as one
    words = split_words(body)
    if counted and words:
        words = words[1:]
    found = names.find(words)
    if found is None:
        return "", ""
    written = " ".join(words[found.start:found.end]).strip(_EDGES)
    count, set_code, number, foil = None, entry.set_code, entry.number, entry.foil
    unread: list[str] = []
    count_seen = counted
    rest = words[:found.start] + words[found.end:]
    for position, word in enumerate(rest):
        if word.startswith("#") or word.startswith("//"):
            break  # a comment: the rest of the line
        kind = classify(word)
        before = position < found.start
        if kind == "number" and word.isdigit() and not count_seen and (
                before or _after_x(words, found.end, position - found.start)):
            kind = "count"
        if kind == "count" and not count_seen:
            digits = "".join(ch for ch in word if ch.isdigit())
            if digits and 0 < int(digits[:7]) <= MAX_COUNT:
                count, count_seen = int(digits), True
            continue
        if kind == "set" and set_code is None:
            match = _SET_IN.match(word)
            if match:
                set_code = match.group("set").upper()
                number = match.group("number") or number
            elif _SET_WORD.match(word):
                set_code = word.upper()
            continue
        if kind == "number" and set_code is not None and number is None:
            number = word.strip("()#")
            continue
        if kind == "finish" and word.strip("()[]*").casefold() not in (
                "nonfoil", "non-foil", "non foil", "normal", "regular"):
            foil = True
            continue
        if kind:
            continue
        if not unread and not _set_apart(words, found, position):
            return "", ""  # a part of a longer name the card data does not know
        unread.append(word)
    entry.name = found.reading.name
    entry.set_code, entry.number, entry.foil = set_code, number, foil
    if count is not None:
        entry.count = count
    return found.reading.said(written), " ".join(unread)


def _set_apart(words: list[str], found: Found, position: int) -> bool:
    """The first unread word (at ``position`` among the words left around the name) is set
    apart from the name by a decoration or a joiner (``Sol Ring - a gift``), not next to it."""
    index = position if position < found.start else found.end + position - found.start
    between = words[index + 1:found.start] if index < found.start else words[found.end:index]
    return any(classify(word) for word in between)


def _after_x(words: list[str], end: int, offset: int) -> bool:
    """The word at ``end + offset`` follows an ``x`` or ``×`` (``Swamp x 9``)."""
    index = end + offset - 1
    return 0 <= index < len(words) and words[index].casefold() in ("x", "×")
