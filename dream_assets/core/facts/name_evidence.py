"""How strong a dropped capital is as evidence of a lost name (issue 24): the merge gate reports a
weak one as a ``name:`` hint instead of rejecting (``coverage.missing_specifics(..., soft=True)``);
the coverage-only rule and the pair judge are unchanged (docs/merge-checks.md, "Hard gates and
hints"). Since the sixth round: where a name is restated whole (``restated_in``), a credit."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from dream_assets.core.facts.baseline import FUNCTION_WORDS
from dream_assets.core.facts.lexicon import (
    NAMES_THAT_ARE_WORDS,
    ORDINAL_WORDS,
    UNIT_WORDS,
    derived_english,
    english_readings,
    inflected_lowercase,
    lemmas_of,
)
from dream_assets.core.facts.tokens import (
    TOKEN,
    WEEKDAYS,
    WEEKDAYS_PLURAL,
    Specific,
    is_acronym,
    is_capitalized_word,
    is_plural_acronym,
)
from dream_assets.core.facts.vocabulary import Vocabulary, straighten

# After a sentence-opening word, these make it the subject of its sentence ("Biscuit is a
# Sheltie", "Tom still lives in Leeds", "Biscuit's vet"): where a name stands, so it stays hard.
_SUBJECT_NEXT = frozenset(
    {"is", "was", "are", "were", "has", "had", "does", "did", "will", "can", "still", "also"}
)


def _opens_as_subject(word: str, source: str) -> bool:
    pattern = rf"(?:^|[.!?:]\s+){re.escape(word)}(?:'s\b|\u2019s\b|\s+(\w+))"
    for found in re.finditer(pattern, straighten(source)):
        if found.group(1) is None or found.group(1).lower() in _SUBJECT_NEXT:
            return True
    return False


def _clipped_in(text: str, merged: str) -> bool:
    """Whether the merge writes ``text`` clipped, in its singular or plural or by its CamelCase
    capitals: "Labrador" / "Lab", "PostgreSQL" / "Postgres", "Mondays" / "Mon", "Dublin" /
    "DUB", "Orpingtons" / "Orpington", "V5" / "V5s", "JavaScript" / "JS". Never a credit: the
    finding becomes a hint for the verifier (a clipped form can be another name)."""
    capitals = "".join(c for c in text if c.isupper())
    for token in {m.group() for m in TOKEN.finditer(straighten(merged))}:
        if token == text or not token[:1].isupper():
            continue
        if token in (text + "s", text + "es") or text in (token + "s", token + "es"):
            return True
        if len(token) >= 3 and text.lower().startswith(token.lower()):
            return True
        if len(capitals) >= 2 and token == capitals:
            return True
    return False


# A run of capitalized tokens, one name ("Raspberry Pi", "University of Edinburgh"); "and", "the"
# join two names, not one ("Tom and Anna", "Hosts the Postgres database").
# Each word at most 40 characters: unbounded, a long "A.B.C.…" was read again from each of its
# capitals (time in the square of its length; bench_long_texts.py).
_NAME_RUN = re.compile(
    r"\b[A-Z][\w'\u2019.-]{0,39}(?:\s+(?:(?:of|de)\s+)?[A-Z][\w'\u2019.-]{0,39})+"
)


def is_soft_specific(
    specific: Specific, source: str, merged: str, vocabulary: Vocabulary, *, rewords: bool = False
) -> bool:
    """Whether a dropped specific is weak evidence of a lost name: ``soft_reason`` names one."""
    return soft_reason(specific, source, merged, vocabulary, rewords=rewords) is not None


def new_words_of(merged: str, sources: Iterable[str]) -> frozenset[str]:
    """The merge's lowercase content words that no source writes in any form: where a merge says
    something in words of its own ("language-server" for "LSP", "objectives" for "OKR")."""
    theirs = {
        lemma
        for text in sources
        for word in _LOWER_WORD.findall(straighten(text).lower())
        for lemma in (word, *lemmas_of(word))
    }
    return frozenset(
        word
        for word in _LOWER_WORD.findall(straighten(merged))
        if word not in FUNCTION_WORDS and word not in theirs and not theirs & set(lemmas_of(word))
    )


_LOWER_WORD = re.compile(r"\b[a-z]{3,}\b")


def soft_reason(
    specific: Specific, source: str, merged: str, vocabulary: Vocabulary, *, rewords: bool = False
) -> str | None:
    """Why a dropped specific is weak evidence of a lost name (issue 24; on fresh blind corpora
    these were most of the coverage check's false rejections), or None where it is strong:

    * ``opener`` (third round): a Titlecase word opening a sentence that lemminflect knows as an
      English word and that the sources never write capitalized mid-sentence ("Unused budget",
      "Therapy sessions"): its capital is grammar as likely as a name -- unless it opens as a
      subject before "is", "has", "still" ... or a possessive ("Biscuit is a Sheltie", "Tom
      still lives ..."), where a name stands;
    * ``clipped`` (third round): the merge writes it clipped, in its other number or by its
      CamelCase capitals ("Labrador" / "Lab", "PostgreSQL" / "Postgres");
    * ``part of a name`` (third round): a word of a multi-word name whose later word, its head,
      the merge keeps ("Raspberry Pi 4" / "Pi 4", "University of Edinburgh" / "Edinburgh"),
      unless the word dropped is an English adjective or adverb: a modifier tells one name from
      another ("New Orleans" / "Orleans", "South Korea" / "Korea"); the words after a head tell
      variants apart ("Amex Platinum" / "Amex") and stay hard;
    * ``acronym`` (fifth round): an acronym of letters ("OKR", "LSP", "PhD", "UTas") dropped
      from a merge that writes words of its own (``rewords``: ``new_words_of``), where it may be
      written out or said by a synonym ("objectives", "language-server", "doctorate"): on four
      blind corpora 10 of 880 faithful merges (1.1 %) did so, and none of their 345 negation,
      quantity and dropped-source losses was caught by such an acronym alone. A merge that adds
      no word of its own and loses an acronym dropped it ("IMAP delivery is configured" /
      "Delivery is configured"): that stays hard.

    Numbers, dates, times, weekdays, codes ("Q3", "GPT-4"), the names that are also words and
    ``alwaysSpecificWords`` are never soft: a number or a date that vanished is always hard."""
    text = specific.text
    if specific.kind != "word" or specific.date is not None or not text[:1].isupper():
        return None
    if text.lower() in vocabulary.always_specific_words:
        return None
    if text.lower() not in NAMES_THAT_ARE_WORDS and _clipped_in(text, merged):
        return "clipped"
    if rewords and _is_letter_acronym(text):
        return "acronym"
    camel = text.isalpha() and not text[1:].isupper()  # capitals inside: "HashiCorp" (37th round)
    if not (text[1:].islower() or camel) or text in WEEKDAYS or text in WEEKDAYS_PLURAL:
        return None
    if text.lower() in NAMES_THAT_ARE_WORDS:
        return None
    # thirty-sixth round: a gerund or "re-" verb lemminflect does not list, in a merge that rewords
    derived = rewords and derived_english(text.lower())
    if specific.initial and (english_readings(text.lower()) or derived):
        return None if _opens_as_subject(text, source) else "opener"
    if specific.initial and inflected_lowercase(text, straighten(merged)):
        return "opener"
    # "New Orleans" / "Orleans", "South Korea" / "Korea": a modifier tells one name from another
    if {"ADJ", "ADV"} & set(english_readings(text.lower())):
        return None
    merged_words = {m.group() for m in TOKEN.finditer(straighten(merged))}
    for run in _NAME_RUN.finditer(straighten(source)):
        words = [_name_word(w) for w in run.group().split() if w[:1].isupper()]
        # the name's head is kept: a word after the one dropped ("Raspberry Pi" / "Pi"); the
        # words after a head tell variants apart ("Amex Platinum" / "Amex") and stay hard
        if text in words and any(w in merged_words for w in words[words.index(text) + 1 :]):
            return "part of a name"
        # twelfth round: a classifier closing the name, the kind of place or body it names,
        # dropped after the name it classifies ("St Thomas' Hospital" / "St Thomas'", "McGill
        # University" / "McGill"): it tells no variant from another
        if (
            text in _CLASSIFIER_HEADS
            and text in words[1:]
            and any(w in merged_words for w in words[: words.index(text)])
        ):
            return "part of a name"
    return None


# The nouns that close a name of a place or an institution, telling its kind (WordNet's heads of
# facilities, organisations and geographic features that names carry).
_CLASSIFIER_HEADS = frozenset(
    {"Hospital", "Clinic", "University", "College", "School", "Academy", "Institute", "Museum",
     "Library", "Station", "Airport", "Street", "Road", "Avenue", "Lane", "Square", "Park",
     "Bridge", "Church", "Cathedral", "Hotel", "Centre", "Center", "Stadium", "Arena", "Empire",
     "Kingdom", "Republic", "Island", "Islands", "River", "Lake", "Mountains", "Valley", "Bay",
     "Beach", "Company", "Corporation", "Inc", "Ltd", "Limited",
     # fourteenth round: the heads of businesses and bodies ("Octopus Energy" / "Octopus")
     "Bank", "Energy", "Group", "Insurance", "Airlines", "Airways", "Holdings", "Labs", "Studio",
     "Studios", "Foundation", "Trust", "Council", "Agency", "Society", "Association", "Club",
     "Gym", "Pharmacy", "Motors"}
)  # fmt: skip


def _name_word(word: str) -> str:
    """ "Thomas'" -> "Thomas", "King's" -> "King", "Dr." -> "Dr"."""
    word = word.rstrip(".")
    return word[:-2] if word.endswith(("'s", "\u2019s")) else word.rstrip("'\u2019")


def _is_letter_acronym(text: str) -> bool:
    """All capitals ("OKR", "IDs"), or letters at least half of them capitals ("PhD", "UTas")."""
    if not text.isalpha() or len(text) < 2:
        return False
    capitals = sum(c.isupper() for c in text)
    return is_acronym(text) or is_plural_acronym(text) or 2 * capitals >= len(text)


# ── Sixth round: a name restated, credited (not a hint) ─────────────────────────────────────

# A name's words with the connectors that may join them ("Stocks and Shares", "University of
# Lagos"); a possessive and diacritics belong to the word.
_CONNECTORS = frozenset({"of", "and", "for", "the", "de"})
_RUN = re.compile(
    r"\b[A-ZÀ-ÖØ-Þ][\wß-öø-ÿ'\u2019]*(?:\s+(?:(?:of|and|for|the|de)\s+)?[A-ZÀ-ÖØ-Þ][\wß-öø-ÿ'\u2019]*)+"
)


def restated_in(specific: Specific, source: str, merged: str) -> bool:
    """Whether the merge writes the name ``specific`` belongs to in another spelling that states
    the whole of it -- each a restatement of the same name, never a synonym (a name missing in
    every spelling is still missing):

    * the whole multi-word name hyphenated into a compound ("Stocks and Shares ISA" /
      "stocks-and-shares ISA") or in capitals;
    * a clipped acronym of its words, each word's first letters in order ("University of Lagos"
      / "UNILAG", "University of Tasmania" / "UTas");
    * the word abbreviated in its place, beside a word of the name the merge keeps ("KubeCon
      Europe" / "KubeCon EU": the capitals are the word's letters in order, its first first);
    * a classifier before a number said with its ordinal ("Year 4" / "fourth-year", "4th year");
    * a sentence-opening clipping that is no English word written out ("Auth is handled by" /
      "does authentication").
    """
    text = specific.text
    if specific.kind != "word" or specific.date is not None or not text.isalpha():
        return False
    source, merged = straighten(source), straighten(merged)
    for run in _RUN.finditer(source):
        words = [_name_word(w) for w in run.group().split()]
        while words and words[0].lower() in FUNCTION_WORDS:
            words = words[1:]  # "The Briefing and Triage": the article opens the sentence
        if text not in words:
            continue
        if _whole_run_in(words, merged):
            return True
        content = [w for w in words if w not in _CONNECTORS]
        if len(content) >= 2 and any(_clipped_acronym(t, content) for t in _capital_tokens(merged)):
            return True
        if _abbreviated_in_place(text, words, merged):
            return True
    if _glossed(text, source, merged) or _acronym_written_out(text, merged):
        return True
    if _classifier_with_ordinal(text, source, merged):
        return True
    return specific.initial and _clipping_written_out(text, merged)


def _whole_run_in(words: list[str], merged: str) -> bool:
    """The name joined by hyphens into a compound ("stocks-and-shares"), or in another case that
    keeps capitals ("STOCKS AND SHARES"). Written lowercase with spaces it may be the words
    themselves ("The Briefing and Triage runs" / "the briefing and triage runs"): not credited."""
    pattern = r"[\s-]+".join(re.escape(w) for w in words)
    for found in re.finditer(rf"(?<![\w-]){pattern}(?![\w-])", merged, re.IGNORECASE):
        if "-" in found.group() or not found.group().islower():
            return True
    return False


def _capital_tokens(merged: str) -> set[str]:
    """The merge's tokens with two or more capitals and no digit ("UNILAG", "UTas")."""
    return {
        m.group()
        for m in TOKEN.finditer(merged)
        if m.group().isalpha() and sum(c.isupper() for c in m.group()) >= 2
    }


def _clipped_acronym(token: str, words: list[str]) -> bool:
    """Whether ``token`` is the words' leading letters in order, at least one from each, more
    than one from one of them (plain initials are the coverage check's own acronym rule)."""
    if len(token) <= len(words):
        return False
    letters = token.casefold()
    folded = [w.casefold() for w in words]

    def splits(at: int, index: int) -> bool:
        if index == len(folded):
            return at == len(letters)
        word = folded[index]
        for size in range(1, len(word) + 1):
            if letters[at : at + size] != word[:size]:
                break
            if splits(at + size, index + 1):
                return True
        return False

    return splits(0, 0)


def _is_abbreviation(short: str, word: str) -> bool:
    """ "EU" of "Europe", "VW" of "Volkswagen": capitals that are the word's letters in order,
    its first first; "Fuji" of "Fujifilm": a clipping of three letters or more."""
    capitals = short.isupper()
    short, word = short.casefold(), word.casefold()
    if len(short) < 2 or len(short) >= len(word) or short[0] != word[0]:
        return False
    if not capitals:
        return len(short) >= 3 and word.startswith(short)
    letters = iter(word)
    return all(c in letters for c in short)


def _abbreviated_in_place(text: str, words: list[str], merged: str) -> bool:
    """ "KubeCon Europe" / "KubeCon EU", "VW T6" / "Volkswagen T6": one word of the name
    abbreviated (or written out) beside a word of the name the merge keeps."""
    index = words.index(text)
    tokens = [m.group() for m in TOKEN.finditer(merged) if m.lastgroup in ("word", "code")]
    for at, token in enumerate(tokens):
        if not token[:1].isupper():
            continue
        if not (
            _is_abbreviation(token, text) or (is_acronym(text) and _is_abbreviation(text, token))
        ):
            continue
        before = _name_word(tokens[at - 1]) if at else ""
        after = _name_word(tokens[at + 1]) if at + 1 < len(tokens) else ""
        if (index and before == words[index - 1]) or (
            index + 1 < len(words) and after == words[index + 1]
        ):
            return True
    return False


def _glossed(text: str, source: str, merged: str) -> bool:
    """ "Manchester (MAN)": a source that glosses a name with its abbreviation in brackets
    states it twice; the merge keeping either spelling keeps the name."""
    merged_words = {m.group() for m in TOKEN.finditer(merged)}
    for found in _GLOSS.finditer(source):
        name, short = found.group(1), found.group(2)
        if text in (name, short) and _is_abbreviation(short, name):
            other = short if text == name else name
            if other in merged_words:
                return True
    return False


_GLOSS = re.compile(r"\b([A-Z][\w'\u2019]+)\s+\(([A-Z]{2,5})\)")


def _acronym_written_out(text: str, merged: str) -> bool:
    """ "UTas" / "University of Tasmania": an acronym clipped from a name the merge writes out."""
    if not text.isalpha() or sum(c.isupper() for c in text) < 2:
        return False
    for run in _RUN.finditer(merged):
        words = [_name_word(w) for w in run.group().split()]
        content = [w for w in words if w not in _CONNECTORS and w.lower() not in FUNCTION_WORDS]
        if len(content) >= 2 and _clipped_acronym(text, content):
            return True
    return False


_ORDINAL_SUFFIX = r"(?:st|nd|rd|th)"


def _classifier_with_ordinal(text: str, source: str, merged: str) -> bool:
    found = re.search(rf"\b{re.escape(text)}\s+(\d{{1,2}})\b", source)
    if found is None:
        return False
    number = int(found.group(1))
    spellings = [str(number) + _ORDINAL_SUFFIX + "?"]
    spellings += [w for w, v in {**ORDINAL_WORDS, **UNIT_WORDS}.items() if v == number]
    number_pattern = "(?:" + "|".join(spellings) + ")"
    word = re.escape(text.lower())
    return (
        re.search(rf"\b{number_pattern}[\s-]+{word}s?\b", merged, re.IGNORECASE) is not None
        or re.search(rf"\b{word}[\s-]+{number_pattern}\b", merged, re.IGNORECASE) is not None
    )


def _clipping_written_out(text: str, merged: str) -> bool:
    key = text.lower()
    if len(key) < 4 or english_readings(key) or key in NAMES_THAT_ARE_WORDS:
        return False
    return any(
        w.startswith(key) and len(w) > len(key) and english_readings(w)
        for w in _LOWER_WORD.findall(merged)
    )


# ── Seventh round: a name the sources themselves write two ways ──────────────────────────────


def written_both_ways(specific: Specific, sources: Sequence[str], merged: str) -> bool:
    """Whether the sources write the name ``specific`` belongs to in two spellings and the merge
    keeps the other one: the sources equate the spellings themselves, so the merge keeping either
    keeps the name (seventh round; the merge gate only, ``missing_specifics(..., soft=True)``).
    Two spellings are one name when one is the other clipped or abbreviated, as the sixth
    round's ``_is_abbreviation`` reads it ("Postgres" / "PostgreSQL", "Sid" / "Siddharth",
    "BTC" / "Bitcoin", "Recs" / "recommendation"). A spelling only the merge has is no evidence:
    it may be another name. Measured and left out: a multi-word name the sources also write by
    one word of it ("McGill University" / "at McGill"): it credited lost model names too
    ("Breville Barista Express" / "Breville's tablets")."""
    text = specific.text
    if specific.kind != "word" or specific.date is not None or not text.isalpha():
        return False
    straight = [straighten(source) for source in sources]
    theirs = {_name_word(m.group()) for source in straight for m in TOKEN.finditer(source)}
    kept = {_name_word(m.group()) for m in TOKEN.finditer(straighten(merged))} & theirs
    shorts = {text, text[:-1]} if text.endswith("s") and len(text) > 3 else {text}
    english = bool(english_readings(text.lower()))
    for token in kept - {text}:
        if not token.isalpha() or (english and token.islower()):
            continue  # "Design-Core" / "designers": an English word is another word, not a clip
        if any(_is_abbreviation(s, token) or _is_abbreviation(token, s) for s in shorts):
            return True
    return False


# Letters with diacritics are letters ("Médecins Sans Frontières" / "MSF").
_TITLECASE = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+"
# "King's College London" / "KCL": a possessive is part of its word.
_CAPITALIZED_RUN = re.compile(
    rf"\b{_TITLECASE}(?:'s)?(?:\s+(?:(?:of|and|for|the)\s+)?{_TITLECASE}(?:'s)?)+\b"
)


@lru_cache(maxsize=1 << 16)
def capitalized_runs(text: str) -> dict[str, tuple[str, ...]]:
    """Each word of a run of two or more capitalized words -> the run's possible acronyms (with
    and without the connecting "of", "and"...)."""
    found: dict[str, tuple[str, ...]] = {}
    # "Continuous integration is ..." / "CI": a capitalized word and the words after it.
    words = [m.group() for m in TOKEN.finditer(straighten(text)) if m.lastgroup == "word"]
    for index, word in enumerate(words):
        if is_capitalized_word(word):
            found[word] = tuple(
                "".join(w[0] for w in words[index : index + size]).upper() for size in (2, 3)
            )
    for match in _CAPITALIZED_RUN.finditer(straighten(text)):
        words = match.group().split()
        if words[0] == "The" and len(words) > 2:  # "The Valuation Office Agency" / "VOA" (35th)
            words = words[1:]
        capitals = "".join(w[0] for w in words if w[0].isupper())
        every = "".join(w[0] for w in words).upper()
        # eleventh round: each part between the connectors is a name of its own ("Los Angeles
        # for Kaveh's": "LA" as well as "LAK")
        parts = [
            "".join(w[0] for w in part.split())
            for part in re.split(r"\s+(?:of|and|for|the)\s+", match.group())
            if len(part.split()) >= 2
        ]
        for word in (w.removesuffix("'s") for w in words):
            if word[0].isupper():
                found[word] = tuple(dict.fromkeys((capitals, every, *parts, *found.get(word, ()))))
    return found
