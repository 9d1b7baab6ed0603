"""`SearchIndex`: an opened index folder. Searching = parse the box (filters, phrases), analyse
the text (names, pinyin, typos), score units from the BM25F impact lists (names > rulings >
body; Whoosh answers quoted phrases), then rank entries (`index.ranking`) and cut snippets."""

from __future__ import annotations

import json
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Any

from rapidfuzz.distance import OSA
from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.index import EmptyIndexError

from corpus.languages import pick
from index.analysis import QueryAnalysis, Tables, analyse, build_tables
from index.builder import INDEX_FORMAT, current_folder, hold_build, query_words
from index.cache import ResultCache, filters_key
from index.errors import IndexBrokenError, IndexMissingError, QueryError
from index.filtering import passes
from index.fold import fold, words
from index.game_words import compile_game_words, load_game_words, load_weak_game_words
from index.impacts import Clause, prefixed, score_clauses
from index.lexicon import Lexicon
from index.normalise import normalise, to_traditional
from index.pinyin import readings
from index.query import Filters, ParsedQuery, Without, parse_lang, parse_limit, parse_query
from index.ranking import KIND_ORDER, Answers, Hit, RankTables, Scored, rank
from index.results import Result, SearchResults
from index.schema import TEXT_FIELDS
from index.snippet import make_snippet
from index.spelling import pinyin_table
from index.store import FrozenSets, Impacts, Interner, UnitStore
from index.synonyms import compile_table, expand, load_rows
from index.tokenise import CJK_RUN, BaseDictionary, get_tokeniser
from index.understood import ANY_GAME, Asked, read_as_plain, understood
from index.vocabulary import VOCABULARY, asked_intents, intent_boosts

EXPANSION_BOOST = 0.4  # other names of the entries the query names (移除 -> 废置, trash)
CANDIDATES = 100
MAX_PREFIX_TERMS = 64  # pinyin terms a typed prefix ('tushu') stands for, the first in order
PASSAGE_CACHE = 8192  # (unit, language) passages kept in memory once shown
MENTION_CACHE = 65536  # units whose named entries are kept in memory once a query touched them
SYNONYM_BOOST = 0.6  # rulebook words standing for the query's everyday ones (赢 -> 获胜)
PHRASE_SCORE = 10.0  # a unit holding the quoted phrase(s)
MAX_ANSWERED = 4  # named entries whose snippet is chosen by the query's other words
OWN_NAME_DISCOUNT = 0.8  # ... where the entry's own names count a fifth (every unit of it is about it)
COMMON_SHARE = 0.2  # tokens in more than this share of units are dropped from long queries
EXTRA_SHARE = 0.6  # another ruling of the top entry scoring this close to the shown one is its own result
MAX_EXTRA = 2  # ... at most this many
UNNAMED_EXTRA_SHARE = 0.5  # ... when the question does not name the entry
UNNAMED_LEAD = 1.3  # ... and only when that entry is this far ahead of the next
NO_READINGS_OFF = Without()  # every reading made (no chip of the results page taken off)


def _load(folder: Path, name: str) -> Any:
    """One JSON file of a build; IndexBrokenError naming it when it is missing, unreadable or damaged."""
    try:
        return json.loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise IndexBrokenError(folder.name, name, _reason(exc, folder)) from exc


def _read_lines(folder: Path, name: str) -> list[str]:
    try:
        return (folder / name).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError) as exc:
        raise IndexBrokenError(folder.name, name, _reason(exc, folder)) from exc


def _load_dictionary(path: Path) -> BaseDictionary | None:
    """The corpus part of jieba's dictionary saved by the build (None: use jieba's full one)."""
    if not path.exists():
        return None
    lines = _read_lines(path.parent, path.name)
    try:
        entries = tuple((w, int(f)) for w, f in (line.rsplit(" ", 1) for line in lines[1:] if line))
        return entries, int(lines[0])
    except (ValueError, IndexError) as exc:
        raise IndexBrokenError(path.parent.name, path.name, _reason(exc, path.parent)) from exc


