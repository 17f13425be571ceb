// @ts-check
// Keeping a play page's game safe (the Python side is pyengine/widgets/saves.py and the adapter
// assets/widget-host.js). Runs before Python starts:
// * adds to each widget the boxes the saves code fills: a save kept aside ("could not
//   restore"), a note, the "Open the shared game / Keep mine" question, the previous games
//   (each with its list to choose from), and the adapter's own two: a save the browser would
//   not store ("download it") and a save another tab changed ("reload it / keep this one as a
//   copy", in the runner's sticky table bar);
// * marks fields the player types in before Python is ready (data-typed), so the adapter keeps
//   what was typed instead of overwriting it;
// * (one tap, one action is the view token's work: assets/widget-host.js, class Taps, and
//   pyengine/widgets/host.py; no click is dropped here by time);
// * a share link opened in the tab already showing the page (only the #fragment changes, so
//   the browser does not reload) reloads the page, which then asks before replacing a game.
(function () {
  "use strict";
  // Storage keys carry the site's base path: assets/widget-host.js uses the same key.
  var scope = (window.__md_scope && window.__md_scope.pathname) || "/";
  window.coopMagicSaveKey = function (name) { return "coop-magic:" + scope + ":" + name; };

  /** @param {string} tag @param {Record<string, string>} attrs @param {string} [text] */
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text) node.textContent = text;
    return node;
  }
  /** @param {string} action @param {string} text @param {boolean} [primary] */
  function button(action, text, primary) {
    return el("button", {type: "button", "data-action": action, disabled: "",
                         "class": "md-button" + (primary ? " md-button--primary" : "")}, text);
  }
  /** @param {HTMLElement[]} list */
  function buttons(list) {
    var row = el("div", {"class": "widget-buttons"});
    list.forEach(function (b) { row.appendChild(b); });
    return row;
  }

  var roots = document.querySelectorAll("[data-widget]");
  for (var i = 0; i < roots.length; i++) {
    var root = roots[i];
    var error = root.querySelector("[data-id=error]");
    var box = el("div", {"class": "widget-saves"});

    var aside = el("div", {"class": "widget-error widget-kept", "data-id": "saves", role: "alert",
                           hidden: ""});
    aside.appendChild(el("p", {"data-id": "saves-text"}));
    var reload = el("button", {type: "button", "class": "md-button md-button--primary",
                               "data-id": "saves-reload", hidden: ""}, "Reload to update");
    reload.addEventListener("click", function () { location.reload(); });
    aside.appendChild(el("ul", {"class": "widget-kept-list", "data-id": "saves-list"}));
    aside.appendChild(buttons([reload, button("saves-download", "Download it"),
                               button("saves-retry", "Try it again"),
                               button("saves-discard", "Discard it")]));
    box.appendChild(aside);

    // Filled by the adapter (assets/widget-host.js), not by Python: a save the browser would
    // not store, and a save another tab changed.
    var failed = el("div", {"class": "widget-error", "data-id": "storage-failed", role: "alert",
                            hidden: ""});
    failed.appendChild(el("p", {"data-id": "storage-failed-text"}));
    failed.appendChild(buttons([el("button", {type: "button", "class": "md-button",
                                              "data-id": "storage-download"}, "Download it")]));
    box.appendChild(failed);
    var tab = el("div", {"class": "widget-ask", "data-id": "other-tab", role: "alert",
                         hidden: ""});
    tab.appendChild(el("p", {"data-id": "other-tab-text"}));
    tab.appendChild(buttons([
      el("button", {type: "button", "class": "md-button md-button--primary",
                    "data-id": "other-tab-reload"}, "Reload it"),
      el("button", {type: "button", "class": "md-button", "data-id": "other-tab-copy"},
         "Keep this one as a copy")]));
    // In the sticky table bar where the page has one (a runner), the one place play never
    // scrolls away from (issue 40, point 7); else with the other boxes.
    var bar = root.querySelector(".table-bar");
    if (bar) bar.insertBefore(tab, bar.firstChild);
    else box.appendChild(tab);

    box.appendChild(el("p", {"class": "widget-note", "data-id": "saves-note", role: "status",
                             hidden: ""}));

    // A save too large for the page to read back is not written (Python says so, issue 40):
    // said in the table bar, where play keeps the eyes, with its one-tap download.
    var unkept = el("div", {"class": "widget-error", "data-id": "unkept", role: "alert",
                            hidden: ""});
    unkept.appendChild(el("p", {"data-id": "unkept-text"}));
    unkept.appendChild(buttons([button("unkept-download", "Download this game", true)]));
    var tableBar = root.querySelector("[data-id=table-bar]");
    (tableBar || box).appendChild(unkept);

    var ask = el("div", {"class": "widget-ask", "data-id": "shared-ask", role: "alert",
                         hidden: ""});
    ask.appendChild(el("p", {"data-id": "shared-ask-text"}));
    ask.appendChild(buttons([button("shared-open", "Open the shared game", true),
                             button("shared-keep", "Keep mine")]));
    box.appendChild(ask);

    var previous = el("div", {"class": "widget-note", "data-id": "previous", hidden: ""});
    previous.appendChild(el("p", {"data-id": "previous-text"}));
    previous.appendChild(el("ul", {"class": "widget-kept-list", "data-id": "previous-list"}));
    previous.appendChild(buttons([button("previous-restore", "Go back to it"),
                                  button("previous-discard", "Forget it")]));
    box.appendChild(previous);

    if (error && error.parentNode === root) {
      root.insertBefore(box, error.nextSibling);
    } else {
      root.insertBefore(box, root.firstChild);
    }

    // Typed before Python was ready: keep it.
    var mark = function (/** @type {Event} */ event) {
      var target = event.target;
      if (!(target instanceof Element)) return;
      var owner = target.closest("[data-widget]");
      if (owner && owner.getAttribute("data-ready") !== "true" &&
          target.hasAttribute("data-field")) {
        target.setAttribute("data-typed", "");
      }
    };
    root.addEventListener("input", mark, true);
    root.addEventListener("change", mark, true);
    root.addEventListener("paste", refuseLarge, true);
    root.addEventListener("drop", refuseLarge, true);
  }

  // Text over the limit is refused at the paste or drop itself, before the browser inserts it
  // (issue 40, point 5): inserting 5 MB into a box held the page for 5-8 s before any check
  // after it could answer; so is binary text (NUL characters), slow to insert at any size. A
  // dropped file is judged by its size (nothing read). The limits are assets/text-limits.js's
  // (Python's own checks stay behind them).
  /** @param {EventTarget | null} field @param {DataTransfer | null} data */
  function tooLarge(field, data) {
    var limits = window.coopMagicTextLimits;
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) ||
        field.type === "file" || !data || !limits) return null;
    var limit = field.maxLength > 0 ? Math.min(field.maxLength, limits.MAX_PASTE_CHARS)
                                    : limits.MAX_PASTE_CHARS;
    if (data.files && data.files.length) {
      var size = data.files[0].size;
      return size > 4 * limit ? "The file is " + size.toLocaleString("en") + " bytes; a page " +
        "reads at most " + limit.toLocaleString("en") + " characters. Choose one decklist at " +
        "a time." : null;
    }
    var text = data.getData("text/plain") || "";
    var kept = field.value.length - Math.abs((field.selectionEnd || 0) - (field.selectionStart || 0));
    var message = limits.tooLarge(text, {keptChars: kept, chars: limit,
                                         keptLines: field.value.split("\n").length - 1});
    if (message) return message;
    if (text.slice(0, 65536).indexOf("\u0000") >= 0) {  // as a file's check (widget-host.js)
      return "The pasted text is not text (it holds NUL characters, as a binary file does); " +
        "paste a decklist.";
    }
    return null;
  }
  /** @param {Event} event */
  function refuseLarge(event) {
    var field = event.target;
    var data = event instanceof ClipboardEvent ? event.clipboardData
      : event instanceof DragEvent ? event.dataTransfer : null;
    var message = tooLarge(field, data);
    if (!message || !(field instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    var owner = field.closest("[data-widget]");
    var error = owner && owner.querySelector("[data-id=error]");
    if (error instanceof HTMLElement) {
      error.textContent = message;
      error.hidden = false;
    }
    // Once Python is up, the adapter records what its error box now says.
    if (owner) owner.dispatchEvent(new CustomEvent("coop-magic:refused", {detail: message}));
  }

  // A share link opened in this tab: start again from it (the page asks before replacing).
  addEventListener("hashchange", function () {
    if (/^#[a-z]=/.test(location.hash) && document.querySelector("[data-widget][data-ready]")) {
      location.reload();
    }
  });
})();
