"""Prompt of the independent merge verification call.

The verifier sees only the sources and the merged text: not the consolidation prompt, not the
directive that produced the merge, not the model's reasoning. A second look that shares the
first one's framing tends to share its mistakes. Contract (docs/merge-checks.md): each source on
its own line starting with ``[<id>]``, the merged text on one line starting with ``MERGED: ``.
"""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.models import MemoryEntry
from dream_assets.prompts import one_line


def verification_prompt(
    directive: str, sources: Sequence[MemoryEntry], merged: str, hints: Sequence[str] = ()
) -> tuple[str, str]:
    """``hints``: what the deterministic checks flagged without rejecting, each on a ``CHECK: ``
    line after the merged text (things to look at; the verdicts stay the verifier's)."""
    lines = [
        "Sources:",
        *(f"[{s.id}] {one_line(s.content)}" for s in sources),
        "",
        f"MERGED: {one_line(merged)}",
    ]
    if hints:
        lines += ["", *(f"CHECK: {one_line(hint)}" for hint in hints)]
    return directive, "\n".join(lines)
