"""Card images for the runner pages' card panel: Scryfall's small card image, looked up when a
player opens the panel (``GET api.scryfall.com/cards/named?exact=NAME``, one request a card
name) and shown from Scryfall's image host only. A page setting turns them off; they start off
when the browser asks to save data. Pure: the adapter makes the request."""

from __future__ import annotations

import json

from .. import safejson
from . import Fetch

#: The largest Scryfall answer read (a 75-card collection answer is ~0.5 MB).
MAX_ANSWER_CHARS = 4_000_000

#: The only host card images are shown from (the pages' Content-Security-Policy allows it).
IMAGE_HOST = "https://cards.scryfall.io/"
LOOKUP = "https://api.scryfall.com/cards/named?exact="
ACTION = "card-image"


def images_on(setting: str, save_data: bool) -> bool:
    """The page setting: ``"on"``, ``""`` (off) or ``"auto"`` (on unless saving data)."""
    if setting == "auto":
        return not save_data
    return setting == "on"


def lookup(name: str) -> Fetch:
    """The request that finds a card's image by its exact name."""
    from urllib.parse import quote  # here: a runner starts without it (issue 30)

    return Fetch(LOOKUP + quote(name, safe=""), action=ACTION, tag=name)


def image_url(status: str, body: str) -> str | None:
    """The small image of a Scryfall card response (the front face of a two-faced card), if it
    is one on Scryfall's image host; ``""`` for a card without an image or an unknown name;
    ``None`` when the lookup could not be made (offline: try again later)."""
    if status == "offline" or not status.isdigit() or int(status) >= 500:
        return None
    if status != "200":
        return ""
    try:  # outside data: a depth and size limit before anything recursive (safejson)
        card = safejson.loads(body, max_chars=MAX_ANSWER_CHARS, what="Scryfall's answer")
    except safejson.BadJSON:
        return ""
    return _small(card)


#: Scryfall's batch lookup (up to 75 names a request): the revealed cards' images, one request
#: a Horde turn at most.
COLLECTION = "https://api.scryfall.com/cards/collection"
ACTION_MANY = "card-images"
BATCH = 75
#: The most card names whose image address a save keeps (the service worker keeps the images
#: themselves, so a reload offline still shows the ones seen).
MAX_KNOWN = 300
MAX_NAME = 200
#: Failed lookups in a row after which the page stops asking for pictures (and says so once).
MAX_FAILURES = 3


def _small(card: object) -> str:
    """The small image of one Scryfall card object on the image host, else ``""``."""
    if not isinstance(card, dict):
        return ""
    uris = card.get("image_uris")
    if not isinstance(uris, dict):
        faces = card.get("card_faces")
        face = faces[0] if isinstance(faces, list) and faces else {}
        uris = face.get("image_uris") if isinstance(face, dict) else None
    url = uris.get("small") if isinstance(uris, dict) else None
    if isinstance(url, str) and url.startswith(IMAGE_HOST) and len(url) < 500:
        return url
    return ""


def _is_json(body: str) -> bool:
    """True if Scryfall's answer is JSON this page reads (with the site's depth and size
    limits: a deeply nested answer once stopped Python after every turn, issue 40)."""
    try:
        safejson.loads(body, max_chars=MAX_ANSWER_CHARS, what="Scryfall's answer")
    except safejson.BadJSON:
        return False
    return True


def _names_of(card: object) -> list[str]:
    """The names a card answers to: its full name and each face's ("A // B", "A", "B")."""
    if not isinstance(card, dict):
        return []
    names = [card.get("name")]
    faces = card.get("card_faces")
    if isinstance(faces, list):
        names += [face.get("name") for face in faces if isinstance(face, dict)]
    return [n.casefold() for n in names if isinstance(n, str)]


