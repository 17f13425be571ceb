"""The seeded RNG: readable seeds, same results for the same seed, every draw in range."""

from __future__ import annotations

import json

import pytest

from pyengine.rng import ADJECTIVES, ANIMALS, Rng, make_seed, normalize_seed, seed_to_int
from tests.conftest import DATA


def test_seed_normalisation_makes_spoken_seeds_equal():
    """A seed read aloud and typed differently is the same seed."""
    assert normalize_seed("  Amber Otter 17 ") == "amber-otter-17"
    assert normalize_seed("amber_otter-17") == "amber-otter-17"
    assert seed_to_int("Amber Otter 17") == seed_to_int("amber-otter-17")


def test_empty_seed_is_refused():
    with pytest.raises(ValueError):
        Rng("  - ")


def test_make_seed_is_readable_and_spreads():
    seeds = {make_seed(n) for n in range(5000)}
    assert len(seeds) == 5000
    adjective, animal, number = make_seed(123456).split("-")
    assert adjective in ADJECTIVES and animal in ANIMALS and len(number) == 2


def test_word_lists_have_no_duplicates():
    assert len(set(ADJECTIVES)) == len(ADJECTIVES) == 64
    assert len(set(ANIMALS)) == len(ANIMALS) == 64


def test_same_seed_same_sequence_different_seed_differs():
    a, b, c = Rng("x"), Rng("x"), Rng("y")
    draws_a = [a.below(1000) for _ in range(50)]
    assert draws_a == [b.below(1000) for _ in range(50)]
    assert draws_a != [c.below(1000) for _ in range(50)]


def test_draws_stay_in_range_and_cover_it():
    rng = Rng("range")
    rolls = [rng.die(6) for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert {rng.coin() for _ in range(50)} == {True, False}
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_a_permutation():
    items = list(range(100))
    shuffled = Rng("perm").shuffled(items)
    assert sorted(shuffled) == items and shuffled != items


def test_sample_and_choice():
    rng = Rng("sample")
    picked = rng.sample(range(10), 4)
    assert len(set(picked)) == 4
    assert rng.choice(["only"]) == "only"
    with pytest.raises(ValueError):
        rng.choice([])


def test_golden_shuffle_matches_file():
    """The cross-runtime golden file: CPython must give exactly the recorded order.

    The browser test reads the same file and checks Pyodide gives the same order.
    """
    golden = json.loads((DATA / "shuffle_golden.json").read_text(encoding="utf-8"))
    for case in golden["pure"]:
        assert Rng(case["seed"]).shuffled(case["cards"]) == case["order"]
