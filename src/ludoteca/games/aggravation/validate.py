"""Rebuilding a state from its JSON body, with a clear message for every inconsistency."""

from __future__ import annotations

from typing import Any

from ludoteca.engine import StateFormatError, T, check_fields
from ludoteca.engine.counters import counters_from_json
from ludoteca.engine.schema import doc_value

from .board import BASE
from .state import STATS, home_blocked


def _bad(en: str, es: str) -> StateFormatError:
    return StateFormatError(T(f"aggravation state: {en}", f"estado de agravación: {es}"))


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_body(state, body: Any) -> None:
    check_fields(body, ["turn", "roll", "marbles", "finished", "last"], "aggravation state")
    n = state.num_players
    board = state.board
    turn, roll, marbles, finished, last = body["turn"], body["roll"], body["marbles"], body["finished"], body["last"]
    if not _int(turn) or not 0 <= turn < n:
        raise _bad(f"turn must be a seat 0..{n - 1}", f"turn debe ser un asiento 0..{n - 1}")
    if not _int(roll) or not 0 <= roll <= 6:
        raise _bad("roll must be 0 (to roll) or 1..6", "roll debe ser 0 (por tirar) o 1..6")
    if not isinstance(marbles, list) or len(marbles) != n or not all(isinstance(m, list) and len(m) == 4 for m in marbles):
        raise _bad(f"marbles must be {n} lists of 4 holes", f"marbles debe tener {n} listas de 4 agujeros")
    occ = [-1] * board.num_holes
    own = [0] * n
    pos = []
    for s, row in enumerate(marbles):
        t = state.tables[s]
        for i, h in enumerate(row):
            if not _int(h) or not BASE <= h < board.num_holes:
                raise _bad(f"marble {i + 1} of seat {s}: {doc_value(h)} is not a hole", f"canica {i + 1} del asiento {s}: {doc_value(h)} no es un agujero")
            if h != BASE:
                if h != board.centre and t.progress[h] is None:
                    raise _bad(f"marble {i + 1} of seat {s} stands on hole {h}, off its path (another's HOME?)",
                               f"la canica {i + 1} del asiento {s} está en el agujero {h}, fuera de su camino (¿CASA ajena?)")
                if occ[h] >= 0:
                    raise _bad(f"two marbles share hole {h}", f"dos canicas comparten el agujero {h}")
                occ[h] = s * 4 + i
                own[s] |= 1 << h
            pos.append(h)
    if not isinstance(finished, list) or len(set(finished)) != len(finished) or not all(_int(s) and 0 <= s < n for s in finished):
        raise _bad("finished must list distinct seats", "finished debe listar asientos distintos")
    for s in range(n):
        done = all(h >= state.tables[s].home_first for h in pos[s * 4:s * 4 + 4])
        if done != (s in finished):
            raise _bad(f"seat {s} is {'' if done else 'not '}all in HOME but finished says otherwise",
                       f"el asiento {s} {'' if done else 'no '}tiene todo en CASA pero finished dice otra cosa")
    if last is not None and not (isinstance(last, list) and len(last) == 3 and all(_int(x) for x in last)
                                 and 0 <= last[0] < n and 1 <= last[1] <= 6 and last[2] in (0, 1)):
        raise _bad("last must be null or [seat, roll, passed]", "last debe ser null o [asiento, tirada, pasó]")
    state.pos = pos
    state.occ = occ
    state.own = own
    state.turn = turn
    state.roll = roll
    state.finished = list(finished)
    state.last = list(last) if last is not None else None
    state.stats = counters_from_json(body, STATS, "aggravation state")
    state.dead = [False] * n
    if not state.game.options["move_within_home"]:
        H = board.home_holes
        for s in range(n):
            first = state.tables[s].home_first
            homes = [h for h in pos[s * 4:s * 4 + 4] if h >= first]
            state.dead[s] = home_blocked(len(homes), min(homes, default=first) - first, H)
    state.over = state._is_over() if (finished or any(state.dead)) else False
    if turn in finished and not state.over:
        raise _bad("the player to move has already finished", "el jugador al que le toca ya terminó")
    state.moves = []
    if roll and not state.over:
        state.moves = state._legal_moves()
        if not state.moves:
            raise _bad("a roll waits for a decision but no move is legal", "una tirada espera decisión pero no hay movimiento legal")
    elif roll and state.over:
        raise _bad("the game is over: no roll may be pending", "la partida terminó: no puede haber tirada pendiente")
