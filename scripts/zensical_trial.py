"""Try the current Zensical on the project and write down what builds, what differs, what is
missing (a script, not a test: Material stays the theme; this keeps the move cheap).

    .venv/bin/python scripts/zensical_trial.py [--zensical PATH] [--output FILE]

Zensical (Material for MkDocs' successor, by its authors) reads ``mkdocs.yml`` but runs no MkDocs
hooks. So the trial builds the site three ways and compares each with the MkDocs build:

1. ``plain``: Zensical on the project as it is (no hooks at all);
2. ``with-sitebuild``: the build's own logic run around Zensical as plain functions, the way a
   move would do it: before, rule markers and references (sitebuild/rules.py ``render_shortcodes``)
   and the generated glossary pages (``glossary_pages``) are written into a copy of ``docs/``,
   and play pages get the ``widget.html`` template and their runtime URLs in front matter
   (hooks/pyscript.py); after, over the built HTML, glossary term links (``link_terms``), table
   regions and the search dialog's name (sitebuild/a11y.py), the runtime copy
   (sitebuild/pyscript.py), the CSP hashes (sitebuild/csp.py) and the offline files
   (sitebuild/offline.py).

Zensical is installed from PyPI into ``~/.cache/coop-magic-zensical`` (outside the project) unless
``--zensical`` names a ``zensical`` executable. The report (Markdown) is printed and, with
``--output``, written to a file; CONTRIBUTING.md keeps the latest findings.
"""

from __future__ import annotations

import argparse
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from devtools.site import build_site, load_hook  # noqa: E402
from sitebuild import a11y, csp, offline  # noqa: E402

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "coop-magic-zensical"
#: What a copy of the project needs to build.
PROJECT = ("docs", "glossary", "overrides", "mkdocs.yml", "hooks", "sitebuild", "pyengine",
           "decks", "package.json")
RULE_ANCHOR = re.compile(r'\sid="((?:sw|lh|hs|tc)(?:-[0-9a-z]+)+)"')
ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
FRONT_MATTER = re.compile(r"\A---\n(.*?\n)---\n", re.S)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def zensical_command(explicit: str | None) -> list[str]:
    if explicit:
        return [explicit]
    exe = CACHE / "bin" / "zensical"
    if not exe.exists():
        subprocess.run([sys.executable, "-m", "venv", str(CACHE)], check=True)
        subprocess.run([str(CACHE / "bin" / "pip"), "install", "--quiet", "zensical"], check=True)
    return [str(exe)]


def zensical_version(command: list[str]) -> str:
    result = subprocess.run([*command, "--version"], capture_output=True, text=True)
    return (result.stdout or result.stderr).strip()


def copy_project(dest: Path) -> Path:
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy2(source, dest / name)
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    return dest


def run_zensical(command: list[str], project: Path) -> dict:
    result = subprocess.run([*command, "build", "--clean"], cwd=project, capture_output=True,
                            text=True, env=dict(os.environ, NO_COLOR="1"))
    output = ANSI.sub("", result.stdout + result.stderr)
    warnings = [line.split("Warning:", 1)[1].strip() for line in output.splitlines()
                if "Warning:" in line]
    return {"returncode": result.returncode, "warnings": warnings,
            "output_tail": output.strip().splitlines()[-3:]}


# ---------------------------------------------------------------------------------------------
# The build's own logic, around Zensical


def html_path(src_uri: str) -> str:
    """The built file of a page (``use_directory_urls: false``, as the offline plugin sets)."""
    return src_uri[: -len(".md")] + ".html"


def relative_url(from_src: str, to_src: str) -> str:
    if from_src == to_src:
        return ""
    start = posixpath.dirname(from_src) or "."
    return posixpath.relpath(html_path(to_src), start)


