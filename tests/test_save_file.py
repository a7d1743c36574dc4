"""The save file of a local table: the deal in progress sealed, every save durable.

docs/records.md, "The save file", says what a player who reads the file can and cannot learn
and how the file is written.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.play import read_saved_record
from cardtable.durable import TEMPORARY_SUFFIX
from cardtable.engine import get_game, record_text, seeded_rng, view_to_data
from cardtable.engine.integrity import deck_commitment, fresh_salt
from cardtable.engine.record import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sealing import seal_deal_in_progress, unseal_deal_in_progress
from cardtable.engine.signing import verify_record
from cardtable.keys import seal_key
from toygame.game import ToyGame

runner = CliRunner()

SUITS = set("♠♣♦♥")


def _stopped_mid_deal(path: Path, moves: int = 2) -> None:
    args = ["play", "piquet", "--seats", "you,bot", "--seed", "4", "--json", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n" * moves + "q\n")
    assert result.exit_code == 0, result.output


def test_a_save_made_mid_deal_shows_no_card_or_move_of_the_deal_in_progress(
    tmp_path: Path,
) -> None:
    """Who reads the save file mid-deal sees who dealt and the commitment, not the cards.

    docs/records.md, "The save file": the deal in progress is sealed.
    """
    path = tmp_path / "partie.json"
    _stopped_mid_deal(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    (current,) = data["deals"]
    assert set(current) == {"dealer", "before", "commitment", "sealed", "hash"}
    assert not SUITS & set(json.dumps(current, ensure_ascii=False))
    resumed = read_saved_record(path).deals[0]
    assert len(resumed.actions) >= 2
    assert current["commitment"] == resumed.commitment


def test_a_sealed_deal_keeps_the_commitment_it_had_before_its_first_card(
    tmp_path: Path,
) -> None:
    """The commitment saved before the first card is the one the finished deal reveals.

    docs/records.md, "Deck commitments": published before any card is seen, opened after.
    """
    path = tmp_path / "partie.json"
    args = ["play", "piquet", "--seats", "you,bot", "--seed", "4", "--json", "--save", str(path)]
    first = runner.invoke(app, args, input="q\n")
    assert first.exit_code == 0, first.output
    committed = json.loads(path.read_text(encoding="utf-8"))["deals"][0]["commitment"]
    # The person's seat plays the first legal move until the deal ends.
    finished = runner.invoke(
        app, ["play", "piquet", "--load", str(path), "--deals", "1", "--json"], input="1\n" * 80
    )
    assert finished.exit_code == 0, finished.output
    deal = json.loads(path.read_text(encoding="utf-8"))["deals"][0]
    assert deal["result"] is not None
    assert deal["commitment"] == committed
    assert deck_commitment(deal["deck"], deal["seed"], deal["salt"]) == committed


def test_a_save_sealed_by_another_table_cannot_be_resumed_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another user's (or machine's) key does not open the deal in progress; one error line.

    docs/records.md, "The save file".
    """
    path = tmp_path / "partie.json"
    _stopped_mid_deal(path)
    before = path.read_bytes()
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "another-home"))
    result = runner.invoke(app, ["play", "piquet", "--load", str(path)], input="q\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: record: deal 1 is sealed with a key this table")
    assert path.read_bytes() == before


def test_replay_checks_the_finished_deals_of_a_save_and_names_the_sealed_one(
    tmp_path: Path,
) -> None:
    """``cardtable replay`` of a save mid-deal replays what is open and opens nothing sealed.

    docs/records.md, "The save file".
    """
    path = tmp_path / "partie.json"
    _stopped_mid_deal(path)
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["deals"], summary["sealed"], summary["in_progress"]) == (1, True, True)
    assert summary["actions"] == 0


