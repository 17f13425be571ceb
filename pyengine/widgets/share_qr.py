"""The share link as a QR code, for the runner pages (a second phone scans it and follows the
game). Drawn on the phone itself from :mod:`pyengine.qr`; nothing is fetched."""

from __future__ import annotations

from . import View

#: The largest symbol the page shows: version 25 (117x117 modules) still scans from a phone
#: screen 320 px wide; level L holds 1,273 bytes there.
MAX_VERSION = 25
LEVEL = "L"


def share_url(page: str, fragment: str) -> str:
    """The full share link: the page address (no fragment) and ``#`` + the game's fragment."""
    return page.split("#", 1)[0] + "#" + fragment


def qr_view(view: View, page: str, fragment: str, *, export_hint: str) -> None:
    """Show the QR code of the share link in ``qr-box`` (canvas ``qr-code``, caption
    ``qr-note``), or say why not: no game yet, or a link too long for one code (then the file
    export is offered in ``export_hint``'s words)."""
    view.hidden["qr-box"] = False
    if not fragment:
        view.text["qr-note"] = "Start a game first: the QR code carries the game's share link."
        view.hidden["qr-code"] = True
        return
    from .. import qr  # here, not at import: only the runners' pages draw QR codes

    url = share_url(page, fragment)
    try:
        code = qr.encode(url, LEVEL, max_version=MAX_VERSION)
    except qr.QRTooLong:
        view.text["qr-note"] = (
            f"This game's link is {len(url):,} characters long: too long for one QR code a "
            f"phone can scan (at most {qr.capacity(MAX_VERSION, LEVEL):,}). {export_hint}")
        view.hidden["qr-code"] = True
        return
    view.qr["qr-code"] = code.rows()
    view.hidden["qr-code"] = False
    view.attrs["qr-code"] = {"aria-label": f"QR code of this game's share link ({len(url):,} "
                                           f"characters, version {code.version})"}
    view.text["qr-note"] = ("Scan it with another phone's camera to follow this game there. "
                            "It holds the game as it is now; show it again after more turns.")


def hide_qr(view: View) -> None:
    view.hidden["qr-box"] = True
