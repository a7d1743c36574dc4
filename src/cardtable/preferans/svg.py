"""A picture of the pulka as players draw it, written as plain SVG text.

The sheet is a rectangle with a circle in the middle; lines from the circle to the edge give
each player his sector (three players: to the two bottom corners and the top middle; four:
the diagonals). Inside a sector, from the circle outwards, lie the mountain ("гора"), the
pool ("пулька") and, along the player's own edge, his whists split towards each opponent
(001_776ed664a35a376f.txt, preferans rule 38's legend; 003_b655b01c110fd414.txt, 4.2.1).
Each column shows its running totals. A "sun" marks each 1000 on a mountain and a "wheel"
each 100 whists ("ПОДСЧЕТЫ И РАСЧЕТЫ": солнышко, колесо).

>>> from cardtable.preferans.sheet import Sheet
>>> picture = pulka_svg(Sheet(["A", "B", "C"]))
>>> picture.startswith("<svg") and picture.count("<text") >= 9
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from xml.sax.saxutils import escape

from cardtable.preferans.sheet import Column, Sheet

SIZE = 600
MARGIN = 40
HUB = 46
MOUNTAIN_EDGE = 0.42
POOL_EDGE = 0.70
SHOWN = 6
SUN = 1000
WHEEL = 100

Point = tuple[float, float]


def pulka_svg(sheet: Sheet) -> str:
    """The sheet drawn as an SVG document (a string), first player at the bottom."""
    half = SIZE / 2
    centre = (MARGIN + half, MARGIN + half)
    left, top = MARGIN, MARGIN
    right, bottom = MARGIN + SIZE, MARGIN + SIZE
    count = len(sheet.players)
    if count == 3:
        spokes = [(left, bottom), (centre[0], top), (right, bottom)]
        homes = [0.0, 90.0, -90.0]
    else:
        spokes = [(left, bottom), (left, top), (right, top), (right, bottom)]
        homes = [0.0, 90.0, 180.0, -90.0]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE + 2 * MARGIN}" '
        f'height="{SIZE + 2 * MARGIN}" viewBox="0 0 {SIZE + 2 * MARGIN} {SIZE + 2 * MARGIN}" '
        'font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{SIZE + 2 * MARGIN}" height="{SIZE + 2 * MARGIN}" '
        'fill="#fdfcf5"/>',
        '<g fill="none" stroke="#1f3a68" stroke-width="1.6">',
        f'<rect x="{left}" y="{top}" width="{SIZE}" height="{SIZE}"/>',
    ]
    for scale in (MOUNTAIN_EDGE, POOL_EDGE):
        side = SIZE * scale
        parts.append(
            f'<rect x="{_f(centre[0] - side / 2)}" y="{_f(centre[1] - side / 2)}" '
            f'width="{_f(side)}" height="{_f(side)}"/>'
        )
    for spoke in spokes:
        start = _towards(centre, spoke, HUB / _distance(centre, spoke))
        parts.append(_line(start, spoke))
    for angle in homes:
        for a, b in _whist_dividers(centre, angle, count):
            parts.append(_line(a, b))
    parts.append(f'<circle cx="{_f(centre[0])}" cy="{_f(centre[1])}" r="{HUB}" fill="#fdfcf5"/>')
    parts.append("</g>")
    parts.append(_text(centre, f"{sheet.rules.pool}", 0.0, 22, bold=True))
    for index, player in enumerate(sheet.players):
        parts.extend(_sector(sheet, player, centre, homes[index], count))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _sector(sheet: Sheet, player: str, centre: Point, angle: float, count: int) -> list[str]:
    """The texts and marks of one player's sector; ``angle`` turns the player's own edge."""
    out: list[str] = []
    half = SIZE / 2
    mountain = sheet.running(player, Column.MOUNTAIN)
    pool = sheet.running(player, Column.POOL)
    out.append(_text(_at(centre, angle, 0.0, half + MARGIN / 2), player, angle, 18, bold=True))
    out.append(
        _text(
            _at(centre, angle, 0.0, half * (MOUNTAIN_EDGE + HUB / half) / 2 + 8),
            _series(mountain),
            angle,
            14,
            colour="#a8241d",
        )
    )
    final = mountain[-1] if mountain else Fraction(0)
    for k in range(int(final // SUN)):
        out.append(_sun(_at(centre, angle, -60 + 24 * k, half * MOUNTAIN_EDGE - 14)))
    out.append(
        _text(
            _at(centre, angle, 0.0, half * (MOUNTAIN_EDGE + POOL_EDGE) / 2 + 5),
            _series(pool),
            angle,
            15,
            colour="#1d6b2a",
        )
    )
    others = sheet.left_of(player)
    width = _home_width(count, angle) / len(others)
    start = -_home_width(count, angle) / 2
    for k, other in enumerate(others):
        along = start + width * (k + 0.5)
        series = sheet.running(player, Column.WHISTS, other)
        depth = half * (POOL_EDGE + 1) / 2
        out.append(_text(_at(centre, angle, along, depth - 14), f"на {other}", angle, 11))
        out.append(_text(_at(centre, angle, along, depth + 6), _series(series), angle, 14))
        total = series[-1] if series else Fraction(0)
        for w in range(min(int(total // WHEEL), 5)):
            out.append(_wheel(_at(centre, angle, along - 24 + 12 * w, depth + 24)))
    return out


def _home_width(count: int, angle: float) -> float:
    """How much of his own edge the player's whists may use."""
    if count == 3 and angle != 0.0:
        return SIZE * 0.8
    return SIZE * POOL_EDGE * 0.95


