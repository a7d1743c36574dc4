"""A seat at a server's table from the terminal: the browser's protocol, spoken by a client.

:class:`TableAddress` reads the invite link and takes a seat; :class:`TableClient` holds the
connection and the table as the seat knows it (:class:`RemoteTable`), reconnecting with
``since``; :func:`play_remote` drives any of the terminal's screens from it. The server's
views come back as the game's own view dataclasses (:func:`typed_view`). docs/tui.md, "A
seat at a server's table".
"""

from __future__ import annotations

from cardtable.client.address import BadAddress, SeatRefused, ServerGone, TableAddress
from cardtable.client.connection import Notice, RemoteTable, TableClient, Update
from cardtable.client.remote import TableNews, play_remote
from cardtable.client.typed import typed_choice, typed_event, typed_view, view_class

__all__ = [
    "BadAddress",
    "Notice",
    "RemoteTable",
    "SeatRefused",
    "ServerGone",
    "TableAddress",
    "TableClient",
    "TableNews",
    "Update",
    "play_remote",
    "typed_choice",
    "typed_event",
    "typed_view",
    "view_class",
]
