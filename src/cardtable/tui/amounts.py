"""The bet control: an amount chosen by steps, min, pot, all-in or typed, then sent.

A move with an amount (``bet 20``, ``raise to 60``) is offered by the game as one legal move
per amount the limit accepts; where a verb has more than one, the table draws one control
instead of listing them all (docs/tui.md, "The screen"). The control holds no rule: its
amounts are the legal moves' own, "pot" picks the largest of them not above the pot-sized
amount the game's adapter works out from the view, and a typed amount is sent as typed, for
the game to refuse with its own sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input

AMOUNT_MOVE = re.compile(r"(?P<verb>[^\d\s].*?) (?P<amount>\d+)")
"""A move that is a verb and a whole amount: ``bet 20``, ``raise to 60``."""


def amounts_by_verb(legal: Sequence[str]) -> dict[str, list[int]]:
    """The verbs offered with more than one amount, each with its amounts in order.

    >>> amounts_by_verb(["fold", "call", "raise to 4", "raise to 6", "raise to 8", "rest 3"])
    {'raise to': [4, 6, 8]}
    """
    found: dict[str, list[int]] = {}
    for text in legal:
        move = AMOUNT_MOVE.fullmatch(text)
        if move is not None:
            found.setdefault(move["verb"], []).append(int(move["amount"]))
    return {verb: sorted(amounts) for verb, amounts in found.items() if len(amounts) > 1}


class Step(Button):
    """A button that moves the control's amount: ``-1``, ``+1``, ``min``, ``pot``, ``all-in``."""

    def __init__(self, label: str, step: str) -> None:
        super().__init__(label, compact=True, classes="step")
        self.step = step


class AmountControl(Vertical):
    """One verb's amounts: the move to send, its steps and presets, and a line to type one."""

    class Typed(Message):
        """The person typed an amount: ``text`` is the move it makes, legal or not."""

        def __init__(self, text: str) -> None:
            self.text = text
            super().__init__()

    def __init__(self, verb: str, amounts: list[int], pot: int | None) -> None:
        super().__init__(classes="amounts")
        self.verb = verb
        self.amounts = amounts
        self.pot = pot
        self.index = 0

    @property
    def move(self) -> str:
        """The move the send button makes now."""
        return f"{self.verb} {self.amounts[self.index]}"

    def compose(self) -> ComposeResult:
        """The send button and the steps; the presets; the typing line."""
        with Horizontal(classes="rung"):
            yield self._send()
            yield Step("−", "-1")
            yield Step("+", "+1")
        with Horizontal(classes="rung"):
            yield Step("min", "min")
            yield Step("pot", "pot")
            yield Step("all-in", "all-in")
        yield Input(placeholder=f"{self.verb} amount", restrict=r"\d*", compact=True)

    def _send(self) -> Button:
        """The button that sends the move of the amount chosen (the table's bid handler)."""
        return Button(self.move, name=self.move, compact=True, classes="bid send")

    @on(Button.Pressed, ".step")
    def stepped(self, event: Button.Pressed) -> None:
        """Move the amount; the send button says the move it now makes."""
        event.stop()
        assert isinstance(event.button, Step)
        self.index = self._index_after(event.button.step)
        # A button's name is fixed when it is made: the send button is made anew.
        send = self.query_one(".send", Button)
        row = send.parent
        send.remove()
        assert isinstance(row, Horizontal)
        row.mount(self._send(), before=0)

    def _index_after(self, step: str) -> int:
        last = len(self.amounts) - 1
        if step in ("-1", "+1"):
            return min(max(self.index + int(step), 0), last)
        if step == "min":
            return 0
        if step == "all-in":
            return last
        below = [n for n, amount in enumerate(self.amounts) if self.pot and amount <= self.pot]
        return below[-1] if below else 0

    @on(Input.Submitted)
    def typed(self, event: Input.Submitted) -> None:
        """A typed amount is sent as the verb's move; the game refuses one it does not take."""
        event.stop()
        value = event.value.strip()
        event.input.value = ""
        if value:
            self.post_message(self.Typed(f"{self.verb} {value}"))
