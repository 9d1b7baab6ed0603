"""The interaction matrix: every meaningful pair of two cards of one interaction class, as a run.

An interaction class (a file of ``engine/interactions/<game>/``; a game's classes are every file's,
in file-name order, and a class id is unique within the game) is a template: which cards meet which
(``x`` and ``ys``, per edition), the situation around them (players' zones, set-up), how the
player answers (``answers``: a preference per decision purpose; everything else is answered by a
plain policy) and what the rulings of the two cards say must happen (``checks``: one expectation
fragment per ruling, ``when`` narrowing it to some pairs). Strings ``{x}``/``{y}`` (and the
class's values: ``defaults``, overridden by the variant's, then by ``per_y``'s, and the computed
ones, :data:`VALUES`) are filled in; a string that is only ``{name}`` becomes the value itself (a
list, a number).

:func:`build_pair` plays the situation once with :class:`PolicyDecider` (recording its answers as
the script), refuses a run that raises or passes the sandbox's event budget, and returns the
scenario file's body: the script, the expectations (every check merged) and the ★ (``star``).
:func:`agreement` replays the file and compares its outcome with each ruling's fragment alone.
Pure over the engine; names (for titles) are passed in.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from corpus.languages import LANGS
from engine.core.decisions import Decision
from engine.core.expect import check_expectations
from engine.core.localised import Names
from engine.core.narration import spaced
from engine.core.registry import game_names, get_game
from engine.core.scenario import PAIRS_DIR as CORE_PAIRS_DIR
from engine.core.scenario import Scenario, read_yaml, scenario_from_dict
from engine.errors import ControlFlow, EngineError
from engine.sandbox.games import prepare
from engine.sandbox.situation import LIMITS

HERE = Path(__file__).resolve().parent
PAIRS_DIR = CORE_PAIRS_DIR  # generated: engine/pairs/<game>/<id>.yaml
EVENT_BUDGET = LIMITS.events  # the sandbox's budget: a pair run is one replay of the sandbox
FIELD = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)\}")


class PairError(EngineError, ValueError):
    """A class does not build a run for a pair (the message names the class, the pair and why)."""


class EndlessRun(ControlFlow):  # turned into a PairError by build_pair
    """Raised by a watched :class:`PolicyDecider` when the run passes its event budget."""


@dataclass(frozen=True)
class Check:
    ruling: str  # entry#ruling
    expect: dict[str, Any]
    when: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PairClass:
    id: str
    game: str
    x: str  # the enabler (Throne Room, Moat, the Warlord, ...): the card the class is about
    ys: dict[str, list[str]]  # edition ("1e"/"2e"/"-") -> the cards it meets
    title: dict[str, str]
    situation: dict[str, Any]
    answers: list[dict[str, Any]]
    checks: list[Check]
    star: dict[str, Any]
    overrides: dict[str, dict[str, Any]]  # per y: situation keys replaced
    values: list[str]  # computed values the templates use (VALUES)
    group: str  # the class's label in docs/scenarios.md
    per_y: dict[str, dict[str, Any]] = field(default_factory=dict)  # values that differ by card
    defaults: dict[str, Any] = field(default_factory=dict)  # values every pair starts from (per_y wins)
    variants: list[dict[str, Any]] = field(default_factory=lambda: [{}])  # e.g. small/large hands


@dataclass(frozen=True)
class Pair:
    cls: PairClass
    x: str
    y: str
    edition: str | None
    variant: dict[str, Any]

    @property
    def id(self) -> str:
        parts = ["pair", self.cls.id, self.y]
        if self.variant.get("id"):
            parts.append(self.variant["id"])
        if self.edition:
            parts.append(self.edition)
        return "-".join(parts)


# --------------------------------------------------------------------------- classes
def class_files(game: str) -> list[Path]:
    """The files holding a game's classes, in name order (one per topic: characters, building, ...)."""
    return sorted((HERE / game).glob("*.yaml"))


def _raw_classes(game: str) -> Iterator[dict[str, Any]]:
    seen: dict[str, Path] = {}
    for path in class_files(game):
        for c in read_yaml(path)["classes"]:
            if c["id"] in seen:
                raise PairError(f"{game}: class {c['id']!r} is in both {seen[c['id']].name} and {path.name}")
            seen[c["id"]] = path
            yield c


