"""The review queue in the Dagster UI: an observed, per-agent ``review_queue`` asset.

The queue is written by the passes and emptied by operators (the review page, ``dream review``),
never materialized by a run, so it is an external asset that a sensor observes:
``review_queue_watch`` records, per agent, the open items by reason and by age as numbers (the
UI plots each over time) with a link to the review page, and reports the non-blocking check
``review_queue/no_stale_items`` (severity WARN, one for the fleet, naming the agents) — the
freshness-like warning that an item has waited longer than ``review_stale_days`` (7).

Only counts, reason keys and item ids go to Dagster: the memory text is on the authenticated
review page only (docs/safety.md).
"""

import contextlib
import hashlib
import json
import warnings
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import dagster as dg

from dream_assets.core.clock import format_time, parse_time
from dream_assets.core.options import DreamOptions, OptionsError
from dream_assets.core.safety.review_queue import QueueSummary, ReviewQueue, summarize
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.conventions import with_conventions
from dream_assets.defs.partitions import agents_partitions
from dream_assets.defs.resources import DreamResource
from dream_assets.defs.sensor_ticks import running_sensor

GROUP = "review"
REVIEW_QUEUE = dg.AssetKey("review_queue")
STALE_CHECK = "no_stale_items"
# An unchanged queue is observed again after this long, so the age lines keep moving in the plot.
REOBSERVE_AFTER = timedelta(hours=1)
# Agents listed in the warning's metadata at most (the count covers all of them).
STALE_LINES = 50


def _code_reference() -> dg.CodeReferencesMetadataValue:
    # The UI's "Code" link: an external asset has no function of its own, so it points here,
    # where its numbers come from. Marked beta; the documented way to attach a reference.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dg.BetaWarning)
        return dg.CodeReferencesMetadataValue(
            code_references=[dg.LocalFileCodeReference(file_path=__file__, line_number=1)]
        )


review_queue = with_conventions(
    dg.AssetSpec(
        REVIEW_QUEUE,
        group_name=GROUP,
        partitions_def=agents_partitions,
        kinds={"json"},
        description=(
            "Changes waiting for an operator (review-queue.json): open items by reason and age, "
            "observed by the review_queue_watch sensor; decided on the review page."
        ),
        metadata={"dagster/code_references": _code_reference()},
    ),
    "observed",
)


def review_page_url(options: DreamOptions, agent: str | None) -> str:
    """The review page (the deployment's ``review_url``), at the agent's section if one."""
    base = options.review_url or DreamOptions().review_url
    return f"{base}#agent-{agent}" if agent else base


def agent_summary(
    dream: DreamResource, volume: AgentVolume, now: datetime
) -> tuple[QueueSummary, float]:
    """The agent's open items and its ``review_stale_days``."""
    queue = ReviewQueue(volume.root)
    stale_days = DreamOptions().review_stale_days
    if not queue.path.exists():
        # Most of a fleet has never queued anything: one stat, not an options file read.
        return summarize([], now, stale_days), stale_days
    with contextlib.suppress(OptionsError):  # a bad file: the default, the run names it
        stale_days = dream.agent_options(volume).review_stale_days
    return summarize(queue.items("pending"), now, stale_days), stale_days


def observation(
    agent: str, summary: QueueSummary, stale_days: float, review_url: str
) -> dg.AssetObservation:
    metadata: dict[str, Any] = {
        "open_items": dg.MetadataValue.int(summary.open_items),
        "oldest_open_days": dg.MetadataValue.float(round(summary.oldest_days, 3)),
        "stale_items": dg.MetadataValue.int(len(summary.stale_ids)),
        "review_stale_days": dg.MetadataValue.float(stale_days),
        "review_page": dg.MetadataValue.url(review_url),
    }
    for bucket, count in summary.by_age.items():
        metadata[f"open_{bucket}"] = dg.MetadataValue.int(count)
    for reason, count in summary.by_reason.items():
        metadata[f"reason_{reason}"] = dg.MetadataValue.int(count)
    return dg.AssetObservation(REVIEW_QUEUE, partition=agent, metadata=metadata)


def stale_evaluation(
    stale: Mapping[str, tuple[str, ...]], review_url: str
) -> dg.AssetCheckEvaluation:
    """The fleet's warning: the agents with an item waiting past their review_stale_days.

    One evaluation for all agents, not one per partition: Dagster 1.13 stores one run-less check
    evaluation per partition only (a second one for the same partition violates the
    ``asset_check_executions`` unique key), and a sensor's evaluations are run-less.
    """
    items = sum(len(ids) for ids in stale.values())
    lines = [f"- {agent}: {', '.join(ids)}" for agent, ids in sorted(stale.items())]
    description = (
        f"{items} review item(s) of {len(stale)} agent(s) waiting past review_stale_days"
        if stale
        else "no open review item waits past review_stale_days"
    )
    metadata: dict[str, Any] = {
        "stale_items": dg.MetadataValue.int(items),
        "stale_agents": dg.MetadataValue.int(len(stale)),
        "review_page": dg.MetadataValue.url(review_url),
    }
    if lines:
        metadata["waiting"] = dg.MetadataValue.md("\n".join(lines[:STALE_LINES]))
    return dg.AssetCheckEvaluation(
        asset_key=REVIEW_QUEUE,
        check_name=STALE_CHECK,
        passed=not stale,
        severity=dg.AssetCheckSeverity.WARN,
        description=description,
        metadata=metadata,
    )


