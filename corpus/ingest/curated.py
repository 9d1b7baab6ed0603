"""Load `corpus/curated/**/*.yaml` (docs/curated-format.md) and resolve its seed references into
`corpus.model.Entry` objects. Any problem raises `CuratedError` naming file, entry and field."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import yaml

from corpus.errors import CorpusError
from corpus.glossary import Term, load_glossary
from corpus.ingest.display import second_edition_word
from corpus.ingest.normalise import tidy_chinese, to_traditional
from corpus.ingest.resolve import (
    Ref,
    ReferenceError_,
    Resolved,
    cite_only,
    overlaps_dropped,
    resolve,
)
from corpus.ingest.seeds import SeedCorpus
from corpus.languages import CHINESE, LANGS
from corpus.model import EDITIONS, Entry, Note, Published, Ruling, Source
from corpus.yaml_files import load_yaml as parse_yaml

ENTRY_KEYS = {
    "id",
    "kind",
    "editions",
    "names",
    "names_from",
    "aliases",
    "keywords",
    "cost",
    "types",
    "text",
    "text_from",
    "text_2e",
    "edition_changes",
    "rulings",
    "related",
    "notes",
    "extra",
}
REQUIRED_ENTRY_KEYS = ("id", "kind", "names")
RULING_KEYS = {"id", "edition", "from", *LANGS, "published"}
NOTE_KEYS = {"id", *LANGS, "from", "published"}
REF_KEYS = {"file", "lines", "sentences"}
PUBLISHED_KEYS = {"repo", "path", "url", "what"}
REPO_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9._-]+$")  # owner/name, as GitHub spells it
URL_RE = re.compile(r"^https://[^\s/]+\.[^\s/]+(/\S*)?$")
WHAT_MAX = 80  # characters of the optional English description
SEED_VARIANTS = "seed_variants"  # extra key holding differences between seed copies of entry/note text
RESTORED_NOTE = "restored-words"  # id of the note ingestion adds where a lost seed word is restored


class CuratedError(CorpusError):
    def __init__(self, file: str, entry_id: str | None, field: str | None, message: str):
        self.file, self.entry_id, self.field, self.message = file, entry_id, field, message
        where = file + (f": entry {entry_id!r}" if entry_id else "") + (f", field {field!r}" if field else "")
        super().__init__(f"{where}: {message}")


@functools.lru_cache(maxsize=8)
def edition_word_pairs(game: str) -> list[tuple[Term, Term]]:
    """The game's terms worded differently by edition (corpus/glossary/<game>.yaml)."""
    return load_glossary().edition_words(game)


def curated_files(curated_dir: Path) -> list[Path]:
    return sorted(Path(curated_dir).rglob("*.yaml"))


