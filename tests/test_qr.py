"""The QR Code encoder (pyengine.qr): symbols equal to known test vectors made by an
independent encoder (the ``qrcode`` package, same data, level and mask), the format and
version information of ISO/IEC 18004, the function patterns, mask choice and capacity."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pyengine import qr

#: "https://example.org/" in byte mode, level M, mask 2 (version 2, 25x25).
EXAMPLE_ORG_M2 = [
    "#######..##...#.#.#######",
    "#.....#....#.#.##.#.....#",
    "#.###.#.#...#...#.#.###.#",
    "#.###.#.#######...#.###.#",
    "#.###.#.##......#.#.###.#",
    "#.....#.#.#..###..#.....#",
    "#######.#.#.#.#.#.#######",
    "........#.#...#.#........",
    "#.#####.....##....#####..",
    "#........#.#.#...#.#...#.",
    ".#..###...##.####..#.#.##",
    "...##..#......###.##....#",
    "#..##.#..#.....#.##.#.###",
    "#.##.#..#...##..#..#.#.#.",
    "#.###.#.##...###..####.##",
    "#...##..#.#.##.######...#",
    "#.######.#..#.#.#####.#..",
    "........###....##...##...",
    "#######...###...#.#.#.###",
    "#.....#.#..#..#.#...##..#",
    "#.###.#.####...######.###",
    "#.###.#.#.#.####.##.#####",
    "#.###.#.##...###.....##.#",
    "#.....#..##.##..##.###..#",
    "#######.#...#.#..########",
]
SHARE = (b"http://127.0.0.1:8000/coop-magic/play/horde.html#h=eNqrVkpLzSvJLMnMz1OyUkqtKMjJL1eqBQBp"
         b"VQhe")
#: (data, level, mask) -> (version, SHA-256 of the rows joined by newlines, '#' dark).
VECTORS = [
    (SHARE, "L", 5, 5, "8e47b9b006806b74cf833d7b1c78fea13e904adc79e8a3810516019412b5697a"),
    (b"A" * 200, "Q", 3, 12, "a7c750f64e237aee157e8d45064f1050e2cbf2b10d02e742597c34c9ab4bd429"),
    (bytes(range(256)) * 4, "L", 6, 23,
     "72b40e6259ec057fda47b57c701143d17f784f787c81e8efba73441361cd82de"),
]


def test_small_symbol_equals_the_vector():
    code = qr.encode(b"https://example.org/", "M", mask=2)
    assert (code.version, code.size) == (2, 25)
    assert code.rows() == EXAMPLE_ORG_M2


@pytest.mark.parametrize(("data", "level", "mask", "version", "digest"), VECTORS)
def test_larger_symbols_equal_the_vectors(data, level, mask, version, digest):
    """Several blocks, short and long blocks interleaved, version information (7 and up)."""
    code = qr.encode(data, level, mask=mask, avoid=frozenset())
    assert code.version == version
    assert hashlib.sha256("\n".join(code.rows()).encode()).hexdigest() == digest


def test_format_and_version_information():
    """Known values: level L mask 0 is 111011111000100; level H mask 7 is 000100000111011
    (after the 0x5412 mask); version 7 is 000111110010010100, version 40 is 101000110001101001."""
    assert qr.format_bits("L", 0) == 0b111011111000100
    assert qr.format_bits("H", 7) == 0b000100000111011
    assert qr.version_bits(7) == 0b000111110010010100
    assert qr.version_bits(40) == 0b101000110001101001


def test_function_patterns():
    code = qr.encode(SHARE, "L")
    rows = code.rows()
    finder = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]
    n = code.size
    assert [r[:7] for r in rows[:7]] == finder
    assert [r[n - 7:] for r in rows[:7]] == finder
    assert [r[:7] for r in rows[n - 7:]] == finder
    timing = "".join("#" if i % 2 == 0 else "." for i in range(8, n - 8))
    assert rows[6][8:n - 8] == timing
    assert "".join(r[6] for r in rows)[8:n - 8] == timing
    assert rows[n - 8][8] == "#"  # the dark module
    assert code.alignment_positions() == [6, 30]


def test_mask_with_the_lowest_penalty_is_chosen():
    best = qr.encode(SHARE, "L")
    penalties = [qr.encode(SHARE, "L", mask=m).penalty() for m in range(8)]
    assert best.penalty() == min(penalties)
    assert best.mask == penalties.index(min(penalties))


def test_capacity_and_too_long():
    """Byte-mode capacities (ISO/IEC 18004 table 7): 1-L 17, 10-M 213, 40-L 2953, 40-H 1273."""
    assert [qr.capacity(1, "L"), qr.capacity(10, "M"), qr.capacity(40, "L"),
            qr.capacity(40, "H")] == [17, 213, 2953, 1273]
    assert qr.encode(b"x" * 17, "L").version == 1
    assert qr.encode(b"x" * 18, "L").version == 2
    with pytest.raises(qr.QRTooLong, match="do not fit a QR code of version 10"):
        qr.encode(b"x" * 500, "L", max_version=10)
    with pytest.raises(ValueError):
        qr.encode(b"x", "X")


def test_a_version_readers_misread_is_skipped_for_the_next():
    """Data that fits version 23 at the smallest is drawn as version 24 (jsQR reads no version
    23 code: :data:`pyengine.qr.MISREAD_VERSIONS`); asked for with nothing avoided, it is 23."""
    data = b"x" * qr.capacity(23, "L")
    assert qr.capacity(22, "L") < len(data)
    assert qr.encode(data, "L").version == 24
    assert qr.encode(data, "L", avoid=frozenset()).version == 23
    assert qr.encode(b"x" * qr.capacity(23, "M"), "M").version == 24


JSQR = Path(__file__).resolve().parents[1] / "node_modules" / "jsqr"
#: Node reads every symbol with the pinned jsQR (as the live table's page does), painted four
#: pixels a module with the four-module quiet zone: prints what each one read (or null).
READ_BACK = """
const jsQR = require(process.argv[1]);
const out = [];
for (const rows of JSON.parse(require("fs").readFileSync(0, "utf8"))) {
  const scale = 4, cells = rows.length + 8, width = cells * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  rows.forEach((row, y) => { for (let x = 0; x < row.length; x++) if (row[x] === "#")
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
      const i = (((y + 4) * scale + dy) * width + (x + 4) * scale + dx) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0; } });
  const found = jsQR(data, width, width);
  out.push(found ? found.data : null);
}
console.log(JSON.stringify(out));
"""


def _read_back(codes: list[qr.QRCode]) -> list[str | None]:
    node = shutil.which("node")
    if node is None or not JSQR.is_dir():
        pytest.skip("needs node and the pinned jsqr (npm ci)")
    done = subprocess.run([node, "-e", READ_BACK, str(JSQR)], check=True, text=True,
                          capture_output=True, input=json.dumps([c.rows() for c in codes]))
    return json.loads(done.stdout)


def test_every_version_reads_back_with_the_pinned_decoder():
    """Symbols of every version at levels L and M, filled near their capacity, read back as
    their text with jsQR (the decoder the live table falls back on); version 23, which jsQR
    misreads, is never drawn, and jsQR still misreads it (when a new jsQR reads it, this says
    so and the skip can go)."""
    texts, codes = [], []
    for level in ("L", "M"):
        for version in range(1, 41):
            text = "".join("abcdefghijklmnopqrstuvwxyz0123456789-_"[(version * 7 + i * 13) % 38]
                           for i in range(qr.capacity(version, level) - 1))
            code = qr.encode(text, level, min_version=version, max_version=version,
                             mask=version % 8, avoid=frozenset())  # every mask in turn
            texts.append(text)
            codes.append(code)
    read = _read_back(codes)
    wrong = [f"{c.level}{c.version}" for c, t, r in zip(codes, texts, read, strict=True)
             if r != t and c.version not in qr.MISREAD_VERSIONS]
    assert wrong == []
    misread = {c.version for c, t, r in zip(codes, texts, read, strict=True) if r != t}
    assert misread == set(qr.MISREAD_VERSIONS) & {23}, misread
    redrawn = qr.encode(texts[22], "L", mask=0)  # L23's text
    assert redrawn.version == 24
    assert _read_back([redrawn]) == [texts[22]]
