"""One golden log per engine: the wording of every event and refusal, kept honest in one place.

Tests assert event kinds, data and rule anchors, not whole sentences; these logs are where the
sentences are pinned. Each is a seeded random walk over the engine's own legal actions
(``tests/scenarios.py``) from the shipped decks, written as one line per action (``>``), per
event (``kind: text``) and per refusal (``!``). ``tests/test_golden_logs.py`` compares.
Team Commander's words outside the log (team draws, loss reasons, results) have one more
golden text, :data:`TEAM_WORDS`.

After a deliberate wording change, rewrite them and review the diff::

    .venv/bin/python -m tests.golden_logs
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pyengine.rng import Rng
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


class _Dice(Rng):
    """Stacked d20s for the team draws below: each ``die`` takes the next listed value."""

    def __init__(self, *values: int) -> None:
        super().__init__("stacked dice")
        self.values = list(values)

    def die(self, sides: int) -> int:
        return self.values.pop(0)


#: Team Commander words said outside the event log: the team draw's lines (every die, a tie
#: across the split, a tie again, a redraw under tc-2-3, fixed teams) and the tracker's loss
#: reasons and results. The tests check the rule each cites and the names and numbers in it.
TEAM_WORDS = "team-commander-words"


def team_words() -> str:
    """The :data:`TEAM_WORDS` golden text as the engine words it now."""
    from pyengine.team_commander import TeamTracker, draw_teams, fixed_teams

    four = ["Alice", "Bob", "Cara", "Dan"]
    lines = ["# team-commander words outside the log: team draws, loss reasons, results"]
    together = [[["Alice", "Bob"], ["Cara", "Dan"]]] * 3
    draws = {
        "draw": draw_teams(four, _Dice(17, 3, 12, 20)),
        "tie across the split": draw_teams(four, _Dice(12, 12, 20, 3, 5, 9)),
        "tie again": draw_teams(four, _Dice(20, 12, 12, 12, 5, 9, 9, 4, 8)),
        "redraw (TC 2.3)": draw_teams(four, _Dice(20, 19, 1, 2, 3, 18, 17, 4),
                                      history=together, rotate=True),
        "fixed teams": fixed_teams([four[:2], four[2:]], _Dice(11, 11, 6, 14)),
    }
    for title, draw in draws.items():
        lines += [f"> {title}", *draw.lines()]
    sessions: dict[str, list[dict[str, Any]]] = {
        "life": [{"type": "life", "team": 0, "amount": -40}],
        "poison": [{"type": "poison", "team": 0, "amount": 15}],
        "commander damage": [{"type": "commander-damage", "team": 1, "commander": 0,
                              "amount": 21}],
        "a player loses": [{"type": "player-loses", "player": "Dan", "reason": "conceded"}],
        "a team loses": [{"type": "team-loses", "team": 1}],
        "a player wins": [{"type": "player-wins", "player": "Cara", "reason": "a card"}],
        "both teams lose": [{"type": "poison", "team": 0, "amount": 15},
                            {"type": "life", "team": 1, "amount": -40}],
    }
    for title, actions in sessions.items():
        game = TeamTracker({"teams": [four[:2], four[2:]]}, SEED)
        for action in actions:
            game.apply(action)
        lines.append(f"> {title}")
        lines += [f"loses: {game.label(i)}: {reason}" for i in (0, 1) for reason in game.losses(i)]
        lines.append(f"result: {game.result()}")
    return "\n".join(lines) + "\n"


def path_of(variant: str) -> Path:
    return FOLDER / f"{variant}.txt"


def write_all() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for variant in scenarios.VARIANTS:
        path_of(variant).write_text(log_of(variant), encoding="utf-8")
    path_of(TEAM_WORDS).write_text(team_words(), encoding="utf-8")


if __name__ == "__main__":
    write_all()
