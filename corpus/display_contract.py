"""The display-text contract: what a player reads holds no working notes, no half-width
punctuation between Chinese characters, one word per concept (the glossary) and, in Traditional
Chinese, Taiwan usage.

`scan(fields, glossary, taiwan)` is pure: it takes the displayed fields (`Field`: one text in one
script, where it is shown, which game and edition it belongs to) and returns `Finding`s.
`dataset_fields(ds)` lists the dataset's displayed fields; `all_fields()` adds every scenario's
title and description, every narrated demo step (each scenario run with the web app's card
names), the interface strings and the tools' data. `all_fields` imports `engine` and `refapp`
when called: it is a check over the whole product, not part of ingestion.

`scripts/check_display_text.py` prints the findings grouped by game and kind;
`tests/corpus/test_display_contract.py` holds the real data to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpus.aliases import displayed_aliases
from corpus.games import game_of_key
from corpus.glossary import Glossary, load_glossary
from corpus.model import LANGS, Dataset, Entry, load_dataset
from corpus.yaml_files import load_yaml

TAIWAN_VOCABULARY = Path(__file__).resolve().parent / "taiwan" / "vocabulary.yaml"
REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Field:
    """One displayed text in one script. ``area``: dataset | scenario | narration | ui | tools;
    ``where``: a readable address (entry#ruling and role, scenario and step, string key)."""

    area: str
    game: str | None
    edition: str | None
    lang: str
    where: str
    text: str
    role: str = "text"  # name | alias | text | ruling | note | title | description | say | string


@dataclass(frozen=True)
class Finding:
    kind: str  # working-word | setting-name | id | file-number | line-number | repo-path |
    #            placeholder | half-width | quote | spacing | glossary | mainland-word | alias-collision
    field: Field
    match: str
    detail: str = ""

    def excerpt(self, width: int = 18) -> str:
        text = self.field.text
        i = text.find(self.match)
        if i < 0:
            return text[: 2 * width]
        start, end = max(0, i - width), min(len(text), i + len(self.match) + width)
        return ("…" if start else "") + text[start:end].replace("\n", " ") + ("…" if end < len(text) else "")


# --- the rules ---------------------------------------------------------------------------------

HAN = "\u3400-\u9fff\uf900-\ufaff"
_PLACEHOLDER_FMT = re.compile(r"\{[a-z_][a-z0-9_]*\}")  # interface strings' {name} slots

# (kind, pattern, detail); every pattern runs over every script
RULES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("working-word", re.compile(r"\bseeds?\b|\bseed's\b", re.I), "the source documents are not 'the seed'"),
    ("working-word", re.compile(r"种子|種子"), "the source documents are not 种子"),
    ("working-word", re.compile(r"\bengines?\b", re.I), "the program is not a narrator"),
    ("working-word", re.compile(r"引擎"), "the program is not a narrator"),
    ("working-word", re.compile(r"\bdataset\b|数据集|資料集|\bcurated\b|\bingest", re.I), "dataset history"),
    (
        "setting-name",
        re.compile(r"(?<![A-Za-z0-9_])[a-z]+(?:_[a-z0-9]+)+(?![A-Za-z0-9_])"),
        "a setting or key name",
    ),
    ("id", re.compile(r"\b(?:dominion|citadels)/[a-z]"), "an entry id"),
    ("id", re.compile(r"[a-z0-9]#[a-z]"), "a ruling id"),
    ("id", re.compile(r"(?<![A-Za-z0-9-])[a-z0-9]+(?:-[a-z0-9]+){3,}(?![A-Za-z0-9-])"), "a slug"),
    ("file-number", re.compile(r"(?<![\d.,$])00\d(?![\d])|\b\d{3}_[0-9a-f]{6,}"), "a source-file number"),
    ("line-number", re.compile(r"\blines? \d+", re.I), "a line number in prose"),
    ("line-number", re.compile(r"第\s*\d+(?:\s*[、,，–—\-~至到]\s*\d+)*\s*行"), "a line number in prose"),
    ("repo-path", re.compile(r"https?://|github|\bbuild/resources\b", re.I), "an address or repository"),
    ("repo-path", re.compile(r"\b[\w.-]+/[\w./-]*\.(?:tsv|json|ya?ml|txt|md|csv|py|html?)\b"), "a file path"),
    ("placeholder", re.compile(r"\[[^\]\n]{0,24}\]|［[^］\n]{0,24}］"), "a bracketed placeholder"),
    ("placeholder", re.compile(r"\bTODO\b|\bTBD\b|\bFIXME\b|\bXXX\b|\?\?|\*\*|\ufffd"), "a placeholder"),
)
# a slug-like word in Chinese text: lower-case ASCII words joined by hyphens ("two-characters")
_ZH_SLUG = re.compile(r"(?<![A-Za-z0-9-])[a-z]+(?:-[a-z0-9]+)+(?![A-Za-z0-9-])")
# or ending a Chinese line; after a Chinese character or a full-width closing bracket
HALF_WIDTH = re.compile(rf"(?<=[{HAN}）」』])[ \t]*[,;:?.!][ \t]*(?=[{HAN}]|\n|$)")
# half-width parentheses around Chinese words: '（蓝色）' in both scripts ('Card(s)' is not one)
HALF_WIDTH_PARENS = re.compile(rf"\([^()\n]*[{HAN}][^()\n]*\)|(?<=[{HAN}])\(|\)(?=[{HAN}])")
# a space outside a full-width parenthesis next to a Chinese character: '角色 （而非玩家） 並'
PAREN_SPACE = re.compile(rf"(?<=[{HAN}])[ \t]+（|）[ \t]+(?=[{HAN}])")
# a Latin word run into a Chinese character ('FAQ稱他為', 'Bob展示'): everywhere. A number run
# into one ('拿取2枚金币', '获得+1行动') in what this project writes (scenarios, narration, the
# interface, the tools), where the rule is a space as around a Latin word ('拿取 2 枚金币'); the
# dataset keeps its sources' own spacing of numbers.
LATIN_HAN = re.compile(rf"[{HAN}][A-Za-z]|[A-Za-z][{HAN}]")
LATIN_HAN_AREAS = ("dataset", "scenario", "narration", "ui", "tools")
NUMBER_HAN = re.compile(rf"[{HAN}](?:\+?\d)|\d[{HAN}]")
NUMBER_HAN_AREAS = ("scenario", "narration", "ui", "tools")
# quotation marks: Taiwan text quotes with 「」 (『』 nested), mainland text with “” (‘’ nested; never
# a straight " nor 「」『』)
QUOTES = {"zh-Hant": re.compile('[“”‘’"]'), "zh-Hans": re.compile('[「」『』"]')}
_TAIWAN_QUOTE = re.compile("[「」『』]")


