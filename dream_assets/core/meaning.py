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

The rules, in the order they run (``check_meaning``):

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
  ("peanuts" beside "shellfish"); see ``_detail_findings``.
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

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from dream_assets.core.coverage import (
    DEFAULT_VOCABULARY,
    CoverageResult,
    CoverageSource,
    Vocabulary,
)
from dream_assets.core.coverage_baseline import BASELINE_WORDS

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

# ── Words ──────────────────────────────────────────────────────────────────────────────────

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})

# Words keep their inner apostrophe ("doesn't", "Rocky's"); digits are their own tokens so that
# "3rd" and "10%" are read as quantities, not words.
_TOKEN = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?(?:st|nd|rd|th)?%?|[^\W\d_]+(?:'[^\W\d_]+)*")

# A clause ends at punctuation or at a conjunction that starts a new statement: "Jon does not
# eat meat, but he eats fish" negates eating meat, not eating fish.
_CLAUSE_BREAK = re.compile(r"[.;:!?()\n\u2014\u2013]|,|\s-\s")
_CLAUSE_WORDS = frozenset({"but", "and", "while", "whereas", "although", "though", "so", "yet"})
_SENTENCE_BREAK = re.compile(r"[.!?;](?=\s|$)|\n")

# Function words, auxiliaries and the agent's default subject: they carry no fact of their own,
# so neither the negation scope nor the source-overlap share counts them.
STOP_WORDS = frozenset(
    {
        "a", "an", "the", "this", "that", "these", "those", "there", "here", "it", "its", "they",
        "them", "their", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her", "i",
        "me", "my", "who", "whom", "whose", "which", "what", "and", "or", "but", "if", "then",
        "than", "so", "as", "at", "by", "for", "from", "in", "into", "of", "on", "onto", "to",
        "with", "about", "over", "under", "up", "out", "off", "via", "per", "be", "is", "are",
        "was", "were", "been", "being", "am", "have", "has", "had", "having", "do", "does", "did",
        "doing", "done", "can", "could", "may", "might", "must", "shall", "should", "will",
        "would", "user", "user's", "users", "also", "just", "very", "really", "quite", "still",
        "now", "each", "every", "some", "any", "all", "both", "other", "another", "such", "own",
        "same", "too", "again",
    }
)  # fmt: skip


@lru_cache(maxsize=65_536)
def stem(word: str) -> str:
    """A small suffix stemmer: enough to meet "eats"/"eat", "baking"/"bake", "running"/"run".

    Both sides of a comparison go through the same function, so consistency matters more than
    linguistic accuracy. Stripping never leaves fewer than three letters, which keeps "uses" from
    collapsing onto "us".
    """
    word = word.lower().translate(_APOSTROPHES)
    if word.endswith("'s"):
        word = word[:-2]
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) + len(replacement) >= 3:
            word = word[: len(word) - len(suffix)] + replacement
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # "running" -> "runn" -> "run"
    return word


_SUFFIXES = (
    ("ingly", ""),
    ("edly", ""),
    ("ings", ""),
    ("ing", ""),
    ("ies", "y"),
    ("ied", "y"),
    ("ness", ""),
    ("ment", ""),
    ("ed", ""),
    ("es", ""),
    ("s", ""),
    ("ly", ""),
)


@dataclass(frozen=True, slots=True)
class _Word:
    text: str  # as written
    lower: str
    stem: str
    start: int
    end: int
    clause: int  # index of the clause the word belongs to
    sentence: int  # index of the sentence the word belongs to
    content: bool  # not a stop word


def _words(text: str) -> tuple[_Word, ...]:
    """The words of ``text`` (apostrophes already straightened) with their clause and sentence."""
    clause_breaks = [m.start() for m in _CLAUSE_BREAK.finditer(text)]
    sentence_breaks = [m.start() for m in _SENTENCE_BREAK.finditer(text)]
    words: list[_Word] = []
    clause = sentence = 0
    next_clause_break = next_sentence_break = 0
    for match in _TOKEN.finditer(text):
        start = match.start()
        while next_clause_break < len(clause_breaks) and clause_breaks[next_clause_break] < start:
            clause += 1
            next_clause_break += 1
        while (
            next_sentence_break < len(sentence_breaks)
            and sentence_breaks[next_sentence_break] < start
        ):
            sentence += 1
            next_sentence_break += 1
        token = match.group()
        lower = token.lower()
        if lower in _CLAUSE_WORDS:
            clause += 1
        content = lower not in STOP_WORDS and lower not in _CLAUSE_WORDS
        words.append(
            _Word(token, lower, stem(token), start, match.end(), clause, sentence, content)
        )
    return tuple(words)


