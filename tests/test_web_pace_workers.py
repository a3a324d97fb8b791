"""Bots played by `ludoteca bots` workers keep the room's pace too: a bot's move is due in the
`auto_moves` table after the pace's wait where people play, after the bare bot delay among bots."""

import time

from sqlalchemy import select

from ludoteca.web import store
from ludoteca.web.db import AutoMoveRow, make_engine, make_sessions
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.rooms import PACES, RoomService


def test_a_workers_bot_waits_for_the_rooms_pace_where_people_play(tmp_path):
    service = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/pace.db")), limits=UNLIMITED)
    service.bot_delay = 0.5
    people, _ = service.create("prime-climb", {"pace": "slow"}, [{"kind": "bot", "bot": "random"}, {"kind": "human"}],
                               creator={"seat": 1, "name": "Ana"})
    bots, _ = service.create("prime-climb", {"pace": "slow"}, [{"kind": "bot", "bot": "random"}] * 2)
    assert store.bot_wait(service, people) == 0.5 * PACES["slow"]
    assert store.bot_wait(service, bots) == 0.5  # nobody to follow a game of bots only
    for room, wait in ((people, 0.5 * PACES["slow"]), (bots, 0.5)):
        while room.state.current_player() < 0:  # chance first (the dice): the bot's turn comes after
            service.apply(room, room.state.sample_chance())
        with service.engine.connect() as db:
            due = db.execute(select(AutoMoveRow.due, AutoMoveRow.kind).where(AutoMoveRow.room_id == room.id)).one()
        assert due.kind == "bot" and 0 < due.due - time.time() <= wait
        assert due.due - time.time() > wait - 2.0  # written just now with that wait
