"""Seeded randomness for every game.

All randomness in the engine comes from an :class:`Rng` that is passed in. A seed is a short
string people can read aloud ("amber-otter-17"); the same seed gives the same shuffles, dice and
coins in CPython and in Pyodide, because the generator is seeded with an integer derived from
the seed by SHA-256 and every draw is made with ``getrandbits`` (whose output for a given seed
is fixed across Python versions).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

#: Words for readable seeds: 64 adjectives and 64 animals give 4,096 pairs; with a two-digit
#: number that is 409,600 seeds, plenty for a table and easy to say out loud.
ADJECTIVES = (
    "amber", "ancient", "ashen", "azure", "bold", "brave", "bright", "broken", "calm", "clever",
    "cold", "crimson", "cursed", "dark", "deep", "dusty", "eager", "elder", "fading", "fallen",
    "fierce", "frozen", "gentle", "gilded", "golden", "grim", "hidden", "hollow", "hungry", "icy",
    "iron", "jade", "keen", "last", "lone", "lucky", "mad", "misty", "noble", "odd", "pale",
    "proud", "quick", "quiet", "rapid", "restless", "rusty", "savage", "scarlet", "shadow",
    "silent", "silver", "sly", "stone", "storm", "swift", "tall", "thorny", "twin", "vast",
    "violet", "wild", "wise", "young",
)
ANIMALS = (
    "adder", "badger", "bat", "bear", "beetle", "boar", "cobra", "crab", "crane", "crow",
    "deer", "dingo", "drake", "eagle", "eel", "elk", "falcon", "ferret", "finch", "fox", "frog",
    "gecko", "goat", "goose", "hare", "hawk", "heron", "hound", "ibis", "jackal", "jay", "koi",
    "lark", "lemur", "lion", "lynx", "mole", "moose", "moth", "newt", "otter", "owl", "panther",
    "pike", "puma", "quail", "rat", "raven", "rook", "seal", "shark", "shrew", "sloth", "snake",
    "spider", "stag", "swan", "tiger", "toad", "viper", "vole", "wasp", "wolf", "wren",
)


def normalize_seed(seed: str) -> str:
    """The canonical form of a seed: trimmed, lower case, inner spaces as single hyphens.

    >>> normalize_seed("  Amber Otter 17 ")
    'amber-otter-17'
    """
    return "-".join(str(seed).strip().lower().replace("_", " ").replace("-", " ").split())


def seed_to_int(seed: str) -> int:
    """The 64-bit integer a seed stands for (SHA-256 of its canonical form)."""
    digest = hashlib.sha256(normalize_seed(seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def make_seed(entropy: int) -> str:
    """A readable seed from any non-negative integer (the caller supplies the entropy)."""
    entropy = abs(int(entropy))
    adjective = ADJECTIVES[entropy % len(ADJECTIVES)]
    entropy //= len(ADJECTIVES)
    animal = ANIMALS[entropy % len(ANIMALS)]
    entropy //= len(ANIMALS)
    return f"{adjective}-{animal}-{entropy % 100:02d}"


class Rng:
    """A seeded random source. Every random choice in a game goes through one of these.

    >>> Rng("amber-otter-17").shuffled(range(5)) == Rng("Amber Otter 17").shuffled(range(5))
    True
    """

    def __init__(self, seed: str) -> None:
        if not normalize_seed(seed):
            raise ValueError("a seed must contain at least one letter or digit")
        #: The seed in canonical form.
        self.seed = normalize_seed(seed)
        self._random = random.Random(seed_to_int(self.seed))

    def __repr__(self) -> str:
        return f"Rng({self.seed!r})"

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection sampling on ``getrandbits``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            value = self._random.getrandbits(bits)
            if value < n:
                return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        result = list(items)
        self.shuffle(result)
        return result

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def die(self, sides: int) -> int:
        """A roll of a die with ``sides`` faces: 1..sides."""
        return self.below(sides) + 1

    def coin(self) -> bool:
        """A fair coin: True is Yes/heads."""
        return self.below(2) == 1

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements, in random order (a partial Fisher–Yates)."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError("sample size out of range")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
