"""Every option of the dream cycle, with the seed's default beside it.

Precedence: built-in default < environment (``DREAM_<NAME>``) < the agent's ``dream-options.json``.
A bad value is a ``OptionsError`` naming the option and where it came from. Where the seed says
so, a non-positive value disables that dimension (retention ages/counts, decay half-life,
archive retention, min interval).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any


class OptionsError(ValueError):
    pass


EMBEDDINGS_CHOICES = ("", "lexical", "local", "endpoint")


@dataclass(frozen=True)
class DreamOptions:
    # Scheduling (seed: InitialDelay 5 min, Interval 4 h; LLM busy back-off polls every 5 s)
    enabled: bool = True
    interval_hours: float = 4.0
    initial_delay_minutes: float = 5.0
    llm_busy_poll_seconds: float = 5.0
    llm_busy_max_wait_seconds: float = 300.0

    # Feature flags
    log_retention_enabled: bool = True
    skill_gap_enabled: bool = True
    preference_inference_enabled: bool = True
    wisp_failure_analysis_enabled: bool = True

    # Cadence (deployment-wide, read by the sensors): a cron replacing the interval windows
    # (UTC, e.g. "0 */4 * * *"), how often the cadence checks (a window checked within 5
    # minutes is "on time"), and seed 003's conversation quiet period before activity may
    # start a cycle.
    cycle_cron: str = ""
    cadence_check_seconds: int = 30
    activity_quiet_period_minutes: float = 60.0

    # Change gate (seed: DreamPassChangeGateEnabled, DreamPassMaxSkipInterval 7 days)
    change_gate_enabled: bool = True
    max_skip_interval_days: float = 7.0

    # Pass 1 — memory consolidation
    consolidation_min_interval_hours: float = 6.0
    similarity_threshold: float = 0.88
    max_cluster_size: int = 3
    merge_repair_enabled: bool = True
    merge_repair_max_per_cycle: int = 10
    # Beyond the seed: refuse a reply that archives more than this share of what it was shown.
    runaway_deletion_max_fraction: float = 0.25
    # Near-duplicate candidates from embeddings (issue 11): "" (lexical, or the endpoint when
    # ``embedding_model`` is set, as before the option existed), "lexical", "local" (the offline
    # model of the optional extra ``semantic``) or "endpoint" (the OpenAI-compatible embeddings
    # endpoint). ``embedding_model`` names the model (env DREAM_EMBEDDING_MODEL); for "local"
    # only the recorded, checksummed models are accepted ("" picks all-MiniLM-L6-v2).
    embeddings: str = ""
    embedding_model: str = ""

    # High-value pruning floor (seed: PruningProtectionImportance / ...ReinforcementCount)
    pruning_protection_importance: float = 0.80
    pruning_protection_reinforcement_count: int = 5

    # Pass 0b — archive purge (seed: MemoryArchiveRetention 90 days)
    memory_archive_retention_days: float = 90.0

    # Importance decay (seed: grace 30, half-life 45, floor 0.10)
    importance_decay_grace_days: float = 30.0
    importance_decay_half_life_days: float = 45.0
    importance_decay_floor: float = 0.10

    # Pass 0 — log retention
    log_retention_max_file_age_days: float = 30.0
    log_retention_max_files_per_directory: int = 1000
    log_retention_max_lines_per_file: int = 50_000

    # Token budget (seed 002: dreamMaxTokens 60 000 per run; seed 003: 262 144 per rolling day)
    run_token_budget: int = 60_000
    daily_token_budget: int = 262_144

    # Memory audit: write the consolidation pause file when entries vanish outside the purge.
    audit_pause_on_loss: bool = False

    # Telemetry windows read by the knowledge passes
    tier_routing_window_days: float = 14.0
    feedback_window_days: float = 7.0
    feedback_max_signals: int = 50
    skill_usage_window_days: float = 30.0
    wisp_window_days: float = 14.0

    def with_overrides(self, overrides: Mapping[str, Any], origin: str) -> DreamOptions:
        known = {f.name: f for f in fields(self)}
        changes: dict[str, Any] = {}
        for key, raw in overrides.items():
            spec = known.get(key)
            if spec is None:
                raise OptionsError(f"{origin}: unknown option {key!r}")
            changes[key] = _coerce(key, raw, spec.type, origin)
        updated = replace(self, **changes)
        updated.validate(origin)
        return updated

    def validate(self, origin: str = "options") -> None:
        def bad(name: str, why: str) -> OptionsError:
            return OptionsError(f"{origin}: option {name!r} {why} (got {getattr(self, name)!r})")

        for name in ("similarity_threshold",):
            if not 0.0 < getattr(self, name) <= 1.0:
                raise bad(name, "must be within (0, 1]")
        for name in ("importance_decay_floor", "runaway_deletion_max_fraction"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise bad(name, "must be within [0, 1]")
        if self.embeddings not in EMBEDDINGS_CHOICES:
            choices = ", ".join(repr(c) for c in EMBEDDINGS_CHOICES)
            raise bad("embeddings", f"must be one of {choices}")
        if self.max_cluster_size < 2:
            raise bad("max_cluster_size", "must be at least 2")
        for name in (
            "interval_hours",
            "llm_busy_poll_seconds",
            "feedback_max_signals",
            "cadence_check_seconds",
        ):
            if getattr(self, name) <= 0:
                raise bad(name, "must be positive")
        for name in (
            "initial_delay_minutes",
            "llm_busy_max_wait_seconds",
            "merge_repair_max_per_cycle",
            "feedback_window_days",
            "skill_usage_window_days",
            "wisp_window_days",
            "tier_routing_window_days",
            "activity_quiet_period_minutes",
        ):
            if getattr(self, name) < 0:
                raise bad(name, "must not be negative")


def _coerce(name: str, raw: Any, kind: Any, origin: str) -> Any:
    kind_name = kind if isinstance(kind, str) else kind.__name__
    if origin == "environment":
        where = f"environment: DREAM_{name.upper()} (option {name!r})"
    else:
        where = f"{origin}: option {name!r}"
    if kind_name == "str":
        if isinstance(raw, str):
            return raw.strip()
        raise OptionsError(f"{where} must be a string (got {raw!r})")
    if kind_name == "bool":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in {"true", "1", "yes", "on"}:
            return True
        if isinstance(raw, str) and raw.strip().lower() in {"false", "0", "no", "off"}:
            return False
        raise OptionsError(f"{where} must be true or false (got {raw!r})")
    if kind_name == "int":
        if isinstance(raw, bool):
            raise OptionsError(f"{where} must be an integer (got {raw!r})")
        if isinstance(raw, int):
            return raw
        if isinstance(raw, str):
            try:
                return int(raw.strip().replace("_", ""))
            except ValueError:
                pass
        raise OptionsError(f"{where} must be an integer (got {raw!r})")
    if kind_name == "float":
        if isinstance(raw, bool):
            raise OptionsError(f"{where} must be a number (got {raw!r})")
        if isinstance(raw, int | float):
            return float(raw)
        if isinstance(raw, str):
            try:
                return float(raw.strip())
            except ValueError:
                pass
        raise OptionsError(f"{where} must be a number (got {raw!r})")
    raise OptionsError(f"{where} has an unsupported type {kind_name}")


def env_overrides(env: Mapping[str, str]) -> dict[str, str]:
    names = {f.name for f in fields(DreamOptions)}
    found: dict[str, str] = {}
    for key, value in env.items():
        if key.startswith("DREAM_"):
            name = key[len("DREAM_") :].lower()
            if name in names:
                found[name] = value
    return found


def load_options(env: Mapping[str, str], agent_options_file: Path | None = None) -> DreamOptions:
    options = DreamOptions().with_overrides(env_overrides(env), "environment")
    if agent_options_file is not None and agent_options_file.exists():
        try:
            raw = json.loads(agent_options_file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise OptionsError(f"{agent_options_file}: not valid JSON: {exc}") from exc
        if not isinstance(raw, dict):
            raise OptionsError(f"{agent_options_file}: must be a JSON object of option: value")
        options = options.with_overrides(raw, str(agent_options_file))
    return options
