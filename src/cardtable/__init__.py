"""cardtable: Preferans, Piquet and Poker as the Russian rule texts play them.

The package is layered: :mod:`cardtable.cards` and :mod:`cardtable.engine` know no game; each
game is a package of its own; bots, the harness and the command line sit on top.
"""

__version__ = "0.1.0"
