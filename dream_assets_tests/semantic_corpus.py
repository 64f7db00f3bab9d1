"""Scoring against the hand-written labelled set ``data/semantic_corpus.jsonl`` (issue 11).

The set has three kinds of line, each with a ``split`` (``dev`` for tuning thresholds, ``test``
for reporting): ``group`` (2-4 wordings of one memory fact), ``lookalike`` (two entries that
look alike and state different facts; ``differs`` says how) and ``filler`` (unrelated entries).

Two clusterings per split, both with the fillers mixed in: the group members (share of groups
that come out whole as one cluster, and share with at least one pair together), and the
look-alike entries (share of pairs that end up in one cluster). Fillers in any cluster are
counted in both runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dream_assets.core.facts import agreement
from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import (
    EIGHTH_RULES,
    SubjectBand,
    judged_clusters,
    pair_disagreement,
    pair_same_specifics,
    pair_shares_subject,
)
from dream_assets.core.near_duplicates.cluster import (
    DEFAULT_MAX_CLUSTER_SIZE,
    DEFAULT_SIMILARITY_THRESHOLD,
)
from dream_assets.core.near_duplicates.kindred_words import WordVectors

CORPUS = Path(__file__).resolve().parent / "data" / "semantic_corpus.jsonl"


def load_corpus(path: Path = CORPUS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@dataclass(frozen=True)
class CorpusScore:
    groups: int
    groups_whole: int
    groups_some_pair: int
    lookalikes: int
    lookalikes_clustered: int
    fillers: int
    fillers_clustered: int
    lookalikes_clustered_by_kind: dict[str, int]

    def row(self) -> dict[str, float]:
        return {
            "groups found": self.groups_whole / self.groups,
            "groups with a pair": self.groups_some_pair / self.groups,
            "look-alikes clustered": self.lookalikes_clustered / self.lookalikes,
            "fillers clustered": self.fillers_clustered / (2 * self.fillers),
        }


Vectors = Callable[[Sequence[str]], np.ndarray]


def score_corpus(
    lines: list[dict],
    split: str | None,
    *,
    vectors_of: Vectors | None = None,
    cosine_threshold: float | None = None,
    judge: bool = True,
    band_floor: float | None = None,
    triangle_floor: float | None = None,
    subject_numbers: bool = True,
    equivalences: bool = True,
    max_cluster_size: int = DEFAULT_MAX_CLUSTER_SIZE,
    specifics_floor: float | None = None,
    own_words_status: bool = True,
    eighth: frozenset[str] | None = None,
    readings: bool = True,
    kindred: bool = True,
    number_floor: float | None = None,
    mutual: tuple[float, float] | None = None,
) -> CorpusScore:
    """Score one split (``None``: all lines); ``vectors_of`` None means lexical only.
    ``band_floor`` and ``triangle_floor``: the scan's lower bands (``SubjectBand``);
    ``subject_numbers=False``: a shared number is not a shared subject (the rule before);
    ``equivalences=False``: the pair judge reads each side as written, no aliases or date
    spellings equated (the rule before the sixth round); ``max_cluster_size``: the cap (the
    seed default unless a benchmark asks what a raised cap would give); ``specifics_floor``: the
    specifics band (``SubjectBand.specifics_floor``); ``own_words_status=False``: the status rule
    as ``agreement.disagreement`` reads it (the rule before the seventh round); ``eighth``: the
    eighth round's rules that apply (None: all, ``candidates.EIGHTH_RULES``); ``readings=False``:
    the judge without the twentieth round's pair readings (``core/facts/pair_readings.py``);
    ``kindred=False``: the subject band without a shared subject in other words (the rule before
    the twenty-fifth round, ``core/near_duplicates/kindred_words.py``); ``number_floor``: the
    number band (``SubjectBand.number_floor``, thirty-eighth round); ``mutual``: the mutual
    band's (floor, margin) (``SubjectBand.mutual``, forty-third round)."""
    chosen = [line for line in lines if split is None or line["split"] == split]
    groups = [line["members"] for line in chosen if line["kind"] == "group"]
    pairs = [line for line in chosen if line["kind"] == "lookalike"]
    fillers = [line["text"] for line in chosen if line["kind"] == "filler"]
    rules = EIGHTH_RULES if eighth is None else eighth
    words = WordVectors(vectors_of) if kindred and vectors_of is not None else None

    def run(texts: list[str]) -> dict[int, str]:
        statements = [Statement(t) for t in texts]
        scan = judged_clusters(
            texts,
            [f"e{i:05d}" for i in range(len(texts))],
            threshold=DEFAULT_SIMILARITY_THRESHOLD,
            max_cluster_size=max_cluster_size,
            vectors=vectors_of(texts) if vectors_of is not None else None,
            cosine_threshold=cosine_threshold,
            disagreement=(
                lambda i, j: pair_disagreement(
                    statements[i],
                    statements[j],
                    equivalences=equivalences,
                    own_words_status=own_words_status,
                    eighth=rules,
                    readings=readings,
                )
            )
            if judge
            else None,
            band=SubjectBand(
                band_floor,
                lambda i, j: pair_shares_subject(
                    statements[i],
                    statements[j],
                    numbers=subject_numbers,
                    equivalences=equivalences,
                    eighth=rules,
                    words=words,
                ),
                triangle_floor,
                specifics_floor,
                lambda i, j: pair_same_specifics(statements[i], statements[j], eighth=rules),
                number_floor,
                lambda i: agreement.subject_numbers(statements[i].text),
                mutual,
            )
            if band_floor is not None
            else None,
        )
        return {int(m[1:]): c.cluster_id for c in scan.clusters for m in c.member_ids}

    group_texts = [text for group in groups for text in group] + fillers
    of = run(group_texts)
    whole = some = 0
    at = 0
    for group in groups:
        positions = list(range(at, at + len(group)))
        at += len(group)
        ids = [of.get(p) for p in positions]
        if ids[0] is not None and all(i == ids[0] for i in ids):
            whole += 1
        if any(
            ids[a] is not None and ids[a] == ids[b]
            for a in range(len(ids))
            for b in range(a + 1, len(ids))
        ):
            some += 1
    fillers_clustered = sum(1 for p in range(at, len(group_texts)) if p in of)

    look_texts = [text for line in pairs for text in line["pair"]] + fillers
    of = run(look_texts)
    clustered = 0
    by_kind: dict[str, int] = {}
    for n, line in enumerate(pairs):
        a, b = of.get(2 * n), of.get(2 * n + 1)
        if a is not None and a == b:
            clustered += 1
            by_kind[line["differs"]] = by_kind.get(line["differs"], 0) + 1
    fillers_clustered += sum(1 for p in range(2 * len(pairs), len(look_texts)) if p in of)
    return CorpusScore(
        groups=len(groups),
        groups_whole=whole,
        groups_some_pair=some,
        lookalikes=len(pairs),
        lookalikes_clustered=clustered,
        fillers=len(fillers),
        fillers_clustered=fillers_clustered,
        lookalikes_clustered_by_kind=by_kind,
    )
