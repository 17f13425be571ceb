"""The one closed vocabulary of card behaviours (issue 39).

Every tag a card carries -- written by hand in ``decks/cards.tsv``, derived from the card's
text by :mod:`pyengine.card_text`, or given in a pasted list's ``#!`` line -- is one *verb*
declared here, with a typed parameter:

* ``flying``, ``defender``, ``riot`` -- a keyword, no parameter;
* ``flashback={7}{B}{B}{B}``, ``foretell={1}{U}``, ``foretell`` -- a keyword with a cost (the
  cost may be left out: the verb is the same whatever it costs);
* ``annihilator=2``, ``fabricate=1`` -- a keyword with a count;
* ``etb=3_Goblin``, ``dies=target_creature-1/-1_eot``, ``dies=self_or_zombie:each_opp_loses1``
  -- a trigger: an optional condition (before ``:``) and an *effect*, atoms joined by ``+``
  from the closed list :data:`ATOMS` (tokens, draws, mills, discards, life, sacrifices,
  power changes, damage, counters, destruction);
* ``lord=other_zombies+1/+1+deathtouch``, ``anthem=your_creatures+1/+0`` -- a static boost;
* ``cant_attack=alone`` -- a restriction kept with its condition (no condition: always);
* ``table=each_player_shuffles_their_graveyard_into_their_library`` -- a behaviour no engine
  acts on, said to the table in those words.

:func:`parse_tag` reads a tag into a :class:`Behaviour` (the verb and its typed values) or
raises :class:`VocabularyError` naming what is wrong; :func:`check_tags` adds the card.
Each :class:`Verb` carries its rule anchors and its words: :meth:`Behaviour.sentence` is the
reminder a player reads at the table, :meth:`Behaviour.reference` the card reference's line.

What each engine does with a verb -- carried out, reminded, left to the table -- is the
engine's own declaration (:class:`Handling`, built with :func:`declare`): ``swarm.HANDLING``,
``horde.HANDLING``, ``limited_horde.HANDLING``. Reminders, the card reference, coin flags,
offers and attack totals read those.

Older spellings (``cast_trigger_draw=1``, ``enters_with_5_p1p1``, the hand-written keys of
earlier releases) are read by :func:`migrate_tags`, so saves and own decks from before open.

Pure standard library.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ATOMS", "VERBS", "Atom", "Behaviour", "Count", "Handling", "Verb", "VocabularyError",
    "behaviours", "check_tags", "declare", "effect_sentence", "migrate_tag", "migrate_tags",
    "parse_count", "parse_effect", "parse_tag", "x_counts",
]


class VocabularyError(ValueError):
    """A tag that is no verb of the vocabulary, or a verb with a bad parameter."""


# -- parameters ---------------------------------------------------------------------------------
_COUNT = r"(?:\d{1,3}|X)"
_COST = re.compile(r"(?:\{[^{}]+\})+|[A-Za-z0-9{}_,+\-−/]+")
_WORDS = re.compile(r"[A-Za-z0-9{][A-Za-z0-9{}_'+\-/<=>,.]*")
_LAND = re.compile(r"(?<![a-z_])(plains|island|swamp|mountain|forest|desert|legendary_land|"
                   r"nonbasic_land|land|snow_land|snow_swamp|snow_forest|snow_island|snow_mountain|"
                   r"snow_plains|artifact_land|[a-z]+)walk")

#: Who an effect reaches, in words.
WHO = {"each_player": "each player", "each_opp": "each opponent",
       "target_player": "target player", "target_opp": "target opponent",
       "each_other_player": "each other player", "that_player": "that player",
       "you": "you", "any_player": "any player"}
#: What a power change, destruction or damage reaches, in words.
SUBJECTS = {
    "target_creature": "target creature", "it": "it", "self": "it",
    "all_creatures": "all creatures", "other_creatures": "all other creatures",
    "nonblack_creatures": "nonblack creatures", "nonzombie_creatures": "non-Zombie creatures",
    "green_creatures": "green creatures", "your_creatures": "creatures you control",
    "opp_creatures": "creatures your opponents control", "all_goblins": "all Goblins",
    "each_goblin": "each Goblin", "any_target": "any target",
    "each_opp": "each opponent", "target_player": "target player",
    "target_opp": "target opponent", "each_player": "each player",
    "target_nonblack_creature": "target nonblack creature",
    "target_artifact": "target artifact",
    "target_artifact_or_enchantment": "target artifact or enchantment",
    "target_permanent": "target permanent", "target_nonland_permanent":
    "target nonland permanent", "each_creature": "each creature",
    "each_opp_and_their_creatures": "each opponent and each creature and planeswalker they "
                                    "control",
    "defending_player": "the defending player", "blockers": "each creature blocking it",
    "target_opp_creature": "target creature an opponent controls",
}


@dataclass(frozen=True)
class Atom:
    """One piece of an effect: ``kind`` (``tokens``, ``draw``, ``mill``, ``discard``,
    ``lose``, ``gain``, ``sacrifice``, ``pump``, ``damage``, ``counter``, ``destroy``,
    ``reanimate``, ``exile_self``) and its typed values."""

    kind: str
    count: str = ""
    who: str = ""
    what: str = ""
    tapped: bool = False
    attacking: bool = False
    power: int = 0
    toughness: int = 0

    @property
    def number(self) -> int | None:
        """The count as a number (``None`` for ``X``)."""
        return int(self.count) if self.count.isdigit() else None

    def sentence(self) -> str:
        """The atom in the words of the page (no full stop)."""
        n = self.count
        plural = "" if n == "1" else "s"
        if self.kind == "tokens":
            kind = self.what.replace("_", " ")
            return (f"create {n} {kind} token{plural}"
                    + (", tapped and attacking" if self.tapped and self.attacking
                       else ", attacking" if self.attacking else ", tapped" if self.tapped
                       else ""))
        if self.kind == "draw":
            return f"draw {n} card{plural}"
        if self.kind == "mill":
            return f"mill {n} card{plural}"
        if self.kind == "discard":
            return f"{WHO[self.who]} discards {n} card{plural}"
        if self.kind == "lose":
            return f"{WHO[self.who]} loses {n} life"
        if self.kind == "gain":
            return f"you gain {n} life"
        if self.kind == "sacrifice":
            return f"{WHO[self.who]} sacrifices a creature"
        if self.kind == "pump":
            return (f"{SUBJECTS[self.what]} get{'s' if self.what in _SINGULAR else ''} "
                    f"{self.power:+d}/{self.toughness:+d} until end of turn")
        if self.kind == "damage":
            return f"deal {n} damage to {SUBJECTS[self.what]}"
        if self.kind == "counter":
            return "put a +1/+1 counter on it"
        if self.kind == "destroy":
            return f"destroy {SUBJECTS[self.what]}"
        if self.kind == "reanimate":
            return "return target creature card from a graveyard to the battlefield"
        if self.kind == "counter_spell":
            return "counter target spell"
        if self.kind == "return_battlefield":
            return "return it to the battlefield"
        if self.kind in ("scry", "surveil"):
            return f"{self.kind} {n}"
        if self.kind in ("investigate", "proliferate"):
            return self.kind
        if self.kind == "bounce":
            return f"return {SUBJECTS[self.what]} to its owner's hand"
        return self.kind


_SINGULAR = {"target_creature", "it", "self", "target_nonblack_creature", "target_opp_creature"}

_WHO_RE = "|".join(sorted(WHO, key=len, reverse=True))
_SUBJECT_RE = "|".join(sorted(SUBJECTS, key=len, reverse=True))
#: The closed list of effect atoms: a pattern and the atom it reads.
ATOMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(p)) for kind, p in (
    ("tokens", rf"({_COUNT})_([A-Z][A-Za-z'-]*(?:_[A-Z][A-Za-z'-]*)*)(_tapped)?(_attacking)?"),
    ("draw", rf"draw({_COUNT})"),
    ("mill", rf"self_mill({_COUNT})"),
    ("discard", rf"({_WHO_RE})_discards({_COUNT})"),
    ("lose", rf"({_WHO_RE})_loses({_COUNT})"),
    ("gain", rf"you_gain({_COUNT})"),
    ("sacrifice", rf"({_WHO_RE})_sacs_creature"),
    ("pump", rf"({_SUBJECT_RE})([+-]\d{{1,2}})/([+-]\d{{1,2}})_eot"),
    ("damage", rf"({_COUNT})dmg_({_SUBJECT_RE})"),
    ("counter", r"p1p1_counter"),
    ("destroy", rf"destroy_({_SUBJECT_RE})"),
    ("reanimate", r"reanimate"),
    ("counter_spell", r"counter_target_spell"),
    ("return_battlefield", r"return_it_to_the_battlefield"),
    ("scry", rf"scry({_COUNT})"),
    ("surveil", rf"surveil({_COUNT})"),
    ("investigate", r"investigate"),
    ("proliferate", r"proliferate"),
    ("bounce", rf"bounce_({_SUBJECT_RE})"),
))


@functools.lru_cache(maxsize=4096)
def parse_atom(code: str) -> Atom:
    """One effect atom, or :class:`VocabularyError`."""
    for kind, pattern in ATOMS:
        m = pattern.fullmatch(code)
        if m is None:
            continue
        g = m.groups()
        if kind == "tokens":
            return Atom(kind, count=g[0], what=g[1], tapped=bool(g[2]), attacking=bool(g[3]))
        if kind in ("draw", "mill", "gain", "scry", "surveil"):
            return Atom(kind, count=g[0])
        if kind in ("discard", "lose"):
            return Atom(kind, who=g[0], count=g[1])
        if kind == "sacrifice":
            return Atom(kind, who=g[0], count="1")
        if kind == "pump":
            return Atom(kind, what=g[0], power=int(g[1]), toughness=int(g[2]))
        if kind == "damage":
            return Atom(kind, count=g[0], what=g[1])
        if kind in ("destroy", "bounce"):
            return Atom(kind, what=g[0])
        return Atom(kind)
    raise VocabularyError(f"'{code}' is not an effect the vocabulary knows (tokens such as "
                          "3_Goblin, draw1, self_mill2, each_opp_discards1, target_opp_loses3, "
                          "you_gain2, each_player_sacs_creature, target_creature-1/-1_eot, "
                          "1dmg_any_target, p1p1_counter, destroy_target_creature)")


def parse_effect(code: str) -> tuple[Atom, ...]:
    """An effect: atoms joined by ``+`` (empty: an effect the text has but no atom says)."""
    return tuple(parse_atom(part) for part in re.split(r"(?<!/)\+(?![\dX]+/)", code) if part) \
        if code else ()


def effect_sentence(atoms: Iterable[Atom]) -> str:
    """Atoms in words: ``create 2 Zombie tokens, then you gain 1 life``."""
    words = [atom.sentence() for atom in atoms]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


# -- counts ("X is ...") ------------------------------------------------------------------------
#: Where a count looks, in the words of its code: the zone and whose it is.
COUNT_PLACES = {
    "you_control": ("battlefield", "you"), "opps_control": ("battlefield", "opps"),
    "on_the_battlefield": ("battlefield", "all"), "in_your_graveyard": ("graveyard", "you"),
    "in_their_graveyard": ("graveyard", "their"), "in_all_graveyards": ("graveyard", "all"),
    "in_your_hand": ("hand", "you"),
}
#: What a count counts besides a creature type (``zombies``, ``zombie_cards``).
COUNT_KINDS = ("creatures", "permanents", "artifacts", "enchantments", "lands", "cards",
               "creature_cards", "instant_and_sorcery_cards")
#: How a count is rounded: ``half`` is rounded down, ``half_up`` up.
COUNT_ROUNDING = {"": "", "half_": "down", "half_up_": "up"}
#: (a kind is a word of at most 30 letters, read without going back: the pattern reads any
#: text in a time its length bounds)
_COUNT_CODE = re.compile(r"(half_up_|half_)?(other_)?([a-z]{1,30}+(?:_and_sorcery)?)(_cards)?_("
                         + "|".join(COUNT_PLACES) + r")")


@dataclass(frozen=True)
class Count:
    """One count of a card's X (``x_is=half_zombies_you_control``): what is counted (``kind``:
    one of :data:`COUNT_KINDS` or a subtype's plural such as ``zombies``, ``shrines``),
    whether cards (``cards``: in a graveyard or hand) or permanents, ``zone`` and ``whose`` (from
    :data:`COUNT_PLACES`), ``other`` (the card itself left out) and ``rounding`` (``down`` or
    ``up`` after halving; empty: not halved)."""

    kind: str
    cards: bool
    zone: str
    whose: str
    other: bool = False
    rounding: str = ""

    @property
    def creature_type(self) -> str:
        """The creature type counted (singular, capitalised: ``Zombie``), or ``""``."""
        word = self.kind[:-len("_cards")] if self.kind.endswith("_cards") else self.kind
        if word in COUNT_KINDS or word in ("creature", "instant_and_sorcery"):
            return ""
        if word.endswith("ves"):
            return word[:-3].capitalize() + "f"
        return (word[:-1] if word.endswith("s") else word).capitalize()

    def counts(self, facts: Any) -> bool:
        """Whether a card with these facts (:class:`pyengine.cards.CardFacts`) is counted."""
        kind = self.kind
        creature_type = self.creature_type
        if creature_type:  # a subtype: Zombies, Shrines, Swamps (changelings are every one)
            return creature_type in facts.subtypes or (
                "changeling" in facts.tags and (facts.is_creature or "Kindred" in facts.types))
        if kind in ("creatures", "creature_cards"):
            return bool(facts.is_creature)
        if kind == "instant_and_sorcery_cards":
            return "Instant" in facts.types or "Sorcery" in facts.types
        if kind in ("artifacts", "enchantments", "lands"):
            return kind[:-1].capitalize() in facts.types
        return True  # permanents, cards

    def total(self, found: int) -> int:
        """The count of ``found`` matching cards, halved and rounded as the text says."""
        if self.rounding == "down":
            return found // 2
        if self.rounding == "up":
            return (found + 1) // 2
        return found

    def words(self) -> str:
        """``half the number of Zombies you control, rounded down``."""
        creature_type = self.creature_type
        kind = self.kind.replace("_", " ")
        if creature_type:
            kind = (f"{creature_type} cards" if self.cards else
                    plural(creature_type).capitalize())
        place = next(k for k, v in COUNT_PLACES.items() if v == (self.zone, self.whose))
        text = f"the number of {'other ' if self.other else ''}{kind} {_words(place)}"
        text = text.replace(" opps ", " your opponents ")
        if self.rounding:
            text = f"half {text}, rounded {self.rounding}"
        return text


@functools.lru_cache(maxsize=1024)
def parse_count(code: str) -> tuple[Count, ...]:
    """A card's X as counts added together (``+``): ``half_zombies_you_control``,
    ``other_zombies_you_control+zombie_cards_in_your_graveyard``; or
    :class:`VocabularyError`."""
    out = []
    for part in code.split("+"):
        m = _COUNT_CODE.fullmatch(part)
        if m is None:
            raise VocabularyError(
                f"'{part}' is not a count (such as half_zombies_you_control, "
                "creatures_you_control, creature_cards_in_your_graveyard)")
        rounding, other, kind, cards, place = m.groups()
        zone, whose = COUNT_PLACES[place]
        is_cards = bool(cards) or kind == "cards"
        if is_cards != (zone != "battlefield"):
            raise VocabularyError(f"'{part}': cards are counted in a graveyard or hand, "
                                  "permanents on the battlefield")
        out.append(Count(kind + (cards or ""), is_cards, zone, whose, bool(other),
                         COUNT_ROUNDING[rounding or ""]))
    if len(out) > 1 and any(c.rounding for c in out):
        raise VocabularyError(f"'{code}': only a single count is halved")
    return tuple(out)


# -- verbs --------------------------------------------------------------------------------------
#: Parameter kinds: ``none``; ``cost`` (optional); ``count``; ``effect`` (a trigger or spell:
#: ``[condition:]atoms``); ``boost``; ``condition`` (optional words); ``words`` (required);
#: ``suspend`` (``N-cost``); ``text`` (a fact's own value, e.g. ``games=pam``); ``amount``
#: (what a card's X counts: :func:`parse_count`).
PARAMS = ("none", "cost", "count", "effect", "boost", "condition", "words", "suspend", "text",
          "amount")


@dataclass(frozen=True)
class Verb:
    """One behaviour: its name (the tag's key), family, parameter kind, rule anchors and
    words: ``words`` names it on the card panel and in the reference (``{}`` takes the
    parameter in words), ``when`` is a trigger's moment (``when it dies``)."""

    name: str
    family: str
    param: str = "none"
    words: str = ""
    when: str = ""
    anchors: tuple[str, ...] = ()


@dataclass(frozen=True)
class Behaviour:
    """A tag read: its verb, the raw value and the typed parts."""

    verb: Verb
    value: str = ""
    condition: str = ""
    effect: tuple[Atom, ...] = ()
    count: str = ""
    boost: tuple[str, str, int, int, tuple[str, ...]] | None = None
    tag: str = ""
    amount: tuple[Count, ...] = ()

    @property
    def name(self) -> str:
        return self.verb.name

    def sentence(self) -> str:
        """What it does, a sentence a player reads at the table: ``When it dies, target
        creature gets -1/-1 until end of turn.``"""
        verb = self.verb
        if verb.family == "trigger":
            what = effect_sentence(self.effect) or "do what its text says"
            return _capital(f"{self.moment()}: {what}.")
        if verb.family == "spell" and self.effect:
            cond = f" ({_words(self.condition)})" if self.condition else ""
            return _capital(effect_sentence(self.effect) + cond + ".")
        if verb.name == "table":
            return _capital(_words(self.value) + ".")
        if verb.name == "x_is" and self.amount:
            return "X is " + " plus ".join(c.words() for c in self.amount) + "."
        if verb.name in ("lord", "anthem") and self.boost:
            who, subject, p, t, extra = self.boost
            kinds = _words(subject)
            scope = {"other": "other ", "your": "", "all": "all "}[who]
            mine = " its controller controls" if who == "your" else ""
            bonus = f" and {', '.join(_words(e) for e in extra)}" if extra else ""
            return f"It gives {scope}{kinds}{mine} {p:+d}/{t:+d}{bonus}."
        if verb.name == "mass_removal" and self.value in MASS_REMOVAL:
            return _capital(MASS_REMOVAL[self.value] + ".")
        shown = _words(self.value) if verb.param in ("condition", "words", "text") else \
            re.sub(r",(?=\S)", ", ", self.value.replace("_", " ")) if verb.param == "cost" \
            else re.sub(r"(?<![a-z])(can|don|doesn|isn|won) t(?![a-z])", r"\1't",
                        self.value.replace("_", " ")) if verb.param == "suspend" \
            else self.value
        text = verb.words.format(shown) if "{}" in verb.words else verb.words or _words(verb.name)
        if verb.param == "condition" and self.value:
            text += f" ({_words(self.value)})"
        return _capital(text + ".")

    def moment(self) -> str:
        """When a trigger happens, in words: ``when another zombie dies``."""
        verb, cond = self.verb, _words(self.condition)
        if not cond:
            return verb.when
        if verb.name in ("dies", "etb") and cond.startswith(("another", "it or", "a ")):
            happens = "dies" if verb.name == "dies" else "enters"
            return f"whenever {cond} {happens}"
        if verb.name == "trigger":
            return f"whenever {cond}"
        return f"{verb.when}, if {cond}"

    def reference(self) -> str:
        """Its card-reference line (the sentence, without the full stop)."""
        return self.sentence().rstrip(".")


def plural(word: str) -> str:
    """A creature type as a boost's subject writes it: ``Zombie`` -> ``zombies``, ``Elf`` ->
    ``elves`` (the reader and the attack total match types by it)."""
    word = word.lower()
    if word.endswith("s"):
        return word
    if word.endswith("f"):
        return word[:-1] + "ves"
    return word + "s"


MASS_REMOVAL = {
    "destroy": "it destroys creatures en masse",
    "exile": "it exiles creatures en masse",
    "damage": "it deals damage to creatures en masse",
    "sacrifice": "it makes players sacrifice creatures en masse",
    "shrink": "it shrinks creatures en masse",
}
"""``mass_removal``'s sentence by its kind (another kind reads ``it removes creatures en masse
(kind)``)."""


def _words(code: str) -> str:
    text = re.sub(r"\bopp\b", "opponent", code.replace("_", " "))
    return re.sub(r"\s+", " ", text).strip()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


VERBS: dict[str, Verb] = {}


def _add(verb: Verb) -> None:
    if verb.name in VERBS:
        raise AssertionError(f"verb {verb.name} declared twice")
    VERBS[verb.name] = verb


#: Keyword abilities (no parameter).
KEYWORDS = (
    "flying", "haste", "menace", "first_strike", "double_strike", "deathtouch", "skulk", "fear",
    "flash", "flanking", "defender", "vigilance", "trample", "lifelink", "reach", "hexproof",
    "indestructible", "intimidate", "shroud", "prowess", "changeling", "wither", "infect",
    "shadow", "horsemanship", "undying", "persist", "exalted", "convoke", "delve", "cascade",
    "storm", "devoid", "ingest", "decayed", "retrace", "aftermath", "split_second", "rebound",
    "unleash", "battle_cry", "evolve", "extort", "riot", "mentor", "training", "myriad",
    "melee", "provoke", "banding", "phasing", "epic", "haunt", "soulbond", "living_weapon",
    "sunburst", "exploit", "ascend", "dethrone", "undaunted", "improvise", "assist",
    "daybound", "nightbound", "cleave", "landwalk", "protection")
#: Keywords with a cost (the cost may be left out).
COST_KEYWORDS = (
    "flashback", "emerge", "echo", "madness", "unearth", "scavenge", "escape", "disturb",
    "jump_start", "foretell", "embalm", "eternalize", "encore", "dash", "evoke", "kicker",
    "multikicker", "buyback", "cycling", "ninjutsu", "bestow", "morph", "megamorph",
    "disguise", "cumulative_upkeep", "equip", "reconfigure", "fortify", "level_up", "outlast",
    "transmute", "overload", "prowl", "spectacle", "surge", "blitz", "mutate", "plot",
    "offspring", "craft", "harmonize", "mayhem", "warp")
#: Keywords with a count.
NUMBER_KEYWORDS = (
    "annihilator", "vanishing", "fading", "afflict", "bushido", "rampage", "toxic", "crew",
    "modular", "frenzy", "absorb", "bloodthirst", "renown", "tribute", "dredge", "backup",
    "ward", "afterlife", "fabricate", "amplify", "graft", "poisonous", "soulshift",
    "casualty", "squad", "mobilize")
#: Trigger verbs: the moment in words and the rule anchors of the reminder.
TRIGGERS = {
    "etb": "when it enters", "dies": "when it dies", "attacks": "whenever it attacks",
    "attacks_or_blocks": "whenever it attacks or blocks",
    "upkeep": "at the beginning of its controller's upkeep",
    "each_upkeep": "at the beginning of each upkeep",
    "end_step": "at the beginning of the end step",
    "begin_combat": "at the beginning of combat on its controller's turn",
    "cast_trigger": "when it is cast",
    "combat_dmg_to_player": "whenever it deals combat damage to a player",
    "leaves": "when it leaves the battlefield",
    "spell_cast": "whenever a player casts a spell",
    "trigger": "when its trigger happens",
}
#: Facts that are no behaviour of play (deck building, the card data's own notes).
FACTS = ("token", "legendary", "can_be_commander", "partner", "partner_with", "partner_group",
         "friends_forever", "choose_a_background", "doctors_companion", "companion",
         "companion_rule", "extra_turn", "controls_turn", "any_number", "copy_limit", "ante",
         "commander", "games", "no_facts", "instant", "kindred", "vanilla", "tutor",
         "mass_land_denial")

for _name in KEYWORDS:
    _add(Verb(_name, "keyword", "words" if _name in ("landwalk", "protection") else "none",
              words={"landwalk": "{}walk", "protection": "protection from {}"}.get(
                  _name, _name.replace("_", " "))))
for _name in COST_KEYWORDS:
    _add(Verb(_name, "cost_keyword", "cost", words=_name.replace("_", " ") + " {}"))
for _name in NUMBER_KEYWORDS:
    _add(Verb(_name, "number_keyword", "count", words=_name.replace("_", " ") + " {}"))
for _name, _when in TRIGGERS.items():
    _add(Verb(_name, "trigger", "effect", when=_when))
for _name in FACTS:
    _add(Verb(_name, "fact", "text", words=_name.replace("_", " ")))
for _verb in (
    Verb("suspend", "cost_keyword", "suspend", words="suspend {}"),
    Verb("you_may", "ability", words="it has an optional action (you may)"),
    Verb("activated", "ability", "cost", words="it has an activated ability ({})"),
    Verb("mana_ability", "ability", "text", words="it has a mana ability"),
    Verb("gy_activated", "ability", words="it has an ability used from the graveyard"),
    Verb("hand_activated", "ability", words="it has an ability used from the hand"),
    Verb("gy_cast_condition", "ability", words="it may be cast from the graveyard under a "
                                               "condition"),
    Verb("alt_cost", "ability", "cost", words="it has an alternative cost ({})"),
    Verb("flash_option", "ability", words="it may be cast as though it had flash"),
    Verb("tokens", "spell", "effect", words="it makes tokens"),
    Verb("spell", "spell", "effect", words="its spell effect"),
    Verb("lord", "static", "boost"),
    Verb("anthem", "static", "boost"),
    Verb("players_cant_gain_life", "static", words="no player can gain life"),
    Verb("opps_cant_gain_life", "static", words="no opponent of its controller can gain life"),
    Verb("cant_gain_life", "static", words="its controller can't gain life"),
    Verb("cant_block", "static", "condition", words="it can't block"),
    Verb("cant_attack", "static", "condition", words="it can't attack"),
    Verb("attacks_each_combat_if_able", "static", words="it attacks each combat if able"),
    Verb("enters_tapped", "static", words="it enters tapped"),
    Verb("enters_with", "static", "count", words="it enters with {} +1/+1 counters"),
    Verb("mass_removal", "spell", "words", words="it removes creatures en masse ({})"),
    # (its sentence is MASS_REMOVAL's, by the kind of removal)
    Verb("no_regen", "spell", words="what it destroys can't be regenerated"),
    Verb("tokens_tapped", "spell", words="its tokens enter tapped"),
    Verb("cant_be_blocked", "static", "condition", words="it can't be blocked"),
    Verb("cant_be_countered", "static", words="it can't be countered"),
    Verb("self_boost", "static", "condition", words="it gets a bonus to its power and "
                                                      "toughness"),
    Verb("pt_from_count", "static", words="its power and toughness are counted from the "
                                          "game"),
    Verb("modal", "spell", words="its controller chooses among its modes"),
    Verb("additional_cost", "ability", "cost", words="it has an additional cost ({})"),
    Verb("cost_reduction", "ability", words="it can cost less to cast"),
    Verb("search_library", "spell", words="its controller searches their library"),
    Verb("table", "table", "words"),
    Verb("x_is", "count", "amount", words="X is counted from the game"),
):
    _add(_verb)


def _boost(value: str) -> tuple[str, str, int, int, tuple[str, ...]]:
    m = re.fullmatch(r"(?<![a-z_])(other|your|all)_([a-z_]+?)([+-]\d+|[+-]X)/([+-]\d+|[+-]X)"
                     r"((?:\+[a-z_]+)*)", value)
    if m is None:
        raise VocabularyError(f"'{value}' is not a boost such as other_zombies+1/+1 or "
                              "your_creatures+1/+0+trample")
    power = 0 if "X" in m.group(3) else int(m.group(3))
    toughness = 0 if "X" in m.group(4) else int(m.group(4))
    extra = tuple(e for e in m.group(5).split("+") if e)
    return m.group(1), m.group(2), power, toughness, extra


@functools.lru_cache(maxsize=16384)
def parse_tag(tag: str) -> Behaviour:
    """One tag read into its verb and typed values, or :class:`VocabularyError`."""
    key, eq, value = tag.partition("=")
    if not key:
        raise VocabularyError(f"'{tag}' has no verb")
    if key not in VERBS:
        walk = _LAND.fullmatch(key)
        if walk and not eq:
            return Behaviour(VERBS["landwalk"], walk.group(1), tag=tag)
        if key.startswith("protection_from_") and not eq:
            return Behaviour(VERBS["protection"], key[len("protection_from_"):], tag=tag)
        raise VocabularyError(f"'{key}' is not a verb of the card vocabulary "
                              "(pyengine/vocabulary.py lists them)")
    verb = VERBS[key]
    kind = verb.param
    if kind == "none":
        if eq:
            raise VocabularyError(f"'{key}' takes no value (found '{value}')")
        return Behaviour(verb, tag=tag)
    if kind == "cost":
        if value and not _COST.fullmatch(value):
            raise VocabularyError(f"'{value}' is not a cost for {key}")
        return Behaviour(verb, value, tag=tag)
    if kind == "count":
        if not re.fullmatch(_COUNT, value):
            raise VocabularyError(f"{key} needs a count (a number or X), not '{value}'")
        return Behaviour(verb, value, count=value, tag=tag)
    if kind == "effect":
        condition, colon, code = value.rpartition(":") if ":" in value else ("", "", value)
        if condition and not _WORDS.fullmatch(condition):
            raise VocabularyError(f"'{condition}' is not a condition (lower-case words)")
        return Behaviour(verb, value, condition=condition, effect=parse_effect(code), tag=tag)
    if kind == "boost":
        return Behaviour(verb, value, boost=_boost(value), tag=tag)
    if kind == "suspend":
        if not re.fullmatch(rf"{_COUNT}-.+", value):
            raise VocabularyError(f"suspend needs time-cost such as 3-{{2}}{{B}}, not '{value}'")
        return Behaviour(verb, value, count=value.split("-", 1)[0], tag=tag)
    if kind == "amount":
        return Behaviour(verb, value, amount=parse_count(value), tag=tag)
    if kind == "words":
        if not _WORDS.fullmatch(value):
            raise VocabularyError(f"{key} needs lower-case words joined by _, not '{value}'")
        return Behaviour(verb, value, tag=tag)
    if kind == "condition":
        if value and not _WORDS.fullmatch(value):
            raise VocabularyError(f"'{value}' is not a condition (lower-case words joined by _)")
        return Behaviour(verb, value, condition=value, tag=tag)
    return Behaviour(verb, value, tag=tag)  # text


def behaviours(tags: Iterable[str]) -> tuple[Behaviour, ...]:
    """Every tag read (tags that cannot be read are left out: the data was checked when it
    was loaded, so only a game's config written before could hold one)."""
    out = []
    for tag in tags:
        try:
            out.append(parse_tag(str(tag)))
        except VocabularyError:
            continue
    return tuple(out)


def x_counts(tags: Iterable[str]) -> tuple[Count, ...]:
    """What a card's X counts (its ``x_is``), or ``()`` when its text leaves X to the table."""
    return next((b.amount for b in behaviours(tags) if b.name == "x_is"), ())


def check_tags(name: str, tags: Iterable[str], line: int = 0) -> None:
    """Raise :class:`VocabularyError` naming the card (and the line) for a tag that is no
    verb of the vocabulary or has a bad parameter."""
    for tag in tags:
        try:
            parse_tag(str(tag))
        except VocabularyError as error:
            where = f"line {line}: " if line else ""
            raise VocabularyError(f"{where}{name}: {error}") from None


# -- engines' declarations ----------------------------------------------------------------------
HOW = ("carried", "reminded", "table", "fact")


@dataclass(frozen=True)
class Handling:
    """What one engine does with one verb: ``how`` is ``carried`` (the engine does it),
    ``reminded`` (the runner says it on ``step`` every time it applies), ``table`` (left to
    the table: said on the card panel and in the card reference) or ``fact`` (no behaviour of
    play); ``rule`` is the anchor that says so; ``coin`` (a Yes/No coin flag), ``offer``
    (a graveyard offer) and ``power`` (counted in the attack total) are what the engine's
    coin flags, offers and attack totals read; ``ignored``: a rule of the rulebook overrides
    what the card says (Swarm creatures and tokens enter untapped, sw-9-1), so its reminders
    leave it out too."""

    how: str
    rule: str = ""
    step: str = ""
    coin: bool = False
    offer: bool = False
    power: bool = False
    ignored: bool = False


def declare(default: Mapping[str, Handling],
            overrides: Mapping[str, Handling] | None = None) -> dict[str, Handling]:
    """An engine's declaration: every verb by its family's default (``default`` is keyed by
    family: ``keyword``, ``cost_keyword``, ``number_keyword``, ``ability``, ``trigger``,
    ``spell``, ``static``, ``fact``, ``table``), then ``overrides`` by verb name."""
    table = {name: default[verb.family] for name, verb in VERBS.items() if verb.family in default}
    table.update(overrides or {})
    for name, handling in table.items():
        if handling.how not in HOW:
            raise AssertionError(f"{name}: {handling.how} is not one of {HOW}")
    return table


def trigger_steps(rule: str, side: str, attacks: str) -> dict[str, Handling]:
    """An engine's declaration of the token triggers it carries out at their step (issue 41:
    upkeep, beginning of combat, attacks, and the X they count on ``side``; the rest of each
    trigger is reminded); ``attacks``: what it does as the attackers are declared."""
    return {
        **{verb: Handling("carried", rule, "its tokens made in the upkeep when the engine can "
                                           "count them; the rest reminded")
           for verb in ("upkeep", "each_upkeep")},
        "begin_combat": Handling("carried", rule, "its tokens made before the attackers are "
                                                  "declared, attacking with the rest; the rest "
                                                  "reminded"),
        "attacks": Handling("carried", rule, attacks + "; the rest reminded"),
        "x_is": Handling("carried", rule, f"X counted on {side} side as its trigger resolves "
                                          "(the Survivors' side: the table counts)"),
    }


def handling_of(table: Mapping[str, Handling], tag: str) -> Handling | None:
    """An engine's handling of one tag (None for a tag that cannot be read)."""
    try:
        return table.get(parse_tag(tag).name)
    except VocabularyError:
        return None


# -- older spellings ----------------------------------------------------------------------------
#: Tags of earlier releases, each with the tags that replace it (hand-written keys of
#: ``decks/cards.tsv`` before issue 39 and the two spellings of one behaviour).
LEGACY: dict[str, tuple[str, ...]] = {
    "cast_trigger_draw=1": ("cast_trigger=draw1",),
    "lifegain_when_damaged_creature_dies": (
        "table=whenever_a_creature_it_damaged_this_turn_dies_you_gain_life_equal_to_that_"
        "creature's_toughness",),
    "gy_return={2}{U}+discard2(tapped)": (
        "gy_activated", "table=from_the_graveyard_for_{2}{U}_and_two_discarded_cards_it_returns"
        "_tapped",),
    "gy_return={1}{U}+discard2(tapped)": (
        "gy_activated", "table=from_the_graveyard_for_{1}{U}_and_two_discarded_cards_it_returns"
        "_tapped",),
    "each_player_sacs_all_colored_permanents": (
        "mass_removal=sacrifice", "table=each_player_sacrifices_each_colored_permanent"),
    "13_Zombie_tokens_tapped": ("tokens=13_Zombie_tapped", "tokens_tapped"),
    "cast_trigger=may_reanimate_target_creature_card": ("cast_trigger=reanimate",),
    "haste_ability={1}": ("activated={1}", "table=for_{1}_it_gains_haste_until_end_of_turn"),
    "any_spell_cast=-1/-1_eot": ("spell_cast=self-1/-1_eot",),
    "cast_trigger=any_player_may_sac_creature_to_counter_it": (
        "cast_trigger", "table=when_it_is_cast_any_player_may_sacrifice_a_creature_to_counter"
        "_it",),
    "tokens=1_Eldrazi_Spawn(3_if_you_control_a_Spawn)": (
        "tokens=1_Eldrazi_Spawn", "table=it_makes_three_eldrazi_spawn_instead_if_you_control_a_"
        "spawn",),
    "each_upkeep=that_player_sacs_nonZombie_creature": (
        "each_upkeep=that_player_sacs_creature",
        "table=the_creature_sacrificed_at_each_upkeep_is_a_non-zombie_one",),
    "self_sac_if_no_creatures": (
        "table=it_is_sacrificed_when_no_creatures_are_on_the_battlefield",),
    "attacks_or_blocks=any_player_may_exile3_gy_to_prevent_its_combat_dmg": (
        "attacks_or_blocks", "table=any_player_may_exile_three_cards_from_their_graveyard_to_"
        "prevent_its_combat_damage",),
    "fetch_eldrazi_card_from_outside_game_or_exile": (
        "table=you_put_an_eldrazi_card_from_outside_the_game_or_from_exile_into_your_hand",),
    "destroy_each_creature_mv<=3": (
        "mass_removal=destroy", "spell=mana_value_3_or_less:destroy_all_creatures",),
    "destroy_target_nonblack_creature": ("spell=destroy_target_nonblack_creature",),
    "etb_self_mill2": ("etb=self_mill2",),
    "dies_self_mill2": ("dies=self_mill2",),
    "destroy_all_creatures": ("mass_removal=destroy", "spell=destroy_all_creatures"),
    "lord=other_zombies_and_skeletons+1/+1+deathtouch": (
        "lord=other_zombies_and_skeletons+1/+1+deathtouch",),
    "creature_dealt_damage=destroy_no_regen": (
        "trigger=a_creature_it_damaged:destroy_it", "no_regen"),
    "dies=all_creatures-1/-1_eot": ("dies=all_creatures-1/-1_eot",),
    "each_player_discards3": ("spell=each_player_discards3",),
    "other_zombie_dies=target_opp_loses1": ("dies=another_zombie:target_opp_loses1",),
    "cast_trigger=target_opp_reveals+discards(mv<=3_nonland_and_mv>=4)": (
        "cast_trigger", "table=target_opponent_reveals_their_hand_and_discards_a_nonland_card_"
        "of_mana_value_3_or_less_and_one_of_4_or_more",),
    "combat_dmg_to_creature=destroy_no_regen": (
        "trigger=it_deals_combat_damage_to_a_creature:destroy_it", "no_regen"),
    "hexproof_while_entered_this_turn": ("table=it_has_hexproof_during_the_turn_it_entered",),
    "cast_trigger=tap_up_to_4_target_permanents": (
        "cast_trigger", "table=when_it_is_cast_tap_up_to_four_target_permanents",),
    "sac_self=add{C}": ("mana_ability=add{C}",),
    "upkeep=X_Zombie_tokens(X=half_your_zombies_rounded_down)": (
        "upkeep=X_Zombie", "table=X_is_half_the_zombies_you_control_rounded_down",),
    "target_player_loses3": ("spell=target_player_loses3",),
    "you_gain3": ("spell=you_gain3",),
    "dies_draw": ("dies=draw1",),
    "opp_creatures-1/-1": ("spell=opp_creatures-1/-1_eot",),
    "self_resuspends(3_time_counters)": (
        "table=it_is_suspended_again_with_three_time_counters_after_it_resolves",),
    "other_own_creature_dies=+1/+1counter": ("dies=another_creature_you_control:p1p1_counter",),
    "threshold_etb=nonblack_creatures-2/-2_eot": (
        "etb=threshold:nonblack_creatures-2/-2_eot",),
    "enchant_land": ("table=it_enchants_a_land",),
    "goblins+0/+2_if_enchanted_basic_Mountain": (
        "table=goblins_you_control_get_+0/+2_while_it_enchants_a_basic_mountain",),
    "goblins+1/+0_if_enchanted_basic_Mountain": (
        "table=goblins_you_control_get_+1/+0_while_it_enchants_a_basic_mountain",),
    "etb=1dmg_each_opp+their_creatures+planeswalkers": (
        "etb=1dmg_each_opp_and_their_creatures",),
    "etb=all_goblins+3/+0_eot": ("etb=all_goblins+3/+0_eot",),
    "end_step=destroy_all_goblins": ("end_step=destroy_all_goblins",),
    "begin_combat=1/1_Goblin_token_with_haste": (
        "begin_combat=1_Goblin", "table=its_goblin_token_has_haste",),
    "other_goblins_must_attack": ("table=other_goblins_you_control_attack_each_combat_if_able",),
    "attacks=+1/+0_per_other_attacking_goblin": (
        "attacks", "table=whenever_it_attacks_it_gets_+1/+0_for_each_other_attacking_goblin",),
    "ltb=1dmg_each_goblin": ("leaves=1dmg_each_goblin",),
    "sac_goblin=destroy_target_artifact": ("activated=sacrifice_a_goblin",
                                           "table=sacrifice_a_goblin_to_destroy_target_artifact"),
    "grants_menace_like=your_creatures_cant_be_blocked_except_by_2+": (
        "table=creatures_you_control_can't_be_blocked_except_by_two_or_more_creatures",),
    "dmg_target_player=#goblins_you_control": (
        "spell=Xdmg_target_player", "table=X_is_the_number_of_goblins_you_control",),
    "grants_menace=zombies_you_control": ("table=the_zombies_you_control_have_menace",),
    "activated_token={3}{B}+exile_creature_card_from_gy(2/2_Zombie)": (
        "activated={3}{B},exile_a_creature_card_from_your_graveyard",
        "table=its_ability_makes_a_2/2_zombie_token",),
    "nonblack_creature_etb=sac_this+destroy_it": (
        "etb=a_nonblack_creature:destroy_it",
        "table=it_is_sacrificed_when_it_destroys_that_creature",),
    "etb_or_attacks=2_Zombie_tokens": ("etb=2_Zombie", "attacks=2_Zombie"),
    "attacks=+2/+0": ("attacks=self+2/+0_eot",),
    "menace_if_delirium": ("table=it_has_menace_with_delirium",),
    "menace_if_delirium(+1/+1)": ("table=it_gets_+1/+1_and_has_menace_with_delirium",),
    "other_goblin_blocked=sac_it+4dmg_to_blockers": (
        "trigger=another_goblin_becomes_blocked:",
        "table=whenever_another_goblin_you_control_becomes_blocked_you_may_sacrifice_it_to_deal"
        "_4_damage_to_each_creature_blocking_it",),
    "sac_2_Mountains=2_Goblin_tokens": ("activated=sacrifice_two_mountains",
                                        "table=its_ability_makes_two_goblin_tokens"),
    "cast_trigger=2_Insect_tokens(1/1_green)": ("cast_trigger=2_Insect",),
    "cast_trigger=may_put_target_nonland_permanent_on_top_of_library": (
        "cast_trigger",
        "table=when_it_is_cast_you_may_put_target_nonland_permanent_on_top_of_its_owner's_"
        "library",),
    "symmetric_mass_reanimate_after_sac_all_creatures": (
        "table=each_player_exiles_their_graveyard's_creature_cards_sacrifices_all_creatures_"
        "and_puts_the_exiled_cards_onto_the_battlefield",),
    "etb=each_player_loses1": ("etb=each_player_loses1",),
    "each_player_shuffles_gy_into_library": (
        "table=every_player_shuffles_their_graveyard_into_their_library",),
    "cast_trigger=may_destroy_target_artifact_or_enchantment": (
        "cast_trigger=destroy_target_artifact_or_enchantment",),
    "damaged=2/2_Phyrexian_Zombie_token": ("trigger=it_is_dealt_damage:1_Phyrexian_Zombie",),
    "any_spell_cast=remove_counter+2/2_Zombie_token": (
        "spell_cast=1_Zombie", "table=whenever_a_player_casts_a_spell_remove_a_+1/+1_counter_"
        "from_it_and_make_a_2/2_zombie_token",),
    "self_or_zombie_etb=nonZombie_creatures-1/-1_eot": (
        "etb=it_or_another_zombie:nonzombie_creatures-1/-1_eot",),
    "each_player_names_type": ("table=each_player_names_a_creature_type",),
    "mass_reanimate_named_types": (
        "table=each_player_returns_all_creature_cards_of_the_named_types_from_their_graveyard"
        "_to_the_battlefield",),
    "self_or_goblin_dies=1dmg_any_target": ("dies=it_or_another_goblin:1dmg_any_target",),
    "activated={3}{R}+sac_goblin=2_Goblin_tokens": (
        "activated={3}{R},sacrifice_a_goblin", "table=its_ability_makes_two_goblin_tokens"),
    "destroy_all_green_creatures": ("mass_removal=destroy", "table=destroy_all_green_creatures"),
    "destroy_all_creatures_you_dont_control": (
        "mass_removal=destroy", "table=destroy_all_creatures_you_don't_control"),
    "power<=2_attacker=1dmg_defending_player": (
        "trigger=a_creature_you_control_with_power_2_or_less_attacks:1dmg_defending_player",),
    "etb=green_creatures-1/-1_eot": ("etb=green_creatures-1/-1_eot",),
    "dies=target_player_discards1": ("dies=target_player_discards1",),
    "exile_target_permanent": ("table=one_target_permanent_is_exiled",),
    "activated={1}{R}+sac_goblin=2dmg_any_target": (
        "activated={1}{R},sacrifice_a_goblin", "table=its_ability_deals_2_damage_to_any_target"),
    "becomes_target=sacrifice_it": (
        "trigger=it_becomes_the_target_of_a_spell_or_ability:", "table=then_it_is_sacrificed"),
    "combat_dmg_to_player=+1/+1counter": ("combat_dmg_to_player=p1p1_counter",),
    "keeps_counters_across_zones": (
        "table=its_counters_stay_on_it_as_it_moves_to_any_zone_but_the_hand_or_library",),
    "symmetric=each_player_lose1+discard1+sac_creature+sac_land": (
        "spell=each_player_loses1+each_player_discards1+each_player_sacs_creature",
        "table=each_player_also_sacrifices_a_land",),
    "pt=#zombies_on_bf+#zombie_cards_in_all_gy": (
        "table=its_power_and_toughness_are_the_number_of_zombies_on_the_battlefield_plus_"
        "zombie_cards_in_all_graveyards",),
    "each_other_player_sacs_creature": ("spell=each_other_player_sacs_creature",),
    "Zombie_token_per_sac": ("table=you_create_a_2/2_zombie_token_for_each_creature_"
                             "sacrificed_this_way",),
    "each_other_player_discards1": ("spell=each_other_player_discards1",),
    "you_draw_per_discard": ("table=you_draw_a_card_for_each_card_discarded_this_way",),
    "instant_speed_for+{2}": ("table=you_may_cast_it_as_though_it_had_flash_for_{2}_more",),
    "mass_reanimate_all_players": (
        "table=each_player_returns_every_creature_card_that_went_to_their_graveyard_this_turn",),
    "etb_counters=#other_zombies_you_control+#zombie_cards_in_your_gy": (
        "enters_with=X",
        "table=it_enters_with_a_+1/+1_counter_for_each_other_zombie_you_control_and_zombie_"
        "card_in_your_graveyard",),
    "damage_prevented->remove_counter": (
        "table=damage_to_it_is_prevented_and_a_+1/+1_counter_removed_instead",),
    "self_or_zombie_dies=each_opp_loses1": ("dies=it_or_another_zombie:each_opp_loses1",),
    "etb=dmg_target_opp_creature=#goblins_you_control": (
        "etb=Xdmg_target_opp_creature", "table=X_is_the_number_of_goblins_you_control",),
    "opp_card_to_gy=+1/+1counter": (
        "trigger=a_card_goes_to_an_opponent's_graveyard_from_anywhere:p1p1_counter",),
    "cards_in_graveyards_lose_all_abilities": ("table=no_card_in_a_graveyard_has_abilities",),
    "modal_choose_one=(creatures+2/+0_or_2_Goblin_tokens)": (
        "table=choose_one_creatures_you_control_get_+2/+0_until_end_of_turn_or_create_two_"
        "goblin_tokens",),
    "zombie_spells_cost{1}less": ("table=zombie_spells_you_cast_cost_{1}_less",),
    "lord=your_zombies+2/+1(incl.self)": ("lord=your_zombies+2/+1",),
    "+1/+1_per_opp_Plains": (
        "table=it_gets_+1/+1_for_each_plains_its_opponents_control",),
    "targeted_by_spell=caster_loses5": (
        "table=whenever_a_player_targets_it_with_a_spell_that_player_loses_5_life",),
    "each_upkeep_lose1": ("each_upkeep=that_player_loses1",),
    "etb_each_player_discards1": ("etb=each_player_discards1",),
    "each_upkeep=Tombspawn_tokens(2/2_haste)_per_creature_card_in_gy": (
        "each_upkeep=X_Tombspawn",
        "table=X_is_the_number_of_creature_cards_in_that_player's_graveyard_and_the_tokens_have"
        "_haste",),
}
#: (a key already spelled as today's verb is no older spelling)
LEGACY = {old: new for old, new in LEGACY.items() if new != (old,)}
_ENTERS_WITH_OLD = re.compile(r"^enters_with_(\d+)_p1p1$")


def migrate_tag(tag: str, *, strict: bool = False) -> tuple[str, ...]:
    """The tags of today for one tag of an earlier release (the tag itself when it reads).
    A tag no verb reads becomes ``table=`` with its words, or with ``strict`` (a list being
    read now) raises :class:`VocabularyError`."""
    tag = str(tag)
    if tag in LEGACY:
        return LEGACY[tag]
    tokens = re.fullmatch(r"(?<!\w)(\w+=)?(\d+|X)_([A-Z]\w*?)_tokens?(_tapped)?", tag)
    if tokens:
        made = (tokens.group(1) or "tokens=") + f"{tokens.group(2)}_{tokens.group(3)}"
        return (made + "_tapped", "tokens_tapped") if tokens.group(4) else (made,)
    m = _ENTERS_WITH_OLD.match(tag)
    if m:
        return (f"enters_with={m.group(1)}",)
    old_effect = re.fullmatch(r"(?<!\w)(draw\d+|drawX|you_gain\w+|self_mill\w+|\w+_discards\w+|"
                              r"\w+_loses\w+|each_player_sacs_creature)", tag)
    if old_effect and tag not in VERBS:
        try:
            parse_atom(tag)
            return (f"spell={tag}",)
        except VocabularyError:
            pass
    try:
        parse_tag(tag)
        return (tag,)
    except VocabularyError:
        if strict:
            raise
    key, _, value = tag.partition("=")
    verb = VERBS.get(key)
    if verb is not None and value:  # a known verb with a value of an earlier spelling
        if verb.param in ("cost", "words", "condition"):
            return (f"{key}={re.sub(r'[^A-Za-z0-9{}_,+/-]+', '_', value).strip('_')}",)
        if verb.family == "trigger":
            return (key, *migrate_tag(f"table={value}"))
    words = re.sub(r"[^A-Za-z0-9{}_'+\-/<=>,.]+", "_", tag).strip("_") or "an_ability"
    return (f"table={words}",)


def migrate_tags(tags: Iterable[str], *, strict: bool = False) -> tuple[str, ...]:
    """A card's tags of any earlier release in today's verbs (nothing is dropped: a tag no
    verb reads becomes ``table=`` with its words; ``strict``: :class:`VocabularyError`)."""
    out: list[str] = []
    for tag in tags:
        out.extend(migrate_tag(str(tag), strict=strict))
    return tuple(dict.fromkeys(out))


def sentences(tags: Iterable[str]) -> list[str]:
    """Every behaviour's sentence, in order (the card panel's lines)."""
    return [b.sentence() for b in behaviours(tags) if b.verb.family != "fact"]


def as_dict(behaviour: Behaviour) -> dict[str, Any]:
    """A behaviour as plain data (for the coverage report)."""
    return {"verb": behaviour.name, "value": behaviour.value,
            "atoms": [a.kind for a in behaviour.effect]}
