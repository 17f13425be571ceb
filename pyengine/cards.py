"""Card facts: what the engine needs to know about a card, and where it finds them.

:class:`CardFacts` holds one card's printed facts (cost, mana value, types, power and toughness,
colours, token or not) and a few automation tags. :class:`CardDB` finds facts by name, however
the name was written (see :func:`pyengine.names.normalize`), and never guesses: a name it does
not know is reported by :meth:`CardDB.unknown`.

Facts come from three places, all text or parsed JSON handed in by the caller (this module does
no I/O): the project's ``decks/cards.tsv`` (:meth:`CardDB.from_tsv`), Scryfall JSON
(:meth:`CardDB.from_scryfall`), and annotation lines in a pasted decklist
(:meth:`CardDB.from_annotations`, syntax in ``decks/README.md``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from .names import FACE_SEPARATOR, NameIndex, SpellingIndex, faces, front_face, normalize
from .vocabulary import VocabularyError, check_tags, migrate_tags

_T = TypeVar("_T")

__all__ = [
    "TSV_COLUMNS",
    "CardDB",
    "CardDataError",
    "CardFacts",
    "colors_of_cost",
    "combine_card_data",
    "config_facts",
    "deck_facts",
    "missing_facts",
    "missing_facts_message",
    "mana_value_of",
    "parse_annotation",
    "parse_cost",
    "read_config_facts",
]

TSV_COLUMNS = (
    "name",
    "mana_cost",
    "mana_value",
    "type_line",
    "power",
    "toughness",
    "colors",
    "color_identity",
    "is_token",
    "tags",
)
"""The columns of ``decks/cards.tsv``, in order."""

WUBRG = "WUBRG"

CARD_TYPES = (
    "Artifact",
    "Battle",
    "Conspiracy",
    "Creature",
    "Dungeon",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Phenomenon",
    "Plane",
    "Planeswalker",
    "Scheme",
    "Sorcery",
    "Tribal",
    "Vanguard",
)
SUPERTYPES = ("Basic", "Elite", "Host", "Legendary", "Ongoing", "Snow", "World")
#: The card types that make a permanent (sw-4-4 and the Horde rules' "permanent").
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")

_SYMBOL = re.compile(r"\{([^{}]*)\}")
_TYPE_DASH = re.compile(r"(?<!\s)\s+[—–-]\s+")  # from a run's first space: linear


class CardDataError(ValueError):
    """Card data that cannot be read: raised by :meth:`CardDB.from_tsv`,
    :meth:`CardDB.from_scryfall` and :func:`parse_annotation`. ``line`` is 1-based, 0 if unknown."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def _symbols(cost: str) -> list[str]:
    return [symbol.upper() for symbol in _SYMBOL.findall(cost)]


def mana_value_of(cost: str) -> int:
    """The mana value of a printed mana cost: ``"{3}{B}{B}"`` -> 5.

    Numbers count their value, X/Y/Z count 0, a hybrid ``{2/W}`` counts 2, any other symbol
    (``{W}``, ``{W/U}``, ``{W/P}``, ``{C}``, ``{S}``) counts 1. The halves of a split cost
    (``"{1}{R} // {1}{U}"``) add up, as for a split card off the stack.
    """
    total = 0
    for symbol in _symbols(cost):
        parts = symbol.split("/")
        values = []
        for part in parts:
            if part.isdigit():
                values.append(int(part))
            elif part in ("X", "Y", "Z"):
                values.append(0)
            else:
                values.append(1)
        total += max(values) if values else 0
    return total


def parse_cost(cost: str) -> tuple[int, dict[str, int]]:
    """A mana cost as (generic amount, {symbol: count}): ``"{5}{B}{B}"`` -> ``(5, {"B": 2})``.

    Hybrid and other symbols count as one coloured symbol of their own text (``"W/U"``).
    ``X`` counts as 0.
    """
    generic = 0
    colored: dict[str, int] = {}
    text = cost or ""
    while "{" in text:
        start = text.index("{")
        end = text.find("}", start)
        if end < 0:
            break
        symbol = text[start + 1 : end].upper()
        text = text[end + 1 :]
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol in ("X", "Y", "Z", ""):
            continue
        else:
            colored[symbol] = colored.get(symbol, 0) + 1
    return generic, colored


def colors_of_cost(cost: str) -> str:
    """The colours (WUBRG letters, in that order) of the coloured symbols in a mana cost."""
    found = {letter for symbol in _symbols(cost) for letter in symbol.split("/") if letter in WUBRG}
    return "".join(letter for letter in WUBRG if letter in found)


def _wubrg(letters: Iterable[str]) -> str:
    found = {letter.upper() for letter in letters}
    return "".join(letter for letter in WUBRG if letter in found)


def _pt_value(text: str) -> int | None:
    text = text.strip()
    if re.fullmatch(r"[+-]?\d{1,6}", text):
        return int(text)
    return None


def _int_or_none(text: str) -> int | None:
    """A config's power or toughness as a number, ``None`` for ``*``, ``X`` or empty (as the
    engines have always read it: :func:`int` of the text)."""
    try:
        return int(text.strip())
    except ValueError:
        return None


