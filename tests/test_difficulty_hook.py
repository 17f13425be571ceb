"""The rules pages' "Choosing a difficulty" sections (sitebuild/difficulty.py, hooks/difficulty.py):
figures from the simulator, cached by a key of what they depend on, charts readable in both
colour schemes, and a table of the same numbers beside every chart."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from sitebuild import difficulty

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def figures():
    return difficulty.load_figures()


def test_every_setting_of_every_variant_is_measured(figures):
    """hs-7-2, hs-7-3, lh-2-4, sw-13: every preset with 1-4 (Swarm 1-5) Survivors, Custom
    exile, and each Limited Horde deck at every difficulty."""
    seen = {(i["variant"], i["deck"], json.dumps(i["options"], sort_keys=True))
            for i in figures["reports"]}
    assert len(seen) == len(difficulty.plan()) == len(figures["reports"])
    horde = [i for i in figures["reports"] if i["variant"] == "horde"]
    assert {(i["options"]["difficulty"], i["options"]["survivors"]) for i in horde
            if i["options"]["difficulty"] != "custom"} == {
        (d, n) for d in ("story", "classic", "nightmare") for n in range(1, 5)}
    decks = {i["deck"] for i in figures["reports"] if i["variant"] == "limited-horde"}
    assert decks == {deck for deck, _ in difficulty.declared("limited-horde").decks}


def test_the_sections_are_the_descriptors():
    """lh-2-4, hs-7-2, sw-2-1: what each section plays and draws is its variant's declaration
    (``simulation.figures``): every variant with figures has its marker on its rules page, and
    a marker naming a variant without figures stops the build."""
    from pyengine import variants

    shown = difficulty.shown()
    assert [v.id for v in shown] == ["horde", "limited-horde", "swarm"]
    for variant in shown:
        page = ROOT / "docs" / variant.rulebook / "index.md"
        assert f"<!-- difficulty: {variant.id} -->" in page.read_text(encoding="utf-8")
        declared = difficulty.declared(variant.id)
        assert len([i for i in difficulty.plan() if i["variant"] == variant.id]) == len(
            declared.decks) * len(declared.settings())
    assert difficulty.calibrated() == "limited-horde"
    for other in set(variants.ids()) - {v.id for v in shown}:
        with pytest.raises(difficulty.BuildError, match="no figures for this variant"):
            difficulty.expand(f"<!-- difficulty: {other} -->", {"reports": []}, "../")


def _copy_of_what_the_key_reads(tmp_path: Path) -> Path:
    """The engine, the fit's module and the decks, copied to a scratch repository."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "pyengine", root / "pyengine",
                    ignore=shutil.ignore_patterns("__pycache__", "widgets", "commands"))
    (root / "decks").mkdir()
    for name in ("cards.tsv", "index.json"):
        shutil.copy(ROOT / "decks" / name, root / "decks" / name)
    for folder in ("horde", "limited-horde", "swarm"):
        shutil.copytree(ROOT / "decks" / folder, root / "decks" / folder)
    (root / "sitebuild").mkdir()
    shutil.copy(ROOT / "sitebuild" / "table_fit.py", root / "sitebuild" / "table_fit.py")
    return root


def test_the_key_follows_the_engine_code(tmp_path):
    """A change to the engine's code (or a deck) makes a new key, so stale figures are never
    shown; the same files make the same key."""
    root = _copy_of_what_the_key_reads(tmp_path)
    assert difficulty.cache_key(root) == difficulty.cache_key(ROOT)
    engine = root / "pyengine" / "horde.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    changed = difficulty.cache_key(root)
    assert changed != difficulty.cache_key(ROOT)
    deck = root / "decks" / "horde" / "knudson-zombies-2011.txt"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n1 Zombie\n", encoding="utf-8")
    assert difficulty.cache_key(root) not in (changed, difficulty.cache_key(ROOT))


def test_the_committed_figures_match_the_engine_decks_and_model():
    """The committed figures' key is the key of the engine code, the fitted model and the
    decks as they are: a change to any of them fails here until the figures are refreshed in
    the same commit (python scripts/fit_table_model.py), so a fresh clone's build never
    re-simulates."""
    committed = json.loads(difficulty.COMMITTED.read_text(encoding="utf-8"))
    assert committed["key"] == difficulty.cache_key(), (
        "sitebuild/difficulty-figures.json is stale: run .venv/bin/python "
        "scripts/fit_table_model.py (or python -m sitebuild.difficulty) and commit it")
    assert committed["runs"] == difficulty.RUNS
    assert len(committed["reports"]) == len(difficulty.plan())


def test_the_key_covers_the_fitted_model(tmp_path):
    """The fitted numbers (pyengine/fitted_model.py) are part of the key."""
    root = _copy_of_what_the_key_reads(tmp_path)
    before = difficulty.cache_key(root)
    fitted = root / "pyengine" / "fitted_model.py"
    fitted.write_text(fitted.read_text(encoding="utf-8").replace("'ramp': ", "'ramp': 1 + "),
                      encoding="utf-8")
    assert difficulty.cache_key(root) != before


