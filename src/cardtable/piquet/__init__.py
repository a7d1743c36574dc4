"""Piquet for two and for three, as the 1992 encyclopedia (the seed) tells it, and the English game.

Modules: :mod:`.rules` (the options), :mod:`.declarations` (point, sequences, sets),
:mod:`.exchange`, :mod:`.play`, :mod:`.actions`, :mod:`.deal` (one deal, whose phases are
the types of :mod:`.phases`), :mod:`.scoring`
(koroliks, partie, refet, rubicon) and :mod:`.game` (the match and the registered game).
"""
