"""Board helpers shared by the runner pages' views: the battlefield grouped into identical
permanents, the cards a turn revealed (grouped, in order), the attack line and the reminders
(their reading of the card data's tags is :mod:`pyengine.board_facts`, re-exported here), and
the facts line of the card panel.

Pure and standard library only; the runner widgets call these from their ``render`` code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..board_facts import (
    attack_summary,
    boost_of,
    number,
    reminder_sentences,
    split_sentences,
    tag_words,
    trigger_reminders,
)
from ..game import ActionError
from ..vocabulary import TRIGGERS, Handling, behaviours
from . import Item, View, scryfall_link

__all__ = [
    "Group",
    "attack_summary",
    "attack_text",
    "board_items",
    "boost_of",
    "chosen_title",
    "facts_text",
    "group_action",
    "group_names",
    "marked_items",
    "group_of",
    "group_permanents",
    "next_in_group",
    "number",
    "panel_view",
    "reference_link",
    "died_reminders",
    "table_sentences",
    "trigger_reminders",
    "turn_events",
    "wave_items",
]


@dataclass
class Group:
    """Identical permanents: same name, counters and coin flag (tapped or not)."""

    name: str
    counters: int = 0
    flag: bool | None = None
    ids: list[int] = field(default_factory=list)
    tapped: list[int] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.ids)

    def label(self) -> str:
        """``Zombie ×9, 2 tapped`` / ``Yixlid Jailer, tapped · +1/+1 · coin: Yes``."""
        text = self.name + (f" ×{self.size}" if self.size > 1 else "")
        if self.tapped:
            text += ", tapped" if self.size == 1 else (
                ", all tapped" if len(self.tapped) == self.size else f", {len(self.tapped)} tapped")
        if self.counters:
            text += f" · +{self.counters}/+{self.counters}"
        if self.flag is not None:
            text += " · coin: " + ("Yes" if self.flag else "No")
        return text

    def pick(self, selected: int | None) -> int:
        """The card a tap on the group chooses: the chosen one if it is in the group, else the
        first untapped one, else the first."""
        if selected in self.ids:
            return selected
        untapped = [i for i in self.ids if i not in self.tapped]
        return (untapped or self.ids)[0]


def group_permanents(cards: Iterable[Any], flags: Mapping[int, bool] | None = None
                     ) -> list[Group]:
    """The permanents (objects with ``id``, ``name``, ``tapped``, ``counters``) grouped, in the
    order each group first appears."""
    flags = flags or {}
    groups: dict[tuple[str, int, bool | None], Group] = {}
    for card in cards:
        flag = flags.get(card.id)
        key = (card.name, int(card.counters or 0), flag)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Group(card.name, int(card.counters or 0), flag)
        group.ids.append(card.id)
        if card.tapped:
            group.tapped.append(card.id)
    return list(groups.values())


def group_names(names: Iterable[str]) -> list[tuple[str, int]]:
    """Names with their counts, in the order each first appears: ``[("Zombie", 3), ...]``."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return list(counts.items())


def turn_events(events: Sequence[Any], start_kind: str, end_kind: str | None = None) -> list[Any]:
    """The events of the latest turn: from the last event of ``start_kind`` up to (not
    including) the next ``end_kind`` event; ``[]`` when there is none yet."""
    start = None
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind == start_kind:
            start = index
            break
    if start is None:
        return []
    out = []
    for event in events[start:]:
        if end_kind is not None and event.kind == end_kind:
            break
        out.append(event)
    return out


def attack_text(count: int, total: int, missing: list[str], *, who: str = "the Survivors"
                ) -> str:
    """One line for the page: the honest total, or "at least N" and what is not counted."""
    creatures = f"{count} creature" + ("" if count == 1 else "s")
    if not missing:
        return f"Attacking {who}: {creatures}, {total} power (counters and lords counted)."
    return (f"Attacking {who}: {creatures}, at least {total} power — not counted: "
            + ", ".join(missing) + ".")


