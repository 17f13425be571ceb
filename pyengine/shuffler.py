"""Shuffling a deck and drawing an opening hand, the first thing every table does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .commanders import find_commanders
from .rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardDB
    from .decklist import Decklist

#: Cards in a Commander deck, counting the commander(s).
COMMANDER_DECK_SIZE = 100

#: Cards in an opening hand.
HAND_SIZE = 7


@dataclass(frozen=True)
class Shuffle:
    """The result of shuffling a list of cards with a seed."""

    #: The canonical seed used.
    seed: str
    #: The library after the shuffle, top card first.
    order: tuple[str, ...]

    def draw(self, n: int = HAND_SIZE) -> tuple[str, ...]:
        """The top ``n`` cards (fewer if the library is smaller)."""
        return self.order[: max(0, n)]


def shuffle_cards(cards: list[str], seed: str) -> Shuffle:
    """Shuffle ``cards`` (top first) with a fresh :class:`Rng` for ``seed``.

    The same cards and seed always give the same order, in CPython and in the browser.
    """
    rng = Rng(seed)
    return Shuffle(seed=rng.seed, order=tuple(rng.shuffled(cards)))


def library_and_commanders(deck: Decklist, cards: CardDB | None = None,
                           chosen: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """The cards that go into the library (one name per copy, in list order) and the
    commander(s) set aside, read as the deck check reads them
    (:func:`pyengine.commanders.find_commanders`).

    A marked or ``chosen`` commander is always set aside. An unmarked one (one or two
    sideboard cards, or with ``cards`` the checker's proposal) only when the list has the 100
    cards of a Commander deck; other lists are shuffled whole. Sideboard, maybeboard, companion
    and the other sections outside the deck never go into the library."""
    reading = find_commanders(deck, cards, chosen)
    size = sum(e.count for e in reading.library) + sum(e.count for e in reading.commanders)
    if reading.source in ("marked", "chosen") or (
            reading.commanders and size == COMMANDER_DECK_SIZE):
        library, commanders = reading.library, reading.commanders
    else:
        library, commanders = deck.deck_entries(), []
    return ([e.name for e in library for _ in range(e.count)],
            [e.name for e in commanders for _ in range(e.count)])
