# ruff: noqa: E501  (test data: long literal strings read better on one line)
"""A small dataset in the model's shape: a few Dominion and Citadels entries whose names,
aliases and rulings exercise every matching rule (shared names, aliases, pairs, 2nd edition)."""

from __future__ import annotations

from corpus.model import Dataset, Entry, Note, Ruling, Source

S000 = "000_2dfe370fb22f4214.txt"
S003 = "003_386c33ee6a748081.txt"
S004 = "004_2136ca2c44a9679b.txt"


def _r(rid: str, en: str, hans: str, hant: str, file: str = S000, lines=(1, 2), edition=None) -> Ruling:
    return Ruling(rid, {"en": en, "zh-Hans": hans, "zh-Hant": hant}, [Source(file, lines)], edition)


def _e(eid, kind, names, *, aliases=(), cost=None, types=(), text=None, rulings=(), editions=None, **kw) -> Entry:
    game = eid.split("/")[0]
    if editions is None:
        editions = ["1e", "2e"] if game == "dominion" else []
    en, hans, hant = names
    return Entry(
        id=eid, game=game, kind=kind, editions=list(editions), names={"en": en, "zh-Hans": hans, "zh-Hant": hant},
        aliases=list(aliases), cost=cost, types=list(types), text=text or {}, rulings=list(rulings),
        sources=[Source(S000, (1, 2))], **kw,
    )


