"""pyengine/vocabulary.py: one closed vocabulary of card behaviours (issue 39). Every verb is
typed and worded; card data of any kind holds verbs only (an unknown verb or a bad parameter
fails with the card and the line); older spellings are read by the migration; each engine
declares what it does with every verb, and does it (one check per carried verb and engine,
the cards put straight onto the board)."""

from __future__ import annotations

import functools
import gzip
import re

import pytest

from pyengine import board_facts, files, horde, swarm
from pyengine.cards import CardDataError, CardDB, CardFacts, config_facts, parse_annotation
from pyengine.horde_common import coin_reasons
from pyengine.limited_horde.rules import HANDLING as LIMITED_HANDLING
from pyengine.vocabulary import (
    LEGACY,
    VERBS,
    VocabularyError,
    behaviours,
    check_tags,
    migrate_tag,
    migrate_tags,
    parse_tag,
)
from pyengine.widgets import board

from .conftest import ROOT
from .helpers import panel_facts, reminder_lines, runner_showing, to_horde_turn
from .scenarios import card_db, on_board, run, run_to, stacked

ENGINES = {"swarm": swarm.HANDLING, "horde": horde.HANDLING, "limited-horde": LIMITED_HANDLING}
HEADER = "name\tmana_cost\tmana_value\ttype_line\tpower\ttoughness\tcolors\tcolor_identity\t" \
         "is_token\ttags\n"


def _site_anchors() -> set[str]:
    found = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for prefix, number in re.findall(r"\[\[(SW|HS|LH|TC) ([\d.]+)\]\]", page.read_text()):
            found.add(f"{prefix.lower()}-{number.replace('.', '-')}")
    return found


def _derived_tags() -> set[str]:
    with gzip.open(ROOT / "decks" / "card-facts.tsv.gz", "rt", encoding="utf-8") as handle:
        return {tag for line in handle if not line.startswith(("#", "name\t"))
                for tag in line.rstrip("\n").split("\t")[9].split(";") if tag}


# -- the vocabulary ---------------------------------------------------------------------------
def test_every_verb_has_a_family_a_typed_parameter_and_words():
    """hs-4-3, sw-13-16, lh-3-18: each verb has its family, a parameter kind, and words a
    player reads (no code)."""
    for name, verb in VERBS.items():
        assert verb.family in ("keyword", "cost_keyword", "number_keyword", "ability",
                               "trigger", "spell", "static", "fact", "table", "count"), name
        assert verb.param in ("none", "cost", "count", "effect", "boost", "condition", "words",
                              "suspend", "text", "amount"), name
        if verb.family == "trigger":
            assert verb.when and "_" not in verb.when, name


def test_typed_parameters_read_any_value_of_their_kind():
    """lh-3-14, sw-13-5, sw-9-3: "loses 2" is read as well as "loses 3" (a count, not a name);
    Foretell is Foretell whatever its cost; a condition stays a condition."""
    two, three = parse_tag("etb=target_opp_loses2"), parse_tag("etb=target_opp_loses3")
    assert (two.effect[0].kind, two.effect[0].who, two.effect[0].number) == ("lose",
                                                                             "target_opp", 2)
    assert three.effect[0].number == 3
    assert parse_tag("foretell={1}{U}").name == parse_tag("foretell").name == "foretell"
    assert parse_tag("cant_attack=alone").condition == "alone"
    assert parse_tag("annihilator=X").count == "X"
    assert parse_tag("dies=another_zombie:each_opp_loses1").condition == "another_zombie"


@pytest.mark.parametrize("tag", ["flyingg", "annihilator=two", "etb=weird_effect",
                                 "flying=1", "lord=zombies", "suspend=soon", "=3"])
def test_an_unknown_verb_or_a_bad_parameter_is_refused(tag):
    """hs-6-8: an unknown verb or a bad parameter fails in words, with the card and the line."""
    with pytest.raises(VocabularyError):
        parse_tag(tag)
    with pytest.raises(VocabularyError, match=r"^line 7: Test Card: "):
        check_tags("Test Card", [tag], 7)


def test_cards_tsv_and_a_pasted_annotation_fail_on_a_bad_verb_with_the_line():
    """hs-6-8: the deck loading (cards.tsv) and a pasted list's #! line refuse an unknown verb,
    naming the card and the line."""
    text = HEADER + "Zombie\t\t0\tToken Creature — Zombie\t2\t2\tB\tB\t1\ttoken\n" \
                    "Bad Card\t{B}\t1\tCreature — Zombie\t1\t1\tB\tB\t0\tflying;hasty\n"
    with pytest.raises(CardDataError, match=r"line 3: Bad Card: 'hasty' is not a verb"):
        CardDB.from_tsv(text)
    with pytest.raises(CardDataError, match=r"line 4: .*Gravecrawler: 'cant_blok'"):
        parse_annotation("#! Gravecrawler | {B} | Creature — Zombie | 2/1 | cant_blok", 4)
    # an older spelling in a pasted list is read as today's verb
    old = parse_annotation("#! Gryff | {7}{U} | Creature | 3/4 | cast_trigger_draw=1", 2)
    assert old.tags == ("cast_trigger=draw1",)


def test_one_spelling_per_behaviour_and_the_migration_reads_the_old_ones():
    """lh-11-22: ``cast_trigger_draw=1`` and ``cast_trigger=draw1`` were one behaviour: only the
    second
    is a verb; every hand-written key of before migrates into verbs, nothing dropped."""
    with pytest.raises(VocabularyError):
        parse_tag("cast_trigger_draw=1")
    assert migrate_tag("cast_trigger_draw=1") == ("cast_trigger=draw1",)
    assert migrate_tag("enters_with_5_p1p1") == ("enters_with=5",)
    assert migrate_tag("13_Zombie_tokens_tapped") == ("tokens=13_Zombie_tapped", "tokens_tapped")
    for old, new in LEGACY.items():
        assert new, old
        for tag in new:
            parse_tag(tag)
    assert migrate_tags(["some_unknown_thing=3"]) == ("table=some_unknown_thing=3",) or \
        migrate_tags(["some_unknown_thing=3"])[0].startswith("table=")
    with pytest.raises(VocabularyError):
        migrate_tags(["some_unknown_thing"], strict=True)


