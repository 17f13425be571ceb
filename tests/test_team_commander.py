"""Team Commander at the table: teams by d20, the team mulligan, the team tracker, and the
``pyengine team`` command line. Each test names the rule anchor of docs/team-commander/index.md.

Dice are stacked like an XMage library: :class:`Dice` hands out the listed rolls in order, so a
test reads "Alice 12, Bob 12, Cara 20, Dan 3" and checks exactly who rerolls.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.cli import main
from pyengine.game import ActionError, GameError, load_game
from pyengine.rng import Rng
from pyengine.team_commander import (
    HAND_SIZE,
    OpeningHand,
    Roll,
    TeamDraw,
    TeamError,
    TeamTracker,
    clean_names,
    draw_teams,
    fixed_teams,
    repeated_teams,
    tracker_config,
)
from tests import scenarios
from tests.scenarios import cited

FOUR = ["Alice", "Bob", "Cara", "Dan"]
SIX = ["Alice", "Bob", "Cara", "Dan", "Eve", "Finn"]


class Dice:
    """Stacked d20s: each ``die(20)`` takes the next listed value."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def die(self, sides: int) -> int:
        assert sides == 20, "teams are rolled with a d20"
        assert self.values, "the test did not stack enough dice"
        return self.values.pop(0)

    def done(self) -> bool:
        return not self.values


def values(draw: TeamDraw) -> list[tuple[str, int, bool]]:
    return [(roll.who, roll.value, roll.reroll) for roll in draw.rolls]


def mentions(text: str, *parts: object) -> None:
    """``text`` names each of ``parts`` (players, numbers, reasons given): what tells it from
    another, without pinning the sentence around them (the golden logs keep the wording)."""
    missing = [str(part) for part in parts if str(part) not in text]
    assert not missing, f"{text!r} does not name {missing}"


def shown_teams(draw: TeamDraw) -> list[tuple[tuple[str, ...], str]]:
    """The draw's closing team lines as (the players each names, in its order; the rule it
    cites): tc-3-2 on the starting team's line, which skips its first draw step."""
    everyone = [name for team in draw.teams for name in team]
    return [(tuple(sorted((n for n in everyone if n in line), key=line.index)), cited(line))
            for line in draw.lines()[-2:]]


# -- teams -----------------------------------------------------------------------------------


def test_four_players_split_top_two_against_bottom_two():
    """tc-2-2: with four players the two highest rolls form one team, the two lowest the other;
    tc-3-2: the team with the highest rolls starts."""
    dice = Dice(17, 3, 12, 20)
    draw = draw_teams(FOUR, dice)
    assert dice.done()
    assert draw.teams == (("Dan", "Alice"), ("Cara", "Bob"))
    assert draw.first == 0 and draw.starting_team == ("Dan", "Alice")
    assert values(draw) == [("Alice", 17, False), ("Bob", 3, False), ("Cara", 12, False),
                            ("Dan", 20, False)]
    assert shown_teams(draw) == [(("Dan", "Alice"), "tc-3-2"), (("Cara", "Bob"), "")]


def test_six_players_split_top_three_against_bottom_three():
    """tc-2-2: with six players the three highest rolls form one team, the three lowest the
    other."""
    draw = draw_teams(SIX, Dice(4, 19, 11, 2, 15, 8))
    assert draw.teams == (("Bob", "Eve", "Cara"), ("Finn", "Alice", "Dan"))
    assert draw.team_size == 3
    assert shown_teams(draw) == [(("Bob", "Eve", "Cara"), "tc-3-2"),
                                 (("Finn", "Alice", "Dan"), "")]


def test_only_players_tied_across_the_split_reroll():
    """tc-2-2: Alice and Bob tie on 12 where the teams split; only they reroll, and the higher
    reroll joins Cara. Cara and Dan roll once."""
    dice = Dice(12, 12, 20, 3, 5, 9)
    draw = draw_teams(FOUR, dice)
    assert dice.done()
    assert draw.teams == (("Cara", "Bob"), ("Alice", "Dan"))
    assert values(draw) == [("Alice", 12, False), ("Bob", 12, False), ("Cara", 20, False),
                            ("Dan", 3, False), ("Alice", 5, True), ("Bob", 9, True)]
    reroll = draw.rolls[4]
    assert reroll.round == 2 and reroll.attempt == 1
    assert [cited(roll.reason) for roll in draw.rolls] == [""] * 4 + ["tc-2-2"] * 2
    mentions(reroll.reason, "Alice", "Bob", 12)
    mentions(reroll.text(), "Alice", 5, reroll.reason)
    rerolled = [line.strip().startswith("reroll:") for line in draw.lines()[:6]]
    assert rerolled == [False] * 4 + [True] * 2  # the rerolls are marked, in the order rolled
    assert all(roll.text() in line for roll, line in zip(draw.rolls, draw.lines(), strict=False))


