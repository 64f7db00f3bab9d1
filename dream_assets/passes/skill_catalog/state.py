"""What passes 2-4 share in one run (``SkillCatalogRun``): the agent, the clock, the model, the
report, the ledger, the bounds, and the helpers every one of them writes through."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

from dream_assets.core.models import Skill
from dream_assets.core.report import PassReport
from dream_assets.core.safety.redaction import contains_redaction_marker, needs_redaction
from dream_assets.core.safety.review_queue import ReviewQueue, make_item, spent_so_far
from dream_assets.core.skills.changes import log_skill_change
from dream_assets.core.skills.versions import keep_version, record_after
from dream_assets.core.store.ledger import PassLedger
from dream_assets.core.store.volume import PathEscapeError
from dream_assets.llm import Outcome, ask
from dream_assets.passes.call import PassCall

T = TypeVar("T")

_SPACES = re.compile(r"\s+")


@dataclass
class SkillCatalogRun:
    """What passes 2–4 share in one run: the call (the agent, the clock, the model, the bounds),
    the report, the ledger.

    ``busy`` is set when the agent's LLM stayed busy: the passes after it do not ask again.
    """

    call: PassCall
    report: PassReport
    ledger: PassLedger
    busy: str | None = None
    # Passes whose prompt needed secret redaction: what the model wrote from it waits for
    # review instead of being saved (docs/safety.md).
    redacted: set[str] = field(default_factory=set)
    # Why the run's bounds (``call.bounds``) stopped this run's changes once they did.
    stopped: str | None = None

    def may_change(self, pass_name: str, target: str, *, finishing: bool = False) -> bool:
        """Before one change to the catalog: True when it may be made now. Past a bound (or
        once cancelled) it waits for the next cycle, counted. ``finishing`` (a see_also redirect
        completing an archive already made) is stopped only by a cancellation."""
        if self.call.bounds is None:
            return True
        reason = self.call.bounds.cancelled() if finishing else self.call.bounds.stop_reason()
        if reason is None:
            return True
        self.stopped = self.stopped or reason
        self.report.count("waiting_next_cycle")
        self.report.decide("waiting", target, f"{pass_name}: {reason}")
        return False

    def spend(self, change: str, target: str) -> None:
        if self.call.bounds is not None:
            self.call.bounds.spend(change, target)

    def log_change(self, action: str, skill: str, **details: Any) -> None:
        log_skill_change(self.call.volume, self.call.run, self.call.now, action, skill, **details)

    def live_skills(self, *, warn: bool = False) -> dict[str, Skill]:
        scan = self.call.volume.scan_skills()
        if warn:
            for problem in scan.problems:
                self.report.warnings.append(
                    f"unreadable skill left in place: {problem.path}: {problem.reason}"
                )
        return {s.name: s for s in scan.skills}

    def gate(self, pass_name: str, fingerprint: str, gated: str) -> str | None:
        """Why the ledger's change gate lets a corpus-wide pass run, or None when it is closed
        (then counted as ``gated`` and reported)."""
        gate = self.ledger.change_gate(
            pass_name,
            fingerprint,
            self.call.now,
            enabled=self.call.options.change_gate_enabled,
            max_skip=timedelta(days=self.call.options.max_skip_interval_days),
        )
        if not gate.run:
            self.report.count(gated)
            self.report.decide("skipped", pass_name, gate.reason)
            return None
        return gate.reason

    def safe_name(self, pass_name: str, raw: str) -> str | None:
        """A model-supplied skill name, or None (refused and reported) when it could escape."""
        name = _SPACES.sub("-", raw.strip())
        try:
            self.call.volume.skill_path(name)
        except PathEscapeError as exc:
            self.report.refuse("unsafe-name", raw, f"{pass_name}: {exc}")
            return None
        return name

    def refuse_invalid(self, pass_name: str, invalid: tuple[str, ...]) -> None:
        for problem in invalid:
            unsafe = "not a safe skill name" in problem
            self.report.refuse("unsafe-name" if unsafe else "invalid-item", pass_name, problem)

    def save(self, pass_name: str, skill: Skill, *, finishing: bool = False) -> bool:
        """Save a skill the model wrote, keeping the earlier version for undo; a skill with a
        redaction marker is refused, one written from redacted input goes to review; one past
        the run's bounds waits for the next cycle."""
        text = skill.to_markdown()
        if contains_redaction_marker(text):
            self.report.refuse("redaction marker", skill.name, f"{pass_name}: never written")
            return False
        if not self.may_change(pass_name, skill.name, finishing=finishing):
            return False
        if pass_name in self.redacted:
            item = make_item(
                kind="skill",
                reason=f"{pass_name}: its input needed secret redaction",
                sources=[],
                now=self.call.now,
                run_id=self.call.run,
                content=text,
                category=skill.name,
                tokens=spent_so_far(self.report),
            )
            ReviewQueue(self.call.volume.root).add(item)
            self.report.count("pending_review")
            self.report.decide(
                "pending-review", skill.name, f"{pass_name}: redacted input ({item.id})"
            )
            return False
        try:
            keep_version(self.call.volume, self.call.run, skill.name)
            self.call.volume.save_skill(skill)
            record_after(self.call.volume, self.call.run, skill.name)
        except (OSError, PathEscapeError, ValueError) as exc:
            self.report.fail(f"{pass_name}: saving {skill.name} failed: {exc}")
            return False
        self.spend(f"{pass_name} save", skill.name)
        return True

    def archive(self, name: str) -> None:
        """Move a skill to skills-archive/, keeping the version undo puts back."""
        keep_version(self.call.volume, self.call.run, name)
        self.call.volume.archive_skill(name)
        record_after(self.call.volume, self.call.run, name)

    def ask(
        self, pass_name: str, system: str, user: str, parse: Callable[[dict[str, Any]], T]
    ) -> T | None:
        """One model call; None (and nothing changed, no stamp) when it yields no usable reply."""
        assert self.call.model is not None
        call = ask(
            self.call.model,
            system,
            user,
            purpose=pass_name,
            parse=parse,
            report=self.report,
        )
        if call.outcome is Outcome.BUSY:
            self.busy = call.reason
        if call.outcome is Outcome.CANCELLED:
            self.stopped = self.stopped or call.reason
        if needs_redaction(system) or needs_redaction(user):
            self.redacted.add(pass_name)
        return call.settle(self.report)