def prepare_markdown(project: Path) -> dict:
    """Rule markers, references and glossary pages written into the copy's ``docs/``; widget
    pages get their template and runtime URLs in front matter. Returns the glossaries."""
    from sitebuild import rules
    pyscript = load_hook("pyscript")
    docs = project / "docs"
    pages = {p.relative_to(docs).as_posix(): p for p in sorted(docs.rglob("*.md"))}
    index = rules.RuleIndex()
    codes = {src: rules.scan_page(index, src, path.read_text(encoding="utf-8"))
             for src, path in pages.items()}
    for src, found in codes.items():
        rules.check_references(index, src, found)
    glossaries = rules.load_glossaries(project / "glossary")
    generated, _ = rules.glossary_pages(glossaries)
    for src, text in generated.items():
        (docs / src).write_text(text, encoding="utf-8")
        pages[src] = docs / src
    config = _PyscriptConfig(extra={"polyfills": [pyscript.SHIM_PATH]})
    pyscript.on_config(config)
    for src, path in pages.items():
        text = path.read_text(encoding="utf-8")
        text = rules.render_shortcodes(text, index, lambda to, src=src: relative_url(src, to),
                                       f"docs/{src}")
        match = FRONT_MATTER.match(text)
        meta = yaml.safe_load(match.group(1)) if match else {}
        if meta and meta.get("widget"):
            page = _Page(url=html_path(src), meta=dict(meta), src_uri=src)
            pyscript.on_page_markdown("", page, config, None)
            text = "---\n" + yaml.safe_dump(page.meta, sort_keys=False) + "---\n" + \
                text[match.end():]
        path.write_text(text, encoding="utf-8")
    return glossaries


class _PyscriptConfig(dict):
    """The two things hooks/pyscript.py reads from MkDocs' config."""

    def __init__(self, extra: dict) -> None:
        super().__init__(extra=extra)
        self.extra = extra


class _Page:
    def __init__(self, url: str, meta: dict, src_uri: str) -> None:
        self.url, self.meta = url, meta
        self.file = type("File", (), {"src_uri": src_uri})()


def finish_html(site: Path, glossaries: dict) -> dict:
    """Term links, table regions, search dialog name, runtime copy, CSP, offline files."""
    from sitebuild import rules
    pyscript = load_hook("pyscript")
    problems: dict[str, str] = {}
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        text = path.read_text(encoding="utf-8")
        rulebook, _, name = rel.partition("/")
        entries = glossaries.get(rulebook)

        def content(match: re.Match, entries=entries, name=name, rulebook=rulebook) -> str:
            inner = match.group(2)
            if entries and name != "glossary.html" and "/" not in name:
                inner = rules.link_terms(inner, entries, lambda e: f"glossary.html#{e.id}")
            return match.group(1) + a11y.wrap_tables(inner) + match.group(3)

        text = ARTICLE.sub(content, text, count=1)
        try:
            text = a11y.name_search_dialog(text)
        except a11y.SearchDialogNotFound as error:
            problems.setdefault("search dialog", f"{rel}: {error}")
        text = csp.complete_csp(text)
        path.write_text(text, encoding="utf-8")
    pyscript.on_post_build({"site_dir": str(site)})
    offline.write_offline_files(site, "Co-op Magic Rules", "Zensical trial")
    return problems


# ---------------------------------------------------------------------------------------------
# Comparing with the MkDocs build


def facts(site: Path) -> dict:
    pages = {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8")
             for p in site.rglob("*.html") if "runtime" not in p.parts}
    anchors = {(rel, a) for rel, text in pages.items() for a in RULE_ANCHOR.findall(text)}
    return {
        "pages": set(pages),
        "anchors": anchors,
        "term_links": sum(text.count('class="term"') for text in pages.values()),
        "rule_refs": sum(text.count('class="rule-ref"') for text in pages.values()),
        "table_regions": sum(text.count('class="table-region"') for text in pages.values()),
        "leftover_markers": sorted(rel for rel, text in pages.items() if "[[" in text
                                   and re.search(r"\[\[(?:see )?(?:SW|LH|HS|TC) ", text)),
        "csp_complete": sorted(rel for rel, text in pages.items()
                               if 'http-equiv="Content-Security-Policy"' in text
                               and "INLINE-HASHES" not in text),
        "named_search": sum('role="dialog" aria-label=' in text for text in pages.values()),
        "widget_pages_with_python": sorted(rel for rel, text in pages.items()
                                           if 'type="py"' in text),
        "service_worker": (site / "sw.js").is_file(),
        "runtime": (site / "runtime" / "pyodide" / "pyodide.asm.wasm").is_file(),
        "search_index": sorted(p.relative_to(site).as_posix() for p in site.rglob("search*")
                               if p.is_file() and "runtime" not in p.parts)[:4],
    }


