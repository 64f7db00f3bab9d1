"""Measure a merge check against a labelled corpus of merges.

The coverage check is reported by two figures: the share of merges that preserve all source
content which it rejects (false rejections; 0% on its live corpus) and the share of merges that
drop content which it catches (83% of merges dropping a source outright). This computes the same
two figures, for any check, over JSONL corpora of two shapes:

* the coverage corpus: ``sources``, ``merged``, ``expect_ok``, ``preserves_content``, a ``label``
  naming the sub-case, optionally a ``vocabulary`` object in the file's own shape;
* the meaning corpus: ``sources``, ``merged``, ``label`` ``"faithful"`` or ``"lossy"``, ``kind``
  (what a lossy merge changed: negation, quantity, attribution, detail, status, dropped), and
  ``split`` (``dev`` for tuning thresholds, ``test`` held out).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dream_assets.core.facts.coverage import (
    DEFAULT_VOCABULARY,
    CoverageResult,
    CoverageSource,
    Vocabulary,
    missing_specifics,
)


@dataclass(frozen=True)
class CorpusCase:
    case_id: str
    label: str
    expect_ok: bool
    preserves_content: bool
    sources: tuple[CoverageSource, ...]
    merged: str
    vocabulary: Vocabulary
    kind: str | None = None  # what a lossy meaning-corpus case changed
    split: str = ""  # "dev" or "test" in the meaning corpus
    paraphrase: bool = False  # a faithful merge written with little word overlap

    def check(self) -> CoverageResult:
        """The coverage check alone: the rule this corpus was first written for."""
        return missing_specifics(self.sources, self.merged, vocabulary=self.vocabulary)

    @property
    def group(self) -> str:
        """The row this case is counted in: its kind of loss, else its label."""
        return self.kind or self.label


# A check as the measurement sees it: any function from a case to a result.
CaseCheck = Callable[[CorpusCase], CoverageResult]


@dataclass(frozen=True)
class CorpusRates:
    preserving: int
    false_rejections: int
    dropping: int
    caught: int
    unexpected: tuple[str, ...]  # case ids whose outcome differs from expect_ok
    rejected_by_label: dict[str, tuple[int, int]]  # kind (else label) -> (rejected, cases)

    @property
    def false_rejection_rate(self) -> float:
        return self.false_rejections / self.preserving if self.preserving else 0.0

    @property
    def catch_rate(self) -> float:
        return self.caught / self.dropping if self.dropping else 0.0

    def summary(self) -> str:
        return (
            f"false rejections {self.false_rejections}/{self.preserving} "
            f"({self.false_rejection_rate:.0%}), caught {self.caught}/{self.dropping} "
            f"({self.catch_rate:.0%}), unexpected outcomes {len(self.unexpected)}"
        )


def _vocabulary_of(raw: dict[str, Any] | None) -> Vocabulary:
    if not raw:
        return DEFAULT_VOCABULARY
    return Vocabulary(
        extra_common_words=frozenset(raw.get("extraCommonWords", ())),
        always_specific_words=frozenset(raw.get("alwaysSpecificWords", ())),
        numeric_exempt_categories=tuple(raw.get("numericExemptCategories", ())),
    )


def read_corpus(path: Path) -> list[CorpusCase]:
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        raw = json.loads(line)
        try:
            if "expect_ok" in raw:
                expect_ok = bool(raw["expect_ok"])
                preserves_content = bool(raw["preserves_content"])
            else:  # the meaning corpus: a faithful merge must pass, a lossy one be caught
                if raw["label"] not in ("faithful", "lossy"):
                    raise KeyError(f"label must be faithful or lossy, not {raw['label']!r}")
                expect_ok = preserves_content = raw["label"] == "faithful"
            cases.append(
                CorpusCase(
                    case_id=str(raw["case_id"]),
                    label=str(raw["label"]),
                    expect_ok=expect_ok,
                    preserves_content=preserves_content,
                    sources=tuple(
                        CoverageSource(str(s["id"]), str(s["content"]), str(s.get("category", "")))
                        for s in raw["sources"]
                    ),
                    merged=str(raw["merged"]),
                    vocabulary=_vocabulary_of(raw.get("vocabulary")),
                    kind=str(raw["kind"]) if raw.get("kind") else None,
                    split=str(raw.get("split", "")),
                    paraphrase=bool(raw.get("paraphrase", False)),
                )
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"{path}:{number}: malformed corpus case ({error})") from error
    return cases


def measure(cases: list[CorpusCase], check: CaseCheck | None = None) -> CorpusRates:
    """Rates of ``check`` over ``cases``; the coverage check alone unless another is given."""
    preserving = false_rejections = dropping = caught = 0
    unexpected = []
    by_label: dict[str, tuple[int, int]] = {}
    for case in cases:
        ok = (check(case) if check else case.check()).ok
        rejected, total = by_label.get(case.group, (0, 0))
        by_label[case.group] = (rejected + (not ok), total + 1)
        if ok != case.expect_ok:
            unexpected.append(case.case_id)
        if case.preserves_content:
            preserving += 1
            false_rejections += not ok
        else:
            dropping += 1
            caught += not ok
    return CorpusRates(preserving, false_rejections, dropping, caught, tuple(unexpected), by_label)