def nested_first(text: str) -> Iterator[re.Match[str]]:
    """A 『 opening a quotation that is not inside 「」 (Taiwan text nests 『』 in 「」)."""
    depth = 0
    for m in _TAIWAN_QUOTE.finditer(text):
        if m.group(0) in "「『":
            if m.group(0) == "『" and depth % 2 == 0:
                yield m
            depth += 1
        else:
            depth = max(0, depth - 1)


@dataclass(frozen=True)
class TaiwanWord:
    """A word Taiwan readers would not write, with what they write instead."""

    avoid: str
    use: str


def load_taiwan_vocabulary(path: Path = TAIWAN_VOCABULARY) -> list[TaiwanWord]:
    """The rows of corpus/taiwan/vocabulary.yaml that a zh-Hant field must not contain."""
    if not path.exists():
        return []
    rows = load_yaml(path.read_text(encoding="utf-8")) or []
    out = []
    for row in rows:
        if "mainland" in row and row.get("check", True):
            out.append(TaiwanWord(avoid=str(row["mainland"]), use=str(row["taiwan"])))
    return out


def scan_text(f: Field) -> Iterator[Finding]:
    """The working-word and punctuation findings of one field."""
    text = _PLACEHOLDER_FMT.sub("", f.text) if f.area in ("ui", "tools") else f.text
    rules = RULES + ((("id", _ZH_SLUG, "an id or setting value in Chinese text"),) if f.lang != "en" else ())
    seen: set[tuple[str, int]] = set()  # a match two patterns of one kind find is one finding
    for kind, pattern, detail in rules:
        for m in pattern.finditer(text):
            if (kind, m.start()) not in seen:
                seen.add((kind, m.start()))
                yield Finding(kind, f, m.group(0), detail)
    if f.lang != "en":
        for m in HALF_WIDTH.finditer(text):
            yield Finding(
                "half-width", f, m.group(0).strip(), "half-width punctuation between Chinese characters"
            )
        for m in HALF_WIDTH_PARENS.finditer(text):
            yield Finding("half-width", f, m.group(0), "half-width parentheses around Chinese words: （）")
        for m in PAREN_SPACE.finditer(text):
            yield Finding("half-width", f, m.group(0), "a space beside a full-width parenthesis")
        if f.area in LATIN_HAN_AREAS and f.role != "alias":  # an alias is what players type
            for m in LATIN_HAN.finditer(text):
                yield Finding("spacing", f, m.group(0), "a space between a Latin word and Chinese")
        if f.area in NUMBER_HAN_AREAS:
            for m in NUMBER_HAN.finditer(text):
                yield Finding("spacing", f, m.group(0), "a space between a number and Chinese")
        if f.lang == "zh-Hant":
            for m in nested_first(text):
                yield Finding("quote", f, m.group(0), "『』 only inside 「」: a quotation opens with 「")
        for m in QUOTES[f.lang].finditer(text):
            use = "「」 (『』 nested)" if f.lang == "zh-Hant" else "“”"
            yield Finding("quote", f, m.group(0), f"quotation marks of this script: {use}")


