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
from html.parser import HTMLParser

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


#: Elements page content never holds: they load or run something, or change the whole page
#: (``<meta http-equiv="refresh">`` redirects it, ``<base>`` moves every link).
_REFUSED_ELEMENTS = ("meta", "base", "iframe", "frame", "frameset", "object", "embed", "applet",
                     "portal", "noscript", "template")
#: Attributes that hold an address (a ``javascript:`` one runs when followed).
_URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "poster", "data",
                   "background", "ping", "srcset")
_RUNNABLE_SCHEMES = ("javascript:", "vbscript:")
_CONTROL_OR_SPACE = re.compile(r"[\x00-\x20\x7f]+")


def _own_address(value: str) -> bool:
    """True for an address on this site (relative, no scheme, not ``//host``)."""
    plain = _CONTROL_OR_SPACE.sub("", value)
    return not (plain.startswith(("//", "\\\\", "/\\"))
                or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", plain))


class _ContentScan(HTMLParser):
    """What in a piece of page content could run or redirect (see :func:`content_problems`).
    Python's HTML parser reads the markup as a browser's tokenizer does (comments, raw text
    inside ``<script>``, entities in attributes), so nothing is found or missed by how the
    text happens to be written."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._script: tuple[dict[str, str], list[str]] | None = None

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): (value or "") for name, value in attrs}
        for name, value in values.items():
            if name.startswith("on"):
                self.problems.append(f"an event attribute <{tag} {name}=…>")
            elif name == "srcdoc":
                self.problems.append(f"<{tag} srcdoc>")
            elif name in _URL_ATTRIBUTES and _CONTROL_OR_SPACE.sub("", value).lower().startswith(
                    _RUNNABLE_SCHEMES):
                self.problems.append(f"a runnable address <{tag} {name}={value[:40]!r}>")
        if tag in _REFUSED_ELEMENTS:
            self.problems.append(f"<{tag}>")
        elif tag == "link" and not (values.get("rel", "").lower() == "stylesheet"
                                    and _own_address(values.get("href", ""))):
            self.problems.append("<link> other than one of the site's own style sheets")
        elif tag == "script":
            if "src" in values and not _own_address(values["src"]):
                self.problems.append(f"<script src={values['src'][:40]!r}> from another site")
            self._script = (values, [])

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)
        if tag == "script":
            self.handle_endtag(tag)

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag != "script" or self._script is None:
            return
        values, body = self._script
        self._script = None
        if "src" not in values and values.get("type", "").strip().lower() in _EXECUTABLE_TYPES:
            self.problems.append("a <script> (" + "".join(body).strip()[:60] + ")")

    def close(self) -> None:
        super().close()
        if self._script is not None:  # cut short: a browser runs what it has
            self.handle_endtag("script")


def content_problems(content_html: str) -> list[str]:
    """What in a page's own content (the HTML made from its Markdown: rules text, glossary
    definitions, a widget's markup) could run a script or redirect the page: a runnable inline
    ``<script>`` (one with a ``src`` must be the site's own; a JSON one is data), ``<meta>``,
    ``<base>``, ``<iframe>``, ``<object>``, ``<embed>`` and the like, event attributes
    (``onclick=``), ``javascript:`` addresses. The policy allows inline scripts only by the
    hashes of the build's own scripts, so a page whose content holds one fails the build
    (hooks/csp.py) instead of getting it allowed. Found by parsing, never by searching the
    text: a ``</article>`` or a comment before the script changes nothing."""
    scan = _ContentScan()
    scan.feed(content_html)
    scan.close()
    return scan.problems


class _MarkupScan(HTMLParser):
    """Every tag, comment and declaration in a text (:func:`markup_in`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append(f"<{tag}>")

    def handle_endtag(self, tag: str) -> None:
        self.found.append(f"</{tag}>")

    def handle_comment(self, data: str) -> None:
        self.found.append("<!-- -->")

    def handle_decl(self, decl: str) -> None:
        self.found.append(f"<!{decl[:20]}>")

    def handle_pi(self, data: str) -> None:
        self.found.append(f"<?{data[:20]}>")

    def unknown_decl(self, data: str) -> None:
        self.found.append(f"<![{data[:20]}>")


def markup_in(text: str) -> list[str]:
    """The HTML tags, comments and declarations in a text meant to be words and a little
    Markdown (a glossary definition), as a browser's parser would read them."""
    scan = _MarkupScan()
    scan.feed(text)
    scan.close()
    return scan.found


def article_of(page_html: str) -> str:
    """The theme's ``<article>`` of a whole page, from its first opening tag to its last
    closing one (the page's content sits inside; a ``</article>`` in the content itself comes
    before the theme's own)."""
    start = page_html.find("<article")
    end = page_html.rfind("</article>")
    return page_html[start:end] if 0 <= start < end else ""


def content_scripts(page_html: str) -> list[str]:
    """:func:`content_problems` of a whole page's content (its ``<article>``)."""
    return content_problems(article_of(page_html))


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
