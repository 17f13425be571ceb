"""Deck check: paste or upload a list, pick a format, see whether the deck is legal and why not.

Pure controller; the page's adapter applies the :class:`~pyengine.widgets.View` it returns.

Card facts come from the full card data (``runtime/card-facts.tsv`` on the site, published from
``decks/card-facts.tsv.gz`` by ``hooks/card_facts.py``; fetched from the page's own site the
first time a check needs it, never at start, and kept offline by the service worker with the
Python runtime), the shipped ``decks/cards.tsv``, ``#!`` annotations in the list, and, only
when the player presses "Look up unknown cards on Scryfall" (for cards newer than the data),
from Scryfall's collection endpoint (``POST https://api.scryfall.com/cards/collection``, at
most :data:`BATCH` names a
request; the adapter keeps requests at least ``FETCH_GAP_MS`` apart). Looked-up cards are kept in
the widget's saved state (browser storage), so the next check needs no network. Offline, every
other rule is still checked and the page says which cards' colour identity was skipped.

The verdict says whether it is the answer (``data-state="final"`` on ``data-id="verdict"``) or a
first answer that a fetch still on its way may change (``"provisional"``: the combo list after
the card data, the printed names, a Scryfall look-up's later batches, or the card data itself
while it loads): a page or a test waits for the final one (:meth:`Widget._answer_state`).

Data files are read through ``env.read_data(path)`` (a path under ``decks/``: ``cards.tsv``,
``banlists/commander.txt``) when the adapter provides it; tests pass ``data=`` instead.

Actions: ``check``, ``choose-format`` (change), ``upload`` (file input: ``_file``), ``lookup``,
``scryfall`` (a fetch response: ``_status``, ``_body``, ``_tag``), ``card-data`` (the card
data's fetch response), ``choose-commander`` (``_item``: the names, one a line; empty to let
the checker propose again), ``forget``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from .. import safejson
from ..banlists import BanList
from ..cards import ANNOTATION_PREFIX, CardDataError, CardDB, combine_card_data
from ..decklist import Decklist, format_title
from ..legality import (
    ERROR,
    FORMATS,
    INFO,
    LEGAL,
    NOT_LEGAL,
    UNCHECKED,
    WARNING,
    Finding,
    Options,
    Report,
    cards_from_scryfall,
    check,
)
from ..names import normalize
from ..printed_names import PrintedNames
from ..printed_names import parse as parse_printed_names
from . import Env, Fetch, Item, View, check_changes, paste_too_big, plumbing, power_part
from .contract import Migration, NoGame, version_field
from .own_deck import data_date_view

SCRYFALL_COLLECTION = "https://api.scryfall.com/cards/collection"
#: The full card data on this site, relative to this page (see hooks/card_facts.py).
CARD_FACTS_URL = "../runtime/card-facts.tsv"
#: Key of the full card data in a ``data=`` mapping (tests), its text decompressed.
CARD_FACTS_KEY = "card-facts.tsv"
#: The printed names in other languages on this site (published next to the card data; a
#: build without them serves a file saying so), relative to this page; fetched once, only
#: when a checked list has a name the card data does not know.
PRINTED_NAMES_URL = "../runtime/printed-names.tsv"
#: The action of a "did you mean" answer: ``_item`` is the line number, the name as written
#: and the name to write instead, one a line.
FIX_ACTION = "fix-name"
#: The action answering the printed-names fetch.
PRINTED_ACTION = "printed-names"
#: Key of the printed-names map in a ``data=`` mapping (tests), its text decompressed.
PRINTED_NAMES_KEY = "printed-names.tsv"
#: Largest Scryfall answer read (a 75-card collection answer is about 0.3 MB).
MAX_SCRYFALL_BODY = 4_000_000
#: Most unknown cards listed one by one (the rest are counted).
MAX_UNKNOWN_ITEMS = 200
#: The verdict's ``data-state``: an answer a fetch on its way may change, or the answer.
PROVISIONAL, FINAL = "provisional", "final"
#: Scryfall's limit of identifiers per collection request.
BATCH = 75
#: Ban lists read from ``decks/banlists/``.
BANLIST_KEYS = ("horde-survivor", "commander", "team-commander", "any-number", "basics")
#: From this page to the site root. The site is built with Material's offline plugin, which
#: turns off directory URLs: this page is ``play/check.html`` and a rules page
#: ``horde/index.html``.
SITE_ROOT = "../"
STATE_VERSION = 1
#: The widget contract (:class:`.contract.WidgetModule`): what the page saves, how a save
#: names its version, and the upgrades of older saves.
SAVES = "deck check"
HASH_PREFIX = None
REPEATABLE: tuple[str, ...] = ()
saved_version = version_field
MIGRATIONS: dict[int, Migration] = {}
#: The most looked-up cards the saved check keeps: the oldest looked up go first (issue 28,
#: point 3: a cache in localStorage is bounded; a card is ~300 characters).
MAX_CACHED_CARDS = 1000
#: Fields of a Scryfall card kept in the cache (enough for :func:`cards_from_scryfall`).
CARD_KEYS = ("object", "name", "layout", "mana_cost", "cmc", "type_line", "oracle_text",
             "power", "toughness", "colors", "color_identity", "keywords")
FACE_KEYS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "colors")
FORM_KEYS = ("format", "paste", "survivor", "playgroup")
#: Saved with the form but not a page field: the commander(s) the player chose, one a line.
CHOICE_KEY = "commander"
DEFAULT_FORMAT = "team-commander"

_VERDICT_CLASS = {LEGAL: "legal", NOT_LEGAL: "not-legal"}
_SEVERITY_LABEL = {ERROR: "Not allowed", WARNING: "Warning", UNCHECKED: "Not checked",
                   INFO: "Note"}


def trim_card(card: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of a Scryfall card object the checker needs (to keep browser storage small)."""
    out = {key: card[key] for key in CARD_KEYS if key in card}
    faces = card.get("card_faces")
    if isinstance(faces, list):
        out["card_faces"] = [
            {key: face[key] for key in FACE_KEYS if key in face}
            for face in faces if isinstance(face, Mapping)
        ]
    return out


