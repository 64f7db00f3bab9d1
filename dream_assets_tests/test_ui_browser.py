"""The Dagster UI in a real browser: headless Chromium (Debian's ``chromium``) over CDP.

The webserver runs on the embedded defaults (SQLite in a temporary DAGSTER_HOME, like
``make ui``) after one cycle ran in-process for a small agent. The test opens each asset group's
graph and each checked asset's checks page, waits until the asset and check names are on the
page, and saves a screenshot of each under ``test-artifacts/`` at the repository root.
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dagster as dg
import pytest
import websockets

from dream_assets_tests.services import (
    REPO,
    GraphQL,
    Services,
    free_port,
    running,
    service_env,
    small_agent,
    start_webserver,
    wait_until_serving,
)

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO / "test-artifacts"
AGENT = "ada"
PAGE_TIMEOUT_S = 45.0
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class Chromium:
    """One headless Chromium; each visit drives its page over the DevTools protocol."""

    def __init__(self, profile: Path) -> None:
        if not CHROMIUM.exists():
            pytest.fail(f"{CHROMIUM} missing: install Debian's chromium (apt-get install chromium)")
        profile.mkdir(parents=True, exist_ok=True)
        self.profile = profile
        self.process = subprocess.Popen(
            [
                str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", f"--user-data-dir={profile}", "--window-size=1600,1200",
                "--remote-debugging-port=0", "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        self.port = self._devtools_port()

    def _devtools_port(self) -> int:
        active = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"chromium exited with {self.process.returncode}")
            if active.exists() and active.read_text().strip():
                return int(active.read_text().splitlines()[0])
            time.sleep(0.1)
        raise AssertionError("chromium did not open its DevTools port within 30s")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def visit(self, url: str, expected: Mapping[str, int], screenshot: Path) -> str:
        """Open ``url``; wait until each expected text shows at least as often as asked; save a
        screenshot. The page renders in stages (names first, statuses from later queries)."""
        return asyncio.run(self._visit(url, expected, screenshot))

    async def _visit(self, url: str, expected: Mapping[str, int], screenshot: Path) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=10) as r:
            targets = json.load(r)
        page = next(t for t in targets if t["type"] == "page")
        async with websockets.connect(page["webSocketDebuggerUrl"], max_size=None) as socket:
            calls = 0

            async def call(method: str, **params: Any) -> dict[str, Any]:
                nonlocal calls
                calls += 1
                await socket.send(json.dumps({"id": calls, "method": method, "params": params}))
                while True:
                    message = json.loads(await socket.recv())
                    if message.get("id") == calls:
                        if "error" in message:
                            raise AssertionError(f"{method}: {message['error']}")
                        return dict(message.get("result", {}))

            await call("Page.enable")
            await call("Page.navigate", url=url)
            deadline = time.monotonic() + PAGE_TIMEOUT_S
            text = ""
            while time.monotonic() < deadline:
                result = await call(
                    "Runtime.evaluate",
                    expression="document.body ? document.body.innerText : ''",
                    returnByValue=True,
                )
                text = str(result.get("result", {}).get("value", ""))
                if all(text.count(needle) >= n for needle, n in expected.items()):
                    break
                await asyncio.sleep(0.5)
            # Let the graph finish its zoom-to-fit before the picture is taken.
            await asyncio.sleep(2.0)
            shot = await call("Page.captureScreenshot", format="png")
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            screenshot.write_bytes(base64.b64decode(shot["data"]))
        missing = {needle: n for needle, n in expected.items() if text.count(needle) < n}
        assert not missing, f"{url}: {missing} not on the page after {PAGE_TIMEOUT_S}s:\n{text}"
        return text


@dataclass
class UI:
    base_url: str
    browser: Chromium
    graphql: GraphQL
    services: Services


@pytest.fixture(scope="module")
def ui(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UI]:
    from dream_assets.cli import run_cycle

    base = tmp_path_factory.mktemp("ui")
    home = base / "dagster_home"
    home.mkdir()
    # The embedded default of `make ui` / `dream run`: SQLite storage in DAGSTER_HOME.
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n", encoding="utf-8")
    agents = base / "agents"
    small_agent(agents, datetime.now(UTC).replace(microsecond=0), AGENT)
    with pytest.MonkeyPatch.context() as patch:
        for name in (
            "DREAM_LLM_BASE_URL",
            "DREAM_LLM_MODEL",
            "DREAM_LLM_API_KEY",
            "OPENAI_API_KEY",
        ):
            patch.delenv(name, raising=False)
        patch.setenv("DREAM_AGENTS_ROOT", str(agents))
        instance = dg.DagsterInstance.from_config(str(home))
        try:
            outcome = run_cycle(agents, AGENT, instance)
        finally:
            instance.dispose()
    assert outcome["success"], outcome["failures"]

    port = free_port()
    env = service_env({"DAGSTER_HOME": str(home), "DREAM_AGENTS_ROOT": str(agents)})
    with running(base / "logs") as services:
        start_webserver(services, port, env)
        graphql = wait_until_serving(services, port)
        # The first-visit community dialog would cover the page; dismiss it as a user would.
        assert graphql("mutation { setNuxSeen }")["setNuxSeen"] is True
        browser = Chromium(base / "chromium-profile")
        try:
            yield UI(f"http://127.0.0.1:{port}", browser, graphql, services)
        finally:
            browser.close()
            shutil.rmtree(base / "chromium-profile", ignore_errors=True)


def cycle_assets(graphql: GraphQL) -> list[dict[str, Any]]:
    data = graphql(
        """
        query Cycle($selector: PipelineSelector!) {
          assetNodes(pipeline: $selector) {
            assetKey { path }
            groupName
            assetChecksOrError { ... on AssetChecks { checks { name blocking } } }
          }
        }
        """,
        {
            "selector": {
                "repositoryLocationName": "dream_assets.definitions",
                "repositoryName": "__repository__",
                "pipelineName": "dream_cycle",
            }
        },
    )
    return list(data["assetNodes"])


def name_of(node: dict[str, Any]) -> str:
    return "/".join(node["assetKey"]["path"])


def assert_png(path: Path) -> None:
    data = path.read_bytes()
    assert data[:8] == PNG_MAGIC and len(data) > 10_000, path


def test_asset_graph_shows_every_pass_asset_of_each_group(ui: UI) -> None:
    nodes = cycle_assets(ui.graphql)
    groups: dict[str, list[str]] = {}
    for node in nodes:
        groups.setdefault(node["groupName"], []).append(name_of(node))
    assert {"housekeeping", "memory"} <= set(groups)
    for group, names in sorted(groups.items()):
        shot = ARTIFACTS / f"asset-graph-{group}.png"
        # Each node of the group names its asset and shows the agent's partition materialized.
        ui.browser.visit(
            f"{ui.base_url}/locations/dream_assets.definitions/asset-groups/{group}/lineage",
            {**dict.fromkeys(names, 1), "1 partition": len(names)},
            shot,
        )
        assert_png(shot)


def test_checks_page_names_every_blocking_check_as_passed(ui: UI) -> None:
    checked = {
        name_of(node): [c["name"] for c in node["assetChecksOrError"]["checks"] if c["blocking"]]
        for node in cycle_assets(ui.graphql)
    }
    checked = {asset: names for asset, names in checked.items() if names}
    assert set(checked["consolidated_memory"]) >= {"merge_coverage", "pruning_floor"}
    for asset, names in sorted(checked.items()):
        shot = ARTIFACTS / f"checks-{asset}.png"
        ui.browser.visit(
            f"{ui.base_url}/assets/{asset}?view=checks",
            {
                **dict.fromkeys(names, 1),
                "This is a blocking asset check.": 1,
                "Passed": 1,
                "Succeeded": len(names),
            },
            shot,
        )
        assert_png(shot)


def test_automation_page_lists_every_sensor(ui: UI) -> None:
    shot = ARTIFACTS / "automation.png"
    ui.browser.visit(
        f"{ui.base_url}/automation",
        dict.fromkeys(["agent_discovery", "dream_cadence", "agent_activity", "audit_pause"], 1),
        shot,
    )
    assert_png(shot)
