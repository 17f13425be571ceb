"""pyengine/combos.py: the two-card combo list the bracket estimate reads (written by the
importer from Commander Spellbook's data), and its use in pyengine/power.py."""

from __future__ import annotations

import pytest

from pyengine import combos
from pyengine.combos import Combo
from tests.test_power import cards, game_changers

ORACLE = Combo(("Thassa's Oracle", "Demonic Consultation"), "early", ("Win the game",), "1")
SCEPTER = Combo(("Isochron Scepter", "Dramatic Reversal"), "late", ("Infinite mana",), "2")
BLOOD = Combo(("Sanguine Bond", "Exquisite Blood"), "low", ("Infinite lifeloss",), "3")
UNTIMED = Combo(("Kiki-Jiki, Mirror Breaker", "Zealous Conscripts"), "",
                ("Infinite creature tokens",), "4")
LIST = combos.parse(combos.write([ORACLE, SCEPTER, BLOOD, UNTIMED, ORACLE],
                                 {"source": "test", "date": "2026-12-05"}))


def test_write_and_parse_round_trip():
    """Each pair once, sorted by its cards; the header keeps the source, date and count."""
    assert len(LIST) == 4 and LIST.meta == {"source": "test", "date": "2026-12-05",
                                            "combos": "4"}
    oracle = next(c for c in LIST.combos if c.id == "1")
    assert oracle.cards == ("Demonic Consultation", "Thassa's Oracle")
    assert oracle.timing == "early" and oracle.produces == ("Win the game",)


def test_found_in_needs_both_cards():
    assert [c.id for c in LIST.found_in(["Thassa's Oracle", "Island"])] == []
    found = LIST.found_in(["thassa's oracle", "Demonic Consultation", "Sanguine Bond"])
    assert [c.id for c in found] == ["1"]


@pytest.mark.parametrize("line, message", [
    ("A\tB\tsoon\tWin\t1", "line 2: timing 'soon' is not one of"),
    ("A\tB\tearly\tWin", "line 2: expected 5 tab-separated fields, found 4"),
    ("A\t\tearly\tWin\t1", "line 2: empty or padded card name"),
    ("A\t" + "B" * 500 + "\tearly\tWin\t1", "line 2: card name longer than 400"),
])
def test_a_bad_line_is_refused_with_its_number(line, message):
    with pytest.raises(ValueError, match=message):
        combos.parse("# source: x\n" + line + "\n")


def test_a_combo_naming_no_card_is_refused_with_known():
    text = combos.write([ORACLE], {})
    combos.parse(text, known={"thassa's oracle", "demonic consultation"})
    with pytest.raises(ValueError, match="Thassa's Oracle. is not a card in the card data"):
        combos.parse(text, known={"demonic consultation"})


def estimate_with(deck: str, listed=LIST):
    from pyengine.decklist import Decklist
    from pyengine.power import estimate

    meta, names = game_changers()
    return estimate(Decklist.from_text(deck).entries, cards(), names, meta, listed)


def test_an_early_combo_means_bracket_4():
    """Bracket criteria: two-card combos that can win early are for bracket 4 and up."""
    power = estimate_with("1 Thassa's Oracle\n1 Demonic Consultation\n98 Island\n")
    assert power.label == "4-5"
    (reason,) = [r for r in power.reasons if r.criterion != "game_changers"]
    assert reason.criterion == "two_card_combos" and reason.bracket == 4
    assert reason.cards == ["Demonic Consultation + Thassa's Oracle (Win the game)"]
    assert power.combos_source["date"] == "2026-12-05"
    assert not any("combos" in n for n in power.not_checked)


def test_a_late_or_untimed_combo_means_bracket_3_and_a_low_one_is_named_only():
    """None in brackets 1-2; bracket 3 allows them late in the game; a combo the data says
    fits the lower brackets is named without raising the estimate."""
    late = estimate_with("1 Isochron Scepter\n1 Dramatic Reversal\n98 Island\n")
    assert late.label == "3" and late.reasons[0].bracket == 3
    untimed = estimate_with("1 Kiki-Jiki, Mirror Breaker\n1 Zealous Conscripts\n98 Mountain\n")
    assert untimed.label == "3"
    low = estimate_with("1 Sanguine Bond\n1 Exquisite Blood\n98 Swamp\n")
    assert low.label == "1-2" and low.reasons[0].bracket == 1
    assert "named only" in low.reasons[0].text
    side = estimate_with("1 Isochron Scepter\n98 Island\nSideboard\n1 Dramatic Reversal\n")
    assert side.reasons == []


def test_without_the_list_combos_are_not_checked():
    power = estimate_with("1 Thassa's Oracle\n1 Demonic Consultation\n98 Island\n", None)
    assert power.label == "3"  # Thassa's Oracle is a Game Changer; the combo is not seen
    assert [r.criterion for r in power.reasons] == ["game_changers"]
    assert any(n.startswith("two-card combos") for n in power.not_checked)
