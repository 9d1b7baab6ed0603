/* The small core every page script shares: DOM helpers, the page's strings and the reader's
   language with its fallback. The languages are not listed here: the page's body carries
   corpus/languages.py's facts (data-languages: the codes and each one's lookup order), and loc
   follows them as corpus.languages.pick does on the server.
   Loaded (deferred) before the page scripts; exposes window.Ref. Hand-written, no framework. */
(function (root) {
  "use strict";
  var body = document.body;
  var facts = {};
  try { facts = JSON.parse((body && body.getAttribute("data-languages")) || "{}") || {}; } catch (e) { facts = {}; }
  var lang = (body && body.getAttribute("data-lang")) || facts["default"] || "";
  var langs = facts.langs || [lang];
  var orders = facts.order || {};

  function loc(d, language) {
    if (!d) return "";
    if (typeof d === "string") return d;
    var want = language || lang;
    var order = orders[want] || orders[facts["default"]] || [want].concat(Object.keys(d));
    for (var i = 0; i < order.length; i++) if (d[order[i]]) return d[order[i]];
    return "";
  }
  /* el("p", "cls", "text") or el("a", {href: "/", "class": "x"}, "text") */
  function el(tag, attrs, text) {
    var n = document.createElement(tag);
    if (typeof attrs === "string") n.className = attrs;
    else if (attrs) Object.keys(attrs).forEach(function (k) { n.setAttribute(k, attrs[k]); });
    if (text != null) n.textContent = text;
    return n;
  }
  function button(text, onClick, cls) {
    var b = el("button", cls, text);
    b.type = "button";
    if (onClick) b.addEventListener("click", onClick);
    return b;
  }
  /* the JSON a page embeds in <script type="application/json" id=...> */
  function json(id) {
    var node = document.getElementById(id);
    if (!node) return {};
    try { return JSON.parse(node.textContent); } catch (e) { return {}; }
  }
  /* t(key, {n: 1, card: "..."}): the string, its ".one" form for one, {name} filled in;
     a missing key shows nothing rather than the key itself */
  function translator(S) {
    var t = function (key, vals) {
      if (vals && vals.n === 1 && S[key + ".one"] != null) key += ".one";
      var s = S[key] != null ? S[key] : "";
      return s.replace(/\{(\w+)\}/g, function (m, k) { return vals && vals[k] != null ? String(vals[k]) : m; });
    };
    t.has = function (key) { return S[key] != null; };
    t.strings = S;
    return t;
  }

  /* a game's name in the reader's script (base.html puts each on the body) */
  function gameLabel(game) { return document.body.getAttribute("data-game-" + game) || ""; }

  /* an entry's page, at one ruling if given (refapp.catalog.entry_url: the one spelling of it) */
  function entryUrl(id, ruling) { return "/entries/" + id + (ruling ? "#" + ruling : ""); }

  root.Ref = { lang: lang, langs: langs, loc: loc, el: el, button: button, json: json, translator: translator,
               gameLabel: gameLabel, entryUrl: entryUrl };
})(this);
