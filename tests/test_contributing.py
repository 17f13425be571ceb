"""CONTRIBUTING.md is a guide held against the code: its map of the layers places every module,
and no import runs upwards."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pytest

from tests.test_imports import imports_of, module_name

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "CONTRIBUTING.md"
#: The folders the map covers (tests, benchmarks and scripts stand outside the layers).
COVERED = ("pyengine", "hooks", "sitebuild")


def read_map(text: str) -> list[tuple[str, list[str]]]:
    """The layers of the guide's map, top first: (layer, path patterns)."""
    match = re.search(r"<!-- layers:[^>]*-->\s*```text\n(.*?)```", text, re.S)
    assert match, "CONTRIBUTING.md has no map of the layers"
    layers = []
    for line in match.group(1).splitlines():
        if not line.strip():
            continue
        name, _, paths = line.partition(":")
        assert paths.split(), f"map line without paths: {line!r}"
        layers.append((name.strip(), paths.split()))
    return layers


def layer_of(path: str, layers: list[tuple[str, list[str]]]) -> list[int]:
    return [index for index, (_, patterns) in enumerate(layers)
            if any(fnmatch.fnmatchcase(path, pattern) for pattern in patterns)]


def placed_modules(layers: list[tuple[str, list[str]]]) -> dict[str, int]:
    """Module name → layer index (0 is the top) of every Python file the map covers."""
    placed: dict[str, int] = {}
    unplaced, twice = [], []
    for folder in COVERED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            relative = path.relative_to(ROOT).as_posix()
            found = layer_of(relative, layers)
            if not found:
                unplaced.append(relative)
            elif len(found) > 1:
                twice.append(relative)
            else:
                placed[module_name(path)] = found[0]
    assert not unplaced, f"modules the map does not place: {unplaced}"
    assert not twice, f"modules the map places twice: {twice}"
    return placed


def upward_imports(layers: list[tuple[str, list[str]]]) -> list[str]:
    placed = placed_modules(layers)
    bad = []
    for module, level in placed.items():
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / module.replace(".", "/") / "__init__.py"
        for imported in imports_of(path):
            # "from pkg import name" names either a module or an attribute: take the longest
            # placed prefix.
            parts = imported.split(".")
            target = next((".".join(parts[:n]) for n in range(len(parts), 0, -1)
                           if ".".join(parts[:n]) in placed), None)
            if target is not None and placed[target] < level:
                bad.append(f"{module} ({layers[level][0]}) imports {target} "
                           f"({layers[placed[target]][0]})")
    return bad


def test_the_map_places_every_module_once():
    """Every module under pyengine/, hooks/ and sitebuild/ stands in exactly one layer."""
    layers = read_map(GUIDE.read_text(encoding="utf-8"))
    assert [name for name, _ in layers][:1] == ["build"]
    assert len(placed_modules(layers)) > 50


def test_no_import_runs_upwards():
    """A module imports only its own layer and the layers below it."""
    assert upward_imports(read_map(GUIDE.read_text(encoding="utf-8"))) == []


def test_the_check_sees_an_upward_import():
    """The check itself works: with the engines placed above the services, the services'
    imports of the engines run upwards and are reported."""
    layers = read_map(GUIDE.read_text(encoding="utf-8"))
    names = [name for name, _ in layers]
    engines, services = names.index("engines"), names.index("services")
    swapped = list(layers)
    swapped[engines], swapped[services] = layers[services], layers[engines]
    bad = upward_imports(swapped)
    assert any(line.startswith("pyengine.simulate (services) imports pyengine.horde")
               for line in bad), bad


def test_the_check_sees_an_unplaced_module():
    """A module the map forgets fails the map."""
    layers = [(name, [p for p in patterns if p != "pyengine/qr.py"])
              for name, patterns in read_map(GUIDE.read_text(encoding="utf-8"))]
    with pytest.raises(AssertionError, match="pyengine/qr.py"):
        placed_modules(layers)


def recipe_tests(text: str) -> list[str]:
    """The tests the recipes name (``tests/x.py`` or ``tests/x.py::test_y``)."""
    recipes = text.split("## Recipes", 1)[1].split("\n## Reference", 1)[0]
    return re.findall(r"`(tests/[\w/]+\.py(?:::\w+)?)`", recipes)


def missing_tests(named: list[str]) -> list[str]:
    missing = []
    for reference in named:
        path, _, test = reference.partition("::")
        file = ROOT / path
        if not file.exists():
            missing.append(reference)
        elif test and not re.search(rf"^def {re.escape(test)}\(", file.read_text(encoding="utf-8"),
                                    re.M):
            missing.append(reference)
    return missing


def test_each_recipe_is_held_by_tests_that_exist():
    """The three recipes (a set-up option, a card behaviour, a variant) each name the tests that
    hold them, and every test named exists."""
    text = GUIDE.read_text(encoding="utf-8")
    for recipe in ("### Add a set-up option", "### Add a card behaviour", "### Add a variant"):
        section = text.split(recipe, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        assert "Held by:" in section, recipe
    named = recipe_tests(text)
    assert len(named) >= 10
    assert missing_tests(named) == []
    assert missing_tests(["tests/test_runner.py::test_no_such_test"]) == [
        "tests/test_runner.py::test_no_such_test"]
