"""The Horde runner controller (pyengine.widgets.horde), driven without a browser."""

from __future__ import annotations

import json
import re

import pytest

from pyengine import files
from pyengine.game import GameError, SaveError
from pyengine.horde import HordeSlingLab
from pyengine.horde_common import deck_config
from pyengine.widgets import View
from pyengine.widgets.horde import (
    HASH_PREFIX,
    LIMITED_DECKS,
    Widget,
    decode_share,
    encode_share,
)
from tests.conftest import DATA as TEST_DATA
from tests.conftest import ROOT
from tests.helpers import CARD_DATA, last_trace, refused, runner_env
from tests.scenarios import kinds

HOSTILE = '<img src=x onerror="window.__pwned=1">'
PAGE = ROOT / "docs" / "play" / "horde.md"
DATA = CARD_DATA
SEED = "amber-otter-17"
env = runner_env


def widget(url_hash="", data=DATA):
    return Widget(env(url_hash), data=data)


def started(form=None, url_hash=""):
    w = widget(url_hash)
    w.start(None)
    view = w.handle("new", {"seed": SEED, "survivors": "2", **(form or {})})
    assert view.error == ""
    return w, view


def engine_config(survivors=2, difficulty="classic", **extra):
    deck, facts = deck_config(files.load_deck("horde-knudson-zombies-2011").cards("main"),
                              files.load_card_db().get)
    return {"deck": deck, "facts": facts, "survivors": survivors, "difficulty": difficulty,
            "life": {"mode": "per-survivor", "amount": 20}, **extra}


def texts(items):
    return [item.text for item in items]


# -- a small stacked game, moved into the page by import ------------------------------------------
FACTS = {
    "Zombie": {"type_line": "Token Creature — Zombie", "power": "2", "toughness": "2",
               "token": True, "tags": ["token"]},
    "Ghoul Lord": {"mana_cost": "{3}{B}", "mana_value": 4, "type_line": "Creature — Zombie",
                   "power": "3", "toughness": "3", "tags": ["you_may"]},
    "Grave Return": {"mana_cost": "{2}{B}", "mana_value": 3, "type_line": "Creature — Zombie",
                     "power": "2", "toughness": "1", "tags": ["gy_cast_condition"]},
    "Dark Bolt": {"mana_cost": "{1}{B}", "mana_value": 2, "type_line": "Sorcery",
                  "tags": ["flashback"]},
}


def stacked_save(deck, *, actions=(), facts=None, **config):
    game = HordeSlingLab({"deck": list(deck), "facts": facts or FACTS, "survivors": 1,
                          "difficulty": "custom", "custom": {"setup_turns": 1},
                          "stack": True, **config}, SEED)
    for action in actions:
        game.apply(action)
    return game.to_json()


def imported(save):
    w = widget()
    w.start(None)
    view = w.handle("import", {"_file": save})
    assert view.error == ""
    return w, view


# -- starting -------------------------------------------------------------------------------------
def test_fresh_start_shows_the_setup():
    """hs-7-1: with nothing saved the page offers the lobby: rules, difficulty, team, seed."""
    w = widget()
    view = w.start(None)
    assert view.error == ""
    assert view.hidden["play"] is True and view.hidden["setup-box"] is False
    assert view.values["seed"]
    assert [k for k, _ in view.options["difficulty"]] == ["story", "classic", "nightmare",
                                                           "custom"]
    assert [k for k, _ in view.options["variant"]] == ["horde", "limited-horde"]
    assert [k for k, _ in view.options["survivors"]] == ["1", "2", "3", "4"]
    assert [k for k, _ in view.options["lh-deck"]] == list(LIMITED_DECKS)


def test_new_game_events_equal_the_engine():
    """hs-3-3: the page's events are the engine's own for the same config, seed and actions."""
    w, _ = started()
    for action in ("survivor-end", "survivor-end", "survivor-end"):
        w.handle(action, {})
    w.handle("hit", {"amount": "3"})
    view = w.handle("horde-end", {})
    w.handle("survivor-end", {})
    game = HordeSlingLab(engine_config(), SEED)
    for action in ([{"type": "end-survivor-turn"}] * 3 + [{"type": "hit", "n": 3},
                   {"type": "end-horde-turn"}, {"type": "end-survivor-turn"}]):
        game.apply(action)
    assert w.game.to_json() == game.to_json()
    view = w.render()
    assert json.loads(view.attrs["play"]["data-events"]) == [[e.kind, e.text]
                                                             for e in game.events]
    assert view.text["turn"].startswith("Horde turn 2")


def test_custom_options_reach_the_engine():
    """hs-7-3: every Custom option goes into the game: set-up turns, exile, set-up attacks,
    flashback, deck size, wave size, surge and Rally."""
    w, view = started({"difficulty": "custom", "setup-turns": "5", "exile": "10",
                       "setup-attacks": "", "flashback": "always", "library-size": "300",
                       "wave": "4", "surge": "off", "rally": "on", "survivors": "3"})
    assert w.game.options == {"setup_turns": 5, "exile_percent": 10, "setup_attacks": False,
                              "flashback": "always", "library_size": 300, "wave": 4,
                              "surge": None, "rally": True}
    counts = w.game.zones.counts()
    assert counts["library"] + counts["exile"] == 300 and counts["exile"] == 30
    assert view.text["next-surge"] == "none"
    assert view.hidden["custom-box"] is False
    # auto deck and wave sizes, a surge of 5
    w, _ = started({"difficulty": "custom", "library-size": "", "wave": "auto", "surge": "5"})
    assert w.game.options["library_size"] == "auto" and w.game.options["wave"] == 1
    assert w.game.options["surge"] == 5


@pytest.mark.parametrize(("difficulty", "survivors", "wave", "turns"),
                         [("story", 4, 2, 2), ("classic", 3, 2, 2), ("nightmare", 2, 2, 3)])
def test_presets(difficulty, survivors, wave, turns):
    """hs-7-2, hs-8-2, hs-8-3: the presets scale waves and set-up turns with the team."""
    w, view = started({"difficulty": difficulty, "survivors": str(survivors)})
    assert w.game.options["wave"] == wave and w.game.setup_turns == turns
    assert view.text["wave-size"] == str(wave)
    assert view.hidden["custom-box"] is True


@pytest.mark.parametrize(("mode", "amount", "life"),
                         [("per-survivor", "25", 50), ("100-minus-15", "", 85),
                          ("fixed", "33", 33)])
def test_life_options(mode, amount, life):
    """hs-2-4, hs-2-5: 20 per Survivor, another amount per Survivor, 100 minus 15 per extra
    Survivor, or one fixed total."""
    w, view = started({"life-mode": mode, "life": amount})
    assert w.game.life == life
    assert view.text["life-shown"] == str(life)
    assert view.hidden["life-box"] is (mode == "100-minus-15")


def test_bad_setup_is_a_clear_message():
    """hs-2-1: 1 to 4 Survivors; names must match the team."""
    w = widget()
    w.start(None)
    view = w.handle("new", {"survivors": "2", "names": "Ann"})
    refused(view, "2", "name")
    assert w.game is None
    view = w.handle("new", {"survivors": "2", "names": "", "difficulty": "custom",
                            "library-size": "5000"})
    refused(view, "100", "1000")
    view = w.handle("new", {"survivors": "9", "difficulty": "classic"})
    refused(view, "Survivors", "1 to 4")
    assert w.game is None


