"""One play page's widget served over messages: what the Python worker does for the page.

The play pages run Python in a web worker (PyScript's worker interpreter), off the page's main
thread, so that starting Python and working out a turn never hold up the page (issue 17,
point 4). The worker has no page and no browser storage: the page's adapter,
``docs/assets/widget-host.js``, reads the fields, wires the buttons, keeps the storage and applies
the views; this module is everything between its messages and the pure controllers.

* :meth:`Host.answer_start` and :meth:`Host.answer` answer with a plain dict, ready for JSON:
  ``view`` (:func:`view_data`), ``writes`` (the storage slots to set, ``None`` to remove, in the
  order written) and ``log`` (lines for the browser's console).
* The storage is the page's slots as the adapter read them at start (:class:`SlotStorage`);
  every write is kept in the snapshot and reported with the answer, which the adapter writes to
  ``localStorage`` before it shows the view, so a save is on the device when its view shows.

* The view token (issues 27.1 and 28.9): every answer carries ``version``, the version of the
  view it shows. A tap carries the version of the view it was made against (``_view``, which
  the adapter takes when the finger came down; the second tap of a double tap carries its
  first tap's). An action made against a stale view is refused, silently (``stale``: the
  page shows nothing new), unless the widget module declares it repeatable
  (``REPEATABLE``: counter and amount buttons, by the action's name before any ``:``), so five
  quick taps on "−1" are five, and a double tap on "End turn" is one. Applying an action
  that is not repeatable makes a new version; repeatable ones, fetch answers and field
  changes (no ``_view``) do not.

Pure Python: :mod:`pyengine.browser` only hands messages in and answers out.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from . import View
from .contract import WidgetModule
from .messages import Answer, ViewData
from .saves import NO_START, UNEXPECTED, MemoryStorage, Session

__all__ = ["NO_START", "UNEXPECTED", "Host", "SlotStorage", "repeatable", "view_data"]


def view_data(view: View) -> ViewData:
    """``view`` as plain JSON-ready data (lists of items become lists of dicts; option pairs,
    lists of two strings). Keys whose value is empty are left out, except ``error``, which
    clears the error line when empty."""
    data: dict[str, Any] = {
        "text": dict(view.text),
        "values": dict(view.values),
        "lists": {key: [asdict(item) for item in items] for key, items in view.lists.items()},
        "options": {key: [[str(v), str(label)] for v, label in options]
                    for key, options in view.options.items()},
        "hidden": {key: bool(value) for key, value in view.hidden.items()},
        "attrs": {key: dict(value) for key, value in view.attrs.items()},
        "qr": {key: list(rows) for key, rows in view.qr.items()},
        "fetches": [asdict(request) for request in view.fetches],
        "error": view.error,
    }
    data = {key: value for key, value in data.items() if value or key == "error"}
    for key, value in (("save", view.save), ("url_hash", view.url_hash),
                       ("scroll", view.scroll)):
        if value is not None:
            data[key] = value
    if view.download is not None:
        data["download"] = list(view.download)
    if view.note:
        data["note"] = view.note
    return data  # type: ignore[return-value]  # the keys of ViewData, checked by a test


class SlotStorage(MemoryStorage):
    """The page's storage slots as the adapter read them, plus every write since the last
    :meth:`take` (the adapter writes those to ``localStorage``)."""

    def __init__(self, slots: dict[str, str] | None = None) -> None:
        super().__init__({k: v for k, v in (slots or {}).items() if isinstance(v, str) and v})
        self.writes: dict[str, str | None] = {}

    def set(self, slot: str, value: str | None) -> None:
        super().set(slot, value)
        self.writes.pop(slot, None)  # keep the order of the last write
        self.writes[slot] = value or None

    def take(self) -> dict[str, str | None]:
        writes, self.writes = self.writes, {}
        return writes


#: The form key that carries the version of the view a tap was made against.
VIEW_KEY = "_view"


def repeatable(module: WidgetModule, action: str) -> bool:
    """True if ``action`` is one of the module's repeatable (counter or amount) actions: its
    ``REPEATABLE`` names, matched by the whole action or the part before the first ``:``
    (``life:0:-1`` is ``life``)."""
    names = module.REPEATABLE
    return action in names or action.partition(":")[0] in names


class Host(Session):
    """One widget (``module``, named ``name``) served over messages: a :class:`Session` (the one
    layer that starts from the storage and catches a controller's error, once, in
    :meth:`Session.start` and :meth:`Session.handle`) that also answers the adapter: the view
    as data, the storage writes, the console lines and the view version."""

    def __init__(self, name: str, module: WidgetModule, env: Any,
                 slots: dict[str, str] | None = None) -> None:
        self.storage: SlotStorage = SlotStorage(slots)
        self.lines: list[str] = []
        # the session logs through the host's current list (each answer takes the list away)
        super().__init__(name, module, env, self.storage,
                         log=lambda line: self.lines.append(line))
        #: The version of the view the latest answer shows (see the module docstring).
        self.version = 0

    def _answer(self, view: View) -> Answer:
        lines, self.lines = self.lines, []
        return {"view": view_data(view), "writes": self.storage.take(), "log": lines,
                "version": self.version}

    def stale(self, action: str, made_against: str | None) -> bool:
        """True if a tap on ``action`` made against view ``made_against`` must be refused: it
        is not repeatable and a newer view has been answered since."""
        if made_against is None or repeatable(self.module, action):
            return False
        return made_against != str(self.version)

    def answer_start(self) -> Answer:
        """The widget's first view (from the save, a share link or fresh), as the adapter's
        answer."""
        return self._answer(self.start())  # never raises (widgets/saves.py)

    def answer(self, action: str, form: dict[str, str]) -> Answer:
        """One action with the page's fields (and the adapter's ``_``-keys), as the adapter's
        answer. A tap made against a stale view is refused without a word (:meth:`stale`)."""
        fields = {str(k): str(v) for k, v in form.items()}
        made_against = fields.pop(VIEW_KEY, None)
        if self.stale(action, made_against):
            return {"view": {}, "writes": {}, "log": [], "version": self.version,
                    "stale": True}
        if made_against is not None and not repeatable(self.module, action):
            self.version += 1
        return self._answer(self.handle(action, fields))