@dataclass(frozen=True)
class _Text:
    """One source or merged text, read once for every rule."""

    id: str
    text: str  # apostrophes straightened, so word offsets index it
    words: tuple[_Word, ...]
    quantities: tuple[_Quantity, ...]
    content: frozenset[str]  # stemmed content words: what the source-overlap share compares
    numeric_exempt: bool = False

    @classmethod
    def read(cls, text: str, *, id: str = "", numeric_exempt: bool = False) -> _Text:
        text = text.translate(_APOSTROPHES)
        words = _words(text)
        content = frozenset(w.stem for w in words if w.content and not w.lower[0].isdigit())
        return cls(id, text, words, tuple(_quantities(text)), content, numeric_exempt)


def _clause_stems(words: Sequence[_Word]) -> dict[int, set[str]]:
    by_clause: dict[int, set[str]] = {}
    for word in words:
        if word.content:
            by_clause.setdefault(word.clause, set()).add(word.stem)
    return by_clause


def _span(text: _Text, words: Sequence[_Word]) -> str:
    """The text from the first to the last word, as written, for the finding."""
    return text.text[words[0].start : words[-1].end] if words else ""


# ── Negation ───────────────────────────────────────────────────────────────────────────────

_NEGATION_WORDS = frozenset(
    {"not", "never", "no", "none", "nobody", "nothing", "nowhere", "neither", "nor", "without"}
    | {"cannot", "noone"}
)

# Verbs of refusal and absence state a negation positively; they credit a source's "not" in the
# merge ("does not run" -> "avoids running") but are never demanded of one, because a source that
# says "avoids" already states the fact without a negation word.
_NEGATIVE_VERB_PREFIXES = ("avoid", "refus", "quit", "stopp", "lack", "dislik", "hate", "skip")

# How many content words after a negation it governs: "does not eat meat on Fridays" negates
# eating meat; four words reach the object of a phrasal verb without running into the next fact.
_NEGATION_REACH = 4


def _is_negation(word: _Word) -> bool:
    return word.lower in _NEGATION_WORDS or word.lower.endswith("n't")


def _is_negative_verb(word: _Word) -> bool:
    return word.lower.startswith(_NEGATIVE_VERB_PREFIXES)


@dataclass(frozen=True, slots=True)
class _Negation:
    cue: _Word
    scope: frozenset[str]  # stems of the words it governs
    words: tuple[_Word, ...]  # cue .. last governed word, for the finding


def _negations(words: Sequence[_Word]) -> list[_Negation]:
    found: list[_Negation] = []
    for index, word in enumerate(words):
        if not _is_negation(word):
            continue
        following = words[index + 1].lower if index + 1 < len(words) else ""
        if word.lower == "not" and following == "sure":
            continue  # "not sure" is uncertainty, a status marker credited by "unsure"
        if word.lower == "nor" and any(n.cue.clause == word.clause for n in found):
            continue  # "neither eggs nor dairy" is one negation
        governed = _clause_content(words, index, step=1, limit=_NEGATION_REACH)
        span: tuple[_Word, ...] = (word, *governed)
        if not governed:
            # "Omar said he would not." -- the negated verb came before the cue.
            governed = _clause_content(words, index, step=-1, limit=2)
            span = (word,)
        found.append(_Negation(word, frozenset(w.stem for w in governed), span))
    return found


def _clause_content(words: Sequence[_Word], index: int, *, step: int, limit: int) -> list[_Word]:
    """Up to ``limit`` content words from ``index`` onwards (``step`` 1) or backwards (-1),
    within the clause of ``words[index]``."""
    found: list[_Word] = []
    other = index + step
    while 0 <= other < len(words) and words[other].clause == words[index].clause:
        if words[other].content:
            found.append(words[other])
            if len(found) == limit:
                break
        other += step
    return found


