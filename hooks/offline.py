"""MkDocs hook: make the built site work without signal, installable, and locked down.

* ``on_post_build`` writes ``icons/icon-192.png`` and ``icons/icon-512.png`` (drawn here with
  ``zlib``/``struct``), ``manifest.webmanifest``, and ``sw.js`` at the site root: a service
  worker that precaches every page and asset at install, and keeps the Pyodide/PyScript runtime
  and the engine zip (``runtime/``, about 14 MB) only once a page asks for it:
  ``assets/sw-register.js`` posts ``keep-runtime`` when a widget is ready, after any other page
  has loaded unless the connection is metered, and when the reader presses a "keep the play
  tools" button.
  Its cache is named after a hash of all precached files' contents, so a new release installs
  a new cache and deletes the old one (unchanged files are copied over, not downloaded again;
  a runtime kept before is kept again, updated files downloaded).
  Runtime files are served cache-first, pages network-first with a cache fallback; requests to
  other origins (the opt-in Scryfall lookup) are never touched or cached, except card images
  from Scryfall's image host, each kept once seen (for offline). Every URL in the
  worker and the manifest is relative, so the site works from a sub-path.
* ``on_post_page`` completes the Content-Security-Policy meta tag that ``overrides/main.html``
  writes: the token ``INLINE-HASHES`` in ``script-src`` becomes the SHA-256 hashes of the
  page's own inline scripts (Material's small boot scripts), and ``STYLE-HASHES`` in
  ``style-src`` the hashes of its inline ``style`` attributes (table column alignment), so no
  ``'unsafe-inline'`` is needed.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
import re
import struct
import zlib
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

SW_NAME = "sw.js"
MANIFEST_NAME = "manifest.webmanifest"
ICON_DIR = "icons"
ICON_SIZES = (192, 512)
#: Colours of the site's palette (Material's "deep purple" header colour and "amber").
THEME_COLOR = "#7e56c2"
ACCENT_COLOR = "#ffc107"
BACKGROUND_COLOR = "#ffffff"
#: Cache names start with this, followed by the worker's scope path, so two sites on one
#: origin (GitHub Pages project sites) never delete each other's caches.
CACHE_PREFIX = "coop-magic"
#: Site paths served cache-first (never change without changing the worker's version).
RUNTIME_PREFIXES = ("runtime/", "assets/", "icons/", "search/")
#: Site paths kept only once a page asks (the Python runtime and the engine zip; see
#: assets/sw-register.js). Once kept, each new release keeps them up to date.
ON_DEMAND_PREFIXES = ("runtime/",)
#: Files not worth precaching: source maps, compressed sitemaps, sitemaps.
SKIP_SUFFIXES = (".map", ".gz", ".xml")
#: Material's search language packs; only English is configured, which needs none of them.
SKIP_PREFIXES = ("assets/javascripts/lunr/",)
#: How long a page request waits for the network before the cached copy is served (ms).
NETWORK_TIMEOUT_MS = 4000
#: Markers in the CSP meta tag (see overrides/main.html) that ``on_post_page`` fills in.
SCRIPT_HASHES_TOKEN = "INLINE-HASHES"
STYLE_HASHES_TOKEN = "STYLE-HASHES"

# ---------------------------------------------------------------------------------------------
# Precache list and cache version


def precache_entries(site: Path) -> list[tuple[str, str]]:
    """``(site-relative path, content revision)`` for every file the worker precaches, sorted.

    The revision is a short SHA-256 of the file's bytes. The worker itself is left out.
    """
    entries: list[tuple[str, str]] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        if rel == SW_NAME or rel.endswith(SKIP_SUFFIXES) or rel.startswith(SKIP_PREFIXES):
            continue
        entries.append((rel, hashlib.sha256(path.read_bytes()).hexdigest()[:16]))
    return entries


def cache_version(entries: list[tuple[str, str]]) -> str:
    """A version that changes whenever any precached file (or the list itself) changes."""
    digest = hashlib.sha256()
    for rel, revision in entries:
        digest.update(f"{rel}\0{revision}\n".encode())
    return digest.hexdigest()[:16]


# ---------------------------------------------------------------------------------------------
# The service worker

_SW_TEMPLATE = """\
// Service worker of the Co-op Magic rules site, written by hooks/offline.py at build time.
// Do not edit: rebuild the site. Every path is relative to this file (the site root), so the
// site works from a sub-path.
"use strict";
const VERSION = %(version)s;
const PRECACHE = %(precache)s;
const CACHE_FIRST = %(cache_first)s;
const ON_DEMAND = %(on_demand)s;
const REVISIONS = new Map(PRECACHE);
const NETWORK_TIMEOUT_MS = %(timeout)d;
const REVISION_HEADER = "x-precache-revision";
const BASE = new URL("./", self.location.href);
const PREFIX = %(prefix)s + ":" + BASE.pathname + ":";
const CACHE = PREFIX + VERSION;