def test_the_shipped_and_derived_data_hold_verbs_only():
    """hs-6-2, sw-13-16: every tag of decks/cards.tsv and of the derived card data is a verb
    that reads."""
    for card in files.load_card_db():
        check_tags(card.name, card.tags)
        assert not any(tag in LEGACY for tag in card.tags), card.name
    bad = []
    for tag in _derived_tags():
        try:
            parse_tag(tag)
        except VocabularyError as error:
            bad.append(str(error))
    assert bad == []


# -- each engine's declaration ------------------------------------------------------------------
def test_every_verb_in_the_data_has_a_declaration_in_every_engine():
    """hs-6-2, sw-13-16, lh-3-18: a verb in the shipped or derived data without a declaration in an
    engine fails here (every engine can meet every card: own decks play any card)."""
    used = {parse_tag(t).name for t in _derived_tags()}
    used |= {b.name for card in files.load_card_db() for b in behaviours(card.tags)}
    for engine, handling in ENGINES.items():
        missing = sorted(used - set(handling))
        assert missing == [], engine
        assert set(VERBS) <= set(handling), engine


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_every_declaration_names_a_rule_of_the_site(engine):
    """hs-4-3, sw-13-16, lh-3-18: each carried, reminded or table declaration cites a rule
    anchor the site has."""
    anchors = _site_anchors()
    for verb, how in ENGINES[engine].items():
        if how.how == "fact":
            continue
        assert how.rule in anchors, (engine, verb, how.rule)


# -- reminders are sentences -------------------------------------------------------------------
def test_reminders_are_sentences_and_every_dies_trigger_says_what_happens():
    """hs-4-3, sw-13-16: every reminder of a shipped card is a sentence in plain words (no tag text:
    no ``_``, a capital, a full stop); every "when it dies" card says what happens."""
    db = files.load_card_db()
    for card in db:
        for sentence in board_facts.reminder_sentences(card.tags):
            assert "_" not in sentence and sentence[0].isupper() and sentence.endswith("."), \
                (card.name, sentence)
        for behaviour in behaviours(card.tags):
            if behaviour.name == "dies":
                assert behaviour.effect, card.name
    festering = behaviours(["dies=target_creature-1/-1_eot"])[0]
    assert festering.sentence() == "When it dies: target creature gets -1/-1 until end of turn."
    assert board.died_reminders(["Festering Goblin"], {"Festering Goblin": {
        "tags": ["dies=target_creature-1/-1_eot"]}}.get) == [
        "Festering Goblin (died) — When it dies: target creature gets -1/-1 until end of turn."]


def test_every_behaviours_words_are_plain_words():
    """hs-4-3, sw-13-16, lh-3-18 (issue 39, point 7): the sentence of every behaviour of the
    shipped and the derived card data -- what the card panel and the card reference say --
    has no tag text (no ``_``): a cost of words reads ``({1}{R}, sacrifice a goblin)``."""
    tags = _derived_tags() | {t for card in files.load_card_db() for t in card.tags}
    bad = sorted(t for t in tags if "_" in parse_tag(t).sentence())
    assert not bad, bad[:20]


def test_the_card_panel_says_what_is_left_to_the_table():
    """hs-4-3: a behaviour an engine leaves to the table is said on the card panel."""
    entry = {"type_line": "Creature — Zombie", "power": "2", "toughness": "2",
             "tags": ["table=the_zombies_you_control_have_menace", "flying"]}
    line = board.facts_text(entry, horde.HANDLING)
    assert line.endswith("At the table: The zombies you control have menace.")
    assert "flying" in line


# -- one check per carried verb and engine (the cards straight onto the board) -------------------
def _swarm(*deck):
    game = stacked("swarm", list(deck) or ["Zombie"] * 5)
    game.phase = swarm.MAIN1
    return game


def _horde(engine, deck=("Zombie",) * 12):
    return stacked(engine, list(deck))


def _facts(name, tags, type_line="Creature — Zombie", power="2", cost="{1}{B}"):
    return {name: {"mana_cost": cost, "mana_value": 2, "type_line": type_line, "power": power,
                   "toughness": "2", "token": False, "tags": tags}}


def _swarm_attackers(game):
    events = game.apply({"type": "combat"})
    return [e.data["card"] for e in events if e.kind == "attack" and "card" in e.data]


def _horde_attack(game):
    return game.attack()[0].data["attackers"]


def check_swarm_keyword_attacks(verb):
    def check():
        game = _swarm()
        card, = on_board(game, "X", extra_facts=_facts("X", [verb]))
        attackers = _swarm_attackers(game)
        if verb == "defender":
            assert card.id not in attackers
        else:
            assert card.id in attackers
            if verb == "vigilance":
                assert not card.tapped
    return check


def _swarm_deathtouch():
    game = _swarm()
    card, = on_board(game, "X", extra_facts=_facts("X", ["deathtouch"]))
    _swarm_attackers(game)
    game.phase = swarm.COMBAT
    events = game.apply({"type": "assign-damage", "attacker": card.id, "blockers": [
        {"name": "A", "toughness": 5}, {"name": "B", "toughness": 5}]})
    assert [b["assigned"] for b in events[0].data["order"]] == [1, 1]  # sw-13-15


def _swarm_haste():
    game = _swarm()
    card, = on_board(game, "X", extra_facts=_facts("X", ["haste"]))
    game.regained.append(card.id)  # back under The Swarm's control this turn (sw-9-5)
    assert game.attack_refusal(card) == ""


def _swarm_foretell():
    """A Foretell card of the card data (with its cost) is cast first (sw-13-5)."""
    game = _swarm()
    game.phase = swarm.PRE_SWARM
    on_board(game, "Plain", zone="hand", extra_facts=_facts("Plain", []))
    told, = on_board(game, "Told", zone="hand", extra_facts=_facts("Told", ["foretell={1}{U}"]))
    events = game.policy.cast_pre_swarm(game)
    casts = [e.cards[0] for e in events if e.kind == "cast"]
    assert casts[0] == "Told"


