"""``pyengine deck show``: counts, tokens and curve of a deck; clear errors for bad input."""

from __future__ import annotations

import json

from pyengine.cli import main


def test_show_shipped_deck_by_id(capsys):
    """hs-10-1: the default Horde deck shows 100 cards, 40 nontoken and 60 tokens."""
    assert main(["deck", "show", "horde-knudson-zombies-2011"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Zombie Horde (Peter Knudson, 2011)  (100 cards)")
    assert "main: 100 cards — 40 nontoken, 60 tokens" in out
    assert "tokens: 55 Zombie, 5 Zombie Giant" in out
    assert "mana curve" in out


def test_show_json_curve_and_sections(capsys):
    """sw-2-7, sw-4-2: the sample Enforcers list has an enforcers and a reckoning section; the
    sample Swarm deck's curve spreads over mana values 1 to 7."""
    assert main(["deck", "show", "swarm-sample-enforcers", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [s["section"] for s in summary["sections"]] == ["enforcers", "reckoning"]
    assert main(["deck", "show", "swarm-sample", "--json"]) == 0
    main_section = json.loads(capsys.readouterr().out)["sections"][0]
    assert main_section["cards"] == 100
    assert all(main_section["curve"][str(v)] > 0 for v in range(1, 7))
    assert main_section["curve"]["7+"] > 0


def test_show_file_with_annotations_and_unknown_cards(tmp_path, capsys):
    """A pasted file: annotated cards are known, other unknown cards are listed with a hint,
    never guessed."""
    path = tmp_path / "deck.txt"
    path.write_text(
        "#! Gravecrawler | {B} | Creature — Zombie | 2/1\n"
        "4 Gravecrawler\n2 Grave Titn\n10 Zombie\n",
        encoding="utf-8",
    )
    assert main(["deck", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "main: 16 cards — 4 nontoken, 10 tokens, 2 unknown" in out
    assert "unknown card: 2 Grave Titn (did you mean Grave Titan" in out


def test_bad_input_exits_2(tmp_path, capsys):
    """An unknown deck id, a missing file, a list with problems and a non-UTF-8 file give a
    clear message and exit code 2."""
    assert main(["deck", "show", "no-such-deck"]) == 2
    assert "'no-such-deck' is neither a file nor a shipped deck" in capsys.readouterr().err
    assert main(["deck", "show", str(tmp_path / "missing.txt")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Island\n-1 Swamp\n", encoding="utf-8")
    assert main(["deck", "show", str(bad)]) == 2
    assert "line 2: count -1 is negative" in capsys.readouterr().err
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"1 Caf\xe9\n")
    assert main(["deck", "show", str(binary)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n", encoding="utf-8")
    assert main(["deck", "show", str(empty)]) == 2
    assert "no cards" in capsys.readouterr().err
