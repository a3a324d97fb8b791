"""Teaching helpers: the factor colours of a number and every way a turn can end.

`colours(n)`: 0 black, 1 grey, otherwise one colour per prime factor counted with
multiplicity (2 orange, 3 green, 5 blue, 7 purple, primes from 11 red): 12 -> orange,
orange, green.

`turn_outcomes(pawns, roll, keepers=...)`: every distinct pair of end spaces (at the end
of the Move phase, before bumping) that a legal use of the roll, and of any of the
given ±N Keeper cards, can reach, each with one sequence in the game's notation
(`A-3`, `A*9`, `keeper B+5`); 101 for a pawn that reached 101.

How it is fast: the two pawns only share the dice and cards, so each pawn's reachable
spaces are computed alone for every "budget" (which dice and which Keepers it used) as a
102-bit integer set, where + and − are shifts and × ÷ are byte-table lookups. The two
pawns' sets are then joined over the budgets that together use every die (and any
Keepers at most once). Sequences are rebuilt backwards only when asked for.
Under a Curse (or with forfeit_unusable_die off) the exact step-by-step search that
dedupes by (spaces, dice left, Keepers left) is used instead.
"""

from __future__ import annotations

from typing import Iterable, Iterator, NamedTuple

from .actions import dice_of_roll
from .board import GOAL, OPS_TABLE, segments
from .move_phase import KEEPER_MOVES, can_use_all

__all__ = ["colours", "segments", "turn_outcomes", "Outcome", "TurnOutcomes", "reference_outcomes"]


def colours(n: int) -> list[str]:
    """The factor colours of a number: [colour per prime factor] (0 black, 1 grey)."""
    return [c for _f, c in segments(n)]


class Outcome(NamedTuple):
    pawns: tuple[int, int]
    steps: tuple[str, ...]

    def to_json(self) -> dict:
        return {"pawns": list(self.pawns), "steps": list(self.steps)}


# --- input --------------------------------------------------------------------------------
def _bad(en: str, es: str) -> ValueError:
    return ValueError(f"{en} / {es}")


def _parse_inputs(pawns, roll, keepers) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    try:
        a, b = (int(x) for x in pawns)
    except (TypeError, ValueError):
        raise _bad("pawns must be two spaces, e.g. 4,26", "pawns deben ser dos casillas, p. ej. 4,26") from None
    if not (0 <= a <= GOAL and 0 <= b <= GOAL):
        raise _bad("pawns stand on 0..101", "los peones están en 0..101")
    try:
        x, y = (int(v) for v in roll)
    except (TypeError, ValueError):
        raise _bad("a roll is two dice, e.g. 3,9", "una tirada son dos dados, p. ej. 3,9") from None
    if not (0 <= x <= 10 and 0 <= y <= 10):
        raise _bad("a die shows 0..10 (0 means 10)", "un dado muestra 0..10 (0 es 10)")
    x, y = x or 10, y or 10
    dice = dice_of_roll(x, y)
    ks = []
    for k in keepers or ():
        text = str(k).strip().replace("±", "").replace("+-", "")
        if not text.isdigit() or not 1 <= int(text) <= 9:
            raise _bad(f"{k!r} is not a ±N Keeper (1..9)", f"{k!r} no es un Guardián ±N (1..9)")
        ks.append(int(text))
    return a, b, dice, tuple(ks)


# --- bit-set tables ------------------------------------------------------------------------
FULL = (1 << (GOAL + 1)) - 1
MOVABLE = (1 << GOAL) - 1  # spaces 0..100: a pawn on 101 is home and never moves again
HOME = 1 << GOAL
_TIMES_DIV: dict[int, list[list[int]]] = {}


