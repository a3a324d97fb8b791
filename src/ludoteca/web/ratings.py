"""Ratings: per game, for every account, with openskill's Weng–Lin Plackett–Luce model (2 to 6 players,
ranks with ties), updated in the transaction that ends a rated game (`rate_finished`, called from
`RoomService.apply`): the game's last move, the result and every rating change commit together or
not at all.

Shown as `1500 + 48 (mu - 25)`: a new account (mu 25, sigma 25/3) shows 1500; 48 points a unit of mu
puts one `beta` (25/6, the model's performance spread) at 200 points, as in Elo. The leaderboard
orders by the conservative `mu - 3 sigma` (a lucky first game does not top it). A rating is
provisional until `PROVISIONAL_GAMES` rated games.

Bots are on the same scale with fixed ratings (`BOT_RATINGS`), never updated: calibrated from the
measured ladder of docs/bots.md (each game's PLUGIN `level_ratings`: each level against the one below
it, at the game's player count, one bot against the others; `UNMEASURED` where a game has none), so that the model's own win probability between the levels equals
the measured win rate; `medium` (greedy) is put at 1500, the level a new account is assumed to have.
"""

from __future__ import annotations

import math
import time
from functools import lru_cache
from typing import Any

from sqlalchemy import Float, ForeignKey, Index, Integer, String, func, insert, select, tuple_, update
from sqlalchemy.orm import Mapped, mapped_column

from ..engine import T
from .db import Base, SeatRow

PROVISIONAL_GAMES = 10
BOT_SIGMA = 1.0  # a bot's rating is fixed: a small spread, so a game against it moves the person, not it
#: the levels a rated game may seat, where the game's ladder places them (`rated_bots`): `expert` only
#: where its game measured it
RATED_BOTS = ("easy", "medium", "hard", "expert")
BASE, SCALE = 1500, 48.0

# a game whose levels were never measured: each level assumed to win 3 in 4 against the one below
UNMEASURED = (2, [("medium", "easy", 0, 0.75), ("hard", "medium", 0, 0.75)])


def ladder(game: str) -> tuple[int, list[tuple[str, str, int, float]]]:
    """(players, [(stronger, weaker, games, the stronger's win rate)...]): the game's measured ladder
    (its PLUGIN's `level_ratings`, docs/bots.md), one `stronger` bot against players - 1 of `weaker`."""
    from ..engine.errors import UnknownGameError
    from ..engine.registry import plugin_of

    try:
        return plugin_of(game).level_ratings or UNMEASURED
    except UnknownGameError:
        return UNMEASURED


class RatingRow(Base):
    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)  # mu - 3 sigma: the leaderboard's order
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated: Mapped[float] = mapped_column(Float)

    # a leaderboard page: WHERE game = :g AND (ordinal, account_id) < (:o, :a) ORDER BY ordinal DESC, account_id DESC
    __table_args__ = (Index("ix_ratings_board", "game", "ordinal", "account_id"),)


class RatingHistoryRow(Base):
    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    game: Mapped[str] = mapped_column(String(40))
    room_id: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rank: Mapped[int] = mapped_column(Integer)  # 1 = won
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_rating_history_account", "account_id", "game", "at"),)


@lru_cache(maxsize=1)
def model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def shown(mu: float) -> int:
    return round(BASE + SCALE * (mu - 25.0))


def mu_of(rating: float) -> float:
    return 25.0 + (rating - BASE) / SCALE


def _win_rate(stronger_mu: float, weaker_mu: float, players: int) -> float:
    """The Plackett–Luce model's chance that one player ends first against players - 1 of another
    (both at the bots' spread): exp(mu/c) over the sum, c^2 the players' sigma^2 + beta^2 summed."""
    c = math.sqrt(players * (BOT_SIGMA ** 2 + model().beta ** 2))
    mine = math.exp(stronger_mu / c)
    return mine / (mine + (players - 1) * math.exp(weaker_mu / c))


def gap_for(rate: float, players: int) -> float:
    """The mu gap at which the model says one bot beats players - 1 weaker ones at `rate` (bisection)."""
    low, high = -60.0, 60.0
    for _ in range(80):
        mid = (low + high) / 2
        if _win_rate(25.0 + mid, 25.0, players) < rate:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@lru_cache(maxsize=None)
def bot_mus(game: str) -> dict[str, float]:
    """The rated bots' fixed mu in `game`: medium at 25 (1500), easy and hard placed by the ladder."""
    players, rows = ladder(game)
    mus = {"medium": 25.0}
    for stronger, weaker, _games, rate in rows:
        if weaker in mus:
            mus[stronger] = mus[weaker] + gap_for(rate, players)
        else:
            mus[weaker] = mus[stronger] - gap_for(rate, players)
    return mus


def rated_bots(game: str) -> list[str]:
    """The bots a rated game of `game` may seat: the levels its ladder places."""
    return [bot for bot in RATED_BOTS if bot in bot_mus(game)]


def bot_ratings(game: str) -> dict[str, int]:
    return {bot: shown(mu) for bot, mu in sorted(bot_mus(game).items(), key=lambda kv: kv[1])}


