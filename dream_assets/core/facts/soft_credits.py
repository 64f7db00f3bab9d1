"""The merge gate's own credits for a specific the coverage check would miss
(``coverage.missing_specifics(..., soft=True)`` only; the pair judge reads every specific as
written): each a spelling of the same name or figure, named by the round that measured it
(docs/merge-checks.md). Split from ``coverage.py``, which finds the specifics."""

from __future__ import annotations

import re

from dream_assets.core.facts.aliases import alias_stated
from dream_assets.core.facts.baseline import CLOSED_CLASS_WORDS
from dream_assets.core.facts.equivalents import length_as_period
from dream_assets.core.facts.hours import (
    clock_hours,
    hour_figures,
    hour_range_figures,
    hours_minutes,
)
from dream_assets.core.facts.lexicon import NAMES_THAT_ARE_WORDS, english_readings, lemmas_of
from dream_assets.core.facts.merged_text import MergedText
from dream_assets.core.facts.quantities import measure_elsewhere
from dream_assets.core.facts.tokens import (
    TOKEN,
    Specific,
    canonical_time,
    connector_acronyms,
    connector_initials,
)
from dream_assets.core.facts.vocabulary import Vocabulary, straighten


def gerund_base(specific: Specific) -> str:
    """The verb of a capitalized "-ing" word ("Bouldering" -> "boulder", "Reindexing" ->
    "reindex"), four letters or more ("Woking", "Ealing" have none); "" for any other word and
    for the names that are words ("Reading")."""
    word = specific.text.lower()
    if specific.kind != "word" or not word.endswith("ing") or not word.isalpha():
        return ""
    if word in NAMES_THAT_ARE_WORDS:
        return ""  # "Reading", "Manning", "Browning": names as often as words
    base = word[:-3]
    return base if len(base) >= 4 else ""


def camel_clipping(specific: Specific, merged: MergedText) -> bool:
    """A name of five letters or more that a capitalized word of the merge extends in camel case
    ("Postgres" / "PostgreSQL": a capital where the clipping ends or after it), or that extends
    such a word of the merge so ("PostgreSQL" / "Postgres"). A lowercase extension is another
    name as often ("Daniel" / "Daniela"); so is a shorter clipping ("Java" / "JavaScript")."""
    name = specific.text
    if specific.kind != "word" or not name.isalpha() or not name[0].isupper():
        return False
    for word in merged.words:
        if not word.isalpha() or not word[0].isupper() or word == name:
            continue
        short, long = (name, word) if len(name) < len(word) else (word, name)
        if (
            len(short) >= 5
            and long.lower().startswith(short.lower())
            and any(c.isupper() for c in long[len(short) - 1 :])
        ):
            return True
    return False


_CAPITALIZED_WORDS_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")


def written_joined(specific: Specific, source: str, merged: str) -> bool:
    """A word of a run of capitalized words whose letters the other text writes as one word
    ("Tie Guan Yin" / "Tieguanyin"), or a word the other text writes as such a run."""
    name = specific.text
    if specific.kind != "word" or not name.isalpha():
        return False
    merged_words = {m.group().casefold() for m in TOKEN.finditer(straighten(merged))}
    for run in _CAPITALIZED_WORDS_RUN.finditer(straighten(source)):
        words = run.group().split()
        if name in words and any(
            name in part and "".join(part).casefold() in merged_words for part in _parts(words)
        ):
            return True
    return any(
        "".join(part).casefold() == name.casefold()
        for run in _CAPITALIZED_WORDS_RUN.finditer(straighten(merged))
        for part in _parts(run.group().split())
    )


def _parts(words: list[str]) -> list[list[str]]:
    """Every run of two or more consecutive words ("Drinks Da Hong Pao": "Da Hong Pao", ...): a
    sentence-opening capital may start the run."""
    return [words[i:j] for i in range(len(words)) for j in range(i + 2, len(words) + 1)]


