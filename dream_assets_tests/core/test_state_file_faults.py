"""The cycle's own state files under faults (a state-file fuzz, /work/w/statefuzz/).

The promise: a state file the cycle keeps beside the agent's data (the pass ledger, the entry
index, the DuckDB file, the lease, ``memory-audit/``, the review queue, ``dream-options.json``,
the vocabulary, the directives) that is missing, empty, truncated, of the wrong JSON type, of a
foreign schema or version, garbage, a directory, a FIFO, a symlink out of the volume or locked by
another process is either rebuilt (a cache) or reported with an error naming the file; it never
makes the cycle lose or wrongly rewrite an entry, never hangs, and never fails every later cycle
(unless it is the user's own config, and then the error names the file).

Each test runs real cycles through Dagster (``dg.materialize`` of the cycle's assets and checks)
on a small volume: a clean cycle, the fault, the next cycle (and a third one where it matters).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.core.clock import format_time
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.jobs import CYCLE_ASSETS, PASS_CHECKS
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets_tests.builders import NOW, entry, make_volume

AGENT = "ada"
CAROLINE = "Caroline moved to Berlin in March 2021 for her job at SAP."
TEA = "Tea is served at four in the Lisbon office."
BIKE = "Victor rides a red bicycle to work every day."
# Past consolidation's minimum interval (6 h) after the clean cycle, and after that again.
SECOND = NOW + timedelta(hours=7)
THIRD = NOW + timedelta(hours=14)
# Long enough for a cycle of the small volume on a slow machine; a cycle that takes longer is
# waiting on something.
HANG_SECONDS = 60.0


def _cycle_at(
    root: Path, when: datetime, instance: dg.DagsterInstance
) -> dg.ExecuteInProcessResult:
    """One cycle of ``AGENT`` at ``when`` (a failed step fails the result, it does not raise)."""
    if not instance.has_dynamic_partition("agents", AGENT):
        instance.add_dynamic_partitions("agents", [AGENT])
    return dg.materialize(
        [*CYCLE_ASSETS, *PASS_CHECKS],
        partition_key=AGENT,
        instance=instance,
        resources={
            "dream": DreamResource(agents_root=str(root), now=format_time(when)),
            "llm": LLMResource(),
        },
        raise_on_error=False,
    )


def _failures(result: dg.ExecuteInProcessResult) -> list[str]:
    """Each failed step's error, its causes included."""
    messages = []
    for event in result.all_events:
        if event.event_type_value == "STEP_FAILURE":
            error = event.event_specific_data.error
            text = []
            while error is not None:
                text.append(error.message)
                error = error.cause
            messages.append(f"{event.step_key}: {' <- '.join(text)}")
    return messages


def _volume(root: Path) -> AgentVolume:
    return make_volume(
        root / AGENT,
        [entry("m-1", CAROLINE), entry("m-3", TEA), entry("m-4", BIKE)],
    )


def _add_duplicates(volume: AgentVolume) -> None:
    """Two exact duplicates the next cycle merges (deterministically, no model)."""
    volume.save(entry("d-1", "The office plant is watered on Mondays."))
    volume.save(entry("d-2", "The office plant is watered on Mondays."))


def _merged_sources(volume: AgentVolume) -> list[list[str]]:
    return sorted(
        sorted(e.metadata["merged_from"])
        for e in volume.scan_entries().live
        if e.metadata.get("merged_from")
    )


def _entry_bytes(volume: AgentVolume) -> dict[str, bytes]:
    return {p.stem: p.read_bytes() for p in volume.entries_dir.glob("*.json")}


def _ok_or_names(result: dg.ExecuteInProcessResult, path: Path) -> None:
    """The cycle succeeded, or failed with an error naming ``path``."""
    if result.success:
        return
    failures = _failures(result)
    assert failures and all(path.name in f for f in failures), failures


