"""scripts/import_scryfall.py: Scryfall card objects -> the compact card facts, and the
committed decks/card-facts.tsv.gz (no network: the download is never run in tests)."""

from __future__ import annotations

import gzip
import importlib.util
import json

import pytest

from pyengine import files
from pyengine.cards import CardDB
from tests.conftest import ROOT

SPEC = importlib.util.spec_from_file_location("import_scryfall",
                                              ROOT / "scripts" / "import_scryfall.py")
importer = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(importer)

#: Hand-made card objects in Scryfall's format (facts only; the texts are our own stand-ins
#: for the abilities the importer looks for).
SAMPLE = [
    {"name": "Test Captain", "layout": "normal", "mana_cost": "{2}{R}{W}", "cmc": 4.0,
     "type_line": "Legendary Creature — Human Soldier", "oracle_text": "Partner (text.)",
     "power": "3", "toughness": "3", "colors": ["R", "W"], "color_identity": ["R", "W"],
     "legalities": {"commander": "legal"}, "games": ["paper", "mtgo"]},
    {"name": "Test Rats", "layout": "normal", "mana_cost": "{1}{B}", "type_line": "Creature — Rat",
     "oracle_text": "A deck can have any number of cards named Test Rats.", "power": "1",
     "toughness": "1", "color_identity": ["B"]},
    {"name": "Test Dwarves", "mana_cost": "{1}{R}", "type_line": "Creature — Dwarf",
     "oracle_text": "A deck can have up to seven cards named Test Dwarves.", "power": "2",
     "toughness": "2", "color_identity": ["R"]},
    {"name": "Hot // Cold", "mana_cost": "{1}{R} // {2}{U}", "type_line": "Instant // Instant",
     "oracle_text": None, "color_identity": ["U", "R"],
     "card_faces": [{"name": "Hot", "mana_cost": "{1}{R}", "type_line": "Instant"},
                    {"name": "Cold", "mana_cost": "{2}{U}", "type_line": "Instant"}]},
    {"name": "Giant Man // Big Stomp", "mana_cost": "{2}{R} // {1}{R}",
     "type_line": "Creature — Giant // Instant — Adventure", "color_identity": ["R"],
     "card_faces": [{"name": "Giant Man", "mana_cost": "{2}{R}", "power": "4",
                     "toughness": "3", "type_line": "Creature — Giant"},
                    {"name": "Big Stomp", "mana_cost": "{1}{R}",
                     "type_line": "Instant — Adventure"}]},
    {"name": "Day Wolf // Night Wolf", "mana_cost": None, "color_identity": ["G"],
     "type_line": "Creature — Wolf // Creature — Werewolf",
     "card_faces": [{"name": "Day Wolf", "mana_cost": "{3}{G}", "power": "3",
                     "toughness": "3", "type_line": "Creature — Wolf", "colors": ["G"]},
                    {"name": "Night Wolf", "mana_cost": "", "type_line": "Creature — Werewolf"}]},
    {"name": "A-Test Sprite", "mana_cost": "{U}", "type_line": "Creature — Faerie",
     "color_identity": ["U"], "games": ["arena"], "legalities": {"commander": "not_legal"}},
    {"name": "Test Bomb", "mana_cost": "{0}", "type_line": "Artifact", "color_identity": [],
     "legalities": {"commander": "banned"}, "games": ["paper"]},
    {"name": "Goblin", "layout": "token", "type_line": "Token Creature — Goblin"},
    "not a card",
]


def built() -> CardDB:
    text, counts = importer.build(SAMPLE, "test sample", "2026-01-02")
    assert counts["skipped"] == 2
    db = CardDB.from_compact(text)
    db.check_rows()
    assert db.meta["date"] == "2026-01-02" and db.meta["source"] == "test sample"
    return db


def test_facts_and_tags_are_derived_without_the_text():
    """sw-2-1: commander, partner, deck-building exceptions, legality and games come out as
    tags; no Oracle text is written."""
    text, _ = importer.build(SAMPLE, "test sample", "2026-01-02")
    assert "A deck can have" not in text and "(text.)" not in text
    db = built()
    captain = db["Test Captain"]
    assert captain.tags == ("legendary", "partner", "games=pm")
    assert (captain.mana_value, captain.color_identity, captain.power) == (4, "WR", 3)
    assert db["Test Rats"].has_tag("any_number")
    assert db["Test Dwarves"].tag_value("copy_limit") == "7"
    assert db["A-Test Sprite"].tag_value("games") == "a"
    assert db["A-Test Sprite"].tag_value("commander") == "not_legal"
    assert db["Test Bomb"].tag_value("commander") == "banned"
    assert "Goblin" not in db


def test_faces_and_mana_values():
    """Split cards add their halves; adventures and two-faced cards count the first face;
    every face name finds the card."""
    db = built()
    assert db["Cold"].name == "Hot // Cold" and db["Hot/Cold"].mana_value == 5
    giant = db["Big Stomp"]
    assert (giant.name, giant.mana_value, giant.mana_cost, giant.power) == (
        "Giant Man // Big Stomp", 3, "{2}{R}", 4)
    wolf = db["night wolf"]
    assert (wolf.mana_value, wolf.colors, wolf.mana_cost) == (4, "G", "{3}{G}")


def test_banned_cards_missing_from_the_source_are_added_by_name():
    """The snapshot leaves out banned cards: the ban lists' names are added (Conspiracy
    cards with their type), so a ban is never an "unknown card"."""
    db = built()
    assert db["Black Lotus"].has_tag("no_facts")
    assert db["Backup Plan"].type_line == "Conspiracy"


def test_main_writes_and_reports_size(tmp_path, capsys):
    """The importer writes gzip and prints the size and the source's date; a source it cannot
    read leaves the output untouched (exit 1)."""
    source = tmp_path / "cards-2026-03-04.json"
    source.write_text(json.dumps(SAMPLE), encoding="utf-8")
    out = tmp_path / "facts.tsv.gz"
    assert importer.main(["--source", str(source), "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "bytes gzip" in printed and "dated 2026-03-04" in printed
    assert CardDB.from_compact(gzip.decompress(out.read_bytes()).decode())["Test Rats"]
    before = out.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert importer.main(["--source", str(bad), "--output", str(out)]) == 1
    assert out.read_bytes() == before


def test_committed_card_data_reads_whole_and_is_small():
    """The committed file: under 1 MB gzip, every row readable, dated, and it knows the cards
    of every shipped ban list (by name at least)."""
    path = ROOT / "decks" / "card-facts.tsv.gz"
    assert path.stat().st_size < 1_000_000
    db = files.load_card_facts()
    db.check_rows()
    assert len(db) > 29_000 and db.meta.get("date")
    for key in ("commander", "horde-survivor", "team-commander"):
        banlist = files.load_banlist(key)
        missing = [n for n in banlist.names() if n not in db]
        assert missing == [], (key, missing)


@pytest.mark.parametrize("name", ["Jotun Grunt", "AEther Vial", "Æther Vial", "Fire/Ice",
                                  "Insectile Aberration", "Lim-Dul's Vault", "Nazgul"])
def test_committed_data_knows_every_spelling(name):
    assert files.load_full_card_db().get(name) is not None
