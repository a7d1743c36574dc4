"""Records prove where they came from: statements replayed, hashes chained, deals committed.

Every test cites docs/records.md, which describes the record format, the hash chain, deck
commitments, signatures and the sealed save file.
"""

from __future__ import annotations

import dataclasses
import json
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from cardtable.bots import make_bot
from cardtable.cards import parse_cards
from cardtable.cli.main import app
from cardtable.engine import Match, record_text, seeded_rng, system_rng
from cardtable.engine.integrity import deck_commitment, fresh_salt, key_fingerprint
from cardtable.engine.record import RecordAltered, parse_record, record_from_data
from cardtable.engine.replay import replay
from cardtable.engine.signing import sign_record, verify_record
from cardtable.errors import RecordError
from cardtable.keys import club_key
from cardtable.poker.game import POKER
from cardtable.preferans.game import PREFERANS

runner = CliRunner()

Data = dict[str, Any]


def _holdem(deals: int = 2) -> Match[Any, Any, Any]:
    """Three players checking every hand down to a showdown, from seed 3."""
    game = POKER
    rules = game.rules("holdem")
    match = game.new_match(rules, ["Anna", "Boris", "Vera"], "holdem")
    bot = make_bot("poker", "check-down", rules)
    rng = seeded_rng(3)
    for number in range(deals):
        deal = match.start_deal(rng, bytes([number + 1]) * 16)
        while deal.to_move is not None:
            match.apply(bot.choose(match.view(deal.to_move), match.legal_actions(), rng))
    return match


def _preferans(deals: int = 2) -> Match[Any, Any, Any]:
    game = PREFERANS
    match = game.new_match(game.rules("sochi"), ["Anna", "Boris", "Vera"], "sochi")
    rng = seeded_rng(5)
    for number in range(deals):
        deal = match.start_deal(rng, bytes([number + 1]) * 16)
        while deal.to_move is not None:
            match.apply(rng.choice(match.legal_actions()))
    return match


def _swap_the_winners_hole_cards_with_a_losers(data: Data) -> None:
    deal = data["deals"][0]
    changes = deal["result"]["outcome"]["changes"]
    winner, loser = changes.index(max(changes)), changes.index(min(changes))
    match = replay(record_from_data(data))
    hole = {
        next(iter(event.audience)): [card.text() for card in event.cards]
        for event in match.deals[0].events
        if event.kind == "deal" and event.audience is not None
    }
    cards = [card.text() for card in parse_cards(deal["deck"])]
    for mine, theirs in zip(hole[winner], hole[loser], strict=True):
        first, second = cards.index(mine), cards.index(theirs)
        cards[first], cards[second] = cards[second], cards[first]
    deal["deck"] = " ".join(cards)


def _double_the_blinds(data: Data) -> None:
    forced = data["rules"]["forced"]
    forced["blinds"] = [2 * blind for blind in forced["blinds"]]


def _reverse_the_seat_names(data: Data) -> None:
    data["seats"].reverse()


def _drop_the_last_deal(data: Data) -> None:
    data["deals"].pop()


def _change_a_seed(data: Data) -> None:
    data["deals"][0]["seed"] += 1


def _change_the_preset_label(data: Data) -> None:
    data["preset"] = "omaha" if data["game"] == "poker" else "rostov"


def _change_the_pool(data: Data) -> None:
    data["rules"]["pool"] = 30


TAMPERS: list[tuple[Callable[[Data], None], Callable[[], Match[Any, Any, Any]], str]] = [
    (
        _swap_the_winners_hole_cards_with_a_losers,
        _holdem,
        r"deal 1: the record's outcome .* is not the replay's",
    ),
    (_double_the_blinds, _holdem, r"deal 1: the record's outcome .* is not the replay's"),
    (
        _reverse_the_seat_names,
        _holdem,
        r"deal \d: the record's ledger after it \(Anna (-?\d+), Boris (-?\d+), Vera (-?\d+), "
        r".*\) is not the replay's \(Vera \1, Boris \2, Anna \3, ",
    ),
    (_drop_the_last_deal, _holdem, r"the summary states 2 deals, the record holds 1"),
    (_change_a_seed, _holdem, r"record altered: deal 1's deck and seed are not those committed"),
    (_change_the_preset_label, _holdem, r"record altered: deal 1 does not match its hash"),
    (_change_the_pool, _preferans, r"record altered: deal 1 does not match its hash"),
]


def _ids(tamper: tuple[Callable[[Data], None], Any, str]) -> str:
    return tamper[0].__name__.strip("_")


