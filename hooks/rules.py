"""MkDocs hook: rule numbers, rule references and the glossaries (plain functions in
sitebuild/rules.py, described there).

* ``on_config``: the rule prefixes, for the search scripts (a meta tag of every page);
* ``on_files``: scans every page for rule numbers, loads and checks the glossaries and adds the
  generated glossary pages;
* ``on_page_markdown``: rule markers and references become links;
* ``on_page_content``: the first use of each glossary term links to its entry, and the cells of
  tables that stack on phones get their row's label;
* ``on_post_build``: one search entry per rule.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402

from sitebuild import BuildError, rules  # noqa: E402

_state: dict = {}


def on_config(config):
    """The rule prefixes the registry names (``sw lh hs tc``), for the page's meta tag that
    the search scripts read (assets/search-on-demand.js): the one list, not one per script."""
    config.extra["rule_prefixes"] = " ".join(p.lower() for p in rules.PREFIXES)
    return config


def _glossary_dir(config) -> Path:
    return Path(config.config_file_path).parent / "glossary"


def on_files(files: Files, config) -> Files:
    """Pre-scan every page for rule numbers, load the glossaries, add the generated pages."""
    try:
        index = rules.scan_pages({f.src_uri: f.content_string
                                  for f in files.documentation_pages()})
        glossaries = rules.load_glossaries(_glossary_dir(config))
        for notice in rules.validate_glossaries(glossaries, index):
            rules.log.info(notice)
        pages, by_key = rules.glossary_pages(glossaries)
        for src_uri, content in pages.items():
            if files.get_file_from_path(src_uri) is not None:
                raise rules.generated_page_in_docs(src_uri)
            files.append(File.generated(config, src_uri, content=content))
    except BuildError as error:
        raise PluginError(str(error)) from error
    _state.clear()
    _state.update(index=index, glossaries=glossaries, by_key=by_key)
    return files


def on_page_markdown(markdown: str, page, config, files: Files) -> str:
    """Turn rule markers and references into links."""
    this = page.file

    def url_to(src_uri: str) -> str:
        if src_uri == this.src_uri:
            return ""
        target = files.get_file_from_path(src_uri)
        if target is None:
            raise ValueError(f"{this.src_uri}: links to a page that is not built: {src_uri}")
        return target.url_relative_to(this)

    offset = rules.front_matter_lines(this.content_string)
    try:
        return rules.render_shortcodes(markdown, _state["index"], url_to,
                                       f"docs/{this.src_uri}", offset)
    except BuildError as error:
        raise PluginError(str(error)) from error


def on_page_content(html_text: str, page, config, files: Files) -> str:
    """Link the first use of each term on the pages of a rulebook (not its glossary); label
    the cells of tables that stack on phones."""
    html_text = rules.label_stacked_cells(html_text)
    glossaries = _state.get("glossaries", {})
    rulebook = rules.term_links_apply(page.file.src_uri, glossaries)
    if rulebook is None:
        return html_text
    glossary = files.get_file_from_path(f"{rulebook}/glossary.md")
    if glossary is None:
        raise ValueError(f"{rulebook}/glossary.md is not built")
    base = glossary.url_relative_to(page.file)
    return rules.link_terms(html_text, glossaries[rulebook], lambda e: f"{base}#{e.id}")


def on_post_build(config) -> None:
    """Add one search entry per rule to the search index (the JSON, and the script copy the
    offline plugin made of it)."""
    folder = Path(config["site_dir"]) / "search"
    path = folder / "search_index.json"
    if "index" not in _state or not path.exists():
        return
    text = rules.with_rule_search_entries(path.read_text(encoding="utf-8"), _state["index"])
    path.write_text(text, encoding="utf-8")
    script = folder / "search_index.js"
    if script.exists():
        script.write_text(f"var __index = {text}", encoding="utf-8")


def on_serve(server, config, builder):
    """Rebuild when the glossary data changes under `mkdocs serve`."""
    folder = _glossary_dir(config)
    if folder.exists():
        server.watch(str(folder))
    return server
