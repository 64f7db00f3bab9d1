"""Every check of the cycle can fail ("a check that cannot fail is a defect").

Each test runs the whole dream cycle through the real Dagster machinery (the cycle's assets and
checks, in process, on a ``dg.instance_for_test()``) on an agent volume built in a temp dir, and
produces the violating state the way it arises in production: the agent (or a concurrent writer,
or the operator) changes the volume right after the asset's step and before its check's step —
a Dagster success hook on the asset's step is that writer. The check must then fail, its
evaluation naming what is wrong, and a blocking one must stop what is downstream; the same cycle
on the same volume left alone is the control, where the same check passes.

The checks that already have such a test elsewhere are not repeated here:
retained_logs/within_bounds, consolidated_memory/standing_provenance and
skill_catalog/see_also_standing (defs/test_failures_stay_local.py), memory_audit/no_unexplained_loss
(passes/test_memory_audit.py) and review_queue/no_stale_items
(defs/test_review_queue_observation.py).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.core.memory.merge import MERGED_BY_RUN, MERGED_FROM
from dream_assets.core.memory.preferences import INFERRED_CATEGORY, PERMISSION
from dream_assets.core.models import Skill
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.jobs import CYCLE_ASSETS, PASS_CHECKS
from dream_assets.defs.resources import LLMResource
from dream_assets_tests.builders import FORECAST_STEPS, NOW, entry, make_volume
from dream_assets_tests.builders import weather_skills_and_chat as weather_agent
from dream_assets_tests.claude_code_dirs import connect_agent, write_claude_memory
from dream_assets_tests.cycles import cycle_resources, scripted_model
from dream_assets_tests.scripted_llm import ScriptedLLM

AGENT = "ada"
# What the agent writes between an asset's step and its check's step: given the agent's volume
# and the run's id.
AgentWrite = Callable[[AgentVolume, str], None]


@pytest.fixture(autouse=True)
def _no_model_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deterministic cycle stays deterministic whatever model the shell names."""
    for name in ("DREAM_LLM_BASE_URL", "DREAM_LLM_MODEL", "DREAM_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def instance() -> Iterator[dg.DagsterInstance]:
    with dg.instance_for_test() as test_instance:
        yield test_instance


def cycle_with_agent_writes(
    agents: Path,
    instance: dg.DagsterInstance,
    after: Mapping[str, AgentWrite] | None = None,
    llm: LLMResource | None = None,
    agent: str = AGENT,
) -> dg.ExecuteInProcessResult:
    """One dream cycle of ``agent`` (``cycles.cycle``'s assets, checks and resources), in which
    ``after[asset]`` changes the volume once ``asset``'s step succeeded, before its checks run."""
    after = dict(after or {})

    @dg.success_hook(name="agent_writes_between_asset_and_check")
    def agent_writes(context: dg.HookContext) -> None:
        write = after.get(context.op.name)
        if write is not None:
            write(AgentVolume(agents / agent), context.run_id)

    job = dg.define_asset_job(
        "dream_cycle_with_a_concurrent_writer",
        selection=dg.AssetSelection.assets(*CYCLE_ASSETS),
        hooks={agent_writes},
    )
    defs = dg.Definitions(
        assets=CYCLE_ASSETS,
        asset_checks=PASS_CHECKS,
        jobs=[job],
        resources=cycle_resources(agents, llm),
    )
    if not instance.has_dynamic_partition("agents", agent):
        instance.add_dynamic_partitions("agents", [agent])
    return defs.resolve_job_def(job.name).execute_in_process(
        partition_key=agent, instance=instance, raise_on_error=False
    )


def evaluation(
    result: dg.ExecuteInProcessResult, asset: str, check: str
) -> dg.AssetCheckEvaluation:
    (found,) = [
        e
        for e in result.get_asset_check_evaluations()
        if e.asset_key == dg.AssetKey(asset) and e.check_name == check
    ]
    return found


def details(found: dg.AssetCheckEvaluation) -> str:
    value = found.metadata.get("details")
    return str(value.value) if value is not None else ""


def checked(result: dg.ExecuteInProcessResult, asset: str, check: str) -> int:
    """How many items the check looked at (its ``checked`` metadata)."""
    value = evaluation(result, asset, check).metadata["checked"].value
    assert isinstance(value, int)
    return value


def materialized(result: dg.ExecuteInProcessResult) -> set[str]:
    events = result.get_asset_materialization_events()
    return {e.asset_key.to_user_string() for e in events if e.asset_key is not None}


def assert_fails(
    result: dg.ExecuteInProcessResult, asset: str, check: str, *expected: str
) -> dg.AssetCheckEvaluation:
    """The check did not pass, at severity ERROR, its details naming each of ``expected``; being
    blocking, it stopped the run (a failed step) and everything downstream of ``asset``."""
    found = evaluation(result, asset, check)
    assert found.passed is False, found.description
    assert found.severity == dg.AssetCheckSeverity.ERROR
    assert found.blocking is True
    violations = found.metadata["violations"].value
    assert isinstance(violations, int) and violations >= 1
    text = details(found)
    for word in expected:
        assert word in text, text
    assert not result.success
    assert "cycle_report" not in materialized(result)
    return found


def assert_passes(result: dg.ExecuteInProcessResult, asset: str, check: str) -> None:
    found = evaluation(result, asset, check)
    assert found.passed is True, (found.description, details(found))


# ---------------------------------------------------------------------------------------------
# purged_archive/pruning_floor


def purge_agent(agents: Path) -> AgentVolume:
    """An entry archived 120 days ago (past the 90-day retention), reinforced 3× (under the
    default floor of 5): the purge destroys it, leaving its tombstone."""
    archived = entry(
        "m-old", "The team used Jenkins before 2019.", reinforcement=3, archived_days=120
    )
    return make_volume(agents / AGENT, [archived, entry("m-1", "Standup is at 9:30.")])


def test_purge_pruning_floor_fails_when_the_floor_in_force_protects_a_purged_entry(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """The operator lowers the reinforcement floor to 2 while the cycle runs, right after the
    purge: the entry it destroyed (reinforced 3×) is above the floor now in force."""
    clean = tmp_path / "clean"
    purge_agent(clean)
    control = cycle_with_agent_writes(clean, instance)
    assert control.success
    assert_passes(control, "purged_archive", "pruning_floor")
    assert AgentVolume(clean / AGENT).get("m-old") is None, "the control purged it"

    def lower_the_floor(volume: AgentVolume, _run_id: str) -> None:
        volume.options_path.write_text(json.dumps({"pruning_protection_reinforcement_count": 2}))

    edited = tmp_path / "edited"
    purge_agent(edited)
    result = cycle_with_agent_writes(edited, instance, {"purged_archive": lower_the_floor})

    assert_fails(
        result, "purged_archive", "pruning_floor", "m-old purged above the floor", "reinforced 3×"
    )
    assert "memory_importance" not in materialized(result)


# ---------------------------------------------------------------------------------------------
# consolidated_memory: merge_coverage, provenance


def merge_agent(agents: Path) -> AgentVolume:
    """Two exact duplicates the deterministic consolidation merges, and an unrelated entry."""
    fact = "Caroline moved to Berlin in March 2021 for her job at SAP."
    return make_volume(
        agents / AGENT,
        [entry("m-1", fact), entry("m-2", fact), entry("m-3", "Tea is served at four.")],
    )


def merged_by(volume: AgentVolume, run_id: str) -> list[str]:
    return [e.id for e in volume.scan_entries().live if e.metadata.get(MERGED_BY_RUN) == run_id]


def test_merge_checks_pass_on_the_clean_merge(tmp_path: Path, instance: dg.DagsterInstance) -> None:
    merge_agent(tmp_path)
    result = cycle_with_agent_writes(tmp_path, instance)
    assert result.success
    assert len(merged_by(AgentVolume(tmp_path / AGENT), result.run_id)) == 1
    for check in ("merge_coverage", "provenance"):
        assert_passes(result, "consolidated_memory", check)
        assert checked(result, "consolidated_memory", check) == 1


def test_merge_coverage_fails_when_the_agent_rewrites_the_merge_without_its_specifics(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """The agent rewrites the merged entry right after the merge, dropping the date and the
    employer its two (now archived) sources held."""
    merge_agent(tmp_path)
    rewritten: list[str] = []

    def rewrite_the_merge(volume: AgentVolume, run_id: str) -> None:
        for merged_id in merged_by(volume, run_id):
            volume.update_entry(
                merged_id, lambda current: current.with_changes(content="Caroline moved to Berlin.")
            )
            rewritten.append(merged_id)

    result = cycle_with_agent_writes(tmp_path, instance, {"consolidated_memory": rewrite_the_merge})

    (merged_id,) = rewritten
    assert_fails(
        result, "consolidated_memory", "merge_coverage", f"{merged_id}: dropped", "2021", "SAP"
    )
    assert "skill_catalog" not in materialized(result)


def test_provenance_fails_when_a_merged_source_is_hard_deleted_after_the_merge(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """The agent hard-deletes one archived source file of this run's merge (a cleanup of its
    own memory directory): the merge's merged_from no longer resolves."""
    merge_agent(tmp_path)

    def delete_a_source(volume: AgentVolume, run_id: str) -> None:
        (merged_id,) = merged_by(volume, run_id)
        merged = volume.get(merged_id)
        assert merged is not None and merged.metadata[MERGED_FROM] == ["m-1", "m-2"]
        volume.entry_path("m-1").unlink()

    result = cycle_with_agent_writes(tmp_path, instance, {"consolidated_memory": delete_a_source})

    assert_fails(result, "consolidated_memory", "provenance", "merged_from ['m-1'] do not resolve")
    assert "skill_catalog" not in materialized(result)


# ---------------------------------------------------------------------------------------------
# consolidated_memory/pruning_floor


def ephemeral_agent(agents: Path) -> AgentVolume:
    """Eight entries; the scripted model names the low-value greeting as ephemeral."""
    return make_volume(
        agents / AGENT,
        [
            entry("m-1", "The user said hello on a Tuesday.", importance=0.3),
            entry("m-2", "Tea is served at four in the Lisbon office."),
            entry("m-3", "The office printer is on floor two."),
            entry("m-4", "Standup is at 9:30 on weekdays."),
            entry("m-5", "Bob prefers tea over coffee."),
            entry("m-6", "The VPN config lives in the wiki."),
            entry("m-7", "Deploys go out on Tuesdays and Thursdays."),
            entry("m-8", "The quarterly review is in the big room."),
        ],
    )


def archive_the_greeting(body: dict[str, Any]) -> str:
    user = str(body["messages"][1]["content"])
    to_delete = ["m-1"] if "[m-1]" in user else []
    return json.dumps({"toDelete": to_delete, "toSave": []})


def test_consolidation_pruning_floor_fails_when_an_ephemeral_entry_is_reinforced_above_it(
    tmp_path: Path, instance: dg.DagsterInstance, scripted_llm: ScriptedLLM
) -> None:
    """The model archives the greeting as ephemeral; the agent, seeing it five more times right
    after, reinforces the entry's file: an entry above the floor (5×) is archived as ephemeral."""
    scripted_llm.respond_with(archive_the_greeting)
    model = scripted_model(scripted_llm)

    clean = tmp_path / "clean"
    ephemeral_agent(clean)
    control = cycle_with_agent_writes(clean, instance, llm=model)
    assert control.success
    assert_passes(control, "consolidated_memory", "pruning_floor")
    assert checked(control, "consolidated_memory", "pruning_floor") == 1

    def reinforce(volume: AgentVolume, _run_id: str) -> None:
        volume.update_entry(
            "m-1",
            lambda current: current.with_changes(
                reinforcement_count=current.reinforcement_count + 5
            ),
        )

    edited = tmp_path / "edited"
    ephemeral_agent(edited)
    result = cycle_with_agent_writes(edited, instance, {"consolidated_memory": reinforce}, model)

    assert_fails(
        result,
        "consolidated_memory",
        "pruning_floor",
        "m-1 archived as ephemeral above the floor",
        "reinforced 6×",
    )
    assert "skill_catalog" not in materialized(result)


# ---------------------------------------------------------------------------------------------
# skill_catalog: no_deletion_without_replacement, see_also_resolves


def skills_agent(agents: Path) -> AgentVolume:
    """weather/fetch and notes, and a request for Oslo's forecast (no model: nothing rewritten)."""
    volume = make_volume(agents / AGENT)
    weather_agent(volume, NOW, steps=FORECAST_STEPS * 4)
    return volume


def test_no_deletion_without_replacement_fails_when_a_skill_vanishes_during_the_run(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """The agent removes its notes skill's directory while the cycle runs: a skill the run's
    snapshot read is gone, with no archived copy and no replacement."""
    clean = tmp_path / "clean"
    skills_agent(clean)
    control = cycle_with_agent_writes(clean, instance)
    assert control.success
    assert_passes(control, "skill_catalog", "no_deletion_without_replacement")

    def remove_notes(volume: AgentVolume, _run_id: str) -> None:
        shutil.rmtree(volume.skill_path("notes").parent)

    edited = tmp_path / "edited"
    skills_agent(edited)
    result = cycle_with_agent_writes(edited, instance, {"skill_catalog": remove_notes})

    assert_fails(
        result,
        "skill_catalog",
        "no_deletion_without_replacement",
        "notes: gone from skills/ and not in skills-archive/",
        "notes: removed without an archive record naming a replacement",
    )
    assert "inferred_preferences" not in materialized(result)


LONG = "Steps: open the tool, run the query, check the output, report back. " * 4


def email_agent(agents: Path) -> AgentVolume:
    """Two email skills the scripted model consolidates into email/write (archiving both)."""
    volume = make_volume(agents / AGENT)
    for name, created, used in (("email/send", 20, 1), ("email/compose", 40, 5)):
        volume.save_skill(
            Skill(
                name,
                f"how to {name}",
                LONG,
                created_at=NOW - timedelta(days=created),
                last_used_at=NOW - timedelta(days=used),
            )
        )
    volume.save_skill(Skill("calendar", "how to calendar", LONG, see_also=("email/send",)))
    return volume


def consolidate_email(body: dict[str, Any]) -> str:
    system = str(body["messages"][0]["content"])
    if "skill-consolidation" not in system:
        return json.dumps({"toDelete": [], "toSave": []})
    merged = {
        "name": "email/write",
        "summary": "Compose and send an email",
        "content": "Write it, then send it. " * 10,
        "sourceNames": ["email/send", "email/compose"],
        "seeAlso": ["calendar"],
    }
    return json.dumps({"toDelete": ["email/send", "email/compose"], "toSave": [merged]})


def test_see_also_resolves_fails_when_the_agent_links_a_skill_the_run_archived(
    tmp_path: Path, instance: dg.DagsterInstance, scripted_llm: ScriptedLLM
) -> None:
    """The run archives email/send (redirecting calendar's see_also); the agent, with the old
    catalog in mind, saves a new skill pointing at email/send."""
    scripted_llm.respond_with(consolidate_email)
    model = scripted_model(scripted_llm)

    clean = tmp_path / "clean"
    email_agent(clean)
    control = cycle_with_agent_writes(clean, instance, llm=model)
    assert control.success
    assert_passes(control, "skill_catalog", "see_also_resolves")
    names = {s.name for s in AgentVolume(clean / AGENT).scan_skills().skills}
    assert names == {"email/write", "calendar"}, "the control consolidated the email skills"

    def link_the_archived_skill(volume: AgentVolume, _run_id: str) -> None:
        volume.save_skill(Skill("notes", "Take notes", "Write it down.", see_also=("email/send",)))

    edited = tmp_path / "edited"
    email_agent(edited)
    result = cycle_with_agent_writes(
        edited, instance, {"skill_catalog": link_the_archived_skill}, model
    )

    assert_fails(
        result,
        "skill_catalog",
        "see_also_resolves",
        "notes: see_also 'email/send' does not resolve",
    )
    assert_passes(result, "skill_catalog", "no_deletion_without_replacement")
    assert "inferred_preferences" not in materialized(result)


# ---------------------------------------------------------------------------------------------
# inferred_preferences/sensitive_flagged


def preference_agent(agents: Path) -> AgentVolume:
    """A user who said, irritated, never to use emojis: one inferred preference, not sensitive."""
    volume = make_volume(agents / AGENT)
    said = {"session_id": "s1", "role": "user", "content": "Never use emojis!!"}
    weather_agent(volume, NOW, steps=FORECAST_STEPS * 4, chat=[said])
    return volume


def test_sensitive_flagged_fails_when_the_agent_extends_an_inferred_preference_to_credentials(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """Right after the pass wrote the preference, the agent appends a rule about its API token
    to it, keeping the pass's metadata: it now touches credentials without the permission flag."""
    clean = tmp_path / "clean"
    preference_agent(clean)
    control = cycle_with_agent_writes(clean, instance)
    assert control.success
    assert_passes(control, "inferred_preferences", "sensitive_flagged")
    assert checked(control, "inferred_preferences", "sensitive_flagged") == 1

    extended: list[str] = []

    def extend(volume: AgentVolume, _run_id: str) -> None:
        for preference in volume.scan_entries().live:
            if preference.category == INFERRED_CATEGORY:
                assert PERMISSION not in preference.metadata
                volume.update_entry(
                    preference.id,
                    lambda current: current.with_changes(
                        content=current.content + " Never paste the API token into chat."
                    ),
                )
                extended.append(preference.id)

    edited = tmp_path / "edited"
    preference_agent(edited)
    result = cycle_with_agent_writes(edited, instance, {"inferred_preferences": extend})

    (preference_id,) = extended
    assert_fails(
        result,
        "inferred_preferences",
        "sensitive_flagged",
        f"{preference_id}: touches",
        f'lacks {PERMISSION} = "true"',
    )
    assert "store_writeback" not in materialized(result)


# ---------------------------------------------------------------------------------------------
# store_writeback/nothing_lost


def connected_agent(root: Path) -> Path:
    """An agent connected to a Claude Code memory directory with duplicate notes to merge."""
    memory = write_claude_memory(root / "memory")
    connect_agent(root / "agents" / AGENT, memory)
    return root / "agents"


def test_nothing_lost_fails_when_a_removed_items_kept_copy_is_deleted(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """Right after the writeback removed the merged sources from the store (kept byte for byte in
    store-archive/<run>/), a disk cleanup deletes one kept copy: that item is lost."""
    clean = connected_agent(tmp_path / "clean")
    control = cycle_with_agent_writes(clean, instance)
    assert control.success
    assert_passes(control, "store_writeback", "nothing_lost")

    def clean_up(volume: AgentVolume, run_id: str) -> None:
        kept = volume.root / "store-archive" / run_id / "deploys.md"
        assert kept.is_file()
        kept.unlink()

    edited = connected_agent(tmp_path / "edited")
    result = cycle_with_agent_writes(edited, instance, {"store_writeback": clean_up})

    assert_fails(
        result,
        "store_writeback",
        "nothing_lost",
        f"deploys.md: removed from the store by run {result.run_id} with no copy in store-archive/",
    )


# ---------------------------------------------------------------------------------------------
# Every check has a test that makes it fail


FAILING_TESTS: dict[str, str] = {
    "retained_logs:within_bounds": "defs.test_failures_stay_local::"
    "test_an_untrimmable_log_is_a_warning_and_every_other_pass_runs",
    "purged_archive:pruning_floor": "checks.test_checks_can_fail::"
    "test_purge_pruning_floor_fails_when_the_floor_in_force_protects_a_purged_entry",
    "consolidated_memory:merge_coverage": "checks.test_checks_can_fail::"
    "test_merge_coverage_fails_when_the_agent_rewrites_the_merge_without_its_specifics",
    "consolidated_memory:pruning_floor": "checks.test_checks_can_fail::"
    "test_consolidation_pruning_floor_fails_when_an_ephemeral_entry_is_reinforced_above_it",
    "consolidated_memory:provenance": "checks.test_checks_can_fail::"
    "test_provenance_fails_when_a_merged_source_is_hard_deleted_after_the_merge",
    "consolidated_memory:standing_provenance": "defs.test_failures_stay_local::"
    "test_a_hard_deleted_archived_source_of_an_older_merge_warns_and_the_cycle_completes",
    "skill_catalog:no_deletion_without_replacement": "checks.test_checks_can_fail::"
    "test_no_deletion_without_replacement_fails_when_a_skill_vanishes_during_the_run",
    "skill_catalog:see_also_resolves": "checks.test_checks_can_fail::"
    "test_see_also_resolves_fails_when_the_agent_links_a_skill_the_run_archived",
    "skill_catalog:see_also_standing": "defs.test_failures_stay_local::"
    "test_a_preexisting_dangling_see_also_lets_the_cycle_complete",
    "inferred_preferences:sensitive_flagged": "checks.test_checks_can_fail::"
    "test_sensitive_flagged_fails_when_the_agent_extends_an_inferred_preference_to_credentials",
    "store_writeback:nothing_lost": "checks.test_checks_can_fail::"
    "test_nothing_lost_fails_when_a_removed_items_kept_copy_is_deleted",
    "memory_audit:no_unexplained_loss": "passes.test_memory_audit::"
    "test_memory_audit_asset_materializes_numeric_metadata_and_its_check",
    "review_queue:no_stale_items": "defs.test_review_queue_observation::"
    "test_the_check_runs_on_demand",
}


def test_every_check_of_the_definitions_has_a_test_that_makes_it_fail() -> None:
    """A new check comes with a test, through Dagster, in which it fails (listed here)."""
    import importlib

    from dream_assets.definitions import defs

    keys = {key.to_user_string() for key in defs.resolve_asset_graph().asset_check_keys}
    assert keys == set(FAILING_TESTS)
    for name in FAILING_TESTS.values():
        module, function = name.split("::")
        found = importlib.import_module(f"dream_assets_tests.{module}")
        assert callable(getattr(found, function, None)), name


def test_nothing_lost_fails_when_the_snapshot_is_corrupted_as_well(
    tmp_path: Path, instance: dg.DagsterInstance
) -> None:
    """The same lost kept copy, and store-snapshot.json truncated (a full disk): the check can no
    longer list what the store held, which must not make it pass — the unreadable snapshot is
    named, and so is the lost copy, from the mirror's own record of what the run removed."""

    def clean_up_and_truncate(volume: AgentVolume, run_id: str) -> None:
        (volume.root / "store-archive" / run_id / "deploys.md").unlink()
        snapshot = volume.root / "store-snapshot.json"
        snapshot.write_text(snapshot.read_text(encoding="utf-8")[:100], encoding="utf-8")

    agents = connected_agent(tmp_path)
    result = cycle_with_agent_writes(agents, instance, {"store_writeback": clean_up_and_truncate})

    assert_fails(
        result,
        "store_writeback",
        "nothing_lost",
        "store-snapshot.json: unreadable",
        f"cc-deploys.md: removed from the store by run {result.run_id}, its kept copy "
        f"store-archive/{result.run_id}/deploys.md is gone or altered",
    )
