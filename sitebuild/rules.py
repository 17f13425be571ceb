"""Rule numbers, rule references and the glossaries, as plain functions over page text
(``hooks/rules.py`` only calls them from MkDocs events).

Shortcodes in the Markdown of every page:

* ``[[SW 5.3]]`` at the very start of a paragraph or list item defines rule SW 5.3. It renders
  as a number that links to itself, with the anchor ``sw-5-3``.
* ``[[see LH 4.2]]`` anywhere renders as a link "LH 4.2" to the page and anchor defining it.
  Section headings pinned with a rule-shaped anchor (``## 4. Turns { #lh-4 }``) can be referred
  to the same way (``[[see LH 4]]``).

Anything else between ``[[`` and ``]]`` outside code, a rule number defined twice or a
reference to a rule that no page defines fails the build (``BuildError``), naming the file and
line.

The glossaries come from ``glossary/<rulebook>.yml`` (schema in CONTRIBUTING.md). They are
validated, generate ``<rulebook>/glossary.md`` for each rulebook and the master
``glossary.md``, and the first use of each term on each page of a rulebook links to its entry.
"""

from __future__ import annotations

import html
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from pyengine import variants
from pyengine.game import rule_number
from sitebuild import BuildError
from sitebuild.csp import markup_in

#: Under "mkdocs." so that MkDocs shows its messages (info only: `--strict` builds pass).
log = logging.getLogger("mkdocs.hooks.rules")

PREFIXES = {v.prefix: v.rulebook for v in variants.rulebooks()}
"""Rule-number prefix -> rulebook folder (and glossary file name): the variants' descriptors
(pyengine/variants.py)."""

RULEBOOKS = {v.rulebook: v.rulebook_title for v in variants.rulebooks()}
"""Rulebook folder -> the name readers see."""

