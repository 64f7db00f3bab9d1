"""Changes that wait for an operator: pinned or operator-authored sources, redacted text, a merge
the verifier was unsure of (docs/safety.md, review queue)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

from dream_assets.core.llm_reply import (
    SaveItem,
    Verdict,
)
from dream_assets.core.models import (
    MemoryEntry,
)
from dream_assets.core.safety.redaction import needs_redaction
from dream_assets.core.safety.review_queue import (
    ReviewQueue,
    make_item,
    protection_reason,
    spent_so_far,
)
from dream_assets.passes.memory_consolidation.state import ConsolidationRun


def queue_for_review(
    cycle: ConsolidationRun,
    sources: list[MemoryEntry],
    kind: str,
    item: SaveItem | None = None,
    *,
    reason: str | None = None,
    verdicts: Sequence[Verdict] = (),
) -> bool:
    """Pinned or operator-authored sources, or (when a model saw them) sources that needed
    redaction, or a merge the verifier was unsure of: the change waits for an operator instead
    of being applied (docs/safety.md, review queue)."""
    reason = reason or next((r for r in map(protection_reason, sources) if r), None)
    if reason is None and cycle.model_decides:
        reason = next(
            (f"redacted text in {s.id}" for s in sources if needs_redaction(s.content)), None
        )
    if reason is None:
        return False
    cancelled = cycle.bounds.cancelled() if cycle.bounds is not None else None
    if cancelled is not None:
        # A cancelled run writes nothing more, the review queue included: the change waits.
        cycle.bounds_stop = cycle.bounds_stop or cancelled
        cycle.wait_for_next_cycle([s.id for s in sources], kind)
        return True
    review = make_item(
        kind=kind,
        reason=reason,
        sources=sources,
        now=cycle.now,
        run_id=cycle.run_id,
        content=item.content.strip() if item else "",
        category=(item.category or sources[0].category) if item else "",
        tags=item.tags if item else (),
        archive_reason="ephemeral" if kind == "archive" else "",
        verdicts=[asdict(v) for v in verdicts],
        tokens=spent_so_far(cycle.report),
    )
    ReviewQueue(cycle.volume.root).add(review)
    ids = ",".join(s.id for s in sources)
    cycle.report.count("pending_review")
    # The sources stay unchanged and are marked reviewed as usual: the question is answered,
    # pending the operator, and is not re-asked every cycle.
    cycle.report.decide("pending-review", ids, f"by: {cycle.by}; {kind}: {reason} ({review.id})")
    return True
