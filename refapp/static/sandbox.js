/* The sandbox: edit a situation, let the engine play it, answer its questions by tapping.
   State = {situation, answers}; every change asks POST /api/sandbox for the replay and puts the
   returned code in the URL (?s=), so a link reproduces the sandbox. Hand-written, no framework. */
(function () {
  "use strict";
  var app = document.getElementById("sb-app");
  if (!app || !window.fetch) return;
  var Ref = window.Ref, lang = Ref.lang, el = Ref.el, loc = Ref.loc, button = Ref.button;
  var S = Ref.json("sb-strings"), GAMES = Ref.json("sb-games"), start = Ref.json("sb-state");
  var t = Ref.translator(S);
  var sit = start.situation || {}, answers = start.answers || [];
  var run = null, idx = 0, seq = 0, timer = null, picked = [], supplyOpen = false;
  /* the game's facts (engine/<game>/board_game.py, BoardGame.browser()): zones, editions, player
     counts and a new player's name, the blank table, the cards the editor places and how its table
     form looks */
  function F() { return GAMES[game()]; }
  function cards() { return F().cards; }
  var $ = function (id) { return document.getElementById(id); };
  var errBox = $("sb-error"), decision = $("sb-decision");
  var board = new Ref.Board($("sb-board"), S, { name: function (slug) { return loc(known[slug]); } });
  var notice = "";  // what the last edit did by itself, said after the replay
  var known = {}, NAMES_ALL = Ref.json("sb-names");  // slug -> name in the page's script
  function nameOf(slug) {
    return loc(known[slug]) || (run && run.names && loc(run.names[slug])) ||
      ((NAMES_ALL[game()] || {})[slug]) || slug;
  }
  function game() { return sit.game; }
  /* the board's words follow the table's game and edition (a 2nd-edition trash is 移除区) */
  var EDITION_WORDS = Ref.json("sb-edition-words") || {};
  function editionWords() {
    var edition = sit.edition || F().default_edition;
    var words = (edition && EDITION_WORDS[game() + "/" + edition]) || EDITION_WORDS[game()] || {};
    Object.keys(words).forEach(function (k) { S[k] = words[k]; });
  }
  function setup() { return (sit.setup = sit.setup || {}); }
  function showError(text, detail) {
    errBox.textContent = text || "";
    errBox.hidden = !text;
    if (text && detail) {  // the engine's own words, folded away for whoever needs them
      var more = el("details", "sb-detail");
      more.appendChild(el("summary", null, t("sandbox.err.detail")));
      more.appendChild(el("p", null, detail));
      errBox.appendChild(more);
    }
  }
  /* an engine message in the page's script, naming the cards in words */
  var PROBLEMS = [
    [/zones\.characters\[\d+\]: '([\w-]+)' is not a character in this game/, function (m) {
      return t("sandbox.err.not_in_game", { card: nameOf(m[1]), n: sit.players.length }); }],
    [/character '([\w-]+)' is held by \d+ players/, function (m) {
      return t("sandbox.err.held_twice", { card: nameOf(m[1]) }); }],
    [/(\d+) '([\w-]+)' cards but this game's deck holds (\d+)/, function (m) {
      return t("sandbox.err.too_many", { n: m[1], card: nameOf(m[2]), max: m[3] }); }],
    [/ninth: the Queen is used with (\d+) or more players/, function (m) {
      return t("sandbox.err.queen", { n: m[1] }); }],
    [/ninth: the two-player draft/, function () { return t("sandbox.err.ninth_two"); }]
  ];
  function explain(message) {
    for (var i = 0; i < PROBLEMS.length; i++) {
      var m = PROBLEMS[i][0].exec(message || "");
      if (m) return PROBLEMS[i][1](m);
    }
    return t("sandbox.err.other");
  }
  /* whether this table takes a Citadels character (what engine/citadels/settings.py accepts) */
  function accepts(slug) {
    var C = cards(), rank = (C.characters || {})[slug], n = sit.players.length;
    if (rank == null) return true;
    if (n === 3 && rank === C.three_player_removed_rank) return false;
    if (rank === 9) return n > 2 && (slug !== "queen" || n >= C.queen_min_players);
    return true;
  }
  /* characters the table no longer takes (the player count changed) leave it, saying so */
  function dropRefused() {
    var gone = [];
    if (!cards().characters) return gone;  // a game without characters refuses none
    sit.players.forEach(function (p) {
      var held = (p.zones && p.zones.characters) || [];
      for (var i = held.length - 1; i >= 0; i--) if (!accepts(held[i])) gone.push(held.splice(i, 1)[0]);
    });
    var st = setup(), ninth = st.settings && st.settings.ninth;
    if (ninth && !accepts(ninth)) { delete st.settings.ninth; gone.push(ninth); }
    var anyHeld = sit.players.some(function (p) { return p.zones && (p.zones.characters || []).length; });
    if (gone.length && !anyHeld && st.start === "turns") { st.start = "draft"; delete st.from_rank; }  // nobody to play a turn: draft again
    return gone;
  }

  /* ---------- talking to the engine ---------- */
  var lastOnly = false, busyTries = 0;  // a long game: the last board only (the work budget); busy: retried
  var editsAsked = 0, runEdits = 0;  // edits made to the situation; how many the board shown reflects
  var inFlight = false, queued = null;  // one replay at a time from this page: the latest asked waits its turn
  function settled() {  // the replay in flight has answered: true when a newer one was waiting and is now sent
    inFlight = false;
    if (!queued) return false;
    var next = queued;
    queued = null;
    replay(next.after);
    return true;
  }
  function replay(after) {
    if (inFlight) { queued = { after: after }; seq += 1; return; }  // the answer in flight is now out of date
    inFlight = true;
    var mine = ++seq, held = run, edits = editsAsked;
    var unedited = held && runEdits === editsAsked;  // no edit since the board shown: its steps still hold
    var since = !lastOnly && after && after.answering && unedited ? held.events.length : 0;  // the rest follows from them
    var ask = { situation: sit, answers: answers };
    if (lastOnly) ask.snapshots = "last"; else ask.since = since;
    board.box.classList.add("sb-stale");
    fetch("/api/sandbox", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ask)
    }).then(function (r) {
      var wait = Math.min(Number(r.headers.get("Retry-After")) || 1, 5);
      return r.json().then(function (d) { return [r.status, d, wait]; });
    })
      .then(function (res) {
        if (settled() || mine !== seq) return;
        var status = res[0], d = res[1];
        if ((status === 429 || status === 503) && busyTries < 4) {  // others' replays hold the server: try again
          busyTries += 1;
          setTimeout(function () { if (mine === seq) replay(after); }, res[2] * 1000);
          return;
        }
        busyTries = 0;
        if (status === 422 && !lastOnly && /^limits\.(boards|reply_bytes)$/.test(d.field || "")) {
          lastOnly = true;  // too many boards to send at every step: the final board only
          replay(after);
          return;
        }
        if (status === 200) {
          if (lastOnly && d.snapshots.length === 1) {  // every step shows the final board
            d.snapshots = d.events.map(function () { return d.snapshots[0]; });
          }
          if (d.since) {
            d.events = held.events.slice(0, d.since).concat(d.events);
            d.snapshots = held.snapshots.slice(0, d.since).concat(d.snapshots);
          }
          run = d; runEdits = edits; run.game = run.game || game(); run.board = F().board; idx = d.events.length - 1; picked = [];
          $("sb-log").textContent = "";
          Object.keys(d.names || {}).forEach(function (k) { known[k] = d.names[k]; });
          showError((after && after.note) || notice);
          notice = "";
          history.replaceState(null, "", "/sandbox?s=" + d.code);
          $("sb-link").href = "/sandbox?s=" + d.code;
          $("sb-dl").href = "/sandbox/scenario.yaml?s=" + d.code;
          draw(); drawEditor();
        } else if (typeof d.index === "number") {
          refused(d, after);
        } else {
          showError(explain(d.error), d.error);
          board.box.classList.remove("sb-stale");
        }
      })
      .catch(function () { if (!settled() && mine === seq) { showError(t("sandbox.offline")); board.box.classList.remove("sb-stale"); } });
  }
  function refused(d, after) {
    if (after && after.answering && d.index === answers.length - 1) {  // the answer just given: take it back
      answers.pop();
      var count = /needs (\d+)\.\.(\d+)/.exec(d.reason || "");
      showError(t("sandbox.err.refused") + (count ? " " + t("sandbox.err.count", { min: count[1], max: count[2] }) : ""), d.reason);
      board.box.classList.remove("sb-stale");
      return;
    }
    var dropped = answers.length - d.index;  // an edit made later answers impossible: play on before them
    answers = answers.slice(0, d.index);
    replay({ note: t("sandbox.dropped", { n: dropped }) });
  }
  function changed() {  // the situation was edited
    lastOnly = false;
    editsAsked += 1;
    clearTimeout(timer);
    timer = setTimeout(function () { replay(); }, 250);
  }
  function answer(picks) {
    answers.push(picks);
    replay({ answering: true });
  }

  /* ---------- the board at a step (static/board.js) ---------- */
  function drawBoard() {
    editionWords();
    board.box.classList.remove("sb-stale");
    board.draw(run, idx);
  }
  function who(name) { return S["who." + name] || name; }  // an example player's name as the page's language writes it
  function playerName(i) {
    var snap = run.snapshots[0];
    return (snap && snap.players[i] && who(snap.players[i].name)) || String(i + 1);
  }
  function answersBefore(step) {
    return run.answered.filter(function (a) { return a.seq <= step; }).length;
  }
  function draw() {
    var total = run.events.length, last = idx === total - 1;
    var snap = run.snapshots[Math.min(idx, run.snapshots.length - 1)] || {};
    $("sb-step").textContent = t("player.step", { n: idx + 1, total: total }) +
      (snap.phase && S["phase." + snap.phase] ? " · " + S["phase." + snap.phase] : "");
    $("sb-say").textContent = loc(run.events[idx] && run.events[idx].say);
    drawBoard();
    app.querySelector("[data-act=undo]").disabled = !answers.length;
    app.querySelector("[data-act=branch]").hidden = last || answersBefore(idx) === answers.length;
    ["first", "prev"].forEach(function (a) { app.querySelector("[data-act=" + a + "]").disabled = idx === 0; });
    ["next", "last"].forEach(function (a) { app.querySelector("[data-act=" + a + "]").disabled = last; });
    drawDecision(last ? run.pending : null);
    drawLog();
  }
  function drawLog() {
    var log = $("sb-log");
    if (log.children.length !== run.events.length) {
      log.textContent = "";
      run.events.forEach(function (ev, i) {
        var li = el("li"), a = el("a", null, loc(ev.say));
        a.href = "#";
        a.addEventListener("click", function (e) { e.preventDefault(); idx = i; draw(); });
        li.appendChild(a);
        log.appendChild(li);
      });
    }
    Array.prototype.forEach.call(log.children, function (li, i) { li.classList.toggle("current", i === idx); });
  }

  /* ---------- the pending decision ---------- */
  function drawDecision(p) {
    decision.textContent = "";
    if (!p) {
      if (idx === run.events.length - 1) decision.appendChild(el("p", "sb-ask", t("sandbox.finished")));
      return;
    }
    var who = t("sandbox.asks", { who: playerName(p.player) });
    var head = who + (S["punct.colon"] || ": ") + loc(p.prompt);
    decision.appendChild(el("p", "sb-ask", head));
    var opts = el("div", "sb-opts");
    var multi = p.kind === "order" || p.max > 1;
    if (multi) {
      decision.appendChild(el("p", "muted", p.kind === "order" ? t("sandbox.order") : t("sandbox.pick", { min: p.min, max: p.max })));
    }
    p.options.forEach(function (o, i) {
      var b = button(loc(p.labels[i]) || o, function () {
        if (!multi) { answer([o]); return; }
        var at = picked.indexOf(i);
        if (at >= 0) picked.splice(at, 1); else picked.push(i);
        drawDecision(p);
      });
      b.setAttribute("data-option", o);
      if (multi) b.setAttribute("aria-pressed", picked.indexOf(i) >= 0 ? "true" : "false");
      if (multi && p.kind === "order" && picked.indexOf(i) >= 0) b.textContent = (picked.indexOf(i) + 1) + ". " + b.textContent;
      opts.appendChild(b);
    });
    if (!multi && p.min === 0) opts.appendChild(button(t("sandbox.none"), function () { answer([]); }, "sb-go"));
    if (multi) {
      var done = button(t("sandbox.done") + " · " + t("sandbox.picked", { n: picked.length }), function () {
        answer(picked.map(function (i) { return p.options[i]; }));
      }, "sb-go");
      opts.appendChild(done);
    }
    decision.appendChild(opts);
  }

  app.querySelector(".controls").addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b || !run) return;
    var act = b.getAttribute("data-act"), total = run.events.length;
    if (act === "first") idx = 0;
    if (act === "prev") idx = Math.max(0, idx - 1);
    if (act === "next") idx = Math.min(total - 1, idx + 1);
    if (act === "last") idx = total - 1;
    if (act === "undo") { answers.pop(); replay(); return; }
    if (act === "branch") { answers = answers.slice(0, answersBefore(idx)); replay(); return; }
    draw();
  });

  /* ---------- the editor ---------- */
  function emptyPlayer(i) {
    var zones = {};
    F().zones.forEach(function (z) { if (z !== "characters" && z !== "play") zones[z] = []; });
    var p = { name: F().players.names[i] || String(i + 1), zones: zones }, counters = F().blank.players[0].counters;
    if (counters) p.counters = JSON.parse(JSON.stringify(counters));  // what a blank table's player holds
    return p;
  }
  function blank(g) {  /* the game's blank table (BoardGame.sandbox_blank) */
    var b = GAMES[g].blank;
    sit = { game: g, players: [], setup: JSON.parse(JSON.stringify(b.setup)) };
    if (b.edition) sit.edition = b.edition;
    for (var i = 0; i < b.players.length; i++) sit.players.push(emptyPlayer(i));
    answers = [];
  }
  function select(label, value, options, onChange) {
    var l = el("label", null, label), s = el("select");
    options.forEach(function (o) {
      var op = el("option", null, o[1]);
      op.value = String(o[0]);
      if (String(o[0]) === String(value)) op.selected = true;
      s.appendChild(op);
    });
    s.addEventListener("change", function () { onChange(s.value); changed(); });
    l.appendChild(s);
    return l;
  }
  function number(label, value, min, max, onChange) {
    var l = el("label", null, label), i = el("input");
    i.type = "number"; i.inputMode = "numeric"; i.min = min; i.max = max; i.value = value;
    i.addEventListener("change", function () {
      var v = parseInt(i.value, 10);
      if (!isNaN(v)) { onChange(v); changed(); }
    });
    l.appendChild(i);
    return l;
  }
  function chips(list, zone, redraw) {
    var row = el("div", "sb-chips");
    list.forEach(function (slug, i) {
      var c = el("span", "sb-chip");
      c.appendChild(el("span", null, nameOf(slug)));
      if (i > 0 && (zone === "deck" || zone === "discard" || zone === "city")) {
        var up = button("↑", function () { list.splice(i - 1, 0, list.splice(i, 1)[0]); redraw(); changed(); });
        up.setAttribute("aria-label", t("sandbox.up", { card: nameOf(slug) }));
        c.appendChild(up);
      }
      var x = button("✕", function () { list.splice(i, 1); redraw(); changed(); });
      x.setAttribute("aria-label", t("sandbox.remove", { card: nameOf(slug) }));
      c.appendChild(x);
      row.appendChild(c);
    });
    return row;
  }
  function drawPlayers() {
    var box = $("sb-players");
    box.textContent = "";
    sit.players.forEach(function (p, i) {
      var f = el("fieldset", "sb-pl");
      f.appendChild(el("legend", null, who(p.name)));
      var nl = el("label", null, t("sandbox.name")), ni = el("input");
      ni.type = "text"; ni.maxLength = 40; ni.value = who(p.name);
      ni.addEventListener("change", function () { if (ni.value.trim()) { p.name = ni.value.trim(); drawEditor(); changed(); } });
      nl.appendChild(ni); f.appendChild(nl);
      p.zones = p.zones || {};
      F().zones.forEach(function (z) {
        var list = p.zones[z] || [];
        var wrap = el("div", "sb-zone");
        wrap.appendChild(el("span", null, t("punct.count", { label: S["zone." + z] || z, n: list.length })));
        wrap.appendChild(chips(list, z, drawEditor));
        f.appendChild(wrap);
      });
      F().editor.player_counters.forEach(function (c) {
        p.counters = p.counters || {};
        f.appendChild(number(S["counter." + c], p.counters[c] || 0, 0, 99, function (v) { p.counters[c] = v; }));
      });
      box.appendChild(f);
    });
  }
  function playerOptions() { return sit.players.map(function (p, i) { return [i, who(p.name)]; }); }
  function stops(list) { return list.map(function (s) { return [s, t("sandbox.stop." + s)]; }); }
  function drawTable() {
    var f = $("sb-table"), st = setup();
    while (f.children.length > 1) f.removeChild(f.lastChild);
    TABLE_FORMS[F().editor.table](f, el("div", "sb-row"), st, F().editor);
  }
  /* the table form: a turn in progress with its supply and trash, or a round's draft */
  var TABLE_FORMS = {
    supply: function (f, row, st, E) {
      var active = st.active || 0, mine = sit.players[active];
      row.appendChild(select(t("sandbox.active"), active, playerOptions(), function (v) { st.active = +v; }));
      row.appendChild(select(t("sandbox.phase"), st.phase || "action",
        [["action", S["phase.action"]], ["buy", S["phase.buy"]]], function (v) { st.phase = v; }));
      row.appendChild(number(t("sandbox.turn"), st.turn || 1, 1, 999, function (v) { st.turn = v; }));
      mine.counters = mine.counters || {};
      E.turn_counters.forEach(function (c) {
        row.appendChild(number(S["counter." + c[0]], c[0] in mine.counters ? mine.counters[c[0]] : c[1], 0, 99,
          function (v) { mine.counters[c[0]] = v; }));
      });
      row.appendChild(select(t("sandbox.stop"), st.stop || "turn", stops(E.stops),
        function (v) { st.stop = v; }));
      f.appendChild(row);
      var piles = (run && run.snapshots[0] && run.snapshots[0].piles) || {};
      var sup = el("details", "sb-supply"), row2 = el("div", "sb-row");
      sup.appendChild(el("summary", null, t("punct.count", { label: S["zone.supply"] || t("sandbox.supply"), n: Object.keys(piles).length })));
      sup.open = supplyOpen;
      sup.addEventListener("toggle", function () { supplyOpen = sup.open; });
      sit.supply = sit.supply || {};
      Object.keys(piles).forEach(function (slug) {
        row2.appendChild(number(nameOf(slug), slug in sit.supply ? sit.supply[slug] : piles[slug], 0, 60,
          function (v) { sit.supply[slug] = v; }));
      });
      sup.appendChild(row2);
      f.appendChild(sup);
      var trash = el("div", "sb-zone");
      sit.shared = sit.shared || {};
      sit.shared.trash = sit.shared.trash || [];
      trash.appendChild(el("span", null, S["zone.trash"]));
      trash.appendChild(chips(sit.shared.trash, "trash", drawEditor));
      f.appendChild(trash);
    },
    draft: function (f, row, st, E) {
      var settings = st.settings || {};
      row.appendChild(select(t("sandbox.crown"), st.crown || 0, playerOptions(), function (v) { st.crown = +v; }));
      row.appendChild(select(t("sandbox.start"), st.start || "draft",
        [["draft", t("sandbox.start.draft")], ["turns", t("sandbox.start.turns")]], function (v) {
          st.start = v;
          if (v !== "turns") delete st.from_rank;
          drawEditor();
        }));
      if (st.start === "turns") {
        var ranks = [];
        for (var r = 1; r <= 9; r++) ranks.push([r, r]);
        row.appendChild(select(t("sandbox.from_rank"), st.from_rank || 1, ranks, function (v) { st.from_rank = +v; }));
      }
      row.appendChild(select(t("sandbox.stop"), st.stop || "round", stops(E.stops), function (v) { st.stop = v; }));
      row.appendChild(select(t("sandbox.ninth"), settings.ninth || "", [["", t("sandbox.no_ninth")]].concat(
        E.ninth.map(function (c) { return [c, nameOf(c)]; })), function (v) {
          st.settings = st.settings || {};
          if (v) st.settings.ninth = v; else delete st.settings.ninth;
        }));
      row.appendChild(number(t("sandbox.bank"), "bank" in st ? st.bank : "", 0, 99, function (v) { st.bank = v; }));
      f.appendChild(row);
    }
  };
  function targets() {
    var out = [];
    sit.players.forEach(function (p, i) {
      F().zones.forEach(function (z) { out.push([i + ":" + z, who(p.name) + " · " + (S["zone." + z] || z)]); });
    });
    F().editor.targets.forEach(function (x) { out.push([x[0], t(x[1])]); });
    return out;
  }
  function drawTargets() {
    var s = $("sb-target"), keep = s.value;
    s.textContent = "";
    targets().forEach(function (o) {
      var op = el("option", null, o[1]);
      op.value = o[0];
      s.appendChild(op);
    });
    if (keep && s.querySelector("option[value='" + keep + "']")) s.value = keep;
  }
  function drawEditor() {
    editionWords();
    $("sb-game").value = game();
    $("sb-edition-l").hidden = !F().editions.length;
    $("sb-edition").value = sit.edition || F().default_edition || "";
    var n = $("sb-n");
    n.max = F().players.max;
    n.value = sit.players.length;
    drawPlayers(); drawTable(); drawTargets();
  }
  $("sb-game").addEventListener("change", function () { blank($("sb-game").value); drawEditor(); changed(); });
  $("sb-edition").addEventListener("change", function () { sit.edition = $("sb-edition").value; drawEditor(); changed(); });
  $("sb-n").addEventListener("change", function () {
    var n = parseInt($("sb-n").value, 10), most = F().players.max;
    if (isNaN(n) || n < F().players.min || n > most) { drawEditor(); return; }
    if (n === 8 && !(setup().settings && setup().settings.ninth)) showError(t("sandbox.eight"));
    while (sit.players.length < n) sit.players.push(emptyPlayer(sit.players.length));
    sit.players.length = n;
    var gone = dropRefused();
    if (gone.length) notice = t("sandbox.removed_rank", { card: gone.map(nameOf).join(S["punct.sep"] || ", ") });
    ["crown", "active"].forEach(function (k) { if (setup()[k] >= n) setup()[k] = 0; });
    answers = [];
    drawEditor(); changed();
  });
  $("sb-blank").addEventListener("click", function () { blank(game()); drawEditor(); changed(); });
  $("sb-go").addEventListener("click", function () {
    $("sb-edit").open = false;
    $("sb-step").scrollIntoView({ block: "start" });
  });

  /* ---------- adding cards: the search box with /api/suggest ---------- */
  function place(slug) {
    var target = $("sb-target").value, st = setup(), C = cards();
    if (C.editions) {  // a card of some editions: the table switches to one that has it
      if (!C.editions[slug]) return false;
      if (C.editions[slug].indexOf(sit.edition || F().default_edition) < 0) sit.edition = C.editions[slug][0];
      if (target === "supply") { sit.supply = sit.supply || {}; sit.supply[slug] = 10; return true; }
      if (target === "trash") { sit.shared = sit.shared || {}; (sit.shared.trash = sit.shared.trash || []).push(slug); return true; }
    }
    var parts = target.split(":"), p = sit.players[+parts[0]], zone = parts[1];
    if (C.characters) {  // characters and districts: a character is held, a district in hand or city
      var isChar = slug in C.characters;
      if (!isChar && !(slug in C.districts)) return false;
      if (isChar && !accepts(slug)) return false;
      if (isChar !== (zone === "characters")) zone = isChar ? "characters" : "hand";
      st.settings = st.settings || {};
      if (isChar) {
        // one character, one holder: given to another player, it moves
        sit.players.forEach(function (other) {
          var held = (other.zones && other.zones.characters) || [];
          if (held.indexOf(slug) >= 0) held.splice(held.indexOf(slug), 1);
        });
        st.start = "turns";
        if (C.characters[slug] === 9) st.settings.ninth = slug;
        else if (C.expansion[slug]) {
          var rep = (st.settings.replace || []).filter(function (c) { return C.characters[c] !== C.characters[slug]; });
          st.settings.replace = rep.concat([slug]);
        }
      } else if (C.districts[slug]) {
        var extra = st.settings.extra_districts || [];
        if (extra.indexOf(slug) < 0) st.settings.extra_districts = extra.concat([slug]);
      }
    }
    p.zones = p.zones || {};
    (p.zones[zone] = p.zones[zone] || []).push(slug);
    return true;
  }
  var q = $("sb-q"), list = $("sb-suggest"), qseq = 0, qtimer = null;
  function closeList() { list.hidden = true; list.textContent = ""; q.setAttribute("aria-expanded", "false"); }
  function suggest(text) {
    var mine = ++qseq;
    fetch("/api/suggest?limit=20&lang=" + encodeURIComponent(lang) + "&q=" + encodeURIComponent(text), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
      .then(function (d) {
        if (mine !== qseq) return;
        list.textContent = "";
        var items = (d.suggestions || []).filter(function (s) {
          var slug = s.id.split("/").pop();
          var C = cards();  // only what this table takes
          return s.game === game() && (C.editions ? C.editions[slug] :
            ((slug in C.characters && accepts(slug)) || slug in C.districts));
        }).slice(0, 8);
        items.forEach(function (s, i) {
          var slug = s.id.split("/").pop(), li = el("li");
          li.setAttribute("role", "option");
          li.id = "sb-sugg-" + i;
          known[slug] = s.title;
          li.appendChild(button(s.label || loc(s.title), function () {
            if (place(slug)) { q.value = ""; closeList(); drawEditor(); changed(); q.focus(); }
            else showError(t("sandbox.not_here", { card: s.label }));
          }));
          list.appendChild(li);
        });
        list.hidden = !items.length;
        q.setAttribute("aria-expanded", items.length ? "true" : "false");
      }).catch(function () { closeList(); });
  }
  q.addEventListener("input", function () {
    clearTimeout(qtimer);
    var text = q.value.trim();
    if (!text) { closeList(); return; }
    qtimer = setTimeout(function () { suggest(text); }, 120);
  });
  q.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      ev.preventDefault();
      var first = list.querySelector("button");
      if (first) first.click();
    } else if (ev.key === "Escape") closeList();
  });

  /* ---------- share ---------- */
  var copy = $("sb-copy");
  copy.hidden = !(navigator.clipboard && window.isSecureContext);
  copy.addEventListener("click", function () {
    navigator.clipboard.writeText(location.href).then(function () { copy.textContent = t("sandbox.copied"); });
  });

  app.hidden = false;
  $("sb-static").hidden = true;
  if (!GAMES[sit.game]) blank(Object.keys(GAMES)[0]);
  if (!answers.length && !sit.players.some(function (p) { return p.zones && Object.keys(p.zones).some(function (z) { return p.zones[z].length; }); })) {
    $("sb-edit").open = true;
  }
  drawEditor();
  replay();
})();
