"""The page's side of the page <-> worker contract, written from the worker's side (issue 45,
point 5): ``types/messages.d.ts`` holds the TypedDicts of :mod:`pyengine.widgets.messages` as
TypeScript types, which the page's JavaScript (``docs/assets/widget-host.js``) imports in its
JSDoc, so ``tsc`` refuses a page that reads a field the worker no longer sends.

``python -m sitebuild.messages_dts`` rewrites the file; ``tests/test_messages_dts.py`` fails
while the committed one differs from what this writes.
"""

from __future__ import annotations

import ast
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any, NotRequired, get_args, get_origin, get_type_hints, is_typeddict

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "pyengine" / "widgets" / "messages.py"
TARGET = ROOT / "types" / "messages.d.ts"

HEADER = """\
// The messages between a play page (docs/assets/widget-host.js) and the Python worker, as
// TypeScript types. Written by `python -m sitebuild.messages_dts` from
// pyengine/widgets/messages.py: do not edit (tests/test_messages_dts.py checks it is current).
"""

_SCALARS: dict[Any, str] = {str: "string", int: "number", float: "number", bool: "boolean",
                            type(None): "null"}


#: A reStructuredText role (``:class:`~pyengine.widgets.Item```): its target alone.
_ROLE = re.compile(r":[a-z]+:`~?([^`]*)`")


class MessagesError(ValueError):
    """A type in the messages that has no TypeScript form here."""


def ts_type(hint: Any) -> str:
    """The TypeScript spelling of one field's type."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    if is_typeddict(hint):
        return str(hint.__name__)
    origin, args = get_origin(hint), get_args(hint)
    if origin is list:
        inner = ts_type(args[0])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if origin is dict:
        if args[0] is not str:
            raise MessagesError(f"a JSON object's keys are text, not {args[0]!r}")
        return f"Record<string, {ts_type(args[1])}>"
    if origin in (typing.Union, types.UnionType):
        return " | ".join(ts_type(arg) for arg in args)
    raise MessagesError(f"no TypeScript type for {hint!r}")


def _comments(source: str) -> dict[tuple[str, str], str]:
    """``(class, field) -> its #: comment`` and ``(class, "") -> its docstring``."""
    lines = source.splitlines()
    found: dict[tuple[str, str], str] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        doc = ast.get_docstring(node)
        if doc:
            found[(node.name, "")] = doc
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                said: list[str] = []
                row = item.lineno - 2
                while row >= 0 and lines[row].strip().startswith("#:"):
                    said.insert(0, lines[row].strip()[2:].strip())
                    row -= 1
                if said:
                    found[(node.name, item.target.id)] = " ".join(said)
    return found


def _doc(text: str, indent: str) -> list[str]:
    words = _ROLE.sub(r"\1", " ".join(text.replace("``", "`").split()))
    words = words.replace("*/", "*\\/")
    out, line = [], ""
    for word in words.split(" "):
        if line and len(indent) + 3 + len(line) + 1 + len(word) > 96:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    out.append(line)
    if len(out) == 1:
        return [f"{indent}/** {out[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {part}" for part in out), f"{indent} */"]


def declarations(source: str) -> str:
    """The ``.d.ts`` text for a messages module's source (``messages.py``'s text, or a
    changed copy of it in a test)."""
    namespace: dict[str, Any] = {"__name__": "messages_for_dts"}
    exec(compile(source, str(SOURCE), "exec"), namespace)  # our own module's text
    comments = _comments(source)
    out = [HEADER]
    for name, value in namespace.items():
        if not is_typeddict(value) or value.__module__ != "messages_for_dts":
            continue
        hints = get_type_hints(value, globalns=namespace, include_extras=True)
        if name in [n for (n, f) in comments if not f]:
            out.extend(_doc(comments[(name, "")], ""))
        out.append(f"export interface {name} {{")
        for field, hint in hints.items():
            if (name, field) in comments:
                out.extend(_doc(comments[(name, field)], "  "))
            optional = get_origin(hint) is NotRequired
            if optional:
                hint = get_args(hint)[0]
            out.append(f"  {field}{'?' if optional else ''}: {ts_type(hint)};")
        out.append("}")
        out.append("")
    keys = namespace.get("ADAPTER_KEYS")
    if isinstance(keys, dict):
        out.extend(_doc("The form keys the adapter adds to the page's fields.", ""))
        out.append("export type AdapterKey =")
        out.extend(f'  | "{key}"' for key in keys)
        out[-1] += ";"
        out.extend(_doc("What `handle` sends as its form: the page's fields (data-field name -> "
                        "text) and the adapter's own keys.", ""))
        out.append("export type Form = Record<string, string>;")
        out.append("")
    return "\n".join(out)


def current() -> str:
    """The ``.d.ts`` text for today's ``messages.py``."""
    return declarations(SOURCE.read_text(encoding="utf-8"))


def main() -> int:
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(current(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
