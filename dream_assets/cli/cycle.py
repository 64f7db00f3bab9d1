"""``dream run``: checks before any Dagster machinery starts, then one cycle per agent, streamed."""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from dream_assets.cli.common import CliError, _agents_for, _deployment, _instance, _lease_ttl
from dream_assets.core import collection
from dream_assets.passes.store_sync.snapshot import NO_STORE


def run_cycle(
    agents_root: Path,
    agent: str,
    instance: Any,
    *,
    preview: bool = False,
    log_level: str = "WARNING",
    options: Any = None,
) -> dict[str, Any]:
    """Run one full cycle for one agent through the dream_cycle job; return what it did.
    ``options``: the deployment's, as the command read them (unset, the environment now)."""
    import shutil

    from dream_assets.definitions import defs
    from dream_assets.defs.jobs import CYCLE_ASSETS
    from dream_assets.defs.partitions import agents_partitions
    from dream_assets.defs.resources import DreamResource, preview_root

    deployment = _deployment() if options is None else options

    os.environ["DREAM_AGENTS_ROOT"] = str(agents_root)
    partitions = agents_partitions.name or "agents"
    if not instance.has_dynamic_partition(partitions, agent):
        instance.add_dynamic_partitions(partitions, [agent])
    from dream_assets.core.clock import SystemClock
    from dream_assets.core.safety.cancellation import options_fingerprint
    from dream_assets.core.store.lease import LeaseHeld, acquire, release

    job = defs.resolve_job_def("dream_cycle")
    run_id = str(uuid.uuid4())  # a Dagster run id is a uuid4 string
    volume_root = agents_root / agent
    if not preview:
        # The run id is the lease's: the run's steps re-enter it, any other writer is refused.
        try:
            acquire(
                volume_root,
                owner="dream run",
                run_id=run_id,
                clock=SystemClock(),
                ttl=_lease_ttl(volume_root, deployment),
                # The run begins here: its cancellation check compares against these options.
                options_sha=options_fingerprint(volume_root),
            )
        except LeaseHeld as exc:
            raise CliError(str(exc)) from exc
    # The agents root and the options are given explicitly: the definitions may have been
    # imported before DREAM_AGENTS_ROOT was set (they then default to the demo agents), and
    # read the environment when they were imported, not when this command started.
    dream = DreamResource(agents_root=str(agents_root), preview=preview, options=deployment)
    run_config: dict[str, Any] = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    try:
        result = job.execute_in_process(
            partition_key=agent,
            instance=instance,
            raise_on_error=False,
            run_config=run_config,
            run_id=run_id,
            tags={"dream/preview": "true"} if preview else None,
            resources={"dream": dream},
        )
        if not result.success and not preview:
            # No daemon runs the run-failure sensor for an in-process run: complete it here.
            from dream_assets.defs.run_failure import complete_failed_run

            failed = DreamResource(agents_root=str(agents_root), options=deployment)
            complete_failed_run(instance, run_id, agent, failed)
    finally:
        if not preview:
            release(volume_root, run_id)
    if preview:
        shutil.rmtree(preview_root() / result.run_id, ignore_errors=True)
    passes: dict[str, dict[str, Any]] = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        if materialization is None:
            continue
        meta = {k: getattr(v, "value", v) for k, v in materialization.metadata.items()}
        passes[materialization.asset_key.to_user_string()] = meta
    order = [a.key.to_user_string() for a in CYCLE_ASSETS]
    checks = [
        {
            "asset": e.asset_key.to_user_string(),
            "check": e.check_name,
            "passed": e.passed,
            "blocking": getattr(e, "blocking", None),
            "severity": e.severity.value,
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
        "preview": preview,
        "success": result.success,
        "passes": {k: passes[k] for k in order if k in passes},
        "not_materialized": [k for k in order if k not in passes],
        "checks": checks,
        "failures": failures,
    }


def _compact(summary: str) -> str:
    """A pass's summary line without its zero counts (the JSON output keeps them all)."""
    name, _, rest = summary.partition(": ")
    parts = [p for p in rest.split(", ") if not p.endswith(" 0")]
    return f"{name}: {', '.join(parts) if parts else 'nothing to do'}" if rest else summary


def _model_problem(settings: Any) -> str | None:
    """Why the configured model server cannot be reached (a TCP connection to the base URL's
    host and port), or None; no model, or a hosted API without a base URL, is no problem."""
    if not settings.configured or settings.base_url is None:
        return None
    url = urlsplit(settings.base_url)
    if url.scheme not in ("http", "https") or not url.hostname:
        return f"DREAM_LLM_BASE_URL={settings.base_url!r}: not an http(s) URL"
    try:
        port = url.port or (443 if url.scheme == "https" else 80)
        socket.create_connection((url.hostname, port), timeout=min(5.0, settings.timeout_s)).close()
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return (
            f"model unreachable at DREAM_LLM_BASE_URL={settings.base_url} ({reason}); "
            "unset DREAM_LLM_MODEL to run every pass deterministically"
        )
    return None


def _check_environment(deployment: Any) -> Any:
    """What every agent's run depends on, checked before any Dagster machinery starts: the
    model server the deployment's options (``DREAM_*``, already parsed) name, if any."""
    from dream_assets.llm import LLMSettings

    settings = LLMSettings.from_options(deployment)
    problem = _model_problem(settings)
    if problem:
        raise CliError(problem)
    return settings


def _agent_problem(agent_dir: Path, deployment: Any, shared: Any) -> str | None:
    """Why one agent cannot run (its directory, its ``dream-options.json``, the model its
    options name when that is not the environment's), or None."""
    from dream_assets.core.options import OptionsError, agent_options
    from dream_assets.core.store.volume import AgentVolume
    from dream_assets.llm import LLMSettings

    if not agent_dir.is_dir():
        return f"{agent_dir}: not a directory"
    if not os.access(agent_dir, os.R_OK | os.W_OK | os.X_OK):
        return f"{agent_dir}: agent directory is not readable and writable"
    try:
        options = agent_options(deployment, AgentVolume(agent_dir).options_path)
    except OptionsError as exc:
        return str(exc)
    from dream_assets.core.store.connection import open_store
    from dream_assets.core.store.kinds.boundary import StoreConfigError

    try:
        open_store(agent_dir)  # a connected agent's dream-store.json and its target
    except StoreConfigError as exc:
        return str(exc)
    settings = LLMSettings.from_options(options)
    if settings == shared:
        return None
    problem = _model_problem(settings)
    return f"{agent_dir.name}: {problem}" if problem else None


def _outcome_error(outcome: dict[str, Any]) -> str | None:
    """One line for a run that did not succeed: its first failed check or step."""
    # A warning check (a standing problem, an untrimmable log) is reported, not fatal.
    failed = [c for c in outcome["checks"] if not c["passed"] and c["blocking"] is not False]
    if failed:
        first = failed[0]
        return (
            f"blocking check {first['asset']}:{first['check']} failed for "
            f"{outcome['agent']}: {first['description']}"
        )
    if not outcome["success"]:
        reason = outcome["failures"][0] if outcome["failures"] else "run failed"
        return f"{outcome['agent']}: {reason}"
    return None


def check_tally(checks: list[dict[str, Any]]) -> str:
    """``checks: 9 passed, 1 warning, 0 failed``: a WARN check that did not pass is a warning
    (a standing problem, reported, not fatal), only an ERROR one a failure."""
    passed = sum(1 for c in checks if c["passed"])
    warnings = sum(1 for c in checks if not c["passed"] and c.get("severity") == "WARN")
    failed = len(checks) - passed - warnings
    noted = f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
    return f"checks: {passed} passed{noted}, {failed} failed"


def _print_outcome(outcome: dict[str, Any], *, quiet: bool, verbose: bool) -> None:
    tally = check_tally(outcome["checks"])
    mode = ", preview: nothing written" if outcome["preview"] else ""
    if quiet:
        print(f"{outcome['agent']}: {tally} (run {outcome['run_id'][:8]}{mode})", flush=True)
        return
    print(f"== dream cycle for agent {outcome['agent']} (run {outcome['run_id'][:8]}{mode})")
    for meta in outcome["passes"].values():
        summary = str(meta.get("summary", ""))
        if not verbose and summary.endswith(NO_STORE):
            continue  # a volume agent's store steps do nothing: the summary stays as it was
        print(f"  {summary if verbose else _compact(summary)}")
        if meta.get("highlights"):
            print(f"      {meta['highlights']}")
    if verbose and outcome["not_materialized"]:
        print(f"  not materialized: {', '.join(outcome['not_materialized'])}")
    print(f"  {tally}", flush=True)


def cmd_run(args: argparse.Namespace) -> int:
    """Every agent's cycle in turn; each summary is printed as soon as its cycle finishes."""
    root, agents = _agents_for(args)
    # The deployment's options, read once for the whole command and passed to every run.
    deployment = _deployment()
    shared = _check_environment(deployment)
    # Per-agent refusals are known before anything runs, so a bad agent never starts Dagster.
    problems = {agent: _agent_problem(root / agent, deployment, shared) for agent in agents}

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    status = 0
    outcomes = []
    instance = None
    total = len(agents)
    for number, agent in enumerate(agents, start=1):
        problem = problems[agent]
        if problem:
            print(f"dream run: {problem}", file=sys.stderr, flush=True)
            status = 2
            continue
        if instance is None:
            instance = _instance()
            collection.collect_less()
        progress(f"[{number}/{total}] {agent}: dream cycle started")
        started = time.monotonic()
        try:
            outcome = run_cycle(
                root,
                agent,
                instance,
                preview=args.preview,
                log_level="INFO" if args.verbose else "WARNING",
                options=deployment,
            )
        except CliError as exc:
            # Another writer holds this agent's lease: refused alone, nothing written.
            print(f"dream run: {exc}", file=sys.stderr, flush=True)
            status = 2
            continue
        outcomes.append(outcome)
        error = _outcome_error(outcome)
        progress(
            f"[{number}/{total}] {agent}: {'failed' if error else 'done'} "
            f"in {time.monotonic() - started:.1f}s"
        )
        if not args.json:
            _print_outcome(outcome, quiet=args.quiet, verbose=args.verbose)
        if error:
            print(f"dream run: {error}", file=sys.stderr, flush=True)
            status = status or 1
    if args.json:
        print(json.dumps(outcomes, indent=2, default=str))
    return status
