"""A player's own deck in the Horde (SlingLab) and Swarm runners, pasted or uploaded: read
with the project's decklist reader (:class:`pyengine.decklist.Decklist`, the check page's
reader), card facts from the page's card data plus the list's own ``#!`` lines, tokens written
as ``N Zombie token`` or ``N Zombie Token 2/2`` recognised. What both runners share lives here:
the full card data fetched on demand (:class:`FullData`), the decks kept on the device under a
name (:func:`deck_action`, :func:`deck_options`, :func:`restore_decks`) and the question form
for each card the engine must know about and cannot find (:class:`Questions`, whose answers
become ``#!`` lines in the list). Pure; :func:`read_own_deck` returns what a Horde engine
config needs (``deck`` and ``facts``)."""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import CardDataError, CardDB, CardFacts, combine_card_data
from ..data_age import date_line
from ..decklist import Decklist
from ..game import ActionError, rule_number
from . import MAX_PASTE_CHARS, Fetch, Item, View, plumbing

__all__ = ["ANSWER", "ASK_ROWS", "CARD_FACTS_KEY", "CARD_FACTS_URL", "DECK_ACTIONS",
           "FULL_ACTION", "MAX_OWN_DECKS", "MINE", "FullData", "Question", "Questions",
           "Reference",
           "UnknownCards", "ask_about", "deck_action", "deck_file_name", "deck_options",
           "keep_choice", "read_own_deck", "require_known", "restore_decks", "token_lines",
           "unknown_in"]

#: The full card data on the site (the check page's file, published by ``hooks/card_facts.py``).
CARD_FACTS_URL = "../runtime/card-facts.tsv"
#: Its key in a test's ``data`` mapping.
CARD_FACTS_KEY = "card-facts.tsv"
#: The action the adapter calls with its response.
FULL_ACTION = "card-data"

#: ``Zombie token``, ``Zombie Token 2/2``, ``Zombie token (2/2)``.
#: Linear (issue 40): the name is read greedily up to its last non-space character (a lazy name
#: followed by ``\s+`` re-read every run of spaces), and the spaces around the optional ``(``
#: are one run, not two that could share it.
_TOKEN = re.compile(r"^(?P<name>.*\S)\s+tokens?"
                    r"(?:\s*(?:\(\s*)?(?P<p>\d+)\s*/\s*(?P<t>\d+)\s*\)?)?$", re.IGNORECASE)
#: How many unknown cards one message asks about before "and N more".
ASK_AT_MOST = 12


class UnknownCards(ActionError):
    """A list names cards the engine must know about and cannot find: the message asks about
    each (the ``#!`` line route); ``names`` are the cards as the list writes them, for the
    page's question form (:class:`Questions`)."""

    def __init__(self, message: str, names: list[str],
                 hints: dict[str, list[str]] | None = None) -> None:
        super().__init__(message)
        self.names = list(names)
        #: "Did you mean" for each name the card data has close names to (as on the check).
        self.hints = dict(hints or {})


def hints_for(names: list[str], db: CardDB | None) -> dict[str, list[str]]:
    """The deck check's "did you mean" for the first names a runner asks about (tokens are
    asked for their power and toughness, never hinted): among the names of the same first
    letter (a Start waits for it; the check page also allows for a misspelt first letter)."""
    if db is None:
        return {}
    found: dict[str, list[str]] = {}
    for written in names[:ASK_ROWS]:
        if _TOKEN.match(written) is None:
            close = db.suggest(written, first_letter=True)
            if close:
                found[written] = close
    return found


def replace_name(text: str, written: str, name: str) -> str | None:
    """``text`` with ``written`` replaced by ``name`` on the lines that name it (the count and
    marks kept), as a "did you mean" answer says; ``None`` when no line names it."""
    pattern = re.compile(r"(?<![\w'])" + re.escape(written) + r"(?![\w'])")
    lines = text.split("\n")
    changed = False
    for index, line in enumerate(lines):
        if line.lstrip().startswith("#"):
            continue
        fixed = pattern.sub(lambda _: name, line, count=1)
        changed = changed or fixed != line
        lines[index] = fixed
    return "\n".join(lines) if changed else None