def _read_collection(body: str) -> tuple[list[Mapping[str, Any]], list[str]] | None:
    """The cards and the not-found names of a Scryfall collection answer, or None for an
    answer that is not one (too big, not JSON, nested too deep, the wrong shape, cards that
    cannot be read)."""
    if not isinstance(body, str) or len(body) > MAX_SCRYFALL_BODY:
        return None
    try:
        data = safejson.loads(body, what="Scryfall's answer")
        if not isinstance(data, Mapping) or data.get("object") == "error":
            return None
        raw = data.get("data") or []
        if not isinstance(raw, list):
            return None
        cards = [c for c in raw if isinstance(c, Mapping) and isinstance(c.get("name"), str)]
        cards_from_scryfall({"data": [trim_card(c) for c in cards]})  # all readable?
        missing = data.get("not_found") or []
        names = [m["name"] for m in missing if isinstance(m, Mapping)
                 and isinstance(m.get("name"), str)] if isinstance(missing, list) else []
    except (ValueError, TypeError, AttributeError, KeyError, RecursionError, CardDataError):
        return None
    return cards, names


def read_banlists(read: Callable[[str], str]) -> dict[str, BanList]:
    """The checker's ban lists, with ``# include:`` lists merged in (as ``files.load_banlist``)."""
    raw: dict[str, BanList] = {}
    for key in BANLIST_KEYS:
        raw[key] = BanList.from_text(read(f"banlists/{key}.txt"), key=key)

    def resolved(key: str, chain: tuple[str, ...]) -> BanList:
        banlist = raw.get(key)
        if banlist is None:
            banlist = BanList.from_text(read(f"banlists/{key}.txt"), key=key)
            raw[key] = banlist
        for include in banlist.includes:
            if include not in chain:
                banlist = banlist.merged(resolved(include, (*chain, key)))
        return banlist

    return {key: resolved(key, (key,)) for key in BANLIST_KEYS}


