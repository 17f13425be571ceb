"""Held spells on a runner's page (issue 45, point 4): the spells the automated side cast that
wait on the stack for the table to resolve them (hs-3-8), each with its "Resolved" button, and
one tap for a spell whose card data says how it resolves on that side: a wrath
(``destroy_all_creatures``, ``destroy_each_creature_mv<=N``) destroys those creatures,
``N_Name_tokens[_tapped]`` makes the tokens. Pure, standard library only."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..game import ActionError
from ..vocabulary import behaviours
from . import Item, View, board

#: ``name -> facts`` of a game's cards (or None).
Facts = Callable[[str], Mapping[str, Any] | None]
#: The page action of the one tap that resolves a held spell (``_item`` = its id).
ACTION = "resolve"


def resolution(game: Any, spell: Any, facts: Facts, *, tokens: bool,
               side: str = "Horde") -> tuple[str, dict[str, Any]] | None:
    """How ``spell`` resolves on ``side`` when its card data says so, as ``(label, the resolve
    action's fields)``, or None; spells that make tokens only where the rules let the side
    make them (``tokens``)."""
    tags = [str(t) for t in (facts(spell.name) or {}).get("tags", []) or []]
    creatures = game.creatures()
    for behaviour in behaviours(tags):
        for atom in behaviour.effect:
            if behaviour.name == "spell" and atom.kind == "destroy" \
                    and atom.what == "all_creatures":
                most = re.fullmatch(r"mana_value_(\d+)_or_less", behaviour.condition)
                if behaviour.condition and most is None:
                    continue
                if most is None:
                    return (f"destroy all {len(creatures)} {side} creatures",
                            {"destroy": [c.id for c in creatures]})
                limit = int(most.group(1))
                hit = [c.id for c in creatures if game.facts(c).mana_value <= limit]
                return (f"destroy the {len(hit)} {side} creatures of mana value {limit} or "
                        "less", {"destroy": hit})
            if behaviour.name == "tokens" and atom.kind == "tokens" and atom.number and tokens:
                n, name, tapped = atom.number, atom.what.replace("_", " "), atom.tapped
                return (f"{n} {name} tokens{' tapped' if tapped else ''} for the {side}",
                        {"tokens": {"name": name, "n": n, "tapped": tapped}})
    return None


def render(view: View, game: Any, facts: Facts, *, tokens: bool) -> None:
    """The held spells (``stack``, its box hidden when none): each a "Resolved" button
    (``done``), then, when its card data says how, a one-tap "Resolve … now"."""
    held: list[Item] = []
    for card in game.zones["stack"]:
        said = board.spell_words(facts(card.name))
        held.append(Item(f"Resolved: {card.name} #{card.id}" + (f" ({said})" if said else ""),
                         action="done", value=str(card.id)))
        resolved = resolution(game, card, facts, tokens=tokens)
        if resolved is not None:  # one tap for a spell that says how it resolves
            held.append(Item(f"Resolve {card.name} now: {resolved[0]}", action=ACTION,
                             value=str(card.id)))
    view.lists["stack"] = held
    view.hidden["stack-box"] = not game.zones["stack"]


def action(game: Any, card_id: int, facts: Facts, *, tokens: bool) -> dict[str, Any]:
    """The engine action of the one tap on held spell ``card_id``."""
    spell = next((c for c in game.zones["stack"] if c.id == card_id), None)
    resolved = resolution(game, spell, facts, tokens=tokens) if spell is not None else None
    if spell is None or resolved is None:
        raise ActionError("resolve that spell at the table, then tap Resolved")
    return {"type": "resolve", "card": spell.id, **resolved[1]}


def first_destroys(game: Any, ids: set[int], facts: Facts, *, tokens: bool
                   ) -> list[tuple[str, int]]:
    """Held spells that destroy some of ``ids`` (attackers) before combat damage: ``(name,
    how many)`` each (hs-3-8)."""
    said = []
    for spell in game.zones["stack"]:
        resolved = resolution(game, spell, facts, tokens=tokens)
        dead = set((resolved or ("", {}))[1].get("destroy") or []) & ids
        if dead:
            said.append((spell.name, len(dead)))
    return said