@contextlib.contextmanager
def _in_thread(work: Callable[[], Any], unblock: Callable[[], None]) -> Iterator[list[Any]]:
    """Run ``work`` in a thread; if it has not finished within ``HANG_SECONDS``, ``unblock`` it
    (so the test process does not stay stuck) and fail. Yields the result box."""
    box: list[Any] = []
    thread = threading.Thread(target=lambda: box.append(work()), daemon=True)
    thread.start()
    thread.join(HANG_SECONDS)
    hung = thread.is_alive()
    if hung:
        unblock()
        thread.join(HANG_SECONDS)
    assert not hung, f"the cycle was still running after {HANG_SECONDS:.0f}s"
    yield box


def _unblock_fifo(path: Path) -> Callable[[], None]:
    def unblock() -> None:
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))

    return unblock


@contextlib.contextmanager
def _lock_held(lock: Path) -> Iterator[Callable[[], None]]:
    """``lock`` (a sidecar lock file) held by another open file description, as another process
    would hold it; yields its release (idempotent), which also runs on leaving."""
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    released = False

    def release() -> None:
        nonlocal released
        if not released:
            released = True
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    try:
        yield release
    finally:
        release()


# -- dream-pass-ledger.json -----------------------------------------------------------------------


def _ledger_fault_then_cycles(
    tmp_path: Path, fault: Callable[[Path], None]
) -> tuple[AgentVolume, dg.ExecuteInProcessResult, dg.ExecuteInProcessResult]:
    """Clean cycle; duplicates added and the ledger faulted; the second and the third cycle."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        _add_duplicates(volume)
        fault(volume.ledger_path)
        second = _cycle_at(root, SECOND, instance)
        third = _cycle_at(root, THIRD, instance)
    return volume, second, third


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            '{"version": 1, "passes": {"memory_consolidation": 5}}', id="stamp-not-object"
        ),
        pytest.param(
            '{"version": 1, "passes": {"memory_consolidation": {"completed_at": 17}}}',
            id="time-not-string",
        ),
        pytest.param("[" * 100_000 + "]" * 100_000, id="nested-too-deep"),
    ],
)
def test_a_malformed_ledger_runs_everything_once(tmp_path: Path, text: str) -> None:
    """A ledger of the right JSON but the wrong shape inside is "corrupt": run everything once
    (it failed every later cycle with AttributeError / RecursionError from ``PassLedger.load``)."""
    volume, second, third = _ledger_fault_then_cycles(
        tmp_path, lambda p: p.write_text(text, encoding="utf-8")
    )
    assert second.success, _failures(second)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)


def test_a_ledger_stamped_in_the_future_does_not_skip_forever(tmp_path: Path) -> None:
    """A stamp later than the cycle's clock (a clock set back, a hand-edited or foreign file)
    blocked consolidation by its minimum interval until that date: "skip forever"."""

    def future(path: Path) -> None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        for stamp in raw["passes"].values():
            stamp["completed_at"] = "2099-01-01T00:00:00+00:00"
        path.write_text(json.dumps(raw), encoding="utf-8")

    volume, second, third = _ledger_fault_then_cycles(tmp_path, future)
    assert second.success and third.success
    assert ["d-1", "d-2"] in _merged_sources(volume)


def test_a_ledger_of_another_version_is_not_read_as_this_one(tmp_path: Path) -> None:
    from dream_assets.core.store.ledger import PassLedger

    path = tmp_path / "dream-pass-ledger.json"
    path.write_text(
        json.dumps(
            {"version": 99, "passes": {"p": {"completed_at": format_time(NOW), "fingerprint": "x"}}}
        ),
        encoding="utf-8",
    )
    ledger = PassLedger.load(path)
    assert ledger.last("p") is None
    assert ledger.warning and path.name in ledger.warning and "version" in ledger.warning


def test_a_ledger_that_is_a_directory_does_not_fail_every_cycle(tmp_path: Path) -> None:
    """os.replace of the new ledger over a directory failed the stamping pass in every cycle
    until someone removed the directory by hand."""

    def directory(path: Path) -> None:
        path.unlink()
        path.mkdir()
        (path / "note").write_text("kept", encoding="utf-8")

    volume, second, third = _ledger_fault_then_cycles(tmp_path, directory)
    _ok_or_names(second, volume.ledger_path)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)
    # What was in the way is moved aside, not deleted.
    kept = [p for p in volume.root.glob("dream-pass-ledger.json*") if (p / "note").is_file()]
    assert kept


def test_a_ledger_that_is_a_fifo_does_not_hang_the_cycle(tmp_path: Path) -> None:
    """Reading a FIFO blocks until a writer opens it: the cycle waited forever."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        volume.ledger_path.unlink()
        os.mkfifo(volume.ledger_path)
        with _in_thread(
            lambda: _cycle_at(root, SECOND, instance), _unblock_fifo(volume.ledger_path)
        ) as box:
            _ok_or_names(box[0], volume.ledger_path)
        assert _cycle_at(root, THIRD, instance).success


