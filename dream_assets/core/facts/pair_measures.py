"""Numbers that state one frequency (issue 24, twenty-second round; docs/merge-checks.md,
"Twenty-second round"): the near-duplicate judge's "numbers differ" does not count a number that
is part of a frequency the other memory states too, in other numbers — "every six hours" / "four
times a day", "twice a day" / "every 12 hours", "every 90 days" / "every three months". The
merge gate reads the same equivalence (``equivalents.frequency_counts``, used by
``meaning/quantity.py``); this gives it to the pair judge, which compared the numbers as written.
Frequencies are compared by the calendar readings of their periods ("90 days" is about three
months). Durations in another unit are the eighth round's (``quantities.equated_quantities``)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from dream_assets.core.facts.equivalents import (
    calendar_readings,
    frequency_counts,
)
from dream_assets.core.facts.lexicon import TIMES_WORDS, number_word_values

Measure = tuple[str, Fraction]


def _numbers_of(words: Iterable[str]) -> frozenset[str]:
    """The numbers a frequency is said with, as ``agreement._numbers`` writes them."""
    found: set[str] = set()
    for word in words:
        if word.isdigit():
            found.add(word.lstrip("0") or "0")
        elif word in TIMES_WORDS:
            found.add(str(TIMES_WORDS[word]))
        else:
            found |= {str(value) for value in number_word_values([word])}
    return frozenset(found)


# A frequency as the numbers it is said with and the calendar readings of its period.
Frequency = tuple[frozenset[str], frozenset[Measure]]


@lru_cache(maxsize=1 << 15)
def _frequencies(text: str) -> tuple[Frequency, ...]:
    """Each frequency of ``text`` said with a number. Read once per text (a text meets many
    neighbours)."""
    out = []
    for words, (unit, rate) in frequency_counts(text):
        numbers = _numbers_of(words)
        if rate and numbers:
            out.append((numbers, frozenset(calendar_readings((unit, 1 / rate)))))
    return tuple(out)


def without_shared_measures(
    a_text: str, b_text: str, a_numbers: frozenset[str], b_numbers: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """``a_numbers`` and ``b_numbers`` without the numbers of a frequency both texts state."""
    a_frequencies, b_frequencies = _frequencies(a_text), _frequencies(b_text)
    return (
        a_numbers - _shared(a_frequencies, b_frequencies),
        b_numbers - _shared(b_frequencies, a_frequencies),
    )


def _shared(mine: Iterable[Frequency], theirs: Iterable[Frequency]) -> frozenset[str]:
    """The numbers of ``mine`` whose period ``theirs`` states as well."""
    other = [readings for _, readings in theirs]
    return frozenset(
        number
        for numbers, readings in mine
        if any(readings & r for r in other)
        for number in numbers
    )
