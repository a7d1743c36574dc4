"""The picture of the pulka written as plain SVG text (the layout is in :mod:`.picture`).

Each mark is a ``<g>`` whose ``class`` names it (``sector``, ``mountain``, ``pool``,
``whists``, ``yolochka`` with one ``tier`` per all-pass, ``sun``, ``wheel``, ``bird``) and whose
``data-*`` attributes say whose it is, so a program can read the picture back; a ``<title>``
gives what a pointer shows.

>>> from cardtable.preferans.sheet import Sheet
>>> picture = pulka_svg(Sheet(["A", "B", "C"]))
>>> picture.startswith("<svg") and picture.count("<text") >= 9
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from cardtable.preferans.picture import Circle, Group, Line, Rect, Shape, Text, draw_pulka
from cardtable.preferans.sheet import Sheet


def pulka_svg(sheet: Sheet) -> str:
    """The sheet drawn as an SVG document (a string), first player at the bottom."""
    drawing = draw_pulka(sheet)
    size = drawing.size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="DejaVu Sans, Arial, sans-serif">'
    ]
    _group(drawing, parts)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _group(group: Group, parts: list[str]) -> None:
    attributes = f" class={quoteattr(group.kind)}" + "".join(
        f" data-{key}={quoteattr(value)}" for key, value in group.data.items()
    )
    parts.append(f"<g{attributes}>")
    if group.title is not None:
        parts.append(f"<title>{escape(group.title)}</title>")
    for item in group.items:
        if isinstance(item, Group):
            _group(item, parts)
        else:
            parts.append(_shape(item))
    parts.append("</g>")


def _shape(shape: Shape) -> str:
    if isinstance(shape, Line):
        (x1, y1), (x2, y2) = shape.start, shape.end
        return (
            f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
            f'stroke="{shape.colour}" stroke-width="{shape.width:g}" stroke-linecap="round"/>'
        )
    if isinstance(shape, Rect):
        x, y = shape.corner
        return (
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(shape.width)}" '
            f'height="{_f(shape.height)}"{_paint(shape.stroke, shape.fill, shape.line_width)}/>'
        )
    if isinstance(shape, Circle):
        x, y = shape.centre
        return (
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(shape.radius)}"'
            f"{_paint(shape.stroke, shape.fill, shape.line_width)}/>"
        )
    return _text(shape)


def _text(text: Text) -> str:
    x, y = text.at
    # The baseline is set a third of the size below the centre rather than by
    # dominant-baseline, which renderers honour unevenly.
    weight = ' font-weight="bold"' if text.bold else ""
    turn = f' transform="rotate({text.angle:g} {_f(x)} {_f(y)})"' if text.angle else ""
    return (
        f'<text x="{_f(x)}" y="{_f(y + text.size * 0.35)}" font-size="{text.size:g}" '
        f'fill="{text.colour}"{weight} text-anchor="middle"{turn}>'
        f"{escape(text.words)}</text>"
    )


def _paint(stroke: str | None, fill: str | None, width: float) -> str:
    line = f' stroke="{stroke}" stroke-width="{width:g}"' if stroke else ""
    return f' fill="{fill or "none"}"{line}'


def _f(value: float) -> str:
    return f"{value:.1f}"
