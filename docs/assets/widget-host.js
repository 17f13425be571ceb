// @ts-check
// The play pages' adapter: the only code that touches a play page for Python (issue 17,
// point 4: Python off the page's main thread).
//
// Python runs in a web worker (PyScript's worker interpreter, started here with PyWorker), so
// starting it and working out a turn never hold up the page. The worker has no page and no
// storage: pyengine/browser.py hands each message to pyengine.widgets.host.Host and answers with
// plain data. This module finds each widget's root ([data-widget=NAME]), reads its fields
// ([data-field]), wires its buttons ([data-action], list items' [data-item-action]), change
// events ([data-change]) and file inputs ([data-file]), keeps its storage slots and applies the
// view each answer carries. Everything is set as text (textContent, value), never as HTML. When
// a widget is ready its root gets data-ready="true", the signal the tests wait on.
//
// assets/widget-loading.js imports this module once the page is painted and calls start().
import {liveTable} from "./live-table.js";

const FETCH_GAP_MS = 100;  // pyengine.widgets.FETCH_GAP_MS: Scryfall asks for 50-100 ms
const UNEXPECTED = "Something unexpected went wrong with that; nothing was saved.";
const MAX_PASTE_CHARS = 300000;  // pyengine.widgets.MAX_PASTE_CHARS
const MAX_SAVE_CHARS = 4000000;  // pyengine.widgets.saves.MAX_SAVE_CHARS

// The messages with the worker are typed from pyengine/widgets/messages.py (types/messages.d.ts,
// written by `python -m sitebuild.messages_dts`): `tsc` refuses a read of a field it does not send.
/** @typedef {import("../../types/messages").Answer} Answer */
/** @typedef {import("../../types/messages").ViewData} ViewData */
/** @typedef {import("../../types/messages").ItemData} ItemData */
/** @typedef {import("../../types/messages").FetchData} FetchData */
/** @typedef {import("../../types/messages").PageInfo} PageInfo */
/** @typedef {import("../../types/messages").Form} Form */
/** @typedef {import("../../types/messages").AdapterKey} AdapterKey */
/**
 * The worker's functions (pyengine/browser.py, handed to PyScript's xworker.sync): each takes
 * and answers JSON text (an Answer).
 * @typedef {{
 *   start(name: string, page: string): Promise<string>,
 *   handle(name: string, action: string, form: string): Promise<string>,
 *   listen(token: string): Promise<unknown>,
 *   qr(text: string): Promise<string>,
 * }} Sync
 */
/** @typedef {Worker & {sync: Sync}} PyWorkerHandle */
/**
 * start()'s options (assets/widget-loading.js).
 * @typedef {{
 *   core: string,
 *   worker: string,
 *   config: {interpreter: string, files?: Record<string, string>, snapshot?: string},
 *   failed?: (error: unknown, message?: string) => void,
 *   snapshot?: () => Promise<unknown>,
 * }} StartOptions
 */
/** @typedef {"failed" | "other-tab" | "copy-failed"} StopReason */

const absolute = (/** @type {string} */ url) => new URL(url, location.href).href;

function isDevBuild() {
  return !!window.livereload;  // mkdocs serve injects it
}

// -- storage ----------------------------------------------------------------------------------
// A page's slots in localStorage: "game" under the page's key, the others under KEY:slot. The
// saved view's own record (KEY:view, assets/saved-view.js) is not the engine's.
//
// Nothing is lost (issue 28, points 1 and 2): the slots remember what this tab last read or
// wrote in each. An answer's writes go in the order Python made them (a slot is always copied
// aside before what it replaces is removed), and stop at the first that fails: after a write
// the browser refused (storage full, private mode, storage turned off) or a slot another tab
// has changed since, this tab writes nothing more, so it never removes or overwrites what it
// could not keep first. The page then says so (see Keeping).
class Slots {
  /** @param {string} name */
  constructor(name) {
    this.key = window.coopMagicSaveKey(name);  // assets/saves.js, loaded before this module
    /** @type {Map<string, string | null>} */
    this.known = new Map();  // slot -> what this tab last read or wrote there (null: nothing)
    /** @type {StopReason | null} */
    this.stopped = null;     // null, "failed" (the browser refused a write) or "other-tab"
    /** @type {string | null} */
    this.mine = null;        // this tab's latest game save, written or not
    /** @type {(why: StopReason) => void} */
    this.onStop = () => {};
    try {  // a save stored under the key used before keys carried the base path moves over
      const old = localStorage.getItem("coop-magic:" + name);
      if (old && localStorage.getItem(this.key) === null) {
        localStorage.setItem(this.key, old);
        localStorage.removeItem("coop-magic:" + name);
      }
    } catch (error) { /* storage refused: the page still works */ }
  }
  /** @param {string} slot */
  slotKey(slot) { return slot === "game" ? this.key : this.key + ":" + slot; }
  /** @param {string | null} key @returns {string | null} */
  slotOf(key) {
    if (key === this.key) return "game";
    if (key && key.startsWith(this.key + ":") && key !== this.key + ":view") {
      return key.slice(this.key.length + 1);
    }
    return null;
  }
  /** @returns {Record<string, string>} */
  read() {
    /** @type {Record<string, string>} */
    const slots = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const slot = this.slotOf(localStorage.key(i));
        const value = localStorage.getItem(localStorage.key(i) || "");
        if (slot !== null && value !== null) slots[slot] = value;
      }
    } catch (error) { /* storage refused */ }
    for (const [slot, value] of Object.entries(slots)) this.known.set(slot, value);
    if (typeof slots.game === "string") this.mine = slots.game;
    return slots;
  }
  /** @param {StopReason} why */
  stop(why) {
    if (this.stopped) return;
    this.stopped = why;
    this.onStop(why);
  }
  // Another tab wrote one of this page's slots (the browser's storage event).
  /** @param {StorageEvent} event */
  changedElsewhere(event) {
    const slot = this.slotOf(event.key);
    if (slot === null || event.storageArea !== localStorage) return;
    if (event.newValue !== (this.known.has(slot) ? this.known.get(slot) : null)) {
      this.stop("other-tab");
    }
  }
  // Write one answer's slots; true if every one was written.
  /** @param {Answer["writes"] | undefined} writes */
  write(writes) {
    const entries = Object.entries(writes || {});
    for (const [slot, value] of entries) {
      if (slot === "game" && value) this.mine = value;
    }
    if (this.stopped) return !entries.length;
    for (const [slot, value] of entries) {
      const key = this.slotKey(slot);
      try {
        const now = localStorage.getItem(key);
        const before = this.known.has(slot) ? this.known.get(slot) : null;
        if (now !== before) {
          this.stop("other-tab");
          return false;
        }
        if (value) localStorage.setItem(key, value);
        else localStorage.removeItem(key);
        this.known.set(slot, value || null);
      } catch (error) {
        console.warn("could not write browser storage (" + slot + ")");
        this.stop("failed");
        return false;
      }
    }
    return true;
  }
  // This tab's game under a new copy slot (never one in use); true if it was written.
  keepCopy() {
    if (!this.mine) return true;
    try {
      let slot = "copy-" + Date.now();
      while (localStorage.getItem(this.slotKey(slot)) !== null) slot += "1";
      localStorage.setItem(this.slotKey(slot), this.mine);
      return true;
    } catch (error) {
      return false;
    }
  }
}

