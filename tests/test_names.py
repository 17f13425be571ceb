"""Card-name keys: the same card however a player writes its name."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.names import faces, front_face, normalize


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("GRAVE TITAN", "Grave Titan"),
        ("  grave   titan ", "Grave Titan"),
        ("Grave\tTitan", "Grave Titan"),
        ("Nazgûl", "Nazgul"),
        ("Æther Flash", "Aether Flash"),
        ("AEther Flash", "Aether Flash"),
        ("æther flash", "Aether Flash"),
        ("Teferi’s Moat", "Teferi's Moat"),
        ("Teferi‘s Moat", "Teferi's Moat"),
        ("Lim-Dûl’s Vault", "Lim-Dul's Vault"),
        ("Fire/Ice", "Fire // Ice"),
        ("Fire / Ice", "Fire // Ice"),
        ("Fire//Ice", "Fire // Ice"),
        ("Fire /// Ice", "Fire // Ice"),
        ("Séance", "Seance"),
        ("Jötun Grunt", "Jotun Grunt"),
    ],
)
def test_spellings_share_one_key(written, canonical):
    """hs-11-5: case, spacing, accents, Æ/AE, curly apostrophes and the way split halves are
    joined do not change a name's key."""
    assert normalize(written) == normalize(canonical)


def test_key_shape():
    """The key is case-folded, accent-free, with single spaces and ' // ' between faces."""
    assert normalize("  Delver of Secrets/Insectile  Aberration ") == (
        "delver of secrets // insectile aberration"
    )
    assert normalize("Nazgûl") == "nazgul"
    assert normalize("Æther") == "aether"


def test_different_cards_keep_different_keys():
    """Normalising never merges two different names."""
    assert normalize("Death Baron") != normalize("Death's-Head Buzzard")
    assert normalize("Zombie") != normalize("Zombie Giant")


def test_faces_and_front_face():
    """A split or two-faced name splits into its faces; the front face is the first one."""
    assert faces("Fire // Ice") == ["Fire", "Ice"]
    assert faces("Fire/Ice") == ["Fire", "Ice"]
    assert faces("Grave Titan") == ["Grave Titan"]
    assert front_face("Delver of Secrets // Insectile Aberration") == "Delver of Secrets"
    assert front_face("Grave Titan") == "Grave Titan"


@given(st.text())
@settings(deadline=None)
def test_normalize_never_raises_and_is_idempotent(text):
    """normalize accepts any text and normalising a key again changes nothing."""
    key = normalize(text)
    assert isinstance(key, str)
    assert normalize(key) == key
    assert front_face(text) is not None


def test_name_index_is_built_per_first_letter_on_demand():
    """The "did you mean" index builds only the first letter a query needs (the first unknown
    name never pays for every name); faces are found under their own letter; hints are the
    same as a full scan would give for names of that letter."""
    from pyengine.names import NameIndex

    index = NameIndex(["Sol Ring", "Sol Talisman", "Lightning Bolt", "Fire // Ice",
                       "Æther Vial", "Solemn Simulacrum"])
    assert index.built_letters == []
    assert index.close("Sol Rign") == ["Sol Ring"]
    assert index.built_letters == ["s"]
    assert index.close("Icee") == ["Fire // Ice"]
    assert index.close("Aether Vail") == ["Æther Vial"]
    assert index.built_letters == ["a", "i", "s"]
    assert index.close("Zzz") == [] and "z" not in index.built_letters


@pytest.mark.parametrize("typed", ["Crenko, Mob Boss", "renko, Mob Boss", "Akrenko, Mob Boss",
                                   "Krenko, Mob Bos"])
def test_a_misspelt_first_letter_still_gets_a_hint(typed):
    """A name whose first letter was changed, dropped or had one added in front is found
    through the names grouped by their second letter; that grouping is made only when the
    query's own first letter finds nothing."""
    from pyengine.names import NameIndex

    index = NameIndex(["Krenko, Mob Boss", "Krenko, Tin Street Kingpin", "Sol Ring",
                       "Reckless Charge", "Akroma, Angel of Wrath", "Fire // Ice"])
    assert index.close(typed)[:1] == ["Krenko, Mob Boss"]
    assert (index._second_groups is None) == typed.startswith("K")


def test_the_first_letter_fallback_finds_faces_and_not_the_name_itself():
    from pyengine.names import NameIndex

    index = NameIndex(["Fire // Ice", "Wear // Tear"])
    assert index.close("Dire // Ice") == ["Fire // Ice"]
    assert index.close("Bear") == ["Wear // Tear"]
    assert index.close("Fire // Ice") == []
