"""The agent volume: validated reads, atomic writes, path safety, archive/restore/get."""

from __future__ import annotations

import json
import os
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dream_assets.core.models import MemoryEntry, Skill, _entry_json, review_fingerprint
from dream_assets.core.store.atomic import append_line
from dream_assets.core.store.volume import AgentVolume, PathEscapeError, discover_agents
from dream_assets_tests.builders import MEMORY_ENTRY_KEYS, NOW, entry, make_volume


def test_entry_round_trips_through_its_file(tmp_path: Path) -> None:
    original = entry("m-1", "Caroline moved to Berlin in 2021.", metadata={"subject_start": "2021"})
    volume = make_volume(tmp_path / "a", [original])
    assert volume.get("m-1") == original
    on_disk = json.loads((volume.entries_dir / "m-1.json").read_text())
    assert on_disk["content"] == "Caroline moved to Berlin in 2021."
    assert on_disk["archived_at"] is None


def test_corrupt_entry_is_reported_and_left_in_place(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    bad = volume.entries_dir / "m-2.json"
    bad.write_text("{not json")
    scan = volume.scan_entries()
    assert [e.id for e in scan.entries] == ["m-1"]
    assert [p.path for p in scan.problems] == [bad]
    assert bad.read_text() == "{not json"


def test_entry_failing_schema_names_the_file(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    path = volume.entries_dir / "m-9.json"
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps({"id": "m-9", "content": "x", "importance": 3, "created_at": "2026-01-01"})
    )
    scan = volume.scan_entries()
    assert scan.entries == []
    assert "m-9.json" in scan.problems[0].reason and "importance" in scan.problems[0].reason


def test_entry_whose_id_differs_from_its_file_name_is_refused(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1")])
    (volume.entries_dir / "m-1.json").rename(volume.entries_dir / "m-2.json")
    scan = volume.scan_entries()
    assert scan.entries == [] and "does not match" in scan.problems[0].reason


@pytest.mark.parametrize("bad_id", ["../escape", "/etc/passwd", "..", "a/b", "", "x" * 129])
def test_entry_ids_that_would_escape_are_refused(tmp_path: Path, bad_id: str) -> None:
    volume = make_volume(tmp_path / "a")
    with pytest.raises(PathEscapeError):
        volume.entry_path(bad_id)


@pytest.mark.parametrize("bad_name", ["../x", "/abs", "a/../../b", "a//b", "a/./b", ""])
def test_skill_names_that_would_escape_are_refused(tmp_path: Path, bad_name: str) -> None:
    volume = make_volume(tmp_path / "a")
    with pytest.raises(PathEscapeError):
        volume.skill_path(bad_name)


def test_symlink_pointing_outside_the_volume_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "m-1.json").write_text(entry("m-1").to_json())
    volume = make_volume(tmp_path / "a")
    volume.entries_dir.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside, volume.entries_dir)
    with pytest.raises(PathEscapeError):
        volume.entry_path("m-1")
    scan = volume.scan_entries()
    assert scan.entries == [] and "outside the agent volume" in scan.problems[0].reason