def facts_text(entry: Mapping[str, Any] | None,
               handling: Mapping[str, Handling] | None = None) -> str:
    """The card panel's facts line: type, power/toughness, mana value, keywords (tags), and
    with an engine's ``handling`` what it leaves to the table, in sentences."""
    if not entry:
        return "No card facts for this card."
    bits = [str(entry.get("type_line", "")).strip() or "Card"]
    power, toughness = str(entry.get("power", "")).strip(), str(entry.get("toughness", "")).strip()
    if power or toughness:
        bits.append(f"{power or '?'}/{toughness or '?'}")
    cost = str(entry.get("mana_cost", "")).strip()
    bits.append(f"mana value {int(entry.get('mana_value', 0) or 0)}" + (f" ({cost})" if cost
                                                                         else ""))
    tags = [tag_words(str(t).split("=", 1)[0]) + (
        f" (ignored: {handling[str(t)].rule.upper().replace('-', ' ', 1).replace('-', '.')})"
        if handling is not None and str(t) in handling and handling[str(t)].ignored else "")
        for t in entry.get("tags", []) or [] if "=" not in str(t) and str(t) not in ("token",)]
    if tags:
        bits.append(", ".join(tags))
    if entry.get("errata"):  # a rule set's errata on the card (Limited Horde, lh-9-10)
        bits.append(str(entry["errata"]))
    if handling is not None:
        table = table_sentences(entry.get("tags", []) or [], handling)
        if table:
            bits.append("At the table: " + " ".join(table))
    return " · ".join(bits)


def table_sentences(tags: Iterable[str], handling: Mapping[str, Handling]) -> list[str]:
    """The sentences of the behaviours an engine leaves to the table (its ``handling`` says
    ``table``), keywords left out (the facts line names them)."""
    out = []
    for behaviour in behaviours(str(t) for t in tags):
        found = handling.get(behaviour.name)
        if found is None or found.how != "table" or behaviour.verb.family == "keyword":
            continue
        out.append(behaviour.sentence())
    return list(dict.fromkeys(out))


def wave_items(names: Iterable[str], pick: Callable[[str], int | None], *,
               action: str = "pick") -> list[Item]:
    """The revealed cards, grouped in order (``Zombie ×3``): a button (``action``) opening the
    card panel for a card still on the battlefield (``pick(name)`` gives its id), else plain
    text."""
    items = []
    for name, count in group_names(names):
        text = name + (f" ×{count}" if count > 1 else "")
        card = pick(name)
        items.append(Item(text, action=action, value=str(card)) if card is not None
                     else Item(text))
    return items


def card_menu(view: View, key: str, blank: str, cards: Iterable[tuple[Any, str]],
              chosen: str) -> None:
    """A menu of cards (``key``): ``blank`` first, then each card as ``Name #id`` and its
    note; the form's ``chosen`` value shown while it is one of them."""
    options = [("", blank), *((str(c.id), f"{c.name} #{c.id}{note}") for c, note in cards)]
    view.options[key] = options
    view.values[key] = chosen if chosen in {value for value, _label in options} else ""


def revealed_title(head: str, count: int, none: str) -> str:
    """The wave's title: ``Horde turn 3 revealed 2 cards:``, or ``none`` for a turn that
    revealed nothing."""
    return f"{head} revealed {count} card{'' if count == 1 else 's'}:" if count else none


# -- the card panel (shared by the Horde and Swarm runners) ---------------------------------------
#: The panel's line when nothing is chosen.
NOTHING_CHOSEN = "Tap a permanent above to choose it."


def board_items(groups: Sequence[Group], selected: int | None, *, action: str = "pick",
                suffix: Callable[[Group], str] = lambda group: "") -> list[Item]:
    """One button per group (names as text, never links): a tap opens the card panel on one of
    its cards (:meth:`Group.pick`); the group holding the chosen card shows pressed."""
    return [Item(g.label() + suffix(g), action=action, value=str(g.pick(selected)),
                 pressed=selected in g.ids) for g in groups]


def group_of(groups: Sequence[Group], card_id: int | None) -> Group | None:
    """The group a card belongs to (the card panel follows it), or None."""
    if card_id is None:
        return None
    return next((g for g in groups if card_id in g.ids), None)


