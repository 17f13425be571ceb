"""The variant registry (pyengine/variants.py): one descriptor per engine class, and no layer
outside the engines and the registry branches on or keys by a variant's name."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from pyengine import files, game, legality, simulate, variants
from pyengine.setup import Count, Setup, SetupError
from tests import scenarios

ROOT = Path(__file__).resolve().parent.parent

#: Where a variant's name may be written: the engines and the registry.
ENGINES = {"pyengine/game.py", "pyengine/variants.py", "pyengine/horde.py",
           "pyengine/horde_common.py", "pyengine/swarm.py", "pyengine/team_commander.py",
           "pyengine/horde_triggers.py", "pyengine/swarm_triggers.py"}
ENGINE_PACKAGES = ("pyengine/limited_horde/",)
#: The layers that must ask the registry (every non-engine module of these folders: the
#: engine's other modules, its widgets and commands, the build, its hooks, the developer's
#: tools and the scripts). ``bench/`` is left out: each benchmark measures named pages and
#: named games (a fixed workload, its report keyed by the page it drove), not a layer a new
#: variant goes through.
LAYERS = ("pyengine", "hooks", "sitebuild", "devtools", "scripts")
#: Literals equal to a variant's id that are not a variant's name: (file, the line, why).
NOT_VARIANTS = {
    ("pyengine/simulate.py", '{"survivors": "won", "horde": "lost"}'): "the winning side",
    ("pyengine/widgets/horde.py", 'phase == "horde"'): "the Horde's turn (a phase)",
    ("pyengine/widgets/horde.py", 'phase != "horde"'): "the Horde's turn (a phase)",
    ("pyengine/widgets/horde.py", 'winner != "horde"'): "the winning side",
    ("pyengine/widgets/pages.py", '"horde": horde'): "a play page's name (widget: horde)",
    ("pyengine/widgets/pages.py", '"swarm": swarm'): "a play page's name (widget: swarm)",
    ("devtools/start_cost.py", '"swarm": "play/swarm"'): "a play page's name",
    ("devtools/start_cost.py", '"horde": "play/horde"'): "a play page's name",
    ("sitebuild/bad_inputs.py", '"horde": "Horde", "swarm": "Swarm"'): "play pages' names",
}
#: Methods whose argument, equal to a variant's id (or its id and a hyphen, for a prefix),
#: looks a variant up or tests a name: ``table.get("swarm")``, ``name.startswith("horde-")``.
LOOKUPS = {"get", "pop", "setdefault"}
PREFIXES = {"startswith", "endswith", "removeprefix", "removesuffix"}


def name_uses(path: Path, ids: set[str]) -> list[tuple[int, str, str]]:
    """(line, id, line text) of every string literal equal to a variant id that ``path`` compares
    with (==, !=, in, not in, also inside a tuple or list), uses as a dict key, a subscript, a
    match case or the argument of a lookup (``.get``, ``.pop``, ``.setdefault``): a branch on or
    a table keyed by a variant's name. A prefix test (``startswith`` and the like) with a
    variant's id, or its id and a hyphen, and an f-string key or comparison that starts with
    one count too."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    prefixes = ids | {i + "-" for i in ids}

    def named(node: ast.AST) -> bool:
        if isinstance(node, ast.JoinedStr):  # f"swarm-{x}": the literal part it starts with
            first = node.values[0] if node.values else None
            return isinstance(first, ast.Constant) and any(
                str(first.value) == i or str(first.value).startswith(i + "-") for i in ids)
        return isinstance(node, ast.Constant) and node.value in ids

    def each(node: ast.AST) -> list[ast.AST]:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [e for e in node.elts if named(e)]
        return [node] if named(node) else []

    for node in ast.walk(ast.parse(text)):
        hits: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                hits += each(side)
        elif isinstance(node, ast.Dict):
            hits += [key for key in node.keys if key is not None and named(key)]
        elif isinstance(node, ast.Subscript):
            hits += each(node.slice)
        elif isinstance(node, ast.MatchValue) and named(node.value):
            hits.append(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            if node.func.attr in LOOKUPS:
                hits += each(node.args[0])
            elif node.func.attr in PREFIXES:
                args = node.args[0]
                hits += [a for a in (args.elts if isinstance(args, ast.Tuple) else [args])
                         if (isinstance(a, ast.Constant) and a.value in prefixes) or (
                             isinstance(a, ast.JoinedStr) and named(a))]
        for hit in hits:
            value = hit.value if isinstance(hit, ast.Constant) else ast.unparse(hit)
            found.append((hit.lineno, str(value), lines[hit.lineno - 1]))
    return found


def layer_files() -> list[Path]:
    files = []
    for folder in LAYERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in ENGINES and not rel.startswith(ENGINE_PACKAGES):
                files.append(path)
    return files


def test_no_layer_branches_on_a_variants_name():
    """Every layer asks the registry: outside the engines and pyengine/variants.py no module
    compares with, keys by or matches on a registered variant's id (55 places in 10 files before
    the descriptors; the literals that are not variant names are listed with their reason)."""
    ids = set(variants.ids())
    named = []
    for path in layer_files():
        rel = path.relative_to(ROOT).as_posix()
        for line, variant, text in name_uses(path, ids):
            if any(rel == where and snippet in text for where, snippet in NOT_VARIANTS):
                continue
            named.append(f"{rel}:{line}: {variant!r} in {text.strip()}")
    assert named == [], "ask pyengine.variants instead:\n" + "\n".join(named)


def test_the_scanner_finds_a_branch_on_a_name(tmp_path):
    """The count is not empty by construction: a comparison, a dict key, a match case, a
    subscript, a lookup (``.get``), a prefix test and an f-string key on a variant's id are each
    found; an assignment, a call argument and a deck id that merely starts with one are not."""
    sample = tmp_path / "sample.py"
    sample.write_text('if v == "swarm": pass\nT = {"horde": 1}\nmatch v:\n    case "limited-horde":'
                      ' pass\nx = "swarm"\nf("horde")\nif v in ("team-commander", "x"): pass\n'
                      'y = T["swarm"]\nz = T.get("horde")\n'
                      'if d.startswith("limited-horde-"): pass\n'
                      'K = {f"swarm-{n}": 1}\nif d == "horde-knudson-zombies-2011": pass\n'
                      'if d.startswith(("x", "swarm")): pass\n')
    found = [(line, variant) for line, variant, _ in name_uses(sample, set(variants.ids()))]
    assert sorted(found) == [(1, "swarm"), (2, "horde"), (4, "limited-horde"),
                             (7, "team-commander"), (8, "swarm"), (9, "horde"),
                             (10, "limited-horde-"), (11, "f'swarm-{n}'"), (13, "swarm")]


def test_the_scanner_reads_every_layer():
    """Every Python file outside the engines, the tests and the benchmarks is scanned: the
    widgets, the commands, the build, its hooks, the developer's tools and the scripts."""
    scanned = {p.relative_to(ROOT).as_posix() for p in layer_files()}
    every = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py")
             if not p.relative_to(ROOT).parts[0].startswith((".", "tests", "bench", "node_"))
             and "site" not in p.relative_to(ROOT).parts[:1]}
    engines = {rel for rel in every if rel in ENGINES or rel.startswith(ENGINE_PACKAGES)}
    assert every - engines == scanned
    assert {"pyengine/widgets/horde.py", "pyengine/commands/team.py", "hooks/rules.py",
            "sitebuild/difficulty.py", "devtools/start_cost.py"} <= scanned


