"""The deck-check widget (pyengine.widgets.check), driven directly: no browser, no network."""

from __future__ import annotations

import json

import pytest

from pyengine.legality import FORMATS
from pyengine.widgets import Env
from pyengine.widgets import check as check_module
from pyengine.widgets.check import BATCH, SCRYFALL_COLLECTION, Widget, parse_playgroup
from pyengine.widgets.saves import MemoryStorage, Session
from tests.conftest import DATA, ROOT
from tests.helpers import refused

SCRYFALL = json.loads((DATA / "scryfall" / "legality_cards.json").read_text("utf-8"))
BY_NAME = {card["name"]: card for card in SCRYFALL["data"]}

MEREN = ("Commander\n1 Meren of Clan Nel Toth\n\nDeck\n1 Sol Ring\n1 Cultivate\n"
         "1 Lightning Bolt\n96 Swamp\n")


def data_files() -> dict[str, str]:
    decks = ROOT / "decks"
    found = {"cards.tsv": (decks / "cards.tsv").read_text("utf-8")}
    for path in sorted((decks / "banlists").glob("*.txt")):
        found[f"banlists/{path.name}"] = path.read_text("utf-8")
    return found


def make(saved: str | None = None, data: dict[str, str] | None = None):
    env = Env(decks=[], read_deck=lambda deck_id: "", entropy=lambda: 4)
    widget = Widget(env, data=data_files() if data is None else data)
    return widget, widget.start(saved)


def answer(names: list[str]) -> str:
    """A collection response for ``names``, from the fixture."""
    found = [BY_NAME[n] for n in names if n in BY_NAME]
    missing = [{"name": n} for n in names if n not in BY_NAME]
    return json.dumps({"object": "list", "not_found": missing, "data": found})


def asked(fetch) -> list[str]:
    return [ident["name"] for ident in json.loads(fetch.body)["identifiers"]]


def verdict(view) -> tuple[str, str]:
    """(the format's title the verdict names, the verdict the page marks: ``legal``,
    ``not-legal`` or ``unchecked``)."""
    title, _, _ = view.text["verdict"].partition(": ")
    return title, view.attrs["verdict"]["data-verdict"]


def checked(key: str, marked: str) -> tuple[str, str]:
    """What :func:`verdict` gives for format ``key`` and verdict ``marked``."""
    return FORMATS[key].title, marked


def report(widget):
    """The checker's own report of the widget's current list."""
    return widget._report()[1]


def test_start_offers_every_format():
    """tc-1-1: the format picker lists all five deck rules; nothing is fetched at start."""
    widget, view = make()
    keys = [key for key, _ in view.options["format"]]
    assert keys == ["horde", "commander-horde", "limited-horde", "swarm", "team-commander"]
    assert view.values["format"] == "team-commander"
    assert view.hidden["playgroup-box"] is False and view.hidden["survivor-box"] is True
    assert view.fetches == []
    assert not view.error


def test_offline_check_lists_skipped_identity():
    """tc-1-1: without Scryfall data every other rule is checked and skipped cards listed."""
    widget, _ = make()
    view = widget.handle("check", {"format": "team-commander", "paste": MEREN})
    assert verdict(view) == checked("team-commander", "unchecked")
    assert view.text["skipped"] and "4" in view.text["unknown-summary"]
    assert len(report(widget).unchecked) == 4
    assert view.hidden["lookup"] is False
    unknown = [item.text for item in view.lists["unknown"]]
    assert len(unknown) == 4 and "Meren of Clan Nel Toth" in unknown[0]
    assert all(item.href == "../team-commander/index.html#tc-1-1" for item in view.lists["unknown"])
    assert view.fetches == []
    assert view.scroll == "verdict"  # Check deck brings the verdict into view (issue 41)


def test_lookup_batches_and_caches():
    """tc-1-1: unknown cards are looked up in batches of at most 75, then checked."""
    widget, _ = make()
    widget.handle("check", {"format": "team-commander", "paste": MEREN})
    view = widget.handle("lookup", {"format": "team-commander", "paste": MEREN})
    (fetch,) = view.fetches
    assert fetch.url == SCRYFALL_COLLECTION and fetch.method == "POST"
    names = asked(fetch)
    assert names == ["Meren of Clan Nel Toth", "Sol Ring", "Cultivate", "Lightning Bolt"]
    assert view.hidden["lookup"] is True
    done = widget.handle("scryfall", {"format": "team-commander", "paste": MEREN,
                                      "_status": "200", "_body": answer(names),
                                      "_tag": fetch.tag})
    assert verdict(done) == checked("team-commander", "not-legal")
    identity = [f for f in report(widget).findings if f.code == "identity"]
    assert [f.card for f in identity] == ["Lightning Bolt"]
    assert any("Lightning Bolt" in i.text and "BG" in i.text for i in done.lists["findings"])
    assert "4 of 4" in done.text["lookup-status"]
    assert done.attrs["lookup-status"]["data-state"] == "done"
    saved = json.loads(done.save)
    assert "meren of clan nel toth" in saved["cache"]
    # a reload restores the cache: the same check needs no network
    again, view = make(done.save)
    assert verdict(view) == checked("team-commander", "not-legal")
    assert view.fetches == [] and view.hidden["lookup"] is True


