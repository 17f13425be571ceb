"""One golden log per engine: the wording of every event and refusal, kept honest in one place.

Tests assert event kinds, data and rule anchors, not whole sentences; these logs are where the
sentences are pinned. Each is a seeded random walk over the engine's own legal actions
(``tests/scenarios.py``) from the shipped decks, written as one line per action (``>``), per
event (``kind: text``) and per refusal (``!``). ``tests/test_golden_logs.py`` compares.

After a deliberate wording change, rewrite them and review the diff::

    .venv/bin/python -m tests.golden_logs
"""

from __future__ import annotations

import json
from pathlib import Path

from tests import scenarios

FOLDER = Path(__file__).resolve().parent / "data" / "golden_logs"
SEED = "golden-log-1"
STEPS = 60


def log_of(variant: str) -> str:
    """The golden log text of ``variant`` as the engine writes it now."""
    game = scenarios.start(variant, SEED)
    lines = [f"# {variant}, seed {SEED!r}, {STEPS} random legal actions"]
    lines += [f"{event.kind}: {event.text}" for event in game.events]
    for action, outcome in scenarios.walk(game, SEED, STEPS):
        lines.append("> " + json.dumps(action, sort_keys=True))
        if isinstance(outcome, str):
            lines.append("! " + outcome)
        else:
            lines += [f"{event.kind}: {event.text}" for event in outcome]
    return "\n".join(lines) + "\n"


def path_of(variant: str) -> Path:
    return FOLDER / f"{variant}.txt"


def write_all() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for variant in scenarios.VARIANTS:
        path_of(variant).write_text(log_of(variant), encoding="utf-8")


if __name__ == "__main__":
    write_all()