def tag_value(tags: Iterable[str], tag: str) -> str | None:
    """The value of ``tag=value`` among ``tags``, ``""`` for a bare tag, ``None`` if absent."""
    for t in tags:
        if t == tag:
            return ""
        if t.startswith(tag + "="):
            return t[len(tag) + 1 :]
    return None


def _word_in(attribute: str, word: str, doc: str) -> functools.cached_property[bool]:
    """A cached property: True if ``word`` is among the card's ``attribute`` words."""

    def check(self: CardFacts) -> bool:
        return word in getattr(self, attribute)

    check.__doc__ = doc
    return functools.cached_property(check)


@dataclass(frozen=True)
class CardFacts:
    """The printed facts of one card (or token), as in ``decks/cards.tsv``.

    ``CardFacts(name="Zombie", type_line="Token Creature — Zombie", power=2, toughness=2,
    colors="B", color_identity="B", is_token=True, tags=("token",))``
    """

    name: str
    """Oracle name; a two-faced or split card as ``"Front // Back"``."""
    mana_cost: str = ""
    """Printed cost such as ``"{3}{B}{B}"``; empty for tokens and lands."""
    mana_value: int = 0
    """Printed mana value (0 for tokens)."""
    type_line: str = ""
    """Full type line, e.g. ``"Legendary Creature — Goblin Advisor"``."""
    power: int | None = None
    """Printed power as a number, ``None`` for a noncreature or a ``*`` power."""
    toughness: int | None = None
    """Printed toughness as a number, ``None`` for a noncreature or a ``*`` toughness."""
    colors: str = ""
    """WUBRG letters; empty means colourless."""
    color_identity: str = ""
    """WUBRG letters; empty means colourless."""
    is_token: bool = False
    """True for a token."""
    tags: tuple[str, ...] = ()
    """Automation hints: bare words (``"flying"``) or ``key=value`` (``"emerge={6}{B}"``)."""
    power_text: str = field(default="", compare=False)
    """Power as printed (``"*"`` allowed); filled from ``power`` when left empty."""
    toughness_text: str = field(default="", compare=False)
    """Toughness as printed; filled from ``toughness`` when left empty."""

    def __post_init__(self) -> None:
        for number, text, number_name, text_name in (
            (self.power, self.power_text, "power", "power_text"),
            (self.toughness, self.toughness_text, "toughness", "toughness_text"),
        ):
            if not text and number is not None:
                object.__setattr__(self, text_name, str(number))
            elif text and number is None:
                object.__setattr__(self, number_name, _pt_value(text))
        if isinstance(self.tags, list):
            object.__setattr__(self, "tags", tuple(self.tags))

    # -- types -----------------------------------------------------------------------------

    @property
    def _front_type_line(self) -> str:
        return self.type_line.split(FACE_SEPARATOR.strip())[0].strip()

    @functools.cached_property
    def _type_halves(self) -> tuple[list[str], list[str]]:
        parts = _TYPE_DASH.split(self._front_type_line, maxsplit=1)
        left = parts[0].split()
        right = parts[1].split() if len(parts) > 1 else []
        return left, right

    # Cached (functools.cached_property writes the instance dict, which a frozen dataclass
    # allows): long games ask these of every battlefield card after every action.
    @functools.cached_property
    def types(self) -> tuple[str, ...]:
        """Card types of the front face, e.g. ``("Artifact", "Creature")``."""
        return tuple(word for word in self._type_halves[0] if word in CARD_TYPES)

    @functools.cached_property
    def supertypes(self) -> tuple[str, ...]:
        """Supertypes of the front face, e.g. ``("Legendary",)``."""
        return tuple(word for word in self._type_halves[0] if word in SUPERTYPES)

    @functools.cached_property
    def subtypes(self) -> tuple[str, ...]:
        """Subtypes of the front face, e.g. ``("Zombie", "Giant")``."""
        return tuple(self._type_halves[1])

    is_creature = _word_in("types", "Creature", "True if the front face is a creature.")
    is_land = _word_in("types", "Land", "True if the front face is a land.")
    is_basic = _word_in("supertypes", "Basic",
                        "True for a basic land (any card with the Basic supertype).")
    is_legendary = _word_in("supertypes", "Legendary", "True if the front face is legendary.")

    @functools.cached_property
    def is_spell_only(self) -> bool:
        """An instant or sorcery (its front face): a Horde engine holds it on the stack until
        the table resolves it."""
        return "Instant" in self.types or "Sorcery" in self.types

    @functools.cached_property
    def is_permanent(self) -> bool:
        """A token, or a card whose front face is a permanent type (what stays on the
        battlefield when cast)."""
        return self.is_token or any(kind in self.types for kind in PERMANENT_TYPES)

    @property
    def power_value(self) -> int:
        """Printed power as a number (``*`` and empty count 0)."""
        return self.power or 0

    @property
    def toughness_value(self) -> int:
        """Printed toughness as a number (``*`` and empty count 0)."""
        return self.toughness or 0

    @property
    def front_name(self) -> str:
        """The name of the front face (the whole name for a one-faced card)."""
        return front_face(self.name)

    # -- tags ------------------------------------------------------------------------------

    def has_tag(self, tag: str) -> bool:
        """True if the card has the tag ``tag``, bare or as ``tag=value``."""
        if "=" in tag:
            return any(t == tag or t.startswith(tag + "=") for t in self.tags)
        return tag in self._tag_keys

    @functools.cached_property
    def _tag_keys(self) -> frozenset[str]:
        return frozenset(t.split("=", 1)[0] for t in self.tags)

    def tag_value(self, tag: str) -> str | None:
        """The value of ``tag=value`` (``"{6}{B}"`` for ``emerge``), ``""`` for a bare tag,
        ``None`` if the card lacks the tag."""
        return tag_value(self.tags, tag)

    def derived(self, rule: Callable[[CardFacts], _T]) -> _T:
        """``rule(self)``, worked out once per card: for an engine's rule that reads only the
        printed facts (whether a permanent carries a coin flag, which graveyard keyword it
        has) and is asked of every card after every action in a long game."""
        cache: dict[Callable[[CardFacts], _T], _T]  # (no typing.cast: a call per answer)
        try:
            cache = self.__dict__["_derived"]
        except KeyError:
            cache = self.__dict__["_derived"] = {}
        try:
            return cache[rule]  # what ``rule`` returned before
        except KeyError:
            value = cache[rule] = rule(self)
            return value

    # -- game configs ----------------------------------------------------------------------

    @classmethod
    def from_config(cls, name: str, entry: Any) -> CardFacts:
        """Read back one ``facts`` entry of a game config (what :meth:`to_config` and
        :func:`config_facts` write), for every engine: ``mana_cost`` may be missing (Swarm
        configs leave it out: their rules use only the mana value), ``tags`` may be a list or
        ``;``-separated text, ``token`` may be written ``is_token``, power and toughness may be
        text (``"*"``), numbers or missing. Raises :class:`CardDataError` (a ``ValueError``)
        for an entry that is not an object."""
        if not isinstance(entry, dict):
            raise CardDataError(f"the facts of '{name}' are not an object")
        tags = entry.get("tags", [])
        if isinstance(tags, str):
            tags = [t for t in tags.split(";") if t]
        if not isinstance(tags, list | tuple):
            raise CardDataError(f"the tags of '{name}' are not a list")
        tags = migrate_tags(str(t) for t in tags)  # a save of an earlier release (issue 39)
        power = entry.get("power")
        toughness = entry.get("toughness")
        power_text = "" if power is None else str(power)
        toughness_text = "" if toughness is None else str(toughness)
        return cls(
            name=name,
            mana_cost=str(entry.get("mana_cost", "") or ""),
            mana_value=int(entry.get("mana_value", 0) or 0),
            type_line=str(entry.get("type_line", "") or ""),
            power=_int_or_none(power_text),
            toughness=_int_or_none(toughness_text),
            is_token=bool(entry.get("token", entry.get("is_token", False))),
            tags=tuple(str(t) for t in tags),
            power_text=power_text,
            toughness_text=toughness_text,
        )

    def to_config(self, *, mana_cost: bool = True) -> dict[str, Any]:
        """This card's ``facts`` entry in a game config (:func:`config_facts`)."""
        return config_facts(self, mana_cost=mana_cost)

    # -- text ------------------------------------------------------------------------------

    def to_tsv_row(self) -> str:
        """This card as one line of ``cards.tsv`` (no line end)."""
        return "\t".join(
            [
                self.name,
                self.mana_cost,
                str(self.mana_value),
                self.type_line,
                self.power_text,
                self.toughness_text,
                self.colors,
                self.color_identity,
                "1" if self.is_token else "0",
                ";".join(self.tags),
            ]
        )


