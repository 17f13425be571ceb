"""The decklist reader: every paste format players use, problems with line numbers, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyengine.cards import CardDB, CardFacts
from pyengine.decklist import (
    MAX_COUNT,
    MAX_LINE_LENGTH,
    WRITE_FORMATS,
    Decklist,
    Entry,
    did_you_mean,
)
from tests.helpers import examples, pathological_lines


def summary(deck: Decklist) -> list[tuple[int, str, str]]:
    return [(e.count, e.name, e.section) for e in deck.entries]


def problem_lines(deck: Decklist) -> list[int]:
    return [p.line for p in deck.problems]


# -- plain lists ------------------------------------------------------------------------------


def test_count_name_and_count_x_name():
    """'N Name' and 'Nx Name' both give N copies in the main deck."""
    deck = Decklist.from_text("4 Lightning Bolt\n2x Counterspell\n10X Island\n")
    assert summary(deck) == [(4, "Lightning Bolt", "main"), (2, "Counterspell", "main"),
                             (10, "Island", "main")]
    assert deck.problems == []
    assert deck.count() == 16
    assert deck.cards()[:5] == ["Lightning Bolt"] * 4 + ["Counterspell"]


def test_bare_name_is_one_copy():
    """A line with a name and no count is one copy of that card."""
    deck = Decklist.from_text("Sol Ring\nXenagos, the Reveler\n")
    assert summary(deck) == [(1, "Sol Ring", "main"), (1, "Xenagos, the Reveler", "main")]


def test_name_starting_with_x_is_not_a_count_marker():
    """'1 Xenagos' keeps the X: the 'x' count marker must touch the number."""
    deck = Decklist.from_text("1 Xenagos, the Reveler\n1 x Marks the Spot\n")
    assert [e.name for e in deck.entries] == ["Xenagos, the Reveler", "x Marks the Spot"]


def test_comments_blank_lines_crlf_tabs_and_bom():
    """'#' comments and blank lines are skipped; CRLF, tabs and a byte-order mark are fine."""
    text = "\ufeff# a comment\r\n\r\n4\tLightning  Bolt\r\n  # indented comment\r\n1 Sol Ring\r\n"
    deck = Decklist.from_text(text)
    assert summary(deck) == [(4, "Lightning Bolt", "main"), (1, "Sol Ring", "main")]
    assert deck.entries[0].line == 3
    assert deck.problems == []


def test_deck_name_from_header():
    """The deck name comes from a '# name:' comment or an Arena 'Name ...' line."""
    assert Decklist.from_text("# name: Undead Tide\n1 Zombie\n").name == "Undead Tide"
    arena = Decklist.from_text("About\nName My Arena Deck\n\nDeck\n4 Island\n")
    assert arena.name == "My Arena Deck"
    assert summary(arena) == [(4, "Island", "main")]


# -- sections ---------------------------------------------------------------------------------


def test_slash_headers_make_lower_case_sections():
    """sw-2-7: '// Name' headers start sections named in lower case; Enforcers and Reckoning
    read as sections 'enforcers' and 'reckoning'."""
    text = "// Enforcers\n1 Grave Titan\n1 Death Baron\n\n// Reckoning\n1 Army of the Damned\n"
    deck = Decklist.from_text(text)
    assert deck.sections() == ["enforcers", "reckoning"]
    assert deck.count("enforcers") == 2
    assert deck.cards("Reckoning") == ["Army of the Damned"]
    assert deck.count() == 0


def test_slash_sideboard_and_commander_headers():
    """'// Commander' and '// Sideboard' headers (any case, with a count or colon) pick the
    standard sections."""
    text = (
        "// COMMANDER\n1 Atraxa, Praetors' Voice\n"
        "// Mainboard (2)\n2 Island\n// Sideboard:\n1 Negate\n"
    )
    deck = Decklist.from_text(text)
    assert summary(deck) == [
        (1, "Atraxa, Praetors' Voice", "commander"),
        (2, "Island", "main"),
        (1, "Negate", "sideboard"),
    ]


def test_arena_export():
    """MTG Arena: 'Commander', 'Companion', 'Deck' and 'Sideboard' lines switch section; set
    and collector number are kept."""
    text = (
        "Commander\n1 Kenrith, the Returned King (ELD) 303\n\n"
        "Companion\n1 Lutri, the Spellchaser (IKO) 227\n\n"
        "Deck\n1 Sol Ring (CMM) 400\n35 Plains (ELD) 250\n\n"
        "Sideboard\n1 Disenchant (M20) 14\n"
    )
    deck = Decklist.from_text(text)
    assert deck.problems == []
    assert deck.sections() == ["commander", "companion", "main", "sideboard"]
    ring = deck.section("main")[0]
    assert (ring.name, ring.set_code, ring.number) == ("Sol Ring", "CMM", "400")
    assert deck.count() == 36


def test_moxfield_export():
    """Moxfield: '1 Sol Ring (CMM) 400 *F*' is one foil Sol Ring from CMM #400; split names
    keep their ' // '."""
    deck = Decklist.from_text("1 Sol Ring (CMM) 400 *F*\n1 Fire // Ice (MH2) 290\n1 Swamp\n")
    ring, fire, swamp = deck.entries
    assert (ring.name, ring.set_code, ring.number, ring.foil) == ("Sol Ring", "CMM", "400", True)
    assert fire.name == "Fire // Ice" and not fire.foil
    assert swamp.set_code is None


def test_archidekt_export_categories():
    """Archidekt: '1x Name (set) 123 [Category]'; the Commander, Sideboard, Maybeboard and
    Companion categories (also with {top}-style flags) choose the section, other categories are
    kept on the entry."""
    text = (
        "1x Atraxa, Praetors' Voice (2x2) 190 [Commander{top}]\n"
        "1x Sol Ring (cmm) 400 [Ramp]\n"
        "1x Arcane Signet (cmm) 376 *F* [Ramp,Artifacts]\n"
        "1x Cyclonic Rift (rtr) 35 [Maybeboard{noDeck}{noPrice},Removal]\n"
        "1x Negate (m20) 69 [Sideboard]\n"
        "1x Island (unf) 236 [Land] ^Have,#37d67a^\n"
    )
    deck = Decklist.from_text(text)
    assert deck.problems == []
    assert [(e.name, e.section, e.category) for e in deck.entries] == [
        ("Atraxa, Praetors' Voice", "commander", None),
        ("Sol Ring", "main", "Ramp"),
        ("Arcane Signet", "main", "Ramp,Artifacts"),
        ("Cyclonic Rift", "maybeboard", "Removal"),
        ("Negate", "sideboard", None),
        ("Island", "main", "Land"),
    ]
    assert deck.entries[1].set_code == "CMM"
    assert deck.entries[2].foil


def test_mtgo_blank_line_sideboard():
    """MTGO text: two blocks of cards separated by a blank line; the second is the sideboard."""
    deck = Decklist.from_text("4 Lightning Bolt\n20 Mountain\n\n\n2 Pyroblast\n1 Smash\n")
    assert deck.count("main") == 24
    assert deck.count("sideboard") == 3


def test_mtgo_sb_lines():
    """MTGO 'SB: 1 Name' lines go to the sideboard, and other blank lines then mean nothing."""
    deck = Decklist.from_text("4 Lightning Bolt\n\n20 Mountain\nSB: 2 Pyroblast\n")
    assert summary(deck) == [
        (4, "Lightning Bolt", "main"),
        (20, "Mountain", "main"),
        (2, "Pyroblast", "sideboard"),
    ]


def test_blank_lines_in_commented_lists_mean_nothing():
    """A list with comments or headers keeps blank lines as spacing only (no MTGO sideboard)."""
    deck = Decklist.from_text("# Nontoken\n2 Smallpox\n\n# Tokens\n23 Zombie\n")
    assert deck.count() == 25 and deck.sections() == ["main"]


# -- problems ---------------------------------------------------------------------------------


def test_problems_carry_line_numbers_and_the_rest_is_read():
    """Unreadable lines become problems with their 1-based line number and raw text; the other
    lines are still read. A count of 0 is left out with a note, never an error."""
    text = "\n".join(
        [
            "4 Lightning Bolt",  # 1
            "0 Island",  # 2 count 0
            "1001 Swamp",  # 3 too many
            "99999999999999999999999 Forest",  # 4 absurd
            "-2 Plains",  # 5 negative
            "12",  # 6 count with no name
            "//",  # 7 header without a name
            "3 ???",  # 8 not a name
            "1 Sol Ring",  # 9
        ]
    )
    deck = Decklist.from_text(text)
    assert problem_lines(deck) == [3, 4, 5, 6, 7, 8]
    assert [(n.line, n.text) for n in deck.notes] == [(2, "0 Island")]
    assert all(p.message for p in deck.problems)
    assert summary(deck) == [(4, "Lightning Bolt", "main"), (1, "Sol Ring", "main")]


def test_count_limits():
    """Counts of 1 to MAX_COUNT are accepted; MAX_COUNT + 1 is a problem."""
    assert Decklist.from_text(f"{MAX_COUNT} Relentless Rats").entries[0].count == MAX_COUNT
    assert problem_lines(Decklist.from_text(f"1 Island\n{MAX_COUNT + 1} Relentless Rats")) == [2]


def test_control_characters_and_long_names_are_problems():
    """A name with control characters or far too long for a card is a problem, not an entry."""
    deck = Decklist.from_text("1 Sol\x00Ring\n1 " + "A" * 500 + "\n")
    assert problem_lines(deck) == [1, 2]
    assert deck.entries == []


def test_bad_annotation_is_a_problem_on_its_line():
    """A '#!' card-facts line that cannot be read is a problem on its line; good ones are kept."""
    deck = Decklist.from_text(
        "#! Gravecrawler | {B} | Creature — Zombie | 2/1\n#! Oops\n1 Gravecrawler\n"
    )
    assert problem_lines(deck) == [2]
    assert deck.annotations == ["#! Gravecrawler | {B} | Creature — Zombie | 2/1"]
    assert CardDB.from_annotations(deck)["Gravecrawler"].power == 2


def test_non_string_input_is_a_problem():
    """from_text given something other than text reports it instead of raising."""
    deck = Decklist.from_text(None)  # type: ignore[arg-type]
    assert deck.entries == [] and deck.problems


# -- matching to card facts -------------------------------------------------------------------


def test_names_match_facts_loosely_and_did_you_mean():
    """Names match card facts regardless of case, spacing, curly quotes, Æ and accents, and a
    two-faced card by its front face; a near miss is unknown but gets a 'did you mean'."""
    db = CardDB(
        [
            CardFacts(name="Teferi's Moat"),
            CardFacts(name="Aether Flash"),
            CardFacts(name="Nazgûl"),
            CardFacts(name="Delver of Secrets // Insectile Aberration"),
            CardFacts(name="Grave Titan"),
        ]
    )
    deck = Decklist.from_text(
        "1 teferi’s  moat\n1 Æther Flash\n9 Nazgul\n1 Delver of Secrets\n1 Grave Titn\n"
    )
    assert db.unknown(deck.names()) == ["Grave Titn"]
    assert did_you_mean("Grave Titn", db) == ["Grave Titan"]
    assert did_you_mean("Insectile Aberration and more", db) == []
    assert did_you_mean("delver of secret", db) == ["Delver of Secrets // Insectile Aberration"]


# -- round trips ------------------------------------------------------------------------------


def test_to_text_round_trip_keeps_printings_and_categories():
    """to_text writes set, number, foil mark and category so that reading it back gives the
    same decklist; problems are not part of equality."""
    deck = Decklist.from_text(
        "# name: Test\n1x Atraxa [Commander]\n1 Sol Ring (CMM) 400 *F* [Ramp]\n-1 Bad\n"
        "SB: 2 Negate\n1 Island\n"
    )
    text = deck.to_text()
    again = Decklist.from_text(text)
    assert again == deck
    assert again.problems == [] and deck.problems
    assert again.name == "Test"
    assert summary(again)[-1] == (1, "Island", "main")


def test_entries_built_in_code_write_and_read_back():
    """A Decklist made in code writes to text that reads back equal (section headers only
    where the section changes, main first without a header)."""
    deck = Decklist(
        entries=[
            Entry(3, "Zombie"),
            Entry(1, "Grave Titan", "enforcers"),
            Entry(2, "Zombie Giant"),
            Entry(1, "Army of the Damned", "reckoning"),
        ],
        problems=[],
        name="Mixed",
    )
    text = deck.to_text()
    assert text.startswith("# name: Mixed\n3 Zombie\n")
    assert Decklist.from_text(text) == deck


# -- properties -------------------------------------------------------------------------------

SECTIONS = ["main", "sideboard", "commander", "companion", "maybeboard", "enforcers", "reckoning"]
NAME_CHARS = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',-éûÆ"))
LETTERS = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéûÆ"))
WORD = st.builds(lambda first, rest: first + rest, LETTERS, st.text(NAME_CHARS, max_size=9))
NAMES = st.lists(WORD, min_size=1, max_size=4).map(" ".join)
ENTRIES = st.builds(
    Entry,
    count=st.integers(1, MAX_COUNT),
    name=NAMES,
    section=st.sampled_from(SECTIONS),
    # a set code has a letter ("(259)" alone is a collector number: TCGplayer's basics)
    set_code=st.none() | st.text(st.sampled_from("ABCDEFGHIJ0123456789"), min_size=3,
                                 max_size=5).filter(lambda code: not code.isdigit()),
    number=st.none() | st.from_regex(r"[0-9]{1,3}[ab]?", fullmatch=True),
    foil=st.booleans(),
    category=st.none() | st.sampled_from(["Ramp", "Removal", "Draw,Ramp"]),
)
PASTE_LINES = st.one_of(
    st.text(),
    st.from_regex(r"[0-9]{1,40}x? [A-Za-z ]{0,20}", fullmatch=True),
    st.sampled_from(["SB: 1 Negate", "// Enforcers", "Sideboard", "", "#! A | {B} | Creature"]),
    st.text(st.characters(max_codepoint=0x20)),
    st.lists(
        st.sampled_from(
            [
                "1",
                "2x",
                "SB:",
                "//",
                "#",
                "Foo",
                "x",
                "(ABC)",
                "12",
                "*F*",
                "*E*",
                "[Ramp]",
                "[Commander{top}]",
                "[]",
                "^a^",
                "(3)",
                ":",
                "Name",
                "Deck",
                "\t",
                "\x85",
                "//Bar",
            ]
        ),
        max_size=8,
    ).map(" ".join),
)


def _normalised(entry: Entry) -> Entry:
    # A number is only written with a set code.
    return Entry(
        entry.count,
        entry.name,
        entry.section,
        set_code=entry.set_code,
        number=entry.number if entry.set_code else None,
        foil=entry.foil,
        category=entry.category,
    )


@given(st.text())
@settings(deadline=None)
def test_from_text_never_raises_on_any_text(text):
    """from_text accepts any string without raising; every problem names a real line."""
    deck = Decklist.from_text(text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert all(1 <= p.line <= len(lines) for p in deck.problems)
    assert all(1 <= e.count <= MAX_COUNT for e in deck.entries)


@given(st.lists(PASTE_LINES, max_size=30), st.sampled_from(["\n", "\r\n", "\r"]))
@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=examples(80))
@example(["0|0"], "\n")  # a one-character Forge set code was read but not written back
@example([":\x0c#0"], "\n")  # a '#tag' after a form feed stayed in the name, not after a space
def test_from_text_never_raises_on_paste_like_text(lines, newline):
    """Paste-like text with control characters, huge counts, headers and annotations never
    makes from_text raise, and what it reads writes back and reads the same."""
    deck = Decklist.from_text(newline.join(lines))
    assert Decklist.from_text(deck.to_text()) == deck


@given(st.lists(ENTRIES, max_size=25), st.text(NAME_CHARS, max_size=20))
@settings(deadline=None)
def test_to_text_round_trips_generated_decklists(entries, name):
    """from_text(d.to_text()) == d for generated decklists: counts, names, sections, set codes,
    collector numbers, foil marks and categories survive."""
    deck = Decklist([_normalised(e) for e in entries], [], name.strip())
    again = Decklist.from_text(deck.to_text())
    assert again.problems == []
    assert again == deck


def test_long_fuzz(request):
    """With --long-fuzz: 100,000 arbitrary texts through from_text without an exception."""
    if not request.config.getoption("--long-fuzz"):
        pytest.skip("run with --long-fuzz")

    @settings(max_examples=100_000, deadline=None)
    @given(st.text())
    def read(text: str) -> None:
        Decklist.from_text(text)

    read()


def test_pathological_lines_are_read():
    """Lines built to make a backtracking parser slow (runs of spaces, brackets, carets, set
    codes, header counts) are read; a line over MAX_LINE_LENGTH is a problem unread.

    How fast they are read is measured in bench/bench_decklist.py (no timing in tests)."""
    shapes = pathological_lines()
    text = "\n".join(shapes * 20)
    deck = Decklist.from_text(text)
    assert len(deck.entries) + len(deck.problems) > 0
    assert problem_lines(Decklist.from_text("1 " + "x" * (MAX_LINE_LENGTH + 1))) == [1]


@pytest.mark.parametrize("size", [10, 200_000])
def test_huge_count_digits_do_not_raise(size):
    """A count with very many digits is a problem, not a crash (Python refuses to convert
    strings of over 4300 digits to int)."""
    deck = Decklist.from_text("9" * size + " Island")
    assert problem_lines(deck) == [1]


# -- every export format: one hand-written fixture each (tests/data/decklists/) ----------------

FIXTURES = Path(__file__).parent / "data" / "decklists"


def read_fixture(name: str) -> Decklist:
    return Decklist.from_text((FIXTURES / name).read_text(encoding="utf-8"))


def clean_fixture(name: str, fmt: str) -> Decklist:
    """A fixture read without problems, recognised as format ``fmt``."""
    deck = read_fixture(name)
    assert deck.problems == [] and deck.format == fmt
    return deck


def full(deck: Decklist) -> list[tuple]:
    return [(e.count, e.name, e.section, e.set_code, e.number, e.foil, e.category)
            for e in deck.entries]


def test_fixture_plain_text():
    """Plain 'N Name' / 'Nx Name' / bare names; a count of 0 is left out with a note."""
    deck = clean_fixture("plain.txt", "text")
    assert summary(deck) == [(4, "Lightning Bolt", "main"), (2, "Counterspell", "main"),
                             (1, "Sol Ring", "main"), (1, "Fire/Ice", "main"),
                             (1, "Jotun Grunt", "main"), (1, "AEther Vial", "main"),
                             (10, "Island", "main")]
    assert [n.line for n in deck.notes] == [7]


def test_fixture_arena():
    """MTG Arena: CRLF, About/Name, Commander, Companion, Deck, Sideboard, Maybeboard."""
    deck = clean_fixture("arena.txt", "arena")
    assert deck.name == "Kenrith Test"
    assert [(e.name, e.section) for e in deck.entries if e.section != "main"] == [
        ("Kenrith, the Returned King", "commander"), ("Jegantha, the Wellspring", "companion"),
        ("Disenchant", "sideboard"), ("Smothering Tithe", "maybeboard")]
    assert deck.count() == 33
    assert full(deck)[2] == (1, "Sol Ring", "main", "CMM", "400", False, None)
    assert any("maybeboard" in n.message for n in deck.notes)


def test_fixture_mtgo_text_trailing_block():
    """MTGO text: the block after the blank line is the sideboard (the checker may take a lone
    legendary there as the commander)."""
    deck = clean_fixture("mtgo.txt", "mtgo")
    assert deck.count() == 38
    assert summary(deck)[-1] == (1, "Krenko, Mob Boss", "sideboard")


def test_fixture_mtgo_dek_xml():
    """MTGO .dek XML: Quantity, Sideboard="true", entities in names, line numbers."""
    deck = clean_fixture("mtgo.dek", "dek")
    assert summary(deck) == [(4, "Lightning Bolt", "main"), (20, "Mountain", "main"),
                             (1, "Fire/Ice", "main"), (1, "Ach! Hans, Run!", "main"),
                             (2, "Smash to Smithereens", "sideboard"),
                             (1, "Jace's Defeat", "sideboard")]
    assert deck.entries[0].line == 5


def test_fixture_moxfield():
    """Moxfield: '//' and '#' section headers, *F* and *E*, collector numbers with letters,
    symbols and set prefixes, #Tag suffixes, '//' in two-faced names."""
    deck = clean_fixture("moxfield.txt", "moxfield")
    assert full(deck) == [
        (1, "Atraxa, Praetors' Voice", "commander", "2X2", "190", True, None),
        (1, "Sol Ring", "main", "PLST", "C21-263", False, None),
        (1, "Arcane Signet", "main", "SLD", "1234★", True, None),
        (1, "Delver of Secrets // Insectile Aberration", "main", "MID", "47", False, None),
        (1, "Brazen Borrower // Petty Theft", "main", "ELD", "39a", False, None),
        (1, "Lim-Dul's Vault", "main", "ALL", "141", False, None),
        (25, "Forest", "main", "UNF", "235", False, None),
        (1, "Negate", "sideboard", "M20", "69", False, None),
        (1, "Cyclonic Rift", "maybeboard", "RTR", "35", False, None),
    ]