def _revealed(engine, tag, **facts):
    """The card ``X`` with ``tag`` revealed and played by the engine's own turn step (the top
    of its library), and the turn's events."""
    game = stacked(engine, ["X", *FILLER[engine]], extra_facts=_facts("X", [tag], **facts))
    events = _to_turn(game)
    card = next(c for c in game.zones["battlefield"] if c.name == "X")
    return game, card, events


def check_swarm_counters(verb, tag, expected):
    def check():
        """sw-9-6, sw-9-1: the Swarm Step casts it; it enters with the +1/+1 counters."""
        game, card, _events = _revealed("swarm", tag, power="1")
        assert card.counters == expected, verb
        if verb == "unleash":
            assert not game.can_block(card)
    return check


def _swarm_lord():
    """sw-4-7, sw-9-3: a lord's 0-power Zombie attacks, and its power is counted."""
    game = _swarm()
    lord, small = on_board(game, "Lord", "Small", extra_facts={
        **_facts("Lord", ["lord=other_zombies+1/+1"]), **_facts("Small", [], power="0")})
    assert small.id in _swarm_attackers(game)
    assert game.power(small) == 1


def _swarm_anthem():
    game = _swarm()
    on_board(game, "Flag", extra_facts=_facts("Flag", ["anthem=your_attacking_creatures+1/+0"],
                                              type_line="Enchantment", power=""))
    card, = on_board(game, "X", extra_facts=_facts("X", []))
    assert game.power(card) == 2 and game.power(card, attacking=True) == 3


def _swarm_cant_attack():
    game = _swarm()
    never, = on_board(game, "Never", extra_facts=_facts("Never", ["cant_attack"]))
    alone, = on_board(game, "Alone", extra_facts=_facts("Alone", ["cant_attack=alone"]))
    assert _swarm_attackers(game) == []  # alone with nothing else able: stays home
    assert game.attack_refusal(never) == "it can't attack"
    game2 = _swarm()
    on_board(game2, "Alone", extra_facts=_facts("Alone", ["cant_attack=alone"]))
    on_board(game2, "Other", extra_facts=_facts("Other", []))
    assert len(_swarm_attackers(game2)) == 2
    game3 = _swarm()  # "can't attack unless ...": it attacks, the table checks the condition
    unless, = on_board(game3, "Unless", extra_facts=_facts(
        "Unless", ["cant_attack=unless_defending_player_controls_an_island"]))
    events = game3.apply({"type": "combat"})
    said = [e.text for e in events if e.kind == "attack" and e.data.get("card") == unless.id]
    assert said and "can't attack unless defending player controls an island" in said[0]


def _swarm_cant_block():
    game = _swarm()
    game.phase = swarm.SURVIVORS
    wall, = on_board(game, "Wall", extra_facts=_facts("Wall", ["cant_block"]))
    other, = on_board(game, "Other", extra_facts=_facts("Other", []))
    events = game.apply({"type": "survivor-attack"})
    assert events[0].data["blockers"] == [other.id]


def _swarm_enters_tapped():
    """sw-9-1: "enters tapped" is ignored: the Swarm Step's card enters untapped and attacks
    that turn."""
    game, card, events = _revealed("swarm", "enters_tapped")
    entered = next(e for e in events if e.kind == "enter" and e.cards == ["X"])
    assert "untapped" in entered.text and card.id in game.attackers


def _swarm_annihilator():
    """sw-10-5: as an annihilator creature attacks, the engine tells the Survivors to choose
    the permanents to sacrifice together, the number annihilator asks for."""
    game = _swarm()
    card, = on_board(game, "X", extra_facts=_facts("X", ["annihilator=2"]))
    events = game.apply({"type": "combat"})
    said = next(e.text for e in events if e.kind == "attack" and e.data.get("card") == card.id)
    assert "Annihilator 2: the Survivors together sacrifice 2 permanents" in said


def _swarm_tokens_tapped():
    """sw-9-1: "its tokens enter tapped" is ignored: the Swarm's tokens enter untapped, its
    reminder says no "tapped" and the card panel says the rule overrides it."""
    game = _swarm()
    tags = ["tokens=13_Zombie_tapped", "tokens_tapped"]
    events = game.apply({"type": "token", "name": "Zombie", "amount": 2})
    made = [c for c in game.zones["battlefield"] if c.name == "Zombie" and c.made]
    assert len(made) == 2 and not any(c.tapped for c in made) and "untapped" in events[0].text
    assert board_facts.reminder_sentences(tags, swarm.HANDLING) == [
        "It makes tokens: create 13 Zombie tokens."]
    line = board.facts_text({"type_line": "Sorcery", "tags": tags}, swarm.HANDLING)
    assert "tokens tapped (ignored: SW 9.1)" in line and "At the table" not in line


def _swarm_attacks_each_combat():
    game = _swarm()
    card, = on_board(game, "X", extra_facts=_facts("X", ["attacks_each_combat_if_able"]))
    assert card.id in _swarm_attackers(game)


def check_horde_attack(engine, verb):
    def check():
        game = _horde(engine)
        card, = on_board(game, "X", extra_facts=_facts("X", [verb]))
        attackers = _horde_attack(game)
        assert (card.id in attackers) == (verb not in ("defender", "cant_attack")), verb
    return check


def check_horde_cant_attack(engine):
    def check():
        game = _horde(engine)
        alone, = on_board(game, "Alone", extra_facts=_facts("Alone", ["cant_attack=alone"]))
        assert _horde_attack(game) == []
        game = _horde(engine)
        alone, = on_board(game, "Alone", extra_facts=_facts("Alone", ["cant_attack=alone"]))
        on_board(game, "Other", extra_facts=_facts("Other", []))
        assert alone.id in _horde_attack(game)
        game = _horde(engine)
        never, = on_board(game, "Never", extra_facts=_facts("Never", ["cant_attack"]))
        assert never.id not in _horde_attack(game)
        game = _horde(engine)  # "can't attack unless ...": kept as a condition, not "never"
        unless, = on_board(game, "Unless", extra_facts=_facts(
            "Unless", ["cant_attack=unless_defending_player_controls_an_island"]))
        event = game.attack()[0]
        assert unless.id in event.data["attackers"]
        assert "the table checks: Unless can't attack unless defending player controls an " \
            "island" in event.text
        # a condition on the Horde's own board is checked by the engine
        game = _horde(engine)
        unless, = on_board(game, "Unless", extra_facts=_facts(
            "Unless", ["cant_attack=unless_you_control_another_zombie"]))
        assert _horde_attack(game) == []
        game = _horde(engine)
        unless, other = on_board(game, "Unless", "Other", extra_facts={**_facts(
            "Unless", ["cant_attack=unless_you_control_another_zombie"]),
            **_facts("Other", [], type_line="Creature — Zombie Dog")})
        event = game.attack()[0]
        assert unless.id in event.data["attackers"] and "table checks" not in event.text
    return check