_NUMBER = rf"(?:{'|'.join(PREFIXES)}) \d+(?:\.\d+)*[a-z]?"
SHORTCODE_RE = re.compile(r"\[\[(.*?)\]\]")
DEFINE_RE = re.compile(rf"^({_NUMBER})$")
REFER_RE = re.compile(rf"^see ({_NUMBER})$")
RULE_NUMBER_RE = re.compile(rf"^{_NUMBER}$")
# Where a definition may stand: start of a line, after indentation, block quotes and one list
# bullet ("- ", "* ", "+ ", "1. ").
BLOCK_START_RE = re.compile(r"^[ \t]*(?:>[ \t]?)*(?:(?:[-*+]|\d+[.)])[ \t]+)?$")
HEADING_ID_RE = re.compile(r"^#{1,6}[ \t].*\{[^}]*#((?:sw|lh|hs|tc)(?:-[0-9a-z]+)+)[^}]*\}\s*$")
FENCE_RE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*(`{3,}|~{3,})")
GLOSSARY_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def anchor_for(number: str) -> str:
    """Anchor of a rule number: ``"SW 5.3"`` -> ``"sw-5-3"``."""
    return re.sub(r"[ .]", "-", number.strip().lower())


def number_for(anchor: str) -> str:
    """Rule number shown for a rule-shaped anchor: ``"sw-5-3"`` -> ``"SW 5.3"``
    (:func:`pyengine.game.rule_number`, the one spelling)."""
    return rule_number(anchor)


# --------------------------------------------------------------------------------------------
# Markdown scanning


def lines_outside_fences(markdown: str):
    """Yield ``(line_number, line)`` for the lines outside fenced code blocks.

    Fences are ```` ``` ```` or ``~~~`` (also indented, inside admonitions and lists). Line
    numbers start at 1 and count from the start of ``markdown``.
    """
    fence: str | None = None
    for number, line in enumerate(markdown.splitlines(), start=1):
        m = FENCE_RE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                if not line[m.end():].strip():
                    fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield number, line


def iter_text(markdown: str):
    """Yield ``(line_number, column, text)`` for each run of Markdown outside code.

    Fenced code blocks and inline code spans are left out, so shortcodes can be shown in code.
    """
    for number, line in lines_outside_fences(markdown):
        for start, text in _outside_code_spans(line):
            yield number, start, text


def _outside_code_spans(line: str):
    """Yield ``(column, text)`` for the parts of one line outside inline code spans."""
    pos = 0
    start = 0
    while True:
        tick = line.find("`", pos)
        if tick < 0:
            break
        run = len(line[tick:]) - len(line[tick:].lstrip("`"))
        close = re.compile(rf"(?<!`)`{{{run}}}(?!`)").search(line, tick + run)
        if not close:
            pos = tick + run
            continue
        yield start, line[start:tick]
        start = pos = close.end()
    yield start, line[start:]


@dataclass
class Shortcode:
    """One ``[[...]]`` found in a page."""

    kind: str
    """``"define"``, ``"refer"`` or ``"unknown"``."""
    number: str
    """Rule number (``"SW 5.3"``), or the raw text for unknown shortcodes."""
    line: int
    """Line number in the scanned Markdown, from 1."""
    column: int
    """Column of the ``[[`` in that line, from 0."""
    length: int
    """Length of the whole shortcode."""
    at_block_start: bool
    """True if only indentation, quotes or a list bullet precede it on the line."""


def find_shortcodes(markdown: str) -> list[Shortcode]:
    """All shortcodes of a Markdown text, outside code, in order."""
    found = []
    lines = markdown.splitlines()
    for number, start, text in iter_text(markdown):
        for m in SHORTCODE_RE.finditer(text):
            inner = m.group(1)
            column = start + m.start()
            at_start = bool(BLOCK_START_RE.match(lines[number - 1][:column]))
            if d := DEFINE_RE.match(inner):
                kind, value = "define", d.group(1)
            elif r := REFER_RE.match(inner):
                kind, value = "refer", r.group(1)
            else:
                kind, value = "unknown", inner
            found.append(Shortcode(kind, value, number, column, len(m.group(0)), at_start))
    return found


def heading_anchors(markdown: str) -> list[tuple[int, str]]:
    """Rule-shaped anchors pinned on headings: ``## 5. Step { #sw-5 }`` -> ``(line, "sw-5")``."""
    return [
        (number, h.group(1))
        for number, line in lines_outside_fences(markdown)
        if (h := HEADING_ID_RE.match(line))
    ]


def front_matter_lines(text: str) -> int:
    """Number of lines taken by a YAML front matter block at the top of a page (0 if none)."""
    m = re.match(r"^-{3}[ \t]*\n.*?\n(?:-{3}|\.{3})[ \t]*\n", text, re.S)
    return m.group(0).count("\n") if m else 0


# --------------------------------------------------------------------------------------------
# The rule index


@dataclass
class RuleIndex:
    """Where each rule anchor is defined: anchor -> (src_uri, line)."""

    where: dict[str, tuple[str, int]] = field(default_factory=dict)

    def add(self, anchor: str, src_uri: str, line: int) -> None:
        """Record a definition; a second definition of the same anchor fails the build."""
        if anchor in self.where:
            first_uri, first_line = self.where[anchor]
            raise BuildError(
                f"docs/{src_uri}:{line}: rule {number_for(anchor)} (#{anchor}) is already "
                f"defined at docs/{first_uri}:{first_line}"
            )
        self.where[anchor] = (src_uri, line)

    def __contains__(self, anchor: str) -> bool:
        return anchor in self.where


def shortcode_problem(code: Shortcode, index: RuleIndex | None = None) -> str | None:
    """What is wrong with a shortcode, or None. References are checked only given an index."""
    if code.kind == "unknown":
        return (
            f"unknown shortcode [[{code.number}]]; use [[SW 5.3]] at the start of a rule or "
            f"[[see SW 5.3]] to refer to one (prefixes: {', '.join(PREFIXES)})"
        )
    if code.kind == "define" and not code.at_block_start:
        return (
            f"rule marker [[{code.number}]] must start a paragraph or list item; to refer to "
            f"the rule write [[see {code.number}]]"
        )
    if code.kind == "refer" and index is not None and anchor_for(code.number) not in index:
        return (
            f"[[see {code.number}]] refers to a rule that no page defines "
            f"(#{anchor_for(code.number)})"
        )
    return None


def scan_page(index: RuleIndex, src_uri: str, text: str) -> list[Shortcode]:
    """Add the definitions of one page's full source (front matter included) to the index.

    Returns the page's shortcodes; malformed and misplaced ones fail the build.
    """
    codes = find_shortcodes(text)
    for code in codes:
        if problem := shortcode_problem(code):
            raise BuildError(f"docs/{src_uri}:{code.line}: {problem}")
        if code.kind == "define":
            index.add(anchor_for(code.number), src_uri, code.line)
    for line, anchor in heading_anchors(text):
        index.add(anchor, src_uri, line)
    return codes


def check_references(index: RuleIndex, src_uri: str, codes: list[Shortcode]) -> None:
    """Fail the build on a reference to a rule that no page defines."""
    for code in codes:
        if problem := shortcode_problem(code, index):
            raise BuildError(f"docs/{src_uri}:{code.line}: {problem}")


def render_shortcodes(
    markdown: str,
    index: RuleIndex,
    url_to: Callable[[str], str],
    where: str = "page",
    line_offset: int = 0,
) -> str:
    """Replace the shortcodes of a page's Markdown with HTML.

    ``url_to(src_uri)`` returns the URL of another page relative to the current one (or ``""``
    for the current page). ``line_offset`` is added to line numbers in error messages.
    """
    lines = markdown.splitlines(keepends=True)
    edits: dict[int, list[tuple[int, int, str]]] = {}
    for code in find_shortcodes(markdown):
        if problem := shortcode_problem(code, index):
            raise BuildError(f"{where}:{code.line + line_offset}: {problem}")
        anchor = anchor_for(code.number)
        if code.kind == "define":
            new = (
                f'<a class="rule-no" id="{anchor}" href="#{anchor}" '
                f'title="Link to this rule">{code.number}</a>'
            )
        else:
            href = f"{url_to(index.where[anchor][0])}#{anchor}"
            new = f'<a class="rule-ref" href="{html.escape(href)}">{code.number}</a>'
        edits.setdefault(code.line - 1, []).append((code.column, code.length, new))
    for i, changes in edits.items():
        line = lines[i]
        for column, length, new in sorted(changes, reverse=True):
            line = line[:column] + new + line[column + length:]
        lines[i] = line
    return "".join(lines)


# --------------------------------------------------------------------------------------------
# Glossary data


@dataclass
class Entry:
    """One glossary entry, as read from ``glossary/<rulebook>.yml``."""

    rulebook: str
    id: str
    term: str
    definition: str
    aliases: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    line: int = 0
    """Line of the entry in its YAML file (for error messages)."""

    @property
    def key(self) -> str:
        """``"<rulebook>:<id>"``, as used in ``related:``."""
        return f"{self.rulebook}:{self.id}"

    @property
    def plain_definition(self) -> str:
        """The definition as plain text (for the term link's ``title``; terms.js keeps a copy
        in ``data-def`` for the tap popover)."""
        return plain_text(self.definition)


def plain_text(markdown: str) -> str:
    """Strip the little Markdown a definition may hold: shortcodes, links, emphasis, code."""
    text = re.sub(r"\[\[see ([^\]]+)\]\]", r"\1", markdown)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"(\*\*|__|\*|_|`)(.+?)\1", r"\2", text)
    return " ".join(text.split())


def load_glossary(path: Path, rulebook: str) -> list[Entry]:
    """Read and check the shape of one glossary file. Bad data fails the build."""
    text = path.read_text(encoding="utf-8")
    name = f"glossary/{path.name}"
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise BuildError(f"{name}: not valid YAML: {e}") from e
    if data is None:
        return []
    if not isinstance(data, list):
        raise BuildError(f"{name}: must be a list of entries (- id: ..., term: ...)")
    entries = []
    for i, item in enumerate(data):
        line = _line_of_entry(text, item, i)
        where = f"{name}:{line}"
        if not isinstance(item, dict):
            raise BuildError(f"{where}: entry {i + 1} is not a mapping")
        unknown = set(item) - {"id", "term", "aliases", "definition", "rules", "related"}
        if unknown:
            raise BuildError(f"{where}: unknown keys {sorted(unknown)}")
        for key in ("id", "term", "definition"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise BuildError(f"{where}: entry needs a non-empty '{key}' (text)")
        for key in ("term", "definition", "aliases"):  # words: no HTML (it would run)
            for value in [item.get(key)] if key != "aliases" else (item.get(key) or []):
                markup = markup_in(value) if isinstance(value, str) else []
                if markup:
                    raise BuildError(f"{where}: '{key}' holds HTML ({markup[0]}); a glossary "
                                     "entry is words and a little Markdown only")
        if not GLOSSARY_ID_RE.match(item["id"]):
            raise BuildError(f"{where}: id '{item['id']}' must be lower-case words joined by '-'")
        lists = {}
        for key in ("aliases", "rules", "related"):
            value = item.get(key) or []
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise BuildError(f"{where}: '{key}' must be a list of texts")
            lists[key] = [v.strip() for v in value]
        for number in lists["rules"]:
            if not RULE_NUMBER_RE.match(number):
                raise BuildError(f"{where}: '{number}' in rules is not a rule number like SW 4.2")
        for key in lists["related"]:
            rb, _, rid = key.partition(":")
            if rb not in RULEBOOKS or not rid:
                raise BuildError(
                    f"{where}: related '{key}' must be <rulebook>:<id> with a rulebook of "
                    f"{', '.join(RULEBOOKS)}"
                )
        entries.append(
            Entry(
                rulebook,
                item["id"],
                item["term"].strip(),
                item["definition"].strip(),
                lists["aliases"],
                lists["rules"],
                lists["related"],
                line,
            )
        )
    return entries


def _line_of_entry(text: str, item: object, position: int) -> int:
    """Best guess at the line of an entry: its ``id:`` line, else its position among items."""
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        m = re.search(rf"^[ \t-]*id:[ \t]*['\"]?{re.escape(item['id'])}['\"]?[ \t]*(#.*)?$",
                      text, re.M)
        if m:
            return text.count("\n", 0, m.start()) + 1
    starts = [m.start() for m in re.finditer(r"^- ", text, re.M)]
    return text.count("\n", 0, starts[position]) + 1 if position < len(starts) else 1


def validate_glossaries(
    glossaries: dict[str, list[Entry]], index: RuleIndex
) -> list[str]:
    """Check ids, terms, rules and related links across all loaded glossaries.

    ``glossaries`` maps rulebook -> entries for the files that exist. Returns notices about
    related links into rulebooks whose glossary file is missing (those are tolerated).
    """
    notices = []
    keys = set()
    for rulebook, entries in glossaries.items():
        seen_ids: dict[str, Entry] = {}
        seen_words: dict[str, Entry] = {}
        for e in entries:
            where = f"glossary/{rulebook}.yml:{e.line}"
            if e.id in seen_ids:
                raise BuildError(
                    f"{where}: id '{e.id}' is already used at line {seen_ids[e.id].line}"
                )
            seen_ids[e.id] = e
            keys.add(e.key)
            for word in [e.term, *e.aliases]:
                folded = word.casefold()
                if folded in seen_words and seen_words[folded] is not e:
                    raise BuildError(
                        f"{where}: '{word}' is already the term or an alias of "
                        f"'{seen_words[folded].id}' (line {seen_words[folded].line})"
                    )
                seen_words[folded] = e
    for rulebook, entries in glossaries.items():
        for e in entries:
            where = f"glossary/{rulebook}.yml:{e.line}"
            for number in e.rules:
                if anchor_for(number) not in index:
                    raise BuildError(
                        f"{where}: '{e.id}' lists rule {number}, which no page defines"
                    )
            for key in e.related:
                rb = key.partition(":")[0]
                if rb not in glossaries:
                    notices.append(
                        f"{where}: related '{key}' not checked: glossary/{rb}.yml is missing"
                    )
                elif key not in keys:
                    raise BuildError(f"{where}: related '{key}' is not a glossary entry")
    return notices


# --------------------------------------------------------------------------------------------
# Generated glossary pages


def _sortable(term: str) -> str:
    """A term without leading quotes or punctuation: '"No Aggro" zone' sorts under N."""
    return re.sub(r"^\W+", "", term).casefold()


def _sort_key(e: Entry) -> tuple[str, str]:
    return (_sortable(e.term), e.rulebook)


def _letter(e: Entry) -> str:
    first = _sortable(e.term)[:1].upper()
    return first if first.isalpha() else "0–9"


def _letter_heading(letter: str) -> str:
    slug = letter.lower() if letter.isalpha() else "other"
    return f"## {letter} {{ #letter-{slug} }}\n"


def _related_line(e: Entry, by_key: dict[str, Entry], link) -> list[str]:
    same, other = [], []
    for key in e.related:
        target = by_key.get(key)
        if target is None:  # its rulebook's glossary file is missing
            rb, _, rid = key.partition(":")
            other.append(f"{rid} ({RULEBOOKS[rb]})")
        elif target.rulebook == e.rulebook:
            same.append(f"[{target.term}]({link(target)})")
        else:
            other.append(f"[{target.term}]({link(target)}) ({RULEBOOKS[target.rulebook]})")
    out = []
    if same:
        out.append("See also: " + ", ".join(same))
    if other:
        out.append("Same idea elsewhere: " + ", ".join(other))
    return out


def _entry_body(e: Entry, by_key: dict[str, Entry], link) -> str:
    parts = [e.definition]
    if e.aliases:
        parts.append("Also called: " + ", ".join(f"*{a}*" for a in e.aliases))
    if e.rules:
        parts.append("Rules: " + ", ".join(f"[[see {n}]]" for n in e.rules))
    parts.extend(_related_line(e, by_key, link))
    return "\n\n".join(parts) + "\n"


def rulebook_glossary_page(
    rulebook: str, entries: list[Entry] | None, by_key: dict[str, Entry]
) -> str:
    """Markdown of ``<rulebook>/glossary.md``."""
    name = RULEBOOKS[rulebook]
    out = [f"# {name} glossary\n", ""]
    if entries is None:
        out.append(f'!!! warning "Not written yet"\n    The {name} glossary has no data yet.\n')
        return "\n".join(out)
    out.append(
        f"The terms of the [{name} rules](index.md), in our words. On the rules pages, the first "
        f"use of each term links here. [All terms of all four formats](../glossary.md).\n"
    )

    def link(target: Entry) -> str:
        if target.rulebook == rulebook:
            return f"#{target.id}"
        return f"../{target.rulebook}/glossary.md#{target.id}"

    letter = None
    for e in sorted(entries, key=_sort_key):
        if _letter(e) != letter:
            letter = _letter(e)
            out.append(_letter_heading(letter))
        out.append(f"### {e.term} {{ #{e.id} }}\n")
        out.append(_entry_body(e, by_key, link))
    return "\n".join(out)


def master_glossary_page(glossaries: dict[str, list[Entry]], by_key: dict[str, Entry]) -> str:
    """Markdown of the master ``glossary.md``: every term of every rulebook, A to Z.

    It is left out of the search index: every entry is also on its rulebook's glossary page,
    which search finds, and the index is loaded by every page (see docs/performance.md).
    """
    out = [
        "---\nsearch:\n  exclude: true\n---\n",
        "# All terms\n",
        "",
        "Every term of the four formats, A to Z. Each entry names its rulebook; the same idea "
        "often has a different name in each format. Per-format glossaries: "
        + ", ".join(f"[{RULEBOOKS[rb]}]({rb}/glossary.md)" for rb in RULEBOOKS)
        + ".\n",
    ]
    missing = [RULEBOOKS[rb] for rb in RULEBOOKS if rb not in glossaries]
    if missing:
        out.append(
            f'!!! warning "Not written yet"\n    No glossary data yet for: {", ".join(missing)}.\n'
        )

    def link(target: Entry) -> str:
        return f"#{target.rulebook}-{target.id}"

    letter = None
    everything = [e for entries in glossaries.values() for e in entries]
    for e in sorted(everything, key=_sort_key):
        if _letter(e) != letter:
            letter = _letter(e)
            out.append(_letter_heading(letter))
        out.append(f"### {e.term} ({RULEBOOKS[e.rulebook]}) {{ #{e.rulebook}-{e.id} }}\n")
        entry_link = f"[{RULEBOOKS[e.rulebook]} glossary entry]({e.rulebook}/glossary.md#{e.id})"
        out.append(_entry_body(e, by_key, link) + f"\n{entry_link}\n")
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# First-use term links (on rendered HTML)

# Elements whose text is never linked: existing links, code, headings, scripts, form controls.
SKIP_TAGS = {
    "a", "code", "pre", "kbd", "samp", "script", "style", "svg", "button", "textarea",
    "select", "option", "label", "summary", "h1", "h2", "h3", "h4", "h5", "h6", "title",
}
VOID_TAGS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}
_TOKEN_RE = re.compile(
    r"<!--.*?-->"
    r"|<(script|style|pre)\b.*?</\1\s*>"
    r"|<[a-zA-Z/!?](?:[^>\"']|\"[^\"]*\"|'[^']*')*>",
    re.S | re.I,
)
_TAG_NAME_RE = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9-]*)")


