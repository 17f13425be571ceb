"""Game state: zones, action log, replay, undo and saves, on a small demo format."""

from __future__ import annotations

import json

import pytest

from pyengine.game import (
    SCHEMA_VERSION,
    ActionError,
    Event,
    Game,
    GameError,
    SaveError,
    find_variant,
    load_game,
    register,
)


@register
class Demo(Game):
    """A tiny format: a shuffled library, draw, discard, make a token."""

    variant = "demo-test"

    def setup(self):
        for name in self.config["deck"]:
            self.zones.add("library", self.new_card(name))
        self.rng.shuffle(self.zones["library"])
        return [Event("setup", f"{len(self.config['deck'])} cards shuffled")]

    def do_draw(self, n=1):
        if n < 1:
            raise ActionError("draw at least one card")
        drawn = self.zones["library"][:n]
        for card in drawn:
            self.zones.move(card.id, "hand")
        return [Event("draw", f"drew {len(drawn)}", [c.name for c in drawn])]

    def do_discard_random(self):
        hand = self.zones["hand"]
        if not hand:
            raise ActionError("the hand is empty")
        card = self.rng.choice(hand)
        self.zones.move(card.id, "graveyard")
        return [Event("discard", f"discarded {card.name}", [card.name])]

    def do_make_token(self, name):
        self.zones.add("battlefield", self.new_card(name, token=True, made=True))
        return [Event("token", f"made a {name} token", [name])]


DECK = [f"Card {i}" for i in range(20)]


def new_game(seed="demo-seed"):
    return Demo({"deck": DECK}, seed)


def play(game):
    for action in ({"type": "draw", "n": 7}, {"type": "discard-random"},
                   {"type": "make-token", "name": "Zombie"}, {"type": "draw"}):
        game.apply(action)
    return game


def test_registry_finds_variants_and_names_unknown_ones():
    assert find_variant("demo-test") is Demo
    with pytest.raises(GameError, match="unknown game variant"):
        find_variant("nope")


def test_cards_are_conserved_except_made_tokens():
    """Invariant: the deck's cards are all somewhere; only made tokens are extra."""
    game = play(new_game())
    cards = game.zones.all_cards()
    assert sorted(c.name for c in cards if not c.made) == sorted(DECK)
    assert len({c.id for c in cards}) == len(cards)


def test_same_seed_and_actions_replay_exactly():
    a, b = play(new_game()), play(new_game())
    assert a.to_json() == b.to_json()
    replayed = Demo.replay(a.config, a.seed, a.actions)
    assert replayed.snapshot() == a.snapshot()
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in a.events]


def test_undo_is_the_game_without_its_last_action():
    game = play(new_game())
    before_last = new_game()
    for action in game.actions[:-1]:
        before_last.apply(action)
    assert game.undo().snapshot() == before_last.snapshot()
    with pytest.raises(ActionError):
        new_game().undo()


def test_save_round_trips():
    game = play(new_game())
    restored = load_game(game.to_json())
    assert restored.to_json() == game.to_json()


def test_invalid_action_changes_nothing():
    game = play(new_game())
    before = game.to_json()
    for bad in ({"type": "draw", "n": 0}, {"type": "fly"}, {"type": "draw", "x": 1}, {"n": 1}):
        with pytest.raises(ActionError):
            game.apply(bad)
        assert game.to_json() == before


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not in the format this site writes"),
        ("[1, 2]", "not a game object"),
        (json.dumps({"schema": 0}), "too old to read"),
        (json.dumps({"schema": SCHEMA_VERSION, "variant": "demo-test"}), "no valid 'seed'"),
        (
            json.dumps({"schema": SCHEMA_VERSION, "variant": "zzz", "seed": "s",
                        "config": {}, "actions": []}),
            "does not know",
        ),
        (
            json.dumps({"schema": SCHEMA_VERSION, "variant": "demo-test", "seed": "s",
                        "config": {"deck": DECK}, "actions": [{"type": "fly"}]}),
            "does not replay",
        ),
    ],
)
def test_bad_saves_give_clear_errors(text, message):
    with pytest.raises(SaveError, match=message):
        load_game(text)


def test_edited_save_is_detected():
    data = json.loads(play(new_game()).to_json())
    data["state"]["zones"]["hand"] = []
    with pytest.raises(SaveError, match="edited"):
        load_game(data)


def test_where_finds_every_card_after_any_change_in_place():
    """Zones.where keeps hints of where each card was; the engines change the zones' lists in
    place (pop, insert, shuffle, slices), so after every kind of change it answers exactly
    as a scan of the zones does, and a card no longer in the game is an error."""
    import random

    from pyengine.game import Card, Zones

    zones = Zones(["library", "battlefield", "graveyard"])
    for number in range(300):
        zones.add(("library", "battlefield", "graveyard")[number % 3], Card(number, "Zombie"))
    rng = random.Random(41)

    def scan(card_id):
        return next((name, index) for name in zones.names()
                    for index, card in enumerate(zones[name]) if card.id == card_id)

    gone = set()
    for step in range(3000):
        kind = step % 5
        name = rng.choice(zones.names())
        cards = zones[name]
        if kind == 0 and cards:  # one leaves the game, a new one is made
            gone.add(cards.pop(rng.randrange(len(cards))).id)
            zones.add(rng.choice(zones.names()), Card(300 + step, "Zombie token"),
                      rng.choice([None, 0]))
        elif kind == 1:
            rng.shuffle(cards)
        elif kind == 2 and cards:
            zones.move(rng.choice(cards).id, rng.choice(zones.names()), rng.choice([None, 0]))
        elif kind == 3:
            cards[:] = cards[::-1]
        every = [card.id for name in zones.names() for card in zones[name]]
        for card_id in rng.sample(every, min(len(every), 25)):
            assert zones.where(card_id) == scan(card_id)
        assert len(every) == 300
        for card_id in list(gone)[:3]:
            with pytest.raises(GameError):
                zones.where(card_id)
