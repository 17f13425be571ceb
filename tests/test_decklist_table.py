"""Spreadsheet dialects of the table reader (pyengine/decklist_table.py; check page,
list-formats): the dialect is found from the text, quantity columns add up, and the
board/sideboard/commander columns are honoured under their usual names."""

from __future__ import annotations

import pytest

from pyengine.decklist import Decklist


def read(text: str) -> list[tuple[int, str, str]]:
    deck = Decklist.from_text(text)
    assert deck.format == "csv" and deck.problems == [], deck.problems
    return [(e.count, e.name, e.section) for e in deck.entries]


@pytest.mark.parametrize("first", ["sep=,", '"sep=,"', '"sep=,",,,', "SEP=,", "'sep=,'"])
def test_a_sep_line_bare_or_quoted_names_the_delimiter(first):
    """list-formats: Excel's ``sep=`` line, as Dragon Shield and others quote it."""
    text = f'{first}\nCard Name,Quantity,Set Code\n"Krenko, Mob Boss",1,M13\nSol Ring,2,C21\n'
    assert read(text) == [(1, "Krenko, Mob Boss", "main"), (2, "Sol Ring", "main")]


@pytest.mark.parametrize("first", ["", "sep=;\n", '"sep=;"\n'])
def test_semicolon_files_with_decimal_commas(first):
    """list-formats: a semicolon file whose prices carry decimal commas is split on its
    semicolons, and its prices never read as rows or counts."""
    text = (first + "Name;Quantity;Price;Set\nSol Ring;2;1,50;C21\n"
            '"Krenko, Mob Boss";1;3,25;M13\nLightning Bolt;1;0,25;M10\n')
    assert read(text) == [(2, "Sol Ring", "main"), (1, "Krenko, Mob Boss", "main"),
                          (1, "Lightning Bolt", "main")]


def test_tab_separated_with_quoted_fields():
    """list-formats: tabs, and a quoted field holding the delimiter and a doubled quote."""
    text = 'Count\tName\tNotes\n1\t"Krenko, Mob Boss"\t"the ""boss"""\n4\tMountain\t\n'
    assert read(text) == [(1, "Krenko, Mob Boss", "main"), (4, "Mountain", "main")]


def test_regular_and_foil_quantities_add_up():
    """list-formats: ``Reg Qty`` + ``Foil Qty`` is the count; only foils is a foil entry; a
    row of none is left out with a note."""
    deck = Decklist.from_text("Name,Reg Qty,Foil Qty,Set\nSol Ring,1,1,C21\n"
                              "Lightning Bolt,0,2,M10\nShock,0,0,M10\n")
    assert [(e.count, e.name, e.foil) for e in deck.entries] == [
        (2, "Sol Ring", False), (2, "Lightning Bolt", True)]
    assert [n.line for n in deck.notes] == [4]
    bad = Decklist.from_text("Name,Quantity,Foil Quantity\nSol Ring,1,lots\n")
    assert bad.problems and "'lots'" in bad.problems[0].message


def test_one_card_on_several_rows_adds_up_in_the_check():
    """tc-1-1: a collection export lists one card once per condition or language; the rows
    are separate entries whose counts the check adds."""
    deck = Decklist.from_text("Name,Quantity,Condition,Language\nSol Ring,1,NM,English\n"
                              "Sol Ring,1,LP,German\nMountain,3,NM,English\n")
    assert [(e.count, e.name) for e in deck.entries] == [(1, "Sol Ring"), (1, "Sol Ring"),
                                                         (3, "Mountain")]
    assert deck.count() == 5


@pytest.mark.parametrize("header,value,section", [
    ("Sideboarded", "Yes", "sideboard"), ("Sideboarded", "No", "main"),
    ("Is Sideboard", "true", "sideboard"), ("Board", "Commander", "commander"),
    ("Section", "sideboard", "sideboard"), ("Zone", "Maybeboard", "maybeboard"),
    ("Commander", "1", "commander"), ("In Maybeboard", "x", "maybeboard"),
])
def test_board_columns_under_their_usual_names(header, value, section):
    """tc-3-1: an MTGO CSV's ``Sideboarded`` column (its sideboard holds a Commander deck's
    commander), and the other board, section and flag columns."""
    text = f"Card Name,Quantity,{header}\n\"Krenko, Mob Boss\",1,{value}\nMountain,9,\n"
    assert read(text)[0] == (1, "Krenko, Mob Boss", section)
    assert read(text)[1] == (9, "Mountain", "main")


def test_an_mtgo_csv_reads_whole():
    """tc-3-1: MTGO's CSV export, premium (foil) and sideboard columns read."""
    deck = Decklist.from_text(
        "Card Name,Quantity,ID #,Rarity,Set,Collector #,Premium,Sideboarded,Annotation\n"
        '"Krenko, Mob Boss",1,123,Rare,M13,139,Yes,Yes,0\nMountain,30,1,Common,M13,240,No,No,0\n')
    assert [(e.count, e.name, e.section, e.set_code, e.number, e.foil) for e in deck.entries] \
        == [(1, "Krenko, Mob Boss", "sideboard", "M13", "139", True),
            (30, "Mountain", "main", "M13", "240", False)]