def test_a_stale_build_says_so_with_its_time(monkeypatch, tmp_path):
    """A build whose figures do not match announces the re-simulation (why, how many games,
    about how long) before it starts, and its time after."""
    messages = []

    class Log:
        def info(self, text):
            messages.append(text)

    monkeypatch.setattr(difficulty, "cache_key", lambda root=ROOT: "not-the-committed-key")
    monkeypatch.setattr(difficulty, "CACHE_DIR", tmp_path)
    monkeypatch.setattr(difficulty, "compute", lambda root: {"key": "x", "games": 12,
                                                             "seconds": 3, "reports": []})
    difficulty.load_figures(log=Log())
    assert "do not match" in messages[0] and f"{difficulty.RUNS * len(difficulty.plan())} games" \
        in messages[0] and re.search(r"about \d+ s", messages[0])
    assert "scripts/fit_table_model.py" in messages[0]
    assert messages[1] == "difficulty figures: 12 games simulated in 3 s"


def test_the_goals_are_checked_and_shown(figures):
    """lh-2-4: the build checks the four goals and each page lists them, met or missed, with
    the figures; a setting at 0% or a harder preset that wins more is caught."""
    found = difficulty.goals(figures)
    assert len(found) == 4 and all(isinstance(g["met"], bool) and g["detail"] for g in found)
    text = difficulty.expand("<!-- difficulty: limited-horde -->", figures, "../")
    for goal in found:
        assert goal["goal"] in text
        if not goal["met"]:  # a missed goal says why
            assert goal["why"] and f"Why: {goal['why']}." in text
    broken = json.loads(json.dumps(figures))
    story, classic = (next(i for i in broken["reports"] if i["variant"] == "horde"
                           and i["options"] == {"difficulty": d, "survivors": 2})
                      for d in ("story", "classic"))
    story["report"]["won"], classic["report"]["won"] = 0.0, 0.6
    order, certain = difficulty.goals(broken)[1:3]
    assert not order["met"] and "Classic, 2 Survivors 60% above Story, 2 Survivors 0%" in \
        order["detail"]
    assert not certain["met"] and "Story, 2 Survivors 0%" in certain["detail"]


def test_each_figure_has_its_interval_and_games(figures):
    """Every win rate on the pages carries its 90% interval and its game count."""
    from pyengine.simulate import interval_text

    for variant in ("horde", "limited-horde", "swarm"):
        text = difficulty.expand(f"<!-- difficulty: {variant} -->", figures, "../")
        for item in figures["reports"]:
            if item["variant"] == variant:
                report = item["report"]
                assert f"{interval_text(report['won'], report['runs'])} of {report['runs']} |" \
                    in text


def test_each_chart_has_its_numbers_in_a_table(figures):
    """Every chart's lines are the reports' own figures, and its table lists the same."""
    for chart in difficulty.charts(figures):
        table = difficulty._chart_table(chart)
        rows = table.splitlines()[2:]
        for label_index, (_label, report) in enumerate(chart["lines"]):
            for index, turn in enumerate(report["turns"]):
                cell = rows[index].split(" | ")[label_index + 1].strip(" |")
                assert cell.startswith(f"{turn['power_median']} ({turn['power_p10']}–"
                                       f"{turn['power_p90']}); {turn['cards_left_median']} left")


def test_the_charts_read_in_both_colour_schemes(figures):
    """Transparent, the light chart's ink dark, the dark chart's ink light, scalable (viewBox)
    to a 360 px screen; the lines differ by marker and dash, not by colour alone."""
    rendered = difficulty.render_charts(figures)
    assert len(rendered) == 2 * len(difficulty.charts(figures))
    for path, svg in rendered.items():
        text = svg.decode()
        assert "viewBox" in text
        assert "fill: #ffffff" not in text.lower()
        light, dark = difficulty.THEMES["light"], difficulty.THEMES["dark"]
        if path.endswith("-light.svg"):
            assert light in text and dark not in text
        else:
            assert dark in text and light not in text
        assert "<script" not in text


def test_the_section_states_the_model_and_the_numbers(figures):
    """The section names the model's defaults and what it leaves out, beside the figures."""
    from pyengine.simulate import NOT_MODELLED, default_models

    for variant in ("horde", "limited-horde", "swarm"):
        text = difficulty.expand(f"<!-- difficulty: {variant} -->", figures, "../")
        model = default_models()[variant]
        assert f"**{model.damage:g}** damage" in text and NOT_MODELLED[0] in text
        assert "| Setting | Survivors win (90% interval) of games |" in text
        assert "scripts/fit_table_model.py" in text and "The fit's error" in text
        assert re.search(r"!\[[^\]]+\]\(\.\./assets/difficulty/[a-z0-9-]+-light\.svg\)", text)


def test_rules_pages_show_the_section_without_python(built_site):
    """The three pages carry the section and its charts; none of them loads Pyodide."""
    for page in ("horde/index.html", "limited-horde/index.html", "swarm/index.html"):
        html = (built_site / page).read_text(encoding="utf-8")
        assert 'id="difficulty"' in html
        charts = re.findall(r'src="\.\./(assets/difficulty/[^"]+\.svg)"', html)
        assert charts and all((built_site / c).is_file() for c in charts)
        assert "pyodide" not in html.lower() and "py-script" not in html.lower()
