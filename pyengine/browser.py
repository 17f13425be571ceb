"""The browser adapter: the only module that touches the page (PyScript on Pyodide).

It finds the widget's root element (``[data-widget=NAME]``), reads its fields
(``[data-field]``), wires its buttons (``[data-action]``) and change events
(``[data-change]``) to the pure controller in :mod:`pyengine.widgets`, and applies the
:class:`~pyengine.widgets.View` it returns. Everything user-supplied is set with
``textContent``/``value``, never as HTML. When the widget is ready the root gets
``data-ready="true"``, the machine-readable signal the tests wait on.

Extras a widget can use: list items rendered as buttons (``Item.action``: the click calls the
action with ``_item``), file inputs (``<input type=file data-file="ACTION">``: the file's text
arrives as ``_file``), downloads (``View.download``), the URL fragment (``Env.url_hash`` in,
``View.url_hash`` out) and network requests (``View.fetches``, one at a time).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import traceback

from js import URL, Blob, Object, console, document, fetch, window  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from . import files
from .widgets import FETCH_GAP_MS, Env, Fetch, View
from .widgets.saves import Session

_PROXIES: list[object] = []  # keep event handlers alive for the page's lifetime
#: Development build (mkdocs serve): log View keys with no element on the page.
_DEV = {"on": False}


def _scope() -> str:
    """The site's own base path (e.g. ``/coop-magic/``), so two sites on one domain keep their
    games apart. Material for MkDocs sets ``__md_scope`` (a URL) on every page."""
    try:
        scope = getattr(window, "__md_scope", None)
        path = str(scope.pathname) if scope is not None else ""
    except Exception:
        path = ""
    return path or "/"


def _storage_key(name: str) -> str:
    """The storage key of a page's save; docs/assets/saves.js builds the same key."""
    return f"coop-magic:{_scope()}:{name}"


class _Storage:
    """A page's save slots in ``localStorage`` (see :mod:`pyengine.widgets.saves`). A save
    stored under the key used before keys carried the base path moves over once."""

    def __init__(self, name: str) -> None:
        self.key = _storage_key(name)
        try:
            old = window.localStorage.getItem(f"coop-magic:{name}")
            current = window.localStorage.getItem(self.key)  # null may arrive as JsNull
            if isinstance(old, str) and old and not isinstance(current, str):
                window.localStorage.setItem(self.key, old)
                window.localStorage.removeItem(f"coop-magic:{name}")
        except Exception:
            pass

    def _key(self, slot: str) -> str:
        return self.key if slot == "game" else f"{self.key}:{slot}"

    def get(self, slot: str) -> str | None:
        value = window.localStorage.getItem(self._key(slot))
        return value if isinstance(value, str) else None

    def set(self, slot: str, value: str | None) -> None:
        if value:
            window.localStorage.setItem(self._key(slot), value)
        else:
            window.localStorage.removeItem(self._key(slot))


def _found(element):
    """``element``, or None when the page has none (Pyodide gives a JS ``null`` as ``jsnull``,
    not None, so a missing element would otherwise slip past ``is None``)."""
    return None if element is None or type(element).__name__ == "JsNull" else element


def _saved_view(root, step: str) -> None:
    """The last saved view (assets/saved-view.js, ``window.coopMagicSavedView``): ``keep``
    what the widget shows after a save, ``forget`` it when the save is cleared, ``revert`` the
    copy shown before Python was ready. Never lets a page fail."""
    try:
        saved_view = getattr(window, "coopMagicSavedView", None)
        if saved_view is not None:
            getattr(saved_view, step)(root)
    except Exception:
        console.warn(f"saved view: {step} failed")


def _find(root, data_id: str):
    return _found(root.querySelector(f'[data-id="{data_id}"]'))


class _Shown:
    """What :func:`apply_view` last wrote to one widget, and its elements by ``data-id`` and
    ``data-field`` (a widget's markup is fixed, so each is looked up once). A tap then writes
    only what changed: fewer calls from Python into the page and less for the browser to lay
    out again (issue 15, point 8: tap to updated screen)."""

    def __init__(self, root) -> None:
        self.root = root
        self.ids: dict[str, object] = {}
        self.fields: dict[str, object] = {}
        self.written: dict[tuple[str, str], object] = {}
        self.form: list[tuple[str, object, bool]] | None = None

    def find(self, data_id: str):
        if data_id not in self.ids:
            self.ids[data_id] = _find(self.root, data_id)
        return self.ids[data_id]

    def field(self, name: str):
        """The ``data-field`` element ``name``, else the ``data-id`` one."""
        if name not in self.fields:
            self.fields[name] = _found(self.root.querySelector(f'[data-field="{name}"]'))
        return self.fields[name] or self.find(name)

    def changed(self, kind: str, key: str, value: object) -> bool:
        """True (and remembered) when ``value`` is not what was last written there."""
        if self.written.get((kind, key), _UNSET) == value:
            return False
        self.written[(kind, key)] = value
        return True


