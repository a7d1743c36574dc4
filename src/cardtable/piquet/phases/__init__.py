"""The phases of one piquet deal, each a type with its own legal actions, refusals and moves.

:class:`~.dealing.Dealing` and :class:`~.dealing.Misdealt` (the deal and its irregularities),
:class:`~.exchanging.Exchanging` and :class:`~.exchanging.Looking` (the talon),
:class:`~.declaring.Declaring` (the declarations and showing on demand),
:class:`~.playing.Playing` and :class:`~.playing.Over`. They share one
:class:`~.state.DealState`, whose ``phase`` is the phase in progress; a phase's move puts the
next phase in its place.
"""
