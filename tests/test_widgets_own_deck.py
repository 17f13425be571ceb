"""A player's own Horde deck in the runner (pyengine.widgets.own_deck, the Horde widget)."""

from __future__ import annotations

import pytest

from pyengine import files
from pyengine.decklist import Decklist
from pyengine.game import ActionError
from pyengine.widgets.horde import Widget, decode_share
from pyengine.widgets.own_deck import UnknownCards, read_own_deck, require_known, unknown_in
from tests.helpers import CARD_DATA, refused, runner_env

DB = files.load_card_db()
LIST = "30 Zombie token\n4 Zombie Token 5/5\n2 Cackling Fiend\n3 Spirit token 1/1\n"


def test_tokens_are_recognised():
    """hs-10-1: token lines in the usual spellings; one token kind per power and toughness."""
    deck, facts = read_own_deck(LIST, DB)
    assert len(deck) == 39 and deck.count("Zombie") == 30 and deck.count("Zombie 5/5") == 4
    assert facts["Zombie 5/5"]["power"] == "5" and facts["Zombie 5/5"]["token"] is True
    assert facts["Spirit"]["type_line"] == "Token Creature — Spirit"
    assert facts["Cackling Fiend"]["mana_value"] == 4


def test_unknown_cards_get_a_question_each():
    with pytest.raises(ActionError) as error:
        read_own_deck("2 Foo Bar\n1 Spirit token\n3 Zombie\n", DB)
    assert str(error.value) == (
        "the page does not know these cards; tell it what each is with a line in the list like "
        "'#! Name | {2}{B} | Creature — Zombie | 2/2': Foo Bar (creature? power/toughness? mana "
        "value?); Spirit token (power/toughness? write 'Spirit token 2/2')")
    deck, facts = read_own_deck("#! Foo Bar | {2}{B} | Creature — Zombie | 2/2\n2 Foo Bar\n", DB)
    assert deck == ["Foo Bar", "Foo Bar"] and facts["Foo Bar"]["power"] == "2"


def test_unknown_cards_of_several_lists_are_asked_once_each():
    """sw-2-5 (the Swarm deck and its Enforcer list): the cards of the sections the engine
    plays that neither the facts nor any list's ``#!`` lines know, once each, asked about with
    the check's hints; none while a list has lines it cannot read (those come first)."""
    deck = Decklist.read("3 Zombie\n2 Foo Bar\n", DB)
    others = Decklist.read("// Enforcers\n1 Foo Bar\n1 Grave Titan\n// Reckoning\n1 Qux\n"
                           "#! Qux | {3}{B} | Sorcery\n", DB)
    lists = [(deck, ("main",)), (others, ("enforcers", "reckoning"))]
    assert unknown_in(lists, DB) == ["Foo Bar"]
    assert unknown_in([(deck, ("enforcers",))], DB) == []  # only the sections named
    with pytest.raises(UnknownCards) as asked:
        require_known(lists, DB)
    assert asked.value.names == ["Foo Bar"] and "Foo Bar (creature?" in str(asked.value)
    broken = Decklist.read("-1 Zombie\n2 Foo Bar\n", DB)
    assert broken.problems and unknown_in([(broken, ("main",)), *lists], DB) == []
    require_known([(Decklist.read("3 Zombie\n", DB), ("main",))], DB)  # all known: no error


def test_bad_lines_are_named_with_their_numbers():
    with pytest.raises(ActionError, match="line 2: "):
        read_own_deck("3 Zombie\n-1 Zombie\n", DB)
    with pytest.raises(ActionError, match="has no cards"):
        read_own_deck("# nothing\n", DB)


