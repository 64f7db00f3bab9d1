"""Judging each distinct pair once (issue 27): the scan's verdict memo and the judge's coverage
memo decide nothing of their own. On the labelled corpora, with their texts repeated across
categories and subject times (what makes the memos hit), the scan gives the clusters, kept pairs
and rejections of a judge asked afresh for every candidate pair."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dream_assets.core.facts import agreement
from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.coverage import missing_specifics
from dream_assets.core.models import SUBJECT_TIME_KEYS, MemoryEntry
from dream_assets.core.near_duplicates.candidates import judged_clusters, pair_disagreement
from dream_assets.core.options import DreamOptions
from dream_assets.passes.duplicate_clusters.scan import compute_clusters
from dream_assets_tests.builders import entry, make_volume

DATA = Path(__file__).resolve().parents[2] / "data"
CORPORA = [DATA / "semantic_corpus.jsonl", DATA / "blind" / "paraphrase_corpus.jsonl"]


def _texts(path: Path) -> list[str]:
    texts: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        texts.extend(record.get("members") or record.get("pair") or [record.get("text", "")])
    return [t for t in texts if t]


def _entries(texts: list[str], seed: int) -> list[MemoryEntry]:
    """Each text two or three times, in different categories and some with a subject time."""
    rng = random.Random(seed)
    entries = []
    for number, text in enumerate(texts * 3):
        if rng.random() < 0.3:
            continue
        metadata = {"subject_start": rng.choice(["2024-03", "2024-03-14", "2025"])}
        entries.append(
            entry(
                f"m-{number:05d}",
                text,
                category=rng.choice(["people", "events", "preferences"]),
                metadata=metadata if rng.random() < 0.2 else None,
            )
        )
    return entries


def _afresh(live: list[MemoryEntry], threshold: float) -> tuple[list, list, list]:
    """The scan's judgement (``pair_disagreement``) with every candidate pair judged anew, no
    memo anywhere."""

    def statement(e: MemoryEntry) -> Statement:
        return Statement(
            e.content, e.category, tuple(str(e.metadata.get(k, "")) for k in SUBJECT_TIME_KEYS)
        )

    scan = judged_clusters(
        [e.content for e in live],
        [e.id for e in live],
        threshold=threshold,
        max_cluster_size=DreamOptions().max_cluster_size,
        disagreement=lambda i, j: pair_disagreement(statement(live[i]), statement(live[j])),
    )
    rejected = [(live[i].id, live[j].id, why) for i, j, why in scan.rejected]
    pairs = [(live[p.left].id, live[p.right].id, p.similarity) for p in scan.pairs]
    return scan.clusters, rejected, pairs


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
@pytest.mark.parametrize("threshold", [0.88, 0.5])
def test_memoised_judging_gives_the_clusters_of_judging_every_pair_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corpus: Path, threshold: float
) -> None:
    volume = make_volume(tmp_path / "a", _entries(_texts(corpus), seed=len(corpus.name)))
    options = DreamOptions(similarity_threshold=threshold)
    live = volume.scan_entries().live
    memoised = compute_clusters(volume, options, live, None)
    assert memoised.clusters is not None and memoised.cache is not None
    assert memoised.counts["candidates"] > 50 and memoised.counts["candidates_rejected"] > 0

    agreement._covered.cache_clear()
    monkeypatch.setattr(
        agreement,
        "_covered",
        lambda source, other, vocabulary: missing_specifics([source], other, vocabulary=vocabulary),
    )
    clusters, rejected, pairs = _afresh(live, threshold)
    assert memoised.clusters == clusters
    assert memoised.rejected == rejected
    assert memoised.cache.pairs() == pairs
