"""The Horde runner's panel for Horde Magic Limited Edition 2.1 (:mod:`pyengine.limited_horde`):
what :mod:`pyengine.widgets.horde` asks of a rule set — its set-up fields (three decks,
difficulty, adjustment, Aggro Mode), the engine config (with the Dreadnought deck), the form a
game's set-up shows, the stage bar and status line, the Horde's targets and Hunting. Pure; the
widget keeps everything both rule sets share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import ActionError, Game, GameError
from ..setup import CountOrAuto, Setup, SetupError
from . import View, plumbing

try:  # the Limited Edition engine registers itself on import
    from .. import limited_horde
    from ..limited_horde.rules import LIFE
    from ..limited_horde.rules import SETUP as LIMITED_SETUP
except ImportError:  # pragma: no cover - only while that engine is missing
    limited_horde = None  # type: ignore[assignment]
    LIMITED_SETUP = Setup(())
    LIFE = CountOrAuto("life", "Survivors' starting life", 1, 9999)

VARIANT = "limited-horde"
LABEL = "Horde Magic Limited Edition 2.1"
#: The rule set's name on the status line.
SHORT = "Limited Horde 2.1"
#: The three Limited Horde 2.1 decks (lh-1-10): form value -> (deck id, label).
LIMITED_DECKS = {
    "zombies": ("limited-horde-zombies", "Zombies"),
    "goblins": ("limited-horde-goblins", "Goblins"),
    "eldrazi": ("limited-horde-eldrazi-vanguard", "Eldrazi Vanguard + Dreadnought"),
}
DREADNOUGHT_DECK = "limited-horde-eldrazi-dreadnought"
STAGES = ("preparation", "assault", "surge", "epilogue")
#: The choices of this rule set's set-up and target fields.
OPTIONS: dict[str, list[tuple[str, str]]] = {
    "lh-deck": [(k, label) for k, (_, label) in LIMITED_DECKS.items()],
    **LIMITED_SETUP.choices(),  # level, adjustment
    "target-effect": [("destroy", "Destroy"), ("exile", "Exile"), ("damage", "Damage")],
}
#: Page actions only this rule set has, and what pressing one in the other says.
ONLY = {"draw", "discard", "look-hand", "end-look", "end-step", "hunt", "confirm-victory",
        "target"}
WRONG_BUTTON = "that button belongs to Limited Horde 2.1"

#: A shipped deck by id -> (card names, card facts) for an engine config.
ShippedDeck = Callable[[str], tuple[list[str], dict[str, Any]]]


def available() -> bool:
    """The engine is on this page (the rule set is offered)."""
    return limited_horde is not None


def game_class() -> type[Game]:
    if limited_horde is None:  # pragma: no cover
        raise GameError("Limited Horde 2.1 is not available on this page yet")
    return limited_horde.LimitedHorde


def fresh_form() -> dict[str, str]:
    """The Limited 2.1 fields before anything is chosen: the decks, the life, the targets and
    Hunter boxes, and the declared options."""
    return {"lh-deck": "zombies", "lh-life": "", "target-effect": "destroy", "targets": "",
            "target-player": "on", "target-divided": "", "hunter-toughness": "",
            "hunter-defender": "", **declared().default_form()}


def declared() -> Setup:
    """Limited Horde's declared set-up (its descriptor's) less the fields this panel reads by
    hand (the team, its life): difficulty, set adjustment, Aggro Mode and any option declared
    later."""
    if limited_horde is None:  # pragma: no cover - only while that engine is missing
        return LIMITED_SETUP
    return limited_horde.LimitedHorde.descriptor.setup.without("survivors", "life")


def setup(form: dict[str, str], survivors: int) -> dict[str, Any]:
    """The set-up the Limited 2.1 fields describe (what a share link carries), checked."""
    whole = plumbing.whole_number
    if form["lh-deck"] not in LIMITED_DECKS:
        raise ActionError("choose one of the three Limited Horde decks")
    try:
        chosen = declared().parse(form)
    except SetupError as error:
        raise ActionError(str(error)) from None
    result: dict[str, Any] = {"variant": VARIANT, "deck": form["lh-deck"], **chosen,
                              "survivors": survivors}
    if form["lh-life"].strip():
        result["life"] = whole(form["lh-life"], LIFE.label, LIFE.low, LIFE.high)
    return result


def config(setup: dict[str, Any], shipped: ShippedDeck) -> dict[str, Any]:
    """The engine config of a set-up: its deck, and for the Eldrazi the Dreadnought deck."""
    key = setup.get("deck")
    if key not in LIMITED_DECKS:
        raise GameError(f"unknown Limited Horde deck {key!r}")
    deck, facts = shipped(LIMITED_DECKS[key][0])
    result: dict[str, Any] = {"deck": deck, "facts": facts,
                              "survivors": setup.get("survivors", 1),
                              "difficulty": setup.get("difficulty"),
                              "adjustment": setup.get("adjustment", 0),
                              "aggro": bool(setup.get("aggro"))}
    if key == "eldrazi":
        dread, dread_facts = shipped(DREADNOUGHT_DECK)
        result["dreadnought"] = dread
        result["facts"] = {**facts, **dread_facts}
    if "life" in setup:
        result["life"] = setup["life"]
    result.update({key: value for key, value in declared().values_of(setup).items()
                   if key not in result})
    return result


def token_options(form: dict[str, str]) -> dict[str, Any]:
    """Limited 2.1 returns matching token cards from the graveyard (lh-3-3); "other" makes
    ordinary ones, with the power and toughness typed (lh-3-5)."""
    return {"other": True, **plumbing.token_size(form)} if form["token-other"] else {}


def reference_deck(setup: dict[str, Any], game: Game, name: str) -> str | None:
    """The shipped deck whose card reference page lists the card ``name``: the Dreadnought's
    own deck, or the first of the set-up's decks."""
    key = setup.get("deck")
    if key not in LIMITED_DECKS:
        return None
    if name in (game.config.get("dreadnought") or []):
        return DREADNOUGHT_DECK
    return LIMITED_DECKS[key][0]