_UNSET = object()
_SHOWN: dict[str, _Shown] = {}


def _shown(root, name: str) -> _Shown:
    shown = _SHOWN.get(name)
    if shown is None or shown.root is not root:
        shown = _SHOWN[name] = _Shown(root)
    return shown


def read_form(root, shown: _Shown | None = None) -> dict[str, str]:
    fields = shown.form if shown is not None else None
    if fields is None:
        fields = [(str(element.getAttribute("data-field")), element, element.type == "checkbox")
                  for element in root.querySelectorAll("[data-field]")]
        if shown is not None:
            shown.form = fields
    form: dict[str, str] = {}
    for name, element, checkbox in fields:
        if checkbox:
            form[name] = "on" if element.checked else ""
        else:
            form[name] = str(element.value)
    return form


def _set_value(shown: _Shown, name: str, value: str) -> None:
    element = shown.field(name)
    if element is None:
        return
    if element.type == "checkbox":
        element.checked = bool(value)
    else:
        element.value = value


def _dev_build() -> bool:
    """True when served by `mkdocs serve` (it injects a global ``livereload`` function)."""
    try:
        return bool(getattr(window, "livereload", None))
    except Exception:
        return False


def _log_missing(root, name: str, view: View) -> None:
    """Development builds: name every key of ``view`` with no element on the page (such a key
    is silently skipped below; tests/test_widgets_pages.py checks the same without a browser)."""
    keys = [*view.text, *view.lists, *view.hidden, *view.attrs]
    gone = [k for k in keys if _find(root, k) is None]
    gone += [k for k in [*view.values, *view.options]
             if _found(root.querySelector(f'[data-field="{k}"]')) is None
             and _find(root, k) is None]
    for key in dict.fromkeys(gone):
        console.warn(f"{name}: the page has no element for '{key}'")


def _item_element(item):
    """One list line: a button (``Item.action``), a link (``Item.href``) or text, with the
    card's small image before the text when it has one (``Item.image``, lazy, alt = name)."""
    li = document.createElement("li")
    if item.action:
        holder = document.createElement("button")
        holder.type = "button"
        holder.className = "item-button"
        holder.setAttribute("data-item-action", item.action)
        holder.setAttribute("data-item", item.value)
        holder.setAttribute("aria-pressed", "true" if item.pressed else "false")
        li.appendChild(holder)
    elif item.href:
        holder = document.createElement("a")
        holder.href = item.href
        holder.target = "_blank"
        holder.rel = "noopener noreferrer"
        li.appendChild(holder)
    else:
        holder = li
    if getattr(item, "image", ""):
        image = document.createElement("img")
        image.className = "card-thumb"
        image.loading = "lazy"
        image.decoding = "async"
        image.alt = item.image_alt or item.text
        image.src = item.image
        holder.appendChild(image)
        holder.appendChild(document.createTextNode(item.text))
    else:
        holder.textContent = item.text
    if item.cls:
        li.className = item.cls
    return li


def _apply_list(element, old: list, new: list) -> None:
    """Change the list's ``<li>``s from ``old`` items to ``new`` ones, keeping the lines both
    share: the same first and last lines, and a log's older lines when new ones come on top
    and the oldest fall off the bottom."""
    if not old:
        element.replaceChildren(*[_item_element(item) for item in new])
        return
    head = 0
    most = min(len(old), len(new))
    while head < most and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < most - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    old_mid, new_mid = old[head:len(old) - tail], new[head:len(new) - tail]
    kept = 0  # new lines on top of old_mid's first lines (the oldest fell off the bottom)
    if old_mid and new_mid:
        for top in range(max(1, len(new_mid) - len(old_mid)), len(new_mid)):
            if new_mid[top] == old_mid[0] and new_mid[top:] == old_mid[:len(new_mid) - top]:
                kept = len(new_mid) - top
                new_mid = new_mid[:top]
                break
    children = element.children
    drop = [children.item(head + kept + i) for i in range(len(old_mid) - kept)]
    for child in drop:
        child.remove()
    children = element.children
    before = children.item(head) if head < children.length else None
    for item in new_mid:
        element.insertBefore(_item_element(item), before)


