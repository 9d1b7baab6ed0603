"""English typo look-up: the words a typo is compared with are found through their deletions
(`index.spelling.SpellingVocabulary`); they must be exactly the words a scan of the whole
vocabulary finds, in the same order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import process
from rapidfuzz.distance import OSA

from index.spelling import MAX_NEAR, SpellingVocabulary, correct_english, deletions

WORDS = [
    "library", "militia", "chapel", "cellar", "market", "remodel", "remove", "reveal", "revealed",
    "trash", "trashed", "crash", "cards", "card", "draw", "drew", "shuffle", "shuffles", "thief",
    "throne", "thrones", "room", "moat", "moats", "mine", "mines", "gold", "golds", "bold", "cold",
    "colds", "told", "toll", "tall", "ball", "call", "calls", "call", "alls", "all", "ab", "ba",
]  # fmt: skip
COUNTS = {w: 100 if w in {"library", "militia", "chapel", "moat"} else 1 + i % 7 for i, w in enumerate(WORDS)}
VOCAB = SpellingVocabulary(COUNTS)


def scanned(word: str, limit: int) -> list[tuple[str, int]]:
    """What comparing the word with every vocabulary word finds (the look-up before the index)."""
    found = process.extract(word, COUNTS.keys(), scorer=OSA.distance, score_cutoff=limit, limit=MAX_NEAR)
    return [(w, d) for w, d, _ in found]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(WORDS),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 20), st.sampled_from("abcdelmorst")), max_size=3),
    st.integers(1, 2),
)
def test_near_words_are_the_scan_s_words_in_its_order(word, edits, limit):
    typed = list(word)
    for op, at, letter in edits:  # delete, insert, substitute, swap two neighbours
        i = at % (len(typed) + 1)
        if op == 0 and i < len(typed):
            del typed[i]
        elif op == 1:
            typed.insert(i, letter)
        elif op == 2 and i < len(typed):
            typed[i] = letter
        elif op == 3 and i + 1 < len(typed):
            typed[i], typed[i + 1] = typed[i + 1], typed[i]
    typo = "".join(typed)
    assert VOCAB.near(typo, limit) == scanned(typo, limit)


def test_two_swaps_are_two_edits_away():
    # OSA counts a swap of neighbours as one edit: 'ibrlayr' is two swaps from 'library'.
    assert ("library", 2) in VOCAB.near("ilbrayr", 2)
    assert VOCAB.near("ilbrayr", 1) == []


def test_deletions_reach_every_string_two_characters_shorter():
    assert set(deletions("abc", 2)) == {"abc", "bc", "ac", "ab", "c", "b", "a"}
    assert deletions("abc", 0) == ["abc"]


def test_a_typo_of_a_name_is_corrected_and_a_known_word_is_not():
    assert correct_english("militai", VOCAB) == "militia"
    assert correct_english("chapl", VOCAB) == "chapel"
    assert correct_english("moats", VOCAB) is None  # a word of the vocabulary
    assert correct_english("rom", VOCAB) is None  # too short to correct


def test_a_rare_known_word_one_edit_inside_a_name_is_that_name_misspelt():
    """A misspelling some player's question holds ('milita' once) is known, yet still a typo of the
    name one edit away inside the word; a real word ('marked', 'switch') or a common one is not."""
    vocab = SpellingVocabulary({
        "militia": 100, "milita": 1, "witch": 100, "switch": 1, "market": 100, "marked": 1,
        "marker": 1, "setting": 100, "seating": 2, "throne": 100, "thorne": 1, "chapel": 100,
        "chapels": 1, "deck": 100, "dock": 1, "mannor": 3, "manor": 100, "thone": 1,
    })  # fmt: skip
    assert correct_english("milita", vocab) == "militia"
    assert correct_english("thorne", vocab) == "throne"  # two letters swapped
    assert correct_english("switch", vocab) is None  # the first letter differs: a word of its own
    assert correct_english("marker", vocab) is None  # ... the last letter
    assert correct_english("chapels", vocab) is None  # a plural, not a typo
    assert correct_english("marked", vocab) is None  # reads as real English
    assert correct_english("seating", vocab) is None
    assert correct_english("thone", vocab) == "throne"  # a letter left out
    assert correct_english("dock", vocab) is None  # shorter than RARE_WORD_LENGTH
    assert correct_english("mannor", vocab) is None  # written more often than RARE_WORD


def test_a_misspelt_plural_of_a_name_is_that_plural():
    """The plural a player wrote once weighs as a plain word; its singular misspelt inside is the
    name's: 'mecrhants' is 'merchants'. 'enchants' is no 'merchants' (the first letter differs)."""
    vocab = SpellingVocabulary({"merchant": 100, "merchants": 1, "round": 100, "curse": 100, "bishop": 100})
    assert correct_english("mecrhants", vocab) == "merchants"
    assert correct_english("bishps", vocab) == "bishop"  # no plural in the vocabulary: the name's word
    assert correct_english("crses", vocab) == "curse"
    assert correct_english("enchants", vocab) is None


