"""How long opening a share link takes, up to the largest a page accepts
(pyengine.widgets.runner.MAX_SHARE_ACTIONS actions, MAX_SHARE_BYTES inflated).

A link replays its actions, so its cost grows with the number of actions. This script builds
valid links of life-total changes (an action every game accepts at any time) for the Horde and
Swarm runners and times :meth:`pyengine.widgets.saves.Session.start` on them in CPython, the way
the page opens a link. The page's goal is under 2 s in the browser for the largest allowed
link; Pyodide runs this code about 2-3x slower than CPython (bench_site.py measures the ratio).

    .venv/bin/python bench/bench_share_links.py            # 100, 1000 and the limit
    .venv/bin/python bench/bench_share_links.py --quick    # 100 actions only
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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


if __name__ == "__main__":
    main()
