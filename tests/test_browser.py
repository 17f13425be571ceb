"""The browser adapter's view writing (pyengine.browser.apply_view), run in CPython against a
small stand-in for the page's DOM (a fake ``js`` module): after any sequence of views the page
shows exactly the last one, a tap writes only what changed, and the address and kept view are
written once, after the screen is painted (issue 15, point 8: tap to updated screen)."""

from __future__ import annotations

import importlib
import random
import sys
import types

import pytest

from pyengine.widgets import Item, View


class Node:
    def __init__(self, dom: Dom, tag: str = "", text: str = "") -> None:
        self.dom, self.tagName, self._text = dom, tag.upper(), text
        self.nodes: list[Node] = []
        self.parent: Node | None = None
        self.attrs: dict[str, str] = {}
        self._hidden = False
        self.className = self.type = self.value = ""
        self.href = self.target = self.rel = self.loading = self.decoding = ""
        self.alt = self.src = ""

    # -- what the adapter reads and writes ----------------------------------------------------
    @property
    def textContent(self) -> str:
        return self._text + "".join(n.textContent for n in self.nodes)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self.dom.writes += 1
        self.nodes, self._text = [], text

    @property
    def hidden(self) -> bool:
        return self._hidden

    @hidden.setter
    def hidden(self, value: bool) -> None:
        self.dom.writes += 1
        self._hidden = value

    @property
    def children(self) -> Children:
        return Children([n for n in self.nodes if n.tagName])

    def setAttribute(self, key: str, value: str) -> None:
        self.dom.writes += 1
        self.attrs[key] = value

    def getAttribute(self, key: str) -> str | None:
        return self.attrs.get(key)

    def _adopt(self, node: Node) -> Node:
        if node.parent is not None:
            node.parent.nodes.remove(node)
        node.parent = self
        self.dom.writes += 1
        return node

    def appendChild(self, node: Node) -> Node:
        self.nodes.append(self._adopt(node))
        return node

    def insertBefore(self, node: Node, before: Node | None) -> Node:
        self._adopt(node)
        self.nodes.insert(len(self.nodes) if before is None else self.nodes.index(before), node)
        return node

    def replaceChildren(self, *nodes: Node) -> None:
        self.dom.writes += 1
        self.nodes, self._text = [], ""
        for node in nodes:
            self.appendChild(node)

    def remove(self) -> None:
        if self.parent is not None:
            self.dom.writes += 1
            self.parent.nodes.remove(self)
            self.parent = None

    def querySelector(self, selector: str) -> Node | None:
        self.dom.lookups += 1
        key, _, value = selector.strip("[]").partition("=")
        value = value.strip('"')
        stack = list(self.nodes)
        while stack:
            node = stack.pop(0)
            if node.attrs.get(key) == value:
                return node
            stack.extend(node.nodes)
        return None

    def querySelectorAll(self, selector: str) -> list[Node]:
        return []


class Children(list):
    @property
    def length(self) -> int:
        return len(self)

    def item(self, index: int) -> Node | None:
        return self[index] if 0 <= index < len(self) else None


class Dom:
    """The stand-in page: a widget root with a text, a list and a hidden box, and a window
    whose animation frames and timers run only when the test says so."""

    def __init__(self) -> None:
        self.writes = self.lookups = 0
        self.root = Node(self, "div")
        for data_id, tag in (("title", "p"), ("log", "ul"), ("box", "div"), ("error", "p")):
            element = Node(self, tag)
            element.attrs["data-id"] = data_id
            element.parent = self.root
            self.root.nodes.append(element)
        self.frames: list = []
        self.timers: list = []
        self.addresses: list[str] = []
        self.kept: list[str] = []

    def by_id(self, data_id: str) -> Node:
        return next(n for n in self.root.nodes if n.attrs.get("data-id") == data_id)

    def module(self) -> types.ModuleType:
        dom = self
        js = types.ModuleType("js")
        js.document = types.SimpleNamespace(
            createElement=lambda tag: Node(dom, tag),
            createTextNode=lambda text: Node(dom, "", text))
        location = types.SimpleNamespace(pathname="/play/horde.html", search="")
        js.window = types.SimpleNamespace(
            location=location,
            history=types.SimpleNamespace(
                replaceState=lambda state, title, url: dom.addresses.append(url)),
            requestAnimationFrame=dom.frames.append,
            setTimeout=lambda callback, ms=0: dom.timers.append(callback),
            addEventListener=lambda event, callback: None,
            coopMagicSavedView=types.SimpleNamespace(
                keep=lambda root: dom.kept.append("keep"),
                forget=lambda root: dom.kept.append("forget")))
        js.console = types.SimpleNamespace(warn=lambda text: None)
        js.URL = js.Blob = js.Object = js.fetch = None
        return js

    def paint(self) -> None:
        """The next frame, then the timers it set."""
        frames, self.frames = self.frames, []
        for frame in frames:
            frame(0)
        while self.timers:
            self.timers.pop(0)()


