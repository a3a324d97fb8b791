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
        while room.state.current_player() != 0:  # the dice, and Ana's turn where she starts: then the bot's
            player = room.state.current_player()
            if player < 0:
                service.apply(room, room.state.sample_chance())
            else:
                service.act(room, player, room.version, room.state.action_to_string(room.state.legal_actions()[0]))
        with service.engine.connect() as db:
            due = db.execute(select(AutoMoveRow.due, AutoMoveRow.kind).where(AutoMoveRow.room_id == room.id)).one()
        assert due.kind == "bot" and 0 < due.due - time.time() <= wait
        assert due.due - time.time() > wait - 2.0  # written just now with that wait
