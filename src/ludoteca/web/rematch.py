"""Play again (issue 45): one tap on a finished game offers the same table again, seats rotated (the
player of seat i sits at i + 1), bots in their rotated places; each person accepts with one tap (their
old seat's token proves who they are) and gets their new seat; the new room starts when every person
has accepted, as any room does when its seats are full.

The offer is the old room's `rematch` column, set only where it is empty, so two processes never both
offer (the loser of that race joins the winner's room; the room it made waits, empty, until the open
rooms' expiry closes it).
"""

from __future__ import annotations

from sqlalchemy import select, update

from ..engine import T
from .db import RoomRow
from .errors import RoomError
from .rooms import PACE_KEY


def offered(service, room_id: str) -> str | None:
    with service.engine.connect() as db:
        return db.scalar(select(RoomRow.rematch).where(RoomRow.id == room_id))


def play_again(service, room, seat: int, client: str | None = None):
    """The room to play again in and this person's seat and token there (the offer made if none was)."""
    if room.status != "finished":
        raise RoomError("illegal", T("a game can be played again once it is over", "una partida se puede repetir cuando termina"))
    if room.seats[seat].kind != "human":
        raise RoomError("forbidden", T("that seat is a bot's", "ese asiento es de un bot"))
    n = len(room.seats)
    mine = (seat + 1) % n
    name = room.shown_name(seat)  # an older room's "P2" is no name: the new seat may be another number
    current = offered(service, room.id)
    if current is None:
        spec = []
        for j in range(n):
            old = room.seats[(j - 1) % n]
            spec.append({"kind": "bot", "bot": old.bot, "name": old.name} if old.kind == "bot" else {"kind": "human", "invite": True})
        new, secret = service.create(room.game.name, {**room.game.options, PACE_KEY: room.pace, **(room.timing.settings.stored() if room.timing else {})}, spec, room.private,
                                     creator={"seat": mine, "name": name}, client=client, rated=room.rated)
        with service.engine.begin() as db:
            won = db.execute(update(RoomRow).where(RoomRow.id == room.id, RoomRow.rematch.is_(None)).values(rematch=new.id)).rowcount
        if won == 1:
            return new, mine, secret["token"]
        current = offered(service, room.id)
    target = service.get(current)
    if target.seats[mine].claimed:
        raise RoomError("forbidden", T("you have already accepted: the new game is waiting for the others",
                                       "ya aceptaste: la nueva partida espera a los demás"))
    token = service._claim_in_memory(target, mine, name, None, check=False)
    service._refresh_status(target)
    target.version += 1
    service._store_seats(target)
    return target, mine, token
