// Service worker of the Co-op Magic rules site.
//
// Source: sitebuild/sw.js. The build (sitebuild/offline.py, called by hooks/offline.py) copies
// it to the site root as sw.js and fills in each line marked "@build" with this release's
// values; the defaults below keep the source a valid, lintable script (`node --check`).
// Every path is relative to this file (the site root), so the site works from a sub-path.
//
// What it does:
// * Install: stores every file of the release (PRECACHE, with the SHA-256 of its bytes) in one
//   cache named after the release. A file unchanged since the last release is copied from the
//   old cache, not downloaded again. Every download is checked against its listed revision, so
//   a server caught halfway through a deployment never yields a mixed set: the install fails,
//   the previous release keeps working, and the next page load tries again. The Python runtime
//   (ON_DEMAND, about 14 MB) is only stored once a page asks ("keep-runtime", see
//   docs/assets/sw-register.js) or when the previous release had it, and removed from every
//   release's cache when the reader asks ("remove-runtime", the home page's offline settings).
// * Releases never mix: each open page (and worker) is served from the release it was loaded
//   from. A page the network returns that is not this release's page (the site was updated
//   since this worker was installed) gets its files from the network, never this cache; a page
//   still open when a new worker takes over keeps getting its own release's files, whose cache
//   is kept until no page uses it.
// * A newer release is used only once it is whole: a page the network returns that is not
//   this release's is served with its files only when a newer release's cache holds it, the
//   release complete (its worker installed, which checks every file); this worker asks for
//   that install and waits for it a while (RELEASE_WAIT_MS). Until then, a half-deployed
//   release (a file cut short, sw.js not yet uploaded) never reaches the page: the page
//   comes whole from this release, marked so the page can say a newer version follows.
// * Pages come from the network first (from the cache when offline or slow); every other file
//   of the release from the cache first. Other origins (the opt-in Scryfall lookup) are never
//   touched or cached, except card images from Scryfall's image host, each kept once seen
//   (at most MAX_IMAGES, the oldest dropped first).
"use strict";

const VERSION = "development"; // @build version
const PRECACHE = []; // @build precache
const ON_DEMAND = ["runtime/"]; // @build on_demand
const NETWORK_TIMEOUT_MS = 4000; // @build timeout
// How long a page waits for a newer release's install to finish before it is served from the
// complete release kept here instead.
const RELEASE_WAIT_MS = 4000;
const CACHE_PREFIX = "coop-magic"; // @build prefix

const REVISIONS = new Map(PRECACHE);
const REVISION_HEADER = "x-precache-revision";
const BASE = new URL("./", self.location.href);
// Cache names carry the worker's scope, so two sites on one origin never touch each other's.
const PREFIX = CACHE_PREFIX + ":" + BASE.pathname + ":";
const CACHE = PREFIX + VERSION;
// Which release each open page was served from, kept across restarts of this worker.
const PINS = CACHE_PREFIX + "-pages:" + BASE.pathname;
// A page newer than this worker's release: its files come from the network.
const NETWORK = "network";
// Written into a release's cache once every file of it is kept (the install succeeded).
const COMPLETE = new URL("__release_complete__", BASE).href;

// ---------------------------------------------------------------------------------------------
// Paths, revisions

// One cache key per file: no query or fragment, and "dir/" means "dir/index.html".
function cacheKey(url) {
  const u = new URL(url, BASE);
  u.search = "";
  u.hash = "";
  if (u.pathname.endsWith("/")) u.pathname += "index.html";
  return u.href;
}

// The site path of a URL ("swarm/index.html"), as listed in PRECACHE.
function sitePath(url) {
  return new URL(cacheKey(url)).pathname.slice(BASE.pathname.length);
}

function onDemand(path) {
  return ON_DEMAND.some((prefix) => path.startsWith(prefix));
}

