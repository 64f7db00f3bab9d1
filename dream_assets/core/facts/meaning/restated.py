"""Where a lost or added negation may be a restatement, not a flip: the readings that turn a
negation finding into a hint for the verifier (``negation.RESTATED``, ``negation.DOUBLE``) and
never credit it. Split from ``negation.py``, which finds the negations and decides the findings;
each reading names the round that measured it (docs/merge-checks.md)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Sequence
from functools import cache
from typing import Protocol

from dream_assets.core.facts.lexicon import english_readings, is_negation, lemmas_of
from dream_assets.core.facts.meaning.stated_negatively import bound_said
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.meaning.words import Word, clause_after, position, stem


class _Negation(Protocol):
    """A negation as ``negation._negations`` reads it (its cue word, the stems it governs, the
    words from the cue to the last governed one)."""

    @property
    def cue(self) -> Word: ...
    @property
    def scope(self) -> frozenset[str]: ...
    @property
    def words(self) -> tuple[Word, ...]: ...


# Words that state an exclusion as a predicate: "stays off Facebook", "onion and garlic are out",
# "off the table", "off-limits", "zero debt". Only where the source does not use them itself ("eats
# out" stays a plain word) and only to make a finding a hint: they never credit a negation.
# Seventh round: "clear" ("kept clear of meetings", "steers clear of sugar").
# Eighth round: "outside" ("only outside business hours" / "never during business hours").
# Eighteenth round: "except" ("never on Sundays" / "each evening except Sundays"), "beyond" ("can't
# do push-ups" / "push-ups are beyond him"), "extra" ("rent includes water but not council tax" /
# "water included, council tax extra").
_EXCLUSION_WORDS = frozenset(
    {"off", "out", "zero", "off-limits", "clear", "outside", "except", "beyond", "extra"}
)


def restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """Whether the merge may restate ``negation`` in other words: an exclusion word in a clause
    holding a governed word, or a governed word negated by the prefix "un-" ("has not booked
    flights" / "flights are unbooked"). (A negation of the merge anywhere in the sentence of a
    governed word was measured and left out: it also fired on a flip joined by ", and" to a kept
    negation, "without having put money in, and has bought some crypto".)"""
    governed = negation.scope
    # Eighth round: a governed word the merge writes out from its clipping ("not in the repo" /
    # "kept out of the repository") marks the clause as well as the word itself does.
    clauses = {w.clause for w in merged.words if w.stem in governed or clips(governed, w.stem)}
    source_words = {w.lower for w in source.words}
    for index, word in enumerate(merged.words):
        if word.clause in clauses and word.lower in _EXCLUSION_WORDS - source_words:
            return True
        # (a prefixed word the source itself writes is no restatement: "no non-compete clause"
        # / "a non-compete clause" is the flip)
        if word.lower.startswith("un") and (
            stem(word.lower[2:]) in governed
            or (word.lower not in source_words and _negated_form(word.lower[2:], governed))
        ):
            return True
        # Eighth round: "non-" negates the word it is joined to ("shouldn't block the merge" /
        # "non-blocking"), as "un-" does.
        before = merged.words[index - 1] if index else None
        if (
            before is not None
            and before.lower == "non"
            and word.start == before.end + 1
            and "non" not in source_words
            and _negated_form(word.lower, governed)
        ):
            return True
    # Twenty-ninth round: "can't digest lactose" / "being lactose intolerant": an adjective negated
    # by its prefix ("intolerant", "unable", "impossible") in a clause holding a governed word,
    # one no source writes
    if any(
        w.clause in clauses
        and w.lower not in source_words
        and (prefix_negated(w.lower) or adjective_negated(w.lower))
        for w in merged.words
    ):
        return True
    # Ninth round: "hasn't returned the deposit" / "has yet to hand back the deposit": "yet to"
    # states what has not happened; "can't handle dairy" / "dairy disagrees with them", "can't
    # manage stairs" / "stairs are hard for her": an inability restated as a difficulty.
    for first, second in itertools.pairwise(merged.words):
        if first.clause in clauses and (first.lower, second.lower) == ("yet", "to"):
            return True
    if _bound_restated(negation, source, merged):
        return True
    # Eleventh round: "doesn't open on Mondays" / "is closed on Mondays": the negated word's
    # antonym in the merge, beside the negation's other words
    antonyms = {a for w in negation.words[1:3] for a in _ANTONYMS.get(w.lower, ())}
    if antonyms and any(w.lower in antonyms for w in merged.words if w.clause in clauses):
        return True
    if _until_restated(negation, source, merged) or _requirement_restated(negation, source, merged):
        return True
    if _exception_restated(negation, source, merged):
        return True
    if _twelfth_round(negation, source, merged, clauses):
        return True
    if _copes(negation) and any(
        w.clause in clauses and _is_difficulty(merged.words, i) for i, w in enumerate(merged.words)
    ):
        return True
    # "not planning to overpay" / "don't intend to make overpayments": a negated clause of the
    # merge holds a derivation of a governed word (sixth round; a hint, never a credit)
    negated = {w.clause for w in merged.words if is_negation(w.lower)}
    return any(
        word.clause in negated and word.stem not in governed and derived(word.stem, governed)
        for word in merged.words
    )


# Ninth round: the verbs of coping an inability negates ("can't handle", "cannot tolerate",
# "can't manage"), and the words that restate it as a difficulty.
_COPING_VERBS = frozenset({"handle", "manage", "tolerate", "cope", "stomach", "bear"})
_ABILITY_NEGATIONS = frozenset({"can't", "cannot", "couldn't"})
_DIFFICULTY_WORDS = frozenset(
    {"hard", "difficult", "tough", "struggle", "struggles", "trouble", "disagrees", "disagree"}
)


def _after_cue(negation: _Negation, source: Text, reach: int = 8) -> list[Word]:
    index = position(source.words, negation.cue)
    return [
        w for w in source.words[index + 1 : index + 1 + reach] if w.clause == negation.cue.clause
    ]


# A few antonyms of the words a negation most often governs in agent memories (each way round).
_ANTONYMS: dict[str, tuple[str, ...]] = {
    "open": ("closed", "shut"), "opens": ("closed", "shut"),
    "allow": ("forbid", "forbids", "bans", "prohibits"),
    "allowed": ("forbidden", "banned", "prohibited"),
    "available": ("unavailable",), "include": ("exclude", "excludes"),
    "included": ("excluded",), "like": ("dislikes", "dislike"), "likes": ("dislikes",),
    "working": ("broken",), "works": ("broken",),
}  # fmt: skip


def _until_restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """ "won't arrive until mid-January" / "expected in mid-January", "nothing merges until the
    run passes" / "merging is gated on the run": a negation bound to "until" states when the
    thing happens; the merge keeps a content word after "until"."""
    after = _after_cue(negation, source, reach=len(source.words))
    at = next((i for i, w in enumerate(after[:8]) if w.lower in ("until", "till")), None)
    if at is None:
        return False
    later = {w.stem for w in after[at + 1 :] if w.content}
    return bool(later & merged.content)


# Seventeenth round: the words that bound a negation by its one exception (not
# ``negation._EXCEPTION_WORDS``, the words after an exclusive "only").
_EXCEPTION_BOUNDS = frozenset({"except", "otherwise", "unless", "besides"})


def _exception_restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """ "no carrots except as treats" / "carrots being treats only", "glasses for night driving
    but not otherwise" / "glasses only for night driving": a negation bounded by its exception
    ("except", "otherwise", "unless") states an "only"; the merge writes "only" where the source
    does not."""
    around = {w.lower for w in _after_cue(negation, source)} | {w.lower for w in negation.words}
    if not around & _EXCEPTION_BOUNDS:
        return False
    return "only" not in {w.lower for w in source.words} and any(
        w.lower == "only" for w in merged.words
    )


_REQUIREMENT_WORDS = frozenset(
    {
        "need",
        "needs",
        "needed",
        "require",
        "requires",
        "required",
        "must",
        "only",
        "gated",
        "always",
    }
)


def _requirement_restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """ "no local admin without raising a ticket" / "admin access needs an IT ticket": two
    negations in one clause state a requirement, which the merge words as one."""
    if negation.cue.lower == "without":
        others = [
            w for w in source.words if w.clause == negation.cue.clause and is_negation(w.lower)
        ]
    else:
        others = [w for w in _after_cue(negation, source) if w.lower == "without"]
    if not [w for w in others if w is not negation.cue]:
        return False
    return any(w.lower in _REQUIREMENT_WORDS for w in merged.words)


# Ninth round: "never eats breakfast after 8am" / "always finished by 8 a.m.": a negated "after"
# a time is the bound "by" (or "before", "until") that time.
_BEFORE_WORDS = frozenset({"by", "before", "until", "till"})


def _bound_restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """The negation governs "after" a figure, and the merge puts one of the bound words before
    the same figure; or (twenty-ninth round) it governs a comparison the merge names by a bound
    of the same side (``stated_negatively.bound_said``)."""
    if bound_said(_after_cue(negation, source)[:5], merged.text):
        return True
    start, end = negation.words[0].start, negation.words[-1].end
    after = re.search(r"\bafter\s+(\d{1,2})(?!\d)", source.text[start : end + 8])
    if after is None:
        return False
    bound = rf"\b(?:{'|'.join(sorted(_BEFORE_WORDS))})\s+{after.group(1)}(?!\d)"
    return re.search(bound, merged.text) is not None


def _copes(negation: _Negation) -> bool:
    """A negation of ability whose first governed word is a verb of coping."""
    governed = negation.words[1:2]
    return negation.cue.lower in _ABILITY_NEGATIONS and any(
        w.lower in _COPING_VERBS for w in governed
    )


def _is_difficulty(words: Sequence[Word], index: int) -> bool:
    """A difficulty word, or "too much" ("very hot food is too much for them")."""
    word = words[index]
    if word.lower in _DIFFICULTY_WORDS:
        return True
    following = words[index + 1].lower if index + 1 < len(words) else ""
    return word.lower == "too" and following == "much"


def clips(governed: Collection[str], word: str) -> bool:
    """A governed word of four letters or more that ``word`` begins with: its clipping ("repo" /
    "repository", "prod" / "production")."""
    return any(len(g) >= 4 and word.startswith(g) for g in governed)


def _negated_form(rest: str, governed: frozenset[str]) -> bool:
    """The word after a negative prefix ("un-", "non-") is a governed word, a derivation of one,
    or begins with a governed clipping of three letters or more ("without an ack" /
    "unacknowledged"; eighth round: the sixth round read only the governed word itself)."""
    rest_stem = stem(rest)
    return (
        rest_stem in governed
        or derived(rest_stem, governed)
        or any(len(g) >= 3 and rest.startswith(g) for g in governed)
    )


def derived(word: str, governed: frozenset[str]) -> bool:
    """ "overpay" / "overpayments" either way round (seventh round: "deferrals" / "defer")."""
    return any(
        (len(g) >= 5 and word.startswith(g)) or (len(word) >= 5 and g.startswith(word))
        for g in governed
    )


# Eighth round: a negated verb of objection says the opposite positively ("doesn't mind taking in
# parcels" / "is happy to take in parcels"): the lemmas of WordNet's mind.v.04 ("be offended or
# bothered by") and object.v.01 that are no other word ("bother" also means "take the trouble").
OBJECTION_VERBS = frozenset({"mind", "minds", "minded", "object", "objects", "objected"})


# Ninth round: idioms whose negation says something positive ("can't get enough of dinosaurs" is
# "loves dinosaurs", "can't wait to see her"), read like a negated objection: a hint.
_POSITIVE_IDIOMS = (("get", "enough"), ("wait",))


# A wait states that something has not happened yet: "still waiting for a decision" is "has not
# yet heard a decision".
WAITING_WORDS = frozenset({"waiting", "awaiting", "awaits", "pending"})


def not_yet(words: Sequence[Word], negation: _Negation) -> bool:
    """ "has not yet heard", "has yet to be updated": a negation of what has not happened yet."""
    if negation.cue.lower == "yet" or any(w.lower == "yet" for w in negation.words[1:]):
        return True  # "are not booked yet" (thirty-sixth round: "yet" among the governed words)
    index = position(words, negation.cue)
    if index + 1 < len(words) and words[index + 1].lower == "yet":
        return True
    if index > 0 and words[index - 1].lower == "still":
        return True  # "still hasn't replaced" (thirty-sixth round)
    # nineteenth round: "yet" closing the negated words and its sentence ("has no decision
    # yet."), not the conjunction ("no decision, yet they wait")
    after = position(words, negation.words[-1]) + 1
    return (
        after < len(words)
        and words[after].lower == "yet"
        and words[after].sentence == negation.cue.sentence
        and (after + 1 == len(words) or words[after + 1].sentence != words[after].sentence)
    )


def waits(words: Sequence[Word]) -> bool:
    """A wait or a task still open: "still waiting for a decision", "still needs to update the
    licence", "still has to sign"."""
    if any(w.lower in WAITING_WORDS for w in words):
        return True
    return any(
        (first.lower == "still" and second.lower in _STILL_OPEN)
        or (first.lower in _OPEN_INTENT and second.lower in _OPEN_AFTER)
        for first, second in itertools.pairwise(words)
    )


