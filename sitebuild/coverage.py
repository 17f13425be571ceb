"""How much of the card pool the card vocabulary reads (issue 39, point 5).

:func:`compute` goes over every creature, instant and sorcery of a Scryfall card list (the
importer's source: the snapshot or the bulk file) with the same reader the importer uses
(:func:`pyengine.card_text.reading`): how many cards each verb covers, how many cards have
text the reader turns into no verb (and the most common of those unread phrases), and how
many triggers it finds whose effect it cannot say. The importer writes the figures to
``decks/card-coverage.json`` (:data:`FIGURES`) beside the card data, so a build without the
source still publishes them; :func:`shipped` adds, from ``decks/``, what each engine does
with every behaviour of the shipped decks' cards (carried out, reminded, left to the table:
all of it, or the test suite fails); :func:`markdown` is the Performance page's table
(``<!-- card-coverage -->``, put there by ``hooks/card_facts.py``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pyengine import files, horde, swarm
from pyengine.card_text import reading
from pyengine.limited_horde.rules import HANDLING as LIMITED_HANDLING
from pyengine.vocabulary import behaviours, parse_tag

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "decks" / "card-coverage.json"
KINDS = ("Creature", "Instant", "Sorcery")
ENGINES = {"Swarm": swarm.HANDLING, "Horde (SlingLab)": horde.HANDLING,
           "Limited Horde": LIMITED_HANDLING}
#: The share of cards with text no verb reads before issue 39 (the reader of 5 Dec 2026 on the
#: 2025-09-25 snapshot, counted the same way), for the page's "down this round".
BEFORE = {"cards": 22607, "unread": 9063}


def _phrase(line: str) -> str:
    """An unread line's opening words, numbers as N: ``~ gets +N/+N``."""
    words = re.sub(r"\d+", "N", line.lower().replace("~", "it")).split()
    return " ".join(words[:3]).rstrip(".,:;")


def compute(cards: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The figures over every nontoken creature, instant and sorcery of ``cards``."""
    per_verb: Counter[str] = Counter()
    phrases: Counter[str] = Counter()
    total = unread = silent = no_effect = 0
    for card in cards:
        if card.get("layout") in ("token", "double_faced_token", "emblem", "art_series"):
            continue
        faces = [f for f in card.get("card_faces") or [] if isinstance(f, Mapping)]
        front = faces[0] if faces else card
        type_line = str(front.get("type_line") or card.get("type_line") or "")
        kinds = type_line.split(" — ")[0].split()
        if "Token" in kinds or not any(k in kinds for k in KINDS):
            continue
        text = str(front.get("oracle_text") or card.get("oracle_text") or "")
        if not text:
            continue
        total += 1
        lines = reading(text, type_line, str(card.get("name") or ""))
        verbs = {parse_tag(tag).name for _, tags in lines for tag in tags}
        for verb in verbs:
            per_verb[verb] += 1
        missed = [line for line, tags in lines if not tags]
        if missed:
            unread += 1
            for line in missed:
                phrases[_phrase(line)] += 1
        if not verbs:
            silent += 1
        if any(b.verb.family == "trigger" and not b.effect
               for _, tags in lines for b in behaviours(tags)):
            no_effect += 1
    return {
        "cards": total,
        "unread": unread,
        "no_verb": silent,
        "trigger_effect_unread": no_effect,
        "verbs": dict(sorted(per_verb.items(), key=lambda kv: (-kv[1], kv[0]))),
        "unread_phrases": [[p, n] for p, n in sorted(phrases.items(),
                                                     key=lambda kv: (-kv[1], kv[0]))[:15]],
    }


def text_of(figures: Mapping[str, Any], source: str) -> str:
    """The figures as the stored file's text (ordered, so the same source gives the same
    bytes); the importer writes it with its other outputs."""
    return json.dumps({"source": source, **figures}, indent=1, sort_keys=False) + "\n"


def read(path: Path = FIGURES) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def shipped(root: Path | None = None) -> dict[str, dict[str, int]]:
    """For the shipped decks' cards: per engine, how many of their behaviours it carries out,
    reminds, leaves to the table, or has no word for (``missing``: always 0, the tests see
    to it)."""
    db = files.load_card_db(root)
    names: set[str] = set()
    for deck in files.load_deck_index(root):
        names |= set(files.load_deck(deck["id"], root).names())
    out: dict[str, dict[str, int]] = {}
    for engine, handling in ENGINES.items():
        counts = {"carried": 0, "reminded": 0, "table": 0, "missing": 0}
        for name in sorted(names):
            card = db.get(name)
            for behaviour in behaviours(card.tags if card else ()):
                if behaviour.verb.family == "fact":
                    continue
                how = handling.get(behaviour.name)
                counts[how.how if how is not None and how.how in counts else "missing"] += 1
        out[engine] = counts
    return out


def markdown(figures: Mapping[str, Any] | None = None) -> str:
    """The Performance page's tables: the card pool, the shipped decks, the top verbs and
    the most common unread phrases."""
    figures = figures if figures is not None else read()
    cards, unread = figures["cards"], figures["unread"]
    before = BEFORE["unread"] / BEFORE["cards"]
    rows = [
        "| Card pool (every creature, instant and sorcery with text) | Cards | Share |",
        "|---|---|---|",
        f"| read | {cards:,} | 100% |",
        f"| with a line no verb reads | {unread:,} | {100 * unread / cards:.1f}% "
        f"(before issue 39: {100 * before:.1f}%) |",
        f"| no verb at all | {figures['no_verb']:,} | {100 * figures['no_verb'] / cards:.1f}% |",
        f"| a trigger whose effect is not read (reminded as \"do what its text says\") | "
        f"{figures['trigger_effect_unread']:,} | "
        f"{100 * figures['trigger_effect_unread'] / cards:.1f}% |",
        "",
        "| Shipped decks: behaviours of their cards | Carried out | Reminded | Left to the "
        "table | No declaration |",
        "|---|---|---|---|---|",
    ]
    for engine, counts in shipped().items():
        rows.append(f"| {engine} | {counts['carried']} | {counts['reminded']} | "
                    f"{counts['table']} | {counts['missing']} |")
    top = list(figures["verbs"].items())[:12]
    rows += ["", "| Verb | Cards |", "|---|---|"]
    rows += [f"| `{verb}` | {count:,} |" for verb, count in top]
    rows += ["", "| Most common unread openings | Lines |", "|---|---|"]
    rows += [f"| {phrase} | {count:,} |" for phrase, count in figures["unread_phrases"][:10]]
    return "\n".join(rows) + "\n"