def fixture_dataset() -> Dataset:
    entries = [
        _e("dominion/library", "card", ("Library", "图书馆", "圖書館"), cost=5, types=["action"],
           text={"en": "Draw until you have 7 cards in hand, skipping any Action cards you choose to; set those aside and discard them afterwards.",
                 "zh-Hans": "抓牌直到你手中有7张牌。你可以跳过抓到的行动卡牌，将其旁置，抓牌结束后弃掉。",
                 "zh-Hant": "抓牌直到你手中有7張牌。你可以跳過抓到的行動卡牌，將其旁置，抓牌結束後棄掉。"},
           rulings=[_r("set-aside-not-shuffled", "If you shuffle mid-draw, the set-aside cards are not shuffled into the new deck.",
                       "如果在中途你需要洗牌，被旁置的牌不会洗进牌库里。", "如果在中途你需要洗牌，被旁置的牌不會洗進牌庫裏。")]),
        _e("citadels/library", "card", ("Library", "图书馆", "圖書館"), cost=6, types=["special"],
           text={"en": "If you choose to draw cards at the start of your turn, keep both cards you draw.",
                 "zh-Hans": "如果你选择在回合开始时抽牌，你可以保留两张牌。", "zh-Hant": "如果你選擇在回合開始時抽牌，你可以保留兩張牌。"}),
        _e("citadels/observatory", "card", ("Observatory", "天文台", "天文台"), cost=5, types=["special"],
           text={"en": "If you choose to draw cards, draw three and keep one.", "zh-Hans": "如果你选择抽牌，你可以抽三张并保留一张。",
                 "zh-Hant": "如果你選擇抽牌，你可以抽三張並保留一張。"},
           rulings=[_r("with-library", "With both the Observatory and the Library, draw three cards and keep two of them.",
                       "同时拥有天文台和图书馆时，抽三张牌并保留其中两张。", "同時擁有天文台和圖書館時，抽三張牌並保留其中兩張。", S003, (600, 601))]),
        _e("dominion/throne-room", "card", ("Throne Room", "金殿", "金殿"), aliases=["王座厅", "王座廳"], cost=4, types=["action"],
           text={"en": "Choose an Action card in your hand. Play it twice.", "zh-Hans": "从手牌中选择一张行动卡牌，打出两次。",
                 "zh-Hant": "從手牌中選擇一張行動卡牌，打出兩次。"}),
        _e("dominion/feast", "card", ("Feast", "宴会", "宴會"), cost=4, types=["action"], editions=["1e"],
           text={"en": "Trash this card. Gain a card costing up to 5.", "zh-Hans": "废置此牌。获得一张花费至多为5的卡牌。",
                 "zh-Hant": "廢置此牌。獲得一張花費至多為5的卡牌。"},
           rulings=[_r("throne-room-feast", "If you play Feast with Throne Room, you gain two cards even though you trash Feast only once.",
                       "如果你对宴会使用了金殿，你将获得两张卡牌，虽然你只能废置宴会一次。", "如果你對宴會使用了金殿，你將獲得兩張卡牌，雖然你只能廢置宴會一次。")]),
        _e("dominion/moat", "card", ("Moat", "护城河", "護城河"), cost=2, types=["action", "reaction"],
           text={"en": "+2 Cards. When another player plays an Attack card, you may reveal this from your hand to be unaffected by it.",
                 "zh-Hans": "+2卡牌。当其他游戏者打出攻击卡牌时，你可以从手中明示此牌，不受该攻击影响。",
                 "zh-Hant": "+2卡牌。當其他遊戲者打出攻擊卡牌時，你可以從手中明示此牌，不受該攻擊影響。"},
           rulings=[_r("blocks-witch-curse", "Revealing Moat against Witch means you get no Curse; the Witch player still draws two cards.",
                       "明示护城河后你不会因女巫而受到诅咒，打出女巫的人仍然抓两张牌。", "明示護城河後你不會因女巫而受到詛咒，打出女巫的人仍然抓兩張牌。")]),
        _e("dominion/witch", "card", ("Witch", "女巫", "女巫"), cost=5, types=["action", "attack"],
           text={"en": "+2 Cards. Each other player gains a Curse.", "zh-Hans": "+2卡牌。其他每个游戏者获得一张诅咒。",
                 "zh-Hant": "+2卡牌。其他每個遊戲者獲得一張詛咒。"}),
        _e("citadels/witch", "card", ("Witch", "女巫", "女巫"), types=["character"],
           text={"en": "Take your action, then name a character to bewitch.", "zh-Hans": "先拿取资源，然后指定一个角色施咒。",
                 "zh-Hant": "先拿取資源，然後指定一個角色施咒。"}),
        _e("citadels/assassin", "card", ("Assassin", "刺客", "刺客"), aliases=["杀手"], types=["character"],
           text={"en": "Name a character; that character misses this turn.", "zh-Hans": "选择一个角色并将他干掉。",
                 "zh-Hant": "選擇一個角色並將他幹掉。"}),
        _e("citadels/warlord", "card", ("Warlord", "军阀", "軍閥"), aliases=["领主"], types=["character", "military"],
           text={"en": "Destroy a district by paying one less than its cost.", "zh-Hans": "你可以摧毁一个地区，支付其建造费用减一的金币。",
                 "zh-Hant": "你可以摧毀一個地區，支付其建造費用減一的金幣。"}),
        _e("dominion/province", "card", ("Province", "行省", "省份"), aliases=["行省", "省份"], cost=8, types=["victory"],
           text={"en": "Worth 6 victory points.", "zh-Hans": "价值6胜利分数。", "zh-Hant": "價值6勝利分數。"}),
        _e("dominion/remodel", "card", ("Remodel", "重塑", "重塑"), cost=4, types=["action"],
           text={"en": "Trash a card from your hand. Gain a card costing up to 2 more than it.",
                 "zh-Hans": "从手中废置一张牌，获得一张花费至多比它多2的卡牌。", "zh-Hant": "從手中廢置一張牌，獲得一張花費至多比它多2的卡牌。"}),
        _e("dominion/adventurer", "card", ("Adventurer", "冒险者", "冒險者"), cost=6, types=["action"], editions=["1e"],
           text={"en": "Reveal cards from your deck until you reveal 2 Treasure cards.", "zh-Hans": "从牌库顶明示卡牌，直到明示出2张财富牌。",
                 "zh-Hant": "從牌庫頂明示卡牌，直到明示出2張財富牌。"}),
        _e("dominion/village", "card", ("Village", "村镇", "村鎮"), aliases=["村庄"], cost=3, types=["action"],
           text={"en": "+1 Card, +2 Actions.", "zh-Hans": "+1卡牌，+2行动。", "zh-Hant": "+1卡牌，+2行動。"},
           rulings=[_r("actions-left", "After playing Village as your first Action you have two Actions left.",
                       "如果这是本回合第一张行动牌，村庄结算后可再打2张行动牌。", "如果這是本回合第一張行動牌，村莊結算後可再打2張行動牌。", S004, (28, 28), "2e")]),
        _e("dominion/terms/trash", "term", ("Trash", "废置", "廢置"), aliases=["移除"], editions=["1e", "2e"],
           text={"en": "Put a card into the shared trash; it is no longer yours.", "zh-Hans": "将一张牌放入垃圾牌堆，它不再属于你。",
                 "zh-Hant": "將一張牌放入垃圾牌堆，它不再屬於你。"}),
        _e("dominion/rules/end-of-game", "rule", ("End of the game", "游戏结束", "遊戲結束"),
           text={"en": "The game ends when the Province pile is empty or any three supply piles are empty.",
                 "zh-Hans": "补充资源中的行省牌堆用光或者任意三堆补充资源用光时，游戏结束。",
                 "zh-Hant": "補充資源中的行省牌堆用光或者任意三堆補充資源用光時，遊戲結束。"},
           notes=[Note("curse-count", {"en": "Seed 000 says 30 Curses for 3 or 4 players.", "zh-Hans": "种子文本写3或4人30张诅咒。",
                                       "zh-Hant": "種子文本寫3或4人30張詛咒。"}, [Source(S000, (80, 82))])]),
        _e("citadels/rules/turn", "rule", ("Player turn", "玩家回合", "玩家回合"),
           text={"en": "Take two gold or draw two districts and keep one, then build one district.",
                 "zh-Hans": "拿取两枚金币或抽两张地区卡保留一张，然后可以建设一个地区。",
                 "zh-Hant": "拿取兩枚金幣或抽兩張地區卡保留一張，然後可以建設一個地區。"}),
    ]
    return Dataset(version="fixture-1", entries=entries)
