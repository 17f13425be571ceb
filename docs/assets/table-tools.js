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
// Settings are kept in localStorage under "coop-magic:table-tools:*".
(function () {
  "use strict";
  var HOLD_MS = 450, REPEAT_MS = 140;
  var KEY = "coop-magic:table-tools:";

  function get(name) {
    try { return localStorage.getItem(KEY + name); } catch (error) { return null; }
  }
  function set(name, value) {
    try { localStorage.setItem(KEY + name, value); } catch (error) { /* private mode */ }
  }
  function shown(el) {
    return !!el && !el.closest("[hidden]") && el.getClientRects().length > 0;
  }

  // -- Screen Wake Lock -----------------------------------------------------------------------
  var lock = null, playing = false;
  var toggle = document.querySelector('[data-tool="wake"]');
  var note = document.querySelector('[data-tool="wake-note"]');
  function wakeWanted() { return get("wake") !== "off"; }
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
  if (toggle) {
    toggle.checked = wakeWanted();
    toggle.addEventListener("change", function () {
      set("wake", toggle.checked ? "on" : "off");
      if (toggle.checked) { acquire(); } else { release(); say("The screen may go dark as usual."); }
    });
  }
  if (!("wakeLock" in navigator)) {
    say("This browser cannot keep the screen on: set a longer screen timeout on the phone.");
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-widget] [data-action]");
    if (button && !playing) { playing = true; acquire(); }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") acquire();
  });

  // -- Steppers and hold to repeat -------------------------------------------------------------
  function step(button) {
    var box = document.getElementById(button.getAttribute("data-for"));
    if (!box) return;
    var by = Number(button.getAttribute("data-step")) || 0;
    var low = box.min === "" ? -Infinity : Number(box.min);
    var high = box.max === "" ? Infinity : Number(box.max);
    var now = Number(box.value) || 0;
    box.value = String(Math.min(high, Math.max(low, now + by)));
    box.dispatchEvent(new Event("input", {bubbles: true}));
    box.dispatchEvent(new Event("change", {bubbles: true}));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-step][data-for]");
    if (button) step(button);
  });
  var timer = null, repeated = false;
  function stop() {
    if (timer !== null) { clearTimeout(timer); clearInterval(timer); timer = null; }
  }
  document.addEventListener("pointerdown", function (event) {
    var button = event.target.closest && event.target.closest("[data-repeat],[data-step][data-for]");
    if (!button || button.disabled || event.button > 0) return;
    stop();
    repeated = false;
    timer = setTimeout(function () {
      repeated = true;
      button.click();
      timer = setInterval(function () {
        if (button.disabled || !shown(button)) { stop(); return; }
        button.click();
      }, REPEAT_MS);
    }, HOLD_MS);
  });
  ["pointerup", "pointercancel", "pointerleave", "blur"].forEach(function (kind) {
    document.addEventListener(kind, stop, true);
  });
  // The release after a hold that repeated is not one more tap.
  document.addEventListener("click", function (event) {
    if (repeated && event.isTrusted) {
      repeated = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  }, true);

  // -- Keys ------------------------------------------------------------------------------------
  var guide = document.querySelector("[data-guide]");
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    var where = event.target;
    if (where && where.closest && where.closest("input, textarea, select, [contenteditable]")) {
      return;
    }
    if (event.key === "?" && guide) { openGuide(); event.preventDefault(); return; }
    var key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    var buttons = document.querySelectorAll('[data-widget] [data-key]');
    for (var i = 0; i < buttons.length; i++) {
      var button = buttons[i];
      if (button.getAttribute("data-key") === key && !button.disabled && shown(button)) {
        event.preventDefault();
        button.focus();
        button.click();
        return;
      }
    }
  });

  // -- The first-visit guide -------------------------------------------------------------------
  function openGuide() {
    if (!guide) return;
    guide.hidden = false;
    var first = guide.querySelector("h2, [tabindex]");
    if (first) { first.setAttribute("tabindex", "-1"); first.focus(); }
  }
  if (guide) {
    var page = guide.getAttribute("data-guide");
    if (get("guide:" + page) !== "seen") guide.hidden = false;
    document.querySelectorAll('[data-tool="guide-close"]').forEach(function (button) {
      button.addEventListener("click", function () {
        guide.hidden = true;
        set("guide:" + page, "seen");
        var opener = document.querySelector('[data-tool="guide-open"]');
        if (opener) opener.focus();
      });
    });
    document.querySelectorAll('[data-tool="guide-open"]').forEach(function (button) {
      button.addEventListener("click", openGuide);
    });
  }
})();