def closed_class_capital(specific: Specific, vocabulary: Vocabulary) -> bool:
    word = specific.text
    if specific.kind != "word" or not word[1:].islower():
        return False
    key = word.lower()
    return (
        key in CLOSED_CLASS_WORDS
        and key not in NAMES_THAT_ARE_WORDS
        and key not in vocabulary.always_specific_words
    )


def figure_said_otherwise(specific: Specific, source: str, merged: MergedText) -> bool:
    """A clock figure of the source written by the merge as hours and minutes, or a figure of
    the source's hours and minutes written as a clock figure (seventh round, the gate only); or
    (twenty-fourth round) a figure of a metric measure the merge writes in another unit ("500 g"
    / "half a kilo", "2 km" / "2,000 metres": ``quantities.measure_elsewhere``)."""
    if specific.kind == "number" and measure_elsewhere(specific.text, source, merged.text):
        return True
    if specific.kind == "number" and length_as_period(specific.text, source, merged.text):
        return True  # "run for 14 days" / "fortnightly cycles" (thirty-first round)
    if specific.kind == "time":
        return canonical_time(specific.text) in {
            clock for clocks in hours_minutes(merged.text).values() for clock in clocks
        }
    if specific.kind == "number":
        if hours_minutes(source).get(specific.text, set()) & merged.times:
            return True
        if hour_figures(source).get(specific.text, set()) & merged.times:
            return True  # "after 10 pm" / "after 22:00" (fourteenth round)
        # "blocks out 9 to 12" / "keeps 9:00-12:00": a range of hours (ninth round)
        return specific.text in hour_range_figures(source) and specific.text in clock_hours(
            merged.times
        )
    return False


# Thirty-first round: a kinship word written as a name ("for Dad's seventieth") is the relation a
# merge writes in lowercase ("the user's father").
_FATHER, _MOTHER = ("dad", "father"), ("mum", "mom", "mother")
_GRANDMOTHER, _GRANDFATHER = (
    ("grandma", "granny", "gran", "nan", "grandmother"),
    ("grandpa", "grandfather"),
)
_KIN_NAMES = {
    "Dad": _FATHER, "Father": _FATHER, "Papa": _FATHER, "Mum": _MOTHER, "Mom": _MOTHER,
    "Mother": _MOTHER, "Mama": _MOTHER, "Grandma": _GRANDMOTHER, "Granny": _GRANDMOTHER,
    "Gran": _GRANDMOTHER, "Nan": _GRANDMOTHER, "Grandpa": _GRANDFATHER,
}  # fmt: skip


def other_spelling(specific: Specific, merged: str, merged_prose: frozenset[str]) -> bool:
    """Thirteenth round (the gate only): "F1" / "Formula 1", "UK" / "British", one thing in the
    pair judge's alias table (``aliases.ALIASES``); "iTalki" / "italki", "Duolingo" /
    "duolingo", a name the merge writes wholly in lowercase mid-sentence where that is no English
    word ("Calendar" / "calendar" stays apart)."""
    name = specific.text
    if alias_stated(name, merged):
        return True
    if any(word in merged_prose for word in _KIN_NAMES.get(name, ())):
        return True
    folded = name.casefold()
    return (
        len(name) >= 3
        and name.isalpha()
        and folded in merged_prose
        and not english_readings(folded)
    )


def plural_in(word: str, prose: frozenset[str]) -> bool:
    """Whether ``prose`` holds the plural of ``word`` ("hotfix" / "hotfixes") or, for a plural,
    its singular ("hotfixes" / "hotfix", fifteenth round)."""
    singulars = {word[:-2], word[:-1]} if word.endswith("es") else {word[:-1]}
    if word.endswith("s") and len(word) >= 4 and singulars & prose:
        return True
    return f"{word}s" in prose or f"{word}es" in prose


