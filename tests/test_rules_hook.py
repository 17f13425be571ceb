"""sitebuild/rules.py (called by hooks/rules.py): rule markers, rule references, glossary data
and first-use term links."""

from __future__ import annotations

import json
import logging
import re
import textwrap
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from sitebuild import BuildError, rules

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "hooks" / "rules.py"



def index_of(pages: dict[str, str]):
    """A rule index built from pages given as ``{src_uri: markdown}``."""
    index = rules.RuleIndex()
    for src_uri, text in pages.items():
        rules.scan_page(index, src_uri, textwrap.dedent(text))
    return index


# ---------------------------------------------------------------------------------------------
# Rule numbers and anchors


@pytest.mark.parametrize(
    ("number", "anchor"),
    [("SW 5.3", "sw-5-3"), ("LH 11.19", "lh-11-19"), ("TC 1", "tc-1"), ("HS 2.4a", "hs-2-4a")],
)
def test_anchor_for(number, anchor):
    """Anchors are the number in lower case with spaces and dots turned into '-'."""
    assert rules.anchor_for(number) == anchor
    assert rules.number_for(anchor) == number


def test_marker_at_paragraph_list_and_admonition_start():
    """A marker may open a paragraph, a bullet or numbered item, or indented admonition text."""
    text = textwrap.dedent(
        """\
        [[SW 1.1]] First.

        - [[SW 1.2]] Bullet.
        1. [[SW 1.3]] Numbered.

        !!! note
            [[SW 1.4]] Inside.
        > [[SW 1.5]] Quoted.
        """
    )
    codes = rules.find_shortcodes(text)
    assert [(c.kind, c.number, c.line, c.at_block_start) for c in codes] == [
        ("define", "SW 1.1", 1, True),
        ("define", "SW 1.2", 3, True),
        ("define", "SW 1.3", 4, True),
        ("define", "SW 1.4", 7, True),
        ("define", "SW 1.5", 8, True),
    ]


def test_shortcodes_in_code_are_ignored():
    """Shortcodes in inline code and fenced blocks are shown as written, not parsed."""
    text = textwrap.dedent(
        """\
        Write `[[SW 5.3]]` or ``[[bogus]]`` to mark a rule.

        ```markdown
        [[SW 9.9]] [[anything]]
        ```

            ~~~
            [[nope]]
            ~~~
        """
    )
    assert rules.find_shortcodes(text) == []


def test_reference_and_unknown_shortcodes():
    """`[[see XX n]]` is a reference anywhere; anything else is an unknown shortcode."""
    codes = rules.find_shortcodes("Text [[see LH 4.2]] and [[LH 4]] and [[foo bar]].\n")
    assert [(c.kind, c.number, c.at_block_start) for c in codes] == [
        ("refer", "LH 4.2", False),
        ("define", "LH 4", False),
        ("unknown", "foo bar", False),
    ]


def test_duplicate_rule_number_fails_with_both_places():
    """A rule number defined twice fails the build, naming file and line of each."""
    pages = {"swarm/index.md": "[[SW 1.1]] One.\n", "swarm/quick.md": "Intro.\n\n[[SW 1.1]] Two.\n"}
    where = r"docs/swarm/quick.md:3: .*SW 1.1.*docs/swarm/index.md:1"
    with pytest.raises(BuildError, match=where):
        index_of(pages)


def test_heading_anchor_counts_as_rule_and_clashes_with_marker():
    """`## 5. Title { #sw-5 }` can be referred to; a marker [[SW 5]] beside it is a duplicate."""
    index = index_of({"swarm/index.md": "## 5. The Swarm Step { #sw-5 }\n"})
    assert "sw-5" in index
    with pytest.raises(BuildError, match="already defined"):
        index_of({"swarm/index.md": "## 5. The Swarm Step { #sw-5 }\n\n[[SW 5]] Text.\n"})


