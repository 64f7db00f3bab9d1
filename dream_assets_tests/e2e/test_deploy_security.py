"""The UI is not an open door (issue 17): the shipped deployment is closed by default.

Two parts:
- The real door: Caddy with the shipped ``deploy/Caddyfile`` (unchanged; it takes everything
  deployment-specific from the environment) in front of a real ``dagster-webserver`` (operator),
  a real ``dagster-webserver --read-only --path-prefix /view`` (viewer) and the review page
  (``dream review serve``, operators only), all on loopback, on a temporary SQLite instance
  serving this repository's ``workspace.yaml``. No credentials: 401. Viewer credentials: reads
  work, mutations answer Dagster's ``UnauthorizedError``, the review page answers 401. Operator
  credentials: a run launches and is in the instance; the review page loads.
- The shipped files, parsed: no published port but the proxy's, no default secret, webservers
  only on the internal network; the systemd units bind loopback.

Caddy is Debian's package (``.ci/run`` installs it). Without it the proxy test skips, unless
``CI`` is set: there it fails.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from dream_assets_tests.services import (
    JOB_SELECTOR,
    LOCATION,
    REPO,
    Services,
    free_port,
    running,
    service_env,
    small_agent,
)

DEPLOY = REPO / "deploy"
# The venv running the tests holds dagster-webserver (the repository's .venv under `make test`).
DAGSTER_BIN = Path(sys.executable).parent
AGENT = "ada"
OPERATOR = ("ops-alice", "operator-pass-7f3a")
VIEWER = ("view-bob", "viewer-pass-91c2")
SERVING_TIMEOUT_S = 120.0

LAUNCH = """
mutation Launch($params: ExecutionParams!) {
  launchRun(executionParams: $params) {
    __typename
    ... on LaunchRunSuccess { run { runId status } }
    ... on Error { message }
  }
}
"""
STOP_SENSOR = """
mutation Stop($id: String!) {
  stopSensor(id: $id) { __typename ... on Error { message } }
}
"""
PERMISSIONS = "{ permissions { permission value } }"
WORKSPACE = (
    "{ workspaceOrError { ... on Workspace { locationEntries { name loadStatus "
    "locationOrLoadError { __typename } } } } }"
)
SENSORS = """
query Sensors($selector: RepositorySelector!) {
  sensorsOrError(repositorySelector: $selector) {
    ... on Sensors { results { id name sensorState { id selectorId status } } }
  }
}
"""


# --- the real door ---------------------------------------------------------------------------


def caddy_binary() -> str:
    path = shutil.which("caddy")
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail("caddy is required in CI (scripts/test-deps.sh installs Debian's package)")
    pytest.skip("caddy not installed (apt-get install caddy)")


@dataclass
class Answer:
    status: int
    headers: Mapping[str, str]  # names lower-cased
    body: dict[str, Any]
    text: str


@dataclass
class Door:
    """The proxy's address and the processes behind it."""

    url: str
    services: Services
    home: Path

    def request(
        self,
        path: str,
        credentials: tuple[str, str] | None = None,
        query: str | None = None,
        variables: Mapping[str, Any] | None = None,
    ) -> Answer:
        headers = {"Content-Type": "application/json"}
        if credentials:
            token = base64.b64encode(":".join(credentials).encode()).decode()
            headers["Authorization"] = f"Basic {token}"
        data = None
        if query is not None:
            data = json.dumps({"query": query, "variables": dict(variables or {})}).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                status, answer_headers = response.status, response.headers
        except urllib.error.HTTPError as error:
            raw = error.read()
            status, answer_headers = error.code, error.headers
        answer_headers = {k.lower(): v for k, v in answer_headers.items()}
        try:
            body = json.loads(raw) if raw.strip().startswith(b"{") else {}
        except json.JSONDecodeError:
            body = {}
        return Answer(status, answer_headers, body, raw.decode(errors="replace"))

    def graphql(
        self,
        path: str,
        credentials: tuple[str, str],
        query: str,
        variables: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        answer = self.request(path, credentials, query, variables)
        assert answer.status == 200, (answer.status, answer.body)
        assert not answer.body.get("errors"), answer.body["errors"]
        return dict(answer.body["data"])


def hash_password(caddy: str, password: str) -> str:
    done = subprocess.run(
        [caddy, "hash-password", "--plaintext", password],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return done.stdout.strip()


def wait_until_loaded(door: Door, path: str, credentials: tuple[str, str]) -> None:
    """Until the webserver behind ``path`` answers through the proxy with the code loaded."""
    deadline = time.monotonic() + SERVING_TIMEOUT_S
    last = "no answer"
    while time.monotonic() < deadline:
        for name in ("operator", "viewer", "proxy"):
            if not door.services.alive(name):
                raise AssertionError(f"{name} exited:\n{door.services.log_tail(name)}")
        try:
            answer = door.request(path, credentials, WORKSPACE)
            last = f"{answer.status} {answer.body}"
            entries = (answer.body.get("data") or {}).get("workspaceOrError", {})
            for entry in entries.get("locationEntries", []):
                if (
                    entry["name"] == LOCATION
                    and entry["loadStatus"] == "LOADED"
                    and entry["locationOrLoadError"]["__typename"] == "RepositoryLocation"
                ):
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            last = str(exc)
        time.sleep(1)
    logs = "\n".join(f"{n}:\n{door.services.log_tail(n)}" for n in ("operator", "viewer", "proxy"))
    raise AssertionError(f"{path} not serving after {SERVING_TIMEOUT_S}s: {last}\n{logs}")


def wait_until_reviewing(door: Door) -> None:
    """Until the review page answers the operator through the proxy."""
    deadline = time.monotonic() + SERVING_TIMEOUT_S
    last = "no answer"
    while time.monotonic() < deadline:
        if not door.services.alive("review"):
            raise AssertionError(f"review page exited:\n{door.services.log_tail('review')}")
        answer = door.request("/review/", OPERATOR)
        if answer.status == 200:
            return
        last = f"{answer.status} {answer.text[:200]}"
        time.sleep(0.5)
    raise AssertionError(f"/review/ not serving after {SERVING_TIMEOUT_S}s: {last}")


@pytest.fixture(scope="module")
def door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Door]:
    caddy = caddy_binary()
    base = tmp_path_factory.mktemp("door")
    home = base / "dagster_home"
    home.mkdir()
    # SQLite instance storage; the default run coordinator queues runs (no daemon here, so a
    # launched run stays QUEUED: enough to show it was accepted and stored).
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n", encoding="utf-8")
    # Create the SQLite tables once, before two webservers race to create them.
    stored_run_ids(home)
    agents = base / "agents"
    small_agent(agents, datetime.now(UTC).replace(microsecond=0), AGENT)
    snippets = base / "caddy.d"
    snippets.mkdir()
    operator_port, viewer_port, proxy_port = free_port(), free_port(), free_port()
    review_port = free_port()
    env = service_env({"DAGSTER_HOME": str(home), "DREAM_AGENTS_ROOT": str(agents)})
    proxy_env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        # Caddy's own state (autosave, certificates) stays in the test's directory.
        "HOME": str(base / "caddy-home"),
        "XDG_DATA_HOME": str(base / "caddy-home" / "data"),
        "XDG_CONFIG_HOME": str(base / "caddy-home" / "config"),
        # Plain HTTP on loopback: the test exercises authentication, not certificates.
        "DREAM_SITE_ADDRESS": f"http://127.0.0.1:{proxy_port}",
        "DREAM_OPERATOR_USER": OPERATOR[0],
        "DREAM_OPERATOR_PASSWORD_HASH": hash_password(caddy, OPERATOR[1]),
        "DREAM_VIEWER_USER": VIEWER[0],
        "DREAM_VIEWER_PASSWORD_HASH": hash_password(caddy, VIEWER[1]),
        "DREAM_OPERATOR_UPSTREAM": f"127.0.0.1:{operator_port}",
        "DREAM_VIEWER_UPSTREAM": f"127.0.0.1:{viewer_port}",
        "DREAM_REVIEW_UPSTREAM": f"127.0.0.1:{review_port}",
        "DREAM_CADDY_SNIPPETS": str(snippets),
    }
    webserver = [str(DAGSTER_BIN / "dagster-webserver"), "-w", "workspace.yaml", "-h", "127.0.0.1"]
    with running(base / "logs") as services:
        services.start("operator", [*webserver, "-p", str(operator_port)], env)
        services.start(
            "viewer",
            [*webserver, "-p", str(viewer_port), "--read-only", "--path-prefix", "/view"],
            env,
        )
        services.start(
            "review",
            [sys.executable, "-m", "dream_assets.cli", "review", "serve", "--port",
             str(review_port)],
            {**env, "PYTHONPATH": str(REPO)},
        )  # fmt: skip
        services.start(
            "proxy",
            [caddy, "run", "--adapter", "caddyfile", "--config", str(DEPLOY / "Caddyfile")],
            proxy_env,
        )
        door = Door(f"http://127.0.0.1:{proxy_port}", services, home)
        wait_until_loaded(door, "/graphql", OPERATOR)
        wait_until_loaded(door, "/view/graphql", VIEWER)
        wait_until_reviewing(door)
        yield door