@pytest.fixture
def page(monkeypatch):
    dom = Dom()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda function: function
    ffi.to_js = lambda value, **options: value
    monkeypatch.setitem(sys.modules, "js", dom.module())
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "pyengine.browser", raising=False)
    browser = importlib.import_module("pyengine.browser")
    yield dom, browser
    sys.modules.pop("pyengine.browser", None)


def lines(dom: Dom) -> list[str]:
    return [li.textContent for li in dom.by_id("log").children]


def test_the_page_shows_exactly_the_last_view_whatever_came_before(page):
    """hs-6-8: lists change line by line (the same first and last lines kept, a log's new
    lines on top with the oldest falling off), and the page always equals the last view."""
    dom, browser = page
    chance = random.Random(15)
    names = [f"Zombie #{n}" for n in range(12)]
    log: list[str] = []
    for step in range(300):
        kind = step % 4
        if kind == 0:  # a log: new lines on top, at most 8
            log = [f"event {step}.{k}" for k in range(chance.randint(0, 3))] + log
            log = log[:8]
        elif kind == 1:  # a board: one line changes, one goes, one comes
            log = chance.sample(names, chance.randint(0, 6))
        elif kind == 2:
            log = log[: chance.randint(0, len(log))] + log[chance.randint(0, len(log)):]
        items = [Item(text, action="pick" if "#" in text else None, value=text)
                 for text in log]
        browser.apply_view(dom.root, "horde", View(lists={"log": items},
                                                   text={"title": f"{len(items)} lines"}))
        assert lines(dom) == log
        assert dom.by_id("title").textContent == f"{len(items)} lines"
        buttons = [li.nodes[0] for li in dom.by_id("log").children if li.nodes]
        assert [b.attrs.get("data-item") for b in buttons if b.tagName == "BUTTON"] == \
            [text for text in log if "#" in text]


def test_a_tap_writes_only_what_changed(page):
    """A view equal to the last one writes nothing; a log with one new line on top writes
    that line only, and each element is looked up once."""
    dom, browser = page
    items = [Item(f"line {n}") for n in range(30)]
    view = View(text={"title": "Horde turn 3"}, hidden={"box": False},
                lists={"log": items}, attrs={"box": {"data-events": "[]"}})
    browser.apply_view(dom.root, "horde", view)
    lookups = dom.lookups
    dom.writes = 0
    browser.apply_view(dom.root, "horde", view)
    assert dom.writes == 0
    browser.apply_view(dom.root, "horde", View(lists={"log": [Item("new"), *items[:29]]}))
    assert lines(dom) == ["new"] + [f"line {n}" for n in range(29)]
    assert dom.writes <= 4  # the new line (created, text, inserted) and the oldest removed
    assert dom.lookups == lookups


def test_list_lines_with_a_card_image(page):
    """hs-6-8: a line with ``Item.image`` shows the small image before its text, lazy, its
    alt text the card's name; a line without one is text only."""
    dom, browser = page
    image = "https://cards.scryfall.io/small/front/0/0/0.jpg"
    browser.apply_view(dom.root, "horde", View(lists={"log": [
        Item("Zombie ×3", action="pick", value="4", image=image, image_alt="Zombie"),
        Item("Grave Titan")]}))
    first, second = dom.by_id("log").children
    button = first.nodes[0]
    thumb = button.nodes[0]
    assert (thumb.tagName, thumb.src, thumb.alt, thumb.loading) == ("IMG", image, "Zombie",
                                                                   "lazy")
    assert button.textContent == "Zombie ×3"
    assert second.nodes == [] and second.textContent == "Grave Titan"


def test_the_address_and_kept_view_wait_for_the_paint(page):
    """hs-2-9: the share link in the address and the kept view are written after the frame
    that shows the tap, once, with the latest address, the address first."""
    dom, browser = page
    browser.apply_view(dom.root, "horde", View(url_hash="h=one", save="{}"))
    browser.apply_view(dom.root, "horde", View(url_hash="h=two", save="{}"))
    assert dom.addresses == [] and dom.kept == []
    dom.paint()
    assert dom.addresses == ["/play/horde.html#h=two"]
    assert dom.kept == ["keep"]
    browser.apply_view(dom.root, "horde", View(url_hash="", save=""))
    dom.paint()
    assert dom.addresses[-1] == "/play/horde.html" and dom.kept[-1] == "forget"
