"""The ``dream`` command: the same Dagster definitions, in-process (DESIGN.md, CLI contract).

Exit status: 0 on success; non-zero with a one-line reason on bad input or a failed blocking check.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import socket
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


def _lease_ttl(root: Path) -> Any:
    """The agent's lease expiry; a bad options file is reported by the command itself."""
    from dream_assets.core.options import DreamOptions, OptionsError, load_options

    try:
        return load_options(os.environ, Path(root) / "dream-options.json").lease_ttl
    except OptionsError:
        return DreamOptions().lease_ttl


@contextlib.contextmanager
def _writer(root: Path, owner: str) -> Iterator[None]:
    """Hold the agent's lease (``dream.lease``) while a command writes its volume."""
    import uuid

    from dream_assets.core.clock import SystemClock
    from dream_assets.core.lease import LeaseHeld, acquire, release

    run_id = f"cli-{uuid.uuid4()}"
    try:
        acquire(Path(root), owner=owner, run_id=run_id, clock=SystemClock(), ttl=_lease_ttl(root))
    except LeaseHeld as exc:
        raise CliError(str(exc)) from exc
    try:
        yield
    finally:
        release(Path(root), run_id)


def _agent_dir(agent: str | None) -> Path:
    """The --agent directory; without one, the only agent under DREAM_AGENTS_ROOT."""
    if agent is None:
        from dream_assets.core.volume import discover_agents

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
        # The embedded default: SQLite storage in DAGSTER_HOME (DESIGN.md, Deployment), with
        # the same run queue rule as production: one run at a time per agent.
        config.write_text(EMBEDDED_INSTANCE_YAML, encoding="utf-8")
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


def run_cycle(
    agents_root: Path,
    agent: str,
    instance: Any,
    *,
    preview: bool = False,
    log_level: str = "WARNING",
) -> dict[str, Any]:
    """Run one full cycle for one agent through the dream_cycle job; return what it did."""
    import shutil

    from dream_assets.definitions import defs
    from dream_assets.defs.jobs import CYCLE_ASSETS
    from dream_assets.defs.partitions import agents_partitions
    from dream_assets.defs.resources import preview_root

    os.environ["DREAM_AGENTS_ROOT"] = str(agents_root)
    partitions = agents_partitions.name or "agents"
    if not instance.has_dynamic_partition(partitions, agent):
        instance.add_dynamic_partitions(partitions, [agent])
    from dagster._core.utils import make_new_run_id

    from dream_assets.core.clock import SystemClock
    from dream_assets.core.lease import LeaseHeld, acquire, release

    job = defs.resolve_job_def("dream_cycle")
    run_id = make_new_run_id()
    volume_root = agents_root / agent
    if not preview:
        # The run id is the lease's: the run's steps re-enter it, any other writer is refused.
        try:
            acquire(
                volume_root,
                owner="dream run",
                run_id=run_id,
                clock=SystemClock(),
                ttl=_lease_ttl(volume_root),
            )
        except LeaseHeld as exc:
            raise CliError(str(exc)) from exc
    # The agents root is given explicitly: the definitions may have been imported before
    # DREAM_AGENTS_ROOT was set (they then default to the demo agents).
    config = {"agents_root": str(agents_root), "preview": preview}
    run_config: dict[str, Any] = {
        "loggers": {"console": {"config": {"log_level": log_level}}},
        "resources": {"dream": {"config": config}},
    }
    try:
        result = job.execute_in_process(
            partition_key=agent,
            instance=instance,
            raise_on_error=False,
            run_config=run_config,
            run_id=run_id,
            tags={"dream/preview": "true"} if preview else None,
        )
        if not result.success and not preview:
            # No daemon runs the run-failure sensor for an in-process run: complete it here.
            from dream_assets.defs.resources import DreamResource
            from dream_assets.defs.run_failure import complete_failed_run

            complete_failed_run(
                instance, run_id, agent, DreamResource(agents_root=str(agents_root))
            )
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


def _check_environment(env: Mapping[str, str]) -> Any:
    """What every agent's run depends on, checked before any Dagster machinery starts: the
    ``DREAM_*`` option values and the model server (when one is configured)."""
    from dream_assets.core.options import OptionsError, load_options
    from dream_assets.llm import LLMSettings

    try:
        settings = LLMSettings.from_options(load_options(env))
    except OptionsError as exc:
        raise CliError(str(exc)) from exc
    problem = _model_problem(settings)
    if problem:
        raise CliError(problem)
    return settings