def check_horde_boost(engine, verb, tag):
    def check():
        game = _horde(engine)
        on_board(game, "Lord", extra_facts=_facts("Lord", [tag], type_line="Enchantment",
                                                   power=""))
        on_board(game, "X", extra_facts=_facts("X", []))
        event = game.attack()[0]
        count, power, missing = game.attack_total()
        assert (count, power, missing) == (1, 3, []) and event.data["power"] == 3
    return check


def check_horde_enters(engine, verb):
    def check():
        """hs-3-7, lh-3-6: the Horde's turn reveals and plays it; "enters tapped" is honoured
        (no rulebook of the Horde overrides it: it does not attack that turn), "enters with N
        counters" too."""
        tag = "enters_tapped" if verb == "enters_tapped" else "enters_with=3"
        game, card, _events = _revealed(engine, tag)
        if verb == "enters_tapped":
            assert card.tapped and card.id not in game.attacking
        else:
            assert card.counters == 3 and card.id in game.attacking
    return check


def check_horde_coin(engine, verb, tag):
    def check():
        """hs-6-2, hs-6-3: on the battlefield a card with an optional or activated ability
        gets its Yes/No coin flag from the engine (its own flag step), a mana ability none."""
        game = _horde(engine)
        card, = on_board(game, "X", extra_facts=_facts("X", [tag]))
        events = game.flag_card(card)
        expected = verb != "mana_ability"
        assert bool(events) is expected and (card.id in game.flags) is expected
        assert bool(coin_reasons(game.facts(card), game.HANDLING)) is expected
    return check


def check_horde_offer(engine):
    def check():
        assert horde.graveyard_offer(CardFacts("X", tags=("gy_cast_condition",)))
        assert ENGINES[engine]["gy_cast_condition"].offer
    return check


def check_horde_graveyard_cast(verb):
    def check():
        tag = verb if verb in ("retrace", "aftermath", "jump_start") else f"{verb}={{2}}{{B}}"
        assert horde.graveyard_cast_keyword(CardFacts("X", type_line="Sorcery",
                                                      tags=(tag,))) == verb
    return check


def check_horde_never_blocks(engine):
    def check():
        game = _horde(engine)
        on_board(game, "X", extra_facts=_facts("X", ["cant_block"]))
        assert not hasattr(game, "do_block")  # the Horde never blocks (hs-4-4, lh-8-2)
    return check


def check_limited_trigger(verb, when):
    def check():
        game = _horde("limited-horde", ("Zombie",) * 20)
        tag = f"{verb}=draw1" if verb != "tokens" else "tokens=2_Zombie"
        type_line = "Sorcery" if verb in ("spell", "tokens") else "Creature — Zombie"
        card, = on_board(game, "X", zone="exile", extra_facts=_facts("X", [tag],
                                                                      type_line=type_line))
        on_board(game, "Zombie", "Zombie", zone="graveyard")
        events = game.card_effects(card, when)
        assert events and (verb == "tokens" or events[0].kind == "draw"), verb
    return check


def check_limited_dreadnought(verb):
    def check():
        game = stacked("limited-horde", ["Zombie"] * 10, dreadnought=["Wretched Gryff"])
        facts = game.facts("Wretched Gryff")
        assert verb in ("emerge", "alt_cost", "flash")
        assert game.HANDLING[verb].how == "carried" and facts is not None
    return check


def check_horde_trigger_step(verb):
    def check():
        """hs-3-9, hs-3-3, hs-4-2: the SlingLab Horde carries out a token trigger at its
        step: an upkeep trigger before the wave, its tokens attacking with the rest (haste,
        hs-4-1); an attack trigger as the attackers are declared, its "tapped and attacking"
        token in the attack and its +1/+0 in the total (hand-computed: 2 for each attacking
        Zombie, +1 for X)."""
        game = _horde("horde")
        tag = "attacks=1_Zombie_tapped_attacking+self+1/+0_eot" if verb == "attacks" \
            else f"{verb}=2_Zombie"
        card, = on_board(game, "X", extra_facts=_facts("X", [tag]))
        events = _to_turn(game)
        kinds = [e.kind for e in events]
        made = [e for e in events if e.kind == "create" and e.data.get("source") == card.id]
        assert len(made) == 1 and made[0].data["trigger"] == verb
        attack = next(e for e in events if e.kind == "attack")
        tokens = [e.data["card"] for e in events[kinds.index("create"):] if e.kind == "enter"]
        if verb == "begin_combat":  # before the attackers, attacking with them (haste)
            assert kinds.index("reveal") < kinds.index("create") < kinds.index("attack")
            assert set(tokens[:2]) <= set(attack.data["attackers"])
        elif verb == "attacks":
            assert kinds.index("reveal") < kinds.index("create") < kinds.index("attack")
            assert len(tokens) == 1 and set(tokens) <= set(attack.data["attackers"])
            # every attacker is a 2-power Zombie; X's trigger adds +1
            assert attack.data["power"] == 2 * len(attack.data["attackers"]) + 1
        else:
            assert kinds.index("create") < kinds.index("reveal")
            assert set(tokens[:2]) <= set(attack.data["attackers"])
    return check


def check_horde_x_counted():
    """hs-3-9: X as the text defines it (``x_is=zombies_you_control``) is counted on the
    Horde's side in the upkeep: the card (a Zombie) and two Zombie tokens make X 3."""
    game = _horde("horde")
    card, = on_board(game, "X", extra_facts=_facts("X", ["upkeep=X_Zombie",
                                                         "x_is=zombies_you_control"]))
    on_board(game, "Zombie", "Zombie")
    events = _to_turn(game)
    made = [e for e in events if e.kind == "create" and e.data.get("source") == card.id]
    assert [e.data["count"] for e in made] == [3]


