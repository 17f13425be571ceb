"""The runner (:mod:`pyengine.widgets.runner`) on its own (issue 45, point 4): a toy variant,
the coin-flip game of ``tests/coin_flip.py``, declared as a variant is (set-up, action table,
render), driven through the worker's message interface (:class:`pyengine.widgets.host.Host`,
what ``widget-host.js`` talks to). Start, the action table, undo, saves, share links, import,
reset and the end of a game are ``RunnerBase``'s, with no Horde or Swarm in the way. The
runners' rules on saves and links are hs-2-9 (a game is its config, seed and actions)."""

from __future__ import annotations

import ast
import json
import types
from pathlib import Path

import pytest

from pyengine.actions import Action
from pyengine.game import ActionError, GameError
from pyengine.widgets import View, runner
from pyengine.widgets.host import Host
from tests import coin_flip
from tests.scenarios import start as start_variant

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _coin_flip_registered():
    with coin_flip.registered():
        yield


def host(slots=None, url_hash=""):
    return Host("coins", coin_flip.MODULE, coin_flip.env(url_hash), slots)


def tap(page, action, form=None):
    """One tap as the page sends it: the fields and the version of the view shown."""
    return page.answer(action, {**(form or {}), "_view": str(page.version)})


def started(**form):
    page = host()
    page.answer_start()
    answer = tap(page, "new", {"coins": "2", "target": "3", "seed": "toy-seed", **form})
    assert answer["view"]["error"] == ""
    return page, answer


def test_a_fresh_page_has_no_game_and_start_makes_one():
    """hs-2-9: with no save and no link the page has no game; Start makes the one the form
    sets up (``setup_from_form``, ``config_from_setup``), with the form's seed, and saves."""
    page = host()
    first = page.answer_start()["view"]
    assert first["hidden"]["play"] is True and first["values"]["seed"]
    answer = tap(page, "new", {"coins": "3", "target": "2", "seed": "toy-seed"})
    game = page.widget.game
    assert game is not None and game.variant == "coin-flip" and game.seed == "toy-seed"
    assert len(game.zones["battlefield"]) == 3 and game.target == 2
    assert answer["view"]["hidden"]["play"] is False
    assert json.loads(answer["writes"]["game"])["game"]["seed"] == "toy-seed"


def test_bad_set_up_is_refused_in_words():
    """hs-2-9: a set-up the form cannot describe starts nothing and says which field."""
    page = host()
    page.answer_start()
    answer = tap(page, "new", {"coins": "eleven"})
    assert "coins" in answer["view"]["error"] and page.widget.game is None


def test_the_action_table_makes_the_engine_actions():
    """hs-2-9: each button of the table makes its engine action: the chosen card (a tap on
    the board) for ``flip`` and ``tap``, the form's amount for ``nudge`` (then back to 1)."""
    page, _ = started()
    coin = page.widget.game.zones["battlefield"][0].id
    tap(page, "pick", {"_item": str(coin)})
    answer = tap(page, "flip")
    assert page.widget.game.actions == [{"type": "flip", "card": coin}]
    assert answer["view"]["text"]["happened"].startswith(f"Coin #{coin}: ")
    tap(page, "tap")
    answer = tap(page, "nudge", {"amount": "1"})
    assert page.widget.game.actions[1:] == [{"type": "tap", "card": coin},
                                            {"type": "nudge", "n": 1}]
    assert answer["view"]["values"]["amount"] == "1"
    # a tapped coin cannot be flipped: the engine's legal actions hide the button
    assert answer["view"]["hidden"]["flip"] is False  # the other coin still flips
    assert answer["view"]["hidden"]["tap"] is False


def test_a_refused_action_changes_nothing_and_says_why():
    """hs-2-9: no card chosen, a bad amount or an action the engine refuses: the error in
    words, the game as it was."""
    page, _ = started()
    assert "choose a card" in tap(page, "flip")["view"]["error"]
    assert "amount" in tap(page, "nudge", {"amount": "many"})["view"]["error"]
    coin = page.widget.game.zones["battlefield"][0].id
    tap(page, "pick", {"_item": str(coin)})
    tap(page, "tap")
    assert "tapped" in tap(page, "flip")["view"]["error"]
    assert page.widget.game.actions == [{"type": "tap", "card": coin}]


