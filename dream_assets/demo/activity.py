"""The demo agent's activity: sessions, their logs, the conversation log and single-file logs.

Per-session logs reach past the 30-day age limit beside a persistent ``cli-session`` that only
the line cap bounds; single-file logs run over the 50 000-line cap; the recent sessions carry
the conversation scripts of ``data/sessions.yaml`` (recurring requests, preference statements
at each sentiment threshold), recent Corrections and poor ratings; one tool-call log holds a
few malformed lines (validation on read). See docs/agent-volume.md for the line schemas.
"""

from __future__ import annotations

import bisect
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from dream_assets.core.clock import format_time
from dream_assets.core.store.jsonl import encode_line
from dream_assets.demo.material import Feedback, Material, Script
from dream_assets.demo.moments import DAY, seconds, times
from dream_assets.demo.writer import DemoWriter

CLI_SESSION = "cli-session"
SINGLE_FILE_DAYS = 60


@dataclass
class Session:
    session_id: str
    start: datetime
    end: datetime
    script: Script | None


@dataclass
class SessionLogs:
    """What the session logs hold, for the summary, the marker and the skills' last use."""

    files: int = 0
    feedback_lines: int = 0
    last_used: dict[str, datetime] = field(default_factory=dict)
    malformed_path: str = ""
    malformed_lines: list[int] = field(default_factory=list)

    def saw(self, skill: str, moment: datetime) -> None:
        self.last_used[skill] = max(self.last_used.get(skill, moment), moment)


class SkillPicker:
    """Draws skills by usage weight, never one that did not exist yet at that moment."""

    def __init__(self, rng: random.Random, material: Material, created: dict[str, datetime]):
        self.rng = rng
        self.created = created
        self.names = [skill.name for skill in material.skills]
        self.weights = [skill.usage_weight for skill in material.skills]

    def many(self, moments: list[datetime]) -> list[str]:
        drawn = self.rng.choices(self.names, self.weights, k=len(moments))
        return [
            name if self.created[name] <= moment else self.one(moment)
            for name, moment in zip(drawn, moments, strict=True)
        ]

    def one(self, moment: datetime) -> str:
        names = [name for name in self.names if self.created[name] <= moment]
        weights = [self.weights[self.names.index(name)] for name in names]
        return self.rng.choices(names, weights)[0]


def plan_sessions(rng: random.Random, now: datetime, scripts: tuple[Script, ...]) -> list[Session]:
    # Older sessions reach past the 30-day age limit so log retention has files to delete;
    # the last ones (within the 7-day feedback window) carry the conversation scripts.
    sessions: list[Session] = []
    seen: set[str] = set()
    starts = sorted(now - seconds(rng, 8 * DAY, 75 * DAY) for _ in range(38))
    recent = sorted(now - seconds(rng, timedelta(hours=3), 6 * DAY) for _ in scripts)
    for index, start in enumerate(starts + recent):
        script = scripts[index - len(starts)] if index >= len(starts) else None
        # A scripted session lasts long enough to hold its turns (at most 3 minutes apart).
        shortest = timedelta(minutes=30 if script else 5)
        end = start + seconds(rng, shortest, timedelta(minutes=90))
        session_id = f"s-{start:%Y%m%d}-{rng.getrandbits(16):04x}"
        while session_id in seen:
            session_id = f"s-{start:%Y%m%d}-{rng.getrandbits(16):04x}"
        seen.add(session_id)
        sessions.append(Session(session_id, start, end, script))
    return sessions


def _feedback_line(moment: datetime, session_id: str, item: Feedback) -> str:
    return encode_line(
        {
            "ts": format_time(moment),
            "session_id": session_id,
            "kind": item.kind,
            "rating": item.rating,
            "skills": list(item.skills),
            "text": item.text,
        }
    )


def _tool_call_line(
    moment: datetime, session_id: str, tool: str, ok: bool, duration_ms: int
) -> str:
    return encode_line(
        {
            "ts": format_time(moment),
            "session_id": session_id,
            "tool": tool,
            "ok": ok,
            "duration_ms": duration_ms,
        }
    )


def _skill_usage_line(moment: datetime, session_id: str, skill: str) -> str:
    return encode_line({"ts": format_time(moment), "session_id": session_id, "skill": skill})


