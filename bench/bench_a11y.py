"""Accessibility check of every page with axe-core in headless Chromium (a script, not a test).

    .venv/bin/python bench/bench_a11y.py [--site DIR] [--axe-version 4.14.1]

Builds the site (or takes a built one), serves it from a sub-path, opens every page at phone
size, waits for play pages to be ready, runs axe-core (WCAG 2 A and AA rules plus best
practices) and prints the violations by impact. Fails (exit 1) on any serious or critical one.
Writes bench/results/a11y.json.

Pages are checked in the light colour scheme, then (Material's palette switched) the colour
rules again in the dark one, as tests/browser/test_a11y_browser.py does.

axe-core is the project's own (``node_modules/axe-core``, pinned in package.json's
devDependencies, installed by ``npm ci``) when it is the version asked for; otherwise this
script installs that version into a cache folder outside the project
(``~/.cache/coop-magic-bench``). The page's Content-Security-Policy would block the injected
script, so this browser context bypasses it (the CSP itself is tested in
tests/browser/test_offline_browser.py).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "coop-magic-bench"
FAILING = ("serious", "critical")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
#: The rules whose outcome depends on the colour scheme, run again in the dark scheme.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def installed_version(package_dir: Path) -> str | None:
    manifest = package_dir / "package.json"
    if not (package_dir / "axe.min.js").is_file() or not manifest.is_file():
        return None
    return json.loads(manifest.read_text(encoding="utf-8")).get("version")


def axe_source(version: str) -> str:
    """axe-core's script: the project's node_modules copy if it is ``version``, else a cached
    install of ``version`` outside the project."""
    project = ROOT / "node_modules" / "axe-core"
    if installed_version(project) == version:
        return (project / "axe.min.js").read_text(encoding="utf-8")
    script = CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if installed_version(script.parent) != version:
        CACHE.mkdir(parents=True, exist_ok=True)
        print(f"installing axe-core {version} into {CACHE}…", flush=True)
        subprocess.run(["npm", "install", "--no-save", "--no-audit", "--no-fund",
                        "--prefix", str(CACHE), f"axe-core@{version}"], check=True)
    return script.read_text(encoding="utf-8")


def run_axe(page, run_only: dict, scheme: str) -> list[dict]:
    result = page.evaluate(
        "(runOnly) => axe.run(document, {runOnly, resultTypes: ['violations']})", run_only
    )
    return [
        {"id": v["id"], "impact": v["impact"], "scheme": scheme, "help": v["help"],
         "nodes": len(v["nodes"]), "targets": [n["target"] for n in v["nodes"][:3]]}
        for v in result["violations"]
    ]


def pages(site: Path) -> list[str]:
    found = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith(("runtime/", "assets/")) or rel == "404.html":
            continue
        found.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--axe-version", default="4.14.1")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "a11y.json")
    args = parser.parse_args(argv)
    source = axe_source(args.axe_version)

    report: dict = {"date": datetime.now(UTC).isoformat(timespec="seconds"),
                    "axe_core": args.axe_version,
                    "site": str(args.site) if args.site else "built from mkdocs.yml",
                    "pages": {}}
    with tempfile.TemporaryDirectory(prefix="bench-a11y-") as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site, announce=False)
        with bench_site.served_chromium(site) as (browser, base):
            context = browser.new_context(
                viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                bypass_csp=True, service_workers="block",
            )
            for path in pages(site):
                page = context.new_page()
                page.goto(base + path)
                if page.locator("[data-widget]").count():
                    page.wait_for_selector("[data-widget][data-ready=true]",
                                           timeout=bench_site.TIMEOUT_MS)
                page.add_script_tag(content=source)
                found = run_axe(page, {"type": "tag", "values": TAGS}, "light")
                # Material's palette, switched as a script would (a pointer would leave
                # a tooltip fading in), then back: Material remembers it for the next page.
                page.locator("input[data-md-color-scheme=slate]").dispatch_event("click")
                page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
                found += run_axe(page, {"type": "rule", "values": COLOUR_RULES}, "dark")
                page.locator("input[data-md-color-scheme=default]").dispatch_event("click")
                page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
                report["pages"][path] = found
                worst = [v for v in found if v["impact"] in FAILING]
                print(f"{path:<40} {len(found):>3} violations, {len(worst)} serious or "
                      "critical", flush=True)
                for v in found:
                    print(f"    {v['impact'] or '?':<9} {v['id']} ({v['scheme']}): {v['help']} "
                          f"({v['nodes']} elements, e.g. {v['targets'][:1]})")
                page.close()
    failing = sum(1 for found in report["pages"].values() for v in found
                  if v["impact"] in FAILING)
    report["serious_or_critical"] = failing
    bench_site.write_results(report, args.output)
    print(f"{len(report['pages'])} pages, {failing} serious or critical violations")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
