// @ts-check
/**
 * The site's search index, fetched when the reader reaches for search (issue 43, point 3).
 *
 * Material for MkDocs fetches the whole site's search index (`search/search_index.json`:
 * every rule, glossary entry and card reference entry, the largest file a rules page loads)
 * as each page starts, whether or not anyone searches. This script runs before Material's
 * bundle (overrides/main.html: deferred, right after the polyfills) and holds that one request
 * back until the reader reaches for search: a pointer over or on the search field or its
 * button, focus in the field, the search keys (`/`, `s`, `f`) or the search toggle. A page
 * opened with a search or a highlight in its address (`?q=`, `?h=`: a search result's link)
 * fetches it at once. Material's search then starts as it always does; nothing else is
 * changed, and every other request goes through untouched (Material asks with
 * XMLHttpRequest: only a request opened for the index is held). The service worker still keeps
 * the index for offline use (it fetches it in the background, not as part of the page).
 * A highlight that is a rule number marks that rule's number, not its words (below).
 */
(() => {
  const INDEX = "search/search_index.json";
  /** The keys that open Material's search when no field has the focus. */
  const SEARCH_KEYS = ["/", "s", "S", "f", "F"];
  /** What counts as reaching for search. */
  const SEARCH_PARTS = ".md-search, label[for='__search'], [data-md-component='search']";
  /** @type {() => void} */
  let release = () => {};
  /** @type {Promise<void>} */
  const wanted = new Promise((resolve) => {
    release = () => resolve();
  });
  let released = false;

  /**
   * Whether ``address`` is the search index.
   * @param {string | URL} address
   * @returns {boolean}
   */
  const isIndex = (address) => {
    try {
      return new URL(String(address), document.baseURI).pathname.endsWith("/" + INDEX);
    } catch {
      return false;
    }
  };

  // Material asks for the index with XMLHttpRequest: a request opened for it is sent once the
  // reader wants search; any other request goes out as before.
  const requests = XMLHttpRequest.prototype;
  const open = requests.open;
  const send = requests.send;
  /** @type {WeakSet<XMLHttpRequest>} */
  const held = new WeakSet();
  /**
   * @this {XMLHttpRequest}
   * @param {string} method
   * @param {string | URL} address
   * @param {...any} rest
   */
  requests.open = function (method, address, ...rest) {
    if (!released && isIndex(address)) held.add(this);
    else held.delete(this);
    // @ts-ignore: open's overloads, passed on as they came
    return open.call(this, method, address, ...rest);
  };
  /**
   * @this {XMLHttpRequest}
   * @param {Document | XMLHttpRequestBodyInit | null} [body]
   */
  requests.send = function (body) {
    if (held.has(this)) {
      held.delete(this);
      wanted.then(() => send.call(this, body));
      return;
    }
    send.call(this, body);
  };

  const events = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "change"];

  const go = () => {
    if (released) return;
    released = true;
    for (const name of events) document.removeEventListener(name, onEvent, true);
    release();
  };

  /**
   * Whether ``event`` is the reader reaching for search.
   * @param {Event} event
   * @returns {boolean}
   */
  const reachesForSearch = (event) => {
    const target = event.target;
    if (event instanceof KeyboardEvent) {
      const typing = target instanceof HTMLElement &&
        (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
      return !typing && !event.ctrlKey && !event.metaKey && !event.altKey &&
        SEARCH_KEYS.includes(event.key);
    }
    if (target instanceof HTMLInputElement && target.id === "__search") return true;
    return target instanceof Element && target.closest(SEARCH_PARTS) !== null;
  };

  /** @param {Event} event */
  function onEvent(event) {
    if (reachesForSearch(event)) go();
  }

  // A rule number searched for ("sw-5", "SW 5.3", "sw5.3"): Material's highlight splits it
  // into its words and marks every word starting with "sw" (each "Swarm") and every "5" on the
  // page (issue 41). Such an `h` is taken out of the address before Material's bundle reads
  // it, and the rule numbers it names are marked instead (SW 5 marks SW 5, SW 5.1, ..., never
  // SW 50), as Material marks a match.
  // The prefixes are the rulebooks' own, from the variant registry (a meta tag the build
  // writes, hooks/rules.py); the terms script reads rule numbers through the same function.
  const prefixes = (document.querySelector('meta[name="coop-magic-rule-prefixes"]')
    ?.getAttribute("content") || "").split(/\s+/).filter((p) => /^[a-z]+$/i.test(p));
  const RULE = prefixes.length ?
    new RegExp(`^\\s*(${prefixes.join("|")})[\\s.-]*(\\d+(?:[\\s.-]+\\d+)*)\\s*$`, "i") : null;
  /**
   * The rule prefix (upper case) and number parts of a rule number ("sw5.3", "SW-5-3",
   * "SW 5.3" are ["SW", "5", "3"]), or null.
   * @param {string} text
   * @returns {string[] | null}
   */
  const ruleNumber = (text) => {
    const found = RULE ? RULE.exec(text) : null;
    return found ? [found[1].toUpperCase(), ...found[2].split(/[\s.-]+/)] : null;
  };
  window.coopMagicRuleNumber = ruleNumber;
  const params = new URLSearchParams(location.search);
  const searched = ruleNumber(params.get("h") || "");
  if (searched) {
    params.delete("h");
    const rest = params.toString();
    history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") +
                         location.hash);
    for (const rule of document.querySelectorAll("a.rule-no")) {
      const number = ruleNumber(rule.textContent || "");
      if (!number || searched.some((part, i) => number[i] !== part)) continue;
      const mark = document.createElement("mark");
      mark.setAttribute("data-md-highlight", "");
      mark.textContent = rule.textContent;
      rule.replaceChildren(mark);
    }
  }
  if (params.has("q") || params.has("h")) {
    go();
  } else {
    for (const name of events) {
      document.addEventListener(name, onEvent, { capture: true, passive: true });
    }
  }
})();
