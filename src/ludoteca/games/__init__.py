"""Game packages; each subpackage exposes GAME, a subclass of ludoteca.engine.Game."""
