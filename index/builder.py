"""`build(dataset, data_dir)`: write a complete index into a fresh folder under
`<data_dir>/index/` and then switch the `current` symlink to it atomically (rename over the
old link), so a reader resolving `current` sees either the old or the new index, never a
half-built one.

A process that opened a build holds a shared lock on its meta.json (`hold_build`; a forked
worker shares its parent's), and pruning never deletes a build someone holds: a server's
master keeps the build it opened before forking, so a worker it forks later (after a crash or
a recycle) finds the files it inherits (issue 21, defect 5: pruning after 3 rebuilds left
restarted workers with a vanished folder and 500s)."""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import re
import shutil
import time
from collections import Counter
from pathlib import Path

from whoosh import index as whoosh_index

from corpus.model import Dataset, Entry
from index.common_words import guarded_chinese, guarded_words
from index.documents import Unit, all_units, name_tokens, pinyin_tokens, search_text
from index.impacts import compute_impacts
from index.index_format import (
    COMMON_WORDS,
    CURRENT,
    DICTIONARY,
    ENTRIES,
    INDEX_FORMAT,
    LEXICON,
    META,
    QUESTIONS,
    USERDICT,
    VOCAB,
    WHOOSH,
    index_root,
    query_words,
)
from index.lexicon import Lexicon
from index.normalise import normalise
from index.schema import FIELD_BOOSTS, UNIT_QUESTIONS, UNIT_QUESTIONS_BOOST, make_schema
from index.spelling import NAME_WEIGHT, SpellingVocabulary, pinyin_table
from index.store import write_impacts, write_units
from index.tokenise import CJK_RUN, EN_STOPWORDS, Tokeniser, english_words, get_tokeniser
from index.vocabulary import stated_intents

KEEP_OLD = 2  # previous builds kept so servers that opened them keep working
WHOOSH_FIELDS = ("id", "exact")  # what Whoosh is given: documents are numbered as the units
# The Whoosh writer's pool (MB): with less than its postings it spills sorted runs and merges
# them, pickling each posting (40% slower at 100x today's corpus).
WRITER_MB = 2048
PARALLEL_UNITS = 20_000  # from this many units the Whoosh index is written by a forked process


CORRECTING_NOTES = frozenset({"translation-answer"})  # a note saying the FAQ's printed answer is not ours


def _entry_meta(e: Entry) -> dict:
    meta = {
        "id": e.id,
        "kind": e.kind,
        "game": e.game,
        "editions": list(e.editions),
        "names": dict(e.names),
        "cost": e.cost,
        "types": list(e.types),
    }
    answer = (e.extra or {}).get("answer_ruling") if e.kind == "faq" else None
    if isinstance(answer, dict) and answer.get("entry") and answer.get("ruling"):
        meta["answers"] = f"{answer['entry']}#{answer['ruling']}"  # the ruling this FAQ defers to
        meta["corrected"] = any(n.id in CORRECTING_NOTES for n in e.notes)
    return meta


def _card_name_words(dataset: Dataset) -> set[str]:
    """The words of the cards' English names ('throne', 'room', 'diplomat')."""
    names = [normalise(e.names.get("en", "")) for e in dataset.entries if e.kind == "card"]
    return {w for name in names for w in english_words(name)}


def _english_vocab(dataset: Dataset, question_norms: list[str]) -> dict[str, int]:
    """Unstemmed English words of names, aliases and texts with counts, stop words left out.
    Words of card and term names count NAME_WEIGHT each, so spelling correction prefers them;
    rules and FAQ names are phrases and questions, so their words count like text.
    `question_norms`: every question of the dataset already normalised (the build has them)."""
    counts: Counter[str] = Counter()

    def add_norm(norm: str, weight: int) -> None:
        for w in english_words(norm):
            if w.isalpha() and w not in EN_STOPWORDS:
                counts[w] += weight

    def add(text: str, weight: int) -> None:
        add_norm(normalise(text), weight)

    for norm in question_norms:
        add_norm(norm, 1)  # players' words ('flip', 'bin') are words, not typos to correct

    for e in dataset.entries:
        weight = NAME_WEIGHT if e.kind in ("card", "term") else 1
        for text in [e.names.get("en", ""), *e.aliases, *e.keywords]:
            add(text, weight)
        texts = [e.text, e.text_2e or {}, e.edition_changes or {}] + [r.text for r in e.rulings]
        for t in texts:
            add(t.get("en", ""), 1)
    return dict(counts)


