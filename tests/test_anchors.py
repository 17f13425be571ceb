"""Rule anchors are permanent: every anchor in tests/data/rule_anchors.txt must stay in the build.

People link to rules from chats and notes (``.../swarm/index.html#sw-5-3``), so a rule anchor
that is renamed, moved to another page or dropped breaks their links. The kept list names every
rule anchor (rule markers ``[[SW 5.3]]`` and pinned headings ``{ #sw-5 }``) per page, one
``<page> <anchor>`` a line. New anchors must be added to it on purpose.

To rewrite the list from the current docs: ``python tests/test_anchors.py``.
"""

from __future__ import annotations

import io
import re
import tempfile
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KEPT = ROOT / "tests" / "data" / "rule_anchors.txt"
RULEBOOK_DIRS = ("swarm", "limited-horde", "horde", "team-commander")
ANCHOR_RE = re.compile(r'\sid="((?:sw|lh|hs|tc)(?:-[0-9a-z]+)+)"')


def page_name(html_path: Path, site_dir: Path) -> str:
    """The Markdown page a built file comes from.

    ``swarm/quick.html`` (or ``swarm/quick/index.html``) -> ``swarm/quick.md``;
    ``swarm/index.html`` -> ``swarm/index.md``.
    """
    rel = html_path.relative_to(site_dir).as_posix().removesuffix(".html")
    if rel.endswith("/index") and rel.count("/") > 1:
        rel = rel.removesuffix("/index")  # directory URLs: quick/index.html
    return rel + ".md"


def natural(text: str) -> list:
    """Sort key that puts sw-1-2 before sw-1-10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def anchors_in(site_dir: Path) -> set[tuple[str, str]]:
    """Every rule anchor of the rulebook pages of a built site, as ``(page, anchor)``."""
    found = set()
    for folder in RULEBOOK_DIRS:
        for html in (site_dir / folder).rglob("*.html"):
            page = page_name(html, site_dir)
            if page.endswith("/glossary.md"):
                continue
            for anchor in ANCHOR_RE.findall(html.read_text(encoding="utf-8")):
                found.add((page, anchor))
    return found


def read_kept(path: Path = KEPT) -> set[tuple[str, str]]:
    kept = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            page, anchor = line.split()
            kept.add((page, anchor))
    return kept


def format_kept(anchors: set[tuple[str, str]]) -> str:
    header = (
        "# Every rule anchor of the site, one '<page> <anchor>' a line (tests/test_anchors.py).\n"
        "# Never rename or drop one. Rewrite with: python tests/test_anchors.py\n"
    )
    rows = sorted(anchors, key=lambda pa: (pa[0], natural(pa[1])))
    return header + "".join(f"{page} {anchor}\n" for page, anchor in rows)


@pytest.fixture(scope="module")
def built_anchors(built_site) -> set[tuple[str, str]]:
    return anchors_in(built_site)


def test_kept_anchors_still_exist(built_anchors):
    """No rule anchor in the kept list has been renamed, moved or dropped."""
    missing = sorted(read_kept() - built_anchors, key=lambda pa: (pa[0], natural(pa[1])))
    assert not missing, (
        "These rule anchors are gone from the built site (renamed, moved or dropped); links to "
        "them break. Restore them, or keep the old anchor next to the new one:\n"
        + "\n".join(f"  {page} {anchor}" for page, anchor in missing)
    )


def test_new_anchors_are_in_the_kept_list(built_anchors):
    """Every rule anchor of the build is in the kept list, so a later rename is caught."""
    new = sorted(built_anchors - read_kept(), key=lambda pa: (pa[0], natural(pa[1])))
    assert not new, (
        "New rule anchors: add them to tests/data/rule_anchors.txt (or run "
        "`python tests/test_anchors.py` to rewrite it):\n"
        + "\n".join(f"{page} {anchor}" for page, anchor in new)
    )


def test_kept_list_is_sorted_and_unique():
    """The kept list stays sorted, without repeats, so diffs stay readable."""
    lines = [
        line for line in KEPT.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(lines) == len(set(lines)), "rule_anchors.txt has repeated lines"
    assert KEPT.read_text(encoding="utf-8") == format_kept(read_kept())


# -- rule references in the code --------------------------------------------------------------
#: A rule anchor named in code or tests: ``sw-5-3``, ``tc-4-2``, a section ``lh-6``.
CODE_ANCHOR_RE = re.compile(r"(?<![\w-])(?:sw|lh|hs|tc)-\d+(?:-\d+)*(?![\w-])")
#: A rule number as people write it (user-facing text): ``SW 5.3``, ``TC 4.2``.
HUMAN_RE = re.compile(r"\b(SW|LH|HS|TC) (\d+(?:\.\d+)?)\b")
#: Files whose rule numbers are made up on purpose (tests of the anchor machinery itself).
NOT_REFERENCES = {"tests/test_anchors.py", "tests/test_rules_hook.py"}


def code_files() -> list[Path]:
    files = sorted((ROOT / "pyengine").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    return [f for f in files if f.relative_to(ROOT).as_posix() not in NOT_REFERENCES]


def docs_and_comments(source: str) -> list[tokenize.TokenInfo]:
    """The comments and docstrings (string statements) of a Python source."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    found = []
    skip = (tokenize.NL, tokenize.COMMENT)
    starts = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    for i, token in enumerate(tokens):
        if token.type == tokenize.COMMENT:
            found.append(token)
        elif token.type == tokenize.STRING:
            j = i - 1
            while j >= 0 and tokens[j].type in skip:
                j -= 1
            if (j < 0 or tokens[j].type in starts) and tokens[i + 1].type == tokenize.NEWLINE:
                found.append(token)
    return found


