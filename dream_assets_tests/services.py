"""Running the real Dagster services for end-to-end tests: a small agent, processes, GraphQL.

The processes are started in their own session so that stopping them also stops the code
servers and run workers they spawned; they are always stopped, by process group id.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dream_assets_tests.builders import (
    FORECAST_STEPS,
    entry,
    make_volume,
    weather_skills_and_chat,
    write_jsonl,
)

REPO = Path(__file__).resolve().parents[1]
# The venv running the tests (make test's .venv, or any other).
BIN = Path(sys.executable).parent
LOCATION = "dream_assets.definitions"
JOB_SELECTOR = {
    "repositoryLocationName": LOCATION,
    "repositoryName": "__repository__",
    "pipelineName": "dream_cycle",
}
LLM_ENV = ("DREAM_LLM_BASE_URL", "DREAM_LLM_MODEL", "DREAM_LLM_API_KEY", "OPENAI_API_KEY")


def small_agent(root: Path, now: datetime, name: str = "ada") -> Path:
    """A few entries (one exact duplicate pair to merge), two skills, a little telemetry."""
    twin = "Ada's sister Grace lives in Lisbon since 2019."
    volume = make_volume(
        root / name,
        [
            entry("m-1", twin, category="people/grace", reinforcement=2, now=now),
            entry("m-2", twin, category="people/grace", now=now),
            entry("m-3", "Ada prefers tea over coffee.", category="preferences", now=now),
            entry("m-4", "The build server is named hopper.", category="infra", now=now),
            entry("m-5", "Old note.", archived_days=120, reason="merged", age_days=200, now=now),
        ],
    )
    weather_skills_and_chat(
        volume,
        now,
        steps=FORECAST_STEPS * 3,
        chat=[{"session_id": "s1", "role": "assistant", "content": "Oslo: 4 degrees, rain."}],
    )
    ts = (now - timedelta(hours=2)).isoformat()
    write_jsonl(
        volume.session_log_dir("feedback") / "s1.jsonl",
        [{"ts": ts, "session_id": "s1", "kind": "SessionSummary", "rating": "good", "skills": []}],
    )
    write_jsonl(
        volume.session_log_dir("skill-usage") / "s1.jsonl",
        [{"ts": ts, "session_id": "s1", "skill": "weather/fetch"}],
    )
    return volume.root


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def service_env(extra: Mapping[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LLM_ENV}
    env.update(extra)
    return env


@dataclass
class Services:
    """Processes started for one test module; ``stop`` ends each by its process group id."""

    logs: Path
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def start(self, name: str, args: list[str], env: Mapping[str, str], cwd: Path = REPO) -> None:
        self.logs.mkdir(parents=True, exist_ok=True)
        log = (self.logs / f"{name}.log").open("wb")
        self.processes[name] = subprocess.Popen(
            args, cwd=cwd, env=dict(env), stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def alive(self, name: str) -> bool:
        return self.processes[name].poll() is None

    def log_tail(self, name: str, lines: int = 40) -> str:
        path = self.logs / f"{name}.log"
        if not path.exists():
            return ""
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        for process in self.processes.values():
            _signal_group(process, signal.SIGTERM)
        deadline = time.monotonic() + 20
        for process in self.processes.values():
            with suppress(subprocess.TimeoutExpired):
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            # Run workers and code servers live in the same group; none may outlive the test.
            _signal_group(process, signal.SIGKILL)
            process.wait(timeout=10)


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


@contextmanager
def running(logs: Path) -> Iterator[Services]:
    services = Services(logs)
    try:
        yield services
    finally:
        services.stop()


def start_webserver(services: Services, port: int, env: Mapping[str, str]) -> None:
    services.start(
        "webserver",
        [str(BIN / "dagster-webserver"), "-w", "workspace.yaml", "-h", "127.0.0.1",
         "-p", str(port)],
        env,
    )  # fmt: skip


def migrate_instance(home: Path, env: Mapping[str, str]) -> None:
    """``dagster instance migrate`` on ``home``'s storage, as a deployment's first start does
    (docs/deploy.md): the schema of a fresh database, made by one process."""
    subprocess.run(
        [str(BIN / "dagster"), "instance", "migrate"],
        env=dict(env),
        cwd=home,
        check=True,
        capture_output=True,
        timeout=300,
    )


def start_daemon(services: Services, env: Mapping[str, str]) -> None:
    services.start("daemon", [str(BIN / "dagster-daemon"), "run", "-w", "workspace.yaml"], env)


LAUNCH = """
mutation Launch($params: ExecutionParams!) {
  launchRun(executionParams: $params) {
    __typename
    ... on LaunchRunSuccess { run { runId } }
    ... on PythonError { message }
  }
}
"""


class GraphQL:
    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}/graphql"

    def __call__(self, query: str, variables: Mapping[str, Any] | None = None) -> dict[str, Any]:
        body = json.dumps({"query": query, "variables": dict(variables or {})}).encode()
        request = urllib.request.Request(
            self.url, data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            payload = json.load(response)
        if payload.get("errors"):
            raise AssertionError(f"GraphQL errors: {payload['errors']}")
        return payload["data"]


def launch_cycle(graphql: GraphQL, agent: str) -> str:
    """Launch one ``dream_cycle`` of ``agent`` as the UI does (queued; the daemon starts it)."""
    params = {
        "selector": {k: v for k, v in JOB_SELECTOR.items() if k != "pipelineName"}
        | {"jobName": "dream_cycle"},
        "executionMetadata": {"tags": [{"key": "dagster/partition", "value": agent}]},
    }
    outcome = graphql(LAUNCH, {"params": params})["launchRun"]
    assert outcome["__typename"] == "LaunchRunSuccess", outcome
    return str(outcome["run"]["runId"])


def wait_until_serving(
    services: Services, port: int, timeout_s: float = 90.0, location: str = LOCATION
) -> GraphQL:
    """Until the webserver answers and has loaded the code location."""
    graphql = GraphQL(port)
    deadline = time.monotonic() + timeout_s
    last = "no answer"
    while time.monotonic() < deadline:
        if not services.alive("webserver"):
            raise AssertionError(f"webserver exited:\n{services.log_tail('webserver')}")
        try:
            data = graphql(
                "{ workspaceOrError { ... on Workspace { locationEntries { name "
                "loadStatus locationOrLoadError { __typename } } } } }"
            )
            entries = data["workspaceOrError"]["locationEntries"]
            loaded = [
                e
                for e in entries
                if e["name"] == location
                and e["loadStatus"] == "LOADED"
                and e["locationOrLoadError"]["__typename"] == "RepositoryLocation"
            ]
            if loaded:
                return graphql
            last = json.dumps(entries)
        except (urllib.error.URLError, ConnectionError, TimeoutError, AssertionError) as exc:
            last = str(exc)
        time.sleep(1)
    raise AssertionError(f"webserver not serving {location} after {timeout_s}s: {last}")


@dataclass(frozen=True)
class Database:
    host: str
    port: int
    user: str
    password: str
    name: str

    def env(self) -> dict[str, str]:
        return {
            "DREAM_PG_HOST": self.host,
            "DREAM_PG_PORT": str(self.port),
            "DREAM_PG_USER": self.user,
            "DREAM_PG_PASSWORD": self.password,
            "DREAM_PG_DB": self.name,
        }


@contextmanager
def fresh_postgres_database(prefix: str = "dream_e2e") -> Iterator[Database]:
    """A fresh, empty database named ``<prefix>_<random>``, dropped afterwards: conftest's
    ``postgres_db`` per test, or one per test module for a deployment.

    Skipped when the server is unreachable, unless DREAM_REQUIRE_POSTGRES is set (CI): then failed.
    """
    settings = {
        "host": os.environ.get("DREAM_PG_HOST", "127.0.0.1"),
        "port": int(os.environ.get("DREAM_PG_PORT", "5432")),
        "user": os.environ.get("DREAM_PG_USER", "postgres"),
        "password": os.environ.get("DREAM_PG_PASSWORD", ""),
        "dbname": os.environ.get("DREAM_PG_DB", "test"),
    }
    try:
        import psycopg2

        admin = psycopg2.connect(connect_timeout=3, **settings)
    except Exception as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if os.environ.get("DREAM_REQUIRE_POSTGRES"):
            pytest.fail(f"PostgreSQL required but unreachable: {reason}")
        pytest.skip(f"PostgreSQL unreachable: {reason}")
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin.autocommit = True
    with admin.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        yield Database(
            str(settings["host"]),
            int(settings["port"]),
            str(settings["user"]),
            str(settings["password"]),
            name,
        )
    finally:
        with admin.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.close()


def shipped_dagster_home(home: Path) -> Path:
    """``home`` created, holding the shipped deploy/dagster.yaml (PostgreSQL from DREAM_PG_*)."""
    home.mkdir(parents=True)
    shutil.copy(REPO / "deploy" / "dagster.yaml", home / "dagster.yaml")
    return home


@dataclass
class Stack:
    """The deployment's daemon and webserver, the database they store in, and its folders."""

    services: Services
    graphql: GraphQL
    database: Database
    home: Path
    agents: Path


