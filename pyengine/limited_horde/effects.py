"""Limited Horde 2.1: playing Horde cards and the card effects the engine carries out itself
(tags on the card facts: tokens from the graveyard, draws, life, mills; lh-3-3, lh-3-6, lh-8-8)."""

from __future__ import annotations

from ..game import ActionError, Card, Event
from ..vocabulary import Atom, behaviours
from .needs import Parts
from .rules import HORRID_SWARM, SPAWN


class CardEffects(Parts):
    """Playing a Horde card for 0 and what its tags make happen (part of :class:`LimitedHorde`)."""

    def play(self, card: Card, how: str = "") -> list[Event]:
        """Play a Horde card for 0 (lh-3-6): tokens enter, permanents are cast and enter,
        instants and sorceries wait on the stack for the table."""
        where, _ = self.zones.where(card.id)
        card.face_up = False
        if card.token:
            return self.enter_battlefield(card)
        events = [Event("cast", f"The Horde casts {card.name}{how}", [card.name],
                        {"card": card.id, "from": where})]
        if self.facts(card).is_spell_only:
            self.zones.move(card.id, "stack")
            events.append(Event("hold", f"{card.name} waits for the table to resolve it, then "
                                "Done", [card.name], {"card": card.id}))
            return events
        self.zones.move(card.id, "stack")  # on the stack while its cast triggers resolve
        events += self.card_effects(card, "cast")
        return events + self.enter_battlefield(card) + self.card_effects(card, "etb")

    def card_effects(self, card: Card, when: str) -> list[Event]:
        """The card effects the engine carries out by itself (everything else is the
        table's, and the runner reminds it): ``when`` is ``"cast"``, ``"etb"``,
        ``"resolve"`` or ``"dies"``; the verbs ``cast_trigger``, ``etb``, ``dies``,
        ``spell`` and ``tokens`` (the engine's declaration, ``rules.HANDLING``), unconditional
        ones only, and of their effects the atoms of :data:`CARRIED_ATOMS`:

        * tokens: return tokens from the graveyard (lh-3-3);
        * draws: the Horde draws and plays (lh-3-6, lh-8-8; Wretched Gryff, lh-11-22,
          Exultant Cultist, lh-11-15);
        * a target opponent or player losing life: the Survivors lose it (the Horde targets
          their life, lh-3-14); the Horde gaining life (lh-8-5);
        * the Horde milling itself (Crow of Dark Tidings);
        * each player discarding: each Survivor discards and the Horde mills instead
          (lh-8-10); each opponent discarding (the recovered errata of Miasmic Mummy and
          Rottenheart Ghoul): each Survivor discards, the Horde nothing;
        * It of the Horrid Swarm's two Insects become two Eldrazi Horror tokens from the
          graveyard, settling for Eldrazi Spawn (lh-11-24; its errata text is lost).
        """
        verbs = {"cast": ("cast_trigger",), "etb": ("etb",), "dies": ("dies",),
                 "resolve": ("spell", "tokens")}[when]
        atoms: list[Atom] = []
        for behaviour in behaviours(self.facts(card).tags):
            if behaviour.name in verbs and not behaviour.condition:
                atoms.extend(behaviour.effect)
        if when == "cast" and card.name == HORRID_SWARM:
            atoms = [Atom("horrid_swarm")]
        events: list[Event] = []
        for atom in atoms:
            if self.phase == "over":
                break
            events += self._effect(card, atom)
        if when in ("cast", "etb", "dies"):  # which trigger ran, for the runner's reminders
            for event in events:
                if event.text.startswith(card.name + ": "):
                    event.data.setdefault("trigger", when)
        return events

    def _effect(self, card: Card, atom: Atom) -> list[Event]:
        why = f"{card.name}: "
        n = atom.number
        if atom.kind == "horrid_swarm":
            return self.return_tokens("Eldrazi Horror", 2, [SPAWN], why)
        if n is None and atom.kind not in ("sacrifice",):
            return []  # X: the table works it out
        if atom.kind == "tokens":
            name = atom.what.replace("_", " ")
            if name in self._facts and not self._facts[name].is_token:
                return []
            return self.return_tokens(name, n or 0, [], why)
        if atom.kind == "lose" and atom.who in ("target_opp", "target_player") and n:
            return [Event("effect", why + f"the Survivors lose {n} life", [card.name], {})] + \
                self.change_life(-n)
        if atom.kind == "gain" and n:
            return [Event("effect", why + f"the Horde gains {n} life", [card.name], {})] + \
                self.gain(n)
        if atom.kind == "draw" and n:
            return self.draw_and_play(n, card.name)
        if atom.kind == "mill" and n:
            return [Event("effect", why + f"the Horde mills {n}", [card.name], {})] + \
                self.mill(n)
        if atom.kind == "discard" and atom.who == "each_player" and n:
            return [Event("effect", why + f"each Survivor discards {n}; the Horde mills {n} "
                          "instead of discarding", [card.name], {})] + self.mill(n)
        if atom.kind == "discard" and atom.who == "each_opp" and n:
            cards = "a card" if n == 1 else f"{n} cards"
            return [Event("effect", why + f"each Survivor discards {cards} (the Horde does "
                          "not)", [card.name], {})]
        return []

    def reveal_top(self) -> Card | None:
        library = self.zones["library"]
        if not library:
            return None
        card = library[0]
        card.face_up = True
        return card

    def draw_and_play(self, n: int, reason: str) -> list[Event]:
        """lh-3-6, lh-3-7, lh-8-8: each card drawn is played at once, in the order drawn;
        in the Epilogue the Horde does not draw (lh-6-2)."""
        events = []
        for _ in range(n):
            card = self.reveal_top()
            if card is None:
                events.append(Event("no-draw", "The Horde's library is empty: it does not draw "
                                    "and does not lose", [], {}))
                break
            events.append(Event("draw", f"The Horde draws {card.name} ({reason}) and plays it",
                                [card.name], {"card": card.id}))
            events += self.play(card)
        return events + self.check_epilogue()

    # -- tokens -----------------------------------------------------------------------------------
    def do_create_token(self, name: str, n: int = 1, fallback: list[str] | None = None,
                        other: bool = False, power: int | None = None,
                        toughness: int | None = None) -> list[Event]:
        """A Horde effect creates tokens (lh-3-3): matching token cards return from its
        graveyard instead; too few means only those return, none means it fizzles.
        ``fallback`` names token types to settle for (It of the Horrid Swarm, lh-11-24).
        ``other`` makes ordinary tokens that cease to exist when they leave (lh-3-5)."""
        self.require_playing()
        if not isinstance(n, int) or not 1 <= n <= 100:
            raise ActionError("create 1 to 100 tokens")
        if other:
            return self._other_tokens(name, n, power, toughness)
        return self.return_tokens(name, n, fallback or [], "")

    def return_tokens(self, name: str, n: int, fallback: list[str], why: str) -> list[Event]:
        """lh-3-3: up to ``n`` deck tokens named ``name`` (then ``fallback`` names) return
        from the graveyard to the battlefield; none means the effect fizzles (Noosegraf Mob's
        tokens too, lh-9-6)."""
        found: list[Card] = []
        for kind in [name, *fallback]:
            for card in self.zones["graveyard"]:
                if len(found) < n and card.name == kind and self.deck_token(card):
                    found.append(card)
        if not found:
            return [Event("fizzle", f"{why}No {name} token in the Horde's graveyard: the "
                          "token-making fizzles", [name], {"asked": n, "returned": 0})]
        events = [Event("return-tokens", f"{why}{len(found)} of {n} token(s) return from the "
                        "Horde's graveyard" + (" (all there were)" if len(found) < n else ""),
                        [c.name for c in found], {"asked": n, "returned": len(found)})]
        for card in found:
            events += self.enter_battlefield(card)
        return events

    def _other_tokens(self, name: str, n: int, power: int | None,
                      toughness: int | None) -> list[Event]:
        events = self.make_tokens(name, n, power, toughness,
                                  f"{n} ordinary {name} token(s) created for the Horde")
        return events
