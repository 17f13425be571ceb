"""The card found in every line by the card data (pyengine/decklist_names.py; check page,
list-formats): the longest known name in a line, however it is spelt or printed, and the
decorations around it classified."""

from __future__ import annotations

import pytest

from pyengine import files
from pyengine.decklist import Decklist
from pyengine.decklist_names import CardNames, classify
from pyengine.printed_names import parse
from tests.conftest import DATA


@pytest.fixture(scope="module")
def db():
    return files.load_full_card_db()


@pytest.fixture(scope="module")
def printed():
    return parse((DATA / "printed-names.tsv").read_text("utf-8"))


def read(text: str, db, printed=None) -> Decklist:
    return Decklist.read(text, db, printed)


def one(line: str, db, printed=None):
    deck = read(line + "\n", db, printed)
    assert len(deck.entries) == 1, (line, deck.entries, deck.problems)
    return deck.entries[0], deck


@pytest.mark.parametrize("line,count,name", [
    ("1 Krenko, Mob Boss (Commander: Strixhaven)", 1, "Krenko, Mob Boss"),
    ("Swamp ×9", 9, "Swamp"),
    ("Swamp x 9", 9, "Swamp"),
    ("Sol Ring x1", 1, "Sol Ring"),
    ("1 Mountain (259)", 1, "Mountain"),
    ("3 Lightning Bolt NM English $0.50", 3, "Lightning Bolt"),
    ("2 Lightning Bolt - LP - Deutsch - 1,20 €", 2, "Lightning Bolt"),
    ("1 Sol Ring [C21] foil", 1, "Sol Ring"),
    ("1x Sol Ring (C21) 263 *F* # the best", 1, "Sol Ring"),
    ("Lightning Bolt | M10 | 146 | Near Mint", 1, "Lightning Bolt"),
    ("4 Urzas Saga", 4, "Urza's Saga"),
    ("1 Lim Dul the Necromancer", 1, "Lim-Dûl the Necromancer"),
    ("1 Jotun Grunt (CSP) 8", 1, "Jotun Grunt"),  # accents: found as written
    ("1 Bonecrusher Giant / Stomp", 1, "Bonecrusher Giant / Stomp"),
    ("1 Fire//Ice", 1, "Fire//Ice"),
    ("1 Stomp", 1, "Stomp"),
])
def test_the_name_is_found_and_the_rest_classified(line, count, name, db):
    """list-formats: the longest name the card data knows, whatever decorations surround it
    (set names in parentheses, counts after the name, collector numbers, finishes,
    conditions, languages, prices, comments), and names typed without apostrophes or
    accents; every decoration read, so nothing is said about the line."""
    entry, deck = one(line, db)
    assert (entry.count, entry.name) == (count, name)
    assert db.get(entry.name) is not None
    assert not [n for n in deck.notes if "not read" in n.message], deck.notes


def test_a_loose_spelling_says_what_it_was_read_as(db):
    """list-formats: a name read by its spelling says which card it was read as."""
    entry, deck = one("4 Urzas Saga", db)
    assert [n.message for n in deck.notes] == ["'Urzas Saga' read as Urza's Saga"]
    assert entry.name == "Urza's Saga"


def test_printing_decorations_are_kept(db):
    """list-formats: a set code, a collector number and a foil mark found around the name
    are the entry's printing."""
    entry, _ = one("1 Sol Ring [C21:263] foil", db)
    assert (entry.set_code, entry.number, entry.foil) == ("C21", "263", True)
    entry, _ = one("Sol Ring (Commander 2021) NM", db)
    assert entry.name == "Sol Ring" and entry.set_code is None


def test_a_part_of_an_unknown_name_is_not_taken_for_it(db):
    """sw-2-1: ``Goblin Guide Deluxe`` is not the card ``Goblin Guide`` with a word left
    over: a name whose other words are not decorations stays unknown, with its hint."""
    entry, deck = one("1 Goblin Guide Deluxe", db)
    assert entry.name == "Goblin Guide Deluxe" and deck.notes == []
    entry, deck = one("1 Sol Ring - a gift from Ann", db)
    assert entry.name == "Sol Ring"
    assert "'a gift from Ann' was not read" in deck.notes[0].message