// What the page says when this tab stops writing (Slots.stop): the browser would not store the
// game (a download of it is offered), or another tab changed the same save (reload it, or keep
// this tab's game as a copy, which the page then lists with the previous games).
const KEEPING_TEXT = {
  failed: "This game is not being kept on this device: the browser would not store it " +
          "(its storage is full or turned off). Download it to keep it; a reload would " +
          "lose what was not stored.",
  "other-tab": "This game was changed in another tab. Reload it to go on from there, or " +
               "keep this one as a copy (the page lists it with the previous games).",
  "copy-failed": "The copy could not be stored either (the browser's storage is full or " +
                 "turned off). Download it to keep it.",
};

/** @param {HTMLElement} root @param {string} name @param {Slots} slots */
function wireKeeping(root, name, slots) {
  const find = (/** @type {string} */ id) => root.querySelector(`[data-id="${id}"]`);
  const say = (/** @type {string} */ boxId, /** @type {StopReason} */ why) => {
    const box = find(boxId);
    const text = find(boxId + "-text");
    if (!(box instanceof HTMLElement) || !text) return;
    text.textContent = KEEPING_TEXT[why];
    box.hidden = false;
  };
  slots.onStop = (why) => say(why === "failed" ? "storage-failed" : "other-tab", why);
  const downloadButton = find("storage-download");
  if (downloadButton) {
    downloadButton.addEventListener("click", () => {
      if (slots.mine) download(name + "-game.json", slots.mine);
    });
  }
  // The address's fragment is this tab's own game (its share link): reloading with it would
  // ask again whether to open it, so the page is loaded without it.
  const reloadSaved = () => location.replace(location.pathname + location.search);
  const reload = find("other-tab-reload");
  if (reload) reload.addEventListener("click", reloadSaved);
  const copy = find("other-tab-copy");
  if (copy) {
    copy.addEventListener("click", () => {
      if (slots.keepCopy()) reloadSaved();
      else say("storage-failed", "copy-failed");
    });
  }
  addEventListener("storage", (event) => slots.changedElsewhere(event));
}

