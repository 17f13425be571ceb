"""pyengine/card_reference.py and sitebuild/cardref.py: the card reference is what the engines
do. Each test reads a card's entry (built from the shipped deck, as the site's page is) and
plays the card in a stacked game (tests/scenarios.py) to see the engine do the same."""

from __future__ import annotations

import functools
import gzip
import json
import re

import pytest

from pyengine import files
from pyengine.card_reference import deck_reference, slug
from sitebuild import cardref
from tests import scenarios
from tests.conftest import ROOT


@functools.cache
def reference(deck_id: str) -> dict[str, object]:
    deck = next(d for d in files.load_deck_index() if d["id"] == deck_id)
    return {entry.name: entry for entry in cardref.deck_entries(deck)}


def notes(deck_id: str, name: str) -> list[tuple[str, tuple[str, ...]]]:
    entry = reference(deck_id)[name]
    return [(note.text, note.anchors) for _, section in entry.sections for note in section]


def note_with(deck_id: str, name: str, anchor: str) -> str:
    found = [text for text, anchors in notes(deck_id, name) if anchor in anchors]
    assert found, (name, anchor, notes(deck_id, name))
    return " ".join(found)


KNUDSON = "horde-knudson-zombies-2011"


@pytest.mark.parametrize("difficulty,cast", [("story", False), ("classic", None),
                                             ("nightmare", True)])
def test_flashback_by_difficulty_matches_play(difficulty, cast):
    """hs-6-5: Army of the Damned's entry says flashback by difficulty; the engine casts it from
    the graveyard never on Story, on a coin on Classic, always on Nightmare."""
    said = note_with(KNUDSON, "Army of the Damned", "hs-6-5")
    word = {"story": "never", "classic": "on a coin's Yes", "nightmare": "always"}[difficulty]
    assert f"{difficulty.title()}: {word}" in said
    game = scenarios.stacked("horde", ["Army of the Damned", *["Zombie"] * 10],
                             difficulty=difficulty)
    scenarios.run(game, {"type": "hit", "n": 1})
    events = scenarios.run_to(game, "horde")
    coins = scenarios.of_kind(events, "coin")
    casts = [e for e in scenarios.of_kind(events, "cast") if "Army of the Damned" in e.cards]
    if cast is None:
        assert coins and bool(casts) == coins[0].data["yes"]
    else:
        assert bool(casts) == cast and not coins


def test_held_spell_matches_play():
    """hs-3-8: a sorcery's entry says it waits on the Horde panel until Done; the engine holds
    it on the stack."""
    assert "Done" in note_with(KNUDSON, "Damnation", "hs-3-8")
    game = scenarios.stacked("horde", ["Damnation", *["Zombie"] * 5])
    events = scenarios.run_to(game, "horde")
    assert [e.cards for e in scenarios.of_kind(events, "hold")] == [["Damnation"]]
    assert scenarios.zones(game, "stack")["stack"] == ["Damnation"]


def test_coin_flag_matches_play():
    """hs-6-2: a card with an activated ability gets a coin flag in the SlingLab engine and its
    entry says so; Limited Horde (lh-3-18) flips none, and its entry says the Golden Rule
    decides."""
    facts = {n: files.load_card_db()[n] for n in ("Siege-Gang Commander", "Goblin")}
    deck = ["Siege-Gang Commander", *["Goblin"] * 8]
    entry = deck_reference("horde", {"main": deck}, facts)[0]
    said = " ".join(n.text for _, section in entry.sections for n in section
                    if "hs-6-2" in n.anchors)
    assert "coin flag" in said and "activated ability" in said
    game = scenarios.stacked("horde", deck)
    events = scenarios.run_to(game, "horde")
    assert [e.cards for e in scenarios.of_kind(events, "flag")] == [["Siege-Gang Commander"]]
    assert "Golden Rule" in note_with("limited-horde-goblins", "Siege-Gang Commander",
                                      "lh-3-18")
    game = scenarios.stacked("limited-horde", deck)
    events = scenarios.run_to(game, "horde")
    assert scenarios.of_kind(events, "flag") == []