NOT_TERMS = ("Swarm Mode", "Horde Magic", "Limited Horde", "SlingLab Horde", "Team Commander")
"""Names of formats: matched so that a term inside them ("Team" in "Team Commander") stays
plain text, but never linked themselves (unless a glossary makes one of them a term)."""


@dataclass
class Word:
    """A spelling that links to a glossary entry (or, with no entry, blocks shorter ones)."""

    entry: Entry | None
    spelling: str

    def matches(self, found: str) -> bool:
        """Case-insensitive, except that a Title Case phrase ("Pin Down") only matches text
        that is Title Case too, so "hard to pin down" is left alone."""
        words = self.spelling.split()
        if len(words) < 2 or not all(w[:1].isupper() for w in words):
            return True
        return all(w[:1].isupper() for w in html.unescape(found).split())


def term_pattern(entries: list[Entry]) -> tuple[re.Pattern | None, dict[str, Word]]:
    """Regex matching any term or alias (whole words, longest first, plural -s allowed)."""
    words: dict[str, Word] = {}
    for e in entries:
        for w in [e.term, *e.aliases]:
            words.setdefault(w.casefold(), Word(e, w))
    if not words:
        return None, words
    for name in NOT_TERMS:
        words.setdefault(name.casefold(), Word(None, name))
    alternatives = sorted(words, key=lambda w: (-len(w), w))
    body = "|".join(re.escape(html.escape(w, quote=False)) for w in alternatives)
    # A lookahead finds a match at every position, so overlapping uses can be compared.
    pattern = re.compile(rf"(?=((?<![\w-])(?:{body})(?:e?s)?(?![\w-])))", re.I)
    return pattern, words