// -- applying a view --------------------------------------------------------------------------
/** @param {unknown} value */
function cssValue(value) { return String(value).replace(/["\\]/g, "\\$&"); }

// What was last written to one widget, and its elements by data-id and data-field (a widget's
// markup is fixed, so each is looked up once): a tap writes only what changed.
export class Shown {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {Map<string, HTMLElement | null>} */
    this.ids = new Map();
    /** @type {Map<string, HTMLElement | null>} */
    this.fields = new Map();
    /** @type {Map<string, string>} */
    this.written = new Map();
  }
  /** @param {string} id @returns {HTMLElement | null} */
  find(id) {
    if (!this.ids.has(id)) this.ids.set(id, this.root.querySelector(`[data-id="${cssValue(id)}"]`));
    return this.ids.get(id) || null;
  }
  /** @param {string} name @returns {HTMLElement | null} */
  field(name) {
    if (!this.fields.has(name)) {
      this.fields.set(name, this.root.querySelector(`[data-field="${cssValue(name)}"]`));
    }
    return this.fields.get(name) || this.find(name);
  }
  // True (and remembered) when value is not what was last written there.
  /** @param {string} kind @param {string} key @param {unknown} value */
  changed(kind, key, value) {
    const text = JSON.stringify(value);
    const slot = kind + " " + key;
    if (this.written.get(slot) === text) return false;
    this.written.set(slot, text);
    return true;
  }
}

/** @param {ParentNode} root @returns {Form} */
export function readForm(root) {
  /** @type {Form} */
  const form = {};
  root.querySelectorAll("[data-field]").forEach((el) => {
    const name = el.getAttribute("data-field") || "";
    const checkbox = el instanceof HTMLInputElement && el.type === "checkbox";
    form[name] = checkbox ? (el.checked ? "on" : "") : String(fieldValue(el));
  });
  return form;
}

/**
 * A field's value: inputs, lists, text boxes and outputs have one (a [data-field] on anything
 * else, which no page has, reads as "undefined", as before).
 * @param {Element} el
 */
function fieldValue(el) {
  return "value" in el ? el.value : undefined;
}

// One list line: a button (item.action), a link (item.href) or text, with the card's small
// image before the text when it has one (lazy, alt = the card's name).
/** @param {ItemData} item */
function itemElement(item) {
  const li = document.createElement("li");
  /** @type {HTMLElement} */
  let holder = li;
  if (item.action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "item-button";
    button.setAttribute("data-item-action", item.action);
    button.setAttribute("data-item", item.value || "");
    button.setAttribute("aria-pressed", item.pressed ? "true" : "false");
    li.appendChild(button);
    holder = button;
  } else if (item.href) {
    const link = document.createElement("a");
    link.href = item.href;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    li.appendChild(link);
    holder = link;
  }
  if (item.image) {
    const image = document.createElement("img");
    image.className = "card-thumb";
    image.loading = "lazy";
    image.decoding = "async";
    image.alt = item.image_alt || item.text;
    image.src = item.image;
    holder.appendChild(image);
    holder.appendChild(document.createTextNode(item.text));
  } else {
    holder.textContent = item.text;
  }
  if (item.cls) li.className = item.cls;
  return li;
}

// Change the list's <li>s from old items to new ones, keeping the lines both share: the same
// first and last lines, and a log's older lines when new ones come on top and the oldest fall
// off the bottom.
/** @param {HTMLElement} element @param {ItemData[]} old @param {ItemData[]} items */
function applyList(element, old, items) {
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) =>
    JSON.stringify(a) === JSON.stringify(b);
  if (!old.length) {
    element.replaceChildren(...items.map(itemElement));
    return;
  }
  let head = 0;
  const most = Math.min(old.length, items.length);
  while (head < most && same(old[head], items[head])) head++;
  let tail = 0;
  while (tail < most - head && same(old[old.length - 1 - tail], items[items.length - 1 - tail])) {
    tail++;
  }
  const oldMid = old.slice(head, old.length - tail);
  let newMid = items.slice(head, items.length - tail);
  let kept = 0;  // new lines on top of oldMid's first lines (the oldest fell off the bottom)
  if (oldMid.length && newMid.length) {
    for (let top = Math.max(1, newMid.length - oldMid.length); top < newMid.length; top++) {
      const rest = newMid.slice(top);
      if (same(rest, oldMid.slice(0, rest.length))) {
        kept = rest.length;
        newMid = newMid.slice(0, top);
        break;
      }
    }
  }
  const drop = [];
  for (let i = 0; i < oldMid.length - kept; i++) drop.push(element.children[head + kept + i]);
  drop.forEach((child) => child && child.remove());
  const before = element.children[head] || null;
  for (const item of newMid) element.insertBefore(itemElement(item), before);
}

/** @param {HTMLElement} root @param {HTMLCanvasElement} canvas @param {string[]} rows */
// Paint a QR code (rows of '#' and '.') on a canvas, with a 4-module quiet zone, dark on white
// whatever the colour scheme, at whole device pixels per module.
export function paintQr(root, canvas, rows) {
  const cells = rows.length + 8;
  const pixels = Math.min(640, Math.floor(Math.min(320, root.clientWidth || 320) *
                                          (window.devicePixelRatio || 1)));
  const scale = Math.max(1, Math.floor(pixels / cells));
  canvas.width = canvas.height = cells * scale;
  const context = canvas.getContext("2d");
  if (!context) return;  // no 2D canvas (a browser with it turned off): no picture
  context.fillStyle = "#fff";
  context.fillRect(0, 0, cells * scale, cells * scale);
  context.fillStyle = "#000";
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (row[x] === "#") {
        let end = x;
        while (end < row.length && row[end] === "#") end++;
        context.fillRect((x + 4) * scale, (y + 4) * scale, (end - x) * scale, scale);
        x = end;
      } else {
        x++;
      }
    }
  });
}

