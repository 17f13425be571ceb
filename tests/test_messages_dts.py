"""The page <-> worker contract from both sides (issue 45, point 5): ``types/messages.d.ts`` is
written from ``pyengine/widgets/messages.py`` (:mod:`sitebuild.messages_dts`) and the page's
JavaScript is type-checked against it by ``tsc``, so a field the page reads that the worker no
longer sends fails the check. Python's answers are held against the same TypedDicts by
``tests/test_widgets_messages.py``. The messages carry the runners' saves and share links:
hs-2-9 (Horde), sw-3-4 (Swarm), tc-2-2 (the Team table)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import NotRequired, get_args, get_origin, get_type_hints

import pytest

from pyengine.widgets import messages
from sitebuild import messages_dts

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "node_modules" / ".bin" / "tsc"
SOURCE = messages_dts.SOURCE.read_text(encoding="utf-8")
MESSAGES = [messages.PageInfo, messages.ItemData, messages.FetchData, messages.ViewData,
            messages.Answer]


def tsc(folder: Path) -> subprocess.CompletedProcess[str]:
    """``tsc -p jsconfig.json`` in ``folder`` (the repository, or a copy of its page code)."""
    assert TSC.exists(), "TypeScript is missing: run scripts/setup.sh (npm ci)"
    return subprocess.run([str(TSC), "-p", "jsconfig.json", "--pretty", "false"], cwd=folder,
                          capture_output=True, text=True, timeout=300, check=False)


def page_copy(folder: Path, declarations: str | None = None,
              change: tuple[str, str, str] | None = None) -> Path:
    """The page's JavaScript, its jsconfig and type files copied under ``folder``; the
    messages' declarations replaced by ``declarations``; ``change``: (file, old, new) in a
    page script."""
    (folder / "docs" / "assets").mkdir(parents=True)
    for script in (ROOT / "docs" / "assets").glob("*.js"):
        shutil.copy(script, folder / "docs" / "assets" / script.name)
    shutil.copytree(ROOT / "types", folder / "types")
    shutil.copy(ROOT / "jsconfig.json", folder / "jsconfig.json")
    os.symlink(ROOT / "node_modules", folder / "node_modules")  # pyodide's own types
    if declarations is not None:
        (folder / "types" / "messages.d.ts").write_text(declarations, encoding="utf-8")
    if change is not None:
        name, old, new = change
        script = folder / "docs" / "assets" / name
        text = script.read_text(encoding="utf-8")
        assert text.count(old) >= 1, f"{name} no longer holds {old!r}"
        script.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_the_committed_declarations_are_current():
    """sw-3-4: the page's types are the worker's messages as they are now (rewrite them with
    `python -m sitebuild.messages_dts`)."""
    assert messages_dts.TARGET.read_text(encoding="utf-8") == messages_dts.current()


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: m.__name__)
def test_each_message_is_declared_field_by_field(message):
    """hs-2-9: every field of every message, optional exactly where Python's is NotRequired,
    of the type its Python type names."""
    text = messages_dts.current()
    body = re.search(r"export interface " + message.__name__ + r" \{\n(.*?)\n\}", text, re.S)
    assert body, message.__name__
    declared = dict(re.findall(r"^  (\w+\??): (.+);$", body.group(1), re.M))
    hints = get_type_hints(message, include_extras=True)
    expected = {}
    for field, hint in hints.items():
        optional = get_origin(hint) is NotRequired
        expected[field + ("?" if optional else "")] = messages_dts.ts_type(
            get_args(hint)[0] if optional else hint)
    assert declared == expected


@pytest.mark.parametrize("hint,spelled", [
    (str, "string"), (int, "number"), (bool, "boolean"), (str | None, "string | null"),
    (list[str], "string[]"), (list[str | None], "(string | null)[]"),
    (dict[str, list[list[str]]], "Record<string, string[][]>"),
    (messages.ItemData, "ItemData"),
])
def test_python_types_read_as_typescript(hint, spelled):
    """tc-2-2: the types a message may use, each as TypeScript spells it."""
    assert messages_dts.ts_type(hint) == spelled


def test_a_type_with_no_json_form_is_refused():
    """sw-3-4: a message field JSON cannot carry is an error, not a guess."""
    with pytest.raises(messages_dts.MessagesError):
        messages_dts.ts_type(dict[int, str])
    with pytest.raises(messages_dts.MessagesError):
        messages_dts.ts_type(set[str])


def test_the_page_javascript_type_checks():
    """hs-2-9: the page's scripts as committed pass `tsc` (strict, checkJs)."""
    done = tsc(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_copy_of_the_page_code_type_checks(tmp_path):
    """sw-3-4: the copy the breaks below are made in passes as it is (so their failures are
    the breaks', nothing else)."""
    done = tsc(page_copy(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr


#: A field the worker stops sending (renamed in messages.py): the page reads each of them, so
#: the check must fail, naming it.
WORKER_BREAKS = [
    ("ViewData", "    lists: NotRequired", "    item_lists: NotRequired", "lists"),
    ("ViewData", "    hidden: NotRequired", "    shown: NotRequired", "hidden"),
    ("ViewData", "    url_hash: NotRequired", "    fragment: NotRequired", "url_hash"),
    ("ViewData", "    fetches: NotRequired", "    requests: NotRequired", "fetches"),
    ("ItemData", "    image_alt: str", "    alt: str", "image_alt"),
    ("FetchData", "    tag: str", "    label: str", "tag"),
    ("Answer", "    writes: dict", "    slots: dict", "writes"),
    ("Answer", "    stale: NotRequired[bool]", "    refused: NotRequired[bool]", "stale"),
    ("PageInfo", "    save_data: bool", "    saves_data: bool", "save_data"),
]


@pytest.mark.parametrize("message,old,new,field", WORKER_BREAKS,
                         ids=[f"{b[0]}.{b[3]}" for b in WORKER_BREAKS])
def test_a_field_the_worker_no_longer_sends_fails_the_check(tmp_path, message, old, new,
                                                            field):
    """tc-2-2: messages.py with one field renamed: the declarations written from it, and the
    page's scripts checked against them, fail on that field (a regular expression over the
    page's code did not notice such a break)."""
    assert SOURCE.count(old) == 1, f"messages.py no longer declares {old.strip()!r}"
    changed = messages_dts.declarations(SOURCE.replace(old, new))
    done = tsc(page_copy(tmp_path, declarations=changed))
    said = done.stdout + done.stderr
    assert done.returncode != 0, said
    assert re.search(r"'" + field + r"'", said), said


#: The page reading a field the worker does not send (a typo or a stale name in the adapter).
PAGE_BREAKS = [
    ("widget-host.js", "view.url_hash !== undefined) later.hash", "view.urlHash !== undefined) "
     "later.hash", "urlHash"),
    ("widget-host.js", "Object.entries(view.lists || {})", "Object.entries(view.list || {})",
     "list"),
    ("widget-host.js", "if (answer.stale) {", "if (answer.refused) {", "refused"),
    ("widget-host.js", "image.alt = item.image_alt || item.text;",
     "image.alt = item.imageAlt || item.text;", "imageAlt"),
]


@pytest.mark.parametrize("script,old,new,field", PAGE_BREAKS, ids=[b[3] for b in PAGE_BREAKS])
def test_the_page_reading_a_field_not_sent_fails_the_check(tmp_path, script, old, new, field):
    """hs-2-9: the adapter changed to read a field no message has: the check fails on it."""
    done = tsc(page_copy(tmp_path, change=(script, old, new)))
    said = done.stdout + done.stderr
    assert done.returncode != 0, said
    assert re.search(r"Property '" + field + r"' does not exist", said), said


def test_every_page_script_says_it_is_type_checked():
    """sw-3-4: each script under docs/assets/ starts with `// @ts-check`, and the check's
    config takes every one of them (a new script is checked from its first commit)."""
    import json

    scripts = sorted((ROOT / "docs" / "assets").glob("*.js"))
    assert scripts
    unmarked = [s.name for s in scripts
                if s.read_text(encoding="utf-8").splitlines()[0] != "// @ts-check"]
    assert unmarked == []
    config = json.loads((ROOT / "jsconfig.json").read_text(encoding="utf-8"))
    assert "docs/assets/*.js" in config["include"]
    assert config["compilerOptions"]["strict"] is True
    assert config["compilerOptions"]["checkJs"] is True
