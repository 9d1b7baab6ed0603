/* Offline search and "save for the table".
   Search: the server's own ranking (ranker.js over /api/offline-rank, which the service worker
   keeps from the first visit) answers any question offline, names, aliases, pinyin and initials
   included; once the entries are saved, each result also shows the matched ruling's snippet.
   Save: one tap stores every entry's page and every demonstration (in the reader's script, each
   kind as one file of data drawn by one offline frame page) and the tools on the device; a busy server (429, 503) is asked again after the wait it names, and the reader
   is told when something could not be saved. */
(function (root) {
  "use strict";

  var lang = root.Ref.lang;
  var PACK = "/api/offline-pack?lang=" + encodeURIComponent(lang);
  var DEMOS = "/api/offline-demos?lang=" + encodeURIComponent(lang);
  var ENTRIES = "/api/offline-entries?lang=" + encodeURIComponent(lang);
  var RANK = "/api/offline-rank";
  var CACHE = "table-" + lang;
  var MARK = "refapp.table." + lang;
  var TOOLS = ["/tools", "/tools/setup", "/tools/kingdom", "/tools/score", "/tools/data.json", "/offline", "/api/names", RANK,
               "/offline/player", DEMOS, "/offline/entry", ENTRIES];
  var TRIES = 6, FIRST_WAIT = 500, LONGEST_WAIT = 30000, WORKERS = 3;

  var el = root.Ref.el, tr = root.Ref.translator(root.Ref.json("tool-config").strings || {});

  function wait(ms) { return new Promise(function (ok) { setTimeout(ok, ms); }); }

  /* A GET that waits and asks again when the server is busy (429 or 503, after its Retry-After)
     or the network drops, doubling the wait each time; null when it never succeeded. */
  function fetchPatiently(url, tries) {
    tries = tries || TRIES;
    function attempt(n) {
      return fetch(url, { credentials: "same-origin" }).then(function (r) {
        if (r.ok) return r;
        if ((r.status === 429 || r.status === 503) && n + 1 < tries) {
          var said = parseFloat(r.headers.get("Retry-After"));
          var ms = isNaN(said) ? FIRST_WAIT * Math.pow(2, n) : said * 1000;
          return wait(Math.min(LONGEST_WAIT, Math.max(ms, FIRST_WAIT * Math.pow(2, n)))).then(function () { return attempt(n + 1); });
        }
        return null;
      }, function () {
        if (n + 1 >= tries) return null;
        return wait(Math.min(LONGEST_WAIT, FIRST_WAIT * Math.pow(2, n))).then(function () { return attempt(n + 1); });
      });
    }
    return attempt(0);
  }

  /* progress as a player reads it: a whole percentage, 100 only when everything is saved */
  function percent(done, total) {
    return total > 0 ? Math.min(done < total ? 99 : 100, Math.floor(done * 100 / total)) : 0;
  }

  function save(button, status) {
    if (!("caches" in window)) { status.textContent = tr("table.unsupported"); return; }
    button.disabled = true;
    status.removeAttribute("data-saved");
    status.removeAttribute("data-missing");
    var cache, pack;
    caches.open(CACHE).then(function (c) {
      cache = c;
      return fetchPatiently(PACK);
    }).then(function (r) {
      if (!r) throw new Error("pack");
      return cache.put(PACK, r.clone()).then(function () { return r.json(); });
    }).then(function (p) {
      pack = p;
      var urls = TOOLS.slice();  // the entries' pages and the demonstrations are data, each in one file
      var done = 0, next = 0, missing = [];
      function worker() {
        if (next >= urls.length) return Promise.resolve();
        var url = urls[next++];
        return fetchPatiently(url).then(function (r) {
          return r ? cache.put(url, r) : Promise.reject(new Error(url));
        }).then(function () {
          done++;
          status.textContent = tr("table.saving", { pct: percent(done, urls.length) });
        }, function () { missing.push(url); }).then(worker);
      }
      var workers = [];
      for (var i = 0; i < WORKERS; i++) workers.push(worker());
      return Promise.all(workers).then(function () {
        var complete = missing.length === 0;
        if (complete) {  // what an older saving stored and this one does not (one page per entry and demo)
          var kept = urls.concat([PACK]);
          cache.keys().then(function (keys) {
            keys.forEach(function (k) {
              var u = new URL(k.url);
              if (kept.indexOf(u.pathname + u.search) < 0) cache.delete(k);
            });
          });
        }
        try {
          localStorage.setItem(MARK, JSON.stringify({ version: pack.version, n: pack.entries.length, missing: missing.length, total: urls.length }));
        } catch (e) { /* private mode */ }
        if (complete) {
          status.textContent = tr("table.saved", { n: pack.entries.length });
          status.setAttribute("data-saved", String(pack.entries.length));
        } else {
          status.textContent = tr("table.incomplete", { pct: percent(urls.length - missing.length, urls.length) });
          status.setAttribute("data-missing", String(missing.length));
        }
      });
    }).catch(function () {
      status.textContent = tr("table.failed");
    }).then(function () { button.disabled = false; });
  }

  function cached(url, from) {
    if (!("caches" in window)) return Promise.resolve(null);
    var look = from ? caches.open(from).then(function (c) { return c.match(url); }) : caches.match(url, { ignoreVary: true });
    return look.then(function (r) { return r ? r.json() : null; }).catch(function () { return null; });
  }

  /* The ranking data: the network when there is one (the service worker keeps a copy), else the copy. */
  function loadRanking() {
    return fetch(RANK, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : cached(RANK); })
      .catch(function () { return cached(RANK); });
  }

  function snippetNode(pieces) {
    var p = el("p", { "class": "snippet" });
    pieces.forEach(function (piece) {
      if (piece[1]) p.appendChild(el("mark", null, piece[0]));
      else p.appendChild(document.createTextNode(piece[0]));
    });
    return p;
  }

  /* The demonstration a result offers (the pack's demos: [id, ★ step, [[entry, ruling], ...]]):
     the matched ruling's first, else the entry's; its address opens at the ★ step, as online. */
  function demoFor(demos, r) {
    function shows(d, ruling) {
      return d[2].some(function (x) { return x[0] === r.id && (ruling === undefined || x[1] === ruling); });
    }
    var found = null, i;
    if (r.ruling) for (i = 0; i < demos.length && !found; i++) if (shows(demos[i], r.ruling)) found = demos[i];
    for (i = 0; i < demos.length && !found; i++) if (shows(demos[i])) found = demos[i];
    if (!found) return null;
    var step = found[1] + 1;
    return "/scenarios/" + found[0] + "?step=" + step + "#step=" + step;
  }

  /* The ranking data opened once per page (the same promise for every search of it): the ranker,
     the saved passages of the same build, the saved demonstrations; null without kept data. */
  var opening = null;
  function openRanking() {
    if (!opening) {
      opening = Promise.all([loadRanking(), cached(PACK, CACHE)]).then(function (got) {
        var data = got[0], pack = got[1];
        if (!data) return null;
        return {
          ranker: root.RefRanker.open(data),
          texts: pack && pack.index === data.index ? pack.texts : null,  // the same build's passages
          demos: (pack && pack.demos) || []
        };
      });
    }
    return opening;
  }

  /* The search's options in the address, as the results page reads them: the filters given as
     parameters (the ranker's filter fields) and the readings taken off (plain=, no_intent=). */
  function asked(ranker) {
    var p = new URLSearchParams(location.search), filters = {};
    ranker.filterFields.forEach(function (k) { var v = p.get(k); if (v) filters[k] = v; });
    return { filters: filters, plain: p.getAll("plain"), noIntent: p.getAll("no_intent") };
  }

  /* A chip's address: this search with one reading taken off (index.understood.Asked.params):
     game "" keeps the game parameter, null drops it, a value sets it. */
  function without(ranker, q, game, extra) {
    var now = asked(ranker), p = new URLSearchParams();
    p.set("q", q);
    if (game !== "" && game != null) p.set("game", game);
    ranker.filterFields.forEach(function (k) { if (now.filters[k] && (k !== "game" || game === "")) p.set(k, now.filters[k]); });
    var plain = now.plain.concat(extra.plain || []), intents = now.noIntent.concat(extra.noIntent || []);
    plain.filter(function (w, i) { return plain.indexOf(w) === i; }).forEach(function (w) { p.append("plain", w); });
    intents.filter(function (w, i) { return intents.indexOf(w) === i; }).forEach(function (w) { p.append("no_intent", w); });
    return "/search?" + p.toString();
  }

  /* What the search understood, as the results page's chips (_understood.html): the game, the
     names, the kind of answer asked for, each a link that searches again without it. */
  function showUnderstood(ranker, q, understood) {
    var box = document.getElementById("offline-understood"), ul = box && box.querySelector("ul");
    if (!ul) return;
    ul.textContent = "";
    var U = root.Ref.translator(root.Ref.json("understood-strings")), chips = [];
    var u = understood || { game: null, names: [], intents: [] };
    if (u.game) {
      var fromFilter = u.game.source === "filter", bare = fromFilter ? ranker.withoutField(q, "game") : q;
      chips.push({ part: "game", label: u.game.value === "any" ? U("understood.any_game") : root.Ref.gameLabel(u.game.value),
                   url: without(ranker, bare, u.game.value === "any" ? null : "any", {}),
                   hint: u.game.source === "vocabulary" ? U("understood.guessed") : "" });
    }
    u.names.forEach(function (n, i) {
      chips.push({ part: "name", label: root.Ref.loc(n.label) || n.ids[0], url: without(ranker, q, "", { plain: n.words }), joins: i ? "+" : "·" });
    });
    u.intents.forEach(function (name) {
      if (U.has("understood.intent." + name)) chips.push({ part: "intent", label: U("understood.intent." + name), url: without(ranker, q, "", { noIntent: [name] }) });
    });
    box.hidden = chips.length === 0;
    chips.forEach(function (c, i) {
      var next = chips[i + 1], joins = next ? (next.joins || "·") : "";
      var li = el("li", { "class": "u-" + c.part + (joins === "+" ? " then-plus" : joins ? " then-dot" : "") });
      var a = el("a", c.hint ? { "class": "chip uchip", href: c.url, title: c.hint } : { "class": "chip uchip", href: c.url });
      a.appendChild(el("span", { "class": "uchip-label" }, c.label));
      a.appendChild(el("span", { "class": "uchip-x", "aria-hidden": "true" }, "×"));
      a.appendChild(el("span", { "class": "sr-only" }, " " + U("understood.remove")));
      li.appendChild(a);
      ul.appendChild(li);
    });
  }

  function showResults(out, opened, q) {
    var ranker = opened.ranker, texts = opened.texts, how = asked(ranker);
    var answer = ranker.search(q, { limit: 20, texts: texts, filters: how.filters, plain: how.plain, noIntent: how.noIntent });
    var found = answer.results, marks = answer.marks;
    showUnderstood(ranker, q, answer.understood);
    if (!texts) {  // titles alone (nothing saved yet): one result per entry, as two would read the same
      var seen = {};
      found = found.filter(function (r) { return seen[r.id] ? false : (seen[r.id] = true); });
    }
    out.textContent = "";
    found.forEach(function (r) {
      var li = el("li", { "class": "result" });
      var a = el("a", { "class": "result-link", href: root.Ref.entryUrl(r.id, r.ruling) });
      a.appendChild(el("span", { "class": "result-title" }, root.Ref.loc(r.title)));
      li.appendChild(a);
      var game = r.id.split("/")[0];  // which game, as online: Library and Thief are in both
      var badges = el("p", { "class": "badges" });
      badges.appendChild(el("span", { "class": "badge game g-" + game }, root.Ref.gameLabel(game)));
      li.appendChild(badges);
      if (texts && texts[r.doc]) li.appendChild(snippetNode(ranker.snippet(texts[r.doc], marks)));
      if (texts && r.alsoIn.length) {  // as online (_entrycard.html): the same answer said elsewhere
        var also = el("p", { "class": "also-in" });
        also.appendChild(el("span", { "class": "also-label" }, out.getAttribute("data-also-in") || ""));
        r.alsoIn.forEach(function (x) {
          also.appendChild(el("a", { "class": "chip", href: root.Ref.entryUrl(x.id, x.ruling) }, root.Ref.loc(x.title)));
        });
        li.appendChild(also);
      }
      var demo = demoFor(opened.demos, r);
      if (demo) li.appendChild(el("a", { "class": "button showme", href: demo }, "▶ " + (out.getAttribute("data-show-me") || "")));
      out.appendChild(li);
    });
    out.hidden = found.length === 0;
    var names = document.getElementById("offline-results");  // the names search (app.js): when nothing else is found
    if (names) names.hidden = found.length > 0;
    var note = document.getElementById("offline-note");  // "names only": not so with the ranking data
    if (note) note.hidden = true;
    out.setAttribute("data-ready", String(found.length));
  }

  function currentQuery() {
    return (new URLSearchParams(location.search).get("q") || "").trim();
  }

  /* Offline, the page's own search: the query in the address, then each new one asked in the box,
     answered in this page (the address changes as a search's would, so back and a shared link
     work) without opening the ranking data again, as loading a page for each search would. */
  function offlineResults() {
    var out = document.getElementById("pack-results");
    if (!out || !root.RefRanker) return;
    var ready = null;
    function run() {
      var q = currentQuery();
      var input = document.getElementById("q");
      if (input) input.value = q;
      var chips = document.getElementById("offline-understood");
      if (chips && !q) chips.hidden = true;  // no query, nothing read
      if (!q) return;
      openRanking().then(function (opened) {
        ready = opened;
        if (opened && q === currentQuery()) showResults(out, opened, q);
      });
    }
    /* A search answered in this page (a query asked in the box, a chip taken off), only without
       a network: this page came in place of a search's (the service worker's answer for /search
       offline), or the browser says so; /offline opened online searches online. Not before the
       data is open: then the page is loaded again. */
    function answerHere(event, url) {
      if (!ready || (location.pathname === "/offline" && navigator.onLine !== false)) return;
      event.preventDefault();
      history.pushState(null, "", url);
      run();
      window.dispatchEvent(new Event("refapp:offline-query"));  // app.js: the names search too
    }
    var form = out.parentNode.querySelector("form.search");
    if (form) {
      form.addEventListener("submit", function (event) {
        var q = (form.elements.q.value || "").trim();
        if (q) answerHere(event, "/search?q=" + encodeURIComponent(q));
      });
    }
    var chips = document.getElementById("offline-understood");
    if (chips) {
      chips.addEventListener("click", function (event) {
        var link = event.target.closest ? event.target.closest("a.uchip") : null;
        if (link) answerHere(event, link.getAttribute("href"));
      });
    }
    window.addEventListener("popstate", function () {
      run();
      window.dispatchEvent(new Event("refapp:offline-query"));
    });
    run();
  }

  var button = document.getElementById("save-table");
  var status = document.getElementById("save-status");
  if (button && status) {
    try {
      var mark = JSON.parse(localStorage.getItem(MARK) || "null");
      if (mark) {
        var current = button.getAttribute("data-version");
        if (mark.missing) status.textContent = tr("table.incomplete", { pct: percent((mark.total || mark.n) - mark.missing, mark.total || mark.n) });
        else status.textContent = tr(current && mark.version !== current ? "table.outdated" : "table.saved", { n: mark.n });
      }
    } catch (e) { /* ignore */ }
    button.addEventListener("click", function () { save(button, status); });
  }
  offlineResults();
})(this);