/** @param {string} filename @param {string} text */
function download(filename, text) {
  // a game file takes the table log along (assets/table-log.js, issue 41)
  if (window.coopMagicExportHook) text = window.coopMagicExportHook(text);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** @param {HTMLElement} root @param {string} name @param {ViewData} view */
function logMissing(root, name, view) {
  const keys = [...Object.keys(view.text || {}), ...Object.keys(view.lists || {}),
                ...Object.keys(view.hidden || {}), ...Object.keys(view.attrs || {})];
  const gone = keys.filter((k) => !root.querySelector(`[data-id="${cssValue(k)}"]`));
  for (const k of [...Object.keys(view.values || {}), ...Object.keys(view.options || {})]) {
    if (!root.querySelector(`[data-field="${cssValue(k)}"]`) &&
        !root.querySelector(`[data-id="${cssValue(k)}"]`)) gone.push(k);
  }
  for (const key of new Set(gone)) console.warn(`${name}: the page has no element for '${key}'`);
}

// The address and the kept view, written just after the tap's screen is painted (Chromium's
// history.replaceState alone took 5-35 ms of a tap). Only the latest of each is written; a page
// being hidden or left writes them at once, so nothing is lost.
/** @typedef {"keep" | "forget" | "revert"} SavedViewStep */
/**
 * @type {{hash: string | null, step: SavedViewStep | null, root: HTMLElement | null,
 *         due: boolean, wired: boolean}}
 */
const later = {hash: null, step: null, root: null, due: false, wired: false};
// True while the address and the kept view of the latest answer are still to be written (a
// frame away): the browser tests wait on it before they read the address (tests/browser).
window.coopMagicWritePending = () => later.due;

/** @param {HTMLElement | null} root @param {SavedViewStep} step */
function savedView(root, step) {
  try {
    if (window.coopMagicSavedView && root) window.coopMagicSavedView[step](root);
  } catch (error) {
    console.warn("saved view: " + step + " failed");
  }
}

function writeLater() {
  if (!later.due) return;
  later.due = false;
  const {hash, step, root} = later;
  later.hash = later.step = null;
  if (hash !== null) {
    history.replaceState(null, "", location.pathname + location.search + (hash ? "#" + hash : ""));
  }
  if (step !== null) savedView(root, step);  // after the address: the kept view records it
}

/** @param {HTMLElement} root @param {ViewData} view */
function afterPaint(root, view) {
  if (view.url_hash !== undefined) later.hash = view.url_hash;
  if (view.save !== undefined) {
    later.step = view.save ? "keep" : "forget";
    later.root = root;
  }
  if (later.due) return;
  later.due = true;
  if (!later.wired) {
    later.wired = true;
    addEventListener("pagehide", writeLater);
    addEventListener("visibilitychange", writeLater);
  }
  if (document.visibilityState === "hidden") setTimeout(writeLater, 0);  // no frame comes
  else requestAnimationFrame(() => setTimeout(writeLater, 0));
}

/**
 * @param {HTMLElement} root @param {string} name @param {ViewData} view
 * @param {Shown} shown
 */
export function applyView(root, name, view, shown) {
  if (isDevBuild()) logMissing(root, name, view);
  for (const [id, text] of Object.entries(view.text || {})) {
    const el = shown.find(id);
    if (!el) continue;
    // A live region is written each time a view carries it, the same words too: a refusal
    // said twice (a second tap of the same button) is read out again (issue 27, point 7).
    if (shown.changed("text", id, text) || el.hasAttribute("aria-live")) el.textContent = text;
  }
  for (const [id, options] of Object.entries(view.options || {})) {
    const el = shown.field(id);
    if (!el || !shown.changed("options", id, options)) continue;
    el.replaceChildren(...options.map(([value, label]) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = label;
      return option;
    }));
  }
  for (const [name_, value] of Object.entries(view.values || {})) {
    const el = shown.field(name_);
    if (!el) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = !!value;
    else if ("value" in el) el.value = value;
  }
  for (const [id, items] of Object.entries(view.lists || {})) {
    const el = shown.find(id);
    if (!el) continue;
    const old = shown.written.get("list " + id);
    if (!shown.changed("list", id, items)) continue;
    applyList(el, old === undefined ? [] : JSON.parse(old), items);
  }
  for (const [id, hidden] of Object.entries(view.hidden || {})) {
    const el = shown.find(id);
    if (el && shown.changed("hidden", id, !!hidden)) el.hidden = !!hidden;
  }
  for (const [id, attributes] of Object.entries(view.attrs || {})) {
    const el = shown.find(id);
    if (!el) continue;
    for (const [key, value] of Object.entries(attributes)) {
      if (shown.changed("attr", id + " " + key, value)) el.setAttribute(key, value);
    }
  }
  const errorBox = shown.find("error");
  const error = view.error || "";
  if (errorBox && "error" in view && shown.changed("error", "", error)) {
    errorBox.textContent = error;
    errorBox.hidden = !error;
  }
  if (view.url_hash !== undefined || view.save !== undefined) afterPaint(root, view);
  if (view.download) download(view.download[0], view.download[1]);
  for (const [id, rows] of Object.entries(view.qr || {})) {
    const canvas = shown.find(id);
    if (canvas instanceof HTMLCanvasElement) paintQr(root, canvas, rows);
  }
  if (view.scroll) {
    const target = shown.find(view.scroll);
    if (target && !target.hidden) scrollBelowBar(root, target);
  }
}

// Scroll ``target`` to the top of the screen, below the runner's table bar when that bar is
// stuck under the site header (docs/assets/widgets.css): the game after a turn lands just below
// the bar at rest, a card panel below the stuck bar, never under it.
/** @param {HTMLElement} root @param {HTMLElement} target */
function scrollBelowBar(root, target) {
  target.scrollIntoView({block: "start"});
  const bar = root.querySelector(".table-bar");
  if (!bar || bar.contains(target) || !bar.getClientRects().length) return;
  const covered = bar.getBoundingClientRect().bottom - target.getBoundingClientRect().top;
  if (covered > 0) window.scrollBy(0, -Math.ceil(covered) - 4);
}

// -- input too large for the worker (issue 28, point 4) ---------------------------------------
// A paste or a file beyond what Python reads is refused here, on the page, before it is read
// whole or sent to the worker: a file by its size first (File.size, nothing read), then by
// its text; Python's own checks (pyengine.widgets.paste_too_big, safejson) stay behind them.
// The words are Python's.
/** @type {Record<string, number>} */
const FILE_LIMITS = {import: MAX_SAVE_CHARS};  // saved games; other files are decklists

// Only a paste box the player can see counts (a runner's hidden set-up box is not read by
// the turn's buttons; its text is still bounded by Python's checks when it is).
/** @param {Form} form @param {HTMLElement} root */
function pasteTooBig(form, root) {
  for (const el of root.querySelectorAll("textarea[data-field]")) {
    if (el.closest("[hidden]")) continue;
    const text = form[el.getAttribute("data-field") || ""] || "";
    const message = textTooLarge(text, {});
    if (message) return message;
  }
  return null;
}

// assets/text-limits.js's check (issue 40, point 5: lines and right-to-left letters too); only
// the length if that script is missing.
/** @param {string} text @param {{what?: string}} options @returns {string | null} */
function textTooLarge(text, options) {
  const limits = window.coopMagicTextLimits;
  if (limits) return limits.tooLarge(text, options);
  return text.length > MAX_PASTE_CHARS ? `The ${options.what || "pasted text"} holds ` +
    `${text.length.toLocaleString("en")} characters; a page reads at most ` +
    `${MAX_PASTE_CHARS.toLocaleString("en")}.` : null;
}

