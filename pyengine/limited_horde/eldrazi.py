"""Limited Horde 2.1 against the Eldrazi: the Dreadnought deck, Eldrazi Spawn paying its costs,
emerge and alternative costs (lh-11-2 to lh-11-20)."""

from __future__ import annotations

from typing import Any

from ..game import Card, Event
from ..horde_common import parse_cost
from .needs import Parts
from .rules import COAX, COAX_COST, SPAWN


class Eldrazi(Parts):
    """The Dreadnought deck and its costs (part of :class:`LimitedHorde`)."""

    @property
    def eldrazi(self) -> bool:
        return bool(self.config.get("dreadnought"))

    def spawn(self) -> list[Card]:
        """The Eldrazi Spawn the Horde controls (a Spawn a Survivor took pays for nothing)."""
        stolen = self.stolen
        return [c for c in self.zones["battlefield"] if c.name == SPAWN and c.id not in stolen]

    # -- when the Dreadnought check runs (lh-11-4, lh-11-23, lh-11-26) ---------------------------
    #: The Horde's step of its own turn: "main" while it plays its main phase (any Dreadnought
    #: card may be cast), "" otherwise (only one with flash).
    horde_step = ""
    #: The Spawn count when the Dreadnought deck was last checked.
    spawn_seen = 0

    def dreadnought_moment(self) -> str:
        """The one function that decides whether it is time to check the Dreadnought deck
        (lh-11-4): ``"main"`` in the Horde's main phase (every card may be cast), ``"flash"``
        when the number of Eldrazi Spawn has changed since the last check, whatever changed it
        and in whichever side's turn (only a card with flash may be cast then, lh-11-23,
        lh-11-26; one without waits for the Horde's main phase), ``""`` for no check."""
        if not self.eldrazi or self.phase == "over" or not self.zones["dreadnought"]:
            return ""
        if self.horde_step == "main":
            return "main"
        return "flash" if len(self.spawn()) != self.spawn_seen else ""

    def check_dreadnought(self) -> list[Event]:
        """The Dreadnought check at the moment :meth:`dreadnought_moment` names, if any."""
        moment = self.dreadnought_moment()
        events = self._dreadnought(flash_only=moment == "flash") if moment else []
        self.spawn_seen = len(self.spawn())
        return events

    # -- status -----------------------------------------------------------------------------------
    def dreadnought_top(self) -> dict[str, Any] | None:
        pile = self.zones["dreadnought"]
        if not pile:
            return None
        top = pile[0]
        cost = self.cost_of(top)
        generic, colored = parse_cost(cost)
        return {"card": top.id, "name": top.name, "cost": cost,
                "spawn_needed": generic + sum(colored.values()),
                "emerge": self.facts(top).tag_value("emerge")}

    # -- the Eldrazi ----------------------------------------------------------------------------
    def cost_of(self, card: Card) -> str:
        return COAX_COST if card.name == COAX else self.facts(card).mana_cost

    def _reveal_dreadnought(self) -> list[Event]:
        """lh-11-2, lh-11-4: the Dreadnought deck's top card is always face up."""
        pile = self.zones["dreadnought"]
        if not pile:
            return []
        top = pile[0]
        top.face_up = True
        return [Event("dreadnought", f"The Dreadnought deck shows {top.name} "
                      f"({self.cost_of(top)})", [top.name], {"card": top.id})]

    def _sacrifice(self, cards: list[Card]) -> list[Event]:
        events = []
        for card in cards:
            events += self.leave_battlefield(card, "graveyard")
        return [Event("sacrifice", f"The Horde sacrifices {len(cards)} creature(s)",
                      [c.name for c in cards], {"cards": [c.id for c in cards]})] + events

    def _emerge_plan(self, top: Card) -> tuple[Card, int] | None:
        """lh-11-18, lh-11-19, lh-11-20: the creature to sacrifice for emerge and the Spawn
        still needed, or None. The sacrificed creature's mana cost reduces the emerge cost,
        its coloured symbols paying matching coloured symbols first (the errata), the rest
        generic; Spawn pay only generic mana. Fewest Spawn wins; ties at random."""
        emerge = self.facts(top).tag_value("emerge")
        if not emerge:
            return None
        generic, colored = parse_cost(emerge)
        spawn = self.spawn()
        best: list[tuple[Card, int]] = []
        best_need = None
        for candidate in self.creatures():  # the Horde's own creatures (not stolen ones)
            need_colored = dict(colored)
            c_colored: dict[str, int]
            if self.deck_token(candidate):
                value = self.mana_value(candidate)
                c_generic, c_colored = value, {}
            else:
                c_generic, c_colored = parse_cost(self.facts(candidate).mana_cost)
            leftover = c_generic
            for symbol, count in c_colored.items():
                used = min(count, need_colored.get(symbol, 0))
                if used:
                    need_colored[symbol] -= used
                leftover += count - used
            if any(v > 0 for v in need_colored.values()):
                continue
            need = max(0, generic - leftover)
            available = len([s for s in spawn if s.id != candidate.id])
            if need > available:
                continue
            if best_need is None or need < best_need:
                best, best_need = [(candidate, need)], need
            elif need == best_need:
                best.append((candidate, need))
        if not best:
            return None
        return self.rng.choice(best)

    def _dreadnought(self, *, flash_only: bool = False) -> list[Event]:
        """lh-11-4: while Eldrazi Spawn can pay the Dreadnought top card, sacrifice them and
        cast it (lh-11-20: emerge only when the mana cost cannot be paid; Hand of Emrakul's
        printed alternative cost last, its errata lost, lh-11-28)."""
        events: list[Event] = []
        while self.zones["dreadnought"] and self.phase != "over":
            top = self.zones["dreadnought"][0]
            facts = self.facts(top)
            if flash_only and not facts.has_tag("flash"):
                break
            generic, colored = parse_cost(self.cost_of(top))
            spawn = self.spawn()
            if not colored and len(spawn) >= generic:
                events += self._sacrifice(spawn[:generic])
                events += self._cast_dreadnought(top, "")
                continue
            plan = self._emerge_plan(top)
            if plan is not None:
                victim, need = plan
                payers = [s for s in spawn if s.id != victim.id][:need]
                events += self._sacrifice([victim, *payers])
                events += self._cast_dreadnought(top, f" with emerge (sacrificing {victim.name})")
                continue
            alt = facts.tag_value("alt_cost") or ""
            if alt.startswith("sacrifice_") and alt.endswith("_" + SPAWN.replace(" ", "_")):
                count = int(alt.split("_")[1])
                if len(spawn) >= count:
                    events += self._sacrifice(spawn[:count])
                    events += self._cast_dreadnought(top, " for its alternative cost")
                    continue
            break
        return events

    def _cast_dreadnought(self, card: Card, how: str) -> list[Event]:
        card.face_up = False
        if card.name == COAX:
            self.zones.move(card.id, "graveyard")
            events = [Event("cast", f"The Horde casts {card.name}; its text is ignored and the "
                            "Dreadnought deck is unlocked", [card.name], {"card": card.id})]
        else:
            events = self.play(card, how + " from the Dreadnought deck")
        return events + self._reveal_dreadnought()
