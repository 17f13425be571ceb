"""The browser adapter: the only module that touches the page (PyScript on Pyodide).

It finds the widget's root element (``[data-widget=NAME]``), reads its fields
(``[data-field]``), wires its buttons (``[data-action]``) and change events
(``[data-change]``) to the pure controller in :mod:`pyengine.widgets`, and applies the
:class:`~pyengine.widgets.View` it returns. Everything user-supplied is set with
``textContent``/``value``, never as HTML. When the widget is ready the root gets
``data-ready="true"``, the machine-readable signal the tests wait on.
"""

from __future__ import annotations

import importlib
import os
import traceback

from js import console, document, window  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from . import files
from .widgets import Env, View

_PROXIES: list[object] = []  # keep event handlers alive for the page's lifetime


def _storage_key(name: str) -> str:
    return f"coop-magic:{name}"


def _load_saved(name: str) -> str | None:
    try:
        value = window.localStorage.getItem(_storage_key(name))
    except Exception:  # storage can be disabled (private mode); the widget still works
        return None
    return value if isinstance(value, str) else None


def _store(name: str, value: str) -> None:
    try:
        if value:
            window.localStorage.setItem(_storage_key(name), value)
        else:
            window.localStorage.removeItem(_storage_key(name))
    except Exception:
        console.warn("could not save to browser storage")


def _find(root, data_id: str):
    return root.querySelector(f'[data-id="{data_id}"]')


def read_form(root) -> dict[str, str]:
    form: dict[str, str] = {}
    for element in root.querySelectorAll("[data-field]"):
        name = element.getAttribute("data-field")
        if element.type == "checkbox":
            form[name] = "on" if element.checked else ""
        else:
            form[name] = str(element.value)
    return form


def _set_value(root, name: str, value: str) -> None:
    element = root.querySelector(f'[data-field="{name}"]') or _find(root, name)
    if element is None:
        return
    if element.type == "checkbox":
        element.checked = bool(value)
    else:
        element.value = value


def apply_view(root, name: str, view: View) -> None:
    for data_id, text in view.text.items():
        element = _find(root, data_id)
        if element is not None:
            element.textContent = text
    for data_id, options in view.options.items():
        element = root.querySelector(f'[data-field="{data_id}"]') or _find(root, data_id)
        if element is None:
            continue
        element.replaceChildren()
        for value, label in options:
            option = document.createElement("option")
            option.value = value
            option.textContent = label
            element.appendChild(option)
    for field_name, value in view.values.items():
        _set_value(root, field_name, value)
    for data_id, items in view.lists.items():
        element = _find(root, data_id)
        if element is None:
            continue
        element.replaceChildren()
        for item in items:
            li = document.createElement("li")
            if item.href:
                link = document.createElement("a")
                link.href = item.href
                link.textContent = item.text
                link.target = "_blank"
                link.rel = "noopener noreferrer"
                li.appendChild(link)
            else:
                li.textContent = item.text
            if item.cls:
                li.className = item.cls
            element.appendChild(li)
    for data_id, hidden in view.hidden.items():
        element = _find(root, data_id)
        if element is not None:
            element.hidden = bool(hidden)
    for data_id, attributes in view.attrs.items():
        element = _find(root, data_id)
        if element is not None:
            for key, value in attributes.items():
                element.setAttribute(key, value)
    error_box = _find(root, "error")
    if error_box is not None:
        error_box.textContent = view.error
        error_box.hidden = not view.error
    if view.save is not None:
        _store(name, view.save)


def _env() -> Env:
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}

    def read_deck(deck_id: str) -> str:
        return (files.data_root() / paths[deck_id]).read_text(encoding="utf-8")

    return Env(
        decks=index,
        read_deck=read_deck,
        entropy=lambda: int.from_bytes(os.urandom(4), "big"),
    )


def boot(name: str) -> None:
    """Start widget ``name`` on this page."""
    root = document.querySelector(f'[data-widget="{name}"]')
    if root is None:
        console.warn(f"no [data-widget={name}] element on this page")
        return
    module = importlib.import_module(f"pyengine.widgets.{name}")
    widget = module.Widget(_env())

    def run(action: str) -> None:
        try:
            view = widget.handle(action, read_form(root))
        except Exception as error:  # the page must never stay broken
            console.warn(traceback.format_exc())
            view = View(error=f"Something went wrong ({type(error).__name__}: {error}).")
        apply_view(root, name, view)

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

    try:
        view = widget.start(_load_saved(name))
    except Exception as error:
        console.warn(traceback.format_exc())
        view = View(error=f"The saved state could not be restored ({error}); starting fresh.",
                    save="")
        view.merge(widget.start(None))
    apply_view(root, name, view)
    for element in root.querySelectorAll("[disabled][data-action]"):
        element.removeAttribute("disabled")
    loading = _find(root, "loading")
    if loading is not None:
        loading.hidden = True
    root.setAttribute("data-ready", "true")
