"""Content-Security-Policy hashes: the policy in ``overrides/main.html`` allows no
``'unsafe-inline'``; ``complete_csp`` fills its tokens in with the hashes of the page's own inline
scripts (Material's small boot scripts) and inline ``style`` attributes (table alignment).

Serving locally (``mkdocs serve``, ``scripts/serve.sh``) is the one exception: the development
server adds a live-reload script to every page as it sends it, different each time, so there
the policy allows inline scripts, and ``mark_dev_server`` marks the page so that
``docs/assets/sw-register.js`` keeps no offline copy of a site that changes on every save. A built
site never gets either."""

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


_ARTICLE = re.compile(r"<article\b[^>]*>(?P<body>.*?)</article>", re.S | re.I)


def content_scripts(page_html: str) -> list[str]:
    """The runnable inline scripts inside the page's content (Material's ``<article>``: the
    rules text, glossary definitions, a widget's markup), each cut to 60 characters. The
    policy allows inline scripts only by the hashes of the build's own scripts, so a page
    whose content holds one fails the build (hooks/csp.py) instead of getting it allowed."""
    found: list[str] = []
    for article in _ARTICLE.finditer(page_html):
        for match in _INLINE_SCRIPT.finditer(article.group("body")):
            attrs = match.group("attrs")
            if re.search(r"\ssrc=", attrs, re.I):
                continue
            kind = _TYPE_ATTR.search(attrs)
            if (kind.group(1).lower() if kind else "") in _EXECUTABLE_TYPES:
                found.append(match.group("body").strip()[:60])
    return found


def style_attribute_hashes(page_html: str) -> list[str]:
    """CSP hashes of the page's inline ``style`` attributes (markdown table alignment)."""
    hashes: list[str] = []
    for match in _STYLE_ATTR.finditer(page_html):
        value = _sha256(html.unescape(match.group("dq") or match.group("sq") or ""))
        if value not in hashes:
            hashes.append(value)
    return hashes


def complete_csp(page_html: str, *, dev_server: bool = False) -> str:
    """Fill the CSP meta tag's hash tokens in with this page's own hashes.

    ``dev_server``: the page is sent by the local development server, which adds an inline
    live-reload script: inline scripts are allowed instead (hashes would switch that off).
    """
    if SCRIPT_HASHES_TOKEN not in page_html:
        return page_html
    if dev_server:
        scripts = "'unsafe-inline'"
    else:
        scripts = " ".join(inline_script_hashes(page_html))
    styles = style_attribute_hashes(page_html)
    style_sources = ("'unsafe-hashes' " + " ".join(styles)) if styles else ""
    return page_html.replace(SCRIPT_HASHES_TOKEN, scripts, 1).replace(
        STYLE_HASHES_TOKEN, style_sources, 1
    )


#: The attribute ``mark_dev_server`` puts on ``<html>``; docs/assets/sw-register.js reads it.
DEV_SERVER_ATTRIBUTE = "data-dev-server"
_HTML_TAG = re.compile(r"<html\b", re.I)


def mark_dev_server(page_html: str) -> str:
    """Mark a page sent by the local development server (``<html data-dev-server>``)."""
    if DEV_SERVER_ATTRIBUTE in page_html:
        return page_html
    return _HTML_TAG.sub(f"<html {DEV_SERVER_ATTRIBUTE}", page_html, count=1)
