/* "Save for the table": one tap stores every entry (in the reader's script) on the device, and
   offline search answers multi-word questions over the saved names, aliases and ruling texts.
   searchPack() is also run by scripts/eval_offline_search.py (node) on the judged queries. */
(function (root) {
  "use strict";

  var SPLIT = /[\s,，。、？?!！;；：·・"“”'‘’()（）《》「」]+/;  // ASCII ':' stays: game:dominion
  var CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

  function norm(s) { return (s || "").normalize("NFKC").toLowerCase(); }
  function count(hay, needle) {
    var n = 0, at = hay.indexOf(needle);
    while (at >= 0 && n < 5) { n++; at = hay.indexOf(needle, at + needle.length); }
    return n;
  }

  /* Prepare a pack (from /api/offline-pack) once: lower-cased fields per entry. */
  function prepare(pack) {
    var sound = {};
    Object.keys(pack.pinyin || {}).forEach(function (syllable) {
      Array.from(pack.pinyin[syllable]).forEach(function (c) { sound[c] = syllable; });
    });
    var entries = pack.entries.map(function (row) {
      return {
        id: row[0], game: row[1], kind: row[2], title: row[3],
        names: row[4].map(norm), aliases: row[5].map(norm),
        text: norm(row[6] + "\n" + row[8].join("\n")),
        rulings: row[7].map(function (r) { return [r[0], norm(r[1])]; }),
        keys: row[9] || [], types: row[10] || [], cost: row[11],
        words: row[2] === "faq" ? [] :  // typo targets: names of cards, rules and terms, not questions
          row[4].concat(row[5]).map(norm).join(" ").split(/[^a-z]+/).filter(function (w) { return w.length > 3; })
      };
    });
    entries.sound = sound;  // character -> pinyin syllable
    return entries;
  }

  function fieldScore(e, t) {
    var best = 0;
    e.keys.forEach(function (k) { if (k === t) best = Math.max(best, 9); else if (t.length > 2 && k.indexOf(t) === 0) best = Math.max(best, 4); });
    e.names.forEach(function (n) { if (n === t) best = Math.max(best, 10); else if (n.indexOf(t) >= 0) best = Math.max(best, 6); });
    e.aliases.forEach(function (n) { if (n === t) best = Math.max(best, 8); else if (n.indexOf(t) >= 0) best = Math.max(best, 4); });
    var inText = count(e.text, t);
    e.rulings.forEach(function (r) { inText += count(r[1], t); });
    return best + (inText ? 1 + Math.min(inText, 5) * 0.3 : 0);
  }

  function docFreq(entries, t) {
    var df = 0;
    entries.forEach(function (e) { if (fieldScore(e, t) > 0) df++; });
    return df;
  }

  function distance(a, b) {  // optimal string alignment distance (a swap of neighbours counts 1)
    if (Math.abs(a.length - b.length) > 2) return 3;
    var d = [], i, j;
    for (i = 0; i <= a.length; i++) { d.push([i]); for (j = 1; j <= b.length; j++) d[i].push(i ? 0 : j); }
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.length][b.length];
  }

  /* A Latin word found nowhere may be a typo of an English name word or of a name's pinyin. */
  function nearest(entries, w) {
    var best = null, bestD = w.length >= 7 ? 2 : 1;
    entries.forEach(function (e) {
      e.words.concat(e.keys).forEach(function (k) {
        if (k.length < 4) return;
        var d = distance(w, k);
        if (d <= bestD && (best === null || d < bestD)) { best = k; bestD = d; }
      });
    });
    return best;
  }

  /* Filters a player may add: game:dominion, kind:card, type:attack, cost<=3 (also cost:3, cost>=5). */
  var FILTER = /^(game|kind|type|cost)(:|<=|>=|<|>|=)(.+)$/;
  function parseFilters(words) {
    var filters = [], rest = [];
    words.forEach(function (w) {
      var m = FILTER.exec(w);
      if (m) filters.push({ field: m[1], op: m[2] === ":" ? "=" : m[2], value: m[3] });
      else rest.push(w);
    });
    return { filters: filters, words: rest };
  }
  function passes(e, filters) {
    return filters.every(function (f) {
      if (f.field === "game") return e.game === f.value;
      if (f.field === "kind") return e.kind === f.value;
      if (f.field === "type") return e.types.indexOf(f.value) >= 0;
      var v = parseInt(f.value, 10);
      if (e.cost == null || isNaN(v)) return false;
      return { "=": e.cost === v, "<=": e.cost <= v, ">=": e.cost >= v, "<": e.cost < v, ">": e.cost > v }[f.op];
    });
  }

  /* Terms of a question: words split on spaces and punctuation; a Chinese word found nowhere is
     read as its overlapping pairs of characters ("刺客杀国王" -> 刺客, 客杀, 杀国, 国王); Latin
     words typed apart are also tried together ("tu shu guan" -> tushuguan); a Latin word found
     nowhere is read as the nearest name word (one or two letters off); a Chinese word found
     nowhere is read by its sound when a name sounds the same (刺课 -> cike -> 刺客). */
  function terms(entries, words) {
    var out = [];
    var latin = words.length > 1 && words.every(function (w) { return /^[a-z]+$/.test(w); });
    if (latin && docFreq(entries, words.join("")) > 0) words = [words.join("")];
    words.forEach(function (w) {
      var df = docFreq(entries, w);
      if (!df && /^[a-z]{4,}$/.test(w)) {
        var near = nearest(entries, w);
        if (near) { out.push({ t: near, df: docFreq(entries, near), weight: 1 }); return; }
      }
      if (!df && CJK.test(w) && entries.sound) {  // a Chinese word found nowhere: a name that sounds the same?
        var chars = Array.from(w), said = chars.map(function (c) { return entries.sound[c] || ""; }).join("");
        if (said && chars.every(function (c) { return entries.sound[c]; })) {
          var sdf = docFreq(entries, said);
          if (sdf) { out.push({ t: said, df: sdf, weight: 1 }); return; }
        }
      }
      if (df || !CJK.test(w) || w.length < 3) { out.push({ t: w, df: df, weight: 1 }); return; }
      var pairs = [];
      for (var i = 0; i + 2 <= w.length; i++) pairs.push(w.slice(i, i + 2));
      pairs.forEach(function (p) { out.push({ t: p, df: docFreq(entries, p), weight: 1 / Math.max(1, pairs.length - 1) }); });
    });
    return out.filter(function (x, i, all) { return all.findIndex(function (y) { return y.t === x.t; }) === i; });
  }

  /* Ranked [{id, title, game, kind, ruling}] for a question; entries matching every word first. */
  function searchPack(entries, query, limit) {
    var parsed = parseFilters(norm(query).split(SPLIT).filter(Boolean));
    var ts = terms(entries, parsed.words);
    var n = entries.length;
    var scored = [];
    if (!ts.length) {  // filters alone: every entry that passes, cheapest first
      entries.filter(function (e) { return parsed.filters.length && passes(e, parsed.filters); }).forEach(function (e) {
        scored.push({ score: -(e.cost || 0), id: e.id, title: e.title, game: e.game, kind: e.kind, ruling: null });
      });
    }
    entries.forEach(function (e) {
      if (!passes(e, parsed.filters)) return;
      var total = 0, matched = 0, possible = 0;
      ts.forEach(function (x) {
        possible += x.weight;
        if (!x.df) return;
        var s = fieldScore(e, x.t);
        if (!s) return;
        matched += x.weight;
        total += s * x.weight * Math.log(1 + n / x.df);
      });
      if (!total) return;
      var cover = matched / possible;
      var ruling = null, best = 0;
      e.rulings.forEach(function (r) {
        var hits = 0;
        ts.forEach(function (x) { if (x.df && r[1].indexOf(x.t) >= 0) hits += x.weight * Math.log(1 + n / x.df); });
        if (hits > best) { best = hits; ruling = r[0]; }
      });
      scored.push({ score: total * cover * cover, id: e.id, title: e.title, game: e.game, kind: e.kind, ruling: ruling });
    });
    scored.sort(function (a, b) { return b.score - a.score || (a.id < b.id ? -1 : 1); });
    return scored.slice(0, limit || 20);
  }

  var api = { prepare: prepare, searchPack: searchPack, terms: terms };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  root.RefTable = api;

  /* ---------------------------------------------------------------- in the page */
  var lang = root.Ref.lang;
  var PACK = "/api/offline-pack?lang=" + encodeURIComponent(lang);
  var CACHE = "table-" + lang;
  var MARK = "refapp.table." + lang;

  var el = root.Ref.el, tr = root.Ref.translator(root.Ref.json("tool-config").strings || {});

  function save(button, status) {
    if (!("caches" in window)) { status.textContent = tr("table.unsupported"); return; }
    button.disabled = true;
    var cache;
    caches.open(CACHE).then(function (c) {
      cache = c;
      return fetch(PACK, { credentials: "same-origin" });
    }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return cache.put(PACK, r.clone()).then(function () { return r.json(); });
    }).then(function (pack) {
      var urls = pack.entries.map(function (row) { return "/entries/" + row[0]; })
        .concat(["/tools", "/tools/setup", "/tools/kingdom", "/tools/score", "/tools/data.json", "/offline"]);
      var done = 0, next = 0;
      function worker() {
        if (next >= urls.length) return Promise.resolve();
        var url = urls[next++];
        return cache.add(new Request(url, { credentials: "same-origin" })).then(function () {
          done++;
          status.textContent = tr("table.saving", { done: done, total: urls.length });
          return worker();
        });
      }
      return Promise.all([worker(), worker(), worker(), worker()]).then(function () {
        try { localStorage.setItem(MARK, JSON.stringify({ version: pack.version, n: pack.entries.length })); } catch (e) { /* private mode */ }
        status.textContent = tr("table.saved", { n: pack.entries.length });
        status.setAttribute("data-saved", String(pack.entries.length));
      });
    }).catch(function () {
      status.textContent = tr("table.failed");
    }).then(function () { button.disabled = false; });
  }

  function loadPack() {
    if (!("caches" in window)) return Promise.resolve(null);
    return caches.open(CACHE).then(function (c) { return c.match(PACK); })
      .then(function (r) { return r ? r.json() : null; }).catch(function () { return null; });
  }

  function offlineResults() {
    var out = document.getElementById("pack-results");
    if (!out) return;
    var q = (new URLSearchParams(location.search).get("q") || "").trim();
    if (!q) return;
    loadPack().then(function (pack) {
      if (!pack) return;
      var found = searchPack(prepare(pack), q, 30);
      out.textContent = "";
      found.forEach(function (r) {
        var li = el("li", { "class": "result" });
        var a = el("a", { "class": "result-link", href: "/entries/" + r.id + (r.ruling ? "#" + r.ruling : "") });
        a.appendChild(el("span", { "class": "result-title" }, r.title));
        li.appendChild(a);
        out.appendChild(li);
      });
      if (found.length) {
        out.hidden = false;
        var names = document.getElementById("offline-results");
        if (names) names.hidden = true;
        var note = document.getElementById("offline-note");
        if (note) note.hidden = true;
      }
    });
  }

  var button = document.getElementById("save-table");
  var status = document.getElementById("save-status");
  if (button && status) {
    try {
      var mark = JSON.parse(localStorage.getItem(MARK) || "null");
      if (mark) {
        var current = button.getAttribute("data-version");
        status.textContent = tr(current && mark.version !== current ? "table.outdated" : "table.saved", { n: mark.n });
      }
    } catch (e) { /* ignore */ }
    button.addEventListener("click", function () { save(button, status); });
  }
  offlineResults();
})(this);
