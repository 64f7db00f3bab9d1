"""``dream-lease-takeovers.jsonl`` (the lease's takeover log) under faults, through real cycles.

Every writing step reads the log (was this run's lease taken over?), and a takeover appends to
it. A directory there failed every later step ("cannot be read"); a FIFO failed every step, and a
takeover's append to it would wait for a reader forever; a symlink to a file outside the volume
failed every step. Now what is not a regular file is moved aside (``<name>.unusable-<n>``, nothing
deleted) and the log starts again beside it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.store.lease import TAKEOVER_LOG
from dream_assets_tests.core.store.test_own_logs import _directory, _fifo, _symlink_out
from dream_assets_tests.core.test_state_file_faults import (
    NOW,
    SECOND,
    _add_duplicates,
    _cycle_at,
    _failures,
    _in_thread,
    _merged_sources,
    _unblock_fifo,
    _volume,
)

STALE = {
    "owner": "dagster job dream_cycle",
    "run_id": "crashed-run",
    "pid": 4242,
    "host": "another-host",
    "since": "2026-01-01T00:00:00+00:00",
    "renewed_at": "2026-01-01T00:00:00+00:00",
    "expires_at": "2026-01-01T01:00:00+00:00",
}


@pytest.mark.parametrize("stale_lease", [False, True], ids=["no-takeover", "takeover"])
@pytest.mark.parametrize(
    "fault", [_directory, _fifo, _symlink_out], ids=["directory", "fifo", "symlink-out"]
)
def test_a_takeover_log_that_is_no_regular_file_is_set_aside(
    tmp_path: Path, fault: Callable[[Path, Path], None], stale_lease: bool
) -> None:
    root = tmp_path / "agents"
    volume = _volume(root)
    log = volume.root / TAKEOVER_LOG
    outside = tmp_path / "elsewhere.txt"
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        _add_duplicates(volume)
        fault(log, outside)
        if stale_lease:
            (volume.root / "dream.lease").write_text(json.dumps(STALE), encoding="utf-8")
        with _in_thread(lambda: _cycle_at(root, SECOND, instance), _unblock_fifo(log)) as box:
            assert box[0].success, _failures(box[0])

    assert ["d-1", "d-2"] in _merged_sources(volume)
    aside = volume.root / f"{TAKEOVER_LOG}.unusable-1"
    assert aside.is_symlink() or aside.exists()
    if fault is _directory:
        assert (aside / "note").read_text(encoding="utf-8") == "kept"
    if fault is _symlink_out:
        assert outside.read_text(encoding="utf-8") == "not the cycle's\n"  # never written
    if stale_lease:
        (line,) = log.read_text(encoding="utf-8").splitlines()
        assert json.loads(line)["previous"]["run_id"] == "crashed-run"
    else:
        assert not log.exists()
