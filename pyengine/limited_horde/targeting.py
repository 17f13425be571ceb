"""Limited Horde 2.1: whom the Horde targets (lh-3-13 to lh-3-16) and Survivor creatures hunting
Horde creatures (lh-8-11, lh-8-12, lh-11-6).

The decisions are pure functions of what they are given (:func:`hunting_mode`,
:func:`horde_target`; the seeded random source is one of their inputs); :class:`Targeting`, the
game's part, reads the game for them and refuses what the table may not do."""

from __future__ import annotations

from typing import Any

from ..actions import Action, Bound
from ..game import ActionError, Event
from ..rng import Rng
from .needs import Parts
from .rules import SPAWN


def hunting_mode(aggro: bool, stage: str, eldrazi: bool) -> str:
    """Which Horde creatures Survivor creatures may hunt (lh-8-12): ``"all"`` (Epilogue or
    Aggro Mode; the Epilogue excludes Survivor creatures with defender), ``"spawn"`` (against
    the Eldrazi, lh-11-6) or ``"none"``."""
    if aggro or stage == "epilogue":
        return "all"
    if eldrazi:
        return "spawn"
    return "none"


def _name(permanent: Any) -> str:
    """A described permanent's name; a ``KeyError`` when it has none (said in words by the
    caller, as a missing mana value or toughness is)."""
    name = permanent["name"]
    if not isinstance(name, str) or not name.strip():
        raise KeyError("name")
    return name


def horde_target(effect: str, permanents: list[dict[str, Any]], amount: int, player: bool,
                 divided: bool, rng: Rng) -> Event:
    """The Horde's target (lh-3-13, lh-3-14, lh-3-15, lh-3-16), among the Survivor permanents
    given, as a ``target`` event; ties are broken with ``rng``.

    ``destroy`` / ``exile``: the highest mana value (``mv``), random among ties.
    ``damage``: the Survivors' life when ``player`` is allowed; otherwise, of creatures given as
    ``toughness`` and ``damage`` already marked: the one with the greatest toughness that
    ``amount`` kills; with ``divided`` damage, the most creatures it can kill (smallest
    remaining toughness first); if none can die, the creature brought nearest to lethal.
    Raises :class:`ActionError` for input that does not say enough."""
    items = permanents
    if effect in ("destroy", "exile"):
        if not items:
            raise ActionError("list the Survivors' permanents with their mana values")
        try:
            for permanent in items:
                _name(permanent)
            values = [int(p["mv"]) for p in items]
        except (KeyError, TypeError, ValueError):
            raise ActionError("each permanent needs a name and 'mv'") from None
        top = max(values)
        tied = [p for p, v in zip(items, values, strict=True) if v == top]
        pick = rng.choice(tied)
        return Event("target", f"The Horde's {effect} targets {pick['name']} (mana value "
                     f"{top}{', random among ties' if len(tied) > 1 else ''})",
                     [pick["name"]], {"effect": effect, "pick": pick["name"],
                                      "tied": [p["name"] for p in tied]})
    if effect != "damage":
        raise ActionError("effect is destroy, exile or damage")
    if player:
        return Event("target", "The Horde's damage goes to the Survivors' life", [],
                     {"effect": effect, "pick": "survivors"})
    if not items or not isinstance(amount, int) or amount < 1:
        raise ActionError("give the damage amount and the Survivors' creatures")
    try:
        for permanent in items:
            _name(permanent)
        left = [(p, int(p["toughness"]) - int(p.get("damage", 0))) for p in items]
    except (KeyError, TypeError, ValueError):
        raise ActionError("each creature needs a name and 'toughness'") from None
    killable = [(p, rest) for p, rest in left if rest <= amount]
    if divided and killable:
        budget = amount
        chosen = []
        for p, rest in sorted(killable, key=lambda pr: pr[1]):
            if max(rest, 1) <= budget:
                chosen.append(p["name"])
                budget -= max(rest, 1)
        return Event("target", "The Horde divides its damage to kill " + ", ".join(chosen),
                     chosen, {"effect": effect, "picks": chosen, "rule": "most-creatures"})
    if killable:
        top = max(int(p["toughness"]) for p, _ in killable)
        tied = [p for p, _ in killable if int(p["toughness"]) == top]
        rule = "highest-toughness-lethal"
    else:
        nearest = min(rest - amount for _, rest in left)
        tied = [p for p, rest in left if rest - amount == nearest]
        rule = "nearest-to-lethal"
    pick = rng.choice(tied)
    return Event("target", f"The Horde's damage targets {pick['name']}", [pick["name"]],
                 {"effect": effect, "pick": pick["name"], "rule": rule,
                  "tied": [p["name"] for p in tied]})