def test_every_save_flushes_the_file_and_its_folder_to_the_disk(
    toy: ToyGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save survives a power cut: the new file and the rename are both on the disk.

    docs/records.md, "The save file": ``fsync`` of the file, then of its folder.
    """
    flushed: list[str] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        flushed.append(os.readlink(f"/proc/self/fd/{descriptor}"))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    path = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "you,bot", "--seed", "3", "--save", str(path)]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    saved = [name for name in flushed if Path(name).parent == tmp_path]
    assert any(Path(name).name.endswith(TEMPORARY_SUFFIX) for name in saved)
    assert str(tmp_path) in flushed


def test_temporary_files_a_killed_table_left_are_removed_when_its_save_is_opened(
    toy: ToyGame, tmp_path: Path
) -> None:
    """A kill between writing and renaming leaves a temporary file; the next open clears it.

    docs/records.md, "The save file".
    """
    path = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "you,bot", "--seed", "3", "--save", str(path)]
    assert runner.invoke(app, args, input="q\n").exit_code == 0
    stale = tmp_path / f".game.json.x1y2z3{TEMPORARY_SUFFIX}"
    stale.write_text("{half a rec", encoding="utf-8")
    other = tmp_path / f".other.json.x1y2z3{TEMPORARY_SUFFIX}"
    other.write_text("another table's", encoding="utf-8")
    result = runner.invoke(app, ["play", "toy", "--load", str(path)], input="q\n")
    assert result.exit_code == 0, result.output
    assert not stale.exists()
    assert other.exists()


def _play_until_killed(path: Path, delay: float, how: signal.Signals, load: bool) -> list[str]:
    """Play piquet as seat 0 by the first legal move; kill the table ``delay`` seconds on.

    The clock starts at the table's first line (a loaded machine may take longer than the
    delay to start Python), so that every kill falls in play. Returns the texts of the events
    the table told the person before it died.
    """
    command = [sys.executable, "-m", "cardtable", "play", "piquet", "--json"]
    command += ["--load", str(path)] if load else ["--seats", "you,bot", "--save", str(path)]
    table = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
    )
    assert table.stdin is not None
    assert table.stdout is not None
    timer = threading.Timer(delay, table.send_signal, [how])
    told: list[str] = []
    try:
        for line in table.stdout:
            if not timer.is_alive() and not timer.finished.is_set():
                timer.start()
            said = json.loads(line)
            if "event" in said:
                told.append(said["text"])
            elif "to_move" in said:
                table.stdin.write("1\n")
                table.stdin.flush()
    except BrokenPipeError:
        pass
    finally:
        timer.cancel()
        table.wait(timeout=30)
    return told


def _events_saved(path: Path) -> list[str]:
    if not path.exists():
        return []
    match = replay(read_saved_record(path))
    return [event.text for deal in match.deals for event in deal.events]


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_table_killed_at_random_moments_loses_no_move_it_told(
    toy: ToyGame, tmp_path: Path, how: signal.Signals
) -> None:
    """Kill the table at random moments: every event it showed is in the saved record.

    docs/records.md, "The save file": the record is written before anything is shown. SIGTERM
    lets the write finish or remove its temporary file; after SIGKILL the next open does.
    """
    rng = random.Random(f"kills/{how.name}")
    path = tmp_path / "partie.json"
    for kill in range(3):
        before = _events_saved(path)
        told = _play_until_killed(path, rng.uniform(0.6, 1.6), how, load=bool(before))
        kept = _events_saved(path)
        assert kept[: len(before)] == before
        assert kept[len(before) : len(before) + len(told)] == told, f"kill {kill} lost a move"
        leftovers = list(tmp_path.glob(f".*{TEMPORARY_SUFFIX}"))
        if how == signal.SIGTERM:
            assert leftovers == []
    resumed = runner.invoke(app, ["play", "piquet", "--load", str(path)], input="q\n")
    assert resumed.exit_code == 0, resumed.output
    assert list(tmp_path.glob(f".*{TEMPORARY_SUFFIX}")) == []


@pytest.mark.parametrize("game_name", ["preferans", "piquet", "poker"])
def test_a_deal_sealed_mid_play_reopens_to_the_very_same_position(game_name: str) -> None:
    """Sealing and unsealing loses nothing: every seat's view and the seat to move agree.

    docs/records.md, "The save file": ``--load`` opens the sealed deal and resumes exactly.
    """
    game = get_game(game_name)
    seats = [f"P{n}" for n in range(game.players[0])]
    match = game.new_match(game.rules(game.default_preset), seats, game.default_preset)
    rng = seeded_rng(11)
    for steps in (10_000, 3):
        deal = match.start_deal(rng, fresh_salt())
        for _ in range(steps):
            if deal.to_move is None:
                break
            match.apply(rng.choice(match.legal_actions()))
    assert match.current is not None
    key = seal_key()
    text = record_text(seal_deal_in_progress(match.record(), key))
    verified = verify_record(text)
    assert verified.integrity.status == "unsigned"
    assert len(verified.match.deals) == len(match.deals) - 1
    resumed = replay(unseal_deal_in_progress(parse_record(text), key))
    assert resumed.to_move == match.to_move
    for seat in range(len(seats)):
        assert view_to_data(resumed.view(seat)) == view_to_data(match.view(seat))
    assert resumed.record() == match.record()


def test_a_save_edited_by_hand_is_not_resumed(toy: ToyGame, tmp_path: Path) -> None:
    """A save whose summary was changed (a score written in) no longer matches its hashes.

    docs/records.md, "The hash chain": ``--load`` refuses an altered record, file untouched.
    """
    path = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "you,bot", "--seed", "3", "--deals", "1"]
    assert runner.invoke(app, [*args, "--save", str(path)], input="1\n" * 8).exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["summary"]["ledger"] = dict.fromkeys(data["summary"]["ledger"], 0)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    result = runner.invoke(app, ["play", "toy", "--load", str(path)], input="q\n")
    assert result.exit_code == 2
    assert result.stderr == "error: record altered: the summary does not match the record's hash\n"
    assert path.read_bytes() == before