def load_classes(game: str) -> list[PairClass]:
    out = []
    for c in _raw_classes(game):
        ys = c["ys"] if isinstance(c["ys"], dict) else {"-": c["ys"]}
        out.append(PairClass(
            id=c["id"], game=game, x=c["x"], ys={k: list(v) for k, v in ys.items()},
            title=dict(c["title"]), situation=c["situation"], answers=list(c.get("answers", [])),
            checks=[Check(k["ruling"], k["expect"], dict(k.get("when", {}))) for k in c["checks"]],
            star=c["star"], overrides=dict(c.get("overrides", {})), values=list(c.get("values", [])),
            group=c.get("group", c["id"]), variants=list(c.get("variants", [{}])),
            per_y=dict(c.get("per_y", {})), defaults=dict(c.get("defaults", {})),
        ))
    return out


def pairs(game: str) -> Iterator[Pair]:
    for cls in load_classes(game):
        for edition, ys in cls.ys.items():
            for y in ys:
                for variant in cls.variants:
                    yield Pair(cls, cls.x, y, None if edition == "-" else edition, variant)


# --------------------------------------------------------------------------- templates
def fill(node: Any, values: Mapping[str, Any]) -> Any:
    """``node`` with every ``{name}`` filled; a string that is one whole ``{name}`` becomes the value."""
    if isinstance(node, str):
        whole = FIELD.fullmatch(node)
        if whole and whole.group(1) in values:
            return copy.deepcopy(values[whole.group(1)])
        return FIELD.sub(lambda m: str(values.get(m.group(1), m.group(0))), node)
    if isinstance(node, list):
        return [fill(v, values) for v in node]
    if isinstance(node, dict):
        return {fill(k, values): fill(v, values) for k, v in node.items()}
    return node


def applies(when: Mapping[str, Any], pair: Pair) -> bool:
    """``when`` keys: ``y`` / ``not_y`` (a card or list), ``edition``, ``variant`` (the variant id)."""
    def listed(v: Any) -> list[Any]:
        return v if isinstance(v, list) else [v]
    if "y" in when and pair.y not in listed(when["y"]):
        return False
    if "not_y" in when and pair.y in listed(when["not_y"]):
        return False
    if "edition" in when and pair.edition not in listed(when["edition"]):
        return False
    if "has" in when and when["has"] not in template_values(pair):
        return False
    if "nonempty" in when and not template_values(pair).get(when["nonempty"]):
        return False
    return not ("variant" in when and pair.variant.get("id") not in listed(when["variant"]))


def template_values(pair: Pair) -> dict[str, Any]:
    values: dict[str, Any] = {"x": pair.x, "y": pair.y, "edition": pair.edition or ""}
    # defaults, then the variant's, then the card's own values; each may name {x}, {y}, {edition}
    # and the values filled before it
    values.update({k: fill(v, values) for k, v in pair.cls.defaults.items()})
    own = {k: v for k, v in pair.variant.items() if k not in ("id", "situation", "words")}
    values.update({k: fill(v, values) for k, v in own.items()})
    values.update({k: fill(v, values) for k, v in pair.cls.per_y.get(pair.y, {}).items()})
    for name in pair.cls.values:
        values[name] = VALUES[name](pair, values)
    return values


