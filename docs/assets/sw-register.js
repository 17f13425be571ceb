// @ts-check
// Registers the site's service worker (sw.js at the site root, written by hooks/offline.py),
// which keeps every page for use without signal. The Python runtime (about 14 MB, 7 MB
// compressed) is never a surprise download: it is kept once a play page is ready, when the
// reader presses a `[data-offline-keep]` button, or in the background after any other page has
// loaded only when the browser says the connection is not metered (Wi-Fi or Ethernet, and no
// "save data"). A connection the browser does not describe (Safari and Firefox expose none;
// desktop Chromium gives no type) counts as metered: a reader who only reads the rules there
// never downloads it. No page but a play page runs Python.
// On a play page it waits until the widget is ready, so the first download of the runtime is
// not fetched twice at the same time; elsewhere it waits for the page to finish loading.
// A `[data-offline-remove]` button removes the runtime and the memory snapshot made from it
// (assets/snapshot.js) from the device; a play page opened later keeps them again.
// The state is shown on <html data-offline="…">: "registered", then, once the runtime is asked
// for, "keeping" and "runtime-kept" or "runtime-failed", and "removing" then "runtime-removed"
// after a removal; tests wait on it. <html data-release> is "current", or "newer-pending" when
// the page was served from the device because a newer release is not whole yet.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!(me instanceof HTMLScriptElement)) return;
  showStorageUsed();
  var root = document.documentElement;
  /** @type {NodeListOf<HTMLButtonElement>} (both are <button>s: docs/index.md) */
  var buttons = document.querySelectorAll("button[data-offline-keep], button[data-offline-remove]");
  /** @type {NodeListOf<HTMLButtonElement>} */
  var removers = document.querySelectorAll("button[data-offline-remove]");
  var statuses = document.querySelectorAll("[data-offline-status]");
  if (root.hasAttribute("data-dev-server")) {
    // Served by `mkdocs serve` (scripts/serve.sh): the site changes on every save, so keep no
    // offline copy, and drop one kept from an earlier build served at this address.
    say("Not kept for use without signal while served for development.");
    for (var d = 0; d < buttons.length; d++) buttons[d].disabled = true;
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.getRegistrations().then(function (registrations) {
        for (var r = 0; r < registrations.length; r++) registrations[r].unregister();
      });
    }
    return;
  }
  if (!("serviceWorker" in navigator)) {
    say("This browser cannot keep the site for use without signal.");
    for (var b = 0; b < buttons.length; b++) buttons[b].disabled = true;
    return;
  }
  // This file is <site>/assets/sw-register.js: the worker sits one level up.
  var worker = new URL("../sw.js", me.src);

  /** @param {string} text */
  function say(text) {
    for (var i = 0; i < statuses.length; i++) statuses[i].textContent = text;
  }

  var KEPT = "The play tools are kept on this device: they work without signal.";
  // The memory snapshot kept next to the runtime (assets/snapshot.js): its size, after KEPT.
  var snapshotModule = new URL("snapshot.js", me.src).href;
  function sayKept() {
    say(KEPT);
    import(snapshotModule).then(function (snapshot) { return snapshot.describe(); })
      .then(function (text) { if (text) say(KEPT + text); }, function () {});
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "runtime-kept") {
      root.setAttribute("data-offline", "runtime-kept");
      showRemovable(true);
      sayKept();
    } else if (data.type === "runtime-failed") {
      root.setAttribute("data-offline", "runtime-failed");
      console.warn("The play tools could not be kept:", data.error);
      say("The play tools could not be kept on this device. Try again when you have signal.");
    } else if (data.type === "runtime-removed") {
      root.setAttribute("data-offline", "runtime-removed");
      showRemovable(false);
      showStorageUsed();
      say("The play tools were removed from this device. Opening a play tool keeps them again.");
    } else if (data.type === "release-status") {
      root.setAttribute("data-release", data.newer ? "newer-pending" : "current");
      if (data.newer) sayNewerPending();
    } else if (data.type === "runtime-status") {
      showRemovable(data.kept > 0);
      if (data.kept === data.total) sayKept();
      else say("The play tools are not kept on this device yet.");
    }
  });

  // The service worker served this page from the release kept on the device because a newer
  // one is only partly on the server yet (sitebuild/sw.js, "newer releases"): say so once, at
  // the top of the page.
  function sayNewerPending() {
    if (document.querySelector(".release-pending")) return;
    var note = document.createElement("p");
    note.className = "release-pending";
    note.setAttribute("role", "status");
    note.textContent = "A newer version of this site is being published. This page comes " +
      "whole from the copy kept on this device; the newer version is used once all of it " +
      "has arrived.";
    var main = document.querySelector(".md-content__inner") || document.body;
    main.insertBefore(note, main.firstChild);
  }

  // Only a connection the browser says is Wi-Fi or Ethernet (without "save data") is free to
  // use unasked; mobile data, a slow link or an unknown connection is not.
  function unmetered() {
    var connection = navigator.connection;
    if (!connection || connection.saveData) return false;
    return connection.type === "wifi" || connection.type === "ethernet";
  }

  /** @param {string} type */
  function ask(type) {
    return navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({type: type});
    });
  }

  // The remove button is offered only while something is kept.
  /** @param {boolean} kept */
  function showRemovable(kept) {
    for (var i = 0; i < removers.length; i++) removers[i].hidden = !kept;
  }
  showRemovable(false);

  // A removal is remembered, so a Wi-Fi visit to a rules page does not download the runtime
  // again in the background; pressing "keep" or opening a play tool forgets it.
  var REMOVED = "coop-magic:" + ((window.__md_scope && window.__md_scope.pathname) || "/") +
    ":offline-removed";
  /** @param {boolean} [value] */
  function removedByReader(value) {
    try {
      if (value === undefined) return localStorage.getItem(REMOVED) === "1";
      if (value) localStorage.setItem(REMOVED, "1");
      else localStorage.removeItem(REMOVED);
    } catch (error) { /* storage refused: nothing remembered */ }
    return false;
  }

  function removeRuntime() {
    removedByReader(true);
    root.setAttribute("data-offline", "removing");
    say("Removing the play tools from this device…");
    return import(snapshotModule).then(function (snapshot) { return snapshot.forget(); })
      .catch(function (error) { console.warn("The quick-start copy was not removed:", error); })
      .then(function () { return ask("remove-runtime"); });
  }

  function keepRuntime() {
    removedByReader(false);
    root.setAttribute("data-offline", "keeping");
    say("Keeping the play tools on this device…");
    return ask("keep-runtime");
  }

  // Resolves to whether the worker could be registered (never rejects).
  function register() {
    return navigator.serviceWorker.register(worker.href).then(function () {
      if (!root.hasAttribute("data-offline")) root.setAttribute("data-offline", "registered");
      return true;
    }, function (error) {
      console.warn("Offline use is not available:", error);
      say("This page cannot be kept for use without signal here.");
      return false;
    });
  }

  /** @param {() => void} callback */
  function whenWidgetsReady(callback) {
    var widgets = document.querySelectorAll("[data-widget]");
    function ready() {
      for (var i = 0; i < widgets.length; i++) {
        if (widgets[i].getAttribute("data-ready") !== "true") return false;
      }
      return true;
    }
    if (ready()) return callback();
    var observer = new MutationObserver(function () {
      if (ready()) {
        observer.disconnect();
        callback();
      }
    });
    for (var i = 0; i < widgets.length; i++) {
      observer.observe(widgets[i], {attributes: true, attributeFilter: ["data-ready"]});
    }
  }

  // Register when the browser is idle, so the page's own work comes first.
  /** @param {() => unknown} then */
  function soon(then) {
    function go() { register().then(function (ok) { if (ok) then(); }); }
    if ("requestIdleCallback" in window) requestIdleCallback(go, {timeout: 3000});
    else setTimeout(go, 0);
  }

  var keepers = document.querySelectorAll("[data-offline-keep]");
  for (var i = 0; i < keepers.length; i++) {
    keepers[i].addEventListener("click", function () {
      register().then(function (ok) { if (ok) keepRuntime(); });
    });
  }
  for (var k = 0; k < removers.length; k++) {
    removers[k].addEventListener("click", function () {
      register().then(function (ok) { if (ok) removeRuntime(); });
    });
  }

  // Which release served this page. Asked again when another worker takes the page over: a
  // newer release's worker claims its pages as soon as it is installed, and the worker it
  // replaces may be stopped before it answers.
  function askRelease() {
    var controller = navigator.serviceWorker.controller;
    if (controller) controller.postMessage({type: "release-status"});
  }

  function start() {
    askRelease();
    navigator.serviceWorker.addEventListener("controllerchange", askRelease);
    if (document.querySelector("[data-widget]")) {
      whenWidgetsReady(function () { soon(keepRuntime); });
    } else {
      soon(function () {
        if (unmetered() && !removedByReader()) keepRuntime();
        else if (statuses.length) ask("runtime-status");
      });
    }
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);

  // What this site keeps on the device (issue 28, point 3), on [data-storage-used]: its games
  // and settings in localStorage (the keys under this site's base path) and, where the
  // browser says, its offline copy.
  function showStorageUsed() {
    var places = document.querySelectorAll("[data-storage-used]");
    if (!places.length) return;
    var scope = (window.__md_scope && window.__md_scope.pathname) || "/";
    var chars = 0;
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key && key.indexOf("coop-magic:" + scope + ":") === 0) {
          chars += key.length + (localStorage.getItem(key) || "").length;
        }
      }
    } catch (error) { /* storage refused: nothing kept */ }
    var kb = function (/** @type {number} */ n) { return Math.max(1, Math.round(n / 1000)).toLocaleString("en") + " KB"; };
    var text = "Games and settings kept by this site on this device: " +
      (chars ? kb(chars * 2) : "none") + ".";  // localStorage keeps two bytes a character
    var put = function (/** @type {string} */ line) {
      for (var p = 0; p < places.length; p++) places[p].textContent = line;
    };
    put(text);
    if (navigator.storage && navigator.storage.estimate) {
      navigator.storage.estimate().then(function (estimate) {
        if (estimate && estimate.usage) {
          put(text + " All this site keeps, with its offline copy: " + kb(estimate.usage) + ".");
        }
      }, function () {});
    }
  }
})();