def test_the_registry_lists_every_registered_engine():
    """Every registered engine (pyengine.game.register) is in the registry and carries its own
    descriptor, whose id is its variant name."""
    for variant in variants.all_variants():
        cls = variants.engine(variant.id)
        assert cls.variant == variant.id and game.find_variant(variant.id) is cls
        assert cls.__dict__.get("descriptor") is variant, f"{variant.id}: its own descriptor"
    engines = {name for name, cls in game._VARIANTS.items()  # tests register toy games too
               if cls.__module__.startswith("pyengine.")}
    assert engines == set(variants.ids())
    with pytest.raises(game.GameError, match="unknown game variant"):
        variants.descriptor("chess")


def test_each_descriptor_points_at_what_exists():
    """The rulebook's rule prefix and folder, the deck check's formats, the simulator's driver,
    the card reference's readers and the sample decks are all real."""
    from pyengine import files
    from pyengine.simulate import _Driver

    def shipped(deck: str) -> bool:
        try:
            return bool(files.deck_entry(deck))
        except files.DataFileError:
            return False

    for variant in variants.all_variants():
        assert (ROOT / "docs" / variant.rulebook / "index.md").exists(), variant.id
        assert variant.prefix.isupper() and variant.setup is not None
        assert set(variant.deck_formats) <= set(legality.FORMATS), variant.id
        for deck in variant.sample_decks:
            assert shipped(deck), deck
        for kind in variant.deck_kinds:
            assert callable(variants.resolve(kind.reference)), kind
        how = variant.simulation
        if how is None:  # stated: not simulated
            with pytest.raises(ValueError, match="no simulation"):
                variants.simulation(variant.id)
            continue
        assert issubclass(variants.resolve(how.driver), _Driver)
        assert shipped(how.sample) and set(how.defaults) <= set(variant.setup.keys())
        assert how.settings() and all(set(s) <= set(variant.setup.keys())
                                      for s in how.settings())


