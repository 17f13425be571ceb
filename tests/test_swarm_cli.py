"""``python -m pyengine swarm ...`` (pyengine.commands.swarm): a game played on a save file."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from pyengine.cli import main
from pyengine.game import load_game
from tests.scenarios import anchors

PRINTED_ANCHOR = re.compile(r"  \[([a-z]+-[0-9-]+)\]$", re.M)

ROOT = Path(__file__).resolve().parent.parent


def cli(capsys, *argv):
    code = main(["swarm", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_new_turn_damage_undo(tmp_path, capsys):
    """sw-3-4, sw-8-1: new, turn and damage print the log and keep the save up to date."""
    save = tmp_path / "game.json"
    code, out, _ = cli(capsys, "new", save, "--seed", "amber-otter-17", "--survivors", "2")
    assert code == 0
    assert out.splitlines()[0] == "seed: amber-otter-17"
    game = load_game(save.read_text(encoding="utf-8"))
    assert (game.mode, game.survivors) == ("hive", 2)
    assert all(event.text in out for event in game.events)
    code, out, _ = cli(capsys, "turn", save)
    turn = load_game(save.read_text(encoding="utf-8")).events[len(game.events):]
    assert code == 0 and [e.text for e in turn] and all(e.text in out for e in turn)
    assert PRINTED_ANCHOR.findall(out) == anchors(turn)
    assert "sw-3-4" in PRINTED_ANCHOR.findall(out)
    assert load_game(save.read_text(encoding="utf-8")).phase == "main1"
    assert out.splitlines()[-1].startswith("Swarm turn 1 | ")
    code, out, _ = cli(capsys, "damage", save, 3)
    assert code == 0 and out.count("Milled ") == 3
    game = load_game(save.read_text(encoding="utf-8"))
    assert [a["type"] for a in game.actions] == ["turn", "damage"]
    assert game.counts()["graveyard"] == 3
    code, out, _ = cli(capsys, "undo", save)
    assert code == 0 and "undid: {'amount': 3, 'type': 'damage'}" in out
    assert load_game(save.read_text(encoding="utf-8")).counts()["graveyard"] == 0
    code, out, _ = cli(capsys, "log", save)
    assert code == 0 and all(event.text in out for event in turn)
    code, out, _ = cli(capsys, "show", save)
    first = out.splitlines()[0]
    assert code == 0 and first.startswith("seed: amber-otter-17 ")
    assert "Hive Mind" in first and "Survivors: 2" in first


def test_cli_matches_the_engine(tmp_path, capsys):
    """sw-3-4: the command line gives the same game as the engine for the same seed and actions."""
    save = tmp_path / "game.json"
    cli(capsys, "new", save, "--seed", "quiet-owl-07", "--mode", "overlord")
    for argv in (["turn", save], ["swarm-step", save], ["combat", save], ["end", save],
                 ["gain", save, 2], ["life", save, -5], ["turn", save]):
        assert cli(capsys, *argv)[0] == 0
    game = load_game(save.read_text(encoding="utf-8"))
    assert game.mode == "overlord" and game.life == 35
    assert game.actions == [{"type": "turn"}, {"type": "swarm-step"}, {"type": "combat"},
                            {"type": "end"}, {"type": "gain", "amount": 2},
                            {"type": "life", "amount": -5}, {"type": "turn"}]


def test_refused_action_exit_1_and_file_unchanged(tmp_path, capsys):
    """sw-13-7: an action the rules refuse exits 1 with a message and leaves the file alone."""
    save = tmp_path / "game.json"
    cli(capsys, "new", save, "--seed", "amber-otter-17")
    before = save.read_text(encoding="utf-8")
    code, out, err = cli(capsys, "cast", save, 5)
    assert code == 1 and out == ""
    assert err.startswith("pyengine: not allowed: ") and "Hive Mind" in err
    code, _, err = cli(capsys, "undo", save)
    assert code == 1 and "nothing to undo" in err
    assert save.read_text(encoding="utf-8") == before


def test_bad_files_exit_2(tmp_path, capsys):
    """Unreadable, missing, edited or foreign saves are refused with exit code 2."""
    missing = tmp_path / "missing.json"
    code, _, err = cli(capsys, "turn", missing)
    assert code == 2 and "cannot read game file" in err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json", encoding="utf-8")
    code, _, err = cli(capsys, "damage", garbage, 1)
    assert code == 2 and "Swarm save" in err and "cut short" in err
    save = tmp_path / "game.json"
    cli(capsys, "new", save, "--seed", "amber-otter-17")
    data = json.loads(save.read_text(encoding="utf-8"))
    data["state"]["life"] = 12
    save.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = cli(capsys, "turn", save)
    assert code == 2 and "does not replay" in err
    code, _, err = cli(capsys, "new", save)
    assert code == 2 and "exists; use --force" in err


def test_bad_deck_exit_2(tmp_path, capsys):
    """sw-2-7: a deck without its Enforcers and Reckoning is refused."""
    deck = tmp_path / "deck.txt"
    deck.write_text("10 Zombie\n", encoding="utf-8")
    code, _, err = cli(capsys, "new", tmp_path / "g.json", "--deck", deck)
    assert code == 2 and "--enforcers" in err
    enforcers = tmp_path / "enf.txt"
    enforcers.write_text("// Enforcers\n1 Grave Titan\n", encoding="utf-8")
    code, _, err = cli(capsys, "new", tmp_path / "g.json", "--deck", deck,
                       "--enforcers", enforcers)
    assert code == 2 and "'// Reckoning'" in err


def test_python_dash_m(tmp_path):
    """The command runs as ``python -m pyengine swarm``."""
    save = tmp_path / "g.json"
    result = subprocess.run(
        [sys.executable, "-m", "pyengine", "swarm", "new", str(save), "--seed", "amber-otter-17"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    events = load_game(save.read_text(encoding="utf-8")).events
    assert events and all(event.text in result.stdout for event in events)
