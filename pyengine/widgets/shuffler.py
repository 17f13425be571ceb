"""The shuffler: pick a shipped deck or paste one, choose a seed, shuffle, see the hand.

A list is read exactly as the deck check reads it (:mod:`.deck_reading`): the commander the
check finds is set aside (a proposed one on a 100-card list, or once the player answers "Is X
your commander?", action ``choose-commander``); the full card data is fetched (action
``card-data``) the first time a list does not mark its commander and names a card the shipped
facts do not know. The answer is kept in the saved settings (key ``chosen``, optional).
"""

from __future__ import annotations

import json
from typing import Any

from ..cards import CardDataError, CardDB
from ..decklist import Decklist
from ..game import GameError
from ..rng import make_seed, normalize_seed
from ..shuffler import COMMANDER_DECK_SIZE, HAND_SIZE, shuffle_cards
from . import (
    Env,
    Item,
    View,
    deck_reading,
    own_deck,
    paste_too_big,
    plumbing,
    runner,
    scryfall_link,
)
from .contract import NoGame

PASTE = "paste"
MAX_DRAW = 100
#: Version of the saved settings. Version 0 (no "v") is what the page saved before versions.
STATE_VERSION = 1


def _from_v0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 -> 1: the same four settings (as text, as the page keeps them), now with a
    version."""
    upgraded: dict[str, Any] = {k: str(data[k]) for k in ("deck", "seed", "paste", "draw")
                                if k in data}
    upgraded["v"] = 1
    return upgraded


#: Upgrades of older saves (:mod:`pyengine.widgets.saves` applies them in order).
MIGRATIONS = {0: _from_v0}
#: Versions start() reads (after the upgrades, only the current one).
MIGRATIONS_DONE = (STATE_VERSION,)
#: The widget contract (:class:`.contract.WidgetModule`): what the page saves, how a save
#: names its version, and the upgrades of older saves.
SAVES = "shuffler settings"
HASH_PREFIX = None
REPEATABLE: tuple[str, ...] = ()


def saved_version(data: dict[str, Any]) -> Any:
    """A save from before versions has no ``"v"``: version 0 (see :data:`MIGRATIONS`)."""
    return data.get("v", 0)


#: The settings kept (``chosen``: the answer to "Is X your commander?", names one a line).
FORM_KEYS = ("deck", "seed", "paste", "draw", "chosen")


class Widget(NoGame):
    def __init__(self, env: Env, data: Any = None) -> None:
        self.env = env
        self.db: CardDB | None
        self.db, _ = runner.load_card_db(env, data, missing="",
                                         errors=(OSError, KeyError, ValueError, CardDataError))
        self.full = own_deck.FullData(data)
        #: The form of the shuffle waiting for the card data.
        self.waiting: dict[str, str] | None = None

    def deck_options(self) -> list[tuple[str, str]]:
        options = [(deck["id"], deck["title"]) for deck in self.env.decks]
        return options + [(PASTE, "Paste a deck…")]

    def start(self, saved: str | None) -> View:
        view = View(options={"deck": self.deck_options()})
        form = {"deck": self.env.decks[0]["id"] if self.env.decks else PASTE, "seed": "",
                "paste": "", "draw": str(HAND_SIZE), "chosen": ""}
        if saved:  # a save that cannot be read raises: pyengine.widgets.saves keeps it aside
            data = plumbing.saved_state(saved, MIGRATIONS_DONE,
                                        "it is not saved shuffler settings", missing=0)
            form.update({k: str(v) for k, v in data.items() if k in form})
        if not form["seed"]:
            form["seed"] = make_seed(self.env.entropy())
        self.chosen = form.pop("chosen")
        view.values.update(form)
        view.hidden["paste-box"] = form["deck"] != PASTE
        view.hidden["commander-box"] = True
        return view

    chosen = ""

    def save(self) -> None:
        """The settings are saved with each shuffle's fields (the view carries them)."""
        return None

    def render(self) -> View:
        """Only the fields an action names change."""
        return View()

    def handle(self, action: str, form: dict[str, str]) -> View:
        if action == own_deck.FULL_ACTION:
            self.full.response(form)
            form, self.waiting = dict(self.waiting or form), None
            action = "shuffle"
        if action == deck_reading.CHOOSE:
            self.chosen = "\n".join(deck_reading.chosen_from(form.get("_item", "")))
            return self.shuffle(form)
        if action == "choose-deck":
            self.chosen = ""
            return View(hidden={"paste-box": form.get("deck") != PASTE}, save=self._save_form(form))
        if action == "new-seed":
            form = dict(form, seed=make_seed(self.env.entropy()))
            return View(values={"seed": form["seed"]}, save=self._save_form(form))
        if action == "shuffle":
            return self.shuffle(form)
        return View(error=f"Unknown action: {action}")

    def _save_form(self, form: dict[str, str]) -> str:
        keep: dict[str, object] = {k: form.get(k, "") for k in ("deck", "seed", "paste", "draw")}
        keep["v"] = STATE_VERSION
        if self.chosen:
            keep["chosen"] = self.chosen
        return json.dumps(keep, sort_keys=True)

    def shuffle(self, form: dict[str, str]) -> View:
        view = View(save=self._save_form(form))
        seed = normalize_seed(form.get("seed", ""))
        if not seed:
            seed = make_seed(self.env.entropy())
        view.values["seed"] = seed
        try:
            draw = int(form.get("draw") or HAND_SIZE)
        except ValueError:
            view.error = "Cards to draw must be a whole number."
            return view
        draw = max(0, min(draw, MAX_DRAW))
        deck_id = form.get("deck") or PASTE
        if deck_id == PASTE:
            too_big = paste_too_big(form.get("paste", ""))
            if too_big:
                view.error = too_big
                return view
            deck = Decklist.from_text(form.get("paste", ""))
            known = self.db.with_annotations(deck) if self.db is not None else None
            size = sum(e.count for e in deck.deck_entries())
            if (self.full.wanted() and size == COMMANDER_DECK_SIZE
                    and deck_reading.needs_card_data(deck, known)):
                self.waiting = dict(form)
                view.text["summary"] = ("Loading the card data to find the commander (about "
                                        "0.5 MB, only the first time)…")
                view.fetches.append(self.full.fetch())
                return view
        else:
            try:
                deck = Decklist.from_text(plumbing.shipped_deck(self.env, deck_id))
            except GameError as error:
                view.error = plumbing.sentence(str(error))
                return view
        view.lists["problems"] = [
            Item(f"Line {p.line}: {p.message} — {p.text}", cls="problem") for p in deck.problems
        ]
        db = self.full.db(self.db)
        if deck_id == PASTE and db is not None:  # as the deck check reads it
            deck = Decklist.read(form.get("paste", ""), db)
        chosen = tuple(n for n in self.chosen.split("\n") if n.strip())
        reading = deck_reading.read_deck(deck, db.with_annotations(deck) if db else None,
                                         chosen)
        cards, commanders = reading.library, reading.commanders
        question, answers = deck_reading.question(reading)
        if reading.reading.source == "none" and self.full.error:
            question = self.full.error
        view.text["commander-question"] = question
        view.lists["commander-answers"] = answers
        view.hidden["commander-box"] = not question
        if not cards:
            view.error = "The deck has no cards to shuffle."
            view.lists["order"] = []
            view.lists["hand"] = []
            return view
        result = shuffle_cards(cards, seed)
        hand = result.draw(draw)
        view.text["seed-shown"] = result.seed
        if len(hand) < draw:
            drawn = f"all {len(hand)} drawn ({draw} asked for)"
        else:
            drawn = f"top {len(hand)} drawn"
        view.text["summary"] = (
            f"{len(cards)} cards shuffled with seed {result.seed}; {drawn}."
            + (f" Commander set aside: {' + '.join(commanders)}." if commanders else "")
        )
        view.lists["hand"] = [Item(name, href=scryfall_link(name)) for name in hand]
        view.lists["order"] = [
            Item(f"{i}. {name}", href=scryfall_link(name)) for i, name in enumerate(result.order, 1)
        ]
        view.attrs["result"] = {"data-order": json.dumps(list(result.order))}
        return view