def _capital_inflection(specific: Specific, merged: MergedText) -> bool:
    """A capitalized word of the source that the merge capitalizes in another inflection of the
    same English lemma ("Gift Aids" / "Gift Aided"; fourteenth round, the gate only)."""
    name = specific.text
    if specific.kind != "word" or not name.isalpha() or not name[0].isupper():
        return False
    lemmas = lemmas_of(name.lower())
    if not lemmas:
        return False
    return any(
        word != name
        and word.isalpha()
        and word[0].isupper()
        and word[1:].islower()
        and lemmas & lemmas_of(word.lower())
        for word in merged.words
    )


# Fifteenth round: "British English" / "British spelling", "US English" / "American spelling": a
# variety of English named by its country, kept where the merge names the same country's spelling
# or usage (the gate only).
_VARIETIES = (
    frozenset({"British", "UK", "Britain"}),
    frozenset({"American", "US", "USA"}),
    frozenset({"Australian", "Australia"}),
    frozenset({"Canadian", "Canada"}),
    frozenset({"Irish", "Ireland"}),
    frozenset({"Indian", "India"}),
)
_VARIETY_NOUNS = r"(?:spelling|spellings|usage|conventions|orthography|English)"


def _variety_of_english(specific: Specific, source: str, merged: str) -> bool:
    if specific.text != "English":
        return False
    for names in _VARIETIES:
        said = "|".join(sorted(names))
        if re.search(rf"\b(?:{said})\s+English\b", source) and re.search(
            rf"\b(?:{said})\s+{_VARIETY_NOUNS}\b", merged
        ):
            return True
    return False


def another_form(
    specific: Specific, source: str, merged: MergedText, merged_prose: frozenset[str]
) -> bool:
    """A specific the merge writes in another form of the same word (the gate only)."""
    return (
        (specific.initial and plural_in(specific.text.lower(), merged_prose))
        or _capital_inflection(specific, merged)
        or _variety_of_english(specific, source, merged.text)
        or _ampersand_initials(specific.text, source, merged.text)
        or _connector_initials(specific.text, source, merged.text)
        or (specific.initial and _inflected_in(specific.text, merged_prose))
    )


# Thirty-first round: a sentence-opening verb form the lexicon lacks ("Autoscaling is driven by
# CPU" / "the API autoscales on CPU") is that verb where the merge writes it lowercase in another
# inflection: a stem of five letters and up, compared without its "-ing", "-es", "-s", "-ed".
_INFLECTION = re.compile(r"(?:ing|es|ed|s)$")
_STEM_MIN = 5


def _stem(word: str) -> str:
    return _INFLECTION.sub("", word.lower()).removesuffix("e")


def _inflected_in(name: str, merged_prose: frozenset[str]) -> bool:
    stem = _stem(name)
    return (
        name.isalpha()
        and _INFLECTION.search(name) is not None
        and len(stem) >= _STEM_MIN
        and any(w != name.lower() and _stem(w) == stem for w in merged_prose)
    )


# Thirty-first round: "UoA" / "University of Auckland", "TfL" / "Transport for London": an
# acronym whose lowercase letters are its name's connectors (``tokens.connector_initials``),
# either way round.
def _connector_initials(name: str, source: str, merged: str) -> bool:
    if (spelt := connector_initials(name)) is not None and spelt.search(merged):
        return True
    return any(
        name in found.group().split()
        for acronym in connector_acronyms(merged)
        if (spelt := connector_initials(acronym)) is not None
        for found in spelt.finditer(source)
    )


# Twenty-fourth round: "Dungeons & Dragons" / "D&D", "Marks & Spencer" / "M&S": two capitalized
# names joined by "&", written by their initials joined by "&" (four spent sets rejected the
# first; an alias table would list them one by one).
_AMPERSAND_PAIR = re.compile(r"\b([A-Z][\w'-]*) & ([A-Z][\w'-]*)")


def _ampersand_initials(name: str, source: str, merged: str) -> bool:
    return any(
        name in pair.groups() and re.search(rf"\b{pair[1][0]}&{pair[2][0]}\b", merged)
        for pair in _AMPERSAND_PAIR.finditer(source)
    )
