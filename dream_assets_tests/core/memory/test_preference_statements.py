"""Seed 000, Pass 5 without a model: explicit statements, sentiment thresholds, sensitivity."""

from __future__ import annotations

import pytest

from dream_assets.core.memory.preference_statements import (
    AVOID,
    PREFER,
    Sentiment,
    collect_candidates,
    conversation_statements,
    feedback_statements,
    find_statements,
    message_sentiment,
    preference_groups,
    requires_user_permission,
    sensitive_terms,
)
from dream_assets.core.skills.recurring_topics import conversation_sessions


def statements(*messages: str) -> list:
    found = []
    for index, text in enumerate(messages):
        found += find_statements(text, f"s{index}", f"conversation:s{index}:0")
    return found


@pytest.mark.parametrize(
    ("text", "polarity"),
    [
        ("I prefer short answers.", PREFER),
        ("Always reply in English.", PREFER),
        ("Never use emojis.", AVOID),
        ("Don't add a summary at the end.", AVOID),
        ("Please stop apologizing.", AVOID),
        ("I'd rather you didn't send PDFs.", AVOID),
    ],
)
def test_explicit_preference_statements_are_found(text: str, polarity: str) -> None:
    (found,) = find_statements(text, "s1", "conversation:s1:0")
    assert found.polarity == polarity
    assert found.statement == text


@pytest.mark.parametrize("text", ["You never listen.", "I don't know.", "It always rains here."])
def test_never_or_always_inside_a_remark_is_not_a_preference(text: str) -> None:
    assert find_statements(text, "s1", "conversation:s1:0") == []


def test_dont_forget_asks_for_something() -> None:
    (found,) = find_statements("Don't forget to attach the log.", "s1", "conversation:s1:0")
    assert found.polarity == PREFER


@pytest.mark.parametrize(
    "text",
    ["I told you, never use emojis.", "NEVER use emojis.", "Never use emojis!!"],
)
def test_very_irritated_statement_qualifies_at_one_occurrence(text: str) -> None:
    assert message_sentiment(text) == Sentiment.VERY_IRRITATED
    (candidate,) = collect_candidates(statements(text))
    assert candidate.qualifies


def test_mildly_frustrated_statement_needs_two_occurrences() -> None:
    once = collect_candidates(statements("Please stop using emojis!"))
    assert once[0].strongest == Sentiment.MILDLY_FRUSTRATED
    assert not once[0].qualifies
    twice = collect_candidates(statements("Please stop using emojis!", "Stop adding emojis!"))
    assert len(twice) == 1
    assert twice[0].occurrences == 2
    assert twice[0].qualifies


def test_casual_statement_needs_three_occurrences() -> None:
    two = collect_candidates(statements("Always use metric units.", "always use metric units"))
    assert two[0].strongest == Sentiment.CASUAL
    assert not two[0].qualifies
    three = collect_candidates(
        statements("Always use metric units.", "always use metric units", "Always metric units.")
    )
    assert three[0].qualifies


def test_stronger_occurrences_count_towards_weaker_thresholds() -> None:
    (candidate,) = collect_candidates(
        statements("Never use emojis.", "Never use emojis.", "Please stop using emojis!")
    )
    assert candidate.occurrences == 3
    assert candidate.qualifies


def test_one_message_counts_once_per_preference() -> None:
    found = find_statements("Never use emojis. Never use emojis.", "s1", "conversation:s1:0")
    assert len(collect_candidates(found)[0].sentiments) == 1


def test_feedback_echoing_the_conversation_is_not_a_repetition() -> None:
    sessions = conversation_sessions(
        [{"session_id": "s1", "role": "user", "content": "Please stop using emojis!"}]
    )
    feedback = [{"session_id": "s1", "kind": "Correction", "text": "Please stop using emojis!"}]
    (candidate,) = collect_candidates(
        conversation_statements(sessions) + feedback_statements(feedback)
    )
    assert candidate.occurrences == 1


