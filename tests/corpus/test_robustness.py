"""Whatever a curated file holds, ingestion either builds a valid dataset or fails with an
IngestError message; it never crashes."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from corpus_fixtures import RULEBOOK, library_entry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.ingest.pipeline import IngestError, build_dataset

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 900), st.text(max_size=8), st.dates(), st.floats(allow_nan=True)
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = ["id", "kind", "editions", "names", "aliases", "keywords", "cost", "types", "text", "text_from",
          "rulings", "related", "notes", "extra", "text_2e", "edition_changes"]  # fmt: skip
REF_PARTS = st.fixed_dictionaries(
    {"file": st.sampled_from([RULEBOOK, "nope.txt", 3]), "lines": values, "sentences": values}
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    field=st.sampled_from(FIELDS),
    value=st.one_of(values, REF_PARTS),
    ruling_part=st.sampled_from(["id", "from", "en", "edition", "zh-Hans"]),
    ruling_value=st.one_of(values, REF_PARTS),
)
def test_any_curated_content_gives_a_dataset_or_a_clear_error(seeds, field, value, ruling_part, ruling_value):
    entry = library_entry()
    entry[field] = value
    if isinstance(entry.get("rulings"), list) and entry["rulings"] and isinstance(entry["rulings"][0], dict):
        entry["rulings"][0][ruling_part] = ruling_value
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "curated" / "dominion" / "fuzz.yaml"
        path.parent.mkdir(parents=True)
        path.write_text(yaml.safe_dump([entry], allow_unicode=True), encoding="utf-8")
        try:
            result = build_dataset(seeds, path.parent.parent)
        except IngestError as exc:
            assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        else:
            assert [e.id for e in result.dataset.entries] == [entry["id"]]
