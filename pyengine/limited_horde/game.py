"""Limited Horde 2.1: the game and its turns (set-up, stages, the Horde's turn, damage, life,
the Horde's hand, victory). Card effects, the Eldrazi and targeting are mixed in from their own
modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..actions import Action
from ..cards import CardFacts
from ..game import ActionError, Card, Event, register
from ..horde_common import SURVIVORS, ConfigError, HordeGame, decklist_config
from ..setup import Setup, SetupError
from ..variants import Chart, DeckKind, Figures, Simulation, Variant
from ..vocabulary import Handling
from .effects import CardEffects
from .eldrazi import Eldrazi
from .rules import (
    ASSAULT_CARDS,
    COAX,
    DAMAGE_PER_CARD,
    HANDLING,
    LEVELS,
    LIFE,
    LIFE_PER_CARD,
    SETUP,
    SPAWN,
    SURGE_EXTRA,
    THRESHOLD,
    THRESHOLD_POWER,
    preparation_turns,
    token_mana_value,
    with_keyword_errata,
)
from .targeting import Targeting


@register
class LimitedHorde(Targeting, Eldrazi, CardEffects, HordeGame):
    """A Limited Horde 2.1 game. Actions (``do_*``; hyphens in action types):

    ``end-survivor-turn``, ``end-horde-turn``, ``end-step``, ``hit`` (n), ``gain`` (n),
    ``draw`` (n), ``discard`` (n), ``look-hand``, ``end-look``, ``life`` (change),
    ``create-token`` (name, n, fallback, other, power, toughness), ``hunt`` (card, power,
    toughness), ``target`` (effect, permanents, amount, player, divided), ``confirm-victory``,
    ``roll``, ``done``, ``tap``, ``untap``, ``counters``, ``move``, ``gain-control`` (card),
    ``return-control`` (card).
    """

    variant: ClassVar[str] = "limited-horde"
    HANDLING: ClassVar[dict[str, Handling]] = HANDLING
    zone_names: ClassVar[list[str]] = [*HordeGame.zone_names, "dreadnought"]

    # -- set-up -----------------------------------------------------------------------------------
    def setup(self) -> list[Event]:
        self.init_common()
        #: The keyword errata applied to each card's facts, in words (lh-9-10), by name.
        self.errata: dict[str, str] = {}
        for name, facts in list(self._facts.items()):
            self._facts[name], note = with_keyword_errata(facts)
            if note:
                self.errata[name] = note
        config = self.config
        self.survivors = survivors = self.config_survivors()
        try:
            chosen = SETUP.check({key: config[key] for key in SETUP.keys() if key in config})
        except SetupError as error:
            raise ConfigError(str(error)) from None
        self.difficulty = chosen["difficulty"]
        self.preparation = preparation_turns(self.difficulty, chosen["adjustment"])
        self.aggro = chosen["aggro"]
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
            self.zones.add("library", self.new_card(name, token=self.facts(name).is_token))
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
                self.zones.add("dreadnought", card)  # its own zone, the command zone (lh-11-16)
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

    def threshold(self) -> bool:
        """Threshold on the Horde's cards (lh-9-10, derived): 7 or more cards in the Horde's
        graveyard."""
        return len(self.zones["graveyard"]) >= THRESHOLD

    def entry(self, name: str) -> dict[str, Any]:
        """A card's facts as plain data (what the attack total reads), with the power its
        threshold errata gives while threshold holds (lh-9-10: Thraben Foulbloods +1/+1)."""
        entry = super().entry(name)
        extra = THRESHOLD_POWER.get(name, 0)
        if extra and self.threshold() and str(entry.get("power", "")).strip().isdigit():
            entry = {**entry, "power": str(int(entry["power"]) + extra)}
        return entry

    def errata_of(self, name: str) -> str:
        """The keyword errata the card's facts carry here, in words ("" for none; lh-9-10)."""
        return self.errata.get(name, "")

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
            "actions": self.legal_types(),
            "counts": self.zones.counts(),
        }

    #: lh-7-1: the Survivors win (the table confirms); the Horde wins when the Survivors' life
    #: is 0 or less (chosen: the game is a duel, lh-1-1).
    outcome_rules: ClassVar[dict[str, str]] = {"survivors": "lh-7-1", "horde": "lh-1-1"}

    def legal_types(self) -> list[str]:
        """The types of the actions that make sense now (see :meth:`HordeGame.legal_actions`):
        the turn's end first; the stage's end, draws, discards, a targeted spell, the look at
        the hand, a Hunting attacker (each Horde creature, its power open) and the victory
        check."""
        names = super().legal_types()
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

    def actions_of(self, name: str) -> list[Action]:
        if name == "hunt":
            return [self.template(name, card=card.id) for card in self.creatures()]
        if name == "target":
            return self.target_actions()
        return super().actions_of(name)

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
        """lh-3-2, lh-3-5: deck tokens move like cards; other tokens cease to exist. A card
        that dies under a Survivor's control triggers for that Survivor, not the Horde."""
        theirs = not self.controls(card)
        events = super().leave_battlefield(card, zone, position)
        if card.made:
            events += self.cease_if_made(card)
        elif zone == "graveyard" and not card.token and not theirs:
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
            raise ActionError("finish the look at the Horde's hand first: tap Done looking")
        events = self._cleanup()
        if self.survivor_turn < self.preparation:
            return events + self.next_survivor_turn()
        return events + self._horde_turn()

    def _horde_turn(self) -> list[Event]:
        """The Horde's turn (derived, lh-4-2): untap; upkeep Surge check; reveal and play until
        3 cards are played or a nontoken card is played, then 2 more in the Surge (lh-5-2); the
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
        self.horde_step = "main"
        events += self._main_phase()
        events += self.check_dreadnought()  # lh-11-4: in the main phase, after its plays
        self.horde_step = ""
        events += self._attack()
        return events

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

    def can_attack(self, card: Card, facts: CardFacts) -> bool:
        """lh-11-3: Eldrazi Spawn never attack; nor do creatures with defender."""
        return card.name != SPAWN and super().can_attack(card, facts)

    def do_end_horde_turn(self) -> list[Event]:
        """End the Horde's turn: its second main phase comes first (lh-6-2: the Horde goes
        through every phase), where a Dreadnought card without flash that Spawn can now pay
        for is cast (lh-11-4); then cleanup clears damage and floating life gain (lh-8-3)."""
        self.check_end_horde_turn()
        self.horde_step = "main"
        events = self.check_dreadnought()
        self.horde_step = ""
        if self.phase == "over":
            return events
        events.append(Event("end-horde-turn", f"Horde turn {self.horde_turn} ends", [],
                            {"turn": self.horde_turn}))
        events += self._cleanup()
        self.phase = "survivors"
        return events + self.next_survivor_turn()

    def do_end_step(self) -> list[Event]:
        """A step or phase ends: life gain below 3 is lost (lh-8-6)."""
        self.require_playing()
        lost = self.gained
        self.gained = 0
        return [Event("end-step", f"Step ends: {lost} floating life gain is lost", [],
                      {"lost": lost})]

    # -- damage, life, drawing ------------------------------------------------------------------
    def do_hit(self, n: int, combat: bool = False) -> list[Event]:
        """Damage or life loss (lh-8-3): every 3 mills one card, counted through the turn and
        cleared at cleanup. Aggro Mode: every 1 mills one (lh-13-3). Combat damage too: the
        Survivors attack the Horde as any opponent (lh-8-1)."""
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
        return events

    def do_gain(self, n: int) -> list[Event]:
        """Life gain (lh-8-5, lh-8-6): every 3 draws and plays a card; the rest floats until
        the step ends."""
        self.require_playing()
        self.require_amount(n, "the Horde gains 1 or more life")
        return self.gain(n)

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
        return self.draw_and_play(n, "draw")

    def do_discard(self, n: int = 1) -> list[Event]:
        """Discarding N mills N instead (lh-8-10; Miasmic Mummy's discard too, lh-9-8)."""
        self.require_playing()
        if not isinstance(n, int) or n < 1:
            raise ActionError("discard 1 or more")
        return [Event("discard", f"The Horde would discard {n}: it mills {n} instead", [],
                      {"amount": n})] + self.mill(n)

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

    # -- victory ----------------------------------------------------------------------------------
    def do_confirm_victory(self) -> list[Event]:
        """lh-7-1, lh-7-2 (lh-1-3): with the library empty, the table confirms the Horde can never
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
        return effects + super().do_done(card)

    def check_end(self) -> list[Event]:
        """After every action, and the one place: the Dreadnought check when
        :meth:`dreadnought_moment` says it is time (lh-11-4: the Spawn count changed, whatever
        changed it), then :meth:`after_action` (the Epilogue, lh-6-1, and the victory hint,
        lh-7-3), except while the table looks at the Horde's hand: the cards are only lent out
        of the library then (lh-8-9; ``end-look`` puts them back). No handler calls either
        check itself."""
        events = self.check_dreadnought()
        return events + ([] if self.looking else self.after_action())

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


# -- the variant's descriptor (pyengine/variants.py) -------------------------------------------
def _levels() -> list[str]:
    """The difficulties, easiest (most Preparation turns, lh-2-4) first."""
    return sorted(LEVELS, key=LEVELS.__getitem__, reverse=True)


def _presets() -> list[dict[str, Any]]:
    return [{"difficulty": d} for d in _levels()]


def _candidates(team: int) -> list[tuple[str, dict[str, Any]]]:
    """Story to Nightmare (lh-2-4) for a team of ``team`` (hs-2-1's 1-4)."""
    team = min(max(team, SURVIVORS.low), SURVIVORS.high)
    return [(d.title(), {"difficulty": d, "survivors": team}) for d in _levels()]


def _config(deck: Any, db: Any, options: dict[str, Any], extra: Any) -> dict[str, Any]:
    """The Horde deck and, for the Eldrazi, the Dreadnought deck (lh-11-4)."""
    names, facts = decklist_config(deck, db)
    config: dict[str, Any] = {"deck": names, "facts": facts, **options}
    if extra is not None:
        dread, dread_facts = decklist_config(extra, db)
        config["dreadnought"] = dread
        config["facts"] = {**facts, **dread_facts}
    return config


def _start(config: dict[str, Any], seed: str, life: int | None) -> LimitedHorde:
    return LimitedHorde(config if life is None else {**config, "life": life}, seed)


#: The three shipped Horde decks (lh-11), the Eldrazi with its Dreadnought deck (lh-11-4).
_FIGURE_DECKS = (("limited-horde-zombies", None), ("limited-horde-goblins", None),
                 ("limited-horde-eldrazi-vanguard", "limited-horde-eldrazi-dreadnought"))


def _figure_label(options: Mapping[str, Any]) -> str:
    return str(options["difficulty"]).title()


def _figure_charts() -> list[Chart]:
    """A chart per deck, by difficulty."""
    return [Chart(deck, deck.removeprefix("limited-horde-").replace("-", " ").title()
                  + " Horde, by difficulty", {"deck": deck}, _figure_label, "Horde turn")
            for deck, _ in _FIGURE_DECKS]


#: The whole set-up: difficulty, set adjustment, Aggro Mode, the team and its life.
FULL_SETUP = Setup((*SETUP.fields, SURVIVORS, LIFE),
                   form_names={**SETUP.form_names, "life": "lh-life"})

LimitedHorde.descriptor = Variant(
    id=LimitedHorde.variant, label="Horde Magic Limited Edition 2.1", prefix="LH",
    rulebook="limited-horde", rulebook_title="Limited Horde 2.1", setup=FULL_SETUP,
    sample_decks=("limited-horde-zombies", "limited-horde-goblins",
                  "limited-horde-eldrazi-vanguard"),
    simulation=Simulation(
        driver="pyengine.simulate:_LimitedDriver", commander_decks=False,
        defaults={"difficulty": "normal", "adjustment": 0, "survivors": 1},
        summary=("difficulty", "adjustment", "aggro", "survivors", "life"), settings=_presets,
        candidates=_candidates, config=_config, start=_start,
        sample="limited-horde-zombies", title="Limited Horde 2.1", companion="dreadnought",
        figures=Figures(
            decks=_FIGURE_DECKS, settings=_presets, label=_figure_label, charts=_figure_charts,
            life="20 (this site's chosen default)", ordered=lambda: [_presets()],
            calibrated=True,
            # The rulebook has aggro decks overrun between turns 9 and 12 and a Surge end the
            # game within 2-3 turns (lh-2-4): 8 to 16 turns with the Preparation turns counted.
            length=(8.0, 16.0), setup_turns=lambda options: LEVELS[options["difficulty"]])),
    deck_formats=("limited-horde",),
    turn_actions=("end-survivor-turn", "end-horde-turn", "end-step", "done"),
    ending_actions=("life", "confirm-victory"),
    deck_kinds=(
        DeckKind("limited-horde", "Limited Horde 2.1",
                 "pyengine.card_reference:limited_reference"),
        DeckKind("limited-horde-dreadnought", "Limited Horde 2.1 (Dreadnought deck)",
                 "pyengine.card_reference:dreadnought_reference"),
    ),
)