def test_lookup_of_a_long_list_is_split():
    """tc-1-1: 160 unknown names make three requests of 75, 75 and 10."""
    widget, _ = make()
    paste = "Commander\n1 Meren of Clan Nel Toth\nDeck\n" + "".join(
        f"1 Homebrew Card {i}\n" for i in range(159))
    view = widget.handle("lookup", {"format": "swarm", "paste": paste})
    sizes = [len(asked(f)) for f in view.fetches]
    assert sizes == [75, 75, 10] and max(sizes) <= BATCH
    assert [f.tag for f in view.fetches] == ["1/3", "2/3", "3/3"]
    statuses = []
    for fetch in view.fetches:
        step = widget.handle("scryfall", {"format": "swarm", "paste": paste, "_status": "200",
                                          "_body": answer(asked(fetch)), "_tag": fetch.tag})
        statuses.append(step.text["lookup-status"])
    assert statuses[0].endswith("(1 of 3)")
    assert "1 of 160" in statuses[-1]
    assert "Homebrew Card 0" in statuses[-1]
    # names Scryfall did not find are not asked again
    assert widget.handle("check", {"format": "swarm", "paste": paste}).hidden["lookup"] is True


def test_offline_lookup_still_checks_the_rest():
    """tc-1-3: when Scryfall cannot be reached the page says so and keeps the other results."""
    widget, _ = make()
    paste = MEREN + "Sideboard\n1 Counterspell\n"
    view = widget.handle("lookup", {"format": "team-commander", "paste": paste})
    result = widget.handle("scryfall", {"format": "team-commander", "paste": paste,
                                        "_status": "offline", "_body": "",
                                        "_tag": view.fetches[0].tag})
    assert result.text["lookup-status"]
    assert result.attrs["lookup-status"]["data-state"] == "offline"
    assert verdict(result) == checked("team-commander", "not-legal")
    assert [f.line for f in report(widget).findings if f.code == "sideboard"] == [10]
    side = [i for i in result.lists["findings"] if "sideboard" in i.text.casefold()]
    assert side and side[0].href == "../team-commander/index.html#tc-1-3"
    assert result.hidden["lookup"] is False  # may try again


def test_bad_scryfall_answer_is_a_failure():
    """tc-1-1: an error page or broken JSON counts as a failed lookup, not a crash."""
    widget, _ = make()
    view = widget.handle("lookup", {"format": "swarm", "paste": MEREN})
    for status, body, said in (("500", "oops", "could not be reached"),
                               ("200", "{not json", "could not read")):
        widget.lookup = {}
        result = widget.handle("scryfall", {"format": "swarm", "paste": MEREN,
                                            "_status": status, "_body": body,
                                            "_tag": view.fetches[0].tag})
        assert said in result.text["lookup-status"]
        assert result.hidden["lookup"] is False  # usable again
    assert widget.cache == {}


def test_upload_and_format_change():
    """sw-15-1: an uploaded file is checked; Swarm offers the Survivor list as warnings."""
    widget, _ = make()
    paste = "1 Tymna the Weaver [Commander]\n1 Moat\n98 Plains\n"
    view = widget.handle("upload", {"format": "swarm", "paste": "", "_file": paste})
    assert view.values["paste"] == paste
    assert verdict(view)[0] == FORMATS["swarm"].title
    swap = widget.handle("choose-format", {"format": "horde", "paste": paste})
    assert swap.hidden["survivor-box"] is True and swap.hidden["playgroup-box"] is True
    assert verdict(swap) == checked("horde", "not-legal")
    banned = [i for i in swap.lists["findings"] if "Moat" in i.text]
    assert banned[0].href == "../horde/index.html#hs-1-4" and "(HS 1.4)" in banned[0].text