def test_a_ledger_symlinked_out_of_the_volume_is_not_read(tmp_path: Path) -> None:
    """The ledger is the cycle's own file: a symlink to a file outside the agent's directory is
    not followed (nothing escapes the volume); stamping replaces the link, not its target."""
    from dream_assets.core.store.ledger import PassLedger, stamp_pass

    outside = tmp_path / "outside.json"
    payload = {
        "version": 1,
        "passes": {"p": {"completed_at": format_time(NOW), "fingerprint": "x"}},
    }
    outside.write_text(json.dumps(payload), encoding="utf-8")
    agent = tmp_path / "agent"
    agent.mkdir()
    path = agent / "dream-pass-ledger.json"
    path.symlink_to(outside)
    ledger = PassLedger.load(path)
    assert ledger.last("p") is None and ledger.warning and path.name in ledger.warning
    stamp_pass(path, "q", NOW)
    assert json.loads(outside.read_text(encoding="utf-8")) == payload
    assert not path.is_symlink() and PassLedger.load(path).last("q") is not None


def test_a_ledger_lock_held_by_another_process_does_not_hang_the_cycle(tmp_path: Path) -> None:
    """``stamp_pass`` waited on the ledger's sidecar lock without a bound: a stuck holder hung
    the cycle. Now it gives up after a while with an error naming the lock file."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        lock = volume.ledger_path.with_name(volume.ledger_path.name + ".lock")
        with (
            _lock_held(lock) as release,
            _in_thread(lambda: _cycle_at(root, SECOND, instance), release) as box,
        ):
            _ok_or_names(box[0], volume.ledger_path)
        assert _cycle_at(root, THIRD, instance).success


# -- dream.lease ----------------------------------------------------------------------------------


def _lease_fault_then_cycles(
    tmp_path: Path, fault: Callable[[Path], None]
) -> tuple[AgentVolume, dg.ExecuteInProcessResult, dg.ExecuteInProcessResult]:
    """Clean cycle; duplicates added and ``dream.lease`` faulted (as a crashed writer or a
    foreign tool might leave it); the second and the third cycle."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        _add_duplicates(volume)
        fault(volume.root / "dream.lease")
        second = _cycle_at(root, SECOND, instance)
        third = _cycle_at(root, THIRD, instance)
    return volume, second, third


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[" * 100_000 + "]" * 100_000, id="nested-too-deep"),
        pytest.param(
            json.dumps(
                {
                    "owner": ["x"],
                    "run_id": {"a": 1},
                    "pid": "4242",
                    "host": None,
                    "since": 5,
                    "renewed_at": 5,
                    "expires_at": 12,
                }
            ),
            id="fields-of-wrong-types",
        ),
    ],
)
def test_an_unreadable_lease_is_stale_not_fatal(tmp_path: Path, text: str) -> None:
    """An unreadable lease counts as stale (docs/agent-volume.md); these shapes raised
    RecursionError / TypeError out of ``read_lease`` / ``stale_reason`` in every later cycle."""
    volume, second, third = _lease_fault_then_cycles(
        tmp_path, lambda p: p.write_text(text, encoding="utf-8")
    )
    assert second.success, _failures(second)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)
    assert not (volume.root / "dream.lease").exists()


def test_a_lease_that_is_a_directory_does_not_fail_every_cycle(tmp_path: Path) -> None:
    def directory(path: Path) -> None:
        path.mkdir()
        (path / "note").write_text("kept", encoding="utf-8")

    volume, second, third = _lease_fault_then_cycles(tmp_path, directory)
    _ok_or_names(second, volume.root / "dream.lease")
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)
    kept = [p for p in volume.root.glob("dream.lease*") if (p / "note").is_file()]
    assert kept


