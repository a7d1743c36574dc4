"""The picture of the pulka as players draw it, laid out as plain shapes.

The sheet is a square with a circle in the middle; lines from the circle to the edge give
each player his sector (three players: to the two bottom corners and the top middle; four:
the diagonals). Inside a sector, from the circle outwards, lie the mountain ("гора"), the
pool ("пулька") and, along the player's own edge, his whists split towards each opponent
(001_776ed664a35a376f.txt, preferans rule 38's legend; 003_b655b01c110fd414.txt, 4.2.1).
So each player, reading from his seat, has the mountain at the top, the pool in the middle
and his whists at the bottom. Each column shows its running totals. A "sun" marks each 1000
on a mountain and a "wheel" each 100 whists ("ПОДСЧЕТЫ И РАСЧЕТЫ": солнышко, колесо).

Below the whists, along his edge, each player draws the all-pass "ёлочка": a fir branch
lying on its side with one tier for every all-pass, his tricks written in it (rule 29:
"партнеры записывают в своих подвалах по одной елочке"; rule 39: the tricks "записывается на
елочку"). A zero is ringed, since each zero counts (rule 40); a tier has as many strokes as
the progression's multiplier; the preliminary all-passes are drawn in the pool's green.
A deal written with a coefficient (003 4.1.2: "тёмные, бомбы, рефеты, ёлочки, птички") gets
a "птичка" in the circle (rule 38's legend: "Птичка (птица, бомба, елка)").

:func:`draw_pulka` returns a :class:`Drawing` (shapes in a 680-unit square);
:mod:`cardtable.preferans.svg` writes it as SVG and :mod:`cardtable.preferans.png` paints it.

>>> from cardtable.preferans.sheet import Sheet
>>> drawing = draw_pulka(Sheet(["A", "B", "C"]))
>>> drawing.size, sum(isinstance(s, Text) for s in drawing.walk()) >= 9
(680, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from cardtable.preferans.deal_score import AllPass
from cardtable.preferans.ledger import Column
from cardtable.preferans.sheet import Sheet

SIZE = 600
MARGIN = 40
HUB = 46
MOUNTAIN_EDGE = 0.40
POOL_EDGE = 0.64
SUN = 1000
WHEEL = 100
MARKS = 5
"""At most this many suns or wheels in one place; the figures say the rest."""
TIER = 34
"""The room one all-pass takes along the ёлочка."""
BIRDS = 4
"""How many of the latest "птички" the circle has room for."""
TREE_DEPTH = 0.95
"""How far out (as a share of the half-side) the ёлочка's trunk lies."""

PAPER = "#fdfcf5"
INK = "#1f3a68"
MOUNTAIN_INK = "#a8241d"
POOL_INK = "#1d6b2a"
TEXT_INK = "#111111"
FAINT_INK = "#8a94a8"

Point = tuple[float, float]


