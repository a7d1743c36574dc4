"""``cardtable play --connect URL``: a terminal seat at a table of ``cardtable serve``.

The URL is the invite link the web page shows (or the table page's address, for a listed
table, or the table socket's): the seat is taken as a browser takes it, or given back by
``--token``, and played at the full-screen table, through the plain prompt or JSON lines
(docs/tui.md, "A seat at a server's table"); or, with ``--watch``, watched as a spectator
at any of the three (docs/tui.md, "Watching a server's table").
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console

from cardtable.cli.common import err
from cardtable.errors import CardtableError

if TYPE_CHECKING:
    from cardtable.client import TableAddress, TableClient


@dataclass(frozen=True)
class Joining:
    """Which seat to take: under ``name``, the ``seat`` asked for, back by ``token``, or none.

    ``watch``: take no seat, and watch as a spectator (the public view only).
    """

    name: str | None = None
    seat: int | None = None
    token: str | None = None
    watch: bool = False


def play_connected(
    url: str,
    joining: Joining,
    ask: Callable[[str], str],
    face: str,
    auto_play: bool = False,
) -> None:
    """Take (or come back to) a seat at the table at ``url`` and play it until the end.

    ``face`` is ``app`` (the full-screen table), ``plain`` or ``json``.
    """
    # Imported here: the websockets client loads only for a seat at a server's table.
    try:
        from cardtable.client import TableAddress, TableClient  # noqa: PLC0415
    except ImportError as error:
        raise CardtableError(
            f"--connect needs the client extra ({error.name} is missing): "
            "pip install 'cardtable[client]'"
        ) from None

    address = TableAddress.parse(url)
    if joining.watch:
        if joining.name is not None or joining.seat is not None or joining.token is not None:
            raise CardtableError("--watch takes no seat: drop --name, --seat and --token")
        _watch(address, ask, face)
        return
    token = joining.token
    if token is not None and joining.seat is not None:
        raise CardtableError("give --token (a seat held already) or --seat, not both")
    if token is None:
        token = address.join(joining.name or _login_name(), joining.seat)
        err.print(
            f"Seated at table {address.table}. To come back to this seat: "
            f"cardtable play --connect {url} --token {token}",
            markup=False,
            soft_wrap=True,
        )
    client = TableClient(address, token)
    client.connect()
    if face == "app":
        _full_screen(client, auto_play)
    else:
        _prompted(client, ask, face == "json")


def _watch(address: TableAddress, ask: Callable[[str], str], face: str) -> None:
    """Watch the table as a spectator: at the full-screen table, the plain prompt or JSON lines.

    A spectator's hello holds no token: the server sends the public view and events only.
    """
    from cardtable.client import TableClient  # noqa: PLC0415

    client = TableClient(address, None)
    client.connect()
    if face == "app":
        _full_screen(client, auto_play=False)
        return
    err.print(f"Watching table {address.table} as a spectator (Ctrl-C leaves).", markup=False)
    _prompted(client, ask, face == "json")


def _full_screen(client: TableClient, auto_play: bool) -> None:
    """The Textual table over the server's table (a spectator's too); the score once closed."""
    from cardtable.tui.app import TableApp  # noqa: PLC0415
    from cardtable.tui.sitting import RemoteSitting  # noqa: PLC0415

    sitting = RemoteSitting(client)
    sitting.auto_play = auto_play
    try:
        TableApp[object](sitting).run()
    finally:
        client.close()
    score = ", ".join(f"{name} {value}" for name, value in client.table.score.items())
    Console(highlight=False).print(f"Score: {score}" if score else "Left the table.")


def _prompted(client: TableClient, ask: Callable[[str], str], as_json: bool) -> None:
    """The plain prompt or JSON lines over the server's table."""
    from cardtable.cli.play import JsonScreen, PlainScreen, Screen  # noqa: PLC0415
    from cardtable.client import play_remote  # noqa: PLC0415

    console = Console(highlight=False)
    say: Callable[[str], None] = (
        (lambda line: print(line, flush=True))
        if as_json
        else (lambda line: console.print(line, markup=False))
    )
    screen: Screen[object] = JsonScreen(ask, say) if as_json else PlainScreen(ask, say)
    try:
        play_remote(client, screen)
    except KeyboardInterrupt:
        client.close()
        screen.finished({}, stopped=True, saved=True)


def _login_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "terminal"
