"""The Swarm runner controller (pyengine.widgets.swarm), driven without a browser."""

from __future__ import annotations

import json

import pytest

from pyengine import files
from pyengine.game import GameError, load_game
from pyengine.swarm import SwarmGame, config_from_decks
from pyengine.widgets.swarm import Widget, decode_share, encode_share
from tests.helpers import CARD_DATA, last_trace, refused, runner_env

HOSTILE = '<img src=x onerror="window.__pwned=1">'


env = runner_env
DATA = CARD_DATA


def widget(url_hash=""):
    return Widget(env(url_hash), data=DATA)


def start_game(w, seed="amber-otter-17", mode="hive", survivors="2"):
    w.start(None)
    return w.handle("new", {"mode": mode, "survivors": survivors, "deck": "sample",
                            "seed": seed})


def engine_game(seed="amber-otter-17", mode="hive", survivors=2):
    config = config_from_decks(mode=mode, survivors=survivors,
                               deck=files.load_deck("swarm-sample"),
                               enforcers=files.load_deck("swarm-sample-enforcers"),
                               db=files.load_card_db())
    return SwarmGame(config, seed)


def test_new_game_and_turn_match_the_engine():
    """sw-3-4: the page's events are the engine's for the same seed and actions."""
    w = widget()
    view = start_game(w)
    assert view.error == ""
    assert (w.game.mode, w.game.survivors, w.game.seed) == ("hive", 2, "amber-otter-17")
    assert all(part in view.text["mode-shown"] for part in ("Hive Mind", "2", "amber-otter-17"))
    w.handle("turn", {})
    w.handle("damage", {"amount": "3"})
    view = w.handle("combat", {"targets": "Jace, Invasion of Ixalan"})
    game = engine_game()
    for action in ({"type": "turn"}, {"type": "damage", "amount": 3},
                   {"type": "combat", "targets": ["Jace", "Invasion of Ixalan"]}):
        game.apply(action)
    assert json.loads(view.attrs["log"]["data-events"]) == [e.text for e in game.events]
    assert view.text["dread"] == "0" and view.text["active"] == "Grave Titan"
    assert view.text["library"] == str(game.counts()["library"])
    # sw-13-13: never offered in The Swarm's own combat
    assert view.hidden["do-blocker"] is True and view.hidden["do-turn"] is True
    assert view.hidden["survivor-combat"] is True


def test_graveyard_blocker_offered_in_the_survivors_combat_only():
    """sw-13-12, sw-13-13, sw-13-14: between Swarm turns, once the Survivors attack, while an
    attacker may be unblocked, once per combat; hidden again after it is used or every attacker
    is blocked, and during The Swarm's turn."""
    w = widget()
    view = start_game(w)
    assert view.hidden["survivor-combat"] is False
    assert view.hidden["do-blocker"] is True
    w.handle("damage", {"amount": "5"})
    view = w.handle("survivor-attack", {})
    assert view.hidden["do-blocker"] is False and view.hidden["do-all-blocked"] is False
    assert last_trace(w)[0] == ("survivor-attack", "", "sw-13-12")
    assert view.lists["last"][0].text == w.last[0].text
    view = w.handle("graveyard-blocker", {})
    assert view.error == ""
    assert view.hidden["do-blocker"] is True and view.hidden["do-all-blocked"] is True
    assert w.game.actions[-2:] == [{"type": "survivor-attack"}, {"type": "graveyard-blocker"}]
    view = w.handle("survivor-attack", {})
    assert view.hidden["do-blocker"] is False
    view = w.handle("survivor-blocked", {})
    assert view.hidden["do-blocker"] is True
    w.handle("survivor-attack", {})
    view = w.handle("turn", {})
    assert view.hidden["survivor-combat"] is True and view.hidden["do-blocker"] is True


def test_save_restores_exactly_and_undo():
    """sw-3-4: start(saved) restores the same game; undo drops the last action."""
    w = widget()
    start_game(w)
    w.handle("turn", {})
    view = w.handle("damage", {"amount": "4"})
    again = widget()
    restored = again.start(view.save)
    assert restored.error == ""
    assert again.game.to_json() == w.game.to_json()
    assert restored.lists["log"] == view.lists["log"]
    view = again.handle("undo", {})
    assert again.game.actions == [{"type": "turn"}]
    assert [e.kind for e in again.last] == ["undo"]
    assert "damage" in view.lists["last"][0].text and "4" in view.lists["last"][0].text


