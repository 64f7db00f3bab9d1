"""One writer per agent: the lease file every writer takes (core.lease, defs.lease, the CLI)."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from datetime import timedelta
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.cli import main
from dream_assets.core.clock import FixedClock, SystemClock
from dream_assets.core.store.lease import (
    LEASE_FILE,
    TAKEOVER_LOG,
    LeaseHeld,
    acquire,
    read_lease,
    release,
)
from dream_assets.defs.assets import housekeeping
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.defs.run_failure import root_cause

HOUR = timedelta(hours=1)


def _volume_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


def _hold_lease(
    root: str, ready: multiprocessing.synchronize.Event, done: multiprocessing.synchronize.Event
) -> None:  # type: ignore[name-defined]
    """A second process (another run) that holds the agent's lease until told to stop."""
    acquire(
        Path(root),
        owner="dagster job dream_cycle",
        run_id="run-other",
        clock=SystemClock(),
        ttl=HOUR,
    )
    ready.set()
    done.wait(60)
    release(Path(root), "run-other")


@pytest.fixture
def other_run_holding(demo_agent: Path):  # type: ignore[no-untyped-def]
    context = multiprocessing.get_context("spawn")
    ready, done = context.Event(), context.Event()
    holder = context.Process(target=_hold_lease, args=(str(demo_agent), ready, done))
    holder.start()
    assert ready.wait(30)
    yield holder
    done.set()
    holder.join(30)


def test_lease_is_reentrant_for_its_run_and_refused_to_another(tmp_path: Path) -> None:
    clock = FixedClock()
    first = acquire(tmp_path, owner="dream run", run_id="r1", clock=clock, ttl=HOUR)
    clock.advance(timedelta(minutes=10))
    renewed = acquire(tmp_path, owner="dream run", run_id="r1", clock=clock, ttl=HOUR)
    assert renewed.since == first.since and renewed.expires_at > first.expires_at
    with pytest.raises(LeaseHeld, match=rf"agent {tmp_path.name} is being dreamed by run r1 since"):
        acquire(tmp_path, owner="dream undo", run_id="r2", clock=clock, ttl=HOUR)
    assert not release(tmp_path, "r2"), "only the holder releases"
    assert release(tmp_path, "r1") and read_lease(tmp_path) is None


def test_expired_lease_is_taken_over_and_recorded(tmp_path: Path) -> None:
    clock = FixedClock()
    acquire(tmp_path, owner="dream run", run_id="crashed", clock=clock, ttl=HOUR)
    clock.advance(HOUR + timedelta(seconds=1))
    lease = acquire(tmp_path, owner="dream audit", run_id="next", clock=clock, ttl=HOUR)
    assert lease.run_id == "next"
    (record,) = [json.loads(x) for x in (tmp_path / TAKEOVER_LOG).read_text().splitlines()]
    assert record["previous"]["run_id"] == "crashed" and record["by_run"] == "next"
    assert record["reason"].startswith("expired at")


def test_lease_of_a_vanished_process_is_stale_before_its_expiry(tmp_path: Path) -> None:
    child = multiprocessing.get_context("spawn").Process(target=os.getpid)
    child.start()
    child.join()
    acquire(tmp_path, owner="dream run", run_id="dead", clock=SystemClock(), ttl=HOUR)
    raw = json.loads((tmp_path / LEASE_FILE).read_text())
    (tmp_path / LEASE_FILE).write_text(json.dumps({**raw, "pid": child.pid}))
    assert acquire(tmp_path, owner="dream run", run_id="alive", clock=SystemClock(), ttl=HOUR)
    assert "is gone" in (tmp_path / TAKEOVER_LOG).read_text()


def test_dream_run_while_another_run_holds_the_lease_is_refused_and_writes_nothing(
    demo_agent: Path, other_run_holding: object, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _volume_digest(demo_agent)
    assert main(["run", "--agent", str(demo_agent)]) == 2
    err = capsys.readouterr().err
    assert f"agent {demo_agent.name} is being dreamed by run run-other" in err
    assert "since" in err
    assert _volume_digest(demo_agent) == before


def test_review_undo_restore_and_audit_are_refused_while_the_lease_is_held(
    demo_agent: Path, other_run_holding: object, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _volume_digest(demo_agent)
    for argv in (
        ["review", "approve", "x", "--agent", str(demo_agent)],
        ["review", "reject", "x", "--agent", str(demo_agent)],
        ["undo", "some-run", "--agent", str(demo_agent)],
        ["restore", "m-0001", "--agent", str(demo_agent)],
        ["audit", "--agent", str(demo_agent)],
    ):
        assert main(argv) == 2, argv
        assert "is being dreamed by run run-other" in capsys.readouterr().err, argv
    assert _volume_digest(demo_agent) == before


def test_dream_run_takes_over_an_expired_lease(
    demo_agent: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = FixedClock(SystemClock().now() - 2 * HOUR)
    acquire(demo_agent, owner="dagster job dream_cycle", run_id="crashed", clock=clock, ttl=HOUR)
    assert main(["run", "--agent", str(demo_agent)]) == 0
    takeover = json.loads((demo_agent / TAKEOVER_LOG).read_text().splitlines()[0])
    assert takeover["previous"]["run_id"] == "crashed" and takeover["by_owner"] == "dream run"
    assert read_lease(demo_agent) is None, "the finished run gave the lease back"


def test_a_dagster_step_is_refused_while_another_writer_holds_the_lease(
    demo_agent: Path, other_run_holding: object
) -> None:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", [demo_agent.name])
        result = dg.materialize(
            [housekeeping.retained_logs],
            instance=instance,
            partition_key=demo_agent.name,
            resources={
                "dream": DreamResource(agents_root=str(demo_agent.parent)),
                "llm": LLMResource(),
            },
            raise_on_error=False,
        )
    assert not result.success
    (failure,) = result.get_step_failure_events()
    assert "is being dreamed by run run-other" in root_cause(failure.step_failure_data.error)


def test_a_rerun_of_a_few_assets_gives_the_lease_back_after_each_step(demo_agent: Path) -> None:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", [demo_agent.name])
        result = dg.materialize(
            [housekeeping.retained_logs, housekeeping.purged_archive],
            instance=instance,
            partition_key=demo_agent.name,
            resources={
                "dream": DreamResource(agents_root=str(demo_agent.parent)),
                "llm": LLMResource(),
            },
        )
    assert result.success
    assert read_lease(demo_agent) is None
