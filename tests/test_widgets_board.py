"""The runner pages' board helpers (pyengine.widgets.board): grouped permanents, the revealed
cards, the card panel, the group buttons and the reminders on each turn (the attack totals and
trigger reminders they read from card tags: tests/test_board_facts.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pyengine import files
from pyengine.game import ActionError, Event
from pyengine.horde_common import facts_entry
from pyengine.widgets import View, board

DB = files.load_card_db()


def facts(name):
    card = DB.get(name)
    return facts_entry(card) if card is not None else None


@dataclass
class Card:
    id: int
    name: str
    tapped: bool = False
    counters: int = 0


def test_identical_permanents_are_grouped():
    """hs-6-8: "Zombie ×9, 2 tapped"; counters and coin flags keep cards apart."""
    cards = [Card(i, "Zombie", tapped=i in (3, 5)) for i in range(1, 10)]
    cards += [Card(20, "Ghoul", counters=1), Card(21, "Ghoul"), Card(22, "Ghoul", tapped=True)]
    groups = board.group_permanents(cards, {21: True})
    assert [g.label() for g in groups] == ["Zombie ×9, 2 tapped", "Ghoul · +1/+1",
                                           "Ghoul · coin: Yes", "Ghoul, tapped"]
    assert groups[0].pick(None) == 1 and groups[0].pick(5) == 5
    assert board.group_permanents([Card(1, "Z", tapped=True), Card(2, "Z", tapped=True)]
                                  )[0].label() == "Z ×2, all tapped"


def test_revealed_names_grouped_in_order():
    """hs-8-2: the wave's cards in the order first revealed, with counts."""
    assert board.group_names(["Zombie", "Zombie", "Maggot Carrier", "Zombie", "Cackling Fiend"]
                             ) == [("Zombie", 3), ("Maggot Carrier", 1), ("Cackling Fiend", 1)]
    items = board.wave_items(["Zombie", "Zombie", "Gone"], {"Zombie": 7}.get)
    assert [(i.text, i.action, i.value) for i in items] == [("Zombie ×2", "pick", "7"),
                                                            ("Gone", None, "")]
    assert all(i.href is None for i in items)


def test_turn_events_are_the_latest_turn():
    events = [Event("horde-turn", "Horde turn 1"), Event("reveal", "a", ["A"]),
              Event("end-horde-turn", "ends"), Event("horde-turn", "Horde turn 2"),
              Event("reveal", "b", ["B"]), Event("end-horde-turn", "ends"),
              Event("survivor-turn", "Survivor turn 5")]
    assert [e.text for e in board.turn_events(events, "horde-turn", "end-horde-turn")] == \
        ["Horde turn 2", "b"]
    assert board.turn_events(events[:0], "horde-turn") == []


def test_panel_facts_line():
    """Offline, the card panel shows the facts the engine has."""
    text = board.facts_text(facts("Cackling Fiend"))
    assert text.startswith("Creature — Zombie · 2/1 · mana value 4 ({2}{B}{B})")
    assert board.facts_text(None) == "No card facts for this card."


def swarm_after_three_turns():
    """A Swarm runner (2 Survivors, a fixed seed) after three whole Swarm turns, and its view."""
    from pyengine.widgets.swarm import Widget as Swarm
    from tests.helpers import CARD_DATA, runner_env

    w = Swarm(runner_env(""), data=CARD_DATA)
    w.start(None)
    w.handle("new", {"seed": "amber-otter-17", "survivors": "2"})
    for _ in range(3):
        w.handle("turn", {})
        w.handle("combat", {})
        view = w.handle("end", {})
    return w, view