def test_corrupt_save_starts_fresh():
    """A corrupt save is refused in plain words (pyengine.widgets.saves keeps it aside and
    starts afresh: tests/test_saves.py); a fresh page still works."""
    for bad in ("{not json", json.dumps({"v": 1, "game": {"schema": 1}}), "[]"):
        with pytest.raises((ValueError, GameError)) as caught:
            widget().start(bad)
        assert "Error" not in str(caught.value)
        w = widget()
        assert w.start(None).hidden["play"] is True
        assert start_game(w).error == ""


def test_share_link_reaches_the_same_game():
    """sw-3-4: a share link carries seed and actions; another phone replays the same game."""
    w = widget()
    start_game(w, mode="overlord", survivors="3")
    w.handle("turn", {})
    view = w.handle("swarm-step", {})
    assert view.url_hash.startswith("g=")
    data = decode_share(view.url_hash)
    assert data["d"] == "sample" and data["m"] == "overlord" and data["n"] == 3
    other = widget(url_hash=view.url_hash)
    shown = other.start(None)
    assert shown.error == ""
    assert "amber-otter-17" in shown.note and "2 action(s)" in shown.note
    assert other.game.to_json() == w.game.to_json()
    broken = widget(url_hash="g=AAAA")
    refused(broken.start(None), "share link")


def test_pasted_deck_and_hostile_text_stay_text():
    """sw-2-7: a pasted deck with its Enforcers and Reckoning; user text is kept as text."""
    w = widget()
    w.start(None)
    deck = f"#! {HOSTILE} | {{1}} | Creature — Zombie | 1/1\n20 Zombie\n2 {HOSTILE}\n"
    enforcers = "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n"
    view = w.handle("new", {"deck": "paste", "paste": deck, "paste-enforcers": enforcers,
                            "seed": "x"})
    assert view.error == ""
    view = w.handle("damage", {"amount": "30"})
    milled = [item for item in view.lists["log"] if item.text == f"Milled {HOSTILE}."]
    assert len(milled) == 2
    assert "<" not in milled[0].href and milled[0].href.startswith("https://scryfall.com/")
    view = w.handle("combat", {"targets": HOSTILE})  # refused (no turn yet), stays text
    assert HOSTILE not in view.error
    share = w.share_data()
    assert "c" in share and "d" not in share  # a pasted deck travels inside the link
    other = widget(url_hash=encode_share(share))
    other.start(None)
    assert other.game.to_json() == w.game.to_json()


def test_errors_are_messages():
    """sw-13-7: actions the rules refuse show a message and change nothing."""
    w = widget()
    start_game(w)
    view = w.handle("cast", {"hand-card": ""})
    refused(view, "hand")
    view = w.handle("damage", {"amount": "lots"})
    refused(view, "amount", "whole number")
    view = w.handle("combat", {})
    refused(view, "Combat", "First main phase")
    assert w.game.actions == []


def test_reset_needs_confirmation_and_export_import():
    """Reset asks first; export gives the save; import restores it."""
    w = widget()
    start_game(w)
    w.handle("turn", {})
    view = w.handle("reset", {})
    assert view.hidden["confirm-reset"] is False and w.game is not None
    view = w.handle("reset-no", {})
    assert view.hidden["confirm-reset"] is True and w.game is not None
    view = w.handle("export", {})
    name, text = view.download
    assert name == "swarm-amber-otter-17.json"
    assert load_game(text).to_json() == w.game.to_json()
    w.handle("reset", {})
    view = w.handle("reset-yes", {})
    assert w.game is None and view.hidden["play"] is True
    view = w.handle("import", {"_file": text})
    assert view.error == "" and w.game.actions == [{"type": "turn"}]
    assert w.origin == {"d": "sample"}
    view = w.handle("import", {"_file": HOSTILE})
    refused(view, "game save")
    assert w.game.actions == [{"type": "turn"}]