def test_a_lease_that_is_a_fifo_does_not_hang_the_cycle(tmp_path: Path) -> None:
    root = tmp_path / "agents"
    volume = _volume(root)
    lease = volume.root / "dream.lease"
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        os.mkfifo(lease)
        with _in_thread(lambda: _cycle_at(root, SECOND, instance), _unblock_fifo(lease)) as box:
            _ok_or_names(box[0], lease)
        assert _cycle_at(root, THIRD, instance).success


def test_a_lease_lock_held_by_another_process_does_not_hang_the_cycle(tmp_path: Path) -> None:
    """``acquire`` waited on ``dream.lease.lock`` without a bound: a stuck holder (a hung CLI
    command between reading and replacing the lease) hung every run of the agent."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        with (
            _lock_held(volume.root / "dream.lease.lock") as release,
            _in_thread(lambda: _cycle_at(root, SECOND, instance), release) as box,
        ):
            _ok_or_names(box[0], volume.root / "dream.lease")
        assert _cycle_at(root, THIRD, instance).success


def test_a_lease_expiring_in_the_far_future_is_not_held_forever(tmp_path: Path) -> None:
    """A lease of another host expiring in 9999 (a bad clock, a foreign writer) refused every
    run with "being dreamed by" until someone deleted ``dream.lease`` by hand. No writer of the
    cycle holds a lease that long (it renews every step; the TTL is an hour)."""

    def far(path: Path) -> None:
        lease = {
            "owner": "dagster job dream_cycle",
            "run_id": "somewhere-else",
            "pid": 4242,
            "host": "another-host",
            "since": "2026-11-29T12:00:00+00:00",
            "renewed_at": "2026-11-29T12:00:00+00:00",
            "expires_at": "9999-12-31T00:00:00+00:00",
        }
        path.write_text(json.dumps(lease), encoding="utf-8")

    volume, _second, third = _lease_fault_then_cycles(tmp_path, far)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)


# -- memory-audit/ ----------------------------------------------------------------------------


def _audit_at(
    root: Path, when: datetime, instance: dg.DagsterInstance
) -> dg.ExecuteInProcessResult:
    from dream_assets.defs.assets.audit import ASSETS, CHECKS

    return dg.materialize(
        [*ASSETS, *CHECKS],
        partition_key=AGENT,
        instance=instance,
        resources={"dream": DreamResource(agents_root=str(root), now=format_time(when))},
        raise_on_error=False,
    )


@pytest.mark.parametrize("name", ["trend.jsonl", "known-ids.json", "rejections.json"])
def test_an_audit_file_that_is_a_fifo_does_not_hang_the_audit(tmp_path: Path, name: str) -> None:
    """The audit read its files with ``read_text``: a FIFO there blocked it forever."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        assert _audit_at(root, NOW, instance).success
        path = volume.root / "memory-audit" / name
        path.unlink()
        os.mkfifo(path)
        with _in_thread(lambda: _audit_at(root, SECOND, instance), _unblock_fifo(path)) as box:
            _ok_or_names(box[0], path)
        assert _cycle_at(root, SECOND, instance).success


# -- unfixed: the fix lies outside this task's files ------------------------------------------


