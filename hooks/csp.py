"""MkDocs hook: complete each page's Content-Security-Policy (plain functions in sitebuild/csp.py).

``overrides/main.html`` writes the policy with two tokens: ``INLINE-HASHES`` in ``script-src``
becomes the SHA-256 hashes of the page's own inline scripts (Material's small boot scripts), and
``STYLE-HASHES`` in ``style-src`` the hashes of its inline ``style`` attributes (table column
alignment), so no ``'unsafe-inline'`` is needed. Listed last in mkdocs.yml: it must see each page
as it is finally written.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from sitebuild.csp import complete_csp  # noqa: E402


def on_post_page(output, page, config):
    return complete_csp(output)


def on_post_template(output_content, template_name, config):
    return complete_csp(output_content)  # 404.html and other static templates
