"""The Swarm runner page in Chromium at phone size (360x740): a scripted three-turn session with
damage, a reload that restores it, undo, a share link opened in a fresh browser context, a
corrupt save, and the logged events compared with CPython's engine for the same seed and
actions. Docstrings name the rule anchors the session exercises."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from pyengine import files
from pyengine.swarm import SwarmGame, config_from_decks
from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, read_qr, wait_ready

SEED = "amber-otter-17"
HOSTILE = '<img src=x onerror="window.__pwned=1">'


def by_id(page, data_id: str):
    return page.locator(f'[data-widget=swarm] [data-id="{data_id}"]')


def open_page(page, url: str) -> None:
    page.goto(url)
    wait_ready(page, "swarm")


def click(page, action: str) -> None:
    page.locator(f'[data-widget=swarm] [data-action="{action}"]').click()


def logged(page) -> tuple[list[str], list[dict], str]:
    log = by_id(page, "log")
    return (json.loads(log.get_attribute("data-events")),
            json.loads(log.get_attribute("data-actions")), log.get_attribute("data-seed"))


def cpython_events(seed: str, actions: list[dict], mode="hive", survivors=2) -> list[str]:
    config = config_from_decks(mode=mode, survivors=survivors,
                               deck=files.load_deck("swarm-sample"),
                               enforcers=files.load_deck("swarm-sample-enforcers"),
                               db=files.load_card_db())
    return [event.text for event in SwarmGame.replay(config, seed, actions).events]


def assert_phone_friendly(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll(
        '[data-widget=swarm] button, [data-widget=swarm] select, [data-widget=swarm] input')]
        .filter(e => e.offsetParent !== null && e.type !== 'checkbox')
        .map(e => [e.textContent || e.getAttribute('data-field') || e.id,
                   e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == [], small


def test_three_turns_reload_undo_share(phone_page, site_url, browser):
    """sw-3-4, sw-4-9, sw-4-10, sw-5-3, sw-8-1, sw-13-11: three Swarm turns with damage in
    between; the reload restores the game; undo; a share link reaches the same game; the events
    equal CPython's for the same seed and actions."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.select_option("[data-field=mode]", "hive")
    page.select_option("[data-field=survivors]", "2")
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "play")).to_be_visible()
    expect(by_id(page, "turn")).to_have_text("0")
    expect(by_id(page, "life")).to_have_text("40")
    expect(by_id(page, "library")).to_have_text("100")
    assert_phone_friendly(page)

    click(page, "turn")
    expect(by_id(page, "turn")).to_have_text("1")
    expect(by_id(page, "active")).to_have_text("Grave Titan")
    expect(by_id(page, "dread")).to_have_text("0")
    expect(by_id(page, "last").locator("li", has_text="Reveal ")).not_to_have_count(0)
    first_reveal = by_id(page, "last").locator("li a", has_text="Reveal ").first
    expect(first_reveal).to_have_attribute("href", "https://scryfall.com/search?q=%21%22"
                                           "Infectious%20Host%22")
    page.fill("[data-field=targets]", "Jace\n" + HOSTILE)
    click(page, "combat")
    expect(by_id(page, "do-blocker")).to_be_hidden()
    click(page, "end")
    page.fill("[data-field=amount]", "3")
    click(page, "damage")
    expect(by_id(page, "graveyard")).to_have_text("3")
    click(page, "survivor-attack")
    click(page, "graveyard-blocker")
    expect(by_id(page, "do-blocker")).to_be_hidden()
    click(page, "turn")
    expect(by_id(page, "dread")).to_have_text("1")
    click(page, "combat")
    click(page, "end")
    page.fill("[data-field=amount]", "2")
    click(page, "damage")
    click(page, "turn")
    expect(by_id(page, "turn")).to_have_text("3")
    assert_phone_friendly(page)
    assert page.locator("[data-widget=swarm] img:not([data-id=panel-img])").count() == 0
    assert page.evaluate("typeof window.__pwned") == "undefined"

    events, actions, seed = logged(page)
    assert seed == SEED
    assert [a["type"] for a in actions] == ["turn", "combat", "end", "damage",
                                            "survivor-attack", "graveyard-blocker", "turn",
                                            "combat", "end", "damage", "turn"]
    assert events == cpython_events(seed, actions)

    library = by_id(page, "library").inner_text()
    page.reload()
    wait_ready(page, "swarm")
    expect(by_id(page, "turn")).to_have_text("3")
    expect(by_id(page, "library")).to_have_text(library)
    assert logged(page) == (events, actions, seed)

    click(page, "undo")
    expect(by_id(page, "last")).to_contain_text("Undone: turn.")
    expect(by_id(page, "turn")).to_have_text("2")
    events, actions, seed = logged(page)
    assert len(actions) == 10 and events == cpython_events(seed, actions)

    share_url = page.url
    assert "#g=" in share_url
    other_context = browser.new_context(viewport={"width": 360, "height": 740},
                                        is_mobile=True, has_touch=True)
    try:
        other = other_context.new_page()
        open_page(other, share_url)
        expect(by_id(other, "saves-note")).to_contain_text("Opened a shared game")
        assert logged(other) == (events, actions, seed)
        expect(by_id(other, "turn")).to_have_text("2")
    finally:
        other_context.close()