# -- annotations ---------------------------------------------------------------------------

ANNOTATION_PREFIX = "#!"


def parse_annotation(line: str, line_number: int = 0) -> CardFacts:
    """Read one annotation line, ``#! Name | {cost} | Type line | P/T | tags``.

    Raises :class:`CardDataError` (a ``ValueError``) with a plain explanation if the line cannot
    be read. Syntax in ``decks/README.md``.
    """
    text = line.strip()
    if len(text) > 1000:
        raise CardDataError("a card-facts line this long cannot be read", line_number)
    if text.startswith(ANNOTATION_PREFIX):
        text = text[len(ANNOTATION_PREFIX) :]
    fields = [part.strip() for part in text.split("|")]
    if len(fields) < 3:
        raise CardDataError(
            "a card-facts line needs at least 'Name | mana cost | type line'", line_number
        )
    if len(fields) > 5:
        raise CardDataError(
            "a card-facts line has at most 5 fields: Name | mana cost | type line | P/T | tags",
            line_number,
        )
    name, cost, type_line = fields[0], fields[1], fields[2]
    pt = fields[3] if len(fields) > 3 else ""
    tags = fields[4] if len(fields) > 4 else ""
    if not name:
        raise CardDataError("the card name is empty", line_number)
    if cost and not re.fullmatch(r"(\{[^{}]+\})+(\s*//\s*(\{[^{}]+\})+)?", cost):
        raise CardDataError(
            f"mana cost {cost!r} is not written in braces, e.g. {{2}}{{B}}", line_number
        )
    if not type_line:
        raise CardDataError("the type line is empty", line_number)
    power = toughness = ""
    if pt and pt != "-":
        value = r"([+-]?(?:\d{1,4}|\*|X)(?:[+-](?:\d{1,4}|\*))?)"
        match = re.fullmatch(value + r"\s*/\s*" + value, pt)
        if not match:
            raise CardDataError(f"power/toughness {pt!r} should look like 2/2", line_number)
        power, toughness = match.group(1), match.group(2)
    colors = colors_of_cost(cost)
    try:  # an older spelling is read as today's verb; an unknown verb is refused
        tag_list = migrate_tags((t.strip() for t in tags.split(";") if t.strip()), strict=True)
    except VocabularyError as error:
        raise CardDataError(f"{name}: {error}", line_number) from None
    return CardFacts(
        name=name,
        mana_cost=cost,
        mana_value=mana_value_of(cost),
        type_line=type_line,
        power_text=power,
        toughness_text=toughness,
        colors=colors,
        color_identity=colors,
        is_token=type_line.split()[0].casefold() == "token",
        tags=tag_list,
    )


