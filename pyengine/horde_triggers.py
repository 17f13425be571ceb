"""The SlingLab Horde's triggers at their step (issue 41, point 1): hs-3-9 says the Horde's
triggered abilities work normally, so the engine carries out what the card vocabulary can say
of them, at the step where they happen:

* **upkeep** (``upkeep=``, ``each_upkeep=``): after the untap step (hs-3-2), before the wave
  (hs-3-3); the tokens enter as their text says and, with haste (hs-4-1), attack with the rest
  (hs-4-2) unless they entered tapped;
* **beginning of combat** (``begin_combat=``): before the attackers are declared; its tokens
  attack with the rest (hs-4-1);
* **attacks** (``attacks=``): as the attackers are declared (hs-4-2), before the attack total:
  tokens enter as their text says (``_tapped``; ``_attacking``: they join the attack), and
  power changes until end of turn (``self+2/+0_eot``, ``your_creatures+1/+0_eot``) count in
  the attack total.

A count the card's text defines (``x_is=half_zombies_you_control``: :class:`pyengine.vocabulary
.Count`) is counted from the Horde's side as the trigger resolves; a count on the Survivors'
side, a trigger with a condition or a "you may" stays the table's: one tap
(:meth:`TriggerSteps.token_triggers`, ``trigger-tokens``). Pure standard library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CardFacts
from .game import ActionError, Card, Event
from .vocabulary import Atom, Behaviour, behaviours, x_counts


def _unconditional(facts: CardFacts) -> tuple[Behaviour, ...]:
    """The behaviours of a card without a condition, none for a "you may" card (its coin
    says): what :meth:`TriggerSteps._triggers` picks from, read once per name."""
    if "you_may" in facts.tags:
        return ()
    return tuple(b for b in behaviours(facts.tags) if not b.condition)


#: The trigger verbs carried out here, by the step they belong to.
UPKEEP = ("upkeep", "each_upkeep")
BEGIN_COMBAT = ("begin_combat",)
ATTACK = "attacks"
#: Whose power a trigger's pump changes, in the Horde's attack (the vocabulary's subjects).
_PUMPED = {"self": "self", "it": "self", "your_creatures": "all", "all_creatures": "all"}


class TriggerSteps:
    """A mixin for :class:`pyengine.horde.HordeSlingLab`: the triggers' steps and their one
    tap. It uses the engine's zones, facts, events, ``make_tokens`` and ``can_attack``."""

    zones: Any
    stolen: Any
    _facts: dict[str, Any]
    events: list[Event]
    phase: str
    attacking: list[int]
    eot_power: dict[int, int]

    if TYPE_CHECKING:  # supplied by the engine (pyengine.horde_common.HordeGame)
        def facts(self, card: Any) -> Any: ...

        def find(self, card_id: Any, zone: str | None = None) -> Card: ...

        def make_tokens(self, name: str, n: int, power: int | None, toughness: int | None,
                        text: str, *, tapped: bool = False) -> list[Event]: ...

        def can_attack(self, card: Card, facts: Any) -> bool: ...

        def require_playing(self) -> None: ...

    # -- counting ---------------------------------------------------------------------------
    def count_x(self, card: Card) -> int | None:
        """The card's X as its text defines it (``x_is``), counted on the Horde's side now;
        ``None`` when the text leaves X to the table or counts the Survivors' side."""
        counts = x_counts(self.facts(card).tags)
        if not counts:
            return None
        total = 0
        for count in counts:
            if count.whose not in ("you", "their"):  # the Survivors' cards: the table counts
                return None
            if count.zone == "battlefield":
                pool = [c for c in self.zones["battlefield"] if c.id not in self.stolen]
            else:
                pool = list(self.zones[count.zone])
            found = sum(1 for c in pool if count.counts(self.facts(c))
                        and not (count.other and c.id == card.id))
            total += count.total(found)
        return total

    def _count(self, card: Card, atom: Atom) -> int | None:
        """How many tokens the engine makes for ``atom`` now: ``None`` when it cannot (X
        the table counts, or a token the game has no facts for: the table's tap)."""
        if atom.what.replace("_", " ") not in self._facts:
            return None
        return atom.number if atom.number is not None else self.count_x(card)

    # -- what waits -------------------------------------------------------------------------
    def _turn_events(self) -> list[Event]:
        start = max((i for i, e in enumerate(self.events) if e.kind == "horde-turn"), default=0)
        return self.events[start:]

    def _triggers(self, card: Card, verbs: tuple[str, ...]) -> list[tuple[str, Any]]:
        """``(verb, behaviour)`` of the card's unconditional triggers among ``verbs`` (a
        "you may" card's are the table's: its coin says)."""
        return [(b.name, b) for b in self.facts(card).derived(_unconditional) if b.name in verbs]

    def token_triggers(self) -> list[tuple[Card, str, Any]]:
        """The Horde's triggers of this Horde turn that make tokens and wait for the table
        (hs-3-9): ``(card, verb, tokens atom)``, one tap each. The engine carried out those it
        could count; what waits is a count the table makes (X on the Survivors' side, or left
        to the table by the text). An upkeep trigger of a permanent there as the turn began
        (one cast in this wave came after the upkeep); an attack trigger of a creature in
        this turn's attack (hs-4-2). A token the game has no facts for is no tap: its
        reminder stays, and the table makes it with the token controls."""
        if self.phase != "horde":
            return []
        turn = self._turn_events()
        entered = {e.data.get("card") for e in turn if e.kind == "enter"}
        done = {(e.data.get("source"), e.data.get("trigger")) for e in turn
                if e.kind == "create" and e.data.get("source") is not None}
        attacking = set(getattr(self, "attacking", []))
        found = []
        for card in self.zones["battlefield"]:
            if card.id in self.stolen:
                continue
            for verb, behaviour in self._triggers(card, (*UPKEEP, *BEGIN_COMBAT, ATTACK)):
                if verb in UPKEEP and card.id in entered:
                    continue
                if verb == ATTACK and card.id not in attacking:
                    continue
                if (card.id, verb) in done:
                    continue
                atom = next((a for a in behaviour.effect if a.kind == "tokens"), None)
                if atom is not None and atom.what.replace("_", " ") in self._facts:
                    found.append((card, verb, atom))
        return found

    # -- carrying out -------------------------------------------------------------------------
    def trigger_tokens(self, source: Card, verb: str, atom: Atom, count: int, *,
                       declared: bool = True) -> list[Event]:
        """``count`` tokens of ``source``'s ``verb`` trigger, as their text and step say: an
        upkeep trigger's tokens came before combat and attack with the rest (hs-4-1, hs-4-2)
        unless they entered tapped (made by the table after the attack was ``declared``, they
        are tapped and join it); an attack trigger's tokens enter tapped or untapped as the
        text says, and join the attack when it says "attacking"."""
        name = atom.what.replace("_", " ")
        upkeep = verb in UPKEEP or verb in BEGIN_COMBAT
        joins = not upkeep and atom.attacking
        how = ("made at the beginning of combat" if verb in BEGIN_COMBAT
               else "made in the upkeep" if upkeep
               else "made as it attacks, " + ("tapped and attacking" if joins and atom.tapped
                                               else "attacking" if joins else "not attacking"))
        events = self.make_tokens(name, count, atom.power or None, atom.toughness or None,
                                  f"{source.name}: {count} {name} token(s) {how}",
                                  tapped=atom.tapped)
        events[0].data.update({"source": source.id, "trigger": verb})
        if joins or (upkeep and declared):
            made = [self.find(e.data["card"]) for e in events
                    if e.kind == "enter" and "card" in e.data]
            if upkeep:  # made by the table after the attack: they were there before combat
                made = [c for c in made if not c.tapped and self.can_attack(c, self.facts(c))]
            for token in made:
                if upkeep or atom.tapped:
                    token.tapped = True
            self.attacking = [*self.attacking, *(c.id for c in made)]
        return events

    def upkeep_triggers(self, verbs: tuple[str, ...] = UPKEEP) -> list[Event]:
        """The Horde's upkeep (after hs-3-2, before the wave hs-3-3): each permanent's upkeep
        trigger that makes tokens it can count makes them now (hs-3-9). With ``verbs``
        (:data:`BEGIN_COMBAT`): the beginning of combat, before the attackers are declared;
        its tokens, with haste (hs-4-1), attack with the rest."""
        events: list[Event] = []
        for card in list(self.zones["battlefield"]):
            if card.id in self.stolen:
                continue
            for verb, behaviour in self._triggers(card, verbs):
                atom = next((a for a in behaviour.effect if a.kind == "tokens"), None)
                count = None if atom is None else self._count(card, atom)
                if atom is None or count is None:
                    continue
                if count > 0:
                    events += self.trigger_tokens(card, verb, atom, min(count, 500),
                                                  declared=False)
                else:
                    events.append(Event("create", f"{card.name}: X is 0, no tokens",
                                        [card.name], {"count": 0, "source": card.id,
                                                      "trigger": verb}))
        return events

    def attack_triggers(self) -> list[Event]:
        """As the attackers are declared (hs-4-2), before the attack total: each attacker's
        attack trigger makes the tokens it can count (hs-3-9) and its power changes until end
        of turn count in the total."""
        events: list[Event] = []
        here = {c.id: c for c in self.zones["battlefield"]}
        for card_id in list(self.attacking):
            card = here.get(card_id)
            if card is None:
                continue
            for verb, behaviour in self._triggers(card, (ATTACK,)):
                pumped = []
                for atom in behaviour.effect:
                    whom = _PUMPED.get(atom.what) if atom.kind == "pump" else None
                    if whom is None:
                        continue
                    ids = [card.id] if whom == "self" else [
                        c.id for c in self.zones["battlefield"] if c.id not in self.stolen]
                    for pumped_id in ids:
                        self.eot_power[pumped_id] = self.eot_power.get(pumped_id, 0) + atom.power
                    pumped.append(atom.sentence())
                if pumped:
                    events.append(Event("pump", f"{card.name}: " + "; ".join(pumped),
                                        [card.name], {"card": card.id, "trigger": verb}))
                atom = next((a for a in behaviour.effect if a.kind == "tokens"), None)
                count = None if atom is None else self._count(card, atom)
                if atom is not None and count is not None and count > 0:
                    events += self.trigger_tokens(card, verb, atom, min(count, 500))
        return events

    def do_trigger_tokens(self, card: int, trigger: str, n: int | None = None) -> list[Event]:
        """The table carries out a Horde trigger that makes tokens (hs-3-9), once a turn,
        with its tokens as :meth:`trigger_tokens` says. ``n`` is needed only for a count the
        table makes (X)."""
        self.require_playing()
        found = next(((c, v, a) for c, v, a in self.token_triggers()
                      if c.id == card and v == trigger), None)
        if found is None:
            raise ActionError("that trigger is not waiting in this Horde turn")
        source, verb, atom = found
        count = atom.number if atom.number is not None else self.count_x(source)
        if count is None:
            count = n
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 500:
            raise ActionError(f"type X, how many tokens {source.name} makes (1 to 500)")
        return self.trigger_tokens(source, verb, atom, count)