class Targeting(Parts):
    """The Horde's targets and Hunting (part of :class:`LimitedHorde`)."""

    def hunting(self) -> str:
        """Which Horde creatures Survivor creatures may hunt now (:func:`hunting_mode`)."""
        return hunting_mode(self.aggro, self.stage, self.eldrazi)

    def do_hunt(self, card: int, power: int, toughness: int | None = None,
                defender: bool = False) -> list[Event]:
        """A Survivor creature with Hunting fights a Horde creature (lh-8-11, lh-8-12): the
        Horde creature takes ``power`` damage (it dies if that reaches its toughness plus
        counters); the event reports the damage the hunter takes. Against the Eldrazi only
        Spawn may be hunted until the Epilogue or in Aggro Mode (lh-11-6); the Epilogue's
        Hunting is only for creatures without defender (lh-6-3)."""
        self.require_playing()
        target = self.find(card, "battlefield")
        if not self.is_creature(target):
            raise ActionError(f"{target.name} is not a creature")
        if not self.controls(target):
            raise ActionError(f"a Survivor controls {target.name}: Hunting fights a creature an "
                              "opponent controls (lh-8-11)")
        mode = self.hunting()
        if mode == "none":
            raise ActionError("Survivor creatures have no Hunting now (Epilogue, Eldrazi Spawn "
                              "or Aggro Mode only)")
        if mode == "spawn" and target.name != SPAWN:
            raise ActionError("against the Eldrazi, Hunting may only target Eldrazi Spawn")
        if defender and not self.aggro and not (self.eldrazi and target.name == SPAWN):
            raise ActionError("in the Epilogue only Survivor creatures without defender hunt")
        if not isinstance(power, int) or power < 0:
            raise ActionError("the hunter's power is a whole number")
        facts = self.facts(target)
        toughness_left = facts.toughness_value + target.counters
        back = facts.power_value + target.counters
        events = [Event("hunt", f"A Survivor creature (power {power}) fights {target.name}; it "
                        f"takes {back} damage back", [target.name],
                        {"card": target.id, "damage_back": back,
                         "hunter_dies": toughness is not None and back >= toughness > 0})]
        if power >= toughness_left:
            events.append(Event("dies", f"{target.name} dies", [target.name],
                                {"card": target.id}))
            events += self.leave_battlefield(target, "graveyard")
        return events

    # -- targeting ------------------------------------------------------------------------------
    def target_actions(self) -> list[Action]:
        """``target``'s choices for :meth:`legal_actions`: each effect filled (destroy, exile,
        damage to the Survivors' life, damage to their creatures, divided or not); the
        Survivor permanents the table describes (at least one: a name and its ``mv``, or its
        ``toughness`` for damage) and the damage amount (1 or more) open with their bounds."""
        creatures = Bound(low=1, fields=("toughness",))
        found = [Action.of("target", effect="damage")]
        found += [Action("target", {"effect": effect}, ("permanents",),
                         {"permanents": Bound(low=1, fields=("mv",))})
                  for effect in ("destroy", "exile")]
        found += [Action("target", {"effect": "damage", "player": False, "divided": divided},
                         ("permanents", "amount"), {"permanents": creatures,
                                                    "amount": Bound(low=1)})
                  for divided in (False, True)]
        return found

    def do_target(self, effect: str, permanents: list[dict[str, Any]] | None = None,
                  amount: int = 0, player: bool = True, divided: bool = False) -> list[Event]:
        """The Horde's target (:func:`horde_target`), among Survivor permanents the table lists;
        also for the cards that use these rules (lh-10-6, lh-10-9, lh-10-14, lh-11-14,
        lh-11-25)."""
        self.require_playing()
        return [horde_target(effect, permanents or [], amount, player, divided, self.rng)]