// One cache key per file: no query or fragment, and "dir/" means "dir/index.html".
function cacheKey(url) {
  const u = new URL(url, BASE);
  u.search = "";
  u.hash = "";
  if (u.pathname.endsWith("/")) u.pathname += "index.html";
  return u.href;
}

async function stamped(response, revision) {
  const headers = new Headers(response.headers);
  headers.set(REVISION_HEADER, revision);
  const body = await response.arrayBuffer();
  return new Response(body, {status: response.status, statusText: response.statusText, headers});
}

async function precacheOne(cache, oldCaches, path, revision) {
  const url = new URL(path, BASE).href;
  for (const old of oldCaches) {  // unchanged since the last release: copy, do not download
    const hit = await old.match(url);
    if (hit && hit.headers.get(REVISION_HEADER) === revision) {
      await cache.put(url, hit);
      return;
    }
  }
  const response = await fetch(url, {cache: "no-cache"});
  if (!response.ok) throw new Error("precache " + path + ": HTTP " + response.status);
  await cache.put(url, await stamped(response, revision));
}

// The shell (pages, styles, scripts, search) is kept at install. The Python runtime
// (ON_DEMAND) is large, so it is only kept once a page asks for it ("keep-runtime"; the pages
// do not on a metered connection unless a play tool is used). Once kept, a new release keeps
// it up to date.
function onDemand(path) {
  return ON_DEMAND.some((prefix) => path.startsWith(prefix));
}

async function keepFiles(cache, entries, oldCaches) {
  await Promise.all(entries.map(([path, rev]) => precacheOne(cache, oldCaches, path, rev)));
}

async function hasAny(oldCaches, entries) {
  for (const old of oldCaches) {
    for (const [path] of entries) {
      if (await old.match(new URL(path, BASE).href)) return true;
    }
  }
  return false;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
    const oldCaches = await Promise.all(names.map((n) => caches.open(n)));
    const runtime = PRECACHE.filter(([path]) => onDemand(path));
    await keepFiles(cache, PRECACHE.filter(([path]) => !onDemand(path)), oldCaches);
    if (await hasAny(oldCaches, runtime)) await keepFiles(cache, runtime, oldCaches);
    await self.skipWaiting();
  })());
});

// Keep every runtime file (once at a time), then tell the page how many are kept.
let keeping = null;
async function keepRuntime() {
  const cache = await caches.open(CACHE);
  const runtime = PRECACHE.filter(([path]) => onDemand(path));
  const missing = [];
  for (const entry of runtime) {
    if (!(await cache.match(new URL(entry[0], BASE).href))) missing.push(entry);
  }
  await keepFiles(cache, missing, []);
  return runtime.length;
}

async function runtimeStatus() {
  const cache = await caches.open(CACHE);
  const runtime = PRECACHE.filter(([path]) => onDemand(path));
  let kept = 0;
  for (const [path] of runtime) {
    if (await cache.match(new URL(path, BASE).href)) kept += 1;
  }
  return {kept, total: runtime.length};
}

