"""The simulator (pyengine.simulate): seeded, driven only through the engines' actions, and its
figures move the way the rulebooks say the settings do.

Cross-runtime: the simulator draws every random number from pyengine.rng.Rng (the engines' and
the table model's), whose same-seed-same-draws guarantee in CPython and Pyodide is tested in
tests/test_rng.py and the browser suite; a Pyodide run of the simulator itself is not part of
the unit suite.
"""

from __future__ import annotations

import ast
import functools
import json
from dataclasses import replace
from pathlib import Path

import pytest

from pyengine import files
from pyengine.cli import main
from pyengine.game import Termination, find_variant
from pyengine.simulate import (
    COMMANDER_HEAD,
    TableModel,
    build_config,
    default_model,
    interval,
    percentile,
    play_game,
    settings_for,
    simulate,
)
from tests import scenarios

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _config(variant: str, deck_id: str, **options) -> dict:
    db = scenarios.card_db()
    deck = files.load_deck(deck_id)
    extra_id = {"limited-horde-eldrazi-vanguard": "limited-horde-eldrazi-dreadnought",
                "swarm-sample": "swarm-sample-enforcers"}.get(deck_id)
    extra = files.load_deck(extra_id) if extra_id else None
    return build_config(variant, deck, db, dict(options), extra)


def horde(**options) -> dict:
    custom = options.pop("custom", None)
    config = dict(_config("horde", "horde-knudson-zombies-2011", **options))
    if custom:
        config["custom"] = custom
    return config


def limited(deck: str = "limited-horde-goblins", **options) -> dict:
    return _config("limited-horde", deck, **options)


def swarm(survivors: int) -> dict:
    return _config("swarm", "swarm-sample", mode="hive", survivors=survivors)


def pressure(report, turns: int = 5) -> int:
    """The summed median attacking power of the first automated turns."""
    return sum(t.power_median for t in report.turns[:turns])


# -- determinism and honesty ------------------------------------------------------------------
def test_same_seed_same_figures_other_seed_other_figures():
    """hs-3-3: a seeded run of Horde waves reproduces exactly; another seed shuffles otherwise."""
    config = horde(difficulty="classic", survivors=2)
    first = simulate("horde", config, runs=12, seed="amber-otter-17").to_dict()
    again = simulate("horde", config, runs=12, seed="Amber Otter 17").to_dict()
    other = simulate("horde", config, runs=12, seed="calm-crow-02").to_dict()
    assert first == again
    assert first["turns"] != other["turns"]
    assert json.loads(json.dumps(first)) == first


@pytest.mark.parametrize("variant, config", [
    ("horde", lambda: horde(difficulty="nightmare", survivors=3)),
    ("limited-horde", lambda: limited("limited-horde-eldrazi-vanguard", difficulty="hard")),
    ("swarm", lambda: swarm(2)),
])
def test_a_simulated_game_is_an_engine_game_that_replays(variant, config):
    """sw-3-4, hs-3, lh-4-2: every step of a simulated game is one of the engine's own
    actions; replaying them with the seed reaches the same state, and the result is the
    engine's."""
    game, run = play_game(variant, config(), "quiet-heron-44", default_model(variant))
    assert game.actions, "the table acted"
    replayed = find_variant(variant).replay(game.config, game.seed, game.actions)
    assert replayed.snapshot() == game.snapshot()
    handlers = {name[3:].replace("_", "-") for name in dir(game) if name.startswith("do_")}
    assert {a["type"] for a in game.actions} <= handlers
    outcome = game.outcome()
    assert run.end == (outcome.termination if outcome is not None else None)
    if variant == "swarm":
        assert {Termination.WON: "won", Termination.LOST: "lost", None: ""}[run.end] == \
            game.result
    else:
        assert {Termination.WON: "survivors", Termination.LOST: "horde", None: None}[
            run.end] == game.winner


def test_the_simulator_imports_no_rule_module_it_does_not_drive():
    """The simulator is pure standard library plus the engine (no I/O, no random module)."""
    tree = ast.parse((ROOT / "pyengine" / "simulate.py").read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "random" not in names and "os" not in names and "pathlib" not in names
    assert not any(name.endswith("files") or name.endswith("cli") for name in names)


def test_percentiles_are_nearest_rank():
    values = list(range(1, 11))
    assert (percentile(values, 0.1), percentile(values, 0.5), percentile(values, 0.9)) == (1, 5, 9)
    assert percentile([], 0.5) == 0 and percentile([7], 0.9) == 7


def test_the_report_holds_every_figure_the_page_shows():
    """hs-9-4: per Horde turn the power attacking, cards left and win/loss shares; the model
    and what it leaves out travel with the figures."""
    report = simulate("horde", horde(difficulty="classic", survivors=1), runs=10).to_dict()
    assert {"won", "lost", "unfinished", "expected_length", "model", "model_text",
            "not_modelled", "turns"} <= set(report)
    assert abs(report["won"] + report["lost"] + report["unfinished"] - 1) < 1e-9
    first = report["turns"][0]
    assert first["power_p10"] <= first["power_median"] <= first["power_p90"]
    shares = [(t["won_by"], t["lost_by"]) for t in report["turns"]]
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(shares, shares[1:], strict=False))
    assert shares[-1] == (report["won"], report["lost"])