class SegmentTokens:
    """The build's tokeniser, remembering each segment's tokens. A text's search and exact
    tokens are its segments' tokens one after the other (`Tokeniser.segments`: Chinese runs and
    the text between them are tokenised independently), and a corpus repeats its phrases
    (at 1x, 40% of the Chinese runs of the units are distinct), so each distinct segment is
    tokenised once. Every `CHECK_EVERY`th text is also tokenised whole and compared, so a
    tokeniser that stops working segment by segment fails the build instead of changing it."""

    CHECK_EVERY = 50

    def __init__(self, tok: Tokeniser):
        self.tok = tok
        self._search: dict[str, list[str]] = {}
        self._exact: dict[str, list[str]] = {}
        self._calls = 0

    def _tokens(self, text: str, cache: dict[str, list[str]], whole) -> list[str]:  # type: ignore[no-untyped-def]
        out: list[str] = []
        for _, run in self.tok.segments(text):
            toks = cache.get(run)
            if toks is None:
                toks = cache[run] = whole(run)
            out += toks
        self._calls += 1
        if self._calls % self.CHECK_EVERY == 0 and out != whole(text):
            raise RuntimeError(f"the tokeniser no longer works segment by segment: {text[:40]!r}")
        return out

    def search_tokens(self, text: str) -> list[str]:
        return self._tokens(text, self._search, self.tok.search_tokens)

    def exact_tokens(self, text: str) -> list[str]:
        return self._tokens(text, self._exact, self.tok.exact_tokens)


def _documents(dataset: Dataset, lexicon: Lexicon, units: list[Unit], tok: Tokeniser) -> list[dict]:
    entries = dataset.by_id()
    if not isinstance(tok, SegmentTokens):
        tok = SegmentTokens(tok)  # type: ignore[assignment]
    forms_by_entry: dict[str, list] = {}
    for f in lexicon.own_forms:
        forms_by_entry.setdefault(f.entry, []).append(f)
    docs = []
    names_of: dict[str, str] = {}  # an entry's name tokens, the same for each of its units
    for u in units:
        e = entries[u.entry]
        forms = forms_by_entry.get(e.id, [])
        names = names_of.get(e.id)
        if names is None:
            names = names_of[e.id] = " ".join(name_tokens(e, forms, tok))
        text_norm = u.norm or search_text(u.text)
        doc = {
            "id": u.id,
            "entry": u.entry,
            "part": u.part,
            "game": e.game,
            "kind": e.kind,
            "editions": " ".join(u.editions),
            "types": " ".join(e.types),
            "exact": " ".join(tok.exact_tokens(text_norm)),
        }
        if e.cost is not None:
            doc["cost"] = int(e.cost)
        if u.part == "entry":
            doc["name"] = names
            doc["pinyin"] = " ".join(pinyin_tokens(forms))
            doc["body"] = " ".join(tok.search_tokens(text_norm))
        else:
            doc["owner"] = names
            doc["ruling"] = " ".join(tok.search_tokens(text_norm))
        docs.append({k: v for k, v in doc.items() if v != ""})
    return docs


def _write_whoosh(folder: Path, docs: list[dict]) -> None:
    """The Whoosh index of the phrase field (documents numbered as the units)."""
    folder.mkdir()
    # compound=False: separate files, read from disk; a compound segment is mmapped and each part
    # copied into memory when first read (the phrase postings: 58 MiB per process at 100x)
    writer = whoosh_index.create_in(str(folder), make_schema()).writer(limitmb=WRITER_MB, compound=False)
    for doc in docs:  # scores live in postings.bin
        writer.add_document(**{k: doc[k] for k in WHOOSH_FIELDS if k in doc})
    writer.commit()


