"""The Swarm runner's one tap for The Reckoning (issue 41, point 1): when the last action
reached The Reckoning (the Swarm Step, sw-5-5, or damage or life loss milling it, sw-8-5), it
resolves at once (sw-6-4); when its card data says what it does on the Swarm's side, the table
bar offers that as one tap, as the Horde runner offers "Resolve … now" for a held spell.

Only what the card's behaviours say is offered: tokens for the Swarm (they enter untapped with
haste whatever the card says, sw-9-1) or every creature destroyed; anything else the table
plays out by hand. Pure: the Swarm widget asks :func:`offer` and maps the tap with
:func:`action`.
"""

from __future__ import annotations

from typing import Any

from ..game import ActionError, Event
from ..vocabulary import behaviours

#: The table bar button's action and element.
ACTION = "reckoning-resolve"


def reached(events: list[Event]) -> Event | None:
    """The Reckoning's event among an action's events (sw-6-4), or None."""
    return next((e for e in events if e.kind == "reckoning"), None)


def resolution(game: Any, name: str) -> tuple[str, dict[str, Any]] | None:
    """What The Reckoning ``name`` does on the Swarm's side as ``(words, engine action)``, when
    its behaviours say: tokens the Swarm's card data knows (sw-9-1: untapped, with haste), or
    destroy all creatures (each Swarm creature dies, sw-9-4); else None."""
    for behaviour in behaviours(game.facts(name).tags):
        if behaviour.condition:
            continue
        for atom in behaviour.effect:
            if atom.kind == "tokens" and atom.number and behaviour.name in ("spell", "tokens"):
                token = atom.what.replace("_", " ")
                if token not in game.config["facts"]:
                    continue
                return (f"{atom.number} {token} tokens",  # untapped, with haste (sw-9-1)
                        {"type": "token", "name": token, "amount": atom.number})
            if atom.kind == "destroy" and atom.what == "all_creatures":
                cards = [c.id for c in game.creatures()]
                return (f"destroy {len(cards)} Swarm creatures",
                        {"type": "dies-all", "cards": cards})
    return None


def offer(game: Any, last: list[Event]) -> tuple[str, dict[str, Any] | None]:
    """The button's label and its engine action when the last action reached The Reckoning
    and its card says what it does; ``("", None)`` when there is nothing to offer."""
    event = reached(last)
    if event is None or not event.cards or game.outcome() is not None:
        return "", None
    found = resolution(game, event.cards[0])
    if found is None:
        return "", None
    return f"Resolve {event.cards[0]}: {found[0]}", found[1]


def action(offered: dict[str, Any] | None) -> dict[str, Any]:
    """The engine action of the tap: the one on offer when the page was shown (refused when
    nothing is on offer any more)."""
    if offered is None:
        raise ActionError("The Reckoning is not waiting to resolve: play it out at the table")
    return dict(offered)
