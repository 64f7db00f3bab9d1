"""The review card model (operations/review_card.py): the word diff, the source states, and the
kinds other than a merge."""

from __future__ import annotations

from pathlib import Path

from dream_assets.core.safety.review_queue import make_item
from dream_assets.operations.review_card import (
    CHANGED,
    MISSING,
    NOT_LIVE,
    UNCHANGED,
    DiffSpan,
    build_card,
    word_diff,
)
from dream_assets_tests.builders import NOW, entry, make_volume, queued_merge


def test_word_diff_names_dropped_added_and_reworded_spans() -> None:
    spans = word_diff("Ana moved to Berlin in 2021.", "Ana relocated to Berlin in March 2021")
    assert spans == [
        DiffSpan("same", "Ana", "Ana"),
        DiffSpan("reworded", "moved", "relocated"),
        DiffSpan("same", "to Berlin in", "to Berlin in"),
        DiffSpan("added", "", "March"),
        # Trailing punctuation and case do not count as a change.
        DiffSpan("same", "2021.", "2021"),
    ]
    assert word_diff("Ana sings loudly.", "Ana sings.")[1] == DiffSpan("dropped", "loudly.", "")


def test_each_source_states_whether_it_changed_since_it_was_queued(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "ada", [entry(f"m-{i}", f"Fact {i} about Lisbon.") for i in range(1, 5)]
    )
    item = queued_merge(volume, [f"m-{i}" for i in range(1, 5)], "Facts 1 to 4 about Lisbon.")
    edited = volume.get("m-2")
    assert edited is not None
    volume.save(edited.with_changes(content="Fact 2 about Porto."))
    volume.archive("m-3", reason="ephemeral", now=NOW)
    (volume.entries_dir / "m-4.json").unlink()

    card = build_card(volume, item, NOW)

    assert [s.state for s in card.sources] == [UNCHANGED, CHANGED, NOT_LIVE, MISSING]
    assert card.blocked == f"{item.id}: source m-2 changed since the proposal"
    assert not card.approvable


def test_an_archive_card_has_no_diff_and_a_lifecycle_card_shows_the_status(
    tmp_path: Path,
) -> None:
    volume = make_volume(
        tmp_path / "ada",
        [entry("e-1", "Dentist on Nov 3.", metadata={"event_status": "planned"})],
    )
    source = volume.get("e-1")
    assert source is not None
    archive = make_item(kind="archive", reason="operator-authored", sources=[source], now=NOW,
                        run_id="r1", archive_reason="ephemeral")  # fmt: skip
    status = make_item(kind="lifecycle", reason="the model proposed event status 'done'",
                       sources=[source], now=NOW, run_id="r1", content="done")  # fmt: skip

    archived = build_card(volume, archive, NOW)
    assert archived.diffs == [] and archived.dropped_words == [] and archived.after == ""
    assert "approve: the sources are archived (ephemeral)" in archived.hints
    lifecycle = build_card(volume, status, NOW)
    assert lifecycle.after == "event status: done" and lifecycle.diffs == []


def test_a_skill_card_diffs_the_proposal_against_the_current_skill(tmp_path: Path) -> None:
    volume = make_volume(tmp_path / "ada", [])
    path = volume.skill_path("email/send")
    path.parent.mkdir(parents=True)
    path.write_text("Send the mail with the client.", encoding="utf-8")
    item = make_item(kind="skill", reason="skill_consolidation: its input needed secret redaction",
                     sources=[], now=NOW, run_id="r1", content="Send the mail with the CLI.",
                     category="email/send")  # fmt: skip

    card = build_card(volume, item, NOW)

    (diff,) = card.diffs
    assert diff.source == "email/send"
    assert DiffSpan("reworded", "client.", "CLI.") in diff.spans
    assert card.approvable
