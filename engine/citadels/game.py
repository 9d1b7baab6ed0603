"""The Citadels game loop: rounds, the character draft, turns in rank order and the game end.

Every choice is a core :class:`~engine.core.decisions.Decision` answered by a decider (a bot or
a scenario script); every change is an event in the core :class:`~engine.core.events.EventLog`,
emitted after the change is applied. Layers, read bottom-up: :mod:`engine.citadels.table`
(state and primitives) -> :mod:`~engine.citadels.turn`, :mod:`~engine.citadels.abilities`,
:mod:`~engine.citadels.building` (the rules) -> this module (the flow of rounds).
"""

from __future__ import annotations

from typing import Any

from engine.citadels import definitions as d
from engine.citadels.draft import draft_layout, pick_order, two_player_steps
from engine.citadels.scoring import score_player, winners_of
from engine.citadels.settings import GameSettings
from engine.citadels.state import GameState, PlayerState, RoundState
from engine.citadels.table import CitadelsTable
from engine.citadels.turn import play_character
from engine.errors import ControlFlow


class GameOver(ControlFlow):  # noqa: N818 - control flow
    """Raised inside the loop when the game has been scored (internal control flow)."""


class StopPlay(ControlFlow):
    """Raised when a scenario's stop point is reached (internal control flow)."""


