"""The Horde runner's panel for the SlingLab rules (:mod:`pyengine.horde`): what
:mod:`pyengine.widgets.horde` asks of a rule set — its set-up fields and their checks, the
engine config, the form a game's set-up shows, its status lines, Cast/Skip offers and banners.
Pure; the widget keeps everything both rule sets share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import ActionError, Game
from ..horde import CUSTOM, DIFFICULTY, LIFE_AMOUNT, LIFE_MODE, HordeSlingLab
from ..setup import Setup, SetupError
from . import Item, View, plumbing

VARIANT = HordeSlingLab.variant
#: The shipped decks this rule set plays (``format`` in decks/index.json; its descriptor).
DECK_KINDS = tuple(kind.format for kind in HordeSlingLab.descriptor.deck_kinds)
LABEL = "Horde — SlingLab rules"
#: The rule set's name on the status line.
SHORT = "SlingLab"
DEFAULT_DECK = "horde-knudson-zombies-2011"
#: The deck choice for a pasted or uploaded list.
OWN_DECK = "paste"
#: The choices of this rule set's set-up fields.
OPTIONS: dict[str, list[tuple[str, str]]] = {
    "difficulty": DIFFICULTY.choices(),
    "life-mode": LIFE_MODE.choices(),
    **CUSTOM.choices(),  # setup-turns, exile, flashback, wave, surge
}
#: Page actions only this rule set has, and what pressing one in the other says.
ONLY = {"cast-offer", "skip-offer", "follow-offers"}
#: It plays the player's own pasted or uploaded lists (the runner's own-deck box).
OWN_DECKS = True
WRONG_BUTTON = "that button belongs to the SlingLab rules"

#: A shipped deck by id -> (card names, card facts) for an engine config.
ShippedDeck = Callable[[str], tuple[list[str], dict[str, Any]]]


def game_class() -> type[Game]:
    return HordeSlingLab


def fresh_form() -> dict[str, str]:
    """The SlingLab fields before anything is chosen: the deck, the life, Custom's options and
    the declared ones."""
    return {"deck": DEFAULT_DECK, "life-mode": LIFE_MODE.default,
            "life": str(LIFE_AMOUNT.default), **CUSTOM.format(CUSTOM.defaults()),
            **declared().default_form()}


def declared() -> Setup:
    """SlingLab's declared set-up (its descriptor's) less the fields this panel reads by hand
    (the team, its life, Custom): the difficulty and any option declared later."""
    return HordeSlingLab.descriptor.setup.without("survivors", "life", "custom")


def setup(form: dict[str, str], survivors: int) -> dict[str, Any]:
    """The set-up the SlingLab fields describe (what a share link carries), checked."""
    whole = plumbing.whole_number
    try:
        chosen = declared().parse(form)
    except SetupError as error:
        raise ActionError(str(error)) from None
    result: dict[str, Any] = {"variant": VARIANT, "deck": form["deck"], **chosen,
                              "survivors": survivors}
    mode = form["life-mode"]
    if mode == "100-minus-15":
        result["life"] = {"mode": mode}
    elif mode in ("per-survivor", "fixed"):
        result["life"] = {"mode": mode, "amount": whole(form["life"], LIFE_AMOUNT.label,
                                                          LIFE_AMOUNT.low, LIFE_AMOUNT.high)}
    else:
        raise ActionError("choose a life option")
    if form["difficulty"] == "custom":
        try:
            result["custom"] = CUSTOM.parse(form)
        except SetupError as error:
            raise ActionError(str(error)) from None
    return result


def game_config(setup: dict[str, Any], deck: list[str],
                facts: dict[str, Any]) -> dict[str, Any]:
    """The engine config of a set-up played with ``deck`` (a shipped one or the player's own)."""
    config: dict[str, Any] = {"deck": deck, "facts": facts,
                              "survivors": setup.get("survivors", 1),
                              "difficulty": setup.get("difficulty"), "life": setup.get("life")}
    if "custom" in setup:
        config["custom"] = setup["custom"]
    config.update({key: value for key, value in declared().values_of(setup).items()
                   if key not in config})
    return config


def config(setup: dict[str, Any], shipped: ShippedDeck) -> dict[str, Any]:
    """The engine config of a set-up with a shipped deck."""
    deck, facts = shipped(str(setup.get("deck")))
    return game_config(setup, deck, facts)


def token_options(form: dict[str, str]) -> dict[str, Any]:
    """SlingLab makes the Horde's tokens, with the power and toughness typed (hs-6-8,
    hs-5-6)."""
    return dict(plumbing.token_size(form))


def reference_deck(setup: dict[str, Any], game: Game, name: str) -> str | None:
    """The shipped deck whose card reference page lists the card ``name``: the set-up's."""
    return str(setup.get("deck") or "") or None


def form_from_setup(form: dict[str, str], setup: dict[str, Any]) -> None:
    """Show a game's set-up in the SlingLab fields."""
    form["deck"] = str(setup.get("deck", DEFAULT_DECK))
    rest = declared()
    form.update(rest.format({**rest.defaults(), **rest.values_of(setup)}))
    life = setup.get("life") or {}
    form["life-mode"] = str(life.get("mode", "per-survivor"))
    if "amount" in life:
        form["life"] = str(life["amount"])
    form.update(CUSTOM.format(setup.get("custom") or {}))


def early(status: dict[str, Any]) -> bool:
    """Still in the set-up turns (before the first Horde turn)."""
    turn: int = status["horde_turn"]
    return turn == 0


def early_turn(status: dict[str, Any]) -> str:
    return (f"Survivor turn {status['survivor_turn']} (set-up turn "
            f"{status['survivor_turn']} of {status['setup_turns']}).")


def options_text(status: dict[str, Any]) -> str:
    return (f"{status['difficulty']}, {status['survivors']} Survivor(s), "
            f"{status['setup_turns']} set-up turn(s), flashback {status['flashback']}"
            + (", Rally" if status["rally"] else ""))


def follow_label(game: Game, offers: list[dict[str, Any]]) -> str:
    """The table bar's one tap that does what the coins say for every open offer (hs-6-4),
    short enough to sit beside the turn button (the offers list says which card is which)."""
    cast = sum(1 for o in offers if o["yes"])
    if not offers:
        return "Follow the coins"
    return f"Follow the coins: {cast} cast, {len(offers) - cast} skip"


def render(game: Game, status: dict[str, Any], view: View) -> None:
    """The wave bar, the Cast/Skip offers and the banners."""
    nxt = status["next_surge_turn"]
    view.text["wave-number"] = str(status["wave"])
    view.text["wave-size"] = str(status["wave_size"])
    view.text["surges"] = str(status["surges"])
    view.text["next-surge"] = f"Horde turn {nxt}" if nxt else "none"
    view.hidden["wave-bar"] = False
    view.hidden["stage-bar"] = True
    view.hidden["lh-status"] = True
    offers = []
    for offer in status["offers"]:
        card = game.find(offer["card"])  # type: ignore[attr-defined]
        word = "Cast" if offer["yes"] else "Skip"
        offers.append(Item(f"Cast {card.name} #{card.id} (coin says {word})",
                           action="cast-offer", value=str(card.id),
                           pressed=bool(offer["yes"])))
        offers.append(Item(f"Skip {card.name} #{card.id}", action="skip-offer",
                           value=str(card.id), pressed=not offer["yes"]))
    view.lists["offers"] = offers
    # one tap in the table bar for them all (each still tappable on its own in the list)
    view.hidden["follow-offers"] = not status["offers"]
    view.text["follow-offers"] = follow_label(game, status["offers"])
    view.hidden["offers-box"] = not offers
    view.text["win-banner"] = "The Survivors win: the Horde has no library, hand or " \
        "creatures left."
    view.text["loss-banner"] = f"The Horde wins: the Survivors' life is {status['life']}."