def test_the_tests_starts_cover_every_variant():
    """tests/scenarios.py has a start for every registered variant, and its turn and ending
    actions are the descriptors' (each an action the engine has)."""
    assert set(scenarios.STARTS) == set(variants.ids())
    for variant in variants.all_variants():
        started = scenarios.start(variant.id)
        handlers = {n[3:].replace("_", "-") for n in dir(started) if n.startswith("do_")}
        assert set(variant.turn_actions) | set(variant.ending_actions) <= handlers, variant.id


# -- the set-up declared once (issue 45, point 2) ------------------------------------------------
def _with_throwaway(monkeypatch: pytest.MonkeyPatch, variant: variants.Variant) -> Setup:
    """``variant``'s descriptor with one more option, as a contributor would declare it."""
    setup = variant.setup
    throwaway = Count("throwaway", "Throwaway", 1, 3, 2, rule=variant.prefix.lower() + "-1")
    extra = Setup((*setup.fields, throwaway), form_names=setup.form_names)
    monkeypatch.setattr(variants.engine(variant.id), "descriptor",
                        dataclasses.replace(variant, setup=extra))
    return variants.descriptor(variant.id).setup


@pytest.mark.parametrize("variant_id", variants.ids())
def test_a_new_option_is_one_declaration(monkeypatch, variant_id):
    """A throwaway option added to a variant's declared set-up reaches, with no other edit,
    the controls the build draws, the form's reading and writing, the engine-side check, the
    command line's flags and, for a simulated variant, the simulator's config."""
    from sitebuild.setup_controls import setup_markup

    setup = _with_throwaway(monkeypatch, variants.descriptor(variant_id))
    # the page: the build draws a control for it, its default chosen
    markup = setup_markup(setup, {"id": "t"})
    assert 'data-field="throwaway"' in markup and '<option value="2" selected>' in markup
    # the form: read and written back
    values = setup.check({"throwaway": 3})
    assert setup.parse(setup.format(values)) == values and values["throwaway"] == 3
    assert setup.parse({})["throwaway"] == 2
    with pytest.raises(SetupError, match="Throwaway is 1 to 3"):
        setup.check({"throwaway": 9})
    # the command line
    parser = argparse.ArgumentParser()
    setup.add_arguments(parser)
    assert setup.from_arguments(parser.parse_args(["--throwaway", "3"]))["throwaway"] == 3
    # the simulator: its command line reads the option, the engine's config builder carries it
    how = variants.descriptor(variant_id).simulation
    if how is None:
        return
    from pyengine.cli import build_parser
    from pyengine.commands.simulate import options_from

    args = build_parser().parse_args(["simulate", variant_id, "--option", "throwaway=3"])
    assert options_from(args) == {**how.defaults, "throwaway": 3}
    deck = scenarios._deck(how.sample)
    companion = how.sample_companion or (
        files.deck_entry(how.sample).get(how.companion) if how.companion else None)
    extra = scenarios._deck(companion) if companion else None
    config = simulate.build_config(variant_id, deck, scenarios.card_db(),
                                   {**how.defaults, "throwaway": 3}, extra)
    assert config["throwaway"] == 3