def test_ties_inside_a_team_are_not_rerolled():
    """tc-2-2: equal rolls that do not block the split (both on top, both at the bottom) stand."""
    dice = Dice(20, 3, 20, 3)
    draw = draw_teams(FOUR, dice)
    assert dice.done() and len(draw.rolls) == 4
    assert draw.teams == (("Alice", "Cara"), ("Bob", "Dan"))


def test_rerolls_repeat_until_the_teams_are_clear():
    """tc-2-2: three players tie on 12 across the split; they reroll (5, 9, 9); the two 9s still
    block the split and reroll again (4, 8). Alice's 20 is never rerolled."""
    dice = Dice(20, 12, 12, 12, 5, 9, 9, 4, 8)
    draw = draw_teams(FOUR, dice)
    assert dice.done()
    assert draw.teams == (("Alice", "Dan"), ("Cara", "Bob"))
    assert [(r.who, r.value, r.round) for r in draw.rolls[4:]] == [
        ("Bob", 5, 2), ("Cara", 9, 2), ("Dan", 9, 2), ("Cara", 4, 3), ("Dan", 8, 3)]
    last = draw.rolls[-1].reason
    assert cited(last) == "tc-2-2" and "Bob" not in last
    mentions(last, "Cara", "Dan", 9, "again")


def test_six_player_tie_across_the_split():
    """tc-2-2: in a six-player game two players tying on the third-highest roll reroll."""
    dice = Dice(18, 10, 10, 2, 15, 1, 7, 16)
    draw = draw_teams(SIX, dice)
    assert dice.done()
    assert draw.teams == (("Alice", "Eve", "Cara"), ("Bob", "Dan", "Finn"))


def test_player_names_are_checked():
    """tc-2-2: teams need four or six distinct players."""
    with pytest.raises(TeamError) as error:
        draw_teams(FOUR[:3], Rng("x"))
    mentions(str(error.value), "4 or 6", "not 3")
    with pytest.raises(TeamError) as error:
        draw_teams(["Alice", "alice ", "Bob", "Cara"], Rng("x"))
    mentions(str(error.value), "'alice'")
    with pytest.raises(TeamError, match="no name") as error:
        draw_teams(["Alice", "  ", "Bob", "Cara"], Rng("x"))
    mentions(str(error.value), 2)
    assert clean_names(["  Ann  Lee ", "B", "C", "D"]) == ["Ann Lee", "B", "C", "D"]


@settings(max_examples=200, deadline=None)
@given(seed=st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=8),
       six=st.booleans())
def test_any_seed_gives_two_equal_teams_with_the_higher_rolls_first(seed, six):
    """tc-2-2, tc-3-2: for any seed the players split into two equal teams, every player's
    first roll is shown, and each starting-team player's rolls beat each other player's."""
    names = SIX if six else FOUR
    draw = draw_teams(names, Rng(seed))
    assert sorted(draw.teams[0] + draw.teams[1]) == sorted(names)
    assert len(draw.teams[0]) == len(draw.teams[1]) == len(names) // 2
    assert [r.who for r in draw.rolls[: len(names)]] == names
    keys = {name: [r.value for r in draw.rolls if r.who == name] for name in names}
    assert min(keys[p] for p in draw.teams[0]) > max(keys[p] for p in draw.teams[1])
    assert draw == draw_teams(names, Rng(seed))
    assert TeamDraw.from_dict(json.loads(json.dumps(draw.to_dict()))) == draw


def test_same_teams_three_games_running_are_redrawn():
    """tc-2-3: Alice & Bob have been teammates three games running; a draw that pairs them again
    is thrown out and everyone rolls again until the line-up is new."""
    history = [[["Alice", "Bob"], ["Cara", "Dan"]]] * 2 + [[["bob", "Alice"], ["Dan", "Cara"]]]
    assert repeated_teams(history) == [("alice", "bob"), ("cara", "dan")]
    dice = Dice(20, 19, 1, 2, 3, 18, 17, 4)
    draw = draw_teams(FOUR, dice, history=history, rotate=True)
    assert dice.done()
    assert draw.teams == (("Bob", "Cara"), ("Dan", "Alice"))
    assert [r.attempt for r in draw.rolls] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert [r.reroll for r in draw.rolls] == [False] * 4 + [True] * 4
    [note] = draw.notes
    assert cited(note) == "tc-2-3"
    mentions(note, 1, "Alice & Bob", "4th")
    # the redraw is announced before its dice (each naming the redraw it belongs to) and its
    # note follows them; then the teams
    assert [cited(line) for line in draw.lines()] == (
        [""] * 4 + ["tc-2-3"] * 6 + ["tc-3-2", ""])
    assert all("redraw 1" in line for line in draw.lines()[5:9])


