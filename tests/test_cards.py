"""Card facts: reading cards.tsv, Scryfall JSON and annotations; lookups that never guess."""

from __future__ import annotations

import json

import pytest

from pyengine.cards import (
    CardDataError,
    CardDB,
    CardFacts,
    colors_of_cost,
    mana_value_of,
    parse_annotation,
)

from .conftest import DATA

SCRYFALL = DATA / "scryfall"

TSV = (
    "name\tmana_cost\tmana_value\ttype_line\tpower\ttoughness\tcolors\tcolor_identity\tis_token\ttags\n"
    "Abundant Maw\t{8}\t8\tCreature — Eldrazi Leech\t6\t4\t\tB\t0\temerge={6}{B};"
    "cast_trigger=draw1\n"
    "Ib Halfheart, Goblin Tactician\t{3}{R}\t4\tLegendary Creature — Goblin Advisor"
    "\t3\t2\tR\tR\t0\tlegendary\n"
    "Soulless One\t{3}{B}\t4\tCreature — Zombie Avatar\t*\t*\tB\tB\t0\t\n"
    "Graf Harvest\t{B}\t1\tEnchantment\t\t\tB\tB\t0\tactivated\n"
    "Zombie\t\t0\tToken Creature — Zombie\t2\t2\tB\tB\t1\ttoken\n"
)


@pytest.fixture
def db():
    return CardDB.from_tsv(TSV)


def test_tsv_facts_and_properties(db):
    """A cards.tsv row gives typed facts: numbers, colours, token flag, types and tags."""
    maw = db["Abundant Maw"]
    assert maw.mana_value == 8 and maw.colors == "" and maw.color_identity == "B"
    assert maw.power == 6 and maw.toughness == 4
    assert maw.is_creature and not maw.is_land and not maw.is_legendary
    assert maw.types == ("Creature",) and maw.subtypes == ("Eldrazi", "Leech")
    assert maw.has_tag("emerge") and maw.tag_value("emerge") == "{6}{B}"
    assert maw.tag_value("flying") is None
    ib = db["ib halfheart, goblin tactician"]
    assert ib.is_legendary and ib.supertypes == ("Legendary",)
    assert ib.tag_value("legendary") == ""
    zombie = db["Zombie"]
    assert zombie.is_token and zombie.is_creature and zombie.subtypes == ("Zombie",)
    assert db["Graf Harvest"].power is None and not db["Graf Harvest"].is_creature


def test_star_power_is_none_but_kept_as_printed(db):
    """A '*' power or toughness has no number but is kept as printed for writing back."""
    soulless = db["Soulless One"]
    assert soulless.power is None and soulless.toughness is None
    assert soulless.power_text == "*"
    assert soulless.to_tsv_row().split("\t")[4:6] == ["*", "*"]


def test_tsv_round_trip(db):
    """to_tsv writes the rows back sorted by name, unchanged."""
    again = CardDB.from_tsv(db.to_tsv())
    assert list(again) == list(db)
    assert again.to_tsv() == db.to_tsv()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name\tcost\n", "header"),
        (TSV.splitlines()[0] + "\nOnly\tthree\tcolumns\n", "columns"),
        (TSV.splitlines()[0] + "\nA\t{1}\tone\tArtifact\t\t\t\t\t0\t\n", "mana_value"),
        (TSV.splitlines()[0] + "\nA\t{1}\t1\tArtifact\t\t\t\t\tyes\t\n", "is_token"),
        (TSV + TSV.splitlines()[5] + "\n", "twice"),
    ],
)
def test_bad_tsv_is_reported_with_its_line(text, message):
    """A malformed cards.tsv raises CardDataError (a ValueError) naming the line and fault."""
    with pytest.raises(CardDataError) as info:
        CardDB.from_tsv(text)
    assert message in str(info.value)
    assert info.value.line >= 1
    assert isinstance(info.value, ValueError)


