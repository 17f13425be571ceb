"""Offline copy of the site: the service worker, its precache list, the manifest and icons.

``write_offline_files(site, name, description)`` runs after every other build step and writes
into the built site:

* ``icons/icon-192.png`` and ``icons/icon-512.png`` (drawn here with ``zlib``/``struct``);
* ``manifest.webmanifest``;
* ``sw.js``: the service worker, ``sitebuild/sw.js`` with this release's precache list (every
  file's site path and the first 16 hex digits of its SHA-256) and version (a hash of that
  list) filled in. How the worker keeps and serves releases is described at its top.

Every URL in the worker and the manifest is relative, so the site works from a sub-path.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import struct
import zlib
from pathlib import Path

from sitebuild import BuildError

#: The service worker's source; lines ending in ``// @build NAME`` get this release's values.
SW_SOURCE = Path(__file__).resolve().parent / "sw.js"

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
#: Site paths kept only once a page asks (the Python runtime and the engine zip; see
#: assets/sw-register.js). Once kept, each new release keeps them up to date.
ON_DEMAND_PREFIXES = ("runtime/",)
#: Files not worth precaching: source maps, compressed sitemaps, sitemaps.
SKIP_SUFFIXES = (".map", ".gz", ".xml")
#: Material's search language packs; only English is configured, which needs none of them.
SKIP_PREFIXES = ("assets/javascripts/lunr/",)
#: How long a page request waits for the network before the cached copy is served (ms).
NETWORK_TIMEOUT_MS = 4000
#: The most card images from Scryfall's image host the worker keeps (the oldest go first).
MAX_CARD_IMAGES = 150


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

_BUILD_LINE = re.compile(r"^const (\w+) = .*; // @build (\w+)$", re.M)


def service_worker_js(entries: list[tuple[str, str]]) -> str:
    """The text of ``sw.js`` for these precache entries: ``sitebuild/sw.js`` with each
    ``// @build`` line holding this release's value."""
    values = {
        "version": cache_version(entries),
        "precache": [list(entry) for entry in entries],
        "on_demand": list(ON_DEMAND_PREFIXES),
        "timeout": NETWORK_TIMEOUT_MS,
        "prefix": CACHE_PREFIX,
        "max_images": MAX_CARD_IMAGES,
    }
    source = SW_SOURCE.read_text(encoding="utf-8")
    filled: set[str] = set()

    def fill(match: re.Match) -> str:
        name, key = match.group(1), match.group(2)
        if key not in values:
            raise BuildError(f"sitebuild/sw.js: unknown build value '{key}'")
        filled.add(key)
        return f"const {name} = {json.dumps(values[key], separators=(',', ':'))};"

    text = _BUILD_LINE.sub(fill, source)
    missing = sorted(set(values) - filled)
    if missing:
        raise BuildError(f"sitebuild/sw.js has no '// @build' line for {', '.join(missing)}")
    return text


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


def manifest(name: str | None, description: str | None = None) -> dict:
    """The web app manifest; every URL is relative to the manifest (the site root)."""
    name = name or "Co-op Magic Rules"
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
        "description": description or name,
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": icons,
    }


# ---------------------------------------------------------------------------------------------
# Writing the files


def write_offline_files(site: Path, name: str, description: str) -> None:
    """Write the icons, the manifest and ``sw.js`` into the built ``site`` (run last: the
    worker lists every file already there)."""
    if not (site / "index.html").is_file():
        raise BuildError(f"offline files: {site} has no index.html; nothing to precache")
    (site / ICON_DIR).mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        (site / icon_path(size)).write_bytes(icon_png(size))
    (site / MANIFEST_NAME).write_text(
        json.dumps(manifest(name, description), indent=2) + "\n", encoding="utf-8"
    )
    entries = precache_entries(site)
    (site / SW_NAME).write_text(service_worker_js(entries), encoding="utf-8")