def _reason(exc: BaseException, folder: Path) -> str:
    """What went wrong, naming files within the build by their place in it, never by the
    server's absolute path (the message reaches users in a 503)."""
    return f"{type(exc).__name__}: {exc}".replace(str(folder), folder.name)


def _culprit(exc: BaseException) -> str:
    """The file an error is about, when it says ('units.json'), else 'index files'."""
    name = getattr(exc, "filename", None)
    return Path(name).name if name else "index files"


class SearchIndex:
    """A built index, opened read-only. Safe to share between threads: each thread gets its
    own Whoosh searcher."""

    def __init__(self, folder: Path, cache_size: int = 1024):
        """Open `folder`; raises IndexMissingError (IndexBrokenError naming the file at fault)
        when it is not a complete, readable build of this version."""
        self.folder = Path(folder)
        try:
            self._open(cache_size)
        except IndexMissingError:
            raise
        except (OSError, ValueError, KeyError, TypeError, IndexError, EmptyIndexError) as exc:
            raise IndexBrokenError(self.folder.name, _culprit(exc), _reason(exc, self.folder)) from exc

    def _open(self, cache_size: int) -> None:
        self._held = hold_build(self.folder)  # never pruned while this process (or a fork) uses it
        self.cache = ResultCache(cache_size)
        self.meta = _load(self.folder, "meta.json")
        if self.meta.get("format") != INDEX_FORMAT:
            raise IndexMissingError(
                f"the search index {self.folder.name} was built by another version of this program; "
                "run `refapp build-index`"
            )
        saved = {line.split(" ")[0] for line in _read_lines(self.folder, "userdict.txt") if line.strip()}
        # The synonym and game-word tables' words too, in case the build predates a table change.
        words = tuple(sorted(saved | query_words()))
        self.tokeniser = get_tokeniser(words, _load_dictionary(self.folder / "dictionary.txt"))
        share = Interner()  # names, ids and tokens repeat: one string object each
        self.lexicon = Lexicon.from_json(share.deep(_load(self.folder, "lexicon.json")))
        self.entries: dict[str, dict] = {e["id"]: e for e in share.deep(_load(self.folder, "entries.json"))}
        # Units and impact lists stay on disk (memory-mapped, index.store); in memory only
        # each unit's id, entry and one-byte codes for its part, editions and intents.
        self.units = UnitStore(self.folder)
        self.units_of = self.units.units_of
        self.docnum_units = self.units.docnum_units

        # Everyday words and one game's words are looked up as whole query tokens (precise mode).
        def word_token(w: str) -> list[str]:
            return self.tokeniser.exact_tokens(normalise(w))

        def word_search_tokens(w: str) -> list[str]:
            return self.tokeniser.search_tokens(normalise(w))

        self.synonyms = compile_table(load_rows(), word_token, word_search_tokens)
        self.tables: Tables = build_tables(
            self.lexicon.forms,
            _load(self.folder, "vocab.json"),
            pinyin_table(self.lexicon.forms),
            compile_game_words(load_game_words(), word_token, load_weak_game_words()),
            {k[0]: c for c, ws in VOCABULARY.actors.items() for w in ws if len(k := word_token(w)) == 1},
        )
        self.unit_count = len(self.units)
        # What kind of fact each ruling (and each FAQ's own answer) states: number, destination...
        # as a code per document into a short table of intent sets (no code: states nothing).
        faq_entries = {e for e, m in self.entries.items() if m["kind"] == "faq"}
        n_codes = len(self.units.intents_table)
        self.intent_codes = array(
            "H",
            (
                code if part == 1 or entry in faq_entries else n_codes
                for code, part, (_, entry) in zip(
                    self.units.intent_codes, self.units.part_codes, self.docnum_units.values(), strict=True
                )
            ),
        )
        self.intent_sets = [frozenset(i) for i in self.units.intents_table] + [None]
        self.intent_boosts = intent_boosts()
        self._intent_cache: dict[tuple[str, ...], list[float | None]] = {}
        # Other names of card and term entries a query names (移除 -> 废置, trash); aliases of
        # rules and FAQs are whole phrases and would flood the query.
        self.expansions: dict[str, tuple[str, ...]] = {
            e["id"]: tuple(
                dict.fromkeys(
                    share(t) for n in e["names"].values() for t in self.tokeniser.search_tokens(normalise(n))
                )
            )
            for e in self.entries.values()
            if e["kind"] in ("card", "term")
        }
        self.name_norms: dict[str, list[str]] = {}  # entry -> every name and alias, normalised
        for form in self.lexicon.forms:
            self.name_norms.setdefault(form.entry, []).append(form.norm)
        # entry -> frozenset of tokens (held as tuples of shared strings: FrozenSets)
        self.own_name_tokens: Mapping[str, frozenset[str]] = FrozenSets(
            {
                entry: tuple({share(t): None for norm in norms for t in self.tokeniser.search_tokens(norm)})
                for entry, norms in self.name_norms.items()
            }
        )
        name_words: dict[str, dict[str, None]] = {}
        for form in self.lexicon.forms:
            entry = self.entries.get(form.entry)
            if entry and entry["kind"] in ("faq", "rule"):
                words = name_words.setdefault(form.entry, {})
                words.update(
                    (share(t), None) for t in self.tokeniser.search_tokens(form.norm, stop=True) if len(t) > 1
                )
        # (tuples: ranking only counts how many of a query's words each holds)
        self.name_words: Mapping[str, tuple[str, ...]] = {e: tuple(w) for e, w in name_words.items()}
        self.impacts = Impacts(self.folder)
        # Tokens in so many units that they cannot tell them apart (dropped from long queries).
        limit = COMMON_SHARE * self.unit_count
        fields = [self.impacts[f] for f in ("body", "ruling", "name") if f in self.impacts]
        self.common_tokens = frozenset(t for field in fields for t in field.more_than(limit))
        # question doc - first_question -> unit doc
        self.question_of = array("I", _load(self.folder, "questions.json"))
        self.first_question = len(self.units)
        self.pinyin_terms = self.impacts["pinyin"].terms if "pinyin" in self.impacts else []  # sorted
        self._passages = lru_cache(maxsize=PASSAGE_CACHE)(self._passage)  # read from disk once
        self._words = lru_cache(maxsize=PASSAGE_CACHE)(self._english_words)  # index.fold's word sets
        # unit id -> the entries its text names, kept for the units queries touch (bounded)
        mentions = lru_cache(maxsize=MENTION_CACHE)(
            lambda unit_id: frozenset(self.units[unit_id]["mentions"])
        )
        self.rank_tables = RankTables(self.entries, self.units, mentions, self.name_words)
        try:
            self._ix = whoosh_index.open_dir(str(self.folder / "whoosh"))
            if self._ix.doc_count_all() != len(self.docnum_units):
                raise ValueError("Whoosh's documents are not the units of units.json")
        except Exception as exc:  # noqa: BLE001 - whatever Whoosh raises on a damaged folder
            raise IndexBrokenError(self.folder.name, "whoosh/", _reason(exc, self.folder)) from exc
        self._local = threading.local()
        # Load pypinyin's phrase tables and jieba's HMM now, before a server forks its workers,
        # rather than on some user's first request.
        self._search("图书馆 刺课 tushugaun", "zh-Hans", None, 1)  # and fill the tables ranking keeps

    # -- Whoosh ---------------------------------------------------------------------------
    def _searcher(self):
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._ix.searcher()
            self._local.searcher = s
        return s

    def close(self) -> None:
        s = getattr(self._local, "searcher", None)
        if s is not None:
            s.close()
            self._local.searcher = None

    def present(self) -> bool:
        """Whether the folder is still there (someone may delete it by hand)."""
        return (self.folder / "meta.json").exists()

    def _clauses(self, a: QueryAnalysis) -> list[Clause]:
        """The OR of (field, term, boost) the query scores with."""
        tokens = a.tokens
        if len(tokens) > 2:
            kept = [t for t in tokens if t not in self.common_tokens]
            tokens = kept or tokens
        clauses = [Clause(f, t) for t in tokens for f in TEXT_FIELDS if f != "pinyin" or t.isascii()]
        expansion = {t for e in {m.form.entry for m in a.names} for t in self.expansions.get(e, ())}
        clauses += [
            Clause(f, t, EXPANSION_BOOST) for t in sorted(expansion - set(tokens)) for f in ("body", "ruling")
        ]
        everyday = expand(tokens, self.synonyms)
        clauses += [Clause(f, t, SYNONYM_BOOST) for t in everyday for f in ("name", "body", "ruling")]
        clauses += [Clause("pinyin", k) for k in a.pinyin_keys]
        clauses += [
            Clause("pinyin", t)
            for p in a.pinyin_prefixes
            for t in prefixed(self.pinyin_terms, p)[:MAX_PREFIX_TERMS]
        ]
        return clauses

    def _score(self, clauses: list[Clause], only: set[int] | None = None) -> dict[int, float]:
        """Unit document -> score for an OR of clauses (with `only`, for those units alone); a
        unit adds the scores of the questions it answers (question documents are numbered
        after the units)."""
        first, owner = self.first_question, self.question_of
        acc = score_clauses(self.impacts, [c for c in clauses if c.field != "ask"], only=only)
        if only is not None:  # a unit's questions are numbered together, in order of units
            only_asked = {
                first + q for u in only for q in range(bisect_left(owner, u), bisect_right(owner, u))
            }
        asked = score_clauses(
            self.impacts,
            [c for c in clauses if c.field == "ask"],
            only=only_asked if only is not None else None,
        )
        get = acc.get
        for d, v in asked.items():
            u = owner[d - first]
            acc[u] = get(u, 0.0) + v
        return acc

    def _intent_factors(self, asked: tuple[str, ...]) -> list[float | None]:
        """Score factor by intent code (`self.intent_codes[d]`) for rulings stating what
        `asked` asks for, None for no change (made once per combination of intents; there are
        at most 2^5, and a few dozen codes)."""
        cached = self._intent_cache.get(asked)
        if cached is None:
            cached = []
            for stated in self.intent_sets:
                boost = sum(self.intent_boosts[i] for i in asked if stated and i in stated)
                cached.append(1.0 + boost if boost else None)
            self._intent_cache[asked] = cached
        return cached

    def _phrase_docs(self, phrases: list[list[str]]) -> set[int]:
        """Documents holding every quoted phrase in order (Whoosh positions, this thread's searcher)."""
        parts = [wq.Phrase("exact", p) if len(p) > 1 else wq.Term("exact", p[0]) for p in phrases if p]
        query = wq.And(parts) if len(parts) > 1 else parts[0]
        try:
            return set(self._searcher().docs_for_query(query))
        except Exception as exc:  # noqa: BLE001 - the folder became unreadable or vanished under
            # a running server: OSError, or Whoosh's own errors (EmptyIndexError for a thread
            # opening its searcher on a deleted folder)
            raise IndexBrokenError(self.folder.name, "whoosh/", _reason(exc, self.folder)) from exc

    def _answers(self, a: QueryAnalysis, clauses: list[Clause], hits: list[Hit]) -> Answers:
        """For each entry the query names (with other words besides): its units' scores with the
        entry's own names counting half, so the snippet comes mostly from what the rest asks."""
        named = {m.form.entry for m in a.names} | a.pinyin_entries
        if not named or a.text in {m.form.norm for m in a.names}:
            return {}
        out: dict[str, dict[str, float]] = {}
        for entry in sorted(named)[:MAX_ANSWERED]:
            own = self.own_name_tokens.get(entry, frozenset())
            units = {u: v for u, e, v in hits if e == entry}
            if not units:
                continue
            wanted = {self.units.docnum_of[u] for u in units}
            name_part = self._score([c for c in clauses if c.term in own or c.field == "pinyin"], wanted)
            for d, v in name_part.items():
                units[self.docnum_units[d][0]] -= OWN_NAME_DISCOUNT * v
            out[entry] = units
        return out

    def _hits(
        self,
        a: QueryAnalysis,
        phrases: list[list[str]],
        f: Filters,
        clauses: list[Clause],
        asked: tuple[str, ...] = (),
    ) -> list[Hit]:
        """(unit id, entry id, score) of matching units that pass the filters, best first. A
        ruling stating the kind of fact the question asks for (`asked`: a number, where a card
        goes, when...) scores that intent's boost more."""
        acc = self._score(clauses)
        if asked:
            factors, codes = self._intent_factors(asked), self.intent_codes
            for d in acc:
                factor = factors[codes[d]]
                if factor is not None:
                    acc[d] *= factor
        if any(phrases):
            allowed = self._phrase_docs(phrases)
            acc = {d: acc.get(d, 0.0) + PHRASE_SCORE for d in allowed}
        units = self.docnum_units
        if not f.is_empty():
            acc = {
                d: v
                for d, v in acc.items()
                if passes(self.entries[units[d][1]], self.units.editions_of(d), f)
            }
        chosen = acc.items()
        if len(acc) > CANDIDATES:  # the strongest (ties at the cut kept)
            cut = sorted(acc.values(), reverse=True)[CANDIDATES - 1]
            chosen = [(d, v) for d, v in chosen if v >= cut]
        found = [(*units[d], v) for d, v in chosen]
        found.sort(key=itemgetter(0))  # best first, ties in order of unit id
        found.sort(key=itemgetter(2), reverse=True)
        return found[:CANDIDATES]

    # -- output ---------------------------------------------------------------------------
    def _marks(self, a: QueryAnalysis, phrases: list[str]) -> tuple[list[str], list[str]]:
        """What to mark in snippets: Chinese query words, every name of the entries the query
        names in any language (移除 marks 废置 too; 金殿 marks Throne Room), the rulebook words
        the query's everyday words stand for (跳过 marks 旁置), phrases; and the English stems."""
        terms = [t for t in a.tokens if not t.isascii() and (len(t) > 1 or len(a.tokens) == 1)]
        for e in a.entries:
            terms += self.name_norms.get(e, [])
        everyday = expand(a.tokens, self.synonyms)
        terms += [t for t in everyday if not t.isascii() and len(t) > 1]
        terms += [m.form.norm for m in a.names] + phrases
        return list(dict.fromkeys(terms)), a.stems + [t for t in everyday if t.isascii() and t.isalpha()]

    def _passage(self, unit_id: str, lang: str) -> str:
        """The text a unit's snippet is cut from, in `lang` or its fallback (else the entry's name)."""
        unit = self.units.get(unit_id) or self.units[self.units_of[unit_id][0]]
        return pick(unit["text"], lang) or pick(self.entries[unit["entry"]]["names"], lang)

    def _english_words(self, unit_id: str) -> frozenset[str]:
        return words(self._passages(unit_id, "en"))

    def _snippet(self, unit_id: str, lang: str, marks: tuple[list[str], list[str]]) -> str:
        return make_snippet(self._passages(unit_id, lang), *marks)

    def _result(self, s: Scored, lang: str, marks: tuple[list[str], list[str]]) -> Result:
        meta = self.entries[s.entry]
        unit = self.units.get(s.unit)
        return Result(
            id=meta["id"],
            kind=meta["kind"],
            game=meta["game"],
            editions=list(meta["editions"]),
            title=dict(meta["names"]),
            snippet=self._snippet(s.unit, lang, marks),
            ruling=unit["ruling"] if unit else None,
            score=round(s.score, 3),
            also=list(s.also),
        )

    # -- public ---------------------------------------------------------------------------
    def search(
        self,
        query: str,
        lang: str | None = "zh-Hans",
        filters: Mapping[str, str] | Filters | None = None,
        limit: int | str | None = 20,
        without: Without | None = None,
    ) -> SearchResults:
        """Search; raises QueryError (message for the user) on bad input. `without`: readings
        not to make (index.query.parse_without). Answers for repeated (query, lang, filters,
        limit, without) come from a bounded per-index cache."""
        key = (query, lang, filters_key(filters), str(limit), without or None)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        found = self._search(query, lang, filters, limit, without or NO_READINGS_OFF)
        self.cache.put(key, found)
        return found

    def _search(self, query, lang, filters, limit, without: Without = NO_READINGS_OFF) -> SearchResults:  # type: ignore[no-untyped-def]
        if not isinstance(query, str):
            raise QueryError("the query must be text")
        lang = parse_lang(lang)
        limit = parse_limit(limit)
        if isinstance(filters, Filters):
            parsed = parse_query(query)
            merged = filters.merged(parsed.filters)
            parsed = ParsedQuery(parsed.text, parsed.phrases, merged, filters, parsed.inline)
        else:
            parsed = parse_query(query, dict(filters or {}))
        any_game = parsed.filters.game == ANY_GAME  # game:any: neither a filter nor a guess
        if any_game:
            parsed = replace(parsed, filters=replace(parsed.filters, game=None))
        norm = normalise(parsed.text)
        phrases = [normalise(p) for p in parsed.phrases]
        phrase_tokens = [self.tokeniser.exact_tokens(p) for p in phrases if p]
        if not norm and not any(phrase_tokens):
            if not query.strip() and parsed.filters.is_empty():
                raise QueryError(
                    "type something to search for: a name, a rules question or a filter (game:citadels)"
                )
            if without.plain:
                raise QueryError("plain= takes a word of the query, and this search has none")
            return self._browse(query, lang, parsed.filters, limit)
        a = analyse(norm, self.tables, self.tokeniser)
        if without.plain:  # words the reader took off as names (a chip of the results page)
            a = read_as_plain(a, without.plain, self.tables.pinyin)
        # 买 is a player's word for Dominion's 购买: the synonyms are evidence too
        if any_game:
            a.game_hint = a.game_guess = a.game_source = None
            a.game_margin = 0.0
        else:
            a.with_guess(a.tokens, self.tables.game_words, expand(a.tokens, self.synonyms))
        asked = tuple(i for i in asked_intents(norm) if i not in without.intents)
        clauses = self._clauses(a)
        hits = self._hits(a, phrase_tokens, parsed.filters, clauses, asked)
        answers = self._answers(a, clauses, hits) if not phrase_tokens else {}
        ranked = (
            rank(a, hits, parsed.filters, self.rank_tables, answers)
            if not phrase_tokens
            else self._rank_phrase(a, hits, parsed.filters)
        )
        extra, at = self._other_answers(a, ranked, hits, answers)
        ranked = _both_games_shown(a, ranked[:at] + extra + ranked[at:], self.entries)
        if not phrase_tokens:
            named = frozenset(m.form.entry for m in a.names) | a.pinyin_entries
            ranked = fold(ranked, self.entries, self._words, named=named, order=self.rank_tables.kind_order)
        marks = self._marks(a, phrases)
        return SearchResults(
            query=query,
            lang=lang,
            total=len(ranked),
            suggestion=to_traditional(a.suggestion) if a.suggestion and lang == "zh-Hant" else a.suggestion,
            results=[self._result(s, lang, marks) for s in ranked[:limit]],
            filters=parsed.filters.to_dict(),
            understood=understood(
                a,
                parsed.filters,
                asked,
                self.entries,
                lang,
                Asked(query, parsed.url, parsed.inline, without),
                self.tables.pinyin,
                any_game,
            ),
        )

    def _other_answers(
        self,
        a: QueryAnalysis,
        ranked: list[Scored],
        hits: list[Hit],
        answers: Mapping[str, Mapping[str, float]],
    ) -> tuple[list[Scored], int]:
        """Other rulings of the top entry that answer the question nearly as well as the one it
        shows, each as its own result ('地窖 弃完牌先摸吗' may be answered by two of Cellar's
        rulings), and where they go: right after it when the question names the entry, else
        after the second entry (one at most), so another entry that may be the one meant keeps
        its place. Right after it only when a card is named, by a name no other entry bears,
        and no other thing is named. Only for a question with words besides names: a name alone
        shows the entry."""
        if not ranked:
            return [], 0
        top = ranked[0]
        named = {m.form.entry for m in a.names} | a.pinyin_entries
        own = {t for e in named for t in self.own_name_tokens.get(e, ())}
        if not [t for t in a.tokens if t not in own]:
            return [], 0
        alone = any(g == {top.entry} for g in a.groups) or a.pinyin_entries == {top.entry}
        if top.entry in answers and alone and self.entries[top.entry]["kind"] == "card" and len(a.groups) < 2:
            scores, share, most, at = answers[top.entry], EXTRA_SHARE, MAX_EXTRA, 1
        elif (
            len(a.tokens) >= 2
            and len(ranked) >= 2
            and top.score >= UNNAMED_LEAD * ranked[1].score
            and (not named or top.entry in named)
        ):
            scores = answers.get(top.entry) or {u: v for u, e, v in hits if e == top.entry}
            share, most, at = UNNAMED_EXTRA_SHARE, 1, 2
        else:
            return [], 0
        rulings = {u: v for u, v in scores.items() if v > 0 and self.units[u]["part"] == "ruling"}
        if not rulings:
            return [], 0
        best = max(rulings.values())
        others = sorted(
            ((v, u) for u, v in rulings.items() if u != top.unit and v >= share * best), reverse=True
        )
        return [Scored(top.entry, top.score, u, v) for v, u in others[:most]], at

    def _rank_phrase(self, a: QueryAnalysis, hits: list[Hit], f: Filters) -> list[Scored]:
        """With a quoted phrase, only entries holding the phrase are results."""
        allowed = {e for _, e, _ in hits}
        return [s for s in rank(a, hits, f, self.rank_tables) if s.entry in allowed]

    def _browse(self, query: str, lang: str, f: Filters, limit: int) -> SearchResults:
        """Filters without text: every entry that passes, cards first, by cost then name."""
        metas = [m for m in self.entries.values() if passes(m, m["editions"], f)] if not f.is_empty() else []
        metas.sort(
            key=lambda m: (
                m["game"],
                KIND_ORDER.get(m["kind"], 9),
                m["cost"] if m["cost"] is not None else 99,
                m["names"].get("en", m["id"]),
            )
        )
        results = [self._result(Scored(m["id"], 0.0, m["id"], 0.0), lang, ([], [])) for m in metas[:limit]]
        return SearchResults(query, lang, len(metas), None, results, f.to_dict())

    def suggest(
        self, prefix: str, lang: str | None = "zh-Hans", limit: int | str | None = 10
    ) -> list[dict[str, Any]]:
        """Name completions for the search box: by name prefix (any script), pinyin or initials."""
        if not isinstance(prefix, str):
            raise QueryError("the prefix must be text")
        lang = parse_lang(lang)
        limit = parse_limit(limit, default=10)
        if len(prefix) > 100:
            raise QueryError("prefix is too long (the limit is 100 characters)")
        p = normalise(prefix)
        key = p.replace(" ", "")
        if not key:
            return []
        best: dict[str, tuple[int, str]] = {}
        for f in self.lexicon.forms:
            rank = _suggest_rank(f, p, key)
            if rank is not None and (f.entry not in best or rank < best[f.entry][0]):
                best[f.entry] = (rank, f.text)
        order = sorted(
            best.items(),
            key=lambda kv: (kv[1][0], KIND_ORDER.get(self.entries[kv[0]]["kind"], 9), len(kv[1][1]), kv[0]),
        )
        out = []
        if len(order) < limit and len(key) >= 3 and not any(rank <= 1 for rank, _ in best.values()):
            out = self._answer_suggestions(prefix, lang, limit - len(order))
        for entry, (_, matched) in order[:limit]:
            meta = self.entries[entry]
            names = meta["names"]
            out.append(
                {
                    "id": entry,
                    "game": meta["game"],
                    "kind": meta["kind"],
                    "title": dict(names),
                    "label": pick(names, lang) or entry,
                    "matched": matched,
                }
            )
        return out

    def _answer_suggestions(self, prefix: str, lang: str, limit: int) -> list[dict[str, Any]]:
        """A question typed in the box ('图书馆 跳过'): the rulings answering it best, each
        pointing at its place on the entry page (`ruling`)."""
        try:
            found = self.search(prefix, lang, limit=min(limit, 3))
        except QueryError:
            return []
        out = []
        for r in found.results:
            if not r.ruling:
                continue
            text = self.units[f"{r.id}#{r.ruling}"]["text"]
            said = " ".join(pick(text, lang).split())
            name = pick(r.title, lang) or r.id
            out.append(
                {
                    "id": r.id,
                    "game": r.game,
                    "kind": r.kind,
                    "title": dict(r.title),
                    # long enough to reach the answer (a ruling states the case first); the box wraps it
                    "label": f"{name}: {said[:SUGGEST_SAID]}{'…' if len(said) > SUGGEST_SAID else ''}",
                    "matched": prefix,
                    "ruling": r.ruling,
                }
            )
        return out


