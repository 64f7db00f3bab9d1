"""How a new process builds its entries from the entry index's rows (issue 27, round 13): the
trusted constructor gives the entry the dataclass gives, a row with a column of the wrong type is
not built into an entry, and the entries built in one go are settled out of the garbage
collector's walks only in a process that asked for it (``core/collection.py``)."""

from __future__ import annotations

import dataclasses
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dream_assets.core.models import MemoryEntry, entry_of_values, pair_input, review_fingerprint
from dream_assets.core.store.entry_index import INDEX_FILE, EntryIndex
from dream_assets_tests.builders import entry, make_volume

HOUR_NS = 3_600 * 1_000_000_000


def _values(item: MemoryEntry) -> tuple[object, ...]:
    return tuple(getattr(item, f.name) for f in dataclasses.fields(MemoryEntry) if f.init)


@pytest.mark.parametrize(
    "item",
    [
        entry("m-1", "Ana lives in Porto.", tags=("home", "people"), metadata={"k": "v"}),
        entry("m-2", "Archived fact.", archived_days=2.0, reason="merged", importance=0.0),
    ],
)
def test_an_entry_of_values_is_the_entry_the_constructor_builds(item: MemoryEntry) -> None:
    values = _values(item)
    built = entry_of_values(values)
    made = MemoryEntry(*values)
    assert built == made and repr(built) == repr(made)
    assert _values(built) == values
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.content = "changed"  # type: ignore[misc]
    assert built.with_changes(importance=0.25) == made.with_changes(importance=0.25)
    assert dataclasses.replace(built, content="x") == dataclasses.replace(made, content="x")
    # The fingerprint it is given is the one review_fingerprint answers; without, computed.
    assert review_fingerprint(entry_of_values(values, "f" * 32)) == "f" * 32
    assert review_fingerprint(built) == review_fingerprint(made)
    with pytest.raises(ValueError):
        entry_of_values(values[:-1])
    assert pair_input(entry_of_values(values, None, "a" * 40)) == "a" * 40
    assert pair_input(built) == pair_input(made)


def test_a_new_process_takes_each_entrys_pair_input_from_the_index(tmp_path: Path) -> None:
    """The row stores ``pair_input`` beside the columns it was computed from; an entry built from
    the row comes with it (an idle duplicate scan hashes no text), and a stored value that is not
    a pair input is computed again."""
    items = [
        entry(f"m-{i}", f"Fact number {i}.", metadata={"audience": "public"}) for i in range(4)
    ]
    volume = make_volume(tmp_path / "agent", items)
    volume.scan_entries()
    volume.entry_index.flush()
    db_path = volume.root / INDEX_FILE
    with sqlite3.connect(db_path) as con:
        stored = dict(con.execute("SELECT id, pair_input FROM entries").fetchall())
        con.execute("UPDATE entries SET pair_input = 'short' WHERE id = 'm-3'")
    assert stored == {e.id: pair_input(MemoryEntry(*_values(e))) for e in items}
    fresh = EntryIndex(volume.root).scan().entries
    by_id = {e.id: e for e in fresh}
    for e in items[:3]:
        assert by_id[e.id]._pair_input == stored[e.id]
    assert by_id["m-3"]._pair_input is None
    assert pair_input(by_id["m-3"]) == stored["m-3"]


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("content", b"\x00bytes"),
        ("id", b"m-1"),
        ("reinforcement_count", "three"),
        ("archive_reason", b"\x01"),
        ("metadata", "[1, 2]"),
        ("created_at", "2026-01-02T10:00:00"),  # naive
    ],
)
def test_an_index_row_with_a_column_of_the_wrong_type_is_read_from_the_file_again(
    tmp_path: Path, column: str, value: object
) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1", "Ana lives in Porto.")])
    later = time.time_ns() + HOUR_NS
    assert EntryIndex(volume.root).scan(now_ns=later).read == 1
    con = sqlite3.connect(volume.root / INDEX_FILE)
    with con:
        con.execute(f"UPDATE entries SET {column} = ?", (value,))
    con.close()
    index = EntryIndex(volume.root)
    first = index.scan(now_ns=later)
    # The damaged row is not built into an entry (it is reported for this scan) ...
    assert first.entries == [] and [p.path.name for p in first.problems] == ["m-1.json"]
    # ... and the file is read again by the next one, which gives the entry the file holds.
    again = index.scan(now_ns=later)
    assert again.read == 1 and [e.content for e in again.entries] == ["Ana lives in Porto."]


_CHILD = textwrap.dedent(
    """
    import gc, json, sys, time, weakref
    from pathlib import Path
    from dream_assets.core import collection
    from dream_assets.core.store.entry_index import EntryIndex
    root, ask = Path(sys.argv[1]), sys.argv[2] == "ask"
    collection.SETTLE_FROM = 5
    if ask:
        collection.collect_less()
    before = gc.get_freeze_count()
    index = EntryIndex(root)
    scan = index.scan(now_ns=time.time_ns() + 3_600 * 10**9)
    frozen = gc.get_freeze_count() - before
    watched = weakref.ref(scan.entries[0])
    threshold = gc.get_threshold()[0]
    del scan, index
    print(json.dumps({"frozen": frozen, "threshold": threshold, "freed": watched() is None}))
    """
)


def _child(root: Path, mode: str) -> dict[str, object]:
    import json

    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(root), mode],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_entries_built_in_one_go_are_settled_only_where_the_process_asked(
    tmp_path: Path,
) -> None:
    volume = make_volume(tmp_path / "a", [entry(f"m-{i}", f"Fact number {i}.") for i in range(8)])
    asked = _child(volume.root, "ask")
    # The eight entries (and what they hold) moved to the permanent generation, the young
    # threshold raised; and a settled entry the run drops is still freed.
    assert asked["frozen"] >= 8 and asked["threshold"] == 50_000 and asked["freed"] is True
    host = _child(volume.root, "host")
    # A process that did not ask (a library host: the code server, the tests) keeps its own.
    assert host["frozen"] == 0 and host["threshold"] != 50_000 and host["freed"] is True