// The revision of some bytes: the first 16 hex digits of their SHA-256, as the build lists it.
async function revisionOf(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

function stamped(body, response, revision) {
  const headers = new Headers(response.headers);
  headers.set(REVISION_HEADER, revision);
  return new Response(body, {status: response.status, statusText: response.statusText, headers});
}

function storable(response) {
  return response.ok && response.type === "basic" && !response.redirected;
}

// ---------------------------------------------------------------------------------------------
// Keeping a release

async function keepOne(cache, oldCaches, path, revision) {
  const url = new URL(path, BASE).href;
  for (const old of oldCaches) {  // unchanged since the last release: copy, do not download
    const hit = await old.match(url);
    if (hit && hit.headers.get(REVISION_HEADER) === revision) {
      await cache.put(url, hit);
      return;
    }
  }
  const response = await fetch(url, {cache: "no-cache"});
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  const body = await response.arrayBuffer();
  if ((await revisionOf(body)) !== revision) {
    throw new Error(path + " is not the file of this release (the site is being updated)");
  }
  await cache.put(url, stamped(body, response, revision));
}

async function keepFiles(cache, entries, oldCaches) {
  await Promise.all(entries.map(([path, rev]) => keepOne(cache, oldCaches, path, rev)));
}

async function hasAny(oldCaches, entries) {
  for (const old of oldCaches) {
    for (const [path] of entries) {
      if (await old.match(new URL(path, BASE).href)) return true;
    }
  }
  return false;
}

async function releaseCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = (await releaseCaches()).filter((name) => name !== CACHE);
    const oldCaches = await Promise.all(names.map((name) => caches.open(name)));
    const runtime = PRECACHE.filter(([path]) => onDemand(path));
    try {
      await keepFiles(cache, PRECACHE.filter(([path]) => !onDemand(path)), oldCaches);
      if (await hasAny(oldCaches, runtime)) await keepFiles(cache, runtime, oldCaches);
      await cache.put(COMPLETE, new Response(VERSION));
    } catch (error) {
      // The install fails whole: the previous release stays, the next page load retries.
      await caches.delete(CACHE);
      throw error;
    }
    await self.skipWaiting();
  })());
});

// Keep every runtime file (once at a time), then tell the page how many are kept.
let keeping = null;
async function keepRuntime() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const entry of PRECACHE.filter(([path]) => onDemand(path))) {
    if (!(await cache.match(new URL(entry[0], BASE).href))) missing.push(entry);
  }
  await keepFiles(cache, missing, []);
}

// Delete the runtime's files from every release of this site kept here (after any keeping
// under way has finished, so none is put back behind the removal).
async function removeRuntime() {
  if (keeping) await keeping.catch(() => {});
  for (const name of await releaseCaches()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (onDemand(sitePath(request.url))) await cache.delete(request);
    }
  }
}

async function runtimeStatus() {
  const cache = await caches.open(CACHE);
  const runtime = PRECACHE.filter(([path]) => onDemand(path));
  let kept = 0;
  for (const [path] of runtime) {
    if (await cache.match(new URL(path, BASE).href)) kept += 1;
  }
  return {kept, total: runtime.length};
}

self.addEventListener("message", (event) => {
  const kind = event.data && event.data.type;
  const reply = (message) => event.source && event.source.postMessage(message);
  if (kind === "keep-runtime") {
    if (!keeping) keeping = keepRuntime().finally(() => { keeping = null; });
    event.waitUntil(keeping.then(
      () => runtimeStatus().then((status) => reply({type: "runtime-kept", ...status})),
      (error) => reply({type: "runtime-failed", error: String(error)}),
    ));
  } else if (kind === "remove-runtime") {
    event.waitUntil(removeRuntime().then(
      () => runtimeStatus().then((status) => reply({type: "runtime-removed", ...status})),
      (error) => reply({type: "runtime-failed", error: String(error)}),
    ));
  } else if (kind === "release-status") {
    const id = event.source && event.source.id;
    event.waitUntil(newerPending(id).then((newer) => reply({type: "release-status", newer})));
  } else if (kind === "runtime-status") {
    event.waitUntil(runtimeStatus().then((status) => reply({type: "runtime-status", ...status})));
  }
});

// ---------------------------------------------------------------------------------------------
// Which release serves which page

const pins = new Map();

function pinKey(clientId) {
  return new URL("__page__/" + encodeURIComponent(clientId), BASE).href;
}

async function pin(clientId, release, newer = false) {
  if (!clientId) return;
  pins.set(clientId, release);
  const body = JSON.stringify({release, at: Date.now(), newer});
  await (await caches.open(PINS)).put(pinKey(clientId), new Response(body));
}