def test_the_line_up_rule_is_optional_and_needs_three_games():
    """tc-2-3: without the option, or after only two games together, the same teams stand."""
    three = [[["Alice", "Bob"], ["Cara", "Dan"]]] * 3
    assert draw_teams(FOUR, Dice(20, 19, 1, 2), history=three).teams[0] == ("Alice", "Bob")
    two = three[:2]
    assert repeated_teams(two) == []
    draw = draw_teams(FOUR, Dice(20, 19, 1, 2), history=two, rotate=True)
    assert draw.teams[0] == ("Alice", "Bob") and not draw.notes


def test_fixed_teams_roll_only_for_the_start():
    """tc-2-4: teams agreed in advance are kept as given; tc-3-2: then a die per team decides at
    random who starts, rerolling equal rolls."""
    dice = Dice(11, 11, 6, 14)
    draw = fixed_teams([["Alice", "Bob"], ["Cara", "Dan"]], dice)
    assert dice.done()
    assert draw.fixed and draw.teams == (("Alice", "Bob"), ("Cara", "Dan"))
    assert draw.first == 1 and draw.starting_team == ("Cara", "Dan")
    assert values(draw) == [("Team 1", 11, False), ("Team 2", 11, False), ("Team 1", 6, True),
                            ("Team 2", 14, True)]
    with pytest.raises(TeamError, match="both 3"):
        fixed_teams([["Alice", "Bob"], ["Cara", "Dan", "Eve"]], Rng("x"))


def test_roll_round_trips_through_a_dict():
    """tc-2-2: a roll keeps who rolled, the value and why it was rolled again."""
    roll = Roll("Bob", 9, 2, 3, "tie")
    assert Roll.from_dict(roll.to_dict()) == roll and roll.reroll


# -- opening hands -----------------------------------------------------------------------------

DECK = [f"Card {i}" for i in range(1, 31)]


def hand_game(seed="hand-seed", **extra):
    config = {"deck": DECK, "commanders": ["Atraxa, Praetors' Voice"],
              "companions": ["Lutri, the Spellchaser"], "player": "Alice", "stack": True}
    config.update(extra)
    return OpeningHand(config, seed)


def test_opening_hand_is_seven_cards_with_commanders_face_down():
    """tc-3-3: every player draws seven; tc-3-1: commanders start face down in the command
    zone."""
    game = hand_game()
    assert game.hand() == DECK[:HAND_SIZE] == [f"Card {i}" for i in range(1, 8)]
    assert [c.face_up for c in game.zones["command"]] == [False, False]
    assert [e.kind for e in game.events] == ["command", "shuffle", "draw"]


def test_first_mulligan_is_free():
    """tc-3-4: the first mulligan costs nothing: a fresh seven and nothing to put on the bottom."""
    game = hand_game()
    events = game.apply({"type": "mulligan"})
    assert [e.kind for e in events] == ["mulligan", "shuffle", "draw"]
    assert events[0].data == {"mulligans": 1, "to_bottom": 0}
    assert game.hand() == [f"Card {i}" for i in range(8, 15)] and game.to_bottom == 0
    with pytest.raises(ActionError, match="exactly 0 cards"):
        game.apply({"type": "keep", "bottom": [game.zones["hand"][0].id]})
    game.apply({"type": "keep"})
    assert len(game.hand()) == 7


def test_later_mulligans_are_london_style():
    """tc-3-4: the second mulligan draws seven again and puts one card on the bottom on keep,
    the third two; the chosen cards go to the bottom in the order given."""
    game = hand_game()
    game.apply({"type": "mulligan"})
    game.apply({"type": "mulligan"})
    assert game.hand() == [f"Card {i}" for i in range(15, 22)] and game.to_bottom == 1
    game.apply({"type": "mulligan"})
    assert game.hand() == [f"Card {i}" for i in range(22, 29)] and game.to_bottom == 2
    with pytest.raises(ActionError, match="exactly 2 cards"):
        game.apply({"type": "keep", "bottom": [game.zones["hand"][0].id]})
    hand = game.zones["hand"]
    events = game.apply({"type": "keep", "bottom": [hand[3].id, hand[0].id]})
    assert game.hand() == ["Card 23", "Card 24", "Card 26", "Card 27", "Card 28"]
    assert [c.name for c in game.zones["library"][-2:]] == ["Card 25", "Card 22"]
    assert [e.kind for e in events] == ["bottom", "keep", "reveal"]
    assert events[0].cards == ["Card 25", "Card 22"]