# -- the Horde's turn, wave bar, damage, life -----------------------------------------------------
def test_wave_and_surge_bar():
    """hs-9-4: the bar shows the wave number, the surges so far and the next surge turn."""
    w, view = started({"difficulty": "nightmare", "survivors": "1"})
    assert (view.text["wave-number"], view.text["surges"], view.text["next-surge"]) == \
        ("0", "0", "Horde turn 2")
    for _ in range(3):
        view = w.handle("survivor-end", {})
    assert view.text["wave-number"] == "1"
    view = w.handle("horde-end", {})
    view = w.handle("survivor-end", {})
    assert (view.text["wave-number"], view.text["surges"], view.text["next-surge"]) == \
        ("2", "1", "Horde turn 4")
    surge = next(e for e in w.last if e.kind == "surge")
    assert surge.data == {"surges": 1, "wave_size": 2}
    assert surge.text in texts(view.lists["last"])


def test_turn_buttons_follow_the_phase():
    """hs-2-2, hs-2-3: set-up turns first, then Survivor and Horde turns alternate."""
    w, view = started()
    assert view.text["survivor-end"] == "End the Survivors' turn"
    assert view.hidden["survivor-end"] is False and view.hidden["horde-end"] is True
    w.handle("survivor-end", {})
    view = w.handle("survivor-end", {})
    assert last_trace(w) == [("survivor-turn", "", "")]
    assert w.last[0].data == {"turn": 3, "setup": True}
    assert "3 of 3" in view.text["turn"]
    view = w.handle("survivor-end", {})
    assert view.hidden["survivor-end"] is True and view.hidden["horde-end"] is False
    view = w.handle("horde-end", {})
    assert view.text["survivor-end"] == "Horde turn"


def test_hit_and_gain():
    """hs-5-1, hs-5-3: damage mills 1:1; life gain returns the newest graveyard cards first."""
    w, view = started()
    top = [c.name for c in w.game.zones["library"][:4]]
    view = w.handle("hit", {"amount": "4"})
    assert view.text["n-graveyard"] == "4"
    assert texts(view.lists["last"])[2:] == ["· " + n for n in top]
    view = w.handle("gain", {"amount": "2"})
    assert view.text["n-graveyard"] == "2"
    assert [c.name for c in w.game.zones["library"][:2]] == [top[3], top[2]]
    view = w.handle("hit", {"amount": "0"})
    refused(view, "1", "999")
    assert view.text["n-graveyard"] == "2"


def test_combat_hit_during_setup_follows_the_option():
    """hs-4-5: with set-up attacks off, combat damage during set-up is refused."""
    w, _ = started({"difficulty": "custom", "setup-attacks": ""})
    view = w.handle("hit", {"amount": "2", "combat": "on"})
    refused(view, "set-up")
    assert w.game.actions == []
    view = w.handle("hit", {"amount": "2", "combat": ""})
    assert view.error == ""


def test_real_life_gain_alerts():
    """hs-5-4: with an empty graveyard, life gain puts new tokens on top, with an alert."""
    w, _ = started()
    view = w.handle("gain", {"amount": "1"})
    assert kinds(w.last) == ["alert"] and w.last[0].data["alert"] is True
    assert [i.text for i in view.lists["last"]] == [w.last[0].text]
    assert view.lists["last"][0].cls == "hd-alert"


def test_loss_banner():
    """hs-2-8: the Horde wins when the Survivors' life is 0 or less at the end of its turn."""
    w, _ = started({"survivors": "1"})
    for _ in range(3):
        w.handle("survivor-end", {})
    view = w.handle("life-down", {"amount": "25"})
    assert view.text["life-shown"] == "-5" and view.hidden["loss-banner"] is True
    view = w.handle("horde-end", {})
    assert view.hidden["loss-banner"] is False
    assert kinds(w.last)[-1] == "win" and w.last[-1].data == {"winner": "horde"}
    assert "-5" in view.text["loss-banner"]
    assert view.hidden["controls"] is True
    assert view.hidden["survivor-end"] is True and view.hidden["horde-end"] is True
    view = w.handle("life-up", {"amount": "1"})
    refused(view, "over", "horde")
    assert w.game.life == -5


def test_win_banner():
    """hs-2-7: the Survivors win when the Horde has no library, hand or creatures."""
    w, _ = imported(stacked_save(["Zombie", "Ghoul Lord"]))
    view = w.handle("survivor-end", {})
    assert view.text["n-library"] == "0" and view.text["n-battlefield"] == "2"
    for card in list(w.game.zones["battlefield"]):
        w.handle("pick", {"_item": str(card.id)})
        view = w.handle("destroy", {})
    assert view.hidden["win-banner"] is False
    assert kinds(w.last)[-1] == "win" and w.last[-1].data == {"winner": "survivors"}
    assert "Survivors" in view.text["win-banner"]


# -- coins, offers, held spells, the puppet -------------------------------------------------------
def test_coin_flags_are_listed():
    """hs-6-2: each flagged Horde permanent shows its coin, Yes or No."""
    w, _ = imported(stacked_save(["Ghoul Lord", "Zombie"]))
    view = w.handle("survivor-end", {})
    flag = w.game.flags[1]
    assert texts(view.lists["battlefield"])[0] == \
        f"Ghoul Lord, tapped · coin: {'Yes' if flag else 'No'}"
    assert view.lists["battlefield"][0].action == "pick"


def test_graveyard_offers_cast_and_skip():
    """hs-6-4: conditional graveyard casts are offered with a coin; Cast or Skip."""
    save = stacked_save(["Zombie", "Grave Return", "Grave Return", "Zombie", "Zombie"],
                        actions=[{"type": "hit", "n": 3}])
    w, _ = imported(save)
    view = w.handle("survivor-end", {})
    offers = view.lists["offers"]
    assert view.hidden["offers-box"] is False
    assert [i.action for i in offers] == ["cast-offer", "skip-offer"] * 2
    first, second = offers[0].value, offers[2].value
    view = w.handle("horde-end", {})
    refused(view, "offer")
    assert w.game.phase == "horde"
    view = w.handle("cast-offer", {"_item": first})
    assert int(first) in [c.id for c in w.game.zones["battlefield"]]
    view = w.handle("skip-offer", {"_item": second})
    assert view.hidden["offers-box"] is True
    assert w.handle("horde-end", {}).error == ""


def test_follow_the_coins_is_one_tap_for_every_offer():
    """hs-6-4: the table bar's Follow the coins does what each open offer's coin says in one
    tap (one Undo takes it back); it is hidden while no offer is open."""
    save = stacked_save(["Zombie", "Grave Return", "Grave Return", "Zombie", "Zombie"],
                        actions=[{"type": "hit", "n": 3}])
    w, view = imported(save)
    assert view.hidden["follow-offers"] is True
    view = w.handle("survivor-end", {})
    coins = dict(w.game.offers)
    assert len(coins) == 2 and view.hidden["follow-offers"] is False
    cast = sum(coins.values())
    assert view.text["follow-offers"] == f"Follow the coins: {cast} cast, {2 - cast} skip"
    view = w.handle("follow-offers", {})
    assert view.error == "" and w.game.offers == {}
    battlefield = {c.id for c in w.game.zones["battlefield"]}
    assert {k for k in coins if k in battlefield} == {k for k, v in coins.items() if v}
    assert view.hidden["follow-offers"] is True and view.hidden["offers-box"] is True
    view = w.handle("undo", {})
    assert w.game.offers == coins and view.hidden["follow-offers"] is False
    assert w.handle("follow-offers", {}).error == ""
    assert w.handle("horde-end", {}).error == ""


