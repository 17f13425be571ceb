// @ts-check
/* Glossary terms and rule numbers on the rules pages (made by hooks/rules.py).
 *
 * - a.term: a mouse click follows the link (hover shows the tooltip). A tap on a touch screen
 *   shows the definition in a small popover with a "Glossary entry" link instead; a second tap
 *   on the same term follows the link.
 * - a.rule-no: clicking a rule number moves to it (plain link) and copies its URL to the
 *   clipboard where the browser allows it.
 * - the search box: a rule number typed as "sw5.3" is read as "SW 5.3", the title of that
 *   rule's own search entry.
 */
(function () {
  "use strict";

  // The definition comes in the link's title (the browser's hover tooltip); the popover reads
  // a copy in data-def, kept whatever else may do with the title later.
  var terms = document.querySelectorAll("a.term[title]");
  for (var i = 0; i < terms.length; i++) {
    terms[i].setAttribute("data-def", terms[i].getAttribute("title") || "");
  }

  var touched = false; // the click being handled started with a touch or pen
  /** @type {HTMLDivElement | null} */
  var popover = null;
  /** @type {Element | null} */
  var openFor = null;

  function close() {
    if (popover) {
      popover.remove();
      popover = null;
    }
    if (openFor) {
      openFor.setAttribute("aria-expanded", "false");
      openFor = null;
    }
  }

  /** @param {Element} term @param {HTMLElement} popover */
  function place(term, popover) {
    var rect = term.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    var left = Math.max(8, Math.min(rect.left, width - popover.offsetWidth - 8));
    var top = rect.bottom + 6;
    if (top + popover.offsetHeight > window.innerHeight - 8 && rect.top > popover.offsetHeight + 14) {
      top = rect.top - popover.offsetHeight - 6;
    }
    popover.style.left = left + "px";
    popover.style.top = top + "px";
  }

  /** @param {Element} term */
  function show(term) {
    close();
    popover = document.createElement("div");
    popover.className = "term-popover";
    popover.id = "term-popover";
    popover.setAttribute("role", "note");
    var name = document.createElement("strong");
    name.textContent = term.textContent;
    var text = document.createElement("p");
    text.textContent = term.getAttribute("data-def") || "";
    var more = document.createElement("a");
    more.href = term.getAttribute("href") || "";
    more.textContent = "Glossary entry";
    popover.append(name, text, more);
    document.body.appendChild(popover);
    place(term, popover);
    openFor = term;
    term.setAttribute("aria-expanded", "true");
  }

  /** @param {HTMLAnchorElement} link */
  function copyLink(link) {
    try {
      if (!navigator.clipboard || !window.isSecureContext) return;
      navigator.clipboard.writeText(link.href).then(function () {
        link.classList.add("copied");
        window.setTimeout(function () { link.classList.remove("copied"); }, 1500);
      }, function () { /* permission refused: the address bar has the link anyway */ });
    } catch (err) {
      /* no clipboard here: nothing to do */
    }
  }

  document.addEventListener("pointerdown", function (event) {
    touched = event.pointerType === "touch" || event.pointerType === "pen";
  }, true);

  document.addEventListener("click", function (event) {
    var wasTouch = touched;
    touched = false;
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var term = target.closest("a.term");
    if (term) {
      if (wasTouch && openFor !== term && term.hasAttribute("data-def")) {
        event.preventDefault();
        show(term);
      } else {
        close();
      }
      return;
    }
    if (popover && !popover.contains(target)) close();
    var number = target.closest("a.rule-no");
    if (number instanceof HTMLAnchorElement) copyLink(number);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") close();
  });

  // Search by rule number: each rule has its own search entry titled "SW 5.3" (hooks/rules.py).
  // A number typed without its space or with dashes ("sw5.3", "SW-5-3") is read as "SW 5.3".
  // (read by assets/search-on-demand.js's window.coopMagicRuleNumber: the prefixes are the
  // registry's, written by the build, not listed here)
  /** @param {string} text */
  function ruleNumber(text) {
    return window.coopMagicRuleNumber ? window.coopMagicRuleNumber(text) : null;
  }
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches("[data-md-component=search-query]")) {
      return;
    }
    var parts = ruleNumber(input.value);
    if (!parts) return;
    var wanted = parts[0] + " " + parts.slice(1).join(".");
    if (wanted !== input.value) input.value = wanted;
  }, true);

  // Enter on a rule number opens that rule (its page at the rule's anchor), not the top of the
  // page that heads the first group of results.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !(input instanceof HTMLInputElement) ||
        !input.matches("[data-md-component=search-query]")) {
      return;
    }
    var parts = ruleNumber(input.value);
    if (!parts) return;
    var anchor = "#" + parts.join("-").toLowerCase();
    var links = document.querySelectorAll(".md-search-result__link");
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      if (link instanceof HTMLAnchorElement && link.hash === anchor) {
        event.preventDefault();
        event.stopPropagation();
        window.location.href = link.href;
        return;
      }
    }
  }, true);
  window.addEventListener("resize", close);
  window.addEventListener("scroll", close, { passive: true });
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(close);
  }
})();
