"""The structured result every pass returns; the Dagster layer turns it into metadata."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from dream_assets.core.safety.log_quoting import one_line


class CallUsage(Protocol):
    """What one model call cost (``dream_assets.llm.Completion`` satisfies it)."""

    @property
    def prompt_tokens(self) -> int: ...
    @property
    def completion_tokens(self) -> int: ...
    @property
    def estimated(self) -> bool: ...
    @property
    def chars_sent(self) -> int: ...
    @property
    def redactions(self) -> Counter[str]: ...


@dataclass
class Decision:
    """One thing a pass decided about one item (shown as a row of the markdown table)."""

    action: str  # e.g. "merged", "archived", "kept-floor", "refused", "trimmed"
    target: str
    detail: str = ""


@dataclass
class ModelUsage:
    """Every model call a pass made, counted once, as the call returns."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    # Calls whose provider reported no usage: their counts are characters / 4 estimates.
    estimated_calls: int = 0
    chars_sent: int = 0
    # Secrets redacted from what was sent, by kind.
    redactions: Counter[str] = field(default_factory=Counter)

    def add(self, call: CallUsage) -> None:
        self.calls += 1
        self.prompt_tokens += call.prompt_tokens
        self.completion_tokens += call.completion_tokens
        self.estimated_calls += int(call.estimated)
        self.chars_sent += call.chars_sent
        self.redactions.update(call.redactions)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "redactions": dict(self.redactions)}


@dataclass
class PassReport:
    pass_name: str
    counts: dict[str, float] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)
    refusals: list[Decision] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped: str | None = None
    usage: ModelUsage = field(default_factory=ModelUsage)
    # The run's token budget as the pass left it (``TokenBudget.status()``), when one applied.
    budget: dict[str, Any] | None = None
    # One line for the UI's overview: what this pass wrote that a person would want to see.
    highlights: str = ""
    # How the pass worked when it has more than one way (e.g. the near-duplicate similarity).
    method: str = ""
    # Bounds in force (e.g. log retention limits), shown with the report.
    bounds: dict[str, Any] = field(default_factory=dict)
    # Why the run stopped this pass (``core.safety.cancellation``: "cancelled: agent disabled",
    # ...).
    cancelled: str | None = None

    # Reports stay bounded however large the corpus: the counts carry the totals.
    MAX_ROWS = 200

    @property
    def model_calls(self) -> int:
        return self.usage.calls

    @property
    def prompt_tokens(self) -> int:
        return self.usage.prompt_tokens

    @property
    def completion_tokens(self) -> int:
        return self.usage.completion_tokens

    def count(self, key: str, amount: float = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + amount

    def decide(self, action: str, target: str, detail: str = "") -> None:
        if len(self.decisions) < self.MAX_ROWS:
            self.decisions.append(Decision(action, target, detail))

    def refuse(self, reason: str, target: str, detail: str = "") -> None:
        self.count("refused")
        if len(self.refusals) < self.MAX_ROWS:
            self.refusals.append(Decision(reason, target, detail))

    def fail(self, message: str) -> None:
        self.count("failures")
        self.failures.append(message)

    def record_call(self, call: CallUsage) -> None:
        """Count one model call: calls, tokens, characters sent and redactions."""
        self.usage.add(call)

    def to_dict(self) -> dict[str, Any]:
        def rows(items: list[Decision]) -> list[dict[str, str]]:
            return [{"action": d.action, "target": d.target, "detail": d.detail} for d in items]

        return {
            "pass": self.pass_name,
            "skipped": self.skipped,
            "counts": dict(self.counts),
            "decisions": rows(self.decisions),
            "refusals": rows(self.refusals),
            "failures": list(self.failures),
            "warnings": list(self.warnings),
            "model_calls": self.usage.calls,
            "prompt_tokens": self.usage.prompt_tokens,
            "completion_tokens": self.usage.completion_tokens,
            "usage": self.usage.to_dict(),
            "budget": self.budget,
            "highlights": self.highlights,
            "method": self.method,
            "bounds": dict(self.bounds),
            "cancelled": self.cancelled,
        }

    def summary_line(self) -> str:
        if self.skipped:
            return f"{self.pass_name}: {self.skipped}"
        parts = [f"{k} {_fmt(v)}" for k, v in self.counts.items()]
        return f"{self.pass_name}: " + (", ".join(parts) if parts else "nothing to do")

    def markdown(self) -> str:
        lines = [f"**{self.summary_line()}**", ""]
        if self.decisions or self.refusals:
            lines += ["| action | target | detail |", "|---|---|---|"]
            for row in [*self.decisions, *self.refusals]:
                detail = one_line(row.detail.replace("|", "\\|").replace("\n", " ")[:200])
                lines.append(f"| {row.action} | {one_line(row.target)} | {detail} |")
        for failure in self.failures[:20]:
            lines.append(f"- failure: {one_line(failure)}")
        for warning in self.warnings[:20]:
            lines.append(f"- warning: {one_line(warning)}")
        return "\n".join(lines)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3f}"