# -- Scryfall ------------------------------------------------------------------------------

_DOUBLE_FACED = {"transform", "modal_dfc", "meld", "reversible_card", "double_faced_token"}


def _scryfall_card(card: Mapping[str, Any]) -> CardFacts:
    name = card.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError("a Scryfall card object has no name")
    card_faces = card.get("card_faces") or []
    front: Mapping[str, Any] = card_faces[0] if card_faces else {}
    layout = card.get("layout", "normal")

    def pick(key: str, default: Any = None) -> Any:
        if layout in _DOUBLE_FACED and key in front:
            return front.get(key, default)
        value = card.get(key)
        if value is None and front:
            value = front.get(key)
        return default if value is None else value

    cost = pick("mana_cost", "") or ""
    type_line = pick("type_line", "") or ""
    cmc = card.get("cmc")
    if cmc is None:
        cmc = front.get("cmc", mana_value_of(cost))
    try:
        mana_value = int(float(cmc))
    except (TypeError, ValueError):
        mana_value = mana_value_of(cost)
    colors = card.get("colors")
    if colors is None:
        colors = front.get("colors", [])
    keywords = [str(k) for k in card.get("keywords") or []]
    if layout in _DOUBLE_FACED and front:
        # Scryfall lists the keywords of all faces; keep those the front face has.
        front_text = str(front.get("oracle_text", "")).casefold()
        keywords = [k for k in keywords if k.casefold() in front_text]
    tags = [k.casefold().replace(" ", "_") for k in keywords]
    is_token = layout in ("token", "double_faced_token") or type_line.startswith("Token")
    if is_token:
        tags.insert(0, "token")
    if "Legendary" in type_line.split(" — ")[0].split():
        tags.append("legendary")
    return CardFacts(
        name=name,
        mana_cost=cost,
        mana_value=mana_value,
        type_line=type_line,
        power_text=str(pick("power", "") or ""),
        toughness_text=str(pick("toughness", "") or ""),
        colors=_wubrg(colors),
        color_identity=_wubrg(card.get("color_identity") or []),
        is_token=is_token,
        tags=tuple(dict.fromkeys(tags)),
    )


def _compact_card(row: str) -> CardFacts:
    """One row of the compact card data (the columns of :data:`TSV_COLUMNS`)."""
    cols = row.split("\t")
    if len(cols) != len(TSV_COLUMNS):
        raise CardDataError(f"a card-data row has {len(cols)} columns, not {len(TSV_COLUMNS)}: "
                            f"{cols[0][:60]!r}")
    name, cost, mv, type_line, power, toughness, colors, identity, token, tags = cols
    if not mv.isdigit() or len(mv) > 3:
        raise CardDataError(f"{name!r}: mana_value {mv!r} is not a number")
    return _tsv_facts(cols)


def _tsv_facts(cols: list[str]) -> CardFacts:
    """The card of one checked ``cards.tsv`` row (columns :data:`TSV_COLUMNS`)."""
    name, cost, mv, type_line, power, toughness, colors, identity, token, tags = cols
    return CardFacts(
        name=name,
        mana_cost=cost,
        mana_value=int(mv),
        type_line=type_line,
        power_text=power,
        toughness_text=toughness,
        colors=colors,
        color_identity=identity,
        is_token=token == "1",
        tags=tuple(t for t in tags.split(";") if t),
    )


