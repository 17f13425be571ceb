"""One reading of a deck everywhere (pyengine/widgets/deck_reading.py): the Team Commander
table and the shuffler find the commander of a pasted list exactly as the deck check does, with
the same card data, the same "Is X your commander?" question and the same answers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from pyengine.team_commander import OpeningHand
from pyengine.widgets import Env
from pyengine.widgets import check as check_widget
from pyengine.widgets import shuffler as shuffler_widget
from pyengine.widgets import team as team_widget
from pyengine.widgets.deck_reading import CHOOSE

ROOT = Path(__file__).resolve().parent.parent
DECKLISTS = ROOT / "tests" / "data" / "decklists"
KRENKO = (ROOT / "bench" / "data" / "krenko-commander.txt").read_text("utf-8")


def _unmarked(text: str) -> str:
    """A deck site's export without section lines: the commander on the first line."""
    return "\n".join(line for line in text.splitlines()
                     if line not in ("Commander", "Deck") and not line.startswith("#")) + "\n"


def _last(text: str) -> str:
    """The same list with the commander last, set apart by a blank line (Archidekt-style)."""
    lines = [line for line in _unmarked(text).splitlines() if line.strip()]
    return "\n".join(lines[1:]) + "\n\n" + lines[0] + "\n"


LISTS = {
    "marked": KRENKO,
    "first-line": _unmarked(KRENKO),
    "last-block": _last(KRENKO),
    **{path.stem: path.read_text("utf-8") for path in sorted(DECKLISTS.glob("*"))
       if path.suffix in (".txt", ".dck", ".dek", ".cod")},
}


@pytest.fixture(scope="module")
def data() -> dict[str, str]:
    decks = ROOT / "decks"
    found = {"cards.tsv": (decks / "cards.tsv").read_text("utf-8"),
             "card-facts.tsv": gzip.decompress((decks / "card-facts.tsv.gz").read_bytes())
             .decode("utf-8")}
    for path in sorted((decks / "banlists").glob("*.txt")):
        found[f"banlists/{path.name}"] = path.read_text("utf-8")
    return found


def env() -> Env:
    return Env(decks=[], read_deck=lambda deck_id: "", entropy=lambda: 7)


def check_reading(text: str, data: dict[str, str], chosen: str = "") -> tuple[list[str], str]:
    widget = check_widget.Widget(env(), data=data)
    widget.start(None)
    form = {"format": "team-commander", "paste": text}
    view = widget.handle("check", form)
    if chosen:
        view = widget.handle("choose-commander", {**form, "_item": chosen})
    report = widget._report()[1]
    question = view.text.get("commander-question", "") if not view.hidden.get(
        "commander-box", True) else ""
    return list(report.commanders), question


TEAM_FORM = {"count": "4", "name1": "Ann", "name2": "Bo", "name3": "Cy", "name4": "Di",
             "name5": "", "name6": "", "rotate": "", "fixed": "", "seed": "s",
             "hand-player": "", "hand-deck": team_widget.PASTE, "hand-bottom": ""}


def team_reading(text: str, data: dict[str, str], chosen: str = ""):
    widget = team_widget.Widget(env(), data=data)
    widget.start(None)
    widget.handle("roll", TEAM_FORM)
    form = dict(TEAM_FORM, **{"hand-paste": text})
    view = widget.handle("hand-draw", form)
    if chosen:
        view = widget.handle(CHOOSE, {**form, "_item": chosen})
    player = widget._hand_player()
    entry = widget.state["hands"][player]
    return widget, view, entry


def shuffler_reading(text: str, data: dict[str, str], chosen: str = ""):
    widget = shuffler_widget.Widget(env(), data=data)
    widget.start(None)
    form = {"deck": shuffler_widget.PASTE, "seed": "s", "paste": text, "draw": "7"}
    view = widget.handle("shuffle", form)
    if chosen:
        view = widget.handle(CHOOSE, {**form, "_item": chosen})
    return widget, view


