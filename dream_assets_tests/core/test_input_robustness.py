"""One bad input is reported, named and skipped, never a crash of the pass (docs/agent-volume.md).

Each case is an input a fuzzing pass found to crash a cycle: a timestamp that overflows when
moved to UTC, a far-future ``last_seen_at``, an integer beyond SQLite's INTEGER, JSON or YAML
nested deeper than the parser recurses, and a lone surrogate in an entry's text.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.clock import TimeRangeError, parse_time
from dream_assets.core.memory.decay import DecayRule, decayed_importance
from dream_assets.core.memory.merge import merged_standing
from dream_assets.core.models import MemoryEntry, Skill, VolumeFormatError, pair_input
from dream_assets.core.record_bounds import INT64_MAX
from dream_assets.core.store import entry_index_file as index_file
from dream_assets.core.store.entry_file import parse_entry
from dream_assets.core.store.entry_index import EntryIndex
from dream_assets.core.store.jsonl import CONVERSATION_LINE, TELEMETRY_LINE, read_jsonl
from dream_assets_tests.builders import NOW, entry, make_volume

OVERFLOWING_TIMES = ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"]
DEEP_JSON = "[" * 100_000 + "]" * 100_000


def _raw(entry_id: str = "e1", **changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": entry_id,
        "content": "The garden shed is painted blue.",
        "category": "places",
        "tags": [],
        "importance": 0.5,
        "reinforcement_count": 1,
        "created_at": "2026-08-01T00:00:00+00:00",
        "metadata": {},
    }
    record.update(changes)
    return record


def _write_entry(root: Path, text: str, entry_id: str = "e1") -> Path:
    path = root / "memory" / "entries" / f"{entry_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _scan_problem(volume_root: Path, name: str = "e1.json") -> tuple[list[str], str]:
    """The ids the volume scans as entries and the reason its one problem gives."""
    from dream_assets.core.store.volume import AgentVolume

    scan = AgentVolume(volume_root).scan_entries()
    problems = [p for p in scan.problems if p.path.name == name]
    assert len(problems) == 1, scan.problems
    return [e.id for e in scan.entries], problems[0].reason


# -- 1. parse_time: a UTC shift out of years 1-9999 --------------------------------------------
@pytest.mark.parametrize("text", OVERFLOWING_TIMES)
def test_parse_time_out_of_range_after_utc_shift_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="out of range") as caught:
        parse_time(text)
    assert isinstance(caught.value, TimeRangeError)


def test_parse_time_keeps_the_edges_that_fit() -> None:
    assert parse_time("0001-01-01T00:00:00+00:00") == datetime(1, 1, 1, tzinfo=UTC)
    assert parse_time("9999-12-31T23:59:59Z") == datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)


@pytest.mark.parametrize("text", OVERFLOWING_TIMES)
def test_entry_with_an_overflowing_time_is_malformed_and_named(text: str) -> None:
    with pytest.raises(VolumeFormatError, match=r"e1\.json: created_at: timestamp"):
        MemoryEntry.from_dict(_raw(created_at=text), "e1.json")


def test_volume_reports_an_entry_with_an_overflowing_time(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    _write_entry(volume.root, json.dumps(_raw(created_at=OVERFLOWING_TIMES[0])))
    ids, reason = _scan_problem(volume.root)
    assert ids == ["m-1"] and "out of range" in reason
    assert (volume.root / "memory" / "entries" / "e1.json").exists()


def test_telemetry_line_with_an_overflowing_ts_is_skipped(tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    good = {"ts": "2026-11-01T00:00:00+00:00", "session_id": "s"}
    bad = {"ts": OVERFLOWING_TIMES[0], "session_id": "s"}
    log.write_text(json.dumps(bad) + "\n" + json.dumps(good) + "\n", encoding="utf-8")
    read = read_jsonl(log, TELEMETRY_LINE)
    assert read.records == [good] and read.malformed == 1


def test_quiet_period_dates_an_overflowing_ts_by_receipt() -> None:
    from dream_assets.core.safety.quiet import last_turns

    records = [{"session_id": "s1", "role": "user", "content": "x", "ts": OVERFLOWING_TIMES[0]}]
    assert last_turns(records, NOW) == ({}, {"s1"})


@pytest.mark.parametrize("quoted", [True, False])
def test_skill_with_an_overflowing_time_is_a_skill_read_error(quoted: bool) -> None:
    value = f"'{OVERFLOWING_TIMES[0]}'" if quoted else OVERFLOWING_TIMES[0]
    text = f"---\nname: s\nlast_used_at: {value}\n---\nbody\n"
    with pytest.raises(VolumeFormatError, match=r"SKILL\.md: last_used_at: timestamp"):
        Skill.from_markdown(text, "skills/s/SKILL.md", "s")


def test_volume_reports_a_skill_with_an_overflowing_time(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    skill_dir = volume.root / "skills" / "s"
    skill_dir.mkdir(parents=True)
    (skill_dir / "SKILL.md").write_text(
        f"---\nname: s\nlast_used_at: '{OVERFLOWING_TIMES[0]}'\n---\nbody\n", encoding="utf-8"
    )
    scan = volume.scan_skills()
    assert scan.skills == [] and len(scan.problems) == 1
    assert "out of range" in scan.problems[0].reason


# -- 2. decay: a grace period that would end after 9999 ----------------------------------------
def test_far_future_last_seen_is_within_grace_and_does_not_decay() -> None:
    far = datetime(9999, 12, 31, tzinfo=UTC)
    fact = entry("m-1", importance=0.8).with_changes(last_seen_at=far)
    assert decayed_importance(fact, DecayRule(), NOW) == 0.8


def test_a_grace_too_long_for_a_timedelta_means_no_decay() -> None:
    fact = entry("m-1", importance=0.8, age_days=400)
    assert DecayRule(grace_days=1e12).grace is None
    assert decayed_importance(fact, DecayRule(grace_days=1e12), NOW) == 0.8
    # and an ordinary rule still decays it
    assert decayed_importance(fact, DecayRule(), NOW) < 0.8


def test_far_future_last_seen_entry_parses_and_decays_to_itself(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    _write_entry(volume.root, json.dumps(_raw(last_seen_at="9999-12-31T00:00:00+00:00")))
    scan = volume.scan_entries()
    assert [e.id for e in scan.entries] == ["e1"] and scan.problems == []
    assert decayed_importance(scan.entries[0], DecayRule(), NOW + timedelta(days=365)) == 0.5


# -- 3. integers beyond a signed 64-bit integer --------------------------------------------------
@pytest.mark.parametrize("count", [2**63, 2**64 + 5, 10**30])
def test_reinforcement_count_beyond_int64_is_malformed(count: int) -> None:
    with pytest.raises(VolumeFormatError, match=r"e1\.json: reinforcement_count .* out of range"):
        MemoryEntry.from_dict(_raw(reinforcement_count=count), "e1.json")


def test_reinforcement_count_at_int64_max_is_accepted_and_indexed(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    _write_entry(volume.root, json.dumps(_raw(reinforcement_count=2**63 - 1)))
    later = time.time_ns() + 3_600 * 1_000_000_000  # the file is outside the racy window
    index = EntryIndex(volume.root)
    assert [e.reinforcement_count for e in index.scan(now_ns=later).entries] == [2**63 - 1]
    # Stored in the index file, and built from it by a new process.
    rebuilt = EntryIndex(volume.root).scan(now_ns=later)
    assert rebuilt.read == 0 and rebuilt.entries[0].reinforcement_count == 2**63 - 1


def test_reinforcement_count_beyond_int64_is_unreadable_and_the_index_is_stored(
    tmp_path: Path,
) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    _write_entry(volume.root, json.dumps(_raw(reinforcement_count=2**63)))
    index = EntryIndex(volume.root)
    first = index.scan()
    assert [e.id for e in first.entries] == ["m-1"]
    assert [p.path.name for p in first.problems] == ["e1.json"]
    # The index file was stored: a new process reads neither file again (unless racy).
    rows = index_file.load_rows(volume.root / "dream-entry-index.sqlite")
    assert set(rows) == {"e1.json", "m-1.json"}
    assert rows["e1.json"].problem is not None and "out of range" in rows["e1.json"].problem


def test_index_store_survives_an_entry_whose_count_outgrew_int64(tmp_path: Path) -> None:
    """A count summed past the bound in memory (a merge) is not cached, not a failed store."""
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-2")])
    index = EntryIndex(volume.root)
    index.scan()
    assert index.rows is not None
    huge = index.rows["m-2.json"].entry
    assert huge is not None
    index.rows["m-2.json"].entry = huge.with_changes(reinforcement_count=2**63)
    index.rows["m-2.json"].body = "{}"
    index._dirty.update({"m-1.json", "m-2.json"})
    index._persist()
    rows = index_file.load_rows(index.db_path)
    assert rows["m-1.json"].problem is None and rows["m-1.json"].fields is not None
    assert rows["m-2.json"].racy and rows["m-2.json"].problem is not None


# -- 4. JSON nested deeper than the parser recurses ----------------------------------------------
def test_parse_entry_deeply_nested_is_a_volume_format_error(tmp_path: Path) -> None:
    text = json.dumps(_raw()).replace('"metadata": {}', f'"metadata": {{"n": {DEEP_JSON}}}')
    with pytest.raises(VolumeFormatError, match=r"e1\.json: not JSON: nested too deeply"):
        parse_entry(text, tmp_path / "e1.json")


def test_volume_reports_a_deeply_nested_entry(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    _write_entry(volume.root, '{"id": "e1", "metadata": ' + DEEP_JSON + "}")
    ids, reason = _scan_problem(volume.root)
    assert ids == ["m-1"] and "nested too deeply" in reason


def test_iter_jsonl_skips_a_deeply_nested_line(tmp_path: Path) -> None:
    log = tmp_path / "conversation-log.jsonl"
    good = {"session_id": "s", "role": "user", "content": "hello"}
    deep = '{"session_id":"s","role":"user","content":"x","m":' + DEEP_JSON + "}"
    log.write_text(deep + "\n" + json.dumps(good) + "\n", encoding="utf-8")
    read = read_jsonl(log, CONVERSATION_LINE)
    assert read.records == [good] and read.malformed == 1
    assert read.first_problem is not None and ":1: not JSON" in read.first_problem


def test_volume_conversation_read_skips_a_deeply_nested_line(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    good = {"session_id": "s", "role": "user", "content": "hello"}
    volume.conversation_log.write_text(
        "[" * 50_000 + "]" * 50_000 + "\n" + json.dumps(good) + "\n", encoding="utf-8"
    )
    read = volume.read_conversation()
    assert read.records == [good] and read.malformed == 1


# -- 5. YAML front matter nested deeper than PyYAML recurses -------------------------------------
def test_skill_with_deeply_nested_front_matter_is_a_skill_read_error() -> None:
    text = "---\nname: s\nx: " + "[" * 20_000 + "]" * 20_000 + "\n---\nbody\n"
    with pytest.raises(VolumeFormatError, match=r"SKILL\.md: front matter is not YAML: nested"):
        Skill.from_markdown(text, "skills/s/SKILL.md", "s")


def test_skill_front_matter_value_yaml_cannot_build_is_a_skill_read_error() -> None:
    with pytest.raises(VolumeFormatError, match=r"SKILL\.md: front matter is not YAML"):
        Skill.from_markdown("---\nname: s\nx: 0000-01-01\n---\nbody\n", "skills/s/SKILL.md", "s")


def test_volume_reports_a_deeply_nested_skill(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    for name, front in [("deep", "x: " + "[" * 20_000 + "]" * 20_000), ("ok", "summary: fine")]:
        (volume.root / "skills" / name).mkdir(parents=True)
        (volume.root / "skills" / name / "SKILL.md").write_text(
            f"---\nname: {name}\n{front}\n---\nbody\n", encoding="utf-8"
        )
    scan = volume.scan_skills()
    assert [s.name for s in scan.skills] == ["ok"]
    assert [p.path.parent.name for p in scan.problems] == ["deep"]


# -- 6. a lone surrogate in an entry's text ------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("content", "lone \ud800 surrogate"),
        ("category", "\udfff"),
        ("tags", ["ok", "bad \ud83d"]),
        ("metadata", {"k": "\ud800"}),
        ("metadata", {"\ud800": "v"}),
        ("metadata", {"k": [{"deeper": ["\udc00"]}]}),
        ("archive_reason", "\ud800"),
    ],
)
def test_entry_with_a_lone_surrogate_is_malformed(field: str, value: object) -> None:
    text = json.dumps(_raw(**{field: value}))  # ensure_ascii: the "\ud800" escape, as on disk
    with pytest.raises(VolumeFormatError, match=rf"e1\.json: {field} holds text"):
        parse_entry(text, Path("memory/entries/e1.json"))


def test_paired_surrogates_are_still_accepted() -> None:
    text = json.dumps(_raw(content="emoji \U0001f600 ok", source="emoji \U0001f600 kept"))
    parsed = parse_entry(text, Path("e1.json"))
    assert parsed.content == "emoji \U0001f600 ok"
    assert parsed.extra == {"source": "emoji \U0001f600 kept"}
    assert len(pair_input(parsed)) == 40


def test_a_lone_surrogate_in_a_key_outside_the_fields_is_malformed() -> None:
    # The entry's other keys are kept and written back (MemoryEntry.extra): held to the bound.
    text = json.dumps(_raw(source="\ud800 kept"))
    with pytest.raises(VolumeFormatError, match=r"e1\.json: a key outside .* lone surrogate"):
        parse_entry(text, Path("memory/entries/e1.json"))


def test_volume_reports_an_entry_with_a_lone_surrogate(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    _write_entry(volume.root, json.dumps(_raw(content="lone \ud800 surrogate")))
    ids, reason = _scan_problem(volume.root)
    assert ids == ["m-1"] and "lone surrogate" in reason
    # Every live entry the scan hands out can be hashed (pair_input crashed on it before).
    scan = volume.scan_entries()
    assert all(len(pair_input(e)) == 40 for e in scan.live)


# -- 4b. nesting a parser accepts but a later step could not walk again ---------------------------
def _nested(levels: int) -> Any:
    """A list nested ``levels`` deep (1: ``[]``)."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


