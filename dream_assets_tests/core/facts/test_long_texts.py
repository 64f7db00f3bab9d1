"""Bounds on the readings of long texts (seed 003, "bounds for every pass"): a memory of many
capitalized words in a row (a pasted list of names, a title-cased paragraph) made two readings
grow with the square or the cube of its length. The acronym reading listed every sub-run of a run
of capitalized words, each with its words (2 000 such words: two million sub-runs, and the
cycle's process was killed for its memory); the attribution reading paired every two names of a
sentence with the words between them. Each is now bounded by what it reads: an acronym has at
most six parts, a doer and the one it acts on stand within ``_PAIR_SPAN`` words. Both judges
give the same verdicts as before on every corpus of the tests (docs/merge-checks.md).

And a figure of more digits than Python converts (4 300) raised in five readings of numbers, so
an entry holding one failed the agent's near-duplicate scan on every cycle: a figure longer than
``LONGEST_FIGURE`` digits is now a code, compared as written, not an amount."""

from __future__ import annotations

import pytest

from dream_assets.core.facts import aliases, merge_check
from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.lexicon import LONGEST_FIGURE, readable_figure
from dream_assets.core.facts.meaning import attribution
from dream_assets.core.facts.meaning.numbers import quantities_of
from dream_assets.core.facts.meaning.text import Text
from dream_assets.core.facts.meaning.words import CLAUSE_REACH, clause_after, clause_before
from dream_assets.core.near_duplicates.candidates import pair_disagreement
from dream_assets_tests.builders import hard_findings


def attribution_of(source: str, merged: str) -> list[str]:
    return attribution.attribution_findings([Text.read(source)], Text.read(merged))


NAMES = "Ab Cd " * 1_000  # 2 000 capitalized words in one run, one sentence


def test_the_acronym_reading_lists_runs_in_proportion_to_the_text() -> None:
    runs = aliases._initial_runs(NAMES)
    # each word opens at most five sub-runs (two to six words): not n²/2 of them
    assert 0 < len(runs) <= 5 * 2_000
    assert max(len(words) for _start, _end, words in runs) == 6


def test_an_acronym_still_spells_its_name() -> None:
    a = "Joined the National Association for the Advancement of Colored People in 1998."
    assert pair_disagreement(Statement(a), Statement("Joined the NAACP in 1998.")) is None
    # and one more capitalized word before it does not hide the run
    b = "Dr Joined the National Association for the Advancement of Colored People in 1998."
    assert aliases._spells("NAACP", ["National", "Association", "Advancement", "Colored", "People"])
    assert any(aliases._spells("NAACP", words) for _s, _e, words in aliases._initial_runs(b))


def test_the_attribution_reading_pairs_names_in_proportion_to_the_text() -> None:
    pairs = attribution._named_pairs(Text.read(f"Tom hired Anna and {NAMES}."))
    assert len(pairs) <= attribution._PAIR_SPAN * 2_004


def test_a_swapped_doer_is_still_found_beside_a_long_list_of_names() -> None:
    tail = f" The guests were {NAMES}."
    found = attribution_of("Tom hired Anna in May." + tail, "Anna hired Tom in May." + tail)
    assert found == ["attribution: Tom hired Anna"]
    # the same order, reworded around the list, passes
    assert attribution_of("Tom hired Anna in May." + tail, "In May Tom hired Anna." + tail) == []


def test_a_doer_far_from_the_name_it_acts_on_is_still_read() -> None:
    # thirteen words between the two names: inside the span
    source = "Tom, who had run the shop for years before the merger last spring, hired Anna."
    merged = "Anna, who had run the shop for years before the merger last spring, hired Tom."
    assert attribution_of(source, merged) == [f"attribution: {source[:-1]}"]


def test_the_judge_reads_two_long_lists_of_names() -> None:
    a, b = Statement(f"Invited {NAMES} Ef."), Statement(f"Invited {NAMES} Gh.")
    assert pair_disagreement(a, b) == "specifics differ: Ef / Gh"


FIGURE = "1" * 5_000  # more digits than Python converts to a number (4 300)


def test_a_figure_too_long_to_be_an_amount_is_read_by_both_judges() -> None:
    long = f"Tom walked {FIGURE} km yesterday."
    for a, b in ((long, "Tom walked 12 km yesterday."), (f"{FIGURE}k a year", "£20k a year")):
        # a code compared as written: the other figure is still told apart
        assert pair_disagreement(Statement(a), Statement(b)) is not None
        assert pair_disagreement(Statement(b), Statement(a)) is not None
        assert hard_findings([a, b], f"{b} {a}") == []
        assert hard_findings([a], b)  # the long figure is missing from the merge
    # the same long figure on both sides is the same specific
    assert pair_disagreement(Statement(long), Statement(long.replace(".", "!"))) is None


@pytest.mark.parametrize(
    "shape",
    [
        f"{FIGURE}.5 hours",
        f"0.{FIGURE} of it",
        f"{FIGURE}k",
        f"{FIGURE} minutes",
        f"a {FIGURE}-minute walk",
        f"1,{','.join(['123'] * 1_700)} people",
    ],
)
def test_no_shape_of_a_long_figure_stops_a_judge(shape: str) -> None:
    text = f"Tom walked {shape} on Sunday."
    other = "Tom walked 12 km on Sunday."
    pair_disagreement(Statement(text), Statement(other))
    pair_disagreement(Statement(other), Statement(text))
    hard_findings([text, other], f"{other} {text}")
    hard_findings([other], text)


def test_the_longest_figure_is_still_an_amount_and_one_digit_more_a_code() -> None:
    longest = "9" * LONGEST_FIGURE
    assert readable_figure(longest) and not readable_figure(longest + "9")
    assert [q.value for q in quantities_of(f"Owes {longest} coins.")] == [longest]
    assert quantities_of(f"Owes {longest}9 coins.") == []


def test_a_merge_the_rules_cannot_read_is_rejected_without_quoting_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sources = [CoverageSource("m-1", "Ana met Bo in Oslo."), CoverageSource("m-2", "Ana met Bo.")]

    def failing(*args: object, **kwargs: object) -> None:
        raise ValueError("Invalid literal: 'Ana met Bo in Oslo'")  # a message quoting the text

    monkeypatch.setattr(merge_check, "missing_specifics", failing)
    result = merge_check.check_merge(sources, "In Oslo, Ana met Bo.")
    assert not result.ok and result.missing == ("unreadable: ValueError",)
    assert not merge_check.is_hint(result.missing[0])  # a hard rejection, with or without a model
    # a merge that is every source's own text is still passed unread
    assert merge_check.check_merge(sources[:1], "Ana met Bo in Oslo.").ok


def test_a_negation_reads_at_most_the_reach_of_its_clause() -> None:
    long = Text.read("not " * 5_000 + "Tom hired Anna")
    middle = long.words[2_500]
    assert len(clause_before(long.words, middle)) == CLAUSE_REACH
    assert len(clause_after(long.words, middle)) == CLAUSE_REACH
    # a clause of ordinary length is read whole, and ends where the clause does
    short = Text.read("Surgery is not recommended for him, but rest is.")
    cue = next(w for w in short.words if w.lower == "not")
    assert [w.lower for w in clause_before(short.words, cue)] == ["surgery", "is"]
    assert [w.lower for w in clause_after(short.words, cue)] == ["recommended", "for", "him"]
