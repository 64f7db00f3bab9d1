"""`dream run` as a newcomer meets it: bad input refused in one line before Dagster starts,
several agents streamed one summary at a time, --quiet / --verbose, --version, help text."""

from __future__ import annotations

import argparse
import contextlib
import io
import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dream_assets.cli import build_parser, main
from dream_assets_tests.services import free_port, small_agent

REPO = Path(__file__).resolve().parents[2]
LLM_ENV = ("DREAM_LLM_BASE_URL", "DREAM_LLM_MODEL", "DREAM_LLM_API_KEY", "OPENAI_API_KEY")


@pytest.fixture
def two_agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two small agents under DREAM_AGENTS_ROOT, no model, a DAGSTER_HOME not yet created."""
    root = tmp_path / "agents"
    now = datetime.now(UTC).replace(microsecond=0)
    small_agent(root, now, "ada")
    small_agent(root, now, "bob")
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DREAM_AGENTS_ROOT", str(root))
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    return root


def _run(argv: list[str]) -> tuple[int, str, str, str]:
    """(status, stdout, stderr, both interleaved in the order they were written)."""
    out, err, both = io.StringIO(), io.StringIO(), io.StringIO()

    class Tee(io.StringIO):
        def __init__(self, own: io.StringIO) -> None:
            super().__init__()
            self.own = own

        def write(self, text: str) -> int:
            self.own.write(text)
            return both.write(text)

    with contextlib.redirect_stdout(Tee(out)), contextlib.redirect_stderr(Tee(err)):
        status = main(argv)
    return status, out.getvalue(), err.getvalue(), both.getvalue()


def _dagster_started(two_agents: Path) -> bool:
    return (two_agents.parent / "dagster_home").exists()


def test_bad_agent_options_file_is_one_line_before_dagster_starts(two_agents: Path) -> None:
    (two_agents / "ada" / "dream-options.json").write_text('{"similarity_threshold": "high"}')
    status, _, err, _ = _run(["run", "--agent", str(two_agents / "ada")])
    assert status == 2
    assert len(err.splitlines()) == 1, err
    assert "similarity_threshold" in err and "dream-options.json" in err
    assert not _dagster_started(two_agents)


def test_options_file_that_is_not_json_is_one_line(two_agents: Path) -> None:
    (two_agents / "ada" / "dream-options.json").write_text("{similarity_threshold: 0.9")
    status, _, err, _ = _run(["run", "--agent", str(two_agents / "ada")])
    assert status == 2 and len(err.splitlines()) == 1 and "not valid JSON" in err, err
    assert not _dagster_started(two_agents)


def test_bad_environment_value_is_one_line_naming_the_variable(
    two_agents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DREAM_MAX_CLUSTER_SIZE", "many")
    status, _, err, _ = _run(["run"])
    assert status == 2 and len(err.splitlines()) == 1, err
    assert "DREAM_MAX_CLUSTER_SIZE" in err
    assert not _dagster_started(two_agents)


def test_agent_that_is_not_a_directory_is_one_line(two_agents: Path) -> None:
    (two_agents.parent / "file").write_text("not an agent")
    status, _, err, _ = _run(["run", "--agent", str(two_agents.parent / "file")])
    assert status == 2 and len(err.splitlines()) == 1 and "not a directory" in err, err
    assert not _dagster_started(two_agents)


def test_unreachable_model_is_one_line_before_dagster_starts(
    two_agents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    monkeypatch.setenv("DREAM_LLM_BASE_URL", url)
    monkeypatch.setenv("DREAM_LLM_MODEL", "any")
    status, _, err, _ = _run(["run"])
    assert status == 2 and len(err.splitlines()) == 1, err
    assert "model unreachable" in err and url in err
    assert not _dagster_started(two_agents)


def test_several_agents_stream_one_summary_each_with_progress(two_agents: Path) -> None:
    status, out, err, both = _run(["run"])
    assert status == 0, err
    assert out.count("== dream cycle for agent") == 2
    lines = both.splitlines()

    def at(text: str) -> int:
        return next(i for i, line in enumerate(lines) if text in line)

    assert at("[1/2] ada: dream cycle started") < at("[1/2] ada: done")
    # ada's summary is out before bob's cycle starts.
    assert at("[1/2] ada: done") < at("== dream cycle for agent ada")
    assert at("== dream cycle for agent ada") < at("[2/2] bob: dream cycle started")
    assert at("[2/2] bob: done") < at("== dream cycle for agent bob")
    assert all(line.startswith("[") for line in err.splitlines()), err


def test_one_refused_agent_does_not_stop_the_others(two_agents: Path) -> None:
    (two_agents / "ada" / "dream-options.json").write_text('{"max_cluster_size": 1}')
    status, out, err, _ = _run(["run", "--quiet"])
    assert status == 2
    assert "max_cluster_size" in err
    assert out.splitlines() == [out.splitlines()[0]] and out.startswith("bob: checks: ")


def test_quiet_prints_one_line_per_agent_and_no_progress(two_agents: Path) -> None:
    status, out, err, _ = _run(["run", "--quiet"])
    assert status == 0
    assert [line.split(":")[0] for line in out.splitlines()] == ["ada", "bob"]
    assert err == ""


def test_verbose_prints_every_count_and_dagsters_log(two_agents: Path) -> None:
    status, out, err, _ = _run(["run", "--verbose", "--agent", str(two_agents / "ada")])
    assert status == 0
    assert " 0" in out  # zero counts are kept, not compacted away
    assert "dagster - INFO - dream_cycle" in err


def test_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert capsys.readouterr().out.strip() == f"dream {project['version']}"


def test_every_argument_of_every_command_has_help() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = []
    for name, command in commands.choices.items():
        for action in command._actions:
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    assert not missing
    assert {c.dest for c in commands._choices_actions} == set(commands.choices)
    assert all(c.help for c in commands._choices_actions)


def test_an_agent_naming_an_unreachable_model_is_refused_alone(two_agents: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    (two_agents / "ada" / "dream-options.json").write_text(
        f'{{"llm_base_url": "{url}", "llm_model": "any"}}'
    )
    status, out, err, _ = _run(["run", "--quiet"])
    assert status == 2
    assert "ada: model unreachable" in err and url in err
    assert out.startswith("bob: checks: ") and len(out.splitlines()) == 1