def test_entry_metadata_nested_past_the_bound_is_malformed() -> None:
    assert parse_entry(json.dumps(_raw(metadata={"n": _nested(99)})), Path("e1.json"))
    with pytest.raises(VolumeFormatError, match=r"e1\.json: metadata is nested more than 100"):
        parse_entry(json.dumps(_raw(metadata={"n": _nested(100)})), Path("e1.json"))


def test_volume_reports_an_entry_nested_below_the_parser_limit(tmp_path: Path) -> None:
    """900 levels parse (``json.loads``), but a later encode deeper in the stack may not."""
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    _write_entry(volume.root, json.dumps(_raw(metadata={"n": _nested(900)})))
    ids, reason = _scan_problem(volume.root)
    assert ids == ["m-1"] and "nested more than 100 levels" in reason


def test_jsonl_line_nested_past_the_bound_is_skipped(tmp_path: Path) -> None:
    log = tmp_path / "conversation-log.jsonl"
    ok = {"session_id": "s", "role": "user", "content": "x", "m": _nested(99)}
    deep = {"session_id": "s", "role": "user", "content": "y", "m": _nested(900)}
    log.write_text(json.dumps(deep) + "\n" + json.dumps(ok) + "\n", encoding="utf-8")
    read = read_jsonl(log, CONVERSATION_LINE)
    assert read.records == [ok] and read.malformed == 1
    assert read.first_problem is not None and "nested more than 100 levels" in read.first_problem


def test_a_merge_of_counts_near_the_bound_holds_the_bound() -> None:
    # The sum of two sources' counts could pass what an entry file may hold: clamped, the merged
    # entry stays readable (2**63 - 1 is accepted, 2**63 is not).
    big = [
        replace(entry("m-1", "Ana likes tea."), reinforcement_count=INT64_MAX),
        replace(entry("m-2", "Ana likes tea!"), reinforcement_count=5),
    ]
    standing = merged_standing(big)
    assert standing["reinforcement_count"] == INT64_MAX
    merged = replace(big[0], reinforcement_count=standing["reinforcement_count"])
    assert MemoryEntry.from_dict(merged.to_dict(), "merged").reinforcement_count == INT64_MAX
