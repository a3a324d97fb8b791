"""Prime Climb's own bots, seated by name like every other (`optimal-racer`, `perfect`).

The game's PLUGIN declares these modules (`bot_modules`); the bots' registry imports them when it
loads (bots/__init__.py), so their names are known wherever a bot is built. Each module imports
`ludoteca.bots.base` (the Bot class, register_bot, make_bot) and nothing else of the bots: the
import contract in pyproject.toml allows exactly that to a game's `bots` sub-package.
"""
