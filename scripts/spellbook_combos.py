"""Commander Spellbook's variants export, reduced to the two-card combos the bracket estimate
reads (:mod:`pyengine.combos`; build time only).

The export (``EXPORT``) is one JSON object, ``{"timestamp": ..., "version": ...,
"variants": [...]}``, its keys in camel case. The fields read from each variant (the
backend's ``VariantSerializer``, as published in its repository):

* ``id``, ``status`` (``OK``; ``E`` is an example), ``spoiler`` (a card not yet released);
* ``uses``: ``[{"card": {"name": ...}, "quantity": 1, ...}]``, the cards the combo needs;
* ``requires``: the templates (any card matching a search) it also needs; a variant with one
  is not a two-card combo;
* ``produces``: ``[{"feature": {"name": "Infinite mana", ...}, "quantity": 1}]``;
* ``legalities``: ``{"commander": true, ...}``;
* ``bracketTag`` (when present): ``R`` Ruthless, ``S`` Spicy, ``P`` Powerful, ``O`` Oddball,
  ``PA`` Precon appropriate, ``C`` Casual or Core, ``E`` Exhibition.

A variant is kept when it is legal in Commander, not a spoiler, uses exactly two different
cards (one copy each) and no template, and produces something infinite or wins the game.
Its timing: ``R`` early; ``S``, ``P``, ``O`` late; ``PA``, ``C``, ``E`` low; no tag: not known.
Missing or mistyped fields raise :class:`bulk_sources.SourceError` (the export's shape
changed): the deploy fails rather than ship a wrong list.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from bulk_sources import SourceError

from pyengine.combos import Combo
from pyengine.names import normalize

EXPORT = "https://json.commanderspellbook.com/variants.json.gz"
LICENCE = ("Commander Spellbook's combo data, published by its volunteers for anyone to use "
           "(commanderspellbook.com; no formal data licence was found, so credit is kept here)")
#: Features that make a combo one of the brackets' "two-card infinite combos".
INFINITE = re.compile(r"\binfinite\b|\bwin the game\b|\blose the game\b", re.IGNORECASE)
TIMING = {"R": "early", "S": "late", "P": "late", "O": "late", "PA": "low", "C": "low",
          "E": "low"}
#: Most results kept per combo.
MAX_RESULTS = 3
#: An export this large with no two-card combo in it has changed shape (today's holds about
#: 105,000 variants, thousands of them two-card infinite combos).
MIN_VARIANTS_FOR_A_COMBO = 1000


def _keys(value: Mapping[str, Any]) -> str:
    return ", ".join(sorted(map(str, value))[:14])


def _card_names(variant: Mapping[str, Any], where: str) -> list[tuple[str, int]]:
    uses = variant.get("uses")
    if not isinstance(uses, list):
        raise SourceError(f"{where}: no 'uses' list (keys: {_keys(variant)})")
    names: list[tuple[str, int]] = []
    for use in uses:
        card = use.get("card") if isinstance(use, Mapping) else None
        name = card.get("name") if isinstance(card, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            raise SourceError(f"{where}: a 'uses' item without card.name")
        quantity = use.get("quantity", 1)
        names.append((name.strip(), quantity if isinstance(quantity, int) else 0))
    return names


def _results(variant: Mapping[str, Any], where: str) -> list[str]:
    produces = variant.get("produces")
    if not isinstance(produces, list):
        raise SourceError(f"{where}: no 'produces' list (keys: {_keys(variant)})")
    results: list[str] = []
    for item in produces:
        feature = item.get("feature") if isinstance(item, Mapping) else None
        name = feature.get("name") if isinstance(feature, Mapping) else None
        if not isinstance(name, str):
            raise SourceError(f"{where}: a 'produces' item without feature.name")
        results.append(" ".join(name.replace(";", ",").split()))
    return results


def combo_of(variant: Any, number: int, known: Mapping[str, str]) -> Combo | str:
    """The combo a variant is, or why it is left out (a ``skipped: ...`` or ``unknown: ...``
    count key)."""
    if not isinstance(variant, Mapping):
        raise SourceError(f"variant {number}: not a JSON object")
    where = f"variant {number} ({str(variant.get('id', ''))[:40]})"
    legalities = variant.get("legalities")
    if not isinstance(legalities, Mapping):
        raise SourceError(f"{where}: no 'legalities' object (keys: {_keys(variant)})")
    names = _card_names(variant, where)
    results = _results(variant, where)
    if variant.get("status") not in ("OK", "E"):
        return "skipped: not OK"
    if legalities.get("commander") is not True:
        return "skipped: not legal in Commander"
    if variant.get("spoiler") is True:
        return "skipped: spoiler"
    if variant.get("requires") or len(names) != 2 or any(q != 1 for _, q in names) \
            or normalize(names[0][0]) == normalize(names[1][0]):
        return "skipped: not two cards"
    kept = [r for r in results if INFINITE.search(r)]
    if not kept:
        return "skipped: nothing infinite"
    cards = []
    for name, _ in names:
        english = known.get(normalize(name)) or known.get(normalize(name.split(" // ")[0]))
        if english is None:
            return f"unknown: {name}"
        cards.append(english)
    tag = variant.get("bracketTag")
    timing = TIMING.get(tag, "") if isinstance(tag, str) else ""
    return Combo((cards[0], cards[1]), timing, tuple(kept[:MAX_RESULTS]),
                 str(variant.get("id", ""))[:60].replace("\t", " "))


def reduce(variants: Iterable[Any], known: Mapping[str, str]) -> tuple[list[Combo],
                                                                        Counter[str]]:
    """The two-card combos among ``variants`` whose cards are in the card data (``known``:
    normalised name -> card data name), and counts (``read``, ``kept``, ``skipped: ...``,
    ``unknown`` and the first few ``unknown: NAME``)."""
    combos: list[Combo] = []
    counts: Counter[str] = Counter()
    for number, variant in enumerate(variants, start=1):
        counts["read"] += 1
        made = combo_of(variant, number, known)
        if isinstance(made, Combo):
            combos.append(made)
            counts["kept"] += 1
        elif made.startswith("unknown: "):
            counts["unknown"] += 1
            if counts["unknown"] <= 3:
                counts[made] += 1
        else:
            counts[made] += 1
    if not counts["read"]:
        raise SourceError("the variants export holds no variants")
    if not combos and counts["read"] >= MIN_VARIANTS_FOR_A_COMBO:
        raise SourceError(f"no two-card combo among {counts['read']} variants (skipped: "
                          + ", ".join(f"{n} {k[9:]}" for k, n in sorted(counts.items())
                                      if k.startswith("skipped: "))
                          + "): the export's shape changed?")
    return combos, counts
