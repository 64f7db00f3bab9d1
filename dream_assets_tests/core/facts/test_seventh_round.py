"""Issue 24, seventh round: counts and names restated in a form the rules already read, credited
(docs/merge-checks.md, "Seventh round"). Each test fails on the sixth round's rules; each credit
has a guard beside it that a real change is still found.
"""

from __future__ import annotations

import pytest

from dream_assets.core.facts.meaning.numbers import quantities_of
from dream_assets_tests.core.facts.merges import check as _check
from dream_assets_tests.core.facts.merges import sources_of as _sources

# ── Counts restated ─────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # every tens word has its ordinal, and a tens word before a unit's ordinal is one ordinal
        (["Planning a party for her 50th birthday."], "Planning her fiftieth birthday party."),
        (["Uncle Femi turns seventy in May."], "Uncle Femi has his seventieth in May."),
        (["The club celebrates its 75th year."], "The club celebrates its seventy-fifth year."),
        # an hour said in words is a clock time, kept by the time in figures
        (["Choir practice is on Thursdays at seven."], "Choir practice: Thursdays, 7 pm."),
        (["Leaves for work at quarter past eight."], "Leaves for work at 8:15."),
        (["Calls her mother at six o'clock."], "Calls her mother at 6 p.m."),
        # "once" opening a clause is the conjunction, not a count
        (["Invoices are archived once they are paid."], "Paid invoices are archived."),
        # a fraction is its decimal
        (["Rates rose by half a percent."], "Rates rose by 0.5 percent."),
        # "single", "sole", "lone" count one
        (["Has one sibling."], "Their sole sibling lives nearby."),
        (["Keeps one backup drive offsite."], "Their single backup drive sits offsite."),
        # a count the merge restates from a source's duration is no added count
        (
            ["Has one cat and feeds it every fortnight a new brand."],
            "Has a cat and tries a new brand every two weeks.",
        ),
    ],
)
def test_a_count_restated_is_kept(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing


@pytest.mark.parametrize(
    ("sources", "merged", "finding"),
    [
        (["Planning a party for her 50th birthday."], "Planning her sixtieth party.", "50th"),
        (["The club celebrates its 75th year."], "The club celebrates its seventy-sixth.", "75th"),
        (["Choir practice is on Thursdays at seven."], "Choir practice: Thursdays, 8 pm.", "seven"),
        (["Leaves for work at quarter past eight."], "Leaves for work at 8:30.", "quarter"),
        (["Has been to Lisbon once."], "Has been to Lisbon.", "once"),
        (["Rates rose by half a percent."], "Rates rose by 0.25 percent.", "half"),
        (["Has one sibling."], "Their siblings live nearby.", "one"),
    ],
)
def test_a_changed_count_is_still_found(sources: list[str], merged: str, finding: str) -> None:
    result = _check(sources, merged)
    assert not result.ok
    assert any(finding in f for f in result.missing), result.missing


def test_once_as_a_count_is_a_count() -> None:
    assert [q.value for q in quantities_of("Flies home once a year.")] == ["1"]
    (conjunction,) = quantities_of("Flies home once the term ends.")
    assert conjunction.is_pronoun_one


# ── A name the sources write two ways ───────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # the sources write the name clipped and in full; the merge keeps the full one
        (
            ["Hosts the Kubernetes cluster on Hetzner.", "The Kube cluster runs on Hetzner."],
            "The Kubernetes cluster is hosted on Hetzner.",
        ),
        # ... or the clipped one
        (
            ["Her brother Alexander lives in Cork.", "Alex is training as a nurse."],
            "Her brother Alex lives in Cork and is training as a nurse.",
        ),
        # an abbreviation the sources give beside the name
        (
            ["Holds some Ethereum, roughly 2 ETH.", "Keeps the ETH in a hardware wallet."],
            "Keeps roughly 2 ETH in a hardware wallet.",
        ),
    ],
)
def test_a_name_the_sources_write_two_ways_is_kept_in_either(
    sources: list[str], merged: str
) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing
    assert not [h for h in result.hints if h.startswith("name:")], result.hints


def test_a_spelling_only_the_merge_has_is_no_evidence() -> None:
    # "Alexander" / "Alex" alone: the merge's clipping may be another name (the third round's
    # ``clipped`` hint, never a credit)
    result = _check(["Her brother Alexander lives in Cork."], "Her brother Alex lives in Cork.")
    assert "Alexander" not in result.missing
    assert "name: Alexander" in result.hints
    # and the pair judge / the coverage-only rule do not take the gate's credit
    from dream_assets.core.facts.coverage import missing_specifics

    sources = _sources(["Her brother Alexander lives in Cork.", "Alex is training as a nurse."])
    assert not missing_specifics(sources, "Her brother Alex lives in Cork and trains.").ok


