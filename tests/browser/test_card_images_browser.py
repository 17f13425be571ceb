"""Card pictures in the Horde runner (issue 15, point 3), in Chromium at 360x740: the cards a
Horde turn revealed (``data-id="wave"``) show Scryfall's small image, lazy, alt text = name,
still one screen per turn; the service worker keeps each image seen, so the pictures show again
offline with no request; it keeps a bounded number of them. Scryfall is stood in for by routes
on the browser context (they also see the service worker's own requests), so nothing leaves the
local server."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from sitebuild import offline
from tests.browser.conftest import ENGINE_TIMEOUT_MS, Guard, wait_ready
from tests.browser.test_a11y_browser import AXE, COLOUR_RULES, DARK, TAGS, axe_problems
from tests.browser.test_layout_browser import PNG, assert_on_screen, horde_counts
from tests.browser.test_offline_browser import install_service_worker, wait_offline_state

SEED = "amber-otter-17"
HOSTS = ("api.scryfall.com", "cards.scryfall.io")
IMAGE_CACHE = offline.CACHE_PREFIX + "-card-images:"


class FakeScryfall:
    """Scryfall's lookups and image host: every card has a small image, one address a name;
    counts what reached each (the page's and the service worker's requests alike)."""

    def __init__(self) -> None:
        self.lookups: list[list[str]] = []
        self.images: list[str] = []
        self.offline = False

    @staticmethod
    def image(name: str) -> str:
        return f"https://cards.scryfall.io/small/front/{abs(hash(name)) % 10**8}.jpg"

    def api(self, route) -> None:
        request = route.request
        assert not self.offline, f"a lookup while offline: {request.url}"
        if request.url.endswith("/cards/collection"):
            names = [i["name"] for i in json.loads(request.post_data or "{}")["identifiers"]]
            cards = [{"name": n, "image_uris": {"small": self.image(n)}} for n in names]
            body = json.dumps({"object": "list", "data": cards, "not_found": []})
        else:
            names = [request.url.partition("exact=")[2]]
            body = json.dumps({"name": names[0], "image_uris": {"small": self.image(names[0])}})
        self.lookups.append(names)
        route.fulfill(status=200, content_type="application/json", body=body,
                      headers={"Access-Control-Allow-Origin": "*"})

    def host(self, route) -> None:
        assert not self.offline, f"an image from the network while offline: {route.request.url}"
        self.images.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=PNG,
                      headers={"Access-Control-Allow-Origin": "*"})

    def attach(self, context) -> None:
        context.route("https://api.scryfall.com/**", self.api)
        context.route("https://cards.scryfall.io/**", self.host)


@pytest.fixture
def scryfall_context(browser):
    """A 360x740 phone context with service workers, Scryfall stood in for, and the usual
    guards (any other outside request, console error or page error fails the test)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    fake = FakeScryfall()
    fake.attach(context)
    guard = Guard(HOSTS)
    page = context.new_page()
    guard.attach(context, page)
    yield context, page, fake
    context.set_offline(False)
    context.close()
    guard.check()


WAVE_IMAGES = """() => [...document.querySelectorAll('[data-id=wave] li img')].map((img) => ({
  src: img.getAttribute('src'), alt: img.alt, loading: img.loading,
  loaded: img.complete && img.naturalWidth === 1,
  text: img.parentElement.textContent}))"""

KEPT = """async (prefix) => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls; }"""


def to_a_horde_turn(page) -> None:
    page.fill("[data-field=seed]", SEED)
    page.select_option("[data-field=survivors]", "2")
    page.click("[data-action=new]")
    while not page.locator("[data-id=horde-end]").is_visible():
        page.locator("[data-action=survivor-end]").click()
    expect(page.locator("[data-id=wave] li").first).to_be_visible()