@pytest.mark.parametrize("name", sorted(LISTS))
def test_every_page_finds_the_commander_the_deck_check_finds(name, data):
    """tc-3-1: the same list gives the same commander on the deck check, the Team Commander
    table and the shuffler (a 100-card list; the shuffler shuffles a shorter one whole unless
    told), and the same question when the check had to propose it."""
    text = LISTS[name]
    commanders, question = check_reading(text, data)
    _, view, entry = team_reading(text, data)
    assert view.error == ""
    assert entry["commanders"] == commanders, name
    assert entry["question"].split("?")[0] == question.split("?")[0], name
    hand = OpeningHand.replay(entry["game"]["config"], entry["game"]["seed"], [])
    library = [c.name for c in hand.zones["library"] + hand.zones["hand"]]
    assert not set(commanders) & set(library), "a commander was shuffled into the library"
    _, shuffled = shuffler_reading(text, data)
    order = json.loads(shuffled.attrs["result"]["data-order"])
    if len(order) + len(commanders) == 100 or name == "marked":
        assert not set(commanders) & set(order), name
        if commanders:
            assert " + ".join(commanders) in shuffled.text["summary"]
    if question:
        assert shuffled.text["commander-question"].split("?")[0] == question.split("?")[0]


def test_a_moxfield_list_with_the_commander_first_is_asked_about_and_set_aside(data):
    """tc-3-1, tc-3-5: Krenko on the first line of an unmarked list is not shuffled in: the
    table asks "Is Krenko, Mob Boss your commander?", keeps him face down and reveals him
    after the keep; "No, it is Muxus" draws again with Muxus set aside, as on the deck check."""
    text = LISTS["first-line"]
    widget, view, entry = team_reading(text, data)
    assert entry["commanders"] == ["Krenko, Mob Boss"]
    assert "Is Krenko, Mob Boss your commander?" in view.text["hand-question"]
    assert view.hidden["hand-question-box"] is False
    answers = view.lists["hand-answers"]
    assert answers[0].action == CHOOSE and answers[0].value == "Krenko, Mob Boss"
    assert all("Krenko" not in item.text for item in view.lists["hand"])
    assert "face down" in view.lists["hand-command"][0].text
    muxus = next(item for item in answers if "Muxus" in item.text)
    form = dict(TEAM_FORM, **{"hand-paste": text})
    chosen = widget.handle(CHOOSE, {**form, "_item": muxus.value})
    entry = widget.state["hands"][widget._hand_player()]
    assert entry["commanders"] == ["Muxus, Goblin Grandee"]
    assert check_reading(text, data, muxus.value)[0] == ["Muxus, Goblin Grandee"]
    assert "Muxus" in chosen.text["hand-question"]
    kept = widget.handle("hand-keep", form)
    assert any(item.text == "Revealed: Muxus, Goblin Grandee"
               for item in kept.lists["hand-command"])
    # the choice is kept on reload
    again = team_widget.Widget(env(), data=data)
    again.start(kept.save)
    assert again.state["hand_chosen"] == ["Muxus, Goblin Grandee"]


def test_card_data_is_fetched_when_the_list_does_not_mark_its_commander(data):
    """tc-3-1: in the browser the table reads with the shipped facts first; a list that marks
    no commander and names cards they do not know makes the page fetch the full card data
    (once) and then draw, with the commander set aside."""
    shipped = {k: v for k, v in data.items() if k != "card-facts.tsv"}
    browser = Env(decks=[], read_deck=lambda deck_id: "", entropy=lambda: 7,
                  read_data=shipped.__getitem__)
    widget = team_widget.Widget(browser)
    widget.start(None)
    widget.handle("roll", TEAM_FORM)
    form = dict(TEAM_FORM, **{"hand-paste": LISTS["first-line"]})
    asking = widget.handle("hand-draw", form)
    (fetch,) = asking.fetches
    assert fetch.url == "../runtime/card-facts.tsv" and "Loading the card data" in \
        asking.text["hand-status"]
    done = widget.handle(fetch.action, {**form, "_status": "200",
                                        "_body": data["card-facts.tsv"]})
    assert done.error == "" and not done.fetches
    entry = widget.state["hands"][widget._hand_player()]
    assert entry["commanders"] == ["Krenko, Mob Boss"]
    marked = widget.handle("hand-draw", dict(form, **{"hand-paste": KRENKO}))
    assert not marked.fetches  # loaded once; a marked list never needed it