def launch_params() -> dict[str, Any]:
    selector = {k: v for k, v in JOB_SELECTOR.items() if k != "pipelineName"}
    return {
        "selector": selector | {"jobName": "dream_cycle"},
        "executionMetadata": {"tags": [{"key": "dagster/partition", "value": AGENT}]},
    }


def instance_at(home: Path) -> Any:
    """The instance the webservers share, opened directly (not through either of them)."""
    from dagster import DagsterInstance

    return DagsterInstance.from_config(str(home))


def stored_run_ids(home: Path) -> set[str]:
    with instance_at(home) as instance:
        return {run.run_id for run in instance.get_runs()}


@pytest.mark.slow
def test_no_credentials_no_entry(door: Door) -> None:
    for path in ("/", "/graphql", "/view", "/view/", "/view/graphql", "/runs"):
        answer = door.request(path)
        assert answer.status == 401, path
        role = "viewers" if path.startswith("/view") else "operators"
        challenge = answer.headers.get("www-authenticate", "")
        assert challenge == f'Basic realm="dream_assets {role}"', (path, challenge)
    # POSTed GraphQL (what a script would send) is refused the same way, on both paths.
    for path in ("/graphql", "/view/graphql"):
        assert door.request(path, None, PERMISSIONS).status == 401, path
    # A wrong password, and the viewer's credentials on the operator's paths, are refused too.
    assert door.request("/graphql", (OPERATOR[0], "guess"), PERMISSIONS).status == 401
    assert door.request("/graphql", VIEWER, PERMISSIONS).status == 401
    assert door.request("/", VIEWER).status == 401


