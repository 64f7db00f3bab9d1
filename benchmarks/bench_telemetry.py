"""Benchmark the telemetry windows (DuckDB reading the JSONL directly) against pandas.

The same generated logs are windowed twice in one run: by ``build_windows`` (the SQL in
``sql/``, which also validates every field and counts malformed lines per file) and by the
obvious pandas code, ``pd.read_json(path, lines=True)`` per file, concatenated, ``ts`` parsed,
filtered to the window and, for feedback, sorted and capped at 50. Goal: ours at least 10x
faster. Both must agree on the rows of every window.

Lines are spread over the last 60 days, so every window drops some. Per-session logs
(skill-usage, feedback) are split over 1000 session files each, the retention cap; the
single-file logs (wisp-executions, tier-routing) are one file each. pandas' ``read_json`` stops
at the first malformed line, so the generated lines are all well-formed (the tests cover the
malformed ones). Everything is written under a temp directory in /tmp and removed afterwards.

    python benchmarks/bench_telemetry.py           # 5 000 000 lines
    python benchmarks/bench_telemetry.py --quick   # 500 000 lines
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import duckdb
import pandas as pd
from tables import print_markdown_table

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.volume import SESSION_LOG_DIRS, AgentVolume
from dream_assets.core.telemetry.windows import WINDOWS, WindowSpec, build_windows, window_sources

T = TypeVar("T")

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
SPREAD_SECONDS = 60 * 86_400
SESSION_FILES = 1000  # log retention's cap per directory
# Share of the generated lines per log.
SHARES = {"skill-usage": 0.35, "feedback": 0.15, "wisp-executions": 0.25, "tier-routing": 0.25}
SKILLS = [f"{group}/{verb}" for group in ("web", "code", "mail", "notes") for verb in "abcdefghij"]
KINDS = ("Correction", "SessionSummary", "Praise", "Note")
RATINGS = ("poor", "fair", "good", "excellent", None)
TIERS = (("fast", "small-1", 0.0004), ("balanced", "mid-2", 0.003), ("deep", "large-3", 0.04))


def _stamp(rng: random.Random) -> str:
    return (NOW - timedelta(seconds=rng.randrange(SPREAD_SECONDS))).isoformat()


def _line(log: str, rng: random.Random, session: str) -> dict:
    if log == "skill-usage":
        return {"ts": _stamp(rng), "session_id": session, "skill": rng.choice(SKILLS)}
    if log == "feedback":
        return {
            "ts": _stamp(rng),
            "session_id": session,
            "kind": rng.choice(KINDS),
            "rating": rng.choice(RATINGS),
            "skills": rng.sample(SKILLS, rng.randrange(3)),
            "text": "The user asked to keep replies short and to cite the source. " * 2,
        }
    if log == "wisp-executions":
        ok = rng.random() < 0.8
        return {
            "ts": _stamp(rng),
            "session_id": session,
            "description": f"nightly report {rng.randrange(300)}",
            "ok": ok,
            "failed_step": None if ok else f"step-{rng.randrange(5)}",
            "error": None if ok else "HTTP 502 from upstream while fetching the feed",
            "skill": rng.choice(SKILLS),
        }
    tier, model, cost = rng.choice(TIERS)
    return {
        "ts": _stamp(rng),
        "session_id": session,
        "tier": tier,
        "model": model,
        "cost_usd": round(cost * rng.uniform(0.5, 2.0), 6),
    }


def generate(volume: AgentVolume, total_lines: int, seed: int = 7) -> dict[str, int]:
    rng = random.Random(seed)
    written: dict[str, int] = {}
    for log, share in SHARES.items():
        lines = int(total_lines * share)
        written[log] = lines
        if log in SESSION_LOG_DIRS:
            directory = volume.session_log_dir(log)
            directory.mkdir(parents=True, exist_ok=True)
            per_file, extra = divmod(lines, SESSION_FILES)
            for index in range(SESSION_FILES):
                session = f"session-{index:04d}"
                count = per_file + (1 if index < extra else 0)
                with open(directory / f"{session}.jsonl", "w", encoding="utf-8") as handle:
                    handle.writelines(
                        json.dumps(_line(log, rng, session)) + "\n" for _ in range(count)
                    )
        else:
            path = volume.single_log(log)
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.writelines(
                    json.dumps(_line(log, rng, f"session-{rng.randrange(SESSION_FILES):04d}"))
                    + "\n"
                    for _ in range(lines)
                )
    return written


def pandas_windows(
    volume: AgentVolume, options: DreamOptions, specs: list[WindowSpec]
) -> dict[str, int]:
    """The windows as the obvious pandas code cuts them: rows per window table."""
    rows: dict[str, int] = {}
    for spec in specs:
        files = window_sources(volume, spec)
        if not files:
            rows[spec.table] = 0
            continue
        frame = pd.concat(
            [pd.read_json(path, lines=True, dtype=False) for path in files],
            ignore_index=True,
        )
        ts = pd.to_datetime(frame["ts"], utc=True, format="ISO8601", errors="coerce")
        start = NOW - timedelta(days=float(getattr(options, spec.option)))
        window = frame[(ts >= start) & (ts <= NOW)].assign(ts=ts)
        if spec.table == "feedback_window":
            window = window.sort_values("ts", ascending=False).head(options.feedback_max_signals)
        rows[spec.table] = len(window)
    return rows


@dataclass
class Timing:
    wall: float
    cpu: float  # user + system seconds of this process, all threads


@dataclass
class Row:
    case: str
    lines: int
    ours: Timing
    pandas: Timing
    agree: bool

    def cells(self) -> list[str]:
        return [
            self.case,
            f"{self.lines:,}",
            f"{self.ours.wall:.2f}",
            f"{self.pandas.wall:.2f}",
            f"{self.pandas.wall / self.ours.wall:.1f}x",
            f"{self.ours.cpu:.2f}",
            f"{self.pandas.cpu:.2f}",
            "yes" if self.agree else "NO",
        ]


def _timed(action: Callable[[], T]) -> tuple[Timing, T]:
    before, started = os.times(), time.perf_counter()
    result = action()
    wall, after = time.perf_counter() - started, os.times()
    cpu = (after.user - before.user) + (after.system - before.system)
    return Timing(wall, cpu), result


def _link_logs(source: AgentVolume, target: AgentVolume, logs: list[str]) -> None:
    """A volume holding only ``logs`` (hard links: the same bytes, not copies or symlinks)."""
    for log in logs:
        if log in SESSION_LOG_DIRS:
            directory = target.session_log_dir(log)
            directory.mkdir(parents=True, exist_ok=True)
            for path in source.session_log_files(log):
                os.link(path, directory / path.name)
        else:
            target.single_log(log).parent.mkdir(parents=True, exist_ok=True)
            os.link(source.single_log(log), target.single_log(log))


def run_case(case: str, volume: AgentVolume, lines: int, specs: list[WindowSpec], reps: int) -> Row:
    options = DreamOptions()
    db_path = volume.root / "bench.duckdb"
    ours: list[Timing] = []
    ours_rows: dict[str, int] = {}
    for _ in range(reps):
        # Every rep a full rebuild: with reuse the second rep would find the logs unchanged.
        timing, build = _timed(lambda: build_windows(volume, options, NOW, db_path, reuse=False))
        ours.append(timing)
        ours_rows = {spec.table: build.rows[spec.table] for spec in specs}
    median = sorted(ours, key=lambda timing: timing.wall)[len(ours) // 2]
    pandas_timing, pandas_rows = _timed(lambda: pandas_windows(volume, options, specs))
    return Row(case, lines, median, pandas_timing, ours_rows == pandas_rows)


def _window_tables(db_path: Path) -> dict[str, list[tuple]]:
    with duckdb.connect(str(db_path), read_only=True) as con:
        return {
            spec.table: con.execute(f"SELECT * FROM {spec.table} ORDER BY ALL").fetchall()
            for spec in WINDOWS
        }


def run_idle(volume: AgentVolume, lines: int, reps: int) -> bool:
    """The next cycle's build when the logs did not change (an idle agent) and when one line was
    appended to each single-file log, beside the full rebuild of the same logs as the anchor.
    Each case starts from a build at NOW (not timed) and builds an hour later, as the next cycle
    would; its tables must equal a full rebuild's at that moment."""
    options = DreamOptions()
    later = NOW + timedelta(hours=1)
    db_path = volume.root / "idle.duckdb"
    full_path = volume.root / "idle-full.duckdb"

    def appended() -> None:
        for log in ("wisp-executions", "tier-routing"):
            with open(volume.single_log(log), "a", encoding="utf-8") as handle:
                rng = random.Random(len(log))
                handle.write(json.dumps(_line(log, rng, "session-0000")) + "\n")

    cases: list[tuple[str, Callable[[], None], bool]] = [
        ("full rebuild (anchor)", lambda: None, False),
        ("idle: logs unchanged", lambda: None, True),
        ("1 line appended to wisp and tier-routing", appended, True),
    ]
    table: list[list[str]] = []
    anchor = 0.0
    agree_all = True
    for case, change, reuse in cases:
        timings: list[Timing] = []
        for _ in range(reps):
            db_path.unlink(missing_ok=True)
            build_windows(volume, options, NOW, db_path)
            change()
            timing, build = _timed(
                lambda reuse=reuse: build_windows(volume, options, later, db_path, reuse=reuse)
            )
            timings.append(timing)
        full_path.unlink(missing_ok=True)
        build_windows(volume, options, later, full_path, reuse=False)
        agree = _window_tables(db_path) == _window_tables(full_path)
        agree_all = agree_all and agree
        median = sorted(timings, key=lambda timing: timing.wall)[len(timings) // 2]
        anchor = anchor or median.wall
        read = sum(build.reread.values())
        table.append(
            [
                case,
                f"{lines:,}",
                f"{read} of {len(build.reread)}",
                f"{median.wall:.3f}",
                f"{median.cpu:.3f}",
                f"{anchor / median.wall:.1f}x",
                "yes" if agree else "NO",
            ]
        )
    print(f"\nthe next cycle's build, an hour later, median of {reps} (anchor: full rebuild):")
    header = ["case", "lines", "windows read", "s", "cpu s", "vs full", "same tables"]
    print_markdown_table(header, table)
    return agree_all


def print_table(rows: list[Row]) -> None:
    header = [
        "case",
        "lines",
        "ours s",
        "pandas s",
        "speed-up",
        "ours cpu s",
        "pandas cpu s",
        "same rows",
    ]
    print_markdown_table(header, [row.cells() for row in rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="500 000 lines instead of 5 000 000")
    parser.add_argument("--lines", type=int, default=None, help="total lines to generate")
    parser.add_argument("--reps", type=int, default=3, help="runs of ours per case (median)")
    args = parser.parse_args(argv)
    total = args.lines or (500_000 if args.quick else 5_000_000)

    work = Path(tempfile.mkdtemp(prefix="bench-telemetry-", dir="/tmp"))
    try:
        everything = AgentVolume(work / "all")
        started = time.perf_counter()
        written = generate(everything, total)
        size = sum(p.stat().st_size for p in (work / "all" / "logs").rglob("*.jsonl"))
        print(
            f"generated {sum(written.values()):,} lines, {size / 1e6:,.0f} MB, "
            f"in {time.perf_counter() - started:.1f} s: "
            + ", ".join(f"{log} {count:,}" for log, count in written.items())
        )
        session = AgentVolume(work / "per-session")
        single = AgentVolume(work / "single-file")
        _link_logs(everything, session, ["skill-usage", "feedback"])
        _link_logs(everything, single, ["wisp-executions", "tier-routing"])
        by_log = {spec.log: spec for spec in WINDOWS}
        cases = [
            (
                "per-session logs (skill-usage, feedback)",
                session,
                written["skill-usage"] + written["feedback"],
                [by_log["skill-usage"], by_log["feedback"]],
            ),
            (
                "single-file logs (wisp, tier-routing)",
                single,
                written["wisp-executions"] + written["tier-routing"],
                [by_log["wisp-executions"], by_log["tier-routing"]],
            ),
            ("all four windows", everything, sum(written.values()), list(WINDOWS)),
        ]
        rows = [run_case(name, vol, lines, specs, args.reps) for name, vol, lines, specs in cases]
        print(
            f"\ntelemetry windows on {os.cpu_count()} cores, ours = median of {args.reps} "
            "(by wall time), pandas = one run; cpu = user + system seconds, all threads:"
        )
        print_table(rows)
        worst = min(row.pandas.wall / row.ours.wall for row in rows)
        print(f"\ngoal >= 10x: {'met' if worst >= 10 else 'NOT met'} (lowest {worst:.1f}x)")
        idle = run_idle(everything, sum(written.values()), args.reps)
        return 0 if all(row.agree for row in rows) and idle else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
