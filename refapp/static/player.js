/* "Show me" player: steps through a scenario's event log and draws each snapshot.
   The server page already lists every step (works without JS); this adds the board. */
(function () {
  "use strict";
  var root = document.querySelector(".player[data-scenario]");
  if (!root) return;
  var lang = document.body.getAttribute("data-lang") || "zh-Hans";
  var S = {};
  try { S = JSON.parse(document.getElementById("player-strings").textContent); } catch (e) { S = {}; }
  var stage = root.querySelector(".stage");
  var board = document.getElementById("board");
  var narration = document.getElementById("narration");
  var stepLabel = document.getElementById("step-label");
  var speed = document.getElementById("speed");
  var playBtn = root.querySelector("[data-act=play]");
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var CORE_COUNTERS = ["actions", "buys", "coins", "gold", "score"];
  var ZONE_ORDER = ["characters", "deck", "hand", "play", "discard", "set_aside", "city"];
  var bar = document.getElementById("playbar");
  var rulingBox = document.getElementById("ruling-box");
  var run = null, idx = 0, timer = null, highlight = {}, rulingAt = -1, folded = {};

  function t(key, vals) {
    if (vals && vals.n === 1 && S[key + ".one"]) key = key + ".one";
    var s = S[key] || key;
    Object.keys(vals || {}).forEach(function (k) { s = s.split("{" + k + "}").join(String(vals[k])); });
    return s;
  }
  function loc(d) {
    if (!d) return "";
    if (typeof d === "string") return d;
    return d[lang] || d["zh-Hans"] || d["zh-Hant"] || d.en || "";
  }
  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text != null) n.textContent = text;
    return n;
  }
  function cardName(slug) { return loc(run.names && run.names[slug]) || slug; }
  function label(prefix, name) {
    var key = prefix + "." + name;
    return S[key] ? S[key] : name.replace(/_/g, " ");
  }

  function groupCards(cards) {
    var order = [], counts = {};
    cards.forEach(function (c) {
      if (!(c in counts)) { counts[c] = 0; order.push(c); }
      counts[c] += 1;
    });
    return order.map(function (c) { return [c, counts[c]]; });
  }
  function typeClasses(slug) {
    var types = (run.card_types && run.card_types[slug]) || [];
    return types.map(function (t) { return " t-" + t.replace(/[^a-z-]/g, ""); }).join("");
  }
  function cardView(slug, count, moved) {
    var c = el("span", "cardv" + typeClasses(slug) + (moved ? " moved" : ""), cardName(slug));
    if (count > 1) {
      var n = el("span", "n", "×" + count);
      c.appendChild(n);
    }
    return c;
  }
  function zoneView(name, cards, moved) {
    var z = el("div", "zone");
    var count = cards.length;
    if (!count) {
      z.appendChild(el("div", "zone-name", label("zone", name) + " · " + t("player.empty")));
      return z;
    }
    z.appendChild(el("div", "zone-name", label("zone", name) + " · " + t("player.cards", { n: count })));
    var row = el("div", "cards");
    if (name === "deck") {
      var back = el("span", "cardv back", "");
      back.setAttribute("aria-label", t("player.cards", { n: count }));
      back.appendChild(el("span", "n", "×" + count));
      row.appendChild(back);
    } else if (name === "discard") {
      row.appendChild(cardView(cards[cards.length - 1], 1, moved[cards[cards.length - 1]]));
    } else {
      groupCards(cards).forEach(function (p) { row.appendChild(cardView(p[0], p[1], moved[p[0]])); });
    }
    z.appendChild(row);
    return z;
  }
  function snapshotAt(i) {
    var snaps = run.snapshots || [];
    return snaps[Math.min(i, snaps.length - 1)] || null;
  }
  function inZone(ev, zone) {
    // the cards an event moves are marked where they arrive (everywhere when it names no zone)
    return !ev || !ev.to_zone || ev.to_zone === zone;
  }
  function movedCards(ev, playerIndex) {
    var m = {};
    if (ev && ev.cards && (ev.player == null || ev.player === playerIndex)) {
      ev.cards.forEach(function (c) { m[c] = true; });
    }
    return m;
  }
  function drawBoard(i) {
    var snap = snapshotAt(i);
    var ev = run.events[i];
    board.textContent = "";
    if (!snap) return;
    (snap.players || []).forEach(function (p, pi) {
      var box = el("section", "pl" + (snap.active === pi ? " active" : "") + (folded[pi] ? " folded" : ""));
      var name = p.name || String(pi + 1);
      box.setAttribute("aria-label", name);
      var h = el("h3");
      var fold = el("button", "fold", name);  // players not involved can be folded away
      fold.type = "button";
      fold.setAttribute("aria-expanded", folded[pi] ? "false" : "true");
      fold.addEventListener("click", function () {
        folded[pi] = !folded[pi];
        drawBoard(idx);
        board.querySelectorAll(".pl .fold")[pi].focus();  // the redrawn button keeps the keyboard focus
      });
      h.appendChild(fold);
      var counters = p.counters || {};
      var cs = Object.keys(counters).filter(function (k) {
        return CORE_COUNTERS.indexOf(k) >= 0 || counters[k];
      }).map(function (k) { return label("counter", k) + " " + counters[k]; });
      if (snap.active === pi) cs.unshift("★ " + t("player.active"));
      h.appendChild(el("span", "counters", cs.join(" · ")));
      box.appendChild(h);
      if (folded[pi]) { board.appendChild(box); return; }
      var zones = p.zones || {};
      var names = ZONE_ORDER.filter(function (z) { return z in zones; })
        .concat(Object.keys(zones).filter(function (z) { return ZONE_ORDER.indexOf(z) < 0; }));
      var moved = movedCards(ev, pi);
      names.forEach(function (z) { box.appendChild(zoneView(z, zones[z] || [], inZone(ev, z) ? moved : {})); });
      board.appendChild(box);
    });
    var shared = snap.shared || {}, piles = snap.piles || {};
    if (Object.keys(shared).length || Object.keys(piles).length) {
      var sh = el("section", "shared");
      sh.setAttribute("aria-label", t("player.shared"));
      Object.keys(shared).forEach(function (z) {
        if ((shared[z] || []).length || z === "trash") {
          sh.appendChild(zoneView(z, shared[z] || [], inZone(ev, z) ? movedCards(ev, null) : {}));
        }
      });
      var pileNames = Object.keys(piles);
      if (pileNames.length) {
        var z = el("div", "zone");
        z.appendChild(el("div", "zone-name", t(run.game === "citadels" ? "player.piles" : "zone.supply")));
        var row = el("div", "cards");
        pileNames.forEach(function (slug) {
          var c = el("span", "cardv" + typeClasses(slug), S["pile." + slug] || cardName(slug));
          c.appendChild(el("span", "n", String(piles[slug])));
          row.appendChild(c);
        });
        z.appendChild(row);
        sh.appendChild(z);
      }
      board.appendChild(sh);
    }
  }
  function show(i, fromHash) {
    var total = run.events.length;
    idx = Math.max(0, Math.min(total - 1, i));
    var ev = run.events[idx];
    var snap = snapshotAt(idx) || {};
    var extra = [];
    // Citadels counts rounds (the narration says 轮/輪/Round); Dominion counts turns
    if (snap.turn) extra.push(t(run.game === "citadels" ? "player.round" : "player.turn", { n: snap.turn }));
    if (snap.phase) extra.push(label("phase", snap.phase));
    stepLabel.textContent = t("player.step", { n: idx + 1, total: total }) + (extra.length ? " · " + extra.join(" · ") : "");
    var isHl = highlight[ev.seq != null ? ev.seq : idx];
    narration.textContent = (isHl ? "★ " + t("player.here") + " — " : "") + loc(ev.say);
    narration.classList.toggle("hl", !!isHl);
    if (rulingBox) rulingBox.classList.toggle("now", !!isHl);  // the ruling, marked at its step
    drawBoard(idx);
    var items = document.querySelectorAll("#steplist li");
    items.forEach(function (li, j) {
      li.classList.toggle("current", j === idx);
      var a = li.querySelector("a");
      if (a) { if (j === idx) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current"); }
    });
    if (!fromHash && history.replaceState) history.replaceState(null, "", "#step=" + (idx + 1));
    // the language switch goes through /lang/<code>; a redirect keeps this fragment
    document.querySelectorAll(".langs a").forEach(function (a) { a.hash = "step=" + (idx + 1); });
    root.querySelector("[data-act=prev]").disabled = idx === 0;
    root.querySelector("[data-act=first]").disabled = idx === 0;
    root.querySelector("[data-act=next]").disabled = idx === total - 1;
    root.querySelector("[data-act=last]").disabled = idx === total - 1;
    root.querySelector("[data-act=ruling]").disabled = rulingAt < 0;
    if (idx === total - 1) pause();
    fitBar();
    var focused = document.activeElement;
    if (focused && focused.disabled && root.contains(focused)) playBtn.focus();  // keep keyboard users in the controls
  }
  function foldUninvolved() {
    // a player who never acts, is never active and whose cards and counters never change starts folded
    var involved = {};
    var players = (snapshotAt(0) || {}).players || [];
    var start = players.map(function (p) { return JSON.stringify([p.zones, p.counters]); });
    run.events.forEach(function (ev) { if (ev.player != null) involved[ev.player] = true; });
    (run.snapshots || []).forEach(function (s) {
      if (s.active != null) involved[s.active] = true;
      (s.players || []).forEach(function (p, pi) {
        if (JSON.stringify([p.zones, p.counters]) !== start[pi]) involved[pi] = true;
      });
    });
    if (players.length < 3) return;  // two players: both matter to the reader
    players.forEach(function (p, pi) { if (!involved[pi]) folded[pi] = true; });
  }
  function fitBar() {
    // the page ends above the fixed bar, so the bar never hides the end of the board
    if (bar) document.body.style.paddingBottom = bar.offsetHeight + "px";
  }
  function stepFromHash() {
    var m = /(?:^#|&)step=(\d+)/.exec(window.location.hash || "");
    return m ? parseInt(m[1], 10) - 1 : null;
  }
  function playIcons(playing) {
    playBtn.querySelector(".i-play").hidden = playing;
    playBtn.querySelector(".i-pause").hidden = !playing;
  }
  function pause() {
    if (timer) { clearInterval(timer); timer = null; }
    playBtn.setAttribute("aria-pressed", "false");  // a toggle: the label stays "Play", pressed = playing
    playIcons(false);
  }
  function play() {
    if (idx >= run.events.length - 1) show(0);
    pause();
    playBtn.setAttribute("aria-pressed", "true");
    playIcons(true);
    var delay = parseInt(speed.value, 10) || 1400;
    if (reduced) delay = Math.max(delay, 1400);
    timer = setInterval(function () { show(idx + 1); }, delay);
  }
  function act(name) {
    if (name === "first") show(0);
    else if (name === "prev") show(idx - 1);
    else if (name === "next") show(idx + 1);
    else if (name === "last") show(run.events.length - 1);
    else if (name === "ruling" && rulingAt >= 0) {
      show(rulingAt);
      if (rulingBox) rulingBox.scrollIntoView({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
    }
    else if (name === "play") { if (timer) pause(); else play(); }
  }

  function start(data) {
    run = data;
    if (!run.events || !run.events.length) return;
    (run.highlight || []).forEach(function (s) { highlight[s] = true; });
    run.events.forEach(function (ev, i) { if (rulingAt < 0 && highlight[ev.seq != null ? ev.seq : i]) rulingAt = i; });
    foldUninvolved();
    stage.hidden = false;
    root.querySelectorAll("[data-act]").forEach(function (b) {
      b.addEventListener("click", function () {
        if (b.getAttribute("data-act") !== "play") pause();
        act(b.getAttribute("data-act"));
      });
    });
    speed.addEventListener("change", function () { if (timer) play(); });
    document.querySelectorAll("#steplist a").forEach(function (a, j) {
      a.addEventListener("click", function (ev) {
        ev.preventDefault();
        pause();
        show(j);
        stage.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
      });
    });
    stage.addEventListener("keydown", function (ev) {
      if (ev.target && ev.target.tagName === "SELECT") return;
      if (ev.key === "Home") { pause(); show(0); ev.preventDefault(); }
      else if (ev.key === "End") { pause(); show(run.events.length - 1); ev.preventDefault(); }
      else if (ev.key === "ArrowRight") { pause(); show(idx + 1); ev.preventDefault(); }
      else if (ev.key === "ArrowLeft") { pause(); show(idx - 1); ev.preventDefault(); }
    });
    window.addEventListener("resize", fitBar);
    window.addEventListener("hashchange", function () {
      var h = stepFromHash();
      if (h != null && h !== idx) show(h, true);
    });
    var initial = stepFromHash();
    show(initial == null ? 0 : initial, initial != null);
    if (initial != null) stage.scrollIntoView({ block: "start" });  // the board, not the no-JS list
  }

  narration.textContent = t("player.loading");
  fetch(root.getAttribute("data-scenario"), { credentials: "same-origin" })
    .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
    .then(start)
    .catch(function () { stage.hidden = true; });
})();
