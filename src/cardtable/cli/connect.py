"""``cardtable play --connect URL``: a terminal seat at a table of ``cardtable serve``.

The URL is the invite link the web page shows (or the table page's address, for a listed
table, or the table socket's): the seat is taken as a browser takes it, or given back by
``--token``, and played through the plain prompt or JSON lines (docs/tui.md, "A seat at a
server's table").
"""

from __future__ import annotations

import getpass
from collections.abc import Callable

from rich.console import Console

from cardtable.cli.common import err
from cardtable.errors import CardtableError


def play_connected(
    url: str,
    name: str | None,
    seat: int | None,
    token: str | None,
    ask: Callable[[str], str],
    as_json: bool,
) -> None:
    """Take (or come back to) a seat at the table at ``url`` and play it until the end."""
    # Imported here: the websockets client loads only for a seat at a server's table.
    from cardtable.cli.play import JsonScreen, PlainScreen, Screen  # noqa: PLC0415

    try:
        from cardtable.client import TableAddress, TableClient, play_remote  # noqa: PLC0415
    except ImportError as error:
        raise CardtableError(
            f"--connect needs the client extra ({error.name} is missing): "
            "pip install 'cardtable[client]'"
        ) from None

    address = TableAddress.parse(url)
    if token is not None and seat is not None:
        raise CardtableError("give --token (a seat held already) or --seat, not both")
    if token is None:
        token = address.join(name or _login_name(), seat)
        err.print(
            f"Seated at table {address.table}. To come back to this seat: "
            f"cardtable play --connect {url} --token {token}",
            markup=False,
            soft_wrap=True,
        )
    client = TableClient(address, token)
    client.connect()
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
