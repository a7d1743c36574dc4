"""The pots as they stand at their edges: 002_053e85955f9a4108.txt, "Настольные ставки"."""

from __future__ import annotations

from cardtable.poker.pots import standing_pots


def test_an_all_in_player_who_folded_opens_no_side_pot_and_the_dead_chips_stay_in_it() -> None:
    """Only a player still in the deal has a side pot begin above his total.

    002_053e85955f9a4108.txt, "Настольные ставки": a player who has spent his table stakes
    "вправе оставаться в игре до вскрытия карт по основному банку", and "Все ставки других
    игроков сверх поставленной им суммы вносятся в дополнительный банк"; one who has left the
    deal stays for no showdown, so his total opens no pot. The dead chips lie in the one pot
    (``standing_pots``).
    """
    assert standing_pots([10, 20, 20], [True, False, False], [True, False, False], dead=3) == (53,)