def config_facts(card: Any, *, mana_cost: bool = True) -> dict[str, Any]:
    """One card's ``facts`` entry in a game config, from a :class:`CardFacts`-like object or a
    dict with the ``decks/cards.tsv`` column names: the one writer of config facts for every
    engine (every engine reads it back with :meth:`CardFacts.from_config`).
    ``mana_cost=False`` leaves the cost out, as Swarm configs have always done (its rules
    use only the mana value), so their saves and share links stay the same."""

    def get(key: str, default: Any = None) -> Any:
        if isinstance(card, dict):
            return card.get(key, default)
        return getattr(card, key, default)

    tags = get("tags", ()) or ()
    if isinstance(tags, str):
        tags = [t for t in tags.split(";") if t]
    power = get("power_text", None) or get("power", "")
    toughness = get("toughness_text", None) or get("toughness", "")
    token = get("is_token", False)
    if isinstance(token, str):
        token = token.strip() == "1"
    entry: dict[str, Any] = {"mana_cost": get("mana_cost", "") or ""} if mana_cost else {}
    entry.update({
        "mana_value": int(get("mana_value", 0) or 0),
        "type_line": get("type_line", "") or "",
        "power": "" if power is None else str(power),
        "toughness": "" if toughness is None else str(toughness),
        "token": bool(token),
        "tags": list(tags),
    })
    return entry


def read_config_facts(raw: Mapping[str, Any]) -> dict[str, CardFacts]:
    """A game config's ``facts`` (name -> entry) read back once, at set-up: the one reader of
    config facts for every engine (the Horde engines and Swarm), :class:`CardFacts` by card
    name, in name order. A plain dict, so a lookup in a long game's hot path is one dict
    lookup (and :meth:`pyengine.game.Game.apply` copies it as a dict). Raises
    :class:`CardDataError` for an entry that is not an object."""
    return {name: CardFacts.from_config(name, entry) for name, entry in sorted(raw.items())}


def missing_facts(names: Iterable[str], facts: Mapping[str, Any]) -> list[str]:
    """The names without an entry in ``facts``, each once, sorted."""
    return sorted({name for name in names if name not in facts})


def missing_facts_message(names: Iterable[str]) -> str:
    """The sentence every engine and builder uses for cards without facts."""
    return "no card facts for: " + ", ".join(names)


def deck_facts(names: Iterable[str], lookup: Any, *, mana_cost: bool = True
               ) -> tuple[list[str], dict[str, dict[str, Any]], list[str]]:
    """The one decklist-to-config builder: ``(canonical names, config facts, unknown names)``
    for the card names of a list.

    ``lookup(name)`` returns a :class:`CardFacts` or ``None`` (e.g. :meth:`CardDB.get`); each
    name found is written by its card's own name, with one ``facts`` entry a card
    (:func:`config_facts`; ``mana_cost=False`` for Swarm configs). Unknown names come back
    once each, in the order given; the caller says what to do with them."""
    canonical: list[str] = []
    facts: dict[str, dict[str, Any]] = {}
    unknown: list[str] = []
    for name in names:
        card = lookup(name)
        if card is None:
            if name not in unknown:
                unknown.append(name)
            continue
        canonical.append(card.name)
        if card.name not in facts:
            facts[card.name] = config_facts(card, mana_cost=mana_cost)
    return canonical, facts, unknown


# -- the database --------------------------------------------------------------------------


_HINT_CACHE: dict[int, tuple[object, NameIndex]] = {}
_SPELLING_CACHE: dict[int, tuple[object, SpellingIndex]] = {}
_STARTS_CACHE: dict[int, tuple[object | None, dict[str, dict[str, int]]]] = {}


def _starts(keys: Iterable[str]) -> dict[str, int]:
    """First word -> most words, over normalised names."""
    starts: dict[str, int] = {}
    for key in keys:
        words = key.count(" ") + 1
        first = key[: key.find(" ")] if words > 1 else key
        if words > starts.get(first, 0):
            starts[first] = words
    return starts


