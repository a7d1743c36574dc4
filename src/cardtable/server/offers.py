"""Offers by consent: an undo, an abort or a rematch, taken when every other person agrees.

An offer waits for the people connected at the table's other seats; bots, and people who are
away or played by a bot, are not asked, and an offer nobody is asked about is taken at once.
One offer waits at a time; it lapses when the table moves on before everyone has answered,
and a restart withdraws it (every ``welcome`` names the offer pending, or none); what an
accepted one did is in the log.

- **undo** takes back the offering seat's last move in the deal, with every move made after
  it, provided no card has been seen by anyone since that move that he had not seen before
  it: a card shown is knowledge no undo can take away. What was seen is read from the engine's
  events (their cards and audiences) against what each seat had been shown before the move.
- **abort** ends the table where it is.
- **rematch** starts a new table with the same game, rules, clock and seats (the same people
  and bots), once this one has finished; each person gets his seat's new token, derived from
  his token at this table (:func:`rematch_token`), so that it is never lost: whoever comes back
  to this table with his old token is given it again.
- **claim** of the remaining tricks, where the game has claims: the engine's claim
  (:meth:`Deal.claim_action`) is played when it is offered, laying the claimer's cards face up;
  consent plays its grant (:meth:`Deal.grant_action`), which ends the deal as claimed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.server.protocol import Offer, OfferKind, OfferState
from cardtable.store.repository import Entry


@dataclass(eq=False)
class Pending:
    """An offer waiting for consent: its id, kind, who made it, at which seq, who must answer."""

    id: int
    kind: OfferKind
    by: int
    seq: int
    waiting: set[int] = field(default_factory=set)

    def frame(
        self, state: OfferState, msg: str | None = None, declined_by: int | None = None
    ) -> Offer:
        """The ``offer`` frame telling how this offer stands (and who declined it)."""
        return Offer(
            id=self.id,
            kind=self.kind,
            by=self.by,
            state=state,
            waiting=sorted(self.waiting),
            msg=msg,
            declined_by=declined_by,
        )


def rematch_token(token: str, table_id: str) -> str:
    """The seat token at the rematch ``table_id`` of whoever holds seat token ``token`` now.

    An HMAC-SHA256 keyed by the old token: only its holder (and the server while he shows it)
    can make it, it is as unguessable as the old token, and it is stored only as its hash, so
    the server can give it again to the old token's holder at any time.

    >>> rematch_token("old", "T1") == rematch_token("old", "T1") != rematch_token("old", "T2")
    True
    >>> len(rematch_token("old", "T1"))
    43
    """
    mac = hmac.new(token.encode(), f"rematch {table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def undo_target(entries: Sequence[Entry], seat: int) -> int | None:
    """The seq of ``seat``'s last move still standing in the current deal, or ``None``.

    ``entries`` are the log's entries that stand (none taken back), oldest first.

    >>> log = [Entry(1, "deal"), Entry(2, "act", seat=0), Entry(3, "act", seat=1)]
    >>> undo_target(log, 0), undo_target(log, 2)
    (2, None)
    >>> undo_target([*log, Entry(4, "deal")], 0) is None
    True
    """
    for entry in reversed(entries):
        if entry.kind == "deal":
            return None
        if entry.kind == "act" and entry.seat == seat:
            return entry.seq
    return None
