"""What a play page keeps in browser storage, and how it starts from whatever it finds there.
Pure Python: in the browser, :class:`pyengine.widgets.host.Host` gives a :class:`Session` the
page's ``localStorage`` slots as the page's adapter read them (its writes go back to the page with
each answer); tests give it a :class:`MemoryStorage`.

Each page has these slots:

* ``game``: what the page saved last (its game, table, settings);
* ``aside`` (then ``aside-2``, ``aside-3`` …, oldest first): a save the page could not read,
  or one written by a newer version of the site. It is never overwritten; only the player's
  "Discard it" clears it. The page offers to download it and to try it again (after an update);
* ``previous`` (then ``previous-2`` …, and ``copy-N``, a game a tab kept as a copy when another
  tab had changed the same save, see ``docs/assets/widget-host.js``): the games a share link,
  a kept save or another tab replaced, newest first, so the player can go back to any.

Nothing is destroyed to make room (issue 28, point 2): the kept slots (aside, previous, copies)
are bounded by their size together (:data:`MAX_KEPT_CHARS`), not by a count; what does not fit
is refused with a plain message and the page lists what it keeps, so the player chooses what
to discard. A slot is written before anything it replaces is removed, in the order the adapter
writes them (it stops at the first write that fails). An unreadable save that cannot be put
aside stays in the main slot, and the page keeps nothing over it until there is room.

A :class:`Session` always starts: whatever the storage, the share link or an imported file
holds, :meth:`Session.start` returns a page and never raises. Messages are plain words; Python's
own error text is never shown (it goes to the console through the adapter's log only).

Share links (pages whose widget module has ``HASH_PREFIX``): opening a link while a different
game is saved asks first ("Open the shared game" / "Keep mine"); the game not chosen goes to the
``previous`` slot. The share field (``data-field="share"``) always holds the whole link.
"""

from __future__ import annotations

import dataclasses
import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..game import NewerSaveError, SaveError
from ..safejson import BadJSON
from ..safejson import loads as safe_loads
from . import Item, View
from .contract import Controller, WidgetModule

#: What the page shows when a widget fails in a way no code path expected (its trace goes to
#: the console); the page's adapter shows the same line when a message to Python fails.
UNEXPECTED = "Something unexpected went wrong with that; nothing was saved."
#: What the page shows when a lookup's answer (card pictures, card data) could not be used: the
#: player's taps are all applied and saved; only that answer is left out.
LOOKUP_FAILED = ("An answer from a card lookup could not be used; the game is as saved, with "
                 "every tap.")
#: What the page shows when the widget cannot start at all.
NO_START = "This page could not start. Reload it; a saved game is kept."

MAIN = "game"
#: The first aside slots (there is no fixed number: see :data:`MAX_KEPT_CHARS`).
ASIDE = ("aside", "aside-2", "aside-3", "aside-4", "aside-5")
PREVIOUS = "previous"
#: What the kept slots (aside, previous, copies) may hold together, in characters: far above
#: a few games (a long Swarm game is ~0.5 MB), well inside the ~5 million characters a browser
#: gives a site's localStorage.
MAX_KEPT_CHARS = 3_000_000
#: The names of kept slots: ``aside``/``aside-N``, ``previous``/``previous-N``, ``copy-N``.
_KEPT_KINDS = ("aside", "previous", "copy")
#: The largest save a page reads (a 1,000-action Swarm game with a pasted deck is ~0.5 MB).
MAX_SAVE_CHARS = 4_000_000
#: The largest save a share link's game may make once opened: a game this page can keep
#: (and keep a previous game beside) in the room browsers give a site.
MAX_LINK_SAVE_CHARS = 1_000_000

#: Actions the session handles itself (the elements come from docs/assets/saves.js).
ACTIONS = ("saves-download", "saves-retry", "saves-discard", "shared-open", "shared-keep",
           "previous-restore", "previous-discard", "saves-choose", "previous-choose",
           "unkept-download")


