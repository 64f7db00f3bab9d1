"""Seed 000, Pass 2: the recurring-topics signal of skill gap detection."""

from __future__ import annotations

from dream_assets.core.skills.recurring_topics import (
    conversation_sessions,
    first_user_messages,
    format_recurring_topics,
    recurring_topics,
    tokenize,
)


def turns(*lines: tuple[str, str, str]) -> dict[str, list[dict[str, str]]]:
    return conversation_sessions(
        {"session_id": s, "role": role, "content": text} for s, role, text in lines
    )


def test_only_the_first_user_message_of_a_session_is_the_request() -> None:
    sessions = turns(
        ("s1", "assistant", "Hello! How can I help?"),
        ("s1", "user", "Summarize my inbox"),
        ("s1", "user", "Also check the weather"),
    )
    assert first_user_messages(sessions) == {"s1": "Summarize my inbox"}


def test_terms_found_in_two_sessions_recur_with_their_session_counts() -> None:
    sessions = turns(
        ("s1", "user", "Summarize my emails from today"),
        ("s2", "user", "Please summarize the email thread"),
        ("s3", "user", "Summarize this report"),
        ("s4", "user", "What is the weather in Oslo?"),
    )
    topics = {t.term: t.sessions for t in recurring_topics(sessions)}
    assert topics == {"summarize": 3, "email": 2}


def test_a_term_repeated_inside_one_session_does_not_recur() -> None:
    sessions = turns(
        ("s1", "user", "invoice invoice invoice"),
        ("s2", "user", "weather please"),
    )
    assert recurring_topics(sessions) == []


def test_stopwords_and_short_words_are_not_topics() -> None:
    assert tokenize("Can you please help me with the deploy of it?") == ["help", "deploy"]


def test_plurals_fold_but_status_and_analysis_are_not_mangled() -> None:
    assert tokenize("emails reports status analysis process queries") == [
        "email",
        "report",
        "status",
        "analysis",
        "process",
        "query",
    ]


def test_block_is_the_seeds_format() -> None:
    sessions = turns(
        *[(f"s{i}", "user", "email digest") for i in range(4)],
        *[(f"t{i}", "user", "summarize notes") for i in range(3)],
    )
    block = format_recurring_topics(recurring_topics(sessions))
    assert block.splitlines()[:3] == [
        "Recurring topics across sessions (term frequency ≥ 2 sessions):",
        '- "digest": 4 session(s)',
        '- "email": 4 session(s)',
    ]
    assert '- "summarize": 3 session(s)' in block


def test_no_block_when_nothing_recurs() -> None:
    assert format_recurring_topics([]) == ""
