// @ts-check
// What a play page reads from one paste, drop or file (issue 40, point 5): text the browser
// would take over 200 ms to lay out in a box is refused before it is inserted or shown. Its
// length, its lines and its characters slow to lay out are what cost: 10,000 lines took
// 0.3-0.7 s to show, 100,000 characters alternating Hebrew and Latin letters 27-40 s, 290,000
// characters of family emoji 1.5 s
// (bench/bench_inputs.py). The limits, ranges and words are Python's
// (pyengine.widgets.MAX_PASTE_CHARS, MAX_PASTE_LINES, MAX_PASTE_COMPLEX, COMPLEX_RANGES,
// paste_too_big; tests/test_widgets_host.py keeps them the same). Used by assets/saves.js
// (a paste or drop) and assets/widget-host.js (a chosen file).
(function () {
  "use strict";
  var MAX_PASTE_CHARS = 300000;
  var MAX_PASTE_LINES = 2000;
  var MAX_PASTE_COMPLEX = 1000;
  // pyengine.widgets.COMPLEX_RANGES, as UTF-16 (beyond the basic plane: a surrogate pair). The
  // class lists combining marks as code points of their own, on purpose.
  // eslint-disable-next-line no-misleading-character-class
  var COMPLEX = /[\u0300-\u036f\u0590-\u08ff\u200c-\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe00-\ufe0f\ufe70-\ufeff]|[\ud800-\udbff][\udc00-\udfff]/g;

  /** @param {number} n */
  function count(n) { return n.toLocaleString("en"); }

  /**
   * How many times `pattern` occurs in `text`, counting no further than `most` + 1.
   * @param {string} text
   * @param {RegExp} pattern a global pattern
   * @param {number} most
   */
  function upTo(text, pattern, most) {
    var found = 0;
    pattern.lastIndex = 0;
    while (found <= most && pattern.exec(text)) found += 1;
    pattern.lastIndex = 0;
    return found;
  }

  /**
   * Why a page will not read `text` (with `keptChars` characters and `keptLines` lines the
   * box keeps beside it), or null. `chars`: a lower character limit (a box's maxlength).
   * `what`: "pasted text" or "file". Cheap: the text is at most 300,000 characters
   * when its lines are counted, and the slow characters are counted to their limit.
   * @param {string} text
   * @param {{keptChars?: number, keptLines?: number, chars?: number, what?: string}} [options]
   * @returns {string | null}
   */
  function tooLarge(text, options) {
    var opts = options || {};
    var what = opts.what || "pasted text";
    var limit = Math.min(opts.chars || MAX_PASTE_CHARS, MAX_PASTE_CHARS);
    var again = what === "file" ? "Choose one decklist at a time." : "Paste one decklist at a time.";
    var chars = text.length + (opts.keptChars || 0);
    if (chars > limit) {
      return "The " + what + " is " + count(chars) + " characters long; a page reads at most " +
        count(limit) + ". " + again;
    }
    var lines = upTo(text, /\n/g, Infinity) + 1 + (opts.keptLines || 0);
    if (lines > MAX_PASTE_LINES) {
      return "The " + what + " has " + count(lines) + " lines; a page reads at most " +
        count(MAX_PASTE_LINES) + ". " + again;
    }
    if (upTo(text, COMPLEX, MAX_PASTE_COMPLEX) > MAX_PASTE_COMPLEX) {
      return "The " + what + " has over " + count(MAX_PASTE_COMPLEX) + " right-to-left " +
        "letters, emoji or joining marks; card names are read in English. " + again;
    }
    return null;
  }

  window.coopMagicTextLimits = {tooLarge: tooLarge, MAX_PASTE_CHARS: MAX_PASTE_CHARS};
})();
