"""Telemetry windows: the time-windowed slices of the logs, built in a real DuckDB file."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import duckdb
import pytest

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.jsonl import TELEMETRY_LINE, read_jsonl
from dream_assets.core.store.volume import AgentVolume
from dream_assets.core.telemetry import windows as telemetry
from dream_assets.core.telemetry.windows import (
    WINDOW_TABLES,
    build_windows,
    read_co_used_pairs,
    read_feedback_window,
    read_skill_sessions,
    read_skill_usage_counts,
    read_tier_routing_window,
    read_wisp_window,
)
from dream_assets.passes.telemetry_windows import run_telemetry_windows

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def stamp(moment: datetime) -> str:
    return moment.isoformat()


def write_lines(path: Path, lines: list[dict[str, Any] | str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")


def feedback(ts: str, text: str = "", **fields: Any) -> dict[str, Any]:
    line = {"ts": ts, "session_id": "s1", "kind": "Correction", "rating": "poor"}
    return {**line, "skills": ["git/rebase"], "text": text, **fields}


def skill_use(ts: str, skill: str = "git/rebase", session: str = "s1") -> dict[str, Any]:
    return {"ts": ts, "session_id": session, "skill": skill}


def wisp(ts: str, description: str = "deploy", **fields: Any) -> dict[str, Any]:
    line = {"ts": ts, "session_id": "s1", "description": description, "ok": True}
    return {**line, "failed_step": None, "error": None, "skill": None, **fields}


def tier_route(ts: str, model: str = "small-1", **fields: Any) -> dict[str, Any]:
    return {
        "ts": ts,
        "session_id": "s1",
        "tier": "fast",
        "model": model,
        "cost_usd": 0.25,
        **fields,
    }


@pytest.fixture
def volume(tmp_path: Path) -> AgentVolume:
    root = tmp_path / "agent"
    root.mkdir()
    return AgentVolume(root)


def table_column(volume: AgentVolume, table: str, column: str) -> list[Any]:
    with duckdb.connect(str(volume.duckdb_path), read_only=True) as con:
        return [
            row[0] for row in con.execute(f"SELECT {column} FROM {table} ORDER BY 1").fetchall()
        ]


# Per window: where its log lives, the option naming its length, and a line whose marker
# column (the last element) carries the given text.
WINDOW_CASES: dict[str, tuple[str, str, Callable[[str, str], dict[str, Any]], str]] = {
    "feedback_window": ("logs/feedback/s1.jsonl", "feedback_window_days", feedback, "text"),
    "skill_usage_window": (
        "logs/skill-usage/s1.jsonl",
        "skill_usage_window_days",
        skill_use,
        "skill",
    ),
    "wisp_window": ("logs/wisp-executions.jsonl", "wisp_window_days", wisp, "description"),
    "tier_routing_window": (
        "logs/tier-routing.jsonl",
        "tier_routing_window_days",
        tier_route,
        "model",
    ),
}


@pytest.mark.parametrize(
    ("table", "days"),
    [
        ("feedback_window", 7),
        ("skill_usage_window", 30),
        ("wisp_window", 14),
        ("tier_routing_window", 14),
    ],
)
def test_window_keeps_lines_from_window_start_to_now_only(
    volume: AgentVolume, table: str, days: int
) -> None:
    log, option, line, column = WINDOW_CASES[table]
    assert getattr(DreamOptions(), option) == days  # the seed's default
    start = NOW - timedelta(days=days)
    write_lines(
        volume.root / log,
        [
            line(stamp(start - timedelta(seconds=1)), "just-outside"),
            line(stamp(start), "at-start"),
            line(stamp(start + timedelta(seconds=1)), "just-inside"),
            line(stamp(NOW), "at-now"),
            line(stamp(NOW + timedelta(seconds=1)), "after-now"),
        ],
    )
    build = build_windows(volume, DreamOptions(), NOW)
    assert table_column(volume, table, column) == ["at-now", "at-start", "just-inside"]
    assert build.rows[table] == 3
    assert build.malformed[table] == 0


def test_window_length_follows_its_option(volume: AgentVolume) -> None:
    write_lines(
        volume.single_log("wisp-executions"),
        [
            wisp(stamp(NOW - timedelta(hours=23)), "today"),
            wisp(stamp(NOW - timedelta(hours=25)), "yesterday"),
        ],
    )
    build_windows(volume, DreamOptions(wisp_window_days=1), NOW)
    assert [row["description"] for row in read_wisp_window(volume.duckdb_path)] == ["today"]


def test_window_bound_compares_instants_across_utc_offsets(volume: AgentVolume) -> None:
    start = NOW - timedelta(days=14)
    # 13:59:59+02:00 reads later than the 12:00:00Z start but is one second before it; a
    # timestamp without an offset is taken as UTC, as clock.parse_time does.
    before = (start - timedelta(seconds=1)).astimezone(timezone(timedelta(hours=2)))
    after_naive = (start + timedelta(seconds=1)).replace(tzinfo=None)
    write_lines(
        volume.single_log("tier-routing"),
        [
            tier_route(before.isoformat(), "offset-outside"),
            tier_route(after_naive.isoformat(), "naive-inside"),
        ],
    )
    build_windows(volume, DreamOptions(), NOW)
    models = [row["model"] for row in read_tier_routing_window(volume.duckdb_path)]
    assert models == ["naive-inside"]


def test_feedback_cap_keeps_the_most_recent_fifty(volume: AgentVolume) -> None:
    lines = [feedback(stamp(NOW - timedelta(hours=i)), f"signal-{i:02d}") for i in range(60)]
    write_lines(volume.session_log_dir("feedback") / "s1.jsonl", lines[:30])
    write_lines(volume.session_log_dir("feedback") / "s2.jsonl", lines[30:])
    build = build_windows(volume, DreamOptions(), NOW)
    kept = [row["text"] for row in read_feedback_window(volume.duckdb_path)]
    assert build.rows["feedback_window"] == 50
    assert kept == [f"signal-{i:02d}" for i in reversed(range(50))]  # oldest first


def test_feedback_cap_follows_feedback_max_signals(volume: AgentVolume) -> None:
    write_lines(
        volume.session_log_dir("feedback") / "s1.jsonl",
        [feedback(stamp(NOW - timedelta(minutes=i)), f"signal-{i}") for i in range(5)],
    )
    build_windows(volume, DreamOptions(feedback_max_signals=2), NOW)
    texts = [row["text"] for row in read_feedback_window(volume.duckdb_path)]
    assert texts == ["signal-1", "signal-0"]


def test_malformed_lines_are_counted_per_file_and_skipped(volume: AgentVolume) -> None:
    good = skill_use(stamp(NOW - timedelta(days=1)), "kept")
    bad_file = volume.session_log_dir("skill-usage") / "s1.jsonl"
    write_lines(
        bad_file,
        [
            good,
            '{"ts": "2026-11-28T10:00:00Z", "session_id": "s1", "skill": "trunc',  # truncated
            "not json at all",
            json.dumps({"session_id": "s1", "skill": "no-ts"}),
            json.dumps({"ts": "yesterday", "session_id": "s1", "skill": "bad-ts"}),
            json.dumps({"ts": None, "session_id": "s1", "skill": "null-ts"}),
            "[1, 2, 3]",
            "",  # blank lines are not lines
            skill_use(stamp(NOW - timedelta(days=2)), "also-kept") | {"extra": [1, {"a": None}]},
        ],
    )
    write_lines(volume.session_log_dir("skill-usage") / "s2.jsonl", [good])
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.malformed["skill_usage_window"] == 6
    assert build.malformed_files == {bad_file: 6}
    assert read_skill_usage_counts(volume.duckdb_path) == {"also-kept": 1, "kept": 2}


def test_malformed_count_agrees_with_the_volume_jsonl_reader(volume: AgentVolume) -> None:
    path = volume.single_log("wisp-executions")
    write_lines(
        path,
        [
            wisp(stamp(NOW - timedelta(days=1))),
            '{"ts": "2026-11-28T10:00:00Z", "session_id": "s1", "description": "tr',
            "{oops}",
            json.dumps({"session_id": "s1", "description": "x", "ok": True}),
            json.dumps({"ts": "2026-13-45T99:00:00Z", "session_id": "s1", "description": "x"}),
            '"a string"',
            wisp(stamp(NOW - timedelta(days=30))),  # well-formed, only outside the window
        ],
    )
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.malformed["wisp_window"] == read_jsonl(path, TELEMETRY_LINE).malformed == 5
    assert build.rows["wisp_window"] == 1


@pytest.mark.parametrize(
    ("log", "line"),
    [
        ("logs/wisp-executions.jsonl", wisp(stamp(NOW), ok="yes")),
        ("logs/wisp-executions.jsonl", wisp(stamp(NOW), ok=1)),
        ("logs/wisp-executions.jsonl", {"ts": stamp(NOW), "session_id": "s1", "ok": True}),
        ("logs/tier-routing.jsonl", tier_route(stamp(NOW), cost_usd="0.25")),
        ("logs/tier-routing.jsonl", tier_route(stamp(NOW), cost_usd=True)),
        ("logs/feedback/s1.jsonl", feedback(stamp(NOW), rating="great")),
        ("logs/feedback/s1.jsonl", feedback(stamp(NOW), skills="git/rebase")),
        ("logs/feedback/s1.jsonl", feedback(stamp(NOW), skills=["git/rebase", 3])),
        ("logs/feedback/s1.jsonl", feedback(stamp(NOW), kind=None)),
        ("logs/skill-usage/s1.jsonl", skill_use(stamp(NOW), skill="")),
        ("logs/skill-usage/s1.jsonl", {"ts": stamp(NOW), "skill": "git"}),
        ("logs/skill-usage/s1.jsonl", {"ts": 1764417600, "session_id": "s1", "skill": "git"}),
    ],
)
def test_field_of_the_wrong_type_makes_the_line_malformed(
    volume: AgentVolume, log: str, line: dict[str, Any]
) -> None:
    write_lines(volume.root / log, [line])
    build = build_windows(volume, DreamOptions(), NOW)
    assert sum(build.malformed.values()) == 1
    assert sum(build.rows.values()) == 0


def test_name_field_holding_a_number_is_read_as_its_text(volume: AgentVolume) -> None:
    # The typed reader casts scalars into text columns (sql/telemetry_macros.sql says why).
    write_lines(
        volume.session_log_dir("skill-usage") / "s1.jsonl",
        [{"ts": stamp(NOW), "session_id": 12, "skill": "git"}],
    )
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.malformed["skill_usage_window"] == 0
    assert read_skill_sessions(volume.duckdb_path) == {"git": {"12"}}


def test_optional_feedback_fields_may_be_absent_or_null(volume: AgentVolume) -> None:
    write_lines(
        volume.session_log_dir("feedback") / "s1.jsonl",
        [{"ts": stamp(NOW), "session_id": "s1", "kind": "SessionSummary", "rating": None}],
    )
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.malformed["feedback_window"] == 0
    [row] = read_feedback_window(volume.duckdb_path)
    assert (row["rating"], row["skills"], row["text"]) == (None, [], "")


def test_missing_logs_give_empty_tables(volume: AgentVolume) -> None:
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.rows == dict.fromkeys(WINDOW_TABLES, 0)
    assert build.files == dict.fromkeys(WINDOW_TABLES, 0)
    for table in WINDOW_TABLES:
        assert table_column(volume, table, "count(*)") == [0]


def test_empty_log_files_give_empty_tables(volume: AgentVolume) -> None:
    write_lines(volume.single_log("wisp-executions"), [])
    write_lines(volume.session_log_dir("feedback") / "s1.jsonl", ["", "   "])
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.files["wisp_window"] == 1
    assert build.rows["wisp_window"] == build.rows["feedback_window"] == 0
    assert sum(build.malformed.values()) == 0


def test_readers_return_empty_before_any_build(tmp_path: Path) -> None:
    missing = tmp_path / "never-built.duckdb"
    assert read_feedback_window(missing) == []
    assert read_skill_usage_counts(missing) == {}
    assert read_co_used_pairs(missing) == []
    assert read_skill_sessions(missing) == {}
    assert read_wisp_window(missing) == []
    assert read_tier_routing_window(missing) == []
    assert not missing.exists()  # reading never creates the file


def test_readers_return_empty_when_the_table_is_not_there(tmp_path: Path) -> None:
    db_path = tmp_path / "other.duckdb"
    duckdb.connect(str(db_path)).close()
    assert read_feedback_window(db_path) == []
    assert read_skill_usage_counts(db_path) == {}
    assert read_wisp_window(db_path) == []


def test_rebuild_replaces_the_windows(volume: AgentVolume) -> None:
    log = volume.session_log_dir("skill-usage") / "s1.jsonl"
    write_lines(log, [skill_use(stamp(NOW - timedelta(days=29)), "old"), skill_use(stamp(NOW))])
    first = build_windows(volume, DreamOptions(), NOW)
    again = build_windows(volume, DreamOptions(), NOW)
    assert first.rows == again.rows
    assert read_skill_usage_counts(volume.duckdb_path) == {"git/rebase": 1, "old": 1}

    later = NOW + timedelta(days=2)  # "old" has aged out of the 30 days
    build_windows(volume, DreamOptions(), later)
    assert read_skill_usage_counts(volume.duckdb_path) == {"git/rebase": 1}
    builds = table_column(volume, "window_builds", "built_at")
    assert builds == [NOW] * 8 + [later] * 4  # one row per window per build


def test_failed_build_leaves_the_previous_windows(
    volume: AgentVolume, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_lines(volume.single_log("wisp-executions"), [wisp(stamp(NOW), "first")])
    build_windows(volume, DreamOptions(), NOW)
    write_lines(volume.single_log("wisp-executions"), [wisp(stamp(NOW), "second")])

    real_load_sql = telemetry.load_sql

    def broken_last_window(name: str) -> Mapping[str, str]:
        blocks = dict(real_load_sql(name))
        if name == "tier_routing_window":  # replaced last, after the wisp window
            blocks["build"] = "CREATE OR REPLACE TABLE tier_routing_window AS SELECT nope"
        return blocks

    monkeypatch.setattr(telemetry, "load_sql", broken_last_window)
    with pytest.raises(duckdb.Error):
        build_windows(volume, DreamOptions(), NOW + timedelta(hours=1))
    assert [row["description"] for row in read_wisp_window(volume.duckdb_path)] == ["first"]
    assert table_column(volume, "window_builds", "count(*)") == [4]


def test_skill_usage_counts_and_sessions(volume: AgentVolume) -> None:
    when = stamp(NOW - timedelta(days=3))
    write_lines(
        volume.session_log_dir("skill-usage") / "s1.jsonl",
        [skill_use(when, "git", "s1"), skill_use(when, "git", "s1"), skill_use(when, "docs", "s1")],
    )
    write_lines(volume.session_log_dir("skill-usage") / "s2.jsonl", [skill_use(when, "git", "s2")])
    build_windows(volume, DreamOptions(), NOW)
    assert read_skill_usage_counts(volume.duckdb_path) == {"docs": 1, "git": 3}
    assert read_skill_sessions(volume.duckdb_path) == {"docs": {"s1"}, "git": {"s1", "s2"}}


def test_co_used_pairs_count_sessions_and_keep_the_top(volume: AgentVolume) -> None:
    when = stamp(NOW - timedelta(days=3))
    sessions = {
        "s1": ["git", "docs", "git", "git"],  # repeated calls count the pair once
        "s2": ["git", "docs", "search"],
        "s3": ["search", "docs"],
        "s4": ["alone"],
    }
    for session, skills in sessions.items():
        write_lines(
            volume.session_log_dir("skill-usage") / f"{session}.jsonl",
            [skill_use(when, skill, session) for skill in skills],
        )
    build_windows(volume, DreamOptions(), NOW)
    assert read_co_used_pairs(volume.duckdb_path) == [
        ("docs", "git", 2),
        ("docs", "search", 2),
        ("git", "search", 1),
    ]
    assert read_co_used_pairs(volume.duckdb_path, top=1) == [("docs", "git", 2)]
    assert read_co_used_pairs(volume.duckdb_path, top=0) == []


def test_readers_return_typed_rows(volume: AgentVolume) -> None:
    when = NOW - timedelta(days=1)
    write_lines(
        volume.session_log_dir("feedback") / "s1.jsonl",
        [feedback(stamp(when), "use rebase, not merge", skills=["git/rebase", "git/log"])],
    )
    write_lines(
        volume.single_log("wisp-executions"),
        [wisp(stamp(when), ok=False, failed_step="push", error="rejected", skill="git/push")],
    )
    write_lines(volume.single_log("tier-routing"), [tier_route(stamp(when), cost_usd=2)])
    build_windows(volume, DreamOptions(), NOW)
    assert read_feedback_window(volume.duckdb_path) == [
        {
            "ts": when,
            "session_id": "s1",
            "kind": "Correction",
            "rating": "poor",
            "skills": ["git/rebase", "git/log"],
            "text": "use rebase, not merge",
        }
    ]
    assert read_wisp_window(volume.duckdb_path) == [
        {
            "ts": when,
            "session_id": "s1",
            "description": "deploy",
            "ok": False,
            "failed_step": "push",
            "error": "rejected",
            "skill": "git/push",
        }
    ]
    [route] = read_tier_routing_window(volume.duckdb_path)
    assert route == {
        "ts": when,
        "session_id": "s1",
        "tier": "fast",
        "model": "small-1",
        "cost_usd": 2.0,
    }
    assert route["ts"].tzinfo == UTC


def test_session_file_with_glob_characters_is_read_literally(volume: AgentVolume) -> None:
    when = stamp(NOW - timedelta(days=1))
    directory = volume.session_log_dir("skill-usage")
    write_lines(directory / "a[1]*.jsonl", [skill_use(when, "bracketed", "a[1]*")])
    write_lines(directory / "a1x.jsonl", [skill_use(when, "plain", "a1x")])
    build = build_windows(volume, DreamOptions(), NOW)
    assert build.files["skill_usage_window"] == 2
    assert read_skill_usage_counts(volume.duckdb_path) == {"bracketed": 1, "plain": 1}


def test_windows_live_in_the_agents_duckdb_file(volume: AgentVolume, tmp_path: Path) -> None:
    write_lines(volume.single_log("tier-routing"), [tier_route(stamp(NOW))])
    build_windows(volume, DreamOptions(), NOW)
    assert volume.duckdb_path.is_file()
    with duckdb.connect(str(volume.duckdb_path), read_only=True) as con:
        tables = {
            row[0] for row in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()
        }
    assert tables == {*WINDOW_TABLES, "window_builds", "window_sources", "window_state"}

    elsewhere = tmp_path / "elsewhere" / "windows.duckdb"
    build_windows(volume, DreamOptions(), NOW, db_path=elsewhere)
    assert len(read_tier_routing_window(elsewhere)) == 1


def test_pass_reports_rows_and_malformed_and_names_the_files(volume: AgentVolume) -> None:
    write_lines(
        volume.single_log("wisp-executions"),
        [wisp(stamp(NOW)), wisp(stamp(NOW), ok=False), "{truncated"],
    )
    write_lines(volume.session_log_dir("feedback") / "s9.jsonl", ["nope", "nope"])
    report = run_telemetry_windows(volume, DreamOptions(), NOW)
    assert report.pass_name == "telemetry_windows"
    assert report.counts["wisp_window_rows"] == 2
    assert report.counts["wisp_window_malformed"] == 1
    assert report.counts["feedback_window_malformed"] == 2
    assert report.counts["malformed_lines"] == 3
    assert report.counts["skill_usage_window_rows"] == 0
    assert report.warnings == [
        "logs/feedback/s9.jsonl: 2 malformed line(s) skipped",
        "logs/wisp-executions.jsonl: 1 malformed line(s) skipped",
    ]