def test_fixture_archidekt():
    """Archidekt: [Commander{top}], [Companion], [Maybeboard{noDeck}], lower-case sets, ^tags^."""
    deck = clean_fixture("archidekt.txt", "archidekt")
    assert [(e.name, e.section, e.category) for e in deck.entries] == [
        ("Atraxa, Praetors' Voice", "commander", None), ("Sol Ring", "main", "Ramp"),
        ("Arcane Signet", "main", "Ramp,Artifacts"), ("Lurrus of the Dream-Den", "companion", None),
        ("Cyclonic Rift", "maybeboard", "Removal"), ("Negate", "sideboard", None),
        ("Island", "main", "Land")]


def test_fixture_tappedout():
    """TappedOut: *CMDR* marks the commander, '//' group headings (a group of the deck: its
    cards are main-deck cards on every page), 'SB:' lines, *f* foil."""
    deck = clean_fixture("tappedout.txt", "tappedout")
    assert summary(deck) == [(1, "Krenko, Mob Boss", "commander"), (1, "Sol Ring", "main"),
                             (1, "Goblin Chieftain", "main"), (30, "Mountain", "main"),
                             (1, "Shatter", "sideboard")]
    assert deck.entries[2].foil
    assert sum(e.count for e in deck.deck_entries()) == 32