def test_an_english_word_is_no_clipping_of_a_longer_word() -> None:
    # "Design" of the workspace "Design-Core" is not "designers" clipped
    result = _check(
        ["Leads a team of designers.", "The team's workspace is Design-Core."],
        "Leads a team of designers with a Core workspace.",
    )
    assert "Design" in result.missing


def test_a_name_dropped_in_both_spellings_is_still_missing() -> None:
    result = _check(
        ["Hosts the Kubernetes cluster on Hetzner.", "The Kube cluster runs on Hetzner."],
        "The cluster is hosted on Hetzner.",
    )
    assert not result.ok
    assert "Kubernetes" in result.missing


# ── Negations stated by a verb, read on both sides ──────────────────────────────────────────


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        # a verb of absence in the merge keeps a source's "not"
        (["Worries the courier will not show up."], "Worries the courier fails to show up."),
        # ... and in a source it states the negation the merge spells out
        (
            ["Missing the visa deadline means losing the job offer."],
            "If the visa is not filed by the deadline, the job offer is lost.",
        ),
        # a verb of prohibition keeps a source's "cannot"
        (["Cannot fly for six weeks after surgery."], "Is barred from flying for six weeks."),
        # a preference's "over" earlier in the sentence than a list joined by "and"
        (
            ["Don't just send one draft of the logo."],
            "Prefers sketches and mood boards over one draft of the logo.",
        ),
    ],
)
def test_a_negation_stated_by_a_verb_is_kept(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["Worries the courier will not show up."], "Worries the courier will show up."),
        (["Cannot fly for six weeks after surgery."], "Is flying six weeks after surgery."),
        # "mission" is no verb of absence
        (["Does not run the mission control app."], "Runs the mission control app."),
    ],
)
def test_a_flip_beside_such_words_is_still_found(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert not result.ok
    assert any(f.startswith("negation:") for f in result.missing), result.missing


def test_a_negation_restated_by_a_shorter_derivation_is_a_hint() -> None:
    result = _check(["No further renewals are possible."], "They cannot renew it again.")
    assert not any(f.startswith("negation: No further") for f in result.missing), result.missing
    assert any(h.endswith("(restated?)") for h in result.hints), result.hints


# ── Hours and minutes as a clock figure; a capital on a function word ───────────────────────


@pytest.mark.parametrize(
    ("sources", "merged"),
    [
        (["Wants to swim the 10k in under 2:50."], "Wants to swim the 10k in below 2 hours 50."),
        (["Best half-marathon time is 1 hour 52 minutes."], "Best half-marathon time: 1:52."),
    ],
)
def test_hours_and_minutes_are_one_figure(sources: list[str], merged: str) -> None:
    result = _check(sources, merged)
    assert result.ok, result.missing


def test_other_hours_and_minutes_are_still_a_change() -> None:
    result = _check(["Best half-marathon time is 1 hour 52 minutes."], "Best time: 1:55.")
    assert not result.ok
    assert "52" in result.missing


def test_a_capital_on_a_function_word_is_no_name() -> None:
    result = _check(
        ["The queue answers 409 Too Many Retries after five retries."],
        "After five retries the queue answers with a 409.",
    )
    assert result.ok, result.missing
    # the title's own words stay specifics
    lost = _check(["Tickets are on sale at Rough Trade East."], "Tickets are on sale.")
    assert "Rough" in lost.missing


# ── Negations: quitting, exclusion, bounds ──────────────────────────────────────────────────


def test_given_up_keeps_a_negation() -> None:
    result = _check(["Does not eat sugar anymore."], "Has given up sugar.")
    assert result.ok, result.missing
    flipped = _check(["Does not eat sugar anymore."], "Has picked up sugar again.")
    assert not flipped.ok


def test_kept_clear_of_is_a_hint_not_a_credit() -> None:
    result = _check(["Keeps Fridays free, no calls."], "Fridays are kept clear of calls.")
    assert result.ok, result.missing
    assert any(h.endswith("(restated?)") for h in result.hints), result.hints


def test_an_added_negation_of_a_bound_is_a_hint() -> None:
    result = _check(["Calls are capped at 30 minutes."], "Calls never go past 30 minutes.")
    assert result.ok, result.missing
    assert any(h.endswith("(double negation)") for h in result.hints), result.hints
    # a plain added negation stays hard
    plain = _check(["Calls are recorded."], "Calls are never recorded.")
    assert not plain.ok