@contextmanager
def dagster_stack(
    shared: Path,
    logs: Path,
    agents: Sequence[str],
    *,
    prefix: str = "dream_e2e",
    env: Mapping[str, str] | None = None,
    before: Callable[[Services, dict[str, str]], None] | None = None,
) -> Iterator[Stack]:
    """``dagster-daemon`` and ``dagster-webserver`` as deployed, once the webserver serves the
    code location: the shipped deploy/dagster.yaml in ``shared/dagster_home`` on a fresh
    PostgreSQL database, a small agent per name under ``shared/agents``, no model configured.

    The first cycle's delay and the cadence check are seconds instead of minutes, so a test does
    not wait the real 5 min; ``env`` adds to the services' environment, and ``before`` starts more
    services on that environment ahead of the daemon (Celery workers). Everything is stopped
    and the database dropped afterwards.
    """
    home = shipped_dagster_home(shared / "dagster_home")
    root = shared / "agents"
    now = datetime.now(UTC).replace(microsecond=0)
    for name in agents:
        small_agent(root, now, name)
    port = free_port()
    with fresh_postgres_database(prefix) as database, running(logs) as services:
        full_env = service_env(
            {
                **database.env(),
                "DAGSTER_HOME": str(home),
                "DREAM_AGENTS_ROOT": str(root),
                "DREAM_INITIAL_DELAY_MINUTES": "0.05",
                "DREAM_CADENCE_CHECK_SECONDS": "5",
                **(env or {}),
            }
        )
        # The storage's schema is made once, before any service opens the instance: services
        # started together on a fresh database each create it otherwise, and the second fails
        # ("type alembic_version already exists"; two Celery workers did, once in CI).
        migrate_instance(home, full_env)
        if before is not None:
            before(services, full_env)
        start_daemon(services, full_env)
        start_webserver(services, port, full_env)
        graphql = wait_until_serving(services, port)
        yield Stack(services, graphql, database, home, root)