class CardImages:
    """The image addresses a runner knows by card name (``""``: Scryfall has none), the
    lookups still out (``asked``), the names whose lookup failed (``failed``: offline; the
    revealed cards' are not asked again until the setting is turned on again or the page is
    reloaded, so an offline table sends no request each turn) and the requests that find the
    missing ones."""

    def __init__(self) -> None:
        self.urls: dict[str, str] = {}
        self.asked: set[str] = set()
        self.failed: set[str] = set()
        #: Lookups that failed in a row (offline, a server error, a Wi-Fi sign-in page's HTML
        #: instead of Scryfall's answer); at :data:`MAX_FAILURES` the page stops asking.
        self.failures = 0
        #: The one-time message that the page stopped asking (:meth:`take_notice`).
        self.notice = ""
        self.told = False

    @property
    def stopped(self) -> bool:
        """True once :data:`MAX_FAILURES` lookups failed in a row: no more are made until the
        setting is turned off and on again (:meth:`resume`) or the page is reloaded."""
        return self.failures >= MAX_FAILURES

    def resume(self) -> None:
        """The player turned pictures on again: ask again, and say so again if it fails."""
        self.failed.clear()
        self.failures, self.notice, self.told = 0, "", False

    def _failed(self, names: list[str]) -> None:
        self.failed.update(names)
        self.failures += 1
        if self.stopped and not self.told:
            self.told = True
            self.notice = (f"Card pictures could not be loaded {MAX_FAILURES} times in a row "
                           "(no connection, or a Wi-Fi sign-in page?), so the page stopped "
                           "asking for them. Untick and tick “Card pictures” to try again.")

    def take_notice(self) -> str:
        """The message that the page stopped asking for pictures, once; ``""`` after."""
        notice, self.notice = self.notice, ""
        return notice

    def url(self, name: str) -> str:
        return self.urls.get(name, "")

    def _wanted(self, names: list[str], *, retry: bool = False) -> list[str]:
        return [n for n in dict.fromkeys(names)
                if n and len(n) <= MAX_NAME and n not in self.urls and n not in self.asked
                and (retry or n not in self.failed)]

    def lookup(self, name: str) -> list[Fetch]:
        """One card's lookup (the player opened its card panel: asked again after a failed
        one), unless known or already asked."""
        if self.stopped or not self._wanted([name], retry=True):
            return []
        self.failed.discard(name)
        self.asked.add(name)
        return [lookup(name)]

    def lookup_many(self, names: list[str]) -> list[Fetch]:
        """The revealed cards' lookups: one batch request for the names not known yet."""
        wanted = [] if self.stopped else self._wanted(names)[:BATCH]
        if not wanted:
            return []
        self.asked.update(wanted)
        body = json.dumps({"identifiers": [{"name": n} for n in wanted]}, ensure_ascii=False)
        return [Fetch(COLLECTION, action=ACTION_MANY, method="POST", body=body,
                      tag="\n".join(wanted))]

    def response(self, action: str, form: dict[str, str]) -> None:
        """Note a lookup's answer (``action`` is :data:`ACTION` or :data:`ACTION_MANY`).
        Offline or a server error: the names may be asked again later."""
        status, body = str(form.get("_status", "")), str(form.get("_body", ""))
        names = [n for n in str(form.get("_tag", "")).split("\n") if n][:BATCH]
        self.asked.difference_update(names)
        if status == "offline" or not status.isdigit() or int(status) >= 500:
            self._failed(names)
            return
        if status == "200" and not _is_json(body):  # a sign-in page, not Scryfall's answer
            self._failed(names)
            return
        self.failures = 0
        if action == ACTION:
            url = image_url(status, body)
            if url is not None and names:
                self._know(names[0], url)
            return
        try:
            cards = safejson.loads(body, max_chars=MAX_ANSWER_CHARS, what="Scryfall's answer"
                                   ).get("data") if status == "200" else []
        except (safejson.BadJSON, AttributeError):
            cards = []
        found: dict[str, str] = {}
        for card in cards if isinstance(cards, list) else []:
            for card_name in _names_of(card):
                found.setdefault(card_name, _small(card))
        for name in names:
            self._know(name, found.get(name.casefold(), ""))

    def _know(self, name: str, url: str) -> None:
        if len(name) > MAX_NAME:
            return
        self.urls.pop(name, None)
        self.urls[name] = url
        while len(self.urls) > MAX_KNOWN:
            del self.urls[next(iter(self.urls))]

    def saved(self) -> dict[str, str]:
        return dict(self.urls)

    def restore(self, data: object) -> None:
        """Take back :meth:`saved` (anything else is ignored: a save never fails on it)."""
        self.urls, self.asked, self.failed = {}, set(), set()
        self.failures, self.notice, self.told = 0, "", False
        if isinstance(data, dict):
            for name, url in list(data.items())[-MAX_KNOWN:]:
                if isinstance(name, str) and isinstance(url, str) and (
                        url == "" or (url.startswith(IMAGE_HOST) and len(url) < 500)):
                    self._know(name, url)
