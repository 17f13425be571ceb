"""Shuffling a deck and drawing an opening hand, the first thing every table does."""

from __future__ import annotations

from dataclasses import dataclass

from .rng import Rng

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
