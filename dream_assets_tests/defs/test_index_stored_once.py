"""The entry index stored once per run (issue 27): when every step of a full cycle runs in the
run's process, the scans leave their rows to the run's end, so a first cycle stores each entry's
row once (not at its first walk and again after the review stamps rewrote the entry), and what
it stores is what the files hold after the run."""

from __future__ import annotations

import collections
import hashlib
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.store import entry_index, entry_index_file
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.builders import entry, make_volume
from dream_assets_tests.cycles import cycle

TEXTS = [
    "Caroline moved to Berlin in 2021 with her dog Rocky.",
    "Caroline moved to Berlin in 2021 with her dog Rocky.",
    "The billing API deploys to EU-West every Tuesday at 14:30.",
    "Jon flew to Lisbon on May 4 for PyCon 2024.",
    "Priya prefers Zoom calls before 10:00 on weekdays.",
]


def _stores(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """Every row handed to the index file (``store_rows``' dirty names), counted by name."""
    real = entry_index_file.store_rows
    counts: collections.Counter[str] = collections.Counter()

    def counting(db_path, rows, dirty, deleted):  # type: ignore[no-untyped-def]
        dirty = list(dirty)
        counts.update(n for n in dirty if n in rows)
        return real(db_path, rows, dirty, deleted)

    monkeypatch.setattr(entry_index_file, "store_rows", counting)
    return counts


def test_a_full_cycle_stores_each_row_once_and_as_the_files_are(
    agents_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_volume(
        agents_root / "ada",
        [entry(f"m-{n}", t, importance=0.9, age_days=120 + n) for n, t in enumerate(TEXTS)],
    )
    counts = _stores(monkeypatch)
    with dg.instance_for_test() as instance:
        assert cycle(agents_root, "ada", instance).success
    names = {f"m-{n}.json" for n in range(len(TEXTS))}
    # Every entry was rewritten by the cycle (its review stamp; the two equal ones merged into
    # a new entry), and each row stored once.
    assert names < set(counts)
    assert set(counts.values()) == {1}
    # What the index file holds is each file's content now: a new process trusts it.
    root = (agents_root / "ada").resolve()
    stored = entry_index_file.load_rows(root / entry_index.INDEX_FILE)
    for path in (root / "memory" / "entries").glob("*.json"):
        assert stored[path.name].sha256 == hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_cycle_of_only_some_assets_stores_the_rows_at_each_step(
    agents_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run without the cycle's report (a rerun of some assets) stores at each step's end."""
    from dream_assets.defs.assets import housekeeping
    from dream_assets_tests.cycles import cycle_resources

    make_volume(agents_root / "ada", [entry("m-0", TEXTS[0], age_days=120)])
    counts = _stores(monkeypatch)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = dg.materialize(
            housekeeping.ASSETS,
            partition_key="ada",
            instance=instance,
            resources=cycle_resources(agents_root),
        )
    assert result.success
    assert counts["m-0.json"] >= 1
    root = (agents_root / "ada").resolve()
    assert "m-0.json" in entry_index_file.load_rows(root / entry_index.INDEX_FILE)


def test_rows_left_to_the_run_end_are_stored_by_flush_or_at_exit(tmp_path: Path) -> None:
    make_volume(tmp_path / "a", [entry("m-0", TEXTS[0]), entry("m-1", TEXTS[2])])
    volume = AgentVolume(tmp_path / "a", run_id="run-1")
    index = volume.entry_index
    index.defer_store("run-1")
    assert len(volume.scan_entries().entries) == 2
    db_path = volume.root / entry_index.INDEX_FILE
    assert entry_index_file.load_rows(db_path) == {}  # left to the run's end
    # Another run's scan (or none) stores as before, the rows left pending included.
    entry_index._flush_pending()  # what the process's exit does
    assert set(entry_index_file.load_rows(db_path)) == {"m-0.json", "m-1.json"}
    assert index not in entry_index._PENDING
    # Flushed: the next scan of the same run stores its own rows again.
    volume.save(entry("m-2", TEXTS[3]))
    volume.scan_entries()
    assert "m-2.json" in entry_index_file.load_rows(db_path)