def test_rule_references_in_code_and_tests_exist():
    """Every rule named in pyengine/ and tests/ -- by anchor (``tc-4-2``) in docstrings and
    comments, or by number (``TC 4.2``) in text the user reads -- is a rule anchor the site
    keeps (Team Commander, legality and every engine included)."""
    kept = {anchor for _, anchor in read_kept()}
    unknown = []
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT).as_posix()
        for anchor in CODE_ANCHOR_RE.findall(text):
            if anchor not in kept:
                unknown.append(f"{rel}: {anchor}")
        for prefix, number in HUMAN_RE.findall(text):
            anchor = f"{prefix.lower()}-{number.replace('.', '-')}"
            if anchor not in kept:
                unknown.append(f"{rel}: {prefix} {number}")
    assert not unknown, "rule references with no rule on the site:\n" + "\n".join(unknown)


def test_docstrings_and_comments_use_the_anchor_form():
    """Docstrings and comments name rules by the site's anchor (``sw-5-3``), never as
    ``SW 5.3``, except where they explain the two forms (``sw-5-3`` is rule SW 5.3) or quote a
    marker (``[[SW 5.3]]``) or a label (``"HS 1.1"``)."""
    explained = re.compile(r'\[\[[^\]]*$|\bis (?:rule )?$|"$')
    wrong = []
    for path in code_files():
        for token in docs_and_comments(path.read_text(encoding="utf-8")):
            for match in HUMAN_RE.finditer(token.string):
                if not explained.search(token.string[: match.start()]):
                    line = token.start[0] + token.string[: match.start()].count("\n")
                    wrong.append(f"{path.relative_to(ROOT).as_posix()}:{line}: {match.group(0)}")
    assert not wrong, "use the anchor form (sw-5-3) for these:\n" + "\n".join(wrong)


if __name__ == "__main__":
    from devtools.site import build_site

    with tempfile.TemporaryDirectory() as tmp:
        build_site(Path(tmp), strict=True)
        anchors = anchors_in(Path(tmp))
    KEPT.parent.mkdir(parents=True, exist_ok=True)
    KEPT.write_text(format_kept(anchors), encoding="utf-8")
    print(f"wrote {len(anchors)} anchors to {KEPT.relative_to(ROOT)}")