SUGGEST_SAID = 120  # characters of a ruling shown in an answer suggestion (was 40: cut before the answer)


def _suggest_rank(f, p: str, key: str) -> int | None:
    if f.norm == p:
        return 0
    if f.norm.startswith(p):
        return 1
    if f.chinese and len(key) >= 2 and key.isascii():
        if f.pinyin.startswith(key):
            return 2
        if f.initials.startswith(key):
            return 3
    if (len(p) >= 3 or (len(p) >= 2 and not p.isascii())) and p in f.norm:
        return 4
    if len(p) >= 4 and p.isascii() and not f.chinese:
        # a typo in what is typed so far: 'advn' still completes Adventurer
        if OSA.distance(p, f.norm[: len(p)], score_cutoff=1) <= 1:
            return 5
    if f.chinese and len(key) >= 2 and CJK_RUN.fullmatch(key) and len(f.sylls) >= len(key):
        # a homophone typed so far: '王坐' still completes 王座厅
        if all(f.sylls[k] in readings(c) for k, c in enumerate(key)):
            return 5
    return None


SHOWN = 3  # results a reader sees at once


def _both_games_shown(a: QueryAnalysis, ranked: list[Scored], entries: Mapping[str, dict]) -> list[Scored]:
    """A name both games use (小偷, 图书馆) with nothing saying which game: each game's entry of
    that name is among the first results, the lower one moved up to the last place shown."""
    if a.game_hint or a.game_guess or len(ranked) <= SHOWN:
        return ranked
    for group in a.groups:
        if len({entries[e]["game"] for e in group if e in entries}) < 2:
            continue
        top = {s.entry for s in ranked[:SHOWN]}
        for e in sorted(group - top):
            at = next((i for i, s in enumerate(ranked) if s.entry == e), None)
            if at is not None:
                ranked = (
                    ranked[: SHOWN - 1]
                    + [ranked[at]]
                    + [s for i, s in enumerate(ranked) if i >= SHOWN - 1 and i != at]
                )
    return ranked


def open_index(data_dir: Path, cache_size: int = 1024) -> SearchIndex:
    """Open the current index under `data_dir` (raises IndexMissingError when none is built).
    If rebuilds prune the folder while it is being opened, the new `current` is opened instead."""
    problem = "no search index has been built; run `refapp build-index`"
    for _attempt in range(3):
        folder = current_folder(Path(data_dir))
        if folder is None:
            break
        try:
            return SearchIndex(folder, cache_size)
        except IndexBrokenError as exc:
            if folder.exists() and current_folder(Path(data_dir)) == folder:
                raise  # a damaged build, not one pruned while being opened
            problem = str(exc)
            continue  # pruned by a rebuild while being opened: look at `current` again
    raise IndexMissingError(problem)