def _break_lines(lines: list[str]) -> list[int]:
    """An agent killed mid-append, a writer bug that dropped the timestamp, a stray non-object:
    each must be reported on read and the file left in place. Returns the 1-based lines broken."""
    lines[3] = lines[3][: len(lines[3]) // 2]
    untimed = json.loads(lines[7])
    del untimed["ts"]
    lines[7] = encode_line(untimed)
    lines[12] = "null"
    return [4, 8, 13]


def write_session_logs(
    rng: random.Random,
    writer: DemoWriter,
    material: Material,
    sessions: list[Session],
    picker: SkillPicker,
) -> SessionLogs:
    now, volume = writer.now, writer.volume
    tools_by_skill = {skill.name: skill.tools for skill in material.skills}
    logs = SessionLogs()
    scripted = [session for session in sessions if session.script is not None]
    unscripted = [session for session in sessions if session.script is None]
    malformed_session = scripted[2].session_id

    # Older feedback lands in the unscripted session that ended closest to its age.
    old_feedback: dict[str, list[Feedback]] = {}
    for item in material.old_feedback:
        age = item.days_ago * DAY
        session = min(unscripted, key=lambda s: abs((now - s.end) - age))
        old_feedback.setdefault(session.session_id, []).append(item)

    for session in sessions:
        sid = session.session_id
        if session.script is not None:
            used = list(session.script.skills)
        else:
            used = list(dict.fromkeys(picker.many([session.start] * rng.randint(1, 3))))
        usage = sorted(
            (moment, name)
            for name in used
            for moment in times(rng, session.start, session.end, rng.randint(1, 4))
        )
        for moment, name in usage:
            logs.saw(name, moment)
        logs.files += 1
        writer.log(
            volume.session_log_dir("skill-usage") / f"{sid}.jsonl",
            (_skill_usage_line(moment, sid, name) for moment, name in usage),
            usage[-1][0],
        )

        tools = [tool for name in used for tool in tools_by_skill[name]]
        tools += material.generic_tools
        moments = times(rng, session.start, session.end, rng.randint(8, 120))
        lines = [
            _tool_call_line(
                moment, sid, rng.choice(tools), rng.random() > 0.05, rng.randint(40, 2500)
            )
            for moment in moments
        ]
        if sid == malformed_session:
            logs.malformed_lines = _break_lines(lines)
            logs.malformed_path = f"logs/tool-call/{sid}.jsonl"
        logs.files += 1
        writer.log(volume.session_log_dir("tool-call") / f"{sid}.jsonl", lines, moments[-1])

        if session.script is not None and session.script.feedback:
            feedback = list(session.script.feedback)
            start = session.end + timedelta(minutes=1)
            moments = times(rng, start, start + timedelta(minutes=10), len(feedback))
        else:
            feedback = old_feedback.get(sid, [])
            moments = [session.end + timedelta(minutes=2 + i) for i in range(len(feedback))]
        if feedback:
            _write_feedback(writer, logs, sid, moments, feedback)

    _write_cli_session(rng, writer, material, picker, logs)
    return logs


def _write_cli_session(
    rng: random.Random,
    writer: DemoWriter,
    material: Material,
    picker: SkillPicker,
    logs: SessionLogs,
) -> None:
    # The persistent session: written continuously, so age and count pruning never reap it;
    # only the per-file line cap (50 000) bounds it, hence more lines than that.
    now, volume = writer.now, writer.volume
    start = now - SINGLE_FILE_DAYS * DAY
    last = now - timedelta(minutes=3)

    usage_times = times(rng, start, last, 1500)
    usage_names = picker.many(usage_times)
    for moment, name in zip(usage_times, usage_names, strict=True):
        logs.saw(name, moment)
    logs.files += 1
    writer.log(
        volume.session_log_dir("skill-usage") / f"{CLI_SESSION}.jsonl",
        (
            _skill_usage_line(moment, CLI_SESSION, name)
            for moment, name in zip(usage_times, usage_names, strict=True)
        ),
        usage_times[-1],
    )

    all_tools = sorted(
        {tool for skill in material.skills for tool in skill.tools} | set(material.generic_tools)
    )
    call_times = times(rng, start, last, 55_000)
    call_tools = rng.choices(all_tools, k=len(call_times))
    logs.files += 1
    writer.log(
        volume.session_log_dir("tool-call") / f"{CLI_SESSION}.jsonl",
        (
            _tool_call_line(moment, CLI_SESSION, tool, rng.random() > 0.04, rng.randint(30, 4000))
            for moment, tool in zip(call_times, call_tools, strict=True)
        ),
        call_times[-1],
    )

    feedback = material.cli_feedback
    moments = [
        now - item.days_ago * DAY - seconds(rng, timedelta(0), timedelta(hours=12))
        for item in feedback
    ]
    _write_feedback(writer, logs, CLI_SESSION, moments, feedback)


def _write_feedback(
    writer: DemoWriter,
    logs: SessionLogs,
    session_id: str,
    moments: list[datetime],
    feedback: Sequence[Feedback],
) -> None:
    """One session's feedback log, its lines counted for the summary."""
    logs.files += 1
    logs.feedback_lines += writer.log(
        writer.volume.session_log_dir("feedback") / f"{session_id}.jsonl",
        (
            _feedback_line(moment, session_id, item)
            for moment, item in zip(moments, feedback, strict=True)
        ),
        moments[-1],
    )


def write_conversation(rng: random.Random, writer: DemoWriter, sessions: list[Session]) -> int:
    lines: list[str] = []
    last = sessions[-1].end
    for session in sessions:
        if session.script is None:
            continue
        moment = session.start
        for turn in session.script.turns:
            moment += seconds(rng, timedelta(seconds=15), timedelta(minutes=3))
            record = {
                "ts": format_time(moment),
                "session_id": session.session_id,
                "role": turn.role,
                "content": turn.content,
            }
            lines.append(encode_line(record))
            last = moment
    return writer.log(writer.volume.conversation_log, lines, last)


def _session_at(sessions: list[Session], starts: list[datetime], moment: datetime) -> str:
    index = bisect.bisect_right(starts, moment) - 1
    if index >= 0 and moment <= sessions[index].end:
        return sessions[index].session_id
    return CLI_SESSION


def write_single_file_logs(
    rng: random.Random,
    writer: DemoWriter,
    material: Material,
    sessions: list[Session],
    picker: SkillPicker,
) -> int:
    # Both big logs are over the 50 000-line cap so retention trims them; their ~60 days reach
    # past the 14-day wisp window, so windowing is exercised too.
    now, volume = writer.now, writer.volume
    start = now - SINGLE_FILE_DAYS * DAY
    last = now - timedelta(minutes=1)
    ordered = sorted(sessions, key=lambda s: s.start)
    starts = [s.start for s in ordered]
    resources = {skill.name: skill.resources for skill in material.skills}
    total = 0

    moments = times(rng, start, last, 52_000)
    skills = picker.many(moments)
    total += writer.log(
        volume.single_log("skill-resource-usage"),
        (
            encode_line(
                {
                    "ts": format_time(moment),
                    "session_id": _session_at(ordered, starts, moment),
                    "skill": skill,
                    "resource": rng.choice(resources[skill]),
                }
            )
            for moment, skill in zip(moments, skills, strict=True)
        ),
        moments[-1],
    )

    moments = times(rng, start, last, 51_000)
    total += writer.log(
        volume.single_log("wisp-executions"),
        (
            _wisp_line(rng, material, moment, _session_at(ordered, starts, moment), picker.created)
            for moment in moments
        ),
        moments[-1],
    )

    moments = times(rng, now - 30 * DAY, last, 3_000)
    tiers = rng.choices(material.tiers, [tier.weight for tier in material.tiers], k=len(moments))
    total += writer.log(
        volume.single_log("tier-routing"),
        (
            encode_line(
                {
                    "ts": format_time(moment),
                    "session_id": _session_at(ordered, starts, moment),
                    "tier": tier.tier,
                    "model": tier.model,
                    "cost_usd": round(rng.uniform(tier.min_cost_usd, tier.max_cost_usd), 6),
                }
            )
            for moment, tier in zip(moments, tiers, strict=True)
        ),
        moments[-1],
    )
    return total


def _wisp_line(
    rng: random.Random,
    material: Material,
    moment: datetime,
    session_id: str,
    skill_created: dict[str, datetime],
) -> str:
    if rng.random() < 0.7:
        wisp = rng.choice(material.recurring_wisps)
        description, skill, failure_rate = wisp.description, wisp.skill, wisp.failure_rate
        step, error = wisp.failed_step, wisp.error
        if skill is not None and skill_created[skill] > moment:
            # Before its skill existed the same wisp ran ad hoc: it was promoted later.
            skill = None
    else:
        one_off = material.one_off_wisps
        template = rng.choice(one_off.templates)
        values = {name: rng.choice(pool) for name, pool in one_off.pools.items()}
        description = template.format(
            n=rng.randint(5, 400),
            w=rng.choice([800, 1200]),
            id=f"{rng.getrandbits(20):05x}",
            **values,
        )
        skill, failure_rate = None, 0.1
        step, error = rng.choice(one_off.failed_steps), rng.choice(one_off.errors)
    ok = rng.random() >= failure_rate
    return encode_line(
        {
            "ts": format_time(moment),
            "session_id": session_id,
            "description": description,
            "ok": ok,
            "failed_step": None if ok else step,
            "error": None if ok else error,
            "skill": skill,
        }
    )
