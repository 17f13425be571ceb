"""A small QR Code encoder (ISO/IEC 18004, Model 2), standard library only: byte mode, the four
error correction levels, versions 1 to 40, the eight masks with the standard penalty rules.

Used by the runner pages to show a game's share link as a QR code drawn on the phone itself,
offline (:func:`encode` returns the modules; the browser adapter paints them on a canvas).
Pure: no I/O, no randomness.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["LEVELS", "MISREAD_VERSIONS", "QRCode", "QRTooLong", "capacity", "encode"]

#: Error correction levels and their two format bits (ISO/IEC 18004 table 25).
LEVELS = {"L": 1, "M": 0, "Q": 3, "H": 2}
_LEVEL_INDEX = {"L": 0, "M": 1, "Q": 2, "H": 3}

# Error correction codewords per block, by level then version (index 0 unused).
_ECC_PER_BLOCK = (
    (-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28,
     30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    (-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28,
     28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    (-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30,
     30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    (-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24,
     30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
)
# Number of error correction blocks, by level then version.
_NUM_BLOCKS = (
    (-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13,
     14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    (-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
     25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    (-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29,
     34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    (-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35,
     37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
)


class QRTooLong(ValueError):
    """The data does not fit the largest allowed version at the chosen level."""


def _raw_modules(version: int) -> int:
    """Data and error correction modules of a version (everything but function patterns)."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        result -= (25 * align - 10) * align - 55
        if version >= 7:
            result -= 36
    return result


def _data_codewords(version: int, level: str) -> int:
    index = _LEVEL_INDEX[level]
    return (_raw_modules(version) // 8
            - _ECC_PER_BLOCK[index][version] * _NUM_BLOCKS[index][version])


def capacity(version: int, level: str = "L") -> int:
    """How many bytes fit a version at a level in byte mode."""
    count_bits = 8 if version <= 9 else 16
    return (_data_codewords(version, level) * 8 - 4 - count_bits) // 8


# -- Reed-Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1 -------------------------------
def _gf_multiply(x: int, y: int) -> int:
    z = 0
    for i in range(7, -1, -1):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    """The generator polynomial's coefficients (highest first, leading 1 dropped)."""
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_multiply(root, 0x02)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for byte in data:
        factor = byte ^ result.pop(0)
        result.append(0)
        for i, coefficient in enumerate(divisor):
            result[i] ^= _gf_multiply(coefficient, factor)
    return result


def _bch(value: int, generator: int, shift: int) -> int:
    """``value`` followed by its BCH remainder (format and version information)."""
    rem = value << shift
    top = generator.bit_length() - 1
    for i in range(value.bit_length() + shift - 1, top - 1, -1):
        if rem >> i & 1:
            rem ^= generator << (i - top)
    return value << shift | rem


def format_bits(level: str, mask: int) -> int:
    """The 15 format information bits (masked with 0x5412)."""
    return _bch(LEVELS[level] << 3 | mask, 0x537, 10) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version information bits (versions 7 and up)."""
    return _bch(version, 0x1F25, 12)


class QRCode:
    """A QR code's modules: ``modules[y][x]`` is True for a dark module."""

    def __init__(self, version: int, level: str, mask: int, codewords: list[int]) -> None:
        self.version, self.level, self.mask = version, level, mask
        self.size = version * 4 + 17
        size = self.size
        self.modules = [[False] * size for _ in range(size)]
        self._function = [[False] * size for _ in range(size)]
        self._draw_function_patterns()
        self._draw_codewords(codewords)
        self._apply_mask(mask)
        self._draw_format(mask)

    # -- function patterns -------------------------------------------------------------------------
    def _set(self, x: int, y: int, dark: bool) -> None:
        self.modules[y][x] = dark
        self._function[y][x] = True

    def alignment_positions(self) -> list[int]:
        if self.version == 1:
            return []
        count = self.version // 7 + 2
        step = (self.version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
        return [6] + sorted(self.size - 7 - i * step for i in range(count - 1))

    def _draw_function_patterns(self) -> None:
        size = self.size
        for i in range(size):
            self._set(6, i, i % 2 == 0)
            self._set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        distance = max(abs(dx), abs(dy))
                        self._set(x, y, distance not in (2, 4))
        positions = self.alignment_positions()
        last = len(positions) - 1
        for i, cx in enumerate(positions):
            for j, cy in enumerate(positions):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self._set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self._draw_format(0)  # reserve the format areas (drawn again after masking)
        if self.version >= 7:
            bits = version_bits(self.version)
            for i in range(18):
                dark = bool(bits >> i & 1)
                a, b = size - 11 + i % 3, i // 3
                self._set(a, b, dark)
                self._set(b, a, dark)

    def _draw_format(self, mask: int) -> None:
        bits = format_bits(self.level, mask)
        size = self.size
        for i in range(6):
            self._set(8, i, bool(bits >> i & 1))
        self._set(8, 7, bool(bits >> 6 & 1))
        self._set(8, 8, bool(bits >> 7 & 1))
        self._set(7, 8, bool(bits >> 8 & 1))
        for i in range(9, 15):
            self._set(14 - i, 8, bool(bits >> i & 1))
        for i in range(8):
            self._set(size - 1 - i, 8, bool(bits >> i & 1))
        for i in range(8, 15):
            self._set(8, size - 15 + i, bool(bits >> i & 1))
        self._set(8, size - 8, True)  # the dark module

    # -- data ------------------------------------------------------------------------------------
    def _draw_codewords(self, codewords: list[int]) -> None:
        size = self.size
        index = 0
        total = len(codewords) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = (right + 1) & 2 == 0
                    y = size - 1 - vert if upward else vert
                    if not self._function[y][x] and index < total:
                        self.modules[y][x] = bool(codewords[index >> 3] >> (7 - (index & 7)) & 1)
                        index += 1
            right -= 2

    def _apply_mask(self, mask: int) -> None:
        test = _MASKS[mask]
        for y in range(self.size):
            row, function = self.modules[y], self._function[y]
            for x in range(self.size):
                if not function[x] and test(x, y):
                    row[x] = not row[x]

    def penalty(self) -> int:
        """The standard mask penalty (rules N1 to N4) of the finished symbol."""
        return penalty(self.modules)

    def rows(self) -> list[str]:
        """The symbol as text rows, ``#`` dark and ``.`` light (for tests and the terminal)."""
        return ["".join("#" if m else "." for m in row) for row in self.modules]


_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)

