"""`ismcts`: single-observer information-set MCTS for hidden-information games.

Every iteration starts from a NEW determinisation, `Game.state_from_view(view, seed)`: the
cards this seat cannot see are re-dealt at random from what it cannot see. The bot never
receives the true state, so it cannot use the hidden cards; its choices depend on its view
and its seed only. All iterations share one tree whose nodes are action sequences from the
root; UCB uses availability counts because the legal actions differ between determinisations.
For perfect-information games each determinisation is the exact state, and this is plain MCTS.
Parameters are those of `mcts`.
"""

from __future__ import annotations

from typing import Any

from .base import register_bot
from .mcts import MCTSBot
from .search import TreeSearch


class ISMCTSBot(MCTSBot):
    name = "ismcts"

    def make_search(self, view: dict[str, Any]) -> TreeSearch:
        seeds = self.rng.spawn()
        deal = self.game.determiniser(view)  # the view parsed once, dealt again every iteration
        return self.search_from(lambda: deal(seeds.next64() >> 1))


register_bot("ismcts", ISMCTSBot)
