"""Live table (issue 44): action -> follower's screen over WebRTC (a script, not a test).

    .venv/bin/python bench/bench_live_table.py [--site DIR] [--taps 30] [--followers 6]
        [--output bench/results/live_table.json]

Builds the site (or takes a built one), serves it on 127.0.0.1 and opens the Swarm runner in
phone-size browser contexts of one Chromium: the game's phone starts a game, the others (six
by default: a full table) pair with it by the text codes (no ICE servers: the contexts' own
host addresses, as phones on one Wi-Fi) and follow it. Then, one at a time, each waiting for
the last:

* **game's phone's tap -> follower's screen** (goal: median under 150 ms): "Life −1" tapped on
  the game's phone; the time runs from the tap to each follower's next painted frame (two
  animation frames) after it applied the view (``coop-magic:live-shown``): the median over
  every follower's screen, and the median over taps of the last follower's. The pages share
  one clock (``performance.timeOrigin + performance.now()``, one browser on one machine).
* **follower's tap -> its own screen**: "Life +1" tapped on the first following phone (so the
  life stays where it started, whatever the number of taps): sent to the game's phone, applied
  by its worker, sent back and painted (one page's clock).

Also records the join and answer codes' lengths (characters: what a QR code carries). Prints
the medians with the goal and the machine's load, and writes them as JSON with the date and the
machine (the load is noted at the start and the end: the machine is shared).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

GOALS = {"action_to_follower_ms_median": 150}
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "service_workers": "block"}
SAVE_DATA = """if (self.NetworkInformation) Object.defineProperty(NetworkInformation.prototype,
    "saveData", {configurable: true, get: () => true});"""
#: On the follower: each view applied, then painted (two frames), recorded on the shared clock.
WATCH = """() => {
  window.__shown = [];
  document.addEventListener("coop-magic:live-shown", () => {
    requestAnimationFrame(() => requestAnimationFrame(() =>
      window.__shown.push(performance.timeOrigin + performance.now())));
  });
}"""
#: Tap `selector` and return the shared clock's time of the tap.
TAP = """(selector) => {
  const now = performance.timeOrigin + performance.now();
  document.querySelector(selector).click();
  return now;
}"""
CODE = "() => { const el = document.querySelector('[data-live=code]'); " \
    "return el && el.value.length > 10 ? el.value : null; }"


def ready(page, base: str) -> None:
    page.goto(base + "play/swarm.html")
    page.wait_for_selector("[data-widget=swarm][data-ready=true]", timeout=bench_site.TIMEOUT_MS)


def code(page) -> str:
    return page.wait_for_function(CODE, timeout=bench_site.TIMEOUT_MS).json_value()


def pair(host, follower, name: str) -> dict:
    if host.get_attribute("[data-live=panel]", "open") is None:
        host.click("[data-live=panel] > summary")
    host.evaluate("() => { document.querySelector('[data-live=code]').value = ''; }")
    host.click("[data-live=open]")
    join = code(host)
    follower.click("[data-live=panel] > summary")
    follower.fill("[data-live=name]", name)
    follower.fill("[data-live=join-code]", join)
    follower.click("[data-live=join-button]")
    answer = code(follower)
    host.fill("[data-live=answer]", answer)
    host.click("[data-live=connect]")
    follower.wait_for_selector("[data-live=panel][data-live-state=following]",
                               timeout=bench_site.TIMEOUT_MS)
    return {"join_code_chars": len(join), "answer_code_chars": len(answer)}


def shown_after(follower, count: int) -> float:
    follower.wait_for_function(f"() => window.__shown.length > {count}",
                               timeout=bench_site.TIMEOUT_MS)
    return follower.evaluate(f"() => window.__shown[{count}]")


def counts(pages: list) -> list[int]:
    return [page.evaluate("() => window.__shown.length") for page in pages]


def measure(host, followers: list, taps: int) -> dict:
    for follower in followers:
        follower.evaluate(WATCH)
    first = followers[0]
    host_taps, slowest, follower_taps = [], [], []
    for _ in range(taps):
        seen = counts(followers)
        start = host.evaluate(TAP, "[data-widget=swarm] [data-action=life-down]")
        times = [shown_after(follower, n) - start
                 for follower, n in zip(followers, seen, strict=True)]
        host_taps.extend(times)
        slowest.append(max(times))
        seen = counts(followers)
        start = first.evaluate(TAP, "[data-widget=swarm] [data-action=life-up]")
        follower_taps.append(shown_after(first, seen[0]) - start)
        for follower, n in zip(followers[1:], seen[1:], strict=True):
            shown_after(follower, n)  # every phone has shown it before the next tap
    return {"taps": taps, "followers": len(followers),
            "action_to_follower_ms_median": round(bench_site.median(host_taps), 1),
            "action_to_follower_ms_max": round(max(host_taps), 1),
            "action_to_last_follower_ms_median": round(bench_site.median(slowest), 1),
            "follower_tap_to_own_screen_ms_median": round(bench_site.median(follower_taps), 1),
            "follower_tap_to_own_screen_ms_max": round(max(follower_taps), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=30, runs_help="taps of each kind")
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--followers", type=int, default=6, choices=range(1, 7))
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "live_table.json")
    args = parser.parse_args(argv)
    report = bench_site.new_results(goals=GOALS, viewport="360x740, touch, device scale 2",
                                    page="play/swarm.html (Hive Mind, the sample deck)")
    with tempfile.TemporaryDirectory(prefix="bench-live-") as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site)
        with bench_site.served_chromium(site) as (browser, base):
            contexts = [browser.new_context(**PHONE) for _ in range(1 + args.followers)]
            for context in contexts:
                context.add_init_script(SAVE_DATA)
            host, *followers = (context.new_page() for context in contexts)
            ready(host, base)
            host.click("[data-action=new]")
            host.wait_for_selector("[data-widget=swarm]:not([aria-busy=true]) [data-id=life]",
                                   timeout=bench_site.TIMEOUT_MS)
            for n, follower in enumerate(followers, start=1):
                ready(follower, base)
                report.update(pair(host, follower, f"Player {n}"))
            report.update(measure(host, followers, args.taps))
            for context in contexts:
                context.close()
    met = report["action_to_follower_ms_median"] < GOALS["action_to_follower_ms_median"]
    report["goals_met"] = met
    bench_site.mark_end(report)
    print(f"join code {report['join_code_chars']} characters, answer code "
          f"{report['answer_code_chars']}")
    print(f"game's phone's tap -> a follower's screen ({report['followers']} following): "
          f"median {report['action_to_follower_ms_median']} ms (max "
          f"{report['action_to_follower_ms_max']}), goal under "
          f"{GOALS['action_to_follower_ms_median']} ms: {'met' if met else 'MISSED'}; "
          f"the last of them: median {report['action_to_last_follower_ms_median']} ms")
    print(f"follower's tap -> its own screen (through the game's phone): median "
          f"{report['follower_tap_to_own_screen_ms_median']} ms (max "
          f"{report['follower_tap_to_own_screen_ms_max']})")
    print(bench_site.load_note(report, "shared machine: times are noisy"))
    bench_site.write_results(report, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
