"""No input hangs Python (issue 40, point 2): every regular expression over player text or card
text reads hostile input of the size the site allows in linear time. Each test below feeds the
input that made one pattern slow (a run of spaces or newlines after the pattern's own start)
at the allowed size and checks what comes out; a pattern that backtracks over it takes a
minute or more and fails the hang guard (:func:`answered`; the budget itself is timed in
``bench/bench_bad_inputs.py``, which runs every pattern ``devtools.patterns`` finds).

Rules read by these patterns: tc-2-2 (commanders and partners, pyengine.commanders), sw-3-4
(a Swarm list and its Enforcers, pyengine.widgets.swarm)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from devtools import patterns
from pyengine import board_facts, card_text, cards, commanders, legality, suggest
from pyengine.decklist import Decklist, _markdown_title
from pyengine.widgets import MAX_PASTE_CHARS, own_deck, swarm

ALLOWED = MAX_PASTE_CHARS
#: Far beyond any linear reading of 300,000 characters (milliseconds), far below a quadratic
#: one (a minute): a hang guard, not a speed goal.
HANG_SECONDS = 20


def answered(call: Callable[[], Any]) -> Any:
    """``call()``'s result; fails if it took longer than :data:`HANG_SECONDS`."""
    start = time.process_time()
    result = call()
    took = time.process_time() - start
    assert took < HANG_SECONDS, f"{took:.0f} s: the pattern backtracks"
    return result


def test_the_deck_splitter_reads_299000_newlines():
    """suggest.split_decks: 299,000 newlines before the separator (64 s before issue 40)."""
    text = "\n" * 299_000 + "1 Island\n  ---  \n1 Forest\n"
    assert answered(lambda: suggest.split_decks(text)) == ["\n" * 299_000 + "1 Island\n",
                                                           "\n1 Forest\n"]
    assert answered(lambda: suggest.split_decks("\n" * 299_000 + "x")) == ["\n" * 299_000 + "x"]


def test_partner_with_reads_150000_spaces():
    """tc-2-2: "Partner with" followed by 150,000 spaces (63 s before issue 40); the name is
    still read up to its reminder, spaces trimmed."""
    tags = answered(lambda: commanders.commander_tags("Partner with" + " " * 150_000 + "Ann"))
    assert "partner_with=Ann" in tags
    assert answered(lambda: commanders.commander_tags("Partner with" + " " * 150_000)) == ()
    group = answered(lambda: commanders.commander_tags(
        "Partner—" + " " * ALLOWED + "Friends (You can have two.)"))
    assert "partner_group=Friends" in group
    assert commanders.commander_tags("Partner with Pir, Imaginative Rascal (When this "
                                     "creature enters...)") == (
        "partner_with=Pir, Imaginative Rascal",)
    assert commanders.commander_tags("Partner\n—Ann") == ("partner",)  # never across lines


def test_a_companion_type_list_reads_a_run_of_spaces():
    """tc-2-2: a Companion's list of card types split at commas and "or"."""
    rule = answered(lambda: commanders.companion_rule(
        "Companion — Each creature card in your starting deck is a Cat" + " " * ALLOWED
        + "or Dog card."))
    assert rule == "creature:types=Cat,Dog"