def test_fixture_deckstats():
    """Deckstats: //Main, //Sideboard, //Maybeboard, '# !Commander', '[SET] Name'."""
    deck = clean_fixture("deckstats.txt", "deckstats")
    assert summary(deck) == [(1, "Sol Ring", "main"), (1, "Krenko, Mob Boss", "commander"),
                             (1, "Goblin Matron", "main"), (30, "Mountain", "main"),
                             (1, "Pyroblast", "sideboard"), (1, "Goblin Lackey", "maybeboard")]
    assert deck.entries[0].set_code == "M19"


def test_fixture_forge():
    """Forge .dck: [metadata] Name=, [Commander], [Main], [Sideboard], 'N Name|SET|art'."""
    deck = clean_fixture("forge.dck", "forge")
    assert deck.name == "Forge Goblins"
    assert [(e.count, e.name, e.section, e.set_code) for e in deck.entries] == [
        (1, "Krenko, Mob Boss", "commander", "DDN"), (1, "Sol Ring", "main", "C21"),
        (1, "Fire // Ice", "main", "MH2"), (30, "Mountain", "main", "M19"),
        (1, "Shatter", "sideboard", "MRD")]


def test_fixture_xmage():
    """XMage .dck: NAME:, 'N [SET:num] Name', the commander on an SB: line, LAYOUT lines."""
    deck = clean_fixture("xmage.dck", "xmage")
    assert deck.name == "XMage Goblins"
    assert summary(deck) == [(1, "Sol Ring", "main"), (1, "Fire // Ice", "main"),
                             (30, "Mountain", "main"), (1, "Krenko, Mob Boss", "sideboard")]
    assert [(e.set_code, e.number) for e in deck.entries] == [
        ("C21", "263"), ("MH2", "290"), ("M19", "275"), ("DDN", "37")]
    assert not any(e.foil or e.category for e in deck.entries)


