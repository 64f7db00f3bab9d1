"""Quantities: every quantity of every source survives; a merge introduces none."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from dream_assets.core.facts.equivalents import (
    duration_counts,
    durations_of,
    frequency_counts,
    percents_of,
)
from dream_assets.core.facts.lexicon import TIMES_WORDS
from dream_assets.core.facts.meaning.text import Text

# A share written as a fraction or a percentage is one quantity ("half" / "50%").
_SHARE_PERCENT = {"1/2": "50", "1/4": "25"}


def _same_elsewhere(quantity_text: str, value: str, text: Text, other: Text) -> bool:
    """Whether ``quantity_text`` of ``text`` counts a duration or a share that ``other`` states in
    another spelling: "30 minutes" / "half an hour", "20%" / "a fifth", "Half of" / "50%",
    "every six months" / "twice a year"."""
    lower = quantity_text.lower()
    other_durations = durations_of(other.text)
    if any(lower in words and d in other_durations for words, d in duration_counts(text.text)):
        return True
    # "every six months" / "twice a year": one frequency
    other_rates = {rate for _, rate in frequency_counts(other.text)}
    if any(lower in words and r in other_rates for words, r in frequency_counts(text.text)):
        return True
    share = value if lower.endswith("%") else _SHARE_PERCENT.get(value)
    return share is not None and share in percents_of(other.text)


def _fraction_percent(value: str) -> str:
    """ "50" -> "1/2": the share a percentage is, as a fraction of the merge may spell it."""
    share = Fraction(value) / 100
    return f"{share.numerator}/{share.denominator}"


# Words that count one of a thing: the articles and the distributives ("one week in every four"
# / "every fourth week", "one visit each month").
_ONE_WORDS = frozenset({"a", "an", "every", "each", "per"})
# A group of a size: "a pair of engineers", "a quartet of worker pods".
_GROUP_WORDS = {"pair": "2", "duo": "2", "trio": "3", "quartet": "4", "quintet": "5"}
# "a second cat" / "another cat", "every second Monday" / "alternate Mondays": the second of a
# series is the other one.
_SECOND_WORDS = frozenset({"another", "alternate", "alternating"})
# Numbers a merge writes as a ratio or a range ("31/33", "5–8"): read apart from dates, they
# still state their figures.
_RATIO = re.compile(r"(?<![\d.,:/])(\d+)\s*[/\u2013-]\s*(\d+)(?![\d.,:/])")


def _one_by_article(merged: Text, source_values: set[str]) -> bool:
    """ "one" is the count of "a"/"an" or "every": credited by one of them, unless the merge
    states a cardinal above one that no source has (then the count changed: "one child" / "two
    children")."""
    if not any(w.lower in _ONE_WORDS for w in merged.words):
        return False
    return not any(
        q.value not in source_values and not q.value.startswith("#") and q.value not in ("0", "1")
        for q in merged.quantities
        if not q.is_pronoun_one
    )


def quantity_findings(sources: Sequence[Text], merged: Text) -> list[str]:
    """Every quantity of every source is in the merge by value; the merge adds none."""
    merged_values = {q.value for q in merged.quantities}
    # "turns 90" / "her 90th", "course 2" / "the second course": the same number counted or
    # ordered; a number that changes is still found.
    merged_values |= {v.removeprefix("#") for v in merged_values}
    merged_values |= {f"#{v}" for v in merged_values if not v.startswith("#")}
    lowers = [w.lower for w in merged.words]
    if _SECOND_WORDS & set(lowers) or "every other" in " ".join(lowers):
        merged_values.add("#2")
    # Counts of things only, never "twice" (a frequency): "the pair of them", "scored 31/33".
    counts = {_GROUP_WORDS[w] for w in lowers if w in _GROUP_WORDS}
    counts |= {n.lstrip("0") or "0" for m in _RATIO.finditer(merged.text) for n in m.groups()}
    source_values: set[str] = set()
    source_values_all = {q.value for s in sources for q in s.quantities}
    findings: dict[str, None] = {}
    for source in sources:
        if source.numeric_exempt:
            continue  # telemetry figures move between cycles (see coverage.py)
        for quantity in source.quantities:
            source_values.add(quantity.value)
            if quantity.is_pronoun_one:
                continue
            if quantity.value in merged_values:
                continue
            if _same_elsewhere(quantity.text, quantity.value, source, merged):
                continue
            if quantity.value in counts and quantity.text.lower() not in TIMES_WORDS:
                continue  # "two engineers" / "a pair of engineers", "31 out of 33" / "31/33"
            if quantity.text.endswith("%") and _fraction_percent(quantity.value) in merged_values:
                continue  # "a 50% deposit" / "half paid up front"
            if quantity.value == "1" and _one_by_article(merged, source_values_all):
                continue  # "one nonfiction book a month" / "a nonfiction title per month"
            findings[f"quantity: {quantity.text}"] = None
    if any(source.numeric_exempt for source in sources):
        return list(findings)  # an exempt source's figures may legitimately be restated
    for quantity in merged.quantities:
        if quantity.is_pronoun_one or quantity.value == "1":
            continue  # "a"/"an"/"one" read the same; a merge may say "one" for "a"
        if quantity.value.startswith("#"):
            continue  # "first" also orders ("ran before the briefing" -> "triage first")
        if quantity.value in source_values:
            continue
        if any(_same_elsewhere(quantity.text, quantity.value, merged, s) for s in sources):
            continue
        findings[f"quantity: {quantity.text} (not in the sources)"] = None
    return list(findings)
