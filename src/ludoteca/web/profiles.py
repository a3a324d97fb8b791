"""Profiles and "My games" (issue 45).

`/players/<name>` (page) and `/api/players/<name>` (JSON): per game the games played, the wins and the
rating (with its history, for the plot), and the recent games with their replays. The owner may make
the profile private: then anyone else gets the name only. "My games" (`POST /api/my-games`): the
rooms not over where this account or this device (its seat tokens) sits, the ones waiting on you first
(turn-based ones with the time you have left, the least first: issue 46).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import and_, or_, select, update

from ..engine import TERMINAL, T
from .accounts import AccountRow, digest
from .db import RoomRow, SeatRow
from . import turns
from .errors import RoomError
from .ratings import PROVISIONAL_GAMES, RatingHistoryRow, RatingRow, shown

RECENT = 20
HISTORY = 200  # rating points per game in the plot
MY_GAMES = 50


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    room: str = Field(max_length=32)
    seat: int = Field(ge=0, le=7)
    token: str = Field(max_length=128)


class MyGames(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[SeatToken] = Field(default_factory=list, max_length=200)


class Privacy(BaseModel):
    model_config = ConfigDict(extra="forbid")
    private: bool


def won(result: dict[str, Any] | None, seat: int) -> bool:
    return bool(result) and seat in (result.get("winners") or [])


def profile(sessions, account: AccountRow, full: bool) -> dict[str, Any]:
    if not full:
        return {"name": account.name, "private": True}
    with sessions() as db:
        seats = db.execute(select(SeatRow.room_id, SeatRow.seat, RoomRow.game, RoomRow.status, RoomRow.result, RoomRow.created, RoomRow.rated)
                           .join(RoomRow, RoomRow.id == SeatRow.room_id)
                           .where(SeatRow.account_id == account.id, RoomRow.status.in_(("finished", "stopped")))
                           .order_by(RoomRow.created.desc())).all()
        rated = {r.game: r for r in db.scalars(select(RatingRow).where(RatingRow.account_id == account.id))}
        history = db.execute(select(RatingHistoryRow.game, RatingHistoryRow.mu, RatingHistoryRow.at, RatingHistoryRow.room_id)
                             .where(RatingHistoryRow.account_id == account.id).order_by(RatingHistoryRow.at)).all()
    per_game: dict[str, dict[str, Any]] = {}
    for s in seats:
        entry = per_game.setdefault(s.game, {"game": s.game, "games": 0, "wins": 0})
        entry["games"] += 1
        entry["wins"] += int(won(s.result, s.seat))
    points: dict[str, list] = {}
    for h in history:
        points.setdefault(h.game, []).append({"at": h.at, "rating": shown(h.mu), "room": h.room_id})
    for game, row in rated.items():
        entry = per_game.setdefault(game, {"game": game, "games": 0, "wins": 0})
        entry.update(rating=shown(row.mu), rated_games=row.games, provisional=row.games < PROVISIONAL_GAMES,
                     history=points.get(game, [])[-HISTORY:])
    return {
        "name": account.name, "private": account.private, "since": account.created,
        "games": sorted(per_game.values(), key=lambda e: -e["games"]),
        "recent": [{"room": s.room_id, "game": s.game, "seat": s.seat, "won": won(s.result, s.seat), "rated": bool(s.rated),
                    "stopped": s.status == "stopped", "created": s.created} for s in seats[:RECENT]],
    }


def install_profiles(app: FastAPI, service, accounts, static, cookie: str, origin_refusal) -> None:
    sessions = accounts.sessions

    def me(request: Request):
        return accounts.session_account(request.cookies.get(cookie))

    @app.get("/players/{name}", include_in_schema=False)
    async def profile_page(name: str):
        return FileResponse(static / "profile.html")

    @app.get("/api/players/{name}")
    async def profile_api(request: Request, name: str):
        account = accounts.by_name(name) if len(name) <= 100 else None
        if account is None:
            raise RoomError("not_found", T("no player by that name", "no hay ningún jugador con ese nombre"))
        viewer = me(request)
        owner = viewer is not None and viewer.id == account.id
        answer = await asyncio.to_thread(profile, sessions, account, owner or not account.private)
        answer["owner"] = owner
        return JSONResponse(answer)

    @app.post("/api/account/private")
    async def set_private(request: Request, body: Privacy) -> dict[str, Any]:
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        account = me(request)
        if account is None:
            raise RoomError("forbidden", T("you are not signed in", "no has iniciado sesión"))
        with sessions.begin() as db:
            db.execute(update(AccountRow).where(AccountRow.id == account.id).values(private=body.private))
        return {"private": body.private}

    @app.post("/api/my-games")
    async def my_games(request: Request, body: MyGames) -> dict[str, Any]:
        """The rooms not over where you sit: as your account, or as this device (a seat's token proves it)."""
        account = me(request)
        mine = []
        for item in body.seats:
            mine.append(and_(SeatRow.room_id == item.room, SeatRow.seat == item.seat, SeatRow.token_hash == digest(item.token)))
        if account is not None:
            mine.append(SeatRow.account_id == account.id)
        if not mine:
            return {"rooms": []}
        with sessions() as db:
            rows = db.execute(select(SeatRow.room_id, SeatRow.seat, RoomRow.game, RoomRow.status, RoomRow.created)
                              .join(RoomRow, RoomRow.id == SeatRow.room_id)
                              .where(or_(*mine), RoomRow.status.in_(("open", "running")))
                              .order_by(RoomRow.created.desc()).limit(MY_GAMES)).all()
        rooms = []
        for r in rows:
            turn, timed = False, {"days": None, "left": None}
            if r.status == "running":
                try:
                    room = await asyncio.to_thread(service.get, r.room_id)
                    player = room.state.current_player()
                    turn = player != TERMINAL and player == r.seat
                    timed = turns.my_game(service, room, r.seat)  # turn-based: its days per move, your time left
                except RoomError:
                    continue
            rooms.append({"room": r.room_id, "seat": r.seat, "game": r.game, "status": r.status, "your_turn": turn, "created": r.created, **timed})
        # awaiting you first, the least time left first among them; then the newest
        rooms.sort(key=lambda e: (not e["your_turn"], e["left"] if e["left"] is not None else float("inf"), -e["created"]))
        return {"rooms": rooms}
