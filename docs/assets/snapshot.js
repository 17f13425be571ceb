// @ts-check
// Repeat visits start Python from a memory snapshot (issue 30, point 1).
//
// Pyodide can save its memory after start-up and start from that copy later, several times
// faster than starting afresh. The calls for it (`loadPyodide`'s `_makeSnapshot` and
// `_loadSnapshot` options, `pyodide.makeMemorySnapshot()`) are not public API in the pinned
// Pyodide (marked private and ignored in its typings): this module is the only code that uses
// them, tests/test_snapshot_api.py fails loudly when the pinned Pyodide no longer has them, and
// the normal start is always the fallback.
//
// One module, three roles (which one is said by its URL's query):
// * on the page (assets/widget-host.js imports it): `interpreterConfig` points PyScript's
//   `interpreter` at this module, and `makeLater` makes the snapshot once per release, after
//   the page's widgets are ready, the service worker has kept the runtime and the browser is
//   idle, in a worker of its own (never in the way of a tap: the page's Python worker is not
//   touched; and Python is read from the device, not downloaded again);
// * as PyScript's interpreter module in the page's Python worker (`?pyodide=…&key=…`): it
//   exports `version` and `loadPyodide`, which starts from the stored snapshot when there is
//   one for this exact release and otherwise as Pyodide normally starts. A snapshot that does
//   not load, loads without the engine in it, or holds another engine than this release's
//   (its recorded hash, see RECORDED), is deleted and the start goes on the normal way, with
//   no word to the player beyond the usual progress;
// * as that worker of its own (`?make=1&…`): a fresh Pyodide, the engine zip unpacked where
//   PyScript unpacks it and every widget module imported (no widget started, no game, no
//   storage read: nothing of anyone's game is in the snapshot), the zip's hash recorded in
//   it, then the snapshot stored (raw:
//   see ENCODING) with its length, and its sizes reported.
//
// The snapshot is stored in Cache Storage on the device, in a cache of its own next to the
// service worker's caches (whose names it does not share, so a new release of the offline copy
// never deletes it by mistake), under a key made by the build (sitebuild/pyscript.py,
// `snapshot_key`): the exact Pyodide build (the hash of its files), the PyScript version and the
// engine zip's hash. Only a snapshot under this release's key is ever loaded; any other key found
// is deleted. `usage()` and `forget()` let the offline settings show and remove it with the
// runtime.
const HERE = new URL(import.meta.url);
const PARAMS = HERE.searchParams;
const SITE = new URL("../", HERE);  // this file is <site>/assets/snapshot.js
const CACHE = "coop-magic-snapshot:" + SITE.pathname;
const ENTRY = new URL("__snapshot__/", SITE).href;

// The Pyodide options this module relies on, in one place (tests/test_snapshot_api.py reads them).
/** @type {{make: "_makeSnapshot", load: "_loadSnapshot", snapshot: "makeMemorySnapshot"}} */
export const API = {make: "_makeSnapshot", load: "_loadSnapshot", snapshot: "makeMemorySnapshot"};
/** The worker's performance marks around Pyodide's start from the copy. */
export const MARKS = {read: "snapshot:read", started: "snapshot:started"};

// How each start went, for the page (tests and benchmarks wait on <html data-snapshot>):
// "loaded" (from the snapshot), "normal" (none kept), "dropped" (one was there but would not
// load: deleted, started the normal way); then "making", "made" or "not-made".
const CHANNEL = "coop-magic-snapshot:" + SITE.pathname;
// Each page names itself (`page` in the interpreter's URL), so another tab's start is not
// taken for this one's.
// With "loaded", the files the engine zip's unpacking wrote and left out (unpackHeld, below),
// shown as <html data-snapshot-files="written left-out">.
/** @param {string} state @param {string} [files] */
function announce(state, files) {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({page: PARAMS.get("page"), state, files});
    channel.close();
  } catch (error) { /* no BroadcastChannel: nothing to tell */ }
}
/** @param {string} state */
function show(state) {
  if (globalThis.document) document.documentElement.setAttribute("data-snapshot", state);
}

/** @param {string} key */
function entryURL(key) { return ENTRY + encodeURIComponent(key); }

