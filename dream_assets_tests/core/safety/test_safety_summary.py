"""The run's one-line summary says what its proposals were, not only how many."""

from __future__ import annotations

from dream_assets.core.safety.safety_report import build_safety_report, summary_line
from dream_assets_tests.builders import NOW


def _report(passes: list[dict]) -> dict:
    return build_safety_report(run_id="r1", agent="ada", preview=False, passes=passes, now=NOW)


def test_the_summary_names_the_kinds_of_proposal_most_first() -> None:
    built = [{"action": "built", "target": f"w{n}"} for n in range(6)]
    passes = [
        {"pass": "telemetry_windows", "decisions": built},
        {
            "pass": "skill_catalog",
            "decisions": [{"action": "skipped", "target": "s"}] * 2,
            "refusals": [{"action": "floor", "target": "m-1"}],
        },
    ]
    line = summary_line(_report(passes))
    assert line == (
        "cycle_report: proposed 8 (built 6, skipped 2), refused 1, failures 0, model calls 0"
    )


def test_the_summary_shows_the_first_kinds_and_marks_the_rest() -> None:
    kinds = ["merged", "archived", "decayed", "built", "stamped"]
    passes = [
        {"pass": "p", "decisions": [{"action": k, "target": "x"} for k in kinds for _ in range(2)]}
    ]
    line = summary_line(_report(passes))
    assert "proposed 10 (archived 2, built 2, decayed 2, merged 2, …)" in line
    assert "stamped" not in line


def test_a_run_that_proposed_nothing_says_so_plainly() -> None:
    line = summary_line(_report([{"pass": "p", "decisions": []}]))
    assert line == "cycle_report: proposed 0, refused 0, failures 0, model calls 0"
