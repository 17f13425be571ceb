"""Horde (SlingLab rules): the Horde plays itself, at every difficulty and team size.

The rules are on the site at ``docs/horde/index.md`` (anchors ``hs-…``). A game is
:class:`HordeSlingLab` (variant ``"horde"``); its config is JSON::

    {
      "deck": ["Zombie", "Zombie", "Grave Titan", ...],   # the Horde deck, top first if stacked
      "facts": {"Zombie": {...}, ...},                      # see pyengine.horde_common
      "survivors": 2,                                       # 1 to 4
      "difficulty": "classic",                              # story, classic, nightmare, custom
      "life": {"mode": "per-survivor", "amount": 20},       # or "100-minus-15", or "fixed"
      "custom": {...},                                      # only with "custom" (below)
      "survivor_names": ["Ann", "Bo"],                      # optional, for Roll for the Horde
      "stack": false                                        # true: never shuffle (tests)
    }

Custom options (each optional, defaults in brackets): ``setup_turns`` 1–6 [3],
``exile_percent`` 0/10/25/40 [0], ``setup_attacks`` bool [true], ``flashback``
``"never"``/``"coin"``/``"always"`` ["coin"], ``library_size`` 100–1000 or ``"auto"`` [auto],
``wave`` 1–10 or ``"auto"`` [auto], ``surge`` 2/3/4/5 or ``"off"`` [3], ``rally`` bool [false].

Choices where the source is silent (each also said where it is implemented):

* The presets exile nothing and let the Survivors attack during set-up (hs-7-5 notes the source
  gives those two as Custom options only).
* "100 minus 15 per extra Survivor" is the team's whole life total (100/85/70/55).
* Set-up turns come first, then the Horde's first turn: with 3 set-up turns the order is
  Survivors 1, 2, 3, Horde 1, Survivors 4, Horde 2, ...
* Scaling copies (hs-8-1, hs-8-4): the extra cards are dealt from the deck's token cards and
  regular cards in turn, each pool shuffled with the game's Rng and dealt to the end before it is
  reshuffled and dealt again, so the copies keep the deck's proportions. A custom size ``N`` adds
  ``N - len(deck)`` cards: ``floor(extra * 3 / 5)`` tokens and the rest regular cards (exactly
  30/20 for every 50). If the deck has no card of one kind, the other kind is copied instead.
* Exile (hs-7-3): ``round(size * percent / 100)``, halves rounded up, chosen with
  ``Rng.sample`` from the whole library, at set-up (which is before the first Horde turn).
* A surge lands at the start of its Horde turn, so that turn's wave already has the extra
  nontoken card (hs-9-2). After 4 surges no more come.
* Coin flags are flipped at the start of every turn, the Survivors' and the Horde's, and when a
  flagged card enters the battlefield (hs-6-2).
* "Flashback and the like" (hs-6-5) are the cast-from-graveyard keywords ``flashback``,
  ``jump_start``, ``retrace``, ``escape``, ``disturb`` and ``aftermath``; graveyard abilities
  the Horde would have to activate (unearth, scavenge) are never used (hs-3-9).
* A held instant or sorcery (hs-3-8) and a graveyard offer (hs-6-4) must be dealt with before
  the Horde's turn can end; a held spell also keeps the Survivors from winning until resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .actions import Action
from .game import ActionError, Card, Event, register
from .horde_common import (
    HORDE_FAMILIES,
    HORDE_OVERRIDES,
    SURVIVORS,
    ConfigError,
    HordeGame,
    decklist_config,
)
from .horde_triggers import BEGIN_COMBAT, TriggerSteps
from .setup import Choice, Count, CountOrAuto, Flag, Group, Setup, SetupError
from .variants import Chart, DeckKind, Figures, Simulation, Variant
from .vocabulary import Handling, behaviours, declare, trigger_steps

__all__ = ["CUSTOM", "DIFFICULTIES", "DIFFICULTY", "LIFE_AMOUNT", "LIFE_MODE", "PRESETS",
           "SETUP", "HordeSlingLab", "life_total", "setup_turns"]

#: The difficulty (hs-7-1), declared once: the engine's check, the page's list, the flags.
DIFFICULTY = Choice("difficulty", "Difficulty", (("story", "Story"), ("classic", "Classic"),
                                                 ("nightmare", "Nightmare"),
                                                 ("custom", "Custom")), "classic", rule="hs-7-2")
DIFFICULTIES = tuple(DIFFICULTY.values())

#: Preset settings (hs-7-2): nontoken cards per wave for 1-4 Survivors, surge interval,
#: Rally, flashback.
PRESETS: dict[str, dict[str, Any]] = {
    "story": {"wave": (1, 1, 1, 2), "surge": 4, "rally": False, "flashback": "never"},
    "classic": {"wave": (1, 1, 2, 2), "surge": 3, "rally": False, "flashback": "coin"},
    "nightmare": {"wave": (1, 2, 3, 4), "surge": 2, "rally": True, "flashback": "always"},
}

#: Cards added per Survivor after the first (hs-8-1): tokens, regular cards.
EXTRA_TOKENS, EXTRA_REGULAR = 30, 20
#: Custom's options (hs-7-4), each declared once: the engine checks a config with it, the play
#: page lists and reads its fields with it, and the command line makes its flags from it.
CUSTOM = Setup((
    Count("setup_turns", "Set-up turns", 1, 6, 3, rule="hs-2-2"),
    Choice("exile_percent", "Exile", tuple((n, f"{n} %") for n in (0, 10, 25, 40)), 0,
           rule="hs-7-5", help="that share of the Horde library, at random"),
    Flag("setup_attacks", "The Survivors may attack during set-up", True, rule="hs-4-5"),
    Choice("flashback", "Flashback", (("never", "Never"), ("coin", "On a coin"),
                                      ("always", "Always")), "coin",
           rule="hs-6-5", help="and the like"),
    CountOrAuto("library_size", "Deck size", 100, 1000, rule="hs-8-4"),
    CountOrAuto("wave", "Wave size", 1, 10, auto_label="Auto (as Classic)", rule="hs-8-2",
                help="nontoken cards per wave"),
    Choice("surge", "Surge", tuple((n, f"Every {n} Horde turns") for n in (2, 3, 4, 5))
           + (("off", "Off"),), 3, rule="hs-9-1"),
    Flag("rally", "Rally", False, rule="hs-9-5"),
), form_names={"exile_percent": "exile"})

#: Most surges that can stack onto the wave (hs-9-3).
MAX_SURGES = 4
#: What the SlingLab Horde does with each verb of the card vocabulary
#: (:mod:`pyengine.vocabulary`): the Horde's shared declaration
#: (:data:`pyengine.horde_common.HORDE_HANDLING`) and SlingLab's own: graveyard casting by
#: the difficulty (hs-6-5), held spells (hs-3-8). Coin flags, offers, reminders, the card
#: reference, the card panel and the attack total read it.
HANDLING = declare(HORDE_FAMILIES, {
    **HORDE_OVERRIDES,
    **{verb: Handling("carried", "hs-6-5", "cast from the graveyard by the difficulty")
       for verb in ("flashback", "jump_start", "retrace", "escape", "disturb", "aftermath")},
    # issue 41: triggers at their step (pyengine/horde_triggers.py)
    **trigger_steps("hs-3-9", "the Horde's", "its tokens and power changes as the attackers "
                                            "are declared, before the attack total"),
})
#: Keywords that let a card be cast from the graveyard (hs-6-5 "flashback and the like"): the
#: verbs :data:`HANDLING` says are carried out by hs-6-5, in the order they are looked for.
GRAVEYARD_CAST_KEYWORDS = tuple(verb for verb, how in HANDLING.items() if how.rule == "hs-6-5")
#: Of those, the ones whose spell is exiled when it resolves.
EXILING_KEYWORDS = ("flashback", "jump_start", "escape")
#: Tag for a card the Horde may cast from its graveyard under a condition the table checks.
CONDITIONAL_TAG = "gy_cast_condition"


def setup_turns(difficulty: str, survivors: int, custom_turns: int | None = None) -> int:
    """Set-up turns (hs-2-2, hs-8-3): 3, one fewer with 3-4 Survivors, never below 1;
    Custom plays exactly the number chosen."""
    if difficulty == "custom":
        return 3 if custom_turns is None else custom_turns
    return max(1, 3 - (1 if survivors >= 3 else 0))


#: How the Survivors' starting life is set (hs-2-4, hs-2-5), declared once: the engine's check,
#: the page's list and the command line's choices.
LIFE_MODE = Choice("mode", "Life", (("per-survivor", "An amount per Survivor"),
                                    ("100-minus-15", "100, minus 15 per extra Survivor"),
                                    ("fixed", "One fixed total")), "per-survivor",
                   rule="hs-2-4 hs-2-5", help="the Survivors' starting life")
#: The amount for an amount per Survivor or a fixed total (hs-2-4, hs-2-5): the page's number
#: box and its reading.
LIFE_AMOUNT = Count("amount", "Life", 1, 9999, 20, help="per Survivor, or the fixed total")


def life_total(life: dict[str, Any] | None, survivors: int) -> int:
    """The Survivors' starting group life (hs-2-4, hs-2-5), apart from the difficulty (hs-2-6)."""
    life = life or {"mode": "per-survivor", "amount": 20}
    mode = life.get("mode", "per-survivor")
    if mode == "per-survivor":
        amount = life.get("amount", 20)
        if not isinstance(amount, int) or amount < 1:
            raise ConfigError("life per Survivor must be a positive whole number")
        return amount * survivors
    if mode == "100-minus-15":
        return 100 - 15 * (survivors - 1)
    if mode == "fixed":
        amount = life.get("amount")
        if not isinstance(amount, int) or amount < 1:
            raise ConfigError("a fixed life total must be a positive whole number")
        return amount
    raise ConfigError(f"life mode is one of: {LIFE_MODE.allowed()}")


