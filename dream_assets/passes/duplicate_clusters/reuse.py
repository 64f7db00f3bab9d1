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

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

from dream_assets.core.facts import agreement
from dream_assets.core.models import MemoryEntry
from dream_assets.core.near_duplicates.candidates import candidate_rules_version
from dream_assets.core.near_duplicates.cluster import LEXICAL_METHOD, Cluster
from dream_assets.core.near_duplicates.lexical_search import SimilarPair
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.ledger import PassLedger, corpus_fingerprint, stamp_pass
from dream_assets.passes.duplicate_clusters.tables import PairCache

GATE = "duplicate_clusters"


def rules_version() -> str:
    """The version of the pair judge as the scan asks it, for the pair cache and the cluster
    table: the judging rules of ``core/facts/`` (``agreement.rules_version``) and the scan's own
    reading of them (``candidates.py``: ``pair_disagreement``, the bands), so an edit to either
    re-judges cached pairs on the next cycle."""
    return f"{agreement.rules_version()}+{candidate_rules_version()}"


def clusters_fingerprint(
    live: Sequence[MemoryEntry],
    inputs: Sequence[str],
    options: DreamOptions,
    method: str,
    model: str,
) -> str:
    """``inputs``: each live entry's ``models.pair_input``, in the same order (the incremental scan
    reads the same hashes, so they are computed once per scan)."""
    settings = (
        f"{options.similarity_threshold}|{options.max_cluster_size}|{method}|{model}"
        f"|{rules_version()}"
    )
    # Besides the text, what the judgement of a pair reads: the category (numeric exemptions),
    # the subject time and the audience (a cluster never spans two); ``models.pair_input`` hashes
    # exactly those, and the incremental scan asks it of the same entries.
    order = sorted(range(len(live)), key=lambda i: live[i].id)
    return corpus_fingerprint(
        [
            settings,
            *(part for i in order for part in (live[i].id, inputs[i])),
        ]
    )


def reusable_clusters(
    ledger_path: Path,
    read_table: Callable[[], list[Cluster] | None],
    fingerprint: str,
    options: DreamOptions,
    now: datetime,
) -> list[Cluster] | None:
    """The last scan's clusters when the input is unchanged since it, else None (scan).
    ``read_table`` reads them (None: the last scan failed or never ran), only when the gate
    would reuse them."""
    ledger = PassLedger.load(ledger_path)
    decision = ledger.change_gate(
        GATE,
        fingerprint,
        now,
        enabled=options.change_gate_enabled,
        max_skip=timedelta(days=options.max_skip_interval_days),
    )
    return None if decision.run else read_table()


def record_scan(ledger_path: Path, fingerprint: str | None, now: datetime) -> None:
    """Stamp a completed scan; None (a fallback method) makes the next cycle scan again."""
    stamp_pass(ledger_path, GATE, now, fingerprint)


# -- the incremental scan ----------------------------------------------------------------------
# When the live set did change (the last cycle's merges archived sources and wrote merged
# entries), the pairs among the entries that did not change are still the last scan's: a pair's
# similarity and judgement read only its two entries (text, category, subject time) and the
# vocabulary, and cluster formation reads only the pairs (core/near_duplicates/candidates.py). So
# only the pairs that include a new or changed entry are searched again. Beyond this share of
# changed entries a full scan is as cheap. The token sets the search reads are the last scan's
# too for the texts it saw (keyed by ``models.pair_input``, core/near_duplicates/token_cache.py):
# only the new and changed texts are tokenised, and the matrix is the one tokenising them all
# gives.
RESCAN_SHARE = 0.5


@dataclass
class Rescan:
    """An incremental plan: the positions to search again, and the pairs kept as they were."""

    changed: list[int]
    known: list[SimilarPair]


def pair_settings(options: DreamOptions, vocabulary_path: Path) -> str:
    """The settings a pair's judgement depends on, the vocabulary file's bytes included."""
    try:
        vocabulary = hashlib.sha1(vocabulary_path.read_bytes()).hexdigest()
    except OSError:
        vocabulary = "-"
    return f"{options.similarity_threshold}|{LEXICAL_METHOD}|{vocabulary}|{rules_version()}"


def plan_rescan(
    live: Sequence[MemoryEntry], inputs: Sequence[str], cache: PairCache | None, settings: str
) -> Rescan | None:
    """The incremental plan against the last scan (``inputs``: each live entry's
    ``models.pair_input``), or None when a full scan is needed."""
    if cache is None or cache.settings != settings:
        return None
    stored_at = {entry_id: k for k, entry_id in enumerate(cache.ids)}.get
    before = cache.inputs
    # Each stored entry's position now, -1 where it changed or is gone.
    now_at = [-1] * len(cache.ids)
    changed = []
    for i, (e, now) in enumerate(zip(live, inputs, strict=True)):
        k = stored_at(e.id)
        if k is None or before[k] != now:
            changed.append(i)
        else:
            now_at[k] = i
    if len(changed) > RESCAN_SHARE * len(live):
        return None
    # The pairs between two unchanged entries, renumbered to the positions now (left < right).
    position = np.array(now_at, dtype=np.int64)
    left, right = position[cache.left], position[cache.right]
    keep = (left >= 0) & (right >= 0)
    left, right = left[keep], right[keep]
    low, high = np.minimum(left, right).tolist(), np.maximum(left, right).tolist()
    known = list(map(SimilarPair, low, high, cache.similarity[keep].tolist()))
    return Rescan(changed, known)
