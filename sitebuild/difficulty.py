"""The rules pages' "Choosing a difficulty" sections: simulator figures for the shipped decks,
charts drawn with matplotlib and tables of the same numbers, made at build time.

* :func:`load_figures` — the simulator's reports (:mod:`pyengine.simulate`) for every preset of
  each variant with the shipped decks and the fitted table model (:mod:`pyengine.fitted_model`,
  fitted by ``scripts/fit_table_model.py``). Computing them all takes minutes (:data:`RUNS`
  games a setting), so they are kept: first the committed ``sitebuild/difficulty-figures.json``,
  then the local cache ``.cache/difficulty/``, each used only when its key — a hash of the
  engine's code, the fitted model, the decks, the card facts and the settings — matches.
  Otherwise the build says so, with the time it will take, computes them (and writes the local
  cache) and says how long it took. ``tests/test_difficulty_hook.py`` fails while the committed
  key does not match, so the figures are refreshed in the same commit as the change:
  ``python scripts/fit_table_model.py`` (fit and figures) or ``python -m sitebuild.difficulty``
  (figures only).
* :func:`goals` — the figures checked against what the rulebooks say (the build logs the result,
  the pages show it, ``bench/bench_difficulty.py`` prints it).
* :func:`render_charts` — SVG charts, one light and one dark variant of each (transparent
  background; the page's stylesheet shows the one for the reader's colour scheme), kept in the
  local cache under a key of the figures and this module's code.
* :func:`section_markdown` — the section a rules page shows in place of its marker
  ``<!-- difficulty: VARIANT -->``: the model and its defaults, a summary table, each chart
  with a table of its numbers.

No MkDocs import: ``hooks/difficulty.py`` calls these.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sitebuild import BuildError

if TYPE_CHECKING:  # pragma: no cover - types only
    from pyengine.variants import Figures, Variant

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = Path(__file__).resolve().parent / "difficulty-figures.json"
CACHE_DIR = ROOT / ".cache" / "difficulty"
#: Runs per setting and their seed (the same numbers in every build with the same key): enough
#: that a win rate's 90% interval is at most about 4 points either side.
RUNS = 400
SEED = "choosing-a-difficulty"
#: Turns shown in the charts and tables.
SHOWN_TURNS = 12
MARKER = re.compile(r"^<!-- difficulty: ([\w-]+) -->$", re.MULTILINE)
#: Site folder of the charts.
SITE_DIR = "assets/difficulty"
#: A chart's size in inches; the page gives its images the same proportions (100 pixels to
#: the inch: whole numbers, as HTML wants them), so the browser keeps the space before the
#: picture arrives.
FIGSIZE = (4.8, 6.0)

def shown() -> list[Variant]:
    """The variants whose rules pages show figures (their descriptors' ``simulation.figures``,
    :class:`pyengine.variants.Figures`), by id: the order the figures are computed and listed
    in."""
    from pyengine import variants

    return sorted((v for v in variants.simulated() if _figures_of(v) is not None),
                  key=lambda v: v.id)


def _figures_of(variant: Variant) -> Figures | None:
    return variant.simulation.figures if variant.simulation else None


def declared(variant_id: str) -> Figures:
    """What ``variant_id``'s section shows; a BuildError if its rules page has none."""
    from pyengine import variants

    found = None
    if variant_id in variants.ids():
        found = _figures_of(variants.descriptor(variant_id))
    if found is None:
        raise BuildError(f"<!-- difficulty: {variant_id} -->: no figures for this variant "
                         f"(those with figures: {', '.join(v.id for v in shown())})")
    return found


def plan() -> list[dict[str, Any]]:
    """Every simulated setting: variant, deck, companion list, engine options."""
    runs: list[dict[str, Any]] = []
    for variant in shown():
        figures = declared(variant.id)
        for deck, extra in figures.decks:
            runs += [{"variant": variant.id, "deck": deck, "extra": extra, "options": setting}
                     for setting in figures.settings()]
    return runs