def test_fixture_cockatrice():
    """Cockatrice .cod: <deckname>, main and side zones, <card number= name=>; 0 left out."""
    deck = clean_fixture("cockatrice.cod", "cockatrice")
    assert deck.name == "Cockatrice & Goblins"
    assert summary(deck) == [(1, "Sol Ring", "main"), (1, "Fire // Ice", "main"),
                             (30, "Mountain", "main"), (1, "Krenko, Mob Boss", "sideboard")]
    assert [n.message for n in deck.notes] == ["a count of 0: left out"]


@pytest.mark.parametrize("text", ["<Deck><Cards Quantity='x' Name='A'/></Deck>",
                                  "<?xml?><cockatrice_deck><zone name='main'>",
                                  "<Deck><Cards " + "a" * 5000, "<" * 3000])
def test_broken_xml_is_problems_not_errors(text):
    """A cut-short or odd XML export gives problems, never an exception."""
    deck = Decklist.from_text(text)
    assert all(1 <= e.count <= MAX_COUNT for e in deck.entries)


def test_names_fold_accents_legacy_spellings_and_faces():
    """Jotun Grunt = Jötun Grunt; AEther Vial = Æther Vial = Aether Vial; each face of a
    split or two-faced card, 'A/B' and 'A // B', finds the same card."""
    db = CardDB([CardFacts("Jötun Grunt"), CardFacts("Aether Vial"), CardFacts("Fire // Ice"),
                 CardFacts("Bonecrusher Giant // Stomp")])
    for written, oracle in [("Jotun Grunt", "Jötun Grunt"), ("AEther Vial", "Aether Vial"),
                            ("Æther Vial", "Aether Vial"), ("Fire/Ice", "Fire // Ice"),
                            ("Ice", "Fire // Ice"), ("Stomp", "Bonecrusher Giant // Stomp"),
                            ("bonecrusher giant", "Bonecrusher Giant // Stomp")]:
        assert db[written].name == oracle