def test_playgroup_field():
    """tc-1-2: playgroup bans, with '| commander' for a ban as commander only."""
    assert parse_playgroup("Sol Ring\nBraids, Cabal Minion | commander\n\n# note\n") == (
        ("Sol Ring",), ("Braids, Cabal Minion",))
    widget, _ = make()
    view = widget.handle("check", {"format": "team-commander", "paste": MEREN,
                                   "playgroup": "Sol Ring"})
    assert any("playgroup" in i.text for i in view.lists["findings"])


def test_reader_problems_and_empty_list():
    """tc-1-1: unreadable lines come first; an empty paste says so."""
    widget, _ = make()
    view = widget.handle("check", {"format": "horde", "paste": "-1 Sol Ring\n40 Island\n"})
    header, first = view.lists["findings"][:2]
    assert header.cls == "check-group check-group-read"
    assert [(f.code, f.line) for f in report(widget).findings][0] == ("reader", 1)
    assert first.text.startswith("Not checked — Line 1")
    empty = widget.handle("check", {"format": "horde", "paste": "  \n"})
    assert empty.attrs["verdict"]["data-verdict"] == "empty" and empty.text["verdict"]


def test_saved_state_survives_bad_data():
    """tc-1-1: unreadable saved state starts fresh with a message."""
    for saved, words in (("{broken", "could not be read"), (json.dumps({"v": 99}), "newer")):
        widget, _ = make(None)
        session = Session("check", check_module, widget.env, MemoryStorage({"game": saved}))
        view = session.start()
        assert words in view.error and session.storage.get("aside") == saved


def test_missing_data_files_still_checks_sizes():
    """hs-1-1: without the data files the page says so and still counts cards."""
    env = Env(decks=[], read_deck=lambda deck_id: "", entropy=lambda: 4)
    widget = Widget(env)  # this Env has no read_data
    view = widget.start(None)
    assert "could not load" in view.error
    asking = widget.handle("check", {"format": "horde", "paste": "39 Island\n"})
    fetch, _combos = asking.fetches
    result = widget.handle(fetch.action, {"format": "horde", "paste": "39 Island\n",
                                          "_status": "offline", "_body": ""})
    assert result.text["verdict"].endswith("not legal")


@pytest.mark.parametrize("status", ["200"])
def test_forget_clears_the_cache(status):
    """tc-1-1: "forget" drops looked-up cards from storage."""
    widget, _ = make()
    view = widget.handle("lookup", {"format": "swarm", "paste": MEREN})
    widget.handle("scryfall", {"format": "swarm", "paste": MEREN, "_status": status,
                               "_body": answer(asked(view.fetches[0])), "_tag": "1/1"})
    forgot = widget.handle("forget", {"format": "swarm", "paste": MEREN})
    assert json.loads(forgot.save)["cache"] == {}
    assert forgot.hidden["lookup"] is False


def test_rule_links_follow_the_site_layout():
    """hs-1-1: rule addresses become links from play/check.html (no directory URLs)."""
    from pyengine.widgets.check import rule_href

    assert rule_href("horde/#hs-1-1") == "../horde/index.html#hs-1-1"
    assert rule_href("play/check/#list-formats") == "../play/check.html#list-formats"
    for name in ("horde", "limited-horde", "swarm", "team-commander"):
        assert (ROOT / "docs" / name / "index.md").exists()
    assert (ROOT / "docs" / "play" / "check.md").exists()


def test_huge_paste_is_refused_with_a_clear_message():
    """Hardening: a 100,000-line paste gets a clear answer without being read."""
    widget, _ = make()
    view = widget.handle("check", {"format": "horde", "paste": "1 Island\n" * 100_000})
    refused(view, "900,000", "300,000")
    assert view.hidden["result"] is True


# -- the full card data, fetched only when a check needs it -----------------------------------

KRENKO = (ROOT / "bench" / "data" / "krenko-commander.txt").read_text("utf-8")


@pytest.fixture(scope="module")
def facts_text() -> str:
    import gzip

    return gzip.decompress((ROOT / "decks" / "card-facts.tsv.gz").read_bytes()).decode("utf-8")


def browser_like():
    """A widget as in the browser: data files through env.read_data, no card data there."""
    files = data_files()
    env = Env(decks=[], read_deck=lambda deck_id: "", entropy=lambda: 4,
              read_data=lambda path: files[path])
    widget = Widget(env)
    return widget, widget.start(None)


