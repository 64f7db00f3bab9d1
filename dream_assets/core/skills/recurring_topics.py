"""The pattern-frequency signal of skill gap detection (docs/passes.md, Pass 2).

The first user message of each session is tokenized and cross-session term frequencies are
computed; terms found in two or more sessions are a quantitative nudge that a request recurs and
the agent should formalize it as a skill. The block handed to the model reads:

    Recurring topics across sessions (term frequency ≥ 2 sessions):
    - "email": 4 session(s)

Conversation lines are grouped by session here too, because gap detection and preference
inference both read the log that way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# The threshold: one session is a request, two are a pattern.
MIN_SESSIONS = 2

_WORD = re.compile(r"[a-z][a-z0-9'+#-]*[a-z0-9+#]|[a-z]")

# Function words and conversational filler. A term shared by every request ("please", "help")
# says nothing about which request recurs.
_STOPWORD_LINES = (
    "a about above after again against all almost also although always am an and any anyone",
    "anything are aren't around as ask asked at be because been before being below between both",
    "but by can can't cannot could couldn't did didn't do does doesn't doing don't done down",
    "during each either else even ever every few for from further get gets getting give go",
    "going got had hadn't has hasn't have haven't having he her here hers herself him himself",
    "his how i i'd i'll i'm i've if in into is isn't it it's its itself just know let let's",
    "like make may me might mine more most much must my myself need needs never no nor not now",
    "of off often on once one only or other our ours ourselves out over own please quick",
    "quickly really same see she should shouldn't so some something still such sure take than",
    "thank thanks that that's the their theirs them themselves then there these they this those",
    "through to today too tomorrow try under until up us use used using very via want wanted",
    "wants was wasn't way we we'd we'll we're we've were weren't what what's when where which",
    "while who whom why will with won't would wouldn't yes yesterday yet you you'd you'll",
    "you're you've your yours yourself yourselves hi hey hello ok okay thing things able well",
)
STOPWORDS = frozenset(word for line in _STOPWORD_LINES for word in line.split())


@dataclass(frozen=True)
class RecurringTopic:
    term: str
    sessions: int


def conversation_sessions(records: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Conversation lines grouped by ``session_id``, sessions and turns in log order."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        session = str(record.get("session_id", ""))
        sessions.setdefault(session, []).append(dict(record))
    return sessions


def first_user_messages(sessions: Mapping[str, list[dict[str, Any]]]) -> dict[str, str]:
    """The first user turn of each session: the request that opened it."""
    firsts: dict[str, str] = {}
    for session, turns in sessions.items():
        for turn in turns:
            content = turn.get("content")
            if turn.get("role") == "user" and isinstance(content, str) and content.strip():
                firsts[session] = content
                break
    return firsts


def fold_plural(word: str) -> str:
    """Fold a regular English plural so "emails" and "email" count as one term.

    Conservative on purpose: only a trailing "s" on words of five letters or more, and never
    "-ss", "-us" or "-sis" ("process", "status", "analysis"), so a term is never mangled into
    something the user did not write.
    """
    if len(word) >= 5 and word.endswith("s") and not word.endswith(("ss", "us", "sis")):
        if word.endswith("ies") and len(word) > 5:
            return word[:-3] + "y"
        return word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Lowercased content words of a message, stopwords removed, plurals folded."""
    terms: list[str] = []
    for match in _WORD.finditer(text.lower().replace("’", "'")):
        word = match.group(0).strip("'-")
        if len(word) < 3 or word in STOPWORDS or word.isdigit():
            continue
        terms.append(fold_plural(word))
    return terms


def recurring_topics(
    sessions: Mapping[str, list[dict[str, Any]]], min_sessions: int = MIN_SESSIONS
) -> list[RecurringTopic]:
    """Terms of the sessions' first user messages found in ``min_sessions`` or more sessions.

    Most widespread first; ties in alphabetical order so the prompt is stable across runs.
    """
    counts: dict[str, int] = {}
    for message in first_user_messages(sessions).values():
        for term in set(tokenize(message)):
            counts[term] = counts.get(term, 0) + 1
    found = [RecurringTopic(term, n) for term, n in counts.items() if n >= min_sessions]
    return sorted(found, key=lambda topic: (-topic.sessions, topic.term))


def format_recurring_topics(
    topics: list[RecurringTopic], min_sessions: int = MIN_SESSIONS, limit: int = 25
) -> str:
    """The recurring-topics block, or an empty string when nothing recurs."""
    if not topics:
        return ""
    lines = [f"Recurring topics across sessions (term frequency ≥ {min_sessions} sessions):"]
    lines += [f'- "{topic.term}": {topic.sessions} session(s)' for topic in topics[:limit]]
    return "\n".join(lines)