def apply_view(root, name: str, view: View) -> None:
    if _DEV["on"]:
        _log_missing(root, name, view)
    shown = _shown(root, name)
    for data_id, text in view.text.items():
        element = shown.find(data_id)
        if element is not None and shown.changed("text", data_id, text):
            element.textContent = text
    for data_id, options in view.options.items():
        element = shown.field(data_id)
        if element is None or not shown.changed("options", data_id, list(options)):
            continue
        element.replaceChildren()
        for value, label in options:
            option = document.createElement("option")
            option.value = value
            option.textContent = label
            element.appendChild(option)
    for field_name, value in view.values.items():
        _set_value(shown, field_name, value)
    for data_id, items in view.lists.items():
        element = shown.find(data_id)
        if element is None:
            continue
        old = shown.written.get(("list", data_id), _UNSET)
        if not shown.changed("list", data_id, list(items)):
            continue
        _apply_list(element, [] if old is _UNSET else old, list(items))
    for data_id, hidden in view.hidden.items():
        element = shown.find(data_id)
        if element is not None and shown.changed("hidden", data_id, bool(hidden)):
            element.hidden = bool(hidden)
    for data_id, attributes in view.attrs.items():
        element = shown.find(data_id)
        if element is not None:
            for key, value in attributes.items():
                if shown.changed("attr", f"{data_id} {key}", value):
                    element.setAttribute(key, value)
    error_box = shown.find("error")
    if error_box is not None and shown.changed("error", "", view.error):
        error_box.textContent = view.error
        error_box.hidden = not view.error
    if view.url_hash is not None or view.save is not None:
        _after_paint(root, view)
    if view.download is not None:
        filename, text = view.download
        blob = Blob.new(to_js([text]), to_js({"type": "application/json"},
                                             dict_converter=Object.fromEntries))
        link = document.createElement("a")
        link.href = URL.createObjectURL(blob)
        link.download = filename
        link.click()
        URL.revokeObjectURL(link.href)
    for data_id, rows in view.qr.items():
        _paint_qr(root, data_id, rows)
    if view.scroll:
        target = shown.find(view.scroll)
        if target is not None and not target.hidden:
            target.scrollIntoView(to_js({"block": "start"}, dict_converter=Object.fromEntries))


#: The address and the kept view, written just after the tap's screen is painted: Chromium's
#: ``history.replaceState`` alone took 5-35 ms of a tap (measured with bench/bench_interaction.py
#: on a loaded machine). Only the latest of each is written; a page being hidden or left
#: writes them at once (``pagehide``/``visibilitychange``), so nothing is lost.
_LATER: dict[str, object] = {"hash": None, "step": None, "root": None, "due": False}


def _write_later() -> None:
    if not _LATER["due"]:
        return
    _LATER["due"] = False
    fragment, step, root = _LATER["hash"], _LATER["step"], _LATER["root"]
    _LATER["hash"] = _LATER["step"] = None
    if fragment is not None:
        url = window.location.pathname + window.location.search
        window.history.replaceState(None, "", url + ("#" + fragment if fragment else ""))
    if step is not None:  # after the address: the kept view records it
        _saved_view(root, step)


def _after_paint(root, view: View) -> None:
    if view.url_hash is not None:
        _LATER["hash"] = view.url_hash
    if view.save is not None:
        _LATER["step"], _LATER["root"] = ("keep" if view.save else "forget"), root
    if _LATER["due"]:
        return
    _LATER["due"] = True
    if not _LATER_PROXIES:
        write = create_proxy(lambda *_: _write_later())
        _LATER_PROXIES.append(write)
        _LATER_PROXIES.append(create_proxy(lambda *_: window.setTimeout(write, 0)))
        for event in ("pagehide", "visibilitychange"):
            window.addEventListener(event, write)
    write, after_frame = _LATER_PROXIES
    window.requestAnimationFrame(after_frame)
    window.setTimeout(write, 200)  # no frame comes while the page is hidden


_LATER_PROXIES: list[object] = []


def _paint_qr(root, data_id: str, rows: list[str]) -> None:
    """Paint a QR code (rows of '#' and '.') on a canvas, with a 4-module quiet zone, dark on
    white whatever the colour scheme, at whole device pixels per module."""
    canvas = _find(root, data_id)
    if canvas is None:
        return
    cells = len(rows) + 8
    pixels = min(640, int(min(320, root.clientWidth or 320) * (window.devicePixelRatio or 1)))
    scale = max(1, pixels // cells)
    canvas.width = canvas.height = cells * scale
    context = canvas.getContext("2d")
    context.fillStyle = "#fff"
    context.fillRect(0, 0, cells * scale, cells * scale)
    context.fillStyle = "#000"
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] == "#":
                end = x
                while end < len(row) and row[end] == "#":
                    end += 1
                context.fillRect((x + 4) * scale, (y + 4) * scale, (end - x) * scale, scale)
                x = end
            else:
                x += 1


async def _do_fetch(request: Fetch) -> tuple[str, str]:
    """Make one request; return (status, body). ``"offline"`` when it could not be made."""
    options = {"method": request.method}
    if request.body is not None:
        options["body"] = request.body
        options["headers"] = {"Content-Type": "application/json"}
    try:
        response = await fetch(request.url, to_js(options, dict_converter=Object.fromEntries))
        return str(response.status), str(await response.text())
    except Exception:
        return "offline", ""


