"""Offline search is the online search: refapp/static/ranker.js over the ranking data the server
exports (index.offline_export) ranks as index.SearchIndex does, and the app serves that data and
the saved pack's passages. (Agreement over every judged and held-out query:
scripts/eval_offline_search.py; in Chromium with the network off: tests/browser/test_offline_browser.py.)"""

from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from corpus.model import load_dataset
from index import build, open_index
from index.offline_export import export_ranking

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node runs ranker.js outside the browser")


def _eval_module():
    path = ROOT / "scripts" / "eval_offline_search.py"
    spec = importlib.util.spec_from_file_location("eval_offline_search", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("offline-index")
    build(load_dataset(), folder)
    return folder


@pytest.fixture(scope="module")
def index(data_dir):
    ix = open_index(data_dir, cache_size=0)
    yield ix
    ix.close()


class Q:
    def __init__(self, q: str, lang: str = "zh-Hans") -> None:
        self.q, self.lang = q, lang


QUERIES = [
    ("刺客 杀 国王", "zh-Hans"),  # a question
    ("刺课", "zh-Hans"),  # a homophone typo of a name
    ("tu shu guan", "zh-Hans"),  # pinyin typed apart
    ("tsg", "zh-Hans"),  # initials
    ("tushugaun", "zh-Hans"),  # a pinyin typo
    ("wicth", "en"),  # an English typo
    ("assasin named the warlord", "en"),  # a typo some player's question holds too
    ("ciadels tie break", "en"),  # a game word misspelt
    ("two mecrhants and one silver", "en"),  # a name's plural misspelt
    ("hi all, quick question: can chapel trash itself? thanks in advance!", "en"),  # pleasantries
    ("大家好，想問一下圖書館抓到行動牌可以跳過嗎？謝謝大家 哈哈", "zh-Hant"),
    ("wicth 2nd edition", "en"),  # a typo beside an edition word
    ("鐘樓", "zh-Hant"),  # Traditional
    ("library game:dominion", "en"),  # a filter with words
    ("商人 game:citadels？", "zh-Hans"),  # a filter ending the sentence
    ("大家好，想問一下商人 game:citadels？謝謝大家", "zh-Hant"),  # ... and words right after it
    ("cost<=2 game:dominion type:action", "zh-Hans"),  # filters alone
    ("王座厅 村庄", "zh-Hans"),  # two cards
    ("throne room on village", "en"),
    ("军阀拆一个要花几块", "zh-Hans"),  # an intent (number)
    ("女巫 第二版", "zh-Hans"),  # an edition named
    ("富饶之城 两人游戏", "zh-Hans"),  # a game named
    ("護城河 亮咗之後 張牌去咗邊度", "zh-Hant"),  # Cantonese
    ("女巫嘅回合 佢係咪可以建造㗎", "zh-Hant"),  # Cantonese particles: a name's share of the words that count
    ("tax collector bewitched who gets the tax", "en"),  # a verb standing for a card (the Witch)
    ("throne room", "en"),  # an English name alone: its own text
    ("can chapel trash itself", "en"),  # an FAQ asked in its own words: its answer first
    ("打村庄以后到底还剩几次行动", "zh-Hans"),
    ("qxqxqxqx 9999", "en"),  # nothing
    ("warlord destroy a district in the bishops city", "en"),  # a name's plural / possessive
    ("how many duchies and coppers", "en"),  # plurals in -ies and -s
    ("he keeps the gardens", "en"),  # an everyday word's -s is the verb; a plural that is a name
    ("the 6 cost card that gains a card up to 5, does it go to my hand", "en"),  # a card described
    ("那張5塊、把錢幣升級的卡，換到的銀幣能花嗎", "zh-Hant"),  # ... in Chinese
    ("+1 card +1 action +1 buy +$1", "en"),  # a card's text quoted
    ("the 5 cost card with +2 cards +1 action", "en"),  # a description quoting its card's text
    ("the 5 cost card that gives +4 cards, do others draw", "en"),  # one '+N' item, and a cost
    ("the treasure that gives +1 buy", "en"),  # no treasure holds the item: not read as one
    ("the one that trashes a copper for 3 coins. can i keep my copper", "en"),  # a plain card inside
    ("the purple one that gives points for cards left in your hand at the end", "en"),  # a guess ruled out
    ("那个数蓝色建筑 还能跟最有钱的人收一块的角色 我最有钱呢", "zh-Hans"),  # a character has no colour
    ("the magician discards cards from his hand and draws as many, where do they go", "en"),  # its own words
    ("i finished 8 districts then warlord took one, do i keep the +4", "en"),  # a card only setting the scene
    ("8号能拆主教吗 主教被1号刀了", "zh-Hans"),  # characters called by their rank
    ("十四号 12人局", "zh-Hans"),  # ... never out of a longer number
    ("嗰張有幾多堆空就要棄幾多張嘅牌，空堆多過手牌點算", "zh-Hant"),  # a card described in Cantonese
    ("4费以内随便拿一张的那个卡 能拿到手里吗", "zh-Hans"),  # a limit the card sets, not its cost
    # 'has to' goes on: 'everyone' alone read the Bell Tower
    ("that purple building where everyone has to thank you, still works if he lost the crown?", "en"),
    # a card far ahead: its second ruling passes the next entry (LEAD_EXTRA_SHARE)
    ("宰相可以先偷看一下牌库再决定要不要整叠倒掉吗", "zh-Hans"),
    ("哨兵看到的两张 可以一张废掉一张放回牌库顶吗", "zh-Hans"),
]


def test_offline_ranking_is_the_online_ranking(index):
    module = _eval_module()
    data = export_ranking(index)
    queries = [Q(q, lang) for q, lang in QUERIES]
    offline = module.run_node(NODE, module.DRIVER, module.RANKER_JS, data, queries)
    for q, row in zip(queries, offline, strict=True):
        online = [(r.id, r.ruling, r.also) for r in index.search(q.q, q.lang, limit=10).results]
        assert [(i, r, list(a)) for i, r, a in online] == [(i, r, list(a)) for i, r, a in row], q.q


def test_offline_reads_each_query_as_online_and_takes_each_reading_off_as_online(index):
    """The chips offline: the game, names and intents read, and each taken off (game=any, plain=,
    no_intent=) searching the same as the online chip's link."""
    module = _eval_module()
    data = export_ranking(index)
    queries = [Q(q, lang) for q, lang in QUERIES]
    online = [module.reading(index.search(q.q, q.lang, limit=1).understood) for q in queries]
    assert module.offline_readings(NODE, data, queries) == online
    off = module.readings_off(index, queries)
    kinds = {k for r in off for k in r.options}
    assert {"filters", "plain", "no_intent"} <= kinds and len(off) > len(queries)  # every kind of chip
    got = module.offline_results(NODE, module.RANKER_JS, data, off)
    for r, row in zip(off, got, strict=True):
        want = [(x.id, x.ruling, list(x.also)) for x in module.online_off(index, r).results]
        assert want == [(i, u, list(a)) for i, u, a in row], r
    readings = module.offline_readings(NODE, data, off)
    assert readings == [module.reading(module.online_off(index, r).understood) for r in off]


def test_bad_queries_offline_are_errors_the_reader_sees_not_crashes(index, tmp_path):
    data_file = tmp_path / "data.json"
    data_file.write_text(json.dumps(export_ranking(index), ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "bad.js"
    script.write_text(
        """
const R = require(process.argv[2]);
const r = R.open(JSON.parse(require("fs").readFileSync(process.argv[3], "utf8")));
const bad = ["cost<=x", "x".repeat(501), "", "kind:nothing 村庄", "edition:2e edition:1e"].map(q => [q, {}]);
bad.push(["女巫 商人", {plain: ["国王"]}]);  // not a word of the query
bad.push(["女巫", {plain: Array(9).fill("女巫")}]);  // too many
bad.push(["女巫", {noIntent: ["nothing"]}]);  // no such intent
const out = bad.map(([q, opts]) => r.search(q, opts));
process.stdout.write(JSON.stringify(out.map(o => [o.error || null, o.results.length])));
""",
        encoding="utf-8",
    )
    import subprocess

    done = subprocess.run(
        [NODE, str(script), str(ROOT / "refapp" / "static" / "ranker.js"), str(data_file)],
        check=True,
        capture_output=True,
        text=True,
    )
    got = json.loads(done.stdout)
    assert all(error and n == 0 for error, n in got), got


@pytest.fixture(scope="module")
def client(data_dir):
    from refapp import create_app

    return create_app({"TESTING": True, "REFAPP_DATA_DIR": str(data_dir)}).test_client()


def test_the_ranking_data_is_served_gzipped_and_kept_from_the_first_visit(client, index):
    r = client.get("/api/offline-rank", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["Content-Encoding"] == "gzip"
    served = json.loads(gzip.decompress(r.data))
    assert served["impacts"] == json.loads(json.dumps(export_ranking(index)["impacts"]))
    plain = client.get("/api/offline-rank", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and json.loads(plain.data)["index"] == served["index"]
    assert '"/api/offline-rank"' in client.get("/sw.js").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_the_saved_pack_holds_each_passage_a_result_can_show(client, index, lang):
    pack = client.get(f"/api/offline-pack?lang={lang}").get_json()
    units = list(index.opened.units.docnum_units.values())
    assert pack["index"] == index.folder.name and len(pack["texts"]) == len(units)
    at = next(d for d, (uid, _) in enumerate(units) if uid == "citadels/assassin")
    assert pack["texts"][at] == index.opened.passages.passage("citadels/assassin", lang)
    name = {"zh-Hans": "刺客", "zh-Hant": "殺手", "en": "Assassin"}[lang]
    assert name in json.dumps(pack, ensure_ascii=False)