def data_date_view(env: Any, date: str, key: str, before: str = "") -> View:
    """The card data's date on the page (element ``key``, after ``before``): "Card data of
    DATE.", flagged when older than :data:`pyengine.data_age.MAX_AGE_DAYS` days (the
    element's ``data-stale``). Today comes from ``env.today`` or the device's clock."""
    today = getattr(env, "today", None)
    line = date_line(date, today() if today is not None else datetime.date.today())
    stale = "true" if line.startswith("Card data from") else "false"
    return View(text={key: " ".join(part for part in (before, line) if part)},
                attrs={key: {"data-stale": stale}})


class FullData:
    """The full card data for a pasted deck, asked for only when a list names a card the
    shipped facts do not know: ``state`` is ``fetch`` (not asked yet), ``loading``, ``loaded``,
    ``failed`` (the next Start asks again) or ``absent`` (a test's ``data`` without it). The
    shipped facts stay on top (:func:`pyengine.cards.combine_card_data`)."""

    def __init__(self, data: Any = None) -> None:
        self.full: CardDB | None = None
        self.state = "fetch"
        self.error = ""
        self._combined: tuple[Any, CardDB] | None = None
        if data is not None:
            if CARD_FACTS_KEY in data:
                self.take(str(data[CARD_FACTS_KEY]))
            else:
                self.state = "absent"

    def take(self, text: str) -> bool:
        """Read the full card data; False (and a plain message) if it cannot be read."""
        try:
            self.full = CardDB.from_compact(text)
        except (CardDataError, ValueError, TypeError):
            self.full, self.state = None, "failed"
            self.error = ("The full card data could not be read, so only the cards of this "
                          "site's own decks and the list's '#!' lines are known.")
            return False
        self.state, self.error, self._combined = "loaded", "", None
        return True

    def response(self, form: Any) -> None:
        """Take the adapter's answer to :meth:`fetch` (``_status``, ``_body``)."""
        if str(form.get("_status", "")) == "200" and form.get("_body"):
            self.take(str(form.get("_body")))
            return
        self.state = "failed"
        self.error = ("The full card data could not be loaded (no connection?), so only the "
                      "cards of this site's own decks and the list's '#!' lines are known; "
                      "Start again to retry.")

    def wanted(self) -> bool:
        """True while the full data may still be asked for."""
        return self.state in ("fetch", "failed")

    def fetch(self) -> Fetch:
        self.state = "loading"
        return Fetch(url=CARD_FACTS_URL, action=FULL_ACTION, method="GET", tag=FULL_ACTION)

    def db(self, shipped: CardDB | None) -> CardDB | None:
        """The facts to read a pasted list with: full data under the shipped facts, or the
        shipped facts alone until the full data is loaded."""
        if self.full is None:
            return shipped
        key = id(shipped)
        if self._combined is None or self._combined[0] != key:
            self._combined = (key, combine_card_data(self.full, shipped or CardDB()))
        return self._combined[1]


def _token_facts(name: str, power: str | None, toughness: str | None,
                 db: CardDB) -> dict[str, Any] | None:
    """Facts for a token line: the card data's token of that name, else a vanilla token
    creature with the power and toughness the line gives (None when it gives none)."""
    known = db.get(name)
    if known is not None and known.is_token and power is None:
        return known.to_config()
    if power is None or toughness is None:
        return None
    return CardFacts(name=name, type_line=f"Token Creature — {name}", power_text=power,
                     toughness_text=toughness, is_token=True, tags=("token",)).to_config()


