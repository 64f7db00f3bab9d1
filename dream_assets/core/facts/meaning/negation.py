"""Negation: a negation in a source survives for the same statement; a merge adds none."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from dream_assets.core.facts.lexicon import english_readings, is_negation
from dream_assets.core.facts.meaning.text import Text, span
from dream_assets.core.facts.meaning.words import Word, clause_stems, stem

# ── Negation ───────────────────────────────────────────────────────────────────────────────


# Verbs of refusal and absence state a negation positively; they credit a source's "not" in the
# merge ("does not run" -> "avoids running") but are never demanded of one, because a source that
# says "avoids" already states the fact without a negation word.
_NEGATIVE_VERB_PREFIXES = (
    "avoid", "refus", "quit", "stopp", "lack", "dislik", "hate", "skip", "abstain", "declin",
    # seventh round: the verbs of prohibition ("is barred from driving" / "cannot drive"), the
    # English verbs of WordNet's forbid synset, in forms that are no other word ("bar", "ban" are)
    "barred", "barring", "banned", "banning", "forbid", "prohibit", "disallow", "veto",
    # and the rest of WordNet's quit synset beside "quit" and "stop" ("give up": ``_GIVE_UP``)
    "ceas", "discontinu",
)  # fmt: skip
# "gave up coffee" / "does not drink coffee": the phrasal verb of quitting, read as a pair.
_GIVE_UP = frozenset({"give", "gives", "gave", "given", "giving"})


def _given_up_clauses(words: Sequence[Word]) -> set[int]:
    return {
        first.clause
        for first, second in itertools.pairwise(words)
        if first.lower in _GIVE_UP and second.lower == "up" and first.clause == second.clause
    }


# "spaces, not tabs" said as "spaces rather than tabs": a contrast that states the negation. Like
# the verbs above, these credit a source's negation and are never demanded.
_CONTRAST_PHRASES = (("rather", "than"), ("instead", "of"), ("free", "of"), ("free", "from"))

# How many content words after a negation it governs: "does not eat meat on Fridays" negates
# eating meat; four words reach the object of a phrasal verb without running into the next fact.
_NEGATION_REACH = 4


def _is_negation(word: Word) -> bool:
    return is_negation(word.lower)


def _contrast_clauses(words: Sequence[Word]) -> set[int]:
    found = {
        first.clause
        for first, second in itertools.pairwise(words)
        if (first.lower, second.lower) in _CONTRAST_PHRASES and first.clause == second.clause
    }
    # "grain-free", "alcohol-free": the compound states "without grain".
    found |= {
        second.clause
        for first, second in itertools.pairwise(words)
        if second.lower == "free" and second.start == first.end + 1 and first.content
    }
    return found


def _passed_over(words: Sequence[Word]) -> set[str]:
    """ "prefers REST over GraphQL" states "not GraphQL" as surely as "rather than" does: the
    stems after a preference's "over", in its clause (not the preferred "REST"). Seventh round:
    the preference may stand earlier in the sentence, before a list joined by "and" ("prefers
    pros and cons over one recommendation": the "and" starts a clause)."""
    found: set[str] = set()
    for index, word in enumerate(words):
        if word.lower != "over":
            continue
        if any(w.lower.startswith("prefer") and w.sentence == word.sentence for w in words[:index]):
            found |= {w.stem for w in words[index + 1 :] if w.clause == word.clause and w.content}
    return found


# "only eats salmon" is "eats nothing but salmon": an exclusive word states a negation of the rest,
# which a merge may spell as a negation followed by "but", "except", "other than", "besides".
_EXCLUSIVE_WORDS = frozenset({"only", "solely", "exclusively"})
_EXCEPTION_WORDS = frozenset({"but", "except", "besides", "other", "apart", "save"})


def _followed_by_exception(words: Sequence[Word], cue: Word) -> bool:
    index = words.index(cue)
    return any(w.lower in _EXCEPTION_WORDS for w in words[index + 1 : index + 3])


# A negated verb of absence is a double negation: "never misses" is "always attends".
_ABSENCE_VERB_PREFIXES = ("miss", "skip", "forget", "forgot", "fail", "neglect", "omit")


# Ninth round: "ban" and "bans", the forms of the verb the seventh round left out as other words
# ("doesn't allow pets" / "bans pets"): the noun is a prohibition too ("a ban on pets").
_NEGATIVE_VERBS = frozenset({"ban", "bans"})


def is_negative_verb(word: Word) -> bool:
    return word.lower.startswith(_NEGATIVE_VERB_PREFIXES) or word.lower in _NEGATIVE_VERBS


def _states_absence(word: Word) -> bool:
    """A verb of refusal, or (seventh round) of absence: "fails to turn up" / "doesn't arrive",
    "missing the deadline" / "hasn't finished by the deadline". The forms the rule already reads
    as a negation on one side ("never misses" is a double negation) are read on the other."""
    if word.lower.startswith("miss"):  # not "mission", "missile"
        return word.lower in ("miss", "misses", "missed", "missing")
    return is_negative_verb(word) or word.lower.startswith(_ABSENCE_VERB_PREFIXES)


@dataclass(frozen=True, slots=True)
class _Negation:
    cue: Word
    scope: frozenset[str]  # stems of the words it governs
    words: tuple[Word, ...]  # cue .. last governed word, for the finding


def _negations(words: Sequence[Word]) -> list[_Negation]:
    found: list[_Negation] = []
    for index, word in enumerate(words):
        if not _is_negation(word):
            continue
        following = words[index + 1].lower if index + 1 < len(words) else ""
        if word.lower == "not" and following == "sure":
            continue  # "not sure" is uncertainty, a status marker credited by "unsure"
        if word.lower == "nor" and any(n.cue.clause == word.clause for n in found):
            continue  # "neither eggs nor dairy" is one negation
        if word.lower == "no" and _not_a_negation(words, index):
            continue
        governed = _clause_content(words, index, step=1, limit=_NEGATION_REACH)
        span: tuple[Word, ...] = (word, *governed)
        if not governed:
            # "Omar said he would not." -- the negated verb came before the cue.
            governed = _clause_content(words, index, step=-1, limit=2)
            span = (word,)
        found.append(_Negation(word, frozenset(w.stem for w in governed), span))
    return found


def _not_a_negation(words: Sequence[Word], index: int) -> bool:
    """ "no later than", "no more than": a bound, "at the latest" ("no longer" stays a negation);
    "No. 14", "no 3": the abbreviation of "number"."""
    following = words[index + 1] if index + 1 < len(words) else None
    if following is None:
        return False
    if following.lower[0].isdigit() and following.start - words[index].end <= 2:
        return True
    after = words[index + 2].lower if index + 2 < len(words) else ""
    return after == "than" and following.lower != "longer"


def _clause_content(words: Sequence[Word], index: int, *, step: int, limit: int) -> list[Word]:
    """Up to ``limit`` content words from ``index`` onwards (``step`` 1) or backwards (-1),
    within the clause of ``words[index]``."""
    found: list[Word] = []
    other = index + step
    while 0 <= other < len(words) and words[other].clause == words[index].clause:
        if words[other].content:
            found.append(words[other])
            if len(found) == limit:
                break
        other += step
    return found


def negation_flips(a: Text, b: Text) -> str | None:
    """A negated predicate of ``a`` that ``b`` states without a negation ("does not eat meat" /
    "eats meat"), as a finding, or None. The pair judge's negation rule: unlike a merge, two
    memories of one fact may each word it their own way ("allergic to penicillin" / "can't be
    given penicillin"), so only the first word a negation governs -- its predicate -- is compared,
    and a clause of ``b`` with a negation, a verb of refusal or a contrast credits it."""
    b_stems = {w.stem for w in b.words if w.content}
    b_negated_clauses = {w.clause for w in b.words if _is_negation(w) or is_negative_verb(w)}
    b_negated_clauses |= _contrast_clauses(b.words)
    b_by_clause = clause_stems(b.words)
    b_negated = set().union(*(b_by_clause.get(c, set()) for c in b_negated_clauses))
    for negation in _negations(a.words):
        governed = _clause_content(a.words, a.words.index(negation.cue), step=1, limit=_PREDICATE)
        first = next((w for w in governed if w.lower not in _NOT_A_PREDICATE), None)
        stems = {first.stem} if first is not None else set()
        if stems & b_stems and not stems & b_negated:
            return f"negation: {span(a, negation.words)}"
    return None


# The predicate of a negation for the pair judge: its first content word ("no longer" and "not
# yet" reach past their adverb).
_PREDICATE = 2
_NOT_A_PREDICATE = frozenset({"longer", "yet", "always", "really", "even", "ever"})


def negation_losses(sources: Sequence[Text], merged: Text) -> list[str]:
    """Each source negation still governs one of its words somewhere in the merge.

    "Governs" is read generously on the merge's side: any clause of the merge holding a negation
    or a verb of refusal credits every content word of that clause. The failure this catches is
    the common one -- the merge states the negated words with no negation near them at all.
    """
    negated_clauses = {w.clause for w in merged.words if _is_negation(w) or _states_absence(w)}
    negated_clauses |= _contrast_clauses(merged.words) | _given_up_clauses(merged.words)
    merged_clause_stems = clause_stems(merged.words)
    # "beer, never": a negation alone in its clause governs the clause before it.
    cues = {w.stem for w in merged.words if _is_negation(w)}
    negated_clauses |= {
        c - 1
        for c in list(negated_clauses)
        if c > 0 and not merged_clause_stems.get(c, set()) - cues
    }
    negated_stems: set[str] = _passed_over(merged.words)
    for clause in negated_clauses:
        negated_stems |= merged_clause_stems.get(clause, set())
    # Eighth round: the flip the hard gate is precise about repeats the negated words with
    # nothing negative near them. A merge that holds none of the negated statement's words (its
    # governed words and its subject) but negates something of its own may have said it in
    # words the rule does not read ("Can't stand cilantro" / "hates coriander", "his
    # replacement hasn't been named" / "no successor has been announced"): a hint.
    merged_stems = {w.stem for w in merged.words if w.content}
    negates_something = bool(negated_clauses)
    findings = []
    for source in sources:
        for negation in _negations(source.words):
            # "Surgery is not recommended" -> "surgery isn't advised": the negated statement's
            # subject, in a negated clause of the merge, keeps it as well as its predicate does.
            subject = {
                w.stem
                for w in source.words[: source.words.index(negation.cue)]
                if w.content and w.clause == negation.cue.clause
            }
            scope = negation.scope | subject
            kept = bool(scope & negated_stems) if negation.scope else bool(negated_clauses)
            if not kept:
                finding = f"negation: {span(source, negation.words)}"
                if negation.scope and (
                    _restated(negation, source, merged)
                    or (negates_something and not scope & merged_stems)
                ):
                    finding += RESTATED  # a hint (``merge_check``), never a credit
                findings.append(finding)
    return findings


# A lost negation whose evidence of a flip is weak: the merge may state it in words the rule does
# not read as a negation. Such a finding goes to the verifier as a hint (fourth round); the flip
# the hard gate is precise about is a negated statement the merge repeats with nothing negative
# near it ("does not use VS Code" / "VS Code is in their toolkit").
RESTATED = " (restated?)"
# Words that state an exclusion as a predicate: "stays off Facebook", "onion and garlic are out",
# "off the table", "off-limits", "zero debt". Only where the source does not use them itself ("eats
# out" stays a plain word) and only to make a finding a hint: they never credit a negation.
# Seventh round: "clear" ("kept clear of meetings", "steers clear of sugar").
# Eighth round: "outside" ("only outside business hours" / "never during business hours").
_EXCLUSION_WORDS = frozenset({"off", "out", "zero", "off-limits", "clear", "outside"})


def _restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """Whether the merge may restate ``negation`` in other words: an exclusion word in a clause
    holding a governed word, or a governed word negated by the prefix "un-" ("has not booked
    flights" / "flights are unbooked"). (A negation of the merge anywhere in the sentence of a
    governed word was measured and left out: it also fired on a flip joined by ", and" to a kept
    negation, "without having put money in, and has bought some crypto".)"""
    governed = negation.scope
    # Eighth round: a governed word the merge writes out from its clipping ("not in the repo" /
    # "kept out of the repository") marks the clause as well as the word itself does.
    clauses = {w.clause for w in merged.words if w.stem in governed or _clips(governed, w.stem)}
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
    # Ninth round: "hasn't returned the deposit" / "has yet to hand back the deposit": "yet to"
    # states what has not happened; "can't handle dairy" / "dairy disagrees with them", "can't
    # manage stairs" / "stairs are hard for her": an inability restated as a difficulty.
    for first, second in itertools.pairwise(merged.words):
        if first.clause in clauses and (first.lower, second.lower) == ("yet", "to"):
            return True
    if _bound_restated(negation, source, merged):
        return True
    if _copes(negation) and any(
        w.clause in clauses and _is_difficulty(merged.words, i) for i, w in enumerate(merged.words)
    ):
        return True
    # "not planning to overpay" / "don't intend to make overpayments": a negated clause of the
    # merge holds a derivation of a governed word (sixth round; a hint, never a credit)
    negated = {w.clause for w in merged.words if _is_negation(w)}
    return any(
        word.clause in negated and word.stem not in governed and _derived(word.stem, governed)
        for word in merged.words
    )


# Ninth round: the verbs of coping an inability negates ("can't handle", "cannot tolerate",
# "can't manage"), and the words that restate it as a difficulty.
_COPING_VERBS = frozenset({"handle", "manage", "tolerate", "cope", "stomach", "bear"})
_ABILITY_NEGATIONS = frozenset({"can't", "cannot", "couldn't"})
_DIFFICULTY_WORDS = frozenset(
    {"hard", "difficult", "tough", "struggle", "struggles", "trouble", "disagrees", "disagree"}
)


# Ninth round: "never eats breakfast after 8am" / "always finished by 8 a.m.": a negated "after"
# a time is the bound "by" (or "before", "until") that time.
_BEFORE_WORDS = frozenset({"by", "before", "until", "till"})


def _bound_restated(negation: _Negation, source: Text, merged: Text) -> bool:
    """The negation governs "after" a figure, and the merge puts one of the bound words before
    the same figure."""
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


def _clips(governed: frozenset[str], word: str) -> bool:
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
        or _derived(rest_stem, governed)
        or any(len(g) >= 3 and rest.startswith(g) for g in governed)
    )