def test_swarm_board_tap_chooses_the_card():
    """sw-9-4: the Swarm's battlefield is grouped; a tap on a group chooses one of its cards for
    the card buttons and shows its facts and its Scryfall page; then one tap acts on it."""
    w, view = swarm_after_three_turns()
    board_items = view.lists["battlefield"]
    assert all(i.action == "pick-card" and i.href is None for i in board_items)
    assert [i.text for i in board_items][:3] == [
        "Grave Titan, tapped · Enforcer", "Diregraf Captain, tapped · Enforcer",
        "Infectious Host, tapped"]
    host = board_items[2]
    view = w.handle("pick-card", {"_item": host.value})
    assert view.values["card"] == host.value and view.scroll == "panel"
    assert view.hidden["panel"] is False and "1/1" in view.text["panel-facts"]
    assert view.attrs["panel-link"]["href"].endswith("%21%22Infectious%20Host%22")
    before = len(w.game.zones["battlefield"])
    view = w.handle("dies", {"card": host.value})
    assert view.error == "" and len(w.game.zones["battlefield"]) == before - 1
    # the card menu under the board opens the same panel, scrolled to and announced
    titan = board_items[0].value
    view = w.handle("choose-card", {"card": titan})
    assert view.error == "" and view.scroll == "panel" and view.values["card"] == titan
    assert view.text["happened"] == view.text["chosen"] and "Grave Titan" in view.text["chosen"]


def test_one_card_panel_for_both_runners():
    """hs-6-8, sw-9-4: the shared panel: names as text on board buttons, the chosen group
    pressed, the panel's title, facts, link and buttons; closed when nothing is chosen."""
    from pyengine.widgets import View
    cards = [Card(1, "Zombie"), Card(2, "Zombie", tapped=True), Card(3, "Cackling Fiend")]
    groups = board.group_permanents(cards)
    items = board.board_items(groups, 2, action="pick-card", suffix=lambda g: " ·")
    assert [(i.text, i.action, i.value, i.pressed, i.href) for i in items] == [
        ("Zombie ×2, 1 tapped ·", "pick-card", "2", True, None),
        ("Cackling Fiend ·", "pick-card", "3", False, None)]
    group = board.group_of(groups, 2)
    assert board.chosen_title("Zombie", 2, True, group) == (
        "Chosen: Zombie #2 (tapped) of Zombie ×2, 1 tapped")
    assert board.chosen_title("Cackling Fiend", 3, False, groups[1]) == (
        "Chosen: Cackling Fiend #3")
    view = View()
    board.panel_view(view, "Cackling Fiend", title="Chosen: Cackling Fiend #3",
                     facts=facts("Cackling Fiend"), buttons={"do-dies": True, "do-counter": False})
    assert view.hidden["panel"] is False and view.hidden["card-buttons"] is False
    assert view.text["panel-facts"].startswith("Creature — Zombie · 2/1")
    assert view.attrs["panel-link"]["href"].endswith("%21%22Cackling%20Fiend%22")
    assert view.hidden["do-dies"] is False and view.hidden["do-counter"] is True
    assert "panel-img" not in view.hidden  # a page without pictures gets no picture key
    board.panel_view(view, "Zombie", image="https://cards.scryfall.io/small/z.jpg")
    assert view.attrs["panel-img"] == {"src": "https://cards.scryfall.io/small/z.jpg",
                                       "alt": "Zombie"}
    closed = View()
    board.panel_view(closed, None)
    assert closed.hidden["panel"] is True and closed.text["chosen"] == board.NOTHING_CHOSEN


def test_the_panel_stays_on_its_group():
    """hs-6-8: after an action the panel follows the group: the same card while it is there,
    else another of the group; after Tap the next untapped one; None when the group is gone."""
    cards = [Card(1, "Zombie"), Card(2, "Zombie"), Card(3, "Zombie")]
    group = board.group_of(board.group_permanents(cards), 1)
    assert board.next_in_group(group, 1, cards, "exile") == 1
    assert board.next_in_group(group, 1, cards[1:], "exile") == 2
    cards[0].tapped = True
    assert board.next_in_group(group, 1, cards, "tap") == 2
    assert board.next_in_group(group, 1, [], "destroy") is None
    assert board.next_in_group(None, 1, cards, "destroy") is None


