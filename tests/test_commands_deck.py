"""``pyengine deck show``: counts, tokens and curve of a deck; clear errors for bad input."""

from __future__ import annotations

import json
import re

from pyengine.cli import main


def show(capsys, *argv):
    """The text and the ``--json`` summary of one ``deck show``."""
    assert main(["deck", "show", *argv]) == 0
    text = capsys.readouterr().out
    assert main(["deck", "show", *argv, "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


def numbers(line):
    """The whole numbers in a line of the text summary, in order."""
    return [int(n) for n in re.findall(r"\d+", line)]


def line_of(text, start):
    """The text summary's line that begins (after its indent) with ``start``."""
    return next(line for line in text.splitlines() if line.strip().startswith(start))


def test_show_shipped_deck_by_id(capsys):
    """hs-10-1: the default Horde deck shows 100 cards, 40 nontoken and 60 tokens."""
    out, summary = show(capsys, "horde-knudson-zombies-2011")
    main_section = summary["sections"][0]
    assert (summary["total"], main_section["nontoken"], main_section["tokens"]) == (100, 40, 60)
    assert main_section["token_names"] == {"Zombie": 55, "Zombie Giant": 5}
    assert out.startswith(summary["name"]) and numbers(out.splitlines()[0])[-1] == 100
    assert numbers(line_of(out, "main:")) == [100, 40, 60]
    assert line_of(out, "tokens:").split(": ", 1)[1] == "55 Zombie, 5 Zombie Giant"
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
    out, summary = show(capsys, str(path))
    main_section = summary["sections"][0]
    assert (main_section["cards"], main_section["nontoken"], main_section["tokens"]) == \
        (16, 4, 10)
    assert main_section["unknown"]["Grave Titn"]["count"] == 2
    assert main_section["unknown"]["Grave Titn"]["did_you_mean"][0] == "Grave Titan"
    assert numbers(line_of(out, "main:")) == [16, 4, 10, 2]
    unknown = line_of(out, "unknown card:")
    assert "2 Grave Titn" in unknown and "Grave Titan" in unknown


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
