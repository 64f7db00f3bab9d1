"""Status and modality: plans, wishes, uncertainty and habit survive; a plan never becomes a
done deed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.facts.meaning.numbers import neighbour
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.meaning.words import Word

# ── Status and modality ────────────────────────────────────────────────────────────────────

# A marker of a plan, wish, uncertainty or habit changes what a sentence claims happened. The
# kinds are coarse on purpose: "plans to" -> "wants to" keeps the statement an intention and is
# accepted; "plans to visit" -> "visited" turns it into a deed and is not. Each phrase belongs to
# one kind, and the longest phrase wins at a position ("would like" is a wish, not the "would"
# of a condition).
_STATUS_MARKERS: dict[str, tuple[str, ...]] = {
    "intention": (
        "plans to", "plan to", "planning to", "planning a", "planning an", "planning on",
        "intends to", "intend to", "intending to", "going to", "about to", "will",
        "aims to", "scheduled to", "supposed to", "wants to", "want to", "wanted to",
        "would like", "would love", "hopes", "hope", "hoped", "hoping", "wishes to", "wish to",
        "trying to", "tries to", "try to", "keen to", "goal of", "in order to",
    ),
    "uncertainty": (
        "might", "may", "could", "maybe", "perhaps", "probably", "possibly", "likely",
        "unlikely", "not sure", "unsure", "suspects", "suspected", "undecided", "would",
        "considering", "thinking about", "thinking of",
    ),
    "habit": (
        "usually", "often", "sometimes", "occasionally", "typically", "normally", "generally",
        "tends to", "tend to", "rarely", "seldom",
    ),
    "past": ("used to", "formerly", "previously", "former"),
    # A stated preference, not a condition: "would rather get a written update" is "prefers".
    "preference": ("would rather", "would prefer", "would sooner"),
}  # fmt: skip
# Kinds that are read (so that "would rather" is not the "would" of a condition) but not required:
# a preference is a present fact, and "prefers" says it without a marker.
_UNREQUIRED_KINDS = frozenset({"preference"})
_MARKER_KIND = {phrase: kind for kind, phrases in _STATUS_MARKERS.items() for phrase in phrases}
MARKER_WORDS = frozenset(word for phrase in _MARKER_KIND for word in phrase.split())
_LONGEST_MARKER = max(len(phrase.split()) for phrase in _MARKER_KIND)
# "going to the gym" is movement, "going to ask" a plan: only a bare verb after "to" makes the
# phrase a marker, and a verb there never takes a determiner or a plural "-s".
MOTION_OBJECT_WORDS = frozenset({"the", "a", "an", "my", "his", "her", "their", "our", "your"})


@dataclass(frozen=True, slots=True)
class _Marker:
    kind: str
    text: str  # the phrase as listed ("plans to")


def _status_markers(words: Sequence[Word]) -> list[_Marker]:
    # "I'll" is "I will": the contraction carries the marker.
    lowers = ["will" if w.lower.endswith("'ll") else w.lower for w in words]
    found = []
    index = 0
    while index < len(words):
        for length in range(_LONGEST_MARKER, 0, -1):
            span = words[index : index + length]
            if span[-1].clause != span[0].clause:
                continue  # "used." + "to ..." are two statements, not "used to"
            phrase = " ".join(lowers[index : index + length])
            if phrase in _MARKER_KIND and _is_marker_here(phrase, words, index):
                if _MARKER_KIND[phrase] not in _UNREQUIRED_KINDS:
                    found.append(_Marker(_MARKER_KIND[phrase], phrase))
                index += length
                break
        else:
            index += 1
    return found


def _is_marker_here(phrase: str, words: Sequence[Word], index: int) -> bool:
    if words[index].text in ("May", "Will"):
        return False  # May the month, Will the person; "I'll" is still "will"
    if phrase == "going to":
        following = neighbour(words, index, 2)
        return (
            bool(following)
            and words[index + 2].text.islower()
            and following not in MOTION_OBJECT_WORDS
            and not following.endswith("s")
        )
    return True


def status_findings(sources: Sequence[Text], merged: Text) -> list[str]:
    """Each source's kinds of marker survive in the merge, and the merge adds no new kind.

    A marker is credited by one of its kind anywhere in the merge. Tying it to the words it
    governs rejected faithful rewordings ("rarely orders takeaway" -> "seldom gets delivery
    food") and caught nothing more on the corpus.
    """
    merged_markers = _status_markers(merged.words)
    merged_kinds = {marker.kind for marker in merged_markers}
    findings: dict[str, None] = {}
    source_kinds: set[str] = set()
    for source in sources:
        for marker in _status_markers(source.words):
            source_kinds.add(marker.kind)
            if marker.kind not in merged_kinds:
                findings[f"status: {marker.text}"] = None
    for marker in merged_markers:
        if marker.kind not in source_kinds:
            findings[f"status: {marker.text} (not in the sources)"] = None
    return list(findings)
