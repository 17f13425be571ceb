"""Every regular expression in ``pyengine/`` and hostile text for each (issue 40, point 2),
shared by ``tests/test_patterns.py`` (each pattern's worst input found, then read at the size
the site allows) and ``bench/bench_patterns.py`` (timed against a budget).

:func:`collect` finds the patterns two ways: the module-level compiled patterns (alone or in
lists, tuples and dicts), and every call ``re.compile``/``re.search``/... in the source whose
pattern (and flags) can be worked out from the module's own names; a call whose pattern is
built from a local name is listed in :func:`unresolved` and read by hand (the test names each
one and why it is safe).

:func:`hostile` builds the inputs that make a backtracking matcher slow: the pattern's own
leading literal text (``"Partner with "``), then a long run of one or two characters (spaces,
newlines, digits, brackets, words), then a character that makes the match fail at the very
end. A linear pattern reads each in time proportional to its length.
"""

from __future__ import annotations

import ast
import importlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "pyengine"

#: The most text a page passes to Python in one box (pyengine.widgets.MAX_PASTE_CHARS): the
#: size every pattern is read at.
ALLOWED = 300_000

_CALLS = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "findall": 2, "finditer": 2,
          "split": 3, "sub": 4, "subn": 4}
_UNITS = (" ", "\n", "\t", "a", "A", "1", "x", "-", "—", "(", ")", "{", "}", "[", "]", "/",
          "_", ",", ".", "~", "+", ":", "'", '"', "#", "=", "*", "|", "<", ">", "&",
          " a", "a ", "a,", "1 ", "{1}", "()", "[]", "- ", "\n ", " \n", "a_", "1/", "(1)",
          "A ", "x ", ", ", " or ", " and ", "{", "a1", "1a", "+1", "a+", "\r\n")
_ENDS = ("", "!\n!")


@dataclass(frozen=True)
class Found:
    """One pattern and where it is (``module:line`` or ``module.NAME``)."""

    where: str
    pattern: re.Pattern[str]


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, path


def _patterns_in(value: object) -> Iterator[re.Pattern[str]]:
    if isinstance(value, re.Pattern):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _patterns_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _patterns_in(item)


def _scan() -> tuple[list[Found], list[str]]:
    found: dict[tuple[str, int], Found] = {}
    unresolved: list[str] = []
    for name, path in _modules():
        if name in ("pyengine.browser", "pyengine.__main__"):
            continue
        module = importlib.import_module(name)
        space = vars(module)
        for key, value in space.items():
            for pattern in _patterns_in(value):
                if isinstance(pattern.pattern, str):
                    found.setdefault((pattern.pattern, pattern.flags),
                                     Found(f"{name}.{key}", pattern))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.func.attr in _CALLS and node.args):
                continue
            where = f"{name}:{node.lineno}"
            flags_at = _CALLS[node.func.attr]
            flags_node = next((k.value for k in node.keywords if k.arg == "flags"),
                              node.args[flags_at] if len(node.args) > flags_at else None)
            try:
                text = eval(compile(ast.Expression(node.args[0]), where, "eval"), space)
                flags = 0 if flags_node is None else eval(
                    compile(ast.Expression(flags_node), where, "eval"), space)
            except Exception:
                unresolved.append(where)
                continue
            if isinstance(text, re.Pattern):
                continue  # a module-level pattern, found above
            pattern = re.compile(text, flags)
            found.setdefault((pattern.pattern, pattern.flags), Found(where, pattern))
    return list(found.values()), unresolved


def collect() -> list[Found]:
    """Every pattern in ``pyengine/`` whose text the source gives."""
    return _scan()[0]


def unresolved() -> list[str]:
    """``module:line`` of each ``re`` call whose pattern is built at run time."""
    return _scan()[1]


def _leading_literals(pattern: re.Pattern[str]) -> list[str]:
    """The literal text a match must start with, and that of each top-level alternative."""
    from re import _constants as c  # type: ignore[attr-defined]
    from re import _parser as p  # type: ignore[attr-defined]

    def literal(items: list) -> str:
        out = []
        for op, arg in items:
            if op is c.AT:
                continue
            if op is c.LITERAL:
                out.append(chr(arg))
            elif op is c.SUBPATTERN:
                inner = literal(list(arg[-1]))
                out.append(inner)
                break
            elif op is c.IN and len(arg) == 1 and arg[0][0] is c.LITERAL:
                out.append(chr(arg[0][1]))
            else:
                break
        return "".join(out)

    try:
        parsed = list(p.parse(pattern.pattern, pattern.flags))
    except Exception:  # pragma: no cover - compiled already
        return [""]
    heads = {"", literal(parsed)}
    for op, arg in parsed:
        if op is c.BRANCH:
            heads.update(literal(list(branch)) for branch in arg[1])
        elif op is c.SUBPATTERN:
            for inner_op, inner_arg in arg[-1]:
                if inner_op is c.BRANCH:
                    heads.update(literal(list(branch)) for branch in inner_arg[1])
        if op not in (c.AT,):
            break
    return sorted(heads)


def hostile(pattern: re.Pattern[str], size: int) -> Iterator[str]:
    """Inputs of ``size`` characters (about) built to slow ``pattern`` down."""
    for head in _leading_literals(pattern):
        for heads in dict.fromkeys((head, head.lower())):
            for unit in _UNITS:
                body = unit * max(1, (size - len(heads)) // len(unit))
                for end in _ENDS:
                    yield heads + body + end
                if heads:  # the pattern's start again and again (one try from each)
                    yield (heads + unit) * max(1, size // (len(heads) + len(unit)))


def read_all(pattern: re.Pattern[str], text: str) -> None:
    """The pattern's work on ``text``: every match from every start, and a whole-text match."""
    pattern.findall(text)
    pattern.fullmatch(text)


def timed(call: Callable[[], object]) -> float:
    """Seconds ``call`` takes (process time)."""
    start = time.process_time()
    call()
    return time.process_time() - start


def worst(found: Found, size: int) -> tuple[float, str]:
    """The slowest of :func:`hostile`'s inputs at ``size`` for one pattern: (seconds, text)."""
    slowest, text_of = -1.0, ""
    for text in hostile(found.pattern, size):
        took = timed(lambda text=text: read_all(found.pattern, text))  # type: ignore[misc]
        if took > slowest:
            slowest, text_of = took, text
    return slowest, text_of