class NoRoom(Exception):
    """A save that would not fit in the kept slots (:data:`MAX_KEPT_CHARS`); nothing was
    changed."""


def _slot_number(slot: str, kind: str) -> int | None:
    """1 for ``kind``, N for ``kind-N``; None for any other slot (``aside-why``, ...)."""
    if slot == kind:
        return 1
    head, _, tail = slot.partition("-")
    if head == kind and tail.isdigit() and not tail.startswith("0"):
        return int(tail)
    return None


def _size_text(chars: int) -> str:
    return f"{max(1, round(chars / 1000)):,} KB"


class Storage(Protocol):
    def get(self, slot: str) -> str | None: ...

    def set(self, slot: str, value: str | None) -> None: ...


class MemoryStorage:
    """A storage in a dict (tests, and the adapter when the browser refuses storage)."""

    def __init__(self, slots: dict[str, str] | None = None) -> None:
        self.slots: dict[str, str] = dict(slots or {})

    def get(self, slot: str) -> str | None:
        return self.slots.get(slot)

    def set(self, slot: str, value: str | None) -> None:
        if value:
            self.slots[slot] = value
        else:
            self.slots.pop(slot, None)

    def keys(self) -> list[str]:
        """Every slot that holds something."""
        return list(self.slots)


@dataclass
class Problem:
    """Why a save was kept aside: ``kind`` is "unreadable" or "newer"."""

    kind: str
    reason: str = ""


def prepare(name: str, module: WidgetModule, text: str | None
            ) -> tuple[str | None, Problem | None]:
    """The save text a widget can start from (older page versions upgraded, by the module's
    ``MIGRATIONS``), or a problem. ``name`` is the page's widget (kept for the callers)."""
    if text is None or text == "":
        return None, None
    try:
        data = safe_loads(text, max_chars=MAX_SAVE_CHARS, what="it")
    except BadJSON as error:
        return None, Problem("unreadable", str(error))
    if not isinstance(data, dict):
        return None, Problem("unreadable", f"it is not a saved {module.SAVES}")
    current = module.STATE_VERSION
    version = module.saved_version(data)
    if isinstance(version, bool) or not isinstance(version, int):
        return None, Problem("unreadable", "it does not say which version of the site wrote it")
    if version > current:
        return None, Problem("newer")
    if version < current:
        steps = module.MIGRATIONS
        while version < current:
            step = steps.get(version)
            if step is None:
                return None, Problem("unreadable", "it was written by a version of the site too "
                                                   "old to read")
            try:
                data = step(data)
            except (ValueError, KeyError, TypeError, AttributeError):
                return None, Problem("unreadable", "it could not be upgraded to this version")
            version += 1
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")), None
    return text, None


def problem_of(error: BaseException) -> Problem:
    """A problem in plain words for an error raised while restoring a save."""
    if isinstance(error, NewerSaveError):
        return Problem("newer")
    if isinstance(error, (SaveError, BadJSON)):
        return Problem("unreadable", str(error))
    return Problem("unreadable", "")


def problem_text(what: str, problem: Problem, *, started_fresh: bool = True) -> str:
    """Why the page's save (``what`` it calls it) was kept aside, in plain words."""
    fresh = ", so the page started afresh" if started_fresh else ""
    if problem.kind == "newer":
        return (f"The {what} kept on this page was saved by a newer version of the site, "
                f"which this copy of the page cannot read yet{fresh}. It is kept aside, not "
                "lost: reload the page to get the update and then try it again, or download "
                "it as a file, or discard it.")
    reason = f" ({problem.reason})" if problem.reason else " (it is damaged or was changed)"
    return (f"The {what} kept on this page could not be read{reason}{fresh}. It is kept "
            "aside, not lost: download it as a file, try it again after the site updates, "
            "or discard it.")


def _problem_slot(reason_kind: str, reason: str) -> str:
    return json.dumps({"kind": reason_kind, "reason": reason})