def _spans(pattern: re.Pattern, text: str) -> list[tuple[int, int]]:
    """Non-overlapping term uses in ``text``; where two overlap, the longer one wins.

    In "the Swarm Step" the terms "The Swarm" and "Swarm Step" overlap: "Swarm Step" is used.
    """
    chosen: list[tuple[int, int]] = []
    for m in pattern.finditer(text):
        start, end = m.start(), m.start() + len(m.group(1))
        if chosen and start < chosen[-1][1]:
            if end - start > chosen[-1][1] - chosen[-1][0]:
                chosen[-1] = (start, end)
            continue
        chosen.append((start, end))
    return chosen


def _lookup(found: str, words: dict[str, Word]) -> Entry | None:
    """The entry a matched text links to, or None (a format name, or wrong case)."""
    folded = html.unescape(found).casefold()
    for candidate in (folded, folded[:-1], folded[:-2]):
        if candidate in words:
            word = words[candidate]
            return word.entry if word.matches(found) else None
    return None


def link_terms(content: str, entries: list[Entry], href_for: Callable[[Entry], str]) -> str:
    """Link the first use of each entry's term in ``content`` (HTML) to its glossary entry.

    Text in headings, links, code, scripts and admonition titles is left alone; markup is
    never changed, only text between tags. ``href_for(entry)`` gives the link target.
    """
    pattern, words = term_pattern(entries)
    if pattern is None:
        return content
    linked: set[str] = set()
    out = []
    skip: list[str] = []  # open elements whose text is skipped
    pos = 0

    def link_text(text: str) -> str:
        def repl(found: str) -> str:
            e = _lookup(found, words)
            if e is None or e.id in linked:
                return found
            linked.add(e.id)
            definition = html.escape(e.plain_definition, quote=True)
            return (
                f'<a class="term" href="{html.escape(href_for(e), quote=True)}" '
                f'title="{definition}">{found}</a>'
            )

        parts, last = [], 0
        for start, end in _spans(pattern, text):
            parts.append(text[last:start])
            parts.append(repl(text[start:end]))
            last = end
        parts.append(text[last:])
        return "".join(parts)

    for m in _TOKEN_RE.finditer(content):
        text = content[pos:m.start()]
        out.append(link_text(text) if text and not skip else text)
        token = m.group(0)
        out.append(token)
        pos = m.end()
        if m.group(1) or token.startswith(("<!", "<?")):
            continue  # comment, doctype or a whole script/style/pre element
        t = _TAG_NAME_RE.match(token)
        if not t:
            continue
        closing, name = t.group(1) == "/", t.group(2).lower()
        if closing:
            if skip and skip[-1] == name:
                skip.pop()
            elif name in skip:
                del skip[len(skip) - 1 - skip[::-1].index(name):]
            continue
        if token.endswith("/>") or name in VOID_TAGS:
            continue
        if name in SKIP_TAGS or (name == "p" and "admonition-title" in token) or skip:
            skip.append(name)
    rest = content[pos:]
    out.append(link_text(rest) if rest and not skip else rest)
    return "".join(out)