def test_revealed_cards_show_their_pictures_and_the_worker_keeps_them_offline(
        scryfall_context, site_url):
    """hs-4-3, hs-6-8: with pictures on, the revealed cards are looked up in one request and
    each shows its small image (lazy, alt = name) inside its line, with the turn button, the
    wave, life and counts still on one screen at 360x740. The service worker keeps each image
    seen; offline, a reload shows the same pictures from its cache: no lookup, no image
    request."""
    context, page, fake = scryfall_context
    page.goto(site_url + "play/horde.html")
    wait_ready(page, "horde")
    install_service_worker(page)  # the worker now sees the page's image requests
    expect(page.locator("[data-field=images]")).to_be_checked()
    to_a_horde_turn(page)
    page.wait_for_function(
        "() => { const imgs = [...document.querySelectorAll('[data-id=wave] li img')];"
        " return imgs.length && imgs.every((img) => img.complete && img.naturalWidth === 1); }",
        timeout=ENGINE_TIMEOUT_MS)
    shown = page.evaluate(WAVE_IMAGES)
    names = [item["alt"] for item in shown]
    assert len(fake.lookups) == 1 and fake.lookups[0] == names  # one batch, each name once
    for item in shown:
        assert item["src"] == FakeScryfall.image(item["alt"])
        assert item["loading"] == "lazy" and item["loaded"]
        assert item["text"].startswith(item["alt"])  # the name stays as text beside it
    assert_on_screen(page, ["turn", "horde-end", "wave", *horde_counts(page)],
                     step="a Horde turn with pictures")
    assert sorted(set(fake.images)) == sorted({item["src"] for item in shown})
    page.wait_for_function(
        "async ([prefix, n]) => { let k = 0; for (const name of await caches.keys())"
        " if (name.startsWith(prefix)) k += (await (await caches.open(name)).keys()).length;"
        " return k >= n; }", arg=[IMAGE_CACHE, len(shown)], timeout=ENGINE_TIMEOUT_MS)
    assert set(page.evaluate(KEPT, IMAGE_CACHE)) >= {item["src"] for item in shown}
    wait_offline_state(page, "runtime-kept")  # the play tools themselves work offline

    requests = (len(fake.lookups), len(fake.images))
    fake.offline = True
    context.set_offline(True)
    page.reload()
    wait_ready(page, "horde")
    page.wait_for_function(
        "() => { const imgs = [...document.querySelectorAll('[data-id=wave] li img')];"
        " return imgs.length && imgs.every((img) => img.complete && img.naturalWidth === 1); }",
        timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate(WAVE_IMAGES) == shown
    assert (len(fake.lookups), len(fake.images)) == requests


def test_the_worker_keeps_a_bounded_number_of_card_images(scryfall_context, site_url):
    """The image cache is bounded: after more images than the bound, the worker keeps the
    newest ``MAX_CARD_IMAGES`` and drops the oldest first. (On a play page: only pages that
    show card pictures allow Scryfall's image host.)"""
    context, page, fake = scryfall_context
    page.goto(site_url + "play/shuffler.html")  # a page whose policy allows card pictures
    wait_ready(page, "shuffler")
    install_service_worker(page)
    bound = offline.MAX_CARD_IMAGES
    urls = [f"https://cards.scryfall.io/small/front/bound-{n:04d}.jpg" for n in range(bound + 5)]
    page.evaluate(
        """async (urls) => { for (const url of urls) {  // one after another: a known order
          await new Promise((done, fail) => { const img = new Image();
            img.onload = done; img.onerror = () => fail(new Error(url)); img.src = url; }); } }""",
        urls)
    page.wait_for_function(
        """async ([prefix, last, n]) => { const kept = [];
          for (const name of await caches.keys()) if (name.startsWith(prefix))
            for (const r of await (await caches.open(name)).keys()) kept.push(r.url);
          return kept.includes(last) && kept.length === n; }""",
        arg=[IMAGE_CACHE, urls[-1], bound], timeout=ENGINE_TIMEOUT_MS)
    kept = page.evaluate(KEPT, IMAGE_CACHE)
    assert sorted(kept) == urls[5:]
    assert len(fake.images) == len(urls)


def test_swarm_step_cards_show_their_pictures_on_one_screen(browser, site_url):
    """sw-5-3: the Swarm Step's revealed cards show their small images (lazy, alt = name)
    after one lookup; the status, the next button and the wave stay on one screen; axe-core
    finds no serious problem with the pictures shown, light or dark; with the setting off the
    wave is text again. (CSP bypassed for axe; the Horde test above runs under the CSP.)"""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, service_workers="block", bypass_csp=True)
    fake = FakeScryfall()
    fake.attach(context)
    guard = Guard(HOSTS)
    page = context.new_page()
    guard.attach(context, page)
    page.goto(site_url + "play/swarm.html")
    wait_ready(page, "swarm")
    expect(page.locator("[data-field=images]")).to_be_checked()
    page.select_option("[data-field=survivors]", "2")
    page.fill("[data-field=seed]", SEED)
    page.click("[data-action=new]")
    page.click("[data-action=turn]")
    page.wait_for_function(
        "() => { const imgs = [...document.querySelectorAll('[data-id=wave] li img')];"
        " return imgs.length && imgs.every((img) => img.complete && img.naturalWidth === 1); }",
        timeout=ENGINE_TIMEOUT_MS)
    shown = page.evaluate(WAVE_IMAGES)
    assert fake.lookups == [[item["alt"] for item in shown]]
    for item in shown:
        assert item["src"] == FakeScryfall.image(item["alt"]) and item["loading"] == "lazy"
        assert item["text"].startswith(item["alt"])
    assert_on_screen(page, ["do-combat", "wave", "turn", "life", "dread", "library"],
                     step="a Swarm Step with pictures")
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    problems = axe_problems(page, "swarm with pictures", {"type": "tag", "values": TAGS})
    page.locator(DARK).dispatch_event("click")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    problems += axe_problems(page, "swarm with pictures (dark)",
                             {"type": "rule", "values": COLOUR_RULES})
    assert problems == []
    page.click("[data-action=show-setup]")
    page.uncheck("[data-field=images]")
    expect(page.locator("[data-id=wave] li img")).to_have_count(0)
    expect(page.locator("[data-id=wave] li").first).to_be_visible()
    context.close()
    guard.check()
