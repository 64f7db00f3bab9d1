"""The per-text memos of the pair judge and the merge check (issue 27, round 12): each remembers a
pure function of one text, so a judgement or a check made with them warm is the one made without
them, and each is bounded."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.facts import agreement, aliases, coverage, merged_text, quantities, roles
from dream_assets.core.facts.agreement import Statement
from dream_assets.core.facts.coverage import CoverageSource
from dream_assets.core.facts.meaning import text as meaning_text
from dream_assets.core.facts.meaning.numbers import quantities_of
from dream_assets.core.facts.meaning.text import Text, straighten
from dream_assets.core.facts.meaning.words import words_of
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.core.near_duplicates.candidates import pair_disagreement

DATA = Path(__file__).resolve().parents[2] / "data"

# Each memo of this round: (module, name). Replaced by its undecorated function, the judge and the
# check compute every reading afresh.
MEMOS = (
    (meaning_text, "_reading"),
    (coverage, "specifics_read"),
    (roles, "_found_in"),
    (agreement, "_words"),
    (agreement, "_numbers"),
    (agreement, "_clock_times_read"),
    (quantities, "_clock_figures"),
    # Round 23: one text's tokens, read by the coverage check and the merged text's reading.
    (coverage, "token_list"),
    (merged_text, "token_list"),
)


def _memo(module: Any, name: str) -> Any:
    return getattr(module, name)


def _clear() -> None:
    for module, name in MEMOS:
        _memo(module, name).cache_clear()
    agreement._read.cache_clear()
    agreement._covered.cache_clear()
    aliases._profile.cache_clear()
    aliases.equated.cache_clear()


def _uncached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every memo of this round replaced by the function it remembers; the older per-pair and
    per-text memos around them cleared, so nothing remembered is read."""
    _clear()
    for module, name in MEMOS:
        monkeypatch.setattr(module, name, _memo(module, name).__wrapped__)
    monkeypatch.setattr(agreement, "_read", lambda text: Text.read_uncached(text))
    monkeypatch.setattr(aliases, "_profile", aliases._profile.__wrapped__)
    monkeypatch.setattr(aliases, "equated", aliases.equated.__wrapped__)
    monkeypatch.setattr(
        agreement,
        "_covered",
        lambda source, other, vocabulary: coverage.missing_specifics(
            [source], other, vocabulary=vocabulary
        ),
    )