def load_glossaries(folder: Path) -> dict[str, list[Entry]]:
    """The glossary of each rulebook in ``folder`` (``<rulebook>.yml``); missing ones are left
    out (logged), unknown file names are an error."""
    glossaries: dict[str, list[Entry]] = {}
    for rulebook in RULEBOOKS:
        path = folder / f"{rulebook}.yml"
        if path.exists():
            glossaries[rulebook] = load_glossary(path, rulebook)
        else:
            # Tolerated so partial trees build; logged at INFO so `--strict` builds still pass.
            log.info("glossary/%s.yml is missing: its glossary page is a placeholder", rulebook)
    if folder.exists():
        for path in sorted(folder.glob("*.y*ml")):
            if path.stem not in RULEBOOKS:
                raise BuildError(
                    f"glossary/{path.name}: unknown rulebook; expected one of "
                    f"{', '.join(f'{rb}.yml' for rb in RULEBOOKS)}"
                )
    return glossaries


def glossary_pages(glossaries: dict[str, list[Entry]]) -> tuple[dict[str, str], dict[str, Entry]]:
    """The generated pages (``src_uri`` -> Markdown) and every entry by key."""
    by_key = {e.key: e for entries in glossaries.values() for e in entries}
    pages = {f"{rb}/glossary.md": rulebook_glossary_page(rb, glossaries.get(rb), by_key)
             for rb in RULEBOOKS}
    pages["glossary.md"] = master_glossary_page(glossaries, by_key)
    return pages, by_key


