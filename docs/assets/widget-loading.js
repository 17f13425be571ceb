// @ts-check
// Starts Python on a play page and shows how far it has got: a progress bar and the current
// step under each widget's "Loading Python…" line; the page's adapter (assets/widget-host.js)
// hides the line when the widget is ready.
// The adapter (this script's `data-host` module) is imported once the page's content has been
// painted (or after a second at most), so the runtime's download never competes with what the
// first paint needs. It starts Python in a web worker, off the page's thread.
(function () {
  "use strict";
  var me = document.currentScript;
  var core = me && me.getAttribute("data-core");
  var lines = document.querySelectorAll("[data-widget] [data-id=loading]");

  var failed = false;
  /** @type {(error: unknown, message?: string) => void} */
  var fail = function () {};  // set below once the lines have their progress bars
  var onStart = function () {};

  // A play page framed by another site (a <meta> policy cannot set frame-ancestors, and the
  // host sends no headers): Python is not started, and the page says how to open it (issue 28,
  // point 7). A frame from this same site is fine.
  function framedByAnotherSite() {
    if (window.top === window.self) return false;
    try {
      return !window.top || window.top.location.origin !== window.location.origin;
    } catch (error) {
      return true;  // another origin: its address cannot even be read
    }
  }

  var started = false;
  function startPython() {
    var host = me && me.getAttribute("data-host");
    if (started || !me || !core || !host) return;
    var script = me;
    started = true;
    if (framedByAnotherSite()) {
      fail(null, "This page does not run inside another site. Open it on its own: " +
                 location.href.split("#")[0]);
      return;
    }
    onStart();
    var config = JSON.parse(script.getAttribute("data-config") || "{}");
    // PyScript's module is asked for now, with the adapter (which imports it in turn), so the
    // two downloads and compiles overlap; a failure is the adapter's to report.
    import(core).catch(function () {});
    import(host).then(function (adapter) {
      return adapter.start({core: core, worker: script.getAttribute("data-worker") || "",
                            config: config,
                            failed: function (/** @type {unknown} */ error,
                                              /** @type {string | undefined} */ message) {
                              fail(error, message);
                            }});
    }).catch(function (error) { fail(error); });
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
  /** @type {HTMLProgressElement[]} */
  var bars = [];
  /** @type {HTMLSpanElement[]} */
  var texts = [];

  for (var i = 0; i < lines.length; i++) {
    var bar = document.createElement("progress");
    bar.className = "widget-progress";
    bar.max = 1;
    bar.value = 0.05;
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

  // Python starts in a worker, whose downloads the page does not see: once it is asked for,
  // the bar runs without a value (the browser's "busy" bar) and the line says what happens.
  onStart = function () {
    for (var i = 0; i < bars.length; i++) {
      bars[i].removeAttribute("value");
      texts[i].textContent = cached ? "starting Python from this device's copy"
                                    : "downloading Python (about 7 MB, only the first time)";
    }
  };

  // Python that cannot start (no signal and no copy kept on this device yet, or an engine that
  // fails in the worker: `message`) would leave "Loading Python…" forever: say what happened.
  fail = function (error, message) {
    if (failed) return;
    failed = true;
    if (error) {
      console.warn("Python could not start: " + String(error instanceof Error && error.message ||
                                                       error));
    }
    var text = message || (navigator.onLine
      ? "Python could not be downloaded. Check the connection and reload the page."
      : "Python is not kept on this device yet and there is no connection. Open this page " +
        "once with signal (or press \u201cKeep the play tools on this device\u201d on the " +
        "home page); after that it works offline.");
    for (var i = 0; i < lines.length; i++) {
      bars[i].remove();
      texts[i].textContent = text;
      var root = lines[i].closest("[data-widget]");  // the line is inside its widget
      if (root) root.setAttribute("data-ready", "failed");
    }
  };
})();
