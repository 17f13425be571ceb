"""Deck legality (pyengine.legality): every deck rule, with lists in every paste format the
reader accepts (plain, ``4x``, Moxfield, Archidekt, Arena, MTGO, ``// Section`` headers)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine import files
from pyengine.banlists import BanList
from pyengine.cards import CardDB
from pyengine.decklist import Decklist
from pyengine.legality import (
    ERROR,
    FORMATS,
    INFO,
    LEGAL,
    NOT_CHECKED,
    NOT_LEGAL,
    READER_ANCHOR,
    UNCHECKED,
    WARNING,
    Finding,
    Options,
    Report,
    cards_from_scryfall,
    check,
    commander_tags,
    find_format,
)
from tests.conftest import DATA, ROOT
from tests.helpers import examples

BANLIST_KEYS = ("horde-survivor", "commander", "team-commander", "any-number", "basics")


@pytest.fixture(scope="module")
def banlists() -> dict[str, BanList]:
    return {key: files.load_banlist(key) for key in BANLIST_KEYS}


@pytest.fixture(scope="module")
def db() -> CardDB:
    scryfall = json.loads((DATA / "scryfall" / "legality_cards.json").read_text("utf-8"))
    return files.load_card_db().merge(cards_from_scryfall(scryfall))


def run(text: str, fmt: str, db: CardDB, banlists, **options) -> Report:
    deck = Decklist.from_text(text)
    report = check(deck, fmt, db.merge(CardDB.from_annotations(deck)), banlists,
                   Options(**options))
    return report


def codes(report: Report, severity: str | None = None) -> list[str]:
    return [f.code for f in report.findings if severity is None or f.severity == severity]


def find(report: Report, code: str) -> list[Finding]:
    return [f for f in report.findings if f.code == code]


def rejected(text: str, fmt: str, code: str, db: CardDB, banlists
             ) -> tuple[Report, list[Finding]]:
    """The report on a deck ``fmt`` must reject, and its findings ``code``."""
    report = run(text, fmt, db, banlists)
    assert report.verdict == NOT_LEGAL
    return report, find(report, code)


def lines_and_cards(findings: list[Finding]) -> list[tuple[int, str]]:
    return [(f.line, f.card) for f in findings]


def commander_list(commander: str, cards: list[str], basic: str = "Swamp",
                   total: int = 100, style: str = "arena") -> str:
    """A Commander list of ``total`` cards: the commander, ``cards`` (one each) and basics."""
    fill = total - 1 - len(cards)
    if style == "arena":
        return "Commander\n1 " + commander + "\n\nDeck\n" + "".join(
            f"1 {c}\n" for c in cards) + f"{fill} {basic}\n"
    if style == "archidekt":
        return f"1x {commander} (cmr) 1 [Commander{{top}}]\n" + "".join(
            f"1x {c} (cmm) 2 [Ramp]\n" for c in cards) + f"{fill}x {basic} (cmm) 3 [Land]\n"
    if style == "moxfield":
        return "".join(f"1 {c} (CMM) 400 *F*\n" for c in cards) + \
            f"{fill} {basic} (CMM) 1\n\n1 {commander} (CMR) 100\n"
    if style == "headers":
        return f"# name: test\n// Commander\n1 {commander}\n// Main\n" + "".join(
            f"{c}\n" for c in cards) + f"{fill}x {basic}\n"
    raise ValueError(style)


# -- Horde (SlingLab) -------------------------------------------------------------------------


def test_horde_legal_sixty(db, banlists):
    """hs-1-1: 40+ cards, at most four of a card; basics and any-number cards are free."""
    text = "4 Lightning Bolt\n4x Counterspell\n20 Relentless Rats\n7 Seven Dwarves\n9 Nazgul\n" \
           "16 Island\n"
    report = run(text, "horde", db, banlists)
    assert report.verdict == LEGAL, report.to_text()
    assert report.size == 60
    assert report.findings == []


def test_horde_too_many_copies(db, banlists):
    """hs-1-1: a fifth copy, an eighth Seven Dwarves and a tenth Nazgûl break the limits."""
    text = "4 Lightning Bolt (M10) 146\n1 Lightning Bolt\n8 Seven Dwarves\n10 Nazgûl\n30 Island\n"
    report, copies = rejected(text, "horde", "copies", db, banlists)
    assert lines_and_cards(copies) == [(1, "Lightning Bolt"), (3, "Seven Dwarves"), (4, "Nazgûl")]
    assert "5 copies (also on line 2); at most 4" in copies[0].message
    assert "at most 7" in copies[1].message and "at most 9" in copies[2].message
    assert all(f.rule == "horde/#hs-1-1" for f in copies)


def test_horde_too_small(db, banlists):
    """hs-1-1: 39 cards is one short."""
    report = run("4 Lightning Bolt\n35 Mountain\n", "horde", db, banlists)
    assert report.verdict == NOT_LEGAL
    (size,) = find(report, "size")
    assert size.line == 0 and "39 cards" in size.message and size.rule == "horde/#hs-1-1"


def test_horde_survivor_ban_list(db, banlists):
    """hs-1-4: cards on the Survivor ban list, in any spelling (AEther, Æther), are banned."""
    text = "SB: 1 Naturalize\n1 Moat\n1 AEther Flash\n1 Tainted Æther\n37 Plains\n"
    report, banned = rejected(text, "horde", "banned", db, banlists)
    assert lines_and_cards(banned) == [(2, "Moat"), (3, "AEther Flash"), (4, "Tainted Æther")]
    assert all(f.rule == "horde/#hs-1-4" and f.severity == ERROR for f in banned)
    assert "Horde Survivor ban list" in banned[0].message
    assert "sideboard" in codes(report, INFO)


def test_horde_mtgo_two_blocks(db, banlists):
    """hs-1-1: an MTGO list's second block is the sideboard and is not counted."""
    text = "4 Lightning Bolt\n36 Mountain\n\n15 Platinum Angel\n"
    report = run(text, "horde", db, banlists)
    assert report.size == 40
    assert report.verdict == LEGAL, report.to_text()


def test_horde_near_miss_name(db, banlists):
    """hs-1-4: a misspelt banned card is an unknown card with a "did you mean", and the deck
    is never passed as legal."""
    report = run("1 Platinum Angle\n39 Plains\n", "horde", db, banlists)
    (hint,) = find(report, "unknown-card")
    assert hint.severity == UNCHECKED and hint.suggestions == ("Platinum Angel",)
    assert "unknown card" in hint.message
    assert report.verdict == NOT_CHECKED and report.unchecked == ["Platinum Angle"]