#: The board's group buttons (Horde and Swarm pages): wipe all, all but the chosen, tap, untap.
GROUP_ACTIONS = ("destroy-all", "destroy-all-but", "tap-all", "untap-all")


def group_action(action: str, creatures: Sequence[Any], *, keep: Iterable[int] = (),
                 side: str, dies: str, to: str | None = None) -> dict[str, Any]:
    """The one engine action for a group button over ``creatures`` (a side's creatures on the
    battlefield, each with ``id`` and ``tapped``): ``destroy-all`` and ``destroy-all-but``
    (every creature but those in ``keep``) are the engine action ``dies`` (its name for
    "these die at once", with the zone ``to`` when it takes one), ``tap-all``/``untap-all``
    are ``tap-all`` over the creatures not already so. A button with nothing to act on is an
    ``ActionError`` naming the side (``"Swarm"``, ``"Horde"``)."""
    if action in ("tap-all", "untap-all"):
        tapped = action == "tap-all"
        cards = [c.id for c in creatures if c.tapped != tapped]
        if not cards:
            raise ActionError(f"every {side} creature is already "
                              + ("tapped" if tapped else "untapped"))
        return {"type": "tap-all", "cards": cards, "tapped": tapped}
    if action not in ("destroy-all", "destroy-all-but"):
        raise ValueError(f"not a group action: {action!r}")
    kept = set(keep)
    cards = [c.id for c in creatures if action == "destroy-all" or c.id not in kept]
    if not cards:
        raise ActionError(f"the {side} has no other creature to destroy"
                          if action == "destroy-all-but" else f"the {side} has no creature")
    return {"type": dies, "cards": cards, **({"to": to} if to else {})}


def toggle_marks(marked: Sequence[int], group: Group) -> list[int]:
    """Multi-select on the board (a partial wipe): a tap on a group marks all its cards, or
    unmarks them when all were marked already."""
    if set(group.ids) <= set(marked):
        return [m for m in marked if m not in group.ids]
    return [*marked, *(i for i in group.ids if i not in marked)]


def take_marked(marked: Sequence[int], candidates: Iterable[Any], noun: str) -> list[int]:
    """The ids of ``candidates`` (cards) that are marked, for "Destroy the chosen"; refused in
    the button's words when none is."""
    chosen = set(marked)
    cards = [card.id for card in candidates if card.id in chosen]
    if not cards:
        raise ActionError(f"tap Choose several, then the {noun} to destroy")
    return cards


def group_buttons(view: View, creatures: Sequence[Any], marked: Iterable[int], *,
                  marking: bool, candidates: Iterable[Any], side: str, over: bool) -> None:
    """The buttons under a runner's board (issue 27, point 4), shown while ``side`` ("Horde",
    "Swarm") has creatures and the game goes on: "Destroy all N … creatures", "Tap all" or
    "Untap all" (whichever changes something), "Choose several…" (or "Stop choosing"), and
    "Destroy the N chosen" once some of ``candidates`` are marked."""
    chosen = set(marked)
    count = sum(1 for card in candidates if card.id in chosen)
    view.text["choose-several"] = "Stop choosing" if marking else "Choose several…"
    view.hidden["destroy-marked"] = not count
    view.text["destroy-marked"] = f"Destroy the {count} chosen"
    view.hidden["group-buttons"] = not creatures or over
    view.text["destroy-all"] = (f"Destroy all {len(creatures)} {side} creatures"
                                if len(creatures) != 1 else f"Destroy the {side} creature")
    view.hidden["tap-all"] = all(card.tapped for card in creatures)
    view.hidden["untap-all"] = not any(card.tapped for card in creatures)


def marked_items(groups: Sequence[Group], marked: Iterable[int], *, action: str = "mark",
                 suffix: Callable[[Group], str] = lambda group: "") -> list[Item]:
    """The board while several are being chosen: a tap on a group marks (or unmarks) it; a
    marked group says "— chosen" in words and shows pressed."""
    chosen = set(marked)
    return [Item(g.label() + suffix(g) + (" — chosen" if set(g.ids) <= chosen else ""),
                 action=action, value=str(g.ids[0]), pressed=set(g.ids) <= chosen)
            for g in groups]


