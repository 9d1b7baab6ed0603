/* The saved pack's entry page (templates/offline_entry.html): the entry this address names
   (/entries/<id>, which the service worker answered with this page offline, or ?entry=<id>)
   drawn from the saved entry pages (/api/offline-entries: each page's title and main part, as
   the server renders them), then share.js as the online page runs it. */
(function () {
  "use strict";
  var box = document.getElementById("offline-entry");
  if (!box) return;
  var url = "/api/offline-entries?lang=" + encodeURIComponent(box.getAttribute("data-offline"));
  var path = /^\/entries\/(.+)$/.exec(location.pathname);
  var id = path ? decodeURIComponent(path[1]) : new URLSearchParams(location.search).get("entry");
  var look = "caches" in window ? caches.match(url, { ignoreVary: true }) : Promise.resolve(null);
  look.then(function (hit) {
    if (hit || navigator.onLine === false) return hit;
    return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r : null; });
  }).then(function (r) { return r ? r.json() : null; }).catch(function () { return null; }).then(function (data) {
    var page = data && id && data.entries && data.entries[id];
    if (!page) {
      document.getElementById("entry-missing").hidden = false;
      box.setAttribute("data-missing", "1");
      return;
    }
    document.title = page[0];
    var main = document.getElementById("main");
    main.innerHTML = page[1];  // the server's own rendering of the entry page (escaped, sanitised)
    var share = document.createElement("script");
    // ready once share.js has run (its buttons shown), as the online page is when it has loaded
    share.onload = share.onerror = function () { main.setAttribute("data-ready", "1"); };
    share.src = box.getAttribute("data-share");
    document.body.appendChild(share);
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  });
})();
