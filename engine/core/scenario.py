"""The scenario format: loading, validation and discovery of engine/scenarios/<game>/*.yaml."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from corpus.yaml_files import load_yaml
from engine.core.localised import Localised
from engine.core.player_names import texts_in
from engine.core.rng import FixedShuffle
from engine.errors import EngineError

ENGINE_DIR = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ENGINE_DIR / "scenario.schema.json"
SCENARIOS_DIR = ENGINE_DIR / "scenarios"
PAIRS_DIR = ENGINE_DIR / "pairs"  # the interaction matrix's generated runs (engine/interactions)
SCENARIO_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class ScenarioError(EngineError, ValueError):
    """A scenario file is malformed: the message names the file, the field and the problem."""


@dataclass
class PlayerSetup:
    name: str
    zones: dict[str, list[str]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)


@dataclass
class ScriptStep:
    """One scripted answer; ``player``/``kind``/``card``/``purpose``, when given, must match the decision."""

    answer: Any
    player: int | None = None
    kind: str | None = None
    card: str | None = None
    purpose: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class RulingRef:
    """One ruling a scenario demonstrates: a corpus entry id and the ruling id within it (or None)."""

    entry: str
    ruling: str | None = None

    @classmethod
    def parse(cls, text: str) -> RulingRef:
        """``dominion/library#set-aside-not-shuffled``; ``dominion/bureaucrat`` (ruling None)."""
        entry, _, ruling = text.partition("#")
        return cls(entry, ruling or None)

    def __str__(self) -> str:
        return self.entry + (f"#{self.ruling}" if self.ruling else "")

    def to_dict(self) -> dict[str, str | None]:
        return {"entry": self.entry, "ruling": self.ruling}


@dataclass
class Scenario:
    id: str
    game: str
    edition: str | None
    entry: str
    ruling: str | None
    title: Localised
    players: list[PlayerSetup]
    description: Localised | None = None
    seed: int = 0
    kingdom: list[str] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    shared: dict[str, list[str]] = field(default_factory=dict)
    shuffles: list[FixedShuffle] = field(default_factory=list)
    setup: dict[str, Any] = field(default_factory=dict)
    script: list[ScriptStep] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    highlight: list[dict[str, Any]] = field(default_factory=list)
    path: Path | None = None
    rulings: list[RulingRef] = field(default_factory=list)  # every ruling shown; [0] is entry#ruling
    aliases: list[str] = field(default_factory=list)  # ids of merged copies (old links still work)
    kind: str | None = None  # "setup": the ruling is the set-up itself (expectations may hold at once)

    def __post_init__(self) -> None:
        if not self.rulings:
            self.rulings = [RulingRef(self.entry, self.ruling)]


@dataclass(frozen=True)
class ScenarioInfo:
    id: str
    game: str
    edition: str | None
    entry: str
    ruling: str | None
    title: Localised
    path: Path
    rulings: tuple[RulingRef, ...] = ()
    aliases: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {**identity_dict(self), "aliases": list(self.aliases), "path": str(self.path)}

    @classmethod
    def of(cls, s: Scenario, path: Path) -> ScenarioInfo:
        return cls(s.id, s.game, s.edition, s.entry, s.ruling, s.title, path, tuple(s.rulings),
                   tuple(s.aliases))


def identity_dict(s: Scenario | ScenarioInfo | Any) -> dict[str, Any]:
    """What names a scenario and what it demonstrates: the head of every scenario JSON shape.

    ``entry``/``ruling`` are the first of ``rulings`` (every ruling the run demonstrates).
    """
    rulings = list(getattr(s, "rulings", ()) or [RulingRef(s.entry, s.ruling)])
    return {
        "id": s.id,
        "game": s.game,
        "edition": s.edition,
        "entry": s.entry,
        "ruling": s.ruling,
        "rulings": [r.to_dict() for r in rulings],
        "title": dict(s.title),
    }


def _inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with every local ``#/$defs/...`` reference replaced by its definition (faster checks)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
            return _inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline_refs(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline_refs(v, defs) for v in node]
    return node


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(_inline_refs(schema, schema.get("$defs", {})))