@pytest.mark.parametrize("action, form, kind", [
    ("dies", {}, "leave"),
    ("counter", {}, "counter"),
])
def test_card_buttons(action, form, kind):
    """sw-9-4, sw-7-6: the creature-died and countered buttons act on the chosen card."""
    w = widget()
    start_game(w)
    view = w.handle("turn", {})
    card = view.options["card"][1][0]
    view = w.handle(action, {"card": card, **form})
    assert view.error == ""
    assert w.game.actions[-1] == {"type": action, "card": int(card)}


def test_hive_pre_swarm_waits_for_draws_before_the_swarm_step():
    """sw-13-8, sw-13-9: after a Pre-Swarm Step that cast a card, the page waits: a draw then
    is cast in the step, before the Swarm Step the next button runs."""
    w = widget()
    start_game(w)
    w.handle("draw", {"amount": "1"})
    view = w.handle("turn", {})
    assert w.game.phase == "pre-swarm"
    # combat is taken here too (it runs the Swarm Step first, sw-13-9), so it is offered
    assert view.hidden["do-swarm-step"] is False and view.hidden["do-combat"] is False
    assert view.hidden["do-end"] is True and view.hidden["do-second-main"] is True  # sw-3-5
    assert view.hidden["pre-swarm-box"] is True
    assert last_trace(w)[-1] == ("pre-swarm-wait", "", "sw-13-8")
    assert view.lists["last"][-1].text == w.last[-1].text
    view = w.handle("draw", {"amount": "1"})
    assert w.game.actions[-1] == {"type": "draw", "amount": 1}
    assert w.game.zones["hand"] == [] and w.game.phase == "pre-swarm"
    view = w.handle("swarm-step", {})
    assert view.hidden["do-combat"] is False and w.game.phase == "main1"


def _full_text():
    import gzip
    return gzip.decompress((files.data_root() / files.CARD_FACTS).read_bytes()).decode("utf-8")


def _site_widget():
    """A Swarm widget reading the shipped facts as the site does (the full data is fetched)."""
    from dataclasses import replace
    return Widget(replace(env(""), read_data=CARD_DATA.__getitem__), data=None)


REAL_DECK = "20 Zombie token\n4 Gravecrawler\n4 Diregraf Ghoul\n"
REAL_ENFORCERS = "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n"


def test_pasted_deck_reads_the_full_card_data_and_asks_about_unknown_cards():
    """sw-2-7: a pasted Swarm deck of real cards is read with the full card data (fetched
    the first time, shipped facts on top); a card nobody knows gets one short question."""
    from pyengine.widgets.own_deck import CARD_FACTS_URL, FULL_ACTION
    w = _site_widget()
    w.start(None)
    form = {"deck": "paste", "paste": REAL_DECK, "paste-enforcers": REAL_ENFORCERS,
            "seed": "amber-otter-17"}
    view = w.handle("new", form)
    assert w.game is None and [f.url for f in view.fetches] == [CARD_FACTS_URL]
    view = w.handle(FULL_ACTION, {"_status": "200", "_body": _full_text(), "_tag": FULL_ACTION})
    assert view.error == "" and w.game is not None
    assert w.game.config["facts"]["Gravecrawler"]["power"] == "2"
    assert w.game.config["deck"].count("Zombie") == 20
    view = w.handle("new", {**form, "paste": "3 Foo Bar\n2 Spirit token\n"})
    assert view.fetches == [] and "no card facts" not in view.error
    assert view.error == (
        "The page does not know these cards: Foo Bar, Spirit token; say what each is in the "
        "questions under the list, then press “Use these answers and start”.")
    assert view.text["ask-0-name"] == "Foo Bar" and view.hidden["ask-0"] is False
    assert view.text["ask-1-name"] == "Spirit (a token)" and view.hidden["ask-1-mv-box"]


def test_card_data_offline_is_said_and_shipped_cards_still_start():
    from pyengine.widgets.own_deck import FULL_ACTION
    w = _site_widget()
    w.start(None)
    form = {"deck": "paste", "paste": REAL_DECK, "paste-enforcers": REAL_ENFORCERS}
    w.handle("new", form)
    view = w.handle(FULL_ACTION, {"_status": "offline", "_body": "", "_tag": FULL_ACTION})
    assert w.game is None and "Gravecrawler" in view.error and "no connection" in view.error
    view = w.handle("new", {**form, "paste": "20 Zombie token\n"})
    assert view.fetches == [] and view.error == "" and w.game is not None


