// @ts-check
// The table log (issue 41, point 2), page-side only, on the Horde, Swarm and Team Commander
// pages (loaded deferred beside assets/table-tools.js; nothing sent).
// * Every change of a counter the page marks ([data-log="Life"] on its output; the owner's
//   name from the closest [data-log-owner] element's text, read from the element with that
//   data-id) is a line with its turn and time. Taps on the same counter within BURST_MS of
//   each other are one line: "Life −7 (40 → 33), Team B, turn 6". While the burst is open the
//   line is shown as it stands ([data-log-pending]) before it is committed to the log.
// * A turn of the automated deck (a tap on a button with data-key="n") is a line of its own:
//   the page's "what just happened" sentence, so the log interleaves the deck's events.
// * A burst's line is read out once when it is committed by itself ([data-log-said], a polite
//   live region written by the timer, never by a tap: each tap's own sentence is the page's
//   "what just happened" line, the one live region an action changes).
// * Undo: "Undo the last change" takes back the newest line as a whole (as many Undo taps as
//   it had, when nothing happened since), the page's own Undo one tap (the line then counts
//   one tap less).
// * Kept in localStorage per page and game (the game's seed): nothing lost on reload; a
//   finished game's entry in "Games on this device" carries its log (assets/table-tools.js
//   reads coopMagicTableLog), and so does that list's export.
(function () {
  "use strict";
  var BURST_MS = 2500;
  var MAX_LINES = 500;
  var KEY = "coop-magic:table-log:";
  var box = /** @type {HTMLElement | null} */ (document.querySelector("[data-table-log]"));
  var root = /** @type {HTMLElement | null} */ (document.querySelector("[data-widget]"));
  if (!box || !root) return;
  var shown = box;  // not null from here on (a closure does not keep the narrowing)
  var page = box.getAttribute("data-table-log") || "";
  var list = /** @type {HTMLElement} */ (box.querySelector("[data-log-lines]"));
  var pendingLine = /** @type {HTMLElement} */ (box.querySelector("[data-log-pending]"));
  var undoButton = /** @type {HTMLButtonElement | null} */ (box.querySelector("[data-log-undo]"));
  var said = /** @type {HTMLElement | null} */ (box.querySelector("[data-log-said]"));

  /** @typedef {{what: string, from: number, to: number}} Also */
  /** @typedef {{text: string, turn: string, time: string, counter?: string, taps?: number,
   *   from?: number, to?: number, who?: string, by?: string, what?: string, auto?: boolean,
   *   also?: Object<string, Also>}} Line */

  /** @param {string} selector @returns {string} */
  function text(selector) {
    var el = document.querySelector(selector);
    return el ? (el.textContent || "").trim().replace(/\s+/g, " ") : "";
  }
  /** The game this log belongs to: its seed (a new game starts a new log). */
  function game() {
    var seeded = document.querySelector("[data-widget] [data-seed]");
    return (seeded && seeded.getAttribute("data-seed")) || text('[data-id="seed-shown"]') ||
      text('[data-id="dice-seed"]') || "";
  }
  /** The turn as the page says it: the first number of its turn line. */
  function turn() {
    var found = text('[data-widget] [data-id="turn"]').match(/\d+/);
    return found ? found[0] : "";
  }
  function clock() {
    var now = new Date();
    return String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
  }
  /** @returns {{game: string, lines: Line[]}} */
  function load() {
    try {
      var data = JSON.parse(localStorage.getItem(KEY + page) || "null");
      if (data && typeof data.game === "string" && Array.isArray(data.lines)) {
        return {game: data.game, lines: data.lines.filter(function (/** @type {any} */ l) {
          return l && typeof l.text === "string";
        }).slice(-MAX_LINES)};
      }
    } catch (error) { /* unreadable: a new log */ }
    return {game: "", lines: []};
  }
  var log = load();
  function keep() {
    log.lines = log.lines.slice(-MAX_LINES);
    try { localStorage.setItem(KEY + page, JSON.stringify(log)); } catch (error) { /* full */ }
  }
  // assets/table-tools.js reads this when it notes a finished game (and exports the list).
  // The burst still open (the tap that ended the game) is committed first.
  window.coopMagicTableLog = function () {
    commit();
    return log.lines.map(function (l) { return l.time + " · turn " + l.turn + " · " + l.text; });
  };

  /** The counters the page marks, as they read now. @returns {Object<string, {value: number,
   *   what: string, who: string}>} */
  function counters() {
    /** @type {Object<string, {value: number, what: string, who: string}>} */
    var out = {};
    document.querySelectorAll("[data-widget] [data-log]").forEach(function (el, index) {
      var value = parseInt((el.textContent || "").replace("−", "-"), 10);
      if (isNaN(value) || el.closest("[hidden]")) return;
      var what = el.getAttribute("data-log") || "";
      if (what.charAt(0) === "#") what = text('[data-id="' + what.slice(1) + '"]') || "Counter";
      var owner = el.closest("[data-log-owner]");
      var who = owner ? text('[data-id="' + owner.getAttribute("data-log-owner") + '"]') : "";
      out[el.getAttribute("data-id") || String(index)] = {value: value, what: what, who: who};
    });
    return out;
  }
  /** @param {number} n */
  function signed(n) { return (n > 0 ? "+" : "−") + Math.abs(n); }
  /** @param {Line} line */
  function words(line) {
    if (line.auto || line.from === undefined || line.to === undefined) return line.text;
    var also = line.also || {};
    var others = Object.keys(also).map(function (id) {
      return "; " + also[id].what + " " + also[id].from + " → " + also[id].to;
    }).join("");
    return line.what + " " + signed(line.to - line.from) + " (" + line.from + " → " + line.to +
      ")" + (line.who ? ", " + line.who : "") + (line.turn ? ", turn " + line.turn : "") + others +
      (line.by ? " (" + line.by + "'s phone)" : "");
  }

  var seen = counters();
  /** @type {Line | null} */
  var pending = null;
  var timer = 0;
  /** Taps since the newest line: its whole-line undo is offered only when nothing came after. */
  var since = 0;
  var undoing = 0;
  var autoTap = false;
  var undoTap = false;

  function show() {
    list.textContent = "";
    log.lines.slice(-60).reverse().forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line.time + " · " + line.text;
      list.appendChild(li);
    });
    pendingLine.hidden = !pending;
    pendingLine.textContent = pending ? "Now: " + words(pending) + " …" : "";
    // The open burst's change beside the counter being tapped ("−7" over "33"): in view where
    // the player taps, covering no control (the line above is with the log, below the game).
    document.querySelectorAll("[data-widget] [data-burst]").forEach(function (el) {
      el.removeAttribute("data-burst");
    });
    if (pending && pending.counter && pending.from !== undefined && pending.to !== undefined) {
      var tapped = document.querySelector('[data-widget] [data-log][data-id="' + pending.counter + '"]');
      if (tapped) tapped.setAttribute("data-burst", signed(pending.to - pending.from));
    }
    var last = log.lines[log.lines.length - 1];
    if (undoButton) {
      var open = pending || (since === 0 && last && last.taps ? last : null);
      undoButton.hidden = !open;
      undoButton.disabled = !open;
      undoButton.textContent = open ? "Undo the last change (" + words(open) + ")" : "Undo the last change";
    }
    shown.hidden = !log.lines.length && !pending;
  }
  /** @param {boolean} [aloud] read the committed line out (a burst that ended by itself) */
  function commit(aloud) {
    clearTimeout(timer);
    if (!pending) return;
    pending.text = words(pending);
    if (pending.to !== pending.from) {
      log.lines.push(pending);
      if (aloud && said) said.textContent = pending.text;
    }
    pending = null;
    since = 0;
    keep();
    show();
  }
  /** @returns {boolean} true when another game is shown (a new log begins) */
  function start() {
    var now = game();
    if (now === log.game) return false;
    clearTimeout(timer);
    pending = null;
    if (log.game === "" && log.lines.length === 0 || now !== "") {
      log = {game: now, lines: []};
      keep();
    }
    return true;
  }

  // Which button was tapped: a turn button (data-key="n") runs the automated deck's turn.
  root.addEventListener("click", function (event) {
    var target = /** @type {HTMLElement | null} */ (event.target);
    var button = target && target.closest ? target.closest("[data-action]") : null;
    if (button) {
      autoTap = button.getAttribute("data-key") === "n";
      undoTap = undoing === 0 && button.getAttribute("data-action") === "undo";
    }
  }, true);

  /** The page's own Undo took back one tap of the newest line (or of the open burst).
   * @param {Object<string, {value: number, what: string, who: string}>} now */
  function oneTapBack(now) {
    var last = log.lines[log.lines.length - 1];
    var line = pending || (since === 0 && last && last.taps ? last : null);
    if (!line || !line.counter || !now[line.counter] || !line.taps) return;
    line.to = now[line.counter].value;
    line.taps -= 1;
    if (line === pending) {
      if (!line.taps) { clearTimeout(timer); pending = null; }
      return;
    }
    if (!line.taps || line.to === line.from) log.lines.pop();
    else line.text = words(line);
    keep();
  }

  // A follower's tap on a live table (assets/live-table.js) names its player: the change it
  // makes is logged as theirs (issue 44), and another player's tap starts a line of its own.
  var nextBy = "";
  root.addEventListener("coop-magic:table-action", function (event) {
    var detail = event instanceof CustomEvent ? event.detail : null;
    nextBy = detail && typeof detail.player === "string" ? detail.player.slice(0, 40) : "";
  });

  var primed = false;
  document.addEventListener("coop-magic:done", function () {
    var by = nextBy;
    nextBy = "";
    var fresh = start();
    var now = counters();
    if (!primed || fresh) {  // the first view, or another game: what it shows is no change
      primed = true;
      seen = now;
      show();
      return;
    }
    if (undoing > 0) {  // our own undo taps: the line is already taken back
      undoing -= 1;
      seen = now;
      return;
    }
    if (undoTap) {
      undoTap = false;
      oneTapBack(now);
      seen = now;
      show();
      return;
    }
    if (autoTap) {
      autoTap = false;
      commit();
      var sentence = text('[data-widget] [data-id="happened"]');
      if (sentence) {
        log.lines.push({text: sentence, turn: turn(), time: clock(), auto: true});
        since = 1;
        keep();
      }
      seen = now;
      show();
      return;
    }
    var changed = Object.keys(now).filter(function (id) {
      return seen[id] && seen[id].value !== now[id].value;
    });
    // one tap may change several counters (commander damage comes off life too): the line is
    // the last one's (the most specific), the others said after it
    var id = changed[changed.length - 1];
    var before = changed.length ? seen[id].value : 0;
    var was = seen;
    seen = now;
    if (!changed.length) {  // another action: the newest line is no longer the last thing done
      commit();
      since = 1;
      show();
      return;
    }
    if (pending && pending.counter === id && (pending.by || "") === by) {
      pending.to = now[id].value;
      pending.taps = (pending.taps || 0) + 1;
    } else {
      commit();
      pending = {text: "", turn: turn(), time: clock(), counter: id, taps: 1,
                 from: before, to: now[id].value, what: now[id].what, who: now[id].who,
                 also: {}};
      if (by) pending.by = by;
    }
    var also = pending.also || {};
    changed.slice(0, -1).forEach(function (other) {
      var kept = also[other];
      also[other] = {what: now[other].what, from: kept ? kept.from : was[other].value,
                     to: now[other].value};
    });
    pending.also = also;
    clearTimeout(timer);
    timer = window.setTimeout(function () { commit(true); }, BURST_MS);
    show();
  });
  if (undoButton) {
    undoButton.addEventListener("click", function () {
      var line = pending || log.lines[log.lines.length - 1];
      var pageUndo = /** @type {HTMLButtonElement | null} */ (
        document.querySelector('[data-widget] [data-action="undo"]:not([hidden])'));
      if (!line || !line.taps || !pageUndo) return;
      if (pending) { clearTimeout(timer); pending = null; } else { log.lines.pop(); }
      undoing += line.taps;
      for (var i = 0; i < line.taps; i++) pageUndo.click();
      since = 1;
      keep();
      show();
    });
  }
  show();
})();
