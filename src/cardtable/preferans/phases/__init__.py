"""The phases of one preferans deal, each a type with its turn, legal actions, refusals, moves.

:class:`~.auction.Bidding` (the auction, a misdeal claimed), :class:`~.talon.Discarding` and
:class:`~.talon.Naming` (the talon and the contract), :class:`~.whist.Whisting`,
:class:`~.whist.Choosing` and :class:`~.whist.Answering` (the defence), :class:`~.playing.Playing`
and :class:`~.playing.Over`. They share one :class:`~.state.DealState`, whose ``phase`` is the
phase in progress; a phase's move puts the next phase in its place.
"""