def read_own_deck(text: str, db: CardDB | None) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """``(deck, facts)`` for a Horde config from a pasted list, or ``ActionError`` naming the
    lines it cannot read (with line numbers) or asking about each unknown card."""
    plumbing.guard_paste(text)
    deck = Decklist.read(text, db)  # as the deck check reads it
    if deck.problems:
        shown = "; ".join(f"line {p.line}: {p.message}" for p in deck.problems[:5])
        more = len(deck.problems) - 5
        raise ActionError("the pasted deck has lines the page cannot read: " + shown
                          + (f" (and {more} more)" if more > 0 else ""))
    names = deck.cards("main")
    if not names:
        raise ActionError("the pasted deck has no cards: one card a line, like '30 Zombie "
                          "token' or '2 Cackling Fiend'")
    data = (db or CardDB()).with_annotations(deck)
    cards: list[str] = []
    facts: dict[str, dict[str, Any]] = {}
    unknown: dict[str, str] = {}
    written_unknown: list[str] = []
    for written in names:
        token = _TOKEN.match(written)
        if token is not None and data.get(written) is None:
            name = token.group("name").strip()
            entry = _token_facts(name, token.group("p"), token.group("t"), data)
            if entry is None:
                unknown.setdefault(name, f"{name} token (power/toughness? write "
                                         f"'{name} token 2/2')")
                written_unknown.append(written)
                continue
            # Two token kinds of one name with other P/T keep apart: "Zombie 5/5".
            key = name if facts.get(name, entry) == entry else (
                f"{name} {entry['power']}/{entry['toughness']}")
            facts.setdefault(key, entry)
            cards.append(key)
            continue
        card = data.get(written)
        if card is None:
            unknown.setdefault(written, f"{written} (creature? power/toughness? mana value?)")
            written_unknown.append(written)
            continue
        facts.setdefault(card.name, card.to_config())
        cards.append(card.name)
    if unknown:
        raise UnknownCards(_ask(list(unknown.values())), written_unknown,
                           hints_for(written_unknown, data))
    return cards, facts


def _ask(asks: list[str]) -> str:
    more = len(asks) - ASK_AT_MOST
    return ("the page does not know these cards; tell it what each is with a line in the list "
            "like '#! Name | {2}{B} | Creature — Zombie | 2/2': " + "; ".join(asks[:ASK_AT_MOST])
            + (f"; and {more} more" if more > 0 else ""))


def ask_about(names: list[str]) -> str:
    """One short question for each card the engine must know about and cannot find (a token
    line is asked for its power and toughness)."""
    asks: dict[str, str] = {}
    for written in names:
        token = _TOKEN.match(written)
        if token is not None:
            name = token.group("name").strip()
            asks.setdefault(name, f"{name} token (power/toughness? write '{name} token 2/2')")
        else:
            asks.setdefault(written, f"{written} (creature? power/toughness? mana value?)")
    return _ask(list(asks.values()))


def unknown_in(lists: Sequence[tuple[Decklist, Sequence[str]]], db: CardDB) -> list[str]:
    """The cards of readable lists (each with the sections of it the engine plays) that
    neither the facts ``db`` nor the lists' ``#!`` lines know, each once (none while a list
    has lines it cannot read: those are reported first)."""
    if any(deck.problems for deck, _ in lists):
        return []
    known = db.with_annotations(*(deck for deck, _ in lists))
    return known.unknown([name for deck, sections in lists for section in sections
                          for name in deck.cards(section)])


def require_known(lists: Sequence[tuple[Decklist, Sequence[str]]], db: CardDB) -> None:
    """:class:`UnknownCards` asking about each card of ``lists`` nobody knows
    (:func:`unknown_in`), with the deck check's "did you mean"."""
    unknown = unknown_in(lists, db)
    if unknown:
        raise UnknownCards(ask_about(unknown), unknown, hints_for(unknown, db))


_TOKEN_LINE = re.compile(r"^(?P<count>\d+)x?\s+(?P<rest>.+)$", re.IGNORECASE)


def token_lines(text: str, db: CardDB | None) -> str:
    """A pasted list with its token lines written the way the engine reads them:
    ``30 Zombie token`` becomes ``30 Zombie`` when the card data has that token, and
    ``4 Zombie Token 5/5`` becomes ``4 Zombie 5/5`` with a ``#!`` line giving its facts. Other
    lines are left as written (so their line numbers still match)."""
    data = db or CardDB()
    out: list[str] = []
    extra: list[str] = []
    for line in text.split("\n"):
        match = _TOKEN_LINE.match(line.strip())
        token = _TOKEN.match(match.group("rest").strip()) if match else None
        if match is None or token is None or data.get(match.group("rest").strip()) is not None:
            out.append(line)
            continue
        name, power, toughness = token.group("name").strip(), token.group("p"), token.group("t")
        known = data.get(name)
        if power is None:
            out.append(f"{match.group('count')} {name}" if known is not None and known.is_token
                       else line)
            continue
        if known is not None and known.is_token and (
                str(known.power_text or known.power), str(known.toughness_text or known.toughness)
        ) == (power, toughness):
            out.append(f"{match.group('count')} {name}")
            continue
        kind = f"{name} {power}/{toughness}"
        out.append(f"{match.group('count')} {kind}")
        extra.append(f"#! {kind} |  | Token Creature — {name} | {power}/{toughness} | token")
    return "\n".join(out + sorted(set(extra)))