_STILL_OPEN = frozenset({"needs", "need", "has", "have", "to"})
# Thirty-sixth round: an intention not acted on ("keeps meaning to replace it") and a choice still
# being made ("is deciding whether to repair it"): "still hasn't replaced", "hasn't yet decided".
_OPEN_INTENT = frozenset({"meaning", "means", "deciding", "weighing"})
_OPEN_AFTER = frozenset({"to", "whether", "between"})


def positive_idiom(words: Sequence[Word], negation: _Negation) -> bool:
    if negation.cue.lower not in _ABILITY_NEGATIONS:
        return False
    index = position(words, negation.cue)
    after = tuple(w.lower for w in words[index + 1 : index + 3])
    return any(after[: len(idiom)] == idiom for idiom in _POSITIVE_IDIOMS)


# Twelfth round (the spent sets v2-v12b pooled, their faithful merges' lost negations read): an
# exclusive word states that nothing else holds ("won't ride it in the rain" / "rides it only when
# it's dry", "nobody has write access except the migrations role" / "write access belongs solely to
# the migrations role"); a secret or a surprise states that somebody does not know ("chose not to
# find out the sex" / "keeping the sex a surprise"); a negated comparison keeps its figure as a
# bound ("never runs over 15 minutes" / "a fifteen-minute standup", "no longer than one screen" /
# "within one screen"); and an "un-" word of the merge's own states a negation of its clause
# ("changes them without warning" / "alters them unannounced").
_EXCLUSIVE = frozenset({"solely", "exclusively"})
_KNOWING = frozenset(
    {"know", "knows", "knew", "find", "finds", "found", "learn", "learns", "tell", "told",
     "mention", "mentioned", "hear", "heard", "reveal", "revealed", "aware"}
)  # fmt: skip
_SECRECY = frozenset({"secret", "surprise", "confidential", "unaware", "undisclosed"})
_COMPARISON = frozenset({"over", "longer", "more", "past", "beyond", "above", "exceed", "exceeds"})


