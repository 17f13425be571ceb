"""sitebuild/coverage.py: the card vocabulary's coverage of the card pool (issue 39, point 5),
published on the Performance page."""

from __future__ import annotations

from sitebuild import coverage


def test_coverage_counts_verbs_and_unread_lines():
    """hs-4-3, sw-13-16: every creature, instant and sorcery with text is read; a line no verb
    reads is counted with its opening words; tokens and other card types are left out."""
    cards = [
        {"name": "Festering Goblin", "type_line": "Creature — Zombie Goblin",
         "oracle_text": "When Festering Goblin dies, target creature gets -1/-1 until end of "
                        "turn."},
        {"name": "Odd Sorcery", "type_line": "Sorcery",
         "oracle_text": "Look at the top five cards of your library."},
        {"name": "Land", "type_line": "Land", "oracle_text": "{T}: Add {B}."},
        {"name": "Zombie", "type_line": "Token Creature — Zombie", "layout": "token",
         "oracle_text": "Flying"},
    ]
    figures = coverage.compute(cards)
    assert figures["cards"] == 2 and figures["unread"] == 1 and figures["no_verb"] == 1
    assert figures["verbs"] == {"dies": 1}
    assert figures["unread_phrases"] == [["look at the", 1]]


def test_the_published_figures_and_the_shipped_decks():
    """hs-4-3, sw-13-16, lh-3-18: the stored figures read back, the unread share is below the
    one before issue 39, and every behaviour of the shipped decks has a declaration in every
    engine."""
    figures = coverage.read()
    assert figures["unread"] / figures["cards"] < \
        coverage.BEFORE["unread"] / coverage.BEFORE["cards"]
    for engine, counts in coverage.shipped().items():
        assert counts["missing"] == 0, engine
        assert counts["carried"] > 0 and counts["table"] > 0, engine
    table = coverage.markdown(figures)
    assert "| Swarm |" in table and "No declaration" in table and "before issue 39" in table