def test_card_panel_offers_only_what_the_engine_takes():
    """sw-9-4, sw-7-6, sw-4-4: a tap on a board group opens the one card panel (as on the Horde
    page): facts, the card's page, and only the moves the engine accepts for that card now —
    a creature dies, a spell cast this turn may be countered during The Swarm's turn, an
    Enforcer's panel says it goes to The Lair; one more tap acts."""
    w = widget()
    start_game(w)
    view = w.handle("turn", {})
    host = next(i for i in view.lists["battlefield"] if i.text.startswith("Infectious Host"))
    assert host.href is None  # names are text; the link is in the panel
    view = w.handle("pick-card", {"_item": host.value})
    assert view.hidden["panel"] is False and view.scroll == "panel"
    assert view.text["chosen"].startswith("Chosen: Infectious Host #")
    assert view.attrs["panel-link"]["href"].endswith("%21%22Infectious%20Host%22")
    assert "1/1" in view.text["panel-facts"] and "mana value 3" in view.text["panel-facts"]
    shown = {k for k in ("do-dies", "do-destroy", "do-exile", "do-bounce", "do-to-top",
                         "do-to-bottom", "do-counter") if view.hidden[k] is False}
    assert shown == {"do-dies", "do-exile", "do-bounce", "do-to-top", "do-to-bottom",
                     "do-counter"}  # a creature, cast in this Swarm turn's Swarm Step
    view = w.handle("bounce", {})
    assert view.error == ""
    assert w.game.actions[-1] == {"type": "leave", "card": int(host.value), "to": "hand"}
    assert view.hidden["panel"] is True  # the only one of its group left the battlefield
    for _ in range(3):
        w.handle("combat", {})
        w.handle("end", {})
        view = w.handle("turn", {})
    titan = next(i for i in view.lists["battlefield"] if i.text.startswith("Grave Titan"))
    view = w.handle("pick-card", {"_item": titan.value})
    assert "The Lair" in view.text["panel-note"] and view.hidden["do-counter"] is True
    view = w.handle("exile", {})
    assert w.game.zones.where(int(titan.value))[0] == "lair"
    view = w.handle("close-panel", {})
    assert view.hidden["panel"] is True and view.values["card"] == ""
    assert view.scroll == "top"  # Close goes back to the turn, not down the page (issue 41)


def test_card_panel_destroys_a_noncreature_and_stays_on_its_group():
    """sw-9-4: a noncreature permanent is destroyed (to the graveyard), not "dies"; after the
    tap the panel stays on the same group, so three taps destroy three copies."""
    w = widget()
    w.start(None)
    deck = "#! Grim Banner | | Artifact\n10 Grim Banner\n"
    enforcers = "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n"
    w.handle("new", {"deck": "paste", "paste": deck, "paste-enforcers": enforcers,
                     "seed": "amber-otter-17"})
    view = w.handle("turn", {})
    group = next(i for i in view.lists["battlefield"] if i.text.startswith("Grim Banner ×"))
    view = w.handle("pick-card", {"_item": group.value})
    assert view.hidden["do-destroy"] is False and view.hidden["do-dies"] is True
    count = len([c for c in w.game.zones["battlefield"] if c.name == "Grim Banner"])
    first = view.values["card"]
    view = w.handle("destroy", {})
    assert view.error == ""
    assert w.game.actions[-1] == {"type": "leave", "card": int(first), "to": "graveyard"}
    assert view.hidden["panel"] is False and view.values["card"] not in ("", first)
    assert any(i.text.startswith(f"Grim Banner ×{count - 1}") and i.pressed
               for i in view.lists["battlefield"])
    view = w.handle("destroy", {})
    assert len([c for c in w.game.zones["battlefield"] if c.name == "Grim Banner"]) == count - 2


