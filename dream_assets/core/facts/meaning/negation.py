"""Negation: a negation in a source survives for the same statement; a merge adds none."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from dream_assets.core.facts.lexicon import is_negation, lemmas_of
from dream_assets.core.facts.meaning.restated import (
    OBJECTION_VERBS,
    adjective_negated,
    clips,
    derived,
    kept_in_other_words,
    not_yet,
    positive_idiom,
    prefix_negated,
    restated,
    waits,
)
from dream_assets.core.facts.meaning.stated_negatively import (
    contrast_clauses,
    credited_in_pair,
    given_up_clauses,
    off_clauses,
    passed_over,
    prevention_clauses,
    required_stems,
)
from dream_assets.core.facts.meaning.text import Text, span, words_of_its_own
from dream_assets.core.facts.meaning.words import (
    Word,
    clause_before,
    clause_stems,
    position,
    stem,
    subject_among,
)

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
    # fifteenth round: WordNet's avoid synset beside "avoid" ("hotfixes bypass the train")
    "bypass", "circumvent", "sidestep", "eschew", "shun",
)  # fmt: skip
# How many content words after a negation it governs: "does not eat meat on Fridays" negates
# eating meat; four words reach the object of a phrasal verb without running into the next fact.
_NEGATION_REACH = 4


def _is_negation(word: Word) -> bool:
    return is_negation(word.lower)


# "only eats salmon" is "eats nothing but salmon": an exclusive word states a negation of the rest,
# which a merge may spell as a negation followed by "but", "except", "other than", "besides".
_EXCLUSIVE_WORDS = frozenset({"only", "solely", "exclusively"})
_EXCEPTION_WORDS = frozenset({"but", "except", "besides", "other", "apart", "save"})


def _followed_by_exception(words: Sequence[Word], cue: Word) -> bool:
    index = position(words, cue)
    return any(w.lower in _EXCEPTION_WORDS for w in words[index + 1 : index + 3])


# A negated verb of absence is a double negation: "never misses" is "always attends".
# Fourteenth round: "excluding flights" / "not counting flights", a verb of leaving out.
_ABSENCE_VERB_PREFIXES = (
    "miss", "skip", "forget", "forgot", "fail", "neglect", "omit", "exclud",
)  # fmt: skip


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


# Ninth round: "has yet to set foot in South America", "is yet to arrive": "yet to" after a form
# of "be" or "have" negates what follows, as "has not yet" does.
_YET_TO_AFTER = frozenset({"is", "are", "am", "was", "were", "has", "have", "had"})


def _yet_to_cues(words: Sequence[Word]) -> set[int]:
    """The positions of each "yet" of "has yet to" / "is yet to"."""
    return {
        index
        for index in range(1, len(words) - 1)
        if words[index].lower == "yet"
        and words[index + 1].lower == "to"
        and words[index - 1].lower in _YET_TO_AFTER
    }


def _negated_clauses(words: Sequence[Word]) -> set[int]:
    """The clauses holding a negation word or a "yet to"."""
    found = {w.clause for w in words if _is_negation(w)}
    return found | {words[index].clause for index in _yet_to_cues(words)}


def _negations(words: Sequence[Word]) -> list[_Negation]:
    found: list[_Negation] = []
    yet_to = _yet_to_cues(words)
    for index, word in enumerate(words):
        if not _is_negation(word) and index not in yet_to:
            continue
        following = words[index + 1].lower if index + 1 < len(words) else ""
        if word.lower == "not" and following == "sure":
            continue  # "not sure" is uncertainty, a status marker credited by "unsure"
        if word.lower == "nor" and any(n.cue.clause == word.clause for n in found):
            continue  # "neither eggs nor dairy" is one negation
        if word.lower == "no" and _not_a_negation(words, index):
            continue
        if word.lower == "without" and following == "fail":
            continue  # "without fail" is "always" (twelfth round)
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
    if following.lower == "matter" and after in _WH_WORDS:
        return True  # "no matter what he suggests": "whatever he suggests" (thirty-seventh round)
    return after == "than" and following.lower != "longer"


_WH_WORDS = frozenset({"what", "how", "where", "when", "who", "which", "whether"})


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


def _negative_word_clauses(words: Sequence[Word]) -> set[int]:
    """The clauses holding a word that states a negation by itself: an absence ("lacks",
    "-less"), an adjective negated by its prefix (eighth round: "unsure whether to go", "unable to
    drive") or by its sense (fourteenth round: "replays are impossible")."""
    return {
        w.clause
        for w in words
        if _states_absence(w) or prefix_negated(w.lower) or adjective_negated(w.lower)
    }


def negation_flips(a: Text, b: Text) -> str | None:
    """A negated predicate of ``a`` that ``b`` states without a negation ("does not eat meat" /
    "eats meat"), as a finding, or None. The pair judge's negation rule: unlike a merge, two
    memories of one fact may each word it their own way ("allergic to penicillin" / "can't be
    given penicillin"), so only the first word a negation governs -- its predicate -- is compared,
    and a clause of ``b`` with a negation, a verb of refusal or a contrast credits it."""
    b_stems = {w.stem for w in b.words if w.content}
    b_negated_clauses = _negated_clauses(b.words) | {
        w.clause for w in b.words if is_negative_verb(w)
    }
    b_negated_clauses |= contrast_clauses(b.words)
    # Sixteenth round: what credits a negation in a merge credits it in a pair -- a given-up
    # habit ("gave up alcohol in 2020" / "no alcohol at all"), an absence ("lacks", "-less"), a
    # prevention ("keeps him from"), an adjective negated by its prefix or its sense ("sleeping
    # in motion is impossible" / "cannot sleep in motion")
    b_negated_clauses |= (
        given_up_clauses(b.words) | prevention_clauses(b.words) | _negative_word_clauses(b.words)
    )
    b_by_clause = clause_stems(b.words)
    # Thirty-sixth round: "off" as an absence ("Fridays off" / "never works on Fridays") credits
    # any word the negation governs, its predicate or its object
    b_off = set().union(*(b_by_clause.get(c, set()) for c in off_clauses(b.words)))
    b_negated = set().union(*(b_by_clause.get(c, set()) for c in b_negated_clauses)) | b_off
    for negation in _negations(a.words):
        governed = _clause_content(
            a.words, position(a.words, negation.cue), step=1, limit=_PREDICATE
        )
        first = next((w for w in governed if w.lower not in _NOT_A_PREDICATE), None)
        stems = {first.stem} if first is not None else set()
        if credited_in_pair(a.words, negation.cue, first, b.words, b_by_clause):
            continue
        if stems & b_stems and not stems & b_negated and not negation.scope & b_off:
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
    negated_clauses = _negated_clauses(merged.words) | {
        w.clause for w in merged.words if _states_absence(w)
    }
    negated_clauses |= contrast_clauses(merged.words) | given_up_clauses(merged.words)
    negated_clauses |= prevention_clauses(merged.words)
    merged_clause_stems = clause_stems(merged.words)
    # "beer, never": a negation alone in its clause governs the clause before it.
    cues = {w.stem for w in merged.words if _is_negation(w)}
    negated_clauses |= {
        c - 1
        for c in list(negated_clauses)
        if c > 0 and not merged_clause_stems.get(c, set()) - cues
    }
    negated_stems: set[str] = passed_over(merged.words)
    for clause in negated_clauses:
        negated_stems |= merged_clause_stems.get(clause, set())
    # Eighth round: the flip the hard gate is precise about repeats the negated words with
    # nothing negative near them. A merge that holds none of the negated statement's words (its
    # governed words and its subject) but negates something of its own may have said it in
    # words the rule does not read ("Can't stand cilantro" / "hates coriander", "his
    # replacement hasn't been named" / "no successor has been announced"): a hint.
    # Twenty-seventh round: nor does a merge that repeats none of the words the negation governs
    # and writes words of its own, whether or not it keeps the subject or negates anything
    # ("doesn't travel" / "stay put", "won't move it again" / "it will now stay put"): the flip it
    # may hide is in other words, a hint for the verifier. A merge with no word of its own dropped
    # the negated words ("is no longer happening" / "is about the heating"): that stays hard
    # (docs/merge-checks.md, "Twenty-seventh round").
    merged_stems = {w.stem for w in merged.words if w.content}
    absent_roots = {
        stem(w.lower[: -len(_LESS)])
        for w in merged.words
        if w.lower.endswith(_LESS) and len(w.lower) - len(_LESS) >= _LESS_ROOT_MIN
    }
    negates_something = bool(negated_clauses)
    own_words = words_of_its_own(sources, merged)
    findings = []
    for source in sources:
        for negation in _negations(source.words):
            # "Surgery is not recommended" -> "surgery isn't advised": the negated statement's
            # subject, in a negated clause of the merge, keeps it as well as its predicate does.
            subject = {w.stem for w in clause_before(source.words, negation.cue) if w.content}
            scope = negation.scope | subject
            kept = bool(scope & negated_stems) if negation.scope else bool(negated_clauses)
            # "without crusts" / "crustless", "no sugar" / "sugarless": the "-less" word states
            # the absence of its root (nineteenth round)
            kept = kept or bool(negation.scope & absent_roots)
            if not kept and negation.scope:
                kept = kept_in_other_words(source, negation, merged, negated_clauses)
            if not kept:
                finding = f"negation: {span(source, negation.words)}"
                if negation.scope and (
                    restated(negation, source, merged)
                    or (negates_something and not scope & merged_stems)
                    or (own_words and not _repeated(negation.scope, merged_stems))
                ):
                    finding += RESTATED  # a hint (``merge_check``), never a credit
                findings.append(finding)
    return findings


def _repeated(stems: frozenset[str], merged_stems: set[str]) -> bool:
    """Whether the merge writes one of ``stems``, or a clipping or an extension of it ("repo" /
    "repository"; four letters and up: ``restated.clips`` either way round)."""
    return (
        bool(stems & merged_stems)
        or any(clips(stems, word) for word in merged_stems)
        or any(clips(merged_stems, word) for word in stems)
    )


# Nineteenth round: an "-less" word, its root four letters and up ("crustless", "sugarless").
_LESS = "less"
_LESS_ROOT_MIN = 4


# A lost negation whose evidence of a flip is weak: the merge may state it in words the rule does
# not read as a negation. Such a finding goes to the verifier as a hint (fourth round); the flip
# the hard gate is precise about is a negated statement the merge repeats with nothing negative
# near it ("does not use VS Code" / "VS Code is in their toolkit").
RESTATED = " (restated?)"


def negation_additions(sources: Sequence[Text], merged: Text) -> list[str]:
    """A merge may not negate what a source states positively ("eats eggs" -> "eats no eggs")."""
    source_stems: set[str] = set()
    source_negated: set[str] = set()
    source_scopes: set[str] = set()  # the words each source negation governs
    required: set[str] = set()
    for source in sources:
        source_stems |= source.content
        stems_by_clause = clause_stems(source.words)
        for negation in _negations(source.words):
            source_negated |= stems_by_clause.get(negation.cue.clause, set())
            source_scopes |= negation.scope
        # A verb of refusal ("avoids flying", "has stopped adding sugar") or a contrast states
        # the negation the merge spells out.
        stated_negatively = (
            contrast_clauses(source.words)
            | given_up_clauses(source.words)
            | _negative_word_clauses(source.words)
            | off_clauses(source.words)  # "running is off-limits" (thirty-seventh round)
        )
        # Fifteenth round: "mentoring is unpaid" / "mentors without pay": the word an "un-"
        # negates is stated, and negated.
        unsaid = {
            form
            for w in source.words
            if prefix_negated(w.lower)
            for lemma in lemmas_of(w.lower[2:])
            for form in (lemma, stem(lemma))
        }
        source_negated |= unsaid
        source_stems |= unsaid
        for clause in stated_negatively:
            source_negated |= stems_by_clause.get(clause, set())
        source_negated |= passed_over(source.words)
        required |= required_stems(source.words)
    exclusive = any(w.lower in _EXCLUSIVE_WORDS for source in sources for w in source.words)
    waiting = any(waits(source.words) for source in sources)
    merged_negations = _negations(merged.words)
    # "neither eggs nor dairy" is one negation (``_negations``), "nothing ... without" two
    cues_by_clause = Counter(n.cue.clause for n in merged_negations)
    findings = []
    for negation in merged_negations:
        if any(w.lower.startswith(_ABSENCE_VERB_PREFIXES) for w in negation.words[1:2]):
            continue  # "never misses an election": "always votes", said twice negatively
        # says the opposite positively: a negated objection ("doesn't mind"), a positive idiom
        # ("can't get enough of"), a "not yet" beside a wait ("still waiting for a decision" /
        # "has not yet heard a decision")
        positive = (
            any(w.lower in OBJECTION_VERBS for w in negation.words[1:2])
            or positive_idiom(merged.words, negation)
            or (not_yet(merged.words, negation) and waiting)
        )
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
                or positive
                # "no more deferrals available" / "cannot defer again": a derivation of a word
                # the sources negate (ninth round)
                or any(derived(word, frozenset(source_negated)) for word in stated)
                # "merges require a green run" / "blocks merges without a green run": what a
                # source requires, its absence stated with the consequence (eighteenth round)
                or stated & required
                # "wants a day trip but not a desert tour" / "a desert tour is not wanted": the
                # merge negates what a source negates, its subject now (thirty-sixth round)
                or subject_among(merged.words, negation.cue, source_scopes)
            ):
                finding += DOUBLE  # a hint (``merge_check``), never a credit
            elif _negates_own_words(negation, source_stems):
                finding += OWN_WORDS  # a hint too (sixteenth round)
            findings.append(finding)
    return findings


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
# lone added negation stays hard, unless it negates words of the merge's own (``OWN_WORDS``).
ADDED = " (not in the sources)"
DOUBLE = " (double negation)"
# Sixteenth round: "should not outlive two days" for "live less than two days", "doesn't face
# the street" for "away from the street": the word the negation governs first is one no source
# writes, so the merge says a source's fact in its own words, negatively. A flip negates the
# source's own word ("eats eggs" / "eats neither eggs nor dairy", "exercises every day" / "does
# not exercise every day") and stays hard. Measured over the twenty spent blind sets: 5 faithful
# merges it alone rejected pass the hard gates, and 1 of 357 negation losses is no longer caught
# by them ("can eat hard cheeses" / "can't handle even hard cheeses": a hint for the verifier;
# docs/merge-checks.md, "Sixteenth round").
OWN_WORDS = " (its own words)"


def _negates_own_words(negation: _Negation, source_stems: set[str]) -> bool:
    """The first content word ``negation`` governs is one no source writes."""
    governed = [w for w in negation.words[1:] if w.content and not _is_negation(w)]
    return bool(governed) and governed[0].stem not in source_stems
