/* The tools' evaluators, pure functions over /tools/data.json (the engines' answers exported
   as data by engine/tables): set-ups are looked up, kingdoms drawn with the same seeded shuffle
   as engine/tables/kingdoms.py, points read from the exported tables and added. Nothing here
   states a rule; a parity test checks every result against the Python engines. Loaded by the
   tool pages (window.RefTools) and by node in tests. Query parameters match the .json twins. */
(function (root) {
  "use strict";

  /* ---------------------------------------------------------------- pure evaluators */
  function mulberry32(seed) {
    var a = seed >>> 0;
    return function () {
      a = (a + 0x6D2B79F5) | 0;
      var t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function fail(message) { var e = new Error(message); e.toolError = true; throw e; }
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
  function inList(list, x) { return list.indexOf(x) >= 0; }

  /* each game's facts (T.games, from engine/<game>/board_game.py) name the evaluator it uses */
  function gameOf(T, game) {
    if (!has(T.games, game)) fail("game: " + JSON.stringify(game) + " is not one of " + JSON.stringify(Object.keys(T.games)));
    return T.games[game];
  }
  function setupFor(T, req) { return SETUPS[gameOf(T, req.game).setup](T, req); }
  var SETUPS = {
    /* looked up by edition and player count; a chosen kingdom's piles added */
    by_edition: function (T, req) {
      var S = T.setup[req.game], byEd = S.setups[req.edition];
      if (!byEd) fail("edition: " + JSON.stringify(req.edition) + " is not one of " + JSON.stringify(S.editions));
      var s = byEd[String(req.players)];
      if (!s) fail("players: Dominion is for " + S.players.join("/") + " players, not " + req.players);
      var lines = [];
      s.lines.forEach(function (line) {
        if (line.key !== "kingdom_rule" || !req.kingdom.length) { lines.push(line); return; }
        req.kingdom.forEach(function (slug) {
          if (!has(s.kingdom_piles, slug)) fail("kingdom: " + JSON.stringify(slug) + " is not a kingdom card of " + req.edition);
          var victory = inList(T.dominion_cards[slug], "victory");
          lines.push({ key: "kingdom_pile", card: slug, count: s.kingdom_piles[slug], victory: victory,
                       cite: victory ? line.cite_victory : line.cite });
        });
      });
      return { game: req.game, edition: req.edition, players: req.players, kingdom: req.kingdom.slice(), lines: lines };
    },
    /* looked up by player count, rank-9 character and game length */
    by_options: function (T, req) {
      var key = req.players + "-" + (req.ninth || "none") + "-" + (req.short_game ? 1 : 0);
      var c = T.setup[req.game].setups[key];
      if (!c) fail("players: Citadels is for " + T.setup[req.game].players.join("/") + " players with these options");
      return c;
    }
  };

  function pickKingdom(T, req) {
    var K = T.kingdom;
    var sets = K.sets[req.edition];
    if (!sets) fail("edition: " + JSON.stringify(req.edition) + " is not one of [\"1e\", \"2e\", \"mixed\"]");
    if (req.set) {
      var found = sets.filter(function (s) { return s.key === req.set; })[0];
      if (!found) fail("set: " + JSON.stringify(req.set) + " is not a recommended set of edition " + req.edition);
      return { edition: req.edition, set: found.key, name: found.name, cards: found.cards.slice() };
    }
    var pool = K.pools[req.edition];
    ["exclude", "lock"].forEach(function (name) {
      req[name].forEach(function (slug) {
        if (!inList(pool, slug)) fail(name + ": " + JSON.stringify(slug) + " is not a kingdom card of edition " + req.edition);
      });
    });
    var locked = req.lock.filter(function (x, i, all) { return all.indexOf(x) === i; }).sort();
    if (locked.some(function (x) { return inList(req.exclude, x); })) fail("lock: some cards are also excluded");
    if (locked.length > K.size) fail("lock: at most " + K.size + " cards");
    req.require.forEach(function (need) {
      if (!inList(K.requirements, need)) fail("require: " + JSON.stringify(need) + " is not one of " + JSON.stringify(K.requirements));
    });
    var rest = pool.filter(function (x) { return !inList(req.exclude, x) && !inList(locked, x); });
    var need = K.size - locked.length;
    if (rest.length < need) fail("exclude: only " + (rest.length + locked.length) + " cards left; a kingdom needs " + K.size);
    var rng = mulberry32(req.seed);
    for (var attempt = 1; attempt <= K.max_tries; attempt++) {
      var deck = rest.slice();
      for (var i = deck.length - 1; i > 0; i--) {
        var j = Math.floor(rng() * (i + 1));
        var tmp = deck[i]; deck[i] = deck[j]; deck[j] = tmp;
      }
      var chosen = locked.concat(deck.slice(0, need)).sort(function (a, b) {
        return (K.cost[a] - K.cost[b]) || (a < b ? -1 : a > b ? 1 : 0);
      });
      if (satisfied(K, chosen, req.require)) return { edition: req.edition, seed: req.seed, cards: chosen, tries: attempt };
    }
    fail("require: no kingdom from these cards meets " + JSON.stringify(req.require));
  }

  function satisfied(K, cards, require) {
    var tags = {};
    cards.forEach(function (c) { (K.tags[c] || []).forEach(function (t) { tags[t] = true; }); });
    return require.every(function (need) {
      if (need === "counter") return !tags.curser || !!tags.counter;
      return !!tags[need];
    });
  }

  function playerName(p, i) {
    var n = typeof p.name === "string" ? p.name : "";
    return n.trim() ? n.slice(0, 40) : String(i + 1);
  }

  function scoreDominion(T, req) {
    var D = T.dominion_score;
    if (!req.players.length) fail("players: add at least one player (p0.name=...)");
    var out = req.players.map(function (p, i) {
      var counts = p.cards || {}, counted = 0;
      Object.keys(counts).forEach(function (slug) {
        if (!inList(D.cards, slug)) fail("players[" + i + "].cards." + slug + ": not a Dominion Victory card or Curse");
        counted += counts[slug];
      });
      var total = p.total == null ? counted : p.total;
      if (total < counted) fail("players[" + i + "].total: " + total + " cards is fewer than the " + counted + " counted");
      var lines = [], sum = 0;
      Object.keys(counts).forEach(function (slug) {
        var n = counts[slug];
        if (!n) return;
        var points = has(D.fixed, slug) ? D.fixed[slug] * n : n * Math.floor(total / D.per_cards[slug]);
        sum += points;
        lines.push({ card: slug, count: n, points: points });
      });
      return { name: playerName(p, i), total_cards: total, turns: p.turns || 0, lines: lines, total: sum };
    });
    var seats = out.map(function (_, i) { return i; });
    D.winner.forEach(function (rule) {
      if (rule === "most_points") {
        var best = Math.max.apply(null, seats.map(function (i) { return out[i].total; }));
        seats = seats.filter(function (i) { return out[i].total === best; });
      } else if (rule === "fewest_turns") {
        var fewest = Math.min.apply(null, seats.map(function (i) { return out[i].turns; }));
        seats = seats.filter(function (i) { return out[i].turns === fewest; });
      }
    });
    return { game: req.game, players: out, winners: seats };
  }

  function scoreCitadels(T, req) {
    var C = T.citadels_score;
    var n = req.players.length;
    if (!n) fail("players: add at least one player (p0.name=...)");
    var cities = req.players.map(function (p, i) {
      var city = p.city || [], late = p.last_round || [], gilded = p.gilded || [];
      city.forEach(function (slug) {
        if (!has(C.values, slug)) fail("players[" + i + "].city: " + JSON.stringify(slug) + " is not a Citadels district");
      });
      [["last_round", late], ["gilded", gilded]].forEach(function (pair) {
        pair[1].forEach(function (slug) {
          if (!inList(city, slug)) fail("players[" + i + "]." + pair[0] + ": " + JSON.stringify(slug) + " is not in the city");
        });
      });
      if (p.museum && !inList(city, "museum")) fail("players[" + i + "].museum: cards under the Museum need the Museum in the city");
      var completed = p.completed || "auto";
      if (!inList(["auto", "first", "other", "none"], completed)) fail("players[" + i + "].completed: " + JSON.stringify(completed));
      var gold = p.gold == null ? 0 : p.gold;
      if (typeof gold !== "number" || gold % 1 !== 0 || gold < 0 || gold > 999) fail("players[" + i + "].gold: " + JSON.stringify(gold) + " is not a whole number from 0 to 999");
      var hand = p.hand == null ? 0 : p.hand;
      if (typeof hand !== "number" || hand % 1 !== 0 || hand < 0 || hand > 99) fail("players[" + i + "].hand: " + JSON.stringify(hand) + " is not a whole number from 0 to 99");
      return { name: playerName(p, i), city: city, late: late, gilded: gilded, museum: p.museum || 0, completed: completed, gold: gold, hand: hand };
    });
    cities.forEach(function (c, i) {
      c.city.forEach(function (slug, k) {
        if (slug !== "quarry" && c.city.indexOf(slug) !== k) fail("players[" + i + "].city: " + JSON.stringify(slug) + " twice; a city has one of each district");
      });
    });
    if (cities.filter(function (c) { return c.completed === "first"; }).length > 1) fail("players: only one player completes a city first");
    var built = cities.some(function (c) { return inList(c.city, "bell-tower"); });
    var bell = !built ? 0 : req.bell_tower_announced === false ? 1 : 2;
    var end = C.end_sizes[n + "-" + (req.short_game ? 1 : 0) + "-" + bell];
    if (end == null) fail("players: Citadels is not set up for " + n + " players");
    var firstTaken = cities.some(function (c) { return c.completed === "first"; });
    cities.forEach(function (c) {
      if (c.completed === "auto") {
        c.completed = null;
        if (c.city.length >= end) { c.completed = firstTaken ? "other" : "first"; firstTaken = true; }
      } else if (c.completed === "none") c.completed = null;
    });
    var out = cities.map(function (c) {
      var mask = 0, haunted = 0, wishing = 0, purple = 0, districts = 0;
      c.city.forEach(function (slug) {
        districts += C.values[slug];
        var colour = C.district_colour[slug];
        if (slug === C.haunted) { haunted = inList(c.late, slug) ? 2 : 1; return; }
        if (slug === C.wishing) { wishing = 1; return; }
        if (colour === "special") purple += 1;
        else mask |= 1 << C.income_colours.indexOf(colour);
      });
      if (purple > C.max_purple) fail("city: more than " + C.max_purple + " purple districts");
      var idx = ((mask * 3 + haunted) * 2 + wishing) * (C.max_purple + 1) + purple;
      var h = C.bonus.haunted_as[idx];
      var parts = {
        districts: districts,
        colours: C.bonus.colours[idx],
        completion: c.completed ? C.completion[c.completed] : 0,
        gilded: c.gilded.length * C.gilded,
        museum: c.museum * C.museum,
        wishing_well: C.bonus.wishing[idx],
        imperial_treasury: inList(c.city, C.treasury.district) ? c.gold * C.treasury.per_gold : 0,
        map_room: inList(c.city, C.map_room.district) ? c.hand * C.map_room.per_card : 0,
        haunted_as: h >= 0 ? C.colours[h] : null
      };
      parts.total = parts.districts + parts.colours + parts.completion + parts.gilded + parts.museum + parts.wishing_well + parts.imperial_treasury + parts.map_room;
      return {
        name: c.name,
        districts: c.city.map(function (slug) { return { card: slug, points: C.values[slug] }; }),
        parts: parts, completed: c.completed, gold: c.gold, total: parts.total
      };
    });
    // ties: most district points (no bonuses), then most gold; still level: shared (engine's winners)
    function key(p) { return [p.total, p.parts.districts, p.gold]; }
    function cmp(a, b) { for (var k = 0; k < 3; k++) if (a[k] !== b[k]) return a[k] - b[k]; return 0; }
    var best = out.map(key).reduce(function (m, k) { return cmp(k, m) > 0 ? k : m; });
    var winners = [];
    out.forEach(function (p, i) { if (cmp(key(p), best) === 0) winners.push(i); });
    return { game: req.game, end_size: end, players: out, winners: winners };
  }

  /* ---------------------------------------------------------------- query parameters (as the .json twins read them) */
  function list(params, name) {
    return params.getAll(name).join(",").split(",").map(function (s) { return s.trim(); }).filter(Boolean);
  }
  function int(params, name, fallback) {
    var raw = params.get(name);
    if (raw == null || raw === "") return fallback;
    if (!/^\d+$/.test(raw)) fail(name + ": " + JSON.stringify(raw.slice(0, 20)) + " is not a whole number");
    return parseInt(raw, 10);
  }
  function flag(params, name) { return inList(["1", "true", "on", "yes"], params.get(name) || ""); }

  /* the query's game (default: the first) and its facts */
  function gameParam(q, T) {
    var game = q.get("game") || Object.keys(T.games)[0];
    return { game: game, G: gameOf(T, game) };
  }
  var SETUP_PARAMS = {
    by_edition: function (q, game, G) {
      return { game: game, edition: q.get("edition") || G.edition, players: int(q, "players", G.players), kingdom: list(q, "kingdom") };
    },
    by_options: function (q, game, G) {
      var ninth = q.get("ninth") || null;
      return { game: game, players: int(q, "players", G.players), short_game: flag(q, "short"), ninth: ninth === "none" ? null : ninth };
    }
  };
  /* a player's fields of the score form (p<i>.<field>), and the form's own fields, by score evaluator */
  var SCORE_PARAMS = {
    deck: {
      player: function (q, prefix, fields, p) {
        p.cards = {};
        Object.keys(fields).forEach(function (key) {
          if (key === "name") return;
          if (key === "total" || key === "turns") p[key] = int(q, prefix + key, 0);
          else if (fields[key] !== "") p.cards[key] = int(q, prefix + key, 0);
        });
      },
      table: function () {}
    },
    city: {
      player: function (q, prefix, fields, p) {
        p.city = list(q, prefix + "city");
        p.last_round = list(q, prefix + "late");
        p.gilded = list(q, prefix + "gilded");
        p.completed = fields.done || "auto";
        ["museum", "gold", "hand"].forEach(function (key) { if (fields[key]) p[key] = int(q, prefix + key, 0); });
      },
      table: function (q, out) {
        var bellParam = q.get("bell") || "1";
        if (bellParam !== "1" && bellParam !== "0") fail("bell: " + JSON.stringify(bellParam.slice(0, 20)) + " is not one of ['1', '0']");
        out.bell_tower_announced = bellParam === "1";
      }
    }
  };

  var parse = {
    setup: function (q, T) {
      var g = gameParam(q, T);
      return SETUP_PARAMS[g.G.setup](q, g.game, g.G);
    },
    kingdom: function (q) {
      return { edition: q.get("edition") || "2e", set: q.get("set") || null, seed: int(q, "seed", 1),
               exclude: list(q, "exclude"), lock: list(q, "lock"), require: list(q, "require") };
    },
    score: function (q, T) {
      var g = gameParam(q, T), form = SCORE_PARAMS[g.G.score], players = [];
      for (var i = 0; i < 8; i++) {
        var prefix = "p" + i + ".", fields = {}, any = false;
        q.forEach(function (v, k) { if (k.indexOf(prefix) === 0) { any = true; if (!has(fields, k.slice(prefix.length))) fields[k.slice(prefix.length)] = v; } });
        if (!any) continue;
        var p = { name: fields.name || "" };
        form.player(q, prefix, fields, p);
        players.push(p);
      }
      var out = { game: g.game, players: players, short_game: flag(q, "short") };
      form.table(q, out);
      var eds = g.G.editions || [];
      if (eds.length > 1) {  // the edition whose card names the form and the result use
        var ed = q.get("edition") || g.G.edition;
        if (eds.indexOf(ed) < 0) fail("edition: " + JSON.stringify(ed.slice(0, 20)) + " is not one of " + JSON.stringify(eds));
        out.edition = ed;
      }
      return out;
    }
  };

  var SCORES = { deck: scoreDominion, city: scoreCitadels };
  var compute = {
    setup: setupFor,
    kingdom: pickKingdom,
    score: function (T, req) { return SCORES[gameOf(T, req.game).score](T, req); }
  };

  var api = { mulberry32: mulberry32, setupFor: setupFor, pickKingdom: pickKingdom, scoreDominion: scoreDominion,
              scoreCitadels: scoreCitadels, parse: parse, compute: compute };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  root.RefTools = api;

})(this);