def test_unknown_names_are_reported_never_guessed(db):
    """Names with no facts are listed once each, in order; a near miss is not matched."""
    assert db.unknown(["Zombie", "Zombi", "Grave Titan", "Zombi", "zombie"]) == [
        "Zombi",
        "Grave Titan",
    ]
    assert db.get("Zombi") is None
    assert "Zombi" not in db
    with pytest.raises(KeyError):
        db["Zombi"]


def test_mana_value_and_colors_of_cost():
    """Mana value counts generic numbers, one per coloured/colourless symbol, 0 for X, the
    larger half of {2/W}; split costs add up. Colours come out in WUBRG order."""
    assert mana_value_of("{3}{B}{B}") == 5
    assert mana_value_of("{X}{R}{R}") == 2
    assert mana_value_of("{2/W}{2/W}") == 4
    assert mana_value_of("{W/U}{W/P}{C}") == 3
    assert mana_value_of("{1}{R} // {1}{U}") == 4
    assert mana_value_of("") == 0
    assert mana_value_of("{15}") == 15
    assert colors_of_cost("{G}{1}{U}{W/B}") == "WUBG"
    assert colors_of_cost("{8}") == ""


def test_scryfall_collection_fixture():
    """A Scryfall collection response: normal cards, a transform card (front face facts, full
    name), a split card (costs added), an accented name, a token by layout, and not_found."""
    obj = json.loads((SCRYFALL / "collection.json").read_text(encoding="utf-8"))
    db = CardDB.from_scryfall(obj)
    assert len(db) == 5
    assert db.not_found == ["Definitely Not A Card"]
    titan = db["Grave Titan"]
    assert (titan.mana_cost, titan.mana_value, titan.power, titan.toughness) == (
        "{4}{B}{B}",
        6,
        6,
        6,
    )
    assert titan.colors == "B" and titan.has_tag("deathtouch")
    delver = db["Delver of Secrets"]
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.mana_cost == "{U}" and delver.mana_value == 1
    assert (delver.power, delver.toughness) == (1, 1)
    assert delver.subtypes == ("Human", "Wizard")
    assert not delver.has_tag("flying")  # only the back face flies
    fire_ice = db["Fire/Ice"]
    assert fire_ice.mana_value == 4 and fire_ice.colors == "UR" and fire_ice.types == ("Instant",)
    assert db["Fire"] is fire_ice
    assert db["Nazgul"].name == "Nazgûl"
    zombie = db["Zombie"]
    assert zombie.is_token and zombie.has_tag("token") and zombie.power == 2


def test_scryfall_single_card_and_list():
    """A single Scryfall card object and a bulk-data style list are accepted too."""
    card = json.loads((SCRYFALL / "card.json").read_text(encoding="utf-8"))
    db = CardDB.from_scryfall(card)
    sol = db["Sol Ring"]
    assert sol.mana_value == 1 and sol.colors == "" and sol.types == ("Artifact",)
    assert len(CardDB.from_scryfall([card, card])) == 1


@pytest.mark.parametrize("bad", [42, "text", [1, 2], {"object": "error", "details": "x"}, {}])
def test_scryfall_rejects_non_card_data(bad):
    """Something that is not Scryfall card data raises CardDataError."""
    with pytest.raises(CardDataError):
        CardDB.from_scryfall(bad)


def test_annotations_give_facts_from_a_pasted_list():
    """'#! Name | cost | type | P/T | tags' lines in a pasted list give that card's facts:
    mana value and colours from the cost, a token from the type line."""
    text = (
        "#! Gravecrawler | {B} | Creature — Zombie | 2/1 | cant_block;gy_cast_condition\n"
        "#! Zombie | | Token Creature — Zombie | 2/2\n"
        "#! Army of the Damned | {5}{B}{B}{B} | Sorcery | | flashback={7}{B}{B}{B}\n"
        "#! broken line\n"
        "4 Gravecrawler\n"
    )
    db = CardDB.from_annotations(text)
    assert db.names() == ["Army of the Damned", "Gravecrawler", "Zombie"]
    crawler = db["Gravecrawler"]
    assert crawler.mana_value == 1 and crawler.colors == "B" and crawler.power == 2
    assert crawler.has_tag("gy_cast_condition")
    assert db["Zombie"].is_token
    army = db["Army of the Damned"]
    assert army.mana_value == 8 and army.tag_value("flashback") == "{7}{B}{B}{B}"
    assert army.power is None