def _whist_dividers(centre: Point, angle: float, count: int) -> list[tuple[Point, Point]]:
    """Short lines across the whist band, one between each two opponents' sections."""
    half = SIZE / 2
    sections = count - 1
    width = _home_width(count, angle)
    lines = []
    for k in range(1, sections):
        along = -width / 2 + width * k / sections
        lines.append((_at(centre, angle, along, half * POOL_EDGE), _at(centre, angle, along, half)))
    return lines


def _at(centre: Point, angle: float, along: float, depth: float) -> Point:
    """A point ``depth`` from the centre towards the player's edge, ``along`` his right."""
    turn = math.radians(angle)
    # For the player at the bottom, "towards his edge" is +y and "his right" is +x;
    # the others' frames are the same turned by their angle.
    dx, dy = math.cos(turn), math.sin(turn)
    down = (-dy, dx)
    return (centre[0] + along * dx + depth * down[0], centre[1] + along * dy + depth * down[1])


def _towards(a: Point, b: Point, share: float) -> Point:
    return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share)


def _distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _series(values: list[Fraction]) -> str:
    if not values:
        return "–"
    shown = [_plain(v) for v in values[-SHOWN:]]
    return ("….") * (len(values) > SHOWN) + ".".join(shown)


def _plain(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def _f(value: float) -> str:
    return f"{value:.1f}"


def _line(a: Point, b: Point) -> str:
    return f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}"/>'


def _text(
    at: Point, words: str, angle: float, size: int, *, bold: bool = False, colour: str = "#111"
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_f(at[0])}" y="{_f(at[1])}" font-size="{size}" fill="{colour}"{weight} '
        f'text-anchor="middle" dominant-baseline="middle" '
        f'transform="rotate({angle:g} {_f(at[0])} {_f(at[1])})">{escape(words)}</text>'
    )


def _sun(at: Point) -> str:
    """The seed's 'солнышко': a thousand on the mountain."""
    x, y = at
    rays = "".join(
        _line(
            (x + 7 * math.cos(a), y + 7 * math.sin(a)), (x + 11 * math.cos(a), y + 11 * math.sin(a))
        )
        for a in (k * math.pi / 4 for k in range(8))
    )
    return (
        f'<g stroke="#c77700" fill="#ffd34d"><title>1000</title>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5"/>{rays}</g>'
    )


def _wheel(at: Point) -> str:
    """The seed's 'колесо': a hundred whists."""
    x, y = at
    spokes = "".join(
        _line(
            (x - 5 * math.cos(a), y - 5 * math.sin(a)), (x + 5 * math.cos(a), y + 5 * math.sin(a))
        )
        for a in (k * math.pi / 4 for k in range(4))
    )
    return (
        f'<g stroke="#1f3a68" fill="none"><title>100</title>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5"/>{spokes}</g>'
    )