_IMPORT = re.compile(r"^\s*from\s+(\.+|pyengine\b)([\w.]*)\s+import\s+(\([^)]*\)|[^\n]+)",
                     re.MULTILINE)


#: A module named in a string (``"pyengine.horde:HordeSlingLab"``): the registry imports each
#: engine, and the simulator each driver, by name on first use (``pyengine/variants.py``).
_NAMED_MODULE = re.compile(r"[\"'](pyengine(?:\.\w+)+)(?::\w+)?[\"']")


def _engine_files(root: Path) -> list[Path]:
    """The engine modules the simulator runs: ``pyengine/simulate.py`` and every module it
    imports, directly or not (read from their ``from ... import`` lines, not by importing
    them; the engine imports its own modules no other way)."""
    todo, seen = [root / "pyengine" / "simulate.py"], set()
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        for dots, module, names in _IMPORT.findall(path.read_text(encoding="utf-8")):
            if dots == "pyengine":
                base, parts = root / "pyengine", module.strip(".").split(".")
            else:
                base = path.parent
                for _ in range(len(dots) - 1):
                    base = base.parent
                parts = module.split(".")
            target = base.joinpath(*[p for p in parts if p])
            candidates = [target]
            if not module.strip("."):  # "from . import a, b": each name may be a module
                candidates += [target / n.split(" as ")[0].strip()
                               for n in names.strip("()").split(",") if n.strip()]
            for candidate in candidates:
                todo += [candidate.with_suffix(".py"), candidate / "__init__.py"]
        for module in _NAMED_MODULE.findall(path.read_text(encoding="utf-8")):
            target = root.joinpath(*module.split("."))  # imported by name on first use
            todo += [target.with_suffix(".py"), target / "__init__.py"]
    return sorted(seen)


