"""The Horde runner's one tap for each trigger of this Horde turn that makes tokens (issue 41,
point 1): shown under the attack line, on the first screen, while the turn is on. The engine
says which triggers wait (:meth:`pyengine.horde.HordeSlingLab.token_triggers`) and carries
them out (``trigger-tokens``): an upkeep trigger's tokens attack with the rest (hs-4-1,
hs-4-2), an attack trigger's do not. A count the card leaves to the table (X) is typed in
the box just above the buttons. Pure: the Horde widget asks :func:`items` and maps a tap with
:func:`action`.
"""

from __future__ import annotations

from typing import Any

from ..game import ActionError
from . import Item, View

#: The item buttons' action (an engine action of the same name).
ACTION = "trigger-tokens"
#: The page's list, and the box of the X a trigger's count leaves to the table.
LIST = "trigger-offers"
X_BOX = "trigger-n-box"
#: How each trigger's moment reads on its button.
MOMENTS = {"upkeep": "upkeep", "each_upkeep": "upkeep", "begin_combat": "beginning of combat",
           "attacks": "attacks"}


def items(game: Any) -> list[Item]:
    """One button per waiting trigger: ``Endless Ranks of the Dead (upkeep): make X Zombie
    token(s), attacking (X as typed above)``; none for a game without such triggers."""
    waiting = getattr(game, "token_triggers", None)
    if waiting is None:
        return []
    out = []
    for card, verb, atom in waiting():
        name = atom.what.replace("_", " ")
        count = str(atom.number) if atom.number is not None else "X"
        how = ("attacking" if verb != "attacks"
               else "tapped and attacking" if atom.tapped and atom.attacking
               else "attacking" if atom.attacking
               else "tapped, not attacking" if atom.tapped else "untapped, not attacking")
        out.append(Item(f"{card.name} ({MOMENTS.get(verb, verb)}): make {count} {name} "
                        f"token(s), {how}" + (" (X as typed above)" if count == "X" else ""),
                        action=ACTION, value=f"{card.id}:{verb}"))
    return out


def render(game: Any, view: View) -> None:
    """The buttons under the attack line, and the X box above them when one needs it."""
    buttons = items(game)
    view.lists[LIST] = buttons
    view.hidden[X_BOX] = not any(item.text.endswith("(X as typed above)") for item in buttons)


def action(value: str, typed: str) -> dict[str, Any]:
    """The engine action of a tap on the button whose value is ``value`` (``card:verb``);
    ``typed``: the X box (only a count the card leaves to the table reads it)."""
    card, _, verb = value.partition(":")
    if not card.isdigit() or verb not in MOMENTS:
        raise ActionError("that trigger is not waiting in this Horde turn")
    data: dict[str, Any] = {"type": ACTION, "card": int(card), "trigger": verb}
    if typed.strip().isdigit():
        data["n"] = int(typed.strip())
    return data
