"""Deck power on the deck check (pyengine/power.py): a Commander bracket lower bound from the
criteria card data can decide, each reason naming its cards."""

from __future__ import annotations

import functools
import importlib.util
import json

import pytest

from pyengine import files
from pyengine.cli import main
from pyengine.decklist import Decklist
from pyengine.power import estimate, parse_game_changers, power_tags
from tests.conftest import ROOT


@functools.cache
def cards():
    return files.load_full_card_db()


@functools.cache
def game_changers():
    return parse_game_changers((ROOT / "decks" / "game-changers.txt").read_text("utf-8"))


def power_of(text: str):
    meta, names = game_changers()
    return estimate(Decklist.from_text(text).entries, cards(), names, meta)


# -- tags from rules text (our own stand-in texts) ---------------------------------------------
@pytest.mark.parametrize("text, type_line, tags", [
    ("Search your library for a card, put it into your hand, then shuffle.", "Sorcery",
     ("tutor",)),
    ("Search your library and/or graveyard for a creature card and put it onto the "
     "battlefield.", "Sorcery", ("tutor",)),
    ("Search your library for a basic land card and put it onto the battlefield tapped.",
     "Sorcery", ()),
    ("Search your library for up to two Forest cards.", "Sorcery", ()),
    ("Sacrifice this: search your library for a land card.", "Land", ()),
    ("Destroy all lands.", "Sorcery", ("mass_land_denial",)),
    ("Destroy all artifacts, creatures, and lands.", "Sorcery", ("mass_land_denial",)),
    ("Destroy all other permanents except for lands and tokens.", "Sorcery", ()),
    ("Nonbasic lands are Mountains.", "Enchantment", ("mass_land_denial",)),
    ("Players can't untap more than one land during their untap steps.", "Artifact",
     ("mass_land_denial",)),
    ("Take an extra turn after this one.", "Sorcery", ("extra_turn",)),
    ("Target player can't take extra turns.", "Enchantment", ()),
    ("Draw a card.", "Instant", ()),
])
def test_bracket_tags_are_read_from_rules_text(text, type_line, tags):
    assert power_tags(text, type_line) == tags


@pytest.mark.parametrize("name, tag", [
    ("Demonic Tutor", "tutor"), ("Worldly Tutor", "tutor"), ("Natural Order", "tutor"),
    ("Armageddon", "mass_land_denial"), ("Blood Moon", "mass_land_denial"),
    ("Winter Orb", "mass_land_denial"), ("Time Warp", "extra_turn"),
    ("Temporal Manipulation", "extra_turn"),
])
def test_known_cards_carry_their_tag_in_the_card_data(name, tag):
    """The committed card facts (scripts/import_scryfall.py) carry the tags."""
    assert cards()[name].has_tag(tag)


@pytest.mark.parametrize("name", ["Cultivate", "Rampant Growth", "Evolving Wilds",
                                  "Expedition Map", "Wrath of God", "Llanowar Elves"])
def test_ramp_land_search_and_sweepers_are_not_flagged(name):
    facts = cards()[name]
    assert not any(facts.has_tag(t) for t in ("tutor", "mass_land_denial", "extra_turn"))


# -- the Game Changers file --------------------------------------------------------------------
def test_the_game_changers_file_names_its_source_and_date():
    """The committed fallback is the list of the 21 October 2025 update (52 cards: the ten
    taken off then, commanders and costly cards, absent; the 2025 additions present) and
    Biorhythm, added when it was unbanned on 9 February 2026."""
    meta, names = game_changers()
    assert meta["source"] and meta["date"] == "2026-02-09"
    assert len(names) == len(set(names)) == 53 and "Biorhythm" in names
    for gone in ("Expropriate", "Urza, Lord High Artificer", "Kinnan, Bonder Prodigy",
                 "Yuriko, the Tiger's Shadow", "Sway of the Stars", "Trinisphere"):
        assert gone not in names
    for added in ("Orcish Bowmasters", "Necropotence", "Farewell", "Mishra's Workshop"):
        assert added in names
    assert names == tuple(sorted(names, key=str.casefold))
    unknown = [n for n in names if cards().get(n) is None]
    assert unknown == ["Biorhythm"], unknown  # banned on the committed card data's date