def _faulted_cycles(
    tmp_path: Path, relative: str, fault: Callable[[Path], None]
) -> tuple[AgentVolume, dict[str, bytes], dg.ExecuteInProcessResult, dg.ExecuteInProcessResult]:
    """Clean cycle; ``relative`` faulted; the second and the third cycle. Also the entry files
    as they were before the second cycle."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        _add_duplicates(volume)
        before = _entry_bytes(volume)
        fault(volume.root / relative)
        second = _cycle_at(root, SECOND, instance)
        third = _cycle_at(root, THIRD, instance)
    return volume, before, second, third


def _garbage(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    path.write_bytes(bytes(range(256)) * 8)


def test_a_change_log_with_bytes_that_are_not_utf8_does_not_fail_every_cycle(
    tmp_path: Path,
) -> None:
    volume, _before, _second, third = _faulted_cycles(tmp_path, "dream-changes.jsonl", _garbage)
    assert third.success, _failures(third)
    assert ["d-1", "d-2"] in _merged_sources(volume)


def test_a_change_log_that_is_a_directory_does_not_fail_every_cycle(tmp_path: Path) -> None:
    def directory(path: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        path.mkdir()

    volume, _before, second, third = _faulted_cycles(tmp_path, "dream-changes.jsonl", directory)
    _ok_or_names(second, volume.root / "dream-changes.jsonl")
    assert third.success, _failures(third)


def test_a_duckdb_window_state_table_of_another_schema_is_rebuilt(tmp_path: Path) -> None:
    import duckdb

    def foreign(path: Path) -> None:
        con = duckdb.connect(str(path))
        con.execute("DROP TABLE IF EXISTS window_state")
        con.execute("CREATE TABLE window_state (x INTEGER)")
        con.close()

    *_, third = _faulted_cycles(tmp_path, "dream-telemetry.duckdb", foreign)
    assert third.success, _failures(third)


def test_a_review_queue_nested_too_deeply_is_reported_naming_the_file(tmp_path: Path) -> None:
    volume, _before, second, third = _faulted_cycles(
        tmp_path,
        "review-queue.json",
        lambda p: p.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8"),
    )
    _ok_or_names(second, volume.root / "review-queue.json")
    _ok_or_names(third, volume.root / "review-queue.json")
    assert ["d-1", "d-2"] in _merged_sources(volume)


def test_a_receipts_file_that_is_a_fifo_does_not_hang_the_cycle(tmp_path: Path) -> None:
    root = tmp_path / "agents"
    volume = _volume(root)
    path = volume.root / "dream-conversation-receipts.json"
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        os.mkfifo(path)
        with _in_thread(lambda: _cycle_at(root, SECOND, instance), _unblock_fifo(path)) as box:
            _ok_or_names(box[0], path)


# -- dream-telemetry.duckdb (a cache) ---------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        "empty",
        "garbage",
        "fifo",
        "directory",
    ],
)
def test_an_unusable_duckdb_file_is_rebuilt(tmp_path: Path, kind: str) -> None:
    """The DuckDB file is a cache of the logs and the entries. Empty or garbage, it
    failed every later cycle ("not a valid DuckDB database file"); a FIFO hung the cycle. Now the
    first writer sets it aside (``<name>.unusable-<n>``, nothing deleted) and rebuilds it."""
    root = tmp_path / "agents"
    volume = _volume(root)
    path = volume.duckdb_path
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        _add_duplicates(volume)
        path.unlink()
        if kind == "empty":
            path.write_bytes(b"")
        elif kind == "garbage":
            path.write_bytes(bytes(range(256)) * 64)
        elif kind == "directory":
            path.mkdir()
        else:
            os.mkfifo(path)
        with _in_thread(lambda: _cycle_at(root, SECOND, instance), _unblock_fifo(path)) as box:
            assert box[0].success, _failures(box[0])
        assert _cycle_at(root, THIRD, instance).success
    assert ["d-1", "d-2"] in _merged_sources(volume)
    assert list(volume.root.glob(path.name + ".unusable-*"))


# -- dream-lease-takeovers.jsonl --------------------------------------------------------------


def test_a_takeover_log_with_bytes_that_are_not_utf8_does_not_fail_every_cycle(
    tmp_path: Path,
) -> None:
    """``lost_lease`` read the takeover log with strict UTF-8: one bad byte failed the first
    writing step of every later run (UnicodeDecodeError). Now it is a malformed line, skipped."""
    root = tmp_path / "agents"
    volume = _volume(root)
    with dg.instance_for_test() as instance:
        assert _cycle_at(root, NOW, instance).success
        _add_duplicates(volume)
        _garbage(volume.root / "dream-lease-takeovers.jsonl")
        second = _cycle_at(root, SECOND, instance)
        assert second.success, _failures(second)
    assert ["d-1", "d-2"] in _merged_sources(volume)
