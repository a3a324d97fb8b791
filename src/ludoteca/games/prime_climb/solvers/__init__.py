"""Prime Climb without cards solved exactly, on shared move tables (moves.py).

- race.py: the race of one or two pawns alone (expected turns to 101, optimal policy);
- solo.py: an independent scalar solver of the one-pawn race (checks race.py; writes
  pawn_values.json, greedy's table);
- duel.py: the two-player game, the exact win probability of the player to move in every
  position (value iteration over both players' pawn pairs), stored in the user's cache;
- (the bots and the hints read these tables; this package imports no bots).
"""
