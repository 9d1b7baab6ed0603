/* "Show me" player: steps through a scenario's event log and draws each snapshot.
   The server page already lists every step (works without JS); this adds the board.
   Offline (templates/offline_player.html, data-offline): the same player fills an empty page
   from the saved demonstrations (/api/offline-demos: every run of one script, each snapshot
   stored as its difference from the step before, undone here by undelta). */
(function () {
  "use strict";
  var root = document.getElementById("player");
  if (!root) return;
  var Ref = window.Ref;
  var S = {}, t = Ref.translator(S), board = null;
  var stage = root.querySelector(".stage");
  var narration = document.getElementById("narration");
  var stepLabel = document.getElementById("step-label");
  var speed = document.getElementById("speed");
  var playBtn = root.querySelector("[data-act=play]");
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var bar = document.getElementById("playbar");
  var rulingBox = document.getElementById("ruling-box");
  var run = null, idx = 0, timer = null, highlight = {}, rulingAt = -1;

  function label(prefix, name) {
    var key = prefix + "." + name;
    return S[key] ? S[key] : name.replace(/_/g, " ");
  }
  function snapshotAt(i) {
    var snaps = run.snapshots || [];
    return snaps[Math.min(i, snaps.length - 1)] || null;
  }
  function drawBoard(i) { board.draw(run, i); }
  /* the place that changed at the ruling's step, brought into view above the bar */
  function revealChange() {
    var z = board.changed();
    if (!z) return;
    z.setAttribute("data-revealed", "");  // the place shown (tests look for it)
    var r = z.getBoundingClientRect(), barTop = fixedPart() ? fixedPart().getBoundingClientRect().top : window.innerHeight;
    if (r.top >= 0 && r.bottom <= barTop) return;
    var room = Math.max(0, barTop - Math.min(r.height, barTop));
    window.scrollBy(0, r.top - room / 2);
  }
  function show(i, fromHash) {
    var total = run.events.length;
    idx = Math.max(0, Math.min(total - 1, i));
    var ev = run.events[idx];
    var snap = snapshotAt(idx) || {};
    var extra = [];
    // Citadels counts rounds (the narration says 轮/輪/Round); Dominion counts turns
    if (snap.turn) extra.push(t(run.board.turn, { n: snap.turn }));
    if (snap.phase) extra.push(label("phase", snap.phase));
    stepLabel.textContent = t("player.step", { n: idx + 1, total: total }) + (extra.length ? " · " + extra.join(" · ") : "");
    var isHl = highlight[ev.seq != null ? ev.seq : idx];
    narration.textContent = (isHl ? "★ " + t("player.here") + t("punct.colon") : "") + Ref.loc(ev.say);
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
    var tryHere = document.getElementById("try-here");  // the sandbox starts from the step shown
    if (tryHere) tryHere.href = tryHere.href.replace(/step=\d+/, "step=" + (idx + 1));
    // the language switch goes through /lang/<code>; a redirect keeps this fragment
    document.querySelectorAll(".langs a").forEach(function (a) { a.hash = "step=" + (idx + 1); });
    root.querySelector("[data-act=prev]").disabled = idx === 0;
    root.querySelector("[data-act=first]").disabled = idx === 0;
    root.querySelector("[data-act=next]").disabled = idx === total - 1;
    root.querySelector("[data-act=last]").disabled = idx === total - 1;
    root.querySelector("[data-act=ruling]").disabled = rulingAt < 0;
    if (idx === total - 1) pause();
    fitBar();
    if (isHl && !timer) revealChange();
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
    players.forEach(function (p, pi) { if (!involved[pi]) board.folded[pi] = true; });
  }
  function fixedPart() {
    // the whole bar, or on a short screen only its buttons (app.css: the bar is display: contents)
    if (!bar) return null;
    return getComputedStyle(bar).display === "contents" ? bar.querySelector(".controls") : bar;
  }
  function fitBar() {
    // the page ends above the fixed bar, so the bar never hides the end of the board
    if (bar) document.body.style.paddingBottom = fixedPart().offsetHeight + "px";
  }
  function toStep() {
    // the board at the step asked for: its top under the page top, the changed place in view
    stage.scrollIntoView({ block: "start" });
    if (highlight[run.events[idx].seq != null ? run.events[idx].seq : idx]) revealChange();
  }
  function stepFromQuery() {
    var m = /[?&]step=(\d+)/.exec(window.location.search || "");
    return m ? parseInt(m[1], 10) - 1 : null;
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

  function start(strings, data) {
    S = strings;
    t = Ref.translator(S);
    board = new Ref.Board(document.getElementById("board"), S, { fold: true, marks: true });
    run = data;
    if (!run.events || !run.events.length) { stage.hidden = true; return; }
    (run.highlight || []).forEach(function (s) { highlight[s] = true; });
    run.events.forEach(function (ev, i) { if (rulingAt < 0 && highlight[ev.seq != null ? ev.seq : i]) rulingAt = i; });
    foldUninvolved();
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
    if (initial == null) initial = stepFromQuery();  // the step the server drew (?step=N)
    // the no-JS list's items are the #step=N anchors: with the board drawn, the fragment means
    // the board at that step, so the list items give up their ids (the browser then leaves the
    // scroll to this script)
    document.querySelectorAll("#steplist li[id]").forEach(function (li) { li.removeAttribute("id"); });
    show(initial == null ? 0 : initial, initial != null);
    root.setAttribute("data-ready", "1");  // the controls work from here
    if (initial != null) toStep();
    window.addEventListener("load", function () { if (initial != null && idx === initial) toStep(); });
  }

  /* A saved snapshot patch applied to the step before (refapp/offline_demos.py's delta):
     {"=": whole object}, {"#": {index: patch}} for a list, else the changed keys ("~": removed). */
  function undelta(before, patch) {
    if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
    if (Object.prototype.hasOwnProperty.call(patch, "=")) return patch["="];
    if (Object.prototype.hasOwnProperty.call(patch, "#")) {
      var list = before.slice();
      Object.keys(patch["#"]).forEach(function (i) { list[+i] = undelta(list[+i], patch["#"][i]); });
      return list;
    }
    var gone = patch["~"] || [], out = {}, has = Object.prototype.hasOwnProperty;
    Object.keys(before).forEach(function (k) { if (gone.indexOf(k) < 0) out[k] = before[k]; });
    Object.keys(patch).forEach(function (k) {
      if (k !== "~") out[k] = has.call(before, k) ? undelta(before[k], patch[k]) : patch[k];
    });
    return out;
  }
  function unpack(packed) {
    var out = [];
    (packed || []).forEach(function (p, i) { out.push(i === 0 ? p : undelta(out[i - 1], p)); });
    return out;
  }

  /* Offline: the demonstration this address names (?demo=, or the /scenarios/<id> the service
     worker answered with this page), from the saved data, drawn as the online page draws it. */
  function wantedId() {
    var q = /[?&]demo=([^&#]+)/.exec(window.location.search || "");
    if (q) return decodeURIComponent(q[1]);
    var m = /^\/scenarios\/(.+)$/.exec(window.location.pathname);
    return m ? decodeURIComponent(m[1]) : null;
  }
  function savedDemos(lang) {
    var url = "/api/offline-demos?lang=" + encodeURIComponent(lang);
    var look = "caches" in window ? caches.match(url, { ignoreVary: true }) : Promise.resolve(null);
    return look.then(function (hit) {
      if (hit || navigator.onLine === false) return hit;
      return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r : null; });
    }).then(function (r) { return r ? r.json() : null; }).catch(function () { return null; });
  }
  function missing() {
    var h = document.getElementById("player-h");
    h.textContent = h.getAttribute("data-missing");
    document.getElementById("demo-missing").hidden = false;
    root.setAttribute("data-missing", "1");
  }
  function fill(data, demo) {
    var strings = data.strings[demo.game + "/" + demo.edition] || data.strings[demo.game] || {}, labels = Ref.json("player-labels");
    var heading = Ref.translator(strings)("player.title", { title: demo.title });
    var badges = document.getElementById("player-badges");
    badges.appendChild(Ref.el("span", "badge game", labels["game." + demo.game] || demo.game));
    if (labels["edition." + demo.edition]) badges.appendChild(Ref.el("span", "badge ed", labels["edition." + demo.edition]));
    document.getElementById("player-h").textContent = heading;
    document.title = [heading].concat(document.title.split(" · ").slice(1)).join(" · ");
    if (demo.entry_url) {
      document.getElementById("back-link").href = demo.entry_url;
      document.getElementById("back-title").textContent = demo.entry_title;
      document.getElementById("back").hidden = false;
    }
    document.getElementById("player-failed").hidden = demo.passed;
    if (demo.ruling_html) {
      document.getElementById("ruling-text").innerHTML = demo.ruling_html;  // sanitised by the server (markup.render_text)
      rulingBox.hidden = false;
    } else {
      rulingBox.parentNode.removeChild(rulingBox);
      rulingBox = null;
    }
    var marked = {};
    (demo.highlight || []).forEach(function (s) { marked[s] = true; });
    var list = document.getElementById("steplist"), here = Ref.translator(strings)("player.here");
    demo.events.forEach(function (ev, i) {
      var li = Ref.el("li", { id: "step=" + (i + 1), "data-seq": String(ev.seq != null ? ev.seq : i) });
      li.appendChild(Ref.el("a", { href: "#step=" + (i + 1) }, ev.say));
      if (marked[ev.seq != null ? ev.seq : i]) {
        li.className = "hl";
        li.appendChild(document.createTextNode(" "));
        li.appendChild(Ref.el("strong", "here", "★ " + here));
      }
      list.appendChild(li);
    });
    stage.hidden = false;
    list.parentNode.hidden = false;
    var played = {};
    Object.keys(demo).forEach(function (k) { played[k] = demo[k]; });
    played.snapshots = unpack(demo.snapshots);
    played.board = data.board[demo.game] || {};
    start(strings, played);
  }
  var offline = root.getAttribute("data-offline");
  if (offline) {
    savedDemos(offline).then(function (data) {
      var id = wantedId();
      if (data && id && data.aliases && data.aliases[id]) id = data.aliases[id];
      var demo = null;
      ((data && data.demos) || []).forEach(function (d) { if (d.id === id) demo = d; });
      if (demo) fill(data, demo);
      else missing();
    });
  } else {
    start(Ref.json("player-strings"), Ref.json("player-run"));  // the run the server drew this page from, embedded in it
  }
})();
