"""The ban-list format: header keys, sections, notes, categories, normalised lookups."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pyengine.banlists import BanList

TEXT = """\
# name: Example list
# as_of: 2026-02-09
# include: commander, other.txt
# source: somewhere
# note: a note

[banned]
@conspiracy | every Conspiracy card
Black Lotus
Æther Flash | old spelling
Nazgûl | 9

[Banned as Companion]
Lutri, the Spellchaser | companion only

[conspiracy]
Backup Plan

[empty]
"""


def test_header_keys():
    """'# key: value' lines before the first section give name, as_of, includes and the rest of
    the header in order."""
    banlist = BanList.from_text(TEXT, key="example")
    assert banlist.key == "example"
    assert banlist.name == "Example list"
    assert banlist.as_of == "2026-02-09"
    assert banlist.includes == ["commander", "other"]
    assert ("source", "somewhere") in banlist.header
    assert banlist.problems == []


def test_sections_names_notes_and_categories():
    """Sections are lower case with '-' between words; card lines keep their notes; '@' lines
    are categories, not cards."""
    banlist = BanList.from_text(TEXT)
    assert list(banlist.sections) == ["banned", "banned-as-companion", "conspiracy", "empty"]
    assert banlist.names("banned") == ["Black Lotus", "Æther Flash", "Nazgûl"]
    assert [c.name for c in banlist.categories()] == ["conspiracy"]
    assert banlist.categories()[0].note == "every Conspiracy card"
    assert banlist.note("Nazgul") == "9"
    assert banlist.note("Black Lotus") == ""
    assert banlist.note("Sol Ring") is None
    assert banlist.names("empty") == []
    assert banlist.find("black lotus").line == 9


def test_contains_normalises_names_and_respects_sections():
    """hs-11-5: lookups ignore case, accents and Æ/AE; a section limits the lookup, so Lutri is
    banned as a companion but not in the 'banned' section."""
    banlist = BanList.from_text(TEXT)
    assert banlist.contains("AEther Flash") and banlist.contains("aether flash")
    assert "NAZGUL" in banlist
    assert banlist.contains("Lutri, the Spellchaser")
    assert not banlist.contains("Lutri, the Spellchaser", "banned")
    assert banlist.contains("Lutri, the Spellchaser", "banned-as-companion")
    assert banlist.contains("Lutri, the Spellchaser", "Banned as Companion")
    assert banlist.sections_containing("Backup Plan") == ["conspiracy"]
    assert not banlist.contains("conspiracy")


def test_bad_lines_are_problems_with_line_numbers():
    """A card before any section, text after a section line and a bare '|' are problems with
    their line numbers; the rest is read."""
    banlist = BanList.from_text("Sol Ring\n[banned] junk\n| note\nBlack Lotus\n")
    assert [p.line for p in banlist.problems] == [1, 2, 3]
    assert banlist.names("banned") == ["Black Lotus"]


def test_merged_joins_sections_without_repeats():
    """merged adds another list's sections; a card listed in both appears once."""
    first = BanList.from_text("# name: A\n[banned]\nBlack Lotus\n")
    second = BanList.from_text("# name: B\n[banned]\nblack lotus\nTime Walk\n[ante]\nDarkpact\n")
    merged = first.merged(second)
    assert merged.name == "A"
    assert merged.names("banned") == ["Black Lotus", "Time Walk"]
    assert merged.names("ante") == ["Darkpact"]
    assert first.names("banned") == ["Black Lotus"]


@given(st.text())
def test_from_text_never_raises(text):
    """BanList.from_text accepts any text."""
    banlist = BanList.from_text(text)
    assert isinstance(banlist.sections, dict)


def test_a_two_part_name_is_found_by_either_way_of_writing_it():
    """tc-1-5: a flip, split or two-faced card is banned however the list and the deck write
    it: the deck writing both halves against a list naming the front (the official list's
    ``Erayo, Soratami Ascendant``), or one half against a list naming both."""
    official = BanList.from_text("[banned]\nErayo, Soratami Ascendant\n")
    assert official.contains("Erayo, Soratami Ascendant // Erayo's Essence", "banned")
    assert official.contains("Erayo, Soratami Ascendant/Erayo's Essence")
    assert official.sections_containing("Erayo, Soratami Ascendant // Erayo's Essence") \
        == ["banned"]
    halves = BanList.from_text("[banned]\nFire // Ice\n")
    assert halves.contains("Fire") and halves.contains("Ice") and halves.contains("Fire/Ice")
    assert not halves.contains("Fire Ant") and not official.contains("Erayo's Essence Ant")
