"""Words of a text as the meaning rules see them: tokens, stems, clauses, stop words."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from dream_assets.core.facts.lexicon import TENS_WORDS, UNIT_WORDS
from dream_assets.core.facts.vocabulary import straighten

# ── Words ──────────────────────────────────────────────────────────────────────────────────


# Words keep their inner apostrophe ("doesn't", "Rocky's"); digits are their own tokens so that
# "3rd" and "10%" are read as quantities, not words.
_TOKEN = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?(?:st|nd|rd|th)?%?|[^\W\d_]+(?:'[^\W\d_]+)*")

# A clause ends at punctuation or at a conjunction that starts a new statement: "Jon does not
# eat meat, but he eats fish" negates eating meat, not eating fish.
# Fifteenth round: a full stop, a colon or a comma inside a token (".env", "config.toml", "10:00",
# "5,000", "3.5") ends nothing.
_CLAUSE_BREAK = re.compile(r"[;!?()\n\u2014\u2013]|[.:,](?![\w/<])|\s-\s")
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


_NUMBER_STEMS = {word: str(value) for word, value in {**UNIT_WORDS, **TENS_WORDS}.items()}


@lru_cache(maxsize=65_536)
def stem(word: str) -> str:
    """A small suffix stemmer: enough to meet "eats"/"eat", "baking"/"bake", "running"/"run".

    Both sides of a comparison go through the same function, so consistency matters more than
    linguistic accuracy. Stripping never leaves fewer than three letters, which keeps "uses" from
    collapsing onto "us".
    """
    word = straighten(word.lower())
    if word.endswith("'s"):
        word = word[:-2]
    if word in _NUMBER_STEMS:
        return _NUMBER_STEMS[word]  # "thirty" / "30": one word to every rule (sixth round)
    word = american_spelling(word)
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) + len(replacement) >= 3:
            word = word[: len(word) - len(suffix)] + replacement
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # "running" -> "runn" -> "run"
    return word


# British and American spellings of one word compare equal: "watercolour" / "watercolor",
# "organise" / "organize", "centre" / "center", "travelled" / "traveled", "catalogue" / "catalog".
_BRITISH = (
    (re.compile(r"(?<=[a-z]{3})our(?=(s|ed|ing|ite|ites|able|ful|ist|ists)?$)"), "or"),
    (re.compile(r"(?<=[a-z]{3})is(?=(e|es|ed|ing|ation|ations)$)"), "iz"),
    (re.compile(r"(?<=[a-z]{2})ys(?=(e|es|ed|ing)$)"), "yz"),
    (re.compile(r"(?<=[a-z]{3})tre(?=s?$)"), "ter"),
    (re.compile(r"(?<=[a-z]{3})ogue(?=s?$)"), "og"),
    (re.compile(r"(?<=[a-z]{3}[aeiou])ll(?=(ed|ing|er|ers)$)"), "l"),
)


def american_spelling(word: str) -> str:
    """``word`` (lowercase) in its American spelling, for comparison only."""
    for pattern, replacement in _BRITISH:
        word = pattern.sub(replacement, word)
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
class Word:
    text: str  # as written
    lower: str
    stem: str
    start: int
    end: int
    clause: int  # index of the clause the word belongs to
    sentence: int  # index of the sentence the word belongs to
    content: bool  # not a stop word


def position(words: Sequence[Word], word: Word) -> int:
    """``words.index(word)`` for the words of one text, found by the word's offset: a text's
    words stand in the order of their offsets, each at its own, so no earlier word equals it.
    ``index`` compares the word with every one before it (a rule asking it for each negation of a
    long text took time in the square of its length); anything else falls back to it."""
    found = bisect_left(words, word.start, key=_offset)
    if found < len(words) and words[found] == word:
        return found
    return words.index(word)


def _offset(word: Word) -> int:
    return word.start


# A text's clauses are runs of its words (``words_of`` numbers them in order): the words of
# ``word``'s clause before it and after it are found by walking out from it, not by reading
# every word of the text for each word asked about, and at most ``CLAUSE_REACH`` words out: a
# clause of thousands of words with a negation in every other one ("not not not ...") would
# otherwise cost the square of its length. No clause of the tests' corpora (37 330 texts) has
# more than 19 words before a negation or 18 after it.
CLAUSE_REACH = 40


def clause_before(words: Sequence[Word], word: Word) -> list[Word]:
    """The words of ``word``'s clause before it (the nearest ``CLAUSE_REACH``), in order."""
    at = position(words, word)
    first = at
    while first > max(0, at - CLAUSE_REACH) and words[first - 1].clause == word.clause:
        first -= 1
    return list(words[first:at])


