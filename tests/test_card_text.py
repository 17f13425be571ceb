"""pyengine/card_text.py: behaviour tags from card text, compared with the hand-written tags of
``decks/cards.tsv``, and a pasted deck's real cards played by the Horde engine with no ``#!``
lines (Carrion Feeder's coin, Gravecrawler's graveyard offer)."""

from __future__ import annotations

import functools

import pytest

from pyengine import files
from pyengine.card_text import aspects, behaviour_tags, is_behaviour_tag
from pyengine.cards import CardFacts
from pyengine.horde import HordeSlingLab, graveyard_cast_keyword
from pyengine.horde_common import needs_coin_flag
from pyengine.vocabulary import parse_tag
from pyengine.widgets.own_deck import read_own_deck
from tests import scenarios


def _coin(tags):
    return needs_coin_flag(CardFacts(name="x", tags=tuple(tags)))


def _graveyard_cast(tags):
    return graveyard_cast_keyword(CardFacts(name="x", tags=tuple(tags)))


def engine_aspects(tags):
    """The behaviour the engines read from ``tags``, with the engines' own predicates."""
    return aspects(tags, coin=_coin, graveyard_cast=_graveyard_cast)


#: Each card whose derived behaviour differs from its hand-written tags, the aspect, and why
#: the two are left as they are (every other difference was decided by fixing the deriver).
DOCUMENTED = {
    "Call to the Grave": ("triggers", "the card has an end-step trigger (sacrifice it when no "
                          "creature is left); the hand tag writes it as the bare "
                          "self_sac_if_no_creatures, the deriver as end_step. cards.tsv is left "
                          "as it is: its tags are in every saved Horde game's config, and "
                          "changing them would change the shipped games' saves."),
    "Tombstone Stairwell": ("triggers", "the card destroys its Tombspawn tokens at each end "
                            "step; the hand tags leave that trigger out, the deriver finds it "
                            "(end_step). Left for the same reason as Call to the Grave."),
    "Festering March": ("mass_removal", "the card gives every creature of the Survivors "
                        "-1/-1: the deriver calls that mass removal (mass_removal=shrink); the "
                        "hand tag spells the effect out (opp_creatures-1/-1). No engine acts "
                        "on either; the Horde holds the spell for the table (hs-3-8)."),
}


@functools.cache
def comparison():
    """(card name, hand aspects, derived aspects) for every shipped card the committed card
    data (made from the Scryfall snapshot) has."""
    shipped = files.load_card_db()
    derived_db = files.load_card_facts()
    rows = []
    for card in shipped:
        if card.is_token:
            continue
        other = derived_db.get(card.name)
        if other is None or other.has_tag("no_facts"):
            continue
        derived = [t for t in other.tags if is_behaviour_tag(t)]
        rows.append((card.name, engine_aspects(card.tags), engine_aspects(derived)))
    return rows


def test_rulebook_examples_derive_their_coin_and_their_graveyard_offer():
    """hs-6-2, hs-6-4: Carrion Feeder's sacrifice ability gets a coin; Gravecrawler's
    conditional cast from the graveyard is an offer (and no coin on the battlefield)."""
    feeder = behaviour_tags(
        "This creature can't block.\nSacrifice a creature: Put a +1/+1 counter on this "
        "creature.", "Creature — Zombie", "Carrion Feeder")
    assert _coin(feeder) and "cant_block" in feeder
    crawler = behaviour_tags(
        "This creature can't block.\nYou may cast this card from your graveyard as long as "
        "you control a Zombie.", "Creature — Zombie", "Gravecrawler")
    assert "gy_cast_condition" in crawler and not _coin(crawler)


def test_mana_abilities_and_graveyard_abilities_get_no_coin():
    """hs-6-3, hs-3-9: a mana ability never gets a coin, nor does an ability used from the
    graveyard (Stitchwing Skaab) or the hand; an optional trigger does (hs-6-2)."""
    assert not _coin(behaviour_tags("{T}: Add {C}.", "Artifact Creature — Construct",
                                    "Hedron Crawler"))
    assert not _coin(behaviour_tags(
        "Flying\n{1}{U}, Discard two cards: Return this card from your graveyard to the "
        "battlefield tapped.", "Creature — Zombie Horror", "Stitchwing Skaab"))
    assert _coin(behaviour_tags("Whenever this creature attacks, you may draw a card.",
                                "Creature — Zombie", "Test Ghoul"))
    assert not _coin(behaviour_tags(
        "When you cast this spell, you may destroy target artifact.", "Creature — Eldrazi",
        "Test Spawner"))
    assert _coin(behaviour_tags("Equipped creature gets +2/+0.\nEquip {2}",
                                "Artifact — Equipment", "Test Blade"))
    assert not _coin(behaviour_tags(
        "This creature can't block.\nLandfall — Whenever a land you control enters, you may "
        "return this card from your graveyard to the battlefield.", "Creature — Vampire Spirit",
        "Bloodghast"))


