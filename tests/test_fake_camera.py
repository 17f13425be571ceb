"""devtools.fake_camera: the y4m video of a QR code that stands in for a phone's camera in the
live table's Scan test (issue 44)."""

from __future__ import annotations

import pytest

from devtools import fake_camera
from pyengine import qr

TEXT = "J" + "x" * 300  # about a join code's length


def test_header_and_frames_have_the_y4m_layout():
    """A 4:2:0 y4m: the stream header, then each frame's marker, luma and two chroma planes."""
    data = fake_camera.y4m(TEXT, 320, 240, frames=3)
    header, _, rest = data.partition(b"\n")
    assert header == b"YUV4MPEG2 W320 H240 F10:1 Ip A1:1 C420jpeg"
    frame = len(b"FRAME\n") + 320 * 240 * 3 // 2
    assert len(rest) == 3 * frame
    for n in range(3):
        assert rest[n * frame:n * frame + 6] == b"FRAME\n"


def test_module_centres_read_back_the_codes_modules():
    """Each module's centre pixel is dark exactly where the site's QR encoder sets a module,
    and the quiet zone around the code is light."""
    width, height = 640, 480
    plane = fake_camera.luma(TEXT, width, height)
    code = qr.encode(TEXT)
    modules = code.size + 2 * fake_camera.QUIET_ZONE
    scale = min(width, height) // modules
    left = (width - modules * scale) // 2 + fake_camera.QUIET_ZONE * scale
    top = (height - modules * scale) // 2 + fake_camera.QUIET_ZONE * scale
    read = [[plane[(top + y * scale + scale // 2) * width + left + x * scale + scale // 2]
             == fake_camera.DARK for x in range(code.size)] for y in range(code.size)]
    assert read == code.modules
    margin = fake_camera.QUIET_ZONE * scale
    assert set(plane[(top - margin) * width:(top - 1) * width]) == {fake_camera.LIGHT}


def test_a_code_too_big_for_the_frame_is_refused():
    with pytest.raises(ValueError):
        fake_camera.luma("J" + "x" * 1500, 96, 96)
    with pytest.raises(ValueError):
        fake_camera.y4m(TEXT, 641, 480)


def test_the_command_writes_the_file(tmp_path):
    out = tmp_path / "code.y4m"
    assert fake_camera.main([TEXT, str(out)]) == 0
    assert out.read_bytes() == fake_camera.y4m(TEXT)
    assert fake_camera.main([]) == 2
