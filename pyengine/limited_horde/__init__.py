"""Horde Magic — Limited Edition 2.1: the Horde deck plays itself against a Limited deck.

The rules are on the site at ``docs/limited-horde/index.md`` (anchors ``lh-…``). A game is
:class:`LimitedHorde` (variant ``"limited-horde"``); its config is JSON::

    {
      "deck": ["Zombie", "Walking Corpse", ...],  # the Horde library (top first if stacked)
      "dreadnought": ["Abundant Maw", ...],       # Eldrazi only: the 12-card Dreadnought deck
      "facts": {...},                             # both decks (see pyengine.cards.config_facts)
      "difficulty": "normal",                     # nightmare, hard, normal, easy, story
      "adjustment": 0,                            # set adjustment to Preparation turns, -2 to +2
      "aggro": false,                             # Aggro Mode (Appendix D)
      "survivors": 1,                             # 1 to 4 (for life and Roll for the Horde)
      "life": 20,                                 # optional: the Survivors' starting life
      "stack": false                              # true: never shuffle (tests)
    }

The game (:class:`LimitedHorde`, ``game.py``) is composed of parts: card effects
(``effects.py``), the Eldrazi's Dreadnought deck (``eldrazi.py``) and targeting and Hunting
(``targeting.py``, whose decisions are pure functions of their inputs). Each part calls on the
game only what ``needs.Parts``, their common base, declares; the game implements it.

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
* **chosen**: the Dreadnought deck (lh-11-4) is checked after every action that changed the
  number of Eldrazi Spawn, in either side's turn (then only a card with flash is cast,
  lh-11-26), and in the Horde's main phases: after its plays each turn, and its second main
  phase, played when the table ends its turn (``end-horde-turn``), where a card without flash
  that waited is cast (:meth:`~.eldrazi.Eldrazi.dreadnought_moment` decides).
* **chosen**: a Survivor may gain control of a Horde permanent (``gain-control``,
  ``return-control``; the document is silent): it is then not the Horde's in any way.
* lh-9-10: keyword errata (``rules.KEYWORD_ERRATA``: threshold instead of delirium) are applied
  to the card facts of the game (:meth:`LimitedHorde.errata_of` says so in words).
"""

from __future__ import annotations

from .game import LimitedHorde
from .rules import (
    ADJUSTMENTS,
    ASSAULT_CARDS,
    COAX,
    COAX_COST,
    DAMAGE_PER_CARD,
    HORRID_SWARM,
    LEVELS,
    LIFE_PER_CARD,
    SPAWN,
    STAGES,
    SURGE_EXTRA,
    preparation_turns,
    token_mana_value,
)

__all__ = ["LEVELS", "LimitedHorde", "preparation_turns", "token_mana_value"]
__all__ += ["ADJUSTMENTS", "ASSAULT_CARDS", "COAX", "COAX_COST", "DAMAGE_PER_CARD",
            "HORRID_SWARM", "LIFE_PER_CARD", "SPAWN", "STAGES", "SURGE_EXTRA"]
