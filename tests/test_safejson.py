"""pyengine/safejson.py: the nesting scan that guards every parse of outside JSON (saves, share
links, imported files, Scryfall answers; hs-2-9 on the site's saves) counts what a parser
would recurse into, and refuses what nests deeper than anything the site writes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine import safejson

#: JSON values, with strings that hold brackets, quotes and backslashes (they never count).
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\n'),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=4), inner, max_size=4),
    max_leaves=30)


def depth_of(value) -> int:
    """How deep ``value`` nests (a list or object is one level)."""
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


@given(VALUES, st.booleans())
def test_the_scan_counts_the_depth_of_any_json(value, pretty):
    text = json.dumps(value, indent=2 if pretty else None, ensure_ascii=False)
    assert safejson.nesting_depth(text) == depth_of(value)
    assert safejson.loads(text) == value


@pytest.mark.parametrize("text,depth", [
    ('{"name": "[[[[[[\\"{{{{"}', 1),  # brackets in a string, behind an escaped quote
    ('["a\\\\", [1]]', 2),              # a string ending in a backslash
    ('"abc[', 1),                      # an unterminated string is not a string
    ("[[[", 3), ("]]][[[", 3), ("[][[", 2),  # malformed: an unmatched close is passed over
])
def test_strings_and_malformed_text(text, depth):
    assert safejson.nesting_depth(text) == depth


def test_counting_stops_past_the_limit():
    text = "[" * 100_000 + "]" * 100_000
    assert safejson.nesting_depth(text) == 100_000
    assert safejson.nesting_depth(text, 64) == 65
    with pytest.raises(safejson.BadJSON, match="nested far deeper"):
        safejson.loads(text)
    assert safejson.loads("[" * 64 + "]" * 64) is not None