def _twelfth_round(negation: _Negation, source: Text, merged: Text, clauses: set[int]) -> bool:
    source_words = {w.lower for w in source.words}
    in_clauses = [w for w in merged.words if w.clause in clauses]
    if any(w.lower in _EXCLUSIVE for w in in_clauses):
        return True
    if any(
        w.lower not in source_words and w.lower.startswith("un") and prefix_negated(w.lower)
        for w in in_clauses
    ):
        return True
    after = _after_cue(negation, source, reach=3)
    if any(w.lower in _KNOWING for w in after) and any(
        w.lower in _SECRECY - source_words for w in merged.words
    ):
        return True
    if any(w.lower in _COMPARISON for w in after[:2]):
        # "5,000" is the figure 5000 (fifteenth round)
        figures = {f for w in _after_cue(negation, source, reach=5) if (f := _figure(w.stem))}
        merged_figures = {f for w in merged.words if (f := _figure(w.stem))}
        return bool(figures & merged_figures)
    return False


def _figure(token: str) -> str:
    plain = token.replace(",", "")
    return plain if plain.isdigit() else ""


@cache
def prefix_negated(word: str) -> bool:
    """An English word that is "un-" before another English word of four letters or more
    ("unsure", "unable", "unwilling"; not "unit", "union", "under", "until": their rest is no
    word)."""
    rest = word[2:]
    return (
        word.startswith("un")
        and len(rest) >= 4
        and bool(english_readings(word))
        and bool(english_readings(rest))
    )


