"""Compact storage of a built index's units and impact lists, read from disk when needed.

An opened index used to hold every unit's text in three languages, its mentions and every
(field, term) impact list as Python objects (about 1 GiB at 100 times today's corpus). Here:

- `postings.bin` + `terms.json`: per text field, the terms (sorted) and, in one file, every
  list as one block of its documents (uint32) and weights (float64, the very values
  `compute_impacts` made, so scores are bit-for-bit the same), strongest first, found through
  offsets and counts held in memory. `Impacts` is a read-only mapping field -> term ->
  (documents, weights) as numpy arrays; a query reads only the head of each list
  (`FieldPostings.head`).
- `units.json`: the small columns of every unit in document-number order (id, entry, part,
  editions, stated intents), held in memory as shared tuples and one-byte codes.
- `units.bin`: each unit's display text (JSON) and, as two CSR arrays, the entries each unit
  mentions (in memory) and the units mentioning each entry; texts are read only for the few
  results shown, the units mentioning an entry only for the entries a query names.

Files are read with `os.pread` (safe across threads and forked workers); the kernel's page
cache keeps them, shared by every worker, outside each worker's resident memory. Nothing here
knows the field names: `TEXT_FIELDS` decides what is written.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import weakref
from array import array
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from index.errors import IndexBrokenError
from index.index_format import POSTINGS, TERMS, UNIT_TEXTS, UNITS

STORE_FORMAT = 2
ALIGN = 8
BROKEN = (OSError, ValueError, KeyError, TypeError, IndexError)


@contextmanager
def _reading(folder: Path, name: str) -> Iterator[None]:
    """IndexBrokenError naming `name` for whatever goes wrong while it is read."""
    try:
        yield
    except BROKEN as exc:
        raise IndexBrokenError(folder.name, name, f"{type(exc).__name__}: {exc}") from exc


# -- a file of named arrays --------------------------------------------------------------------
class BlobWriter:
    """Arrays written one after the other into one file (each aligned to 8 bytes); `toc` says
    where each is (type code, byte offset, item count)."""

    def __init__(self, path: Path):
        self._f = open(path, "wb")  # noqa: SIM115 - closed by close()
        self._pos = 0
        self.toc: dict[str, list] = {}

    def add(self, name: str, data: array | bytes) -> None:
        pad = -self._pos % ALIGN
        if pad:
            self._f.write(b"\0" * pad)
            self._pos += pad
        raw = data.tobytes() if isinstance(data, array) else bytes(data)
        code = data.typecode if isinstance(data, array) else "B"
        self.toc[name] = [code, self._pos, len(data)]
        self._f.write(raw)
        self._pos += len(raw)

    def close(self) -> dict[str, Any]:
        self._f.close()
        return {"byteorder": sys.byteorder, "arrays": self.toc}


class Blob:
    """The arrays of a BlobWriter file, read with `os.pread` (thread- and fork-safe): small ones
    whole into memory (`load`), large ones a run at a time (`read`). Not memory-mapped: a
    query reads short runs scattered over the file, and a mapping would count 64 KiB of
    mapped pages around each in the worker's resident memory (the kernel's page cache keeps
    the file either way, shared by every worker)."""

    def __init__(self, path: Path, toc: Mapping[str, Any]):
        if toc.get("byteorder") != sys.byteorder:
            raise ValueError(f"{path.name} was written on a machine of another byte order")
        self._fd = os.open(path, os.O_RDONLY)
        self._finalizer = weakref.finalize(self, os.close, self._fd)
        size = os.fstat(self._fd).st_size
        self._toc = toc["arrays"]
        for name, (code, offset, count) in self._toc.items():
            if offset + count * array(code).itemsize > size:
                raise ValueError(f"array {name} runs past the end of the file")

    def region(self, name: str) -> tuple[str, int, int]:
        """(type code, byte offset, item count) of an array."""
        code, offset, count = self._toc[name]
        return code, offset, count

    def bytes_at(self, offset: int, size: int) -> bytes:
        data = os.pread(self._fd, size, offset)
        if len(data) != size:
            raise OSError(f"short read at {offset}")
        return data

    def load(self, name: str) -> array:
        code, offset, count = self._toc[name]
        out = array(code)
        out.frombytes(self.bytes_at(offset, count * out.itemsize))
        return out

    def read(self, name: str, start: int, stop: int) -> memoryview:
        """Items [start, stop) of an array."""
        code, offset, _ = self._toc[name]
        size = array(code).itemsize
        view = memoryview(self.bytes_at(offset + start * size, (stop - start) * size))
        return view if code == "B" else view.cast(code)


def _pick_code(limit: int) -> str:
    return "I" if limit < 2**32 else "Q"


# -- impact lists ------------------------------------------------------------------------------
Postings = tuple[np.ndarray, np.ndarray]  # documents (intp), weights (float64)


def write_impacts(folder: Path, impacts: Mapping[str, Mapping[str, tuple[list[int], list[float]]]]) -> None:
    """`postings.bin` and `terms.json` for `impacts` (field -> term -> (docs, weights)). Each
    list is one block, its documents (uint32, padded to 8 bytes) then its weights (float64),
    so the head of a short list is one page."""
    w = BlobWriter(folder / POSTINGS)
    fields: dict[str, dict[str, Any]] = {}
    for field, table in impacts.items():
        terms = sorted(table)
        data, offsets, counts = bytearray(), array("Q"), array("I")
        for t in terms:
            d, wt = table[t]
            offsets.append(len(data))
            counts.append(len(d))
            data += array("I", d).tobytes()
            if len(d) % 2:
                data += b"\0\0\0\0"
            data += array("d", wt).tobytes()
        w.add(f"{field}.lists", bytes(data))
        w.add(f"{field}.offsets", offsets)
        w.add(f"{field}.counts", counts)
        fields[field] = {"terms": terms}
    toc = w.close()
    (folder / TERMS).write_text(
        json.dumps({"format": STORE_FORMAT, "blob": toc, "fields": fields}, ensure_ascii=False),
        encoding="utf-8",
    )


HEAD_CACHE = 4096  # list heads kept per field once read


class FieldPostings(Mapping[str, Postings]):
    """term -> (documents, weights) of one field, strongest first, read from the file when
    asked for; the offsets and counts of the lists are held in memory (12 bytes a term)."""

    def __init__(self, terms: list[str], blob: Blob, field: str):
        self.terms = terms  # sorted
        self._index = {t: i for i, t in enumerate(terms)}
        self._blob = blob
        self._offsets, self._counts = blob.load(f"{field}.offsets"), blob.load(f"{field}.counts")
        _, self._base, size = blob.region(f"{field}.lists")
        if not len(self._offsets) == len(self._counts) == len(terms):
            raise ValueError("terms.json and postings.bin disagree")
        if terms and self._offsets[-1] + 12 * self._counts[-1] > size:
            raise ValueError("postings.bin is shorter than its lists")
        # The heads queries read, kept (bounded): common words come back in query after query,
        # and a read from the file costs a system call each.
        self.head = lru_cache(maxsize=HEAD_CACHE)(self._read_head)

    def _read_head(self, term: str, depth: int) -> Postings | None:
        """The first `depth` documents (intp) and weights (float64) of the term's list, as
        read-only numpy arrays (one read when the list is that short), None when no unit holds
        the term."""
        i = self._index.get(term)
        if i is None:
            return None
        n = self._counts[i]
        off = self._base + self._offsets[i]
        mid = 4 * (n + n % 2)
        if n <= depth:
            block = self._blob.bytes_at(off, mid + 8 * n)
            docs, weights = np.frombuffer(block, np.uint32, n), np.frombuffer(block, np.float64, n, mid)
        else:
            docs = np.frombuffer(self._blob.bytes_at(off, 4 * depth), np.uint32)
            weights = np.frombuffer(self._blob.bytes_at(off + mid, 8 * depth), np.float64)
        return docs.astype(np.intp), weights

    def warm(self, depth: int) -> None:
        """Read the heads a query reads (`depth` deep) of the most frequent terms' lists, as many
        as the cache keeps: a server does it before forking, so that every worker starts with them
        rather than reading them from the file on its first requests."""
        for i in sorted(range(len(self.terms)), key=self._counts.__getitem__, reverse=True)[:HEAD_CACHE]:
            self.head(self.terms[i], depth)

    def __getitem__(self, term: str) -> Postings:
        found = self.head(term, self._counts[self._index[term]])
        assert found is not None
        return found

    def get(self, term: str, default: Any = None) -> Any:
        i = self._index.get(term)
        return default if i is None else self.head(term, self._counts[i])

    def more_than(self, count: float) -> list[str]:
        """The terms more than `count` units hold."""
        return [t for t, n in zip(self.terms, self._counts, strict=True) if n > count]

    def frequency(self, term: str) -> int:
        i = self._index.get(term)
        return 0 if i is None else self._counts[i]

    def __contains__(self, term: object) -> bool:
        return term in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self.terms)

    def __len__(self) -> int:
        return len(self.terms)


class Impacts(Mapping[str, FieldPostings]):
    """field -> FieldPostings, read from `postings.bin`."""

    def __init__(self, folder: Path):
        with _reading(folder, TERMS):
            raw = json.loads((folder / TERMS).read_text(encoding="utf-8"))
            if raw.get("format") != STORE_FORMAT:
                raise ValueError("unknown format")
        with _reading(folder, POSTINGS):
            self._load(folder, raw)

    def _load(self, folder: Path, raw: dict[str, Any]) -> None:
        blob = Blob(folder / POSTINGS, raw["blob"])
        fields = raw["fields"]
        self._fields = {field: FieldPostings(spec["terms"], blob, field) for field, spec in fields.items()}

    def warm(self, depth: int) -> None:
        """`FieldPostings.warm` of every field."""
        for postings in self._fields.values():
            postings.warm(depth)

    def __getitem__(self, field: str) -> FieldPostings:
        return self._fields[field]

    def get(self, field: str, default: Any = None) -> Any:
        return self._fields.get(field, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)


# -- units -------------------------------------------------------------------------------------
PARTS = ("entry", "ruling")
RULING = PARTS.index("ruling")
EMPTY_TEXT = len(json.dumps({}))  # the stored length of a unit without display text ("{}")


def write_units(
    folder: Path, units: Sequence[Any], entry_ids: Sequence[str], intents: Sequence[tuple]
) -> None:
    """`units.json` (small columns) and `units.bin` (texts, mentions both ways) for `units`
    (index.documents.Unit, in document-number order), `entry_ids` (the entries in entries.json
    order) and each unit's stated intents."""
    entry_no = {e: i for i, e in enumerate(entry_ids)}
    editions_table: dict[tuple[str, ...], int] = {}
    intents_table: dict[tuple[str, ...], int] = {}
    cols: dict[str, list] = {"id": [], "entry": [], "part": [], "editions": [], "intents": []}
    text_bytes = bytearray()
    text_starts = array("Q", [0])
    mention_entries, mention_starts = array("I"), array("Q", [0])
    mentioned_by: list[list[int]] = [[] for _ in entry_ids]
    for d, (u, stated) in enumerate(zip(units, intents, strict=True)):
        if u.part == "ruling" and u.id != f"{u.entry}#{u.ruling}":
            raise ValueError(f"unit id {u.id!r} is not '<entry>#<ruling>'")
        cols["id"].append(u.id)
        cols["entry"].append(entry_no[u.entry])
        cols["part"].append(PARTS.index(u.part))
        cols["editions"].append(editions_table.setdefault(tuple(u.editions), len(editions_table)))
        cols["intents"].append(intents_table.setdefault(tuple(stated), len(intents_table)))
        text_bytes += json.dumps(u.text, ensure_ascii=False).encode("utf-8")
        text_starts.append(len(text_bytes))
        for e in u.mentions:
            mention_entries.append(entry_no[e])
            mentioned_by[entry_no[e]].append(d)
        mention_starts.append(len(mention_entries))
    mentioned, mentioned_starts = array("I"), array("Q", [0])
    for ds in mentioned_by:
        mentioned.extend(ds)
        mentioned_starts.append(len(mentioned))
    w = BlobWriter(folder / UNIT_TEXTS)
    w.add("text", bytes(text_bytes))
    w.add("text.starts", array(_pick_code(len(text_bytes)), text_starts))
    w.add("mentions", mention_entries)
    w.add("mentions.starts", array(_pick_code(len(mention_entries)), mention_starts))
    w.add("mentioned", mentioned)
    w.add("mentioned.starts", array(_pick_code(len(mentioned)), mentioned_starts))
    toc = w.close()
    doc = {
        "format": STORE_FORMAT,
        "blob": toc,
        "entries": list(entry_ids),
        "editions_table": [list(k) for k in editions_table],
        "intents_table": [list(k) for k in intents_table],
        **cols,
    }
    (folder / UNITS).write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