/** @param {string} action @param {File} file */
function fileTooBig(action, file) {
  const chars = FILE_LIMITS[action] || MAX_PASTE_CHARS;
  if (file.size > 4 * chars) {  // UTF-8: at most 4 bytes a character
    return `The file is ${file.size.toLocaleString("en")} bytes; a page reads at most ` +
           `${chars.toLocaleString("en")} characters. Choose one ` +
           (FILE_LIMITS[action] ? "saved game" : "decklist") + " at a time.";
  }
  return null;
}

/** @param {string} action @param {string} text */
function fileNotText(action, text) {
  const chars = FILE_LIMITS[action] || MAX_PASTE_CHARS;
  if (!FILE_LIMITS[action]) {  // a decklist, shown in its box: the paste's limits
    const message = textTooLarge(text, {what: "file"});
    if (message) return message;
  } else if (text.length > chars) {
    return `The file holds ${text.length.toLocaleString("en")} characters; a page reads at ` +
           `most ${chars.toLocaleString("en")}.`;
  }
  if (text.slice(0, 65536).includes("\u0000")) {
    return "The file is not text (it looks like a binary file); choose a text file.";
  }
  return null;
}

/** @param {Shown} shown @param {string} message */
function refuse(shown, message) {
  const box = shown.find("error");
  if (!box) return;
  shown.changed("error", "", message);
  box.textContent = message;
  box.hidden = false;
}

// -- the view a tap was made against (issues 27.1, 28.9) ----------------------------------------
// Every tap carries the version of the view it was made against (form key _view); the worker
// (pyengine/widgets/host.py) refuses, silently, one on a game-changing button made against a
// view that is no longer the latest, and always applies counter and amount buttons. A tap is
// made against the view shown when the finger (or mouse button) came down; the second and
// third taps of a multi-tap (the browser's click count, event.detail > 1) against the view
// their first tap was made against, so one double tap is one action even when the first tap's
// answer is already on the screen. A click from the keyboard: the view shown now.
export class Taps {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.shown = "0";     // the version of the view on the screen
    /** @type {string | null} */
    this.down = null;     // the version shown when the pointer last came down on this widget
    this.first = "0";     // the version the current multi-tap's first tap was made against
    root.addEventListener("pointerdown", () => { this.down = this.shown; }, true);
  }
  /** @param {number | undefined | null} version */
  showing(version) {
    if (version !== undefined && version !== null) this.shown = String(version);
  }
  // The version a click was made against (called once per click, in the click's own task).
  /** @param {Event | null} event */
  madeAgainst(event) {
    const count = event instanceof UIEvent && event.detail ? event.detail : 0;
    if (count > 1) return this.first;
    const version = count === 1 && this.down !== null ? this.down : this.shown;
    this.down = null;
    if (count === 1) this.first = version;
    return version;
  }
}

// -- the worker -------------------------------------------------------------------------------
// PyWorker resolves URLs against the worker's own (blob:) address: give it absolute ones.
/** @param {StartOptions["config"]} config */
function workerConfig(config) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const [url, target] of Object.entries(config.files || {})) files[absolute(url)] = target;
  return {...config, interpreter: absolute(config.interpreter), files, sync_main_only: true};
}

// No string is evaluated at start (issue 40, point 6: the pages' policy has no 'unsafe-eval').
// PyScript 0.7 makes a worker's function hooks into code with Function() whenever a worker is
// made with any registered, and it registers one of its own (a worker's `_pyscript` module,
// for pyscript.fs, which the engine does not use): whether that ran depended on when its
// start-up code had finished (5 of 20 starts failed without 'unsafe-eval', all at that one
// Function() call). With the worker's function hooks emptied, every start takes the path the
// others took, and nothing needs string evaluation (Pyodide compiles its WebAssembly under
// 'wasm-unsafe-eval', which is not string evaluation).
/** @param {{worker?: Record<string, unknown>} | undefined} hooks */
function withoutWorkerHooks(hooks) {
  for (const [name, set] of Object.entries((hooks && hooks.worker) || {})) {
    if (name.startsWith("on") && set && typeof set === "object" && "clear" in set &&
        typeof set.clear === "function") set.clear();
  }
}

/** @param {StartOptions} options @returns {Promise<PyWorkerHandle>} */
async function startWorker(options) {
  const {snapshot: key, ...plain} = workerConfig(options.config);
  // Repeat visits start from a memory snapshot when one is kept (assets/snapshot.js). Its
  // module is asked for with PyScript's, not after it: neither needs the other.
  const snapshotModule = key ? import("./snapshot.js").catch(() => null) : null;
  const {PyWorker, hooks} = await import(options.core);
  withoutWorkerHooks(hooks);
  const snapshot = await snapshotModule;
  const config = snapshot ? snapshot.interpreterConfig(plain, key) : plain;
  if (snapshot && key) {
    options.snapshot = () => snapshot.makeLater({key, interpreter: plain.interpreter,
                                                 zip: Object.keys(plain.files)[0]});
  }
  return PyWorker(absolute(options.worker), {type: "pyodide", version: config.interpreter,
                                             config});
}

// -- a worker whose Python dies (issue 28, point 5) ---------------------------------------------
// Python answers every message it gets (pyengine.widgets.host.Host never raises), so a message
// that fails means Python itself stopped (a fatal error: the stack ran out, the interpreter
// was lost). The engine then starts a new worker, once for all the page's widgets, and each
// widget starts again there from its saved game (the slots in storage) and says so once.
const RESTARTED = "Python stopped working and was started again from the saved game; " +
                  "the last tap was not applied.";