def test_an_ordinary_english_word_is_never_corrected_into_a_word_of_the_rules():
    """'sister' is no misspelt Silver, nor 'door' the Poor House: the build's list of ordinary
    English words (`SpellingVocabulary.common`) is left alone; a typo beside them is not."""
    vocab = SpellingVocabulary({"silver": 100, "poor": 100, "library": 100}, common=["sister", "door"])
    assert correct_english("sister", vocab) is None
    assert correct_english("door", vocab) is None
    assert correct_english("silvr", vocab) == "silver"
    assert correct_english("libary", vocab) == "library"
    unguarded = SpellingVocabulary({"silver": 100, "poor": 100})
    assert correct_english("sister", unguarded) == "silver"  # what the list is for


def test_the_guarded_words_are_the_common_ones_correction_would_change_but_a_plural():
    """`guarded_words`: frequent English words (wordfreq) that correction would turn into another
    word; a plural made its singular ('cellars') is not guarded, and neither is a rare typo."""
    from index.common_words import guarded_words

    vocab = SpellingVocabulary({"silver": 100, "poor": 100, "cellar": 100, "three": 5, "library": 100})
    guarded = guarded_words(vocab)
    assert {"sister", "door"} <= set(guarded)
    assert "cellars" not in guarded  # read as the name's plural
    assert "libary" not in guarded and "silver" not in guarded  # a typo; a word of the vocabulary
    assert guarded == sorted(guarded)


def test_a_word_that_is_a_card_name_cut_short_is_not_guarded():
    from index.common_words import guarded_words

    vocab = SpellingVocabulary({"diplomat": 100, "silver": 100})
    assert "diploma" in guarded_words(vocab)  # an English word near a rules word...
    assert "diploma" not in guarded_words(vocab, {"diplomat", "silver"})  # ... and a card's name cut short
    assert "sister" in guarded_words(vocab, {"diplomat", "silver"})  # near 'silver', but not cut from it


def _chinese_names(*names: tuple[str, str, tuple[str, ...]]):
    from index.lexicon import NameForm
    from index.spelling import pinyin_table

    return pinyin_table(
        NameForm(entry, norm, norm, True, False, "".join(sylls), "".join(s[0] for s in sylls), sylls)
        for entry, norm, sylls in names
    )


LIGHTHOUSE = ("citadels/lighthouse", "灯塔", ("deng", "ta"))
HOSPITAL = ("citadels/hospital", "医院", ("yi", "yuan"))


def test_two_characters_one_of_them_a_stop_word_are_two_words_not_a_misspelt_name():
    """'还是等他回合做完' waits for him (等他); it is no misspelt 灯塔. The same run without the
    stop words is read as the name, as 刺课 is read as 刺客."""
    from index.spelling import correct_chinese

    table = _chinese_names(LIGHTHOUSE)
    words = lambda run: list(run)  # noqa: E731 - every character a word: no word is cut through
    never = lambda w: False  # noqa: E731
    assert correct_chinese("还是等他回合做完", table, never, words, frozenset({"他"})) == []
    (fixed,) = correct_chinese("还是等他回合做完", table, never, words)
    assert (fixed.wrong, fixed.right) == ("等他", "灯塔")


def test_everyday_chinese_words_sounding_like_a_name_are_listed_from_the_whole_dictionary():
    """`guarded_chinese`: 一元 (one yuan, counted 168 times) sounds like 医院 (the Hospital) and is
    a word; a name itself, a rare word and one sounding like no name are not listed."""
    from index.common_words import ZH_COMMON_FREQ, guarded_chinese
    from index.spelling import sounds_like_a_name

    table = _chinese_names(LIGHTHOUSE, HOSPITAL)
    assert sounds_like_a_name("一元", table) and not sounds_like_a_name("医院", table)
    dictionary = [("一元", 168), ("医院", 5000), ("意愿", ZH_COMMON_FREQ - 1), ("吃掉", 323), ("等他", 0)]
    assert guarded_chinese(dictionary, table) == ["一元"]
