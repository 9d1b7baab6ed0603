"""Interface strings in three scripts and choosing the reader's language.

Content (names, card text, rulings) comes from the dataset; everything the interface itself
says lives here so that every page can be shown in zh-Hans, zh-Hant or en.
"""

from __future__ import annotations

from dataclasses import dataclass

from corpus.model import LANGS

DEFAULT_LANG = "zh-Hans"
LANG_COOKIE = "lang"

# key -> (en, zh-Hans, zh-Hant)
_TABLE: dict[str, tuple[str, str, str]] = {
    "site.name": ("Rules Reference", "规则速查", "規則速查"),
    "site.tagline": (
        "Dominion and Citadels rules and cards",
        "领土与富饶之城的规则和卡牌",
        "皇輿爭霸與富饒之城的規則和卡牌",
    ),
    "nav.home": ("Home", "首页", "首頁"),
    "nav.skip": ("Skip to content", "跳到正文", "跳到正文"),
    "nav.language": ("Language", "语言", "語言"),
    "nav.main": ("Main", "主导航", "主導覽"),
    "nav.large_text": ("Large text", "大字", "大字"),
    "search.label": ("Search cards and rules", "搜索卡牌和规则", "搜尋卡牌和規則"),
    "search.placeholder": ("Card, rule or question", "卡名、规则或问题", "卡名、規則或問題"),
    "search.button": ("Search", "搜索", "搜尋"),
    "search.recent": ("Recent searches", "最近搜索", "最近搜尋"),
    "search.clear_recent": ("Clear", "清除", "清除"),
    "search.suggestions": ("Suggestions", "建议", "建議"),
    "results.title": ("Results for “{q}”", "“{q}”的搜索结果", "「{q}」的搜尋結果"),
    "results.count": ("{n} results", "共 {n} 条结果", "共 {n} 筆結果"),
    "results.none": (
        "Nothing found. Try another name or fewer words.",
        "没有找到。换个名字或少用几个词试试。",
        "沒有找到。換個名字或少用幾個詞試試。",
    ),
    "results.showing": ("Showing the first {n}", "显示前 {n} 条", "顯示前 {n} 筆"),
    "results.more": ("Show more results", "显示更多结果", "顯示更多結果"),
    "results.did_you_mean": ("Did you mean", "你是不是要找", "你是不是要找"),
    "results.any_game": ("All games", "所有游戏", "所有遊戲"),
    "results.any_edition": ("All editions", "所有版本", "所有版本"),
    "results.any_kind": ("All kinds", "所有类别", "所有類別"),
    "results.filters": ("Filters", "筛选", "篩選"),
    "results.all": ("All", "全部", "全部"),
    "results.active_filters": ("Filters in use", "正在使用的筛选", "正在使用的篩選"),
    "results.remove_filter": ("Remove filter: {name}", "移除筛选：{name}", "移除篩選：{name}"),
    "filter.game": ("Game", "游戏", "遊戲"),
    "filter.edition": ("Edition", "版本", "版本"),
    "filter.kind": ("Kind", "类别", "類別"),
    "results.unavailable": (
        "Search is not available right now. You can still browse below.",
        "搜索暂时不可用。你仍然可以在下面浏览。",
        "搜尋暫時無法使用。你仍然可以在下面瀏覽。",
    ),
    "results.bad_query": ("That search could not be understood", "无法理解这个搜索", "無法理解這個搜尋"),
    "results.empty_query": ("Type something to search for.", "请输入要搜索的内容。", "請輸入要搜尋的內容。"),
    "show_me": ("Show me", "演示给我看", "演示給我看"),
    "show_me.label": ("Show me how it plays out: {title}", "演示：{title}", "演示：{title}"),
    "results.count.one": ("1 result", "共 1 条结果", "共 1 筆結果"),
    "browse.results.one": ("1 entry", "1 个条目", "1 個條目"),
    "demos.count.one": ("1 demonstration", "共 1 个演示", "共 1 個演示"),
    "player.cards.one": ("1 card", "1 张", "1 張"),
    "demos.title": ("All demonstrations", "全部演示", "全部演示"),
    "demos.count": ("{n} demonstrations", "共 {n} 个演示", "共 {n} 個演示"),
    "demos.none": ("No demonstrations are available.", "暂无可用的演示。", "暫無可用的演示。"),
    "browse.title": ("Browse", "浏览", "瀏覽"),
    "browse.by_game": ("By game", "按游戏", "按遊戲"),
    "browse.by_edition": ("By edition", "按版本", "按版本"),
    "browse.by_type": ("By type", "按类型", "按類型"),
    "browse.by_cost": ("By cost", "按费用", "按費用"),
    "browse.by_kind": ("By kind", "按类别", "按類別"),
    "browse.results": ("{n} entries", "{n} 个条目", "{n} 個條目"),
    "browse.none": (
        "No entries match these filters.",
        "没有符合这些条件的条目。",
        "沒有符合這些條件的條目。",
    ),
    "browse.bad_filter": ("Unknown filter value: {name}", "未知的筛选值：{name}", "未知的篩選值：{name}"),
    "game.dominion": ("Dominion", "领土", "皇輿爭霸"),  # zh-Hant: the Taiwan edition's title
    "game.citadels": ("Citadels", "富饶之城", "富饒之城"),
    "edition.1e": ("1st edition", "第一版", "第一版"),
    "edition.2e": ("2nd edition", "第二版", "第二版"),
    "edition.classic": ("Classic edition", "经典版", "經典版"),
    "edition.both": ("Both editions", "两版通用", "兩版通用"),
    "kind.card": ("Card", "卡牌", "卡牌"),
    "kind.rule": ("Rule", "规则", "規則"),
    "kind.faq": ("FAQ", "问答", "問答"),
    "kind.term": ("Term", "术语", "術語"),
    "type.action": ("Action", "行动", "行動"),
    "type.attack": ("Attack", "攻击", "攻擊"),
    "type.reaction": ("Reaction", "反应", "反應"),
    "type.treasure": ("Treasure", "财富", "財富"),
    "type.victory": ("Victory", "胜利", "勝利"),
    "type.curse": ("Curse", "诅咒", "詛咒"),
    "type.noble": ("Noble", "贵族", "貴族"),
    "type.religious": ("Religious", "宗教", "宗教"),
    "type.trade": ("Trade", "商业", "商業"),
    "type.military": ("Military", "军事", "軍事"),
    "type.special": ("Special", "特殊", "特殊"),
    "type.character": ("Character", "角色", "角色"),
    "entry.names": ("Names", "名称", "名稱"),
    "entry.cost": ("Cost", "费用", "費用"),
    "entry.types": ("Types", "类型", "類型"),
    "entry.editions": ("Editions", "版本", "版本"),
    "entry.text": ("Card text", "卡牌文字", "卡牌文字"),
    "entry.answer": ("Answer", "回答", "回答"),
    "entry.question": ("Question", "问题", "問題"),
    "entry.meaning": ("Meaning", "释义", "釋義"),
    "entry.rule_text": ("Rule", "规则", "規則"),
    "entry.text_2e": ("2nd edition wording", "第二版文字", "第二版文字"),
    "entry.edition_changes": ("Changes between editions", "两版之间的变化", "兩版之間的變化"),
    "entry.rulings": ("Rulings", "裁定", "裁定"),
    "entry.no_rulings": ("No rulings recorded for this entry yet.", "此条目暂无裁定。", "此條目暫無裁定。"),
    "entry.demos": ("See it played", "演示", "演示"),
    "entry.notes": ("Notes on the sources", "关于来源的说明", "關於來源的說明"),
    "entry.related": ("Related", "相关条目", "相關條目"),
    "entry.source": ("Source", "来源", "來源"),
    "entry.sources": ("Sources", "来源", "來源"),
    "entry.lines": ("lines {a}–{b}", "第 {a}–{b} 行", "第 {a}–{b} 行"),
    "entry.line": ("line {a}", "第 {a} 行", "第 {a} 行"),
    "entry.published": ("Published", "已出版", "已出版"),
    "punct.colon": (": ", "：", "："),
    "punct.sep": (", ", "、", "、"),
    "home.quick": ("More ways in", "更多功能", "更多功能"),
    "entry.permalink": ("Link to this ruling", "此裁定的链接", "此裁定的連結"),
    "entry.aliases": ("Also called", "别名", "別名"),
    "entry.variants": ("Copies differ", "各副本有差异", "各副本有差異"),
    "entry.variant_chosen": ("kept", "采用", "採用"),
    "entry.json": ("Data (JSON)", "数据（JSON）", "資料（JSON）"),
    "entry.names_2e": ("2nd edition names", "第二版名称", "第二版名稱"),
    "entry.count": ("Copies", "张数", "張數"),
    "entry.points": ("Points", "分数", "分數"),
    "entry.expansion": ("Expansion", "扩展", "擴充"),
    "entry.rank": ("Rank", "顺位", "順位"),
    "entry.colour": ("Colour", "颜色", "顏色"),
    "lang.en": ("English", "English", "English"),
    "lang.zh-Hans": ("简体中文", "简体中文", "简体中文"),
    "lang.zh-Hant": ("繁體中文", "繁體中文", "繁體中文"),
    "lang_short.en": ("EN", "EN", "EN"),
    "lang_short.zh-Hans": ("简体", "简体", "简体"),
    "lang_short.zh-Hant": ("繁體", "繁體", "繁體"),
    "player.title": ("Show me: {title}", "演示：{title}", "演示：{title}"),
    "player.ruling": ("The ruling", "裁定", "裁定"),
    "player.step": ("Step {n} of {total}", "第 {n} 步，共 {total} 步", "第 {n} 步，共 {total} 步"),
    "player.first": ("First step", "第一步", "第一步"),
    "player.prev": ("Previous step", "上一步", "上一步"),
    "player.next": ("Next step", "下一步", "下一步"),
    "player.last": ("Last step", "最后一步", "最後一步"),
    "player.play": ("Play", "播放", "播放"),
    "player.pause": ("Pause", "暂停", "暫停"),
    "player.speed": ("Speed", "速度", "速度"),
    "player.slow": ("Slow", "慢", "慢"),
    "player.normal": ("Normal", "正常", "正常"),
    "player.fast": ("Fast", "快", "快"),
    "player.steps": ("All steps", "全部步骤", "全部步驟"),
    "player.here": ("The ruling happens here", "裁定在这一步发生", "裁定在這一步發生"),
    "player.setup": ("Set-up", "准备", "準備"),
    "player.turn": ("Turn {n}", "第 {n} 回合", "第 {n} 回合"),
    "player.round": ("Round {n}", "第 {n} 轮", "第 {n} 輪"),
    "player.jump": (
        "Jump to the step where the ruling happens",
        "跳到裁定发生的那一步",
        "跳到裁定發生的那一步",
    ),
    "player.jump_short": ("Ruling", "裁定", "裁定"),
    "player.active": ("Active player", "当前玩家", "目前玩家"),
    "player.piles": ("District deck and bank", "地区牌堆与银行", "地區牌堆與銀行"),
    "player.shared": ("Shared", "公共区域", "公共區域"),
    "player.empty": ("empty", "空", "空"),
    "player.failed": (
        "This demonstration did not reproduce the ruling; it is shown for checking only.",
        "此演示未能重现该裁定，仅供核对。",
        "此演示未能重現該裁定，僅供核對。",
    ),
    "player.unavailable": (
        "The demonstrations are not available right now.",
        "演示暂时不可用。",
        "演示暫時無法使用。",
    ),
    "player.loading": ("Loading the board…", "正在载入牌面……", "正在載入牌面……"),
    "player.back_to_entry": ("Back to the entry", "返回条目", "返回條目"),
    "demos.open_entry": ("Open the entry", "打开条目", "開啟條目"),
    "player.cards": ("{n} cards", "{n} 张", "{n} 張"),
    "zone.characters": ("Characters", "角色", "角色"),
    "counter.actions": ("Actions", "行动", "行動"),
    "counter.buys": ("Buys", "购买", "購買"),
    "counter.coins": ("Coins", "钱币", "錢幣"),
    "counter.score": ("Score", "分数", "分數"),
    "counter.turns": ("Turns taken", "已进行回合", "已進行回合"),
    "counter.vp": ("Victory points", "胜利分数", "勝利分數"),
    "counter.gilded": ("Beautified districts", "被美化的地区", "被美化的地區"),
    "counter.museum": ("Cards under the Museum", "博物馆下的牌", "博物館下的牌"),
    "zone.drawn": ("Drawn", "抽到的牌", "抽到的牌"),
    "zone.face_up": ("Face-up characters", "明置的角色", "明置的角色"),
    "zone.revealed": ("Revealed", "已亮出", "已亮出"),
    "pile.face_down": ("Face-down characters", "暗置的角色", "暗置的角色"),
    "zone.bewitched": ("Bewitched", "被施法", "被施法"),
    "zone.killed": ("Murdered", "被暗杀", "被暗殺"),
    "zone.robbed": ("Robbed", "被偷窃", "被偷竊"),
    "phase.round_end": ("End of the round", "本轮结束", "本輪結束"),
    "phase.game_over": ("Game over", "游戏结束", "遊戲結束"),
    "phase.action": ("Action phase", "行动阶段", "行動階段"),
    "phase.buy": ("Buy phase", "购买阶段", "購買階段"),
    "phase.cleanup": ("Clean-up phase", "清理阶段", "清理階段"),
    "phase.setup": ("Set-up", "准备", "準備"),
    "phase.draft": ("Character draft", "选角色", "選角色"),
    "phase.turns": ("Character turns", "角色行动", "角色行動"),
    "phase.end": ("Game end", "游戏结束", "遊戲結束"),
    "error.404.title": ("Page not found", "找不到页面", "找不到頁面"),
    "error.404.body": (
        "There is nothing at this address. It may have moved, or the link has a typo.",
        "这个地址没有内容。它可能已经移动，或者链接有误。",
        "這個地址沒有內容。它可能已經移動，或者連結有誤。",
    ),
    "error.400.title": ("That request could not be understood", "无法理解这个请求", "無法理解這個請求"),
    "error.405.title": ("That method is not allowed here", "此处不允许该操作", "此處不允許該操作"),
    "error.500.title": ("Something went wrong on our side", "服务器出错了", "伺服器出錯了"),
    "error.500.body": ("Please try again in a moment.", "请稍后再试。", "請稍後再試。"),
    "error.back_home": ("Go to the home page", "返回首页", "返回首頁"),
    "offline.title": ("You are offline", "你已离线", "你已離線"),
    "offline.body": (
        "Pages you opened before still work. Card and rule names can be searched offline.",
        "之前打开过的页面仍然可用。离线时也可以搜索卡牌和规则名称。",
        "之前開啟過的頁面仍然可用。離線時也可以搜尋卡牌和規則名稱。",
    ),
    "offline.names_only": ("Offline: matching names only", "离线：仅匹配名称", "離線：僅比對名稱"),
    "script.zh-Hans": ("Simplified", "简体", "簡體"),
    "script.zh-Hant": ("Traditional", "繁体", "繁體"),
    "footer.data": ("Data version {v}", "数据版本 {v}", "資料版本 {v}"),
    "footer.api": ("API", "接口", "介面"),
    "footer.dev": ("For developers", "开发者信息", "開發者資訊"),
    "sandbox.title": ("Try it", "试玩", "試玩"),
    "sandbox.intro": (
        "Set up any situation and play it out by the rules: you answer every choice.",
        "摆出任意局面，按规则打下去：每个选择都由你来回答。",
        "擺出任意局面，照規則打下去：每個選擇都由你來回答。",
    ),
    "sandbox.try_here": ("Try from here", "从这一步试玩", "從這一步試玩"),
    "sandbox.try_it": ("Try it", "试玩", "試玩"),
    "sandbox.blank": ("Try any situation", "试玩任意局面", "試玩任意局面"),
    "sandbox.edit": ("Set up the situation", "设置局面", "設定局面"),
    "sandbox.game": ("Game", "游戏", "遊戲"),
    "sandbox.edition": ("Edition", "版本", "版本"),
    "sandbox.players": ("Players", "玩家人数", "玩家人數"),
    "sandbox.add_to": ("Add a card to", "把卡牌加到", "把卡牌加到"),
    "sandbox.add_placeholder": ("Type a card name", "输入卡名", "輸入卡名"),
    "sandbox.table": ("Table", "桌面", "桌面"),
    "sandbox.clear": ("Clear the table", "清空桌面", "清空桌面"),
    "sandbox.go": ("Play it", "开始进行", "開始進行"),
    "sandbox.play": ("Play", "进行", "進行"),
    "sandbox.undo": ("Undo answer", "撤销回答", "撤銷回答"),
    "sandbox.branch": ("Answer again from here", "从这一步重新回答", "從這一步重新回答"),
    "sandbox.board": ("The board", "牌面", "牌面"),
    "sandbox.needs_js": (
        "This is the board at the last step. Setting up and playing need JavaScript.",
        "这是最后一步的牌面。设置局面和进行游戏需要启用 JavaScript。",
        "這是最後一步的牌面。設定局面和進行遊戲需要啟用 JavaScript。",
    ),
    "sandbox.finished": ("Nothing more is asked: this situation has played out.",
                         "没有更多选择了：这个局面已经进行完毕。", "沒有更多選擇了：這個局面已經進行完畢。"),
    "sandbox.link": ("Link to this sandbox", "本试玩的链接", "本試玩的連結"),
    "sandbox.copy": ("Copy the link", "复制链接", "複製連結"),
    "sandbox.copied": ("Link copied", "链接已复制", "連結已複製"),
    "sandbox.download": ("Download as scenario", "下载为场景文件", "下載為場景檔案"),
    "sandbox.asks": ("{who} decides", "{who} 做选择", "{who} 做選擇"),
    "sandbox.pick": ("Pick {min} to {max}", "选 {min} 到 {max} 项", "選 {min} 到 {max} 項"),
    "sandbox.picked": ("{n} picked", "已选 {n} 项", "已選 {n} 項"),
    "sandbox.done": ("Done", "完成", "完成"),
    "sandbox.none": ("None", "都不选", "都不選"),
    "sandbox.order": ("Tap in order, top first", "按顺序点选，第一张在最上面", "按順序點選，第一張在最上面"),
    "sandbox.refused": ("The rules do not allow this answer: {reason}", "规则不允许这个回答：{reason}",
                        "規則不允許這個回答：{reason}"),
    "sandbox.dropped": (
        "The change made {n} earlier answers impossible; play goes on from before them.",
        "修改后，之前的 {n} 个回答已不再可行；从它们之前继续。",
        "修改後，之前的 {n} 個回答已不再可行；從它們之前繼續。",
    ),
    "sandbox.error": ("This situation cannot be played: {reason}", "这个局面无法进行：{reason}",
                      "這個局面無法進行：{reason}"),
    "sandbox.offline": ("Playing it out needs a connection to the server.", "打下去需要连接服务器。",
                        "打下去需要連線到伺服器。"),
    "sandbox.remove": ("Remove {card}", "移除{card}", "移除{card}"),
    "sandbox.up": ("Move {card} up", "把{card}上移", "把{card}上移"),
    "sandbox.name": ("Name", "名字", "名字"),
    "sandbox.supply": ("Supply piles", "补充资源牌堆", "補充資源牌堆"),
    "sandbox.active": ("Whose turn", "轮到谁", "輪到誰"),
    "sandbox.phase": ("Starts in", "开始于", "開始於"),
    "sandbox.turn": ("Turn number", "回合数", "回合數"),
    "sandbox.stop": ("Play until", "进行到", "進行到"),
    "sandbox.stop.card": ("the first card resolved", "第一张牌结算完", "第一張牌結算完"),
    "sandbox.stop.action": ("the end of the action phase", "行动阶段结束", "行動階段結束"),
    "sandbox.stop.buy": ("the end of the buy phase", "购买阶段结束", "購買階段結束"),
    "sandbox.stop.turn": ("the end of the turn", "回合结束", "回合結束"),
    "sandbox.stop.draft": ("the end of the draft", "选角色结束", "選角色結束"),
    "sandbox.stop.round": ("the end of the round", "本轮结束", "本輪結束"),
    "sandbox.stop.game": ("the end of the game", "游戏结束", "遊戲結束"),
    "sandbox.crown": ("Crown", "皇冠", "皇冠"),
    "sandbox.start": ("Start at", "从哪里开始", "從哪裡開始"),
    "sandbox.start.draft": ("the character draft", "选角色", "選角色"),
    "sandbox.start.turns": ("the characters' turns", "角色行动", "角色行動"),
    "sandbox.from_rank": ("First rank called", "最先叫到的顺位", "最先叫到的順位"),
    "sandbox.ninth": ("Rank-9 character", "第 9 顺位角色", "第 9 順位角色"),
    "sandbox.no_ninth": ("none", "无", "無"),
    "sandbox.bank": ("Gold in the bank", "银行里的金币", "銀行裡的金幣"),
    "sandbox.coins": ("Coins", "钱币", "錢幣"),
    "sandbox.not_here": ("{card} cannot go there", "{card}不能放在那里", "{card}不能放在那裡"),
    "sandbox.eight": ("8 players need a rank-9 character", "8 人游戏需要第 9 顺位角色",
                      "8 人遊戲需要第 9 順位角色"),
    "sandbox.err.not_in_game": (
        "{card} is not one of this game's characters ({n} players).",
        "{card}不在本局（{n} 人）所用的角色中。",
        "{card}不在本局（{n} 人）使用的角色中。",
    ),
    "sandbox.err.held_twice": (
        "{card} can be held by one player only.",
        "{card}只能由一位玩家持有。",
        "{card}只能由一位玩家持有。",
    ),
    "sandbox.err.too_many": (
        "{n} × {card} on the table, but this game's district deck holds only {max}.",
        "桌上有 {n} 张{card}，但本局地区牌堆只有 {max} 张。",
        "桌上有 {n} 張{card}，但本局地區牌堆只有 {max} 張。",
    ),
    "sandbox.err.queen": (
        "The Queen is used with {n} or more players only.",
        "王后只在 {n} 人或以上的游戏中使用。",
        "王后只在 {n} 人或以上的遊戲中使用。",
    ),
    "sandbox.err.ninth_two": (
        "Two players use exactly the eight base characters: no rank-9 character.",
        "两人游戏只用八个基本角色，不用第 9 顺位角色。",
        "兩人遊戲只用八個基本角色，不用第 9 順位角色。",
    ),
    "sandbox.err.other": (
        "This situation cannot be played. Undo the last change or clear the table.",
        "这个局面无法进行。请撤销刚才的改动，或清空桌面。",
        "這個局面無法進行。請復原剛才的改動，或清空桌面。",
    ),
    "sandbox.err.refused": (
        "The rules do not allow this answer; it was taken back.",
        "规则不允许这个回答，已撤回。",
        "規則不允許這個回答，已撤回。",
    ),
    "sandbox.err.count": ("Pick {min} to {max}.", "请选 {min} 到 {max} 项。", "請選 {min} 到 {max} 項。"),
    "sandbox.err.detail": ("Details", "详情", "詳情"),
    "sandbox.removed_rank": (
        "{card} left the table: with three players the rank-1 character is not used.",
        "{card}已移出：三人游戏不使用第 1 顺位角色。",
        "{card}已移出：三人遊戲不使用第 1 順位角色。",
    ),
}


