"""The Swarm's token triggers at their step (issue 41, point 1): the Survivors make every
choice for The Swarm as is best for it (sw-13-16), so the engine carries out what the card
vocabulary can say of a Swarm permanent's triggers that make tokens:

* **upkeep** (``upkeep=``, ``each_upkeep=``): in the Beginning phase (sw-3-4), after Emergence;
* **beginning of combat** (``begin_combat=``): in the combat phase, before the attackers
  are declared;
* **attacks** (``attacks=``): as the attackers are declared (sw-13-10, sw-14-9); a token the
  text makes "attacking" joins the attack (the rulebook is silent there: the card's text
  decides), and counts in the attack total.

Every token enters untapped with haste whatever the text says (sw-9-1). A count the card's
text defines (``x_is=``) is counted on The Swarm's side; a count on the Survivors' side, a
trigger with a condition, a "you may" or a token The Swarm's card data does not know stays
with the table (reminded, as before). Pure standard library: functions of the game.
"""

from __future__ import annotations

from typing import Any

from .cards import CardFacts
from .game import Card, Event
from .vocabulary import Atom, behaviours, x_counts

UPKEEP = ("upkeep", "each_upkeep")
BEGIN_COMBAT = ("begin_combat",)
ATTACK = "attacks"


def count_x(game: Any, card: Card) -> int | None:
    """The card's X as its text defines it, counted on The Swarm's side now (its
    permanents, graveyard, hand); ``None`` when the text leaves it to the table or counts the
    Survivors' side."""
    counts = x_counts(game.facts(card.name).tags)
    if not counts:
        return None
    total = 0
    for count in counts:
        if count.whose not in ("you", "their"):
            return None
        pool = (game.swarm_permanents() if count.zone == "battlefield"
                else list(game.zones[count.zone]))
        counted: dict[str, bool] = {}  # by name: a board of many tokens of a few names
        found = 0
        for c in pool:
            hit = counted.get(c.name)
            if hit is None:
                hit = counted[c.name] = bool(count.counts(game.facts(c.name)))
            if hit and not (count.other and c.id == card.id):
                found += 1
        total += count.total(found)
    return total


def _tokens(game: Any, card: Card, verbs: tuple[str, ...]) -> list[tuple[str, Atom, int]]:
    """``(verb, tokens atom, count)`` of the card's triggers among ``verbs`` the engine can
    carry out now."""
    out = []
    for verb, atom in game.facts(card.name).derived(_token_atoms):
        if verb not in verbs or atom.what.replace("_", " ") not in game.config["facts"]:
            continue
        count = atom.number if atom.number is not None else count_x(game, card)
        if count is not None:
            out.append((verb, atom, min(count, 500)))
    return out


def _token_atoms(facts: CardFacts) -> tuple[tuple[str, Atom], ...]:
    """``(verb, tokens atom)`` of every trigger of the card without a condition or a "you
    may", in the card's order: the same for every card of a name (asked of each Swarm
    permanent at each step)."""
    if "you_may" in facts.tags:
        return ()
    return tuple((behaviour.name, atom) for behaviour in behaviours(facts.tags)
                 if not behaviour.condition
                 for atom in behaviour.effect if atom.kind == "tokens")


def make(game: Any, card: Card, verb: str, atom: Atom, count: int, how: str) -> list[Event]:
    """``count`` tokens of ``card``'s ``verb`` trigger, untapped with haste (sw-9-1); the
    first event names the card and the trigger (so its reminder goes)."""
    name = atom.what.replace("_", " ")
    events = [Event("create", f"{card.name}: {count} {name} token(s) {how}", [card.name],
                    data={"rule": "sw-9-1", "count": count, "source": card.id,
                          "trigger": verb})]
    for _ in range(count):
        events += game._enter(game.new_card(name, token=True, made=True))
    return events


def upkeep(game: Any, verbs: tuple[str, ...] = UPKEEP) -> list[Event]:
    """The upkeep of The Swarm's turn: each Swarm permanent's upkeep trigger that makes
    tokens makes them (sw-3-4, sw-13-16). With ``verbs`` (:data:`BEGIN_COMBAT`): the
    beginning of combat, before the attackers are declared (they attack, with haste)."""
    events: list[Event] = []
    how = "made at the beginning of combat" if verbs == BEGIN_COMBAT else "made in the upkeep"
    for card in game.swarm_permanents():  # (a new list: tokens made join the board)
        for verb, atom, count in _tokens(game, card, verbs):
            events += make(game, card, verb, atom, count, how)
    return events


def attack(game: Any, attackers: list[Card]) -> tuple[list[Event], list[Card]]:
    """As the attackers are declared: each attacker's attack trigger makes its tokens
    (untapped, sw-9-1); those its text makes "attacking" are returned to join the attack."""
    events: list[Event] = []
    joining: list[Card] = []
    for card in list(attackers):
        for verb, atom, count in _tokens(game, card, (ATTACK,)):
            made = make(game, card, verb, atom, count,
                        "made as it attacks, " + ("attacking" if atom.attacking
                                                  else "not attacking"))
            events += made
            if atom.attacking:
                joining += [game.card(e.data["card"]) for e in made
                            if e.kind == "enter" and "card" in e.data]
    return events, joining