def _negation_losses(sources: Sequence[_Text], merged: _Text) -> list[str]:
    """Each source negation still governs one of its words somewhere in the merge.

    "Governs" is read generously on the merge's side: any clause of the merge holding a negation
    or a verb of refusal credits every content word of that clause. The failure this catches is
    the common one -- the merge states the negated words with no negation near them at all.
    """
    negated_clauses = {w.clause for w in merged.words if _is_negation(w) or _is_negative_verb(w)}
    merged_clause_stems = _clause_stems(merged.words)
    negated_stems: set[str] = set()
    for clause in negated_clauses:
        negated_stems |= merged_clause_stems.get(clause, set())
    findings = []
    for source in sources:
        for negation in _negations(source.words):
            kept = bool(negation.scope & negated_stems) if negation.scope else bool(negated_clauses)
            if not kept:
                findings.append(f"negation: {_span(source, negation.words)}")
    return findings


def _negation_additions(sources: Sequence[_Text], merged: _Text) -> list[str]:
    """A merge may not negate what a source states positively ("eats eggs" -> "eats no eggs")."""
    source_stems: set[str] = set()
    source_negated: set[str] = set()
    for source in sources:
        source_stems |= source.content
        clause_stems = _clause_stems(source.words)
        for negation in _negations(source.words):
            source_negated |= clause_stems.get(negation.cue.clause, set())
    findings = []
    for negation in _negations(merged.words):
        # Only words the sources state are evidence of a flip; a paraphrase that negates new
        # words ("punctual" -> "never arrives late") says the same thing another way.
        stated = negation.scope & source_stems
        if stated and not stated & source_negated:
            findings.append(f"negation: {_span(merged, negation.words)} (not in the sources)")
    return findings


# ── Quantities ─────────────────────────────────────────────────────────────────────────────

_UNITS_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS_WORDS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALE_WORDS = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "dozen": 12}
# "twice a week" is the quantity two; "once" the quantity one.
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "twentieth": 20,
}  # fmt: skip
_FRACTION_WORDS = {"half": Fraction(1, 2), "quarter": Fraction(1, 4)}
_MONTH_WORDS = frozenset(
    {
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec",
    }
)  # fmt: skip
# "one" is also a pronoun ("wants one too", "the one with a garden"): after these words, or
# before these, it is not a count.
_NOT_A_COUNT_BEFORE = frozenset({"the", "this", "that", "which", "each", "every", "any", "no"})
_NOT_A_COUNT_AFTER = frozenset({"of", "another", "too", "with", "day", "more", "and", "that"})

_ISO_OR_TIME = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?|\d+[-/]\d+")


@dataclass(frozen=True, slots=True)
class _Quantity:
    value: str  # canonical: "3", "#1" (ordinal), "1/2"
    text: str  # as written
    is_pronoun_one: bool = False


def _quantities(text: str) -> list[_Quantity]:
    """Every quantity of ``text`` by canonical value; dates and clock times are left to the
    coverage check, which compares them as dates."""
    tokens = _words(_ISO_OR_TIME.sub(lambda m: " " * len(m.group()), text))
    found: list[_Quantity] = []
    index = 0
    while index < len(tokens):
        word = tokens[index]
        lower = word.lower
        before = _neighbour(tokens, index, -1)
        after = _neighbour(tokens, index, 1)
        if lower[0].isdigit():
            if (
                before in _MONTH_WORDS
                or after in _MONTH_WORDS
                or (after == "of" and _neighbour(tokens, index, 2) in _MONTH_WORDS)
            ):
                index += 1
                continue  # a day of a date: the coverage check owns dates
            if len(lower) == 4 and lower.isdigit() and 1900 <= int(lower) <= 2199:
                index += 1
                continue  # a year: the coverage check owns dates, in every spelling
            number = lower.rstrip("%").replace(",", "")
            ordinal = number[-2:] in ("st", "nd", "rd", "th")
            number = number[:-2] if ordinal else number
            value = _canonical(number)
            found.append(_Quantity(f"#{value}" if ordinal else value, word.text))
        elif lower in _TENS_WORDS:
            value_int = _TENS_WORDS[lower]
            if after in _UNITS_WORDS and 0 < _UNITS_WORDS[after] < 10:
                # "twenty five" / "twenty-five" is one number
                found.append(
                    _Quantity(str(value_int + _UNITS_WORDS[after]), f"{word.text} {after}")
                )
                index += 2
                continue
            found.append(_Quantity(str(value_int), word.text))
        elif lower in _UNITS_WORDS:
            pronoun = lower == "one" and (
                before in _NOT_A_COUNT_BEFORE or after in _NOT_A_COUNT_AFTER or not after
            )
            found.append(_Quantity(str(_UNITS_WORDS[lower]), word.text, is_pronoun_one=pronoun))
        elif lower in _SCALE_WORDS:
            found.append(_Quantity(str(_SCALE_WORDS[lower]), word.text))
        elif lower in _TIMES_WORDS:
            found.append(_Quantity(str(_TIMES_WORDS[lower]), word.text))
        elif lower in _ORDINAL_WORDS:
            found.append(_Quantity(f"#{_ORDINAL_WORDS[lower]}", word.text))
        elif lower in _FRACTION_WORDS:
            found.append(_Quantity(str(_FRACTION_WORDS[lower]), word.text))
        index += 1
    return found