def _env() -> Env:
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}

    def read_deck(deck_id: str) -> str:
        return (files.data_root() / paths[deck_id]).read_text(encoding="utf-8")

    fragment = str(window.location.hash or "")
    page_url = str(window.location.origin) + str(window.location.pathname) + str(
        window.location.search or "")
    return Env(
        page_url=page_url,
        decks=index,
        read_deck=read_deck,
        entropy=lambda: int.from_bytes(os.urandom(4), "big"),
        url_hash=fragment[1:] if fragment.startswith("#") else fragment,
        read_data=lambda path: (files.data_root() / path).read_text(encoding="utf-8"),
        save_data=bool(getattr(getattr(window.navigator, "connection", None), "saveData",
                               False)),
    )


def boot(name: str) -> None:
    """Start widget ``name`` on this page."""
    root = document.querySelector(f'[data-widget="{name}"]')
    if root is None:
        console.warn(f"no [data-widget={name}] element on this page")
        return
    _DEV["on"] = _dev_build()
    module = importlib.import_module(f"pyengine.widgets.{name}")
    storage = _Storage(name)
    session = Session(name, module, _env(), storage, log=lambda text: console.warn(text))

    queue: list[Fetch] = []
    busy = {"fetching": False}

    def run(action: str, extra: dict[str, str] | None = None) -> None:
        try:
            page = str(window.location.origin) + str(window.location.pathname)
            online = "" if window.navigator.onLine is False else "on"  # no lookups offline
            form = {**read_form(root, _shown(root, name)), "_page": page, "_online": online,
                    **(extra or {})}
            view = session.handle(action, form)
        except Exception:  # the page must never stay broken; the details go to the console
            console.warn(traceback.format_exc())
            view = View(error="Something unexpected went wrong with that; nothing was saved.")
        apply_view(root, name, view)
        if view.fetches:
            queue.extend(view.fetches)
            if not busy["fetching"]:
                asyncio.ensure_future(drain())

    async def drain() -> None:
        busy["fetching"] = True
        try:
            while queue:
                request = queue.pop(0)
                status, body = await _do_fetch(request)
                run(request.action, {"_status": status, "_body": body, "_tag": request.tag})
                await asyncio.sleep(FETCH_GAP_MS / 1000)
        finally:
            busy["fetching"] = False

    def on_click(event) -> None:
        target = event.target.closest("[data-item-action]")
        if target is not None and root.contains(target):
            action = target.getAttribute("data-item-action")
            run(action, {"_item": target.getAttribute("data-item")})

    click_proxy = create_proxy(on_click)
    _PROXIES.append(click_proxy)
    root.addEventListener("click", click_proxy)

    async def read_file(element, action: str) -> None:
        chosen = element.files.item(0) if element.files.length else None
        if chosen is None:
            return
        text = await chosen.text()
        element.value = ""
        run(action, {"_file": str(text)})

    for element in root.querySelectorAll("[data-file]"):
        action = element.getAttribute("data-file")
        handler = create_proxy(
            lambda event, element=element, action=action: asyncio.ensure_future(
                read_file(element, action)
            )
        )
        _PROXIES.append(handler)
        element.addEventListener("change", handler)

    for element in root.querySelectorAll("[data-action]"):
        action = element.getAttribute("data-action")
        handler = create_proxy(lambda event, action=action: run(action))
        _PROXIES.append(handler)
        element.addEventListener("click", handler)
    for element in root.querySelectorAll("[data-change]"):
        action = element.getAttribute("data-change")
        handler = create_proxy(lambda event, action=action: run(action))
        _PROXIES.append(handler)
        element.addEventListener("change", handler)

    # What the player typed while Python started is kept (docs/assets/saves.js marks it).
    typed = {str(element.getAttribute("data-field")): str(element.value)
             for element in root.querySelectorAll("[data-field][data-typed]")}
    saved = storage.get("game")
    try:
        view = session.start()  # never raises; a bad save is kept aside (widgets/saves.py)
    except Exception:
        console.warn(traceback.format_exc())
        view = View(error="This page could not start. Reload it.")
    for field_name in typed:
        view.values.pop(field_name, None)
    _saved_view(root, "revert")  # the page as built, then this widget's own first view
    apply_view(root, name, view)
    if saved and view.save is None:
        _saved_view(root, "keep")
    for element in root.querySelectorAll("[data-typed]"):
        element.removeAttribute("data-typed")
    for element in root.querySelectorAll("[disabled][data-action]"):
        element.removeAttribute("disabled")
    loading = _find(root, "loading")
    if loading is not None:
        loading.hidden = True
    root.setAttribute("data-ready", "true")
    # A User Timing mark, so profilers and Lighthouse see when the tool became usable.
    window.performance.mark(f"widget-ready:{name}")