def merge_expect(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One ``expect`` holding every fragment: lists concatenated, mappings merged, players by index."""
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key == "players":
                players = out.setdefault("players", [])
                for i, p in enumerate(value):
                    while len(players) <= i:
                        players.append(None)
                    if p is None:
                        continue
                    mine = players[i] or {}
                    for k, v in p.items():
                        mine[k] = {**mine.get(k, {}), **v} if isinstance(v, dict) else v
                    players[i] = mine
            elif isinstance(value, list):
                out.setdefault(key, [])
                out[key].extend(v for v in value if v not in out[key])
            elif isinstance(value, dict):
                out[key] = {**out.get(key, {}), **value}
            else:
                out[key] = value
    return out


# --------------------------------------------------------------------------- the player's answers
class PolicyDecider:
    """Answers from the class's preferences, else a plain policy; records every answer so the
    run's script can be written down.

    A preference applies to decisions of its ``purpose``/``card``/``player`` (those given), at most
    ``times`` times; it names the picks to make first (``prefer``; with ``only`` nothing else), all
    it may (``all``) or a fixed ``answer``. The plain policy: confirm yes, keep an order as
    offered, choose the first option, select the fewest picks allowed but at least one.
    """

    def __init__(self, prefs: list[dict[str, Any]]) -> None:
        self.prefs = prefs
        self.used: dict[int, int] = {}
        self.script: list[dict[str, Any]] = []
        self.log: Any = None  # the run's event log, when watched (see watch)
        self.budget = EVENT_BUDGET

    def watch(self, log: Any, budget: int = EVENT_BUDGET) -> None:
        """Stop the run (:class:`EndlessRun`) at the first decision once ``log`` holds more than
        ``budget`` events: a game that never ends (no city ever completed) is refused, not played
        forever."""
        self.log, self.budget = log, budget

    def _rule(self, decision: Decision) -> tuple[int, dict[str, Any]] | None:
        ctx = decision.context
        for i, rule in enumerate(self.prefs):
            if "purpose" in rule and rule["purpose"] != ctx.get("purpose"):
                continue
            if "card" in rule and rule["card"] != ctx.get("card"):
                continue
            if "player" in rule and rule["player"] != decision.player:
                continue
            if "times" in rule and self.used.get(i, 0) >= rule["times"]:
                continue
            return i, rule
        return None

    def decide(self, decision: Decision, state: Any = None) -> list[str]:
        if self.log is not None and len(self.log.events) > self.budget:
            raise EndlessRun(len(self.log.events))
        found = self._rule(decision)
        picks = self._answer(decision, found[1] if found else {})
        if found:
            self.used[found[0]] = self.used.get(found[0], 0) + 1
        step: dict[str, Any] = {"answer": picks, "player": decision.player}
        if decision.context.get("purpose"):
            step["purpose"] = decision.context["purpose"]
        self.script.append(step)
        return picks

    @staticmethod
    def _answer(decision: Decision, rule: dict[str, Any]) -> list[str]:
        options = list(decision.options)
        if decision.kind == "order":
            return options
        if decision.kind == "confirm":
            return ["no"] if rule.get("answer") is False else ["yes"]
        if "answer" in rule:  # a fixed answer (e.g. [] to end the phase)
            want = rule["answer"]
            return [want] if isinstance(want, str) else list(want)
        prefer = rule.get("prefer", [])
        count = decision.min if decision.min > 0 else min(1, decision.max)
        if rule.get("all"):
            count = decision.max
        if decision.kind == "choose":
            return [next((p for p in prefer if p in options), options[0])]
        left = list(options)
        picks: list[str] = []
        for p in prefer:
            while p in left and len(picks) < count:
                picks.append(p)
                left.remove(p)
        if not rule.get("only"):
            while left and len(picks) < count:
                picks.append(left.pop(0))
        return picks


# --------------------------------------------------------------------------- building a pair
def situation(pair: Pair, names: Mapping[str, Names]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The scenario file's head and set-up (no script or expectations yet), and the template values."""
    values = template_values(pair)
    base = copy.deepcopy(pair.cls.situation)
    base.update(copy.deepcopy(pair.cls.overrides.get(pair.y, {})))
    base.update(copy.deepcopy(pair.variant.get("situation", {})))
    body = fill(base, values)
    lang_names = names.get(pair.edition or "-", {})
    title = {}
    for lang in LANGS:
        words = {k: v for k, v in values.items() if isinstance(v, (int, str))}
        words.update({"X": _name(lang_names, pair.x, lang), "Y": _name(lang_names, pair.y, lang)})
        words.update({k: (v.get(lang, "") if isinstance(v, dict) else v)
                      for k, v in pair.variant.get("words", {}).items()})
        said = edition_words(pair, fill(pair.cls.title[lang], words), lang)
        title[lang] = said if lang == "en" else spaced(said)  # "有 4 张牌", as the narration writes
    rulings = [c.ruling for c in pair.cls.checks if applies(c.when, pair)]
    head = {"id": pair.id, "game": pair.cls.game, "edition": pair.edition,
            "rulings": list(dict.fromkeys(rulings)), "title": title}
    return {**head, **body}, values


def edition_words(pair: Pair, text: str, lang: str) -> str:
    """A title in its edition's words (Dominion's 1st edition says 废置 for trash, the 2nd 移除)."""
    return get_game(pair.cls.game).in_edition(text, pair.edition, lang)


def _name(names: Mapping[str, Any], slug: str, lang: str) -> str:
    entry = names.get(slug)
    return entry.get(lang, slug) if isinstance(entry, Mapping) else slug


def build_pair(pair: Pair, names: Mapping[str, Names]) -> dict[str, Any]:
    """The scenario file for one pair: played once with the policy, its answers kept as the script."""
    raw, values = situation(pair, names)
    where = f"{pair.cls.id} x {pair.y} ({pair.edition or 'no edition'})"
    scenario = _load(raw, where)
    decider = PolicyDecider(fill(pair.cls.answers, values))
    prepared = prepare(scenario, decider, {})
    decider.watch(prepared.log)
    try:
        prepared.play()
    except EndlessRun as stop:
        raise PairError(f"{where}: still playing after {stop.args[0]} events, over the sandbox's "
                        f"{EVENT_BUDGET} (does the game ever end?)") from None
    except Exception as exc:  # noqa: BLE001 - reported as a class that does not fit the pair
        raise PairError(f"{where}: the engine raised {type(exc).__name__}: {exc}") from None
    if len(prepared.log.events) > EVENT_BUDGET:
        raise PairError(f"{where}: {len(prepared.log.events)} events, over the sandbox's {EVENT_BUDGET}")
    checks = [c for c in pair.cls.checks if applies(c.when, pair)]
    raw["script"] = decider.script
    raw["expect"] = merge_expect([fill(c.expect, values) for c in checks])
    if "events" in raw["expect"]:  # the checks' events as one subsequence of the log, in its order
        raw["expect"]["events"] = in_log_order(raw["expect"]["events"], prepared.log.events)
    raw["highlight"] = [fill(values.get("star") or pair.cls.star, values)]
    return raw


def in_log_order(matchers: list[dict[str, Any]], events: list[Any]) -> list[dict[str, Any]]:
    """Event matchers sorted by the first event each matches (unmatched ones last: the run fails);
    two checks naming the same event (the score's parts, say) become one matcher."""
    from engine.core.expect import event_matches

    def first(m: dict[str, Any]) -> int:
        return next((e.seq for e in events if event_matches(e, m)), len(events))
    out: list[tuple[int, dict[str, Any]]] = []
    for m in sorted(matchers, key=first):
        at = first(m)
        if out and out[-1][0] == at < len(events):
            merged = _deep_merge(out[-1][1], m)
            if event_matches(events[at], merged):
                out[-1] = (at, merged)
                continue
        out.append((at, m))
    return [m for _, m in out]


def _deep_merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        out[k] = _deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def _load(raw: dict[str, Any], where: str) -> Scenario:
    try:
        return scenario_from_dict(raw)
    except ValueError as exc:
        raise PairError(f"{where}: {exc}") from None


def build_all(game: str, names: Mapping[str, Names]) -> dict[str, dict[str, Any]]:
    """Every pair of the game's classes: id -> file body (PairError on the first that does not fit)."""
    return {p.id: build_pair(p, names) for p in pairs(game)}


def dump(raw: dict[str, Any]) -> str:
    return yaml.safe_dump(raw, allow_unicode=True, sort_keys=False, width=100, default_flow_style=None)


def write_all(game: str, names: Mapping[str, Names], root: Path = PAIRS_DIR) -> list[Path]:
    """Write the game's pair files (and delete stale ones); the paths written."""
    out_dir = root / game
    out_dir.mkdir(parents=True, exist_ok=True)
    built = build_all(game, names)
    for old in out_dir.glob("*.yaml"):
        if old.stem not in built:
            old.unlink()
    paths = []
    for pid, raw in built.items():
        path = out_dir / f"{pid}.yaml"
        text = dump(raw)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def stale(game: str, names: Mapping[str, Names], root: Path = PAIRS_DIR) -> list[str]:
    """Pair files that differ from what the classes build (empty: the matrix is up to date)."""
    built = build_all(game, names)
    out_dir = root / game
    on_disk = {p.stem: p for p in out_dir.glob("*.yaml")}
    problems = [f"{pid}: missing" for pid in built if pid not in on_disk]
    problems += [f"{pid}: no class builds it" for pid in on_disk if pid not in built]
    problems += [f"{pid}: differs from what its class builds" for pid, raw in built.items()
                 if pid in on_disk and on_disk[pid].read_text(encoding="utf-8") != dump(raw)]
    return problems


# --------------------------------------------------------------------------- the shipped matrix
def pair_paths(root: Path = PAIRS_DIR) -> list[Path]:
    return sorted(root.glob("*/*.yaml"))


def load_pair(path: Path) -> Scenario:
    return scenario_from_dict(read_yaml(path), path)


def agreement(pair: Pair, run_events: list[Any], final: dict[str, Any]) -> list[str]:
    """Each ruling's fragment checked alone against a run: a message per ruling it disagrees with."""
    values = template_values(pair)
    problems = []
    for check in pair.cls.checks:
        if not applies(check.when, pair):
            continue
        _, failures = check_expectations(fill(check.expect, values), final, run_events)
        problems.extend(f"{pair.id}: disagrees with {check.ruling}: {f}" for f in failures)
    return problems


def pairs_by_id(game: str | None = None) -> dict[str, Pair]:
    return {p.id: p for g in ([game] if game else game_names()) for p in pairs(g)}


# --------------------------------------------------------------------------- computed values
def _dominion_cost(slug: str) -> int:
    from engine.dominion.cards import CARDS

    return CARDS[slug].cost


def _kingdom_xy(pair: Pair, values: Mapping[str, Any]) -> list[str]:
    """The kingdom of a two-card situation: x, and y when it is a kingdom card."""
    from engine.dominion.cards import CARDS

    return [pair.x] + ([pair.y] if not CARDS[pair.y].basic and pair.y != pair.x else [])


def _supply(pair: Pair, values: Mapping[str, Any]) -> list[str]:
    """The supply of a two-card situation: the basic piles plus x and y."""
    from engine.dominion.cards import CARDS

    basics = [s for s, c in CARDS.items() if c.basic]
    return basics + _kingdom_xy(pair, values)


def _supply_up_to(limit: int) -> Callable[[Pair, Mapping[str, Any]], list[str]]:
    """The supply's cards (the basic piles plus x and y) costing at most ``limit``, by name."""
    def compute(pair: Pair, values: Mapping[str, Any]) -> list[str]:
        return sorted(s for s in _supply(pair, values) if _dominion_cost(s) <= limit)
    return compute


def _best(options: str) -> Callable[[Pair, Mapping[str, Any]], list[str]]:
    """The dearest of a computed list of cards (the first by name among equals), as a preference."""
    def compute(pair: Pair, values: Mapping[str, Any]) -> list[str]:
        cards = VALUES[options](pair, values)
        return [max(cards, key=lambda s: (_dominion_cost(s), [-ord(ch) for ch in s]))] if cards else []
    return compute


def _up_to(extra: int, treasure: bool = False) -> Callable[[Pair, Mapping[str, Any]], list[str]]:
    def compute(pair: Pair, values: Mapping[str, Any]) -> list[str]:
        from engine.dominion.cards import CARDS

        limit = _dominion_cost(pair.y) + extra
        return sorted(s for s in _supply(pair, values)
                      if CARDS[s].cost <= limit and (not treasure or "treasure" in CARDS[s].types))
    return compute


def _over(extra: int) -> Callable[[Pair, Mapping[str, Any]], list[str]]:
    def compute(pair: Pair, values: Mapping[str, Any]) -> list[str]:
        from engine.dominion.cards import CARDS

        limit = _dominion_cost(pair.y) + extra
        return sorted(s for s in _supply(pair, values) if CARDS[s].cost > limit)
    return compute


def _gardens_points(pair: Pair, values: Mapping[str, Any]) -> int:
    """Each Gardens is worth 1 per 10 cards the player owns, rounded down; plus the player's other points."""
    owned = int(values["coppers"]) + int(values["gardens"]) + 1  # the Province bought ends the game
    gardens = int(values["gardens"])
    return gardens * (owned // 10) + int(values.get("other_points", 0))


def _lead(values: Mapping[str, Any]) -> list[str]:
    return list(fill(values["lead"], values))


def _cast(values: Mapping[str, Any]) -> list[str]:
    return list(fill(values["cast"], values))


def _arranged(pair: Pair, values: Mapping[str, Any]) -> list[str]:
    """A fixed shuffle of the ``cast`` (say the round's characters): the ``lead`` cards first, in
    their order (``{y}`` filled in), then the others as the cast lists them."""
    lead = _lead(values)
    return lead + [c for c in _cast(values) if c not in lead]


def _rest(pair: Pair, values: Mapping[str, Any]) -> list[str]:
    """The ``cast`` without the ``lead`` cards, in the cast's order (e.g. what the others prefer)."""
    lead = _lead(values)
    return [c for c in _cast(values) if c not in lead]


VALUES: dict[str, Callable[[Pair, Mapping[str, Any]], Any]] = {
    "arranged": _arranged,
    "rest": _rest,
    "remodel_options": _up_to(2),
    "remodel_over": _over(2),
    "mine_options": _up_to(3, treasure=True),
    "gardens_points": _gardens_points,
    "remodel_best": _best("remodel_options"),
    "mine_best": _best("mine_options"),
    "kingdom_xy": _kingdom_xy,
    "supply_up_to_4": _supply_up_to(4),
    "supply_up_to_5": _supply_up_to(5),
    "copper_pile": lambda pair, values: ["copper"] * int(values["coppers"]),
    "gardens_pile": lambda pair, values: ["gardens"] * int(values["gardens"]),
    "owned_cards": lambda pair, values: int(values["coppers"]) + int(values["gardens"]) + 1,
}