def _agent_problem(agent_dir: Path, env: Mapping[str, str], shared: Any) -> str | None:
    """Why one agent cannot run (its directory, its ``dream-options.json``, the model its
    options name when that is not the environment's), or None."""
    from dream_assets.core.options import OptionsError, load_options
    from dream_assets.core.volume import AgentVolume
    from dream_assets.llm import LLMSettings

    if not agent_dir.is_dir():
        return f"{agent_dir}: not a directory"
    if not os.access(agent_dir, os.R_OK | os.W_OK | os.X_OK):
        return f"{agent_dir}: agent directory is not readable and writable"
    try:
        options = load_options(env, AgentVolume(agent_dir).options_path)
    except OptionsError as exc:
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


def _print_outcome(outcome: dict[str, Any], *, quiet: bool, verbose: bool) -> None:
    failed_checks = [c for c in outcome["checks"] if not c["passed"]]
    tally = (
        f"checks: {len(outcome['checks']) - len(failed_checks)} passed, {len(failed_checks)} failed"
    )
    mode = ", preview: nothing written" if outcome["preview"] else ""
    if quiet:
        print(f"{outcome['agent']}: {tally} (run {outcome['run_id'][:8]}{mode})", flush=True)
        return
    print(f"== dream cycle for agent {outcome['agent']} (run {outcome['run_id'][:8]}{mode})")
    for meta in outcome["passes"].values():
        summary = str(meta.get("summary", ""))
        print(f"  {summary if verbose else _compact(summary)}")
        if meta.get("highlights"):
            print(f"      {meta['highlights']}")
    if verbose and outcome["not_materialized"]:
        print(f"  not materialized: {', '.join(outcome['not_materialized'])}")
    print(f"  {tally}", flush=True)


def cmd_run(args: argparse.Namespace) -> int:
    """Every agent's cycle in turn; each summary is printed as soon as its cycle finishes."""
    root, agents = _agents_for(args)
    shared = _check_environment(os.environ)
    # Per-agent refusals are known before anything runs, so a bad agent never starts Dagster.
    problems = {agent: _agent_problem(root / agent, os.environ, shared) for agent in agents}

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
        progress(f"[{number}/{total}] {agent}: dream cycle started")
        started = time.monotonic()
        try:
            outcome = run_cycle(
                root,
                agent,
                instance,
                preview=args.preview,
                log_level="INFO" if args.verbose else "WARNING",
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


def cmd_demo(args: argparse.Namespace) -> int:
    from dream_assets.demo import write_demo

    now = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)
    try:
        summary = write_demo(Path(args.dir), seed=args.seed, now=now)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    print(f"demo agent written to {args.dir}: {summary}")
    return 0


def _check_merge_line(raw: str, where: str, vocabulary: Any) -> dict[str, Any]:
    from dream_assets.core.coverage import CoverageSource
    from dream_assets.core.merge_check import check_merge_meaning

    try:
        case = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise CliError(f"{where}: not JSON ({exc.msg})") from exc
    if not isinstance(case, dict) or not isinstance(case.get("merged"), str):
        raise CliError(f"{where}: expected an object with 'sources' and 'merged'")
    sources = case.get("sources")
    if not isinstance(sources, list) or not sources:
        raise CliError(f"{where}: 'sources' must be a non-empty list")
    parsed = []
    for number, source in enumerate(sources):
        if not isinstance(source, dict) or not isinstance(source.get("content"), str):
            raise CliError(f"{where}: sources[{number}] needs a string 'content'")
        parsed.append(
            CoverageSource(
                str(source.get("id", number)),
                source["content"],
                str(source.get("category") or case.get("category") or ""),
            )
        )
    result = check_merge_meaning(parsed, case["merged"], vocabulary=vocabulary)
    out: dict[str, Any] = {"ok": result.ok, "missing": list(result.missing)}
    if "case_id" in case:
        out = {"case_id": case["case_id"], **out}
    return out


