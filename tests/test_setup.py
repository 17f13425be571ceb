"""Set-up options declared once (pyengine/setup.py; issue 29, point 1), with SlingLab's Custom
options (``horde.CUSTOM``, hs-7-4) as the declaration every consumer reads: the engine's check,
the play page's lists and form, a saved set-up shown again, and the command line's flags."""

from __future__ import annotations

import argparse
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.horde import CUSTOM, LIFE_AMOUNT, LIFE_MODE, HordeSlingLab
from pyengine.horde_common import SURVIVORS, ConfigError
from pyengine.limited_horde.rules import LIFE as LIMITED_LIFE
from pyengine.limited_horde.rules import SETUP as LIMITED_SETUP
from pyengine.setup import AUTO, Choice, Count, CountOrAuto, Flag, Setup, SetupError, listed
from pyengine.swarm import SETUP as SWARM_SETUP
from pyengine.team_commander import SETUP as TEAM_SETUP
from pyengine.widgets import horde_limited, horde_slinglab
from sitebuild import setup_controls
from tests.conftest import ROOT
from tests.test_horde import FACTS

SETUPS = {"horde-custom": CUSTOM, "horde-survivors": Setup((SURVIVORS,)),
          "horde-life": Setup((LIFE_MODE, LIFE_AMOUNT)),
          "limited-horde": LIMITED_SETUP, "limited-horde-life": Setup((LIMITED_LIFE,)),
          "swarm": SWARM_SETUP, "team-commander": TEAM_SETUP}


def values_of(setup: Setup) -> st.SearchStrategy:
    """Any values ``setup`` allows."""
    def one(option):
        if isinstance(option, Flag):
            return st.booleans()
        if isinstance(option, Choice):
            return st.sampled_from(option.values())
        numbers = st.integers(option.low, option.high)
        return st.one_of(st.just(AUTO), numbers) if isinstance(option, CountOrAuto) else numbers
    return st.fixed_dictionaries({option.key: one(option) for option in setup.fields})


@pytest.mark.parametrize("name", SETUPS)
@given(data=st.data())
def test_parse_of_format_is_the_same_set_up(name, data):
    """hs-7-4: whatever a set-up allows, the page's form written from it reads back the same,
    and the check keeps it as it is."""
    setup = SETUPS[name]
    values = data.draw(values_of(setup))
    assert setup.parse(setup.format(values)) == values
    assert setup.check(values) == values


def test_hs_7_4_the_engine_refuses_what_the_declaration_does_not_allow_in_plain_words():
    config = {"deck": ["Zombie"] * 60, "facts": FACTS, "difficulty": "custom", "survivors": 1}
    for custom, words in [({"surge": 6}, "Surge is 2, 3, 4, 5 or off"),
                          ({"setup_turns": 0}, "Set-up turns is 1 to 6"),
                          ({"wave": "lots"}, "Wave size is 1 to 10, or auto"),
                          ({"rally": "yes"}, "Rally is true or false"),
                          ({"speed": 1}, "unknown option(s): speed")]:
        with pytest.raises(ConfigError, match=re.escape(words)):
            HordeSlingLab({**config, "custom": custom}, "seed")
    game = HordeSlingLab({**config, "custom": {"surge": "off", "wave": 4}}, "seed")
    assert (game.options["surge"], game.options["wave"]) == (None, 4)


def test_the_page_lists_and_reads_each_option_from_the_declaration():
    """The play page's lists are the declaration's (horde_slinglab.OPTIONS), the page markup
    names none of the options (the build draws them, sitebuild/setup_controls.py), and every
    field has its control on the built page."""
    source = (ROOT / "docs" / "play" / "horde.md").read_text(encoding="utf-8")
    page = setup_controls.expand(source)
    for option in CUSTOM.fields:
        name = CUSTOM.form_name(option.key)
        assert f'data-field="{name}"' not in source, name
        control = re.search(rf'<(select|input)[^>]*data-field="{name}"[^>]*>', page)
        assert control, name
        if listed(option):
            assert horde_slinglab.OPTIONS[name] == option.choices()
    form = {**CUSTOM.format({"surge": 5, "library_size": AUTO}), "difficulty": "custom",
            "deck": "x", "life-mode": "100-minus-15"}
    assert horde_slinglab.setup(form, 2)["custom"]["surge"] == 5


