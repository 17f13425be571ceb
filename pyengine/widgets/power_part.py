"""The deck check's power part: the Commander bracket estimate (:mod:`pyengine.power`) under
the verdict, and the suggested setting per variant (:mod:`pyengine.suggest`) for the checked
deck and any other Survivors' decks pasted in their own box (one after another, separated by a
line of ``---``). A part of :mod:`pyengine.widgets.check`, kept apart so that widget's hunk stays
small.

Page elements (``data-id``): ``power-box``, ``power``, ``power-reasons``, ``power-source``,
``suggest-status``, ``suggestions``; field ``others`` (the other decks); action ``suggest``.
The suggestion runs in the page's worker with :data:`RUNS` games per setting (fewer than the
rules pages' figures, and the page says so).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import combos as combo_list
from .. import variants
from ..cards import CardDB
from ..decklist import Decklist
from ..power import Power, estimate, parse_game_changers
from ..simulate import build_config
from ..suggest import MIN_RUNS, POWER_FACTORS, Suggestion, split_decks, suggest
from . import Env, Fetch, Item, View

GAME_CHANGERS_FILE = "game-changers.txt"
#: The two-card combos on this site, relative to the check page (``hooks/card_facts.py``:
#: the deploy's list, or a file saying there is none), fetched with the full card data.
COMBOS_URL = "../runtime/combos.tsv"
COMBOS_ACTION = "combos"
#: Games per setting in the browser: the fewest a suggestion ranks on (the rules pages use
#: 400, the command line 60); each answer states it and the intervals it gives.
RUNS = MIN_RUNS
#: The variants suggested, their automated decks, companion lists and titles: the descriptors'
#: (``simulation.suggested``, ``sample``, ``sample_companion``, ``title``; pyengine/variants.py).
MAX_OTHERS = 3


def _offered() -> list[variants.Variant]:
    """The variants the panel suggests a setting for, in its order (their descriptors say)."""
    return [v for v in variants.suggested()
            if v.simulation is not None and v.simulation.suggested is not None]


class PowerPart:
    def __init__(self, env: Env, reader: Callable[[str], str] | None) -> None:
        self.env = env
        self.meta: dict[str, str] = {}
        self.names: tuple[str, ...] = ()
        self.error = ""
        try:
            if reader is None:
                raise KeyError(GAME_CHANGERS_FILE)
            self.meta, self.names = parse_game_changers(reader(GAME_CHANGERS_FILE))
        except (KeyError, OSError, ValueError):
            self.error = "The Game Changers list could not be read, so none is counted."
        #: The two-card combos once fetched (None: not asked, none on this site, or unread).
        self.combos: combo_list.Combos | None = None
        self.combos_asked = False
        #: True once the combo list's fetch has been answered (whatever it said).
        self.combos_answered = False
        #: The Horde setting the last suggestion named ("" before one).
        self.suggested = ""

    def combos_fetch(self) -> list[Fetch]:
        """The combo list's fetch, the first time the full card data is fetched."""
        if self.combos_asked:
            return []
        self.combos_asked = True
        return [Fetch(url=COMBOS_URL, action=COMBOS_ACTION, method="GET", tag="combos")]

    def take_combos(self, form: dict[str, str]) -> None:
        """The combo list's answer: a list, or "not checked" (none on this site, not read)."""
        self.combos = None
        self.combos_answered = True
        if form.get("_status") == "200":
            try:
                found = combo_list.parse(str(form.get("_body", "")))
            except ValueError:
                return
            self.combos = None if found.meta.get("status") == "absent" else found

    @property
    def combos_waiting(self) -> bool:
        """True while the combo list is asked for and not answered: the estimate (and the
        check's answer with it) is then provisional."""
        return self.combos_asked and not self.combos_answered

    def estimate(self, deck: Decklist, db: CardDB) -> Power:
        return estimate(deck.entries, db, self.names, self.meta, self.combos)

    def view(self, deck: Decklist, commander: bool, db: CardDB) -> View:
        """The estimate under the verdict (Commander decks only)."""
        # A new list clears the last list's suggestion (it was for other decks).
        cleared = View(text={"suggest-status": ""}, lists={"suggestions": []})
        if not commander or not deck.entries:
            return View(hidden={"power-box": True}).merge(cleared)
        power = self.estimate(deck, db)
        items = [Item(r.text, cls="finding finding-note") for r in power.reasons]
        items += [Item(f"Not checked: {n}.", cls="finding finding-unchecked")
                  for n in power.not_checked]
        # the date only: the list's sources are in its file (decks/game-changers.txt), a
        # paragraph of citations has no place under a verdict on a phone
        source = (f"Game Changers list of {self.meta.get('date', 'unknown date')}. "
                  if not self.error else self.error + " ")
        if self.combos is not None:
            source += (f"Two-card combos: {len(self.combos)} from Commander Spellbook's data "
                       f"of {self.combos.meta.get('date', 'unknown date')}. ")
        return View(hidden={"power-box": False},
                    text={"power": f"Power: {power.headline()}.",
                          "power-source": source + "An estimate from the cards alone; the "
                          "brackets also weigh intent, which no list shows."},
                    lists={"power-reasons": items}).merge(cleared)

    def _decks(self, deck: Decklist, others_text: str) -> list[Decklist]:
        decks = [deck] + [Decklist.from_text(t) for t in split_decks(others_text)]
        return [d for d in decks if d.entries][:1 + MAX_OTHERS]

    def _suggest_one(self, variant: str, powers: list[Power], db: CardDB) -> Suggestion:
        how = variants.simulation(variant)
        deck_id, extra_id = how.sample, how.sample_companion
        automated = Decklist.from_text(self.env.read_deck(deck_id))
        extra = Decklist.from_text(self.env.read_deck(extra_id)) if extra_id else None

        def config_for(options: dict[str, Any]) -> dict[str, Any]:
            return build_config(variant, automated, db, options, extra)

        return suggest(variant, powers, config_for, runs=RUNS, seed="suggest")

    def horde_setting(self, deck: Decklist, others_text: str, db: CardDB,
                      full: CardDB) -> str:
        """The suggested Horde setting alone, for the same decks (what a list's record keeps,
        :mod:`.check_changes`); "" without a deck."""
        decks = self._decks(deck, others_text)
        if not decks:
            return ""
        first = _offered()[0].id
        return self._suggest_one(first, [self.estimate(d, full) for d in decks], db).setting

    def suggest(self, deck: Decklist, others_text: str, db: CardDB, full: CardDB) -> View:
        """The suggested setting per variant for this deck and the others pasted; the Horde
        one stays in :attr:`suggested`."""
        decks = self._decks(deck, others_text)
        if not decks:
            return View(text={"suggest-status": "Paste a deck first."}, lists={
                "suggestions": []})
        powers = [self.estimate(d, full) for d in decks]
        items: list[Item] = []
        for index, offered in enumerate(_offered()):
            variant = offered.id
            found = self._suggest_one(variant, powers, db)
            if index == 0:  # the first one offered is the setting a list's record keeps
                self.suggested = found.setting
            mark = "" if found.in_band else ", though outside the fair band"
            team = f"{found.team} Survivor" + ("s" if found.team > 1 else "")
            title = variants.simulation(variant).title
            items.append(Item(f"{title} for {team}: we suggest {found.setting}{mark}."
                              f" Why: {found.why}.", cls="finding finding-note"))
            items.append(Item("Tried (Survivors' wins, 90% interval): " + "; ".join(
                f"{t['setting']} {t['won']:.0%} ({t['interval'][0]:.0%}-"
                f"{t['interval'][1]:.0%})" for t in found.tried) + ".", cls="finding"))
        mapping = ", ".join(f"bracket {k} x{v:g}" for k, v in POWER_FACTORS.items())
        brackets = ", ".join(f"bracket {p.label}" for p in powers)
        status = (f"Suggested settings for a team of {len(decks)} Survivor"
                  + ("s" if len(decks) > 1 else "") + f", one for each deck pasted (estimated "
                  f"{brackets}). The table model is each variant's fitted damage and removal "
                  f"per Survivor times a factor for each deck's bracket ({mapping}), averaged; "
                  f"each setting rests on {RUNS} simulated games here, so each win rate is "
                  "given with its 90% interval (the rules pages use 400 games). A suggestion, "
                  "not a rule: the table decides.")
        return View(text={"suggest-status": status}, lists={"suggestions": items})
