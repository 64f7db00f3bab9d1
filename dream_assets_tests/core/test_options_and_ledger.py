"""Options (defaults, env, per agent, clear errors) and the dream-pass ledger."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from dream_assets.core.options import DreamOptions, OptionsError, load_options, options_page
from dream_assets.core.store.ledger import PassLedger, corpus_fingerprint, stamp_pass
from dream_assets_tests.builders import NOW


def test_defaults_are_the_seeds() -> None:
    o = DreamOptions()
    assert (o.interval_hours, o.initial_delay_minutes, o.consolidation_min_interval_hours) == (
        4,
        5,
        6,
    )
    assert (o.similarity_threshold, o.max_cluster_size) == (0.88, 3)
    assert (o.merge_repair_enabled, o.merge_repair_max_per_cycle) == (True, 10)
    assert (o.pruning_protection_importance, o.pruning_protection_reinforcement_count) == (0.8, 5)
    assert o.memory_archive_retention_days == 90
    assert (
        o.importance_decay_grace_days,
        o.importance_decay_half_life_days,
        o.importance_decay_floor,
    ) == (30, 45, 0.1)
    assert (
        o.log_retention_max_file_age_days,
        o.log_retention_max_files_per_directory,
        o.log_retention_max_lines_per_file,
    ) == (30, 1000, 50_000)
    assert (o.change_gate_enabled, o.max_skip_interval_days, o.tier_routing_window_days) == (
        True,
        7,
        14,
    )
    assert (
        o.feedback_window_days,
        o.feedback_max_signals,
        o.skill_usage_window_days,
        o.wisp_window_days,
    ) == (7, 50, 30, 14)


def test_environment_overrides_defaults_and_agent_file_overrides_environment(
    tmp_path: Path,
) -> None:
    agent_file = tmp_path / "dream-options.json"
    agent_file.write_text('{"max_cluster_size": 5}')
    env = {"DREAM_MAX_CLUSTER_SIZE": "4", "DREAM_MERGE_REPAIR_ENABLED": "false", "HOME": "/x"}
    options = load_options(env, agent_file)
    assert options.max_cluster_size == 5
    assert options.merge_repair_enabled is False


def test_bad_environment_value_names_the_option() -> None:
    named = r"environment: DREAM_SIMILARITY_THRESHOLD \(option 'similarity_threshold'\)"
    with pytest.raises(OptionsError, match=named):
        load_options({"DREAM_SIMILARITY_THRESHOLD": "lots"})


def test_out_of_range_value_names_the_option() -> None:
    with pytest.raises(OptionsError, match="similarity_threshold"):
        load_options({"DREAM_SIMILARITY_THRESHOLD": "1.5"})


def test_unknown_key_in_agent_file_names_the_file_and_key(tmp_path: Path) -> None:
    agent_file = tmp_path / "dream-options.json"
    agent_file.write_text('{"max_clustr_size": 5}')
    with pytest.raises(OptionsError, match=r"dream-options.json: unknown option 'max_clustr_size'"):
        load_options({}, agent_file)


def test_malformed_agent_file_is_a_clear_error(tmp_path: Path) -> None:
    agent_file = tmp_path / "dream-options.json"
    agent_file.write_text("[1,")
    with pytest.raises(OptionsError, match=r"dream-options\.json: not valid JSON"):
        load_options({}, agent_file)


def test_log_file_age_below_the_widest_query_window_is_refused_with_the_seeds_reason(
    tmp_path: Path,
) -> None:
    """Seed 000: floor maxFileAge at the widest dream query window (skill usage looks back 30
    days), so age pruning never starves a downstream pass."""
    agent_file = tmp_path / "dream-options.json"
    agent_file.write_text('{"log_retention_max_file_age_days": 7}')
    with pytest.raises(OptionsError, match=r"dream-options\.json: option "
                       r"'log_retention_max_file_age_days' must be at least the widest query "
                       r"window \(skill_usage_window_days = 30 days\), so age pruning never "
                       r"starves a downstream pass"):  # fmt: skip
        load_options({}, agent_file)
    with pytest.raises(OptionsError, match="wisp_window_days = 45 days"):
        load_options({"DREAM_WISP_WINDOW_DAYS": "45"})
    assert load_options({"DREAM_LOG_RETENTION_MAX_FILE_AGE_DAYS": "30"})
    # A non-positive age disables age pruning: nothing is starved.
    assert load_options({"DREAM_LOG_RETENTION_MAX_FILE_AGE_DAYS": "0"})


def test_non_positive_value_is_accepted_where_it_disables_a_dimension() -> None:
    options = load_options(
        {
            "DREAM_IMPORTANCE_DECAY_HALF_LIFE_DAYS": "0",
            "DREAM_MEMORY_ARCHIVE_RETENTION_DAYS": "-1",
            "DREAM_LOG_RETENTION_MAX_LINES_PER_FILE": "0",
        }
    )
    assert options.importance_decay_half_life_days == 0


def test_missing_ledger_runs_everything_once(tmp_path: Path) -> None:
    ledger = PassLedger.load(tmp_path / "dream-pass-ledger.json")
    decision = ledger.change_gate(
        "skill_consolidation", "abc", NOW, enabled=True, max_skip=timedelta(days=7)
    )
    assert decision.run and ledger.warning is None


def test_corrupt_ledger_degrades_to_run_everything_once(tmp_path: Path) -> None:
    path = tmp_path / "dream-pass-ledger.json"
    path.write_text("{broken")
    ledger = PassLedger.load(path)
    assert ledger.warning and "unreadable ledger" in ledger.warning
    assert ledger.change_gate("p", "abc", NOW, enabled=True, max_skip=timedelta(days=7)).run
    assert ledger.min_interval_block("p", NOW, timedelta(hours=6)) is None


def test_unchanged_corpus_is_skipped_until_the_max_skip_interval(tmp_path: Path) -> None:
    path = tmp_path / "dream-pass-ledger.json"
    fingerprint = corpus_fingerprint(["skill a", "skill b"])
    stamp_pass(path, "skill_consolidation", NOW, fingerprint)
    ledger = PassLedger.load(path)
    week = timedelta(days=7)
    assert not ledger.change_gate(
        "skill_consolidation", fingerprint, NOW + timedelta(days=6), enabled=True, max_skip=week
    ).run
    assert ledger.change_gate(
        "skill_consolidation", fingerprint, NOW + week, enabled=True, max_skip=week
    ).run
    changed = corpus_fingerprint(["skill a", "skill b2"])
    assert ledger.change_gate("skill_consolidation", changed, NOW, enabled=True, max_skip=week).run
    assert ledger.change_gate(
        "skill_consolidation", fingerprint, NOW, enabled=False, max_skip=week
    ).run


def test_min_interval_blocks_a_pass_completed_recently(tmp_path: Path) -> None:
    path = tmp_path / "dream-pass-ledger.json"
    stamp_pass(path, "memory_consolidation", NOW)
    ledger = PassLedger.load(path)
    reason = ledger.min_interval_block(
        "memory_consolidation", NOW + timedelta(hours=5), timedelta(hours=6)
    )
    assert reason and reason.startswith("skipped — last completed")
    assert (
        ledger.min_interval_block(
            "memory_consolidation", NOW + timedelta(hours=6), timedelta(hours=6)
        )
        is None
    )
    assert ledger.min_interval_block("memory_consolidation", NOW, timedelta(0)) is None


def test_fingerprint_distinguishes_boundaries() -> None:
    assert corpus_fingerprint(["ab", "c"]) != corpus_fingerprint(["a", "bc"])


def test_stamps_of_other_passes_survive_a_new_stamp(tmp_path: Path) -> None:
    path = tmp_path / "dream-pass-ledger.json"
    stamp_pass(path, "a", NOW, "x")
    stamp_pass(path, "b", NOW + timedelta(hours=1))
    ledger = PassLedger.load(path)
    assert ledger.last("a") is not None and ledger.last("a").fingerprint == "x"  # type: ignore[union-attr]
    assert ledger.last("b") is not None


def test_options_page_is_generated_from_the_settings_object() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "options.md"
    assert page.read_text(encoding="utf-8") == options_page(), (
        "docs/options.md is stale: python -m dream_assets.core.options > docs/options.md"
    )