@pytest.mark.parametrize("typed", ["1 Clatinum Angel", "1 latinum Angel", "1 Splatinum Angel"])
def test_horde_near_miss_in_the_first_letter(db, banlists, typed):
    """hs-1-4: a banned card misspelt in its first letter (changed, dropped or one added in
    front) still gets its "did you mean"."""
    report = run(f"{typed}\n39 Plains\n", "horde", db, banlists)
    (hint,) = find(report, "unknown-card")
    assert "Platinum Angel" in hint.suggestions
    assert report.verdict == NOT_CHECKED


# -- Limited Horde ----------------------------------------------------------------------------


def test_limited_horde_any_copies_no_ban_list(db, banlists):
    """lh-1-5: a Draft or Sealed deck: 40+ cards, any number of copies, no ban list."""
    report = run("6 Lightning Bolt\n1 Moat\n33 Mountain\n", "limited-horde", db, banlists)
    assert report.verdict == LEGAL, report.to_text()
    small = run("6 Lightning Bolt\n33 Mountain\n", "limited-horde", db, banlists)
    assert small.verdict == NOT_LEGAL
    assert find(small, "size")[0].rule == "limited-horde/#lh-1-5"


# -- Commander deck rules ---------------------------------------------------------------------


@pytest.mark.parametrize("style", ["arena", "archidekt", "moxfield", "headers"])
def test_commander_legal_in_every_paste_format(db, banlists, style):
    """sw-2-1: a 100-card singleton deck inside Meren's identity is legal (every paste format)."""
    cards = ["Sol Ring", "Cultivate", "Arcane Signet", "Command Tower", "Llanowar Elves"]
    text = commander_list("Meren of Clan Nel Toth", cards, style=style)
    report = run(text, "swarm", db, banlists)
    assert report.commanders == ["Meren of Clan Nel Toth"]
    assert report.size == 100
    assert report.verdict == LEGAL, report.to_text()
    if style == "moxfield":
        assert codes(report) == ["commander-from-sideboard"]


@pytest.mark.parametrize("style", ["arena", "archidekt", "moxfield", "headers"])
def test_commander_off_identity(db, banlists, style):
    """tc-1-1: Lightning Bolt and Swords to Plowshares are outside Meren's black-green."""
    cards = ["Sol Ring", "Lightning Bolt", "Swords to Plowshares", "Cultivate"]
    report = run(commander_list("Meren of Clan Nel Toth", cards, style=style),
                 "team-commander", db, banlists)
    assert report.verdict == NOT_LEGAL
    off = find(report, "identity")
    assert [f.card for f in off] == ["Lightning Bolt", "Swords to Plowshares"]
    assert "outside the commander's (BG)" in off[0].message
    assert all(f.rule == "team-commander/#tc-1-1" for f in off)
    lines = Decklist.from_text(commander_list("Meren of Clan Nel Toth", cards, style=style))
    bolt = next(e for e in lines.entries if e.name == "Lightning Bolt")
    assert off[0].line == bolt.line


@pytest.mark.parametrize("total", [99, 101])
def test_commander_wrong_size(db, banlists, total):
    """sw-2-1: exactly 100 cards counting the commander."""
    report = run(commander_list("Meren of Clan Nel Toth", ["Sol Ring"], total=total),
                 "swarm", db, banlists)
    assert report.verdict == NOT_LEGAL
    (size,) = find(report, "size")
    assert f"{total} cards" in size.message and size.rule == "swarm/#sw-2-1"


def test_commander_singleton(db, banlists):
    """tc-1-1: one copy of each card, except basics, any-number and up-to-N cards."""
    text = commander_list("Meren of Clan Nel Toth",
                          ["Sol Ring", "Sol Ring", "Cultivate"] + ["Relentless Rats"] * 20
                          + ["Nazgûl"] * 9 + ["Seven Dwarves"] * 1)
    report = run(text, "team-commander", db, banlists)
    copies = find(report, "copies")
    assert [f.card for f in copies] == ["Sol Ring"]
    assert "2 copies" in copies[0].message and "at most 1" in copies[0].message
    assert find(report, "identity")[0].card == "Seven Dwarves"


def test_commander_counts_as_its_copy(db, banlists):
    """tc-1-1: the commander is the deck's one copy of that card."""
    text = commander_list("Meren of Clan Nel Toth", ["Meren of Clan Nel Toth"])
    report = run(text, "team-commander", db, banlists)
    assert [f.card for f in find(report, "copies")] == ["Meren of Clan Nel Toth"]


def test_commander_must_be_legendary_creature(db, banlists):
    """sw-2-1: Sol Ring cannot be a commander; Teferi says he can; a list with none fails."""
    report = run(commander_list("Sol Ring", ["Cultivate"]), "swarm", db, banlists)
    (bad,) = find(report, "commander")
    assert bad.card == "Sol Ring" and "cannot be a commander" in bad.message
    teferi = run(commander_list("Teferi, Temporal Archmage", ["Counterspell"], basic="Island"),
                 "swarm", db, banlists)
    assert teferi.verdict == LEGAL, teferi.to_text()
    none = run("100 Swamp\n", "swarm", db, banlists)
    assert none.verdict == NOT_LEGAL and find(none, "commander")


@pytest.mark.parametrize(
    ("pair", "ok"),
    [
        (("Thrasios, Triton Hero", "Tymna the Weaver"), True),
        (("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"), True),
        (("Karlach, Fury of Avernus", "Raised by Giants"), True),
        (("Pir, Imaginative Rascal", "Thrasios, Triton Hero"), False),
        (("Meren of Clan Nel Toth", "Tymna the Weaver"), False),
        (("Meren of Clan Nel Toth", "Raised by Giants"), False),
    ],
)
def test_two_commanders(db, banlists, pair, ok):
    """tc-1-1: two commanders only as Partner, Partner with, or Choose a Background pairs."""
    text = "Commander\n" + "".join(f"1 {c}\n" for c in pair) + "Deck\n98 Wastes\n"
    report = run(text, "team-commander", db, banlists)
    assert report.commanders == list(pair)
    if ok:
        assert report.verdict == LEGAL, report.to_text()
    else:
        assert report.verdict == NOT_LEGAL
        assert find(report, "partner") or find(report, "commander")


def test_vehicle_commander(db, banlists):
    """tc-1-1: a legendary Vehicle with power and toughness may lead a deck (since 2025)."""
    text = ("#! Parhelion II | {6}{W}{W} | Legendary Artifact — Vehicle | 5/5\n"
            "#! Mox Amber | {0} | Legendary Artifact\n"
            "1 Parhelion II [Commander]\n99 Plains\n")
    assert run(text, "team-commander", db, banlists).verdict == LEGAL
    mox = run(text.replace("1 Parhelion II [Commander]", "1 Mox Amber [Commander]")
              .replace("99 Plains", "1 Parhelion II\n98 Plains"), "team-commander", db,
              banlists)
    assert find(mox, "commander")[0].card == "Mox Amber"


