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


SNAPSHOT = sorted((ROOT.parent.parent / "shared" / "reference" / "scryfall").glob("*.json.gz")) \
    or sorted((ROOT.parent / "shared" / "reference" / "scryfall").glob("*.json.gz"))


def _sentences(card: dict) -> list[str]:
    texts = [card.get("oracle_text") or ""] + [f.get("oracle_text") or ""
                                               for f in card.get("card_faces") or []]
    import re
    return [s.strip().casefold() for t in texts for s in re.split(r"(?<=[.!\n])", t)
            if s.strip()]


def independent_reading(cards: list[dict]) -> tuple[set[str], set[str]]:
    """A second, plain reading of the snapshot, sentence by sentence and word by word: a
    sentence about an extra turn that does not stop one (skip, would begin, can't); a sentence
    where "control(s) [of]" has "player"/"opponent" within its next three words, followed by
    "during ... next"."""
    extra, control = set(), set()
    for card in cards:
        for sentence in _sentences(card):
            if "extra turn" in sentence and not any(
                    word in sentence for word in ("skip", "would begin", "can't", "cannot")):
                extra.add(card["name"])
            words = sentence.replace(",", " ").split()
            for at, word in enumerate(words):
                if word not in ("control", "controls"):
                    continue
                after = words[at + 1:at + 4]
                if after[:1] == ["of"]:
                    after = after[1:]
                if any(w.startswith(("player", "opponent")) for w in after[1:3]) and \
                        "during" in words[at:] and "next" in words[at:]:
                    control.add(card["name"])
    return extra, control


@pytest.mark.skipif(not SNAPSHOT, reason="the Scryfall snapshot is in the project workspace")
def test_rule_stated_bans_in_the_data_match_a_reading_of_the_text():
    """tc-5-1: the committed card data marks every card the snapshot's text shows giving an
    extra turn (52 cards in the 2025-09-25 snapshot) or taking over a turn (6), the same set
    a plain sentence-by-sentence reading finds; every such card of the hand-kept list that the
    snapshot holds is marked."""
    cards = json.loads(gzip.decompress(SNAPSHOT[-1].read_bytes()).decode("utf-8"))
    extra, control = independent_reading(cards)
    db = files.load_card_facts()
    marked_extra = {f.name for f in db if f.has_tag("extra_turn")}
    marked_control = {f.name for f in db if f.has_tag("controls_turn")}
    print(f"extra_turn: {len(marked_extra)} cards marked, {len(extra)} by the reading; "
          f"controls_turn: {len(marked_control)} marked, {len(control)} by the reading")
    assert marked_extra == extra and marked_control == control
    assert len(marked_extra) == 52 and len(marked_control) == 6
    listed = files.load_banlist("team-commander")
    names = {c["name"] for c in cards}
    for section, marked in (("extra-turns", marked_extra), ("take-over-a-turn", marked_control)):
        in_snapshot = [n for n in listed.names(section) if db.get(n) and db[n].name in names]
        assert all(db[n].name in marked for n in in_snapshot), section


def test_rule_ban_tags_in_the_importer():
    """tc-5-1: the importer writes extra_turn and controls_turn from the text (never the
    text itself), and not for a card that stops extra turns."""
    sample = [
        {"name": "Test Time", "mana_cost": "{3}{U}", "type_line": "Sorcery",
         "oracle_text": "Take an extra turn after this one.", "color_identity": ["U"]},
        {"name": "Test Stopper", "mana_cost": "{3}", "type_line": "Artifact",
         "oracle_text": "If a player would begin an extra turn, that player skips that turn "
                        "instead.", "color_identity": []},
        {"name": "Test Mind", "mana_cost": "{6}", "type_line": "Artifact",
         "oracle_text": "{T}: You control target player during that player's next turn.",
         "color_identity": []},
    ]
    text, _ = importer.build(sample, "test", "2026-01-02")
    db = CardDB.from_compact(text)
    assert db["Test Time"].has_tag("extra_turn")
    assert not db["Test Stopper"].has_tag("extra_turn")
    assert db["Test Mind"].has_tag("controls_turn")
    assert "extra turn after" not in text