# -- decks kept on the device ---------------------------------------------------------------------
#: A deck the player saved on this device: ``mine:`` + its name in the deck select.
MINE = "mine:"
#: How many own decks one device keeps.
MAX_OWN_DECKS = 30
#: Longest deck name kept.
MAX_DECK_NAME = 80
#: What the saved decks may hold together, in characters (issue 40): with a long game beside
#: them a save stays well inside what the page reads back (saves.MAX_SAVE_CHARS, 4 million);
#: fifteen 300,000-character decks made a save the page then refused.
MAX_OWN_DECKS_CHARS = 1_500_000
#: The page actions of the own-deck box (``setup`` is the deck select's change event).
DECK_ACTIONS = ("setup", "deck-save", "deck-remove", "deck-export")


def join_lists(texts: list[str]) -> str:
    """One list of a deck kept in several boxes (a Swarm deck and its Enforcers): each box's
    lines in order, empty ones left out (what is saved on the device and exported)."""
    parts = [texts[0].rstrip("\n"), *(text.strip("\n") for text in texts[1:])]
    return "\n".join(part for part in parts if part) + "\n"


def split_list(text: str, header: re.Pattern[str]) -> tuple[str, str]:
    """A whole list split for two boxes: its lines before the first line ``header`` matches,
    and that line on ("" without one)."""
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if header.match(line)), len(lines))
    return "\n".join(lines[:at]).strip("\n") + "\n", "\n".join(lines[at:]).strip("\n") + (
        "\n" if at < len(lines) else "")


def deck_file_name(name: str, fallback: str = "deck") -> str:
    """The export file name of a deck: its name in plain letters, digits and hyphens."""
    slug = "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())
    return f"{slug or fallback}.txt"


def restore_decks(raw: Any) -> dict[str, str]:
    """The own decks of a widget's save (name -> list text), cut to the limits;
    ``ValueError`` when they are not an object."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError("its saved decks are not an object")
    decks: dict[str, str] = {}
    total = 0
    for key, value in list(raw.items())[:MAX_OWN_DECKS]:
        name, text = str(key)[:MAX_DECK_NAME], str(value)[:MAX_PASTE_CHARS]
        total += len(name) + len(text)
        if total > MAX_OWN_DECKS_CHARS:
            break  # an older save's decks past the room are not read back (never written now)
        decks[name] = text
    return decks


def decks_chars(decks: dict[str, str]) -> int:
    """What the saved decks hold together, in characters."""
    return sum(len(name) + len(text) for name, text in decks.items())


def deck_options(decks: dict[str, str]) -> list[tuple[str, str]]:
    """The deck select's entries for the decks saved on this device, by name."""
    return [(MINE + name, f"{name} (yours, on this device)")
            for name in sorted(decks, key=str.casefold)]


