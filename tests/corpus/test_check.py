"""`refapp ingest` writes the dataset deterministically; `--check` detects any change; curated
errors exit 1 with a readable message and no traceback."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner
from corpus_fixtures import citadels_entry, library_entry

from corpus.ingest.pipeline import check
from corpus.model import SOURCES_DIR, load_dataset
from refapp.cli import main


def ingest_cli(*args: str):
    return CliRunner().invoke(main, ["ingest", "--no-coverage", *args])


def test_ingest_writes_a_dataset_that_check_accepts(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()], "citadels/c.yaml": [citadels_entry()]})
    out = tmp_path / "dataset.json"
    result = ingest_cli("--curated-dir", str(root), "--dataset", str(out))
    assert result.exit_code == 0, result.output
    assert "2 entries" in result.output
    ds = load_dataset(out)
    assert len(ds.version) == 16 and [e.id for e in ds.entries] == ["citadels/assassin", "dominion/library"]
    assert "图书馆" in out.read_text(encoding="utf-8")  # ensure_ascii=False
    assert check(out, SOURCES_DIR, root) == []
    assert ingest_cli("--check", "--curated-dir", str(root), "--dataset", str(out)).exit_code == 0


def test_check_detects_an_edited_dataset(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    out = tmp_path / "dataset.json"
    assert ingest_cli("--curated-dir", str(root), "--dataset", str(out)).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["entries"][0]["names"]["en"] = "Libary"
    out.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    differences = check(out, SOURCES_DIR, root)
    assert "entry dominion/library: differs in names" in differences
    result = ingest_cli("--check", "--curated-dir", str(root), "--dataset", str(out))
    assert result.exit_code == 1
    assert "not reproducible" in result.output and "dominion/library" in result.output


def test_check_detects_a_curated_change_not_yet_ingested(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    out = tmp_path / "dataset.json"
    assert ingest_cli("--curated-dir", str(root), "--dataset", str(out)).exit_code == 0
    curated_dir({"citadels/c.yaml": [citadels_entry()]})
    differences = check(out, SOURCES_DIR, root)
    assert differences[0].startswith("version: committed ")
    assert differences[1:] == ["entry citadels/assassin: missing from the committed dataset"]


def test_check_reports_a_missing_dataset(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    result = ingest_cli("--check", "--curated-dir", str(root), "--dataset", str(tmp_path / "none.json"))
    assert result.exit_code == 1 and "does not exist" in result.output


def test_bad_curated_yaml_exits_1_with_file_entry_and_field_and_writes_nothing(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry(cost="five")]})
    out = tmp_path / "dataset.json"
    result = ingest_cli("--curated-dir", str(root), "--dataset", str(out))
    assert result.exit_code == 1
    assert "cards.yaml: entry 'dominion/library', field 'cost'" in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert not out.exists()


def test_entries_lists_id_kind_game_editions_names(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    out = tmp_path / "dataset.json"
    ingest_cli("--curated-dir", str(root), "--dataset", str(out))
    result = CliRunner().invoke(main, ["entries", "--json", "--dataset", str(out)])
    assert json.loads(result.output) == [
        {
            "id": "dominion/library",
            "kind": "card",
            "game": "dominion",
            "editions": ["1e", "2e"],
            "names": {"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書館"},
        }
    ]
    table = CliRunner().invoke(main, ["entries", "--dataset", str(out)]).output
    assert table.startswith("dominion/library\tcard\tdominion\t1e,2e\tLibrary / 图书馆 / 圖書館")


def test_entries_without_a_dataset_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(main, ["entries", "--dataset", str(tmp_path / "missing.json")])
    assert result.exit_code == 1 and "run `refapp ingest`" in result.output


def test_ingest_prints_seed_passages_no_entry_cites(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    result = CliRunner().invoke(
        main, ["ingest", "--curated-dir", str(root), "--dataset", str(tmp_path / "d.json")]
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert any(line.startswith("coverage: ") for line in lines)
    assert any("000_2dfe370fb22f4214.txt 403-405 card" in line and "Laboratory" in line for line in lines)
    assert not any("000_2dfe370fb22f4214.txt 407-415" in line for line in lines)  # Library is cited
    assert not any("002_0055ec9b52a42cc5.txt 285-289" in line for line in lines)  # ... and its 002 copy


def test_an_altered_seed_is_refused_by_its_manifest_checksum(curated_dir, tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES_DIR, sources)
    seed = sources / "000_2dfe370fb22f4214.txt"
    seed.write_text(seed.read_text(encoding="utf-8").replace("圖書館", "图书馆"), encoding="utf-8")
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    out = tmp_path / "dataset.json"
    result = ingest_cli("--sources-dir", str(sources), "--curated-dir", str(root), "--dataset", str(out))
    assert result.exit_code == 1
    assert "000_2dfe370fb22f4214.txt does not match its manifest sha256" in result.output
    assert not out.exists()


def test_check_reports_a_malformed_dataset_file_without_crashing(curated_dir, tmp_path):
    root = curated_dir({"dominion/cards.yaml": [library_entry()]})
    out = tmp_path / "dataset.json"
    for content in ("{not json", '{"entries": [{"no id": 1}]}', "[1, 2]"):
        out.write_text(content, encoding="utf-8")
        result = ingest_cli("--check", "--curated-dir", str(root), "--dataset", str(out))
        assert result.exit_code == 1 and "run `refapp ingest`" in result.output, content


def test_entries_with_a_malformed_dataset_is_a_clear_error(tmp_path):
    out = tmp_path / "dataset.json"
    for content in ("{not json", "[1]", '{"version": "x", "entries": [{"id": 1}]}'):
        out.write_text(content, encoding="utf-8")
        result = CliRunner().invoke(main, ["entries", "--dataset", str(out)])
        assert result.exit_code == 1 and "run `refapp ingest`" in result.output, content


def test_a_missing_curated_folder_is_an_error_and_writes_nothing(tmp_path):
    out = tmp_path / "dataset.json"
    result = ingest_cli("--curated-dir", str(tmp_path / "nowhere"), "--dataset", str(out))
    assert result.exit_code == 1 and "is not a folder of curated YAML files" in result.output
    assert not out.exists()