def cache_key(root: Path = ROOT) -> str:
    """A hash of everything the figures depend on: the simulator's engine modules, the decks
    and card facts, this module (its plan, runs and seed) and the fit's module; the default
    models live in ``pyengine/simulate.py`` and the fitted numbers in
    ``pyengine/fitted_model.py``, both among the engine modules. Nothing is imported to make
    it."""
    digest = hashlib.sha256()
    decks = root / "decks"
    for path in [*_engine_files(root), root / "sitebuild" / "table_fit.py",
                 decks / "cards.tsv", decks / "index.json",
                 *sorted(decks / entry["path"] for entry in json.loads(
                     (decks / "index.json").read_text(encoding="utf-8"))),
                 Path(__file__).resolve()]:
        name = path.name if path == Path(__file__).resolve() else path.relative_to(
            root).as_posix()
        digest.update(name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def compute(root: Path = ROOT) -> dict[str, Any]:
    """Run the simulator for every setting of :func:`plan` (the slow path)."""
    import time

    from pyengine import files
    from pyengine.simulate import build_config, simulate

    start = time.perf_counter()
    db = files.load_card_db(root / "decks")
    reports = []
    for item in plan():
        deck = files.load_deck(item["deck"], root / "decks")
        extra = files.load_deck(item["extra"], root / "decks") if item["extra"] else None
        config = build_config(item["variant"], deck, db, item["options"], extra)
        report = simulate(item["variant"], config, runs=RUNS, seed=SEED).to_dict()
        report["turns"] = report["turns"][:SHOWN_TURNS]
        reports.append({**item, "report": report})
    from pyengine.fitted_model import FIT
    from pyengine.simulate import COMMANDER_HEAD, NOT_MODELLED, default_models

    return {"key": cache_key(root), "runs": RUNS, "seed": SEED,
            "models": {k: m.to_dict() for k, m in default_models().items()},
            "fit": FIT, "commander_head": COMMANDER_HEAD,
            "not_modelled": list(NOT_MODELLED), "reports": reports,
            "games": RUNS * len(reports), "seconds": round(time.perf_counter() - start)}


def _read(path: Path, key: str) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("key") == key else None


def committed_key() -> str | None:
    """The key the committed figures were made with (None if there are none)."""
    try:
        data = json.loads(COMMITTED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data.get("key") if isinstance(data, dict) else None


def stale_notice(key: str) -> str:
    """What the build says before it re-simulates: why, how many games, about how long."""
    try:
        old = json.loads(COMMITTED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = {}
    seconds = old.get("seconds") if isinstance(old, dict) else None
    games = RUNS * len(plan())
    took = (f"about {seconds} s (the committed figures took that long where they were made)"
            if seconds else "several minutes")
    return (f"difficulty figures: the committed figures (key {committed_key()}) do not match "
            f"the engine, the fitted model and the decks (key {key}); simulating {games} "
            f"games now, {took}. Refresh them once in the commit that changed these: "
            "python scripts/fit_table_model.py (refit and figures) or python -m "
            "sitebuild.difficulty (figures only)")


def load_figures(root: Path = ROOT, log: Any = None) -> dict[str, Any]:
    """The figures: committed file, else local cache, else computed (and cached locally); a
    computation is announced first, with the time it takes, and its time logged after."""
    key = cache_key(root)
    found = _read(COMMITTED, key) or _read(CACHE_DIR / "figures.json", key)
    if found is not None:
        return found
    if log is not None:
        log.info(stale_notice(key))
    data = compute(root)
    if log is not None:
        log.info(f"difficulty figures: {data['games']} games simulated in {data['seconds']} s")
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        (CACHE_DIR / "figures.json").write_text(json.dumps(data), encoding="utf-8")
    except OSError:
        pass
    return data


# -- goals -------------------------------------------------------------------------------------
#: Limited Horde: the band each difficulty's deck-averaged win rate must fall in: within 10
#: points of the rulebook's figure, under 10% for Nightmare (lh-2-4).
LIMITED_GOALS = {"easy": (0.60, 0.80), "normal": (0.40, 0.60), "hard": (0.20, 0.40),
                 "nightmare": (0.0, 0.10)}
#: A game should at least outlast SlingLab's first Surge (Horde turn 2 to 4) and the Swarm's
#: first waves (3 turns): the length goal of a variant that declares no length of its own.
SHORTEST = 3.0


def _order_break(easier: dict[str, Any], harder: dict[str, Any]) -> float:
    """How far (in standard errors of the difference) the harder setting's win rate lies
    above the easier one's; over 1.645 is beyond the 90% sampling error."""
    p1, n1 = easier["report"]["won"], easier["report"]["runs"]
    p2, n2 = harder["report"]["won"], harder["report"]["runs"]
    spread = (p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2) ** 0.5 or 1 / max(n1, n2)
    return (p2 - p1) / spread


def _calibration(variant: Variant, reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Goal 1 for the variant whose rulebook's playtest win rates the table model was fitted
    to (``table_fit``): each difficulty, averaged over its decks, near the rulebook's."""
    from pyengine.simulate import interval_text

    from .table_fit import TARGET_TEXT

    shows = declared(variant.id)
    mine = [i for i in reports if i["variant"] == variant.id]
    parts, met, means = [], True, {}
    for level, (low, high) in LIMITED_GOALS.items():
        items = [i for i in mine if i["options"]["difficulty"] == level]
        games = sum(i["report"]["runs"] for i in items)
        won = sum(i["report"]["won"] for i in items) / len(items)
        means[level] = won
        met = met and low <= won <= high
        parts.append(f"{level.title()} {interval_text(won, games)} (rulebook "
                     f"{TARGET_TEXT[level]})")
    spread = []
    levels = [setting["difficulty"] for setting in shows.settings()]
    for level in (levels[0], levels[-1]):
        items = sorted((i for i in mine if i["options"]["difficulty"] == level),
                       key=lambda i: i["report"]["won"])
        spread.append(f"{level.title()} runs from {_deck_title(items[0]['deck'])} "
                      f"{_pct(items[0]['report']['won'])} to {_deck_title(items[-1]['deck'])} "
                      f"{_pct(items[-1]['report']['won'])}")
    easiest, hardest = list(LIMITED_GOALS)[0], list(LIMITED_GOALS)[-1]
    if shows.setup_turns is None:
        raise BuildError(f"{variant.id}: calibrated figures need the set-up turns each "
                         "difficulty gives (Figures.setup_turns)")
    turns = shows.setup_turns({"difficulty": easiest}) - shows.setup_turns(
        {"difficulty": hardest})
    return {"goal": "Limited Horde: each difficulty within 10 points of the rulebook's win "
            "rate (Nightmare under 10%), averaged over its three decks", "met": met,
            "detail": "; ".join(parts),
            "why": "one table model meets three Horde decks that differ more than the "
            "rulebook's single table does (" + "; ".join(spread) + "), and each "
            "Preparation turn moves the model's win rate by about "
            f"{100 * (means[easiest] - means[hardest]) / turns:.0f} points "
            f"({easiest.title()} to {hardest.title()}) where the rulebook's table moves 20"}


def goals(figures: dict[str, Any]) -> list[dict[str, Any]]:
    """Each goal of the figures (issue 42): its name, whether it is met, and the figures."""
    from pyengine.simulate import Z90

    reports = figures["reports"]
    # 1. The calibrated rulebook's difficulties (Limited Horde's), averaged over its decks.
    out = [_calibration(v, reports) for v in shown() if declared(v.id).calibrated]
    # 2. Harder presets never easier beyond the sampling error, at every team size / deck.
    breaks = []
    for variant in shown():
        shows = declared(variant.id)
        for deck, _ in shows.decks:
            for settings in shows.ordered():
                row = [i for setting in settings for i in reports
                       if i["variant"] == variant.id and i["deck"] == deck
                       and i["options"] == setting]
                breaks += [(a, b) for a, b in zip(row, row[1:], strict=False)
                           if _order_break(a, b) > Z90]
    out.append({"goal": "A harder preset never comes out easier beyond the sampling error, at "
                "any team size (SlingLab) or with any deck (Limited Horde)", "met": not breaks,
                "detail": "; ".join(f"{_label(b)} {_pct(b['report']['won'])} above "
                                    f"{_label(a)} {_pct(a['report']['won'])}"
                                    for a, b in breaks) or "no setting out of order"})
    # 3. No certain outcome: no rulebook calls a setting hopeless or free.
    certain = [i for i in reports if i["report"]["won"] in (0.0, 1.0)]
    out.append({"goal": "No setting at 0% or 100% (no rulebook calls one hopeless or free)",
                "met": not certain,
                "detail": "; ".join(f"{_label(i)} {_pct(i['report']['won'])}"
                                    for i in certain) or "none",
                "why": _certain_why(certain)})
    # 4. Plausible length.
    odd = []
    for item in reports:
        length = item["report"]["expected_length"]
        shows = declared(item["variant"])
        if shows.length is not None:
            counted = shows.setup_turns(item["options"]) if shows.setup_turns else 0
            turns = (length or 0) + counted
            if not shows.length[0] <= turns <= shows.length[1]:
                odd.append(f"{_label(item)} {turns:.1f} turns"
                           + (" with Preparation" if shows.setup_turns else ""))
        elif length is None or length < SHORTEST:
            odd.append(f"{_label(item)} " + (f"{length:.1f}" if length else "no") + " turns")
    out.append({"goal": "Game length plausible: Limited Horde 8-16 turns with its Preparation "
                "turns (rulebook: aggro decks overrun by turns 9-12, a Surge ends the game in "
                "2-3 turns); elsewhere at least 3 automated turns", "met": not odd,
                "detail": "; ".join(odd) or "every setting",
                "why": "the fitted table grows slowly and mills one Horde card per 3 damage, so "
                "with many Preparation turns (Story, Easy) it survives long and ends the game "
                "late; with two (Nightmare) a Zombies game is over soon after it starts"})
    return out


#: Why a deck's settings came out at 0% or 100%, where that has been seen and understood
#: (``{low}`` and ``{high}``: the shortest and longest of those games, in automated turns).
CERTAIN_WHY = {
    "horde-knudson-zombies-2011":
        "the Zombie Horde (2011) attacks with many tokens from its first turn, and the "
        "fitted table, a Limited deck counted two turns ahead, has barely begun to block "
        "by then; against one Survivor, or Nightmare's bigger waves and Rally, it is "
        "overrun in {low:.1f} to {high:.1f} Horde turns. The SlingLab "
        "rulebook calls exile the way to make a one- or two-Survivor game fair, so one "
        "Survivor at 0% even with 40% exiled is a fault of the model (or of the assumed "
        "head start), not a rule",
}


def _certain_why(certain: list[dict[str, Any]]) -> str:
    """Why settings come out certain (the SlingLab deck's case is the one seen so far)."""
    decks = {i["deck"] for i in certain}
    if len(decks) != 1 or not decks <= set(CERTAIN_WHY):
        return ("the model's table is too weak or too strong for these settings; no rulebook "
                "gives a figure to check it against")
    lengths = [i["report"]["expected_length"] or 0 for i in certain]
    return CERTAIN_WHY[decks.pop()].format(low=min(lengths), high=max(lengths))


def _label(item: dict[str, Any]) -> str:
    """A setting in words: ``Zombies, Normal`` (a section with several decks) or ``Classic, 2
    Survivors``."""
    if len(declared(item["variant"]).decks) > 1:
        return f"{_deck_title(item['deck'])}, {_setting_label(item)}"
    survivors = item["options"].get("survivors", 1)
    return f"{_setting_label(item)}, {survivors} Survivor" + ("s" if survivors > 1 else "")


def goals_markdown(figures: dict[str, Any]) -> str:
    """The goals as a list: met or missed, and the figures behind each."""
    return "\n".join(f"- **{'Met' if g['met'] else 'Missed'}**: {g['goal']}. "
                      f"{g['detail'][:1].upper()}{g['detail'][1:]}."
                      + ("" if g["met"] or not g.get("why") else f" Why: {g['why']}.")
                      for g in goals(figures))


# -- charts ------------------------------------------------------------------------------------
#: Okabe–Ito colours (told apart with colour-blindness, readable on light and dark), with a
#: marker and a dash style each, so no line is told by colour alone.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")
MARKERS = ("o", "s", "^", "D", "v")
DASHES = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)))
THEMES = {"light": "#1f1f1f", "dark": "#e8e8e8"}


def _series(figures: dict[str, Any], variant: str, **match: Any) -> list[dict[str, Any]]:
    """The reports of ``variant`` whose options (and deck) match."""
    found = []
    for item in figures["reports"]:
        if item["variant"] != variant:
            continue
        options = {**item["options"], "deck": item["deck"]}
        if all(options.get(k) == v for k, v in match.items()):
            found.append(item)
    return found


def charts(figures: dict[str, Any]) -> list[dict[str, Any]]:
    """What each chart shows: its file name, title, the lines (label, report) and the variant
    (each variant's declared charts, :class:`pyengine.variants.Chart`)."""
    out = []
    for variant in shown():
        for chart in declared(variant.id).charts():
            lines = [(chart.line(i["options"]), i["report"])
                     for i in _series(figures, variant.id, **chart.match)]
            out.append({"variant": variant.id, "name": chart.name, "title": chart.title,
                        "lines": lines, "turn": chart.turn})
    return out


def _draw(chart: dict[str, Any], theme: str) -> str:
    """One chart as SVG text: median power attacking per turn (top) and the share of games
    the Survivors have won by each turn (bottom)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    ink = THEMES[theme]
    with matplotlib.rc_context({"svg.hashsalt": "difficulty", "svg.fonttype": "none",
                                "font.size": 11, "font.family": "sans-serif",
                                "text.color": ink, "axes.labelcolor": ink,
                                "axes.edgecolor": ink, "xtick.color": ink, "ytick.color": ink,
                                "axes.titlesize": 12, "legend.frameon": False}):
        figure = Figure(figsize=FIGSIZE, layout="constrained")
        top, bottom = figure.subplots(2, 1, sharex=True)
        for index, (label, report) in enumerate(chart["lines"]):
            turns = [t["turn"] for t in report["turns"]]
            style = {"color": COLOURS[index % 5], "marker": MARKERS[index % 5],
                     "linestyle": DASHES[index % 5], "markersize": 4, "linewidth": 1.6}
            top.plot(turns, [t["power_median"] for t in report["turns"]], label=label, **style)
            bottom.plot(turns, [100 * t["won_by"] for t in report["turns"]], **style)
        top.set_title(chart["title"])
        top.set_ylabel("Median power attacking")
        bottom.set_ylabel("Survivors have won (%)")
        bottom.set_xlabel(chart["turn"])
        bottom.set_ylim(0, 100)
        for axes in (top, bottom):
            axes.set_facecolor("none")
            axes.grid(True, alpha=0.25, color=ink)
            axes.spines[["top", "right"]].set_visible(False)
        # Below the plots, never over a line (issue 42: a legend inside covered one).
        figure.legend(loc="outside lower center", fontsize=9,
                      ncols=min(3, len(chart["lines"])))
        figure.patch.set_alpha(0)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", transparent=True,
                       metadata={"Date": None, "Creator": None})
    return compact_svg(buffer.getvalue())


def compact_svg(svg: str) -> str:
    """matplotlib's SVG without its indentation and with coordinates to a tenth of a point
    (invisible at any screen size): under half the bytes the offline copy has to store."""
    svg = re.sub(r"(\d\.\d)\d+", r"\1", svg)
    svg = re.sub(r">\s+<", "><", svg)
    return re.sub(r"\s*\n\s*", " ", svg).strip() + "\n"


def render_key(figures: dict[str, Any]) -> str:
    """The charts' cache key: the figures, this module's code and matplotlib's version (read
    from its metadata: importing matplotlib costs a second the cache is there to save)."""
    from importlib.metadata import version

    digest = hashlib.sha256(figures["key"].encode())
    digest.update(Path(__file__).read_bytes())
    digest.update(version("matplotlib").encode())
    return digest.hexdigest()[:20]


def render_charts(figures: dict[str, Any]) -> dict[str, bytes]:
    """Site path -> SVG bytes of every chart (light and dark), from the local cache when its
    key matches."""
    key = render_key(figures)
    cached = CACHE_DIR / f"charts-{key}.json"
    try:
        return {k: v.encode() for k, v in json.loads(cached.read_text("utf-8")).items()}
    except (OSError, ValueError):
        pass
    out = {}
    light, dark = THEMES["light"], THEMES["dark"]
    for chart in charts(figures):
        svg = _draw(chart, "light")
        out[f"{SITE_DIR}/{chart['name']}-light.svg"] = svg.encode()
        # The dark variant differs only in its ink: the same drawing, recoloured.
        out[f"{SITE_DIR}/{chart['name']}-dark.svg"] = svg.replace(light, dark).encode()
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        for old in CACHE_DIR.glob("charts-*.json"):
            old.unlink()
        cached.write_text(json.dumps({k: v.decode() for k, v in out.items()}), "utf-8")
    except OSError:
        pass
    return out


# -- the section ----------------------------------------------------------------------------------
def _pct(value: float) -> str:
    return f"{round(100 * value)}%"


def _setting_label(item: dict[str, Any]) -> str:
    return declared(item["variant"]).label(item["options"])


def _summary_table(items: list[dict[str, Any]]) -> str:
    """Four columns, so the table fits a phone: the setting, the Survivors' win rate with its
    90% interval and game count, the losses (and games still going), the length."""
    from pyengine.simulate import interval_text

    rows = ["| Setting | Survivors win (90% interval) of games | Lost / unfinished | Turns |",
            "|---|---|---|---|"]
    for item in items:
        report = item["report"]
        length = report["expected_length"]
        rows.append(f"| {_label(item)} | {interval_text(report['won'], report['runs'])} of "
                    f"{report['runs']} | {_pct(report['lost'])} / {_pct(report['unfinished'])} "
                    "| " + (f"{length:.1f} |" if length is not None else "— |"))
    return "\n".join(rows)


def _deck_title(deck_id: str) -> str:
    return {"horde-knudson-zombies-2011": "Zombie Horde (2011)",
            "limited-horde-zombies": "Zombies", "limited-horde-goblins": "Goblins",
            "limited-horde-eldrazi-vanguard": "Eldrazi", "swarm-sample": "Sample Swarm"}.get(
        deck_id, deck_id)


def _chart_table(chart: dict[str, Any]) -> str:
    labels = [label for label, _ in chart["lines"]]
    head = f"| {chart['turn']} | " + " | ".join(labels) + " |"
    rows = [head, "|---" * (len(labels) + 1) + "|"]
    longest = max(len(report["turns"]) for _, report in chart["lines"])
    for index in range(longest):
        cells = []
        for _, report in chart["lines"]:
            if index < len(report["turns"]):
                t = report["turns"][index]
                cells.append(f"{t['power_median']} ({t['power_p10']}–{t['power_p90']}); "
                             f"{t['cards_left_median']} left; won {_pct(t['won_by'])}, lost "
                             f"{_pct(t['lost_by'])}")
            else:
                cells.append("ended")
        rows.append(f"| {index + 1} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _model_text(variant: str, figures: dict[str, Any]) -> str:
    model = SimpleNamespace(**figures["models"][variant])
    life = declared(variant).life
    head = ("" if not model.head else
            f" A Commander deck is counted as **{model.head:g}** turns of development ahead of "
            "the Limited decks the numbers were fitted to: the Limited Horde rulebook calls "
            "Constructed decks far stronger than Limited ones and rates its strongest Limited "
            "pool 2 Preparation turns stronger; no rulebook gives a win rate for this game, so "
            "this figure is an assumption, not a measurement.")
    return (
        f"**The table model** (fitted, then an assumption for this game). Each Survivor, in "
        f"each of their turns at full strength, deals **{model.damage:g}** damage to the "
        f"automated deck and removes **{model.removal:g}** of its creatures (strongest first; "
        "removal with nothing to take, as in the set-up turns, is held for the first ones), "
        f"and blocks **{model.blocks:g}** of its attackers (strongest first) in each of its "
        f"turns, killing {model.kills:.0%} of the blocked ones. The table reaches that strength "
        f"over **{model.ramp:g}** turns of development: each turn adds "
        f"{model.damage / model.ramp:.2f} damage, {model.removal / model.ramp:.2f} removal and "
        f"{model.blocks / model.ramp:.2f} blocks, so a deck's tenth turn deals "
        f"{model.damage * min(1.0, 10 / model.ramp):.1f}. Set-up turns count towards it, and "
        f"the table does not attack in them.{head} Starting life: {life}. Not modelled: "
        + "; ".join(figures["not_modelled"]) + ". "
        f"Each setting was played **{figures['runs']}** times with the real engine (seed "
        f"`{figures['seed']}`); games still going after 30 turns count as unfinished. "
        "Run it with your own numbers: `pyengine simulate " + variant + " --damage 5 "
        "--removal 1 --blocks 2 ...`.")


def calibrated() -> str:
    """The variant whose rulebook's playtest win rates the table model was fitted to."""
    return next(v.id for v in shown() if declared(v.id).calibrated)