def _swarm_next_turn(tags):
    """A Swarm game in its first turn's combat with a card of ``tags`` (a 2/2 Zombie) put on
    its battlefield; returns the game, the card and the next turn's events to its combat."""
    game = _swarm_with_zombies()
    _to_turn(game)
    card, = on_board(game, "X", extra_facts=_facts("X", tags))
    return game, card, _to_turn(game)


def _swarm_with_zombies():
    """A Swarm game of Walking Corpses whose card data knows the Zombie token."""
    game = stacked("swarm", FILLER["swarm"] + ["Zombie"])
    assert "Zombie" in game.config["facts"]
    return game


def check_swarm_trigger_step(verb):
    def check():
        """sw-13-16, sw-9-1, sw-3-4: The Swarm's token trigger is carried out at its step:
        an upkeep trigger after Emergence, before the Pre-Swarm Step; an attack trigger as the
        attackers are declared, its "tapped and attacking" token untapped (sw-9-1) and in
        the attack, as its text says."""
        tag = "attacks=1_Zombie_tapped_attacking" if verb == "attacks" else f"{verb}=2_Zombie"
        game, card, events = _swarm_next_turn([tag])
        kinds = [e.kind for e in events]
        made = [e for e in events if e.kind == "create" and e.data.get("source") == card.id]
        assert len(made) == 1 and made[0].data["trigger"] == verb
        at = events.index(made[0])
        count = made[0].data["count"]
        tokens = [e.data["card"] for e in events[at + 1:at + 1 + count] if e.kind == "enter"]
        assert len(tokens) == count == (1 if verb == "attacks" else 2)
        assert set(tokens) <= set(game.attackers)  # haste (sw-9-1), or entered attacking
        if verb == "attacks":
            assert not game.card(tokens[0]).tapped  # untapped whatever it says (sw-9-1)
            assert at < len(kinds) - 1 - kinds[::-1].index("attack")
        elif verb == "begin_combat":
            assert kinds.index("reveal") < at < kinds.index("attack")
        else:
            assert kinds.index("emergence") < at < kinds.index("reveal")
    return check


def check_swarm_x_counted():
    """sw-13-16: X as the text defines it (``x_is=zombies_you_control``) is counted on The
    Swarm's side in its upkeep: the card and every Zombie The Swarm controls then (hand-
    counted from its battlefield before the turn: the card, Walking Corpses; Emergence's Grave
    Titan is a Giant)."""
    game = _swarm_with_zombies()
    _to_turn(game)
    card, = on_board(game, "X", extra_facts=_facts("X", ["upkeep=X_Zombie",
                                                         "x_is=zombies_you_control"]))
    zombies = [c.name for c in game.swarm_permanents()].count("Walking Corpse") + 1
    events = _to_turn(game)
    made = [e for e in events if e.kind == "create" and e.data.get("source") == card.id]
    assert [e.data["count"] for e in made] == [zombies]


CARRIED = {
    ("swarm", "upkeep"): check_swarm_trigger_step("upkeep"),
    ("swarm", "each_upkeep"): check_swarm_trigger_step("each_upkeep"),
    ("swarm", "attacks"): check_swarm_trigger_step("attacks"),
    ("swarm", "begin_combat"): check_swarm_trigger_step("begin_combat"),
    ("swarm", "x_is"): check_swarm_x_counted,
    ("horde", "upkeep"): check_horde_trigger_step("upkeep"),
    ("horde", "each_upkeep"): check_horde_trigger_step("each_upkeep"),
    ("horde", "attacks"): check_horde_trigger_step("attacks"),
    ("horde", "begin_combat"): check_horde_trigger_step("begin_combat"),
    ("horde", "x_is"): check_horde_x_counted,
    ("swarm", "haste"): _swarm_haste,
    ("swarm", "vigilance"): check_swarm_keyword_attacks("vigilance"),
    ("swarm", "defender"): check_swarm_keyword_attacks("defender"),
    ("swarm", "deathtouch"): _swarm_deathtouch,
    ("swarm", "annihilator"): _swarm_annihilator,
    ("swarm", "foretell"): _swarm_foretell,
    ("swarm", "fabricate"): check_swarm_counters("fabricate", "fabricate=2", 2),
    ("swarm", "riot"): check_swarm_counters("riot", "riot", 1),
    ("swarm", "unleash"): check_swarm_counters("unleash", "unleash", 1),
    ("swarm", "enters_with"): check_swarm_counters("enters_with", "enters_with=3", 3),
    ("swarm", "enters_tapped"): _swarm_enters_tapped,
    ("swarm", "tokens_tapped"): _swarm_tokens_tapped,
    ("swarm", "lord"): _swarm_lord,
    ("swarm", "anthem"): _swarm_anthem,
    ("swarm", "cant_attack"): _swarm_cant_attack,
    ("swarm", "cant_block"): _swarm_cant_block,
    ("swarm", "attacks_each_combat_if_able"): _swarm_attacks_each_combat,
}
for _engine in ("horde", "limited-horde"):
    CARRIED.update({
        (_engine, "haste"): check_horde_attack(_engine, "haste"),
        (_engine, "defender"): check_horde_attack(_engine, "defender"),
        (_engine, "attacks_each_combat_if_able"): check_horde_attack(
            _engine, "attacks_each_combat_if_able"),
        (_engine, "cant_attack"): check_horde_cant_attack(_engine),
        (_engine, "lord"): check_horde_boost(_engine, "lord", "lord=other_zombies+1/+0"),
        (_engine, "anthem"): check_horde_boost(_engine, "anthem", "anthem=your_creatures+1/+0"),
        (_engine, "enters_tapped"): check_horde_enters(_engine, "enters_tapped"),
        (_engine, "enters_with"): check_horde_enters(_engine, "enters_with"),
        (_engine, "you_may"): check_horde_coin(_engine, "you_may", "you_may"),
        (_engine, "activated"): check_horde_coin(_engine, "activated", "activated={1}"),
        (_engine, "mana_ability"): check_horde_coin(_engine, "mana_ability",
                                                    "mana_ability=add{C}"),
        (_engine, "gy_cast_condition"): check_horde_offer(_engine),
        (_engine, "cant_block"): check_horde_never_blocks(_engine),
    })