def test_corrupt_save_gives_a_fresh_start(phone_page, site_url):
    """sw-2-1: a corrupt save shows a clear message and a fresh, working set-up."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.evaluate("localStorage.setItem('coop-magic:swarm', '{broken')")
    page.goto(site_url + "play/swarm.html")
    wait_ready(page, "swarm")
    expect(by_id(page, "error")).to_contain_text("The game kept on this page could not be read")
    expect(by_id(page, "setup")).to_be_visible()
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "library")).to_have_text("100")
    expect(by_id(page, "error")).to_be_hidden()


def test_hostile_text_stays_text(phone_page, site_url):
    """sw-2-7: a pasted deck, an imported file and a share link are shown as text, never run as
    HTML; a damaged share link or import gives a message and the page keeps working."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html#g=" + HOSTILE)
    expect(by_id(page, "error")).to_contain_text("The share link could not be opened")
    page.select_option("[data-field=deck]", "paste")
    page.fill("[data-field=paste]", f"#! {HOSTILE} | {{1}} | Creature — Zombie | 1/1\n"
                                    f"20 Zombie\n2 {HOSTILE}\n")
    page.fill("[data-field=paste-enforcers]",
              "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n")
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "library")).to_have_text("22")
    page.fill("[data-field=amount]", "30")
    click(page, "damage")
    expect(by_id(page, "log").locator("li", has_text=f"Milled {HOSTILE}.")).to_have_count(2)
    expect(by_id(page, "win")).to_be_visible()
    page.set_input_files("[data-file=import]", files=[{
        "name": "evil.json", "mimeType": "application/json",
        "buffer": HOSTILE.encode("utf-8")}])
    expect(by_id(page, "error")).to_contain_text("The file is not a game save")
    assert page.locator("[data-widget=swarm] img:not([data-id=panel-img])").count() == 0
    assert page.evaluate("typeof window.__pwned") == "undefined"
    events, actions, seed = logged(page)
    assert events[-1] == ("The Survivors WIN: the Swarm deck and The Swarm's battlefield are "
                          "both empty.")


def test_development_build_logs_a_key_with_no_element(page, site_url):
    """In a development build (``mkdocs serve`` defines a global ``livereload``), a key the
    widget writes that has no element on the page is named in the console. Here the page's
    log element is taken away before Python starts."""
    page.add_init_script("""
        window.livereload = function () {};
        new MutationObserver(() => {
          const log = document.querySelector('[data-id="log"]');
          if (log) log.removeAttribute('data-id');
        }).observe(document, {childList: true, subtree: true});
    """)
    warnings = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" else None)
    open_page(page, site_url + "play/swarm.html")
    assert "swarm: the page has no element for 'log'" in warnings
    assert not any("'turn'" in text for text in warnings)  # present keys are not named