def test_undo_takes_back_the_last_action():
    """hs-2-9: Undo replays the game without its last action and says what it took back."""
    page, _ = started()
    tap(page, "nudge", {"amount": "2"})
    answer = tap(page, "undo")
    assert page.widget.game.actions == []
    assert answer["view"]["text"]["happened"] == "Undone: nudge n=2."
    assert "nothing to undo" in tap(page, "undo")["view"]["error"].lower()


def test_a_save_restores_the_game_the_board_and_the_form():
    """hs-2-9: the page's slots, read again by a new worker, give the same game, the chosen
    card and the form (the runners' one save schema, ``runner.STATE_VERSION``)."""
    page, _ = started(target="5")
    coin = page.widget.game.zones["battlefield"][1].id
    tap(page, "pick", {"_item": str(coin)})
    answer = tap(page, "flip")
    saved = json.loads(answer["writes"]["game"])
    assert saved["v"] == runner.STATE_VERSION and saved["origin"]["target"] == 5
    again = host({"game": answer["writes"]["game"]})
    again.answer_start()
    assert again.widget.game.to_json() == page.widget.game.to_json()
    assert again.widget.selected == coin and again.widget.form["target"] == "5"


def test_a_share_link_opens_the_same_game_from_its_set_up():
    """hs-2-9: the link carries the seed, the actions and the set-up (not the config); on
    another phone it replays to the same game."""
    page, _ = started()
    answer = tap(page, "nudge", {"amount": "1"})
    link = answer["view"]["url_hash"]
    assert link.startswith("c=")
    data = runner.decode_share("c=", link, not_link="", damaged="", no_game="")
    assert data["s"] == {"variant": "coin-flip", "coins": 2, "target": 3} and "c" not in data
    other = host(url_hash=link)
    view = other.answer_start()["view"]
    assert other.widget.game.to_json() == page.widget.game.to_json()
    assert "Opened a shared game" in view["text"]["saves-note"]


def test_a_broken_or_foreign_link_changes_nothing():
    """hs-2-9: a damaged link, or one of another page's game, is refused in words."""
    other = host(url_hash="c=notalink")
    view = other.answer_start()["view"]
    assert "could not be opened" in view["error"] and other.widget.game is None
    foreign = runner.encode_share("c=", {"v": runner.SHARE_VERSION, "seed": "x", "a": [],
                                         "variant": "horde", "c": {}})
    other = host(url_hash=foreign)
    assert "another page" in other.answer_start()["view"]["error"]


def test_import_takes_a_game_file_and_refuses_another_variants():
    """hs-2-9: an exported game file replays as the page's game; a Horde game is not this
    page's and is refused, naming what it holds."""
    page, _ = started()
    tap(page, "nudge", {"amount": "2"})
    exported = page.widget.game.to_json()
    other = host()
    other.answer_start()
    answer = tap(other, "import", {"_file": exported})
    assert other.widget.game.to_json() == exported and answer["view"]["error"] == ""
    assert other.widget.origin is None  # an imported game's config travels whole
    horde = start_variant("horde").to_json()
    assert "'horde' game" in tap(other, "import", {"_file": horde})["view"]["error"]


def test_reset_asks_first_then_forgets_the_game():
    """hs-2-9: Reset asks; Yes forgets the game and picks a fresh seed."""
    page, _ = started()
    answer = tap(page, "reset")
    assert answer["view"]["hidden"]["confirm-reset"] is False
    answer = tap(page, "reset-yes")
    assert page.widget.game is None and page.widget.form["seed"] != "toy-seed"
    assert answer["view"]["hidden"]["play"] is True