for _verb in horde.GRAVEYARD_CAST_KEYWORDS:
    CARRIED[("horde", _verb)] = check_horde_graveyard_cast(_verb)
CARRIED.update({
    ("limited-horde", "etb"): check_limited_trigger("etb", "etb"),
    ("limited-horde", "dies"): check_limited_trigger("dies", "dies"),
    ("limited-horde", "cast_trigger"): check_limited_trigger("cast_trigger", "cast"),
    ("limited-horde", "spell"): check_limited_trigger("spell", "resolve"),
    ("limited-horde", "tokens"): check_limited_trigger("tokens", "resolve"),
    ("limited-horde", "emerge"): check_limited_dreadnought("emerge"),
    ("limited-horde", "alt_cost"): check_limited_dreadnought("alt_cost"),
    ("limited-horde", "flash"): check_limited_dreadnought("flash"),
})

_ALL = [(engine, verb) for engine, table in sorted(ENGINES.items()) for verb in sorted(table)]

#: After which of the engine's own steps the runner reminds a trigger verb: ``revealed`` (the
#: turn the engine reveals and plays the card), ``recurring`` (each later turn while it stays
#: on the battlefield) or ``died`` (the turn it dies). A new trigger verb needs its moment here
#: (:func:`test_every_trigger_verb_has_a_moment_to_be_played_at`).
TRIGGER_MOMENTS = {
    "etb": "revealed", "cast_trigger": "revealed", "spell_cast": "revealed",
    "trigger": "revealed", "leaves": "revealed", "combat_dmg_to_player": "revealed",
    "attacks": "recurring", "attacks_or_blocks": "recurring", "upkeep": "recurring",
    "each_upkeep": "recurring", "end_step": "recurring", "begin_combat": "recurring",
    "dies": "died",
}
FILLER = {"swarm": ["Walking Corpse"] * 20, "horde": ["Zombie"] * 20,
          "limited-horde": ["Zombie"] * 20}


def _spelled(verb):
    """A tag of ``verb`` with a value of its parameter kind (the two keywords with words as
    the card data spells them)."""
    if verb in ("landwalk", "protection"):
        return {"landwalk": "swampwalk", "protection": "protection_from_black"}[verb]
    return {"none": verb, "cost": f"{verb}={{2}}", "count": f"{verb}=2",
            "effect": f"{verb}=draw1", "boost": f"{verb}=other_zombies+1/+1",
            "condition": verb, "words": f"{verb}=a_thing_happens", "suspend": f"{verb}=3-{{B}}",
            "text": verb, "amount": f"{verb}=creatures_you_control"}[VERBS[verb].param]


def _to_turn(game):
    """Play the automated side's next turn with the engine's own turn actions: a Swarm turn
    to its combat (the Swarm Step has cast what it revealed), a Horde turn."""
    if game.variant == "swarm":
        if game.phase == swarm.COMBAT:
            run(game, "second-main", "end")
        return run_to(game, swarm.COMBAT)
    if game.phase == "horde":
        run_to(game, "survivors")
    return to_horde_turn(game)


def _kill(game, card):
    """The engine's own action for a creature that dies."""
    if game.variant == "swarm":
        return game.apply({"type": "dies", "card": card.id})
    return game.apply({"type": "move", "card": card.id, "to": "graveyard"})


def _played_reminders(engine, tag, moment, type_line="Creature — Zombie"):
    """The runner's reminders once the engine's step has brought the card with ``tag`` to the
    moment of its trigger: revealed and played from the top of its library, on the battlefield
    a turn later, or dying this turn (put straight onto the board, then killed)."""
    power = "" if "Creature" not in type_line else "2"
    extra = _facts("X", [tag], type_line=type_line, power=power)
    if moment == "died":
        game = stacked(engine, FILLER[engine], extra_facts=extra)
        _to_turn(game)
        runner = runner_showing(game)
        card, = on_board(runner.game, "X", extra_facts=extra)
        _kill(runner.game, card)
        return reminder_lines(runner)
    game = stacked(engine, ["X", *FILLER[engine]], extra_facts=extra)
    events = _to_turn(game)
    assert "X" in [name for e in events if e.kind == "reveal" for name in e.cards]
    if moment == "recurring":
        _to_turn(game)
        assert "X" in [c.name for c in game.zones["battlefield"]]
    return reminder_lines(runner_showing(game))


def test_every_trigger_verb_has_a_moment_to_be_played_at():
    """sw-13-16, hs-4-3, lh-3-18: every trigger verb of the vocabulary says after which of the
    engine's steps the runner reminds it, so a new trigger verb is played by
    :func:`test_each_engine_does_what_it_declares_for_each_verb`."""
    assert set(TRIGGER_MOMENTS) == {v for v, verb in VERBS.items() if verb.family == "trigger"}


@pytest.mark.parametrize(("engine", "verb"), _ALL)
def test_each_engine_does_what_it_declares_for_each_verb(engine, verb):
    """hs-4-1, hs-4-3, sw-9-1, sw-13-16, lh-3-3, lh-3-18: one test per verb and engine, played.
    Carried out: the engine does it (:data:`CARRIED`, the card straight on the board or
    revealed by the engine's own step); reminded: the engine's step brings the card to its
    moment (revealed and played, on the battlefield a turn later, dying) and the runner's
    reminder says it as a sentence; left to the table: the card on the battlefield, its panel
    on the runner says it (keywords: named on the panel's facts line, as printed)."""
    how = ENGINES[engine][verb]
    spelled = _spelled(verb)
    sentence = parse_tag(spelled).sentence()
    if how.how == "carried":
        assert (engine, verb) in CARRIED, f"no check for carried {verb} in {engine}"
        CARRIED[(engine, verb)]()
    elif how.how == "reminded" and VERBS[verb].family == "trigger":
        lines = _played_reminders(engine, spelled, TRIGGER_MOMENTS[verb])
        mine = [line for line in lines if line.startswith("X")]
        assert mine and sentence in mine[0] and "_" not in mine[0], (lines, sentence)
    elif how.how == "reminded" and verb == "tokens":
        lines = _played_reminders(engine, "tokens=2_Zombie", "revealed", type_line="Sorcery")
        assert "X — It makes tokens: create 2 Zombie tokens." in lines, lines
    elif how.how == "reminded":
        assert verb.endswith("cant_gain_life"), verb  # said when the Survivors gain life
        runner = runner_showing(stacked(engine, FILLER[engine]))
        on_board(runner.game, "X", extra_facts=_facts("X", [verb]))
        view = runner.handle("life-up", {"amount": "2"})
        assert "X on the Horde's battlefield says" in view.text["happened"]
        assert "can't gain life" in view.text["happened"]
    elif how.how == "table":
        runner = runner_showing(stacked(engine, FILLER[engine]))
        card, = on_board(runner.game, "X", extra_facts=_facts("X", [spelled]))
        line = panel_facts(runner, card)
        if VERBS[verb].family == "keyword":  # named on the facts line, as printed
            assert board_facts.tag_words(spelled) in line and "At the table" not in line
        else:
            assert "At the table: " in line and sentence in line, (line, sentence)
            assert "_" not in line.split("At the table: ")[1]
    else:
        assert how.how == "fact" and VERBS[verb].family == "fact"


