"""How a mail's link reaches the seat: `/room/ROOM#seat=N`. On the device that played the seat, its
token is in the browser and the room page is the seat at once. On any other device (the phone the mail
was read on), a person signed in to the seat's account asks `POST /api/rooms/{room}/here {seat}`: the
seat gets a new token, given to this device only (the token the other device held stops working: a
seat is played from one device at a time; that device, if connected here, is told so and let go, and watches)."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import update

from ...engine import T
from ..db import RoomRow, SeatRow
from ..errors import RoomError


class SeatOnly(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=7)


def install_seat_here(app: FastAPI, service, hub, accounts, rates, cookie: str, origin_refusal, client_of) -> None:
    from .. import store
    from ..rooms import hash_secret

    @app.post("/api/rooms/{room_id}/here")
    async def play_here(request: Request, room_id: str, body: SeatOnly) -> dict[str, Any]:
        if (refusal := origin_refusal(request, required=True)) is not None:
            raise RoomError("forbidden", refusal)
        rates.check("claim", client_of(request))  # as a seat claim: a guess costs the same
        account = accounts.session_account(request.cookies.get(cookie))
        if account is None:
            raise RoomError("forbidden", T("sign in to play your seat on this device", "entra en tu cuenta para jugar tu asiento en este dispositivo"))
        room = service.get(room_id)
        refused = RoomError("forbidden", T("that seat is not your account's", "ese asiento no es de tu cuenta"))
        async with hub.lock(room.id):
            with service.sessions.begin() as db:
                row = db.get(SeatRow, (room.id, body.seat))
                if row is None or row.kind != "human" or not row.claimed or row.account_id != account.id:
                    raise refused
                token = secrets.token_urlsafe(24)
                db.execute(update(SeatRow).where(SeatRow.room_id == room.id, SeatRow.seat == body.seat).values(token_hash=hash_secret(token)))
                db.execute(update(RoomRow).where(RoomRow.id == room.id).values(version=RoomRow.version + 1))
            store.sync(service, room)  # this process's copy (and, by the version, every other's) takes the new token
            from ..hub import error_message

            moved = T("your seat is now played on another device (this one's token was replaced): you watch here",
                      "tu asiento se juega ahora en otro dispositivo (se cambió la clave de este): aquí miras")
            for conn in list(hub.connections.get(room.id, ())):
                if conn.seat == body.seat:  # the device that held the seat until now: told, and let go
                    hub.enqueue(conn, error_message("forbidden", moved, room.version))
                    hub.drop(conn)
        return {"seat": body.seat, "token": token}
