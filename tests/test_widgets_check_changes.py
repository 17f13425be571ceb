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


def test_the_suggested_setting_joins_the_bracket_line_when_both_checks_had_one():
    """issue 37, point 6: 'Mana Vault is now a Game Changer: bracket 3 → 4-5; suggested Horde
    setting Classic → Nightmare'; a setting alone stands alone; none before, none compared."""
    before = {**BEFORE, "marks": {}, "setting": "Classic"}
    now = {**BEFORE, "data": "new", "bracket": "4-5", "setting": "Nightmare"}
    assert changes(before, now) == ["Mana Vault is now a Game Changer: bracket 3 → 4-5; "
                                    "suggested Horde setting Classic → Nightmare"]
    assert changes({**BEFORE, "setting": "Classic"}, {**BEFORE, "data": "new",
                                                     "setting": "Story"}) == [
        "With the new card data: suggested Horde setting Classic → Story"]
    assert changes(BEFORE, {**BEFORE, "data": "new", "setting": "Story"}) == []


def test_a_kept_setting_is_carried_rerun_with_new_data_or_waits_for_the_team():
    """issue 37, point 6: the setting is run again only with new data and the same others."""
    from pyengine.widgets.check_changes import carry_setting, others_key, restore

    kept = {**BEFORE, "setting": "Classic", "others": others_key("")}
    now = {**BEFORE}
    assert carry_setting(kept, now, "", lambda: "never") and now["setting"] == "Classic"
    now = {**BEFORE, "data": "new"}
    assert not carry_setting(kept, now, None, lambda: "never") and "setting" not in now
    assert carry_setting(kept, now, "  \n", lambda: "Nightmare") and now["setting"] == "Nightmare"
    now = {**BEFORE, "data": "new"}
    assert carry_setting(kept, now, "1 Sol Ring", lambda: "never") and "setting" not in now
    assert restore(["not", "a", "record"]) == {}
    assert restore({**kept, "changes": "x"})["changes"] == []