def test_unknown_shortcode_fails_with_file_and_line():
    """An unknown `[[...]]` fails the build instead of passing through."""
    with pytest.raises(BuildError, match=r"docs/horde/index.md:2: unknown shortcode \[\[HS\]\]"):
        index_of({"horde/index.md": "Fine.\nBroken [[HS]] here.\n"})
    with pytest.raises(BuildError, match="unknown shortcode"):
        index_of({"horde/index.md": "[[XX 1.1]] Unknown prefix.\n"})


def test_marker_in_mid_sentence_fails():
    """A rule marker must start a paragraph or list item; elsewhere it is an error."""
    with pytest.raises(BuildError, match=r"docs/a.md:1: .*must start a paragraph.*see HS 1.1"):
        index_of({"a.md": "Text [[HS 1.1]] more.\n"})


def test_unknown_reference_fails():
    """`[[see ...]]` to a rule no page defines fails the build with file and line."""
    index = index_of({"a.md": "[[TC 1.1]] Rule.\n"})
    codes = rules.find_shortcodes("One.\n\nSee [[see TC 1.2]].\n")
    with pytest.raises(BuildError, match=r"docs/b.md:3: \[\[see TC 1.2\]\] refers to a rule"):
        rules.check_references(index, "b.md", codes)


def test_render_marker_and_references():
    """Markers become self-links; references link to the defining page via url_to()."""
    index = index_of(
        {"swarm/index.md": "[[SW 4.2]] Dread.\n", "horde/index.md": "[[HS 5.1]] Mill.\n"}
    )
    urls = {"swarm/index.md": "", "horde/index.md": "../horde/index.html"}
    out = rules.render_shortcodes(
        "[[SW 4.2]] Dread; see [[see SW 4.2]] and [[see HS 5.1]].\n", index, urls.__getitem__
    )
    assert out == (
        '<a class="rule-no" id="sw-4-2" href="#sw-4-2" title="Link to this rule">SW 4.2</a>'
        ' Dread; see <a class="rule-ref" href="#sw-4-2">SW 4.2</a> and '
        '<a class="rule-ref" href="../horde/index.html#hs-5-1">HS 5.1</a>.\n'
    )


def test_render_reports_lines_after_front_matter():
    """Errors while rendering count lines from the top of the file, front matter included."""
    source = "---\ntitle: X\n---\n\nBody.\n[[nonsense]]\n"
    offset = rules.front_matter_lines(source)
    body = source.split("---\n", 2)[2]
    with pytest.raises(BuildError, match=r"docs/x.md:6:"):
        rules.render_shortcodes(body, rules.RuleIndex(), lambda uri: "", "docs/x.md", offset)


# ---------------------------------------------------------------------------------------------
# Glossary data


def entry(rulebook="swarm", id="dread-level", term="Dread Level", **kw):
    return rules.Entry(rulebook, id, term, kw.pop("definition", "The number of Enforcers."), **kw)


def test_glossary_duplicate_id_fails():
    """Entry ids are unique within a rulebook."""
    with pytest.raises(BuildError, match="id 'dread-level' is already used"):
        rules.validate_glossaries({"swarm": [entry(), entry(term="Dread")]}, rules.RuleIndex())


def test_glossary_same_alias_twice_fails():
    """A word may name only one entry, or first-use links would be ambiguous."""
    a = entry(aliases=["dread"])
    b = entry(id="dread-2", term="Dread")
    with pytest.raises(BuildError, match="'Dread' is already the term or an alias"):
        rules.validate_glossaries({"swarm": [a, b]}, rules.RuleIndex())


def test_glossary_rules_must_exist():
    """Every number under `rules:` must be defined by some page."""
    index = index_of({"swarm/index.md": "[[SW 4.2]] Dread.\n"})
    rules.validate_glossaries({"swarm": [entry(rules=["SW 4.2"])]}, index)
    with pytest.raises(BuildError, match="lists rule SW 4.3, which no page defines"):
        rules.validate_glossaries({"swarm": [entry(rules=["SW 4.3"])]}, index)


