"""Benchmark Pass 0's file work against the shell commands an operator would reach for.

1. Line-trim of a single-file JSONL log: ``trim_to_last_lines`` vs
   ``tail -n N f > t && mv t f`` on an identical copy, in the same run (goal: within 1.5x of
   tail). A ``tail ... && sync t && mv t f && sync .`` column shows tail with the same
   durability as ours (we fsync the new file and the directory before returning).
2. Sweep of one per-session directory: ``sweep_session_dir`` vs
   ``find DIR -maxdepth 1 -name '*.jsonl' -mtime +30 -delete`` on a copy.

Everything is built under a temp directory in /tmp and removed afterwards.

    python benchmarks/bench_retention.py           # 1 GB log, 10 000 session files
    python benchmarks/bench_retention.py --quick   # 100 MB log, 2 000 session files
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import NamedTuple

from tables import print_markdown_table

from dream_assets.core.clock import SystemClock
from dream_assets.core.telemetry.retention import sweep_session_dir, trim_to_last_lines

KEEP_LINES = 50_000
MAX_AGE_DAYS = 30
MAX_FILES = 1000
SKILLS = ("web/search", "code/review", "calendar/plan", "mail/triage", "notes/summarize")
RESOURCES = ("references/api.md", "scripts/run.py", "templates/reply.md", "assets/schema.json")
TOOLS = ("read_file", "http_get", "shell", "search_memory", "write_note")


class Row(NamedTuple):
    case: str
    ours: float
    anchor: float
    anchor_synced: float | None
    same_result: bool | None

    def cells(self) -> list[str]:
        synced = f"{self.anchor_synced:.3f}" if self.anchor_synced is not None else "-"
        same = {None: "-", True: "yes", False: "NO"}[self.same_result]
        return [
            self.case,
            f"{self.ours:.3f}",
            f"{self.anchor:.3f}",
            f"{self.ours / self.anchor:.2f}x",
            synced,
            same,
        ]


def log_line(i: int, base: datetime) -> str:
    """A realistic ~200-byte skill-resource-usage line."""
    ts = (base + timedelta(seconds=i)).isoformat()
    session = f"s-{(i * 7919) % 997:04d}"
    return (
        f'{{"ts":"{ts}","session_id":"{session}","skill":"{SKILLS[i % 5]}",'
        f'"resource":"{RESOURCES[(i // 5) % 4]}","tool":"{TOOLS[(i // 3) % 5]}",'
        f'"tokens":{(i * 37) % 4096},"duration_ms":{(i * 13) % 9000},'
        f'"ok":{"true" if i % 11 else "false"},"tier":"local-small","seq":{i}}}\n'
    )


def write_log(path: Path, *, lines: int | None = None, size: int | None = None) -> int:
    """Write a log of ``lines`` lines or of at least ``size`` bytes; returns the line count."""
    base = datetime(2026, 1, 1, tzinfo=UTC)
    written = count = 0
    with open(path, "w", encoding="utf-8", buffering=8 << 20) as handle:
        while (lines is not None and count < lines) or (size is not None and written < size):
            stop = count + 20_000 if lines is None else min(lines, count + 20_000)
            chunk = "".join(log_line(i, base) for i in range(count, stop))
            handle.write(chunk)
            written += len(chunk)
            count = stop
    return count


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def shell(command: str, cwd: Path) -> None:
    subprocess.run(["sh", "-c", command], cwd=cwd, check=True)


def trim_case(work: Path, master: Path, case: str, reps: int) -> Row:
    ours_times: list[float] = []
    tail_times: list[float] = []
    synced_times: list[float] = []
    same = True
    for rep in range(reps):
        ours_file, tail_file, synced_file = (work / f"{n}-{rep}.jsonl" for n in "abc")
        for copy in (ours_file, tail_file, synced_file):
            shutil.copyfile(master, copy)
        tail = f"tail -n {KEEP_LINES} {tail_file.name} > t && mv t {tail_file.name}"
        synced = (
            f"tail -n {KEEP_LINES} {synced_file.name} > t && sync t "
            f"&& mv t {synced_file.name} && sync ."
        )
        ours_times.append(timed(partial(trim_to_last_lines, ours_file, KEEP_LINES)))
        tail_times.append(timed(partial(shell, tail, work)))
        synced_times.append(timed(partial(shell, synced, work)))
        same = same and filecmp.cmp(ours_file, tail_file, shallow=False)
        same = same and filecmp.cmp(ours_file, synced_file, shallow=False)
        for leftover in (ours_file, tail_file, synced_file):
            leftover.unlink()
            leftover.with_name(leftover.name + ".lock").unlink(missing_ok=True)
    return Row(
        case,
        statistics.median(ours_times),
        statistics.median(tail_times),
        statistics.median(synced_times),
        same,
    )


def build_session_dir(directory: Path, files: int, long_files: int, now: datetime) -> dict:
    """Session files: 40% not written for 35-120 days, the rest within 25 days; a few long."""
    directory.mkdir()
    old = new = 0
    for n in range(files):
        path = directory / f"s-{n:05d}.jsonl"
        if n < long_files:
            write_log(path, lines=KEEP_LINES + 10_000)
            age_days = 0.5  # persistent UI/CLI sessions: recently written, long
        else:
            write_log(path, lines=5 + (n * 31) % 60)
            age_days = 35 + (n % 86) if n % 5 < 2 else (n % 26)
        old += age_days > MAX_AGE_DAYS
        new += age_days <= MAX_AGE_DAYS
        stamp = (now - timedelta(days=age_days, minutes=n % 600)).timestamp()
        os.utime(path, (stamp, stamp))
    return {"old": old, "new": new}


def remaining(directory: Path) -> set[str]:
    return {p.name for p in directory.glob("*.jsonl")}


def sweep_cases(work: Path, files: int, long_files: int, reps: int) -> list[Row]:
    now = SystemClock().now()
    master = work / "sessions"
    ages = build_session_dir(master, files, long_files, now)
    print(
        f"\nbuilt {files} session files: {ages['old']} older than {MAX_AGE_DAYS} days, "
        f"{long_files} of {KEEP_LINES + 10_000} lines"
    )
    age = timedelta(days=MAX_AGE_DAYS)
    find = f"find {{d}} -maxdepth 1 -name '*.jsonl' -mtime +{MAX_AGE_DAYS} -delete"
    rows = []
    for case, kwargs in (
        (f"sweep {files} files: age only", {"max_files": None, "max_lines": None}),
        (
            f"sweep {files} files: age+count {MAX_FILES}+lines {KEEP_LINES}",
            {"max_files": MAX_FILES, "max_lines": KEEP_LINES},
        ),
    ):
        ours_times: list[float] = []
        find_times: list[float] = []
        same = True
        for rep in range(reps):
            ours_dir, find_dir = work / f"ours-{rep}", work / f"find-{rep}"
            shutil.copytree(master, ours_dir)
            shutil.copytree(master, find_dir)
            ours_times.append(
                timed(partial(sweep_session_dir, ours_dir, now=now, max_age=age, **kwargs))
            )
            find_times.append(timed(partial(shell, find.format(d=find_dir.name), work)))
            if kwargs["max_files"] is None:
                same = same and remaining(ours_dir) == remaining(find_dir)
            shutil.rmtree(ours_dir)
            shutil.rmtree(find_dir)
        rows.append(
            Row(
                case,
                statistics.median(ours_times),
                statistics.median(find_times),
                None,
                same if kwargs["max_files"] is None else None,
            )
        )
    return rows


def print_table(rows: list[Row], anchor: str) -> None:
    header = ["case", "ours s", f"{anchor} s", "ratio", f"{anchor}+sync s", "same result"]
    print_markdown_table(header, [row.cells() for row in rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 MB log, 2 000 session files")
    parser.add_argument("--reps", type=int, default=None, help="repetitions per case (median)")
    args = parser.parse_args(argv)
    big_bytes = (100 if args.quick else 1000) * 1_000_000
    files, long_files = (2_000, 3) if args.quick else (10_000, 10)
    reps = args.reps or (2 if args.quick else 3)

    work = Path(tempfile.mkdtemp(prefix="bench_retention_", dir="/tmp"))
    try:
        big = work / "big.jsonl"
        started = time.perf_counter()
        big_lines = write_log(big, size=big_bytes)
        big_size = big.stat().st_size
        print(
            f"built {big_size / 1e6:.0f} MB log, {big_lines} lines "
            f"(~{big_size // big_lines} bytes/line) in {time.perf_counter() - started:.1f}s"
        )
        steady = work / "steady.jsonl"
        write_log(steady, lines=KEEP_LINES + 10_000)
        within = work / "within.jsonl"
        write_log(within, lines=KEEP_LINES)

        rows = [
            trim_case(work, big, f"{big_size / 1e6:.0f} MB -> last {KEEP_LINES} lines", reps),
            trim_case(work, steady, f"{KEEP_LINES + 10_000} -> {KEEP_LINES} lines", reps),
            trim_case(work, within, f"{KEEP_LINES} lines, within bound", reps),
        ]
        for path in (big, steady, within):
            path.unlink()
        print(f"\nsingle-file line trim (median of {reps}):")
        print_table(rows, "tail")

        print(f"\nper-session directory sweep (median of {reps}):")
        print_table(sweep_cases(work, files, long_files, reps), "find")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