def load_yaml(path: Path, display: str) -> list[Any]:
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CuratedError(display, None, None, f"invalid YAML{where}: {problem}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise CuratedError(display, None, None, f"cannot read: {exc}") from exc
    if data is None:
        return []
    if not isinstance(data, list):
        raise CuratedError(display, None, None, "the file must be a YAML list of entries")
    return data


def load_curated(curated_dir: Path, seeds: SeedCorpus) -> list[Entry]:
    if not Path(curated_dir).is_dir():
        raise CuratedError(str(curated_dir), None, None, "is not a folder of curated YAML files")
    entries: list[Entry] = []
    for path in curated_files(curated_dir):
        display = (
            str(path.relative_to(Path(curated_dir).parent.parent))
            if path.is_relative_to(Path(curated_dir).parent.parent)
            else str(path)
        )
        for index, raw in enumerate(load_yaml(path, display)):
            entries.append(build_entry(raw, index, display, seeds))
    return entries


class EntryBuilder:
    """Builds one entry; `fail` raises a CuratedError pointing at the entry and field."""

    def __init__(self, raw: Any, index: int, file: str, seeds: SeedCorpus):
        self.file, self.seeds = file, seeds
        if not isinstance(raw, dict):
            raise CuratedError(file, f"#{index + 1}", None, "each entry must be a mapping")
        self.raw = raw
        self.entry_id = str(raw.get("id") or f"#{index + 1}")

    def fail(self, field: str | None, message: str) -> CuratedError:
        return CuratedError(self.file, self.entry_id, field, message)

    def mapping(self, value: Any, field: str, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field, "must be a mapping")
        unknown = sorted(set(map(str, value)) - allowed)
        if unknown:
            raise self.fail(field, f"unknown key(s) {unknown}; allowed: {sorted(allowed)}")
        return value

    def string_list(self, field: str) -> list[str]:
        value = self.raw.get(field, [])
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
            raise self.fail(field, "must be a list of strings")
        return [str(v) for v in value]

    def localised(self, value: Any, field: str) -> dict[str, str]:
        value = self.mapping(value, field, set(LANGS))
        out = {}
        for lang, text in value.items():
            if not isinstance(text, str) or not text.strip():
                raise self.fail(f"{field}.{lang}", "must be a non-empty string")
            out[lang] = text.strip() if lang == "en" else tidy_chinese(text.strip())
        if "zh-Hans" in out and "zh-Hant" not in out:
            out["zh-Hant"] = to_traditional(out["zh-Hans"])
        return out

    def ref(self, value: Any, field: str) -> Ref:
        value = self.mapping(value, field, REF_KEYS)
        file, lines, sentences = value.get("file"), value.get("lines"), value.get("sentences")
        if not isinstance(file, str):
            raise self.fail(f"{field}.file", "must name a file in corpus/sources/manifest.json")
        pair = self.int_pair(lines, f"{field}.lines")
        if pair is None:
            raise self.fail(f"{field}.lines", "is required: [first, last] (1-based, inclusive)")
        return Ref(file, pair[0], pair[1], self.int_pair(sentences, f"{field}.sentences"))

    def int_pair(self, value: Any, field: str) -> tuple[int, int] | None:
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(field, f"must be two whole numbers [first, last], got {value!r}")
        return value[0], value[1]

    def published(self, value: Any, field: str) -> list[Published]:
        """`published`: citations of published sources, each {repo, path} or {url}, plus `what`."""
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(
                field, "must be a list of citations: {repo: owner/name, path: ...} or {url: https://...}"
            )
        out: list[Published] = []
        for i, item in enumerate(value):
            where = f"{field}[{i}]"
            item = self.mapping(item, where, PUBLISHED_KEYS)
            for key, text in item.items():
                if not isinstance(text, str) or not text.strip():
                    raise self.fail(f"{where}.{key}", "must be a non-empty string")
            repo, path, url, what = (item.get(k) for k in ("repo", "path", "url", "what"))
            if url is not None and (repo is not None or path is not None):
                raise self.fail(where, "give either repo and path or url, not both")
            if url is None and repo is None and path is None:
                raise self.fail(where, "needs repo and path (a file of a repository) or url (a web page)")
            if url is None and (repo is None or path is None):
                missing, given = ("path", "repo") if path is None else ("repo", "path")
                raise self.fail(f"{where}.{missing}", f"is required with {given}")
            if repo is not None and not REPO_RE.match(repo):
                raise self.fail(f"{where}.repo", f"must look like owner/name, got {repo!r}")
            if path is not None and (any(c.isspace() for c in path) or path.startswith("/")):
                raise self.fail(f"{where}.path", f"must be a path in the repository, no spaces: {path!r}")
            if url is not None and not URL_RE.match(url):
                raise self.fail(f"{where}.url", f"must be a web address starting with https://, got {url!r}")
            if what is not None and (len(what) > WHAT_MAX or "\n" in what):
                raise self.fail(f"{where}.what", f"must be one short line (at most {WHAT_MAX} characters)")
            citation = Published(repo=repo, path=path, url=url, what=what.strip() if what else None)
            if citation in out:
                raise self.fail(where, "cites the same source twice")
            out.append(citation)
        return out

    def resolved(self, value: Any, field: str) -> Resolved:
        ref = self.ref(value, field)
        try:
            return resolve(ref, self.seeds)
        except ReferenceError_ as exc:
            raise self.fail(field, str(exc)) from exc

    def build(self) -> Entry:
        raw = self.raw
        unknown = sorted(set(map(str, raw)) - ENTRY_KEYS)
        if unknown:
            raise self.fail(None, f"unknown key(s) {unknown}; allowed: {sorted(ENTRY_KEYS)}")
        for key in REQUIRED_ENTRY_KEYS:
            if raw.get(key) in (None, "", {}):
                raise self.fail(key, "is required")
        entry_id = str(raw["id"])
        text = self.localised(raw["text"], "text") if raw.get("text") is not None else {}
        sources: list[Source] = []
        seed_variants: list[dict[str, Any]] = []
        if raw.get("text_from") is not None:
            found = self.resolved(raw["text_from"], "text_from")
            if "zh-Hans" not in text:  # the seed supplies the Chinese text
                text = {**found.text, **text}
                seed_variants += [{"field": "text", **v} for v in found.variants]
            sources = found.sources
        names = self.localised(raw["names"], "names")
        if raw.get("names_from") is not None:  # an FAQ's question as the seed words it
            found = self.resolved(raw["names_from"], "names_from")
            names = {**names, **found.text}
            seed_variants += [{"field": "names", **v} for v in found.variants]
        cost = raw.get("cost")
        if cost is not None and (not isinstance(cost, int) or isinstance(cost, bool)):
            raise self.fail("cost", f"must be a whole number or null, got {cost!r}")
        extra = raw.get("extra") or {}
        if not isinstance(extra, dict):
            raise self.fail("extra", "must be a mapping")
        try:
            json.dumps(extra, allow_nan=False)
        except (TypeError, ValueError) as exc:
            message = f"must hold only JSON values (text, numbers, lists, mappings): {exc}"
            raise self.fail("extra", message) from exc
        if SEED_VARIANTS in extra:
            raise self.fail(f"extra.{SEED_VARIANTS}", "is filled by ingestion; do not write it")
        notes = [self.note(n, i) for i, n in enumerate(self.list_of("notes"))]
        seed_variants += [{"field": f"notes[{note.id}]", **v} for note, vs in notes for v in vs]
        if seed_variants:
            # Entry and Note have no `variants` field: differences between seed copies in their
            # text are kept here so that none is dropped silently
            extra = {**extra, SEED_VARIANTS: seed_variants}
        rulings = [self.ruling(r, i) for i, r in enumerate(self.list_of("rulings"))]
        restored = restored_note([*seed_variants, *(v for r in rulings for v in r.variants)])
        if restored is not None:
            notes.append((restored, []))
        return Entry(
            id=entry_id,
            game=entry_id.split("/", 1)[0],
            kind=str(raw["kind"]),
            editions=self.string_list("editions"),
            names=names,
            aliases=self.string_list("aliases"),
            keywords=self.string_list("keywords"),
            cost=cost,
            types=self.string_list("types"),
            text=text,
            text_2e=self.localised(raw["text_2e"], "text_2e") if raw.get("text_2e") is not None else None,
            edition_changes=(
                self.localised(raw["edition_changes"], "edition_changes")
                if raw.get("edition_changes") is not None
                else None
            ),
            rulings=rulings,
            related=self.string_list("related"),
            notes=[note for note, _ in notes],
            sources=sources,
            extra=extra,
        )

    def list_of(self, field: str) -> list[Any]:
        value = self.raw.get(field) or []
        if not isinstance(value, list):
            raise self.fail(field, "must be a list")
        return value

    def ruling(self, raw: Any, index: int) -> Ruling:
        field = f"rulings[{index}]"
        raw = self.mapping(raw, field, RULING_KEYS)
        ruling_id = raw.get("id")
        if not isinstance(ruling_id, str) or not ruling_id:
            raise self.fail(f"{field}.id", "is required (a slug)")
        field = f"rulings[{ruling_id}]"
        if raw.get("from") is None:
            raise self.fail(f"{field}.from", "is required: every ruling cites a seed passage")
        if not isinstance(raw.get("en"), str) or not raw["en"].strip():
            raise self.fail(f"{field}.en", "is required: our English rendering")
        found = self.resolved(raw["from"], f"{field}.from")
        edition = raw.get("edition")
        if edition is not None and edition not in EDITIONS:
            raise self.fail(f"{field}.edition", f"must be one of {list(EDITIONS)} or null, got {edition!r}")
        if edition is None:
            found = self.in_both_editions_words(found)
        text = dict(found.text)
        own = {k: raw[k] for k in CHINESE if raw.get(k) is not None}
        if own:
            text = self.localised(own, field)
        text["en"] = raw["en"].strip()
        return Ruling(
            id=ruling_id,
            text=text,
            sources=found.sources,
            edition=edition,
            variants=found.variants,
            published=self.published(raw.get("published"), f"{field}.published"),
        )

    def in_both_editions_words(self, found: Resolved) -> Resolved:
        """A seed passage shown for a ruling of an entry of both editions, with the 2nd edition's
        words where the editions word a game term differently (display.second_edition_word);
        one variant per word replaced keeps the reading of each seed copy."""
        game = str(self.raw.get("id", "")).split("/", 1)[0]
        if not {"1e", "2e"} <= set(self.raw.get("editions") or []):
            return found
        text = dict(found.text)
        variants: list[dict[str, Any]] = []
        for first, second in edition_word_pairs(game):
            readings: dict[str, str] = {}
            lines: dict[str, list[int]] = {}
            for lang in sorted(CHINESE, key=lambda code: code != "zh-Hant"):  # the Traditional copy first
                if lang not in text:
                    continue
                text[lang], old = second_edition_word(text[lang], lang, first, second)
                source = found.origin.get(lang)
                if old is not None and source is not None and source.file not in readings:
                    readings[source.file], lines[source.file] = old, list(source.lines)
            if readings:
                reason = f"a ruling of both editions: the 2nd edition's word for {first.concept}"
                shown = second.words["zh-Hans"]
                variants.append(
                    {
                        "editorial": "edition-word",
                        "readings": readings,
                        "lines": lines,
                        "shown": shown,
                        "reason": reason,
                    }
                )
        if not variants:
            return found
        return Resolved(text, found.sources, found.variants + variants, found.origin)

    def note(self, raw: Any, index: int) -> tuple[Note, list[dict[str, Any]]]:
        """The note and the seed-copy differences in its text (when the seed supplies it)."""
        field = f"notes[{index}]"
        raw = self.mapping(raw, field, NOTE_KEYS)
        note_id = raw.get("id")
        if not isinstance(note_id, str) or not note_id:
            raise self.fail(f"{field}.id", "is required (a slug)")
        field = f"notes[{note_id}]"
        if not isinstance(raw.get("en"), str) or not raw["en"].strip():
            raise self.fail(f"{field}.en", "is required")
        sources: list[Source] = []
        text: dict[str, str] = {}
        variants: list[dict[str, Any]] = []
        own = {k: raw[k] for k in CHINESE if raw.get(k) is not None}
        if raw.get("from") is not None:
            ref = self.ref(raw["from"], f"{field}.from")
            if own and overlaps_dropped(ref, self.seeds):
                # a note explaining dropped seed lines cites them but never carries their text
                try:
                    sources = [cite_only(ref, self.seeds)]
                except ReferenceError_ as exc:
                    raise self.fail(f"{field}.from", str(exc)) from exc
            else:
                found = self.resolved(raw["from"], f"{field}.from")
                sources, text, variants = found.sources, dict(found.text), found.variants
        if own:
            variants = []
            text = self.localised(own, field)
        if not text:
            raise self.fail(f"{field}.zh-Hans", "is required when the note cites no seed passage")
        text["en"] = raw["en"].strip()
        published = self.published(raw.get("published"), f"{field}.published")
        return Note(id=note_id, text=text, sources=sources, published=published), variants


def restored_note(variants: list[dict[str, Any]]) -> Note | None:
    """The note telling the reader that a word of the rulebook's Chinese text is ours: it lost
    the word (the text shows ** in its place) and it is put back from the context. Cites every
    passage concerned; the lost reading itself stays in the ruling's `variants`."""
    restored = [v for v in variants if v.get("editorial") == "restored"]
    if not restored:
        return None
    # every restorable word precedes a two-character word (LOST_WORD_BEFORE): 其他玩家 -> 其他
    words = list(dict.fromkeys(v["shown"][:-2] for v in restored))
    sources = sorted(
        {Source(file, tuple(lines)) for v in restored for file, lines in v["lines"].items()},
        key=lambda s: (s.file, s.lines),
    )
    quoted = "、".join(f"「{w}」" for w in words)
    text = {
        "en": "The Chinese rulebook lost a word here (“other”); it is put back from the context.",
        "zh-Hans": f"规则书中文原文此处缺了一个词，{quoted}是按上下文补上的。",
    }
    text["zh-Hant"] = to_traditional(text["zh-Hans"])
    return Note(id=RESTORED_NOTE, text=text, sources=sources)


def build_entry(raw: Any, index: int, file: str, seeds: SeedCorpus) -> Entry:
    return EntryBuilder(raw, index, file, seeds).build()