def test_shipped_cards_are_wholly_carried_reminded_or_left_to_the_table():
    """hs-4-3, sw-13-16, lh-3-18: every behaviour of every shipped card has a declaration
    in every engine (so nothing of its text is silently ignored)."""
    db = card_db()
    for card in db:
        for behaviour in behaviours(card.tags):
            for engine, handling in ENGINES.items():
                assert behaviour.name in handling, (engine, card.name, behaviour.tag)


# -- one scenario per defect family of issue 39, on real cards of the full card data ---------------
@functools.cache
def _full():
    return files.load_full_card_db()


def _real(*names):
    """The full card data's facts of ``names`` (cards the shipped decks do not hold), in the
    config shape every engine reads."""
    return {name: config_facts(_full()[name]) for name in names}


def test_defect_foretell_from_the_card_data_is_foretell():
    """sw-13-5: a Foretell card as the card data spells it, with its cost (Poison the Cup:
    ``foretell={1}{B}``), is cast first in the Pre-Swarm Step, before a card drawn earlier."""
    game = _swarm()
    game.phase = swarm.PRE_SWARM
    on_board(game, "Walking Corpse", zone="hand")
    on_board(game, "Poison the Cup", zone="hand", extra_facts=_real("Poison the Cup"))
    casts = [e.cards[0] for e in game.policy.cast_pre_swarm(game) if e.kind == "cast"]
    assert casts[0] == "Poison the Cup"


@pytest.mark.parametrize("engine", ["swarm", "horde", "limited-horde"])
def test_defect_conditional_attack_restrictions_stay_conditions(engine):
    """sw-9-3, hs-4-1, lh-4-2: "can't attack alone" (Mogg Flunkies) stays home only with no
    other attacker; "can't attack unless you control another Giant" (Blind-Spot Giant) is
    checked on the automated side's board; "unless defending player controls an Island" (Sea
    Serpent) attacks and the table is told to check it. None becomes "never attacks"."""
    def attackers(*names):
        game = stacked(engine, FILLER[engine])
        if engine == "swarm":
            game.phase = swarm.MAIN1
        cards = on_board(game, *names, extra_facts=_real(*names))
        events = game.apply({"type": "combat"}) if engine == "swarm" else game.attack()
        ids = _swarm_attackers_of(events) if engine == "swarm" else events[0].data["attackers"]
        return [c.name for c in cards if c.id in ids], " ".join(e.text for e in events)

    assert attackers("Mogg Flunkies")[0] == []
    assert attackers("Mogg Flunkies", "Walking Corpse")[0] == ["Mogg Flunkies", "Walking Corpse"]
    assert attackers("Blind-Spot Giant")[0] == []
    assert attackers("Blind-Spot Giant", "Hill Giant")[0] == ["Blind-Spot Giant", "Hill Giant"]
    shown, text = attackers("Sea Serpent")
    assert shown == ["Sea Serpent"] and "unless defending player controls an island" in text


def _swarm_attackers_of(events):
    return [e.data["card"] for e in events if e.kind == "attack" and "card" in e.data]


@pytest.mark.parametrize("name, counters", [("Angel of Invention", 2),
                                             ("Gruul Spellbreaker", 1), ("Rakdos Cackler", 1)])
def test_defect_fabricate_riot_unleash_give_the_swarm_its_counter(name, counters):
    """sw-9-6: revealed and cast by the Swarm Step, Angel of Invention enters with two +1/+1
    counters (Fabricate 2), Gruul Spellbreaker and Rakdos Cackler with one each (Riot,
    Unleash); the unleashed Cackler then can't block."""
    game = stacked("swarm", [name, *FILLER["swarm"]], extra_facts=_real(name),
                   enforcers=["Walking Corpse"] * 2)
    run_to(game, swarm.COMBAT)
    card, = [c for c in game.zones["battlefield"] if c.name == name]
    assert card.counters == counters
    assert game.can_block(card) is (name != "Rakdos Cackler")


def test_defect_static_abilities_of_the_swarm_and_its_waiting_enforcer():
    """sw-4-7, sw-9-3, sw-13-15: the Active Enforcer's static abilities work while it waits in
    The Lair: Death Baron gives other Zombies +1/+1 and deathtouch, so a Zombie's power and
    the attack total count it, and it assigns 1 damage to each blocker in turn; an anthem on
    the battlefield (Angel of Invention's +1/+1) counts too; a lord's 0-power Zombie
    attacks."""
    game = _swarm()
    game.zones["lair"].clear()
    on_board(game, "Death Baron", zone="lair", face_up=True, extra_facts=_real("Death Baron"))
    assert game.active_enforcer.name == "Death Baron"
    corpse, = on_board(game, "Walking Corpse")
    naught, = on_board(game, "Naught", extra_facts=_facts("Naught", [], power="0"))
    assert game.power(corpse) == 3 and game.power(naught) == 1
    assert "deathtouch" in game.keywords(corpse)
    events = game.apply({"type": "combat"})
    assert set(_swarm_attackers_of(events)) == {corpse.id, naught.id}
    total = next(e for e in events if e.kind == "attack-total")
    assert total.data == {"total": 4, "attackers": 2}
    order = game.apply({"type": "assign-damage", "attacker": corpse.id, "blockers": [
        {"name": "A", "toughness": 4}, {"name": "B", "toughness": 4}]})[0].data["order"]
    assert [b["assigned"] for b in order] == [1, 2]  # deathtouch, granted by the Baron
    angel, = on_board(game, "Angel of Invention", extra_facts=_real("Angel of Invention"))
    assert game.power(corpse) == 4  # the Angel's anthem for other creatures


