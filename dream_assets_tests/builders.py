"""Small literal volumes for tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from dream_assets.core.memory.merge import ARCHIVED_BY_RUN
from dream_assets.core.models import MemoryEntry, Skill
from dream_assets.core.near_duplicates.cluster import (
    DEFAULT_MAX_CLUSTER_SIZE,
    DEFAULT_SIMILARITY_THRESHOLD,
    Cluster,
    clusters_from_pairs,
    embedding_pairs,
)
from dream_assets.core.near_duplicates.lexical_search import lexical_pairs, token_sets
from dream_assets.core.safety.review_queue import ReviewItem, ReviewQueue, make_item
from dream_assets.core.store.volume import AgentVolume

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
# When a test's conversation turns were said: two hours before NOW, past the quiet period (a
# turn without ``ts`` is dated by receipt, docs/safety.md, so a test that means "an earlier
# conversation" says when it was).
EARLIER_TURN = (NOW - timedelta(hours=2)).isoformat()

# The keys of a memory entry's JSON file, as docs/agent-volume.md documents them.
MEMORY_ENTRY_KEYS = frozenset(
    {
        "id",
        "content",
        "category",
        "tags",
        "importance",
        "reinforcement_count",
        "created_at",
        "updated_at",
        "last_seen_at",
        "metadata",
        "archived_at",
        "archive_reason",
    }
)


def entry(
    entry_id: str,
    content: str = "A fact.",
    *,
    category: str = "general",
    importance: float = 0.5,
    reinforcement: int = 1,
    age_days: float = 1.0,
    last_seen_days: float | None = None,
    archived_days: float | None = None,
    reason: str | None = None,
    metadata: dict[str, str] | None = None,
    tags: tuple[str, ...] = (),
    now: datetime = NOW,
) -> MemoryEntry:
    created = now - timedelta(days=age_days)
    last_seen = now - timedelta(days=last_seen_days if last_seen_days is not None else age_days)
    archived_at = now - timedelta(days=archived_days) if archived_days is not None else None
    return MemoryEntry(
        id=entry_id,
        content=content,
        category=category,
        tags=tags,
        importance=importance,
        reinforcement_count=reinforcement,
        created_at=created,
        updated_at=last_seen,
        last_seen_at=last_seen,
        metadata=dict(metadata or {}),
        archived_at=archived_at,
        archive_reason=(reason or "merged") if archived_at else None,
    )


def archived_by(
    run_id: str, entry_id: str, content: str, *, importance: float = 0.5
) -> MemoryEntry:
    """An entry the run ``run_id`` archived as ephemeral just now, stamped as the run stamps it."""
    return entry(
        entry_id,
        content,
        importance=importance,
        archived_days=0,
        reason="ephemeral",
        metadata={ARCHIVED_BY_RUN: run_id},
    )


def make_volume(root: Path, entries: list[MemoryEntry] | None = None, **files: Any) -> AgentVolume:
    root.mkdir(parents=True, exist_ok=True)
    volume = AgentVolume(root)
    for item in entries or []:
        volume.save(item)
    for relative, text in files.items():
        path = root / relative.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return volume


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    """A JSONL log of ``records``, its folder created."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


FORECAST_STEPS = "Open the forecast API, pick the city, read the hourly values. "


def weather_skills_and_chat(
    volume: AgentVolume,
    now: datetime,
    *,
    steps: str,
    more_weather_skills: Sequence[tuple[str, str]] = (),
    chat: Sequence[dict[str, Any]] = (),
) -> None:
    """A weather agent's skills and conversation log.

    Skills: weather/fetch and each of ``more_weather_skills`` (name, title) with ``steps``,
    30 days old, then notes, 9 days old. Log: a request for Oslo's forecast in session s1,
    then ``chat``.
    """
    for name, title in (("weather/fetch", "Fetch weather"), *more_weather_skills):
        volume.save_skill(Skill(name, title, steps, now - timedelta(days=30)))
    volume.save_skill(Skill("notes", "Take notes", "Write it down.", now - timedelta(days=9)))
    oslo = {"session_id": "s1", "role": "user", "content": "Weather forecast for Oslo"}
    oslo["ts"] = EARLIER_TURN
    chat = [{"ts": EARLIER_TURN, **turn} for turn in chat]
    write_jsonl(volume.conversation_log, [oslo, *chat])


def queued_merge(
    volume: AgentVolume, source_ids: Sequence[str], content: str, **fields: Any
) -> ReviewItem:
    """A merge of the live ``source_ids`` into ``content`` waiting in the agent's review queue
    (reason ``pinned``, run ``r1``, proposed at ``NOW``), as the consolidation pass queues one."""
    sources = [volume.get(source_id) for source_id in source_ids]
    item = make_item(
        kind="merge",
        reason="pinned",
        sources=[s for s in sources if s is not None],
        now=NOW,
        run_id="r1",
        content=content,
        **fields,
    )
    ReviewQueue(volume.root).add(item)
    return item


