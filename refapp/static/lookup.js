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

  // ----------------------------------------------------------------- a kingdom, with tap-to-fix
  var known = {};  // slug -> {name, eds}; any script's name (normalised) -> slug
  var byName = {};
  function norm(t) { return String(t || "").toLowerCase().replace(/[\s'’\-.,·]/g, ""); }
  Array.prototype.forEach.call(document.querySelectorAll("#lookup-kingdom-cards option"), function (o) {
    known[o.dataset.slug] = { name: o.value, eds: o.dataset.eds.split(" ") };
    o.dataset.names.split("|").concat([o.value]).forEach(function (n) { if (n) byName[norm(n)] = o.dataset.slug; });
  });

  function slotSlugs() {
    return Array.prototype.map.call(out.querySelectorAll(".kingdom-slot"), function (li) { return li.dataset.slug || ""; })
      .filter(function (x) { return x; });
  }

  function edition(slugs) {
    var eds = ["2e", "1e"].filter(function (ed) {
      return slugs.every(function (s) { return known[s] && known[s].eds.indexOf(ed) >= 0; });
    });
    return eds.length ? eds[0] : "mixed";
  }

  function updateLinks() {
    var slugs = slotSlugs();
    var ed = edition(slugs);
    var setup = out.querySelector("a.setup");
    var picker = out.querySelector("a.picker");
    var mixed = out.querySelector(".kingdom-mixed");
    var lock = slugs.join(",");
    picker.href = "/tools/kingdom?" + new URLSearchParams({ edition: ed, lock: lock }).toString();
    setup.hidden = ed === "mixed" || !slugs.length;
    mixed.hidden = !(ed === "mixed" && slugs.length);
    if (ed !== "mixed") setup.href = "/tools/setup?" + new URLSearchParams({ game: "dominion", edition: ed, kingdom: lock }).toString();
    var status_n = out.querySelectorAll(".kingdom-slot[data-slug]:not([data-slug=''])").length;
    status.textContent = S.sFound.replace("{n}", String(status_n));
  }

  function taken(slug, except) {
    return Array.prototype.some.call(out.querySelectorAll(".kingdom-slot"), function (li) { return li !== except && li.dataset.slug === slug; });
  }

  function setSlot(li, slug, name, href) {
    li.dataset.slug = slug;
    li.classList.remove("to-fix");
    li.classList.add("fixed");
    var a = li.querySelector("a.cand");
    a.textContent = "";
    a.appendChild(el("strong", {}, name));
    a.href = href || window.Ref.entryUrl("dominion/" + slug);
    a.hidden = false;
    var fix = li.querySelector(".fix");
    if (fix && fix.parentNode) fix.parentNode.removeChild(fix);
    updateLinks();
  }

  // the short list of likely cards (one tap) and a field to type any kingdom card's name
  function fixer(li, label, choices) {
    var box = el("div", { "class": "fix" });
    box.appendChild(el("span", { "class": "fix-label" }, label));
    choices.forEach(function (c) {
      var slug = c.id.split("/")[1];
      var b = el("button", { type: "button", "class": "choice", "data-slug": slug }, c.name);
      b.addEventListener("click", function () { if (!taken(slug, li)) setSlot(li, slug, c.name); });
      box.appendChild(b);
    });
    var hint = choices.length ? S.sType : S.sTypeOnly;
    var input = el("input", { type: "text", list: "lookup-kingdom-cards", "class": "fix-type", "aria-label": hint, placeholder: hint });
    var warn = el("span", { "class": "fix-warn", role: "alert" });
    input.addEventListener("change", function () {
      if (!input.isConnected || li.classList.contains("fixed")) return;  // removing it may fire change again
      var slug = byName[norm(input.value)];
      if (!slug || taken(slug, li)) { warn.textContent = S.sNotCard + " " + input.value; return; }
      setSlot(li, slug, known[slug].name);
    });
    box.appendChild(input);
    box.appendChild(warn);
    li.appendChild(box);
  }

  function slot(c, label, choices) {
    var li = el("li", { "class": "kingdom-slot" });
    var a = el("a", { "class": "cand", href: c ? c.url : "#" });
    if (c) {
      li.dataset.slug = c.id.split("/")[1];
      a.appendChild(el("strong", {}, c.name));
      if (c.first_line) a.appendChild(el("span", { "class": "first" }, c.first_line));
    }
    li.appendChild(a);
    if (label) {
      li.classList.add("to-fix");
      if (!c) a.hidden = true;
      fixer(li, label, choices || []);
    }
    return li;
  }

  function showKingdom(data) {
    out.textContent = "";
    var ul = el("ul", { "class": "lookup-list kingdom" });
    data.cards.forEach(function (c) {
      ul.appendChild(c.sure ? slot(c) : slot(c, S.sCheck + " " + S.sOr, c.choices));
    });
    data.unread.forEach(function (u) { ul.appendChild(slot(null, S.sUnread + " " + u.read + " — " + S.sOr, u.choices)); });
    for (var i = data.cards.length + data.unread.length; i < 10; i++) ul.appendChild(slot(null, S.sMissing, []));
    out.appendChild(ul);
    var p = el("p", { "class": "kingdom-go" });
    p.appendChild(el("a", { "class": "button setup", href: data.setup_tool_url || "#" }, S.sSetup));
    p.appendChild(el("a", { "class": "button picker", href: data.setup_url || "#" }, S.sPicker));
    p.appendChild(el("span", { "class": "kingdom-mixed" }, S.sMixed));
    out.appendChild(p);
    updateLinks();
  }

  // ----------------------------------------------------------------- crop and rotate
  // The photo is drawn turned by `turn` degrees about its centre; `rect` (in the photo's own
  // pixels, in the turned view) is the part read again. The server's title box places it first.
  var crop = document.getElementById("lookup-crop");
  var canvas = document.getElementById("lookup-canvas");
  var turnInput = document.getElementById("lookup-turn");
  var cropState = null;

  function view() {  // the turned photo's size, and the canvas scale
    var st = cropState, r = st.turn * Math.PI / 180;
    var c = Math.abs(Math.cos(r)), s = Math.abs(Math.sin(r));
    var w = st.bmp.width * c + st.bmp.height * s, h = st.bmp.width * s + st.bmp.height * c;
    return { w: w, h: h };
  }

  function drawTurned(ctx, v, scale) {
    var st = cropState;
    ctx.save();
    ctx.scale(scale, scale);
    ctx.translate(v.w / 2, v.h / 2);
    ctx.rotate(st.turn * Math.PI / 180);
    ctx.drawImage(st.bmp, -st.bmp.width / 2, -st.bmp.height / 2);
    ctx.restore();
  }

  function redraw() {
    var v = view(), st = cropState;
    var scale = Math.min(1, (crop.clientWidth || 360) / v.w, 480 / v.h);
    canvas.width = Math.max(1, Math.round(v.w * scale));
    canvas.height = Math.max(1, Math.round(v.h * scale));
    st.scale = scale;
    var ctx = canvas.getContext("2d");
    drawTurned(ctx, v, scale);
    var r = st.rect;
    ctx.fillStyle = "rgba(0,0,0,0.45)";
    ctx.beginPath();
    ctx.rect(0, 0, canvas.width, canvas.height);
    ctx.rect(r.x * scale, r.y * scale + r.h * scale, r.w * scale, -r.h * scale);  // a hole: the part kept
    ctx.fill("evenodd");
    ctx.strokeStyle = "#ffd24a";
    ctx.lineWidth = 3;
    ctx.strokeRect(r.x * scale, r.y * scale, r.w * scale, r.h * scale);
  }

  // a point of the upright photo (fractions) in the turned view's pixels
  function toView(fx, fy) {
    var st = cropState, v = view(), r = st.turn * Math.PI / 180;
    var x = fx * st.bmp.width - st.bmp.width / 2, y = fy * st.bmp.height - st.bmp.height / 2;
    return { x: v.w / 2 + x * Math.cos(r) - y * Math.sin(r), y: v.h / 2 + x * Math.sin(r) + y * Math.cos(r) };
  }

  function placeRect(box) {
    var st = cropState, v = view();
    if (!box) {  // no title found: the top fifth, where a card's name is
      st.rect = { x: v.w * 0.1, y: v.h * 0.05, w: v.w * 0.8, h: v.h * 0.2 };
      return;
    }
    var c = toView((box[0] + box[2]) / 2, (box[1] + box[3]) / 2);
    var r = Math.abs(st.turn) * Math.PI / 180;
    var bw = (box[2] - box[0]) * st.bmp.width, bh = (box[3] - box[1]) * st.bmp.height;
    // the level title inside its slanted box: width along the line, glyph height across it
    var w = Math.max(bw * Math.cos(r) + bh * Math.sin(r) * 0.2, 20) * 1.3;
    var h = Math.max(Math.abs(bh - bw * Math.sin(r)) / Math.max(Math.cos(r), 0.5), 12) * 2.2;
    st.rect = { x: c.x - w / 2, y: c.y - h / 2, w: w, h: h };
  }

  function startCrop(blob, data) {
    if (!crop || !window.createImageBitmap) return;
    createImageBitmap(blob).then(function (bmp) {
      var fine = data && data.angle ? Math.max(-45, Math.min(45, -data.angle)) : 0;
      cropState = { bmp: bmp, blob: blob, quarter: 0, turn: fine, rect: null, scale: 1 };
      turnInput.value = String(Math.round(fine));
      crop.hidden = false;
      placeRect(data ? data.title_box : null);
      redraw();
    }).catch(function () { crop.hidden = true; });
  }

  if (crop) {
    turnInput.addEventListener("input", function () {
      if (!cropState) return;
      var old = cropState.turn, v0 = view(), r = cropState.rect;
      var cx = r.x + r.w / 2 - v0.w / 2, cy = r.y + r.h / 2 - v0.h / 2;
      cropState.turn = cropState.quarter * 90 + Number(turnInput.value);
      var d = (cropState.turn - old) * Math.PI / 180, v = view();
      r.x = v.w / 2 + cx * Math.cos(d) - cy * Math.sin(d) - r.w / 2;  // the frame turns with the photo
      r.y = v.h / 2 + cx * Math.sin(d) + cy * Math.cos(d) - r.h / 2;
      redraw();
    });
    document.getElementById("lookup-turn90").addEventListener("click", function () {
      if (!cropState) return;
      cropState.quarter = (cropState.quarter + 1) % 4;
      cropState.turn = cropState.quarter * 90 + Number(turnInput.value);
      placeRect(null);
      redraw();
    });
    // drag on the photo to draw the part to read
    var drag = null;
    canvas.addEventListener("pointerdown", function (ev) {
      if (!cropState) return;
      var b = canvas.getBoundingClientRect(), k = canvas.width / b.width / cropState.scale;
      drag = { x: (ev.clientX - b.left) * k, y: (ev.clientY - b.top) * k, k: k, b: b };
      canvas.setPointerCapture(ev.pointerId);
      ev.preventDefault();
    });
    canvas.addEventListener("pointermove", function (ev) {
      if (!drag) return;
      var x = (ev.clientX - drag.b.left) * drag.k, y = (ev.clientY - drag.b.top) * drag.k;
      if (Math.abs(x - drag.x) < 8 || Math.abs(y - drag.y) < 8) return;
      cropState.rect = { x: Math.min(x, drag.x), y: Math.min(y, drag.y), w: Math.abs(x - drag.x), h: Math.abs(y - drag.y) };
      redraw();
    });
    canvas.addEventListener("pointerup", function () { drag = null; });
    canvas.addEventListener("pointercancel", function () { drag = null; });
    document.getElementById("lookup-reread").addEventListener("click", function () {
      if (!cropState) return;
      var r = cropState.rect, v = view();
      var k = Math.min(1, 1024 / Math.max(r.w, r.h));
      var c = document.createElement("canvas");
      c.width = Math.max(16, Math.round(r.w * k));
      c.height = Math.max(16, Math.round(r.h * k));
      var ctx = c.getContext("2d");
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.scale(k, k);
      ctx.translate(-r.x, -r.y);
      drawTurned(ctx, v, 1);
      c.toBlob(function (b) { if (b) send(b, "card", false); }, "image/jpeg", 0.92);
    });
  }

  // ----------------------------------------------------------------- sending
  function params(mode) {
    var body = new FormData(form);
    var p = new URLSearchParams();
    ["game", "lang"].forEach(function (k) { var v = body.get(k); if (v) p.set(k, v); });
    p.set("mode", mode);
    return p;
  }

  function send(blob, mode, fresh) {
    var fd = new FormData();
    fd.append("image", blob, "photo.jpg");
    status.textContent = S.sReading;
    out.textContent = "";
    if (fresh && crop) crop.hidden = true;
    return fetch("/api/lookup?" + params(mode).toString(), { method: "POST", body: fd })
      .then(function (r) { return r.json().then(function (d) { return { ok: r.ok, status: r.status, data: d }; }); })
      .then(function (res) {
        if (res.status === 503) { status.textContent = S.sBusy; return; }
        if (!res.ok) { status.textContent = S.sError + " " + (res.data.error || res.status); return; }
        if (res.data.mode === "kingdom") { showKingdom(res.data); return; }
        showCard(res.data);
        if (fresh) startCrop(blob, res.data);
      })
      .catch(function () { status.textContent = navigator.onLine === false ? S.sOffline : S.sError; });
  }

  file.addEventListener("change", function () {
    if (!file.files.length) return;
    var mode = (new FormData(form)).get("mode") || "card";
    var blob = file.files[0];
    send(blob, mode, true).then(function () { file.value = ""; });
  });

  function showOffline() {
    var off = document.getElementById("lookup-offline");
    if (off) off.hidden = navigator.onLine !== false;
  }
  window.addEventListener("online", showOffline);
  window.addEventListener("offline", showOffline);
  showOffline();
})();