def _partition_agents(instance: dg.DagsterInstance) -> list[str]:
    """The agents registered as partitions, in order."""
    return sorted(instance.get_dynamic_partitions(agents_partitions.name or "agents"))


def stale_items(
    dream: DreamResource, agents: Sequence[str], now: datetime
) -> dict[str, tuple[str, ...]]:
    stale: dict[str, tuple[str, ...]] = {}
    for agent in agents:
        summary, _days = agent_summary(dream, dream.volume(agent), now)
        if summary.stale_ids:
            stale[agent] = summary.stale_ids
    return stale


@dg.asset_check(
    asset=REVIEW_QUEUE,
    name=STALE_CHECK,
    blocking=False,
    description=(
        "No open review item has waited longer than its agent's review_stale_days (7): a "
        "warning, reported by review_queue_watch and runnable on demand."
    ),
)
def review_queue_no_stale_items(
    context: dg.AssetCheckExecutionContext, dream: DreamResource
) -> dg.AssetCheckResult:
    agents = _partition_agents(context.instance)
    evaluation = stale_evaluation(
        stale_items(dream, agents, dream.clock().now()),
        review_page_url(dream.base_options(), None),
    )
    return dg.AssetCheckResult(
        passed=evaluation.passed,
        severity=dg.AssetCheckSeverity.WARN,
        description=evaluation.description,
        metadata=evaluation.metadata,
    )


def _fingerprint(summary: QueueSummary, stale_days: float) -> str:
    raw = json.dumps(
        [summary.open_items, summary.by_reason, summary.by_age, summary.stale_ids, stale_days],
        sort_keys=True,
    )
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


@running_sensor(
    minimum_interval_seconds=300,
    description=(
        "Observes each agent's review queue (open items by reason and age, a link to the review "
        "page) and warns (review_queue/no_stale_items) when an item waits past review_stale_days."
    ),
)
def review_queue_watch(
    context: dg.SensorEvaluationContext, dream: DreamResource
) -> dg.SensorResult:
    try:
        cursor: dict[str, Any] = json.loads(context.cursor) if context.cursor else {}
        seen_agents: dict[str, list[str]] = dict(cursor.get("agents", {}))
    except (ValueError, TypeError, AttributeError):
        # A cursor that does not parse starts over: every agent with an item is observed again.
        cursor, seen_agents = {}, {}
    now = dream.clock().now()
    agents = _partition_agents(context.instance)
    events: list[dg.AssetObservation | dg.AssetCheckEvaluation] = []
    open_total, problems = 0, []
    stale: dict[str, tuple[str, ...]] = {}
    for agent in agents:
        try:
            summary, stale_days = agent_summary(dream, dream.volume(agent), now)
        except (OSError, ValueError, TypeError) as exc:
            problems.append(f"{agent}: review queue unreadable ({type(exc).__name__})")
            continue
        open_total += summary.open_items
        if summary.stale_ids:
            stale[agent] = summary.stale_ids
        fingerprint = _fingerprint(summary, stale_days)
        seen = seen_agents.get(agent)
        if seen and seen[0] == fingerprint and now - parse_time(seen[1]) < REOBSERVE_AFTER:
            continue
        if not seen and summary.open_items == 0:
            continue  # an agent that never had an item is not worth a point per hour
        seen_agents[agent] = [fingerprint, format_time(now)]
        url = review_page_url(dream.base_options(), agent)
        events.append(observation(agent, summary, stale_days, url))
    stale_fingerprint = hashlib.sha256(json.dumps(sorted(stale.items())).encode()).hexdigest()[:16]
    if stale_fingerprint != cursor.get("stale"):
        events.append(stale_evaluation(stale, review_page_url(dream.base_options(), None)))
    text = json.dumps(
        {
            "agents": {a: value for a, value in seen_agents.items() if a in agents},
            "stale": stale_fingerprint,
        },
        sort_keys=True,
    )
    if events:
        for problem in problems:
            context.log.warning(problem)  # the skip message carries them otherwise
        return dg.SensorResult(asset_events=events, cursor=text)
    message = f"{open_total} open review item(s) across {len(agents)} agent(s), unchanged"
    return dg.SensorResult(skip_reason="; ".join([message, *problems]), cursor=text)