def find_clusters(
    items: Sequence[tuple[str, str]],
    *,
    threshold: float = DEFAULT_SIMILARITY_THRESHOLD,
    max_cluster_size: int = DEFAULT_MAX_CLUSTER_SIZE,
    vectors: np.ndarray | None = None,
) -> list[Cluster]:
    """Near-duplicate clusters among ``items`` (``(entry_id, text)`` pairs), for a test that plants
    clusters: the scan's rules (``clusters_from_pairs``) over all lexical or all embedding pairs.

    With ``vectors`` (one embedding row per item, in item order) the similarity is their cosine;
    otherwise it is Jaccard over the sets of word tokens of the texts.
    """
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"threshold must be in (0, 1], got {threshold!r}")
    if max_cluster_size < 2:
        raise ValueError(f"max_cluster_size must be at least 2, got {max_cluster_size!r}")
    ids = [entry_id for entry_id, _ in items]
    if len(set(ids)) != len(ids):
        raise ValueError("entry ids must be unique")
    if len(items) < 2:
        return []
    if vectors is not None:
        matrix = np.asarray(vectors)
        if matrix.ndim != 2 or matrix.shape[0] != len(items):
            raise ValueError(
                f"vectors must be a 2-D array with one row per item ({len(items)}), "
                f"got shape {matrix.shape}"
            )
        pairs = embedding_pairs(matrix, threshold)
    else:
        pairs = lexical_pairs(token_sets([text for _, text in items]), threshold)
    return clusters_from_pairs(ids, pairs, max_cluster_size=max_cluster_size)


def band_scan(
    texts: list[str],
    vectors: np.ndarray,
    *,
    cosine_threshold: float = 0.74,
    band: tuple[float, float | None] | None = None,
) -> list[tuple[str, ...]]:
    """The clusters ``judged_clusters`` forms over ``texts`` (ids ``e0``, ``e1``, ...) with these
    unit ``vectors`` and the pair judge's own rules (``core.facts.agreement``); ``band``: the
    subject band's floor and the triangle band's floor (None: no band)."""
    from dream_assets.core.facts.agreement import Statement, disagreement, shares_subject
    from dream_assets.core.near_duplicates.candidates import SubjectBand, judged_clusters

    statements = [Statement(t) for t in texts]
    scan = judged_clusters(
        texts,
        [f"e{i}" for i in range(len(texts))],
        threshold=0.88,
        max_cluster_size=3,
        vectors=vectors,
        cosine_threshold=cosine_threshold,
        disagreement=lambda i, j: disagreement(statements[i], statements[j]),
        band=None
        if band is None
        else SubjectBand(
            band[0], lambda i, j: shares_subject(statements[i], statements[j]), band[1]
        ),
    )
    return [c.member_ids for c in scan.clusters]


def pair_scan(
    texts: Sequence[str],
    cosine: float,
    *,
    band_floor: float = 0.60,
    specifics_floor: float | None = 0.55,
    number_floor: float | None = None,
) -> list[tuple[str, ...]]:
    """The clusters the scan's candidates and pair judge (``candidates.pair_disagreement``, the
    bands' ``pair_shares_subject`` / ``pair_same_specifics``) form over two ``texts`` (ids ``e0``,
    ``e1``) whose vectors meet at ``cosine``: threshold 0.74, triangle band 0.50."""
    vectors = np.linalg.cholesky(np.array([[1.0, cosine], [cosine, 1.0]]))
    scan = judged_scan(
        texts,
        vectors,
        band_floor=band_floor,
        specifics_floor=specifics_floor,
        number_floor=number_floor,
    )
    return [c.member_ids for c in scan.clusters]


def judged_scan(
    texts: Sequence[str],
    vectors: np.ndarray,
    *,
    band_floor: float = 0.60,
    specifics_floor: float | None = 0.55,
    number_floor: float | None = None,
    mutual: tuple[float, float] | None = None,
) -> Any:
    """``candidates.judged_clusters`` over ``texts`` (ids ``e0``, ``e1``, ...) and their
    ``vectors`` with the scan's pair judge and bands: threshold 0.74, triangle band 0.50, the
    subject, specifics, number and mutual bands as given."""
    from dream_assets.core.facts.agreement import Statement, subject_numbers
    from dream_assets.core.near_duplicates.candidates import (
        SubjectBand,
        judged_clusters,
        pair_disagreement,
        pair_same_specifics,
        pair_shares_subject,
    )

    statements = [Statement(t) for t in texts]
    return judged_clusters(
        list(texts),
        [f"e{i}" for i in range(len(texts))],
        threshold=0.88,
        max_cluster_size=3,
        vectors=vectors,
        cosine_threshold=0.74,
        disagreement=lambda i, j: pair_disagreement(statements[i], statements[j]),
        band=SubjectBand(
            band_floor,
            lambda i, j: pair_shares_subject(statements[i], statements[j]),
            0.50,
            specifics_floor,
            lambda i, j: pair_same_specifics(statements[i], statements[j]),
            number_floor,
            lambda i: subject_numbers(statements[i].text),
            mutual,
        ),
    )


def hard_findings(sources: list[str], merged: str) -> list[str]:
    """The merge gate's hard findings (``check_merge`` less its hints) on ``merged`` of
    ``sources``, each source its own id: what the rounds' tests of issue 24 assert on."""
    from dream_assets.core.facts.coverage import CoverageSource
    from dream_assets.core.facts.merge_check import check_merge, is_hint

    result = check_merge([CoverageSource(f"s{i}", text) for i, text in enumerate(sources)], merged)
    return [f for f in result.missing if not is_hint(f)]
