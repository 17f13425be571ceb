"""What the parts of a Limited Horde game need from one another, declared once.

:class:`~.game.LimitedHorde` is composed of parts: :class:`~.effects.CardEffects` (playing a
card and what its tags do), :class:`~.eldrazi.Eldrazi` (the Dreadnought deck and its costs) and
:class:`~.targeting.Targeting` (the Horde's targets and Hunting, whose decisions are the pure
functions of that module). Each part is a :class:`Parts` and calls on the game only what its own
class, :class:`~pyengine.horde_common.HordeGame` or :class:`Parts` declares; the game class
implements every declaration (mypy checks the signatures; ``tests/test_limited_horde_needs.py``
checks both by reading the parts' code). So a call from one part to another goes through a
name this module declares, and the call graph matches the import graph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..horde_common import HordeGame

if TYPE_CHECKING:
    from ..game import Card, Event


class Parts(HordeGame):
    """The base of every part: :class:`HordeGame` plus what the parts need from the game and
    from each other (declarations only; :class:`~.game.LimitedHorde` implements them)."""

    if TYPE_CHECKING:
        #: Aggro Mode (Appendix D), from the config (LimitedHorde.setup).
        aggro: bool
        #: "preparation", "assault" or "epilogue" (lh-2-4, lh-6-1; LimitedHorde).
        stage: str

        @property
        def eldrazi(self) -> bool:
            """Playing against the Eldrazi (Eldrazi)."""

        def deck_token(self, card: Card) -> bool:
            """A token that began the game in the Horde deck (lh-3-2; LimitedHorde)."""

        def mana_value(self, card: Card) -> int:
            """lh-3-4 (LimitedHorde)."""

        def change_life(self, change: int) -> list[Event]:
            """The Survivors' life changes (LimitedHorde)."""

        def gain(self, n: int) -> list[Event]:
            """The Horde gains life (lh-5-2; LimitedHorde)."""

        def check_epilogue(self) -> list[Event]:
            """lh-6-1 (LimitedHorde)."""

        def play(self, card: Card, how: str = "") -> list[Event]:
            """Play a Horde card for 0 (lh-3-6; CardEffects)."""


#: Every name :class:`Parts` declares (for the tests that read the parts' code).
DECLARED = ("aggro", "stage", "eldrazi", "deck_token", "mana_value", "change_life", "gain",
            "check_epilogue", "play")
