"""The terminal table: a full-screen table for any registered game, over SSH too.

:class:`~cardtable.tui.screen.TableScreen` draws every game from ``view(seat)`` and a small
per-game :class:`~cardtable.tui.adapter.Adapter`; ``cardtable play`` uses it when its output
is a terminal. :mod:`cardtable.tui.replay` steps through a finished match deal by deal.
"""
