"""Questions players ask, attached to the rulings (and entries) that answer them.

`corpus/questions/<game>/*.yaml` maps `<entry id>#<ruling id>` (or an entry id, for the entry's
own text: an FAQ's answer, a rule's body) to the questions, written in our own words in any of
the three scripts or English, that a player at the table would ask to get that answer. They are
search data only (the index gives them their own field), never shown as rules text. Pure
functions apart from reading the files."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import yaml

from corpus.errors import CorpusError
from corpus.model import Entry
from corpus.yaml_files import load_yaml

MAX_QUESTION = 200  # characters: a question, not a passage


class QuestionsError(CorpusError, ValueError):
    """A questions file that cannot be used; the message names the file and the key."""


def questions_dir(curated_dir: Path) -> Path:
    """The questions live beside the curated YAML: corpus/questions next to corpus/curated."""
    return Path(curated_dir).parent / "questions"


def load_questions(folder: Path) -> dict[str, list[str]]:
    """Every question file under `folder` (none when it does not exist): target id -> questions."""
    out: dict[str, list[str]] = {}
    if not Path(folder).is_dir():
        return out
    for path in sorted(Path(folder).rglob("*.yaml")):
        name = path.relative_to(Path(folder).parent).as_posix()
        for key, qs in _read(path, name).items():
            if key in out:
                raise QuestionsError(f"{name}: {key}: listed in another questions file too")
            out[key] = qs
    return out


def _read(path: Path, name: str) -> dict[str, list[str]]:
    try:
        data: Any = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise QuestionsError(f"{name}: cannot be read: {exc}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise QuestionsError(f"{name}: must map '<entry id>#<ruling id>' to a list of questions")
    out: dict[str, list[str]] = {}
    for key, qs in data.items():
        if not isinstance(key, str):
            raise QuestionsError(f"{name}: {key!r}: keys are ids written as text")
        if not isinstance(qs, list) or not qs:
            raise QuestionsError(f"{name}: {key}: must be a non-empty list of questions")
        cleaned = []
        for q in qs:
            if not isinstance(q, str) or not q.strip():
                raise QuestionsError(f"{name}: {key}: every question must be non-empty text")
            q = " ".join(q.split())
            if len(q) > MAX_QUESTION:
                raise QuestionsError(
                    f"{name}: {key}: a question is over {MAX_QUESTION} characters: {q[:40]}…"
                )
            cleaned.append(q)
        out[key] = list(dict.fromkeys(cleaned))
    return out


def attach_questions(entries: list[Entry], questions: dict[str, list[str]]) -> list[Entry]:
    """The entries with each ruling's (and entry's) questions set; an id that names no entry or
    ruling raises QuestionsError naming it."""
    targets: dict[str, tuple[int, int | None]] = {}
    for i, e in enumerate(entries):
        targets[e.id] = (i, None)
        for j, r in enumerate(e.rulings):
            targets[f"{e.id}#{r.id}"] = (i, j)
    unknown = sorted(k for k in questions if k not in targets)
    if unknown:
        raise QuestionsError(f"questions for ids that name no entry or ruling: {', '.join(unknown[:10])}")
    out = list(entries)
    by_entry: dict[int, dict[int | None, list[str]]] = {}
    for key, qs in questions.items():
        i, j = targets[key]
        by_entry.setdefault(i, {})[j] = qs
    for i, found in by_entry.items():
        e = out[i]
        rulings = [
            dataclasses.replace(r, questions=found[j]) if j in found else r for j, r in enumerate(e.rulings)
        ]
        out[i] = dataclasses.replace(e, rulings=rulings, questions=found.get(None, e.questions))
    return out