def test_printed_names_in_other_languages_through_the_map(db, printed):
    """list-formats: with the printed-names map, a name printed in another language is read
    as its English card and the line says so; without it, the name stays unknown."""
    deck = read("8 Gebirge\n4 Blitzschlag (M10)\n1 Krenko, Boss de la Pègre\n1 Éclair\n"
                "10 森\n1 Sol Ring\n", db, printed)
    assert [(e.count, e.name) for e in deck.entries] == [
        (8, "Mountain"), (4, "Lightning Bolt"), (1, "Krenko, Mob Boss"),
        (1, "Lightning Bolt"), (10, "Forest"), (1, "Sol Ring")]
    said = {n.line: n.message for n in deck.notes}
    assert said[1] == "'Gebirge' read as Mountain (its printed name in German)"
    assert said[5] == "'森' read as Forest (its printed name in Japanese)"
    assert 6 not in said
    alone = read("8 Gebirge\n", db)
    assert [e.name for e in alone.entries] == ["Gebirge"] and alone.notes == []


def test_an_english_name_is_never_read_through_the_map(db):
    """list-formats: the map is asked only about names that are not English card names."""
    from pyengine.printed_names import PrintedName, PrintedNames

    tricky = PrintedNames([PrintedName("Island", "xx", "Mountain")])
    entry, _ = one("1 Island", db, tricky)
    assert entry.name == "Island"


@pytest.mark.parametrize("word,kind", [
    ("(Commander: Strixhaven)", "set"), ("(C21)", "set"), ("[MH2:123]", "set"),
    ("(259)", "number"), ("263a", "number"), ("×9", "count"), ("x1", "count"),
    ("*F*", "finish"), ("etched", "finish"), ("NM", "condition"), ("Lightly Played", "condition"),
    ("Deutsch", "language"), ("JP", "language"), ("$0.50", "price"), ("1,20", "price"),
    ("[Ramp]", "group"), ("#burn", "comment"), ("-", "joiner"), ("Goblin", ""),
])
def test_decorations_are_classified(word, kind):
    """list-formats: the decorations exports write around a name, by kind."""
    assert classify(word) == kind


def test_the_card_names_are_asked_once_per_name(db):
    """list-formats: CardNames remembers its answers (a list repeats names)."""
    names = CardNames(db)
    assert names("Sol Ring") and names.resolve("Sol Ring") is names.resolve("Sol Ring")
    assert not names("Not A Card At All")


# -- the property test of the whole reader ---------------------------------------------------

import csv  # noqa: E402
import io  # noqa: E402
import re  # noqa: E402
from collections import Counter  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pyengine.decklist import WRITE_FORMATS, Entry  # noqa: E402
from pyengine.names import normalize  # noqa: E402
from tests.helpers import examples  # noqa: E402

_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z ,'\-/]*[A-Za-z]")
_TRICKY = ["Krenko, Mob Boss", "Urza's Saga", "Fire // Ice", "Delver of Secrets // Insectile "
           "Aberration", "Bonecrusher Giant // Stomp", "Lim-Dûl the Necromancer", "Sol Ring",
           "Jötun Grunt", "Æther Vial", "Mountain", "Plains", "Who // What // When // Where // Why",
           "Erayo, Soratami Ascendant // Erayo's Essence", "Brisela, Voice of Nightmares",
           "Nicol Bolas, the Ravager // Nicol Bolas, the Arisen", "Ach! Hans, Run!"]