def test_the_card_panel_links_to_the_cards_reference_entry():
    """hs-6-8, sw-9-4: the panel links to the chosen card's entry on its deck's card reference
    page (an anchor the generated page has); a pasted deck, with no page, gets no link."""
    from sitebuild import cardref

    w, view = swarm_after_three_turns()
    pages = cardref.deck_pages()
    for item in view.lists["battlefield"][:3]:
        view = w.handle("pick-card", {"_item": item.value})
        href = view.attrs["panel-ref"]["href"]
        assert view.hidden["panel-ref-box"] is False
        page, anchor = href.removeprefix("../").split(".html#")
        assert f"{{ #{anchor} }}" in pages[page + ".md"], href
    assert board.reference_link(None, "Zombie") == ""
    from pyengine.widgets import View
    closed = View()
    board.panel_view(closed, "Zombie")
    assert closed.hidden["panel-ref-box"] is True and "panel-ref" not in closed.attrs
def test_recurring_triggers_are_reminded_each_turn_and_carried_out_ones_are_not():
    """hs-6-8: a permanent already on the battlefield with an upkeep trigger is reminded on
    each later turn (not only when it enters); a card whose tokens the runner made this turn is
    not reminded of them; a "can't gain life" permanent is found; a held spell says what it
    does in words."""
    from pyengine.widgets import board

    facts = {"Forsaken Wastes": {"tags": ["players_cant_gain_life",
                                          "each_upkeep=that_player_loses1"]},
             "Zombie": {"tags": ["token"]},
             "Maker": {"tags": ["tokens=2_Zombie"]},
             "Wrath": {"tags": ["mass_removal=destroy", "table=destroy_all_creatures"]}}.get
    lines = board.recurring_reminders(["Zombie", "Forsaken Wastes", "Forsaken Wastes"], facts)
    assert lines == ["Forsaken Wastes (on the battlefield) — At the beginning of each upkeep: "
                     "that player loses 1 life."]
    assert board.recurring_reminders(["Forsaken Wastes"], facts, skip=["Forsaken Wastes"]) == []

    class E:
        def __init__(self, kind, text, data=None):
            self.kind, self.text, self.data = kind, text, data or {}

    made = [E("create", "Maker makes 2 Zombie tokens")]
    maker = board.trigger_reminders(["Maker"], facts)
    assert maker == ["Maker — It makes tokens: create 2 Zombie tokens."]
    assert board.carried_out(maker, made) == []
    assert board.carried_out(maker, []) == maker
    # lh-3-3: an effect the engine carried out ("<card>: …") is not reminded; a card with two
    # triggers is (the event does not say which one ran)
    done = [E("effect", "Fiend: the Survivors lose 3 life"),
            E("return-tokens", "Spawner: 2 of 2 token(s) return from the graveyard")]
    lines = ["Fiend — When it enters: target opponent loses 3 life.",
             "Spawner — When it enters: create 2 Spawn tokens.",
             "Both — When it enters: draw 1 card. When it dies: create 1 Spawn token.",
             "Other — When it enters: do what its text says."]
    assert board.carried_out(lines, done + [E("effect", "Both: the Horde draws")]) == lines[2:]
    # an engine that names the trigger it carried out: of several, only that one goes; a
    # one-trigger line stays when another trigger of the card ran
    ran = [E("effect", "Both: the Horde draws", {"trigger": "etb"}),
           E("effect", "Other: the Horde mills 2", {"trigger": "dies"})]
    assert board.carried_out(lines, ran) == [
        lines[0], lines[1], "Both — When it dies: create 1 Spawn token.", lines[3]]
    both = ran + [E("fizzle", "Both: no token in the graveyard", {"trigger": "dies"})]
    assert "Both" not in " ".join(board.carried_out(lines, both))
    assert board.cant_gain_life(["Zombie", "Forsaken Wastes"], facts) == ["Forsaken Wastes"]
    assert board.spell_words(facts("Wrath")) == (
        "It destroys creatures en masse. Destroy all creatures.")
    assert board.spell_words(None) == ""