def test_archive_hides_restore_returns_get_reads_both(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a", [entry("m-1"), entry("m-2")])
    volume.archive("m-1", reason="ephemeral", now=NOW)
    scan = volume.scan_entries()
    assert [e.id for e in scan.live] == ["m-2"]
    archived = volume.get("m-1")
    assert archived is not None and archived.archived_at == NOW
    assert archived.archive_reason == "ephemeral"
    volume.restore("m-1", now=NOW)
    assert [e.id for e in volume.scan_entries().live] == ["m-1", "m-2"]


def test_skill_with_slash_name_round_trips_and_archives(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    skill = Skill(
        name="mcp/email",
        summary="Send mail",
        content="# Email\nSteps.\n",
        see_also=("mcp/calendar",),
    )
    volume.save_skill(skill)
    assert (volume.skills_dir / "mcp" / "email" / "SKILL.md").exists()
    (loaded,) = volume.scan_skills().skills
    assert loaded.name == "mcp/email" and loaded.see_also == ("mcp/calendar",)
    assert loaded.content == "# Email\nSteps.\n"
    volume.archive_skill("mcp/email")
    assert volume.scan_skills().skills == []
    assert [s.name for s in volume.scan_archived_skills().skills] == ["mcp/email"]
    volume.restore_skill("mcp/email")
    assert [s.name for s in volume.scan_skills().skills] == ["mcp/email"]


def test_review_fingerprint_ignores_decay_but_not_reinforcement() -> None:
    base = entry("m-1", "Tea at 5.")
    decayed = base.with_changes(importance=0.1, updated_at=NOW)
    reinforced = base.with_changes(reinforcement_count=2, last_seen_at=NOW)
    edited = base.with_changes(content="Tea at 6.")
    assert review_fingerprint(decayed) == review_fingerprint(base)
    assert review_fingerprint(reinforced) != review_fingerprint(base)
    assert review_fingerprint(edited) != review_fingerprint(base)


@pytest.mark.parametrize(
    "changes",
    [
        {"importance": 0.2, "updated_at": NOW},
        {"archived_at": NOW, "archive_reason": "merged"},
        {"metadata": {"consolidation_reviewed_hash": "x"}},
        {"metadata": {"subject_start": "2020"}},
        {"tags": ("other",)},
        {"content": "Tea at 6."},
        {"reinforcement_count": 9, "last_seen_at": NOW},
    ],
)
def test_a_changed_entry_keeps_its_known_fingerprint_only_when_it_would_hash_the_same(
    changes: dict[str, object],
) -> None:
    base = entry("m-1", "Tea at 5.", metadata={"subject_start": "2021"})
    review_fingerprint(base)  # known on the entry, as the index's entries come
    changed = base.with_changes(**changes)
    fresh = MemoryEntry(**{f.name: getattr(changed, f.name) for f in fields(MemoryEntry) if f.init})
    assert review_fingerprint(changed) == review_fingerprint(fresh)


def test_clear_conversation_keeps_lines_appended_after_the_read(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    append_line(
        volume.conversation_log, json.dumps({"session_id": "s", "role": "user", "content": "hi"})
    )
    seen = volume.conversation_log.stat().st_size
    append_line(
        volume.conversation_log, json.dumps({"session_id": "s", "role": "user", "content": "late"})
    )
    volume.clear_conversation(upto_bytes=seen)
    records = volume.read_conversation().records
    assert [r["content"] for r in records] == ["late"]


def test_conversation_lines_failing_schema_are_counted(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "a",
        **{
            "conversation-log.jsonl": (
                '{"session_id":"s","role":"user","content":"a"}\n{"role":"user"}\n{oops\n'
            )
        },
    )
    read = volume.read_conversation()
    assert len(read.records) == 1 and read.malformed == 2


def test_agents_are_the_subdirectories_of_the_root(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "a").mkdir()
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "file.txt").write_text("x")
    assert discover_agents(tmp_path) == ["a", "b"]
    assert discover_agents(tmp_path / "missing") == []


def test_memory_entry_json_matches_the_documented_schema() -> None:
    raw = entry("m-1").to_dict()
    assert set(raw) == MEMORY_ENTRY_KEYS
    assert MemoryEntry.from_dict(raw) == entry("m-1")


def test_volume_name_is_the_directory_name(tmp_path: Path) -> None:
    assert AgentVolume(tmp_path / "agent-7").name == "agent-7"


def test_atomic_rewrite_keeps_the_files_mode(tmp_path: Path) -> None:
    from dream_assets.core.store.atomic import atomic_write_text

    fresh = tmp_path / "fresh.json"
    atomic_write_text(fresh, "{}")
    assert fresh.stat().st_mode & 0o777 == 0o644
    shared = tmp_path / "shared.json"
    shared.write_text("{}")
    shared.chmod(0o664)
    atomic_write_text(shared, '{"a": 1}')
    assert shared.stat().st_mode & 0o777 == 0o664 and shared.read_text() == '{"a": 1}'


def test_a_batch_write_keeps_each_files_mode_from_its_one_lstat(tmp_path: Path) -> None:
    # Issue 27, round 23: ``save_many`` takes each file's mode from the lstat that checks it is no
    # symlink; a symlink inside the volume is asked through its target, a new entry gets 0644, and
    # a file symlinked out of the volume is refused before anything is written.
    volume = make_volume(tmp_path / "a", [entry(f"m-{n}") for n in range(3)])
    volume.entry_path("m-0").chmod(0o600)
    volume.entry_path("m-1").chmod(0o664)
    target = tmp_path / "a" / "kept" / "m-2.json"
    target.parent.mkdir()
    volume.entry_path("m-2").rename(target)
    target.chmod(0o640)
    os.symlink(target, volume.entries_dir / "m-2.json")
    written = [entry(f"m-{n}", f"Fact {n}, again.") for n in range(4)]
    assert volume.save_many(written) == {}
    modes = {p.name: p.stat().st_mode & 0o777 for p in volume.entries_dir.iterdir()}
    assert modes == {"m-0.json": 0o600, "m-1.json": 0o664, "m-2.json": 0o640, "m-3.json": 0o644}
    assert [volume.get(f"m-{n}").content for n in range(4)] == [e.content for e in written]
    outside = tmp_path / "outside.json"
    outside.write_text(entry("m-9").to_json())
    os.symlink(outside, volume.entries_dir / "m-9.json")
    with pytest.raises(PathEscapeError):
        volume.save_many([entry("m-9", "Overwritten.")])
    assert json.loads(outside.read_text())["content"] == "A fact."


def test_archiving_a_skill_twice_keeps_both_versions(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "a")
    volume.save_skill(Skill(name="notes", summary="v1", content="version one\n"))
    volume.archive_skill("notes")
    volume.save_skill(Skill(name="notes", summary="v2", content="version two\n"))
    volume.archive_skill("notes")
    folder = volume.skills_archive_dir / "notes"
    assert "version two" in (folder / "SKILL.md").read_text()
    assert "version one" in (folder / "SKILL.1.md").read_text()


_TEXT = st.text(st.characters(codec="utf-8"), max_size=20)
_VALUE = st.one_of(_TEXT, st.integers(), st.floats(allow_nan=False), st.none(), st.booleans())


@settings(max_examples=300, deadline=None)
@given(
    content=_TEXT,
    category=_TEXT,
    tags=st.lists(_TEXT, max_size=4),
    importance=st.one_of(st.floats(0, 1), st.integers(0, 1)),
    metadata=st.one_of(
        st.dictionaries(_TEXT, _TEXT, max_size=4), st.dictionaries(_TEXT, _VALUE, max_size=4)
    ),
    archived=st.booleans(),
)
def test_an_entry_file_is_byte_for_byte_what_json_dumps_writes(
    content: str,
    category: str,
    tags: list[str],
    importance: float,
    metadata: dict[str, object],
    archived: bool,
) -> None:
    """The entry file's own layout (a first cycle writes most of a corpus) against json.dumps
    with the documented settings, for any text, tags and metadata values."""
    record = entry(
        "m-1",
        content,
        category=category,
        tags=tuple(tags),
        importance=importance,
        metadata=metadata,  # type: ignore[arg-type]
        archived_days=1.0 if archived else None,
    )
    expected = json.dumps(record.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert record.to_json() == expected


@pytest.mark.parametrize(
    "change",
    [
        {"category": None},
        {"importance": float("nan")},
        {"tags": ["a", 1]},
        {"metadata": {"k": ["v"]}},
        {"extra": "a key the layout does not know"},
    ],
    ids=["null-category", "nan", "int-tag", "list-metadata", "extra-key"],
)
def test_an_entry_record_of_another_shape_is_written_as_json_dumps_writes_it(
    change: dict[str, object],
) -> None:
    record = {**entry("m-1", "Caroline lives in Berlin.").to_dict(), **change}
    expected = json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert _entry_json(record) == expected