@pytest.fixture(scope="module")
def pool(db):
    """Real card names: every 61st plain name of the card data, and tricky ones (split,
    adventure, flip, meld, two-faced; apostrophes, commas, accents)."""
    plain = [n for n in db.names()[::61] if _PLAIN_NAME.fullmatch(n)
             and not db[n].is_token and len(n.split()) <= 8]
    return sorted({*plain, *(n for n in _TRICKY if db.get(n) is not None)})


#: Decorations real exports write around a name, before it (after the count) and after it.
BEFORE = ["", "", "", "[C21] ", "NM ", "EN ", "(foil) ", "★ "]
AFTER = ["", "", " (Commander: Strixhaven)", " (CMM) 400", " (C21) 263 *F*", " *E*", " [M13]",
         " NM", " - LP - German", " | Near Mint | English", " $0.50", " 1,20 €", " [Ramp]",
         " #Card Draw", " # a comment", " (259)", " Foil", " ^Have,#37d67a^", " NM-M EN",
         " (Foreign Black Border)", " x{count}", " ×{count}"]
#: The writers whose card lines start with the count and the name (decorations go there).
LINE_WRITERS = ("text", "arena", "mtgo", "moxfield", "archidekt", "tappedout", "deckstats")
_SECTIONS = ("main", "main", "main", "sideboard", "commander")


def _canonical(deck: Decklist, db, sections: bool = True) -> Counter:
    """The deck as the check sees it: copies of each card (by the card data's name) in each
    section."""
    counts: Counter = Counter()
    for e in deck.entries:
        facts = db.get(e.name)
        key = normalize(facts.name if facts is not None else e.name)
        counts[(key, e.section if sections else "")] += e.count
    return counts


def _deck(pool):
    return st.lists(st.tuples(st.integers(1, 30), st.sampled_from(pool),
                              st.sampled_from(_SECTIONS)),
                    min_size=1, max_size=12, unique_by=lambda t: normalize(t[1]))


def _decorate(text: str, entries: list[Entry], before: list[str], after: list[str]) -> str:
    """``text`` (a line writer's output) with decorations around each card's name."""
    out, position = [], 0
    for line in text.split("\n"):
        match = re.match(r"^(SB: )?(\d+)x? (.*)$", line)
        if match is None or position >= len(entries):
            out.append(line)
            continue
        entry = entries[position]
        rest = match.group(3)
        if not rest.startswith(entry.name):
            out.append(line)
            continue
        tail = after[position % len(after)]
        head = before[position % len(before)]
        count = f"{match.group(2)} "
        if "{count}" in tail:
            tail, count = tail.format(count=match.group(2)), ""
            head = ""
        out.append(f"{match.group(1) or ''}{count}{head}{entry.name}{tail}"
                   + rest[len(entry.name):])
        position += 1
    return "\n".join(out)


@given(data=st.data())
@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
def test_any_deck_by_any_writer_with_any_decorations_reads_back(data, db, pool):
    """list-formats: a deck of real card names written by any supported writer reads back,
    by the card data, to what that writer holds; and written by a line writer with random
    decorations from real exports before and after each name (set codes and names,
    collector numbers, foil and etched marks, conditions, languages, prices, counts after
    the name, groups, comments), it reads back to the same deck, every decoration read."""
    cards = data.draw(_deck(pool))
    entries = [Entry(count=1 if section == "commander" else count, name=name, section=section)
               for count, name, section in cards]
    entries.sort(key=lambda e: ("commander", "main", "sideboard").index(e.section))
    deck = Decklist(entries)
    fmt = data.draw(st.sampled_from(WRITE_FORMATS))
    written = deck.to_text(fmt)
    plain = Decklist.read(written, db)
    assert plain.problems == []
    if fmt not in LINE_WRITERS:
        return
    order = [e for e in plain.entries]
    before = data.draw(st.lists(st.sampled_from(BEFORE), min_size=1, max_size=4))
    after = data.draw(st.lists(st.sampled_from(AFTER), min_size=1, max_size=6))
    decorated = _decorate(written, order, before, after)
    again = Decklist.read(decorated, db)
    assert again.problems == [], (decorated, again.problems)
    assert _canonical(again, db) == _canonical(plain, db), decorated
    assert not [n for n in again.notes if "not read" in n.message], (decorated, again.notes)