def scan(
    fields: Iterable[Field], glossary: Glossary | None = None, taiwan: list[TaiwanWord] | None = None
) -> list[Finding]:
    """Every finding over ``fields``: working words, half-width punctuation, glossary `avoid`
    words in text of the row's game (and edition), mainland words in zh-Hant text, and an
    alias shown that is another entry's name in the same game and script."""
    terms = list(glossary.terms) if glossary else []
    both = {game: glossary.edition_words(game) for game in {t.game for t in terms}} if glossary else {}
    taiwan = taiwan or []
    findings: list[Finding] = []
    names: dict[tuple[str | None, str, str], str] = {}  # (game, lang, name) -> where
    aliases: list[Field] = []
    for f in fields:
        findings.extend(scan_text(f))
        if f.role != "alias":  # an alias is by definition another word for the thing
            for term in terms:
                if term.applies_to(f.game, f.edition):
                    for word in term.avoid.get(f.lang, ()):
                        if word in f.text:
                            use = term.words.get(f.lang, "?")
                            findings.append(Finding("glossary", f, word, f"{term.concept}: write {use}"))
        if f.role == "ruling" and f.edition is None and f.lang != "en":  # a ruling of both editions
            for first, second in both.get(str(f.game), ()):
                word = first.words.get(f.lang)
                if word and word != second.words.get(f.lang) and word in f.text:
                    use = second.words.get(f.lang, "?")
                    detail = f"a ruling of both editions: the 2nd edition's word for {first.concept}, {use}"
                    findings.append(Finding("glossary", f, word, detail))
        if f.lang == "zh-Hant":
            for w in taiwan:
                if w.avoid in f.text:
                    findings.append(Finding("mainland-word", f, w.avoid, f"Taiwan usage: {w.use}"))
        if f.role == "name":
            names.setdefault((f.game, f.lang, f.text), f.where)
        elif f.role == "alias":
            aliases.append(f)
    for f in aliases:
        owner = names.get((f.game, f.lang, f.text))
        if owner is not None and owner.split(" ")[0] != f.where.split(" ")[0]:
            findings.append(Finding("alias-collision", f, f.text, f"also the name of {owner.split(' ')[0]}"))
    return findings


# --- the fields --------------------------------------------------------------------------------


def _single_edition(e: Entry) -> str | None:
    eds = [ed for ed in e.editions if ed in ("1e", "2e")]
    return eds[0] if len(eds) == 1 else None


def _localised(
    area: str, game: str | None, edition: str | None, where: str, value: dict[str, Any] | None, role: str
) -> Iterator[Field]:
    for lang in LANGS:
        text = (value or {}).get(lang)
        if isinstance(text, str) and text:
            yield Field(area, game, edition, lang, where, text, role)


