"""The runners' shared features as parts (issue 29, point 2). Pure, standard library only.

A runner (:class:`.runner.RunnerBase`) owns start, restore, the one save schema, share links,
undo, reset, import and export; each feature both runners offer is a :class:`Part` it
composes, with one small interface:

* ``actions``: the page actions the part answers;
* ``handle(runner, action, form)``: called first for every action; a :class:`View` is the
  answer (the runner adds nothing), a pair ``(action, form)`` is what the runner runs instead,
  a function ``() -> bool`` is the action's work (the runner runs it as it runs its own
  actions: True if the game changed), None leaves the action to the runner;
* ``render(runner, view)``: its elements on every page the runner renders;
* ``answered(runner, action, form, view)``: what it adds to every answer the runner made
  (requests, errors shown beside its own form, a download);
* ``save()`` / ``restore(data)``: what it keeps under its ``key`` in the save's ``parts``
  (``key`` None: nothing).

The parts: :class:`ShareCode` (the share link as a QR code), :class:`HowHard` (the
simulator's figures before Start), :class:`OwnDecks` (own decks on the device, the question
form for unknown cards, the full card data) and :class:`CardPictures` (Scryfall's small card
images). A variant widget declares what the parts need of it (:class:`Variant`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..cards import CardDB
from ..decklist import Decklist
from ..game import ActionError, GameError
from . import View, card_images, check_changes, difficulty_part, own_deck, share_qr

#: What a part's handle answers: the answer itself, another action to run, the action's
#: work, or None.
Handled = View | tuple[str, dict[str, str]] | Callable[[], bool] | None


class Variant(Protocol):
    """What the parts ask of a runner (implemented by :class:`.runner.RunnerBase` and the
    variant widgets)."""

    env: Any
    form: dict[str, str]
    game: Any
    db: CardDB | None
    field_limit: int
    confirm_reset: bool

    def render(self) -> View: ...
    def save(self) -> str: ...
    def sentence(self, text: str) -> str: ...
    def share_hash(self) -> str: ...
    def apply_form(self, form: Mapping[str, Any], limit: int) -> None: ...
    def step(self, action: str, form: dict[str, str], work: Callable[[], bool]) -> View: ...
    def engine_config(self) -> tuple[str, dict[str, Any]]: ...
    def is_own(self, deck: str) -> bool: ...
    def own_deck_shown(self) -> bool: ...
    def deck_text(self, form: dict[str, str]) -> str: ...
    def fill_deck(self, form: dict[str, str], text: str) -> None: ...
    def needs_full(self, form: Mapping[str, Any]) -> bool: ...
    def say_deck(self, note: str) -> None: ...
    def chosen_name(self) -> str | None: ...
    def revealed_names(self) -> list[str]: ...


class Part(Protocol):
    """One shared feature of the runners (see the module docstring)."""

    key: str | None
    actions: tuple[str, ...]

    def handle(self, runner: Variant, action: str, form: dict[str, str]) -> Handled: ...
    def render(self, runner: Variant, view: View) -> None: ...
    def answered(self, runner: Variant, action: str, form: Mapping[str, Any],
                 view: View) -> None: ...
    def save(self) -> Any: ...
    def restore(self, data: Any) -> None: ...


class Quiet:
    """A part's defaults: nothing rendered, added or kept."""

    key: str | None = None
    actions: tuple[str, ...] = ()

    def render(self, runner: Variant, view: View) -> None:
        """Nothing of its own on the page."""

    def answered(self, runner: Variant, action: str, form: Mapping[str, Any],
                 view: View) -> None:
        """Nothing added to the runner's answers."""

    def save(self) -> Any:
        return None

    def restore(self, data: Any) -> None:
        """Nothing kept."""


class ShareCode(Quiet):
    """``qr``: the share link as a QR code (:mod:`.share_qr`); every other answer hides it."""

    actions: tuple[str, ...] = ("qr",)

    def __init__(self, hint: str) -> None:
        #: What the code says about passing a game another way.
        self.hint = hint

    def handle(self, runner: Variant, action: str, form: dict[str, str]) -> Handled:
        if action != "qr":
            return None
        view = runner.render()
        share_qr.qr_view(view, str(form.get("_page", "")), runner.share_hash(),
                         export_hint=self.hint)
        return view

    def answered(self, runner: Variant, action: str, form: Mapping[str, Any],
                 view: View) -> None:
        share_qr.hide_qr(view)