class DocnumUnits(list):
    """document number -> (unit id, entry id): a list (indexing as fast as a list's) that
    reads like the dict it replaces (`items()`, `get()`, `in` and iteration over numbers)."""

    def items(self) -> Iterator[tuple[int, tuple[str, str]]]:  # type: ignore[override]
        return enumerate(list.__iter__(self))

    def keys(self) -> range:
        return range(len(self))

    def values(self) -> Iterator[tuple[str, str]]:
        return list.__iter__(self)

    def get(self, d: int, default: Any = None) -> Any:
        return self[d] if isinstance(d, int) and 0 <= d < len(self) else default

    def __contains__(self, d: object) -> bool:
        return isinstance(d, int) and 0 <= d < len(self)

    def __iter__(self) -> Iterator[int]:  # type: ignore[override]
        return iter(range(len(self)))


class UnitView(Mapping[str, Any]):
    """One unit as the mapping the searcher and ranking read ({id, entry, part, ruling,
    editions, text, mentions, intents}); text and mentions are read when asked for."""

    __slots__ = ("_store", "_d")
    KEYS = ("id", "entry", "part", "ruling", "editions", "text", "mentions", "intents")

    def __init__(self, store: UnitStore, d: int):
        self._store, self._d = store, d

    def __getitem__(self, key: str) -> Any:
        return _FIELDS[key](self._store, self._d)

    def __iter__(self) -> Iterator[str]:
        return iter(self.KEYS)

    def __len__(self) -> int:
        return len(self.KEYS)