def test_bad_model_values_are_refused():
    for bad in ({"damage": -1}, {"ramp": 0}, {"life": 0}, {"blocks": "2"}):
        with pytest.raises(ValueError):
            TableModel(**bad)


def test_overlord_mode_is_not_simulated():
    """sw-14: in Overlord Mode a player makes The Swarm's choices; nothing plays itself."""
    config = dict(swarm(2), mode="overlord")
    with pytest.raises(ValueError, match="Overlord"):
        simulate("swarm", config, runs=1)


# -- the figures move the way the rules say -----------------------------------------------------
def test_nightmare_waves_grow_with_the_team():
    """hs-8-1, hs-8-2: on Nightmare each Survivor adds 50 cards and one nontoken card a wave
    (1/2/3/4), so the power attacking in the first turns grows with the team."""
    reports = [simulate("horde", horde(difficulty="nightmare", survivors=n), runs=40)
               for n in (1, 2, 3, 4)]  # 40 runs: at 20, 3 and 4 Survivors were within noise
    powers = [pressure(r, 3) for r in reports]
    assert powers == sorted(powers) and powers[0] < powers[-1]
    libraries = [r.turns[0].cards_left_median for r in reports]
    assert libraries == sorted(libraries)


def test_higher_presets_press_harder():
    """hs-7-2: Story, Classic, Nightmare — faster surges, bigger waves, Rally, flashback: more
    power attacks and the Survivors win less often."""
    reports = [simulate("horde", horde(difficulty=d, survivors=2), runs=40)
               for d in ("story", "classic", "nightmare")]
    assert pressure(reports[0]) < pressure(reports[1]) < pressure(reports[2])
    assert reports[0].won >= reports[1].won >= reports[2].won
    assert reports[0].won > reports[2].won


def test_more_exile_makes_a_small_game_fairer():
    """hs-7-3, hs-7-5: exiling part of the Horde deck is the tool for one or two Survivors:
    fewer cards left, and the Survivors win at least as often."""
    reports = [simulate("horde", horde(difficulty="custom", survivors=2,
                                       custom={"exile_percent": e}), runs=40)
               for e in (0, 25, 40)]
    left = [r.turns[0].cards_left_median for r in reports]
    assert left == sorted(left, reverse=True) and left[0] > left[-1]
    assert reports[0].won <= reports[1].won <= reports[2].won
    assert reports[0].won < reports[2].won


def test_no_attacks_in_set_up_leaves_the_horde_more_cards():
    """hs-4-5: with set-up attacks off, the Survivors' combat damage in set-up is refused by
    the engine, so the Horde starts with more cards; the game replays all the same."""
    on = horde(difficulty="custom", survivors=1, custom={"setup_attacks": True})
    off = horde(difficulty="custom", survivors=1, custom={"setup_attacks": False})
    attacking = replace(default_model("horde"), setup_attacks=True)
    first = [simulate("horde", c, runs=10, model=attacking).turns[0].cards_left_median
             for c in (on, off)]
    assert first[0] < first[1]
    game, _ = play_game("horde", off, "calm-crow-02", attacking)
    replayed = find_variant("horde").replay(game.config, game.seed, game.actions)
    assert replayed.snapshot() == game.snapshot()


def test_fewer_preparation_turns_leave_the_horde_more_cards():
    """lh-2-4: Nightmare gives 2 Preparation turns, Story 6; a table that attacks in them
    mills less before the Horde's first turn with fewer."""
    attacking = replace(default_model("limited-horde"), setup_attacks=True)
    reports = [simulate("limited-horde", limited(difficulty=d), runs=20, model=attacking)
               for d in ("story", "easy", "normal", "hard", "nightmare")]
    left = [r.turns[0].cards_left_median for r in reports]
    assert left == sorted(left) and left[0] < left[-1]


def test_more_preparation_turns_win_more():
    """lh-2-4: the table builds its board in the Preparation turns (the default model does not
    attack in them), so Story (6) wins more often than Nightmare (2) with every deck."""
    for deck in ("limited-horde-zombies", "limited-horde-goblins",
                 "limited-horde-eldrazi-vanguard"):
        story, nightmare = (simulate("limited-horde", limited(deck, difficulty=d), runs=40)
                            for d in ("story", "nightmare"))
        assert story.won > nightmare.won, deck


def test_the_table_develops_over_its_turns():
    """The table's share of its full strength grows each turn up to ``ramp``, and a deck
    ``head`` turns ahead is that much further along."""
    from pyengine.simulate import _Driver

    class Probe(_Driver):
        def __init__(self, model):
            self.model, self.turn = model, 0

    probe = Probe(TableModel(ramp=4))
    shares = []
    for turn in range(1, 7):
        probe.turn = turn
        shares.append(probe.share())
    assert shares == [0.25, 0.5, 0.75, 1.0, 1.0, 1.0]
    ahead = Probe(TableModel(ramp=4, head=2))
    ahead.turn = 1
    assert ahead.share() == 0.75