def test_glossary_related_must_exist_unless_rulebook_missing():
    """`related:` entries must exist; a rulebook with no glossary file is tolerated."""
    surge = entry("horde", "surge", "Surge")
    ok = {"swarm": [entry(related=["horde:surge"])], "horde": [surge]}
    assert rules.validate_glossaries(ok, rules.RuleIndex()) == []
    bad = {"swarm": [entry(related=["horde:rally"])], "horde": [surge]}
    with pytest.raises(BuildError, match="related 'horde:rally' is not a glossary entry"):
        rules.validate_glossaries(bad, rules.RuleIndex())
    partial = {"swarm": [entry(related=["team-commander:team"])]}
    notices = rules.validate_glossaries(partial, rules.RuleIndex())
    assert notices and "glossary/team-commander.yml is missing" in notices[0]


def test_load_glossary_checks_shape(tmp_path):
    """A malformed entry fails with the file and the entry's line."""
    path = tmp_path / "swarm.yml"
    path.write_text("- id: ok\n  term: Ok\n  definition: Fine.\n- id: bad\n  term: Bad\n")
    where = r"glossary/swarm.yml:4: entry needs a non-empty 'definition'"
    with pytest.raises(BuildError, match=where):
        rules.load_glossary(path, "swarm")
    path.write_text("- id: Bad_Id\n  term: X\n  definition: Y.\n")
    with pytest.raises(BuildError, match="must be lower-case words"):
        rules.load_glossary(path, "swarm")


def test_rulebook_glossary_page():
    """Each entry gets a pinned anchor, its rules, and its related entries in other rulebooks."""
    dread = entry(rules=["SW 4.2"], related=["swarm:enforcer", "horde:surge"])
    enforcer = entry(id="enforcer", term="Enforcer", definition="A Swarm creature from The Lair.")
    surge = entry("horde", "surge", "Surge", definition="More cards per wave.")
    by_key = {e.key: e for e in (dread, enforcer, surge)}
    page = rules.rulebook_glossary_page("swarm", [dread, enforcer], by_key)
    assert "### Dread Level { #dread-level }" in page
    assert "Rules: [[see SW 4.2]]" in page
    assert "See also: [Enforcer](#enforcer)" in page
    assert "Same idea elsewhere: [Surge](../horde/glossary.md#surge) (SlingLab Horde)" in page
    master = rules.master_glossary_page({"swarm": [dread, enforcer], "horde": [surge]}, by_key)
    assert "### Surge (SlingLab Horde) { #horde-surge }" in master
    assert "[Swarm Mode glossary entry](swarm/glossary.md#dread-level)" in master
    assert master.index("Dread Level") < master.index("Enforcer") < master.index("### Surge")
    # Every entry is also on its rulebook's page, which search finds: the master list stays out
    # of the search index every page loads.
    assert master.startswith("---\nsearch:\n  exclude: true\n---\n")
    assert not page.startswith("---")


def test_plain_definition_strips_markdown():
    """Tooltips show the definition without Markdown or shortcodes."""
    e = entry(definition="The **number** of [Enforcers](x.md) out (see [[see SW 4.2]]).")
    assert e.plain_definition == "The number of Enforcers out (see SW 4.2)."


# ---------------------------------------------------------------------------------------------
# First-use term links


TERMS = [
    entry(id="swarm", term="The Swarm", definition='The "deck" & its Enforcers.'),
    entry(id="swarm-step", term="Swarm Step", aliases=["swarm phase"]),
    entry(id="enforcer", term="Enforcer"),
]


def linked(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="term" href="g\.html#([^"]+)"[^>]*>([^<]*)</a>', html)


def link(html: str) -> str:
    return rules.link_terms(html, TERMS, lambda e: f"g.html#{e.id}")


