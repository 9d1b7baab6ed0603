"""The stages of a search, each a function of what the stage before it made and the opened
build (`index.opened.OpenedIndex`), composed by `index.searcher.SearchIndex.search`:

    request (`request`: the box, filters, language and limit checked and parsed)
    -> analyse (`analyse`: names, pinyin, typos, the game named or guessed)
    -> candidates (`clauses`: the query as scored words; `candidates`: the best units that pass
       the filters)
    -> rank (`answers`: the units answering what the query asks of the entries it names;
       `rank`: entries best first)
    -> snippets (`snippets`: each result with its passage cut and marked)."""
