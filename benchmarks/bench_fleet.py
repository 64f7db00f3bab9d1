"""Benchmark of one cadence window over a fleet of small agents, through the real daemon.

Run from the repository root (needs PostgreSQL, as in docs/deploy.md; DREAM_PG_* or the local
defaults 127.0.0.1:5432, user postgres, database ``test`` to create a fresh one from)::

    python benchmarks/bench_fleet.py               # 1 000 agents (an hour or more on 2 cores)
    python benchmarks/bench_fleet.py --quick       # 40 agents
    python benchmarks/bench_fleet.py --agents 100

N agent volumes are planted (bench_scale's planting: ~50 synthetic entries each, a tenth
archived, no model), a fresh PostgreSQL database holds the Dagster storage (deploy/dagster.yaml's
shape: the queued run coordinator, one run per agent partition at a time, plus
``max_concurrent_runs``), and ``dagster-daemon run -w workspace.yaml`` is started as a deployment
would start it. The initial delay is shortened to seconds so the cadence sensor's first window
is due at once; the benchmark then waits until every agent's first cycle has finished.

Printed: agents, wall time of the whole window (first run queued to last run finished), runs per
minute, successful and failed runs, the slowest tick of each sensor (the daemon's own tick
records: start to end, run submission included), and peak memory (resident set of the daemon,
of its code server, and of the largest run process, sampled from /proc every half second).
The anchors are in the same table: the fleet must fit in one 4-hour window (the default
interval), each sensor tick must end within 10 s.

``max_concurrent_runs`` defaults to 2 on this 2-core machine: a cycle of a small agent is
CPU-bound (process start, definitions load, passes), so more runs at once only share the same
two cores while adding their memory; fewer leaves a core idle while a run waits on Postgres.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _checkout import ROOT
from bench_scale import plant
from fleet_sensors import measure as measure_sensors
from tables import print_markdown_table

ENTRIES = 50
WINDOW_HOURS = 4.0
TICK_LIMIT_S = 10.0
SENSORS = ("agent_discovery", "dream_cadence", "agent_activity", "audit_pause", "dream_run_failed")
FINISHED = ("SUCCESS", "FAILURE", "CANCELED")


def plant_fleet(agents_root: Path, count: int) -> None:
    now = datetime.now(UTC)
    for index in range(count):
        plant(agents_root / f"agent-{index:04d}", ENTRIES, now, seed=index)


@contextmanager
def fresh_database() -> Any:
    """A new database on the local PostgreSQL, dropped afterwards."""
    import psycopg2

    settings = {
        "host": os.environ.get("DREAM_PG_HOST", "127.0.0.1"),
        "port": int(os.environ.get("DREAM_PG_PORT", "5432")),
        "user": os.environ.get("DREAM_PG_USER", "postgres"),
        "password": os.environ.get("DREAM_PG_PASSWORD", ""),
    }
    admin = psycopg2.connect(dbname=os.environ.get("DREAM_PG_DB", "test"), **settings)
    admin.autocommit = True
    name = f"dream_fleet_{uuid.uuid4().hex[:10]}"
    with admin.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {
            "DREAM_PG_HOST": str(settings["host"]),
            "DREAM_PG_PORT": str(settings["port"]),
            "DREAM_PG_USER": str(settings["user"]),
            "DREAM_PG_PASSWORD": str(settings["password"]),
            "DREAM_PG_DB": name,
        }
    finally:
        with admin.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def write_instance_yaml(home: Path, max_concurrent: int) -> None:
    """deploy/dagster.yaml with the run queue's global limit added (same concurrency block)."""
    text = (ROOT / "deploy" / "dagster.yaml").read_text(encoding="utf-8")
    marker = "  runs:\n"
    if marker not in text:
        raise SystemExit("deploy/dagster.yaml has no concurrency.runs block")
    text = text.replace(marker, f"{marker}    max_concurrent_runs: {max_concurrent}\n", 1)
    (home / "dagster.yaml").write_text(text, encoding="utf-8")