def test_first_use_only_and_longest_match():
    """Only the first use of each term links; "Swarm Step" wins over a shorter overlap."""
    out = link("<p>In the Swarm Step, the swarm step ends. Enforcers and an Enforcer.</p>")
    assert linked(out) == [("swarm-step", "Swarm Step"), ("enforcer", "Enforcers")]


def test_term_link_carries_definition():
    """The link has class `term`, and the plain definition (once) in `title`."""
    out = link("<p>Beware The Swarm.</p>")
    definition = "The &quot;deck&quot; &amp; its Enforcers."
    assert f'<a class="term" href="g.html#swarm" title="{definition}">The Swarm</a>' in out
    assert "data-def" not in out  # terms.js copies title at start: the page carries it once


def test_whole_words_case_insensitive():
    """Matching ignores case but never links part of a word."""
    out = link("<p>Enforcerish, non-enforcer, ENFORCER.</p>")
    assert linked(out) == [("enforcer", "ENFORCER")]


def test_format_names_and_ordinary_phrases_are_not_terms():
    """"Team" inside "Team Commander" stays plain; a Title Case term ("Pin Down") does not
    link an ordinary lower-case phrase ("hard to pin down"), only its real use."""
    terms = [entry(id="team", term="Team"), entry(id="pin-down", term="Pin Down")]
    out = rules.link_terms(
        "<p>Team Commander is hard to pin down. A Team gains Pin Down.</p>",
        terms,
        lambda e: f"g.html#{e.id}",
    )
    assert linked(out) == [("team", "Team"), ("pin-down", "Pin Down")]
    assert out.startswith("<p>Team Commander is hard to pin down. A <a class=")


def test_headings_links_code_and_rule_numbers_are_skipped():
    """Text in headings, links, code, pre, admonition titles and rule numbers stays as it is."""
    html = (
        '<h2 id="enforcer">Enforcer</h2>'
        '<p class="admonition-title">Enforcer</p>'
        '<p><a class="rule-no" id="sw-1" href="#sw-1">Enforcer</a> <code>Enforcer</code> '
        '<a href="x.html">an <em>Enforcer</em></a><pre><span>Enforcer</span></pre> '
        '<img alt="Enforcer" src="e.png"> <span title="Enforcer">then the Enforcer</span></p>'
    )
    out = link(html)
    assert linked(out) == [("enforcer", "Enforcer")]
    assert re.sub(r'<a class="term"[^>]*>([^<]*)</a>', r"\1", out) == html
    assert out.index('<a class="term"') > out.index('<span title="Enforcer">')


def test_markup_is_never_changed():
    """Removing the inserted links gives back the exact input, attributes and entities included."""
    html = (
        '<ul><li>The Swarm &amp; Enforcer\'s <strong>swarm phase</strong></li></ul>'
        '<script>if (a < b) { x = "Enforcer"; }</script><!-- Enforcer -->'
        '<div data-x="a > Enforcer">The Swarm</div>'
    )
    out = link(html)
    stripped = re.sub(r'<a class="term"[^>]*>([^<]*)</a>', r"\1", out)
    assert stripped == html
    assert [i for i, _ in linked(out)] == ["swarm", "enforcer", "swarm-step"]


# ---------------------------------------------------------------------------------------------
# Builds