def form_from_setup(form: dict[str, str], setup: dict[str, Any]) -> None:
    """Show a game's set-up in the Limited 2.1 fields."""
    form["lh-deck"] = str(setup.get("deck", "zombies"))
    rest = declared()
    form.update(rest.format({**rest.defaults(), **rest.values_of(setup)}))
    form["lh-life"] = str(setup["life"]) if "life" in setup else ""


def early(status: dict[str, Any]) -> bool:
    """Still in the Preparation stage."""
    stage: str = status["stage"]
    return stage == "preparation"


def early_turn(status: dict[str, Any]) -> str:
    return (f"Survivor turn {status['survivor_turn']} (Preparation turn "
            f"{status['survivor_turn']} of {status['preparation_turns']}).")


def options_text(status: dict[str, Any]) -> str:
    text = f"{status['difficulty']}, {status['preparation_turns']} Preparation turn(s)"
    return text + (", Aggro Mode" if status.get("aggro") else "")


def render(game: Game, status: dict[str, Any], view: View) -> None:
    """The stage bar, the status line (damage, life gain, the surge check, Hunting, the
    Dreadnought), the look/victory buttons and the banners."""
    view.hidden["wave-bar"] = True
    view.hidden["stage-bar"] = False
    view.hidden["lh-status"] = False
    view.hidden["offers-box"] = True
    view.lists["offers"] = []
    stage = status["stage"]
    view.text["stage"] = stage.title()
    for name in STAGES:
        view.attrs[f"stage-{name}"] = {"data-current": "true" if name == stage else "false"}
        view.attrs[f"stage-{name}-link"] = {"aria-current": "step" if name == stage else "false"}
    check = status["surge_check"]
    parts = [f"Damage carried: {status['damage']}", f"life gain floating: {status['gained']}",
             f"graveyard + exile {check['graveyard_and_exile']} vs library {check['library']}",
             {"all": "Survivor creatures may hunt any Horde creature",
              "spawn": "Survivor creatures may hunt Eldrazi Spawn",
              "none": "no Hunting"}[status["hunting"]]]
    top = status.get("dreadnought_top")
    if top:
        parts.append(f"Dreadnought top: {top['name']} ({top['cost']}, "
                     f"{top['spawn_needed']} Spawn; {status['spawn']} on the battlefield)")
    view.text["lh-status"] = "; ".join(parts) + "."
    view.hidden["look-hand"] = bool(status["looking"])
    view.hidden["end-look"] = not status["looking"]
    view.hidden["confirm-victory"] = not status["victory_possible"]
    view.hidden["hunt-box"] = status["hunting"] == "none"
    view.text["win-banner"] = "The Survivors win: the Horde's library is empty and it can " \
        "no longer deal damage."
    view.text["loss-banner"] = f"The Horde wins: the Survivors' life is {status['life']}."


def target_action(form: dict[str, str], amount: Callable[[], int]) -> dict[str, Any]:
    """The Horde's target (lh-3-13 to lh-3-16) among Survivor permanents typed as
    ``Name 5`` (mana value, for destroy/exile) or ``Name 4/1`` (toughness and damage
    already marked, for damage), separated by commas; ``amount()`` is the damage."""
    whole = plumbing.whole_number
    effect = form["target-effect"]
    if effect not in ("destroy", "exile", "damage"):
        raise ActionError("choose destroy, exile or damage")
    permanents: list[dict[str, Any]] = []
    for entry in plumbing.names(form["targets"], 40):
        name, _, number = entry.rpartition(" ")
        if not name.strip():
            raise ActionError(f"give {entry!r} a name and a number, like 'Serra Angel 5'")
        if effect == "damage":
            toughness, _, marked = number.partition("/")
            permanents.append({"name": name.strip(),
                               "toughness": whole(toughness, f"the toughness of {name}", 0, 99),
                               "damage": whole(marked or "0", f"the damage on {name}", 0, 99)})
        else:
            permanents.append({"name": name.strip(),
                               "mv": whole(number, f"the mana value of {name}", 0, 99)})
    data: dict[str, Any] = {"type": "target", "effect": effect, "permanents": permanents}
    if effect == "damage":
        data.update(amount=amount(), player=bool(form["target-player"]),
                    divided=bool(form["target-divided"]))
    return data


def hunt_action(form: dict[str, str], card: int) -> dict[str, Any]:
    """A Survivor creature hunts the Horde creature ``card`` (its power, toughness,
    Defender from the form)."""
    whole = plumbing.whole_number
    data: dict[str, Any] = {"type": "hunt", "card": card,
                            "power": whole(form["power"], "The hunter's power", 0, 99)}
    if form["hunter-toughness"].strip():
        data["toughness"] = whole(form["hunter-toughness"], "The hunter's toughness", 0, 99)
    if form["hunter-defender"]:
        data["defender"] = True
    return data