# -- to_text in every format reads back --------------------------------------------------------

STANDARD = ["main", "sideboard", "commander", "companion", "maybeboard"]
#: What each format keeps: sections allowed (others are not generated), the order sections are
#: written in (None: as listed), and which printing/foil/category/name survive.
KEEPS = {
    "text": dict(sections=SECTIONS, order=None, set=True, number=True, foil=True, cat=True,
                 name=True),
    "arena": dict(sections=STANDARD, order=["commander", "companion", "main", "sideboard",
                                            "maybeboard"], set=True, number=True, name=True),
    "mtgo": dict(sections=["main", "sideboard"], order=["main", "sideboard"]),
    "dek": dict(sections=["main", "sideboard"], order=None),
    "moxfield": dict(sections=STANDARD, order=["commander", "companion", "main", "sideboard",
                                               "maybeboard"], set=True, number=True, foil=True),
    "archidekt": dict(sections=STANDARD, order=None, set=True, number=True, foil=True, cat=True),
    "tappedout": dict(sections=["main", "sideboard", "commander"], order=None),
    "deckstats": dict(sections=["main", "sideboard", "commander", "maybeboard"],
                      order=["commander", "main", "sideboard", "maybeboard"]),
    "forge": dict(sections=["main", "sideboard", "commander"],
                  order=["commander", "main", "sideboard"], set=True, name=True),
    "xmage": dict(sections=["main", "sideboard"], order=None, set=True, number=True,
                  name=True),
    "cockatrice": dict(sections=["main", "sideboard"], order=["main", "sideboard"], name=True),
}


