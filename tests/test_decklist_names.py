"""The card found in every line by the card data (pyengine/decklist_names.py; check page,
list-formats): the longest known name in a line, however it is spelt or printed, and the
decorations around it classified."""

from __future__ import annotations

import pytest

from pyengine import files
from pyengine.decklist import Decklist
from pyengine.decklist_names import CardNames, classify
from pyengine.printed_names import parse
from tests.conftest import DATA


@pytest.fixture(scope="module")
def db():
    return files.load_full_card_db()


@pytest.fixture(scope="module")
def printed():
    return parse((DATA / "printed-names.tsv").read_text("utf-8"))


def read(text: str, db, printed=None) -> Decklist:
    return Decklist.read(text, db, printed)


def one(line: str, db, printed=None):
    deck = read(line + "\n", db, printed)
    assert len(deck.entries) == 1, (line, deck.entries, deck.problems)
    return deck.entries[0], deck


@pytest.mark.parametrize("line,count,name", [
    ("1 Krenko, Mob Boss (Commander: Strixhaven)", 1, "Krenko, Mob Boss"),
    ("Swamp ×9", 9, "Swamp"),
    ("Swamp x 9", 9, "Swamp"),
    ("Sol Ring x1", 1, "Sol Ring"),
    ("1 Mountain (259)", 1, "Mountain"),
    ("3 Lightning Bolt NM English $0.50", 3, "Lightning Bolt"),
    ("2 Lightning Bolt - LP - Deutsch - 1,20 €", 2, "Lightning Bolt"),
    ("1 Sol Ring [C21] foil", 1, "Sol Ring"),
    ("1x Sol Ring (C21) 263 *F* # the best", 1, "Sol Ring"),
    ("Lightning Bolt | M10 | 146 | Near Mint", 1, "Lightning Bolt"),
    ("4 Urzas Saga", 4, "Urza's Saga"),
    ("1 Lim Dul the Necromancer", 1, "Lim-Dûl the Necromancer"),
    ("1 Jotun Grunt (CSP) 8", 1, "Jotun Grunt"),  # accents: found as written
    ("1 Bonecrusher Giant / Stomp", 1, "Bonecrusher Giant / Stomp"),
    ("1 Fire//Ice", 1, "Fire//Ice"),
    ("1 Stomp", 1, "Stomp"),
])
def test_the_name_is_found_and_the_rest_classified(line, count, name, db):
    """list-formats: the longest name the card data knows, whatever decorations surround it
    (set names in parentheses, counts after the name, collector numbers, finishes,
    conditions, languages, prices, comments), and names typed without apostrophes or
    accents; every decoration read, so nothing is said about the line."""
    entry, deck = one(line, db)
    assert (entry.count, entry.name) == (count, name)
    assert db.get(entry.name) is not None
    assert not [n for n in deck.notes if "not read" in n.message], deck.notes


def test_a_loose_spelling_says_what_it_was_read_as(db):
    """list-formats: a name read by its spelling says which card it was read as."""
    entry, deck = one("4 Urzas Saga", db)
    assert [n.message for n in deck.notes] == ["'Urzas Saga' read as Urza's Saga"]
    assert entry.name == "Urza's Saga"


def test_printing_decorations_are_kept(db):
    """list-formats: a set code, a collector number and a foil mark found around the name
    are the entry's printing."""
    entry, _ = one("1 Sol Ring [C21:263] foil", db)
    assert (entry.set_code, entry.number, entry.foil) == ("C21", "263", True)
    entry, _ = one("Sol Ring (Commander 2021) NM", db)
    assert entry.name == "Sol Ring" and entry.set_code is None


def test_a_part_of_an_unknown_name_is_not_taken_for_it(db):
    """sw-2-1: ``Goblin Guide Deluxe`` is not the card ``Goblin Guide`` with a word left
    over: a name whose other words are not decorations stays unknown, with its hint."""
    entry, deck = one("1 Goblin Guide Deluxe", db)
    assert entry.name == "Goblin Guide Deluxe" and deck.notes == []
    entry, deck = one("1 Sol Ring - a gift from Ann", db)
    assert entry.name == "Sol Ring"
    assert "'a gift from Ann' was not read" in deck.notes[0].message


def test_printed_names_in_other_languages_through_the_map(db, printed):
    """list-formats: with the printed-names map, a name printed in another language is read
    as its English card and the line says so; without it, the name stays unknown."""
    deck = read("8 Gebirge\n4 Blitzschlag (M10)\n1 Krenko, Boss de la Pègre\n1 Éclair\n"
                "10 森\n1 Sol Ring\n", db, printed)
    assert [(e.count, e.name) for e in deck.entries] == [
        (8, "Mountain"), (4, "Lightning Bolt"), (1, "Krenko, Mob Boss"),
        (1, "Lightning Bolt"), (10, "Forest"), (1, "Sol Ring")]
    said = {n.line: n.message for n in deck.notes}
    assert said[1] == "'Gebirge' read as Mountain (its printed name in German)"
    assert said[5] == "'森' read as Forest (its printed name in Japanese)"
    assert 6 not in said
    alone = read("8 Gebirge\n", db)
    assert [e.name for e in alone.entries] == ["Gebirge"] and alone.notes == []


def test_an_english_name_is_never_read_through_the_map(db):
    """list-formats: the map is asked only about names that are not English card names."""
    from pyengine.printed_names import PrintedName, PrintedNames

    tricky = PrintedNames([PrintedName("Island", "xx", "Mountain")])
    entry, _ = one("1 Island", db, tricky)
    assert entry.name == "Island"


@pytest.mark.parametrize("word,kind", [
    ("(Commander: Strixhaven)", "set"), ("(C21)", "set"), ("[MH2:123]", "set"),
    ("(259)", "number"), ("263a", "number"), ("×9", "count"), ("x1", "count"),
    ("*F*", "finish"), ("etched", "finish"), ("NM", "condition"), ("Lightly Played", "condition"),
    ("Deutsch", "language"), ("JP", "language"), ("$0.50", "price"), ("1,20", "price"),
    ("[Ramp]", "group"), ("#burn", "comment"), ("-", "joiner"), ("Goblin", ""),
])
def test_decorations_are_classified(word, kind):
    """list-formats: the decorations exports write around a name, by kind."""
    assert classify(word) == kind


def test_the_card_names_are_asked_once_per_name(db):
    """list-formats: CardNames remembers its answers (a list repeats names)."""
    names = CardNames(db)
    assert names("Sol Ring") and names.resolve("Sol Ring") is names.resolve("Sol Ring")
    assert not names("Not A Card At All")
