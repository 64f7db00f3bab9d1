"""The wheel is complete: built from the repository, installed into a fresh venv, it runs a demo
cycle and validates its definitions from a directory outside the repository.

The fresh venv reuses the test venv's site-packages for the dependencies (a ``.pth`` line, so
nothing is downloaded); the test venv's editable install of dream_assets is not seen there
(its ``.pth`` hook runs only in its own site directory), and the test checks that
``dream_assets`` is imported from the installed wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
NOT_SOURCES = (".git", ".venv", "build", "*.egg-info", ".dagster_home", ".demo", "test-artifacts")


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    completed = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert completed.returncode == 0, (
        f"{args}:\n{completed.stdout[-2000:]}{completed.stderr[-3000:]}"
    )
    return completed.stdout + completed.stderr


def test_wheel_installs_and_runs_a_cycle_outside_the_repository(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DREAM_", "OPENAI_", "DAGSTER_")) and k != "PYTHONPATH"
    }
    # Build from a copy, so the checkout gets no build/ or egg-info of its own.
    source = tmp_path / "source"
    shutil.copytree(REPO, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCES))
    dist = tmp_path / "dist"
    pip = [sys.executable, "-m", "pip"]
    _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(source)],
         tmp_path, env)  # fmt: skip
    wheel = next(dist.glob("dream_assets-*.whl"))

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path, env)
    python = venv / "bin" / "python"
    site = Path(
        _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
             tmp_path, env).strip()
    )  # fmt: skip
    (site / "_shared_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    _run([*pip, "--python", str(python), "install", "--no-deps", str(wheel)], tmp_path, env)

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    where = _run([str(python), "-c", "import dream_assets; print(dream_assets.__file__)"],
                 outside, env)  # fmt: skip
    assert Path(where.strip()).is_relative_to(venv), where

    env = {**env, "DAGSTER_HOME": str(outside / "dagster_home")}
    dream = str(venv / "bin" / "dream")
    _run([dream, "demo", "agents/demo"], outside, env)
    out = _run([dream, "run", "--agent", "agents/demo"], outside, env)
    assert "telemetry_windows" in out and "checks:" in out, out
    assert (outside / "agents" / "demo" / "dream-reports").is_dir()
    out = _run(
        [str(python), "-m", "dagster", "definitions", "validate", "-m", "dream_assets.definitions"],
        outside,
        env,
    )
    assert "All code locations passed validation" in out, out