def test_background_beside_an_unknown_partner(db, banlists):
    """tc-1-1: a Background next to a creature with no facts is not called illegal."""
    text = "Commander\n1 Someone Unknown\n1 Raised by Giants\nDeck\n98 Forest\n"
    report = run(text, "team-commander", db, banlists)
    assert report.verdict == NOT_CHECKED
    assert not find(report, "commander")


def test_ante_cards_by_text(db, banlists):
    """tc-1-5: a card that mentions ante is banned even when the list does not name it."""
    scryfall = {"object": "card", "name": "Made-Up Ante Card", "mana_cost": "{B}", "cmc": 1,
                "type_line": "Sorcery", "colors": ["B"], "color_identity": ["B"],
                "oracle_text": "Remove this card from your deck before playing if you're not "
                               "playing for ante.\nExchange ownership of two cards in the ante."}
    cards = db.merge(cards_from_scryfall(scryfall))
    deck = Decklist.from_text(commander_list("Meren of Clan Nel Toth", ["Made-Up Ante Card"]))
    report = check(deck, "team-commander", cards, banlists)
    (banned,) = find(report, "banned")
    assert banned.card == "Made-Up Ante Card" and "ante" in banned.message


def test_background_alone_is_not_a_commander(db, banlists):
    """tc-1-1: a Background is a commander only beside a Choose a Background creature."""
    report = run(commander_list("Raised by Giants", [], basic="Forest"),
                 "team-commander", db, banlists)
    assert find(report, "commander")[0].card == "Raised by Giants"


def test_friends_forever_from_annotations(db, banlists):
    """tc-1-1: Friends forever pairs read from the list's own card-facts annotations."""
    text = ("#! Will the Wise | {1}{U} | Legendary Creature — Human | 1/3 | friends_forever\n"
            "#! Max the Daredevil | {1}{R} | Legendary Creature — Human | 2/2 | "
            "friends_forever\n"
            "1 Will the Wise [Commander]\n1 Max the Daredevil [Commander]\n"
            "98 Wastes\n")
    report = run(text, "team-commander", db, banlists)
    assert report.verdict == LEGAL, report.to_text()
    assert report.commanders == ["Will the Wise", "Max the Daredevil"]


def test_three_commanders(db, banlists):
    """tc-1-1: no more than two commanders."""
    text = ("Commander\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n1 Meren of Clan Nel Toth\n"
            "Deck\n97 Wastes\n")
    report = run(text, "team-commander", db, banlists)
    assert report.verdict == NOT_LEGAL
    assert "3 commanders" in find(report, "commander")[0].message


def test_companion(db, banlists):
    """sw-2-1: a companion is outside the 100; its condition is checked from the card data
    (Lurrus: every permanent card, the commander too, has mana value 2 or less, so Tymna at 3
    breaks it); Lutri is banned as a companion; a card with no companion ability cannot be
    one."""
    base = commander_list("Tymna the Weaver", ["Sol Ring"], basic="Plains")
    lurrus = run(base + "Companion\n1 Lurrus of the Dream-Den\n", "swarm", db, banlists)
    assert lurrus.size == 100
    assert lurrus.verdict == NOT_LEGAL
    assert codes(lurrus) == ["companion-condition"]
    assert "Tymna the Weaver" in find(lurrus, "companion-condition")[0].message
    assert "Sol Ring" not in find(lurrus, "companion-condition")[0].message
    lutri = run(base + "1 Lutri, the Spellchaser [Companion]\n", "swarm", db, banlists)
    assert lutri.verdict == NOT_LEGAL
    assert "banned-as-companion" in codes(lutri)
    assert "identity" in codes(lutri)  # blue-red is outside Tymna's white-black
    bolt = run(base + "Companion\n1 Swords to Plowshares\n", "swarm", db, banlists)
    assert "companion" in codes(bolt, ERROR)


def test_lutri_is_fine_in_the_deck(db, banlists):
    """sw-2-1: Lutri is banned only as a companion."""
    text = commander_list("Thrasios, Triton Hero", ["Lutri, the Spellchaser"], basic="Island")
    text = text.replace("Commander\n", "Commander\n1 Toothy, Imaginary Friend\n", 1)
    report = run(text.replace("98 Island", "97 Island"), "swarm", db, banlists)
    assert "banned" not in codes(report)


def test_unknown_cards_are_listed_not_passed(db, banlists):
    """sw-2-1: cards without facts are listed as not checked, with "did you mean"."""
    text = commander_list("Meren of Clan Nel Toth",
                          ["Lightening Bolt", "Some Homebrew Card", "Cultivate"])
    report = run(text, "swarm", db, banlists)
    assert report.verdict == NOT_CHECKED
    unknown = find(report, "unknown-card")
    assert [f.card for f in unknown] == ["Lightening Bolt", "Some Homebrew Card"]
    assert unknown[0].suggestions == ("Lightning Bolt",)
    assert all(f.severity == UNCHECKED for f in unknown)
    assert report.unchecked == ["Lightening Bolt", "Some Homebrew Card"]


def test_unknown_commander_skips_identity(db, banlists):
    """sw-2-1: with no facts for the commander, identity is not checked for any card."""
    report = run(commander_list("Someone Unknown", ["Lightning Bolt"]), "swarm", db, banlists)
    assert report.verdict == NOT_CHECKED
    assert "identity" not in codes(report)
    assert "identity-skipped" in codes(report)


def test_basic_lands_without_facts(db, banlists):
    """sw-2-1: basic lands missing from the facts get their land type's identity."""
    report = run(commander_list("Meren of Clan Nel Toth", ["Island"], basic="Forest"),
                 "swarm", db, banlists)
    (off,) = find(report, "identity")
    assert off.card == "Island"


def test_reader_problems_in_their_own_group(db, banlists):
    """sw-2-1: unreadable lines are listed in the "how the list was read" group, after the
    problems, with their line numbers."""
    text = commander_list("Meren of Clan Nel Toth", ["Lightning Bolt"]) + "-1 Sol Ring\n"
    report = run(text, "swarm", db, banlists)
    groups = report.groups()
    assert [key for key, _, _ in groups] == ["identity", "read"]
    first = groups[-1][2][0]
    assert first.code == "reader" and first.line == text.count("\n")
    assert first.rule == READER_ANCHOR
    assert report.verdict == NOT_LEGAL
    clean = run(commander_list("Meren of Clan Nel Toth", []) + "-1 Sol Ring\n", "swarm", db,
                banlists)
    assert clean.verdict == NOT_CHECKED


# -- ban lists of the Commander formats --------------------------------------------------------