@pytest.mark.slow
def test_both_uis_load_through_the_door(door: Door) -> None:
    operator = door.request("/", OPERATOR)
    assert operator.status == 200 and "<html" in operator.text.lower(), operator.status
    viewer = door.request("/view/", VIEWER)
    assert viewer.status == 200 and "<html" in viewer.text.lower(), viewer.status
    # The viewer's page loads its scripts under its own prefix, so they pass the same door.
    assert "/view/" in viewer.text


@pytest.mark.slow
def test_the_viewer_reads_but_every_mutation_is_refused(door: Door) -> None:
    permissions = door.graphql("/view/graphql", VIEWER, PERMISSIONS)["permissions"]
    names = {p["permission"] for p in permissions}
    assert {"launch_pipeline_execution", "wipe_assets", "edit_sensor"} <= names
    # Read-only: not one permission granted (launch, re-execute, wipe, toggle, terminate, ...).
    assert [p["permission"] for p in permissions if p["value"]] == []
    # The operator may use the viewer's door too (a browser logged in at / sends its
    # credentials there); it is still the read-only server.
    assert door.graphql("/view/graphql", OPERATOR, PERMISSIONS)["permissions"] == permissions

    before = stored_run_ids(door.home)
    outcome = door.graphql("/view/graphql", VIEWER, LAUNCH, {"params": launch_params()})
    assert outcome["launchRun"]["__typename"] == "UnauthorizedError", outcome
    assert stored_run_ids(door.home) == before

    selector = {
        "repositoryLocationName": LOCATION,
        "repositoryName": JOB_SELECTOR["repositoryName"],
    }
    sensors = door.graphql("/view/graphql", VIEWER, SENSORS, {"selector": selector})
    results = sensors["sensorsOrError"]["results"]
    (state,) = [s["sensorState"] for s in results if s["name"] == "dream_cadence"]
    stopped = door.graphql("/view/graphql", VIEWER, STOP_SENSOR, {"id": state["id"]})
    assert stopped["stopSensor"]["__typename"] == "UnauthorizedError", stopped
    again = door.graphql("/view/graphql", VIEWER, SENSORS, {"selector": selector})
    assert [s["sensorState"] for s in again["sensorsOrError"]["results"]] == [
        s["sensorState"] for s in results
    ]


