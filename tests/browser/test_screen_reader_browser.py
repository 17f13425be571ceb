"""Playable with a screen reader, on every play page that runs a game (issue 27, point 7), in
Chromium at 360x740: each kind of action (a turn, a refusal, a roll, a card-panel action, a
group action, a life change) changes exactly one live region, the polite "what just happened"
line, whose sentence the accessibility tree reads; the board is a list of named buttons; every
control a player can reach has a name. The Horde page's own walk is in test_table_tools_browser.
Docstrings name the rule anchors each session exercises."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import wait_ready
from tests.browser.test_table_tools_browser import LIVE

SEED = "screen-reader-01"

#: Every visible button, input and select of the widget with no accessible name: what the
#: browser computes for it (label, aria-label, aria-labelledby, title, or its text).
UNNAMED = """(root) => [...root.querySelectorAll('button, input, select, textarea, a[href]')]
  .filter((el) => el.getClientRects().length && !el.closest('[hidden]') && el.type !== 'hidden')
  .filter((el) => {
    const label = el.getAttribute('aria-label') || el.getAttribute('title')
      || (el.labels && [...el.labels].map((l) => l.textContent).join(' '))
      || (el.getAttribute('aria-labelledby') || '').split(' ')
           .map((id) => document.getElementById(id)?.textContent || '').join(' ')
      || (el.tagName === 'INPUT' ? '' : el.textContent);
    return !String(label).trim();
  })
  .map((el) => el.outerHTML.slice(0, 120))"""


def widget(page, name: str):
    return page.locator(f"[data-widget={name}]")


def open_play(page, url: str, name: str) -> None:
    page.goto(url)
    wait_ready(page, name)
    page.click("[data-tool=guide-close]")


def start(page, site_url: str, name: str, **choices: str):
    """Open ``name``'s play page, make the set-up ``choices`` (field: value), start a game with
    :data:`SEED`, check every control has a name; the "what just happened" line."""
    open_play(page, site_url + f"play/{name}.html", name)
    for field, value in choices.items():
        page.select_option(f"[data-field={field}]", value)
    page.fill("[data-field=seed]", SEED)
    page.click(f"[data-widget={name}] [data-action=new]:visible")
    every_control_named(page, name)
    return page.locator(f"[data-widget={name}] [data-id=happened]")


def every_control_named(page, name: str) -> None:
    missing = widget(page, name).evaluate(UNNAMED)
    assert not missing, f"controls with no accessible name: {missing}"


#: Records which shown live regions (role status/alert, aria-live) are written from now on: a
#: screen reader reads a region out when its content is replaced, the same words too.
WATCH = """() => {
  window.__liveWrites = [];
  const regions = [...document.querySelectorAll('[role=status],[role=alert],[aria-live]')];
  window.__liveObserver?.disconnect();
  window.__liveObserver = new MutationObserver((records) => {
    for (const r of records) {
      const el = regions.find((x) => x === r.target || x.contains(r.target));
      if (el && !el.closest('[hidden]') && el.getClientRects().length && el.textContent.trim())
        window.__liveWrites.push(el.getAttribute('data-id') || el.getAttribute('data-tool'));
    }
  });
  for (const el of regions)
    window.__liveObserver.observe(el, {childList: true, characterData: true, subtree: true});
}"""


def only_happened(page, act) -> None:
    """``act`` is read out once, by exactly one live region: the "what just happened" line."""
    page.evaluate(WATCH)
    act()
    page.wait_for_function("() => !document.querySelector('[data-widget][aria-busy=\"true\"]')")
    writes = page.evaluate("window.__liveWrites")
    assert writes == ["happened"], (writes, page.evaluate(LIVE))


def board_is_a_list_of_buttons(locator) -> None:
    tree = locator.aria_snapshot()
    assert tree.startswith("- list") and "- listitem" in tree and "- button" in tree, tree


def test_limited_horde_turn_refusal_and_card_panel_are_announced(phone_page, site_url):
    """lh-4-1, lh-5-1: Limited Horde: a Survivors' turn, a refused amount and a card-panel
    action are each one announcement in the polite line; the board is a list of buttons."""
    page = phone_page
    happened = start(page, site_url, "horde", variant="limited-horde")
    # the one turn button on show: the Survivors' turn, or the Horde's
    turn = page.locator("[data-widget=horde] [data-action=survivor-end]:visible,"
                        " [data-widget=horde] [data-action=horde-end]:visible")
    board = page.locator("[data-widget=horde] [data-id=battlefield]")
    held = page.locator("[data-widget=horde] [data-id=stack] [data-item-action=done]")
    refused = 0
    for _ in range(6):
        only_happened(page, lambda: turn.click())
        if held.count():  # a held spell: the turn button is refused, and said each time
            for _ in range(2):
                only_happened(page, lambda: turn.click())
                expect(happened).to_contain_text("held spell")
                refused += 1
            only_happened(page, lambda: held.first.click())
        if board.locator("li").count():
            break
    assert refused == 2, "this seed's Horde holds a spell in its first turn"
    assert happened.aria_snapshot().strip() not in ("", "- status")
    page.fill("#hd-amount", "0")
    only_happened(page, lambda: page.click("[data-widget=horde] [data-action=hit]"))
    expect(happened).to_contain_text("N must be")
    board_is_a_list_of_buttons(board)
    board.locator(".item-button").first.click()
    every_control_named(page, "horde")
    only_happened(page, lambda: page.click("[data-id=card-buttons] [data-action=destroy]"))
    assert "moves from the battlefield" in happened.aria_snapshot()


def test_swarm_step_refusal_card_panel_and_group_action_are_announced(phone_page, site_url):
    """sw-3-1, sw-9-4: the Swarm: a Swarm Step, a refused amount, a card-panel action and a
    group action are each one announcement in the polite line; the board is a list."""
    page = phone_page
    happened = start(page, site_url, "swarm", survivors="2")
    board = page.locator("[data-widget=swarm] [data-id=battlefield]")
    only_happened(page, lambda: page.click("[data-widget=swarm] [data-action=turn]"))
    assert "Swarm" in happened.aria_snapshot()
    page.fill("#sw-amount", "0")
    only_happened(page, lambda: page.click("[data-widget=swarm] [data-action=damage]"))
    assert happened.inner_text().strip()
    page.fill("#sw-amount", "1")
    board_is_a_list_of_buttons(board)
    board.locator("button").first.click()
    every_control_named(page, "swarm")
    only_happened(page, lambda: page.click("[data-widget=swarm] [data-id=do-dies]"))
    assert happened.inner_text().strip()
    # a group action, when the Swarm has creatures again after its next Step
    page.click("[data-widget=swarm] [data-action=combat]")
    page.click("[data-widget=swarm] [data-action=end]")
    only_happened(page, lambda: page.click("[data-widget=swarm] [data-action=turn]"))
    group = page.locator("[data-widget=swarm] [data-action=destroy-all]")
    expect(group).to_be_visible()
    only_happened(page, lambda: group.click())


def test_team_table_life_and_turn_are_announced_once(phone_page, site_url):
    """tc-3-2, tc-4-1: the Team Commander table: the next turn and a life change are each one
    announcement in the polite line (read by screen readers only: each value changes beside
    its own button), with the button's words."""
    page = phone_page
    open_play(page, site_url + "play/team.html", "team")
    for number, name in enumerate(["Ann", "Bo", "Cy", "Di"], start=1):
        page.fill(f"[data-field=name{number}]", name)
    page.fill("[data-field=seed]", SEED)
    page.click("[data-action=roll]")
    expect(page.locator("[data-id=dice] li").first).to_be_visible()
    every_control_named(page, "team")
    happened = page.locator("[data-widget=team] [data-id=happened]")
    only_happened(page, lambda: page.click("[data-action=next-turn]"))
    assert "turn" in happened.aria_snapshot().lower()
    life = page.locator('[data-widget=team] [data-action="life:0:-1"]')
    only_happened(page, lambda: life.click())
    assert "loses 1 life" in happened.aria_snapshot()
