// @ts-check
// What table apps have, on the play pages (issue 27, point 6), page-side only: nothing here
// talks to Python or leaves the device. Loaded (deferred) by docs/play/{horde,swarm,team}.md.
// * Screen Wake Lock: once a game is being played (the first tap on one of the widget's
//   buttons), the screen stays on while the page is shown; the browser releases the lock when
//   the page is hidden, and it is asked for again when the page is shown. A setting
//   ([data-tool="wake"]) turns it off; where the browser has no wake lock, a note says so.
// * Steppers: [data-step="N"][data-for="ID"] buttons change a number box by N (within its
//   min and max), as if typed.
// * Hold to repeat: a press held on a [data-repeat] button (or a stepper) repeats it, every
//   REPEAT_MS after HOLD_MS, until released; the release adds no extra tap.
// * Keys: a key pressed outside a text box clicks the shown, enabled button whose data-key
//   (aria-keyshortcuts) names it; "?" opens the page's guide.
// * The first-visit guide ([data-guide]): three steps, shown once per page until dismissed,
//   reopened by [data-tool="guide-open"].
// * Game history ([data-history]): each finished game, kept on this device only.
// Settings are kept in localStorage under "coop-magic:table-tools:*".
(function () {
  "use strict";
  var HOLD_MS = 450, REPEAT_MS = 140;
  var KEY = "coop-magic:table-tools:";

  /** @param {string} name */
  function get(name) {
    try { return localStorage.getItem(KEY + name); } catch (error) { return null; }
  }
  /** @param {string} name @param {string} value */
  function set(name, value) {
    try { localStorage.setItem(KEY + name, value); } catch (error) { /* private mode */ }
  }
  /** @param {Element | null} el */
  function shown(el) {
    return !!el && !el.closest("[hidden]") && el.getClientRects().length > 0;
  }
  // The element at or around an event's target that matches `selector` (none for a target
  // that is not an element).
  /** @param {Event} event @param {string} selector */
  function closest(event, selector) {
    var target = event.target;
    return target instanceof Element ? target.closest(selector) : null;
  }

  // -- Screen Wake Lock -----------------------------------------------------------------------
  /** @type {WakeLockSentinel | null} */
  var lock = null, playing = false;
  var toggle = document.querySelector('input[data-tool="wake"]');  // a checkbox
  var note = document.querySelector('[data-tool="wake-note"]');
  function wakeWanted() { return get("wake") !== "off"; }
  /** @param {string} text */
  function say(text) { if (note) note.textContent = text; }
  function release() {
    if (lock) { lock.release().catch(function () {}); lock = null; }
  }
  function acquire() {
    if (!playing || !wakeWanted() || lock || document.visibilityState !== "visible") return;
    if (!("wakeLock" in navigator)) {
      say("This browser cannot keep the screen on: set a longer screen timeout on the phone " +
          "for the game.");
      return;
    }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.setAttribute("data-wake-lock", "on");
      say("The screen stays on while this page is shown.");
      sentinel.addEventListener("release", function () {
        lock = null;
        document.documentElement.setAttribute("data-wake-lock", "released");
      });
    }, function () {
      say("The screen could not be kept on (the browser refused, e.g. in battery saver mode).");
    });
  }
  if (toggle instanceof HTMLInputElement) {
    var wake = toggle;
    wake.checked = wakeWanted();
    wake.addEventListener("change", function () {
      set("wake", wake.checked ? "on" : "off");
      if (wake.checked) { acquire(); } else { release(); say("The screen may go dark as usual."); }
    });
  }
  if (!("wakeLock" in navigator)) {
    say("This browser cannot keep the screen on: set a longer screen timeout on the phone.");
  }
  document.addEventListener("click", function (event) {
    var button = closest(event, "[data-widget] [data-action]");
    if (button && !playing) { playing = true; acquire(); }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") acquire();
  });

  // -- Steppers and hold to repeat -------------------------------------------------------------
  /** @param {Element} button */
  function step(button) {
    var box = document.getElementById(button.getAttribute("data-for") || "");
    if (!(box instanceof HTMLInputElement)) return;  // a stepper's box is a number input
    var by = Number(button.getAttribute("data-step")) || 0;
    var low = box.min === "" ? -Infinity : Number(box.min);
    var high = box.max === "" ? Infinity : Number(box.max);
    var now = Number(box.value) || 0;
    box.value = String(Math.min(high, Math.max(low, now + by)));
    box.dispatchEvent(new Event("input", {bubbles: true}));
    box.dispatchEvent(new Event("change", {bubbles: true}));
  }
  document.addEventListener("click", function (event) {
    var button = closest(event, "[data-step][data-for]");
    if (button) step(button);
  });
  /** @type {ReturnType<typeof setTimeout> | null} */
  var timer = null, repeated = false;
  function stop() {
    if (timer !== null) { clearTimeout(timer); clearInterval(timer); timer = null; }
  }
  document.addEventListener("contextmenu", function (event) {  // a long press is a hold
    if (closest(event, "[data-repeat],[data-step][data-for]")) {
      event.preventDefault();
    }
  });
  document.addEventListener("pointerdown", function (event) {
    var button = closest(event, "[data-repeat],[data-step][data-for]");
    if (!(button instanceof HTMLButtonElement) || button.disabled || event.button > 0) return;
    var held = button;
    stop();
    repeated = false;
    timer = setTimeout(function () {
      repeated = true;
      held.click();
      timer = setInterval(function () {
        if (held.disabled || !shown(held)) { stop(); return; }
        held.click();
      }, REPEAT_MS);
    }, HOLD_MS);
  });
  ["pointerup", "pointercancel", "pointerleave", "blur"].forEach(function (kind) {
    document.addEventListener(kind, function () {
      stop();
      // the click that follows this release (if any) comes first; then a tap counts again
      setTimeout(function () { repeated = false; }, 0);
    }, true);
  });
  // The release after a hold that repeated is not one more tap.
  document.addEventListener("click", function (event) {
    if (repeated && event.isTrusted) {
      repeated = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  }, true);

  // -- "What just happened": two lines at most; a tap shows the whole sentence, another folds it.
  // The line takes the keyboard's focus too, and Enter or Space does the same as a tap.
  /** @param {Event} event */
  function happenedLine(event) {
    return closest(event, ".table-happened");
  }
  document.addEventListener("click", function (event) {
    var line = happenedLine(event);
    if (line) line.toggleAttribute("data-open");
  });
  document.addEventListener("keydown", function (event) {
    var line = happenedLine(event);
    if (!line || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    line.toggleAttribute("data-open");
  });

  // -- Keys ------------------------------------------------------------------------------------
  var guide = document.querySelector("[data-guide]");
  // Captured on window, before the theme's own keys (Material's N and P turn the page): on a
  // play page the documented keys are the game's, whether or not their button is shown now.
  window.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (closest(event, "input, textarea, select, [contenteditable]")) {
      return;
    }
    var key = event.key.length === 1 ? event.key.toLowerCase() : "";
    if (!/^[a-z0-9?]$/.test(key)) return;
    var buttons = document.querySelectorAll('[data-widget] [data-key="' + key + '"]');
    if (!(key === "?" && guide) && !buttons.length) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (key === "?") { openGuide(); return; }
    for (var i = 0; i < buttons.length; i++) {
      var button = buttons[i];
      if (!(button instanceof HTMLButtonElement)) continue;  // a data-key is on a <button>
      if (!button.disabled && shown(button)) {
        button.focus();
        button.click();
        return;
      }
    }
  }, true);

  // -- Game history on this device -----------------------------------------------------------
  // When a game ends (a win, loss or result line appears), the page notes it here: page,
  // variant, setting, players, result, turns, date, seed and the share link that replays it.
  // Kept in localStorage only (MAX_GAMES), never sent; [data-history] lists them with Open
  // and replay (the share link of the game as it ended, its table log shown), Export (a JSON
  // file) and Delete.
  var MAX_GAMES = 50;
  var REPLAY_KEY = "coop-magic:replay";
  const history = document.querySelector("[data-history]");
  /** @typedef {Record<string, unknown>} GameEntry (storage can be edited: checked as shown) */
  /** @returns {GameEntry[]} */
  function games() {
    try {
      var list = JSON.parse(get("history") || "[]");
      return Array.isArray(list) ? list.filter(function (/** @type {unknown} */ g) {
        return g && typeof g === "object";
      }) : [];
    } catch (error) { return []; }
  }
  // Bounded where written (issue 40): the oldest games go first past MAX_HISTORY_CHARS, so the
  // history never crowds out the saved game; a share link too long to keep is left out.
  var MAX_HISTORY_CHARS = 300000;
  var MAX_LINK_CHARS = 20000;
  /** @param {GameEntry[]} list */
  function keep(list) {
    list = list.slice(-MAX_GAMES);
    var text = JSON.stringify(list);
    while (list.length > 1 && text.length > MAX_HISTORY_CHARS) {
      list.shift();
      text = JSON.stringify(list);
    }
    if (text.length <= MAX_HISTORY_CHARS) set("history", text);
  }
  /** @param {string} selector */
  function text(selector) {
    var el = document.querySelector(selector);
    return el ? (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 300) : "";
  }
  /** @param {string} selector @param {string} name */
  function attr(selector, name) {
    var el = document.querySelector(selector);
    return el ? el.getAttribute(name) || "" : "";
  }
  // The turn line says "The game is over." once it is: the history keeps the turn before.
  var MAX_LOG_LINES = 300;
  var lastTurn = "";
  function turnLine() {
    var line = text('[data-widget] [data-id="turn"]');
    return /^\d+$/.test(line) ? "turn " + line : line;
  }
  document.addEventListener("coop-magic:done", function () {
    var line = turnLine();
    if (line && !/game is over/i.test(line)) lastTurn = line;
  });
  function turnsPlayed() {
    var line = turnLine();
    return line && !/game is over/i.test(line) ? line : lastTurn;
  }
  function seedShown() {
    return attr("[data-widget] [data-seed]", "data-seed") || text('[data-id="seed-shown"]') ||
      text('[data-id="dice-seed"]').replace(/^Dice seed: /, "");
  }
  // A game left for a new one before its end (the Team Commander table's New game: teams
  // concede without marking it) is noted too, with its table log (assets/table-log.js).
  window.coopMagicNoteUnfinished = function () {
    var page = history ? history.getAttribute("data-history") : "";
    var seed = seedShown();
    if (!seed || games().some(function (g) { return g.page === page && g.seed === seed; })) return;
    record("Not finished (a new game was begun)");
  };
  /** @param {string} result */
  function record(result) {
    var page = history ? history.getAttribute("data-history") : "";
    var seed = seedShown();
    var list = games();
    var id = page + ":" + seed + ":" + result;
    if (list.some(function (g) { return g.id === id; })) return;
    list.push({
      id: id, page: page, variant: attr("[data-widget] [data-variant]", "data-variant") || page,
      // the seed once, in its own field (the Swarm's set-up line ends with it too)
      setting: (text('[data-id="rules-shown"]') || text('[data-id="mode-shown"]') ||
        text('[data-id="draw-method"]')).replace(/,? seed \S+$/, ""),
      players: text('[data-id="t0-name"]') ? text('[data-id="t0-name"]') + " · " +
        text('[data-id="t1-name"]') : "",
      result: result, turns: turnsPlayed(), date: new Date().toISOString(),
      // the table log of the game (assets/table-log.js), kept and exported with it
      log: typeof window.coopMagicTableLog === "function" ?
        window.coopMagicTableLog().slice(-MAX_LOG_LINES) : [],
      seed: seed.slice(0, 200),
      link: ""
    });
    keep(list);
    show();
    linkOnceWritten(id);
  }
  // The share link of the game as it ended: the page writes the address a frame after the
  // winning tap's screen (assets/widget-host.js), so it is read once written (it was the link
  // one tap short, a game that had not ended: issue 41).
  /** @param {string} id */
  function linkOnceWritten(id) {
    if (window.coopMagicWritePending && window.coopMagicWritePending()) {
      requestAnimationFrame(function () { linkOnceWritten(id); });
      return;
    }
    if (!/^#[a-z]=/.test(location.hash) || location.href.length > MAX_LINK_CHARS) return;
    var list = games();
    list.forEach(function (g) { if (g.id === id) g.link = location.href; });
    keep(list);
    show();
  }
  // Each entry is checked as it is shown (issue 40, point 4), since storage can be edited: its
  // link only when it opens a shared game on this very play page (same origin and path, a
  // share fragment: never javascript:, another site or another page), its date parsed on its
  // own (a malformed one is left out of that entry's line, never empties the list), and its
  // words as short plain text.
  /** @param {unknown} link */
  function playLink(link) {
    if (typeof link !== "string" || link.length > 20000) return "";
    try {
      var url = new URL(link, location.href);
      return url.origin === location.origin && url.pathname === location.pathname &&
        url.search === "" && /^#[a-z]=[\w.~=%-]*$/.test(url.hash) ? url.href : "";
    } catch (error) { return ""; }
  }
  /** @param {unknown} date */
  function when(date) {
    var parsed = typeof date === "string" && date.length < 64 ? new Date(date) : null;
    return parsed && !isNaN(parsed.getTime()) ? parsed.toISOString().slice(0, 16).replace("T", " ") : "";
  }
  /** @param {unknown} value */
  function words(value) {
    return typeof value === "string" || typeof value === "number" ? String(value).slice(0, 200) : "";
  }
  function show() {
    if (!history) return;
    var list = games().filter(function (g) { return g.page === history.getAttribute("data-history"); });
    const ul = history.querySelector("ul");
    var empty = history.querySelector("[data-history-empty]");
    if (!ul) return;  // a history without its list: nothing to show
    ul.textContent = "";
    if (empty instanceof HTMLElement) empty.hidden = list.length > 0;
    list.slice().reverse().forEach(function (game) {
      var li = document.createElement("li");
      var line = document.createElement("p");
      var date = when(game.date);
      line.textContent = [date, words(game.result), words(game.turns), words(game.setting),
                          words(game.players), words(game.seed) ? "seed " + words(game.seed) : ""
                         ].filter(Boolean).join(" · ");
      li.appendChild(line);
      if (Array.isArray(game.log) && game.log.length) {  // its table log, folded
        var more = document.createElement("details");
        var label = document.createElement("summary");
        label.textContent = "Table log (" + game.log.length +
          (game.log.length === 1 ? " line)" : " lines)");
        more.appendChild(label);
        var lines = document.createElement("ol");
        game.log.slice(0, 300).forEach(function (entry) {
          var item = document.createElement("li");
          item.textContent = words(entry);
          lines.appendChild(item);
        });
        more.appendChild(lines);
        li.appendChild(more);
      }
      var row = document.createElement("div");
      row.className = "widget-buttons";
      var link = playLink(game.link);
      if (link) {
        var open = document.createElement("a");
        open.className = "md-button";
        open.href = link;
        open.textContent = "Open and replay";
        open.addEventListener("click", function () {
          // The page opens the game as it ended (its link replays every action) and shows its
          // table log (assets/table-log.js reads this request; issue 41).
          try {
            sessionStorage.setItem(REPLAY_KEY, JSON.stringify({
              link: link, seed: words(game.seed), log: Array.isArray(game.log) ? game.log : []}));
          } catch (error) { /* private mode: the game still opens */ }
          if (location.href === link) location.reload();
        });
        row.appendChild(open);
      }
      var drop = document.createElement("button");
      drop.type = "button";
      drop.className = "md-button";
      drop.textContent = "Delete";
      drop.setAttribute("aria-label", date ? "Delete the game of " + date.slice(0, 10) : "Delete this game");
      drop.addEventListener("click", function () {
        var before = games();
        keep(before.filter(function (g) { return g.id !== game.id; }));
        show();
        deleted(before, date);
      });
      row.appendChild(drop);
      li.appendChild(row);
      ul.appendChild(li);
    });
  }
  // A deleted entry can be brought back (issue 41): "Deleted … Undo" until the next change.
  /** @param {GameEntry[]} before the list as it was @param {string} date */
  function deleted(before, date) {
    if (!history) return;
    var found = history.querySelector("[data-history-undo]");
    var note = found instanceof HTMLElement ? found : document.createElement("p");
    if (!found) {
      note.setAttribute("data-history-undo", "");
      note.setAttribute("role", "status");
      history.insertBefore(note, history.querySelector("ul"));
    }
    note.textContent = "Deleted the game" + (date ? " of " + date : "") + ". ";
    var undo = document.createElement("button");
    undo.type = "button";
    undo.className = "md-button";
    undo.textContent = "Undo";
    undo.addEventListener("click", function () {
      keep(before);
      note.remove();
      show();
    });
    note.appendChild(undo);
  }
  if (history) {
    var exportButton = history.querySelector('[data-tool="history-export"]');
    if (exportButton) {
      exportButton.addEventListener("click", function () {
        var blob = new Blob([JSON.stringify(games(), null, 2)], {type: "application/json"});
        var link = document.createElement("a");
        link.href = URL.createObjectURL(blob);
        link.download = "coop-magic-games.json";
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
      });
    }
    var clear = history.querySelector('[data-tool="history-clear"]');
    if (clear) {
      clear.addEventListener("click", function () {
        var page = history.getAttribute("data-history");
        keep(games().filter(function (g) { return g.page !== page; }));
        show();
      });
    }
    show();
    // A result becomes visible: the game is over.
    var ends = document.querySelectorAll('[data-widget] [data-game-end]');
    var observer = new MutationObserver(function () {
      ends.forEach(function (el) {
        var said = (el.textContent || "").trim();
        if (el instanceof HTMLElement && !el.hidden && said &&
            document.querySelector("[data-widget][data-ready=true]")) {
          record(said.replace(/\s+/g, " "));
        }
      });
    });
    ends.forEach(function (el) {
      observer.observe(el, {attributes: true, attributeFilter: ["hidden"], childList: true,
                            characterData: true, subtree: true});
    });
  }

  // -- The first-visit guide -------------------------------------------------------------------
  function openGuide() {
    if (!(guide instanceof HTMLElement)) return;
    guide.hidden = false;
    var first = guide.querySelector("h2, [tabindex]");
    if (first instanceof HTMLElement) { first.setAttribute("tabindex", "-1"); first.focus(); }
  }
  if (guide instanceof HTMLElement) {
    var box = guide;
    var page = guide.getAttribute("data-guide");
    // Shown on a first visit by assets/saved-view.js, before the first paint.
    document.querySelectorAll('[data-tool="guide-close"]').forEach(function (button) {
      button.addEventListener("click", function () {
        box.hidden = true;
        document.documentElement.classList.remove("guide-first");  // in case saved-view.js did not run
        set("guide:" + page, "seen");
        var opener = document.querySelector('[data-tool="guide-open"]');
        if (opener instanceof HTMLElement) opener.focus();
      });
    });
    document.querySelectorAll('[data-tool="guide-open"]').forEach(function (button) {
      button.addEventListener("click", openGuide);
    });
    // Esc closes the open guide, as its "Got it" does (issue 41).
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || box.hidden) return;
      var close = box.querySelector('[data-tool="guide-close"]');
      if (close instanceof HTMLElement) { event.preventDefault(); close.click(); }
    });
  }
})();
