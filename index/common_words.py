"""Ordinary words a player types on purpose, which typo correction must leave alone.

The corpus's vocabulary (`index.builder._english_vocab`) holds the words of the rules and of the
players' questions, and a word it lacks looks like a typo of the nearest one: 'sister' became
'silver', 'theres' (there's) 'three', 'door' 'poor', 'brother' 'other', and the page said "Did
you mean: me and my silver both ended on 27 points". The words English uses often (wordfreq's
frequency lists, COMMON_ZIPF or more) that correction would turn into another word are written
into the build (`common_words.json`) and never corrected (`index.spelling.correct_english`).
A plural that correction makes its singular ('cellars' -> 'cellar', 'rooms' -> 'room') is left
to it: that finds a name said in the plural. Any other form is guarded: 'cursed' made 'curse'
named Dominion's Curse in a question about the Citadels Witch.

Chinese the same way: the query's tokeniser knows only the words of the corpus (its slice of
jieba's dictionary), so an everyday word sounding like a name was read as that name misspelt:
吃掉 as 弃掉, 一元 as 医院, 一出 as 移除. The words of jieba's whole dictionary used
ZH_COMMON_FREQ times or more that sound like a name (`guarded_chinese`) are written into the build
too, and are words (`index.analysis.analyse`'s `is_word`).

Build time only: wordfreq is imported by `guarded_words`, never by a query."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from index.lexicon import NameForm
from index.normalise import normalise
from index.spelling import MAX_NAME_CHARS, SpellingVocabulary, correct_english, sounds_like_a_name
from index.tokenise import CJK_RUN

# wordfreq's Zipf scale: log10 of a word's frequency per billion words. 3.5 is about once in
# 300,000 words: 'sister' 4.9, 'door' 5.1, 'theres' 3.9; 'wich' 2.8, 'libary' 1.5 and 'assasin'
# 1.8, typos of names, stay below it and are corrected.
COMMON_ZIPF = 3.5
# jieba's dictionary counts: 一元 168, 吃掉 323, 一出 964; a name's typo (刺课, 军伐, 护成河) is in
# no dictionary at all.
ZH_COMMON_FREQ = 100


def guarded_words(vocab: SpellingVocabulary, card_words: Iterable[str] = ()) -> list[str]:
    """The English words of COMMON_ZIPF or more that `correct_english` over `vocab` (without a
    guard) would turn into another word than their singular, sorted; but not one a word of a
    card's name (`card_words`) with its last letter left off, which is that name cut short
    ('the diploma trades his cheap building', 'garden', 'adventure')."""
    from wordfreq import iter_wordlist, zipf_frequency

    cut_short = {w[:-1]: w for w in card_words if len(w) > 4}
    out = []
    for word in iter_wordlist("en"):
        if zipf_frequency(word, "en") < COMMON_ZIPF:
            break  # the list runs from the most frequent word down
        if not (word.isascii() and word.isalpha()):
            continue
        right = correct_english(word, vocab)
        if right and word not in (right + "s", right + "es") and cut_short.get(word) != right:
            out.append(word)
    return sorted(out)


def guarded_chinese(
    dictionary: Iterable[tuple[str, int]], table: Mapping[tuple[str, str], list[NameForm]]
) -> list[str]:
    """The words of `dictionary` ((word, count) pairs: jieba's whole one) of two to
    MAX_NAME_CHARS characters, counted ZH_COMMON_FREQ times or more, that sound like a name of
    `table` (`index.spelling.pinyin_table`) they are not, normalised and sorted."""
    out = set()
    for word, count in dictionary:
        if count >= ZH_COMMON_FREQ and 2 <= len(word) <= MAX_NAME_CHARS and CJK_RUN.fullmatch(word):
            norm = normalise(word)
            if sounds_like_a_name(norm, table):
                out.add(norm)
    return sorted(out)
