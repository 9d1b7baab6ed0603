// Point the phone at a card: send the photo to /api/lookup, show the top candidates (or a kingdom).
(function () {
  "use strict";
  var root = document.querySelector(".lookup");
  if (!root) return;
  var form = document.getElementById("lookup-form");
  var file = document.getElementById("lookup-photo");
  var status = document.getElementById("lookup-status");
  var out = document.getElementById("lookup-results");
  var S = root.dataset;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text) e.textContent = text;
    return e;
  }

  function candidate(c) {
    var li = el("li");
    var a = el("a", { "class": "cand", href: c.url });
    a.appendChild(el("strong", {}, c.name));
    var other = [];
    Object.keys(c.names).forEach(function (k) { if (c.names[k] && c.names[k] !== c.name && other.indexOf(c.names[k]) < 0) other.push(c.names[k]); });
    if (other.length) a.appendChild(el("span", { "class": "first" }, other.join(" · ")));
    if (c.first_line) a.appendChild(el("span", { "class": "first" }, c.first_line));
    li.appendChild(a);
    return li;
  }

  function showCard(data) {
    out.textContent = "";
    if (!data.candidates.length) {
      status.textContent = S.sNone;
    } else {
      status.textContent = "";
      out.appendChild(el("h2", {}, S.sResults));
      var ul = el("ul", { "class": "lookup-list" });
      data.candidates.forEach(function (c) { ul.appendChild(candidate(c)); });
      out.appendChild(ul);
    }
    if (data.search_url) out.appendChild(el("p", {})).appendChild(el("a", { href: data.search_url, "class": "not-it" }, S.sNotIt));
    if (data.read.length) out.appendChild(el("p", { "class": "lookup-read" }, S.sRead + " " + data.read.slice(0, 6).join(" / ")));
  }

  function showKingdom(data) {
    out.textContent = "";
    status.textContent = S.sFound.replace("{n}", String(data.cards.length));
    var ul = el("ul", { "class": "lookup-list" });
    data.cards.forEach(function (c) { ul.appendChild(candidate(c)); });
    out.appendChild(ul);
    if (data.unread.length) {
      var p = el("p", { "class": "lookup-unread" }, S.sUnread + " " + data.unread.join("、"));
      out.appendChild(p);
    }
    if (data.setup_url) out.appendChild(el("p", {})).appendChild(el("a", { "class": "button setup", href: data.setup_url }, S.sSetup));
  }

  file.addEventListener("change", function () {
    if (!file.files.length) return;
    var body = new FormData(form);
    var params = new URLSearchParams();
    ["mode", "game", "lang"].forEach(function (k) { var v = body.get(k); if (v) params.set(k, v); });
    var fd = new FormData();
    fd.append("image", file.files[0]);
    status.textContent = S.sReading;
    out.textContent = "";
    fetch("/api/lookup?" + params.toString(), { method: "POST", body: fd })
      .then(function (r) { return r.json().then(function (d) { return { ok: r.ok, status: r.status, data: d }; }); })
      .then(function (res) {
        if (res.status === 503) { status.textContent = S.sBusy; return; }
        if (!res.ok) { status.textContent = S.sError + " " + (res.data.error || res.status); return; }
        if (res.data.mode === "kingdom") showKingdom(res.data); else showCard(res.data);
      })
      .catch(function () { status.textContent = S.sError; })
      .then(function () { file.value = ""; });
  });
})();
