"""Reading the quantities of a text: counts, number words, fractions, ordinals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dream_assets.core.facts.equivalents import CURRENCY_SIGNS
from dream_assets.core.facts.lexicon import (
    ORDINAL_WORDS,
    SCALE_WORDS,
    TENS_WORDS,
    TIMES_WORDS,
    UNIT_WORDS,
    compound_ordinal,
    english_readings,
    hundreds_after,
    readable_figure,
    rest_after_scale,
    scale_after_fraction,
    scaled_hundreds,
)
from dream_assets.core.facts.meaning.words import Word, words_of
from dream_assets.core.facts.tokens import ZONED_TIME

# ── Quantities ─────────────────────────────────────────────────────────────────────────────

_UNITS_WORDS, _TENS_WORDS = UNIT_WORDS, TENS_WORDS
_SCALE_WORDS, _TIMES_WORDS = SCALE_WORDS, TIMES_WORDS
_ORDINAL_WORDS = ORDINAL_WORDS  # "fifteenth" = 15th; sixth round 13th-19th, seventh the tens
_DECADE_WORDS = {word[:-1] + "ies": value for word, value in _TENS_WORDS.items()}
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
# "each quarter", "every quarter", "last quarter": a period, not a share ("a quarter of ...").
# A figure's scale written after it: "$1.2M", "€3bn" ("18k" is read apart, above).
_SCALE_SUFFIXES = {"M": 1_000_000, "mn": 1_000_000, "bn": 1_000_000_000}
_PERIOD_BEFORE = frozenset({"each", "every", "per", "this", "last", "next", "that", "the"})

# Dates, clock times ("14:30", "8 a.m.", "8pm") and ranges ("20-23 May", "11\u201314") are the
# coverage check's, which compares them as dates and clock readings. Twenty-sixth round: a dotted
# day.month.year ("31.12.2026", "05.03.90") is a date too, not the decimal "31.12".
_ISO_OR_TIME = re.compile(
    r"\b(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:\d{4}|\d{2})\b"
    r"|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?"
    # "(?<!\d)": a range is tried from the first digit of a figure only; tried from each digit,
    # a figure of n digits with no range after it cost the square of n (bench_long_texts.py).
    # Thirty-seventh round: nor from a figure's thousands ("€42,000–48,000" is two amounts,
    # not "42," and a range "000–48")
    r"|\b\d{1,2}\s*[ap]\.?m\b\.?|(?<![\d,])\d+[-/\u2013]\d+(?!,\d)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Quantity:
    value: str  # canonical: "3", "#1" (ordinal), "1/2"
    text: str  # as written
    # Not a count: "one" as a pronoun ("wants one too"), "first" as an adverb of order.
    is_pronoun_one: bool = False


def quantities_of(text: str, words: tuple[Word, ...] | None = None) -> list[Quantity]:
    """Every quantity of ``text`` by canonical value; dates and clock times are left to the
    coverage check, which compares them as dates. ``words``: ``words_of(text)`` when the caller
    has it, used where no date or time was blanked (the words are then the same)."""
    blank = _ISO_OR_TIME.sub(lambda m: " " * len(m.group()), text)
    blank = ZONED_TIME.sub(lambda m: " " * len(m.group()), blank)  # "0200 UTC"
    tokens = words if words is not None and blank == text else words_of(blank)
    found: list[Quantity] = []
    lowers = [t.lower for t in tokens]
    index = 0
    while index < len(tokens):
        word = tokens[index]
        lower = word.lower
        before = neighbour(tokens, index, -1)
        after = neighbour(tokens, index, 1)
        if lower[0].isdigit():
            if _inside_a_word(text, word.start, word.end):
                index += 1
                continue  # "e2e", "B2B", "p2p": a figure inside a word names, it counts nothing
            if not _after_currency(text, word.start) and (
                before in _MONTH_WORDS
                or after in _MONTH_WORDS
                or (after == "of" and neighbour(tokens, index, 2) in _MONTH_WORDS)
            ):
                index += 1
                continue  # a day of a date: the coverage check owns dates
            if len(lower) == 4 and lower.isdigit() and 1900 <= int(lower) <= 2199:
                index += 1
                continue  # a year: the coverage check owns dates, in every spelling
            number = lower.rstrip("%").replace(",", "")
            ordinal = number[-2:] in ("st", "nd", "rd", "th")
            number = number[:-2] if ordinal else number
            if not readable_figure(number):
                index += 1
                continue  # a code, not an amount (``lexicon.LONGEST_FIGURE``)
            value = _canonical(number)
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if following is not None and following.lower == "k" and following.start == word.end:
                # "$18k" is 18,000, but "a 5k" / "3k" (5 km, 3 kyu) is the number it is written
                # with: the plain reading is kept beside it, never required (not a count)
                found.append(Quantity(value, word.text, is_pronoun_one=True))
                value = _canonical(str(Fraction(value) * 1000))
                index += 1
            elif (
                following is not None
                and (
                    following.text in _SCALE_SUFFIXES
                    or (following.text == "m" and _after_currency(text, word.start))
                )
                and following.start == word.end
            ):
                # "$1.2M" is "$1.2 million": the figure and its scale, as the words write them;
                # "$1.2m" too after a currency sign (thirty-fifth round), "1.2m" alone a length
                multiple = _SCALE_SUFFIXES.get(following.text, 1_000_000)
                found.append(Quantity(str(multiple), following.text))
                index += 1
            found.append(Quantity(f"#{value}" if ordinal else value, word.text))
        elif lower in _TENS_WORDS and (tens_ordinal := compound_ordinal(lower, after)) is not None:
            # "eighty-fifth" is the 85th (seventh round), not 80 and a fifth
            found.append(Quantity(f"#{tens_ordinal}", f"{word.text}-{tokens[index + 1].text}"))
            index += 2
            continue
        elif lower in _TENS_WORDS:
            value_int, end = _TENS_WORDS[lower], index + 1
            if after in _UNITS_WORDS and 0 < _UNITS_WORDS[after] < 10:
                # "twenty five" / "twenty-five" is one number
                value_int, end = value_int + _UNITS_WORDS[after], index + 2
            scale = neighbour(tokens, end - 1, 1)
            if scale in _SCALE_WORDS:  # "twenty-five thousand" is 25000
                value_int, end = value_int * _SCALE_WORDS[scale], end + 1
                value_int, end = hundreds_after(lowers, end, value_int, scale)
            found.append(Quantity(str(value_int), " ".join(t.text for t in tokens[index:end])))
            index = end
            continue
        elif (hundreds := scaled_hundreds(lowers, index)) is not None:
            # "two hundred and twelve thousand" is 212000 (thirteenth round)
            written = " ".join(t.text for t in tokens[index : hundreds[1] + 1])
            found.append(Quantity(str(hundreds[0]), written))
            index = hundreds[1] + 1
            continue
        elif (
            (lower in _UNITS_WORDS or lower == "a")
            and after in ("hundred", "thousand")
            and (rest := rest_after_scale(lowers, index + 1)) is not None
        ):
            # "one hundred and fifty" is 150: one number, its parts no counts of their own
            value_int = _UNITS_WORDS.get(lower, 1) * _SCALE_WORDS[after] + rest[0]
            written = " ".join(t.text for t in tokens[index : rest[1] + 1])
            found.append(Quantity(str(value_int), written))
            index = rest[1] + 1
            continue
        elif (
            lower in _UNITS_WORDS
            and after in _SCALE_WORDS
            and (lower != "one" or not _hyphen_compound(text, tokens, index + 1))
        ):
            # "ten thousand" is 10000, "one hundred" 100 (thirteenth round: "a hundred" reads
            # 100 too); "one thousand-piece puzzle" stays "one" and a thousand-piece
            scaled = _UNITS_WORDS[lower] * _SCALE_WORDS[after]
            scaled, end = hundreds_after(lowers, index + 2, scaled, after)
            found.append(Quantity(str(scaled), " ".join(t.text for t in tokens[index:end])))
            index = end
            continue
        elif lower in _UNITS_WORDS:
            pronoun = lower == "one" and (
                before in _NOT_A_COUNT_BEFORE or after in _NOT_A_COUNT_AFTER or not after
            )
            found.append(Quantity(str(_UNITS_WORDS[lower]), word.text, is_pronoun_one=pronoun))
        elif lower in _SCALE_WORDS:
            found.append(Quantity(str(_SCALE_WORDS[lower]), word.text))
        elif lower in _TIMES_WORDS:
            # "never deleted once accepted", "once the build passes": "once" opening a clause is
            # the conjunction (when, after), not a count (seventh round)
            conjunction = lower == "once" and (
                _opens_clause(after)
                or _once_idiom(lowers, index)
                or _subject_after(tokens[index + 1] if index + 1 < len(tokens) else None, word)
            )
            found.append(Quantity(str(_TIMES_WORDS[lower]), word.text, is_pronoun_one=conjunction))
        elif lower in _ORDINAL_WORDS:
            # "Will fly into Marrakech first.": an adverb of order closing its clause, not a count;
            # "second-hand", "first-class", "third-party": an ordinal joined by a hyphen to the
            # word after it is a compound adjective, not a place in an order
            adverb = (lower == "first" and not after) or _hyphen_compound(text, tokens, index)
            found.append(Quantity(f"#{_ORDINAL_WORDS[lower]}", word.text, is_pronoun_one=adverb))
        elif lower in _DECADE_WORDS:
            found.append(Quantity(str(_DECADE_WORDS[lower]), word.text))  # "her seventies" = 70s
        elif lower in _FRACTION_WORDS and (of_scale := scale_after_fraction(lowers, index)):
            # "a quarter of a million" is 250000, "half a dozen" 6 (lexicon.FRACTION_OF_SCALE)
            scale, end = of_scale
            value_int = int(_FRACTION_WORDS[lower] * _SCALE_WORDS[scale])
            written = " ".join(t.text for t in tokens[index : end + 1])
            found.append(Quantity(str(value_int), written))
            index = end + 1
            continue
        elif lower in _FRACTION_WORDS:
            # "every quarter", "after each quarter": a period of the calendar, not a share
            # "the third quarter", "third-quarter goal": a quarter of the year (thirteenth round)
            period = lower == "quarter" and (before in _PERIOD_BEFORE or before in _ORDINAL_WORDS)
            found.append(Quantity(str(_FRACTION_WORDS[lower]), word.text, is_pronoun_one=period))
        index += 1
    return found


def _inside_a_word(text: str, start: int, end: int) -> bool:
    """Thirty-fourth round: letters on both sides of the figure ("e2e" is end-to-end), a plural's
    "s" aside ("A100s" is the A100 of "A100 GPUs")."""
    after = text[end : end + 2]
    plural = after[:1] == "s" and not after[1:].isalpha()
    return start > 0 and text[start - 1].isalpha() and after[:1].isalpha() and not plural


# The currency signs (``equivalents.CURRENCY_SIGNS``, which the coverage check also spells as
# codes) and two more that only mark an amount here.
_AMOUNT_SIGNS = CURRENCY_SIGNS | {"¥", "₹"}


def _after_currency(text: str, start: int) -> bool:
    """Thirty-fourth round: "an £85 April service" is an amount, not the 85th of April."""
    return start > 0 and text[start - 1] in _AMOUNT_SIGNS


# What may open a clause after the conjunction "once": a subject pronoun or a determiner (the
# closed classes), or a past participle ("once accepted").
_CLAUSE_OPENERS = frozenset(
    {
        "i", "you", "he", "she", "it", "we", "they", "someone", "everyone", "the", "this",
        "that", "these", "those", "my", "your", "his", "her", "its", "our", "their",
    }
)  # fmt: skip


# Ninth round: "once in a while", "at once", "once again", "once more", "for once": idioms of
# frequency or time, not a count of one ("fish is fine once in a while" / "now and then").
_ONCE_AFTER = (("in", "a", "while"), ("again",), ("more",))
_ONCE_BEFORE = frozenset({"at", "for"})


def _once_idiom(lowers: Sequence[str], index: int) -> bool:
    after = tuple(lowers[index + 1 : index + 4])
    if any(after[: len(idiom)] == idiom for idiom in _ONCE_AFTER):
        return True
    return index > 0 and lowers[index - 1] in _ONCE_BEFORE


def _subject_after(following: Word | None, once: Word) -> bool:
    """Thirty-sixth round: "once Zoya starts nursery", "once five years are complete": a name
    written mid-sentence or a number opens the clause of the conjunction ("once a week", "once
    in 2021" stay counts)."""
    if following is None or following.clause != once.clause:
        return False
    if following.lower in _UNITS_WORDS and following.lower != "one":
        return True
    return following.text[:1].isupper() and following.text[1:].islower()


def _opens_clause(following: str) -> bool:
    if following in _CLAUSE_OPENERS:
        return True
    return following.endswith("ed") and "VERB" in english_readings(following)


def _hyphen_compound(text: str, tokens: Sequence[Word], index: int) -> bool:
    word = tokens[index]
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return (
        following is not None
        and text[word.end : word.end + 1] == "-"
        and following.start == word.end + 1
        and following.lower.isalpha()
    )


def neighbour(tokens: Sequence[Word], index: int, offset: int) -> str:
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