# --------------------------------------------------------------------------------------------
# The whole site




def scan_pages(pages: dict[str, str]) -> RuleIndex:
    """The rule index of every page's full source (``src_uri`` -> text), after checking every
    page's shortcodes and references."""
    index = RuleIndex()
    all_codes = {src_uri: scan_page(index, src_uri, text) for src_uri, text in pages.items()}
    for src_uri, codes in all_codes.items():
        check_references(index, src_uri, codes)
    return index


def generated_page_in_docs(src_uri: str) -> BuildError:
    """The error for a generated glossary page that also exists as a file in docs/."""
    return BuildError(
        f"docs/{src_uri} is generated from glossary/*.yml by hooks/rules.py; "
        f"delete the file and edit the glossary data instead"
    )


def term_links_apply(src_uri: str, glossaries: dict[str, list[Entry]]) -> str | None:
    """The rulebook whose glossary terms are linked on the page ``src_uri``: a top page of a
    rulebook with a glossary, but not the glossary itself. None for every other page."""
    rulebook, _, name = src_uri.partition("/")
    if not glossaries.get(rulebook) or name == "glossary.md" or "/" in name:
        return None
    return rulebook


#: A table that stacks on phones: ``<div class="stack-table" markdown>`` around it in a page.
_STACK_TABLE = re.compile(r'(<div class="stack-table">)(.*?)(</div>)', re.DOTALL)
_ROW = re.compile(r"<tr>(.*?)</tr>", re.DOTALL)
_CELL = re.compile(r"<(td|th)([^>]*)>(.*?)</\1>", re.DOTALL)
_HTML_TAG = re.compile(r"<[^>]+>")


