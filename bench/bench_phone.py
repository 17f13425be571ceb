"""Play pages on a phone profile, and the saved game before Python (a script, not a test).

    .venv/bin/python bench/bench_phone.py [--runs 3] [--site DIR] [--desktop-only]

Issue 17, points 3 and 7. In one run, against one build of the site (served from a sub-path
on 127.0.0.1, in headless Chromium), it measures:

* phone profile: a 360x740 touch screen, the CPU slowed 4x (DevTools' CPU throttling) and a
  mobile network (DevTools' "Fast 4G": 150 ms round trip, 9 Mbit/s down, 1.5 Mbit/s up) —
  cold ready (fresh context, no service worker) and repeat ready (reload once the service
  worker keeps the runtime) of the Swarm runner (Python in a web worker), each as a ratio
  against the bare PyScript page (bench_site.py's copy of a play page whose Python, on the
  page's main thread, only marks itself ready) and the bare PyScript worker page (the same
  with a worker started as the play pages start theirs) in the same run. DevTools' CPU
  throttling slows the page's thread only, not a web worker (measured: the bare worker page
  was ready in about the same time at 1x and 4x, the bare main-thread page took 2.6 times
  longer): since Python runs in a worker, the profile slows the play page's own work but not
  Python's start, so the ratio against the bare *worker* page is the fair one;
* saved game before Python: on a repeat visit to the Swarm runner with a saved game, the time
  from navigation to the saved view on screen (the ``widget-saved-view:swarm`` mark) against
  the time to ready (goals: <= 300 ms, ratio <= 0.15), on the desktop and the phone profile.

Each figure is the median of ``--runs``. The machine is shared (2 cores for several people):
absolute times are noisy; the ratios within one run are what to compare. Results go to
bench/results/phone.json.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_site  # noqa: E402

GOALS = {"saved_view_ms": 300, "saved_view_vs_ready": 0.15}


def cold(browser, url: str, *, phone: bool) -> float:
    context = bench_site.context_for(browser, phone=phone, service_worker=False)
    try:
        page = context.new_page()
        bench_site.throttle(context, page, phone=phone)
        page.goto(url, timeout=bench_site.TIMEOUT_MS)
        return bench_site.ready_ms(page)
    finally:
        context.close()


def repeat(browser, play: str, bares: dict[str, str], *, phone: bool) -> dict[str, float]:
    """One context: the play page until the runtime is kept, two reloads, then each bare page
    twice. Each page's repeat ready is its second load from the kept runtime: the first load
    after the runtime is kept is about as slow as a cold one for every page, the bare ones
    included (measured on 1 December 2026), so all pages are compared at their second."""
    with bench_site.kept_page(browser, play, phone=phone) as page:
        page.reload(timeout=bench_site.TIMEOUT_MS)
        bench_site.ready_ms(page)
        page.reload(timeout=bench_site.TIMEOUT_MS)
        times = {"play": bench_site.ready_ms(page)}
        for name, bare in bares.items():
            page.goto(bare, timeout=bench_site.TIMEOUT_MS)
            bench_site.ready_ms(page)
            page.reload(timeout=bench_site.TIMEOUT_MS)
            times[name] = bench_site.ready_ms(page)
        return times


def prepare(site: Path) -> dict[str, str]:
    bench_site.install_hosts(site)
    shuffler = bench_site.page_file(site, "play/shuffler")
    text = shuffler.read_text(encoding="utf-8")
    config = bench_site.play_config(text)
    bare = bench_site.with_python(text, bench_site.bare_config(config),
                                  bench_site.BARE_PYTHON)
    (shuffler.parent / "bench-bare.html").write_text(bare, encoding="utf-8")
    (shuffler.parent / "bench-bare-worker.py").write_text(bench_site.BARE_WORKER_PYTHON,
                                                          encoding="utf-8")
    (shuffler.parent / "bench-bare-worker.html").write_text(
        bench_site.with_worker(text, bench_site.bare_config(config),
                               "./bench-bare-worker.py"), encoding="utf-8")
    return {"bare": bench_site.url_of(site, shuffler.parent / "bench-bare.html"),
            "bare_worker": bench_site.url_of(site, shuffler.parent / "bench-bare-worker.html"),
            "swarm": bench_site.url_of(site, bench_site.page_file(site, "play/swarm"))}


def median_of(rows: list[dict[str, float]]) -> dict[str, float]:
    return {key: bench_site.median([row[key] for row in rows]) for key in rows[0]}


def measure(browser, base: str, urls: dict[str, str], runs: int, desktop_only: bool) -> dict:
    play = base + urls["swarm"]
    bares = {"bare": base + urls["bare"], "bare_worker": base + urls["bare_worker"]}
    cold(browser, play, phone=False)  # warm the server's and the OS's caches, untimed
    results: dict = {}
    for profile in ("desktop",) if desktop_only else ("desktop", "phone"):
        phone = profile == "phone"
        print(f"{profile}: saved view vs ready…", flush=True)
        rows = [bench_site.saved_view(browser, play, phone=phone) for _ in range(runs)]
        views = median_of(rows)
        views["ratio"] = bench_site.ratio(views["saved_view"], views["ready"])
        views["saved_view_runs"] = [round(row["saved_view"]) for row in rows]
        results[profile] = {"saved_view": views}
        if not phone:
            continue
        print("phone: cold and repeat ready vs the bare page…", flush=True)
        colds = {name: bench_site.median([cold(browser, url, phone=True)
                                          for _ in range(runs)])
                 for name, url in {"play": play, **bares}.items()}
        repeats = median_of([repeat(browser, play, bares, phone=True) for _ in range(runs)])
        for row in (colds, repeats):
            row["ratio"] = bench_site.ratio(row["play"], row["bare"])
            row["ratio_worker"] = bench_site.ratio(row["play"], row["bare_worker"])
        results["phone"].update(cold=colds, repeat=repeats)
    return results


def print_summary(results: dict) -> None:
    print(f"\nmachine: {results['machine']['cpu']}, {results['machine']['cores']} cores, load "
          f"{results['machine']['load_average_1min']} -> "
          f"{results['machine'].get('load_average_1min_end')} (shared: absolute ms are noisy)")
    for profile in ("desktop", "phone"):
        if profile not in results:
            continue
        views = results[profile]["saved_view"]
        verdict = "ok" if (views["saved_view"] <= GOALS["saved_view_ms"] and
                           views["ratio"] <= GOALS["saved_view_vs_ready"]) else "MISSED"
        print(f"{profile}: saved game shown at {views['saved_view']:.0f} ms (first paint "
              f"{views['first_paint']:.0f} ms), ready at "
              f"{views['ready']:.0f} ms: ratio {views['ratio']:.3f} (goals <= 300 ms, <= 0.15) "
              f"{verdict}")
        if "saved_view_runs" in views:
            print(f"{profile}: saved game shown per run (ms): {views['saved_view_runs']}")
    phone = results.get("phone", {})
    for key in ("cold", "repeat"):
        if key in phone:
            row = phone[key]
            print(f"phone {key} ready: Swarm runner {row['play']:.0f} ms, bare PyScript page "
                  f"{row['bare']:.0f} ms: ratio {row['ratio']:.3f}; bare PyScript worker page "
                  f"{row['bare_worker']:.0f} ms: ratio {row['ratio_worker']:.3f}")
    if phone:
        print("(the CPU slowdown applies to the page's thread, not to a web worker: the ratio "
              "against the bare worker page is the fair one)")


def main(argv: list[str] | None = None) -> int:
    parser = bench_site.site_parser(__doc__, runs=3, runs_help="loads per figure (median)")
    parser.add_argument("--desktop-only", action="store_true", help="skip the phone profile")
    parser.add_argument("--output", type=Path, default=bench_site.RESULTS / "phone.json")
    args = parser.parse_args(argv)

    results = bench_site.new_results(
        runs=args.runs, goals=GOALS,
        phone_profile={"cpu_slowdown": bench_site.CPU_SLOWDOWN,
                       "network": bench_site.PHONE_NETWORK, **bench_site.PHONE})
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp:
        site = Path(tmp) / "site"
        bench_site.copy_or_build(args.site, site)
        urls = prepare(site)
        with bench_site.served_chromium(site) as (browser, base):
            results["browser"] = f"Chromium {browser.version}"
            results.update(measure(browser, base, urls, args.runs, args.desktop_only))
    return bench_site.finish(results, args.output, print_summary)


if __name__ == "__main__":
    sys.exit(main())