self.addEventListener("message", (event) => {
  const kind = event.data && event.data.type;
  const reply = (message) => event.source && event.source.postMessage(message);
  if (kind === "keep-runtime") {
    if (!keeping) keeping = keepRuntime().finally(() => { keeping = null; });
    event.waitUntil(keeping.then(
      () => runtimeStatus().then((status) => reply({type: "runtime-kept", ...status})),
      (error) => reply({type: "runtime-failed", error: String(error)}),
    ));
  } else if (kind === "runtime-status") {
    event.waitUntil(runtimeStatus().then((status) => reply({type: "runtime-status", ...status})));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return cache.match(cacheKey(request.url));
}

async function cacheFirst(request, path) {
  const hit = await fromCache(request);
  if (hit) return hit;
  const response = await fetch(request);
  const revision = REVISIONS.get(path);
  // Only files of this release are kept, stamped with their revision (for the next release).
  if (revision && response.ok && response.type === "basic" && !response.redirected) {
    const cache = await caches.open(CACHE);
    await cache.put(cacheKey(request.url), await stamped(response.clone(), revision));
  }
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic" && !response.redirected) {
      const cache = await caches.open(CACHE);
      await cache.put(cacheKey(request.url), response.clone());
    }
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  try {
    // Slow network: fall back to the cached copy after a while, if there is one.
    const first = await Promise.race([network, late.then(() => fromCache(request))]);
    if (first) return first;
    return await network;
  } catch (error) {
    const hit = await fromCache(request);
    if (hit) return hit;
    const missing = await (await caches.open(CACHE)).match(new URL("404.html", BASE).href);
    if (missing) return missing;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Card images from Scryfall's image host (the runner pages' card panel, a setting turns them
  // off): each one seen is kept in a cache of its own, so it shows again offline.
  if (url.hostname === "cards.scryfall.io" && request.destination === "image") {
    event.respondWith(caches.open("coop-magic-card-images").then(async (cache) => {
      const hit = await cache.match(request.url);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok || response.type === "opaque") await cache.put(request.url, response.clone());
      return response;
    }));
    return;
  }
  // Other origins (the opt-in Scryfall lookup) go straight to the network, never cached.
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  if (request.mode === "navigate" || request.destination === "document") {
    event.respondWith(networkFirst(event));
    return;
  }
  let path = url.pathname.slice(BASE.pathname.length);
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (CACHE_FIRST.some((prefix) => path.startsWith(prefix))) {
    event.respondWith(cacheFirst(request, path));
    return;
  }
  event.respondWith(networkFirst(event));
});
"""


def service_worker_js(entries: list[tuple[str, str]]) -> str:
    """The text of ``sw.js`` for these precache entries."""
    return _SW_TEMPLATE % {
        "version": json.dumps(cache_version(entries)),
        "precache": json.dumps([list(entry) for entry in entries], separators=(",", ":")),
        "cache_first": json.dumps(list(RUNTIME_PREFIXES)),
        "on_demand": json.dumps(list(ON_DEMAND_PREFIXES)),
        "timeout": NETWORK_TIMEOUT_MS,
        "prefix": json.dumps(CACHE_PREFIX),
    }


# ---------------------------------------------------------------------------------------------
# Manifest and icons


def _rgb(color: str) -> tuple[int, int, int]:
    value = color.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG from raw rows (each ``width * 3`` bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\0" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


@functools.cache
def icon_png(size: int) -> bytes:
    """A square icon: an amber disc with a purple diamond, on the theme's purple.

    The drawing stays inside the central 80 %, so it also works as a maskable icon.
    """
    purple, amber = _rgb(THEME_COLOR), _rgb(ACCENT_COLOR)
    centre = (size - 1) / 2
    disc = size * 0.34
    diamond = size * 0.2
    rows = []
    for y in range(size):
        dy = y - centre
        row = bytearray()
        for x in range(size):
            dx = x - centre
            inside_disc = dx * dx + dy * dy <= disc * disc
            inside_diamond = abs(dx) + abs(dy) <= diamond
            row += bytes(amber if inside_disc and not inside_diamond else purple)
        rows.append(bytes(row))
    return _png(size, size, rows)


def icon_path(size: int) -> str:
    return f"{ICON_DIR}/icon-{size}.png"


def manifest(config) -> dict:
    """The web app manifest; every URL is relative to the manifest (the site root)."""
    name = config.get("site_name") or "Co-op Magic Rules"
    icons = [
        {"src": icon_path(size), "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "any"}
        for size in ICON_SIZES
    ]
    icons.append({"src": icon_path(max(ICON_SIZES)), "sizes": f"{max(ICON_SIZES)}x"
                  f"{max(ICON_SIZES)}", "type": "image/png", "purpose": "maskable"})
    return {
        "name": name,
        "short_name": "Co-op Magic",
        "description": config.get("site_description") or name,
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": icons,
    }


# ---------------------------------------------------------------------------------------------
# Content-Security-Policy hashes

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


# ---------------------------------------------------------------------------------------------
# MkDocs events


def on_config(config):
    config.extra.setdefault("theme_color", THEME_COLOR)
    return config


def on_post_page(output, page, config):
    return complete_csp(output)


def on_post_template(output_content, template_name, config):
    return complete_csp(output_content)  # 404.html and other static templates


@event_priority(-200)  # after every other hook and plugin has written its files
def on_post_build(config):
    site = Path(config["site_dir"])
    if not (site / "index.html").is_file():
        raise PluginError(f"offline hook: {site} has no index.html; nothing to precache")
    (site / ICON_DIR).mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        (site / icon_path(size)).write_bytes(icon_png(size))
    (site / MANIFEST_NAME).write_text(
        json.dumps(manifest(config), indent=2) + "\n", encoding="utf-8"
    )
    entries = precache_entries(site)
    (site / SW_NAME).write_text(service_worker_js(entries), encoding="utf-8")
