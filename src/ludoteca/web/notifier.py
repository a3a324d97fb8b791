"""What the rooms tell players who are not looking: the seam between the rooms (turn-based games,
deadlines, results) and whatever reaches people outside the page (mail).

The rooms call these on the event loop, so an implementation only records what is to be sent (a row
in the database, keyed so that a repeat is a no-op) and sends it elsewhere, off the request path.
`turn` is the number of decisions taken in the room when the seat came on turn: one mail per seat
per turn at most."""

from __future__ import annotations

from typing import Protocol


class Notifier(Protocol):
    def your_turn(self, room_id: str, seat: int, turn: int, deadline: float | None) -> None:
        """`seat` (a person's) is on turn in a turn-based room; `deadline` is epoch seconds or None."""

    def reminder(self, room_id: str, seat: int, turn: int, deadline: float) -> None:
        """`seat` has not moved and its deadline is near."""

    def result(self, room_id: str) -> None:
        """The game in `room_id` is over (won, drawn, resigned or lost on time)."""


class NullNotifier:
    """Tells nobody: the default where the host set up no outgoing mail."""

    def your_turn(self, room_id: str, seat: int, turn: int, deadline: float | None) -> None:
        pass

    def reminder(self, room_id: str, seat: int, turn: int, deadline: float) -> None:
        pass

    def result(self, room_id: str) -> None:
        pass