def test_no_scry_and_commanders_revealed_after_the_keep():
    """tc-3-4: there is no scry after a mulligan; tc-3-5: commanders and companions are revealed
    once the hand is kept, not before."""
    game = hand_game()
    game.apply({"type": "mulligan"})
    assert all(not c.face_up for c in game.zones["command"])
    events = game.apply({"type": "keep"})
    assert [e.kind for e in events] == ["keep", "reveal"]  # no scry between them
    assert (events[0].cards, events[0].data) == (game.hand(), {"mulligans": 1})
    assert scenarios.trace(events[1:]) == [
        ("reveal", "Atraxa, Praetors' Voice, Lutri, the Spellchaser", "tc-3-5")]
    assert all(c.face_up for c in game.zones["command"])
    with pytest.raises(ActionError, match="already kept"):
        game.apply({"type": "mulligan"})


def test_the_hand_is_shuffled_back_before_the_new_draw():
    """tc-3-4: the old hand goes into the library before the shuffle, so its cards can come
    back; no card is lost or duplicated."""
    came_back = 0
    for n in range(20):
        game = OpeningHand({"deck": DECK}, f"seed-{n}")
        old = {c.id for c in game.zones["hand"]}
        game.apply({"type": "mulligan"})
        came_back += bool(old & {c.id for c in game.zones["hand"]})
        assert sorted(c.name for c in game.zones.all_cards()) == sorted(DECK)
        assert len(game.zones["library"]) == len(DECK) - 7
    assert came_back > 0


def test_mulligans_stop_when_nothing_would_be_kept():
    """tc-3-4: after eight mulligans all seven cards go to the bottom; a ninth is refused."""
    game = hand_game(deck=DECK * 3)
    for _ in range(8):
        game.apply({"type": "mulligan"})
    assert game.to_bottom == 7
    with pytest.raises(ActionError, match="no more mulligans") as error:
        game.apply({"type": "mulligan"})
    mentions(str(error.value), "8 mulligans", "7 cards")
    game.apply({"type": "keep", "bottom": [c.id for c in game.zones["hand"]]})
    assert game.hand() == []


def test_opening_hand_saves_replays_and_undoes():
    """tc-3-4: a shuffled hand replays from its save on another device; undo takes back a
    mulligan."""
    game = OpeningHand({"deck": DECK, "commanders": ["Atraxa, Praetors' Voice"]}, "amber-otter-17")
    first = game.hand()
    game.apply({"type": "mulligan"})
    game.apply({"type": "mulligan"})
    again = load_game(game.to_json())
    assert again.hand() == game.hand() and again.mulligans == 2
    assert game.undo().undo().hand() == first
    with pytest.raises(GameError, match="no cards"):
        OpeningHand({"deck": []}, "x")


def test_keep_refuses_cards_not_in_hand():
    """tc-3-4: only cards of the current hand can go to the bottom, each once."""
    game = hand_game()
    game.apply({"type": "mulligan"})
    game.apply({"type": "mulligan"})
    library_card = game.zones["library"][0].id
    with pytest.raises(ActionError, match="not in the hand"):
        game.apply({"type": "keep", "bottom": [library_card]})
    hand_card = game.zones["hand"][0].id
    game.apply({"type": "mulligan"})
    with pytest.raises(ActionError, match="chosen twice"):
        game.apply({"type": "keep", "bottom": [game.zones["hand"][0].id] * 2})
    assert hand_card and not game.kept


# -- the tracker -----------------------------------------------------------------------------


def tracker(size=2, **extra):
    teams = [SIX[:size], SIX[size: 2 * size]]
    return TeamTracker({"teams": teams, **extra}, "team-commander")


def winner(game: TeamTracker) -> int | None:
    """The team the result names as the winner, by the engine's own team label: the other
    team has lost and this one has not. ``None`` while the game goes on or when both lost."""
    lost = [bool(game.losses(index)) for index in (0, 1)]
    named = [index for index in (0, 1) if game.label(index) in game.result()]
    if lost[0] == lost[1]:
        assert named == [] and bool(game.result()) == lost[0], game.result()
        return None
    assert named == [lost.index(False)], (game.result(), lost)
    return named[0]


def test_starting_life_depends_on_team_size():
    """tc-3-3: a two-player team starts at 40 life, a three-player team at 50."""
    assert [t.life for t in tracker(2).teams] == [40, 40]
    assert [t.life for t in tracker(3).teams] == [50, 50]
    with pytest.raises(GameError):
        TeamTracker({"teams": [["A", "B"], ["C", "D", "E"]]}, "x")