def graveyard_cast_keyword(facts: Any) -> str | None:
    """The first of :data:`GRAVEYARD_CAST_KEYWORDS` a card has (hs-6-5), or None."""
    return next((k for k in GRAVEYARD_CAST_KEYWORDS if facts.has_tag(k)), None)


def graveyard_offer(facts: Any) -> bool:
    """hs-6-4: a card the Horde may cast from its graveyard under a condition only the table
    can check (a verb :data:`HANDLING` declares an ``offer``: :data:`CONDITIONAL_TAG`) goes
    on offer, with a coin, at every difficulty."""
    return any(HANDLING[b.name].offer for b in behaviours(facts.tags) if b.name in HANDLING)


def _round_half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


@register
class HordeSlingLab(TriggerSteps, HordeGame):
    """A Horde game under the SlingLab rules. Actions (``do_*``; hyphens in action types):

    ``end-survivor-turn``, ``end-horde-turn``, ``hit`` (n, combat), ``gain`` (n),
    ``life`` (change), ``roll`` (kind, creatures), ``cast-offer`` / ``skip-offer`` (card),
    ``follow-offers`` (every open offer as its coin says), ``trigger-tokens`` (card, trigger,
    n: a trigger that makes tokens the engine cannot count, carried out by the table:
    :mod:`pyengine.horde_triggers`, which also carries out the triggers at their steps),
    ``done`` (card), ``tap`` / ``untap`` (card), ``counters`` (card, n), ``move`` (card, to),
    ``create-token`` (name, n, tapped, power, toughness).
    """

    variant: ClassVar[str] = "horde"
    HANDLING: ClassVar[dict[str, Handling]] = HANDLING

    # -- set-up -----------------------------------------------------------------------------------
    def setup(self) -> list[Event]:
        self.init_common()
        #: The Survivors' life when a Horde turn ended at 0 or less (hs-2-8), else None.
        self.ended_at_life: int | None = None
        config = self.config
        self.survivors = survivors = self.config_survivors()
        try:
            self.difficulty = DIFFICULTY.check(config.get("difficulty", DIFFICULTY.default))
        except SetupError as error:
            raise ConfigError(str(error)) from None
        self.options = self._resolve_options()
        deck = self.config_deck()
        self.check_names(deck)

        self.life = life_total(config.get("life"), survivors)
        self.setup_turns = self.options["setup_turns"]
        #: Number of the current (or last) Survivor turn.
        self.survivor_turn = 1
        #: Horde turns started so far; also the current wave number.
        self.horde_turn = 0
        self.surges = 0
        #: Open graveyard offers: card id -> coin (True = cast).
        self.offers: dict[int, bool] = {}
        #: turn_serial of the turn each card was last cast (flashback waits a turn).
        self.cast_turns: dict[int, int] = {}
        #: Graveyard cards already considered for flashback this Horde turn.
        self.flashback_seen: list[int] = []

        events = self._build_library(deck)
        events.append(
            Event(
                "setup",
                f"{self.difficulty.title()} Horde for {survivors} Survivor(s): "
                f"{len(self.zones['library'])} cards in the library, group life {self.life}, "
                f"{self.setup_turns} set-up turn(s), {self.wave_base} nontoken card(s) a wave",
                [],
                self.status(),
            )
        )
        events.append(self._turn_event())
        return events

    def _resolve_options(self) -> dict[str, Any]:
        """The difficulty's options (hs-7-1, hs-7-2, hs-7-3; Custom's auto scales as Classic,
        hs-7-4; the wave by team size, hs-8-2)."""
        custom = self.config.get("custom")
        n = self.survivors
        if self.difficulty != "custom":
            if custom:
                raise ConfigError("'custom' options need the Custom difficulty")
            preset = PRESETS[self.difficulty]
            return {
                "setup_turns": setup_turns(self.difficulty, n),
                "exile_percent": 0,
                "setup_attacks": True,
                "flashback": preset["flashback"],
                "library_size": "auto",
                "wave": preset["wave"][n - 1],
                "surge": preset["surge"],
                "rally": preset["rally"],
            }
        try:
            custom = CUSTOM.check(custom or {})
        except SetupError as error:
            raise ConfigError(f"custom: {error}") from None
        wave = custom["wave"]
        if wave == "auto":
            wave = PRESETS["classic"]["wave"][n - 1]
        surge = custom["surge"]
        return {
            **custom,
            "setup_turns": setup_turns("custom", n, custom["setup_turns"]),
            "wave": wave,
            "surge": None if surge == "off" else surge,
        }

    @property
    def wave_base(self) -> int:
        wave: int = self.options["wave"]
        return wave

    def _copies(self, pool: list[str], count: int) -> list[str]:
        """``count`` names dealt from ``pool``: shuffled, dealt to the end, reshuffled, ..."""
        result: list[str] = []
        while len(result) < count and pool:
            batch = list(pool) if self.config.get("stack") else self.rng.shuffled(pool)
            result.extend(batch[: count - len(result)])
        return result

    def _build_library(self, deck: list[str]) -> list[Event]:
        size = self.options["library_size"]
        target = len(deck) + 50 * (self.survivors - 1) if size == "auto" else size
        if target < len(deck):
            raise ConfigError(f"library size {target} is smaller than the deck ({len(deck)})")
        extra = target - len(deck)
        tokens = [n for n in deck if self.facts(n).is_token]
        regular = [n for n in deck if not self.facts(n).is_token]
        extra_tokens = extra * EXTRA_TOKENS // (EXTRA_TOKENS + EXTRA_REGULAR)
        extra_regular = extra - extra_tokens
        if not tokens:
            extra_tokens, extra_regular = 0, extra
        if not regular:
            extra_tokens, extra_regular = extra, 0
        copies = self._copies(tokens, extra_tokens) + self._copies(regular, extra_regular)
        for name in deck + copies:
            self.zones.add("library", self.new_card(name, token=self.facts(name).is_token))
        events = []
        if copies:
            events.append(Event("scale", f"{len(copies)} cards copied into the library "
                                f"({extra_tokens} tokens, {extra_regular} regular)", [],
                                {"tokens": extra_tokens, "regular": extra_regular}))
        if not self.config.get("stack"):
            self.rng.shuffle(self.zones["library"])
            events.append(Event("shuffle", "The Horde library is shuffled", [],
                                {"size": len(self.zones["library"])}))
        percent = self.options["exile_percent"]
        if percent:
            library = self.zones["library"]
            count = _round_half_up(len(library) * percent, 100)
            chosen = self.rng.sample([c.id for c in library], count)
            for card_id in sorted(chosen):
                self.zones.move(card_id, "exile")
            events.append(Event("exile", f"{count} cards ({percent}%) of the Horde library are "
                                "exiled at random", [c.name for c in self.zones["exile"]],
                                {"count": count, "percent": percent}))
        return events

    def survivor_count(self) -> int:
        return self.survivors

    # -- status for pages and the command line --------------------------------------------------
    @property
    def in_setup(self) -> bool:
        """True while the set-up turns last (no Horde turn yet)."""
        return self.horde_turn == 0

    def next_surge_turn(self) -> int | None:
        interval: int | None = self.options["surge"]
        if not interval or self.surges >= MAX_SURGES:
            return None
        return (self.horde_turn // interval + 1) * interval

    def status(self) -> dict[str, Any]:
        """What a page's Horde toolbar shows (hs-9-4), as JSON data."""
        return {
            "difficulty": self.difficulty,
            "survivors": self.survivors,
            "life": self.life,
            "phase": self.phase,
            "winner": self.winner,
            "setup_turns": self.setup_turns,
            "survivor_turn": self.survivor_turn,
            "horde_turn": self.horde_turn,
            "wave": self.horde_turn,
            "wave_size": self.wave_base + self.surges,
            "surges": self.surges,
            "next_surge_turn": self.next_surge_turn(),
            "rally": self.options["rally"],
            "flashback": self.options["flashback"],
            "setup_attacks": self.options["setup_attacks"],
            "offers": [{"card": k, "yes": v} for k, v in self.offers.items()],
            "flags": [{"card": k, "yes": v} for k, v in self.flags.items()],
            "actions": self.legal_types(),
            "counts": self.zones.counts(),
        }

    #: hs-2-7: the Survivors win; hs-2-8: the Horde wins.
    outcome_rules: ClassVar[dict[str, str]] = {"survivors": "hs-2-7", "horde": "hs-2-8"}

    def legal_types(self) -> list[str]:
        """The types of the actions that make sense now (see :meth:`HordeGame.legal_actions`):
        the turn's end first, each graveyard offer cast or skipped last."""
        names = super().legal_types()
        if self.phase == "survivors":
            names.insert(0, "end-survivor-turn")
        elif self.phase == "horde":
            if not self.zones["stack"] and not self.offers:
                names.insert(0, "end-horde-turn")
            if self.offers:
                names += ["cast-offer", "skip-offer", "follow-offers"]
            if self.token_triggers():
                names.append("trigger-tokens")
        return names

    def actions_of(self, name: str) -> list[Action]:
        if name in ("cast-offer", "skip-offer"):
            return [Action.of(name, card=card) for card in self.offers]
        return super().actions_of(name)

    def snapshot(self) -> dict[str, Any]:
        state = super().snapshot()
        state.update(self.common_state())
        state.update(
            {
                "survivor_turn": self.survivor_turn,
                "horde_turn": self.horde_turn,
                "surges": self.surges,
                "offers": {str(k): v for k, v in self.offers.items()},
                "cast_turns": {str(k): v for k, v in sorted(self.cast_turns.items())},
                "flashback_seen": list(self.flashback_seen),
            }
        )
        return state

    def _turn_event(self) -> Event:
        if self.in_setup:
            text = f"Survivor turn {self.survivor_turn} (set-up turn {self.survivor_turn} of " \
                   f"{self.setup_turns})"
        else:
            text = f"Survivor turn {self.survivor_turn}"
        return Event("survivor-turn", text, [], {"turn": self.survivor_turn,
                                                 "setup": self.in_setup})

    # -- moving cards -------------------------------------------------------------------------
    def leave_battlefield(self, card: Card, zone: str, position: int | None = None) -> list[Event]:
        """hs-5-5 / hs-5-6: deck tokens move like cards; made tokens cease to exist."""
        return super().leave_battlefield(card, zone, position) + self.cease_if_made(card)

    def cast(self, card: Card, how: str, *, exile_after: bool = False,
             source: str | None = None) -> list[Event]:
        """Cast a Horde card for free (hs-3-7) from ``source`` (when the caller knows it):
        permanents enter, instants and sorceries wait on the stack for the table (hs-3-8)."""
        self.cast_turns[card.id] = self.turn_serial
        events = [Event("cast", f"The Horde casts {card.name}{how}", [card.name],
                        {"card": card.id})]
        if self.facts(card).is_spell_only:
            self.move_from(card, source, "stack")
            if exile_after:
                self.spell_exiles[card.id] = True
            events.append(Event("hold", f"{card.name} waits for the table to resolve it, then "
                                "Done", [card.name], {"card": card.id}))
        else:
            events += self.enter_battlefield(card, source=source)
        return events

    # -- turns ----------------------------------------------------------------------------------
    def do_end_survivor_turn(self) -> list[Event]:
        """End the Survivors' shared turn (hs-2-1). In set-up the next set-up turn begins; then the
        Horde's turn runs at once (hs-2-2, hs-2-3, hs-3)."""
        self.require_playing()
        if self.phase != "survivors":
            raise ActionError("it is the Horde's turn: end it first")
        if self.survivor_turn < self.setup_turns:
            return self.next_survivor_turn()
        return self._horde_turn()

    def _horde_turn(self) -> list[Event]:
        """The Horde's turn, played by the engine alone (hs-3-1): steps, then combat (hs-3-10)."""
        self.phase = "horde"
        self.horde_turn += 1
        self.turn_serial += 1
        self.flashback_seen = []
        events = [Event("horde-turn", f"Horde turn {self.horde_turn}", [],
                        {"turn": self.horde_turn})]
        events += self.untap_all()  # hs-3-2
        events += self.flip_flags()
        self.eot_power = {}
        events += self.upkeep_triggers()  # hs-3-9, before the wave
        # hs-9-5: Rally before the wave.
        if self.options["rally"]:
            rallied = self.creatures()
            for card in rallied:
                card.counters += 1
            events.append(Event("rally", f"Rally: {len(rallied)} Horde creature(s) get a +1/+1 "
                                "counter", [c.name for c in rallied], {"count": len(rallied)}))
        # hs-9-1, hs-9-2: Surge on its own turns.
        interval = self.options["surge"]
        if interval and self.horde_turn % interval == 0 and self.surges < MAX_SURGES:
            self.surges += 1
            events.append(Event("surge", f"The Horde surges ({self.surges} so far): waves now "
                                f"reveal {self.wave_base + self.surges} nontoken card(s)", [],
                                {"surges": self.surges,
                                 "wave_size": self.wave_base + self.surges}))
        events += self._wave()
        events += self._cast_hand()
        events += self._flashback()
        events += self._offers()
        events += self.upkeep_triggers(BEGIN_COMBAT)  # hs-3-9, before the attackers
        events += self._attack()
        return events

    def _wave(self) -> list[Event]:
        """hs-3-3, hs-3-4: reveal until the wave's nontoken count; tokens enter, then the
        nontoken cards are cast in the order revealed."""
        size = self.wave_base + self.surges
        revealed: list[Card] = []
        nontoken = 0
        library = self.zones["library"]
        while library and nontoken < size:
            card = library.pop(0)
            self.zones.add("exile", card)  # parked face up while the wave resolves
            card.face_up = True
            revealed.append(card)
            if not card.token:
                nontoken += 1
        events = [Event("reveal", f"Wave {self.horde_turn}: the Horde reveals {len(revealed)} "
                        f"card(s), {nontoken} nontoken", [c.name for c in revealed],
                        {"wave": self.horde_turn, "size": size, "nontoken": nontoken,
                         "cards": [c.id for c in revealed]})]
        for card in revealed:
            if card.token:
                events += self.enter_battlefield(card, source="exile")
        for card in revealed:
            if not card.token:
                card.face_up = False
                events += self.cast(card, "", source="exile")
        return events

    def _cast_hand(self) -> list[Event]:
        """hs-3-5: the Horde casts every card in its hand."""
        events = []
        for card in list(self.zones["hand"]):
            if card.token:
                events += self.enter_battlefield(card, source="hand")
            else:
                events += self.cast(card, " from its hand", source="hand")
        return events

    def _flashback(self) -> list[Event]:
        """hs-6-5 (hs-3-6): flashback and the like, by the setting, never on the turn cast.

        Checked in the Horde's turn after its hand is cast, and again whenever a held spell
        resolves during that turn (``done``). Each graveyard card is considered once a turn.
        """
        setting = self.options["flashback"]
        events = []
        facts = self._facts  # (every card in the game has facts: checked at the set-up)
        for card in list(self.zones["graveyard"]):
            keyword = facts[card.name].derived(graveyard_cast_keyword)
            if keyword is None or card.id in self.flashback_seen:
                continue
            self.flashback_seen.append(card.id)
            if self.cast_turns.get(card.id) == self.turn_serial:
                events.append(Event("flashback-wait", f"{card.name} was cast this turn; no "
                                    f"{keyword} until a later turn", [card.name],
                                    {"card": card.id}))
                continue
            if setting == "never":
                continue
            if setting == "coin":
                yes = self.rng.coin()
                events.append(Event("coin", f"Coin for {card.name}'s {keyword}: "
                                    f"{'Yes' if yes else 'No'}", [card.name],
                                    {"card": card.id, "yes": yes}))
                if not yes:
                    continue
            events += self.cast(card, f" with {keyword} from its graveyard",
                                exile_after=keyword in EXILING_KEYWORDS, source="graveyard")
        return events

    def _offers(self) -> list[Event]:
        """hs-6-4: conditional graveyard casts are offered with a coin each."""
        self.offers = {}
        events = []
        facts = self._facts
        for card in self.zones["graveyard"]:
            if facts[card.name].derived(graveyard_offer):
                yes = self.rng.coin()
                self.offers[card.id] = yes
                events.append(Event("offer", f"Graveyard offer: {card.name} — check its "
                                    f"condition, coin says {'Cast' if yes else 'Skip'}",
                                    [card.name], {"card": card.id, "yes": yes}))
        return events

    def _attack(self) -> list[Event]:
        """hs-4-1, hs-4-2: every untapped Horde creature taps and attacks (not with defender
        or ``cant_attack``)."""
        return self.attack()

    def do_end_horde_turn(self) -> list[Event]:
        """End the Horde's turn (hs-4-3); the Horde wins if life is 0 or less (hs-2-8)."""
        self.check_end_horde_turn()
        if self.offers:
            names = ", ".join(f"#{k}" for k in self.offers)
            raise ActionError(f"deal with the graveyard offer(s) first: {names}")
        events = [Event("end-horde-turn", f"Horde turn {self.horde_turn} ends", [],
                        {"turn": self.horde_turn, "life": self.life})]
        if self.life <= 0:
            self.ended_at_life = self.life  # the Horde wins: check_end says so (hs-2-8)
            return events
        self.phase = "survivors"
        return events + self.next_survivor_turn()

    def do_done(self, card: int) -> list[Event]:
        """A held spell was resolved by hand (hs-3-8). During the Horde's turn its graveyard is
        checked for flashback again (hs-6-5); the spell itself waits for a later turn."""
        events = super().do_done(card)
        if self.phase == "horde":
            events += self._flashback()
        return events

    # -- offers -----------------------------------------------------------------------------------
    def do_cast_offer(self, card: int) -> list[Event]:
        """The table checked the condition and casts the offered card (hs-6-4)."""
        self.require_playing()
        target = self.find(card, "graveyard")
        if target.id not in self.offers:
            raise ActionError(f"{target.name} (#{target.id}) is not on offer")
        del self.offers[target.id]
        return self.cast(target, " from its graveyard (offer)", source="graveyard")

    def do_skip_offer(self, card: int) -> list[Event]:
        """The table skips an offered graveyard card (hs-6-4)."""
        self.require_playing()
        if card not in self.offers:
            raise ActionError(f"card #{card} is not on offer")
        del self.offers[card]
        target = self.find(card)
        return [Event("skip", f"{target.name} stays in the graveyard", [target.name],
                      {"card": target.id})]

    def do_follow_offers(self) -> list[Event]:
        """Every open graveyard offer as its coin says, in one action (hs-6-4): Cast where the
        coin says Cast, Skip where it says Skip; each offer stays tappable on its own before."""
        self.require_playing()
        if not self.offers:
            raise ActionError("no graveyard offer is open")
        events: list[Event] = []
        for card, yes in list(self.offers.items()):
            events += self.do_cast_offer(card) if yes else self.do_skip_offer(card)
        return events

    # -- damage, life ---------------------------------------------------------------------------
    def do_hit(self, n: int, combat: bool = False) -> list[Event]:
        """Hit the Horde (hs-5-1): each point of damage or life loss mills one card. Combat
        damage during set-up needs the set-up attacks option (hs-4-5); the Horde never blocks, so
        all of it reaches the Horde (hs-4-4)."""
        self.require_playing()
        self.require_amount(n, "hit the Horde for 1 or more")
        if combat and self.in_setup and not self.options["setup_attacks"]:
            raise ActionError("the Survivors may not attack the Horde during set-up")
        events = [Event("hit", f"The Horde is hit for {n}", [], {"amount": n})]
        return events + self.mill(n)

    def do_gain(self, n: int) -> list[Event]:
        """Raise the Horde's life (hs-5-3, hs-5-4): newest graveyard cards go back on top of
        the library; with the graveyard empty, each point puts a new copy of one of its deck's
        tokens on top (chosen with the Rng among the deck's token cards) and alerts the table."""
        self.require_playing()
        self.require_amount(n, "the Horde gains 1 or more life")
        events = []
        returned = []
        for _ in range(n):
            graveyard = self.zones["graveyard"]
            if graveyard:
                card = graveyard[-1]
                self.zones.move(card.id, "library", 0)
                returned.append(card)
                continue
            tokens = [name for name in self.config["deck"] if self.facts(name).is_token]
            if not tokens:
                events.append(Event("alert", "The Horde gains life but its deck has no tokens "
                                    "to copy", [], {"alert": True}))
                continue
            name = self.rng.choice(tokens)
            card = self.new_card(name, token=True)
            self.zones.add("library", card, 0)
            events.append(Event("alert", f"Real life gain! A new {name} goes on top of the "
                                "Horde's library", [name], {"alert": True, "card": card.id}))
        if returned:
            events.insert(0, Event("unmill", f"{len(returned)} graveyard card(s) go back on top "
                                   "of the Horde's library", [c.name for c in returned],
                                   {"count": len(returned)}))
        return events

    def do_life(self, change: int) -> list[Event]:
        """Change the Survivors' group life (damage taken, lifelink: hs-5-2, ...)."""
        self.require_playing()
        self.require_life_change(change)
        return self.shift_life(change)

    def do_create_token(self, name: str, n: int = 1, tapped: bool = False,
                        power: int | None = None, toughness: int | None = None) -> list[Event]:
        """The table creates tokens for the Horde (hs-6-8); they cease to exist when they leave
        the battlefield (hs-5-6). A name without facts needs power and toughness."""
        self.require_playing()
        if not isinstance(name, str) or not name.strip():
            raise ActionError("name the token")
        if not isinstance(n, int) or not 1 <= n <= 100:
            raise ActionError("create 1 to 100 tokens")
        return self.make_tokens(name, n, power, toughness,
                                f"{n} {name} token(s) created for the Horde", tapped=bool(tapped))

    # -- victory ----------------------------------------------------------------------------------
    def after_action(self) -> list[Event]:
        """The end of the game, checked after every action (:meth:`check_end`): hs-2-8, the
        Horde wins when a Horde turn ended with the Survivors' life at 0 or less; hs-2-7, the
        Survivors win once the Horde has no library, hand or creatures (and no held spell on
        the stack)."""
        if self.phase == "over":
            return []
        if self.ended_at_life is not None:
            self.phase = "over"
            self.winner = "horde"
            return [Event("win", f"The Horde wins: the Survivors' life is {self.ended_at_life}",
                          [], {"winner": "horde"})]
        if (not self.zones["library"] and not self.zones["hand"] and not self.zones["stack"]
                and not self.any_creature()):
            self.phase = "over"
            self.winner = "survivors"
            return [Event("win", "The Survivors win: the Horde has no library, no hand and no "
                          "creatures", [], {"winner": "survivors"})]
        return []


# -- the variant's descriptor (pyengine/variants.py) -------------------------------------------
def _presets() -> list[dict[str, Any]]:
    """Every preset (hs-7-2) for 1-4 Survivors, easiest first."""
    return [{"difficulty": d, "survivors": n} for d in PRESETS
            for n in range(SURVIVORS.low, SURVIVORS.high + 1)]


def _candidates(team: int) -> list[tuple[str, dict[str, Any]]]:
    """The settings a suggestion tries, easiest first: Custom exile 40/25/10 % with Classic's
    waves (hs-7-5), then Story, Classic, Nightmare (hs-7-2)."""
    team = min(max(team, SURVIVORS.low), SURVIVORS.high)
    exiles = sorted((e for e in CUSTOM.choice("exile_percent").values() if e), reverse=True)
    out = [(f"Custom, exile {e}%", {"difficulty": "custom", "survivors": team,
                                     "custom": {"exile_percent": e}}) for e in exiles]
    return out + [(d.title(), {"difficulty": d, "survivors": team}) for d in PRESETS]


def _config(deck: Any, db: Any, options: dict[str, Any], extra: Any) -> dict[str, Any]:
    names, facts = decklist_config(deck, db)
    return {"deck": names, "facts": facts, **options}


def _start(config: dict[str, Any], seed: str, life: int | None) -> HordeSlingLab:
    """A game with the table model's starting life as a fixed total (hs-2-5)."""
    if life is not None:
        config = {**config, "life": {"mode": "fixed", "amount": life}}
    return HordeSlingLab(config, seed)


def _survivors(options: Mapping[str, Any]) -> str:
    return f"{options['survivors']} Survivor" + ("s" if options["survivors"] > 1 else "")


def _figure_settings() -> list[dict[str, Any]]:
    """Every preset (hs-7-2), then Custom with each exile share (hs-7-5) for the one- and
    two-Survivor games it is meant for."""
    exiles = CUSTOM.choice("exile_percent").values()
    return _presets() + [{"difficulty": "custom", "survivors": n,
                          "custom": {"exile_percent": e}} for n in (1, 2) for e in exiles]


def _figure_label(options: Mapping[str, Any]) -> str:
    if options["difficulty"] == "custom":
        return f"Custom, exile {options['custom']['exile_percent']}%"
    return str(options["difficulty"]).title()


def _figure_charts() -> list[Chart]:
    """A chart per preset by team size, and one per team size of Custom by exile share."""
    presets = [Chart(f"horde-{d}", f"{d.title()}, by team size", {"difficulty": d},
                     _survivors, "Horde turn") for d in PRESETS]
    return presets + [
        Chart(f"horde-custom-exile-{n}", f"Custom: exiling part of the deck, {n} Survivor"
              + ("s" if n > 1 else ""), {"difficulty": "custom", "survivors": n},
              lambda o: f"exile {o['custom']['exile_percent']}%", "Horde turn") for n in (1, 2)]


def _figure_order() -> list[list[dict[str, Any]]]:
    """The presets, easiest first (hs-7-2), at each team size."""
    return [[{"difficulty": d, "survivors": n} for d in PRESETS]
            for n in range(SURVIVORS.low, SURVIVORS.high + 1)]


#: The whole set-up (hs-7, hs-2-4, hs-2-5, hs-7-4): one declaration with its two groups.
SETUP = Setup((
    DIFFICULTY,
    SURVIVORS,
    Group("life", "Life", Setup((LIFE_MODE, LIFE_AMOUNT),
                                form_names={"mode": "life-mode", "amount": "life"}),
          rule="hs-2-4 hs-2-5"),
    Group("custom", "Custom", CUSTOM, rule="hs-7-4"),
))

HordeSlingLab.descriptor = Variant(
    id=HordeSlingLab.variant, label="Horde (SlingLab rules)", prefix="HS", rulebook="horde",
    rulebook_title="SlingLab Horde", setup=SETUP,
    sample_decks=("horde-knudson-zombies-2011",),
    simulation=Simulation(
        driver="pyengine.simulate:_HordeDriver", commander_decks=True,
        defaults={"difficulty": "classic", "survivors": 1},
        summary=("difficulty", "survivors", "custom", "life"), settings=_presets,
        candidates=_candidates, config=_config, start=_start,
        sample="horde-knudson-zombies-2011", title="Horde (SlingLab)", suggested=0,
        figures=Figures(
            decks=(("horde-knudson-zombies-2011", None),), settings=_figure_settings,
            label=_figure_label, charts=_figure_charts, ordered=_figure_order,
            life="20 per Survivor (the default group life)")),
    deck_formats=("horde", "commander-horde"),
    turn_actions=("end-survivor-turn", "end-horde-turn", "done", "skip-offer"),
    ending_actions=("life",),
    deck_kinds=(DeckKind("horde", "Horde (SlingLab rules)",
                         "pyengine.card_reference:horde_reference"),),
)