@dataclass(frozen=True)
class Translator:
    """Looks interface strings up in one language."""

    lang: str

    def __call__(self, key: str, **values: object) -> str:
        return translate(key, self.lang, **values)


def translate(key: str, lang: str, **values: object) -> str:
    """The string for `key` in `lang` with `{name}` placeholders filled; unknown keys raise KeyError."""
    if values.get("n") == 1 and f"{key}.one" in _TABLE:
        key = f"{key}.one"  # English singular; the Chinese rows read the same
    row = _TABLE[key]
    text = row[LANGS.index(lang)] if lang in LANGS else row[LANGS.index(DEFAULT_LANG)]
    return text.format(**values) if values else text


def has_key(key: str) -> bool:
    return key in _TABLE


def all_keys() -> list[str]:
    return sorted(_TABLE)


def client_strings(lang: str, prefixes: tuple[str, ...]) -> dict[str, str]:
    """Strings the browser scripts need, for one language (keys starting with one of `prefixes`)."""
    return {k: translate(k, lang) for k in _TABLE if k.startswith(prefixes)}


def parse_accept_language(header: str | None) -> list[tuple[str, float]]:
    """`Accept-Language` as (tag, q) pairs, best first; malformed parts are skipped."""
    out: list[tuple[str, float]] = []
    for i, part in enumerate((header or "").split(",")):
        bits = [b.strip() for b in part.split(";")]
        tag = bits[0]
        if not tag or len(tag) > 35:
            continue
        q = 1.0
        for b in bits[1:]:
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = -1.0
        if 0.0 < q <= 1.0:
            out.append((tag, q - i * 1e-6))
    return sorted(out, key=lambda p: -p[1])


def lang_for_tag(tag: str) -> str | None:
    """Map one BCP 47 tag to one of our languages (zh-TW, zh-HK, zh-MO and zh-Hant → zh-Hant)."""
    t = tag.lower().replace("_", "-")
    if t.startswith("en"):
        return "en"
    if t == "zh" or t.startswith("zh-"):
        parts = t.split("-")
        if "hant" in parts or any(p in ("tw", "hk", "mo") for p in parts[1:]):
            return "zh-Hant"
        return "zh-Hans"
    return None


def choose_lang(query_lang: str | None, cookie_lang: str | None, accept_language: str | None) -> str:
    """Explicit choice in the URL, then the remembered cookie, then the browser's preference."""
    for candidate in (query_lang, cookie_lang):
        if candidate in LANGS:
            return candidate  # type: ignore[return-value]
    for tag, _q in parse_accept_language(accept_language):
        lang = lang_for_tag(tag)
        if lang:
            return lang
    return DEFAULT_LANG