class Session:
    """One play page's widget plus its storage slots (see the module docstring)."""

    def __init__(self, name: str, module: WidgetModule, env: Any, storage: Storage,
                 log: Callable[[str], None] | None = None) -> None:
        self.name = name
        self.module = module
        self.env = env
        self.storage = storage
        self.log = log or (lambda text: None)
        #: What the page calls what it saves ("game", "table" …).
        self.what = module.SAVES
        self.widget: Controller | None = None
        #: A widget holding a shared game while the page asks whether to open it.
        self.pending: Controller | None = None
        self.prefix: str | None = module.HASH_PREFIX
        #: True while an unreadable save sits in the main slot because there was no room to put
        #: it aside: nothing is written over it until there is.
        self.main_held = False
        #: The kept slot the player chose in each list (``None``: the first one listed).
        self.chosen: dict[str, str | None] = {"saves": None, "previous": None}
        #: The latest save too large for the page to read back (over :data:`MAX_SAVE_CHARS`):
        #: never written (issue 40), offered for download from the table bar instead.
        self.unkept: str | None = None

    # -- helpers ---------------------------------------------------------------------------------
    def _new(self, url_hash: str = "") -> Any:
        env = dataclasses.replace(self.env, url_hash=url_hash) \
            if dataclasses.is_dataclass(self.env) and not isinstance(self.env, type) \
            else self.env
        return self.module.Widget(env)  # type: ignore[arg-type]  # an Env, or a test's own

    def _try_start(self, text: str | None, url_hash: str = "") -> tuple[Any, View | None,
                                                                         BaseException | None]:
        widget = None
        try:
            widget = self._new(url_hash)
            return widget, widget.start(text), None
        except Exception as error:  # a save or link no code path expected: keep the page up
            self.log(f"{self.name}: could not start from a save or link: {error!r}")
            return widget, None, error

    def _open_saved(self, saved: str | None) -> tuple[Any, View | None, Problem | None]:
        """A widget started from a stored save (upgraded by :func:`prepare`): ``(widget, view,
        problem)``, or ``(None, None, problem)`` when it cannot be read or started."""
        text, problem = prepare(self.name, self.module, saved)
        if text is None:
            return None, None, problem
        widget, view, error = self._try_start(text)
        if error is not None:
            return None, None, problem_of(error)
        return widget, view, problem

    def _get(self, slot: str) -> str | None:
        try:
            value = self.storage.get(slot)
        except Exception:  # storage refused (private mode): the page still works
            return None
        return value if isinstance(value, str) and value else None

    def _set(self, slot: str, value: str | None) -> None:
        try:
            self.storage.set(slot, value or None)
        except Exception:
            self.log(f"{self.name}: could not write browser storage")

    def _slot_names(self) -> list[str]:
        keys = getattr(self.storage, "keys", None)
        if keys is not None:
            try:
                return [str(k) for k in keys()]
            except Exception:
                return []
        names = [MAIN, PREVIOUS, *ASIDE]  # a storage that cannot list its slots
        names += [f"{kind}-{n}" for kind in ("previous", "aside") for n in range(2, 40)]
        return [name for name in dict.fromkeys(names) if self._get(name) is not None]

    def _numbered(self, kind: str) -> list[tuple[int, str]]:
        """``(number, slot)`` of every stored ``kind`` slot, lowest number first."""
        found = [(_slot_number(slot, kind), slot) for slot in self._slot_names()]
        return sorted((n, slot) for n, slot in found if n is not None
                      and self._get(slot) is not None)

    def _asides(self) -> list[str]:
        """The aside slots, oldest first."""
        return [slot for _, slot in self._numbered("aside")]

    def _kept_games(self) -> list[str]:
        """The previous games and copies, newest first: ``previous``, then the copies (their
        numbers are times), then ``previous-N`` from the highest N."""
        previous = self._numbered("previous")
        copies = self._numbered("copy")
        first = [slot for n, slot in previous if slot == PREVIOUS]
        rest = [slot for _, slot in sorted(copies, reverse=True)]
        rest += [slot for n, slot in sorted(previous, reverse=True) if slot != PREVIOUS]
        return first + rest

    def kept_chars(self) -> int:
        """What the kept slots hold together, in characters."""
        total = 0
        for kind in _KEPT_KINDS:
            for _, slot in self._numbered(kind):
                total += len(self._get(slot) or "")
        return total

    def _room_for(self, text: str, leaving: int = 0) -> bool:
        return self.kept_chars() - leaving + len(text) <= MAX_KEPT_CHARS

    def _next_slot(self, kind: str) -> str:
        numbers = [n for n, _ in self._numbered(kind)]
        return f"{kind}-{max(numbers) + 1}" if numbers else kind

    def _put_aside(self, text: str, problem: Problem) -> bool:
        """Keep ``text`` in a new aside slot; False (nothing written) if there is no room."""
        for slot in self._asides():
            if self._get(slot) == text:
                return True
        if not self._room_for(text):
            self.log(f"{self.name}: no room to keep an unreadable save aside; it stays in the "
                     "main slot")
            return False
        slot = self._next_slot("aside")
        self._set(slot, text)
        self._set(slot + "-why", _problem_slot(problem.kind, problem.reason))
        return True

    def _push_kept(self, text: str | None, leaving: int = 0) -> str | None:
        """Make ``text`` the newest kept game (``previous``), copying the one there to a new
        ``previous-N`` first (that slot is returned); :class:`NoRoom` (nothing written) if it
        does not fit. ``leaving``: characters that leave the kept slots at the same time."""
        if not text:
            return None
        current = self._get(PREVIOUS)
        if current == text:
            return None
        if not self._room_for(text, leaving):
            raise NoRoom
        moved = None
        if current is not None:
            numbers = [n for n, _ in self._numbered("previous")]
            moved = f"previous-{max(numbers + [1]) + 1}"
            self._set(moved, current)
        self._set(PREVIOUS, text)
        return moved

    def _chosen_slot(self, box: str) -> str | None:
        slots = self._asides() if box == "saves" else self._kept_games()
        if box == "saves" and not slots and self.main_held and self._get(MAIN) is not None:
            return MAIN  # an unreadable save with no room to be put aside: offered where it is
        chosen = self.chosen.get(box)
        if chosen in slots:
            return chosen
        return slots[0] if slots else None

    def _aside(self) -> tuple[str, str, Problem] | None:
        slot = self._chosen_slot("saves")
        if slot is None:
            return None
        text = self._get(slot) or ""
        problem = Problem("unreadable")
        try:
            why = safe_loads(self._get(slot + "-why") or "{}", max_chars=10_000)
            if isinstance(why, dict) and why.get("kind") in ("unreadable", "newer"):
                problem = Problem(str(why["kind"]), str(why.get("reason") or "")[:200])
        except BadJSON:
            pass
        return slot, text, problem

    def _release_main(self) -> bool:
        """True if the main slot may be written: it holds no unreadable save waiting for room
        (one that now fits is put aside first)."""
        if not self.main_held:
            return True
        held = self._get(MAIN)
        if held is None:
            self.main_held = False
            return True
        text, problem = prepare(self.name, self.module, held)
        if self._put_aside(held, problem or Problem("unreadable")):
            self.main_held = False
            return True
        return False

    def _kept_items(self, box: str) -> list[Item]:
        """The kept slots of one box as a list the player picks from (the chosen one pressed)."""
        slots = self._asides() if box == "saves" else self._kept_games()
        chosen = self._chosen_slot(box)
        items = []
        for number, slot in enumerate(slots, start=1):
            size = _size_text(len(self._get(slot) or ""))
            if box == "saves":
                label = f"Kept save {number} ({size})"
            elif slot.startswith("copy"):
                label = f"Copy kept when another tab changed the game ({size})"
            else:
                label = f"Game {number} before ({size})"
            items.append(Item(label, action=f"{box}-choose", value=slot,
                              pressed=slot == chosen))
        return items if len(items) > 1 else []

    @staticmethod
    def _game_of(widget: Controller | None) -> tuple[str, int] | None:
        """The seed and the number of actions of the widget's game, None without one."""
        return widget.game_summary() if widget is not None else None

    def _share_hash(self, widget: Controller | None) -> str:
        if self.prefix is None or widget is None:
            return ""
        try:
            return str(widget.share_hash())
        except Exception as error:
            self.log(f"{self.name}: no share link: {error!r}")
            return ""

    def _widget_save(self, widget: Controller | None) -> str | None:
        if widget is None:
            return None
        try:
            return widget.save()  # None: saved with an action's fields (the shuffler)
        except Exception as error:
            self.log(f"{self.name}: could not save: {error!r}")
            return None

    def _render(self, widget: Controller | None) -> View:
        """The widget's whole page (runners, the Team table); others: only the slots change."""
        if widget is None:
            return View()
        try:
            return widget.render()
        except Exception as error:
            self.log(f"{self.name}: could not show the page: {error!r}")
            return View()

    def _finish(self, view: View, note: str = "") -> View:
        """Write the view's save to the main slot, show the slots and the share link. The
        session owns storage: ``view.save`` stays set only to tell the adapter that the save
        changed (it then refreshes the copy shown before Python, docs/assets/saved-view.js)."""
        what = self.what
        if view.save is not None and len(view.save) > MAX_SAVE_CHARS:
            # a save the page would refuse to read back is never written (issue 40): the last
            # one kept stays, and this one is offered for download
            self.log(f"{self.name}: a save of {len(view.save):,} characters is not kept")
            self.unkept, view.save = view.save, None
        elif view.save is not None:
            self.unkept = None
        view.hidden["unkept"] = self.unkept is None
        if self.unkept is not None:
            view.text["unkept-text"] = (
                f"This {what} is not being kept on this device: it has grown to "
                f"{_size_text(len(self.unkept))}, more than the page can read back "
                f"({_size_text(MAX_SAVE_CHARS)}). A reload would go back to the last "
                f"{what} kept. Download it to keep it, or make it smaller (remove a saved "
                "deck or a long list).")
        if view.save is not None and self._get(MAIN) != view.save:
            if self._release_main():
                self._set(MAIN, view.save)
            else:
                view.save = None
                view.error = " ".join(t for t in (view.error, (
                    f"This {what} is not being kept on this device: the saves kept aside "
                    f"fill the room this site keeps for them ({_size_text(self.kept_chars())}"
                    "). Download or discard one of them (listed above) and it will be kept "
                    "again.")) if t)
        note = note or view.note
        view.note = ""
        view.text["saves-note"] = note
        view.hidden["saves-note"] = not note
        aside = self._aside()
        view.hidden["saves"] = aside is None
        view.lists["saves-list"] = self._kept_items("saves")
        if aside is not None:
            _, _, problem = aside
            count = len(self._asides())
            view.text["saves-text"] = problem_text(self.what, problem, started_fresh=False) + (
                f" {count} saves are kept aside ({_size_text(self.kept_chars())} of the "
                f"{_size_text(MAX_KEPT_CHARS)} kept saves may take); the buttons act on the "
                "one chosen below." if count > 1 else "")
            view.hidden["saves-reload"] = problem.kind != "newer"
        kept = self._kept_games()
        view.hidden["previous"] = not kept or self.pending is not None
        view.lists["previous-list"] = self._kept_items("previous")
        if kept:
            chosen = self._chosen_slot("previous") or ""
            if len(kept) > 1:
                view.text["previous-text"] = (
                    f"{len(kept)} earlier {what}s are kept on this phone "
                    f"({_size_text(self.kept_chars())} with the saves kept aside, of "
                    f"{_size_text(MAX_KEPT_CHARS)}); the buttons act on the one chosen.")
            elif chosen.startswith("copy"):
                view.text["previous-text"] = (f"The copy of this {what} kept when another tab "
                                              "changed it is on this phone.")
            else:
                view.text["previous-text"] = (f"The {what} you had before is kept on this "
                                              "phone.")
        view.hidden["shared-ask"] = self.pending is None
        if self.pending is not None:
            seed, actions = self._game_of(self.pending) or ("?", 0)
            view.text["shared-ask-text"] = (
                "This link holds a different game from the one saved on this phone (shared "
                f"game: seed {seed}, {actions} action(s)). Open the shared "
                "game, or keep yours? The one you do not open stays on this phone as the "
                "previous game.")
        if self.prefix is not None and "share" in view.values:  # the page's share field
            page = str(getattr(self.env, "page_url", "") or "")
            if view.url_hash is not None:
                view.values["share"] = (page + "#" + view.url_hash) if view.url_hash else ""
            elif view.values.get("share", "").startswith("#"):  # a widget's own fragment
                view.values["share"] = page + view.values["share"]
        return view

    # -- start -------------------------------------------------------------------------------------
    def start(self) -> View:
        """The page as it starts from storage and the share link: never raises (a failure no
        code path expected: :data:`NO_START`, its trace to the console)."""
        try:
            return self._start()
        except Exception:
            self.log(traceback.format_exc())
            return View(error=NO_START)

    def _start(self) -> View:
        saved = self._get(MAIN)
        link = str(getattr(self.env, "url_hash", "") or "").strip()
        is_link = self.prefix is not None and link.startswith(self.prefix)
        mine, view, problem = self._open_saved(saved)
        if problem is not None and saved is not None:
            if self._put_aside(saved, problem):
                self._set(MAIN, None)
            else:
                self.main_held = True  # no room: it stays, and nothing is written over it
        error_text = problem_text(self.what, problem) if problem is not None else ""
        if self.main_held and problem is not None:
            error_text = (f"The {self.what} kept on this page could not be "
                          "read, so the page started afresh. It stays where it is, not lost, "
                          "but there is no room to keep it aside and nothing will be kept over "
                          "it: download it or discard it (above), or download or discard one "
                          "of the kept saves to make room.")
        note = ""
        if is_link and mine is not None and self._game_of(mine) is not None \
                and self._share_hash(mine) == link:
            is_link = False  # the page's own link (a reload): nothing to open, nothing to replay
        if is_link:
            theirs, shared_view, link_error = self._try_start(None, link)
            made = self._widget_save(theirs) if shared_view is not None else None
            if made is not None and len(made) > MAX_LINK_SAVE_CHARS:
                self.log(f"{self.name}: a share link's game saves to {len(made):,} characters")
                theirs, shared_view = None, View(error=(
                    f"The share link could not be opened: its game comes to {len(made):,} "
                    f"characters once played out, more than this page keeps "
                    f"({MAX_LINK_SAVE_CHARS:,}); nothing was changed."))
            shared_game = self._game_of(theirs) if shared_view is not None else None
            if shared_game is None:
                message = (shared_view.error if shared_view is not None and shared_view.error
                           else "The share link could not be opened; nothing was changed.")
                if mine is None or view is None:
                    mine, view = theirs, shared_view
                    if mine is None or view is None:
                        mine, fresh, _ = self._try_start(None)  # a new game, the error said
                        view = fresh or view
                view = view or View()
                view.error = " ".join(t for t in (error_text, message) if t)
                view.url_hash = self._share_hash(mine)
                self.widget = mine
                return self._finish(view)
            if mine is None or self._game_of(mine) is None:
                self.widget = theirs
                assert shared_view is not None
                shared_view.error = error_text
                shared_view.save = self._widget_save(theirs)
                shared_view.url_hash = self._share_hash(theirs)
                return self._finish(shared_view)
            if self._share_hash(mine) == self._share_hash(theirs):
                note = ""
            else:
                self.pending = theirs
        if mine is None or view is None:
            mine, view, error = self._try_start(None)
            if view is None:
                view = View(error="This page could not start. Reload it; if that does not help, "
                                  "the site may be updating.")
        self.widget = mine
        view.error = " ".join(t for t in (error_text, view.error) if t)
        if self.prefix is not None:
            view.url_hash = self._share_hash(mine)
        return self._finish(view, note)

    # -- actions ---------------------------------------------------------------------------------
    def handle(self, action: str, form: dict[str, str]) -> View:
        """Run one page action; never raises. This is the one place a controller's error is
        caught (the host and the adapter pass it on): the console gets the trace, nothing is
        saved, the widget goes back to its saved game (:meth:`_roll_back`: an error raised
        after the action was applied must not leave it applied in memory, or the next tap
        would save it and a player told it was not applied, tapping again, would apply it
        twice), and the page says :data:`UNEXPECTED` (a lookup's answer:
        :data:`LOOKUP_FAILED`, since no tap was lost). The next action works."""
        try:
            return self._handle(action, form)
        except Exception:
            self.log(traceback.format_exc())
            self._roll_back()
            return View(error=LOOKUP_FAILED if "_status" in form else UNEXPECTED)

    def _roll_back(self) -> None:
        """Put the widget back to the game in the main slot (what the page last saved), so
        what it holds is what the page says; a widget without a save stays as it is."""
        saved = self._get(MAIN)
        if self.widget is None or saved is None or self.main_held:
            return
        try:
            widget, view, _ = self._open_saved(saved)
        except Exception:  # pragma: no cover - _open_saved catches a widget's errors
            widget, view = None, None
        if widget is not None and view is not None:
            self.widget = widget
        else:
            self.log(f"{self.name}: the saved game could not be opened again after an error")

    def _handle(self, action: str, form: dict[str, str]) -> View:
        if action in ACTIONS:
            try:
                return self._finish(self._slot_action(action, form))
            except NoRoom:
                view = self._render(self.widget)
                view.error = (f"There is no room to keep another {self.what} "
                              f"on this phone ({_size_text(self.kept_chars())} kept of "
                              f"{_size_text(MAX_KEPT_CHARS)}); nothing was changed. Forget or "
                              "discard one of the kept ones first.")
                return self._finish(view)
            except Exception as error:
                self.log(f"{self.name}: {action} failed: {error!r}")
                return self._finish(View(error="That did not work; nothing was changed."))
        if self.widget is None:
            return self._finish(View(error=NO_START))
        if self.pending is not None:
            self._keep_mine()
        return self._finish(self.widget.handle(action, form))

    def _keep_mine(self) -> None:
        """Drop the shared game, keeping it restorable as the previous game (when it fits;
        else its link, still in the address, is the only copy, and the console says so)."""
        if self.pending is not None:
            try:
                self._push_kept(self._widget_save(self.pending))
            except NoRoom:
                self.log(f"{self.name}: no room to keep the shared game; its link still opens it")
            self.pending = None

    def _adopt(self, widget: Controller, view: View, left: str | None, source: str | None = None
               ) -> View:
        """Make ``widget`` the page's game: ``left`` (the game it replaces) becomes the newest
        kept game, then the main slot is written, and only then is ``source`` (the kept slot
        the game came from, with its ``-why``) removed, so a write that fails loses nothing.
        :class:`NoRoom`, with nothing written, if ``left`` does not fit. A widget that cannot
        give its save without the page's fields (the shuffler) keeps the kept slot's text."""
        save = self._widget_save(widget)
        if save is None and source is not None:
            save, _ = prepare(self.name, self.module, self._get(source))
        if save is None and source is not None:
            raise ValueError("the kept save cannot be written back")  # nothing changed yet
        if left is not None and left == save:
            left = None
        if self.main_held:
            left = None  # the unreadable save in the main slot is not a game to go back to
            if not self._release_main():
                raise NoRoom
        leaving = len(self._get(source) or "") if source else 0
        moved = self._push_kept(left, leaving)
        if save is not None:
            self._set(MAIN, save)
        if source is not None:
            # the restored game's text now sits in the main slot: its kept copy goes
            gone = moved if source == PREVIOUS and moved else source
            if not (source == PREVIOUS and left is not None and not moved):
                self._set(gone, None)
            self._set(source + "-why", None)
        self.widget = widget
        view.save = save
        view.error = ""
        if self.prefix is not None:
            view.url_hash = self._share_hash(widget)
        return view

    def _slot_action(self, action: str, form: dict[str, str] | None = None) -> View:
        form = form or {}
        if action in ("saves-choose", "previous-choose"):
            box = action.partition("-")[0]
            slot: str | None = str(form.get("_item", ""))
            slots = self._asides() if box == "saves" else self._kept_games()
            if slot in slots:
                self.chosen[box] = slot
            return self._render(self.widget)
        aside = self._aside()
        view: View | None  # None from _open_saved: the save could not be opened
        if action == "unkept-download":
            view = self._render(self.widget)
            if self.unkept is not None:
                view.download = (f"{self.name}-{self.what}.json", self.unkept)
            return view
        if action == "saves-download":
            view = self._render(self.widget)
            if aside is not None:
                view.download = (f"{self.name}-kept-save.json", aside[1])
            return view
        if action == "saves-discard":
            if aside is not None:
                self._set(aside[0], None)
                self._set(aside[0] + "-why", None)
                self.chosen["saves"] = None
            self._release_main()  # an unreadable save waiting for room takes it now
            view = self._render(self.widget)
            view.note = "The kept save was discarded." if aside is not None else ""
            return view
        if action == "saves-retry":
            if aside is None:
                return self._render(self.widget)
            widget, view, problem = self._open_saved(aside[1])
            if view is None or problem is not None:
                view = self._render(self.widget)
                view.note = ("It still cannot be read by this version of the page; it stays "
                             "kept aside.")
                return view
            view = self._adopt(widget, view, self._get(MAIN), source=aside[0])
            self.chosen["saves"] = None
            view.note = ("The kept save is back. What the page had before is kept as the "
                         "previous one.")
            return view
        if action == "shared-open":
            if self.pending is None:
                return self._render(self.widget)
            view = self._adopt(self.pending, self._render(self.pending),
                               self._widget_save(self.widget))
            self.pending = None
            view.note = ("Opened the shared game. Your game is kept on this phone: "
                         "\u201cGo back to it\u201d restores it.")
            return view
        if action == "shared-keep":
            self._keep_mine()
            view = self._render(self.widget)
            view.url_hash = self._share_hash(self.widget)
            view.note = ("Kept your game. The shared game is kept as the previous game, if "
                         "you want it later.")
            return view
        if action == "previous-restore":
            slot = self._chosen_slot("previous")
            previous = self._get(slot) if slot is not None else None
            if slot is None or previous is None:
                return self._render(self.widget)
            widget, view, problem = self._open_saved(previous)
            if view is None or problem is not None:
                problem = problem or Problem("unreadable")
                if self._put_aside(previous, problem):  # kept aside first, then removed
                    self._set(slot, None)
                view = self._render(self.widget)
                view.error = problem_text(self.what, problem, started_fresh=False)
                return view
            view = self._adopt(widget, view, self._get(MAIN), source=slot)
            self.chosen["previous"] = None
            view.note = ("Back to the previous game. The one you left is now the previous "
                         "game.")
            return view
        if action == "previous-discard":
            slot = self._chosen_slot("previous")
            if slot is not None:
                self._set(slot, None)
            self.chosen["previous"] = None
            view = self._render(self.widget)
            view.note = "The previous game was forgotten." if slot is not None else ""
            return view
        raise ValueError(action)  # pragma: no cover - ACTIONS lists them all