def test_starting_team_skips_its_first_draw():
    """tc-3-2: turn 1 belongs to the starting team, which skips that turn's draw step."""
    game = tracker(first=1)
    assert game.active == 1 and game.turn == 1
    assert game.events[-1].data == {"turn": 1, "team": 1, "skip_draw": True}
    assert [e.kind for e in game.events] == ["start", "turn"]
    assert scenarios.rule_of(game.events[-1]) == "tc-3-2"
    draw = TeamDraw((("Cara", "Dan"), ("Alice", "Bob")), 0, ())
    assert tracker_config(draw, {"Cara": ["Atraxa"]}) == {
        "teams": [["Cara", "Dan"], ["Alice", "Bob"]], "first": 0,
        "commanders": {"Cara": ["Atraxa"]}}


@pytest.mark.parametrize("size,limit", [(2, 15), (3, 20)])
def test_poison_loss_threshold(size, limit):
    """tc-4-2: a 2HG team loses at 15 poison counters, a 3HG team at 20."""
    game = tracker(size)
    game.apply({"type": "poison", "team": 0, "amount": limit - 1})
    assert game.losses(0) == [] and game.result() == ""
    events = game.apply({"type": "poison", "team": 0, "amount": 1})
    [reason] = game.losses(0)
    assert cited(reason) == "tc-4-2"
    mentions(reason, f"{limit} poison")
    assert scenarios.trace(events) == [("poison", "", ""), ("loss", "", "tc-4-2")]
    assert events[-1].data == {"team": 0, "reasons": [reason]}
    assert winner(game) == 1


def test_twenty_one_combat_damage_from_one_commander_loses():
    """tc-4-3: 21 combat damage from a single commander makes the team lose; 20 from each of two
    commanders does not. Commander damage also comes off the team's life."""
    game = tracker()
    game.apply({"type": "life", "team": 1, "amount": 10})
    game.apply({"type": "commander-damage", "team": 1, "commander": 0, "amount": 20})
    game.apply({"type": "commander-damage", "team": 1, "commander": 1, "amount": 20})
    assert game.teams[1].life == 10 and game.losses(1) == []
    events = game.apply({"type": "commander-damage", "team": 1, "commander": 1, "amount": 1})
    [reason] = game.losses(1)
    assert cited(reason) == "tc-4-3"
    mentions(reason, 21, game.commander_label(1))
    assert scenarios.trace(events) == [("commander-damage", "", ""), ("loss", "", "tc-4-3")]
    assert events[0].data == {"team": 1, "commander": 1, "total": 21}
    with pytest.raises(ActionError, match="not on the other team"):
        game.apply({"type": "commander-damage", "team": 1, "commander": 2, "amount": 1})


def test_named_commanders_and_partners_count_separately():
    """tc-4-3: partner commanders each count their own damage."""
    game = tracker(commanders={"alice": ["Tymna the Weaver", "Thrasios, Triton Hero"]})
    assert [game.commander_label(i) for i in range(len(game.commanders))] == [
        "Tymna the Weaver (Alice)", "Thrasios, Triton Hero (Alice)", "Bob's commander",
        "Cara's commander", "Dan's commander"]
    game.apply({"type": "commander-damage", "team": 1, "commander": 0, "amount": 11})
    game.apply({"type": "commander-damage", "team": 1, "commander": 1, "amount": 11})
    assert game.losses(1) == []


def test_team_wins_and_loses_together():
    """tc-4-1: when one player loses (or wins), the whole team loses (or wins)."""
    game = tracker()
    events = game.apply({"type": "player-loses", "player": "dan",
                         "reason": "drew from an empty library"})
    assert scenarios.trace(events) == [("team-loss", "", "tc-4-1"), ("loss", "", "tc-4-1")]
    assert [e.data["team"] for e in events] == [1, 1]
    [reason] = game.losses(1)
    assert cited(reason) == "tc-4-1"
    mentions(reason, "Dan", "drew from an empty library")
    assert winner(game) == 0
    game = game.undo()
    events = game.apply({"type": "player-wins", "player": "Cara",
                         "reason": "Approach of the Second Sun"})
    assert scenarios.trace(events) == [("team-win", "", "tc-4-1"), ("loss", "", "tc-4-1")]
    assert [e.data["team"] for e in events] == [1, 0]
    assert winner(game) == 1
    [reason] = game.losses(0)
    assert cited(reason) == "tc-4-1"
    mentions(reason, "Cara", "Approach of the Second Sun")
    game = game.undo()
    events = game.apply({"type": "team-loses", "team": 0})
    assert scenarios.trace(events) == [("team-loss", "", "tc-4-1"), ("loss", "", "tc-4-1")]
    assert [e.data["team"] for e in events] == [0, 0]
    assert winner(game) == 1
    with pytest.raises(ActionError, match="no player called"):
        game.apply({"type": "player-loses", "player": "Zed"})


