"""The near-duplicate scan: clusters over live entries, kept as a table in the agent's DuckDB.

Consolidation reads the table back. A failed scan is recorded as failed (never as "no
clusters"), so consolidation degrades to unreviewed-only rather than to the whole corpus.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

import duckdb
import numpy as np

from dream_assets.core.clock import format_time
from dream_assets.core.cluster import Cluster, cluster_similarity_method, find_clusters
from dream_assets.core.merge import REVIEWED_HASH
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.volume import AgentVolume
from dream_assets.passes.cluster_reuse import clusters_fingerprint, record_scan, reusable_clusters

Embedder = Callable[[list[str]], list[list[float]]]


def scan_duplicate_clusters(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    *,
    embedder: Embedder | None = None,
) -> tuple[PassReport, list[Cluster] | None]:
    report = PassReport("duplicate_clusters")
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    live = scan.live
    # An idle cycle reuses the last clusters (passes.cluster_reuse): same ids, texts, settings.
    fingerprint = clusters_fingerprint(
        live, options, cluster_similarity_method(embedder is not None), options.embedding_model
    )
    reused = reusable_clusters(
        volume.ledger_path, read_cluster_table(volume.duckdb_path), fingerprint, options, now
    )
    if reused is not None:
        method = cluster_similarity_method(embedder is not None)
        write_cluster_table(volume.duckdb_path, reused, live, now, method)
        report.decide("reused", "clusters", "live ids and texts unchanged since the last scan")
        return _counted(report, reused, live, method), reused
    vectors = None
    if embedder is not None and live:
        try:
            vectors = np.asarray(embedder([e.content for e in live]), dtype=np.float32)
        except Exception as exc:  # any embedding failure falls back to lexical
            report.warnings.append(f"embeddings unavailable, lexical similarity used: {exc}")
    method = cluster_similarity_method(vectors is not None)
    try:
        clusters = find_clusters(
            [(e.id, e.content) for e in live],
            threshold=options.similarity_threshold,
            max_cluster_size=options.max_cluster_size,
            vectors=vectors,
        )
    except Exception as exc:  # recorded; consolidation degrades safely
        report.fail(f"near-duplicate scan failed: {exc}")
        write_cluster_table(volume.duckdb_path, None, live, now, method)
        return report, None
    write_cluster_table(volume.duckdb_path, clusters, live, now, method)
    # A scan that fell back to another method is not reusable as the one asked for.
    wanted = method == cluster_similarity_method(embedder is not None)
    record_scan(volume.ledger_path, fingerprint if wanted else None, now)
    return _counted(report, clusters, live, method), clusters


def _counted(
    report: PassReport, clusters: list[Cluster], live: list[MemoryEntry], method: str
) -> PassReport:
    by_id = {e.id: e for e in live}  # once, not per cluster: clusters × live at 100 000
    open_count = sum(1 for c in clusters if not _settled(c, by_id))
    report.counts.update(
        live=len(live),
        clusters=len(clusters),
        clustered_entries=sum(len(c.member_ids) for c in clusters),
        clusters_open=open_count,
        clusters_settled=len(clusters) - open_count,
    )
    report.method = method
    for cluster in clusters[:50]:
        texts = " / ".join(by_id[m].content[:60] for m in cluster.member_ids)
        report.decide(
            cluster.cluster_id, ",".join(cluster.member_ids), f"{cluster.similarity:.3f} {texts}"
        )
    return report


def _settled(cluster: Cluster, by_id: dict[str, MemoryEntry]) -> bool:
    return all(
        by_id[m].metadata.get(REVIEWED_HASH) == review_fingerprint(by_id[m])
        for m in cluster.member_ids
    )


def write_cluster_table(
    db_path: Path,
    clusters: Sequence[Cluster] | None,
    live: Sequence[MemoryEntry],
    now: datetime,
    method: str,
) -> None:
    by_id = {e.id: e for e in live}
    rows = [
        (c.cluster_id, list(c.member_ids), c.similarity, not _settled(c, by_id))
        for c in clusters or []
    ]
    with duckdb.connect(str(db_path)) as con:
        con.execute("BEGIN")
        con.execute(
            "CREATE OR REPLACE TABLE duplicate_clusters ("
            "cluster_id VARCHAR, member_ids VARCHAR[], similarity DOUBLE, open BOOLEAN)"
        )
        if rows:
            con.executemany("INSERT INTO duplicate_clusters VALUES (?, ?, ?, ?)", rows)
        con.execute(
            "CREATE OR REPLACE TABLE duplicate_cluster_scan ("
            "scanned_at VARCHAR, ok BOOLEAN, method VARCHAR, clusters INTEGER)"
        )
        con.execute(
            "INSERT INTO duplicate_cluster_scan VALUES (?, ?, ?, ?)",
            [format_time(now), clusters is not None, method, len(rows)],
        )
        con.execute("COMMIT")


def read_cluster_table(db_path: Path) -> list[Cluster] | None:
    """The clusters of the last scan; None when it failed or never ran (consolidation degrades)."""
    if not db_path.exists():
        return None
    try:
        with duckdb.connect(str(db_path), read_only=True) as con:
            status = con.execute("SELECT ok FROM duplicate_cluster_scan").fetchone()
            if not status or not status[0]:
                return None
            rows = con.execute(
                "SELECT cluster_id, member_ids, similarity FROM duplicate_clusters "
                "ORDER BY cluster_id"
            ).fetchall()
    except duckdb.Error:
        return None
    return [Cluster(row[0], tuple(row[1]), float(row[2])) for row in rows]