#: Collection apps' CSV exports: (header, a row's cells from count, name, set, number, foil).
APPS = {
    "moxfield": ('"Count","Tradelist Count","Name","Edition","Condition","Language","Foil",'
                 '"Collector Number","Purchase Price"',
                 lambda c, n, s, k, f: [c, "0", n, s.lower(), "Near Mint", "English",
                                        "foil" if f else "", k, "1.20"]),
    "manabox": ("Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,Purchase price,"
                "Condition,Language,Purchase price currency",
                lambda c, n, s, k, f: [n, s, "Some Set, Vol. 2", k, "foil" if f else "normal",
                                       "rare", c, "0.50", "near_mint", "en", "EUR"]),
    "deckbox": ("Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,"
                "My Price",
                lambda c, n, s, k, f: [c, "0", n, "Some Set", k, "Near Mint", "English",
                                       "foil" if f else "", "$2.10"]),
    "dragonshield": ("Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,"
                     "Card Number,Condition,Printing,Language,Price Bought,Date Bought",
                     lambda c, n, s, k, f: ["Deck", c, "0", n, s, "Some Set", k, "NearMint",
                                            "Foil" if f else "Normal", "English", "0.25",
                                            "2025-01-05"]),
    "delverlens": ("Quantity\tName\tEdition\tEdition code\tCollector's number\tCondition\t"
                   "Foil\tLanguage\tPrice",
                   lambda c, n, s, k, f: [c, n, "Some Set", s, k, "NM", "Foil" if f else "",
                                          "English", "2.10"]),
    "tcgplayer": ("Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,"
                  "Language,Rarity",
                  lambda c, n, s, k, f: [c, n, n, "Some Set", k, s, "Foil" if f else "Normal",
                                         "Near Mint", "English", "Rare"]),
    "regfoil": ("Name,Set,Reg Qty,Foil Qty,Price",
                lambda c, n, s, k, f: [n, s, "0" if f else c, c if f else "0", "1.50"]),
}


@given(data=st.data())
@settings(max_examples=examples(30), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
def test_the_same_deck_as_each_collection_apps_csv_reads_back_the_same(data, db, pool):
    """list-formats: the same deck written as each collection app's CSV (comma, tab or
    semicolon with decimal commas; an Excel ``sep=`` line, bare or quoted; one card split
    over rows by condition) reads back to the same cards and counts."""
    cards = data.draw(_deck(pool))
    app = data.draw(st.sampled_from(sorted(APPS)))
    header, row = APPS[app]
    delimiter = "\t" if "\t" in header else data.draw(st.sampled_from([",", ";"]))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    names = next(csv.reader([header], delimiter="\t" if "\t" in header else ","))
    sep = data.draw(st.sampled_from(["", "sep={d}\n", '"sep={d}"\n']))
    out.write(sep.format(d=delimiter) if delimiter != "\t" else "")
    writer.writerow(names)
    expected: Counter = Counter()
    for count, name, _ in cards:
        split = count > 1 and data.draw(st.booleans())
        parts = [count - 1, 1] if split else [count]
        for part in parts:
            cells = [str(cell) for cell in row(str(part), name, "CMM", "400",
                                               data.draw(st.booleans()))]
            if delimiter == ";":
                cells = [cell.replace(".", ",") if re.fullmatch(r"\$?\d+\.\d+", cell) else cell
                         for cell in cells]
            writer.writerow(cells)
        facts = db.get(name)
        expected[(normalize(facts.name if facts is not None else name), "")] += count
    deck = Decklist.read(out.getvalue(), db)
    assert deck.format == "csv" and deck.problems == [], (out.getvalue(), deck.problems)
    assert _canonical(deck, db, sections=False) == expected, out.getvalue()