def test_life_at_zero_loses_and_both_teams_can_lose():
    """tc-4-1: a team at 0 life loses as one; if both teams lose at once the game is a draw."""
    game = tracker()
    events = game.apply({"type": "life", "team": 0, "amount": -40})
    assert [(e.kind, e.data["team"]) for e in events] == [("life", 0), ("loss", 0)]
    [reason] = game.losses(0)
    assert game.teams[0].life == 0 and events[-1].data["reasons"] == [reason]
    mentions(reason, "life", 0)
    events = game.apply({"type": "poison", "team": 1, "amount": 15})
    assert [(e.kind, e.data["team"]) for e in events] == [("poison", 1), ("loss", 1)]
    assert game.losses(0) == [reason] and game.losses(1)
    assert winner(game) is None and game.result()  # over, and a draw: no team won
    with pytest.raises(ActionError, match="over"):
        game.apply({"type": "next-turn"})


def test_extra_turns_are_taken_by_the_whole_team():
    """tc-5-1: an extra turn for one player is an extra turn for the whole team, taken right
    after the current turn; then the normal order resumes."""
    game = tracker()
    events = game.apply({"type": "extra-turn", "player": "Dan"})
    assert scenarios.trace(events) == [("extra-turn", "", "tc-5-1")]
    assert events[0].data == {"team": 1}
    turns = []
    for _ in range(3):
        game.apply({"type": "next-turn"})
        turns.append((game.turn, game.active, game.is_extra))
    assert turns == [(2, 1, True), (3, 1, False), (4, 0, False)]


def test_corrections_undo_and_saves():
    """tc-4-3: a mistaken commander damage is taken back (life too), the loss banner goes away
    with the correction, and undo and saves replay exactly."""
    game = tracker()
    game.apply({"type": "commander-damage", "team": 0, "commander": 2, "amount": 21})
    assert game.losses(0)
    events = game.apply({"type": "commander-damage", "team": 0, "commander": 2, "amount": -1})
    assert events[-1].kind == "unloss" and game.teams[0].life == 20
    with pytest.raises(ActionError, match="only 20"):
        game.apply({"type": "commander-damage", "team": 0, "commander": 2, "amount": -21})
    with pytest.raises(ActionError, match="only 0 poison"):
        game.apply({"type": "poison", "team": 0, "amount": -1})
    with pytest.raises(ActionError, match="other than 0"):
        game.apply({"type": "life", "team": 0, "amount": 0})
    assert len(game.actions) == 2
    again = load_game(game.to_json())
    assert again.snapshot() == game.snapshot()
    assert game.undo().teams[0].commander_damage[2] == 21


# -- command line ------------------------------------------------------------------------------


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def printed(out, events):
    """The command printed each of the engine's own events as a line of its own."""
    lines = out.splitlines()
    missing = [event.text for event in events if event.text not in lines]
    assert events and not missing, f"not printed: {missing}"


def test_cli_roll_prints_every_die_and_the_teams(capsys, tmp_path):
    """tc-2-2, tc-3-2: ``team roll`` prints the seed, every die and the teams, starting team
    first; ``--history`` applies tc-2-3 and records the draw; ``--tracker`` starts a tracker."""
    history = tmp_path / "history.json"
    code, out, _ = run(capsys, "team", "roll", *FOUR, "--seed", "amber-otter-17",
                       "--history", str(history), "--tracker", str(tmp_path / "g.json"))
    assert code == 0
    draw = draw_teams(FOUR, Rng("amber-otter-17"))
    seed, header, *shown = out.splitlines()
    assert seed == "seed: amber-otter-17" and cited(header) == "tc-2-2"
    assert shown[:len(draw.lines())] == draw.lines()
    assert json.loads(history.read_text())["games"] == [[list(t) for t in draw.teams]]
    game = load_game((tmp_path / "g.json").read_text())
    assert [t.players for t in game.teams] == list(draw.teams)


def test_cli_roll_fixed_and_errors(capsys):
    """tc-2-4: ``--fixed`` keeps the teams as given and rolls for the start; a wrong number of
    players is a clear error with exit code 2."""
    code, out, _ = run(capsys, "team", "roll", *FOUR, "--seed", "e", "--fixed")
    draw = fixed_teams([FOUR[:2], FOUR[2:]], Rng("e"))
    assert draw.fixed and draw.teams == (("Alice", "Bob"), ("Cara", "Dan"))
    seed, header, *shown = out.splitlines()
    assert code == 0 and seed == "seed: e" and shown == draw.lines()
    mentions(header, "TC 2.4")
    code, _, err = run(capsys, "team", "roll", "A", "B", "C")
    assert code == 2
    mentions(err, "4 or 6", "not 3")