def test_correction_feedback_is_at_least_mildly_frustrated() -> None:
    feedback = [{"session_id": "s9", "kind": "Correction", "text": "Never use tables."}]
    (statement,) = feedback_statements(feedback)
    assert statement.sentiment == Sentiment.MILDLY_FRUSTRATED


def test_assistant_turns_state_no_preference() -> None:
    sessions = conversation_sessions(
        [{"session_id": "s1", "role": "assistant", "content": "Never use emojis!!"}]
    )
    assert conversation_statements(sessions) == []


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("Always enable two-factor security on new accounts.", "security"),
        ("Never paste credentials into chat.", "credentials"),
        ("Don't store my passwords in notes.", "passwords"),
        ("Never print API tokens in logs.", "tokens"),
        ("Always ask before spending money.", "money"),
        ("Never approve payments automatically.", "payments"),
        ("Don't log into my bank.", "bank"),
        ("I prefer to make financial decisions myself.", "financial"),
    ],
)
def test_sensitive_preferences_require_user_permission(text: str, domain: str) -> None:
    assert domain in sensitive_terms(text)
    assert requires_user_permission(text)


def test_ordinary_preference_needs_no_permission() -> None:
    assert not requires_user_permission("Never use emojis in replies.")


SHORT_ANSWERS = (
    "I prefer short answers in every reply.",
    "Remember, I prefer short answers.",
    "As always I prefer short answers please.",
)


def test_same_preference_in_different_words_is_one_preference() -> None:
    (candidate,) = collect_candidates(statements(*SHORT_ANSWERS))
    assert candidate.polarity == PREFER
    assert candidate.occurrences == 3
    assert candidate.sessions == ("s0", "s1", "s2")
    assert candidate.qualifies
    assert candidate.statement == SHORT_ANSWERS[-1]


def test_different_preferences_are_not_grouped() -> None:
    found = collect_candidates(
        statements("I prefer short answers.", "I prefer short summaries.", "I prefer long answers.")
    )
    assert len(found) == 3
    assert all(c.occurrences == 1 for c in found)


def test_a_single_shared_word_is_not_the_same_preference() -> None:
    found = collect_candidates(statements("Always answer.", "I prefer short answers."))
    assert len(found) == 2


def test_opposite_polarity_is_not_grouped() -> None:
    found = collect_candidates(
        statements("I prefer short answers.", "Never give short answers in every reply.")
    )
    assert sorted(c.polarity for c in found) == [AVOID, PREFER]


def test_grouping_keeps_the_wording_that_needs_permission() -> None:
    (candidate,) = collect_candidates(
        statements("Always confirm bank transfers with me.", "Always confirm transfers with me.")
    )
    assert candidate.occurrences == 2
    assert candidate.requires_user_permission
    assert "bank" in candidate.statement


def test_a_statement_of_two_preferences_counts_towards_both() -> None:
    groups = preference_groups(
        ["prefer: answer short", "prefer: british english", "prefer: answer british english short"]
    )
    assert groups["prefer: answer british english short"] == (
        "prefer: answer short",
        "prefer: british english",
    )
    assert groups["prefer: answer short"] == ("prefer: answer short",)


def test_six_lead_in_words_still_open_an_imperative() -> None:
    # The lead-in is bounded at six words (a turn of ", please" repeated 25 000 times was read
    # again from each comma: 55 s; docs/benchmarks.md, "Long texts"); a real one is shorter.
    (found,) = find_statements(
        "Ok, so please just also again never use emojis.", "s1", "conversation:s1:0"
    )
    assert found.polarity == AVOID


def test_a_long_run_of_lead_in_words_is_read_and_yields_only_its_statement() -> None:
    text = ", please" * 2_000 + ", never use emojis."
    found = find_statements(text, "s1", "conversation:s1:0")
    assert [f.polarity for f in found] == [AVOID]