async function openCache() {
  if (!globalThis.caches) return null;
  try { return await caches.open(CACHE); } catch (error) { return null; }
}

// Delete every stored snapshot but `keep` (another release's, or a damaged one).
/** @param {Cache} cache @param {string | null} keep */
async function dropOthers(cache, keep) {
  for (const request of await cache.keys()) {
    if (!keep || request.url !== entryURL(keep)) await cache.delete(request);
  }
}

/** @param {Response} response */
async function gunzip(response) {
  if (!response.body) throw new Error("an empty snapshot");  // read as damaged
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// How the snapshot is stored: "raw" (31.5 MB) or "gzip" (6.8 MB). Measured on 2 December 2026
// (bench/bench_snapshot.py, load 25): reading it back took 627 ms raw and 1,688 ms through
// gzip, so compressing costs more at every start than it saves: it is stored raw. Each entry
// records its encoding and its length; a copy of the wrong length counts as damaged.
/** @type {"raw" | "gzip"} */
const ENCODING = "raw";

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function gzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The stored snapshot of this release, uncompressed; null when there is none; DAMAGED when it
// cannot be read back (a broken gzip stream or CRC, or not the length it was stored with).
/** @param {string | null} key @returns {Promise<Uint8Array<ArrayBuffer> | typeof DAMAGED | null>} */
async function stored(key) {
  const cache = await openCache();
  if (!cache || !key) return null;
  try {
    await dropOthers(cache, key);
    const hit = await cache.match(entryURL(key));
    if (!hit) return null;
    const length = Number(hit.headers.get("x-snapshot-raw"));
    const bytes = hit.headers.get("x-snapshot-encoding") === "gzip"
      ? await gunzip(hit) : new Uint8Array(await hit.arrayBuffer());
    return bytes.length === length ? bytes : DAMAGED;
  } catch (error) {
    return DAMAGED;  // deleted by the caller
  }
}
const DAMAGED = "damaged";

// -- on the page ------------------------------------------------------------------------------

// The PyScript config with this module as its interpreter, when the build gave a key and the
// browser has what the snapshot needs; else the config as it was (Python starts as shipped).
/**
 * @template {{interpreter: string}} C
 * @param {C} config @param {string | undefined} key @returns {C}
 */
export function interpreterConfig(config, key) {
  if (!key || !globalThis.caches) return config;
  const url = new URL(HERE.pathname, HERE);
  url.searchParams.set("pyodide", config.interpreter);
  url.searchParams.set("key", key);
  const page = Math.random().toString(36).slice(2);
  url.searchParams.set("page", page);
  try {
    new BroadcastChannel(CHANNEL).onmessage = (event) => {
      if (!event.data || event.data.page !== page) return;
      show(String(event.data.state));
      if (event.data.files) {
        document.documentElement.setAttribute("data-snapshot-files", String(event.data.files));
      }
    };
  } catch (error) { /* no BroadcastChannel: no signal */ }
  return {...config, interpreter: url.href};
}

// Bytes the stored snapshot takes on the device (0 when there is none; only one is kept).
export async function usage() {
  const cache = await openCache();
  let bytes = 0;
  for (const request of cache ? await cache.keys() : []) {
    const hit = await cache?.match(request);
    bytes += Number((hit && hit.headers.get("x-snapshot-stored")) || 0);
  }
  return bytes;
}

// The offline settings' words for it ("" when none is kept).
export async function describe() {
  const bytes = await usage();
  if (!bytes) return "";
  return " A quick-start copy of Python\u2019s memory takes " +
    (bytes / 1e6).toFixed(1) + " MB more, so the tools open faster next time.";
}

// Remove every stored snapshot (with the runtime, or when the offline copy is removed).
export async function forget() {
  if (globalThis.caches) await caches.delete(CACHE);
}

// Resolves to true once the service worker has kept the runtime (assets/sw-register.js's
// <html data-offline>), false if it cannot or did not.
function runtimeKept() {
  const root = document.documentElement;
  const state = () => root.getAttribute("data-offline");
  if (!navigator.serviceWorker || root.hasAttribute("data-dev-server")) {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const check = () => {
      if (state() === "runtime-kept") resolve(true);
      else if (state() === "runtime-failed") resolve(false);
      else return false;
      observer.disconnect();
      return true;
    };
    const observer = new MutationObserver(check);
    if (!check()) observer.observe(root, {attributes: true, attributeFilter: ["data-offline"]});
  });
}

