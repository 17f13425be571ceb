"""scripts/import_scryfall.py: Scryfall card objects -> the compact card facts, and the
committed decks/card-facts.tsv.gz (no network: the download is never run in tests)."""

from __future__ import annotations

import gzip
import importlib.util
import json

import pytest

from pyengine import combos, files, printed_names
from pyengine.cards import CardDB
from tests.conftest import ROOT

SPEC = importlib.util.spec_from_file_location("import_scryfall",
                                              ROOT / "scripts" / "import_scryfall.py")
importer = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(importer)

#: Hand-made card objects in Scryfall's format (facts only; the texts are our own stand-ins
#: for the abilities the importer looks for).
SAMPLE = [
    {"name": "Test Captain", "layout": "normal", "mana_cost": "{2}{R}{W}", "cmc": 4.0,
     "type_line": "Legendary Creature — Human Soldier", "oracle_text": "Partner (text.)",
     "power": "3", "toughness": "3", "colors": ["R", "W"], "color_identity": ["R", "W"],
     "legalities": {"commander": "legal"}, "games": ["paper", "mtgo"]},
    {"name": "Test Rats", "layout": "normal", "mana_cost": "{1}{B}", "type_line": "Creature — Rat",
     "oracle_text": "A deck can have any number of cards named Test Rats.", "power": "1",
     "toughness": "1", "color_identity": ["B"]},
    {"name": "Test Dwarves", "mana_cost": "{1}{R}", "type_line": "Creature — Dwarf",
     "oracle_text": "A deck can have up to seven cards named Test Dwarves.", "power": "2",
     "toughness": "2", "color_identity": ["R"]},
    {"name": "Hot // Cold", "mana_cost": "{1}{R} // {2}{U}", "type_line": "Instant // Instant",
     "oracle_text": None, "color_identity": ["U", "R"],
     "card_faces": [{"name": "Hot", "mana_cost": "{1}{R}", "type_line": "Instant"},
                    {"name": "Cold", "mana_cost": "{2}{U}", "type_line": "Instant"}]},
    {"name": "Giant Man // Big Stomp", "mana_cost": "{2}{R} // {1}{R}",
     "type_line": "Creature — Giant // Instant — Adventure", "color_identity": ["R"],
     "card_faces": [{"name": "Giant Man", "mana_cost": "{2}{R}", "power": "4",
                     "toughness": "3", "type_line": "Creature — Giant"},
                    {"name": "Big Stomp", "mana_cost": "{1}{R}",
                     "type_line": "Instant — Adventure"}]},
    {"name": "Day Wolf // Night Wolf", "mana_cost": None, "color_identity": ["G"],
     "type_line": "Creature — Wolf // Creature — Werewolf",
     "card_faces": [{"name": "Day Wolf", "mana_cost": "{3}{G}", "power": "3",
                     "toughness": "3", "type_line": "Creature — Wolf", "colors": ["G"]},
                    {"name": "Night Wolf", "mana_cost": "", "type_line": "Creature — Werewolf"}]},
    {"name": "A-Test Sprite", "mana_cost": "{U}", "type_line": "Creature — Faerie",
     "color_identity": ["U"], "games": ["arena"], "legalities": {"commander": "not_legal"}},
    {"name": "Test Bomb", "mana_cost": "{0}", "type_line": "Artifact", "color_identity": [],
     "legalities": {"commander": "banned"}, "games": ["paper"]},
    {"name": "Goblin", "layout": "token", "type_line": "Token Creature — Goblin"},
    "not a card",
]


def built() -> CardDB:
    text, counts = importer.build(SAMPLE, "test sample", "2026-01-02")
    assert counts["skipped"] == 2
    db = CardDB.from_compact(text)
    db.check_rows()
    assert db.meta["date"] == "2026-01-02" and db.meta["source"] == "test sample"
    return db


def test_facts_and_tags_are_derived_without_the_text():
    """sw-2-1: commander, partner, deck-building exceptions, legality and games come out as
    tags; no Oracle text is written."""
    text, _ = importer.build(SAMPLE, "test sample", "2026-01-02")
    assert "A deck can have" not in text and "(text.)" not in text
    db = built()
    captain = db["Test Captain"]
    assert captain.tags == ("legendary", "partner", "games=pm")
    assert (captain.mana_value, captain.color_identity, captain.power) == (4, "WR", 3)
    assert db["Test Rats"].has_tag("any_number")
    assert db["Test Dwarves"].tag_value("copy_limit") == "7"
    assert db["A-Test Sprite"].tag_value("games") == "a"
    assert db["A-Test Sprite"].tag_value("commander") == "not_legal"
    assert db["Test Bomb"].tag_value("commander") == "banned"
    assert "Goblin" not in db


