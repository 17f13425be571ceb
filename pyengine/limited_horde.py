"""Horde Magic — Limited Edition 2.1: the Horde deck plays itself against a Limited deck.

The rules are on the site at ``docs/limited-horde/index.md`` (anchors ``lh-…``). A game is
:class:`LimitedHorde` (variant ``"limited-horde"``); its config is JSON::

    {
      "deck": ["Zombie", "Walking Corpse", ...],  # the Horde library (top first if stacked)
      "dreadnought": ["Abundant Maw", ...],       # Eldrazi only: the 12-card Dreadnought deck
      "facts": {...},                             # both decks (see pyengine.horde_common)
      "difficulty": "normal",                     # nightmare, hard, normal, easy, story
      "adjustment": 0,                            # set adjustment to Preparation turns, -2 to +2
      "aggro": false,                             # Aggro Mode (Appendix D)
      "survivors": 1,                             # 1 to 4 (for life and Roll for the Horde)
      "life": 20,                                 # optional: the Survivors' starting life
      "stack": false                              # true: never shuffle (tests)
    }

Parts of the 2.1 document are lost; where this engine follows
``limited-horde-recovered.md`` its docstrings say **derived** (as commonly played, from a fan
implementation based on 2.1). Choices where every source is silent are marked **chosen**:

* **chosen**: Preparation turns are at least 1 after the set adjustment (the Survivors always
  take the first turn); the order is Survivor turns 1..P, Horde turn 1, Survivor turn P+1, ...
* **chosen**: starting life is 20 per Survivor unless ``life`` is given; that is the original
  2011 Horde Magic rule, not one of 2.1 (which sets no life total, lh-2-2). The Survivors lose
  as soon as their life is 0 or less (the game is a duel, lh-1-1).
* **chosen**: a Horde instant or sorcery waits on the ``stack`` zone until the table resolves it
  and sends ``done`` (the Horde's turn still plays its other cards meanwhile).
* **chosen**: Coax from the Blind Eternities costs ``{2}`` (the errata removes its blue symbol,
  lh-11-17); its rules text is ignored and it goes to the graveyard when cast.
* **chosen**: Hand of Emrakul's printed alternative cost (sacrifice four Eldrazi Spawn) is tried
  after its mana cost and after emerge (its 2.1 errata is lost).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from .game import ActionError, Card, Event, register
from .horde_common import ConfigError, Facts, HordeGame, parse_cost

__all__ = ["LEVELS", "LimitedHorde", "preparation_turns", "token_mana_value"]

#: Preparation turns by difficulty (lh-2-4).
LEVELS = {"nightmare": 2, "hard": 3, "normal": 4, "easy": 5, "story": 6}
#: Set adjustments run from -2 to +2 (lh-2-6).
ADJUSTMENTS = range(-2, 3)
#: Cards the Assault reveal may play at most (derived, lh-4-2).
ASSAULT_CARDS = 3
#: Extra cards in the Surge (derived, lh-5-3).
SURGE_EXTRA = 2
#: Damage (or life gain) per milled (or drawn) card (lh-8-3, lh-8-5); Aggro Mode mills 1:1.
DAMAGE_PER_CARD = 3
LIFE_PER_CARD = 3
SPAWN = "Eldrazi Spawn"
COAX = "Coax from the Blind Eternities"
HORRID_SWARM = "It of the Horrid Swarm"
#: Coax's cost after its errata (chosen reading of lh-11-17).
COAX_COST = "{2}"
STAGES = ("preparation", "assault", "surge", "epilogue")


def preparation_turns(difficulty: str, adjustment: int = 0) -> int:
    """Preparation turns (lh-2-4, lh-2-6): by difficulty, plus the set adjustment, at least 1."""
    if difficulty not in LEVELS:
        raise ConfigError("difficulty is one of: " + ", ".join(LEVELS))
    if adjustment not in ADJUSTMENTS:
        raise ConfigError("the set adjustment is -2 to +2")
    return max(1, LEVELS[difficulty] + adjustment)


def token_mana_value(power: int, toughness: int) -> int:
    """lh-3-4: a Horde token's mana value is (power + toughness) / 2, rounded up."""
    return -(-(power + toughness) // 2)


@register
class LimitedHorde(HordeGame):
    """A Limited Horde 2.1 game. Actions (``do_*``; hyphens in action types):

    ``end-survivor-turn``, ``end-horde-turn``, ``end-step``, ``hit`` (n), ``gain`` (n),
    ``draw`` (n), ``discard`` (n), ``look-hand``, ``end-look``, ``life`` (change),
    ``create-token`` (name, n, fallback, other, power, toughness), ``hunt`` (card, power,
    toughness), ``target`` (effect, permanents, amount, player, divided), ``confirm-victory``,
    ``roll``, ``done``, ``tap``, ``untap``, ``counters``, ``move``.
    """

    variant: ClassVar[str] = "limited-horde"
    zone_names: ClassVar[list[str]] = [*HordeGame.zone_names, "dreadnought"]

    # -- set-up -----------------------------------------------------------------------------------
    def setup(self) -> list[Event]:
        self.init_common()
        config = self.config
        self.survivors = survivors = self.config_survivors()
        self.difficulty = config.get("difficulty", "normal")
        adjustment = config.get("adjustment", 0)
        if not isinstance(adjustment, int):
            raise ConfigError("the set adjustment is -2 to +2")
        self.preparation = preparation_turns(self.difficulty, adjustment)
        self.aggro = bool(config.get("aggro", False))
        life = config.get("life", 20 * survivors)
        if not isinstance(life, int) or life < 1:
            raise ConfigError("starting life is a positive whole number")
        self.life = life
        deck = self.config_deck()
        dread = config.get("dreadnought", [])
        if not isinstance(dread, list) or not all(isinstance(n, str) for n in dread):
            raise ConfigError("'dreadnought' is a list of card names")
        self.check_names(deck + dread)

        self.stage = "preparation"
        self.survivor_turn = 1
        self.horde_turn = 0
        #: Damage dealt this turn that has not yet milled a card (cleared at cleanup).
        self.damage = 0
        #: Life gained in this step that has not yet drawn a card (lost when the step ends).
        self.gained = 0
        #: True while a Survivor effect looks at the Horde's hand (the top 3 cards).
        self.looking = False
        #: True once the table was told it may confirm victory (until that changes).
        self.victory_hinted = False

        for name in deck:
            self.zones.add("library", self.new_card(name, token=self.facts(name).token))
        events = []
        stack = bool(config.get("stack"))
        if not stack:
            self.rng.shuffle(self.zones["library"])
        if dread:
            others = [n for n in dread if n != COAX]
            cards = [self.new_card(n) for n in others]
            if not stack:
                self.rng.shuffle(cards)
            if COAX in dread:
                cards.insert(0, self.new_card(COAX))
            for card in cards:
                self.zones.add("dreadnought", card)
            events += self._reveal_dreadnought()
        events.insert(0, Event(
            "setup",
            f"Limited Horde ({self.difficulty}{', Aggro Mode' if self.aggro else ''}): "
            f"{len(deck)} cards in the library"
            + (f", {len(dread)} in the Dreadnought deck" if dread else "")
            + f", {self.preparation} Preparation turn(s), Survivors' life {self.life}",
            [], {"preparation": self.preparation}))
        events.append(self._turn_event())
        return events

    def survivor_count(self) -> int:
        return self.survivors

    def _turn_event(self) -> Event:
        if self.horde_turn == 0 and self.survivor_turn <= self.preparation:
            text = (f"Survivor turn {self.survivor_turn} (Preparation turn {self.survivor_turn} "
                    f"of {self.preparation})")
            if self.stage == "epilogue":
                text += ", in the Epilogue"
        else:
            text = f"Survivor turn {self.survivor_turn}"
        return Event("survivor-turn", text, [], {"turn": self.survivor_turn,
                                                 "stage": self.stage})

    # -- facts ------------------------------------------------------------------------------------
    def deck_token(self, card: Card) -> bool:
        """A token that began the game in the Horde deck: a card in every zone (lh-3-2)."""
        return card.token and not card.made

    def mana_value(self, card: Card) -> int:
        """lh-3-4: deck tokens have mana value ceil((P + T) / 2); other cards as printed."""
        facts = self.facts(card)
        if self.deck_token(card):
            return token_mana_value(facts.power_value, facts.toughness_value)
        return facts.mana_value

    def hunting(self) -> str:
        """Which Horde creatures Survivor creatures may hunt (lh-8-12): ``"all"`` (Epilogue
        or Aggro Mode; the Epilogue excludes Survivor creatures with defender), ``"spawn"``
        (against the Eldrazi) or ``"none"``."""
        if self.aggro or self.stage == "epilogue":
            return "all"
        if self.eldrazi:
            return "spawn"
        return "none"

    @property
    def eldrazi(self) -> bool:
        return bool(self.config.get("dreadnought"))

    def spawn(self) -> list[Card]:
        return [c for c in self.zones["battlefield"] if c.name == SPAWN]

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

    def status(self) -> dict[str, Any]:
        """What a page shows about the game, as JSON data."""
        return {
            "difficulty": self.difficulty,
            "aggro": self.aggro,
            "survivors": self.survivors,
            "life": self.life,
            "phase": self.phase,
            "winner": self.winner,
            "stage": self.stage,
            "preparation_turns": self.preparation,
            "survivor_turn": self.survivor_turn,
            "horde_turn": self.horde_turn,
            "damage": self.damage,
            "gained": self.gained,
            "looking": self.looking,
            "hunting": self.hunting(),
            "spawn": len(self.spawn()),
            "dreadnought_top": self.dreadnought_top(),
            "surge_check": {"graveyard_and_exile": len(self.zones["graveyard"])
                            + len(self.zones["exile"]), "library": len(self.zones["library"])},
            "victory_possible": not self.zones["library"],
            "actions": self.legal_actions(),
            "counts": self.zones.counts(),
        }

    def legal_actions(self) -> list[str]:
        """Action types that make sense now (see :meth:`HordeGame.legal_actions`)."""
        names = super().legal_actions()
        if self.phase == "survivors" and not self.looking:
            names.insert(0, "end-survivor-turn")
        elif self.phase == "horde" and not self.zones["stack"]:
            names.insert(0, "end-horde-turn")
        if self.phase == "over":
            return names
        names += ["end-step", "draw", "discard", "target"]
        names.append("end-look" if self.looking else "look-hand")
        if self.hunting() != "none" and self.creatures():
            names.append("hunt")
        if not self.zones["library"]:
            names.append("confirm-victory")
        return names

    def snapshot(self) -> dict[str, Any]:
        state = super().snapshot()
        state.update(self.common_state())
        state.update({"stage": self.stage, "survivor_turn": self.survivor_turn,
                      "horde_turn": self.horde_turn, "damage": self.damage,
                      "gained": self.gained, "looking": self.looking,
                      "victory_hinted": self.victory_hinted})
        return state

    # -- moving and playing cards ---------------------------------------------------------------
    def leave_battlefield(self, card: Card, zone: str, position: int | None = None) -> list[Event]:
        """lh-3-2, lh-3-5: deck tokens move like cards; other tokens cease to exist."""
        events = super().leave_battlefield(card, zone, position)
        if card.made:
            events += self.cease_if_made(card)
        elif zone == "graveyard" and not card.token:
            events += self.card_effects(card, "dies")
        return events

    def put(self, card: Card, target: str) -> list[Event]:
        """lh-8-9: a card that would be put into the Horde's hand goes on top of its library."""
        if target == "hand":
            events = [Event("hand-to-library", f"{card.name} goes on top of the Horde's library "
                            "instead of its hand", [card.name], {"card": card.id})]
            return super().put(card, "library-top") + events
        return super().put(card, target)

    def flag_card(self, card: Card) -> list[Event]:
        """Limited Horde has no coin flags: its directives and the Golden Rule (lh-3-18, use
        ``roll``) settle the Horde's choices."""
        return []

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
        match = re.fullmatch(r"(\d+)_([A-Za-z_]+?)(?:_tokens?)?", value or "")
        if match is None:
            return []
        name = match.group(2).replace("_", " ")
        if name in self._facts and not self._facts[name].token:
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

    # -- stages -----------------------------------------------------------------------------------
    def check_epilogue(self) -> list[Event]:
        """lh-6-1: the Epilogue begins the moment the library is empty, in any stage, even
        during Preparation (then the Horde's first turn is an Epilogue turn: no Assault, no
        Surge). While an effect looks at the Horde's hand its cards are still the top of the
        library (lh-8-9), so the library is not empty then."""
        if self.stage == "epilogue" or self.zones["library"] or self.looking:
            return []
        during = " during Preparation" if self.stage == "preparation" else ""
        self.stage = "epilogue"
        return [Event("stage", f"Epilogue: the Horde's library is empty{during}. It keeps "
                      "attacking; Survivor creatures without defender gain Hunting", [],
                      {"stage": "epilogue"})]

    def check_surge(self) -> list[Event]:
        """lh-5-1 (derived timing: at the Horde's upkeep): the Surge begins once graveyard plus
        exile outnumber the library. Never in Aggro Mode (lh-13-3)."""
        if self.aggro or self.stage != "assault":
            return []
        gone = len(self.zones["graveyard"]) + len(self.zones["exile"])
        left = len(self.zones["library"])
        if gone > left:
            self.stage = "surge"
            return [Event("stage", f"Surge: graveyard and exile hold {gone} cards, the library "
                          f"{left}; the Horde now plays 2 more cards a turn", [],
                          {"stage": "surge", "gone": gone, "library": left})]
        return []

    # -- turns ----------------------------------------------------------------------------------
    def _cleanup(self) -> list[Event]:
        """lh-8-3, lh-8-6: damage below 3 is cleared at cleanup; floating life gain is lost."""
        events = []
        if self.damage or self.gained:
            events.append(Event("cleanup", f"Cleanup: {self.damage} leftover damage and "
                                f"{self.gained} floating life gain are cleared", [],
                                {"damage": self.damage, "gained": self.gained}))
        self.damage = 0
        self.gained = 0
        return events

    def do_end_survivor_turn(self) -> list[Event]:
        """End the Survivors' turn (lh-2-1, lh-4-1): during Preparation the next Survivor turn
        begins; afterwards the Horde's turn runs at once."""
        self.require_playing()
        if self.phase != "survivors":
            raise ActionError("it is the Horde's turn: end it first")
        if self.looking:
            raise ActionError("finish the look at the Horde's hand first (end-look)")
        events = self._cleanup()
        if self.survivor_turn < self.preparation:
            return events + self.next_survivor_turn()
        return events + self._horde_turn()

    def _horde_turn(self) -> list[Event]:
        """The Horde's turn (derived, lh-4-2): untap; upkeep Surge check; reveal and play until
        3 cards are played or a nontoken card is played, then 2 more in the Surge; the
        Dreadnought check (lh-11-4); every untapped creature able to attack attacks. After a
        Preparation that emptied the library it is already the Epilogue (lh-6-1): no Assault
        and no Surge are announced."""
        self.phase = "horde"
        self.horde_turn += 1
        self.turn_serial += 1
        events = []
        if self.stage == "preparation":
            self.stage = "assault"
            events.append(Event("stage", "Assault: the Horde begins to play", [],
                                {"stage": "assault"}))
        events.append(Event("horde-turn", f"Horde turn {self.horde_turn}", [],
                            {"turn": self.horde_turn, "stage": self.stage}))
        events += self.untap_all()
        events += self.flip_flags()
        events += self.check_surge()
        events += self.check_epilogue()
        events += self._main_phase()
        events += self._dreadnought()
        events += self._attack()
        return events + self.after_action()

    def _main_phase(self) -> list[Event]:
        played: list[Card] = []
        events: list[Event] = []
        while len(played) < ASSAULT_CARDS:
            card = self.reveal_top()
            if card is None:
                break
            events.append(Event("reveal", f"The Horde reveals {card.name}", [card.name],
                                {"card": card.id}))
            played.append(card)
            events += self.play(card)
            if not card.token:
                break
        if self.stage == "surge":
            extra = 0
            while extra < SURGE_EXTRA:
                card = self.reveal_top()
                if card is None:
                    break
                extra += 1
                events.append(Event("reveal", f"Surge: the Horde reveals {card.name}",
                                    [card.name], {"card": card.id, "surge": True}))
                played.append(card)
                events += self.play(card)
        events.insert(0, Event("main", f"The Horde plays {len(played)} card(s)",
                               [c.name for c in played], {"count": len(played)}))
        return events + self.check_epilogue()

    def _attack(self) -> list[Event]:
        """Every untapped Horde creature attacks (lh-4-2), except Eldrazi Spawn (lh-11-3) and
        creatures with defender (see :meth:`can_attack`)."""
        return self.attack()

    def can_attack(self, card: Card, facts: Facts) -> bool:
        """lh-11-3: Eldrazi Spawn never attack; nor do creatures with defender."""
        return card.name != SPAWN and super().can_attack(card, facts)

    def do_end_horde_turn(self) -> list[Event]:
        """End the Horde's turn; cleanup clears damage and floating life gain (lh-8-3)."""
        self.check_end_horde_turn()
        events = [Event("end-horde-turn", f"Horde turn {self.horde_turn} ends", [],
                        {"turn": self.horde_turn})]
        events += self._cleanup()
        self.phase = "survivors"
        return events + self.next_survivor_turn() + self.after_action()

    def do_end_step(self) -> list[Event]:
        """A step or phase ends: life gain below 3 is lost (lh-8-6)."""
        self.require_playing()
        lost = self.gained
        self.gained = 0
        return [Event("end-step", f"Step ends: {lost} floating life gain is lost", [],
                      {"lost": lost})]

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
        for candidate in self.creatures():
            need_colored = dict(colored)
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
        cast it (lh-11-20: emerge only when the mana cost cannot be paid)."""
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
        return events + self.after_action()

    # -- damage, life, drawing ------------------------------------------------------------------
    def do_hit(self, n: int, combat: bool = False) -> list[Event]:
        """Damage or life loss (lh-8-3): every 3 mills one card, counted through the turn and
        cleared at cleanup. Aggro Mode: every 1 mills one (lh-13-3)."""
        self.require_playing()
        self.require_amount(n, "hit the Horde for 1 or more")
        per = 1 if self.aggro else DAMAGE_PER_CARD
        total = self.damage + n
        cards, self.damage = divmod(total, per)
        events = [Event("hit", f"The Horde takes {n} damage ({total} this turn: {cards} card(s) "
                        f"milled, {self.damage} carried)", [], {"amount": n,
                                                                "carried": self.damage})]
        if cards:
            events += self.mill(cards)
        return events + self.after_action()

    def do_gain(self, n: int) -> list[Event]:
        """Life gain (lh-8-5, lh-8-6): every 3 draws and plays a card; the rest floats until
        the step ends."""
        self.require_playing()
        self.require_amount(n, "the Horde gains 1 or more life")
        return self.gain(n) + self._after_play()

    def gain(self, n: int) -> list[Event]:
        total = self.gained + n
        cards, self.gained = divmod(total, LIFE_PER_CARD)
        events = [Event("gain", f"The Horde would gain {n} life: {cards} card(s) drawn, "
                        f"{self.gained} floating", [], {"amount": n, "floating": self.gained})]
        return events + self.draw_and_play(cards, "life gain")

    def do_draw(self, n: int = 1) -> list[Event]:
        """The Horde draws: each card is played at once for 0 (lh-3-6, lh-8-8)."""
        self.require_playing()
        if not isinstance(n, int) or n < 1:
            raise ActionError("draw 1 or more")
        return self.draw_and_play(n, "draw") + self._after_play()

    def _after_play(self) -> list[Event]:
        events = self._dreadnought(flash_only=self.phase != "horde")
        return events + self.after_action()

    def do_discard(self, n: int = 1) -> list[Event]:
        """Discarding N mills N instead (lh-8-10)."""
        self.require_playing()
        if not isinstance(n, int) or n < 1:
            raise ActionError("discard 1 or more")
        return [Event("discard", f"The Horde would discard {n}: it mills {n} instead", [],
                      {"amount": n})] + self.mill(n) + self.after_action()

    def do_look_hand(self) -> list[Event]:
        """An effect looks at the Horde's hand: the top 3 library cards are its hand until the
        effect is over (lh-8-9)."""
        self.require_playing()
        if self.looking:
            raise ActionError("the Horde's hand is already revealed")
        top = self.zones["library"][:3]
        for card in top:
            self.zones.move(card.id, "hand")
            card.face_up = True
        self.looking = True
        return [Event("look", f"The Horde's hand is the top {len(top)} card(s) of its library",
                      [c.name for c in top], {"cards": [c.id for c in top]})]

    def do_end_look(self) -> list[Event]:
        """The hand effect is over: the cards left go back on top in random order (lh-8-9)."""
        self.require_playing()
        if not self.looking:
            raise ActionError("nobody is looking at the Horde's hand")
        rest = self.rng.shuffled(list(self.zones["hand"]))
        for position, card in enumerate(rest):
            card.face_up = False
            self.zones.move(card.id, "library", position)
        self.looking = False
        return [Event("unlook", f"{len(rest)} card(s) go back on top of the library in random "
                      "order", [], {"count": len(rest)})]

    def do_life(self, change: int) -> list[Event]:
        """Change the Survivors' life; at 0 or less the Horde wins at once (chosen)."""
        self.require_playing()
        self.require_life_change(change)
        return self.change_life(change)

    def change_life(self, change: int) -> list[Event]:
        if self.phase == "over":
            return []
        events = self.shift_life(change)
        if self.life <= 0:
            self.phase = "over"
            self.winner = "horde"
            events.append(Event("win", f"The Horde wins: the Survivors' life is {self.life}",
                                [], {"winner": "horde"}))
        return events

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
        return self.return_tokens(name, n, fallback or [], "") + self._after_play()

    def return_tokens(self, name: str, n: int, fallback: list[str], why: str) -> list[Event]:
        """lh-3-3: up to ``n`` deck tokens named ``name`` (then ``fallback`` names) return
        from the graveyard to the battlefield; none means the effect fizzles."""
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
        return events + self._after_play()

    # -- targeting ------------------------------------------------------------------------------
    def do_target(self, effect: str, permanents: list[dict[str, Any]] | None = None,
                  amount: int = 0, player: bool = True, divided: bool = False) -> list[Event]:
        """The Horde's target (lh-3-13 to lh-3-16), among Survivor permanents the table lists.

        ``destroy`` / ``exile``: the highest mana value (``mv``), random among ties.
        ``damage``: the Survivors' life when ``player`` is allowed; otherwise, of creatures
        given as ``toughness`` and ``damage`` already marked: the one with the greatest
        toughness that ``amount`` kills; with ``divided`` damage, the most creatures it can
        kill (smallest remaining toughness first); if none can die, the creature brought
        nearest to lethal. Ties at random.
        """
        self.require_playing()
        items = permanents or []
        if effect in ("destroy", "exile"):
            if not items:
                raise ActionError("list the Survivors' permanents with their mana values")
            try:
                values = [int(p["mv"]) for p in items]
            except (KeyError, TypeError, ValueError):
                raise ActionError("each permanent needs a name and 'mv'") from None
            top = max(values)
            tied = [p for p, v in zip(items, values, strict=True) if v == top]
            pick = self.rng.choice(tied)
            return [Event("target", f"The Horde's {effect} targets {pick['name']} (mana value "
                          f"{top}{', random among ties' if len(tied) > 1 else ''})",
                          [pick["name"]], {"effect": effect, "pick": pick["name"],
                                           "tied": [p["name"] for p in tied]})]
        if effect != "damage":
            raise ActionError("effect is destroy, exile or damage")
        if player:
            return [Event("target", "The Horde's damage goes to the Survivors' life", [],
                          {"effect": effect, "pick": "survivors"})]
        if not items or not isinstance(amount, int) or amount < 1:
            raise ActionError("give the damage amount and the Survivors' creatures")
        try:
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
            return [Event("target", "The Horde divides its damage to kill "
                          + ", ".join(chosen), chosen, {"effect": effect, "picks": chosen,
                                                         "rule": "most-creatures"})]
        if killable:
            top = max(int(p["toughness"]) for p, _ in killable)
            tied = [p for p, _ in killable if int(p["toughness"]) == top]
            rule = "highest-toughness-lethal"
        else:
            nearest = min(rest - amount for _, rest in left)
            tied = [p for p, rest in left if rest - amount == nearest]
            rule = "nearest-to-lethal"
        pick = self.rng.choice(tied)
        return [Event("target", f"The Horde's damage targets {pick['name']}", [pick["name"]],
                      {"effect": effect, "pick": pick["name"], "rule": rule,
                       "tied": [p["name"] for p in tied]})]

    # -- victory ----------------------------------------------------------------------------------
    def do_confirm_victory(self) -> list[Event]:
        """lh-7-1, lh-7-2: with the library empty, the table confirms the Horde can never
        damage the Survivors again, and the Survivors win."""
        self.require_playing()
        if self.zones["library"]:
            raise ActionError(f"the Horde still has {len(self.zones['library'])} card(s) in its "
                              "library")
        self.phase = "over"
        self.winner = "survivors"
        return [Event("win", "The Survivors win: the Horde's library is empty and it can no "
                      "longer deal damage", [], {"winner": "survivors"})]

    def do_done(self, card: int) -> list[Event]:
        """A held spell was resolved by hand; the parts the engine carries out itself happen
        now (:meth:`card_effects`), then the Dreadnought check runs again."""
        self.require_playing()
        spell = self.find(card, "stack")
        effects = self.card_effects(spell, "resolve")
        if self.phase == "over":
            return effects
        return effects + super().do_done(card) + self._after_play()

    def check_end(self) -> list[Event]:
        """As :meth:`after_action`, except while the table looks at the Horde's hand: the cards
        are only lent out of the library then (``end-look`` puts them back)."""
        return [] if self.looking else self.after_action()

    def after_action(self) -> list[Event]:
        """After every change: the Epilogue check (lh-6-1), and lh-7-3: with an empty library
        and no Horde creature left, tell the table (once) it may confirm victory; the engine
        cannot judge every way a creature could deal damage, so the table confirms."""
        if self.phase == "over":
            return []
        events = self.check_epilogue()
        ready = not self.zones["library"] and not self.creatures() and not self.zones["stack"]
        if ready and not self.victory_hinted:
            events.append(Event("victory-ready", "The Horde's library is empty and it has no "
                                "creatures: confirm victory", [], {}))
        self.victory_hinted = ready
        return events
