/* The search's ranking, offline: the stages of index/searcher.py (normalise, segment, read names,
   pinyin and typos, score the impact lists, rank, fold) run on the data index/offline_export.py
   exports from the server's own index, so the browser ranks with the same numbers. Constants
   come with the data. Run in the page by table.js and under node by scripts/eval_offline_search.py
   (every judged and held-out query is compared with the Python search). */
(function (root) {
  "use strict";

  function toMap(obj) {
    var m = new Map();
    if (obj) Object.keys(obj).forEach(function (k) { m.set(k, obj[k]); });
    return m;
  }
  function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function isAscii(s) { return /^[\x00-\x7f]*$/.test(s); }
  function isAlpha(s) { return s.length > 0 && /^[a-z]+$/i.test(s); }  // ASCII words only reach it
  function uniq(list) { var seen = new Set(), out = []; list.forEach(function (x) { if (!seen.has(x)) { seen.add(x); out.push(x); } }); return out; }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&"); }
  /* Where a phrase is in normalised text: an English one as whole words, a Chinese one anywhere (index.analysis.phrase_pattern). */
  function phrasePattern(p) {
    return isAscii(p) ? new RegExp("(?<![0-9a-z])" + escapeRe(p) + "(?![0-9a-z])", "g") : new RegExp(escapeRe(p), "g");
  }

  /* ------------------------------------------------------------ Porter (whoosh.lang.porter) */
  var STEP2 = { ational: "ate", tional: "tion", enci: "ence", anci: "ance", izer: "ize", bli: "ble", alli: "al",
    entli: "ent", eli: "e", ousli: "ous", ization: "ize", ation: "ate", ator: "ate", alism: "al", iveness: "ive",
    fulness: "ful", ousness: "ous", aliti: "al", iviti: "ive", biliti: "ble", logi: "log" };
  var STEP3 = { icate: "ic", ative: "", alize: "al", iciti: "ic", ical: "ic", ful: "", ness: "" };
  var C = "[^aeiouy]+", V = "[aeiou]+";
  var MGR0 = new RegExp("^(" + C + ")?" + V + C), MEQ1 = new RegExp("^(" + C + ")?" + V + C + "(" + V + ")?$");
  var MGR1 = new RegExp("^(" + C + ")?" + V + C + V + C), S_V = new RegExp("^(" + C + ")?[aeiouy]");
  var C_V = new RegExp("^" + C + "[aeiouy][^aeiouwxy]$");
  var ED_ING = /^(.*)(ed|ing)$/, AT_BL_IZ = /^(at|bl|iz)$/, STEP1B = /^([^aeiouylsz])\1$/;
  var RE2 = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
  var RE3 = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
  var RE4A = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
  var RE4B = /^(.+?)(s|t)(ion)$/, RE5 = /^(.+?)e$/;
  function stem(w) {
    if (w.length < 3) return w;
    var firstY = w[0] === "y", m, s;
    if (firstY) w = "Y" + w.slice(1);
    if (w.endsWith("s")) {
      if (w.endsWith("sses")) w = w.slice(0, -2);
      else if (w.endsWith("ies")) w = w.slice(0, -2);
      else if (w[w.length - 2] !== "s") w = w.slice(0, -1);
    }
    if (w.endsWith("eed")) {
      if (MGR0.test(w.slice(0, -3))) w = w.slice(0, -1);
    } else if ((m = ED_ING.exec(w))) {
      s = m[1];
      if (S_V.test(s)) {
        w = s;
        if (AT_BL_IZ.test(w)) w += "e";
        else if (STEP1B.test(w)) w = w.slice(0, -1);
        else if (C_V.test(w)) w += "e";
      }
    }
    if (w.endsWith("y") && S_V.test(w.slice(0, -1))) w = w.slice(0, -1) + "i";
    if ((m = RE2.exec(w)) && MGR0.test(m[1])) w = m[1] + STEP2[m[2]];
    if ((m = RE3.exec(w)) && MGR0.test(m[1])) w = m[1] + STEP3[m[2]];
    if ((m = RE4A.exec(w))) { if (MGR1.test(m[1])) w = m[1]; }
    else if ((m = RE4B.exec(w))) { s = m[1] + m[2]; if (MGR1.test(s)) w = s; }
    if ((m = RE5.exec(w))) { s = m[1]; if (MGR1.test(s) || (MEQ1.test(s) && !C_V.test(s))) w = s; }
    if (w.endsWith("ll") && MGR1.test(w)) w = w.slice(0, -1);
    if (firstY) w = "y" + w.slice(1);
    return w;
  }

  /* OSA distance (rapidfuzz.distance.OSA), the code points of two strings. */
  function osa(a, b) {
    a = Array.from(a); b = Array.from(b);
    var d = [], i, j;
    for (i = 0; i <= a.length; i++) { d.push(new Array(b.length + 1).fill(0)); d[i][0] = i; }
    for (j = 0; j <= b.length; j++) d[0][j] = j;
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.length][b.length];
  }
  /* rapidfuzz.process.extract with a distance scorer: choices within `cutoff`, nearest first
     (ties in the choices' order), at most `limit`. */
  function extract(word, choices, cutoff, limit) {
    var found = [];
    choices.forEach(function (c, i) {
      if (Math.abs(c.length - word.length) > cutoff) return;
      var dist = osa(word, c);
      if (dist <= cutoff) found.push([c, dist, i]);
    });
    found.sort(function (x, y) { return x[1] - y[1] || x[2] - y[2]; });
    return found.slice(0, limit);
  }

  var CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]+/gu;
  var CJK_ONE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u;
  var ASCII_TOKEN = /\+\d+|\$\d+|[0-9a-z]+(?:'[a-z]+)?/g;
  var HAN = /[\u4e00-\u9fd5]+/g;
  var COUNT = /^第?([二两三四五六七八九十]{1,3})[个张枚次堆人名分种位轮块点]?$/;
  var DIGITS = { "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9 };

  function chineseCount(token) {
    var m = COUNT.exec(token);
    if (!m) return null;
    var digits = m[1];
    if (digits.indexOf("十") < 0) return digits.length === 1 ? String(DIGITS[digits]) : null;
    var at = digits.indexOf("十"), tens = digits.slice(0, at), ones = digits.slice(at + 1);
    if (ones.indexOf("十") >= 0 || (tens && !(tens in DIGITS)) || (ones && !(ones in DIGITS))) return null;
    return String((tens ? DIGITS[tens] : 1) * 10 + (ones ? DIGITS[ones] : 0));
  }
  function englishWords(text) { return text.match(ASCII_TOKEN) || []; }

  /* ------------------------------------------------------------ the ranker over one export */
  function open(data) {
    var K = data.consts;
    var W = data.weights;  // index.ranking.RankWeights
    var tok = data.tok;
    var logp = toMap(tok.logp), prefixes = new Set(tok.prefixes), UNKNOWN = tok.unknown;
    var hmm = tok.hmm, MIN_FLOAT = -3.14e100;
    var emit = {}; "BMES".split("").forEach(function (s) { emit[s] = toMap(hmm.emit[s]); });
    var PREV = { B: "ES", M: "MB", S: "SE", E: "BM" };
    var stopEn = new Set(tok.stop_en), stopZh = new Set(tok.stop_zh);
    var simplified = toMap(data.simplified);
    var readingsOf = toMap(data.readings);
    var phrases = new Set(data.phrases);
    var vocab = new Map(data.vocab_pairs);
    var commonWords = new Set(data.common_words);  // index.spelling.SpellingVocabulary.common
    var vocabKeys = Array.from(vocab.keys());
    var pinyin = toMap(data.pinyin);
    var gameWords = toMap(data.game_words);
    var actors = toMap(data.actors);
    var plainCards = new Set(data.plain_cards);  // index.ranking.RankTables.plain
    function withAbility(g) {  // index.ranking.RankTables.with_ability
      return Array.from(g).some(function (e) { return cards.has(e) && !plainCards.has(e); });
    }
    var synonyms = toMap(data.synonyms);
    var expansions = toMap(data.expansions), ownNames = toMap(data.own_names);
    var nameWords = toMap(data.name_words), nameNorms = toMap(data.name_norms);
    var common = new Set(data.common);
    var fields = data.fields, UNIT_QUESTIONS = data.unit_questions;
    var impacts = {};
    Object.keys(data.impacts).forEach(function (f) { impacts[f] = toMap(data.impacts[f]); });
    var pinyinTerms = data.pinyin_terms;
    var forms = data.forms.map(function (r) {
      return { entry: r[0], norm: r[1], chinese: !!r[2], pinyin: r[3], initials: r[4], sylls: r[5], otherGameWord: !!r[6], alias: !!r[7] };
    });
    var initialsOnly = (function () {  // index.analysis.initials_only, as keys of `pinyin`
      var whole = new Set(forms.map(function (f) { return f.chinese ? f.pinyin : f.norm.replace(/[^0-9a-z]/g, ""); }));
      return new Set(forms.filter(function (f) { return f.chinese && !whole.has(f.initials) && pinyin.has(f.initials); })
        .map(function (f) { return f.initials; }));
    })();
    function sentenceWords(words) {  // index.analysis.sentence_words
      return words.filter(function (w) { return stopEn.has(w); }).length >= K.SENTENCE_STOPWORDS;
    }
    var bySylls = new Map();
    data.by_sylls.forEach(function (r) { bySylls.set(r[0] + " " + r[1], r[2].map(function (i) { return forms[i]; })); });
    var byFirst = new Map();
    forms.forEach(function (f) { if (f.norm) { var c = Array.from(f.norm)[0]; if (!byFirst.has(c)) byFirst.set(c, []); byFirst.get(c).push(f); } });
    var pinyinSorted = uniq(forms.filter(function (f) { return f.chinese; }).map(function (f) { return f.pinyin; })).sort(cmp);
    var pinyinLengths = new Map();
    pinyinSorted.forEach(function (k) { if (!pinyinLengths.has(k.length)) pinyinLengths.set(k.length, []); pinyinLengths.get(k.length).push(k); });
    var entries = new Map();
    data.entries.forEach(function (e) { entries.set(e.id, e); });
    var KIND_ORDER = { card: 0, term: 1, rule: 2, faq: 3 };
    function kindOrder(id) { var e = entries.get(id); var k = e && KIND_ORDER[e.kind]; return k === undefined ? 9 : k; }
    var cards = new Set(data.entries.filter(function (e) { return e.kind === "card"; }).map(function (e) { return e.id; }));
    var units = data.units.map(function (r, d) {
      return { doc: d, id: r[0], entry: r[1], part: data.parts[r[2]], ruling: r[3], editions: r[4], mentions: new Set(r[5]), hasText: !!r[6] };
    });
    var unitById = new Map(); units.forEach(function (u) { unitById.set(u.id, u); });
    var unitsOf = new Map(); units.forEach(function (u) { if (!unitsOf.has(u.entry)) unitsOf.set(u.entry, []); unitsOf.get(u.entry).push(u.id); });
    var firstQuestion = units.length, questionOf = data.question_of;
    var questionsOf = units.map(function () { return []; });
    questionOf.forEach(function (u, q) { questionsOf[u].push(firstQuestion + q); });
    var foldWords = data.fold_words.map(function (ws) { return new Set(ws); });
    var intentSets = data.intent_sets.map(function (s) { return s ? new Set(s) : null; });
    var intentCodes = data.intent_codes;
    var intentBoost = {}, intentPatterns = [], intentTogether = [];
    data.intents.forEach(function (i) {
      intentBoost[i[0]] = i[1];
      var parts = uniq(i[2].map(function (w) { return escapeRe(w.toLowerCase()); })).sort(function (a, b) { return b.length - a.length; });
      var alts = parts.map(function (p) { return isAscii(p) ? "(?<![0-9a-z])" + p + "(?![0-9a-z])" : p; });
      intentPatterns.push([i[0], new RegExp(alts.join("|") || "(?!)", "g")]);
      if (i[3] && i[3].length) intentTogether.push([i[0], i[3]]);
    });
    var gameNames = data.game_names, editionNames = data.edition_names;
    /* The greetings and thanks around a question, taken out before it is read (index.analysis.without_pleasantries). */
    var PLEASANTRIES = data.pleasantries.map(function (p) {
      return [p, phrasePattern(p)];
    });
    function withoutPleasantries(norm) {
      var out = norm;
      PLEASANTRIES.forEach(function (pr) { if (out.indexOf(pr[0]) >= 0) out = out.replace(pr[1], " "); });
      return out.split(/\s+/).filter(Boolean).join(" ") || norm;
    }
    var nameWordWeight = (function () {
      var df = new Map(), n = 0;
      nameWords.forEach(function (ws) { n++; new Set(ws).forEach(function (w) { df.set(w, (df.get(w) || 0) + 1); }); });
      var weights = new Map(); df.forEach(function (c, w) { weights.set(w, Math.log(1 + n / c)); });
      var top = Math.log(1 + n);
      return function (w) { return weights.has(w) ? weights.get(w) : top; };
    })();

    /* -- normalise (index.normalise) */
    function foldChar(c) {
      var out = "";
      Array.from(c.normalize("NFKC").toLowerCase()).forEach(function (x) {
        out += (x === "+" || x === "$" || /[\p{L}\p{N}]/u.test(x)) ? x : " ";
      });
      return out;
    }
    function toSimplified(text) {
      var out = "";
      for (var c of text) out += simplified.has(c) ? simplified.get(c) : c;
      return out;
    }
    function normalise(text) {
      var conv = toSimplified((text || "").normalize("NFKC")), out = "";
      for (var c of conv) out += foldChar(c);
      return out.replace(/\s+/g, " ").trim();
    }
    function normaliseWithMap(text) {  // per output character, the index (UTF-16) of its source
      var chars = [], origin = [], i = 0;
      for (var ch of text) {
        var f = foldChar(simplified.has(ch) ? simplified.get(ch) : ch);
        for (var c of f) { chars.push(c); origin.push(i); }
        i += ch.length;
      }
      return { norm: chars.join(""), origin: origin };
    }

    /* -- jieba (search mode over the server's dictionary; its HMM for unknown runs) */
    function inTrie(w) { return logp.has(w) || prefixes.has(w); }
    function knows(w) { return logp.has(w); }
    function route(chars) {
      var N = chars.length, dag = [], k, i;
      for (k = 0; k < N; k++) {
        var list = [], frag = chars[k];
        i = k;
        while (i < N && inTrie(frag)) {
          if (logp.has(frag)) list.push(i);
          i++;
          frag = chars.slice(k, i + 1).join("");
        }
        if (!list.length) list.push(k);
        dag.push(list);
      }
      var r = new Array(N + 1);
      r[N] = [0, 0];
      for (var idx = N - 1; idx >= 0; idx--) {
        var best = null;
        dag[idx].forEach(function (x) {
          var w = chars.slice(idx, x + 1).join("");
          var v = (logp.has(w) ? logp.get(w) : UNKNOWN) + r[x + 1][0];
          if (best === null || v > best[0] || (v === best[0] && x > best[1])) best = [v, x];
        });
        r[idx] = best;
      }
      return r;
    }
    function viterbi(obs) {
      var states = "BMES", V0 = {}, path = {};
      for (var y of states) { V0[y] = hmm.start[y] + (emit[y].has(obs[0]) ? emit[y].get(obs[0]) : MIN_FLOAT); path[y] = [y]; }
      var Vprev = V0;
      for (var t = 1; t < obs.length; t++) {
        var Vt = {}, newpath = {};
        for (var y2 of states) {
          var em = emit[y2].has(obs[t]) ? emit[y2].get(obs[t]) : MIN_FLOAT, best = null;
          for (var y0 of PREV[y2]) {
            var tp = hmm.trans[y0][y2];
            var p = Vprev[y0] + (tp === undefined ? MIN_FLOAT : tp) + em;
            if (best === null || p > best[0] || (p === best[0] && y0 > best[1])) best = [p, y0];
          }
          Vt[y2] = best[0];
          newpath[y2] = path[best[1]].concat([y2]);
        }
        path = newpath; Vprev = Vt;
      }
      var end = (Vprev.E > Vprev.S || (Vprev.E === Vprev.S && "E" > "S")) ? "E" : "S";
      return path[end];
    }
    function hmmCut(chars) {
      var pos = viterbi(chars), out = [], begin = 0, nexti = 0;
      chars.forEach(function (c, i) {
        if (pos[i] === "B") begin = i;
        else if (pos[i] === "E") { out.push(chars.slice(begin, i + 1).join("")); nexti = i + 1; }
        else if (pos[i] === "S") { out.push(c); nexti = i + 1; }
      });
      if (nexti < chars.length) out.push(chars.slice(nexti).join(""));
      return out;
    }
    function cutHan(chars, useHmm) {
      var r = route(chars), out = [], x = 0, N = chars.length, buf = [];
      function flush() {
        if (!buf.length) return;
        var b = buf.join("");
        if (buf.length === 1) out.push(b);
        else if (!knows(b)) out.push.apply(out, hmmCut(buf));
        else buf.forEach(function (c) { out.push(c); });
        buf = [];
      }
      while (x < N) {
        var y = r[x][1] + 1, word = chars.slice(x, y);
        if (!useHmm) out.push(word.join(""));
        else if (y - x === 1) buf.push(word[0]);
        else { flush(); out.push(word.join("")); }
        x = y;
      }
      if (useHmm) flush();
      return out;
    }
    function cut(run, useHmm) {  // jieba.cut on a run of Chinese characters
      var out = [], pos = 0, chars = Array.from(run), i = 0;
      while (i < chars.length) {
        var j = i;
        if (/[\u4e00-\u9fd5]/.test(chars[i])) {
          while (j < chars.length && /[\u4e00-\u9fd5]/.test(chars[j])) j++;
          out.push.apply(out, cutHan(chars.slice(i, j), useHmm));
        } else {
          out.push(chars[i]); j = i + 1;
        }
        i = j;
      }
      void pos;
      return out;
    }
    function cutForSearch(run) {
      var out = [];
      cut(run, true).forEach(function (w) {
        var c = Array.from(w), i;
        if (c.length > 2) for (i = 0; i < c.length - 1; i++) { var g2 = c[i] + c[i + 1]; if (knows(g2)) out.push(g2); }
        if (c.length > 3) for (i = 0; i < c.length - 2; i++) { var g3 = c[i] + c[i + 1] + c[i + 2]; if (knows(g3)) out.push(g3); }
        out.push(w);
      });
      return out;
    }
    function segments(text) {
      var pieces = [], pos = 0, m;
      CJK_RUN.lastIndex = 0;
      while ((m = CJK_RUN.exec(text))) {
        if (m.index > pos) pieces.push(["en", text.slice(pos, m.index)]);
        pieces.push(["zh", m[0]]);
        pos = m.index + m[0].length;
      }
      if (pos < text.length) pieces.push(["en", text.slice(pos)]);
      return pieces;
    }
    var englishForms = toMap(data.english_forms);  // 'tied' -> 'tie', before stemming (index.tokenise)
    function englishToken(w) { return isAlpha(w) ? stem(englishForms.get(w) || w) : w; }
    function searchTokens(text, stop) {
      var out = [];
      segments(text).forEach(function (p) {
        if (p[0] === "zh") {
          cutForSearch(p[1]).filter(function (t) { return t.trim(); }).forEach(function (t) {
            if (!(stop && stopZh.has(t))) {
              out.push(t);
              var count = chineseCount(t);
              if (count) out.push(count);
            }
            if (Array.from(t).length > 1 && !knows(t)) {
              cut(t, false).forEach(function (q) { if (!(stop && stopZh.has(q))) out.push(q); });
            }
          });
        } else {
          englishWords(p[1]).forEach(function (w) { if (!(stop && stopEn.has(w))) out.push(englishToken(w)); });
        }
      });
      return out;
    }
    function exactTokens(text) {
      var out = [];
      segments(text).forEach(function (p) {
        if (p[0] === "zh") out.push.apply(out, cut(p[1], false).filter(function (t) { return t.trim(); }));
        else englishWords(p[1]).forEach(function (w) { out.push(englishToken(w)); });
      });
      return out;
    }
    function stopChars(text) {  // characters of Chinese stop words (precise mode) in normalised text
      var n = 0;
      segments(text).forEach(function (p) {
        if (p[0] === "zh") cut(p[1], false).forEach(function (t) { if (stopZh.has(t)) n += Array.from(t).length; });
      });
      return n;
    }
    function chineseWords(text) {
      var out = [];
      segments(text).forEach(function (p) { if (p[0] === "zh") out.push.apply(out, cut(p[1], false)); });
      return out;
    }

    /* -- query box (index.query) */
    var FIELD_RE = /(?<![0-9a-z_])(?:([a-z]+)(:)([^\s"]*)|(cost)\s*(<=|>=|<|>|=)\s*([^\s"]*))/g;
    var FILTER_FIELDS = ["game", "edition", "kind", "type", "cost"];
    function QueryError(message) { this.message = message; }
    function setFilter(f, name, value) {
      var old = f[name];
      if (old != null && JSON.stringify(old) !== JSON.stringify(value)) throw new QueryError(name + " is given twice");
      f[name] = value;
    }
    function applyFilter(f, name, op, value) {
      if (FILTER_FIELDS.indexOf(name) < 0) throw new QueryError("unknown field " + name);
      if (name === "cost") {
        var lead = /^\s*(<=|>=|<|>|=)?\s*([\s\S]*)$/.exec(value);
        if (lead && lead[1]) { op = lead[1]; value = lead[2]; }
        op = op === ":" ? "=" : op;
        if (!/^\d{1,2}$/.test(value.trim())) throw new QueryError("cost needs a whole number");
        setFilter(f, "cost", [op, parseInt(value, 10)]);
        return;
      }
      if (op !== ":" && op !== "=") throw new QueryError(name + " takes " + name + ":value");
      if (!value) throw new QueryError(name + ": needs a value");
      var key = toSimplified(value.trim().toLowerCase()), table = data.filters[name];
      if (!Object.prototype.hasOwnProperty.call(table, key)) throw new QueryError("unknown " + name + " " + value);
      setFilter(f, name, table[key]);
    }
    var VALUE = /^(?:[0-9a-z<>=]+|[\u3400-\u9fff\uf900-\ufaff]+)/;  // index.query.VALUE: what follows is the question's
    function parseQuery(raw, urlFilters) {
      if (raw.length > K.MAX_QUERY_CHARS) throw new QueryError("query is too long");
      var text = clean(raw);
      var f = {};
      Object.keys(urlFilters || {}).forEach(function (name) {
        var v = urlFilters[name];
        if (v == null || String(v).trim() === "") return;
        applyFilter(f, name, name === "cost" ? "=" : ":", String(v));
      });
      var lowered = text.toLowerCase().replace(FIELD_RE, function (m, n1, op1, v1, n2, op2, v2) {
        var name = n1 || n2, op = n1 ? op1 : op2, written = n1 ? v1 : v2;
        var found = VALUE.exec(written), value = found ? found[0] : "", rest = written.slice(value.length);
        if (op === ":" && !value) return m;  // "2 player game: how ..." is a sentence, not a filter
        applyFilter(f, name, op, value);
        return " " + rest + " ";
      });
      var phrasesOut = [], m, PH = /"([^"]+)"/g;
      while ((m = PH.exec(lowered))) if (m[1].trim()) phrasesOut.push(m[1].trim());
      var free = lowered.replace(/"([^"]+)"/g, " ").replace(/"/g, " ");
      return { text: free.split(/\s+/).filter(Boolean).join(" "), phrases: phrasesOut, filters: f };
    }
    /* Widths folded and control characters dropped (index.query.clean). */
    function clean(raw) {
      // eslint-disable-next-line no-control-regex
      return raw.normalize("NFKC").replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g, " ");
    }
    /* plain= and no_intent= (index.query.parse_without): words read as plain words, intents not favoured. */
    function parseWithout(plain, noIntent) {
      var words = (plain || []).filter(function (w) { return w !== ""; });
      if (words.length > K.MAX_PLAIN) throw new QueryError("plain is given " + words.length + " times; the limit is " + K.MAX_PLAIN);
      var norms = words.map(function (w) {
        if (w.length > K.MAX_QUERY_CHARS) throw new QueryError("plain= is too long; each plain= is a word of the query");
        return normalise(clean(w));
      });
      if (norms.some(function (n) { return !n; })) throw new QueryError("plain= needs a word of the query (as in plain=女巫)");
      var intents = (noIntent || []).filter(function (i) { return i !== ""; });
      var known = intentPatterns.map(function (p) { return p[0]; });
      intents.forEach(function (i) { if (known.indexOf(i) < 0) throw new QueryError("unknown intent " + i + " in no_intent"); });
      return { plain: uniq(norms), intents: uniq(intents) };
    }
    /* The box's text with its `name` filters taken out (index.query.without_field). */
    function withoutField(raw, name) {
      var re = new RegExp(FIELD_RE.source, "gi");
      return clean(raw).replace(re, function (m, n1, op1, v1, n2) { return (n1 || n2 || "").toLowerCase() === name ? " " : m; })
        .split(/\s+/).filter(Boolean).join(" ");
    }
    function filtersEmpty(f) { return !(f.game || f.edition || f.kind || f.type || f.cost); }
    function passes(meta, editions, f) {
      if (f.game && meta.game !== f.game) return false;
      if (f.kind && meta.kind !== f.kind) return false;
      if (f.edition && editions.indexOf(f.edition) < 0) return false;
      if (f.type && meta.types.indexOf(f.type) < 0) return false;
      if (f.cost) {
        var c = meta.cost, v = f.cost[1];
        if (c == null) return false;
        var ok = { "<=": c <= v, ">=": c >= v, "<": c < v, ">": c > v, "=": c === v }[f.cost[0]];
        if (!ok) return false;
      }
      return true;
    }

    /* -- understanding the query (index.analysis, index.spelling, index.game_words) */
    function splitHint(norm, words) {
      for (var i = 0; i < words.length; i++) {
        var word = words[i][0], value = words[i][1];
        if (norm.indexOf(word) < 0) continue;
        var rest = norm.replace(phrasePattern(word), " ").split(/\s+/).filter(Boolean).join(" ");
        if (rest !== norm) return rest ? [rest, value, word] : [norm, null, null];
      }
      return [norm, null, null];
    }
    function asciiRuns(words) {
      var out = words.slice();
      [2, 3, 4].forEach(function (n) { for (var i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join("")); });
      return out;
    }
    var ENDINGS = ["ing", "ed", "ly", "ple", "tion", "ment", "ness", "able", "ible", "ous", "ive", "ful"];
    function maxTypos(w) { return w.length < 4 ? 0 : w.length <= 5 ? 1 : 2; }
    function plausibleEnglish(word) { return ENDINGS.some(function (e) { return word.endsWith(e); }); }
    function endsKept(typed, word) { return typed[0] === word[0] && typed[typed.length - 1] === word[word.length - 1]; }
    function rareNameTypo(word) {  // a rare known word one edit inside a name's word: that name misspelt
      if (vocab.get(word) > K.RARE_WORD || word.length < K.RARE_WORD_LENGTH || plausibleEnglish(word)) return null;
      var names = extract(word, vocabKeys, 1, 20).filter(function (m) {
        return m[1] === 1 && vocab.get(m[0]) >= K.NAME_WEIGHT && endsKept(word, m[0]);
      }).map(function (m) { return m[0]; });
      if (!names.length) return null;
      return names.sort(function (a, b) { return vocab.get(b) - vocab.get(a) || cmp(a, b); })[0];
    }
    function correctEnglish(word) {
      var limit = maxTypos(word);
      if (limit === 0 || !isAlpha(word) || commonWords.has(word)) return null;
      if (vocab.has(word)) return rareNameTypo(word);
      var found = extract(word, vocabKeys, limit, 20);
      if (found.length) {
        var best = found.slice().sort(function (x, y) {
          return x[1] - y[1] || ((vocab.get(x[0]) < K.NAME_WEIGHT) - (vocab.get(y[0]) < K.NAME_WEIGHT)) ||
            (vocab.get(y[0]) - vocab.get(x[0])) || cmp(x[0], y[0]);
        })[0];
        if (vocab.get(best[0]) >= K.NAME_WEIGHT) return best[0];
        if (best[1] === 1 && word.length >= 6 && vocab.get(best[0]) >= 3 && !plausibleEnglish(word)) return best[0];
      }
      return namePluralTypo(word);
    }
    function namePluralTypo(word) {  // 'mecrhants': a plural whose singular is a name's word misspelt inside
      var base = word.slice(0, -1);
      if (!word.endsWith("s") || vocab.has(base) || maxTypos(base) === 0) return null;
      var names = extract(base, vocabKeys, maxTypos(base), 20).filter(function (m) {
        return vocab.get(m[0]) >= K.NAME_WEIGHT && endsKept(base, m[0]);
      });
      if (!names.length) return null;
      var right = names.sort(function (x, y) { return x[1] - y[1] || vocab.get(y[0]) - vocab.get(x[0]) || cmp(x[0], y[0]); })[0][0];
      return vocab.has(right + "s") ? right + "s" : right;
    }
    function correctPinyin(word) {
      if (word.length < 5 || !isAlpha(word)) return null;
      var limit = word.length < 8 ? 1 : 2, near = [];
      for (var n = word.length - limit; n <= word.length + limit; n++) near.push.apply(near, pinyinLengths.get(n) || []);
      var found = extract(word, near, limit, 5);
      if (!found.length) return null;
      return found.slice().sort(function (x, y) { return x[1] - y[1] || cmp(x[0], y[0]); })[0][0];
    }
    function readings(c) { return readingsOf.get(c) || [c]; }
    function soundsLike(run, i, f) {
      var n = f.sylls.length;
      if (i + n > run.length) return false;
      for (var k = 0; k < n; k++) if (readings(run[i + k]).indexOf(f.sylls[k]) < 0) return false;
      return true;
    }
    function correctChinese(text) {
      var out = [], m;
      CJK_RUN.lastIndex = 0;
      var runs = [];
      while ((m = CJK_RUN.exec(text))) runs.push(m[0]);
      runs.forEach(function (runText) {
        var run = Array.from(runText);
        if (run.length > K.MAX_CORRECTED_RUN) return;
        var bounds = null, i = 0;
        while (i < run.length - 1) {
          var step = 1, second = readings(run[i + 1]), candidates = [];
          readings(run[i]).forEach(function (r) {
            second.forEach(function (r2) {
              (bySylls.get(r + " " + r2) || []).forEach(function (f) { if (soundsLike(run, i, f)) candidates.push(f); });
            });
          });
          var sorted = candidates.slice().sort(function (a, b) { return Array.from(b.norm).length - Array.from(a.norm).length || cmp(a.norm, b.norm); });
          for (var ci = 0; ci < sorted.length; ci++) {
            var f = sorted[ci], len = Array.from(f.norm).length, windowText = run.slice(i, i + len).join("");
            if (windowText === f.norm || candidates.some(function (c) { return c.norm === windowText; })) { step = len; break; }
            if (knows(windowText) || phrases.has(windowText)) continue;
            if (len === 2 && (stopZh.has(run[i]) || stopZh.has(run[i + 1]))) continue;  // 等他: two words
            if (bounds === null) {
              bounds = new Set([0]); var pos = 0;
              chineseWords(runText).forEach(function (w) { pos += Array.from(w).length; bounds.add(pos); });
            }
            if (!bounds.has(i) || !bounds.has(i + len)) continue;
            out.push([windowText, f.norm, f.entry]);
            step = len;
            break;
          }
          i += step;
        }
      });
      return out;
    }
    function bounded(text, start, end) {
      var before = start ? text[start - 1] : " ", after = end < text.length ? text[end] : " ";
      return !/[0-9a-z]/i.test(before) && !/[0-9a-z]/i.test(after);
    }
    /* an English name's plural, also its possessive without the apostrophe ('bishops city');
       none for a name of two letters, one not ending in a letter, an everyday word, or a plural
       that is a name of its own (index.analysis.plural_forms and names_automaton) */
    var formNorms = new Set(forms.filter(function (f) { return f.norm.length >= 2; }).map(function (f) { return f.norm; }));
    var pluralsOf = new Map();
    function pluralForms(norm) {
      if (pluralsOf.has(norm)) return pluralsOf.get(norm);
      var out = [];
      if (norm.length >= 3 && /[a-z]$/.test(norm) && /^[\x00-\x7f]*$/.test(norm) && !wordNames.has(norm)) {
        out = /(s|x|z|ch|sh)$/.test(norm) ? [norm + "es"]
          : /[^aeiou]y$/.test(norm) ? [norm.slice(0, -1) + "ies"]
          : /f$/.test(norm) ? [norm + "s", norm.slice(0, -1) + "ves"] : [norm + "s"];
        out = out.filter(function (w) { return !formNorms.has(w); });
      }
      pluralsOf.set(norm, out);
      return out;
    }
    var NUMERALS = new Set(Array.from(data.numerals || ""));
    function insideNumber(text, start, norm) {  // index.analysis.inside_number: '4号' out of '14号'
      return start > 0 && NUMERALS.has(norm[0]) && NUMERALS.has(text[start - 1]);
    }
    function findNames(text) {
      var found = [];
      (byFirst.get(text) || []).forEach(function (f) { if (Array.from(f.norm).length === 1 && f.norm === text) found.push({ form: f, start: 0, end: text.length }); });
      for (var i = 0; i < text.length; i++) {
        (byFirst.get(text[i]) || []).forEach(function (f) {
          if (f.norm.length < 2) return;
          if (text.startsWith(f.norm, i)) {
            var end = i + f.norm.length;
            if ((f.chinese || bounded(text, i, end)) && !insideNumber(text, i, f.norm)) found.push({ form: f, start: i, end: end });
          }
          if (!f.chinese) pluralForms(f.norm).forEach(function (w) {
            if (text.startsWith(w, i) && bounded(text, i, i + w.length)) found.push({ form: f, start: i, end: i + w.length });
          });
        });
      }
      found.sort(function (a, b) { return a.start - b.start || b.end - a.end || cmp(a.form.entry, b.form.entry) || cmp(a.form.norm, b.form.norm); });
      return found.filter(function (m) {
        return !found.some(function (o) { return o.start <= m.start && m.end <= o.end && (o.end - o.start) > (m.end - m.start); });
      });
    }
    /* an English name that is an everyday word too ('keep') is that word right after 'do i',
       'to'...: not the card (index.analysis.not_as_words) */
    var wordNames = new Set(data.word_names || []), wordNamesAfter = new Set(data.word_names_after || []);
    function notAsWords(text, names) {
      return names.filter(function (m) {
        if (!wordNames.has(m.form.norm)) return true;
        var before = text.slice(0, m.start).match(/[0-9a-z']+/g);
        return !wordNamesAfter.has(before ? before[before.length - 1] : "");
      });
    }
    function mergeGroups(groups) {
      var out = [];
      groups.forEach(function (g) {
        var hit = out.filter(function (o) { return g.some(function (e) { return o.has(e); }); });
        var merged = new Set(g);
        hit.forEach(function (o) { o.forEach(function (e) { merged.add(e); }); });
        out = out.filter(function (o) { return hit.indexOf(o) < 0; }).concat([merged]);
      });
      return out;
    }
    function gameEvidence(tokens, named, implied) {
      var out = new Map(), seen = new Set(tokens);
      seen.forEach(function (t) { var h = gameWords.get(t); if (h) out.set(h[0], (out.get(h[0]) || 0) + h[1]); });
      new Set(implied).forEach(function (t) {
        if (seen.has(t)) return;
        var h = gameWords.get(t);
        if (h && h[1] >= K.WORD_WEIGHT) out.set(h[0], (out.get(h[0]) || 0) + h[1]);
      });
      named.forEach(function (g) {
        var of = new Set(); g.forEach(function (e) { of.add(e.split("/")[0]); });
        if (of.size === 1) {
          var weight = Array.from(g).some(function (e) { return e.split("/").length === 2; }) ? K.CARD_NAME_WEIGHT : K.OTHER_NAME_WEIGHT;
          var game = Array.from(of)[0];
          out.set(game, (out.get(game) || 0) + weight);
        }
      });
      return out;
    }
    function tellingGroups(a) {  // QueryAnalysis.telling_groups: not those named only by the other game's words too
      var telling = new Set(), told = new Set();
      a.names.forEach(function (m) { if (!m.form.otherGameWord) telling.add(m.form.entry); });
      a.names.forEach(function (m) { if (!telling.has(m.form.entry)) told.add(m.form.entry); });
      if (!told.size) return a.groups;
      return a.groups.filter(function (g) { return !Array.from(g).every(function (e) { return told.has(e); }); });
    }
    function guessGame(ev) {
      if (!ev.size) return [null, 0];
      var ranked = Array.from(ev.entries()).sort(function (a, b) { return b[1] - a[1] || cmp(a[0], b[0]); });
      var second = ranked.length > 1 ? ranked[1][1] : 0, margin = ranked[0][1] - second;
      return margin >= K.MARGIN ? [ranked[0][0], margin] : [null, 0];
    }
    var cardWords = new Map(Object.keys(data.card_words).map(function (e) { return [e, new Set(data.card_words[e])]; }));
    /* index.game_words.without_cards_own_words: the other game's words a named one-game card's own text holds
       say nothing of the game. */
    function withoutCardsOwnWords(tokens, implied, named) {
      var cards = [];
      named.forEach(function (g) { if (g.size === 1) g.forEach(function (e) { if (cardWords.has(e)) cards.push(e); }); });
      if (!cards.length) return [tokens, implied];
      var games = new Set(cards.map(function (c) { return c.split("/")[0]; }));
      var kept = function (t) {
        var h = gameWords.get(t);
        return !h || games.has(h[0]) || !cards.some(function (c) { return cardWords.get(c).has(t); });
      };
      return [tokens.filter(kept), implied.filter(kept)];
    }
    function withGuess(a, tokens, implied) {
      if (a.gameHint == null) {
        var telling = tellingGroups(a), own = withoutCardsOwnWords(tokens, implied || [], telling);
        tokens = own[0]; implied = own[1];
        var g = guessGame(gameEvidence(tokens, telling, implied));
        a.gameGuess = g[0]; a.gameMargin = g[1];
        var words = gameEvidence(tokens, [], implied);
        a.gameSource = a.gameGuess == null ? null : words.size ? "vocabulary" : "name";
      }
      return a;
    }
    function expand(tokens) {
      var have = new Set(tokens), out = [];
      tokens.forEach(function (t) { (synonyms.get(t) || []).forEach(function (s) { if (!have.has(s)) out.push(s); }); });
      return uniq(out);
    }
    function oneGameImplied(tokens) {  // rulebook words of everyday words that stand for one game's words only
      var have = new Set(tokens), out = [];
      tokens.forEach(function (t) {
        var means = (synonyms.get(t) || []).filter(function (s) { return !have.has(s); });
        var games = new Set();
        means.forEach(function (s) { var h = gameWords.get(s); if (h) games.add(h[0]); });
        if (games.size < 2) means.forEach(function (s) { out.push(s); });
      });
      return uniq(out);
    }
    function startsAny(prefix) {
      var lo = 0, hi = pinyinSorted.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (pinyinSorted[mid] < prefix) lo = mid + 1; else hi = mid; }
      return lo < pinyinSorted.length && pinyinSorted[lo].startsWith(prefix);
    }
    function analyse(norm) {
      var typed = norm.replace(/(\+\d+) (?=[\u3400-\u9fff])/g, "$1");
      var h = splitHint(withoutPleasantries(typed), gameNames); norm = h[0];
      var gameHint = h[1], gameWord = h[2];
      var e = splitHint(norm, editionNames); norm = e[0];
      var editionHint = e[1], editionWord = e[2];
      var words = englishWords(norm).filter(isAlpha);
      var keys = asciiRuns(words).filter(function (k) { return pinyin.has(k); });
      if (keys.length && sentenceWords(words) && isAscii(norm)) keys = keys.filter(function (k) { return !initialsOnly.has(k); });
      var covered = new Set(words.filter(function (w) { return keys.some(function (k) { return k.indexOf(w) >= 0; }); }));
      var corrected = norm, shown = typed;  // shown: the whole query corrected, game and edition words too
      words.forEach(function (w) {
        if (covered.has(w) || stopEn.has(w)) return;
        var right = correctEnglish(w);
        if (right == null && !vocab.has(w) && !commonWords.has(w)) {
          right = correctPinyin(w);
          if (right != null && pinyin.has(right)) keys.push(right);
        }
        if (right) {
          var word = phrasePattern(w);
          corrected = corrected.replace(word, right); shown = shown.replace(word, right);
        }
      });
      if (corrected !== norm) {  // a game or edition word misspelt is one once corrected
        if (gameHint == null) { h = splitHint(corrected, gameNames); corrected = h[0]; gameHint = h[1]; gameWord = h[2]; }
        if (editionHint == null) { e = splitHint(corrected, editionNames); corrected = e[0]; editionHint = e[1]; editionWord = e[2]; }
      }
      var hintNames = [];
      new Set([gameWord, editionWord].filter(Boolean)).forEach(function (w) {
        (byFirst.get(Array.from(w)[0]) || []).forEach(function (f) { if (f.norm === w) hintNames.push(f); });
      });
      correctChinese(corrected).forEach(function (c) {
        corrected = corrected.split(c[0]).join(c[1]); shown = shown.split(c[0]).join(c[1]);
      });
      var tokens = searchTokens(corrected, true);
      if (!tokens.length) tokens = searchTokens(corrected, false);
      var prefixesOut = words.filter(function (w) {
        return w.length >= 3 && !vocab.has(w) && !pinyin.has(w) && !stopEn.has(w) && startsAny(w);
      });
      var names = notAsWords(corrected, findNames(corrected));
      var pinyinEntries = new Set();
      keys.forEach(function (k) { pinyin.get(k).forEach(function (x) { pinyinEntries.add(x); }); });
      var merged = nameGroups(names, keys);
      var a = {
        text: corrected, tokens: uniq(tokens), stems: tokens.filter(isAscii), names: names,
        pinyinKeys: keys, pinyinPrefixes: prefixesOut, pinyinEntries: pinyinEntries,
        suggestion: shown !== typed ? shown : null, groups: merged,
        gameHint: gameHint, editionHint: editionHint, hintNames: hintNames, gameWord: gameWord, editionWord: editionWord,
        gameGuess: null, gameMargin: 0, gameSource: null,
        contentChars: Array.from(corrected.replace(/ /g, "")).length - stopChars(corrected),
        actors: uniq(tokens).filter(function (t) { return actors.has(t); }).map(function (t) { return new Set([actors.get(t)]); })
      };
      a.entries = entriesOf(merged);
      return withGuess(a, tokens, []);
    }
    /* Cards described rather than named (index.described): 'the 6 cost card that gains a card up to
       5', '会偷钱的那个角色'. Each description's card is the only one its cost and colour leave, or
       the first a search of its words among the cards of its cost and game ranks, LEAD times the
       next; it is then named by the description. */
    var DW = data.described, CN_DIGITS = { "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8 };
    var EN_CLAUSE_COST = /(?<![0-9a-z])cost(?:s|ing)? \$?(\d{1,2})(?![0-9])/u;
    var EN_COST = /(?<![+\d])\$?(\d{1,2}) ?(?:cost|costing|coins?)(?![0-9a-z])|(?<![0-9a-z])cost(?:s|ing)? \$?(\d{1,2})(?![0-9])|(?<![+\d])\$(\d{1,2})(?![0-9])/u;
    var ZH_COST = new RegExp(data.zh_cost, "u");  // index.described.ZH_COST
    var zhNouns = Object.keys(DW.zh_nouns).map(escapeRe).sort(function (x, y) { return y.length - x.length; }).join("|");
    var THAT = "[" + DW.zh_determiners.map(escapeRe).join("") + "]", OF = "[" + DW.zh_of.map(escapeRe).join("") + "]";  // 那 的 (Cantonese 𠮶 嘅)
    var ZH_BEFORE = new RegExp(THAT + "一?[张个](?!" + zhNouns + ")(?<d>.{1,24}?)" + OF + "(?<noun>" + zhNouns + ")", "gu");
    var ZH_AFTER = new RegExp("(?<d>[^ ]{2,16}?)" + OF + THAT + "[张个](?<noun>" + zhNouns + ")?", "gu");
    var ZH_ELIDED = new RegExp(THAT + "一?张(?!" + zhNouns + ")(?<d>.{1,24}?)" + OF + "(?<noun>)(?= |$)", "gu");  // 那张5块的，…
    var colours = Object.assign({}, DW.en_colours, DW.zh_colours);
    function has(list, w) { return list.indexOf(w) >= 0; }
    function costOf(text, re) {
      var m = re.exec(text);
      if (!m) return null;
      var v = m.slice(1).filter(Boolean)[0];
      return /^\d+$/.test(v) ? parseInt(v, 10) : CN_DIGITS[v];
    }
    function typesOf(said) {
      var out = new Set();
      said.forEach(function (w) { if (Object.prototype.hasOwnProperty.call(colours, w)) colours[w].forEach(function (t) { out.add(t); }); });
      return out;
    }
    var CLAUSE_BREAK = new RegExp(data.clause_break, "u");  // index.described.CLAUSE_BREAK
    function typedClauses(typed) {  // index.described.typed_clauses
      return typed.split(CLAUSE_BREAK).map(normalise).filter(Boolean);
    }
    function withinClause(text, start, clause, clauses) {  // index.described._within_clause
      for (var k = clause.length; k > 0; k--) {
        var said = text.slice(start, clause[k - 1][2]);
        if (clauses.some(function (c) { return c.indexOf(said) >= 0; })) return k;
      }
      return clause.length;
    }
    function englishDescriptions(text, typed) {
      var out = [], words = [], m, re = /\S+/g, clauses = null;
      while ((m = re.exec(text))) words.push([m[0], m.index, m.index + m[0].length]);
      for (var k = 0; k < words.length; k++) {
        var noun = words[k][0];
        if (!Object.prototype.hasOwnProperty.call(DW.en_nouns, noun)) continue;
        if (k + 1 === words.length || !has(DW.en_relatives, words[k + 1][0])) {
          out = out.concat(beforeNoun(words, k));  // 'the $2 discard x draw x card'
          continue;
        }
        var first = null;
        for (var i = k - 1; i > Math.max(-1, k - 1 - K.MAX_BEFORE_NOUN); i--) if (has(DW.en_determiners, words[i][0])) { first = i; break; }
        if (first === null && !opensQuery(words, k, K.MAX_BEFORE_NOUN)) continue;
        var lead = first === null ? 0 : first + 1, start = first === null ? words[0][1] : words[first][1];
        var clause = [];
        for (var j = k + 2; j < Math.min(words.length, k + 2 + K.MAX_CLAUSE_WORDS); j++) {
          if (has(DW.en_clause_ends, words[j][0]) && !(j + 1 < words.length && words[j + 1][0] === "to")) break;  // 'has to': goes on
          clause.push(words[j]);
        }
        if (clause.length && typed) {
          if (clauses === null) clauses = typedClauses(typed);
          clause = clause.slice(0, withinClause(text, start, clause, clauses));
        }
        if (!clause.length) continue;
        var said = words.slice(lead, k).map(function (w) { return w[0]; }).concat([noun]).join(" "), clauseText = clause.map(function (w) { return w[0]; }).join(" ");
        var cost = null;
        if (EN_COST.test(said)) cost = costOf(said + " " + clauseText, EN_COST);
        else { cost = costOf(clauseText, EN_CLAUSE_COST); clauseText = clauseText.replace(new RegExp(EN_CLAUSE_COST.source, "gu"), " "); }
        out.push({ start: start, end: clause[clause.length - 1][2], words: clauseText, cost: cost,
                   types: typesOf(said.split(" ")), nounTypes: new Set(DW.en_nouns[noun]) });
      }
      return out;
    }
    function opensQuery(words, k, most) {  // index.described._opens_query
      return k <= most && !words.slice(0, k).some(function (w) { return has(DW.en_phrase_breaks, w[0]); });
    }
    function beforeNoun(words, k) {  // index.described._before_noun
      var first = null;
      for (var i = k - 1; i > Math.max(-1, k - 2 - K.MAX_SAID_BEFORE); i--) {
        if (has(DW.en_determiners, words[i][0])) { first = i; break; }
        if (has(DW.en_phrase_breaks, words[i][0])) return [];
      }
      if (first === null && !opensQuery(words, k, K.MAX_SAID_BEFORE + 1)) return [];
      var lead = first === null ? 0 : first + 1;
      var said = words.slice(lead, k + 1).map(function (w) { return w[0]; }).join(" ");
      if (!EN_COST.test(said)) return [];
      var does = said.replace(new RegExp(EN_COST.source, "gu"), " ").split(" ").filter(Boolean).slice(0, -1)
        .filter(function (w) { return !Object.prototype.hasOwnProperty.call(colours, w) && !Object.prototype.hasOwnProperty.call(DW.en_nouns, w); });
      if (!does.length) return [];
      return [{ start: words[first === null ? 0 : first][1], end: words[k][2], words: does.join(" "), cost: costOf(said, EN_COST),
                types: typesOf(said.split(" ")), nounTypes: new Set(DW.en_nouns[words[k][0]]) }];
    }
    function chineseDescriptions(text) {
      var out = [];
      [ZH_BEFORE, ZH_AFTER, ZH_ELIDED].forEach(function (re) {
        re.lastIndex = 0;
        var m;
        while ((m = re.exec(text))) {
          var start = m.index, end = m.index + m[0].length;
          if (out.some(function (d) { return d.start < end && start < d.end; })) continue;
          var described = m.groups.d, noun = m.groups.noun || "";
          out.push({ start: start, end: end, words: described.replace(new RegExp(ZH_COST.source, "gu"), " "),
                     cost: costOf(described, ZH_COST),
                     types: typesOf(Object.keys(DW.zh_colours).filter(function (c) { return (described + noun).indexOf(c) >= 0; })),
                     nounTypes: new Set(DW.zh_nouns[noun] || []) });
        }
      });
      return out;
    }
    function findDescriptions(text, typed) {
      return englishDescriptions(text, typed).concat(chineseDescriptions(text)).sort(function (x, y) { return x.start - y.start; });
    }
    function allowedCards(d, game, edition) {
      var out = [];
      // a character has no colour (index.described.CHARACTER)
      var colours = d.nounTypes.size === 1 && d.nounTypes.has("character") ? new Set() : d.types;
      entries.forEach(function (meta, e) {
        if (meta.kind !== "card" || (game && meta.game !== game)) return;
        if (edition && (meta.editions || []).indexOf(edition) < 0) return;
        var types = new Set(meta.types || []);
        if (d.cost !== null && meta.cost !== d.cost) return;
        if (colours.size && !Array.from(colours).some(function (t) { return types.has(t); })) return;
        if (d.nounTypes.size && !Array.from(d.nounTypes).some(function (t) { return types.has(t); })) return;
        out.push(e);
      });
      return out;
    }
    function rankCards(words, cards) {  // index.stages.described.rank_cards
      var tokens = searchTokens(words, true);
      if (!tokens.length) tokens = searchTokens(words, false);
      if (!tokens.length) return [];
      var plain = { text: words, tokens: uniq(tokens), names: [], pinyinEntries: new Set(), pinyinKeys: [], pinyinPrefixes: [] };
      var acc = score(clausesOf(plain)), scored = [];
      cards.forEach(function (card) {
        var best = [];
        (unitsOf.get(card) || []).forEach(function (uid) { var v = acc.get(unitById.get(uid).doc); if (v !== undefined) best.push(v); });
        if (!best.length) return;
        best.sort(function (x, y) { return y - x; });
        var total = best[0];
        for (var i = 1; i < best.length; i++) total += W.other_units_share * best[i];
        scored.push([card, total]);
      });
      return scored.sort(function (x, y) { return y[1] - x[1]; });
    }
    function readDescription(d, allowed) {
      if (allowed.length <= 1) return allowed.length ? allowed[0] : null;
      if (!d.words.trim()) return null;
      var ranked = rankCards(d.words, allowed);
      if (!ranked.length || ranked[0][1] <= K.MIN_DESCRIBED) return null;
      if (ranked.length > 1 && ranked[0][1] < K.LEAD * ranked[1][1]) return null;
      return ranked[0][0];
    }
    /* index.described.plus_items: the '+N thing' items of normalised text, each with where it is. */
    var plusWords = new Map();
    Object.keys(DW.plus_units).forEach(function (unit) { DW.plus_units[unit].forEach(function (w) { plusWords.set(w, unit); }); });
    var PLUS = new RegExp("(?<![0-9a-z+])\\+ ?(?:\\$(\\d{1,2})|(\\d{1,2}) ?(" +
      Array.from(plusWords.keys()).map(escapeRe).sort(function (x, y) { return y.length - x.length; }).join("|") + ")(?![a-z]))", "gu");
    var cardItems = new Map(Object.keys(data.card_items).map(function (e) {
      return [e, new Set(data.card_items[e].map(function (it) { return it[0] + " " + it[1]; }))];
    }));
    function plusItems(text) {
      var out = [], m;
      PLUS.lastIndex = 0;
      while ((m = PLUS.exec(text))) {
        out.push([m[1] ? parseInt(m[1], 10) + " coin" : parseInt(m[2], 10) + " " + plusWords.get(m[3]), m.index, m.index + m[0].length]);
      }
      return out;
    }
    function quotedCard(text, cards) {  // index.described.quoted_card
      var found = plusItems(text), items = new Set(found.map(function (x) { return x[0]; }));
      if (items.size < K.MIN_PLUS_ITEMS) return null;
      var holding = cards.filter(function (e) {
        var its = cardItems.get(e);
        return !!its && Array.from(items).every(function (it) { return its.has(it); });
      });
      return holding.length === 1 ? [holding[0], found[0][1], found[found.length - 1][2]] : null;
    }
    /* index.stages.described.as_named: each description read as a card stands for it as its name
       would, typed there: its words leave the question's words and length, the name takes their place. */
    function asNamed(a, described) {
      described = described.slice().sort(function (x, y) { return x.start - y.start; });
      var text = a.text, at = 0, said = "", rest = "", named = [];
      described.forEach(function (m) {  // its card's first name written in the description's script
        var name = nameNorms.get(m.form.entry).find(function (n) { return isAscii(n) !== m.form.chinese; });
        said += text.slice(at, m.start) + " " + name + " ";
        rest += text.slice(at, m.start);
        named = named.concat(searchTokens(name));
        at = m.end;
      });
      said += text.slice(at);
      rest += text.slice(at);
      if (!rest.trim()) return a;
      var kept = new Set(searchTokens(said));
      var tokens = a.tokens.filter(function (t) { return kept.has(t); });
      Array.from(new Set(named)).forEach(function (t) { if (tokens.indexOf(t) < 0) tokens.push(t); });
      a.tokens = tokens;
      a.contentChars = Array.from(said.replace(/ /g, "")).length - stopChars(said);
      return a;
    }
    function holdingItems(text, cards) {  // index.described.holding_items
      var items = Array.from(new Set(plusItems(text).map(function (x) { return x[0]; })));
      if (!items.length) return cards;
      var saying = new Set(Array.from(cardItems.keys()).map(function (e) { return entries.get(e).game; }));
      if (!cards.some(function (e) { return saying.has(entries.get(e).game); })) return cards;
      return cards.filter(function (e) {
        var its = cardItems.get(e);
        return !!its && items.every(function (it) { return its.has(it); });
      });
    }
    function withDescribed(a, plain, typed) {  // index.described.with_described
      var game = a.gameHint || a.gameGuess, spans = [], named = namedOf(a);
      findDescriptions(a.text, typed).forEach(function (d) {
        var inside = a.names.filter(function (m) { return d.start <= m.start && m.end <= d.end; });
        var mayMean = allowedCards(d, game, a.editionHint);
        var chinese = !isAscii(a.text.slice(d.start, d.end));  // 那个让军阀多付一块的紫卡: may name another kind
        if (inside.some(function (m) {
          var e = entries.get(m.form.entry);
          return e && e.kind === "card" && !plainCards.has(m.form.entry) && (mayMean.indexOf(m.form.entry) >= 0 || !chinese);
        })) return;
        var insideIds = new Set(inside.map(function (m) { return m.form.entry; }));
        var outside = function (e) { return !insideIds.has(e); };
        var allowed = mayMean.filter(outside);
        if (!allowed.length && game && !a.gameHint) allowed = allowedCards(d, null, a.editionHint).filter(outside);
        allowed = holdingItems(d.words, allowed);
        var quoted = quotedCard(d.words, allowed);
        var card = quoted ? quoted[0] : readDescription(d, allowed);
        if (card !== null) spans.push([card, d.start, d.end]);
      });
      var namedCards = Array.from(named).some(function (e) { return (entries.get(e) || {}).kind === "card"; });
      if (!namedCards && !spans.length) {
        var cards = Array.from(cardItems.keys()).filter(function (e) { return !game || entries.get(e).game === game; });
        var quoted = quotedCard(a.text, cards);
        if (quoted) spans.push(quoted);
      }
      var found = [];
      spans.forEach(function (sp) {
        var card = sp[0], said = a.text.slice(sp[1], sp[2]);
        if (named.has(card) || plain.some(function (p) { return p.indexOf(said) >= 0; })) return;  // its chip taken off
        found.push({ form: { entry: card, norm: said, chinese: !isAscii(said), alias: true, pinyin: "", initials: "", sylls: [], otherGameWord: false },
                     start: sp[1], end: sp[2] });
      });
      if (!found.length) return a;
      var kept = a.names.filter(function (m) { return !found.some(function (d) { return d.start <= m.start && m.end <= d.end; }); });
      a.names = kept.concat(found).sort(function (x, y) { return x.start - y.start || y.end - x.end; });
      a.groups = nameGroups(a.names, a.pinyinKeys);
      a.entries = entriesOf(a.groups);
      return a;
    }
    function entriesOf(groups) { var out = new Set(); groups.forEach(function (g) { g.forEach(function (x) { out.add(x); }); }); return out; }
    /* One group of entry ids per distinct name or pinyin key (index.analysis.name_groups). */
    function nameGroups(names, keys) {
      var groups = new Map();
      names.forEach(function (m) { if (!groups.has(m.form.norm)) groups.set(m.form.norm, new Set()); groups.get(m.form.norm).add(m.form.entry); });
      keys.forEach(function (k) {
        var key = "pinyin:" + k;
        if (!groups.has(key)) groups.set(key, new Set());
        pinyin.get(k).forEach(function (x) { groups.get(key).add(x); });
      });
      return mergeGroups(Array.from(groups.values()).map(function (s) { return Array.from(s); }));
    }
    function wordSpans(text, word) {
      var re = new RegExp(isAscii(word) ? "(?<![0-9a-z])" + escapeRe(word) + "(?![0-9a-z])" : escapeRe(word), "g"), out = [], m;
      while ((m = re.exec(text))) out.push([m.index, m.index + m[0].length]);
      return out;
    }
    /* plain=: each word read as plain words, no name or pinyin in it (index.understood.read_as_plain). */
    function readAsPlain(a, plain) {
      var spans = [];
      plain.forEach(function (w) {
        var found = wordSpans(a.text, w);
        if (!found.length) throw new QueryError("plain=" + w + " is not a word of the query; plain= takes a word of q");
        spans = spans.concat(found);
      });
      a.names = a.names.filter(function (m) { return !spans.some(function (s) { return s[0] <= m.start && m.end <= s[1]; }); });
      var runs = new Set();
      plain.forEach(function (w) { asciiRuns(englishWords(w)).forEach(function (k) { runs.add(k); }); });
      a.pinyinKeys = a.pinyinKeys.filter(function (k) { return !runs.has(k); });
      a.pinyinEntries = new Set();
      a.pinyinKeys.forEach(function (k) { pinyin.get(k).forEach(function (x) { a.pinyinEntries.add(x); }); });
      a.groups = nameGroups(a.names, a.pinyinKeys);
      a.entries = entriesOf(a.groups);
      return a;
    }
    /* The runs of ASCII words that read as pinyin or initials of a group's entries (index.understood). */
    function pinyinWords(text, keys, group) {
      var words = englishWords(text), out = [];
      [4, 3, 2, 1].forEach(function (n) {
        for (var i = 0; i + n <= words.length; i++) {
          var run = words.slice(i, i + n), key = run.join("");
          if (keys.indexOf(key) >= 0 && Array.from(pinyin.get(key)).some(function (e) { return group.has(e); }) &&
              !out.some(function (o) { return o.split(/\s+/).join("").indexOf(key) >= 0; })) out.push(run.join(" "));
        }
      });
      return out;
    }
    /* What the search understood (index.understood.understood): the game and where it came from,
       the names (entry ids, the words that named them, the names of the entry the chip shows) and
       the intents. */
    function understoodOf(a, f, anyGame, asked) {
      var game = null;
      if (anyGame) game = { value: "any", source: "filter" };
      else if (f.game) game = { value: f.game, source: "filter" };
      else if (a.gameHint) game = { value: a.gameHint, source: "name", word: a.gameWord };
      else if (a.gameGuess) game = { value: a.gameGuess, source: a.gameSource };
      var base = [a.text, a.editionWord, a.gameWord].filter(Boolean).join(" "), names = [];
      var inGame = entriesOf(thisGame(a, a.groups.slice()));
      var readGame = f.game || a.gameHint || a.gameGuess;  // whose entry a chip names, when one game's is
      a.groups.forEach(function (group) {
        if (Array.from(group).every(function (e) { return !inGame.has(e); })) return;
        var written = uniq(a.names.filter(function (m) { return group.has(m.form.entry); }).map(function (m) { return a.text.slice(m.start, m.end); }));
        written.sort(function (x, y) { return Array.from(y).length - Array.from(x).length || cmp(x, y); });
        var words = written.length ? written : pinyinWords(a.text, a.pinyinKeys, group);
        var ids = Array.from(group).sort(cmp), word = words[0] || "";
        var mine = ids.filter(function (e) { return readGame && entries.has(e) && entries.get(e).game === readGame; });
        var pool = mine.length ? mine : ids;
        var own = new Set(a.names.filter(function (m) { return m.form.norm === word && !m.form.alias; })
          .map(function (m) { return m.form.entry; }));
        var shown = pool.filter(function (e) { return own.has(e); })[0] || pool[0];  // index.understood._named_by
        names.push({ ids: ids, matched: word, words: words, label: entries.has(shown) ? entries.get(shown).names : {} });
      });
      var n = base.length + 1;
      names.sort(function (x, y) { return (base.indexOf(x.matched) % n + n) % n - (base.indexOf(y.matched) % n + n) % n || cmp(x.matched, y.matched); });
      return { game: game, names: names, intents: asked.slice() };
    }
    /* Intents not asked by a phrase whose every group of words apart has one in the query (vocabulary `ask_together`). */
    function askedTogether(norm, asked) {
      function holds(w) { return isAscii(w) ? new RegExp("(?<![0-9a-z])" + escapeRe(w) + "(?![0-9a-z])").test(norm) : norm.indexOf(w) >= 0; }
      return intentTogether.filter(function (t) {
        return asked.indexOf(t[0]) < 0 && t[1].every(function (g) { return g.some(holds); });
      }).map(function (t) { return t[0]; });
    }
    function askedIntents(norm) {
      var asked = intentPatterns.filter(function (p) { p[1].lastIndex = 0; return p[1].test(norm); });
      var names = asked.map(function (p) { return p[0]; });
      if (asked.length < 2) return names.concat(askedTogether(norm, names));
      var spans = new Map();
      asked.forEach(function (p) {
        var list = [];
        p[1].lastIndex = 0;
        for (var m of norm.matchAll(p[1])) list.push([m.index, m.index + m[0].length]);
        spans.set(p[0], list);
      });
      function inside(sp, other) { return spans.get(other).some(function (ab) { return ab[0] <= sp[0] && sp[1] <= ab[1] && ab[1] - ab[0] > sp[1] - sp[0]; }); }
      var out = [];
      spans.forEach(function (found, name) {
        if (found.length && !found.every(function (sp) { return Array.from(spans.keys()).some(function (o) { return o !== name && inside(sp, o); }); })) out.push(name);
      });
      return out.concat(askedTogether(norm, names));
    }

    /* -- scoring (index.impacts, SearchIndex._clauses/_score/_hits/_answers) */
    function prefixed(terms, p) {
      var lo = 0, hi = terms.length, out = [];
      while (lo < hi) { var mid = (lo + hi) >> 1; if (terms[mid] < p) lo = mid + 1; else hi = mid; }
      while (lo < terms.length && terms[lo].startsWith(p)) out.push(terms[lo++]);
      return out;
    }
    function clausesOf(a) {
      var tokens = a.tokens;
      if (tokens.length > 2) { var kept = tokens.filter(function (t) { return !common.has(t); }); tokens = kept.length ? kept : tokens; }
      var out = [];
      tokens.forEach(function (t) { fields.forEach(function (f) { if (f !== "pinyin" || isAscii(t)) out.push([f, t, 1.0]); }); });
      var exp = new Set(), have = new Set(tokens);
      var named = new Set(a.names.map(function (m) { return m.form.entry; }));
      if (!onlyPinyinKey(a)) a.pinyinEntries.forEach(function (e) { named.add(e); });  // 'junfa neng chai zhujiao ma'
      named.forEach(function (e) { (expansions.get(e) || []).forEach(function (t) { exp.add(t); }); });
      Array.from(exp).filter(function (t) { return !have.has(t); }).sort(cmp).forEach(function (t) {
        ["body", "ruling"].forEach(function (f) { out.push([f, t, K.EXPANSION_BOOST]); });
      });
      expand(tokens).forEach(function (t) { ["name", "body", "ruling"].forEach(function (f) { out.push([f, t, K.SYNONYM_BOOST]); }); });
      a.pinyinKeys.forEach(function (k) { out.push(["pinyin", k, 1.0]); });
      a.pinyinPrefixes.forEach(function (p) { prefixed(pinyinTerms, p).slice(0, K.MAX_PREFIX_TERMS).forEach(function (t) { out.push(["pinyin", t, 1.0]); }); });
      return out;
    }
    var DOCS = units.length + questionOf.length;
    /* Sum of boosted weights per document (each list read to MAX_POSTINGS), as a Map in the order
       documents were first reached; the sums are made in clause order, as in Python. */
    function scoreClauses(clauses, only) {
      var sum = new Float64Array(DOCS), seen = new Uint8Array(DOCS), order = [];
      clauses.forEach(function (c) {
        var table = impacts[c[0]], posting = table && table.get(c[1]);
        if (!posting) return;
        var docs = posting[0], weights = posting[1], factor = c[2], n = Math.min(docs.length, K.MAX_POSTINGS);
        for (var i = 0; i < n; i++) {
          var d = docs[i];
          if (only && !only.has(d)) continue;
          if (!seen[d]) { seen[d] = 1; order.push(d); }
          sum[d] = sum[d] + (factor === 1.0 ? weights[i] : weights[i] * factor);
        }
      });
      var acc = new Map();
      for (var k = 0; k < order.length; k++) acc.set(order[k], sum[order[k]]);
      return acc;
    }
    function score(clauses, only) {
      var acc = scoreClauses(clauses.filter(function (c) { return c[0] !== "ask"; }), only);
      var onlyAsked = null;
      if (only) { onlyAsked = new Set(); only.forEach(function (u) { questionsOf[u].forEach(function (q) { onlyAsked.add(q); }); }); }
      var asked = scoreClauses(clauses.filter(function (c) { return c[0] === "ask"; }), onlyAsked);
      // a unit's questions best first, each worth QUESTION_DECAY of the one before (index.unit_scores)
      var best = [];
      asked.forEach(function (v, d) { best.push([d, v]); });
      best.sort(function (x, y) { return y[1] - x[1]; });  // stable: ties keep their order, as sorted() does
      var weightOf = new Map();
      best.forEach(function (dv) {
        var u = questionOf[dv[0] - firstQuestion];
        var weight = weightOf.has(u) ? weightOf.get(u) : 1.0;
        acc.set(u, (acc.get(u) || 0) + weight * dv[1]);
        weightOf.set(u, weight * K.QUESTION_DECAY);
      });
      return acc;
    }
    function intentFactors(asked) {
      return intentSets.map(function (stated) {
        var boost = 0;
        asked.forEach(function (i) { if (stated && stated.has(i)) boost += intentBoost[i]; });
        return boost ? 1.0 + boost : null;
      });
    }
    function hitsOf(a, f, clauses, asked, phraseDocs) {
      var acc = score(clauses);
      if (asked.length) {
        var factors = intentFactors(asked);
        acc.forEach(function (v, d) { var fa = factors[intentCodes[d]]; if (fa != null) acc.set(d, v * fa); });
      }
      if (phraseDocs) {
        var next = new Map();
        phraseDocs.forEach(function (d) { next.set(d, (acc.get(d) || 0) + K.PHRASE_SCORE); });
        acc = next;
      }
      var chosen = [];
      acc.forEach(function (v, d) { if (filtersEmpty(f) || passes(entries.get(units[d].entry), units[d].editions, f)) chosen.push([d, v]); });
      if (chosen.length > K.CANDIDATES) {
        var cut = chosen.map(function (x) { return x[1]; }).sort(function (x, y) { return y - x; })[K.CANDIDATES - 1];
        chosen = chosen.filter(function (x) { return x[1] >= cut; });
      }
      var found = chosen.map(function (x) { return [units[x[0]].id, units[x[0]].entry, x[1]]; });
      found.sort(function (x, y) { return y[2] - x[2] || cmp(x[0], y[0]); });
      return found.slice(0, K.CANDIDATES);
    }
    /* The second opinion (index.stages.candidates): [unit id, entry id] of the best units, the `ask`
       clauses read in the field of each unit's questions together; ties: lower document first. */
    function opinionOf(f, clauses) {
      if (!impacts[UNIT_QUESTIONS]) return [];
      // a unit's fields' sum, then plus its questions' (index.unit_scores.score_units_and_opinion)
      var acc = scoreClauses(clauses.filter(function (c) { return c[0] !== "ask"; }), null);
      scoreClauses(clauses.filter(function (c) { return c[0] === "ask"; }).map(function (c) { return [UNIT_QUESTIONS, c[1], c[2]]; }), null)
        .forEach(function (v, d) { acc.set(d, (acc.get(d) || 0) + v); });
      var chosen = [];
      acc.forEach(function (v, d) { if (filtersEmpty(f) || passes(entries.get(units[d].entry), units[d].editions, f)) chosen.push([d, v]); });
      chosen.sort(function (x, y) { return y[1] - x[1] || x[0] - y[0]; });
      return chosen.slice(0, K.OPINION_DEPTH).map(function (x) { return [units[x[0]].id, units[x[0]].entry]; });
    }
    /* index.fusion.fuse: the ranking and the opinion by reciprocal rank, ties in order. */
    function opinionWeight(contentLength) {  // index.fusion.opinion_weight
      return contentLength >= K.LONG_QUESTION ? K.LONG_OPINION_WEIGHT : K.OPINION_WEIGHT;
    }
    function fuse(ranked, opinion, weight) {
      if (!opinion.length) return ranked.slice();
      var out = ranked.slice(), fused = out.map(function (_, i) { return 1.0 / (K.FUSION_K + i); }), at = new Map();
      out.forEach(function (s, i) { [s.unit].concat(s.also).forEach(function (u) { if (!at.has(u)) at.set(u, i); }); });
      var shown = new Map();
      out.forEach(function (s) { shown.set(s.entry, (shown.get(s.entry) || 0) + 1); });
      opinion.forEach(function (ue, place) {
        var i = at.get(ue[0]);
        if (i === undefined) {
          var n = shown.get(ue[1]) || 0;  // an entry shown already: not again for its own text
          if (n >= K.MAX_SHOWN_PER_ENTRY || (ue[0] === ue[1] && n)) return;
          shown.set(ue[1], (shown.get(ue[1]) || 0) + 1);
          i = out.length; at.set(ue[0], i); out.push(new Scored(ue[1], 0.0, ue[0], 0.0)); fused.push(0.0);
        }
        fused[i] += weight / (K.FUSION_K + place);
      });
      var order = out.map(function (_, i) { return i; }).sort(function (x, y) { return fused[y] - fused[x] || x - y; });
      var result = [];
      order.forEach(function (i) {
        var s = out[i];
        if (i >= ranked.length && result.length) s = new Scored(s.entry, result[result.length - 1].score, s.unit, s.unitScore);
        result.push(s);
      });
      return result;
    }
    function namedOf(a) {
      var named = new Set(a.pinyinEntries);
      a.names.forEach(function (m) { named.add(m.form.entry); });
      return named;
    }
    function answersOf(a, clauses, hits) {
      var named = namedOf(a), out = new Map();
      if (!named.size || a.names.some(function (m) { return m.form.norm === a.text; })) return out;
      var found = [];  // the named entries the words found, in order of their best unit (hits: best first)
      hits.forEach(function (h) { if (named.has(h[1]) && found.indexOf(h[1]) < 0) found.push(h[1]); });
      found.slice(0, K.MAX_ANSWERED).forEach(function (entry) {
        var own = new Set(ownNames.get(entry) || []);
        var us = new Map();
        hits.forEach(function (h) { if (h[1] === entry) us.set(h[0], h[2]); });
        var wanted = new Set(); us.forEach(function (_, u) { wanted.add(unitById.get(u).doc); });
        var namePart = score(clauses.filter(function (c) { return own.has(c[1]) || c[0] === "pinyin"; }), wanted);
        namePart.forEach(function (v, d) { var u = units[d].id; us.set(u, us.get(u) - K.OWN_NAME_DISCOUNT * v); });
        if (Math.max(1, a.contentChars) >= K.TELLING_MIN_CHARS) {
          tellingOf(clauses, entry, own).forEach(function (factor, u) { if (us.has(u)) us.set(u, us.get(u) * factor); });
        }
        out.set(entry, us);
      });
      return out;
    }
    /* index.stages.answers.telling_factors: each of the entry's rulings' factor, 1 + TELLING_WEIGHT x
       the weights of the question's words (not its own names') it or its questions hold,
       log(rulings / rulings holding the word) x the word's clause boost (at most 1). */
    function tellingOf(clauses, entry, own) {
      var out = new Map(), docs = unitsOf.get(entry).map(function (u) { return unitById.get(u).doc; });
      var first = docs[0], stop = docs[docs.length - 1] + 1, count = 0;
      for (var d = first; d < stop; d++) if (units[d].part === "ruling") count++;
      if (count < K.TELLING_MIN_RULINGS) return out;
      var boost = new Map(), holders = new Map();
      clauses.forEach(function (c) {
        if (c[0] === "pinyin") return;
        var table = impacts[c[0]], posting = table && table.get(c[1]);
        if (!posting) return;
        boost.set(c[1], Math.max(boost.has(c[1]) ? boost.get(c[1]) : 0.0, Math.min(1.0, c[2])));
        if (own.has(c[1])) return;
        var ds = posting[0], n = Math.min(ds.length, K.MAX_POSTINGS);
        for (var i = 0; i < n; i++) {
          var u = ds[i] < firstQuestion ? ds[i] : questionOf[ds[i] - firstQuestion];
          if (u < first || u >= stop || units[u].part !== "ruling") continue;
          if (!holders.has(c[1])) holders.set(c[1], new Set());
          holders.get(c[1]).add(u);
        }
      });
      var told = new Map();  // summed in the order the words were first read, as in Python
      boost.forEach(function (b, t) {
        var held = holders.get(t);
        if (!held) return;
        var w = Math.log(count / held.size) * b;
        held.forEach(function (u) { told.set(u, (told.has(u) ? told.get(u) : 0.0) + w); });
      });
      told.forEach(function (w, u) { if (w) out.set(units[u].id, 1.0 + K.TELLING_WEIGHT * w); });
      return out;
    }

    /* -- ranking (index.ranking) */
    function Scored(entry, s, unit, unitScore, also) { this.entry = entry; this.score = s; this.unit = unit; this.unitScore = unitScore; this.also = also || []; }
    function part(uid) { var u = unitById.get(uid); return u ? u.part : undefined; }
    function pickAnswer(s, us) {
      var best = null;
      us.forEach(function (v, u) { if (best === null || v > best[1] || (v === best[1] && u > best[0])) best = [u, v]; });
      if (best === null || best[1] <= 0) return;
      var unit = best[0], value = best[1];
      if (part(unit) !== "ruling") {
        var top = null;
        us.forEach(function (v, u) { if (part(u) === "ruling" && (top === null || v > top[0] || (v === top[0] && u > top[1]))) top = [v, u]; });
        if (top !== null && top[0] >= W.ruling_snippet_share * value) unit = top[1];
      }
      s.unit = unit;
    }
    function bonus(scored, entry, f, b) {
      var meta = entries.get(entry);
      if (!meta || !passes(meta, meta.editions, f)) return;
      if (!scored.has(entry)) scored.set(entry, new Scored(entry, 0, entry, 0));
      scored.get(entry).score += b;
    }
    function showOwnText(scored, entry) {
      var s = scored.get(entry);
      if (s && unitById.has(entry) && unitById.get(entry).hasText) s.unit = entry;
    }
    function questionBonus(a, scored, nameBonus) {
      var query = new Set(a.tokens.filter(function (t) { return Array.from(t).length > 1; }));
      if (query.size < 2) return;
      var total = 0; query.forEach(function (t) { total += nameWordWeight(t); });
      scored.forEach(function (s, entry) {
        if (!nameWords.has(entry)) return;
        var mine = new Set(nameWords.get(entry)), shared = 0, n = 0;
        query.forEach(function (t) { if (mine.has(t)) { shared += nameWordWeight(t); n++; } });
        if (n >= 2) s.score += nameBonus * Math.pow(shared / total, 2);
      });
    }
    function askedFaqsAnswerFirst(a, scored, hits) {  // an FAQ asked in its own words shows its answer first
      var query = new Set(a.tokens.filter(function (t) { return Array.from(t).length > 1; }));
      if (query.size < 2) return;
      var first = new Map();
      hits.forEach(function (h) {
        var u = unitById.get(h[0]), e = entries.get(h[1]);
        if (!scored.has(h[1]) || !e || e.kind !== "faq" || u.part !== "ruling") return;
        if (!first.has(h[1]) || u.doc < first.get(h[1])[0]) first.set(h[1], [u.doc, h[0], h[2]]);
      });
      first.forEach(function (v, entry) {
        var mine = new Set(nameWords.get(entry) || []);
        if (Array.from(query).every(function (t) { return mine.has(t); })) { var s = scored.get(entry); s.unit = v[1]; s.unitScore = v[2]; }
      });
    }
    function pairGroups(a) {
      var kind = function (e) { return (entries.get(e) || {}).kind; };
      var groups = thisGame(a, a.groups.slice());
      if (groups.length) {  // the card a verb stands for ('bewitched': the Witch) is in play too
        var base = groups.slice();
        a.actors.forEach(function (g) {
          var apart = base.every(function (x) { return Array.from(g).every(function (e) { return !x.has(e); }); });
          if (apart && Array.from(g).every(function (e) { return cards.has(e); })) groups.push(g);
        });
      }
      var able = groups.filter(withAbility);
      if (able.length) {  // a card with no ability beside one that has one is no thing in play (index.ranking._pair_groups)
        groups = groups.filter(function (g) { return able.indexOf(g) >= 0 || Array.from(g).every(function (e) { return !cards.has(e); }); });
      }
      var cardGroups = groups.filter(function (g) { return Array.from(g).some(function (e) { return kind(e) === "card"; }); });
      if (cardGroups.length >= 2) return [cardGroups, W.pair_bonus];
      if (!cardGroups.length) return [groups, W.pair_bonus * W.term_pair_share];
      var games = new Set();
      cardGroups[0].forEach(function (e) { if (kind(e) === "card") games.add(entries.get(e).game); });
      var same = groups.filter(function (g) {  // the card and terms of its game: no rule named by a word of the question
        return Array.from(g).some(function (e) { return games.has((entries.get(e) || {}).game) && (kind(e) === "card" || kind(e) === "term"); });
      });
      return [same, W.pair_bonus * W.term_pair_share];
    }
    function readGame(a) {  // the game named, or guessed from words, not names alone (QueryAnalysis.read_game)
      return a.gameHint || (a.gameSource === "vocabulary" ? a.gameGuess : null);
    }
    function thisGame(a, groups) {  // a name only the other game has is a word of the question, not a card in play
      var game = readGame(a);
      if (!game) return groups;
      return groups.map(function (g) { return new Set(Array.from(g).filter(function (e) { return (entries.get(e) || {}).game === game; })); })
        .filter(function (g) { return g.size > 0; });
    }
    function subjectOf(a, groups) {
      for (var i = 0; i < a.names.length; i++) {
        var m = a.names[i];
        if ((entries.get(m.form.entry) || {}).kind !== "card") continue;
        for (var j = 0; j < groups.length; j++) if (groups[j].has(m.form.entry)) return groups[j];
      }
      return new Set();
    }
    function pairBonus(groups, b, scored, unitScores, f, answers, subject, game) {
      function names(named, g) { return Array.from(g).some(function (e) { return named.has(e); }); }
      var candidates = [];
      unitScores.forEach(function (_, uid) {
        var named = unitById.get(uid).mentions;
        if (groups.every(function (g) { return names(named, g); })) candidates.push(uid);
      });
      // three cards or more, no ruling on them all: those naming all but one are on how they meet
      if (!candidates.length && groups.length >= 3 && b >= W.pair_bonus) {
        unitScores.forEach(function (_, uid) {
          var named = unitById.get(uid).mentions;
          if (groups.filter(function (g) { return names(named, g); }).length === groups.length - 1) candidates.push(uid);
        });
      }
      var best = new Map(), pairsOf = new Map();
      var asked = new Set(); groups.forEach(function (g) { g.forEach(function (e) { asked.add(e); }); });
      candidates.sort(cmp).forEach(function (uid) {
        var u = unitById.get(uid), nCards = 0, unasked = 0;
        // a card's own text names its terms ('deck' on Thief): not a ruling on the two
        if (u.part !== "ruling" && b < W.pair_bonus && asked.has(u.entry) && cards.has(u.entry)) return;
        if (u.part !== "ruling" && cards.has(u.entry) && !asked.has(u.entry)) return;  // a third card's own text is about it
        if (game && entries.get(u.entry).game !== game) return;  // the other game's unit naming them by its own words
        u.mentions.forEach(function (e) { if (cards.has(e)) { nCards++; if (!asked.has(e) && e !== u.entry) unasked++; } });
        if (nCards > W.max_pair_cards || !passes(entries.get(u.entry), u.editions, f)) return;
        var value = b + (unitScores.get(uid) || 0);
        if (W.pair_unasked_share && !unasked) value += b * W.pair_unasked_share;  // names only what the question asks about
        // the card asked about first: its rulings naming no third card
        if (u.part === "ruling") value += W.ruling_pair_edge + (subject.has(u.entry) ? W.subject_edge * (unasked ? W.subject_third_card_share : 1.0) : 0);
        if (!pairsOf.has(u.entry)) pairsOf.set(u.entry, []);
        pairsOf.get(u.entry).push(uid);
        if (value > (best.has(u.entry) ? best.get(u.entry)[0] : -1)) best.set(u.entry, [value, uid]);
      });
      best.forEach(function (vu, entry) {
        if (!scored.has(entry)) scored.set(entry, new Scored(entry, 0, vu[1], 0));
        var s = scored.get(entry);
        s.score += vu[0]; s.unit = vu[1]; s.unitScore = vu[0];
        if (answers.has(entry)) {
          // any of the entry's units may answer, those naming both things ahead (index.ranking)
          var us = new Map(answers.get(entry)), edge = 1 + (b >= W.pair_bonus ? W.pair_pick_edge : 0);
          pairsOf.get(entry).forEach(function (u) { us.set(u, (answers.get(entry).get(u) || 0) * edge); });
          pickAnswer(s, us);
        }
      });
    }
    function eachNameOnce(names) {  // each (entry, name) match once, the first, in order of position
      var seen = new Set();
      return names.filter(function (m) {
        var key = m.form.entry + "\u0000" + m.form.norm;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }
    function onlyPinyinKey(a) {  // the query is nothing but a pinyin, initials or English name key
      var words = a.text.split(/\s+/).filter(Boolean), keys = new Set(a.pinyinKeys);
      return words.length > 0 && (keys.has(words.join("")) || words.every(function (w) { return keys.has(w); }));
    }
    /* index.ranking.names_are_context: the question asks a kind of fact that none of the answering
       units of the cards it names states, and another entry's unit among the first hits states it. */
    function namesAreContext(a, hits, answers, asked) {
      if (!asked || !asked.length || !answers || !answers.size) return false;
      function states(uid) {
        var u = unitById.get(uid), stated = u ? intentSets[intentCodes[u.doc]] : null;
        return !!stated && asked.some(function (i) { return stated.has(i); });
      }
      var cards = new Set(), best = [];
      answers.forEach(function (us, entry) {
        if ((entries.get(entry) || {}).kind !== "card" || !us.size) return;
        cards.add(entry);
        var top = null;
        us.forEach(function (v, u) { if (top === null || v > top[1] || (v === top[1] && u > top[0])) top = [u, v]; });
        best.push(top[0]);
      });
      if (!best.length || best.some(states)) return false;
      return hits.slice(0, K.CONTEXT_HITS).some(function (h) { return !cards.has(h[1]) && states(h[0]); });
    }
    function rank(a, hits, f, answers, asked) {
      var nameBonus = namesAreContext(a, hits, answers, asked) ? W.name_bonus * W.context_name_share : W.name_bonus;
      if (a.editionHint) hits = hits.map(function (h) { return [h[0], h[1], unitById.get(h[0]).editions.indexOf(a.editionHint) >= 0 ? h[2] : h[2] * W.other_edition_factor]; });
      var scored = new Map();
      hits.forEach(function (h) {
        var s = scored.get(h[1]);
        if (!s) scored.set(h[1], new Scored(h[1], h[2], h[0], h[2]));
        else { s.score += W.other_units_share * h[2]; if (h[2] > s.unitScore) { s.unit = h[0]; s.unitScore = h[2]; } }
      });
      var ownText = new Set();  // entries the query is just the name of: their own text answers
      (answers || new Map()).forEach(function (us, entry) { if (scored.has(entry)) pickAnswer(scored.get(entry), us); });
      var length = Math.max(1, a.contentChars);  // the query's characters besides spaces and stop words
      var inGame = new Set(); thisGame(a, a.groups.slice()).forEach(function (g) { g.forEach(function (e) { inGame.add(e); }); });
      eachNameOnce(a.names).forEach(function (m) {  // a name said twice counts once
        if (!inGame.has(m.form.entry) && m.form.norm !== a.text) return;  // the other game's name, with the game named or clear from the words; a query that is just the name asks for it
        var share = Math.min(1.0, Array.from(m.form.norm.replace(/ /g, "")).length / length);
        var term = (entries.get(m.form.entry) || {}).kind === "term";
        bonus(scored, m.form.entry, f, nameBonus * (term ? share : 0.5 + 0.5 * share));
        if (m.form.norm === a.text) { bonus(scored, m.form.entry, f, W.exact_bonus); showOwnText(scored, m.form.entry); ownText.add(m.form.entry); }
      });
      a.hintNames.forEach(function (form) { bonus(scored, form.entry, f, nameBonus * W.hint_name_factor); });
      var onlyKey = onlyPinyinKey(a);
      a.pinyinEntries.forEach(function (e) { bonus(scored, e, f, nameBonus); if (a.groups.length === 1 && onlyKey) { showOwnText(scored, e); ownText.add(e); } });
      questionBonus(a, scored, nameBonus);
      askedFaqsAnswerFirst(a, scored, hits);
      if (a.gameHint || a.gameGuess || a.editionHint) {
        var guessed = a.gameMargin < K.STRONG_MARGIN ? W.guessed_game_factor : W.strong_guess_factor;
        scored.forEach(function (s) {
          var meta = entries.get(s.entry);
          if (a.gameHint && meta.game !== a.gameHint) s.score *= W.other_game_factor;
          else if (a.gameGuess && meta.game !== a.gameGuess) s.score *= guessed;
          if (a.editionHint && meta.editions.indexOf(a.editionHint) < 0) s.score *= W.other_edition_factor;
        });
      }
      var pg = pairGroups(a);
      if (pg[0].length >= 2) {
        var subject = pg[1] === W.pair_bonus ? subjectOf(a, pg[0]) : new Set();
        var unitScores = new Map(); hits.forEach(function (h) { unitScores.set(h[0], h[2]); });
        pairBonus(pg[0], pg[1], scored, unitScores, f, answers || new Map(), subject, readGame(a));
      }
      // a card with no ability named beside one that has one: what it acts on (index.ranking._plain_cards_acted_on)
      var namedCards = thisGame(a, a.groups.slice()).map(function (g) { return Array.from(g).filter(function (e) { return cards.has(e); }); });
      namedCards.forEach(function (g, i) {
        var beside = namedCards.some(function (other, j) { return j !== i && withAbility(other); });
        if (beside) g.forEach(function (e) { if (plainCards.has(e) && scored.has(e)) scored.get(e).score *= W.plain_card_factor; });
      });
      // an entry showing its own text shows its best ruling among the hits (an FAQ its first) if
      // close enough; not one the query names or is just the name of (index.ranking._ruling_for_own_text)
      var waiting = new Set(), chosen = new Map();
      scored.forEach(function (s, e) { if (!ownText.has(e) && !(answers && answers.has(e)) && part(s.unit) !== "ruling") waiting.add(e); });
      hits.forEach(function (h) {
        if (!waiting.has(h[1]) || part(h[0]) !== "ruling") return;
        var d = unitById.get(h[0]).doc, was = chosen.get(h[1]);
        if (!was || (entries.get(h[1]).kind === "faq" && d < was[0])) chosen.set(h[1], [d, h[0], h[2]]);
      });
      chosen.forEach(function (c, entry) {
        var s = scored.get(entry);
        if (c[2] >= W.ruling_snippet_share * s.unitScore) s.unit = c[1];
      });
      return Array.from(scored.values()).sort(function (x, y) {
        return y.score - x.score || kindOrder(x.entry) - kindOrder(y.entry) || cmp(x.entry, y.entry);
      });
    }
    /* index.stages.answers.asks_besides_names: words besides the names named, or the pinyin keys read. */
    function asksBesidesNames(a) {
      if (a.names.some(function (m) { return m.form.norm === a.text; })) return false;  // a name (or a card's text) alone
      var own = new Set();
      namedOf(a).forEach(function (e) { (ownNames.get(e) || []).forEach(function (t) { own.add(t); }); });
      return a.tokens.some(function (t) { return !own.has(t) && !a.pinyinKeys.some(function (k) { return k.indexOf(t) >= 0; }); });
    }
    function otherAnswers(a, ranked, hits, answers) {
      if (!ranked.length) return [[], 0, []];
      var top = ranked[0], named = namedOf(a);
      if (!asksBesidesNames(a)) return [[], 0, []];
      // things in play: cards of the question's game (a term, or a name only the other game has, is a word of it)
      var groups = thisGame(a, a.groups.slice());
      var nCards = groups.filter(function (g) { return Array.from(g).some(function (e) { return (entries.get(e) || {}).kind === "card"; }); }).length;
      function namedAlone(gs) {  // index.stages.answers._named_alone
        return gs.some(function (g) { return g.size === 1 && g.has(top.entry); }) ||
          (a.pinyinEntries.size === 1 && a.pinyinEntries.has(top.entry));
      }
      var alone = namedAlone(groups);
      var scores, share, most, at;
      if (answers.has(top.entry) && alone && entries.get(top.entry).kind === "card" && nCards < 2) {
        scores = answers.get(top.entry); share = K.EXTRA_SHARE; most = K.MAX_EXTRA; at = 1;
      } else if (a.tokens.length >= 2 && ranked.length >= 2 && top.score >= K.UNNAMED_LEAD * ranked[1].score &&
                 (!named.size || named.has(top.entry))) {
        scores = answers.get(top.entry);
        if (!scores || !scores.size) { scores = new Map(); hits.forEach(function (h) { if (h[1] === top.entry) scores.set(h[0], h[2]); }); }
        share = K.UNNAMED_EXTRA_SHARE; most = 1; at = 2;
      } else return [[], 0, []];
      var rulings = [];
      scores.forEach(function (v, u) { if (v > 0 && part(u) === "ruling") rulings.push([v, u]); });
      if (!rulings.length) return [[], 0, []];
      var best = Math.max.apply(null, rulings.map(function (x) { return x[0]; }));
      var ordered = rulings.filter(function (x) { return x[1] !== top.unit; })
        .sort(function (x, y) { return y[0] - x[0] || cmp(y[1], x[1]); });
      var others = ordered.filter(function (x) { return x[0] >= share * best; }).slice(0, most);
      var ahead = [];
      // ... of a card named by a name of its own: a name both games use leaves room for the other's card
      if (at === 1 && namedAlone(a.groups) && ranked.length >= 2) {  // rulings whose share of the card's score passes the next entry's
        var bar = top.score > 0 ? Math.max(K.LEAD_EXTRA_SHARE * best, best * ranked[1].score / top.score) : Infinity;
        ahead = ordered.filter(function (x) { return share * best > x[0] && x[0] > bar; }).slice(0, most - others.length);
      }
      function asScored(x) { return new Scored(top.entry, top.score, x[1], x[0]); }
      return [others.map(asScored), at, ahead.map(asScored)];
    }
    /* index.stages.answers.shown_after_top: `ahead` right after their entry's first result, moved up
       if lower; one above it stays where it is. */
    function shownAfterTop(ranked, ahead) {
      if (!ahead.length) return ranked;
      var entry = ahead[0].entry;
      var at = ranked.findIndex(function (s) { return s.entry === entry; });
      if (at < 0) return ranked;
      var above = new Set(ranked.slice(0, at + 1).map(function (s) { return s.unit; }));
      var moved = ahead.filter(function (s) { return !above.has(s.unit); });
      var units = new Set(moved.map(function (s) { return s.unit; }));
      var rest = ranked.slice(at + 1).filter(function (s) { return !(s.entry === entry && units.has(s.unit)); });
      return ranked.slice(0, at + 1).concat(moved, rest);
    }
    function bothGamesShown(a, ranked) {
      var SHOWN = K.SHOWN;
      if (a.gameHint || a.gameGuess || ranked.length <= SHOWN) return ranked;
      a.groups.forEach(function (group) {
        var games = new Set();
        group.forEach(function (e) { if (entries.has(e)) games.add(entries.get(e).game); });
        if (games.size < 2) return;
        var top = new Set(ranked.slice(0, SHOWN).map(function (s) { return s.entry; }));
        Array.from(group).filter(function (e) { return !top.has(e); }).sort(cmp).forEach(function (e) {
          var at = ranked.findIndex(function (s) { return s.entry === e; });
          if (at >= 0) {
            ranked = ranked.slice(0, SHOWN - 1).concat([ranked[at]], ranked.filter(function (s, i) { return i >= SHOWN - 1 && i !== at; }));
          }
        });
      });
      return ranked;
    }
    function wordsOf(uid) { var u = unitById.get(uid) || unitById.get(unitsOf.get(uid)[0]); return foldWords[u.doc]; }
    function overlap(x, y) {
      if (!x.size || !y.size) return 0;
      var both = 0; x.forEach(function (w) { if (y.has(w)) both++; });
      return both / (x.size + y.size - both);
    }
    function unitLabel(s) { return (s.unit.indexOf("#") >= 0 || s.unit !== s.entry) ? s.unit : s.entry; }
    function absorb(out, keeper, at, folded, where) {
      keeper.also = keeper.also.concat([unitLabel(folded)], folded.also);
      out.splice(where, 1);
      if (where < at) { out.splice(at - 1, 1); out.splice(where, 0, keeper); }
    }
    function fold(ranked, named) {
      if (ranked.length < 2) return ranked;
      var out = ranked.slice(), window = K.FOLD_WINDOW, i = 0;
      while (i < Math.min(window, out.length)) {
        var s = out[i], meta = entries.get(s.entry) || {};
        var faq = meta.kind === "faq" && s.unit === s.entry && !named.has(s.entry);
        var target = faq ? meta.answers : null;
        if (target) {
          var at = out.findIndex(function (r) { return r.unit === target; });
          if (at >= 0) { absorb(out, out[at], at, s, i); continue; }
          if (meta.corrected) out[i] = new Scored(target.split("#")[0], s.score, target, s.unitScore, [s.entry]);
        }
        i++;
      }
      i = 0;
      while (i < Math.min(window, out.length)) {
        var cur = out[i], folded = false;
        for (var k = i + 1; k < Math.min(window, out.length); k++) {
          var r = out[k];
          if (r.entry === cur.entry) continue;
          var sameKind = kindOrder(r.entry) === kindOrder(cur.entry);
          if (overlap(wordsOf(cur.unit), wordsOf(r.unit)) >= (sameKind ? K.SAME_KIND_OVERLAP : K.FOLD_OVERLAP)) {
            var keep = sameKind  // one kind: the first placed stays, unless only the other is named
              ? (named.has(r.entry) && !named.has(cur.entry) ? r : cur)
              : (kindOrder(cur.entry) < kindOrder(r.entry) ? cur : r);
            var drop = keep === cur ? r : cur;
            if (named.has(drop.entry) && !(sameKind && named.has(keep.entry))) continue;
            absorb(out, keep, out.indexOf(keep), drop, out.indexOf(drop));
            folded = true;
            break;
          }
        }
        if (!folded) i++;
      }
      return out;
    }
    function marksOf(a, phraseList) {
      var terms = a.tokens.filter(function (t) { return !isAscii(t) && (Array.from(t).length > 1 || a.tokens.length === 1); });
      a.entries.forEach(function (e) { terms = terms.concat(nameNorms.get(e) || []); });
      var everyday = expand(a.tokens);
      terms = terms.concat(everyday.filter(function (t) { return !isAscii(t) && Array.from(t).length > 1; }));
      terms = terms.concat(a.names.map(function (m) { return m.form.norm; }), phraseList);
      return [uniq(terms), a.stems.concat(everyday.filter(function (t) { return isAscii(t) && isAlpha(t); }))];
    }
    function browse(f) {
      var metas = filtersEmpty(f) ? [] : data.entries.filter(function (m) { return passes(m, m.editions, f); });
      metas.sort(function (x, y) {
        return cmp(x.game, y.game) || kindOrder(x.id) - kindOrder(y.id) ||
          ((x.cost != null ? x.cost : 99) - (y.cost != null ? y.cost : 99)) || cmp(x.names.en || x.id, y.names.en || y.id);
      });
      return metas.map(function (m) { return new Scored(m.id, 0, m.id, 0); });
    }

    /* Units holding every quoted phrase, by their passages (`texts`: unit passages of one script). */
    function phraseDocsOf(phraseList, texts) {
      var wanted = phraseList.map(function (p) { return exactTokens(p).join(""); }).filter(Boolean);
      var out = new Set();
      if (!texts) return out;
      texts.forEach(function (t, d) {
        var flat = normalise(t).replace(/ /g, "");
        if (wanted.every(function (w) { return flat.indexOf(w) >= 0; })) out.add(d);
      });
      return out;
    }

    /* The search (SearchIndex._search): {results: [{id, kind, game, title, unit, ruling, score, also}],
       marks, total, error}. `texts` (optional): unit passages for quoted phrases. */
    function search(query, opts) {
      opts = opts || {};
      var limit = opts.limit || 20, parsed, without;
      try {
        if (typeof query !== "string") throw new QueryError("the query must be text");
        parsed = parseQuery(query, opts.filters);
        without = parseWithout(opts.plain, opts.noIntent);
      } catch (e) {
        if (e instanceof QueryError) return { error: e.message, results: [], total: 0 };
        throw e;
      }
      var f = parsed.filters, anyGame = f.game === "any";
      if (anyGame) delete f.game;
      var norm = normalise(parsed.text);
      var phraseList = parsed.phrases.map(normalise);
      var phraseTokens = phraseList.filter(Boolean).map(exactTokens);
      var ranked, a = null, marks = [[], []], understood = null;
      if (!norm && !phraseTokens.some(function (p) { return p.length; })) {
        if (!query.trim() && filtersEmpty(f)) return { error: "empty", results: [], total: 0 };
        ranked = browse(f);
      } else {
        a = analyse(norm);
        if (without.plain.length) {
          try { readAsPlain(a, without.plain); } catch (e) {
            if (e instanceof QueryError) return { error: e.message, results: [], total: 0 };
            throw e;
          }
        }
        if (anyGame) { a.gameHint = a.gameGuess = a.gameSource = null; a.gameMargin = 0; }
        else withGuess(a, a.tokens, oneGameImplied(a.tokens));
        var before = a.names.slice();
        withDescribed(a, without.plain, parsed.text);
        var described = a.names.filter(function (m) { return before.indexOf(m) < 0; });
        if (described.length) {  // index.stages.described.describe_cards
          asNamed(a, described);
          if (!anyGame) withGuess(a, a.tokens, oneGameImplied(a.tokens));
        }
        var asked = askedIntents(norm).filter(function (i) { return without.intents.indexOf(i) < 0; });
        understood = understoodOf(a, f, anyGame, asked);
        var clauses = clausesOf(a);
        var hasPhrase = phraseTokens.some(function (p) { return p.length; });
        var hits = hitsOf(a, f, clauses, asked, hasPhrase ? phraseDocsOf(phraseList, opts.texts) : null);
        var answers = hasPhrase ? new Map() : answersOf(a, clauses, hits);
        ranked = rank(a, hits, f, answers, asked);
        if (hasPhrase) { var allowed = new Set(hits.map(function (h) { return h[1]; })); ranked = ranked.filter(function (s) { return allowed.has(s.entry); }); }
        var extra = otherAnswers(a, ranked, hits, answers);
        ranked = ranked.slice(0, extra[1]).concat(extra[0], ranked.slice(extra[1]));
        if (!hasPhrase && asksBesidesNames(a)) {  // a question: the second opinion too, of the query's game (index.stages.rank.known_game)
          var known = a.gameHint || (a.gameMargin >= K.STRONG_MARGIN ? a.gameGuess : null);
          var opinion = opinionOf(f, clauses).filter(function (ue) { return !known || entries.get(ue[1]).game === known; });
          ranked = fuse(ranked, opinion, opinionWeight(Math.max(1, a.contentChars)));
        }
        ranked = shownAfterTop(ranked, extra[2]);
        ranked = bothGamesShown(a, ranked);
        if (!hasPhrase) {
          var named = namedOf(a);
          ranked = fold(ranked, named);
        }
        marks = marksOf(a, phraseList);
      }
      return {
        total: ranked.length,
        marks: marks,
        understood: understood,
        suggestion: a && a.suggestion,
        results: ranked.slice(0, limit).map(function (s) {
          var meta = entries.get(s.entry), u = unitById.get(s.unit);
          return { id: s.entry, kind: meta.kind, game: meta.game, title: meta.names, unit: s.unit,
                   doc: u ? u.doc : unitById.get(unitsOf.get(s.unit)[0]).doc,
                   ruling: u ? u.ruling : null, score: Math.round(s.score * 1000) / 1000, also: s.also,
                   alsoIn: alsoIn(s) };
        })
      };
    }

    /* refapp.result_cards._also_in: the entries folded into a result, each once, never its own. */
    function alsoIn(s) {
      var seen = new Set([s.entry]), out = [];
      s.also.forEach(function (label) {
        var cut = label.indexOf("#"), entry = cut < 0 ? label : label.slice(0, cut), meta = entries.get(entry);
        if (seen.has(entry) || !meta) return;
        seen.add(entry);
        out.push({ id: entry, ruling: cut < 0 ? null : label.slice(cut + 1), title: meta.names });
      });
      return out;
    }

    /* Escaped-free snippet pieces (index.snippet): [[text, marked], ...] around the matches. */
    function snippet(text, marks, width) {
      width = width || K.SNIPPET_WINDOW;
      text = text.split(/\s+/).filter(Boolean).join(" ");
      var nm = normaliseWithMap(text), norm = nm.norm, origin = nm.origin, spans = [];
      uniq(marks[0].filter(Boolean)).forEach(function (term) {
        var start = norm.indexOf(term);
        while (start !== -1) {
          var end = start + term.length;
          if (isAscii(term) && !bounded(norm, start, end)) { start = norm.indexOf(term, start + 1); continue; }
          spans.push([origin[start], origin[end - 1] + 1]);
          start = norm.indexOf(term, end);
        }
      });
      var stems = new Set(marks[1]), m, W = /\+\d+|[0-9a-z]+(?:'[a-z]+)?/g;
      if (stems.size) while ((m = W.exec(norm))) if (stems.has(englishToken(m[0]))) spans.push([origin[m.index], origin[m.index + m[0].length - 1] + 1]);
      spans.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
      var merged = [];
      spans.forEach(function (s) { if (merged.length && s[0] <= merged[merged.length - 1][1]) merged[merged.length - 1][1] = Math.max(s[1], merged[merged.length - 1][1]); else merged.push([s[0], s[1]]); });
      var lo = 0, hi = text.length;
      if (text.length > width) {
        if (!merged.length) hi = width;
        else {
          var best = -1;
          merged.slice(0, 40).forEach(function (sp) {
            var st = Math.max(0, Math.min(sp[0] - Math.floor(width / 4), text.length - width)), covered = 0;
            merged.forEach(function (o) { covered += Math.max(0, Math.min(o[1], st + width) - Math.max(o[0], st)); });
            if (covered > best) { best = covered; lo = st; }
          });
          hi = lo + width;
        }
      }
      var out = [], pos = lo;
      if (lo > 0) out.push(["…", false]);
      merged.forEach(function (sp) {
        var s = Math.max(sp[0], lo), e = Math.min(sp[1], hi);
        if (s >= e) return;
        if (s > pos) out.push([text.slice(pos, s), false]);
        out.push([text.slice(s, e), true]);
        pos = e;
      });
      if (hi > pos) out.push([text.slice(pos, hi), false]);
      if (hi < text.length) out.push(["…", false]);
      return out;
    }

    return { search: search, snippet: snippet, withoutField: withoutField, filterFields: FILTER_FIELDS.slice(), normalise: normalise, searchTokens: searchTokens, askedIntents: askedIntents, analyse: analyse, stem: stem, version: data.version };
  }

  var api = { open: open, stem: stem };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.RefRanker = api;
})(this);