// Once per release: after the page is ready, the runtime kept on the device (so making the
// snapshot reads Python from the device and never downloads it a second time) and the browser
// idle, make the snapshot in a worker of its own if this release has none yet. Resolves to
// the sizes made ({raw, stored}), or null when nothing was made.
/**
 * @param {{key: string, interpreter: string, zip: string}} made
 * @returns {Promise<{made: true, raw: number, stored: number} | null>}
 */
export async function makeLater({key, interpreter, zip}) {
  const cache = await openCache();
  if (!cache || !key || !globalThis.Worker || !globalThis.crypto?.subtle) return null;
  if (ENCODING === "gzip" && !globalThis.CompressionStream) return null;
  if (await cache.match(entryURL(key))) return null;
  if (!(await runtimeKept())) return null;
  if (await cache.match(entryURL(key))) return null;  // another tab made it meanwhile
  await new Promise((resolve) => {
    if ("requestIdleCallback" in globalThis) requestIdleCallback(resolve, {timeout: 5000});
    else setTimeout(resolve, 1000);
  });
  show("making");
  const url = new URL(HERE.pathname, HERE);
  url.searchParams.set("make", "1");
  url.searchParams.set("pyodide", interpreter);
  url.searchParams.set("zip", zip);
  url.searchParams.set("key", key);
  return new Promise((resolve) => {
    const worker = new Worker(url.href, {type: "module"});
    const done = (/** @type {{made: true, raw: number, stored: number} | null} */ value) => {
      worker.terminate();
      show(value ? "made" : "not-made");
      resolve(value);
    };
    worker.onmessage = (event) => done(event.data && event.data.made ? event.data : null);
    worker.onerror = () => done(null);
  });
}

// -- in a worker: PyScript's interpreter, or the maker ----------------------------------------
const PYODIDE = PARAMS.get("pyodide");
/** @type {typeof import("pyodide") | null} */
const real = PYODIDE ? await import(PYODIDE) : null;
const INDEX = PYODIDE ? new URL(".", PYODIDE).href : undefined;

export const version = real ? real.version : "";

// Verified, not trusted (issue 40, point 4): a snapshot proves which engine it holds. The
// maker hashes the engine zip it unpacked (SHA-256) and records it in a module global,
// pyengine.browser.SNAPSHOT_ENGINE, before the snapshot is taken; after a restore the global
// must start with this release's engine hash, the "engine-" part of the key the build wrote
// (sitebuild/pyscript.py, snapshot_key). One made by another release's engine, whatever name
// it is stored under, is deleted and Python starts as shipped.
const RECORDED = "import pyengine.browser as b; str(getattr(b, 'SNAPSHOT_ENGINE', ''))";

/** @param {string | null} key */
function engineOf(key) {
  const found = /\.engine-([0-9a-f]{12,64})$/.exec(key || "");
  return found ? found[1] : null;
}

/** @param {ArrayBuffer} bytes */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// PyScript's call: start from this release's snapshot if there is one, else the normal way.
/** @param {import("pyodide").PyodideConfig} options */
export async function loadPyodide(options) {
  const key = PARAMS.get("key");
  if (!real) throw new Error("no Pyodide to start (the interpreter's address names none)");
  const snapshot = await stored(key);
  if (snapshot) {
    try {
      if (snapshot === DAMAGED) throw new Error(DAMAGED);
      const expected = engineOf(key);
      // Marks in this worker's timeline (bench/bench_site.py reads them): how long Pyodide's
      // own start from the copy takes within a repeat visit, and when it began.
      performance.mark(MARKS.read);
      const py = await real.loadPyodide({...options, indexURL: INDEX, [API.load]: snapshot});
      performance.mark(MARKS.started);
      if (expected && py.runPython("import sys; 'pyengine.browser' in sys.modules") === true &&
          String(py.runPython(RECORDED)).startsWith(expected)) {
        announce("loaded");
        unpackHeld(py);
        return py;
      }
    } catch (error) { /* not loadable in this browser or damaged: deleted below */ }
    const cache = await openCache();
    if (cache && key) await cache.delete(entryURL(key)).catch(() => undefined);
    announce("dropped");
  } else {
    announce("normal");
  }
  return real.loadPyodide({...options, indexURL: INDEX});
}