def _kept(entry: Entry, keeps: dict) -> Entry:
    set_code = entry.set_code if keeps.get("set") else None
    return Entry(entry.count, entry.name, entry.section, set_code=set_code,
                 number=entry.number if set_code and keeps.get("number") else None,
                 foil=entry.foil and bool(keeps.get("foil")),
                 category=entry.category if keeps.get("cat") else None)


@pytest.mark.parametrize("fmt", sorted(KEEPS))
def test_every_format_has_a_writer(fmt):
    assert fmt in WRITE_FORMATS


@pytest.mark.parametrize("fmt", sorted(KEEPS))
@given(data=st.data())
@settings(max_examples=examples(20), suppress_health_check=[HealthCheck.too_slow])
def test_to_text_round_trips_in_every_format(fmt, data):
    """Decklist.from_text(d.to_text(fmt)) == d for what the format can hold (its sections,
    printings, foil marks, categories, deck name)."""
    keeps = KEEPS[fmt]
    entries = data.draw(st.lists(ENTRIES, min_size=1, max_size=15))
    sections = data.draw(st.lists(st.sampled_from(keeps["sections"]), min_size=len(entries),
                                  max_size=len(entries)))
    name = data.draw(st.text(NAME_CHARS, max_size=20)).strip() if keeps.get("name") else ""
    if name.casefold().startswith(("name", "about")):
        name = ""
    kept = [_kept(Entry(e.count, e.name, s, set_code=e.set_code, number=e.number, foil=e.foil,
                        category=e.category), keeps)
            for e, s in zip(entries, sections, strict=True)]
    deck = Decklist(kept, [], name)
    again = Decklist.from_text(deck.to_text(fmt))
    order = keeps["order"]
    expected = sorted(kept, key=lambda e: order.index(e.section)) if order else kept
    assert again.problems == []
    assert again.entries == expected
    assert again.name == name


def test_unknown_write_format_is_a_value_error():
    with pytest.raises(ValueError):
        Decklist([]).to_text("xml")


def test_commander_block_first_is_not_an_mtgo_sideboard():
    """A one-card block, a blank line and 99 cards (Moxfield's plain export) stay in the deck;
    only a smaller trailing block of at most 15 cards is an MTGO sideboard."""
    deck = Decklist.from_text("1 Krenko, Mob Boss\n\n1 Sol Ring\n98 Mountain\n")
    assert deck.sections() == ["main"] and deck.blank_lines == [2, 5]
    two_halves = Decklist.from_text("20 Mountain\n\n20 Lightning Bolt\n")
    assert two_halves.sections() == ["main"]
    big_side = Decklist.from_text("40 Mountain\n\n16 Shock\n")
    assert big_side.sections() == ["main"]


# -- tables (CSV, TSV) ----------------------------------------------------------------------

#: (fixture, commander in the file) for every tool's export: each written by this project from
#: the tool's public description of its columns.
TABLES = [("scryfall-deck.csv", True), ("manabox.csv", False), ("dragonshield.csv", False),
          ("delverlens.tsv", False), ("deckbox.csv", False), ("archidekt.csv", True),
          ("moxfield.csv", False)]


@pytest.mark.parametrize(("fixture", "marked"), TABLES)
def test_tables_from_every_tool_read_by_their_header(fixture, marked):
    """list-formats: a CSV/TSV export is found from its text; quantity and name come
    from their header names; set, number and foil are kept, other columns ignored; quoted
    fields with commas and doubled quotes read whole."""
    deck = Decklist.from_text((FIXTURES / fixture).read_text(encoding="utf-8"))
    assert deck.format == "csv" and deck.problems == []
    main = [(e.count, e.name) for e in deck.entries if e.section in ("main", "commander")]
    assert main == [(1, "Kenrith, the Returned King"), (1, "Sol Ring"),
                    (1, 'Kongming, "Sleeping Dragon"'), (1, "Swords to Plowshares"),
                    (30, "Plains")]
    assert [e.name for e in deck.section("commander")] == (
        ["Kenrith, the Returned King"] if marked else [])
    sol = deck.entries[1]
    assert sol.foil
    assert deck.entries[0].line == (3 if fixture == "dragonshield.csv" else 2)