def test_cli_mulligan(capsys, tmp_path):
    """tc-3-4: ``team mulligan`` shows each hand, asks for the cards to bottom after the second
    mulligan, and tc-3-5 reveals the commander after the keep."""
    deck = tmp_path / "deck.txt"
    deck.write_text("Commander\n1 Atraxa, Praetors' Voice\nDeck\n"
                    + "".join(f"1 Card {i}\n" for i in range(1, 31)) + "69 Forest\n")
    code, out, err = run(capsys, "team", "mulligan", str(deck), "--seed", "s1",
                         "--mulligans", "2")
    assert code == 2
    mentions(err, "1 card", "--bottom")
    code, out, _ = run(capsys, "team", "mulligan", str(deck), "--seed", "s1", "--mulligans",
                       "2", "--bottom", "3", "--player", "Alice")
    game = OpeningHand({"deck": [f"Card {i}" for i in range(1, 31)] + ["Forest"] * 69,
                        "commanders": ["Atraxa, Praetors' Voice"], "player": "Alice"}, "s1")
    game.apply({"type": "mulligan"})
    game.apply({"type": "mulligan"})
    third = game.zones["hand"][2]
    events = game.apply({"type": "keep", "bottom": [third.id]})
    assert code == 0
    assert [(e.kind, e.cards) for e in events] == [
        ("bottom", [third.name]), ("keep", game.hand()), ("reveal", ["Atraxa, Praetors' Voice"])]
    assert events[1].data == {"mulligans": 2} and len(game.hand()) == 6
    assert scenarios.rule_of(events[-1]) == "tc-3-5"
    lines = out.splitlines()
    assert f"{events[0].text}: {third.name}" in lines and f"{events[1].text}:" in lines
    assert lines[-1] == events[-1].text  # the reveal comes last, after the keep
    for position, name in enumerate(game.hand(), 1):
        assert f"  {position}. {name}" in out
    code, _, err = run(capsys, "team", "mulligan", str(deck), "--mulligans", "1", "--bottom", "2")
    assert code == 2
    mentions(err, "1 mulligan", "--bottom")  # the one mulligan was free: nothing to bottom


def test_cli_track_session(capsys, tmp_path):
    """tc-3-3, tc-4-2, tc-5-1: ``team track`` starts a save, changes totals, shows the loss,
    and undoes the last change."""
    save = str(tmp_path / "game.json")
    code, out, _ = run(capsys, "team", "track", save, "new", "--team", "Alice,Bob", "--team",
                       "Cara,Dan", "--first", "2", "--commander", "Cara=Atraxa, Praetors' Voice")
    # the same session in the engine: the command prints its events and totals
    game = TeamTracker({"teams": [["Alice", "Bob"], ["Cara", "Dan"]], "first": 1,
                        "commanders": {"Cara": ["Atraxa, Praetors' Voice"]}}, "team-commander")
    printed(out, game.events)
    assert code == 0 and f"turn 1: {game.label(1)}" in out and "life 40" in out
    code, out, _ = run(capsys, "team", "track", save, "damage", "Alice", "Atraxa", "5")
    atraxa = [c.name for c in game.commanders].index("Atraxa, Praetors' Voice")
    printed(out, game.apply({"type": "commander-damage", "team": 0, "commander": atraxa,
                             "amount": 5}))
    assert code == 0 and f"{game.commander_label(atraxa)}: 5/21 commander damage" in out
    code, out, _ = run(capsys, "team", "track", save, "poison", "1", "15")
    events = game.apply({"type": "poison", "team": 0, "amount": 15})
    printed(out, events)
    [reason] = game.losses(0)
    assert cited(reason) == "tc-4-2" and f"LOST: {reason}" in out
    assert winner(game) == 1 and f"result: {game.result()}" in out
    code, out, _ = run(capsys, "team", "track", save, "undo")
    game = game.undo()
    assert code == 0 and "poison 0/15" in out and "LOST" not in out and "result" not in out
    code, out, _ = run(capsys, "team", "track", save, "extra-turn", "Bob")
    printed(out, game.apply({"type": "extra-turn", "player": "Bob"}))
    code, out, _ = run(capsys, "team", "track", save, "next-turn")
    events = game.apply({"type": "next-turn"})
    printed(out, events)
    assert events[0].data == {"turn": 2, "team": 0, "extra": True}
    assert f"turn 2: {game.label(0)} (extra turn)" in out
    code, out, _ = run(capsys, "team", "track", save, "life", "Cara", "-3")
    printed(out, game.apply({"type": "life", "team": 1, "amount": -3}))
    assert code == 0 and f"{game.label(1)}: life 37" in out
    assert load_game(Path(save).read_text()).snapshot() == game.snapshot()
    code, _, err = run(capsys, "team", "track", save, "new", "--team", "A,B", "--team", "C,D")
    assert code == 2 and "--force" in err
    code, _, err = run(capsys, "team", "track", str(tmp_path / "none.json"), "show")
    assert code == 2
    mentions(err, "cannot read", "none.json")
    code, _, err = run(capsys, "team", "track", save, "damage", "1", "Zed", "2")
    assert code == 2
    mentions(err, "'Zed'", f"[{atraxa + 1}] {game.commander_label(atraxa)}")


