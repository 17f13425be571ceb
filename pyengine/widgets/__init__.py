"""Play-tool controllers: pure Python, no DOM.

Each widget module defines ``Widget(env)`` with ``start(saved) -> View`` and
``handle(action, form) -> View``. The page's adapter (``docs/assets/widget-host.js``, talking to
:mod:`pyengine.widgets.host` in a Python worker) is the only code
that reads the page and applies a :class:`View` to it; tests drive widgets directly.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Env:
    """What a widget may ask of its surroundings (the adapter or a test supplies it)."""

    #: Shipped decks: dicts with at least ``id``, ``title`` and ``format``.
    decks: list[dict[str, Any]]
    #: The text of a shipped deck by id.
    read_deck: Callable[[str], str]
    #: A fresh random non-negative integer (for new seeds); never used inside a game.
    entropy: Callable[[], int]
    #: The page's URL fragment at load, without '#' (share links carry a game there).
    url_hash: str = ""
    #: The text of a data file under ``decks/`` by relative path (card facts, ban lists).
    read_data: Callable[[str], str] | None = None
    #: The browser asks to save data (``navigator.connection.saveData``): card images start off.
    save_data: bool = False
    #: The page's own address without its fragment (a share field shows the whole link).
    page_url: str = ""
    #: Today's date (``datetime.date``) for the card data's age; None: the device's clock.
    today: Callable[[], Any] | None = None


@dataclass
class Item:
    """One line of a list on the page: plain text, optionally a link, optionally a class."""

    text: str
    href: str | None = None
    cls: str | None = None
    #: Render the item as a button that calls ``handle(action, form)`` with ``_item`` = value.
    action: str | None = None
    value: str = ""
    #: For item buttons: shown pressed (aria-pressed="true"), e.g. a card chosen to bottom.
    pressed: bool = False
    #: A small card image before the text (a URL on Scryfall's image host), lazy, with
    #: ``image_alt`` (the card's name) as its text.
    image: str = ""
    image_alt: str = ""


@dataclass
class Fetch:
    """A network request the adapter makes for a widget, one at a time, at least
    ``FETCH_GAP_MS`` apart. When it ends, the adapter calls ``handle(action, form)`` with three
    extra form keys: ``_status`` (the HTTP status, or ``"offline"`` when the request could not be
    made), ``_body`` (the response text) and ``_tag`` (this request's ``tag``)."""

    url: str
    #: The action to call with the response.
    action: str
    method: str = "GET"
    #: JSON request body (sent with Content-Type: application/json).
    body: str | None = None
    #: Anything the widget wants back with the response.
    tag: str = ""


#: Minimum gap between two requests to the same service (Scryfall asks for 50–100 ms).
FETCH_GAP_MS = 100


@dataclass
class View:
    """Changes to make to the page, by element id. Text is always set as text, never HTML."""

    text: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[Item]] = field(default_factory=dict)
    options: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    hidden: dict[str, bool] = field(default_factory=dict)
    attrs: dict[str, dict[str, str]] = field(default_factory=dict)
    #: State to keep in browser storage (None: leave storage as it is; "" clears it).
    save: str | None = None
    #: A message to show in the widget's error box ("" clears it).
    error: str = ""
    #: Requests to make (only on an explicit user request, e.g. a card lookup).
    fetches: list[Fetch] = field(default_factory=list)
    #: New URL fragment (without '#'), set without reloading; "" clears it.
    url_hash: str | None = None
    #: Offer a file to save: (file name, text).
    download: tuple[str, str] | None = None
    #: An element (by ``data-id``) to scroll to the top of the screen, e.g. the game after
    #: Start, so the turn button and what just happened are on one screen.
    scroll: str | None = None
    #: QR codes to paint, by ``data-id`` of a ``<canvas>``: rows of ``#`` (dark) and ``.``.
    qr: dict[str, list[str]] = field(default_factory=dict)
    #: A note for the player (shown as a status, not an error), e.g. "Opened a shared game".
    note: str = ""

    def merge(self, other: View) -> View:
        for name in ("text", "values", "lists", "options", "hidden", "attrs", "qr"):
            getattr(self, name).update(getattr(other, name))
        if other.save is not None:
            self.save = other.save
        self.error = other.error or self.error
        self.note = other.note or self.note
        self.fetches.extend(other.fetches)
        if other.url_hash is not None:
            self.url_hash = other.url_hash
        if other.download is not None:
            self.download = other.download
        if other.scroll is not None:
            self.scroll = other.scroll
        return self


#: The largest paste a page reads: far above any real decklist (a 1,000-card Horde deck is
#: about 30 KB, a Commander deck 100 lines), small enough that the browser lays it out in a
#: box without freezing the page (issue 40, point 5: 10,000 lines took 0.3-0.7 s to insert
#: or show at any load; 2,000 lines take under 0.1 s; bench/bench_inputs.py).
MAX_PASTE_CHARS = 300_000
MAX_PASTE_LINES = 2_000
#: Characters slow to lay out a paste may hold: the browser's layout of mixed-direction text
#: grows much faster than its length (100,000 characters alternating Hebrew and Latin letters
#: held the page for 27-40 s in one box), and emoji and joined sequences are shaped one by one
#: (290,000 characters of family emoji: 1.5 s); card names are English.
MAX_PASTE_COMPLEX = 1_000
#: What counts as one: combining marks, the right-to-left scripts' blocks (Hebrew to Arabic
#: Extended, their presentation forms), the joiners and direction marks, embeddings, overrides
#: and isolates, variation selectors, and every character beyond the basic plane (emoji, the
#: historic right-to-left scripts). docs/assets/text-limits.js holds the same ranges.
COMPLEX_RANGES = ((0x0300, 0x036F), (0x0590, 0x08FF), (0x200C, 0x200F), (0x202A, 0x202E),
                  (0x2066, 0x2069), (0xFB1D, 0xFDFF), (0xFE00, 0xFE0F), (0xFE70, 0xFEFF),
                  (0x10000, 0x10FFFF))
_COMPLEX = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in COMPLEX_RANGES) + "]")


def paste_too_big(text: str) -> str | None:
    """A clear message if a pasted list is beyond what a page reads, else None (cheap: it
    looks at the length, counts newlines and the characters slow to lay out, nothing more)."""
    if len(text) > MAX_PASTE_CHARS:
        return (f"The pasted text is {len(text):,} characters long; a page reads at most "
                f"{MAX_PASTE_CHARS:,}. Paste one decklist at a time.")
    lines = text.count("\n") + 1
    if lines > MAX_PASTE_LINES:
        return (f"The pasted text has {lines:,} lines; a page reads at most "
                f"{MAX_PASTE_LINES:,}. Paste one decklist at a time.")
    complex_ = sum(1 for _ in itertools.islice(_COMPLEX.finditer(text), MAX_PASTE_COMPLEX + 1))
    if complex_ > MAX_PASTE_COMPLEX:
        return (f"The pasted text has over {MAX_PASTE_COMPLEX:,} right-to-left letters, emoji "
                "or joining marks; card names are read in English. Paste one decklist at a "
                "time.")
    return None


def scryfall_link(name: str) -> str:
    """A link to a card's Scryfall page by exact name (a link only; nothing is fetched)."""
    from urllib.parse import quote

    return "https://scryfall.com/search?q=" + quote(f'!"{name}"', safe="")
