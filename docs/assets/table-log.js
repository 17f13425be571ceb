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
//   reads coopMagicTableLog), and so does that list's export. A new game begins a new log;
//   the Team Commander table's New game notes the game it leaves in that list with its log
//   (coopMagicNoteUnfinished), and an Undo of it brings the game's log back.
// * A runner's game file (Export) carries the log ("table_log": the game's seed and its
//   lines, beside the engine's save, which reads past it); importing that file makes its log
//   the page's again. A file without one (an older export) opens with a new log.
(function () {
  "use strict";
  var BURST_MS = 2500;
  var MAX_LINES = 500;
  var KEY = "coop-magic:table-log:";
  var box = /** @type {HTMLElement | null} */ (document.querySelector("[data-table-log]"));
  var root = /** @type {HTMLElement | null} */ (document.querySelector("[data-widget]"));
  if (!box || !root) return;
  var shown = box;  // not null from here on (a closure does not keep the narrowing)
  var widget = root;
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
  /** @param {string} selector @returns {string} the text of a shown element, else "" */
  function shownText(selector) {
    var el = document.querySelector(selector);
    return el && !el.closest("[hidden]") ? text(selector) : "";
  }
  /** The game this log belongs to: its seed (a new game starts a new log; the Team
   * Commander table shows its dice seed only while a game is on). */
  function game() {
    var seeded = document.querySelector("[data-widget] [data-seed]");
    return (seeded && seeded.getAttribute("data-seed")) || shownText('[data-id="seed-shown"]') ||
      shownText('[data-id="dice-seed"]') || "";
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
  /** A kept or imported log, its lines checked (storage and files can be edited).
   * @param {any} data @returns {{game: string, lines: Line[]} | null} */
  function readLog(data) {
    if (!data || typeof data.game !== "string" || !Array.isArray(data.lines)) return null;
    return {game: data.game.slice(0, 200), lines: data.lines.filter(function (/** @type {any} */ l) {
      return l && typeof l.text === "string" && typeof l.turn === "string" &&
        typeof l.time === "string";
    }).slice(-MAX_LINES)};
  }
  /** @returns {{game: string, lines: Line[]}} */
  function load() {
    try {
      var data = readLog(JSON.parse(localStorage.getItem(KEY + page) || "null"));
      if (data) return data;
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

  // The runner's game file (Export: assets/widget-host.js's download) takes the log along.
  window.coopMagicExportHook = function (text) {
    try {
      var data = JSON.parse(text);
      if (!data || typeof data !== "object" || typeof data.seed !== "string" ||
          !Array.isArray(data.actions)) return text;  // not a game file
      commit();
      data.table_log = {game: data.seed, lines: data.seed === log.game ? log.lines : []};
      return JSON.stringify(data);
    } catch (error) { return text; }
  };
  // A game file chosen for Import: its log, read beside the adapter's own reading, becomes
  // the page's once the page shows that game (whichever of the two comes first).
  /** @type {{log: {game: string, lines: Line[]} | null, answered: boolean} | null} */
  var importing = null;
  root.querySelectorAll('input[data-file="import"]').forEach(function (input) {
    input.addEventListener("change", function () {
      var file = input instanceof HTMLInputElement && input.files ? input.files[0] : null;
      if (!file) return;
      var reading = {log: /** @type {{game: string, lines: Line[]} | null} */ (null),
                     answered: false};
      importing = reading;
      file.text().then(function (body) {
        reading.log = readLog(JSON.parse(body).table_log);
        if (reading.answered && adoptImported()) show();
      }).catch(function () { if (importing === reading) importing = null; });
    });
  });
  /** The imported file's log made the page's, if the page shows its game. */
  function adoptImported() {
    var file = importing;
    if (!file || !file.log) return false;
    importing = null;
    if (file.log.game !== game()) return false;
    clearTimeout(timer);
    pending = null;
    log = file.log;
    since = 1;  // the taps of its lines are not this page's to undo
    keep();
    return true;
  }

  // "Open and replay" in the game history (assets/table-tools.js): the page opens that game
  // as it ended (its share link, "Open the shared game" answered for the player, who asked)
  // and its log, kept with the history entry, is the page's, brought into view.
  /** @type {{game: string, lines: Line[]} | null} */
  var replay = null;
  try {
    var asked = JSON.parse(sessionStorage.getItem("coop-magic:replay") || "null");
    sessionStorage.removeItem("coop-magic:replay");
    if (asked && asked.link === location.href && typeof asked.seed === "string" &&
        Array.isArray(asked.log)) {
      replay = {game: asked.seed, lines: asked.log.filter(function (/** @type {unknown} */ t) {
        return typeof t === "string";
      }).map(function (/** @type {string} */ t) {
        var part = /^(\d\d:\d\d) · turn (\S*) · ([\s\S]*)$/.exec(t);
        return part ? {time: part[1], turn: part[2], text: part[3]} : {time: "", turn: "", text: t};
      }).slice(-MAX_LINES)};
    }
  } catch (error) { /* no request, or unreadable */ }
  /** @type {MutationObserver | null} */
  var answering = null;
  /** The replayed game's log, once the page shows that game; true when taken. */
  function adoptReplay() {
    if (!replay) return false;
    var open = /** @type {HTMLButtonElement | null} */ (
      document.querySelector('[data-widget] [data-action="shared-open"]'));
    if (open && !open.closest("[hidden]")) {  // asked before the page's own game is replaced
      var button = open;
      if (!button.disabled) button.click();
      else if (!answering) {  // its buttons come alive once Python is ready
        answering = new MutationObserver(function () {
          if (button.disabled || !answering) return;
          answering.disconnect();
          button.click();
        });
        answering.observe(button, {attributes: true, attributeFilter: ["disabled"]});
      }
      return false;
    }
    if (replay.game !== game()) return false;
    clearTimeout(timer);
    pending = null;
    log = replay;
    replay = null;
    since = 1;
    keep();
    shown.hidden = false;
    shown.scrollIntoView({block: "start"});
    return true;
  }
  // The page's start sends no answer of its own: the replay goes on once Python is ready.
  if (replay) {
    var ready = new MutationObserver(function () {
      if (widget.getAttribute("data-ready") !== "true") return;
      ready.disconnect();
      if (adoptReplay()) { primed = true; seen = counters(); show(); }
    });
    ready.observe(widget, {attributes: true, attributeFilter: ["data-ready"]});
  }

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
  var newGameTap = false;

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
  /** The log of the game before (an Undo of a new game brings that game and its log back). */
  var aside = {game: "", lines: /** @type {Line[]} */ ([])};
  /** @returns {boolean} true when another game is shown (a new log begins) */
  function start() {
    var now = game();
    if (now === log.game) return false;
    clearTimeout(timer);
    pending = null;
    if (now !== "" && now === aside.game) {
      var back = log;
      log = aside;
      aside = back;
      keep();
    } else if (log.game === "" && log.lines.length === 0 || now !== "") {
      if (log.lines.length) aside = log;
      log = {game: now, lines: []};
      keep();
    }
    return true;
  }
  /** A new game begun on a page whose next game shows no seed yet (the Team Commander
   * table's New game, before its roll): the old game's log is put aside, a new one begins. */
  function newLog() {
    commit();
    if (log.lines.length) aside = log;
    log = {game: "", lines: []};
    keep();
  }

  // Which button was tapped: a turn button (data-key="n") runs the automated deck's turn.
  root.addEventListener("click", function (event) {
    var target = /** @type {HTMLElement | null} */ (event.target);
    var button = target && target.closest ? target.closest("[data-action]") : null;
    if (button) {
      autoTap = button.getAttribute("data-key") === "n";
      undoTap = undoing === 0 && button.getAttribute("data-action") === "undo";
      // A new game on the Team Commander table: the game being left is noted in the game
      // history with its log (assets/table-tools.js), unless its end already was.
      newGameTap = button.getAttribute("data-action") === "new-game";
      if (newGameTap && log.lines.length && window.coopMagicNoteUnfinished) {
        window.coopMagicNoteUnfinished();
      }
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
    if (newGameTap) {
      newGameTap = false;
      newLog();
    }
    var fresh = start();
    var now = counters();
    if (importing) {  // the answer to an import: the file's log, once it is read
      importing.answered = true;
      if (adoptImported()) fresh = true;
    }
    if (adoptReplay()) fresh = true;
    if (!primed || fresh) {  // the first view, or another game: what it shows is no change
      primed = true;
      undoTap = autoTap = false;
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
