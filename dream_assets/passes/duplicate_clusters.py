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

from dream_assets.core.audience import entry_audience, separate_audiences, shareable_text
from dream_assets.core.clock import format_time
from dream_assets.core.cluster import Cluster, cluster_similarity_method, find_clusters
from dream_assets.core.duckdb_store import connect, load_sql, run_sql
from dream_assets.core.merge import REVIEWED_HASH
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.volume import AgentVolume

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
    vectors = None
    if embedder is not None and live:
        try:
            vectors = np.asarray(embedder([e.content for e in live]), dtype=np.float32)
        except Exception as exc:  # any embedding failure falls back to lexical
            report.warnings.append(f"embeddings unavailable, lexical similarity used: {exc}")
    method = cluster_similarity_method(vectors is not None)
    try:
        clusters = separate_audiences(
            find_clusters(
                [(e.id, e.content) for e in live],
                threshold=options.similarity_threshold,
                max_cluster_size=options.max_cluster_size,
                vectors=vectors,
            ),
            live,
        )
    except Exception as exc:  # recorded; consolidation degrades safely
        report.fail(f"near-duplicate scan failed: {exc}")
        write_cluster_table(volume.duckdb_path, None, live, now, method)
        return report, None
    write_cluster_table(volume.duckdb_path, clusters, live, now, method)
    open_count = sum(1 for c in clusters if not _settled(c, {e.id: e for e in live}))
    report.counts.update(
        live=len(live),
        clusters=len(clusters),
        clustered_entries=sum(len(c.member_ids) for c in clusters),
        clusters_open=open_count,
        clusters_settled=len(clusters) - open_count,
    )
    report.method = method
    by_id = {e.id: e for e in live}
    for cluster in clusters[:50]:
        texts = " / ".join(
            shareable_text(
                by_id[m].content, entry_audience(by_id[m]), log_memory_text=options.log_memory_text
            )[:60]
            for m in cluster.member_ids
        )
        report.decide(
            cluster.cluster_id, ",".join(cluster.member_ids), f"{cluster.similarity:.3f} {texts}"
        )
    return report, clusters


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
        {
            "cluster_id": c.cluster_id,
            "member_ids": list(c.member_ids),
            "similarity": c.similarity,
            "open": not _settled(c, by_id),
        }
        for c in clusters or []
    ]
    sql = load_sql("duplicate_clusters")
    with connect(db_path) as con:
        con.execute("BEGIN")
        run_sql(con, sql["create"])
        if rows:
            con.executemany(sql["record_cluster"], rows)
        scan = {
            "scanned_at": format_time(now),
            "ok": clusters is not None,
            "method": method,
            "clusters": len(rows),
        }
        run_sql(con, sql["record_scan"], scan)
        con.execute("COMMIT")


def read_cluster_table(db_path: Path) -> list[Cluster] | None:
    """The clusters of the last scan; None when it failed or never ran (consolidation degrades)."""
    if not db_path.exists():
        return None
    sql = load_sql("duplicate_clusters")
    try:
        with connect(db_path, read_only=True) as con:
            status = run_sql(con, sql["scan_ok"]).fetchone()
            if not status or not status[0]:
                return None
            rows = run_sql(con, sql["clusters"]).fetchall()
    except duckdb.Error:
        return None
    return [Cluster(row[0], tuple(row[1]), float(row[2])) for row in rows]
