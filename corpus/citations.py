"""Citations for people: the title of a cited document in the reader's script and its address.

A source line names a seed file by its title (`corpus/citations.yaml`, `documents`) and a
published citation by a title too (`published`, matched by repository and path or by the start
of the address); line numbers and repository paths are never in the prose, only in links.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from corpus.languages import LANGS, pick
from corpus.model import Published
from corpus.yaml_files import load_yaml

CITATIONS_FILE = Path(__file__).resolve().parent / "citations.yaml"
UNNAMED = {"en": "a published source", "zh-Hans": "已出版资料", "zh-Hant": "已出版資料"}


@dataclass(frozen=True)
class Titles:
    documents: dict[str, dict[str, str]]
    published: tuple[dict[str, Any], ...]

    def document(self, file: str, lang: str) -> str:
        """A seed file's title in ``lang`` or its fallback (the file name itself if the data lacks it)."""
        return pick(self.documents.get(file), lang) or file

    def published_title(self, p: Published, lang: str) -> str:
        for row in self.published:
            if p.repo and row.get("repo") == p.repo and row.get("path") == p.path:
                return str(pick(row, lang))
            if p.url and row.get("url") and p.url.startswith(str(row["url"])):
                page = unquote(urlsplit(p.url).path.rstrip("/").rsplit("/", 1)[-1]).replace("_", " ")
                return str(pick(row, lang)).replace("{page}", page or "")
        if lang == "en" and p.what:
            return p.what
        return pick(UNNAMED, lang)


def published_url(p: Published) -> str:
    """The address one tap away: the web page, or the file on GitHub."""
    if p.url:
        return p.url
    return f"https://github.com/{p.repo}/blob/HEAD/{p.path}"


def load_titles(path: Path = CITATIONS_FILE) -> Titles:
    raw = load_yaml(Path(path).read_text(encoding="utf-8")) or {}
    documents = {
        str(k): {lang: str(v[lang]) for lang in LANGS if lang in v}
        for k, v in (raw.get("documents") or {}).items()
    }
    return Titles(documents=documents, published=tuple(raw.get("published") or ()))


@lru_cache(maxsize=1)
def titles() -> Titles:
    return load_titles()
