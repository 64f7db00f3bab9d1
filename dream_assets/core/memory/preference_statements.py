"""Explicit preference statements, their sentiment and thresholds (docs/passes.md, Pass 5).

This is preference inference without a model: a user who writes "I prefer…", "always…",
"never…", "don't…" or "please stop…" has stated a preference outright, and the
sentiment thresholds say when it is durable enough to write down:

- very irritated (repeated strong correction — shouting, "!!", "I told you"): 1 occurrence
- mildly frustrated (gentle pushback — "please stop", a single "!", "again"): 2 occurrences
- minor or casual suggestion: 3 or more occurrences

Occurrences at a stronger level count towards the weaker thresholds too: two casual statements
and one gentle pushback make three occurrences. Preferences that touch security, credentials or
money need the user's permission before the agent acts on them (``requires_user_permission``);
that flag is decided here, in code, so it never depends on a model remembering to set it.

The same preference is often said in different words ("I prefer short answers in every reply." /
"Remember, I prefer short answers."). Statements are grouped by containment of their content
words (stemmed): a statement whose words contain all of another statement's words, of the same
polarity, repeats that shorter preference (``preference_groups``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from dream_assets.core.skills.recurring_topics import fold_plural, tokenize


class Sentiment(IntEnum):
    CASUAL = 1
    MILDLY_FRUSTRATED = 2
    VERY_IRRITATED = 3

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


# Thresholds (docs/passes.md, Pass 5): occurrences needed at (or above) each sentiment level.
THRESHOLDS = {
    Sentiment.VERY_IRRITATED: 1,
    Sentiment.MILDLY_FRUSTRATED: 2,
    Sentiment.CASUAL: 3,
}

PREFER = "prefer"
AVOID = "avoid"

_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]*")
# At most six lead-in words ("ok so please just always …"): unbounded, a turn of ", please" repeated
# was read again from each comma to its end (200 KB took 55 s; seed 003, bounds for every pass).
_LEAD_IN = r"(?:(?:please|and|so|but|just|also|again|ok|okay|no|seriously|then)[,]?\s+){0,6}"
# An imperative at the start of a clause ("Never use emojis", "..., please don't").
_IMPERATIVE = re.compile(
    r"(?:^|[,:—–]\s*|\s-\s+)" + _LEAD_IN + r"(?P<trigger>always|never|don't|dont|do not|stop)\b"
    r"(?P<body>[^,:—–]*)",
    re.IGNORECASE,
)
_PREFER = re.compile(
    r"\bI(?:'d| would)?\s+(?:really\s+)?(?P<trigger>prefer|rather)\b(?P<body>.*)", re.IGNORECASE
)

# "I'd rather you didn't…", "I prefer not to…": a preference against something.
_NEGATED = re.compile(
    r"(?:you\s+|to\s+)?(?:not|didn't|did not|don't|do not|never|no)\b", re.IGNORECASE
)
_REMINDER = re.compile(r"\s*forget\b(?:\s+to\b)?", re.IGNORECASE)

_IRRITATED = re.compile(
    r"\bi(?:'ve| have)?\s+(?:already\s+)?(?:told|said to|asked)\s+you\b"
    r"|\bhow many times\b|\bfor the last time\b|!{2,}",
    re.IGNORECASE,
)
_SHOUTED = re.compile(r"\b(?:NEVER|ALWAYS|STOP|DON'T|DONT|NOT|NO|PLEASE|AGAIN)\b")
_PUSHBACK = re.compile(
    r"!|\bplease stop\b|^\s*stop\b|\bagain\b|\bstill\b|\bI (?:said|asked)\b"
    r"|\bnot what I\b|\bthat'?s (?:wrong|not)\b|^\s*no[,.!]",
    re.IGNORECASE,
)

# Words that carry no preference content of their own ("stop USING emojis" = "no emojis").
_FILLER = frozenset({"use", "using", "used", "add", "adding", "anymore", "ever", "time", "times"})

_SENSITIVE = {
    "security": r"security|secure|2fa|mfa|two-factor",
    "credentials": r"credentials?|log-?ins?|private keys?|ssh keys?|api keys?|secrets?",
    "passwords": r"passwords?|passphrases?|passcodes?|pins?",
    "tokens": r"tokens?",
    "money": r"money|cash|spend(?:ing)?|budget|pay|paid|paying|purchases?|buy(?:ing)?",
    "payments": r"payments?|invoices?|credit cards?|debit cards?|wire transfers?|refunds?",
    "bank": r"bank(?:s|ing)?|bank accounts?|iban",
    "financial": r"financial|finances?|investments?|invest(?:ing)?|stocks?|tax(?:es)?",
}
_SENSITIVE_RE = {
    label: re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE) for label, pattern in _SENSITIVE.items()
}


@dataclass(frozen=True)
class PreferenceStatement:
    """One explicit statement in one message."""

    key: str
    polarity: str
    statement: str
    sentiment: Sentiment
    session_id: str
    # "conversation:<session>:<turn>" or "feedback:<n>": one message counts once per preference.
    message_id: str


@dataclass(frozen=True)
class PreferenceCandidate:
    """Every occurrence of one preference, and whether the thresholds are met."""

    key: str
    polarity: str
    statement: str
    sentiments: tuple[Sentiment, ...]
    sessions: tuple[str, ...]

    @property
    def occurrences(self) -> int:
        return len(self.sentiments)

    @property
    def strongest(self) -> Sentiment:
        return max(self.sentiments)

    @property
    def qualifies(self) -> bool:
        return meets_threshold(self.sentiments)

    @property
    def sensitive_terms(self) -> tuple[str, ...]:
        return sensitive_terms(self.statement)

    @property
    def requires_user_permission(self) -> bool:
        return bool(self.sensitive_terms)


def meets_threshold(sentiments: Iterable[Sentiment]) -> bool:
    levels = list(sentiments)
    for level, needed in THRESHOLDS.items():
        if sum(1 for s in levels if s >= level) >= needed:
            return True
    return False


def sensitive_terms(text: str) -> tuple[str, ...]:
    """Which sensitive domains (security, credentials, money, ...) a text touches."""
    return tuple(label for label, pattern in _SENSITIVE_RE.items() if pattern.search(text))


def requires_user_permission(text: str) -> bool:
    return bool(sensitive_terms(text))


def message_sentiment(text: str) -> Sentiment:
    """How strongly the user pushed back in this message."""
    letters = [c for c in text if c.isalpha()]
    mostly_caps = len(letters) >= 10 and sum(c.isupper() for c in letters) / len(letters) > 0.6
    if _IRRITATED.search(text) or _SHOUTED.search(text) or mostly_caps:
        return Sentiment.VERY_IRRITATED
    if _PUSHBACK.search(text):
        return Sentiment.MILDLY_FRUSTRATED
    return Sentiment.CASUAL


def _stem(word: str) -> str:
    """A matching key only (never shown): "adding emojis" and "add emoji" meet."""
    word = fold_plural(word)
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
        if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "ls":
            word = word[:-1]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def preference_key(polarity: str, body: str) -> str | None:
    """The normalized identity of a preference: its polarity and its content terms."""
    terms = sorted({_stem(t) for t in tokenize(body) if t not in _FILLER})
    if not terms:
        return None
    return f"{polarity}: " + " ".join(terms)


def find_statements(
    text: str, session_id: str, message_id: str, *, floor: Sentiment = Sentiment.CASUAL
) -> list[PreferenceStatement]:
    """The explicit preference statements of one user message.

    ``floor`` raises the sentiment of every statement (a ``Correction`` feedback line is
    pushback by definition, however politely worded).
    """
    sentiment = max(message_sentiment(text), floor)
    found: list[PreferenceStatement] = []
    for sentence_match in _SENTENCE.finditer(text):
        sentence = sentence_match.group(0).strip()
        for polarity, body in _sentence_preferences(sentence):
            key = preference_key(polarity, body)
            if key is not None and all(s.key != key for s in found):
                found.append(
                    PreferenceStatement(key, polarity, sentence, sentiment, session_id, message_id)
                )
    return found


def _sentence_preferences(sentence: str) -> list[tuple[str, str]]:
    prefer = _PREFER.search(sentence)
    if prefer is not None:
        body = prefer.group("body").strip()
        negated = _NEGATED.match(body)
        if negated is not None:
            return [(AVOID, body[negated.end() :])]
        return [(PREFER, body)]
    found: list[tuple[str, str]] = []
    for match in _IMPERATIVE.finditer(sentence):
        trigger = match.group("trigger").lower()
        body = match.group("body")
        polarity = PREFER if trigger == "always" else AVOID
        reminder = _REMINDER.match(body)
        if polarity == AVOID and trigger != "stop" and reminder is not None:
            # "Don't forget to attach the log" asks for something, it does not forbid it.
            polarity, body = PREFER, body[reminder.end() :]
        found.append((polarity, body))
    return found


def conversation_statements(
    sessions: Mapping[str, list[dict[str, Any]]],
) -> list[PreferenceStatement]:
    """Statements in the user turns of the conversation log (the assistant states nothing)."""
    found: list[PreferenceStatement] = []
    for session, turns in sessions.items():
        for index, turn in enumerate(turns):
            content = turn.get("content")
            if turn.get("role") == "user" and isinstance(content, str):
                found += find_statements(content, session, f"conversation:{session}:{index}")
    return found


def feedback_statements(feedback: Iterable[Mapping[str, Any]]) -> list[PreferenceStatement]:
    """Statements in ``Correction`` feedback, each at least mildly frustrated."""
    found: list[PreferenceStatement] = []
    for index, line in enumerate(feedback):
        text = line.get("text")
        if line.get("kind") != "Correction" or not isinstance(text, str):
            continue
        session = str(line.get("session_id", ""))
        found += find_statements(
            text, session, f"feedback:{index}", floor=Sentiment.MILDLY_FRUSTRATED
        )
    return found


# A shorter statement is the same preference as a longer one only when it names at least two
# content words and at least half of the longer one's: "short answers" is what "short answers in
# every reply" asks for, but a bare "answers" is not what "short answers" asks for.
MIN_SHARED_TERMS = 2


def _terms(key: str) -> tuple[str, frozenset[str]]:
    polarity, _, terms = key.partition(": ")
    return polarity, frozenset(terms.split())


def _repeats(longer: str, shorter: str) -> bool:
    """Whether the statement keyed ``longer`` restates the preference keyed ``shorter``."""
    polarity, words = _terms(longer)
    short_polarity, short_words = _terms(shorter)
    return (
        polarity == short_polarity
        and short_words < words
        and len(short_words) >= MIN_SHARED_TERMS
        and 2 * len(short_words) >= len(words)
    )


def preference_groups(keys: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For each statement key, the preferences (keys) it counts towards.

    A key that restates no shorter key is a preference of its own. One that restates shorter
    keys counts towards the preferences those belong to, following the chain down ("short
    answers in every reply to me" → "short answers in every reply" → "short answers"); one that
    restates two unrelated preferences ("short answers in British English" after "short
    answers" and "British English") counts towards both.
    """
    distinct = sorted(set(keys))
    shorter = {key: [other for other in distinct if _repeats(key, other)] for key in distinct}
    groups: dict[str, tuple[str, ...]] = {}

    def roots(key: str) -> tuple[str, ...]:
        if key not in groups:
            found = [root for other in shorter[key] for root in roots(other)] or [key]
            groups[key] = tuple(sorted(set(found)))
        return groups[key]

    for key in distinct:
        roots(key)
    return groups


