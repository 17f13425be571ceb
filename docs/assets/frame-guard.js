// @ts-check
/* A page framed by another site is covered, so no click reaches it through the frame (issue
 * 40, point 6: clickjacking). The header that forbids framing (`frame-ancestors` in a
 * Content-Security-Policy, or X-Frame-Options) only works when the host sends it: a <meta>
 * policy cannot set it, and GitHub Pages lets a site send no headers (README.md, Deploying,
 * says what a host that can should send). So every page (mkdocs.yml, extra_javascript)
 * checks for itself, with no inline script: framed by another origin, it puts a cover over
 * itself that says so, with a link that opens it on its own. A frame from this same site is
 * fine. The play pages also start no Python when framed (assets/widget-loading.js).
 */
(function () {
  "use strict";
  if (window.top === window.self) return;
  try {
    if (window.top && window.top.location.origin === window.location.origin) return;
  } catch (error) { /* another origin: its address cannot even be read */ }
  var cover = document.createElement("div");
  cover.className = "frame-guard";
  cover.setAttribute("role", "alert");
  var text = document.createElement("p");
  text.textContent = "This page does not open inside another site. ";
  var link = document.createElement("a");
  link.href = location.href.split("#")[0];
  link.target = "_top";
  link.rel = "noopener";
  link.textContent = "Open it on its own";
  text.appendChild(link);
  cover.appendChild(text);
  document.body.appendChild(cover);
})();