def on_screen(page, data_id: str) -> None:
    """The element lies wholly between the site header and the bottom of the 360x740 screen."""
    top = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    box = by_id(page, data_id).bounding_box()
    assert box is not None, data_id
    assert top - 0.5 <= box["y"] and box["y"] + box["height"] <= 740.5, (data_id, box, top)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_card_panel_opens_and_acts_at_phone_size(phone_page, site_url):
    """sw-9-4: the Swarm's battlefield is a board of grouped names (text, not links); one tap
    opens the one card panel on screen with its facts, its Scryfall link and the moves the
    engine takes; one more tap acts."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.select_option("[data-field=survivors]", "2")
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    click(page, "turn")
    board = by_id(page, "battlefield").locator("li")
    expect(board).to_have_count(1)
    expect(board.first).to_have_text("Infectious Host")
    assert by_id(page, "battlefield").locator("a").count() == 0
    board.first.locator("button").click()
    expect(by_id(page, "panel")).to_be_visible()
    expect(by_id(page, "chosen")).to_contain_text("Infectious Host #")
    expect(by_id(page, "panel-facts")).to_contain_text("1/1")
    expect(by_id(page, "panel-link")).to_have_attribute(
        "href", "https://scryfall.com/search?q=%21%22Infectious%20Host%22")
    expect(by_id(page, "do-destroy")).to_be_hidden()  # a creature dies instead
    for data_id in ("chosen", "do-dies", "do-exile", "do-counter"):
        on_screen(page, data_id)
    assert_phone_friendly(page)
    by_id(page, "do-dies").click()
    expect(by_id(page, "no-battlefield")).to_be_visible()
    expect(by_id(page, "panel")).to_be_hidden()
    # a spell cast this turn stays on the board from the graveyard: it may still be countered
    expect(board).to_have_text(["Infectious Host · cast this turn, in the graveyard"])
    events, actions, seed = logged(page)
    assert actions[-1]["type"] == "dies" and events == cpython_events(seed, actions)


SHIPPED_DECK = "20 Zombie token\n4 Infectious Host\n"
ENFORCERS = "// Enforcers\n1 Grave Titan\n// Reckoning\n1 Army of the Damned\n"


def test_own_deck_is_saved_listed_after_a_reload_and_played(phone_page, site_url):
    """sw-2-7: a pasted Swarm deck saved on the device under a name is listed next to the
    sample deck after a reload, fills both boxes, and starts a game."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.select_option("[data-field=deck]", "paste")
    page.fill("[data-field=paste]", SHIPPED_DECK)
    page.fill("[data-field=paste-enforcers]", ENFORCERS)
    page.fill("[data-field=deck-name]", "Hosts")
    click(page, "deck-save")
    expect(page.locator("[data-field=deck]")).to_have_value("mine:Hosts")
    expect(by_id(page, "deck-note")).to_have_text("Saved the deck “Hosts” on this device.")
    assert_phone_friendly(page)
    page.reload()
    wait_ready(page, "swarm")
    options = page.locator("[data-field=deck] option")
    expect(options).to_have_count(3)
    assert options.evaluate_all("os => os.map(o => o.value)") == ["sample", "mine:Hosts",
                                                                  "paste"]
    page.select_option("[data-field=deck]", "sample")
    page.select_option("[data-field=deck]", "mine:Hosts")
    expect(page.locator("[data-field=paste]")).to_have_value(SHIPPED_DECK)
    expect(page.locator("[data-field=paste-enforcers]")).to_have_value(ENFORCERS)
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "play")).to_be_visible()
    expect(by_id(page, "library")).to_have_text("24")
    expect(by_id(page, "error")).to_be_hidden()
    assert "#g=" in page.url


