"""The check every merge must pass before it replaces its sources: coverage, then meaning.

One entry point for every place that applies or re-verifies a merge (consolidation and its
repair, review approval, the blocking ``merge_coverage`` asset check, ``dream check-merge``,
skill merges), so that no path applies a merge under a weaker rule than another:

* ``coverage.missing_specifics`` -- the names, acronyms, multi-digit numbers and dates of every
  source survive (docs/passes.md, "The merge coverage check"); its findings are the specifics as
  written, unprefixed;
* ``meaning.changed_meanings`` -- negations, quantities, status markers, attribution, concrete
  details and each source's content survive (docs/merge-checks.md: "compaction preserves
  attribution, negations, quantities, and meaningful outcomes"); its findings carry a kind prefix
  (``negation: not eat meat``, ``quantity: three``, ``source: m-0002``).

``missing`` lists the coverage findings first, then the meaning findings, so a reader (and the
repair prompt) sees the concrete dropped words before the descriptions of what changed.

Hard gates and hints (docs/merge-checks.md, "Hard gates and hints"): only the kinds that are
precise on faithful paraphrases written by someone who never saw the rules reject a merge on their
own -- coverage specifics, a negation lost or added, a quantity changed, a dropped source. The
others (``HINT_KINDS``: detail, status, attribution; since the third round ``name``, a dropped
capital that is weak evidence of a name, and a count the merge adds) reject real rewordings too
often; they become
``hints``, handed to the verification call as things to check, and bind only where nobody will
check them (``hints_bind``: the deterministic path, skill merges, a model merge without
verification). Fourth round: a lost negation perhaps restated (``(restated?)``), an added one
beside another in its clause (``(double negation)``) and a ``source:`` whose own names, dates and
clock times the merge keeps are hints too (docs/merge-checks.md, "Fourth round").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from dream_assets.core.facts.coverage import (
    DEFAULT_VOCABULARY,
    CoverageResult,
    CoverageSource,
    Vocabulary,
    missing_specifics,
    specifics_of,
)
from dream_assets.core.facts.meaning import DEFAULT_RULES, MeaningRules, changed_meanings
from dream_assets.core.facts.meaning.negation import DOUBLE, RESTATED
from dream_assets.core.options import DreamOptions


def meaning_rules(options: DreamOptions) -> MeaningRules:
    """The meaning rules with the agent's configured thresholds."""
    return replace(DEFAULT_RULES, source_vanish_share=options.merge_source_vanish_share)


# Measured on the blind corpus's dev split (benchmarks/bench_blind.py): faithful merges each kind
# rejects, and the losses it alone catches. Hints reject 3-6 % of faithful merges each.
# Third round (docs/merge-checks.md): ``name`` is a coverage finding whose capital is weak evidence
# of a name (``coverage.is_soft_specific``).
HINT_KINDS = frozenset({"detail", "status", "attribution", "name"})
# A count the merge states that no source has ("every Sunday at 10" for "10am", "about 50%" for
# "halfway"): a rewording far more often than a loss, and a changed count is already hard through
# the source's number that the merge no longer carries.
ADDED = " (not in the sources)"


def is_hint(finding: str) -> bool:
    kind = finding.split(": ", 1)[0]
    if kind == "negation" and finding.endswith((DOUBLE, RESTATED)):
        return True  # "nothing ... without"; a negation perhaps said in other words
    return kind in HINT_KINDS or (kind == "quantity" and finding.endswith(ADDED))


def check_merge(
    sources: Sequence[CoverageSource],
    merged: str,
    *,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
    rules: MeaningRules = DEFAULT_RULES,
    hints_bind: bool = False,
) -> CoverageResult:
    """The merge passes only if it drops no specific and changes no meaning of any source that a
    hard gate sees; with ``hints_bind`` the hints reject it too."""
    coverage = missing_specifics(sources, merged, vocabulary=vocabulary, soft=True)
    meaning = changed_meanings(sources, merged, vocabulary=vocabulary, rules=rules)
    # A multi-digit number the coverage check already names ("25") is not named twice.
    already = set(coverage.missing)
    findings = [f for f in meaning.missing if f.split(": ", 1)[-1] not in already]
    if hints_bind:
        missing = (*coverage.missing, *coverage.hints, *findings)
        return CoverageResult(ok=not missing, missing=missing)
    kept = _sources_kept_by_specifics(sources, merged, findings, vocabulary)
    hard = (*coverage.missing, *(f for f in findings if not is_hint(f) and f not in kept))
    hints = (*coverage.hints, *(f for f in findings if is_hint(f) or f in kept))
    return CoverageResult(ok=not hard, missing=hard, hints=hints)


def _sources_kept_by_specifics(
    sources: Sequence[CoverageSource], merged: str, findings: Sequence[str], vocabulary: Vocabulary
) -> set[str]:
    """The ``source:`` findings that are weak evidence of a drop (fourth round): the source has
    specifics of its own (not in a sibling) beyond bare amounts -- a name, a date, a clock time --
    and the merge keeps every one of its specifics ("Two of the team are based in Kraków" / "a
    pair work out of Kraków"; "Dentist appointment on 19 January at 9am" / "Dental appt, Jan 19,
    9 a.m."). What identifies the fact survived; whether its words were reworded faithfully is the
    verifier's. A kept amount alone is no such evidence: the period or the unit around it may be
    what changed ("£120 a month" / "£120 a quarter"), so that drop stays hard."""
    weak: set[str] = set()
    by_id = {s.id: s for s in sources}
    for finding in findings:
        kind, _, source_id = finding.partition(": ")
        source = by_id.get(source_id) if kind == "source" else None
        if source is None:
            continue
        siblings = set()
        for other in sources:
            if other.id != source.id:
                siblings |= set(specifics_of(other.content, vocabulary=vocabulary))
        own = [x for x in specifics_of(source.content, vocabulary=vocabulary) if x not in siblings]
        if not any(not _is_amount(x, source.content) for x in own):
            continue
        if not missing_specifics([source], merged, vocabulary=vocabulary, soft=True).missing:
            weak.add(finding)
    return weak


_BARE_AMOUNT = re.compile(r"[\d.,]+")


def _is_amount(specific: str, text: str) -> bool:
    """A bare number, unless the source writes it as a clock time ("11 pm", "9 a.m.")."""
    if not _BARE_AMOUNT.fullmatch(specific):
        return False
    clock = rf"(?<![\d.,]){re.escape(specific)}\s*(?:[ap]\.?m\b|o'clock)"
    return re.search(clock, text, re.IGNORECASE) is None