def test_token_triggers_are_one_tap_under_the_attack_line():
    """hs-3-9, hs-4-2: a trigger of this Horde turn that makes tokens is a button under the
    attack line; an upkeep trigger's count X is the page's N, and its tokens join the
    attack (the attack line counts them); the button goes once used."""
    facts = {**FACTS, "Endless Ranks of the Dead": {
        "mana_cost": "{2}{B}{B}", "mana_value": 4, "type_line": "Enchantment",
        "tags": ["upkeep=X_Zombie"]}}
    save = stacked_save(["Endless Ranks of the Dead", "Zombie", "Zombie", "Zombie", "Zombie"],
                        facts=facts)
    w, _ = imported(save)
    view = w.handle("survivor-end", {})
    assert view.lists["trigger-offers"] == []  # cast in this wave: after the upkeep
    w.handle("horde-end", {})
    view = w.handle("survivor-end", {})
    offers = view.lists["trigger-offers"]
    assert [i.text for i in offers] == [
        "Endless Ranks of the Dead (upkeep): make X Zombie token(s), attacking (X as typed "
        "above)"]
    assert view.hidden["trigger-n-box"] is False
    before = w.game.attack_total()[0]
    refused = w.handle("trigger-tokens", {"_item": offers[0].value})
    assert refused.error.startswith("Type X, how many tokens")
    view = w.handle("trigger-tokens", {"_item": offers[0].value, "trigger-n": "3"})
    assert view.error == "" and w.game.attack_total()[0] == before + 3
    assert f": {before + 3} creatures" in view.text["attack"]
    assert view.lists["trigger-offers"] == [] and view.hidden["trigger-n-box"] is True
    assert view.values["trigger-n"] == ""
    assert not any("Endless Ranks" in i.text for i in view.lists["reminders"])  # carried out
    assert w.handle("horde-end", {}).error == ""


def test_held_spell_and_flashback():
    """hs-3-8, hs-6-5: a Horde sorcery waits for the table; Done sends it to the graveyard."""
    w, _ = imported(stacked_save(["Dark Bolt", "Zombie"], custom={"setup_turns": 1,
                                                                  "flashback": "always"}))
    view = w.handle("survivor-end", {})
    assert [(i.action, i.value) for i in view.lists["stack"]] == [("done", "1")]
    assert "Dark Bolt" in view.lists["stack"][0].text
    assert view.hidden["stack-box"] is False and view.text["n-stack"] == "1"
    view = w.handle("done", {"_item": "1"})
    assert last_trace(w) == [("resolve", "Dark Bolt", ""), ("flashback-wait", "Dark Bolt", "")]
    assert w.last[0].data["to"] == "graveyard"
    assert view.hidden["stack-box"] is True
    before = w.game.to_json()
    view = w.handle("done", {"_item": "nope"})
    refused(view)
    assert w.game.to_json() == before


def test_puppet_buttons_need_a_chosen_card():
    """hs-6-8: any Survivor moves, taps and counts the Horde's permanents."""
    w, _ = imported(stacked_save(["Zombie", "Zombie", "Ghoul Lord", "Zombie"]))
    view = w.handle("survivor-end", {})
    assert view.hidden["card-buttons"] is True
    refused(w.handle("destroy", {}), "Horde permanent")
    assert texts(view.lists["battlefield"])[0] == "Zombie ×2, all tapped"
    view = w.handle("pick", {"_item": "3"})
    assert view.text["chosen"] == "Chosen: Ghoul Lord #3"
    assert view.hidden["panel"] is False
    assert [i.pressed for i in view.lists["battlefield"]] == [False, True]
    assert view.text["tap"] == "Untap"
    view = w.handle("tap", {})
    assert texts(view.lists["battlefield"])[1].startswith("Ghoul Lord · coin")
    view = w.handle("counter", {})
    assert "+1/+1" in texts(view.lists["battlefield"])[1]
    view = w.handle("to-top", {})
    assert w.game.zones["library"][0].id == 3 and view.hidden["card-buttons"] is True
    assert view.hidden["panel"] is True
    view = w.handle("pick", {"_item": "1"})
    assert view.text["chosen"] == "Chosen: Zombie #1 (tapped) of Zombie ×2, all tapped"
    view = w.handle("untap-one", {})
    assert texts(view.lists["battlefield"])[0] == "Zombie ×2, 1 tapped"
    view = w.handle("exile", {})
    assert view.text["n-exile"] == "1"
    assert view.text["chosen"] == "Chosen: Zombie #2"
    view = w.handle("bounce", {})
    assert view.text["n-hand"] == "1"
    assert w.selected is None and view.hidden["panel"] is True
    assert view.text["chosen"] == started()[1].text["chosen"]
    view = w.handle("pick", {"_item": "2"})
    assert view.error == "" and view.hidden["panel"] is True


def test_roll_for_the_horde_keeps_names_as_text():
    """hs-6-7: a random Survivor or Survivor creature, logged; names stay plain text."""
    w, _ = started({"names": f"Ann, {HOSTILE}"})
    view = w.handle("roll-survivor", {})
    assert kinds(w.last) == ["roll"]
    assert w.last[0].data["kind"] == "survivor" and w.last[0].data["pick"] in ("Ann", HOSTILE)
    view = w.handle("roll-creature", {"creatures": f"{HOSTILE}, Grizzly Bears"})
    pick = view.lists["last"][0]
    assert w.last[0].data["options"] == [HOSTILE, "Grizzly Bears"]
    assert w.last[0].cards == [w.last[0].data["pick"]]
    assert pick.text == w.last[0].text and w.last[0].data["pick"] in pick.text
    assert pick.href.startswith("https://scryfall.com/search?q=")
    assert "<" not in pick.href
    view = w.handle("roll-creature", {"creatures": " , "})
    refused(view, "creatures")


# -- saving, undo, reset, share, import -----------------------------------------------------------
def test_save_restores_exactly():
    """hs-5-3: a reload comes back to exactly the same game and page settings."""
    w, _ = started({"names": "Ann, Bo"})
    for _ in range(3):
        w.handle("survivor-end", {})
    view = w.handle("hit", {"amount": "2", "creatures": "Bear"})
    again = widget()
    restored = again.start(view.save)
    assert restored.error == ""
    assert again.game.to_json() == w.game.to_json()
    assert again.form == w.form
    assert restored.lists["battlefield"] == view.lists["battlefield"]
    assert restored.lists["last"] == view.lists["last"] and view.lists["last"]
    # choosing a card or exporting keeps "what just happened"
    assert w.handle("export", {}).lists["last"] == view.lists["last"]
    assert restored.text["n-graveyard"] == view.text["n-graveyard"]
    assert json.loads(view.save)["game"] == w.game.to_dict()  # the game as an object


@pytest.mark.parametrize("saved", ["{not json", "[]", json.dumps({"v": 99}),
                                   json.dumps({"v": 1, "game": "{\"schema\": 1}"}),
                                   json.dumps({"v": 1, "ui": "x"})])
