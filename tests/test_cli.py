"""The command line: discovery of subcommands, shuffle output and errors."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import cli, files
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
    deck.write_text("4 Island\n-1 Island\n", encoding="utf-8")
    code = main(["shuffle", str(deck), "--seed", "a"])
    err = capsys.readouterr().err
    assert code == 2 and "line 2" in err


def test_unknown_deck_is_a_clear_error(capsys):
    assert main(["shuffle", "no-such-deck", "--seed", "a"]) == 2
    assert "'no-such-deck' is neither a file nor a shipped deck" in capsys.readouterr().err


def test_no_command_prints_help(capsys):
    assert main([]) == 2


# -- no rough edges (every command, every input) -------------------------------------------


def _one_clear_line(capsys) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.err.count("\n") == 1, captured.err
    assert not any(ch in captured.err + captured.out for ch in "\x00\x1b\x07")
    return captured.err


def test_game_commands_refuse_bad_save_files_in_one_line(tmp_path, capsys):
    """Non-UTF-8, binary, folder and 100,000-deep JSON saves give one plain line, exit 2."""
    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00\x1b[31mPK\x03\x04")
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "Jötun"}'.encode("latin-1"))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    for path in (binary, latin, tmp_path, deep):
        for argv in (["swarm", "end", str(path)], ["horde", "show", str(path)],
                     ["team", "track", str(path), "show"]):
            assert main(argv) == 2, argv
            err = _one_clear_line(capsys)
            assert any(words in err for words in ("is not", "folder", "not a text file",
                                                  "nested far deeper"))


def test_deck_arguments_folder_missing_and_binary(tmp_path, capsys):
    """A folder or a missing path says so (not "unknown deck"); a binary file is one line."""
    binary = tmp_path / "deck.dek"
    binary.write_bytes(bytes(range(256)))
    for argv, said in [(["shuffle", str(tmp_path)], "is a folder"),
                       (["shuffle", str(tmp_path / "gone.txt")], "no such file"),
                       (["deck", "show", str(binary)], "not a text file"),
                       (["horde", "new", str(tmp_path / "g.json"), "--deck", str(tmp_path)],
                        "is a folder")]:
        assert main(argv) == 2, argv
        assert said in _one_clear_line(capsys)


def test_shuffle_refuses_negative_draw_and_empty_decks(tmp_path, capsys):
    """--draw below 0 and a list with no cards are refused with a sentence."""
    assert main(["shuffle", "limited-horde-goblins", "--draw", "-1"]) == 2
    assert "cannot be negative" in _one_clear_line(capsys)
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n", encoding="utf-8")
    assert main(["shuffle", str(empty)]) == 2
    assert "holds no cards" in _one_clear_line(capsys)


def test_shuffle_sets_the_commander_aside(tmp_path, capsys):
    """tc-3-4: a marked commander is not shuffled into the library."""
    deck = tmp_path / "cmd.txt"
    deck.write_text("Commander\n1 Krenko, Mob Boss\nDeck\n99 Mountain\n", encoding="utf-8")
    assert main(["shuffle", str(deck), "--seed", "a"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "commander (set aside): Krenko, Mob Boss"
    assert "Krenko" not in "".join(out.splitlines()[2:])


def test_an_unexpected_error_is_a_sentence_not_a_traceback(monkeypatch, capsys):
    """A bug in a command still ends with a plain line and exit code 70."""
    from pyengine.commands import shuffle

    def broken(args):
        raise ZeroDivisionError("secret internals")

    monkeypatch.setattr(shuffle, "run", broken)
    # a parser of its own: the process's one parser (cli._parser) holds the real command
    monkeypatch.setattr(cli, "_parser", functools.cache(cli.build_parser))
    monkeypatch.delenv("PYENGINE_DEBUG", raising=False)
    assert main(["shuffle", "limited-horde-goblins"]) == 70
    err = _one_clear_line(capsys)
    assert "secret internals" not in err and "ZeroDivisionError" not in err


def test_terminal_safe_escapes_every_control_character():
    """ESC, BEL, OSC/CSI (C1) and bidi overrides are escaped; newlines and tabs kept."""
    from pyengine.cli import terminal_safe

    text = "a\x1b]0;t\x07b\x9b2J\u202ec\td\n"
    assert terminal_safe(text) == "a\\u001b]0;t\\u0007b\\u009b2J\\u202ec\td\n"


@pytest.mark.usefixtures("card_data_read_once")
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400) | st.text(max_size=300).map(lambda t: t.encode("utf-8")))
def test_any_file_gives_an_answer_or_one_plain_line(tmp_path, capsys, data):
    """Whatever bytes a file holds, check, deck show, shuffle and team roll --history answer
    with exit 0, 1 or 2, never a traceback or an unexpected-error exit, and never print a
    control character."""
    path = tmp_path / "input.txt"
    path.write_bytes(data)
    for argv in (["check", str(path), "--format", "swarm"], ["deck", "show", str(path)],
                 ["shuffle", str(path), "--seed", "a"],
                 ["team", "roll", "A", "B", "C", "D", "--history", str(path)]):
        code = main(argv)
        captured = capsys.readouterr()
        assert code in (0, 1, 2), (argv, code, captured.err)
        assert "Traceback" not in captured.err
        assert not any(ch in captured.out + captured.err for ch in "\x00\x1b\x07\x9b")


def test_devices_fifos_and_folders_are_refused_at_once_in_one_line(tmp_path, capsys):
    """Every command that reads a path (decklists, saves, card data, history) refuses
    /dev/zero, a FIFO with no writer and a folder with one line and exit code 2, without
    blocking or reading on (each run under a time limit)."""
    import os

    from tests.test_files import within

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    deck = tmp_path / "deck.txt"
    deck.write_text("40 Island\n", encoding="utf-8")
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        for argv in (["shuffle", path, "--seed", "a"], ["check", "--format", "swarm", path],
                     ["check", "--format", "swarm", "--cards", path, str(deck)],
                     ["horde", "show", path], ["swarm", "end", path],
                     ["team", "track", path, "show"]):
            codes: list[int] = []
            within(20, lambda argv=argv, codes=codes: codes.append(main(argv)))
            assert codes == [2], argv
            line = _one_clear_line(capsys)
            assert any(word in line for word in ("a device", "a FIFO", "a folder")), (argv, line)


def test_files_over_the_page_limit_are_refused_without_reading_on(tmp_path, capsys):
    """A decklist over the page's own paste limit (in bytes) is refused in one line."""
    from pyengine.commands._input import LIMITS

    big = tmp_path / "big.txt"
    big.write_bytes(b"1 Island\n" * (LIMITS["decklist file"] // 9 + 2))
    assert main(["shuffle", str(big), "--seed", "a"]) == 2
    assert "too large" in _one_clear_line(capsys)
