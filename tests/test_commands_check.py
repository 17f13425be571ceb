"""``pyengine check``: verdicts, output and exit codes (0 legal, 1 not legal, 2 unreadable)."""

from __future__ import annotations

import json
import re

import pytest

from pyengine.cli import main
from pyengine.legality import FORMATS, LEGAL, NOT_CHECKED, NOT_LEGAL
from tests.conftest import DATA

#: The commands read the card data once per test, not once per run (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("card_data_read_once")

CARDS = str(DATA / "scryfall" / "legality_cards.json")

MEREN = "Commander\n1 Meren of Clan Nel Toth\n\nDeck\n1 Sol Ring\n1 Cultivate\n97 Swamp\n"


def write(tmp_path, text: str, name: str = "deck.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


VERDICT_LINE = re.compile(r"^(.+): (.+) \((\d+) cards\)$")
FINDING_LINE = re.compile(r"^  (\w+): line (\d+): (.+?): .* \[[^\]]*: (\S+)\]$", re.M)


def verdict_of(line: str) -> tuple[str, str, int]:
    """(format title, verdict, card count) of the report's verdict line."""
    match = VERDICT_LINE.match(line)
    assert match, line
    return match[1], match[2], int(match[3])


def findings_of(out: str) -> list[tuple[str, int, str, str]]:
    """(severity, line, card, rule address) of each finding the text report prints."""
    return [(s, int(n), card, rule) for s, n, card, rule in FINDING_LINE.findall(out)]


def test_legal_deck_exits_0(tmp_path, capsys):
    """sw-2-1: a legal Commander deck, with the shipped full card data or Scryfall JSON given
    too: exit 0, verdict legal, the format it was read as named."""
    for extra in ([], ["--cards", CARDS]):
        code = main(["check", write(tmp_path, MEREN), "--format", "swarm", *extra])
        out = capsys.readouterr().out.splitlines()
        assert code == 0
        assert out[0].endswith("deck.txt': read as MTG Arena")
        assert verdict_of(out[1]) == (FORMATS["swarm"].title, LEGAL, 100)


def test_illegal_deck_exits_1(tmp_path, capsys):
    """hs-1-1: five copies in Horde: exit 1, the line and the rule printed."""
    code = main(["check", write(tmp_path, "5 Lightning Bolt\n35 Mountain\n"), "--format",
                 "horde"])
    out = capsys.readouterr().out
    assert code == 1
    assert verdict_of(out.splitlines()[1]) == (FORMATS["horde"].title, NOT_LEGAL, 40)
    assert findings_of(out) == [("error", 1, "Lightning Bolt", "horde/#hs-1-1")]
    assert "5 copies" in out


def test_unchecked_exits_1(tmp_path, capsys):
    """sw-2-1: a card the data does not know is an unknown card; that is not "legal"
    (exit 1), and the report names it with a suggestion."""
    text = MEREN.replace("1 Cultivate", "1 Cultivait")
    code = main(["check", write(tmp_path, text), "--format", "swarm"])
    out = capsys.readouterr().out
    assert code == 1
    assert verdict_of(out.splitlines()[1])[1] == NOT_CHECKED
    assert findings_of(out) == [("unchecked", 6, "Cultivait", "swarm/#sw-2-1")]
    assert "not checked: Cultivait" in out and "Cultivate?" in out


def test_json_output(tmp_path, capsys):
    """tc-1-3: --json prints the report; a sideboard in Team Commander is an error."""
    text = MEREN + "\nSideboard\n1 Counterspell\n"
    code = main(["check", write(tmp_path, text), "--format", "team-commander", "--cards", CARDS,
                 "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["verdict"] == "not legal"
    assert data["commanders"] == ["Meren of Clan Nel Toth"]
    side = [f for f in data["findings"] if f["code"] == "sideboard"]
    assert side[0]["rule"] == "team-commander/#tc-1-3" and side[0]["line"] == 10


def test_playgroup_options(tmp_path, capsys):
    """tc-1-2: --playgroup-commander bans a card as commander only."""
    deck = write(tmp_path, MEREN)
    code = main(["check", deck, "--format", "tc", "--cards", CARDS,
                 "--playgroup-commander", "Meren of Clan Nel Toth"])
    assert code == 1
    assert findings_of(capsys.readouterr().out) == [
        ("error", 2, "Meren of Clan Nel Toth", "team-commander/#tc-1-2")]
    assert main(["check", deck, "--format", "tc", "--cards", CARDS,
                 "--playgroup", "Sol Ring; Cultivate"]) == 1
    assert main(["check", deck, "--format", "swarm", "--cards", CARDS,
                 "--survivor-warnings"]) == 0


def test_unreadable_input_exits_2(tmp_path, capsys):
    """hs-1-1: a missing file, non-UTF-8 text, an empty list, bad card data: exit 2."""
    assert main(["check", str(tmp_path / "missing.txt"), "--format", "horde"]) == 2
    latin = tmp_path / "latin.txt"
    latin.write_bytes("40 Nazg\u00fbl\n".encode("latin-1"))
    assert main(["check", str(latin), "--format", "horde"]) == 2
    assert main(["check", write(tmp_path, "# nothing\n\n"), "--format", "horde"]) == 2
    assert main(["check", write(tmp_path, "0 Sol Ring\n"), "--format", "horde"]) == 2
    deck = write(tmp_path, MEREN)
    assert main(["check", deck, "--format", "swarm", "--cards",
                 write(tmp_path, "{not json", "bad.json")]) == 2
    assert main(["check", deck, "--format", "swarm", "--cards",
                 write(tmp_path, "42", "num.json")]) == 2
    assert main(["check", deck, "--format", "swarm", "--cards",
                 str(tmp_path / "none.json")]) == 2
    assert main(["check", deck, "--format", "vintage"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "not JSON" in err and "unknown format" in err


def test_annotations_supply_facts(tmp_path, capsys):
    """sw-2-1: card facts written in the list (#! lines) let identity be checked offline."""
    text = ("#! Meren of Clan Nel Toth | {2}{B}{G} | Legendary Creature — Human Shaman | 3/4\n"
            "#! Sol Ring | {1} | Artifact\n#! Cultivate | {2}{G} | Sorcery\n" + MEREN)
    assert main(["check", write(tmp_path, text), "--format", "swarm"]) == 0
    assert "legal" in capsys.readouterr().out


# -- no rough edges ----------------------------------------------------------------------------


def test_folder_missing_binary_and_non_utf8_inputs(tmp_path, capsys):
    """tc-1-1: a folder, a missing path, a binary file and a non-UTF-8 file each give one clear
    line (exit 2): no traceback, no bytes of the file echoed."""
    binary = tmp_path / "photo.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x1b[31m" + bytes(range(256)))
    latin = tmp_path / "latin.txt"
    latin.write_bytes("1 Jötun Grunt\n".encode("latin-1"))
    cases = [(str(tmp_path), "is a folder"), (str(tmp_path / "nope.txt"), "no such file"),
             (str(binary), "is not a text file"), (str(latin), "is not UTF-8 text")]
    for path, said in cases:
        assert main(["check", path, "--format", "swarm"]) == 2
        captured = capsys.readouterr()
        assert said in captured.err and captured.out == ""
        assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
        assert "IHDR" not in captured.err and "\x1b" not in captured.err


def test_empty_list_is_refused(tmp_path, capsys):
    """tc-1-1: a file with no cards is refused with a sentence."""
    assert main(["check", write(tmp_path, "# nothing here\n\n"), "--format", "horde"]) == 2
    assert "holds no cards" in capsys.readouterr().err


def test_control_characters_never_reach_the_terminal(tmp_path, capsys):
    """tc-1-1: ESC, BEL, OSC and C1 bytes in a list are printed escaped, in text and JSON."""
    evil = "1 Sol Ring\x1b]0;owned\x07\n1 \x9b31mKrenko\n\x1b[2J1 Island\n40 Mountain\n"
    path = write(tmp_path, evil)
    for extra in ([], ["--json"]):
        main(["check", path, "--format", "horde", *extra])
        captured = capsys.readouterr()
        for stream in (captured.out, captured.err):
            assert not any(ch in stream for ch in "\x1b\x07\x9b")
        assert "\\u001b" in captured.out
        if extra:
            json.loads(captured.out)  # still valid JSON, with the C1 byte escaped


def test_commander_choice_and_proposal(tmp_path, capsys):
    """sw-2-1: with no commander marked the CLI says which it assumed; --commander chooses."""
    text = "1 Meren of Clan Nel Toth\n1 Sol Ring\n1 Cultivate\n97 Swamp\n"
    path = write(tmp_path, text)
    assert main(["check", path, "--format", "swarm"]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("commander: Meren of Clan Nel Toth (assumed")
               for line in out.splitlines())
    assert main(["check", path, "--format", "swarm", "--json", "--commander",
                 "Meren of Clan Nel Toth"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["commander_source"] == "chosen" and data["read_as"] == "text"


def test_csv_exports_are_checked_and_a_table_without_names_is_explained(tmp_path, capsys):
    """tc-1-1: a CSV export is read as a table (whatever the file is called); a table with no
    card-name column is refused with the columns it has."""
    path = DATA / "decklists" / "scryfall-deck.csv"
    renamed = write(tmp_path, path.read_text("utf-8"), "export.txt")
    assert main(["check", renamed, "--format", "team-commander", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["read_as"] == "csv" and data["commanders"] == ["Kenrith, the Returned King"]
    assert "sideboard" in {f["code"] for f in data["findings"]}  # tc-1-3: no sideboard
    bad = str(DATA / "decklists" / "no-name-column.csv")
    assert main(["check", bad, "--format", "swarm"]) == 2
    err = capsys.readouterr().err
    assert "no card-name column" in err and "'Quantity'" in err