def _neighbour(tokens: Sequence[_Word], index: int, offset: int) -> str:
    """The word ``offset`` away in the same clause, lowercased; "" past the clause's edge."""
    other = index + offset
    if 0 <= other < len(tokens) and tokens[other].clause == tokens[index].clause:
        return tokens[other].lower
    return ""


def _canonical(number: str) -> str:
    # "3.0" and "3" are the same count; "3.5" stays itself.
    if "." in number:
        whole, _, decimals = number.partition(".")
        decimals = decimals.rstrip("0")
        return f"{int(whole)}.{decimals}" if decimals else str(int(whole))
    return str(int(number))


def _quantity_findings(sources: Sequence[_Text], merged: _Text) -> list[str]:
    """Every quantity of every source is in the merge by value; the merge adds none."""
    merged_values = {q.value for q in merged.quantities}
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
_MARKER_WORDS = frozenset(word for phrase in _MARKER_KIND for word in phrase.split())
_LONGEST_MARKER = max(len(phrase.split()) for phrase in _MARKER_KIND)
# "going to the gym" is movement, "going to ask" a plan: only a bare verb after "to" makes the
# phrase a marker, and a verb there never takes a determiner or a plural "-s".
_MOTION_OBJECT_WORDS = frozenset({"the", "a", "an", "my", "his", "her", "their", "our", "your"})


@dataclass(frozen=True, slots=True)
class _Marker:
    kind: str
    text: str  # the phrase as listed ("plans to")


def _status_markers(words: Sequence[_Word]) -> list[_Marker]:
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


def _is_marker_here(phrase: str, words: Sequence[_Word], index: int) -> bool:
    if words[index].text in ("May", "Will"):
        return False  # May the month, Will the person; "I'll" is still "will"
    if phrase == "going to":
        following = _neighbour(words, index, 2)
        return (
            bool(following)
            and words[index + 2].text.islower()
            and following not in _MOTION_OBJECT_WORDS
            and not following.endswith("s")
        )
    return True


def _status_findings(sources: Sequence[_Text], merged: _Text) -> list[str]:
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


# ── Attribution ────────────────────────────────────────────────────────────────────────────

_NAME = re.compile(r"[A-Z][a-z]+")
# A passive or reciprocal rewording puts the doer second legitimately.
_REORDER_WORDS = frozenset({"by", "and", "with"})
# Symmetric verbs have no doer: "Tom met Anna" is "Anna met Tom" (stems, as ``stem`` makes them).
_SYMMETRIC_STEMS = frozenset({"met", "meet", "marry", "dat", "know", "knew", "talk", "argu"})


@dataclass(frozen=True, slots=True)
class _NamedPair:
    first: str
    second: str
    between: frozenset[str]  # stemmed content words between the names: the verb and its object
    span: str  # first name .. second name, as written


def _named_pairs(text: _Text) -> list[_NamedPair]:
    """Each ordered pair of names in one sentence with content words between them."""
    by_sentence: dict[int, list[tuple[int, _Word]]] = {}
    for index, word in enumerate(text.words):
        # A capital opening a sentence is grammar when the word is generic English ("Every
        # morning", "When flying"), the rule the coverage check applies; a name may open it too.
        if (
            _NAME.fullmatch(word.text.removesuffix("'s"))
            and word.lower not in STOP_WORDS
            and not (_opens_sentence(text.words, index) and word.lower in BASELINE_WORDS)
        ):
            by_sentence.setdefault(word.sentence, []).append((index, word))
    pairs = []
    for names in by_sentence.values():
        for a, (i, first) in enumerate(names):
            for j, second in names[a + 1 :]:
                name_a, name_b = first.text.removesuffix("'s"), second.text.removesuffix("'s")
                if name_a == name_b:
                    continue
                between = text.words[i + 1 : j]
                stems = frozenset(w.stem for w in between if w.content and not w.text[0].isupper())
                if stems - _SYMMETRIC_STEMS and not {w.lower for w in between} & _REORDER_WORDS:
                    span = text.text[first.start : second.end]
                    pairs.append(_NamedPair(name_a, name_b, stems, span))
    return pairs