# The auxiliaries between a passive subject and its negation ("a desert tour is not wanted", "the
# licence hasn't been changed").
_AUXILIARIES = frozenset(
    {"is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "gets", "got"}
)
_SUBJECT_REACH = 2


def subject_before(words: Sequence[Word], word: Word) -> list[Word]:
    """The content words right before ``word`` in its clause, past any auxiliaries: the subject
    of a passive ("a desert tour is not wanted" -> desert, tour; at most two words)."""
    before = clause_before(words, word)
    while before and before[-1].lower in _AUXILIARIES:
        before.pop()
    subject: list[Word] = []
    while before and before[-1].content and len(subject) < _SUBJECT_REACH:
        subject.insert(0, before.pop())
    return subject


def subject_among(words: Sequence[Word], word: Word, stems: set[str]) -> bool:
    """Whether ``word`` has a subject before it (``subject_before``) whose stems are all among
    ``stems``."""
    subject = subject_before(words, word)
    return bool(subject) and all(w.stem in stems for w in subject)


def clause_after(words: Sequence[Word], word: Word) -> list[Word]:
    """The words of ``word``'s clause after it (the nearest ``CLAUSE_REACH``), in order."""
    at = position(words, word) + 1
    last = at
    end = min(len(words), at + CLAUSE_REACH)
    while last < end and words[last].clause == word.clause:
        last += 1
    return list(words[at:last])


# Ninth round: "has not yet booked", "is yet to arrive", "as yet": "yet" as an adverb of time,
# not the conjunction that starts a statement ("allergic to tree nuts yet fine with peanuts").
_BEFORE_ADVERBIAL_YET = frozenset(
    {"not", "never", "has", "have", "had", "is", "are", "was", "were", "as", "nor"}
)


def _adverbial_yet(tokens: Sequence[re.Match[str]], index: int) -> bool:
    before = tokens[index - 1].group().lower() if index else ""
    after = tokens[index + 1].group().lower() if index + 1 < len(tokens) else ""
    return before in _BEFORE_ADVERBIAL_YET or before.endswith("n't") or after == "to"


def words_of(text: str) -> tuple[Word, ...]:
    """The words of ``text`` (apostrophes already straightened) with their clause and sentence."""
    clause_breaks = [m.start() for m in _CLAUSE_BREAK.finditer(text)]
    sentence_breaks = [m.start() for m in _SENTENCE_BREAK.finditer(text)]
    words: list[Word] = []
    clause = sentence = 0
    next_clause_break = next_sentence_break = 0
    tokens = list(_TOKEN.finditer(text))
    for index, match in enumerate(tokens):
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
        if lower in _CLAUSE_WORDS and not (lower == "yet" and _adverbial_yet(tokens, index)):
            clause += 1
        content = lower not in STOP_WORDS and lower not in _CLAUSE_WORDS
        words.append(Word(token, lower, stem(token), start, match.end(), clause, sentence, content))
    return tuple(words)


def clause_stems(words: Sequence[Word]) -> dict[int, set[str]]:
    by_clause: dict[int, set[str]] = {}
    for word in words:
        if word.content:
            by_clause.setdefault(word.clause, set()).add(word.stem)
    return by_clause
