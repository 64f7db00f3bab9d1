"""The round tests' one way to ask the merge gate: sources as plain texts (ids ``s0``, ``s1``, ...)
and a merged text, through ``check_merge`` as the consolidation pass calls it."""

from __future__ import annotations

from dream_assets.core.facts.coverage import CoverageResult, CoverageSource
from dream_assets.core.facts.merge_check import check_merge


def sources_of(texts: list[str]) -> list[CoverageSource]:
    return [CoverageSource(f"s{i}", text) for i, text in enumerate(texts)]


def check(texts: list[str], merged: str, *, hints_bind: bool = False) -> CoverageResult:
    return check_merge(sources_of(texts), merged, hints_bind=hints_bind)
