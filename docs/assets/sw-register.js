// Registers the site's service worker (sw.js at the site root, written by hooks/offline.py),
// which keeps every page, the Python runtime and the engine for use without signal.
// On a play page it waits until the widget is ready, so the first download of the runtime is
// not fetched twice at the same time; elsewhere it waits for the page to finish loading.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !document.currentScript) return;
  // This file is <site>/assets/sw-register.js: the worker sits one level up.
  var worker = new URL("../sw.js", document.currentScript.src);

  function register() {
    navigator.serviceWorker.register(worker.href).catch(function (error) {
      console.warn("Offline use is not available:", error);
    });
  }

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
  function soon() {
    if ("requestIdleCallback" in window) requestIdleCallback(register, {timeout: 3000});
    else setTimeout(register, 0);
  }

  function start() {
    if (document.querySelector("[data-widget]")) whenWidgetsReady(soon);
    else soon();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