def test_card_data_is_fetched_once_when_a_check_needs_it(facts_text):
    """tc-1-1: nothing is fetched at start; the first check asks for the site's own card data
    file, and with it a real Commander deck is legal; later checks need no fetch."""
    from pyengine.widgets.check import CARD_FACTS_URL

    widget, view = browser_like()
    assert view.fetches == []
    form = {"format": "team-commander", "paste": KRENKO}
    asking = widget.handle("check", form)
    fetch, combos = asking.fetches  # the combo list comes with the card data
    assert fetch.url == CARD_FACTS_URL == "../runtime/card-facts.tsv" and fetch.method == "GET"
    assert combos.url == "../runtime/combos.tsv"
    assert asking.attrs["lookup-status"]["data-state"] == "busy"
    assert widget.full_state == "loading"
    assert widget.handle("check", form).fetches == []  # still loading: not asked twice
    done = widget.handle(fetch.action, {**form, "_status": "200", "_body": facts_text})
    assert verdict(done) == checked("team-commander", "legal"), done.lists["findings"]
    assert widget.full_state == "loaded" and widget._data_date() == "2025-09-25"
    assert "2025-09-25" in done.text["read-as"]
    assert widget.handle("check", form).fetches == []


def state(view) -> str:
    """The verdict's step: ``provisional`` (a fetch on its way will check again) or
    ``final``."""
    return view.attrs["verdict"]["data-state"]


def test_the_verdict_says_whether_it_is_final(facts_text):
    """tc-1-1: the first check answers in steps (the card data, then the combo list, then the
    printed names a list may need): every verdict before the last fetch is answered is marked
    provisional, the last one final, and a check needing nothing more is final at once; the
    verdicts themselves are those of the data at hand."""
    from pyengine.widgets.check import PRINTED_ACTION

    widget, _ = browser_like()
    form = {"format": "team-commander", "paste": KRENKO}
    asking = widget.handle("check", form)
    assert state(asking) == "provisional"  # no verdict yet: the card data is loading
    card_data, combo_list = asking.fetches
    first = widget.handle(card_data.action, {**form, "_status": "200", "_body": facts_text})
    assert verdict(first) == checked("team-commander", "legal")
    assert state(first) == "provisional"  # the combo list is still on its way
    second = widget.handle(combo_list.action, {**form, "_status": "200", "_body": "a\tb\n"})
    assert verdict(second) == verdict(first) and state(second) == "final"
    assert state(widget.handle("check", form)) == "final"
    german = {**form, "paste": KRENKO.replace("14 Mountain", "14 Gebirge")}
    needs_names = widget.handle("check", german)
    assert needs_names.fetches and state(needs_names) == "provisional"
    mapped = (DATA / "printed-names.tsv").read_text("utf-8")
    named = widget.handle(PRINTED_ACTION, {**german, "_status": "200", "_body": mapped})
    assert verdict(named) == checked("team-commander", "legal") and state(named) == "final"


def test_a_look_up_is_final_after_its_last_batch():
    """tc-1-1: while a Scryfall look-up's batches come back, each re-check is provisional;
    the last batch's is final."""
    widget, _ = make()
    paste = "Commander\n1 Meren of Clan Nel Toth\nDeck\n" + "".join(
        f"1 Homebrew Card {i}\n" for i in range(100))
    form = {"format": "swarm", "paste": paste}
    assert state(widget.handle("check", form)) == "final"
    view = widget.handle("lookup", form)
    assert view.attrs["verdict"] == {"data-state": "provisional"}
    states = [state(widget.handle("scryfall", {**form, "_status": "200", "_tag": fetch.tag,
                                               "_body": answer(asked(fetch))}))
              for fetch in view.fetches]
    assert states == ["provisional", "final"]


def test_card_data_that_fails_to_load_is_said_plainly_and_retried():
    """tc-1-1: offline without a kept copy, the check goes on with the shipped facts, says so,
    and the next check asks again."""
    widget, _ = browser_like()
    form = {"format": "team-commander", "paste": KRENKO}
    fetch = widget.handle("check", form).fetches[0]
    result = widget.handle(fetch.action, {**form, "_status": "offline", "_body": ""})
    assert widget.full_state == "failed" and result.error == widget.full_error != ""
    assert verdict(result) == checked("team-commander", "unchecked")
    assert widget.handle("check", form).fetches  # tried again
    garbled = widget.handle(fetch.action, {**form, "_status": "200", "_body": "<html>oops"})
    assert widget.full_state == "failed" and garbled.error == widget.full_error != ""