def test_the_end_is_read_from_the_outcome():
    """hs-2-7: enough heads and the table has won: the page says so from the engine's typed
    outcome, and the engine's legal actions leave no button."""
    page, _ = started()
    answer = tap(page, "nudge", {"amount": "3"})
    assert answer["view"]["text"]["end"] == "won"
    assert all(answer["view"]["hidden"][name] for name in coin_flip.BUTTONS)
    assert "over" in tap(page, "nudge", {"amount": "1"})["view"]["error"]


def test_a_tap_against_an_old_view_is_refused_unless_repeatable():
    """hs-2-9: a second tap made against the view before the first is refused silently;
    the module's repeatable actions always apply."""
    page, _ = started()
    version = str(page.version)
    page.answer("nudge", {"amount": "1", "_view": version})
    page.answer("nudge", {"amount": "1", "_view": version})
    assert len(page.widget.game.actions) == 2
    coin = page.widget.game.zones["battlefield"][0].id
    page.answer("pick", {"_item": str(coin), "_view": str(page.version)})
    version = str(page.version)
    page.answer("tap", {"_view": version})
    assert page.answer("tap", {"_view": version}).get("stale") is True
    assert len(page.widget.game.actions) == 3


def items(view, key):
    return [(item["text"], item.get("action"), item.get("pressed", False))
            for item in view["lists"][key]]


def test_the_page_is_drawn_from_the_declarations():
    """hs-2-9: RunnerBase.render draws the toy's page from what it declares: the frame
    (the set-up box, the game's box), the board's groups (its Layout), the zone counters, the
    log with each event kind's class, the log as data and what Undo takes back."""
    page = host()
    empty = page.answer_start()["view"]
    assert empty["hidden"]["play"] is True and empty["hidden"]["setup-box"] is False
    assert empty["attrs"]["play"]["data-events"] == "[]" and empty["hidden"]["wave-box"]
    view = tap(page, "new", {"coins": "3", "target": "5", "seed": "toy-seed"})["view"]
    assert view["hidden"]["setup-box"] is True and view["hidden"]["show-setup"] is False
    assert items(view, "battlefield") == [("Coin ×3", "pick", False)]
    assert view["text"]["n-graveyard"] == "0" and view["hidden"]["no-battlefield"] is True
    assert view["text"]["undo-info"] == "Nothing to undo yet."
    assert view["attrs"]["play"]["data-seed"] == "toy-seed"
    assert view["scroll"] == "top"  # Screen.top_after
    view = tap(page, "nudge", {"amount": "2"})["view"]
    assert view["text"]["undo-info"] == "Undo takes back: nudge n=2."
    assert [i["text"] for i in view["lists"]["last"]] == ["2 heads counted by hand"]
    assert view["lists"]["log"][0]["text"] == "2 heads counted by hand"
    view = tap(page, "nudge", {"amount": "3"})["view"]
    assert view["lists"]["log"][0]["cls"] == "coin-win"


def test_the_board_groups_follow_the_shelves_and_the_panel_the_engine():
    """hs-2-9: a tap on a group opens the card panel on one of its coins (the group shown
    pressed); the panel offers only what the engine takes for that coin (its legal actions:
    a tapped coin does not flip); a tapped coin moves to the board's second shelf, labelled
    by it."""
    page, _ = started()
    first, second = (c.id for c in page.widget.game.zones["battlefield"])
    view = tap(page, "pick", {"_item": str(first)})["view"]
    assert items(view, "battlefield") == [("Coin ×2", "pick", True)]
    assert view["text"]["chosen"] == f"Chosen: Coin #{first} (untapped) of Coin ×2"
    assert view["hidden"]["panel"] is False and view["scroll"] == "panel"
    assert view["hidden"]["do-flip"] is False and view["hidden"]["do-tap"] is False
    assert view["text"]["panel-facts"]  # the declared facts, as the panel says them
    view = tap(page, "tap")["view"]
    assert items(view, "battlefield") == [("Coin", "pick", False),
                                          ("Coin, tapped · resting", "pick", True)]
    assert view["text"]["chosen"] == f"Chosen: Coin #{first}"
    assert view["hidden"]["do-flip"] is True and view["hidden"]["do-tap"] is False
    assert view["hidden"]["flip"] is False  # the other coin still flips (legal_buttons)
    view = tap(page, "close-panel")["view"]
    assert view["hidden"]["panel"] is True and view["text"]["chosen"] == "Tap a permanent " \
        "above to choose it."
    assert second in {c.id for c in page.widget.game.zones["battlefield"]}