def test_the_command_line_has_a_flag_for_each_option():
    parser = argparse.ArgumentParser()
    CUSTOM.add_arguments(parser)
    flags = {action.dest for action in parser._actions}
    assert set(CUSTOM.keys()) <= flags
    given_args = parser.parse_args(["--surge", "off", "--rally", "yes", "--wave", "auto"])
    assert CUSTOM.from_arguments(given_args) == {"surge": "off", "rally": True, "wave": AUTO}
    with pytest.raises(SetupError, match="Surge: choose 2, 3, 4, 5 or off"):
        CUSTOM.from_arguments(parser.parse_args(["--surge", "7"]))


def test_a_declaration_refuses_two_fields_with_one_key():
    with pytest.raises(ValueError):
        Setup((Count("a", "A", 1, 2, 1), Flag("a", "A", False)))


def test_a_word_on_the_command_line_is_read_by_its_field():
    """``simulate --custom KEY=VALUE``: a flag reads yes/no, a choice its values, an unknown
    key names the keys there are."""
    assert CUSTOM.read("rally", "no") is False and CUSTOM.read("surge", "off") == "off"
    assert CUSTOM.read("library_size", "auto") == AUTO and CUSTOM.read("wave", "7") == 7
    with pytest.raises(SetupError, match="one of setup_turns"):
        CUSTOM.read("speed", "1")
    with pytest.raises(SetupError, match="yes or no"):
        CUSTOM.read("rally", "maybe")


def test_hs_2_1_the_survivors_are_counted_from_one_declaration():
    """1 to 4 Survivors: the engines refuse 5, the page lists 1 to 4, and reads its field."""
    with pytest.raises(ConfigError, match="Survivors is 1 to 4"):
        HordeSlingLab({"deck": ["Zombie"] * 60, "facts": FACTS, "survivors": 5}, "seed")
    assert [value for value, _ in SURVIVORS.choices()] == ["1", "2", "3", "4"]
    assert SURVIVORS.parse("3") == 3


def test_lh_2_6_limited_set_up_from_one_declaration():
    """lh-2-4, lh-2-6, Appendix D: the engine refuses a set adjustment of 3 and an unknown
    difficulty in plain words; the page lists the declaration's levels and adjustments and
    reads them; a saved set-up is shown as it was."""
    from pyengine.limited_horde import LimitedHorde
    from tests.test_limited_horde import facts_for

    base = {"deck": ["Zombie"] * 30, "facts": facts_for(["Zombie"])}
    with pytest.raises(ConfigError, match=re.escape("Set adjustment is -2, -1, 0, 1 or 2")):
        LimitedHorde({**base, "adjustment": 3}, "seed")
    with pytest.raises(ConfigError, match="Difficulty is nightmare, hard"):
        LimitedHorde({**base, "difficulty": "brutal"}, "seed")
    assert horde_limited.OPTIONS["level"] == LIMITED_SETUP.choice("difficulty").choices()
    assert horde_limited.OPTIONS["adjustment"][0] == ("-2", "-2")
    form = {**LIMITED_SETUP.format({"difficulty": "hard", "adjustment": 1, "aggro": True}),
            "lh-deck": "zombies", "lh-life": ""}
    chosen = horde_limited.setup(form, 2)
    assert (chosen["difficulty"], chosen["adjustment"], chosen["aggro"]) == ("hard", 1, True)
    shown: dict[str, str] = {}
    horde_limited.form_from_setup(shown, chosen)
    assert (shown["level"], shown["adjustment"], shown["aggro"]) == ("hard", "1", "on")