// The release a page (or a worker it started) was served from; this one if not known.
async function releaseOf(clientId) {
  if (!clientId) return CACHE;
  if (!pins.has(clientId)) {
    const hit = await (await caches.open(PINS)).match(pinKey(clientId));
    pins.set(clientId, hit ? (await hit.json()).release : CACHE);
  }
  const release = pins.get(clientId);
  if (release === NETWORK || release === CACHE || (await caches.has(release))) return release;
  return CACHE;
}

// Forget closed pages, and delete every older release no open page uses. ``loading`` is a page
// being navigated to, which may not be listed as open yet.
async function collect(loading) {
  const open = new Set((await self.clients.matchAll({type: "all", includeUncontrolled: true}))
    .map((client) => client.id));
  const store = await caches.open(PINS);
  const used = new Set([CACHE]);
  for (const request of await store.keys()) {
    const clientId = decodeURIComponent(request.url.slice(pinKey("").length));
    const {release} = await (await store.match(request)).json();
    if (open.has(clientId) || clientId === loading) {
      used.add(release);
    } else {
      pins.delete(clientId);
      await store.delete(request);
    }
  }
  const installing = Boolean(self.registration.installing);
  for (const name of await releaseCaches()) {
    if (used.has(name)) continue;
    // A newer release being installed right now: its cache is not done, and not ours to drop.
    if (installing && !(await (await caches.open(name)).match(COMPLETE))) continue;
    await caches.delete(name);
  }
}

// Pages open before this worker took over, and not noted yet (loaded before any worker, or by
// one that kept no notes), belong to the release that was there before, if one was.
async function pinOpenPages() {
  const previous = (await releaseCaches()).filter((name) => name !== CACHE);
  const release = previous.length === 1 ? previous[0] : CACHE;
  const store = await caches.open(PINS);
  for (const client of await self.clients.matchAll({type: "all", includeUncontrolled: true})) {
    if (!(await store.match(pinKey(client.id)))) await pin(client.id, release);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await pinOpenPages();
    await self.clients.claim();
    await collect(null);
  })());
});

// Whether the page behind ``clientId`` was served from this device's release while a newer
// one was not yet whole on the server (see navigate).
async function newerPending(clientId) {
  const hit = clientId && (await (await caches.open(PINS)).match(pinKey(clientId)));
  return Boolean(hit && (await hit.json()).newer);
}

// ---------------------------------------------------------------------------------------------
// Newer releases

// A complete newer release kept here whose copy of ``url`` has ``revision``: its cache name.
async function completeReleaseWith(url, revision) {
  for (const name of await releaseCaches()) {
    if (name === CACHE) continue;
    const cache = await caches.open(name);
    if (!(await cache.match(COMPLETE))) continue;  // still installing, or failed
    const hit = await cache.match(cacheKey(url));
    if (hit && hit.headers.get(REVISION_HEADER) === revision) return name;
  }
  return null;
}

// Ask for the newer release's worker and wait (at most ``ms``) until its install ends.
async function settleNewerInstall(ms) {
  const registration = self.registration;
  const settled = (async () => {
    try {
      await registration.update();
    } catch (error) {
      return;  // sw.js unreachable or broken: no newer release can be checked now
    }
    const worker = registration.installing;
    if (!worker) return;
    await new Promise((resolve) => {
      const done = () => { if (worker.state !== "installing") resolve(); };
      worker.addEventListener("statechange", done);
      done();
    });
  })();
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, ms))]);
}

// ---------------------------------------------------------------------------------------------
// Answering requests

async function cached(release, request) {
  return (await caches.open(release)).match(cacheKey(request.url));
}

