"""What every command shares: errors, the agent directory, the lease, the embedded instance."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

EMBEDDED_INSTANCE_YAML = """\
telemetry:
  enabled: false
concurrency:
  runs:
    tag_concurrency_limits:
      - key: dagster/partition
        value:
          applyLimitPerUniqueValue: true
        limit: 1
  pools:
    default_limit: 1
"""


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def _deployment(*, strict: bool = True) -> Any:
    """The deployment's options, the ``DREAM_*`` environment: a command reads them once, when
    it starts, and passes them down. A bad value is the command's error; not ``strict`` (a
    command that needs them only for the lease's expiry), the built-in defaults."""
    from dream_assets.core.options import DreamOptions, OptionsError, load_options

    try:
        return load_options(os.environ)
    except OptionsError as exc:
        if strict:
            raise CliError(str(exc)) from exc
        return DreamOptions()


def _lease_ttl(root: Path, options: Any) -> Any:
    from dream_assets.operations.operator_lease import lease_ttl

    return lease_ttl(root, options)


@contextlib.contextmanager
def _writer(root: Path, owner: str, options: Any) -> Iterator[str]:
    """Hold the agent's lease (``dream.lease``) while a command writes its volume (and, for a
    connected agent, its store); yields the lease's run id. ``options``: the deployment's."""
    from dream_assets.core.store.lease import LeaseHeld
    from dream_assets.operations.operator_lease import operator_lease

    try:
        with operator_lease(Path(root), owner, options) as run_id:
            yield run_id
    except LeaseHeld as exc:
        raise CliError(str(exc)) from exc


def _agent_dir(agent: str | None) -> Path:
    """The --agent directory; without one, the only agent under DREAM_AGENTS_ROOT."""
    if agent is None:
        from dream_assets.core.store.volume import discover_agents

        root_env = os.environ.get("DREAM_AGENTS_ROOT")
        agents = discover_agents(Path(root_env)) if root_env else []
        if len(agents) != 1:
            where = f"{len(agents)} agents under {root_env}" if root_env else "no DREAM_AGENTS_ROOT"
            raise CliError(f"give --agent DIR ({where})")
        return Path(root_env or "") / agents[0]
    root = Path(agent)
    if not root.is_dir():
        raise CliError(f"--agent {agent}: not a directory")
    return root


def _instance():  # type: ignore[no-untyped-def]
    import dagster as dg

    home = os.environ.get("DAGSTER_HOME")
    if not home:
        home = str(Path(".dagster_home").resolve())
        os.environ["DAGSTER_HOME"] = home
    Path(home).mkdir(parents=True, exist_ok=True)
    config = Path(home) / "dagster.yaml"
    if not config.exists():
        # The embedded default: SQLite storage in DAGSTER_HOME (docs/deploy.md), with
        # the same run queue rule as production: one run at a time per agent.
        config.write_text(EMBEDDED_INSTANCE_YAML, encoding="utf-8")
    return dg.DagsterInstance.get()


def _agents_for(args: argparse.Namespace) -> tuple[Path, list[str]]:
    from dream_assets.core.store.volume import discover_agents

    if args.agent:
        agent = Path(args.agent).expanduser().resolve()
        if not agent.is_dir():
            raise CliError(f"--agent {args.agent}: not a directory")
        return agent.parent, [agent.name]
    root_env = os.environ.get("DREAM_AGENTS_ROOT")
    if not root_env:
        raise CliError("give --agent DIR or set DREAM_AGENTS_ROOT")
    root = Path(root_env).expanduser().resolve()
    agents = discover_agents(root)
    if not agents:
        raise CliError(f"DREAM_AGENTS_ROOT={root}: no agent directories")
    return root, agents


def _agent_volume(agent_dir: str | None) -> Any:
    from dream_assets.core.store.volume import AgentVolume

    return AgentVolume(_agent_dir(agent_dir))


AGENT_HELP = "agent directory (default: the only one in DREAM_AGENTS_ROOT)"

JSON_HELP = "print the result as JSON"
