"""One write per entry per cycle (issue 27): the decay and the review stamp of an entry land in
one rewrite, an entry nothing changes is not rewritten, and a crash between the decay's decision
and the write that carries it loses nothing."""

from __future__ import annotations

import collections
import os
from datetime import timedelta
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.memory.decay import decayed_importance
from dream_assets.core.memory.merge import REVIEWED_HASH
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.assets import housekeeping, memory
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.passes.importance_decay import decay_rule, run_importance_decay
from dream_assets_tests.builders import NOW, entry, make_volume

TEXTS = [
    "Caroline moved to Berlin in 2021 with her dog Rocky.",
    "The billing API deploys to EU-West every Tuesday at 14:30.",
    "Jon flew to Lisbon on May 4 for PyCon 2024.",
    "Priya prefers Zoom calls before 10:00 on weekdays.",
    "The NAS backup runs nightly at 02:00 to Backblaze B2.",
    "Marcus uses a Dvorak keyboard at home.",
]


def _corpus(root: Path) -> dict[str, MemoryEntry]:
    """Unreviewed entries, most past the decay grace, one recent (nothing to decay)."""
    items = [
        entry(f"m-{n}", text, importance=0.9, age_days=120 + 10 * n)
        for n, text in enumerate(TEXTS[:-1])
    ]
    items.append(entry("m-new", TEXTS[-1], importance=0.9, age_days=1))
    make_volume(root, items)
    return {e.id: e for e in items}


def _replacements(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """Every entry file replaced (``os.replace`` onto ``memory/entries/``), counted by name."""
    real = os.replace
    counts: collections.Counter[str] = collections.Counter()

    def counting(src: str | Path, dst: str | Path) -> None:
        if Path(dst).parent.name == "entries":
            counts[Path(dst).name] += 1
        real(src, dst)

    monkeypatch.setattr(os, "replace", counting)
    return counts


def _cycle(agents_root: Path) -> None:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = dg.materialize(
            [*housekeeping.ASSETS, *memory.ASSETS],
            instance=instance,
            partition_key="ada",
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=NOW.isoformat()),
                "llm": LLMResource(),
            },
        )
    assert result.success


def test_a_first_cycle_writes_each_entry_once_with_its_decay_and_review_stamp(
    agents_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = _corpus(agents_root / "ada")
    counts = _replacements(monkeypatch)
    _cycle(agents_root)

    rule = decay_rule(DreamOptions())
    volume = AgentVolume(agents_root / "ada")
    after = {e.id: e for e in volume.scan_entries().entries}
    assert set(after) == set(original)
    for entry_id, before in original.items():
        now = after[entry_id]
        assert now.metadata[REVIEWED_HASH] == review_fingerprint(now), entry_id
        assert now.importance == pytest.approx(decayed_importance(before, rule, NOW)), entry_id
    assert after["m-0"].importance < 0.9 and after["m-new"].importance == 0.9
    assert counts == {f"{entry_id}.json": 1 for entry_id in original}, "one rewrite per entry"


def test_an_idle_cycle_rewrites_nothing(agents_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _corpus(agents_root / "ada")
    _cycle(agents_root)
    counts = _replacements(monkeypatch)
    _cycle(agents_root)
    assert counts == {}


def test_a_decay_left_to_a_write_that_never_came_is_written_in_full_by_the_next(
    tmp_path: Path,
) -> None:
    """The crash between the decision and the write: the next cycle's decay lands where writing
    every cycle would have (decay is keyed on the entry's own last write)."""
    # No write quantum: the steady volume is written every cycle, the exact curve.
    options = DreamOptions(importance_decay_write_quantum=0.0)
    _corpus(tmp_path / "crashed")
    _corpus(tmp_path / "steady")
    crashed, steady = AgentVolume(tmp_path / "crashed"), AgentVolume(tmp_path / "steady")
    before = {p.name: p.read_bytes() for p in crashed.entries_dir.iterdir()}

    left = run_importance_decay(crashed, options, NOW, written_by="memory_consolidation")
    assert left.counts["decayed"] == len(TEXTS) - 1
    # ... and the process dies before consolidation writes: nothing on disk moved.
    assert {p.name: p.read_bytes() for p in crashed.entries_dir.iterdir()} == before

    run_importance_decay(steady, options, NOW)
    later = NOW + timedelta(days=3)
    run_importance_decay(crashed, options, later)
    run_importance_decay(steady, options, later)
    got = {e.id: e.importance for e in crashed.scan_entries().entries}
    want = {e.id: e.importance for e in steady.scan_entries().entries}
    assert got == pytest.approx(want)
    assert got["m-0"] < 0.9