def test_swarm_official_list_and_survivor_opt_in(db, banlists):
    """sw-15-1: the official list is enforced; the Survivor list only as opt-in warnings."""
    cards = ["Black Lotus", "Elesh Norn, Grand Cenobite", "Backup Plan"]
    text = commander_list("Tymna the Weaver", cards, basic="Plains")
    plain = run(text, "swarm", db, banlists)
    banned = find(plain, "banned")
    assert [f.card for f in banned] == ["Black Lotus", "Backup Plan"]
    assert "Conspiracy" in banned[1].message
    assert "survivor-list" not in codes(plain)
    warned = run(text, "swarm", db, banlists, survivor_warnings=True)
    (warning,) = find(warned, "survivor-list")
    assert warning.card == "Elesh Norn, Grand Cenobite"
    assert warning.severity == WARNING and warning.rule == "swarm/#sw-15-1"


def test_commander_horde_bans(db, banlists):
    """hs-1-4: Commander Horde applies the Survivor list (and, hs-1-2, the official list)."""
    text = commander_list("Tymna the Weaver", ["Moat", "Black Lotus"], basic="Plains")
    report = run(text, "commander-horde", db, banlists)
    banned = {f.card: f.rule for f in find(report, "banned")}
    assert banned == {"Moat": "horde/#hs-1-4", "Black Lotus": "horde/#hs-1-2"}


def test_team_commander_list(db, banlists):
    """tc-1-5, tc-5-1: official list, extra turns and take-over-a-turn cards are banned."""
    cards = ["Black Lotus", "Time Warp", "Mindslaver", "Backup Plan"]
    text = commander_list("Thrasios, Triton Hero", cards, basic="Island")
    report = run(text.replace("Commander\n", "Commander\n1 Tymna the Weaver\n", 1)
                 .replace("95 Island", "94 Island"), "team-commander", db, banlists)
    banned = {f.card: f for f in find(report, "banned")}
    assert set(banned) == {"Black Lotus", "Time Warp", "Mindslaver", "Backup Plan"}
    assert banned["Black Lotus"].rule == "team-commander/#tc-1-5"
    assert "official" in banned["Black Lotus"].message
    assert banned["Time Warp"].rule == "team-commander/#tc-5-1"
    assert banned["Mindslaver"].rule == "team-commander/#tc-5-1"


def test_team_commander_sideboard(db, banlists):
    """tc-1-3: sideboards are not allowed, in any way a list marks them."""
    base = commander_list("Meren of Clan Nel Toth", ["Sol Ring"])
    for text in (base + "SB: 1 Cultivate\n", base + "Sideboard\n1 Cultivate\n1 Counterspell\n",
                 base.replace("1 Sol Ring", "1 Sol Ring\n1 Cultivate [Sideboard]")):
        report = run(text, "team-commander", db, banlists)
        side = find(report, "sideboard")
        assert side and all(f.severity == ERROR and f.rule == "team-commander/#tc-1-3"
                            for f in side)
        assert side[0].card == "Cultivate"
        assert report.verdict == NOT_LEGAL
    swarm = run(base + "SB: 1 Cultivate\n", "swarm", db, banlists)
    assert swarm.verdict == LEGAL and "sideboard" in codes(swarm, INFO)


def test_many_findings_of_one_kind_are_listed_up_to_the_cap_then_summed(db, banlists):
    """tc-1-3: a sideboard of thousands of lines (a pasted megabyte) lists the first
    MAX_FINDINGS_PER_KIND lines by number, then one finding for the rest with their count and
    line range; the rest still count towards the verdict."""
    from pyengine.legality import MAX_FINDINGS_PER_KIND as CAP

    base = commander_list("Meren of Clan Nel Toth", ["Sol Ring"])
    extra = 2 * CAP + 37
    text = base + "Sideboard\n" + "1 Cultivate\n" * (CAP + extra)
    first_line = base.count("\n") + 2
    report = run(text, "team-commander", db, banlists)
    side = find(report, "sideboard")
    assert len(side) == CAP + 1 and report.verdict == NOT_LEGAL
    listed, summary = side[:CAP], side[CAP]
    assert [f.line for f in listed] == list(range(first_line, first_line + CAP))
    assert summary.severity == ERROR and summary.rule == "team-commander/#tc-1-3"
    assert f"and {extra:,} more lines" in summary.message
    assert f"{first_line + CAP}–{first_line + CAP + extra - 1}" in summary.message
    few = run(base + "Sideboard\n" + "1 Cultivate\n" * 3, "team-commander", db, banlists)
    assert len(find(few, "sideboard")) == 3  # under the cap: every line, no summary


def test_banned_as_commander(db, banlists):
    """tc-1-2: a card banned only as a commander may be in the deck, not the commander."""
    as_commander = run(commander_list("Braids, Cabal Minion", ["Sol Ring"]),
                       "team-commander", db, banlists,
                       playgroup_banned_as_commander=("Braids, Cabal Minion",))
    assert as_commander.verdict == NOT_LEGAL
    (finding,) = find(as_commander, "banned-as-commander")
    assert finding.rule == "team-commander/#tc-1-2" and finding.card == "Braids, Cabal Minion"
    in_deck = run(commander_list("Meren of Clan Nel Toth", ["Braids, Cabal Minion"]),
                  "team-commander", db, banlists,
                  playgroup_banned_as_commander=("Braids, Cabal Minion",))
    assert in_deck.verdict == LEGAL, in_deck.to_text()


def test_banned_as_commander_from_the_list_file(db, banlists):
    """tc-1-2: entries in the list's [banned-as-commander] section work the same way."""
    extra = BanList.from_text("[banned-as-commander]\nBraids, Cabal Minion\n")
    lists = dict(banlists, **{"team-commander": banlists["team-commander"].merged(extra)})
    report = run(commander_list("Braids, Cabal Minion", ["Sol Ring"]), "team-commander", db,
                 lists)
    assert find(report, "banned-as-commander")
    deck = run(commander_list("Meren of Clan Nel Toth", ["Braids, Cabal Minion"]),
               "team-commander", db, lists)
    assert deck.verdict == LEGAL


def test_playgroup_bans(db, banlists):
    """tc-1-5: a playgroup's own additions are banned too."""
    report = run(commander_list("Meren of Clan Nel Toth", ["Cultivate"]), "team-commander", db,
                 banlists, playgroup_banned=("cultivate",))
    (finding,) = find(report, "banned")
    assert finding.card == "Cultivate" and "playgroup" in finding.message


def test_missing_ban_list_is_not_checked(db, banlists):
    """hs-1-4: a ban list the caller did not supply makes the verdict "not checked"."""
    lists = {k: v for k, v in banlists.items() if k != "horde-survivor"}
    report = run("40 Plains\n", "horde", db, lists)
    assert report.verdict == NOT_CHECKED


# -- Scryfall facts, formats, output ----------------------------------------------------------


