"""Ordinary English words a player types on purpose, which typo correction must leave alone.

The corpus's vocabulary (`index.builder._english_vocab`) holds the words of the rules and of the
players' questions, and a word it lacks looks like a typo of the nearest one: 'sister' became
'silver', 'theres' (there's) 'three', 'door' 'poor', 'brother' 'other', and the page said "Did
you mean: me and my silver both ended on 27 points". The words English uses often (wordfreq's
frequency lists, COMMON_ZIPF or more) that correction would turn into another word are written
into the build (`common_words.json`) and never corrected (`index.spelling.correct_english`).
A plural that correction makes its singular ('cellars' -> 'cellar', 'rooms' -> 'room') is left
to it: that finds a name said in the plural. Any other form is guarded: 'cursed' made 'curse'
named Dominion's Curse in a question about the Citadels Witch.

Build time only: wordfreq is imported by `guarded_words`, never by a query."""

from __future__ import annotations

from index.spelling import SpellingVocabulary, correct_english

# wordfreq's Zipf scale: log10 of a word's frequency per billion words. 3.5 is about once in
# 300,000 words: 'sister' 4.9, 'door' 5.1, 'theres' 3.9; 'wich' 2.8, 'libary' 1.5 and 'assasin'
# 1.8, typos of names, stay below it and are corrected.
COMMON_ZIPF = 3.5


def guarded_words(vocab: SpellingVocabulary) -> list[str]:
    """The English words of COMMON_ZIPF or more that `correct_english` over `vocab` (without a
    guard) would turn into another word than their singular, sorted."""
    from wordfreq import iter_wordlist, zipf_frequency

    out = []
    for word in iter_wordlist("en"):
        if zipf_frequency(word, "en") < COMMON_ZIPF:
            break  # the list runs from the most frequent word down
        if not (word.isascii() and word.isalpha()):
            continue
        right = correct_english(word, vocab)
        if right and word not in (right + "s", right + "es"):
            out.append(word)
    return sorted(out)