def test_keywords_costs_statics_and_spells():
    """hs-6-5 (flashback), sw-9-1 (enters with counters), the attack total's lords
    (board.attack_summary) and tokens made tapped come out of the text."""
    army = behaviour_tags(
        "Create thirteen tapped 2/2 black Zombie creature tokens.\nFlashback {7}{B}{B}{B} "
        "(You may cast this card from your graveyard for its flashback cost. Then exile it.)",
        "Sorcery", "Army of the Damned")
    assert "flashback={7}{B}{B}{B}" in army and "tokens=13_Zombie_tapped" in army
    assert "tokens_tapped" in army and not _coin(army)
    assert _graveyard_cast(army) == "flashback"
    assert behaviour_tags("Other Zombie creatures you control get +1/+1.", "Creature — Zombie",
                          "Test Lord") == ["lord=other_zombies+1/+1"]
    assert behaviour_tags("Black creatures get +1/+1.", "Enchantment", "Bad Moon") == [
        "anthem=all_black_creatures+1/+1"]
    assert "enters_with=5" in behaviour_tags(
        "This creature enters with five +1/+1 counters on it.", "Creature — Zombie", "Mob")
    assert "players_cant_gain_life" in behaviour_tags("Players can't gain life.", "Enchantment",
                                                      "Test Wastes")
    assert behaviour_tags("Destroy all creatures. They can't be regenerated.", "Sorcery",
                          "Damnation") == ["mass_removal=destroy", "no_regen",
                                       "spell=destroy_all_creatures"]
    assert behaviour_tags("When this creature enters, create two 1/1 colorless Eldrazi Spawn "
                          "creature tokens.", "Creature — Eldrazi Drone", "Test Drone") == [
        "etb=2_Eldrazi_Spawn"]
    assert behaviour_tags("", "Creature — Zombie", "Walking Corpse") == ["vanilla"]


def test_the_text_is_never_kept():
    """The card data holds codes, never a sentence of the card's text."""
    tags = behaviour_tags("Whenever another Zombie you control dies, target opponent loses 1 "
                          "life.", "Creature — Zombie", "Test Captain")
    assert all(" " not in tag for tag in tags)


def test_derived_tags_agree_with_the_hand_written_ones():
    """hs-6-2, hs-6-4, hs-6-5, sw-9-1: for every shipped card in the snapshot, what the
    engines read from the derived tags (coin, graveyard offer and cast, keywords, costs,
    triggers, lords and anthems, can't gain life, mass removal, tokens tapped, entering) is
    what they read from the hand-written ones, but for the documented differences."""
    rows = comparison()
    assert len(rows) >= 100
    differ = {name: sorted(k for k in hand if hand[k] != derived[k])
              for name, hand, derived in rows if hand != derived}
    assert differ == {name: [aspect] for name, (aspect, _) in DOCUMENTED.items()}
    rate = 1 - len(differ) / len(rows)
    assert rate > 0.95, rate  # 109 of 112 at the time of writing


def test_shipped_cards_keep_their_hand_written_behaviour():
    """The full card data under the shipped facts (combine_card_data) adds no derived
    behaviour tag to a shipped card: its cards.tsv tags decide how it plays."""
    full = files.load_full_card_db()
    shipped = files.load_card_db()
    for card in shipped:
        assert full[card.name].tags[:len(card.tags)] == card.tags
        extra = full[card.name].tags[len(card.tags):]
        assert not [t for t in extra if is_behaviour_tag(t)], card.name


def _own_deck_game(text: str, **config) -> HordeSlingLab:
    deck, facts = read_own_deck(text, files.load_full_card_db())
    return HordeSlingLab({"deck": deck, "facts": facts, "stack": True, "survivors": 1,
                          "difficulty": "classic", "setup_turns": 1, **config},
                         scenarios.SEED)


def test_a_pasted_deck_plays_carrion_feeder_and_gravecrawler_without_annotations():
    """hs-6-2, hs-6-4: a pasted list of real cards (no '#!' line): Carrion Feeder enters with
    its coin flag, Gravecrawler in the graveyard goes on offer with its coin."""
    game = _own_deck_game("1 Gravecrawler\n1 Carrion Feeder\n10 Zombie token\n")
    events = scenarios.run(game, {"type": "hit", "n": 1})
    assert scenarios.zones(game, "graveyard")["graveyard"] == ["Gravecrawler"]
    events = scenarios.run_to(game, "horde")
    flags = scenarios.of_kind(events, "flag")
    assert [e.cards for e in flags] == [["Carrion Feeder"]]
    offers = scenarios.of_kind(events, "offer")
    assert [e.cards for e in offers] == [["Gravecrawler"]]


