"""A Prime Climb position and its rules: roll, move, bump, draw, action cards.

Layout (plain lists of ints, so clone() copies a few short lists):
  pos[2*seat + p]  pawn p (0 = A, 1 = B) of a seat: 0 (Start) .. 100, 101 = home (off the board)
  keep[seat*NK + k] Keeper cards of type k held face up
  deck[c], discard[c] card counts (a multiset: a draw is a chance outcome weighted by counts)
"""

from __future__ import annotations

from typing import Any

from ...engine import CHANCE, TERMINAL, NotationError, Rng, State, StateFormatError, T, Text
from ...engine.counters import counters_from_json, counters_statistics, counters_to_json
from ...engine.schema import doc_value
from . import actions as A
from . import cards as C
from .board import GOAL, IS_RED, PLUS, TIMES, apply_op
# the Move phase (move_phase.py: where dice and Keepers take a pawn, the strict use-every-die test)
from .tell import CARD_NAMES
from .move_phase import DIE_ACTIONS, DIE_PAWN, DIE_RESULT, DIE_VALUE, KEEPER_ACTIONS, after_die, can_use_all, without

NK = C.NUM_KEEPERS
NC = C.NUM_TYPES
ROLL, MOVE, CARD_PAWN, SWITCH, STEAL, DRAW, OVER = range(7)
_DECISION_KINDS = (frozenset({"roll"}), frozenset({"die", "keeper", "bump", "curse", "end"}), frozenset({"card"}),
                   frozenset({"switch"}), frozenset({"steal"}), frozenset({"draw"}), frozenset())
PHASES = ("roll", "move", "card-pawn", "switch", "steal", "draw", "over")

