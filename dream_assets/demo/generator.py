"""``dream demo DIR``: a realistic agent volume, deterministic from a seed.

Every pass of the cycle needs something to chew on, so the volume plants, on purpose:
near-duplicate memories worded differently but sharing every name, date and number (the cluster
scan and the merge coverage check), exact and near-exact duplicates (the only merges a
deterministic consolidation may make on its own), high-value and archived entries of several ages
(the archive purge and its high-value floor), last_seen_at spread over ten months (decay), sparse,
overlapping and prefix-family skills (skill consolidation and optimization), per-session logs past
the 30-day age limit beside a persistent ``cli-session`` that only the line cap bounds,
single-file logs over the 50 000-line cap, a conversation log with recurring requests and
preference statements at each sentiment threshold, recent Corrections and poor ratings, and a few
malformed log lines (validation on read).

The hand-written material lives in ``data/``; this module and its neighbours only draw from it.
Only ``random.Random(seed)`` and the given ``now`` feed the output, so equal ``(seed, now)`` give
byte-identical files with identical mtimes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from dream_assets.core.clock import format_time
from dream_assets.core.models import Skill, is_high_value
from dream_assets.demo import material as demo_material
from dream_assets.demo.activity import (
    SkillPicker,
    plan_sessions,
    write_conversation,
    write_session_logs,
    write_single_file_logs,
)
from dream_assets.demo.memory import plant_memory
from dream_assets.demo.moments import DAY, seconds
from dream_assets.demo.writer import DemoWriter, prepare_root

# The pruning floor the summary's ``high_value`` counts against (the archive purge's defaults).
HIGH_VALUE_IMPORTANCE = 0.80
HIGH_VALUE_REINFORCEMENT = 5

# A skill body shorter than this is sparse: never touched after it was created.
SPARSE_BODY_CHARS = 200


@dataclass(frozen=True)
class DemoSummary:
    """Counts measured while writing the volume.

    ``near_duplicate_groups`` counts reworded paraphrase groups plus exact/near-exact duplicate
    pairs; ``high_value`` counts live and archived entries at or above the pruning floor
    (importance >= 0.80 or reinforcement >= 5).
    """

    entries_live: int
    entries_archived: int
    near_duplicate_groups: int
    high_value: int
    skills: int
    session_files: int
    single_file_log_lines: int
    conversation_lines: int
    feedback_lines: int


def write_demo(root: Path, *, seed: int = 7, now: datetime) -> DemoSummary:
    """Write a realistic demo agent volume into ``root`` (created if missing).

    Refuses (ValueError naming the path) a non-empty directory that is not already a demo
    volume; an existing demo volume is regenerated. Output depends only on ``seed`` and ``now``.
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    now = now.astimezone(UTC).replace(microsecond=0)
    root = Path(root)
    material = demo_material.load()
    prepare_root(root)
    rng = random.Random(seed)
    writer = DemoWriter(root, now)
    # Marked first, so a run that dies half-way leaves a volume the next run may regenerate.
    writer.marker({"generator": "dream demo", "seed": seed, "now": format_time(now)})

    memory = plant_memory(rng, now, material)
    for entry in memory.entries:
        writer.entry(entry)

    skill_created = {
        skill.name: now - skill.created_days_ago * DAY - seconds(rng, timedelta(0), DAY)
        for skill in material.skills
    }
    picker = SkillPicker(rng, material, skill_created)
    sessions = plan_sessions(rng, now, material.scripts)
    logs = write_session_logs(rng, writer, material, sessions, picker)
    conversation_lines = write_conversation(rng, writer, sessions)
    single_file_lines = write_single_file_logs(rng, writer, material, sessions, picker)

    for spec in material.skills:
        created = skill_created[spec.name]
        edited = created
        if len(spec.body) >= SPARSE_BODY_CHARS:
            edited = min(now, created + seconds(rng, timedelta(0), 10 * DAY))
        skill = Skill(
            name=spec.name,
            summary=spec.summary,
            content=spec.body,
            created_at=created,
            last_used_at=logs.last_used.get(spec.name, created),
            see_also=spec.see_also,
        )
        writer.skill(skill, edited)

    writer.copy(writer.volume.vocabulary_path, material.vocabulary_json, now - 30 * DAY)
    writer.marker(
        {
            "generator": "dream demo",
            "seed": seed,
            "now": format_time(now),
            "paraphrase_groups": memory.paraphrase_groups,
            "exact_duplicate_pairs": memory.exact_pairs,
            "distinct_moment_pairs": memory.distinct_moments,
            "malformed_log": {"path": logs.malformed_path, "line_numbers": logs.malformed_lines},
        }
    )
    writer.settle_directories()

    return DemoSummary(
        entries_live=sum(1 for entry in memory.entries if not entry.archived),
        entries_archived=sum(1 for entry in memory.entries if entry.archived),
        near_duplicate_groups=len(memory.paraphrase_groups) + len(memory.exact_pairs),
        high_value=sum(
            1
            for entry in memory.entries
            if is_high_value(
                entry,
                floor_importance=HIGH_VALUE_IMPORTANCE,
                floor_reinforcement=HIGH_VALUE_REINFORCEMENT,
            )
        ),
        skills=len(material.skills),
        session_files=logs.files,
        single_file_log_lines=single_file_lines,
        conversation_lines=conversation_lines,
        feedback_lines=logs.feedback_lines,
    )
