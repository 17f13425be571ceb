"""The deck model of a runner set up from its engine's declared set-up
(:meth:`.runner.RunnerBase.declared`) with either a shipped sample deck or the player's own
lists (issue 45, point 4): Start, the origin, share links and imported games, so that the
variant declares only how a set-up makes a config (:meth:`SampleOrOwn.sample_config`,
:meth:`SampleOrOwn.lists_config`) and which of its own lists Start needs.

The origin (saves and share links) says which deck: ``{"d": <the sample's choice>}`` -- the
link carries the declared options (:meth:`pyengine.setup.Setup.to_link`) and the config is
made again from the sample deck -- or ``{"c": True}``: the config travels whole in saves and
links (by reference past one QR code, :class:`.share_ref.ByReference`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Game, GameError
from .share_ref import KEY, ByReference


class SampleOrOwn(ByReference):
    """A runner whose game is the declared set-up with the sample deck or own lists."""

    #: The deck menu's choice of the shipped sample deck, and the origin's ``d``.
    sample_choice = "sample"
    #: The own lists Start needs: ``(form field, the refusal when it is empty)``.
    own_needed: tuple[tuple[str, str], ...] = ()
    origin: dict[str, Any]
    origin_object = True

    def sample_config(self, form: Mapping[str, str]) -> dict[str, Any]:  # pragma: no cover
        """The engine config of the set-up ``form`` shows, with the sample deck."""
        raise NotImplementedError

    def lists_config(self, form: Mapping[str, str]) -> dict[str, Any]:  # pragma: no cover
        """The engine config of the set-up ``form`` shows, with the player's own lists
        (:class:`.own_deck.UnknownCards` for cards nobody knows)."""
        raise NotImplementedError

    def shipped(self) -> bool:
        return self.origin.get("d") == self.sample_choice

    def start_config(self) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
        """The sample deck's config, or the own lists' (the question form for cards nobody
        knows): the config then travels whole."""
        form = self.form
        if not self.is_own(form["deck"]):
            return self.variants[0], self.sample_config(form), {"d": self.sample_choice}
        for field, refusal in self.own_needed:
            if not form[field].strip():
                raise GameError(refusal)
        return self.variants[0], self.own.read(self, lambda: self.lists_config(form)), \
            {"c": True}

    def adopt(self, game: Game, origin: dict[str, Any] | None) -> None:
        self.game, self.origin = game, origin or {}
        self.form_from_config(game.config)
        self.form.update(deck=self.sample_choice if self.shipped() else self.own_choice,
                         seed=game.seed)

    def imported(self, game: Game) -> None:
        """An imported game made from the sample deck (its config is the sample's with the
        same options) is shared as one; any other travels whole."""
        self.origin = {"d": self.sample_choice} if self._is_sample(game) else {"c": True}
        self.form_from_config(game.config)
        self.form.update(seed=game.seed, deck=self.own_choice if self.is_own(self.form["deck"])
                         else self.sample_choice)

    def _is_sample(self, game: Game) -> bool:
        setup = self.declared()
        try:
            return self.sample_config(setup.format(setup.values_of(game.config))) == game.config
        except (GameError, KeyError, OSError):
            return False

    def share_origin(self, game: Game) -> dict[str, Any]:
        """The sample deck and the declared options, or the whole config (``c``, by
        reference past one QR code)."""
        if self.shipped():
            setup = self.declared()
            return {"d": self.sample_choice, **setup.to_link(setup.values_of(game.config))}
        return self.share_config(game, {"c": game.config})

    def shared_config(self, data: dict[str, Any]
                      ) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
        if data.get("d") == self.sample_choice:
            setup = self.declared()
            return (self.variants[0], self.sample_config(setup.format(setup.from_link(data))),
                    {"d": self.sample_choice})
        config = self.config_of_ref(data[KEY]) if KEY in data else data.get("c")
        if not isinstance(config, dict):
            raise ValueError("it has no decks")
        return self.variants[0], config, {"c": True}
