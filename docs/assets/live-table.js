// @ts-check
// The live table (issue 44): one game on every phone at the table, with no server.
//
// The game's phone (the authority) holds the game: its worker runs it as on any play page. Up
// to six other phones (followers) connect to it directly over WebRTC data channels with no ICE
// servers at all (no STUN, no TURN, no signalling server: `iceServers: []`, so only the phones'
// own host addresses, mDNS names on most browsers, are tried; nothing leaves the local network).
// The two descriptions a connection needs are exchanged once by hand: the game's phone shows a
// join code (a QR code and the same code as text), the player's phone scans or pastes it and
// shows its answer code the same way. A code is the SDP stripped to what the connection needs
// (ICE user name and password, DTLS fingerprint, role, host candidates), packed as JSON,
// deflated and written in base64url.
//
// The authority sends each view its worker answers (pyengine.widgets.host: text, lists,
// hidden, attributes, QR rows) to every follower; a follower that joins gets every key's
// latest value at once. A follower's taps go to the authority as table actions, which it
// applies through its own adapter (the same path as its own taps) or refuses: only the actions
// a player could tap there and then (TABLE below, and the button or card must be on the game's
// phone's screen), only for the follower's own team's totals on the Team Commander table, only
// small messages parsed as JSON data with a fixed shape. Nothing received is ever set as HTML;
// the adapter writes text, and the follower's side keeps only the view's known parts.
//
// widget-host.js makes one LiveTable per runner/table widget (liveTable below) and calls
// intercept (a follower's tap goes to the table instead of its own worker) and answered (each
// answer the widget shows). Everything else is here.

/** Most phones that follow one game. */
export const MAX_FOLLOWERS = 6;
/** A follower's message, in characters (a tap: an action, a card, an amount). */
export const MAX_FOLLOWER_MESSAGE = 2048;
/** An authority's message, in characters once its parts are put together (a view). */
export const MAX_AUTHORITY_MESSAGE = 4000000;
/** A data channel message's part (Chromium takes at most 256 KiB in one message). */
const PART_CHARS = 60000;
/** A join or answer code's length that is read at all, in characters. */
const MAX_CODE_CHARS = 2000;
/** How long a pairing may take before the page says the network keeps the phones apart. */
const CONNECT_MS = 6000;
/** How long the phone gathers its own addresses for a code. */
const GATHER_MS = 3000;
/** Every phone at a table says it is there this often (a heartbeat, in ms). A follower that
 * has heard nothing from the game's phone for QUIET_BEATS beats says the game's phone is not
 * answering (its screen is off, or it left without a word); the game's phone frees the seat of
 * a follower it has not heard from for DROP_MS (a phone asleep longer than that, or gone: it
 * follows again with a new join code, as the same player). */
const BEAT_MS = 2000;
const QUIET_BEATS = 3;
const DROP_MS = 45000;
/** A follower's messages: a burst of at most FLOOD_BURST, then FLOOD_RATE a second (a token
 * bucket); more are dropped, with one refusal a second at most. */
const FLOOD_BURST = 20;
const FLOOD_RATE = 10;

/** A number the browser tests may set smaller on `window` (coopMagicLive…), else `fallback`.
 * @param {string} name @param {number} fallback */
function tunable(name, fallback) {
  return Number(/** @type {any} */ (window)["coopMagicLive" + name]) || fallback;
}

/** @typedef {{id: string, name: string, seat: number|null, pc: RTCPeerConnection,
 *   channel: RTCDataChannel, heard: number, tokens: number, filled: number, warned: number}}
 *   Follower */

/** The actions a player at the table may send from another phone, per widget: buttons by
 * their data-action, board items by their data-item-action, the form fields a button reads
 * (each with its pattern), and for the Team Commander table which totals are the follower's.
 * @typedef {{buttons: string[], items: string[], fields: Object<string, RegExp>,
 *            seats: number}} TableActions */
/** @type {Object<string, TableActions>} */
export const TABLE = {
  horde: {
    buttons: ["hit", "life-down", "life-up", "gain", "destroy", "exile", "bounce", "to-top",
              "tap", "untap-one", "counter", "hunt", "gain-control", "return-control",
              "close-panel", "choose-several", "destroy-marked"],
    items: ["pick", "mark"],
    fields: {amount: /^[0-9]{1,3}$/, combat: /^(on)?$/},
    seats: 0,
  },
  swarm: {
    buttons: ["damage", "lose-life", "poison", "survivor-poison", "life-down", "life-up",
              "dies", "destroy", "exile", "bounce", "to-top", "to-bottom", "counter",
              "gain-control", "return-control", "close-panel", "choose-several",
              "destroy-marked"],
    items: ["pick-card", "mark"],
    fields: {amount: /^[0-9]{1,3}$/},
    seats: 0,
  },
  team: {buttons: [], items: [], fields: {}, seats: 6},
};
/** Team Commander: a total of one team (life, poison, commander damage taken). */
const TEAM_TOTAL = /^(life|poison):([0-5]):-?[0-9]{1,2}$|^cmd:([0-5]):[0-9]:-?[0-9]{1,2}$/;
const ACTION_NAME = /^[a-z0-9:+-]{1,40}$/;
const ITEM_VALUE = /^[A-Za-z0-9 _.:-]{0,40}$/;

// -- the codes --------------------------------------------------------------------------------
/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** @param {Uint8Array} bytes @param {"CompressionStream"|"DecompressionStream"} way
 * @param {number} most  bytes read at most */
