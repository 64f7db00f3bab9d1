"""The executor is chosen by configuration: in-process by default, Celery on request.

The Celery path itself runs end to end in test_celery_e2e.py; here, the choice and its errors.
"""

from __future__ import annotations

import subprocess
import sys

import dagster as dg
import pytest

from dream_assets.core.options import OptionsError, load_options
from dream_assets.defs import executor
from dream_assets_tests.services import REPO


def test_the_in_process_executor_is_the_default_of_every_job() -> None:
    from dream_assets.definitions import defs

    for name in ("dream_cycle", "memory_audit_job"):
        job = defs.resolve_job_def(name)
        assert job.executor_def.name == "dream_executor"
        assert job.executor_def.config_schema.default_value == {"in_process": {}}
        assert job.executor_def.get_requirements({"in_process": {}}) == []


def test_dream_executor_celery_makes_celery_the_default() -> None:
    pytest.importorskip("dagster_celery")
    definition = executor.build_executor(load_options({"DREAM_EXECUTOR": "celery"}))
    assert definition.config_schema.default_value == {"celery": {}}
    # Steps in other processes: the job must be reconstructable and the instance persistent.
    assert set(definition.get_requirements({"celery": {}})) == set(
        dg.multiple_process_executor_requirements()
    )


def test_celery_takes_broker_and_queue_from_the_environment_unless_the_run_says() -> None:
    pytest.importorskip("dagster_celery")
    options = load_options(
        {"DREAM_CELERY_BROKER": "pyamqp://u:secret@broker:5672//", "DREAM_CELERY_QUEUE": "dreams"}
    )
    retries = {"enabled": {}}
    made = executor.celery_executor_from({"retries": retries, "backend": "rpc://"}, options)
    args = made.app_args()  # type: ignore[attr-defined]
    assert args["broker"] == "pyamqp://u:secret@broker:5672//"
    assert args["config_source"].task_default_queue == "dreams"
    chosen = executor.celery_executor_from(
        {"retries": retries, "backend": "rpc://", "broker": "pyamqp://b//", "queue": "q2"}, options
    )
    args = chosen.app_args()  # type: ignore[attr-defined]
    assert (args["broker"], args["config_source"].task_default_queue) == ("pyamqp://b//", "q2")


def test_the_broker_password_is_not_in_the_config_schema_the_ui_shows() -> None:
    options = load_options({"DREAM_CELERY_BROKER": "pyamqp://u:secret@broker//"})
    assert "secret" not in repr(options)
    definition = executor.build_executor(options)
    assert "secret" not in repr(definition.config_schema.default_value)


def test_an_unknown_executor_is_refused_naming_the_variable() -> None:
    with pytest.raises(OptionsError, match="DREAM_EXECUTOR must be one of"):
        load_options({"DREAM_EXECUTOR": "kubernetes"})


def test_celery_without_the_extra_fails_with_one_line_naming_the_install() -> None:
    # A fresh interpreter in which dagster_celery cannot be imported, as without the extra.
    code = "import sys; sys.modules['dagster_celery'] = None\nimport dream_assets.definitions\n"
    completed = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={"DREAM_EXECUTOR": "celery", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode != 0
    last = completed.stderr.strip().splitlines()[-1]
    assert "DREAM_EXECUTOR=celery" in last
    assert "pip install 'dream_assets[celery]'" in last


def test_celery_chosen_by_a_run_without_the_extra_fails_with_the_same_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "dagster_celery", None)
    monkeypatch.setitem(sys.modules, "dagster_celery.executor", None)
    with pytest.raises(executor.CeleryUnavailable, match=r"pip install 'dream_assets\[celery\]'"):
        executor.celery_executor_from({"retries": {"enabled": {}}}, load_options({}))