def test_markdown_headings_of_1000_characters_read_in_one_pass():
    """A paste of 300 lines of 1,000 characters, each a Markdown mark and spaces (seconds a
    line before issue 40: the title pattern was cubic); the reader's answers are the
    pattern's, checked for every string up to 6 characters."""
    line = "__" + " " * 997 + "!"
    assert answered(lambda: [_markdown_title(line) for _ in range(ALLOWED // 1000)]) == \
        [None] * (ALLOWED // 1000)
    deck = answered(lambda: Decklist.from_text("\n".join([line] * 300) + "\n1 Island"))
    assert [e.name for e in deck.entries] == ["Island"]
    assert _markdown_title("== Lands ===") == "Lands"
    assert _markdown_title("**Creatures (12)**") == "Creatures (12)"
    old = re.compile(r"^(?:\*\*|__|==+|--+|~~)\s*(?P<title>[^*_=~-].*?)\s*(?:\*\*|__|==+|--+|~~)$")
    import itertools

    for size in range(1, 7):
        for letters in itertools.product("*_=-~ x", repeat=size):
            text = "".join(letters)
            match = old.match(text)
            assert _markdown_title(text) == (match.group("title") if match else None), text


def test_token_lines_read_a_run_of_spaces():
    """An own deck's token line ("Zombie token 2/2") over a run of spaces."""
    assert answered(lambda: own_deck._TOKEN.match(" " * (ALLOWED - 1) + "x")) is None
    found = answered(lambda: own_deck._TOKEN.match("Zombie" + " " * ALLOWED + "token ("
                                                   + " " * ALLOWED + "2/2)"))
    assert found and (found["name"], found["p"], found["t"]) == ("Zombie", "2", "2")
    assert own_deck._TOKEN.match("Zombie Tokens (2 / 2)")["name"] == "Zombie"


def test_the_enforcer_header_reads_a_line_of_spaces():
    """sw-3-4: the Enforcer list starts at its header; a line of spaces is no header."""
    deck, enforcers = answered(lambda: swarm.split_deck(" " * ALLOWED + "\n1 Island"))
    assert enforcers == "" and deck.endswith("1 Island\n")
    deck, enforcers = swarm.split_deck("1 Island\n   //   Enforcers\n1 Goblin")
    assert enforcers.split() == ["//", "Enforcers", "1", "Goblin"]


def test_card_text_patterns_read_runs_of_spaces():
    """Card text from a player's own card data: extra turns, turn control, reminders, type
    lines and keyword counts over runs of spaces, newlines and letters."""
    assert answered(lambda: legality._EXTRA_TURN.search("take" + " " * ALLOWED + "x")) is None
    assert legality._EXTRA_TURN.search("Take an extra turn after this one.")
    assert legality._EXTRA_TURN.search("you take two additional turns")
    hostile = "You control target player " * (ALLOWED // 26)
    assert answered(lambda: legality._TAKE_OVER.search(hostile)) is None
    assert legality._TAKE_OVER.search(
        "You control target player during that player's next turn.")
    spaces = "\t" * ALLOWED + "x"
    assert answered(lambda: card_text._REMINDER.sub("", spaces)) == spaces
    assert card_text._REMINDER.sub("", "Flying (It can't be blocked.)") == "Flying"
    assert answered(lambda: board_facts._subtypes(" \n" * (ALLOWED // 2))) == set()
    assert board_facts._subtypes("Creature — Zombie Knight") == {"Zombie", "Knight"}
    assert answered(lambda: cards._TYPE_DASH.split(" " * ALLOWED + "x", maxsplit=1)) == [
        " " * ALLOWED + "x"]
    assert answered(lambda: card_text._NUMBER_KEYWORD.findall("x" * ALLOWED)) == []


def test_every_pattern_in_the_engine_is_found_for_the_benchmark():
    """devtools.patterns finds the engine's patterns (the benchmark times each against its
    hostile input); the few built at run time are listed here, each read by hand: built
    from a card's own name (escaped), fixed words, or a number pattern with no repetition
    around it."""
    found = patterns.collect()
    texts = {f.pattern.pattern for f in found}
    assert len(found) > 200
    assert suggest._SEPARATOR.pattern in texts and commanders._PARTNER_WITH.pattern in texts
    assert {where.partition(":")[0] for where in patterns.unresolved()} == {
        "pyengine.card_text",  # _EFFECT_KEYWORDS: fixed words, collected from the module
        "pyengine.cards",  # a power/toughness of at most 6 digits either side of "/"
        "pyengine.limited_horde.rules",  # a fixed word between letter look-arounds
        "pyengine.power",  # _MASS_LAND: fixed words, collected from the module
        "pyengine.vocabulary",  # ATOMS: collected from the module (a tuple of patterns)
        "pyengine.widgets.own_deck",  # a token's escaped name, then spaces and "token"
    }


def test_a_tokens_power_is_written_into_lines_of_spaces_and_newlines():
    """own_deck._token_pt (its pattern is built from the token's name) over 300,000 newlines
    and a line of spaces."""
    texts = ["\n" * ALLOWED + "2 Zombie token\n", "3" + " " * ALLOWED + "Zombie tokens"]
    out, done = answered(lambda: own_deck._token_pt(texts, "Zombie", "2/2"))
    assert done and out[0].endswith("\n2 Zombie token 2/2\n") and out[1].endswith("tokens 2/2")
    assert own_deck._token_pt(["1 x Zombie Token"], "Zombie", "1/1") == (
        ["1 x Zombie Token 1/1"], True)
    hostile = [" " * ALLOWED + "1", "\n" * ALLOWED]
    assert answered(lambda: own_deck._token_pt(hostile, "Zombie", "2/2")) == (hostile, False)


def test_a_set_code_reads_a_run_of_open_parentheses():
    """list-formats (the check page's "Pasting a list"): the set-code pattern of a list line
    (``(M21) 123``) looked ahead to the next ``)`` for a letter, so a run of open parentheses was
    read again from each one (507 s for 300,000 in bench_bad_inputs); the look-ahead is now
    bounded by a set code's length, and it still refuses a code without a letter."""
    from pyengine.decklist import _SET
    text = "(" * ALLOWED
    answered(lambda: patterns.read_all(_SET, text))
    answered(lambda: patterns.read_all(_SET, "(" * ALLOWED + "ab)"))
    assert _SET.fullmatch("(M21) 123").group("set", "number") == ("M21", "123")
    assert _SET.fullmatch("(2X2)") and _SET.fullmatch("(1234567a)")
    assert not _SET.fullmatch("(123)") and not _SET.fullmatch("(12345678a)")
    deck = Decklist.from_text("1 Lightning Bolt (2X2) 117\n1 Island (123)\n")
    assert [(e.name, e.set_code) for e in deck.deck_entries()] == [
        ("Lightning Bolt", "2X2"), ("Island (123)", None)]


def test_an_x_count_reads_a_long_line_without_a_full_stop():
    """issue 41's X counts (the card reader's x_is=): the "gets +N/+N until end of turn"
    around-the-sentence pattern read a line with no full stop again from each of its
    characters, and a count code's kind word was read back letter by letter (bench_bad_inputs
    stopped after 9 minutes); now the line is split at its full stops and a kind is at most 30
    letters, read once. What they read stays the same."""
    from pyengine import vocabulary

    answered(lambda: card_text._x_count("a" * ALLOWED))
    answered(lambda: card_text._x_count("where X is " + "a " * (ALLOWED // 2)))
    answered(lambda: patterns.read_all(vocabulary._COUNT_CODE, "a" * ALLOWED))
    answered(lambda: patterns.read_all(vocabulary._COUNT_CODE, "half_" * (ALLOWED // 5)))
    assert card_text._x_count("Create X 2/2 black Zombie tokens, where X is half the number of "
                              "Zombies you control.") == "half_zombies_you_control"
    assert card_text._x_count("Target creature gets +1/+0 until end of turn for each Zombie "
                              "you control.") == ""
    assert [c.kind for c in vocabulary.parse_count("zombies_you_control+"
                                                   "creature_cards_in_your_graveyard")] == [
        "zombies", "creature_cards"]
    assert vocabulary.parse_count("half_up_other_goblins_you_control")[0].rounding == "up"
