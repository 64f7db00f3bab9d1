"""An entry file's keys outside the documented fields (an agent's own: ``source``, ``embedding``)
are the agent's data: every pass that rewrites the entry keeps them as they were, whether the
entry was parsed from its file in this process or built from the entry index in a later one
(docs/agent-volume.md, "Memory entries")."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.core.models import MemoryEntry, VolumeFormatError
from dream_assets.core.store import entry_index_file as index_file
from dream_assets.core.store.entry_index import EntryIndex
from dream_assets_tests.builders import MEMORY_ENTRY_KEYS, entry, make_volume
from dream_assets_tests.cycles import cycle

EXTRA = {"source": "chat-42", "embedding": [0.25, -1.5, 3], "schema": {"v": 2, "ok": True}}


def _with_extra(item: MemoryEntry, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    record = item.to_dict()
    record.update(EXTRA if extra is None else extra)
    return record


def test_extra_keys_round_trip_through_parse_and_write() -> None:
    record = _with_extra(entry("e1", "Ana keeps bees in Lisbon."))
    parsed = MemoryEntry.from_dict(record, "e1.json")
    assert parsed.extra == EXTRA
    assert json.loads(parsed.to_json()) == record
    # The bytes are json.dumps's sorted, indented form, as for any entry.
    laid_out = json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert parsed.to_json() == laid_out


def test_an_entry_without_extra_keys_is_written_as_before() -> None:
    item = entry("e1", "Ana keeps bees in Lisbon.")
    assert item.extra == {}
    assert set(json.loads(item.to_json())) == MEMORY_ENTRY_KEYS


def test_a_bookkeeping_change_keeps_the_extra_keys() -> None:
    parsed = MemoryEntry.from_dict(_with_extra(entry("e1")), "e1.json")
    assert parsed.with_changes(importance=0.1).extra == EXTRA


def test_extra_keys_are_held_to_the_record_bounds() -> None:
    deep: Any = "x"
    for _ in range(150):
        deep = [deep]
    outside = r"e1\.json: a key outside the entry's fields is nested"
    with pytest.raises(VolumeFormatError, match=outside):
        MemoryEntry.from_dict(_with_extra(entry("e1"), {"deep": deep}), "e1.json")


def test_the_entry_index_keeps_the_extra_keys(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "agent")
    path = volume.root / "memory" / "entries" / "e1.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_with_extra(entry("e1", "Ana keeps bees."))), encoding="utf-8")
    later = time.time_ns() + 10**12  # the file is not racy: its row is trusted next time
    first = EntryIndex(volume.root)
    assert [e.extra for e in first.scan(now_ns=later).entries] == [EXTRA]
    # A new process builds the entry from the index file's columns, not the entry file.
    rows = index_file.load_rows(first.db_path)
    assert rows["e1.json"].fields is not None and not rows["e1.json"].racy
    again = EntryIndex(volume.root)
    scan = again.scan(now_ns=later)
    assert scan.read == 0
    assert [e.extra for e in scan.entries] == [EXTRA]


def _decaying_entry_file(agents: Path) -> Path:
    volume = make_volume(agents / "ana")
    old = entry("e1", "Ana keeps bees in Lisbon.", importance=0.6, age_days=200)
    path = volume.root / "memory" / "entries" / "e1.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_with_extra(old)), encoding="utf-8")
    return path


def test_a_cycle_that_rewrites_an_entry_keeps_its_extra_keys(agents_root: Path) -> None:
    path = _decaying_entry_file(agents_root)
    before = json.loads(path.read_text(encoding="utf-8"))
    with dg.instance_for_test() as instance:
        assert cycle(agents_root, "ana", instance).success
    after = json.loads(path.read_text(encoding="utf-8"))
    assert after["importance"] < before["importance"]  # the cycle did rewrite it
    assert {key: after.get(key) for key in EXTRA} == EXTRA


def test_a_second_cycle_from_the_index_keeps_the_extra_keys(agents_root: Path) -> None:
    path = _decaying_entry_file(agents_root)
    with dg.instance_for_test() as instance:
        assert cycle(agents_root, "ana", instance).success
        # Importance is due to decay again: the second cycle rewrites the entry built from the
        # index (its file unchanged since the first cycle stored it).
        record = json.loads(path.read_text(encoding="utf-8"))
        assert cycle(agents_root, "ana", instance).success
    after = json.loads(path.read_text(encoding="utf-8"))
    assert {key: after.get(key) for key in EXTRA} == EXTRA
    assert set(after) == set(record)
