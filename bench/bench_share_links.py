"""How long opening a share link takes, up to the largest a page accepts
(pyengine.widgets.runner.MAX_SHARE_ACTIONS actions, MAX_SHARE_BYTES inflated).

A link replays its actions, so its cost grows with the number of actions. This script builds
valid links of life-total changes (an action every game accepts at any time) for the Horde and
Swarm runners and times :meth:`pyengine.widgets.saves.Session.start` on them in CPython, the way
the page opens a link. The page's goal is under 2 s in the browser for the largest allowed
link; Pyodide runs this code about 2-3x slower than CPython (bench_site.py measures the ratio).

    .venv/bin/python bench/bench_share_links.py            # 100, 1000 and the limit
    .venv/bin/python bench/bench_share_links.py --quick    # 100 actions only
    .venv/bin/python bench/bench_share_links.py --browser  # also the real pages in Chromium

With ``--browser`` it builds the site and opens each runner page in Chromium twice per round,
with empty storage: once plain and once with the largest allowed link in its address. The
difference of the two times to ready (the page's ``data-ready``) is what opening the link
costs in the browser, Pyodide included (goal: under 2 s).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pyengine import files  # noqa: E402
from pyengine.widgets import Env, horde, runner, swarm  # noqa: E402
from pyengine.widgets.saves import MemoryStorage, Session  # noqa: E402

SEED = "amber-otter-17"


def env(url_hash: str = "") -> Env:
    index = files.load_deck_index()
    paths = {entry["id"]: entry["path"] for entry in index}
    root = files.data_root()
    return Env(decks=index, entropy=lambda: 1, url_hash=url_hash,
               read_deck=lambda deck_id: (root / paths[deck_id]).read_text(encoding="utf-8"),
               read_data=lambda path: (root / path).read_text(encoding="utf-8"))


def link(name: str, actions: int) -> str:
    module = {"horde": horde, "swarm": swarm}[name]
    widget = module.Widget(env())
    widget.start(None)
    form = {"seed": SEED} if name == "horde" else {"deck": "sample", "seed": SEED}
    assert widget.handle("new", form).error == ""
    data = widget.share_data()
    key = "change" if name == "horde" else "amount"
    data["a"] = [{"type": "life", key: 1 if i % 2 else -1} for i in range(actions)]
    return runner.encode_share(module.HASH_PREFIX, data)


def main() -> None:
    sizes = [100] if "--quick" in sys.argv else [100, 1000, runner.MAX_SHARE_ACTIONS]
    print(f"limits: {runner.MAX_SHARE_ACTIONS} actions, {runner.MAX_SHARE_BYTES // 1024} KB "
          "inflated")
    for name in ("horde", "swarm"):
        module = {"horde": horde, "swarm": swarm}[name]
        for size in sizes:
            text = link(name, size)
            start = time.perf_counter()
            session = Session(name, module, env(text), MemoryStorage())
            view = session.start()
            took = time.perf_counter() - start
            opened = len(session.widget.game.actions) if session.widget.game else 0
            assert opened == size, (name, size, view.error)
            per = took / size * 1000
            print(f"{name:6} {size:5} actions, link {len(text):6} chars: {took:6.2f} s "
                  f"({per:.2f} ms/action; at the limit ~{per * runner.MAX_SHARE_ACTIONS / 1000:.1f}"
                  " s in CPython)")


def browser_run(rounds: int = 3) -> None:
    """Time to ready of each runner page with and without the largest allowed link."""
    import bench_site
    print(f"opening a link of {runner.MAX_SHARE_ACTIONS} actions in Chromium (goal < 2 s):")
    with tempfile.TemporaryDirectory(prefix="bench-links-") as tmp:
        site = Path(tmp) / "site"
        bench_site.mkdocs_build(None, site, Path(__file__).resolve().parents[1])
        with bench_site.served_chromium(site) as (browser, base):
            for name in ("horde", "swarm"):
                url = base + bench_site.url_of(site, bench_site.page_file(site,
                                                                         f"play/{name}"))
                text = link(name, runner.MAX_SHARE_ACTIONS)
                times: dict[str, list[float]] = {"plain": [], "link": []}
                for _ in range(rounds):
                    for kind, target in (("plain", url), ("link", f"{url}#{text}")):
                        context = bench_site.new_context(browser, service_worker=False)
                        page = context.new_page()
                        page.goto(target)
                        times[kind].append(bench_site.ready_ms(page))
                        if kind == "link":
                            note = page.locator(f"[data-widget={name}] "
                                                "[data-id=saves-note]").inner_text()
                            assert "shared game" in note, note
                        context.close()
                plain = statistics.median(times["plain"])
                linked = statistics.median(times["link"])
                print(f"{name:6} ready {plain:6.0f} ms plain, {linked:6.0f} ms with the "
                      f"link: opening it costs {(linked - plain) / 1000:.2f} s "
                      f"(median of {rounds})")


if __name__ == "__main__":
    main()
    if "--browser" in sys.argv:
        browser_run()
