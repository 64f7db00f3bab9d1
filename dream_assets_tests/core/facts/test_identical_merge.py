"""The merge check's shortcut (``merge_check.check_merge``): a merged text that is every source's
own text is not read. The rules agree: none of them finds anything in such a merge, whatever the
sources' categories, so the shortcut changes no result; a merge that differs from one source in a
single word is still read."""

from __future__ import annotations

import random

from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.merge_check import check_merge
from dream_assets_tests.core.near_duplicates.test_same_text import CATEGORIES, _texts


def _read(sources: list[CoverageSource], merged: str) -> tuple[bool, tuple[str, ...]]:
    """``check_merge`` without the shortcut: a source that differs only by a trailing space
    (which no rule reads) makes the sources not all the merged text."""
    spaced = [sources[0], *sources[1:], CoverageSource("spaced", merged + " ", sources[0].category)]
    result = check_merge(spaced, merged, hints_bind=True)
    return result.ok, (*result.missing, *result.hints)


def test_no_rule_finds_anything_in_a_merge_of_one_text() -> None:
    texts = _texts()
    assert len(texts) > 500
    rng = random.Random(7)
    for text in texts:
        sources = [
            CoverageSource(f"m-{k}", text, rng.choice(CATEGORIES))
            for k in range(rng.choice([2, 3]))
        ]
        assert _read(sources, text) == (True, ()), text
        result = check_merge(sources, text, hints_bind=True)
        assert result.ok and not result.missing and not result.hints


def test_a_merge_that_is_not_every_sources_text_is_read() -> None:
    sources = [
        CoverageSource("m-1", "Mia moved to Lisbon in 2021.", "people"),
        CoverageSource("m-2", "Mia moved to Lisbon in 2021.", "places"),
    ]
    assert check_merge(sources, "Mia moved to Lisbon in 2021.").ok
    lossy = check_merge(sources, "Mia moved to Lisbon.")
    assert not lossy.ok and "2021" in " ".join(lossy.missing)
    one_other = [*sources, CoverageSource("m-3", "Mia did not move to Lisbon in 2021.", "people")]
    assert not check_merge(one_other, "Mia moved to Lisbon in 2021.").ok