def deck_action(action: str, decks: dict[str, str], form: dict[str, str], *, own: str,
                was: str, text: Callable[[dict[str, str]], str],
                fill: Callable[[dict[str, str], str], None]) -> str:
    """Choose, save, remove or export one of the player's own decks (``decks``, changed in
    place); the form's ``deck`` is the choice (``own`` for a pasted list, ``mine:`` + name for
    a saved one, ``was`` the choice before this action) and ``deck-name`` the name;
    ``text(form)`` is the list the form holds and ``fill(form, text)`` puts a saved list back
    in the form's boxes. Returns a note for the player; ``ActionError`` in plain words."""
    chosen = form["deck"][len(MINE):] if form["deck"].startswith(MINE) else None
    if action == "setup":
        if chosen is not None and chosen in decks and form["deck"] != was:
            fill(form, decks[chosen])
            form["deck-name"] = chosen
        elif chosen is not None and chosen not in decks:
            form["deck"] = own
        return ""
    if action == "deck-remove":
        if chosen is None or chosen not in decks:
            raise ActionError("choose one of your saved decks to remove")
        del decks[chosen]
        form["deck"] = own
        return (f"Removed the deck “{chosen}” from this device; its list stays in the box "
                "until you change it.")
    listed = text(form)
    if not listed.strip():
        raise ActionError("paste or upload a list first")
    if action == "deck-export":
        return f"The list was saved as {deck_file_name(form['deck-name'])}."
    name = " ".join(form["deck-name"].split())[:MAX_DECK_NAME]
    if not name:
        raise ActionError("give the deck a name to save it under")
    if name not in decks and len(decks) >= MAX_OWN_DECKS:
        raise ActionError(f"this device keeps at most {MAX_OWN_DECKS} decks: remove one first")
    plumbing.guard_paste(listed)
    listed = listed[:MAX_PASTE_CHARS]
    after = decks_chars({**decks, name: listed})
    if after > MAX_OWN_DECKS_CHARS:
        raise ActionError(
            f"the decks saved on this device would come to {after // 1000:,} KB, more than the "
            f"{MAX_OWN_DECKS_CHARS // 1000:,} KB they may take together: remove one first")
    decks[name] = listed
    form["deck"], form["deck-name"] = MINE + name, name
    return f"Saved the deck “{name}” on this device."


def keep_choice(form: dict[str, str], decks: dict[str, str], own: str) -> None:
    """A saved choice naming a deck no longer on the device (removed in another tab) falls back
    to the pasted list (its text stays in the box)."""
    if form["deck"].startswith(MINE) and form["deck"][len(MINE):] not in decks:
        form["deck"] = own


# -- a short question for each card the engine cannot find ---------------------------------------
#: The page action of the question form's button.
ANSWER = "answer"
#: The action of a "did you mean" answer in the question form (``_item``: the name as
#: written and the name to write, one a line), as on the deck check.
FIX = "fix-name"
#: Question rows on a page (``ask-0`` … ``ask-7``); more unknown cards are asked next time.
ASK_ROWS = 8
#: What a card can be, for the question's choice: value -> (label, type line).
ASK_TYPES = {"creature": ("A creature", "Creature"),
             "artifact": ("An artifact (not a creature)", "Artifact"),
             "enchantment": ("An enchantment (not a creature)", "Enchantment"),
             "planeswalker": ("A planeswalker", "Planeswalker"),
             "land": ("A land", "Land"),
             "instant": ("An instant", "Instant"),
             "sorcery": ("A sorcery", "Sorcery")}
_PT = re.compile(r"^(?:\d{1,3}|\*)$")
#: The highest mana value a question accepts.
MAX_MANA_VALUE = 20


class Question:
    """One card the engine must know about: as the list writes it (``written``), the name the
    question shows, and whether it is a token (then only its power and toughness are asked)."""

    def __init__(self, written: str) -> None:
        token = _TOKEN.match(written)
        self.written = written
        self.token = token is not None
        self.name = token.group("name").strip() if token is not None else written


