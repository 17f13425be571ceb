"""Messages use the words on the buttons (issue 27, point 8): every "tap X" in a message of the
engines or the play pages names a button a player can see, as its label begins: a button of a
play page's markup, or a list item the widgets render as a button (a held spell's
"Resolved: …"). Derived from the pages and the code, so a renamed button fails here until
every message that names it follows."""

from __future__ import annotations

import html
import re

from tests.conftest import ROOT

#: "tap X" in a message ("press X" and "click X" are read too; the pages say "tap"): X starts
#: with a capital letter, as a button's label does.
TAP = re.compile(r"\b(?:[Tt]ap|[Pp]ress|[Cc]lick) ([A-Z][^.;:(\"{]*)")
BUTTON = re.compile(r"<button\b[^>]*>(.*?)</button>", re.S)
ITEM = re.compile(r"""Item\(f?["']([A-Z][^"'{:]*)""")


def button_labels() -> set[str]:
    labels: set[str] = set()
    for page in (ROOT / "docs" / "play").glob("*.md"):
        for match in BUTTON.finditer(page.read_text(encoding="utf-8")):
            text = html.unescape(re.sub(r"<[^>]+>", "", match.group(1))).strip()
            labels.add(text.rstrip("…").strip())
    for module in (ROOT / "pyengine" / "widgets").glob("*.py"):
        for match in ITEM.finditer(module.read_text(encoding="utf-8")):
            labels.add(match.group(1).strip())
    return {label for label in labels if label}


def tapped_phrases() -> list[tuple[str, str]]:
    found = []
    for module in sorted((ROOT / "pyengine").rglob("*.py")):
        for number, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("#"):
                continue
            for match in TAP.finditer(line):
                where = f"{module.relative_to(ROOT)}:{number}"
                found.append((where, match.group(1).strip()))
    return found


def test_every_tap_in_a_message_names_a_button_as_it_is_labelled():
    labels = button_labels()
    phrases = tapped_phrases()
    assert len(phrases) >= 5, "the scan found too few messages to mean anything"
    wrong = [f"{where}: tap {phrase}" for where, phrase in phrases
             if not any(phrase.startswith(label) for label in labels)]
    assert not wrong, "messages naming a button by other words:\n" + "\n".join(wrong)


def test_the_check_finds_a_message_with_other_words():
    """The scan itself: a message naming a button that does not exist is found."""
    labels = button_labels()
    assert "Done looking" in labels and "Resolved" in labels
    assert not any("Finish looking".startswith(label) for label in labels)


#: "press **X**" or "tap <strong>X</strong>" in a play page's own text (its help and guide).
PAGE_TAP = re.compile(r"\b(?:[Pp]ress|[Tt]ap|[Cc]lick) (?:\*\*|<strong>)([^*<]+)(?:\*\*|</strong>)")


def test_every_button_a_play_page_tells_the_reader_to_press_is_on_the_page():
    """The play pages' help and first-visit guides name buttons as they are labelled."""
    labels = button_labels()
    found = [(page.name, match.group(1).strip())
             for page in sorted((ROOT / "docs" / "play").glob("*.md"))
             for match in PAGE_TAP.finditer(page.read_text(encoding="utf-8"))]
    assert len(found) >= 5, "the scan found too few to mean anything"
    wrong = [f"{name}: {phrase}" for name, phrase in found
             if not any(phrase.startswith(label) for label in labels)]
    assert not wrong, "the page names buttons it does not have:\n" + "\n".join(wrong)
