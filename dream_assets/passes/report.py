"""The structured result every pass returns; the Dagster layer turns it into metadata."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Decision:
    """One thing a pass decided about one item (shown as a row of the markdown table)."""

    action: str  # e.g. "merged", "archived", "kept-floor", "refused", "trimmed"
    target: str
    detail: str = ""


@dataclass
class PassReport:
    pass_name: str
    counts: dict[str, float] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)
    refusals: list[Decision] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped: str | None = None
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    # Reports stay bounded however large the corpus: the counts carry the totals.
    MAX_ROWS = 200

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
                detail = row.detail.replace("|", "\\|").replace("\n", " ")[:200]
                lines.append(f"| {row.action} | {row.target} | {detail} |")
        for failure in self.failures[:20]:
            lines.append(f"- failure: {failure}")
        for warning in self.warnings[:20]:
            lines.append(f"- warning: {warning}")
        return "\n".join(lines)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3f}"
