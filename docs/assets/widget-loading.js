// Starts Python on a play page and shows how far it has got: a progress bar and the current
// step under each widget's "Loading Python…" line. PyScript reports its steps as `py:progress`
// events; the runtime files' downloads are seen through Resource Timing. pyengine.browser hides
// the line when the widget is ready.
// PyScript (this script's `data-core` module) is started once the page's content has been
// painted (or after a second at most): starting Python holds the page's thread for seconds,
// and when the runtime is already on the device nothing else would let the browser paint first.
// The runtime's files (listed on this script's tag by overrides/widget.html) are preloaded at
// the same moment, so they download side by side rather than one after the other.
(function () {
  "use strict";
  var me = document.currentScript;
  var core = me && me.getAttribute("data-core");
  var lines = document.querySelectorAll("[data-widget] [data-id=loading]");

  // The runtime's other files, asked for together with PyScript's module so that they load
  // side by side (`crossorigin` makes each match Pyodide's own request, so nothing is fetched
  // twice). Not from the page's head: there they would share the connection (and, on a repeat
  // visit, the service worker) with what the first paint waits for.
  function preload(rel, attribute) {
    var urls = ((me && me.getAttribute(attribute)) || "").split(" ");
    for (var i = 0; i < urls.length; i++) {
      if (!urls[i]) continue;
      var link = document.createElement("link");
      link.rel = rel;
      if (rel === "preload") {
        link.as = "fetch";
        link.crossOrigin = "anonymous";
      }
      link.href = urls[i];
      document.head.appendChild(link);
    }
  }

  var started = false;
  function startPython() {
    if (started || !core) return;
    started = true;
    preload("modulepreload", "data-modules");
    preload("preload", "data-fetches");
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
