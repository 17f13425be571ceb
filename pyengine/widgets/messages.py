"""The messages between a play page's adapter (``docs/assets/widget-host.js``) and the Python
worker (:mod:`pyengine.browser`, :class:`pyengine.widgets.host.Host`), written once (issue 29,
point 5). Each message is JSON text; these are its shapes. ``tests/test_widgets_messages.py``
holds them against :class:`~pyengine.widgets.View`, :class:`~pyengine.widgets.Item` and
:class:`~pyengine.widgets.Fetch` and against the adapter's own code.

Page -> worker:

* ``start(name, page)``: ``page`` is a :class:`PageInfo`;
* ``handle(name, action, form)``: ``form`` is the page's fields (``data-field`` name -> text)
  plus the adapter's own keys, :data:`ADAPTER_KEYS`.

Worker -> page: an :class:`Answer` to each.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class PageInfo(TypedDict):
    """What the page says of itself at ``start`` (``pageInfo()`` and the slots in the
    adapter)."""

    #: The page's address without its fragment (a share field shows the whole link).
    page_url: str
    #: The fragment at load, without ``#`` (a share link carries a game there).
    url_hash: str
    #: The browser asks to save data (``navigator.connection.saveData``).
    save_data: bool
    #: The widget's storage slots as the page read them (slot -> text).
    slots: dict[str, str]


#: The form keys the adapter adds to the page's fields (a field never starts with ``_``):
#: key -> what it carries.
ADAPTER_KEYS = {
    "_page": "the page's address, for the share QR code",
    "_online": "'on' while the browser is online, '' offline",
    "_view": "the version of the view a tap was made against (Answer.version)",
    "_item": "the value of the list item tapped (Item.value)",
    "_file": "the text of a file the player chose",
    "_status": "a request's HTTP status, or 'offline' (Fetch)",
    "_body": "a request's response text (Fetch)",
    "_tag": "the request's own tag back (Fetch.tag)",
}


class ItemData(TypedDict):
    """One list line (:class:`~pyengine.widgets.Item`)."""

    text: str
    href: str | None
    cls: str | None
    action: str | None
    value: str
    pressed: bool
    image: str
    image_alt: str


class FetchData(TypedDict):
    """A request the adapter makes for the widget (:class:`~pyengine.widgets.Fetch`)."""

    url: str
    action: str
    method: str
    body: str | None
    tag: str


class ViewData(TypedDict):
    """The changes to make to the page (:class:`~pyengine.widgets.View`, by
    :func:`pyengine.widgets.host.view_data`): a key whose value is empty is left out, except
    ``error`` (an empty one clears the error line)."""

    text: NotRequired[dict[str, str]]
    values: NotRequired[dict[str, str]]
    lists: NotRequired[dict[str, list[ItemData]]]
    #: ``[value, label]`` pairs.
    options: NotRequired[dict[str, list[list[str]]]]
    hidden: NotRequired[dict[str, bool]]
    attrs: NotRequired[dict[str, dict[str, str]]]
    #: The save changed: the page refreshes its copy shown before Python (the slots are in
    #: :attr:`Answer.writes`).
    save: NotRequired[str]
    #: Always in a view the host answers (an empty one clears the error line); not in a
    #: refused stale tap's empty view.
    error: NotRequired[str]
    fetches: NotRequired[list[FetchData]]
    url_hash: NotRequired[str]
    #: ``[file name, text]``.
    download: NotRequired[list[str]]
    scroll: NotRequired[str]
    qr: NotRequired[dict[str, list[str]]]
    note: NotRequired[str]


class Answer(TypedDict):
    """The worker's answer to ``start`` and ``handle``."""

    view: ViewData
    #: Storage slots to write, in order (None removes one); the page writes them before it
    #: shows the view and stops at the first that fails.
    writes: dict[str, str | None]
    #: Lines for the browser's console.
    log: list[str]
    #: The version of the view this answer shows (a tap carries it back as ``_view``).
    version: int
    #: Only on a refused stale tap (then ``view`` is empty): nothing to show.
    stale: NotRequired[bool]
