"""Deterministic meaning checks: a merge may not change what its sources *say*.

The coverage check (``coverage.py``) guarantees that the names, acronyms, multi-digit numbers and
dates of the sources survive a merge. A fluent merge can keep every one of them and still lose a
fact: "Jon does not eat meat" + "Jon eats fish" -> "Jon eats meat and fish". Compaction must
preserve attribution, negations, quantities and meaningful outcomes (docs/merge-checks.md), with
deterministic checks a model's confidence cannot override. This module holds those checks; each is a
plain function over words, no model.

Each rule below is biased the same way the coverage check is: a false rejection leaves a duplicate
pair alive for another cycle, a false acceptance erases a fact. But a rule that rejects faithful
paraphrases stops every merge, so each rule credits an *equivalent form actually present* ("3" for
"three", "avoids" for "does not eat", "wants to" for "plans to") instead of demanding the source's
exact words, and the thresholds were measured on a labelled corpus
(``dream_assets_tests/data/meaning_corpus.jsonl``, figures in ``docs/merge-checks.md``).

The rules, in the order they run (``changed_meanings``):

* **negation** -- a negation in a source (not, n't, never, no, no longer, without, none, neither,
  nobody, nothing, cannot) must still govern the same statement in the merge: some clause of the
  merge that carries a negation (or a verb of refusal such as "avoids") must share a content word
  with the words the source negated. A merge may not negate words the sources state positively.
* **quantity** -- every quantity of every source survives by value: digits and number words are
  the same ("3" = "three", "1st" = "first", "twice" = "2"), ordinals, fractions, percentages and
  money included; a merge may not introduce a quantity none of the sources has.
* **status** -- markers of plans and wishes, uncertainty, habit and past habit survive in kind:
  "plans to" may become "wants to" but not a done deed; a merge may not add a kind of marker the
  sources lack.
* **attribution** -- two names around a verb in a source may not swap sides in the merge
  ("Caroline recommended X to Melanie" -> "Melanie recommended X to Caroline").
* **detail** -- an uncommon lowercase word (outside the coverage check's generic-English
  baseline, ``coverage_baseline``), such as "peanuts" or "cello", survives when the merge is a
  rewording of its sources' own words, or when it tells a source from a parallel sibling
  ("peanuts" beside "shellfish"); see ``detail_findings``.
* **source** -- each source's content words (stemmed, minus stop words) are mostly present in the
  merge: more than ``source_vanish_share`` of them may not vanish while the merge copies a
  sibling source nearly whole.

Findings carry a kind prefix (``negation: not eat meat``, ``quantity: three``, ``status: plans
to``, ``attribution: ...``, ``detail: peanuts``, ``source: <id>``): the operator sees them as
they are, and the repair prompt lists them apart from the specifics it asks to restore verbatim.

Known limits (measured on the corpus, not hidden): a paraphrase that states a negation positively
("does not eat meat" -> "is vegetarian") is rejected, and so is one that copies a source's words
and rewords its sibling's. These pass: a quantity with no number word on one side ("twins" -> "a
baby", "a book a week" -> "a couple of books"), a swapped unit ("5 km" -> "5 miles"), a detail
after a verb ("takes ibuprofen" -> "takes a painkiller"), a plan turned into a deed with no marker
word in the source ("on a waiting list for surgery" -> "had surgery"), and a dropped source whose
words the merge half reuses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dream_assets.core.facts.coverage import (
    DEFAULT_VOCABULARY,
    CoverageResult,
    CoverageSource,
    Vocabulary,
)
from dream_assets.core.facts.meaning.attribution import attribution_findings
from dream_assets.core.facts.meaning.details import detail_findings, dropped_findings
from dream_assets.core.facts.meaning.negation import negation_additions, negation_losses
from dream_assets.core.facts.meaning.quantity import quantity_findings
from dream_assets.core.facts.meaning.status import status_findings
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.meaning.words import stem

__all__ = [
    "DEFAULT_RULES",
    "DEFAULT_SOURCE_VANISH_SHARE",
    "MEANING_KINDS",
    "MeaningRules",
    "changed_meanings",
    "kinds_of",
    "stem",
]

# The measured defaults of ``MeaningRules``: each was swept on the dev split of the meaning corpus
# (``benchmarks/bench_meaning.py``; the table is in docs/merge-checks.md).
#
# The share of a source's content words that may vanish from a merge before the source counts as
# dropped. 0.7 is the knee: at 0.6 faithful merges that leave out a redundant word of a short
# source are rejected (8 of 105 instead of 5); at 0.8 three of 14 dropped sources slip through.
DEFAULT_SOURCE_VANISH_SHARE = 0.7
# A sibling source that lost at most this share of its words anchors the merge: the merge was
# written from the sources' own words, so a source that vanished was dropped, not reworded. 0.34
# is the top of the plateau; at 0.5 paraphrases that reuse half a source count as anchored.
SOURCE_ANCHOR_SHARE = 0.34
# A merge that reuses at least this share of its sources' content words is a rewording of the
# sources' own words; in such a merge a missing uncommon word was dropped, not paraphrased. The
# catch rate is flat from 0.4 to 0.55 and falls above; the top of the plateau trusts paraphrases.
DETAIL_GATE_SHARE = 0.55


# ── The check ──────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class MeaningRules:
    """The switches and thresholds of ``changed_meanings``; the defaults are the measured ones."""

    source_vanish_share: float = DEFAULT_SOURCE_VANISH_SHARE
    source_anchor_share: float = SOURCE_ANCHOR_SHARE
    detail_gate_share: float = DETAIL_GATE_SHARE
    negation: bool = True
    quantity: bool = True
    status: bool = True
    attribution: bool = True
    detail: bool = True
    dropped: bool = True


DEFAULT_RULES = MeaningRules()


def changed_meanings(
    sources: Sequence[CoverageSource],
    merged: str,
    *,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
    rules: MeaningRules = DEFAULT_RULES,
) -> CoverageResult:
    """Reject the merge if it changes what any source says; ``missing`` holds prefixed findings.

    Every source is checked on its own, as in the coverage check: the merge must carry each
    source's negations, quantities, status markers and attributions, not just the longest one's.
    """
    read = [
        Text.read(s.content, id=s.id, numeric_exempt=vocabulary.is_numeric_exempt(s.category))
        for s in sources
    ]
    merge = Text.read(merged)
    findings: list[str] = []
    if rules.negation:
        findings += negation_losses(read, merge)
        findings += negation_additions(read, merge)
    if rules.quantity:
        findings += quantity_findings(read, merge)
    if rules.status:
        findings += status_findings(read, merge)
    if rules.attribution:
        findings += attribution_findings(read, merge)
    if rules.detail:
        findings += detail_findings(read, merge, gate_share=rules.detail_gate_share)
    if rules.dropped:
        findings += dropped_findings(
            read,
            merge,
            vanish_share=rules.source_vanish_share,
            anchor_share=rules.source_anchor_share,
            vocabulary=vocabulary,
        )
    unique = tuple(dict.fromkeys(findings))
    return CoverageResult(ok=not unique, missing=unique)


MEANING_KINDS = ("negation", "quantity", "status", "attribution", "detail", "source")


def kinds_of(missing: Iterable[str]) -> set[str]:
    """The rule kinds named by prefixed findings ("negation: not" -> "negation").

    Unprefixed coverage findings (a name, "14:30") name no kind.
    """
    return {kind for item in missing for kind in MEANING_KINDS if item.startswith(kind + ": ")}
