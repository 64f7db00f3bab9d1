"""scripts/test-deps.sh: what `make test` and `.ci/run` install or start before pytest.

Run with DREAM_TEST_DEPS_DRY_RUN=1, so each action is printed instead of taken; the browser's
absence is simulated by replacing the places the script looks (DREAM_CHROMIUM_CANDIDATES).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from dream_assets_tests.browser import find_chromium
from dream_assets_tests.services import free_port

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "test-deps.sh"


def _dry_run(**env: str) -> str:
    completed = subprocess.run(
        [str(SCRIPT)],
        env={**os.environ, "DREAM_TEST_DEPS_DRY_RUN": "1", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return completed.stdout + completed.stderr


def test_missing_chromium_is_installed_from_debian() -> None:
    out = _dry_run(DREAM_CHROMIUM_CANDIDATES="/nonexistent/chromium")
    assert "chromium missing" in out
    assert "apt-get install -y -q chromium" in out


def test_chromium_found_where_the_ui_test_finds_it_is_left_alone() -> None:
    found = find_chromium()
    assert found is not None, "run scripts/test-deps.sh first"
    out = _dry_run(PATH="/usr/local/bin:/usr/bin:/bin")
    assert "chromium at" in out
    assert "apt-get" not in out


def _rabbitmq_installed() -> bool:
    return Path("/etc/init.d/rabbitmq-server").exists() or bool(
        shutil.which("rabbitmq-server", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    )


def test_a_rabbitmq_that_is_down_is_started() -> None:
    if not _rabbitmq_installed():
        pytest.skip("RabbitMQ not installed on this machine")
    # Nothing listens on a fresh free port: the script must see the broker as down.
    out = _dry_run(DREAM_RABBITMQ_PORT=str(free_port()))
    assert "RabbitMQ down: starting it" in out
    assert "would run: service rabbitmq-server start" in out or "rabbitmq-server -detached" in out


def test_a_running_rabbitmq_is_left_alone() -> None:
    import socket

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        out = _dry_run(DREAM_RABBITMQ_PORT=str(listener.getsockname()[1]))
    assert "RabbitMQ accepting connections" in out
    assert "rabbitmq-server" not in out
