"""Pass 1 — memory consolidation, against a real scripted OpenAI-compatible server on loopback.

Seed 000, "Pass 1 — Memory consolidation"; issue 3, "Must show". Every test asserts on the files
on disk afterwards (live or archived, archive_reason, metadata): in every case nothing outside
the rules is archived.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dream_assets.checks.consolidation import (
    ephemeral_floor_violations,
    merge_coverage_violations,
    provenance_violations,
)
from dream_assets.core.clock import format_time
from dream_assets.core.memory.merge import (
    ARCHIVED_BY_RUN,
    MERGE_PENDING,
    MERGED_AT,
    MERGED_BY_RUN,
    MERGED_FROM,
    REJECTED_AT,
    REJECTED_CLUSTER,
    REVIEWED_HASH,
    rejected_cluster_id,
)
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.store.entry_index import INDEX_FILE
from dream_assets.core.store.entry_lock import LOCK_DIR
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets.prompts.memory import REPAIR_SYSTEM
from dream_assets_tests.builders import NOW, archived_by, entry, find_clusters, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM

RUN = "run-1"
OPTIONS = DreamOptions()


# -- helpers ------------------------------------------------------------------------------------


def _model(server: ScriptedLLM, timeout_s: float = 2.0) -> ChatModel:
    return ChatModel(
        LLMSettings(base_url=server.base_url, model="scripted", api_key="x", timeout_s=timeout_s)
    )


def _save(
    content: str,
    sources: Sequence[str] = (),
    category: str = "people/caroline",
    tags: Sequence[str] = (),
) -> dict[str, Any]:
    return {
        "content": content,
        "category": category,
        "tags": list(tags),
        "sourceIds": list(sources),
    }


def _reply(to_delete: Sequence[str] = (), to_save: Sequence[dict[str, Any]] = ()) -> str:
    return json.dumps({"toDelete": list(to_delete), "toSave": list(to_save)})


def _run(
    volume: AgentVolume,
    model: ChatModel | None,
    clusters: Sequence[Cluster] | None = (),
    *,
    options: DreamOptions = OPTIONS,
    now: datetime = NOW,
    feedback: Sequence[dict[str, Any]] = (),
) -> PassReport:
    return run_memory_consolidation(
        PassCall(volume, options, now, model=model, run_id=RUN),
        clusters=None if clusters is None else list(clusters),
        feedback=feedback,
    )


def _entries(volume: AgentVolume) -> dict[str, MemoryEntry]:
    scan = volume.scan_entries()
    assert not scan.problems
    return {e.id: e for e in scan.entries}


def _live(volume: AgentVolume) -> set[str]:
    return {i for i, e in _entries(volume).items() if not e.archived}


def _archived(volume: AgentVolume) -> dict[str, str | None]:
    return {i: e.archive_reason for i, e in _entries(volume).items() if e.archived}


def _files(volume: AgentVolume) -> dict[str, str]:
    """Hash of every file on the volume, so "nothing changed" is checked byte for byte."""
    return {
        str(path.relative_to(volume.root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(volume.root.rglob("*"))
        if path.is_file()
        and path.name != INDEX_FILE  # the entry index is a cache
        and path.parent.name != LOCK_DIR  # the empty entry-lock stripes, made on first need
    }


def _reviewed(item: MemoryEntry) -> MemoryEntry:
    """The entry as a previous cycle left it: reviewed and unchanged since."""
    return item.with_changes(metadata={**item.metadata, REVIEWED_HASH: review_fingerprint(item)})


def _with_metadata(item: MemoryEntry, metadata: dict[str, Any]) -> MemoryEntry:
    """Metadata the builders' string-only signature cannot express (merged_from is a list)."""
    return item.with_changes(metadata={**item.metadata, **metadata})


def _prompt_ids(prompt: str) -> list[str]:
    return re.findall(r"^\[([A-Za-z0-9._-]+)\]", prompt, flags=re.MULTILINE)


def _is_repair(body: dict[str, Any]) -> bool:
    return body["messages"][0]["content"] == REPAIR_SYSTEM


def _repair_by_appending(body: dict[str, Any]) -> str:
    """A model that does what the repair prompt asks: put the dropped strings back."""
    lines = body["messages"][1]["content"].splitlines()
    merged = lines[lines.index("## Merged text") + 1]
    missing = json.loads(
        lines[lines.index("## Strings you dropped — put every one of them back") + 1]
    )
    return json.dumps({"content": f"{merged} ({', '.join(missing)})"})


def _assert_disk_checks_pass(volume: AgentVolume, now: datetime = NOW) -> None:
    assert merge_coverage_violations(volume, RUN)[0] == []
    assert ephemeral_floor_violations(volume, OPTIONS, RUN)[0] == []
    assert provenance_violations(volume, OPTIONS, now)[0] == []


def _caroline_volume(tmp_path: Path, *extra: MemoryEntry) -> AgentVolume:
    return make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Caroline met Tomasz in Berlin."),
            entry("m-2", "Caroline met Tomasz in Berlin in 2021."),
            *extra,
        ],
    )


CAROLINE = [Cluster("c-1", ("m-1", "m-2"), 0.95)]


