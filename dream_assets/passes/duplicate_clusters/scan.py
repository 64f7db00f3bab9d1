"""The near-duplicate scan: clusters over live entries, kept as a table in the agent's DuckDB.

Consolidation reads the table back. A failed scan is recorded as failed (never as "no
clusters"), so consolidation degrades to unreviewed-only rather than to the whole corpus.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

import numpy as np

from dream_assets.core.facts.agreement import Statement, subject_numbers
from dream_assets.core.facts.coverage import VOCABULARY_FILE_NAME, load_vocabulary
from dream_assets.core.memory.merge import REVIEWED_HASH
from dream_assets.core.models import SUBJECT_TIME_KEYS, MemoryEntry, pair_input, review_fingerprint
from dream_assets.core.near_duplicates.candidates import (
    SubjectBand,
    candidate_rules_version,
    judged_clusters,
    pair_disagreement,
    pair_same_specifics,
    pair_shares_subject,
)
from dream_assets.core.near_duplicates.cluster import EMBEDDING_METHOD, LEXICAL_METHOD, Cluster
from dream_assets.core.near_duplicates.embeddings import (
    Embedder,
    EmbeddingsUnavailable,
    embed_with_cache,
    progress_logger,
)
from dream_assets.core.near_duplicates.kindred_words import WordVectors
from dream_assets.core.near_duplicates.token_cache import (
    TokenDigest,
    TokenRows,
    tokenised,
    with_cache,
)
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.audience import entry_audience, separate_audiences, shareable_text
from dream_assets.core.safety.log_quoting import project_logger
from dream_assets.core.store.duckdb_store import one_connection
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.duplicate_clusters.reuse import (
    clusters_fingerprint,
    pair_settings,
    plan_rescan,
    record_scan,
    reusable_clusters,
)
from dream_assets.passes.duplicate_clusters.tables import (
    ClusterRow,
    PairCache,
    read_cluster_table,
    read_pair_cache,
    write_scan,
)

_LOG = project_logger(__name__)
_Read = TypeVar("_Read")
# The verdict of a pair no rule could read (``compute_clusters``): kept apart.
UNREADABLE = "pair unreadable"


@dataclass
class ClusterComputation:
    clusters: list[Cluster] | None
    method: str
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    failure: str | None = None
    rejected: list[tuple[str, str, str]] = field(default_factory=list)
    # A lexical scan's judged pairs and inputs, for the next scan (None: not cacheable).
    cache: PairCache | None = None


def compute_clusters(
    volume: AgentVolume,
    options: DreamOptions,
    live: Sequence[MemoryEntry],
    embedder: Embedder | None,
    *,
    logger: Any = _LOG,
    previous: PairCache | None = None,
    inputs: Sequence[str] | None = None,
) -> ClusterComputation:
    """Candidates (lexical + semantic), then judgement; what both the scan and the CLI show.
    With ``previous`` (the last lexical scan's pairs) a lexical scan searches only the pairs of
    new or changed entries (``cluster_reuse.plan_rescan``); the clusters are the same."""
    vectors = None
    counts: dict[str, int] = {"embedded": 0, "cached": 0}
    warnings: list[str] = []
    cosine_threshold: float | None = None
    band_floor: float | None = None
    triangle_floor: float | None = None
    specifics_floor: float | None = None
    number_floor: float | None = None
    mutual: tuple[float, float] | None = None
    if embedder is not None and live:
        try:
            done = embed_with_cache(
                volume.duckdb_path,
                embedder,
                [e.content for e in live],
                progress=progress_logger(logger),
            )
        except EmbeddingsUnavailable as exc:
            return ClusterComputation(None, EMBEDDING_METHOD, counts, [], failure=str(exc))
        except Exception as exc:  # an endpoint hiccup: this cycle falls back to lexical
            warnings.append(f"embeddings unavailable, lexical similarity used: {exc}")
        else:
            vectors = done.vectors
            cosine_threshold = embedder.threshold
            band_floor = embedder.band_floor
            triangle_floor = embedder.triangle_floor
            specifics_floor = getattr(embedder, "specifics_floor", None)
            number_floor = getattr(embedder, "number_floor", None)
            mutual = getattr(embedder, "mutual", None)
            counts.update(embedded=done.embedded, cached=done.cached)
    vocabulary, warning = load_vocabulary(volume.root / VOCABULARY_FILE_NAME)
    if warning:
        warnings.append(warning)
    statements: dict[int, Statement] = {}

    def statement(i: int) -> Statement:
        # Built on first use: an incremental scan judges the pairs of a few entries only.
        if i not in statements:
            e = live[i]
            subject = tuple(str(e.metadata.get(k, "")) for k in SUBJECT_TIME_KEYS)
            statements[i] = Statement(e.content, e.category, subject)
        return statements[i]

    verdicts: dict[tuple[Statement, Statement], str | None] = {}

    def judge(i: int, j: int) -> str | None:
        # ``disagreement`` reads only the two statements (and the scan's vocabulary): a pair of
        # equal statements is judged once per scan. A corpus repeats its texts (the same fact
        # recorded twice, in one category or another): 61 169 candidate pairs at 100 000 planted
        # entries are 27 805 distinct statement pairs (docs/benchmarks.md, round 7).
        key = (statement(i), statement(j))
        if key not in verdicts:
            verdicts[key] = pair_disagreement(key[0], key[1], vocabulary=vocabulary)
        return verdicts[key]

    unreadable: dict[tuple[str, str], str] = {}

    def guarded(read: Callable[[int, int], _Read], fallback: _Read) -> Callable[[int, int], _Read]:
        # A pair the rules cannot read (a bug meeting text no corpus had) is kept apart and named
        # in a warning by its ids and the error's kind, never its message (which may quote the
        # text): one such entry does not stop the scan of the agent's other entries.
        def call(i: int, j: int) -> _Read:
            try:
                return read(i, j)
            except Exception as exc:
                unreadable.setdefault((live[i].id, live[j].id), type(exc).__name__)
                return fallback

        return call

    # A row's numbers for the number band (``SubjectBand.numbers``), guarded as a pair of itself.
    numbers = guarded(lambda i, _: subject_numbers(statement(i).text), frozenset[str]())
    settings = pair_settings(options, volume.root / VOCABULARY_FILE_NAME)
    if embedder is not None:
        inputs = []
    elif inputs is None:
        inputs = [pair_input(e) for e in live]
    rescan = plan_rescan(live, inputs, previous, settings) if embedder is None else None
    if rescan is not None:
        counts.update(rescanned=len(rescan.changed), pairs_reused=len(rescan.known))
    texts = [e.content for e in live]
    # The band's shared subject in other words asks the model for single words, each once.
    words = WordVectors(embedder.embed) if embedder is not None else None
    rows: TokenRows | None = None
    secret = volume.entry_index.secret() if embedder is None else None
    if secret is not None:
        # The last scan's token sets for the texts it saw, when this scan is incremental
        # (core/near_duplicates/token_cache.py): the same matrix as tokenising them all. Its
        # words are stored as digests keyed by the volume's secret (none: no cache kept).
        digest = TokenDigest(secret)
        cached = previous.tokens if rescan is not None and previous is not None else None
        rows = (
            with_cache(texts, inputs, cached, digest)
            if cached
            else tokenised(texts, inputs, digest)
        )
    try:
        scan = judged_clusters(
            texts,
            [e.id for e in live],
            threshold=options.similarity_threshold,
            max_cluster_size=options.max_cluster_size,
            vectors=vectors,
            cosine_threshold=cosine_threshold,
            disagreement=guarded(judge, UNREADABLE),
            rescan=rescan.changed if rescan is not None else None,
            known=rescan.known if rescan is not None else (),
            band=SubjectBand(
                band_floor,
                guarded(
                    lambda i, j: pair_shares_subject(
                        statement(i), statement(j), vocabulary=vocabulary, words=words
                    ),
                    False,
                ),
                triangle_floor,
                specifics_floor,
                guarded(
                    lambda i, j: pair_same_specifics(
                        statement(i), statement(j), vocabulary=vocabulary
                    ),
                    False,
                ),
                number_floor,
                lambda i: numbers(i, i),
                mutual,
            )
            if band_floor is not None
            else None,
            tokens=rows.matrix() if rows is not None else None,
        )
    except Exception as exc:  # recorded; consolidation degrades safely
        return ClusterComputation(None, LEXICAL_METHOD, counts, warnings, f"{exc}")
    if unreadable:
        named = ", ".join(f"{a} / {b} ({kind})" for (a, b), kind in list(unreadable.items())[:5])
        more = f" and {len(unreadable) - 5} more" if len(unreadable) > 5 else ""
        warnings.append(
            f"{len(unreadable)} candidate pair(s) the judge could not read, kept apart: "
            f"{named}{more}"
        )
        counts["pairs_unreadable"] = len(unreadable)
    method = LEXICAL_METHOD
    if vectors is not None:
        method = f"{LEXICAL_METHOD}+{EMBEDDING_METHOD} ({embedder.key if embedder else ''})"
    counts.update(scan.counts)
    rejected = [(live[i].id, live[j].id, why) for i, j, why in scan.rejected]
    # One cluster never spans two audiences: a merge across them would leak one into the other.
    clusters = separate_audiences(scan.clusters, live)
    cache = None
    if vectors is None and embedder is None:
        # Positions into ``live`` (``left < right``), stored as arrays with the ids in this order.
        found = np.array(scan.pairs, dtype=np.float64).reshape(-1, 3)
        cache = PairCache(
            settings,
            [e.id for e in live],
            list(inputs),
            np.minimum(found[:, 0], found[:, 1]).astype(np.int32),
            np.maximum(found[:, 0], found[:, 1]).astype(np.int32),
            found[:, 2],
            tokens=rows,
        )
    return ClusterComputation(clusters, method, counts, warnings, None, rejected, cache)


def scan_duplicate_clusters(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    *,
    embedder: Embedder | None = None,
    embedder_error: str | None = None,
    logger: Any = _LOG,
) -> tuple[PassReport, list[Cluster] | None]:
    report = PassReport("duplicate_clusters")
    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    live = scan.live
    method = _method_asked(embedder)
    # An idle cycle reuses the last clusters (passes/duplicate_clusters/reuse.py): same ids, texts,
    # audiences, subject times and settings.
    inputs = [pair_input(e) for e in live]
    fingerprint = clusters_fingerprint(
        live, inputs, options, method, _model_rules(options, embedder)
    )
    # Nothing changed: the table read and its flags written again in one connection (opened
    # for writing by the read, and only when the gate reuses); never held across a scan.
    with one_connection(volume.duckdb_path, for_writing=True):
        reused = reusable_clusters(
            volume.ledger_path,
            lambda: read_cluster_table(volume.duckdb_path),
            fingerprint,
            options,
            now,
        )
        if reused is not None and embedder_error is None:
            clusters = separate_audiences(reused, live)
            write_scan(volume.duckdb_path, _rows(clusters, live), now, method)
            report.method = method
            report.decide("reused", "clusters", "live ids and texts unchanged since the last scan")
            _counted(report, clusters, live, options, {})
            return report, clusters
    previous: PairCache | None = None
    if embedder_error is not None:
        computed = ClusterComputation(None, EMBEDDING_METHOD, failure=embedder_error)
    else:
        previous = read_pair_cache(volume.duckdb_path) if embedder is None else None
        computed = compute_clusters(
            volume, options, live, embedder, logger=logger, previous=previous, inputs=inputs
        )
    report.warnings.extend(computed.warnings)
    report.method = computed.method
    if computed.clusters is None:
        report.fail(f"near-duplicate scan failed: {computed.failure}")
        write_scan(volume.duckdb_path, None, now, computed.method)
        return report, None
    clusters = computed.clusters
    # The clusters (updated in place) and the pair cache (replaced whole) in one transaction
    # (passes/duplicate_clusters/tables.py).
    write_scan(volume.duckdb_path, _rows(clusters, live), now, computed.method, computed.cache)
    # A scan that fell back to another method (an embedding hiccup) is not reusable as the one
    # asked for: the next cycle scans again.
    record_scan(volume.ledger_path, None if computed.warnings else fingerprint, now)
    _counted(report, clusters, live, options, computed.counts)
    for first, second, why in computed.rejected[:50]:
        # The reason quotes the differing specifics: memory text, shown only when allowed.
        shown = why if options.log_memory_text else why.split(":")[0]
        report.decide("kept apart", f"{first},{second}", shown)
    return report, clusters


def _model_rules(options: DreamOptions, embedder: Embedder | None) -> str:
    """The model and, with vectors, the candidate rules that read them (threshold, bands), for
    the reuse key: a changed floor or band rule scans again."""
    if embedder is None:
        return options.embedding_model
    floors = (
        f"{embedder.threshold}|{embedder.band_floor}|{embedder.triangle_floor}"
        f"|{getattr(embedder, 'specifics_floor', None)}|{getattr(embedder, 'number_floor', None)}"
        f"|{getattr(embedder, 'mutual', None)}"
    )
    return f"{options.embedding_model}|{floors}|{candidate_rules_version()}"


def _method_asked(embedder: Embedder | None) -> str:
    if embedder is None:
        return LEXICAL_METHOD
    return f"{LEXICAL_METHOD}+{EMBEDDING_METHOD} ({embedder.key})"


def _counted(
    report: PassReport,
    clusters: list[Cluster],
    live: list[MemoryEntry],
    options: DreamOptions,
    counts: dict[str, int],
) -> None:
    by_id = {e.id: e for e in live}  # once, not per cluster: clusters × live at 100 000
    open_count = sum(1 for c in clusters if not _settled(c, by_id))
    report.counts.update(
        live=len(live),
        clusters=len(clusters),
        clustered_entries=sum(len(c.member_ids) for c in clusters),
        clusters_open=open_count,
        clusters_settled=len(clusters) - open_count,
        **counts,
    )
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


def _settled(cluster: Cluster, by_id: dict[str, MemoryEntry]) -> bool:
    return all(
        by_id[m].metadata.get(REVIEWED_HASH) == review_fingerprint(by_id[m])
        for m in cluster.member_ids
    )


def _rows(clusters: Sequence[Cluster], live: Sequence[MemoryEntry]) -> list[ClusterRow]:
    """The cluster table's rows: each cluster with its ``open`` flag (a member not reviewed as
    it now reads)."""
    by_id = {e.id: e for e in live}
    return [
        (c.cluster_id, tuple(c.member_ids), c.similarity, not _settled(c, by_id)) for c in clusters
    ]


__all__ = ["compute_clusters", "read_cluster_table", "scan_duplicate_clusters"]
