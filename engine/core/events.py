"""Events: every state change of a game, with a narration in three languages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.localised import Localised


@dataclass
class Event:
    """One state change. ``cards`` are slugs; zones are zone names (see docs/architecture.md)."""

    seq: int
    kind: str
    player: int | None = None
    cards: list[str] = field(default_factory=list)
    from_zone: str | None = None
    to_zone: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    say: Localised = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "player": self.player,
            "cards": list(self.cards),
            "from_zone": self.from_zone,
            "to_zone": self.to_zone,
            "data": dict(self.data),
            "say": dict(self.say),
        }


Narrator = Callable[[Event], Localised]
SnapshotFn = Callable[[], dict[str, Any]]
Listener = Callable[[Event], None]


class EventLog:
    """Records events, narrates them and takes a snapshot after each one.

    A game state calls :meth:`emit` for each change *after* applying it. ``narrate`` turns an
    event into its localised ``say``; ``snapshot`` returns the current state's snapshot dict.
    ``listeners`` are called after each event (e.g. invariant checks in tests).
    """

    enabled = True

    def __init__(
        self,
        narrate: Narrator | None = None,
        snapshot: SnapshotFn | None = None,
        keep_snapshots: bool = True,
    ) -> None:
        self.events: list[Event] = []
        self.snapshots: list[dict[str, Any]] = []
        self.narrate = narrate
        self.snapshot = snapshot
        self.keep_snapshots = keep_snapshots
        self.listeners: list[Listener] = []

    def emit(
        self,
        kind: str,
        player: int | None = None,
        cards: list[str] | None = None,
        from_zone: str | None = None,
        to_zone: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> Event:
        event = Event(
            seq=len(self.events),
            kind=kind,
            player=player,
            cards=list(cards) if cards else [],
            from_zone=from_zone,
            to_zone=to_zone,
            data=dict(data) if data else {},
        )
        if self.narrate is not None:
            event.say = self.narrate(event)
        self.events.append(event)
        if self.keep_snapshots and self.snapshot is not None:
            self.snapshots.append(self.snapshot())
        for listener in self.listeners:
            listener(event)
        return event


class NullLog(EventLog):
    """An event log that records nothing (fast simulations)."""

    enabled = False

    def __init__(self) -> None:
        super().__init__(keep_snapshots=False)

    def emit(self, kind, player=None, cards=None, from_zone=None, to_zone=None, data=None):  # type: ignore[override]
        return None