_FIELDS = {
    "id": lambda s, d: s.docnum_units[d][0],
    "entry": lambda s, d: s.docnum_units[d][1],
    "part": lambda s, d: PARTS[s.part_codes[d]],
    "ruling": lambda s, d: s.ruling(d),
    "editions": lambda s, d: s.editions_of(d),
    "text": lambda s, d: s.text(d),
    "mentions": lambda s, d: s.mentions(d),
    "intents": lambda s, d: s.intents_table[s.intent_codes[d]],
}


class UnitStore(Mapping[str, UnitView]):
    """unit id -> UnitView, in document-number order; also by number (`docnum_units`,
    `editions_of`, `part_codes`, `intent_codes`) and the entries' units (`units_of`) and
    mentions (`mentioned_in`)."""

    def __init__(self, folder: Path):
        with _reading(folder, UNITS):
            raw = json.loads((folder / UNITS).read_text(encoding="utf-8"))
            if raw.get("format") != STORE_FORMAT:
                raise ValueError("unknown format")
        with _reading(folder, UNIT_TEXTS):
            self._load(raw, Blob(folder / UNIT_TEXTS, raw["blob"]))

    def _load(self, raw: dict[str, Any], blob: Blob) -> None:
        self._blob = blob
        self.entry_ids: list[str] = [sys.intern(e) for e in raw["entries"]]
        ids: list[str] = raw["id"]
        self.docnum_units = DocnumUnits(
            (u, self.entry_ids[e]) for u, e in zip(ids, raw["entry"], strict=True)
        )
        self.docnum_of: dict[str, int] = {u: d for d, u in enumerate(ids)}
        self.part_codes = bytes(raw["part"])
        self.ruling_flags = np.frombuffer(self.part_codes, np.uint8) == RULING  # document -> a ruling's?
        self._editions = [tuple(e) for e in raw["editions_table"]]
        self.edition_codes = (
            bytes(raw["editions"]) if len(self._editions) < 256 else array("I", raw["editions"])
        )
        self.intents_table: list[tuple[str, ...]] = [tuple(i) for i in raw["intents_table"]]
        self.intent_codes = (
            bytes(raw["intents"]) if len(self.intents_table) < 256 else array("I", raw["intents"])
        )
        # In memory (a few MiB at 100x): what is looked up for many units per query; texts and
        # the units mentioning each entry (read whole, for a few entries a query) stay in the file.
        self._text_starts = blob.load("text.starts")
        self._text_offset = blob.region("text")[1]
        self._mentions = blob.load("mentions")
        self._mention_starts = blob.load("mentions.starts")
        self._mentioned_starts = blob.load("mentioned.starts")
        n = len(ids)
        if not (len(self.part_codes) == len(self.edition_codes) == len(self.intent_codes) == n) or not (
            len(self._text_starts) == len(self._mention_starts) == n + 1
        ):
            raise ValueError("units.json and units.bin disagree")
        self._entry_no = {e: i for i, e in enumerate(self.entry_ids)}
        spans: dict[str, list[int]] = {}
        for d, (_, e) in self.docnum_units.items():
            span = spans.get(e)
            if span is None:
                spans[e] = [d, d + 1]
            elif span[1] == d:
                span[1] = d + 1
            else:
                raise ValueError("units.json: an entry's units are not contiguous")
        self.units_of = UnitsOf(self, {e: (s, t) for e, (s, t) in spans.items()})
        self.mentioned_in = MentionedIn(self)

    # by number
    def editions_of(self, d: int) -> tuple[str, ...]:
        return self._editions[self.edition_codes[d]]

    def ruling(self, d: int) -> str | None:
        if self.part_codes[d] != 1:
            return None
        unit_id, entry = self.docnum_units[d]
        return unit_id[len(entry) + 1 :]

    def has_text(self, d: int) -> bool:
        """Whether the unit has display text, without reading it from the file (texts are
        stored as JSON objects: only an empty one is that short)."""
        return self._text_starts[d + 1] - self._text_starts[d] > EMPTY_TEXT

    def text(self, d: int) -> dict[str, str]:
        start, stop = self._text_starts[d], self._text_starts[d + 1]
        return json.loads(self._blob.bytes_at(self._text_offset + start, stop - start))

    def mentions(self, d: int) -> list[str]:
        ids = self.entry_ids
        return [ids[e] for e in self._mentions[self._mention_starts[d] : self._mention_starts[d + 1]]]

    def mentioning(self, entry: str) -> frozenset[str] | None:
        i = self._entry_no.get(entry)
        if i is None:
            return None
        units = self.docnum_units
        part = self._blob.read("mentioned", self._mentioned_starts[i], self._mentioned_starts[i + 1])
        return frozenset(units[d][0] for d in part) if len(part) else None

    # by id, without a view: what ranking asks of many units per query
    def is_ruling(self, unit_id: str) -> bool:
        return self.part_codes[self.docnum_of[unit_id]] == RULING

    def has_text_of(self, unit_id: str) -> bool:
        """Whether the unit exists and has display text."""
        d = self.docnum_of.get(unit_id)
        return d is not None and self.has_text(d)

    # the mapping
    def __getitem__(self, unit_id: str) -> UnitView:
        return UnitView(self, self.docnum_of[unit_id])

    def get(self, unit_id: str, default: Any = None) -> Any:
        d = self.docnum_of.get(unit_id)
        return default if d is None else UnitView(self, d)

    def __contains__(self, unit_id: object) -> bool:
        return unit_id in self.docnum_of

    def __iter__(self) -> Iterator[str]:
        return (u for u, _ in self.docnum_units.values())

    def __len__(self) -> int:
        return len(self.docnum_units)


