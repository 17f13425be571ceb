"""``pyengine check``: verdicts, output and exit codes (0 legal, 1 not legal, 2 unreadable)."""

from __future__ import annotations

import json

from pyengine.cli import main
from tests.conftest import DATA

CARDS = str(DATA / "scryfall" / "legality_cards.json")

MEREN = "Commander\n1 Meren of Clan Nel Toth\n\nDeck\n1 Sol Ring\n1 Cultivate\n97 Swamp\n"


def write(tmp_path, text: str, name: str = "deck.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_legal_deck_exits_0(tmp_path, capsys):
    """sw-2-1: a legal Commander deck with Scryfall card data: exit 0, verdict legal."""
    code = main(["check", write(tmp_path, MEREN), "--format", "swarm", "--cards", CARDS])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Swarm Mode (Commander decks): legal (100 cards)")


def test_illegal_deck_exits_1(tmp_path, capsys):
    """hs-1-1: five copies in Horde: exit 1, the line and the rule printed."""
    code = main(["check", write(tmp_path, "5 Lightning Bolt\n35 Mountain\n"), "--format",
                 "horde"])
    out = capsys.readouterr().out
    assert code == 1
    assert "not legal" in out
    assert "line 1: Lightning Bolt: 5 copies" in out and "horde/#hs-1-1" in out


def test_unchecked_exits_1(tmp_path, capsys):
    """sw-2-1: without card data the identity is not checked; that is not "legal" (exit 1)."""
    code = main(["check", write(tmp_path, MEREN), "--format", "swarm"])
    out = capsys.readouterr().out
    assert code == 1
    assert "not everything could be checked" in out
    assert "Meren of Clan Nel Toth" in out


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
    assert "banned as a commander" in capsys.readouterr().out
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