def test_spawn_never_attack_and_the_engine_agrees():
    """lh-11-3: Eldrazi Spawn's entry says it never attacks; in play it does not."""
    assert "Never attacks" in note_with("limited-horde-eldrazi-vanguard", "Eldrazi Spawn",
                                        "lh-11-3")
    game = scenarios.stacked("limited-horde", ["Eldrazi Spawn", "Eldrazi Spawn",
                                               "Emrakul's Hatcher", *["Eldrazi Spawn"] * 6])
    events = scenarios.run_to(game, "horde")
    attack = scenarios.of_kind(events, "attack")[-1]
    assert "Eldrazi Spawn" not in attack.cards and "Emrakul's Hatcher" in attack.cards


def test_engine_effects_match_play():
    """lh-8-8, lh-11-15: Exultant Cultist's entry says the engine draws and plays a card when
    it dies; moving it to the graveyard does that."""
    assert "draws and plays a card" in note_with("limited-horde-eldrazi-vanguard",
                                                 "Exultant Cultist", "lh-8-8")
    game = scenarios.stacked("limited-horde", ["Exultant Cultist", *["Eldrazi Spawn"] * 6])
    scenarios.run_to(game, "horde")
    cultist = next(c for c in game.zones["battlefield"] if c.name == "Exultant Cultist")
    events = scenarios.run(game, {"type": "move", "card": cultist.id, "to": "graveyard"})
    assert scenarios.of_kind(events, "draw")


def test_swarm_step_stop_matches_play():
    """sw-5-3: a mana value 3 card's entry says the Swarm Step stops on it below Dread Level 3;
    at Dread Level 0 the step stops on it, and a token card never stops it."""
    assert "below 3" in note_with("swarm-sample", "Crow of Dark Tidings", "sw-5-3")
    assert "never stops" in note_with("swarm-sample", "Zombie", "sw-5-3")
    game = scenarios.stacked("swarm", ["Zombie", "Crow of Dark Tidings", "Zombie", "Zombie"])
    events = scenarios.run_to(game, "combat")
    stops = [e for e in scenarios.of_kind(events, "stop") if e.data.get("rule") == "sw-5-3"]
    assert [e.cards for e in stops] == [["Crow of Dark Tidings"]]


def test_swarm_attack_and_total_match_play():
    """sw-9-2, sw-13-10: a Swarm creature's entry says it attacks and counts its power; the
    combat's total is the sum the entries give."""
    game = scenarios.stacked("swarm", ["Zombie", "Crow of Dark Tidings", "Zombie"])
    events = scenarios.run_to(game, "combat")
    total = scenarios.of_kind(events, "attack-total")[-1].data["total"]
    said = {name: note_with("swarm-sample", name, "sw-13-10")
            for name in ("Zombie", "Crow of Dark Tidings")}
    assert "power, 2," in said["Zombie"] and "power, 2," in said["Crow of Dark Tidings"]
    standing = [c.name for c in game.zones["battlefield"]]
    assert standing == ["Zombie", "Crow of Dark Tidings"]
    assert total == sum(int(reference("swarm-sample")[n].power) for n in standing)


def test_every_shipped_deck_has_a_page_with_every_card():
    """Every Horde and Swarm deck of index.json gets a page; every card of the deck is an
    entry with its own anchor; the notes cite rules, and no card text is on the page."""
    pages = cardref.deck_pages()
    assert "cards/index.md" in pages
    db = files.load_card_db()
    for deck in files.load_deck_index():
        page = pages[f"cards/{deck['id']}.md"]
        for name in files.load_deck(deck["id"]).names():
            assert f"#{slug(db[name].name)} }}" in page, (deck["id"], name)
        assert "[[see " in page


def heading_levels(markdown: str) -> list[int]:
    return [len(hashes) for hashes in re.findall(r"^(#{1,6}) ", markdown, re.M)]


