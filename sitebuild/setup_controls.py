"""The play pages' set-up controls, drawn by the build from the engines' declared set-up
(:mod:`pyengine.setup`; issue 29, point 1).

A page says where its controls go and how they are spelled there, never what they are::

    <!-- setup: pyengine.horde:CUSTOM id=hd check=hd-check -->
    <!-- setup: pyengine.horde:DIFFICULTY id=hd change=setup -->
    <!-- setup: pyengine.horde:LIFE_MODE id=hd name=life-mode change=setup -->

The first word names a declaration, ``module:NAME``: a :class:`~pyengine.setup.Setup` (each of
its fields in order, under the form names it gives them, or only its field ``field=KEY``) or one
field (under ``name=``, or its key with ``-`` for ``_``); or ``variant:ID``, the whole set-up a
variant's descriptor declares (pyengine/variants.py), less the fields ``except=KEY,KEY`` names
(drawn by markers of their own): a field declared later shows there. The options after it are
the page's own spelling: ``id=`` the prefix
of the element ids, ``change=`` the ``data-change`` action, ``check=`` the class of a
checkbox's label and ``input=`` of the checkbox itself. Each field becomes its label (its
words; a number box's bounds and what an empty box means; its help; a ``[[see HS 2.2]]``
reference per rule anchor, which ``hooks/rules.py``, running after this, makes a link) and its
control: a list with the field's values (the default chosen), a number box with its bounds, or
a checkbox. An option added to a declaration shows on its page with no edit to the page.

The runners' "How hard is this?" sliders likewise (:func:`sliders`)::

    <!-- how-hard: horde,limited-horde id=hd -->

each slider of :data:`pyengine.widgets.difficulty_part.SLIDERS`, its range and words from
there, its value the table model's default for the variants named (the simulator's
:func:`~pyengine.simulate.default_model`, fitted by ``scripts/fit_table_model.py``): a page
naming several variants shows one value, so their defaults must agree.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable

from pyengine import variants
from pyengine.game import GameError, rule_number
from pyengine.setup import Choice, Count, CountOrAuto, Field, Flag, Group, Setup, listed
from pyengine.widgets import difficulty_part

MARKER = re.compile(r"<!-- setup: (?P<target>[a-z_.]+:[A-Za-z_-]+)(?P<opts>(?: [a-z]+=\S+)*) -->")
#: The options a marker may give.
OPTIONS = ("field", "id", "name", "change", "check", "input", "except")
#: The "How hard is this?" sliders' marker: the variants whose default table they show.
SLIDERS_MARKER = re.compile(
    r"<!-- how-hard: (?P<target>[a-z-]+(?:,[a-z-]+)*)(?P<opts>(?: [a-z]+=\S+)*) -->")


class SetupMarkerError(ValueError):
    """A marker naming nothing declared, or an option the build does not know."""


def rule_reference(anchor: str) -> str:
    """``hs-7-2`` -> ``[[see HS 7.2]]``; ``lh-13`` -> ``[[see LH 13]]`` (hooks/rules.py)."""
    return f"[[see {rule_number(anchor)}]]"


def label_text(option: Field) -> str:
    """A field's label on the page, as markup: its words, a number box's bounds (and what an
    empty one means), its help and its rules."""
    words = option.label
    if isinstance(option, Count) and not listed(option):
        words += f", {option.low}–{option.high}"
        if isinstance(option, CountOrAuto):
            words += f"; empty for {option.auto_label}"
    if option.help:
        words += f" — {option.help}"
    text = html.escape(words, quote=False)
    anchors = option.rule.split()
    if anchors:
        text += " (" + " · ".join(rule_reference(anchor) for anchor in anchors) + ")"
    return text


def control(option: Field, name: str, opts: dict[str, str]) -> str:
    """One field's label and control, as the page's markup."""
    if isinstance(option, Group):  # pragma: no cover - setup_markup draws a group's fields
        raise SetupMarkerError(f"{option.key}: a group has no control of its own")
    element_id = html.escape(f"{opts.get('id', 'setup')}-{name}")
    change = opts.get("change")
    changed = f' data-change="{html.escape(change)}"' if change else ""
    field = f'data-field="{html.escape(name)}"{changed}'
    if isinstance(option, Flag):
        label_class = f' class="{html.escape(opts["check"])}"' if "check" in opts else ""
        input_class = f' class="{html.escape(opts["input"])}"' if "input" in opts else ""
        checked = " checked" if option.default else ""
        return (f'<label{label_class}><input{input_class} type="checkbox" {field}{checked}>'
                f"<span>{label_text(option)}</span></label>")
    label = f'<label for="{element_id}">{label_text(option)}</label>'
    if listed(option):
        default = option.format(option.default)
        items = "".join(
            f'<option value="{html.escape(value)}"{" selected" if value == default else ""}>'
            f"{html.escape(words, quote=False)}</option>" for value, words in option.choices())
        return f'{label}\n<select id="{element_id}" {field}>{items}</select>'
    if not isinstance(option, Count):  # pragma: no cover - every Field type is handled above
        raise SetupMarkerError(f"{option.key}: no control for {type(option).__name__}")
    shown = (f' placeholder="{html.escape(option.auto_label)}"' if isinstance(option, CountOrAuto)
             else f' value="{option.default}"')
    return (f'{label}\n<input id="{element_id}" {field} type="number" min="{option.low}" '
            f'max="{option.high}" inputmode="numeric"{shown}>')


def declared(target: str) -> Setup | Field:
    """The declaration a marker names (``pyengine.horde:CUSTOM``)."""
    module_name, _, attribute = target.partition(":")
    if module_name == "variant":
        try:
            return variants.descriptor(attribute).setup
        except GameError:
            raise SetupMarkerError(f"setup marker {target}: no such variant") from None
    if module_name != "pyengine" and not module_name.startswith("pyengine."):
        raise SetupMarkerError(f"setup marker {target}: declarations live in pyengine")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError):
        raise SetupMarkerError(f"setup marker {target}: no such declaration") from None
    if not isinstance(found, (Setup, Choice, Count, Flag)) or isinstance(found, Group):
        raise SetupMarkerError(f"setup marker {target}: not a set-up or a set-up field")
    return found


def controls(target: str, opts: dict[str, str]) -> str:
    """The controls of one marker: every field of a set-up, or the one field named."""
    unknown = sorted(set(opts) - set(OPTIONS))
    if unknown:
        raise SetupMarkerError(f"setup marker {target}: unknown option(s) " + ", ".join(unknown))
    found = declared(target)
    if isinstance(found, Setup):
        if "name" in opts:
            raise SetupMarkerError(f"setup marker {target}: name= is for one field")
        return setup_markup(found, opts, target)
    if "field" in opts:
        raise SetupMarkerError(f"setup marker {target}: field= is for a set-up")
    return control(found, opts.get("name", found.key.replace("_", "-")), opts)


def drawn(setup: Setup, opts: dict[str, str], target: str = "set-up"
          ) -> list[tuple[Field, str]]:
    """(field, form name) of every field a marker with ``opts`` draws from ``setup``: each
    field (a group's fields in its place, by their own form names) but those ``except=``
    names, or the one ``field=`` names."""
    left_out = [key for key in opts.get("except", "").split(",") if key]
    unknown = sorted(set(left_out) - set(setup.keys()))
    if unknown:
        raise SetupMarkerError(f"setup marker {target}: except= names no field "
                               + ", ".join(unknown))
    chosen = [(option, group.form_name(option.key))
              for group, option in _fields(setup.without(*left_out))
              if opts.get("field", option.key) == option.key]
    if not chosen and "field" in opts:
        raise SetupMarkerError(f"setup marker {target}: no field {opts['field']!r}")
    return chosen


def setup_markup(setup: Setup, opts: dict[str, str], target: str = "set-up") -> str:
    """The controls a marker draws from ``setup`` (:func:`drawn`)."""
    return "\n".join(control(option, name, opts) for option, name in drawn(setup, opts, target))


def _fields(setup: Setup) -> list[tuple[Setup, Field]]:
    """(the set-up that names it, field) of every field that is not a group, in page order."""
    found: list[tuple[Setup, Field]] = []
    for option in setup.fields:
        if isinstance(option, Group):
            found += _fields(option.setup)
        else:
            found.append((setup, option))
    return found


def _number(value: float) -> str:
    """``18.0`` -> ``18``, ``0.5`` -> ``0.5``: a slider's number as the page writes it."""
    return f"{value:g}"


def sliders(target: str, opts: dict[str, str]) -> str:
    """The "How hard is this?" sliders of a marker naming the variants ``target``
    (``horde,limited-horde``): each declared slider with its range and words, its value the
    variants' default table. Variants whose defaults differ, or a default outside its
    slider's range, fail the build."""
    unknown = sorted(set(opts) - {"id"})
    if unknown:
        raise SetupMarkerError(f"how-hard marker {target}: unknown option(s) "
                               + ", ".join(unknown))
    defaults: dict[str, float] | None = None
    for variant in target.split(","):
        try:
            variants.simulation(variant)
        except (GameError, ValueError):
            raise SetupMarkerError(f"how-hard marker {target}: {variant} is not a simulated "
                                   "variant") from None
        these = difficulty_part.slider_defaults(variant)
        if defaults is not None and these != defaults:
            raise SetupMarkerError(f"how-hard marker {target}: the variants' default tables "
                                   f"differ ({defaults} and {these}), one slider cannot show both")
        defaults = these
    assert defaults is not None  # the marker's pattern names at least one variant
    lines = []
    for slider in difficulty_part.SLIDERS:
        value = defaults[slider.key]
        if not slider.low <= value <= slider.high:
            raise SetupMarkerError(f"how-hard marker {target}: the default {slider.key} "
                                   f"{_number(value)} is outside its slider "
                                   f"({_number(slider.low)}-{_number(slider.high)})")
        element_id = html.escape(f"{opts.get('id', 'setup')}-sim-{slider.key}")
        low, high, shown = _number(slider.low), _number(slider.high), _number(value)
        lines += [f'<label for="{element_id}">{html.escape(slider.label, quote=False)} '
                  f"({low}-{high})</label>",
                  f'<input id="{element_id}" type="range" min="{low}" max="{high}" '
                  f'step="{_number(slider.step)}" value="{shown}" '
                  f'data-field="sim-{slider.key}"> <output for="{element_id}" '
                  f'class="sim-value">{shown}</output>']
    return "\n".join(lines)


def expand(markdown: str) -> str:
    """Every ``<!-- setup: ... -->`` and ``<!-- how-hard: ... -->`` marker of a page replaced
    by its controls, each line indented as the marker is; a marker the build cannot read fails
    the build."""
    def drawn_all(marker: re.Pattern[str], draw: Callable[[str, dict[str, str]], str],
                  text: str) -> str:
        def replace(match: re.Match[str]) -> str:
            opts = dict(part.split("=", 1) for part in match["opts"].split())
            line_start = text.rfind("\n", 0, match.start()) + 1
            indent = text[line_start:match.start()]
            markup = draw(match["target"], opts)
            return markup.replace("\n", "\n" + indent) if not indent.strip() else markup
        return marker.sub(replace, text)

    expanded = drawn_all(SLIDERS_MARKER, sliders, drawn_all(MARKER, controls, markdown))
    for start in ("<!-- setup:", "<!-- how-hard:"):
        if start in expanded:
            line = expanded[expanded.index(start):].partition("\n")[0]
            raise SetupMarkerError(f"a {start[5:-1]} marker the build cannot read: {line}")
    return expanded
