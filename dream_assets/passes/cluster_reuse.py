"""The near-duplicate scan's change gate: an idle cycle reuses the last clusters.

Clusters are a pure function of the live entries' ids, texts, categories, subject times and
audiences, the threshold, the cluster cap and the similarity method, so when none of those changed
since the last successful scan the previous cluster table is still the answer and the scan (the
costliest deterministic step at 100 000 entries) is skipped. Only the clusters' ``open`` flags
depend on more (each member's review stamp), and they are recomputed from the entries every time.
Decay, which rewrites entries every few cycles, changes neither ids nor texts, so it does not defeat
the gate.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from dream_assets.core.cluster import Cluster
from dream_assets.core.ledger import PassLedger, corpus_fingerprint, stamp_pass
from dream_assets.core.models import SUBJECT_TIME_KEYS, MemoryEntry
from dream_assets.core.options import DreamOptions

GATE = "duplicate_clusters"


def clusters_fingerprint(
    live: Sequence[MemoryEntry], options: DreamOptions, method: str, model: str
) -> str:
    settings = f"{options.similarity_threshold}|{options.max_cluster_size}|{method}|{model}"
    # Besides the text, what the judgement of a pair reads: the category (numeric exemptions),
    # the subject time and the audience (a cluster never spans two).
    return corpus_fingerprint(
        [
            settings,
            *(
                part
                for e in sorted(live, key=lambda e: e.id)
                for part in (e.id, e.content, e.category, _judged_metadata(e))
            ),
        ]
    )


def _judged_metadata(entry: MemoryEntry) -> str:
    keys = (*SUBJECT_TIME_KEYS, "audience")
    return "|".join(str(entry.metadata.get(k, "")) for k in keys)


def reusable_clusters(
    ledger_path: Path,
    read_table: list[Cluster] | None,
    fingerprint: str,
    options: DreamOptions,
    now: datetime,
) -> list[Cluster] | None:
    """The last scan's clusters when the input is unchanged since it, else None (scan)."""
    if read_table is None:
        return None
    ledger = PassLedger.load(ledger_path)
    decision = ledger.change_gate(
        GATE,
        fingerprint,
        now,
        enabled=options.change_gate_enabled,
        max_skip=timedelta(days=options.max_skip_interval_days),
    )
    return None if decision.run else read_table


def record_scan(ledger_path: Path, fingerprint: str | None, now: datetime) -> None:
    """Stamp a completed scan; None (a fallback method) makes the next cycle scan again."""
    stamp_pass(ledger_path, GATE, now, fingerprint)