def _derived(word: str, governed: frozenset[str]) -> bool:
    """ "overpay" / "overpayments" either way round (seventh round: "deferrals" / "defer")."""
    return any(
        (len(g) >= 5 and word.startswith(g)) or (len(word) >= 5 and g.startswith(word))
        for g in governed
    )


def negation_additions(sources: Sequence[Text], merged: Text) -> list[str]:
    """A merge may not negate what a source states positively ("eats eggs" -> "eats no eggs")."""
    source_stems: set[str] = set()
    source_negated: set[str] = set()
    for source in sources:
        source_stems |= source.content
        stems_by_clause = clause_stems(source.words)
        for negation in _negations(source.words):
            source_negated |= stems_by_clause.get(negation.cue.clause, set())
        # A verb of refusal ("avoids flying", "has stopped adding sugar") or a contrast states
        # the negation the merge spells out.
        stated_negatively = (
            _contrast_clauses(source.words)
            | _given_up_clauses(source.words)
            | {w.clause for w in source.words if _states_absence(w)}
        )
        # Eighth round: an adjective negated by its prefix ("unsure whether to go", "unable to
        # drive") states the negation the merge spells out ("hasn't decided whether to attend").
        stated_negatively |= {w.clause for w in source.words if _prefix_negated(w.lower)}
        for clause in stated_negatively:
            source_negated |= stems_by_clause.get(clause, set())
        source_negated |= _passed_over(source.words)
    exclusive = any(w.lower in _EXCLUSIVE_WORDS for source in sources for w in source.words)
    merged_negations = _negations(merged.words)
    # "neither eggs nor dairy" is one negation (``_negations``), "nothing ... without" two
    cues_by_clause = Counter(n.cue.clause for n in merged_negations)
    findings = []
    for negation in merged_negations:
        if any(w.lower.startswith(_ABSENCE_VERB_PREFIXES) for w in negation.words[1:2]):
            continue  # "never misses an election": "always votes", said twice negatively
        objects = any(w.lower in _OBJECTION_VERBS for w in negation.words[1:2])
        objects = objects or _positive_idiom(merged.words, negation)
        if exclusive and _followed_by_exception(merged.words, negation.cue):
            continue  # "only eats salmon" -> "eats nothing but salmon": the same exclusion
        # Only words the sources state are evidence of a flip; a paraphrase that negates new
        # words ("punctual" -> "never arrives late") says the same thing another way.
        stated = negation.scope & source_stems
        if stated and not stated & source_negated:
            finding = f"negation: {span(merged, negation.words)}{ADDED}"
            if (
                cues_by_clause[negation.cue.clause] > 1
                or _conditional(merged.words, negation)
                or _bound(negation)
                or objects
                # "no more deferrals available" / "cannot defer again": a derivation of a word
                # the sources negate (ninth round)
                or any(_derived(word, frozenset(source_negated)) for word in stated)
            ):
                finding += DOUBLE  # a hint (``merge_check``), never a credit
            findings.append(finding)
    return findings


