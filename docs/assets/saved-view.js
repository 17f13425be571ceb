// @ts-check
// The saved game before Python (issue 17): after each save the page's adapter
// (assets/widget-host.js) calls
// coopMagicSavedView.keep(root), which stores what the widget shows as plain data (each
// [data-id] element's text or list items and whether it is hidden, and the fields' values).
// On the next visit this script, loaded right after the widget's markup
// (overrides/widget.html, not deferred), puts it back before the page is first painted and
// long before Python is ready, always as text (textContent, never HTML); the buttons stay
// disabled and are described by a line saying Python is starting. When Python starts,
// the adapter calls revert(root) just before it applies its own first view (in the same
// task, so nothing is painted in between). It also shows a play page's first-visit guide.
(function () {
  "use strict";
  var savedView = (function () {
    var NOTE = "Your saved game as you left it. The buttons work once Python has started.";
    /**
     * What show() changed, to put back on revert: an element's content and hidden state, a
     * field's value, a button's description, the note.
     * @typedef {{el: HTMLElement, nodes: ChildNode[] | null, hidden: HTMLElement["hidden"]}} ShownStep
     * @typedef {{field: FieldElement, value: string, checked: boolean | undefined,
     *            added: HTMLOptionElement | null}} FieldStep
     * @typedef {{button: Element, described: string | null}} ButtonStep
     * @typedef {{note: HTMLElement}} NoteStep
     * @type {(ShownStep | FieldStep | ButtonStep | NoteStep)[]}
     */
    var undo = [];
    // One small function for the storage key, kept in step with widget-host.js's keys: they
    // carry the site's base path (Material's __md_scope), so two sites on one domain keep apart.
    var scope = (window.__md_scope && window.__md_scope.pathname) || "/";
    /** @param {string | null} name */
    function viewKey(name) { return "coop-magic:" + scope + ":" + name + ":view"; }
    /** @param {string} attr @param {string} value */
    function selector(attr, value) {
      return "[" + attr + "=\"" + String(value).replace(/["\\]/g, "\\$&") + "\"]";
    }
    /**
     * The record kept for the next visit (version 1).
     * @typedef {{hidden: HTMLElement["hidden"], items?: string[][], text?: string | null}} ShownEntry
     * @typedef {{checked?: boolean, value?: string, label?: string | null}} FieldEntry
     * @typedef {{v: number, hash: string, shown: Record<string, ShownEntry>,
     *            fields?: Record<string, FieldEntry>}} SavedRecord
     */
    /** @param {Element} root */
    function keep(root) {
      /** @type {Record<string, ShownEntry>} */
      var shown = {};
      /** @type {Record<string, FieldEntry>} */
      var fields = {};
      root.querySelectorAll("[data-id]").forEach(function (el) {
        var id = el.getAttribute("data-id");
        if (!(el instanceof HTMLElement) || id === null) return;
        if (id === "loading" || id === "error" || id === "saved-view-note") return;
        /** @type {ShownEntry} */
        var entry = {hidden: el.hidden};
        if (el.tagName === "UL" || el.tagName === "OL") {
          entry.items = Array.from(el.children, function (li) {
            return [li.textContent || "", li.className];
          });
        } else if (!el.children.length && !/^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(el.tagName)) {
          entry.text = el.textContent;
        }
        shown[id] = entry;
      });
      root.querySelectorAll("[data-field]").forEach(function (el) {
        if (!isField(el) || el.type === "file" || el.type === "password") return;
        var option = el instanceof HTMLSelectElement && el.selectedIndex >= 0 ?
          el.options[el.selectedIndex].textContent : null;
        fields[el.getAttribute("data-field") || ""] = el instanceof HTMLInputElement &&
          el.type === "checkbox" ?
          {checked: el.checked} : {value: el.value, label: option};
      });
      try {
        localStorage.setItem(viewKey(root.getAttribute("data-widget")), JSON.stringify(
          {v: 1, hash: location.hash, shown: shown, fields: fields}));
      } catch (error) {
        // Storage full or disabled: the next visit simply waits for Python.
      }
    }
    /** @param {Element} el @returns {el is FieldElement} */
    function isField(el) {
      return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ||
        el instanceof HTMLTextAreaElement;
    }
    /** @param {Element} root */
    function forget(root) {
      try {
        localStorage.removeItem(viewKey(root.getAttribute("data-widget")));
      } catch (e) { /* storage refused: nothing was kept */ }
    }
    /** @param {Element} root */
    function show(root) {
      /** @type {SavedRecord | null} */
      var data = null;
      try {
        data = JSON.parse(localStorage.getItem(viewKey(root.getAttribute("data-widget"))) || "");
      } catch (error) { /* a damaged record: as if none */ }
      if (!data || data.v !== 1 || typeof data.shown !== "object") return false;
      // An address naming another game (a share link) shows that game, not the saved one.
      if (location.hash.length > 1 && location.hash !== data.hash) return false;
      var record = data;
      Object.keys(record.shown).forEach(function (id) {
        var el = root.querySelector(selector("data-id", id));
        var entry = record.shown[id];
        if (!(el instanceof HTMLElement) || !entry) return;
        // Only an element whose content is replaced gets it back on revert: a box the page
        // adds later inside one that is only shown or hidden (assets/saves.js puts the
        // two-tabs notice in the table bar) stays.
        var writes = Array.isArray(entry.items) || typeof entry.text === "string";
        undo.push({el: el, nodes: writes ? Array.from(el.childNodes) : null,
                   hidden: el.hidden});
        if (Array.isArray(entry.items)) {
          el.replaceChildren.apply(el, entry.items.map(function (/** @type {unknown[]} */ item) {
            var li = document.createElement("li");
            li.textContent = String(item[0]);
            if (item[1]) li.className = String(item[1]);
            return li;
          }));
        } else if (typeof entry.text === "string") {
          el.textContent = entry.text;
        }
        el.hidden = !!entry.hidden;
      });
      var kept = record.fields || {};
      Object.keys(kept).forEach(function (name) {
        var el = root.querySelector(selector("data-field", name));
        var entry = kept[name];
        if (!el || !isField(el) || !entry) return;
        var added = null;
        if (el instanceof HTMLSelectElement && entry.label !== null &&
            !Array.prototype.some.call(el.options, function (o) { return o.value === entry.value; })) {
          added = document.createElement("option");
          added.value = String(entry.value);
          added.textContent = String(entry.label);
          el.appendChild(added);
        }
        var checked = el instanceof HTMLInputElement ? el.checked : undefined;
        undo.push({field: el, value: el.value, checked: checked, added: added});
        if ("checked" in entry) {
          if (el instanceof HTMLInputElement) el.checked = !!entry.checked;
        } else {
          el.value = String(entry.value);
        }
      });
      var note = document.createElement("p");
      note.className = "widget-saved-view-note";
      note.setAttribute("data-id", "saved-view-note");
      note.id = "saved-view-note-" + root.getAttribute("data-widget");
      note.textContent = NOTE;
      var loading = root.querySelector("[data-id=loading]");
      if (loading) loading.after(note); else root.prepend(note);
      root.querySelectorAll("[data-action][disabled]").forEach(function (button) {
        undo.push({button: button, described: button.getAttribute("aria-describedby")});
        button.setAttribute("aria-describedby", note.id);
      });
      undo.push({note: note});
      root.setAttribute("data-saved-view", "shown");
      performance.mark("widget-saved-view:" + root.getAttribute("data-widget"));
      return true;
    }
    /** @param {Element} root */
    function revert(root) {
      for (var step = undo.pop(); step; step = undo.pop()) {
        if ("note" in step) {
          step.note.remove();
        } else if ("button" in step) {
          if (step.described === null) step.button.removeAttribute("aria-describedby");
          else step.button.setAttribute("aria-describedby", step.described);
        } else if ("field" in step) {
          if (step.added) step.added.remove();
          step.field.value = step.value;
          if (step.field instanceof HTMLInputElement) step.field.checked = !!step.checked;
        } else {
          if (step.nodes) step.el.replaceChildren.apply(step.el, step.nodes);
          step.el.hidden = step.hidden;
        }
      }
      if (root.getAttribute("data-saved-view") === "shown") {
        root.setAttribute("data-saved-view", "replaced");
      }
    }
    return {key: viewKey, keep: keep, forget: forget, show: show, revert: revert};
  })();
  window.coopMagicSavedView = savedView;
  document.querySelectorAll("[data-widget]").forEach(function (root) {
    try {
      savedView.show(root);
    } catch (error) {
      savedView.revert(root);  // a damaged record: the page as built, Python will fill it
    }
  });

  // The first-visit guide ([data-guide], above the widget): shown on a first visit, until the
  // reader dismisses it (assets/table-tools.js remembers that and reopens it). Whether this is
  // a first visit was read from storage once, in the page's head, before the first paint
  // (overrides/widget.html: the mark "guide-first", which widgets.css already shows the guide
  // for); here the guide's own hidden attribute takes over from the mark, in this same task,
  // so nothing is painted in between. Shown later, the guide pushed the whole tool down (a
  // layout shift of 0.13 to 0.23). Inside this function: no global but coopMagicSavedView.
  var guide = document.querySelector("[data-guide]");
  var html = document.documentElement;
  if (guide instanceof HTMLElement && html.classList.contains("guide-first")) guide.hidden = false;
  html.classList.remove("guide-first");
})();