def test_card_headings_go_down_one_level_at_a_time():
    """hs-6-2: each card reference page has one title, and every card's heading sits one level
    under it (axe's heading-order: a card page's headings skipped from h1 to h3); the cards'
    anchors are unchanged."""
    for uri, page in cardref.deck_pages().items():
        levels = heading_levels(page)
        assert levels[:1] == [1], uri
        assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), uri
    page = cardref.deck_pages()["cards/horde-knudson-zombies-2011.md"]
    assert "\n## Grave Titan { #card-grave-titan }\n" in page


def test_the_built_card_pages_skip_no_heading_level(built_site):
    """hs-6-2: the same on the built pages, every heading of the document (Material's own
    included) in order."""
    paths = sorted((built_site / "cards").glob("*.html"))
    assert len(paths) > 5
    for path in paths:
        levels = [int(level) for level in
                  re.findall(r"<h([1-6])[\s>]", path.read_text(encoding="utf-8"))]
        assert levels[:1] == [1], path.name
        assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), path.name


def test_no_card_text_is_published():
    """No line of any card's Oracle text appears on a reference page (the workspace's
    Scryfall snapshot, where it is present)."""
    found = sorted((ROOT.parent / "shared" / "reference" / "scryfall").glob("*.json.gz")) + \
        sorted((ROOT.parent.parent / "shared" / "reference" / "scryfall").glob("*.json.gz"))
    if not found:
        pytest.skip("no Scryfall snapshot in this workspace")
    cards = json.loads(gzip.decompress(found[0].read_bytes()))
    text = {c["name"]: c.get("oracle_text") or "" for c in cards}
    pages = "\n".join(cardref.deck_pages().values())
    checked = 0
    for deck in files.load_deck_index():
        for name in files.load_deck(deck["id"]).names():
            for line in text.get(name, "").split("\n"):
                line = line.split(" (")[0].strip()
                if len(line) > 20:
                    checked += 1
                    assert line not in pages, (name, line)
    assert checked > 50


def test_a_pasted_deck_gets_the_same_reference():
    """The runner's list for a pasted deck is the same function on its facts."""
    deck = files.load_deck(KNUDSON)
    db = files.load_card_db()
    facts = {db[n].name: db[n] for n in deck.names()}
    entries = deck_reference("horde", {"main": [db[n].name for n in deck.cards("main")]}, facts)
    assert [e.name for e in entries] == list(reference(KNUDSON))
    assert entries[0].sections == reference(KNUDSON)[entries[0].name].sections


def test_card_names_are_in_the_site_search_and_the_pages_load_no_python(built_site):
    """hs-6-2: each card's entry is a search entry titled with its name, opening its page at
    the card; the reference pages are plain pages (no widget, no Pyodide) whose rule links
    point at rules that exist."""
    index = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    found = {(d["title"], d["location"]) for d in index["docs"]}
    assert ("Grave Titan", "cards/horde-knudson-zombies-2011.html#card-grave-titan") in found
    assert ("Eldrazi Spawn",
            "cards/limited-horde-eldrazi-vanguard.html#card-eldrazi-spawn") in found
    page = (built_site / "cards" / "horde-knudson-zombies-2011.html").read_text("utf-8")
    assert "data-widget" not in page and "pyscript" not in page.lower()
    assert 'href="../horde/index.html#hs-6-5"' in page


def test_a_conditional_block_restriction_is_said_as_a_condition():
    """sw-13-12 (issue 39, point 3): a Swarm card that can't block under a condition (Marauding
    Boneslasher: unless The Swarm controls another Zombie; Mogg Flunkies: alone) is neither
    "left out of the blockers" nor silently a blocker: the reference says the condition and who
    checks it."""
    db = files.load_full_card_db()
    names = ["Marauding Boneslasher", "Mogg Flunkies"]
    entries = deck_reference("swarm", {"main": names}, {n: db[n] for n in names})
    hive = {e.name: [n.text for n in dict(e.sections)["Swarm Mode, Hive Mind"]] for e in entries}
    bone = hive["Marauding Boneslasher"]
    assert any(t.startswith("It can't block unless you control another zombie: checked on The "
                            "Swarm's board") for t in bone)
    assert not any("left out of The Swarm's blockers" in t for t in bone)
    assert "It can't block alone: it blocks only beside another of The Swarm's blockers." in \
        hive["Mogg Flunkies"]
