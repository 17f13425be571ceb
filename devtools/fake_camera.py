"""A fake camera's video of a QR code, for Chromium's ``--use-file-for-fake-video-capture``.

    .venv/bin/python -m devtools.fake_camera TEXT OUT.y4m

The QR code is drawn with the site's own encoder (``pyengine.qr``), black on white with its
four-module quiet zone, centred in each frame; the frames are written as an uncompressed
YUV4MPEG2 (y4m) file, 4:2:0, which Chromium plays in a loop as its camera. The browser tests
of the live table's Scan (tests/browser/test_live_table_browser.py) point a follower's camera
at a join code this way.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pyengine import qr

#: Luma of a dark and of a light module (video range, as a camera sees paper).
DARK, LIGHT = 16, 235
QUIET_ZONE = 4


def luma(text: str, width: int = 640, height: int = 480) -> bytes:
    """One frame's luma plane (``width`` × ``height`` bytes): the QR code of ``text`` as large
    as whole pixels per module allow, centred on white."""
    code = qr.encode(text)
    modules = code.size + 2 * QUIET_ZONE
    scale = min(width, height) // modules
    if scale < 2:
        raise ValueError(f"a {code.size}-module code does not fit {width}x{height} "
                         "at 2 px a module")
    left = (width - modules * scale) // 2 + QUIET_ZONE * scale
    top = (height - modules * scale) // 2 + QUIET_ZONE * scale
    frame = bytearray([LIGHT]) * (width * height)
    for y, row in enumerate(code.modules):
        line = bytearray()
        for dark in row:
            line += bytes([DARK if dark else LIGHT]) * scale
        for dy in range(scale):
            at = (top + y * scale + dy) * width + left
            frame[at:at + len(line)] = line
    return bytes(frame)


def y4m(text: str, width: int = 640, height: int = 480, frames: int = 2) -> bytes:
    """A y4m video of ``frames`` equal frames of the QR code of ``text`` (no colour: the chroma
    planes are neutral)."""
    if width % 2 or height % 2:
        raise ValueError("a 4:2:0 frame's width and height are even")
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode("ascii")
    chroma = bytes([128]) * (width // 2 * (height // 2) * 2)
    frame = b"FRAME\n" + luma(text, width, height) + chroma
    return header + frame * frames


def write(text: str, path: Path, **kwargs: int) -> Path:
    path.write_bytes(y4m(text, **kwargs))
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    write(args[0], Path(args[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
