/* Progressive enhancement for every page: service worker, autocomplete with an offline
   fallback, recent searches, offline name search. Hand-written, no framework. */
(function () {
  "use strict";
  var lang = window.Ref.lang, el = window.Ref.el, loc = window.Ref.loc;
  var RECENT_KEY = "refapp.recent";
  var RECENT_MAX = 8;

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }

  var gameLabel = window.Ref.gameLabel;

  /* ---------- names index for offline search ---------- */
  var namesPromise = null;
  function loadNames() {
    if (!namesPromise) {
      namesPromise = fetch("/api/names", { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (d) { return d.names || []; })
        .catch(function () { namesPromise = null; return []; });
    }
    return namesPromise;
  }
  function fold(s) { return (s || "").toLowerCase().replace(/\s+/g, ""); }
  // a row of /api/names: [id, its name in each language of Ref.langs, [aliases], game, kind]
  var LANG_COUNT = window.Ref.langs.length;
  function rowNames(row) { return row.slice(1, 1 + LANG_COUNT); }
  function localTitle(row) {
    var byLang = {};
    window.Ref.langs.forEach(function (code, i) { byLang[code] = row[1 + i]; });
    return loc(byLang);
  }
  function searchNames(rows, query, limit) {
    var q = fold(query);
    if (!q) return [];
    var scored = [];
    rows.forEach(function (row) {
      var fields = rowNames(row).concat(row[1 + LANG_COUNT] || []);
      var best = 0;
      fields.forEach(function (f) {
        var v = fold(f);
        if (!v) return;
        if (v === q) best = Math.max(best, 3);
        else if (v.indexOf(q) === 0) best = Math.max(best, 2);
        else if (v.indexOf(q) > 0) best = Math.max(best, 1);
      });
      if (best) scored.push([best, row]);
    });
    scored.sort(function (a, b) { return b[0] - a[0]; });
    return scored.slice(0, limit).map(function (p) {
      var row = p[1];
      return { id: row[0], title: localTitle(row), game: row[2 + LANG_COUNT], kind: row[3 + LANG_COUNT], url: window.Ref.entryUrl(row[0]) };
    });
  }

  /* ---------- suggestions (combobox) ---------- */
  function normaliseSuggestions(data) {
    var items = Array.isArray(data) ? data : (data && (data.suggestions || data.results)) || [];
    return items.map(function (it) {
      if (typeof it === "string") return { title: it, url: "/search?q=" + encodeURIComponent(it) };
      var title = it.title;
      if (title && typeof title === "object") title = loc(title);
      if (it.ruling && it.label) title = it.label; /* a ruling answering the typed question */
      title = title || it.name || it.text || it.id || "";
      return { title: title, url: it.url || (it.id ? window.Ref.entryUrl(it.id) : "/search?q=" + encodeURIComponent(title)),
               game: it.game };
    }).filter(function (s) { return s.title; });
  }

  function setupCombo(form) {
    var input = form.querySelector("input[role=combobox]");
    var list = form.querySelector("[role=listbox]");
    if (!input || !list) return;
    var timer = null, active = -1, items = [], seq = 0;

    function close() {
      list.hidden = true; list.textContent = ""; active = -1; items = [];
      input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant");
    }
    function render(suggestions) {
      list.textContent = ""; items = suggestions; active = -1;
      if (!suggestions.length) { close(); return; }
      suggestions.forEach(function (s, i) {
        // an option is not a link: nothing interactive inside an option (axe nested-interactive)
        var li = el("li", { role: "option", id: "sugg-" + i, "aria-selected": "false", "data-url": s.url });
        li.appendChild(el("span", {}, s.title));
        if (s.game) li.appendChild(el("small", {}, gameLabel(s.game)));
        list.appendChild(li);
      });
      list.hidden = false; input.setAttribute("aria-expanded", "true");
    }
    function highlight(i) {
      var opts = list.querySelectorAll("[role=option]");
      if (!opts.length) return;
      active = (i + opts.length) % opts.length;
      opts.forEach(function (o, j) { o.setAttribute("aria-selected", j === active ? "true" : "false"); });
      input.setAttribute("aria-activedescendant", "sugg-" + active);
    }
    function fetchSuggestions(q) {
      var mine = ++seq;
      var url = "/api/suggest?q=" + encodeURIComponent(q) + "&lang=" + encodeURIComponent(lang);
      fetch(url, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (d) { return normaliseSuggestions(d); })
        .catch(function () { return loadNames().then(function (rows) { return searchNames(rows, q, 8); }); })
        .then(function (s) { if (mine === seq && input.value.trim() === q) render(s.slice(0, 8)); });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      var q = input.value.trim();
      if (!q) { close(); return; }
      timer = setTimeout(function () { fetchSuggestions(q); }, 120);
    });
    input.addEventListener("keydown", function (ev) {
      if (list.hidden) return;
      if (ev.key === "ArrowDown") { ev.preventDefault(); highlight(active + 1); }
      else if (ev.key === "ArrowUp") { ev.preventDefault(); highlight(active - 1); }
      else if (ev.key === "Escape") { ev.preventDefault(); close(); }
      else if (ev.key === "Enter" && active >= 0 && items[active]) {
        ev.preventDefault(); remember(input.value); window.location.href = items[active].url;
      }
    });
    input.addEventListener("blur", function () { setTimeout(close, 200); });
    list.addEventListener("mousedown", function (ev) {
      var option = ev.target.closest("[role=option]");
      if (!option) return;
      ev.preventDefault();  // keep the focus in the box until we leave
      remember(input.value);
      window.location.href = option.getAttribute("data-url");
    });
    form.addEventListener("submit", function (ev) {
      var q = input.value.trim();
      if (!q) { ev.preventDefault(); input.focus(); return; }
      remember(q);
    });
  }

  /* ---------- recent searches (kept on the device) ---------- */
  function readRecent() {
    try {
      var v = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(v) ? v.filter(function (x) { return typeof x === "string"; }) : [];
    } catch (e) { return []; }
  }
  function remember(q) {
    var box = document.getElementById("q");  // as long as the box takes (its maxlength, the search's limit)
    q = (q || "").trim().slice(0, box && box.maxLength > 0 ? box.maxLength : 500);
    if (!q) return;
    var list = readRecent().filter(function (x) { return x !== q; });
    list.unshift(q);
    try { localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX))); } catch (e) { /* private mode */ }
  }
  function showRecent() {
    var box = document.querySelector(".recent");
    var ul = document.getElementById("recent-list");
    if (!box || !ul) return;
    var list = readRecent();
    ul.textContent = "";
    list.forEach(function (q) {
      var li = el("li");
      li.appendChild(el("a", { "class": "chip", href: "/search?q=" + encodeURIComponent(q) }, q));
      ul.appendChild(li);
    });
    box.hidden = list.length === 0;
    var clear = document.getElementById("recent-clear");
    if (clear && !clear.dataset.bound) {
      clear.dataset.bound = "1";
      clear.addEventListener("click", function () {
        try { localStorage.removeItem(RECENT_KEY); } catch (e) { /* ignore */ }
        showRecent();
      });
    }
  }

  /* ---------- offline page: name search without the network ---------- */
  function offlineSearch() {
    var out = document.getElementById("offline-results");
    if (!out) return;
    var params = new URLSearchParams(window.location.search);
    var q = (params.get("q") || "").trim();
    var input = document.getElementById("q");
    if (input && q) input.value = q;
    if (!q) return;
    loadNames().then(function (rows) {
      out.textContent = "";
      var found = searchNames(rows, q, 30);
      if (!found.length) out.appendChild(el("li", { "class": "notice" }, out.getAttribute("data-none")));
      found.forEach(function (r) {
        var li = el("li", { "class": "result" });
        var a = el("a", { "class": "result-link", href: r.url });
        a.appendChild(el("span", { "class": "result-title" }, r.title));
        a.appendChild(el("span", { "class": "result-alt" }, gameLabel(r.game)));
        li.appendChild(a); out.appendChild(li);
      });
    });
  }

  /* ---------- large text, remembered on this device (textsize.js applies it before paint) ---------- */
  function setupTextSize() {
    var button = document.getElementById("textsize");
    if (!button) return;
    var root = document.documentElement;
    button.setAttribute("aria-pressed", root.classList.contains("large-text") ? "true" : "false");
    button.hidden = false;
    button.addEventListener("click", function () {
      var large = !root.classList.contains("large-text");
      root.classList.toggle("large-text", large);
      button.setAttribute("aria-pressed", large ? "true" : "false");
      try {
        if (large) localStorage.setItem("refapp.textsize", "large"); else localStorage.removeItem("refapp.textsize");
      } catch (e) { /* private mode: this page only */ }
      window.dispatchEvent(new Event("resize"));  // the player's bar re-measures itself
    });
  }

  setupTextSize();
  document.querySelectorAll("form[data-suggest]").forEach(setupCombo);
  showRecent();
  offlineSearch();
  window.addEventListener("refapp:offline-query", offlineSearch);  // a new query asked in the offline page (table.js)
  if (document.body.classList.contains("page-results")) {
    var qv = new URLSearchParams(window.location.search).get("q");
    if (qv) remember(qv);
  }
})();
