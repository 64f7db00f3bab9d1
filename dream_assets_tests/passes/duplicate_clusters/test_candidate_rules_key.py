"""A reused cluster table names the candidate rules that formed it: the embedder's threshold, its
bands' floors and the version of the band rules (``candidates.candidate_rules_version``), so a
changed band scans again instead of keeping clusters formed under the old one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, make_volume


class FixedEmbedder:
    key = "test:fixed"
    threshold = 0.74
    band_floor: float | None = 0.64
    triangle_floor: float | None = 0.50

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.array([[1.0, len(t) / 100.0] for t in texts], dtype=np.float32)


def _reused(volume: AgentVolume, embedder: FixedEmbedder) -> bool:
    report, _ = scan_duplicate_clusters(
        volume, DreamOptions(embeddings="local"), NOW, embedder=embedder
    )
    return any(d.action == "reused" for d in report.decisions)


@pytest.fixture
def volume(tmp_path: Path) -> AgentVolume:
    return make_volume(
        tmp_path / "agent",
        [entry("a", "Jon has a shellfish allergy."), entry("b", "Priya is learning the cello.")],
    )


def test_an_unchanged_scan_is_reused(volume: AgentVolume) -> None:
    embedder = FixedEmbedder()
    assert not _reused(volume, embedder)
    assert _reused(volume, embedder)


@pytest.mark.parametrize("floor", ["band_floor", "triangle_floor", "threshold"])
def test_a_changed_floor_scans_again(volume: AgentVolume, floor: str) -> None:
    embedder = FixedEmbedder()
    assert not _reused(volume, embedder)
    setattr(embedder, floor, 0.55)
    assert not _reused(volume, embedder)


def test_a_changed_band_rule_scans_again(
    volume: AgentVolume, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = FixedEmbedder()
    assert not _reused(volume, embedder)
    monkeypatch.setattr(
        "dream_assets.passes.duplicate_clusters.scan.candidate_rules_version", lambda: "changed"
    )
    assert not _reused(volume, embedder)


def test_the_pair_cache_key_reads_the_scans_own_judging_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lexical pair cache is keyed by the judge as the scan asks it: ``candidates.py``'s
    reading (``pair_disagreement``, seventh round) as well as ``core/facts/``'s rules."""
    from dream_assets.passes.duplicate_clusters import reuse

    before = reuse.pair_settings(DreamOptions(), tmp_path / "no-vocabulary")
    monkeypatch.setattr(reuse, "candidate_rules_version", lambda: "a-changed-reading")
    assert reuse.pair_settings(DreamOptions(), tmp_path / "no-vocabulary") != before