@pytest.mark.parametrize(
    "line",
    [
        "#! Only a name",
        "#! Name | {B}",
        "#! | {B} | Creature",
        "#! Name | B | Creature",
        "#! Name | {B} | ",
        "#! Name | {B} | Creature | two/two",
        "#! A | {B} | Creature | 1/1 | t | extra",
    ],
)
def test_bad_annotation_raises(line):
    """A malformed annotation raises CardDataError with a plain message."""
    with pytest.raises(CardDataError):
        parse_annotation(line, 3)


def test_merge_prefers_the_other_database(db):
    """merge keeps both databases' cards; the second one's facts win for the same card."""
    mine = CardDB(
        [
            CardFacts(
                name="Zombie",
                type_line="Token Creature — Zombie",
                power=3,
                toughness=3,
                is_token=True,
            )
        ]
    )
    merged = db.merge(mine)
    assert merged["Zombie"].power == 3
    assert "Abundant Maw" in merged
    assert db["Zombie"].power == 2


def test_cardfacts_from_numbers_fill_printed_text():
    """CardFacts built in code with numeric power/toughness also has the printed text."""
    facts = CardFacts(name="X", type_line="Artifact Creature — Golem", power=3, toughness=3)
    assert facts.power_text == "3"
    assert facts.types == ("Artifact", "Creature")
    assert facts.front_name == "X"


def test_config_facts_one_writer_for_every_engine():
    """One writer for a config's card facts: the same entry from a CardFacts and from a
    cards.tsv-style dict; every engine reads it back unchanged with the one reader
    (``CardFacts.from_config``); ``mana_cost=False`` (Swarm configs) leaves out exactly the
    cost, in the same key order, so old saves stay the same."""
    from pyengine.cards import config_facts

    card = CardFacts(name="Grave Titan", mana_cost="{4}{B}{B}", mana_value=6,
                     type_line="Creature — Giant", power=6, toughness=6,
                     tags=("deathtouch", "etb=2_Zombie"))
    entry = config_facts(card)
    assert entry == {"mana_cost": "{4}{B}{B}", "mana_value": 6, "type_line": "Creature — Giant",
                     "power": "6", "toughness": "6", "token": False,
                     "tags": ["deathtouch", "etb=2_Zombie"]}
    row = {"mana_cost": "{4}{B}{B}", "mana_value": "6", "type_line": "Creature — Giant",
           "power": "6", "toughness": "6", "is_token": "0", "tags": "deathtouch;etb=2_Zombie"}
    assert config_facts(row) == entry
    back = CardFacts.from_config("Grave Titan", json.loads(json.dumps(entry)))
    assert (back.mana_cost, back.power_value, back.tag_value("etb")) == ("{4}{B}{B}", 6, "2_Zombie")
    assert back == card and back.to_config() == entry
    swarm = config_facts(card, mana_cost=False)
    assert list(swarm) == [key for key in entry if key != "mana_cost"]
    assert card.to_config(mana_cost=False) == swarm
    assert CardFacts.from_config("Grave Titan", swarm).mana_cost == ""


