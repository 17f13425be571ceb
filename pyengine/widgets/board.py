"""Board helpers shared by the runner pages' views: the battlefield grouped into identical
permanents, the cards a turn revealed (grouped, in order), honest attack totals and trigger
reminders from the card data's tags, and the facts line of the card panel.

Pure and standard library only; the runner widgets call these from their ``render`` code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import ActionError
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
    "panel_view",
    "reference_link",
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
            return selected  # type: ignore[return-value]
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


# -- numbers -------------------------------------------------------------------------------------
_BOOST = re.compile(r"^(lord|anthem)=(other|your|all)_([a-z_]+?)\+(\d+)/\+(\d+)(.*)$")
_PLURALS = {"zombies": ("Zombie",), "goblins": ("Goblin",), "skeletons": ("Skeleton",),
            "zombies_and_skeletons": ("Zombie", "Skeleton"), "creatures": (),
            "attacking_creatures": ()}


#: Anthems by colour (``anthem=all_black_creatures+1/+1``): the colour's mana symbol.
_COLOURED = {"white_creatures": "W", "blue_creatures": "U", "black_creatures": "B",
             "red_creatures": "R", "green_creatures": "G"}


def _coloured_bonus(match: re.Match[str], source_id: int, info: Mapping[int, Any],
                    facts: Callable[[str], Mapping[str, Any] | None], source: str,
                    missing: list[str]) -> int:
    """A colour anthem's bonus to the attackers whose mana cost shows the colour; an
    attacker without a cost in the data (a token) is not guessed: the anthem is named in
    ``missing`` for it."""
    who, colour, bonus = match.group(2), _COLOURED[match.group(3)], int(match.group(4))
    total = 0
    for card_id, (name, _subtypes_of) in info.items():
        if who == "other" and card_id == source_id:
            continue
        entry = facts(name) or {}
        if number(entry.get("power", "")) is None:
            continue
        cost = str(entry.get("mana_cost", "") or "")
        if not cost:
            note = f"{source} (anthem)"
            if note not in missing:
                missing.append(note)
            continue
        if "{" + colour in cost or f"/{colour}" in cost:
            total += bonus
    return total


def _subtypes(type_line: str) -> set[str]:
    front = type_line.split("//")[0]
    parts = re.split(r"\s+[—–-]\s+", front, maxsplit=1)
    return set(parts[1].split()) if len(parts) == 2 else set()


def boost_of(tag: str) -> tuple[str, tuple[str, ...], int] | None:
    """A lord or anthem tag the attack total counts (``lord=other_zombies+1/+1``): ``(who,
    subtypes, power bonus)``, ``who`` being ``other``, ``your`` or ``all`` and ``subtypes``
    empty for every creature; None for one it does not count (named instead)."""
    match = _BOOST.match(str(tag))
    if match is None or match.group(3) not in _PLURALS:
        return None
    return match.group(2), _PLURALS[match.group(3)], int(match.group(4))


def number(text: Any) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


def attack_summary(attackers: Sequence[tuple[int, str, int]], board: Sequence[tuple[int, str]],
                   facts: Callable[[str], Mapping[str, Any] | None]) -> tuple[int, list[str]]:
    """The power the attackers swing with: ``(at_least, not_counted)``.

    ``attackers`` are ``(id, name, counters)``, ``board`` the ``(id, name)`` of every permanent
    on the attackers' side (lords and anthems come from there), ``facts(name)`` a card's facts
    (``power``, ``type_line``, ``tags``). Printed power plus counters is counted; a lord or
    anthem the tags describe as ``lord=other_zombies+1/+1`` (other, your or all; Zombies,
    Goblins, Skeletons, attacking creatures) adds its bonus; anything else is named in
    ``not_counted``: ``Soulless One (*/*)``, ``Bad Moon (anthem)``."""
    total = 0
    missing: list[str] = []
    info = {}
    for card_id, name, counters in attackers:
        entry = facts(name) or {}
        info[card_id] = (name, _subtypes(str(entry.get("type_line", ""))))
        power = number(entry.get("power", ""))
        if power is None:
            printed = str(entry.get("power", "")).strip() or "?"
            toughness = str(entry.get("toughness", "")).strip() or "?"
            note = f"{name} ({printed}/{toughness})"
            if note not in missing:
                missing.append(note)
            continue
        total += power + counters
    for source_id, source in board:
        entry = facts(source) or {}
        for tag in entry.get("tags", []) or []:
            tag = str(tag)
            if not tag.startswith(("lord=", "anthem=")):
                continue
            boost = boost_of(tag)
            kind = tag.split("=", 1)[0]
            match = _BOOST.match(tag)
            if match is not None and match.group(3) in _COLOURED:
                total += _coloured_bonus(match, source_id, info, facts, source, missing)
                continue
            if boost is None:
                note = f"{source} ({kind})"
                if note not in missing:
                    missing.append(note)
                continue
            who, types, bonus = boost
            for card_id, (name, subtypes) in info.items():
                if who == "other" and card_id == source_id:
                    continue
                if types and not subtypes.intersection(types):
                    continue
                if number((facts(name) or {}).get("power", "")) is None:
                    continue
                total += bonus
    return total, missing


def attack_text(count: int, total: int, missing: list[str], *, who: str = "the Survivors"
                ) -> str:
    """One line for the page: the honest total, or "at least N" and what is not counted."""
    creatures = f"{count} creature" + ("" if count == 1 else "s")
    if not missing:
        return f"Attacking {who}: {creatures}, {total} power (counters and lords counted)."
    return (f"Attacking {who}: {creatures}, at least {total} power — not counted: "
            + ", ".join(missing) + ".")


# -- trigger reminders ---------------------------------------------------------------------------
_TRIGGERS = (
    ("etb_or_attacks", "when it enters or attacks"),
    ("attacks_or_blocks", "when it attacks or blocks"),
    ("threshold_etb", "when it enters with threshold"),
    ("cast_trigger", "when it is cast"),
    ("begin_combat", "at the beginning of combat"),
    ("each_upkeep", "at each upkeep"),
    ("end_step", "at the end step"),
    ("upkeep", "at its controller's upkeep"),
    ("etb", "when it enters"),
    ("attacks", "when it attacks"),
    ("dies", "when it dies"),
    ("tokens", "it makes tokens"),
)
_WORDS = {"opp": "opponent", "opps": "opponents", "dmg": "damage", "gy": "graveyard",
          "bf": "battlefield", "eot": "until end of turn", "sacs": "sacrifices",
          "sac": "sacrifice", "mv": "mana value", "etb": "enters"}


def _words(code: str) -> str:
    text = re.sub(r"([a-z])(\d)", r"\1 \2", code)
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)
    text = re.sub(r"(?<=[A-Za-z0-9)])\+(?=[A-Za-z])", ", ", text).replace("_", " ")
    return " ".join(_WORDS.get(word, word) for word in text.split())


def trigger_reminders(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None]
                      ) -> list[str]:
    """One plain line per revealed card whose card data tags a trigger: ``Cackling Fiend —
    when it enters: each opponent discards 1``. Each name once, in order."""
    lines: list[str] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        parts = []
        for tag in (facts(name) or {}).get("tags", []) or []:
            key, _, value = str(tag).partition("=")
            for prefix, phrase in _TRIGGERS:
                if key == prefix or key.startswith(prefix + "_"):
                    rest = key[len(prefix) + 1:] if key != prefix else ""
                    what = ", ".join(p for p in (_words(rest), _words(value)) if p)
                    parts.append(f"{phrase}: {what}" if what else phrase)
                    break
        if parts:
            lines.append(f"{name} — " + "; ".join(parts))
    return lines


def facts_text(entry: Mapping[str, Any] | None) -> str:
    """The card panel's facts line: type, power/toughness, mana value, keywords (tags)."""
    if not entry:
        return "No card facts for this card."
    bits = [str(entry.get("type_line", "")).strip() or "Card"]
    power, toughness = str(entry.get("power", "")).strip(), str(entry.get("toughness", "")).strip()
    if power or toughness:
        bits.append(f"{power or '?'}/{toughness or '?'}")
    cost = str(entry.get("mana_cost", "")).strip()
    bits.append(f"mana value {int(entry.get('mana_value', 0) or 0)}" + (f" ({cost})" if cost
                                                                         else ""))
    tags = [_words(str(t).split("=", 1)[0]) for t in entry.get("tags", []) or []
            if "=" not in str(t) and str(t) not in ("token",)]
    if tags:
        bits.append(", ".join(tags))
    if entry.get("errata"):  # a rule set's errata on the card (Limited Horde, lh-9-10)
        bits.append(str(entry["errata"]))
    return " · ".join(bits)


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
               buttons: Mapping[str, bool] | None = None, reference: str = "") -> None:
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
    view.text["panel-facts"] = facts_text(facts)
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
             "etb_or_attacks", "attacks")
#: Of those, the triggers that come in every player's turn, the Survivors' too.
EVERY_TURN = ("each_upkeep",)


def recurring_reminders(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None],
                        *, skip: Iterable[str] = (),
                        kinds: tuple[str, ...] = RECURRING) -> list[str]:
    """One line per permanent already on the battlefield (not in ``skip``, the cards this turn
    revealed, whose lines :func:`trigger_reminders` gives) with a trigger that comes back each
    turn (one of ``kinds``): ``Forsaken Wastes (on the battlefield) — at each upkeep: lose 1``."""
    skipped = set(skip)
    lines: list[str] = []
    seen: set[str] = set()
    for name in names:
        if name in seen or name in skipped:
            continue
        seen.add(name)
        parts = []
        for tag in (facts(name) or {}).get("tags", []) or []:
            key, _, value = str(tag).partition("=")
            prefix = next((p for p in RECURRING if key == p or key.startswith(p + "_")), None)
            if prefix is None or prefix not in kinds:
                continue
            phrase = dict(_TRIGGERS)[prefix]
            rest = key[len(prefix) + 1:] if key != prefix else ""
            what = ", ".join(p for p in (_words(rest), _words(value)) if p)
            parts.append(f"{phrase}: {what}" if what else phrase)
        if parts:
            lines.append(f"{name} (on the battlefield) — " + "; ".join(parts))
    return lines


#: The reminder phrase of each trigger an engine says it carried out (an event's
#: ``data["trigger"]``: Limited Horde's card effects, pyengine/limited_horde/effects.py).
CARRIED_TRIGGERS = {"etb": "when it enters", "dies": "when it dies", "cast": "when it is cast"}


def carried_out(lines: list[str], events: Iterable[Any]) -> list[str]:
    """The reminders less what the runner already carried out this turn: a card's "it makes
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
        name = head.removesuffix(" (on the battlefield)")
        if rest.strip() == "it makes tokens" and any(name in text for text in made):
            continue
        done = [trigger for _, text, trigger in texts if text.startswith(name + ": ")]
        parts = rest.split("; ")
        if done and len(parts) == 1 and "" in done:
            continue
        phrases = {CARRIED_TRIGGERS[t] for t in done if t in CARRIED_TRIGGERS}
        left = [part for part in parts if part.partition(":")[0] not in phrases]
        if not left:
            continue
        out.append(f"{head} — " + "; ".join(left) if len(left) < len(parts) else line)
    return out


def cant_gain_life(names: Iterable[str], facts: Callable[[str], Mapping[str, Any] | None]
                   ) -> list[str]:
    """The permanents whose card data says a player (the Survivors) can't gain life."""
    found = []
    for name in dict.fromkeys(names):
        tags = [str(t) for t in (facts(name) or {}).get("tags", []) or []]
        if any("cant_gain_life" in t.partition("=")[0] for t in tags):
            found.append(name)
    return found


def spell_words(entry: Mapping[str, Any] | None) -> str:
    """What a held spell does, in words from its card data's tags (``destroy all creatures``),
    or ``""`` when the data says nothing."""
    tags = [str(t) for t in (entry or {}).get("tags", []) or [] if str(t) not in ("token",)]
    return "; ".join(_words(t.replace("=", " ")) for t in tags)
