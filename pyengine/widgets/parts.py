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

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..game import ActionError, GameError
from . import View, card_images, difficulty_part, own_deck, share_qr

#: What a part's handle answers: the answer itself, another action to run, the action's
#: work, or None.
Handled = View | tuple[str, dict[str, str]] | Callable[[], bool] | None


class Variant(Protocol):
    """What the parts ask of a runner (implemented by :class:`.runner.RunnerBase` and the
    variant widgets)."""

    env: Any
    form: dict[str, str]
    game: Any
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


class OwnDecks(Quiet):
    """The player's own decks kept on this device (``deck-save``, ``deck-remove``,
    ``deck-export``, the deck select's ``setup``, ``deck-file``), the question form for cards
    nobody knows (``answer``, then Start) and the full card data, fetched the first time a
    pasted list names a card the shipped facts do not know (``card-data``, then Start)."""

    key: str | None = "own-deck"
    actions: tuple[str, ...] = (*own_deck.DECK_ACTIONS, "deck-file", own_deck.ANSWER,
                                own_deck.FULL_ACTION)

    def __init__(self, data: Mapping[str, str] | None, *, own: str, fields: tuple[str, ...],
                 stem: str, file_limit: int, loading_id: str) -> None:
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

    def handle(self, runner: Variant, action: str, form: dict[str, str]) -> Handled:
        self.was = runner.form["deck"]
        if action == own_deck.FULL_ACTION:
            self.full.response(form)
            return "new", {}
        if action == "new" and runner.needs_full(form):
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
        if action in own_deck.DECK_ACTIONS or action == "deck-file":
            return lambda: self._deck_action(runner, action, form)
        return None

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
        view.hidden["deck-remove"] = not runner.form["deck"].startswith(own_deck.MINE)
        if self.full.full is not None:  # its date, flagged when old (issue 37)
            view.merge(own_deck.data_date_view(runner.env, self.full.full.meta.get("date", ""),
                                               DATE_ID))
        else:
            view.text[DATE_ID] = NOT_LOADED

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
        return {"decks": self.decks, "asked": self.questions.to_data()}

    def restore(self, data: Any) -> None:
        data = {} if data is None else data
        if not isinstance(data, dict):
            raise ValueError("its own decks are not an object")
        self.decks = own_deck.restore_decks(data.get("decks"))
        self.questions.restore(data.get("asked"))


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