def test_partners_get_one_commander_damage_count_each(data):
    """tc-4-3: damage counts "by the same commander", so a player with two partner commanders
    gets two rows on the other team once the hand is kept; damage already written for that
    player stays with the first."""
    partners = ("Commander\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n\nDeck\n"
                + "".join(f"1 {name}\n" for name in ("Sol Ring", "Arcane Signet", "Command Tower"))
                + "95 Island\n")
    widget = team_widget.Widget(env(), data=data)
    widget.start(None)
    widget.handle("roll", TEAM_FORM)
    player = widget._hand_player()
    team = next(i for i, t in enumerate(widget.state["draw"]["teams"]) if player in t)
    other = 1 - team
    rows = [k for k in range(team_widget.COMMANDER_ROWS)]
    view = widget.handle("hand-draw", dict(TEAM_FORM, **{"hand-paste": partners}))
    mine = next(r for r in rows if player in view.text.get(f"t{other}-c{r}-name", ""))
    view = widget.handle(f"cmd:{other}:{mine}:3", dict(TEAM_FORM, **{"hand-paste": partners}))
    view = widget.handle("hand-keep", dict(TEAM_FORM, **{"hand-paste": partners}))
    names = [view.text[f"t{other}-c{r}-name"] for r in rows
             if not view.hidden[f"t{other}-c{r}-row"]]
    assert f"Commander damage from {player}'s commander (Thrasios, Triton Hero)" in names
    assert f"Commander damage from {player}'s commander (Tymna the Weaver)" in names
    assert len(names) == 3
    values = {view.text[f"t{other}-c{r}-name"]: view.text[f"t{other}-c{r}-value"] for r in rows
              if not view.hidden[f"t{other}-c{r}-row"]}
    assert values[f"Commander damage from {player}'s commander (Thrasios, Triton Hero)"] == \
        "3 / 21"
    assert values[f"Commander damage from {player}'s commander (Tymna the Weaver)"] == "0 / 21"
    assert view.text[f"t{other}-life"] == "37"


def _runners(text: str, data: dict[str, str]):
    """The same list pasted as the Horde deck (SlingLab runner) and as the Swarm deck: the
    note each runner gives on Start (the Horde's ``note``, the Swarm's deck note, said in its
    "what just happened" line) and the cards each puts in its deck."""
    from dataclasses import replace

    from pyengine.widgets import horde as horde_widget
    from pyengine.widgets import swarm as swarm_widget
    from pyengine.widgets.own_deck import FULL_ACTION
    from tests.helpers import runner_env

    full = {"_status": "200", "_body": data["card-facts.tsv"], "_tag": FULL_ACTION}
    found = {}
    horde = horde_widget.Widget(replace(runner_env(""), read_data=data.__getitem__), data=None)
    horde.start(None)
    view = horde.handle("new", {"seed": "s", "deck": "paste", "deck-paste": text,
                                "survivors": "1"})
    if view.fetches:
        view = horde.handle(FULL_ACTION, full)
    found["horde"] = (view.error, view.text.get("note", ""),
                      horde.game.config["deck"] if horde.game else [])
    swarm = swarm_widget.Widget(replace(runner_env(""), read_data=data.__getitem__), data=None)
    swarm.start(None)
    enforcers = "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n"
    view = swarm.handle("new", {"seed": "s", "deck": "paste", "paste": text,
                                "paste-enforcers": enforcers})
    if view.fetches:
        view = swarm.handle(FULL_ACTION, full)
    found["swarm"] = (view.error, view.text.get("happened", ""),
                      swarm.game.config["deck"] if swarm.game else [])
    return found


