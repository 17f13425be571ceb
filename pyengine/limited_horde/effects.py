"""Limited Horde 2.1: playing Horde cards and the card effects the engine carries out itself
(tags on the card facts: tokens from the graveyard, draws, life, mills; lh-3-3, lh-3-6, lh-8-8)."""

from __future__ import annotations

import re

from ..game import ActionError, Card, Event
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
        """The few card tags the engine carries out by itself (everything else is the
        table's): ``when`` is ``"cast"``, ``"etb"``, ``"resolve"`` or ``"dies"``.

        * tokens: ``etb=``, ``tokens=`` (on resolve), ``dies=`` of the form ``N_Token_Name``
          return tokens from the graveyard (lh-3-3);
        * ``cast_trigger_draw=N``: the Horde draws N (Wretched Gryff, lh-11-22);
        * ``cast_trigger=…`` / on resolve bare tags: ``target_opp_loses3`` /
          ``target_player_loses3`` make the Survivors lose 3 (the Horde targets their life,
          lh-3-14), ``you_gain3`` gains the Horde 3 life (a card, lh-8-5);
        * ``dies_draw``: the Horde draws a card (Exultant Cultist, lh-11-15);
        * ``etb_self_mill2`` / ``dies_self_mill2``: the Horde mills 2 (Crow of Dark Tidings);
        * ``etb_each_player_discards1``: the Horde discards 1, so mills 1 (lh-8-10); the event
          reminds the Survivors to discard too;
        * It of the Horrid Swarm's two Insects become two Eldrazi Horror tokens from the
          graveyard, settling for Eldrazi Spawn (lh-11-24; its errata text is lost).
        """
        facts = self.facts(card)
        parts: list[str] = []
        events: list[Event] = []
        if when == "cast":
            value = facts.tag_value("cast_trigger")
            parts = value.split("+") if value else []
            if card.name == HORRID_SWARM:
                parts = ["horrid_swarm"]
            draw = facts.tag_value("cast_trigger_draw")
            if draw and draw.isdigit():
                parts.append(f"draw{draw}")
        elif when == "resolve":
            parts = [*facts.tags, "tokens"]
        elif when == "etb":
            events += self.tag_tokens(card, "etb")
            parts = [t[len("etb_"):] for t in facts.tags if t.startswith("etb_")]
        elif when == "dies":
            events += self.tag_tokens(card, "dies")
            parts = [t[len("dies_"):] for t in facts.tags if t.startswith("dies_")]
        for part in parts:
            if self.phase == "over":
                break
            effect = self._effect(card, part)
            if effect:
                events += effect
        if when in ("cast", "etb", "dies"):  # which trigger ran, for the runner's reminders
            for event in events:
                if event.text.startswith(card.name + ": "):
                    event.data.setdefault("trigger", when)
        return events

    def _effect(self, card: Card, part: str) -> list[Event]:
        why = f"{card.name}: "
        if part == "tokens":
            return self.tag_tokens(card, "tokens")
        if part == "horrid_swarm":
            return self.return_tokens("Eldrazi Horror", 2, [SPAWN], why)
        if part in ("target_opp_loses3", "target_player_loses3"):
            return [Event("effect", why + "the Survivors lose 3 life", [card.name], {})] + \
                self.change_life(-3)
        if part == "you_gain3":
            return [Event("effect", why + "the Horde gains 3 life", [card.name], {})] + \
                self.gain(3)
        if part in ("draw", "draw1") or (part.startswith("draw") and part[4:].isdigit()):
            n = int(part[4:] or 1)
            return self.draw_and_play(n, card.name)
        if part == "self_mill2":
            return [Event("effect", why + "the Horde mills 2", [card.name], {})] + self.mill(2)
        if part == "each_player_discards1":
            return [Event("effect", why + "each Survivor discards a card; the Horde mills 1 "
                          "instead of discarding", [card.name], {})] + self.mill(1)
        return []

    def tag_tokens(self, card: Card, key: str) -> list[Event]:
        """Tokens a card's tag makes (``etb=2_Eldrazi_Spawn``, ``tokens=3_Eldrazi_Spawn``,
        ``dies=2_Goblin_tokens``) return from the graveyard by themselves (lh-3-3). A tag with
        a condition or any other text is left to the table."""
        value = self.facts(card).tag_value(key)
        match = re.fullmatch(r"(?<!\d)(\d+)_([A-Za-z_]+?)(?:_tokens?)?", value or "")
        if match is None:
            return []
        name = match.group(2).replace("_", " ")
        if name in self._facts and not self._facts[name].is_token:
            return []
        return self.return_tokens(name, int(match.group(1)), [], f"{card.name}: ")

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
