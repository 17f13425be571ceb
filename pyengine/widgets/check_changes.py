"""What changed for a list since it was last checked on this device (issue 37, point 6): a part
of :mod:`pyengine.widgets.check`, kept apart so that widget's hunk stays small.

Each check keeps, in the page's save, what it said about the list (:func:`outcome`): which
data it used (the card data's, the Game Changers list's and the combo list's dates), the
verdict, the bracket estimate, and per card whether it was unknown, banned or a Game Changer,
under a digest of the list. When the same list is checked with other data (a new release of
the site), :func:`changes` says what the new data changed, one line a card ("Mana Vault is now
a Game Changer: bracket 3 → 4-5"), and the lines stay with the save until the data changes
again. A list that was edited is not compared (its verdict changed because of the edit).

The runners' saved own decks (:class:`pyengine.widgets.parts.OwnDecks`) keep the same record
per deck (:func:`deck_outcome`: the cards the card data did not know) and say what a new
release changed with :func:`follow`; the check page adds the suggested Horde setting when one
was asked for (``setting``: "suggested Horde setting Classic → Nightmare").

Page elements (``data-id``): ``changes-box``, ``changes``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..decklist import Decklist
from ..names import normalize
from . import Item, View

if TYPE_CHECKING:  # types only: the runners' pages never load the deck check (issue 30)
    from ..legality import Report
    from ..power import Power

#: The most change lines shown (the rest are counted).
MAX_LINES = 30
#: The most cards one kept record marks.
MAX_MARKS = 300
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


def deck_outcome(deck: Decklist, unknown: Iterable[str], data: str) -> dict[str, Any]:
    """What a check of a runner's own deck said: which of its cards the card data of ``data``
    did not know (the runners weigh no ban list or bracket: the automated side's deck)."""
    marks = {name: "u" for name in list(unknown)[:MAX_MARKS]}
    return {"list": digest(deck, "own"), "data": data, "verdict": "", "bracket": "",
            "marks": marks}


def restore(raw: Any) -> dict[str, Any]:
    """A kept record read back tolerantly: anything but an object is no record (an older save
    has none); its lines and marks cut to the limits."""
    if not isinstance(raw, dict):
        return {}
    marks = raw.get("marks")
    lines = raw.get("changes")
    return {"list": str(raw.get("list", "")), "data": str(raw.get("data", "")),
            "verdict": str(raw.get("verdict", "")), "bracket": str(raw.get("bracket", "")),
            **({"setting": str(raw["setting"])[:80], "others": str(raw.get("others", ""))[:16]}
               if raw.get("setting") else {}),
            "marks": {str(k)[:200]: str(v)[:3] for k, v in list(marks.items())[:MAX_MARKS]}
            if isinstance(marks, dict) else {},
            "changes": [str(line)[:400] for line in lines[:MAX_LINES]]
            if isinstance(lines, list) else []}


def others_key(text: str) -> str:
    """The other Survivors' decks a suggestion was for (the check page's ``others`` box)."""
    kept = "\n".join(line.strip() for line in text.splitlines() if line.strip())
    return hashlib.sha256(kept.encode("utf-8")).hexdigest()[:16]


def with_setting(last: dict[str, Any], deck: Decklist, format_key: str, setting: str,
                 others: str) -> dict[str, Any]:
    """The last check's record with the Horde setting just suggested for its list (and the
    others' decks it was for); unchanged when the record is of another list."""
    if not setting or last.get("list") != digest(deck, format_key):
        return last
    return {**last, "setting": setting, "others": others_key(others)}


def carry_setting(kept: Mapping[str, Any], now: dict[str, Any], others: str | None,
                  suggest: Callable[[], str]) -> bool:
    """Give ``now`` the suggested Horde setting the same list's last check kept: the kept one
    while the data stays the same; with new data, ``suggest()`` again (the simulator, once a
    release) when the other decks are the same, none when they are not (another team). False
    when the comparison must wait: new data and the other decks not known yet (``others``
    None: a page opened from its save, before the player's first action)."""
    if kept.get("list") != now["list"] or not kept.get("setting"):
        return True
    if kept.get("data") == now["data"]:
        now["setting"], now["others"] = str(kept["setting"]), str(kept.get("others", ""))
        return True
    if others is None:
        return False
    if kept.get("others") == others_key(others):
        now["setting"] = suggest() or str(kept["setting"])
        now["others"] = others_key(others)
    return True


def _tail(what: str, before: Any, now: Any) -> str:
    return f"{what} {before or 'not estimated'} → {now}" if before != now and now else ""


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
    # the suggested setting is compared only when both checks suggested one
    setting = _tail("suggested Horde setting", before.get("setting"), now.get("setting")) \
        if before.get("setting") else ""
    tails = {"g": "; ".join(filter(None, (_tail("bracket", before.get("bracket"),
                                                now.get("bracket")), setting))),
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
    """The page's lines and what to keep (:func:`follow`)."""
    lines = follow(kept, now)
    shown = items(lines)
    page = View(lists={"changes": shown}, hidden={"changes-box": not shown})
    return page, {**now, "changes": lines[:MAX_LINES]}


def follow(kept: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """The change lines after a check (keep the first :data:`MAX_LINES`): compared with the last
    check of the same list when the data changed; the kept lines again while the data stays
    the same; none for another (edited) list."""
    lines: list[str] = []
    if kept.get("list") == now["list"]:
        if kept.get("data") != now["data"]:
            lines = changes(kept, now)
        else:
            lines = [str(line) for line in kept.get("changes") or []]
    return lines


def items(lines: list[str]) -> list[Item]:
    """The lines as the page shows them (past :data:`MAX_LINES`, counted)."""
    shown = [Item(line, cls="finding finding-note") for line in lines[:MAX_LINES]]
    if len(lines) > MAX_LINES:
        shown.append(Item(f"… and {len(lines) - MAX_LINES} more.", cls="finding"))
    return shown