# -- memory ---------------------------------------------------------------------------------------


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def _group_members(pgid: int) -> list[tuple[int, str]]:
    members = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            if int(fields[2]) != pgid:
                continue
            with open(f"/proc/{entry.name}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
        members.append((int(entry.name), cmdline))
    return members


@dataclass
class MemorySampler:
    """Peak resident set per role among the daemon's process group, sampled every 0.5 s."""

    pgid: int
    peaks: dict[str, float] = field(default_factory=dict)
    run_processes: set[int] = field(default_factory=set)
    _stop: threading.Event = field(default_factory=threading.Event)

    def _role(self, pid: int, cmdline: str) -> str:
        if pid == self.pgid:
            return "daemon"
        # The code server starts each run in a spawned interpreter (multiprocessing "spawn").
        if "spawn_main" in cmdline or "execute_run" in cmdline:
            self.run_processes.add(pid)
            return "run process"
        if "grpc" in cmdline:
            return "code server"
        return "other"

    def _loop(self) -> None:
        while not self._stop.wait(0.5):
            for pid, cmdline in _group_members(self.pgid):
                role = self._role(pid, cmdline)
                self.peaks[role] = max(self.peaks.get(role, 0.0), _rss_mb(pid))

    def start(self) -> None:
        threading.Thread(target=self._loop, daemon=True).start()

    def stop(self) -> None:
        self._stop.set()


# -- reading the instance -------------------------------------------------------------------------


def run_counts(instance: Any) -> dict[str, int]:
    import dagster as dg

    counts = {}
    for status in dg.DagsterRunStatus:
        counts[status.value] = instance.get_runs_count(
            dg.RunsFilter(job_name="dream_cycle", statuses=[status])
        )
    return counts


def window_span(instance: Any) -> tuple[float, float] | None:
    """First run created to last run finished (epoch seconds)."""
    import dagster as dg

    records = instance.get_run_records(dg.RunsFilter(job_name="dream_cycle"))
    if not records:
        return None
    created = min(r.create_timestamp.timestamp() for r in records)
    ends = [r.end_time for r in records if r.end_time is not None]
    return created, max(ends) if ends else time.time()


def run_durations(instance: Any) -> list[float]:
    import dagster as dg

    records = instance.get_run_records(dg.RunsFilter(job_name="dream_cycle"))
    return sorted(
        r.end_time - r.start_time
        for r in records
        if r.end_time is not None and r.start_time is not None
    )


@dataclass(frozen=True)
class Ticks:
    """One sensor's ticks: the slowest, the first (it includes the code server's lazy load of
    the definitions), the slowest after the first, and how many there were."""

    slowest: float
    first: float
    slowest_after_first: float
    count: int


def sensor_ticks(instance: Any) -> dict[str, Ticks]:
    # Private: Dagster has no public name for the instigator type of a tick query.
    from dagster._core.definitions.run_request import InstigatorType

    result: dict[str, Ticks] = {}
    for state in instance.all_instigator_state(instigator_type=InstigatorType.SENSOR):
        ticks = instance.get_ticks(state.instigator_origin_id, state.selector_id, limit=100_000)
        done = sorted(
            (t.timestamp, t.end_timestamp - t.timestamp)
            for t in ticks
            if getattr(t, "end_timestamp", None) is not None
        )
        spans = [span for _at, span in done]
        result[state.instigator_name] = Ticks(
            slowest=max(spans, default=0.0),
            first=spans[0] if spans else 0.0,
            slowest_after_first=max(spans[1:], default=0.0),
            count=len(ticks),
        )
    return result


# -- the benchmark --------------------------------------------------------------------------------


@dataclass
class Outcome:
    agents: int
    wall_s: float
    counts: dict[str, int]
    ticks: dict[str, Ticks]
    peaks: dict[str, float]
    run_processes: int
    durations: list[float]
    finished: bool
    evaluations: list[tuple[str, float, str]] = field(default_factory=list)


def run_fleet(
    count: int, max_concurrent: int, timeout_s: float, keep: Path | None, stop_file: Path | None
) -> Outcome:
    base = Path(tempfile.mkdtemp(prefix="dream-fleet-"))
    agents_root, home, logs = base / "agents", base / "dagster_home", base / "logs"
    home.mkdir()
    logs.mkdir()
    started = time.perf_counter()
    plant_fleet(agents_root, count)
    print(f"planted {count} agents in {time.perf_counter() - started:.1f} s", flush=True)
    write_instance_yaml(home, max_concurrent)
    with fresh_database() as sensors_database:
        evaluations = measure_sensors(agents_root, sensors_database)
    print(f"sensor evaluations timed at {count} agents", flush=True)
    daemon: subprocess.Popen[bytes] | None = None
    sampler: MemorySampler | None = None
    try:
        with fresh_database() as database:
            env = {k: v for k, v in os.environ.items() if not k.startswith(("DREAM_", "OPENAI"))}
            env.update(database)
            env.update(
                DAGSTER_HOME=str(home),
                DREAM_AGENTS_ROOT=str(agents_root),
                # The first window is due three seconds after the daemon starts.
                DREAM_INITIAL_DELAY_MINUTES="0.05",
                DREAM_CADENCE_CHECK_SECONDS="10",
            )
            os.environ.update(DAGSTER_HOME=str(home), **database)
            import dagster as dg

            instance = dg.DagsterInstance.from_config(str(home))
            bin_dir = Path(sys.executable).parent
            with (logs / "daemon.log").open("wb") as log:
                daemon = subprocess.Popen(
                    [str(bin_dir / "dagster-daemon"), "run", "-w", "workspace.yaml"],
                    cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True,
                )  # fmt: skip
            sampler = MemorySampler(daemon.pid)
            sampler.start()
            deadline = time.monotonic() + timeout_s
            finished = False
            last_print = 0.0
            while time.monotonic() < deadline:
                if daemon.poll() is not None:
                    tail = (logs / "daemon.log").read_text(errors="replace")[-3000:]
                    raise SystemExit(f"dagster-daemon exited:\n{tail}")
                counts = run_counts(instance)
                done = sum(counts.get(s, 0) for s in FINISHED)
                if time.monotonic() - last_print > 60:
                    last_print = time.monotonic()
                    print(
                        f"{time.strftime('%H:%M:%S')} finished {done}/{count} "
                        f"queued {counts.get('QUEUED', 0)} started {counts.get('STARTED', 0)}",
                        flush=True,
                    )
                if done >= count:
                    finished = True
                    break
                if stop_file is not None and stop_file.exists():
                    print(f"{stop_file} exists: stopping early", flush=True)
                    break
                time.sleep(5)
            # Let the sensors tick once more with the whole fleet's runs in the instance.
            time.sleep(15 if finished else 0)
            sampler.stop()
            counts = run_counts(instance)
            span = window_span(instance)
            wall = (span[1] - span[0]) if span else 0.0
            outcome = Outcome(
                agents=count,
                wall_s=wall,
                counts=counts,
                ticks=sensor_ticks(instance),
                peaks=dict(sampler.peaks),
                run_processes=len(sampler.run_processes),
                durations=run_durations(instance),
                finished=finished,
                evaluations=evaluations,
            )
            _stop(daemon)
            daemon = None
            instance.dispose()
            return outcome
    finally:
        if sampler is not None:
            sampler.stop()
        if daemon is not None:
            _stop(daemon)
        if keep is not None:
            shutil.copytree(logs, keep, dirs_exist_ok=True)
        shutil.rmtree(base, ignore_errors=True)


def _stop(process: subprocess.Popen[bytes]) -> None:
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=30)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def report(outcome: Outcome, max_concurrent: int) -> None:
    count = outcome.agents
    print(f"\nSensor evaluations at {count} agents (build_sensor_context, PostgreSQL instance)")
    print_markdown_table(
        ["check", "seconds", "result", "anchor"],
        [[label, f"{seconds:.2f}", what, f"≤ {TICK_LIMIT_S:.0f} s"]
         for label, seconds, what in outcome.evaluations],
    )  # fmt: skip
    done = sum(outcome.counts.get(s, 0) for s in FINISHED)
    minutes = outcome.wall_s / 60.0
    rate = done / minutes if minutes > 0 else 0.0
    window_min = WINDOW_HOURS * 60.0
    fleet_in_window = rate * window_min
    print(
        f"\nFleet: {count} agents x {ENTRIES} entries, no model, Postgres storage, "
        f"max_concurrent_runs={max_concurrent}, {os.cpu_count()} CPUs"
        + ("" if outcome.finished else "  ** TIMED OUT before every run finished **")
    )
    durations = outcome.durations
    median = durations[len(durations) // 2] if durations else 0.0
    rows = [
        ["agents", str(count), ""],
        ["wall time of the window", f"{outcome.wall_s:.0f} s ({minutes:.1f} min)",
         f"≤ {window_min:.0f} min"],
        ["runs per minute", f"{rate:.1f}", f"≥ {count / window_min:.2f} for {count} agents"],
        ["agents one window holds at this rate", f"{fleet_in_window:.0f}", "≥ 1000"],
        ["successful / failed runs",
         f"{outcome.counts.get('SUCCESS', 0)} / {outcome.counts.get('FAILURE', 0)}"
         f" (of {done} finished)", f"{count} / 0"],
        ["run duration median / max",
         f"{median:.1f} s / {max(durations, default=0.0):.1f} s", ""],
    ]  # fmt: skip
    for name in SENSORS:
        ticks = outcome.ticks.get(name, Ticks(0.0, 0.0, 0.0, 0))
        rows.append(
            [
                f"tick {name}: slowest (first / slowest after)",
                f"{ticks.slowest:.2f} s ({ticks.first:.2f} / {ticks.slowest_after_first:.2f} s;"
                f" {ticks.count} ticks)",
                f"≤ {TICK_LIMIT_S:.0f} s",
            ]
        )
    for role in ("daemon", "code server", "run process"):
        rows.append([f"peak RSS {role}", f"{outcome.peaks.get(role, 0.0):.0f} MB", ""])
    print_markdown_table(["measure", "value", "anchor"], rows)
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 agents")
    parser.add_argument("--agents", type=int, default=None)
    parser.add_argument("--max-concurrent", type=int, default=2)
    parser.add_argument("--timeout-min", type=float, default=None)
    parser.add_argument("--keep-logs", type=Path, default=None, help="copy the daemon log here")
    parser.add_argument(
        "--stop-file", type=Path, default=None, help="stop waiting (and report) once this exists"
    )
    args = parser.parse_args(argv)
    count = args.agents or (40 if args.quick else 1000)
    timeout_s = 60.0 * (args.timeout_min or max(20.0, WINDOW_HOURS * 60 * 1.5 * count / 1000))
    outcome = run_fleet(count, args.max_concurrent, timeout_s, args.keep_logs, args.stop_file)
    report(outcome, args.max_concurrent)
    failed = outcome.counts.get("FAILURE", 0)
    return 0 if outcome.finished and not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
