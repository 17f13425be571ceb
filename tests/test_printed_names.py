"""The printed-names map (pyengine/printed_names.py): names in other languages and reflavoured
printings read as the English card (the deck check's "Names in other languages")."""

import pytest

from pyengine import printed_names as pn

ROWS = [
    pn.PrintedName("Gebirge", "de", "Mountain"),
    pn.PrintedName("Montagne", "fr", "Mountain"),
    pn.PrintedName("山", "ja", "Mountain"),
    pn.PrintedName("Blitzschlag", "de", "Lightning Bolt"),
    pn.PrintedName("Éclair", "fr", "Lightning Bolt"),
    pn.PrintedName("Twin Name", "de", "Card A"),
    pn.PrintedName("Twin Name", "fr", "Card B"),
    pn.PrintedName("Mountain", "en", "Mountain"),
]


def test_round_trip_and_lookup():
    text = pn.write(ROWS, {"date": "2026-12-06", "source": "fixture"})
    names = pn.parse(text, known={"Mountain", "Lightning Bolt", "Card A", "Card B"})
    assert names.date == "2026-12-06"
    assert len(names) == 7  # the English name itself is left out
    assert names.lookup("gebirge") == pn.PrintedName("Gebirge", "de", "Mountain")
    assert names.lookup("ECLAIR").name == "Lightning Bolt"  # accents and case ignored
    assert names.lookup("山").lang == "ja"
    assert names.lookup("Twin Name") is None  # two cards: ask, never guess
    assert {row.name for row in names.candidates("Twin Name")} == {"Card A", "Card B"}
    assert names.lookup("Mountain") is None


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "line 1: not a printed-names file"),
        ("name\tlang\tcard\n", "line 1: not a printed-names file"),
        (pn.HEADER + "\tdate\n", "line 1: header field"),
        (pn.HEADER + "\nA\tde\n", "line 2: expected 3"),
        (pn.HEADER + "\nA\tde\tB\n\n A\tde\tB\n", "line 4: empty or padded"),
        (pn.HEADER + "\n" + "x" * 300 + "\tde\tB\n", "line 2: printed name longer"),
        (pn.HEADER + "\nGebirge\tde\tNo Such Card\n", "line 2: 'No Such Card' is not a card"),
    ],
)
def test_malformed_files_name_the_line(text, message):
    with pytest.raises(ValueError, match=message):
        pn.parse(text, known={"B", "Mountain"})


def test_write_refuses_tabs():
    with pytest.raises(ValueError, match="tab"):
        pn.write([pn.PrintedName("A\tB", "de", "C")])
