"""The fleet benchmark's first part: each sensor's evaluation at N agents, as the daemon calls it.

``build_sensor_context`` on a PostgreSQL instance of its own (a fresh database), the planted
agents, the project's resources. Timed: discovery; the cadence's first check (a page of first
cycles) and a later one; the activity check with no activity, then, after a cycle per agent and
a conversation line per agent since, within the quiet period and after it (a page of lookups and
a page of requests per check); the audit-pause check; the review-queue observation. Evaluation
only: the daemon's submission of the requested runs is in the daemon part's tick times.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from _checkout import ROOT


@contextmanager
def _instance(database: Mapping[str, str]) -> Iterator[Any]:
    import dagster as dg

    saved = {k: os.environ.get(k) for k in database}
    os.environ.update(database)
    try:
        with tempfile.TemporaryDirectory(prefix="dream-fleet-sensors-") as home:
            (Path(home) / "dagster.yaml").write_text(
                (ROOT / "deploy" / "dagster.yaml").read_text(encoding="utf-8"), encoding="utf-8"
            )
            with dg.DagsterInstance.from_config(home) as instance:
                yield instance
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def measure(
    agents_root: Path, database: Mapping[str, str], lookup_ticks: int = 3
) -> list[tuple[str, float, str]]:
    """(check, seconds, what it did) for each timed evaluation."""
    import dagster as dg

    # Private: Dagster has no public name for a daemon heartbeat or a test run record.
    from dagster._core.test_utils import create_run_for_test
    from dagster._daemon.types import DaemonHeartbeat

    from dream_assets.core.clock import format_time
    from dream_assets.core.options import load_options
    from dream_assets.defs.audit_pause import audit_pause
    from dream_assets.defs.resources import DreamResource
    from dream_assets.defs.review_queue import review_queue_watch
    from dream_assets.defs.sensors import (
        agent_activity_sensor,
        agent_discovery_sensor,
        dream_cadence_sensor,
    )

    # The sensors as the entry point builds them, with no initial delay: the fleet is due now.
    options = load_options({**os.environ, "DREAM_INITIAL_DELAY_MINUTES": "0"})
    agent_discovery = agent_discovery_sensor(options)
    dream_cadence = dream_cadence_sensor(options)
    agent_activity = agent_activity_sensor(options)
    rows: list[tuple[str, float, str]] = []
    with _instance(database) as instance:
        instance.add_daemon_heartbeat(DaemonHeartbeat(time.time(), "SENSOR", "bench", None))
        cursors: dict[str, str | None] = {}

        def tick(sensor: Any, at: datetime, label: str, what: Callable[[Any], str]) -> Any:
            with dg.build_sensor_context(
                instance=instance,
                cursor=cursors.get(sensor.name),
                resources={
                    "dream": DreamResource(agents_root=str(agents_root), now=format_time(at))
                },
            ) as context:
                start = time.perf_counter()
                result = sensor(context)
            rows.append((label, time.perf_counter() - start, what(result)))
            cursors[sensor.name] = result.cursor
            for request in result.dynamic_partitions_requests or []:
                instance.add_dynamic_partitions("agents", list(request.partition_keys))
            return result

        def runs(result: Any) -> str:
            return f"{len(result.run_requests or [])} run requests"

        now = datetime.now(UTC).replace(microsecond=0)
        tick(agent_discovery, now, "agent_discovery (new fleet)", lambda r: "partitions added")
        tick(agent_discovery, now, "agent_discovery (nothing new)", lambda r: "skip")
        tick(dream_cadence, now, "dream_cadence (first page)", runs)
        tick(dream_cadence, now, "dream_cadence (second page)", runs)
        tick(agent_activity, now, "agent_activity (no activity)", runs)
        tick(audit_pause, now, "audit_pause", lambda r: "no pause")
        # Reads every agent's review-queue.json and dream-options.json (issue 28).
        tick(
            review_queue_watch, now, "review_queue_watch", lambda r: f"{len(r.asset_events)} events"
        )
        agents = sorted(p.name for p in agents_root.iterdir() if p.is_dir())
        for agent in agents:
            create_run_for_test(
                instance,
                job_name="dream_cycle",
                status=dg.DagsterRunStatus.SUCCESS,
                tags={"dagster/partition": agent},
            )
        talked = datetime.now(UTC) + timedelta(minutes=1)
        saved: dict[Path, bytes] = {}
        for agent in agents:
            log = agents_root / agent / "conversation-log.jsonl"
            saved[log] = log.read_bytes() if log.exists() else b""
            log.write_text('{"session_id": "s", "role": "user", "content": "hello"}\n')
            os.utime(log, (talked.timestamp(), talked.timestamp()))
        try:
            # Every agent talked: within the quiet period, a page of lookups and nothing to
            # request; after it, a page of lookups each check and the requests' page.
            quiet = talked + timedelta(minutes=10)
            tick(agent_activity, quiet, "agent_activity (all talking, quiet period)", runs)
            later = talked + timedelta(hours=2)
            for index in range(lookup_ticks):
                label = f"agent_activity (all new, check {index + 1})"
                if not tick(agent_activity, later, label, runs).run_requests:
                    break
        finally:
            for log, content in saved.items():
                log.write_bytes(content)
    return rows