def next_in_group(group: Group | None, selected: int | None, battlefield: Iterable[Any],
                  action: str) -> int | None:
    """After a card-panel action the panel stays on the same group: the chosen card if it is
    still there, else another card of the group (so "Destroy" three times destroys three
    Zombies); after ``tap``, the next untapped one. None when the group is gone."""
    if group is None or selected is None:
        return None
    here = {c.id: c for c in battlefield}
    if action == "tap" and selected in here and here[selected].tapped:
        untapped = [i for i in group.ids if i in here and not here[i].tapped]
        if untapped:
            return untapped[0]
    if selected in here:
        return selected
    left = [i for i in group.ids if i in here]
    return left[0] if left else None


def chosen_title(name: str, card_id: int, tapped: bool, group: Group | None) -> str:
    """The panel's first line: ``Chosen: Zombie #12 (untapped) of Zombie ×9, 2 tapped``."""
    if group is None or group.size == 1:
        return f"Chosen: {name} #{card_id}"
    this = "tapped" if tapped else "untapped"
    return f"Chosen: {name} #{card_id} ({this}) of {group.label()}"


#: A card's entry on the card reference page of a shipped deck, from a play page.
REFERENCE_URL = "../cards/{deck}.html#{anchor}"


def reference_link(deck_id: str | None, name: str) -> str:
    """The link from a runner's card panel to the card's entry in the deck's card reference
    (``sitebuild/cardref.py``), or ``""`` for a deck the site has no page for (a pasted one,
    whose list is on the runner itself)."""
    if not deck_id:
        return ""
    from ..card_reference import slug

    return REFERENCE_URL.format(deck=deck_id, anchor=slug(name))


def panel_view(view: View, name: str | None, *, title: str = "",
               facts: Mapping[str, Any] | None = None, image: str | None = None,
               buttons: Mapping[str, bool] | None = None, reference: str = "",
               handling: Mapping[str, Handling] | None = None) -> None:
    """Fill the one card panel (``panel``, ``chosen``, ``panel-facts``, ``panel-link``,
    ``card-buttons``; ``panel-img`` when the page has pictures, ``image`` not None): the chosen
    card's name as text, its facts line (what the engine knows: shown with or without a
    picture), the link to its page, the link to its card reference entry (``reference``,
    ``panel-ref``; hidden when empty), and which action buttons (by ``data-id``) it offers.
    ``name`` None closes the panel."""
    view.hidden["panel"] = name is None
    view.hidden["card-buttons"] = name is None
    if name is None:
        view.text["chosen"] = NOTHING_CHOSEN
        return
    view.text["chosen"] = title or name
    view.text["panel-facts"] = facts_text(facts, handling)
    view.attrs["panel-link"] = {"href": scryfall_link(name)}
    view.hidden["panel-ref-box"] = not reference
    if reference:
        view.attrs["panel-ref"] = {"href": reference}
    if image is not None:
        view.hidden["panel-img"] = not image
        if image:
            view.attrs["panel-img"] = {"src": image, "alt": name}
    for data_id, shown in (buttons or {}).items():
        view.hidden[data_id] = not shown


# -- reminders that come when they apply (issue 27, point 5) --------------------------------------
#: Triggers that come back every turn while the card stays on the battlefield.
RECURRING = ("each_upkeep", "upkeep", "end_step", "begin_combat", "attacks_or_blocks",
             "attacks")
#: Of those, the triggers that come in every player's turn, the Survivors' too.
EVERY_TURN = ("each_upkeep",)


