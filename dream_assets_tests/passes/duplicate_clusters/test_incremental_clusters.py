"""The incremental near-duplicate scan: after merges and edits, searching only the pairs of new
or changed entries gives exactly the clusters of a full scan
(passes/duplicate_clusters/reuse.py)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from dream_assets.core.models import MemoryEntry
from dream_assets.core.near_duplicates.lexical_search import (
    lexical_pairs,
    lexical_pairs_touching,
    token_sets,
)
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.duplicate_clusters import reuse
from dream_assets.passes.duplicate_clusters.scan import compute_clusters, scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, make_volume

NAMES = ["Caroline", "Jon", "Priya", "Tomasz", "Mei", "Ahmed", "Lena", "Kofi"]
CITIES = ["Berlin", "Lisbon", "Osaka", "Quito", "Oslo", "Lagos"]
WORDINGS = [
    "{n} moved to {c} in {y} with the whole family and two cats.",
    "Note: {n} moved to {c} in {y} with the whole family and two cats.",
    "{n} moved to {c} in {y} with the whole family and two cats (confirmed).",
    "In {y} {n} moved to {c} with the whole family and two cats.",
]


def _corpus(rng: random.Random, size: int) -> list[MemoryEntry]:
    entries = []
    for i in range(size):
        n, c, y = rng.choice(NAMES), rng.choice(CITIES), rng.choice(range(2015, 2025))
        text = rng.choice(WORDINGS).format(n=n, c=c, y=y)
        metadata = {"subject_start": f"{y}-03-01"} if rng.random() < 0.2 else {}
        category = rng.choice(["people", "places"])
        entries.append(entry(f"m-{i:04d}", text, category=category, metadata=metadata))
    return entries


def _change(volume: AgentVolume, rng: random.Random) -> None:
    """What a cycle and the agent do between two scans: merges archive sources and add merged
    entries, the agent edits texts, categories and subject times and writes new entries."""
    live = [e for e in volume.scan_entries().entries if not e.archived]
    rng.shuffle(live)
    for number, (first, second) in enumerate(zip(live[0:20:2], live[1:20:2], strict=True)):
        for source in (first, second):
            volume.save(source.with_changes(archived_at=NOW, archive_reason="merged"))
        volume.save(entry(f"merged-{rng.random():.6f}-{number}", first.content + " Merged."))
    for edited in live[20:30]:
        volume.save(edited.with_changes(content=rng.choice(live).content))
    for edited in live[30:35]:
        volume.save(edited.with_changes(category="work"))
    for edited in live[35:40]:
        volume.save(edited.with_changes(metadata={**edited.metadata, "subject_start": "1999"}))
    for number in range(10):
        volume.save(entry(f"new-{rng.random():.6f}-{number}", rng.choice(live).content))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_incremental_scan_equals_a_full_scan_after_merges_and_edits(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    volume = make_volume(tmp_path / "a", _corpus(rng, 400))
    options = DreamOptions()
    report, first = scan_duplicate_clusters(volume, options, NOW)
    assert first and "rescanned" not in report.counts  # no cache yet: a full scan
    for _round in range(2):
        _change(volume, rng)
        report, clusters = scan_duplicate_clusters(volume, options, NOW)
        live = volume.scan_entries().live
        full = compute_clusters(volume, options, live, None)
        assert 0 < report.counts["rescanned"] < len(live) // 2
        assert report.counts["pairs_reused"] > 0
        assert clusters == full.clusters
        assert full.cache is not None and report.counts["clusters"] == len(full.clusters or [])


def test_a_changed_vocabulary_or_threshold_scans_in_full(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", _corpus(random.Random(4), 100))
    scan_duplicate_clusters(volume, DreamOptions(), NOW)
    volume.save(entry("extra", "Lena moved to Oslo in 2019 with the whole family and two cats."))
    (volume.root / "merge-coverage-vocabulary.json").write_text('{"extraCommonWords": ["cats"]}')
    report, _ = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert "rescanned" not in report.counts
    volume.save(entry("extra-2", "Jon moved to Quito in 2016 with the whole family and two cats."))
    report, _ = scan_duplicate_clusters(volume, DreamOptions(similarity_threshold=0.9), NOW)
    assert "rescanned" not in report.counts


def test_pairs_touching_rows_are_the_full_search_restricted_to_them() -> None:
    rng = random.Random(5)
    texts = [e.content for e in _corpus(rng, 600)] + ["", "!!", "word"]
    tokens = token_sets(texts)
    full = {(p.left, p.right, p.similarity) for p in lexical_pairs(tokens, 0.88)}
    rows = sorted(rng.sample(range(len(texts)), 50))
    touching = lexical_pairs_touching(tokens, np.asarray(rows), 0.88, block_product=500)
    found = {(p.left, p.right, p.similarity) for p in touching}
    assert len(found) == len(touching)  # each pair once
    assert found == {p for p in full if p[0] in rows or p[1] in rows}
    assert found


def test_the_entry_input_hash_is_the_plain_join_of_what_a_judgement_reads() -> None:
    """``entry_input`` takes shortcuts (no judged key: no per-key lookups); the hash is the
    plain one: text, category and each judged metadata value joined."""
    import dataclasses
    import hashlib

    from dream_assets.core.models import PAIR_INPUT_KEYS as _JUDGED_KEYS
    from dream_assets.core.models import entry_of_values
    from dream_assets.core.models import pair_input as entry_input

    def plain(e: MemoryEntry) -> str:
        judged = "|".join(str(e.metadata.get(k, "")) for k in _JUDGED_KEYS)
        return hashlib.sha1("\x00".join((e.content, e.category, judged)).encode()).hexdigest()

    cases = [
        entry("a"),
        entry("b", "Zoë moved — “finally”.", category="people/ü", metadata={"audience": "dm:x"}),
        entry("c", metadata={"subject_start": "2021-01-01", "reviewed_hash": "x"}),
        entry("d", metadata={"reviewed_hash": "x", "merged_from": "m-1,m-2"}),
        entry("e", metadata={"subject_end": "2022", "subject_point": "", "audience": "public"}),
    ]
    assert [entry_input(e) for e in cases] == [plain(e) for e in cases]
    # Metadata no judgement reads does not count; a judged key does.
    assert entry_input(cases[0]) == entry_input(cases[3])
    assert len({entry_input(e) for e in cases}) == len(cases) - 1
    # Not kept on an entry that did not come with it (the first cycle's parsed entries); an
    # entry built from the index comes with it, keeps it through a change that does not touch
    # what it reads, and has it made again after one that does.
    assert all(e._pair_input is None for e in cases)
    for e in cases:
        values = tuple(getattr(e, f.name) for f in dataclasses.fields(MemoryEntry) if f.init)
        built = entry_of_values(values, None, entry_input(e))
        assert built._pair_input == plain(e)
        decayed = built.with_changes(importance=0.1, metadata={**e.metadata, "reviewed_hash": "y"})
        assert decayed._pair_input == plain(decayed) == plain(e)
        for changes in (
            {"content": e.content + "!"},
            {"category": "other"},
            {"metadata": {**e.metadata, "audience": "dm:zed"}},
            {"metadata": {**e.metadata, "subject_point": "2030"}},
        ):
            changed = built.with_changes(**changes)
            assert changed._pair_input is None
            assert entry_input(changed) == plain(changed) != entry_input(e)


def test_a_changed_rules_version_rejudges_cached_pairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    volume = make_volume(tmp_path / "a", _corpus(random.Random(6), 100))
    scan_duplicate_clusters(volume, DreamOptions(), NOW)
    volume.save(entry("extra", "Lena moved to Oslo in 2019 with the whole family and two cats."))
    report, _ = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert report.counts["rescanned"] == 1  # same rules: only the new entry is judged
    volume.save(entry("extra-2", "Jon moved to Quito in 2016 with the whole family and two cats."))
    monkeypatch.setattr(reuse, "rules_version", lambda: "a-changed-rule")
    report, _ = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert "rescanned" not in report.counts  # every cached verdict judged again
    assert "pairs_reused" not in report.counts