def test_a_group_is_read_and_written_with_its_fields():
    """hs-7-4: SlingLab's Custom options and its life are groups of its one set-up: the form's
    fields of a group read into a mapping and back, and the flags carry the group's words."""
    setup = variants.descriptor("horde").setup
    values = setup.check({"difficulty": "custom", "custom": {"exile_percent": 25},
                          "life": {"mode": "fixed", "amount": 60}})
    assert values["custom"]["exile_percent"] == 25 and values["custom"]["rally"] is False
    form = setup.format(values)
    assert form["exile"] == "25" and form["life-mode"] == "fixed" and form["life"] == "60"
    assert setup.parse(form) == values
    parser = argparse.ArgumentParser()
    setup.add_arguments(parser)
    given = setup.from_arguments(parser.parse_args(["--exile-percent", "40", "--amount", "30"]))
    assert given == {"life": {"amount": 30}, "custom": {"exile_percent": 40}}


def _runner(variant_id: str, url_hash: str = "") -> Any:
    """The play page's controller that runs ``variant_id`` (Swarm's or the Horde page)."""
    from pyengine.widgets import horde, swarm
    from tests.helpers import CARD_DATA, runner_env

    page = swarm if variant_id == "swarm" else horde
    return page.Widget(runner_env(url_hash), data=CARD_DATA)


#: The form that starts each runner variant from a shipped deck (the page's own field names).
RUNNER_FORMS = {
    "swarm": {"mode": "hive", "survivors": "2", "deck": "sample"},
    "horde": {"variant": "horde", "survivors": "2", "difficulty": "classic"},
    "limited-horde": {"variant": "limited-horde", "lh-deck": "goblins", "level": "easy"},
}
#: An action that changes each game (so its share link holds an action).
FIRST_ACTIONS = {"swarm": "turn", "horde": "survivor-end", "limited-horde": "survivor-end"}


@pytest.mark.parametrize("variant_id", sorted(RUNNER_FORMS))
def test_a_new_option_reaches_the_page_the_share_link_and_the_save(monkeypatch, variant_id):
    """sw-2-1, hs-7, lh-2-4: on the play page, a throwaway option declared in the variant's
    set-up gets its control from the build (the page's own markers), is in the form (its
    default first), goes into the game's config, travels in the share
    link (the real encoder and decoder) and comes back from a save, with no edit to the page's
    code."""
    from pyengine.widgets import horde, swarm
    from sitebuild.setup_controls import expand

    _with_throwaway(monkeypatch, variants.descriptor(variant_id))
    page = ROOT / "docs" / "play" / ("swarm.md" if variant_id == "swarm" else "horde.md")
    assert expand(page.read_text(encoding="utf-8")).count('data-field="throwaway"') == 1
    decode = swarm.decode_share if variant_id == "swarm" else horde.decode_share
    first = _runner(variant_id)
    first.start(None)
    assert first.form["throwaway"] == "2"
    view = first.handle("new", {**RUNNER_FORMS[variant_id], "seed": "amber-otter-17",
                                "throwaway": "3"})
    assert view.error == "" and first.game.config["throwaway"] == 3
    view = first.handle(FIRST_ACTIONS[variant_id], {})
    assert "throwaway" in json.dumps(decode(view.url_hash))
    other = _runner(variant_id, view.url_hash)
    assert other.start(None).error == ""
    assert other.game.to_json() == first.game.to_json() and other.form["throwaway"] == "3"
    restored = _runner(variant_id)
    assert restored.start(view.save).error == ""
    assert restored.game.config["throwaway"] == 3 and restored.form["throwaway"] == "3"


def test_a_link_made_before_an_option_opens_with_its_default(monkeypatch):
    """sw-2-1: a Swarm share link without a later option's key reads it at its default."""
    _with_throwaway(monkeypatch, variants.descriptor("swarm"))
    setup = variants.descriptor("swarm").setup
    assert setup.to_link({"mode": "hive", "survivors": 2}) == {"m": "hive", "n": 2}
    assert setup.from_link({"m": "hive", "n": 2}) == {"mode": "hive", "survivors": 2,
                                                      "throwaway": 2}