def _build(site: Path, out: Path, *, strict: bool = False) -> None:
    """Build a small site in this process (the hook as MkDocs loads it, without starting
    another Python); a failing build raises MkDocs' ``Abort`` and logs the hook's error."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    build(load_config(str(site / "mkdocs.yml"), site_dir=str(out), strict=strict))


def test_site_builds_strict(built_site):
    """The whole site builds with `mkdocs build --strict` (the session's one build fails the
    test otherwise); rule links are relative."""
    compare = (built_site / "compare.html").read_text(encoding="utf-8")
    refs = re.findall(r'<a class="rule-ref" href="([^"]+)"', compare)
    assert refs, "compare page has no rule references"
    assert all(not r.startswith(("/", "http")) for r in refs), refs


def _tiny_site(tmp_path: Path, pages: dict[str, str]) -> Path:
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: t\nmarkdown_extensions: [attr_list]\nhooks:\n  - {HOOK.as_posix()}\n",
        encoding="utf-8",
    )
    for name, text in pages.items():
        path = tmp_path / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_build_fails_on_unknown_reference(tmp_path, caplog):
    """A build with a reference to an undefined rule stops and names the file and line."""
    site = _tiny_site(
        tmp_path,
        {
            "index.md": "# Home\n",
            "swarm/index.md": "# S\n\n[[SW 1.1]] A rule.\n\nSee [[see SW 1.2]].\n",
        },
    )
    with caplog.at_level(logging.ERROR), pytest.raises(Abort):
        _build(site, tmp_path / "out")
    assert "docs/swarm/index.md:5" in caplog.text


def test_build_makes_glossary_pages_and_term_links(tmp_path):
    """A small tree: glossary pages are generated and the rules page links the first use."""
    site = _tiny_site(
        tmp_path,
        {
            "index.md": "# Home\n",
            "swarm/index.md": "# S\n\n[[SW 4.2]] The Dread Level counts Enforcers. Dread Level.\n",
        },
    )
    (site / "glossary").mkdir()
    (site / "glossary" / "swarm.yml").write_text(
        "- id: dread-level\n  term: Dread Level\n  definition: Enforcers in play.\n"
        "  rules: [SW 4.2]\n"
    )
    _build(site, tmp_path / "out", strict=True)
    glossary = (tmp_path / "out" / "swarm" / "glossary" / "index.html").read_text()
    assert 'id="dread-level"' in glossary
    assert 'href="../#sw-4-2"' in glossary
    page = (tmp_path / "out" / "swarm" / "index.html").read_text()
    assert page.count('class="term"') == 1
    assert 'href="glossary/#dread-level"' in page
    assert (tmp_path / "out" / "glossary" / "index.html").exists()


def test_stacked_table_cells_are_labelled_with_their_row():
    """Tables in a ``stack-table`` block (the compare page) get each data cell labelled with
    its row's first cell, as plain text, for the phone layout that shows one column at a time;
    other tables are left alone."""
    table = ("<table><thead><tr><th>Topic</th><th>A</th></tr></thead><tbody>"
             "<tr><td><strong>Life &amp; poison</strong></td><td>40 <a href=\"x\">SW 2.2</a></td>"
             "</tr></tbody></table>")
    out = rules.label_stacked_cells(f'<div class="stack-table">{table}</div><p>{table}</p>')
    labelled, plain = out.split("<p>")
    assert '<td data-label="Life &amp; poison">40 <a href="x">SW 2.2</a></td>' in labelled
    assert "<td><strong>Life &amp; poison</strong></td>" in labelled
    assert "<th>A</th>" in labelled
    assert "data-label" not in plain


def test_scan_pages_indexes_every_page_then_checks_references():
    """A reference may point to a page scanned after it; an unknown one fails with its place."""
    index = rules.scan_pages({"a.md": "See [[see SW 1.1]].\n", "b.md": "[[SW 1.1]] Rule.\n"})
    assert index.where == {"sw-1-1": ("b.md", 1)}
    with pytest.raises(BuildError, match=r"docs/a.md:1: \[\[see SW 1.2\]\]"):
        rules.scan_pages({"a.md": "See [[see SW 1.2]].\n", "b.md": "[[SW 1.1]] Rule.\n"})


def test_term_links_only_on_the_top_pages_of_a_rulebook_with_a_glossary():
    glossaries = {"swarm": [entry()], "horde": []}
    assert rules.term_links_apply("swarm/index.md", glossaries) == "swarm"
    assert rules.term_links_apply("swarm/glossary.md", glossaries) is None
    assert rules.term_links_apply("swarm/deep/page.md", glossaries) is None
    assert rules.term_links_apply("horde/index.md", glossaries) is None
    assert rules.term_links_apply("compare.md", glossaries) is None


def test_each_defined_rule_gets_one_search_entry():
    """Searching "SW 5.3" opens that rule: its number is the title of an entry at its anchor,
    which holds the rule's text; its section keeps the rest (each word indexed once)."""
    index = index_of({"swarm/index.md": "[[SW 5.3]] Enforcers attack.\n"})
    search = ('{"config":{},"docs":[{"location":"swarm/#turns","title":"Turns","text":'
              '"<p>Intro.</p> <p>SW 5.3 Enforcers attack.</p><p>SW 9.9 Not defined.</p>"}]}')
    out = json.loads(rules.with_rule_search_entries(search, index))
    assert out["docs"][1:] == [{"location": "swarm/#sw-5-3", "title": "SW 5.3",
                                "text": "<p>Enforcers attack.</p>"}]
    assert out["docs"][0]["text"] == "<p>Intro.</p> <p>SW 9.9 Not defined.</p>"


