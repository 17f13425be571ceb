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
        assert 'type="range"' not in page.read_text(encoding="utf-8"), page.name


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
    "<!-- how-hard: chess id=hd -->",
    "<!-- how-hard: team-commander id=tc -->",
    "<!-- how-hard: swarm colour=red -->",
    "<!-- how-hard: Swarm -->",
])
def test_a_marker_the_build_cannot_read_fails_the_build(marker):
    with pytest.raises(setup_controls.SetupMarkerError):
        setup_controls.expand(f"<div>\n{marker}\n</div>\n")


def test_labels_are_text_never_markup():
    """A field's words are escaped: a label cannot add markup to the page."""
    option = Flag("x", "<b>bold</b> & co", False, help="<i>", rule="")
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co — &lt;i&gt;" in setup_controls.label_text(option)


#: The "How hard is this?" sliders as the Horde page typed them by hand before the build drew
#: them (the Swarm page's were the same with the prefix ``sw``).
TYPED = """\
<label for="hd-sim-damage">Damage each Survivor deals the automated deck a turn at full strength (0-30)</label>
<input id="hd-sim-damage" type="range" min="0" max="30" step="0.5" value="18" data-field="sim-damage"> <output for="hd-sim-damage" class="sim-value">18</output>
<label for="hd-sim-removal">Its creatures each Survivor removes a turn at full strength (0-6)</label>
<input id="hd-sim-removal" type="range" min="0" max="6" step="0.5" value="3" data-field="sim-removal"> <output for="hd-sim-removal" class="sim-value">3</output>
<label for="hd-sim-blocks">Its attackers each Survivor blocks a turn at full strength (0-10)</label>
<input id="hd-sim-blocks" type="range" min="0" max="10" step="0.5" value="6" data-field="sim-blocks"> <output for="hd-sim-blocks" class="sim-value">6</output>"""  # noqa: E501


def sliders_of(name: str) -> str:
    """The six lines of a play page's sliders, as the build draws them, unindented."""
    page = setup_controls.expand((ROOT / "docs" / "play" / f"{name}.md").read_text("utf-8"))
    lines = [line.strip() for line in page.splitlines() if "sim-damage" in line
             or "sim-removal" in line or "sim-blocks" in line]
    return "\n".join(lines)


def test_the_sliders_are_drawn_with_the_values_typed_before():
    """The Horde and Swarm pages' sliders, drawn from the declaration and the default
    table, are the markup the pages held before, value for value."""
    assert sliders_of("horde") == TYPED
    assert sliders_of("swarm") == TYPED.replace("hd-", "sw-")


def test_the_sliders_follow_the_default_table(monkeypatch):
    """The sliders' values are the simulator's default table (the fitted per-Survivor
    numbers, pyengine/fitted_model.py): a refit shows on both pages with no edit to them; a
    slider's range is its declaration's."""
    from pyengine import fitted_model
    from pyengine.widgets import difficulty_part

    monkeypatch.setitem(fitted_model.PER_SURVIVOR, "damage", 12.5)
    monkeypatch.setitem(fitted_model.PER_SURVIVOR, "blocks", 4.0)
    for name in ("horde", "swarm"):
        drawn = sliders_of(name)
        assert 'step="0.5" value="12.5" data-field="sim-damage"' in drawn
        assert 'class="sim-value">12.5</output>' in drawn
        assert 'value="4" data-field="sim-blocks"' in drawn
        assert 'value="3" data-field="sim-removal"' in drawn
    wider = replace(difficulty_part.SLIDERS[1], high=8)
    monkeypatch.setattr(difficulty_part, "SLIDERS", (difficulty_part.SLIDERS[0], wider))
    drawn = setup_controls.expand("<!-- how-hard: swarm id=sw -->")
    assert "removes a turn at full strength (0-8)</label>" in drawn
    assert 'min="0" max="8"' in drawn and "sim-blocks" not in drawn


def test_a_slider_cannot_show_two_defaults_or_one_off_its_range(monkeypatch):
    """A page naming two variants shows one value per slider: variants whose default tables
    differ fail the build, as does a default outside its slider's range."""
    from pyengine.simulate import TableModel
    from pyengine.widgets import difficulty_part

    tables = {"horde": TableModel(damage=18, removal=3, blocks=6),
              "limited-horde": TableModel(damage=20, removal=3, blocks=6),
              "swarm": TableModel(damage=40, removal=3, blocks=6)}
    monkeypatch.setattr(difficulty_part, "default_model", tables.__getitem__)
    with pytest.raises(setup_controls.SetupMarkerError, match="default tables differ"):
        setup_controls.expand("<!-- how-hard: horde,limited-horde id=hd -->")
    with pytest.raises(setup_controls.SetupMarkerError, match="damage 40 is outside"):
        setup_controls.expand("<!-- how-hard: swarm id=sw -->")