def _opens_sentence(words: Sequence[_Word], index: int) -> bool:
    return index == 0 or words[index - 1].sentence != words[index].sentence


def _attribution_findings(sources: Sequence[_Text], merged: _Text) -> list[str]:
    """Two names around a verb in a source are not swapped around the same verb in the merge."""
    merged_pairs = _named_pairs(merged)
    findings: dict[str, None] = {}
    for source in sources:
        for pair in _named_pairs(source):
            same_order = any(
                m.first == pair.first and m.second == pair.second and m.between & pair.between
                for m in merged_pairs
            )
            swapped = any(
                m.first == pair.second and m.second == pair.first and m.between & pair.between
                for m in merged_pairs
            )
            if swapped and not same_order:
                findings[f"attribution: {pair.span}"] = None
    return list(findings)


# ── Details ────────────────────────────────────────────────────────────────────────────────

# Derivational endings mark verbs, adjectives and abstract nouns ("renovation", "talented",
# "going"); the detail a merge generalises away is a concrete thing ("peanuts", "cello"), and
# the ending-less words left are far more often that.
_NOT_CONCRETE_ENDINGS = (
    "ing", "ed", "ly", "tion", "sion", "ment", "ness", "ity", "ous", "ive", "ful", "able",
    "ible", "ise", "ize", "al",
)  # fmt: skip
# Words outside the baseline that still name nothing specific.
_GENERIC_WORDS = frozenset({"means", "thing", "things", "stuff", "lots", "kind", "sort", "bit"})
# "tracker" is credited by "tracking", "meditation" by "meditates": the shared opening letters
# of an uncommon word are the word.
_DETAIL_PREFIX = 5


def _is_detail_word(word: _Word) -> bool:
    # Uncommon lowercase words only: capitalised ones are the coverage check's, and the
    # generic-English baseline lists the words that say nothing specific.
    return (
        word.content
        and word.text.islower()
        and word.text.isalpha()
        and len(word.text) >= 4
        and word.lower not in BASELINE_WORDS
        and word.stem not in BASELINE_WORDS
        and word.lower not in _GENERIC_WORDS
        and not word.lower.endswith(_NOT_CONCRETE_ENDINGS)
        and not _is_negative_verb(word)
        and word.lower not in _MARKER_WORDS
    )


# A concrete detail sits where a noun does: after an article, a possessive pronoun, a
# preposition or a list's "and"/"or" ("allergic to peanuts", "plays the cello", "olives and
# anchovies"). A word after a noun or a name is usually its verb ("Rocky flies", "the service
# exposes") or the head of a compound whose meaning the merge can carry in other words.
_NOUN_OPENERS = frozenset(
    {
        "a", "an", "the", "his", "her", "their", "my", "our", "your", "its", "some", "any", "no",
        "to", "of", "with", "from", "for", "in", "on", "at", "about", "by", "like", "than", "into",
        "without", "and", "or",
    }
)  # fmt: skip


# Two sources are parallel when they share a frame and differ in a slot ("allergic to peanuts",
# "allergic to shellfish"): at most this many content words differ between them. The words that
# differ are the very facts that made them two memories.
PARALLEL_SOURCE_DIFFERENCE = 4


def _slot_words(sources: Sequence[_Text]) -> set[tuple[int, int]]:
    """(source index, word index) of each word that tells a source from a parallel sibling."""
    slots: set[tuple[int, int]] = set()
    for i, source in enumerate(sources):
        for j, sibling in enumerate(sources):
            if i == j or not source.content & sibling.content:
                continue
            if len(source.content ^ sibling.content) > PARALLEL_SOURCE_DIFFERENCE:
                continue
            slots |= {
                (i, k)
                for k, w in enumerate(source.words)
                if w.content and w.stem not in sibling.content
            }
    return slots


