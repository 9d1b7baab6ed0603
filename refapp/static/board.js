/* The board at one step of a run: the one renderer of the "show me" player and the sandbox
   (refapp/board.py + _board.html draw the same board on the server for readers without
   JavaScript). Input: the run as the server sends it (events, snapshots, names, card_types)
   and the board's strings (refapp/vocabulary.py board_strings). Needs core.js (window.Ref). */
(function (root) {
  "use strict";
  var Ref = root.Ref, el = Ref.el, loc = Ref.loc;
  var CORE_COUNTERS = ["actions", "buys", "coins", "gold", "score"];
  var FLAGS = ["crown"];  // a counter that is held, not counted: shown by its name, never "crown 1"
  var ZONE_ORDER = ["characters", "deck", "hand", "play", "discard", "set_aside", "city"];

  function Board(container, S, options) {
    this.box = container;
    this.S = S;
    this.t = Ref.translator(S);
    this.opts = options || {};
    this.folded = {};
  }
  Board.prototype.label = function (prefix, name) {
    var s = this.S[prefix + "." + name];
    return s != null ? s : name.replace(/_/g, " ");
  };
  Board.prototype.cardName = function (run, slug) {
    return loc(run.names && run.names[slug]) || (this.opts.name ? this.opts.name(slug) : "") || slug;
  };
  Board.prototype.typeClasses = function (run, slug) {
    var types = (run.card_types && run.card_types[slug]) || [];
    return types.map(function (x) { return " t-" + x.replace(/[^a-z-]/g, ""); }).join("");
  };
  Board.prototype.card = function (run, slug, count, moved) {
    var c = el("span", "cardv" + this.typeClasses(run, slug) + (moved ? " moved" : ""), this.cardName(run, slug));
    if (count > 1) c.appendChild(el("span", "n", "×" + count));
    return c;
  };
  Board.prototype.zone = function (run, name, cards, moved, changed) {
    var t = this.t, self = this;
    var z = el("div", "zone" + (changed ? " changed" : ""));
    z.setAttribute("data-zone", name);
    var label = this.label("zone", name);
    z.appendChild(el("div", "zone-name", label + " · " + (cards.length ? t("player.cards", { n: cards.length }) : t("player.empty"))));
    if (!cards.length) return z;
    var row = el("div", "cards");
    if (name === "deck") {
      var back = el("span", "cardv back");
      back.setAttribute("role", "img");
      back.setAttribute("aria-label", label + " · " + t("player.cards", { n: cards.length }));
      back.appendChild(el("span", "n", "×" + cards.length));
      row.appendChild(back);
    } else {
      var counts = {}, order = [];
      (name === "discard" ? cards.slice(-1) : cards).forEach(function (c) {
        if (!(c in counts)) { counts[c] = 0; order.push(c); }
        counts[c] += 1;
      });
      order.forEach(function (c) { row.appendChild(self.card(run, c, counts[c], moved[c])); });
    }
    z.appendChild(row);
    return z;
  };
  Board.prototype.counters = function (counters, active) {
    var self = this;
    var out = Object.keys(counters || {}).filter(function (k) {
      return FLAGS.indexOf(k) < 0 && (CORE_COUNTERS.indexOf(k) >= 0 || counters[k]);
    }).map(function (k) { return self.label("counter", k) + " " + counters[k]; });
    FLAGS.forEach(function (k) { if (counters && counters[k]) out.unshift("♔ " + self.label("counter", k)); });
    if (active) out.unshift("★ " + this.t("player.active"));
    return out.join(" · ");
  };

  function same(a, b) { return JSON.stringify(a || []) === JSON.stringify(b || []); }
  function moves(ev, playerIndex) {
    var m = {};
    if (ev && ev.cards && (ev.player == null || ev.player === playerIndex)) ev.cards.forEach(function (c) { m[c] = true; });
    return m;
  }
  function arrives(ev, zone) { return !ev || !ev.to_zone || ev.to_zone === zone; }

  /* draw the board after event i; marks the zones whose cards changed at this step (.changed) */
  Board.prototype.draw = function (run, i) {
    var self = this, box = this.box, t = this.t;
    var snaps = run.snapshots || [];
    var snap = snaps[Math.min(i, snaps.length - 1)];
    var before = i > 0 ? snaps[Math.min(i - 1, snaps.length - 1)] : null;
    var ev = (run.events || [])[i];
    this.event = ev;
    box.textContent = "";
    if (!snap) return;
    (snap.players || []).forEach(function (p, pi) {
      var was = before && before.players && before.players[pi];
      var folded = !!self.folded[pi];
      var sec = el("section", "pl" + (snap.active === pi ? " active" : "") + (folded ? " folded" : ""));
      var name = (p.name && self.S["who." + p.name]) || p.name || String(pi + 1);  // 'who.Bob': 鲍勃
      sec.setAttribute("aria-label", name);
      sec.setAttribute("data-player", String(pi));
      var h = el("h3");
      if (self.opts.fold) {
        var fold = Ref.button(name, function () {
          self.folded[pi] = !self.folded[pi];
          self.draw(run, i);
          box.querySelectorAll(".pl .fold")[pi].focus();  // the redrawn button keeps the keyboard focus
        }, "fold");
        fold.setAttribute("aria-expanded", folded ? "false" : "true");
        h.appendChild(fold);
      } else {
        h.appendChild(document.createTextNode(name + " "));
      }
      var counterText = self.counters(p.counters, snap.active === pi);
      var cs = el("span", "counters" + (was && !same(was.counters, p.counters) ? " changed" : ""), counterText);
      h.appendChild(cs);
      sec.appendChild(h);
      box.appendChild(sec);
      if (folded) return;
      var zones = p.zones || {};
      var names = ZONE_ORDER.filter(function (z) { return z in zones; })
        .concat(Object.keys(zones).filter(function (z) { return ZONE_ORDER.indexOf(z) < 0; }));
      var moved = self.opts.marks ? moves(ev, pi) : {};
      names.forEach(function (z) {
        var changed = !!(was && !same((was.zones || {})[z], zones[z]));
        sec.appendChild(self.zone(run, z, zones[z] || [], arrives(ev, z) ? moved : {}, changed));
      });
    });
    var shared = snap.shared || {}, piles = snap.piles || {};
    var sharedBefore = (before && before.shared) || {}, pilesBefore = (before && before.piles) || {};
    var sh = el("section", "shared");
    sh.setAttribute("aria-label", t("player.shared"));
    Object.keys(shared).forEach(function (z) {
      if (!(shared[z] || []).length && z !== "trash") return;
      var changed = !!(before && !same(sharedBefore[z], shared[z]));
      sh.appendChild(self.zone(run, z, shared[z] || [], self.opts.marks && arrives(ev, z) ? moves(ev, null) : {}, changed));
    });
    var pileNames = Object.keys(piles).filter(function (slug) { return piles[slug] || slug !== "face_down"; });
    if (pileNames.length) {
      var changedPiles = !!(before && JSON.stringify(pilesBefore) !== JSON.stringify(piles));
      var z = el("div", "zone piles" + (changedPiles ? " changed" : ""));
      z.setAttribute("data-zone", "piles");
      z.appendChild(el("div", "zone-name", t(run.board.piles)));
      var row = el("div", "cards");
      pileNames.forEach(function (slug) {
        var c = el("span", "cardv" + self.typeClasses(run, slug), self.S["pile." + slug] || self.cardName(run, slug));
        c.appendChild(el("span", "n", String(piles[slug])));
        row.appendChild(c);
      });
      z.appendChild(row);
      sh.appendChild(z);
    }
    if (sh.children.length) box.appendChild(sh);
  };
  /* the first place that changed at the step drawn last (a zone, else a player's counters) */
  Board.prototype.changed = function () {
    var to = this.event && this.event.to_zone;  // where the step's cards arrive, when it says
    return (to && this.box.querySelector('.zone.changed[data-zone="' + String(to).replace(/[^a-z_]/g, "") + '"]')) ||
      this.box.querySelector(".zone.changed") || this.box.querySelector(".counters.changed");
  };

  Ref.Board = Board;
})(this);
