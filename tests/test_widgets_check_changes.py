"""pyengine/widgets/check_changes.py: what a new release's card data changed for a list checked
before (issue 37, point 6)."""

from __future__ import annotations

from pyengine.widgets.check_changes import changes, view

BEFORE = {"list": "x", "data": "2026-01-10|2026-01-10|", "verdict": "legal", "bracket": "3",
          "marks": {"Mana Vault": "g", "Dockside Extortionist": ""}}


def test_a_new_ban_and_a_card_off_the_list_each_get_a_line():
    now = {**BEFORE, "data": "2026-03-01||", "verdict": "not legal", "bracket": "1-2",
           "marks": {"Dockside Extortionist": "b"}}
    assert changes(BEFORE, now) == [
        "Dockside Extortionist is now banned or not allowed here: verdict legal → not legal",
        "Mana Vault is no longer a Game Changer: bracket 3 → 1-2"]


def test_a_change_no_card_explains_stands_alone():
    now = {**BEFORE, "data": "new", "bracket": "4-5"}
    assert changes(BEFORE, now) == ["With the new card data: bracket 3 → 4-5"]
    assert changes(BEFORE, {**BEFORE, "data": "new"}) == []


def test_the_lines_are_kept_while_the_data_stays_and_not_for_another_list():
    now = {**BEFORE, "data": "new", "marks": {}}
    shown, kept = view(BEFORE, now)
    assert [i.text for i in shown.lists["changes"]] == ["Mana Vault is no longer a Game Changer"]
    again, _ = view(kept, dict(now))
    assert again.lists["changes"] == shown.lists["changes"]
    other, kept_other = view(kept, {**now, "list": "y"})
    assert other.hidden["changes-box"] and kept_other["changes"] == []
