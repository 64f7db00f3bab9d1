"""The cycle never waits without a bound for a lock another process holds on a log.

An agent holds a log's lock for the milliseconds of an append; a stuck holder (a hung tool, a
crashed agent whose descriptor lives on in a child) held the cycle forever. Now the cycle's trims,
session deletes, conversation clear and usage record give up after ``CYCLE_LOCK_TIMEOUT_S`` (made
short here) with an error naming the lock file, and leave the file as it was.

Each test holds the lock in a thread for ``HOLD_S``: the old code waited it out and then did its
work without a word, so every assertion below failed on it.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from dream_assets.core.clock import FixedClock
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety import budget as budget_module
from dream_assets.core.safety.budget import TokenBudget
from dream_assets.core.store import jsonl as jsonl_module
from dream_assets.core.store.atomic import append_line, file_lock, lock_path_for
from dream_assets.core.telemetry import retention
from dream_assets.core.telemetry.retention import sweep_session_dir
from dream_assets.passes.call import PassCall
from dream_assets.passes.log_retention import run_log_retention
from dream_assets.passes.preference_inference.run import run_preference_inference
from dream_assets_tests.builders import EARLIER_TURN, NOW, make_volume

SHORT_S = 0.3
HOLD_S = 3.0


@pytest.fixture(autouse=True)
def _short_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # raising=False: the code before the bound had none of these names (and must still fail).
    for module, name in (
        (retention, "LOCK_TIMEOUT_S"),
        (jsonl_module, "CYCLE_LOCK_TIMEOUT_S"),  # the conversation log's clear (jsonl.clear_upto)
        (budget_module, "CYCLE_LOCK_TIMEOUT_S"),
    ):
        monkeypatch.setattr(module, name, SHORT_S, raising=False)


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """``path``'s lock held by another holder (a thread: its own open file description) for
    ``HOLD_S`` at most; released on leaving."""
    taken, leave = threading.Event(), threading.Event()

    def hold() -> None:
        with file_lock(path):
            taken.set()
            leave.wait(HOLD_S)

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    assert taken.wait(5)
    try:
        yield
    finally:
        leave.set()
        holder.join(10)


def _lines(n: int) -> str:
    return "".join(json.dumps({"seq": i}) + "\n" for i in range(n))


def test_a_single_log_held_is_left_and_named(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    log = volume.single_log("tier-routing")
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(_lines(20), encoding="utf-8")
    options = DreamOptions(log_retention_max_lines_per_file=5)

    started = time.monotonic()
    with held(log):
        report = run_log_retention(volume, options, NOW)
        waited = time.monotonic() - started
    assert waited < HOLD_S  # gave up, did not wait the holder out
    assert log.read_text(encoding="utf-8") == _lines(20)
    assert any(str(lock_path_for(log)) in f and "left as it is" in f for f in report.failures)


def test_a_stale_session_file_held_is_kept_and_named(tmp_path: Path) -> None:
    directory = tmp_path / "skill-usage"
    directory.mkdir()
    stale = directory / "s-old.jsonl"
    stale.write_text(_lines(1), encoding="utf-8")
    old = (NOW - timedelta(days=40)).timestamp()
    os.utime(stale, (old, old))

    with held(stale):
        result = sweep_session_dir(
            directory, now=NOW, max_age=timedelta(days=30), max_files=None, max_lines=None
        )
        assert stale.exists()
    assert result.deleted_by_age == []
    assert any(str(lock_path_for(stale)) in f for f in result.failures)


def test_the_conversation_log_held_is_not_cleared_and_the_pass_says_why(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    for session, text in (("s1", "Please stop using emojis!"), ("s2", "Stop adding emojis!")):
        line = {"session_id": session, "role": "user", "content": text, "ts": EARLIER_TURN}
        append_line(volume.conversation_log, json.dumps(line))
    before = volume.conversation_log.read_bytes()

    with held(volume.conversation_log):
        report = run_preference_inference(PassCall(volume, DreamOptions(), NOW, None))
    assert volume.conversation_log.read_bytes() == before  # read again by the next cycle
    assert "conversation_bytes_cleared" not in report.counts
    (failure,) = report.failures
    assert str(lock_path_for(volume.conversation_log)) in failure


def test_the_usage_record_held_raises_naming_the_lock(tmp_path: Path) -> None:
    usage = tmp_path / "usage.jsonl"
    budget = TokenBudget(usage, "r1", FixedClock(NOW))
    with held(usage), pytest.raises(TimeoutError, match=str(lock_path_for(usage))):
        budget.record("memory_consolidation", 10, 5)
    assert not usage.exists()