def collect_candidates(statements: Iterable[PreferenceStatement]) -> list[PreferenceCandidate]:
    """Group statements into preferences; one message counts once per preference.

    Statements of one preference in different words are one preference (``preference_groups``).
    The same words in the same session from two sources (the conversation, and the feedback
    line the agent filed about that turn) are one occurrence, not a repetition. The statement
    shown is the latest wording, the one the user most recently chose (``_shown``). Pass
    conversation statements before feedback statements.
    """
    statements = list(statements)
    groups = preference_groups(s.key for s in statements)
    grouped: dict[str, list[PreferenceStatement]] = {}
    seen_messages: set[tuple[str, str]] = set()
    seen_words: set[tuple[str, str, str]] = set()
    for statement in statements:
        words = " ".join(statement.statement.lower().split())
        origin = statement.message_id.split(":", 1)[0]
        for key in groups[statement.key]:
            if (key, statement.message_id) in seen_messages:
                continue
            if origin == "feedback" and (key, statement.session_id, words) in seen_words:
                continue
            seen_messages.add((key, statement.message_id))
            seen_words.add((key, statement.session_id, words))
            grouped.setdefault(key, []).append(statement)
    candidates = [
        PreferenceCandidate(
            key=key,
            polarity=items[0].polarity,
            statement=_shown(items),
            sentiments=tuple(s.sentiment for s in items),
            sessions=tuple(dict.fromkeys(s.session_id for s in items)),
        )
        for key, items in grouped.items()
    ]
    return sorted(candidates, key=lambda c: (-c.strongest, -c.occurrences, c.key))


def _shown(items: list[PreferenceStatement]) -> str:
    """The latest wording; but when grouping joined a wording that touches more sensitive
    domains, the latest of those, so the permission flag (decided from the text) never drops."""
    most = max(len(sensitive_terms(s.statement)) for s in items)
    return [s.statement for s in items if len(sensitive_terms(s.statement)) == most][-1]
