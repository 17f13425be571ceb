"""Limited Horde's parts and what they need from one another (pyengine/limited_horde/needs.py;
issue 29, point 4): each part calls on the game only what its own code, the Horde base classes
or ``Parts`` declares; the game implements every declaration; no part imports the game it is
part of; the targeting decisions (lh-3-13 to lh-3-16, lh-8-12) are pure functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyengine.game import ActionError
from pyengine.limited_horde import LimitedHorde, needs
from pyengine.limited_horde.targeting import horde_target, hunting_mode
from pyengine.rng import Rng
from tests.test_limited_horde import game

PACKAGE = Path(needs.__file__).parent
PARTS = ("effects", "eldrazi", "targeting")
BASES = (PACKAGE.parent / "game.py", PACKAGE.parent / "horde_common.py")


def defined_names(source: str, declarations: bool = True) -> set[str]:
    """Names a module's classes define: methods, class attributes, ``self.x = …``, and (when
    ``declarations``) what they declare under ``if TYPE_CHECKING:``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            body = list(node.body)
            if declarations:
                body += [inner for item in node.body if isinstance(item, ast.If)
                         for inner in item.body]  # `if TYPE_CHECKING:` declarations
            for item in body:
                if isinstance(item, ast.FunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
        target = node.target if isinstance(node, ast.AnnAssign) else None
        stores = [target] if target is not None else (
            node.targets if isinstance(node, ast.Assign) else [])
        for store in stores:
            if (isinstance(store, ast.Attribute) and isinstance(store.value, ast.Name)
                    and store.value.id == "self"):
                names.add(store.attr)
    return names


def undeclared_uses(source: str, allowed: set[str]) -> list[str]:
    """``self.x`` in ``source`` that neither the source itself nor ``allowed`` defines (a
    part's own ``if TYPE_CHECKING:`` declarations do not count: they belong in needs.py)."""
    own = defined_names(source, declarations=False)
    used = sorted({node.attr for node in ast.walk(ast.parse(source))
                   if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                   and node.value.id == "self"})
    return [name for name in used if name not in own and name not in allowed]


def base_names() -> set[str]:
    return set().union(*(defined_names(path.read_text(encoding="utf-8")) for path in BASES))


@pytest.mark.parametrize("part", PARTS)
def test_a_part_calls_only_what_is_declared(part):
    """Every ``self.x`` of a part is its own, the Horde base classes' (Game, HordeGame) or
    declared once in needs.Parts; a call to another part's method that is not declared there
    (the hidden loop) fails this test."""
    source = (PACKAGE / f"{part}.py").read_text(encoding="utf-8")
    assert undeclared_uses(source, base_names() | set(needs.DECLARED)) == []


def test_the_check_finds_an_undeclared_call():
    """The check above is not vacuous: a part calling an undeclared method is reported."""
    source = ("class Part:\n"
              "    if TYPE_CHECKING:\n"
              "        def reveal_top(self): ...\n"
              "    def go(self):\n"
              "        self.own()\n"
              "        return self.reveal_top()\n"
              "    def own(self):\n"
              "        self.kept = 1\n")
    assert undeclared_uses(source, set()) == ["reveal_top"]
    assert undeclared_uses(source, {"reveal_top"}) == []


def test_the_declarations_are_the_parts_base_and_all_implemented():
    """needs.DECLARED lists exactly what Parts declares, and a LimitedHorde game has each
    (methods and properties on the class, settings on a started game)."""
    source = Path(needs.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    parts = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Parts")
    declared = defined_names(ast.unparse(parts))
    assert declared == set(needs.DECLARED)
    started = game(["Zombie"] * 10, stack=True)
    for name in needs.DECLARED:
        assert hasattr(started, name), name
        assert not any(klass is needs.Parts for klass in type(started).__mro__
                       if name in vars(klass)), name


@pytest.mark.parametrize("part", PARTS)
def test_no_part_imports_the_game_it_is_part_of(part):
    """The import graph: a part imports needs, rules and the shared engine, never game.py."""
    tree = ast.parse((PACKAGE / f"{part}.py").read_text(encoding="utf-8"))
    siblings = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level == 1}
    assert "game" not in siblings  # .game is LimitedHorde; ..game is the shared engine
    assert "needs" in siblings


@pytest.mark.parametrize(("aggro", "stage", "eldrazi", "mode"), [
    (False, "preparation", False, "none"),
    (False, "assault", True, "spawn"),
    (False, "epilogue", True, "all"),
    (True, "preparation", False, "all"),
])
def test_lh_8_12_hunting_mode_is_a_function_of_its_inputs(aggro, stage, eldrazi, mode):
    assert hunting_mode(aggro, stage, eldrazi) == mode


def test_lh_3_13_the_horde_target_is_a_function_of_its_inputs_and_the_seed():
    """The same permanents and seed give the same pick, with no game at all; the game's
    ``target`` action answers the same for the same seed."""
    permanents = [{"name": "Bear", "mv": 2}, {"name": "Angel", "mv": 5},
                  {"name": "Dragon", "mv": 5}]
    first = horde_target("destroy", permanents, 0, True, False, Rng("seed-1"))
    again = horde_target("destroy", permanents, 0, True, False, Rng("seed-1"))
    assert first == again and first.data["tied"] == ["Angel", "Dragon"]
    lethal = horde_target("damage", [{"name": "Elf", "toughness": 1},
                                     {"name": "Wall", "toughness": 4}], 3, False, False,
                          Rng("x"))
    assert lethal.data == {"effect": "damage", "pick": "Elf", "rule": "highest-toughness-lethal",
                           "tied": ["Elf"]}
    with pytest.raises(ActionError):
        horde_target("bounce", permanents, 0, True, False, Rng("x"))
    for nameless in ([{"mv": 3}], [{"name": "", "mv": 3}], ["Bear"], [{"name": 7, "mv": 1}]):
        for effect in ("destroy", "damage"):  # said in plain words, not a KeyError
            with pytest.raises(ActionError, match="needs a name and"):
                horde_target(effect, nameless, 2, False, False, Rng("x"))
    played, twin = game(["Zombie"] * 10), game(["Zombie"] * 10)
    assert isinstance(played, LimitedHorde)
    [event] = played.apply({"type": "target", "effect": "destroy", "permanents": permanents})
    assert event == horde_target("destroy", permanents, 0, True, False, twin.rng)
