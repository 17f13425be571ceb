"""What changed for a list since it was last checked on this device (issue 37, point 6): a part
of :mod:`pyengine.widgets.check`, kept apart so that widget's hunk stays small.

Each check keeps, in the page's save, what it said about the list (:func:`outcome`): which
data it used (the card data's, the Game Changers list's and the combo list's dates), the
verdict, the bracket estimate, and per card whether it was unknown, banned or a Game Changer,
under a digest of the list. When the same list is checked with other data (a new release of
the site), :func:`changes` says what the new data changed, one line a card ("Mana Vault is now
a Game Changer: bracket 3 → 4-5"), and the lines stay with the save until the data changes
again. A list that was edited is not compared (its verdict changed because of the edit).

Page elements (``data-id``): ``changes-box``, ``changes``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from ..decklist import Decklist
from ..legality import Report
from ..names import normalize
from ..power import Power
from . import Item, View

#: The most change lines shown (the rest are counted).
MAX_LINES = 30
#: The per-card marks an outcome keeps: unknown, banned, Game Changer.
MARKS = {"u": ("is now known to the card data", "is no longer known to the card data"),
         "b": ("is now banned or not allowed here", "is no longer banned here"),
         "g": ("is now a Game Changer", "is no longer a Game Changer")}


def digest(deck: Decklist, format_key: str) -> str:
    """The list as checked: its played cards, counts and sections, and the format."""
    lines = sorted(f"{e.count} {normalize(e.name)} {e.section}" for e in deck.entries)
    return hashlib.sha256("\n".join([format_key, *lines]).encode("utf-8")).hexdigest()[:16]


def outcome(deck: Decklist, format_key: str, report: Report, power: Power | None,
            data: str) -> dict[str, Any]:
    """What this check said, to keep in the save (small: marked cards only)."""
    marks: dict[str, str] = {}

    def mark(name: str, letter: str) -> None:
        if name:
            marks[name] = "".join(sorted(set(marks.get(name, "")) | {letter}))

    for finding in report.findings:
        if finding.group == "unknown":
            mark(finding.card, "u")
        elif finding.group == "banned":
            mark(finding.card, "b")
    if power is not None:
        for reason in power.reasons:
            if reason.criterion == "game_changers":
                for name in reason.cards:
                    mark(name, "g")
    return {"list": digest(deck, format_key), "data": data, "verdict": report.verdict,
            "bracket": power.label if power is not None else "", "marks": marks}


def changes(before: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """One line per card whose marks the new data changed; the bracket's change follows the
    first Game Changer line and the verdict's the first line about a ban or a card now known
    (each stands alone when no card line explains it)."""
    old_marks = {normalize(k): (k, str(v)) for k, v in dict(before.get("marks") or {}).items()}
    new_marks = {normalize(k): (k, str(v)) for k, v in dict(now.get("marks") or {}).items()}
    lines: list[str] = []
    first: dict[str, int] = {}
    for key in sorted(set(old_marks) | set(new_marks)):
        name = (new_marks.get(key) or old_marks[key])[0]
        was, is_ = old_marks.get(key, ("", ""))[1], new_marks.get(key, ("", ""))[1]
        for letter, (now_on, now_off) in MARKS.items():
            if letter == "u":  # "unknown" turned off is the good news
                now_on, now_off = now_off, now_on
            if (letter in is_) != (letter in was):
                first.setdefault("g" if letter == "g" else "v", len(lines))
                lines.append(f"{name} {now_on if letter in is_ else now_off}")
    tails = {"g": f"bracket {before.get('bracket') or 'not estimated'} → {now.get('bracket')}"
             if before.get("bracket") != now.get("bracket") and now.get("bracket") else "",
             "v": f"verdict {before.get('verdict')} → {now.get('verdict')}"
             if before.get("verdict") != now.get("verdict") else ""}
    alone = []
    for kind, tail in tails.items():
        if tail and kind in first:
            lines[first[kind]] += ": " + tail
        elif tail:
            alone.append(tail)
    if alone:
        lines.append("With the new card data: " + "; ".join(alone))
    return lines


def view(kept: dict[str, Any], now: dict[str, Any]) -> tuple[View, dict[str, Any]]:
    """The page's lines and what to keep: compared with the last check of the same list when
    the data changed; the kept lines again while the data stays the same."""
    lines: list[str] = []
    if kept.get("list") == now["list"]:
        if kept.get("data") != now["data"]:
            lines = changes(kept, now)
        else:
            lines = [str(line) for line in kept.get("changes") or []]
    keep = {**now, "changes": lines[:MAX_LINES]}
    shown = [Item(line, cls="finding finding-note") for line in lines[:MAX_LINES]]
    if len(lines) > MAX_LINES:
        shown.append(Item(f"… and {len(lines) - MAX_LINES} more.", cls="finding"))
    page = View(lists={"changes": shown}, hidden={"changes-box": not shown})
    return page, keep