def test_unknown_cards_are_answered_in_the_question_form():
    """sw-2-7, sw-5-3: each card nobody knows gets one question row (what it is, power and
    toughness, mana value — the Swarm Step stops on mana value); the answers become '#!' lines
    (a token line gets its P/T) in the list and in the deck saved under its name, the game
    starts, and its share link replays with no card data."""
    w = widget()
    w.start(None)
    deck = "3 Foo Bar\n2 Spirit token\n20 Zombie\n1 Quiet Pact\n"
    form = {"deck": "paste", "paste": deck, "paste-enforcers": REAL_ENFORCERS,
            "seed": "amber-otter-17", "deck-name": "Odd ones"}
    view = w.handle("deck-save", form)
    assert view.values["deck"] == "mine:Odd ones"
    view = w.handle("new", {})
    assert w.game is None and view.scroll == "ask-box" and view.hidden["ask-box"] is False
    assert [view.text[f"ask-{i}-name"] for i in range(3)] == [
        "Foo Bar", "Spirit (a token)", "Quiet Pact"]
    assert view.hidden["ask-3"] is True and view.hidden["ask-0-type-box"] is False
    assert view.hidden["ask-1-type-box"] is True and view.hidden["ask-1-mv-box"] is True
    assert ("creature", "A creature") in view.options["ask-0-type"]
    answers = {"ask-0-type": "creature", "ask-0-power": "2", "ask-0-toughness": "",
               "ask-0-mv": "2", "ask-1-power": "1", "ask-1-toughness": "1",
               "ask-2-type": "sorcery", "ask-2-mv": "3"}
    view = w.handle("answer", answers)
    assert view.error.startswith("Give Foo Bar's power and toughness")
    assert w.game is None and view.values["ask-0-power"] == "2"  # what was typed stays
    view = w.handle("answer", {**answers, "ask-0-toughness": "*"})
    assert view.error == "" and w.game is not None and view.scroll == "top"
    assert view.hidden["ask-box"] is True
    facts = w.game.config["facts"]
    assert facts["Foo Bar"]["power"] == "2" and facts["Foo Bar"]["toughness"] == "*"
    assert facts["Foo Bar"]["mana_value"] == 2 and facts["Quiet Pact"]["type_line"] == "Sorcery"
    assert w.form["paste"] == ("3 Foo Bar\n2 Spirit token 1/1\n20 Zombie\n1 Quiet Pact\n"
                               "#! Foo Bar | {2} | Creature | 2/*\n"
                               "#! Quiet Pact | {3} | Sorcery\n")
    assert w.own_decks["Odd ones"].startswith(w.form["paste"])  # the saved deck keeps them
    other = widget(url_hash=w.share_hash())
    other.db = None  # no card data on this phone
    other.start(None)
    assert other.game.to_json() == w.game.to_json()


def test_a_refused_answer_changes_nothing():
    """Bad answers name the card and leave the list as it was."""
    w = widget()
    w.start(None)
    form = {"deck": "paste", "paste": "3 Foo Bar\n", "paste-enforcers": REAL_ENFORCERS}
    w.handle("new", form)
    view = w.handle("answer", {"ask-0-type": "creature", "ask-0-power": "x",
                               "ask-0-toughness": "1", "ask-0-mv": "1"})
    assert view.error.startswith("Give Foo Bar's power and toughness")
    # said again beside the button just tapped, where the page scrolls
    assert view.text["ask-error"] == view.error and view.hidden["ask-error"] is False
    assert view.scroll == "ask-box"
    view = w.handle("answer", {"ask-0-type": "instant", "ask-0-mv": "99"})
    assert view.error.startswith("Give Foo Bar's mana value")
    view = w.handle("answer", {"ask-0-type": "nonsense", "ask-0-mv": "1"})
    assert view.error == "Say what Foo Bar is."
    assert w.form["paste"] == "3 Foo Bar\n" and w.game is None
    view = w.handle("answer", {"ask-0-type": "land", "ask-0-mv": "0"})
    assert view.error == "" and view.hidden["ask-error"] is True