def test_corrupt_save_starts_fresh_with_a_message(saved):
    """hs-2-9: a save that cannot be read is refused in plain words (pyengine.widgets.saves
    then keeps it aside and starts afresh: tests/test_saves.py)."""
    with pytest.raises((ValueError, GameError)) as caught:
        widget().start(saved)
    assert "Error" not in str(caught.value) and "line 1" not in str(caught.value)
    w = widget()
    w.start(None)
    assert w.handle("new", {"seed": SEED}).error == ""


def test_edited_save_is_refused():
    """hs-2-9: a save whose replay does not reach its recorded state is refused."""
    w, view = started()
    w.handle("survivor-end", {})
    data = json.loads(w.save())
    data["game"]["state"]["life"] = 999  # the game is an object in the save (schema 2)
    with pytest.raises(SaveError, match="does not replay"):
        widget().start(json.dumps(data))


def test_undo_is_repeatable():
    """hs-5-3: Undo drops the last action, again and again, back to the start."""
    w, first = started()
    w.handle("hit", {"amount": "2"})
    w.handle("survivor-end", {})
    view = w.handle("undo", {})
    assert last_trace(w) == [("undo", "", "")]
    assert [a["type"] for a in w.game.actions] == ["hit"]
    view = w.handle("undo", {})
    assert w.game.actions == [] and view.text["n-graveyard"] == "0"
    assert view.url_hash.startswith(HASH_PREFIX)
    refused(w.handle("undo", {}), "undo")
    assert w.game.actions == []


def test_reset_asks_first():
    """hs-7-1: reset needs a second tap; then the lobby comes back."""
    w, _ = started()
    view = w.handle("reset", {})
    assert view.hidden["confirm-reset"] is False and w.game is not None
    view = w.handle("reset-no", {})
    assert view.hidden["confirm-reset"] is True and w.game is not None
    w.handle("reset", {})
    view = w.handle("reset-yes", {})
    assert w.game is None and view.hidden["play"] is True
    assert view.url_hash == ""
    assert json.loads(view.save)["game"] is None


def test_share_link_replays_on_another_phone():
    """hs-2-9: a share link carries rules, options, seed and actions; another phone replays
    the same game."""
    w, _ = started({"difficulty": "custom", "setup-turns": "1", "surge": "2", "rally": "on",
                    "names": "Ann, Bo"})
    w.handle("survivor-end", {})
    view = w.handle("hit", {"amount": "3"})
    assert len(view.url_hash) < 600
    data = decode_share(view.url_hash)
    assert data["s"]["custom"]["surge"] == 2 and "c" not in data
    other = widget(view.url_hash)
    opened = other.start(None)
    assert opened.error == "" and SEED in opened.note and "2 action" in opened.note
    assert other.game.to_json() == w.game.to_json()
    assert other.form["difficulty"] == "custom" and other.form["surge"] == "2"
    assert other.form["names"] == "Ann, Bo"
    # the same link over the same saved game: nothing to announce
    assert widget(view.url_hash).start(opened.save).error == ""


@pytest.mark.parametrize("link", ["h=%%%", "h=" + "A" * 40, "h=eJzLSM3JyQcABiwCFQ",
                                  encode_share({"v": 1, "seed": 3, "a": []}),
                                  encode_share({"v": 1, "variant": "swarm", "seed": "x",
                                                "a": [], "c": {}}),
                                  encode_share({"v": 1, "variant": "horde", "seed": "x",
                                                "a": [{"type": "boom"}],
                                                "s": {"variant": "horde", "deck":
                                                      "horde-knudson-zombies-2011",
                                                      "difficulty": "classic",
                                                      "survivors": 1}})])
def test_bad_share_link_keeps_the_page_working(link):
    """hs-2-9: a broken link shows a clear message; the saved game stays and the page works."""
    w, view = started()
    w.handle("hit", {"amount": "1"})
    saved = w.save()
    other = widget(link)
    opened = other.start(saved)
    refused(opened, "share link")
    assert other.game.to_json() == w.game.to_json()
    assert opened.url_hash.startswith(HASH_PREFIX)
    assert other.handle("hit", {"amount": "1"}).error == ""


def test_other_fragments_are_ignored():
    """hs-2-9: an address ending in an ordinary anchor (not a share link) changes nothing."""
    w, view = started()
    other = widget("hd-game")
    opened = other.start(view.save)
    assert opened.error == "" and opened.url_hash is None
    assert other.game.to_json() == w.game.to_json()


def test_export_and_import_round_trip():
    """hs-2-9: export gives the game as a file; importing it elsewhere restores it."""
    w, _ = started()
    w.handle("hit", {"amount": "2"})
    view = w.handle("export", {})
    name, text = view.download
    assert name == "horde-game.json" and text == w.game.to_json()
    other = widget()
    other.start(None)
    view = other.handle("import", {"_file": text})
    assert view.error == "" and other.game.to_json() == w.game.to_json()
    assert last_trace(other) == [("import", "", "")]
    assert SEED in other.last[0].text and "1 action" in other.last[0].text
    # an imported game's link carries its config: whole, or (too long for one QR code, as
    # this 100-card deck's is) its cards by name, with the facts' digest (issue 41)
    shared = decode_share(view.url_hash)
    assert "c" in shared or shared["r"]["d"]
    again = widget(view.url_hash)
    assert SEED in again.start(None).note
    assert again.game.to_json() == w.game.to_json()


@pytest.mark.parametrize(("text", "named"), [
    ("", ["empty"]),
    ("<html>", ["Horde", "cut short"]),
    ('{"schema": 1, "variant": "swarm", "seed": "x", "config": {}, "actions": []}',
     ["Horde", "save"]),
])
def test_bad_imports_are_refused(text, named):
    """hs-2-9: a file that is not a Horde save is refused with a message naming why; nothing
    changes."""
    w, _ = started()
    before = w.game.to_json()
    view = w.handle("import", {"_file": text})
    refused(view, *named)
    assert w.game.to_json() == before


def test_hostile_card_name_in_an_import_is_text():
    """hs-6-8: names from an imported file are shown as text and linked only to Scryfall."""
    facts = dict(FACTS)
    facts[HOSTILE] = FACTS["Ghoul Lord"]
    w, view = imported(stacked_save([HOSTILE, "Zombie"], facts=facts))
    view = w.handle("survivor-end", {})
    shown = texts(view.lists["battlefield"]) + texts(view.lists["last"]) + texts(
        view.lists["log"])
    assert any(HOSTILE in text for text in shown)
    links = [i.href for key in ("last", "log") for i in view.lists[key] if i.href]
    assert links and all(h.startswith("https://scryfall.com/search?q=") and "<" not in h
                         and '"' not in h for h in links)
    assert isinstance(view, View)


# -- Limited Edition 2.1 --------------------------------------------------------------------------
@pytest.mark.parametrize("deck", list(LIMITED_DECKS))
def test_limited_decks_start(deck):
    """lh-1-10, lh-2-4: the three decks start with Preparation turns by difficulty."""
    w, view = started({"variant": "limited-horde", "lh-deck": deck, "level": "hard",
                       "adjustment": "-1"})
    assert w.game.variant == "limited-horde" and w.game.preparation == 2
    assert view.text["stage"] == "Preparation"
    assert view.attrs["stage-preparation"] == {"data-current": "true"}
    assert view.hidden["wave-bar"] is True and view.hidden["stage-bar"] is False
    assert view.hidden["lh-controls"] is False and view.hidden["sl-controls"] is True
    if deck == "eldrazi":
        assert w.game.zones["dreadnought"][0].name == "Coax from the Blind Eternities"
        assert "Coax from the Blind Eternities" in view.text["lh-status"]
        assert "hunt Eldrazi Spawn" in view.text["lh-status"]