async function squeeze(bytes, way, most) {
  const Stream = way === "CompressionStream" ? CompressionStream : DecompressionStream;
  const stream = new Blob([/** @type {BlobPart} */ (bytes)]).stream().pipeThrough(new Stream("deflate-raw"));
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.length;
    if (size > most) {
      await reader.cancel();
      throw new Error("too long");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const CANDIDATE = /^a=candidate:(\S{1,32}) 1 udp (\d{1,10}) ([A-Za-z0-9.:-]{1,64}) (\d{1,5}) typ host/;

/** What a connection needs of an SDP description: [user, password, fingerprint, setup,
 * [[foundation, priority, address, port], ...]].
 * @param {string} sdp @returns {[string, string, string, string, Array<[string, number, string, number]>]} */
export function strip(sdp) {
  const line = (/** @type {RegExp} */ pattern) => {
    const found = sdp.match(pattern);
    if (!found) throw new Error("the browser's description has no " + pattern.source);
    return found[1];
  };
  const fingerprint = line(/^a=fingerprint:sha-256 ([0-9A-F:]{95})\r?$/m);
  const bytes = Uint8Array.from(fingerprint.split(":"), (hex) => parseInt(hex, 16));
  /** @type {Array<[string, number, string, number]>} */
  const candidates = [];
  const noCandidates = /** @type {any} */ (window).coopMagicLiveNoCandidates === true;
  for (const text of sdp.split(/\r?\n/)) {
    const found = text.match(CANDIDATE);
    if (found && !noCandidates) candidates.push([found[1], Number(found[2]), found[3], Number(found[4])]);
  }
  return [line(/^a=ice-ufrag:(\S+)\r?$/m), line(/^a=ice-pwd:(\S+)\r?$/m), base64url(bytes),
          line(/^a=setup:(\S+)\r?$/m), candidates];
}

/** An SDP description from what strip kept.
 * @param {[string, string, string, string, Array<[string, number, string, number]>]} kept */
export function rebuild(kept) {
  const [user, password, fingerprint, setup, candidates] = kept;
  const hex = Array.from(fromBase64url(fingerprint),
                         (byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(":");
  return ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
          "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
          "c=IN IP4 0.0.0.0",
          ...candidates.map(([f, priority, address, port]) =>
            `a=candidate:${f} 1 udp ${priority} ${address} ${port} typ host generation 0`),
          `a=ice-ufrag:${user}`, `a=ice-pwd:${password}`, "a=ice-options:trickle",
          `a=fingerprint:sha-256 ${hex}`, `a=setup:${setup}`, "a=mid:0", "a=sctp-port:5000",
          "a=max-message-size:262144", ""].join("\r\n");
}

/** The codes' format: a code that names another was made by another version of this page.
 * Version 3: the two phones make the one data channel themselves (CHANNEL); a version 2 phone
 * waited for the game's phone to announce it, and would wait for ever. */
export const CODE_VERSION = 3;
/** A join code names the page whose game it joins (a letter), so a phone on another page
 * says which page to open instead of following the wrong game. */
const PAGE_TAGS = {horde: "h", swarm: "s", team: "t"};
/** @type {Object<string, string>} */
const PAGE_NAMES = {h: "the Horde page (play/horde.html)", s: "the Swarm page (play/swarm.html)",
                    t: "the Team Commander page (play/team.html)"};
/** @param {string} widget */
export const pageTag = (widget) => /** @type {Object<string, string>} */ (PAGE_TAGS)[widget] || "";

/** A code from its parts: a letter (J: a join code, A: an answer code), then the parts as JSON,
 * deflated, in base64url. @param {"J"|"A"} kind @param {unknown[]} parts */
export async function encodeCode(kind, parts) {
  const json = new TextEncoder().encode(JSON.stringify(parts));
  return kind + base64url(await squeeze(json, "CompressionStream", 8192));
}

/** The code of a description: [CODE_VERSION, tag, ...what strip kept]. A join code's tag is its
 * page's letter; an answer code's is the join code's ICE user name, so the game's phone knows
 * which of its join codes an answer answers.
 * @param {"J"|"A"} kind @param {string} sdp @param {string} tag */
export async function pack(kind, sdp, tag) {
  return encodeCode(kind, [CODE_VERSION, tag, ...strip(sdp)]);
}

const SAFE = /^[A-Za-z0-9+/_=-]{4,256}$/;
/** Text that is a web address or another app's code (a QR code for a Wi-Fi, a contact…). */
const OTHER_DATA = /^[A-Za-z][A-Za-z0-9+.-]{0,20}:/;

/** The description in a code, checked part by part; an Error in plain words otherwise (never
 * anything thrown by the browser: every cause is wrapped).
 * @param {"J"|"A"} kind @param {string} code
 * @param {string} tag  what the code must name (a join code: this page's letter; an answer
 *   code: the ICE user name of the join code shown now)
 * @returns {Promise<{sdp: string, user: string}>} */
export async function unpack(kind, code, tag) {
  const what = kind === "J" ? "the game's phone's join code" : "a player's answer code";
  const text = String(code || "").replace(/\s+/g, "");
  if (!text) throw new Error(`Paste ${what} first.`);
  if (text.length > MAX_CODE_CHARS) {
    throw new Error(`That is ${text.length} characters long; ${what} is at most ` +
                    `${MAX_CODE_CHARS}.`);
  }
  const other = kind === "J" ? "A" : "J";
  if (text[0] === other) {
    throw new Error(kind === "J" ? "That is a player's answer code; paste it on the game's " +
                                   "phone, and paste the game's join code here."
                                 : "That is a join code; paste it on a player's phone, and " +
                                   "paste the player's answer code here.");
  }
  if (OTHER_DATA.test(text)) {
    throw new Error(`That is a web address or another app's code, not ${what} ` +
                    `(it starts with ${kind}).`);
  }
  const whole = `That is not ${what}, or only a part of one: copy all of it (it starts with ` +
                `${kind}).`;
  /** @type {any} */
  let kept;
  try {
    if (text[0] !== kind || !/^[A-Za-z0-9_-]+$/.test(text.slice(1))) throw new Error("letter");
    const json = await squeeze(fromBase64url(text.slice(1)), "DecompressionStream", 8192);
    kept = JSON.parse(new TextDecoder().decode(json));
  } catch (error) {
    throw new Error(whole, {cause: error});
  }
  if (Array.isArray(kept) && (kept.length === 5 ||
      (typeof kept[0] === "number" && kept[0] < CODE_VERSION))) {
    throw new Error("That code was made by an older version of this page: reload the page " +
                    "on the phone that shows it, and make a new code there.");
  }
  if (Array.isArray(kept) && typeof kept[0] === "number" && kept[0] > CODE_VERSION) {
    throw new Error("That code was made by a newer version of this page: reload this page " +
                    "(it then updates itself), and try again.");
  }
  const okCandidate = (/** @type {any} */ c) => Array.isArray(c) && c.length === 4 &&
    typeof c[0] === "string" && /^\S{1,32}$/.test(c[0]) && Number.isInteger(c[1]) &&
    typeof c[2] === "string" && /^[A-Za-z0-9.:-]{1,64}$/.test(c[2]) &&
    Number.isInteger(c[3]) && c[3] > 0 && c[3] < 65536;
  if (!Array.isArray(kept) || kept.length !== 7 || kept[0] !== CODE_VERSION ||
      typeof kept[1] !== "string" || !kept.slice(2, 5).every(
        (part) => typeof part === "string" && SAFE.test(part)) ||
      !["actpass", "active", "passive"].includes(kept[5]) || !Array.isArray(kept[6]) ||
      kept[6].length > 16 || !kept[6].every(okCandidate) || !/^[A-Za-z0-9_-]{43}$/.test(kept[4])) {
    throw new Error(whole);
  }
  if (kept[1] !== tag) {
    throw new Error(kind === "J"
      ? `That join code is for ${PAGE_NAMES[kept[1]] || "another page"}: open that page on ` +
        "this phone to follow that game."
      : "That answer code answers another join code than the one shown now (an older one, " +
        "or another game's): the player pastes or scans this one, and shows its new answer.");
  }
  const parts = /** @type {[string, string, string, string, Array<[string, number, string, number]>]} */ (
    kept.slice(2));
  return {sdp: rebuild(parts), user: parts[0]};
}

/** Wait until the connection has gathered its own addresses (at most GATHER_MS).
 * @param {RTCPeerConnection} pc */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      resolve(undefined);
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, Number(/** @type {any} */ (window).coopMagicLiveGatherMs) || GATHER_MS);
  });
}

/** The one data channel of a pairing, made by each phone itself with the same number (not
 * announced by the game's phone over the connection): nothing to wait for or to miss. With
 * the announced channel, Chromium under load was seen to fire "open" twice on the player's
 * phone and to lose its first message (the player's hello), leaving both phones connected
 * and waiting for each other (issue 44). */
const CHANNEL = {ordered: true, negotiated: true, id: 0};

/** A connection with no ICE servers: only the phone's own addresses. */
function newConnection() {
  return new RTCPeerConnection({iceServers: []});
}

// -- messages ---------------------------------------------------------------------------------
/** Send `message` as JSON, in parts when it is long.
 * @param {RTCDataChannel} channel @param {object} message */