_LATIN_NEGATIVE_PREFIXES = ("in", "im", "il", "ir")


@cache
def adjective_negated(word: str) -> bool:
    """Fourteenth round: an English adjective that is "in-", "im-", "il-" or "ir-" before another
    English adjective of four letters or more ("impossible", "illegal", "irregular", "inactive";
    not "improve", "inform", "income": no adjective on both sides)."""
    prefix = word[:2]
    rest = word[2:]
    return (
        prefix in _LATIN_NEGATIVE_PREFIXES
        and len(rest) >= 4
        and "ADJ" in english_readings(word)
        and "ADJ" in english_readings(rest)
    )


# Fourteenth round: "does not use email much" / "rarely uses email": a negated "much", "often" or
# "many" is a low frequency; the adverbs of one say it (and only that: "never" / "rarely" stays a
# loss).
_DEGREE_WORDS = frozenset({"much", "often", "many", "frequently", "regularly"})
_RARELY = frozenset(
    {"rarely", "seldom", "hardly", "scarcely", "barely", "infrequently", "little", "few"}
)  # "doesn't speak much Portuguese" / "has little Portuguese" (fifteenth round)
# "can't stand cilantro" / "can't bear it" / "hates it": the verbs of tolerating, negated, and
# those of loathing (a negative verb: its clause is negated) say one predicate.
_TOLERATE = frozenset(
    {"stand", "stands", "bear", "bears", "abide", "tolerate", "tolerates", "stomach", "handle",
     "hate", "hates", "hated", "detest", "detests", "loathe", "loathes", "dislike", "dislikes"}
)  # fmt: skip


def _lemmas(word: Word) -> frozenset[str]:
    if word.lower in _TOLERATE:
        return frozenset({"dislike"})
    return lemmas_of(word.lower) | {word.stem}


def kept_in_other_words(
    source: Text, negation: _Negation, merged: Text, negated_clauses: set[int]
) -> bool:
    """A lost negation the merge keeps in other forms of its words (fourteenth round): "has not
    sold any" / "without selling any" (one lemma), "can't stand" / "can't bear", or "not ...
    much" / "rarely"."""
    scope = {lemma for w in negation.words[1:] if w.content for lemma in _lemmas(w)}
    negated = {
        lemma
        for w in merged.words
        if w.clause in negated_clauses and w.content
        for lemma in _lemmas(w)
    }
    if scope & negated:
        return True
    after = clause_after(source.words, negation.cue)
    if not any(w.lower in _DEGREE_WORDS for w in after):
        return False
    rare_clauses = {w.clause for w in merged.words if w.lower in _RARELY}
    rare_stems = {w.stem for w in merged.words if w.clause in rare_clauses and w.content}
    return bool(negation.scope & rare_stems)