def test_group_action_over_a_sides_creatures():
    """hs-6-8, sw-9-4: a group button is one engine action over the creatures it changes:
    all, all but the kept group, or the ones not yet tapped (untapped); nothing to act on is
    a refusal naming the side."""
    import pytest

    from pyengine.game import ActionError
    cards = [Card(1, "Zombie"), Card(2, "Zombie", tapped=True), Card(3, "Ghoul")]
    assert board.group_action("destroy-all", cards, side="Swarm", dies="dies-all") == {
        "type": "dies-all", "cards": [1, 2, 3]}
    assert board.group_action("destroy-all-but", cards, keep=[1, 2], side="Swarm",
                              dies="dies-all") == {"type": "dies-all", "cards": [3]}
    assert board.group_action("tap-all", cards, side="Swarm", dies="dies-all") == {
        "type": "tap-all", "cards": [1, 3], "tapped": True}
    assert board.group_action("untap-all", cards, side="Swarm", dies="dies-all") == {
        "type": "tap-all", "cards": [2], "tapped": False}
    with pytest.raises(ActionError, match="Swarm has no other creature"):
        board.group_action("destroy-all-but", cards, keep=[1, 2, 3], side="Swarm",
                           dies="dies-all")
    with pytest.raises(ActionError, match="every Swarm creature is already untapped"):
        board.group_action("untap-all", cards[:1], side="Swarm", dies="dies-all")


def test_swarm_group_buttons_wipe_and_tap_in_one_tap():
    """sw-9-4, sw-4-4: under the Swarm's board, "Destroy all N Swarm creatures" is one action
    and one undo; "Destroy all Swarm creatures but these" (the card panel) keeps the chosen
    group; "Tap all" / "Untap all" show whichever changes something."""
    w, view = swarm_after_three_turns()
    creatures = [c.id for c in w.game.creatures()]
    assert len(creatures) >= 3 and view.hidden["group-buttons"] is False
    assert view.text["destroy-all"] == f"Destroy all {len(creatures)} Swarm creatures"
    assert view.hidden["untap-all"] is False  # they attacked: tapped
    tapped = [c.id for c in w.game.creatures() if c.tapped]  # (not a Titan's new tokens)
    view = w.handle("untap-all", {})
    assert view.error == "" and not any(c.tapped for c in w.game.creatures())
    assert view.hidden["untap-all"] is True and view.hidden["tap-all"] is False
    assert w.game.actions[-1] == {"type": "tap-all", "cards": tapped, "tapped": False}
    host = next(i for i in view.lists["battlefield"] if i.text.startswith("Infectious Host"))
    view = w.handle("pick-card", {"_item": host.value})
    assert view.hidden["do-all-but"] is False
    kept = [c.id for c in w.game.creatures() if c.name == "Infectious Host"]
    view = w.handle("destroy-all-but", {})
    assert view.error == "" and w.game.actions[-1]["type"] == "dies-all"
    assert [c.id for c in w.game.creatures()] == kept
    assert "Grave Titan" in [c.name for c in w.game.zones["lair"]]  # sw-4-4
    assert view.text["happened"]
    view = w.handle("undo", {})
    assert len(w.game.creatures()) == len(creatures)
    view = w.handle("destroy-all", {})
    assert view.error == "" and w.game.creatures() == []
    assert view.hidden["group-buttons"] is True
    assert "Infectious Host" in [c.name for c in w.game.zones["graveyard"]]  # sw-9-4