def test_a_revealed_card_in_play_opens_the_card_panel():
    """sw-5-3: a card the Swarm Step revealed that is still on the battlefield is a button on
    the first screen that opens its card panel; one gone from play stays text."""
    w = widget()
    start_game(w)
    view = w.handle("turn", {})
    host = next(i for i in view.lists["wave"] if i.text.startswith("Infectious Host"))
    assert host.action == "pick-card" and host.href is None
    view = w.handle("pick-card", {"_item": host.value})
    assert view.hidden["panel"] is False and view.scroll == "panel"
    view = w.handle("bounce", {})
    assert view.error == "" and w.game.zones.where(int(host.value))[0] == "hand"
    host = next(i for i in view.lists["wave"] if i.text.startswith("Infectious Host"))
    assert host.action is None  # back in the hand: plain text


def _accepted(game, actions):
    """The actions ``apply`` takes now (each tried, then taken back)."""
    from pyengine.game import ActionError, _capture, _restore

    taken = set()
    for action in actions:
        before = _capture(game)
        try:
            game.apply(action)
        except ActionError:
            continue
        taken.add(action["type"])
        _restore(game, before)
    return taken


@pytest.mark.parametrize("mode", ["hive", "overlord"])
def test_turn_buttons_are_the_turn_actions_the_engine_takes(mode):
    """sw-3-5, sw-10-6, sw-3-3: the runner shows exactly the turn buttons whose action
    ``apply`` takes now, along random games (The Swarm never skips a phase: no End turn or
    Second main phase before combat), as the card panel's buttons are checked."""
    from pyengine.rng import Rng
    from pyengine.widgets.swarm import TURN_BUTTONS
    from tests import scenarios

    w = widget()
    start_game(w, mode=mode, survivors="3")
    rng = Rng("buttons-" + mode)
    seen = set()
    for step in range(60):
        scenarios.walk(w.game, f"buttons-{mode}-{step}", 2)
        view = w.render()
        shown = {action for key, action in TURN_BUTTONS.items() if view.hidden[key] is False}
        assert shown == _accepted(w.game, [{"type": a} for a in TURN_BUTTONS.values()]), step
        seen |= shown
        if w.game.result:
            break
        if shown:  # one of the shown buttons, pressed on the page
            view = w.handle(rng.choice(sorted(shown)), {})
            assert view.error == ""
    assert {"turn", "next-survivor", "combat", "end"} <= seen


def test_card_panel_control_buttons_follow_the_engine():
    """sw-9-5: the card panel offers "A Survivor gains control of it" for a Swarm permanent and
    its return for one a Survivor controls; the board puts a stolen card in a group of its
    own, and the attack total is The Swarm's alone."""
    w = widget()
    start_game(w)
    view = w.handle("turn", {})
    first = view.lists["battlefield"][0]
    view = w.handle("pick-card", {"_item": first.value})
    assert view.hidden["do-steal"] is False and view.hidden["do-unsteal"] is True
    view = w.handle("gain-control", {})
    assert view.error == ""
    assert w.game.actions[-1] == {"type": "gain-control", "card": int(first.value)}
    assert view.hidden["do-steal"] is True and view.hidden["do-unsteal"] is False
    assert any(i.text.endswith("a Survivor controls it") for i in view.lists["battlefield"])
    assert "SW 9.5" in view.text["panel-note"]
    view = w.handle("combat", {})
    attacked = [e.data.get("card") for e in w.game.events if e.kind == "attack"]
    assert int(first.value) not in attacked
    view = w.handle("return-control", {})
    assert w.game.actions[-1] == {"type": "return-control", "card": int(first.value)}
    assert view.hidden["do-steal"] is False


def test_the_turn_line_names_whose_turn_it_is():
    """sw-3-1, sw-3-2: between Swarm turns the turn line names the Survivor whose turn it is;
    Next Survivor's turn passes it on."""
    w = widget()
    view = start_game(w, survivors="2")
    assert view.text["phase"] == "Survivor 1 of 2's turn (opening round 1 of 3)"
    assert view.hidden["do-next-survivor"] is False
    view = w.handle("next-survivor", {})
    assert view.text["phase"] == "Survivor 2 of 2's turn (opening round 1 of 3)"
    view = w.handle("turn", {})
    assert view.text["phase"].startswith("First main phase")
    assert view.hidden["do-next-survivor"] is True
