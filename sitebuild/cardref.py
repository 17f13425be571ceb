"""The card reference pages: for each shipped Horde and Swarm deck (``decks/index.json``), every
card with its type, mana value and power/toughness, and what the automated deck does with it
under each rule set, with the rules that decide it. The words come from the engines
(:func:`pyengine.card_reference.deck_reference`); nothing here is written per card, and no
card text is published (only the facts in ``decks/cards.tsv``).

* :func:`deck_pages` - ``{src_uri: Markdown}``: ``cards/index.md`` and ``cards/<deck id>.md``;
* :func:`deck_entries` - one deck's :class:`pyengine.card_reference.CardEntry` list (also what
  the tests compare with a played game).

Each card is a heading with its own anchor (:func:`pyengine.card_reference.slug`), so the
site's search lists it by name and the runners' card panel links to it.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from pyengine import files, variants
from pyengine.card_reference import CardEntry, deck_reference
from sitebuild import BuildError
from sitebuild.rules import number_for

#: Where the pages go in the site.
FOLDER = "cards"
#: Deck formats the reference covers, and the rule set each is played under: every variant's
#: card-reference deck kinds (their descriptors, pyengine/variants.py).
_RULE_SETS = {kind.format: kind.title for variant in variants.all_variants()
              for kind in variant.deck_kinds}
FORMATS = tuple(_RULE_SETS)


def _escape(text: str) -> str:
    """Text safe in Markdown: HTML escaped, Markdown's marks backslashed."""
    text = html.escape(text, quote=False)
    return re.sub(r"([\\`*_\[\]{}#|])", r"\\\1", text)


def deck_entries(deck: dict[str, Any], root: Path | None = None) -> list[CardEntry]:
    """The card reference of one ``index.json`` deck (with the companion deck it is played
    with, for a Swarm deck's scratch game)."""
    db = files.load_card_db(root)
    decklist = files.load_deck(deck["id"], root)
    sections = {s: decklist.cards(s) for s in decklist.sections()}
    companion = deck.get("enforcers")
    if companion:
        other = files.load_deck(companion, root)
        for section in other.sections():
            sections.setdefault(section, other.cards(section))
    facts = {}
    for names in sections.values():
        for name in names:
            card = db.get(name)
            if card is None:
                raise BuildError(f"decks/{deck['path']}: no card facts for {name!r}")
            facts[card.name] = card
    canonical = {s: [db[n].name for n in names] for s, names in sections.items()}
    return deck_reference(deck["format"], canonical, facts)


def _rules(anchors: tuple[str, ...]) -> str:
    return ", ".join(f"[[see {number_for(a)}]]" for a in anchors)


def entry_markdown(entry: CardEntry) -> str:
    """One card: a heading with its anchor, its facts line, then per rule set the notes. The
    heading is one level under the page's title (axe's heading-order: no level skipped)."""
    facts = [f"{entry.count} ×", _escape(entry.type_line or "Card"),
             f"mana value {entry.mana_value}"]
    if entry.pt:
        facts.append(_escape(entry.pt))
    lines = [f"## {_escape(entry.name)} {{ #{entry.slug} }}", "",
             '<p class="card-facts" markdown>' + " · ".join(facts) + "</p>", ""]
    for title, notes in entry.sections:
        lines += [f"**{_escape(title)}**", ""]
        for note in notes:
            rules = f" ({_rules(note.anchors)})" if note.anchors else ""
            lines.append(f"- {_escape(note.text)}{rules}")
        lines.append("")
    return "\n".join(lines)


def deck_page(deck: dict[str, Any], entries: list[CardEntry]) -> str:
    rule_set = _RULE_SETS[deck["format"]]
    title = f"{deck['title']}: card reference"
    tokens = sum(e.count for e in entries if e.token)
    cards = sum(e.count for e in entries)
    head = [
        "---", f"title: {json.dumps(title, ensure_ascii=False)}",
        # below the rules in the search: "Dread" finds the Dread Level before a deck's cards
        "search:", "  boost: 0.5", "---", "",
        f"# {_escape(title)}", "",
        f"{_escape(deck.get('description', ''))} Played under {rule_set}: {cards} cards, "
        f"{tokens} of them token cards, {len(entries)} different.", "",
        "What the automated deck does with each card, in plain words, with the rules that "
        "decide it. The page is written at build time by the rules engine itself, from the "
        "card facts the runner plays with, so it always matches what the runner does; the "
        "cards' own text is on each card (search its name on Scryfall).", "",
        '<nav class="card-index" aria-label="Cards in this deck" markdown>',
        " · ".join(f"[{_escape(e.name)}](#{e.slug})" for e in entries), "</nav>", "",
    ]
    return "\n".join(head) + "\n" + "\n".join(entry_markdown(e) for e in entries)


def index_page(decks: list[dict[str, Any]]) -> str:
    lines = ["---", "title: Card reference", "---", "", "# Card reference", "",
             "For each deck the site's runners play, every card and what the automated deck "
             "does with it under each rule set and difficulty: how it is cast or put onto the "
             "battlefield, its coin flag, flashback and graveyard offers, what the table "
             "resolves by hand, the reminders, and how it counts in the attack total. Written "
             "by the rules engine at build time. A deck you paste into a runner gets the same "
             "list on the runner's page.", ""]
    for deck in decks:
        lines.append(f"- [{_escape(deck['title'])}]({deck['id']}.md): "
                     f"{_RULE_SETS[deck['format']]}")
    return "\n".join(lines) + "\n"


def deck_pages(root: Path | None = None) -> dict[str, str]:
    """``{src_uri: Markdown}`` of every card reference page."""
    decks = [d for d in files.load_deck_index(root) if d.get("format") in FORMATS]
    pages = {f"{FOLDER}/index.md": index_page(decks)}
    for deck in decks:
        pages[f"{FOLDER}/{deck['id']}.md"] = deck_page(deck, deck_entries(deck, root))
    return pages


def generated_page_in_docs(src_uri: str) -> BuildError:
    return BuildError(f"docs/{src_uri} is generated by hooks/cardref.py from the decks and the "
                      "engine; delete the file")