def _times_div(v: int) -> list[list[int]]:
    """table[i][byte]: the set of x*v and x/v for the spaces x = 8i + bit in that byte."""
    table = _TIMES_DIV.get(v)
    if table is None:
        table = []
        for i in range(13):
            row = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                x = 8 * i + low.bit_length() - 1
                m = 0
                if x < GOAL:
                    if x * v <= GOAL:
                        m |= 1 << (x * v)
                    if x % v == 0:
                        m |= 1 << (x // v)
                row[byte] = row[byte ^ low] | m
            table.append(row)
        _TIMES_DIV[v] = table
    return table


def _die_step(m: int, v: int) -> int:
    m &= MOVABLE
    out = ((m << v) & FULL) | (m >> v)
    table = _times_div(v)
    i = 0
    for byte in m.to_bytes(13, "little"):  # bytes iterate in C: no big-int shifting per chunk
        if byte:
            out |= table[i][byte]
        i += 1
    return out


for _v in range(1, 11):
    _times_div(_v)  # build every table now, so no call pays for it


def _keeper_step(m: int, n: int) -> int:
    m &= MOVABLE
    return ((m << n) & FULL) | (m >> n)


class _Pawn:
    """Reachable spaces of one pawn for every budget L = dice_state * 2**k + keeper_subset."""

    __slots__ = ("reach", "memo", "letter", "spec")

    def __init__(self, start: int, letter: str, spec: "_Budget"):
        self.letter = letter
        self.spec = spec
        self.memo: dict[tuple[int, int], tuple[str, ...]] = {}
        reach = [0] * spec.layers
        reach[0] = 1 << start
        kbits = spec.kbits
        for L in range(1, spec.layers):
            d, m = divmod(L, kbits)
            out = 0
            for j, radix in enumerate(spec.radix):
                if spec.used(d, j):
                    src = reach[L - radix * kbits]
                    if src:
                        out |= _die_step(src, spec.values[j])
            bit = 0
            while m >> bit:
                if m >> bit & 1:
                    src = reach[L - (1 << bit)]
                    if src:
                        out |= _keeper_step(src, spec.keepers[bit])
                bit += 1
            reach[L] = out
        self.reach = reach

    def steps(self, L: int, q: int) -> tuple[str, ...]:
        """One sequence of this pawn's own steps that reaches q using exactly budget L."""
        key = (L, q)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if L == 0:
            return ()
        spec = self.spec
        kbits = spec.kbits
        d, m = divmod(L, kbits)
        reach = self.reach
        found = None
        for j, radix in enumerate(spec.radix):
            if not spec.used(d, j):
                continue
            Lp = L - radix * kbits
            src = reach[Lp] & MOVABLE
            v = spec.values[j]
            for op, x in (("+", q - v), ("-", q + v), ("*", q // v if q % v == 0 else -1), ("/", q * v)):
                if 0 <= x <= GOAL and src >> x & 1:
                    found = self.steps(Lp, x) + (f"{self.letter}{op}{v}",)
                    break
            if found:
                break
        bit = 0
        while found is None and m >> bit:
            if m >> bit & 1:
                Lp = L - (1 << bit)
                src = reach[Lp] & MOVABLE
                n = spec.keepers[bit]
                for op, x in (("+", q - n), ("-", q + n)):
                    if 0 <= x <= GOAL and src >> x & 1:
                        found = self.steps(Lp, x) + (f"keeper {self.letter}{op}{n}",)
                        break
            bit += 1
        assert found is not None, "a reachable space has a predecessor"
        self.memo[key] = found
        return found


class _Budget:
    """Mixed-radix numbering of the dice used (per distinct value) times the Keepers used."""

    __slots__ = ("values", "counts", "radix", "keepers", "kbits", "dstates", "layers", "full")

    def __init__(self, dice: tuple[int, ...], keepers: tuple[int, ...]):
        self.values = tuple(sorted(set(dice)))
        self.counts = tuple(dice.count(v) for v in self.values)
        radix, r = [], 1
        for c in self.counts:
            radix.append(r)
            r *= c + 1
        self.radix = tuple(radix)
        self.dstates = r
        self.full = r - 1
        self.keepers = keepers
        self.kbits = 1 << len(keepers)
        self.layers = self.dstates * self.kbits

    def used(self, d: int, j: int) -> int:
        return d // self.radix[j] % (self.counts[j] + 1)

    def fits(self, da: int, db: int) -> bool:
        """Do two dice states together use no die twice?"""
        return all(self.used(da, j) + self.used(db, j) <= self.counts[j] for j in range(len(self.values)))


class TurnOutcomes:
    """The distinct end pairs of a turn. Iterating yields Outcome(pawns, steps); the
    sequences are rebuilt on demand, so counting or listing the pairs stays cheap."""

    def __init__(self, items: list[tuple[int, int, int, int]] | None, a: "_Pawn | None", b: "_Pawn | None",
                 explicit: dict[tuple[int, int], tuple[str, ...]] | None = None):
        # items: (q, LB, mask of A spaces, LA-candidates...) packed as (q, LB, new, S) with S the keeper subset allowed to A
        self._items = items or []
        self._a, self._b = a, b
        self._explicit = explicit

    def __len__(self) -> int:
        if self._explicit is not None:
            return len(self._explicit)
        return sum(new.bit_count() for _q, _LB, new, _dA, _S in self._items)

    def pairs(self) -> list[tuple[int, int]]:
        """The distinct end pairs (A, B), in no particular order."""
        if self._explicit is not None:
            return list(self._explicit)
        out: list[tuple[int, int]] = []
        extend = out.extend
        for q, _LB, new, _dA, _S in self._items:
            base = 0
            for byte in new.to_bytes(13, "little"):
                if byte:
                    extend([(base + bit, q) for bit in _BYTE_BITS[byte]])
                base += 8
        return out

    def __iter__(self) -> Iterator[Outcome]:
        if self._explicit is not None:
            for pair in sorted(self._explicit):
                yield Outcome(pair, self._explicit[pair])
            return
        a, b = self._a, self._b
        kbits = a.spec.kbits
        for q, LB, new, dA, S in self._items:
            tail = b.steps(LB, q)
            # the A budget: the smallest keeper subset of S whose set holds each space
            for mA in _SUBSETS[S]:
                LA = dA * kbits + mA
                got = a.reach[LA] & new
                while got:
                    low = got & -got
                    p = low.bit_length() - 1
                    yield Outcome((p, q), a.steps(LA, p) + tail)
                    got ^= low
                    new ^= low
                if not new:
                    break

    def to_json(self) -> list[dict]:
        return [o.to_json() for o in sorted(self)]


def _subsets(S: int) -> list[int]:
    """Subsets of S, fewest cards first."""
    subs = [0]
    m = S
    while m:
        subs.append(m)
        m = (m - 1) & S
    subs.sort(key=int.bit_count)
    return subs


_SUBSETS = [_subsets(S) for S in range(1 << 9)]
_BYTE_BITS = [tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256)]


def turn_outcomes(pawns: Iterable[int], roll: Iterable[int], keepers: Iterable[int | str] = (),
                  cursed: bool = False, forfeit_unusable_die: bool = True) -> TurnOutcomes:
    """Every distinct (A, B) end pair of a turn with these pawns, this roll and these ±N Keepers.

    pawns: the spaces of your two pawns (101 = already home); roll: two dice (0 means 10,
    doubles give four uses); keepers: ±N cards (1..9 or '+-5' / '±5'), each usable at most
    once, all optional. End pairs are taken at the end of the Move phase; (101, 101) is the win.
    """
    a, b, dice, ks = _parse_inputs(pawns, roll, keepers)
    if cursed or not forfeit_unusable_die:
        return TurnOutcomes(None, None, None, reference_outcomes((a, b), dice, ks, cursed, forfeit_unusable_die))
    spec = _Budget(dice, ks)
    pa, pb = _Pawn(a, "A", spec), _Pawn(b, "B", spec)
    kbits = spec.kbits
    kall = kbits - 1
    # subset unions of A: union[d][S] = OR of A's sets over keeper subsets of S
    union = []
    for d in range(spec.dstates):
        row = pa.reach[d * kbits:(d + 1) * kbits][:]
        for bit in range(len(ks)):
            step = 1 << bit
            for S in range(kbits):
                if S & step:
                    row[S] |= row[S ^ step]
        union.append(row)
    acc = [0] * (GOAL + 1)
    items: list[tuple[int, int, int, int, int]] = []
    append = items.append
    full = spec.full
    reach_b = pb.reach
    nk = len(ks)
    for dB in range(spec.dstates):
        dA = full - dB
        ua_row = union[dA]
        row = reach_b[dB * kbits:(dB + 1) * kbits]
        sub = row[:]  # sub[m]: B's spaces with any keeper subset of m
        for bit in range(nk):
            step = 1 << bit
            for m in range(kbits):
                if m & step:
                    sub[m] |= sub[m ^ step]
        for mB in range(kbits):
            rb = row[mB]
            if not rb:
                continue
            S = kall & ~mB
            ua = ua_row[S]
            if not ua:
                continue
            # a space B also reaches with fewer Keepers leaves A more cards: that budget covers it
            for bit in range(nk):
                if mB >> bit & 1:
                    rb &= ~sub[mB ^ (1 << bit)]
            LB = dB * kbits + mB
            while rb:
                low = rb & -rb
                q = low.bit_length() - 1
                rb ^= low
                new = ua & ~acc[q]
                if new:
                    acc[q] |= new
                    append((q, LB, new, dA, S))
    # the win: both pawns home, unused dice dropped (so any dice split that fits)
    if not acc[GOAL] >> GOAL & 1:
        win = _win(pa, pb, spec)
        if win is not None:
            items.append((GOAL, win[1], HOME, win[0] // kbits, win[0] % kbits))
    return TurnOutcomes(items, pa, pb)


def _win(pa: _Pawn, pb: _Pawn, spec: _Budget) -> tuple[int, int] | None:
    kbits = spec.kbits
    home_a = [L for L in range(spec.layers) if pa.reach[L] & HOME]
    home_b = [L for L in range(spec.layers) if pb.reach[L] & HOME]
    for LA in home_a:
        for LB in home_b:
            if not (LA % kbits) & (LB % kbits) and spec.fits(LA // kbits, LB // kbits):
                return LA, LB
    return None


# --- the exact step-by-step search (Curse, strict dice option; also the tests' oracle) -------
def reference_outcomes(pawns: tuple[int, int], dice: tuple[int, ...], keepers: tuple[int, ...] = (), cursed: bool = False,
                       forfeit_unusable_die: bool = True) -> dict[tuple[int, int], tuple[str, ...]]:
    """Search the Move phase one decision at a time, as the game plays it, deduping by
    (spaces, dice left, Keepers left). Returns {end pair: one sequence}."""
    cu = 1 if cursed else 0
    ops, keeper_moves = OPS_TABLE[cu], KEEPER_MOVES[cu]
    results: dict[tuple[int, int], tuple[str, ...]] = {}
    seen: set = set()

    def rec(a: int, b: int, dice: tuple[int, ...], ks: tuple[int, ...], steps: tuple[str, ...]) -> None:
        key = (a, b, dice, ks)
        if key in seen:
            return
        seen.add(key)
        if a == GOAL and b == GOAL:
            results.setdefault((GOAL, GOAL), steps)
            return
        moves = []
        for i, v in enumerate(dice):
            if i and v == dice[i - 1]:
                continue
            rest = dice[:i] + dice[i + 1:]
            for op, q in ops[a][v]:
                moves.append((q, b, rest, steps + (f"A{'+-*/'[op]}{v}",)))
            for op, q in ops[b][v]:
                moves.append((a, q, rest, steps + (f"B{'+-*/'[op]}{v}",)))
        if moves and not forfeit_unusable_die:
            strict = [m for m in moves if can_use_all(m[0], m[1], m[2], cu)]
            moves = strict or moves
        if not moves:
            results.setdefault((a, b), steps)  # no die left, or none usable (forfeited): the player may stop
        for m in moves:
            rec(m[0], m[1], m[2], ks, m[3])
        for i, n in enumerate(ks):
            if i and n == ks[i - 1]:
                continue
            rest = ks[:i] + ks[i + 1:]
            for letter, x in (("A", a), ("B", b)):
                for sign, q in keeper_moves[x][n]:
                    rec(q if letter == "A" else a, q if letter == "B" else b, dice, rest,
                        steps + (f"keeper {letter}{'+-'[sign]}{n}",))

    rec(pawns[0], pawns[1], tuple(sorted(dice)), tuple(sorted(keepers)), ())
    return results