def describe(row: RatingRow | None) -> dict[str, Any]:
    if row is None:
        return {"rating": BASE, "games": 0, "wins": 0, "provisional": True}
    return {"rating": shown(row.mu), "games": row.games, "wins": row.wins, "provisional": row.games < PROVISIONAL_GAMES}


def ranks_of(room) -> list[int] | None:
    """Each seat's rank at the end (1 = first; equal returns share a rank, competition style); a seat its person left
    (taken over by a bot, or resigned) ranks below everyone who stayed. None for a game stopped."""
    result = room.result()
    if result is None or result.get("stopped") not in (None, "resigned"):  # stopped at the move cap
        return None
    returns = list(result["returns"])
    left = [bool(getattr(s, "taken_over", False) or getattr(s, "resigned", False)) for s in room.seats]
    keyed = [(0 if gone else 1, value) for gone, value in zip(left, returns)]
    return [1 + sum(other > k for other in keyed) for k in keyed]  # 1, 1, 3: ties share, the next counts them


def rate_finished(db, room) -> bool:
    """Within the transaction of a rated game's last move: every account's new rating and a history
    row. Rated only if every person's seat is an account's and every bot a rated level; True if rated."""
    from .db import RoomRow

    if not db.scalar(select(RoomRow.rated).where(RoomRow.id == room.id)):
        return False
    ranks = ranks_of(room)
    if ranks is None:
        return False
    seats = db.execute(select(SeatRow.seat, SeatRow.kind, SeatRow.bot, SeatRow.account_id)
                       .where(SeatRow.room_id == room.id).order_by(SeatRow.seat)).all()
    rated = rated_bots(room.game.name)
    if any(s.kind == "human" and s.account_id is None for s in seats) or any(s.kind == "bot" and s.bot not in rated for s in seats):
        return False
    m, game, now = model(), room.game.name, time.time()
    accounts = [s.account_id for s in seats if s.kind == "human"]
    if len(set(accounts)) != len(accounts):  # one account in two seats: not a game between players
        return False
    table = RatingRow.__table__
    held = {r.account_id: r for r in db.execute(select(table).where(table.c.game == game, table.c.account_id.in_(accounts)))}
    bots = bot_mus(game)
    teams = []
    for s in seats:
        if s.kind == "bot":
            teams.append([m.rating(mu=bots[s.bot], sigma=BOT_SIGMA)])
        else:
            row = held.get(s.account_id)
            teams.append([m.rating() if row is None else m.rating(mu=row.mu, sigma=row.sigma)])
    new = m.rate(teams, ranks=ranks)
    for s, team, rank in zip(seats, new, ranks):
        if s.kind != "human":
            continue
        mu, sigma, won = team[0].mu, team[0].sigma, int(rank == 1)
        values = {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "updated": now}
        row = held.get(s.account_id)
        if row is None:
            db.execute(insert(table).values(account_id=s.account_id, game=game, games=1, wins=won, **values))
        else:
            db.execute(update(table).where(table.c.account_id == s.account_id, table.c.game == game)
                       .values(games=table.c.games + 1, wins=table.c.wins + won, **values))
        db.execute(insert(RatingHistoryRow.__table__).values(account_id=s.account_id, game=game, room_id=room.id,
                                                             mu=mu, sigma=sigma, rank=rank, at=now))
    return True


def leaderboard(sessions, game: str, limit: int = 50, before: str | None = None) -> dict[str, Any]:
    """One page of the game's leaderboard, best first (keyset on the index `ix_ratings_board`)."""
    from .accounts import AccountRow
    from .errors import RoomError

    query = (select(RatingRow.account_id, RatingRow.mu, RatingRow.ordinal, RatingRow.games, RatingRow.wins, AccountRow.name)
             .join(AccountRow, AccountRow.id == RatingRow.account_id).where(RatingRow.game == game))
    if before is not None:
        ordinal, _, account = before.partition("~")
        try:
            o, a = float(ordinal), int(account)
        except ValueError:
            raise RoomError("bad_request", T("that page cursor is not one this server gave", "ese cursor de página no es uno que diera este servidor")) from None
        if not math.isfinite(o):
            raise RoomError("bad_request", T("that page cursor is not one this server gave", "ese cursor de página no es uno que diera este servidor"))
        query = query.where(tuple_(RatingRow.ordinal, RatingRow.account_id) < tuple_(o, a))
    query = query.order_by(RatingRow.ordinal.desc(), RatingRow.account_id.desc()).limit(limit + 1)
    with sessions() as db:
        rows = db.execute(query).all()
        total = db.scalar(select(func.count()).select_from(RatingRow).where(RatingRow.game == game))
    more = len(rows) > limit
    rows = rows[:limit]
    return {
        "game": game,
        "players": [{"name": r.name, "rating": shown(r.mu), "games": r.games, "wins": r.wins,
                     "provisional": r.games < PROVISIONAL_GAMES} for r in rows],
        "next": f"{rows[-1].ordinal!r}~{rows[-1].account_id}" if more and rows else None,
        "total": int(total or 0),
        "bots": bot_ratings(game),
        "provisional_games": PROVISIONAL_GAMES,
    }