def recurring_reminders(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None],
                        *, skip: Iterable[str] = (),
                        kinds: tuple[str, ...] = RECURRING,
                        handling: Mapping[str, Handling] | None = None) -> list[str]:
    """One line per permanent already on the battlefield (not in ``skip``, the cards this turn
    revealed, whose lines :func:`trigger_reminders` gives) with a trigger that comes back each
    turn (one of ``kinds``): ``Forsaken Wastes (on the battlefield) — At the beginning of each
    upkeep, that player loses 1 life.``"""
    skipped = set(skip)
    lines: list[str] = []
    seen: set[str] = set()
    for name in names:
        if name in seen or name in skipped:
            continue
        seen.add(name)
        parts = reminder_sentences((facts(name) or {}).get("tags", []) or [], handling, kinds)
        if parts:
            lines.append(f"{name} (on the battlefield) — " + " ".join(parts))
    return lines


def died_reminders(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None],
                   handling: Mapping[str, Handling] | None = None) -> list[str]:
    """One line per card that died this turn (``names``: in order) with a "when it dies"
    trigger: ``Festering Goblin (died) — When it dies, target creature gets -1/-1 until end
    of turn.``"""
    lines: list[str] = []
    for name in dict.fromkeys(names):
        parts = reminder_sentences((facts(name) or {}).get("tags", []) or [], handling,
                                   ("dies",))
        if parts:
            lines.append(f"{name} (died) — " + " ".join(parts))
    return lines


#: The moment of each trigger an engine says it carried out (an event's ``data["trigger"]``:
#: Limited Horde's card effects, pyengine/limited_horde/effects.py).
CARRIED_TRIGGERS = {"etb": TRIGGERS["etb"], "dies": TRIGGERS["dies"],
                    "cast": TRIGGERS["cast_trigger"],
                    # the Horde runner's token triggers (widgets/horde_triggers.py)
                    **{verb: TRIGGERS[verb] for verb in ("upkeep", "each_upkeep", "attacks",
                                                         "begin_combat")}}


def carried_out(lines: list[str], events: Iterable[Any]) -> list[str]:
    """The reminders less what the runner already carried out this turn: a card's "It makes
    tokens" once a ``create`` event of the turn names the card; a trigger once an event of the
    turn says the engine did what the card does (the engines write such an event as
    ``"<card name>: …"``, e.g. Limited Horde's ``effect``, ``return-tokens`` and ``fizzle``)
    and names the trigger in ``data["trigger"]``: of a card with several triggers, only that
    one goes and the others stay. An event that names no trigger takes a one-trigger line only
    (it does not say which of several ran)."""
    texts = [(str(getattr(e, "kind", "")), str(getattr(e, "text", "")),
              str((getattr(e, "data", None) or {}).get("trigger", ""))) for e in events]
    made = [text for kind, text, _ in texts if kind == "create"]
    out = []
    for line in lines:
        head, _, rest = line.partition(" — ")
        name = head.removesuffix(" (on the battlefield)").removesuffix(" (died)")
        parts = split_sentences(rest)
        if any(name in text for text in made):
            parts = [p for p in parts if not p.startswith("It makes tokens")]
            if not parts:
                continue
        done = [trigger for _, text, trigger in texts if text.startswith(name + ": ")]
        if done and len(parts) == 1 and "" in done:
            continue
        phrases = {CARRIED_TRIGGERS[t] for t in done if t in CARRIED_TRIGGERS}
        left = [part for part in parts if part.partition(":")[0].lower() not in phrases]
        if not left:
            continue
        out.append(f"{head} — " + " ".join(left) if len(left) < len(split_sentences(rest))
                   else line)
    return out


def cant_gain_life(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None]
                   ) -> list[str]:
    """The permanents whose card data says a player (the Survivors) can't gain life."""
    found = []
    for name in dict.fromkeys(names):
        tags = [str(t) for t in (facts(name) or {}).get("tags", []) or []]
        if any(b.name.endswith("cant_gain_life") for b in behaviours(tags)):
            found.append(name)
    return found


def spell_words(entry: Mapping[str, Any] | None) -> str:
    """What a held spell does, in sentences from its card data's verbs (``Destroy all green
    creatures.``), or ``""`` when the data says nothing."""
    read = [b for b in behaviours(str(t) for t in (entry or {}).get("tags", []) or [])
            if b.verb.family != "fact"]
    if any(b.name == "spell" and b.effect for b in read):  # its effect says it already
        read = [b for b in read if b.name != "mass_removal"]
    return " ".join(b.sentence() for b in read)