def test_group_buttons_and_several_chosen_make_one_engine_action_each():
    """hs-2-9: the board's group buttons are the Layout's: tap all, sweep all but the chosen
    group, and "Choose several" marks groups for one sweep of the marked coins."""
    page, _ = started(coins="3")
    game = page.widget.game
    coins = [c.id for c in game.zones["battlefield"]]
    view = tap(page, "tap-all")["view"]
    assert page.widget.game.actions[-1] == {"type": "tap-all", "cards": coins, "tapped": True}
    assert view["hidden"]["tap-all"] is True and view["hidden"]["untap-all"] is False
    assert "choose a card" in tap(page, "destroy-all-but")["view"]["error"]
    tap(page, "untap-all")
    tap(page, "pick", {"_item": str(coins[0])})
    tap(page, "tap")
    tap(page, "destroy-all-but")  # the chosen coin's group (the tapped one) stays
    assert page.widget.game.actions[-1] == {"type": "sweep", "cards": coins[1:]}
    assert [c.id for c in page.widget.game.zones["battlefield"]] == coins[:1]
    assert page.answer("undo", {})["view"]["text"]["n-graveyard"] == "0"
    view = tap(page, "choose-several")["view"]
    assert view["text"]["choose-several"] == "Stop choosing"
    assert [i[1] for i in items(view, "battlefield")] == ["mark", "mark"]
    view = tap(page, "mark", {"_item": str(coins[1])})["view"]
    assert items(view, "battlefield")[0] == ("Coin ×2 — chosen", "mark", True)
    view = tap(page, "destroy-marked")["view"]
    assert page.widget.game.actions[-1] == {"type": "sweep", "cards": coins[1:]}
    assert page.widget.marking is False and view["text"]["n-graveyard"] == "2"
    assert "destroy" in tap(page, "destroy-marked")["view"]["error"]


def _abstract_hooks(cls: type) -> list[str]:
    """The methods of ``cls`` whose body only raises NotImplementedError."""
    tree = ast.parse((ROOT / "pyengine" / "widgets" / "runner.py").read_text(encoding="utf-8"))
    klass = next(node for node in tree.body
                 if isinstance(node, ast.ClassDef) and node.name == cls.__name__)
    return [node.name for node in klass.body if isinstance(node, ast.FunctionDef)
            and any(isinstance(stmt, ast.Raise) and "NotImplementedError" in ast.unparse(stmt)
                    for stmt in node.body)]


def test_a_variant_declares_little():
    """Issue 45, point 4: a runner implements three hooks (the form, the set-up, its config;
    there were 26; the page is :meth:`RunnerBase.render`'s, from the variant's declarations),
    and neither the runner nor its parts import a variant."""
    assert sorted(_abstract_hooks(runner.RunnerBase)) == [
        "config_from_setup", "fresh_form", "setup_from_form"]
    for name in ("runner.py", "parts.py"):
        tree = ast.parse((ROOT / "pyengine" / "widgets" / name).read_text(encoding="utf-8"))
        imported = [ast.unparse(node) for node in ast.walk(tree)
                    if isinstance(node, (ast.Import, ast.ImportFrom))]
        assert not [line for line in imported
                    if any(v in line for v in ("horde", "swarm", "team", "limited"))], name


# -- the declarations a variant may add (issue 45, point 4): each one the toy turns on ------------
def declared(**attrs):
    """A host of the toy runner with the given class attributes declared on it."""
    widget = type("Declared", (coin_flip.CoinRunner,), attrs)
    return Host("coins", types.SimpleNamespace(**{**vars(coin_flip.MODULE), "Widget": widget}),
                coin_flip.env(), None)