def test_unmarked_commander_is_asked_not_failed(facts_text):
    """tc-1-1: with no commander marked, the page asks "Is X your commander?" with one-tap
    answers instead of a red "not legal"; the choice is checked and kept on reload."""
    body = "\n".join(line for line in KRENKO.splitlines()
                     if line not in ("Commander", "Deck") and not line.startswith("#"))
    data = {**data_files(), "card-facts.tsv": facts_text}
    widget, _ = make(data=data)
    form = {"format": "swarm", "paste": body}
    view = widget.handle("check", form)
    assert verdict(view) == checked("swarm", "legal")
    assert view.hidden["commander-box"] is False
    assert (report(widget).commander_source, report(widget).commanders) == (
        "assumed", ["Krenko, Mob Boss"])
    assert "Krenko, Mob Boss" in view.text["commander-question"]
    answers = view.lists["proposals"]
    assert answers[0].action == "choose-commander" and answers[0].value == "Krenko, Mob Boss"
    other = next(item for item in answers if "Muxus" in item.text)
    chosen = widget.handle("choose-commander", {**form, "_item": other.value})
    assert (report(widget).commander_source, report(widget).commanders) == (
        "chosen", ["Muxus, Goblin Grandee"])
    assert "Muxus, Goblin Grandee" in chosen.text["summary"]
    restored, again = make(chosen.save, data=data)
    assert report(restored).commanders == ["Muxus, Goblin Grandee"]
    assert "Muxus, Goblin Grandee" in again.text["summary"]


@pytest.mark.parametrize("body", [
    "[" * 100_000 + "]" * 100_000, "null", "[]", "42", '{"data": 5}', '{"data": [5, "x"]}',
    '{"object": "error", "details": "\\u001b[31mno"}', '{"data": [{"name": 7}]}',
    '{"data": [{"name": "X", "cmc": "lots", "colors": 3}]}', '{"not_found": "x"}',
    "\x00\x1b]0;x\x07", "x" * 5_000_000,
])
def test_malformed_scryfall_replies_leave_the_lookup_usable(body):
    """tc-1-1: any reply that is not a readable collection gets a plain message, changes
    nothing, and the lookup button comes back; no exception reaches the adapter."""
    widget, _ = make()
    form = {"format": "swarm", "paste": MEREN}
    fetch = widget.handle("lookup", form).fetches[0]
    result = widget.handle("scryfall", {**form, "_status": "200", "_body": body,
                                        "_tag": fetch.tag})
    status = result.text["lookup-status"]
    assert "\x1b" not in status and "Traceback" not in status
    if widget.cache:  # a reply with no usable card is fine too, but never a crash
        assert all(isinstance(card, dict) for card in widget.cache.values())
    else:
        assert result.hidden["lookup"] is False
    assert widget.handle("lookup", form).fetches  # usable again


def test_deeply_nested_json_is_refused_before_parsing():
    """Hardening: JSON nested deeper than anything the site writes (which would overflow
    Pyodide's stack inside the parser) is refused by a linear scan, in a save as in a Scryfall
    answer; strings do not count. The page's session keeps such a save aside
    (tests/test_saves.py); the widget itself only refuses it, in plain words."""
    from pyengine import safejson

    depth = safejson.MAX_DEPTH
    assert safejson.nesting_depth("[" * depth + "]" * depth) == depth
    assert safejson.nesting_depth('{"name": "[[[[[[\\"{{{{"}') == 1
    with pytest.raises(safejson.BadJSON, match="nested far deeper"):
        safejson.loads('{"a":' * 100_000)
    with pytest.raises(ValueError, match="nested far deeper"):
        make("[" * 100_000)


# -- the page and the command line agree ------------------------------------------------------

SAME_FILES = ["scryfall-deck.csv", "manabox.csv", "archidekt.csv", "delverlens.tsv",
              "archidekt-grouped.txt", "mtgo.txt", "moxfield.txt"]


@pytest.mark.parametrize("name", SAME_FILES)
@pytest.mark.parametrize("fmt", ["team-commander", "horde"])
def test_page_and_cli_give_the_same_verdict(facts_text, name, fmt, capsys, monkeypatch):
    """tc-1-1, hs-1-1: the check page (an uploaded file, .csv included) and ``pyengine check``
    give the same verdict, size, commanders and findings (line, card, rule) on the same file
    with the same card data."""
    from pyengine import files
    from pyengine.cards import CardDB, combine_card_data
    from pyengine.cli import main

    path = DATA / "decklists" / name
    text = path.read_text("utf-8")
    data = {**data_files(), "card-facts.tsv": facts_text}
    widget, _ = make(data=data)
    view = widget.handle("upload", {"format": fmt, "paste": "", "_file": text})
    page = report(widget)
    assert view.attrs["verdict"]["data-verdict"] in ("legal", "not-legal", "unchecked")
    full = CardDB.from_compact(facts_text)
    shipped = CardDB.from_tsv(data["cards.tsv"])
    monkeypatch.setattr(files, "load_full_card_db",
                        lambda root=None: combine_card_data(full, shipped))
    main(["check", str(path), "--format", fmt, "--json"])
    cli = json.loads(capsys.readouterr().out)
    assert (cli["verdict"], cli["size"], cli["commanders"]) == (
        page.verdict, page.size, page.commanders)
    assert [(f["line"], f["card"], f["rule"], f["code"]) for f in cli["findings"]] == [
        (f.line, f.card, f.rule, f.code) for f in page.findings]
    assert cli["read_as"] == widget._report()[0].format
