"""Pieces shared by the two Horde formats: card facts in a config, and the Horde as a puppet.

Both :mod:`pyengine.horde` (SlingLab rules) and :mod:`pyengine.limited_horde` (Horde Magic
Limited Edition 2.1) keep a game's card facts inside its config, so a save replays without any
file. A config's ``"facts"`` maps each card name to a small JSON object::

    {"Zombie": {"mana_cost": "", "mana_value": 0, "type_line": "Token Creature — Zombie",
                "power": "2", "toughness": "2", "token": true, "tags": ["token"]}}

written by :func:`pyengine.cards.config_facts` (``facts_entry`` here is the same function) and
read back, once at set-up, as :class:`pyengine.cards.CardFacts`
(:func:`pyengine.cards.read_config_facts`), as Swarm does. :func:`decklist_config` builds a
deck's names and facts from a decklist, for the command line and the pages alike.

:class:`HordeGame` holds what both formats do the same way: the Horde's zones (with a ``stack``
zone where Horde instants and sorceries wait until the table resolves them), the table's
"puppet" actions on Horde cards (tap, untap, move, counters, resolve a held spell), the coin
flags for optional and activated abilities, and "Roll for the Horde".

For a page (a runner widget) both games offer the same surface:

* ``game.status()``: JSON data for the toolbar: ``phase`` (``"survivors"``, ``"horde"``,
  ``"over"``), ``winner``, ``life``, ``survivor_turn``, ``horde_turn``, ``actions`` (the action
  types that make sense now, see :meth:`HordeGame.legal_actions`), ``counts`` (cards per zone)
  and the format's own fields (SlingLab: ``wave``, ``wave_size``, ``surges``,
  ``next_surge_turn``, ``offers``, ``flags``, ...; Limited: ``stage``, ``damage``, ``gained``,
  ``hunting``, ``spawn``, ``dreadnought_top``, ``surge_check``, ``victory_possible``, ...).
* ``game.zones[name]``: cards (``id``, ``name``, ``token``, ``made``, ``tapped``,
  ``counters``, ``face_up``) in ``library`` (top first), ``hand``, ``battlefield``, ``stack``
  (held Horde instants and sorceries), ``graveyard`` (newest last), ``exile`` and, in Limited
  games, ``dreadnought`` (only its face-up top card is public).
* ``game.apply({"type": ..., ...})`` returns :class:`pyengine.game.Event` objects; ``kind``
  values include ``reveal``, ``cast``, ``enter``, ``hold``, ``resolve``, ``attack``, ``mill``,
  ``flag``, ``coin``, ``offer``, ``surge``, ``rally``, ``alert`` (real life gain: alert the
  table), ``roll``, ``target``, ``stage``, ``win``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .actions import Action, Bound
from .board_facts import attack_summary, bonus, boosting, number
from .cards import (  # noqa: F401 - parse_cost re-exported
    CardDataError,
    CardDB,
    CardFacts,
    config_facts,
    deck_facts,
    missing_facts,
    missing_facts_message,
    parse_cost,
    read_config_facts,
)
from .game import ActionError, Card, Event, Game, GameError, Outcome, Termination, Zones
from .restrictions import Member, Side, holds
from .setup import Count, SetupError
from .vocabulary import Handling, behaviours, declare, handling_of, plural

__all__ = [
    "ConfigError",
    "HordeGame",
    "deck_config",
    "decklist_config",
    "facts_entry",
    "locate_card",
    "parse_cost",
]


#: The number of Survivors at a Horde table, both rule sets (hs-2-1; the Limited Edition's
#: Survivors count for life and Roll for the Horde): one declaration for the engines, the
#: play page's list and reading, and the command line.
SURVIVORS = Count("survivors", "Survivors", 1, 4, 1, rule="hs-2-1")


class ConfigError(GameError):
    """A game config that cannot start a game (an unknown option, a card without facts)."""


#: One config ``facts`` entry (see :func:`pyengine.cards.config_facts`).
facts_entry = config_facts


#: What both Horde rule sets do with each verb of the card vocabulary
#: (:mod:`pyengine.vocabulary`): the shared part of ``horde.HANDLING`` and
#: ``limited_horde.HANDLING``, which each engine completes with its own rules.
HORDE_FAMILIES = {
    "keyword": Handling("table", "hs-4-3", "combat: the Survivors apply it as they block"),
    "cost_keyword": Handling("table", "hs-3-4", "the Horde never pays it: the table decides"),
    "number_keyword": Handling("table", "hs-4-3", "the table applies it"),
    "ability": Handling("table", "hs-6-2"),
    "trigger": Handling("reminded", "hs-4-3", "the step it triggers in"),
    "spell": Handling("table", "hs-3-8", "a held spell: the table resolves it"),
    "static": Handling("table", "hs-4-3"),
    "fact": Handling("fact"),
    "table": Handling("table", "hs-4-3", "said on the card panel and in the card reference"),
    "count": Handling("table", "hs-4-3", "the table counts X"),
}
HORDE_OVERRIDES = {
    "you_may": Handling("carried", "hs-6-2", "a Yes/No coin flipped each turn", coin=True),
    "activated": Handling("carried", "hs-6-2", "a Yes/No coin flipped each turn", coin=True),
    "mana_ability": Handling("carried", "hs-6-3", "no coin: the Horde never pays mana"),
    "gy_activated": Handling("table", "hs-6-3", "the Horde activates nothing from its "
                                               "graveyard"),
    "hand_activated": Handling("table", "hs-6-3", "the Horde activates nothing from its hand"),
    "gy_cast_condition": Handling("carried", "hs-6-4", "a graveyard offer with a coin",
                                  offer=True),
    "haste": Handling("carried", "hs-4-1", "every Horde creature has haste"),
    "defender": Handling("carried", "hs-4-1", "it does not attack"),
    "cant_attack": Handling("carried", "hs-4-1", "it does not attack (with a condition: "
                                                 "the table checks it)"),
    "attacks_each_combat_if_able": Handling("carried", "hs-4-1", "it attacks every turn"),
    "cant_block": Handling("carried", "hs-4-4", "the Horde never blocks"),
    "lord": Handling("carried", "hs-4-2", "counted in the attack total", power=True),
    "anthem": Handling("carried", "hs-4-2", "counted in the attack total", power=True),
    "enters_with": Handling("carried", "hs-3-7", "it enters with its counters"),
    "enters_tapped": Handling("carried", "hs-3-7", "it enters tapped, so it does not attack "
                                                   "that turn"),
    "tokens": Handling("reminded", "hs-3-8", "the held spell's tokens"),
    "players_cant_gain_life": Handling("reminded", "hs-5-3", "each turn it is on the "
                                                             "battlefield"),
    "opps_cant_gain_life": Handling("reminded", "hs-5-3", "each turn it is on the battlefield"),
    "cant_gain_life": Handling("reminded", "hs-5-3", "each turn it is on the battlefield"),
}
#: The shared declaration (both Horde engines' coin flags read it the same way).
HORDE_HANDLING = declare(HORDE_FAMILIES, HORDE_OVERRIDES)


def is_mana_ability(tag: str) -> bool:
    """True for a tag that describes a mana ability (``mana_ability=…``)."""
    return handling_of({"mana_ability": HORDE_HANDLING["mana_ability"]}, tag) is not None


def coin_reasons(facts: CardFacts, handling: Mapping[str, Handling] | None = None
                 ) -> list[str]:
    """Why a Horde permanent carries a Yes/No coin flag (hs-6-2), one entry per verb whose
    declaration in the engine's ``handling`` (both Horde engines': :data:`HORDE_HANDLING`)
    says ``coin``: ``"optional"`` for ``you_may``, ``"activated"`` for an activated ability.
    Mana abilities never give one (hs-6-3). Empty: no coin."""
    table = HORDE_HANDLING if handling is None else handling
    reasons = []
    for behaviour in behaviours(facts.tags):
        found = table.get(behaviour.name)
        if found is not None and found.coin:
            reasons.append("optional" if behaviour.name == "you_may" else "activated")
    return reasons


def needs_coin_flag(facts: CardFacts) -> bool:
    """Whether a Horde permanent carries a Yes/No coin flag: :func:`coin_reasons` gives one."""
    return bool(coin_reasons(facts))


def _card_ids(cards: Any) -> list[int]:
    """A list of card ids from an action, or ``ActionError`` in plain words."""
    if not isinstance(cards, list) or not cards or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in cards):
        raise ActionError("choose at least one Horde permanent (a list of card numbers)")
    return list(cards)


def locate_card(zones: Zones, card_id: Any, *, number: str = "its number (id)",
                absent: str = "") -> tuple[str, Card]:
    """The zone and the card a table action names by its id, for every engine (the Horde
    engines' :meth:`HordeGame.find` and Swarm's ``card``): a whole number, not a boolean, of a
    card in the game; else an :class:`ActionError` ("a card is given by ``number``", "there is
    no card #N``absent``"; each engine keeps its own words, so old logs read the same)."""
    if not isinstance(card_id, int) or isinstance(card_id, bool):
        raise ActionError(f"a card is given by {number}")
    try:
        where, index = zones.where(card_id)
    except GameError:
        raise ActionError(f"there is no card #{card_id}{absent}") from None
    return where, zones[where][index]


def _may_attack(facts: CardFacts) -> bool:
    """Not with defender or an unconditional ``cant_attack`` (hs-4-1, lh-11-3); a
    ``cant_attack`` with a condition is kept as one (:func:`attack_condition`)."""
    return not (facts.has_tag("defender") or "cant_attack" in facts.tags)


def attack_condition(facts: CardFacts) -> str:
    """The condition of a conditional ``cant_attack`` (``alone``, ``unless_…``), or ``""``."""
    value = facts.tag_value("cant_attack")
    return value or ""


class HordeGame(Game):
    """What both Horde formats share. Subclasses set ``variant`` and implement ``setup``.

    State every subclass keeps: ``life`` (the Survivors' shared life), ``flags`` (coin flag of
    each flagged Horde permanent, by card id), ``phase`` and ``winner``.
    """

    #: The Survivor turn under way and the Horde turns taken (each format's set-up sets them).
    survivor_turn: int
    horde_turn: int
    #: The rule behind each ``winner`` (each format sets it), for :meth:`outcome`.
    outcome_rules: ClassVar[dict[str, str]] = {}
    #: What the engine does with each verb of the card vocabulary (each format's own).
    HANDLING: ClassVar[dict[str, Handling]] = HORDE_HANDLING
    #: The creatures of the Horde's latest attack, by id.
    attacking: list[int]

    zone_names: ClassVar[list[str]] = [
        "library",
        "hand",
        "battlefield",
        "stack",
        "graveyard",
        "exile",
    ]

    #: The typed amounts as the engine takes them (:meth:`require_amount`,
    #: :meth:`require_life_change`, :meth:`do_counters`): a hit and the Horde's life gain of 1
    #: or more (hs-5-1, hs-5-3), a change of the Survivors' life or of counters either way.
    BOUNDS: ClassVar[dict[str, dict[str, Bound]]] = {
        "hit": {"n": Bound(low=1)}, "gain": {"n": Bound(low=1)},
        "life": {"change": Bound(nonzero=True)}, "counters": {"n": Bound(nonzero=True)}}

    #: Zones a puppet ``move`` may send a card to.
    MOVE_TARGETS: ClassVar[tuple[str, ...]] = (
        "battlefield",
        "graveyard",
        "exile",
        "hand",
        "library-top",
        "library-bottom",
    )

    # -- facts ----------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """What a page or the command line shows about the game, as JSON data (each format
        says its own)."""
        raise NotImplementedError

    def load_facts(self) -> dict[str, CardFacts]:
        """The config's ``facts`` as :class:`pyengine.cards.CardFacts` by name (the one
        reader every engine uses, :func:`pyengine.cards.read_config_facts`)."""
        raw = self.config.get("facts")
        if not isinstance(raw, dict):
            raise ConfigError("the config needs 'facts': card name -> facts")
        try:
            return read_config_facts(raw)
        except CardDataError as error:
            raise ConfigError(str(error)) from None

    def facts(self, card: Card | str) -> CardFacts:
        name = card if isinstance(card, str) else card.name
        try:
            return self._facts[name]
        except KeyError:
            raise ConfigError(f"no card facts for '{name}'") from None

    def check_names(self, names: list[str]) -> None:
        missing = missing_facts(names, self._facts)
        if missing:
            raise ConfigError(missing_facts_message(missing))

    def is_creature(self, card: Card) -> bool:
        """A creature by its front face (:attr:`pyengine.cards.CardFacts.is_creature`): a
        two-faced card is cast front face up."""
        return self.facts(card).is_creature

    def creatures(self) -> list[Card]:
        """The creatures the Horde controls on the battlefield, in battlefield order (not those
        a Survivor has gained control of)."""
        facts, stolen = self._facts, self.stolen
        return [c for c in self.zones["battlefield"]
                if facts[c.name].is_creature and c.id not in stolen]

    def any_creature(self) -> bool:
        """Whether the Horde controls a creature on the battlefield."""
        facts, stolen = self._facts, self.stolen
        return any(facts[c.name].is_creature and c.id not in stolen
                   for c in self.zones["battlefield"])

    def controls(self, card: Card) -> bool:
        """Whether the Horde controls this battlefield card (not a Survivor)."""
        return card.id not in self.stolen

    def find(self, card_id: Any, zone: str | None = None) -> Card:
        """A card by id (``ActionError`` if absent, or not in ``zone`` when given)."""
        return self.locate(card_id, zone)[1]

    def locate(self, card_id: Any, zone: str | None = None) -> tuple[str, Card]:
        """:meth:`find`, with the name of the zone the card is in."""
        where, card = locate_card(self.zones, card_id)
        if zone is not None and where != zone:
            raise ActionError(f"card #{card_id} is in the {where}, not the {zone}")
        return where, card

    # -- config ---------------------------------------------------------------------------------
    def config_survivors(self) -> int:
        """The config's ``survivors`` (:data:`SURVIVORS`: 1 to 4, default 1)."""
        try:
            return int(SURVIVORS.check(self.config.get("survivors", SURVIVORS.default)))
        except SetupError as error:
            raise ConfigError(str(error)) from None

    def config_deck(self) -> list[str]:
        """The config's ``deck``: a nonempty list of card names."""
        deck = self.config.get("deck")
        if not isinstance(deck, list) or not deck or not all(isinstance(n, str) for n in deck):
            raise ConfigError("the config needs 'deck': a list of card names")
        return deck

    # -- common state -----------------------------------------------------------------------------
    def init_common(self) -> None:
        self._facts = self.load_facts()
        #: The Survivors' shared life.
        self.life = 0
        #: Coin flag (True = Yes) per flagged Horde permanent, by card id.
        self.flags: dict[int, bool] = {}
        #: "survivors", "horde" (Horde turn awaiting the table) or "over".
        self.phase = "survivors"
        #: None, "survivors" or "horde".
        self.winner: str | None = None
        #: Counts every turn started (Survivor and Horde), for "the turn a card was cast".
        self.turn_serial = 1
        #: Held spells (by card id) that go to exile when resolved (cast with flashback).
        self.spell_exiles: dict[int, bool] = {}
        #: Horde permanents a Survivor has gained control of, by card id, in the order taken.
        self.stolen: list[int] = []
        self.attacking = []
        #: Power added until end of turn by the Horde's triggers, by card id (the attack
        #: total counts it; :mod:`pyengine.horde_triggers`).
        self.eot_power: dict[int, int] = {}

    def flip_flags(self) -> list[Event]:
        """Flip a fresh coin for every flagged Horde permanent (battlefield order; hs-6-1)."""
        self.flags = {}
        events = []
        facts = self._facts
        for card in self.zones["battlefield"]:
            if (not card.made and card.id not in self.stolen
                    and self.needs_coin(facts[card.name])):
                events.extend(self.flag_card(card))
        return events

    def needs_coin(self, facts: CardFacts) -> bool:
        """Whether a Horde permanent carries a Yes/No coin flag, as this engine's declaration
        (:attr:`HANDLING`) says (hs-6-2): worked out once per name of this game's facts (they
        do not change in a game; every Survivor turn asks it of the whole board)."""
        memo: dict[str, bool] | None = self.__dict__.get("_memo_coin")
        if memo is None:
            memo = self.__dict__["_memo_coin"] = {}
        found = memo.get(facts.name)
        if found is None:
            found = memo[facts.name] = bool(coin_reasons(facts, self.HANDLING))
        return found

    def flag_card(self, card: Card) -> list[Event]:
        if card.made or not self.needs_coin(self.facts(card)):
            return []
        yes = self.rng.coin()
        self.flags[card.id] = yes
        word = "Yes" if yes else "No"
        return [
            Event(
                "flag",
                f"{card.name} (#{card.id}) coin flag: {word}",
                [card.name],
                {"card": card.id, "yes": yes},
            )
        ]

    def require_playing(self) -> None:
        if self.phase == "over":
            raise ActionError(f"the game is over ({self.winner} won)")

    # -- moving cards -------------------------------------------------------------------------
    def leave_battlefield(self, card: Card, zone: str, position: int | None = None) -> list[Event]:
        """Move a battlefield card elsewhere; subclasses decide what made tokens do. A card a
        Survivor controlled goes where the Horde's card goes (the Horde owns it)."""
        self.flags.pop(card.id, None)
        if card.id in self.stolen:
            self.stolen.remove(card.id)
        card.tapped = False
        card.counters = 0
        self.zones.move(card.id, zone, position)
        return []

    def cease_if_made(self, card: Card) -> list[Event]:
        """A token made during the game (not a deck card) ceases to exist once it has left the
        battlefield (hs-5-6, lh-3-5); deck tokens move like cards."""
        if not card.made:
            return []
        self.zones.take(card.id)
        return [Event("cease", f"The {card.name} token (#{card.id}) ceases to exist",
                      [card.name], {"card": card.id})]

    def mill(self, n: int) -> list[Event]:
        """The top ``n`` library cards (or all there are) go to the graveyard."""
        library = self.zones["library"]
        milled = library[:n]
        for card in milled:
            self.zones.move(card.id, "graveyard")
        return [Event("mill", f"The Horde mills {len(milled)} card(s)",
                      [c.name for c in milled], {"count": len(milled), "asked": n})]

    def make_tokens(self, name: str, n: int, power: int | None, toughness: int | None,
                    text: str, *, tapped: bool = False) -> list[Event]:
        """Create ``n`` made tokens named ``name`` on the battlefield (through exile, so they
        get ids); a name without facts needs ``power`` and ``toughness``. ``text`` is the
        ``create`` event's text."""
        if name not in self._facts:
            if not isinstance(power, int) or not isinstance(toughness, int):
                raise ActionError(f"'{name}' has no card facts: give its power and toughness")
            self._facts[name] = CardFacts.from_config(name, {
                "type_line": f"Token Creature — {name}", "power": power,
                "toughness": toughness, "token": True, "tags": ["token"]})
        events = [Event("create", text, [name], {"count": n})]
        for _ in range(n):
            card = self.new_card(name, token=True, made=True)
            self.zones.add("exile", card)
            events += self.enter_battlefield(card, tapped=tapped, source="exile")
        return events

    def move_from(self, card: Card, source: str | None, zone: str,
                  position: int | None = None) -> None:
        """Move ``card`` to ``zone`` like ``zones.move``; ``source``, the zone the caller knows
        it is in, is the only one searched (a long game's library and battlefield are not)."""
        if source is not None:
            cards = self.zones[source]
            for index, other in enumerate(cards):
                if other is card:
                    del cards[index]
                    self.zones.add(zone, card, position)
                    return
        self.zones.move(card.id, zone, position)

    def enter_battlefield(self, card: Card, *, tapped: bool = False,
                          source: str | None = None) -> list[Event]:
        """``card`` enters the battlefield (from ``source`` when the caller knows it); a card
        whose text says it enters tapped does, as the engine declares (``enters_tapped``:
        neither Horde rulebook overrides it, so it does not attack that turn)."""
        self.move_from(card, source, "battlefield")
        own = (not tapped and self.HANDLING["enters_tapped"].how == "carried"
               and "enters_tapped" in self.facts(card).tags)
        card.tapped = tapped or own
        card.face_up = False
        counters = self.facts(card).tag_value("enters_with")
        if counters and counters.isdigit() and self.HANDLING["enters_with"].how == "carried":
            card.counters = int(counters)  # "enters with N +1/+1 counters" (its text)
        elif counters == "X" and hasattr(self, "count_x"):  # X as its text counts it
            card.counters = self.count_x(card) or 0
        events = [Event("enter", f"{card.name} enters the battlefield"
                        + (" tapped (its text)" if own else ""), [card.name],
                        {"card": card.id})]
        return events + self.flag_card(card)

    def put(self, card: Card, target: str) -> list[Event]:
        """Move any Horde card to ``target`` (one of :attr:`MOVE_TARGETS`)."""
        zone, position = {
            "battlefield": ("battlefield", None),
            "graveyard": ("graveyard", None),
            "exile": ("exile", None),
            "hand": ("hand", None),
            "library-top": ("library", 0),
            "library-bottom": ("library", None),
        }[target]
        where, _ = self.zones.where(card.id)
        if target == "battlefield":
            if where == "battlefield":
                raise ActionError(f"{card.name} is already on the battlefield")
            return self.enter_battlefield(card)
        if where == "battlefield":
            return self.leave_battlefield(card, zone, position)
        self.zones.move(card.id, zone, position)
        return []

    # -- puppet actions (hs-6-8 / the table handles the Horde's cards) ---------------------------
    def do_tap(self, card: int) -> list[Event]:
        """Tap a Horde permanent."""
        self.require_playing()
        target = self.find(card, "battlefield")
        target.tapped = True
        return [Event("tap", f"{target.name} (#{target.id}) is tapped", [target.name],
                      {"card": target.id})]

    def do_untap(self, card: int) -> list[Event]:
        """Untap a Horde permanent."""
        self.require_playing()
        target = self.find(card, "battlefield")
        target.tapped = False
        return [Event("untap", f"{target.name} (#{target.id}) is untapped", [target.name],
                      {"card": target.id})]

    def do_counters(self, card: int, n: int) -> list[Event]:
        """Add (n > 0) or remove (n < 0) +1/+1 counters on a Horde permanent."""
        self.require_playing()
        target = self.find(card, "battlefield")
        if not isinstance(n, int) or n == 0:
            raise ActionError("counters needs a nonzero whole number")
        target.counters = max(0, target.counters + n)
        return [Event("counters", f"{target.name} (#{target.id}) now has {target.counters} "
                      "+1/+1 counter(s)", [target.name],
                      {"card": target.id, "counters": target.counters})]

    def do_move(self, card: int, to: str) -> list[Event]:
        """Move a Horde card: destroy (graveyard), exile, bounce (hand), library top/bottom,
        or put it onto the battlefield."""
        self.require_playing()
        if to not in self.MOVE_TARGETS:
            raise ActionError(f"move to one of: {', '.join(self.MOVE_TARGETS)}")
        where, target = self.locate(card)
        events = [Event("move", f"{target.name} (#{target.id}) moves from the {where} to "
                        f"{to.replace('-', ' ')}", [target.name],
                        {"card": target.id, "from": where, "to": to})]
        events += self.put(target, to)
        return events

    def do_gain_control(self, card: int) -> list[Event]:
        """A Survivor gains control of a Horde permanent: it stays on the battlefield, but it is
        no longer the Horde's: it does not attack for it, untap with it, carry a coin flag,
        pay its costs or count for its victory check (the rulebooks say nothing more; see the
        rules page's note on change of control)."""
        self.require_playing()
        target = self.find(card, "battlefield")
        if not self.controls(target):
            raise ActionError(f"a Survivor already controls {target.name} (#{target.id})")
        self.stolen.append(target.id)
        self.flags.pop(target.id, None)
        return [Event("control", f"A Survivor gains control of {target.name} (#{target.id}): "
                      "it no longer attacks or acts for the Horde", [target.name],
                      {"card": target.id, "controller": "survivor"})]

    def do_return_control(self, card: int) -> list[Event]:
        """A Horde permanent a Survivor controlled is the Horde's again: a Horde creature, it
        attacks each Horde turn if able; a card with a coin flag gets its coin."""
        self.require_playing()
        target = self.find(card, "battlefield")
        if self.controls(target):
            raise ActionError(f"no Survivor controls {target.name} (#{target.id})")
        self.stolen.remove(target.id)
        events = [Event("control", f"{target.name} (#{target.id}) is the Horde's again",
                        [target.name], {"card": target.id, "controller": "horde"})]
        return events + self.flag_card(target)
    def do_move_all(self, cards: list[int], to: str) -> list[Event]:
        """Several Horde permanents at once, one move each in the order given: the table's one
        tap for a wrath ("destroy all creatures") or a partial wipe, and one action to undo.
        Each must be on the battlefield; once the game is over (the last one made the Survivors
        win) the rest stay."""
        self.require_playing()
        cards = _card_ids(cards)
        if len(set(cards)) != len(cards):
            raise ActionError("a permanent is named twice")
        for card in cards:
            self.find(card, "battlefield")
        events: list[Event] = []
        for card in cards:
            if self.phase == "over":
                break
            events += self.do_move(card, to)
        return events

    def do_tap_all(self, cards: list[int], tapped: bool) -> list[Event]:
        """Tap (or untap) several Horde permanents at once: one tap for "tap all" effects."""
        self.require_playing()
        if not isinstance(tapped, bool):
            raise ActionError("tapped is true or false")
        targets = [self.find(card, "battlefield") for card in _card_ids(cards)]
        for target in targets:
            target.tapped = tapped
        word = "tapped" if tapped else "untapped"
        return [Event("tap" if tapped else "untap",
                      f"{len(targets)} Horde permanent{'s' if len(targets) != 1 else ''} "
                      f"{'are' if len(targets) != 1 else 'is'} {word}",
                      [t.name for t in targets], {"cards": [t.id for t in targets]})]

    def do_resolve(self, card: int, destroy: list[int] | None = None,
                   tokens: dict[str, Any] | None = None) -> list[Event]:
        """A held spell that says how it resolves, in one tap and one action to undo: the
        Horde's permanents it destroys move to the graveyard (:meth:`do_move_all`), the tokens
        it makes (``{"name", "n", "tapped"}``) are made (``create_token``), then the spell is
        done (:meth:`do_done`)."""
        self.require_playing()
        self.find(card, "stack")
        if destroy is not None:
            destroy = _card_ids(destroy) if destroy else []
        if tokens is not None and not (
                isinstance(tokens, dict) and isinstance(tokens.get("name"), str)
                and isinstance(tokens.get("n", 1), int) and not isinstance(tokens.get("n", 1), bool)
                and isinstance(tokens.get("tapped", False), bool)):
            raise ActionError("tokens: a name, a number and whether they enter tapped")
        events: list[Event] = []
        if destroy:
            events += self.do_move_all(list(destroy), "graveyard")
        if tokens and self.phase != "over":
            if self.variant != "horde":  # Limited 2.1 returns token cards (lh-3-3)
                raise ActionError("make its tokens with Create N tokens, then tap Resolved")
            events += self.do_create_token(  # type: ignore[attr-defined]
                str(tokens.get("name", "")), int(tokens.get("n", 1)),
                tapped=bool(tokens.get("tapped", False)))
        if self.phase != "over":
            events += self.do_done(card)
        return events

    def do_done(self, card: int) -> list[Event]:
        """The table has resolved a held Horde instant or sorcery: it goes to the graveyard
        (or to exile if it was cast from the graveyard with flashback)."""
        self.require_playing()
        target = self.find(card, "stack")
        exile = self.spell_exiles.pop(target.id, False)
        self.zones.move(target.id, "exile" if exile else "graveyard")
        where = "exile" if exile else "graveyard"
        return [Event("resolve", f"{target.name} resolved; it goes to the {where}",
                      [target.name], {"card": target.id, "to": where})]

    def do_roll(self, kind: str = "survivor", creatures: list[str] | None = None) -> list[Event]:
        """Roll for the Horde (hs-6-7): a random Survivor, or a random Survivor creature (the
        table names its creatures, since the engine does not track Survivor cards)."""
        self.require_playing()
        if kind == "survivor":
            names = self.survivor_names()
            pick = self.rng.choice(names)
            return [Event("roll", f"Roll for the Horde: {pick}", [],
                          {"kind": kind, "pick": pick, "options": names})]
        if kind == "creature":
            if not creatures or not all(isinstance(c, str) and c.strip() for c in creatures):
                raise ActionError("name the Survivors' creatures to roll among")
            pick = self.rng.choice(list(creatures))
            return [Event("roll", f"Roll for the Horde: {pick}", [pick],
                          {"kind": kind, "pick": pick, "options": list(creatures)})]
        raise ActionError("roll for a 'survivor' or a 'creature'")

    # -- turn pieces -------------------------------------------------------------------------------
    def untap_all(self) -> list[Event]:
        """The Horde's untap step: every tapped Horde permanent untaps."""
        untapped = [c for c in self.zones["battlefield"] if c.tapped and c.id not in self.stolen]
        for card in untapped:
            card.tapped = False
        return [Event("untap", f"The Horde untaps {len(untapped)} permanent(s)",
                      [c.name for c in untapped], {"count": len(untapped)})]

    def can_attack(self, card: Card, facts: CardFacts) -> bool:
        """Whether an untapped Horde creature attacks (not with defender or ``cant_attack``);
        subclasses add their own exceptions."""
        return facts.derived(_may_attack)

    def attack(self) -> list[Event]:
        """Every untapped Horde creature able to attack taps and attacks."""
        attackers = []
        facts = self._facts
        for card in self.zones["battlefield"]:
            card_facts = facts[card.name]
            if (not card_facts.is_creature or card.tapped or card.id in self.stolen
                    or not self.can_attack(card, card_facts)):
                continue
            attackers.append(card)
        conditional = [c for c in attackers
                       if attack_condition(facts[c.name]) not in ("", "alone")]
        side = self.side() if conditional else None  # (the whole board: only when asked)
        found = {c.id: holds(attack_condition(facts[c.name]), side, self.member(c))
                 for c in conditional if side is not None}
        attackers = [c for c in attackers if found.get(c.id) is not True]  # its condition
        if len(attackers) == 1 and attack_condition(facts[attackers[0].name]) == "alone":
            attackers = []  # "can't attack alone" (hs-4-1): nothing attacks beside it
        for card in attackers:
            card.tapped = True
        self.attacking = [c.id for c in attackers]
        triggered = self.attack_triggers()  # as they are declared, before the total
        attacking = set(self.attacking)
        attackers = [c for c in self.zones["battlefield"] if c.id in attacking]
        count, power, missing = self.attack_total()
        checks = [f"{c.name} can't attack {attack_condition(facts[c.name]).replace('_', ' ')}"
                  for c in attackers if c.id in found and found[c.id] is None]
        note = (" — the table checks: " + "; ".join(dict.fromkeys(checks))) if checks else ""
        said = f"power {'at least ' if missing else ''}{power}"
        return triggered + [Event("attack", f"{count} Horde creature(s) attack the Survivors "
                                  f"({said})" + note, [c.name for c in attackers],
                                  {"attackers": [c.id for c in attackers], "power": power})]

    def attack_triggers(self) -> list[Event]:
        """The attackers' triggers carried out as they are declared (none here: an engine
        that carries them out says so, :mod:`pyengine.horde_triggers`)."""
        return []

    def entry(self, name: str) -> dict[str, Any]:
        """A card's facts as plain data, in today's verbs (what the attack total and the
        runner's reminders read)."""
        return self.facts(name).derived(config_facts)

    def member(self, card: Card, sources: list[tuple[int, str]] | None = None) -> Member:
        """A Horde creature as :mod:`pyengine.restrictions` reads it (its power with counters
        and the lords and anthems of the Horde's permanents: ``sources``, worked out here when
        not given)."""
        if sources is None:
            sources = self.static_sources()
        printed = number(self.entry(card.name).get("power", ""))
        power = None if printed is None else (
            printed + card.counters + bonus((card.id, card.name), sources, self.entry))
        return Member(card.id, frozenset(plural(t) for t in self._facts[card.name].subtypes),
                      power, card.counters)

    def side(self) -> Side:
        """The Horde's side as :mod:`pyengine.restrictions` reads it (a conditional "can't
        attack unless you control …" is checked on it): its creatures on the battlefield and
        its graveyard."""
        sources = self.static_sources()
        return Side(tuple(self.member(c, sources) for c in self.zones["battlefield"]
                          if c.id not in self.stolen and self._facts[c.name].is_creature),
                    len(self.zones["graveyard"]))

    def static_sources(self) -> list[tuple[int, str]]:
        """The ``(id, name)`` of the Horde's permanents that carry a lord or anthem (hs-4-2):
        the only ones whose static abilities the attack total reads."""
        return boosting([(c.id, c.name) for c in self.zones["battlefield"]
                         if c.id not in self.stolen], self.entry)

    def attack_total(self) -> tuple[int, int, list[str]]:
        """The one attack total (issue 39, point 4), as the game is now: the Horde creatures
        of its latest attack still on the battlefield and still the Horde's, with printed
        power, counters and the lords and anthems of the Horde's permanents (hs-4-2):
        ``(attackers, power at least, not counted)``."""
        here = {c.id: c for c in self.zones["battlefield"] if c.id not in self.stolen}
        attackers = [(here[i].id, here[i].name, here[i].counters)
                     for i in getattr(self, "attacking", []) if i in here]
        sources = [(c.id, c.name) for c in here.values()]
        power, missing = attack_summary(attackers, sources, self.entry)
        pumps = getattr(self, "eot_power", {})
        power += sum(pumps.get(card_id, 0) for card_id, _, _ in attackers)
        return len(attackers), power, missing

    def check_end_horde_turn(self) -> None:
        """Refuse to end the Horde's turn when it is not the Horde's turn or a spell is held."""
        self.require_playing()
        if self.phase != "horde":
            raise ActionError("it is not the Horde's turn")
        if self.zones["stack"]:
            names = ", ".join(f"{c.name} (#{c.id})" for c in self.zones["stack"])
            raise ActionError("resolve the held spell(s) at the table first, then tap Resolved "
                              f"for each: {names}")

    def next_survivor_turn(self) -> list[Event]:
        """Start the next Survivor turn (coin flags are flipped again)."""
        self.survivor_turn += 1
        self.turn_serial += 1
        return [self._turn_event()] + self.flip_flags()

    def _turn_event(self) -> Event:
        raise NotImplementedError

    # -- amounts and life --------------------------------------------------------------------------
    @staticmethod
    def require_amount(n: Any, message: str) -> None:
        """Refuse ``n`` unless it is a whole number of 1 or more (booleans refused)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ActionError(message)

    @staticmethod
    def require_life_change(change: Any) -> None:
        if not isinstance(change, int) or isinstance(change, bool) or change == 0:
            raise ActionError("a life change is a nonzero whole number")

    def shift_life(self, change: int) -> list[Event]:
        """Change the Survivors' life by ``change``; the ``life`` event."""
        self.life += change
        return [Event("life", f"The Survivors {'gain' if change > 0 else 'lose'} "
                      f"{abs(change)} life: {self.life}", [], {"life": self.life,
                                                               "change": change})]

    def legal_types(self) -> list[str]:
        """The types of :meth:`legal_actions`, in order, worked out without making them (the
        toolbar's ``status()`` lists them)."""
        if self.phase == "over":
            return []
        names = ["hit", "gain", "life", "roll", "create-token"]
        if self.zones["battlefield"]:
            names += ["tap", "untap", "counters"]
        if any(c.id not in self.stolen for c in self.zones["battlefield"]):
            names.append("gain-control")
        if self.stolen:
            names.append("return-control")
        if any(self.zones[z] for z in self.zones.names()):
            names.append("move")
        if self.zones["stack"]:
            names.append("done")
        return names

    def legal_actions(self) -> list[Action]:
        """The actions that make sense now (:class:`pyengine.actions.Action`; a page enables
        these buttons), by the types of :meth:`legal_types`: each card action once per card
        it may name (``tap``, ``move`` to each of :attr:`MOVE_TARGETS`, ...), amounts and
        names open. A refused action changes nothing. None once the game is over."""
        return [action for name in self.legal_types() for action in self.actions_of(name)]

    def actions_of(self, name: str) -> list[Action]:
        """The actions of one legal type, with the cards, zones and kinds it may name."""
        battlefield = self.zones["battlefield"]
        if name == "roll":
            return [self.template("roll"), Action.of("roll", kind="creature")]
        if name in ("tap", "untap"):
            return [Action.of(name, card=card.id) for card in battlefield]
        if name == "counters":
            return [self.template(name, card=card.id) for card in battlefield]
        if name == "gain-control":
            return [Action.of(name, card=card.id) for card in battlefield
                    if card.id not in self.stolen]
        if name == "return-control":
            return [Action.of(name, card=card_id) for card_id in self.stolen]
        if name == "move":
            return [Action.of("move", card=card.id, to=to) for zone in self.zones.names()
                    for card in self.zones[zone] for to in self.MOVE_TARGETS
                    if not (zone == "battlefield" and to == "battlefield")]
        if name == "done":
            return [Action.of(name, card=card.id) for card in self.zones["stack"]]
        return [self.template(name)]

    def survivor_names(self) -> list[str]:
        names = self.config.get("survivor_names")
        count = self.survivor_count()
        if isinstance(names, list) and len(names) == count and all(
            isinstance(n, str) and n for n in names
        ):
            return list(names)
        return [f"Survivor {i}" for i in range(1, count + 1)]

    def survivor_count(self) -> int:
        return 1

    def after_action(self) -> list[Event]:
        """Checks after every change (victory); subclasses override."""
        return []

    def check_end(self) -> list[Event]:
        """The end-of-game check :meth:`Game.apply` runs after every action: :meth:`after_action`
        (idempotent: once the game is over it adds nothing); the engine ends the game (hs-2-9)."""
        return self.after_action()

    def outcome(self) -> Outcome | None:
        """The end the format's checks reached (``winner``, the "win" event's words, the rule
        of :attr:`outcome_rules`), or None while the game goes on."""
        if self.phase != "over" or self.winner is None:
            return None
        reason = next((e.text for e in reversed(self.events) if e.kind == "win"), "")
        return Outcome(self.winner, reason, self.outcome_rules.get(self.winner, ""),
                       Termination.WON if self.winner == "survivors" else Termination.LOST)

    # -- helpers for snapshots --------------------------------------------------------------------
    def common_state(self) -> dict[str, Any]:
        state = {
            "life": self.life,
            "phase": self.phase,
            "winner": self.winner,
            "flags": {str(k): v for k, v in sorted(self.flags.items())},
            "turn_serial": self.turn_serial,
            "spell_exiles": sorted(k for k, v in self.spell_exiles.items() if v),
        }
        if self.stolen:  # only when set, so saves made before it still load
            state["stolen"] = list(self.stolen)
        return state


def deck_config(names: list[str], lookup: Any) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """Canonical card names and the config ``facts`` for a Horde deck
    (:func:`pyengine.cards.deck_facts`, the one builder).

    ``lookup(name)`` returns a :class:`pyengine.cards.CardFacts` (or ``None`` for a name it
    does not know), e.g. ``CardDB.get``. Unknown names raise :class:`ConfigError` naming them
    all.
    """
    canonical, facts, unknown = deck_facts(names, lookup)
    if unknown:
        raise ConfigError(missing_facts_message(unknown))
    return canonical, facts


def decklist_config(deck: Any, db: CardDB) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """:func:`deck_config` for the main section of a :class:`pyengine.decklist.Decklist`, its
    facts from ``db`` with the list's own ``#!`` lines on top (:meth:`CardDB.with_annotations`):
    the Horde engines' decklist-to-config builder for the command line and the pages."""
    return deck_config(deck.cards("main"), db.with_annotations(deck).get)
