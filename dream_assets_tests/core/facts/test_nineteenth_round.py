"""Issue 24, nineteenth round (v18 and v18b, measured once and spent, pooled with the twenty-four
sets before them as development data), the merge gate: an "-less" word keeps a "without" or "no"
of its root, "weekdays" keeps the two ends of "Monday to Friday" (and "weekend" of "Saturday and
Sunday"), a choice "over" something passes it over as "prefers ... over" does, and "no decision
yet" beside a wait is the wait said negatively (docs/merge-checks.md, "Nineteenth round"). Each
credit fails on the eighteenth round's rules; each has a guard beside it that the difference it
could hide is still found. The sentences are written for these tests, not taken from a corpus.
"""

from __future__ import annotations

from dream_assets.core.facts.merge_check import is_hint
from dream_assets_tests.core.facts.merges import check


def test_a_less_word_keeps_the_absence_of_its_root() -> None:
    assert check(
        ["Orders the flat white without sugar at the Kiln café."],
        "At the Kiln café the order is a sugarless flat white.",
    ).ok
    result = check(
        ["Orders the flat white without sugar at the Kiln café."],
        "At the Kiln café the order is a flat white with sugar, and a gluten-less muffin.",
    )
    assert any(f.startswith("negation: ") and not is_hint(f) for f in result.missing)


def test_weekdays_keep_both_ends_of_monday_to_friday() -> None:
    assert check(
        ["The Porto office is staffed 8am to 4pm, Monday to Friday."],
        "The Porto office is staffed on weekdays from 8am to 4pm.",
    ).ok
    assert check(
        ["Goes climbing at the Arch on Saturday and Sunday mornings."],
        "Goes climbing at the Arch on weekend mornings.",
    ).ok
    # a single weekday is not a range: "weekdays" does not keep it
    result = check(
        ["The Porto office is staffed 8am to 4pm on Friday."],
        "The Porto office is staffed on weekdays from 8am to 4pm.",
    )
    assert "Friday" in result.missing


def test_a_choice_over_something_passes_it_over() -> None:
    assert check(
        ["Asks for oat milk in the latte, not the soy."],
        "Picks oat milk over soy for the latte.",
    ).ok
    # "over" without a choice before it states no preference
    result = check(
        ["Asks for oat milk in the latte, not the soy."],
        "Pours oat milk and soy over the latte.",
    )
    assert any(f.startswith("negation: ") for f in result.missing)


def test_no_decision_yet_beside_a_wait_is_the_wait() -> None:
    result = check(
        ["Applied for a Blue Card in March and is still waiting for an answer from the office."],
        "Applied for a Blue Card in March and has no answer from the office yet.",
    )
    assert not result.missing, result
    # without the wait in a source, the added negation stays hard
    result = check(
        ["Applied for a Blue Card in March and got an answer from the office."],
        "Applied for a Blue Card in March and has no answer from the office yet.",
    )
    assert any(f.startswith("negation: ") and not is_hint(f) for f in result.missing)