def _reviewed_caroline() -> list[MemoryEntry]:
    """The CAROLINE cluster's two entries as a previous cycle left them: reviewed, unchanged."""
    return [
        _reviewed(entry("m-1", "Caroline met Tomasz in Berlin.")),
        _reviewed(entry("m-2", "Caroline met Tomasz in Berlin in 2021.")),
    ]


class RecordingVolume(AgentVolume):
    """The real volume, with every entry write recorded in order (archive() writes via save())."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.writes: list[tuple[str, bool]] = []

    def save(self, entry: MemoryEntry) -> None:
        self.writes.append((entry.id, entry.archived))
        super().save(entry)


class Crash(BaseException):
    """The process dies: nothing in the pass may catch this."""


class CrashingVolume(AgentVolume):
    """The process dies on its first archive, after the merged entry is already on disk."""

    def save(self, entry: MemoryEntry) -> None:
        if entry.archived:
            raise Crash(entry.id)
        super().save(entry)


# -- a good merge -------------------------------------------------------------------------------


def test_good_merge_uses_host_arithmetic_and_provenance(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry(
                "m-1",
                "Caroline moved to Berlin in 2021.",
                age_days=400,
                last_seen_days=30,
                reinforcement=3,
                importance=0.4,
                tags=("move",),
                metadata={
                    "subject_start": "2021-03",
                    "subject_point": "2021",
                    "requires_user_permission": "true",
                },
            ),
            entry(
                "m-2",
                "Caroline relocated to Berlin.",
                age_days=100,
                last_seen_days=2,
                reinforcement=2,
                importance=0.7,
                metadata={
                    "subject_start": "2021-01",
                    "subject_end": "2021-06",
                    "subject_point": "2021-03-01",
                    "source_session": "s-9",
                },
            ),
            entry("m-3", "The user listens to jazz while coding."),
        ],
    )
    scripted_llm.reply(
        # m-1 and m-2 are only in sourceIds: exhaustive removal archives them anyway.
        _reply(
            to_save=[
                _save(
                    "Caroline moved to Berlin in March 2021.",
                    ["m-1", "m-2"],
                    tags=["relocation"],
                )
            ]
        )
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    after = _entries(volume)
    new = [e for i, e in after.items() if i not in {"m-1", "m-2", "m-3"}]
    assert len(new) == 1
    merged = new[0]
    assert not merged.archived
    assert merged.content == "Caroline moved to Berlin in March 2021."
    assert merged.category == "people/caroline"
    assert merged.created_at == NOW - timedelta(days=400)  # min: first seen preserved
    assert merged.last_seen_at == NOW - timedelta(days=2)  # max: never reset to now
    assert merged.reinforcement_count == 5  # sum
    assert set(merged.tags) == {"relocation", "move"}
    assert merged.metadata == {
        "subject_start": "2021-01",  # widened to the earliest start
        "subject_end": "2021-06",  # widened to the latest end
        "subject_point": "2021-03-01",  # the most specific point
        MERGED_FROM: ["m-1", "m-2"],
        MERGED_AT: format_time(NOW),
        MERGED_BY_RUN: RUN,
    }  # requires_user_permission, source_session and merge_pending are dropped
    for source in ("m-1", "m-2"):
        assert after[source].archive_reason == "merged"
        assert after[source].archived_at == NOW
        assert after[source].metadata[ARCHIVED_BY_RUN] == RUN
    assert not after["m-3"].archived
    assert after["m-3"].content == "The user listens to jazz while coding."
    assert report.counts["merged"] == 1
    assert report.model_calls == 2  # the consolidation call and its independent verification
    assert len(scripted_llm.verifications) == 1
    assert not report.failures
    _assert_disk_checks_pass(volume)
    assert merge_coverage_violations(volume, RUN)[1] == 1  # the check did look at the merge


def test_merged_entry_is_saved_before_its_sources_are_archived(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    _caroline_volume(tmp_path)
    volume = RecordingVolume(tmp_path / "agent")
    scripted_llm.reply(
        _reply(to_save=[_save("Caroline met Tomasz in Berlin in 2021.", ["m-1", "m-2"])])
    )

    _run(volume, _model(scripted_llm), CAROLINE)

    merged_id = next(i for i in _live(volume) if i.startswith("merged-"))
    first_merged_write = volume.writes.index((merged_id, False))
    archive_writes = [n for n, (i, archived) in enumerate(volume.writes) if archived]
    assert {volume.writes[n][0] for n in archive_writes} == {"m-1", "m-2"}
    assert all(first_merged_write < n for n in archive_writes)
    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}


# -- the coverage check and its repair ------------------------------------------------------------


def test_merge_dropping_a_name_is_repaired_and_applied(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(to_save=[_save("Caroline met him in Berlin in 2021.", ["m-1", "m-2"])])
    )
    scripted_llm.reply(json.dumps({"content": "Caroline met Tomasz in Berlin in 2021."}))

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert len(scripted_llm.requests) == 2
    repair = scripted_llm.requests[1]
    assert _is_repair(repair)
    repair_prompt = scripted_llm.prompts()[1]
    assert "Caroline met him in Berlin in 2021." in repair_prompt
    dropped = repair_prompt.split("put every one of them back", 1)[1]
    assert json.loads(dropped.strip()) == ["Tomasz"]
    merged = [e for i, e in _entries(volume).items() if i.startswith("merged-")]
    assert [e.content for e in merged] == ["Caroline met Tomasz in Berlin in 2021."]
    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    assert report.counts["repaired"] == 1
    assert report.counts["rejected"] == 0
    _assert_disk_checks_pass(volume)


def test_repair_that_still_drops_keeps_sources_and_stamps_the_rejection(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(tmp_path)
    before = _entries(volume)
    # The sources are in toDelete too: a rejected merge's sources are still kept.
    scripted_llm.reply(
        _reply(
            to_delete=["m-1", "m-2"],
            to_save=[_save("Caroline met him in Berlin in 2021.", ["m-1", "m-2"])],
        )
    )
    scripted_llm.reply(json.dumps({"content": "Caroline met someone in Berlin in 2021."}))

    report = _run(volume, _model(scripted_llm), CAROLINE)

    after = _entries(volume)
    assert set(after) == {"m-1", "m-2"}  # nothing saved
    assert _archived(volume) == {}
    for source in ("m-1", "m-2"):
        assert after[source].content == before[source].content
        assert after[source].metadata[REJECTED_CLUSTER] == rejected_cluster_id(["m-1", "m-2"])
        assert after[source].metadata[REJECTED_AT] == format_time(NOW)
    assert report.counts["rejected"] == 1
    assert report.counts["repaired"] == 0
    assert len(scripted_llm.requests) == 2


def test_merge_repairs_are_capped_per_cycle(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(
        tmp_path,
        entry("m-3", "Dana works at Xebia in Utrecht."),
        entry("m-4", "Dana works at Xebia in Utrecht since 2019."),
    )
    scripted_llm.reply(
        _reply(
            to_save=[
                _save("Caroline met him in Berlin in 2021.", ["m-1", "m-2"]),
                _save("Dana works there since 2019.", ["m-3", "m-4"], category="people/dana"),
            ]
        )
    )
    scripted_llm.respond_with(_repair_by_appending)
    options = DreamOptions(merge_repair_max_per_cycle=1)

    report = _run(
        volume,
        _model(scripted_llm),
        [*CAROLINE, Cluster("c-2", ("m-3", "m-4"), 0.9)],
        options=options,
    )

    assert len(scripted_llm.requests) == 2  # one consolidation call, one repair, not two
    assert _is_repair(scripted_llm.requests[1])
    assert report.counts["repair_attempts"] == 1
    assert report.counts["repaired"] == 1
    assert report.counts["rejected"] == 1
    assert report.counts["merged"] == 1
    # The first merge got the one repair and was applied; the second was rejected unrepaired.
    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    after = _entries(volume)
    assert REJECTED_CLUSTER in after["m-3"].metadata
    assert REJECTED_CLUSTER in after["m-4"].metadata
    _assert_disk_checks_pass(volume)


def test_merge_repair_disabled_rejects_without_a_second_call(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(to_save=[_save("Caroline met him in Berlin in 2021.", ["m-1", "m-2"])])
    )

    report = _run(
        volume, _model(scripted_llm), CAROLINE, options=DreamOptions(merge_repair_enabled=False)
    )

    assert len(scripted_llm.requests) == 1
    assert scripted_llm.defaults_served == 0
    assert _live(volume) == {"m-1", "m-2"}
    assert report.counts["rejected"] == 1
    assert "repair_attempts" not in report.counts
    assert REJECTED_CLUSTER in _entries(volume)["m-1"].metadata


# -- candidate gating enforced in code ----------------------------------------------------------


def test_invented_ids_resolve_to_nothing(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(
            to_delete=["m-999", "../dream-pass-ledger", "[m-998]"],
            to_save=[
                _save("Caroline met Tomasz in Paris.", ["m-998"]),
                _save("Caroline met Tomasz twice.", ["../../etc/passwd"]),
            ],
        )
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert set(_entries(volume)) == {"m-1", "m-2"}
    assert _archived(volume) == {}
    reasons = {(r.action, r.target) for r in report.refusals}
    assert ("unknown id", "m-999") in reasons
    assert ("unknown id", "m-998") in reasons
    assert ("unknown id", "../dream-pass-ledger") in reasons
    assert ("unknown id", "../../etc/passwd") in reasons
    assert not report.failures


def test_ids_outside_the_eligible_set_are_left_untouched(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    settled = _reviewed(entry("m-3", "Caroline's sister Eva lives in Gdansk."))
    volume = _caroline_volume(tmp_path, settled)
    settled_bytes = volume.entry_path("m-3").read_bytes()
    scripted_llm.reply(
        _reply(
            to_delete=["m-3"],
            to_save=[
                _save(
                    "Caroline met Tomasz in Berlin in 2021; her sister Eva lives in Gdansk.",
                    ["m-1", "m-2", "m-3"],
                )
            ],
        )
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert "m-3" not in _prompt_ids(scripted_llm.prompts()[0])
    assert volume.entry_path("m-3").read_bytes() == settled_bytes
    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    merged = next(e for i, e in _entries(volume).items() if i.startswith("merged-"))
    assert merged.metadata[MERGED_FROM] == ["m-1", "m-2"]  # m-3 resolved to nothing
    outside = [r for r in report.refusals if r.target == "m-3"]
    assert {r.action for r in outside} == {"outside the eligible set"}
    assert len(outside) == 2  # once as a merge source, once in toDelete


# -- the high-value floor and ephemeral removal --------------------------------------------------


def _eight_shown(tmp_path: Path) -> AgentVolume:
    return make_volume(
        tmp_path / "agent",
        [
            entry("hv-importance", "The user is allergic to penicillin.", importance=0.80),
            entry("hv-reinforced", "The user prefers dark mode.", reinforcement=5),
            entry("low", "The user said hello on a Tuesday.", importance=0.79, reinforcement=4),
            *(entry(f"m-{n}", f"Unrelated fact number {n}0.") for n in range(1, 6)),
        ],
    )


def test_to_delete_never_archives_high_value_entries(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _eight_shown(tmp_path)
    # Two of eight is within the runaway breaker's 25 %: the floor is what keeps them.
    scripted_llm.reply(_reply(to_delete=["hv-importance", "hv-reinforced"]))

    report = _run(volume, _model(scripted_llm))

    assert _archived(volume) == {}
    assert {"hv-importance", "hv-reinforced"} <= _live(volume)
    assert report.counts["protected"] == 2
    assert report.counts["ephemeral"] == 0
    assert {r.target for r in report.refusals if r.action == "floor"} == {
        "hv-importance",
        "hv-reinforced",
    }


def test_to_delete_archives_a_low_value_entry_as_ephemeral(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _eight_shown(tmp_path)
    scripted_llm.reply(_reply(to_delete=["low"]))

    report = _run(volume, _model(scripted_llm))

    assert _archived(volume) == {"low": "ephemeral"}
    low = _entries(volume)["low"]
    assert low.archived_at == NOW
    assert low.metadata[ARCHIVED_BY_RUN] == RUN
    assert low.content == "The user said hello on a Tuesday."  # archived, never deleted
    assert report.counts["ephemeral"] == 1
    assert ephemeral_floor_violations(volume, OPTIONS, RUN) == ([], 1)


def test_blank_content_keeps_its_sources(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(
            to_delete=["m-1", "m-2"],
            to_save=[_save("   ", ["m-1", "m-2"]), _save("", ["m-1"])],
        )
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert set(_entries(volume)) == {"m-1", "m-2"}
    assert _archived(volume) == {}
    assert report.counts["merged"] == 0
    details = [r.detail for r in report.refusals if r.action == "invalid item"]
    assert any(d.startswith("toSave[0] dropped: content") for d in details)
    assert any(d.startswith("toSave[1] dropped: content") for d in details)
    # The deletes of a dropped merge's sources are withdrawn with it.
    assert any("'m-1' withdrawn" in d for d in details)


# -- unusable replies change nothing and stamp nothing ------------------------------------------


def _assert_nothing_changed(
    volume: AgentVolume, before: dict[str, str], report: PassReport
) -> None:
    """Nothing changed on the model's account (no review stamp, no ledger stamp); only the
    host's safe merge of the batch's contained duplicate is applied, ``by: host`` (issue 25,
    item 8: the batch falls back to the deterministic path)."""
    after = _files(volume)
    changed = {path for path in after if after[path] != before.get(path)}
    host = {d.target for d in report.decisions if d.detail.startswith("by: host;")}
    assert {p.removeprefix("memory/entries/").removesuffix(".json") for p in changed} <= host
    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    assert all(REVIEWED_HASH not in e.metadata for e in volume.scan_entries().live)
    assert not volume.ledger_path.exists()
    assert report.failures


def test_malformed_json_changes_nothing(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    before = _files(volume)
    scripted_llm.reply('Sure! {"toDelete": ["m-1", "m-2"], "toSave": [{"content": "Caroline')

    report = _run(volume, _model(scripted_llm), CAROLINE)

    _assert_nothing_changed(volume, before, report)
    assert "unusable model reply" in report.failures[0]


def test_think_preamble_is_tolerated(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        '<think>Maybe {"toDelete": ["m-1", "m-2"]}? No: merge them.</think>\n'
        "Here is the result:\n"
        + _reply(to_save=[_save("Caroline met Tomasz in Berlin in 2021.", ["m-1", "m-2"])])
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert not report.failures
    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    assert report.counts["merged"] == 1
    assert volume.ledger_path.exists()
    _assert_disk_checks_pass(volume)


def test_http_500_changes_nothing(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    before = _files(volume)
    scripted_llm.fail(500, "upstream exploded")

    report = _run(volume, _model(scripted_llm), CAROLINE)

    _assert_nothing_changed(volume, before, report)
    assert "HTTP 500" in report.failures[0]


def test_timeout_changes_nothing(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    before = _files(volume)
    scripted_llm.stall(3.0, _reply(to_delete=["m-1"]))

    report = _run(volume, _model(scripted_llm, timeout_s=0.5), CAROLINE)

    _assert_nothing_changed(volume, before, report)
    assert "timeout" in report.failures[0]


def test_reply_archiving_everything_is_refused_whole(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(
        tmp_path,
        entry("m-3", "The user listens to jazz."),
        entry("m-4", "The user drinks oat milk."),
    )
    before = _files(volume)
    scripted_llm.reply(
        _reply(
            to_delete=["m-1", "m-2", "m-3", "m-4"],
            to_save=[_save("Caroline met Tomasz in Berlin in 2021.", ["m-1", "m-2"])],
        )
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    # Not even the good merge in the same reply is applied, and nothing is stamped.
    assert _files(volume) == before
    assert not volume.ledger_path.exists()
    assert [r.action for r in report.refusals] == ["runaway deletion"]
    assert report.counts["replies_refused"] == 1


# -- when the pass runs at all ----------------------------------------------------------------


def test_min_interval_skips_a_second_run(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    model = _model(scripted_llm)
    first = _run(volume, model, CAROLINE)
    assert first.skipped is None
    assert len(scripted_llm.requests) == 1
    volume.save(entry("m-5", "A brand new fact about Oslo."))  # something to do, yet too soon
    before = _files(volume)

    second = _run(volume, model, CAROLINE, now=NOW + timedelta(hours=5, minutes=59))

    assert second.skipped is not None
    assert "skipped — last completed" in second.skipped
    assert len(scripted_llm.requests) == 1  # zero model calls
    assert _files(volume) == before

    third = _run(volume, model, CAROLINE, now=NOW + timedelta(hours=6))
    assert third.skipped is None
    assert len(scripted_llm.requests) == 2


def test_pause_file_skips_the_pass(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    volume.pause_flag.parent.mkdir(parents=True)
    volume.pause_flag.write_text('{"reason": "archive rate spike"}', encoding="utf-8")
    before = _files(volume)

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert report.skipped is not None
    assert "paused" in report.skipped
    assert scripted_llm.requests == []
    assert _files(volume) == before


# -- what the model is allowed to see -------------------------------------------------------------


def test_reviewed_and_unchanged_entries_are_not_shown(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            _reviewed(entry("m-1", "The user lives in Lisbon.")),
            entry("m-2", "The user adopted a cat named Miso."),
            entry("m-3", "The user runs on Sundays."),
        ],
    )

    _run(volume, _model(scripted_llm), [])

    assert _prompt_ids(scripted_llm.prompts()[0]) == ["m-2", "m-3"]
    # Shown and left alone: stamped reviewed, so the next cycle does not re-ask.
    after = _entries(volume)
    for shown in ("m-2", "m-3"):
        assert after[shown].metadata[REVIEWED_HASH] == review_fingerprint(after[shown])
    idle = _run(volume, _model(scripted_llm), [], now=NOW + timedelta(hours=7))
    assert len(scripted_llm.requests) == 1
    assert idle.decisions[-1].action == "idle"


def test_cluster_of_reviewed_members_is_skipped(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            *_reviewed_caroline(),
            entry("m-3", "The user runs on Sundays."),
        ],
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    prompt = scripted_llm.prompts()[0]
    assert _prompt_ids(prompt) == ["m-3"]
    assert "Near-duplicate clusters" not in prompt
    assert report.counts["clusters_settled"] == 1
    assert report.counts["clusters_open"] == 0


def test_one_edited_member_reopens_its_cluster(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    edited = _reviewed(entry("m-2", "Caroline met Tomasz in Berlin in 2021."))
    edited = edited.with_changes(content="Caroline met Tomasz in Berlin in May 2021.")
    volume = make_volume(
        tmp_path / "agent",
        [_reviewed(entry("m-1", "Caroline met Tomasz in Berlin.")), edited],
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    prompt = scripted_llm.prompts()[0]
    assert _prompt_ids(prompt) == ["m-1", "m-2"]  # the reviewed member comes back with it
    assert "- m-1, m-2" in prompt
    assert report.counts["clusters_open"] == 1


def test_decay_write_does_not_reopen_a_reviewed_entry(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    reviewed = _reviewed_caroline()
    # Importance decay rewrites score and updated_at, never content: still reviewed.
    decayed = [e.with_changes(importance=0.2, updated_at=NOW) for e in reviewed]
    volume = make_volume(tmp_path / "agent", decayed)
    before = _files(volume)

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert scripted_llm.requests == []
    assert report.counts["eligible"] == 0
    assert {k: v for k, v in _files(volume).items() if "entries" in k} == {
        k: v for k, v in before.items() if "entries" in k
    }


def test_failed_cluster_scan_shows_unreviewed_entries_only(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            *_reviewed_caroline(),
            entry("m-3", "The user runs on Sundays."),
        ],
    )

    report = _run(volume, _model(scripted_llm), None)

    assert _prompt_ids(scripted_llm.prompts()[0]) == ["m-3"]
    assert any("scan failed" in w for w in report.warnings)


def test_idle_corpus_costs_no_model_call(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            *_reviewed_caroline(),
            _reviewed(entry("m-3", "The user runs on Sundays.")),
        ],
    )
    entries_before = {k: v for k, v in _files(volume).items() if "entries" in k}

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert scripted_llm.requests == []
    assert report.model_calls == 0
    assert [d.action for d in report.decisions] == ["idle"]
    assert {k: v for k, v in _files(volume).items() if "entries" in k} == entries_before


def test_every_prompt_entry_line_starts_with_its_id_and_carries_temporal_context(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry(
                "m-1",
                "Caroline met Tomasz\nin Berlin.\n\n[m-9] is not an id line",
                age_days=30,
                last_seen_days=3,
                reinforcement=4,
                metadata={"subject_start": "2021-03", "subject_end": "2021-05"},
            ),
            entry(
                "m-2", "Caroline met Tomasz in Berlin in 2021.", metadata={"subject_point": "2021"}
            ),
            entry("m-3", "The user runs on Sundays."),
        ],
    )

    _run(volume, _model(scripted_llm), CAROLINE)

    prompt = scripted_llm.prompts()[0]
    section = prompt.split("## Memory entries\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(section) == 3  # one line per entry, whatever newlines the content holds
    line = re.compile(
        r"^\[(?P<id>m-\d)\] \(\S+\) .+ — first=\d{4}-\d{2}-\d{2} last=\d{4}-\d{2}-\d{2} "
        r"reinforced=\d+×(?: subject=\S+)?$"
    )
    matches = [line.match(text) for text in section]
    assert all(matches), section
    assert [m["id"] for m in matches if m] == ["m-1", "m-2", "m-3"]
    assert _prompt_ids(prompt) == ["m-1", "m-2", "m-3"]
    first = NOW - timedelta(days=30)
    assert (
        f"first={first:%Y-%m-%d} last={NOW - timedelta(days=3):%Y-%m-%d} reinforced=4×"
        in (section[0])
    )
    assert section[0].endswith("subject=2021-03..2021-05")
    assert section[1].endswith("subject=2021")
    assert "subject=" not in section[2]


# -- deterministic consolidation (no model configured) -------------------------------------------


def test_deterministic_merges_a_near_exact_duplicate_cluster(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Caroline met Tomasz in Berlin.", age_days=50, reinforcement=2),
            entry("m-2", "Caroline met Tomasz in Berlin in 2021.", age_days=5, reinforcement=3),
            entry("m-3", "The user listens to jazz.", importance=0.1),
        ],
    )

    report = _run(volume, None, CAROLINE)

    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    merged = next(e for i, e in _entries(volume).items() if i.startswith("merged-"))
    assert merged.content == "Caroline met Tomasz in Berlin in 2021."  # the covering member
    assert merged.reinforcement_count == 5
    assert merged.created_at == NOW - timedelta(days=50)
    assert merged.metadata[MERGED_FROM] == ["m-1", "m-2"]
    assert MERGE_PENDING not in merged.metadata
    assert "m-3" in _live(volume)
    assert report.model_calls == 0
    _assert_disk_checks_pass(volume)


def test_deterministic_merges_exact_duplicates(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "The user prefers tea in the morning."),
            entry("m-2", "The user prefers tea in the morning."),
        ],
    )

    _run(volume, None, [Cluster("c-1", ("m-1", "m-2"), 1.0)])

    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    live = [_entries(volume)[i] for i in _live(volume)]
    assert [e.content for e in live] == ["The user prefers tea in the morning."]


def _deterministic_on_a_pair(
    tmp_path: Path, first: str, second: str
) -> tuple[AgentVolume, PassReport]:
    """m-1 and m-2 as one cluster, consolidated without a model."""
    volume = make_volume(tmp_path / "agent", [entry("m-1", first), entry("m-2", second)])
    return volume, _run(volume, None, [Cluster("c-1", ("m-1", "m-2"), 0.9)])


def _assert_kept_apart(volume: AgentVolume, report: PassReport) -> None:
    assert _archived(volume) == {}
    assert set(_entries(volume)) == {"m-1", "m-2"}
    assert report.counts["merged"] == 0


@pytest.mark.parametrize(
    ("positive", "negative"),
    [
        ("The user prefers tea in the morning.", "The user does not prefer tea in the morning."),
        # A typographic apostrophe is how many chat clients type "doesn't".
        (
            "The user prefers tea in the morning.",
            "The user doesn\u2019t prefer tea in the morning.",
        ),
    ],
)
def test_deterministic_keeps_a_negation_pair_apart(
    tmp_path: Path, positive: str, negative: str
) -> None:
    volume, report = _deterministic_on_a_pair(tmp_path, positive, negative)

    _assert_kept_apart(volume, report)


def test_deterministic_keeps_an_nt_contraction_pair_apart(tmp_path: Path) -> None:
    volume, _report = _deterministic_on_a_pair(
        tmp_path,
        "The user has been to the office this month.",
        "The user hasn't been to the office this month.",
    )

    assert _archived(volume) == {}


def test_deterministic_keeps_distinct_subject_time_moments_apart(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry(
                "m-1", "Trip to Paris for the conference.", metadata={"subject_point": "2023-05"}
            ),
            entry(
                "m-2", "Trip to Paris for the conference.", metadata={"subject_point": "2025-09"}
            ),
        ],
    )

    _run(volume, None, [Cluster("c-1", ("m-1", "m-2"), 1.0)])

    live_points = {_entries(volume)[i].metadata.get("subject_point") for i in _live(volume)}
    assert live_points == {"2023-05", "2025-09"}


def test_deterministic_keeps_near_duplicates_differing_in_a_lowercase_fact_apart(
    tmp_path: Path,
) -> None:
    peanuts = (
        "The user is allergic to peanuts so every restaurant order and every recipe "
        "suggestion for the user must avoid them entirely."
    )
    shellfish = peanuts.replace("peanuts", "shellfish")
    items = [("m-1", peanuts), ("m-2", shellfish)]
    clusters = find_clusters(items)  # the default lexical scan does cluster them (0.89)
    assert [c.member_ids for c in clusters] == [("m-1", "m-2")]
    volume = make_volume(tmp_path / "agent", [entry(i, text, importance=0.9) for i, text in items])

    _run(volume, None, clusters)

    live = " ".join(_entries(volume)[i].content for i in _live(volume))
    assert "peanuts" in live and "shellfish" in live


def test_deterministic_skips_a_cluster_no_member_covers(tmp_path: Path) -> None:
    volume, report = _deterministic_on_a_pair(
        tmp_path, "Caroline moved to Berlin with Tomasz.", "Caroline moved to Munich with Tomasz."
    )

    _assert_kept_apart(volume, report)


def test_deterministic_never_archives_as_ephemeral(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Caroline met Tomasz in Berlin."),
            entry("m-2", "Caroline met Tomasz in Berlin in 2021."),
            *(
                entry(f"noise-{n}", f"ok {n}", importance=0.01, reinforcement=0, age_days=300)
                for n in range(6)
            ),
        ],
    )

    report = _run(volume, None, CAROLINE)

    assert set(_archived(volume).values()) == {"merged"}
    assert {f"noise-{n}" for n in range(6)} <= _live(volume)
    assert report.counts["ephemeral"] == 0


def test_second_immediate_deterministic_run_changes_nothing(tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path, entry("m-3", "The user runs on Sundays."))
    first = _run(volume, None, CAROLINE)
    assert first.counts["merged"] == 1
    after_first = _files(volume)

    second = _run(volume, None, CAROLINE, now=NOW + timedelta(minutes=1))

    assert second.skipped is not None
    assert second.model_calls == 0
    assert _files(volume) == after_first


def test_deterministic_run_converges_when_the_interval_is_disabled(tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path, entry("m-3", "The user runs on Sundays."))
    options = DreamOptions(consolidation_min_interval_hours=0)
    _run(volume, None, CAROLINE, options=options)
    # The merged entry is new content: the next cycle reviews it once (seed: a prior merge
    # re-opens an entry), and from then on the corpus is settled.
    _run(volume, None, CAROLINE, options=options)
    settled = _files(volume)

    third = _run(volume, None, CAROLINE, options=options)

    assert _files(volume) == settled
    assert third.counts["eligible"] == 0


# -- crash recovery and concurrent writers ------------------------------------------------------


def test_interrupted_merge_is_finished_on_the_next_run(tmp_path: Path) -> None:
    pending = _with_metadata(
        entry("merged-abc", "Caroline met Tomasz in Berlin in 2021.", reinforcement=2),
        {MERGED_FROM: ["m-1", "m-2"], MERGED_AT: format_time(NOW), MERGE_PENDING: "true"},
    )
    volume = _caroline_volume(tmp_path, pending)

    report = _run(volume, None, [Cluster("c-1", ("m-1", "m-2", "merged-abc"), 0.95)])

    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    assert _live(volume) == {"merged-abc"}  # no duplicate merge of the same sources
    assert MERGE_PENDING not in _entries(volume)["merged-abc"].metadata
    assert report.counts["interrupted_merges_finished"] == 1


def test_crash_between_save_and_archive_is_recovered_without_a_duplicate(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(to_save=[_save("Caroline met Tomasz in Berlin in 2021.", ["m-1", "m-2"])])
    )
    with pytest.raises(Crash):
        _run(CrashingVolume(tmp_path / "agent"), _model(scripted_llm), CAROLINE)
    volume = AgentVolume(tmp_path / "agent")
    crashed = _entries(volume)
    merged_id = next(i for i in crashed if i.startswith("merged-"))
    assert crashed[merged_id].metadata[MERGE_PENDING] == "true"
    assert _live(volume) == {"m-1", "m-2", merged_id}  # replacement first: nothing lost

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert _archived(volume) == {"m-1": "merged", "m-2": "merged"}
    assert _live(volume) == {merged_id}
    assert MERGE_PENDING not in _entries(volume)[merged_id].metadata
    assert report.counts["interrupted_merges_finished"] == 1


def test_source_changed_during_the_pass_is_not_archived(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(tmp_path)
    edited = "Caroline met Tomasz in Berlin in 2021 and again in Warsaw."

    def agent_writes_while_the_model_thinks(_body: dict[str, Any]) -> str:
        current = volume.get("m-2")
        assert current is not None
        volume.save(current.with_changes(content=edited, reinforcement_count=2))
        return _reply(to_save=[_save("Caroline met Tomasz in Berlin in 2021.", ["m-1", "m-2"])])

    scripted_llm.respond_with(agent_writes_while_the_model_thinks)

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert scripted_llm.errors == []
    after = _entries(volume)
    assert not after["m-2"].archived
    assert after["m-2"].content == edited  # left as the agent wrote it
    assert after["m-2"].reinforcement_count == 2
    assert REVIEWED_HASH not in after["m-2"].metadata  # the new content is still to review
    assert _archived(volume) == {"m-1": "merged"}
    assert any(r.action == "changed during the pass" for r in report.refusals)


# -- anti-pattern mining --------------------------------------------------------------------------


CORRECTION = {
    "kind": "Correction",
    "rating": "poor",
    "skills": ["email/triage"],
    "text": "Do not archive newsletters from Xebia, the user reads them.",
    "ts": format_time(NOW - timedelta(days=1)),
    "session_id": "s-1",
}


def test_anti_pattern_without_sources_is_saved(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    lesson = "Never archive Xebia newsletters during email triage: the user reads them."
    scripted_llm.reply(_reply(to_save=[_save(lesson, [], category="anti-patterns/email")]))

    report = _run(volume, _model(scripted_llm), CAROLINE, feedback=[CORRECTION])

    prompt = scripted_llm.prompts()[0]
    assert "## Recent feedback signals" in prompt
    assert "Do not archive newsletters from Xebia" in prompt
    saved = [e for i, e in _entries(volume).items() if i not in {"m-1", "m-2"}]
    assert [(e.content, e.category) for e in saved] == [(lesson, "anti-patterns/email")]
    assert "anti-pattern" in saved[0].tags
    assert not saved[0].archived
    assert _archived(volume) == {}
    assert report.counts["anti_patterns"] == 1


def test_save_without_sources_outside_anti_patterns_is_refused(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(to_save=[_save("Caroline plans to visit Kyoto in 2027.", [], category="people")])
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert set(_entries(volume)) == {"m-1", "m-2"}
    assert [r.action for r in report.refusals] == ["no valid source"]


# -- token accounting ---------------------------------------------------------------------------


def test_token_counts_are_recorded_in_the_report(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = _caroline_volume(tmp_path)
    scripted_llm.reply(
        _reply(to_save=[_save("Caroline met him in Berlin in 2021.", ["m-1", "m-2"])]),
        prompt_tokens=321,
        completion_tokens=40,
    )
    scripted_llm.reply(
        json.dumps({"content": "Caroline met Tomasz in Berlin in 2021."}),
        prompt_tokens=90,
        completion_tokens=12,
    )
    scripted_llm.verifier = None  # the verification call takes the next queued reply
    scripted_llm.reply(
        json.dumps({"verdicts": [{"id": i, "verdict": "supported"} for i in ("m-1", "m-2")]}),
        prompt_tokens=50,
        completion_tokens=8,
    )

    report = _run(volume, _model(scripted_llm), CAROLINE)

    assert report.counts["merged"] == 1
    assert report.model_calls == 3  # consolidation, repair, verification
    assert report.prompt_tokens == 461
    assert report.completion_tokens == 60


# -- the blocking checks re-verify from disk, and can fail ----------------------------------------


def test_merge_coverage_check_fails_on_a_hand_crafted_bad_merge(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Caroline met Tomasz in Berlin.", archived_days=0),
            entry("m-2", "Caroline met Tomasz in Berlin in 2021.", archived_days=0),
            _with_metadata(
                entry("merged-bad", "Caroline met him in Berlin."),
                {MERGED_FROM: ["m-1", "m-2"], MERGED_AT: format_time(NOW), MERGED_BY_RUN: RUN},
            ),
        ],
    )

    violations, checked = merge_coverage_violations(volume, RUN)

    assert checked == 1
    assert len(violations) == 1
    assert "Tomasz" in violations[0] and "2021" in violations[0]


def test_floor_check_fails_on_a_hand_crafted_ephemeral_archive(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            archived_by(RUN, "m-1", "The user is allergic to penicillin.", importance=0.9),
            archived_by(RUN, "m-2", "Said hello.", importance=0.1),
        ],
    )

    violations, checked = ephemeral_floor_violations(volume, OPTIONS, RUN)

    assert checked == 2
    assert len(violations) == 1 and violations[0].startswith("m-1 ")


def test_provenance_check_fails_on_a_dangling_merged_from(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Caroline met Tomasz in Berlin.", archived_days=0),
            _with_metadata(
                entry("merged-x", "Caroline met Tomasz in Berlin in 2021."),
                {MERGED_FROM: ["m-1", "m-2"], MERGED_AT: format_time(NOW)},
            ),
        ],
    )

    violations, checked = provenance_violations(volume, OPTIONS, NOW)

    assert checked == 1
    assert violations == ["merged-x: merged_from ['m-2'] do not resolve"]
    # After the archive retention the ids dangle by design.
    assert provenance_violations(volume, OPTIONS, NOW + timedelta(days=91)) == ([], 0)


# -- bugs reported by the test suite, now fixed -------------------------------------------------


def test_subject_end_widens_across_precisions(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Caroline lived in Berlin.", metadata={"subject_end": "2021"}),
            entry("m-2", "Caroline lived in Berlin.", metadata={"subject_end": "2021-06-30"}),
        ],
    )
    scripted_llm.reply(_reply(to_save=[_save("Caroline lived in Berlin.", ["m-1", "m-2"])]))

    _run(volume, _model(scripted_llm), [Cluster("c-1", ("m-1", "m-2"), 1.0)])

    merged = next(e for i, e in _entries(volume).items() if i.startswith("merged-"))
    assert merged.metadata["subject_end"] == "2021"


def test_merge_coverage_check_passes_when_a_changed_source_was_kept_live(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    volume = _caroline_volume(tmp_path)

    def agent_writes_while_the_model_thinks(_body: dict[str, Any]) -> str:
        current = volume.get("m-2")
        assert current is not None
        volume.save(current.with_changes(content=current.content + " Again in Warsaw."))
        return _reply(to_save=[_save("Caroline met Tomasz in Berlin in 2021.", ["m-1", "m-2"])])

    scripted_llm.respond_with(agent_writes_while_the_model_thinks)

    _run(volume, _model(scripted_llm), CAROLINE)

    assert "m-2" in _live(volume)  # the pass did the right thing
    assert merge_coverage_violations(volume, RUN)[0] == []