@pytest.mark.parametrize("name", sorted(LISTS))
def test_the_runners_read_the_commander_the_deck_check_reads(name, data):
    """hs-1-3, sw-2-5: the Horde and Swarm decks have no commander. Pasted into either runner,
    a list whose commander the deck check finds marked (a Commander section, ``*CMDR*``, the
    sideboard) is named with the same commander and what the runner does with it (a card
    outside the main list is left out, one inside stays); a list whose commander the check
    could only propose ("Is X your commander?") gets no question and no note there, and
    every one of its cards stays in the deck."""
    text = LISTS[name]
    commanders, question = check_reading(text, data)
    for page, (error, note, deck) in _runners(text, data).items():
        if error:  # a list a runner cannot play (unreadable lines): nothing more to compare
            continue
        said = "names " + " + ".join(commanders) + " as its commander"
        if commanders and not question:
            assert said in note, (page, name, note)
            for commander in commanders:
                assert (commander in deck) == ("stays in" in note), (page, name)
        else:
            assert "as its commander" not in note and "your commander" not in note, (page, name)
            for commander in commanders:
                assert commander in deck, (page, name)


def _grouped(text: str) -> str:
    """The Krenko list as a grouped text export: '// Commander', '// Creatures'-style
    groups, a 'Tokens' group at the end and an Arena 'About' block after the cards."""
    cards = [line for line in _unmarked(text).splitlines() if line.strip()]
    out = ["// Commander", cards[0], "", "// Artifacts"]
    out += cards[1:20] + ["", "// Creatures"] + cards[20:60] + ["", "// Lands"] + cards[60:]
    out += ["", "// Tokens", "5 Goblin", "", "About", "Name Krenko's Goblins"]
    return "\n".join(out) + "\n"


def _decorated(text: str) -> str:
    """The Krenko list as a marketplace or collection app writes it: counts after the name,
    set names in parentheses, conditions, languages and prices around each name, with a
    'Commander' group heading and headings with counts."""
    cards = [line.split(" ", 1) for line in _unmarked(text).splitlines() if line.strip()]
    out = ["Commander (1)", f"{cards[0][1]} x1 (Commander: Strixhaven) NM EN 1,20 €", "",
           "Creatures (99)"]
    for number, (count, name) in enumerate(cards[1:]):
        extra = (f" ×{count} - LP - German", f" x{count} (M13) 123 *F*",
                 f" x{count} [C21] NM $0.50", f" ×{count}")[number % 4]
        out.append(f"{name}{extra}")
    return "\n".join(out) + "\n"


SHARED = {"grouped": _grouped(KRENKO), "decorated": _decorated(KRENKO)}


@pytest.mark.parametrize("name", sorted(SHARED))
def test_every_page_reads_the_same_cards_sections_and_commander(name, data, tmp_path, capsys):
    """tc-3-1, hs-1-3, sw-2-5: one grouped or decorated list gives the same commander and the
    same library on the deck check, the command line, the Team Commander table, the shuffler
    and both runners' own-deck boxes: '// Creatures'-style groups keep their cards in the
    deck, a 'Tokens' group and an 'About' block are not cards."""
    from pyengine.cli import main

    text = SHARED[name]
    widget = check_widget.Widget(env(), data=data)
    widget.start(None)
    widget.handle("check", {"format": "team-commander", "paste": text})
    deck, report = widget._report()
    assert report.commanders == ["Krenko, Mob Boss"] and report.size == 100, report.to_text()
    assert report.verdict == "legal", report.to_text()
    from pyengine.commanders import find_commanders

    reading = find_commanders(deck, widget.card_db(deck))
    library = sorted(e.name for e in reading.library for _ in range(e.count))
    assert len(library) == 99 and "Goblin" not in library and not any(
        n.startswith("Name") for n in library)
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--format", "team-commander", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["commanders"] == report.commanders and cli["size"] == 100
    _, _, entry = team_reading(text, data)
    assert entry["commanders"] == report.commanders
    hand = OpeningHand.replay(entry["game"]["config"], entry["game"]["seed"], [])
    assert sorted(c.name for c in hand.zones["library"] + hand.zones["hand"]) == library
    _, shuffled = shuffler_reading(text, data)
    assert sorted(json.loads(shuffled.attrs["result"]["data-order"])) == library
    for page, (error, note, played) in _runners(text, data).items():
        assert error == "", (page, error)
        assert sorted(played) == library, page
        assert "Krenko, Mob Boss is left out" in note, (page, note)