class HowHard(Quiet):
    """``how-hard``: the simulator's figures for the set-up chosen (:mod:`.difficulty_part`),
    the runner's set-up made into an engine config as Start makes it."""

    actions: tuple[str, ...] = (difficulty_part.ACTION,)

    def handle(self, runner: Variant, action: str, form: dict[str, str]) -> Handled:
        if action != difficulty_part.ACTION:
            return None
        return difficulty_part.answer(runner, form, lambda widget: widget.engine_config())


#: What the page says while the full card data loads.
LOADING = "Loading the card data (about 0.5 MB, only the first time)…"
#: The own-deck box's line for the card data's date, and what it says before it is loaded.
DATE_ID = "own-data-date"
NOT_LOADED = ("Cards outside this site's decks are read with the full card data, loaded (with "
              "its date) when a list needs it.")


#: The own-deck box's list of what new card data changed for a saved deck, its box, and the
#: action of its "Seen" button (issue 37, point 6).
CHANGES_ID, CHANGES_BOX, SEEN = "deck-changes", "deck-changes-box", "deck-changes-seen"


def unknown_cards(deck: Decklist, db: CardDB) -> list[str]:
    """The cards of a list (every section) the card data ``db`` does not know, its ``#!``
    lines left out (a card answered there is still one the data does not know); token lines
    are not cards."""
    return sorted({entry.name for entry in deck.entries if db.get(entry.name) is None
                   and own_deck._TOKEN.match(entry.name) is None}, key=str.casefold)


