"""Commands an operator runs against an agent between cycles: ``restore``, ``undo``, ``audit``,
``review``. Each takes the agent's lease (docs/agent-volume.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dream_assets.cli.common import CliError, _agent_dir, _agent_volume, _deployment, _writer
from dream_assets.cli.store import refuse_agent_removal, sync_store
from dream_assets.core.safety.log_quoting import one_line


def cmd_restore(args: argparse.Namespace) -> int:
    from dream_assets.core.clock import SystemClock
    from dream_assets.operations.undo import UndoError, restore_entry

    volume = _agent_volume(args.agent)
    deployment = _deployment(strict=False)
    if args.skill:
        try:
            with _writer(volume.root, "dream restore", deployment):
                volume.restore_skill(args.id)
        except (KeyError, ValueError) as exc:
            raise CliError(str(exc).strip("'\"")) from exc
        print(f"restored skill {args.id}")
        return 0
    try:
        with _writer(volume.root, "dream restore", deployment) as run_id:
            refuse_agent_removal(volume, args.id)
            entry = restore_entry(volume, args.id, SystemClock().now())
            print(f"restored {entry.id}: {entry.content[:120]}")
            # A connected agent's item the cycle removed goes back into the store.
            sync_store(volume, run_id, "dream restore")
    except UndoError as exc:
        raise CliError(str(exc)) from exc
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    from dream_assets.core.clock import SystemClock
    from dream_assets.operations.undo import UndoError, undo_run

    volume = _agent_volume(args.agent)
    try:
        with _writer(volume.root, "dream undo", _deployment(strict=False)) as run_id:
            result = undo_run(volume, args.run_id, SystemClock().now())
            # A connected agent: the run's merged items leave the store, their sources return.
            store = sync_store(volume, run_id, "dream undo", echo=not args.json)
    except UndoError as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print(json.dumps({**result.to_dict(), **({"store": store} if store else {})}, indent=2))
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
            print(one_line(f"warning: {warning}"))
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
    from dream_assets.core.options import OptionsError, agent_options
    from dream_assets.passes.memory_audit import run_memory_audit

    volume = _agent_volume(args.agent)
    if args.resume:
        if not volume.pause_flag.exists():
            raise CliError(f"consolidation is not paused ({volume.pause_flag} does not exist)")
        volume.pause_flag.unlink()
        print(f"consolidation resumed: removed {volume.pause_flag}")
        return 0
    deployment = _deployment()
    try:
        options = agent_options(deployment, volume.options_path)
    except OptionsError as exc:
        raise CliError(str(exc)) from exc
    with _writer(volume.root, "dream audit", deployment):
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
            print(one_line(f"  {decision.action}: {decision.target} {decision.detail}".rstrip()))
        for warning in report.warnings:
            print(one_line(f"  warning: {warning}"))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from dream_assets.core.safety.review_queue import ReviewQueue, as_dict
    from dream_assets.core.store.lease import LeaseHeld
    from dream_assets.core.store.volume import AgentVolume
    from dream_assets.operations.review_decisions import ReviewConflict, decide

    if args.action == "serve":
        return _serve(args)
    root = _agent_dir(args.agent)
    volume = AgentVolume(root)
    now = datetime.now(UTC)
    if args.action == "list":
        try:
            items = ReviewQueue(volume.root).items(None if args.all else "pending")
        except ValueError as exc:  # a queue that is not one: named, left as it is
            raise CliError(str(exc)) from exc
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
    if args.action == "show":
        return _show_card(volume, args.id, now, as_json=args.json)
    try:
        print(
            decide(
                volume,
                args.action,
                args.id,
                now,
                owner=f"dream review {args.action}",
                options=_deployment(strict=False),
                note=args.note or "",
                content=args.content,
            )
        )
    except (LeaseHeld, ReviewConflict, ValueError) as exc:  # ValueError: the queue, named
        raise CliError(str(exc)) from exc
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from exc
    return 0


def _show_card(volume: Any, item_id: str, now: datetime, *, as_json: bool) -> int:
    from dream_assets.core.safety.review_queue import ReviewQueue
    from dream_assets.operations.review_card import build_card, card_text

    try:
        item = ReviewQueue(volume.root).get(item_id)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from exc
    except ValueError as exc:  # a queue that is not one: named, left as it is
        raise CliError(str(exc)) from exc
    card = build_card(volume, item, now)
    print(json.dumps(card.to_dict(), indent=2, ensure_ascii=False) if as_json else card_text(card))
    return 0


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from dream_assets.review_page.app import PageError, review_app

    root = os.environ.get("DREAM_AGENTS_ROOT")
    if not root:
        raise CliError("set DREAM_AGENTS_ROOT: the page lists every agent under it")
    try:
        app = review_app(Path(root), root_path=args.root_path, options=_deployment(strict=False))
    except PageError as exc:
        raise CliError(str(exc)) from exc
    print(f"review page on http://{args.host}:{args.port}{app.state.prefix}/", flush=True)
    # Uvicorn's access log names paths and item ids only; memory text is in bodies, never logged.
    uvicorn.run(app, host=args.host, port=args.port, log_level="info", proxy_headers=True)
    return 0