def test_limited_stages_and_actions():
    """lh-4-1, lh-8-3, lh-8-9, lh-8-10: Assault after Preparation; damage mills 3:1; the
    hand is the top 3; discards mill."""
    w, view = started({"variant": "limited-horde", "lh-deck": "zombies", "level": "nightmare",
                       "survivors": "1"})
    w.handle("survivor-end", {})
    view = w.handle("survivor-end", {})
    assert view.text["stage"] == "Assault"
    assert view.attrs["stage-assault"] == {"data-current": "true"}
    view = w.handle("hit", {"amount": "4"})
    assert view.text["n-graveyard"] == "1" and "Damage carried: 1" in view.text["lh-status"]
    view = w.handle("discard", {"amount": "2"})
    assert view.text["n-graveyard"] == "3"
    view = w.handle("look-hand", {})
    assert view.text["n-hand"] == "3" and view.hidden["end-look"] is False
    view = w.handle("end-look", {})
    assert view.text["n-hand"] == "0"
    view = w.handle("end-step", {})
    assert view.error == ""
    view = w.handle("confirm-victory", {})
    refused(view, str(len(w.game.zones["library"])))
    assert w.game.status()["winner"] is None
    assert w.handle("cast-offer", {"_item": "1"}).error == \
        "That button belongs to the SlingLab rules."


def test_limited_share_and_save():
    """lh-2-6: a Limited game's link carries deck, difficulty and adjustment."""
    w, _ = started({"variant": "limited-horde", "lh-deck": "goblins", "level": "easy",
                    "adjustment": "2", "aggro": "on", "lh-life": "30"})
    view = w.handle("survivor-end", {})
    other = widget(view.url_hash)
    assert SEED in other.start(None).note
    assert other.game.to_json() == w.game.to_json()
    assert (other.form["lh-deck"], other.form["level"], other.form["adjustment"],
            other.form["aggro"], other.form["lh-life"]) == ("goblins", "easy", "2", "on", "30")
    assert widget().start(view.save).error == ""


def test_slinglab_only_and_limited_only_buttons():
    """hs-3-1: a button of the other rule set is refused with a message."""
    w, _ = started()
    assert w.handle("draw", {"amount": "1"}).error == \
        "That button belongs to Limited Horde 2.1."


# -- without card data, and the page itself -------------------------------------------------------
def test_without_card_facts_saved_games_still_work():
    """hs-2-9: if the card facts cannot load, new games are refused clearly; saves work."""
    w, view = started()
    bare = Widget(env(), data=None)
    restored = bare.start(view.save)
    assert restored.error == "" and bare.game.to_json() == w.game.to_json()
    assert restored.hidden["data-note"] is False
    refused(bare.handle("new", {}), "card facts")
    assert bare.handle("hit", {"amount": "1"}).error == ""


def page_text():
    return PAGE.read_text(encoding="utf-8")