def _fit_text(figures: dict[str, Any]) -> str:
    """How the numbers were fitted: the script, the values, the error, the figures it hit."""
    from .table_fit import TARGET_TEXT

    fit = figures.get("fit") or {}
    if not fit:
        return "The model's numbers have not been fitted yet (run scripts/fit_table_model.py)."
    rows = ["| Difficulty | Rulebook | Fit |", "|---|---|---|"]
    for level, text in TARGET_TEXT.items():
        rows.append(f"| {level.title()} | {text} | {_pct(fit['won'][level])} |")
    return (
        "**How the numbers were fitted.** `scripts/fit_table_model.py` played every Limited "
        "Horde difficulty against the three shipped Horde decks for "
        f"{fit['grid_points']} candidate tables and kept the one whose win rates, averaged "
        "over the decks, came nearest the rulebook's playtest figures (see [[see LH 2.4]]; "
        "\"under 10%\" counted as 5%, \"over 90%\" as 95%). Fitted: a strength of "
        f"**{fit['strength']:g}** on our base table ({fit['base']['damage']:g} damage, "
        f"{fit['base']['removal']:g} removal, {fit['base']['blocks']:g} blocks) and "
        f"**{figures['models'][calibrated()]['ramp']:g}**"
        f" turns of development. The fit's error: **{fit['error_points']:.1f}** points (root "
        f"mean square over the five difficulties, {fit['games']} games a deck and "
        "difficulty). SlingLab Horde and Swarm use the same numbers per Survivor.\n\n"
        + "\n".join(rows))


