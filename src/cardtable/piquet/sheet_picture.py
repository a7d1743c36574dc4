"""The korolik sheet drawn as its players write it on paper, as SVG text.

The seed (001_776ed664a35a376f.txt, rules 46–50) keeps one record per player: each deal's
difference in its winner's column of games, and "сбоку" (beside it) the korolik's difference
plus a hundred once its two deals are played; after the third korolik the difference of the
game columns plus a hundred, and the difference of the korolik columns is the net result. A
refet is written as a zero (rule 48) and doubles the next korolik (rule 47). The picture puts
the two records side by side, the games and the koroliks of each player in two columns, a
line under each korolik and a double line under the partie, where the sums stand.

Its few words are Russian, as the seed writes them, or English (``lang``): a page draws the
sheet in its own language.

Each figure is a ``<text>`` whose ``class`` names its kind (``deal``, ``refet``, ``korolik``,
``partie``, ``clean``, ``sum``, ``net``) and whose ``data-player`` says whose it is, inside a
``<g class="partie">`` per partie, so that a program can read the picture back. It names no
card, so anyone may see it at any time.

>>> from cardtable.piquet.rules import PiquetRules
>>> from cardtable.piquet.scoring import KorolikSheet
>>> sheet = KorolikSheet(PiquetRules())
>>> _ = sheet.book((54, 21))
>>> picture = korolik_svg(["Anna", "Boris"], [sheet])
>>> picture.startswith("<svg") and 'class="deal" data-player="0">33<' in picture
True
>>> ">games<" in korolik_svg(["Anna", "Boris"], [sheet], "en")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from cardtable.piquet.scoring import KorolikSheet, Mark

WIDTH = 400
ROW = 22
TOP = 64
GAMES_X = (55, 255)
"""The middle of each player's column of games."""
KOROLIKS_X = (150, 350)
"""The middle of each player's korolik column, beside his games."""
INK = "#1a1a1a"
FAINT = "#777"
RED = "#a01818"

WORDS = {
    "ru": {
        "partie": "партия {0}",
        "games": "игры",
        "koroliks": "королики",
        "net": "чистый выигрыш {0}",
        "doubled": "королик идёт двойным счётом",
    },
    "en": {
        "partie": "partie {0}",
        "games": "games",
        "koroliks": "koroliks",
        "net": "net win {0}",
        "doubled": "this korolik counts double",
    },
}
"""The sheet's words in each language it is drawn in."""


class _Drawing:
    """The picture's elements and the row the pen has reached."""

    def __init__(self, lang: str) -> None:
        self.parts: list[str] = []
        self.y: float = TOP
        self.words = WORDS[lang]

    def text(self, x: float, words: str, kind: str, player: int | None, **style: str) -> None:
        who = "" if player is None else f" data-player={quoteattr(str(player))}"
        size = style.get("size", "15")
        colour = style.get("colour", INK)
        weight = ' font-weight="bold"' if style.get("bold") else ""
        self.parts.append(
            f'<text x="{x:g}" y="{self.y:g}" font-size="{size}" fill="{colour}"{weight} '
            f'text-anchor="middle" class={quoteattr(kind)}{who}>{escape(words)}</text>'
        )

    def rule(self, double: bool = False) -> None:
        """A line across both records under the row just written."""
        below = self.y + 7
        for offset in (0, 3) if double else (0,):
            self.parts.append(
                f'<line x1="10" y1="{below + offset}" x2="{WIDTH - 10}" y2="{below + offset}" '
                f'stroke="{INK}" stroke-width="1"/>'
            )

    def down(self, rows: float = 1) -> None:
        self.y += ROW * rows