def test_page_rule_links_exist():
    """hs-6-7, lh-3-16: the controls link to rule anchors that exist."""
    anchors = set()
    for line in (TEST_DATA / "rule_anchors.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            page, anchor = line.split()
            anchors.add((page.replace(".md", ".html"), anchor))
    links = re.findall(r'href="\.\./([a-z-]+/index\.html)#([a-z0-9-]+)"', page_text())
    assert len(links) > 30
    missing = [link for link in links if link not in anchors]
    assert missing == []


def test_every_page_action_is_known():
    """hs-6-8: every button and change event of the page reaches a handled action."""
    html = page_text()
    actions = set(re.findall(r'data-(?:action|change|file)="([a-z-]+)"', html))
    assert {"survivor-end", "horde-end", "hit", "gain", "roll-survivor", "undo", "reset",
            "reset-yes", "export", "import", "new"} <= actions
    assert all('disabled' in tag for tag in re.findall(r"<button[^>]*data-action[^>]*>", html))
    assert 'data-id="loading"' in html and 'data-id="error"' in html
    for action in sorted(actions - {"import"}):
        w, _ = started()
        view = w.handle(action, {"_item": "1"})
        assert not view.error.startswith("Unknown action"), action


def test_tokens_made_for_the_horde_cease_to_exist():
    """hs-5-6, hs-6-8: tokens made during play enter; when they leave they cease to exist."""
    w, _ = started()
    view = w.handle("token", {"token": "Zombie", "amount": "2"})
    assert view.text["n-battlefield"] == "2"
    made = w.game.zones["battlefield"][0]
    w.handle("pick", {"_item": str(made.id)})
    view = w.handle("destroy", {})
    assert view.text["n-graveyard"] == "0" and view.text["n-battlefield"] == "1"
    assert last_trace(w) == [("move", "Zombie", ""), ("cease", "Zombie", "")]
    assert [e.data["card"] for e in w.last] == [made.id, made.id]
    view = w.handle("token", {"token": HOSTILE, "amount": "1", "token-power": "",
                              "token-toughness": ""})
    refused(view, HOSTILE, "power", "toughness")
    view = w.handle("token", {"token": HOSTILE, "amount": "1", "token-power": "1",
                              "token-toughness": "1"})
    assert view.error == ""
    assert HOSTILE in texts(view.lists["battlefield"])
    refused(w.handle("token", {"token": " "}), "token")


def test_limited_tokens_return_from_the_graveyard():
    """lh-3-3, lh-3-5: "create a token" returns matching token cards from the graveyard, or
    fizzles; ordinary tokens are made only when asked."""
    from pyengine.limited_horde import LimitedHorde

    game = LimitedHorde({"deck": ["Zombie", "Zombie", "Ghoul Lord", "Zombie"], "facts": FACTS,
                         "difficulty": "nightmare", "stack": True}, SEED)
    game.apply({"type": "discard", "n": 2})
    w, view = imported(game.to_json())
    assert view.hidden["token-other-box"] is False
    view = w.handle("token", {"token": "Zombie", "amount": "3", "token-other": ""})
    assert last_trace(w)[0] == ("return-tokens", "Zombie, Zombie", "")
    assert w.last[0].data == {"asked": 3, "returned": 2}
    view = w.handle("token", {"token": "Zombie", "amount": "1"})
    assert last_trace(w) == [("fizzle", "Zombie", "")]
    assert w.last[0].data == {"asked": 1, "returned": 0}
    view = w.handle("token", {"token": "Zombie", "amount": "1", "token-other": "on"})
    assert view.text["n-battlefield"] == "3"


def test_limited_targets():
    """lh-3-13, lh-3-14, lh-3-15: destroy picks the highest mana value; damage goes to the
    Survivors when it can, else to the creature it kills with the greatest toughness."""
    w, view = started({"variant": "limited-horde", "lh-deck": "zombies"})
    assert view.hidden["lh-target"] is False
    view = w.handle("target", {"target-effect": "destroy",
                               "targets": f"Serra Angel 5, Grizzly Bears 2, {HOSTILE} 1"})
    assert last_trace(w) == [("target", "Serra Angel", "")]
    assert w.last[0].data["effect"] == "destroy" and w.last[0].data["pick"] == "Serra Angel"
    view = w.handle("target", {"target-effect": "damage", "targets": "Serra Angel 4",
                               "target-player": "on", "amount": "3"})
    assert w.last[0].data == {"effect": "damage", "pick": "survivors"}
    view = w.handle("target", {"target-effect": "damage", "target-player": "",
                               "targets": "Serra Angel 4/1, Grizzly Bears 2, Wall 5",
                               "amount": "3"})
    assert last_trace(w) == [("target", "Serra Angel", "highest-toughness-lethal")]
    assert w.last[0].data["effect"] == "damage"
    view = w.handle("target", {"target-effect": "exile", "targets": "Bears"})
    refused(view, "'Bears'")
    view = w.handle("target", {"target-effect": "exile", "targets": "Bears x"})
    refused(view, "mana value", "Bears")


def test_limited_epilogue_and_victory():
    """lh-6-1, lh-7-1: an empty library starts the Epilogue (Hunting for all); once the
    Horde has no creatures the table confirms victory and the win banner shows."""
    from pyengine.limited_horde import LimitedHorde

    game = LimitedHorde({"deck": ["Zombie", "Zombie", "Ghoul Lord"], "facts": FACTS,
                         "difficulty": "nightmare", "stack": True}, SEED)
    w, view = imported(game.to_json())
    assert view.hidden["confirm-victory"] is True
    w.handle("survivor-end", {})
    view = w.handle("survivor-end", {})
    assert view.text["stage"] == "Epilogue"
    assert view.attrs["stage-epilogue"] == {"data-current": "true"}
    assert {"stage": "epilogue"} in [e.data for e in w.last]
    assert "hunt any Horde creature" in view.text["lh-status"]
    assert view.hidden["confirm-victory"] is False and view.hidden["hunt-box"] is False
    w.handle("pick", {"_item": "3"})
    view = w.handle("hunt", {"power": "5", "hunter-defender": "on"})
    refused(view, "Epilogue", "defender")
    assert w.game.actions[-1]["type"] != "hunt"
    view = w.handle("hunt", {"power": "5", "hunter-defender": "", "hunter-toughness": "2"})
    assert last_trace(w) == [("hunt", "Ghoul Lord", ""), ("dies", "Ghoul Lord", "")]
    assert w.last[0].data["damage_back"] == 3
    assert w.game.actions[-1] == {"type": "hunt", "card": 3, "power": 5, "toughness": 2}
    for card in list(w.game.zones["battlefield"]):
        w.handle("pick", {"_item": str(card.id)})
        w.handle("destroy", {})
    view = w.handle("confirm-victory", {})
    assert view.hidden["win-banner"] is False
    assert last_trace(w) == [("win", "", "")] and w.last[0].data == {"winner": "survivors"}
    assert view.text["win-banner"].startswith(w.last[0].text)


PAGE_ACTIONS = ["survivor-end", "horde-end", "hit", "gain", "life-down", "life-up",
                "roll-survivor", "roll-creature", "destroy", "exile", "bounce", "to-top", "tap",
                "counter", "token", "target", "draw", "discard", "look-hand", "end-look",
                "end-step", "hunt", "confirm-victory", "undo", "reset", "reset-no", "export",
                "pick", "cast-offer", "skip-offer", "follow-offers", "trigger-tokens", "done",
                "show-setup", "hide-setup"]


@pytest.mark.parametrize("variant", ["horde", "limited-horde"])
def test_any_tap_sequence_keeps_a_restorable_page(variant):
    """hs-2-9: whatever the table taps, the page answers with a view (an error at worst), and
    the save always restores the same game."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=25, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from(PAGE_ACTIONS), st.integers(0, 160),
                              st.integers(1, 12)), max_size=25))
    def run(steps):
        w, _ = started({"variant": variant, "survivors": "1", "names": ""})
        for action, item, amount in steps:
            view = w.handle(action, {"_item": str(item), "amount": str(amount),
                                     "creatures": "Bear, Elf", "targets": "Bear 2"})
            assert not view.error.startswith("Unknown action")
        again = widget()
        restored = again.start(w.save())
        assert restored.error == ""
        assert (again.game.to_json() if again.game else None) == \
            (w.game.to_json() if w.game else None)

    run()


def test_card_panel_gives_a_horde_creature_to_a_survivor_and_back():
    """hs-4-1: the card panel's "A Survivor gains control of it" and its return are engine
    actions on the chosen permanent; the board shows a stolen card in a group of its own, and
    the Horde's attack leaves it out."""
    w, _ = imported(stacked_save(["Zombie", "Zombie", "Ghoul Lord", "Zombie"]))
    view = w.handle("survivor-end", {})
    view = w.handle("pick", {"_item": "3"})
    assert view.hidden["do-steal"] is False and view.hidden["do-unsteal"] is True
    view = w.handle("gain-control", {})
    assert view.error == "" and w.game.actions[-1] == {"type": "gain-control", "card": 3}
    assert view.hidden["do-steal"] is True and view.hidden["do-unsteal"] is False
    assert any(t.endswith("a Survivor controls it") for t in texts(view.lists["battlefield"]))
    w.handle("horde-end", {})
    w.handle("survivor-end", {})
    attack = next(e for e in reversed(w.game.events) if e.kind == "attack")
    assert 3 not in attack.data["attackers"]
    view = w.handle("return-control", {})
    assert w.game.actions[-1] == {"type": "return-control", "card": 3}
    assert view.hidden["do-steal"] is False


def test_the_card_panel_shows_limited_horde_keyword_errata():
    """lh-9-10: in a Limited Horde game the card panel's facts line reads Hound of the
    Farbogs with threshold instead of delirium and names the errata; SlingLab's does not."""
    from pyengine.widgets import board
    from tests import scenarios

    lh = scenarios.stacked("limited-horde", ["Hound of the Farbogs", "Zombie"])
    line = board.facts_text(Widget._facts(lh)("Hound of the Farbogs"), lh.HANDLING)
    assert "errata: threshold instead of delirium (LH 9.10)" in line
    assert line.endswith("At the table: It has menace with threshold.")
    hs = scenarios.stacked("horde", ["Hound of the Farbogs", "Zombie"])
    assert board.facts_text(Widget._facts(hs)("Hound of the Farbogs"), hs.HANDLING).endswith(
        "At the table: It has menace with delirium.")
def test_a_new_game_gets_a_new_seed_unless_the_table_keeps_it():
    """hs-3-3: Start after a game does not deal the same game again by surprise: the seed
    left in the box from the last game is replaced, unless "Keep this seed" is ticked; a seed
    the table typed is used as typed."""
    w, view = started()
    again = w.handle("new", {"seed": SEED, "survivors": "2"})
    assert again.error == "" and w.game.seed != SEED
    kept = w.handle("new", {"seed": w.game.seed, "keep-seed": "on", "survivors": "2"})
    assert kept.error == "" and w.game.seed == again.values.get("seed", w.game.seed)
    typed = w.handle("new", {"seed": "bold-owl-3", "keep-seed": "", "survivors": "2"})
    assert typed.error == "" and w.game.seed == "bold-owl-3"


def test_the_amount_and_the_combat_box_go_back_after_use():
    """hs-4-5: after "Deal N damage" the N box is 1 again and "It is combat damage" is
    unticked, so the next tap does not repeat them by surprise; a refused tap keeps them."""
    w, _ = started()
    for action in ("survivor-end", "survivor-end", "survivor-end"):
        w.handle(action, {})
    view = w.handle("hit", {"amount": "3", "combat": "on"})
    assert view.error == ""
    assert view.values["amount"] == "1" and view.values["combat"] == ""
    assert w.form["amount"] == "1" and w.form["combat"] == ""
    refused_view = w.handle("hit", {"amount": "0"})
    assert refused_view.error and w.form["amount"] == "0"


def _with_creatures():
    w, _ = started()
    for _ in range(6):
        if w.game.creatures():
            break
        w.handle("survivor-end", {})
        if w.game.phase != "survivors" and not w.game.creatures():
            w.handle("horde-end", {})
    while not w.game.creatures():
        w.handle("horde-end", {})
        w.handle("survivor-end", {})
    return w


def test_destroy_all_horde_creatures_is_one_tap_and_one_undo():
    """hs-6-8: a board wipe of the Horde's creatures is one tap ("Destroy all Horde
    creatures", one engine action), and one Undo brings them all back."""
    w = _with_creatures()
    before = sorted(c.id for c in w.game.creatures())
    actions = len(w.game.actions)
    view = w.handle("destroy-all", {})
    assert view.error == "" and w.game.creatures() == []
    assert len(w.game.actions) == actions + 1
    assert w.game.actions[-1] == {"type": "move-all", "cards": before, "to": "graveyard"}
    assert not {c.id for c in w.game.zones["battlefield"]} & set(before)
    moved = [e for e in w.game.events if e.kind == "move" and e.data.get("to") == "graveyard"]
    assert [e.data["card"] for e in moved[-len(before):]] == before
    undone = w.handle("undo", {})
    assert undone.error == "" and sorted(c.id for c in w.game.creatures()) == before


def test_destroy_all_but_the_chosen_group_and_tap_all():
    """hs-6-8: "all but these" keeps the chosen group; "Tap all" taps every Horde creature
    in one action and "Untap all" shows once one is tapped."""
    w = _with_creatures()
    made = w.handle("token", {"token": "Goblin Test", "token-power": "1",
                              "token-toughness": "1", "amount": "2"})
    assert made.error == ""
    first = w.game.creatures()[0]
    w.handle("pick", {"_item": str(first.id)})
    keep = {c.id for c in w.game.creatures() if c.name == first.name and c.counters == 0}
    if not any(c.tapped for c in w.game.creatures()):
        assert w.handle("tap-all", {}).error == ""
    view = w.handle("untap-all", {})
    assert view.error == "" and not any(c.tapped for c in w.game.creatures())
    assert view.hidden["untap-all"] is True and view.hidden["tap-all"] is False
    view = w.handle("tap-all", {})
    assert view.error == "" and all(c.tapped for c in w.game.creatures())
    assert view.hidden["tap-all"] is True and view.hidden["untap-all"] is False
    assert w.game.actions[-1]["type"] == "tap-all"
    assert w.handle("untap-all", {}).error == ""
    w.selected = first.id
    view = w.handle("destroy-all-but", {})
    assert view.error == ""
    assert {c.id for c in w.game.creatures()} <= keep and first.id in {
        c.id for c in w.game.creatures()}
    assert w.handle("tap-all", {}).error == ""
    refused_view = w.handle("tap-all", {})
    assert "already tapped" in refused_view.error.casefold()


def test_a_game_that_can_end_says_so_at_the_top_with_its_button():
    """lh-7-3: once the Horde's library is empty and it has no creature, the top of the page
    offers Confirm victory (the same action as the button among the tools)."""
    from pyengine.limited_horde import LimitedHorde

    game = LimitedHorde({"deck": ["Zombie", "Zombie", "Ghoul Lord"], "facts": FACTS,
                         "difficulty": "nightmare", "stack": True}, SEED)
    w, view = imported(game.to_json())
    assert view.hidden["confirm-victory-top"] is True
    w.handle("survivor-end", {})
    w.handle("survivor-end", {})
    view = w.handle("destroy-all", {})
    assert view.error == ""
    assert view.hidden["confirm-victory-top"] is False
    assert view.hidden["confirm-victory-top"] == view.hidden["confirm-victory"]
    view = w.handle("confirm-victory", {})
    assert w.game.outcome() is not None and view.error == ""
    assert view.hidden["confirm-victory-top"] is True  # gone once the game is won (issue 41)
    assert view.scroll == "top"  # the winning tap brings the win banner into view


def test_what_just_happened_is_one_line_for_every_action():
    """hs-6-7: the roll's result, a refusal and a whole Horde turn each end up in the one
    "what just happened" line (fixed on the screen, read out once)."""
    w, _ = started()
    view = w.handle("roll-survivor", {})
    assert view.hidden["happened"] is False
    assert view.text["happened"].startswith("Roll for the Horde: Survivor")
    refused_view = w.handle("hit", {"amount": "0"})
    assert refused_view.text["happened"] == refused_view.error != ""
    for _ in range(3):
        view = w.handle("survivor-end", {})
    assert "attack" in view.text["happened"] and "steps)" in view.text["happened"]
    quiet = w.handle("show-setup", {})
    assert "happened" not in quiet.text


def test_reminders_come_each_turn_and_life_gain_under_cant_gain_life_warns():
    """hs-6-8: a permanent with an upkeep trigger that entered on an earlier turn is reminded
    again on the next Horde turn; with a "players can't gain life" permanent out, raising the
    Survivors' life warns in the "what just happened" line; a card-panel action returns the
    page to the turn."""
    facts = dict(FACTS, **{"Forsaken Wastes": {
        "mana_cost": "{2}{B}", "mana_value": 3, "type_line": "World Enchantment",
        "tags": ["players_cant_gain_life", "each_upkeep_lose1"]}})
    save = stacked_save(["Forsaken Wastes", "Zombie", "Zombie", "Zombie", "Zombie"],
                        facts=facts)
    w, _ = imported(save)
    seen = []
    for _ in range(4):
        view = w.handle("survivor-end", {})
        if w.game.phase != "survivors":
            view = w.handle("horde-end", {})
        seen.append([i.text for i in view.lists.get("reminders", [])])
        if any(c.name == "Forsaken Wastes" for c in w.game.zones["battlefield"]) and len(
                [r for r in seen if any("Forsaken Wastes" in t for t in r)]) >= 2:
            break
    assert any("Forsaken Wastes (on the battlefield) — At the beginning of each upkeep" in t
               for r in seen for t in r), seen
    # the Survivors' turn is played on the tools: an each-upkeep trigger is said there too,
    # and only what triggers in every turn (issue 27, point 5)
    view = w.render()
    assert w.game.phase == "survivors" and view.hidden["turn-reminders-box"] is False
    assert [i.text for i in view.lists["turn-reminders"]] == [
        "Forsaken Wastes (on the battlefield) — At the beginning of each upkeep: that player "
        "loses 1 life."]
    view = w.handle("life-up", {"amount": "2"})
    assert "can't gain life" in view.text["happened"]
    zombie = next(c for c in w.game.zones["battlefield"] if c.name == "Zombie")
    w.handle("pick", {"_item": str(zombie.id)})
    view = w.handle("destroy", {})
    assert view.error == "" and view.scroll == "top"


def test_a_held_wrath_and_a_token_spell_resolve_in_one_tap():
    """hs-3-8: a held Horde sorcery whose card data says how it resolves is offered as one
    tap: a wrath destroys the Horde's creatures and goes to the graveyard in one action (one
    Undo), the attack line says the wrath comes first; N tapped tokens are made tapped."""
    facts = dict(FACTS, **{
        "Damnation": {"mana_cost": "{2}{B}{B}", "mana_value": 4, "type_line": "Sorcery",
                      "tags": ["destroy_all_creatures", "no_regen"]},
        "Army of the Damned": {"mana_cost": "{5}{B}{B}{B}", "mana_value": 8,
                               "type_line": "Sorcery", "tags": ["3_Zombie_tokens_tapped"]}})
    save = stacked_save(["Zombie", "Zombie", "Damnation", "Army of the Damned", "Zombie"],
                        facts=facts)
    w, _ = imported(save)
    view = None
    for _ in range(6):
        view = w.handle("survivor-end", {})
        if w.game.zones["stack"]:
            break
        if w.game.phase != "survivors":
            w.handle("horde-end", {})
    held = {c.name: c.id for c in w.game.zones["stack"]}
    assert "Damnation" in held
    items = [i for i in view.lists["stack"] if i.action == "resolve"]
    creatures = sorted(c.id for c in w.game.creatures())
    assert creatures
    wrath = next(i for i in items if "Damnation" in i.text)
    assert f"destroy all {len(creatures)} Horde creatures" in wrath.text
    assert "Held first: Damnation destroys 2" in view.text["attack"]
    before = len(w.game.actions)
    done = w.handle("resolve", {"_item": wrath.value})
    assert done.error == "" and w.game.creatures() == []
    assert len(w.game.actions) == before + 1
    assert all(c.name != "Damnation" for c in w.game.zones["stack"])
    w.handle("undo", {})
    assert sorted(c.id for c in w.game.creatures()) == creatures
    w.handle("resolve", {"_item": wrath.value})
    for _ in range(6):
        if any(c.name == "Army of the Damned" for c in w.game.zones["stack"]):
            break
        if w.game.phase == "horde":
            w.handle("horde-end", {})
        w.handle("survivor-end", {})
    else:
        raise AssertionError("Army of the Damned was never held")
    view = w.render()
    army = next(i for i in view.lists["stack"] if i.action == "resolve" and "Army" in i.text)
    assert "3 Zombie tokens tapped" in army.text
    zombies = sum(1 for c in w.game.zones["battlefield"] if c.name == "Zombie")
    w.handle("resolve", {"_item": army.value})
    made = [c for c in w.game.zones["battlefield"] if c.name == "Zombie"]
    assert len(made) == zombies + 3 and sum(c.tapped for c in made) >= 3


def test_several_groups_chosen_on_the_board_are_destroyed_in_one_tap():
    """hs-6-8: "Choose several" turns the board's buttons into choices (a tap marks a whole
    group, again unmarks it); "Destroy the N chosen" moves them all in one action; the
    choice is kept on reload."""
    w = _with_creatures()
    assert w.handle("token", {"token": "Goblin Test", "token-power": "1",
                              "token-toughness": "1", "amount": "2"}).error == ""
    view = w.handle("choose-several", {})
    assert view.text["choose-several"] == "Stop choosing" and view.hidden["destroy-marked"]
    items = view.lists["battlefield"]
    assert all(i.action == "mark" for i in items) and len(items) >= 2
    goblin = next(i for i in items if i.text.startswith("Goblin Test"))
    view = w.handle("mark", {"_item": goblin.value})
    assert view.text["destroy-marked"] == "Destroy the 2 chosen"
    assert next(i for i in view.lists["battlefield"] if i.text.startswith("Goblin Test")).pressed
    again = Widget(env(), data=DATA)
    again.start(view.save)
    assert again.marking and sorted(again.marked) == sorted(w.marked)
    others = {c.id for c in w.game.creatures() if c.name != "Goblin Test"}
    actions = len(w.game.actions)
    view = w.handle("destroy-marked", {})
    assert view.error == "" and len(w.game.actions) == actions + 1
    assert {c.id for c in w.game.creatures()} == others
    assert not w.marking and view.hidden["destroy-marked"]


def test_one_attack_total_always_true_after_a_wrath_a_steal_and_a_death():
    """hs-4-2 (issue 39, point 4): the attack line is recomputed after every action from the
    creatures on the battlefield that attack for the Horde: a kill, a change of control and a
    wrath take attackers out of it, a token made later is not an attacker; the table bar's
    line of the attack and the wave box say the same figures."""
    save = stacked_save(["Zombie"] * 6, facts=FACTS)
    w, _ = imported(save)
    view = None
    for _ in range(6):
        view = w.handle("survivor-end", {})
        if w.game.phase == "horde" and w.game.attacking:
            break
        if w.game.phase != "survivors":
            w.handle("horde-end", {})
    attackers = list(w.game.attacking)
    n = len(attackers)
    assert n >= 2
    assert view.text["attack"].startswith(f"Attacking the Survivors: {n} creatures, {2 * n} "
                                          "power")
    attack_event = next(e for e in reversed(w.game.events) if e.kind == "attack")
    assert f"{n} Horde creature(s) attack the Survivors (power {2 * n})" in attack_event.text
    w.game.apply({"type": "move", "card": attackers[0], "to": "graveyard"})
    assert w.render().text["attack"].startswith(
        f"Attacking the Survivors: {n - 1} creature{'s' if n - 1 != 1 else ''}, {2 * (n - 1)}")
    w.game.apply({"type": "gain-control", "card": attackers[1]})
    assert w.render().text["attack"].startswith(f"Attacking the Survivors: {n - 2} creature")
    w.game.apply({"type": "create-token", "name": "Zombie", "n": 2})
    assert w.render().text["attack"].startswith(f"Attacking the Survivors: {n - 2} creature")
    for card_id in attackers[2:]:
        w.game.apply({"type": "move", "card": card_id, "to": "graveyard"})
    assert w.render().text["attack"].startswith("Attacking the Survivors: 0 creatures, 0 power")


def test_a_card_that_dies_is_reminded_of_its_dies_trigger():
    """hs-4-3 (issue 39, point 7): a Horde creature that dies this turn gets its "when it
    dies" reminder, in a sentence saying what happens."""
    facts = dict(FACTS, **{"Festering Goblin": {
        "mana_cost": "{B}", "mana_value": 1, "type_line": "Creature — Zombie Goblin",
        "power": "1", "toughness": "1", "tags": ["dies=target_creature-1/-1_eot"]}})
    w, _ = imported(stacked_save(["Festering Goblin", "Zombie", "Zombie"], facts=facts))
    for _ in range(6):
        w.handle("survivor-end", {})
        if any(c.name == "Festering Goblin" for c in w.game.zones["battlefield"]) and \
                w.game.phase == "horde":
            break
        if w.game.phase != "survivors":
            w.handle("horde-end", {})
    goblin = next(c for c in w.game.zones["battlefield"] if c.name == "Festering Goblin")
    w.game.apply({"type": "move", "card": goblin.id, "to": "graveyard"})
    lines = [i.text for i in w.render().lists["reminders"]]
    assert "Festering Goblin (died) — When it dies: target creature gets -1/-1 until end of " \
           "turn." in lines
