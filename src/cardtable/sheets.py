"""A match's score sheet as public data: what any table draws its score panel from.

The sheet is public (players keep it on paper in everyone's sight), so any seat or spectator
may read it at any time; :func:`sheet_data` builds it from the sheet and the public view of a
deal only, never from a hand, the talon or the deck. The terminal table draws its score panel
from this data at a local table (from its own match) and at a server's table (``GET
/api/tables/{id}/sheet``), so the two show the same sheet. Amounts are fractions written as
text (``"5/3"``), seats by number (an interface writes their names).

- every game: ``game``, ``seats`` (the match's names of the seats), ``ledger`` (``[account,
  amount]`` pairs, an account named as the match names it);
- preferans (``pulka``): the pool's size, the convention, the deals written, whether the sheet
  is closed, and for each seat its mountain and pool and the whists it wrote on each other
  seat as the running totals players write (001_776ed664a35a376f.txt, rules 38, 42–48);
- piquet (``korolik`` or ``lines``): the counts of the deal asked for, and the partie's sheet
  (games and koroliks, rules 46–50) or the match's sheet lines;
- poker (``pots``): the stacks of the deal asked for and the chips each seat has put in, who
  folded and who is all in, from which the pots and side pots are reckoned.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardtable.engine import Match

AnyMatch = Match[Any, Any, Any]


def fraction_text(value: Fraction | int) -> str:
    """An amount as the data writes it.

    >>> fraction_text(Fraction(5, 3)), fraction_text(4)
    ('5/3', '4')
    """
    return str(Fraction(value))


def sheet_data(match: AnyMatch, deal: int) -> dict[str, Any]:
    """The sheet of ``match`` as public data, with deal number ``deal`` (0: none) for counts.

    Raises :class:`ValueError` when ``deal`` is not a deal of the match.
    """
    if not 0 <= deal <= len(match.deals):
        raise ValueError(f"the match has dealt {len(match.deals)} deals, not deal {deal}")
    data: dict[str, Any] = {
        "game": match.game.name,
        "seats": list(match.seats),
        "ledger": [[name, fraction_text(amount)] for name, amount in match.ledger().items()],
    }
    builder = BUILDERS.get(match.game.name)
    if builder is not None:
        data.update(builder(match, deal))
    return data


def _pulka(match: AnyMatch, deal: int) -> dict[str, Any]:
    from cardtable.preferans.game import PreferansMatch  # noqa: PLC0415 - the game's own
    from cardtable.preferans.ledger import Column  # noqa: PLC0415

    assert isinstance(match, PreferansMatch)
    sheet = match.sheet
    players = list(sheet.players)

    def running(player: str, column: Column, on: str | None = None) -> list[str]:
        return [fraction_text(value) for value in sheet.running(player, column, on)]

    return {
        "kind": "pulka",
        "pool": fraction_text(sheet.rules.pool),
        "convention": str(match.rules.convention),
        "deals": sheet.deals,
        "ended": sheet.ended,
        "mountain": [running(player, Column.MOUNTAIN) for player in players],
        "pools": [running(player, Column.POOL) for player in players],
        "whists": [
            [
                [players.index(on), running(player, Column.WHISTS, on)]
                for on in sheet.left_of(player)
            ]
            for player in players
        ],
    }


def _korolik(match: AnyMatch, deal: int) -> dict[str, Any]:
    from cardtable.piquet.game import PiquetMatch  # noqa: PLC0415 - the game's own
    from cardtable.piquet.scoring import KOROLIK_DEALS  # noqa: PLC0415

    assert isinstance(match, PiquetMatch)
    counts = None
    if deal and not match.three:
        public = match.deals[deal - 1].public_view()
        counts = [[seat, count] for seat, count in getattr(public, "counts", {}).items()]
    if match.three or match.rules.scoring == "rubicon":
        return {"kind": "lines", "counts": counts, "lines": list(match.sheet_lines())}
    sheet = match.sheet
    return {
        "kind": "korolik",
        "counts": counts,
        "partie": match.parties_done + 1,
        "korolik": sheet.closed + 1,
        "korolik_deal": sheet.deals_in_korolik + 1,
        "deals": KOROLIK_DEALS,
        "doubled": sheet.doubled,
        "games": [list(sheet.games[seat]) for seat in (0, 1)],
        "koroliks": [list(sheet.koroliks[seat]) for seat in (0, 1)],
    }


def _pots(match: AnyMatch, deal: int) -> dict[str, Any]:
    shown = match.deals[deal - 1] if deal else None
    betting = getattr(shown, "betting", None)
    if shown is None or betting is None:
        return {"kind": "pots", "betting": None}
    return {
        "kind": "pots",
        # The public view's stacks: once the deal is over, with the pots paid.
        "betting": {
            "stacks": list(getattr(shown.public_view(), "stacks", ())),
            "pot": betting.pot,
            "dead": betting.dead,
            "contributed": list(betting.contributed),
            "folded": list(betting.folded),
            "all_in": list(betting.all_in),
        },
    }


BUILDERS: dict[str, Callable[[AnyMatch, int], dict[str, Any]]] = {
    "preferans": _pulka,
    "piquet": _korolik,
    "poker": _pots,
}
"""Each game's part of the sheet data; a game not named here has its ledger alone."""