def _field_path(parts: Any) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def schema_problems(raw: Any) -> list[str]:
    """Every JSON Schema violation as ``field: problem``, deepest first."""
    problems = []
    for error in sorted(_validator().iter_errors(raw), key=lambda e: (list(map(str, e.absolute_path)))):
        best = jsonschema.exceptions.best_match([error])
        if best.validator in ("oneOf", "anyOf") and best.context:
            deepest = max(best.context, key=lambda e: len(e.absolute_path))
            best = deepest
        problems.append(f"{_field_path(best.absolute_path)}: {best.message}")
    return problems


def _script_step(raw: Any) -> ScriptStep:
    if isinstance(raw, dict):
        return ScriptStep(
            answer=raw["answer"],
            player=raw.get("player"),
            kind=raw.get("kind"),
            card=raw.get("card"),
            purpose=raw.get("purpose"),
            note=raw.get("note"),
        )
    return ScriptStep(answer=raw)


def _rulings(raw: dict[str, Any], where: str) -> list[RulingRef]:
    """``rulings: [entry#ruling, ...]``, or the one-ruling shorthand ``entry`` + ``ruling``."""
    has_pair = "entry" in raw or "ruling" in raw
    if "rulings" in raw:
        if has_pair:
            raise ScenarioError(f"{where}rulings: give either rulings or entry + ruling, not both")
        refs = [RulingRef.parse(text) for text in raw["rulings"]]
        fields = [f"rulings[{i}]" for i in range(len(refs))]
    elif "entry" in raw and "ruling" in raw:
        refs, fields = [RulingRef(raw["entry"], raw["ruling"])], ["entry"]
    else:
        raise ScenarioError(f"{where}rulings: missing (or give entry + ruling for a single ruling)")
    seen: set[RulingRef] = set()
    for ref, name in zip(refs, fields, strict=True):
        if not ref.entry.startswith(raw["game"] + "/"):
            raise ScenarioError(f"{where}{name}: {ref.entry!r} is not an entry of game {raw['game']!r}")
        if ref in seen:
            raise ScenarioError(f"{where}{name}: {str(ref)!r} is listed twice")
        seen.add(ref)
    return refs


def _fixed_shuffle(raw: Any) -> FixedShuffle:
    if isinstance(raw, dict):
        return FixedShuffle(order=list(raw["order"]), player=raw.get("player"))
    return FixedShuffle(order=list(raw))


def scenario_from_dict(raw: Any, path: Path | None = None) -> Scenario:
    """Build a Scenario from parsed YAML, or raise ScenarioError naming the field and problem."""
    where = f"{path}: " if path else ""
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where}(top level): a scenario is a mapping, got {type(raw).__name__}")
    problems = schema_problems(raw)
    if problems:
        raise ScenarioError(where + "; ".join(problems))
    rulings = _rulings(raw, where)
    if path is not None and raw["id"] != path.stem:
        raise ScenarioError(f"{where}id: {raw['id']!r} must equal the file name {path.stem!r}")
    nplayers = len(raw["players"])
    for i, step in enumerate(raw.get("script", [])):
        if isinstance(step, dict) and step.get("player", 0) >= nplayers:
            raise ScenarioError(f"{where}script[{i}].player: {step['player']} but only {nplayers} players")
    for i, sh in enumerate(raw.get("shuffles", [])):
        if isinstance(sh, dict) and sh.get("player", 0) >= nplayers:
            raise ScenarioError(f"{where}shuffles[{i}].player: {sh['player']} but only {nplayers} players")
    scenario = Scenario(
        id=raw["id"],
        game=raw["game"],
        edition=raw.get("edition"),
        entry=rulings[0].entry,
        ruling=rulings[0].ruling,
        title=texts_in(raw["title"]),
        description=texts_in(raw["description"]) if raw.get("description") else None,
        players=[
            PlayerSetup(name=p["name"], zones=dict(p.get("zones", {})), counters=dict(p.get("counters", {})))
            for p in raw["players"]
        ],
        seed=raw.get("seed", 0),
        kingdom=list(raw.get("kingdom", [])),
        supply=dict(raw.get("supply", {})),
        shared=dict(raw.get("shared", {})),
        shuffles=[_fixed_shuffle(s) for s in raw.get("shuffles", [])],
        setup=dict(raw.get("setup", {})),
        script=[_script_step(s) for s in raw.get("script", [])],
        expect=dict(raw.get("expect", {})),
        highlight=list(raw.get("highlight", [])),
        path=path,
        rulings=rulings,
        aliases=list(raw.get("aliases", [])),
        kind=raw.get("kind"),
    )
    from engine.core.registry import UnknownGameError, game_module  # late: imports game modules

    try:
        module = game_module(scenario.game)
    except UnknownGameError as exc:
        raise ScenarioError(f"{where}{exc}") from None
    validate = getattr(module, "validate_scenario", None)
    if validate is not None:
        game_problems = validate(scenario)
        if game_problems:
            raise ScenarioError(where + "; ".join(game_problems))
    return scenario