def cmd_check_merge(args: argparse.Namespace) -> int:
    from dream_assets.core.coverage import DEFAULT_VOCABULARY, load_vocabulary

    vocabulary = DEFAULT_VOCABULARY
    if args.vocabulary:
        path = Path(args.vocabulary)
        if not path.is_file():
            raise CliError(f"--vocabulary {path}: no such file")
        vocabulary, warning = load_vocabulary(path)
        if warning:
            # A malformed vocabulary falls back to the baseline: checking is never disabled.
            print(f"dream check-merge: warning: {warning}", file=sys.stderr)
    if args.batch:
        path = Path(args.batch)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise CliError(f"--batch {path}: {exc.strerror}") from exc
        label = str(path)
    else:
        lines = sys.stdin.read().splitlines()
        label = "stdin"
    for number, raw in enumerate(lines, start=1):
        if raw.strip():
            result = _check_merge_line(raw, f"{label}:{number}", vocabulary)
            print(json.dumps(result, ensure_ascii=False))
    return 0


def cmd_clusters(args: argparse.Namespace) -> int:
    from dream_assets.core.embeddings import EmbeddingsUnavailable
    from dream_assets.core.options import OptionsError, load_options
    from dream_assets.core.volume import AgentVolume
    from dream_assets.llm import LLMSettings
    from dream_assets.passes.duplicate_clusters import compute_clusters, embedder_from_options

    root = _agent_dir(args.agent)
    volume = AgentVolume(root)
    try:
        options = load_options(os.environ, volume.options_path)
        # The same options and the same builder as the duplicate_clusters asset.
        embedder = embedder_from_options(options, LLMSettings.from_env(os.environ))
    except (OptionsError, EmbeddingsUnavailable, ValueError) as exc:
        raise CliError(str(exc)) from exc
    scan = volume.scan_entries()
    live = {e.id: e for e in scan.live}
    # Progress of long embedding work (count, rate, ETA) goes to stderr; stdout stays the answer.
    progress = logging.getLogger("dream.clusters")
    if not progress.handlers:
        progress.addHandler(logging.StreamHandler(sys.stderr))
        progress.setLevel(logging.INFO)
        progress.propagate = False
    computed = compute_clusters(volume, options, list(live.values()), embedder, logger=progress)
    if computed.clusters is None:
        raise CliError(f"near-duplicate scan failed: {computed.failure}")
    for warning in computed.warnings:
        print(f"dream clusters: warning: {warning}", file=sys.stderr)
    clusters = computed.clusters
    if args.json:
        rows = [
            {
                "cluster_id": c.cluster_id,
                "member_ids": list(c.member_ids),
                "similarity": round(c.similarity, 4),
                "contents": [live[m].content for m in c.member_ids],
            }
            for c in clusters
        ]
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    counts = computed.counts
    print(
        f"{len(clusters)} cluster(s) over {len(live)} live entries ({computed.method}, "
        f"Jaccard >= {options.similarity_threshold}"
        + (f", cosine >= {embedder.threshold}" if embedder is not None else "")
        + f", at most {options.max_cluster_size} per cluster; "
        f"{counts.get('candidates', 0)} candidate pair(s), "
        f"{counts.get('candidates_rejected', 0)} kept apart; "
        f"embedded {counts.get('embedded', 0)}, cached {counts.get('cached', 0)})"
    )
    for c in clusters:
        print(f"{c.cluster_id}  {c.similarity:.3f}")
        for member in c.member_ids:
            print(f"    [{member}] {live[member].content}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """A run's report; without --agent, searched in every agent of DREAM_AGENTS_ROOT."""
    from dream_assets.core.safety_report import load_safety_report, to_markdown

    if args.agent:
        roots = [_agent_dir(args.agent)]
    else:
        root, agents = _agents_for(args)
        roots = [root / agent for agent in agents]
    found = []
    for root in roots:
        try:
            report = load_safety_report(root, args.run)
        except (ValueError, OSError) as exc:
            raise CliError(str(exc)) from exc
        if report is not None:
            found.append(report)
    if not found:
        which = f"run {args.run}" if args.run else "any run"
        raise CliError(f"no safety report for {which} under {', '.join(map(str, roots))}")
    if args.run and len(found) > 1:
        raise CliError(f"run id prefix {args.run!r} matches runs of several agents")
    report = max(found, key=lambda r: str(r.get("created_at", "")))
    print(json.dumps(report, indent=2) if args.json else to_markdown(report))
    return 0


def _agent_volume(agent_dir: str | None) -> Any:
    from dream_assets.core.volume import AgentVolume

    return AgentVolume(_agent_dir(agent_dir))


def cmd_restore(args: argparse.Namespace) -> int:
    from dream_assets.core.clock import SystemClock
    from dream_assets.operations.undo import UndoError, restore_entry

    volume = _agent_volume(args.agent)
    if args.skill:
        try:
            with _writer(volume.root, "dream restore"):
                volume.restore_skill(args.id)
        except (KeyError, ValueError) as exc:
            raise CliError(str(exc).strip("'\"")) from exc
        print(f"restored skill {args.id}")
        return 0
    try:
        with _writer(volume.root, "dream restore"):
            entry = restore_entry(volume, args.id, SystemClock().now())
    except UndoError as exc:
        raise CliError(str(exc)) from exc
    print(f"restored {entry.id}: {entry.content[:120]}")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    from dream_assets.core.clock import SystemClock
    from dream_assets.operations.undo import UndoError, undo_run

    volume = _agent_volume(args.agent)
    try:
        with _writer(volume.root, "dream undo"):
            result = undo_run(volume, args.run_id, SystemClock().now())
    except UndoError as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        if not result.changed:
            print(
                f"run {args.run_id}: nothing to undo ({len(result.already_undone)} already undone)"
            )
        for entry_id in result.restored:
            print(f"restored {entry_id}")
        for entry_id in result.archived:
            print(f"archived {entry_id} (undone)")
        for warning in result.warnings:
            print(f"warning: {warning}")
    if result.skipped:
        entry_id, reason = result.skipped[0]
        print(
            f"dream undo: {len(result.skipped)} merge(s) of run {args.run_id} left in place; "
            f"{entry_id}: {reason}",
            file=sys.stderr,
        )
        return 1
    return 0


def cmd_audit(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from dream_assets.core.clock import SystemClock
    from dream_assets.core.options import OptionsError, load_options
    from dream_assets.passes.memory_audit import run_memory_audit

    volume = _agent_volume(args.agent)
    if args.resume:
        if not volume.pause_flag.exists():
            raise CliError(f"consolidation is not paused ({volume.pause_flag} does not exist)")
        volume.pause_flag.unlink()
        print(f"consolidation resumed: removed {volume.pause_flag}")
        return 0
    try:
        options = load_options(os.environ, volume.options_path)
    except OptionsError as exc:
        raise CliError(str(exc)) from exc
    with _writer(volume.root, "dream audit"):
        report = run_memory_audit(volume, options, SystemClock().now())
    if args.json:
        row = report.trend_row
        assert row is not None
        print(
            json.dumps(
                {
                    "counts": report.counts,
                    "trend_row": asdict(row),
                    "vanished": report.vanished_ids,
                    "rejected_clusters": [asdict(c) for c in report.rejected_clusters],
                    "warnings": report.warnings,
                },
                indent=2,
            )
        )
    else:
        print(report.summary_line())
        for decision in report.decisions:
            print(f"  {decision.action}: {decision.target} {decision.detail}".rstrip())
        for warning in report.warnings:
            print(f"  warning: {warning}")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from dream_assets.core.review import ReviewQueue, as_dict
    from dream_assets.core.volume import AgentVolume
    from dream_assets.operations.review import ReviewConflict, approve, reject

    root = _agent_dir(args.agent)
    volume = AgentVolume(root)
    now = datetime.now(UTC)
    if args.action == "list":
        items = ReviewQueue(volume.root).items(None if args.all else "pending")
        if args.json:
            print(json.dumps([as_dict(i) for i in items], indent=2, ensure_ascii=False))
        for item in [] if args.json else items:
            print(f"{item.id}  {item.status:<8} {item.kind:<7} {item.reason}")
            print(f"    sources: {', '.join(item.source_ids)}")
            if item.content:
                print(f"    merged:  {item.content}")
            for verdict in item.verdicts:
                note = f" ({verdict.get('note')})" if verdict.get("note") else ""
                print(f"    verdict: {verdict.get('id')} {verdict.get('verdict')}{note}")
        return 0
    if not args.id:
        raise CliError(f"review {args.action} needs an item id")
    try:
        with _writer(volume.root, f"dream review {args.action}"):
            if args.action == "approve":
                written = approve(volume, args.id, now, content=args.content)
            else:
                reject(volume, args.id, now, note=args.note or "")
        if args.action == "approve":
            print(f"approved {args.id}: wrote {', '.join(written)}")
        else:
            print(f"rejected {args.id}: nothing changed")
    except (KeyError, ReviewConflict) as exc:
        raise CliError(str(exc).strip("'\"")) from exc
    return 0


AGENT_HELP = "agent directory (default: the only one in DREAM_AGENTS_ROOT)"
JSON_HELP = "print the result as JSON"


def build_parser() -> argparse.ArgumentParser:
    from dream_assets import __version__

    parser = argparse.ArgumentParser(
        prog="dream",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"dream {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="write a realistic demo agent volume")
    demo.add_argument("dir", help="directory to write the demo agent into (must not exist)")
    demo.add_argument(
        "--seed", type=int, default=7, help="random seed of the generated volume (default: 7)"
    )
    demo.set_defaults(func=cmd_demo)

    run = sub.add_parser(
        "run",
        help="one full dream cycle in-process through Dagster",
        description="One full dream cycle per agent, in-process through Dagster (SQLite "
        "instance in DAGSTER_HOME, default ./.dagster_home). Each agent's summary is printed "
        "as soon as its cycle finishes; [i/n] progress goes to stderr.",
    )
    run.add_argument(
        "--agent", help="one agent directory (default: every agent in DREAM_AGENTS_ROOT)"
    )
    run.add_argument("--json", action="store_true", help="print every outcome as JSON at the end")
    run.add_argument(
        "--preview", action="store_true", help="plan and report every pass; change nothing"
    )
    loudness = run.add_mutually_exclusive_group()
    loudness.add_argument(
        "-q", "--quiet", action="store_true", help="one line per agent, no progress on stderr"
    )
    loudness.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="every count of every pass (zeros too) and Dagster's INFO log on stderr",
    )
    run.set_defaults(func=cmd_run)

    check = sub.add_parser(
        "check-merge", help="the merge coverage and meaning checks over JSON lines"
    )
    check.add_argument("--vocabulary", help="a merge-coverage-vocabulary.json file")
    check.add_argument("--batch", help="a JSONL file of cases (default: stdin)")
    check.set_defaults(func=cmd_check_merge)

    clusters = sub.add_parser("clusters", help="near-duplicate clusters of an agent's memory")
    clusters.add_argument("--agent", required=True, help="agent directory")
    clusters.add_argument("--json", action="store_true", help=JSON_HELP)
    clusters.set_defaults(func=cmd_clusters)

    restore = sub.add_parser("restore", help="put an archived memory entry (or skill) back")
    restore.add_argument("id", help="entry id, or skill name with --skill")
    restore.add_argument("--agent", help=AGENT_HELP)
    restore.add_argument("--skill", action="store_true", help="restore from skills-archive/")
    restore.set_defaults(func=cmd_restore)

    undo = sub.add_parser("undo", help="undo a run's merges and ephemeral archives")
    undo.add_argument("run_id", help="the run whose merges and archives to undo")
    undo.add_argument("--agent", help=AGENT_HELP)
    undo.add_argument("--json", action="store_true", help=JSON_HELP)
    undo.set_defaults(func=cmd_undo)

    audit = sub.add_parser("audit", help="run the memory audit once and print it")
    audit.add_argument("--agent", help=AGENT_HELP)
    audit.add_argument("--json", action="store_true", help=JSON_HELP)
    audit.add_argument(
        "--resume", action="store_true", help="remove the audit's consolidation pause file"
    )
    audit.set_defaults(func=cmd_audit)

    report = sub.add_parser("report", help="a run's safety report (default: the newest)")
    report.add_argument("--agent", help="one agent directory (default: all in DREAM_AGENTS_ROOT)")
    report.add_argument("--run", help="run id or a unique prefix of it")
    report.add_argument("--json", action="store_true", help=JSON_HELP)
    report.set_defaults(func=cmd_report)

    review = sub.add_parser("review", help="the review queue: list, approve or reject")
    review.add_argument(
        "action",
        choices=["list", "approve", "reject"],
        help="list the pending items, or approve or reject one",
    )
    review.add_argument("id", nargs="?", help="review item id (or a unique prefix)")
    review.add_argument("--agent", help=AGENT_HELP)
    review.add_argument("--all", action="store_true", help="list decided items too")
    review.add_argument("--note", help="reason recorded with a rejection")
    review.add_argument("--content", help="approve with this merged text instead")
    review.add_argument("--json", action="store_true", help=JSON_HELP)
    review.set_defaults(func=cmd_review)
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