class OwnDecks(Quiet):
    """The player's own decks kept on this device (``deck-save``, ``deck-remove``,
    ``deck-export``, the deck select's ``setup``, ``deck-file``), the question form for cards
    nobody knows (``answer``, then Start) and the full card data, fetched the first time a
    pasted list names a card the shipped facts do not know (``card-data``, then Start).

    Each saved deck keeps what its last check with the full card data said
    (:func:`.check_changes.deck_outcome`: the data's date, the cards it did not know); a deck
    checked before is checked again at Start, and when the data's date differs the box lists
    what changed, one line a card ("Goblin Matron is now known to the card data"), until the
    player taps Seen (``deck-changes-seen``)."""

    key: str | None = "own-deck"
    actions: tuple[str, ...] = (*own_deck.DECK_ACTIONS, "deck-file", own_deck.ANSWER,
                                own_deck.FULL_ACTION, own_deck.FIX, SEEN)

    def __init__(self, data: Mapping[str, str] | None, *, own: str, fields: tuple[str, ...],
                 stem: str, file_limit: int, loading_id: str, side: str = "",
                 why: str = "", header: re.Pattern[str] | None = None, box: str = "") -> None:
        #: Name -> list text.
        self.decks: dict[str, str] = {}
        self.questions = own_deck.Questions()
        self.full = own_deck.FullData(data)
        #: The deck choice of a pasted list, the fields a list fills (the answers go into
        #: them), the export file name's fallback, the longest file read, where the loading
        #: note shows.
        self.own, self.fields, self.stem = own, fields, stem
        self.file_limit, self.loading_id = file_limit, loading_id
        #: The deck choice before the current action (a new choice loads a saved list).
        self.was = ""
        #: Saved deck name -> what its last check said, with the lines not seen yet.
        self.checks: dict[str, dict[str, Any]] = {}
        #: The automated side whose deck it is, and why it has no commander (the deck check's
        #: reading of a list that marks one, said at Start: :func:`.deck_reading.runner_note`).
        self.side, self.why = side, why
        #: The line that starts the second box of a deck kept in two (:attr:`fields`), and
        #: the set-up's box of the own deck, shown while one is chosen ("": none).
        self.header, self.box = header, box

    def text(self, form: Mapping[str, str]) -> str:
        """The one list text of the own deck the form holds (saved, exported): its box, or
        its boxes joined (:func:`.own_deck.join_lists`)."""
        if len(self.fields) == 1:
            return form.get(self.fields[0], "")
        return own_deck.join_lists([form[name] for name in self.fields])

    def fill(self, form: dict[str, str], text: str) -> None:
        """Put a saved or uploaded list back into the form's box, or split at
        :attr:`header` into its two boxes."""
        if self.header is None:
            form[self.fields[0]] = text
        else:
            form[self.fields[0]], form[self.fields[1]] = own_deck.split_list(text, self.header)

    def read(self, runner: Variant, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The engine config ``make`` reads from the own deck's list (the first of
        :attr:`fields`): cards nobody knows are asked in the question form (one row a card),
        then the deck check's reading of the list is said (:meth:`Variant.say_deck`)."""
        try:
            config = make()
        except own_deck.UnknownCards as unknown:
            raise self.questions.ask(unknown) from None
        self.questions.clear()
        from . import deck_reading  # on Start only: the page starts without the shuffler

        db = self.full.db(runner.db) or runner.db
        runner.say_deck(deck_reading.runner_note(  # the deck check's reading, said
            Decklist.read(runner.form[self.fields[0]], db), db, side=self.side, why=self.why))
        return config

    def saved_name(self, runner: Variant) -> str | None:
        """The name of the saved deck chosen (its box shown), or None."""
        deck = runner.form["deck"]
        name = deck[len(own_deck.MINE):]
        return name if (deck.startswith(own_deck.MINE) and name in self.decks
                        and runner.own_deck_shown()) else None

    def recheck(self, runner: Variant) -> None:
        """Check the chosen saved deck with the full card data (once loaded): what changed
        since its last check when the data's date differs (:func:`.check_changes.follow`)."""
        name = self.saved_name(runner)
        if name is None or self.full.full is None:
            return
        deck = Decklist.from_text(self.decks[name])
        db = self.full.db(getattr(runner, "db", None)) or self.full.full
        now = check_changes.deck_outcome(deck, unknown_cards(deck, db),
                                         self.full.full.meta.get("date", "") or "undated")
        kept = self.checks.get(name, {})
        lines = check_changes.follow(kept, now)
        self.checks[name] = {**now, "changes": lines[:check_changes.MAX_LINES]}

    def handle(self, runner: Variant, action: str, form: dict[str, str]) -> Handled:
        self.was = runner.form["deck"]
        if action == SEEN:
            runner.apply_form(form, runner.field_limit)
            name = self.saved_name(runner)
            if name in self.checks:
                self.checks[name]["changes"] = []
            view = runner.render()
            view.save = runner.save()
            return view
        if action == own_deck.FULL_ACTION:
            self.full.response(form)
            return "new", {}
        if action == "new" and (runner.needs_full(form) or self._recheck_wanted(runner)):
            view = runner.render()
            view.text[self.loading_id] = LOADING
            view.fetches.append(self.full.fetch())
            return view
        if action == own_deck.ANSWER:
            runner.apply_form(form, runner.field_limit)
            # the answers go into the list itself (and the deck saved under its name)
            try:
                answers = self.questions.answer(form, [runner.form[f] for f in self.fields])
            except ActionError as refused:  # nothing changes; said beside the form's button
                view = runner.step(action, form, _raising(refused))
                self.answered(runner, action, form, view)
                return view
            runner.form.update(zip(self.fields, answers, strict=True))
            name = runner.form["deck"][len(own_deck.MINE):]
            if runner.form["deck"].startswith(own_deck.MINE) and name in self.decks:
                self.decks[name] = runner.deck_text(runner.form)
            return "new", {}
        if action == own_deck.FIX:  # a "did you mean" answer: the list corrected, Start again
            runner.apply_form(form, runner.field_limit)
            written, _, name = str(form.get("_item", "")).partition("\n")
            for key in self.fields if written and name else ():
                fixed = own_deck.replace_name(runner.form[key], written, name)
                if fixed is not None:
                    runner.form[key] = fixed
                    return "new", {}
            return runner.step(action, form, _raising(ActionError(
                "that name is no longer in the list: tap Start")))
        if action in own_deck.DECK_ACTIONS or action == "deck-file":
            return lambda: self._deck_action(runner, action, form)
        return None

    def _recheck_wanted(self, runner: Variant) -> bool:
        """Start with a saved deck checked before fetches the full card data to check it
        again (a new release's data may know its cards, or no longer)."""
        name = self.saved_name(runner)
        return name in self.checks and self.full.wanted()

    def _deck_action(self, runner: Variant, action: str, form: Mapping[str, Any]) -> bool:
        runner.confirm_reset = False  # any action but reset drops a pending reset question
        if action == "deck-file":
            runner.fill_deck(runner.form, str(form.get("_file", ""))[:self.file_limit])
            runner.form["deck"] = self.own
            return False
        if runner.form["deck"] != self.was:
            self.questions.clear()  # another list: the questions were about the last one
        runner.say_deck(own_deck.deck_action(
            action, self.decks, runner.form, own=self.own, was=self.was,
            text=runner.deck_text, fill=runner.fill_deck))
        return False

    def render(self, runner: Variant, view: View) -> None:
        self.questions.render(view, shown=runner.own_deck_shown())
        if self.box:
            view.hidden[self.box] = not runner.own_deck_shown()
        view.hidden["deck-remove"] = not runner.form["deck"].startswith(own_deck.MINE)
        if self.full.full is not None:  # its date, flagged when old (issue 37)
            view.merge(own_deck.data_date_view(runner.env, self.full.full.meta.get("date", ""),
                                               DATE_ID))
        else:
            view.text[DATE_ID] = NOT_LOADED
        self.recheck(runner)
        name = self.saved_name(runner)
        lines = self.checks[name].get("changes", []) if name in self.checks else []
        view.lists[CHANGES_ID] = check_changes.items(lines)
        view.hidden[CHANGES_BOX] = not lines

    def answered(self, runner: Variant, action: str, form: Mapping[str, Any],
                 view: View) -> None:
        if action == "deck-export" and not view.error:
            view.download = (own_deck.deck_file_name(runner.form["deck-name"], self.stem),
                             runner.deck_text(runner.form))
        if view.error and self.full.error and action == "new" and runner.is_own(
                runner.form["deck"]):
            view.error = f"{view.error} {self.full.error}"
        if view.error and action in ("new", own_deck.ANSWER) and self.questions.asked:
            self.questions.show_error(view)

    def save(self) -> Any:
        checks = {k: v for k, v in self.checks.items() if k in self.decks}
        return {"decks": self.decks, "asked": self.questions.to_data(),
                **({"checks": checks} if checks else {})}

    def restore(self, data: Any) -> None:
        data = {} if data is None else data
        if not isinstance(data, dict):
            raise ValueError("its own decks are not an object")
        self.decks = own_deck.restore_decks(data.get("decks"))
        self.questions.restore(data.get("asked"))
        # an older save has no checks; a record that cannot be read is no record
        checks = data.get("checks")
        kept = {str(k): check_changes.restore(v) for k, v in checks.items()
                if str(k) in self.decks} if isinstance(checks, dict) else {}
        self.checks = {k: v for k, v in kept.items() if v}


