"""One reading of a pasted list's commander for every play page: the Team Commander table, the
shuffler and both runners read a list exactly as the deck check does
(:func:`pyengine.commanders.find_commanders`, through
:func:`pyengine.shuffler.library_and_commanders`), with the same card data (the shipped facts
under the full card data, fetched when a list needs it) and the same "Is X your commander?"
question with one-tap answers (action :data:`CHOOSE`, ``_item`` = the names, one a line; empty
to let the page propose again). Pure; no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import CardDB
from ..commanders import CommanderReading, find_commanders
from ..decklist import Decklist
from ..shuffler import library_and_commanders
from . import Item

__all__ = ["CHOOSE", "DeckReading", "needs_card_data", "question", "read_deck", "runner_note"]

#: The page action of the question's answers (as on the deck check).
CHOOSE = "choose-commander"
#: Most answers the question offers (as on the deck check).
MAX_ANSWERS = 6


@dataclass
class DeckReading:
    """A list as a play page reads it."""

    library: list[str]
    """The cards that go into the library, one name per copy."""
    commanders: list[str]
    """The commander(s) set aside face down (tc-3-1)."""
    reading: CommanderReading
    """How the deck check found the commander (source, reason, proposals)."""
    proposals: list[list[str]] = field(default_factory=list)


def read_deck(deck: Decklist, cards: CardDB | None, chosen: tuple[str, ...] = (), *,
              commander_deck: bool = False) -> DeckReading:
    """``deck`` read as the deck check reads it: the player's ``chosen`` commander, else the
    list's marks, else one or two sideboard cards, else the check's proposal from the card
    data. ``commander_deck`` (the Team Commander table: every deck there is a Commander deck)
    sets a proposed commander aside whatever the list's size; otherwise (the shuffler, the
    runners) a proposed one is set aside only on a 100-card list, as
    :func:`pyengine.shuffler.library_and_commanders` says."""
    reading = find_commanders(deck, cards, chosen)
    if commander_deck and reading.commanders:
        library = [e.name for e in reading.library for _ in range(e.count)]
        commanders = [e.name for e in reading.commanders for _ in range(e.count)]
    else:
        library, commanders = library_and_commanders(deck, cards, chosen)
    return DeckReading(library, commanders, reading, list(reading.proposals))


def needs_card_data(deck: Decklist, known: CardDB | None) -> bool:
    """True when finding the commander of ``deck`` needs the full card data: nothing marks
    it (no Commander section, ``*CMDR*``, sideboard commander) and a single copy in the list,
    which could be the commander, is not in the ``known`` facts (the shipped ones, with the
    list's ``#!`` lines). With every such card known, the full data reads the list the same
    way (the shipped facts stay on top, :func:`pyengine.cards.combine_card_data`)."""
    if find_commanders(deck, None).source != "none":
        return False
    return any(e.count == 1 and (known is None or known.get(e.name) is None)
               for e in deck.deck_entries())


def question(result: DeckReading) -> tuple[str, list[Item]]:
    """The deck check's question and its one-tap answers: ``("", [])`` when the list marks its
    commander; "Is X your commander?" with "Yes, X" and "No, it is Y" when the page had to
    propose one; "Read with X as the commander" and "Let the page propose one" once chosen."""
    reading = result.reading
    if reading.source not in ("assumed", "chosen") or not reading.commanders:
        return "", []
    names = [e.name for e in reading.commanders]
    shown = " + ".join(names)
    items: list[Item] = []
    if reading.source == "assumed":
        set_aside = "set aside" if result.commanders else "shuffled in until you say so"
        text = (f"No commander was marked in the list. Is {shown} your commander? "
                f"({reading.reason}; {set_aside}.)")
        items.append(Item(f"Yes, {shown}", action=CHOOSE, value="\n".join(names)))
    else:
        text = f"Read with {shown} as the commander."
        items.append(Item("Let the page propose one", action=CHOOSE, value=""))
    current = [n.casefold() for n in names]
    for proposal in result.proposals:
        if [n.casefold() for n in proposal] == current:
            continue
        items.append(Item(f"No, it is {' + '.join(proposal)}", action=CHOOSE,
                          value="\n".join(proposal)))
        if len(items) >= MAX_ANSWERS:
            break
    return text, items


def chosen_from(item: str) -> tuple[str, ...]:
    """The names of an answer (``_item``: one a line, at most two)."""
    return tuple(n.strip() for n in str(item).split("\n") if n.strip())[:2]



def runner_note(deck: Decklist, cards: CardDB | None, *, side: str, why: str) -> str:
    """What a runner (the Horde or Swarm deck, which has no commander: ``why`` names the rule)
    says about a pasted list's commander, found exactly as the deck check finds it
    (:func:`pyengine.commanders.find_commanders`): a commander the list marks (a Commander
    section, ``*CMDR*``) or puts in its sideboard is named, with what the runner does with it
    (the runner plays the list's main cards only: one outside them is left out, one among them
    stays in the deck). A commander the check would only propose from the card data is not
    the list's word: the runner asks nothing and says nothing (there is no commander to set
    aside), and the card stays in the deck."""
    reading = find_commanders(deck, cards)
    if reading.source in ("none", "assumed") or not reading.commanders:
        return ""
    names = [e.name for e in reading.commanders]
    shown = " + ".join(names)
    main = {n.casefold() for n in deck.cards("main")}
    kept = [n for n in names if n.casefold() in main]
    fate = (f"{shown} stays in the {side} deck as one of its cards" if len(kept) == len(names)
            else f"{shown} is left out of the {side} deck" if not kept
            else f"{' + '.join(kept)} stays in the {side} deck, the rest is left out")
    return f"The list names {shown} as its commander; {why}, so {fate}."
