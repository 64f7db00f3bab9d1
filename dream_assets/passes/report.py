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
            "model_calls": self.model_calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "extra": {
                k: v
                for k, v in self.extra.items()
                if isinstance(v, str | int | float | bool | dict | list)
            },
        }

    def record_call(self, completion: Any) -> None:
        """Count one model call and its tokens (a ``dream_assets.llm.Completion``)."""
        self.model_calls += 1
        self.prompt_tokens += completion.prompt_tokens
        self.completion_tokens += completion.completion_tokens

    def absorb_model(self, model: Any) -> None:
        """Copy what a ChatModel saw into the report (calls, tokens, redactions, budget)."""
        if model is None:
            return
        self.model_calls = len(model.calls)
        self.prompt_tokens = model.prompt_tokens
        self.completion_tokens = model.completion_tokens
        self.extra["estimated_calls"] = sum(1 for c in model.calls if c.estimated)
        self.extra["chars_sent"] = model.chars_sent
        self.extra["redactions"] = dict(model.redactions)
        if model.budget is not None:
            self.extra["budget"] = model.budget.status()

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