def test_the_looked_up_cards_kept_are_bounded_oldest_first(monkeypatch):
    """tc-1-1: the cache of looked-up cards the saved check keeps holds at most
    MAX_CACHED_CARDS; the cards looked up first are the first to go (within a visit: the save
    itself stores them sorted by name)."""
    monkeypatch.setattr(check_module, "MAX_CACHED_CARDS", 3)
    widget, _ = make()
    widget.handle("check", {"format": "team-commander", "paste": MEREN})
    view = widget.handle("lookup", {"format": "team-commander", "paste": MEREN})
    (fetch,) = view.fetches
    names = asked(fetch)
    done = widget.handle("scryfall", {"format": "team-commander", "paste": MEREN,
                                      "_status": "200", "_body": answer(names),
                                      "_tag": fetch.tag})
    cache = json.loads(done.save)["cache"]
    assert sorted(cache) == sorted(["sol ring", "cultivate", "lightning bolt"])


def test_did_you_mean_is_a_one_tap_fix(facts_text):
    """tc-1-1: each "did you mean" offers the fix in place: one tap writes the name on its
    line (count and printing kept), and the list is checked again."""
    from pyengine.widgets.check import FIX_ACTION, fix_line

    widget, _ = browser_like()
    text = KRENKO.replace("1 Sol Ring", "1 Sol Rign (C21) 263")
    form = {"format": "team-commander", "paste": text}
    fetch = widget.handle("check", form).fetches[0]
    view = widget.handle(fetch.action, {**form, "_status": "200", "_body": facts_text})
    fixes = [i for i in view.lists["unknown"] if i.action == FIX_ACTION]
    assert [i.text for i in fixes] == [f"Write Sol Ring on line {_line_of(text, 'Sol Rign')}"]
    done = widget.handle(FIX_ACTION, {**form, "_item": fixes[0].value})
    assert "1 Sol Ring (C21) 263" in done.values["paste"] == widget.form["paste"]
    assert verdict(done) == checked("team-commander", "legal"), done.lists["findings"]
    assert fix_line(text, "1\nSol Rign\nSol Ring") is None  # not on that line
    stale = widget.handle(FIX_ACTION, {**form, "paste": KRENKO, "_item": fixes[0].value})
    assert stale.error


def _line_of(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if words in line)


def test_printed_names_are_fetched_only_for_a_list_that_needs_them(facts_text):
    """tc-1-1: a list of English names fetches nothing but the card data; a list with a name
    the card data does not know fetches the printed-names map once, and then reads a basic
    land printed in German as its card and says so; without the map (the site's placeholder,
    or no answer), such a name stays unknown ("not checked", never a copy-limit error)."""
    from pyengine.widgets.check import PRINTED_ACTION, PRINTED_NAMES_URL
    from tests.helpers import load_hook

    published = facts_text
    widget, _ = browser_like()
    form = {"format": "team-commander", "paste": KRENKO}
    fetch = widget.handle("check", form).fetches[0]
    done = widget.handle(fetch.action, {**form, "_status": "200", "_body": published})
    assert done.fetches == [] and widget.printed_state == "fetch"
    german = {**form, "paste": KRENKO.replace("14 Mountain", "14 Gebirge")}
    asking = widget.handle("check", german)
    assert [(f.url, f.action) for f in asking.fetches] == [(PRINTED_NAMES_URL, PRINTED_ACTION)]
    assert verdict(asking) == checked("team-commander", "unchecked")
    assert "copies" not in str(asking.lists["findings"])
    mapped = (DATA / "printed-names.tsv").read_text("utf-8")
    read = widget.handle(PRINTED_ACTION, {**german, "_status": "200", "_body": mapped})
    assert verdict(read) == checked("team-commander", "legal"), read.lists["findings"]
    assert any("'Gebirge' read as Mountain (its printed name in German)" in i.text
               for i in read.lists["findings"])
    assert widget.handle("check", german).fetches == []  # fetched once
    other, _ = browser_like()
    other.handle("check", form)
    arrived = other.handle("card-data", {**form, "_status": "200", "_body": published})
    assert arrived.scroll == "verdict"  # the first verdict comes with the card data
    other.handle("check", german)
    placeholder = load_hook("card_facts").NO_PRINTED
    missing = other.handle(PRINTED_ACTION, {**german, "_status": "200", "_body": placeholder})
    assert verdict(missing) == checked("team-commander", "unchecked")
    assert "copies" not in str(missing.lists["findings"])
    assert other.printed_state == "absent" and other.handle("check", german).fetches == []
    third, _ = browser_like()
    third.handle("check", form)
    third.handle("card-data", {**form, "_status": "200", "_body": published})
    third.handle("check", german)
    offline = third.handle(PRINTED_ACTION, {**german, "_status": "offline", "_body": ""})
    assert verdict(offline) == checked("team-commander", "unchecked")


