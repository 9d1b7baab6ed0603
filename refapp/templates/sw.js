/* Service worker: keeps the pages, entries and scenario logs a reader opened, the names index
   for offline name search, the at-the-table tools with their data and the offline player page.
   Entries and demonstrations saved "for the table" live in their own cache (table-<lang>) and are
   found by caches.match as well; a demonstration's or entry's page not kept is answered offline
   by the saved player or entry frame, which draws it from the saved data.
   Generated per deploy ({{ version }}). */
"use strict";
var VERSION = {{ version|tojson }};
var CACHE = "refapp-" + VERSION;
var PRECACHE = {{ (precache + ["/", "/offline", "/api/names"])|tojson }};
var KEEP = [/^\/$/, /^\/search$/, /^\/browse$/, /^\/entries\//, /^\/scenarios\//, /^\/offline$/, /^\/api\/names$/,
            /^\/api\/entries$/, /^\/api\/scenarios$/, /^\/tools(\/|$)/, /^\/api\/offline-pack$/,
            /^\/api\/offline-rank$/];  // the saved demonstrations live in table-<lang> only
/* a page not kept, answered offline by the saved frame that draws it from the saved data (not
   the .json twins) */
var FRAMES = [[/^\/scenarios\/[^.]+$/, "/offline/player"], [/^\/entries\/[^.]+$/, "/offline/entry"]];
var TOOL = /^\/tools(\/(setup|kingdom|score))?$/;  // a tool page answers any query offline (its script computes)

/* One precached file: a busy server (429, 503) is asked again after the wait it names (Retry-After)
   or a doubling one; a file still missing is fetched when first used online. */
function addPatiently(cache, url, tries) {
  return fetch(new Request(url, { credentials: "same-origin" })).then(function (r) {
    if (r.ok) return cache.put(url, r);
    if ((r.status === 429 || r.status === 503) && tries > 1) {
      var said = parseFloat(r.headers.get("Retry-After"));
      var ms = Math.min(30000, Math.max(isNaN(said) ? 0 : said * 1000, 500 * Math.pow(2, 5 - tries)));
      return new Promise(function (ok) { setTimeout(ok, ms); }).then(function () { return addPatiently(cache, url, tries - 1); });
    }
  }).catch(function () {});
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(PRECACHE.map(function (url) { return addPatiently(cache, url, 5); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("refapp-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function cacheFirst(request) {
  return caches.match(request).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (c) { c.put(request, copy); });
      }
      return response;
    });
  });
}

var MAX_ENTRIES = 400;  // pages, entries and logs kept; the oldest visited go first

function keep(request, response) {
  var copy = response.clone();
  return caches.open(CACHE).then(function (c) {
    return c.put(request, copy).then(function () { return c.keys(); }).then(function (keys) {
      var extra = keys.filter(function (k) {
        return PRECACHE.indexOf(new URL(k.url).pathname) < 0;
      }).slice(0, Math.max(0, keys.length - MAX_ENTRIES));
      return Promise.all(extra.map(function (k) { return c.delete(k); }));
    });
  });
}

function networkFirst(request, isPage) {
  return fetch(request).then(function (response) {
    if (response.ok) keep(request, response);
    return response;
  }).catch(function () {
    var path = new URL(request.url).pathname;
    return caches.match(request, { ignoreVary: true }).then(function (hit) {
      if (hit || !TOOL.test(path)) return hit;
      return caches.match(path, { ignoreVary: true, ignoreSearch: true });
    }).then(function (hit) {
      var frame = FRAMES.filter(function (f) { return f[0].test(path); })[0];
      if (hit || !isPage || !frame) return hit;
      return caches.match(frame[1], { ignoreVary: true, ignoreSearch: true });
    }).then(function (hit) {
      if (hit) return hit;
      if (isPage) return caches.match("/offline", { ignoreVary: true });
      return new Response(JSON.stringify({ error: "offline", status: 503 }),
        { status: 503, headers: { "Content-Type": "application/json" } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) { event.respondWith(cacheFirst(request)); return; }
  var isPage = request.mode === "navigate";
  if (isPage || KEEP.some(function (re) { return re.test(url.pathname); })) {
    event.respondWith(networkFirst(request, isPage));
  }
});
