"""The share link as a QR code on the runner pages (pyengine.widgets.share_qr)."""

from __future__ import annotations

from pyengine import qr
from pyengine.widgets import View, share_qr
from pyengine.widgets.horde import Widget
from tests.helpers import CARD_DATA, runner_env

PAGE = "https://example.org/coop-magic/play/horde.html"


def test_qr_code_of_the_share_link():
    """hs-2-1: the QR code holds the page address and the game's share fragment."""
    w = Widget(runner_env(""), data=CARD_DATA)
    w.start(None)
    view = w.handle("qr", {"_page": PAGE})
    assert view.hidden["qr-box"] is False and view.hidden["qr-code"] is True
    assert view.text["qr-note"].startswith("Start a game first")
    w.handle("new", {"seed": "amber-otter-17", "survivors": "2", "_page": PAGE})
    view = w.handle("qr", {"_page": PAGE + "#old"})
    url = PAGE + "#" + w.share_hash()
    assert view.qr["qr-code"] == qr.encode(url, "L").rows()
    assert view.hidden["qr-code"] is False and "Scan it" in view.text["qr-note"]
    assert w.handle("survivor-end", {"_page": PAGE}).hidden["qr-box"] is True


def test_a_link_too_long_says_so_and_offers_the_file():
    view = View()
    share_qr.qr_view(view, PAGE, "g=" + "A" * 2000, export_hint="Use Export instead.")
    assert view.qr == {} and view.hidden["qr-code"] is True
    assert view.text["qr-note"] == (
        f"This game's link is {len(PAGE) + 2003:,} characters long: too long for one QR code a "
        "phone can scan (at most 1,273). Use Export instead.")
