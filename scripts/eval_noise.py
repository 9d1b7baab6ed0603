"""How far noise moves the answer: each judged and dev question (never a held-out one) searched
as written and with noise players add, ours beside the peer (`bench_search.PeerSearch`, the same
data):

- a typo. English: one letter left out, two neighbours swapped or one doubled, inside one word of
  6 letters or more (the first and last letters kept, as most typos keep them). Chinese: one
  character of a card's name the question holds replaced by a frequent character of the same
  sound (a pinyin input slip: 长城 -> 长成);
- a greeting before it ('hi all,', '大家好，');
- thanks after it ('thanks in advance!', '謝謝大家').

Prints, per kind of noise and script, how often the first result (entry and ruling) is the one
the question gets as written, and ruling@1 / @3 written and with the noise. A probe, not a
target: the typos are drawn with a fixed seed, so two runs print the same figures.

    python scripts/eval_noise.py [--data-dir DIR --no-build] [--seed N]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval_search import DEVS, Judged, load_heldout, load_queries, open_search_index, positions, ruling_hit  # noqa: E402

MIN_LETTERS = 6  # English words this long at least get the typo
GREETING = {"en": "hi all, {}", "zh": "大家好，{}"}
THANKS = {"en": "{} thanks in advance!", "zh": "{} 謝謝大家"}
MIN_SAME_SOUND_USES = 3  # a character replacing another is used this often in the rulings at least


def english_typo(q: str, rng: random.Random) -> str | None:
    """`q` with one typo inside one of its long words, or None if it has none."""
    words = q.split(" ")
    long = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= MIN_LETTERS]
    if not long:
        return None
    i = rng.choice(long)
    w = words[i]
    k = rng.randrange(1, len(w) - 2)
    kind = rng.choice(("leave out", "swap", "double"))
    if kind == "leave out":
        typo = w[:k] + w[k + 1 :]
    elif kind == "swap":
        typo = w[:k] + w[k + 1] + w[k] + w[k + 2 :]
    else:
        typo = w[:k] + w[k] + w[k:]
    return None if typo == w else " ".join(words[:i] + [typo] + words[i + 1 :])


class SameSound:
    """Frequent characters by toneless syllable, from the Simplified rulings."""

    def __init__(self, texts: list[str]):
        from pypinyin import lazy_pinyin

        self._syllable = lambda ch: lazy_pinyin(ch)[0]
        uses = Counter(ch for t in texts for ch in t if "\u4e00" <= ch <= "\u9fff")
        self.by_syllable: dict[str, list[str]] = {}
        for ch, n in uses.most_common():
            if n >= MIN_SAME_SOUND_USES:
                self.by_syllable.setdefault(self._syllable(ch), []).append(ch)

    def other(self, ch: str, rng: random.Random) -> str | None:
        alike = [c for c in self.by_syllable.get(self._syllable(ch), []) if c != ch][:5]
        return rng.choice(alike) if alike else None


def chinese_typo(q: str, names: list[str], sounds: SameSound, rng: random.Random) -> str | None:
    """`q` (normalised) with one character of one of the card names it holds misheard."""
    held = [n for n in names if len(n) >= 2 and n in q]
    if not held:
        return None
    name = rng.choice(held)
    k = rng.randrange(len(name))
    other = sounds.other(name[k], rng)
    return None if other is None else q.replace(name, name[:k] + other + name[k + 1 :], 1)


def first(ranked: list) -> tuple | None:
    return (ranked[0][0], ranked[0][1]) if ranked else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=None)
    ap.add_argument("--no-build", action="store_true", help="use the current index in --data-dir")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    from bench_search import PeerSearch, build_peer

    from corpus.model import load_dataset
    from index.normalise import normalise

    dataset = load_dataset()
    sounds = SameSound([r.text.get("zh-Hans", "") for e in dataset.entries for r in e.rulings])
    card_names = sorted(
        {normalise(n) for e in dataset.entries if e.kind == "card" for n in [*e.names.values(), *e.aliases]}
        - {""}
    )
    questions: list[Judged] = [j for j in load_queries() if j.units()]
    questions += [j for path in DEVS for j in load_heldout(path) if j.units()]
    with tempfile.TemporaryDirectory(prefix="eval-noise-") as scratch:
        fresh = args.data_dir is None or not args.no_build
        ix = open_search_index(Path(scratch) / "ours" if fresh else args.data_dir, fresh)
        build_peer(dataset, Path(scratch) / "peer")
        peer = PeerSearch(Path(scratch) / "peer")
        engines = {
            "ours": lambda q, lang: [(r.id, r.ruling, r.also) for r in ix.search(q, lang, limit=10).results],
            "peer": lambda q, lang: [(e, r, ()) for e, r in peer.search(q)],
        }
        rng = random.Random(args.seed)
        rows: dict[tuple[str, str, str], Counter] = {}
        for j in questions:
            script = "en" if j.lang == "en" else "zh"
            if j.lang == "en":
                typo = english_typo(j.q, rng)
            else:
                typo = chinese_typo(normalise(j.q), [n for n in card_names if not n.isascii()], sounds, rng)
            greeted, thanked = GREETING[script].format(j.q), THANKS[script].format(j.q)
            noisy = {"typo": typo, "greeting": greeted, "thanks": thanked}
            for name, search in engines.items():
                clean = search(j.q, j.lang)
                for kind, text in noisy.items():
                    if text is None:
                        continue
                    typed = search(text, j.lang)
                    c = rows.setdefault((kind, script, name), Counter())
                    c["n"] += 1
                    c["same first"] += first(clean) == first(typed)
                    c["@1 written"] += ruling_hit(j, positions(clean), 1)
                    c["@1 noisy"] += ruling_hit(j, positions(typed), 1)
                    c["@3 written"] += ruling_hit(j, positions(clean), 3)
                    c["@3 noisy"] += ruling_hit(j, positions(typed), 3)
    print(f"{'noise':<10}{'script':<7}{'engine':<7}{'questions':>10}{'same first':>12}{'@1 written':>12}"
          f"{'@1 noisy':>10}{'@3 written':>12}{'@3 noisy':>10}")
    for (kind, script, name), c in sorted(rows.items()):
        n = c["n"]
        print(f"{kind:<10}{script:<7}{name:<7}{n:>10}{c['same first'] / n:>12.3f}{c['@1 written'] / n:>12.3f}"
              f"{c['@1 noisy'] / n:>10.3f}{c['@3 written'] / n:>12.3f}{c['@3 noisy'] / n:>10.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