def test_swarm_choose_several_for_a_partial_wipe():
    """sw-9-4, sw-4-4: "Choose several…" turns the Swarm's board into marks: a tap marks a
    whole group of creatures (again: unmarks), "Destroy the N chosen" lets exactly those die
    in one action; the marks survive a reload (the runner's save) and end after the wipe."""
    from pyengine.widgets.swarm import Widget as Swarm
    from tests.helpers import CARD_DATA, runner_env

    w, view = swarm_after_three_turns()
    assert view.hidden["destroy-marked"] is True
    view = w.handle("choose-several", {})
    assert view.text["choose-several"] == "Stop choosing"
    items = view.lists["battlefield"]
    assert all(i.action == "mark" for i in items if "not a creature" not in i.text)
    titan, host = items[0], next(i for i in items if i.text.startswith("Infectious Host"))
    w.handle("mark", {"_item": titan.value})
    w.handle("mark", {"_item": host.value})
    view = w.handle("mark", {"_item": titan.value})  # unmarked again
    host_ids = [c.id for c in w.game.creatures() if c.name == "Infectious Host"]
    assert view.text["destroy-marked"] == f"Destroy the {len(host_ids)} chosen"
    assert [i.pressed for i in view.lists["battlefield"] if i.text.startswith(
        "Infectious Host")] == [True]
    again = Swarm(runner_env(""), data=CARD_DATA)
    assert again.start(view.save).hidden["destroy-marked"] is False
    others = [c.id for c in w.game.creatures() if c.id not in host_ids]
    view = w.handle("destroy-marked", {})
    assert view.error == ""
    assert w.game.actions[-1] == {"type": "dies-all", "cards": host_ids}
    assert [c.id for c in w.game.creatures()] == others
    assert view.text["choose-several"] == "Choose several…"
    assert view.hidden["destroy-marked"] is True
    assert all(i.action == "pick-card" for i in view.lists["battlefield"])


def test_the_group_buttons_are_one_piece_for_both_runners():
    """hs-5-1, sw-8-1: the buttons under a board (destroy all, tap or untap all, choose
    several, destroy the chosen) are worked out once for the Horde and the Swarm runner."""
    from types import SimpleNamespace

    from pyengine.game import ActionError
    from pyengine.widgets import View, board

    one = [SimpleNamespace(id=7, tapped=False)]
    view = View()
    board.group_buttons(view, one, [], marking=False, candidates=one, side="Swarm", over=False)
    assert view.text["destroy-all"] == "Destroy the Swarm creature"
    assert (view.hidden["tap-all"], view.hidden["untap-all"]) == (False, True)
    assert view.hidden["destroy-marked"] is True and view.hidden["group-buttons"] is False
    two = one + [SimpleNamespace(id=8, tapped=True)]
    board.group_buttons(view, two, [8], marking=True, candidates=two, side="Horde", over=False)
    assert view.text["destroy-all"] == "Destroy all 2 Horde creatures"
    assert view.text["choose-several"] == "Stop choosing"
    assert view.text["destroy-marked"] == "Destroy the 1 chosen"
    assert (view.hidden["tap-all"], view.hidden["untap-all"]) == (False, False)
    board.group_buttons(view, two, [], marking=False, candidates=two, side="Horde", over=True)
    assert view.hidden["group-buttons"] is True
    assert board.take_marked([8, 99], two, "Horde permanents") == [8]
    with pytest.raises(ActionError, match="tap Choose several, then the Horde permanents"):
        board.take_marked([99], two, "Horde permanents")


# -- the board as a declaration (issue 45, point 4) ---------------------------------------------
class Zones(dict):
    def where(self, card_id):
        return next((zone, i) for zone, cards in self.items()
                    for i, card in enumerate(cards) if card.id == card_id)


class Field:
    """A side's battlefield: creatures and one land; ``theirs`` names the cards a Survivor
    controls; the graveyard holds a spell cast this turn."""

    def __init__(self, cards, theirs=(), spell=None):
        self.zones = Zones(battlefield=cards, graveyard=[spell] if spell else [])
        self.theirs, self.spell = set(theirs), spell

    def creatures(self):
        return [c for c in self.zones["battlefield"] if c.name != "Swamp"
                and c.id not in self.theirs]