class UnitsOf(Mapping[str, list[str]]):
    """entry id -> its unit ids (its own text first, then its rulings)."""

    def __init__(self, store: UnitStore, spans: dict[str, tuple[int, int]]):
        self._store, self._spans = store, spans
        ordered = sorted(spans.items(), key=lambda es: es[1][0])
        self._starts = np.array([s for _, (s, _) in ordered], np.intp)  # (each entry's units are together)
        self._ids = [e for e, _ in ordered]
        self._number = {e: k for k, e in enumerate(self._ids)}

    def __getitem__(self, entry: str) -> list[str]:
        s, e = self._spans[entry]
        units = self._store.docnum_units
        return [units[d][0] for d in range(s, e)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)

    def span(self, entry: str) -> tuple[int, int]:
        """The documents of the entry's units: from the first to before the second."""
        return self._spans[entry]

    def reached(self, docs: np.ndarray) -> tuple[np.ndarray, list[int], list[int]]:
        """For unit documents in ascending order, the entries they reach, in order: their numbers
        (`entry`, `flags`), and where each one's units are among the documents (from the first to
        before the second). Its cost is that of the documents, whatever the number of entries."""
        if not len(docs):
            return np.zeros(0, np.intp), [], []
        at = np.searchsorted(self._starts, docs, side="right") - 1
        cuts = [0, *(np.flatnonzero(np.diff(at)) + 1).tolist()]
        return at[cuts], cuts, [*cuts[1:], len(docs)]

    def flags(self, entries: Iterable[str]) -> np.ndarray:
        """Whether each entry (by its number, as `reached` gives them) is one of `entries`."""
        out = np.zeros(len(self._ids), bool)
        out[[self._number[e] for e in entries if e in self._number]] = True
        return out

    def entry(self, number: int) -> str:
        """The entry numbered `number` (`reached`)."""
        return self._ids[number]