def _one_error_line(path: Path) -> str:
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(("tamper", "play", "message"), TAMPERS, ids=map(_ids, TAMPERS))
def test_a_record_edited_by_hand_does_not_replay_as_valid(
    tmp_path: Path,
    tamper: Callable[[Data], None],
    play: Callable[[], Match[Any, Any, Any]],
    message: str,
) -> None:
    """Each edit the outside attempt made is refused, naming what no longer holds.

    docs/records.md, "What replay checks": every statement of a record is compared with the
    replay, and the hash chain binds the header, each deal and the summary.
    """
    data = json.loads(record_text(play().record()))
    tamper(data)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    line = _one_error_line(path)
    assert line.startswith("error: ")
    assert re.search(message, line), line


@pytest.mark.parametrize(("tamper", "play", "message"), TAMPERS, ids=map(_ids, TAMPERS))
def test_a_signed_record_rewritten_to_agree_with_itself_is_altered(
    tamper: Callable[[Data], None], play: Callable[[], Match[Any, Any, Any]], message: str
) -> None:
    """Recomputing every hash and result after an edit still breaks the club's signature.

    docs/records.md, "Signatures": the signature signs the last hash of the chain.
    """
    key = Ed25519PrivateKey.generate()
    signed = json.loads(sign_record(play().record(), key))
    data = json.loads(json.dumps(signed))
    tamper(data)
    stated = record_from_data(data)
    bare = dataclasses.replace(
        stated,
        summary=None,
        deals=tuple(dataclasses.replace(entry, result=None) for entry in stated.deals),
    )
    forged = replay(bare).record().to_data()
    forged["signature"] = signed["signature"]
    verified = verify_record(json.dumps(forged, ensure_ascii=False))
    assert verified.integrity.status == "altered"
    assert verified.integrity.reason == "the signature does not match the record"
    assert verify_record(json.dumps(signed)).integrity.status == "signed"


def test_a_record_whose_version_is_true_is_refused() -> None:
    """``"version": true`` is no version number, though Python counts True as 1.

    docs/records.md, "The format": ``version`` is the whole number 1 or 2.
    """
    data = json.loads(record_text(_holdem(1).record()))
    data["version"] = True
    with pytest.raises(RecordError, match=r"^record: version true is not 1 or 2$"):
        record_from_data(data)


def test_replay_names_the_key_that_signed_a_record(tmp_path: Path) -> None:
    """``cardtable replay`` says "signed by <fingerprint>", or "unsigned".

    docs/records.md, "Signatures".
    """
    key = club_key(tmp_path / "club")
    signed, unsigned = tmp_path / "signed.json", tmp_path / "unsigned.json"
    record = _holdem(1).record()
    signed.write_text(sign_record(record, key), encoding="utf-8")
    unsigned.write_text(record_text(record), encoding="utf-8")
    said = runner.invoke(app, ["replay", str(signed)])
    assert said.exit_code == 0, said.output
    assert f"\nSigned by {key_fingerprint(key.public_key())}.\n" in said.stdout
    assert "\nUnsigned.\n" in runner.invoke(app, ["replay", str(unsigned)]).stdout
    summary = json.loads(runner.invoke(app, ["replay", str(signed), "--json"]).stdout)
    assert (summary["integrity"], summary["signed_by"]) == (
        "signed",
        key_fingerprint(key.public_key()),
    )


def test_a_signature_by_a_key_from_another_record_is_altered() -> None:
    """A signature lifted from one record onto another does not sign it.

    docs/records.md, "Signatures".
    """
    key = Ed25519PrivateKey.generate()
    one = json.loads(sign_record(_holdem(1).record(), key))
    other = json.loads(record_text(_holdem(2).record()))
    other["signature"] = one["signature"]
    with pytest.raises(RecordAltered, match="the signature does not match the record"):
        parse_record(json.dumps(other, ensure_ascii=False))


def test_the_club_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    """The first use makes the key file (owner-only); later uses read the same key.

    docs/records.md, "Keys".
    """
    folder = tmp_path / "club"
    first = club_key(folder)
    again = club_key(folder)
    assert key_fingerprint(first.public_key()) == key_fingerprint(again.public_key())
    (path,) = folder.iterdir()
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_version_1_record_still_replays_and_is_unsigned(tmp_path: Path) -> None:
    """Records written before hashes and commitments are still read (the test vectors).

    docs/records.md, "Versions".
    """
    vector = Path(__file__).parent / "vectors/preferans-deals/misere_over_two_sixes.json"
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps(json.loads(vector.read_text(encoding="utf-8"))["record"]), encoding="utf-8"
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "\nUnsigned (a version 1 record: no hashes or commitments).\n" in result.stdout