def compare(reference: dict, trial: dict) -> dict:
    return {
        "pages_missing": sorted(reference["pages"] - trial["pages"]),
        "pages_extra": sorted(trial["pages"] - reference["pages"]),
        "rule_anchors": f"{len(trial['anchors'] & reference['anchors'])} of "
                        f"{len(reference['anchors'])} (missing "
                        f"{len(reference['anchors'] - trial['anchors'])})",
        **{key: f"{trial[key]} (MkDocs: {reference[key]})"
           for key in ("term_links", "rule_refs", "table_regions", "named_search")},
        "leftover_markers": f"{trial['leftover_markers'][:5]} "
                            f"(MkDocs: {reference['leftover_markers'][:5]})",
        "csp_complete": f"{len(trial['csp_complete'])} pages (MkDocs: "
                        f"{len(reference['csp_complete'])})",
        "widget_pages_with_python": f"{trial['widget_pages_with_python']} "
                                    f"(MkDocs: {reference['widget_pages_with_python']})",
        "service_worker": trial["service_worker"],
        "runtime": trial["runtime"],
        "search_index": trial["search_index"],
    }


def browser_check(site: Path) -> dict:
    """Open the home page, a rules page and the shuffler in Chromium (served from a sub-path):
    console errors, and whether the play tool's Python starts."""
    from playwright.sync_api import sync_playwright

    from devtools.browser import CHROMIUM_ARGS, chromium_path
    from devtools.server import serve_site

    errors: list[str] = []
    ready = False
    with serve_site(site) as url, sync_playwright() as playwright:
        options = {"args": CHROMIUM_ARGS}
        if chromium_path():
            options["executable_path"] = chromium_path()
        browser = playwright.chromium.launch(**options)
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text[:160]) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)[:160]))
        for path in ("", "swarm/index.html"):
            page.goto(url + path)
        page.goto(url + "play/shuffler.html")
        try:
            page.wait_for_selector('[data-widget="shuffler"][data-ready="true"]', timeout=120_000)
            ready = True
        except Exception:  # noqa: BLE001 - reported, not raised
            pass
        browser.close()
    return {"console_errors": errors[:6], "shuffler_ready": ready}


def report(version: str, results: dict) -> str:
    lines = [f"# Zensical trial ({version})", ""]
    for name, result in results.items():
        lines += [f"## {name}", "", f"- zensical exit code: {result['build']['returncode']}",
                  f"- warnings: {len(result['build']['warnings'])}"]
        lines += [f"  - {w}" for w in result["build"]["warnings"][:6]]
        for key, value in result.get("compare", {}).items():
            lines.append(f"- {key}: {value}")
        for key, value in result.get("browser", {}).items():
            lines.append(f"- in Chromium, {key}: {value}")
        for key, value in result.get("problems", {}).items():
            lines.append(f"- problem ({key}): {value}")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--zensical", help="a zensical executable (default: install one)")
    parser.add_argument("--output", type=Path, help="also write the report here")
    parser.add_argument("--no-browser", action="store_true",
                        help="skip opening the Zensical-built pages in Chromium")
    args = parser.parse_args(argv)
    command = zensical_command(args.zensical)
    version = zensical_version(command)
    results: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        reference = facts(build_site(tmp_path / "mkdocs-site", strict=True))
        plain = copy_project(tmp_path / "plain")
        results["plain"] = {"build": run_zensical(command, plain)}
        if (plain / "site").is_dir():
            results["plain"]["compare"] = compare(reference, facts(plain / "site"))
        moved = copy_project(tmp_path / "with-sitebuild")
        glossaries = prepare_markdown(moved)
        results["with-sitebuild"] = {"build": run_zensical(command, moved)}
        if (moved / "site").is_dir():
            results["with-sitebuild"]["problems"] = finish_html(moved / "site", glossaries)
            results["with-sitebuild"]["compare"] = compare(reference, facts(moved / "site"))
            if not args.no_browser:
                results["with-sitebuild"]["browser"] = browser_check(moved / "site")
    text = report(version, results)
    print(text)
    if args.output:
        args.output.write_text(text + "\n", encoding="utf-8")
        print(f"written to {args.output}")
    print(json.dumps({"zensical": version}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
