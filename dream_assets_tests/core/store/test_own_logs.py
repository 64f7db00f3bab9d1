"""The cycle's own logs (tombstones, losses, skill changes, undo/restore, lease takeovers) are
appended with ``state_file.append_own_line``: what stands at a log's name and is no regular file
is moved aside (``<name>.unusable-<n>``, nothing deleted) before the append, which before failed
(a directory: every later cycle), hung (a FIFO: an append waits for a reader) or wrote outside the
volume (a symlink out)."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.store.state_file import append_own_line
from dream_assets_tests.builders import entry
from dream_assets_tests.core.test_state_file_faults import (
    NOW,
    _cycle_at,
    _failures,
    _in_thread,
    _unblock_fifo,
    _volume,
)


def _directory(path: Path, _outside: Path) -> None:
    path.mkdir()
    (path / "note").write_text("kept", encoding="utf-8")


def _fifo(path: Path, _outside: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path, _outside: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()


def _symlink_out(path: Path, outside: Path) -> None:
    outside.write_text("not the cycle's\n", encoding="utf-8")
    path.symlink_to(outside)


FAULTS = pytest.mark.parametrize(
    "fault",
    [_directory, _fifo, _socket, _symlink_out],
    ids=["directory", "fifo", "socket", "symlink-out"],
)


@FAULTS
def test_an_own_log_that_is_no_regular_file_is_set_aside_and_the_line_lands(
    tmp_path: Path, fault: Callable[[Path, Path], None]
) -> None:
    log = tmp_path / "vol" / "losses.jsonl"
    log.parent.mkdir()
    outside = tmp_path / "elsewhere.txt"
    fault(log, outside)

    with _in_thread(lambda: append_own_line(log, '{"n": 1}'), _unblock_fifo(log)):
        pass

    assert log.read_text(encoding="utf-8") == '{"n": 1}\n'
    aside = log.with_name("losses.jsonl.unusable-1")
    assert aside.is_symlink() or aside.exists()
    if fault is _directory:
        assert (aside / "note").read_text(encoding="utf-8") == "kept"
    if fault is _symlink_out:
        assert outside.read_text(encoding="utf-8") == "not the cycle's\n"


def test_a_regular_log_is_appended_to_in_place(tmp_path: Path) -> None:
    log = tmp_path / "undo.jsonl"
    log.write_text('{"n": 0}\n', encoding="utf-8")
    append_own_line(log, '{"n": 1}')
    assert log.read_text(encoding="utf-8") == '{"n": 0}\n{"n": 1}\n'
    assert not list(tmp_path.glob("*.unusable-*"))


def test_a_fifo_at_the_tombstone_log_neither_hangs_the_purge_nor_loses_a_tombstone(
    tmp_path: Path,
) -> None:
    """The purge appends each tombstone under the entry's lock: a FIFO at
    ``memory-audit/purged.jsonl`` held the cycle (and the entry's lock) forever."""
    root = tmp_path / "agents"
    volume = _volume(root)
    volume.save(entry("old", "Ana's locker code changed.", archived_days=200, age_days=300))
    volume.audit_dir.mkdir(parents=True, exist_ok=True)
    stones = volume.audit_dir / "purged.jsonl"
    os.mkfifo(stones)
    with (
        dg.instance_for_test() as instance,
        _in_thread(lambda: _cycle_at(root, NOW, instance), _unblock_fifo(stones)) as box,
    ):
        assert box[0].success, _failures(box[0])
    assert volume.get("old") is None
    (line,) = stones.read_text(encoding="utf-8").splitlines()
    assert '"old"' in line
    assert stones.with_name("purged.jsonl.unusable-1").exists()