// On a start from the snapshot, the engine zip PyScript unpacks next (its "./*" files setting:
// the one zip it unpacks) goes to pyengine.browser.unpack_held, which leaves out the files the
// snapshot already holds in memory (the modules imported when it was made: two files in
// three, 120 ms of a traced repeat visit's unpacking) and writes the rest. Should it fail,
// Pyodide's own unpacking writes the whole zip.
const HELD = "/tmp/pyengine-held.zip";
/** @param {Awaited<ReturnType<typeof import("pyodide").loadPyodide>>} py */
function unpackHeld(py) {
  const unpack = py.unpackArchive;
  py.unpackArchive = (buffer, format, options) => {
    py.unpackArchive = unpack;
    const where = options && options.extractDir;
    if (format !== "zip" || !where) return unpack.call(py, buffer, format, options);
    try {
      py.FS.writeFile(HELD, ArrayBuffer.isView(buffer)
        ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
        : new Uint8Array(buffer));
      const browser = py.pyimport("pyengine.browser");
      try {
        announce("loaded", String(browser.unpack_held(HELD, where)));
      } finally {
        browser.destroy();
      }
    } catch (error) {
      unpack.call(py, buffer, format, options);
    }
  };
}

// Python run in the maker: the engine where PyScript puts it (its "./*" files setting unpacks
// into the working folder) and every widget module imported; nothing started. And the standard
// library modules PyScript's own Python package imports (sitebuild/precompile.py,
// PYSCRIPT_IMPORTS: the same list, checked by tests/test_precompile.py), so that when PyScript
// imports that package before the page's script, they are there already.
const IMPORT_ENGINE = `
import importlib, os, pkgutil, sys
here = os.getcwd()
if here not in sys.path:
    sys.path.insert(0, here)
import pyengine.browser, pyengine.widgets
for found in pkgutil.iter_modules(pyengine.widgets.__path__):
    importlib.import_module("pyengine.widgets." + found.name)
import asyncio, base64, collections, functools, html, inspect, io, json, sys
`;

async function make() {
  const key = PARAMS.get("key");
  const where = PARAMS.get("zip");
  if (!real || !key || !where) throw new Error("the maker needs pyodide, key and zip");
  const py = await real.loadPyodide({indexURL: INDEX, [API.make]: true});
  const zip = await (await fetch(where)).arrayBuffer();
  const engine = await sha256(zip);  // before unpacking: the bytes this snapshot holds
  py.unpackArchive(zip, "zip", {extractDir: py.runPython("import os; os.getcwd()")});
  py.runPython(IMPORT_ENGINE);
  py.runPython(`import pyengine.browser; pyengine.browser.SNAPSHOT_ENGINE = "${engine}"`);
  // Pyodide's type allows a shared buffer; a snapshot of its memory is a plain one.
  const raw = /** @type {Uint8Array<ArrayBuffer>} */ (py[API.snapshot]());
  const packed = ENCODING === "gzip" ? await gzip(raw) : raw;
  const cache = await openCache();
  if (!cache) throw new Error("no cache storage to keep the snapshot in");
  await dropOthers(cache, null);
  await cache.put(entryURL(key), new Response(packed, {headers: {
    "content-type": "application/octet-stream", "x-snapshot-encoding": ENCODING,
    "x-snapshot-raw": String(raw.length), "x-snapshot-stored": String(packed.length)}}));
  return {made: true, raw: raw.length, stored: packed.length};
}

if (PARAMS.get("make") && "WorkerGlobalScope" in globalThis) {
  make().then((result) => postMessage(result),
              (error) => postMessage({made: false,
                                      error: String(error && error.message || error)}));
}
