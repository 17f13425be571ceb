"""The runners' views, recorded (issue 45, point 4; not a test module): seeded walks through the
Horde (SlingLab and Limited 2.1) and Swarm runners, driven through the worker's message
interface (:class:`pyengine.widgets.host.Host`, what ``widget-host.js`` talks to), every
answer (the view as the page gets it, the storage writes) hashed; then the page reloaded from
its save and opened from its share link. ``tests/test_widgets_runner_views.py`` holds the
hashes against ``tests/data/runner_views_golden.json``: a refactor of the runners must leave
every view byte-equal.

``python -m tests.runner_views`` writes the golden file again (only when a view is meant to
change: say why in the commit); ``python -m tests.runner_views DIR`` writes every answer as
JSON under ``DIR`` (one file a walk) to diff two versions.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from pyengine.widgets import horde, swarm
from pyengine.widgets.host import Host
from tests.helpers import CARD_DATA, runner_env

GOLDEN = Path(__file__).resolve().parent / "data" / "runner_views_golden.json"

#: The page buttons a walk taps (what the play pages' ``data-action`` buttons send; the QR code,
#: "How hard is this?", import and the own-deck buttons are left to their own tests).
HORDE_BUTTONS = (
    "survivor-end", "horde-end", "hit", "gain", "life-down", "life-up", "roll-survivor",
    "roll-creature", "destroy", "exile", "bounce", "to-top", "tap", "untap-one", "counter",
    "gain-control", "return-control", "destroy-all-but", "close-panel", "hunt", "destroy-all",
    "tap-all", "untap-all", "choose-several", "destroy-marked", "draw", "discard", "end-step",
    "look-hand", "end-look", "confirm-victory", "target", "token", "undo", "export",
    "show-setup", "hide-setup", "reset", "reset-no", "reset-yes", "follow-offers")
SWARM_BUTTONS = (
    "turn", "next-survivor", "swarm-step", "combat", "second-main", "end", "survivor-attack",
    "graveyard-blocker", "survivor-blocked", "damage", "lose-life", "poison", "mill", "gain",
    "life-down", "life-up", "survivor-poison", "deck-out", "cast", "discard", "draw", "token",
    "activate", "dies", "destroy", "exile", "bounce", "to-top", "to-bottom", "counter",
    "gain-control", "return-control", "destroy-all-but", "close-panel", "destroy-all",
    "tap-all", "untap-all", "choose-several", "destroy-marked", "reckoning-resolve", "undo",
    "export", "show-setup", "reset", "reset-no", "reset-yes")
#: Turn buttons, tapped more often so that the games move on.
TURNS = {"survivor-end", "horde-end", "turn", "swarm-step", "next-survivor", "end",
         "second-main", "combat"}

#: The walks: (name, widget module, the set-up form, buttons, steps).
WALKS: list[tuple[str, Any, dict[str, str], tuple[str, ...], int]] = [
    ("slinglab-classic", horde, {"variant": "horde", "survivors": "2",
                                 "seed": "amber-otter-17"}, HORDE_BUTTONS, 70),
    ("slinglab-stack", horde, {"variant": "horde", "survivors": "1",
                               "difficulty": "custom", "seed": "quiet-heron-3"},
     HORDE_BUTTONS, 50),
    ("limited-zombies", horde, {"variant": "limited-horde", "survivors": "2",
                                "lh-deck": "zombies", "seed": "amber-otter-17"},
     HORDE_BUTTONS, 70),
    ("swarm-hive", swarm, {"mode": "hive", "survivors": "2", "deck": "sample",
                           "seed": "amber-otter-17"}, SWARM_BUTTONS, 80),
    ("swarm-overlord", swarm, {"mode": "overlord", "survivors": "1", "deck": "sample",
                               "seed": "brisk-lynx-4"}, SWARM_BUTTONS, 60),
]


def _digest(answer: Any) -> str:
    text = json.dumps(answer, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _host(module: Any, slots: dict[str, str] | None = None, url_hash: str = "") -> Host:
    env = runner_env(url_hash)
    env.read_data = CARD_DATA.__getitem__  # the shipped card facts
    return Host("runner", module, env, slots)


def walk(name: str, module: Any, setup: dict[str, str], buttons: tuple[str, ...],
         steps: int) -> list[Any]:
    """Every answer of one seeded walk: start, Start with ``setup``, ``steps`` taps (a button
    or an item of a list the view shows, with a random amount and, for the Swarm, a card of its
    menus), then the page reloaded from its save and opened from its share link."""
    rng = random.Random(name)
    page = _host(module)
    answers: list[Any] = [page.answer_start()]
    slots: dict[str, str] = {}

    def tap(action: str, form: dict[str, str]) -> None:
        answer = page.answer(action, {**form, "_view": str(page.version)})
        for slot, value in answer["writes"].items():
            if value is None:
                slots.pop(slot, None)
            else:
                slots[slot] = value
        answers.append(answer)

    tap("new", setup)
    view = answers[-1]["view"]
    widget: Any = page.widget
    for _ in range(steps):
        if widget.game is None:
            tap("new", setup)
            view = answers[-1]["view"]
            continue
        form: dict[str, str] = {"amount": str(rng.randint(1, 3))}
        for menu in ("card", "hand-card"):
            options = [v for v, _label in view.get("options", {}).get(menu, []) if v]
            if options:
                form[menu] = rng.choice(options)
        lists = view.get("lists", {})  # by name: the order the runner fills them is free
        items = [(item["action"], item["value"]) for key in sorted(lists)
                 for item in lists[key] if item.get("action") and item.get("value")]
        roll = rng.random()
        if items and roll < 0.35:
            action, value = rng.choice(items)
            form["_item"] = value
        elif roll < 0.6:  # a turn button the page shows now
            hidden = view.get("hidden", {})
            shown = [a for a in sorted(TURNS & set(buttons))
                     if hidden.get(a, hidden.get(f"do-{a}")) is False]
            action = rng.choice(shown or sorted(TURNS & set(buttons)))
        else:
            action = rng.choice(buttons)
        if action == "roll-creature":
            form["creatures"] = "Bear, Elf"
        if action == "combat" and rng.random() < 0.5:  # a planeswalker attacked (sw-9-2)
            form["targets"] = "Jace"
        if action == "token" and rng.random() < 0.5:
            form["token"] = "Spirit"
        tap(action, form)
        if answers[-1]["view"]:
            view = answers[-1]["view"]
    reloaded = _host(module, dict(slots))
    answers.append(reloaded.answer_start())
    link = answers[-2]["view"].get("url_hash") or widget.share_hash()
    if link:
        answers.append(_host(module, url_hash=link).answer_start())
    return answers


def digests() -> dict[str, list[str]]:
    """Each walk's answers, hashed."""
    return {name: [_digest(answer) for answer in walk(name, module, setup, buttons, steps)]
            for name, module, setup, buttons, steps in WALKS}


def main(argv: list[str]) -> None:
    if argv:
        out = Path(argv[0])
        out.mkdir(parents=True, exist_ok=True)
        for name, module, setup, buttons, steps in WALKS:
            (out / f"{name}.json").write_text(json.dumps(
                walk(name, module, setup, buttons, steps), sort_keys=True, indent=1,
                ensure_ascii=False), encoding="utf-8")
        return
    GOLDEN.write_text(json.dumps(digests(), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