def test_the_amount_and_the_targets_go_back_after_use():
    """sw-9-1: after an amount button the amount is 1 again, after Combat the targets box
    is empty, so the next tap does not reuse them by surprise."""
    w = widget()
    start_game(w)
    view = w.handle("mill", {"amount": "3"})
    assert view.error == "" and view.values["amount"] == "1" and w.form["amount"] == "1"


def test_a_new_swarm_game_gets_a_new_seed_unless_kept():
    """sw-2-4: Start after a game picks a new seed unless "Keep this seed" is ticked."""
    w = widget()
    start_game(w, seed="amber-otter-17")
    w.handle("new", {"mode": "hive", "survivors": "2", "deck": "sample", "seed": w.game.seed})
    assert w.game.seed != "amber-otter-17"
    seed = w.game.seed
    w.handle("new", {"mode": "hive", "survivors": "2", "deck": "sample", "seed": seed,
                     "keep-seed": "on"})
    assert w.game.seed == seed


def test_the_attack_line_is_the_game_as_it_is_now():
    """sw-9-2, sw-9-5 (issue 39, point 4): the attack line counts the Swarm creatures of the
    latest combat still on the battlefield under The Swarm's control, recomputed after each
    action (a death, a change of control), the same figure as the engine's attack total."""
    from pyengine import swarm as engine
    from pyengine.widgets.board import attack_text
    from tests.scenarios import on_board, run_to, stacked

    def attack_line(game):  # what the runner shows: the engine's one attack total
        return attack_text(*game.attack_total())

    game = stacked("swarm", ["Walking Corpse"] * 30, enforcers=["Walking Corpse"] * 2)
    run_to(game, engine.MAIN1)
    game.zones["battlefield"].clear()  # only the cards this test puts there
    a, b, c = on_board(game, "Zombie", "Zombie", "Zombie")
    game.apply({"type": "combat"})
    total = next(e for e in reversed(game.events) if e.kind == "attack-total")
    assert total.data == {"total": 6, "attackers": 3}
    assert attack_line(game).startswith("Attacking the Survivors: 3 creatures, 6 power")
    game.apply({"type": "dies", "card": a.id})
    assert attack_line(game).startswith("Attacking the Survivors: 2 creatures, 4 power")
    game.apply({"type": "gain-control", "card": b.id})
    assert attack_line(game).startswith("Attacking the Survivors: 1 creature, 2 power")
    game.apply({"type": "dies-all", "cards": [c.id]})
    assert attack_line(game).startswith("Attacking the Survivors: 0 creatures, 0 power")


def test_the_reckoning_milled_by_damage_is_offered_as_one_tap():
    """sw-8-5, sw-6-4, sw-9-1: damage that mills The Reckoning says so in the line and offers
    its card's effect as one tap (Army of the Damned: 13 Zombies for the Swarm, untapped);
    the offer goes once used, and a tap with nothing on offer is refused."""
    w = widget()
    view = start_game(w)
    assert view.hidden["reckoning-resolve"] is True
    assert w.handle("reckoning-resolve", {}).error.startswith("The Reckoning is not waiting")
    for _ in range(12):  # Swarm turns until The Lair gives The Reckoning to the Swarm deck
        if w.game.reckoning_position is not None:
            break
        for action in ("turn", "swarm-step", "combat", "second-main", "end"):
            w.handle(action, {})
    position = w.game.reckoning_position
    assert position is not None
    view = w.handle("damage", {"amount": str(position + 1)})
    assert "THE RECKONING: Army of the Damned" in view.text["happened"]
    assert view.hidden["reckoning-resolve"] is False
    assert view.text["reckoning-resolve"] == \
        "Resolve Army of the Damned: 13 Zombie tokens"
    before = len(w.game.creatures())
    old = {c.id for c in w.game.creatures()}
    view = w.handle("reckoning-resolve", {})
    assert view.error == "" and len(w.game.creatures()) == before + 13
    assert not any(c.tapped for c in w.game.creatures() if c.id not in old)
    assert view.hidden["reckoning-resolve"] is True
    view = w.handle("undo", {})
    assert len(w.game.creatures()) == before
