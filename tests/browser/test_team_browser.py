"""The Team Commander table page in Chromium at phone size (360x740): roll, mulligan, track,
reload, and a hostile player name. Docstrings name the rule anchors the session exercises.

The seed ``cursed-adder-00`` makes players 1 and 2 tie on 8 across the split: both reroll
(17 and 16), so the teams are Di & Ann against the player 2 & Cy, and Di & Ann start.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import wait_ready

TIE_SEED = "cursed-adder-00"
HOSTILE = '<img src=x onerror="window.__pwned=1">'
DECK = ("Commander\n1 Atraxa, Praetors' Voice\nDeck\n"
        + "".join(f"1 Card {i}\n" for i in range(1, 31)) + "69 Forest\n")


def open_page(page, site_url: str) -> None:
    page.goto(site_url + "play/team.html")
    wait_ready(page, "team")
    expect(page.locator("[data-action=roll]")).to_be_enabled()


def roll(page, names: list[str], seed: str = TIE_SEED) -> None:
    for number, name in enumerate(names, start=1):
        page.fill(f"[data-field=name{number}]", name)
    page.fill("[data-field=seed]", seed)
    page.click("[data-action=roll]")
    expect(page.locator("[data-id=dice] li")).to_have_count(6)


def by_id(page, data_id: str):
    return page.locator(f'[data-widget=team] [data-id="{data_id}"]')


def assert_fits_the_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_roll_mulligan_track_and_reload(phone_page, site_url):
    """tc-2-2: every die shown, the tie rerolled and marked; tc-3-2: who starts; tc-3-4: two
    mulligans, one card tapped for the bottom; tc-3-5: commander revealed after the keep;
    tc-4-2: the loss banner at 15 poison; undo; and a reload that restores the whole table."""
    page = phone_page
    open_page(page, site_url)
    roll(page, ["Ann", "Bo", "Cy", "Di"])
    dice = by_id(page, "dice").locator("li")
    expect(dice.nth(0)).to_have_text("Ann rolled 8")
    expect(page.locator("[data-id=dice] li.reroll")).to_have_count(2)
    expect(dice.nth(4)).to_contain_text("Ann rerolled 17")
    expect(by_id(page, "team0")).to_have_text("Team 1: Di & Ann")
    expect(by_id(page, "team1")).to_have_text("Team 2: Bo & Cy")
    expect(by_id(page, "starts")).to_contain_text("Team 1 (Di & Ann) starts")

    page.select_option("[data-field=hand-player]", "Cy")
    page.select_option("[data-field=hand-deck]", "paste")
    page.fill("[data-field=hand-paste]", DECK)
    page.click("[data-action=hand-draw]")
    hand = by_id(page, "hand").locator("li")
    expect(hand).to_have_count(7)
    expect(by_id(page, "hand-command")).to_contain_text("1 card face down")
    page.click("[data-action=hand-mulligan]")
    expect(by_id(page, "hand-status")).to_have_text(
        "Cy: 1 mulligan (free); keep these 7 or mulligan")
    page.click("[data-action=hand-mulligan]")
    expect(by_id(page, "hand-status")).to_contain_text("put 1 card on the bottom")
    second = hand.nth(1).locator("button")
    second.click()  # tap a card to put it on the bottom
    expect(second).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-field=hand-bottom]")).to_have_value("2")
    page.click("[data-action=hand-keep]")
    expect(hand).to_have_count(6)
    expect(by_id(page, "hand-command")).to_have_text("Revealed: Atraxa, Praetors' Voice")
    expect(by_id(page, "hand-actions")).to_be_hidden()

    expect(by_id(page, "t0-life")).to_have_text("40")
    page.click('[data-action="life:0:-5"]')
    expect(by_id(page, "t0-life")).to_have_text("35")
    expect(by_id(page, "t0-c1-name")).to_have_text(
        "Commander damage from Cy's commander (Atraxa, Praetors' Voice)")
    for count in range(1, 16):
        page.click('[data-action="poison:1:1"]')
        expect(by_id(page, "t1-poison")).to_have_text(f"{count} / 15")
    expect(by_id(page, "t1-banner")).to_be_visible()
    expect(by_id(page, "t1-banner")).to_contain_text("15 poison counters, 15 lose (TC 4.2)")
    expect(by_id(page, "result")).to_have_text("Team 1 (Di & Ann) wins")
    assert_fits_the_phone(page)

    page.locator("[data-action=undo]").last.click()
    expect(by_id(page, "t1-poison")).to_have_text("14 / 15")
    expect(by_id(page, "t1-banner")).to_be_hidden()

    page.reload()
    wait_ready(page, "team")
    expect(by_id(page, "t0-life")).to_have_text("35")
    expect(by_id(page, "t1-poison")).to_have_text("14 / 15")
    expect(by_id(page, "team0")).to_have_text("Team 1: Di & Ann")
    expect(page.locator("[data-id=dice] li")).to_have_count(6)
    expect(page.locator("[data-field=name1]")).to_have_value("Ann")
    expect(page.locator("[data-field=hand-player]")).to_have_value("Cy")
    expect(by_id(page, "hand").locator("li")).to_have_count(6)
    page.locator("[data-action=undo]").last.click()
    expect(by_id(page, "t1-poison")).to_have_text("13 / 15")
    assert_fits_the_phone(page)


def test_hostile_player_name_stays_inert(phone_page, site_url):
    """tc-2-2: a player name is shown as literal text everywhere, never run as HTML, also after
    a reload."""
    page = phone_page
    open_page(page, site_url)
    roll(page, ["Ann", HOSTILE, "Cy", "Di"])
    expect(by_id(page, "team1")).to_have_text(f"Team 2: {HOSTILE} & Cy")
    expect(by_id(page, "dice").locator("li").nth(1)).to_have_text(f"{HOSTILE} rolled 8")
    expect(page.locator("[data-field=hand-player] option").nth(2)).to_have_text(HOSTILE)
    expect(by_id(page, "t0-c0-name")).to_have_text(
        f"Commander damage from {HOSTILE}'s commander")
    assert page.locator("[data-widget=team] img").count() == 0
    assert page.evaluate("typeof window.__pwned") == "undefined"
    page.reload()
    wait_ready(page, "team")
    expect(page.locator("[data-field=name2]")).to_have_value(HOSTILE)
    expect(by_id(page, "team1")).to_have_text(f"Team 2: {HOSTILE} & Cy")
    assert page.locator("[data-widget=team] img").count() == 0
    assert page.evaluate("typeof window.__pwned") == "undefined"