// The same when the message that failed was a lookup's answer (card pictures, card data), not
// a tap: every tap's game was saved before it (issue 40), so none is said to be lost.
const RESTARTED_LOOKUP = "Python stopped working and was started again from the saved game, " +
                         "with every tap; a card lookup's answer was left out.";
// Until Python is up (its worker's first answer, to `listen`), a message waits at most this
// long: starting Python itself (downloading and loading it) sends no sign of life. A test may
// shorten it (window.coopMagicAnswerTimeoutMs).
const ANSWER_TIMEOUT_MS = 60000;
// Once Python is up, a worker that dies or hangs is noticed within 5 s (issue 40, point 3): a
// message is watched by a heartbeat, and a worker that has neither answered nor beaten for
// HANG_MS is taken for dead and replaced as above. What beats is Python's progress, not an
// idle worker's echo (a worker busy with a long, legitimate computation cannot echo): Python
// posts a token of the engine's to the page while it applies engine actions, draws at random,
// reads cards (replays, the "How hard is this?" games, the full card data) and imports or
// opens files (pyengine.browser, listen), so a long computation goes on as long as it makes
// progress, and a pattern stuck on one string, a loop that never ends or a terminated worker
// is stopped within 5 s. The watch is checked every CHECK_MS; a check that comes late (this
// page's own thread was held up, or the tab is in the background) judges nothing, as the
// beats may still be queued behind it.
const HANG_MS = 4000;
const CHECK_MS = 250;

// An error that says Python gave no answer (or no sign of life) in time.
class TimedOut extends Error {
  timedOut = true;
}