COMBO_DECK = ("1 Krenko, Mob Boss *CMDR*\n1 Thassa's Oracle\n1 Demonic Consultation\n"
              "1 Dramatic Reversal\n1 Isochron Scepter\n95 Mountain\n")


def test_combos_come_with_the_card_data_and_enter_the_estimate(facts_text):
    """Two-card combos: the site's combo list is fetched once with the card data; the
    estimate names the deck's combos and applies the bracket criteria (an early one: bracket
    4); the site's "no list" file leaves them not checked, as a list that cannot be read."""
    from pyengine import combos
    from pyengine.widgets import power_part

    listed = combos.write([
        combos.Combo(("Thassa's Oracle", "Demonic Consultation"), "early", ("Win the game",)),
        combos.Combo(("Dramatic Reversal", "Isochron Scepter"), "late", ("Infinite mana",))],
        {"source": "test", "date": "2026-12-05"})
    for body, label, says in [(listed, "4-5", "2 from Commander Spellbook's data of 2026-12-05"),
                              ("# status: absent\n", "1-2", ""), ("a\tb\n", "1-2", "")]:
        widget, _ = browser_like()
        form = {"format": "commander-horde", "paste": COMBO_DECK}
        card_data, combo_fetch = widget.handle("check", form).fetches
        assert combo_fetch.action == power_part.COMBOS_ACTION
        assert widget.handle(combo_fetch.action, {**form, "_status": "200",
                                                  "_body": body}).text == {}  # still loading
        done = widget.handle(card_data.action, {**form, "_status": "200", "_body": facts_text})
        assert done.text["power"].startswith(f"Power: Bracket {label} ")
        reasons = " ".join(item.text for item in done.lists["power-reasons"])
        if says:
            assert "that can win early, bracket 4" in reasons and "Demonic Consultation + " \
                "Thassa's Oracle (Win the game)" in reasons
            assert "1 two-card combo(s), none in brackets 1-2" in reasons
            assert says in done.text["power-source"]
        else:
            assert "Not checked: two-card combos" in reasons
        assert widget.handle("check", form).fetches == []  # each asked once


def test_old_card_data_is_flagged_on_the_check(facts_text):
    """issue 37, point 2: the check says the card data's date; older than 60 days it says
    that cards printed since are not known yet, and marks the line."""
    import datetime
    from dataclasses import replace

    for today, says, stale in [(datetime.date(2025, 11, 24), "Card data of 2025-09-25.",
                                "false"),
                               (datetime.date(2025, 11, 25), "Card data from 2025-09-25: cards "
                                "printed since then are not known yet.", "true")]:
        widget, _ = browser_like()
        widget.env = replace(widget.env, today=lambda today=today: today)
        form = {"format": "team-commander", "paste": KRENKO}
        card_data = widget.handle("check", form).fetches[0]
        done = widget.handle(card_data.action, {**form, "_status": "200", "_body": facts_text})
        assert done.text["read-as"].startswith("Read as ")
        assert done.text["read-as"].endswith(f". {says}")
        assert done.attrs["read-as"] == {"data-stale": stale}


CHANGED_DECK = ("1 Krenko, Mob Boss *CMDR*\n1 Sol Ring\n1 Goblin Matron\n1 Mana Vault\n"
                "96 Mountain\n")


