"""The pulka painted as PNG (issue 4 item 5: "Also PNG if a well-kept library makes that easy")."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageFont
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.preferans import png
from cardtable.preferans.picture import Circle, Drawing, Group, Line, Rect, draw_pulka
from cardtable.preferans.png import MissingExtra, pulka_png
from cardtable.preferans.sheet import Sheet
from preferans.test_scorer import seed_file
from preferans.test_sheet_svg import allpass_sheet

runner = CliRunner()
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def painted(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def groups(group: Group, kind: str) -> list[Group]:
    found = [group] if group.kind == kind else []
    for item in group.items:
        if isinstance(item, Group):
            found.extend(groups(item, kind))
    return found


def bounds(group: Group, scale: float) -> tuple[int, int, int, int]:
    """The box, in pixels, around every stroke of a mark."""
    points = []
    for shape in group.walk():
        if isinstance(shape, Line):
            points += [shape.start, shape.end]
        elif isinstance(shape, Rect):
            points.append(shape.corner)
        elif isinstance(shape, Circle):
            points.append(shape.centre)
        else:
            points.append(shape.at)
    xs = [x * scale for x, _ in points]
    ys = [y * scale for _, y in points]
    return (int(min(xs)) - 8, int(min(ys)) - 8, int(max(xs)) + 8, int(max(ys)) + 8)


def test_the_sheet_paints_as_a_png_of_the_layouts_size() -> None:
    """Issue 4 item 5: a PNG a group can look at, twice the layout's units by default."""
    sheet = allpass_sheet()
    data = pulka_png(sheet)
    assert data.startswith(SIGNATURE)
    image = painted(data)
    side = draw_pulka(sheet).size * 2
    assert image.format == "PNG"
    assert image.size == (side, side)
    assert len(data) < 1_000_000
    small = painted(pulka_png(sheet, scale=0.5))
    assert small.size == (side // 4, side // 4)


def test_the_png_shows_the_mountains_in_red_and_the_yolochka_where_the_layout_puts_it() -> None:
    """001 rule 29: the ёлочка in each player's whists; rule 38's legend: the mountain."""
    with_tree = allpass_sheet()
    without = Sheet(list("ABC"), with_tree.rules)
    image = painted(pulka_png(with_tree, scale=1)).convert("RGB")
    bare = painted(pulka_png(without, scale=1)).convert("RGB")
    colours = image.getcolors(1 << 24) or []
    reds = sum(
        n
        for n, colour in colours
        if isinstance(colour, tuple) and colour[0] > 140 and colour[1] < 90 and colour[2] < 90
    )
    assert reds > 20
    drawing: Drawing = draw_pulka(with_tree)
    for tree in groups(drawing, "yolochka"):
        box = bounds(tree, 1)
        assert image.crop(box).tobytes() != bare.crop(box).tobytes()


def test_without_pillow_painting_names_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 4 item 5: PNG is optional; its absence is one clear error, not a traceback."""
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(MissingExtra, match=r"cardtable\[png\]"):
        pulka_png(allpass_sheet())


def test_the_score_command_writes_a_png_beside_the_svg(tmp_path: Path) -> None:
    """Issue 4 item 5: --png OUT, offered wherever --svg is."""
    svg, png = tmp_path / "pulka.svg", tmp_path / "pulka.png"
    result = runner.invoke(
        app,
        ["preferans", "score", str(seed_file(tmp_path)), "--svg", str(svg), "--png", str(png)],
    )
    assert result.exit_code == 0, result.output
    assert "Settlement" in result.stdout
    assert png.read_bytes().startswith(SIGNATURE)
    assert painted(png.read_bytes()).size[0] > 600
    assert svg.read_text("utf-8").startswith("<svg")


def test_the_score_command_without_pillow_prints_one_line_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 4 item 4: an error is one line on standard error and nothing else is printed."""
    monkeypatch.setitem(sys.modules, "PIL", None)
    svg, png = tmp_path / "pulka.svg", tmp_path / "pulka.png"
    result = runner.invoke(
        app,
        ["preferans", "score", str(seed_file(tmp_path)), "--svg", str(svg), "--png", str(png)],
    )
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "pip install 'cardtable[png]'" in result.stderr
    assert not svg.exists()
    assert not png.exists()


@pytest.fixture
def no_system_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A machine without system fonts: Pillow finds a font only by its full path."""
    opened = ImageFont.truetype

    def truetype(font: Any, size: float = 10, *args: Any, **kwargs: Any) -> Any:
        if isinstance(font, str) and not Path(font).is_absolute():
            raise OSError(f"cannot open resource {font}")
        return opened(font, size, *args, **kwargs)

    monkeypatch.setattr(ImageFont, "truetype", truetype)
    png._font.cache_clear()
    yield
    png._font.cache_clear()


def test_russian_names_are_painted_in_letters_on_a_machine_without_fonts(
    no_system_font: None,
) -> None:
    """Names are written on the pulka (001_776ed664a35a376f.txt, preferans rule 38): in letters.

    A font without Cyrillic paints every Russian letter as the same box, so two pulkas for
    «Жора», «Вася», «Петя» and «Коля», «Миша», «Лена» would be one picture (issue 14, item 29).
    """
    first = painted(pulka_png(Sheet(["Жора", "Вася", "Петя"]), scale=0.5))
    second = painted(pulka_png(Sheet(["Коля", "Миша", "Лена"]), scale=0.5))
    assert first.tobytes() != second.tobytes()
