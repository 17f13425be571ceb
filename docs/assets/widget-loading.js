// Starts Python on a play page and shows how far it has got: a progress bar and the current
// step under each widget's "Loading Python…" line. PyScript reports its steps as `py:progress`
// events; the runtime files' downloads are seen through Resource Timing. pyengine.browser hides
// the line when the widget is ready.
// PyScript (this script's `data-core` module) is started once the page's content has been
// painted (or after a second at most): starting Python holds the page's thread for seconds,
// and when the runtime is already on the device nothing else would let the browser paint first. The runtime files are
// preloaded by the page meanwhile (overrides/widget.html), so no time is lost waiting for them.
(function () {
  "use strict";
  var core = document.currentScript && document.currentScript.getAttribute("data-core");
  var lines = document.querySelectorAll("[data-widget] [data-id=loading]");

  // The last saved view (issue 17): after each save pyengine.browser calls keep(root), which
  // stores what the widget shows as plain data (each [data-id] element's text or list items
  // and whether it is hidden, and the fields' values). On the next visit it is put back here,
  // before the first paint and long before Python is ready, always as text (textContent,
  // never HTML); the buttons stay disabled and say Python is starting. When Python starts,
  // pyengine.browser calls revert(root) just before it applies its own first view (same
  // task, so nothing is painted in between).
  var savedView = (function () {
    var NOTE = "Your saved game as you left it. The buttons work once Python has started.";
    var undo = [];
    // One small function for the storage key, kept in step with pyengine.browser's keys.
    function viewKey(name) { return "coop-magic:" + name + ":view"; }
    function selector(attr, value) {
      return "[" + attr + "=\"" + String(value).replace(/["\\]/g, "\\$&") + "\"]";
    }
    function keep(root) {
      var shown = {};
      var fields = {};
      root.querySelectorAll("[data-id]").forEach(function (el) {
        var id = el.getAttribute("data-id");
        if (id === "loading" || id === "error" || id === "saved-view-note") return;
        var entry = {hidden: el.hidden};
        if (el.tagName === "UL" || el.tagName === "OL") {
          entry.items = Array.prototype.map.call(el.children, function (li) {
            return [li.textContent, li.className];
          });
        } else if (!el.children.length && !/^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(el.tagName)) {
          entry.text = el.textContent;
        }
        shown[id] = entry;
      });
      root.querySelectorAll("[data-field]").forEach(function (el) {
        if (el.type === "file" || el.type === "password") return;
        var option = el.tagName === "SELECT" && el.selectedIndex >= 0 ?
          el.options[el.selectedIndex].textContent : null;
        fields[el.getAttribute("data-field")] = el.type === "checkbox" ?
          {checked: el.checked} : {value: el.value, label: option};
      });
      try {
        localStorage.setItem(viewKey(root.getAttribute("data-widget")), JSON.stringify(
          {v: 1, hash: location.hash, shown: shown, fields: fields}));
      } catch (error) {
        // Storage full or disabled: the next visit simply waits for Python.
      }
    }
    function forget(root) {
      try { localStorage.removeItem(viewKey(root.getAttribute("data-widget"))); } catch (e) {}
    }
    function show(root) {
      var data = null;
      try {
        data = JSON.parse(localStorage.getItem(viewKey(root.getAttribute("data-widget"))));
      } catch (error) {
        data = null;
      }
      if (!data || data.v !== 1 || typeof data.shown !== "object") return false;
      // An address naming another game (a share link) shows that game, not the saved one.
      if (location.hash.length > 1 && location.hash !== data.hash) return false;
      Object.keys(data.shown).forEach(function (id) {
        var el = root.querySelector(selector("data-id", id));
        var entry = data.shown[id];
        if (!el || !entry) return;
        undo.push({el: el, nodes: Array.prototype.slice.call(el.childNodes), hidden: el.hidden});
        if (Array.isArray(entry.items)) {
          el.replaceChildren.apply(el, entry.items.map(function (item) {
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
      Object.keys(data.fields || {}).forEach(function (name) {
        var el = root.querySelector(selector("data-field", name));
        var entry = data.fields[name];
        if (!el || !entry) return;
        var added = null;
        if (el.tagName === "SELECT" && entry.label !== null &&
            !Array.prototype.some.call(el.options, function (o) { return o.value === entry.value; })) {
          added = document.createElement("option");
          added.value = String(entry.value);
          added.textContent = String(entry.label);
          el.appendChild(added);
        }
        undo.push({field: el, value: el.value, checked: el.checked, added: added});
        if ("checked" in entry) el.checked = !!entry.checked;
        else el.value = String(entry.value);
      });
      var note = document.createElement("p");
      note.className = "widget-saved-view-note";
      note.setAttribute("data-id", "saved-view-note");
      note.id = "saved-view-note-" + root.getAttribute("data-widget");
      note.textContent = NOTE;
      var loading = root.querySelector("[data-id=loading]");
      if (loading) loading.after(note); else root.prepend(note);
      root.querySelectorAll("[data-action][disabled]").forEach(function (button) {
        // (No title attribute: Material's tooltips would take it over.)
        undo.push({button: button, described: button.getAttribute("aria-describedby")});
        button.setAttribute("aria-describedby", note.id);
      });
      undo.push({note: note});
      root.setAttribute("data-saved-view", "shown");
      performance.mark("widget-saved-view:" + root.getAttribute("data-widget"));
      return true;
    }
    function revert(root) {
      while (undo.length) {
        var step = undo.pop();
        if (step.note) {
          step.note.remove();
        } else if (step.button) {
          if (step.described === null) step.button.removeAttribute("aria-describedby");
          else step.button.setAttribute("aria-describedby", step.described);
        } else if (step.field) {
          if (step.added) step.added.remove();
          step.field.value = step.value;
          step.field.checked = step.checked;
        } else {
          step.el.replaceChildren.apply(step.el, step.nodes);
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

  var started = false;
  function startPython() {
    if (started || !core) return;
    started = true;
    var script = document.createElement("script");
    script.type = "module";
    script.src = core;
    document.head.appendChild(script);
  }
  // Once the browser reports the first contentful paint (a frame painted before the content
  // is ready does not count). Where paint timing is not reported, after the next frame; the
  // timer covers tabs opened in the background, which do not paint until shown.
  var observes = "PerformanceObserver" in window &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf("paint") !== -1;
  if (observes) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        setTimeout(startPython, 0);
      }
    }).observe({type: "paint", buffered: true});
    setTimeout(startPython, 1000);
  } else {
    requestAnimationFrame(function () { setTimeout(startPython, 0); });
    setTimeout(startPython, 250);
  }

  if (!lines.length) return;
  var cached = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  var STEPS = {
    "Loading Pyodide": [0.1, cached ? "starting Python from this device's copy"
                                    : "downloading Python (about 7 MB, only the first time)"],
    "Loading interpreter": [0.2, null],
    "Loaded interpreter": [0.8, "unpacking the rules engine"],
    "Loaded files": [0.9, "starting the rules engine"],
  };
  var FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
  var seen = {};
  var bars = [];
  var texts = [];
  var value = 0.05;

  for (var i = 0; i < lines.length; i++) {
    var bar = document.createElement("progress");
    bar.className = "widget-progress";
    bar.max = 1;
    bar.value = value;
    bar.setAttribute("aria-label", "Python start-up");
    bar.style.display = "block";
    bar.style.width = "100%";
    bar.style.accentColor = "var(--md-primary-fg-color)";
    var text = document.createElement("span");
    text.className = "widget-loading-step";
    text.textContent = "starting";
    lines[i].appendChild(document.createTextNode(" "));
    lines[i].appendChild(text);
    lines[i].appendChild(bar);
    bars.push(bar);
    texts.push(text);
  }

  function show(next, label) {
    value = Math.max(value, next);
    for (var i = 0; i < bars.length; i++) {
      bars[i].value = value;
      if (label) texts[i].textContent = label;
    }
  }

  // A runtime file that cannot load (no signal and no copy kept on this device yet) would
  // leave "Loading Python…" forever: say what happened instead.
  var failed = false;
  addEventListener("error", function (event) {
    var target = event.target;
    var url = target && target !== window && (target.src || target.href);
    if (failed || !url || url.indexOf("/runtime/") === -1) return;
    failed = true;
    var text = navigator.onLine
      ? "Python could not be downloaded. Check the connection and reload the page."
      : "Python is not kept on this device yet and there is no connection. Open this page " +
        "once with signal (or press \u201cKeep the play tools on this device\u201d on the " +
        "home page); after that it works offline.";
    for (var i = 0; i < lines.length; i++) {
      bars[i].remove();
      texts[i].textContent = text;
      lines[i].closest("[data-widget]").setAttribute("data-ready", "failed");
    }
  }, true);

  addEventListener("py:progress", function (event) {
    var step = STEPS[event.detail];
    if (step) show(step[0], step[1]);
  });

  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          for (var i = 0; i < FILES.length; i++) {
            if (!seen[FILES[i]] && entry.name.indexOf("/" + FILES[i]) !== -1) {
              seen[FILES[i]] = true;
              show(0.2 + 0.5 * Object.keys(seen).length / FILES.length, null);
            }
          }
        });
      }).observe({type: "resource", buffered: true});
    } catch (error) {
      // Resource Timing is only for the bar; the steps still show.
    }
  }
})();