def test_sw_2_1_swarm_set_up_from_one_declaration():
    """sw-2-1, sw-13-1, sw-14-1: the engine refuses six Survivors and an unknown mode in plain
    words; the command line's choices are the declaration's."""
    from pyengine.game import GameError
    from tests.test_swarm import new_game

    with pytest.raises(GameError, match="Survivors is 1 to 5"):
        new_game(["Zombie"], survivors=6)
    with pytest.raises(GameError, match="Mode is hive or overlord"):
        new_game(["Zombie"], mode="chaos")
    assert [value for value, _ in SWARM_SETUP.choices()["survivors"]] == list("12345")


def test_hs_2_4_the_life_options_come_from_one_declaration():
    """hs-2-4, hs-2-5: the page's life list is the declaration's; the engine names the modes
    there are when given another."""
    from pyengine.horde import LIFE_MODE

    assert horde_slinglab.OPTIONS["life-mode"] == LIFE_MODE.choices()
    with pytest.raises(ConfigError, match="per-survivor, 100-minus-15 or fixed"):
        HordeSlingLab({"deck": ["Zombie"] * 60, "facts": FACTS, "life": {"mode": "lots"}},
                      "seed")


def test_tc_2_2_the_table_is_read_from_one_declaration():
    """tc-2-2, tc-2-3, tc-2-4: the Team Commander page's table, line-up and fixed-teams
    choices are the declaration's; a value the page never offers is not taken."""
    from pyengine.team_commander import PLAYER_COUNTS, TEAM_SIZES
    from pyengine.widgets import team
    from tests.test_widgets_team import form, make_env

    assert PLAYER_COUNTS == (4, 6) and TEAM_SIZES == (2, 3)
    widget = team.Widget(make_env())
    view = widget.start(None)
    assert view.options["count"] == TEAM_SETUP.choices()["count"]
    widget.handle("count", form(count="6", fixed="on"))
    assert (widget.state["count"], widget.state["fixed"]) == (6, True)
    widget.handle("count", form(count="5"))
    assert widget.state["count"] == 6
    assert team.fresh_state()["rotate"] is False


def test_a_group_nests_a_set_up():
    """hs-7-4: a group's value is the mapping its own set-up checks; the page's fields and the
    flags are its fields', and an unknown key inside it is refused by name."""
    from pyengine.setup import Group

    setup = Setup((Choice("difficulty", "Difficulty", (("a", "A"), ("b", "B")), "a"),
                   Group("custom", "Custom", CUSTOM)))
    assert setup.defaults()["custom"] == CUSTOM.defaults()
    assert setup.check({"custom": {"rally": True}})["custom"]["rally"] is True
    with pytest.raises(SetupError, match="unknown Custom option"):
        setup.check({"custom": {"tempo": 1}})
    assert "exile" in setup.choices() and "setup-turns" in setup.format(setup.defaults())
    assert [path for path, _ in setup.flat()][:2] == [("difficulty",), ("custom", "setup_turns")]
    with pytest.raises(SetupError, match="a group"):
        setup.read("custom", "1")


def test_share_link_keys_and_the_fields_left_to_a_page():
    """sw-2-1: a field is written to a share link under its ``link`` key, read back as the form
    would read it, its default where the link has none; ``without`` leaves the named fields to
    a page that reads them by hand."""
    assert SWARM_SETUP.to_link({"mode": "overlord", "survivors": 3}) == {"m": "overlord", "n": 3}
    assert SWARM_SETUP.from_link({"m": "overlord", "n": "3"}) == {"mode": "overlord",
                                                                  "survivors": 3}
    assert SWARM_SETUP.from_link({}) == SWARM_SETUP.defaults()
    with pytest.raises(SetupError):
        SWARM_SETUP.from_link({"m": "chaos"})
    assert SWARM_SETUP.without("mode").keys() == ["survivors"]
    assert LIMITED_SETUP.without("aggro").default_form() == {"level": "normal", "adjustment": "0"}
    assert SWARM_SETUP.values_of({"mode": "hive", "deck": []}) == {"mode": "hive"}
