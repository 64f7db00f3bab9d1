"""Issue 24, by category: spellings of one specific that credit each other, and the words a
sentence may open with as grammar. Each equivalence is checked both ways: the other spelling
credits the specific, and a merge that drops it in every spelling is still rejected."""

from __future__ import annotations

import pytest

from dream_assets.core.facts.coverage import CoverageSource, missing_specifics, specifics_of
from dream_assets.core.facts.equivalents import durations_of, percents_of
from dream_assets.core.facts.meaning import changed_meanings


def missing(sources: list[str], merged: str) -> tuple[str, ...]:
    given = [CoverageSource(f"s{i}", text) for i, text in enumerate(sources)]
    return missing_specifics(given, merged).missing


@pytest.mark.parametrize(
    ("source", "specific"),
    [
        ("Project Borealis must ship by 30 September.", "Project"),  # a classifier before a name
        ("Aunt Meera is a judge.", "Aunt"),
        ("Neighbour Mrs. Kowalski waters the plants.", "Neighbour"),
        ("Meal-preps weekday lunches every Sunday.", "Meal"),  # part of a hyphenated word
        ("Absolutely loves Ethiopian food.", "Absolutely"),  # an adverb is never a name
        ("Pet insurance is with Petplan.", "Pet"),  # a noun modifying the noun after it
        ("Rental lease ends 31 March.", "Rental"),
        ("Contractor for the kitchen is Bautista & Sons.", "Contractor"),  # a complement
    ],
)
def test_a_sentence_opening_english_word_before_a_name_or_noun_is_grammar(
    source: str, specific: str
) -> None:
    assert specific not in specifics_of(source)


@pytest.mark.parametrize(
    ("source", "specific"),
    [
        ("Biscuit is a three-year-old Sheltie.", "Biscuit"),  # a subject: where a name stands
        ("Biscuit's vet is Dr. Lindqvist.", "Biscuit"),  # a possessive
        ("Tom still lives in Leeds.", "Tom"),
        ("Rocky has a dog named Milo.", "Rocky"),
        ("Shanghai conference is in May.", "Shanghai"),  # not an English noun
        ("Target start date is March.", "Target"),  # a name that is also a word
        ("Norway trip is in June.", "Norway"),  # not in the English lexicon
    ],
)
def test_a_name_opening_a_sentence_stays_a_specific(source: str, specific: str) -> None:
    assert specific in specifics_of(source)


def test_a_word_written_as_a_name_mid_sentence_is_a_name_at_a_sentence_start_too() -> None:
    sources = ["Stripe sandbox throttles at 25 requests.", "Payments go through Stripe."]
    assert "Stripe" in missing(sources, "The payment sandbox throttles at 25 requests.")


def test_a_sentence_start_capital_is_credited_by_an_inflection_of_its_word() -> None:
    assert missing(["Quit smoking in 2020."], "An ex-smoker since quitting in 2020.") == ()
    assert missing(["Master's thesis is on imaging."], "Their master's thesis: imaging.") == ()


@pytest.mark.parametrize(
    ("source", "merged", "dropped"),
    [
        ("Prefers small PRs.", "Likes small pull requests.", "Likes small changes."),
        ("Standup at 9:45 Central European Time.", "Standup at 9:45 CET.", "Standup at 9:45."),
        ("Pays £10 for 20 GB.", "Twenty gigabytes for £10.", "A data plan for £10 and 20."),
        ("Internet speed is 1 Gbit/s.", "A 1 Gbps line.", "A 1 fast line."),
        ("Sailing the coast of Norway.", "Sailing the Norwegian coast.", "Sailing the coast."),
        ("Has saved £26,500.", "Has put away £26.5k.", "Has put away £26k."),
        ("Gives 10% of income.", "Gives a tenth of their income.", "Gives a third."),
        ("Practises for 30 minutes.", "Practises for half an hour.", "Practises for an hour."),
        ("Walks for 90 minutes.", "Walks for an hour and a half.", "Walks for two hours."),
    ],
)
def test_an_equivalent_spelling_credits_and_a_drop_in_every_spelling_does_not(
    source: str, merged: str, dropped: str
) -> None:
    assert missing([source], merged) == ()
    assert missing([source], dropped) != ()


def test_durations_and_percents_are_read_in_any_spelling() -> None:
    minutes = ("min", 30)
    assert minutes in durations_of("a half-hour wait")
    assert minutes in durations_of("thirty minutes")
    assert ("min", 20160) in durations_of("a fortnight")
    assert ("month", 18) in durations_of("a year and a half")
    assert "50" in percents_of("Half of the budget")
    assert "25" in percents_of("a quarter of it")
    assert percents_of("the third time") == set()