class CardDB:
    """Card facts by name. Lookups go through :func:`pyengine.names.normalize`; a split,
    adventure or two-faced card is also found by any one of its faces.

    Build one with :meth:`from_tsv`, :meth:`from_compact` (the full card data, read lazily),
    :meth:`from_scryfall` or :meth:`from_annotations` and combine them with :meth:`merge`.
    """

    def __init__(self, cards: Iterable[CardFacts] = (), not_found: Iterable[str] = ()) -> None:
        self._cards: dict[str, CardFacts] = {}
        self._rows: dict[str, str] = {}
        """Rows of the compact file not parsed yet, by key (parsed on first lookup)."""
        self._fronts: dict[str, str] = {}
        """Face keys (every face of a multi-faced card) to the card's key."""
        self._sorted: list[str] | None = None
        self._memo: dict[str, CardFacts | None] = {}
        self._added = 0
        """Cards added one by one (not rows of the compact file): the small hint index's key."""
        """Lookups by name as written (cleared whenever a card is added)."""
        self._rows_token: object | None = None
        """Identity of the compact file the rows came from (the hint index is cached on it)."""
        self._small_index: tuple[tuple[int, tuple[str, ...]], NameIndex] | None = None
        self._small_spelling: tuple[int, SpellingIndex] | None = None
        self._small_starts: tuple[int, dict[str, int]] | None = None
        self.not_found: list[str] = list(not_found)
        """Names a Scryfall collection response could not find (``"not_found"``)."""
        self.meta: dict[str, str] = {}
        """``# key: value`` header lines of a compact file (``source``, ``date``, ...)."""
        for card in cards:
            self.add(card)

    def add(self, card: CardFacts) -> None:
        """Add ``card``, replacing any card with the same normalised name."""
        key = normalize(card.name)
        self._cards[key] = card
        self._rows.pop(key, None)
        self._sorted = None
        self._memo.clear()
        self._added += 1
        card_faces = faces(card.name)
        if len(card_faces) > 1:
            for face in card_faces:
                self._fronts.setdefault(normalize(face), key)

    def _add_row(self, name: str, row: str) -> None:
        key = normalize(name)
        self._rows[key] = row
        self._cards.pop(key, None)
        self._sorted = None
        self._memo.clear()
        if "/" in name:
            for face in faces(name):
                self._fronts.setdefault(normalize(face), key)

    # -- constructors ----------------------------------------------------------------------

    @classmethod
    def from_tsv(cls, text: str) -> CardDB:
        """Read ``cards.tsv`` text (header line first; columns :data:`TSV_COLUMNS`).

        Raises :class:`CardDataError` naming the line for a wrong header, a wrong number of
        columns, a bad number or a duplicate name.
        """
        lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
        header = tuple(lines[0].split("\t")) if lines else ()
        if header != TSV_COLUMNS:
            raise CardDataError(f"header should be {' '.join(TSV_COLUMNS)!r}", 1)
        db = cls()
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            cols = line.split("\t")
            if len(cols) != len(TSV_COLUMNS):
                raise CardDataError(
                    f"expected {len(TSV_COLUMNS)} tab-separated columns, found {len(cols)}", number
                )
            name, cost, mv, type_line, power, toughness, colors, identity, token, tags = cols
            if not re.fullmatch(r"\d{1,3}", mv):
                raise CardDataError(f"mana_value {mv!r} is not a number", number)
            if token not in ("0", "1"):
                raise CardDataError(f"is_token must be 0 or 1, not {token!r}", number)
            if normalize(name) in db._cards:
                raise CardDataError(f"{name!r} appears twice", number)
            try:
                check_tags(name, [t for t in tags.split(";") if t])
            except VocabularyError as error:
                raise CardDataError(str(error), number) from None
            db.add(_tsv_facts(cols))
        return db

    @classmethod
    def from_compact(cls, text: str) -> CardDB:
        """Read the full card data (``decks/card-facts.tsv.gz``, decompressed): ``# key: value``
        header lines (``source``, ``date``, ``cards``; kept in :attr:`meta`), the
        :data:`TSV_COLUMNS` header, then one card a line.

        Rows are parsed on first lookup, so reading 30,000 cards costs one pass over the names.
        Raises :class:`CardDataError` if the column header is missing; a bad row is only found
        when it is looked up (``scripts/import_scryfall.py`` and the tests read every row).
        """
        if not isinstance(text, str):
            raise CardDataError("card data must be text")
        db = cls()
        db._rows_token = object()
        lines = text.lstrip("\ufeff").split("\n")
        position = 0
        while position < len(lines) and lines[position].startswith("#"):
            key, _, value = lines[position][1:].partition(":")
            if value:
                db.meta[key.strip()] = value.strip()
            position += 1
        header = lines[position].rstrip("\r") if position < len(lines) else ""
        if tuple(header.split("\t")) != TSV_COLUMNS:
            raise CardDataError(f"header should be {' '.join(TSV_COLUMNS)!r}", position + 1)
        add = db._add_row
        for line in lines[position + 1:]:
            if line:
                add(line[: line.index("\t")] if "\t" in line else line, line.rstrip("\r"))
        return db

    def check_rows(self) -> None:
        """Parse every row not parsed yet; raises :class:`CardDataError` for a bad one."""
        for key in list(self._rows):
            if key not in self._cards:
                self._lookup(key)

    @classmethod
    def from_scryfall(cls, obj: Any) -> CardDB:
        """Read parsed Scryfall JSON: a list of card objects (bulk data), a list or collection
        response (``{"data": [...], "not_found": [...]}``) or a single card object.

        Two-faced cards (layouts transform, modal_dfc, ...) take cost, types and power from the
        front face and keep the full ``"Front // Back"`` name; tokens are recognised by layout
        ``token``. Names in ``not_found`` are kept in :attr:`not_found`. Raises
        :class:`CardDataError` for something that is not Scryfall card data.
        """
        not_found: list[str] = []
        if isinstance(obj, Mapping):
            if obj.get("object") == "error":
                raise CardDataError(f"Scryfall error: {obj.get('details', 'unknown')}")
            if "data" in obj:
                cards = obj.get("data") or []
                for missing in obj.get("not_found") or []:
                    if isinstance(missing, Mapping):
                        label = missing.get("name") or " ".join(
                            f"{k}={v}" for k, v in sorted(missing.items())
                        )
                    else:
                        label = str(missing)
                    not_found.append(str(label))
            else:
                cards = [obj]
        elif isinstance(obj, list):
            cards = obj
        else:
            raise CardDataError("expected a Scryfall card, list or collection object")
        db = cls(not_found=not_found)
        for card in cards:
            if not isinstance(card, Mapping):
                raise CardDataError("a Scryfall list item is not a card object")
            db.add(_scryfall_card(card))
        return db

    @classmethod
    def from_annotations(cls, decklist: Any) -> CardDB:
        """Card facts a player wrote in a pasted list, as ``#! Name | cost | type | P/T | tags``
        lines. ``decklist`` is the list's text or a :class:`pyengine.decklist.Decklist`
        (its ``annotations``). Unreadable lines are skipped here; the decklist reader reports
        them as problems."""
        if isinstance(decklist, str):
            lines = [
                line.strip()
                for line in decklist.lstrip("\ufeff").splitlines()
                if line.strip().startswith(ANNOTATION_PREFIX)
            ]
        else:
            lines = list(getattr(decklist, "annotations", []) or [])
        db = cls()
        for line in lines:
            try:
                db.add(parse_annotation(line))
            except CardDataError:
                continue
        return db

    def merge(self, other: CardDB) -> CardDB:
        """A new database with the cards of both; ``other`` wins where both know a card.

        Cheap even for the full card data: unparsed rows are shared, not parsed."""
        merged = CardDB(not_found=[*self.not_found, *other.not_found])
        merged._cards = dict(self._cards)
        merged._rows = dict(self._rows)
        merged._fronts = dict(self._fronts)
        merged._added = self._added
        merged.meta = {**self.meta, **other.meta}
        if self._rows and other._rows:
            merged._rows_token = object() if self._rows_token is not other._rows_token \
                else self._rows_token
        else:
            merged._rows_token = self._rows_token if self._rows else other._rows_token
        for key, row in other._rows.items():
            merged._rows[key] = row
            merged._cards.pop(key, None)
        for key, face_key in other._fronts.items():
            merged._fronts.setdefault(key, face_key)
        for card in other._cards.values():
            merged.add(card)
        return merged

    def with_annotations(self, *decklists: Any) -> CardDB:
        """This database with the ``#!`` facts lines of each list on top
        (:meth:`from_annotations`; a later list wins): what every decklist is read with before
        its config is built (:func:`deck_facts`)."""
        db = self
        for decklist in decklists:
            db = db.merge(CardDB.from_annotations(decklist))
        return db

    # -- lookups ---------------------------------------------------------------------------

    def _lookup(self, key: str) -> CardFacts | None:
        card = self._cards.get(key)
        if card is not None:
            return card
        row = self._rows.get(key)
        if row is None:
            return None
        card = _compact_card(row)
        self._cards[key] = card
        return card

    def get(self, name: str) -> CardFacts | None:
        """The facts for ``name``, or ``None``. Matches ignoring case, accents, spacing, curly
        quotes and ``Æ``; ``"Delver of Secrets"`` (or ``"Insectile Aberration"``) finds
        ``"Delver of Secrets // Insectile Aberration"`` and ``"Fire/Ice"`` finds
        ``"Fire // Ice"``."""
        if not isinstance(name, str):
            return None
        memo = self._memo
        if name in memo:
            return memo[name]
        found = self._find(name)
        if len(memo) > 50_000:
            memo.clear()
        memo[name] = found
        return found

    def _find(self, name: str) -> CardFacts | None:
        key = normalize(name)
        card = self._lookup(key)
        if card is not None:
            return card
        front_key = self._fronts.get(key)
        if front_key is not None:
            return self._lookup(front_key)
        if "/" not in name:
            return None
        front = normalize(front_face(name))
        if front != key:
            card = self._lookup(front)
            if card is not None:
                return card
            front_key = self._fronts.get(front)
            if front_key is not None:
                return self._lookup(front_key)
        return None

    def __getitem__(self, name: str) -> CardFacts:
        card = self.get(name)
        if card is None:
            raise KeyError(name)
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def unknown(self, names: Iterable[str]) -> list[str]:
        """The names this database does not know, each once, in the order given. Nothing is
        guessed: a near miss is unknown (see :func:`pyengine.decklist.did_you_mean`)."""
        seen: dict[str, None] = {}
        for name in names:
            if name not in seen and self.get(name) is None:
                seen[name] = None
        return list(seen)

    def suggest(self, name: str, n: int = 3, cutoff: float = 0.75,
                extra: Iterable[str] = (), first_letter: bool = False) -> list[str]:
        """Up to ``n`` known names close to ``name`` (and to ``extra`` names, e.g. the ban
        lists'), best first, for a "did you mean" hint; never ``name`` itself. With
        ``first_letter``, only names of the same first letter are looked at (no allowance for
        a misspelt first letter: cheaper the first time).

        Goes through a :class:`pyengine.names.NameIndex`: the one over the full card data is
        built once per loaded file and cached; one over the other cards and ``extra`` is built
        once per database. The work per name is bounded whatever the number of cards."""
        scored: list[tuple[float, str]] = []
        if self._rows:
            scored += self._hint_index().scored(name, cutoff, first_letter)
        extra = tuple(extra)
        signature = (self._added, extra)
        if self._small_index is None or self._small_index[0] != signature:
            others = [card.name for key, card in self._cards.items() if key not in self._rows]
            self._small_index = (signature, NameIndex(others + [e for e in extra
                                                                if self.get(e) is None]))
        scored += self._small_index[1].scored(name, cutoff, first_letter)
        scored.sort(key=lambda item: -item[0])
        found: list[str] = []
        for _, shown in scored:
            if shown not in found:
                found.append(shown)
        return found[:n]

    def name_words(self, first: str) -> int:
        """The most words of a card name (or face) whose normalised first word is ``first``;
        0 when no name starts with it: a reader looks for a name only from such a word, and
        no longer than that. Worked out per first letter the first time a word needs it (from
        the name index's letter groups), and once per database for the other cards."""
        letter = first[:1]
        if self._rows:
            token = self._rows_token
            cached = _STARTS_CACHE.get(id(token)) if token is not None else None
            if cached is None or cached[0] is not token:
                cached = (token, {})
                if token is not None:
                    _STARTS_CACHE.clear()
                    _STARTS_CACHE[id(token)] = cached
            by_letter = cached[1]
            starts = by_letter.get(letter)
            if starts is None:
                group = self._hint_index().names_under(letter)
                starts = by_letter[letter] = _starts(
                    normalize(part) for name in group
                    for part in ([name, *faces(name)] if "/" in name else [name]))
            most = starts.get(first, 0)
        else:
            most = 0
        small = self._small_starts
        if small is None or small[0] != self._added:
            small = self._small_starts = (self._added, _starts(
                normalize(part) for key, card in self._cards.items() if key not in self._rows
                for part in ([card.name, *faces(card.name)] if "/" in card.name
                             else [card.name])))
        return max(most, small[1].get(first, 0))

    def _hint_index(self) -> NameIndex:
        """The name index over the compact file's rows: built once per loaded file."""
        token = self._rows_token
        cached = _HINT_CACHE.get(id(token)) if token is not None else None
        if cached is not None and cached[0] is token:
            return cached[1]
        index = NameIndex([row[: row.find("\t")] if "\t" in row else row
                           for row in self._rows.values()])
        if token is not None:
            _HINT_CACHE.clear()
            _HINT_CACHE[id(token)] = (token, index)
        return index

    def spelled(self, name: str) -> CardFacts | None:
        """The card ``name`` is a loose spelling of (:func:`pyengine.names.loose`: no
        apostrophes, accents, commas or hyphens, as people type names), when exactly one card
        is; ``None`` otherwise. Through a :class:`pyengine.names.SpellingIndex`, cached per
        loaded card data file like the hint index."""
        found = self.get(name)
        if found is not None:
            return found
        spelled = None
        if self._rows:
            token = self._rows_token
            cached = _SPELLING_CACHE.get(id(token)) if token is not None else None
            if cached is not None and cached[0] is token:
                index = cached[1]
            else:
                index = SpellingIndex(self._hint_index())
                if token is not None:
                    _SPELLING_CACHE.clear()
                    _SPELLING_CACHE[id(token)] = (token, index)
            spelled = index.find(name)
        if spelled is None:
            small = self._small_spelling
            if small is None or small[0] != self._added:
                small = self._small_spelling = (self._added, SpellingIndex(
                    [card.name for key, card in self._cards.items() if key not in self._rows]))
            spelled = small[1].find(name)
        return self.get(spelled) if spelled is not None else None

    def names(self) -> list[str]:
        """All card names, sorted by their normalised key."""
        out = []
        for key in self.keys():
            card = self._cards.get(key)
            out.append(card.name if card is not None else self._rows[key].split("\t", 1)[0])
        return out

    def keys(self) -> list[str]:
        """All normalised keys, sorted."""
        if self._sorted is None:
            self._sorted = sorted(self._cards.keys() | self._rows.keys())
        return list(self._sorted)

    def face_keys(self) -> list[str]:
        """Normalised face names of multi-faced cards (``"fire"``, ``"ice"``), sorted."""
        return sorted(self._fronts)

    def __iter__(self) -> Iterator[CardFacts]:
        for key in self.keys():
            card = self._lookup(key)
            if card is not None:  # every key has its card
                yield card

    def __len__(self) -> int:
        return len(self.keys())

    def __repr__(self) -> str:
        return f"<CardDB {len(self)} cards>"

    def to_tsv(self) -> str:
        """The database as ``cards.tsv`` text, sorted by name."""
        rows = ["\t".join(TSV_COLUMNS), *(card.to_tsv_row() for card in self)]
        return "\n".join(rows) + "\n"


def combine_card_data(full: CardDB, shipped: CardDB) -> CardDB:
    """The full card data with the project's own facts on top: a card both know keeps the
    shipped facts (automation tags, tokens) plus the full data's tags it lacks (``partner``,
    ``any_number``, ``games=`` ...), but not the behaviour tags derived from the text
    (:func:`pyengine.card_text.is_behaviour_tag`): its hand-written ones decide how it plays."""
    from .card_text import is_behaviour_tag

    extra: list[CardFacts] = []
    for card in shipped:
        other = full.get(card.name)
        if other is not None:
            missing = tuple(t for t in other.tags
                            if t not in card.tags and not is_behaviour_tag(t))
            if missing:
                card = replace(card, tags=card.tags + missing)
        extra.append(card)
    return full.merge(CardDB(extra))