def test_commander_tags_from_oracle_text():
    """tc-1-1: pairing and commander abilities are read from Oracle text."""
    assert commander_tags("Partner with Toothy, Imaginary Friend (When this ...)") == (
        "partner_with=Toothy, Imaginary Friend",)
    assert commander_tags("Flying\nPartner (You can have two commanders ...)") == ("partner",)
    assert commander_tags("X can be your commander.") == ("can_be_commander",)
    assert commander_tags("Partner—Survivors (You can have two commanders if both have "
                          "this ability.)") == ("partner_group=Survivors",)
    assert commander_tags("Choose a Background (You can ...)") == ("choose_a_background",)
    assert commander_tags("Companion — Each nonland card ...") == ("companion",)


def test_cards_from_scryfall_tags(db):
    """tc-1-1: Scryfall keywords are replaced by tags read from the text."""
    pir = db["Pir, Imaginative Rascal"]
    assert pir.tag_value("partner_with") == "Toothy, Imaginary Friend"
    assert not pir.has_tag("partner")
    assert db["Teferi, Temporal Archmage"].has_tag("can_be_commander")
    assert db["Nazgul"].name == "Nazgûl"


def test_find_format():
    """tc-1-1: formats are found by key or alias, any case."""
    assert find_format("Team Commander").key == "team-commander"
    assert find_format("LH").key == "limited-horde"
    with pytest.raises(KeyError):
        find_format("modern")
    assert set(FORMATS) == {"horde", "commander-horde", "limited-horde", "swarm",
                            "team-commander"}


def test_report_output(db, banlists):
    """hs-1-1: the report has a text and a JSON form that name the rule."""
    report = run("5 Lightning Bolt\n35 Mountain\n", "horde", db, banlists)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["verdict"] == NOT_LEGAL
    assert data["findings"][0]["rule"] == "horde/#hs-1-1"
    assert "line 1: Lightning Bolt: 5 copies" in report.to_text()
    assert "[HS 1.1: horde/#hs-1-1]" in report.to_text()
    assert report.findings[0].rule_label == "HS 1.1"


def _site_anchors() -> set[str]:
    anchors: set[str] = set()
    for page in ("horde", "limited-horde", "swarm", "team-commander"):
        text = (ROOT / "docs" / page / "index.md").read_text("utf-8")
        for marker in re.findall(r"\[\[([A-Z]+ [\d.]+)\]\]", text):
            anchors.add(f"{page}/#" + re.sub(r"[ .]", "-", marker.casefold()))
    page = ROOT / "docs" / "play" / "check.md"
    for anchor in re.findall(r"\{ #([a-z0-9-]+) \}", page.read_text("utf-8")):
        anchors.add(f"play/check/#{anchor}")
    return anchors


def test_every_rule_link_exists(db, banlists):
    """hs-1-1: every rule address a finding can give is a real anchor on the site."""
    anchors = _site_anchors()
    lists = [
        ("horde", "0 Sol Ring\n5 Lightning Bolt\n1 Moat\n1 Platinum Angle\nSB: 1 Island\n"),
        ("limited-horde", "1 Lightning Bolt\n"),
        ("commander-horde", commander_list("Tymna the Weaver", ["Moat", "Black Lotus"])),
        ("swarm", commander_list("Sol Ring", ["Lightning Bolt", "Elesh Norn, Grand Cenobite",
                                              "Unknown Card"], total=99)
         + "Companion\n1 Lurrus of the Dream-Den\nMaybeboard\n1 Island\n"),
        ("team-commander", commander_list("Braids, Cabal Minion",
                                          ["Time Warp", "Black Lotus", "Cultivate"])
         + "SB: 1 Island\n"),
    ]
    used = {fmt.deck_rule for fmt in FORMATS.values()}
    used |= {rule for fmt in FORMATS.values() for _, rule in fmt.banlists}
    used |= {fmt.sideboard_rule for fmt in FORMATS.values() if fmt.sideboard_rule}
    used |= {fmt.banned_as_commander_rule for fmt in FORMATS.values()
             if fmt.banned_as_commander_rule}
    for fmt, text in lists:
        report = run(text, fmt, db, banlists, survivor_warnings=True,
                     playgroup_banned=("Cultivate",),
                     playgroup_banned_as_commander=("Braids, Cabal Minion",))
        assert report.findings
        used |= {f.rule for f in report.findings}
    missing = sorted(rule for rule in used if rule not in anchors)
    assert not missing, missing


@pytest.mark.parametrize("fmt, words", [
    ("horde", "frees only basic lands"),
    ("commander-horde", "this site's reading"),
    ("limited-horde", "not its words"),
])
def test_checks_beyond_the_source_are_labelled(fmt, words):
    """hs-1-1, hs-1-2, lh-1-5: where the check applies more than the source says (any-number
    cards, the official Commander list, Limited deck size and copies), the result says so."""
    assert any(words in note for note in FORMATS[fmt].notes)

# -- with the full card data (decks/card-facts.tsv.gz) ----------------------------------------

KRENKO = ROOT / "bench" / "data" / "krenko-commander.txt"


@pytest.fixture(scope="module")
def full_db() -> CardDB:
    return files.load_full_card_db()


def krenko_entries() -> list[str]:
    deck = Decklist.from_text(KRENKO.read_text(encoding="utf-8"))
    return [f"{e.count} {e.name}" for e in deck.entries]


def test_real_commander_deck_is_legal_with_full_data(full_db, banlists):
    """tc-1-1, sw-2-1: a real 100-card deck whose every card is in the full data is legal, with
    its marked commander."""
    report = run(KRENKO.read_text(encoding="utf-8"), "team-commander", full_db, banlists)
    assert report.verdict == LEGAL, report.to_text()
    assert report.commanders == ["Krenko, Mob Boss"] and report.commander_source == "marked"
    assert report.size == 100 and report.unchecked == []


def test_commander_on_the_first_line_is_assumed_and_said(full_db, banlists):
    """sw-2-1: an unmarked list whose first line is a legendary creature (Moxfield's plain
    export) is checked with it as the commander, and the report says so and why."""
    report = run("\n".join(krenko_entries()) + "\n", "swarm", full_db, banlists)
    assert report.verdict == LEGAL, report.to_text()
    assert report.commanders == ["Krenko, Mob Boss"]
    assert report.commander_source == "assumed"
    (said,) = find(report, "commander-assumed")
    assert said.severity == INFO and "first line" in said.message
    assert report.proposals[0] == ["Krenko, Mob Boss"] and len(report.proposals) > 1


def test_lone_block_after_a_blank_line_is_the_commander(full_db, banlists):
    """sw-2-1: a lone card after a blank line at the end of the list is the commander."""
    lines = krenko_entries()
    text = "# exported\n" + "\n".join(lines[1:]) + "\n\n1 Krenko, Mob Boss\n"
    report = run(text, "swarm", full_db, banlists)
    assert report.verdict == LEGAL, report.to_text()
    assert report.commanders == ["Krenko, Mob Boss"] and report.commander_source == "assumed"
    assert "block" in find(report, "commander-assumed")[0].message