def test_defect_enters_tapped_in_the_slinglab_horde():
    """hs-3-7, hs-4-1: Rotting Legion enters tapped (its text; no SlingLab rule overrides it),
    so it does not attack the turn it arrives, and attacks on the next Horde turn."""
    game = stacked("horde", ["Rotting Legion", *FILLER["horde"]])
    to_horde_turn(game)
    legion = next(c for c in game.zones["battlefield"] if c.name == "Rotting Legion")
    assert legion.tapped and legion.id not in game.attacking
    _to_turn(game)
    assert legion.id in game.attacking


def test_defect_creatures_that_cant_block_are_not_swarm_blockers():
    """sw-13-12: Bloodghast (can't block) is left out of The Swarm's blockers; Mogg Flunkies
    (can't block alone) blocks only beside another; Marauding Boneslasher (can't block unless
    you control another Zombie) is checked on The Swarm's board; Brassclaw Orcs (can't block
    creatures with power 2 or greater) blocks and the table is told to check it."""
    def blockers(*names):
        game = _swarm()
        game.phase = swarm.SURVIVORS
        cards = on_board(game, *names, extra_facts=_real(*names))
        events = game.apply({"type": "survivor-attack"})
        ids = events[0].data["blockers"]
        return [c.name for c in cards if c.id in ids], events[0].text

    assert blockers("Bloodghast", "Walking Corpse")[0] == ["Walking Corpse"]
    assert blockers("Mogg Flunkies")[0] == []
    assert blockers("Mogg Flunkies", "Walking Corpse")[0] == ["Mogg Flunkies", "Walking Corpse"]
    assert blockers("Marauding Boneslasher")[0] == []
    assert blockers("Marauding Boneslasher", "Walking Corpse")[0] == [
        "Marauding Boneslasher", "Walking Corpse"]
    shown, text = blockers("Brassclaw Orcs")
    assert shown == ["Brassclaw Orcs"]
    assert "The table checks: Brassclaw Orcs can't block creatures with power 2 or greater" \
        in text


def test_defect_limited_horde_errata_apply_to_their_cards_only():
    """lh-9-8 (derived): Miasmic Mummy's discard reaches each Survivor, not the Horde, as the
    Horde's turn plays it (tests/test_limited_horde.py: no other card is touched)."""
    game = stacked("limited-horde", ["Miasmic Mummy", *FILLER["limited-horde"]])
    events = to_horde_turn(game)
    effect = next(e for e in events if e.kind == "effect" and e.cards == ["Miasmic Mummy"])
    assert "each Survivor discards" in effect.text and "the Horde does not" in effect.text


@pytest.mark.parametrize("engine", ["swarm", "horde"])
def test_defect_the_attack_total_follows_every_action(engine):
    """sw-9-2, hs-4-2 (issue 39, point 4): the attack total counts only attackers still on the
    battlefield and still the automated side's, with the lords there now: a lord that dies
    takes its bonus with it, a stolen attacker leaves the total."""
    game = stacked(engine, FILLER[engine], **(
        {"enforcers": ["Walking Corpse"] * 2} if engine == "swarm" else {}))
    if engine == "swarm":
        run_to(game, swarm.MAIN1)
        game.zones["battlefield"].clear()  # only the cards this test puts there
    lord, corpse, other = on_board(game, "Undead Warchief", "Walking Corpse", "Walking Corpse",
                                   extra_facts=_real("Undead Warchief"))

    def total():
        count, power, _missing = game.attack_total()  # one contract for both engines
        return f"{count} creatures, {power} power"

    if engine == "swarm":
        game.apply({"type": "combat"})
    else:
        game.attack()
    assert "3 creatures, 11 power" in total()  # Warchief 1+2, each Corpse 2+2
    _kill(game, lord)
    assert "2 creatures, 4 power" in total()
    game.apply({"type": "gain-control", "card": other.id})
    assert "1 creature" in total() and "2 power" in total()


@pytest.mark.parametrize("engine", ["swarm", "horde", "limited-horde"])
def test_defect_a_dies_trigger_is_reminded_in_words(engine):
    """hs-4-3, sw-13-16, lh-3-18 (issue 39, point 7): Festering Goblin, killed on the automated
    side's turn, is reminded on the runner in a sentence saying what happens, never tag
    text."""
    game = stacked(engine, FILLER[engine])
    _to_turn(game)
    runner = runner_showing(game)
    goblin, = on_board(runner.game, "Festering Goblin", extra_facts=_real("Festering Goblin"))
    _kill(runner.game, goblin)
    assert "Festering Goblin (died) — When it dies: target creature gets -1/-1 until end of " \
           "turn." in reminder_lines(runner)


def test_a_swarm_creature_with_an_adventure_casts_it_first():
    """sw-9-7: the Swarm Step casts Bonecrusher Giant: the engine says its Adventure, Stomp, is
    cast first (if it legally can be), then the creature enters as usual."""
    name = "Bonecrusher Giant // Stomp"
    game = stacked("swarm", [name, *FILLER["swarm"]], extra_facts=_real(name),
                   enforcers=["Walking Corpse"] * 2)
    events = run_to(game, swarm.COMBAT)
    said = [e for e in events if e.kind == "adventure"]
    assert said and "Stomp" in said[0].text and said[0].data["rule"] == "sw-9-7"
    assert events.index(said[0]) < next(i for i, e in enumerate(events) if e.kind == "enter"
                                        and e.cards == [name])
    assert name in [c.name for c in game.zones["battlefield"]]
    notes = [i.text for i in runner_showing(game).render().lists["turn-notes"]]
    assert said[0].text in notes  # the runner's wave box says it, not only the log
