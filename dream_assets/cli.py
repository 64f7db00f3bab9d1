"""The ``dream`` command: the same Dagster definitions, in-process (DESIGN.md, CLI contract).

Exit status: 0 on success; non-zero with a one-line reason on bad input or a failed blocking check.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def _instance():  # type: ignore[no-untyped-def]
    import dagster as dg

    home = os.environ.get("DAGSTER_HOME")
    if not home:
        home = str(Path(".dagster_home").resolve())
        os.environ["DAGSTER_HOME"] = home
    Path(home).mkdir(parents=True, exist_ok=True)
    config = Path(home) / "dagster.yaml"
    if not config.exists():
        # The embedded default: SQLite storage in DAGSTER_HOME (DESIGN.md, Deployment).
        config.write_text("telemetry:\n  enabled: false\n", encoding="utf-8")
    return dg.DagsterInstance.get()


def _agents_for(args: argparse.Namespace) -> tuple[Path, list[str]]:
    from dream_assets.core.volume import discover_agents

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


def run_cycle(agents_root: Path, agent: str, instance: Any) -> dict[str, Any]:
    """Run one full cycle for one agent through the dream_cycle job; return what it did."""
    from dream_assets.definitions import defs
    from dream_assets.defs.jobs import PASS_ASSETS
    from dream_assets.defs.partitions import agents_partitions

    os.environ["DREAM_AGENTS_ROOT"] = str(agents_root)
    partitions = agents_partitions.name or "agents"
    if not instance.has_dynamic_partition(partitions, agent):
        instance.add_dynamic_partitions(partitions, [agent])
    job = defs.resolve_job_def("dream_cycle")
    quiet = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}
    result = job.execute_in_process(
        partition_key=agent, instance=instance, raise_on_error=False, run_config=quiet
    )
    passes: dict[str, dict[str, Any]] = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        if materialization is None:
            continue
        meta = {k: getattr(v, "value", v) for k, v in materialization.metadata.items()}
        passes[materialization.asset_key.to_user_string()] = meta
    order = [a.key.to_user_string() for a in PASS_ASSETS]
    checks = [
        {
            "asset": e.asset_key.to_user_string(),
            "check": e.check_name,
            "passed": e.passed,
            "blocking": getattr(e, "blocking", None),
            "description": e.description,
        }
        for e in result.get_asset_check_evaluations()
    ]
    failures = [
        f"{e.step_key}: {e.step_failure_data.error.message.strip().splitlines()[-1]}"
        for e in result.get_step_failure_events()
        if e.step_failure_data.error is not None
    ]
    return {
        "agent": agent,
        "run_id": result.run_id,
        "success": result.success,
        "passes": {k: passes[k] for k in order if k in passes},
        "not_materialized": [k for k in order if k not in passes],
        "checks": checks,
        "failures": failures,
    }


def cmd_run(args: argparse.Namespace) -> int:
    root, agents = _agents_for(args)
    instance = _instance()
    outcomes = [run_cycle(root, agent, instance) for agent in agents]
    if args.json:
        print(json.dumps(outcomes, indent=2, default=str))
    else:
        for outcome in outcomes:
            print(f"== dream cycle for agent {outcome['agent']} (run {outcome['run_id'][:8]})")
            for meta in outcome["passes"].values():
                print(f"  {meta.get('summary', '')}")
            failed_checks = [c for c in outcome["checks"] if not c["passed"]]
            print(
                f"  checks: {len(outcome['checks']) - len(failed_checks)} passed, "
                f"{len(failed_checks)} failed"
            )
    for outcome in outcomes:
        failed = [c for c in outcome["checks"] if not c["passed"]]
        if failed:
            first = failed[0]
            print(
                f"dream run: blocking check {first['asset']}:{first['check']} failed for "
                f"{outcome['agent']}: {first['description']}",
                file=sys.stderr,
            )
            return 1
        if not outcome["success"]:
            reason = outcome["failures"][0] if outcome["failures"] else "run failed"
            print(f"dream run: {outcome['agent']}: {reason}", file=sys.stderr)
            return 1
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from dream_assets.demo import write_demo

    now = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)
    try:
        summary = write_demo(Path(args.dir), seed=args.seed, now=now)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    print(f"demo agent written to {args.dir}: {summary}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dream", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="write a realistic demo agent volume")
    demo.add_argument("dir")
    demo.add_argument("--seed", type=int, default=7)
    demo.set_defaults(func=cmd_demo)

    run = sub.add_parser("run", help="one full dream cycle in-process through Dagster")
    run.add_argument(
        "--agent", help="one agent directory (default: every agent in DREAM_AGENTS_ROOT)"
    )
    run.add_argument("--json", action="store_true", help="print the outcome as JSON")
    run.set_defaults(func=cmd_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CliError as exc:
        print(f"dream {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
