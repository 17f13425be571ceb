"""A game from an own deck in a share link short enough for one QR code (issue 41, point 3).

A game's config holds every card's facts; in a link that is over 3,000 characters for a
100-card deck, more than one QR code a phone can scan holds (1,273 bytes). When the link
with the whole config is too long for one code (:func:`too_long`), every phone
that opens the page has the same card data (the shipped facts, and the full card data the
page fetches from its own site), so the link sends each card by its **name**, with the
facts only of the cards the card data does not give the same way (the list's ``#!`` lines),
and a **digest** of all the facts: the phone that opens it makes the facts again from its
card data and refuses the link (in words) when the digest differs, e.g. a release with newer
card data. Pure: a runner based on :class:`ByReference` calls :func:`pack` for its share link
and :func:`unpack` when it opens one, naming the config keys that hold card names (the Horde
runner: its deck; the Swarm runner: its deck, Enforcers and Reckoning).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..cards import CardDB, config_facts
from ..game import Event, Game, GameError
from . import View
from .own_deck import FULL_ACTION
from .runner import RunnerBase, encode_share
from .share_qr import LEVEL, MAX_VERSION

#: The share link's key for a config sent by reference.
KEY = "r"
#: Room for the page's own address in front of the fragment in one QR code.
ADDRESS_ROOM = 160


def too_long(prefix: str, game: Any, origin: dict[str, Any]) -> bool:
    """Would the share link of ``game`` with this origin part miss one QR code a phone can
    scan (:mod:`.share_qr`), leaving :data:`ADDRESS_ROOM` for the page's address?"""
    from ..qr import capacity  # here, not at import: the page's start imports no QR code

    data = {"a": game.actions, "seed": game.seed, **origin}
    return len(encode_share(prefix, data)) > capacity(MAX_VERSION, LEVEL) - ADDRESS_ROOM


class NeedsCardData(ValueError):
    """The link names cards the loaded card data does not know: load the full card data,
    then open it again."""


def digest(facts: dict[str, Any]) -> str:
    """A short digest of a config's facts (what a reference must make again exactly)."""
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _runs(names: list[str]) -> list[list[Any]]:
    """A list of names as runs of ``[name, count]``."""
    runs: list[list[Any]] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    return runs


def pack(config: dict[str, Any], db: CardDB | None, *, lists: tuple[str, ...] = ("deck",),
         singles: tuple[str, ...] = (), mana_cost: bool = True) -> dict[str, Any] | None:
    """The config by reference: each of its card lists (the config keys ``lists``; Horde:
    its deck, Swarm: its deck and Enforcers) as runs of ``[name, count]``, the one-card keys
    (``singles``: Swarm's Reckoning) as they are, the facts the card data ``db`` does not
    give the same way (written as the engine writes them: ``mana_cost``), the digest of them
    all, and every other key as it is. None when it would not open again exactly (no card
    data, or no deck)."""
    facts = config.get("facts")
    if db is None or not isinstance(facts, dict) \
            or not all(isinstance(config.get(key), list) for key in lists) \
            or not all(isinstance(config.get(key), str) for key in singles):
        return None
    own = {name: entry for name, entry in facts.items()
           if db.get(name) is None or config_facts(db.get(name), mana_cost=mana_cost) != entry}
    ref = {**{k: v for k, v in config.items() if k not in (*lists, "facts")},
           **{key: _runs(config[key]) for key in lists}, "own": own, "d": digest(facts)}
    try:
        if unpack(ref, db, lists=lists, singles=singles, mana_cost=mana_cost) != config:
            return None
    except ValueError:
        return None
    return ref


def _names(runs: Any, before: int) -> list[str]:
    """The names a list of runs stands for (``ValueError`` when damaged or, with the
    ``before`` names of the other lists, too long)."""
    if not isinstance(runs, list):
        raise ValueError("its deck is damaged")
    names: list[str] = []
    for run in runs:
        if (not isinstance(run, list) or len(run) != 2 or not isinstance(run[0], str)
                or not isinstance(run[1], int) or not 0 < run[1] <= 1000):
            raise ValueError("its deck is damaged")
        names += [run[0]] * run[1]
        if before + len(names) > 5000:
            raise ValueError("its deck is too long")
    return names


