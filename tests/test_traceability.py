"""Rule -> function -> test is one search (issue 29 point 7).

Every rule marker on the site's pages (``[[SW 5.3]]`` gives the anchor ``sw-5-3``, read with
``sitebuild.rules``, the build's own grammar) is either named in ``pyengine/`` (the function
that decides it cites the anchor in its docstring) or listed in
``tests/data/text_only_rules.txt`` with a one-line reason (a rule about people, deck-building
advice, background, or a thing the table does that the engine has no state for).
"""

from __future__ import annotations

import re
from pathlib import Path

from sitebuild.rules import anchor_for, find_shortcodes

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ENGINE = ROOT / "pyengine"
TEXT_ONLY = ROOT / "tests" / "data" / "text_only_rules.txt"
NAMED_RE = re.compile(r"(?<![\w-])((?:sw|lh|hs|tc)(?:-[0-9]+[a-z]?)+)(?![\w-])")


def site_rules() -> dict[str, str]:
    """Anchor -> page of every rule marker defined on the site's pages."""
    found: dict[str, str] = {}
    for page in sorted(DOCS.rglob("*.md")):
        for code in find_shortcodes(page.read_text(encoding="utf-8")):
            if code.kind == "define":
                found[anchor_for(code.number)] = page.relative_to(DOCS).as_posix()
    return found


def engine_anchors() -> set[str]:
    """Every rule anchor named anywhere in pyengine/ (docstrings, comments, event data)."""
    return {match for path in ENGINE.rglob("*.py")
            for match in NAMED_RE.findall(path.read_text(encoding="utf-8"))}


def text_only(path: Path = TEXT_ONLY) -> dict[str, str]:
    """Anchor -> reason, from the data file (``#`` lines are comments)."""
    listed: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        anchor, _, reason = line.partition(" ")
        assert reason.strip(), f"{path.name}:{number}: {anchor} needs a reason"
        assert anchor not in listed, f"{path.name}:{number}: {anchor} listed twice"
        listed[anchor] = reason.strip()
    return listed


def test_site_has_rules() -> None:
    """sw-5-3, lh-6-2, hs-4-1, tc-2-2: the collector reads the rule markers of all four
    rulebooks (a broken collector must not pass by finding nothing)."""
    rules = site_rules()
    for anchor in ("sw-5-3", "lh-6-2", "hs-4-1", "tc-2-2"):
        assert anchor in rules
    assert {page.partition("/")[0] for page in rules.values()} >= {
        "swarm", "limited-horde", "horde", "team-commander"}


def test_every_rule_is_traced_or_text_only() -> None:
    """Every rule anchor on the site (sw-*, lh-*, hs-*, tc-*) is named in pyengine/ or listed
    as text only with a reason."""
    named, listed = engine_anchors(), text_only()
    missing = [f"{anchor} ({page})" for anchor, page in site_rules().items()
               if anchor not in named and anchor not in listed]
    assert not missing, ("name these anchors in the function that decides the rule, or list "
                         "them in tests/data/text_only_rules.txt with a reason: "
                         + ", ".join(missing))


def test_text_only_list_is_true() -> None:
    """The text-only list names real rules, and none the engine names (a rule the engine
    decides is not text only)."""
    rules, named = site_rules(), engine_anchors()
    listed = text_only()
    unknown = sorted(set(listed) - set(rules))
    assert not unknown, f"not a rule on the site: {unknown}"
    decided = sorted(a for a in listed if a in named)
    assert not decided, f"named in pyengine/, so not text only: {decided}"


def test_engine_names_only_real_rules() -> None:
    """An anchor cited in pyengine/ is a rule marker or a section heading on the site (a
    wrong anchor is worse than none)."""
    rules = set(site_rules())
    headings = set()
    for page in DOCS.rglob("*.md"):
        headings.update(re.findall(r"\{[^}]*#((?:sw|lh|hs|tc)(?:-[0-9a-z]+)+)[^}]*\}",
                                   page.read_text(encoding="utf-8")))
    stray = sorted(engine_anchors() - rules - headings)
    assert not stray, f"pyengine/ cites anchors the site does not have: {stray}"