def test_the_quantity_rule_reads_the_same_equivalences() -> None:
    def findings(sources: list[str], merged: str) -> list[str]:
        given = [CoverageSource(f"s{i}", text) for i, text in enumerate(sources)]
        return [f for f in changed_meanings(given, merged).missing if f.startswith("quantity")]

    assert findings(["Waits 30 minutes after the pill."], "Waits half an hour after it.") == []
    assert findings(["Half of the budget is social."], "50% of the budget is social.") == []
    assert findings(["Hiring two engineers."], "Hiring a pair of engineers.") == []
    # the counts around a unit of time are still counts: "four espressos a day" is four
    assert findings(["Drinks four espressos a day."], "Drinks several espressos a day.") != []
    assert findings(["Swims three times a week."], "Swims twice a week.") != []


def meaning_findings(sources: list[str], merged: str, kind: str) -> list[str]:
    given = [CoverageSource(f"s{i}", text) for i, text in enumerate(sources)]
    return [f for f in changed_meanings(given, merged).missing if f.startswith(kind)]


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Tries to avoid flying.", "Tries not to fly."),  # a verb of refusal, spelt out
        ("Has stopped adding sugar to tea.", "No longer puts sugar in their tea."),
        ("Prefers REST over GraphQL.", "Uses REST, not GraphQL."),  # a preference's contrast
        ("Only eats salmon-flavoured food.", "Will eat nothing but salmon-flavoured food."),
        ("Always votes in local elections.", "Never misses a local election."),  # double
    ],
)
def test_a_negation_the_sources_state_another_way_is_not_added(source: str, merged: str) -> None:
    assert meaning_findings([source], merged, "negation") == []


def test_a_negation_the_merge_states_is_still_added_when_the_sources_are_positive() -> None:
    assert meaning_findings(["Eats eggs and dairy."], "Eats no eggs.", "negation") != []
    assert meaning_findings(["Misses the bus."], "Never misses the bus.", "negation") == []


@pytest.mark.parametrize(
    ("source", "merged"),
    [
        ("Only drinks red wine, never beer.", "Red wine is all they drink - beer, never."),
        ("Surgery is not recommended for now.", "For now surgery isn't advised."),
    ],
)
def test_a_negation_kept_elliptically_or_by_its_subject_is_kept(source: str, merged: str) -> None:
    assert meaning_findings([source], merged, "negation") == []


def test_a_negation_dropped_is_still_found() -> None:
    assert meaning_findings(["Surgery is not recommended."], "Surgery is recommended.", "negation")
    assert meaning_findings(["Never drinks beer."], "Drinks beer, wine, never whisky.", "negation")


def test_a_source_kept_in_another_spelling_has_not_vanished() -> None:
    sources = ["Follows a 16:8 intermittent fasting routine.", "Eating window is noon to 8 pm."]
    merged = "Follows 16:8 intermittent fasting routine, eating only between 12:00 and 20:00."
    assert meaning_findings(sources, merged, "source") == []
    dropped = "Follows a 16:8 intermittent fasting routine."
    assert meaning_findings(sources, dropped, "source") != []


def test_a_frequency_in_another_spelling_is_the_same_quantity() -> None:
    sources = ["Blood test every six months."]
    assert meaning_findings(sources, "A blood test twice a year.", "quantity") == []
    assert meaning_findings(sources, "A blood test three times a year.", "quantity") != []
    assert meaning_findings(["Swims three times a week."], "Swims twice a week.", "quantity")


def test_a_source_whose_numbers_survive_has_not_vanished() -> None:
    sources = ["House deposit target is £40,000.", "Has saved £26,500 so far."]
    kept = "House deposit target is £40,000, with £26.5k put away."
    assert meaning_findings(sources, kept, "source") == []
    assert meaning_findings(sources, "House deposit target is £40,000.", "source") != []


def test_an_abbreviation_is_credited_only_as_written() -> None:
    assert missing(["Moved to the US in 2019."], "Moved to America in 2019.") == ()
    assert missing(["Moved to the US in 2019."], "Moved in with us in 2019.") == ("US",)
    assert missing(["Costs 95 USD."], "Costs $95.") == ()


def test_an_exclusive_only_credits_nothing_but_and_not_a_flat_negation() -> None:
    source = ["Only drinks coffee in the morning."]
    assert meaning_findings(source, "Drinks nothing but coffee in the morning.", "negation") == []
    assert meaning_findings(source, "Never drinks coffee in the morning.", "negation") != []


def test_a_preference_negates_what_it_passes_over_only() -> None:
    source = ["Prefers REST over GraphQL for public APIs."]
    assert meaning_findings(source, "Uses REST, not GraphQL, for public APIs.", "negation") == []
    assert meaning_findings(source, "Uses GraphQL, not REST, for public APIs.", "negation") != []


def test_british_and_american_spellings_are_one_word_to_the_meaning_rules() -> None:
    from dream_assets.core.facts.meaning.words import stem

    for british, american in [
        ("watercolour", "watercolors"), ("organised", "organized"), ("centre", "center"),
        ("travelled", "traveled"), ("catalogue", "catalog"), ("neighbours", "neighbor"),
    ]:  # fmt: skip
        assert stem(british) == stem(american)
    assert stem("hour") != stem("hor") and stem("tours") == stem("tour")
