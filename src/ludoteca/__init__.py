"""ludoteca: four tabletop games, played faithfully by people and programs."""

__version__ = "0.1.0"