class Questions:
    """The question form for the cards a pasted list names that the engine cannot find: one row
    each (``ask-N``: the name as text, what the card is, power/toughness, mana value). The
    answers become ``#!`` lines (tokens: the token line gets its ``P/T``) in the list itself,
    so a saved deck, a reload and a replay keep them. Plain data for the page's fixed rows."""

    def __init__(self) -> None:
        self.asked: list[Question] = []
        #: What was typed in the rows (kept when an answer is refused).
        self.typed: dict[str, str] = {}
        #: "Did you mean" names for the asked cards, as the deck check offers them.
        self.hints: dict[str, list[str]] = {}

    def ask(self, unknown: UnknownCards) -> ActionError:
        """Take the unknown cards of a refused Start; the error the page shows instead of the
        ``#!`` message."""
        asked: list[Question] = []
        for written in unknown.names:
            question = Question(written)
            if all(q.name != question.name or q.token != question.token for q in asked):
                asked.append(question)
        if [q.written for q in asked] != [q.written for q in self.asked]:
            self.typed = {}
        self.asked = asked
        self.hints = {q.written: unknown.hints[q.written] for q in asked
                      if q.written in unknown.hints}
        names = ", ".join(q.written for q in asked[:ASK_ROWS])
        more = len(asked) - ASK_ROWS
        return ActionError(
            f"the page does not know these cards: {names}" + (f" and {more} more" if more > 0
                                                              else "")
            + "; say what each is in the questions under the list, then press “Use these "
            "answers and start”")

    def clear(self) -> None:
        self.asked, self.typed, self.hints = [], {}, {}

    def to_data(self) -> dict[str, Any] | None:
        """What a widget's save keeps of the form (None when nothing is asked), so a reload
        shows the same questions with what was typed."""
        if not self.asked:
            return None
        return {"names": [q.written for q in self.asked], "typed": dict(self.typed),
                "hints": dict(self.hints)}

    def restore(self, data: Any) -> None:
        """The form from :meth:`to_data`; anything else is read as no questions."""
        self.clear()
        if not isinstance(data, dict) or not isinstance(data.get("names"), list):
            return
        names = [str(n)[:MAX_DECK_NAME * 2] for n in data["names"][:200] if isinstance(n, str)]
        self.asked = [Question(name) for name in names]
        hints = data.get("hints")
        if isinstance(hints, dict):
            self.hints = {str(k): [str(n) for n in v[:3]] for k, v in hints.items()
                          if isinstance(v, list) and str(k) in names}
        typed = data.get("typed")
        if isinstance(typed, dict):
            self.typed = {str(k)[:20]: str(v)[:20] for k, v in typed.items()
                          if str(k).startswith("ask-")}

    @staticmethod
    def show_error(view: Any) -> None:
        """The view's error also beside the form's button (``ask-error``), where the player
        who just tapped it is looking; the page scrolls to the form (``ask-box``)."""
        view.text["ask-error"] = view.error
        view.hidden["ask-error"] = not view.error
        view.scroll = "ask-box"

    def render(self, view: Any, shown: bool = True) -> None:
        """The form's rows: ``ask-box``, ``ask-note`` and ``ask-N`` (hidden past the asked)."""
        asked = self.asked if shown else []
        view.hidden["ask-box"] = not asked
        view.text["ask-error"] = ""
        view.hidden["ask-error"] = True
        view.lists["ask-hints"] = [
            Item(f"Did you mean {name} for {question.written}? Write {name}", action=FIX,
                 value=f"{question.written}\n{name}", cls="card-ask-hint")
            for question in asked[:ASK_ROWS] for name in self.hints.get(question.written, [])]
        more = len(asked) - ASK_ROWS
        view.text["ask-note"] = ("" if more <= 0 else
                                 f"{more} more after these: answer these first.")
        for index in range(ASK_ROWS):
            key = f"ask-{index}"
            question = asked[index] if index < len(asked) else None
            view.hidden[key] = question is None
            if question is None:
                continue
            view.text[f"{key}-name"] = (f"{question.name} (a token)" if question.token
                                        else question.name)
            view.hidden[f"{key}-type-box"] = question.token
            view.hidden[f"{key}-mv-box"] = question.token
            view.options[f"{key}-type"] = [(k, label) for k, (label, _) in ASK_TYPES.items()]
            view.values[f"{key}-type"] = self.typed.get(f"{key}-type", "creature")
            for part in ("power", "toughness", "mv"):
                view.values[f"{key}-{part}"] = self.typed.get(f"{key}-{part}", "")

    def answer(self, form: Any, texts: list[str]) -> list[str]:
        """The lists (``texts``: the first gets the ``#!`` lines) with the rows' answers
        written in; ``ActionError`` naming the card whose answer is missing or unreadable."""
        if not self.asked:
            raise ActionError("there is no question to answer: tap Start")
        self.typed = {}
        for index in range(min(ASK_ROWS, len(self.asked))):
            for part in ("type", "power", "toughness", "mv"):
                key = f"ask-{index}-{part}"
                self.typed[key] = str(form.get(key, "")).strip()[:4 if part != "type" else 20]
        lines: list[str] = []
        texts = list(texts)
        for index, question in enumerate(self.asked[:ASK_ROWS]):
            kind = "creature" if question.token else self.typed[f"ask-{index}-type"]
            if kind not in ASK_TYPES:
                raise ActionError(f"say what {question.name} is")
            power, toughness = (self.typed[f"ask-{index}-power"],
                                self.typed[f"ask-{index}-toughness"])
            pt = ""
            if kind == "creature":
                if not (_PT.match(power) and _PT.match(toughness)):
                    raise ActionError(f"give {question.name}'s power and toughness as numbers, "
                                      "like 2 and 2 (or * for one that varies)")
                pt = f"{power}/{toughness}"
            if "|" in question.written:
                raise ActionError(f"the name {question.written!r} has a '|' the page cannot "
                                  "describe; change it in the list")
            if question.token:
                texts, done = _token_pt(texts, question.name, pt)
                if not done:
                    lines.append(f"#! {question.written} |  | Token Creature — "
                                 f"{question.name} | {pt} | token")
                continue
            mana = self.typed[f"ask-{index}-mv"]
            if not mana.isdigit() or int(mana) > MAX_MANA_VALUE:
                raise ActionError(f"give {question.name}'s mana value, a whole number from 0 "
                                  f"to {MAX_MANA_VALUE}")
            cost = f"{{{int(mana)}}}" if int(mana) else ""
            line = f"#! {question.written} | {cost} | {ASK_TYPES[kind][1]}"
            lines.append(f"{line} | {pt}" if pt else line)
        if lines:
            texts[0] = texts[0].rstrip("\n") + "\n" + "\n".join(lines) + "\n"
        self.clear()
        return texts


