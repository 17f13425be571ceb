"""Hostile inputs shared by a test and a benchmark."""

from __future__ import annotations


def pathological_lines() -> list[str]:
    """Decklist lines built to make a backtracking parser slow (runs of spaces, brackets,
    set codes, header counts); the reader keeps them linear. Shared by tests/test_decklist.py
    (they are read) and bench/bench_decklist.py (how fast)."""
    return [
        "a" + " " * 980 + "!",
        "name" + " " * 980 + "x",
        "1 x" + " []" * 320 + "x]",
        "1 x" + " (AB)" * 190,
        "1 x" + " *F*" * 240,
        "// " + "(1)" * 320,
        "1 " + "/ " * 490 + "x",
        "#! a | {1} | A" + " " * 970 + "B",
    ]



def crowded_paste(blocks: int, commander: bool = True) -> str:
    """A paste of ``blocks`` repeated blocks that gives every kind of finding past the
    check's per-kind cap: a commander, cards repeated in the deck and the sideboard, counts
    of 0 and too large, a count with no name, group headings, an unknown name, a companion
    in the sideboard, a maybeboard and a planes section (``commander=False``: no commander
    marked, so the check proposes one). Shared by tests/test_legality.py
    (the check's findings, in order, against a stored golden) and scripts/make_golden.py."""
    head = "Commander\n1 Krenko, Mob Boss\n" if commander else ""
    block = ("Deck\n# a comment line\n4 Lightning Bolt\n2x Counterspell (MH2) 267 *F*\n"
             "1x Sol Ring (cmm) 400 [Ramp]\n1 Goblin Matrn\n1 Qwxzy Vorpal\nSB: 1 Negate\n"
             "0 Bad Count\n99999999999 Forest\n"
             "1 \n// Enforcers\n1 Grave Titan\n1 Lightning Blot\nSideboard\n"
             "1 Disenchant (M20) 14\n1 Lurrus of the Dream-Den\nMaybeboard\n1 Cyclonic Rift\n"
             "Planes\n1 Tazeem\n\n")
    return head + block * blocks


#: Paste ``text`` into the focused field as a browser does: the real clipboard and the paste
#: keys when the browser lets the page write it (``"clipboard"``), else the browser's own
#: paste event followed, unless refused, by its insertion through the editing pipeline
#: (``execCommand('insertText')``: beforeinput, the insertion, input), never a value set by
#: script. Returns the route taken.
SYNTHETIC_PASTE = """(text) => {
    const field = document.activeElement;
    const data = new DataTransfer();
    data.setData("text/plain", text);
    const paste = new ClipboardEvent("paste", {clipboardData: data, bubbles: true,
                                               cancelable: true, composed: true});
    if (field.dispatchEvent(paste)) document.execCommand("insertText", false, text);
}"""
COUNT_PASTES = """() => { window.__pastes = 0;
    if (!window.__countingPastes) document.addEventListener("paste", () => {
        window.__pastes += 1; }, true);
    window.__countingPastes = true; }"""


def paste(page, selector: str, text: str, ready=None) -> str:
    """Paste ``text`` into ``selector`` as a browser does (see :data:`SYNTHETIC_PASTE`).
    ``ready()``, when given, is called just before the paste itself (the text is on the
    clipboard by then): a benchmark starts measuring there."""
    page.focus(selector)
    page.evaluate(COUNT_PASTES)
    try:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
        if ready:
            ready()
        page.keyboard.press("ControlOrMeta+V")
        if page.evaluate("window.__pastes") == 1:
            return "clipboard"
    except Exception:  # noqa: BLE001 - no clipboard in this browser: the event sequence
        pass
    if ready:
        ready()
    page.evaluate(SYNTHETIC_PASTE, text)
    return "paste event"