# Eighth round: a negated verb of objection says the opposite positively ("doesn't mind taking in
# parcels" / "is happy to take in parcels"): the lemmas of WordNet's mind.v.04 ("be offended or
# bothered by") and object.v.01 that are no other word ("bother" also means "take the trouble").
_OBJECTION_VERBS = frozenset({"mind", "minds", "minded", "object", "objects", "objected"})


# Ninth round: idioms whose negation says something positive ("can't get enough of dinosaurs" is
# "loves dinosaurs", "can't wait to see her"), read like a negated objection: a hint.
_POSITIVE_IDIOMS = (("get", "enough"), ("wait",))


def _positive_idiom(words: Sequence[Word], negation: _Negation) -> bool:
    if negation.cue.lower not in _ABILITY_NEGATIONS:
        return False
    index = words.index(negation.cue)
    after = tuple(w.lower for w in words[index + 1 : index + 3])
    return any(after[: len(idiom)] == idiom for idiom in _POSITIVE_IDIOMS)


@cache
def _prefix_negated(word: str) -> bool:
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


# "no migration reaches prod until it is reviewed": a negation bound to a condition states when
# the thing happens ("only after review"), as a second negation in its clause does.
_CONDITION_WORDS = frozenset({"until", "unless", "till"})


def _conditional(words: Sequence[Word], negation: _Negation) -> bool:
    return any(w.clause == negation.cue.clause and w.lower in _CONDITION_WORDS for w in words)


# "never runs past 15 minutes", "not beyond 6 pm", "never more than twice": a negation of a
# comparison states a bound ("at most"), as "no later than" does (fifth round; seventh: a hint).
_BOUND_WORDS = frozenset({"past", "beyond", "over", "longer", "later", "more", "above", "exceed"})


def _bound(negation: _Negation) -> bool:
    """A bound word among the first two the negation governs."""
    return any(w.lower in _BOUND_WORDS or w.lower.startswith("exceed") for w in negation.words[1:3])


# The suffixes of an added negation: "(not in the sources)", and for one of two negations in one
# clause (or beside "until" / "unless", fifth round) "(double negation)". "nothing merges without
# green builds" says "merges only with green builds": two negations in a clause may cancel, so an
# added negation there is not precise evidence of a flip and goes to the verifier as a hint; a
# lone added negation stays hard.
ADDED = " (not in the sources)"
DOUBLE = " (double negation)"
