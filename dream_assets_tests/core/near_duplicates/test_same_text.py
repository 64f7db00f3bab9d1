"""The pair judge's shortcut (``candidates.pair_disagreement``): two statements of one text and one
subject time are one fact, whatever their categories, and are not read. The rules themselves agree:
none of them finds a difference between a corpus text and itself under other categories, so the
shortcut changes no verdict; a subject time that differs is still a difference."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

from dream_assets.core.facts.agreement import Statement, disagreement
from dream_assets.core.near_duplicates.candidates import (
    EIGHTH_RULES,
    _equated,
    pair_disagreement,
)

DATA = Path(__file__).resolve().parents[2] / "data"
CATEGORIES = ["", "people", "projects/deploy", "preferences", "events", "tools/v2"]


def _texts() -> list[str]:
    texts: set[str] = set()
    for name in ("meaning_corpus.jsonl", "semantic_corpus.jsonl", "coverage_corpus.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            stack: list[object] = [json.loads(line)]
            while stack:
                value = stack.pop()
                if isinstance(value, str) and 15 < len(value) < 400:
                    texts.add(value)
                elif isinstance(value, list):
                    stack.extend(value)
                elif isinstance(value, dict):
                    stack.extend(value.values())
    return sorted(texts)


def test_no_rule_finds_a_text_different_from_itself() -> None:
    texts = _texts()
    assert len(texts) > 500
    rng = random.Random(5)
    pairs = list(itertools.product(CATEGORIES, CATEGORIES))
    for text in texts:
        for first, second in rng.sample(pairs, 3):
            for subject in [(), ("2021-03-01", "", "")]:
                a, b = Statement(text, first, subject), Statement(text, second, subject)
                # The rules as the judge reads them, without the shortcut.
                assert disagreement(*_equated(a, b, EIGHTH_RULES)) is None, (text, first, second)
                assert pair_disagreement(a, b) is None


def test_the_same_text_at_another_subject_time_is_still_judged() -> None:
    text = "Mia led the Lisbon offsite for 12 people."
    a = Statement(text, "events", ("2021-03-01", "", ""))
    b = Statement(text, "events", ("2023-05-01", "", ""))
    assert pair_disagreement(a, b) == "subject time differs"
    assert pair_disagreement(
        a, Statement("Mia led the Porto offsite for 12 people.", "events", a.subject_time)
    )
