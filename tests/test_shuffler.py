"""The shuffler's reading of a deck: the library, with the commander set aside as the deck
check finds it (pyengine.shuffler.library_and_commanders)."""

from __future__ import annotations

from pyengine import files
from pyengine.decklist import Decklist
from pyengine.shuffler import library_and_commanders

KRENKO = "1 Krenko, Mob Boss\n1 Sol Ring\n98 Mountain\n"


def test_marked_commander_is_set_aside():
    """tc-3-4: a Commander section, [Commander] or *CMDR* keeps the card out of the library."""
    for text in ("Commander\n1 Krenko, Mob Boss\nDeck\n1 Sol Ring\n98 Mountain\n",
                 "1x Krenko, Mob Boss [Commander]\n1x Sol Ring\n98x Mountain\n",
                 "1x Krenko, Mob Boss *CMDR*\n1x Sol Ring\n98x Mountain\n"):
        library, commanders = library_and_commanders(Decklist.from_text(text))
        assert commanders == ["Krenko, Mob Boss"] and len(library) == 99


def test_unmarked_commander_needs_card_data_or_a_sideboard():
    """tc-3-4: without marks, the card data's proposal (first line) sets it aside; without card
    data the whole list is the library; MTGO's one-card sideboard is the commander."""
    deck = Decklist.from_text(KRENKO)
    assert library_and_commanders(deck) == (deck.cards(), [])
    library, commanders = library_and_commanders(deck, files.load_full_card_db())
    assert commanders == ["Krenko, Mob Boss"] and "Krenko, Mob Boss" not in library
    mtgo = Decklist.from_text("1 Sol Ring\n98 Mountain\n\n1 Krenko, Mob Boss\n")
    assert library_and_commanders(mtgo)[1] == ["Krenko, Mob Boss"]


def test_sixty_card_lists_are_shuffled_whole():
    """A list that is not 100 cards keeps every card, its sideboard out of the library."""
    deck = Decklist.from_text("4 Lightning Bolt\n36 Mountain\nSB: 2 Smash\n")
    library, commanders = library_and_commanders(deck)
    assert commanders == [] and len(library) == 40


def test_player_choice_wins():
    deck = Decklist.from_text(KRENKO)
    library, commanders = library_and_commanders(deck, None, ("Krenko, Mob Boss",))
    assert commanders == ["Krenko, Mob Boss"] and len(library) == 99