def test_a_rule_with_a_nested_list_stays_whole_in_its_section():
    """A rule whose text holds a list stays in its section's entry (cutting the markup would
    break it); its own entry carries the start of its text as the preview, cut at a word."""
    long = " ".join(["Enforcers"] * 40) + " attack:"
    index = index_of({"swarm/index.md": f"[[SW 5.3]] {long}\n"})
    section = f"<p>SW 5.3 {long}<ul><li>first</li></ul></p>"
    search = json.dumps({"config": {}, "docs": [{"location": "swarm/#turns", "title": "Turns",
                                                  "text": section}]})
    out = json.loads(rules.with_rule_search_entries(search, index))["docs"]
    assert out[0]["text"] == section
    preview = out[1]["text"].removeprefix("<p>").removesuffix("</p>")
    assert preview.endswith(" …") and len(preview) <= rules.RULE_ENTRY_CHARS + 2
    assert long.startswith(preview.removesuffix(" …"))


def test_a_generated_glossary_page_in_docs_is_an_error():
    error = rules.generated_page_in_docs("swarm/glossary.md")
    assert isinstance(error, BuildError) and "docs/swarm/glossary.md is generated" in str(error)


def test_compare_page_stacks_on_phones():
    """The compare page wraps its table for the phone layout and links that layout's CSS."""
    page = (ROOT / "docs" / "compare.md").read_text(encoding="utf-8")
    assert '<div class="stack-table" markdown>' in page
    assert '<link rel="stylesheet" href="assets/compare.css">' in page
    css = (ROOT / "docs" / "assets" / "compare.css").read_text(encoding="utf-8")
    assert "data-label" in css and "max-width" in css


def test_every_page_names_the_registry_rule_prefixes_for_the_search_scripts(built_site):
    """sw-5-3 (searching for it by number): the build writes the rulebooks' rule prefixes
    from the variant registry into every page (a meta tag), the search scripts read rule
    numbers by it, and no script lists the prefixes itself (a new rulebook needs no script
    edit)."""
    from pyengine import variants

    wanted = sorted(v.prefix.lower() for v in variants.rulebooks())
    for page in (built_site / "index.html", built_site / "swarm" / "index.html",
                 built_site / "play" / "horde.html"):
        found = re.search(r'<meta name="coop-magic-rule-prefixes" content="([^"]*)"',
                          page.read_text(encoding="utf-8"))
        assert found, page
        assert sorted(found.group(1).split()) == wanted
    assets = Path(__file__).resolve().parents[1] / "docs" / "assets"
    listed = [path.name for path in assets.glob("*.js")
              if re.search(r"\b(?:sw\|lh|lh\|hs|hs\|tc)\b", path.read_text(encoding="utf-8"))]
    assert listed == []