_FINDER_LIKE = ((True, False, True, True, True, False, True, False, False, False, False),
                (False, False, False, False, True, False, True, True, True, False, True))


def penalty(modules: list[list[bool]]) -> int:
    """Mask penalty: runs of 5+ (N1 = 3 + excess), 2x2 blocks (N2 = 3 each), finder-like
    1:1:3:1:1 patterns with 4 light modules on one side (N3 = 40 each), and dark/light balance
    (N4 = 10 per 5 % step away from half)."""
    size = len(modules)
    score = 0
    columns = [[modules[y][x] for y in range(size)] for x in range(size)]
    for line in list(modules) + columns:
        run, colour = 0, None
        for module in line:
            if module == colour:
                run += 1
            else:
                if run >= 5:
                    score += 3 + run - 5
                run, colour = 1, module
        if run >= 5:
            score += 3 + run - 5
        for start in range(size - 10):
            window = tuple(line[start:start + 11])
            if window in _FINDER_LIKE:
                score += 40
    for y in range(size - 1):
        for x in range(size - 1):
            colour = modules[y][x]
            if colour == modules[y][x + 1] == modules[y + 1][x] == modules[y + 1][x + 1]:
                score += 3
    dark = sum(sum(row) for row in modules)
    total = size * size
    score += abs(dark * 20 - total * 10) // total * 10
    return score


def _codewords(data: bytes, version: int, level: str) -> list[int]:
    """Data codewords (mode, count, bytes, terminator, padding) with error correction, split
    into blocks and interleaved."""
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend(value >> i & 1 for i in range(length - 1, -1, -1))

    put(0b0100, 4)
    put(len(data), 8 if version <= 9 else 16)
    for byte in data:
        put(byte, 8)
    capacity_bits = _data_codewords(version, level) * 8
    put(0, min(4, capacity_bits - len(bits)))
    put(0, -len(bits) % 8)
    pad = 0xEC
    while len(bits) < capacity_bits:
        put(pad, 8)
        pad ^= 0xEC ^ 0x11
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    index = _LEVEL_INDEX[level]
    blocks_total = _NUM_BLOCKS[index][version]
    ecc_len = _ECC_PER_BLOCK[index][version]
    raw = _raw_modules(version) // 8
    short_count = blocks_total - raw % blocks_total
    short_len = raw // blocks_total
    divisor = _rs_divisor(ecc_len)
    blocks, start = [], 0
    for i in range(blocks_total):
        length = short_len - ecc_len + (0 if i < short_count else 1)
        block = words[start:start + length]
        start += length
        ecc = _rs_remainder(block, divisor)
        if i < short_count:
            block = block + [-1]  # a gap, so short and long blocks interleave alike
        blocks.append(block + ecc)
    result = []
    for i in range(len(blocks[0])):
        for j, block in enumerate(blocks):
            if i != short_len - ecc_len or j >= short_count:
                result.append(block[i])
    return result


#: Versions a widely used reader gets wrong, skipped for the next one up: jsQR (the decoder of
#: many phone web pages, and of this site's live table where the browser has no
#: BarcodeDetector) places version 23's fourth alignment pattern at 74, not 78, and reads no
#: version 23 code at all (cozmo/jsQR issue 251; checked in tests/test_qr.py).
MISREAD_VERSIONS = frozenset({23})


def encode(data: bytes | str, level: str = "L", *, min_version: int = 1, max_version: int = 40,
           mask: int | None = None, avoid: frozenset[int] = MISREAD_VERSIONS) -> QRCode:
    """The smallest QR code (from ``min_version``) that holds ``data`` in byte mode at
    ``level``, leaving out the versions in ``avoid``; the mask with the lowest penalty unless
    ``mask`` is given. ``QRTooLong`` if it needs more than ``max_version``."""
    if level not in LEVELS:
        raise ValueError(f"unknown error correction level {level!r}")
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    for version in range(max(1, min_version), min(40, max_version) + 1):
        if version not in avoid and len(raw) <= capacity(version, level):
            break
    else:
        raise QRTooLong(f"{len(raw)} bytes do not fit a QR code of version {max_version} at "
                        f"level {level} (at most {capacity(min(40, max_version), level)})")
    words = _codewords(raw, version, level)
    if mask is not None:
        if not 0 <= mask <= 7:
            raise ValueError("a mask is 0 to 7")
        return QRCode(version, level, mask, words)
    best = min((QRCode(version, level, m, words) for m in range(8)),
               key=lambda code: code.penalty())
    return best
