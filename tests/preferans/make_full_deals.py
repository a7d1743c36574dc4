"""Write random full ten-trick deals and their exact trick counts by the reference search.

Run from the worktree (it appends to the file, resuming after the deals already there, so it
can be stopped and restarted; deal ``n`` depends only on the seed and ``n``)::

    PYTHONPATH=tests nice -n 10 .venv/bin/python -m preferans.make_full_deals --count 1000

Each deal: a shuffled 32-card deck gives three hands of ten and a talon of two (rule 8 of
001_776ed664a35a376f.txt); a random seat declares, takes the talon and discards two random
cards of his twelve (rule 24); a quarter of the deals are misères, the rest a game whose trumps
are the declarer's longest suit two times in three and any strain otherwise; a random seat
leads. The trick count is :func:`preferans.reference.declarer_tricks`, which shares no code
with the compiled solver.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.preferans.contracts import Contract, Strain, contract_text
from preferans.reference import declarer_tricks

DEFAULT_PATH = Path("tests/vectors/preferans-solver/full_deals.jsonl")
DECK = [Card(rank, suit) for suit in Suit for rank in Rank if Rank.SEVEN <= rank <= Rank.ACE]


def order(card: Card) -> tuple[int, int]:
    """Players' order of a hand: suits ♠ ♣ ♦ ♥ (rule 3), ranks upwards."""
    assert card.suit is not None
    return int(Strain.of_suit(card.suit)), int(card.rank)


def make_deal(seed: int, index: int) -> dict[str, object]:
    """Deal ``index`` of the series ``seed``, solved by the reference."""
    rng = random.Random(f"preferans-full-deals:{seed}:{index}")
    cards = rng.sample(DECK, 32)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    talon = cards[30:32]
    declarer = rng.randrange(3)
    twelve = hands[declarer] + talon
    discard = rng.sample(twelve, 2)
    hands[declarer] = [card for card in twelve if card not in discard]
    if rng.random() < 0.25:
        contract = Contract(0, None)
    else:
        if rng.random() < 2 / 3:
            longest = max(sum(card.suit == suit for card in hands[declarer]) for suit in Suit)
            suits = [
                suit
                for suit in Suit
                if sum(card.suit == suit for card in hands[declarer]) == longest
            ]
            strain = Strain.of_suit(rng.choice(suits))
        else:
            strain = rng.choice(list(Strain))
        contract = Contract(rng.randint(6, 10), strain)
    leader = rng.randrange(3)
    started = time.perf_counter()
    tricks = declarer_tricks(hands, declarer, leader, contract.trump, contract.is_misere)
    return {
        "deal": index,
        "hands": [cards_text(sorted(hand, key=order)) for hand in hands],
        "talon": cards_text(talon),
        "discard": cards_text(discard),
        "declarer": declarer,
        "leader": leader,
        "contract": contract_text(contract),
        "declarer_tricks": tricks,
        "seconds": round(time.perf_counter() - started, 3),
    }


def main() -> None:
    """Append deals to the file until it holds ``--count`` of them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DEFAULT_PATH)
    arguments = parser.parse_args()
    out: Path = arguments.out
    out.parent.mkdir(parents=True, exist_ok=True)
    done = len(out.read_text(encoding="utf-8").splitlines()) if out.exists() else 0
    with out.open("a", encoding="utf-8") as stream:
        for index in range(done, arguments.count):
            line = json.dumps(make_deal(arguments.seed, index), ensure_ascii=False)
            stream.write(line + "\n")
            stream.flush()


if __name__ == "__main__":
    main()