def test_player_choice_overrides_the_proposal(full_db, banlists):
    """tc-1-1: the player's "this is my commander" is checked as the commander."""
    text = "\n".join(krenko_entries()) + "\n"
    report = run(text, "team-commander", full_db, banlists,
                 commanders=("Muxus, Goblin Grandee",))
    assert report.commanders == ["Muxus, Goblin Grandee"]
    assert report.commander_source == "chosen" and report.size == 100


def test_no_commander_is_an_error_only_when_nothing_can_be_one(full_db, banlists):
    """tc-1-1: with no legendary creature at all, "no commander" is an error."""
    report = run("1 Sol Ring\n98 Mountain\n1 Lightning Bolt\n", "team-commander", full_db,
                 banlists)
    assert report.verdict == NOT_LEGAL
    assert "commander" in codes(report, ERROR) and report.proposals == []


def test_verdict_groups_and_rule_anchors(full_db, banlists):
    """tc-1-1, tc-1-5: one line per problem, grouped banned / identity / copies / size, each
    with its rule; Mana Crypt (known by name only) unknown; how the list was read last."""
    text = ("Commander\n1 Krenko, Mob Boss\nDeck\n1 Mana Crypt\n1 Counterspell\n2 Sol Ring\n"
            "0 Shock\n50 Mountain\n")
    report = run(text, "team-commander", full_db, banlists)
    keys = [key for key, _, _ in report.groups()]
    assert keys == ["banned", "identity", "copies", "size", "unknown", "read"]
    assert all(f.rule for f in report.findings)
    assert report.verdict == NOT_LEGAL


def test_unknown_cards_in_every_format(full_db, banlists):
    """hs-1-1, lh-1-5, tc-1-1: a card the data does not know is an "unknown card" in every
    format, with a hint, and the deck is never called legal."""
    for fmt, text in [("horde", "1 Goblin Kingg\n39 Mountain\n"),
                      ("limited-horde", "1 Goblin Kingg\n39 Mountain\n"),
                      ("team-commander", "\n".join(krenko_entries()[:-1])
                       + "\n13 Mountain\n1 Goblin Kingg\n")]:
        report = run(text, fmt, full_db, banlists)
        (unknown,) = find(report, "unknown-card")
        assert "unknown card" in unknown.message and "Goblin King" in unknown.suggestions
        assert report.verdict == NOT_CHECKED, (fmt, report.to_text())
        assert report.unchecked == ["Goblin Kingg"]


def test_banned_card_known_by_name_only(full_db, banlists):
    """tc-1-5: a banned card the card data holds by name only is still banned; its identity
    is reported as not checked, never passed."""
    text = "Commander\n1 Krenko, Mob Boss\nDeck\n1 Black Lotus\n98 Mountain\n"
    report = run(text, "team-commander", full_db, banlists)
    assert "banned" in codes(report, ERROR)
    assert "no-facts" in codes(report, UNCHECKED)


def test_deck_building_exceptions_from_the_data(full_db, banlists):
    """tc-1-1: 'any number of cards named' and 'up to seven' come from the card data."""
    from pyengine.cards import CardFacts
    extra = CardDB([CardFacts("Test Rat", type_line="Creature — Rat", color_identity="B",
                              tags=("any_number",)),
                    CardFacts("Test Dwarf", type_line="Creature — Dwarf", color_identity="R",
                              tags=("copy_limit=7",))])
    db = full_db.merge(extra)
    text = "Commander\n1 Kardur, Doomscourge\nDeck\n30 Test Rat\n8 Test Dwarf\n61 Swamp\n"
    report = run(text, "swarm", db, banlists)
    (copies,) = find(report, "copies")
    assert copies.card == "Test Dwarf" and "at most 7" in copies.message


def test_digital_only_and_scryfall_banned(full_db, banlists):
    """tc-1-1: a card that exists only on Arena or MTGO is not legal on paper; a card
    Scryfall's legalities mark banned in Commander is banned even off the shipped list."""
    from pyengine.cards import CardFacts
    extra = CardDB([CardFacts("A-Test Card", type_line="Creature — Elf", color_identity="R",
                              tags=("games=am",)),
                    CardFacts("New Banned Card", type_line="Artifact",
                              tags=("commander=banned",))])
    text = ("Commander\n1 Krenko, Mob Boss\nDeck\n1 A-Test Card\n1 New Banned Card\n"
            "97 Mountain\n")
    report = run(text, "team-commander", full_db.merge(extra), banlists)
    assert {f.card for f in find(report, "digital-only")} == {"A-Test Card"}
    assert "MTG Arena and MTGO" in find(report, "digital-only")[0].message
    assert {f.card for f in find(report, "banned")} == {"New Banned Card"}


_NAMES = ["Krenko, Mob Boss", "Sol Ring", "Mountain", "Black Lotus", "Fire // Ice", "Ice",
          "Lurrus of the Dream-Den", "Kraum, Ludevic's Opus", "Tymna the Weaver",
          "Acolyte of Bahamut", "Wilson, Refined Grizzly", "Goblin Kingg", "Relentless Rats",
          "Seven Dwarves", "Nazgûl", "Shorikai, Genesis Engine", "The Tenth Doctor",
          "Amy Pond", "Backup Plan", "Zombie"]
_LINES = st.one_of(
    st.builds(lambda n, c: f"{c} {n}", st.sampled_from(_NAMES), st.integers(0, 120)),
    st.sampled_from(["Commander", "Deck", "Sideboard", "Companion", "Maybeboard", "",
                     "// Lands", "SB: 1 Sol Ring", "1x Tymna the Weaver [Commander]",
                     "1 Krenko, Mob Boss *CMDR*", "[Main]", "#! Homebrew | {R} | Creature"]),
    st.text(max_size=20),
)


@given(lines=st.lists(_LINES, max_size=25), fmt=st.sampled_from(sorted(FORMATS)),
       chosen=st.lists(st.sampled_from(_NAMES), max_size=2))
@settings(max_examples=examples(60), deadline=None)
def test_check_never_raises_and_never_passes_unknown_cards(full_db, banlists, lines, fmt,
                                                           chosen):
    """tc-1-1, hs-1-1: for any list in any format, with or without a chosen commander, the
    check answers; a deck with an unknown card or an unreadable line is never "legal"."""
    deck = Decklist.from_text("\n".join(lines))
    db = full_db.merge(CardDB.from_annotations(deck))
    report = check(deck, fmt, db, banlists, Options(commanders=tuple(chosen)))
    assert report.verdict in (LEGAL, NOT_LEGAL, NOT_CHECKED)
    if report.unchecked or deck.problems:
        assert report.verdict != LEGAL
    assert all(f.rule for f in report.findings)
    json.dumps(report.to_dict())


# -- round 3: tokens, rule-stated bans, digital-only cards, companions, proposals -------------


