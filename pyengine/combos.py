"""Two-card combos: the compact list the bracket estimate reads (:mod:`pyengine.power`).

The importer (``scripts/import_scryfall.py --combos`` or ``--download``) reduces Commander
Spellbook's variants export to the two-card combos legal in Commander that give something
infinite or win the game, and writes them with :func:`write`; the deck check reads them with
:func:`parse`. Without the file (a local build: the export is fetched only at deploy) the
estimate says "combos not checked". Pure functions over text: reading the file is the caller's.

The file is UTF-8 text (gzipped on disk), ``# key: value`` header lines (``source``,
``licence``, ``date``, ``combos``), then one combo a line, tab-separated::

    Card A<TAB>Card B<TAB>timing<TAB>what it produces (``; ``-separated)<TAB>Spellbook id

``timing`` is ``early`` or ``late`` when the source says (Spellbook's ``bracketTag``: ``R``,
"Ruthless", is early; ``S`` "Spicy", ``P`` "Powerful" and ``O`` "Oddball" are late), ``low``
for a combo Spellbook tags as fitting the lower brackets (``PA``, ``C``, ``E``), or empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .datafile import checked_field, take_header
from .names import normalize

__all__ = ["TIMINGS", "Combo", "Combos", "parse", "take_header", "write"]

#: The timings a line may carry ("" when the source does not say).
TIMINGS = ("early", "late", "low", "")
#: No card name or produced result is longer; a longer field is a broken file.
MAX_FIELD = 400


@dataclass(frozen=True, slots=True)
class Combo:
    """Two cards that together make a combo, what it produces and when it tends to win."""

    cards: tuple[str, str]
    timing: str
    produces: tuple[str, ...]
    id: str = ""

    def describe(self) -> str:
        what = ", ".join(self.produces[:2]) or "a combo"
        return f"{self.cards[0]} + {self.cards[1]} ({what})"


class Combos:
    """The list, looked up by the cards of a deck."""

    def __init__(self, combos: Iterable[Combo] = (), meta: Mapping[str, str] | None = None):
        self.meta: dict[str, str] = dict(meta or {})
        self.combos: list[Combo] = list(combos)
        self._by_card: dict[str, list[Combo]] = {}
        for combo in self.combos:
            self._by_card.setdefault(normalize(combo.cards[0]), []).append(combo)

    def __len__(self) -> int:
        return len(self.combos)

    def found_in(self, names: Iterable[str]) -> list[Combo]:
        """Every combo whose two cards are both among ``names`` (each once, in file order)."""
        keys = {normalize(name) for name in names}
        keys |= {normalize(name.split(" // ")[0]) for name in names}
        found = [combo for key in keys for combo in self._by_card.get(key, ())
                 if normalize(combo.cards[1]) in keys]
        order = {id(combo): number for number, combo in enumerate(self.combos)}
        return sorted(set(found), key=lambda combo: order[id(combo)])


def parse(text: str, known: set[str] | None = None) -> Combos:
    """Read the file :func:`write` makes. A malformed line raises ``ValueError`` naming it;
    with ``known`` (normalised names of the card data), a combo naming a card not in it
    raises too."""
    meta: dict[str, str] = {}
    combos: list[Combo] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or take_header(line, meta):
            continue
        fields = line.split("\t")
        if len(fields) != 5:
            raise ValueError(f"combos, line {number}: expected 5 tab-separated fields, "
                             f"found {len(fields)}")
        first, second = (checked_field("combos", fields[i], "card name", number, MAX_FIELD)
                         for i in (0, 1))
        timing = fields[2]
        if timing not in TIMINGS:
            raise ValueError(f"combos, line {number}: timing {timing!r} is not one of "
                             "early, late, low or empty")
        produces = tuple(checked_field("combos", part.strip(), "result", number, MAX_FIELD)
                         for part in fields[3].split(";") if part.strip())
        for name in (first, second):
            if known is not None and normalize(name) not in known:
                raise ValueError(f"combos, line {number}: {name!r} is not a card in the "
                                 "card data")
        combos.append(Combo((first, second), timing, produces, fields[4].strip()))
    return Combos(combos, meta)


def write(combos: Iterable[Combo], meta: Mapping[str, str]) -> str:
    """The file's text: ``# key: value`` lines from ``meta``, the count, then one combo a line
    sorted by its cards (each pair once)."""
    seen: dict[tuple[str, str], Combo] = {}
    for combo in combos:
        pair = tuple(sorted(combo.cards, key=normalize))
        for value in (*combo.cards, *combo.produces, combo.id):
            if "\t" in value or "\n" in value or ";" in value and value not in combo.cards:
                raise ValueError(f"combos: {value!r} holds a tab, a line break or a ';'")
        seen.setdefault((pair[0], pair[1]), Combo((pair[0], pair[1]), combo.timing,
                                                  combo.produces, combo.id))
    header = [f"# {key}: {value}" for key, value in meta.items()]
    header.append(f"# combos: {len(seen)}")
    rows = ["\t".join([*c.cards, c.timing, "; ".join(c.produces), c.id])
            for _, c in sorted(seen.items(), key=lambda kv: (normalize(kv[0][0]),
                                                              normalize(kv[0][1])))]
    return "\n".join(header + rows) + "\n"
