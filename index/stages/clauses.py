"""Stage 3a, clauses: the analysed query as the OR of (field, term, boost) it is scored with:
its tokens in every text field (common ones dropped from long queries), the other names of the
entries it names, the rulebook words its everyday words stand for, and its pinyin keys and
prefixes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from index.analysis import QueryAnalysis
from index.impacts import Clause, prefixed
from index.ranking import only_pinyin_key
from index.schema import TEXT_FIELDS
from index.synonyms import expand

if TYPE_CHECKING:
    from index.opened import OpenedIndex

EXPANSION_BOOST = 0.2  # other names of the entries the query names (移除 -> 废置, trash)
SYNONYM_BOOST = 0.6  # rulebook words standing for the query's everyday ones (赢 -> 获胜)
MAX_PREFIX_TERMS = 64  # pinyin terms a typed prefix ('tushu') stands for, the first in order


def query_clauses(a: QueryAnalysis, o: OpenedIndex) -> list[Clause]:
    tokens = a.tokens
    if len(tokens) > 2:
        kept = [t for t in tokens if t not in o.common_tokens]
        tokens = kept or tokens
    clauses = [Clause(f, t) for t in tokens for f in TEXT_FIELDS if f != "pinyin" or t.isascii()]
    named = {m.form.entry for m in a.names}
    if not only_pinyin_key(a):  # 'junfa neng chai zhujiao ma' asks about 军阀 and 主教; 'tsg' is a name
        named |= a.pinyin_entries
    expansion = {t for e in named for t in o.expansions.get(e, ())}
    clauses += [
        Clause(f, t, EXPANSION_BOOST) for t in sorted(expansion - set(tokens)) for f in ("body", "ruling")
    ]
    everyday = expand(tokens, o.synonyms)
    clauses += [Clause(f, t, SYNONYM_BOOST) for t in everyday for f in ("name", "body", "ruling")]
    clauses += [Clause("pinyin", k) for k in a.pinyin_keys]
    clauses += [
        Clause("pinyin", t) for p in a.pinyin_prefixes for t in prefixed(o.pinyin_terms, p)[:MAX_PREFIX_TERMS]
    ]
    return clauses
