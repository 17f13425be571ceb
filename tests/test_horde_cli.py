"""``python -m pyengine horde …``: the SlingLab Horde on a save file, printing the log."""

from __future__ import annotations

import json
import re

from pyengine.cli import main
from pyengine.game import load_game

PRINTED = re.compile(r"^\[([a-z-]+)\] (.*)$", re.M)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def printed(out):
    """The events a command printed, as (kind, text) from its ``[kind] text`` lines."""
    return PRINTED.findall(out)


def saved(path):
    """The game in a save file."""
    with open(path, encoding="utf-8") as file:
        return load_game(file.read())


def newest(path, out):
    """The events of the saved game that the command's output printed last, as
    (kind, cards, data); checks that the output printed them as ``[kind] text``."""
    lines = printed(out)
    events = saved(path).events[-len(lines):]
    assert lines == [(e.kind, e.text) for e in events]
    return [(e.kind, e.cards, e.data) for e in events]


def test_new_turn_hit_show_undo(tmp_path, capsys):
    """hs-3-1: the command line runs a Horde game turn by turn from a save file."""
    path = str(tmp_path / "game.json")
    code, out, _ = run(capsys, "horde", "new", path, "--survivors", "2", "--seed", "amber-otter-17")
    assert code == 0
    assert "seed: amber-otter-17" in out
    game = saved(path)
    assert (len(game.zones["library"]), game.life) == (150, 40)
    assert printed(out) == [(e.kind, e.text) for e in game.events]
    for _ in range(2):
        assert run(capsys, "horde", "turn", path)[0] == 0
    code, out, _ = run(capsys, "horde", "turn", path)
    events = newest(path, out)
    assert code == 0 and events[0] == ("horde-turn", [], {"turn": 1})
    assert "attack" in [kind for kind, _, _ in events]
    code, out, _ = run(capsys, "horde", "hit", path, "3", "--combat")
    mill = [data for kind, _, data in newest(path, out) if kind == "mill"]
    assert code == 0 and mill[0]["count"] == 3
    code, out, _ = run(capsys, "horde", "show", path)
    assert "phase: \"horde\"" in out and "graveyard: 3" in out
    code, out, _ = run(capsys, "horde", "undo", path)
    assert code == 0 and '"hit"' in out
    assert json.loads(open(path).read())["state"]["zones"]["graveyard"] == []
    code, out, _ = run(capsys, "horde", "log", path)
    assert out.count("[survivor-turn]") == 3
    code, out, _ = run(capsys, "horde", "roll", path, "Grizzly Bears", "Serra Angel")
    [(kind, cards, data)] = newest(path, out)
    assert code == 0 and kind == "roll" and data["options"] == ["Grizzly Bears", "Serra Angel"]
    assert cards == [data["pick"]]


def test_custom_options_on_the_command_line(tmp_path, capsys):
    """hs-7-3: every Custom option can be set from the command line."""
    path = str(tmp_path / "game.json")
    code, out, err = run(capsys, "horde", "new", path, "--difficulty", "custom",
                         "--setup-turns", "1", "--exile-percent", "25", "--setup-attacks", "no",
                         "--flashback", "always", "--library-size", "200", "--wave", "3",
                         "--surge", "off", "--rally", "yes", "--life-mode", "fixed",
                         "--life", "70", "--seed", "s")
    assert code == 0, err
    config = json.loads(open(path).read())["config"]
    assert config["custom"] == {"setup_turns": 1, "exile_percent": 25, "flashback": "always",
                                "library_size": 200, "wave": 3, "surge": "off",
                                "setup_attacks": False, "rally": True}
    game = saved(path)
    assert (len(game.zones["library"]), game.life) == (150, 70)
    assert printed(out) == [(e.kind, e.text) for e in game.events]
    code, _, err = run(capsys, "horde", "hit", path, "2", "--combat")
    assert code == 1 and "may not attack" in err


def test_bad_files_and_refusals(tmp_path, capsys):
    """Invariant (saves): unreadable saves exit 2 with a clear message; a refused action
    exits 1 and leaves the file unchanged."""
    missing = str(tmp_path / "none.json")
    code, _, err = run(capsys, "horde", "show", missing)
    assert code == 2 and "no such file" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "horde", "turn", str(bad))
    assert code == 2 and "the save is cut short" in err
    path = str(tmp_path / "game.json")
    run(capsys, "horde", "new", path, "--seed", "s")
    code, _, err = run(capsys, "horde", "new", path)
    assert code == 2 and "exists" in err
    before = open(path).read()
    code, _, err = run(capsys, "horde", "end", path)
    assert code == 1 and "not the Horde's turn" in err
    assert open(path).read() == before
    code, _, err = run(capsys, "limited-horde", "show", path)
    assert code == 2 and "'horde' game" in err
    code, _, err = run(capsys, "horde", "new", str(tmp_path / "x.json"), "--deck", "nope")
    assert code == 2 and "nope" in err
    code, _, err = run(capsys, "horde", "new", str(tmp_path / "y.json"), "--wave", "2")
    assert code == 2 and "custom" in err


