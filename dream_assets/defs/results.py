"""Turn a pass's ``PassReport`` into Dagster metadata: numbers the UI plots, a markdown table."""

from typing import Any

import dagster as dg

from dream_assets.core.report import PassReport
from dream_assets.core.safety.cancellation import RunGuard
from dream_assets.core.safety.log_quoting import one_line
from dream_assets.defs.conventions import row_count_metadata


def report_metadata(report: PassReport) -> dict[str, Any]:
    """Numbers first (the UI plots them over time), then the table and the whole report."""
    metadata: dict[str, Any] = {
        key: dg.MetadataValue.float(float(value)) for key, value in sorted(report.counts.items())
    }
    metadata["summary"] = dg.MetadataValue.text(report.summary_line())
    metadata["highlights"] = dg.MetadataValue.text(report.highlights)
    if report.method:
        metadata["method"] = dg.MetadataValue.text(report.method)
    metadata["details"] = dg.MetadataValue.md(report.markdown())
    metadata["skipped"] = dg.MetadataValue.bool(report.skipped is not None)
    metadata["model_calls"] = dg.MetadataValue.int(report.model_calls)
    metadata["prompt_tokens"] = dg.MetadataValue.int(report.prompt_tokens)
    metadata["completion_tokens"] = dg.MetadataValue.int(report.completion_tokens)
    metadata["failures"] = dg.MetadataValue.int(len(report.failures))
    metadata["chars_sent"] = dg.MetadataValue.int(report.usage.chars_sent)
    metadata["redactions"] = dg.MetadataValue.int(sum(report.usage.redactions.values()))
    metadata["report"] = dg.MetadataValue.json(report.to_dict())
    return metadata


def cancelled_step(
    context: dg.AssetExecutionContext, guard: RunGuard | None
) -> dg.MaterializeResult | None:
    """The step's result when the run is cancelled before its pass starts (nothing written, the
    reason reported), else None: the check before the pass's first write batch."""
    reason = guard.cancel_reason() if guard is not None else None
    if reason is None:
        return None
    report = PassReport(context.asset_key.to_user_string(), skipped=reason, cancelled=reason)
    return materialize_report(context, report)


def materialize_report(
    context: dg.AssetExecutionContext,
    report: PassReport,
    model: Any = None,
    guard: RunGuard | None = None,
) -> dg.MaterializeResult:
    if guard is not None and guard.reason is not None:
        # The pass stopped at a cancellation check: its report says why.
        report.cancelled = report.cancelled or guard.reason
        report.skipped = report.skipped or guard.reason
    if model is not None and model.budget is not None:
        report.budget = model.budget.status()
    context.log.info(one_line(report.summary_line()))
    for decision in report.decisions:
        if decision.action.startswith("archived"):
            # Every archive is logged (docs/passes.md, Pass 1); the detail quotes only what its
            # audience allows (core/safety/audience.py).
            context.log.info(one_line(f"{decision.action} {decision.target}: {decision.detail}"))
    # One line each: a store's key or file name in a message cannot forge another log line.
    for warning in report.warnings[:50]:
        context.log.warning(one_line(warning))
    for failure in report.failures[:50]:
        context.log.error(one_line(failure))
    metadata = report_metadata(report)
    metadata.update(row_count_metadata(context.asset_key.to_user_string(), report.counts))
    return dg.MaterializeResult(metadata=metadata)


def check_from_violations(
    violations: list[str],
    *,
    what: str,
    checked: int | None = None,
    severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR,
    extra: dict[str, Any] | None = None,
) -> dg.AssetCheckResult:
    """The result of a check from its violations; ``extra`` metadata follows the standard keys."""
    metadata: dict[str, Any] = {"violations": dg.MetadataValue.int(len(violations))}
    if checked is not None:
        metadata["checked"] = dg.MetadataValue.int(checked)
    if violations:
        metadata["details"] = dg.MetadataValue.md("\n".join(f"- {v}" for v in violations[:50]))
    metadata.update(extra or {})
    return dg.AssetCheckResult(
        passed=not violations,
        severity=severity,
        description=f"{what}: {len(violations)} violation(s)" if violations else f"{what}: ok",
        metadata=metadata,
    )
