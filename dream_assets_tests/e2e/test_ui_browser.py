"""The Dagster UI in a real browser: Playwright driving Debian's Chromium (no browser download).

The webserver runs on the embedded defaults (SQLite in a temporary DAGSTER_HOME, like
``make ui``) after one cycle ran in-process for a small agent. The test opens each asset group's
graph and each checked asset's checks page, waits until the asset and check names are on the
page, and saves a screenshot of each under ``test-artifacts/`` at the repository root.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dagster as dg
import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from dream_assets_tests.browser import find_chromium
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

ARTIFACTS = REPO / "test-artifacts"
AGENT = "ada"
PAGE_TIMEOUT_MS = 45_000
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

# True once every expected text shows on the page at least as often as asked.
_ALL_TEXTS_SHOWN = """(expected) => {
  const text = document.body ? document.body.innerText : "";
  return Object.entries(expected).every(([needle, n]) => text.split(needle).length - 1 >= n);
}"""


class Chromium:
    """One headless Chromium (Debian's) under Playwright; each visit opens a fresh page."""

    def __init__(self) -> None:
        executable = find_chromium()
        if executable is None:
            pytest.fail("no chromium found: run scripts/test-deps.sh (apt-get install chromium)")
        self.playwright: Playwright = sync_playwright().start()
        self.browser: Browser = self.playwright.chromium.launch(
            executable_path=str(executable),
            args=["--no-sandbox", "--disable-gpu", "--disable-quic"],
        )

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()

    def visit(self, url: str, expected: Mapping[str, int], screenshot: Path) -> str:
        """Open ``url``; wait until each expected text shows at least as often as asked; save a
        screenshot. The page renders in stages (names first, statuses from later queries)."""
        page = self.browser.new_page(viewport={"width": 1600, "height": 1200})
        try:
            page.goto(url)
            # On a timeout the assertion below names what is missing.
            with contextlib.suppress(PlaywrightError):
                page.wait_for_function(
                    _ALL_TEXTS_SHOWN, arg=dict(expected), timeout=PAGE_TIMEOUT_MS
                )
            # The graph's zoom-to-fit and the status queries settle before the picture.
            with contextlib.suppress(PlaywrightError):
                page.wait_for_load_state("networkidle", timeout=10_000)
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(screenshot))
            text = page.inner_text("body")
        finally:
            page.close()
        missing = {needle: n for needle, n in expected.items() if text.count(needle) < n}
        assert not missing, (
            f"{url}: {json.dumps(missing)} not on the page after {PAGE_TIMEOUT_MS} ms:\n{text}"
        )
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
        browser = Chromium()
        try:
            yield UI(f"http://127.0.0.1:{port}", browser, graphql, services)
        finally:
            browser.close()


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


def test_chromium_is_found_without_chromium_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """`make test` where `chromium` is not on PATH: the UI test still finds Debian's binary by
    its install location (scripts/test-deps.sh installs the package when it is absent)."""
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("DREAM_CHROMIUM", raising=False)
    found = find_chromium()
    assert found is not None and found.parent in {Path("/usr/bin"), Path("/usr/lib/chromium")}
