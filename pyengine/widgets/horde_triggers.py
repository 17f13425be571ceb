"""The Horde runner's one tap for each trigger of this Horde turn that makes tokens (issue 41,
point 1): shown under the attack line, on the first screen, while the turn is on. The engine
says which triggers wait (:meth:`pyengine.horde.HordeSlingLab.token_triggers`) and carries
them out (``trigger-tokens``): an upkeep trigger's tokens attack with the rest (hs-4-1,
hs-4-2), an attack trigger's do not. A count the card leaves to the table (X) is the page's
N (the amount box). Pure: the Horde widget asks :func:`items` and maps a tap with
:func:`action`.
"""

from __future__ import annotations

from typing import Any

from ..game import ActionError
from . import Item

#: The item buttons' action (an engine action of the same name).
ACTION = "trigger-tokens"
#: The page's list.
LIST = "trigger-offers"
#: How each trigger's moment reads on its button.
MOMENTS = {"upkeep": "upkeep", "each_upkeep": "upkeep", "attacks": "attacks"}


def items(game: Any, amount: str) -> list[Item]:
    """One button per waiting trigger: ``Endless Ranks of the Dead (upkeep): make N = 1
    Zombie token(s), attacking``; none for a game without such triggers."""
    waiting = getattr(game, "token_triggers", None)
    if waiting is None:
        return []
    out = []
    for card, verb, atom in waiting():
        name = atom.what.replace("_", " ")
        count = str(atom.number) if atom.number is not None else f"N = {amount or 1}"
        how = ("attacking" if verb != "attacks"
               else "tapped, not attacking" if atom.tapped else "untapped, not attacking")
        out.append(Item(f"{card.name} ({MOMENTS.get(verb, verb)}): make {count} {name} "
                        f"token(s), {how}", action=ACTION, value=f"{card.id}:{verb}"))
    return out


def action(value: str, amount: int) -> dict[str, Any]:
    """The engine action of a tap on the button whose value is ``value`` (``card:verb``)."""
    card, _, verb = value.partition(":")
    if not card.isdigit() or verb not in MOMENTS:
        raise ActionError("that trigger is not waiting in this Horde turn")
    return {"type": ACTION, "card": int(card), "trigger": verb, "n": amount}