@pytest.fixture(scope="module")
def full() -> CardDB:
    """The committed full card data with the shipped facts (as the CLI and the page use)."""
    return files.load_full_card_db()


def test_tokens_are_left_out_of_every_count(full, banlists):
    """hs-1-1: a token is not a card (CR 108.2): a Survivor deck padded to 40 with tokens is
    not legal, and the size finding and a note say the tokens were not counted."""
    text = "4 Lightning Bolt\n32 Mountain\n3 Zombie\n1 Goblin Token\n"
    report = run(text, "horde", full, banlists)
    assert report.verdict == NOT_LEGAL and report.size == 36
    size = find(report, "size")[0]
    assert "tokens" in size.message and size.rule == "horde/#hs-1-1"
    note = find(report, "token")[0]
    assert "Zombie" in note.message and "Goblin Token" in note.message
    assert "108.2" in note.message
    limited = run(text, "limited-horde", full, banlists)
    assert limited.verdict == NOT_LEGAL and limited.size == 36
    commander = commander_list("Krenko, Mob Boss", ["Zombie"], basic="Mountain")
    assert run(commander, "team-commander", full, banlists).size == 99


def test_a_horde_deck_pasted_is_told_where_it_goes(full, banlists):
    """hs-10: a list that is mostly tokens is a Horde's own deck: the check says so and where
    the Horde runner is, and never counts the tokens as Survivor cards."""
    text = files.load_deck("horde-knudson-zombies-2011").to_text()
    report = run(text, "horde", full, banlists)
    hint = find(report, "horde-deck")
    assert hint and "Horde deck" in hint[0].message and "play/horde" in hint[0].message
    assert hint[0].rule == "horde/#hs-10"


def test_team_commander_rule_ban_is_read_from_card_data(full, banlists):
    """tc-5-1: every card the card data marks as giving an extra turn or taking over a turn is
    banned in Team Commander with rule 5.1 cited, including cards no hand-kept list names
    (Teferi, Master of Time; The Dominion Bracelet), and a card typed into the list with the
    tag is banned too."""
    names = ["Teferi, Master of Time", "The Dominion Bracelet", "Time Warp"]
    tc = banlists["team-commander"]
    assert not tc.contains("Teferi, Master of Time") and not tc.contains("The Dominion Bracelet")
    text = ("#! Brand New Turn | {3}{U} | Sorcery | | extra_turn\n"
            + commander_list("Kenrith, the Returned King", names + ["Brand New Turn"]))
    report = run(text, "team-commander", full, banlists)
    banned = {f.card: f for f in find(report, "banned")}
    for name in names + ["Brand New Turn"]:
        assert banned[name].rule == "team-commander/#tc-5-1", name
    assert "extra turn" in banned["Teferi, Master of Time"].message
    assert "control another player's turn" in banned["The Dominion Bracelet"].message
    swarm = run(text, "swarm", full, banlists)
    assert "Teferi, Master of Time" not in {f.card for f in find(swarm, "banned")}


def test_rule_ban_tags_from_scryfall_lookups():
    """tc-5-1: a card looked up on Scryfall gets the same tags from its text."""
    db = cards_from_scryfall([
        {"name": "Test Skip", "type_line": "Sorcery", "mana_cost": "{1}{U}",
         "oracle_text": "Target player takes two extra turns after this one."},
        {"name": "Test Stop", "type_line": "Enchantment", "mana_cost": "{2}",
         "oracle_text": "If a player would begin an extra turn, that player skips it instead. "
                        "Players can't take extra turns."},
        {"name": "Test Puppet", "type_line": "Artifact", "mana_cost": "{4}",
         "oracle_text": "{T}: You control target player during that player's next turn."},
    ])
    assert db["Test Skip"].has_tag("extra_turn") and not db["Test Skip"].has_tag("controls_turn")
    assert not db["Test Stop"].has_tag("extra_turn")
    assert db["Test Puppet"].has_tag("controls_turn")


def test_alchemy_cards_are_digital_only_not_unknown(full, banlists):
    """tc-1-1: an Alchemy 'A-' card is not legal on paper; never an unknown card with a "did
    you mean" pointing at the paper card."""
    text = commander_list("Kenrith, the Returned King", ["A-Luminarch Aspirant"])
    report = run(text, "team-commander", full, banlists)
    digital = find(report, "digital-only")
    assert [f.card for f in digital] == ["A-Luminarch Aspirant"]
    assert "not legal on paper" in digital[0].message and digital[0].suggestions == ()
    assert not find(report, "unknown-card") and report.verdict == NOT_LEGAL
    arena = cards_from_scryfall([{"name": "Test Arena Card", "type_line": "Creature",
                                  "mana_cost": "{G}", "games": ["arena"]}])
    text = commander_list("Kenrith, the Returned King", ["Test Arena Card"])
    report = run(text, "swarm", full.merge(arena), banlists)
    assert "not legal on paper" in find(report, "digital-only")[0].message


def companion_deck(commander: str, cards: list[str], companion: str, basic: str = "Plains",
                   style: str = "section") -> str:
    text = commander_list(commander, cards, basic=basic)
    if style == "mtgo":
        main = text.split("Deck\n", 1)[1]
        return main + f"SB: 1 {commander}\nSB: 1 {companion}\n"
    return text + f"\nCompanion\n1 {companion}\n"


@pytest.mark.parametrize(("companion", "commander", "good", "bad", "basic"), [
    ("Lurrus of the Dream-Den", "Ayli, Eternal Pilgrim", ["Sol Ring", "Wrath of God"],
     ["Tymna the Weaver"], "Plains"),
    ("Gyruda, Doom of Depths", "Atraxa, Praetors' Voice", ["Counterspell"], ["Sol Ring"],
     "Island"),
    ("Jegantha, the Wellspring", "Kenrith, the Returned King", ["Swords to Plowshares"],
     ["Wrath of God"], "Plains"),
    ("Kaheera, the Orphanguard", "Arahbo, Roar of the World", ["Savannah Lions"],
     ["Llanowar Elves"], "Forest"),
    ("Keruga, the Macrosage", "Kenrith, the Returned King", ["Cultivate"], ["Sol Ring"],
     "Forest"),
    ("Obosh, the Preypiercer", "Kenrith, the Returned King", ["Lightning Bolt"],
     ["Arcane Signet"], "Mountain"),
    ("Umori, the Collector", "Kenrith, the Returned King", ["Llanowar Elves"], ["Cultivate"],
     "Forest"),
])
def test_companion_conditions_are_checked(full, banlists, companion, commander, good, bad,
                                          basic):
    """sw-2-1: each companion's deck-building condition is read from the card data and
    checked over the starting deck (commander included): a deck that meets it is legal, one
    card that breaks it is named."""
    ok = run(companion_deck(commander, good, companion, basic), "swarm", full, banlists)
    condition = find(ok, "companion-condition")
    assert ok.verdict == LEGAL, ok.to_text()
    assert condition and condition[0].severity == INFO and "met" in condition[0].message
    broken = run(companion_deck(commander, good + bad, companion, basic), "swarm", full,
                 banlists)
    assert broken.verdict == NOT_LEGAL, broken.to_text()
    failed = find(broken, "companion-condition")[0]
    assert failed.severity == ERROR and bad[-1] in failed.message