@dataclass(frozen=True)
class Line:
    """A straight stroke."""

    start: Point
    end: Point
    colour: str = INK
    width: float = 1.6


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle, stroked and/or filled (``None`` for neither)."""

    corner: Point
    width: float
    height: float
    stroke: str | None = INK
    fill: str | None = None
    line_width: float = 1.6


@dataclass(frozen=True)
class Circle:
    """A circle, stroked and/or filled."""

    centre: Point
    radius: float
    stroke: str | None = INK
    fill: str | None = None
    line_width: float = 1.6


@dataclass(frozen=True)
class Text:
    """A line of text centred on ``at``, turned ``angle`` degrees clockwise."""

    at: Point
    words: str
    size: float
    angle: float = 0.0
    colour: str = TEXT_INK
    bold: bool = False


Shape = Line | Rect | Circle | Text


@dataclass
class Group:
    """Shapes that make one mark of the sheet; ``kind`` and ``data`` name it for readers."""

    kind: str
    items: list[Shape | Group] = field(default_factory=list)
    title: str | None = None
    data: dict[str, str] = field(default_factory=dict)

    def walk(self) -> Iterator[Shape]:
        """Every shape inside, in drawing order."""
        for item in self.items:
            if isinstance(item, Group):
                yield from item.walk()
            else:
                yield item


@dataclass
class Drawing(Group):
    """The whole sheet: a square ``size`` units wide."""

    size: int = SIZE + 2 * MARGIN


def draw_pulka(sheet: Sheet) -> Drawing:
    """Lay the sheet out as shapes, the first player at the bottom."""
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
    drawing = Drawing("pulka", data={"players": str(count)})
    full = SIZE + 2 * MARGIN
    frame = Group("frame")
    frame.items.append(Rect((0, 0), full, full, stroke=None, fill=PAPER))
    frame.items.append(Rect((left, top), SIZE, SIZE))
    for scale in (MOUNTAIN_EDGE, POOL_EDGE):
        side = SIZE * scale
        frame.items.append(Rect((centre[0] - side / 2, centre[1] - side / 2), side, side))
    for spoke in spokes:
        start = _towards(centre, spoke, HUB / _distance(centre, spoke))
        frame.items.append(Line(start, spoke))
    for angle in homes:
        for a, b in _whist_dividers(centre, angle, count, bool(sheet.allpasses)):
            frame.items.append(Line(a, b))
    frame.items.append(Circle(centre, HUB, fill=PAPER))
    drawing.items.append(frame)
    drawing.items.append(
        Group("pool-target", [Text(centre, _plain(Fraction(sheet.rules.pool)), 22, bold=True)])
    )
    if sheet.multiplied:
        drawing.items.append(_birds(sheet.multiplied, centre))
    for index, player in enumerate(sheet.players):
        drawing.items.append(_sector(sheet, player, centre, homes[index], count))
    return drawing


def _sector(sheet: Sheet, player: str, centre: Point, angle: float, count: int) -> Group:
    """The texts and marks of one player's sector; ``angle`` turns the player's own edge."""
    half = SIZE / 2
    group = Group("sector", data={"player": player})
    group.items.append(
        Text(_at(centre, angle, 0.0, half + MARGIN / 2), player, 18, angle, bold=True)
    )
    mountain = sheet.running(player, Column.MOUNTAIN)
    depth = (HUB + half * MOUNTAIN_EDGE) / 2 + 4
    column = Group("mountain", data={"player": player})
    written = _series(mountain, 2 * depth - 24, 14)
    column.items.append(Text(_at(centre, angle, 0.0, depth), written, 14, angle, MOUNTAIN_INK))
    final = mountain[-1] if mountain else Fraction(0)
    suns = min(int(final // SUN), MARKS)
    for k in range(suns):
        along = 24 * (k - (suns - 1) / 2)
        column.items.append(_sun(_at(centre, angle, along, depth + 20), f"{SUN}"))
    group.items.append(column)
    pool = sheet.running(player, Column.POOL)
    depth = half * (MOUNTAIN_EDGE + POOL_EDGE) / 2
    written = _series(pool, 2 * depth - 24, 15)
    line = Text(_at(centre, angle, 0.0, depth), written, 15, angle, POOL_INK)
    group.items.append(Group("pool", [line], data={"player": player}))
    others = sheet.left_of(player)
    width = _home_width(count, angle) / len(others)
    start = -_home_width(count, angle) / 2
    inner = half * POOL_EDGE
    for k, other in enumerate(others):
        along = start + width * (k + 0.5)
        series = sheet.running(player, Column.WHISTS, other)
        whists = Group("whists", data={"player": player, "on": other})
        whists.items.append(Text(_at(centre, angle, along, inner + 14), f"на {other}", 11, angle))
        written = _series(series, width - 16, 14)
        whists.items.append(Text(_at(centre, angle, along, inner + 33), written, 14, angle))
        total = series[-1] if series else Fraction(0)
        wheels = min(int(total // WHEEL), MARKS)
        for w in range(wheels):
            at = _at(centre, angle, along + 14 * (w - (wheels - 1) / 2), inner + 52)
            whists.items.append(_wheel(at, f"{WHEEL}"))
        group.items.append(whists)
    group.items.append(_yolochka(sheet.allpasses, player, centre, angle, count))
    return group


def _yolochka(
    allpasses: list[AllPass], player: str, centre: Point, angle: float, count: int
) -> Group:
    """The player's all-pass fir branch: a trunk along his edge, one tier per all-pass."""
    tree = Group("yolochka", data={"player": player})
    if not allpasses:
        return tree
    depth = SIZE / 2 * TREE_DEPTH
    room = _tree_room(count, angle) - 2 * TIER
    fits = max(1, int(room // TIER))
    shown = allpasses[-fits:]
    length = TIER * len(shown)
    first = -length / 2
    if len(shown) < len(allpasses):
        tree.items.append(Text(_at(centre, angle, first - 12, depth), "…", 14, angle, FAINT_INK))
    # A fir branch lying along the edge, its top to the player's right: a trunk with one
    # pair of slanting twigs per all-pass, the tricks written above each pair.
    tree.items.append(
        Line(
            _at(centre, angle, first, depth),
            _at(centre, angle, first + length + 4, depth),
            INK,
            1.3,
        )
    )
    for k, allpass in enumerate(shown):
        apex = first + TIER * (k + 1) - 4
        ink = POOL_INK if allpass.preliminary else INK
        tricks = allpass.tricks.get(player)
        tier = Group(
            "tier",
            title=_tier_title(allpass, player),
            data={"deal": str(allpass.deal), "tricks": _tricks(allpass, player)},
        )
        for stroke in range(min(allpass.times, 3)):
            tip = apex - 6 * stroke
            for side in (-1, 1):
                tier.items.append(
                    Line(
                        _at(centre, angle, tip, depth),
                        _at(centre, angle, tip - 12, depth + 9 * side),
                        ink,
                        1.3,
                    )
                )
        label = _at(centre, angle, apex - 14, depth - 17)
        if tricks == 0:
            tier.items.append(Circle(label, 8, stroke=MOUNTAIN_INK, line_width=1.3))
        tier.items.append(Text(label, _tricks(allpass, player), 13, angle, ink, bold=tricks == 0))
        tree.items.append(tier)
    return tree


def _tree_room(count: int, angle: float) -> float:
    """How much of his edge the ёлочка may take, clear of the spokes."""
    if count == 3 and angle != 0.0:
        return SIZE * 0.8
    return SIZE * TREE_DEPTH - 40


def _birds(multiplied: list[tuple[int, int]], centre: Point) -> Group:
    """A "птичка" in the circle for each deal written with a coefficient, the latest four."""
    flock = Group("birds")
    shown = multiplied[-BIRDS:]
    for k, (deal, factor) in enumerate(shown):
        x = centre[0] + 18 * (k - (len(shown) - 1) / 2)
        y = centre[1] + 26
        bird = Group("bird", title=f"deal {deal}: x{factor}", data={"deal": str(deal)})
        for side in (-1, 1):
            bird.items.append(Line((x + 6 * side, y - 4), (x + 2.5 * side, y - 1), INK, 1.3))
            bird.items.append(Line((x + 2.5 * side, y - 1), (x, y + 2), INK, 1.3))
        flock.items.append(bird)
    return flock


def _tricks(allpass: AllPass, player: str) -> str:
    tricks = allpass.tricks.get(player)
    return "–" if tricks is None else str(tricks)


def _tier_title(allpass: AllPass, player: str) -> str:
    """What a reader's pointer shows over a tier: the deal and the tricks."""
    kind = "preliminary all-pass" if allpass.preliminary else "all-pass"
    times = f" x{allpass.times}" if allpass.times > 1 else ""
    tricks = allpass.tricks.get(player)
    what = "sat out" if tricks is None else f"{tricks} tricks"
    return f"deal {allpass.deal}: {kind}{times}, {what}"


def _home_width(count: int, angle: float) -> float:
    """How much of his own edge the player's whists may use."""
    if count == 3 and angle != 0.0:
        return SIZE * 0.8
    return SIZE * POOL_EDGE * 0.95


def _whist_dividers(
    centre: Point, angle: float, count: int, tree: bool
) -> list[tuple[Point, Point]]:
    """Short lines across the whist band, one between each two opponents' sections.

    Where there is an ёлочка they stop short of the edge to leave it room.
    """
    half = SIZE / 2
    outer = half * TREE_DEPTH - 34 if tree else half
    sections = count - 1
    width = _home_width(count, angle)
    lines = []
    for k in range(1, sections):
        along = -width / 2 + width * k / sections
        lines.append(
            (_at(centre, angle, along, half * POOL_EDGE), _at(centre, angle, along, outer))
        )
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


def _series(values: list[Fraction], room: float, size: float) -> str:
    """The running totals as players write them ("2.6.10"), the oldest left off to fit."""
    if not values:
        return "–"
    written = [_plain(v) for v in values]
    for start in range(len(written)):
        text = "…" * (start > 0) + ".".join(written[start:])
        if _width(text, size) <= room:
            return text
    return "…" + written[-1]


def _width(text: str, size: float) -> float:
    """About how wide a line of figures is set (DejaVu Sans and Arial are close)."""
    return sum(0.32 if char in ".…" else 0.64 for char in text) * size


def _plain(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def _sun(at: Point, title: str) -> Group:
    """The seed's "солнышко": a thousand on the mountain."""
    x, y = at
    sun = Group("sun", title=title)
    sun.items.append(Circle(at, 5, stroke="#c77700", fill="#ffd34d", line_width=1.4))
    for k in range(8):
        a = k * math.pi / 4
        sun.items.append(
            Line(
                (x + 7 * math.cos(a), y + 7 * math.sin(a)),
                (x + 11 * math.cos(a), y + 11 * math.sin(a)),
                "#c77700",
                1.4,
            )
        )
    return sun


def _wheel(at: Point, title: str) -> Group:
    """The seed's "колесо": a hundred whists."""
    x, y = at
    wheel = Group("wheel", title=title)
    wheel.items.append(Circle(at, 5, line_width=1.2))
    for k in range(4):
        a = k * math.pi / 4
        wheel.items.append(
            Line(
                (x - 5 * math.cos(a), y - 5 * math.sin(a)),
                (x + 5 * math.cos(a), y + 5 * math.sin(a)),
                INK,
                1.2,
            )
        )
    return wheel