@pytest.mark.parametrize("variant_id", sorted(RUNNER_FORMS))
def test_a_new_option_reaches_the_command_lines_new_game(monkeypatch, tmp_path, capsys,
                                                         variant_id):
    """sw-2-1, hs-7, lh-2-4: ``pyengine <variant> new --throwaway 3`` starts a game whose config
    holds the option declared in the variant's set-up (the flag is made from the declaration)."""
    from pyengine.cli import build_parser

    _with_throwaway(monkeypatch, variants.descriptor(variant_id))
    path = tmp_path / "game.json"
    args = build_parser().parse_args([variant_id, "new", str(path), "--throwaway", "3"])
    assert args.func(args) == 0
    capsys.readouterr()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["variant"] == variant_id and saved["config"]["throwaway"] == 3


def test_a_new_team_commander_option_reaches_the_page_and_the_save(monkeypatch):
    """tc-2-2: a throwaway option declared in Team Commander's set-up gets its control on the
    table's page, is read from the form into the table's state, outlives a new game and comes
    back from a save."""
    from pyengine.widgets.team import Widget
    from sitebuild.setup_controls import expand
    from tests.test_widgets_team import form, make_env

    _with_throwaway(monkeypatch, variants.descriptor("team-commander"))
    page = ROOT / "docs" / "play" / "team.md"
    assert expand(page.read_text(encoding="utf-8")).count('data-field="throwaway"') == 1
    table = Widget(make_env())
    view = table.start(None)
    assert table.state["throwaway"] == 2 and view.values["throwaway"] == "2"
    view = table.handle("roll", form(throwaway="3"))
    assert table.state["throwaway"] == 3 and view.values["throwaway"] == "3"
    table.new_game()
    assert table.state["throwaway"] == 3
    again = Widget(make_env())
    assert again.start(table.save()).error == "" and again.state["throwaway"] == 3


def test_a_new_team_commander_option_reaches_the_command_line(monkeypatch, tmp_path, capsys):
    """tc-2-2: ``pyengine team roll ... --throwaway 3 --tracker FILE`` reads a throwaway option
    declared in Team Commander's set-up (the flag is made from the declaration) and the tracker
    it starts holds it; a value out of its range is refused in the declaration's words. (The
    table's page has no share link.)"""
    from pyengine.cli import CommandError, build_parser

    _with_throwaway(monkeypatch, variants.descriptor("team-commander"))
    path = tmp_path / "tracker.json"
    names = ["Ann", "Bo", "Cy", "Di"]
    args = build_parser().parse_args(["team", "roll", *names, "--seed", "amber-otter-17",
                                      "--throwaway", "3", "--tracker", str(path)])
    assert args.func(args) == 0
    capsys.readouterr()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["variant"] == "team-commander" and saved["config"]["throwaway"] == 3
    assert game.load_game(path.read_text(encoding="utf-8")).config["throwaway"] == 3
    args = build_parser().parse_args(["team", "roll", *names, "--throwaway", "9"])
    with pytest.raises(CommandError, match="Throwaway is 1 to 3"):
        args.func(args)


def test_a_new_opening_hand_option_reaches_the_command_line(monkeypatch, tmp_path, capsys):
    """tc-3-3: an option declared in the opening hand's (so far empty) set-up is a flag of
    ``pyengine team mulligan`` and reaches the hand's config."""
    from pyengine import team_commander
    from pyengine.cli import build_parser

    _with_throwaway(monkeypatch, variants.descriptor("team-commander-hand"))
    seen: dict[str, Any] = {}
    start = team_commander.OpeningHand.__init__

    def spy(self: Any, config: dict[str, Any], seed: str) -> None:
        seen.update(config)
        start(self, config, seed)

    monkeypatch.setattr(team_commander.OpeningHand, "__init__", spy)
    deck = tmp_path / "deck.txt"
    deck.write_text("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n99 Forest\n",
                    encoding="utf-8")
    args = build_parser().parse_args(["team", "mulligan", str(deck), "--seed", "amber-otter-17",
                                      "--throwaway", "3"])
    assert args.func(args) == 0
    capsys.readouterr()
    assert seen["throwaway"] == 3
