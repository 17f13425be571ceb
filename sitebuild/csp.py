"""Content-Security-Policy hashes: the policy in ``overrides/main.html`` allows no
``'unsafe-inline'``; ``complete_csp`` fills its tokens in with the hashes of the page's own inline
scripts (Material's small boot scripts) and inline ``style`` attributes (table alignment)."""

from __future__ import annotations

import base64
import hashlib
import html
import re

#: Markers in the CSP meta tag (see overrides/main.html) that ``complete_csp`` fills in.
SCRIPT_HASHES_TOKEN = "INLINE-HASHES"
STYLE_HASHES_TOKEN = "STYLE-HASHES"

_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_STYLE_ATTR = re.compile(r"""\sstyle=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')""", re.I)
_TYPE_ATTR = re.compile(r"""\stype=["']?([^"'\s>]+)""", re.I)
_EXECUTABLE_TYPES = ("", "text/javascript", "application/javascript", "module")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def inline_script_hashes(page_html: str) -> list[str]:
    """CSP hashes of the page's inline scripts that a browser would run (not JSON or Python)."""
    hashes: list[str] = []
    for match in _INLINE_SCRIPT.finditer(page_html):
        attrs = match.group("attrs")
        if re.search(r"\ssrc=", attrs, re.I):
            continue
        kind = _TYPE_ATTR.search(attrs)
        if (kind.group(1).lower() if kind else "") not in _EXECUTABLE_TYPES:
            continue
        value = _sha256(match.group("body"))
        if value not in hashes:
            hashes.append(value)
    return hashes


def style_attribute_hashes(page_html: str) -> list[str]:
    """CSP hashes of the page's inline ``style`` attributes (markdown table alignment)."""
    hashes: list[str] = []
    for match in _STYLE_ATTR.finditer(page_html):
        value = _sha256(html.unescape(match.group("dq") or match.group("sq") or ""))
        if value not in hashes:
            hashes.append(value)
    return hashes


def complete_csp(page_html: str) -> str:
    """Fill the CSP meta tag's hash tokens in with this page's own hashes."""
    if SCRIPT_HASHES_TOKEN not in page_html:
        return page_html
    scripts = " ".join(inline_script_hashes(page_html))
    styles = style_attribute_hashes(page_html)
    style_sources = ("'unsafe-hashes' " + " ".join(styles)) if styles else ""
    return page_html.replace(SCRIPT_HASHES_TOKEN, scripts, 1).replace(
        STYLE_HASHES_TOKEN, style_sources, 1
    )