def test_unknown_card_is_answered_in_the_form_then_the_game_starts(phone_page, site_url):
    """sw-2-7, sw-5-3: a card neither the page nor the full card data knows gets a question
    row (named as text, labelled inputs of 44 px at 360 px); the answers start the game and
    are kept in the list as a '#!' line."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.select_option("[data-field=deck]", "paste")
    page.fill("[data-field=paste]", f"3 {HOSTILE}\n{SHIPPED_DECK}")
    page.fill("[data-field=paste-enforcers]", ENFORCERS)
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "ask-box")).to_be_visible()
    expect(by_id(page, "ask-0-name")).to_have_text(HOSTILE)
    expect(by_id(page, "ask-1")).to_be_hidden()
    for name in ("ask-0-type", "ask-0-power", "ask-0-toughness", "ask-0-mv"):
        field = page.locator(f"[data-field={name}]")
        assert page.locator(f"label[for={field.get_attribute('id')}]").count() == 1
        assert field.bounding_box()["height"] >= 44, name
    assert_phone_friendly(page)
    page.select_option("[data-field=ask-0-type]", "creature")
    page.fill("[data-field=ask-0-power]", "2")
    page.fill("[data-field=ask-0-toughness]", "3")
    page.fill("[data-field=ask-0-mv]", "1")
    click(page, "answer")
    expect(by_id(page, "play")).to_be_visible()
    expect(by_id(page, "library")).to_have_text("27")
    expect(page.locator("[data-field=paste]")).to_have_value(
        f"3 {HOSTILE}\n{SHIPPED_DECK}#! {HOSTILE} | {{1}} | Creature | 2/3\n")
    assert page.evaluate("typeof window.__pwned") == "undefined"


def test_group_buttons_wipe_tap_and_choose_several(phone_page, site_url):
    """sw-9-4, sw-4-4: under the Swarm's board, "Untap all" / "Tap all" and "Destroy all N Swarm
    creatures" are one tap and one engine action each; "Choose several…" marks a group on the
    board and "Destroy the N chosen" lets exactly those die (the log replays in CPython)."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.select_option("[data-field=survivors]", "2")
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "turn")).to_have_text("0")
    for turn in range(1, 4):
        for step in ("turn", "combat", "end"):
            count = len(logged(page)[1])
            click(page, step)  # each waits for its answer: a tap on a stale view is dropped
            page.wait_for_function(
                "(n) => JSON.parse(document.querySelector('[data-widget=swarm] "
                "[data-id=log]').getAttribute('data-actions')).length > n", arg=count)
        expect(by_id(page, "turn")).to_have_text(str(turn))
    expect(by_id(page, "group-buttons")).to_be_visible()
    assert_phone_friendly(page)
    by_id(page, "untap-all").click()
    expect(by_id(page, "tap-all")).to_be_visible()
    expect(by_id(page, "untap-all")).to_be_hidden()
    by_id(page, "choose-several").click()
    expect(by_id(page, "choose-several")).to_have_text("Stop choosing")
    host = by_id(page, "battlefield").locator("button", has_text="Infectious Host").first
    host.click()
    expect(host).to_have_attribute("aria-pressed", "true")
    expect(by_id(page, "destroy-marked")).to_be_visible()
    by_id(page, "destroy-marked").click()
    expect(by_id(page, "choose-several")).to_have_text("Choose several…")
    hosts = by_id(page, "battlefield").locator("button", has_text="Infectious Host")
    expect(hosts).to_have_count(0)
    events, actions, seed = logged(page)
    assert [a["type"] for a in actions[-2:]] == ["tap-all", "dies-all"]
    expect(by_id(page, "destroy-all")).to_contain_text("Destroy all")
    by_id(page, "destroy-all").click()
    expect(by_id(page, "group-buttons")).to_be_hidden()
    events, actions, seed = logged(page)
    assert actions[-1]["type"] == "dies-all" and events == cpython_events(seed, actions)


def start_sample(page, site_url, seed: str = SEED) -> None:
    """The Swarm page with a sample-deck game of ``seed`` started (life 40)."""
    open_page(page, site_url + "play/swarm.html")
    page.fill("[data-field=seed]", seed)
    click(page, "new")
    expect(by_id(page, "life")).to_have_text("40")


def lose_life(page, amount: int) -> None:
    page.fill("#sw-amount", str(amount))
    click(page, "life-down")


def open_history(page):
    history = page.locator("[data-history=swarm]")
    history.locator(":scope > summary").click()
    return history


def test_a_finished_games_history_entry_names_its_seed_once(phone_page, site_url):
    """sw-8-1, sw-2-1: a Swarm game lost at 0 life is listed under "Games on this device"
    with its setting, and the seed once (the setting line's own ", seed …" is left out:
    issue 41)."""
    page = phone_page
    start_sample(page, site_url)
    lose_life(page, 40)
    expect(by_id(page, "life")).to_have_text("0")
    history = open_history(page)
    entry = history.locator("ul > li").first
    expect(entry).to_contain_text(SEED)
    line = entry.locator("p").first.inner_text()
    assert line.count(SEED) == 1, line
    assert "Hive Mind" in line or "Overlord" in line, line


def test_open_and_replay_opens_the_game_as_it_ended_with_its_table_log(phone_page, site_url):
    """sw-8-1: "Open and replay" in the game history, tapped while another game is on the
    page, opens the finished game as it ended (every action, the loss banner: the link was
    the one written a frame after the last tap, one action short) and shows that game's
    table log, kept with the entry, in view (it opened the game with an empty log, or the
    page's own game again: issue 41)."""
    page = phone_page
    start_sample(page, site_url)
    lose_life(page, 5)
    expect(page.locator("[data-log-said]")).to_contain_text("life −5 (40 → 35)",
                                                            timeout=ENGINE_TIMEOUT_MS)
    lose_life(page, 35)
    expect(by_id(page, "loss")).to_be_visible()
    page.wait_for_function("() => !window.coopMagicWritePending()")
    ended = page.locator("[data-id=log]").get_attribute("data-actions")
    log = page.locator("[data-log-lines] li").all_inner_texts()
    assert len(log) == 2, log
    # another game on the page
    click(page, "show-setup")
    page.fill("[data-field=seed]", "another-seed-41")
    click(page, "new")
    expect(by_id(page, "life")).to_have_text("40")
    expect(page.locator("[data-log-lines] li")).to_have_count(0)
    open_history(page).get_by_role("link", name="Open and replay").first.click()
    wait_ready(page, "swarm")
    expect(by_id(page, "loss")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("[data-id=log]")).to_have_attribute("data-actions", ended)
    expect(by_id(page, "life")).to_have_text("0")
    lines = page.locator("[data-log-lines] li")
    expect(lines).to_have_text(log)
    expect(page.locator("[data-table-log]")).to_be_in_viewport()


