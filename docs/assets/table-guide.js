// The first-visit guide of a play page ([data-guide], docs/play/*.md): shown until the reader
// dismisses it (assets/table-tools.js remembers that and reopens it on request). This file is
// loaded without `defer`, right after the guide, so the guide is shown or not before the rest
// of the page is laid out: showing it later would push the whole tool down (a layout shift
// Lighthouse measured at 0.13 to 0.23 on the runners and the Team Commander table).
(function () {
  "use strict";
  var guide = document.querySelector("[data-guide]");
  if (!guide) return;
  var seen = null;
  try {
    seen = localStorage.getItem("coop-magic:table-tools:guide:" + guide.getAttribute("data-guide"));
  } catch (error) { /* storage refused: a first visit */ }
  if (seen !== "seen") guide.hidden = false;
})();