def test_limited_horde_command_line(tmp_path, capsys):
    """lh-11-2, lh-8-3: the Limited Edition on the command line, Eldrazi with their
    Dreadnought deck, damage milling 3 to 1."""
    path = str(tmp_path / "lh.json")
    code, out, err = run(capsys, "limited-horde", "new", path, "--deck",
                         "limited-horde-eldrazi-vanguard", "--level", "hard", "--adjustment",
                         "-1", "--seed", "s1")
    assert code == 0, err
    game = saved(path)
    assert (len(game.zones["dreadnought"]), game.preparation) == (12, 2)
    assert printed(out) == [(e.kind, e.text) for e in game.events]
    assert [(e.kind, e.cards) for e in game.events[:2]] == [
        ("setup", []), ("dreadnought", ["Coax from the Blind Eternities"])]
    assert game.events[0].data == {"preparation": 2}
    code, out, _ = run(capsys, "limited-horde", "show", path)
    assert "hunting: \"spawn\"" in out
    assert "dreadnought: 12 card(s) (face up: " in out
    run(capsys, "limited-horde", "turn", path)
    code, out, _ = run(capsys, "limited-horde", "turn", path)
    assert ("horde-turn", [], {"turn": 1, "stage": "assault"}) in newest(path, out)
    code, out, _ = run(capsys, "limited-horde", "hit", path, "7")
    mill = [data for kind, _, data in newest(path, out) if kind == "mill"]
    assert mill and mill[0]["count"] == 2
    code, out, _ = run(capsys, "limited-horde", "target", path, "destroy", "Bear:2",
                       "Angel:5")
    assert code == 0 and "targets Angel" in out
    code, out, _ = run(capsys, "limited-horde", "target", path, "damage", "Bear:2", "Ogre:3",
                       "--amount", "3", "--no-player")
    assert "targets Ogre" in out
    code, out, _ = run(capsys, "limited-horde", "create", path, "Eldrazi Spawn", "-n", "2")
    assert code == 0
    code, _, err = run(capsys, "limited-horde", "victory", path)
    assert code == 1 and "still has" in err
    code, out, _ = run(capsys, "limited-horde", "new", str(tmp_path / "z.json"), "--aggro",
                       "--seed", "s2")
    assert code == 0 and "Aggro Mode" in out and "4 Preparation turn(s)" in out


def test_legal_actions_follow_the_phase(tmp_path):
    """hs-3-8, lh-8-9: the status lists the actions a page should enable now."""
    from pyengine import files
    from pyengine.horde import HordeSlingLab
    from pyengine.horde_common import deck_config
    from pyengine.limited_horde import LimitedHorde

    db = files.load_card_db()
    deck = files.load_deck("horde-knudson-zombies-2011").cards("main")
    names, facts = deck_config(deck, db.get)
    g = HordeSlingLab({"deck": names, "facts": facts}, "s")
    assert g.status()["actions"][:2] == ["end-survivor-turn", "hit"]
    assert "done" not in g.status()["actions"]
    lh_deck = files.load_deck("limited-horde-zombies").cards("main")
    names, facts = deck_config(lh_deck, db.get)
    lh = LimitedHorde({"deck": names, "facts": facts}, "s")
    lh.apply({"type": "look-hand"})
    actions = lh.status()["actions"]
    assert "end-survivor-turn" not in actions and "end-look" in actions
    assert "hunt" not in actions and "confirm-victory" not in actions


def test_legal_lists_actions_and_act_takes_one_as_json(tmp_path, capsys):
    """hs-6-8, hs-5-1: ``legal`` prints the engine's actions now as values (a card and a zone
    filled, an amount open with its range); ``act`` applies one given as JSON, and refuses
    what is not an action in words, leaving the file as it was."""
    path = str(tmp_path / "game.json")
    run(capsys, "horde", "new", path, "--seed", "amber-otter-17")
    code, out, _ = run(capsys, "horde", "legal", path)
    lines = out.splitlines()
    assert code == 0 and lines[:2] == ["end-survivor-turn", "hit n=?(1..)"]
    moves = [line for line in lines if line.startswith("move card=")]
    assert moves and moves[0].endswith("to=battlefield")
    code, out, _ = run(capsys, "horde", "act", path, '{"type": "hit", "n": 2}')
    assert code == 0 and saved(path).actions[-1] == {"type": "hit", "n": 2}
    before = open(path).read()
    code, _, err = run(capsys, "horde", "act", path, '{"n": 2}')
    assert code == 2 and "an object with a 'type'" in err
    code, _, err = run(capsys, "horde", "act", path, '["hit"]')
    assert code == 2 and "not one" in err
    assert open(path).read() == before
