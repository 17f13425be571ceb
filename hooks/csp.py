"""MkDocs hook: complete each page's Content-Security-Policy (plain functions in sitebuild/csp.py).

``overrides/main.html`` writes the policy with two tokens: ``INLINE-HASHES`` in ``script-src``
becomes the SHA-256 hashes of the page's own inline scripts (Material's small boot scripts), and
``STYLE-HASHES`` in ``style-src`` the hashes of its inline ``style`` attributes (table column
alignment), so no ``'unsafe-inline'`` is needed. Listed last in mkdocs.yml: it must see each page
as it is finally written.

Under ``mkdocs serve`` only, inline scripts are allowed (the live-reload script the development
server adds) and pages are marked ``data-dev-server`` (no service worker); see sitebuild/csp.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from mkdocs.exceptions import PluginError  # noqa: E402

from sitebuild.csp import complete_csp, content_problems, content_scripts, mark_dev_server  # noqa: E402

_state = {"dev_server": False}


def on_startup(command, dirty):
    _state["dev_server"] = command == "serve"


def _finish(page_html: str) -> str:
    if _state["dev_server"]:
        return complete_csp(mark_dev_server(page_html), dev_server=True)
    return complete_csp(page_html)


def on_post_page(output, page, config):
    # the page's own content (parsed: its Markdown's HTML, then the theme's article around it)
    problems = content_problems(getattr(page, "content", None) or "") or content_scripts(output)
    if problems:  # the policy would allow a script by its hash: refuse the page instead
        raise PluginError(f"{page.file.src_uri}: the page's content holds {problems[0]}; "
                          "inline scripts, event attributes, <meta>, <base> and frames are "
                          "allowed only in the build's own templates")
    return _finish(output)


def on_post_template(output_content, template_name, config):
    return _finish(output_content)  # 404.html and other static templates