def test_faces_and_mana_values():
    """Split cards add their halves; adventures and two-faced cards count the first face;
    every face name finds the card."""
    db = built()
    assert db["Cold"].name == "Hot // Cold" and db["Hot/Cold"].mana_value == 5
    giant = db["Big Stomp"]
    assert (giant.name, giant.mana_value, giant.mana_cost, giant.power) == (
        "Giant Man // Big Stomp", 3, "{2}{R}", 4)
    wolf = db["night wolf"]
    assert (wolf.mana_value, wolf.colors, wolf.mana_cost) == (4, "G", "{3}{G}")


def test_banned_cards_missing_from_the_source_are_added_by_name():
    """The snapshot leaves out banned cards: the ban lists' names are added (Conspiracy
    cards with their type), so a ban is never an "unknown card"."""
    db = built()
    assert db["Black Lotus"].has_tag("no_facts")
    assert db["Backup Plan"].type_line == "Conspiracy"


def test_main_writes_and_reports_size(tmp_path, capsys):
    """The importer writes gzip and prints the size and the source's date; a source it cannot
    read leaves the output untouched (exit 1)."""
    source = tmp_path / "cards-2026-03-04.json"
    source.write_text(json.dumps(SAMPLE), encoding="utf-8")
    out = tmp_path / "facts.tsv.gz"
    assert importer.main(["--source", str(source), "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "bytes gzip" in printed and "dated 2026-03-04" in printed
    assert CardDB.from_compact(gzip.decompress(out.read_bytes()).decode())["Test Rats"]
    before = out.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert importer.main(["--source", str(bad), "--output", str(out)]) == 1
    assert out.read_bytes() == before


def test_committed_card_data_reads_whole_and_is_small():
    """The committed file: under 1 MB gzip, every row readable, dated, and it knows the cards
    of every shipped ban list (by name at least)."""
    path = ROOT / "decks" / "card-facts.tsv.gz"
    assert path.stat().st_size < 1_000_000
    db = files.load_card_facts()
    db.check_rows()
    assert len(db) > 29_000 and db.meta.get("date")
    for key in ("commander", "horde-survivor", "team-commander"):
        banlist = files.load_banlist(key)
        missing = [n for n in banlist.names() if n not in db]
        assert missing == [], (key, missing)


@pytest.mark.parametrize("name", ["Jotun Grunt", "AEther Vial", "Æther Vial", "Fire/Ice",
                                  "Insectile Aberration", "Lim-Dul's Vault", "Nazgul"])
def test_committed_data_knows_every_spelling(name):
    assert files.load_full_card_db().get(name) is not None


SNAPSHOT = sorted((ROOT.parent.parent / "shared" / "reference" / "scryfall").glob("*.json.gz")) \
    or sorted((ROOT.parent / "shared" / "reference" / "scryfall").glob("*.json.gz"))


def _sentences(card: dict) -> list[str]:
    texts = [card.get("oracle_text") or ""] + [f.get("oracle_text") or ""
                                               for f in card.get("card_faces") or []]
    import re
    return [s.strip().casefold() for t in texts for s in re.split(r"(?<=[.!\n])", t)
            if s.strip()]


def independent_reading(cards: list[dict]) -> tuple[set[str], set[str]]:
    """A second, plain reading of the snapshot, sentence by sentence and word by word: a
    sentence about an extra turn that does not stop one (skip, would begin, can't); a sentence
    where "control(s) [of]" has "player"/"opponent" within its next three words, followed by
    "during ... next"."""
    extra, control = set(), set()
    for card in cards:
        for sentence in _sentences(card):
            if "extra turn" in sentence and not any(
                    word in sentence for word in ("skip", "would begin", "can't", "cannot")):
                extra.add(card["name"])
            words = sentence.replace(",", " ").split()
            for at, word in enumerate(words):
                if word not in ("control", "controls"):
                    continue
                after = words[at + 1:at + 4]
                if after[:1] == ["of"]:
                    after = after[1:]
                if any(w.startswith(("player", "opponent")) for w in after[1:3]) and \
                        "during" in words[at:] and "next" in words[at:]:
                    control.add(card["name"])
    return extra, control


@pytest.mark.skipif(not SNAPSHOT, reason="the Scryfall snapshot is in the project workspace")
def test_rule_stated_bans_in_the_data_match_a_reading_of_the_text():
    """tc-5-1: the committed card data marks every card the snapshot's text shows giving an
    extra turn (52 cards in the 2025-09-25 snapshot) or taking over a turn (6), the same set
    a plain sentence-by-sentence reading finds; every such card of the hand-kept list that the
    snapshot holds is marked."""
    cards = json.loads(gzip.decompress(SNAPSHOT[-1].read_bytes()).decode("utf-8"))
    extra, control = independent_reading(cards)
    db = files.load_card_facts()
    marked_extra = {f.name for f in db if f.has_tag("extra_turn")}
    marked_control = {f.name for f in db if f.has_tag("controls_turn")}
    print(f"extra_turn: {len(marked_extra)} cards marked, {len(extra)} by the reading; "
          f"controls_turn: {len(marked_control)} marked, {len(control)} by the reading")
    assert marked_extra == extra and marked_control == control
    assert len(marked_extra) == 52 and len(marked_control) == 6
    listed = files.load_banlist("team-commander")
    names = {c["name"] for c in cards}
    for section, marked in (("extra-turns", marked_extra), ("take-over-a-turn", marked_control)):
        in_snapshot = [n for n in listed.names(section) if db.get(n) and db[n].name in names]
        assert all(db[n].name in marked for n in in_snapshot), section


def test_rule_ban_tags_in_the_importer():
    """tc-5-1: the importer writes extra_turn and controls_turn from the text (never the
    text itself), and not for a card that stops extra turns."""
    sample = [
        {"name": "Test Time", "mana_cost": "{3}{U}", "type_line": "Sorcery",
         "oracle_text": "Take an extra turn after this one.", "color_identity": ["U"]},
        {"name": "Test Stopper", "mana_cost": "{3}", "type_line": "Artifact",
         "oracle_text": "If a player would begin an extra turn, that player skips that turn "
                        "instead.", "color_identity": []},
        {"name": "Test Mind", "mana_cost": "{6}", "type_line": "Artifact",
         "oracle_text": "{T}: You control target player during that player's next turn.",
         "color_identity": []},
    ]
    text, _ = importer.build(sample, "test", "2026-01-02")
    db = CardDB.from_compact(text)
    assert db["Test Time"].has_tag("extra_turn")
    assert not db["Test Stopper"].has_tag("extra_turn")
    assert db["Test Mind"].has_tag("controls_turn")
    assert "extra turn after" not in text


# -- Scryfall's current bulk shape, the other sources, and bad input (issue 37) ------------------
BULK = ROOT / "tests" / "data" / "bulk"
sources = importer.bulk_entry.__globals__  # the module scripts/bulk_sources.py


def gzipped(tmp_path, name: str, data: bytes | None = None):
    """A fixture gzipped as Scryfall serves it (or ``data``, gzipped, under ``name``)."""
    target = tmp_path / (name + ".gz")
    target.write_bytes(gzip.compress(data if data is not None else (BULK / name).read_bytes()))
    return target


def outputs(tmp_path):
    """The four outputs, each holding a committed stand-in, and the arguments naming them."""
    paths = {key: tmp_path / f"{key}.out" for key in ("facts", "printed", "combos")}
    for path in paths.values():
        path.write_bytes(b"committed")
    args = ["--output", str(paths["facts"]), "--printed-names", str(paths["printed"]),
            "--combos-output", str(paths["combos"])]
    return paths, args


def unchanged(paths) -> bool:
    return all(path.read_bytes() == b"committed" for path in paths.values())


def test_jsonl_bulk_is_streamed_and_non_cards_are_counted(tmp_path, capsys):
    """The current bulk shape (gzipped JSON Lines) reads; token, art series, front card and
    emblem objects are skipped and counted by layout."""
    paths, args = outputs(tmp_path)
    source = gzipped(tmp_path, "oracle-cards.jsonl")
    assert importer.main(["--source", str(source), "--date", "2026-12-05", *args]) == 0
    printed = capsys.readouterr().out
    assert "skipped 4 non-card objects (1 art_series, 1 emblem, 1 front_card, 1 token)" in printed
    db = CardDB.from_compact(gzip.decompress(paths["facts"].read_bytes()).decode())
    assert db["Thassa's Oracle"].color_identity == "U" and db.meta["date"] == "2026-12-05"
    assert db["Delver of Secrets"].name == "Delver of Secrets // Insectile Aberration"
    assert db["Black Lotus"].tag_value("commander") == "banned"
    assert "Goblin" not in db and "Test Set Front Card" not in db
    assert paths["printed"].read_bytes() == b"committed"  # no All Cards: not written


def test_iter_objects_reads_lines_one_at_a_time(tmp_path):
    """The JSON Lines reader yields each object as it reads its line (never the whole file):
    the first object comes before a broken last line is reached."""
    lines = (BULK / "oracle-cards.jsonl").read_bytes() + b"{broken\n"
    found = sources["iter_objects"](gzipped(tmp_path, "x.jsonl", lines))
    assert next(found)["name"] == "Sol Ring"
    with pytest.raises(sources["SourceError"], match=r"line 17: not JSON"):
        list(found)


def fake_network(monkeypatch, tmp_path, answer=None, broken: str = ""):
    """Scryfall's and Spellbook's answers from the fixtures (no network in tests)."""
    files_by_host = {"oracle-cards": gzipped(tmp_path, "oracle-cards.jsonl"),
                     "all-cards": gzipped(tmp_path, "all-cards.jsonl"),
                     "commanderspellbook": gzipped(tmp_path, "variants.json")}
    bulk = json.loads((BULK / "bulk-data.json").read_text(encoding="utf-8"))

    def fetch_json(url):
        if broken == "scryfall":
            raise sources["Unreachable"](f"{url} could not be reached (no network)")
        return bulk if answer is None else answer

    def download(url, target):
        if broken and broken in url:
            raise sources["Unreachable"](f"{url} could not be reached (no network)")
        found = next(path for key, path in files_by_host.items() if key in url)
        target.write_bytes(found.read_bytes())
        return target.stat().st_size

    monkeypatch.setattr(importer, "fetch_json", fetch_json)
    monkeypatch.setattr(importer, "download", download)


def test_download_reads_the_bulk_list_and_writes_every_file(tmp_path, monkeypatch, capsys):
    """--download takes jsonl_download_uri and updated_at from the bulk-data list, and writes
    the card data, the printed-names map and the combos, with a job summary."""
    fake_network(monkeypatch, tmp_path)
    paths, args = outputs(tmp_path)
    summary = tmp_path / "summary.md"
    assert importer.main(["--download", "--summary", str(summary), *args]) == 0
    out = capsys.readouterr().out
    db = CardDB.from_compact(gzip.decompress(paths["facts"].read_bytes()).decode())
    assert db.meta["date"] == "2026-12-05" and "Oracle Cards" in db.meta["source"]
    assert "'oracle_cards' (jsonl" in out and "'all_cards' (jsonl" in out
    report = summary.read_text(encoding="utf-8")
    assert report.startswith("### Card data refreshed") and "printed names" in report


def test_printed_names_map_every_language_and_flavor_name(tmp_path, monkeypatch):
    """The map holds each non-English printed name (each face of a two-faced card) and the
    flavor name of a reflavoured printing, for cards in the card data, once each."""
    fake_network(monkeypatch, tmp_path)
    paths, args = outputs(tmp_path)
    assert importer.main(["--download", *args]) == 0
    text = gzip.decompress(paths["printed"].read_bytes()).decode("utf-8")
    names = printed_names.parse(text)
    assert names.date == "2026-12-05"
    for printed, lang, card in [("Solring", "de", "Sol Ring"), ("Anneau solaire", "fr", "Sol Ring"),
                                ("太陽の指輪", "ja", "Sol Ring"), ("太阳戒指", "zhs", "Sol Ring"),
                                ("Volta del Mana", "it", "Mana Vault"),
                                ("Bóveda de maná", "es", "Mana Vault"),
                                ("Cofre de Mana", "pt", "Mana Vault"),
                                ("마나 금고", "ko", "Mana Vault"),
                                ("Хранилище Маны", "ru", "Mana Vault"),
                                ("Gebirge", "de", "Mountain"),
                                ("Swordsmouse of the Meadow", "flavor", "Brightblade Stoat")]:
        assert names.lookup(printed) == printed_names.PrintedName(printed, lang, card)
    delver = "Delver of Secrets // Insectile Aberration"
    assert names.lookup("Grübler der Geheimnisse").name == delver
    assert names.lookup("Insektenhafte Abscheulichkeit").name == delver
    assert len(names) == 13  # Gebirge twice in the source, once in the map; no English rows


def test_combos_are_the_two_card_infinite_ones_legal_in_commander(tmp_path, monkeypatch):
    """Spellbook's export is reduced to two-card combos legal in Commander that give something
    infinite or win: not the three-card one, the one needing a template, the one not legal,
    nor the one that makes only some mana; timing from bracketTag."""
    fake_network(monkeypatch, tmp_path)
    paths, args = outputs(tmp_path)
    assert importer.main(["--download", *args]) == 0
    found = combos.parse(gzip.decompress(paths["combos"].read_bytes()).decode("utf-8"))
    pairs = {c.cards: (c.timing, c.produces) for c in found.combos}
    assert pairs == {
        ("Demonic Consultation", "Thassa's Oracle"): ("early", ("Win the game",)),
        ("Dramatic Reversal", "Isochron Scepter"): (
            "late", ("Infinite storm count",
                     "Infinite untap of nonland permanents you control")),
        ("Exquisite Blood", "Sanguine Bond"): ("low", ("Infinite lifegain",
                                                       "Infinite lifeloss")),
    }
    assert found.meta["date"] == "2026-12-05" and "Commander Spellbook" in found.meta["source"]
    assert found.meta["licence"] and found.meta["combos"] == "3"


def test_unreachable_network_keeps_the_committed_files_and_says_so(tmp_path, monkeypatch):
    """Only an unreachable network falls back (exit 3): nothing is written and the job summary
    says the committed data was kept."""
    fake_network(monkeypatch, tmp_path, broken="scryfall")
    paths, args = outputs(tmp_path)
    summary = tmp_path / "summary.md"
    assert importer.main(["--download", "--summary", str(summary), *args]) == importer.NETWORK
    assert unchanged(paths)
    report = summary.read_text(encoding="utf-8")
    assert "NOT fully refreshed" in report and "card data" in report


def test_unreachable_spellbook_writes_the_card_data_without_combos(tmp_path, monkeypatch):
    fake_network(monkeypatch, tmp_path, broken="commanderspellbook")
    paths, args = outputs(tmp_path)
    assert importer.main(["--download", *args]) == importer.NETWORK
    assert paths["combos"].read_bytes() == b"committed"
    assert paths["facts"].read_bytes() != b"committed"


def refused(capsys, tmp_path, args_extra, monkeypatch=None, answer=None) -> str:
    """Run the importer on bad input: exit 1, one message, every output as it was."""
    paths, args = outputs(tmp_path)
    assert importer.main([*args_extra, *args]) == 1
    assert unchanged(paths)
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "nothing was written" in err
    return err


def test_a_truncated_bulk_file_is_refused(tmp_path, capsys):
    """point 7: a gzip file cut short stops the import with one message."""
    whole = gzip.compress((BULK / "oracle-cards.jsonl").read_bytes())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[:len(whole) // 2])
    assert "truncated or damaged" in refused(capsys, tmp_path, ["--source", str(cut)])


def test_a_hostile_line_is_refused(tmp_path, capsys):
    """point 7: a line nested far deeper than any card, and a line that is not an object."""
    deep = gzipped(tmp_path, "deep.jsonl", b'{"a": ' * 100_000 + b"1" + b"}" * 100_000 + b"\n")
    assert "line 1: nested too deeply" in refused(capsys, tmp_path, ["--source", str(deep)])
    array = gzipped(tmp_path, "deep.json", b"[" * 200_000 + b"]" * 200_000)
    assert "nested too deeply" in refused(capsys, tmp_path, ["--source", str(array)])
    number = gzipped(tmp_path, "n.jsonl", (BULK / "oracle-cards.jsonl").read_bytes() + b"42\n")
    assert "line 17: not a JSON object" in refused(capsys, tmp_path, ["--source", str(number)])


def test_an_enormous_line_is_refused_before_it_is_decoded(tmp_path, capsys):
    """point 7: a line over MAX_LINE bytes (no card object is near it)."""
    huge = b'{"name": "' + b"x" * (sources["MAX_LINE"] + 10) + b'"}\n'
    path = gzipped(tmp_path, "huge.jsonl", (BULK / "oracle-cards.jsonl").read_bytes() + huge)
    assert "line 17: longer than 1,000,000 bytes" in refused(capsys, tmp_path,
                                                             ["--source", str(path)])


@pytest.mark.parametrize("answer, message", [
    ({"object": "list", "data": [{"object": "bulk_data", "type": "oracle_cards",
                                  "updated_at": "2026-12-05", "uri": "x",
                                  "download_url": "https://data.scryfall.io/x.json"}]},
     "no jsonl_download_uri (keys: download_url, object, type, updated_at, uri)"),
    ({"object": "error", "code": "not_found", "details": "No such bulk file."},
     "Scryfall answered with an error: No such bulk file."),
    ({"object": "list", "data": [{"object": "bulk_data", "type": "default_cards"}]},
     "lists no 'oracle_cards' file (types: default_cards)"),
    ({"object": "list", "data": [{"type": "oracle_cards", "updated_at": "2026-12-05",
                                  "jsonl_download_uri": "http://example.com/cards.jsonl.gz"}]},
     "not an https address of Scryfall"),
    ({"objects": []}, "no 'data' list"),
])
def test_an_answer_with_other_keys_is_refused(tmp_path, monkeypatch, capsys, answer, message):
    """point 7: a bulk-data answer of another shape fails the import (exit 1: the deploy
    fails), naming what it found."""
    fake_network(monkeypatch, tmp_path, answer=answer)
    assert message in refused(capsys, tmp_path, ["--download"])


def test_the_old_download_uri_still_reads(tmp_path, monkeypatch):
    """An entry with only the old download_uri (one JSON array) is still read."""
    bulk = json.loads((BULK / "bulk-data.json").read_text(encoding="utf-8"))
    assert sources["bulk_entry"](bulk, "all_cards")[1:] == ("2026-12-05", "jsonl")
    old = {"type": "oracle_cards", "updated_at": "2025-01-02T10:00:00.000+00:00",
           "download_uri": "https://data.scryfall.io/oracle-cards/oracle-cards.json"}
    assert sources["bulk_entry"](old, "oracle_cards")[1:] == ("2025-01-02", "json")


def test_printed_names_naming_no_card_are_refused(tmp_path, capsys):
    """point 7: an All Cards file whose printed names name cards the card data lacks (here
    every one: another file) stops the import; nothing is written."""
    other = b"".join(
        json.dumps({"object": "card", "name": f"Other Card {n}", "lang": "de",
                    "layout": "normal", "printed_name": f"Andere Karte {n}"}).encode() + b"\n"
        for n in range(3))
    path = gzipped(tmp_path, "other-all.jsonl", other)
    source = gzipped(tmp_path, "oracle-cards.jsonl")
    err = refused(capsys, tmp_path, ["--source", str(source), "--all-cards", str(path)])
    assert "3 printed names name no card of the card data (Andere Karte 0 -> Other Card 0" in err


def test_a_spellbook_export_of_another_shape_is_refused(tmp_path, capsys):
    """point 7: variants without 'uses', a truncated export, combos naming no card."""
    source = gzipped(tmp_path, "oracle-cards.jsonl")
    data = json.loads((BULK / "variants.json").read_text(encoding="utf-8"))
    for variant in data["variants"]:
        variant["cards"] = variant.pop("uses")
    changed = gzipped(tmp_path, "changed.json", json.dumps(data).encode())
    err = refused(capsys, tmp_path, ["--source", str(source), "--combos", str(changed)])
    assert "variant 1 (1414-2730): no 'uses' list (keys: bracketTag, cards," in err
    whole = (BULK / "variants.json").read_bytes()
    cut = gzipped(tmp_path, "cut.json", whole[:len(whole) * 2 // 3])
    err = refused(capsys, tmp_path, ["--source", str(source), "--combos", str(cut)])
    assert "of 'variants' cannot be read (truncated" in err
    unknown = whole.replace(b"Thassa's Oracle", b"Nobody's Oracle")
    err = refused(capsys, tmp_path, ["--source", str(source), "--combos",
                                     str(gzipped(tmp_path, "unknown.json", unknown))])
    assert "1 combo cards name no card of the card data (Nobody's Oracle)" in err


def test_array_items_are_decoded_across_chunks(monkeypatch):
    """The export reader decodes items split anywhere between reads (multi-byte letters
    too), and reads the members before and after the list."""
    import io
    monkeypatch.setitem(sources, "CHUNK", 5)
    text = '{"timestamp": "2026-12-05T03:00", "variants": [{"a": "Æther"}, {"b": [1, 2]}] , ' \
           '"version": "9"}'
    meta: dict = {}
    items = list(sources["iter_array_items"](io.BytesIO(text.encode()), "variants", meta))
    assert items == [{"a": "Æther"}, {"b": [1, 2]}]
    assert meta == {"timestamp": "2026-12-05T03:00", "version": "9"}


@pytest.mark.parametrize("code, fails, says", [(0, False, ""), (3, False, "::warning::"),
                                               (1, True, "::error::")])
def test_the_pages_workflow_fails_on_a_bad_answer_and_warns_without_network(tmp_path, code,
                                                                             fails, says):
    """The deploy's refresh step, run by bash with the importer replaced by a stub that exits
    as the importer would: 1 (an answer that cannot be read) fails the job; 3 (no network)
    builds on with a warning; 0 goes on quietly."""
    import subprocess

    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    step = next(s for s in workflow["jobs"]["build"]["steps"]
                if "import_scryfall.py" in s.get("run", ""))
    script = step["run"].replace("python scripts/import_scryfall.py", f"exit_with {code}")
    done = subprocess.run(["bash", "-e", "-c", f"exit_with() {{ return $1; }}\n{script}"],
                          capture_output=True, text=True,
                          env={"GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
                               "PATH": "/usr/bin:/bin"})
    assert (done.returncode != 0) == fails
    assert says in done.stdout
    assert "--min-cards" in step["run"] and "--summary" in step["run"]


def test_a_large_file_without_what_it_should_hold_is_refused(tmp_path, capsys, monkeypatch):
    """point 7: an All Cards file without a single printed name, a Spellbook export without
    a single two-card combo, and an old-shape file too large to read whole: each stops the
    import (the thresholds lowered here to the fixtures' size)."""
    source = gzipped(tmp_path, "oracle-cards.jsonl")
    monkeypatch.setattr(importer, "MIN_OBJECTS_FOR_A_NAME", 5)
    plain = gzipped(tmp_path, "plain.jsonl", (BULK / "oracle-cards.jsonl").read_bytes())
    err = refused(capsys, tmp_path, ["--source", str(source), "--all-cards", str(plain)])
    assert "no printed name among 16 objects of plain.jsonl.gz" in err
    combos_module = importer.spellbook_combos
    monkeypatch.setattr(combos_module, "MIN_VARIANTS_FOR_A_COMBO", 5)
    data = (BULK / "variants.json").read_bytes().replace(b"Infinite", b"Lots of").replace(
        b"Win the game", b"Draw a card")
    err = refused(capsys, tmp_path, ["--source", str(source), "--combos",
                                     str(gzipped(tmp_path, "none.json", data))])
    assert "no two-card combo among 7 variants (skipped: 1 not legal in Commander" in err
    monkeypatch.setitem(sources, "MAX_WHOLE", 1000)
    whole = tmp_path / "cards.json"
    whole.write_text(json.dumps(SAMPLE * 20), encoding="utf-8")
    err = refused(capsys, tmp_path, ["--source", str(whole)])
    assert "one JSON value of more than 1,000 bytes (not JSON Lines): refused" in err


def test_a_game_changer_field_with_no_card_marked_is_refused(tmp_path, capsys):
    """A full bulk file (--min-cards) whose game_changer field marks no card would empty the
    Game Changers list: refused."""
    data = (BULK / "oracle-cards.jsonl").read_bytes().replace(b'"game_changer": true',
                                                              b'"game_changer": false')
    source = gzipped(tmp_path, "oracle-cards.jsonl", data)
    err = refused(capsys, tmp_path, ["--source", str(source), "--min-cards", "5"])
    assert "game_changer field but no card marked true" in err