function send(channel, message) {
  if (channel.readyState !== "open") return;
  const text = JSON.stringify(message);
  if (text.length <= PART_CHARS) {
    channel.send(text);
    return;
  }
  const count = Math.ceil(text.length / PART_CHARS);
  for (let i = 0; i < count; i++) {
    channel.send(JSON.stringify({t: "part", i, n: count,
                                 s: text.slice(i * PART_CHARS, (i + 1) * PART_CHARS)}));
  }
}

/** Reads one channel's messages: parts put together, each whole message at most `most`
 * characters, parsed as JSON data (never evaluated); null for anything else. */
class Reader {
  /** @param {number} most */
  constructor(most) {
    this.most = most;
    /** @type {string[]} */
    this.parts = [];
  }
  /** @param {unknown} data @returns {any} */
  read(data) {
    if (typeof data !== "string" || data.length > Math.min(this.most, PART_CHARS + 200)) {
      return null;
    }
    let message;
    try {
      message = JSON.parse(data);
    } catch (error) {
      return null;
    }
    if (!message || typeof message !== "object" || Array.isArray(message)) return null;
    if (message.t !== "part") return message;
    const {i, n, s} = message;
    if (!Number.isInteger(i) || !Number.isInteger(n) || typeof s !== "string" ||
        i !== this.parts.length || n * PART_CHARS > this.most || i >= n) {
      this.parts = [];
      return null;
    }
    this.parts.push(s);
    if (this.parts.length < n) return null;
    const whole = this.parts.join("");
    this.parts = [];
    return parseWhole(whole, this.most);
  }
}

/** @param {string} text @param {number} most */
function parseWhole(text, most) {
  if (text.length > most) return null;
  try {
    const message = JSON.parse(text);
    return message && typeof message === "object" && !Array.isArray(message) ? message : null;
  } catch (error) {
    return null;
  }
}

const isObject = (/** @type {unknown} */ value) =>
  !!value && typeof value === "object" && !Array.isArray(value);
