"""A game in progress as front ends hold it: the state, its record, and undo.

Undo follows Board Game Arena's strict policy: a player may take back decisions of
their own current decision sequence, never across a chance event, a revealed card
(`State.is_undo_barrier`) or another player's action.
"""

from __future__ import annotations

from typing import Any

from .core import CHANCE, Game, State
from .errors import IllegalActionError
from .i18n import T, Text
from .record import GameRecord, action_entry, replay, result_of


class Match:
    def __init__(self, game: Game, num_players: int | None = None, seed: int = 0, players: list[dict[str, Any]] | None = None):
        self.game = game
        n = game.check_players(num_players)
        self.seed = seed
        self.state: State = game.new_initial_state(n, seed)
        self.players = players or [{"name": f"P{i + 1}", "kind": "human"} for i in range(n)]
        self.actions: list[dict[str, Any]] = []
        self._undo: list[tuple[State, int]] = []  # (state before, length of actions before)
        self._undo_owner: int | None = None
        self._undo_why: Text | None = None  # why the stack is empty: the true reason undo is refused

    @classmethod
    def from_record(cls, record: GameRecord) -> "Match":
        match = cls.__new__(cls)
        match.game = None  # set below
        state = replay(record)
        match.game = state.game
        match.seed = record.seed
        match.state = state
        match.players = record.players or [{"name": f"P{i + 1}", "kind": "human"} for i in range(record.num_players)]
        match.actions = list(record.actions)
        match._undo = []
        match._undo_owner = None
        match._undo_why = None
        return match

    def apply(self, action: int) -> list[dict[str, Any]]:
        """Apply a validated action, record it, and keep the undo stack honest; returns the
        events it caused (`engine.events`, every seat's details: tell them per seat)."""
        state = self.state
        player = state.current_player()
        if action not in state.legal_actions():
            state.apply_action(action)  # raises with the game's message, changes nothing
        entry = action_entry(state, action)
        barrier = player == CHANCE or state.is_undo_barrier(action)
        before = None if barrier else state.clone()
        events = state.apply_with_events(action)
        if barrier or (self._undo_owner is not None and self._undo_owner != player):
            self._undo.clear()
            self._undo_owner = None
        if barrier:
            self._undo_why = (
                T("the last roll or draw stands: chance is never taken back",
                  "la última tirada o robo se queda: el azar nunca se deshace")
                if player == CHANCE else
                T(f"{entry['action']!r} showed a card that was hidden, so it stands",
                  f"{entry['action']!r} mostró una carta que estaba oculta, así que se queda"))
        if before is not None:
            self._undo.append((before, len(self.actions)))
            self._undo_owner = player
        self.actions.append(entry)
        if state.current_player() != player:
            self._undo.clear()  # the sequence ended: control left this player
            self._undo_owner = None
            if not barrier:
                self._undo_why = T("your turn passed on: a finished turn is never taken back",
                                   "el turno pasó: un turno terminado nunca se deshace")
        return events

    def apply_text(self, text: str) -> int:
        action = self.state.string_to_action(text)
        self.apply(action)
        return action

    def sample_chance(self) -> int:
        action = self.state.sample_chance()
        self.apply(action)
        return action

    def can_undo(self, seat: int | None = None) -> bool:
        if not self._undo:
            return False
        return seat is None or self._undo_owner == seat

    def undo(self, seat: int | None = None) -> None:
        if not self.can_undo(seat):
            if self._undo and seat is not None and self._undo_owner != seat:
                why = T("the decisions to take back are another player's", "las decisiones por deshacer son de otro jugador")
            elif self._undo_why is not None:
                why = self._undo_why
            else:
                why = T("no decision has been made yet", "aún no se ha tomado ninguna decisión")
            raise IllegalActionError(T("nothing to undo: ", "nada que deshacer: ") + why + T(
                " (only your own decisions since the last roll, draw, revealed card or other player's move can be taken back)",
                " (solo puedes deshacer tus propias decisiones desde la última tirada, robo, carta mostrada o jugada de otro jugador)"))
        before, length = self._undo.pop()
        self.state = before
        del self.actions[length:]
        if not self._undo:
            self._undo_owner = None

    def record(self) -> GameRecord:
        return GameRecord(
            game=self.game.name,
            options=dict(self.game.options),
            num_players=self.state.num_players,
            seed=self.seed,
            players=self.players,
            actions=list(self.actions),
            result=result_of(self.state),
        )
