"""The ``audit_pause`` sensor: shows on ``consolidated_memory`` when the memory audit paused
consolidation (``memory-audit/consolidation-paused.json``), and when the pause is lifted."""

from __future__ import annotations

import json
from operator import attrgetter
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.defs.resources import DreamResource
from dream_assets.defs.sensor_ticks import (
    json_cursor,
    read_volumes,
    registered_agents,
    running_sensor,
)

PAUSED_ASSET = dg.AssetKey("consolidated_memory")


def _pause_fingerprint(path: Path) -> str | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return f"{stat.st_mtime_ns}:{stat.st_size}"


def _pause_reason(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return f"unreadable pause file ({exc})"
    return text.strip()[:2000] or "(empty pause file)"


@running_sensor(
    minimum_interval_seconds=60,
    description=(
        "Records on consolidated_memory when memory-audit/consolidation-paused.json appears "
        "or goes away, with the audit's reason; consolidation skips itself meanwhile."
    ),
)
def audit_pause(context: dg.SensorEvaluationContext, dream: DreamResource) -> dg.SensorResult:
    known: dict[str, str | None] = json_cursor(context)
    agents = registered_agents(context, dream)
    events: list[dg.AssetObservation] = []
    paused: list[str] = []
    for agent, flag in read_volumes(dream, agents, attrgetter("pause_flag")):
        fingerprint = _pause_fingerprint(flag)
        if fingerprint is not None:
            paused.append(agent)
        if agent in known and known[agent] == fingerprint:
            continue
        if agent not in known and fingerprint is None:
            known[agent] = None
            continue
        known[agent] = fingerprint
        metadata: dict[str, Any] = {
            "consolidation_paused": dg.MetadataValue.bool(fingerprint is not None),
            "pause_file": dg.MetadataValue.path(str(flag)),
        }
        if fingerprint is not None:
            metadata["reason"] = dg.MetadataValue.md(_pause_reason(flag))
        events.append(dg.AssetObservation(PAUSED_ASSET, partition=agent, metadata=metadata))
    known = {agent: fp for agent, fp in known.items() if agent in agents}
    cursor = json.dumps(known, sort_keys=True)
    if events:
        return dg.SensorResult(asset_events=events, cursor=cursor)
    message = (
        f"consolidation paused by the memory audit for: {', '.join(paused)}"
        if paused
        else f"no consolidation pause ({len(agents)} agents)"
    )
    return dg.SensorResult(skip_reason=message, cursor=cursor)