@pytest.mark.slow
def test_the_review_page_is_for_operators_only(door: Door) -> None:
    for path in ("/review", "/review/", "/review/decide"):
        for credentials in (None, VIEWER, (OPERATOR[0], "guess")):
            answer = door.request(path, credentials)
            assert answer.status == 401, (path, credentials and credentials[0])
            challenge = answer.headers.get("www-authenticate", "")
            assert challenge == 'Basic realm="dream_assets operators"', (path, challenge)
    page = door.request("/review/", OPERATOR)
    assert page.status == 200, page.status
    assert "<title>dream_assets · review</title>" in page.text
    # The review process answered (the Dagster UI behind "/" serves a script-built page): the
    # one agent, with nothing queued.
    assert "0 open item(s) across 1 agent(s); 1 agent(s) with nothing to review" in page.text
    assert page.headers.get("cache-control") == "no-store"
    # A form posted from the page itself (its Origin is the site) passes the page's cross-site
    # guard through the proxy, and the redirect comes back through the same door.
    token = base64.b64encode(":".join(OPERATOR).encode()).decode()
    form = urllib.request.Request(
        door.url + "/review/decide",
        data=f"agent={AGENT}&item=rv-nope&action=approve".encode(),
        headers={
            "Authorization": f"Basic {token}",
            "Origin": door.url,
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    with urllib.request.urlopen(form, timeout=30) as answer:
        assert answer.status == 200 and "/review/?flash=" in answer.url
        assert "approve refused: no review item &#x27;rv-nope&#x27;" in answer.read().decode()


@pytest.mark.slow
def test_the_operator_launches_a_run(door: Door) -> None:
    permissions = door.graphql("/graphql", OPERATOR, PERMISSIONS)["permissions"]
    granted = {p["permission"] for p in permissions if p["value"]}
    assert "launch_pipeline_execution" in granted

    outcome = door.graphql("/graphql", OPERATOR, LAUNCH, {"params": launch_params()})
    launched = outcome["launchRun"]
    assert launched["__typename"] == "LaunchRunSuccess", launched
    run_id = launched["run"]["runId"]
    assert re.fullmatch(r"[0-9a-f-]{36}", run_id), run_id
    with instance_at(door.home) as instance:
        run = instance.get_run_by_id(run_id)
        assert run is not None
        assert run.job_name == "dream_cycle"
        assert run.tags["dagster/partition"] == AGENT


# --- the shipped files, parsed ---------------------------------------------------------------

COMPOSE = DEPLOY / "docker-compose.yml"
PROXY = "proxy"
WEBSERVERS = ("webserver", "viewer")
# Variables holding a secret: never a default, always required (`${X:?message}`).
SECRET_NAME = re.compile(r"PASSWORD|SECRET|TOKEN|KEY|HASH|CREDENTIAL", re.IGNORECASE)
REQUIRED = {"DREAM_PG_PASSWORD", "DREAM_OPERATOR_PASSWORD_HASH", "DREAM_VIEWER_PASSWORD_HASH"}
# ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message}, ${NAME?message}, ...
INTERPOLATION = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?P<op>:?[-?+])?(?P<arg>[^}]*)\}")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return dict(yaml.safe_load(COMPOSE.read_text(encoding="utf-8")))