def label_stacked_cells(html_text: str) -> str:
    """In each ``stack-table``, give every data cell after the first of its row a
    ``data-label`` with the row's first cell as plain text, so that on a phone, where the
    table is shown one column after another (``docs/assets/compare.css``), each cell still
    says which row it belongs to. Attributes only: no inline style."""

    def label_row(row: re.Match) -> str:
        cells = list(_CELL.finditer(row.group(1)))
        if not cells or cells[0].group(1) != "td":
            return row.group(0)
        label = " ".join(html.unescape(_HTML_TAG.sub("", cells[0].group(3))).split())
        out = row.group(1)
        for cell in reversed(cells[1:]):
            tag, attrs, inner = cell.groups()
            new = f'<{tag}{attrs} data-label="{html.escape(label, quote=True)}">{inner}</{tag}>'
            out = out[: cell.start()] + new + out[cell.end():]
        return f"<tr>{out}</tr>"

    def table(block: re.Match) -> str:
        return block.group(1) + _ROW.sub(label_row, block.group(2)) + block.group(3)

    return _STACK_TABLE.sub(table, html_text)


#: A rule's own paragraph or list item in Material's search index text: "<p>SW 5.3 The …</p>".
_INDEXED_RULE = re.compile(
    r"<(p|li)>((?:SW|LH|HS|TC) \d+(?:\.\d+)+)\s+(.*?)</\1>", re.DOTALL
)
#: Characters of a rule's text kept as the preview of its own search entry when the rule
#: holds a nested list and so stays in its section's entry too.
RULE_ENTRY_CHARS = 90
#: Markup that makes a rule's indexed text a nested block (kept whole in its section).
_NESTED = re.compile(r"<(?:li|ol|ul|p)\b")