class _WhooshWriting:
    """Writes the Whoosh index: from PARALLEL_UNITS units in a forked process, beside the rest
    of the build (Whoosh's writer is a third of the build's time at 100 times today's corpus,
    and a machine has more than one core); else here and now. `finish()` waits for it and
    raises if it failed."""

    def __init__(self, folder: Path, docs: list[dict]):
        self._process = None
        if len(docs) >= PARALLEL_UNITS and "fork" in multiprocessing.get_all_start_methods():
            self._process = multiprocessing.get_context("fork").Process(
                target=_write_whoosh, args=(folder, docs), name="whoosh-writer", daemon=True
            )
            self._process.start()
        else:
            _write_whoosh(folder, docs)

    def stop(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join()

    def finish(self) -> None:
        if self._process is not None:
            self._process.join()
            if self._process.exitcode != 0:
                raise RuntimeError(f"writing the Whoosh index failed (exit code {self._process.exitcode})")


def _write_json(path: Path, data) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _switch_current(root: Path, target: Path) -> None:
    tmp = root / f".{CURRENT}.{os.getpid()}.{time.monotonic_ns()}"
    os.symlink(target.name, tmp)
    os.replace(tmp, root / CURRENT)


def _age(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:  # pruned by a concurrent build
        return 0


BUILD_NAME = re.compile(r".+-\d{8}T\d{6}-\d{9}-\d+")  # what build() names a folder


def made_by_build(path: Path) -> bool:
    """Whether `path` is a finished build of build(): its name and its meta.json. Anything else
    under index/ (a copy kept by hand, another tool's folder) is never pruned."""
    if path.is_symlink() or not path.is_dir() or not BUILD_NAME.fullmatch(path.name):
        return False
    try:
        return json.loads((path / META).read_text(encoding="utf-8")).get("format") is not None
    except (OSError, ValueError, AttributeError):
        return False


def in_use(folder: Path) -> bool:
    """Whether some process holds `folder` open (`hold_build`)."""
    try:
        with open(folder / META, "rb") as probe:
            fcntl.flock(probe.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


def _prune(root: Path, keep: Path) -> None:
    """Delete builds older than the KEEP_OLD newest, never `keep`, what `current` names, nor
    a build a process holds open."""
    try:
        current = (root / CURRENT).resolve()
    except OSError:
        current = keep
    builds = sorted((p for p in root.iterdir() if made_by_build(p)), key=_age)  # oldest first
    old = [p for p in builds if p not in (keep, current)]
    for p in old[:-KEEP_OLD] if KEEP_OLD else old:
        if not in_use(p):
            shutil.rmtree(p, ignore_errors=True)


def build(dataset: Dataset, data_dir: Path) -> Path:
    """Build the index for `dataset` under `data_dir/index/` and make it current. Returns its folder."""
    root = index_root(data_dir)
    root.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    folder = root / f"{dataset.version}-{stamp}-{time.time_ns() % 10**9:09d}-{os.getpid()}"
    staging = root / f".building-{folder.name}"
    staging.mkdir()
    whoosh: _WhooshWriting | None = None
    try:
        lexicon = Lexicon.from_dataset(dataset)
        words = tuple(sorted(set(lexicon.jieba_words()) | query_words()))
        units = all_units(dataset, lexicon)
        # A unit's questions, each wording once: a question written in both scripts is one question.
        asked = [
            (d, q) for d, u in enumerate(units) for q in dict.fromkeys(normalise(q) for q in u.questions)
        ]
        asked_norms = [q for _, q in asked]  # once: dictionary, vocabulary, the ask field
        texts = [u.norm for u in units] + asked_norms + [f.norm for f in lexicon.forms]
        runs = list(dict.fromkeys(r for t in texts for r in CJK_RUN.findall(t)))  # each distinct run once
        whole = get_tokeniser(words)  # jieba's whole dictionary
        base = whole.corpus_dictionary(runs)
        tok = get_tokeniser(words, base)
        (staging / DICTIONARY).write_text(
            f"{base[1]}\n" + "".join(f"{w} {f}\n" for w, f in base[0]), encoding="utf-8"
        )
        (staging / USERDICT).write_text("".join(f"{w} 1000\n" for w in words), encoding="utf-8")
        _write_json(staging / LEXICON, lexicon.to_json())
        _write_json(staging / ENTRIES, [_entry_meta(e) for e in dataset.entries])
        write_units(
            staging,
            units,
            [e.id for e in dataset.entries],
            [stated_intents(u.text.get("en", "")) for u in units],
        )
        # Each question a player asks is a little document of its own in the `ask` field, numbered
        # after the units; a unit adds the scores of its questions (questions.json: the unit
        # each belongs to), so a question matching the query as a whole counts, not words
        # scattered over six questions.
        vocab = _english_vocab(dataset, asked_norms)
        _write_json(staging / VOCAB, vocab)
        ordinary = {
            "en": guarded_words(SpellingVocabulary(vocab), _card_name_words(dataset)),
            "zh": guarded_chinese(whole.dictionary(), pinyin_table(lexicon.forms)),
        }
        _write_json(staging / COMMON_WORDS, ordinary)
        seg = SegmentTokens(tok)
        docs = _documents(dataset, lexicon, units, seg)
        whoosh = _WhooshWriting(staging / WHOOSH, docs)
        impacts = compute_impacts(docs, {f: b for f, b in FIELD_BOOSTS.items() if f != "ask"})
        question_docs = [{"ask": " ".join(seg.search_tokens(q))} for q in asked_norms]
        impacts |= compute_impacts(question_docs, {"ask": FIELD_BOOSTS["ask"]}, first=len(docs))
        # ... and, for the second opinion (index.stages.candidates), each unit's questions as one text
        unit_asks: list[list[str]] = [[] for _ in units]
        for (d, _), q in zip(asked, question_docs, strict=True):
            unit_asks[d].append(q["ask"])
        impacts |= compute_impacts(
            [{UNIT_QUESTIONS: " ".join(qs)} for qs in unit_asks], {UNIT_QUESTIONS: UNIT_QUESTIONS_BOOST}
        )
        write_impacts(staging, impacts)
        _write_json(staging / QUESTIONS, [d for d, _ in asked])
        whoosh.finish()
        _write_json(
            staging / META,
            {
                "format": INDEX_FORMAT,
                "dataset_version": dataset.version,
                "built": stamp,
                "entries": len(dataset.entries),
                "units": len(units),
                "words": len(words),
            },
        )
        staging.rename(folder)
    except BaseException:
        if whoosh is not None:
            whoosh.stop()
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _switch_current(root, folder)
    _prune(root, folder)
    return folder
