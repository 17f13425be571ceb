"""Hostile inputs shared by a test and a benchmark."""

from __future__ import annotations


def pathological_lines() -> list[str]:
    """Decklist lines built to make a backtracking parser slow (runs of spaces, brackets,
    set codes, header counts); the reader keeps them linear. Shared by tests/test_decklist.py
    (they are read) and bench/bench_decklist.py (how fast)."""
    return [
        "a" + " " * 980 + "!",
        "name" + " " * 980 + "x",
        "1 x" + " []" * 320 + "x]",
        "1 x" + " (AB)" * 190,
        "1 x" + " *F*" * 240,
        "// " + "(1)" * 320,
        "1 " + "/ " * 490 + "x",
        "#! a | {1} | A" + " " * 970 + "B",
    ]
