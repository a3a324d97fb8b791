"""The fallback encoder for any game: hashed features of the view document.

Every leaf of the view body becomes a feature named by its path (`board/3/owner`):
numbers are added (clipped to +-CLIP) to the bucket of their path, and any other value
(text, true/false, null) sets the bucket of `path=value` to 1. Buckets are chosen by a
stable hash (CRC-32), so the same view always gives the same vector on any machine.
A one-hot of the observing seat and one of the player to move, counted from that seat,
come first. Values are clipped to +-CLIP. Collisions make this lossy; the games' own encoders are exact.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

CLIP = 1000.0


def _bucket(name: str, size: int) -> int:
    return zlib.crc32(name.encode("utf-8")) % size


class GenericEncoder:
    def __init__(self, num_players: int, max_players: int, buckets: int = 512):
        self.num_players = num_players
        self.head = 2 * max_players + 2
        self.buckets = buckets
        self.size = self.head + buckets
        self.low, self.high = -CLIP, CLIP
        self._cache: dict[str, int] = {}

    def encode(self, view_doc: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        seat = view_doc.get("seat")
        me = 0 if seat is None else seat
        half = (self.head - 2) // 2
        if seat is not None:
            out[seat] = 1.0
        player = view_doc.get("current_player")
        if isinstance(player, str) and player.isdigit():
            out[half + (int(player) - me) % self.num_players] = 1.0
        elif player == "chance":
            out[self.head - 2] = 1.0
        else:
            out[self.head - 1] = 1.0
        self._walk(view_doc.get("view"), "", out)
        np.clip(out, -CLIP, CLIP, out=out)
        return out

    def _slot(self, name: str) -> int:
        slot = self._cache.get(name)
        if slot is None:
            if len(self._cache) > 100_000:  # views that carry free text: keep memory bounded
                self._cache.clear()
            slot = self._cache[name] = self.head + _bucket(name, self.buckets)
        return slot

    def _walk(self, node: Any, path: str, out: np.ndarray) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                self._walk(value, f"{path}/{key}", out)
        elif isinstance(node, (list, tuple)):
            for index, value in enumerate(node):
                self._walk(value, f"{path}/{index}", out)
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            out[self._slot(path)] += max(-CLIP, min(CLIP, float(node)))
        else:
            out[self._slot(f"{path}={node}")] = 1.0
