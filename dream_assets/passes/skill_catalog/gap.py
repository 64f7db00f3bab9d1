"""Pass 2 — skill gap detection: a new skill for a request the agent keeps getting.

The conversation log by session plus the catalog, with the recurring-topics signal (terms of
the first user messages found in 2+ sessions). A new skill only for a request seen in 2+
sessions: with fewer sessions the model is not asked at all. Only new names are created.
"""

from __future__ import annotations

from typing import Any

from dream_assets.core.llm_reply import SkillSave, parse_gap_reply, parse_skill_reply
from dream_assets.core.models import Skill
from dream_assets.core.safety.audience import OWNER, records_by_audience, shareable_text
from dream_assets.core.safety.quiet import read_quiet_conversation
from dream_assets.core.skills.recurring_topics import (
    conversation_sessions,
    format_recurring_topics,
    recurring_topics,
)
from dream_assets.core.store.ledger import stamp_pass
from dream_assets.passes.skill_catalog.state import SkillCatalogRun
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.skills import gap_prompt

GAP = "skill_gap"


def gap_detection(run: SkillCatalogRun) -> None:
    report = run.report
    if not run.call.options.skill_gap_enabled:
        report.decide("skipped", GAP, "disabled (skill_gap_enabled = false)")
        return
    # Sessions still inside the quiet period are not read (core.quiet), whatever started the run.
    read = read_quiet_conversation(run.call.volume, run.call.now, run.call.options.quiet_period)
    report.counts["sessions_active"] = len(read.active)
    if read.malformed:
        report.warnings.append(
            f"conversation log: {read.malformed} malformed line(s) skipped ({read.first_problem})"
        )
    # docs/safety.md: skill evidence never mixes audiences. The catalog is shared by every audience,
    # so only the owner's own conversations are evidence for a new skill; the others are
    # counted, never shown to the model or quoted.
    groups = records_by_audience(read.records)
    sessions = conversation_sessions(groups.get(OWNER, []))
    report.counts["sessions_other_audiences"] = sum(
        len(conversation_sessions(records)) for a, records in groups.items() if a != OWNER
    )
    if not sessions:
        report.decide("skipped", GAP, "no conversation of the owner's")
        return
    topics = recurring_topics(sessions)
    report.counts["sessions"] = len(sessions)
    report.counts["recurring_topics"] = len(topics)
    for topic in topics[:25]:
        # A topic is a word of the owner's conversations: quoted in the report (the CLI's line,
        # Dagster's metadata, the decisions) only as the audience rule allows (docs/safety.md).
        term = shareable_text(topic.term, OWNER, log_memory_text=run.call.options.log_memory_text)
        report.decide("recurring-topic", term, f"{topic.sessions} session(s)")
    if len(sessions) < 2:
        report.decide("skipped", GAP, "one session: no request can recur yet")
        return
    if run.call.model is None:
        report.decide("deterministic", GAP, "no model: recurring topics reported, nothing created")
        return

    live = run.live_skills()
    directive, _source = load_directive(run.call.volume, GAP)
    cuts = PromptCuts()
    system, user = gap_prompt(
        directive, [live[n] for n in sorted(live)], sessions, format_recurring_topics(topics), cuts
    )
    cuts.report_to(report)
    parsed = run.ask(GAP, system, user, _gap_and_invalid)
    if parsed is None:
        return
    saves, invalid = parsed
    run.refuse_invalid(GAP, invalid)
    for save in saves:
        name = run.safe_name(GAP, save.name)
        if name is None:
            continue
        if name in live:
            report.refuse("exists", name, "gap detection only creates new skills")
            continue
        skill = Skill(
            name=name,
            summary=save.summary,
            content=save.content,
            created_at=run.call.now,
            extra={"created_by": GAP},
        )
        if run.save(GAP, skill):
            live[name] = skill
            report.count("skills_created")
            report.decide("created", name, save.summary)
            run.log_change("created", name, pass_name=GAP)
    if run.stopped is None:
        stamp_pass(run.call.volume.ledger_path, GAP, run.call.now)


def _gap_and_invalid(raw: dict[str, Any]) -> tuple[tuple[SkillSave, ...], tuple[str, ...]]:
    return parse_gap_reply(raw), parse_skill_reply(raw).invalid