def _dev_pairs() -> list[tuple[Statement, Statement]]:
    """Every pair of the dev groups (wordings of one fact) and every dev look-alike (two facts) of
    the labelled near-duplicate corpus, both ways round."""
    pairs = []
    for line in (DATA / "semantic_corpus.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["split"] != "dev":
            continue
        members = row.get("members") or row.get("pair") or []
        for left, right in itertools.permutations(members, 2):
            pairs.append((Statement(left), Statement(right)))
    return pairs


def _dev_merges() -> Iterator[tuple[list[CoverageSource], str]]:
    for line in (DATA / "meaning_corpus.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["split"] == "dev":
            sources = [
                CoverageSource(s["id"], s["content"], s.get("category", "")) for s in row["sources"]
            ]
            yield sources, row["merged"]


def _verdicts(judge: Callable[[Statement, Statement], str | None]) -> list[str | None]:
    return [judge(a, b) for a, b in _dev_pairs()]


def test_pair_judgement_with_warm_memos_is_the_uncached_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _clear()
    cold = _verdicts(pair_disagreement)
    warm = _verdicts(pair_disagreement)  # every text's readings now remembered
    with monkeypatch.context() as patch:
        _uncached(patch)
        uncached = _verdicts(pair_disagreement)
    assert len(uncached) > 200
    assert any(v is None for v in uncached) and any(v is not None for v in uncached)
    assert cold == uncached
    assert warm == uncached


def test_merge_check_with_warm_memos_is_the_uncached_one(monkeypatch: pytest.MonkeyPatch) -> None:
    merges = list(_dev_merges())
    _clear()
    # Each merge checked twice, as the deterministic merges try keeper after keeper: the second
    # check reads every source and the merge from the memos.
    warm = [(check_merge(s, m), check_merge(s, m, hints_bind=True)) for s, m in merges]
    with monkeypatch.context() as patch:
        _uncached(patch)
        uncached = [(check_merge(s, m), check_merge(s, m, hints_bind=True)) for s, m in merges]
    assert len(merges) > 50
    assert {result.ok for result, _ in uncached} == {True, False}
    assert warm == uncached


def test_text_read_labels_the_remembered_reading() -> None:
    text = "Jon doesn’t eat meat, but eats fish on 3 Fridays a month."
    read = Text.read(text, id="s1", numeric_exempt=True)
    assert read == Text.read_uncached(text, id="s1", numeric_exempt=True)
    assert Text.read(text) == Text.read_uncached(text)
    # One reading of the text, its words shared by every label put on it.
    assert Text.read(text, id="s2").words is read.words


def test_per_text_readings_are_those_of_the_functions_they_remember() -> None:
    texts = [
        "Meets her mum for lunch at 12:30 on Sundays.",
        "Told his boss he'll be late: the 8 am train was cancelled.",
        "Earns about £62,000 a year; $95k before the move.",
        "Can't make the 4:30 call tomorrow evening.",
    ]
    for text in texts:
        for kind, table in roles._TABLES.items():
            assert roles._found_in(text, kind) == roles._found(text, table)
        assert agreement._words(text) == agreement._words.__wrapped__(text)
        assert agreement._numbers(text) == agreement._numbers.__wrapped__(text)
        assert agreement._clock_times_read(text) == tuple(agreement._clock_times(text))
        figures = [
            (m.group(), quantities._figure_readings(m))
            for m in quantities._CLOCK_FIGURES.finditer(text)
        ]
        assert quantities._clock_figures(text) == tuple((s, r) for s, r in figures if r)
        args = (text, False, coverage.DEFAULT_VOCABULARY, frozenset({"lunch"}), frozenset())
        assert list(coverage.specifics_read(*args)) == list(
            coverage._specifics(
                text,
                numeric_exempt=False,
                vocabulary=coverage.DEFAULT_VOCABULARY,
                evidence=frozenset({"lunch"}),
                names=frozenset(),
            )
        )


def test_alias_groups_are_the_groups_some_form_finds() -> None:
    # The openers' filter (issue 27, round 23) searches only the groups of the text's words; the
    # groups found must be those a search of every form finds.
    texts = [a.text for a, _ in _dev_pairs()]
    texts += [
        "Runs Postgres 15 in prod.",
        "Moved to the U.K. last year.",
        "Drives a Merc; her brother a VW.",
        "Finished her doctorate in 2021.",
        "Doctorate finished in 2021.",
        "Works Monday to Friday.",
        "Uses PostgreSQL-based tools.",  # a form inside a hyphenated word: not that form
        "Cooks Szechuan food.",
        "A US-based team on K8s; a Mercedes-Benz; an F1 fan with a Ph.D. from a Formula One team.",
        "Works Mon-Fri, off at weekends; builds iOS apps in Golang.",
        "Gone to the USSR-made dacha.",
    ]
    found_any = 0
    for text in texts:
        every_form = frozenset(
            n
            for n, forms in enumerate(aliases.ALIASES)
            if any(aliases._find(form, text) for form in forms)
        )
        assert aliases._alias_groups(text) == every_form, text
        found_any += bool(every_form)
    assert 0 < found_any < len(texts)


def test_a_profiles_runs_and_a_readings_quantities_are_those_read_in_full() -> None:
    # Round 23 (issue 27): a text's profile asks whether it has an initial run without listing the
    # sub-runs, and a reading's quantities reuse its words where no date or time was blanked.
    texts = sorted({a.text for a, _ in _dev_pairs()})
    texts += [
        "Works at the London School of Hygiene & Tropical Medicine.",
        "Uses TypeScript and Elasticsearch; met Ana Lima in Porto.",
        "Lives in Lisbon.",
        "The 3 kids leave at 7:30 on 2024-05-01; two cats, 0200 UTC standup.",
        "Bank of America, Royal Society for the Protection of Birds",
    ]
    with_runs = 0
    for text in texts:
        listed = bool(aliases._initial_runs(text))
        assert aliases._has_initial_runs(text) == listed, text
        with_runs += listed
        plain = straighten(text)
        assert quantities_of(plain, words_of(plain)) == quantities_of(plain), text
    assert 0 < with_runs < len(texts)


@pytest.mark.parametrize(("module", "name"), MEMOS)
def test_per_text_memo_is_bounded(module: Any, name: str) -> None:
    maxsize = _memo(module, name).cache_parameters()["maxsize"]
    assert maxsize is not None and 0 < maxsize <= 1 << 16


def test_text_memo_holds_at_most_its_bound() -> None:
    meaning_text._reading.cache_clear()
    bound = meaning_text.READINGS_CACHED
    for n in range(bound + 10):
        Text.read(f"note {n}")
    assert meaning_text._reading.cache_info().currsize == bound
