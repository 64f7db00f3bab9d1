"""The independent verification call: does the merged text still say what each source says?

The deterministic checks see names, numbers, negations and the like; a fluent merge that swaps
who did what or turns a plan into a done deed passes them. After a model merge passes them, a
second, separately prompted call sees only the sources and the merged text and judges each
source (docs/merge-checks.md). Only a merge ``supported`` for every source is applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.llm_reply import Verdict, parse_verdicts
from dream_assets.core.models import MemoryEntry
from dream_assets.core.safety.budget import verdict_list_room
from dream_assets.llm import Outcome, ask
from dream_assets.passes.memory_consolidation.state import VERIFY, ConsolidationRun
from dream_assets.prompts import PromptCuts, load_directive
from dream_assets.prompts.verification import verification_prompt


@dataclass(frozen=True)
class Verification:
    verdicts: tuple[Verdict, ...]
    # Why there are no verdicts (busy, over budget, failed, unusable); empty when answered.
    why: str = ""
    # The texts were too long to show whole: the verifier was not asked.
    partial: bool = False

    @property
    def unanswered(self) -> bool:
        return not self.verdicts

    @property
    def supported(self) -> bool:
        return bool(self.verdicts) and all(v.verdict == "supported" for v in self.verdicts)

    @property
    def losses(self) -> tuple[str, ...]:
        """Each loss as ``kind: source id — note``, the form the repair call is shown."""
        return tuple(
            f"{v.verdict}: {v.id}" + (f" — {v.note}" if v.note else "")
            for v in self.verdicts
            if v.verdict not in ("supported", "ambiguous")
        )


def verify_merge(
    cycle: ConsolidationRun,
    sources: Sequence[MemoryEntry],
    merged: str,
    hints: Sequence[str] = (),
) -> Verification:
    """``hints``: the deterministic findings that do not reject on their own, for the verifier
    to decide (docs/merge-checks.md, "Hard gates and hints")."""
    assert cycle.model is not None
    directive, _source = load_directive(cycle.volume, VERIFY)
    cuts = PromptCuts()
    system, user = verification_prompt(directive, sources, merged, hints, cuts)
    ids = [s.id for s in sources]
    if cuts.entry_ids:
        # A verdict on part of the text is no verdict: not asked, the merge is not applied.
        cuts.report_to(cycle.report)
        return Verification((), why=f"shown in part: {sorted(cuts.entry_ids)}", partial=True)
    call = ask(
        cycle.model,
        system,
        user,
        purpose=VERIFY,
        parse=lambda reply: parse_verdicts(reply, ids),
        report=cycle.report,
        max_tokens=verdict_list_room(len(ids)),
    )
    if call.outcome is Outcome.BUSY:
        cycle.busy = call.reason
    verdicts = call.settle(cycle.report, unchanged="the merge waits for the next cycle")
    if verdicts is None:
        return Verification((), why=f"{call.outcome.value}: {call.reason}")
    cycle.report.count("verifications")
    for verdict in verdicts:
        cycle.report.count(f"verdict_{verdict.verdict}")
    cycle.report.decide(
        "verified",
        ",".join(ids),
        "; ".join(f"{v.id} {v.verdict}" + (f" ({v.note})" if v.note else "") for v in verdicts),
    )
    return Verification(tuple(verdicts))