def section_markdown(variant: str, figures: dict[str, Any], base: str) -> str:
    """The "Choosing a difficulty" section of ``variant``'s page; ``base`` is the relative URL
    of the site root from that page (e.g. ``../``)."""
    declared(variant)  # a BuildError for a marker naming a variant without figures
    items = [i for i in figures["reports"] if i["variant"] == variant]
    fit = "\n".join("    " + line for line in _fit_text(figures).splitlines())
    goal_list = "\n".join("    " + line for line in goals_markdown(figures).splitlines())
    parts = ['!!! note "A model, not a promise"', "    "
             + _model_text(variant, figures), "",
             "Chance of each outcome by setting. The range is the 90% interval: with "
             f"{figures['runs']} games a setting, the model's true rate lies in it nine times "
             "in ten. Turns: the mean number of automated turns of the games that ended.", "",
             '<div class="difficulty-table" markdown>', "",
             _summary_table(items), "", "</div>", "",
             '??? info "How the model was fitted"', fit, "",
             '??? info "Does the model meet its goals?"',
             "    What the figures should show, from the rulebooks, checked at every build:", "",
             goal_list, ""]
    # Fetched only when near the screen, and only the one the colour scheme shows (a lazy
    # image that is not displayed is not fetched): a reader of the rules who never scrolls to
    # the charts, or reads in one scheme, does not download the others.
    size = f"loading=lazy width={round(FIGSIZE[0] * 100)} height={round(FIGSIZE[1] * 100)}"
    for chart in charts(figures):
        if chart["variant"] != variant:
            continue
        alt = (f"{chart['title']}: median power attacking and share of games won by "
               f"{chart['turn'].lower()}; the numbers are in the table below")
        parts += [f"### {chart['title']}", "",
                  '<figure class="difficulty-chart" markdown>',
                  f"![{alt}]({base}{SITE_DIR}/{chart['name']}-light.svg){{ .chart-light {size} }}",
                  f"![{alt}]({base}{SITE_DIR}/{chart['name']}-dark.svg){{ .chart-dark {size} }}",
                  "</figure>", "",
                  "??? info \"The numbers behind this chart\"",
                  '    <div class="difficulty-table" markdown>', "",
                  "    Each cell: median power attacking (10th–90th percentile of the games "
                  "still going); cards left in the deck (median); share of all games the "
                  "Survivors had won and lost by then.", "",
                  "\n".join("    " + line for line in _chart_table(chart).splitlines()), "",
                  "    </div>", ""]
    return "\n".join(parts)


def expand(markdown: str, figures: dict[str, Any], base: str) -> str:
    """Replace a page's ``<!-- difficulty: VARIANT -->`` marker with its section."""
    return MARKER.sub(lambda m: section_markdown(m.group(1), figures, base), markdown)


def main() -> int:  # pragma: no cover - a developer's command
    """Recompute the figures and rewrite the committed file."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    data = compute(ROOT)
    COMMITTED.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{COMMITTED.relative_to(ROOT)}: key {data['key']}, {len(data['reports'])} settings")
    return 0


__all__ = ["BuildError", "cache_key", "charts", "compute", "expand", "load_figures",
           "render_charts", "section_markdown"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
