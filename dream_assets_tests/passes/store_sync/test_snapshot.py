"""``store_snapshot``'s report on a namespace of the real ``PostgresStore`` holding many rows of
another value shape: one warning with their count and first keys, not one line per row."""

from __future__ import annotations

from pathlib import Path

import pytest

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.kinds.boundary import Unreadable
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync.snapshot import run_store_snapshot, unreadable_warnings
from dream_assets_tests.builders import NOW
from dream_assets_tests.langgraph_stores import USER, connect_namespace, write_rows


@pytest.mark.postgres
def test_many_rows_of_another_shape_are_one_warning(tmp_path: Path, langgraph_dsn: str) -> None:
    write_rows(langgraph_dsn, {USER: {f"setting-{i:02d}": {"theme": "dark"} for i in range(40)}})
    home = tmp_path / "ana"
    connect_namespace(home, langgraph_dsn)
    report = run_store_snapshot(AgentVolume(home), DreamOptions(), NOW)
    assert report.counts["unreadable"] == 41  # the fixture's "profile" and the 40 settings
    (warning,) = [w for w in report.warnings if "left alone" in w]
    assert warning.startswith(
        "langgraph: 41 items left alone (profile, setting-00, setting-01, setting-02, "
        "setting-03, ...): not a LangMem memory value"
    )


def test_each_reason_is_one_line_and_a_single_item_is_named() -> None:
    lines = unreadable_warnings(
        "claude-code",
        [
            Unreadable("a.md", "front matter does not parse"),
            Unreadable("b.md", "not UTF-8"),
            Unreadable("c.md", "not UTF-8"),
        ],
    )
    assert lines == [
        "claude-code item a.md left alone: front matter does not parse",
        "claude-code: 2 items left alone (b.md, c.md): not UTF-8",
    ]