# -- the estimate --------------------------------------------------------------------------------
def test_a_plain_deck_is_bracket_1_or_2():
    power = power_of("1 Llanowar Elves\n1 Cultivate\n1 Wrath of God\n97 Forest\n")
    assert power.label == "1-2" and power.minimum == 1
    assert not [r for r in power.reasons if r.bracket > 1]
    assert any("combos" in n for n in power.not_checked)


def test_extra_turns_rule_out_bracket_1_and_name_the_cards():
    power = power_of("1 Time Warp\n99 Island\n")
    assert power.label == "2"
    reason = next(r for r in power.reasons if r.criterion == "extra_turns")
    assert reason.cards == ["Time Warp"] and "Time Warp" in reason.text


def test_up_to_three_game_changers_is_bracket_3_four_is_4():
    three = power_of("1 Rhystic Study\n1 Cyclonic Rift\n1 Smothering Tithe\n97 Island\n")
    assert three.label == "3"
    four = power_of("1 Rhystic Study\n1 Cyclonic Rift\n1 Smothering Tithe\n1 Force of Will\n"
                    "96 Island\n")
    assert four.label == "4-5"
    reason = next(r for r in four.reasons if r.criterion == "game_changers")
    assert sorted(reason.cards) == ["Cyclonic Rift", "Force of Will", "Rhystic Study",
                                    "Smothering Tithe"]


def test_mass_land_denial_is_bracket_4():
    power = power_of("1 Armageddon\n99 Plains\n")
    assert power.label == "4-5"
    assert next(r for r in power.reasons if r.criterion == "mass_land_denial").cards == [
        "Armageddon"]


def test_tutors_are_counted_without_raising_the_estimate():
    power = power_of("1 Diabolic Tutor\n1 Sylvan Tutor\n98 Swamp\n")
    assert power.label == "1-2"
    assert next(r for r in power.reasons if r.criterion == "tutors").cards == [
        "Diabolic Tutor", "Sylvan Tutor"]


def test_sideboard_cards_are_not_played_and_unknown_cards_are_said():
    power = power_of("1 Island\n\nSideboard\n1 Armageddon\n1 Rhystic Study\n")
    assert power.label == "1-2"
    unknown = power_of("1 Island\n1 Totally Unknown Card\n")
    assert unknown.unknown == ["Totally Unknown Card"]
    assert any("does not know" in n for n in unknown.not_checked)


# -- the importer refreshes the list from Scryfall's field ---------------------------------------
def test_importer_writes_game_changers_from_the_field_and_keeps_the_file_without_it():
    spec = importlib.util.spec_from_file_location("import_scryfall",
                                                  ROOT / "scripts" / "import_scryfall.py")
    importer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(importer)
    bulk = [{"name": "Test Engine", "game_changer": True}, {"name": "Test Bear",
                                                            "game_changer": False}]
    text = importer.game_changers_text(bulk, "bulk", "2026-11-30")
    meta, names = parse_game_changers(text)
    assert names == ("Test Engine",) and meta["date"] == "2026-11-30"
    assert importer.game_changers_text([{"name": "Test Bear"}], "snapshot", "x") is None
    row = importer.card_row({"name": "Test Seeker", "mana_cost": "{1}{B}",
                             "type_line": "Sorcery", "oracle_text": "Search your library for "
                             "a card and put it into your hand."})[1]
    assert "tutor" in row.split("\t")[-1].split(";")


# -- the command line -----------------------------------------------------------------------------
def test_check_json_carries_power_and_the_text_prints_it(tmp_path, capsys, card_data_read_once):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Atraxa, Praetors' Voice *CMDR*\n1 Armageddon\n1 Time Warp\n97 Forest\n",
                    encoding="utf-8")
    main(["check", str(deck), "--format", "commander-horde", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["power"]["label"] == "4-5"
    assert {r["criterion"] for r in data["power"]["reasons"]} == {"mass_land_denial",
                                                                  "extra_turns"}
    assert data["power"]["game_changers_source"]["date"] == "2026-02-09"
    main(["check", str(deck), "--format", "commander-horde"])
    out = capsys.readouterr().out
    assert "power: Bracket 4-5" in out and "Armageddon" in out
    main(["check", str(deck), "--format", "limited-horde", "--json"])
    assert json.loads(capsys.readouterr().out)["power"] is None