def entry_fields(e: Entry) -> Iterator[Field]:
    ed = _single_edition(e)
    yield from _localised("dataset", e.game, ed, f"{e.id} name", e.names, "name")
    names_2e = e.extra.get("names_2e")
    if isinstance(names_2e, dict):
        yield from _localised("dataset", e.game, "2e", f"{e.id} 2nd-edition name", names_2e, "name")
    for lang in LANGS:
        for a in displayed_aliases(e.aliases, lang, e.names):
            yield Field("dataset", e.game, ed, lang, f"{e.id} alias", a, "alias")
    text_ed = "1e" if e.text_2e and ed is None and "1e" in e.editions else ed
    yield from _localised("dataset", e.game, text_ed, f"{e.id} text", e.text, "text")
    if e.text_2e:
        yield from _localised("dataset", e.game, "2e", f"{e.id} 2nd-edition text", e.text_2e, "text")
    if e.edition_changes:
        yield from _localised("dataset", e.game, None, f"{e.id} edition changes", e.edition_changes, "text")
    for r in e.rulings:
        yield from _localised("dataset", e.game, r.edition or ed, f"{e.id}#{r.id} ruling", r.text, "ruling")
    for n in e.notes:
        yield from _localised("dataset", e.game, ed, f"{e.id} note {n.id}", n.text, "note")


def dataset_fields(ds: Dataset) -> list[Field]:
    return [f for e in ds.entries for f in entry_fields(e)]


def _walk_localised(value: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every {en, zh-Hans, zh-Hant} dict inside a JSON-like value, with its path."""
    if isinstance(value, dict):
        if "en" in value and "zh-Hans" in value:
            yield path, value
            return
        for k, v in value.items():
            yield from _walk_localised(v, f"{path}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk_localised(v, f"{path}/{i}")


def scenario_fields(dataset: Dataset) -> list[Field]:
    """Every scenario's title and description and every narrated step of its run, with the
    names the web app gives the engine (refapp.catalog.Catalog.slug_names)."""
    import engine
    from refapp.catalog import Catalog

    catalog = Catalog.from_dataset(dataset)
    out: list[Field] = []
    for info in engine.list_scenarios():
        sc = engine.load_scenario(info.id)
        ed = sc.edition if sc.edition in ("1e", "2e") else None
        where = f"scenario {info.id}"
        out.extend(_localised("scenario", sc.game, ed, f"{where} title", dict(sc.title or {}), "title"))
        out.extend(
            _localised(
                "scenario", sc.game, ed, f"{where} description", dict(sc.description or {}), "description"
            )
        )
        run = engine.run_scenario(sc, catalog.slug_names(sc.game, sc.edition)).to_dict()
        for ev in run.get("events", []):
            out.extend(
                _localised("narration", sc.game, ed, f"{where} step {ev.get('seq')}", ev.get("say"), "say")
            )
    return out


def ui_fields() -> list[Field]:
    """The interface strings (refapp.i18n, refapp/tools_strings.yaml) and the tools' data."""
    from engine.tables.export import export_tables
    from refapp import i18n, source_reader, tools_strings, understood_chips

    out: list[Field] = []
    tables = (
        (i18n._TABLE, "i18n"),
        (tools_strings._TABLE, "tools_strings"),
        (source_reader.STRINGS, "sources_page"),
        (understood_chips.STRINGS, "understood"),
    )
    for table, name in tables:
        for key, row in table.items():
            game = game_of_key(key)
            for lang, text in row.items():
                out.append(Field("ui", game, None, lang, f"{name} {key}", text, "string"))
    for path, value in _walk_localised(export_tables(), "tools"):
        out.extend(_localised("tools", game_of_key(path), None, path, value, "string"))
    return out


def all_fields(dataset: Dataset | None = None) -> list[Field]:
    ds = dataset if dataset is not None else load_dataset()
    return dataset_fields(ds) + scenario_fields(ds) + ui_fields()


def check_all(dataset: Dataset | None = None) -> tuple[list[Field], list[Finding]]:
    fields = all_fields(dataset)
    return fields, scan(fields, load_glossary(), load_taiwan_vocabulary())


def owner(f: Field) -> str:
    """Who writes the text of a field (for the report): the game's curated data, the
    scenarios/narration, or the interface."""
    if f.area == "dataset":
        return f"{f.game} data"
    if f.area in ("scenario", "narration"):
        return f"{f.game} {f.area}"
    return f.area