def test_table_sections_and_categories():
    """Scryfall's section column and Archidekt's category column pick the section (commander,
    sideboard, maybeboard); other categories are kept on the entry."""
    scryfall = Decklist.from_text((FIXTURES / "scryfall-deck.csv").read_text(encoding="utf-8"))
    assert [e.name for e in scryfall.section("sideboard")] == ["Negate"]
    assert [e.name for e in scryfall.section("maybeboard")] == ["Cyclonic Rift"]
    archidekt = Decklist.from_text((FIXTURES / "archidekt.csv").read_text(encoding="utf-8"))
    assert archidekt.entries[1].category == "Ramp"
    assert [e.name for e in archidekt.section("maybeboard")] == ["Cyclonic Rift"]


def test_table_without_a_name_column_names_its_columns():
    """list-formats: one clear message naming the columns the table has."""
    deck = Decklist.from_text((FIXTURES / "no-name-column.csv").read_text(encoding="utf-8"))
    assert deck.entries == [] and len(deck.problems) == 1
    message = deck.problems[0].message
    assert "no card-name column" in message and "'Quantity'" in message
    assert "'Collector Number'" in message


def test_table_rows_with_problems_keep_their_line_numbers():
    """A bad quantity or an empty name is a problem on its own line; quoted line breaks count."""
    text = ('Count,Name\n2,"Lightning\nBolt"\nlots,Shock\n0,Island\n,Forest\n3,\n'
            '"1","Fire, Ice"\n')
    deck = Decklist.from_text(text)
    assert summary(deck) == [(2, "Lightning Bolt", "main"), (1, "Forest", "main"),
                             (1, "Fire, Ice", "main")]
    assert [(p.line, p.message.split(" ")[1]) for p in deck.problems] == [
        (4, "quantity"), (7, "row")]
    assert [n.line for n in deck.notes] == [5]


def test_plain_lists_with_commas_are_not_tables():
    """A decklist whose names hold commas is never taken for a table."""
    deck = Decklist.from_text("1 Lutri, the Spellchaser\n1 Kenrith, the Returned King\n")
    assert deck.format == "text" and [e.name for e in deck.entries] == [
        "Lutri, the Spellchaser", "Kenrith, the Returned King"]


@given(st.lists(ENTRIES, min_size=1, max_size=12), st.sampled_from([",", "\t", ";"]))
@settings(max_examples=examples(30), deadline=None)
def test_csv_round_trip(entries, delimiter):
    """to_text('csv') reads back the same deck, with any of the usual delimiters."""
    deck = Decklist([_normalised(e) for e in entries], [])
    text = deck.to_text("csv")
    if delimiter != ",":
        import csv as csv_module
        import io
        rows = list(csv_module.reader(io.StringIO(text)))
        out = io.StringIO()
        csv_module.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
        text = out.getvalue()
    again = Decklist.from_text(text)
    assert again.problems == [] and again.entries == deck.entries


# -- grouped text exports --------------------------------------------------------------------


def test_archidekt_grouped_export_headings_are_groups():
    """list-formats: headings (with or without a count) start groups and are never
    cards; only the Commander group marks the commander; a {noDeck} group is left out."""
    deck = Decklist.from_text((FIXTURES / "archidekt-grouped.txt").read_text(encoding="utf-8"))
    assert deck.problems == []
    assert [e.name for e in deck.section("commander")] == ["Kenrith, the Returned King"]
    assert [e.name for e in deck.section("main")] == [
        "Kongming, \"Sleeping Dragon\"", "Sol Ring", "Swords to Plowshares", "Plains"]
    assert [e.name for e in deck.section("maybeboard")] == ["Cyclonic Rift"]
    assert any("group heading" in n.message for n in deck.notes)


@pytest.mark.parametrize(("heading", "section"), [
    ("Commander (1)", "commander"), ("Commanders", "commander"),
    ("[Commander{top}]", "commander"), ("Creatures (32)", "main"), ("Lands: 36", "main"),
    ("Instants and Sorceries", "main"), ("**Ramp**", "main"), ("Considering", "maybeboard"),
    ("Out of deck", "maybeboard"), ("Tokens{noDeck}", "tokens"),
    ("Wishlist{noDeck}{noPrice}", "maybeboard"), ("Sideboard (15)", "sideboard"),
])
def test_heading_lines_pick_their_group(heading, section):
    """A heading line never becomes a card; commander and out-of-deck groups pick the section,
    any other group is the main deck."""
    deck = Decklist.from_text(f"1 Sol Ring\n\n{heading}\n1 Island\n")
    assert [(e.name, e.section) for e in deck.entries] == [("Sol Ring", "main"),
                                                          ("Island", section)]


def test_heading_without_grammar_cues_uses_the_card_data():
    """In a list without counts, a line that is not a card, set apart by a blank line and
    followed by cards, is a heading when card data is given; without it, it stays a card."""
    text = "Sol Ring\n\nValue Engines\nBrainstorm\nPonder\n"
    known = {"sol ring", "brainstorm", "ponder"}
    deck = Decklist.from_text(text, known=lambda n: n.casefold() in known)
    assert [e.name for e in deck.entries] == ["Sol Ring", "Brainstorm", "Ponder"]
    assert "Value Engines" in Decklist.from_text(text).names()


