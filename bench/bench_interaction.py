"""Interaction budget of the runner pages at the table (a script, not a test).

    .venv/bin/python bench/bench_interaction.py [--site DIR] [--horde-turns 10]
        [--swarm-turns 5] [--output bench/results/interaction.json]

Builds the site (or takes a built one), serves it from a sub-path and plays, at phone size
(360x740, touch), 10 Horde turns (SlingLab rules, Classic, two Survivors) and 5 Swarm turns
(Hive Mind, two Survivors, the sample deck) through the page, the way a player taps:

* **scrolls per turn** (goal 0): each tap on a control that is not wholly on screen (below the
  site header, above the bottom edge) needs a scroll first, and so does a turn whose revealed
  cards (``data-id="wave"``) end below the screen; the script then scrolls as a player would.
* **taps per plain Horde turn** (goal at most 2): every tap from one Survivor turn to the next,
  including any the Horde's cards ask for (held spells, graveyard offers).
* **tap -> updated screen** (goal median at most 100 ms once the page is ready): from the tap
  to the next painted frame (two animation frames) after the page shows Python's answer.
  Python runs in a web worker: the click handler only sends the action and returns at once;
  assets/widget-host.js applies the view when the worker answers and then dispatches
  ``coop-magic:done`` on the document, so the time runs from the tap to the frame after that
  event. The time to the view being applied and the click handler's own time are shown
  beside it. Each tap waits until the widget is idle (no ``aria-busy`` on its root).

Prints the numbers with the goals and writes them as JSON with the date and the machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

SEED = "amber-otter-17"
GOALS = {"scrolls_per_turn": 0, "taps_per_plain_horde_turn": 2, "tap_to_update_ms": 100}

#: The browser asks to save data, so card pictures start off: the script never reaches
#: Scryfall (the runners' picture lookups come after the screen is painted in any case).
SAVE_DATA = """if (self.NetworkInformation) Object.defineProperty(NetworkInformation.prototype,
    "saveData", {configurable: true, get: () => true});"""
#: Tap a control as a player would: time from the tap to the next painted frame after the
#: worker's answer is on the page. Python answers from a worker (assets/widget-host.js): the
#: click handler returns at once, the adapter applies the view when the answer comes and then
#: dispatches ``coop-magic:done`` on the document; the frame after that is the updated screen.
#: Returns [click handler ms, view applied ms, painted ms], or null when no answer came.
TAP = """async (selector) => {
  const el = document.querySelector(selector);
  let applied = null;
  const done = new Promise((resolve) => {
    document.addEventListener("coop-magic:done", () => {
      applied = performance.now();
      resolve(true);
    }, {once: true});
  });
  const start = performance.now();
  el.click();
  const handled = performance.now();
  const answered = await Promise.race([
    done, new Promise((resolve) => setTimeout(() => resolve(false), 60000))]);
  if (!answered) return null;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return [handled - start, applied - start, performance.now() - start];
}"""
#: No action of the widget is in flight (the adapter sets aria-busy on its root meanwhile).
IDLE = "(name) => document.querySelector(`[data-widget=${name}]`).getAttribute('aria-busy') " \
    "!== 'true'"
#: Is the element wholly on screen: below the site header and above the bottom edge?
ON_SCREEN = """(selector) => {
  const el = document.querySelector(selector);
  if (!el || !el.getClientRects().length) return null;
  const head = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const r = el.getBoundingClientRect();
  return r.top >= head - 0.5 && r.bottom <= innerHeight + 0.5;
}"""


class Player:
    """Taps through a runner page and counts scrolls, taps and times."""

    def __init__(self, page, widget: str) -> None:
        self.page, self.widget = page, widget
        self.scrolls = 0
        self.scrolled_for: list[str] = []
        self.taps = 0
        self.handler_ms: list[float] = []
        self.applied_ms: list[float] = []
        self.update_ms: list[float] = []

    def visible(self, selector: str) -> bool:
        return bool(self.page.locator(selector).first.is_visible())

    def look_at(self, selector: str) -> None:
        """A player reads this element: a scroll if it is not wholly on screen."""
        shown = self.page.evaluate(ON_SCREEN, selector)
        if shown is False:
            self.scrolls += 1
            self.scrolled_for.append(f"to read {selector}")
            self.page.evaluate("(s) => document.querySelector(s).scrollIntoView({block: 'end'})",
                               selector)

    def tap(self, selector: str) -> None:
        full = f"[data-widget={self.widget}] {selector}"
        shown = self.page.evaluate(ON_SCREEN, full)
        if shown is None:
            raise RuntimeError(f"{full} is not on the page")
        if not shown:
            self.scrolls += 1
            self.scrolled_for.append(f"to tap {selector}")
            self.page.evaluate("(s) => document.querySelector(s).scrollIntoView({block: 'center'})",
                               full)
        # A tap while an earlier answer (e.g. a lookup's) is still coming would be timed
        # behind it: wait until the widget is idle.
        self.page.wait_for_function(IDLE, arg=self.widget, timeout=bench_site.TIMEOUT_MS)
        timing = self.page.evaluate(TAP, full)
        if timing is None:
            raise RuntimeError(f"no answer from the worker within 60 s after tapping {full}")
        handled, applied, updated = timing
        self.taps += 1
        self.handler_ms.append(handled)
        self.applied_ms.append(applied)
        self.update_ms.append(updated)

    def run(self, per_turn: list[dict]) -> dict:
        """A played game: per-turn scrolls and taps, and the timings of every tap."""
        return {"turns": per_turn, "handler_ms": self.handler_ms,
                "applied_ms": self.applied_ms, "update_ms": self.update_ms,
                "scrolled_for": self.scrolled_for}


def new_game(page, base: str, name: str) -> Player:
    """Open the ``name`` play page, set two Survivors and the seed, start a game."""
    page.goto(base + f"play/{name}.html")
    page.wait_for_selector(f"[data-widget={name}][data-ready=true]",
                           timeout=bench_site.TIMEOUT_MS)
    page.select_option("[data-field=survivors]", "2")
    page.fill("[data-field=seed]", SEED)
    player = Player(page, name)
    player.tap("[data-action=new]")
    return player


def play_horde(page, base: str, turns: int) -> dict:
    player = new_game(page, base, "horde")
    while not player.visible("[data-id=horde-end]"):  # the set-up turns
        player.tap("[data-action=survivor-end]")
    per_turn = []
    for _ in range(turns):
        scrolls, taps = player.scrolls, player.taps
        if not player.visible("[data-id=horde-end]"):
            player.tap("[data-action=survivor-end]")
        player.look_at("[data-widget=horde] [data-id=wave-box]")
        for kind in ("offers", "stack"):
            while player.visible(f"[data-id={kind}] .item-button"):
                player.tap(f"[data-id={kind}] .item-button")
        player.tap("[data-action=horde-end]")
        per_turn.append({"scrolls": player.scrolls - scrolls, "taps": player.taps - taps})
        if player.visible("[data-id=loss-banner]") or player.visible("[data-id=win-banner]"):
            break
    return player.run(per_turn)


def play_swarm(page, base: str, turns: int) -> dict:
    player = new_game(page, base, "swarm")
    per_turn = []
    for _ in range(turns):
        scrolls, taps = player.scrolls, player.taps
        player.tap("[data-action=turn]")
        player.look_at("[data-widget=swarm] [data-id=wave-box]")
        player.tap("[data-action=combat]")
        player.look_at("[data-widget=swarm] [data-id=attack]")
        player.tap("[data-action=end]")
        per_turn.append({"scrolls": player.scrolls - scrolls, "taps": player.taps - taps})
        if player.visible("[data-id=win]") or player.visible("[data-id=loss]"):
            break
    return player.run(per_turn)


def summary(run: dict) -> dict:
    turns = run["turns"]
    return {
        "turns": len(turns),
        "scrolls_per_turn": round(sum(t["scrolls"] for t in turns) / max(1, len(turns)), 2),
        "most_scrolls_in_a_turn": max((t["scrolls"] for t in turns), default=0),
        "taps_per_turn_median": bench_site.median([t["taps"] for t in turns]),
        "taps_per_turn_max": max((t["taps"] for t in turns), default=0),
        "tap_to_update_ms_median": round(bench_site.median(run["update_ms"]), 1),
        "tap_to_update_ms_max": round(max(run["update_ms"], default=float("nan")), 1),
        "handler_ms_median": round(bench_site.median(run["handler_ms"]), 1),
        "view_applied_ms_median": round(bench_site.median(run["applied_ms"]), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--horde-turns", type=int, default=10)
    parser.add_argument("--swarm-turns", type=int, default=5)
    parser.add_argument("--output", type=Path,
                        default=bench_site.RESULTS / "interaction.json")
    args = parser.parse_args(argv)

    report = bench_site.new_results(goals=GOALS, viewport="360x740, touch, device scale 2")
    with tempfile.TemporaryDirectory(prefix="bench-interaction-") as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site, announce=False)
        with bench_site.served_chromium(site) as (browser, base):
            for name, play, turns in (("horde", play_horde, args.horde_turns),
                                      ("swarm", play_swarm, args.swarm_turns)):
                context = browser.new_context(
                    viewport={"width": 360, "height": 740}, device_scale_factor=2,
                    is_mobile=True, has_touch=True, service_workers="block")
                context.add_init_script(SAVE_DATA)
                run = play(context.new_page(), base, turns)
                context.close()
                report[name] = {**summary(run), "per_turn": run["turns"],
                                "scrolled_for": run["scrolled_for"]}
    horde, swarm = report["horde"], report["swarm"]
    print(f"{'':<34}{'Horde':>10}{'Swarm':>10}   goal")
    rows = [("turns played", "turns", ""),
            ("scrolls per turn", "scrolls_per_turn", "0"),
            ("most scrolls in one turn", "most_scrolls_in_a_turn", "0"),
            ("taps per turn (median)", "taps_per_turn_median", "≤ 2 (Horde)"),
            ("taps per turn (most)", "taps_per_turn_max", ""),
            ("tap → updated screen, ms (median)", "tap_to_update_ms_median", "≤ 100"),
            ("tap → updated screen, ms (max)", "tap_to_update_ms_max", ""),
            ("  view applied, ms (median)", "view_applied_ms_median", ""),
            ("click handler, ms (median)", "handler_ms_median", "")]
    for label, key, goal in rows:
        print(f"{label:<34}{horde[key]!s:>10}{swarm[key]!s:>10}   {goal}")
    met = (horde["scrolls_per_turn"] == 0 and swarm["scrolls_per_turn"] == 0
           and horde["taps_per_turn_median"] <= GOALS["taps_per_plain_horde_turn"]
           and max(horde["tap_to_update_ms_median"], swarm["tap_to_update_ms_median"])
           <= GOALS["tap_to_update_ms"])
    for name in ("horde", "swarm"):
        for reason in report[name]["scrolled_for"]:
            print(f"{name}: a scroll {reason}")
    report["goals_met"] = met
    print("every goal met" if met else "a goal was missed (see above)")
    bench_site.mark_end(report)
    print(bench_site.load_note(report, "shared machine: times are noisy"))
    bench_site.write_results(report, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
