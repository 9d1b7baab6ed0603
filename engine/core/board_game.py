"""A game as one object: its facts as attributes, its behaviour as hooks.

python-chess's ``Board`` subclasses are the model: each game's package defines one subclass of
:class:`BoardGame` in ``engine/<game>/board_game.py`` (not to be confused with the game loops,
``engine.dominion.game.Game`` and ``engine.citadels.game.CitadelsGame``), and
:mod:`engine.core.registry` hands out the instances. Code outside ``engine/<game>/`` (the sandbox,
the tools, the web app and, through :meth:`BoardGame.browser`, the browser scripts) asks the
object instead of comparing the game's name; ``tests/engine/core/test_game_branches.py`` fails on
a comparison that creeps back.

The facts:
- ``name``, ``package`` (the engine module with ``run`` and ``simulate``), ``editions`` and
  ``default_edition`` (``()`` and ``None`` for a game with one edition), ``card_kinds``;
- ``zones`` (a player's zones as the sandbox edits them), ``shared_zones``, ``counters``;
- ``board_terms``: the board's interface keys -> the glossary entry that names them;
- ``board``: how the demo board titles things (``turn``: the step counter's string key;
  ``piles``: the piles' title key; ``pile_words``: piles are named by ``pile.<slug>`` strings),
  ``edition_badges`` (an entry card shows the editions as badges, else after the game's name);
- ``sandbox_players`` (the player counts the sandbox editor offers), ``sandbox_caps`` (zone ->
  the :class:`~engine.sandbox.situation.Limits` field bounding it), ``shared_cap`` (cards in a
  shared zone, when not the limits' ``zone_cards``), ``sandbox_editor`` (the editor's table
  form: ``table`` ``supply`` or ``draft``, ``player_counters`` edited per player,
  ``turn_counters`` of the active player with defaults, ``stops``, extra ``targets`` for a card
  as ``[value, string key]``, ``ninth`` characters offered), ``option_words`` (the
  narration's words for decision options);
- ``tools``: which evaluators the tools script uses (``setup``: ``by_edition`` or
  ``by_options``; ``score``: ``deck`` or ``city``) and the tools' defaults.

The hooks: :meth:`prepare` (build a scenario's game), :meth:`simulate_options` (the CLI's bot
games), :meth:`normalise_situation` (a sandbox situation's defaults), :meth:`sandbox_blank`,
:meth:`sandbox_for` (the sandbox starts), :meth:`sandbox_facts` (what the sandbox editor needs to
place a card), :meth:`setup_request` / :meth:`setup`, :meth:`score_request` / :meth:`score`,
:meth:`setup_table` (every set-up, for the tools offline) and :meth:`browser` (all the facts the
browser scripts read, as JSON).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from engine.core.decisions import Decider
from engine.core.localised import Names
from engine.core.run import Prepared
from engine.core.scenario import Scenario
from engine.errors import EngineError

#: ``(situation, answers)``: a sandbox start in the scenario format as JSON, answers already given.
Start = tuple[dict[str, Any], list[Any]]
#: The players' names of a sandbox start (the browser facts give the sandbox script the same list).
PLAYER_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")


class ParamError(EngineError, ValueError):
    """A tool's query parameter that cannot be used; the message names it."""