def _raising(error: Exception) -> Callable[[], bool]:
    """A step's work that fails with ``error`` (the runner shows it as any refusal)."""

    def work() -> bool:
        raise error

    return work


class CardPictures(Quiet):
    """Scryfall's small card images (:mod:`.card_images`): the ``images`` setting (turned on
    again: ask again what failed) and the lookups' answers; on every answer with pictures on
    and the browser online, the chosen card's picture when its panel was just opened
    (``pick``), then one lookup for the revealed cards not known yet."""

    key: str | None = "images"
    actions: tuple[str, ...] = ("images", card_images.ACTION, card_images.ACTION_MANY)

    def __init__(self, pick: tuple[str, ...]) -> None:
        self.images = card_images.CardImages()
        #: The actions that open a card's panel (its picture is asked for then).
        self.pick = pick

    def on(self, runner: Variant) -> bool:
        return card_images.images_on(runner.form.get("images", "auto"),
                                     bool(getattr(runner.env, "save_data", False)))

    def url(self, runner: Variant, name: str) -> str:
        """The small image of ``name`` when pictures are on and it is known, else ""."""
        return self.images.url(name) if self.on(runner) else ""

    def handle(self, runner: Variant, action: str, form: dict[str, str]) -> Handled:
        if action not in self.actions:
            return None
        runner.apply_form(form, runner.field_limit)
        if action == "images":
            self.images.resume()
        else:
            self.images.response(action, form)
        view = runner.render()
        view.note = self.images.take_notice()  # said once
        view.save = runner.save()
        self.answered(runner, action, form, view)
        return view

    def render(self, runner: Variant, view: View) -> None:
        view.values["images"] = "on" if self.on(runner) else ""

    def answered(self, runner: Variant, action: str, form: Mapping[str, Any],
                 view: View) -> None:
        if (runner.game is None or not self.on(runner) or view.error
                or str(form.get("_online", "on")) == ""):
            return
        if action in (*self.pick, "images"):
            try:
                name = runner.chosen_name()
            except GameError:  # a card no longer in the game opens no panel
                name = None
            if name:
                view.fetches += self.images.lookup(name)
        view.fetches += self.images.lookup_many(runner.revealed_names())

    def save(self) -> Any:
        return self.images.saved()

    def restore(self, data: Any) -> None:
        self.images.restore(data)


__all__ = ["LOADING", "CardPictures", "Handled", "HowHard", "OwnDecks", "Part",
           "Quiet", "ShareCode", "Variant"]