def layout(creatures_only=False):
    return board.Layout(
        (board.Shelf(lambda g: [c for c in g.zones["battlefield"] if c.id not in g.theirs]),
         board.Shelf(lambda g: [c for c in g.zones["battlefield"] if c.id in g.theirs],
                     board.STOLEN)),
        side="Swarm", dies="dies-all", creatures_only=creatures_only,
        extras=lambda g: [g.spell] if g.spell else [], extras_note=" · cast this turn")


def game():
    cards = [Card(1, "Zombie"), Card(2, "Zombie"), Card(3, "Swamp"), Card(4, "Ghoul")]
    return Field(cards, theirs={4}, spell=Card(9, "Dark Bolt"))


def test_shelves_group_in_order_each_with_its_suffix():
    """sw-9-5: the board's runs in their declared order, identical permanents grouped, those a
    Survivor controls last and said so; the spells cast this turn after them (sw-7-6)."""
    items = layout().items(game(), 2, [], marking=False, action="pick-card")
    assert [(i.text, i.value, i.pressed) for i in items] == [
        ("Zombie ×2", "2", True), ("Swamp", "3", False),
        ("Ghoul · a Survivor controls it", "4", False), ("Dark Bolt · cast this turn", "9", False)]
    assert [c.id for c in layout().cards(game())] == [1, 2, 3, 4, 9]


def test_marking_only_what_may_be_marked():
    """sw-9-4: while several are chosen a tap marks a group; with ``creatures_only`` a group
    that is not The Swarm's creature is plain text, and the cast spells are not listed."""
    marked = layout(creatures_only=True).items(game(), None, [1, 2], marking=True)
    assert [(i.text, i.action) for i in marked] == [
        ("Zombie ×2 — chosen", "mark"), ("Swamp · not a creature", None),
        ("Ghoul · a Survivor controls it · not a creature", None)]
    assert [i.action for i in layout().items(game(), None, [], marking=True)] == ["mark"] * 3


def test_group_buttons_make_the_declared_engine_action():
    """sw-9-4: "Destroy the chosen" lets the marked candidates die at once; "all but" keeps
    the chosen group; with nothing marked the button says what to do."""
    field = game()
    keep = board.group_of([g for g, _ in layout().groups(field)], 1)
    assert layout(True).action("destroy-marked", field, [1, 4], None) == {
        "type": "dies-all", "cards": [1]}
    assert layout().action("destroy-all", field, [], None) == {"type": "dies-all",
                                                               "cards": [1, 2]}
    with pytest.raises(ActionError, match="no other creature"):
        layout().action("destroy-all-but", field, [], keep)
    assert layout().action("tap-all", field, [], None) == {"type": "tap-all", "cards": [1, 2],
                                                           "tapped": True}
    horde = board.Layout((), side="Horde", dies="move-all", to="graveyard")
    assert horde.action("destroy-marked", field, [3], None) == {
        "type": "move-all", "cards": [3], "to": "graveyard"}
    with pytest.raises(ActionError, match="Choose several"):
        layout(True).action("destroy-marked", field, [], None)


def test_the_wave_title_counts_the_revealed_cards():
    """hs-3-2: the wave's title says how many cards the turn revealed, or that it revealed
    none."""
    assert board.revealed_title("Horde turn 2", 1, "none") == "Horde turn 2 revealed 1 card:"
    assert board.revealed_title("Horde turn 2", 3, "none") == "Horde turn 2 revealed 3 cards:"
    assert board.revealed_title("Horde turn 2", 0, "none") == "none"


def test_a_card_menu_keeps_only_a_choice_it_offers():
    """sw-9-4: a menu of cards names each as Name #id with its note; a choice of a card no
    longer offered shows as no choice."""
    view = View()
    board.card_menu(view, "card", "— choose —", [(Card(3, "Zombie"), " (tapped)")], "3")
    assert view.options["card"] == [("", "— choose —"), ("3", "Zombie #3 (tapped)")]
    assert view.values["card"] == "3"
    board.card_menu(view, "card", "— choose —", [], "3")
    assert view.values["card"] == ""
