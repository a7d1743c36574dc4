"""Coverage-guided fuzzing of cardtable's parsers with atheris (a documented target, not CI).

docs/reliability.md, "Atheris": ``make fuzz-atheris TARGET=cards SECONDS=60`` runs one
parser under libFuzzer for the given time. A case passes when the parser returns a value or
raises a ``CardtableError``; any other exception is a crash, which atheris reports with the
input that caused it (saved as ``crash-*`` in the working folder). Each target starts from the
seed texts in ``fuzz/corpus/<target>/`` (a few valid inputs, which libFuzzer mutates).

Targets: ``cards``, ``moves-preferans``, ``moves-piquet``, ``moves-poker``, ``rules-preferans``,
``rules-piquet``, ``rules-poker`` and ``scorer``.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import Any

import atheris

with atheris.instrument_imports(include=["cardtable"]):
    import cardtable.piquet.game
    import cardtable.poker.game
    import cardtable.preferans.game  # noqa: F401 - registers the games, instrumented
    from cardtable.cards import parse_cards
    from cardtable.engine import get_game
    from cardtable.errors import CardtableError
    from cardtable.preferans.scorer import parse_score_file, score


def _moves(game_name: str) -> Callable[[str], Any]:
    game = get_game(game_name)

    def read(text: str) -> Any:
        action = game.parse_action(text)
        if game.parse_action(game.action_text(action)) != action:
            raise AssertionError(f"{text!r} does not read back")
        return action

    return read


def _rules(game_name: str) -> Callable[[str], Any]:
    game = get_game(game_name)
    return lambda text: game.rules_from_toml(text, "rules.toml")


TARGETS: dict[str, Callable[[str], Any]] = {
    "cards": parse_cards,
    "moves-preferans": _moves("preferans"),
    "moves-piquet": _moves("piquet"),
    "moves-poker": _moves("poker"),
    "rules-preferans": _rules("preferans"),
    "rules-piquet": _rules("piquet"),
    "rules-poker": _rules("poker"),
    "scorer": lambda text: score(parse_score_file(text)).to_data(),
}


def main() -> None:
    """Run the target named by the first argument; the rest go to libFuzzer."""
    target = TARGETS[sys.argv[1]]

    def one_input(data: bytes) -> None:
        text = data.decode("utf-8", errors="replace")
        with contextlib.suppress(CardtableError):
            target(text)

    atheris.Setup([sys.argv[0], *sys.argv[2:]], one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