def test_from_config_reads_every_engines_entries():
    """The one reader of config facts: a Swarm entry (no mana cost) and a Horde entry read the
    same way; tags as text, ``is_token``, numbers and ``*`` are all read as the engines always
    have; an entry that is not an object is refused in plain words."""
    from pyengine.cards import read_config_facts

    swarm = CardFacts.from_config("Zombie", {"mana_value": 0, "type_line": "Token Creature — "
                                             "Zombie", "power": "2", "toughness": "2",
                                             "token": True, "tags": ["token"]})
    assert (swarm.mana_cost, swarm.power, swarm.power_text, swarm.is_token) == ("", 2, "2", True)
    odd = CardFacts.from_config("Soulless One", {"type_line": "Creature — Zombie Avatar",
                                                 "power": "*", "toughness": 4,
                                                 "is_token": False, "tags": "flying;annihilator=1"})
    assert (odd.power, odd.power_value, odd.toughness, odd.toughness_text) == (None, 0, 4, "4")
    assert odd.tags == ("flying", "annihilator=1") and odd.has_tag("annihilator")
    assert not odd.has_tag("flying=1")
    assert odd.to_config(mana_cost=False)["power"] == "*"
    facts = read_config_facts({"B": {"type_line": "Sorcery"}, "A": {}})
    assert list(facts) == ["A", "B"] and facts["B"].is_spell_only
    with pytest.raises(CardDataError, match="facts of 'X' are not an object"):
        CardFacts.from_config("X", ["Creature"])


def test_every_engine_reads_a_cards_kind_from_its_front_face():
    """hs-3-8, hs-2-7, sw-4-4: a two-faced card is revealed and cast front face up, so every
    engine reads creature, spell and permanent from the front face's types (schema 3; before
    it, the Horde engines read the words before the first dash and Swarm "Creature" anywhere)."""
    golem = CardFacts("Golem", type_line="Artifact // Artifact Creature — Golem")
    assert not golem.is_creature and golem.is_permanent and not golem.is_spell_only
    adventure = CardFacts("Tale", type_line="Enchantment // Sorcery — Adventure")
    assert not adventure.is_spell_only and adventure.is_permanent
    saga = CardFacts("Origins", type_line="Sorcery // Enchantment Creature — Saga Elemental")
    assert saga.is_spell_only and not saga.is_creature and not saga.is_permanent
    zombie = CardFacts("Zombie", type_line="Token Creature — Zombie", is_token=True)
    assert zombie.is_creature and zombie.is_permanent and not zombie.is_spell_only
    knight = CardFacts("Knight", type_line="Creature — Human Knight // Sorcery — Adventure")
    assert knight.is_creature and not knight.is_spell_only


def test_deck_facts_one_builder_with_the_lists_own_facts(db):
    """One decklist-to-config builder: canonical names in list order, one entry a card, the
    unknown names once each; a list's ``#!`` lines come on top of the database."""
    from pyengine.cards import deck_facts
    from pyengine.decklist import Decklist

    deck = Decklist.from_text("2 zombie\n1 Gravecrawler\n1 Nobody\n1 Nobody\n"
                              "#! Gravecrawler | {B} | Creature — Zombie | 2/1 | cant_block\n")
    names, facts, unknown = deck_facts(deck.cards("main"), db.with_annotations(deck).get)
    assert names == ["Zombie", "Zombie", "Gravecrawler"] and unknown == ["Nobody"]
    assert facts["Gravecrawler"]["tags"] == ["cant_block"] and list(facts) == ["Zombie",
                                                                               "Gravecrawler"]
    names, facts, unknown = deck_facts(["Zombie"], db.get, mana_cost=False)
    assert "mana_cost" not in facts["Zombie"] and not unknown


def test_derived_is_worked_out_once_per_card():
    """An engine's per-card rule (one that reads only the printed facts) runs once per card,
    whatever the number of questions; equality and hashing still see only the facts."""
    calls = []

    def rule(card):
        calls.append(card.name)
        return card.has_tag("flying")

    bird = CardFacts("Bird", type_line="Token Creature — Bird", tags=("flying",))
    assert [bird.derived(rule) for _ in range(3)] == [True, True, True] and calls == ["Bird"]
    again = CardFacts("Bird", type_line="Token Creature — Bird", tags=("flying",))
    assert again == bird and hash(again) == hash(bird)
