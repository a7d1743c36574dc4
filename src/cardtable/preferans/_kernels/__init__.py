"""The compiled double-dummy search for preferans (numba; called through :mod:`.solver`).

Cards are bits of a 32-bit mask: bit ``8 * suit + rank``, with ``suit`` the number of
:class:`cardtable.cards.Suit` (♣ 0, ♦ 1, ♥ 2, ♠ 3) and ``rank`` 0 for the seven up to 7 for the
ace (rule 2 of 001_776ed664a35a376f.txt orders 7 8 9 10 J Q K A). Three hands, the player who
led the trick in progress and the cards already on it make a position. The value searched is
the number of tricks the declarer takes from here on; the two defenders cooperate. In a
misère the declarer minimises that number and the defenders maximise it; in a game the other
way round.

The techniques are the bridge solvers' ones, described by Bo Haglund in "Search Algorithms for
a Bridge Double Dummy Solver" (the DDS documentation, rev. E4, 2010), re-derived for three
hands and written anew:

* a zero-window search (Pearl 1980, as DDS uses it): ``search._search`` only answers "does the
  declarer take at least ``need`` more tricks?", and :func:`solve_position` finds the value by
  a binary search over ``need``;
* only one card of each run of equivalent cards is tried (the cards of one hand in one suit
  with no live card of another hand between them), the runs re-derived at every move since
  they merge as cards fall;
* a transposition table at trick boundaries keyed by relative ranks: in each suit only the
  order of the remaining cards matters, so the key records, suit by suit and from the lowest
  remaining card up, whose card each one is, and holds a lower and an upper bound;
* quick tricks at the start of a trick: the top cards the leader may cash in a row, bounded
  where another hand could ruff (a bound for the leader's side in a game);
* sure trump tricks: a trump above every trump of the other side wins whenever it is played;
* misère bounds: the declarer is clean (:func:`misere_is_clean`), caught for one more trick
  (:func:`misere_is_caught`, :func:`misere_lead_wins`) or takes all (:func:`misere_takes_all`);
* move ordering: cheap winners and low losers first, the reverse for a misère declarer, and
  the lead that last refuted a position first when it comes back.

Following follows rules 30–32: follow suit, else trump, else any card.

The rooms: ``cards`` (the masks, following, tricks, runs, move ordering), ``table`` (the
transposition table), ``bounds`` (quick tricks, sure trumps, misère), ``frames`` (the search's
stack, a position entered at one depth of it) and ``search``. Importing the package drops the
caches a change of another of its files made stale (:func:`cardtable.kernel_cache.drop_stale`).
"""

from cardtable.kernel_cache import drop_stale
from cardtable.preferans._kernels import bounds, cards, frames, search, table
from cardtable.preferans._kernels.bounds import (
    misere_is_caught,
    misere_is_clean,
    misere_lead_wins,
    misere_takes_all,
    quick_tricks,
)
from cardtable.preferans._kernels.cards import NO_CARD, beats, legal_mask, popcount, representatives
from cardtable.preferans._kernels.frames import new_stack
from cardtable.preferans._kernels.search import card_values, solve_position
from cardtable.preferans._kernels.table import TT_BITS, TT_SIZE, new_table, position_key

__all__ = [
    "NO_CARD",
    "TT_BITS",
    "TT_SIZE",
    "beats",
    "card_values",
    "legal_mask",
    "misere_is_caught",
    "misere_is_clean",
    "misere_lead_wins",
    "misere_takes_all",
    "new_stack",
    "new_table",
    "popcount",
    "position_key",
    "quick_tricks",
    "representatives",
    "solve_position",
]

drop_stale((cards, table, bounds, frames, search), __name__)