def test_an_annotation_line_still_overrides_the_derived_facts():
    """A '#!' line wins over the card data (decks/README.md): Carrion Feeder written with no
    tags gets no coin."""
    game = _own_deck_game("#! Carrion Feeder | {B} | Creature — Zombie | 1/2 |\n"
                          "1 Carrion Feeder\n5 Zombie token\n")
    events = scenarios.run_to(game, "horde")
    assert scenarios.of_kind(events, "flag") == []


def test_cant_block_and_cant_be_blocked_are_two_restrictions_without_a_condition():
    """sw-13-12: "can't block and can't be blocked" (Tormented Soul) is a creature that never
    blocks and can't be blocked, not a block restriction with the condition "and can't be
    blocked" (which kept it among The Swarm's blockers)."""
    tags = behaviour_tags("Tormented Soul can't block and can't be blocked.",
                          "Creature — Spirit", "Tormented Soul")
    assert "cant_block" in tags and "cant_be_blocked" in tags
    assert not [t for t in tags if t.startswith("cant_block=")]


@pytest.mark.parametrize(("text", "type_line", "name", "expected"), [
    ("At the beginning of your upkeep, create X 2/2 black Zombie creature tokens, where X is "
     "half the number of Zombies you control, rounded down.", "Enchantment",
     "Endless Ranks of the Dead", ["upkeep=X_Zombie", "x_is=half_zombies_you_control"]),
    ("Create a 2/2 black Zombie creature token for each creature card in your graveyard.",
     "Sorcery", "Y", ["tokens=X_Zombie", "x_is=creature_cards_in_your_graveyard"]),
    ("Goblin War Strike deals damage to target player equal to the number of Goblins you "
     "control.", "Sorcery", "Goblin War Strike",
     ["spell=Xdmg_target_player", "x_is=goblins_you_control"]),
    ("Unbreathing Horde enters with a +1/+1 counter on it for each other Zombie you control "
     "and each Zombie card in your graveyard.", "Creature — Zombie", "Unbreathing Horde",
     ["enters_with=X", "x_is=other_zombies_you_control+zombie_cards_in_your_graveyard"]),
    # a qualifier the closed counts cannot say: X stays the table's
    ("At the beginning of your upkeep, you gain X life, where X is the number of cards in "
     "your hand minus 4.", "Artifact", "Ivory Tower", ["upkeep=you_gainX"]),
    ("This creature enters with a +1/+1 counter on it for each other creature you control "
     "with a +1/+1 counter on it.", "Creature — Angel", "Avatar", ["enters_with=X"]),
])
def test_x_is_read_from_the_text(text, type_line, name, expected):
    """hs-3-9, sw-13-16: what X counts is read from the card's text into the vocabulary's
    closed counts, or not at all."""
    assert behaviour_tags(text, type_line, name) == expected


def test_tokens_tapped_and_attacking_are_read():
    """hs-3-9, sw-9-1: "tokens that are tapped and attacking" (Hero of Bladehold) and "that's
    tapped and attacking" are the token atom's two flags."""
    tags = behaviour_tags("Battle cry\nWhenever Hero of Bladehold attacks, create two 1/1 "
                          "white Soldier creature tokens that are tapped and attacking.",
                          "Creature — Human Knight", "Hero of Bladehold")
    assert "attacks=2_Soldier_tapped_attacking" in tags
    atom = parse_tag("attacks=2_Soldier_tapped_attacking").effect[0]
    assert atom.tapped and atom.attacking
    assert parse_tag("attacks=1_Goblin_attacking").sentence() == \
        "Whenever it attacks: create 1 Goblin token, attacking."


@pytest.mark.parametrize(("text", "type_line", "tag"), [
    ("Target creature gets +3/+0 until end of turn.", "Instant", "spell=target_creature+3/+0_eot"),
    ("When this creature enters, creatures you control get +1/+0 until end of turn.",
     "Creature — Goblin", "etb=your_creatures+1/+0_eot"),
])
def test_a_power_change_until_end_of_turn_reads_its_subject_and_amount(text, type_line, tag):
    """hs-4-2 (the attack total counts pumps): a line that changes power until end of turn is
    read with who gets it and by how much (the reader once lost it to a pattern of the same
    name that read the X counts' sentences)."""
    assert tag in behaviour_tags(text, type_line, "Pump")
