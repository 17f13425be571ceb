"""The command line: discovery of subcommands, shuffle output and errors."""

from __future__ import annotations

from pyengine import files
from pyengine.cli import build_parser, main
from pyengine.shuffler import shuffle_cards


def test_subcommands_are_discovered():
    help_text = build_parser().format_help()
    assert "shuffle" in help_text


def test_shuffle_prints_the_seeded_order(capsys):
    assert main(["shuffle", "limited-horde-goblins", "--seed", "wild-fox-12"]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = shuffle_cards(files.load_deck("limited-horde-goblins").cards("main"), "wild-fox-12")
    assert out[0] == "seed: wild-fox-12"
    assert out[1].split(None, 1)[1].rstrip(" *") == expected.order[0]


def test_shuffle_of_a_file_with_problems_fails_clearly(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Island\n0 Island\n", encoding="utf-8")
    code = main(["shuffle", str(deck), "--seed", "a"])
    err = capsys.readouterr().err
    assert code == 2 and "line 2" in err


def test_unknown_deck_is_a_clear_error(capsys):
    assert main(["shuffle", "no-such-deck", "--seed", "a"]) == 2
    assert "cannot read deck" in capsys.readouterr().err


def test_no_command_prints_help(capsys):
    assert main([]) == 2