TRACKER_ACTIONS = st.one_of(
    st.builds(lambda t, n: {"type": "life", "team": t, "amount": n},
              st.sampled_from([0, 1]), st.sampled_from([-5, -1, 1, 5])),
    st.builds(lambda t, n: {"type": "poison", "team": t, "amount": n},
              st.sampled_from([0, 1]), st.sampled_from([-1, 1, 3])),
    st.builds(lambda t, c, n: {"type": "commander-damage", "team": t, "commander": c,
                               "amount": n},
              st.sampled_from([0, 1]), st.integers(0, 3), st.sampled_from([-1, 1, 7])),
    st.builds(lambda p: {"type": "extra-turn", "player": p}, st.sampled_from(FOUR)),
    st.just({"type": "next-turn"}),
)


@settings(max_examples=100, deadline=None)
@given(actions=st.lists(TRACKER_ACTIONS, max_size=30))
def test_tracker_replays_and_undoes_any_session(actions):
    """tc-4-1, tc-4-2, tc-4-3: whatever the table taps, refused taps change nothing, the save
    replays to the same totals, undo equals the session without its last change, and a team
    has lost exactly when a threshold is reached."""
    game = tracker()
    for action in actions:
        before = game.snapshot()
        try:
            game.apply(action)
        except ActionError:
            assert game.snapshot() == before
    assert load_game(game.to_json()).snapshot() == game.snapshot()
    if game.actions:
        shorter = TeamTracker.replay(game.config, game.seed, game.actions[:-1])
        assert game.undo().snapshot() == shorter.snapshot()
    for index, team in enumerate(game.teams):
        over = (team.life <= 0 or team.poison >= 15
                or any(d >= 21 for d in team.commander_damage.values()))
        assert bool(game.losses(index)) == over
        assert team.poison >= 0 and all(d >= 0 for d in team.commander_damage.values())


def test_cli_team_without_a_subcommand_and_win(capsys, tmp_path):
    """tc-4-1: ``team track FILE win PLAYER`` makes the whole team win; ``team`` alone shows
    help with exit code 2."""
    code, out, _ = run(capsys, "team")
    assert code == 2 and "roll|mulligan|track" in out
    save = str(tmp_path / "g.json")
    run(capsys, "team", "track", save, "new", "--team", "Ann,Bo", "--team", "Cy,Di")
    code, out, _ = run(capsys, "team", "track", save, "win", "Cy", "Approach", "of", "the",
                       "Second", "Sun")
    assert code == 0
    game = TeamTracker({"teams": [["Ann", "Bo"], ["Cy", "Di"]]}, "team-commander")
    events = game.apply({"type": "player-wins", "player": "Cy",
                         "reason": "Approach of the Second Sun"})
    assert scenarios.trace(events) == [("team-win", "", "tc-4-1"), ("loss", "", "tc-4-1")]
    printed(out, events)
    assert winner(game) == 1 and f"result: {game.result()}" in out
    code, _, err = run(capsys, "team", "track", save)
    assert code == 2
    mentions(err, "new", "show", "undo")  # what it can do


def test_named_commanders_keep_the_damage_already_written():
    """tc-4-3: a team loses to 21 combat damage "by the same commander": once a player's two
    partners are known, each has its own count, and damage written for the player's commander
    before stays with the first of them; the life total is unchanged by the renaming."""
    from pyengine.team_commander import TeamTracker, with_commanders

    game = TeamTracker({"teams": [["Ann", "Bo"], ["Cy", "Di"]]}, "s")
    cy = next(i for i, c in enumerate(game.commanders) if c.owner == "Cy")
    game.apply({"type": "commander-damage", "team": 0, "commander": cy, "amount": 20})
    named = with_commanders(game, {"Cy": ["Thrasios, Triton Hero", "Tymna the Weaver"]})
    mine = [i for i, c in enumerate(named.commanders) if c.owner == "Cy"]
    assert [named.commanders[i].name for i in mine] == ["Thrasios, Triton Hero",
                                                        "Tymna the Weaver"]
    assert [named.teams[0].commander_damage[i] for i in mine] == [20, 0]
    assert named.teams[0].life == 20 and not named.losses(0)
    named.apply({"type": "commander-damage", "team": 0, "commander": mine[1], "amount": 20})
    assert not any("21" in r and "Tymna" in r for r in named.losses(0))  # 20 each: no loss
    named.apply({"type": "commander-damage", "team": 0, "commander": mine[0], "amount": 1})
    assert any("Thrasios" in r and "TC 4.3" in r for r in named.losses(0))
