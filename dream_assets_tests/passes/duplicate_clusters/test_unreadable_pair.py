"""A candidate pair the judge cannot read does not stop the agent's scan (docs/passes.md,
near-duplicate scan). Before, one entry whose text made a rule raise (a figure of 5 000 digits,
which Python refuses to convert) failed the whole scan on every cycle, so none of the agent's
other duplicates was ever consolidated, and the failure named no entry. Now the pair is kept apart,
the scan goes on, and a warning names the two entries and the error's kind, never its message
(which may quote the text). The fault is injected into the judge: the rules themselves read every
text of the corpora (``core/facts/test_long_texts.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.options import DreamOptions
from dream_assets.passes.duplicate_clusters import scan
from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, make_volume

POISON = "Walked to the harbour on the secret path 9f3c."
SECRET = "secret path 9f3c"


def _volume(tmp_path: Path):  # type: ignore[no-untyped-def]
    return make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Ana prefers green tea in the morning."),
            entry("m-2", "Ana prefers green tea in the morning!"),
            entry("m-3", POISON),
            entry("m-4", "Walked to the harbour on the secret path 9f3c!"),
        ],
    )


def test_a_pair_the_judge_cannot_read_is_kept_apart_and_the_scan_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    judge = scan.pair_disagreement

    def failing(a: Statement, b: Statement, **kwargs: object) -> str | None:
        if POISON in (a.text, b.text):
            raise ValueError(f"Invalid literal: {a.text!r}")  # a message quoting the text
        return judge(a, b, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scan, "pair_disagreement", failing)
    volume = _volume(tmp_path)
    report, clusters = scan_duplicate_clusters(volume, DreamOptions(), now=NOW)
    assert clusters is not None and not report.failures
    members = [sorted(c.member_ids) for c in clusters]
    assert ["m-1", "m-2"] in members  # the readable duplicates are still found
    assert all("m-3" not in m for m in members)  # the unreadable pair is kept apart
    warning = next(w for w in report.warnings if "could not read" in w)
    assert "m-3 / m-4 (ValueError)" in warning
    assert SECRET not in " ".join(report.warnings)  # the error's message is not quoted
    assert report.counts["pairs_unreadable"] == 1


def test_without_a_fault_the_same_entries_cluster_as_before(tmp_path: Path) -> None:
    report, clusters = scan_duplicate_clusters(_volume(tmp_path), DreamOptions(), now=NOW)
    assert clusters is not None and not report.failures
    assert sorted(sorted(c.member_ids) for c in clusters) == [["m-1", "m-2"], ["m-3", "m-4"]]
    assert "pairs_unreadable" not in report.counts