def rule_href(rule: str) -> str:
    """A finding's rule as a link from this page: a rulebook (``"horde/#hs-1-1"``) is
    ``"../horde/index.html#hs-1-1"``, another page (``"play/check/#list-formats"``) is
    ``"../play/check.html#list-formats"``."""
    path, _, anchor = rule.partition("#")
    parts = [part for part in path.split("/") if part]
    if len(parts) <= 1:
        page = "/".join([*parts, "index.html"])
    else:
        page = "/".join(parts) + ("" if parts[-1].endswith(".html") else ".html")
    return SITE_ROOT + page + (f"#{anchor}" if anchor else "")


def parse_playgroup(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Playgroup bans, one card a line; ``Name | commander`` bans it as a commander only."""
    banned: list[str] = []
    as_commander: list[str] = []
    for line in text.splitlines():
        name, _, note = line.partition("|")
        name = " ".join(name.split())
        if not name or name.startswith("#"):
            continue
        if "commander" in note.casefold():
            as_commander.append(name)
        else:
            banned.append(name)
    return tuple(banned), tuple(as_commander)


def fix_items(finding: Finding) -> list[Item]:
    """One-tap answers to a finding's "did you mean": "Write X on line N" for each suggestion
    (the list is corrected in place and checked again)."""
    if not finding.line or not finding.card:
        return []
    return [Item(f"Write {name} on line {finding.line}", action=FIX_ACTION,
                 value=f"{finding.line}\n{finding.card}\n{name}", cls="check-fix")
            for name in finding.suggestions]


def fix_line(text: str, answer: str) -> str | None:
    """``text`` with the name on a line replaced as a "did you mean" answer says
    (:func:`fix_items`), the rest of the line (count, set, marks) kept; ``None`` when the line
    no longer holds that name."""
    parts = answer.split("\n")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1] or not parts[2]:
        return None
    number, written, name = int(parts[0]), parts[1], parts[2]
    lines = text.split("\n")
    if not 0 < number <= len(lines):
        return None
    line = lines[number - 1]
    at = line.find(written)
    if at < 0:
        folded = line.casefold().find(written.casefold())
        if folded < 0 or len(line.casefold()) != len(line):
            return None
        at = folded
    lines[number - 1] = line[:at] + name + line[at + len(written):]
    return "\n".join(lines)


class Widget(NoGame):
    def __init__(self, env: Env, data: Mapping[str, str] | None = None) -> None:
        self.env = env
        self.base: CardDB | None = None
        self.banlists: dict[str, BanList] = {}
        self.data_error = ""
        self.cache: dict[str, dict[str, Any]] = {}
        self.not_found: list[str] = []
        self.form: dict[str, str] = {"format": DEFAULT_FORMAT, "paste": "", "survivor": "",
                                     "playgroup": ""}
        self.chosen: tuple[str, ...] = ()
        self.lookup: dict[str, Any] = {}
        self.full: CardDB | None = None
        #: The full card data: ``fetch`` (not asked yet), ``loading``, ``loaded``, ``failed``
        #: (a check goes on with the shipped facts; the next check asks again) or ``absent``
        #: (tests' ``data=`` without it).
        self.full_state = "fetch"
        self.full_error = ""
        self._checked_db: tuple[Any, CardDB] | None = None
        #: Printed names in other languages: ``fetch`` (asked for when a list needs them),
        #: ``loading``, ``loaded`` or ``absent`` (not published, or not readable).
        self.printed: PrintedNames | None = None
        self.printed_state = "fetch"
        reader: Callable[[str], str] | None
        if data is not None:
            self.printed_state = "absent"
            if PRINTED_NAMES_KEY in data:
                self._take_printed(data[PRINTED_NAMES_KEY])
            reader = data.__getitem__
            if CARD_FACTS_KEY in data:
                self._take_full(data[CARD_FACTS_KEY])
            else:
                self.full_state = "absent"
        else:
            reader = getattr(env, "read_data", None)
        self._load(reader)
        self.power = power_part.PowerPart(env, reader)  # bracket estimate, suggested setting
        #: What the last check of the list said (:mod:`.check_changes`), kept in the save.
        self.last: dict[str, Any] = {}
        #: The other Survivors' decks of the last action (None before one).
        self.others: str | None = None

    # -- data ------------------------------------------------------------------------------

    def _load(self, reader: Callable[[str], str] | None) -> None:
        if reader is None:
            self.data_error = ("The page could not load the card facts and ban lists, so only "
                               "sizes and copies can be checked.")
            self.base = CardDB()
            return
        try:
            self.base = CardDB.from_tsv(reader("cards.tsv"))
            self.banlists = read_banlists(reader)
        except (KeyError, OSError, CardDataError, ValueError) as error:
            self.data_error = f"The card facts or ban lists could not be read ({error})."
            self.base = self.base or CardDB()

    def _take_full(self, text: str) -> bool:
        """Read the full card data; False (and a plain message) if it cannot be read."""
        try:
            self.full = CardDB.from_compact(text)
        except (CardDataError, ValueError, TypeError):
            self.full = None
            self.full_state = "failed"
            self.full_error = ("The full card data could not be read, so cards outside this "
                               "site's own decks are reported as unknown.")
            return False
        self.full_state = "loaded"
        self.full_error = ""
        self._checked_db = None
        return True

    def _take_printed(self, text: str) -> None:
        """Read the printed-names map; one that cannot be read leaves names in other
        languages unknown (as without the map)."""
        try:
            self.printed = parse_printed_names(text)
            self.printed_state = "loaded"
        except ValueError:
            self.printed, self.printed_state = None, "absent"
        self._checked_db = None

    def _needs_printed(self, report: Report) -> bool:
        """True when a check's unknown names may be printed names the map knows, and the
        map was not fetched yet (the full card data loaded first)."""
        return (self.printed_state == "fetch" and self.full is not None
                and any(f.code == "unknown-card" for f in report.findings))

    def _printed_response(self, form: Mapping[str, str]) -> View:
        status, body = form.get("_status", ""), form.get("_body", "")
        self.printed_state = "absent"
        if status == "200" and body:
            self._take_printed(body)
        return self._check(fetch_full=False)

    def card_db(self, deck: Decklist) -> CardDB:
        """The facts for a check: full data, shipped facts, looked-up cards, the list's own
        annotations. Built once and kept while those stay the same (a check then parses no
        card twice)."""
        key = (id(self.full), len(self.cache), tuple(sorted(self.cache)),
               tuple(deck.annotations))
        if self._checked_db is not None and self._checked_db[0] == key:
            return self._checked_db[1]
        base = self.base or CardDB()
        db = combine_card_data(self.full, base) if self.full is not None else base
        if self.cache:
            try:
                db = db.merge(cards_from_scryfall({"data": list(self.cache.values())}))
            except (CardDataError, ValueError, TypeError, AttributeError, RecursionError):
                self.cache = {}
        if deck.annotations:
            db = db.merge(CardDB.from_annotations(deck))
        self._checked_db = (key, db)
        return db

    def _answer_state(self) -> str:
        """``"provisional"`` while an answer on its way (card data, combo list, printed names,
        a look-up's batch) will check the list again, else ``"final"``."""
        done, total = self.lookup.get("done"), self.lookup.get("total")
        looking_up = isinstance(done, int) and isinstance(total, int) and done < total
        waiting = (self.full_state == "loading" or self.printed_state == "loading"
                   or self.power.combos_waiting or looking_up)
        return PROVISIONAL if waiting else FINAL

    def _needs_full(self) -> bool:
        return self.full_state == "fetch" or self.full_state == "failed"

    def _fetch_full(self) -> View:
        self.full_state = "loading"
        return View(
            text={"lookup-status": "Loading the card data (about 0.5 MB, only the first "
                  "time)…"},
            attrs={"lookup-status": {"data-state": "busy"},
                   "verdict": {"data-state": PROVISIONAL}},
            hidden={"result": True},
            fetches=[Fetch(url=CARD_FACTS_URL, action="card-data", method="GET",
                           tag="card-data"), *self.power.combos_fetch()],
        )

    def _full_response(self, form: Mapping[str, str]) -> View:
        status, body = form.get("_status", ""), form.get("_body", "")
        if status == "200" and body:
            self._take_full(body)
        else:
            self.full_state = "failed"
            self.full_error = ("The full card data could not be loaded (no connection?), so "
                               "cards outside this site's own decks are reported as unknown. "
                               "Check again to retry.")
        view = self._check(fetch_full=False)
        if not view.error:  # the first check's verdict comes with the card data: into view
            view.scroll = "verdict"
        if self.full_state == "loaded":
            view.text.setdefault("lookup-status", "")
            view.attrs.setdefault("lookup-status", {"data-state": "done"})
        return view

    # -- state -----------------------------------------------------------------------------

    def render(self) -> View:
        """Only the fields an action names change."""
        return View()

    def save(self) -> str:
        form = dict(self.form)
        if self.chosen:
            form[CHOICE_KEY] = "\n".join(self.chosen)
        return json.dumps(
            {"v": STATE_VERSION, "form": form, "cache": self.cache,
             "not_found": self.not_found, **({"last": self.last} if self.last else {})},
            ensure_ascii=False, sort_keys=True,
        )

    def _take_form(self, form: Mapping[str, str]) -> None:
        for key in FORM_KEYS:
            if key in form:
                self.form[key] = str(form[key])
        if self.form["format"] not in FORMATS:
            self.form["format"] = DEFAULT_FORMAT

    def start(self, saved: str | None) -> View:
        view = View(options={"format": [(key, fmt.title) for key, fmt in FORMATS.items()]})
        if saved:  # a save that cannot be read raises: pyengine.widgets.saves keeps it aside
            data = plumbing.saved_state(saved, (STATE_VERSION,), "it is not a saved deck check")
            form = data.get("form") or {}
            cache = data.get("cache") or {}
            not_found = data.get("not_found") or []
            if (not isinstance(form, dict) or not isinstance(cache, dict)
                    or not isinstance(not_found, list)):
                raise ValueError("its parts are not what the page writes")
            self._take_form({k: str(v) for k, v in form.items() if k in FORM_KEYS})
            choice = form.get(CHOICE_KEY)
            if isinstance(choice, str):
                self.chosen = tuple(n for n in choice.split("\n") if n.strip())[:2]
            self.cache = {str(k): v for k, v in cache.items() if isinstance(v, dict)}
            self.not_found = [str(n) for n in not_found]
            last = data.get("last")
            self.last = last if isinstance(last, dict) else {}
        view.values.update(self.form)
        view.merge(self._format_view())
        view.hidden["lookup"] = True
        view.hidden["result"] = True
        if self.data_error:
            view.error = self.data_error
        if self.form["paste"].strip():
            if self._needs_full():
                view.text["lookup-status"] = "Press Check deck to check the list again."
            else:
                view.merge(self._check())
        return view

    # -- actions ---------------------------------------------------------------------------

    def handle(self, action: str, form: dict[str, str]) -> View:
        self._take_form(form)
        self.others = str(form.get("others", ""))  # the other Survivors' decks (suggestion)
        if action == "check":  # the verdict is brought into view (issue 41)
            view = self._check()
            if not view.error:
                view.scroll = "verdict"
            return view
        if action == "choose-format":
            view = self._format_view()
            if self.form["paste"].strip():
                view.merge(self._check())
            view.save = self.save()
            return view
        if action == "upload":
            self.form["paste"] = form.get("_file", "")
            self.chosen = ()
            view = View(values={"paste": self.form["paste"]})
            return view.merge(self._check())
        if action == "card-data":
            return self._full_response(form)
        if action == power_part.COMBOS_ACTION:  # the combo list, fetched with the card data
            self.power.take_combos(form)
            ready = self.full_state != "loading" and self.form["paste"].strip()
            return self._check(fetch_full=False) if ready else View()
        if action == PRINTED_ACTION:
            return self._printed_response(form)
        if action == FIX_ACTION:
            fixed = fix_line(self.form["paste"], str(form.get("_item", "")))
            if fixed is None:
                return View(error="That line has changed since the check; check again.")
            self.form["paste"] = fixed
            view = View(values={"paste": fixed})
            return view.merge(self._check())
        if action == "choose-commander":
            choice = str(form.get("_item", ""))
            self.chosen = tuple(n.strip() for n in choice.split("\n") if n.strip())[:2]
            return self._check()
        if action == "lookup":
            return self._start_lookup()
        if action == "scryfall":
            return self._lookup_response(form)
        if action == "suggest":
            deck = Decklist.from_text(self.form["paste"])
            others = self.others or ""
            view = self.power.suggest(deck, others, self.base or CardDB(), self.card_db(deck))
            self.last = check_changes.with_setting(self.last, deck, self.form["format"],
                                                   self.power.suggested, others)
            view.save = self.save()
            return view
        if action == "forget":
            self.cache = {}
            self.not_found = []
            self.lookup = {}
            view = View(text={"lookup-status": "Looked-up cards forgotten."})
            return view.merge(self._check())
        return View(error=f"Unknown action: {action}")

    def _format_view(self) -> View:
        fmt = FORMATS.get(self.form["format"])
        return View(hidden={"survivor-box": fmt is None or not fmt.survivor_warnings,
                            "playgroup-box": fmt is None or not fmt.playgroup_bans})

    def _report(self) -> tuple[Decklist, Report]:
        paste = self.form["paste"]
        # the list's own '#!' facts first (read twice only when it has some), then the list
        # by the card data
        cards = self.card_db(Decklist.from_text(paste) if ANNOTATION_PREFIX in paste
                             else Decklist([]))
        deck = Decklist.read(paste, cards, self.printed)
        banned, as_commander = parse_playgroup(self.form.get("playgroup", ""))
        options = Options(survivor_warnings=bool(self.form.get("survivor")),
                          playgroup_banned=banned, playgroup_banned_as_commander=as_commander)
        options = replace(options, commanders=self.chosen)
        report = check(deck, self.form["format"], cards, self.banlists, options)
        return deck, report

    def _check(self, fetch_full: bool = True) -> View:
        too_big = paste_too_big(self.form["paste"])
        if too_big:
            return View(error=too_big, hidden={"result": True})
        if fetch_full and self.form["paste"].strip():
            if self.full_state == "loading":
                return View(text={"lookup-status": "Still loading the card data…"})
            if self._needs_full():
                return self._fetch_full()
        view = View(save=self.save(), error=self.data_error or self.full_error)
        deck, report = self._report()
        if self._needs_printed(report):  # names in other languages, once
            self.printed_state = "loading"
            view.fetches.append(Fetch(url=PRINTED_NAMES_URL, action=PRINTED_ACTION,
                                      method="GET", tag=PRINTED_ACTION))
        view.hidden["result"] = False
        view.merge(data_date_view(self.env, self._data_date(), "read-as",
                                  f"Read as {format_title(deck.format)}."))
        if not deck.entries:
            view.text["verdict"] = "No cards found: paste a list, one card a line."
            view.attrs["verdict"] = {"data-verdict": "empty", "class": "check-verdict",
                                     "data-state": self._answer_state()}
            view.text["summary"] = ""
            view.lists["findings"] = [self._item(f) for f in report.findings
                                      if f.code == "reader"]
            view.lists["unknown"] = []
            view.lists["proposals"] = []
            view.hidden["unknown-box"] = True
            view.hidden["commander-box"] = True
            view.hidden["lookup"] = True
            view.text["skipped"] = ""
            view.hidden["power-box"] = True
            view.hidden["changes-box"] = True
            return view
        fmt = FORMATS[report.format]
        view.text["verdict"] = f"{fmt.title}: {report.verdict}"
        view.attrs["verdict"] = {
            "data-verdict": _VERDICT_CLASS.get(report.verdict, "unchecked"),
            "class": "check-verdict check-" + _VERDICT_CLASS.get(report.verdict, "unchecked"),
            "data-state": self._answer_state(),
        }
        summary = f"{report.size} cards"
        if report.commanders:
            summary += " · commander: " + " + ".join(report.commanders)
            if report.commander_source == "assumed":
                summary += " (assumed)"
        errors = len(report.errors())
        if errors:
            summary += f" · {errors} problem{'s' if errors != 1 else ''}"
        view.text["summary"] = summary
        view.merge(self._commander_view(report))
        unknown = [f for f in report.findings if f.group == "unknown"]
        items: list[Item] = []
        for key, title, findings in report.groups():
            if key == "unknown":
                continue
            items.append(Item(title, cls=f"check-group check-group-{key}"))
            items.extend(self._item(f) for f in findings)
        view.lists["findings"] = items
        shown = [item for f in unknown[:MAX_UNKNOWN_ITEMS]
                 for item in (self._item(f), *fix_items(f))]
        if len(unknown) > MAX_UNKNOWN_ITEMS:
            shown.append(Item(f"… and {len(unknown) - MAX_UNKNOWN_ITEMS} more unknown cards.",
                              cls="finding finding-unchecked"))
        view.lists["unknown"] = shown
        view.hidden["unknown-box"] = not unknown
        askable = self._askable(report)
        view.hidden["lookup"] = not askable
        if report.unchecked:
            count = len(report.unchecked)
            view.text["unknown-summary"] = (
                f"Not checked: {count} card{'s' if count != 1 else ''} the card data does not "
                "know"
            )
            view.text["skipped"] = (
                "The deck cannot be called legal until these are checked. "
                + ("Check the spelling, or look them up on Scryfall (cards newer than the "
                   "card data)." if askable else
                   "Scryfall did not know them either; check the spelling.")
            )
        else:
            view.text["unknown-summary"] = ""
            view.text["skipped"] = ""
        view.text["notes"] = " ".join(report.notes)
        view.merge(self._changes(deck, report, fmt.commander))
        return view.merge(self.power.view(deck, fmt.commander, self.card_db(deck)))

    def _changes(self, deck: Decklist, report: Report, commander: bool) -> View:
        """What the site's new card data changed for this list since it was last checked
        here (only with the full card data, whose date keys the comparison)."""
        if self.full_state != "loaded":
            return View(hidden={"changes-box": True})
        power = self.power.estimate(deck, self.card_db(deck)) if commander else None
        combos = self.power.combos
        data = "|".join([self._data_date(), self.power.meta.get("date", ""),
                         combos.meta.get("date", "") if combos is not None else ""])
        now = check_changes.outcome(deck, self.form["format"], report, power, data)
        if not check_changes.carry_setting(self.last, now, self.others, lambda: (
                self.power.horde_setting(deck, self.others or "", self.base or CardDB(),
                                         self.card_db(deck)))):
            return View(hidden={"changes-box": True})  # compared at the next check
        view, self.last = check_changes.view(self.last, now)
        view.save = self.save()
        return view

    def _data_date(self) -> str:
        return self.full.meta.get("date", "") if self.full is not None else ""

    def _commander_view(self, report: Report) -> View:
        """The "Is X your commander?" question with one-tap answers, when the checker had to
        assume the commander (or the player chose one and may change their mind)."""
        view = View(lists={"proposals": []}, hidden={"commander-box": True})
        if report.commander_source not in ("assumed", "chosen") or not report.commanders:
            return view
        names = " + ".join(report.commanders)
        items: list[Item] = []
        if report.commander_source == "assumed":
            view.text["commander-question"] = (f"No commander was marked in the list. Is "
                                               f"{names} your commander?")
            items.append(Item(f"Yes, {names}", action="choose-commander",
                              value="\n".join(report.commanders)))
        else:
            view.text["commander-question"] = f"Checked with {names} as the commander."
            items.append(Item("Let the check propose one", action="choose-commander",
                              value=""))
        current = [n.casefold() for n in report.commanders]
        for proposal in report.proposals:
            if [n.casefold() for n in proposal] == current:
                continue
            items.append(Item(f"No, it is {' + '.join(proposal)}", action="choose-commander",
                              value="\n".join(proposal)))
            if len(items) >= 6:
                break
        view.lists["proposals"] = items
        view.hidden["commander-box"] = False
        return view

    @staticmethod
    def _item(finding: Finding) -> Item:
        where = f"Line {finding.line}" if finding.line else "Whole deck"
        card = f" · {finding.card}" if finding.card else ""
        hint = ""
        if finding.suggestions:
            hint = f" Did you mean {' or '.join(finding.suggestions)}?"
        label = f" ({finding.rule_label})" if finding.rule_label else ""
        text = (f"{_SEVERITY_LABEL.get(finding.severity, finding.severity)} — {where}{card}: "
                f"{finding.message}.{hint}{label}")
        href = rule_href(finding.rule) if finding.rule else None
        return Item(text, href=href, cls=f"finding finding-{finding.severity}")

    def _askable(self, report: Report) -> list[str]:
        """Unknown names not yet asked of Scryfall without success."""
        missing = {normalize(n) for n in self.not_found}
        return [n for n in report.unchecked if normalize(n) not in missing]

    # -- Scryfall --------------------------------------------------------------------------

    def _start_lookup(self) -> View:
        _, report = self._report()
        names = self._askable(report)
        if not names:
            return View(text={"lookup-status": "Nothing to look up."}, hidden={"lookup": True})
        batches = [names[i:i + BATCH] for i in range(0, len(names), BATCH)]
        self.lookup = {"total": len(batches), "done": 0, "failed": 0, "found": 0,
                       "asked": len(names), "missing": []}
        fetches = [
            Fetch(
                url=SCRYFALL_COLLECTION,
                action="scryfall",
                method="POST",
                body=json.dumps({"identifiers": [{"name": n} for n in batch]},
                                ensure_ascii=False),
                tag=f"{number}/{len(batches)}",
            )
            for number, batch in enumerate(batches, start=1)
        ]
        return View(
            text={"lookup-status": f"Looking up {len(names)} card"
                  f"{'s' if len(names) != 1 else ''} on Scryfall…"},
            hidden={"lookup": True},
            attrs={"lookup-status": {"data-state": "busy"},
                   "verdict": {"data-state": PROVISIONAL}},
            fetches=fetches,
        )

    def _lookup_response(self, form: Mapping[str, str]) -> View:
        status = form.get("_status", "")
        state = self.lookup or {"total": 1, "done": 0, "failed": 0, "found": 0, "asked": 0,
                                "missing": []}
        if not isinstance(state, dict) or not all(
                isinstance(state.get(k), int) for k in ("total", "done", "failed", "found")):
            state = {"total": 1, "done": 0, "failed": 0, "found": 0, "asked": 0, "missing": []}
        state["done"] += 1
        if status == "200":
            found = _read_collection(form.get("_body", ""))
            if found is None:
                state["failed"] += 1
                state["malformed"] = True
            else:
                cards, missing_names = found
                for card in cards:
                    key = normalize(str(card.get("name", "")))
                    self.cache.pop(key, None)  # newest last: the oldest are evicted first
                    self.cache[key] = trim_card(card)
                for old in list(self.cache)[:max(0, len(self.cache) - MAX_CACHED_CARDS)]:
                    del self.cache[old]
                state["found"] += len(cards)
                for name in missing_names:
                    state["missing"].append(name)
                    if name not in self.not_found:
                        self.not_found.append(name)
        else:
            state["failed"] += 1
        self.lookup = state
        view = self._check()
        if state["done"] < state["total"]:
            view.text["lookup-status"] = (f"Looking up cards on Scryfall… "
                                          f"({state['done']} of {state['total']})")
            view.hidden["lookup"] = True
            view.attrs["lookup-status"] = {"data-state": "busy"}
            return view
        if state["failed"]:
            message = ("Scryfall could not be reached, so identity checks were skipped for the "
                       "cards without data. Everything else was checked.")
            if state.get("malformed"):
                message = ("Scryfall sent an answer this page could not read, so nothing was "
                           "added and the cards without data stay unchecked. Everything else "
                           "was checked; you can look them up again.")
            view.hidden["lookup"] = not self._askable(self._report()[1])
            if state["found"]:
                message = (f"Found {state['found']} cards on Scryfall, but "
                           f"{state['failed']} of {state['total']} requests failed. " + message)
            view.attrs["lookup-status"] = {"data-state": "offline"}
        else:
            message = f"Found {state['found']} of {state['asked']} cards on Scryfall."
            if state["missing"]:
                message += " Not found: " + ", ".join(state["missing"]) + "."
            view.attrs["lookup-status"] = {"data-state": "done"}
        view.text["lookup-status"] = message
        return view