SAMPLE_SWARM = (files.data_root() / "swarm" / "sample-swarm.txt").read_text(encoding="utf-8")
SAMPLE_ENFORCERS = (files.data_root() / "swarm" / "sample-enforcers.txt").read_text(
    encoding="utf-8")
#: A card of the full card data only, and a homebrew card described by its `#!` line.
OWN_EXTRA = ("1 Gravecrawler\n#! Homebrew Ghoul | {1}{B} | Creature — Zombie | 2/2\n"
             "1 Homebrew Ghoul\n")
IDLE = "() => !document.querySelector('[data-widget][aria-busy=\"true\"]')"
#: What a phone shows of a game: the actions, the turn, the board, the next step's buttons.
SHOWN = """() => {
  const root = document.querySelector('[data-widget=swarm]');
  const text = (id) => root.querySelector(`[data-id="${id}"]`).innerText;
  return {actions: root.querySelector('[data-id=log]').getAttribute('data-actions'),
          turn: text('turn'), life: text('life'), library: text('library'),
          board: [...root.querySelectorAll('[data-id=battlefield] li')].map((li) => li.innerText),
          next: [...root.querySelectorAll('[data-key=n]')]
            .filter((b) => !b.closest('[hidden]')).map((b) => b.innerText)};
}"""


def test_an_own_deck_game_is_followed_by_its_qr_code_on_a_fresh_phone(phone_page, site_url,
                                                                      browser):
    """sw-2-7, sw-2-5: a game from pasted lists (a card of the full card data, a homebrew
    card), a few turns in: its QR code holds the share link (the deck by name: the whole
    config was about 3,000 characters, past one code) and says so, and reads back as that
    link with the decoder the live table uses; a fresh phone opening
    that link loads the card data and shows the same game: the same actions, turn, board
    and next step."""
    page = phone_page
    open_page(page, site_url + "play/swarm.html")
    page.select_option("[data-field=deck]", "paste")
    page.fill("[data-field=paste]", SAMPLE_SWARM + "\n" + OWN_EXTRA)
    page.fill("[data-field=paste-enforcers]", SAMPLE_ENFORCERS)
    page.fill("[data-field=seed]", SEED)
    click(page, "new")
    expect(by_id(page, "play")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    for _ in range(12):
        page.locator("[data-widget=swarm] [data-key=n]:visible").first.click()
        page.wait_for_function(IDLE)
    page.wait_for_function("() => !window.coopMagicWritePending()")
    mine = page.evaluate(SHOWN)
    assert len(json.loads(mine["actions"])) >= 10
    click(page, "qr")
    expect(by_id(page, "qr-code")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(by_id(page, "qr-note")).to_contain_text("by name")
    # the code holds the page's share link (share_qr.qr_view, tests/test_widgets_share_qr.py):
    # its length is said on the code; the link a camera reads is the address
    link = page.url
    assert len(link) <= 1273, len(link)
    expect(by_id(page, "qr-code")).to_have_attribute(
        "aria-label", re.compile(rf"\({len(link):,} characters"))
    read = read_qr(page, "[data-widget=swarm] [data-id=qr-code]")
    assert read == link  # read back by the pinned jsQR (a code of version 23 was not)
    other_context = browser.new_context(viewport={"width": 360, "height": 740},
                                        is_mobile=True, has_touch=True)
    guard = Guard()
    try:
        other = other_context.new_page()
        guard.attach(other_context, other)
        open_page(other, link)
        expect(by_id(other, "play")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        other.wait_for_function(IDLE)
        assert other.evaluate(SHOWN) == mine
        assert any("card-facts.tsv" in url for url in guard.requests)
    finally:
        other_context.close()
    guard.check()