def test_a_game_from_a_pasted_deck_replays_from_its_share_link():
    """hs-2-1: the share link carries the whole config, so it replays with no other file."""
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("new", {"seed": "amber-otter-17", "deck": "paste", "deck-paste": LIST,
                            "survivors": "1"})
    assert view.error == "" and w.game.zones["library"] and w.setup is None
    for _ in range(3):
        w.handle("survivor-end", {})
    link = w.share_hash()
    assert "c" in decode_share(link)
    other = Widget(runner_env(link), data=None)
    view = other.start(None)
    assert other.game.to_json() == w.game.to_json()
    view = w.handle("new", {"deck": "paste", "deck-paste": "2 Foo Bar\n"})
    refused(view, "Foo Bar", "questions")
    assert view.hidden["ask-box"] is False and view.text["ask-0-name"] == "Foo Bar"
    assert "Foo Bar" not in [c.name for c in w.game.zones.all_cards()]


def test_an_uploaded_list_fills_the_paste():
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("deck-file", {"_file": LIST})
    assert view.values["deck-paste"] == LIST and view.values["deck"] == "paste"
    assert view.hidden["own-deck-box"] is False


def test_swarm_paste_reads_token_lines():
    """sw-2-5: a pasted Swarm deck may write its tokens as 'N Zombie token' or with P/T."""
    from pyengine.widgets.own_deck import token_lines
    from pyengine.widgets.swarm import Widget as Swarm

    assert token_lines("30 Zombie token\n2 Zombie Token 2/2\n4 Zombie token 5/5\n", DB) == (
        "30 Zombie\n2 Zombie\n4 Zombie 5/5\n\n"
        "#! Zombie 5/5 |  | Token Creature — Zombie | 5/5 | token")
    w = Swarm(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("new", {"deck": "paste", "seed": "amber-otter-17",
                            "paste": "20 Zombie token\n4 Zombie Token 5/5\n",
                            "paste-enforcers": "// Enforcers\n1 Grave Titan\n// Reckoning\n"
                                               "1 Army of the Damned\n"})
    assert view.error == "" and view.text["library"] == "24"


def _full_text():
    import gzip
    return gzip.decompress((files.data_root() / files.CARD_FACTS).read_bytes()).decode("utf-8")


def _site_env():
    """A runner Env reading the shipped facts as the site does (the full data is fetched)."""
    from dataclasses import replace
    return replace(runner_env(""), read_data=CARD_DATA.__getitem__)


REAL = "20 Zombie token\n4 Gravecrawler\n4 Diregraf Ghoul\n2 Grave Titan\n"


def test_real_cards_need_no_annotation_lines():
    """hs-2-1: a pasted deck of real cards is read with the full card data, shipped facts on
    top (Grave Titan keeps the shipped facts' tags)."""
    from pyengine.widgets.own_deck import FullData
    full = FullData({"card-facts.tsv": _full_text()})
    assert full.state == "loaded"
    deck, facts = read_own_deck(REAL, full.db(DB))
    assert deck.count("Gravecrawler") == 4 and facts["Diregraf Ghoul"]["power"] == "2"
    assert facts["Grave Titan"] == read_own_deck("1 Grave Titan\n", DB)[1]["Grave Titan"]
    with pytest.raises(ActionError, match="Gravecrawler"):
        read_own_deck(REAL, DB)


def test_start_fetches_the_full_card_data_once_then_starts():
    """hs-2-1: Start with an unknown card asks the site for the full card data, then starts;
    a list the shipped facts know starts with no request."""
    from pyengine.widgets.own_deck import CARD_FACTS_URL, FULL_ACTION
    w = Widget(_site_env(), data=None)
    w.start(None)
    view = w.handle("new", {"deck": "paste", "deck-paste": LIST, "survivors": "1"})
    assert view.fetches == [] and w.game is not None and view.error == ""
    w.game = None
    view = w.handle("new", {"deck": "paste", "deck-paste": REAL, "survivors": "1"})
    assert w.game is None and [f.url for f in view.fetches] == [CARD_FACTS_URL]
    assert view.fetches[0].action == FULL_ACTION and w.full.state == "loading"
    view = w.handle(FULL_ACTION, {"_status": "200", "_body": _full_text(), "_tag": FULL_ACTION})
    assert view.error == "" and w.game is not None and w.setup is None
    assert sum(c.name == "Gravecrawler" for c in w.game.zones["library"]) == 4
    assert w.handle("new", {}).fetches == []


def test_card_data_that_cannot_load_is_said_and_retried():
    from pyengine.widgets.own_deck import FULL_ACTION
    w = Widget(_site_env(), data=None)
    w.start(None)
    w.handle("new", {"deck": "paste", "deck-paste": REAL, "survivors": "1"})
    view = w.handle(FULL_ACTION, {"_status": "offline", "_body": "", "_tag": FULL_ACTION})
    assert w.game is None and "Gravecrawler" in view.error
    assert "no connection" in view.error
    assert len(w.handle("new", {}).fetches) == 1


def test_decks_are_saved_on_the_device_listed_removed_and_exported():
    """hs-10: a pasted deck kept under a name, next to the shipped decks; it survives a
    reload, starts a game, is exported as a list and can be removed."""
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("deck-save", {"deck": "paste", "deck-paste": LIST, "deck-name": ""})
    refused(view, "name")
    assert w.own_decks == {}
    view = w.handle("deck-save", {"deck": "paste", "deck-paste": LIST,
                                  "deck-name": "  Spirit  Zombies "})
    assert view.error == "" and w.own_decks == {"Spirit Zombies": LIST}
    assert view.values["deck"] == "mine:Spirit Zombies" and not view.hidden["deck-remove"]
    options = [value for value, _ in view.options["deck"]]
    assert options.index("mine:Spirit Zombies") == len(options) - 2 and options[-1] == "paste"
    assert options[0] != "mine:Spirit Zombies"
    other = Widget(runner_env(""), data=CARD_DATA)
    view = other.start(view.save)
    assert other.own_decks == {"Spirit Zombies": LIST}
    # Another choice and back: the saved list returns to the box.
    other.handle("setup", {"deck": "paste", "deck-paste": "3 Zombie\n"})
    view = other.handle("setup", {"deck": "mine:Spirit Zombies", "deck-paste": "3 Zombie\n"})
    assert view.values["deck-paste"] == LIST and view.values["deck-name"] == "Spirit Zombies"
    view = other.handle("new", {"seed": "amber-otter-17", "survivors": "1"})
    assert view.error == "" and len(other.game.zones["library"]) > 0 and other.setup is None
    view = other.handle("deck-export", {})
    assert view.download == ("spirit-zombies.txt", LIST)
    view = other.handle("deck-remove", {})
    assert other.own_decks == {} and view.values["deck"] == "paste"
    assert view.hidden["deck-remove"] and view.values["deck-paste"] == LIST
    refused(w.handle("deck-remove", {"deck": "paste"}), "saved decks")


def test_a_bad_saved_deck_list_is_refused():
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    save = w.handle("deck-save", {"deck": "paste", "deck-paste": LIST, "deck-name": "A"}).save
    import json
    data = json.loads(save)
    data["parts"]["own-deck"]["decks"] = ["not", "an", "object"]  # schema 2
    with pytest.raises(ValueError, match="saved decks"):
        Widget(runner_env(""), data=CARD_DATA).start(json.dumps(data))
    data["parts"]["own-deck"]["decks"] = {}
    other = Widget(runner_env(""), data=CARD_DATA)
    view = other.start(json.dumps(data))
    assert view.values["deck"] == "paste" and view.values["deck-paste"] == LIST
    refused(w.handle("deck-export", {"deck-paste": " "}), "list")


SWARM_DECK = "20 Zombie token\n4 Gravecrawler\n4 Diregraf Ghoul\n"
SWARM_ENFORCERS = "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n"


def _swarm(url_hash="", data=CARD_DATA):
    """A Swarm runner; with ``data=None`` it reads the shipped facts as the site does (the
    full card data is then fetched when a list needs it)."""
    from dataclasses import replace

    from pyengine.widgets.swarm import Widget as Swarm
    if data is None:
        return Swarm(replace(runner_env(url_hash), read_data=CARD_DATA.__getitem__), data=None)
    return Swarm(runner_env(url_hash), data=data)


def _swarm_full(w):
    """Answer the widget's fetch of the full card data with the real file."""
    import gzip

    from pyengine.widgets.own_deck import FULL_ACTION
    text = gzip.decompress((files.data_root() / files.CARD_FACTS).read_bytes()).decode("utf-8")
    return w.handle(FULL_ACTION, {"_status": "200", "_body": text, "_tag": FULL_ACTION})


def test_swarm_decks_are_saved_listed_removed_exported_and_replay():
    """sw-2-7: a pasted Swarm deck and its Enforcer list kept on the device under a name, with
    the same code as the Horde runner's own decks: listed next to the sample deck, back after
    a reload, exported as one list, removable; a game from it replays from its save and from
    its share link alone (no card data at all)."""
    from pyengine.widgets.swarm import decode_share
    w = _swarm()
    w.start(None)
    form = {"deck": "paste", "paste": SWARM_DECK, "paste-enforcers": SWARM_ENFORCERS}
    view = w.handle("deck-save", {**form, "deck-name": ""})
    assert view.error == "Give the deck a name to save it under."
    view = w.handle("deck-save", {**form, "deck-name": " Crawlers "})
    assert view.error == "" and w.own_decks == {"Crawlers": SWARM_DECK + SWARM_ENFORCERS}
    assert view.values["deck"] == "mine:Crawlers" and view.hidden["deck-remove"] is False
    assert view.text["deck-note"] == "Saved the deck “Crawlers” on this device."
    options = [value for value, _ in view.options["deck"]]
    assert options == ["sample", "mine:Crawlers", "paste"]
    # a reload: listed and chosen; another choice and back fills both boxes again
    other = _swarm(data=None)
    view = other.start(view.save)
    assert other.own_decks == w.own_decks and view.values["deck"] == "mine:Crawlers"
    other.handle("setup", {"deck": "paste", "paste": "3 Zombie\n", "paste-enforcers": ""})
    view = other.handle("setup", {"deck": "mine:Crawlers", "paste": "3 Zombie\n",
                                  "paste-enforcers": ""})
    assert view.values["paste"] == SWARM_DECK and view.values["paste-enforcers"] == SWARM_ENFORCERS
    assert view.values["deck-name"] == "Crawlers" and view.hidden["paste-box"] is False
    view = other.handle("new", {"seed": "amber-otter-17"})
    assert other.game is None and len(view.fetches) == 1  # real cards: the full data first
    view = _swarm_full(other)
    assert view.error == "" and other.game is not None
    assert other.game.config["deck"].count("Zombie") == 20
    view = other.handle("turn", {})
    share = decode_share(view.url_hash)
    assert "c" in share and "d" not in share
    again = _swarm(view.url_hash, data={})  # no card facts at all on this phone
    again.start(None)
    assert again.game.to_json() == other.game.to_json()
    restored = _swarm()
    restored.start(view.save)
    assert restored.game.to_json() == other.game.to_json()
    view = other.handle("deck-export", {})
    assert view.download == ("crawlers.txt", SWARM_DECK + SWARM_ENFORCERS)
    view = other.handle("deck-remove", {})
    assert other.own_decks == {} and view.values["deck"] == "paste"
    assert view.values["paste"] == SWARM_DECK  # the list stays in the box
    assert other.handle("deck-remove", {}).error.startswith("Choose one of your")


def test_swarm_uploaded_list_fills_both_boxes():
    """sw-2-7: an uploaded whole list is split at its '// Enforcers' header."""
    w = _swarm()
    w.start(None)
    view = w.handle("deck-file", {"_file": SWARM_DECK + SWARM_ENFORCERS})
    assert view.values["deck"] == "paste" and view.hidden["paste-box"] is False
    assert view.values["paste"] == SWARM_DECK
    assert view.values["paste-enforcers"] == SWARM_ENFORCERS


def test_horde_unknown_cards_are_answered_in_the_question_form():
    """hs-10: the Horde runner asks the same questions (one row a card; a token only its
    power and toughness); the answers become '#!' lines in the list and in the saved deck, the
    game starts and replays from its share link alone."""
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    listed = "2 Foo Bar\n1 Spirit token\n30 Zombie token\n"
    w.handle("deck-save", {"deck": "paste", "deck-paste": listed, "deck-name": "Odd"})
    view = w.handle("new", {"seed": "amber-otter-17", "survivors": "1"})
    assert w.game is None and view.scroll == "ask-box"
    assert view.error.startswith("The page does not know these cards: Foo Bar, Spirit token")
    assert view.text["ask-0-name"] == "Foo Bar" and view.text["ask-1-name"] == "Spirit (a token)"
    assert view.hidden["ask-box"] is False and view.hidden["ask-2"] is True
    view = w.handle("answer", {"ask-0-type": "enchantment", "ask-0-mv": "4",
                               "ask-1-power": "1", "ask-1-toughness": "1"})
    assert view.error == "" and w.game is not None and view.hidden["ask-box"] is True
    assert w.form["deck-paste"] == ("2 Foo Bar\n1 Spirit token 1/1\n30 Zombie token\n"
                                    "#! Foo Bar | {4} | Enchantment\n")
    assert w.own_decks["Odd"] == w.form["deck-paste"]
    facts = w.game.config["facts"]
    assert facts["Foo Bar"]["type_line"] == "Enchantment" and facts["Foo Bar"]["mana_value"] == 4
    assert facts["Spirit"]["power"] == "1"
    other = Widget(runner_env(w.share_hash()), data=None)
    other.start(None)
    assert other.game.to_json() == w.game.to_json()
    # a reload keeps the answered list with the deck
    again = Widget(runner_env(""), data=CARD_DATA)
    again.start(view.save)
    assert again.own_decks["Odd"].endswith("#! Foo Bar | {4} | Enchantment\n")


def test_question_rows_show_at_most_eight_and_say_how_many_more():
    from pyengine.widgets.own_deck import ASK_ROWS
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    listed = "".join(f"1 Unknown Card {n}\n" for n in range(ASK_ROWS + 3))
    view = w.handle("new", {"deck": "paste", "deck-paste": listed})
    assert all(view.hidden[f"ask-{i}"] is False for i in range(ASK_ROWS))
    assert view.text["ask-note"] == "3 more after these: answer these first."
    answers = {}
    for i in range(ASK_ROWS):
        answers.update({f"ask-{i}-type": "land", f"ask-{i}-mv": "0"})
    view = w.handle("answer", answers)
    assert w.game is None and view.text["ask-2-name"] == f"Unknown Card {ASK_ROWS + 2}"
    assert view.hidden["ask-3"] is True


def test_questions_go_when_another_deck_is_chosen():
    """The question rows belong to the list they asked about."""
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("new", {"deck": "paste", "deck-paste": "2 Foo Bar\n"})
    assert view.hidden["ask-box"] is False
    w.handle("setup", {"deck": "horde-knudson-zombies-2011"})
    view = w.handle("setup", {"deck": "paste"})
    assert view.hidden["ask-box"] is True


def test_the_questions_and_what_was_typed_survive_a_reload():
    """Nothing lost on reload: the question rows come back with what was typed."""
    w = _swarm()
    w.start(None)
    w.handle("new", {"deck": "paste", "paste": "3 Foo Bar\n",
                     "paste-enforcers": SWARM_ENFORCERS})
    view = w.handle("answer", {"ask-0-type": "creature", "ask-0-power": "4",
                               "ask-0-toughness": "", "ask-0-mv": "5"})
    assert view.error.startswith("Give Foo Bar's power")
    other = _swarm()
    view = other.start(view.save)
    assert view.hidden["ask-box"] is False and view.text["ask-0-name"] == "Foo Bar"
    assert view.values["ask-0-power"] == "4" and view.values["ask-0-mv"] == "5"
    horde = Widget(runner_env(""), data=CARD_DATA)
    horde.start(None)
    save = horde.handle("new", {"deck": "paste", "deck-paste": "2 Foo Bar\n"}).save
    again = Widget(runner_env(""), data=CARD_DATA)
    assert again.start(save).text["ask-0-name"] == "Foo Bar"


def test_a_pasted_deck_gets_its_card_reference_on_the_runner():
    """hs-6-2, hs-6-4: a game from a pasted list of real cards (no '#!' line) lists what the
    Horde does with each card, as the reference pages do for the shipped decks: Carrion
    Feeder's coin, Gravecrawler's graveyard offer; a shipped deck shows no such list."""
    from pyengine.widgets.own_deck import FULL_ACTION
    w = Widget(_site_env(), data=None)
    w.start(None)
    w.handle("new", {"deck": "paste", "deck-paste": "2 Carrion Feeder\n2 Gravecrawler\n"
                     "20 Zombie token\n", "survivors": "1"})
    view = w.handle(FULL_ACTION, {"_status": "200", "_body": _full_text(), "_tag": FULL_ACTION})
    assert view.error == "" and view.hidden["own-ref-box"] is False
    lines = {item.text.split(" ×")[0]: item.text for item in view.lists["own-ref"]}
    assert "coin flag" in lines["Carrion Feeder"] and "HS 6.2" in lines["Carrion Feeder"]
    assert "on offer" in lines["Gravecrawler"] and "HS 6.4" in lines["Gravecrawler"]
    view = w.handle("new", {"deck": "horde-knudson-zombies-2011", "survivors": "1"})
    assert view.hidden["own-ref-box"] is True and view.lists["own-ref"] == []


def test_a_pasted_swarm_deck_gets_its_card_reference_on_the_runner():
    """sw-5-3, sw-4-1: the Swarm runner lists a pasted deck's cards and its Enforcers with
    what The Swarm does with them; the sample deck's list is a page of the site instead."""
    from pyengine.widgets.swarm import Widget as Swarm
    w = Swarm(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("new", {"seed": "amber-otter-17", "survivors": "1"})
    assert view.hidden["own-ref-box"] is True
    view = w.handle("new", {"seed": "amber-otter-17", "deck": "paste",
                            "paste": "30 Zombie\n10 Walking Corpse\n", "survivors": "1",
                            "paste-enforcers": "// Enforcers\n1 Grave Titan\n1 Death Baron\n"
                                               "// Reckoning\n1 Army of the Damned\n"})
    assert view.error == "" and view.hidden["own-ref-box"] is False
    texts = [item.text for item in view.lists["own-ref"]]
    assert any(t.startswith("Walking Corpse") and "SW 5.3" in t for t in texts)
    assert any(t.startswith("Grave Titan") and "Enforcer" in t for t in texts)


def test_the_question_form_offers_the_check_pages_hints_first():
    """hs-10: a misspelt card gets the deck check's "did you mean" in the question form,
    before it asks to describe the card by hand; one tap writes the name into the list and
    starts the game (the count kept); the hint is saved with the questions."""
    from pyengine.widgets.own_deck import FIX, FULL_ACTION
    w = Widget(_site_env(), data=None)
    w.start(None)
    listed = "20 Zombie token\n4 Gravecrawlr\n2 Grave Titan\n"
    view = w.handle("new", {"deck": "paste", "deck-paste": listed, "survivors": "1",
                            "seed": "s"})
    view = w.handle(FULL_ACTION, {"_status": "200", "_body": _full_text(), "_tag": FULL_ACTION})
    assert w.game is None and view.text["ask-0-name"] == "Gravecrawlr"
    (hint,) = [i for i in view.lists["ask-hints"] if "Gravecrawler" in i.text]
    assert hint.action == FIX and hint.text.startswith("Did you mean Gravecrawler")
    assert w.save()  # the hints are kept with the questions
    view = w.handle(FIX, {"_item": hint.value})
    assert view.error == "" and w.game is not None
    assert w.form["deck-paste"] == "20 Zombie token\n4 Gravecrawler\n2 Grave Titan\n"
    assert sum(c.name == "Gravecrawler" for c in w.game.zones["library"]) == 4
    gone = w.handle(FIX, {"_item": "Not In The List\nGravecrawler"})
    assert "no longer in the list" in gone.error


def test_replace_name_keeps_counts_marks_and_other_cards():
    """hs-10: a "did you mean" answer changes the name only, on the lines that name it."""
    from pyengine.widgets.own_deck import replace_name
    text = "4 Gravecrawlr (ISD) 57 *F*\n1 Gravecrawlr Titan\n# Gravecrawlr\n"
    assert replace_name(text, "Gravecrawlr", "Gravecrawler") == (
        "4 Gravecrawler (ISD) 57 *F*\n1 Gravecrawler Titan\n# Gravecrawlr\n")
    assert replace_name(text, "Zombie", "Zombie token") is None


def test_the_own_deck_box_says_the_card_datas_date_and_flags_it_when_old():
    """issue 37, point 2: once the full card data is loaded, the own-deck box says its date;
    older than 60 days it says cards printed since are not known yet."""
    import datetime
    from dataclasses import replace

    from pyengine.widgets.own_deck import FULL_ACTION
    from pyengine.widgets.parts import NOT_LOADED

    for today, says, stale in [(datetime.date(2025, 10, 1), "Card data of 2025-09-25.", "false"),
                               (datetime.date(2026, 12, 6), "Card data from 2025-09-25: cards "
                                "printed since then are not known yet.", "true")]:
        w = Widget(replace(_site_env(), today=lambda today=today: today), data=None)
        view = w.start(None)
        assert view.text["own-data-date"] == NOT_LOADED
        w.handle("new", {"deck": "paste", "deck-paste": REAL, "survivors": "1"})
        view = w.handle(FULL_ACTION, {"_status": "200", "_body": _full_text(),
                                      "_tag": FULL_ACTION})
        assert view.text["own-data-date"] == says
        assert view.attrs["own-data-date"] == {"data-stale": stale}


GHOULS = ("20 Zombie token\n4 Gravecrawler\n"
          "#! Gravecrawler | {B} | Creature — Zombie | 2/1\n")


def _old_full_text():
    """The full card data as an earlier release: dated before, without Gravecrawler."""
    return "\n".join("# date: 2025-06-01" if line.startswith("# date:") else line
                     for line in _full_text().splitlines()
                     if not line.startswith("Gravecrawler\t")) + "\n"


def test_a_saved_deck_says_what_new_card_data_changed_until_seen():
    """hs-10: a saved own deck checked with one release's card data, started again after the
    data changed, says what changed since (a card now known), one line a card, until Seen;
    the record rides in the save, and a save without it still opens (issue 37, point 6)."""
    import json

    from pyengine.widgets.own_deck import FULL_ACTION
    from pyengine.widgets.parts import SEEN

    old = Widget(runner_env(""), data={**CARD_DATA, "card-facts.tsv": _old_full_text()})
    old.start(None)
    old.handle("deck-save", {"deck": "paste", "deck-paste": GHOULS, "deck-name": "Ghouls"})
    view = old.handle("new", {"deck": "mine:Ghouls", "survivors": "1"})
    assert view.error == "" and old.game is not None and view.hidden["deck-changes-box"]
    saved = json.loads(view.save)["parts"]["own-deck"]["checks"]["Ghouls"]
    assert saved["marks"] == {"Gravecrawler": "u"} and saved["data"] == "2025-06-01"

    w = Widget(_site_env(), data=None)
    view = w.start(view.save)
    assert view.hidden["deck-changes-box"]
    # Start with a deck checked before fetches the data to check it again (its cards are all
    # answered, so nothing else would)
    view = w.handle("new", {"deck": "mine:Ghouls", "survivors": "1"})
    assert [f.action for f in view.fetches] == [FULL_ACTION]
    view = w.handle(FULL_ACTION, {"_status": "200", "_body": _full_text(), "_tag": FULL_ACTION})
    assert view.error == "" and w.game is not None
    assert [i.text for i in view.lists["deck-changes"]] == [
        "Gravecrawler is now known to the card data"]
    assert view.hidden["deck-changes-box"] is False
    again = Widget(_site_env(), data=None)
    assert not again.start(view.save).hidden["deck-changes-box"]  # kept until seen
    view = again.handle(SEEN, {})
    assert view.hidden["deck-changes-box"] and view.lists["deck-changes"] == []
    assert Widget(_site_env(), data=None).start(view.save).hidden["deck-changes-box"]

    # a save from before the record (tests/data/saves/) opens, and its deck's first check
    # with the full data starts one; an unreadable record is no record
    from tests.test_saves import stored
    before = stored("horde-v2-own-deck-before-checks.json")
    assert "checks" not in json.loads(before)["parts"]["own-deck"]
    fresh = Widget(runner_env(""), data={**CARD_DATA, "card-facts.tsv": _old_full_text()})
    shown = fresh.start(before)
    assert shown.error == "" and fresh.own_decks == {"Ghouls": GHOULS}
    assert shown.hidden["deck-changes-box"]
    view = fresh.handle("new", {})
    assert json.loads(view.save)["parts"]["own-deck"]["checks"]["Ghouls"]["marks"] == {
        "Gravecrawler": "u"}
    parts = json.loads(view.save)
    parts["parts"]["own-deck"]["checks"] = {"Ghouls": "garbage"}
    fresh = Widget(_site_env(), data=None)
    shown = fresh.start(json.dumps(parts))
    assert shown.error == "" and fresh.own_decks == {"Ghouls": GHOULS}
    assert shown.hidden["deck-changes-box"] and fresh.own.checks == {}


def test_a_saved_swarm_deck_says_a_card_the_new_data_no_longer_knows():
    """sw-2-1: the Swarm runner's saved decks keep the same record: a card the new release's
    data no longer knows gets its line, beside the question about it (issue 37, point 6)."""
    import json

    from pyengine.widgets.own_deck import FULL_ACTION

    old = _swarm(data={**CARD_DATA, "card-facts.tsv": _full_text()})
    old.start(None)
    old.handle("deck-save", {"deck": "paste", "paste": SWARM_DECK,
                             "paste-enforcers": SWARM_ENFORCERS, "deck-name": "Graves"})
    view = old.handle("new", {"deck": "mine:Graves"})
    assert view.error == "" and view.hidden["deck-changes-box"]
    saved = json.loads(view.save)
    assert saved["parts"]["own-deck"]["checks"]["Graves"]["marks"] == {}
    saved["game"] = None  # a fresh page with the deck chosen
    w = _swarm(data=None)
    w.start(json.dumps(saved))
    view = w.handle("new", {"deck": "mine:Graves"})
    assert [f.action for f in view.fetches] == [FULL_ACTION]
    newer = "\n".join("# date: 2026-11-20" if line.startswith("# date:") else line
                      for line in _full_text().splitlines()
                      if not line.startswith("Diregraf Ghoul\t")) + "\n"
    view = w.handle(FULL_ACTION, {"_status": "200", "_body": newer, "_tag": FULL_ACTION})
    assert "Diregraf Ghoul" in view.error and not view.hidden["deck-changes-box"]
    assert [i.text for i in view.lists["deck-changes"]] == [
        "Diregraf Ghoul is no longer known to the card data"]