def test_each_deal_reveals_the_deck_and_salt_it_committed_to() -> None:
    """A finished deal's commitment is the SHA-256 of its deck, seed and salt.

    docs/records.md, "Deck commitments".
    """
    data = json.loads(record_text(_holdem(2).record()))
    for deal in data["deals"]:
        assert len(bytes.fromhex(deal["salt"])) == 16
        assert deal["commitment"] == deck_commitment(deal["deck"], deal["seed"], deal["salt"])


def test_real_play_draws_decks_and_salts_from_the_operating_system() -> None:
    """Without ``--seed`` nobody can predict a deal: the generator is ``secrets``'.

    docs/records.md, "Deck commitments": decks and salts come from the system's generator.
    """
    assert isinstance(system_rng(), secrets.SystemRandom)
    salts = {fresh_salt() for _ in range(8)}
    assert len(salts) == 8
    assert all(len(salt) == 16 for salt in salts)


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"format": "cardtable-record", "version": 2, "game": ' + "9" * 5000 + "}"],
    ids=["nested-100000-deep", "integer-of-5000-digits"],
)
@pytest.mark.parametrize("command", [["replay"], ["replay", "--show"], ["play", "toy", "--load"]])
def test_a_record_too_deep_or_too_long_to_read_is_one_error_line(
    tmp_path: Path, text: str, command: list[str]
) -> None:
    """JSON nested 100,000 deep or a 5,000-digit number is refused in one line, exit 2.

    docs/records.md, "Reading": records are read through the bounded reader.
    """
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [*command, str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: record: "), result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_replaying_an_endless_file_stops_with_an_error() -> None:
    """``cardtable replay /dev/zero`` ends: no file larger than any record is read whole.

    docs/records.md, "Reading".
    """
    result = runner.invoke(app, ["replay", "/dev/zero"])
    assert result.exit_code == 2
    assert "larger than" in result.stderr


def test_replay_names_the_options_in_which_the_rules_differ_from_their_preset_label(
    tmp_path: Path,
) -> None:
    """A preset label over other rules is said: every option that differs from it is named.

    docs/records.md, "What replay checks": the preset label against the rules.
    """
    match = _holdem(1)
    doubled = json.loads(record_text(match.record()))
    _double_the_blinds(doubled)
    forged = replay(dataclasses.replace(record_from_data(doubled), summary=None, deals=())).record()
    same, other = tmp_path / "same.json", tmp_path / "other.json"
    same.write_text(record_text(match.record()), encoding="utf-8")
    other.write_text(record_text(forged), encoding="utf-8")
    said = runner.invoke(app, ["replay", str(same)])
    assert "\nRules: the holdem preset, unchanged.\n" in said.stdout
    told = runner.invoke(app, ["replay", str(other)])
    assert told.exit_code == 0, told.output
    assert "\nRules: the holdem preset with 1 option changed: forced.blinds.\n" in told.stdout


def test_the_table_publishes_each_deals_commitment_before_its_first_card(tmp_path: Path) -> None:
    """``play --json`` gives the commitment before any card; the finished deal opens it.

    docs/records.md, "Deck commitments": published before the first card is seen.
    """
    path = tmp_path / "partie.json"
    args = ["play", "piquet", "--seats", "you,bot", "--deals", "1", "--json", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n" * 80)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    first_cards = next(n for n, line in enumerate(lines) if line.get("cards"))
    (published,) = [line["commitment"] for line in lines[:first_cards] if "deal" in line]
    deal = json.loads(path.read_text(encoding="utf-8"))["deals"][0]
    assert deal["commitment"] == published
    assert deck_commitment(deal["deck"], deal["seed"], deal["salt"]) == published


def test_keys_shows_the_fingerprint_replay_names_for_the_clubs_records(tmp_path: Path) -> None:
    """A club publishes the fingerprint ``cardtable keys`` prints; readers match it.

    docs/records.md, "Keys".
    """
    folder = tmp_path / "club"
    shown = runner.invoke(app, ["keys", "--folder", str(folder), "--json"])
    assert shown.exit_code == 0, shown.output
    keys = json.loads(shown.stdout)
    assert keys["signing_key"] == str(folder / "club-signing-key.pem")
    path = tmp_path / "signed.json"
    path.write_text(sign_record(_holdem(1).record(), club_key(folder)), encoding="utf-8")
    assert (
        f"\nSigned by {keys['fingerprint']}.\n" in runner.invoke(app, ["replay", str(path)]).stdout
    )
    again = runner.invoke(app, ["keys", "--folder", str(folder)])
    assert again.stdout == f"{folder / 'club-signing-key.pem'}: {keys['fingerprint']}\n"