// A page: from the network first. A page of this release is served with this release's files;
// any other (the site was updated since) with files from the network.
async function navigate(event) {
  const request = event.request;
  const clientId = event.resultingClientId;
  const revision = REVISIONS.get(sitePath(request.url));
  // Each way of answering says which release the page's files then come from; the page is
  // pinned to the one actually served (a late network answer never changes it).
  const network = fetch(request).then(async (response) => {
    if (!storable(response)) return {response, release: NETWORK};
    const body = await response.arrayBuffer();
    if (!revision) return {response: new Response(body, response), release: NETWORK};
    const served = await revisionOf(body);
    if (served !== revision) {  // another release's page: see newerOrOwn
      return {response: new Response(body, response), release: NETWORK, served};
    }
    const cache = await caches.open(CACHE);
    if (!(await cache.match(cacheKey(request.url)))) {
      await cache.put(cacheKey(request.url), stamped(body.slice(0), response, revision));
    }
    return {response: new Response(body, response), release: CACHE};
  });
  event.waitUntil(network.catch(() => undefined).then(() => collect(clientId)));
  const fromCache = async () => {
    const hit = await cached(CACHE, request);
    return hit ? {response: hit, release: CACHE} : null;
  };
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  let answer;
  try {
    // Slow network: fall back to this release's copy after a while, if there is one.
    answer = (await Promise.race([network, late.then(fromCache)])) || (await network);
  } catch (error) {
    answer = await fromCache();
    if (!answer) {
      const missing = await (await caches.open(CACHE)).match(new URL("404.html", BASE).href);
      if (!missing) throw error;
      answer = {response: missing, release: CACHE};
    }
  }
  if (answer.served) answer = await newerOrOwn(request, answer);
  await pin(clientId, answer.release, Boolean(answer.newer));
  return answer.response;
}

// A page of another release (``answer.served`` is its revision) is served with that release's
// files once the release is whole here; else this release's copy, marked ``newer``; a page
// this release does not have at all comes from the network, as before.
async function newerOrOwn(request, answer) {
  let newer = await completeReleaseWith(request.url, answer.served);
  if (!newer) {
    await settleNewerInstall(RELEASE_WAIT_MS);
    newer = await completeReleaseWith(request.url, answer.served);
  }
  if (newer) return {response: answer.response, release: newer};
  const own = await cached(CACHE, request);
  return own ? {response: own, release: CACHE, newer: true} : answer;
}

// Any other file: from the page's own release, else from the network (and, when it is this
// release's file, kept for next time).
async function file(event) {
  const request = event.request;
  const release = await releaseOf(event.clientId);
  if (release === NETWORK) {
    try {
      return await fetch(request);
    } catch (error) {
      const hit = await cached(CACHE, request);
      if (hit) return hit;
      throw error;
    }
  }
  const hit = await cached(release, request);
  if (hit) return hit;
  const response = await fetch(request);
  const revision = REVISIONS.get(sitePath(request.url));
  if (release === CACHE && revision && storable(response)) {
    const copy = response.clone();
    event.waitUntil((async () => {
      const body = await copy.arrayBuffer();
      if ((await revisionOf(body)) !== revision) return;  // a newer release's file: not ours
      await (await caches.open(CACHE)).put(cacheKey(request.url), stamped(body, copy, revision));
    })().catch(() => undefined));
  }
  return response;
}

// Scryfall's card image host and the cache that keeps the images seen. The cache is not a
// release's cache (its name does not start with PREFIX), so a new release keeps it.
const IMAGE_HOST = "cards.scryfall.io";
const IMAGES = CACHE_PREFIX + "-card-images:" + BASE.pathname;
// The most card images kept (a small image is about 10-20 KB; the browser counts an opaque
// answer, as an <img> gets from another host, as several MB of the site's storage quota, so
// the bound is a count, kept modest). The oldest kept go first.
const MAX_IMAGES = 150; // @build max_images

async function trimImages(cache) {
  const kept = await cache.keys();  // in the order they were stored
  for (const request of kept.slice(0, Math.max(0, kept.length - MAX_IMAGES))) {
    await cache.delete(request);
  }
}

async function cardImage(event) {
  const request = event.request;
  const cache = await caches.open(IMAGES);
  const hit = await cache.match(request.url);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok || response.type === "opaque") {
    event.waitUntil(cache.put(request.url, response.clone()).then(() => trimImages(cache))
      .catch(() => undefined));  // storage full: the image still shows, it is just not kept
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Card images from Scryfall's image host (the runners' card panel; a setting turns them off):
  // each one seen is kept in a cache of its own, so it shows again offline.
  if (url.hostname === IMAGE_HOST && request.destination === "image") {
    event.respondWith(cardImage(event));
    return;
  }
  // Other origins (the opt-in Scryfall lookup) go straight to the network, never cached.
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  if (event.resultingClientId && ["worker", "sharedworker"].includes(request.destination)) {
    // A worker the page starts belongs to the page's release.
    event.respondWith(releaseOf(event.clientId).then(async (release) => {
      await pin(event.resultingClientId, release);
      return file(event);
    }));
    return;
  }
  event.respondWith(file(event));
});