def started_with(**attrs):
    page = declared(**attrs)
    page.answer_start()
    answer = tap(page, "new", {"coins": "2", "target": "3", "seed": "toy-seed"})
    assert answer["view"]["error"] == ""
    return page


def test_a_table_button_s_amount_is_used_up_and_a_refused_one_kept():
    """hs-2-9: after a button that takes the form's amount the amount is back to 1 (the next
    tap does not reuse it by surprise, RunnerBase.used); a refused tap keeps what was typed."""
    page, _ = started()
    assert page.widget.used("nudge") == {"amount": "1"} and page.widget.used("flip") == {}
    answer = tap(page, "nudge", {"amount": "3"})
    assert answer["view"]["values"]["amount"] == "1" and page.widget.form["amount"] == "1"
    assert page.widget.game.actions == [{"type": "nudge", "n": 3}]
    tap(page, "nudge", {"amount": "0"})
    assert page.widget.form["amount"] == "0"


def test_undo_and_errors_are_worded_as_declared():
    """hs-2-9: Undo names what it takes back as declared (undo_words: keys sorted, dashes as
    spaces) and errors are sentences when the variant says so (sentences)."""
    page = started_with(undo_words=(True, True), sentences=("It did not work.", (".",)))
    tap(page, "nudge", {"amount": "2"})
    assert tap(page, "undo")["view"]["text"]["happened"] == "Undone: nudge (n 2)."
    assert tap(page, "flip")["view"]["error"] == "Choose a card first."
    assert runner.plain_words({"type": "create-token", "n": 2, "name": "Zombie"}) == \
        "create-token (n 2, name Zombie)"


def test_notes_last_until_the_next_action_and_the_export_is_said():
    """hs-2-9: a note said by the runner (a reset, an own deck's reading, the export) shows in
    its element until the next action; the exported file is named as declared."""
    page = started_with(screen=runner.Screen(notes=("note",), deck_note="note"),
                        export_file="coins-{seed}.json",
                        export_said=("note", "Saved as {file}."))
    answer = tap(page, "export")
    assert answer["view"]["download"][0] == "coins-toy-seed.json"
    assert answer["view"]["text"]["note"] == "Saved as coins-toy-seed.json."
    assert tap(page, "nudge", {"amount": "1"})["view"]["text"]["note"] == ""
    page.widget.say_deck("Your list has no commander.")
    assert page.widget.render().text["note"] == "Your list has no commander."


def test_a_runner_that_forgets_the_last_events_shows_only_what_an_action_did():
    """hs-2-9: with forgets_last a quiet action shows no events in "What just happened";
    without it the latest events stay."""
    keeps, forgets = started_with(), started_with(forgets_last=True)
    for page in (keeps, forgets):
        tap(page, "nudge", {"amount": "1"})
    assert tap(keeps, "show-setup")["view"]["lists"]["last"]
    assert tap(forgets, "show-setup")["view"]["lists"]["last"] == []


def test_the_chosen_card_may_live_in_a_card_menu_and_must_be_on_the_board():
    """hs-2-9: a runner may keep the chosen card in a form menu (card_field); with
    chosen_on_board a card button refuses a card the board no longer shows, in its words."""
    page = declared(card_field="card", chosen_on_board=True, choose_first="tap a coin first",
                    fresh_form=lambda self: {**coin_flip.CoinRunner.fresh_form(self),
                                             "card": ""})
    page.answer_start()
    tap(page, "new", {"coins": "2", "target": "3", "seed": "toy-seed"})
    coin = page.widget.game.zones["battlefield"][0].id
    tap(page, "pick", {"_item": str(coin)})
    assert page.widget.form["card"] == str(coin) and page.widget.chosen_name() == "Coin"
    tap(page, "flip")
    assert page.widget.game.actions[-1] == {"type": "flip", "card": coin}
    page.widget.game.apply(Action.of("sweep", cards=[coin]))  # off the board
    assert tap(page, "tap")["view"]["error"] == "tap a coin first"
    assert page.widget.chosen_name() is None
    page.widget.form["menu"] = "x"
    with pytest.raises(ActionError, match="choose one"):
        page.widget.menu_card("menu", "choose one")


