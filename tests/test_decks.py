"""The data in decks/: every deck, card fact and list reads cleanly and matches its sources."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from pyengine import files
from pyengine.cards import TSV_COLUMNS, colors_of_cost, mana_value_of
from pyengine.names import normalize

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
REFERENCE = Path("/work/shared/reference/cards/horde_decks.tsv")
FORMATS = {"swarm", "swarm-enforcers", "horde", "limited-horde", "limited-horde-dreadnought"}
BANLISTS = ["any-number", "basics", "commander", "horde-survivor", "team-commander"]

INDEX = json.loads((DECKS / "index.json").read_text(encoding="utf-8"))
DECK_IDS = [deck["id"] for deck in INDEX]


@pytest.fixture(scope="module")
def db():
    return files.load_card_db()


def test_index_entries_are_complete():
    """index.json lists each deck once with id, title, a known format, an existing path, a
    description, a sample flag and a source; linked decks (dreadnought, enforcers) exist."""
    assert len(set(DECK_IDS)) == len(DECK_IDS)
    for deck in INDEX:
        for key in ("id", "title", "format", "path", "description", "sample", "source"):
            assert key in deck, (deck["id"], key)
        assert deck["format"] in FORMATS
        assert isinstance(deck["sample"], bool)
        assert (DECKS / deck["path"]).is_file()
        for link in ("dreadnought", "enforcers"):
            if link in deck:
                assert deck[link] in DECK_IDS


def test_every_decklist_file_is_indexed():
    """No decklist file in decks/ is left out of index.json."""
    listed = {deck["path"] for deck in INDEX}
    on_disk = {
        path.relative_to(DECKS).as_posix()
        for path in DECKS.glob("*/*.txt")
        if path.parent.name != "banlists"
    }
    assert on_disk == listed


@pytest.mark.parametrize("deck_id", DECK_IDS)
def test_deck_reads_without_problems_and_every_card_has_facts(deck_id, db):
    """Every shipped deck reads with no problems, and every card in it has card facts."""
    deck = files.load_deck(deck_id)
    assert deck.problems == []
    assert deck.entries
    assert db.unknown(deck.names()) == []


@pytest.mark.parametrize("deck_id", DECK_IDS)
def test_deck_round_trips(deck_id):
    """Writing a shipped deck and reading it back gives the same deck."""
    deck = files.load_deck(deck_id)
    again = type(deck).from_text(deck.to_text())
    assert again == deck
    assert again.problems == []


def _reference_counts(deck_name: str, sections: tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    with REFERENCE.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["deck"] == deck_name and row["section"] in sections:
                counts[row["name"]] = counts.get(row["name"], 0) + int(row["count"])
    return counts


def _deck_counts(deck_id: str, section: str = "main") -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in files.load_deck(deck_id).section(section):
        counts[entry.name] = counts.get(entry.name, 0) + entry.count
    return counts


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference data not available")
@pytest.mark.parametrize(
    ("deck_id", "reference"),
    [
        ("limited-horde-zombies", "Zombies (Horde Magic LE 2.1)"),
        ("limited-horde-goblins", "Goblins (Horde Magic LE 2.1)"),
        ("limited-horde-eldrazi-vanguard", "Eldrazi Vanguard (Horde Magic LE 2.1)"),
    ],
)
def test_limited_horde_decks_match_the_source(deck_id, reference):
    """lh-1-10: the three Limited Horde decks hold exactly the source's nontoken cards and
    tokens (tokens as cards of the library), 50 cards each."""
    expected = _reference_counts(reference, ("nontoken", "token"))
    assert _deck_counts(deck_id) == expected
    assert sum(expected.values()) == 50


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference data not available")
def test_dreadnought_deck_matches_the_source():
    """lh-11-4: the Eldrazi Dreadnought deck is the source's 12 cards, one each, Coax from the
    Blind Eternities included."""
    counts = _deck_counts("limited-horde-eldrazi-dreadnought")
    assert counts == _reference_counts("Eldrazi Dreadnought (Horde Magic LE 2.1)", ("dreadnought",))
    assert sum(counts.values()) == 12
    assert counts["Coax from the Blind Eternities"] == 1


def test_knudson_deck_is_40_cards_and_60_tokens(db):
    """hs-10-1: the default Horde deck has 100 cards: 40 nontoken cards, 55 Zombie and 5 Zombie
    Giant tokens."""
    deck = files.load_deck("horde-knudson-zombies-2011")
    names = deck.cards()
    assert len(names) == 100
    tokens = [name for name in names if db[name].is_token]
    assert len(tokens) == 60
    assert tokens.count("Zombie") == 55
    assert tokens.count("Zombie Giant") == 5
    entry = next(d for d in INDEX if d["id"] == "horde-knudson-zombies-2011")
    assert entry.get("default") is True


def test_sample_swarm_deck_spreads_mana_values(db):
    """sw-2-5, sw-4-2: the sample Swarm deck has about 100 cards, tokens and nontoken cards of
    mana values 1 to 7 (so the Dread Level matters), and is marked as a sample."""
    deck = files.load_deck("swarm-sample")
    names = deck.cards()
    assert 90 <= len(names) <= 110
    nontoken_values = {db[name].mana_value for name in names if not db[name].is_token}
    assert set(range(1, 8)) <= nontoken_values
    assert any(db[name].is_token for name in names)
    entry = next(d for d in INDEX if d["id"] == "swarm-sample")
    assert entry["sample"] is True
    assert "sample" in (DECKS / entry["path"]).read_text(encoding="utf-8").casefold()


def test_sample_enforcers_and_one_reckoning(db):
    """sw-2-6, sw-2-7: at least five Enforcers, all creatures, and exactly one Reckoning card,
    which is not a creature."""
    deck = files.load_deck("swarm-sample-enforcers")
    assert deck.sections() == ["enforcers", "reckoning"]
    enforcers = deck.cards("enforcers")
    assert len(enforcers) >= 5
    assert all(db[name].is_creature for name in enforcers)
    reckoning = deck.cards("reckoning")
    assert len(reckoning) == 1
    assert not db[reckoning[0]].is_creature


def test_cards_tsv_is_sorted_unique_and_consistent():
    """cards.tsv: the header is right, rows are sorted by name with no duplicates, every row has
    10 columns, mana value matches the cost, colours match the cost, colour identity covers the
    colours, tokens cost nothing, creatures have power and toughness."""
    lines = (DECKS / "cards.tsv").read_text(encoding="utf-8").splitlines()
    assert tuple(lines[0].split("\t")) == TSV_COLUMNS
    rows = [line.split("\t") for line in lines[1:]]
    assert all(len(row) == len(TSV_COLUMNS) for row in rows)
    keys = [normalize(row[0]) for row in rows]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    for name, cost, mv, type_line, power, toughness, colors, identity, token, _tags in rows:
        assert int(mv) == mana_value_of(cost), name
        if cost:
            assert colors == colors_of_cost(cost), name
        assert set(colors) <= set(identity), name
        assert all(c in "WUBRG" for c in colors + identity), name
        assert colors == "".join(c for c in "WUBRG" if c in colors), name
        assert token in ("0", "1")
        if token == "1":
            assert cost == "" and mv == "0" and type_line.startswith("Token"), name
        if "Creature" in type_line:
            assert power and toughness, name
        else:
            assert not power and not toughness, name


def test_cards_tsv_round_trips(db):
    """Reading cards.tsv and writing it back gives the same text."""
    assert db.to_tsv() == (DECKS / "cards.tsv").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", BANLISTS)
def test_banlist_files_read_without_problems(name):
    """Every list in decks/banlists/ reads with no problems and has a name header."""
    text = (DECKS / "banlists" / f"{name}.txt").read_text(encoding="utf-8")
    from pyengine.banlists import BanList

    banlist = BanList.from_text(text, key=name)
    assert banlist.problems == []
    assert banlist.name
    assert files.load_banlist(name).sections


def test_survivor_ban_list_has_the_30_cards():
    """hs-11-3, hs-11-5: 30 cards including Urabrask the Hidden; Æther/AEther spellings match."""
    banlist = files.load_banlist("horde-survivor")
    assert len(banlist.names("banned")) == 30
    assert banlist.contains("Urabrask the Hidden")
    assert banlist.contains("Elesh Norn, Grand Cenobite")
    for spelling in ("Æther Flash", "AEther Flash", "Aether Flash", "Tainted Æther"):
        assert banlist.contains(spelling)


def test_commander_list_date_categories_and_lutri():
    """The official Commander list: dated 2026-02-09, 42 named cards, Conspiracy, ante and
    offensive categories, Lutri banned only as a companion."""
    banlist = files.load_banlist("commander")
    assert banlist.as_of == "2026-02-09"
    assert len(banlist.names("banned")) == 42
    assert [c.name for c in banlist.categories("banned")] == ["conspiracy", "ante", "offensive"]
    assert banlist.sections_containing("Lutri, the Spellchaser") == ["banned-as-companion"]
    assert banlist.contains("Backup Plan", "conspiracy")
    assert banlist.contains("Contract from Below", "ante")


def test_team_commander_list_includes_the_official_list():
    """tc-1-1, tc-5-1: Team Commander bans the official list, Conspiracy and ante cards, and
    cards granting extra turns or taking over a turn; playgroup sections exist and are empty."""
    banlist = files.load_banlist("team-commander")
    assert "commander" in banlist.includes
    assert banlist.contains("Black Lotus", "banned")
    assert banlist.contains("Time Warp", "extra-turns")
    assert banlist.contains("Mindslaver", "take-over-a-turn")
    assert banlist.contains("Backup Plan", "conspiracy")
    assert banlist.names("playgroup") == []
    assert banlist.names("banned-as-commander") == []
    assert "compiled by this project" in " ".join(v for _, v in banlist.header).casefold()


def test_any_number_and_basics():
    """Any-number cards: Seven Dwarves up to 7, Nazgûl (also 'Nazgul') up to 9; basics include
    Wastes and the snow-covered basics."""
    any_number = files.load_banlist("any-number")
    assert any_number.note("Seven Dwarves", "limited") == "7"
    assert any_number.note("Nazgul", "limited") == "9"
    assert any_number.contains("Relentless Rats", "any-number")
    basics = files.load_banlist("basics")
    assert len(basics.names("basic")) == 12
    assert basics.contains("Wastes") and basics.contains("snow-covered swamp")