def test_slinglab_and_swarm_use_the_fitted_numbers_unchanged():
    """The per-Survivor numbers fitted to Limited Horde (pyengine/fitted_model.py) are the
    SlingLab and Swarm tables' too; only the Commander decks' head start differs."""
    from pyengine.fitted_model import PER_SURVIVOR

    limited_model = default_model("limited-horde")
    assert {k: getattr(limited_model, k) for k in PER_SURVIVOR} == PER_SURVIVOR
    for variant in ("horde", "swarm"):
        assert default_model(variant) == replace(limited_model, head=COMMANDER_HEAD)


def test_blockers_that_kill_leave_fewer_attackers():
    """The table's blocks kill a ``kills`` share of the blocked attackers: with kills the
    Horde's board is smaller and the Survivors lose less."""
    config = horde(difficulty="classic", survivors=2)
    never = simulate("horde", config, runs=30, model=replace(default_model("horde"), kills=0))
    always = simulate("horde", config, runs=30, model=replace(default_model("horde"), kills=1))
    assert always.lost < never.lost


def test_the_interval_is_wilsons_90_percent():
    """A win rate's 90% interval: about 8 points either side of 50% in 100 games, 4 in 400,
    never outside 0..1 and not empty at 0%."""
    low, high = interval(0.5, 100)
    assert low == pytest.approx(0.419, abs=0.002) and high == pytest.approx(0.581, abs=0.002)
    low, high = interval(0.5, 400)
    assert high - low == pytest.approx(0.082, abs=0.002)
    assert interval(0.0, 400)[0] == 0.0 and 0 < interval(0.0, 400)[1] < 0.01
    assert interval(1.0, 10)[1] == 1.0


def test_the_swarm_does_not_grow_with_the_team():
    """sw-2-2: the Survivors share 40 life however many they are, and the Swarm deck is the same
    size: three or five Survivors win more often than one (between three and five the model's
    figures are within their sampling error)."""
    reports = [simulate("swarm", swarm(n), runs=30) for n in (1, 3, 5)]
    assert reports[0].won < min(reports[1].won, reports[2].won)


def test_a_stronger_table_wins_more():
    """The model's own direction: more damage and removal, more wins (hs-5-1: damage mills)."""
    config = horde(difficulty="classic", survivors=2)
    weak = simulate("horde", config, runs=30, model=TableModel(damage=4, removal=1, blocks=1))
    strong = simulate("horde", config, runs=30, model=TableModel(damage=10, removal=2, blocks=2))
    assert weak.won < strong.won
    assert (weak.expected_length or 0) != (strong.expected_length or 0)


def test_more_starting_life_loses_less():
    """hs-2-4: the group life is a setting; more of it, fewer losses."""
    config = horde(difficulty="classic", survivors=2)
    low = simulate("horde", config, runs=30, model=replace(default_model("horde"), life=20))
    high = simulate("horde", config, runs=30, model=replace(default_model("horde"), life=120))
    assert low.lost > high.lost


def test_every_preset_setting_is_listed_and_runs():
    """hs-7-2, lh-2-4, sw-13: every preset the engines offer is a setting the simulator runs."""
    assert len(settings_for("horde")) == 12
    assert [s["difficulty"] for s in settings_for("limited-horde")] == [
        "story", "easy", "normal", "hard", "nightmare"]
    assert [s["survivors"] for s in settings_for("swarm")] == [1, 2, 3, 4, 5]
    for setting in settings_for("limited-horde"):
        report = simulate("limited-horde", limited("limited-horde-zombies", **setting), runs=2)
        assert report.turns


# -- the command line ---------------------------------------------------------------------------
def test_cli_json_is_the_simulators_figures(capsys):
    """The command line prints the same figures as the library for the same seed."""
    assert main(["simulate", "horde", "--difficulty", "classic", "--survivors", "2",
                 "--runs", "8", "--seed", "lone-owl-3", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = simulate("horde", horde(difficulty="classic", survivors=2), runs=8,
                        seed="lone-owl-3").to_dict()
    assert printed == json.loads(json.dumps(expected))


def test_cli_text_and_errors(capsys):
    assert main(["simulate", "swarm", "--survivors", "2", "--runs", "3"]) == 0
    out = capsys.readouterr().out
    assert "power p10/median/p90" in out and "not modelled" in out
    assert main(["simulate", "horde", "--custom", "exile_percent=30", "--difficulty",
                 "custom", "--runs", "2"]) == 2
    err = capsys.readouterr().err.lower()
    assert "exile" in err and "0, 10, 25 or 40" in err
    assert main(["simulate", "limited-horde", "--damage", "-3", "--runs", "2"]) == 2
    assert "damage" in capsys.readouterr().err