class Params(Protocol):
    """Query parameters as the tools read them (a werkzeug ``MultiDict`` fits)."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[str]: ...

    def items(self) -> Any: ...


# --------------------------------------------------------------------------- parameter readers
def param_int(params: Params, name: str, default: int, lo: int, hi: int) -> int:
    raw = params.get(name)
    if raw in (None, ""):
        return default
    if not raw.isdigit() or not lo <= int(raw) <= hi:
        raise ParamError(f"{name}: {raw[:20]!r} is not a whole number from {lo} to {hi}")
    return int(raw)


def param_choice(params: Params, name: str, choices: tuple[str, ...], default: str) -> str:
    raw = params.get(name) or default
    if raw not in choices:
        raise ParamError(f"{name}: {raw[:20]!r} is not one of {list(choices)}")
    return raw


def param_list(params: Params, name: str) -> tuple[str, ...]:
    raw = ",".join(params.getlist(name))
    if len(raw) > 1000:
        raise ParamError(f"{name}: too long")
    return tuple(x for x in (s.strip() for s in raw.split(",")) if x)


def param_flag(params: Params, name: str) -> bool:
    return params.get(name, "") in ("1", "true", "on", "yes")


def param_number(name: str, raw: str) -> int:
    if raw == "":
        return 0
    if not raw.isdigit() or len(raw) > 4:
        raise ParamError(f"{name}: {raw[:20]!r} is not a whole number")
    return int(raw)


class BoardGame:
    """One game's facts and hooks; subclasses set the class attributes and override the hooks."""

    name: ClassVar[str]
    package: ClassVar[str]
    editions: ClassVar[tuple[str, ...]] = ()
    default_edition: ClassVar[str | None] = None
    card_kinds: ClassVar[tuple[str, ...]] = ()
    zones: ClassVar[tuple[str, ...]] = ()
    shared_zones: ClassVar[tuple[str, ...]] = ()
    counters: ClassVar[tuple[str, ...]] = ()
    board_terms: ClassVar[dict[str, str]] = {}
    board: ClassVar[dict[str, Any]] = {}
    edition_badges: ClassVar[bool] = False
    sandbox_players: ClassVar[tuple[int, int]] = (2, 4)
    sandbox_caps: ClassVar[dict[str, str]] = {}
    shared_cap: ClassVar[int | None] = None
    option_words: ClassVar[Any] = None
    sandbox_editor: ClassVar[dict[str, Any]] = {}
    tools: ClassVar[dict[str, Any]] = {}
    #: the modules that hold the rules (``make mutation`` breaks them one change at a time) and the
    #: engine tests that exercise them in-process (run against a mutant no scenario kills)
    rule_modules: ClassVar[tuple[str, ...]] = ()
    rule_tests: ClassVar[tuple[str, ...]] = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    # ------------------------------------------------------------------ scenarios and the sandbox
    def prepare(self, scenario: Scenario, decider: Decider, names: Names) -> Prepared:
        """The scenario's game ready to play, answered by ``decider``; SetupError if it cannot be built."""
        raise NotImplementedError

    def in_edition(self, text: str, edition: str | None, lang: str) -> str:
        """``text`` in the words of ``edition``'s rulebook in ``lang`` (a game with one set of
        words returns it as it is)."""
        return text

    def normalise_situation(self, situation: dict[str, Any]) -> None:
        """Fill a sandbox situation's game defaults in place (the edition when it names none)."""
        if self.default_edition:
            situation.setdefault("edition", self.default_edition)

    def sandbox_blank(self) -> Start:
        """An empty table."""
        raise NotImplementedError

    def sandbox_for(self, slug: str) -> Start | None:
        """A small situation around one card (None if the engine lacks it)."""
        return None

    def sandbox_facts(self) -> dict[str, Any]:
        """What the sandbox editor needs to place this game's cards."""
        return {}

    def simulate_options(self, players: str, edition: str, kingdom: Callable[[], list[str] | None],
                         ) -> dict[str, Any]:
        """``simulate(...)``'s game arguments from ``refapp simulate``'s options (``players``: bots or
        a count; ``kingdom``: reads the --kingdom option, for a game that has kingdoms)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the tools
    def setup_request(self, params: Params) -> dict[str, Any]:
        """The set-up tool's request from its query parameters (ParamError names a bad one)."""
        raise NotImplementedError

    def setup(self, request: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def score_request(self, params: Params, players: int) -> dict[str, Any]:
        """The score counter's request from ``p<i>.<field>`` parameters, ``players`` seats at most."""
        raise NotImplementedError

    def score(self, request: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def setup_table(self) -> dict[str, Any]:
        """Every set-up the engine accepts, for the tools offline."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the browser
    def browser(self) -> dict[str, Any]:
        """The facts the browser scripts read (JSON), so that no script compares game names."""
        return {
            "name": self.name,
            "editions": list(self.editions),
            "default_edition": self.default_edition,
            "card_kinds": list(self.card_kinds),
            "zones": list(self.zones),
            "shared_zones": list(self.shared_zones),
            "counters": list(self.counters),
            "board": dict(self.board),
            "edition_badges": self.edition_badges,
            "players": {
                "min": self.sandbox_players[0], "max": self.sandbox_players[1], "names": list(PLAYER_NAMES)
            },
            "blank": self.sandbox_blank()[0],
            "cards": self.sandbox_facts(),
            "editor": dict(self.sandbox_editor),
            "tools": dict(self.tools),
        }


def score_players(params: Params, most: int, read: Callable[[str, dict[str, str]], dict[str, Any]],
                  ) -> list[dict[str, Any]]:
    """Players ``p0``..``p<most-1>`` from ``p<i>.<field>`` parameters, each read by
    ``read(prefix, fields)``."""
    players = []
    for i in range(most):
        prefix = f"p{i}."
        fields = {k[len(prefix):]: v for k, v in params.items() if k.startswith(prefix)}
        if fields:
            players.append(read(prefix, fields))
    return players
