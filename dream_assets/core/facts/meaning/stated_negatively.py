"""The words that state a negation positively: a phrasal verb of quitting ("gave up coffee"), a
verb of prevention with "from", a contrast ("rather than", "instead of", "-free"), a preference's
"over", and (for an added negation) what a source requires. They credit a source's negation in a
merge and are never demanded of one. Split from ``negation.py``, which reads the negations and
decides the findings."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from dream_assets.core.facts.lexicon import is_negation
from dream_assets.core.facts.meaning.words import Word, position
from dream_assets.core.facts.tokens import WEEKDAYS, WEEKDAYS_PLURAL

# "gave up coffee" / "does not drink coffee": the phrasal verb of quitting, read as a pair.
_GIVE_UP = frozenset({"give", "gives", "gave", "given", "giving"})


# Ninth round: "a pre-commit hook stops developers from ever committing .env files": a verb of
# prevention with "from" states the negation ("must never commit"), as a verb of refusal does.
_PREVENTION_VERBS = frozenset(
    {"stop", "stops", "stopped", "stopping", "prevent", "prevents", "prevented", "preventing",
     "keeps", "kept", "bars", "blocks", "blocked", "keep", "keeping", "block", "blocking"}
)  # fmt: skip
# Twenty-third round: "stops any email addresses or card numbers from ever reaching the logs": the
# object between the verb and its "from" may be a list; the ninth round read three words.
_PREVENTION_REACH = 8


# Thirty-sixth round: the verb of prevention without its "from", before a gerund ("his back
# prevents him lifting the tables", "a hook stops anyone committing .env files"); "keeps" before a
# gerund continues ("keeps running"), so only "prevent" and "stop" read so.
_PREVENTION_WITHOUT_FROM = frozenset(
    {"stop", "stops", "stopped", "stopping", "prevent", "prevents", "prevented", "preventing"}
)
_GERUND_REACH = 3
# "leaves the home office alone" / "doesn't clean the home office": leaving a thing alone.
_LEAVE = frozenset({"leave", "leaves", "left", "leaving"})
_LEAVE_REACH = 5
_PREVENTION_CUES = _PREVENTION_VERBS | _PREVENTION_WITHOUT_FROM | _LEAVE


def prevention_clauses(words: Sequence[Word]) -> set[int]:
    return {word.clause for index, word in enumerate(words) if _prevents(words, index)}


def _prevents(words: Sequence[Word], index: int) -> bool:
    word = words[index]
    if word.lower not in _PREVENTION_CUES:
        return False  # most words: no look ahead built
    after = [
        w.lower for w in words[index + 1 : index + 1 + _PREVENTION_REACH] if w.clause == word.clause
    ]
    if word.lower in _PREVENTION_VERBS and "from" in after:
        return True
    if word.lower in _PREVENTION_WITHOUT_FROM:
        return any(w.endswith("ing") and len(w) > 5 for w in after[1:_GERUND_REACH])
    return word.lower in _LEAVE and "alone" in after[:_LEAVE_REACH]


def given_up_clauses(words: Sequence[Word]) -> set[int]:
    return {
        first.clause
        for first, second in itertools.pairwise(words)
        if first.lower in _GIVE_UP and second.lower == "up" and first.clause == second.clause
    }


# "spaces, not tabs" said as "spaces rather than tabs": a contrast that states the negation. Like
# the verbs above, these credit a source's negation and are never demanded.
_CONTRAST_PHRASES = (("rather", "than"), ("instead", "of"), ("free", "of"), ("free", "from"))
# The verbs of deciding and advising before "against" (twenty-eighth round); "opt" only as the verb
# ("opted against", never "optimised against").
_DECIDING = re.compile(
    r"(?:decid|chose|choos|agree|vote|advis|recommend|ruled|warn|counsel|argu)[a-z]*"
    r"|opt(?:s|ed|ing)?"
)


def contrast_clauses(words: Sequence[Word]) -> set[int]:
    found = {
        first.clause
        for first, second in itertools.pairwise(words)
        if (first.lower, second.lower) in _CONTRAST_PHRASES and first.clause == second.clause
    }
    # Twenty-eighth round: a decision against a thing is a decision not to do it ("decided not to
    # overpay" / "chose against overpaying", "agreed not to add" / "agreed against adding").
    found |= {
        second.clause
        for first, second in itertools.pairwise(words)
        if second.lower == "against" and _DECIDING.fullmatch(first.lower)
    }
    # "grain-free", "alcohol-free": the compound states "without grain".
    found |= {
        second.clause
        for first, second in itertools.pairwise(words)
        if second.lower == "free" and second.start == first.end + 1 and first.content
    }
    return found


# The verbs of a preference before "over" (nineteenth round: "choosing the roll over porridge",
# "favours tea over coffee", "picks the train over the plane").
_CHOOSING = ("prefer", "choos", "chose", "pick", "favour", "favor", "opt")


def passed_over(words: Sequence[Word]) -> set[str]:
    """ "prefers REST over GraphQL" states "not GraphQL" as surely as "rather than" does: the
    stems after a preference's "over", in its clause (not the preferred "REST"). Seventh round:
    the preference may stand earlier in the sentence, before a list joined by "and" ("prefers
    pros and cons over one recommendation": the "and" starts a clause)."""
    found: set[str] = set()
    for index, word in enumerate(words):
        if word.lower != "over":
            continue
        before = words[:index]
        if any(w.lower.startswith(_CHOOSING) and w.sentence == word.sentence for w in before):
            found |= {w.stem for w in words[index + 1 :] if w.clause == word.clause and w.content}
    return found


# Eighteenth round: the words that state a requirement ("must be acknowledged within 5 minutes or
# they escalate", "merges require a green CI run").
_REQUIRING_WORDS = frozenset({"must", "require", "requires", "required", "need", "needs"})


def required_stems(words: Sequence[Word]) -> set[str]:
    """The content stems after a requirement word, to the end of its sentence ("require two
    approving reviews and a green CI run": the list after it is what is required)."""
    found: set[str] = set()
    for index, word in enumerate(words):
        if word.lower in _REQUIRING_WORDS:
            found |= {
                w.stem for w in words[index + 1 :] if w.sentence == word.sentence and w.content
            }
    return found


# Forty-sixth round, the pair judge only (``negation.negation_flips``). A negation with a condition
# after it states a requirement ("can't run the integration suite unless Docker is up" / "the
# integration tests need a running Docker daemon", "nothing lands on main without two approving
# reviews" / "merges need two approving reviews"). A loss or a death states an absence ("has been
# without her father since his death" / "her father passed away"), unless the negation governs the
# loss itself ("never lost a match" / "lost a match" stay apart).
_CONDITIONS = frozenset({"unless", "without"})
LOSS_WORDS = frozenset(
    {"lose", "loses", "losing", "lost", "die", "dies", "died", "death", "deceased", "widowed"}
)
_PASSED = frozenset({"pass", "passes", "passed", "passing"})


def credited_in_pair(
    words: Sequence[Word],
    cue: Word,
    predicate: Word | None,
    other: Sequence[Word],
    other_by_clause: dict[int, set[str]],
) -> bool:
    """Whether ``other`` states the negation at ``cue`` of ``words`` (its first governed word:
    ``predicate``) as a requirement or as a loss (above)."""
    if predicate is None:
        return False
    index = position(words, cue)
    before = [w for w in words[:index] if w.sentence == cue.sentence]
    after = [w for w in words[index + 1 :] if w.sentence == cue.sentence]
    # the condition after the negation, or the negation its condition ("nothing ... without")
    conditioned = any(w.lower in _CONDITIONS for w in after) or (
        cue.lower in _CONDITIONS and any(is_negation(w.lower) for w in before)
    )
    if conditioned and any(w.lower in _REQUIRING_WORDS for w in other):
        return True
    if predicate.lower in LOSS_WORDS or predicate.lower in _PASSED:
        return False
    lost = {w.clause for w in other if w.lower in LOSS_WORDS} | {
        first.clause
        for first, second in itertools.pairwise(other)
        if first.lower in _PASSED and second.lower == "away"
    }
    return any(predicate.stem in other_by_clause.get(clause, set()) for clause in lost)


# Twenty-ninth round: "never goes below four replicas" / "a floor of 4 pods", "doesn't check it
# more than once a quarter" / "at most once a quarter": a negated comparison is a bound, which a
# merge may name by a word of bound of the same side.
_BELOW_WORDS = frozenset({"below", "under", "less", "fewer", "lower", "beneath"})
_ABOVE_WORDS = frozenset({"above", "over", "more", "beyond", "past", "higher", "longer", "later"})
_LOWER_BOUND = re.compile(r"\b(?:at\s+least|minimum|min|floor|no\s+(?:fewer|less)\s+than)\b")
_UPPER_BOUND = re.compile(
    r"\b(?:at\s+most|maximum|max|ceiling|cap(?:ped)?|up\s+to|no\s+more\s+than|tops)\b"
)


def bound_said(negated: Sequence[Word], merged: str) -> bool:
    """A comparison word among ``negated`` (the words a negation reaches) and, in ``merged``, a
    bound of the same side ("fewer than" / "at least", "more than" / "at most")."""
    compared = {w.lower for w in negated}
    text = merged.lower()
    return bool(
        (compared & _BELOW_WORDS and _LOWER_BOUND.search(text))
        or (compared & _ABOVE_WORDS and _UPPER_BOUND.search(text))
    )


# Thirty-sixth round: "off" stating an absence -- time off ("Fridays off", "Fridays are always off"
# / "never works on Fridays"), staying off ("stays off cruise ships" / "no ferry or cruise trips"),
# and the idioms "off the table", "off the menu", "off limits". "off" after another verb is its
# particle and states nothing negative ("paid off the loan", "takes Fridays off" is read by the
# verb's own negation, if any).
_TIME_OFF = frozenset(
    {"day", "days", "week", "weeks", "weekend", "weekends", "time", "morning", "mornings",
     "afternoon", "afternoons", "evening", "evenings", "night", "nights"}
    | {day.lower() for day in (*WEEKDAYS, *WEEKDAYS_PLURAL)}
)  # fmt: skip
# "takes Fridays off", "gets the day off": time off as the object of a verb, which the verb's own
# negation reads ("doesn't take Fridays off" / "takes Fridays off" differ)
_TAKEN = frozenset({"take", "takes", "took", "taking", "get", "gets", "got", "getting"})
_OFF_BEFORE = frozenset({"stay", "stays", "stayed", "staying", "is", "are", "always", "usually"})
_OFF_IDIOMS = (("the", "table"), ("the", "menu"), ("limits",))


def off_clauses(words: Sequence[Word]) -> set[int]:
    found = set()
    for index, word in enumerate(words):
        if word.lower != "off":
            continue
        before = words[index - 1].lower if index and words[index - 1].clause == word.clause else ""
        after = tuple(w.lower for w in words[index + 1 : index + 3] if w.clause == word.clause)
        taken = any(
            w.lower in _TAKEN and w.clause == word.clause for w in words[max(0, index - 3) : index]
        )
        if (
            (before in _TIME_OFF and not taken)
            or before in _OFF_BEFORE
            or any(after[: len(idiom)] == idiom for idiom in _OFF_IDIOMS)
        ):
            found.add(word.clause)
    return found