def korolik_svg(names: Sequence[str], parties: Sequence[KorolikSheet], lang: str = "ru") -> str:
    """The parties' records side by side, the first player on the left (rules 46–50).

    ``lang`` is the language of its words, ``ru`` or ``en``.
    """
    drawing = _Drawing(lang)
    for number, sheet in enumerate(parties, 1):
        drawing.parts.append(f'<g class="partie" data-number="{number}">')
        if len(parties) > 1:
            heading = drawing.words["partie"].format(number)
            drawing.text(WIDTH / 2, heading, "heading", None, size="12", colour=FAINT)
            drawing.down()
        _partie(drawing, sheet)
        drawing.parts.append("</g>")
    height = drawing.y + ROW
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#fdfcf5"/>',
        *_header(names, height, drawing.words),
    ]
    return "\n".join([*head, *drawing.parts, "</svg>"]) + "\n"


def _header(names: Sequence[str], height: float, words: dict[str, str]) -> list[str]:
    parts = []
    for player, name in enumerate(names[:2]):
        middle = (GAMES_X[player] + KOROLIKS_X[player]) / 2
        parts.append(
            f'<text x="{middle:g}" y="24" font-size="17" font-weight="bold" fill="{INK}" '
            f'text-anchor="middle" class="name" data-player="{player}">{escape(name)}</text>'
        )
        for x, heading in (
            (GAMES_X[player], words["games"]),
            (KOROLIKS_X[player], words["koroliks"]),
        ):
            parts.append(
                f'<text x="{x}" y="44" font-size="11" fill="{FAINT}" text-anchor="middle">'
                f"{heading}</text>"
            )
    parts.append(f'<line x1="10" y1="50" x2="{WIDTH - 10}" y2="50" stroke="{INK}"/>')
    for across, width in ((WIDTH / 4 + 5, 1), (WIDTH / 2, 2), (3 * WIDTH / 4 + 5, 1)):
        parts.append(
            f'<line x1="{across:g}" y1="8" x2="{across:g}" y2="{height - 8:g}" stroke="{INK}" '
            f'stroke-width="{width}"/>'
        )
    return parts


def _partie(drawing: _Drawing, sheet: KorolikSheet) -> None:
    for mark in sheet.marks:
        _mark(drawing, mark, sheet)
    if sheet.net is not None:
        for player in (0, 1):
            total = sum(sheet.koroliks[player])
            drawing.text(KOROLIKS_X[player], str(total), "sum", player, bold="1")
        drawing.down()
        winner = 0 if sheet.net[0] > 0 else 1
        if sheet.net[0]:
            words = drawing.words["net"].format(abs(sheet.net[0]))
            middle = (GAMES_X[winner] + KOROLIKS_X[winner]) / 2
            drawing.text(middle, words, "net", winner, bold="1", colour=RED)
        drawing.down()
    elif sheet.doubled:
        drawing.text(WIDTH / 2, drawing.words["doubled"], "doubled", None, size="12")
        drawing.down()


def _mark(drawing: _Drawing, mark: Mark, sheet: KorolikSheet) -> None:
    if mark.kind == "deal":
        assert mark.player is not None
        drawing.text(GAMES_X[mark.player], str(mark.amount), "deal", mark.player)
        drawing.down()
    elif mark.kind == "refet":
        for player in (0, 1):
            drawing.text(GAMES_X[player], "0", "refet", player, colour=FAINT)
        drawing.down()
    elif mark.kind == "korolik":
        # Written beside the korolik's last game, then a line closes the korolik.
        drawing.down(-1)
        if mark.player is not None:
            drawing.text(KOROLIKS_X[mark.player], str(mark.amount), "korolik", mark.player)
        drawing.rule()
        drawing.down()
    elif mark.kind == "partie":
        for player in (0, 1):
            drawing.text(GAMES_X[player], str(sum(sheet.games[player])), "sum", player, bold="1")
        if mark.player is not None:
            drawing.text(KOROLIKS_X[mark.player], str(mark.amount), "partie", mark.player)
        drawing.rule(double=True)
        drawing.down()
    else:
        assert mark.player is not None
        drawing.text(KOROLIKS_X[mark.player], str(mark.amount), "clean", mark.player)
        drawing.down()
