"""The picture of the pulka painted as PNG bytes, from the same layout as the SVG.

Painting needs Pillow, the optional extra ``png`` (``pip install 'cardtable[png]'``): its
wheels carry everything they need on Linux, macOS and Windows, so no system library is
asked for. Without it :func:`pulka_png` raises :class:`MissingExtra`. Text is set in Source
Sans Pro, which the extra installs (the package ``font-source-sans-pro``, under the SIL Open
Font License; it has Cyrillic), so the picture is the same on every machine and Russian names
are written in letters even where the system has no font. Without that package, the first
of DejaVu Sans, Arial, Liberation Sans or Helvetica the machine has; failing those, Pillow's
own font, which has Latin letters only.

>>> from cardtable.preferans.sheet import Sheet
>>> pulka_png(Sheet(["A", "B", "C"]), scale=0.5)[1:4]
b'PNG'
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from cardtable.errors import CardtableError
from cardtable.preferans.picture import Circle, Line, Rect, Shape, Text, draw_pulka
from cardtable.preferans.sheet import Sheet

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

SMOOTHING = 2
"""Paint this many times larger and shrink, so slanting strokes come out smooth."""

PACKAGED = "font_source_sans_pro"
"""The package of the extra ``png`` that carries the font the pulka is written in."""
PACKAGED_FONTS = {False: "SourceSansPro-Regular.ttf", True: "SourceSansPro-Bold.ttf"}
REGULAR_FONTS = ("DejaVuSans.ttf", "Arial.ttf", "arial.ttf", "LiberationSans-Regular.ttf")
BOLD_FONTS = ("DejaVuSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf", "LiberationSans-Bold.ttf")
LAST_RESORT = ("Helvetica.ttc",)


class MissingExtra(CardtableError):
    """An optional part of cardtable is not installed; the message names the extra."""


def pulka_png(sheet: Sheet, *, scale: float = 2.0) -> bytes:
    """The sheet painted as a PNG image (bytes), ``scale`` pixels to each unit of the layout."""
    try:
        from PIL import Image, ImageDraw  # noqa: PLC0415
    except ImportError:
        raise MissingExtra(
            "PNG output needs Pillow: install the extra with pip install 'cardtable[png]'"
        ) from None
    if scale <= 0:
        raise CardtableError(f"scale {scale} is not a positive number")
    drawing = draw_pulka(sheet)
    factor = scale * SMOOTHING
    side = max(1, round(drawing.size * factor))
    image = Image.new("RGB", (side, side), "white")
    pen = ImageDraw.Draw(image)
    for shape in drawing.walk():
        _paint(image, pen, shape, factor)
    final = max(1, round(drawing.size * scale))
    image = image.resize((final, final), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _paint(image: Image.Image, pen: ImageDraw.ImageDraw, shape: Shape, factor: float) -> None:
    if isinstance(shape, Line):
        (x1, y1), (x2, y2) = shape.start, shape.end
        width = max(1, round(shape.width * factor))
        pen.line([(x1 * factor, y1 * factor), (x2 * factor, y2 * factor)], shape.colour, width)
        # Round ends, as the SVG draws them, so that strokes meet without notches.
        for x, y in ((x1, y1), (x2, y2)):
            r = width / 2
            pen.ellipse(
                [x * factor - r, y * factor - r, x * factor + r, y * factor + r], shape.colour
            )
    elif isinstance(shape, Rect):
        x, y = shape.corner
        box = [x * factor, y * factor, (x + shape.width) * factor, (y + shape.height) * factor]
        pen.rectangle(box, shape.fill, shape.stroke, max(1, round(shape.line_width * factor)))
    elif isinstance(shape, Circle):
        x, y = shape.centre
        r = shape.radius * factor
        box = [x * factor - r, y * factor - r, x * factor + r, y * factor + r]
        pen.ellipse(box, shape.fill, shape.stroke, max(1, round(shape.line_width * factor)))
    else:
        _write(image, shape, factor)


def _write(image: Image.Image, text: Text, factor: float) -> None:
    """Set a line of text centred on its point, turned as the layout says."""
    from PIL import Image, ImageDraw  # noqa: PLC0415

    font = _font(text.bold, round(text.size * factor))
    x, y = text.at[0] * factor, text.at[1] * factor
    if not text.angle:
        ImageDraw.Draw(image).text((x, y), text.words, text.colour, font, anchor="mm")
        return
    left, top, right, bottom = font.getbbox(text.words, anchor="mm")
    pad = 4
    width, height = round(right - left) + 2 * pad, round(bottom - top) + 2 * pad
    stamp = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(stamp).text((pad - left, pad - top), text.words, text.colour, font, anchor="mm")
    # The layout turns clockwise on the screen, as SVG does; Pillow turns the other way.
    stamp = stamp.rotate(-text.angle, Image.Resampling.BICUBIC, expand=True)
    corner = (round(x - stamp.width / 2), round(y - stamp.height / 2))
    image.paste(stamp, corner, stamp)


@lru_cache(maxsize=32)
def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The packaged font, else the first the machine has where Pillow looks for fonts."""
    from PIL import ImageFont  # noqa: PLC0415

    packaged = _packaged_font(bold)
    for name in (*packaged, *(BOLD_FONTS if bold else REGULAR_FONTS), *LAST_RESORT):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def _packaged_font(bold: bool) -> tuple[str, ...]:
    """The full path of the extra's font file, if the package is installed."""
    try:
        folder = resources.files(PACKAGED)
    except ModuleNotFoundError:
        return ()
    return (str(folder / "files" / PACKAGED_FONTS[bold]),)
