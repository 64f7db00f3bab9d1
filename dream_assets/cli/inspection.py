"""Commands that read and report: ``demo``, ``check-merge``, ``clusters``, ``report``."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dream_assets.cli.common import CliError, _agent_dir, _agents_for
from dream_assets.core.safety.log_quoting import one_line, project_logger

# A demo of a store another product owns: what writes it, and what `dream connect` is given.
STORE_DEMOS = {
    "claude-code": (
        "dream_assets.demo.claude_code",
        "write_claude_code_demo",
        "Claude Code memory",
    ),
    "openclaw": ("dream_assets.demo.openclaw", "write_openclaw_demo", "OpenClaw workspace"),
}


def _store_demo(kind: str, target: Path) -> int:
    import importlib

    module, function, what = STORE_DEMOS[kind]
    try:
        written = getattr(importlib.import_module(module), function)(target)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    print(f"{what} written to {target.absolute()}: {written}")
    print(f"connect it:  dream connect {kind} {target.absolute()} --agent AGENT_DIR")
    print("dream it:    dream run --agent AGENT_DIR --preview, then dream run --agent AGENT_DIR")
    return 0


def _langgraph_demo(target: str, namespace: str) -> int:
    import os

    from dream_assets.core.store.kinds.boundary import StoreConfigError
    from dream_assets.core.store.kinds.langgraph_db import mask_dsn

    dsn = target
    if target.startswith("env:"):
        dsn = os.environ.get(target[len("env:") :], "").strip()
        if not dsn:
            raise CliError(f"{target}: the environment variable is unset")
    try:
        from dream_assets.demo.langgraph import write_langgraph_demo

        written = write_langgraph_demo(dsn, namespace)
    except (StoreConfigError, ValueError) as exc:
        raise CliError(mask_dsn(str(exc))) from exc
    print(f"LangGraph store {mask_dsn(dsn)} written: {written}")
    print(
        f"connect it:  dream connect langgraph {mask_dsn(target)} --namespace "
        f"{','.join(written.namespace)} --agent AGENT_DIR"
    )
    print("dream it:    dream run --agent AGENT_DIR --preview, then dream run --agent AGENT_DIR")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from dream_assets.demo import write_demo

    if args.kind in STORE_DEMOS:
        return _store_demo(args.kind, Path(args.dir))
    if args.kind == "langgraph":
        return _langgraph_demo(args.dir, args.namespace)
    now = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)
    try:
        summary = write_demo(Path(args.dir), seed=args.seed, now=now)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    print(f"demo agent written to {args.dir}: {summary}")
    return 0


def _check_merge_line(raw: str, where: str, vocabulary: Any) -> dict[str, Any]:
    from dream_assets.core.facts.coverage import CoverageSource
    from dream_assets.core.facts.merge_check import check_merge

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
    result = check_merge(parsed, case["merged"], vocabulary=vocabulary)
    out: dict[str, Any] = {"ok": result.ok, "missing": list(result.missing)}
    if result.hints:
        out["hints"] = list(result.hints)  # for a verifier: they do not reject on their own
    if "case_id" in case:
        out = {"case_id": case["case_id"], **out}
    return out


def cmd_check_merge(args: argparse.Namespace) -> int:
    from dream_assets.core.facts.coverage import DEFAULT_VOCABULARY, load_vocabulary

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
    from dream_assets.core.near_duplicates.embeddings import EmbeddingsUnavailable
    from dream_assets.core.options import OptionsError, agent_options, load_options
    from dream_assets.core.store.volume import AgentVolume
    from dream_assets.embedders import embedder_from_options
    from dream_assets.llm import LLMSettings
    from dream_assets.passes.duplicate_clusters.scan import compute_clusters

    root = _agent_dir(args.agent)
    volume = AgentVolume(root)
    try:
        deployment = load_options(os.environ)  # read once, for the whole command
        options = agent_options(deployment, volume.options_path)
        # The same options and the same builder as the duplicate_clusters asset.
        embedder = embedder_from_options(options, LLMSettings.from_options(deployment))
    except (OptionsError, EmbeddingsUnavailable, ValueError) as exc:
        raise CliError(str(exc)) from exc
    scan = volume.scan_entries()
    live = {e.id: e for e in scan.live}
    # Progress of long embedding work (count, rate, ETA) goes to stderr; stdout stays the answer.
    progress = project_logger("dream.clusters")
    if not progress.handlers:
        progress.addHandler(logging.StreamHandler(sys.stderr))
        progress.setLevel(logging.INFO)
        progress.propagate = False
    computed = compute_clusters(volume, options, list(live.values()), embedder, logger=progress)
    if computed.clusters is None:
        raise CliError(f"near-duplicate scan failed: {computed.failure}")
    for warning in computed.warnings:
        print(one_line(f"dream clusters: warning: {warning}"), file=sys.stderr)
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
    from dream_assets.core.safety.safety_report import load_safety_report, to_markdown

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