# -- the board as a declaration (issue 45, point 4) -------------------------------------------
@dataclass(frozen=True)
class Shelf:
    """One run of a runner's board: the permanents ``cards(game)`` gives, identical ones grouped
    (:func:`group_permanents`, with the game's coin flags when it has some), each group's label
    ending in ``suffix`` (``" · Enforcer"``, :data:`STOLEN`)."""

    cards: Callable[[Any], Iterable[Any]]
    suffix: str = ""


#: The label's end of a permanent a Survivor controls (the note at the end of hs-4; sw-9-5).
STOLEN = " · a Survivor controls it"


@dataclass(frozen=True)
class Layout:
    """A runner's board, declared: its :class:`Shelf` runs in order, the side whose creatures
    the group buttons act on (``"Horde"``, ``"Swarm"``), the engine action that lets several
    die at once (``dies``, with the zone ``to`` when it takes one) and whether only creature
    groups may be marked for a partial wipe (``creatures_only``; else any permanent)."""

    shelves: tuple[Shelf, ...]
    side: str
    dies: str
    to: str | None = None
    creatures_only: bool = False
    #: Cards off the battlefield the board lists too, after its groups, each on its own with
    #: ``extras_note`` (the Swarm's spells cast this turn, in the graveyard: sw-7-6).
    extras: Callable[[Any], Iterable[Any]] = lambda game: ()
    extras_note: str = ""

    def cards(self, game: Any) -> list[Any]:
        """The cards the board lists: the battlefield, then the :attr:`extras`."""
        return [*game.zones["battlefield"], *self.extras(game)]

    def groups(self, game: Any) -> list[tuple[Group, str]]:
        """The board's groups in order, each with its label's suffix."""
        flags = getattr(game, "flags", None)
        return [(group, shelf.suffix) for shelf in self.shelves
                for group in group_permanents(shelf.cards(game), flags)]

    def candidates(self, game: Any) -> list[Any]:
        """The permanents "Choose several" may mark (what "Destroy the chosen" takes)."""
        return list(game.creatures() if self.creatures_only else game.zones["battlefield"])

    def markable(self, game: Any, group: Group) -> bool:
        """True if ``group`` may be marked: any group, or only creatures'."""
        return set(group.ids) <= {c.id for c in self.candidates(game)}

    def items(self, game: Any, selected: int | None, marked: Sequence[int], *, marking: bool,
              action: str = "pick") -> list[Item]:
        """The board's list: one button per group opening the card panel (``action``), or
        while several are chosen (``marking``) one per group marking it; a group that may not
        be marked is then plain text."""
        items: list[Item] = []
        for group, suffix in self.groups(game):
            def label(g: Group, s: str = suffix) -> str:
                return s
            if not marking:
                items += board_items([group], selected, action=action, suffix=label)
            elif not self.creatures_only:
                items += marked_items([group], marked)
            elif self.markable(game, group):
                items += marked_items([group], marked, suffix=label)
            else:
                items.append(Item(group.label() + suffix + " · not a creature"))
        if not marking:
            items += [Item(f"{card.name}{self.extras_note}", action=action, value=str(card.id),
                           pressed=selected == card.id) for card in self.extras(game)]
        return items

    def action(self, action: str, game: Any, marked: Sequence[int],
               keep: Group | None) -> dict[str, Any]:
        """The engine action of a group button (:data:`GROUP_ACTIONS`, ``destroy-marked``):
        ``keep`` is the chosen card's group that "all but" leaves."""
        if action == "destroy-marked":
            noun = f"{self.side} creatures" if self.creatures_only else f"{self.side} permanents"
            cards = take_marked(marked, self.candidates(game), noun)
            return {"type": self.dies, "cards": cards, **({"to": self.to} if self.to else {})}
        return group_action(action, game.creatures(), side=self.side, dies=self.dies,
                            to=self.to, keep=keep.ids if keep is not None else ())