_ROLL_BY_100 = tuple(A.ROLL0 + A.ROLL_INDEX[r // 10 + 1][r % 10 + 1] for r in range(100))
_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15


def _peek64(s: int) -> int:
    """The value Rng(s).next64() would return, without building an Rng."""
    s = (s + _GOLDEN) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_ROLL_OUTCOMES = [(A.ROLL0 + i, pr) for i, pr in enumerate(A.ROLL_PROB)]
_ROLL_ACTIONS = [A.ROLL0 + i for i in range(len(A.ROLLS))]
_PAWN_CARD_ACTIONS = [A.CARD_PAWN0, A.CARD_PAWN0 + 1]

#: event counters kept during play (statistics() for `ludoteca simulate`), totals over all seats
STATS = ("bumps", "keeper_bumps", "red_landings", "cards_drawn", "keepers_played", "roll_again", "steals",
         "curses", "reshuffles", "dice_forfeited")
(BUMPS, KEEPER_BUMPS, RED_LANDINGS, CARDS_DRAWN, KEEPERS_PLAYED, ROLL_AGAIN_DRAWN, STEALS, CURSES, RESHUFFLES,
 DICE_FORFEITED) = range(len(STATS))


class PrimeClimbState(State):
    __slots__ = ("pos", "keep", "nkeep", "deck", "discard", "turn", "phase", "dice", "start", "moved", "last",
                 "cursed", "again", "card", "card_pawn", "red", "winner", "forfeit", "bump_any", "use_cards", "stats",
                 "told")  # told: the events being reported, only while apply_with_events runs (events.py)

    def __init__(self, game, num_players: int, seed: int = 0):
        super().__init__(game, num_players, seed)
        opts = game.options
        self.forfeit = bool(opts["forfeit_unusable_die"])
        self.bump_any = opts["bump_card"] == "any_one_pawn"
        self.use_cards = bool(opts["cards"])
        self.stats = [0] * len(STATS)

    def _fresh(self, first: int) -> None:
        n = self.num_players
        self.pos = [0] * (2 * n)
        self.keep = [0] * (n * NK)
        self.nkeep = [0] * n
        self.deck = list(C.COUNTS)
        self.discard = [0] * NC
        self.cursed = [0] * n
        self.again = 0
        self.card = -1
        self.card_pawn = -1
        self.winner = -1
        self._start_turn(first)

    # --- whose decision ----------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == MOVE or ph == CARD_PAWN or ph == SWITCH or ph == STEAL:
            return self.turn
        if ph == OVER:
            return TERMINAL
        return CHANCE

    def decision_kinds(self) -> frozenset[str]:
        """The kinds of action the phase asks for (testing.conformance)."""
        return _DECISION_KINDS[self.phase]

    def action_kind(self, action: int) -> str:
        """'die' for a die use (A+3), else the notation's verb (keeper, bump, curse, end, ...)."""
        return "die" if action < A.KEEPER0 else A.to_string(action).split()[0]

    # --- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == MOVE:
            return self._move_actions()
        if ph == ROLL:
            return list(_ROLL_ACTIONS)
        if ph == DRAW:
            return [A.DRAW0 + c for c in range(NC) if self.deck[c]]
        if ph == CARD_PAWN:
            return list(_PAWN_CARD_ACTIONS)
        if ph == SWITCH:
            return [A.SWITCH0 + g for g in self._switch_targets()]
        if ph == STEAL:
            return [A.STEAL0 + t * NK + k for t, k in self._steal_options()]
        return []

    def _die_actions(self) -> list[int]:
        t = self.turn
        cu = self.cursed[t]
        tab = DIE_ACTIONS[cu]
        pa, pb = self.pos[2 * t], self.pos[2 * t + 1]
        out: list[int] = []
        prev = 0
        for v in self.dice:
            if v != prev:
                prev = v
                out += tab[0][pa][v]
                out += tab[1][pb][v]
        if cu and out and not self.forfeit:
            # strict "use all your rolls": keep only applications after which every die can still be used
            full = [a for a in out if can_use_all(*after_die(pa, pb, a), without(self.dice, a), cu)]
            if full:
                return full
        return out

    def _keeper_actions(self) -> list[int]:
        t = self.turn
        base = t * NK
        keep = self.keep
        cu = self.cursed[t]
        out: list[int] = []
        for p in (0, 1):
            x = self.pos[2 * t + p]
            if x == GOAL:
                continue
            actions = KEEPER_ACTIONS[cu][p][x]
            for n in range(1, 10):
                if keep[base + n - 1]:
                    out += actions[n]
        if keep[base + C.BUMP]:
            if self.bump_any:
                out += [A.BUMP_ANY0 + g for g in range(2 * self.num_players) if g // 2 != t and 0 < self.pos[g] < GOAL]
            else:
                out += [A.BUMP_NEAR0 + p for p in (0, 1) if self.pos[2 * t + p] != GOAL]
        if keep[base + C.CURSE]:
            out += [A.CURSE0 + s for s in range(self.num_players) if s != t]
        return out

    def _move_actions(self) -> list[int]:
        out = self._die_actions() if self.dice else []
        if self.nkeep[self.turn]:
            keepers = self._keeper_actions()
            if keepers:
                if not out:
                    keepers.append(A.END)
                out += keepers
        return out

    def _switch_targets(self) -> list[int]:
        g = 2 * self.turn + self.card_pawn
        return [j for j in range(2 * self.num_players) if j != g and 0 < self.pos[j] < GOAL]

    def _steal_options(self) -> list[tuple[int, int]]:
        keep = self.keep
        return [(t, k) for t in range(self.num_players) if t != self.turn for k in range(NK) if keep[t * NK + k]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(_ROLL_OUTCOMES)
        if self.phase == DRAW:
            total = sum(self.deck)
            return [(A.DRAW0 + c, k / total) for c, k in enumerate(self.deck) if k]
        return []

    def sample_chance(self) -> int:
        """One outcome from the state's stream. It only peeks: applying the chance action advances
        the stream, so a record replayed from its actions ends with the very same state (rng included)."""
        if self.phase == ROLL:
            return _ROLL_BY_100[_peek64(self.rng.s) % 100]
        if self.phase == DRAW:
            r = _peek64(self.rng.s) % sum(self.deck)
            for c, k in enumerate(self.deck):
                if r < k:
                    return A.DRAW0 + c
                r -= k
        return Rng(self.rng.s).weighted(self.chance_outcomes())

    # --- applying ----------------------------------------------------------------------
    def apply_with_events(self, action: int) -> list[dict[str, Any]]:
        from .events import apply_with_events

        return apply_with_events(self, action)

    def apply_legal(self, a: int) -> None:
        if a < A.KEEPER0:
            self._apply_die(a)
        elif a >= A.ROLL0:
            rng = self.rng  # chance advances the state's own stream by one step (see sample_chance)
            rng.s = (rng.s + _GOLDEN) & _MASK
            if a < A.DRAW0:
                self.dice = list(A.ROLL_DICE[a - A.ROLL0])
                self.phase = MOVE
                self._settle()
            else:
                self._draw(a - A.DRAW0)
        elif a < A.BUMP_NEAR0:
            self._apply_keeper(a)
        elif a < A.END:
            self._apply_special_keeper(a)
        elif a == A.END:
            self.dice = []
            self._end_move()
        elif a < A.SWITCH0:
            self.card_pawn = a - A.CARD_PAWN0
            self._resolve_pawn_card()
        elif a < A.STEAL0:
            self._switch(2 * self.turn + self.card_pawn, a - A.SWITCH0)
            self._finish_card()
        else:
            t, k = divmod(a - A.STEAL0, NK)
            self._steal(t, k)
            self._finish_card()

    def _move_pawn(self, p: int, q: int) -> None:
        g = 2 * self.turn + p
        self.pos[g] = q
        self.moved |= 1 << p
        self.last = p
        if q == GOAL and self.pos[g ^ 1] == GOAL:
            self.winner = self.turn  # the second pawn is home: win at once, unused dice dropped
            self.phase = OVER
            self.dice = []

    def _apply_die(self, a: int) -> None:
        p = DIE_PAWN[a]
        t = self.turn
        g = 2 * t + p
        pos = self.pos
        q = DIE_RESULT[a][pos[g]]
        dice = self.dice
        dice.remove(DIE_VALUE[a])
        pos[g] = q
        self.moved |= 1 << p
        self.last = p
        if q == GOAL and pos[g ^ 1] == GOAL:
            self.winner = t  # the second pawn is home: win at once, unused dice dropped
            self.phase = OVER
            self.dice = []
        elif not dice or self.cursed[t]:
            self._settle()

    def _apply_keeper(self, a: int) -> None:
        p, r = divmod(a - A.KEEPER0, 18)
        s, n = divmod(r, 9)
        t = self.turn
        self.keep[t * NK + n] -= 1
        self.nkeep[t] -= 1
        self.discard[n] += 1
        self.stats[KEEPERS_PLAYED] += 1
        x = self.pos[2 * t + p]
        self._move_pawn(p, x - n - 1 if s else x + n + 1)
        if self.phase == MOVE:
            self._settle()

    def _apply_special_keeper(self, a: int) -> None:
        t = self.turn
        pos = self.pos
        if a < A.CURSE0:
            kind = C.BUMP
            if a < A.BUMP_ANY0:  # every pawn within two spaces of the chosen pawn of yours
                g = 2 * t + a - A.BUMP_NEAR0
                x = pos[g]
                sent = 0
                for j in range(len(pos)):
                    if j != g and 0 < pos[j] < GOAL and -2 <= pos[j] - x <= 2:
                        self._bump(j)
                        sent += 1
            else:
                self._bump(a - A.BUMP_ANY0)
                sent = 1
            self.stats[KEEPER_BUMPS] += sent
        else:
            kind = C.CURSE
            self.cursed[a - A.CURSE0] = 1
            self.stats[CURSES] += 1
        self.keep[t * NK + kind] -= 1
        self.nkeep[t] -= 1
        self.discard[kind] += 1
        self.stats[KEEPERS_PLAYED] += 1
        self._settle()

    def _settle(self) -> None:
        """After each Move-phase step: stay while a die or a Keeper can still be played."""
        t = self.turn
        if self.dice:
            if not self.cursed[t]:
                return  # without a curse every die fits a pawn on the board (+ or − always does)
            if self._die_actions():
                return
        if self.nkeep[t] and self._keeper_actions():
            return
        self.stats[DICE_FORFEITED] += len(self.dice)
        self.dice = []  # unusable dice are forfeited
        self._end_move()

    def _end_move(self) -> None:
        t = self.turn
        pos = self.pos
        g0 = 2 * t
        moved = self.moved
        if moved:
            # Bump: the last-moved pawn first, so that of two own pawns ending together the later arrival stays
            order = (self.last, self.last ^ 1) if moved == 3 else (moved >> 1,)
            for p in order:
                g = g0 + p
                q = pos[g]
                if 0 < q < GOAL and pos.count(q) > 1:
                    for j in range(len(pos)):
                        if pos[j] == q and j != g:
                            self._bump(j)
        red = 0
        start = self.start
        qa, qb = pos[g0], pos[g0 + 1]
        if IS_RED[qa] and qa != start[0]:
            red = 1
        if IS_RED[qb] and qb != start[1]:
            red |= 2
        self.red = red
        if red:
            self.stats[RED_LANDINGS] += 1 if red < 3 else 2
        if red and self.use_cards:
            if not any(self.deck):
                self.deck, self.discard = self.discard, [0] * NC  # shuffle the discard pile into a new deck
                self.stats[RESHUFFLES] += 1
            if any(self.deck):
                self.phase = DRAW
                return
        self._end_turn()

    def _draw(self, c: int) -> None:
        self.deck[c] -= 1
        self.stats[CARDS_DRAWN] += 1
        t = self.turn
        if C.IS_KEEPER[c]:
            self.keep[t * NK + c] += 1
            self.nkeep[t] += 1
            self._end_turn()
            return
        self.card = c
        if c == C.ROLL_AGAIN:
            self.again = 1
            self.stats[ROLL_AGAIN_DRAWN] += 1
            self._finish_card()
        elif c == C.STEAL:
            options = self._steal_options()
            if len(options) == 1:
                self._steal(*options[0])
            if len(options) > 1:
                self.phase = STEAL
            else:
                self._finish_card()
        elif self.red == 3:
            self.phase = CARD_PAWN  # both pawns landed on red: the player picks which one the card moves
        else:
            self.card_pawn = 0 if self.red == 1 else 1
            self._resolve_pawn_card()

    def _resolve_pawn_card(self) -> None:
        c = self.card
        p = self.card_pawn
        g = 2 * self.turn + p
        pos = self.pos
        x = pos[g]
        if c == C.SWITCH:
            targets = self._switch_targets()
            if len(targets) > 1:
                self.phase = SWITCH
                return
            if targets:
                self._switch(g, targets[0])
        else:
            if c == C.AHEAD:
                ahead = [y for j, y in enumerate(pos) if j != g and x < y < GOAL]
                q = min(ahead) if ahead else x
            elif c == C.BEHIND:
                behind = [y for j, y in enumerate(pos) if j != g and 0 < y < x]
                q = max(behind) if behind else x
            else:
                q = C.move_pawn_to(c, x)
            if q != x:
                pos[g] = q
                self._bump_at(q, g, g)
        self._finish_card()

    def _bump_at(self, q: int, keep1: int, keep2: int) -> None:
        if 0 < q < GOAL:
            pos = self.pos
            for j in range(len(pos)):
                if pos[j] == q and j != keep1 and j != keep2:
                    self._bump(j)

    def _bump(self, j: int) -> None:
        """Pawn j (2*seat + letter) goes back to Start."""
        self.pos[j] = 0
        self.stats[BUMPS] += 1

    def _switch(self, g: int, j: int) -> None:
        pos = self.pos
        pos[g], pos[j] = pos[j], pos[g]
        self._bump_at(pos[g], g, j)

    def _steal(self, t: int, k: int) -> None:
        self.keep[t * NK + k] -= 1
        self.nkeep[t] -= 1
        self.keep[self.turn * NK + k] += 1
        self.nkeep[self.turn] += 1
        self.stats[STEALS] += 1

    def _finish_card(self) -> None:
        self.discard[self.card] += 1
        self.card = -1
        self.card_pawn = -1
        self._end_turn()

    def _end_turn(self) -> None:
        t = self.turn
        self.cursed[t] = 0  # a curse lasts one turn of its victim
        if self.again:
            self.again = 0
            self._start_turn(t)
        else:
            self._start_turn((t + 1) % self.num_players)

    def _start_turn(self, t: int) -> None:
        self.turn = t
        self.phase = ROLL
        self.dice = []
        self.start = [self.pos[2 * t], self.pos[2 * t + 1]]
        self.moved = 0
        self.last = -1
        self.red = 0

    # --- explanations --------------------------------------------------------------------
    def why_illegal(self, action: int) -> Text:
        if not isinstance(action, int) or not 0 <= action < A.NUM_ACTIONS:
            return T(": not an action of this game", ": no es una acción de este juego")
        ph = self.phase
        if ph != MOVE and (action < A.CARD_PAWN0):
            return T(f" (now: {PHASES[ph]})", f" (ahora: {PHASES[ph]})")
        if action < A.KEEPER0:
            p, r = divmod(action, 40)
            op, v = divmod(r, 10)
            v += 1
            x = self.pos[2 * self.turn + p]
            if v not in self.dice:
                return T(f": there is no die {v} left to use", f": no queda ningún dado {v} por usar")
            if x == GOAL:
                return T(": that pawn is already home on 101", ": ese peón ya llegó al 101")
            if self.cursed[self.turn] and op in (PLUS, TIMES):
                return T(": you are cursed this turn: only subtract or divide", ": estás maldito este turno: solo restar o dividir")
            if apply_op(x, op, v) is None:
                return T(": the result is not a space of the board (0..101, whole numbers only)",
                         ": el resultado no es una casilla del tablero (0..101, solo enteros)")
            return T(": that order would leave a die unusable", ": ese orden dejaría un dado sin poder usarse")
        if action < A.END:
            return T(": you do not hold that Keeper card or it does not fit here", ": no tienes esa carta Guardián o no cabe aquí")
        if action == A.END:
            return T(": you must use all your dice first", ": primero debes usar todos tus dados")
        return T("", "")

    # --- notation ----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return A.to_string(action)

    def action_fields(self, action: int) -> dict:
        """actions.fields, and where a die move lands (`to`; None: off the board)."""
        fields = A.fields(action)
        if fields["kind"] == "die":
            t = self.current_player()
            if t >= 0:
                pos = self.pos[2 * t + "AB".index(fields["pawn"])]
                fields["to"] = apply_op(pos, "+-*/".index(fields["op"]), fields["die"])
        return fields

    def string_to_action(self, text: str) -> int:
        action = A.parse(text)
        if action not in self.legal_actions():
            raise NotationError(T(f"{text!r} is not a legal action here", f"{text!r} no es una acción legal aquí") + self.why_illegal(action))
        return action

    def describe_action(self, action: int, lang: str = "en", names=None) -> str:
        from .describe import describe

        return describe(self, action, lang, names)

    # --- results -------------------------------------------------------------------------------
    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def statistics(self) -> dict[str, float]:
        """For `ludoteca simulate`: the event counters kept during play (STATS: bumps counts every
        pawn sent to Start, keeper_bumps those sent by the Bump keeper; red_landings counts pawns
        ending a move on a red prime; dice_forfeited the dice lost for having no legal use), plus
        two end-of-game readings: the losers' best pawn on average and the Keepers still held."""
        others = [s for s in range(self.num_players) if s != self.winner]
        best = [max(self.pos[2 * s], self.pos[2 * s + 1]) for s in others]
        out = counters_statistics(STATS, self.stats)
        out["others_best_pawn"] = sum(best) / len(best) if best else 0.0
        out["cards_kept"] = float(sum(self.nkeep))
        return out

    def evaluate(self, seat: int) -> float:
        from .evaluation import evaluate

        return evaluate(self, seat)

    def evaluate_all(self) -> list[float]:
        return _evaluate_all(self)

    # --- copies, documents ------------------------------------------------------------------------
    def clone(self) -> "PrimeClimbState":
        s = PrimeClimbState.__new__(PrimeClimbState)
        s.game = self.game
        s.num_players = self.num_players
        s.rng = self.rng.clone()
        s.pos = self.pos[:]
        s.keep = self.keep[:]
        s.nkeep = self.nkeep[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.turn = self.turn
        s.phase = self.phase
        s.dice = self.dice[:]
        s.start = self.start[:]
        s.moved = self.moved
        s.last = self.last
        s.cursed = self.cursed[:]
        s.again = self.again
        s.card = self.card
        s.card_pawn = self.card_pawn
        s.red = self.red
        s.winner = self.winner
        s.forfeit = self.forfeit
        s.bump_any = self.bump_any
        s.use_cards = self.use_cards
        s.stats = self.stats[:]
        return s

    def key(self):
        return (self.turn, self.phase, tuple(self.pos), tuple(self.dice), tuple(self.keep), tuple(self.deck),
                tuple(self.discard), tuple(self.start), self.moved, self.last, tuple(self.cursed), self.again,
                self.card, self.card_pawn, self.red, self.winner)

    def to_json(self) -> dict[str, Any]:
        n = self.num_players
        letters = A.LETTERS
        return {
            "turn": self.turn,
            "phase": PHASES[self.phase],
            "pawns": [self.pos[2 * t: 2 * t + 2] for t in range(n)],
            "dice": list(self.dice),
            "start": list(self.start),
            "moved": [letters[p] for p in (0, 1) if self.moved >> p & 1],
            "last_moved": letters[self.last] if self.last >= 0 else None,
            "keepers": [{C.NAMES[k]: self.keep[t * NK + k] for k in range(NK) if self.keep[t * NK + k]} for t in range(n)],
            "deck": {C.NAMES[c]: k for c, k in enumerate(self.deck) if k},
            "discard": {C.NAMES[c]: k for c, k in enumerate(self.discard) if k},
            "cursed": [bool(x) for x in self.cursed],
            "roll_again": bool(self.again),
            "card": C.NAMES[self.card] if self.card >= 0 else None,
            "card_pawn": letters[self.card_pawn] if self.card_pawn >= 0 else None,
            "landed_red": [letters[p] for p in (0, 1) if self.red >> p & 1],
            "winner": self.winner if self.winner >= 0 else None,
            "stats": counters_to_json(STATS, self.stats),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        # Everything is public: pawns, face-up Keepers, the discard pile and so the deck's counts.
        # The event counters are history, not position: views (and key()) leave them out.
        body = self.to_json()
        del body["stats"]
        # the names of the cards it shows in players' words, both languages: front ends show these, never the keys
        shown = [name for keep in body["keepers"] for name in keep] + ([body["card"]] if body["card"] else [])
        body["card_names"] = {name: CARD_NAMES[name] for name in shown}
        return body


_LETTER = {"A": 0, "B": 1}


def state_from_body(game, body: dict[str, Any], num_players: int, seed: int = 0) -> PrimeClimbState:
    """Rebuild a state from its JSON body, checking every field (StateFormatError on nonsense)."""
    def bad(en: str, es: str) -> StateFormatError:
        return StateFormatError(T(f"Prime Climb state: {en}", f"estado de Prime Climb: {es}"))

    if not isinstance(body, dict):
        raise bad("the body must be a JSON object", "el cuerpo debe ser un objeto JSON")
    missing = [f for f in ("turn", "phase", "pawns", "dice", "start", "moved", "last_moved", "keepers", "deck", "discard",
                           "cursed", "roll_again", "card", "card_pawn", "landed_red", "winner") if f not in body]
    if missing:
        raise bad(f"missing field(s) {', '.join(missing)}", f"falta(n) el/los campo(s) {', '.join(missing)}")
    n = num_players
    s = PrimeClimbState(game, n, seed)

    def integer(x: Any, lo: int, hi: int, what: str) -> int:
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise bad(f"{what} must be a whole number in {lo}..{hi}, not {doc_value(x)}", f"{what} debe ser un entero en {lo}..{hi}, no {doc_value(x)}")
        return x

    def letter(x: Any, what: str, none_ok: bool = True) -> int:
        if x is None and none_ok:
            return -1
        if x not in _LETTER:
            raise bad(f"{what} must be 'A' or 'B', not {doc_value(x)}", f"{what} debe ser 'A' o 'B', no {doc_value(x)}")
        return _LETTER[x]

    def counts(d: Any, what: str, keepers_only: bool = False) -> list[int]:
        if not isinstance(d, dict):
            raise bad(f"{what} must be an object of card counts", f"{what} debe ser un objeto de cantidades de cartas")
        out = [0] * (NK if keepers_only else NC)
        for name, k in d.items():
            c = C.card_type(str(name))
            if c is None or C.NAMES[c] != name or (keepers_only and not C.IS_KEEPER[c]):
                raise bad(f"unknown card {doc_value(name)} in {what}", f"carta desconocida {doc_value(name)} en {what}")
            out[c] = integer(k, 0, C.COUNTS[c], f"{what}[{name}]")
        return out

    s.turn = integer(body["turn"], 0, n - 1, "turn")
    if body["phase"] not in PHASES:
        raise bad(f"unknown phase {doc_value(body['phase'])}", f"fase desconocida {doc_value(body['phase'])}")
    s.phase = PHASES.index(body["phase"])
    pawns = body["pawns"]
    if not isinstance(pawns, list) or len(pawns) != n or not all(isinstance(x, list) and len(x) == 2 for x in pawns):
        raise bad(f"pawns must be {n} pairs of spaces", f"pawns deben ser {n} pares de casillas")
    s.pos = [integer(x, 0, GOAL, "a pawn") for pair in pawns for x in pair]
    dice = body["dice"]
    if not isinstance(dice, list) or len(dice) > 4:
        raise bad("dice must be a list of at most 4 values", "dice debe ser una lista de 4 valores como mucho")
    s.dice = sorted(integer(v, 1, 10, "a die") for v in dice)
    start = body["start"]
    if not isinstance(start, list) or len(start) != 2:
        raise bad("start must be two spaces", "start deben ser dos casillas")
    s.start = [integer(x, 0, GOAL, "start") for x in start]
    if not isinstance(body["moved"], list):
        raise bad("moved must be a list of pawn letters", "moved debe ser una lista de letras de peón")
    s.moved = 0
    for x in body["moved"]:
        s.moved |= 1 << letter(x, "moved", False)
    s.last = letter(body["last_moved"], "last_moved")
    if not isinstance(body["landed_red"], list):
        raise bad("landed_red must be a list of pawn letters", "landed_red debe ser una lista de letras de peón")
    s.red = 0
    for x in body["landed_red"]:
        s.red |= 1 << letter(x, "landed_red", False)
    kp = body["keepers"]
    if not isinstance(kp, list) or len(kp) != n:
        raise bad(f"keepers must list {n} seats", f"keepers debe listar {n} asientos")
    s.keep = [k for t in range(n) for k in counts(kp[t], "keepers", True)]
    s.nkeep = [sum(s.keep[t * NK:(t + 1) * NK]) for t in range(n)]
    s.deck = counts(body["deck"], "deck")
    s.discard = counts(body["discard"], "discard")
    cursed = body["cursed"]
    if not isinstance(cursed, list) or len(cursed) != n or not all(isinstance(x, bool) for x in cursed):
        raise bad(f"cursed must be {n} true/false values", f"cursed deben ser {n} valores true/false")
    s.cursed = [int(x) for x in cursed]
    if not isinstance(body["roll_again"], bool):
        raise bad("roll_again must be true or false", "roll_again debe ser true o false")
    s.again = int(body["roll_again"])
    card = body["card"]
    if card is None:
        s.card = -1
    else:
        c = C.card_type(str(card))
        if c is None or C.NAMES[c] != card:
            raise bad(f"unknown card {doc_value(card)}", f"carta desconocida {doc_value(card)}")
        s.card = c
    s.card_pawn = letter(body["card_pawn"], "card_pawn")
    w = body["winner"]
    s.winner = -1 if w is None else integer(w, 0, n - 1, "winner")
    s.stats = counters_from_json(body, STATS, "Prime Climb state")
    # every card is somewhere exactly once
    for c in range(NC):
        held = sum(s.keep[t * NK + c] for t in range(n)) if c < NK else 0
        if s.deck[c] + s.discard[c] + held + (s.card == c) != C.COUNTS[c]:
            raise bad(f"the {C.NAMES[c]} cards do not add up to {C.COUNTS[c]}", f"las cartas {C.NAMES[c]} no suman {C.COUNTS[c]}")
    if (s.phase == OVER) != (s.winner >= 0):
        raise bad("a winner exactly when the phase is over", "hay ganador exactamente cuando la fase es over")
    home = [t for t in range(n) if s.pos[2 * t] == GOAL and s.pos[2 * t + 1] == GOAL]
    if home != ([s.winner] if s.winner >= 0 else []):  # the game ends the moment a second pawn is home
        raise bad("the winner, and only the winner, has both pawns on 101", "el ganador, y solo él, tiene ambos peones en 101")
    if s.phase == ROLL and s.dice:
        raise bad("dice are left over before the roll", "quedan dados antes de tirar")
    if s.phase in (CARD_PAWN, SWITCH, STEAL) and s.card < 0:
        raise bad("a card phase needs a pending card", "una fase de carta necesita una carta pendiente")
    if s.phase == SWITCH and s.card_pawn < 0:
        raise bad("the switch phase needs card_pawn", "la fase switch necesita card_pawn")
    if s.phase == MOVE and not s._move_actions():
        raise bad("a Move phase with nothing left to play", "una fase de movimiento sin nada que jugar")
    if s.phase == CARD_PAWN and s.red != 3:
        raise bad("choosing the card's pawn needs both pawns on red", "elegir el peón de la carta requiere ambos peones en rojo")
    if s.phase == DRAW and not any(s.deck):
        raise bad("a draw from an empty deck", "un robo de un mazo vacío")
    return s


from .evaluation import DRAW as _DRAW, evaluate_all as _evaluate_all  # noqa: E402  (the search's leaf values)

assert _DRAW == DRAW