def test_a_page_of_rule_sets_asks_each_its_panel():
    """hs-2-9: with rule_sets the set-up's menu lists the rule sets this page has, the engine
    is the rule set's, a game's rule set and set-up come back into the form, and only a rule
    set that plays own decks shows the own-deck box."""
    shown: list[dict] = []
    coins = types.SimpleNamespace(
        LABEL="Coins", VARIANT=coin_flip.VARIANT, ONLY=set(), OWN_DECKS=True,
        game_class=lambda: coin_flip.CoinFlip, available=lambda: True,
        form_from_setup=lambda form, setup: shown.append(setup))
    gone = types.SimpleNamespace(LABEL="Gone", VARIANT="gone", ONLY=set(),
                                 available=lambda: False)
    page = declared(rule_sets={coin_flip.VARIANT: coins, "gone": gone},
                    fresh_form=lambda self: {**coin_flip.CoinRunner.fresh_form(self),
                                             "variant": coin_flip.VARIANT})
    page.answer_start()
    widget = page.widget
    assert widget.rule_set_menu() == [(coin_flip.VARIANT, "Coins")]
    assert widget.game_class(coin_flip.VARIANT) is coin_flip.CoinFlip
    with pytest.raises(GameError, match="unknown rule set"):
        widget.rule_set("gone-too")
    tap(page, "new", {"coins": "2", "target": "3", "seed": "toy-seed"})
    widget.form["variant"] = ""
    widget.form_from_game(widget.game, {"variant": coin_flip.VARIANT, "coins": 2})
    assert widget.form["variant"] == coin_flip.VARIANT and shown == [
        {"variant": coin_flip.VARIANT, "coins": 2}]
    widget.form["deck"] = "own"
    assert widget.own_deck_shown()
    widget.form["variant"] = "gone"
    assert not widget.own_deck_shown()


def test_a_pasted_deck_s_reference_lists_the_declared_config_keys():
    """hs-2-9: a game whose decks are not shipped (no origin) lists its cards on the page, in
    the sections own_lists declares; a shipped one does not."""
    page = started_with(own_lists={coin_flip.VARIANT: (("coins", {"main": "extra",
                                                                  "one": "single"}),)})
    widget = page.widget
    assert widget.own_reference(widget.game) is None  # made from its set-up
    widget.origin = None
    widget.game.config.update(extra=["Coin", "Coin"], single="Coin")
    assert widget.own_reference(widget.game) == [("coins", {"main": ["Coin", "Coin"],
                                                            "one": ["Coin"]})]


def test_the_log_data_and_an_empty_origin_keep_their_declared_shapes():
    """hs-2-9: log_texts gives the log as data with the events' texts only; origin_object
    keeps an empty object, not null, as the origin of no game (saves write it so)."""
    page = started_with(screen=runner.Screen(log_texts=True), origin_object=True)
    data = page.widget.log_data(page.widget.game)
    assert json.loads(data["data-events"])[0].startswith("2 coins") and "data-variant" not in data
    tap(page, "reset")
    tap(page, "reset-yes")
    assert page.widget.origin == {} and json.loads(page.widget.save())["origin"] == {}


def test_life_gained_under_a_cant_gain_life_is_warned_of():
    """hs-2-9: with Screen.life_note, a life gain while a permanent says players can't gain
    life is warned of in "What just happened" and the note."""
    page = started_with(screen=runner.Screen(life_note="note"),
                        card_facts=staticmethod(lambda game: lambda name: {
                            "tags": ["players_cant_gain_life"]}))
    view = View()
    page.widget.warn_life(page.widget.game, view)
    assert view.text["note"].startswith("Careful: Coin on the coin's battlefield")
    assert view.hidden["happened"] is False
