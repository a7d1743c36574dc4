"""The terminal table: a Textual app for any registered game, over SSH too.

:class:`~cardtable.tui.app.TableApp` draws every game from ``view(seat)`` and a small
per-game :class:`~cardtable.tui.adapter.Adapter`; ``cardtable play`` opens it when its input
and output are a terminal. :mod:`cardtable.tui.replay` steps through a finished match deal by
deal.
"""
