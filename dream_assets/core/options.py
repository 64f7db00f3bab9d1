"""Every option of the dream cycle, with its default and meaning beside it (docs/options.md).

Precedence: built-in default < environment (``DREAM_<NAME>``) < the agent's ``dream-options.json``.
A bad value is a ``OptionsError`` naming the option and where it came from. Where the table says
so, a non-positive value disables that dimension (retention ages/counts, decay half-life,
archive retention, min interval).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import timedelta
from pathlib import Path
from typing import Any


class OptionsError(ValueError):
    pass


EMBEDDINGS_CHOICES = ("", "lexical", "local", "endpoint")
EXECUTOR_CHOICES = ("in_process", "celery")
# Never quoted in an error message.
SECRET_OPTIONS = frozenset({"llm_api_key", "celery_broker"})


def _option(default: Any, doc: str, **kwargs: Any) -> Any:
    """A field with its default and its one-line meaning (``options_table`` renders both)."""
    return field(default=default, metadata={"doc": doc}, **kwargs)


@dataclass(frozen=True)
class DreamOptions:
    # -- Scheduling: first cycle 5 minutes after the daemon starts, then every 4 hours; while
    # the agent's LLM serves a user turn the cycle polls every 5 s rather than queue behind it.
    enabled: bool = _option(True, "automated cycles for this agent on/off")
    interval_hours: float = _option(4.0, "cycle cadence")
    initial_delay_minutes: float = _option(5.0, "first cycle after the daemon starts")
    llm_busy_poll_seconds: float = _option(5.0, "poll interval while `llm-busy` exists")
    llm_busy_max_wait_seconds: float = _option(300.0, "longest wait for `llm-busy` per call")

    # -- Feature flags
    log_retention_enabled: bool = _option(True, "Pass 0 on/off")
    skill_gap_enabled: bool = _option(True, "skill gap detection on/off")
    preference_inference_enabled: bool = _option(True, "preference inference on/off")
    wisp_failure_analysis_enabled: bool = _option(True, "wisp failure analysis on/off")

    # -- Cadence (deployment-wide, read by the sensors). A cycle checked within 5 minutes of
    # its window is "on time"; new conversation activity waits for a quiet period first.
    cycle_cron: str = _option("", "cron (UTC) replacing the interval windows, e.g. `0 */4 * * *`")
    cadence_check_seconds: int = _option(15, "how often the cadence sensor checks")
    cadence_requests_per_check: int = _option(
        2, "cycles the cadence and activity sensors request per check (a window is paged)"
    )
    discovery_partitions_per_check: int = _option(
        50, "new agent directories the discovery sensor registers per check (the rest wait)"
    )
    activity_quiet_period_minutes: float = _option(
        60.0, "quiet period before new conversation activity starts a cycle"
    )

    # -- Change gate: corpus-wide passes skip unchanged input, but run at least once a week
    # because some of their rules depend on time, which a content hash cannot see.
    change_gate_enabled: bool = _option(True, "corpus-wide passes skip unchanged input")
    max_skip_interval_days: float = _option(7.0, "longest a gated pass may skip")

    # -- Pass 1, memory consolidation
    consolidation_min_interval_hours: float = _option(
        6.0, "min time between completed consolidations (≤ 0 disables)"
    )
    similarity_threshold: float = _option(0.88, "near-duplicate threshold")
    max_cluster_size: int = _option(3, "cluster cap (bounds eligibility, not merge size)")
    merge_repair_enabled: bool = _option(True, "one narrow repair call per rejected merge")
    merge_repair_max_per_cycle: int = _option(10, "repairs per cycle at most")
    merge_source_vanish_share: float = _option(
        0.7,
        "share of a source's content words a merge may lose before the source counts as dropped",
    )
    merge_verification_enabled: bool = _option(
        True, "an independent model call verifies each model merge before it is applied"
    )
    # Beyond the consolidation rules: a reply that would archive much of what it was shown as
    # ephemeral is more likely a confused model than a noisy corpus.
    runaway_deletion_max_fraction: float = _option(
        0.25,
        "a reply archiving more than this share of what it saw as ephemeral is refused whole",
    )

    # -- Audiences and events (docs/safety.md): private evidence stays on the volume; an event's
    # detail survives until a week after it is done or cancelled.
    log_memory_text: bool = _option(
        False,
        "run logs, metadata, decision tables and the safety report quote non-public memory "
        "text (off: ids and counts only)",
    )
    event_grace_days: float = _option(
        7.0, "a done or cancelled event may be compacted this long after its end"
    )

    # -- High-value pruning floor: merged yes, archived as ephemeral or purged never.
    pruning_protection_importance: float = _option(0.80, "high-value floor: importance")
    pruning_protection_reinforcement_count: int = _option(5, "high-value floor: reinforcement")

    # -- Pass 0b, archive purge
    memory_archive_retention_days: float = _option(
        90.0, "archived entries older than this are purged, floor kept (≤ 0 keeps forever)"
    )

    # -- Importance decay: a core 0.95 memory reaches the floor in about six months.
    importance_decay_grace_days: float = _option(30.0, "decay: grace after last seen")
    importance_decay_half_life_days: float = _option(45.0, "decay: half-life (≤ 0 disables)")
    importance_decay_floor: float = _option(0.10, "decay: floor")
    # A write per entry per cycle is what made a large agent's cycle cost its size; the deferred
    # decay is applied in full by the write that follows, so the stored score lags by less.
    importance_decay_write_quantum: float = _option(
        0.01, "decay: an entry is rewritten only when its importance moves by at least this"
    )

    # -- Pass 0, log retention (≤ 0 disables a dimension)
    log_retention_max_file_age_days: float = _option(
        30.0,
        "per-session files older than this are deleted; at least the widest query window "
        "(skill usage, 30 days), so age pruning never starves a pass",
    )
    log_retention_max_files_per_directory: int = _option(
        1000, "per-session directory cap, oldest dropped first"
    )
    log_retention_max_lines_per_file: int = _option(
        50_000, "every log line-trimmed to its last N lines"
    )

    # -- Token budget: per run, and per rolling 24 hours per agent (≤ 0 disables).
    run_token_budget: int = _option(60_000, "tokens per run")
    daily_token_budget: int = _option(262_144, "tokens per rolling 24 h per agent")

    # -- One writer per agent and bounded runs (docs/safety.md: leases, a wall-clock deadline, a
    # mutation allowance of 50 changes per rolling 24 h). A job there has 120 s for a few
    # proposals; a whole cycle here walks every pass, so its deadline is longer (≤ 0 disables).
    lease_ttl_minutes: float = _option(
        60.0, "the agent's `dream.lease` expires this long after its last renewal"
    )
    run_deadline_minutes: float = _option(
        30.0, "wall-clock deadline of one run; every pass stops between changes past it"
    )
    max_changes_per_run: int = _option(
        50,
        "changes one run may apply (merges, archives, skill saves, preferences, annotations); "
        "the rest wait for the next cycle",
    )
    daily_change_allowance: int = _option(
        50, "changes per rolling 24 h per agent, every pass counted (docs/safety.md: 50 changes)"
    )

    # -- Memory audit
    audit_pause_on_loss: bool = _option(
        False, "the audit writes the consolidation pause file when entries vanish"
    )

    # -- Review queue (seed 003: review is where operators look): an item nobody decided for a
    # week is probably forgotten, not deliberately pending.
    review_stale_days: float = _option(
        7.0, "an open review item waiting longer warns on `review_queue` (≤ 0 disables)"
    )
    # Deployment-wide (read by the review queue sensor); the default is the deployment's proxy
    # path on the same site as the Dagster UI (docs/deploy.md).
    review_url: str = _option(
        "/review/", "the review page as the operators' browser reaches it (the UI links there)"
    )

    # -- Telemetry windows read by the knowledge passes
    tier_routing_window_days: float = _option(14.0, "tier-routing window")
    feedback_window_days: float = _option(7.0, "feedback window")
    feedback_max_signals: int = _option(50, "feedback signals at most")
    skill_usage_window_days: float = _option(30.0, "skill usage window")
    wisp_window_days: float = _option(14.0, "wisp window")

    # -- The model (an OpenAI-compatible endpoint; with no model every pass is deterministic)
    llm_base_url: str = _option("", "chat/embeddings endpoint, e.g. `http://127.0.0.1:8080/v1`")
    llm_model: str = _option("", "chat model name; unset means no model")
    # The key never appears in a repr or an error message.
    llm_api_key: str = _option("", "API key (falls back to `OPENAI_API_KEY`)", repr=False)
    llm_timeout_s: float = _option(60.0, "seconds per model call")
    llm_max_retries: int = _option(2, "SDK retries of a 429/5xx/timeout (honours Retry-After)")
    # Deployment-wide (read when the definitions load): the pool is declared on the assets.
    llm_pool_limit: int = _option(
        1, "model calls in flight at once per endpoint (1 for a local model, N for a hosted API)"
    )
    # How a run's steps execute (deployment-wide, read when the definitions load): in the run's
    # own process, or as Celery tasks on workers of other machines (docs/deploy.md).
    executor: str = _option(
        "in_process", "where a run's steps execute: `in_process` or `celery` (extra `celery`)"
    )
    # May carry the broker's password: never shown in a repr.
    celery_broker: str = _option(
        "", "broker of `celery`, e.g. `pyamqp://guest:guest@host:5672//`", repr=False
    )
    celery_queue: str = _option("dagster", "queue the `celery` steps are sent to (workers' `-q`)")
    # Near-duplicate candidates from embeddings: "" (lexical, or the endpoint when
    # ``embedding_model`` is set), "lexical", "local" (the offline model of the optional extra
    # ``semantic``) or "endpoint" (the OpenAI-compatible embeddings endpoint). For "local" only
    # the recorded, checksummed models are accepted ("" picks all-MiniLM-L6-v2; all-mpnet-base-v2
    # needs the extra ``semantic-mpnet``).
    embeddings: str = _option(
        "", "near-duplicate candidates: `lexical`, `local` (extra `semantic`) or `endpoint`"
    )
    embedding_model: str = _option(
        "",
        "embedding model (the endpoint's, or the local one: all-MiniLM-L6-v2, or "
        "all-mpnet-base-v2 with the extra `semantic-mpnet`)",
    )

    @property
    def quiet_period(self) -> timedelta:
        """How long a conversation must be quiet before a cycle may read it."""
        return timedelta(minutes=self.activity_quiet_period_minutes)

    @property
    def lease_ttl(self) -> timedelta:
        return timedelta(minutes=self.lease_ttl_minutes)

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
            got = "***" if name in SECRET_OPTIONS else repr(getattr(self, name))
            if origin == "environment":
                return OptionsError(f"{env_name(name)} {why} (option {name!r}, got {got})")
            return OptionsError(f"{origin}: option {name!r} {why} (got {got})")

        for name in ("similarity_threshold",):
            if not 0.0 < getattr(self, name) <= 1.0:
                raise bad(name, "must be within (0, 1]")
        if not 0.0 <= self.importance_decay_write_quantum < 1.0:
            raise bad("importance_decay_write_quantum", "must be within [0, 1)")
        for name in (
            "importance_decay_floor",
            "runaway_deletion_max_fraction",
            "merge_source_vanish_share",
        ):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise bad(name, "must be within [0, 1]")
        if self.embeddings not in EMBEDDINGS_CHOICES:
            choices = ", ".join(repr(c) for c in EMBEDDINGS_CHOICES)
            raise bad("embeddings", f"must be one of {choices}")
        if self.executor not in EXECUTOR_CHOICES:
            raise bad("executor", f"must be one of {', '.join(map(repr, EXECUTOR_CHOICES))}")
        if not self.celery_queue:
            raise bad("celery_queue", "must not be empty")
        if self.max_cluster_size < 2:
            raise bad("max_cluster_size", "must be at least 2")
        for name in (
            "interval_hours",
            "llm_busy_poll_seconds",
            "feedback_max_signals",
            "cadence_check_seconds",
            "cadence_requests_per_check",
            "discovery_partitions_per_check",
            "llm_timeout_s",
            "llm_pool_limit",
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
            "llm_max_retries",
        ):
            if getattr(self, name) < 0:
                raise bad(name, "must not be negative")
        widest, window = max((getattr(self, w), w) for w in QUERY_WINDOWS)
        if 0 < self.log_retention_max_file_age_days < widest:
            # Seed 000: "Floor maxFileAge at the widest dream query window (skill usage looks
            # back 30 days) so age pruning never starves a downstream pass."
            raise bad(
                "log_retention_max_file_age_days",
                f"must be at least the widest query window ({window} = {widest:g} days), so "
                "age pruning never starves a downstream pass (≤ 0 disables age pruning)",
            )


# The windows the passes query the per-session logs over (the age floor of log retention).
QUERY_WINDOWS = (
    "skill_usage_window_days",
    "feedback_window_days",
    "wisp_window_days",
    "tier_routing_window_days",
)


# The numeric kinds: the values taken as they are, the conversion, how text is read, the name.
_NUMBERS: dict[str, tuple[tuple[type, ...], Callable[[Any], Any], Callable[[str], Any], str]] = {
    "int": ((int,), int, lambda text: int(text.replace("_", "")), "an integer"),
    "float": ((int, float), float, float, "a number"),
}


def _coerce(name: str, raw: Any, kind: Any, origin: str) -> Any:
    kind_name = kind if isinstance(kind, str) else kind.__name__
    if origin == "environment":
        where = f"environment: {env_name(name)} (option {name!r})"
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
    if kind_name in _NUMBERS:
        accepted, convert, parse, called = _NUMBERS[kind_name]
        # A JSON true is not 1.
        if isinstance(raw, accepted) and not isinstance(raw, bool):
            return convert(raw)
        if isinstance(raw, str):
            try:
                return parse(raw.strip())
            except ValueError:
                pass
        raise OptionsError(f"{where} must be {called} (got {raw!r})")
    raise OptionsError(f"{where} has an unsupported type {kind_name}")


def env_name(option: str) -> str:
    """The environment variable of an option: ``DREAM_<NAME>``."""
    return f"DREAM_{option.upper()}"


def env_overrides(env: Mapping[str, str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for spec in fields(DreamOptions):
        value = env.get(env_name(spec.name))
        if value is not None:
            found[spec.name] = value
    # The OpenAI SDK's own variable, for a hosted API whose key is already in the environment.
    if not (found.get("llm_api_key") or "").strip() and (env.get("OPENAI_API_KEY") or "").strip():
        found["llm_api_key"] = env["OPENAI_API_KEY"]
    return found


def options_table() -> str:
    """The documentation table of every option (docs/options.md is generated from it)."""
    lines = ["| option | environment | default | meaning |", "|---|---|---|---|"]
    for spec in fields(DreamOptions):
        default = spec.default
        shown = f"`{default!r}`" if isinstance(default, str) else f"`{default}`"
        if isinstance(default, bool):
            shown = f"`{str(default).lower()}`"
        elif isinstance(default, int):
            shown = f"`{default:_}`".replace("_", " ")
        elif isinstance(default, float):
            shown = f"`{default:g}`"
        doc = spec.metadata.get("doc", "")
        lines.append(f"| `{spec.name}` | `{env_name(spec.name)}` | {shown} | {doc} |")
    return "\n".join(lines)


def agent_options(base: DreamOptions, agent_options_file: Path) -> DreamOptions:
    """``base`` (the defaults and the environment, read once by the entry point) with the
    agent's ``dream-options.json`` over it, when the file exists. A file that cannot be read (a
    directory, a FIFO, never waited on; not UTF-8; not JSON; nested too deeply) is an
    ``OptionsError`` naming it."""
    try:
        # Looked at before it is opened: a FIFO is never waited on, a device never read. (Not
        # ``store.jsonl.read_regular``: it imports the clock, which options does not reach; the
        # circle test of dream_assets_tests/test_layout.py builds on that.)
        if not stat.S_ISREG(os.stat(agent_options_file).st_mode):
            raise OptionsError(f"{agent_options_file}: cannot be read: not a regular file")
        # Opened without waiting and looked at again by its descriptor: a file swapped for a FIFO
        # between the look and the open is still never waited on.
        with open(os.open(agent_options_file, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise OptionsError(f"{agent_options_file}: cannot be read: not a regular file")
            data = handle.read()
    except FileNotFoundError:
        return base
    except OSError as exc:
        raise OptionsError(f"{agent_options_file}: cannot be read: {exc}") from exc
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise OptionsError(f"{agent_options_file}: not UTF-8: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise OptionsError(f"{agent_options_file}: not valid JSON: {exc}") from exc
    except RecursionError:
        raise OptionsError(f"{agent_options_file}: nested too deeply to read") from None
    if not isinstance(raw, dict):
        raise OptionsError(f"{agent_options_file}: must be a JSON object of option: value")
    return base.with_overrides(raw, str(agent_options_file))


def load_options(env: Mapping[str, str], agent_options_file: Path | None = None) -> DreamOptions:
    options = DreamOptions().with_overrides(env_overrides(env), "environment")
    return options if agent_options_file is None else agent_options(options, agent_options_file)


OPTIONS_PAGE_HEADER = """# Options

Generated from `dream_assets/core/options.py` by `python -m dream_assets.core.options`; a test
keeps this page and the code in step.

Precedence: built-in default < environment (`DREAM_<NAME>`) < the agent's `dream-options.json`,
which wins. A bad value fails with an error naming the option and where it came from (the
variable or the file). A non-positive value disables a dimension where the table says so.
`OPENAI_API_KEY` is used when `DREAM_LLM_API_KEY` is unset.

"""


def options_page() -> str:
    return OPTIONS_PAGE_HEADER + options_table() + "\n"


if __name__ == "__main__":
    print(options_page(), end="")
