"""Quantities: every quantity of every source survives; a merge introduces none."""

from __future__ import annotations

from collections.abc import Sequence

from dream_assets.core.facts.meaning.text import Text


def quantity_findings(sources: Sequence[Text], merged: Text) -> list[str]:
    """Every quantity of every source is in the merge by value; the merge adds none."""
    merged_values = {q.value for q in merged.quantities}
    # "turns 90" / "her 90th", "course 2" / "the second course": the same number counted or
    # ordered; a number that changes is still found.
    merged_values |= {v.removeprefix("#") for v in merged_values}
    merged_values |= {f"#{v}" for v in merged_values if not v.startswith("#")}
    source_values: set[str] = set()
    findings: dict[str, None] = {}
    for source in sources:
        if source.numeric_exempt:
            continue  # telemetry figures move between cycles (see coverage.py)
        for quantity in source.quantities:
            source_values.add(quantity.value)
            if quantity.is_pronoun_one:
                continue
            if quantity.value not in merged_values:
                findings[f"quantity: {quantity.text}"] = None
    if any(source.numeric_exempt for source in sources):
        return list(findings)  # an exempt source's figures may legitimately be restated
    for quantity in merged.quantities:
        if quantity.is_pronoun_one or quantity.value == "1":
            continue  # "a"/"an"/"one" read the same; a merge may say "one" for "a"
        if quantity.value.startswith("#"):
            continue  # "first" also orders ("ran before the briefing" -> "triage first")
        if quantity.value not in source_values:
            findings[f"quantity: {quantity.text} (not in the sources)"] = None
    return list(findings)
