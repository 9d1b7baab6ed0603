"""Off-topic passages are found from markers in the text, logged, and never reach the dataset."""

from __future__ import annotations

import pytest
from corpus_fixtures import COPY_001, COPY_002, RULEBOOK, SECOND_ED, seed_line

from corpus.ingest.noise import NoiseMarkerMissing, find_noise
from corpus.ingest.sources import SourceText


def ranges(seeds, file):
    return [(r.first, r.last) for r in seeds.dropped[file]]


def test_video_game_chat_at_top_of_001_is_dropped_up_to_the_first_heading(seeds):
    assert ranges(seeds, COPY_001) == [(1, 7)]
    assert seed_line(COPY_001, 9) == "回合概览"
    assert "罗马全面战争" in seed_line(COPY_001, 3)


def test_everything_before_the_board_game_section_of_002_is_dropped(seeds):
    first = seeds.dropped[COPY_002][0]
    assert (first.first, first.last) == (1, 62)
    assert seed_line(COPY_002, 62) == "3 桌面游戏"
    assert "international law" in first.reason


def test_004_ratings_table_and_where_to_learn_are_dropped_but_rules_are_kept(seeds):
    dropped = ranges(seeds, SECOND_ED)
    assert (34, 47) in dropped  # WANGO ratings table
    assert (48, 54) in dropped  # player-decision Q&A incl. "where to learn"
    kept_lines = {n for p in seeds.documents[SECOND_ED].paragraphs for n in p.char_lines}
    assert {9, 10, 17, 19, 20} <= kept_lines


def test_every_dropped_range_has_a_reason_and_lies_inside_its_file(seeds):
    for file, found in seeds.dropped.items():
        for r in found:
            assert r.reason and 1 <= r.first <= r.last <= seeds.sources[file].line_count


def test_no_document_keeps_a_dropped_line(seeds):
    for file, doc in seeds.documents.items():
        dropped = {n for r in seeds.dropped[file] for n in range(r.first, r.last + 1)}
        assert not dropped & set(doc.char_lines)


def test_000_rulebook_keeps_everything_but_its_publisher_note(seeds):
    [note] = seeds.dropped[RULEBOOK]
    assert note.reason == "publisher note on the Chinese edition (not rules)"
    assert note.last == seeds.sources[RULEBOOK].line_count


def test_boundaries_come_from_markers_not_line_numbers():
    lines = ("闲聊", "", "文明", "回合概览", "正文")
    shifted = SourceText("001_7639e61cb57940a3.txt", "zh-Hans", "dominion", "1e", lines)
    assert [(r.first, r.last) for r in find_noise(shifted)] == [(1, 3)]
    missing = SourceText("001_7639e61cb57940a3.txt", "zh-Hans", "dominion", "1e", ("闲聊", "正文"))
    with pytest.raises(NoiseMarkerMissing):
        find_noise(missing)
