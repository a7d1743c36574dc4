"""The variant language: a form of poker as data, a sequence of steps the table runs.

The seed's dealer may name "любой новый и легко объяснимый вариант, который разработал он
сам" (002_053e85955f9a4108.txt, "Выбор сдающего"), so a variant is data, not code: who may
play, what opens the betting, the steps of the deal in order, which cards a final hand may
use, how hands rank (:class:`~cardtable.poker.rules.HandRules`, wild cards included) and who
wins (high, low, or high and low). Shipped variants are the presets of the ``poker`` game
(``src/cardtable/poker/presets/*.toml``); a player's own file is read the same way::

    description = "Spit in the ocean: four cards each and one face up for everybody"
    [rules.variant]
    name = "spit-in-the-ocean"
    board_exactly = 1
    steps = [
      {do = "deal", down = 4},
      {do = "board", up = 1},
      {do = "bet", opens = "left"},
      {do = "draw", most = 3},
      {do = "bet", opens = "first-bettor"},
    ]

Steps (``do``): ``deal`` (``down`` and ``up`` cards to every player still in, one at a
time round the table: :mod:`cardtable.poker.dealing`), ``board``
(cards to the centre, ``down`` or ``up``), ``reveal`` (turn board cards up: ``cards`` names
their places, or the next ``count``), ``expose`` (each player turns up one down card of his
choice, keeping at least ``keep_down``), ``draw`` (discard and draw, ``most`` cards, or
``most_few`` with four players or fewer; ``burn`` a card first), ``bet`` (a betting round:
``opens`` left / first-bettor / high-showing / low-showing; ``check`` allowed or not;
``checker_may_raise``; ``void_if_all_check``), ``name-wild`` (each player names one of
his down cards, and so its rank, wild for himself), ``declare`` (high-low declarations) and
``showdown``.

>>> spec = VariantSpec()
>>> [step.do for step in spec.steps]
['deal', 'bet', 'draw', 'bet']
>>> check_variant(VariantSpec(steps=(Step("draw"),)))
Traceback (most recent call last):
...
cardtable.errors.RulesError: variant 'draw': step 1 (draw) comes before any cards are dealt
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from cardtable.engine.rules import option
from cardtable.errors import RulesError
from cardtable.poker.pots import DeclarationMode
from cardtable.poker.rules import HandRules, check_hand_rules

SEED = "002_053e85955f9a4108.txt"

TEN = 10
"""The most players of a variant with five cards or more each ("до десяти человек")."""
FEW_CARDS = 5
"""More than ten play "любой вариант с менее чем пятью картами на игрока"."""
MOST_PLAYERS = 14
"""«В некоторые виды «Покера» могут играть до 14 человек»."""

StepKind = Literal[
    "deal", "board", "reveal", "expose", "name-wild", "draw", "bet", "declare", "showdown"
]
Opener = Literal["left", "first-bettor", "high-showing", "low-showing"]
Openers = Literal["any", "jacks", "jacks-or-bobtail"]
Win = Literal["high", "low", "high-low", "deuce-to-seven"]
Unopened = Literal["void", "lowball"]


@dataclass(frozen=True)
class Step:
    """One step of a deal; only the fields of its kind (``do``) matter."""

    do: StepKind = option("deal", "What the step does.", f"{SEED}, Виды «Покера»")
    down: int = option(0, "deal/board: cards face down (to each player, or to the centre).", SEED)
    up: int = option(0, "deal/board: cards face up.", SEED)
    count: int = option(1, "reveal: how many board cards are turned up.", SEED)
    cards: tuple[int, ...] = option(
        (), "reveal: the board places (from 0) turned up, in this order.", SEED
    )
    keep_down: int = option(
        1, "expose: the down cards a player must keep.", f"{SEED}, «Мексиканский гвоздь»"
    )
    optional: bool = option(
        False,
        "expose: a player may keep his cards as they are (stand pat) instead.",
        f"{SEED}, Другие варианты «пятикарточного гвоздя» 2)",
    )
    down_if_exposed: bool = option(
        False,
        "deal: a player who turned up a card at the step before gets this card down.",
        f"{SEED}, Другие варианты «пятикарточного гвоздя» 2) (получить пятую карту втемную)",
    )
    most: int = option(3, "draw: the most cards a player may draw.", f"{SEED}, досдача")
    most_few: int = option(
        0,
        "draw: the most with four players or fewer (0: as most).",
        f"{SEED}, досдача (При наличии четырех и менее игроков ... четыре или пять карт)",
    )
    burn: bool = option(False, "draw: the dealer burns the top card first.", f"{SEED}, Лоуболл 3)")
    opens: Opener = option(
        "left",
        "bet: who opens the round: the dealer's left, the deal's first bettor, the best or "
        "the lowest showing hand.",
        f"{SEED}, Первый круг ставок; Второй круг ставок; Покер-гвоздь",
    )
    check: bool = option(True, "bet: whether checking is allowed.", f"{SEED}, Дробовик")
    checker_may_raise: bool = option(
        True, "bet: whether a player who checked may raise later.", f"{SEED}, Лоуболл 4)"
    )
    void_if_all_check: bool = option(
        False,
        "bet: if everybody checks the deal is void and the pot stays for the next.",
        f"{SEED}, Круги ставок; «Покер с досдачей»: стандартный вариант",
    )


def step_text(step: Step) -> str:
    """A step as players say it.

    >>> step_text(Step("deal", down=2, up=1)), step_text(Step("bet", opens="high-showing"))
    ('deal 2 down, 1 up', 'bet (high-showing opens)')
    """
    if step.do in ("deal", "board"):
        parts = [f"{n} {face}" for n, face in ((step.down, "down"), (step.up, "up")) if n]
        extra = " (down if a card was turned up)" if step.down_if_exposed else ""
        return f"{step.do} {', '.join(parts)}{extra}"
    if step.do == "reveal":
        return f"reveal places {list(step.cards)}" if step.cards else f"reveal {step.count}"
    if step.do == "draw":
        few = f" ({step.most_few} with four or fewer)" if step.most_few else ""
        return f"draw up to {step.most}{few}" + (", a card burned first" if step.burn else "")
    if step.do == "expose":
        return "expose one card" + (" or stand pat" if step.optional else "")
    if step.do == "bet":
        notes = [f"{step.opens} opens"]
        notes += [] if step.check else ["no check"]
        notes += [] if step.checker_may_raise else ["a checker may not raise"]
        notes += ["void if all check"] if step.void_if_all_check else []
        return f"bet ({', '.join(notes)})"
    return step.do


DRAW_STEPS = (
    Step("deal", down=5),
    Step("bet", void_if_all_check=True),
    Step("draw"),
    Step("bet", opens="first-bettor"),
)
"""«Покер с досдачей»: five down, a round from the dealer's left, the draw, a round opened
by the first bettor."""


@dataclass(frozen=True)
class VariantSpec:
    """A form of poker: who plays, its steps, the cards a hand may use, and who wins."""

    name: str = option("draw", "The variant's name.", SEED)
    title: str = option("Draw poker", "The variant's name as players say it.", SEED)
    source: str = option(
        f"{SEED}, «Покер с досдачей»: стандартный вариант", "Where the variant is described.", SEED
    )
    players_min: int = option(2, "The fewest players.", SEED)
    players_max: int = option(
        10,
        "The most players: ten, up to fourteen for fewer than five cards each, and never more "
        "than the deck deals to.",
        f"{SEED}, Игроки (до 14 человек); Как выбрать вид «Покера» 1) (более десяти игроков — "
        "любой вариант с менее чем пятью картами на игрока); Играть могут до десяти человек",
    )
    steps: tuple[Step, ...] = option(DRAW_STEPS, "The steps of a deal, in order.", SEED)
    openers: Openers = option(
        "any",
        "What opens the first round: any hand, jacks or better, or jacks or a bobtail.",
        f"{SEED}, Первый круг ставок 1)-2); Валет или бобтейл",
    )
    progressive_openers: bool = option(
        False,
        "After a deal nobody opened the next needs queens, then kings, aces, kings, queens, "
        "jacks; an opened deal returns to jacks.",
        f"{SEED}, Варианты «Валеты и выше» 1)",
    )
    progressive_doubles: bool = option(
        False,
        "With progressive openers, the limits are doubled while a deal stays unopened.",
        f"{SEED}, Варианты «Валеты и выше» 1) (и иногда пределы ставок удваиваются)",
    )
    unopened: Unopened = option(
        "void",
        "When nobody opens a deal that needs openers: void (the antes stay for the next deal), "
        "or the same hands are played out as lowball for this deal only.",
        f"{SEED}, «Лоуболл» (Когда в «Валетах и выше» никто не начал круг ставок, «Лоуболл» "
        "разыгрывается только для данной игры)",
    )
    last_card_down: bool = option(
        False,
        "The last card each player is dealt goes face down (the modern seven-card stud and "
        "razz); the seed's seven-card stud deals it face up.",
        f"{SEED}, «Семикарточный гвоздь» (до тех пор, пока у активных игроков не окажется по "
        "семь карт (включая две «забивные» карты))",
    )
    hole_exactly: int = option(
        0,
        "A final hand uses exactly this many of the player's own cards (0: any).",
        "Omaha (outside the seed): two hole cards and three of the board",
    )
    board_exactly: int = option(
        0,
        "A final hand uses exactly this many board cards (0: any).",
        f"{SEED}, Штормовая погода; Плюнь в океан",
    )
    board_lines: tuple[tuple[int, ...], ...] = option(
        (),
        "If given, a final hand uses the player's cards and one of these lines of board places.",
        f"{SEED}, Перекрестье (лишь три настольные карты, образующие прямую линию)",
    )
    hands: HandRules = option(HandRules(), "How hands rank; wild cards.", f"{SEED}, Расклады")
    win: Win = option(
        "high",
        "Who wins: the best high hand, the best low hand, high and low splitting, or the "
        "worst high hand (deuce to seven).",
        f"{SEED}, Лоуболл; Покер «Больше-меньше»",
    )
    declarations: DeclarationMode = option(
        DeclarationMode.IN_TURN,
        "High-low: declarations in turn, with chips in the hand, or cards speak.",
        f"{SEED}, Заявка а)-б)",
    )
    low_qualifier: int = option(
        0,
        "High-low: a low hand must have no card above this rank (ace 1) to win (0: any).",
        "Omaha hi-lo eight or better (outside the seed)",
    )

    @property
    def high_low(self) -> bool:
        """Whether high and low hands split the pot."""
        return self.win == "high-low"

    @property
    def bet_steps(self) -> int:
        """How many betting rounds a deal has."""
        return sum(step.do == "bet" for step in self.steps)

    def faces(self, place: int) -> tuple[int, int]:
        """The down and up cards of step ``place`` (a ``deal``), after ``last_card_down``."""
        step = self.steps[place]
        last_deal = max(number for number, each in enumerate(self.steps) if each.do == "deal")
        if self.last_card_down and place == last_deal:
            return step.down + step.up, 0
        return step.down, step.up

    def cards_each(self) -> int:
        """The most cards one player is dealt (draws replace, they do not add)."""
        return sum(step.down + step.up for step in self.steps if step.do == "deal")

    def board_size(self) -> int:
        """The cards dealt to the centre."""
        return sum(step.down + step.up for step in self.steps if step.do == "board")


def check_variant(spec: VariantSpec) -> VariantSpec:
    """Refuse a variant the table could not run, in one sentence naming the step."""
    where = f"variant {spec.name!r}"
    check_hand_rules(spec.hands)
    if not 2 <= spec.players_min <= spec.players_max <= MOST_PLAYERS:
        raise RulesError(f"{where}: players must be between 2 and {MOST_PLAYERS}, fewest first")
    dealt = 0
    board = 0
    for number, step in enumerate(spec.steps, start=1):
        name = f"{where}: step {number} ({step.do})"
        if step.down < 0 or step.up < 0 or step.count < 0 or step.most < 0:
            raise RulesError(f"{name} has a negative count")
        if step.do in ("draw", "expose", "name-wild", "declare") and not dealt:
            raise RulesError(f"{name} comes before any cards are dealt")
        if step.do == "deal":
            dealt += step.down + step.up
        if step.do == "board":
            board += step.down + step.up
        if step.do == "reveal" and any(not 0 <= place < board for place in step.cards):
            raise RulesError(f"{name} names a board place that is not dealt yet")
        if step.do == "declare" and not spec.high_low:
            raise RulesError(f"{name}: only a high-low variant declares")
    if not dealt:
        raise RulesError(f"{where} deals no cards to the players")
    size = spec.hands.hand_size
    if dealt + board < size:
        raise RulesError(f"{where} deals {dealt + board} cards, fewer than a hand of {size}")
    if spec.win in ("low", "high-low") and spec.hands.low == "none":
        raise RulesError(f"{where}: a low or high-low variant needs hands.low to rank low hands")
    if spec.unopened == "lowball" and (spec.openers == "any" or spec.progressive_openers):
        raise RulesError(
            f"{where}: lowball after an unopened deal needs openers (jacks), and then the "
            "openers never progress"
        )
    if spec.unopened == "lowball" and spec.hands.hand_size != 5:
        raise RulesError(f"{where}: lowball is played with five-card hands")
    if spec.hole_exactly and spec.hole_exactly + min(spec.board_exactly or size, board) < size:
        raise RulesError(f"{where}: hole_exactly leaves too few cards for a hand")
    for line in spec.board_lines:
        if any(not 0 <= place < board for place in line):
            raise RulesError(f"{where}: a board line names a place that is never dealt")
    check_table_size(spec)
    return spec


def check_table_size(spec: VariantSpec) -> None:
    """Refuse more players than the seed lets a variant of its cards seat, or the deck deals.

    "В некоторые виды «Покера» могут играть до 14 человек"; "более десяти игроков — любой
    вариант с менее чем пятью картами на игрока" (Игроки; Как выбрать вид «Покера» 1)).
    """
    where = f"variant {spec.name!r}"
    if spec.players_max > TEN and spec.cards_each() >= FEW_CARDS:
        raise RulesError(
            f"{where}: more than ten players need fewer than five cards each "
            "(«более десяти игроков — любой вариант с менее чем пятью картами на игрока»)"
        )
    most = deck_players(spec)
    if spec.players_max > most:
        raise RulesError(
            f"{where}: its deck of {len(spec.hands.deck().cards())} cards deals to at most "
            f"{most} players"
        )


def deck_players(spec: VariantSpec) -> int:
    """The most players the deck deals every card of ``spec`` to, the bottom card unused.

    The bottom card is never dealt ("Нижняя карта колоды не используется", досдача); a last
    round of one card each may go to the centre for all (seven-card stud with eight, see
    docs/rules/poker-variants.md), and draws reshuffle the discards, so they need no more.

    >>> deck_players(VariantSpec()), deck_players(VariantSpec(steps=(Step("deal", down=2),)))
    (10, 25)
    """
    each, shared = spec.cards_each(), spec.board_size()
    deals = [step for step in spec.steps if step.do == "deal"]
    if deals and deals[-1].down + deals[-1].up == 1 and each > 1:
        each, shared = each - 1, shared + 1
    usable = len(spec.hands.deck().cards()) - 1 - shared
    return usable // each


def lowball_form(spec: VariantSpec) -> VariantSpec:
    """The deal ``spec`` becomes when nobody opened it and lowball is played instead.

    «Лоуболл»: "Когда в «Валетах и выше» никто не начал круг ставок, «Лоуболл» разыгрывается
    только для данной игры". The hands already dealt stay; lowball's own rules take over: the
    first round is played again from the dealer's left without checking (2), the dealer burns
    a card before each draw (3), every later round opens at the dealer's left and a player
    who checked may not raise (4), and the lowest hand wins, aces low, straights and flushes
    ignored (5). Its antes (1) are already in: everyone anted for jacks.

    >>> form = lowball_form(VariantSpec(openers="jacks", unopened="lowball"))
    >>> for step in form.steps:
    ...     print(step_text(step))
    deal 5 down
    bet (left opens, no check)
    draw up to 3, a card burned first
    bet (left opens, a checker may not raise)
    >>> form.win, form.hands.low, form.openers
    ('low', 'lowball', 'any')
    """
    steps: list[Step] = []
    first = True
    for step in spec.steps:
        if step.do == "bet":
            if first:
                steps.append(Step("bet", opens="left", check=False))
            else:
                steps.append(Step("bet", opens="left", checker_may_raise=False))
            first = False
        elif step.do == "draw":
            steps.append(replace(step, burn=True))
        else:
            steps.append(step)
    return replace(
        spec,
        title=f"{spec.title}, played as lowball",
        steps=tuple(steps),
        openers="any",
        unopened="void",
        win="low",
        hands=replace(spec.hands, low="lowball"),
    )