class CitadelsGame(CitadelsTable):
    """One whole game: the table played round by round until it is scored (same constructor)."""

    result: dict[str, Any] | None = None  # set when the game is scored
    capped = False  # scored at a round limit rather than by a completed city

    # --- the whole game ------------------------------------------------------------------
    def setup(self, crown_by_draw: bool = False) -> None:
        """Shuffle the districts, deal 4 and 2 gold each, give the crown (seed lines 97-99).

        ``crown_by_draw`` uses the seed's example way of choosing the first player (line 99).
        """
        s = self.state
        self.shuffler.rng.shuffle(s.deck)  # fixed shuffle outcomes are for the character draft
        self.emit("setup", None, players=len(s.players), deck=len(s.deck), bank=s.bank)
        if crown_by_draw:
            self.draw_for_crown()
        for seat, p in enumerate(s.players):
            p.hand.extend(self.draw(d.START_HAND))
            got = self.pay_from_bank(seat, d.START_GOLD)
            self.emit("deal", seat, list(p.hand), "deck", "hand", gold=got)
        self.emit("crown", s.crown, reason="start")

    def draw_for_crown(self) -> None:
        """Each player draws a district; the dearest wins the crown (seed line 99). Our reading of
        what the seed leaves open: tied players draw again, and every drawn card goes back into
        the deck, which is shuffled before dealing."""
        s = self.state
        contenders = list(range(len(s.players)))
        drawn: list[str] = []
        while len(contenders) > 1 and s.deck:
            costs = {}
            for seat in contenders:
                if not s.deck:
                    break
                card = self.draw(1)[0]
                drawn.append(card)
                costs[seat] = d.district(card).cost
                s.drawn = list(drawn)
                self.emit("crown_draw", seat, [card], "deck", "drawn", cost=costs[seat])
            best = max(costs.values())
            contenders = [seat for seat in contenders if costs.get(seat) == best]
        s.crown = contenders[0]
        s.deck.extend(drawn)
        s.drawn = []
        self.shuffler.rng.shuffle(s.deck)
        self.emit("crown_draw_return", None, drawn, "drawn", "deck", count=len(drawn))

    def play(
        self, start: str = "draft", from_rank: int = 1, max_rounds: int | None = None
    ) -> dict[str, Any] | None:
        """Play rounds until the game ends (or the stop point); returns the result when scored.

        With ``max_rounds``, a game still running after that many rounds is scored as it stands
        (``result["capped"]`` is then true).
        """
        try:
            first = True
            while True:
                if max_rounds is not None and self.state.round >= max_rounds:
                    self.capped = True
                    self.finish()
                if not (first and start == "turns"):
                    self.new_round()
                    self.run_draft()
                    if self.stop == "draft":
                        raise StopPlay
                self.run_turns(from_rank if first else 1)
                first = False
                self.end_round()
                if self.stop == "round":
                    raise StopPlay
        except (GameOver, StopPlay):
            pass
        return self.result

    # --- draft ---------------------------------------------------------------------------
    def new_round(self) -> None:
        s = self.state
        s.round += 1
        s.round_state = RoundState()
        s.phase = "draft"
        s.active = None
        self.emit("round_start", None, round=s.round)

    def run_draft(self) -> None:
        s, rs = self.state, self.state.round_state
        n = len(s.players)
        pool = self.shuffler.shuffle(s.crown, list(s.settings.characters))
        each = s.settings.characters_each
        layout = draft_layout(n, len(pool), each)
        rs.face_down = pool[: layout.face_down]
        pool = pool[layout.face_down :]
        self.emit("set_aside_down", None, count=len(rs.face_down))
        king = s.settings.character_at(4)
        told = False  # the King passed over is said once, however many cards it is passed for
        for _ in range(layout.face_up):
            index = next(i for i, c in enumerate(pool) if c != king)
            if index and not told:
                self.emit("king_not_face_up", None, [king])
                told = True
            rs.face_up.append(pool.pop(index))
        if rs.face_up:
            self.emit("set_aside_up", None, list(rs.face_up), None, "face_up")
        rs.pool = pool
        if layout.two_player:
            self._draft_two_player()
        else:
            order = pick_order(n, s.crown, each)
            for position, seat in enumerate(order):
                if position == len(order) - 1 and layout.seven_player_rule:
                    rs.pool.extend(rs.face_down)
                    rs.face_down = []
                    self.emit("take_face_down", seat, count=1)
                self._pick(seat)
            rs.face_down.extend(rs.pool)
            if rs.pool:
                self.emit("set_aside_down", None, count=len(rs.pool), last=True)
            rs.pool = []
        s.phase = "turns"

    def _pick(self, seat: int) -> None:
        rs = self.state.round_state
        options = sorted(rs.pool, key=lambda c: d.character(c).rank)
        choice = self.ask("select", seat, "pick_character", options, purpose="draft")[0]
        rs.pool.remove(choice)
        self.state.players[seat].characters.append(choice)
        self.emit("pick", seat, [choice], "pool", "characters", character=choice)

    def _draft_two_player(self) -> None:
        """Seed lines 189-195: A picks 1 of 7; B picks 1 and discards 1; A the same; B picks 1 of 2."""
        s, rs = self.state, self.state.round_state
        crowned = s.crown
        for step_seat, action in two_player_steps():
            seat = (crowned + step_seat) % 2
            if action == "pick":
                self._pick(seat)
            else:
                options = sorted(rs.pool, key=lambda c: d.character(c).rank)
                choice = self.ask("select", seat, "discard_character", options, purpose="draft_discard")[0]
                rs.pool.remove(choice)
                rs.face_down.append(choice)
                self.emit("discard_character", seat, count=1)

    # --- turns ---------------------------------------------------------------------------
    def run_turns(self, from_rank: int = 1) -> None:
        s = self.state
        s.phase = "turns"
        for slug in s.settings.characters:
            if d.character(slug).rank < from_rank:
                continue
            seat = s.holder(slug)
            self.emit("call", None, [slug], character=slug)
            if seat is None:
                self.emit("absent", None, [slug], character=slug)
                continue
            play_character(self, seat, slug)
            s.active = None
            s.turn = None
            if self.stop == "turn":
                raise StopPlay

    def end_round(self) -> None:
        """Reveal the assassinated character, crown his heir, return characters (seed 213-215, 427-435)."""
        s, rs = self.state, self.state.round_state
        s.phase = "round_end"
        if rs.killed is not None:
            seat = s.holder(rs.killed)
            if seat is not None:
                self.emit("reveal_killed", seat, [rs.killed], character=rs.killed)
                if rs.killed == "king" and s.crown != seat:
                    self.move_crown(seat, [], reason="heir")
                for queen_seat in rs.queen_waiting:
                    got = self.pay_from_bank(queen_seat, 3)
                    self.emit("queen", queen_seat, gold=got, late=True)
        for p in s.players:
            p.characters = []
        self.emit("round_end", None, round=s.round)
        if s.end_triggered:
            self.finish()

    def finish(self) -> None:
        s = self.state
        s.phase = "game_over"
        s.last_round = True
        scores = [score_player(p, s.round) for p in s.players]
        for seat, sc in enumerate(scores):
            s.players[seat].final_score = sc.total
            self.emit("score", seat, **sc.to_dict())
        totals = [sc.total for sc in scores]
        won = winners_of(scores, [p.gold for p in s.players])
        self.result = {
            "winners": won,
            "scores": totals,
            "rounds": s.round,
            "capped": self.capped,
            "breakdown": [sc.to_dict() for sc in scores],
        }
        self.emit("game_end", None, winners=won, scores=totals, rounds=s.round)
        raise GameOver

def new_state(settings: GameSettings, names: list[str], crown: int = 0) -> GameState:
    """A fresh game state before set-up: full deck (unshuffled), full bank, empty hands."""
    deck = settings.deck()
    return GameState(
        settings=settings,
        players=[PlayerState(name=n) for n in names],
        deck=deck,
        bank=settings.bank,
        crown=crown,
        total_districts=len(deck),
        total_gold=settings.bank,
    )
