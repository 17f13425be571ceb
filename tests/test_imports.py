"""Architecture: the engine core imports only the standard library and never the adapters."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "pyengine"
#: Modules that may touch the outside world; the core must never import them.
ADAPTERS = {"pyengine.cli", "pyengine.files", "pyengine.browser", "pyengine.__main__"}
BROWSER_ONLY = {"js", "pyodide", "pyscript", "polyscript"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    try:
        name = module_name(path)
    except ValueError:  # a file outside the repository (the checker's own test)
        name = "outside"
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
                if node.module is None:
                    found.extend(f"{prefix}.{alias.name}" for alias in node.names)
                    continue
                found.append(target)
            else:
                found.append(node.module or "")
    return found


def engine_modules() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts)


def is_adapter(name: str) -> bool:
    return name in ADAPTERS or name.startswith("pyengine.commands")


def core_modules() -> list[tuple[str, Path]]:
    """(module name, path) of every core module: all but the adapters."""
    named = ((module_name(path), path) for path in engine_modules())
    return [(name, path) for name, path in named if not is_adapter(name)]


def test_engine_imports_only_stdlib_and_itself():
    """Every pyengine module imports only the standard library and pyengine (browser modules
    only in the browser adapter)."""
    stdlib = set(sys.stdlib_module_names)
    bad = []
    for path in engine_modules():
        name = module_name(path)
        for imported in imports_of(path):
            top = imported.split(".")[0]
            if top == "pyengine":
                continue
            if top in BROWSER_ONLY:
                if name != "pyengine.browser":
                    bad.append(f"{name} imports {imported} (browser-only)")
                continue
            if top not in stdlib:
                bad.append(f"{name} imports {imported} (not standard library)")
    assert not bad, "\n".join(bad)


def test_core_never_imports_adapters():
    """The core (everything but cli, files, browser and commands) never imports those."""
    bad = []
    for name, path in core_modules():
        for imported in imports_of(path):
            if any(imported == a or imported.startswith(a + ".") for a in ADAPTERS) or \
                    imported.startswith("pyengine.commands"):
                bad.append(f"{name} imports {imported}")
    assert not bad, "\n".join(bad)


def test_the_rules_never_import_the_widget_layer():
    """The engines and what they read (everything of the core outside ``pyengine.widgets``)
    never import the play pages' controllers: the widgets stand on the engines, not the other
    way round, so no import loop can join them."""
    bad = [f"{name} imports {imported}"
           for name, path in core_modules() if not name.startswith("pyengine.widgets")
           for imported in imports_of(path)
           if imported == "pyengine.widgets" or imported.startswith("pyengine.widgets.")]
    assert not bad, "\n".join(bad)


def test_core_does_no_io_or_printing():
    """No print(), open() or input() calls in core modules."""
    bad = []
    for name, path in core_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in {"print", "open", "input"}:
                bad.append(f"{name}:{node.lineno} calls {node.func.id}()")
    assert not bad, "\n".join(bad)


def test_the_checker_sees_a_forbidden_import(tmp_path):
    """The import checker itself works: it reports a third-party import."""
    fake = tmp_path / "probe.py"
    fake.write_text("import yaml\nfrom js import document\n", encoding="utf-8")
    assert imports_of(fake) == ["yaml", "js"]
