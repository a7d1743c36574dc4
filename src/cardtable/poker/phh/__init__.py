"""Hand histories in the PHH format (the TOML standard of PokerKit and its public dataset).

Import reads a PHH hand through one validating layer (a pydantic model of the document, with
bounds on every list, amount and action), seats its players (``p1`` left of the button in
button games, so the last seat deals), and plays its actions at the table. The table deals
exactly the cards the history shows: before each action the stock is stacked with the cards
the history deals next, so a reshuffle of the discards in a long draw replays as it was.
Unknown cards (``??``) are any cards the history does not name; a hand shown as unknown
(``p2 sm ????``) can win nothing, as in PokerKit. The finishing stacks are the table's; a file
whose ``finishing_stacks`` disagree is refused, naming the seat and both amounts.

Amounts are read exactly (``starting_stacks = [247.10, 14.60]`` are decimals, never floats):
the hand's chip is the finest decimal place any of its amounts uses (a cent here), and the
table plays whole chips of that size.

Export writes one finished deal as PHH (:func:`export_phh`) with ``p1`` left of the dealer.

The rooms: ``hand`` (the hand as read: :class:`PhhHand`, :class:`PhhAction`), ``reading``
(:func:`parse_phh`), ``writing`` (:func:`phh_text`), ``variants`` (the codes and the table's
rules), ``stock`` (the stock stacked as the history deals) and ``replay`` (:func:`replay_phh`,
:func:`export_phh`).

Sources: the PHH specification (uoftcprg/phh-std, "Required Fields", "Optional Fields",
"Actions": ``d dh``, ``d db``, ``pN f``, ``cc``, ``cbr``, ``sd``, ``sm``, ``pb``; the variant
codes) and PokerKit's reading of it (heads-up blinds, the bring-in by the lowest up card with
clubs lowest, in razz the highest with aces low).

>>> hand = parse_phh('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 7h2s", "p2 f"]''')
>>> replay_phh(hand).finishing_stacks  # heads-up the button (p2) posts the small blind
(101, 99)
"""

from cardtable.poker.phh.hand import PhhAction, PhhHand
from cardtable.poker.phh.reading import parse_phh, parse_phh_all, phh_hand
from cardtable.poker.phh.replay import PhhReplay, export_phh, replay_phh
from cardtable.poker.phh.variants import phh_code, phh_rules
from cardtable.poker.phh.writing import phh_text

__all__ = [
    "PhhAction",
    "PhhHand",
    "PhhReplay",
    "export_phh",
    "parse_phh",
    "parse_phh_all",
    "phh_code",
    "phh_hand",
    "phh_rules",
    "phh_text",
    "replay_phh",
]