def option(command: list[str], *names: str) -> str | None:
    for i, arg in enumerate(command[:-1]):
        if arg in names:
            return command[i + 1]
    return None


def test_only_the_proxy_publishes_a_port(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert {PROXY, *WEBSERVERS, "postgres", "daemon"} <= set(services)
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {PROXY}
    for name, service in services.items():
        # Host networking would publish every listening socket; sharing another container's
        # network namespace would hide a port behind the proxy's.
        assert "network_mode" not in service, name


def test_the_webservers_are_reachable_only_through_the_proxy(compose: dict[str, Any]) -> None:
    services, networks = compose["services"], compose["networks"]
    internal = {name for name, spec in networks.items() if (spec or {}).get("internal")}
    assert internal, "no internal network"
    proxy_env = services[PROXY]["environment"]
    upstreams = {proxy_env["DREAM_OPERATOR_UPSTREAM"], proxy_env["DREAM_VIEWER_UPSTREAM"]}
    for name in (*WEBSERVERS, "postgres"):
        service = services[name]
        assert set(service["networks"]) <= internal, name
        assert not service.get("ports"), name
    published = {
        part.split("/")[0]
        for service in services.values()
        for mapping in service.get("ports", [])
        for part in str(mapping).split(":")
    }
    binds = set()
    for name in WEBSERVERS:
        command = services[name]["command"]
        assert command[0] == "dagster-webserver", name
        port = option(command, "-p", "--port")
        assert port and port not in published, (name, port, published)
        binds.add(f"{name}:{port}")
    assert binds == upstreams
    # The proxy bridges the internal network to the published one.
    assert set(services[PROXY]["networks"]) & internal
    assert set(services[PROXY]["networks"]) - internal
    viewer = services["viewer"]["command"]
    assert "--read-only" in viewer
    assert option(viewer, "-l", "--path-prefix") == "/view"
    assert "--read-only" not in services["webserver"]["command"]


def test_no_default_secret(compose: dict[str, Any]) -> None:
    text = COMPOSE.read_text(encoding="utf-8")
    found = {m["name"]: (m["op"] or "", m["arg"]) for m in INTERPOLATION.finditer(text)}
    secrets = {name for name in found if SECRET_NAME.search(name)}
    assert secrets >= REQUIRED
    for name in secrets:
        op, message = found[name]
        assert op == ":?" and message.strip(), f"${{{name}}} must be required (:?), is {op!r}"
    # Every occurrence, not just the last one seen, is required.
    for match in INTERPOLATION.finditer(text):
        if SECRET_NAME.search(match["name"]):
            assert match["op"] == ":?", match.group(0)
    # No literal secret values either: a secret-named variable is interpolated, required, or
    # passed through from the host without a value.
    for name, service in compose["services"].items():
        for key, value in dict(service.get("environment") or {}).items():
            if SECRET_NAME.search(key):
                assert value is None or INTERPOLATION.fullmatch(str(value)), (name, key, value)
    # Every service that reads the PostgreSQL password gets the required one.
    assert compose["services"]["postgres"]["environment"]["POSTGRES_PASSWORD"].startswith(
        "${DREAM_PG_PASSWORD:?"
    )


def test_the_review_page_is_reachable_only_through_the_proxy(compose: dict[str, Any]) -> None:
    services, networks = compose["services"], compose["networks"]
    internal = {name for name, spec in networks.items() if (spec or {}).get("internal")}
    review = services["review"]
    assert set(review["networks"]) <= internal and not review.get("ports")
    command = review["command"]
    assert command[:3] == ["dream", "review", "serve"]
    assert option(command, "--root-path") == "/review"
    upstream = services[PROXY]["environment"]["DREAM_REVIEW_UPSTREAM"]
    assert upstream == f"review:{option(command, '--port')}"
    # The systemd unit: loopback, the port the proxy's example points at, the same prefix.
    unit_command = unit("dream-review.service")["ExecStart"][-1].split()
    assert option(unit_command, "--host") == "127.0.0.1"
    assert option(unit_command, "--root-path") == "/review"
    proxy_env = dict(
        line.split("=", 1)
        for line in (DEPLOY / "systemd" / "dream-proxy.env.example").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert proxy_env["DREAM_REVIEW_UPSTREAM"] == f"127.0.0.1:{option(unit_command, '--port')}"


def test_compose_and_image_use_the_production_instance_config(compose: dict[str, Any]) -> None:
    for name in (*WEBSERVERS, "daemon"):
        mounts = compose["services"][name]["volumes"]
        assert "./dagster.yaml:/opt/dagster/home/dagster.yaml:ro" in mounts, name
    assert "deploy/dagster.yaml" in (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    assert "postgres" in yaml.safe_load((DEPLOY / "dagster.yaml").read_text())["storage"]


def unit(name: str) -> dict[str, list[str]]:
    """A systemd unit's keys (all sections), each with every value it is given."""
    keys: dict[str, list[str]] = {}
    for line in (DEPLOY / "systemd" / name).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith(("#", ";", "[")) and "=" in line:
            key, value = line.split("=", 1)
            keys.setdefault(key.strip(), []).append(value.strip())
    return keys


def test_the_systemd_webservers_bind_loopback_and_the_viewer_is_read_only() -> None:
    operator = unit("dream-webserver.service")["ExecStart"][-1].split()
    viewer = unit("dream-viewer.service")["ExecStart"][-1].split()
    for command in (operator, viewer):
        assert option(command, "-h", "--host") == "127.0.0.1", command
    assert "--read-only" in viewer and "--read-only" not in operator
    assert option(viewer, "-l", "--path-prefix") == "/view"
    # The ports the proxy's environment example points at are the ones the units listen on.
    proxy_env = dict(
        line.split("=", 1)
        for line in (DEPLOY / "systemd" / "dream-proxy.env.example").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert proxy_env["DREAM_OPERATOR_UPSTREAM"] == f"127.0.0.1:{option(operator, '-p')}"
    assert proxy_env["DREAM_VIEWER_UPSTREAM"] == f"127.0.0.1:{option(viewer, '-p')}"
    # Caddy runs the shipped Caddyfile without --environ (which would log the password hashes).
    dropin = unit("caddy.service.d/dream-assets.conf")
    assert dropin["ExecStart"][0] == ""
    assert "--environ" not in dropin["ExecStart"][-1]
    assert "/etc/dream-assets/proxy.env" in dropin["EnvironmentFile"][-1]


# The storage's schema is made once before the services that use it (docs/deploy.md): two
# processes started together on an empty database each try to create it.
DAGSTER_SERVICES = ("webserver", "viewer", "daemon", "review")
DAGSTER_UNITS = ("dream-daemon", "dream-webserver", "dream-viewer", "dream-celery-worker")


def test_compose_makes_the_schema_before_any_dagster_service(compose: dict[str, Any]) -> None:
    services = compose["services"]
    migrate = services["migrate"]
    assert migrate["command"] == ["dagster", "instance", "migrate"]
    assert migrate["restart"] == "no"  # it runs once and exits; a restart loop would re-run it
    assert migrate["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    # The same image, environment and instance config as the services it prepares.
    for key in ("image", "environment", "volumes"):
        assert migrate[key] == services["webserver"][key], key
    for name in DAGSTER_SERVICES:
        wait = services[name]["depends_on"]
        assert wait["migrate"] == {"condition": "service_completed_successfully"}, name
        assert wait["postgres"] == {"condition": "service_healthy"}, name


def test_the_systemd_services_start_after_the_schema_unit() -> None:
    migrate = unit("dream-migrate.service")
    assert migrate["Type"] == ["oneshot"] and migrate["RemainAfterExit"] == ["yes"]
    command = migrate["ExecStart"][-1].split()
    assert Path(command[0]).name == "dagster" and command[1:] == ["instance", "migrate"]
    assert migrate["EnvironmentFile"] == ["/etc/dream-assets/env"]
    for name in DAGSTER_UNITS:
        keys = unit(f"{name}.service")
        after = " ".join(keys["After"]).split()
        wants = " ".join(keys["Wants"]).split()
        assert "dream-migrate.service" in after and "dream-migrate.service" in wants, name
        assert keys["EnvironmentFile"] == migrate["EnvironmentFile"], name