def test_yorion_and_zirda_in_commander(full, banlists):
    """sw-2-1: Yorion asks for 20 cards over the minimum, which a 100-card Commander deck never
    has; Zirda's condition needs activated abilities, which the card data does not record, so
    the verdict says it was not checked (never "legal")."""
    yorion = run(companion_deck("Kenrith, the Returned King", [], "Yorion, Sky Nomad"),
                 "swarm", full, banlists)
    assert yorion.verdict == NOT_LEGAL and "exactly 100" in find(
        yorion, "companion-condition")[0].message
    zirda = run(companion_deck("Kenrith, the Returned King", ["Sol Ring"],
                               "Zirda, the Dawnwaker"), "swarm", full, banlists)
    assert zirda.verdict == NOT_CHECKED
    assert find(zirda, "companion-condition")[0].severity == UNCHECKED


def test_companion_in_an_mtgo_sideboard_is_not_a_second_commander(full, banlists):
    """tc-1-1, tc-1-3: MTGO keeps the commander and the companion in the sideboard: the
    companion is read as the companion (not a commander, not a forbidden sideboard), its
    identity and condition are checked, and a banned companion is named."""
    text = companion_deck("Ayli, Eternal Pilgrim", ["Sol Ring"], "Lurrus of the Dream-Den",
                          style="mtgo")
    report = run(text, "team-commander", full, banlists)
    assert report.commanders == ["Ayli, Eternal Pilgrim"]
    assert report.verdict == LEGAL, report.to_text()
    assert find(report, "companion-from-sideboard")
    outside = companion_deck("Krenko, Mob Boss", ["Sol Ring"], "Lurrus of the Dream-Den",
                             basic="Mountain", style="mtgo")
    report = run(outside, "team-commander", full, banlists)
    assert report.commanders == ["Krenko, Mob Boss"]
    assert [f.card for f in find(report, "identity")] == ["Lurrus of the Dream-Den"]
    lutri = run(companion_deck("Niv-Mizzet, Parun", [], "Lutri, the Spellchaser",
                               basic="Island"), "swarm", full, banlists)
    assert [f.card for f in find(lutri, "banned-as-companion")] == ["Lutri, the Spellchaser"]


def test_unmarked_list_proposes_the_covering_commander_or_pair(full, banlists):
    """tc-1-1: with no commander marked, the card data picks the candidate whose identity
    covers the rest of the deck over a legendary on the first line that does not (Krenko is
    red, the deck is blue-red), or two partners together; the report says which and why and
    keeps the others as proposals."""
    cards = ["Krenko, Mob Boss", "Sol Ring", "Counterspell", "Lightning Bolt"]
    text = "".join(f"1 {c}\n" for c in cards + ["Niv-Mizzet, Parun"])
    report = run(text + "45 Island\n46 Mountain\n", "swarm", full, banlists)
    assert report.commander_source == "assumed"
    assert report.commanders == ["Niv-Mizzet, Parun"]
    assumed = find(report, "commander-assumed")[0]
    assert "covers" in assumed.message and assumed.rule == "swarm/#sw-2-1"
    assert ["Krenko, Mob Boss"] in report.proposals
    pair = "1 Sol Ring\n1 Thrasios, Triton Hero\n1 Swords to Plowshares\n1 Ponder\n" \
           "1 Tymna the Weaver\n1 Llanowar Elves\n1 Doom Blade\n93 Wastes\n"
    report = run(pair, "swarm", full, banlists)
    assert sorted(report.commanders) == ["Thrasios, Triton Hero", "Tymna the Weaver"]
    assert "together" in find(report, "commander-assumed")[0].message


def test_every_finding_names_its_rule(full, banlists):
    """Every verdict's findings carry a rule anchor on the site (tc-1-1 and the rest)."""
    texts = [(DATA / "decklists" / name).read_text(encoding="utf-8") for name in
             ("archidekt-grouped.txt", "scryfall-deck.csv", "moxfield.csv", "mtgo.txt")]
    for text in texts:
        for fmt in FORMATS:
            for finding in run(text, fmt, full, banlists).findings:
                assert re.fullmatch(r"[a-z-]+/(?:[a-z-]+/)?#[a-z0-9-]+", finding.rule), finding


def test_an_unknown_name_is_never_counted_against_a_limit(db, banlists):
    """tc-1-1, hs-1-1: a name the card data does not identify (a basic land in another
    language) is "not checked", never eight copies of a card over its limit; a known card
    over its limit is still an error."""
    text = commander_list("Meren of Clan Nel Toth", ["Cultivate"], basic="Gebirge")
    report = run(text, "team-commander", db, banlists)
    assert report.verdict == NOT_CHECKED, report.to_text()
    assert "copies" not in codes(report)
    assert [f.card for f in find(report, "unknown-card")] == ["Gebirge"]
    horde = run("60 Llanura\n", "horde", db, banlists)
    assert "copies" not in codes(horde) and horde.verdict == NOT_CHECKED
    assert "copies" in codes(run("55 Llanura\n5 Sol Ring\n", "horde", db, banlists))


def test_a_two_part_name_on_a_ban_list_is_matched_when_both_halves_are_written(db, banlists):
    """tc-1-5: the official list names a flip card by its front; a deck writing both halves
    is still told the card is banned."""
    text = commander_list("Meren of Clan Nel Toth",
                          ["Erayo, Soratami Ascendant // Erayo's Essence"])
    report = run(text, "team-commander", db, banlists)
    assert "Erayo, Soratami Ascendant // Erayo's Essence" in [
        f.card for f in find(report, "banned")], report.to_text()


def test_crowded_paste_check_finds_what_the_golden_holds():
    """tc-1-1, hs-1-1, sw-2-1: the check of a crowded paste (every kind of finding past the cap
    of 100 a kind, the commander marked and not) in every format gives the same verdict, size,
    commanders and findings, in the same order, as the stored golden (a faster check must find
    the same things; ``python scripts/make_golden.py`` rewrites it when wording changes on
    purpose)."""
    from scripts.make_golden import CHECK_OUT, check_golden

    expected = json.loads(CHECK_OUT.read_text(encoding="utf-8"))
    found = check_golden()
    assert list(found) == list(expected)
    for key, report in found.items():
        want = expected[key]
        assert report["findings"] == want["findings"], key
        assert report == want, key