def release(facts_text: str, date: str, changers: list[str], drop: str = "") -> dict[str, str]:
    """The data files of one release of the site: its card data (dated ``date``, without the
    card ``drop``) and its Game Changers list."""
    facts = facts_text.replace("# date: 2025-09-25", f"# date: {date}")
    if drop:
        facts = "\n".join(line for line in facts.split("\n")
                          if not line.startswith(drop + "\t"))
    gc = f"# source: test\n# date: {date}\n" + "\n".join(changers) + "\n"
    return {**data_files(), "card-facts.tsv": facts, "game-changers.txt": gc}


def test_what_changed_for_a_list_checked_before(facts_text):
    """issue 37, point 6: a list checked before on this device, checked again after a release
    with new card data, says what the new data changed, one line a card (a new Game Changer
    with the bracket's change, a card now known); the lines stay until the data changes
    again; an edited list is not compared; an older save without this still reads."""
    form = {"format": "commander-horde", "paste": CHANGED_DECK}
    old, _ = make(data=release(facts_text, "2026-01-10", ["Ancient Tomb"], drop="Goblin Matron"))
    first = old.handle("check", form)
    assert first.hidden["changes-box"] is True
    saved = first.save
    assert json.loads(saved)["last"]["marks"] == {"Goblin Matron": "u"}

    new, _ = make(saved, data=release(facts_text, "2026-03-01", ["Mana Vault", "Sol Ring"]))
    again = new.handle("check", form)
    lines = [item.text for item in again.lists["changes"]]
    assert lines == ["Goblin Matron is now known to the card data: verdict not everything "
                     "could be checked → legal",
                     "Mana Vault is now a Game Changer: bracket 1-2 → 3",
                     "Sol Ring is now a Game Changer"]
    assert again.hidden["changes-box"] is False
    later, _ = make(again.save, data=release(facts_text, "2026-03-01",
                                             ["Mana Vault", "Sol Ring"]))
    assert [item.text for item in later.handle("check", form).lists["changes"]] == lines
    edited = later.handle("check", {**form, "paste": CHANGED_DECK + "1 Island\n"})
    assert edited.lists["changes"] == [] and edited.hidden["changes-box"] is True

    plain, _ = make(json.dumps({"v": 1, "form": form, "cache": {}, "not_found": []}),
                    data=release(facts_text, "2026-03-01", ["Sol Ring"]))
    assert plain.handle("check", form).hidden["changes-box"] is True


def test_a_change_of_the_suggested_horde_setting_is_tracked(facts_text):
    """issue 37, point 6: a list whose Horde setting was suggested here, checked again with a
    release that moves its bracket, says how the suggested setting changed on the bracket's
    line (the suggestion is run again once, with the new data); with the same data the kept
    setting stands and no simulation runs."""
    from tests.test_widgets_pages import make_env

    def make(saved=None, data=None):  # with the site's automated decks
        widget = Widget(make_env(), data=data)
        return widget, widget.start(saved)

    # a team of two (the same list twice): one Survivor loses at every setting either way
    form = {"format": "commander-horde", "paste": CHANGED_DECK, "others": CHANGED_DECK}
    old, _ = make(data=release(facts_text, "2026-01-10", []))
    old.handle("check", form)
    old.handle("suggest", form)
    before = old.last["setting"]
    assert before and old.power.suggested == before
    assert json.loads(old.save())["last"]["setting"] == before

    changers = ["Mana Vault", "Sol Ring", "Goblin Matron", "Krenko, Mob Boss"]
    new, _ = make(old.save(), data=release(facts_text, "2026-03-01", changers))
    lines = [item.text for item in new.handle("check", form).lists["changes"]]
    after = new.last["setting"]
    assert new.last["bracket"] == "4-5"
    # The two settings come from the simulator (they moved when the engines began making
    # trigger tokens, issue 41): what holds is that the stronger bracket moved the suggestion.
    assert after and after != before
    assert f"; suggested Horde setting {before} → {after}" in lines[0]
    assert lines[0].startswith("Goblin Matron is now a Game Changer: bracket 1-2 → 4-5")

    calls = []
    new.power.horde_setting = lambda *a: calls.append(a) or "never"
    new.handle("check", form)
    assert calls == [] and new.last["setting"] == after
    # the next release, checked for another team: its setting is not compared (nor run);
    # opened from the save, the comparison waits for the player's check (the team unknown)
    other, shown = make(new.save(), data=release(facts_text, "2026-05-01", changers[:1]))
    assert shown.hidden["changes-box"] and other.last["setting"] == after
    other.power.horde_setting = lambda *a: calls.append(a) or "never"
    lines = [i.text for i in other.handle("check", {**form, "others": ""}).lists["changes"]]
    assert calls == [] and "setting" not in other.last
    assert lines and not any("suggested" in line for line in lines)