const SAFE_ATTRIBUTE = /^(aria-[a-z-]{1,30}|data-[a-z-]{1,30}|class|title|role|alt|min|max|disabled)$/;
const SAFE_LINK = /^(https:\/\/|\.{0,2}\/|#)/;

/** The parts of a view a follower shows, rebuilt from the authority's message: only strings,
 * booleans and lists of plain items; links and pictures only to https or this site; attributes
 * only the harmless ones (no event handlers, no addresses).
 * @param {any} view @returns {any} */
export function cleanView(view) {
  /** @type {any} */
  const out = {};
  if (!isObject(view)) return out;
  const strings = (/** @type {any} */ map) => Object.fromEntries(Object.entries(
    isObject(map) ? map : {}).filter(([, v]) => typeof v === "string"));
  out.text = strings(view.text);
  out.hidden = Object.fromEntries(Object.entries(isObject(view.hidden) ? view.hidden : {})
    .filter(([, v]) => typeof v === "boolean"));
  out.attrs = Object.fromEntries(Object.entries(isObject(view.attrs) ? view.attrs : {})
    .filter(([, v]) => isObject(v))
    .map(([k, v]) => [k, Object.fromEntries(Object.entries(v).filter(
      ([name, value]) => SAFE_ATTRIBUTE.test(name) && typeof value === "string"))]));
  out.lists = {};
  for (const [key, items] of Object.entries(isObject(view.lists) ? view.lists : {})) {
    if (!Array.isArray(items)) continue;
    out.lists[key] = items.filter(isObject).map((/** @type {any} */ item) => {
      /** @type {any} */
      const clean = {text: typeof item.text === "string" ? item.text : ""};
      for (const part of ["action", "value", "cls", "image_alt"]) {
        if (typeof item[part] === "string") clean[part] = item[part];
      }
      for (const part of ["href", "image"]) {
        if (typeof item[part] === "string" && SAFE_LINK.test(item[part])) clean[part] = item[part];
      }
      if (typeof item.pressed === "boolean") clean.pressed = item.pressed;
      return clean;
    });
  }
  out.qr = Object.fromEntries(Object.entries(isObject(view.qr) ? view.qr : {}).filter(
    ([, rows]) => Array.isArray(rows) && rows.length <= 200 &&
      rows.every((/** @type {unknown} */ row) => typeof row === "string" && /^[#.]{0,200}$/.test(row))));
  out.options = Object.fromEntries(Object.entries(isObject(view.options) ? view.options : {})
    .filter(([, list]) => Array.isArray(list) && list.every(
      (/** @type {unknown} */ pair) => Array.isArray(pair) && pair.length === 2 &&
        pair.every((part) => typeof part === "string"))));
  if (typeof view.error === "string") out.error = view.error;
  return out;
}

/** The authority's picture of its own screen: every key's latest value, as the views set them.
 * @param {any} into @param {any} view */
function merge(into, view) {
  for (const kind of ["text", "hidden", "lists", "qr", "options"]) {
    into[kind] = {...(into[kind] || {}), ...(view[kind] || {})};
  }
  into.attrs = into.attrs || {};
  for (const [id, attributes] of Object.entries(view.attrs || {})) {
    into.attrs[id] = {...(into.attrs[id] || {}), ...attributes};
  }
  if ("error" in view) into.error = view.error;
}

/** Only what a follower shows of a view (never the saves, the address, downloads or
 * requests, which stay the game's phone's). @param {any} view */
function forFollowers(view) {
  const {text, hidden, lists, qr, options, attrs, error} = view;
  return {text, hidden, lists, qr, options, attrs, error};
}

// -- what a follower may do -------------------------------------------------------------------
/** Whether a player on a following phone may send this tap, and if not why.
 * @param {string} widget @param {number|null} seat @param {string} action
 * @param {string|null} item @returns {string} "" when allowed */
export function refusal(widget, seat, action, item) {
  const table = TABLE[widget];
  if (!table || typeof action !== "string" || !ACTION_NAME.test(action)) {
    return "That is not a table action.";
  }
  if (widget === "team") {
    const found = action.match(TEAM_TOTAL);
    if (!found || item !== null) return "Only the game's phone does that; you change your own team's totals.";
    const team = Number(found[2] !== undefined ? found[2] : found[3]);
    if (team !== seat) return `You follow as Team ${Number(seat) + 1}; Team ${team + 1}'s totals are theirs to change.`;
    return "";
  }
  if (item === null) {
    return table.buttons.includes(action) ? "" : "Only the game's phone does that.";
  }
  if (typeof item !== "string" || !ITEM_VALUE.test(item) || !table.items.includes(action)) {
    return "Only the game's phone does that.";
  }
  return "";
}

/** Whether a follower's message has one of the shapes a follower sends, each part of its
 * type: {t: "act", a: name, i?: item, f?: {field: text}, v?: version}, or {t: "beat" | "sync"
 * | "bye"} (nothing else in them). @param {any} message */
export function actionShape(message) {
  const keys = Object.keys(message);
  if (["beat", "sync", "bye"].includes(message.t)) return keys.length === 1;
  return message.t === "act" &&
    keys.every((key) => ["t", "a", "i", "f", "v"].includes(key)) &&
    typeof message.a === "string" &&
    (message.i === undefined || typeof message.i === "string") &&
    (message.v === undefined || typeof message.v === "string") &&
    (message.f === undefined || (isObject(message.f) && Object.keys(message.f).length <= 8 &&
      Object.values(message.f).every((value) => typeof value === "string")));
}

/** Whether the game's phone shows this button or board item now, ready to tap.
 * @param {Element} root @param {string} action @param {string|null} item */
function onScreen(root, action, item) {
  const selector = item === null ? "[data-action]" : "[data-item-action]";
  for (const el of root.querySelectorAll(selector)) {
    const name = el.getAttribute(item === null ? "data-action" : "data-item-action");
    if (name !== action || (item !== null && el.getAttribute("data-item") !== item)) continue;
    if (el.closest("[hidden]") || /** @type {HTMLButtonElement} */ (el).disabled) continue;
    return true;
  }
  return false;
}

// -- the panel --------------------------------------------------------------------------------
/** @param {string} tag @param {Object<string, string>} [attributes] @param {string} [text] */
function element(tag, attributes, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) el.setAttribute(key, value);
  if (text) el.textContent = text;
  return el;
}

/**
 * @typedef {{run: (action: string, extra: Object<string, string>) => unknown,
 *            apply: (view: any) => void, qr: (text: string) => Promise<string>,
 *            paint: (canvas: HTMLCanvasElement, rows: string[]) => void,
 *            form: () => Object<string, string>, saved: () => string|null,
 *            saveKey: string}} Hooks
 */

/** The live table of one widget: its panel, and the phone's part (none, the game's phone or
 * a follower). */
export class LiveTable {
  /** @param {HTMLElement} root @param {string} widget @param {Hooks} hooks */
  constructor(root, widget, hooks) {
    this.root = root;
    this.widget = widget;
    this.hooks = hooks;
    // Not under the save key: the adapter reads every KEY:slot as one of the game's slots.
    this.storeKey = "coop-magic-live:" + hooks.saveKey;
    /** @type {HTMLDetailsElement} */
    this.panel = /** @type {any} */ (null);
    /** @type {HTMLElement} */
    this.statusLine = /** @type {any} */ (null);
    /** @type {string} */
    this.takeoverSave = "";
    /** @type {any} */
    this.screen = {};          // the game's phone: every key's latest value
    this.version = "0";        // the latest view's version (the game's phone's, on a follower)
    this.share = "";           // the game as a share link ("" where the page has none)
    /** @type {Map<string, Follower>} */
    this.followers = new Map();
    /** @type {ReturnType<typeof setInterval>|null} */
    this.beater = null;        // the heartbeat, while this phone is at a table
    this.lastBeat = 0;         // when it last beat (a late beat: this phone slept)
    this.heard = 0;            // a follower: when the game's phone was last heard
    this.quiet = false;        // a follower: the game's phone has not been heard for a while
    /** @type {(() => void)|null} */
    this.scanning = null;      // stops the camera while it reads a code
    /** @type {{pc: RTCPeerConnection, channel: RTCDataChannel, user: string}|null} */
    this.pending = null;
    /** @type {{pc: RTCPeerConnection, channel: RTCDataChannel, leaving: boolean}|null} */
    this.following = null;
    /** @type {WeakMap<object, string>} */
    this.labels = new WeakMap();
    this.build();
    addEventListener("pagehide", () => {
      this.stopScan();
      this.goodbye();
    });
    // A phone's screen turning off hides the page (and may freeze it): the camera is released;
    // on waking, a follower asks for the whole screen again.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.stopScan();
      else this.woke();
    });
    addEventListener("resume", () => this.woke());
  }

  /** This phone is back (its page shown or unfrozen): a follower catches up at once, or says
   * plainly that the connection was lost while it slept. */
  woke() {
    const following = this.following;
    if (!following || following.channel.readyState === "connecting") return;  // still pairing
    if (following.channel.readyState === "open") send(following.channel, {t: "sync"});
    else this.authorityGone(following);
  }

  /** @param {string} key */
  part(key) { return /** @type {HTMLElement} */ (this.panel.querySelector(`[data-live="${key}"]`)); }

  build() {
    const panel = /** @type {HTMLDetailsElement} */ (
      element("details", {class: "live-table", "data-live": "panel"}));
    panel.append(element("summary", {}, "Live table: follow this game on other phones"));
    const note = element("p", {class: "live-note"},
      "One phone holds the game; up to six others follow it and send their own taps. The " +
      "phones connect directly over this network: no server, no outside address (no STUN, " +
      "TURN or signalling server).");
    const status = element("p", {"data-live": "status", role: "status", "aria-live": "polite"});
    const host = element("div", {"data-live": "host"});
    host.append(element("button", {type: "button", class: "md-button", "data-live": "open"},
                        "Add a phone"),
                element("ul", {"data-live": "list", class: "live-list"}));
    const join = element("div", {"data-live": "join"});
    const nameLabel = element("label", {}, "Your name ");
    nameLabel.append(element("input", {"data-live": "name", maxlength: "20", autocomplete: "off"}));
    const seatLabel = element("label", {"data-live": "seat-label"}, "Your team ");
    const seat = element("select", {"data-live": "seat"});
    for (let i = 0; i < 6; i++) seat.append(element("option", {value: String(i)}, `Team ${i + 1}`));
    seatLabel.append(seat);
    seatLabel.hidden = !TABLE[this.widget].seats;
    const codeLabel = element("label", {}, "The game's join code ");
    codeLabel.append(element("textarea", {"data-live": "join-code", rows: "2",
                                          autocomplete: "off", spellcheck: "false"}));
    join.append(nameLabel, seatLabel, codeLabel,
                element("button", {type: "button", class: "md-button", "data-live": "join-button"},
                        "Follow this game"),
                element("button", {type: "button", class: "md-button", "data-live": "scan"},
                        "Scan with the camera"));
    const code = element("div", {"data-live": "code-box", class: "live-code"});
    code.hidden = true;
    code.append(element("p", {"data-live": "code-note"}),
                element("canvas", {"data-live": "code-qr", role: "img",
                                   "aria-label": "The code as a QR code"}),
                element("textarea", {"data-live": "code", rows: "3", readonly: "",
                                     "aria-label": "The code as text"}),
                element("label", {"data-live": "answer-label"}, "The player's answer code "));
    const answer = element("textarea", {"data-live": "answer", rows: "2", autocomplete: "off",
                                        spellcheck: "false"});
    /** @type {HTMLElement} */ (code.querySelector('[data-live="answer-label"]')).append(answer);
    code.append(element("button", {type: "button", class: "md-button", "data-live": "connect"},
                        "Connect"),
                element("button", {type: "button", class: "md-button",
                                   "data-live": "scan-answer"}, "Scan the answer"));
    const video = element("video", {"data-live": "camera", playsinline: "", muted: "",
                                    "aria-label": "The camera, reading a QR code"});
    video.hidden = true;
    const stopCamera = element("button", {type: "button", class: "md-button",
                                          "data-live": "scan-stop"}, "Stop the camera");
    stopCamera.hidden = true;
    const over = element("div", {"data-live": "takeover"});
    over.hidden = true;
    over.append(element("button", {type: "button", class: "md-button", "data-live": "take"},
                        "Take the game over here"),
                element("canvas", {"data-live": "share-qr", role: "img",
                                   "aria-label": "The game's share link as a QR code"}));
    const leave = element("button", {type: "button", class: "md-button", "data-live": "leave"},
                          "Stop following");
    leave.hidden = true;
    // Closed, the panel's controls are out of the page (not only out of sight): a closed
    // <details> keeps its content laid out, where it would count as covered controls.
    const body = element("div", {"data-live": "body"});
    body.hidden = true;
    body.append(note, host, join, code, video, stopCamera, over, leave);
    panel.append(body);
    panel.addEventListener("toggle", () => { body.hidden = !panel.open; });
    this.panel = panel;
    this.root.prepend(panel);
    // What the table says stays in sight with the panel closed (a refusal, a lost connection).
    status.className = "live-status";
    status.hidden = true;
    panel.after(status);
    this.statusLine = status;
    this.part("open").addEventListener("click", () => this.openSeat());
    this.part("connect").addEventListener("click", () => this.connect());
    this.part("join-button").addEventListener("click", () => this.join());
    this.part("scan").addEventListener("click", () => this.scan());
    this.part("scan-answer").addEventListener("click", () => this.scan());
    this.part("scan-stop").addEventListener("click", () => this.stopScan());
    this.part("leave").addEventListener("click", () => this.leave());
    this.part("take").addEventListener("click", () => this.takeOver());
    const kept = this.kept();
    if (kept) {
      this.say(`You were following a game here as ${kept.name}. Paste or scan the game's ` +
               "new join code (tap Add a phone there) to follow it again.");
      /** @type {HTMLInputElement} */ (this.part("name")).value = kept.name;
      /** @type {HTMLSelectElement} */ (this.part("seat")).value = String(kept.seat || 0);
      panel.open = true;
      body.hidden = false;
    }
  }

  /** @param {string} text */
  say(text) {
    this.statusLine.textContent = text;
    this.statusLine.hidden = !text;
  }

  /** What this phone kept of its place at a table (for a rejoin after a reload).
   * @returns {{id: string, name: string, seat: number|null}|null} */
  kept() {
    try {
      const data = JSON.parse(localStorage.getItem(this.storeKey) || "null");
      if (isObject(data) && typeof data.id === "string" && typeof data.name === "string") return data;
    } catch (error) { /* nothing kept */ }
    return null;
  }

  /** Take away the code shown (a join or answer code of an earlier pairing): until the new
   * one is made, no stale code can be scanned or copied (the game's phone would refuse it as
   * answering another join code). */
  clearCode() {
    this.part("code-box").hidden = true;
    /** @type {HTMLTextAreaElement} */ (this.part("code")).value = "";
    this.part("code-qr").removeAttribute("data-live-painted");
  }

  /** Show `code` as a QR code and as text. @param {string} code @param {string} note */
  async showCode(code, note) {
    const box = this.part("code-box");
    box.hidden = false;
    this.part("code-qr").removeAttribute("data-live-painted");
    this.part("code-note").textContent = note;
    /** @type {HTMLTextAreaElement} */ (this.part("code")).value = code;
    const rows = JSON.parse(await this.hooks.qr(code));
    const canvas = /** @type {HTMLCanvasElement} */ (this.part("code-qr"));
    canvas.hidden = !rows.length;
    if (rows.length) this.hooks.paint(canvas, rows);
    canvas.setAttribute("data-live-painted", rows.length ? "true" : "too-long");
  }

  // -- the game's phone -------------------------------------------------------------------------
  async openSeat() {
    if (this.following) return;
    if (this.followers.size >= this.most()) {
      this.say(`${this.full()}: the most one game takes.`);
      return;
    }
    if (this.pending) this.pending.pc.close();
    this.clearCode();
    const pc = newConnection();
    const channel = pc.createDataChannel("table", CHANNEL);
    const pending = {pc, channel, user: ""};
    this.pending = pending;
    // Listening from the start: a quick player may answer (and say hello) while this phone is
    // still drawing the join code's QR code.
    channel.addEventListener("open", () => {
      if (this.pending === pending) this.say("Connected; waiting for the player's name.");
    });
    channel.addEventListener("message", (event) => this.welcome(pc, channel, event));
    this.say("Making a join code…");
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (!pc.localDescription || this.pending !== pending) return;
    pending.user = strip(pc.localDescription.sdp)[0];
    const code = await pack("J", pc.localDescription.sdp, pageTag(this.widget));
    this.part("answer-label").hidden = false;
    this.part("connect").hidden = false;
    this.part("scan-answer").hidden = false;
    this.part("join").hidden = true;
    await this.showCode(code, "On the player's phone, open this page's Live table and scan " +
                              "this code (or paste it), then scan or paste its answer here.");
    if (channel.readyState === "connecting") this.say("Waiting for the player's answer code.");
  }

  /** The description in the code pasted in box `key`, or null (the page says why).
   * @param {"J"|"A"} kind @param {string} key @param {string} tag  what the code must name */
  async pasted(kind, key, tag) {
    try {
      return await unpack(kind, /** @type {HTMLTextAreaElement} */ (this.part(key)).value, tag);
    } catch (error) {
      this.say(String(/** @type {Error} */ (error).message));
      return null;
    }
  }

  async connect() {
    const pending = this.pending;
    if (!pending) {
      this.say(this.followers.size >= this.most() ? `${this.full()}: the most one game takes.`
                                                  : "Tap Add a phone first, for a join code.");
      return;
    }
    const got = await this.pasted("A", "answer", pending.user);
    if (got === null || this.pending !== pending) return;
    try {
      await pending.pc.setRemoteDescription({type: "answer", sdp: got.sdp});
    } catch (error) {
      this.say("That answer code belongs to another join code: tap Add a phone and start again.");
      return;
    }
    if (pending.channel.readyState === "connecting") this.say("Connecting…");
    // Judged only while it is still this phone's pairing: a player welcomed (and maybe gone
    // since) or a new join code asked for is not "a network that keeps phones apart".
    this.watch(pending.pc, () => pending.channel.readyState === "open" || this.pending !== pending);
  }

  /** Say plainly when `pc` has not connected within CONNECT_MS (a network that keeps phones
   * apart), and offer the share link and its QR code instead.
   * The game's phone judges CONNECT_MS after its Connect; a player's phone waits ten times
   * as long from showing its answer code, which a person has still to scan on the game's phone.
   * @param {RTCPeerConnection} pc @param {() => boolean} connected */
  watch(pc, connected) {
    const ms = (Number(/** @type {any} */ (window).coopMagicLiveConnectMs) || CONNECT_MS) *
               (this.following ? 10 : 1);
    setTimeout(() => {
      if (connected() || pc.signalingState === "closed") return;
      pc.close();
      this.panel.setAttribute("data-live-state", "blocked");
      this.say("These phones cannot reach each other on this network (some public Wi-Fi " +
               "keeps devices apart). Share the game instead: " +
               (this.following ? "ask the game's phone for its share link or its QR code." :
                                 "its share link and QR code are below."));
      if (this.following) this.following = null;
      else this.offerShare();
    }, ms);
  }

  /** The game's share link and its QR code on this (the game's) phone. */
  offerShare() {
    if (this.root.querySelector('[data-action="qr"]')) this.hooks.run("qr", {});
  }

  /** A follower's first message: its name and team.
   * @param {RTCPeerConnection} pc @param {RTCDataChannel} channel @param {MessageEvent} event */
  welcome(pc, channel, event) {
    const existing = [...this.followers.values()].find((f) => f.channel === channel);
    if (existing) return;
    const message = new Reader(MAX_FOLLOWER_MESSAGE).read(event.data);
    if (!message || message.t !== "hello" || typeof message.id !== "string" ||
        !/^[a-z0-9]{8,32}$/.test(message.id) || typeof message.name !== "string") {
      pc.close();
      return;
    }
    // Any name is shown as text (never as HTML); only control and format characters go.
    const name = message.name.replace(/[\p{C}]/gu, "").trim().slice(0, 20) || "A player";
    const seats = TABLE[this.widget].seats;
    const seat = seats && Number.isInteger(message.seat) && message.seat >= 0 &&
                 message.seat < seats ? message.seat : null;
    if (seats && seat === null) {
      pc.close();
      return;
    }
    const again = this.followers.get(message.id);
    if (again) again.pc.close();
    else if (this.followers.size >= this.most()) {
      send(channel, {t: "refused", why: `${this.full()}: the most one game takes.`});
      setTimeout(() => pc.close(), 500);  // once the refusal has gone
      return;
    }
    if (this.pending && this.pending.pc === pc) this.pending = null;
    // A pairing that came through after all: the network does not keep these phones apart.
    if (this.panel.getAttribute("data-live-state") === "blocked") {
      this.panel.removeAttribute("data-live-state");
    }
    this.part("code-box").hidden = true;
    this.part("join").hidden = true;
    const now = Date.now();
    /** @type {Follower} */
    const follower = {id: message.id, name, seat, pc, channel, heard: now, tokens: FLOOD_BURST,
                      filled: now, warned: 0};
    this.followers.set(message.id, follower);
    this.beating();
    channel.onmessage = (next) => this.fromFollower(follower, next);
    const gone = () => {
      if (this.followers.get(follower.id) !== follower) return;
      // "disconnected" may come back by itself (a phone's screen off for a moment): only a
      // failed or closed connection frees the seat.
      if (["closed", "failed"].includes(pc.connectionState) ||
          channel.readyState !== "open") {
        this.followers.delete(follower.id);
        this.listFollowers();
      }
    };
    channel.addEventListener("close", gone);
    pc.addEventListener("connectionstatechange", gone);
    send(channel, {t: "full", v: forFollowers(this.screen), version: this.version,
                   share: this.share, save: this.share ? "" : this.hooks.saved() || "",
                   name, seat});
    this.listFollowers();
    this.say(`${name} follows this game.`);
    this.root.setAttribute("data-live-followers", String(this.followers.size));
  }

  /** Whether a follower's message is within its rate (a token bucket: a burst, then a steady
   * rate), and if so takes its token. @param {Follower} follower */
  allow(follower) {
    const now = Date.now();
    follower.tokens = this.room(follower, now);
    follower.filled = now;
    if (follower.tokens < 1) return false;
    follower.tokens -= 1;
    return true;
  }

  /** A follower's tokens now. @param {Follower} follower @param {number} [now] */
  room(follower, now) {
    const rate = tunable("FloodRate", FLOOD_RATE);
    return Math.min(FLOOD_BURST, follower.tokens + ((now || Date.now()) - follower.filled) * rate / 1000);
  }

  /** Start the heartbeat (once this phone is at a table; stopped when it leaves it). */
  beating() {
    if (this.beater) return;
    this.lastBeat = this.heard = Date.now();
    this.beater = setInterval(() => this.beat(), tunable("BeatMs", BEAT_MS));
  }

  stopBeating() {
    if (this.beater) clearInterval(this.beater);
    this.beater = null;
    this.quiet = false;
    this.root.removeAttribute("data-live-authority");
  }

  /** One heartbeat. A beat that comes late means this phone itself slept (its timers stopped
   * with it): it judges no one by the time it was away, and a follower asks for the whole
   * screen again (what it missed may have come while the connection was held). */
  beat() {
    const now = Date.now();
    const every = tunable("BeatMs", BEAT_MS);
    const slept = now - this.lastBeat > QUIET_BEATS * every;
    this.lastBeat = now;
    if (this.following) {
      const channel = this.following.channel;
      if (!channel) return;
      if (slept) {
        this.heard = now;
        send(channel, {t: "sync"});
      }
      send(channel, {t: "beat"});
      if (!this.quiet && now - this.heard > QUIET_BEATS * every) {
        this.quiet = true;
        this.root.setAttribute("data-live-authority", "quiet");
        this.say("The game's phone is not answering (its screen may be off). Your taps wait " +
                 "until it is back; if it does not come back, ask it for a new join code.");
      }
      return;
    }
    for (const follower of [...this.followers.values()]) {
      if (slept) follower.heard = now;
      if (now - follower.heard > tunable("DropMs", DROP_MS)) {
        this.followers.delete(follower.id);
        follower.pc.close();
        this.listFollowers();
        this.say(`${follower.name}'s phone stopped answering (its screen may be off): it can ` +
                 "follow again with a new join code (tap Add a phone), as the same player.");
        continue;
      }
      send(follower.channel, {t: "beat"});
    }
    if (!this.followers.size) this.stopBeating();
  }

  /** Most followers (MAX_FOLLOWERS; a test may set fewer). */
  most() {
    return Math.min(MAX_FOLLOWERS, tunable("MaxFollowers", MAX_FOLLOWERS));
  }

  full() {
    const most = this.most();
    return `${most} ${most === 1 ? "phone follows" : "phones follow"} this game already`;
  }

  listFollowers() {
    const list = this.part("list");
    list.replaceChildren(...[...this.followers.values()].map((f) => element(
      "li", {}, f.name + (f.seat !== null ? ` (Team ${f.seat + 1})` : ""))));
    this.root.setAttribute("data-live-followers", String(this.followers.size));
  }

  /** A follower's message: a tap, applied through this phone's own adapter or refused.
   * @param {Follower} follower @param {MessageEvent} event */
  fromFollower(follower, event) {
    if (this.followers.get(follower.id) !== follower) return;
    follower.heard = Date.now();
    if (!this.allow(follower)) {
      if (follower.heard - follower.warned > 1000) {
        follower.warned = follower.heard;
        send(follower.channel, {t: "refused", why: "Too many taps at once: some were not " +
                                                   "applied. Tap again, one at a time."});
      }
      return;
    }
    const message = new Reader(MAX_FOLLOWER_MESSAGE).read(event.data);
    if (!message || !actionShape(message)) {
      send(follower.channel, {t: "refused", why: "That message was not a table action."});
      return;
    }
    if (message.t === "bye") {
      this.followers.delete(follower.id);
      this.listFollowers();
      return;
    }
    if (message.t === "sync") {  // a phone that woke: the whole screen again
      send(follower.channel, {t: "view", v: forFollowers(this.screen), version: this.version,
                              share: this.share});
      return;
    }
    if (message.t !== "act") return;  // a beat
    const item = message.i === undefined ? null : message.i;
    const action = message.a;
    let why = refusal(this.widget, follower.seat, action, item);
    if (!why && !onScreen(this.root, action, item)) {
      why = "That is not on the game's phone's screen now.";
    }
    /** @type {Object<string, string>} */
    const extra = {};
    const fields = TABLE[this.widget].fields;
    for (const [key, value] of Object.entries(message.f || {})) {
      if (!why && !(key in fields && typeof value === "string" && fields[key].test(value))) {
        why = "That amount is not one the page offers.";
      }
      if (!why) extra[key] = value;
    }
    if (why) {
      send(follower.channel, {t: "refused", why});
      return;
    }
    if (item !== null) extra._item = item;
    if (typeof message.v === "string" && /^[0-9]{1,12}$/.test(message.v)) extra._view = message.v;
    this.labels.set(extra, follower.name + (follower.seat !== null ? ` (Team ${follower.seat + 1})` : ""));
    this.root.dispatchEvent(new CustomEvent("coop-magic:table-action", {
      detail: {player: follower.name, seat: follower.seat, action, item}}));
    this.hooks.run(action, extra);
  }

  /** Every answer this widget shows (from widget-host.js): a follower's action labelled with
   * its player, the screen kept, and the view sent to every follower.
   * @param {any} answer @param {object|null|undefined} extra */
  answered(answer, extra) {
    if (!answer || !answer.view || this.following) return;
    const view = answer.view;
    const label = extra ? this.labels.get(extra) : undefined;
    if (label && view.text && typeof view.text.happened === "string" && view.text.happened) {
      view.text.happened = `${label}: ${view.text.happened}`;
    }
    if (answer.stale) return;
    if (answer.version !== undefined && answer.version !== null) this.version = String(answer.version);
    merge(this.screen, view);
    if (typeof view.url_hash === "string") {
      this.share = view.url_hash ? location.origin + location.pathname + "#" + view.url_hash : "";
    }
    if (!this.followers.size) return;
    const save = !this.share && answer.writes && typeof answer.writes.game === "string"
      ? answer.writes.game : undefined;
    const message = {t: "view", v: forFollowers(view), version: this.version, share: this.share,
                     ...(save !== undefined ? {save} : {})};
    for (const follower of this.followers.values()) send(follower.channel, message);
  }

  /** This phone leaves (the page is closed or reloaded): followers are told at once. */
  goodbye() {
    for (const follower of this.followers.values()) send(follower.channel, {t: "bye"});
    if (this.following && this.following.channel) send(this.following.channel, {t: "bye"});
  }

  // -- a following phone ------------------------------------------------------------------------
  async join() {
    if (this.followers.size || this.following) return;
    this.clearCode();  // an answer shown before (a first pairing) answers another join code
    const got = await this.pasted("J", "join-code", pageTag(this.widget));
    if (got === null || this.followers.size || this.following) return;
    const name = /** @type {HTMLInputElement} */ (this.part("name")).value.trim().slice(0, 20) ||
                 "A player";
    const seat = TABLE[this.widget].seats
      ? Number(/** @type {HTMLSelectElement} */ (this.part("seat")).value) : null;
    const kept = this.kept();
    const id = kept ? kept.id : Array.from(crypto.getRandomValues(new Uint8Array(8)),
                                           (b) => b.toString(16).padStart(2, "0")).join("");
    try {
      localStorage.setItem(this.storeKey, JSON.stringify({id, name, seat}));
    } catch (error) { /* a rejoin after a reload then needs the name again */ }
    const pc = newConnection();
    const channel = pc.createDataChannel("table", CHANNEL);
    const following = {pc, channel, leaving: false};
    this.following = following;
    const reader = new Reader(MAX_AUTHORITY_MESSAGE);
    channel.addEventListener("open", () => send(channel, {t: "hello", id, name, seat}));
    channel.addEventListener("message", (message) => this.fromAuthority(reader.read(message.data)));
    channel.addEventListener("close", () => this.authorityGone(following));
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(pc.connectionState)) this.authorityGone(following);
    });
    try {
      await pc.setRemoteDescription({type: "offer", sdp: got.sdp});
      await pc.setLocalDescription(await pc.createAnswer());
    } catch (error) {
      this.following = null;
      pc.close();
      this.say("That join code could not be used; ask the game's phone for a new one.");
      return;
    }
    await gathered(pc);
    if (!pc.localDescription) return;
    this.part("answer-label").hidden = true;
    this.part("connect").hidden = true;
    this.part("scan-answer").hidden = true;
    await this.showCode(await pack("A", pc.localDescription.sdp, got.user),
                        "Show this answer code to the game's phone: scan it there (or paste " +
                        "it) and tap Connect.");
    this.say("Waiting for the game's phone to connect.");
    this.watch(pc, () => channel.readyState === "open");
  }

  /** A message from the game's phone. @param {any} message */
  fromAuthority(message) {
    if (!message || !this.following) return;
    this.heard = Date.now();
    if (this.quiet) {
      this.quiet = false;
      this.root.removeAttribute("data-live-authority");
      this.say("The game's phone is back; you follow it again.");
    }
    if (message.t === "full" || message.t === "view") {
      if (message.t === "full") {
        this.beating();
        this.part("code-box").hidden = true;
        this.part("join").hidden = true;
        this.part("host").hidden = true;
        this.part("leave").hidden = false;
        this.part("takeover").hidden = true;
        this.panel.setAttribute("data-live-state", "following");
        this.root.setAttribute("data-live", "following");
        this.say(`You follow the game on the game's phone` +
                 (typeof message.name === "string" ? ` as ${message.name}` : "") +
                 ". Your taps are sent to it.");
      }
      if (typeof message.version === "string") this.version = message.version;
      if (typeof message.share === "string" && (!message.share || SAFE_LINK.test(message.share) ||
          message.share.startsWith(location.origin + "/"))) this.share = message.share;
      if (typeof message.save === "string" && message.save) this.takeoverSave = message.save;
      const view = cleanView(message.v);
      this.hooks.apply(view);
      this.root.setAttribute("data-live-version", this.version);
      document.dispatchEvent(new CustomEvent("coop-magic:live-shown"));
    } else if (message.t === "refused" && typeof message.why === "string") {
      // Refused before the game came (the table is full): this phone is not following.
      if (this.panel.getAttribute("data-live-state") !== "following") {
        this.following.leaving = true;
        this.authorityGone(this.following);
      }
      this.say(message.why.slice(0, 200));
      this.root.setAttribute("data-live-refused", String(Date.now()));
    } else if (message.t === "bye") {
      this.authorityGone(this.following, true);
    }
  }

  /** The game's phone went away (it said so: `left`), or the connection was lost (a phone
   * slept, the network dropped): this phone offers to follow again with a new code, as the
   * same player, or to take the game over.
   * @param {{pc: RTCPeerConnection, leaving: boolean}|null} following @param {boolean} [left] */
  async authorityGone(following, left) {
    if (!following || this.following !== following) return;
    this.following = null;
    this.stopBeating();
    following.pc.close();
    this.root.removeAttribute("data-live");
    this.part("leave").hidden = true;
    this.part("join").hidden = false;
    if (following.leaving) {
      this.panel.removeAttribute("data-live-state");
      return;
    }
    this.panel.setAttribute("data-live-state", "left");
    const can = !!(this.share || this.takeoverSave);
    this.say((left ? "The game's phone has left the table." :
              "The connection to the game's phone was lost (a phone slept, or it left). " +
              "To follow again, paste or scan a new join code from it.") + (can
      ? " Take the game over here to go on with it as it was last shown."
      : " Ask it for a new join code when it is back."));
    this.part("takeover").hidden = !can;
    const canvas = /** @type {HTMLCanvasElement} */ (this.part("share-qr"));
    canvas.hidden = true;
    if (this.share) {
      const rows = JSON.parse(await this.hooks.qr(this.share));
      canvas.hidden = !rows.length;
      if (rows.length) this.hooks.paint(canvas, rows);
    }
  }

  /** Open the game as it was last shown, here: the share link (the page asks first when this
   * phone has a game of its own, which it keeps), or the Team table's save (this phone's own
   * game kept as a copy first). */
  takeOver() {
    try { localStorage.removeItem(this.storeKey); } catch (error) { /* nothing kept */ }
    if (this.share) {
      location.hash = this.share.slice(this.share.indexOf("#") + 1);
      location.reload();
      return;
    }
    if (!this.takeoverSave) return;
    try {
      const mine = localStorage.getItem(this.hooks.saveKey);
      if (mine) localStorage.setItem(this.hooks.saveKey + ":copy-" + Date.now(), mine);
      localStorage.setItem(this.hooks.saveKey, this.takeoverSave);
    } catch (error) {
      this.say("The browser would not store the game here (its storage is full or turned off).");
      return;
    }
    location.reload();
  }

  leave() {
    const following = this.following;
    if (!following) return;
    following.leaving = true;
    if (following.channel) send(following.channel, {t: "bye"});
    try { localStorage.removeItem(this.storeKey); } catch (error) { /* nothing kept */ }
    this.authorityGone(following);
    this.say("You no longer follow that game. Reload the page to play your own game here.");
  }

  /** A tap on this phone (from widget-host.js): true when it went to the game's phone (or was
   * refused here) instead of this phone's own game.
   * @param {string} action @param {Object<string, string>} extra */
  intercept(action, extra) {
    if (!this.following) return false;
    const channel = this.following.channel;
    const item = typeof extra._item === "string" ? extra._item : null;
    const why = this.widget === "team"
      ? (item === null && TEAM_TOTAL.test(action) ? "" : "Only the game's phone does that.")
      : refusal(this.widget, null, action, item);
    if (why || !channel) {
      this.say((why || "Only the game's phone does that") + " (you follow it from here).");
      return true;
    }
    const form = this.hooks.form();
    /** @type {Object<string, string>} */
    const fields = {};
    for (const key of Object.keys(TABLE[this.widget].fields)) {
      if (typeof form[key] === "string") fields[key] = form[key];
    }
    send(channel, {t: "act", a: action, ...(item !== null ? {i: item} : {}), f: fields,
                   v: this.version});
    return true;
  }

  // -- the camera -------------------------------------------------------------------------------
  /** Read a code with the camera: the browser's own BarcodeDetector where it reads QR codes,
   * else jsQR (pinned from npm, served from this site: runtime/jsqr/jsQR.js). The video is
   * muted and plays inline (iOS Safari shows a camera only so, not full screen); the camera is
   * released (its tracks stopped) when a code is read, when Stop is tapped, after a minute,
   * and when the page is hidden (the screen turned off). A camera that cannot be opened (not
   * allowed, none, in use) is said so, with the paste box to hand. */
  async scan() {
    if (this.scanning) return;
    const video = /** @type {HTMLVideoElement} */ (this.part("camera"));
    const target = this.following || !this.pending ? "join-code" : "answer";
    const box = /** @type {HTMLTextAreaElement} */ (this.part(target));
    const paste = (/** @type {string} */ why) => {
      this.say(why + " Paste the code in the box instead (copy it from the other phone's " +
               "text under its QR code).");
      box.focus();
    };
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      paste("This browser does not let the page use the camera here.");
      return;
    }
    /** @type {MediaStream} */
    let stream;
    this.scanning = () => undefined;  // a second tap while the browser asks waits for this one
    try {
      stream = await navigator.mediaDevices.getUserMedia(
        {video: {facingMode: "environment"}, audio: false});
    } catch (error) {
      this.scanning = null;
      const name = error instanceof Error ? error.name : "";
      paste(name === "NotAllowedError" || name === "SecurityError"
        ? "The camera was not allowed (the browser or the phone's settings said no)."
        : "The camera could not be opened (the phone has none here, or another app uses it).");
      return;
    }
    let ended = false;
    const stop = () => {
      if (ended) return;
      ended = true;
      stream.getTracks().forEach((track) => track.stop());
      video.pause();
      video.srcObject = null;
      video.hidden = true;
      this.part("scan-stop").hidden = true;
      this.panel.removeAttribute("data-live-scanning");
      this.scanning = null;
    };
    this.scanning = stop;
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    video.hidden = false;
    this.part("scan-stop").hidden = false;
    this.panel.setAttribute("data-live-scanning", "true");
    try {
      await video.play();
    } catch (error) {
      stop();
      paste("The camera's picture could not be shown.");
      return;
    }
    /** @type {any} */
    const global = window;
    /** @type {any} */
    let detector = null;
    if ("BarcodeDetector" in global) {
      try {  // some browsers have it but read no QR codes (Chromium on a desktop Linux)
        const formats = await global.BarcodeDetector.getSupportedFormats();
        if (formats.includes("qr_code")) detector = new global.BarcodeDetector({formats: ["qr_code"]});
      } catch (error) { /* jsQR reads it */ }
    }
    const decode = detector ? null : await this.jsqr();
    if (!detector && !decode) {
      stop();
      paste("This browser cannot read QR codes here.");
      return;
    }
    this.say("Point the camera at the other phone's QR code.");
    const canvas = document.createElement("canvas");
    const context = /** @type {CanvasRenderingContext2D} */ (
      canvas.getContext("2d", {willReadFrequently: true}));
    const started = performance.now();
    const tick = async () => {
      if (ended) return;
      if (performance.now() - started > 60000) {
        stop();
        paste("No code was read within a minute.");
        return;
      }
      let text = "";
      if (detector) {
        const found = await detector.detect(video).catch(() => []);
        text = found.length ? String(found[0].rawValue) : "";
      } else if (video.videoWidth) {
        // A frame at most 640 pixels wide: enough for a code at arm's length, and quick.
        const scale = Math.min(1, 640 / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = decode(image.data, image.width, image.height, {inversionAttempts: "dontInvert"});
        text = found ? String(found.data) : "";
      }
      if (ended) return;
      if (text) {
        stop();
        box.value = text.slice(0, MAX_CODE_CHARS);
        if (target === "answer") this.connect();
        else this.join();
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  /** Stop the camera, if it is on. */
  stopScan() {
    if (this.scanning) this.scanning();
  }

  /** jsQR, loaded once from this site (a classic script that defines window.jsQR).
   * @returns {Promise<any>} */
  jsqr() {
    /** @type {any} */
    const global = window;
    if (global.jsQR) return Promise.resolve(global.jsQR);
    return new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = new URL("../runtime/jsqr/jsQR.js", import.meta.url).href;
      script.onload = () => resolve(global.jsQR || null);
      script.onerror = () => resolve(null);
      document.head.append(script);
    });
  }
}

/** The live table of a widget that can be followed (the Horde and Swarm runners, the Team
 * Commander table), else null. @param {HTMLElement} root @param {string} widget
 * @param {Hooks} hooks */
export function liveTable(root, widget, hooks) {
  if (!(widget in TABLE) || typeof RTCPeerConnection === "undefined") return null;
  const table = new LiveTable(root, widget, hooks);
  /** @type {any} */ (root).coopMagicLive = table;  // for the browser tests' hostile follower
  return table;
}
