"""Card images for the runner pages' card panel: Scryfall's small card image, looked up when a
player opens the panel (``GET api.scryfall.com/cards/named?exact=NAME``, one request a card
name) and shown from Scryfall's image host only. A page setting turns them off; they start off
when the browser asks to save data. Pure: the adapter makes the request."""

from __future__ import annotations

import json
from urllib.parse import quote

from . import Fetch

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
    return Fetch(LOOKUP + quote(name, safe=""), action=ACTION, tag=name)


def image_url(status: str, body: str) -> str | None:
    """The small image of a Scryfall card response (the front face of a two-faced card), if it
    is one on Scryfall's image host; ``""`` for a card without an image or an unknown name;
    ``None`` when the lookup could not be made (offline: try again later)."""
    if status == "offline" or not status.isdigit() or int(status) >= 500:
        return None
    if status != "200":
        return ""
    try:
        card = json.loads(body)
    except ValueError:
        return ""
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