def scenario_paths(root: Path = SCENARIOS_DIR) -> list[Path]:
    return sorted(root.glob("*/*.yaml"))


def find_scenario_path(scenario_id: str, root: Path = SCENARIOS_DIR) -> Path | None:
    """The file named ``<id>.yaml``, else the file that lists ``id`` among its ``aliases``; under
    the shipped library, a pair run of the interaction matrix (``engine/pairs/``) too."""
    matches = sorted(root.glob(f"*/{scenario_id}.yaml"))
    if not matches and root == SCENARIOS_DIR and scenario_id.startswith("pair-"):
        matches = sorted(PAIRS_DIR.glob(f"*/{scenario_id}.yaml"))
    if matches:
        return matches[0]
    return _alias_paths(root).get(scenario_id)


def _alias_paths(root: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in scenario_paths(root):
        text = path.read_text(encoding="utf-8")
        if "\naliases:" not in text:
            continue
        raw = load_yaml(text)
        for alias in raw.get("aliases", []) if isinstance(raw, dict) else []:
            out.setdefault(str(alias), path)
    return out


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{path}: (top level): not UTF-8 text (byte {exc.start})") from None
    try:
        return load_yaml(text)  # a safe loader: libyaml's when available
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", exc)
        raise ScenarioError(f"{path}: (top level): not valid YAML{at}: {problem}") from None


def load_scenario(id_or_path: str | Path, root: Path = SCENARIOS_DIR) -> Scenario:
    """Load a scenario by id (searched under engine/scenarios/) or by file path."""
    text = str(id_or_path)
    candidate = Path(text)
    if text.endswith((".yaml", ".yml")) or candidate.is_file():
        path = candidate
        if not path.is_file():
            raise ScenarioError(f"{path}: no such scenario file")
    else:
        if not SCENARIO_ID.fullmatch(text):
            raise ScenarioError(f"id: {text!r} is not a scenario id (lower-case letters, digits and hyphens)")
        found = find_scenario_path(text, root)
        if found is None:
            raise ScenarioError(f"id: no scenario named {text!r} under {root}")
        path = found
    return scenario_from_dict(read_yaml(path), path)


def list_scenarios(root: Path = SCENARIOS_DIR) -> list[ScenarioInfo]:
    """Every well-formed scenario, sorted by game then id (malformed ones: see scenario_problems)."""
    out = []
    for path in scenario_paths(root):
        try:
            s = scenario_from_dict(read_yaml(path), path)
        except ScenarioError:
            continue
        out.append(ScenarioInfo.of(s, path))
    return sorted(out, key=lambda i: (i.game, i.id))


def scenario_problems(root: Path = SCENARIOS_DIR) -> list[str]:
    """The message for every scenario file that fails to load."""
    problems = []
    for path in scenario_paths(root):
        try:
            scenario_from_dict(read_yaml(path), path)
        except ScenarioError as exc:
            problems.append(str(exc))
    return problems