def rule_search_entries(docs: list[dict], rules: RuleIndex) -> list[dict]:
    """One search entry per rule, so that searching ``SW 5.3`` finds that rule first and opens
    its page at the rule (``swarm/index.html#sw-5-3``): the rule number is the entry's title,
    which the search weighs far above text. The rule's text moves from its section's entry
    into its own (each word is indexed once, and a full-text search lands on the rule); a rule
    whose text holds a nested list stays whole in its section, its own entry carrying the first
    :data:`RULE_ENTRY_CHARS` characters as the result's preview. Changes ``docs`` in place."""
    entries: list[dict] = []
    seen: set[str] = set()
    for doc in docs:
        page = str(doc.get("location", "")).partition("#")[0]
        text_of_doc = str(doc.get("text", ""))
        kept: list[str] = []
        at = 0
        for match in _INDEXED_RULE.finditer(text_of_doc):
            number, text = match.group(2), match.group(3).strip()
            anchor = anchor_for(number)
            if anchor not in rules or anchor in seen:
                continue
            seen.add(anchor)
            if _NESTED.search(text):
                if len(text) > RULE_ENTRY_CHARS:
                    text = text[:RULE_ENTRY_CHARS].rsplit(" ", 1)[0] + " …"
            else:  # moved: the section keeps what is around it
                kept.append(text_of_doc[at:match.start()])
                at = match.end()
            entries.append({"location": f"{page}#{anchor}", "title": number,
                            "text": f"<p>{text}</p>"})
        if at:
            doc["text"] = "".join([*kept, text_of_doc[at:]]).strip()
    return entries


def with_rule_search_entries(index_text: str, rules: RuleIndex) -> str:
    """Material's ``search_index.json`` text with one entry per rule added (compact JSON)."""
    data = json.loads(index_text)
    data["docs"] = data["docs"] + rule_search_entries(data["docs"], rules)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
