"""Players' questions (`corpus/questions/`) are attached to the rulings they name; a file that
names nothing or holds no questions stops ingestion with the file and key named."""

from __future__ import annotations

import pytest
from corpus_fixtures import library_entry

from corpus.ingest.pipeline import IngestError, build_dataset
from corpus.ingest.questions import questions_dir
from corpus.model import DATASET_PATH, load_dataset


def write_questions(root, name: str, text: str) -> None:
    path = questions_dir(root) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_questions_are_attached_to_the_ruling_and_the_entry(curated_dir, seeds):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    write_questions(
        root,
        "dominion/cards.yaml",
        "dominion/library#set-aside-not-shuffled:\n"
        "  - 跳过的牌  会被洗进去吗\n  - do skipped cards get shuffled\n"
        "dominion/library:\n  - what does library do\n",
    )
    (entry,) = build_dataset(seeds, root).dataset.entries
    assert entry.rulings[0].questions == ["跳过的牌 会被洗进去吗", "do skipped cards get shuffled"]
    assert entry.questions == ["what does library do"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dominion/library#no-such-ruling:\n  - q\n", "dominion/library#no-such-ruling"),
        ("dominion/nothing:\n  - q\n", "dominion/nothing"),
        ("dominion/library#set-aside-not-shuffled: []\n", "non-empty list"),
        ("dominion/library#set-aside-not-shuffled:\n  - ''\n", "non-empty text"),
        ("- just a list\n", "must map"),
        ("dominion/library: [unclosed\n", "cannot be read"),
        (f"dominion/library:\n  - {'x' * 201}\n", "over 200 characters"),
    ],
)
def test_a_bad_questions_file_stops_ingestion_naming_the_problem(curated_dir, seeds, text, message):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    write_questions(root, "dominion/cards.yaml", text)
    with pytest.raises(IngestError) as err:
        build_dataset(seeds, root)
    assert message in str(err.value)
    assert "questions/dominion/cards.yaml" in str(err.value) or "name no entry" in str(err.value)


def test_the_same_id_in_two_files_is_refused(curated_dir, seeds):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    write_questions(root, "dominion/a.yaml", "dominion/library:\n  - q1\n")
    write_questions(root, "dominion/b.yaml", "dominion/library:\n  - q2\n")
    with pytest.raises(IngestError, match="another questions file"):
        build_dataset(seeds, root)


def test_the_shipped_dataset_carries_the_questions_of_corpus_questions():
    ds = load_dataset(DATASET_PATH)
    asked = [q for e in ds.entries for q in [*e.questions, *(q for r in e.rulings for q in r.questions)]]
    files = list(questions_dir(DATASET_PATH.parent.parent / "curated").rglob("*.yaml"))
    assert bool(asked) == bool(files)