def _token_pt(texts: list[str], name: str, pt: str) -> tuple[list[str], bool]:
    """The lists with each ``N Name token`` line given its power and toughness
    (``N Name token 1/1``); whether any line was."""
    # spaces within the line only, and one run before and one after the optional "x" (a
    # line start's \s* took every blank line after it, and "\s*x?\s+" shared one run)
    line = re.compile(rf"^([^\S\n]*\d+(?:[^\S\n]*x)?[^\S\n]+{re.escape(name)}[^\S\n]+"
                      r"tokens?)[^\S\n]*$", re.IGNORECASE | re.MULTILINE)
    out, done = [], False
    for text in texts:
        new, count = line.subn(lambda m: f"{m.group(1)} {pt}", text)
        out.append(new)
        done = done or count > 0
    return out, done


# -- the card reference of a pasted deck -------------------------------------------------------
class Reference:
    """What the automated deck does with each card of a game's own (pasted) deck, as the card
    reference pages say it for the shipped decks (:func:`pyengine.card_reference.
    deck_reference`, the same function): one list item per card and rule set. Worked out once
    per game."""

    def __init__(self) -> None:
        self._key: Any = None
        self._items: list[Item] = []

    def items(self, game: Any, parts: list[tuple[str, dict[str, list[str]]]]) -> list[Item]:
        """``parts``: ``(format, sections)`` of the game's deck (``decks/index.json``
        formats); the facts are the game config's."""
        facts = game.config.get("facts", {})
        key = json.dumps([parts, facts], sort_keys=True, default=str)
        if self._key != key:
            # here, not at import: the reference plays every engine, which the shuffler and
            # the Team Commander table never load
            from ..card_reference import deck_reference

            self._key = key
            items = []
            for fmt, sections in parts:
                for entry in deck_reference(fmt, sections, facts):
                    head = f"{entry.name} ×{entry.count}: {entry.type_line or 'card'}, mana " \
                           f"value {entry.mana_value}" + (f", {entry.pt}" if entry.pt else "")
                    for title, notes in entry.sections:
                        said = " ".join(
                            note.text + (" (" + ", ".join(rule_number(a) for a in note.anchors)
                                         + ")" if note.anchors else "") for note in notes)
                        items.append(Item(f"{head}. {title}: {said}"))
            self._items = items
        return self._items