class MentionedIn(Mapping[str, frozenset[str]]):
    """entry id -> ids of the units whose text names it (entries named nowhere are absent).
    The sets are made from units.bin when asked for; the recently used ones are kept, up to
    `CACHE_BYTES` of set tables (a name common in the texts, 金币, is in a third of them)."""

    CACHE_BYTES = 16 * 2**20

    def __init__(self, store: UnitStore):
        self._store = store
        self._cache: OrderedDict[str, frozenset[str] | None] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def _find(self, entry: str) -> frozenset[str] | None:
        with self._lock:
            if entry in self._cache:
                self._cache.move_to_end(entry)
                return self._cache[entry]
        found = self._store.mentioning(entry)
        size = sys.getsizeof(found)
        if size <= self.CACHE_BYTES // 4:
            with self._lock:
                if entry not in self._cache:
                    self._cache[entry] = found
                    self._bytes += size
                while self._bytes > self.CACHE_BYTES:
                    _, dropped = self._cache.popitem(last=False)
                    self._bytes -= sys.getsizeof(dropped)
        return found

    def __getitem__(self, entry: str) -> frozenset[str]:
        found = self._find(entry)
        if found is None:
            raise KeyError(entry)
        return found

    def get(self, entry: str, default: Any = None) -> Any:
        found = self._find(entry)
        return default if found is None else found

    def __iter__(self) -> Iterator[str]:
        return (e for e in self._store.entry_ids if self._store.mentioning(e) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


# -- small tables held in memory ---------------------------------------------------------------
class Interner:
    """One object per distinct string (names, ids, tokens repeat across entries and forms)."""

    def __init__(self) -> None:
        self._seen: dict[str, str] = {}

    def __call__(self, s: str) -> str:
        return self._seen.setdefault(s, s)

    def deep(self, value: Any) -> Any:
        """`value` (decoded JSON) with every string, key or value, shared."""
        if isinstance(value, str):
            return self(value)
        if isinstance(value, list):
            return [self.deep(v) for v in value]
        if isinstance(value, dict):
            return {self(k): self.deep(v) for k, v in value.items()}
        return value


class FrozenSets(Mapping[str, frozenset[str]]):
    """key -> frozenset, kept as tuples (a small frozenset costs ten times the memory); each
    look-up makes the set."""

    def __init__(self, items: Mapping[str, tuple[str, ...]]):
        self._items = dict(items)

    def __getitem__(self, key: str) -> frozenset[str]:
        return frozenset(self._items[key])

    def get(self, key: str, default: Any = None) -> Any:
        found = self._items.get(key)
        return default if found is None else frozenset(found)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)