/** @template T @param {Promise<T>} promise @returns {Promise<T>} */
function answerWithin(promise) {
  const ms = Number(window.coopMagicAnswerTimeoutMs) || ANSWER_TIMEOUT_MS;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((resolve, reject) => {
    timer = setTimeout(() => {
      reject(new TimedOut(`Python gave no answer in ${ms / 1000} s`));
    }, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// The answer to `promise`, or an error (timedOut) once `engine` has had no sign of life from
// Python for HANG_MS (see above).
/** @template T @param {Promise<T>} promise @param {Engine} engine @returns {Promise<T>} */
function watched(promise, engine) {
  const ms = Number(window.coopMagicHangMs) || HANG_MS;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const hung = new Promise((resolve, reject) => {
    let sign = performance.now();
    let checked = sign;
    timer = setInterval(() => {
      const now = performance.now();
      if (now - checked > 3 * CHECK_MS) sign = now;  // a late check judges nothing
      checked = now;
      sign = Math.max(sign, engine.sign);
      if (now - sign > ms) reject(new TimedOut(`Python gave no sign of life for ${ms / 1000} s`));
    }, CHECK_MS);
  });
  return Promise.race([promise, hung]).finally(() => clearInterval(timer));
}

class Engine {
  /** @param {StartOptions} options @param {PyWorkerHandle} worker */
  constructor(options, worker) {
    this.options = options;
    this.current = worker;
    /** @type {Promise<PyWorkerHandle> | null} */
    this.restarting = null;
    this.sign = 0;         // when Python last beat (performance.now())
    this.live = this.listen(worker);
  }
  // Python's beats are a token of this worker's own, which it posts to the page (a message
  // PyScript's own listeners let by); resolves once Python is up and beating, and fails as
  // the start would when Python never comes up.
  /** @param {PyWorkerHandle} worker @returns {Promise<boolean>} */
  listen(worker) {
    const token = "coop-magic-beat:" + Math.random().toString(36).slice(2);
    worker.addEventListener("message", (event) => {
      if (event.data === token && worker === this.current) this.sign = performance.now();
    });
    const live = answerWithin(worker.sync.listen(token)).then(() => true);
    live.catch(() => undefined);  // said by the message that waits on it
    return live;
  }
  // The answer to `call(sync)`, a message to the current worker: watched by the heartbeat
  // once Python is up.
  /** @param {(sync: Sync) => Promise<string>} call @returns {Promise<string>} */
  async ask(call) {
    const worker = this.current;
    const live = await this.live;
    if (worker !== this.current) throw new Error("the worker was replaced meanwhile");
    return live ? watched(call(worker.sync), this) : answerWithin(call(worker.sync));
  }
  // A new worker instead of `dead` (nothing if another widget has already replaced it).
  /** @param {PyWorkerHandle} dead @returns {Promise<PyWorkerHandle>} */
  restart(dead) {
    if (this.current !== dead) return Promise.resolve(this.current);
    if (!this.restarting) {
      this.restarting = startWorker(this.options).then((worker) => {
        try { dead.terminate(); } catch (error) { /* gone already */ }
        this.current = worker;
        this.live = this.listen(worker);
        this.restarting = null;
        return worker;
      }, (error) => {
        this.restarting = null;
        throw error;
      });
    }
    return this.restarting;
  }
}

/** @returns {Omit<PageInfo, "slots">} */
function pageInfo() {
  const fragment = String(location.hash || "");
  const connection = navigator.connection;
  return {
    page_url: location.origin + location.pathname + (location.search || ""),
    url_hash: fragment.startsWith("#") ? fragment.slice(1) : fragment,
    save_data: !!(connection && connection.saveData),
  };
}

/**
 * The worker's answer, from its JSON text. Python's Host writes it from the same TypedDicts
 * these types are written from (tests/test_widgets_messages.py holds its answers to them).
 * @param {string} text @returns {Answer}
 */
function parseAnswer(text) {
  return JSON.parse(text);
}

/** An error for the console: its stack where it has one. @param {unknown} error */
function described(error) {
  return String(error instanceof Error && error.stack || error);
}

/** @param {Answer} answer */
function logLines(answer) {
  for (const line of answer.log || []) console.warn(line);
}

// One widget on the page: its first view from the worker, then its events.
/**
 * @param {Engine} worker @param {HTMLElement} root
 * @param {StartOptions["failed"]} failed
 */
async function serve(worker, root, failed) {
  const name = root.getAttribute("data-widget") || "";
  const shown = new Shown(root);
  const taps = new Taps(root);
  const slots = new Slots(name);
  const stored = slots.read();
  wireKeeping(root, name, slots);
  // A paste or drop refused before the browser inserted it (assets/saves.js).
  root.addEventListener("coop-magic:refused", (event) => {
    if (event instanceof CustomEvent) refuse(shown, String(event.detail));
  });
  /** @type {FetchData[]} */
  const queue = [];  // requests to make, one at a time (View.fetches)
  let fetching = false;
  /** @type {Promise<void>} */
  let chain = Promise.resolve();
  let pending = 0;  // actions asked and not yet shown (and files being read)
  /** @type {import("./live-table.js").LiveTable | null} */
  let live = null;  // the live table (assets/live-table.js): other phones follow this game
  // aria-busy on the root while an action is on its way: assistive technology waits for the
  // answer, and so do the tests (tests/browser/conftest.py).
  /** @param {number} step */
  function busy(step) {
    pending += step;
    if (pending > 0) root.setAttribute("aria-busy", "true");
    else root.removeAttribute("aria-busy");
  }

  // asked: the fields as they were when the action was asked. A field the player has changed
  // since (typing on while Python answered) keeps what they typed: its own change event
  // brings it to Python next.
  /** @param {Answer} answer @param {Form | null} asked */
  function show(answer, asked) {
    taps.showing(answer.version);
    if (answer.stale) {  // a second tap on a view already answered: nothing to show or say
      document.dispatchEvent(new CustomEvent("coop-magic:done"));
      return;
    }
    // The save is on the device before its view shows; one that is not is not kept as the
    // view shown before Python either.
    if (!slots.write(answer.writes)) delete answer.view.save;
    logLines(answer);
    if (asked && answer.view.values) {
      const now = readForm(root);
      for (const field of Object.keys(answer.view.values)) {
        if (field in asked && now[field] !== asked[field]) delete answer.view.values[field];
      }
    }
    applyView(root, name, answer.view, shown);
    document.dispatchEvent(new CustomEvent("coop-magic:done"));
    if (answer.view.fetches) {
      queue.push(...answer.view.fetches);
      if (!fetching) drain();
    }
  }

  // An action, with the fields as they are now; answers are shown in the order asked. Once
  // another tab has changed this game, play here waits until the player chooses (reload it or
  // keep this one as a copy: issue 40, point 7): a tap only brings that choice to hand.
  /** @param {string} action @param {Partial<Record<AdapterKey, string>>} [extra] */
  function run(action, extra) {
    if (live && live.intercept(action, extra || {})) return chain;  // a following phone
    if (slots.stopped === "other-tab") {
      const choice = shown.find("other-tab-reload");
      if (choice) choice.focus();
      return chain;
    }
    const online = navigator.onLine === false ? "" : "on";  // no lookups offline
    const fields = readForm(root);
    const tooBig = pasteTooBig(fields, root);
    if (tooBig) {
      refuse(shown, tooBig);
      return chain;
    }
    const form = {...fields, _page: location.origin + location.pathname,
                  _online: online, ...(extra || {})};
    busy(1);
    chain = chain.then(async () => {
      /** @type {Answer} */
      let answer;
      try {
        if (worker.current !== startedOn) {  // another widget's tap restarted the worker
          answer = await startAgain(false);
        } else {
          answer = parseAnswer(await worker.ask(
            (sync) => sync.handle(name, action, JSON.stringify(form))));
        }
      } catch (error) {
        console.warn(described(error));
        answer = await startAgain(true, !!extra && "_status" in extra);
      }
      try {
        if (live) live.answered(answer, extra);
        show(answer, fields);
      } catch (error) {  // the next action must still run
        console.warn(described(error));
      } finally {
        busy(-1);
      }
    });
    return chain;
  }

  /** @param {FetchData} fetchRequest @returns {Promise<[string, string]>} */
  async function request(fetchRequest) {
    /** @type {RequestInit} */
    const init = {method: fetchRequest.method};
    if (fetchRequest.body !== null && fetchRequest.body !== undefined) {
      init.body = fetchRequest.body;
      init.headers = {"Content-Type": "application/json"};
    }
    try {
      const response = await fetch(fetchRequest.url, init);
      return [String(response.status), await response.text()];
    } catch (error) {
      return ["offline", ""];
    }
  }

  async function drain() {
    fetching = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [status, body] = await request(next);
        await run(next.action, {_status: status, _body: body, _tag: next.tag});
        await new Promise((resolve) => setTimeout(resolve, FETCH_GAP_MS));
      }
    } finally {
      fetching = false;
    }
  }

  // The widget's events, wired once Python has started it (nothing reaches Python before).
  function wire() {
    // A slider shows its value in its <output for="..."> (issue 42: the values were hidden).
    root.querySelectorAll("input[type=range]").forEach((el) => {
      const shown = el.id && root.querySelector(`output[for="${el.id}"]`);
      if (!(shown instanceof HTMLOutputElement) || !(el instanceof HTMLInputElement)) return;
      const show = () => { shown.value = el.value; };
      show();
      el.addEventListener("input", show);
    });
    root.addEventListener("click", (event) => {
      const target = event.target instanceof Element &&
                     event.target.closest("[data-item-action]");
      if (target && root.contains(target)) {
        run(target.getAttribute("data-item-action") || "",
            {_item: target.getAttribute("data-item") || "", _view: taps.madeAgainst(event)});
      }
    });
    root.querySelectorAll("[data-file]").forEach((el) => {
      if (!(el instanceof HTMLInputElement)) return;  // a file chooser is an <input type=file>
      el.addEventListener("change", async () => {
        const chosen = el.files && el.files.length ? el.files[0] : null;
        if (!chosen) return;
        const action = el.getAttribute("data-file") || "";
        const tooBig = fileTooBig(action, chosen);
        if (tooBig) {
          el.value = "";
          refuse(shown, tooBig);
          return;
        }
        busy(1);  // busy from the choice on, while the file is read
        try {
          const text = await chosen.text();
          el.value = "";
          const notText = fileNotText(action, text);
          if (notText) refuse(shown, notText);
          else run(action, {_file: text});
        } finally {
          busy(-1);
        }
      });
    });
    root.querySelectorAll("[data-action]").forEach((el) => {
      el.addEventListener("click", (event) => {
        run(el.getAttribute("data-action") || "", {_view: taps.madeAgainst(event)});
      });
    });
    root.querySelectorAll("[data-change]").forEach((el) => {
      el.addEventListener("change", () => run(el.getAttribute("data-change") || ""));
    });
  }

  // This widget started on a new worker, from its saved game; `died`: its own message found
  // Python dead (a new worker is started first). The answer is shown as any other, with the
  // line saying so; if even that fails, the plain "unexpected" line.
  /** @param {boolean} died @param {boolean} [lookup] @returns {Promise<Answer>} */
  async function startAgain(died, lookup) {
    try {
      if (died) await worker.restart(startedOn);
      const next = worker.current;
      /** @type {PageInfo} */
      const page = {...pageInfo(), slots: slots.read()};
      const first = parseAnswer(await worker.ask(
        (sync) => sync.start(name, JSON.stringify(page))));
      startedOn = next;
      first.view.text = {...(first.view.text || {}),
                         "saves-note": lookup ? RESTARTED_LOOKUP : RESTARTED};
      first.view.hidden = {...(first.view.hidden || {}), "saves-note": false};
      console.warn("the rules engine was restarted from the saved game");
      return first;
    } catch (error) {
      console.warn(described(error));
      // the page's own answer: the version on the screen stays
      return {view: {error: UNEXPECTED}, writes: {}, log: [], version: Number(taps.shown)};
    }
  }

  let startedOn = worker.current;
  /** @type {Answer} */
  let answer;
  try {
    /** @type {PageInfo} */
    const page = {...pageInfo(), slots: stored};
    answer = parseAnswer(await worker.ask((sync) => sync.start(name, JSON.stringify(page))));
  } catch (error) {
    // Python started but the engine did not, or never answered (then its worker is stopped,
    // so it no longer takes the phone's processor): say so, and stay disabled. The saved
    // game stays as it is in storage.
    console.error("the rules engine could not start: " + described(error));
    if (error instanceof TimedOut && worker.current === startedOn) {
      try { startedOn.terminate(); } catch (stopped) { /* gone already */ }
    }
    if (failed) failed(null, "This page could not start. Reload it; a saved game is kept.");
    return;
  }
  // What the player typed while Python started is kept (assets/saves.js marks it).
  root.querySelectorAll("[data-field][data-typed]").forEach((el) => {
    if (answer.view.values) delete answer.view.values[el.getAttribute("data-field") || ""];
  });
  if (!slots.write(answer.writes)) delete answer.view.save;
  logLines(answer);
  taps.showing(answer.version);
  savedView(root, "revert");  // the page as built, then this widget's own first view
  applyView(root, name, answer.view, shown);
  if (stored.game && answer.view.save === undefined && !slots.stopped) savedView(root, "keep");
  live = liveTable(root, name, {
    run, apply: (view) => applyView(root, name, view, shown), form: () => readForm(root),
    qr: (text) => worker.ask((sync) => sync.qr(text)), paint: (c, rows) => paintQr(root, c, rows),
    saved: () => slots.mine, saveKey: slots.key});
  if (live) live.answered(answer, null);
  wire();
  root.querySelectorAll("[data-typed]").forEach((el) => el.removeAttribute("data-typed"));
  root.querySelectorAll("[disabled][data-action]").forEach((el) => el.removeAttribute("disabled"));
  const loading = shown.find("loading");
  if (loading) loading.hidden = true;
  root.setAttribute("data-ready", "true");
  // A User Timing mark, so profilers and Lighthouse see when the tool became usable.
  performance.mark("widget-ready:" + name);
  if (answer.view.fetches) {
    queue.push(...answer.view.fetches);
    if (!fetching) drain();
  }
}

// Start Python in a worker and serve every widget on the page. options: core (PyScript's
// module), worker (the worker's Python file), config (PyScript config: interpreter, files),
// failed(error, message) (called when Python or the engine cannot start; message: what to say
// instead of the loader's own words about the download).
/** @param {StartOptions} options */
export async function start(options) {
  /** @type {NodeListOf<HTMLElement>} */
  const roots = document.querySelectorAll("[data-widget]");
  if (!roots.length) return;
  /** @type {Engine} */
  let worker;
  try {
    worker = new Engine(options, await startWorker(options));
  } catch (error) {
    if (options.failed) options.failed(error);
    return;
  }
  const serveOne = (/** @type {HTMLElement} */ root) => serve(worker, root, options.failed);
  await Promise.all(Array.from(roots, serveOne));
  if (options.snapshot) options.snapshot().catch(() => undefined);  // once ready and idle
}