def _detail_findings(sources: Sequence[_Text], merged: _Text, *, gate_share: float) -> list[str]:
    """An uncommon word of a source that the merge generalised away.

    Two situations make a missing uncommon word a lost detail rather than a paraphrase:

    * the merge otherwise reuses its sources' words (at least ``gate_share`` of them): a merge
      written wholly in its own words replaces common and uncommon words alike, and only the
      verification call can judge it; one that keeps most words but not "peanuts" dropped it;
    * the word is what tells its source from a parallel sibling ("peanuts" beside "shellfish"):
      whatever the merge's wording, it must still say both.
    """
    merged_stems = merged.content
    merged_prefixes = {
        w.lower[:_DETAIL_PREFIX] for w in merged.words if len(w.lower) >= _DETAIL_PREFIX
    }
    merged_heads = tuple(s for s in merged_stems if len(s) >= 3)
    source_stems = frozenset[str]().union(*(source.content for source in sources))
    if not source_stems:
        return []
    reworded = len(source_stems & merged_stems) / len(source_stems) >= gate_share
    slots = _slot_words(sources)
    findings: dict[str, None] = {}
    for i, source in enumerate(sources):
        words = source.words
        for index, word in enumerate(words):
            if not reworded and (i, index) not in slots:
                continue
            if not _is_detail_word(word) or word.stem in merged_stems:
                continue
            if index == 0 or words[index - 1].lower not in _NOUN_OPENERS:
                continue
            if len(word.lower) >= _DETAIL_PREFIX and word.lower[:_DETAIL_PREFIX] in merged_prefixes:
                continue
            if any(word.lower.startswith(head) for head in merged_heads):
                continue  # a compound credited by its head: "runtime" by "runs"
            findings[f"detail: {word.text}"] = None
    return list(findings)


# ── Dropped source ─────────────────────────────────────────────────────────────────────────


def _dropped_findings(
    sources: Sequence[_Text], merged: _Text, *, vanish_share: float, anchor_share: float
) -> list[str]:
    """A source whose words vanished from a merge that is built from its siblings' words.

    A merge written wholly in new words (a real paraphrase) loses most words of *every* source;
    word overlap cannot tell it from a lossy one, so that judgement is left to the verification
    call. What words can show is the characteristic drop: the merge copies a sibling nearly
    whole (at most ``anchor_share`` of it vanished) and more than ``vanish_share`` of this
    source is gone.
    """
    vanished = [
        len(source.content - merged.content) / len(source.content) if source.content else 0.0
        for source in sources
    ]
    findings = []
    for i, source in enumerate(sources):
        anchored = any(share <= anchor_share for j, share in enumerate(vanished) if j != i)
        if vanished[i] > vanish_share and anchored:
            findings.append(f"source: {source.id}")
    return findings


# ── The check ──────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class MeaningRules:
    """The switches and thresholds of ``check_meaning``; the defaults are the measured ones."""

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


def check_meaning(
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
        _Text.read(s.content, id=s.id, numeric_exempt=vocabulary.is_numeric_exempt(s.category))
        for s in sources
    ]
    merge = _Text.read(merged)
    findings: list[str] = []
    if rules.negation:
        findings += _negation_losses(read, merge)
        findings += _negation_additions(read, merge)
    if rules.quantity:
        findings += _quantity_findings(read, merge)
    if rules.status:
        findings += _status_findings(read, merge)
    if rules.attribution:
        findings += _attribution_findings(read, merge)
    if rules.detail:
        findings += _detail_findings(read, merge, gate_share=rules.detail_gate_share)
    if rules.dropped:
        findings += _dropped_findings(
            read,
            merge,
            vanish_share=rules.source_vanish_share,
            anchor_share=rules.source_anchor_share,
        )
    unique = tuple(dict.fromkeys(findings))
    return CoverageResult(ok=not unique, missing=unique)


MEANING_KINDS = ("negation", "quantity", "status", "attribution", "detail", "source")


def kinds_of(missing: Iterable[str]) -> set[str]:
    """The rule kinds named by prefixed findings ("negation: not" -> "negation").

    Unprefixed coverage findings (a name, "14:30") name no kind.
    """
    return {kind for item in missing for kind in MEANING_KINDS if item.startswith(kind + ": ")}
