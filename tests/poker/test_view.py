"""What the poker view shows a table: the button, the pots as they stand, the wild cards seen."""

from __future__ import annotations

import random
from collections.abc import Callable

from cardtable.engine import get_game
from cardtable.poker.actions import Call, Check
from cardtable.poker.deal import PokerDeal
from cardtable.poker.pots import standing_pots

GAME = get_game("poker")


def _deal(preset: str, seats: int, seed: int = 3) -> PokerDeal:
    match = GAME.new_match(GAME.rules(preset), [f"P{n}" for n in range(seats)], preset)
    deal = match.start_deal(random.Random(seed))
    assert isinstance(deal, PokerDeal)
    return deal


def test_a_side_pot_begins_above_an_all_in_players_total() -> None:
    """B has only 30 chips; A puts in 40 and C 50: the side pot holds what is above 30.

    002_053e85955f9a4108.txt, "Примеры настольных ставок": "30 идут в основной банк,
    остальные — в дополнительный".
    """
    assert standing_pots([40, 30, 50], [False, False, False], [False, True, False]) == (90, 30)


def test_without_an_all_in_player_the_view_shows_one_pot_holding_every_chip() -> None:
    """Without an all-in player every chip is in one pot.

    002_053e85955f9a4108.txt, "Круги ставок": "Все ставки на игру собираются вместе в
    центре стола, образуя банк".
    """
    deal = _deal("holdem", 3)
    for _ in range(3):
        deal.apply(Call() if Call() in deal.legal_actions() else deal.legal_actions()[0])
    view = deal.view(0)
    assert view.pots == (view.pot,)


def test_the_view_names_the_dealer_as_the_button() -> None:
    """Every seat is told who deals (the button).

    002_053e85955f9a4108.txt, "Схема построения игры": the deal goes clockwise from the
    dealer's left.
    """
    deal = _deal("holdem", 4)
    assert all(deal.view(seat).dealer == deal.setup.dealer for seat in range(4))


def test_deuces_wild_marks_the_deuces_a_seat_sees_and_no_other_card() -> None:
    """002_053e85955f9a4108.txt, "Козырные карты": "все двойки" (the two-card preset)."""
    for seed in range(40):
        deal = _deal("two-card", 3, seed)
        view = deal.view(0)
        if any(card.rank == 2 for card in view.down):
            break
    assert {card.text() for card in view.wild} == {c.text() for c in view.down if c.rank == 2}
    assert view.wild


def test_every_seat_sees_how_many_cards_each_player_holds_face_down() -> None:
    """Seven-card stud: two down and one up each; the others' down cards are counted, not named.

    002_053e85955f9a4108.txt, "Открытый «Покер»" ("Какие-то карты игроки получают втемную,
    какие-то — в открытую").
    """
    deal = _deal("seven-card-stud", 3)
    view = deal.view(1)
    assert view.down_counts == (2, 2, 2)
    assert all(len(up) == 1 for up in view.up)
    assert len(view.down) == 2


def _play_until(deal: PokerDeal, done: Callable[[PokerDeal], bool]) -> None:
    """Check or call round after round (never fold) until ``done`` or the deal is over."""
    while not deal.is_over and not done(deal):
        legal = deal.legal_actions()
        deal.apply(Call() if Call() in legal else Check() if Check() in legal else legal[0])


def _face_up(deal: PokerDeal) -> set[str]:
    view = deal.public_view()
    cards = [*view.board, *(c for up in view.up for c in up), *(c for s in view.shown for c in s)]
    return {card.text() for card in cards}


def test_a_spectator_sees_the_wild_cards_face_up_that_every_player_sees_marked() -> None:
    """Wild cards are agreed rules, not hidden cards: the spectator's view names those face up.

    Lame Brain Pete: the lowest centre card and every card of its rank are wild for everyone;
    once centre cards are turned up, the spectator is told which of the cards in sight are
    wild, exactly as each player is told of those cards. 002_053e85955f9a4108.txt,
    "Козырные карты" ("участники в начале игры договариваются назначить определенные карты
    козырями") and «Пит-простак» ("самая младшая из настольных карт является козырем, как и
    все остальные карты того же номинала"); docs/rules/poker.md.
    """
    for seed in range(60):
        deal = _deal("lame-brain-pete", 3, seed)
        _play_until(deal, lambda d: len(d.public_view().board) >= 2)
        public = {card.text() for card in deal.public_view().wild}
        if public:
            break
    assert public, "no seed turned a wild card up"
    assert public <= _face_up(deal)
    for seat in range(3):
        seen = {card.text() for card in deal.view(seat).wild}
        assert seen & _face_up(deal) == public


def test_a_spectator_is_not_told_which_hole_card_fixes_a_players_wild_cards() -> None:
    """A player's last hole card and its rank wild for him: a spectator is told of no wild card.

    Under «Мексиканский гвоздь» the wild rank is fixed by a card face down; marking that rank
    among the up cards would tell the spectator the hidden card. 002_053e85955f9a4108.txt,
    «Мексиканский гвоздь»; docs/rules/poker.md.
    """
    for seed in range(5):
        deal = _deal("mexican-stud-hole-wild", 3, seed)
        while not deal.is_over:
            assert deal.public_view().wild == ()
            legal = deal.legal_actions()
            deal.apply(Call() if Call() in legal else Check() if Check() in legal else legal[0])


def test_after_the_showdown_each_seat_sees_its_own_hand_and_the_same_table() -> None:
    """The last views of a finished deal: each seat's own down cards, the shown hands to all.

    002_053e85955f9a4108.txt, "Цель игры" а): the hands still in at the end are shown ("к
    вскрытию карт"); cardtable.poker.deal's rule of what each seat learns (its own down
    cards, every hand shown). A view asked twice and a spectator's view say the same.
    """
    deal = _deal("holdem", 3)
    while deal.to_move is not None:
        legal = deal.legal_actions()
        deal.apply(Check() if Check() in legal else Call())
    views = [deal.view(seat) for seat in range(3)]
    for seat, view in enumerate(views):
        assert view.seat == seat
        assert view.down == tuple(deal.hands[seat].down)
        assert view.shown == tuple(tuple(deal.hands[other].cards) for other in range(3))
        assert deal.view(seat) == view
    public = deal.public_view()
    assert public.shown == views[0].shown
    assert public.stacks == views[0].stacks
    assert views[0].down != views[1].down
