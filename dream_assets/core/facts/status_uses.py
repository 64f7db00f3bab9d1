"""Status words that state no status where they are written (the near-duplicate judge's status
reading, ``agreement.status_difference_in_own_words``).

Each entry: the word, every use of it, and its uses that state no status. A text whose every use
of the word is a no-status use does not count the word: "wants" before a thing, not "to", is a
standing wish ("Wants answers short", sixteenth round), not a plan ("wants to move to Porto");
"next to the rear entrance", "the flat next door" name a place (eighteenth round).

Twenty-third round (issue 24; docs/merge-checks.md, "Twenty-third round"): "going" is a plan only
in "going to" before a bare verb ("is going to move", as the merge gate reads it:
``meaning/status.py``); "began going to a Leeds chess club", "keeps going", "going well" state
none, and were read as planned against a done "joined".

Fortieth round: the word after a bare "be" is a passive after a modal or "to" ("must be
submitted by 5 pm", "is waiting to be paid back", "nothing else can be planned"); the word before
"be" carries the status (a "will" is itself planned), so the participle states none
(``after_bare_be``). It was read as done against a planned "due" or "still".

Twenty-eighth round: "will" after a possessive or a determiner ("the user's will", "a living
will") is the document, not a plan; it was read as planned against a done "signed" or "drawn up".
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from dream_assets.core.facts.meaning.status import MOTION_OBJECT_WORDS

# After "going to", a determiner or possessive starts a place or a thing, not a verb; a bare verb
# is lowercase and never ends in a plural "-s" (the gate's rule, ``meaning/status.py``; "its" too).
_NOT_A_VERB = "|".join(sorted(MOTION_OBJECT_WORDS | {"its"}))
_GOING_TO_A_VERB = rf"\s+(?i:to)\s+(?!(?:{_NOT_A_VERB})\b)[a-z]*[a-rt-z]\b"
# Twenty-eighth round: "will" after a possessive or a determiner is the document, not a plan
# ("The user's will was drawn up in 2024" / "prepared the user's last testament", "a living
# will"); a modal "will" follows its subject ("she will move", "the team will ship").
_OWNED = r"(?:'s|\u2019s|\b(?:my|his|her|their|our|your|a|the|living|last|new|updated|own))"
NO_STATUS_USES = (
    ("wants", re.compile(r"(?i:\bwants\b)"), re.compile(r"(?i:\bwants\b(?!\s+to\b))")),
    ("next", re.compile(r"(?i:\bnext\b)"), re.compile(r"(?i:\bnext\s+(?:to|door)\b)")),
    ("going", re.compile(r"(?i:\bgoing\b)"), re.compile(rf"(?i:\bgoing\b)(?!{_GOING_TO_A_VERB})")),
    ("will", re.compile(r"(?i:\bwill\b)"), re.compile(rf"(?i:{_OWNED}\s+will\b)")),
)


@lru_cache(maxsize=1 << 16)
def no_status_words(text: str) -> frozenset[str]:
    """The words of ``NO_STATUS_USES`` that ``text`` writes only in their no-status use."""
    return frozenset(
        word
        for word, every, plain in NO_STATUS_USES
        if (uses := len(every.findall(text))) and uses == len(plain.findall(text))
    )


_WORD = re.compile(r"[a-z]+(?:'[a-z]+)*")  # as ``agreement`` reads words


@lru_cache(maxsize=1 << 16)
def words_after(text: str, heads: frozenset[str]) -> frozenset[str]:
    """The word after each of ``heads`` in ``text`` ("is being paid down": "paid")."""
    tokens = _WORD.findall(text.lower().replace("\u2019", "'"))
    return frozenset(after for word, after in itertools.pairwise(tokens) if word in heads)


_BARE_BE = frozenset({"be"})


def after_bare_be(text: str) -> frozenset[str]:
    """The word after each bare "be" ("must be submitted": "submitted"; not "been", "being")."""
    return words_after(text, _BARE_BE)


# Forty-ninth round: a participle after a wish or a need and its object states what is wanted, not
# what is done ("needs its timing belt done", "needs the timing belt replaced", "wants the fence
# painted"). A thing had or got done ("had the boiler serviced") is done, and is not read here.
_WANTED_DONE = re.compile(
    r"\b(?:needs?|wants?|would\s+like)\s+(?:the|its|his|her|their|our|my|your|a|an)\s+"
    r"(?:[a-z-]+\s+){0,3}?([a-z]+ed|done|seen|made|cut|set|put)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 16)
def wanted_done(text: str) -> frozenset[str]:
    """The participle after a wish or a need and its object ("needs the belt replaced":
    "replaced")."""
    return frozenset(m.group(1).lower() for m in _WANTED_DONE.finditer(text.replace("\u2019", "'")))
