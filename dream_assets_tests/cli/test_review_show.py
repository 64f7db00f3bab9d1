"""`dream review show ID` (issue 28): the review card as text — each source's full text with id,
category, audience and dates; the proposed text; the word diff; the checks; the verifier's verdict
per source with its note; tokens; why the item is in review; whether it may be approved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dream_assets.cli import main
from dream_assets_tests.review_scenario import MARKUP, UNSURE_MERGE, queue_three_reviews
from dream_assets_tests.scripted_llm import ScriptedLLM


def _show(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["review", "show", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_show_prints_the_whole_card(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = queue_three_reviews(tmp_path / "ada", scripted_llm)
    item = scenario.unsure

    status, out, _err = _show(capsys, item.id[:8], "--agent", str(scenario.volume.root))

    assert status == 0
    assert out.startswith(f"{item.id}  pending  merge  agent ada\n")
    assert "why in review: the merge verifier was unsure" in out
    assert "source j-1 — unchanged since queued" in out
    assert "  category people/jon; audience owner; created 2026-11-28T12:00:00+00:00" in out
    assert "  | Jon does not eat meat.\n" in out and "  | Jon eats fish on Fridays.\n" in out
    assert f"  | {UNSURE_MERGE}\n" in out
    assert "j-2 → proposed: Jon {+does not eat meat, but he+} eats fish on Fridays." in out
    assert "words added: but, he" in out
    assert "finding: coverage and meaning: pass" in out
    assert "verifier: j-1 supported (the negation is kept)" in out
    assert "verifier: j-2 ambiguous (is fish meat here?)" in out
    assert "in 2 call(s) of its pass up to this proposal" in out
    assert out.rstrip().endswith("approval: possible")


def test_show_marks_dropped_words_and_the_markup_as_written(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = queue_three_reviews(tmp_path / "ada", scripted_llm)

    _status, out, _err = _show(capsys, scenario.authored.id, "--agent", str(scenario.volume.root))

    assert "why in review: operator-authored" in out
    assert "hint: o-1 is operator-authored" in out
    assert f"[-hours end-]{{+closes+}} at noon on Fridays [-{MARKUP}.-]" in out
    assert "words dropped: hours, end" in out


def test_show_says_why_an_item_whose_source_changed_cannot_be_approved(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = queue_three_reviews(tmp_path / "ada", scripted_llm)
    edited = scenario.volume.get("c-2")
    assert edited is not None
    scenario.volume.save(edited.with_changes(content="In 2021 Caroline moved to Hamburg."))

    _status, out, _err = _show(capsys, scenario.pinned.id, "--agent", str(scenario.volume.root))

    assert "source c-2 — changed since queued" in out
    assert "  | In 2021 Caroline moved to Hamburg.\n" in out
    assert f"approval: refused: {scenario.pinned.id}: source c-2 changed since the proposal" in out
    status = main(["review", "approve", scenario.pinned.id, "--agent", str(scenario.volume.root)])
    assert status == 2
    assert "changed since the proposal" in capsys.readouterr().err


def test_show_json_is_the_same_card(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = queue_three_reviews(tmp_path / "ada", scripted_llm)
    root = str(scenario.volume.root)

    _status, out, _err = _show(capsys, scenario.unsure.id, "--agent", root, "--json")

    card = json.loads(out)
    assert card["id"] == scenario.unsure.id and card["approvable"] is True
    assert [s["id"] for s in card["sources"]] == ["j-1", "j-2"]
    assert {v["id"]: v["verdict"] for v in card["verdicts"]} == {
        "j-1": "supported",
        "j-2": "ambiguous",
    }
    assert card["tokens"]["calls"] == 2 and card["tokens"]["prompt"] > 0
    ops = [span["op"] for diff in card["diffs"] for span in diff["spans"]]
    assert {"same", "added"} <= set(ops)


def test_show_of_an_unknown_item_is_a_one_line_error(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = queue_three_reviews(tmp_path / "ada", scripted_llm)

    status, out, err = _show(capsys, "rv-nope", "--agent", str(scenario.volume.root))

    assert status == 2 and out == ""
    assert err == "dream review: no review item 'rv-nope'\n"


def test_a_decided_item_shows_its_decision_and_the_undo_hint(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = queue_three_reviews(tmp_path / "ada", scripted_llm)
    root = str(scenario.volume.root)
    assert main(["review", "approve", scenario.unsure.id, "--agent", root]) == 0
    assert capsys.readouterr().out.startswith(f"approved {scenario.unsure.id}: wrote ")

    _status, out, _err = _show(capsys, scenario.unsure.id, "--agent", root)

    assert out.startswith(f"{scenario.unsure.id}  approved  merge")
    assert "source j-1 — archived since queued" in out
    assert f"hint: undo: dream undo review:{scenario.unsure.id}" in out
    assert f"approval: refused: {scenario.unsure.id} is already approved" in out
