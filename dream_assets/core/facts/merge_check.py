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
clock times the merge keeps are hints too (docs/merge-checks.md, "Fourth round"). Fifth round
(measured by sub-kind on four blind corpora, ``benchmarks/bench_gate_subkinds.py``): a source
partly kept beside words of the merge's own (``(partly kept, reworded?)``) and an acronym dropped
from a merge that writes words of its own (a ``name:`` hint) join them; each sub-kind of
``details.dropped_findings`` is named by its finding's suffix, where the finding is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from dream_assets.core.facts.coverage import (
    DEFAULT_VOCABULARY,
    CoverageResult,
    CoverageSource,
    Vocabulary,
    missing_specifics,
)
from dream_assets.core.facts.meaning import DEFAULT_RULES, MeaningRules, changed_meanings
from dream_assets.core.facts.meaning.details import REWORDED, SPECIFICS_KEPT
from dream_assets.core.facts.meaning.negation import DOUBLE, OWN_WORDS, RESTATED
from dream_assets.core.facts.meaning.quantity import RANK
from dream_assets.core.options import DreamOptions


def meaning_rules(options: DreamOptions) -> MeaningRules:
    """The meaning rules with the agent's configured thresholds."""
    return replace(DEFAULT_RULES, source_vanish_share=options.merge_source_vanish_share)


# Measured on the blind corpus's dev split (benchmarks/bench_blind.py): faithful merges each kind
# rejects, and the losses it alone catches. Hints reject 3-6 % of faithful merges each.
# Third round (docs/merge-checks.md): ``name`` is a coverage finding whose capital is weak evidence
# of a name (``name_evidence.soft_reason``).
HINT_KINDS = frozenset({"detail", "status", "attribution", "name"})
# A count the merge states that no source has ("every Sunday at 10" for "10am", "about 50%" for
# "halfway"): a rewording far more often than a loss, and a changed count is already hard through
# the source's number that the merge no longer carries.
ADDED = " (not in the sources)"


def is_hint(finding: str) -> bool:
    kind = finding.split(": ", 1)[0]
    if kind == "negation" and finding.endswith((DOUBLE, RESTATED, OWN_WORDS)):
        # "nothing ... without"; a negation perhaps said in other words; an added one that
        # negates words of the merge's own (sixteenth round)
        return True
    if kind == "source" and finding.endswith((SPECIFICS_KEPT, REWORDED)):
        return True  # the source survived in part: its names, or some of its words
    # a count the merge adds; a lost "first", a rank (twenty-seventh round)
    return kind in HINT_KINDS or (kind == "quantity" and finding.endswith((ADDED, RANK)))


def check_merge(
    sources: Sequence[CoverageSource],
    merged: str,
    *,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
    rules: MeaningRules = DEFAULT_RULES,
    hints_bind: bool = False,
) -> CoverageResult:
    """The merge passes only if it drops no specific and changes no meaning of any source that a
    hard gate sees; with ``hints_bind`` the hints reject it too.

    A merged text that is every source's own text (a cluster of one fact recorded more than once)
    loses nothing and is not read: no finding fires on such a merge (measured: none of 24 537
    corpus texts, as two or three sources of assorted categories; tested,
    ``test_identical_merge.py``), and they are most of a first cycle's merges."""
    if sources and all(source.content == merged for source in sources):
        return CoverageResult(ok=True, missing=())
    try:
        return _checked(sources, merged, vocabulary=vocabulary, rules=rules, hints_bind=hints_bind)
    except Exception as exc:
        # A merge the rules cannot read (a bug meeting text no corpus had) is rejected, never
        # applied unread: its sources stay as they are. The finding names the error's kind, not
        # its message, which may quote the text.
        return CoverageResult(ok=False, missing=(f"{UNREADABLE}: {type(exc).__name__}",))


# The finding of a merge no rule could read (``check_merge``): a hard rejection.
UNREADABLE = "unreadable"


def _checked(
    sources: Sequence[CoverageSource],
    merged: str,
    *,
    vocabulary: Vocabulary,
    rules: MeaningRules,
    hints_bind: bool,
) -> CoverageResult:
    coverage = missing_specifics(sources, merged, vocabulary=vocabulary, soft=True)
    meaning = changed_meanings(sources, merged, vocabulary=vocabulary, rules=rules)
    # A multi-digit number the coverage check already names ("25") is not named twice.
    already = set(coverage.missing)
    findings = [f for f in meaning.missing if f.split(": ", 1)[-1] not in already]
    if hints_bind:
        missing = (*coverage.missing, *coverage.hints, *findings)
        return CoverageResult(ok=not missing, missing=missing)
    hard = (*coverage.missing, *(f for f in findings if not is_hint(f)))
    hints = (*coverage.hints, *(f for f in findings if is_hint(f)))
    return CoverageResult(ok=not hard, missing=hard, hints=hints)
