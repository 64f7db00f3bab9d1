"""Review queue (seeds 002/003): protected or redacted merges wait for an operator; approval
re-checks the sources; the token budget stops consolidation calls that do not fit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dream_assets.core.clock import FixedClock
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.budget import TokenBudget
from dream_assets.core.safety.review_queue import ReviewQueue
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.operations.review_decisions import ReviewConflict, approve, reject
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, entry, make_volume, queued_merge
from dream_assets_tests.scripted_llm import ScriptedLLM

SECRET = "sk-proj-Zq8Wx7Vc6Bn5Ml4Kj3Hg2Fd1Sa0"
CLUSTER = [Cluster("c-1", ("m-1", "m-2"), 0.95)]


def _model(server: ScriptedLLM, budget: TokenBudget | None = None) -> ChatModel:
    settings = LLMSettings(base_url=server.base_url, model="scripted", api_key="x", timeout_s=3)
    return ChatModel(settings, budget=budget)


def _merge_reply(content: str, sources: list[str], to_delete: list[str] | None = None) -> str:
    save = {"content": content, "category": "people/caroline", "tags": [], "sourceIds": sources}
    return json.dumps({"toDelete": to_delete or [], "toSave": [save]})


def _pinned_volume(tmp_path: Path) -> AgentVolume:
    return make_volume(
        tmp_path / "a",
        [
            entry("m-1", "Caroline moved to Berlin in 2021.", metadata={"pinned": "true"}),
            entry("m-2", "In 2021 Caroline moved to Berlin."),
        ],
    )


def _pinned_merge_proposed(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> tuple[AgentVolume, PassReport]:
    """A cycle in which the model merges m-1 (pinned) and m-2 into one Caroline entry."""
    volume = _pinned_volume(tmp_path)
    scripted_llm.reply(_merge_reply("Caroline moved to Berlin in 2021.", ["m-1", "m-2"]))
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=_model(scripted_llm), run_id="r1"),
        clusters=CLUSTER,
    )
    return volume, report


def test_merge_touching_a_pinned_entry_waits_for_review(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume, report = _pinned_merge_proposed(tmp_path, scripted_llm)
    assert report.counts["pending_review"] == 1 and report.counts["merged"] == 0
    assert {e.id for e in volume.scan_entries().live} == {"m-1", "m-2"}
    (item,) = ReviewQueue(volume.root).items("pending")
    assert item.kind == "merge" and item.reason == "pinned" and item.source_ids == ["m-1", "m-2"]


def test_approval_applies_the_merge_after_rechecking_the_sources(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume, _report = _pinned_merge_proposed(tmp_path, scripted_llm)
    (item,) = ReviewQueue(volume.root).items("pending")
    written = approve(volume, item.id, NOW)
    live = volume.scan_entries().live
    assert [e.content for e in live] == ["Caroline moved to Berlin in 2021."]
    assert live[0].metadata["merged_from"] == ["m-1", "m-2"] and written[0] == live[0].id
    assert all(volume.get(i).archived for i in ("m-1", "m-2"))  # type: ignore[union-attr]
    assert ReviewQueue(volume.root).items("approved")[0].id == item.id
    with pytest.raises(ReviewConflict, match="already approved"):
        approve(volume, item.id, NOW)


def test_approval_refused_when_a_source_changed_since_the_proposal(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume, _report = _pinned_merge_proposed(tmp_path, scripted_llm)
    (item,) = ReviewQueue(volume.root).items("pending")
    edited = volume.get("m-2")
    assert edited is not None
    volume.save(edited.with_changes(content="In 2021 Caroline moved to Berlin with Tom."))
    with pytest.raises(ReviewConflict, match="m-2 changed since the proposal"):
        approve(volume, item.id, NOW)
    assert {e.id for e in volume.scan_entries().live} == {"m-1", "m-2"}


def test_rejection_changes_nothing(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume, _report = _pinned_merge_proposed(tmp_path, scripted_llm)
    before = {p.name: p.read_bytes() for p in volume.entries_dir.glob("*.json")}
    (item,) = ReviewQueue(volume.root).items("pending")
    reject(volume, item.id, NOW, note="keep both")
    assert {p.name: p.read_bytes() for p in volume.entries_dir.glob("*.json")} == before
    assert ReviewQueue(volume.root).items("rejected")[0].note == "keep both"


def test_secret_never_reaches_the_model_and_its_merge_waits_for_review(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = make_volume(
        tmp_path / "a",
        [
            entry("m-1", f"The staging OpenAI key is {SECRET} for Acme."),
            entry("m-2", f"Acme staging uses the OpenAI key {SECRET}."),
        ],
    )
    scripted_llm.reply(
        _merge_reply("Acme staging uses the OpenAI key [REDACTED:openai-key].", ["m-1", "m-2"])
    )
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=_model(scripted_llm), run_id="r1"),
        clusters=CLUSTER,
    )
    assert SECRET not in json.dumps(scripted_llm.requests)
    assert "[REDACTED:openai-key]" in scripted_llm.prompts()[0]
    assert report.counts["pending_review"] == 1
    assert {e.id for e in volume.scan_entries().live} == {"m-1", "m-2"}
    (item,) = ReviewQueue(volume.root).items("pending")
    assert item.reason.startswith("redacted text")
    with pytest.raises(ReviewConflict, match="redacted secrets"):
        approve(volume, item.id, NOW)
    with pytest.raises(ReviewConflict, match="drops"):
        approve(volume, item.id, NOW, content="Acme staging uses an OpenAI key.")
    approve(volume, item.id, NOW, content=f"Acme staging uses the OpenAI key {SECRET}.")
    (merged,) = volume.scan_entries().live
    assert SECRET in merged.content


def test_ephemeral_archive_of_an_operator_authored_entry_waits_for_review(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = make_volume(
        tmp_path / "a",
        [entry(f"m-{i}", f"Fact number {i} about Lisbon.") for i in range(1, 6)]
        + [
            entry("m-op", "Office closes at noon on Fridays.", metadata={"authored_by": "operator"})
        ],
    )
    scripted_llm.reply(json.dumps({"toDelete": ["m-op"], "toSave": []}))
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=_model(scripted_llm), run_id="r1"), clusters=[]
    )
    assert report.counts["pending_review"] == 1 and report.counts["ephemeral"] == 0
    assert volume.get("m-op") is not None and not volume.get("m-op").archived  # type: ignore[union-attr]
    (item,) = ReviewQueue(volume.root).items("pending")
    approve(volume, item.id, NOW)
    archived = volume.get("m-op")
    assert archived is not None and archived.archive_reason == "ephemeral"


def test_the_same_proposal_is_queued_once_and_refreshed_to_current_sources(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _pinned_volume(tmp_path)
    reply = _merge_reply("Caroline moved to Berlin in 2021.", ["m-1", "m-2"])
    for hour in (0, 7):
        scripted_llm.reply(reply)
        edited = volume.get("m-2")
        assert edited is not None  # an edit re-opens the cluster, so the model is asked again
        volume.save(edited.with_changes(tags=(f"t{hour}",)))
        run_memory_consolidation(
            PassCall(
                volume,
                DreamOptions(consolidation_min_interval_hours=0),
                NOW,
                model=_model(scripted_llm),
                run_id=f"r{hour}",
            ),
            clusters=CLUSTER,
        )
    assert len(scripted_llm.requests) == 2
    (item,) = ReviewQueue(volume.root).items()
    assert item.run_id == "r7"
    approve(volume, item.id, NOW)  # fingerprints match the edited m-2
    assert len(volume.scan_entries().live) == 1


def _budget_volume(tmp_path: Path) -> AgentVolume:
    return make_volume(
        tmp_path / "a",
        [
            entry(f"m-{i:02d}", f"Distinct fact {i} about project Orion {1000 + i}.")
            for i in range(6)
        ],
    )


def test_consolidation_skipped_when_its_first_call_does_not_fit_the_budget(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _budget_volume(tmp_path)
    budget = TokenBudget(volume.token_usage_log, "r1", FixedClock(NOW), run_cap=500)
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=_model(scripted_llm, budget), run_id="r1"),
        clusters=[],
    )
    assert report.skipped and report.skipped.startswith("token budget")
    assert scripted_llm.requests == []
    assert not volume.ledger_path.exists()


def test_budget_exhausted_mid_cycle_keeps_what_was_done_and_stops(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _budget_volume(tmp_path)
    budget = TokenBudget(volume.token_usage_log, "r1", FixedClock(NOW), run_cap=4_600)
    scripted_llm.reply(json.dumps({"toDelete": [], "toSave": []}), prompt_tokens=300)
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=_model(scripted_llm, budget), run_id="r1"),
        clusters=[],
        batch_size=2,
    )
    assert len(scripted_llm.requests) == 1
    assert any(r.action == "budget" for r in report.refusals)
    assert report.skipped is None and any("budget" in w for w in report.warnings)
    assert not volume.ledger_path.exists()  # not stamped: the rest is retried next cycle
    reviewed = [
        e for e in volume.scan_entries().live if "consolidation_reviewed_hash" in e.metadata
    ]
    assert len(reviewed) == 2


def test_runaway_breaker_lets_a_single_deletion_through_but_refuses_two_of_three(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    entries = [entry(f"m-{i}", f"Minor fact {i} about the Lisbon office.") for i in range(3)]
    one = make_volume(tmp_path / "one", entries)
    scripted_llm.reply(json.dumps({"toDelete": ["m-0"], "toSave": []}))
    report = run_memory_consolidation(
        PassCall(one, DreamOptions(), NOW, model=_model(scripted_llm), run_id="r1"), clusters=[]
    )
    assert report.counts["ephemeral"] == 1  # 1 of 3 is over 25 %, but one never trips it

    two = make_volume(tmp_path / "two", entries)
    scripted_llm.reply(json.dumps({"toDelete": ["m-0", "m-1"], "toSave": []}))
    report = run_memory_consolidation(
        PassCall(two, DreamOptions(), NOW, model=_model(scripted_llm), run_id="r1"), clusters=[]
    )
    assert report.counts["ephemeral"] == 0
    assert any(r.action == "runaway deletion" for r in report.refusals)
    assert all(not e.archived for e in two.scan_entries().entries)


@pytest.mark.parametrize("given", ["", "r", "rv-", "rv-0"])
def test_an_empty_or_short_prefix_names_no_item(tmp_path: Path, given: str) -> None:
    volume = make_volume(
        tmp_path / "a", [entry("m-1", "Ana keeps bees."), entry("m-2", "Ana keeps bees!")]
    )
    item = queued_merge(volume, ["m-1", "m-2"], "Ana keeps bees.")
    queue = ReviewQueue(volume.root)
    with pytest.raises(KeyError, match="no review item"):
        queue.get(given)  # before: the only item, approved by `dream review approve ""`
    assert queue.get(item.id) == queue.get(item.id[:7]) == queue.get(item.id[:8])
    assert queue.get(item.id).id == item.id