def unpack(ref: Any, db: CardDB | None, *, lists: tuple[str, ...] = ("deck",),
           singles: tuple[str, ...] = (), mana_cost: bool = True) -> dict[str, Any]:
    """The config a reference describes (:func:`pack`, with the same keys), made again from
    the card data ``db``; :class:`NeedsCardData` when ``db`` does not know a card,
    ``ValueError`` (plain words) when it is not a reference or the facts come out
    different."""
    if not isinstance(ref, dict) or not isinstance(ref.get("own", {}), dict) \
            or not all(isinstance(ref.get(key), str) for key in singles):
        raise ValueError("its deck is damaged")
    own: dict[str, Any] = ref.get("own", {})
    config = {k: v for k, v in ref.items() if k not in ("own", "d")}
    every: list[str] = []
    for key in lists:
        config[key] = _names(ref.get(key), len(every))
        every += config[key]
    every += [ref[key] for key in singles]
    facts: dict[str, Any] = {}
    unknown = []
    for name in dict.fromkeys(every):
        if name in own:
            facts[name] = own[name]
        elif db is not None and db.get(name) is not None:
            facts[name] = config_facts(db.get(name), mana_cost=mana_cost)
        else:
            unknown.append(name)
    if unknown:
        raise NeedsCardData(f"the card data here does not know {', '.join(unknown[:3])}")
    if digest(facts) != ref.get("d"):
        raise ValueError("its deck was made with other card data than this page's; ask for "
                         "the game as a file (Export) instead")
    return {**config, "facts": facts}


class ByReference(RunnerBase):
    """A runner whose own-deck games travel by reference when the whole config is too long
    for one QR code (a base before :class:`.runner.RunnerBase`): its share links carry the
    config by reference (:data:`KEY`, :func:`pack`), and a link whose deck names cards of the
    full card data only opens once the page has fetched it (the page says it is loading)."""

    #: The config keys that hold card names (:func:`pack`'s ``lists`` and ``singles``) and
    #: whether its facts carry the mana cost.
    ref_lists: tuple[str, ...] = ("deck",)
    ref_singles: tuple[str, ...] = ()
    ref_mana_cost = True
    #: The share link waiting for the full card data ("" when none waits).
    pending_link = ""

    def share_origin(self, game: Game) -> dict[str, Any]:
        """:meth:`.runner.RunnerBase.share_origin`, by :meth:`share_config`."""
        return self.share_config(game, super().share_origin(game))

    def share_config(self, game: Game, whole: dict[str, Any]) -> dict[str, Any]:
        """``whole`` (a share link's origin part with the whole config, ``c``) when one QR
        code holds the link, else the config by reference (:data:`KEY`), unless a reference
        would not open it again exactly."""
        if "c" not in whole or not too_long(self.hash_prefix, game, whole):
            return whole  # one QR code holds it: it opens with no card data at all
        ref = pack(game.config, self.full.db(self.db), lists=self.ref_lists,
                   singles=self.ref_singles, mana_cost=self.ref_mana_cost)
        return {k: v for k, v in whole.items() if k != "c"} | {KEY: ref} if ref is not None \
            else whole

    def config_of_ref(self, ref: Any) -> dict[str, Any]:
        """The config a link's reference stands for, from this page's card data."""
        return unpack(ref, self.full.db(self.db), lists=self.ref_lists,
                      singles=self.ref_singles, mana_cost=self.ref_mana_cost)

    def shared_config(self, data: dict[str, Any]
                      ) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
        if isinstance(data.get("s"), dict) or KEY not in data:
            return super().shared_config(data)
        variant = data.get("variant")
        if variant not in self.variants:
            raise ValueError("it holds a game of another page")
        return str(variant), self.config_of_ref(data[KEY]), None

    def start(self, saved: str | None) -> View:
        link = str(getattr(self.env, "url_hash", "") or "").strip()
        self.pending_link = link if self._waits_for_card_data(link) else ""
        view: View = super().start(saved)
        if self.pending_link:
            view.fetches.append(self.own.full.fetch())
            view.text[self.own.loading_id] = ("Loading the card data the shared game's deck "
                                              "needs…")
        return view

    def _waits_for_card_data(self, link: str) -> bool:
        try:
            ref = self.decode(link).get(KEY) if link.startswith(self.hash_prefix) else None
            if isinstance(ref, dict) and self.full.wanted():
                self.config_of_ref(ref)
        except NeedsCardData:
            return True
        except (ValueError, GameError):
            return False
        return False

    def open_share(self, read: Any, *, after: str = "") -> tuple[Any, str]:
        return (None, "") if self.pending_link else super().open_share(read, after=after)

    def handle(self, action: str, form: dict[str, str]) -> View:
        if action == "qr" and KEY in (self.share_data() or {}):  # the page says which way
            view = super().handle(action, form)
            if view.hidden.get("qr-code") is False:
                view.text["qr-note"] += (" The deck goes in it by name (it would not fit "
                                         "whole): the other phone loads this site's card "
                                         "data first.")
            return view
        if action != FULL_ACTION or not self.pending_link:
            return super().handle(action, form)
        self.own.full.response(form)  # the card data came: the waiting link opens now
        link, self.pending_link = self.pending_link, ""

        def open_link() -> bool:
            game, origin = self.from_share(self.decode(link))
            self.adopt(game, origin)
            self.last = [Event("share", f"Opened a shared game: seed {game.seed}, "
                               f"{len(game.actions)} action(s).")]
            return True
        return self.finish("import", form, self.step(action, form, open_link))
