/* At-the-table tools in the page: reads the form, keeps the URL in step, renders what
   tools-eval.js (window.RefTools) computes from /tools/data.json. Works offline once cached. */
(function (root) {
  "use strict";
  var parse = root.RefTools.parse, compute = root.RefTools.compute;
  var configNode = document.getElementById("tool-config");
  if (!configNode) return;
  var cfg = root.Ref.json("tool-config");
  var tr = root.Ref.translator(cfg.strings || {}), el = root.Ref.el;
  /* a card's name in the words of the edition in play: the 2nd edition renames some (省份 -> 行省) */
  function name(game, slug, edition) {
    var names = (edition === "2e" && cfg.names_2e) || cfg.names;
    return (names && names[game] && names[game][slug]) || slug;
  }
  function citeLink(cite) {
    var parts = cite.split("#");
    return el("a", { "class": "cite", href: root.Ref.entryUrl(parts[0], parts[1]) }, tr("tools.rule"));
  }
  function item(text, cite, tag) {
    var li = el(tag || "li", {}, text);
    if (cite) { li.appendChild(document.createTextNode(" ")); li.appendChild(citeLink(cite)); }
    return li;
  }

  function renderSetup(box, s) {
    var ul = el("ul", { "class": "lines" });
    var game = s.game;
    s.lines.forEach(function (l) {
      var text, v = {};
      Object.keys(l).forEach(function (k) { v[k] = l[k]; });
      if (l.card) v.card = name(game, l.card, s.edition);
      if (l.key === "pile") text = tr(l.dealt ? "setup.pile.dealt" : "setup.pile", v);
      else if (l.key === "start_deck") text = tr("setup.start_deck", { cards: Object.keys(l.cards).map(function (c) { return l.cards[c] + " × " + name(game, c, s.edition); }).join(tr("tools.sep")) });
      else if (l.key === "characters" || l.key === "removed" || l.key === "districts") text = tr("setup." + l.key, { count: l.count, cards: l.cards.map(function (c) { return name(game, c, s.edition); }).join(tr("tools.sep")) });
      else if (l.key === "bell_tower" && !l.active) text = tr("setup.bell_tower.off");
      else text = tr("setup." + l.key, v);
      var li = item(text, l.cite);
      li.setAttribute("data-key", l.key);
      if (l.card) li.setAttribute("data-card", l.card);
      if (l.count != null) li.setAttribute("data-count", l.count);
      if (l.steps) {
        var ol = el("ol", { "class": "steps" });
        l.steps.forEach(function (st) { ol.appendChild(el("li", {}, tr("setup.step." + st.action, { seat: tr("setup.seat." + st.seat) }))); });
        li.appendChild(ol);
      }
      ul.appendChild(li);
    });
    box.appendChild(ul);
  }

  function renderKingdom(box, k, T) {
    if (k.name) box.appendChild(el("h2", { id: "set-name" }, root.Ref.loc(k.name, cfg.lang)));
    var ol = el("ol", { "class": "kingdom" });
    k.cards.forEach(function (slug) {
      var li = el("li", { "data-card": slug });
      li.appendChild(el("span", { "class": "badge cost" }, String(T.kingdom.cost[slug])));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("a", { href: root.Ref.entryUrl("dominion/" + slug) }, name("dominion", slug, k.edition)));
      (T.kingdom.tags[slug] || []).forEach(function (t) { li.appendChild(el("span", { "class": "tag" }, tr("kingdom.tag." + t))); });
      ol.appendChild(li);
    });
    box.appendChild(ol);
    var p = el("p", { "class": "actions" });
    var edition = k.edition === "mixed" ? null : k.edition;
    var setup = "/tools/setup?game=dominion&edition=" + (edition || "2e") + (edition ? "&kingdom=" + k.cards.join(",") : "");
    p.appendChild(el("a", { "class": "button", href: setup, id: "to-setup" }, tr("kingdom.to_setup")));
    p.appendChild(el("a", { "class": "button", href: location.pathname + location.search, id: "share-kingdom" }, tr("kingdom.share")));
    box.appendChild(p);
  }

  /* a player left unnamed is scored as their seat number: shown as the form names them ("Player 1") */
  function seatName(p, i) { return p.name === String(i + 1) ? tr("score.player", { n: i + 1 }) : p.name; }

  function renderScore(box, r, edition) {
    var winners = r.winners.map(function (i) { return seatName(r.players[i], i); }).join(tr("tools.sep"));
    var G = cfgTables.games[r.game], scored = cfgTables[r.game + "_score"];
    var ties = scored.cites[G.tie_cite];
    var head = item(tr(r.winners.length > 1 ? "score.winners_shared" : "score.winner", { names: winners }), ties, "p");
    head.id = "winner";
    head.className = "winner";
    box.appendChild(head);
    if (r.end_size != null) box.appendChild(el("p", { "class": "muted" }, tr("score.end_size", { count: r.end_size })));
    r.players.forEach(function (p, i) {
      var card = el("section", { "class": "score-card" + (r.winners.indexOf(i) >= 0 ? " won" : ""), "data-seat": String(i) });
      var h = el("h2", {}, seatName(p, i) + " · ");
      h.appendChild(el("span", { "class": "total", "data-total": String(p.total) }, tr("score.points", { n: p.total })));
      card.appendChild(h);
      var ul = el("ul", { "class": "lines" });
      SCORE_LINES[G.score](ul, p, r.game, scored, edition);
      card.appendChild(ul);
      box.appendChild(card);
    });
    // the engine breaks a points tie by fewest turns: say so when that decided it
    if (scored.winner && scored.winner.indexOf("fewest_turns") >= 0 && r.winners.length === 1 && r.players.filter(function (p) { return p.total === r.players[r.winners[0]].total; }).length > 1) {
      box.appendChild(item(tr("score.tie_turns"), scored.cites.tie, "p"));
    }
  }
  /* a score card's lines, by score evaluator: each card's points, or a city's parts */
  var SCORE_LINES = {
    deck: function (ul, p, game, D, edition) {
      p.lines.forEach(function (l) {
        var per = D.per_cards[l.card];
        ul.appendChild(item(tr(per ? "score.line.per_cards" : "score.line.card",
          { count: l.count, card: name(game, l.card, edition), points: l.points, cards: p.total_cards, per: per }),
          per ? D.cites.gardens : D.cites.points));
      });
    },
    city: function (ul, p, game, scored) {
      var C = scored.cites, parts = p.parts;
      p.districts.forEach(function (d) { ul.appendChild(el("li", {}, tr("score.line.district", { card: name(game, d.card), points: d.points }))); });
      if (parts.colours) {
        var li = item(tr("score.line.colours", { points: parts.colours }), C.colours);
        if (parts.haunted_as) {
          li.appendChild(document.createTextNode(" " + tr("score.line.haunted", { colour: tr("score.colour." + parts.haunted_as) }) + " "));
          li.appendChild(citeLink(C.haunted));
        }
        ul.appendChild(li);
      }
      if (parts.completion) ul.appendChild(item(tr("score.line." + p.completed, { points: parts.completion }), C[p.completed]));
      if (parts.wishing_well) ul.appendChild(item(tr("score.line.wishing", { points: parts.wishing_well }), C.wishing));
      if (parts.museum) ul.appendChild(item(tr("score.line.museum", { points: parts.museum }), C.museum));
      if (parts.gilded) ul.appendChild(item(tr("score.line.gilded", { points: parts.gilded }), C.gilded));
      if (parts.imperial_treasury) ul.appendChild(item(tr("score.line.treasury", { points: parts.imperial_treasury }), C.treasury));
      if (parts.map_room) ul.appendChild(item(tr("score.line.map_room", { points: parts.map_room }), C.map_room));
    }
  };

  var cfgTables = null;
  var form = document.getElementById("tool-form");
  var result = document.getElementById("result");
  var errorBox = document.getElementById("tool-error");
  var jsonLink = document.getElementById("json-link");

  function showGame() {
    if (!form) return;
    var checked = form.querySelector("input[name=game]:checked");
    var game = checked ? checked.value : null;
    form.querySelectorAll("[data-game]").forEach(function (node) {
      var on = !game || node.getAttribute("data-game") === game;
      node.hidden = !on;
      node.querySelectorAll("input, select").forEach(function (inp) { inp.disabled = !on; });
    });
  }

  function run(params, reveal) {
    if (!cfgTables || !result) return;
    result.textContent = "";
    if (cfg.tool === "score" && !Array.from(params.keys()).some(function (k) { return /^p\d+\./.test(k); })) {
      // nobody entered yet: the page greets with its form, not with an error
      errorBox.hidden = true;
      result.setAttribute("data-ready", "empty");
      return;
    }
    try {
      var req = parse[cfg.tool](params, cfgTables);
      var out = compute[cfg.tool](cfgTables, req);
      errorBox.hidden = true;
      if (cfg.tool === "setup") renderSetup(result, out);
      else if (cfg.tool === "kingdom") renderKingdom(result, out, cfgTables);
      else renderScore(result, out, req.edition);
      result.setAttribute("data-ready", "1");
      if (reveal) result.scrollIntoView({ block: "start", behavior: "auto" });  // on a phone the answer is above or below the button
    } catch (e) {
      if (!e.toolError) throw e;
      errorBox.textContent = errorText(e.message);
      errorBox.hidden = false;
      result.setAttribute("data-ready", "error");
    }
  }

  /* the evaluator's reason is for developers ("lock: at most 10 cards", "players[0].total: ..."): the
     ones a form can reach are said in the reader's words, any other as "change one and try again" */
  var ERRORS = [
    [/^lock: some cards are also excluded/, "tools.error.lock_excluded", function () { return {}; }],
    [/^lock: at most (\d+)/, "tools.error.lock_max", function (m) { return { n: m[1] }; }],
    [/^exclude: only/, "tools.error.too_few", function () { return {}; }],
    [/^require: no kingdom/, "tools.error.require", function () { return {}; }],
    [/^players\[(\d+)\]\.total: (\d+) cards is fewer than the (\d+) counted/, "tools.error.total",
      function (m) { return { n: Number(m[1]) + 1, total: m[2], counted: m[3] }; }],
    [/^players: only one player completes a city first/, "tools.error.first", function () { return {}; }]
  ];
  function errorText(message) {
    for (var i = 0; i < ERRORS.length; i++) {
      var m = ERRORS[i][0].exec(message || "");
      if (m) return tr(ERRORS[i][1], ERRORS[i][2](m));
    }
    return tr("tools.error.generic");
  }

  function formParams() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (v, k) { if (v !== "") params.append(k, v); });
    if (cfg.tool === "kingdom" && !params.get("set")) params.delete("set");
    return params;
  }

  function update(reveal) {
    var params = formParams();
    var qs = params.toString();
    history.replaceState(null, "", location.pathname + (qs ? "?" + qs : ""));
    if (jsonLink) jsonLink.href = "/tools/" + cfg.tool + ".json" + (qs ? "?" + qs : "");
    run(params, reveal === true);
  }

  /* the form as the address asks (offline the service worker answers with the page cached
     without its query, so the server could not fill the form in) */
  function fillForm(params) {
    if (!form || !Array.from(params.keys()).length) return;
    var game = params.get("game");
    if (game) form.querySelectorAll("input[name=game]").forEach(function (r) { r.checked = r.value === game; });
    showGame();
    var seen = {};
    params.forEach(function (v, k) {
      if (k === "game" || seen[k]) return;
      seen[k] = true;
      var values = params.getAll(k).join(",").split(",");
      form.querySelectorAll("[name='" + k.replace(/[^\w.-]/g, "") + "']").forEach(function (inp) {
        if (inp.disabled) return;
        if (inp.type === "checkbox" || inp.type === "radio") inp.checked = values.indexOf(inp.value) >= 0;
        else if (inp.tagName === "SELECT") {
          if (Array.prototype.some.call(inp.options, function (o) { return o.value === values[0]; })) inp.value = values[0];
        } else inp.value = values[0];
      });
    });
  }

  function renumber() {
    form.querySelectorAll("fieldset.player").forEach(function (fs, i) {
      fs.setAttribute("data-index", String(i));
      fs.querySelector("legend").textContent = tr("score.player", { n: i + 1 });
      fs.querySelectorAll("[name]").forEach(function (inp) { inp.name = inp.name.replace(/^p\d+\./, "p" + i + "."); });
    });
  }

  function wire() {
    if (!form) return;
    showGame();
    form.addEventListener("change", function (ev) {
      if (ev.target.name === "game") showGame();
      if (ev.target.name === "edition" && cfg.tool === "kingdom") {
        // another edition has other cards: keep the seed and requirements, drop exclude/lock
        var keep = new URLSearchParams();
        formParams().forEach(function (v, k) { if (k !== "exclude" && k !== "lock") keep.append(k, v); });
        location.assign(location.pathname + "?" + keep.toString());
        return;
      }
      if (ev.target.name === "edition" && cfg.tool === "score") {
        // the same cards score alike in both editions; the form says the chosen edition's names (行省)
        var game = ev.target.closest("[data-game]").getAttribute("data-game");
        form.querySelectorAll(".card-name[data-card]").forEach(function (span) {
          if (span.closest("[data-game]").getAttribute("data-game") === game) span.textContent = name(game, span.getAttribute("data-card"), ev.target.value);
        });
      }
      var count = ev.target.closest && ev.target.closest("details.city");
      if (count) count.querySelector(".count").textContent = tr("score.districts_n", { n: count.querySelectorAll("input:checked").length });
      update();
    });
    form.addEventListener("input", function (ev) { if (ev.target.type === "number" || ev.target.type === "text") update(); });
    form.addEventListener("submit", function (ev) { ev.preventDefault(); update(true); });
    var seed = document.getElementById("new-seed");
    if (seed) seed.addEventListener("click", function () {
      // a number a player can read out at the table (any number from 0 to 4294967295 works)
      form.querySelector("input[name=seed]").value = String(1 + Math.floor(Math.random() * 99999));
      update(true);
    });
    var add = document.getElementById("add-player");
    var box = document.getElementById("players");
    if (add && box) {
      add.addEventListener("click", function () {
        var all = box.querySelectorAll("fieldset.player");
        if (all.length >= 8) return;
        var copy = all[all.length - 1].cloneNode(true);
        copy.querySelectorAll("input").forEach(function (inp) { if (inp.type === "checkbox") inp.checked = false; else inp.value = ""; });
        copy.querySelectorAll("select").forEach(function (s) { s.selectedIndex = 0; });
        box.appendChild(copy);
        renumber(); showGame(); update();
      });
      box.addEventListener("click", function (ev) {
        if (!ev.target.classList.contains("remove-player")) return;
        if (box.querySelectorAll("fieldset.player").length <= 1) return;
        ev.target.closest("fieldset.player").remove();
        renumber(); update();
      });
    }
  }

  fillForm(new URLSearchParams(location.search));
  wire();
  if (!cfg.data) return;
  fetch(cfg.data, { credentials: "same-origin" })
    .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
    .then(function (T) { cfgTables = T; root.RefTools.tables = T; run(new URLSearchParams(location.search)); })
    .catch(function () { if (result) result.setAttribute("data-ready", "nodata"); });
})(this);
