"""The terminal front end: Rich rendering and the interactive game loop, for every game."""
