"""Prompt of the independent merge verification call.

The verifier sees only the sources and the merged text: not the consolidation prompt, not the
directive that produced the merge, not the model's reasoning. A second look that shares the
first one's framing tends to share its mistakes. Contract (docs/merge-checks.md): each source on
its own line starting with ``[<id>]``, the merged text on one line starting with ``MERGED: ``.
"""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.models import MemoryEntry
from dream_assets.prompts import PromptCuts, one_line


def verification_prompt(
    directive: str,
    sources: Sequence[MemoryEntry],
    merged: str,
    hints: Sequence[str] = (),
    cuts: PromptCuts | None = None,
) -> tuple[str, str]:
    """``hints``: what the deterministic checks flagged without rejecting, each on a ``CHECK: ``
    line after the merged text (things to look at; the verdicts stay the verifier's). ``cuts``
    records a source or merged text too long to show whole (the verifier is then not asked)."""
    show = cuts.entry_text if cuts else (lambda _id, text: one_line(text))
    lines = [
        "Sources:",
        *(f"[{s.id}] {show(s.id, s.content)}" for s in sources),
        "",
        f"MERGED: {show('merged text', merged)}",
    ]
    if hints:
        lines += ["", *(f"CHECK: {one_line(hint)}" for hint in hints)]
    return directive, "\n".join(lines)