def test_per_line_marks_are_stripped():
    """Moxfield tags with spaces, Forge's trailing '+', (F), [Foil] and *E* marks are not part
    of the name."""
    text = ("1 Sol Ring (CMM) 400 #Mana Rock #Staple Card\n1 Ponder|M12+\n1 Brainstorm (F)\n"
            "1 Opt [Foil]\n1 Preordain *E*\n1 Arcane Signet #!Commander\n")
    deck = Decklist.from_text(text)
    assert [e.name for e in deck.entries] == ["Sol Ring", "Ponder", "Brainstorm", "Opt",
                                              "Preordain", "Arcane Signet"]
    assert [e.foil for e in deck.entries] == [False, True, True, True, True, False]
    assert deck.entries[1].set_code == "M12"


def test_arena_about_block_is_the_name():
    """Arena's About block gives the deck's name, never a card."""
    deck = Decklist.from_text("About\nName Lands Matter\n\nCommander\n1 Tatyova\n\nDeck\n"
                              "1 Sol Ring\n")
    assert deck.name == "Lands Matter" and deck.names() == ["Tatyova", "Sol Ring"]


GROUP_HEADINGS = st.sampled_from(["Creatures", "Creature (12)", "Lands [30]", "Artifacts:",
                                  "Instants and Sorceries", "Ramp", "Card Draw", "**Removal**",
                                  "Legendary Creatures (3)", "Other: 4", "Win Conditions"])
MARKS = st.sampled_from(["", " *F*", " (F)", " [Foil]", " #Card Draw", " #Ramp #Mana Rock",
                         " ^Have,#37d67a^"])
LINE_FORMATS = ["text", "arena", "mtgo", "moxfield", "archidekt", "tappedout", "deckstats",
                "forge", "xmage"]


@pytest.mark.parametrize("fmt", LINE_FORMATS)
@given(data=st.data())
@settings(max_examples=examples(15), suppress_health_check=[HealthCheck.too_slow],
          deadline=None)
def test_grouped_exports_with_headings_and_marks_read_back(fmt, data):
    """list-formats: any deck written in any line format, with random group headings
    (each after a blank line, before a main-deck card) and random per-line marks, reads back to
    the same deck (counts, names, sections), given the card data (its names) as a check has."""
    keeps = KEEPS[fmt]
    entries = data.draw(st.lists(ENTRIES, min_size=1, max_size=12))
    sections = data.draw(st.lists(st.sampled_from(keeps["sections"]), min_size=len(entries),
                                  max_size=len(entries)))
    kept = [Entry(e.count, e.name, s) for e, s in zip(entries, sections, strict=True)]
    deck = Decklist(kept, [], "")
    written = Decklist.from_text(deck.to_text(fmt))
    lines = deck.to_text(fmt).split("\n")
    main_lines = {e.line for e in written.entries if e.section == "main"}
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        if number in main_lines and data.draw(st.booleans()):
            out += ["", data.draw(GROUP_HEADINGS)]
        if any(e.line == number for e in written.entries):
            mark = data.draw(MARKS)
            if fmt == "forge" and mark in (" (F)", " [Foil]", " *F*"):
                mark = "+"
            line += mark
        out.append(line)
    names = {e.name.casefold() for e in kept}
    again = Decklist.from_text("\n".join(out), known=lambda n: n.casefold() in names)
    assert again.problems == []
    assert [(e.count, e.name, e.section) for e in again.entries] == [
        (e.count, e.name, e.section) for e in written.entries]


def test_no_card_in_the_card_data_reads_as_a_heading():
    """list-formats: the heading grammar (trailing counts, type words, out-of-deck group names)
    never matches the name or a face of any card in the full card data, so a card written
    without a count is never taken for a heading."""
    from pyengine import files
    from pyengine.decklist import _OUT_GROUPS, _header_key, _plainly_not_a_card
    from pyengine.names import faces

    names = [n for card in files.load_full_card_db() for n in [card.name, *faces(card.name)]]
    assert len(names) > 29_000
    assert [n for n in names if _plainly_not_a_card(n) or _header_key(n) in _OUT_GROUPS] == []


def test_group_headers_keep_their_cards_in_the_deck_and_about_names_it_anywhere():
    """tc-3-1, hs-1-3: '// Creatures'-style groups (and a Forge '[Lands]' or a section cell
    naming no section) are groups of the main deck, so every page plays their cards; the
    project's own sections ('// Enforcers', '// Tokens') stay sections; Arena's About block
    names the deck wherever it is, and its name line is never a card."""
    deck = Decklist.from_text("1 Sol Ring\n\n// Creatures\n1 Goblin Guide\n// Tokens\n"
                              "3 Goblin\n// Enforcers\n1 Grave Titan\n\nAbout\nName Goblins\n")
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Sol Ring", "main"), ("Goblin Guide", "main"), ("Goblin", "tokens"),
        ("Grave Titan", "enforcers")]
    assert deck.name == "Goblins" and deck.cards() == ["Sol Ring", "Goblin Guide"]
    forge = Decklist.from_text("[metadata]\nName=X\n[Main]\n1 Sol Ring\n[Lands]\n9 Mountain\n")
    assert forge.cards().count("Mountain") == 9
    table = Decklist.from_text("Count,Name,Section\n1,Sol Ring,Artifacts\n1,Shock,Sideboard\n")
    assert [(e.name, e.section) for e in table.entries] == [("Sol Ring", "main"),
                                                            ("Shock", "sideboard")]
