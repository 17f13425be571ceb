"""The play pages' set-up controls drawn by the build from the declared set-up
(sitebuild/setup_controls.py, hooks/setup_controls.py; issue 29, point 1): every marker on
every play page becomes one control per declared field, with the declaration's values, bounds,
default and rules, and a field added to a declaration shows with no edit to the page."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from pyengine import horde
from pyengine.setup import Choice, Count, CountOrAuto, Flag, Setup, listed
from sitebuild import setup_controls
from tests.conftest import ROOT

PAGES = sorted((ROOT / "docs" / "play").glob("*.md"))


def markers() -> list[tuple[str, dict[str, str]]]:
    found = []
    for page in PAGES:
        for match in setup_controls.MARKER.finditer(page.read_text(encoding="utf-8")):
            found.append((match["target"], dict(p.split("=", 1) for p in match["opts"].split())))
    return found


def fields_of(target: str, opts: dict[str, str]):
    found = setup_controls.declared(target)
    if isinstance(found, Setup):
        return setup_controls.drawn(found, opts, target)
    return [(found, opts.get("name", found.key.replace("_", "-")))]


def test_the_play_pages_mark_every_set_up_they_show():
    """hs-7-4, lh-2-4, sw-2-1, tc-2-2: the Horde, Swarm and Team Commander pages each draw
    their set-up from the declarations; none lists an option by hand."""
    targets = {target.partition(":")[0] for target, _ in markers()}
    assert {"pyengine.horde", "pyengine.horde_common", "variant"} <= targets
    # each variant's whole set-up, a field declared later included (pyengine/variants.py)
    assert {"variant:swarm", "variant:horde", "variant:limited-horde",
            "variant:team-commander"} <= {target for target, _ in markers()}
    for page in PAGES:
        assert "<option" not in page.read_text(encoding="utf-8"), page.name


@pytest.mark.parametrize(("target", "opts"), markers(), ids=lambda v: str(v))
def test_each_field_becomes_its_control(target, opts):
    """Each declared field has one control: a list of exactly its values with the default
    chosen, a number box with its bounds, or a checkbox ticked when on by default; its label
    names its rules."""
    markup = setup_controls.controls(target, opts)
    for option, name in fields_of(target, opts):
        if isinstance(option, Flag):
            box = re.search(rf'<input[^>]*type="checkbox" data-field="{name}"[^>]*>', markup)
            assert box and (" checked" in box.group(0)) == option.default, name
        elif listed(option):
            select = re.search(rf'data-field="{name}"[^>]*>(.*?)</select>', markup, re.S)
            assert select, name
            values = re.findall(r'<option value="([^"]*)"', select.group(1))
            assert values == [value for value, _ in option.choices()], name
            chosen = re.findall(r'<option value="([^"]*)" selected', select.group(1))
            assert chosen == [option.format(option.default)], name
        else:
            assert isinstance(option, Count)
            box = re.search(rf'<input[^>]*data-field="{name}"[^>]*>', markup)
            assert box, name
            assert f'min="{option.low}" max="{option.high}"' in box.group(0), name
            if isinstance(option, CountOrAuto):
                assert f'placeholder="{html.escape(option.auto_label)}"' in box.group(0)
        for anchor in option.rule.split():
            prefix, _, rest = anchor.partition("-")
            assert f"[[see {prefix.upper()} {rest.replace('-', '.')}]]" in markup, anchor


def test_an_option_added_to_a_declaration_shows_with_no_page_edit(monkeypatch):
    """hs-7-4: adding a field to Custom's declaration is one edit: the page gets its control."""
    added = Choice("tempo", "Tempo", (("slow", "Slow"), ("fast", "Fast")), "fast", rule="hs-7-3")
    monkeypatch.setattr(horde, "CUSTOM", replace(horde.CUSTOM,
                                                 fields=horde.CUSTOM.fields + (added,)))
    page = setup_controls.expand("  <!-- setup: pyengine.horde:CUSTOM id=hd -->\n")
    assert '<select id="hd-tempo" data-field="tempo">' in page
    assert '<option value="fast" selected>Fast</option>' in page
    assert "[[see HS 7.3]]" in page
    assert all(line.startswith("  ") for line in page.splitlines()), "indented as the marker"


@pytest.mark.parametrize("marker", [
    "<!-- setup: pyengine.horde:NOTHING -->",
    "<!-- setup: pyengine.horde:PRESETS -->",
    "<!-- setup: json:loads -->",
    "<!-- setup: pyengine.horde:CUSTOM colour=red -->",
    "<!-- setup: pyengine.horde:CUSTOM field=tempo -->",
    "<!-- setup: pyengine.horde:DIFFICULTY field=difficulty -->",
    "<!-- setup: pyengine.horde:CUSTOM name=x -->",
    "<!-- setup: Horde custom -->",
    "<!-- setup: variant:chess -->",
    "<!-- setup: variant:horde except=tempo -->",
])
def test_a_marker_the_build_cannot_read_fails_the_build(marker):
    with pytest.raises(setup_controls.SetupMarkerError):
        setup_controls.expand(f"<div>\n{marker}\n</div>\n")


def test_labels_are_text_never_markup():
    """A field's words are escaped: a label cannot add markup to the page."""
    option = Flag("x", "<b>bold</b> & co", False, help="<i>", rule="")
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co — &lt;i&gt;" in setup_controls.label_text(option)
