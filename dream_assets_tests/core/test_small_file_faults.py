"""The cycle's small files in the agent volume under faults, read directly (no Dagster run): the
agent's ``dream-options.json``, ``merge-coverage-vocabulary.json``, ``review-queue.json``,
``dream-changes.jsonl`` and ``dream-conversation-receipts.json``.

The promise (docs/agent-volume.md): a FIFO there never hangs the cycle, a file that cannot be read
is reported naming it (the user's config and the review queue, left as they are) or set aside
(the cycle's own logs, nothing deleted), and no change or item is lost.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.clock import FixedClock, format_time
from dream_assets.core.facts.vocabulary import DEFAULT_VOCABULARY, load_vocabulary
from dream_assets.core.options import DreamOptions, OptionsError, agent_options
from dream_assets.core.safety.bounds import CHANGES_LOG, RunBounds, bounds_for_run
from dream_assets.core.safety.quiet import RECEIPTS_FILE, _load_receipts, read_quiet_conversation
from dream_assets.core.safety.review_queue import QUEUE_FILE, ReviewQueue, make_item
from dream_assets.core.store.atomic import lock_path_for
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.core.test_state_file_faults import _in_thread, _lock_held, _unblock_fifo

TOO_DEEP = "[" * 100_000 + "]" * 100_000


def _outcome(work: Callable[[], Any]) -> Callable[[], Any]:
    """``work`` returning its exception instead of raising it (a thread's result box)."""

    def run() -> Any:
        try:
            return work()
        except Exception as exc:  # the test asserts on it
            return exc

    return run


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


# -- dream-options.json (the user's config: an error naming it) -------------------------------


def test_an_options_file_that_is_a_fifo_is_an_error_naming_it(tmp_path: Path) -> None:
    path = _fifo(tmp_path / "dream-options.json")
    work = _outcome(lambda: agent_options(DreamOptions(), path))
    with _in_thread(work, _unblock_fifo(path)) as box:
        (error,) = box
    assert isinstance(error, OptionsError) and str(path) in str(error), error
    assert stat.S_ISFIFO(os.lstat(path).st_mode)  # left as it is


def test_an_options_file_swapped_for_a_fifo_after_the_look_is_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is regular when looked at and a FIFO when opened (another process swapped it
    between the two): the open does not wait for a writer and the error names the file."""
    import dream_assets.core.options as options_module

    path = tmp_path / "dream-options.json"
    path.write_text("{}", encoding="utf-8")
    real_stat = os.stat

    def look_then_swap(target: object, *args: object, **kwargs: object) -> os.stat_result:
        seen = real_stat(target, *args, **kwargs)  # type: ignore[arg-type]
        if Path(str(target)) == path:
            path.unlink()
            os.mkfifo(path)
        return seen

    monkeypatch.setattr(options_module.os, "stat", look_then_swap)
    work = _outcome(lambda: agent_options(DreamOptions(), path))
    with _in_thread(work, _unblock_fifo(path)) as box:
        (error,) = box
    assert isinstance(error, OptionsError) and str(path) in str(error), error
    assert "not a regular file" in str(error)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b'{"similarity_threshold": "\xff\xfe"}', id="not-utf8"),
        pytest.param(TOO_DEEP.encode(), id="nested-too-deep"),
    ],
)
def test_an_options_file_that_cannot_be_read_names_it(tmp_path: Path, data: bytes) -> None:
    """UnicodeDecodeError / RecursionError came out of ``agent_options`` without the file."""
    path = tmp_path / "dream-options.json"
    path.write_bytes(data)
    with pytest.raises(OptionsError) as caught:
        agent_options(DreamOptions(), path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == data


# -- merge-coverage-vocabulary.json (a warning naming it, the baseline) -----------------------


def test_a_vocabulary_that_is_a_fifo_falls_back_with_a_warning(tmp_path: Path) -> None:
    path = _fifo(tmp_path / "merge-coverage-vocabulary.json")
    with _in_thread(lambda: load_vocabulary(path), _unblock_fifo(path)) as box:
        ((vocabulary, warning),) = box
    assert vocabulary == DEFAULT_VOCABULARY
    assert warning is not None and str(path) in warning and "baseline" in warning


def test_a_vocabulary_nested_too_deeply_falls_back_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "merge-coverage-vocabulary.json"
    path.write_text(TOO_DEEP, encoding="utf-8")
    vocabulary, warning = load_vocabulary(path)
    assert vocabulary == DEFAULT_VOCABULARY
    assert warning is not None and str(path) in warning


# -- review-queue.json (the operators' data: refused naming it, never replaced) ---------------


def _item() -> Any:
    return make_item(kind="archive", reason="pinned", sources=[entry("m-1")], now=NOW, run_id="r")


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"[]", id="list"),
        pytest.param(b'"items"', id="string"),
        pytest.param(b"17", id="number"),
        pytest.param(b'{"version": 1, "items": {"a": 1}}', id="items-not-a-list"),
        pytest.param(b'{"version": 1, "items": [5]}', id="item-not-an-object"),
        pytest.param(b'{"version": 1, "items": [{"id": "rv-1"}]}', id="item-missing-fields"),
        pytest.param(TOO_DEEP.encode(), id="nested-too-deep"),
        pytest.param(b'{"version": 1, "items": [', id="not-json"),
        pytest.param(b'{"version": 1, "items": [], "x": "\xff"}', id="not-utf8"),
    ],
)
def test_a_review_queue_that_is_not_a_queue_is_refused_naming_it(
    tmp_path: Path, data: bytes
) -> None:
    """A list, a string or a number raised AttributeError, deep nesting RecursionError, neither
    naming the file; nothing may replace the file (the operators' items would be lost)."""
    path = tmp_path / QUEUE_FILE
    path.write_bytes(data)
    queue = ReviewQueue(tmp_path)
    for attempt in (queue.items, lambda: queue.add(_item()), lambda: queue.get("rv-1")):
        with pytest.raises(ValueError) as caught:
            attempt()
        assert str(path) in str(caught.value)
    assert path.read_bytes() == data


def test_a_review_queue_that_is_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    path = _fifo(tmp_path / QUEUE_FILE)
    queue = ReviewQueue(tmp_path)
    with _in_thread(_outcome(lambda: queue.add(_item())), _unblock_fifo(path)) as box:
        (error,) = box
    assert isinstance(error, ValueError) and str(path) in str(error), error
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


def test_a_review_queue_lock_held_elsewhere_is_given_up_naming_the_lock(tmp_path: Path) -> None:
    """``add`` waited on the queue's lock without a bound: a stuck holder hung the pass."""
    queue = ReviewQueue(tmp_path)
    assert queue.add(_item())
    before = queue.path.read_bytes()
    lock = lock_path_for(queue.path)
    other = make_item(kind="archive", reason="pinned", sources=[entry("m-2")], now=NOW, run_id="r")
    with (
        _lock_held(lock) as release,
        _in_thread(_outcome(lambda: queue.add(other)), release) as box,
    ):
        (error,) = box
    assert isinstance(error, TimeoutError) and lock.name in str(error), error
    assert queue.path.read_bytes() == before
    assert queue.add(other)  # the lock free again, the item is queued


# -- dream-changes.jsonl (the cycle's own log: set aside, never waited on) --------------------


def _bounds(root: Path, *, daily: int = 0) -> RunBounds:
    clock = FixedClock(NOW)
    return bounds_for_run(
        root,
        clock=clock,
        started_at=NOW,
        deadline_minutes=0,
        max_changes_per_run=0,
        daily_change_allowance=daily,
        run_id="r",
    )


def _change(minutes_ago: float) -> str:
    record = {"ts": format_time(NOW - timedelta(minutes=minutes_ago)), "run_id": "old"}
    return json.dumps({**record, "change": "merge", "target": "m-1"})


def test_a_change_log_with_undecodable_bytes_still_counts_its_changes(tmp_path: Path) -> None:
    """One non-UTF-8 byte failed the read of the whole log (every later cycle)."""
    log = tmp_path / CHANGES_LOG
    log.write_bytes(_change(5).encode() + b"\n\xff\xfe garbage\n" + _change(3).encode() + b"\n")
    bounds = _bounds(tmp_path, daily=2)
    assert "daily allowance of 2 changes" in (bounds.stop_reason() or "")
    kept = log.read_text(encoding="utf-8").splitlines()
    assert kept == [_change(5), _change(3)]  # the undecodable line dropped, the changes kept


def test_a_change_log_that_is_a_fifo_is_set_aside_not_waited_on(tmp_path: Path) -> None:
    log = _fifo(tmp_path / CHANGES_LOG)

    def run() -> str | None:
        bounds = _bounds(tmp_path, daily=5)
        reason = bounds.stop_reason()
        bounds.spend("merge", "m-1")
        return reason

    with _in_thread(run, _unblock_fifo(log)) as box:
        assert box == [None]
    (aside,) = tmp_path.glob(CHANGES_LOG + ".unusable-*")
    assert stat.S_ISFIFO(os.lstat(aside).st_mode)
    (line,) = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["target"] == "m-1"


def test_a_change_log_that_is_a_directory_is_set_aside_with_its_contents(tmp_path: Path) -> None:
    log = tmp_path / CHANGES_LOG
    log.mkdir()
    (log / "note").write_text("kept", encoding="utf-8")
    bounds = _bounds(tmp_path, daily=5)
    bounds.spend("merge", "m-1")
    (aside,) = tmp_path.glob(CHANGES_LOG + ".unusable-*")
    assert (aside / "note").read_text(encoding="utf-8") == "kept"
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1


# -- dream-conversation-receipts.json (the cycle's own: unreadable is no look) -----------------


def test_a_receipts_file_that_is_a_fifo_counts_as_no_look(tmp_path: Path) -> None:
    path = _fifo(tmp_path / RECEIPTS_FILE)
    with _in_thread(lambda: _load_receipts(path), _unblock_fifo(path)) as box:
        assert box == [{}]


def test_a_receipts_file_that_is_a_directory_is_set_aside(tmp_path: Path) -> None:
    """Writing the receipts over a directory failed every cycle that read the conversation."""
    volume = make_volume(tmp_path / "ada")
    turn = {"session_id": "s-1", "role": "user", "content": "Hello there"}
    volume.conversation_log.write_text(json.dumps(turn) + "\n", encoding="utf-8")
    path = volume.root / RECEIPTS_FILE
    path.mkdir()
    (path / "note").write_text("kept", encoding="utf-8")
    result = read_quiet_conversation(volume, NOW, timedelta(minutes=30))
    assert result.active == {"s-1"}  # dated by receipt: just now, so still active
    (aside,) = volume.root.glob(RECEIPTS_FILE + ".unusable-*")
    assert (aside / "note").read_text(encoding="utf-8") == "kept"
    assert "s-1" in json.loads(path.read_text(encoding="utf-8"))["sessions"]
