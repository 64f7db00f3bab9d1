"""The meaning checks: a merge may not change what its sources say (issue 10, seed 003).

One test or table row per rule with small literal inputs, the issue's four examples through
`dream check-merge`, and the measured goals on the labelled meaning corpus and the coverage corpus.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dream_assets.cli import main
from dream_assets.core.facts.corpus import measure, read_corpus
from dream_assets.core.facts.coverage import CoverageSource, Vocabulary
from dream_assets.core.facts.meaning import MeaningRules, changed_meanings, kinds_of, stem
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.prompts.memory import repair_prompt
from dream_assets_tests.builders import entry

DATA = Path(__file__).parents[2] / "data"
MEANING_CORPUS = DATA / "meaning_corpus.jsonl"
COVERAGE_CORPUS = DATA / "coverage_corpus.jsonl"


def findings(
    sources: list[str], merged: str, *, category: str = "", rules: MeaningRules | None = None
) -> tuple[str, ...]:
    entries = [CoverageSource(f"s{i}", text, category) for i, text in enumerate(sources, 1)]
    result = changed_meanings(entries, merged, rules=rules or MeaningRules())
    assert result.ok == (not result.missing)
    return result.missing


# Each case: the sources, the merged text, and what `findings` reports; a comment names the rule.
Findings = list[tuple[list[str], str, tuple[str, ...]]]


# ── Negation ─────────────────────────────────────────────────────────────────────────────

NEGATION: Findings = [
    # A merge is rejected when a negation is lost.
    (
        ["Jon does not eat meat.", "Jon eats fish."],
        "Jon eats meat and fish.",
        ("negation: not eat meat",),
    ),
    # A negation kept for the same statement passes.
    (["Jon doesn't eat meat.", "Jon eats fish."], "Jon eats fish but no meat.", ()),
    # A negation moved to another statement is lost: the merge still says "not", but about
    # travelling, not about eating meat.
    (
        ["Jon does not eat meat.", "Jon travels on Fridays."],
        "Jon eats meat and does not travel on Fridays.",
        ("negation: not eat meat", "negation: not travel on Fridays (not in the sources)"),
    ),
    # A negation is credited by a verb of refusal.
    (["The user does not eat meat."], "The user avoids meat.", ()),
    # A merge is rejected when a negation is added.
    (
        ["The user eats eggs.", "The user eats dairy."],
        "The user eats neither eggs nor dairy.",
        ("negation: neither eggs nor dairy (not in the sources)",),
    ),
    # Negating words the sources never state is a paraphrase.
    (["Ali is very punctual.", "Ali is always on time."], "Ali never arrives late.", ()),
]


# ── Quantities ───────────────────────────────────────────────────────────────────────────

QUANTITIES: Findings = [
    # A merge is rejected when a quantity is changed.
    (
        ["Melanie has 3 kids.", "Melanie's kids love camping."],
        "Melanie has 2 kids who love camping.",
        ("quantity: 3", "quantity: 2 (not in the sources)"),
    ),
    # A merge is rejected when a number word is dropped.
    (["The user swims three times a week."], "The user swims every week.", ("quantity: three",)),
    # A merge is rejected when a quantity is introduced.
    (["The user has a cat."], "The user has two cats.", ("quantity: two (not in the sources)",)),
    # "One" as a pronoun is not a quantity.
    (["The user wants an electric car."], "The user wants one with a long range.", ()),
    # Dates and clock times are left to the coverage check.
    (["Anniversary is Sept 14, 2019."], "Anniversary: 2019-09-14.", ()),
    (["Meet at 14:30 on 2026-08-19."], "Meet on August 19, 2026 at 14:30.", ()),
]


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Melanie has three kids.", "Melanie has 3 kids."),
        ("Sam finished 1st in the race.", "Sam finished first in the race."),
        ("The user swims twice a week.", "The user swims 2 times a week."),
        ("The user got a ten percent raise.", "The user got a 10% raise."),
        ("Ben owes the user $50.", "Ben owes the user fifty dollars."),
        ("The user has twenty-five plants.", "The user has 25 plants."),
    ],
)
def test_digits_and_number_words_credit_each_other(source: str, merged: str) -> None:
    assert findings([source], merged) == ()


@pytest.mark.parametrize(
    ("source", "merged", "lost"),
    [
        ("This is the user's second trip to Peru.", "The user is on a trip to Peru.", "second"),
        ("The user lost half of their hearing.", "The user lost some hearing.", "half"),
        ("The user got a 10% raise.", "The user got a raise.", "10%"),
        ("Ben owes the user $50.", "Ben owes the user money.", "50"),
    ],
)
def test_merge_rejected_when_ordinal_fraction_percentage_or_money_dropped(
    source: str, merged: str, lost: str
) -> None:
    assert findings([source], merged) == (f"quantity: {lost}",)


def test_quantities_of_a_numeric_exempt_category_are_not_required() -> None:
    source = [CoverageSource("s1", "Routing costs three times more.", "anti-patterns/routing")]
    assert changed_meanings(source, "Routing costs more.").ok


# ── Status and modality ──────────────────────────────────────────────────────────────────

STATUS: Findings = [
    # A merge is rejected when a plan becomes a deed.
    (["The user plans to visit Kyoto."], "The user visited Kyoto.", ("status: plans to",)),
    # A merge is rejected when uncertainty or a habit is lost.
    (
        ["The user might have a gluten sensitivity."],
        "The user has a gluten sensitivity.",
        ("status: might",),
    ),
    (["Tom used to smoke."], "Tom smokes.", ("status: used to",)),
    # A status is credited by a marker of the same kind.
    (["The user plans to visit Kyoto."], "The user wants to visit Kyoto.", ()),
    (["The user rarely orders takeaway."], "The user seldom orders delivery.", ()),
    # A merge is rejected when a status marker is added.
    (
        ["The user visited Kyoto."],
        "The user might have visited Kyoto.",
        ("status: might (not in the sources)",),
    ),
    # Going to a place is not a plan, and "I'll" is "will".
    (["The user is going to the gym."], "The user goes to the gym.", ()),
    (["I'll call Anna tomorrow."], "The user will call Anna tomorrow.", ()),
]


# ── Attribution ──────────────────────────────────────────────────────────────────────────

ATTRIBUTION: Findings = [
    # A merge is rejected when the attribution is swapped.
    (
        ["Caroline recommended the book to Melanie."],
        "Melanie recommended the book to Caroline.",
        ("attribution: Caroline recommended the book to Melanie",),
    ),
    # A passive rewording keeps the attribution.
    (
        ["Caroline recommended the book to Melanie."],
        "Melanie was recommended the book by Caroline.",
        (),
    ),
    # A symmetric verb is not a swap.
    (["Tom met Anna at the conference."], "Anna met Tom at the conference.", ()),
]


# ── Details ──────────────────────────────────────────────────────────────────────────────

DETAILS: Findings = [
    # A merge is rejected when a detail is generalised.
    (
        ["The user plays the cello.", "The user practises every evening."],
        "The user plays an instrument and practises every evening.",
        ("detail: cello",),
    ),
    # The details of parallel sources survive any wording.
    (
        ["The user is allergic to peanuts.", "The user is allergic to shellfish."],
        "The user has a food allergy.",
        ("detail: peanuts", "detail: shellfish"),
    ),
    (
        ["The user is allergic to peanuts.", "The user is allergic to shellfish."],
        "The user has peanut and shellfish allergies.",
        (),
    ),
    # Common words are not details: "evening" and "book" are generic English (the
    # coverage baseline); a rewording may drop them.
    (
        ["The user reads a book in the evening.", "The user reads science fiction."],
        "The user reads science fiction at night.",
        (),
    ),
]


# ── Dropped source ───────────────────────────────────────────────────────────────────────

DROPPED_SOURCE: Findings = [
    # A merge is rejected when a source is dropped.
    (
        ["The user takes vitamin D every morning.", "The user has a standing desk at work."],
        "The user takes vitamin D every morning.",
        ("source: s2",),
    ),
    # A paraphrase of every source is not a dropped source.
    (
        ["The user has trouble sleeping.", "The user suffers from insomnia."],
        "The user struggles with insomnia.",
        (),
    ),
]


@pytest.mark.parametrize(
    ("sources", "merged", "expected"),
    NEGATION + QUANTITIES + STATUS + ATTRIBUTION + DETAILS + DROPPED_SOURCE,
)
def test_findings_of_a_merge(sources: list[str], merged: str, expected: tuple[str, ...]) -> None:
    assert findings(sources, merged) == expected


def test_source_vanish_share_is_a_parameter() -> None:
    sources = ["The user likes spicy food.", "The user buys fresh bread every morning."]
    merged = "The user likes spicy food and fresh bread."  # 2 of 4 words of s2 vanished
    assert findings(sources, merged) == ()
    assert findings(sources, merged, rules=MeaningRules(source_vanish_share=0.4)) == ("source: s2",)


def test_stemmer_meets_inflections() -> None:
    assert stem("eats") == stem("eat")
    assert stem("baking") == stem("bake")
    assert stem("running") == stem("run")
    assert stem("tomatoes") == stem("tomato")
    assert stem("allergies") == stem("allergy")


# ── Properties ──────────────────────────────────────────────────────────────────────────

_WORDS = st.sampled_from(
    ["not", "doesn't", "never", "no", "nor", "neither", "avoids", "three", "3", "twice", "one",
     "half", "first", "19th", "August", "2026", "twenty", "five", "will", "might", "May", "used",
     "to", "going", "plans", "would", "like", "Anna", "Tom", "helped", "by", "with", "the", "of",
     "peanuts", "cello", "eats", "meat", "user", "and", "but", ","]
)  # fmt: skip
_SENTENCE = st.lists(_WORDS, min_size=1, max_size=12).map(lambda words: " ".join(words) + ".")


@settings(max_examples=300, deadline=None)
@given(st.lists(_SENTENCE, min_size=1, max_size=3))
def test_merge_that_restates_every_source_whole_passes(sources: list[str]) -> None:
    # A check that rejected this would reject the most faithful merge there is.
    assert findings(sources, " ".join(sources)) == ()


@settings(max_examples=300, deadline=None)
@given(st.lists(_SENTENCE, min_size=1, max_size=3), _SENTENCE)
def test_findings_are_prefixed_and_ok_means_nothing_missing(
    sources: list[str], merged: str
) -> None:
    result = check_merge([CoverageSource(f"s{i}", s) for i, s in enumerate(sources)], merged)
    assert result.ok == (not result.missing)
    meaning = changed_meanings([CoverageSource(f"s{i}", s) for i, s in enumerate(sources)], merged)
    assert all(kinds_of([item]) for item in meaning.missing), meaning.missing


# ── The combined check ───────────────────────────────────────────────────────────────────


def test_combined_check_lists_coverage_specifics_then_prefixed_meaning_findings() -> None:
    sources = [
        CoverageSource("a", "Jon does not eat meat in Berlin."),
        CoverageSource("b", "Jon eats fish."),
    ]
    result = check_merge(sources, "Jon eats meat and fish.")
    assert result.missing == ("Berlin", "negation: not eat meat in Berlin")
    assert kinds_of(result.missing) == {"negation"}


def test_combined_check_names_a_multi_digit_number_once() -> None:
    sources = [CoverageSource("a", "The limit is 25 requests per second.")]
    result = check_merge(sources, "The limit is 30 requests per second.")
    # the changed count is hard through the source's 25; the added 30 is a hint (third round)
    assert result.missing == ("25",)
    assert result.hints == ("quantity: 30 (not in the sources)",)


def test_combined_check_passes_a_faithful_merge() -> None:
    sources = [
        CoverageSource("a", "Melanie has 3 kids."),
        CoverageSource("b", "Melanie's kids love camping."),
    ]
    assert check_merge(sources, "Melanie has three kids who love camping.").ok


# ── The issue's four examples through `dream check-merge` ────────────────────────────────


def _issue_example(case_id: str, a: str, b: str, merged: str) -> dict[str, Any]:
    """A `dream check-merge` input line: sources a and b, and their merge."""
    sources = [{"id": "a", "content": a}, {"id": "b", "content": b}]
    return {"case_id": case_id, "sources": sources, "merged": merged}


ISSUE_EXAMPLES = [
    _issue_example(
        "negation",
        "Jon does not eat meat.",
        "Jon eats fish on Fridays.",
        "Jon eats meat and fish on Fridays.",
    ),
    _issue_example(
        "quantity",
        "Melanie has 3 kids.",
        "Melanie has kids who love camping.",
        "Melanie has 2 kids who love camping.",
    ),
    _issue_example(
        "attribution",
        "Caroline recommended the book Becoming to Melanie.",
        "Melanie read Becoming.",
        "Melanie recommended the book Becoming to Caroline, who read it.",
    ),
    _issue_example(
        "detail",
        "The user is allergic to peanuts.",
        "The user is allergic to shellfish.",
        "The user has a food allergy.",
    ),
]
ISSUE_ANSWERS = [
    {"ok": False, "missing": ["negation: not eat meat"]},
    # A changed count is hard through the source's number; the count the merge adds is a hint
    # (third round of issue 24: added counts were rewordings far more often than losses).
    {"ok": False, "missing": ["quantity: 3"], "hints": ["quantity: 2 (not in the sources)"]},
    # Attribution and detail are hints (issue 24): they do not reject on their own; the
    # verification call reads them, and without one they bind (hints_bind).
    {
        "ok": True,
        "missing": [],
        "hints": ["attribution: Caroline recommended the book Becoming to Melanie"],
    },
    {"ok": True, "missing": [], "hints": ["detail: peanuts", "detail: shellfish"]},
]


def test_check_merge_stdin_names_what_each_issue_example_changed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [{k: v for k, v in case.items() if k != "case_id"} for case in ISSUE_EXAMPLES]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(json.dumps(c) for c in lines) + "\n"))
    assert main(["check-merge"]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert answers == ISSUE_ANSWERS


def test_check_merge_batch_names_what_each_issue_example_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "examples.jsonl"
    batch.write_text("".join(json.dumps(case) + "\n" for case in ISSUE_EXAMPLES))
    assert main(["check-merge", "--batch", str(batch)]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    expected = [
        {"case_id": case["case_id"], **answer}
        for case, answer in zip(ISSUE_EXAMPLES, ISSUE_ANSWERS, strict=True)
    ]
    assert answers == expected


def test_check_merge_passes_the_faithful_versions_of_the_issue_examples(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    faithful = [
        "Jon does not eat meat, but he eats fish on Fridays.",
        "Melanie has 3 kids who love camping.",
        "Caroline recommended the book Becoming to Melanie, who read it.",
        "The user is allergic to peanuts and shellfish.",
    ]
    batch = tmp_path / "faithful.jsonl"
    batch.write_text(
        "".join(
            json.dumps({**case, "merged": merged}) + "\n"
            for case, merged in zip(ISSUE_EXAMPLES, faithful, strict=True)
        )
    )
    assert main(["check-merge", "--batch", str(batch)]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(answer["ok"] for answer in answers), answers


# ── The labelled corpora ─────────────────────────────────────────────────────────────────

_MEANING_CASES = read_corpus(MEANING_CORPUS)


def test_meaning_corpus_is_labelled_as_the_issue_asks() -> None:
    # The 300 cases written before the rules: dev (tuned on) and test (held out). The late split
    # was written after the rules were fixed and is measured on its own.
    primary = [c for c in _MEANING_CASES if c.split in ("dev", "test")]
    assert len(primary) >= 300
    assert {c.split for c in _MEANING_CASES} == {"dev", "test", "late"}
    faithful = [c for c in primary if c.preserves_content]
    assert sum(c.paraphrase for c in faithful) >= len(faithful) // 3
    kinds = {c.kind for c in primary if not c.preserves_content}
    assert kinds == {"negation", "quantity", "attribution", "detail", "status", "dropped"}
    held_out = sum(c.split == "test" for c in primary) / len(primary)
    assert 0.25 <= held_out <= 0.35
    # No lossy case is given away by a name, a multi-digit number or a date.
    lossy = [c for c in _MEANING_CASES if not c.preserves_content]
    assert all(c.check().ok for c in lossy)


@pytest.mark.parametrize("split", ["dev", "test", "late", "all"])
def test_meaning_corpus_goals(split: str) -> None:
    cases = [c for c in _MEANING_CASES if split in ("all", c.split)]
    full = measure(cases, lambda c: check_merge(c.sources, c.merged, vocabulary=c.vocabulary))
    meaning_only = measure(
        cases, lambda c: changed_meanings(c.sources, c.merged, vocabulary=c.vocabulary)
    )
    by_kind = full.rejected_by_label
    # Goals of issue 10 for the deterministic checks: at most 5 % of faithful merges rejected by
    # the meaning rules, at least 75 % of negation and quantity losses and 45 % of all caught.
    assert meaning_only.false_rejection_rate <= 0.05, meaning_only.summary()
    for kind in ("negation", "quantity"):
        rejected, total = by_kind[kind]
        assert rejected / total >= 0.75, (kind, by_kind[kind])
    assert full.catch_rate >= 0.45, full.summary()


def test_coverage_corpus_faithful_cases_still_pass_the_combined_check() -> None:
    cases = read_corpus(COVERAGE_CORPUS)
    faithful = [c for c in cases if c.preserves_content and c.expect_ok]
    rejected = {
        c.case_id: check_merge(c.sources, c.merged, vocabulary=c.vocabulary).missing
        for c in faithful
    }
    assert {case_id: missing for case_id, missing in rejected.items() if missing} == {}
    before = measure(cases)
    after = measure(cases, lambda c: check_merge(c.sources, c.merged, vocabulary=c.vocabulary))
    # Fewer, not more: since the third round a sentence-opening English word the merge drops
    # ("The Briefing and Triage runs" / "the briefing and triage runs") is a hint, not a rejection.
    assert after.false_rejections <= before.false_rejections
    assert after.caught >= before.caught


def test_meaning_corpus_reader_refuses_an_unknown_label(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        json.dumps(
            {
                "case_id": "x",
                "sources": [{"id": "a", "content": "A."}],
                "merged": "A.",
                "label": "fine",
            }
        )
        + "\n"
    )
    with pytest.raises(ValueError, match=r"bad\.jsonl:1: malformed corpus case"):
        read_corpus(bad)


def test_vocabulary_reaches_the_meaning_check() -> None:
    vocabulary = Vocabulary(numeric_exempt_categories=("metrics",))
    sources = [CoverageSource("a", "Costs rose by three percent.", "metrics/cost")]
    assert check_merge(sources, "Costs rose.", vocabulary=vocabulary).ok
    assert not check_merge(sources, "Costs rose.").ok


def test_repair_prompt_lists_meaning_findings_apart_from_the_strings_to_restore() -> None:
    prompt = repair_prompt(
        "Jon eats meat.",
        [entry("a", "Jon does not eat meat in Berlin.")],
        ["Berlin", "negation: not eat meat in Berlin"],
    )
    lines = prompt.splitlines()
    restore = lines[lines.index("## Strings you dropped — put every one of them back") + 1]
    assert json.loads(restore) == ["Berlin"]
    assert "- negation: not eat meat in Berlin" in lines


def test_the_vanish_share_option_defaults_to_the_measured_rule() -> None:
    from dream_assets.core.facts.meaning import DEFAULT_SOURCE_VANISH_SHARE
    from dream_assets.core.facts.merge_check import meaning_rules
    from dream_assets.core.options import DreamOptions

    assert meaning_rules(DreamOptions()).source_vanish_share == DEFAULT_SOURCE_VANISH_SHARE
    assert meaning_rules(DreamOptions(merge_source_vanish_share=0.5)).source_vanish_share == 0.5


def test_hints_bind_where_no_verifier_reads_them() -> None:
    sources = [
        CoverageSource("s1", "The user is allergic to peanuts.", "health"),
        CoverageSource("s2", "The user is allergic to shellfish.", "health"),
    ]
    merged = "The user has food allergies."
    gated = check_merge(sources, merged)
    assert gated.ok and gated.missing == () and "detail: peanuts" in gated.hints
    bound = check_merge(sources, merged, hints_bind=True)
    assert not bound.ok and "detail: peanuts" in bound.missing and bound.hints == ()


def test_a_hard_finding_rejects_whatever_the_hints() -> None:
    sources = [CoverageSource("s1", "Jon does not eat meat.", "people/jon")]
    result = check_merge(sources, "Jon eats meat.")
    assert not result.ok and result.missing == ("negation: not eat meat",)
